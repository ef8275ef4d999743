// RUN: onnx-opt %s -resolve-ranked-shaped-type-result-dims -canonicalize -cse -split-input-file | FileCheck %s

// Every op reifies its result shape from its operands
// (ReifyRankedShapedTypeOpInterface): Clip keeps the input's sizes.
// CHECK-LABEL: func @clip_dims
// CHECK-SAME:    (%[[X:.*]]: tensor<?x3xf32>)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[D:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x3xf32>
// CHECK:         return %[[D]], %[[D]], %[[D]]
func.func @clip_dims(%x: tensor<?x3xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = onnx.ClipV1 %x : tensor<?x3xf32>
  %1 = onnx.ClipV6 %x : tensor<?x3xf32>
  %2 = onnx.ClipV13 %x : tensor<?x3xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x3xf32>
  %d1 = tensor.dim %1, %c0 : tensor<?x3xf32>
  %d2 = tensor.dim %2, %c0 : tensor<?x3xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// Upsample: trunc(float32(n) * s) with constant scales (attribute or
// operand), read from the scales operand otherwise.
// CHECK-LABEL: func @upsample_dims
// CHECK-SAME:    (%[[X:.*]]: tensor<?x4xf32>, %[[S:.*]]: tensor<2xf32>)
// CHECK-DAG:     %[[C13:.*]] = arith.constant 1.300000e+00 : f32
// CHECK-DAG:     %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xf32>
// CHECK:         %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:         %[[NF:.*]] = arith.sitofp %[[NI]] : i64 to f32
// CHECK:         %[[P:.*]] = arith.mulf %[[NF]], %[[C13]] : f32
// CHECK:         %[[T:.*]] = arith.fptosi %[[P]] : f32 to i64
// CHECK:         %[[V7:.*]] = arith.index_cast %[[T]] : i64 to index
// CHECK:         %[[S0:.*]] = tensor.extract %[[S]][%{{.*}}] : tensor<2xf32>
// CHECK:         arith.mulf %{{.*}}, %[[S0]] : f32
// CHECK:         return %[[V7]], %{{.*}}, %[[V7]]
func.func @upsample_dims(%x: tensor<?x4xf32>, %s: tensor<2xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = onnx.UpsampleV7 %x scales [1.3, 2.0] : tensor<?x4xf32> -> tensor<?x8xf32>
  %1 = onnx.UpsampleV9 %x, %s : tensor<?x4xf32>, tensor<2xf32> -> tensor<?x?xf32>
  %c = onnx.Constant dense<[1.3, 2.0]> : tensor<2xf32>
  %2 = onnx.UpsampleV10 %x, %c : tensor<?x4xf32>, tensor<2xf32> -> tensor<?x8xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x8xf32>
  %d1 = tensor.dim %1, %c0 : tensor<?x?xf32>
  %d2 = tensor.dim %2, %c0 : tensor<?x8xf32>
  return %d0, %d1, %d2 : index, index, index
}

// -----

// UpsampleV1: scales [1, 1, h, w].
// CHECK-LABEL: func @upsample_v1_dims
// CHECK-DAG:     %[[H:.*]] = arith.constant 2.500000e+00 : f32
// CHECK:         arith.mulf %{{.*}}, %[[H]] : f32
func.func @upsample_v1_dims(%x: tensor<1x1x?x4xf32>) -> index {
  %c2 = arith.constant 2 : index
  %0 = onnx.UpsampleV1 %x height_scale 2.5 width_scale 2.0 : tensor<1x1x?x4xf32> -> tensor<1x1x?x8xf32>
  %d = tensor.dim %0, %c2 : tensor<1x1x?x8xf32>
  return %d : index
}
