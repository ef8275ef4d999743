// RUN: onnx-opt %s -onnx-results-to-destinations -split-input-file | FileCheck %s

// Tensor results become output buffers; the computation's tensor.empty is
// replaced by the output buffer, so it is computed in place.
// CHECK-LABEL: func @elementwise
// CHECK-SAME:    (%[[X:.*]]: tensor<8xf32>, %[[OUT:.*]]: memref<8xf32> {onnx.name = "y"})
// CHECK-SAME:    attributes {llvm.emit_c_interface}
// CHECK:         %[[DEST:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<8xf32> to tensor<8xf32>
// CHECK:         %[[Y:.*]] = linalg.generic {{.*}} outs(%[[DEST]] : tensor<8xf32>)
// CHECK:         bufferization.materialize_in_destination %[[Y]] in restrict writable %[[OUT]]
// CHECK-NEXT:    return{{$}}
#id = affine_map<(d0) -> (d0)>
func.func @elementwise(%x: tensor<8xf32>) -> (tensor<8xf32> {onnx.name = "y"}) {
  %e = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Through reshapes: the output buffer is reshaped instead (collapsed here,
// as the Clip lowering flattens), so no copy is left after bufferization.
// CHECK-LABEL: func @flattened
// CHECK-SAME:    (%[[X:.*]]: tensor<?x4xf32>, %[[OUT:.*]]: memref<?x4xf32>)
// CHECK:         %[[VIEW:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<?x4xf32> into memref<?xf32>
// CHECK:         %[[DEST:.*]] = bufferization.to_tensor %[[VIEW]] restrict writable
// CHECK:         %[[Y:.*]] = linalg.generic {{.*}} outs(%[[DEST]] : tensor<?xf32>)
// CHECK:         bufferization.materialize_in_destination %[[Y]] in restrict writable %[[VIEW]]
#id = affine_map<(d0) -> (d0)>
func.func @flattened(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%d) : tensor<?x4xf32>
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %flatE = tensor.collapse_shape %e [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%flat : tensor<?xf32>) outs(%flatE : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<?xf32>
  %1 = tensor.expand_shape %0 [[0, 1]] output_shape [%d, 4] : tensor<?xf32> into tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}

// -----

// A result that is an argument is copied; non-tensor results stay results.
// CHECK-LABEL: func @passthrough
// CHECK-SAME:    (%[[X:.*]]: tensor<3xi8>, %[[OUT:.*]]: memref<3xi8>) -> i32
// CHECK:         bufferization.materialize_in_destination %[[X]] in restrict writable %[[OUT]]
// CHECK:         return %{{.*}} : i32
func.func @passthrough(%x: tensor<3xi8>) -> (i32, tensor<3xi8>) {
  %c = arith.constant 7 : i32
  return %c, %x : i32, tensor<3xi8>
}

// -----

// Private functions keep their signature.
// CHECK-LABEL: func private @helper
// CHECK-SAME:    (%{{.*}}: tensor<3xi8>) -> tensor<3xi8>
func.func private @helper(%x: tensor<3xi8>) -> tensor<3xi8> {
  return %x : tensor<3xi8>
}
