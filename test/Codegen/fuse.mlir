// RUN: onnx-opt %s -onnx-choose-schedules -convert-onnx-to-linalg -onnx-fuse -canonicalize -cse -split-input-file | FileCheck %s

// Pointwise chains: one loop nest, flattened to one dimension, each Clip's
// compare/select pair applied in node order.
// CHECK-LABEL: func @clip_chain
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>)
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1]]
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[FLAT]] : tensor<32xf32>)
// CHECK:           arith.cmpf olt, %{{.*}}, %[[LO1:cst.*]] : f32
// CHECK:           arith.cmpf olt, %[[HI1:cst.*]], %{{.*}} : f32
// CHECK:           arith.cmpf olt, %{{.*}}, %[[LO2:cst.*]] : f32
// CHECK:           linalg.yield
// CHECK-NOT:     linalg.generic
func.func @clip_chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %lo = onnx.Constant dense<-1.0> : tensor<f32>
  %hi = onnx.Constant dense<1.0> : tensor<f32>
  %lo2 = onnx.Constant dense<-0.5> : tensor<f32>
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) max(%hi : tensor<f32>) : tensor<4x8xf32>
  %1 = onnx.ClipV13 %0 min(%lo2 : tensor<f32>) : tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// -----

// Clip -> nearest x2 -> Clip: one broadcast loop nest reading X.
// CHECK-LABEL: func @clip_nearest_clip
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<1x2x4x4xf32>) outs(%{{.*}} : tensor<1x2x4x2x4x2xf32>)
// CHECK-COUNT-4:   arith.select
// CHECK:           linalg.yield
// CHECK:         %[[Y:.*]] = tensor.collapse_shape %[[G]]
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[Y]]
func.func @clip_nearest_clip(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %lo = onnx.Constant dense<-1.0> : tensor<f32>
  %hi = onnx.Constant dense<0.5> : tensor<f32>
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) : tensor<1x2x4x4xf32>
  %1 = onnx.UpsampleV10 %0, %s : tensor<1x2x4x4xf32>, tensor<4xf32> -> tensor<1x2x8x8xf32>
  %2 = onnx.ClipV13 %1 max(%hi : tensor<f32>) : tensor<1x2x8x8xf32>
  return %2 : tensor<1x2x8x8xf32>
}

// -----

// A Clip feeding a gather is recomputed on the tap the gather reads.
// CHECK-LABEL: func @clip_gather
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK:         linalg.generic
// CHECK:           %[[TAP:.*]] = tensor.extract %[[X]]
// CHECK:           arith.cmpf olt, %[[TAP]], %{{.*}} : f32
// CHECK:           linalg.yield
// CHECK-NOT:     linalg.generic
func.func @clip_gather(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x6x6xf32> {
  %lo = onnx.Constant dense<-1.0> : tensor<f32>
  %s = onnx.Constant dense<[1.0, 1.0, 1.5, 1.5]> : tensor<4xf32>
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) : tensor<1x2x4x4xf32>
  %1 = onnx.UpsampleV10 %0, %s : tensor<1x2x4x4xf32>, tensor<4xf32> -> tensor<1x2x6x6xf32>
  return %1 : tensor<1x2x6x6xf32>
}

// -----

// Nearest into nearest: the taps compose through the reshape of the first
// (its repeat dimension recovered with a division).
// CHECK-LABEL: func @nearest_gather
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x4x4xi8>)
// CHECK:         linalg.generic
// CHECK:           arith.divui
// CHECK:           tensor.extract %[[X]]
// CHECK-NOT:     linalg.generic
func.func @nearest_gather(%x: tensor<1x2x4x4xi8>) -> tensor<1x2x12x12xi8> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %t = onnx.Constant dense<[1.0, 1.0, 1.5, 1.5]> : tensor<4xf32>
  %0 = onnx.UpsampleV10 %x, %s : tensor<1x2x4x4xi8>, tensor<4xf32> -> tensor<1x2x8x8xi8>
  %1 = onnx.UpsampleV10 %0, %t : tensor<1x2x8x8xi8>, tensor<4xf32> -> tensor<1x2x12x12xi8>
  return %1 : tensor<1x2x12x12xi8>
}

// -----

// A Clip feeding a linear Upsample is recomputed on each corner it reads.
// CHECK-LABEL: func @clip_linear
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK:         linalg.generic
// CHECK:           %[[A:.*]] = tensor.extract %[[X]]
// CHECK-NEXT:      arith.cmpf olt, %[[A]], %[[LO:cst.*]] : f32
// CHECK:           %[[B:.*]] = tensor.extract %[[X]]
// CHECK-NEXT:      arith.cmpf olt, %[[B]], %[[LO]] : f32
// CHECK:           %[[C:.*]] = tensor.extract %[[X]]
// CHECK-NEXT:      arith.cmpf olt, %[[C]], %[[LO]] : f32
// CHECK:           %[[D:.*]] = tensor.extract %[[X]]
// CHECK-NEXT:      arith.cmpf olt, %[[D]], %[[LO]] : f32
// CHECK:           arith.mulf
// CHECK-NOT:     ins(%[[X]] :
func.func @clip_linear(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %lo = onnx.Constant dense<-1.0> : tensor<f32>
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) : tensor<1x2x4x4xf32>
  %1 = onnx.UpsampleV10 %0, %s mode linear : tensor<1x2x4x4xf32>, tensor<4xf32> -> tensor<1x2x8x8xf32>
  return %1 : tensor<1x2x8x8xf32>
}

// -----

// Along a stencil axis (here the only interpolated one) the Clip is
// recomputed on each corner slice of X instead.
// CHECK-LABEL: func @clip_linear_rows
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x4x4xf32>)
// CHECK-COUNT-2: tensor.extract_slice %[[X]]
// CHECK:         linalg.generic
// CHECK-COUNT-2:   arith.cmpf olt, %{{.*}}, %[[LO:cst.*]] : f32
// CHECK:           arith.mulf
// CHECK-NOT:     ins(%[[X]] :
func.func @clip_linear_rows(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x4xf32> {
  %lo = onnx.Constant dense<-1.0> : tensor<f32>
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 1.0]> : tensor<4xf32>
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) : tensor<1x2x4x4xf32>
  %1 = onnx.UpsampleV10 %0, %s mode linear : tensor<1x2x4x4xf32>, tensor<4xf32> -> tensor<1x2x8x4xf32>
  return %1 : tensor<1x2x8x4xf32>
}

// -----

// A linear Upsample takes its single pointwise consumer into each region
// of its output, each still computed in place in its slice of the output;
// the Clip compares the value already rounded to f16.
// CHECK-LABEL: func @linear_clip_f16
// CHECK:         %[[OUT:.*]] = tensor.empty() : tensor<1x2x8x8xf16>
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[OUT]][0, 0, 0, 0] [1, 2, 6, 8]
// CHECK:         %[[VIEW:.*]] = tensor.expand_shape %[[SLICE]]
// CHECK:         linalg.generic {{.*}} outs(%[[VIEW]] :
// CHECK:           arith.mulf
// CHECK:           arith.truncf %{{.*}} : f32 to f16
// CHECK:           %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : f16
// CHECK-NEXT:      arith.cmpf olt, %[[R]], %{{.*}} : f16
// CHECK:         tensor.insert_slice
// CHECK-NOT:     tensor.collapse_shape %{{.*}} {{\[\[}}0, 1, 2, 3]]
// CHECK:         return
func.func @linear_clip_f16(%x: tensor<1x2x4x4xf16>) -> tensor<1x2x8x8xf16> {
  %lo = onnx.Constant dense<-1.0> : tensor<f16>
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<1x2x4x4xf16>, tensor<4xf32> -> tensor<1x2x8x8xf16>
  %1 = onnx.ClipV13 %0 min(%lo : tensor<f16>) : tensor<1x2x8x8xf16>
  return %1 : tensor<1x2x8x8xf16>
}

// -----

// Not fused: a linear Upsample read by a gather stays a tensor; the gather
// reads it, not X.
// CHECK-LABEL: func @linear_gather
// CHECK:         tensor.insert_slice
// CHECK:         %[[LINEAR:.*]] = tensor.insert_slice
// CHECK:         linalg.generic
// CHECK:           tensor.extract %[[LINEAR]]
func.func @linear_gather(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x12x12xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %t = onnx.Constant dense<[1.0, 1.0, 1.5, 1.5]> : tensor<4xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<1x2x4x4xf32>, tensor<4xf32> -> tensor<1x2x8x8xf32>
  %1 = onnx.UpsampleV10 %0, %t : tensor<1x2x8x8xf32>, tensor<4xf32> -> tensor<1x2x12x12xf32>
  return %1 : tensor<1x2x12x12xf32>
}

// -----

// Not fused: a linear Upsample with two consumers is computed once; both
// Clips read it.
// CHECK-LABEL: func @linear_two_consumers
// CHECK:         tensor.insert_slice
// CHECK:         %[[LINEAR:.*]] = tensor.insert_slice
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[LINEAR]]
// CHECK:         linalg.generic {{.*}} ins(%[[FLAT]] :
// CHECK:         linalg.generic {{.*}} ins(%[[FLAT]] :
func.func @linear_two_consumers(%x: tensor<1x2x4x4xf32>) -> (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) {
  %lo = onnx.Constant dense<-1.0> : tensor<f32>
  %hi = onnx.Constant dense<1.0> : tensor<f32>
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<1x2x4x4xf32>, tensor<4xf32> -> tensor<1x2x8x8xf32>
  %1 = onnx.ClipV13 %0 min(%lo : tensor<f32>) : tensor<1x2x8x8xf32>
  %2 = onnx.ClipV13 %0 max(%hi : tensor<f32>) : tensor<1x2x8x8xf32>
  return %1, %2 : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>
}

// -----

// A Clip with two consumers is recomputed in both: each reads X.
// CHECK-LABEL: func @clip_two_consumers
// CHECK-SAME:    (%[[X:.*]]: tensor<16xi8>)
// CHECK:         linalg.generic {{.*}} ins(%[[X]] :
// CHECK:           arith.maxsi
// CHECK-NEXT:      arith.minsi
// CHECK:         linalg.generic {{.*}} ins(%[[X]] :
// CHECK:           %[[T:.*]] = arith.maxsi %{{.*}}, %[[M1:.*]] : i8
// CHECK-NEXT:      arith.minsi %[[T]], %[[M1]] : i8
func.func @clip_two_consumers(%x: tensor<16xi8>) -> (tensor<16xi8>, tensor<16xi8>) {
  %lo = onnx.Constant dense<-1> : tensor<i8>
  %hi = onnx.Constant dense<1> : tensor<i8>
  %0 = onnx.ClipV13 %x min(%lo : tensor<i8>) : tensor<16xi8>
  %1 = onnx.ClipV13 %0 max(%hi : tensor<i8>) : tensor<16xi8>
  %2 = onnx.ClipV13 %0 max(%lo : tensor<i8>) : tensor<16xi8>
  return %1, %2 : tensor<16xi8>, tensor<16xi8>
}

// -----

// Flattening: with one dynamic dimension the nest becomes 1-D; with two it
// keeps its shape (no dynamic reshapes for expand-strided-metadata), and so
// does an empty nest (a dynamic dimension times 0 is not dynamic).
// CHECK-LABEL: func @dynamic_one
// CHECK:         tensor.collapse_shape {{.*}} : tensor<?x4xi32> into tensor<?xi32>
// CHECK-LABEL: func @dynamic_two
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<?x?xi32>)
// CHECK-LABEL: func @dynamic_empty
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<?x0xi32>)
func.func @dynamic_one(%x: tensor<?x4xi32>, %lo: tensor<i32>) -> tensor<?x4xi32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i32>) : tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}
func.func @dynamic_two(%x: tensor<?x?xi32>, %lo: tensor<i32>) -> tensor<?x?xi32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i32>) : tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}
func.func @dynamic_empty(%x: tensor<?x0xi32>, %lo: tensor<i32>) -> tensor<?x0xi32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i32>) : tensor<?x0xi32>
  return %0 : tensor<?x0xi32>
}

// -----

// A Clip that is also a graph output is stored anyway: the next Clip reads
// it back instead of recomputing it.
// CHECK-LABEL: func @output_consumed
// CHECK-SAME:    (%[[X:.*]]: tensor<16xf64>)
// CHECK:         %[[FIRST:.*]] = linalg.generic {{.*}} ins(%[[X]] :
// CHECK:         %[[SECOND:.*]] = linalg.generic {{.*}} ins(%[[FIRST]] :
// CHECK:         return %[[FIRST]], %[[SECOND]]
func.func @output_consumed(%x: tensor<16xf64>) -> (tensor<16xf64>, tensor<16xf64>) {
  %lo = onnx.Constant dense<-1.0> : tensor<f64>
  %hi = onnx.Constant dense<1.0> : tensor<f64>
  %0 = onnx.ClipV13 %x min(%lo : tensor<f64>) : tensor<16xf64>
  %1 = onnx.ClipV13 %0 max(%hi : tensor<f64>) : tensor<16xf64>
  return %0, %1 : tensor<16xf64>, tensor<16xf64>
}

// -----

// A long chain is one loop nest, its payloads in node order.
// CHECK-LABEL: func @long_chain
// CHECK-COUNT-1: linalg.generic
// CHECK:           arith.maxui %{{.*}}, %[[A:.*]] : i16
// CHECK:           arith.maxui %{{.*}}, %[[B:.*]] : i16
// CHECK:           arith.maxui %{{.*}}, %[[A]] : i16
// CHECK:           arith.maxui %{{.*}}, %[[B]] : i16
// CHECK-NOT:     linalg.generic
func.func @long_chain(%x: tensor<2x3xui16>) -> tensor<2x3xui16> {
  %a = onnx.Constant dense<1> : tensor<ui16>
  %b = onnx.Constant dense<2> : tensor<ui16>
  %0 = onnx.ClipV13 %x min(%a : tensor<ui16>) : tensor<2x3xui16>
  %1 = onnx.ClipV13 %0 min(%b : tensor<ui16>) : tensor<2x3xui16>
  %2 = onnx.ClipV13 %1 min(%a : tensor<ui16>) : tensor<2x3xui16>
  %3 = onnx.ClipV13 %2 min(%b : tensor<ui16>) : tensor<2x3xui16>
  return %3 : tensor<2x3xui16>
}

// -----

// The regions of a linear Upsample keep their output slices as inits (a
// payload that never reads its init must not get a fresh one): they are
// computed in place, with no copy into the output.
// CHECK-LABEL: func @linear_in_place
// CHECK:         %[[OUT:.*]] = tensor.empty() : tensor<1x2x8x8xf32>
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[OUT]][0, 0, 0, 0] [1, 2, 6, 8]
// CHECK:         %[[VIEW:.*]] = tensor.expand_shape %[[SLICE]]
// CHECK:         linalg.generic {{.*}} outs(%[[VIEW]] : tensor<1x2x3x2x4x2xf32>)
func.func @linear_in_place(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x8x8xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<1x2x4x4xf32>, tensor<4xf32> -> tensor<1x2x8x8xf32>
  return %0 : tensor<1x2x8x8xf32>
}

// -----

// The passes of a Resize of rank over 4 gather over three axes (those
// before the pass's axis, its own, those after), and keep them: reshapes
// do not propagate into gathers, which would give them one loop per axis
// again.
// CHECK-LABEL: func @cubic_rank5_passes
// CHECK-NOT:     linalg.generic {{.*}}"parallel", "parallel", "parallel", "parallel"
// CHECK:         tensor.expand_shape %{{.*}} {{\[}}[0, 1, 2, 3], [4]] output_shape [4, 6, 4, 6, 8] : tensor<576x8xf32> into tensor<4x6x4x6x8xf32>
func.func @cubic_rank5_passes(%x: tensor<2x3x2x3x4xf32>) -> tensor<4x6x4x6x8xf32> {
  %s = onnx.Constant dense<2.0> : tensor<5xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<5xf32>) {mode = #onnx.resize_mode<cubic>} : tensor<2x3x2x3x4xf32> -> tensor<4x6x4x6x8xf32>
  return %0 : tensor<4x6x4x6x8xf32>
}

// -----

// An antialiased uint8 HWC Resize in fixed point. The pass along H moves
// whole rows of pixels: it reads the input through a collapse of its
// trailing axes, with the widening recomputed at each tap on that collapse
// (indices stay contiguous). Its integer multiplies weigh taps, so the pass
// after it reads it rather than recomputing it per tap. The rounding to
// uint8 runs on the pixels the last pass gathers, and fuses into it.
// CHECK-LABEL: func @antialias_hwc_fixed_point
// CHECK:         %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<8x12x3xi8> into tensor<8x36xi8>
// CHECK:         %[[H:.*]] = linalg.generic
// CHECK-COUNT-4:   tensor.extract %[[X]][%{{.*}}, %{{.*}}] : tensor<8x36xi8>
// CHECK:         } -> tensor<4x36xi16>
// CHECK:         %[[W:.*]] = linalg.generic
// CHECK-COUNT-4:   tensor.extract %[[H]][%{{.*}}, %{{.*}}] : tensor<4x36xi16>
// CHECK:           arith.shrsi
// CHECK:           arith.trunci %{{.*}} : i16 to i8
// CHECK:         } -> tensor<4x18xi8>
// CHECK:         %[[Y:.*]] = tensor.expand_shape %[[W]] {{\[\[}}0], [1, 2]]
// CHECK-NEXT:    return %[[Y]]
func.func @antialias_hwc_fixed_point(%x: tensor<8x12x3xui8>) -> tensor<4x6x3xui8> {
  %s = onnx.Constant dense<[0.5, 0.5, 1.0]> : tensor<3xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<3xf32>) {antialias = 1 : i64, mode = #onnx.resize_mode<linear>} : tensor<8x12x3xui8> -> tensor<4x6x3xui8>
  return %0 : tensor<4x6x3xui8>
}
