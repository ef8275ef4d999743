// RUN: onnx-opt %s | FileCheck %s
// The generic form, with operands in ONNX schema order, parses into every op.

// CHECK-LABEL: func @generic
func.func @generic(%x: tensor<3xf32>, %lo: tensor<f32>, %hi: tensor<f32>, %u: tensor<1x1x2x2xf32>, %s: tensor<4xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  // CHECK: onnx.ClipV1 %{{.*}} min -1.000000e+00 : tensor<3xf32>
  %0 = "onnx.ClipV1"(%x) {min = -1.0 : f32} : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK: onnx.ClipV6 %{{.*}} max 1.000000e+00 : tensor<3xf32>
  %1 = "onnx.ClipV6"(%x) {max = 1.0 : f32} : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK: onnx.ClipV11 %{{.*}} min(%{{.*}} : tensor<f32>) max(%{{.*}} : tensor<f32>) : tensor<3xf32>
  %2 = "onnx.ClipV11"(%x, %lo, %hi) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<3xf32>, tensor<f32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: onnx.ClipV12 %{{.*}} max(%{{.*}} : tensor<f32>) : tensor<3xf32>
  %3 = "onnx.ClipV12"(%x, %hi) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: onnx.ClipV13 %{{.*}} min(%{{.*}} : tensor<f32>) : tensor<3xf32>
  %4 = "onnx.ClipV13"(%x, %lo) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: onnx.ClipV13 %{{.*}} : tensor<3xf32>
  %5 = "onnx.ClipV13"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK: onnx.UpsampleV1 %{{.*}} height_scale 2.000000e+00 width_scale 2.000000e+00 mode bilinear : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  %6 = "onnx.UpsampleV1"(%u) {height_scale = 2.0 : f32, width_scale = 2.0 : f32, mode = #onnx<upsample_v1_mode bilinear>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  // CHECK: onnx.UpsampleV7 %{{.*}} scales [1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00] : tensor<1x1x2x2xf32> -> tensor<1x1x4x4xf32>
  %7 = "onnx.UpsampleV7"(%u) {scales = array<f32: 1.0, 1.0, 2.0, 2.0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32>
  // CHECK: onnx.UpsampleV9 %{{.*}}, %{{.*}} mode linear : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<?x?x?x?xf32>
  %8 = "onnx.UpsampleV9"(%u, %s) {mode = #onnx<upsample_mode linear>} : (tensor<1x1x2x2xf32>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  // CHECK: onnx.UpsampleV10 %{{.*}}, %{{.*}} : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<?x?x?x?xf32>
  %9 = "onnx.UpsampleV10"(%u, %s) : (tensor<1x1x2x2xf32>, tensor<4xf32>) -> tensor<?x?x?x?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}
