// The lowering stage by stage: onnx -> linalg on tensors -> vectorized loops
// on memrefs -> the LLVM dialect.
// RUN: onnx-opt %s -onnx-upgrade-ops -convert-onnx-to-linalg | FileCheck %s --check-prefix=LINALG
// The loops are checked where they are made, before onnx-parallelize-loops
// moves them into tasks (test/Codegen/parallelize-loops.mlir); the LLVM
// dialect has both.
// RUN: onnx-opt %s -onnx-upgrade-ops -convert-onnx-to-linalg -canonicalize -onnx-results-to-destinations -onnx-linalg-to-loops='vector-bits=512 parallelize=false' | FileCheck %s --check-prefix=LOOPS
// RUN: onnx-opt %s -onnx-to-llvm='vector-bits=512' | FileCheck %s --check-prefix=LLVM
// RUN: onnx-opt %s -onnx-to-llvm='vectorize=false' | FileCheck %s --check-prefix=SCALAR
// RUN: onnx-opt %s -onnx-upgrade-ops -convert-onnx-to-linalg -canonicalize -onnx-results-to-destinations -onnx-linalg-to-loops -onnx-loops-to-llvm | FileCheck %s --check-prefix=LLVM-STAGES

// LINALG-LABEL: func @relu6
// LINALG:         linalg.generic
// LINALG:           arith.cmpf olt
// LINALG:           arith.select
// LINALG-LABEL: func @nearest
// LINALG:         tensor.expand_shape
// LINALG:         linalg.generic
// LINALG-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// LINALG-NEXT:      linalg.yield %[[IN]] : f32

// LOOPS-LABEL: func @relu6
// LOOPS-SAME:    (%[[X:.*]]: memref<1000xf32>, %[[Y:.*]]: memref<1000xf32>)
// LOOPS-NOT:     memref.alloc
// LOOPS:         scf.for
// LOOPS:           vector.transfer_read %{{.*}} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
// LOOPS:           arith.cmpf olt, %{{.*}}, %{{.*}} : vector<16xf32>
// LOOPS:           vector.transfer_write %{{.*}} : vector<16xf32>, memref<1000xf32>
// LOOPS-NOT:     memref.copy
// LOOPS:         return
// LOOPS-LABEL: func @nearest
// LOOPS-SAME:    (%{{.*}}: memref<1x2x4x32xf32>, %[[OUT:.*]]: memref<1x2x8x64xf32>)
// LOOPS-NOT:     memref.alloc
// LOOPS:         memref.expand_shape %[[OUT]]
// The tile reads 16 elements of X once and writes them twice each, as one
// flat contiguous vector.
// LOOPS:         %[[ROW:.*]] = vector.transfer_read {{.*}} vector<16xf32>
// LOOPS:         %[[B:.*]] = vector.broadcast %[[ROW]] : vector<16xf32> to vector<2x16xf32>
// LOOPS:         %[[T:.*]] = vector.transpose %[[B]], [1, 0] : vector<2x16xf32> to vector<16x2xf32>
// LOOPS:         %[[FLAT:.*]] = vector.shape_cast %[[T]] : vector<16x2xf32> to vector<32xf32>
// LOOPS:         vector.transfer_write %[[FLAT]], {{.*}} : vector<32xf32>, memref<32xf32, strided<[1], offset: ?>>
// LOOPS-NOT:     memref.copy

// LLVM-LABEL: llvm.func @relu6(
// LLVM:         %[[TASK:.*]] = llvm.mlir.addressof @relu6_parallel_0 : !llvm.ptr
// LLVM:         llvm.call @__onnxc_parallel_for(%[[TASK]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, i32) -> ()
// LLVM-LABEL: llvm.func @_mlir_ciface_relu6
// LLVM-LABEL: llvm.func @relu6_parallel_0(
// LLVM-SAME:    %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
// LLVM:         llvm.fcmp "olt" %{{.*}}, %{{.*}} : vector<16xf32>
// LLVM-LABEL: llvm.func @relu6_shapes
// LLVM-LABEL: llvm.func @nearest(
// LLVM-LABEL: llvm.func @nearest_parallel_0(
// LLVM-NOT:     llvm.alloca
// LLVM:         llvm.shufflevector %{{.*}}, %{{.*}} [0, 16, 1, 17
// LLVM:         llvm.store %{{.*}}, %{{.*}} {{.*}}: vector<32xf32>, !llvm.ptr

// SCALAR-LABEL: llvm.func @relu6
// SCALAR-NOT:     vector<
// SCALAR:         llvm.fcmp "olt" %{{.*}}, %{{.*}} : f32
// SCALAR-LABEL: llvm.func @_mlir_ciface_relu6

// LLVM-STAGES-LABEL: llvm.func @relu6
// LLVM-STAGES:         llvm.fcmp "olt" %{{.*}}, %{{.*}} : vector<{{[0-9]+}}xf32>

func.func @relu6(%x: tensor<1000xf32>) -> tensor<1000xf32> {
  %0 = onnx.ClipV6 %x min 0.0 max 6.0 : tensor<1000xf32>
  return %0 : tensor<1000xf32>
}

func.func @nearest(%x: tensor<1x2x4x32xf32>) -> tensor<1x2x8x64xf32> {
  %0 = onnx.UpsampleV7 %x scales [1.0, 1.0, 2.0, 2.0] : tensor<1x2x4x32xf32> -> tensor<1x2x8x64xf32>
  return %0 : tensor<1x2x8x64xf32>
}
