// RUN: onnx-opt %s | onnx-opt | FileCheck %s
// RUN: onnx-opt %s -mlir-print-op-generic | onnx-opt | FileCheck %s

// CHECK-LABEL: func @v10
// CHECK: onnx.ResizeV10 %{{.*}}, %{{.*}} {mode = #onnx.resize_mode<linear>} : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x4xf32>
func.func @v10(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x4xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.ResizeV10 %x, %s {mode = #onnx.resize_mode<linear>} : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// Resize-11's required roi and scales; an empty scales defers to sizes.
// CHECK-LABEL: func @v11_sizes
// CHECK: onnx.ResizeV11 %{{.*}} roi(%{{.*}} : tensor<0xf32>) scales(%{{.*}} : tensor<0xf32>) sizes(%{{.*}} : tensor<4xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<align_corners>, nearest_mode = #onnx.nearest_mode<floor>} : tensor<1x1x2x2xf32> -> tensor<1x1x3x5xf32>
func.func @v11_sizes(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x3x5xf32> {
  %e = onnx.Constant dense<> : tensor<0xf32>
  %s = onnx.Constant dense<[1, 1, 3, 5]> : tensor<4xi64>
  %0 = onnx.ResizeV11 %x roi(%e : tensor<0xf32>) scales(%e : tensor<0xf32>) sizes(%s : tensor<4xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<align_corners>, nearest_mode = #onnx.nearest_mode<floor>} : tensor<1x1x2x2xf32> -> tensor<1x1x3x5xf32>
  return %0 : tensor<1x1x3x5xf32>
}

// Output lengths from scales are floor(n * s) in double precision, snapped up
// to the product rounded to float32 when that is an integer: 10 * 1.3f is
// 12.9999995 in double and 13 in float32, so 13; 4 * 0.6f = 2.4 gives 2.
// CHECK-LABEL: func @v13_scales
// CHECK: onnx.ResizeV13 %{{.*}} scales(%{{.*}} : tensor<2xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<10x4xbf16> -> tensor<13x2xbf16>
func.func @v13_scales(%x: tensor<10x4xbf16>) -> tensor<13x2xbf16> {
  %s = onnx.Constant dense<[1.3, 0.6]> : tensor<2xf32>
  %0 = onnx.ResizeV13 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<10x4xbf16> -> tensor<13x2xbf16>
  return %0 : tensor<13x2xbf16>
}

// A product that rounds to an integer in float32 is that length: n = 7 and
// s = float32(11 / 7), as exporters write it, give 11, not floor(10.9999998);
// n = 3 and s = 1.7 give floor(5.1) = 5.
// CHECK-LABEL: func @float32_product
// CHECK: onnx.ResizeV19 %{{.*}} scales(%{{.*}} : tensor<2xf32>) : tensor<7x3xf32> -> tensor<11x5xf32>
func.func @float32_product(%x: tensor<7x3xf32>) -> tensor<11x5xf32> {
  %s = onnx.Constant dense<[1.57142857, 1.7]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) : tensor<7x3xf32> -> tensor<11x5xf32>
  return %0 : tensor<11x5xf32>
}

// axes name the axes sizes describe; not_larger keeps the aspect ratio.
// CHECK-LABEL: func @v18_axes_policy
// CHECK: onnx.ResizeV18 %{{.*}} sizes(%{{.*}} : tensor<2xi64>) {axes = array<i64: 3, -2>, keep_aspect_ratio_policy = #onnx.keep_aspect_ratio_policy<not_larger>} : tensor<1x1x4x4xui8> -> tensor<1x1x6x6xui8>
func.func @v18_axes_policy(%x: tensor<1x1x4x4xui8>) -> tensor<1x1x6x6xui8> {
  %s = onnx.Constant dense<[6, 9]> : tensor<2xi64>
  %0 = onnx.ResizeV18 %x sizes(%s : tensor<2xi64>) {axes = array<i64: 3, -2>, keep_aspect_ratio_policy = #onnx.keep_aspect_ratio_policy<not_larger>} : tensor<1x1x4x4xui8> -> tensor<1x1x6x6xui8>
  return %0 : tensor<1x1x6x6xui8>
}

// Run-time scales leave the lengths to run time.
// CHECK-LABEL: func @v19_runtime
// CHECK: onnx.ResizeV19 %{{.*}} scales(%{{.*}} : tensor<4xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<half_pixel_symmetric>} : tensor<1x3x?x8x!onnx.string> -> tensor<1x3x?x?x!onnx.string>
func.func @v19_runtime(%x: tensor<1x3x?x8x!onnx.string>, %s: tensor<4xf32>) -> tensor<1x3x?x?x!onnx.string> {
  %0 = onnx.ResizeV19 %x scales(%s : tensor<4xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<half_pixel_symmetric>} : tensor<1x3x?x8x!onnx.string> -> tensor<1x3x?x?x!onnx.string>
  return %0 : tensor<1x3x?x?x!onnx.string>
}

// A roi other modes ignore may hold anything; a string crop that stays
// inside the input needs no extrapolation_value.
// CHECK-LABEL: func @roi_ignored_and_string_crop_inside
func.func @roi_ignored_and_string_crop_inside(%x: tensor<4xf32>, %t: tensor<4x!onnx.string>) -> (tensor<8xf32>, tensor<3x!onnx.string>) {
  %nan = onnx.Constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  %s = onnx.Constant dense<[2.0]> : tensor<1xf32>
  // CHECK: onnx.ResizeV19
  %0 = onnx.ResizeV19 %x roi(%nan : tensor<2xf32>) scales(%s : tensor<1xf32>) : tensor<4xf32> -> tensor<8xf32>
  %roi = onnx.Constant dense<[0.0, 1.0]> : tensor<2xf32>
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  // CHECK: onnx.ResizeV19
  %1 = onnx.ResizeV19 %t roi(%roi : tensor<2xf32>) sizes(%n : tensor<1xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_crop_and_resize>} : tensor<4x!onnx.string> -> tensor<3x!onnx.string>
  return %0, %1 : tensor<8xf32>, tensor<3x!onnx.string>
}
