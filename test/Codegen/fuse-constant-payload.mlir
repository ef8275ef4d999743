// RUN: onnx-opt %s -onnx-fuse -split-input-file | FileCheck %s

// Payloads that yield a value from above them: a Clip of int8 with min 127
// is the constant 127 once canonicalized. Fusion clones such a payload into
// a chain and onto the tap a gather reads.

#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func @constant_clip_chain
// CHECK:         %[[C127:.*]] = arith.constant 127 : i8
// CHECK:         linalg.generic
// CHECK:           linalg.yield %[[C127]] : i8
// CHECK-NOT:     linalg.generic
func.func @constant_clip_chain(%arg0: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %c127_i8 = arith.constant 127 : i8
  %c0_i8 = arith.constant 0 : i8
  %0 = tensor.empty() : tensor<2x3xi8>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x3xi8>) outs(%0 : tensor<2x3xi8>) {
  ^bb0(%in: i8, %out: i8):
    %4 = arith.maxsi %in, %c0_i8 : i8
    linalg.yield %4 : i8
  } -> tensor<2x3xi8>
  %2 = tensor.empty() : tensor<2x3xi8>
  %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<2x3xi8>) outs(%2 : tensor<2x3xi8>) {
  ^bb0(%in: i8, %out: i8):
    linalg.yield %c127_i8 : i8
  } -> tensor<2x3xi8>
  return %3 : tensor<2x3xi8>
}

// -----

#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func @constant_clip_gather
// CHECK:         %[[C127:.*]] = arith.constant 127 : i8
// CHECK:         linalg.generic
// CHECK-NOT:       tensor.extract
// CHECK:           linalg.yield %[[C127]] : i8
// CHECK-NOT:     linalg.generic
func.func @constant_clip_gather(%arg0: tensor<1x2x4x4xi8>) -> tensor<1x2x6x6xi8> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<[0, 0, 1, 2, 2, 3]> : tensor<6xi32>
  %c127_i8 = arith.constant 127 : i8
  %0 = tensor.empty() : tensor<1x2x4x4xi8>
  %1 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x2x4x4xi8>) outs(%0 : tensor<1x2x4x4xi8>) {
  ^bb0(%in: i8, %out: i8):
    linalg.yield %c127_i8 : i8
  } -> tensor<1x2x4x4xi8>
  %2 = tensor.empty() : tensor<1x2x6x6xi8>
  %3 = linalg.generic {indexing_maps = [#map2, #map3, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst, %cst : tensor<6xi32>, tensor<6xi32>) outs(%2 : tensor<1x2x6x6xi8>) {
  ^bb0(%in: i32, %in_0: i32, %out: i8):
    %4 = linalg.index 1 : index
    %5 = arith.index_cast %in : i32 to index
    %6 = arith.index_cast %in_0 : i32 to index
    %extracted = tensor.extract %1[%c0, %4, %5, %6] : tensor<1x2x4x4xi8>
    linalg.yield %extracted : i8
  } -> tensor<1x2x6x6xi8>
  return %3 : tensor<1x2x6x6xi8>
}
