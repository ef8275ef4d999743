// RUN: onnx-opt %s -onnx-plan-memory -split-input-file | FileCheck %s

// %a dies before %c is born: they share offset 0. %b lives alongside both
// and gets its own bytes. 4096 + 1024 (a 1000-byte buffer rounded to 64).
// CHECK-LABEL: func @disjoint_lifetimes
// CHECK-SAME:    attributes {onnx.workspace_bytes = 5120 : i64}
// CHECK:         %[[WS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5120xi8>
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         memref.view %[[WS]][%[[C0]]][] : memref<5120xi8> to memref<1024xf32>
// CHECK:         %[[C4096:.*]] = arith.constant 4096 : index
// CHECK:         memref.view %[[WS]][%[[C4096]]][] : memref<5120xi8> to memref<1000xi8>
// CHECK:         memref.view %[[WS]][%{{.*}}][] : memref<5120xi8> to memref<512xf64>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.dealloc %[[WS]]
// CHECK-NEXT:    return
func.func @disjoint_lifetimes(%x: memref<1024xf32>, %y: memref<512xf64>, %z: memref<1000xi8>) {
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<1000xi8>
  memref.copy %x, %a : memref<1024xf32> to memref<1024xf32>
  memref.copy %a, %x : memref<1024xf32> to memref<1024xf32>
  %c = memref.alloc() : memref<512xf64>
  memref.copy %y, %c : memref<512xf64> to memref<512xf64>
  memref.copy %c, %y : memref<512xf64> to memref<512xf64>
  memref.copy %b, %z : memref<1000xi8> to memref<1000xi8>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %c : memref<512xf64>
  memref.dealloc %b : memref<1000xi8>
  return
}

// -----

// A use through a view (here a reshape in a loop) keeps the buffer alive
// until that use: the two buffers overlap in time and in nothing else.
// CHECK-LABEL: func @use_through_view
// CHECK-SAME:    attributes {onnx.workspace_bytes = 512 : i64}
// CHECK:         memref.view %{{.*}}[%{{.*}}][] : memref<512xi8> to memref<8x8xf32>
// CHECK:         memref.view %{{.*}}[%{{.*}}][] : memref<512xi8> to memref<64xf32>
func.func @use_through_view(%x: memref<64xf32>) {
  %a = memref.alloc() : memref<8x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<8x8xf32> into memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  scf.execute_region {
    memref.copy %flat, %b : memref<64xf32> to memref<64xf32>
    scf.yield
  }
  memref.copy %b, %x : memref<64xf32> to memref<64xf32>
  memref.dealloc %a : memref<8x8xf32>
  memref.dealloc %b : memref<64xf32>
  return
}

// -----

// Buffers of dynamic shape go above the static ones, at offsets computed at
// the top of the function from their sizes: %a (4*n bytes, rounded to 64)
// and %c (8*n) live at the same time, so %c goes above %a; %b (16 floats)
// is static and takes offset 0. The workspace size is then not known
// statically.
// CHECK-LABEL: func @dynamic
// CHECK-SAME:    attributes {onnx.workspace_bytes = -1 : i64}
// Sizes saturate at 2^62 bytes, more than an allocation can get: past
// 2^62 / 4 elements, 4 * n is the bound.
// CHECK:         %[[N:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?xf32>
// CHECK:         %[[QUARTER:.*]] = arith.constant 1152921504606846976 : index
// CHECK:         %[[A_HUGE:.*]] = arith.cmpi ugt, %[[N]], %[[QUARTER]] : index
// CHECK:         %[[A4N:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK:         %[[A_SIZE:.*]] = arith.select %[[A_HUGE]], %{{.*}}, %[[A4N]] : index
// CHECK:         arith.maxui %[[A_SIZE]], %{{.*}} : index
// CHECK:         arith.minui
// CHECK:         arith.divui
// CHECK:         %[[ABYTES:.*]] = arith.muli
// CHECK:         %[[C8N:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK:         arith.select %{{.*}}, %{{.*}}, %[[C8N]] : index
// CHECK:         arith.divui
// CHECK:         %[[CBYTES:.*]] = arith.muli
// CHECK:         %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[ASUM:.*]] = arith.addi %[[ABYTES]], %[[C64]] : index
// CHECK:         %[[AEND:.*]] = arith.minui %[[ASUM]], %{{.*}} : index
// CHECK:         %[[CSUM:.*]] = arith.addi %[[AEND]], %[[CBYTES]] : index
// CHECK:         %[[CEND:.*]] = arith.minui %[[CSUM]], %{{.*}} : index
// CHECK:         %[[TOTAL:.*]] = arith.maxui %[[AEND]], %[[CEND]] : index
// CHECK:         %[[WS:.*]] = memref.alloc(%[[TOTAL]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         memref.view %[[WS]][%[[C64]]][%{{.*}}] : memref<?xi8> to memref<?xf32>
// CHECK:         memref.view %[[WS]][%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK:         memref.view %[[WS]][%[[AEND]]][%{{.*}}] : memref<?xi8> to memref<?xf64>
// CHECK-NOT:     memref.alloc
// CHECK:         memref.dealloc %[[WS]]
// CHECK-NEXT:    return
func.func @dynamic(%x: memref<?xf32>, %y: memref<16xf32>, %z: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc(%n) : memref<?xf64>
  memref.copy %x, %a : memref<?xf32> to memref<?xf32>
  memref.copy %z, %c : memref<?xf64> to memref<?xf64>
  memref.copy %y, %b : memref<16xf32> to memref<16xf32>
  memref.copy %b, %y : memref<16xf32> to memref<16xf32>
  memref.copy %a, %x : memref<?xf32> to memref<?xf32>
  memref.copy %c, %z : memref<?xf64> to memref<?xf64>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<?xf64>
  return
}

// -----

// A size loaded from an argument the function writes could change before
// the allocation: that buffer stays an allocation of its own.
// CHECK-LABEL: func @size_from_written_argument
// CHECK-SAME:    attributes {onnx.workspace_bytes = -1 : i64}
// CHECK:         memref.store
// CHECK:         memref.alloc(%{{.*}}) : memref<?xf32>
func.func @size_from_written_argument(%sizes: memref<1xindex>, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  memref.store %c8, %sizes[%c0] : memref<1xindex>
  %n = memref.load %sizes[%c0] : memref<1xindex>
  %a = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %a : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// Neither may a size be loaded from an argument written through something
// other than a view (here a select between two buffers).
// CHECK-LABEL: func @size_from_argument_written_through_select
// CHECK-SAME:    attributes {onnx.workspace_bytes = -1 : i64}
// CHECK:         memref.alloc(%{{.*}}) : memref<?xf32>
func.func @size_from_argument_written_through_select(%sizes: memref<1xindex>, %other: memref<1xindex>, %c: i1, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %either = arith.select %c, %sizes, %other : memref<1xindex>
  memref.store %c8, %either[%c0] : memref<1xindex>
  %n = memref.load %sizes[%c0] : memref<1xindex>
  %a = memref.alloc(%n) : memref<?xf32>
  memref.copy %x, %a : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// The shape function of a planned kernel writes the workspace size after
// the output dimensions once its checks pass: here a constant.
// CHECK-LABEL: func @static_kernel
// CHECK-SAME:    onnx.workspace_bytes = 4096 : i64
// CHECK-LABEL: func @static_kernel_shapes
// CHECK:         %[[STATUS:.*]] = arith.constant 0 : i32
// CHECK:         %[[OK:.*]] = arith.cmpi eq, %[[STATUS]], %{{.*}} : i32
// CHECK:         %[[RESULT:.*]] = scf.if %[[OK]] -> (i32) {
// CHECK-DAG:       %[[BYTES:.*]] = arith.constant 4096 : i64
// CHECK-DAG:       %[[AT:.*]] = arith.constant 1 : index
// CHECK:           memref.store %[[BYTES]], %{{.*}}[%[[AT]]] : memref<2xi64>
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[STATUS]] : i32
// CHECK:         return %[[RESULT]] : i32
func.func @static_kernel(%x: memref<1024xf32>, %y: memref<1024xf32>)
    attributes {onnx.shape_function = @static_kernel_shapes} {
  %a = memref.alloc() : memref<1024xf32>
  memref.copy %x, %a : memref<1024xf32> to memref<1024xf32>
  memref.copy %a, %y : memref<1024xf32> to memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}
func.func @static_kernel_shapes(%x: memref<1024xf32>, %dims: memref<2xi64>) -> i32 {
  %ok = arith.constant 0 : i32
  return %ok : i32
}

// -----

// A dynamic workspace, recomputed in the shape function from what the
// kernel's sizes depend on: a dimension of an input (an argument of the
// shape function too), a scale loaded from an input, and a dimension of an
// output (read from the dims buffer the shape function has just filled).
// Inputs whose sizes reach the saturation bound fail a check added for
// them.
// CHECK-LABEL: func @dynamic_kernel_shapes
// CHECK-SAME:    (%[[X:.*]]: memref<?xf32>, %[[S:.*]]: memref<1xindex>, %[[DIMS:.*]]: memref<2xi64>)
// CHECK-SAME:    onnx.checks = ["the intermediate tensors these inputs need exceed the address space"]
// CHECK:         scf.if
// CHECK-DAG:       memref.dim %[[X]], %{{.*}} : memref<?xf32>
// CHECK-DAG:       memref.load %[[S]][%{{.*}}] : memref<1xindex>
// CHECK-DAG:       %[[OUT:.*]] = memref.load %[[DIMS]][%{{.*}}] : memref<2xi64>
// CHECK-DAG:       arith.index_cast %[[OUT]] : i64 to index
// CHECK:           memref.store %{{.*}}, %[[DIMS]][%{{.*}}] : memref<2xi64>
// CHECK:           %[[TOO_LARGE:.*]] = arith.select %{{.*}}, %c1_i32, %{{.*}} : i32
// CHECK:           scf.yield %[[TOO_LARGE]] : i32
func.func @dynamic_kernel(%x: memref<?xf32>, %s: memref<1xindex>, %y: memref<?xf32>)
    attributes {onnx.shape_function = @dynamic_kernel_shapes} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %k = memref.load %s[%c0] : memref<1xindex>
  %nk = arith.muli %n, %k : index
  %m = memref.dim %y, %c0 : memref<?xf32>
  %a = memref.alloc(%nk) : memref<?xf32>
  %b = memref.alloc(%m) : memref<?xf32>
  memref.copy %b, %a : memref<?xf32> to memref<?xf32>
  memref.copy %a, %y : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}
func.func @dynamic_kernel_shapes(%x: memref<?xf32>, %s: memref<1xindex>, %dims: memref<2xi64>) -> i32 {
  %ok = arith.constant 0 : i32
  return %ok : i32
}

// -----

// A buffer of one loop iteration is left to onnx-stack-buffers: it is not
// planned, and the function's workspace stays known (none).
// CHECK-LABEL: func @iteration_buffer
// CHECK-SAME:    attributes {onnx.workspace_bytes = 0 : i64}
// CHECK:         scf.for
// CHECK-NEXT:      memref.alloc() : memref<16xf32>
func.func @iteration_buffer(%y: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %row = memref.alloc() : memref<16xf32>
    %r = vector.load %row[%c0] : memref<16xf32>, vector<16xf32>
    vector.store %r, %y[%i, %c0] : memref<4x16xf32>, vector<16xf32>
    memref.dealloc %row : memref<16xf32>
  }
  return
}

// -----

// A product by 0 is 0, however large the other factor: an empty tensor
// may have a dimension past the saturation bound, and its buffer must not
// read as one that asks for more than an allocation can get.
// CHECK-LABEL: func @empty_dimension
// CHECK:         %[[N:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?xf32>
// CHECK:         %[[M:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?xf32>
// CHECK:         %[[NBYTES:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK:         %[[EXCEEDS:.*]] = arith.cmpi ugt, %[[NBYTES]], %{{.*}} : index
// CHECK:         %[[NONZERO:.*]] = arith.cmpi ne, %[[M]], %{{.*}} : index
// CHECK:         %[[REACHES:.*]] = arith.andi %[[EXCEEDS]], %[[NONZERO]] : i1
// CHECK:         %[[PRODUCT:.*]] = arith.muli %[[NBYTES]], %[[M]] : index
// CHECK:         arith.select %[[REACHES]], %{{.*}}, %[[PRODUCT]] : index
func.func @empty_dimension(%x: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  %a = memref.alloc(%n, %m) : memref<?x?xf32>
  memref.copy %x, %a : memref<?x?xf32> to memref<?x?xf32>
  memref.copy %a, %x : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %a : memref<?x?xf32>
  return
}
