// RUN: onnx-opt %s -onnx-choose-schedules -convert-onnx-to-linalg -canonicalize -split-input-file -verify-diagnostics | FileCheck %s

// Nearest x2 with asymmetric coordinates and floor: each input repeated
// twice, a broadcast into the output viewed as [n, 2].
// CHECK-LABEL: func @nearest_broadcast
// CHECK:         %[[E:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [3, 4, 2]
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3x4xf32>) outs(%[[E]] : tensor<3x4x2xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN]] : f32
// CHECK:         tensor.collapse_shape %[[G]]
func.func @nearest_broadcast(%x: tensor<3x4xf32>) -> tensor<3x8xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<asymmetric>, nearest_mode = #onnx.nearest_mode<floor>} : tensor<3x4xf32> -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// Nearest x2 with half_pixel and round_prefer_floor repeats each input
// twice too ((o + 0.5) / 2 - 0.5 rounds to o / 2): a broadcast as well.
// CHECK-LABEL: func @nearest_half_pixel_x2
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [3, 4, 2]
func.func @nearest_half_pixel_x2(%x: tensor<3x4xf32>) -> tensor<3x8xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) : tensor<3x4xf32> -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// Nearest x1.5 with half_pixel: a gather through a constant index table
// ((o + 0.5) / 1.5 - 0.5 = -0.17, 0.5, 1.17, 1.83, 2.5, 3.17; the ties
// at 0.5 and 2.5 round down).
// CHECK-LABEL: func @nearest_gather
// CHECK:         %[[T:.*]] = arith.constant dense<[0, 0, 1, 2, 2, 3]> : tensor<6xi32>
// CHECK:         linalg.generic {{.*}} ins(%[[T]] : tensor<6xi32>)
// CHECK:           %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:           tensor.extract %{{.*}}[%{{.*}}, %[[I]]] : tensor<3x4xf32>
func.func @nearest_gather(%x: tensor<3x4xf32>) -> tensor<3x6xf32> {
  %s = onnx.Constant dense<[1.0, 1.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) : tensor<3x4xf32> -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

// A scale of 1 leaves the input as it is.
// CHECK-LABEL: func @identity
// CHECK-NOT:     linalg.generic
// CHECK:         return %arg0
func.func @identity(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %s = onnx.Constant dense<[1.0, 1.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<3x4xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Linear on an integer type with dyadic weights (quarters): 16-bit fixed
// point, the weights scaled by 4, and the sum over 4 rounded half to even
// exactly, in plain arithmetic: the floor q, plus 1 when the remainder r
// and q's low bit add up past half ((r + (q & 1) + 1) >> 2), then
// saturated.
// CHECK-LABEL: func @linear_integer
// CHECK-DAG:     %[[I0:.*]] = arith.constant dense<[0, 0, 0, 0, 1]> : tensor<5xi32>
// CHECK-DAG:     %[[I1:.*]] = arith.constant dense<1> : tensor<5xi32>
// CHECK-DAG:     %[[W0:.*]] = arith.constant dense<[4, 3, 2, 1, 4]> : tensor<5xi16>
// CHECK-DAG:     %[[W1:.*]] = arith.constant dense<[0, 1, 2, 3, 0]> : tensor<5xi16>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i16
// CHECK-DAG:     %[[TWO:.*]] = arith.constant 2 : i16
// CHECK-DAG:     %[[MASK:.*]] = arith.constant 3 : i16
// CHECK-DAG:     %[[LOW:.*]] = arith.constant -128 : i16
// CHECK-DAG:     %[[HIGH:.*]] = arith.constant 127 : i16
// CHECK:         linalg.generic {{.*}} ins(%[[I0]], %[[I1]], %[[W0]], %[[W1]] : tensor<5xi32>, tensor<5xi32>, tensor<5xi16>, tensor<5xi16>)
// CHECK:           %[[X0:.*]] = arith.extsi %{{.*}} : i8 to i16
// CHECK:           %[[T0:.*]] = arith.muli %{{.*}}, %[[X0]] : i16
// CHECK:           %[[T1:.*]] = arith.muli %{{.*}}, %{{.*}} : i16
// CHECK:           %[[S:.*]] = arith.addi %[[T0]], %[[T1]] : i16
// CHECK:           %[[Q:.*]] = arith.shrsi %[[S]], %[[TWO]] : i16
// CHECK:           %[[R:.*]] = arith.andi %[[S]], %[[MASK]] : i16
// CHECK:           %[[ODD:.*]] = arith.andi %[[Q]], %[[ONE]] : i16
// CHECK:           %[[RODD:.*]] = arith.addi %[[R]], %[[ODD]] : i16
// CHECK:           %[[BIASED:.*]] = arith.addi %[[RODD]], %[[ONE]] : i16
// CHECK:           %[[UP:.*]] = arith.shrui %[[BIASED]], %[[TWO]] : i16
// CHECK:           %[[ROUNDED:.*]] = arith.addi %[[Q]], %[[UP]] : i16
// CHECK:           %[[A:.*]] = arith.maxsi %[[ROUNDED]], %[[LOW]] : i16
// CHECK:           %[[B:.*]] = arith.minsi %[[A]], %[[HIGH]] : i16
// CHECK:           arith.trunci %[[B]] : i16 to i8
// CHECK-NOT:       f64
func.func @linear_integer(%x: tensor<2xi8>) -> tensor<5xi8> {
  %n = onnx.Constant dense<[5]> : tensor<1xi64>
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<1xi64>) {mode = #onnx.resize_mode<linear>, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<align_corners>} : tensor<2xi8> -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

// -----

// Sums that 16 bits cannot hold (uint16 times quarters) take 32.
// CHECK-LABEL: func @linear_uint16
// CHECK-DAG:     arith.constant dense<[4, 3, 2, 1, 4]> : tensor<5xi32>
// CHECK-DAG:     %[[LOW:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[HIGH:.*]] = arith.constant 65535 : i32
// CHECK:         linalg.generic
// CHECK:           arith.extui %{{.*}} : i16 to i32
// CHECK:           arith.maxsi %{{.*}}, %[[LOW]] : i32
// CHECK:           arith.minsi %{{.*}}, %[[HIGH]] : i32
// CHECK:           arith.trunci %{{.*}} : i32 to i16
func.func @linear_uint16(%x: tensor<2xui16>) -> tensor<5xui16> {
  %n = onnx.Constant dense<[5]> : tensor<1xi64>
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<1xi64>) {mode = #onnx.resize_mode<linear>, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<align_corners>} : tensor<2xui16> -> tensor<5xui16>
  return %0 : tensor<5xui16>
}

// -----

// Weights of sixths (x1.5) are fractions of small denominator: the exact
// sum in 16-bit fixed point over 6, rounded half to even (the remainder r
// against 6 - r) and saturated.
// CHECK-LABEL: func @linear_integer_sixths
// CHECK-DAG:     %[[SIX:.*]] = arith.constant 6 : i16
// CHECK-DAG:     %[[W0:.*]] = arith.constant dense<[1, 3, 5]> : tensor<3xi16>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %[[W0]], %{{.*}} : tensor<3xi32>, tensor<3xi32>, tensor<3xi16>, tensor<3xi16>)
// CHECK:           arith.extsi %{{.*}} : i8 to i16
// CHECK:           %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : i16
// CHECK:           %[[Q:.*]] = arith.floordivsi %[[SUM]], %[[SIX]] : i16
// CHECK:           %[[QD:.*]] = arith.muli %[[Q]], %[[SIX]] : i16
// CHECK:           %[[R:.*]] = arith.subi %[[SUM]], %[[QD]] : i16
// CHECK:           %[[REST:.*]] = arith.subi %[[SIX]], %[[R]] : i16
// CHECK:           arith.cmpi sgt, %[[R]], %[[REST]] : i16
// CHECK:           arith.cmpi eq, %[[R]], %[[REST]] : i16
// CHECK:           arith.trunci %{{.*}} : i16 to i8
func.func @linear_integer_sixths(%x: tensor<2xi8>) -> tensor<3xi8> {
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<1xi64>) {mode = #onnx.resize_mode<linear>} : tensor<2xi8> -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// Two linear float axes: each column tap's weight multiplies the sum over
// its row taps (neighbouring outputs of a row share those sums), so no
// weight multiplies another; float terms may contract into fused
// multiply-adds.
// CHECK-LABEL: func @linear_nested
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%{{.*}}: i32, %{{.*}}: i32, %[[WY0:.*]]: f32, %[[WY1:.*]]: f32, %{{.*}}: i32, %{{.*}}: i32, %[[WX0:.*]]: f32, %[[WX1:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[A:.*]] = tensor.extract
// CHECK-NEXT:      %[[TA:.*]] = arith.mulf %[[WY0]], %[[A]] fastmath<contract> : f32
// CHECK:           %[[B:.*]] = tensor.extract
// CHECK-NEXT:      %[[TB:.*]] = arith.mulf %[[WY1]], %[[B]] fastmath<contract> : f32
// CHECK-NEXT:      %[[COL0:.*]] = arith.addf %[[TA]], %[[TB]] fastmath<contract> : f32
// CHECK-NEXT:      %[[T0:.*]] = arith.mulf %[[WX0]], %[[COL0]] fastmath<contract> : f32
// CHECK:           %[[COL1:.*]] = arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:      %[[T1:.*]] = arith.mulf %[[WX1]], %[[COL1]] fastmath<contract> : f32
// CHECK-NEXT:      %[[SUM:.*]] = arith.addf %[[T0]], %[[T1]] fastmath<contract> : f32
// CHECK-NEXT:      linalg.yield %[[SUM]] : f32
func.func @linear_nested(%x: tensor<2x2xf32>) -> tensor<3x3xf32> {
  %n = onnx.Constant dense<[3, 3]> : tensor<2xi64>
  %0 = onnx.ResizeV19 %x sizes(%n : tensor<2xi64>) {mode = #onnx.resize_mode<linear>} : tensor<2x2xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// Integers nest as the reference interpolates, axis by axis in tensor
// order: each row tap's weight multiplies the sum over its column taps,
// in f64 without fused multiply-adds, so that the rounding to an integer
// sees the reference's double result. (float32(4/3) is no fraction of
// small denominator: its weights stay doubles.)
// CHECK-LABEL: func @linear_nested_integer
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%{{.*}}: i32, %{{.*}}: i32, %[[WY0:.*]]: f64, %[[WY1:.*]]: f64, %{{.*}}: i32, %{{.*}}: i32, %[[WX0:.*]]: f64, %[[WX1:.*]]: f64, %{{.*}}: i16):
// CHECK:           %[[A:.*]] = arith.sitofp
// CHECK-NEXT:      %[[TA:.*]] = arith.mulf %[[WX0]], %[[A]] : f64
// CHECK:           %[[B:.*]] = arith.sitofp
// CHECK-NEXT:      %[[TB:.*]] = arith.mulf %[[WX1]], %[[B]] : f64
// CHECK-NEXT:      %[[ROW0:.*]] = arith.addf %[[TA]], %[[TB]] : f64
// CHECK-NEXT:      %[[T0:.*]] = arith.mulf %[[WY0]], %[[ROW0]] : f64
// CHECK:           %[[ROW1:.*]] = arith.addf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT:      %[[T1:.*]] = arith.mulf %[[WY1]], %[[ROW1]] : f64
// CHECK-NEXT:      arith.addf %[[T0]], %[[T1]] : f64
func.func @linear_nested_integer(%x: tensor<3x3xi16>) -> tensor<4x4xi16> {
  %s = onnx.Constant dense<[1.3333334, 1.3333334]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<3x3xi16> -> tensor<4x4xi16>
  return %0 : tensor<4x4xi16>
}

// -----

// Rows twice as long, by phases: output 2j + r is phase r of input element
// j. Each phase's taps are tables over j (half_pixel: j - 1 and j for
// phase 0, j and j + 1 for phase 1, clamped to the row) and its weights,
// the same for every j, constants; the phase selects its sum.
// CHECK-LABEL: func @linear_phases
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[QUARTER:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG:     %[[THREE:.*]] = arith.constant 7.500000e-01 : f32
// CHECK-DAG:     %[[BEFORE:.*]] = arith.constant dense<[0, 0, 1, 2]> : tensor<4xi32>
// CHECK-DAG:     %[[AT:.*]] = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
// CHECK-DAG:     %[[AFTER:.*]] = arith.constant dense<[1, 2, 3, 3]> : tensor<4xi32>
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<3x4x2xf32>
// CHECK:         %[[PHASES:.*]] = linalg.generic {{.*}} ins(%[[BEFORE]], %[[AT]], %[[AT]], %[[AFTER]] : {{.*}}) outs(%[[EMPTY]] : tensor<3x4x2xf32>)
// CHECK-NEXT:    ^bb0(%[[B0:.*]]: i32, %[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[F1:.*]]: i32, %{{.*}}: f32):
// CHECK:           %[[PHASE:.*]] = linalg.index 2 : index
// CHECK:           %[[I1:.*]] = arith.index_cast %[[A1]]
// CHECK:           tensor.extract %{{.*}}[%{{.*}}, %[[I1]]]
// CHECK:           arith.mulf %{{.*}}, %[[THREE]]
// CHECK:           %[[SECOND:.*]] = arith.addf
// CHECK:           %[[I0:.*]] = arith.index_cast %[[B0]]
// CHECK:           tensor.extract %{{.*}}[%{{.*}}, %[[I0]]]
// CHECK:           arith.mulf %{{.*}}, %[[QUARTER]]
// CHECK:           %[[FIRST:.*]] = arith.addf
// CHECK:           %[[IS0:.*]] = arith.cmpi eq, %[[PHASE]], %[[C0]] : index
// CHECK:           %[[R:.*]] = arith.select %[[IS0]], %[[FIRST]], %[[SECOND]] : f32
// CHECK:           linalg.yield %[[R]] : f32
// CHECK:         tensor.collapse_shape %[[PHASES]] {{\[}}[0], [1, 2]] : tensor<3x4x2xf32> into tensor<3x8xf32>
func.func @linear_phases(%x: tensor<3x4xf32>) -> tensor<3x8xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<3x4xf32> -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// An axis of constant scale 1 and run-time length is a copy (the shape
// function checks that its output is as long): the first axis reads its
// own position, and only the second gets phases.
// CHECK-LABEL: func @linear_phases_symbolic_copy
// CHECK:         %[[PHASES:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) outs(%{{.*}} : tensor<?x4x2xf32>)
// CHECK:           %[[ROW:.*]] = linalg.index 0 : index
// CHECK:           tensor.extract %{{.*}}[%[[ROW]], %{{.*}}] : tensor<?x4xf32>
// CHECK:         tensor.collapse_shape %[[PHASES]] {{\[}}[0], [1, 2]] : tensor<?x4x2xf32> into tensor<?x8xf32>
func.func @linear_phases_symbolic_copy(%x: tensor<?x4xf32>) -> tensor<?x8xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<?x4xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// Rows of run-time length n, twice as long: phases whose taps lie at fixed
// offsets from the input element j (half_pixel: j - 1 and j for phase 0, j
// and j + 1 for phase 1), read directly inside the row, [lo, hi) = [min(n,
// 1), max(lo, n - 1)), and clamped to it in the kernels of its ends.
// CHECK-LABEL: func @linear_phases_run_time_length
// CHECK-DAG:     %[[QUARTER:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG:     %[[THREE:.*]] = arith.constant 7.500000e-01 : f32
// CHECK:         %[[N:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<3x?xf32>
// CHECK:         %[[VIEW:.*]] = tensor.empty(%[[N]]) : tensor<3x?x2xf32>
// CHECK:         %[[LO:.*]] = affine.min #{{.*}}()[%[[N]]]
// CHECK:         %[[HI:.*]] = affine.max #{{.*}}()[%[[LO]], %[[N]]]
// CHECK:         %[[INSIDE:.*]] = tensor.extract_slice %[[VIEW]][0, %[[LO]], 0]
// CHECK:         %[[SUMS:.*]] = linalg.generic {{.*}} outs(%[[INSIDE]] : tensor<3x?x2xf32>)
// CHECK:           %[[J0:.*]] = linalg.index 1 : index
// CHECK:           %[[J:.*]] = arith.addi %[[J0]], %[[LO]] : index
// CHECK:           tensor.extract %{{.*}}[%{{.*}}, %[[J]]]
// CHECK:           arith.mulf %{{.*}}, %[[THREE]]
// CHECK-NOT:       arith.minsi
// CHECK:           linalg.yield
// CHECK:         tensor.insert_slice %[[SUMS]] into %[[VIEW]][0, %[[LO]], 0]
// CHECK:         %[[LEFT:.*]] = tensor.extract_slice %[[VIEW]][0, 0, 0] [3, %[[LO]], 2]
// CHECK:         linalg.generic {{.*}} outs(%[[LEFT]] : tensor<3x?x2xf32>)
// CHECK:           arith.minsi
// CHECK:           arith.maxsi
// CHECK:         %[[RIGHT:.*]] = tensor.extract_slice %[[VIEW]][0, %[[HI]], 0]
// CHECK:         linalg.generic {{.*}} outs(%[[RIGHT]] : tensor<3x?x2xf32>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<3x?x2xf32> into tensor<3x?xf32>
func.func @linear_phases_run_time_length(%x: tensor<3x?xf32>) -> tensor<3x?xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<3x?xf32> -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// Nearest on rows of run-time length grown by 3 (asymmetric, ceil): phase
// r reads element j + 1 for r > 0, clamped at the row's end, and j itself
// for r = 0.
// CHECK-LABEL: func @nearest_phases_run_time_length
// CHECK:         %[[LO:.*]] = affine.min
// CHECK:         %[[HI:.*]] = affine.max
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x?x3xi8>)
// CHECK:           %[[J:.*]] = arith.addi %{{.*}}, %[[LO]] : index
// CHECK:           %[[NEXT:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK:           tensor.extract %{{.*}}[%{{.*}}, %[[NEXT]]] : tensor<2x?xi8>
// CHECK:           %[[A:.*]] = tensor.extract %{{.*}}[%{{.*}}, %[[J]]] : tensor<2x?xi8>
// CHECK:           arith.select %{{.*}}, %[[A]], %{{.*}} : i8
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x?x3xi8>)
// CHECK:           arith.minsi
func.func @nearest_phases_run_time_length(%x: tensor<2x?xi8>) -> tensor<2x?xi8> {
  %s = onnx.Constant dense<[1.0, 3.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<asymmetric>, nearest_mode = #onnx.nearest_mode<ceil>} : tensor<2x?xi8> -> tensor<2x?xi8>
  return %0 : tensor<2x?xi8>
}

// -----

// align_corners's coordinate depends on n: rows of run-time length keep
// their tables.
// CHECK-LABEL: func @linear_align_corners_run_time_length
// CHECK-NOT:     affine.min
// CHECK:         linalg.generic {{.*}} outs(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<?xindex>, tensor<?xindex>, tensor<?xf32>, tensor<?xf32>)
func.func @linear_align_corners_run_time_length(%x: tensor<3x?xf32>) -> tensor<3x?xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<align_corners>} : tensor<3x?xf32> -> tensor<3x?xf32>
  return %0 : tensor<3x?xf32>
}

// -----

// With tf_half_pixel_for_nn, scale 1 moves each position by half an
// input: the axis of run-time length keeps its tables.
// CHECK-LABEL: func @nearest_symbolic_scale_1_tf_half_pixel_for_nn
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]} outs(%{{.*}} : tensor<?xindex>)
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<?xindex>, tensor<8xi32>)
func.func @nearest_symbolic_scale_1_tf_half_pixel_for_nn(%x: tensor<?x4xf32>) -> tensor<?x8xf32> {
  %s = onnx.Constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_half_pixel_for_nn>, nearest_mode = #onnx.nearest_mode<round_prefer_ceil>} : tensor<?x4xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

// float16 interpolates in f64 and rounds once to float16: through float32
// rounded to odd (truncated, its last bit set when inexact), which float16's
// rounding then finishes as a direct conversion would, with an instruction.
// CHECK-LABEL: func @linear_float16
// CHECK:         linalg.generic
// CHECK:           %[[NEAREST:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:           %[[BACK:.*]] = arith.extf %[[NEAREST]] : f32 to f64
// CHECK:           %[[INEXACT:.*]] = arith.cmpf une, %[[BACK]], %{{.*}} : f64
// CHECK:           %[[BITS:.*]] = arith.bitcast %[[NEAREST]] : f32 to i32
// CHECK:           %[[TRUNCATED:.*]] = arith.subi %[[BITS]], %{{.*}} : i32
// CHECK:           %[[ODD:.*]] = arith.ori %[[TRUNCATED]], %{{.*}} : i32
// CHECK:           %[[F32:.*]] = arith.bitcast %[[ODD]] : i32 to f32
// CHECK:           arith.truncf %[[F32]] : f32 to f16
// CHECK-NOT:       arith.truncf %{{.*}} : f64 to f16
func.func @linear_float16(%x: tensor<3x5xf16>) -> tensor<3x7xf16> {
  %s = onnx.Constant dense<[1.0, 1.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<3x5xf16> -> tensor<3x7xf16>
  return %0 : tensor<3x7xf16>
}

// -----

// Run-time scales: the output length floor(n * s) and the tables are
// computed at the kernel's entry, in f64.
// CHECK-LABEL: func @linear_runtime
// CHECK:         %[[S:.*]] = tensor.extract %arg1[%{{.*}}] : tensor<1xf32>
// CHECK:         %[[S64:.*]] = arith.extf %[[S]] : f32 to f64
// CHECK:         math.floor
// CHECK:         %[[TABLES:.*]]:4 = linalg.generic
// CHECK:           arith.divf %{{.*}}, %[[S64]] : f64
// CHECK:           math.floor
// CHECK:           arith.truncf %{{.*}} : f64 to f32
// CHECK:         linalg.generic {{.*}} ins(%[[TABLES]]#0, %[[TABLES]]#1, %[[TABLES]]#2, %[[TABLES]]#3 :
func.func @linear_runtime(%x: tensor<5xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) {mode = #onnx.resize_mode<linear>} : tensor<5xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// tf_crop_and_resize: an i8 table marks the coordinates inside the input;
// outside them the output is extrapolation_value.
// CHECK-LABEL: func @crop
// CHECK-DAG:     %[[INSIDE:.*]] = arith.constant dense<[1, 1, 0]> : tensor<3xi8>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[INSIDE]] : tensor<3xi32>, tensor<3xi8>)
// CHECK:           %[[IN:.*]] = arith.cmpi ne
// CHECK:           arith.select %[[IN]], %{{.*}}, %{{.*}} : f32
func.func @crop(%x: tensor<4xf32>) -> tensor<3xf32> {
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  %roi = onnx.Constant dense<[0.5, 1.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x roi(%roi : tensor<2xf32>) sizes(%n : tensor<1xi64>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_crop_and_resize>, extrapolation_value = 7.0 : f32} : tensor<4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Cubic: four taps per axis, sixteen reads for two resized axes, in one
// gather when an axis shrinks.
// CHECK-LABEL: func @cubic
// CHECK:         linalg.generic
// CHECK-COUNT-16: tensor.extract %arg0
// CHECK-NOT:     tensor.extract
// CHECK:         linalg.yield
func.func @cubic(%x: tensor<8x8xf32>) -> tensor<6x6xf32> {
  %s = onnx.Constant dense<[0.75, 0.75]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<8x8xf32> -> tensor<6x6xf32>
  return %0 : tensor<6x6xf32>
}

// -----

// Real-float cubic growing the last axis and another: one pass per axis,
// four reads each, the last along the last axis (onnx-fuse-rows then
// computes each row of the first pass where the second reads it).
// CHECK-LABEL: func @cubic_separable
// CHECK:         %[[V:.*]] = linalg.generic
// CHECK-COUNT-4:   tensor.extract %arg0[%{{.*}}, %{{.*}}] : tensor<4x8xf32>
// CHECK-NOT:       tensor.extract
// CHECK:         } -> tensor<6x8xf32>
// CHECK:         linalg.generic
// CHECK-COUNT-4:   tensor.extract %[[V]][%{{.*}}, %{{.*}}] : tensor<6x8xf32>
// CHECK-NOT:       tensor.extract
// CHECK:         } -> tensor<6x12xf32>
func.func @cubic_separable(%x: tensor<4x8xf32>) -> tensor<6x12xf32> {
  %s = onnx.Constant dense<[1.5, 1.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<4x8xf32> -> tensor<6x12xf32>
  return %0 : tensor<6x12xf32>
}

// -----

// Integer cubic growing two axes, a graph output: its rows in groups of
// four (rows 4g to 4g + 3 read input rows 2g - 2 to 2g + 3 only), each
// row of a group an output of one kernel and a region of the result. The
// sums follow the reference's order, rows first, exactly: in 64-bit fixed
// point over the weights' common denominator (the x3 kernel's weights are
// ninths, 27ths and 54ths), where a weight of 0 takes its read away.
// CHECK-LABEL: func @cubic_integer_phases
// CHECK:         %[[VIEW:.*]] = tensor.empty() : tensor<2x4x4x3xi32>
// CHECK:         %[[ROW0:.*]] = tensor.extract_slice %[[VIEW]][0, 0, 0, 0] [2, 1, 4, 3] [1, 1, 1, 1]
// CHECK:         %[[ROW1:.*]] = tensor.extract_slice %[[VIEW]][0, 1, 0, 0] [2, 1, 4, 3] [1, 1, 1, 1]
// CHECK:         %[[ROW2:.*]] = tensor.extract_slice %[[VIEW]][0, 2, 0, 0] [2, 1, 4, 3] [1, 1, 1, 1]
// CHECK:         %[[ROW3:.*]] = tensor.extract_slice %[[VIEW]][0, 3, 0, 0] [2, 1, 4, 3] [1, 1, 1, 1]
// CHECK:         %[[GROUPS:.*]]:4 = linalg.generic {{.*}} outs(%[[ROW0]], %[[ROW1]], %[[ROW2]], %[[ROW3]] : tensor<2x4x3xi32>, tensor<2x4x3xi32>, tensor<2x4x3xi32>, tensor<2x4x3xi32>)
// CHECK:           tensor.extract %arg0
// CHECK:           arith.extsi %{{.*}} : i32 to i64
// CHECK:           arith.floordivsi %{{.*}}, %{{.*}} : i64
// CHECK:           linalg.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, i32
// CHECK:         %[[R1:.*]] = tensor.insert_slice %[[GROUPS]]#0 into %[[VIEW]][0, 0, 0, 0] [2, 1, 4, 3]
// CHECK:         %[[R2:.*]] = tensor.insert_slice %[[GROUPS]]#1 into %[[R1]][0, 1, 0, 0] [2, 1, 4, 3]
// CHECK:         %[[R3:.*]] = tensor.insert_slice %[[GROUPS]]#2 into %[[R2]][0, 2, 0, 0] [2, 1, 4, 3]
// CHECK:         %[[R4:.*]] = tensor.insert_slice %[[GROUPS]]#3 into %[[R3]][0, 3, 0, 0] [2, 1, 4, 3]
// CHECK-NOT:     linalg.generic
// CHECK:         tensor.collapse_shape %[[R4]] {{\[}}[0, 1], [2, 3]] : tensor<2x4x4x3xi32> into tensor<8x12xi32>
func.func @cubic_integer_phases(%x: tensor<4x4xi32>) -> tensor<8x12xi32> {
  %s = onnx.Constant dense<[2.0, 3.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<4x4xi32> -> tensor<8x12xi32>
  return %0 : tensor<8x12xi32>
}

// -----

// Float linear x2, half_pixel, a graph output of 3 rows (an odd count: no
// groups of four): in pairs, rows 2i + 1 and 2i + 2 read input rows i and
// i + 1 (the taps' tables over the pairs); row 0 and row 5, cut from their
// pairs by the edges, read only row 0 and row 2, in kernels of their own.
// Each input row's sum along the row comes first, then the rows' weights:
// 0.75 and 0.25 for row 2i + 1, 0.25 and 0.75 for row 2i + 2.
// CHECK-LABEL: func @linear_row_groups
// CHECK-DAG:     %[[QUARTER:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-DAG:     %[[THREE:.*]] = arith.constant 7.500000e-01 : f32
// CHECK-DAG:     %[[TOP:.*]] = arith.constant dense<[0, 1]> : tensor<2xi32>
// CHECK-DAG:     %[[BOTTOM:.*]] = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK:         %[[VIEW:.*]] = tensor.empty() : tensor<3x2x2x2xf32>
// CHECK:         %[[ODD:.*]] = tensor.extract_slice %[[VIEW]][0, 1, 0, 0] [2, 1, 2, 2]
// CHECK:         %[[EVEN:.*]] = tensor.extract_slice %[[VIEW]][1, 0, 0, 0] [2, 1, 2, 2]
// CHECK:         %{{.*}}:2 = linalg.generic {{.*}} ins({{.*}}%[[TOP]], %[[BOTTOM]], %[[TOP]], %[[BOTTOM]] : {{.*}}) outs(%[[ODD]], %[[EVEN]] : tensor<2x2x2xf32>, tensor<2x2x2xf32>)
// CHECK:           %[[FIRST:.*]] = arith.addf
// CHECK-NEXT:      %[[W0:.*]] = arith.mulf %[[FIRST]], %[[THREE]]
// CHECK:           %[[SECOND:.*]] = arith.addf
// CHECK-NEXT:      %[[W1:.*]] = arith.mulf %[[SECOND]], %[[QUARTER]]
// CHECK-NEXT:      arith.addf %[[W0]], %[[W1]]
// CHECK:           linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK:         tensor.extract_slice %[[VIEW]][0, 0, 0, 0] [1, 1, 2, 2]
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x2xf32>)
// CHECK:         tensor.extract_slice %[[VIEW]][2, 1, 0, 0] [1, 1, 2, 2]
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x2xf32>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<3x2x2x2xf32> into tensor<6x4xf32>
func.func @linear_row_groups(%x: tensor<3x2xf32>) -> tensor<6x4xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<3x2xf32> -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// With an even number of input rows, groups of four: rows 4g - 1 to 4g + 2
// read input rows 2g - 1 to 2g + 1 only, three input rows for four output
// rows where pairs read four. Rows 0 to 2 and row 11 are cut by the edges.
// CHECK-LABEL: func @linear_row_groups_of_four
// CHECK:         %[[VIEW:.*]] = tensor.empty() : tensor<3x4x2x2xf32>
// CHECK:         %[[A:.*]] = tensor.extract_slice %[[VIEW]][0, 3, 0, 0] [2, 1, 2, 2]
// CHECK:         %[[B:.*]] = tensor.extract_slice %[[VIEW]][1, 0, 0, 0] [2, 1, 2, 2]
// CHECK:         %[[C:.*]] = tensor.extract_slice %[[VIEW]][1, 1, 0, 0] [2, 1, 2, 2]
// CHECK:         %[[D:.*]] = tensor.extract_slice %[[VIEW]][1, 2, 0, 0] [2, 1, 2, 2]
// CHECK:         linalg.generic {{.*}} outs(%[[A]], %[[B]], %[[C]], %[[D]] :
// CHECK:         %[[E:.*]] = tensor.extract_slice %[[VIEW]][0, 0, 0, 0] [1, 1, 2, 2]
// CHECK:         %[[F:.*]] = tensor.extract_slice %[[VIEW]][0, 1, 0, 0] [1, 1, 2, 2]
// CHECK:         %[[G:.*]] = tensor.extract_slice %[[VIEW]][0, 2, 0, 0] [1, 1, 2, 2]
// CHECK:         linalg.generic {{.*}} outs(%[[E]], %[[F]], %[[G]] :
// CHECK:         %[[H:.*]] = tensor.extract_slice %[[VIEW]][2, 3, 0, 0] [1, 1, 2, 2]
// CHECK:         linalg.generic {{.*}} outs(%[[H]] :
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<3x4x2x2xf32> into tensor<12x4xf32>
func.func @linear_row_groups_of_four(%x: tensor<6x2xf32>) -> tensor<12x4xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<6x2xf32> -> tensor<12x4xf32>
  return %0 : tensor<12x4xf32>
}

// -----

// asymmetric: rows 2i and 2i + 1 both read input rows i and i + 1, so the
// pairs start at row 0 and none is cut by an edge: one kernel.
// CHECK-LABEL: func @linear_row_groups_asymmetric
// CHECK:         %[[VIEW:.*]] = tensor.empty() : tensor<3x2x2x2xf32>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<3x2x2xf32>, tensor<3x2x2xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         tensor.collapse_shape
func.func @linear_row_groups_asymmetric(%x: tensor<3x2xf32>) -> tensor<6x4xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<asymmetric>} : tensor<3x2xf32> -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// Rows grown by a factor that is not an integer have no regular groups: a
// graph output keeps the one kernel by phases of the last axis.
// CHECK-LABEL: func @linear_rows_fractional
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<6x4x2xf32>)
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     tensor.insert_slice
// CHECK:         tensor.collapse_shape
func.func @linear_rows_fractional(%x: tensor<4x4xf32>) -> tensor<6x8xf32> {
  %s = onnx.Constant dense<[1.5, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<4x4xf32> -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// Inside a graph, the Resize keeps one kernel, which onnx-fuse can merge
// with its consumer.
// CHECK-LABEL: func @linear_rows_inside_graph
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<6x2x2xf32>)
// CHECK-NOT:     tensor.insert_slice
// CHECK:         linalg.generic
func.func @linear_rows_inside_graph(%x: tensor<3x2xf32>) -> tensor<6x4xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %lo = onnx.Constant dense<0.0> : tensor<f32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<linear>} : tensor<3x2xf32> -> tensor<6x4xf32>
  %1 = onnx.ClipV13 %0 min(%lo : tensor<f32>) : tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// A float row longer than a stack row buffer (8193 floats) keeps the
// single gather too: onnx-fuse-rows would leave the passes' intermediate
// whole.
// CHECK-LABEL: func @cubic_long_rows
// CHECK:         linalg.generic
// CHECK-COUNT-16: tensor.extract %arg0
// CHECK-NOT:     linalg.generic
func.func @cubic_long_rows(%x: tensor<2x8193xf32>) -> tensor<4x16386xf32> {
  %s = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<2x8193xf32> -> tensor<4x16386xf32>
  return %0 : tensor<4x16386xf32>
}

// -----

// Cubic rows three times as long, by phases: four reads per phase, the
// last phase's sum selected unless another phase's is.
// CHECK-LABEL: func @cubic_phases
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<4x4x3xf32>)
// CHECK-COUNT-8: tensor.extract %arg0
// CHECK:         arith.select
// CHECK-COUNT-4: tensor.extract %arg0
// CHECK:         arith.select
// CHECK-NOT:     tensor.extract
// CHECK:         linalg.yield
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<4x4x3xf32> into tensor<4x12xf32>
func.func @cubic_phases(%x: tensor<4x4xf32>) -> tensor<4x12xf32> {
  %s = onnx.Constant dense<[1.0, 3.0]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<4x4xf32> -> tensor<4x12xf32>
  return %0 : tensor<4x12xf32>
}

// -----

// Resize-10's nearest with run-time scales rounds up where a scale is below
// 1 and down elsewhere.
// CHECK-LABEL: func @resize10_runtime
// CHECK:         linalg.generic
// CHECK:           %[[DOWN:.*]] = arith.cmpf olt, %{{.*}}, %{{.*}} : f64
// CHECK:           arith.select %[[DOWN]]
func.func @resize10_runtime(%x: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<?xf32> {
  %0 = onnx.ResizeV10 %x, %s : tensor<4xf32>, tensor<1xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Antialias: one pass per shrinking axis (the axis of scale 1 is a copy).
// Downsampling by 0.4 stretches the triangle to reach
// 2 - 2 * (floor(-1 / 0.4) + 1) = 6 taps. The scale is a constant, so each
// tap has a constant table of indices and one of weights, divided by their
// sum: output 0 (coordinate 0.75) weighs inputs 0, 0, 0, 1, 2, 3 by 0, 0.3,
// 0.7, 0.9, 0.5, 0.1 over 2.5. The pass is Resize's gather: no reduction.
// CHECK-LABEL: func @antialias(
// CHECK-DAG:     %[[I0:.*]] = arith.constant dense<[0, 1, 3]> : tensor<3xi32>
// CHECK-DAG:     %[[I5:.*]] = arith.constant dense<[3, 6, 7]> : tensor<3xi32>
// CHECK-DAG:     %[[W0:.*]] = arith.constant dense<[0.000000e+00, {{.*}}]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<[1.200000e-01, {{.*}}]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<[2.800000e-01, {{.*}}]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<[3.600000e-01, {{.*}}]> : tensor<3xf32>
// CHECK-DAG:     arith.constant dense<[2.000000e-01, {{.*}}]> : tensor<3xf32>
// CHECK-DAG:     %[[W5:.*]] = arith.constant dense<[0.0399999{{[0-9]*}}, {{.*}}]> : tensor<3xf32>
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[I0]], {{.*}}, %[[I5]], %[[W0]], {{.*}}, %[[W5]] :
// CHECK-COUNT-6:   tensor.extract %arg0[%{{.*}}, %{{.*}}] : tensor<4x8xf32>
// CHECK-NOT:     "reduction"
// CHECK-NOT:     arith.divf
// CHECK-LABEL: func @antialias_runtime(
func.func @antialias(%x: tensor<4x8xf32>) -> tensor<4x3xf32> {
  %s = onnx.Constant dense<[1.0, 0.4]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {antialias = 1 : i64, mode = #onnx.resize_mode<linear>} : tensor<4x8xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// With scales known only at run time, so is the number of taps: each pass
// builds its taps' tables, reduces over them and divides by the sum of
// their weights.
// CHECK:         %[[TAPS:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<?x?xindex>, tensor<?x?xf32>)
// CHECK:         %[[SUMS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[TAPS]]#0, %[[TAPS]]#1 : tensor<?x?xindex>, tensor<?x?xf32>)
// CHECK:           tensor.extract %arg0[%{{.*}}, %{{.*}}] : tensor<4x8xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[SUMS]]#0, %[[SUMS]]#1 : tensor<?x8xf32>, tensor<?x8xf32>)
// CHECK:           arith.divf
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
func.func @antialias_runtime(%x: tensor<4x8xf32>, %s: tensor<2xf32>) -> tensor<?x?xf32> {
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {antialias = 1 : i64, mode = #onnx.resize_mode<linear>} : tensor<4x8xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Antialias shrinking two float axes by 0.5: 4 taps each, one pass per
// axis in tensor order, each the gather through its constant tables, the
// last one along the last axis (onnx-fuse-rows then computes each row of
// the first pass where the second reads it).
// CHECK-LABEL: func @antialias_passes
// CHECK:         %[[H:.*]] = linalg.generic
// CHECK-COUNT-4:   tensor.extract %arg0[%{{.*}}, %{{.*}}] : tensor<8x8xf32>
// CHECK:         } -> tensor<4x8xf32>
// CHECK:         %[[Y:.*]] = linalg.generic
// CHECK-COUNT-4:   tensor.extract %[[H]][%{{.*}}, %{{.*}}] : tensor<4x8xf32>
// CHECK:         } -> tensor<4x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @antialias_passes(%x: tensor<8x8xf32>) -> tensor<4x4xf32> {
  %s = onnx.Constant dense<[0.5, 0.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {antialias = 1 : i64, mode = #onnx.resize_mode<linear>} : tensor<8x8xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// Integers too: weights of eighths over both axes give integer sums over
// 64, which the passes carry in i16 (|x| * 64 fits) and round once at the
// end, half to even (docs/semantics.md: integer results are exact).
// CHECK-LABEL: func @antialias_integer_passes
// CHECK:         arith.extsi %{{.*}} : i8 to i16
// CHECK:         } -> tensor<8x8xi16>
// CHECK:         %[[H:.*]] = linalg.generic
// CHECK-COUNT-4:   tensor.extract %{{.*}}[%{{.*}}, %{{.*}}] : tensor<8x8xi16>
// CHECK:         } -> tensor<4x8xi16>
// CHECK:         linalg.generic
// CHECK-COUNT-4:   tensor.extract %[[H]][%{{.*}}, %{{.*}}] : tensor<4x8xi16>
// CHECK:         } -> tensor<4x4xi16>
// CHECK:         linalg.generic
// CHECK:           arith.shrsi %{{.*}}, %c6_i16 : i16
// CHECK:           arith.trunci %{{.*}} : i16 to i8
// CHECK-LABEL: func @antialias_cubic_passes
func.func @antialias_integer_passes(%x: tensor<8x8xi8>) -> tensor<4x4xi8> {
  %s = onnx.Constant dense<[0.5, 0.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {antialias = 1 : i64, mode = #onnx.resize_mode<linear>} : tensor<8x8xi8> -> tensor<4x4xi8>
  return %0 : tensor<4x4xi8>
}

// Cubic at 0.5 has 8 taps per axis: 8 reads per pass, 16 per output
// rather than the 64 of a gather through both axes.
// CHECK:         %[[H:.*]] = linalg.generic
// CHECK-COUNT-8:   tensor.extract %arg0[%{{.*}}, %{{.*}}] : tensor<16x16xf32>
// CHECK:         } -> tensor<8x16xf32>
// CHECK:         linalg.generic
// CHECK-COUNT-8:   tensor.extract %[[H]][%{{.*}}, %{{.*}}] : tensor<8x16xf32>
// CHECK:         } -> tensor<8x8xf32>
func.func @antialias_cubic_passes(%x: tensor<16x16xf32>) -> tensor<8x8xf32> {
  %s = onnx.Constant dense<[0.5, 0.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {antialias = 1 : i64, mode = #onnx.resize_mode<cubic>} : tensor<16x16xf32> -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// exclude_outside drops the taps past an edge and divides by the rest:
// the edge outputs' weights are sevenths, which double does not hold, and
// the others eighths. The edge rows, then the edge columns between them,
// are pieces of their own that sum exactly in fixed point over 7 * 56 or
// 56 (an edge row's second pass in 32 bits); the interior, inserted last,
// sums both passes in 16 bits over 64 and rounds by shifts.
// CHECK-LABEL: func @antialias_integer_sevenths
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<4x4xi8>
// CHECK:           arith.floordivsi %{{.*}}, %c392_i32 : i32
// CHECK:         } -> tensor<1x4xi8>
// CHECK:         %[[TOP:.*]] = tensor.insert_slice %{{.*}} into %[[EMPTY]][0, 0] [1, 4] [1, 1]
// CHECK:         %[[BOTTOM:.*]] = tensor.insert_slice %{{.*}} into %[[TOP]][3, 0] [1, 4] [1, 1]
// CHECK:           arith.floordivsi %{{.*}}, %c56_i16 : i16
// CHECK:         } -> tensor<2x1xi8>
// CHECK:         %[[LEFT:.*]] = tensor.insert_slice %{{.*}} into %[[BOTTOM]][1, 0] [2, 1] [1, 1]
// CHECK:         %[[RIGHT:.*]] = tensor.insert_slice %{{.*}} into %[[LEFT]][1, 3] [2, 1] [1, 1]
// CHECK:         } -> tensor<2x8xi16>
// CHECK:         } -> tensor<2x2xi16>
// CHECK-NOT:       arith.floordivsi
// CHECK:           arith.shrsi %{{.*}}, %c6_i16 : i16
// CHECK:         } -> tensor<2x2xi8>
// CHECK:         %[[ALL:.*]] = tensor.insert_slice %{{.*}} into %[[RIGHT]][1, 1] [2, 2] [1, 1]
// CHECK:         return %[[ALL]]
func.func @antialias_integer_sevenths(%x: tensor<8x8xui8>) -> tensor<4x4xui8> {
  %s = onnx.Constant dense<[0.5, 0.5]> : tensor<2xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<2xf32>) {antialias = 1 : i64, exclude_outside = 1 : i64, mode = #onnx.resize_mode<linear>} : tensor<8x8xui8> -> tensor<4x4xui8>
  return %0 : tensor<4x4xui8>
}

// -----

// Antialias with tf_crop_and_resize: the 2 - 2 * (floor(-1 / 0.375) + 1) = 6
// taps of the cropped coordinates, in tables computed at run time (the roi
// is an input), their weights divided by their sum; then
// extrapolation_value where a coordinate leaves the input, from an i8 table
// of the positions inside it.
// CHECK-LABEL: func @antialias_crop
// CHECK:         %[[INSIDE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3xi8>)
// CHECK:         %[[TAPS:.*]]:12 = linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK-COUNT-6:   arith.divf %{{.*}}, %[[SUM:.*]] : f64
// CHECK:         %[[SUMS:.*]] = linalg.generic {{.*}} ins(%[[TAPS]]#0, {{.*}}, %[[TAPS]]#11 :
// CHECK-COUNT-6:   tensor.extract %arg0
// CHECK:         linalg.generic {{.*}} ins(%[[SUMS]], %[[INSIDE]] : tensor<3xf32>, tensor<3xi8>)
// CHECK:           %[[IN:.*]] = arith.cmpi ne
// CHECK:           arith.select %[[IN]], %{{.*}}, %{{.*}} : f32
func.func @antialias_crop(%x: tensor<8xf32>, %roi: tensor<2xf32>) -> tensor<3xf32> {
  %n = onnx.Constant dense<[3]> : tensor<1xi64>
  %0 = onnx.ResizeV19 %x roi(%roi : tensor<2xf32>) sizes(%n : tensor<1xi64>) {antialias = 1 : i64, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_crop_and_resize>, extrapolation_value = 9.0 : f32, mode = #onnx.resize_mode<linear>} : tensor<8xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// float16 sums in f64, then saturated at ±65504 (a cubic overshoot)
// before rounding to float16 (through float32 rounded to odd, see
// @linear_float16); maximumf and minimumf leave NaN as it is.
// CHECK-LABEL: func @float16_in_f64
// CHECK-DAG:     %[[MAX:.*]] = arith.constant 6.550400e+04 : f64
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -6.550400e+04 : f64
// CHECK:         linalg.generic
// CHECK-COUNT-4:   arith.extf %{{.*}} : f16 to f64
// CHECK:           %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f64
// CHECK:           %[[ABOVE:.*]] = arith.maximumf %[[SUM]], %[[MIN]] : f64
// CHECK:           %[[INSIDE:.*]] = arith.minimumf %[[ABOVE]], %[[MAX]] : f64
// CHECK:           arith.truncf %[[INSIDE]] : f64 to f32
// CHECK:           arith.truncf %{{.*}} : f32 to f16
func.func @float16_in_f64(%x: tensor<8xf16>) -> tensor<20xf16> {
  %s = onnx.Constant dense<[2.5]> : tensor<1xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<1xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<8xf16> -> tensor<20xf16>
  return %0 : tensor<20xf16>
}

// -----

// Linear over 7 axes would sum 2^7 products of taps per output in one
// gather: each axis is a pass of its own (7 gathers of 2 taps, in f64 for
// integers), then the result is rounded to the type once. Past rank 4,
// each pass sees its operand as the axes before its own, its own and the
// axes after; the conversions, elementwise, as one axis.
// CHECK-LABEL: func @linear_axis_by_axis
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1, 2, 3, 4, 5, 6]] : tensor<2x2x2x2x2x2x2xi16> into tensor<128xi16>
// CHECK:         linalg.generic {{.*}} ins(%[[FLAT]] : tensor<128xi16>) outs(%{{.*}} : tensor<128xf64>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<3x64xf64>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<3x3x32xf64>)
// CHECK:         tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3, 4, 5, 6]] : tensor<3x3x2x2x2x2x2xf64> into tensor<9x2x16xf64>
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<9x3x16xf64>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<27x3x8xf64>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<81x3x4xf64>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<243x3x2xf64>)
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<729x3xf64>)
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<2187xf64>) outs(%{{.*}} : tensor<2187xi16>)
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2, 3, 4, 5, 6]] output_shape [3, 3, 3, 3, 3, 3, 3] : tensor<2187xi16> into tensor<3x3x3x3x3x3x3xi16>
// CHECK-NOT:     linalg.generic
func.func @linear_axis_by_axis(%x: tensor<2x2x2x2x2x2x2xi16>) -> tensor<3x3x3x3x3x3x3xi16> {
  %s = onnx.Constant dense<1.5> : tensor<7xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<7xf32>) {mode = #onnx.resize_mode<linear>} : tensor<2x2x2x2x2x2x2xi16> -> tensor<3x3x3x3x3x3x3xi16>
  return %0 : tensor<3x3x3x3x3x3x3xi16>
}

// -----

// Channels after the last resized axis (an HWC image) fold into it: the
// gather runs over [h, w * c], and tap t of output o * 3 + c reads input
// i * 3 + c, where i is the tap's pixel.
// CHECK-LABEL: func @linear_channels_last
// CHECK-DAG:     %[[BEFORE:.*]] = arith.constant dense<[0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5]> : tensor<12xi32>
// CHECK-DAG:     %[[AFTER:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5]> : tensor<12xi32>
// CHECK-DAG:     %[[QUARTERS:.*]] = arith.constant dense<[2.500000e-01, 2.500000e-01, 2.500000e-01, 7.500000e-01, 7.500000e-01, 7.500000e-01, 2.500000e-01, 2.500000e-01, 2.500000e-01, 7.500000e-01, 7.500000e-01, 7.500000e-01]> : tensor<12xf32>
// CHECK:         %[[FOLDED:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1, 2]] : tensor<2x2x3xf32> into tensor<2x6xf32>
// CHECK:         %[[ROWS:.*]] = linalg.generic {{.*}} ins({{.*}}%[[BEFORE]], %[[AFTER]], %[[QUARTERS]], {{.*}}) outs(%{{.*}} : tensor<4x12xf32>)
// CHECK:           tensor.extract %[[FOLDED]][%{{.*}}, %{{.*}}] : tensor<2x6xf32>
// CHECK:         tensor.expand_shape %[[ROWS]] {{\[}}[0], [1, 2]] output_shape [4, 4, 3] : tensor<4x12xf32> into tensor<4x4x3xf32>
func.func @linear_channels_last(%x: tensor<2x2x3xf32>) -> tensor<4x4x3xf32> {
  %s = onnx.Constant dense<[2.0, 2.0, 1.0]> : tensor<3xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) {mode = #onnx.resize_mode<linear>} : tensor<2x2x3xf32> -> tensor<4x4x3xf32>
  return %0 : tensor<4x4x3xf32>
}

// -----

// tf_crop_and_resize: the table of positions inside the input folds with
// the channels too.
// CHECK-LABEL: func @crop_channels_last
// CHECK-DAG:     arith.constant dense<[1, 1, 1, 1, 0, 0]> : tensor<6xi8>
// CHECK:         tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<4x2xf32> into tensor<8xf32>
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @crop_channels_last(%x: tensor<4x2xf32>) -> tensor<3x2xf32> {
  %n = onnx.Constant dense<[3, 2]> : tensor<2xi64>
  %roi = onnx.Constant dense<[0.5, 0.0, 1.5, 1.0]> : tensor<4xf32>
  %0 = onnx.ResizeV19 %x roi(%roi : tensor<4xf32>) sizes(%n : tensor<2xi64>) {mode = #onnx.resize_mode<linear>, coordinate_transformation_mode = #onnx.coordinate_transformation_mode<tf_crop_and_resize>, extrapolation_value = 7.0 : f32} : tensor<4x2xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// More channels than fold (here 8) are a vector of their own: the gather
// keeps its three dimensions.
// CHECK-LABEL: func @linear_many_channels
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<4x4x8xf32>)
func.func @linear_many_channels(%x: tensor<2x2x8xf32>) -> tensor<4x4x8xf32> {
  %s = onnx.Constant dense<[2.0, 2.0, 1.0]> : tensor<3xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) {mode = #onnx.resize_mode<linear>} : tensor<2x2x8xf32> -> tensor<4x4x8xf32>
  return %0 : tensor<4x4x8xf32>
}

// -----

// Nearest folds its channels too, where no broadcast repeats each pixel
// (x1.5): output pixel o's channel c reads input 3 * (2o / 3) + c.
// CHECK-LABEL: func @nearest_channels_last
// CHECK-DAG:     %[[TAPS:.*]] = arith.constant dense<[0, 1, 2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]> : tensor<18xi32>
// CHECK:         %[[FOLDED:.*]] = tensor.collapse_shape %arg0 {{\[}}[0], [1, 2]] : tensor<2x4x3xi8> into tensor<2x12xi8>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[TAPS]] : tensor<3xi32>, tensor<18xi32>) outs(%{{.*}} : tensor<3x18xi8>)
// CHECK:           tensor.extract %[[FOLDED]][%{{.*}}, %{{.*}}] : tensor<2x12xi8>
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [3, 6, 3]
func.func @nearest_channels_last(%x: tensor<2x4x3xui8>) -> tensor<3x6x3xui8> {
  %s = onnx.Constant dense<[1.5, 1.5, 1.0]> : tensor<3xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) {coordinate_transformation_mode = #onnx.coordinate_transformation_mode<asymmetric>, nearest_mode = #onnx.nearest_mode<floor>} : tensor<2x4x3xui8> -> tensor<3x6x3xui8>
  return %0 : tensor<3x6x3xui8>
}

// -----

// Fixed-point sums are exact in any order: like floats, they nest with the
// last axis outermost, so that the inner sums blend the rows of one column
// (in vector code, one shuffle of the blend serves the column's taps).
// CHECK-LABEL: func @linear_integer_rows_inside
// CHECK:         linalg.generic
// CHECK:           %[[COL:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:           %[[ROW0:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:           tensor.extract %{{.*}}[%[[ROW0]], %[[COL]]] : tensor<4x4xi8>
// CHECK:           %[[ROW1:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:           tensor.extract %{{.*}}[%[[ROW1]], %[[COL]]] : tensor<4x4xi8>
func.func @linear_integer_rows_inside(%x: tensor<4x4xui8>) -> tensor<6x6xui8> {
  %s = onnx.Constant dense<[6, 6]> : tensor<2xi64>
  %0 = onnx.ResizeV19 %x sizes(%s : tensor<2xi64>) {mode = #onnx.resize_mode<linear>} : tensor<4x4xui8> -> tensor<6x6xui8>
  return %0 : tensor<6x6xui8>
}
