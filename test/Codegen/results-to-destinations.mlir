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

// -----

// A result assembled from regions of a tensor.empty, each computed into
// its region by a destination-style op and inserted back (a kernel with
// one output per row phase): each region is computed straight into its
// subview of the output buffer, and nothing is inserted.
// CHECK-LABEL: func @regions
// CHECK-SAME:    (%[[X:.*]]: tensor<2x4xf32>, %[[OUT:.*]]: memref<4x4xf32>)
// CHECK:         %[[VIEW:.*]] = memref.expand_shape %[[OUT]] {{\[\[}}0, 1], [2]] output_shape [2, 2, 4] : memref<4x4xf32> into memref<2x2x4xf32>
// CHECK:         %[[EVEN:.*]] = memref.subview %[[VIEW]][0, 0, 0] [2, 1, 4] [1, 1, 1] : memref<2x2x4xf32> to memref<2x4xf32, strided<[8, 1]>>
// CHECK:         %[[EVENT:.*]] = bufferization.to_tensor %[[EVEN]] restrict writable
// CHECK:         %[[ODD:.*]] = memref.subview %[[VIEW]][0, 1, 0] [2, 1, 4] [1, 1, 1] : memref<2x2x4xf32> to memref<2x4xf32, strided<[8, 1], offset: 4>>
// CHECK:         %[[ODDT:.*]] = bufferization.to_tensor %[[ODD]] restrict writable
// CHECK:         %[[Y:.*]]:2 = linalg.generic {{.*}} outs(%[[EVENT]], %[[ODDT]] : tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK-DAG:     bufferization.materialize_in_destination %[[Y]]#0 in restrict writable %[[EVEN]]
// CHECK-DAG:     bufferization.materialize_in_destination %[[Y]]#1 in restrict writable %[[ODD]]
// CHECK-NOT:     tensor.
// CHECK:         return{{$}}
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @regions(%x: tensor<2x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<2x2x4xf32>
  %even = tensor.extract_slice %e[0, 0, 0] [2, 1, 4] [1, 1, 1] : tensor<2x2x4xf32> to tensor<2x4xf32>
  %odd = tensor.extract_slice %e[0, 1, 0] [2, 1, 4] [1, 1, 1] : tensor<2x2x4xf32> to tensor<2x4xf32>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x4xf32>) outs(%even, %odd : tensor<2x4xf32>, tensor<2x4xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32):
    %n = arith.negf %in : f32
    linalg.yield %in, %n : f32, f32
  } -> (tensor<2x4xf32>, tensor<2x4xf32>)
  %1 = tensor.insert_slice %0#0 into %e[0, 0, 0] [2, 1, 4] [1, 1, 1] : tensor<2x4xf32> into tensor<2x2x4xf32>
  %2 = tensor.insert_slice %0#1 into %1[0, 1, 0] [2, 1, 4] [1, 1, 1] : tensor<2x4xf32> into tensor<2x2x4xf32>
  %3 = tensor.collapse_shape %2 [[0, 1], [2]] : tensor<2x2x4xf32> into tensor<4x4xf32>
  return %3 : tensor<4x4xf32>
}

// -----

// The same with a dynamic dimension: the output is viewed with the empty
// tensor's sizes.
// CHECK-LABEL: func @dynamic_regions
// CHECK-SAME:    (%[[X:.*]]: tensor<?x4xf32>, %[[OUT:.*]]: memref<?x4xf32>)
// CHECK:         %[[N:.*]] = tensor.dim %[[X]]
// CHECK:         %[[VIEW:.*]] = memref.expand_shape %[[OUT]] {{\[\[}}0, 1], [2]] output_shape [%[[N]], 2, 4] : memref<?x4xf32> into memref<?x2x4xf32>
// CHECK:         memref.subview %[[VIEW]][0, 0, 0] [%[[N]], 1, 4] [1, 1, 1]
// CHECK:         memref.subview %[[VIEW]][0, 1, 0] [%[[N]], 1, 4] [1, 1, 1]
// CHECK:         linalg.generic
// CHECK-COUNT-2: bufferization.materialize_in_destination
// CHECK-NOT:     tensor.insert_slice
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_regions(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x2x4xf32>
  %even = tensor.extract_slice %e[0, 0, 0] [%n, 1, 4] [1, 1, 1] : tensor<?x2x4xf32> to tensor<?x4xf32>
  %odd = tensor.extract_slice %e[0, 1, 0] [%n, 1, 4] [1, 1, 1] : tensor<?x2x4xf32> to tensor<?x4xf32>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%even, %odd : tensor<?x4xf32>, tensor<?x4xf32>) {
  ^bb0(%in: f32, %a: f32, %b: f32):
    linalg.yield %in, %in : f32, f32
  } -> (tensor<?x4xf32>, tensor<?x4xf32>)
  %1 = tensor.insert_slice %0#0 into %e[0, 0, 0] [%n, 1, 4] [1, 1, 1] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %2 = tensor.insert_slice %0#1 into %1[0, 1, 0] [%n, 1, 4] [1, 1, 1] : tensor<?x4xf32> into tensor<?x2x4xf32>
  %3 = tensor.collapse_shape %2 [[0, 1], [2]] : tensor<?x2x4xf32> into tensor<?x4xf32>
  return %3 : tensor<?x4xf32>
}

// -----

// Regions of run-time extents along the second dimension, as the ends and
// the inside of a row: [0, lo), [lo, hi) and [hi, n), with lo = min(n, 2)
// and hi = max(lo, n - 1). Each pair is disjoint along it, whatever the
// dynamic first dimension, so each region is computed in place.
// CHECK-LABEL: func @dynamic_disjoint_regions
// CHECK-COUNT-3: memref.subview
// CHECK-COUNT-3: bufferization.materialize_in_destination
// CHECK-NOT:     tensor.insert_slice
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dynamic_disjoint_regions(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %lo = affine.min affine_map<()[s0] -> (s0, 2)>()[%n]
  %hi = affine.max affine_map<()[s0, s1] -> (s0, s1 - 1)>()[%lo, %n]
  %inside = arith.subi %hi, %lo : index
  %right = arith.subi %n, %hi : index
  %e = tensor.empty(%h, %n) : tensor<?x?xf32>
  %a = tensor.extract_slice %e[0, %lo] [%h, %inside] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %b = tensor.extract_slice %e[0, 0] [%h, %lo] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %c = tensor.extract_slice %e[0, %hi] [%h, %right] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
  %0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%a : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %zero = arith.constant 0.0 : f32
    linalg.yield %zero : f32
  } -> tensor<?x?xf32>
  %1 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%b : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %one = arith.constant 1.0 : f32
    linalg.yield %one : f32
  } -> tensor<?x?xf32>
  %2 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%c : tensor<?x?xf32>) {
  ^bb0(%out: f32):
    %two = arith.constant 2.0 : f32
    linalg.yield %two : f32
  } -> tensor<?x?xf32>
  %3 = tensor.insert_slice %0 into %e[0, %lo] [%h, %inside] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %4 = tensor.insert_slice %1 into %3[0, 0] [%h, %lo] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  %5 = tensor.insert_slice %2 into %4[0, %hi] [%h, %right] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %5 : tensor<?x?xf32>
}

// -----

// A region computed into something else than its region of the empty
// tensor is not written in place: the result is materialized as a whole.
// CHECK-LABEL: func @foreign_region
// CHECK:         tensor.insert_slice
// CHECK:         bufferization.materialize_in_destination %{{.*}} in restrict writable %{{.*}} : (tensor<2x4xf32>, memref<2x4xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @foreign_region(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %other = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%other : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  %1 = tensor.insert_slice %0 into %e[1, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// Regions that overlap stay insertions: in place, the second kernel's
// writes would come before the first insertion's.
// CHECK-LABEL: func @overlapping_regions
// CHECK-COUNT-2: tensor.insert_slice
// CHECK:         bufferization.materialize_in_destination %{{.*}} in restrict writable %{{.*}} : (tensor<2x4xf32>, memref<2x4xf32>)
#id = affine_map<(d0) -> (d0)>
func.func @overlapping_regions(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  %e = tensor.empty() : tensor<2x4xf32>
  %a = tensor.extract_slice %e[0, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<4xf32>
  %b = tensor.extract_slice %e[0, 0] [1, 4] [1, 1] : tensor<2x4xf32> to tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  %2 = tensor.insert_slice %0 into %e[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
  %3 = tensor.insert_slice %1 into %2[0, 0] [1, 4] [1, 1] : tensor<4xf32> into tensor<2x4xf32>
  return %3 : tensor<2x4xf32>
}

// -----

// A value inserted into a region of a tensor (a Concat of upsampled maps)
// is computed into that region: its tensor.empty, under the upsampling's
// expanded view, becomes the slice of the insertion's destination, and the
// ops computing the second input move after the first insertion.
// CHECK-LABEL: func @concat_of_upsampled
// CHECK:         %[[DEST:.*]] = bufferization.to_tensor
// CHECK:         %[[FIRST_SLICE:.*]] = tensor.extract_slice %[[DEST]][0, 0] [2, 4] [1, 1]
// CHECK:         tensor.expand_shape %[[FIRST_SLICE]]
// CHECK:         %[[FIRST:.*]] = linalg.generic
// CHECK:         %[[FIRST_FLAT:.*]] = tensor.collapse_shape %[[FIRST]]
// CHECK:         %[[INSERTED:.*]] = tensor.insert_slice %[[FIRST_FLAT]] into %[[DEST]][0, 0] [2, 4] [1, 1]
// CHECK:         %[[SECOND_SLICE:.*]] = tensor.extract_slice %[[INSERTED]][2, 0] [2, 4] [1, 1]
// CHECK:         tensor.expand_shape %[[SECOND_SLICE]]
// CHECK:         %[[SECOND:.*]] = linalg.generic
// CHECK:         %[[SECOND_FLAT:.*]] = tensor.collapse_shape %[[SECOND]]
// CHECK:         tensor.insert_slice %[[SECOND_FLAT]] into %[[INSERTED]][2, 0] [2, 4] [1, 1]
// CHECK-NOT:     tensor.empty
#in = affine_map<(d0, d1, d2) -> (d0, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @concat_of_upsampled(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> (tensor<4x4xf32> {onnx.name = "y"}) {
  %ea = tensor.empty() : tensor<2x4xf32>
  %va = tensor.expand_shape %ea [[0], [1, 2]] output_shape [2, 2, 2] : tensor<2x4xf32> into tensor<2x2x2xf32>
  %ua = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a : tensor<2x2xf32>) outs(%va : tensor<2x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x2x2xf32>
  %fa = tensor.collapse_shape %ua [[0], [1, 2]] : tensor<2x2x2xf32> into tensor<2x4xf32>
  %eb = tensor.empty() : tensor<2x4xf32>
  %vb = tensor.expand_shape %eb [[0], [1, 2]] output_shape [2, 2, 2] : tensor<2x4xf32> into tensor<2x2x2xf32>
  %ub = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel"]} ins(%b : tensor<2x2xf32>) outs(%vb : tensor<2x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x2x2xf32>
  %fb = tensor.collapse_shape %ub [[0], [1, 2]] : tensor<2x2x2xf32> into tensor<2x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  %0 = tensor.insert_slice %fa into %e[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  %1 = tensor.insert_slice %fb into %0[2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// An insertion whose offset is computed after the value's empty tensor
// leaves the value in a buffer of its own: the slice replacing the empty
// tensor would use the offset before its definition.
// CHECK-LABEL: func @late_offset
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK:         %[[VALUE:.*]] = linalg.generic {{.*}} outs(%[[EMPTY]] : tensor<2x4xf32>)
// CHECK:         %[[N:.*]] = tensor.dim
// CHECK:         tensor.insert_slice %[[VALUE]] into %{{.*}}[%[[N]], 0] [2, 4] [1, 1]
// CHECK-NOT:     tensor.extract_slice
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @late_offset(%a: tensor<2x4xf32>, %x: tensor<?x4xf32>) -> (tensor<?x4xf32> {onnx.name = "y"}) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty() : tensor<2x4xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4xf32>
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %1 = tensor.insert_slice %u into %x[%n, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
