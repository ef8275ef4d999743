// RUN: onnx-opt %s -canonicalize -split-input-file | FileCheck %s

// onnx.Constant folds to its value: the canonicalizer deduplicates equal
// constants and erases unused ones; Upsamples on them are left alone.
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

// -----

// Clip(Clip(x, -1, 1), -0.75, 2): overlapping intervals, one Clip with the
// bounds the outer Clip gives the inner ones: [-0.75, 1].
// CHECK-LABEL: func @clip_of_clip
// CHECK-DAG:     %[[LO:.*]] = onnx.Constant dense<-7.500000e-01> : tensor<f32>
// CHECK-DAG:     %[[HI:.*]] = onnx.Constant dense<1.000000e+00> : tensor<f32>
// CHECK:         %[[Y:.*]] = onnx.ClipV13 %{{.*}} min(%[[LO]] : tensor<f32>) max(%[[HI]] : tensor<f32>)
// CHECK-NOT:     onnx.ClipV13
// CHECK:         return %[[Y]]
func.func @clip_of_clip(%x: tensor<8xf32>) -> tensor<8xf32> {
  %lo1 = onnx.Constant dense<-1.0> : tensor<f32>
  %hi1 = onnx.Constant dense<1.0> : tensor<f32>
  %lo2 = onnx.Constant dense<-0.75> : tensor<f32>
  %hi2 = onnx.Constant dense<2.0> : tensor<f32>
  %0 = onnx.ClipV13 %x min(%lo1 : tensor<f32>) max(%hi1 : tensor<f32>) : tensor<8xf32>
  %1 = onnx.ClipV13 %0 min(%lo2 : tensor<f32>) max(%hi2 : tensor<f32>) : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// Signed zeros: clip(-0.0) by [0.0, 1] is -0.0 (it is not below 0.0), so
// the lower bound stays the inner one's -0.0.
// CHECK-LABEL: func @clip_of_clip_signed_zero
// CHECK-DAG:     %[[LO:.*]] = onnx.Constant dense<-0.000000e+00> : tensor<f32>
// CHECK:         onnx.ClipV13 %{{.*}} min(%[[LO]] : tensor<f32>)
// CHECK-NOT:     onnx.ClipV13
func.func @clip_of_clip_signed_zero(%x: tensor<8xf32>) -> tensor<8xf32> {
  %lo1 = onnx.Constant dense<-0.0> : tensor<f32>
  %hi1 = onnx.Constant dense<2.0> : tensor<f32>
  %lo2 = onnx.Constant dense<0.0> : tensor<f32>
  %hi2 = onnx.Constant dense<1.0> : tensor<f32>
  %0 = onnx.ClipV13 %x min(%lo1 : tensor<f32>) max(%hi1 : tensor<f32>) : tensor<8xf32>
  %1 = onnx.ClipV13 %0 min(%lo2 : tensor<f32>) max(%hi2 : tensor<f32>) : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// Unsigned integers compare as unsigned: [10, 200] then [100, 250] is
// [100, 200].
// CHECK-LABEL: func @clip_of_clip_unsigned
// CHECK-DAG:     onnx.Constant dense<100> : tensor<ui8>
// CHECK-DAG:     onnx.Constant dense<200> : tensor<ui8>
// CHECK-COUNT-1: onnx.ClipV13
func.func @clip_of_clip_unsigned(%x: tensor<8xui8>) -> tensor<8xui8> {
  %lo1 = onnx.Constant dense<10> : tensor<ui8>
  %hi1 = onnx.Constant dense<200> : tensor<ui8>
  %lo2 = onnx.Constant dense<100> : tensor<ui8>
  %hi2 = onnx.Constant dense<250> : tensor<ui8>
  %0 = onnx.ClipV13 %x min(%lo1 : tensor<ui8>) max(%hi1 : tensor<ui8>) : tensor<8xui8>
  %1 = onnx.ClipV13 %0 min(%lo2 : tensor<ui8>) max(%hi2 : tensor<ui8>) : tensor<8xui8>
  return %1 : tensor<8xui8>
}

// -----

// Not folded: disjoint intervals (a signed zero could then come out of the
// wrong bound), a NaN bound, an absent bound, an inner Clip used twice.
// CHECK-LABEL: func @clip_of_clip_kept
// CHECK-COUNT-8: onnx.ClipV13
func.func @clip_of_clip_kept(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %m1 = onnx.Constant dense<-1.0> : tensor<f32>
  %z = onnx.Constant dense<0.0> : tensor<f32>
  %one = onnx.Constant dense<1.0> : tensor<f32>
  %two = onnx.Constant dense<2.0> : tensor<f32>
  %nan = onnx.Constant dense<0x7FC00000> : tensor<f32>
  %0 = onnx.ClipV13 %x min(%one : tensor<f32>) max(%two : tensor<f32>) : tensor<8xf32>
  %1 = onnx.ClipV13 %0 min(%m1 : tensor<f32>) max(%z : tensor<f32>) : tensor<8xf32>
  %2 = onnx.ClipV13 %x min(%nan : tensor<f32>) max(%two : tensor<f32>) : tensor<8xf32>
  %3 = onnx.ClipV13 %2 min(%m1 : tensor<f32>) max(%one : tensor<f32>) : tensor<8xf32>
  %4 = onnx.ClipV13 %x min(%m1 : tensor<f32>) : tensor<8xf32>
  %5 = onnx.ClipV13 %4 min(%z : tensor<f32>) max(%one : tensor<f32>) : tensor<8xf32>
  %6 = onnx.ClipV13 %x min(%m1 : tensor<f32>) max(%two : tensor<f32>) : tensor<8xf32>
  %7 = onnx.ClipV13 %6 min(%z : tensor<f32>) max(%one : tensor<f32>) : tensor<8xf32>
  return %1, %3, %5, %6, %7 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// tf2onnx's NHWC wrapping: a Resize between a Transpose to NCHW and one
// back is a Resize of the input itself, its scales describing the axes
// they came from; the Resize's own axes map through the permutation too.
// CHECK-LABEL: func @resize_between_inverse_transposes
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x6x3xf32>)
// CHECK-NOT:     onnx.TransposeV25
// CHECK:         %[[A:.*]] = onnx.ResizeV19 %[[X]] scales(%{{.*}} : tensor<4xf32>) {axes = array<i64: 0, 3, 1, 2>, mode = #onnx.resize_mode<linear>} : tensor<1x4x6x3xf32> -> tensor<1x8x12x3xf32>
// CHECK:         %[[B:.*]] = onnx.ResizeV19 %[[X]] scales(%{{.*}} : tensor<2xf32>) {axes = array<i64: 2, 1>} : tensor<1x4x6x3xf32> -> tensor<1x8x3x3xf32>
// CHECK-NOT:     onnx.TransposeV25
// CHECK:         return %[[A]], %[[B]]
func.func @resize_between_inverse_transposes(%x: tensor<1x4x6x3xf32>) -> (tensor<1x8x12x3xf32>, tensor<1x8x3x3xf32>) {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %t = onnx.TransposeV25 %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x6x3xf32> -> tensor<1x3x4x6xf32>
  %r = onnx.ResizeV19 %t scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x3x4x6xf32> -> tensor<1x3x8x12xf32>
  %y = onnx.TransposeV25 %r {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x8x12xf32> -> tensor<1x8x12x3xf32>
  %s2 = onnx.Constant dense<[0.5, 2.0]> : tensor<2xf32>
  %r2 = onnx.ResizeV19 %t scales(%s2 : tensor<2xf32>) {axes = array<i64: -1, 2>} : tensor<1x3x4x6xf32> -> tensor<1x3x8x3xf32>
  %y2 = onnx.TransposeV25 %r2 {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x8x3xf32> -> tensor<1x8x3x3xf32>
  return %y, %y2 : tensor<1x8x12x3xf32>, tensor<1x8x3x3xf32>
}

// -----

// Transposes that are not each other's inverse, or a Resize whose result
// is also read elsewhere, stay as they are.
// CHECK-LABEL: func @resize_between_other_transposes
// CHECK:         onnx.TransposeV25
// CHECK:         onnx.ResizeV19
// CHECK:         onnx.TransposeV25
// CHECK:         onnx.TransposeV25
// CHECK:         onnx.ResizeV19
// CHECK:         onnx.TransposeV25
// CHECK:         return
func.func @resize_between_other_transposes(%x: tensor<1x4x6x3xf32>) -> (tensor<1x12x3x8xf32>, tensor<1x3x8x12xf32>, tensor<1x8x12x3xf32>) {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %t = onnx.TransposeV25 %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x6x3xf32> -> tensor<1x3x4x6xf32>
  %r = onnx.ResizeV19 %t scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x3x4x6xf32> -> tensor<1x3x8x12xf32>
  %y = onnx.TransposeV25 %r {perm = array<i64: 0, 3, 1, 2>} : tensor<1x3x8x12xf32> -> tensor<1x12x3x8xf32>
  %t2 = onnx.TransposeV25 %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x6x3xf32> -> tensor<1x3x4x6xf32>
  %r2 = onnx.ResizeV19 %t2 scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<nearest>} : tensor<1x3x4x6xf32> -> tensor<1x3x8x12xf32>
  %y2 = onnx.TransposeV25 %r2 {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x8x12xf32> -> tensor<1x8x12x3xf32>
  return %y, %r2, %y2 : tensor<1x12x3x8xf32>, tensor<1x3x8x12xf32>, tensor<1x8x12x3xf32>
}

// -----

// keras2onnx's channels-last Upsample, wrapped alike: one Upsample of the
// input, its constant scales moved to the axes they describe.
// CHECK-LABEL: func @upsample_between_inverse_transposes
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x6x3xf32>)
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK-NOT:     onnx.TransposeV25
// CHECK:         %[[Y:.*]] = onnx.UpsampleV10 %[[X]], %[[S]] mode linear : tensor<1x4x6x3xf32>, tensor<4xf32> -> tensor<1x8x18x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @upsample_between_inverse_transposes(%x: tensor<1x4x6x3xf32>) -> tensor<1x8x18x3xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %t = onnx.TransposeV25 %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x6x3xf32> -> tensor<1x3x4x6xf32>
  %u = onnx.UpsampleV10 %t, %s mode linear : tensor<1x3x4x6xf32>, tensor<4xf32> -> tensor<1x3x8x18xf32>
  %y = onnx.TransposeV25 %u {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x8x18xf32> -> tensor<1x8x18x3xf32>
  return %y : tensor<1x8x18x3xf32>
}

// -----

// tf2onnx's Resize-10 at opset 10, wrapped alike: one Resize-10 of the
// input, its mode kept and its scales moved as an Upsample's are.
// CHECK-LABEL: func @resize10_between_inverse_transposes
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x6x3xf32>)
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1.000000e+00, 5.000000e-01, 3.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK-NOT:     onnx.TransposeV25
// CHECK:         %[[Y:.*]] = onnx.ResizeV10 %[[X]], %[[S]] {mode = #onnx.resize_mode<linear>} : tensor<1x4x6x3xf32>, tensor<4xf32> -> tensor<1x2x18x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @resize10_between_inverse_transposes(%x: tensor<1x4x6x3xf32>) -> tensor<1x2x18x3xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 0.5, 3.0]> : tensor<4xf32>
  %t = onnx.TransposeV25 %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x4x6x3xf32> -> tensor<1x3x4x6xf32>
  %r = onnx.ResizeV10 %t, %s {mode = #onnx.resize_mode<linear>} : tensor<1x3x4x6xf32>, tensor<4xf32> -> tensor<1x3x2x18xf32>
  %y = onnx.TransposeV25 %r {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x2x18xf32> -> tensor<1x2x18x3xf32>
  return %y : tensor<1x2x18x3xf32>
}
