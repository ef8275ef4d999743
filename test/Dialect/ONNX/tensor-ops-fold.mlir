// RUN: onnx-opt %s -canonicalize -split-input-file | FileCheck %s

// The shape arithmetic exporters write in front of Resize folds to the
// constant `sizes` a model with static shapes means:
// Concat(Slice(Shape(X), 0, 2), Cast<int64>(size)).
// CHECK-LABEL: func @pytorch_sizes
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1, 3, 11, 10]> : tensor<4xi64>
// CHECK-NOT:     onnx.ShapeV13
// CHECK:         return %[[S]]
func.func @pytorch_sizes(%x: tensor<1x3x7x5xf32>) -> tensor<4xi64> {
  %shape = onnx.ShapeV13 %x : tensor<1x3x7x5xf32> -> tensor<4xi64>
  %zero = onnx.Constant dense<0> : tensor<1xi64>
  %two = onnx.Constant dense<2> : tensor<1xi64>
  %nc = onnx.SliceV13 %shape, %zero, %two : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %size = onnx.Constant dense<[11, 10]> : tensor<2xi32>
  %size64 = onnx.CastV13 %size {to = 7 : i64} : tensor<2xi32> -> tensor<2xi64>
  %sizes = onnx.ConcatV13 %nc, %size64 {axis = 0 : i64} : (tensor<2xi64>, tensor<2xi64>) -> tensor<4xi64>
  return %sizes : tensor<4xi64>
}

// -----

// With dynamic H and W, the static N and C still fold: Slice(Shape(X), 0, 2)
// reads only the static dimensions, Gather(Shape(X), 1) too.
// CHECK-LABEL: func @partly_dynamic
// CHECK-DAG:     %[[NC:.*]] = onnx.Constant dense<[2, 3]> : tensor<2xi64>
// CHECK-DAG:     %[[C:.*]] = onnx.Constant dense<3> : tensor<i64>
// CHECK-DAG:     %[[SHAPE:.*]] = onnx.ShapeV15 %{{.*}} : tensor<2x3x?x?xf32> -> tensor<4xi64>
// CHECK:         %[[HW:.*]] = onnx.SliceV13 %[[SHAPE]]
// CHECK:         return %[[NC]], %[[C]], %[[HW]]
func.func @partly_dynamic(%x: tensor<2x3x?x?xf32>) -> (tensor<2xi64>, tensor<i64>, tensor<2xi64>) {
  %shape = onnx.ShapeV15 %x : tensor<2x3x?x?xf32> -> tensor<4xi64>
  %zero = onnx.Constant dense<0> : tensor<1xi64>
  %two = onnx.Constant dense<2> : tensor<1xi64>
  %four = onnx.Constant dense<4> : tensor<1xi64>
  %one = onnx.Constant dense<1> : tensor<i64>
  %nc = onnx.SliceV13 %shape, %zero, %two : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %c = onnx.GatherV13 %shape, %one {axis = 0 : i64} : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %hw = onnx.SliceV13 %shape, %two, %four : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  return %nc, %c, %hw : tensor<2xi64>, tensor<i64>, tensor<2xi64>
}

// -----

// Shape-15's start and end slice the shape; Size counts the elements.
// CHECK-LABEL: func @shape_start_end
// CHECK-DAG:     onnx.Constant dense<[3, 4]> : tensor<2xi64>
// CHECK-DAG:     onnx.Constant dense<4> : tensor<1xi64>
// CHECK-DAG:     onnx.Constant dense<24> : tensor<i64>
func.func @shape_start_end(%x: tensor<2x3x4xf32>) -> (tensor<2xi64>, tensor<1xi64>, tensor<i64>) {
  %0 = onnx.ShapeV15 %x {start = 1 : i64} : tensor<2x3x4xf32> -> tensor<2xi64>
  %1 = onnx.ShapeV15 %x {start = -1 : i64, end = 10 : i64} : tensor<2x3x4xf32> -> tensor<1xi64>
  %2 = onnx.SizeV13 %x : tensor<2x3x4xf32>
  return %0, %1, %2 : tensor<2xi64>, tensor<1xi64>, tensor<i64>
}

// -----

// recompute_scale_factor: floor(float32(n) * s) in float32, as ONNX Runtime
// computes it. 7 * float32(11 / 7) is 11 in float32 (10.99999... in double).
// CHECK-LABEL: func @recompute_scale_factor
// CHECK:         %[[S:.*]] = onnx.Constant dense<[11, 5]> : tensor<2xi64>
// CHECK:         return %[[S]]
func.func @recompute_scale_factor(%x: tensor<1x1x7x3xf32>) -> tensor<2xi64> {
  %shape = onnx.ShapeV13 %x : tensor<1x1x7x3xf32> -> tensor<4xi64>
  %two = onnx.Constant dense<2> : tensor<1xi64>
  %four = onnx.Constant dense<4> : tensor<1xi64>
  %hw = onnx.SliceV13 %shape, %two, %four : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %f = onnx.CastV13 %hw {to = 1 : i64} : tensor<2xi64> -> tensor<2xf32>
  %s = onnx.Constant dense<[1.57142857, 1.7]> : tensor<2xf32>
  %scaled = onnx.MulV14 %f, %s : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %floor = onnx.FloorV13 %scaled : tensor<2xf32>
  %sizes = onnx.CastV13 %floor {to = 7 : i64} : tensor<2xf32> -> tensor<2xi64>
  return %sizes : tensor<2xi64>
}

// -----

// Opset 9/10 scales: Div(Cast<f32>(sizes), Cast<f32>(Slice(Shape(X), 2))),
// with broadcasting, and Concat with the leading ones.
// CHECK-LABEL: func @opset9_scales
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00]> : tensor<4xf32>
// CHECK:         return %[[S]]
func.func @opset9_scales(%x: tensor<1x3x4x6xf32>) -> tensor<4xf32> {
  %shape = onnx.ShapeV1 %x : tensor<1x3x4x6xf32> -> tensor<4xi64>
  %hw = onnx.SliceV1 %shape {starts = array<i64: 2>, ends = array<i64: 9223372036854775807>} : tensor<4xi64> -> tensor<2xi64>
  %hwf = onnx.CastV9 %hw {to = 1 : i64} : tensor<2xi64> -> tensor<2xf32>
  %size = onnx.Constant dense<[8, 9]> : tensor<2xi64>
  %sizef = onnx.CastV9 %size {to = 1 : i64} : tensor<2xi64> -> tensor<2xf32>
  %ratio = onnx.DivV7 %sizef, %hwf : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %ones = onnx.Constant dense<1.0> : tensor<2xf32>
  %scales = onnx.ConcatV4 %ones, %ratio {axis = 0 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %scales : tensor<4xf32>
}

// -----

// FPN: size=lateral.shape[-2:] through Gather, Unsqueeze and Concat.
// CHECK-LABEL: func @fpn_lateral
// CHECK:         %[[S:.*]] = onnx.Constant dense<[1, 8, 40, 30]> : tensor<4xi64>
// CHECK:         return %[[S]]
func.func @fpn_lateral(%x: tensor<1x8x20x15xf32>, %lateral: tensor<1x16x40x30xf32>) -> tensor<4xi64> {
  %xs = onnx.ShapeV13 %x : tensor<1x8x20x15xf32> -> tensor<4xi64>
  %ls = onnx.ShapeV13 %lateral : tensor<1x16x40x30xf32> -> tensor<4xi64>
  %i2 = onnx.Constant dense<2> : tensor<i64>
  %i3 = onnx.Constant dense<-1> : tensor<i64>
  %h = onnx.GatherV13 %ls, %i2 {axis = 0 : i64} : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %w = onnx.GatherV13 %ls, %i3 {axis = 0 : i64} : tensor<4xi64>, tensor<i64> -> tensor<i64>
  %axes = onnx.Constant dense<0> : tensor<1xi64>
  %h1 = onnx.UnsqueezeV13 %h, %axes : tensor<i64>, tensor<1xi64> -> tensor<1xi64>
  %w1 = onnx.UnsqueezeV11 %w {axes = array<i64: 0>} : tensor<i64> -> tensor<1xi64>
  %zero = onnx.Constant dense<0> : tensor<1xi64>
  %two = onnx.Constant dense<2> : tensor<1xi64>
  %nc = onnx.SliceV10 %xs, %zero, %two : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %sizes = onnx.ConcatV13 %nc, %h1, %w1 {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4xi64>
  return %sizes : tensor<4xi64>
}

// -----

// Slice with negative steps and clamped bounds; Gather along an inner axis.
// CHECK-LABEL: func @slice_gather_constants
// CHECK-DAG:     onnx.Constant dense<[5, 3, 1]> : tensor<3xi64>
// CHECK-DAG:     onnx.Constant dense<{{\[}}[3, 1], [6, 4]]> : tensor<2x2xi32>
func.func @slice_gather_constants() -> (tensor<3xi64>, tensor<2x2xi32>) {
  %data = onnx.Constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi64>
  %start = onnx.Constant dense<100> : tensor<1xi64>
  %end = onnx.Constant dense<-100> : tensor<1xi64>
  %step = onnx.Constant dense<-2> : tensor<1xi64>
  %axes = onnx.Constant dense<-1> : tensor<1xi64>
  %0 = onnx.SliceV13 %data, %start, %end axes(%axes : tensor<1xi64>) steps(%step : tensor<1xi64>) : (tensor<6xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
  %m = onnx.Constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %idx = onnx.Constant dense<[2, -3]> : tensor<2xi64>
  %1 = onnx.GatherV13 %m, %idx {axis = 1 : i64} : tensor<2x3xi32>, tensor<2xi64> -> tensor<2x2xi32>
  return %0, %1 : tensor<3xi64>, tensor<2x2xi32>
}

// -----

// Cast follows ONNX: float to integer truncates toward zero and saturates,
// NaN gives 0; integers wrap; anything to bool is != 0; int64 to float32
// rounds to nearest even (16777217 to 2^24).
// CHECK-LABEL: func @cast_rules
// CHECK-DAG:     onnx.Constant dense<[2, -2, 127, -128, 0]> : tensor<5xi8>
// CHECK-DAG:     onnx.Constant dense<[-1, 0, 1]> : tensor<3xi8>
// CHECK-DAG:     onnx.Constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-DAG:     onnx.Constant dense<0x4B800000> : tensor<1xf32>
func.func @cast_rules() -> (tensor<5xi8>, tensor<3xi8>, tensor<3xi1>, tensor<1xf32>) {
  %f = onnx.Constant dense<[2.9, -2.9, 1.0e10, -1.0e10, 0x7FC00000]> : tensor<5xf32>
  %0 = onnx.CastV13 %f {to = 3 : i64} : tensor<5xf32> -> tensor<5xi8>
  %i = onnx.Constant dense<[255, 256, 257]> : tensor<3xi64>
  %1 = onnx.CastV13 %i {to = 3 : i64} : tensor<3xi64> -> tensor<3xi8>
  %b = onnx.Constant dense<[0.5, 0.0, 0x7FC00000]> : tensor<3xf32>
  %2 = onnx.CastV13 %b {to = 9 : i64} : tensor<3xf32> -> tensor<3xi1>
  %big = onnx.Constant dense<16777217> : tensor<1xi64>
  %3 = onnx.CastV13 %big {to = 1 : i64} : tensor<1xi64> -> tensor<1xf32>
  return %0, %1, %2, %3 : tensor<5xi8>, tensor<3xi8>, tensor<3xi1>, tensor<1xf32>
}

// -----

// Elementwise ops broadcast; integer Div truncates toward zero; a division
// by zero does not fold; Max and Min of floats propagate NaN. Ceil then
// Floor of [-0.5, 1.5] is [-0, 2]; minus [-0.5, 1.5], times [3, 1].
// CHECK-LABEL: func @elementwise
// CHECK-DAG:     onnx.Constant dense<{{\[}}[31, 32], [33, 34]]> : tensor<2x2xi64>
// CHECK-DAG:     onnx.Constant dense<[-3, 3]> : tensor<2xi64>
// CHECK-DAG:     onnx.Constant dense<[3.000000e+00, 0x7FC00000]> : tensor<2xf32>
// CHECK-DAG:     onnx.Constant dense<[1.500000e+00, 5.000000e-01]> : tensor<2xf32>
// CHECK-DAG:     onnx.Constant dense<[0, 5]> : tensor<2xi32>
// CHECK:         onnx.DivV14
func.func @elementwise() -> (tensor<2x2xi64>, tensor<2xi64>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xi64>) {
  %a = onnx.Constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %b = onnx.Constant dense<[[10], [10]]> : tensor<2x1xi64>
  %c = onnx.Constant dense<[20, 20]> : tensor<2xi64>
  %b2 = onnx.AddV14 %a, %b : (tensor<2x2xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
  %0 = onnx.AddV14 %b2, %c : (tensor<2x2xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  %n = onnx.Constant dense<[-7, 7]> : tensor<2xi64>
  %d = onnx.Constant dense<2> : tensor<i64>
  %1 = onnx.DivV14 %n, %d : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
  %x = onnx.Constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  %y = onnx.Constant dense<[3.0, 1.0]> : tensor<2xf32>
  %2 = onnx.MaxV13 %x, %y : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %z = onnx.Constant dense<[-0.5, 1.5]> : tensor<2xf32>
  %3 = onnx.CeilV13 %z : tensor<2xf32>
  %4 = onnx.FloorV13 %3 : tensor<2xf32>
  %5 = onnx.SubV14 %4, %z : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %6 = onnx.MulV14 %5, %y : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %r = onnx.Constant dense<[-3, 5]> : tensor<2xi32>
  %7 = onnx.ReluV14 %r : tensor<2xi32>
  %zero = onnx.Constant dense<0> : tensor<i64>
  %8 = onnx.DivV14 %n, %zero : (tensor<2xi64>, tensor<i64>) -> tensor<2xi64>
  return %0, %1, %2, %6, %7, %8 : tensor<2x2xi64>, tensor<2xi64>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xi64>
}

// -----

// Identity folds to its input; Squeeze and Unsqueeze of constants reshape
// them.
// CHECK-LABEL: func @identity_squeeze
// CHECK-DAG:     onnx.Constant dense<[1, 2]> : tensor<2xi64>
// CHECK-DAG:     onnx.Constant dense<{{\[}}[1, 2]]> : tensor<1x2xi64>
// CHECK:         return %arg0,
func.func @identity_squeeze(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<2xi64>, tensor<1x2xi64>) {
  %0 = onnx.IdentityV16 %x : tensor<3xf32>
  %c = onnx.Constant dense<[[1, 2]]> : tensor<1x2xi64>
  %1 = onnx.SqueezeV13 %c : tensor<1x2xi64> -> tensor<2xi64>
  %axes = onnx.Constant dense<0> : tensor<1xi64>
  %2 = onnx.UnsqueezeV13 %1, %axes : tensor<2xi64>, tensor<1xi64> -> tensor<1x2xi64>
  return %0, %1, %2 : tensor<3xf32>, tensor<2xi64>, tensor<1x2xi64>
}

// -----

// Relu is a Clip from 0 to +inf (an absent bound would be the largest finite
// float, and Relu(+inf) is +inf); for integers, to the largest value. Then
// Clip(Relu(x), 0, 6) is one Clip.
// CHECK-LABEL: func @relu
// CHECK-DAG:     %[[ZERO:.*]] = onnx.Constant dense<0.000000e+00> : tensor<f32>
// CHECK-DAG:     %[[INF:.*]] = onnx.Constant dense<0x7F800000> : tensor<f32>
// CHECK-DAG:     %[[SIX:.*]] = onnx.Constant dense<6.000000e+00> : tensor<f32>
// CHECK-DAG:     %[[IZERO:.*]] = onnx.Constant dense<0> : tensor<i8>
// CHECK-DAG:     %[[IMAX:.*]] = onnx.Constant dense<127> : tensor<i8>
// CHECK:         %[[R:.*]] = onnx.ClipV13 %arg0 min(%[[ZERO]] : tensor<f32>) max(%[[INF]] : tensor<f32>)
// CHECK:         %[[R6:.*]] = onnx.ClipV13 %arg0 min(%[[ZERO]] : tensor<f32>) max(%[[SIX]] : tensor<f32>)
// CHECK:         %[[I:.*]] = onnx.ClipV13 %arg1 min(%[[IZERO]] : tensor<i8>) max(%[[IMAX]] : tensor<i8>)
// CHECK:         return %[[R]], %[[R6]], %[[I]]
func.func @relu(%x: tensor<4xf32>, %i: tensor<3xi8>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xi8>) {
  %0 = onnx.ReluV14 %x : tensor<4xf32>
  %r = onnx.ReluV14 %x : tensor<4xf32>
  %zero = onnx.Constant dense<0.0> : tensor<f32>
  %six = onnx.Constant dense<6.0> : tensor<f32>
  %1 = onnx.ClipV13 %r min(%zero : tensor<f32>) max(%six : tensor<f32>) : tensor<4xf32>
  %2 = onnx.ReluV14 %i : tensor<3xi8>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<3xi8>
}

// -----

// Bool casts to 0 and 1. Strings are parsed by Cast at run time and are not
// folded; Squeeze and Gather of string and complex constants copy them.
// CHECK-LABEL: func @other_element_types
// CHECK-DAG:     onnx.Constant dense<[1, 0]> : tensor<2xi32>
// CHECK-DAG:     %[[S:.*]] = onnx.Constant dense<"1.5"> : tensor<1x!onnx.string>
// CHECK-DAG:     onnx.CastV13 %[[S]] {to = 1 : i64} : tensor<1x!onnx.string> -> tensor<1xf32>
// CHECK-DAG:     onnx.Constant dense<"1.5"> : tensor<!onnx.string>
// CHECK-DAG:     onnx.Constant dense<(3.000000e+00,4.000000e+00)> : tensor<1xcomplex<f32>>
func.func @other_element_types() -> (tensor<2xi32>, tensor<1xf32>, tensor<!onnx.string>, tensor<1xcomplex<f32>>) {
  %b = onnx.Constant dense<[true, false]> : tensor<2xi1>
  %0 = onnx.CastV13 %b {to = 6 : i64} : tensor<2xi1> -> tensor<2xi32>
  %s = onnx.Constant dense<"1.5"> : tensor<1x!onnx.string>
  %1 = onnx.CastV13 %s {to = 1 : i64} : tensor<1x!onnx.string> -> tensor<1xf32>
  %2 = onnx.SqueezeV13 %s : tensor<1x!onnx.string> -> tensor<!onnx.string>
  %c = onnx.Constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %i = onnx.Constant dense<[-1]> : tensor<1xi64>
  %3 = onnx.GatherV13 %c, %i : tensor<2xcomplex<f32>>, tensor<1xi64> -> tensor<1xcomplex<f32>>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<1xf32>, tensor<!onnx.string>, tensor<1xcomplex<f32>>
}

// -----

// Slice's extreme steps take one element; an empty axis slices to empty with
// either sign of step.
// CHECK-LABEL: func @slice_extremes
// CHECK-DAG:     onnx.Constant dense<0> : tensor<1xi64>
// CHECK-DAG:     onnx.Constant dense<3> : tensor<1xi64>
// CHECK-DAG:     onnx.Constant dense<> : tensor<0xi64>
func.func @slice_extremes() -> (tensor<1xi64>, tensor<1xi64>, tensor<0xi64>) {
  %data = onnx.Constant dense<[0, 1, 2, 3]> : tensor<4xi64>
  %zero = onnx.Constant dense<0> : tensor<1xi64>
  %last = onnx.Constant dense<-1> : tensor<1xi64>
  %big = onnx.Constant dense<9223372036854775807> : tensor<1xi64>
  %small = onnx.Constant dense<-9223372036854775808> : tensor<1xi64>
  %0 = onnx.SliceV13 %data, %zero, %big axes(%zero : tensor<1xi64>) steps(%big : tensor<1xi64>) : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %1 = onnx.SliceV13 %data, %last, %small axes(%zero : tensor<1xi64>) steps(%small : tensor<1xi64>) : (tensor<4xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %empty = onnx.Constant dense<> : tensor<0xi64>
  %2 = onnx.SliceV13 %empty, %last, %small axes(%zero : tensor<1xi64>) steps(%last : tensor<1xi64>) : (tensor<0xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<0xi64>
  return %0, %1, %2 : tensor<1xi64>, tensor<1xi64>, tensor<0xi64>
}

// -----

// A dimension that does not fit the integer type a Cast gives is not known
// after it (it wraps at run time): Slice to int32(4294967297) stays dynamic.
// CHECK-LABEL: func @cast_of_large_dimension
// CHECK:         onnx.SliceV13 {{.*}} -> tensor<?x?xf32>
func.func @cast_of_large_dimension(%big: tensor<4294967297x?xi8>, %data: tensor<10x10xf32>) -> tensor<?x?xf32> {
  %shape = onnx.ShapeV13 %big : tensor<4294967297x?xi8> -> tensor<2xi64>
  %ends = onnx.CastV13 %shape {to = 6 : i64} : tensor<2xi64> -> tensor<2xi32>
  %starts = onnx.Constant dense<0> : tensor<2xi32>
  %0 = onnx.SliceV13 %data, %starts, %ends : (tensor<10x10xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A constant transposes at compile time; perm defaults to the axes
// reversed.
// CHECK-LABEL: func @transpose_constant
// CHECK:         %[[C:.*]] = onnx.Constant dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
// CHECK-NOT:     onnx.Transpose
// CHECK:         return %[[C]], %[[C]]
func.func @transpose_constant() -> (tensor<3x2xi64>, tensor<3x2xi64>) {
  %c = onnx.Constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %0 = onnx.TransposeV13 %c {perm = array<i64: 1, 0>} : tensor<2x3xi64> -> tensor<3x2xi64>
  %1 = onnx.TransposeV1 %c : tensor<2x3xi64> -> tensor<3x2xi64>
  return %0, %1 : tensor<3x2xi64>, tensor<3x2xi64>
}

// -----

// Reshape's 0 copies the input's dimension, -1 takes the rest; a constant
// reshapes at compile time.
// CHECK-LABEL: func @reshape_constant
// CHECK:         %[[C:.*]] = onnx.Constant dense<{{\[}}[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
// CHECK-NOT:     onnx.Reshape
// CHECK:         return %[[C]]
func.func @reshape_constant() -> tensor<3x2xi64> {
  %c = onnx.Constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %s = onnx.Constant dense<[-1, 2]> : tensor<2xi64>
  %0 = onnx.ReshapeV14 %c, %s : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// -----

// CHECK-LABEL: func @reshape_types
// CHECK:         onnx.ReshapeV25 %{{.*}}, %{{.*}} : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x12x1xf32>
// CHECK:         onnx.ReshapeV25 %{{.*}}, %{{.*}} {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<3x0xf32>
func.func @reshape_types(%x: tensor<2x3x4xf32>, %e: tensor<0x3xf32>) -> (tensor<2x12x1xf32>, tensor<3x0xf32>) {
  %s = onnx.Constant dense<[0, -1, 1]> : tensor<3xi64>
  %0 = onnx.ReshapeV25 %x, %s : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<2x12x1xf32>
  %z = onnx.Constant dense<[3, 0]> : tensor<2xi64>
  %1 = onnx.ReshapeV25 %e, %z {allowzero = 1 : i64} : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<3x0xf32>
  return %0, %1 : tensor<2x12x1xf32>, tensor<3x0xf32>
}

// -----

// ConstantOfShape folds to a splat of its value (0.0 float32 by default).
// CHECK-LABEL: func @constant_of_shape
// CHECK:         onnx.Constant dense<3> : tensor<2x4xi32>
// CHECK:         onnx.Constant dense<0.000000e+00> : tensor<3xf32>
func.func @constant_of_shape() -> (tensor<2x4xi32>, tensor<3xf32>) {
  %s = onnx.Constant dense<[2, 4]> : tensor<2xi64>
  %0 = onnx.ConstantOfShapeV25 %s {value = dense<3> : tensor<1xi32>} : tensor<2xi64> -> tensor<2x4xi32>
  %t = onnx.Constant dense<[3]> : tensor<1xi64>
  %1 = onnx.ConstantOfShapeV9 %t : tensor<1xi64> -> tensor<3xf32>
  return %0, %1 : tensor<2x4xi32>, tensor<3xf32>
}

// -----

// An empty tensor holds no elements whatever its other dimensions, and
// wherever its 0 is: both fold, where the 2^62 bound would refuse the
// dimensions alone.
// CHECK-LABEL: func @empty_with_huge_dimensions
// CHECK:         onnx.Constant dense<0.000000e+00> : tensor<4611686018427387904x4611686018427387904x0xf32>
// CHECK:         onnx.Constant dense<0.000000e+00> : tensor<0x4611686018427387904x4611686018427387904xf32>
func.func @empty_with_huge_dimensions() -> (tensor<4611686018427387904x4611686018427387904x0xf32>, tensor<0x4611686018427387904x4611686018427387904xf32>) {
  %last = onnx.Constant dense<[4611686018427387904, 4611686018427387904, 0]> : tensor<3xi64>
  %0 = onnx.ConstantOfShapeV25 %last : tensor<3xi64> -> tensor<4611686018427387904x4611686018427387904x0xf32>
  %first = onnx.Constant dense<[0, 4611686018427387904, 4611686018427387904]> : tensor<3xi64>
  %1 = onnx.ConstantOfShapeV25 %first : tensor<3xi64> -> tensor<0x4611686018427387904x4611686018427387904xf32>
  return %0, %1 : tensor<4611686018427387904x4611686018427387904x0xf32>, tensor<0x4611686018427387904x4611686018427387904xf32>
}

// -----

// An identity Transpose is its input; two in a row are one, and a pair
// that undoes itself (tf2onnx's NHWC wrapping, once fused away) is the
// input.
// CHECK-LABEL: func @transposes
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x4xf32>)
// CHECK:         %[[T:.*]] = onnx.TransposeV25 %[[X]] {perm = array<i64: 2, 0, 3, 1>} : tensor<1x2x3x4xf32> -> tensor<3x1x4x2xf32>
// CHECK:         return %[[X]], %[[T]], %[[X]]
func.func @transposes(%x: tensor<1x2x3x4xf32>) -> (tensor<1x2x3x4xf32>, tensor<3x1x4x2xf32>, tensor<1x2x3x4xf32>) {
  %0 = onnx.TransposeV25 %x {perm = array<i64: 0, 1, 2, 3>} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  %nhwc = onnx.TransposeV25 %x {perm = array<i64: 0, 2, 3, 1>} : tensor<1x2x3x4xf32> -> tensor<1x3x4x2xf32>
  %1 = onnx.TransposeV25 %nhwc {perm = array<i64: 1, 0, 2, 3>} : tensor<1x3x4x2xf32> -> tensor<3x1x4x2xf32>
  %2 = onnx.TransposeV25 %nhwc {perm = array<i64: 0, 3, 1, 2>} : tensor<1x3x4x2xf32> -> tensor<1x2x3x4xf32>
  return %0, %1, %2 : tensor<1x2x3x4xf32>, tensor<3x1x4x2xf32>, tensor<1x2x3x4xf32>
}
