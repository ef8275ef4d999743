// RUN: onnx-opt %s -canonicalize | FileCheck %s

// onnx.Constant folds to its value: the canonicalizer deduplicates equal
// constants and erases unused ones; ops on them are left alone (there is
// no folding of Clip or Upsample).
// CHECK-LABEL: func @constants
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NOT:     onnx.Constant
// CHECK:         %[[A:.*]] = onnx.UpsampleV10 %{{.*}}, %[[S]]
// CHECK:         %[[B:.*]] = onnx.UpsampleV10 %{{.*}}, %[[S]]
// CHECK:         return %[[A]], %[[B]]
func.func @constants(%x: tensor<2x2xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %s0 = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %s1 = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %unused = onnx.Constant dense<7> : tensor<ui8>
  %0 = onnx.UpsampleV10 %x, %s0 : tensor<2x2xf32>, tensor<2xf32> -> tensor<2x4xf32>
  %1 = onnx.UpsampleV10 %x, %s1 : tensor<2x2xf32>, tensor<2xf32> -> tensor<2x4xf32>
  return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}
