// RUN: onnx-opt %s -onnx-upgrade-ops -split-input-file | FileCheck %s

// ClipV1: attribute bounds become constants of T; an absent bound stays
// absent, `consumed_inputs` is dropped.
// CHECK-LABEL: func @clip_v1
// CHECK-DAG:     %[[LO:.*]] = onnx.Constant dense<-0.10000000149011612> : tensor<f64>
// CHECK:         %[[Y:.*]] = onnx.ClipV13 %{{.*}} min(%[[LO]] : tensor<f64>) : tensor<2xf64>
// CHECK:         return %[[Y]]
func.func @clip_v1(%x: tensor<2xf64>) -> tensor<2xf64> {
  %0 = onnx.ClipV1 %x min -0.1 {consumed_inputs = array<i64: 0>} : tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// CHECK-LABEL: func @clip_v1_no_bounds
// CHECK:         onnx.ClipV13 %{{.*}} : tensor<2xf32>
// CHECK-NOT:     onnx.Constant
func.func @clip_v1_no_bounds(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = onnx.ClipV1 %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// ClipV6 on f64: the float32 default bounds are widened, not replaced by the
// f64 extremes, and -0.1 is float32(-0.1) widened.
// CHECK-LABEL: func @clip_v6_f64
// CHECK-DAG:     %[[LO:.*]] = onnx.Constant dense<-0.10000000149011612> : tensor<f64>
// CHECK-DAG:     %[[HI:.*]] = onnx.Constant dense<3.4028234663852886E+38> : tensor<f64>
// CHECK:         onnx.ClipV13 %{{.*}} min(%[[LO]] : tensor<f64>) max(%[[HI]] : tensor<f64>) : tensor<3xf64>
func.func @clip_v6_f64(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = onnx.ClipV6 %x min -0.1 : tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

// ClipV6 on f16: the float32 extremes round to -inf/+inf.
// CHECK-LABEL: func @clip_v6_f16
// CHECK-DAG:     %[[LO:.*]] = onnx.Constant dense<0xFC00> : tensor<f16>
// CHECK-DAG:     %[[HI:.*]] = onnx.Constant dense<0x7C00> : tensor<f16>
// CHECK:         onnx.ClipV13 %{{.*}} min(%[[LO]] : tensor<f16>) max(%[[HI]] : tensor<f16>) : tensor<3xf16>
func.func @clip_v6_f16(%x: tensor<3xf16>) -> tensor<3xf16> {
  %0 = onnx.ClipV6 %x : tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

// CHECK-LABEL: func @clip_v6_f32
// CHECK-DAG:     %[[LO:.*]] = onnx.Constant dense<-3.40282347E+38> : tensor<f32>
// CHECK-DAG:     %[[HI:.*]] = onnx.Constant dense<6.000000e+00> : tensor<f32>
// CHECK:         onnx.ClipV13 %{{.*}} min(%[[LO]] : tensor<f32>) max(%[[HI]] : tensor<f32>) : tensor<3xf32>
func.func @clip_v6_f32(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = onnx.ClipV6 %x max 6.0 : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func @clip_v11
// CHECK-SAME:    (%[[X:.*]]: tensor<3xf32>, %[[HI:.*]]: tensor<f32>)
// CHECK:         onnx.ClipV13 %[[X]] max(%[[HI]] : tensor<f32>) : tensor<3xf32>
func.func @clip_v11(%x: tensor<3xf32>, %hi: tensor<f32>) -> tensor<3xf32> {
  %0 = onnx.ClipV11 %x max(%hi : tensor<f32>) : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func @clip_v12
// CHECK-SAME:    (%[[X:.*]]: tensor<3xui8>, %[[LO:.*]]: tensor<ui8>, %[[HI:.*]]: tensor<1xui8>)
// CHECK:         onnx.ClipV13 %[[X]] min(%[[LO]] : tensor<ui8>) max(%[[HI]] : tensor<1xui8>) : tensor<3xui8>
func.func @clip_v12(%x: tensor<3xui8>, %lo: tensor<ui8>, %hi: tensor<1xui8>) -> tensor<3xui8> {
  %0 = onnx.ClipV12 %x min(%lo : tensor<ui8>) max(%hi : tensor<1xui8>) : tensor<3xui8>
  return %0 : tensor<3xui8>
}

// -----

// ClipV13 is already the newest form.
// CHECK-LABEL: func @clip_v13
// CHECK:         onnx.ClipV13 %{{.*}} : tensor<3xbf16>
func.func @clip_v13(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = onnx.ClipV13 %x : tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// -----

// UpsampleV1: scales [1, 1, h, w], bilinear becomes linear.
// CHECK-LABEL: func @upsample_v1
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<4xf32>
// CHECK:         onnx.UpsampleV10 %{{.*}}, %[[S]] mode linear : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>
func.func @upsample_v1(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x4x6xf32> {
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 3.0 mode bilinear : tensor<1x1x2x2xf32> -> tensor<1x1x4x6xf32>
  return %0 : tensor<1x1x4x6xf32>
}

// -----

// CHECK-LABEL: func @upsample_v1_nearest
// CHECK:         onnx.UpsampleV10 %{{.*}}, %{{.*}} : tensor<1x1x2x2xi64>, tensor<4xf32> -> tensor<1x1x2x4xi64>
func.func @upsample_v1_nearest(%x: tensor<1x1x2x2xi64>) -> tensor<1x1x2x4xi64> {
  %0 = onnx.UpsampleV1 %x height_scale 1.0 width_scale 2.0 : tensor<1x1x2x2xi64> -> tensor<1x1x2x4xi64>
  return %0 : tensor<1x1x2x4xi64>
}

// -----

// UpsampleV7: the attribute scales become a constant operand; the declared
// result type is kept even where inference would be more precise.
// CHECK-LABEL: func @upsample_v7
// CHECK:         %[[S:.*]] = onnx.Constant dense<1.500000e+00> : tensor<1xf32>
// CHECK:         onnx.UpsampleV10 %{{.*}}, %[[S]] mode linear : tensor<4xui16>, tensor<1xf32> -> tensor<?xui16>
func.func @upsample_v7(%x: tensor<4xui16>) -> tensor<?xui16> {
  %0 = onnx.UpsampleV7 %x scales [1.5] mode linear : tensor<4xui16> -> tensor<?xui16>
  return %0 : tensor<?xui16>
}

// -----

// CHECK-LABEL: func @upsample_v9
// CHECK-SAME:    (%[[X:.*]]: tensor<2x!onnx.string>, %[[S:.*]]: tensor<1xf32>)
// CHECK:         onnx.UpsampleV10 %[[X]], %[[S]] : tensor<2x!onnx.string>, tensor<1xf32> -> tensor<?x!onnx.string>
func.func @upsample_v9(%x: tensor<2x!onnx.string>, %s: tensor<1xf32>) -> tensor<?x!onnx.string> {
  %0 = onnx.UpsampleV9 %x, %s : tensor<2x!onnx.string>, tensor<1xf32> -> tensor<?x!onnx.string>
  return %0 : tensor<?x!onnx.string>
}

// -----

// Resize-11 to -18 become the latest Resize with the same attributes; an
// empty Resize-11 scales is dropped in favour of sizes, and an empty roi
// (the whole input) is dropped too.
// CHECK-LABEL: func @resize_v11
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1, 1, 3, 5]>
// CHECK:         onnx.ResizeV19 %{{.*}} sizes(%[[S]] : tensor<4xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<align_corners>, mode = #onnx.resize_mode<linear>} : tensor<1x1x2x2xf32> -> tensor<1x1x3x5xf32>
func.func @resize_v11(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x3x5xf32> {
  %e = onnx.Constant dense<> : tensor<0xf32>
  %s = onnx.Constant dense<[1, 1, 3, 5]> : tensor<4xi64>
  %0 = onnx.ResizeV11 %x roi(%e : tensor<0xf32>) scales(%e : tensor<0xf32>) sizes(%s : tensor<4xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<align_corners>, mode = #onnx.resize_mode<linear>} : tensor<1x1x2x2xf32> -> tensor<1x1x3x5xf32>
  return %0 : tensor<1x1x3x5xf32>
}

// -----

// Resize-10's nearest rounds down where scales are >= 1 and up where they
// are below: one Resize for each group of axes.
// CHECK-LABEL: func @resize_v10_mixed
// CHECK:         %[[DOWN:.*]] = onnx.Constant dense<5.000000e-01> : tensor<1xf32>
// CHECK:         %[[A:.*]] = onnx.ResizeV19 %{{.*}} scales(%[[DOWN]] : tensor<1xf32>) {axes = array<i64: 2>, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<asymmetric>, nearest_mode = #onnx.nearest_mode<ceil>} : tensor<1x1x4x4xf32> -> tensor<1x1x2x4xf32>
// CHECK:         %[[UP:.*]] = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK:         onnx.ResizeV19 %[[A]] scales(%[[UP]] : tensor<3xf32>) {axes = array<i64: 0, 1, 3>, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<asymmetric>, nearest_mode = #onnx.nearest_mode<floor>} : tensor<1x1x2x4xf32> -> tensor<1x1x2x12xf32>
func.func @resize_v10_mixed(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x12xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 0.5, 3.0]> : tensor<4xf32>
  %0 = onnx.ResizeV10 %x, %s : tensor<1x1x4x4xf32>, tensor<4xf32> -> tensor<1x1x2x12xf32>
  return %0 : tensor<1x1x2x12xf32>
}

// -----

// With run-time scales Resize-10's nearest stays as it is.
// CHECK-LABEL: func @resize_v10_runtime
// CHECK:         onnx.ResizeV10
func.func @resize_v10_runtime(%x: tensor<1x1x4x4xf32>, %s: tensor<4xf32>) -> tensor<?x?x?x?xf32> {
  %0 = onnx.ResizeV10 %x, %s : tensor<1x1x4x4xf32>, tensor<4xf32> -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

// -----

// Resize-13 and -18 keep every input and attribute they have.
// CHECK-LABEL: func @resize_v13_v18
// CHECK:         %[[A:.*]] = onnx.ResizeV19 %{{.*}} scales(%{{.*}} : tensor<2xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_half_pixel_for_nn>, mode = #onnx.resize_mode<linear>} : tensor<4x4xf32> -> tensor<8x8xf32>
// CHECK:         onnx.ResizeV19 %[[A]] sizes(%{{.*}} : tensor<1xi64>) {antialias = 1 : i64, axes = array<i64: -1>, keep_aspect_ratio_policy = #onnx.keep_aspect_ratio_policy<not_larger>, mode = #onnx.resize_mode<cubic>} : tensor<8x8xf32> -> tensor<8x3xf32>
func.func @resize_v13_v18(%x: tensor<4x4xf32>) -> tensor<8x3xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  %0 = onnx.ResizeV13 %x scales(%s : tensor<2xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_half_pixel_for_nn>, mode = #onnx.resize_mode<linear>} : tensor<4x4xf32> -> tensor<8x8xf32>
  %1 = onnx.ResizeV18 %0 sizes(%n : tensor<1xi64>) {antialias = 1 : i64, axes = array<i64: -1>, keep_aspect_ratio_policy = #onnx.keep_aspect_ratio_policy<not_larger>, mode = #onnx.resize_mode<cubic>} : tensor<8x8xf32> -> tensor<8x3xf32>
  return %1 : tensor<8x3xf32>
}

// -----

// The shape and elementwise ops upgrade to their latest version with the
// same operands and attributes; Slice-1's bounds and Squeeze/Unsqueeze-11's
// axes become constant inputs.
// CHECK-LABEL: func @tensor_ops
// CHECK:         %[[SHAPE:.*]] = onnx.ShapeV25 %arg0 : tensor<?x3xf32> -> tensor<2xi64>
// CHECK-DAG:     %[[STARTS:.*]] = onnx.Constant dense<1> : tensor<1xi64>
// CHECK-DAG:     %[[ENDS:.*]] = onnx.Constant dense<2> : tensor<1xi64>
// CHECK:         %[[C:.*]] = onnx.SliceV13 %[[SHAPE]], %[[STARTS]], %[[ENDS]] : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK:         %[[F:.*]] = onnx.CastV25 %[[C]] {to = 1 : i64} : tensor<1xi64> -> tensor<1xf32>
// CHECK:         %[[M:.*]] = onnx.MulV14 %[[F]], %[[F]]
// CHECK:         %[[AXES:.*]] = onnx.Constant dense<0> : tensor<1xi64>
// CHECK:         onnx.SqueezeV25 %[[M]] axes(%[[AXES]] : tensor<1xi64>) : tensor<1xf32> -> tensor<f32>
// CHECK:         onnx.ReluV14 %arg0 : tensor<?x3xf32>
// CHECK:         onnx.ConcatV13 %arg0, %arg0 {axis = 1 : i64}
// CHECK:         %[[UAXES:.*]] = onnx.Constant dense<[0, 2]> : tensor<2xi64>
// CHECK:         onnx.UnsqueezeV25 %arg0, %[[UAXES]]
func.func @tensor_ops(%x: tensor<?x3xf32>) -> (tensor<f32>, tensor<?x3xf32>, tensor<?x6xf32>, tensor<1x?x1x3xf32>) {
  %shape = onnx.ShapeV1 %x : tensor<?x3xf32> -> tensor<2xi64>
  %c = onnx.SliceV1 %shape {starts = array<i64: 1>, ends = array<i64: 2>} : tensor<2xi64> -> tensor<1xi64>
  %f = onnx.CastV6 %c {to = 1 : i64} : tensor<1xi64> -> tensor<1xf32>
  %m = onnx.MulV7 %f, %f : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %s = onnx.SqueezeV11 %m {axes = array<i64: 0>} : tensor<1xf32> -> tensor<f32>
  %r = onnx.ReluV6 %x : tensor<?x3xf32>
  // Concat-1's default axis is 1; the latest Concat has no default.
  %c2 = onnx.ConcatV1 %x, %x : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x6xf32>
  %u = onnx.UnsqueezeV1 %x {axes = array<i64: 0, 2>} : tensor<?x3xf32> -> tensor<1x?x1x3xf32>
  return %s, %r, %c2, %u : tensor<f32>, tensor<?x3xf32>, tensor<?x6xf32>, tensor<1x?x1x3xf32>
}
