// RUN: onnx-opt %s -convert-onnx-to-linalg -split-input-file | FileCheck %s

// Floats: ordered compare and select, elementwise over the input's shape.
// CHECK-LABEL: func @clip_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4xf32>, %[[LO:.*]]: tensor<f32>, %[[HI:.*]]: tensor<1xf32>) -> tensor<3x4xf32>
// CHECK-DAG:     %[[MIN:.*]] = tensor.extract %[[LO]][] : tensor<f32>
// CHECK-DAG:     %[[MAX:.*]] = tensor.extract %[[HI]][%{{.*}}] : tensor<1xf32>
// CHECK:         %[[Y:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[X]] : tensor<3x4xf32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[BELOW:.*]] = arith.cmpf olt, %[[IN]], %[[MIN]] : f32
// CHECK-NEXT:      %[[T:.*]] = arith.select %[[BELOW]], %[[MIN]], %[[IN]] : f32
// CHECK-NEXT:      %[[ABOVE:.*]] = arith.cmpf olt, %[[MAX]], %[[T]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[ABOVE]], %[[MAX]], %[[T]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32
// CHECK:         return %[[Y]] : tensor<3x4xf32>
func.func @clip_f32(%x: tensor<3x4xf32>, %lo: tensor<f32>, %hi: tensor<1xf32>) -> tensor<3x4xf32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) max(%hi : tensor<1xf32>) : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Signed integers: maxsi then minsi.
// CHECK-LABEL: func @clip_i32
// CHECK:         linalg.generic
// CHECK:           %[[T:.*]] = arith.maxsi %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      arith.minsi %[[T]], %{{.*}} : i32
func.func @clip_i32(%x: tensor<8xi32>, %lo: tensor<i32>, %hi: tensor<i32>) -> tensor<8xi32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<i32>) max(%hi : tensor<i32>) : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// Unsigned integers become signless and compare unsigned; the absent min is
// 0, the lowest value of ui8.
// CHECK-LABEL: func @clip_ui8
// CHECK-SAME:    (%{{.*}}: tensor<5xi8>, %{{.*}}: tensor<i8>) -> tensor<5xi8>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:         linalg.generic
// CHECK:           %[[T:.*]] = arith.maxui %{{.*}}, %[[ZERO]] : i8
// CHECK-NEXT:      arith.minui %[[T]], %{{.*}} : i8
func.func @clip_ui8(%x: tensor<5xui8>, %hi: tensor<ui8>) -> tensor<5xui8> {
  %0 = onnx.ClipV13 %x max(%hi : tensor<ui8>) : tensor<5xui8>
  return %0 : tensor<5xui8>
}

// -----

// Absent bounds are the extremes of T: +-65504 in f16, +-3.38953139e38 in
// bf16, the signed extremes of i16.
// CHECK-LABEL: func @clip_absent_f16
// CHECK-DAG:     arith.constant -6.550400e+04 : f16
// CHECK-DAG:     arith.constant 6.550400e+04 : f16
func.func @clip_absent_f16(%x: tensor<2xf16>) -> tensor<2xf16> {
  %0 = onnx.ClipV13 %x : tensor<2xf16>
  return %0 : tensor<2xf16>
}
// CHECK-LABEL: func @clip_absent_bf16
// CHECK-DAG:     arith.constant -3.389530e+38 : bf16
// CHECK-DAG:     arith.constant 3.389530e+38 : bf16
func.func @clip_absent_bf16(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  %0 = onnx.ClipV13 %x : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}
// CHECK-LABEL: func @clip_absent_i16
// CHECK-DAG:     arith.constant -32768 : i16
// CHECK-DAG:     arith.constant 32767 : i16
func.func @clip_absent_i16(%x: tensor<2xi16>) -> tensor<2xi16> {
  %0 = onnx.ClipV13 %x : tensor<2xi16>
  return %0 : tensor<2xi16>
}
// CHECK-LABEL: func @clip_absent_u64
// CHECK-DAG:     arith.constant 0 : i64
// CHECK-DAG:     arith.constant -1 : i64
// CHECK:           arith.maxui
// CHECK:           arith.minui
func.func @clip_absent_u64(%x: tensor<2xui64>) -> tensor<2xui64> {
  %0 = onnx.ClipV13 %x : tensor<2xui64>
  return %0 : tensor<2xui64>
}

// -----

// Rank 0 and dynamic shapes.
// CHECK-LABEL: func @clip_scalar
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = []} ins(%{{.*}} : tensor<f64>)
func.func @clip_scalar(%x: tensor<f64>) -> tensor<f64> {
  %0 = onnx.ClipV13 %x : tensor<f64>
  return %0 : tensor<f64>
}
// CHECK-LABEL: func @clip_dynamic
// CHECK:         %[[D0:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x3xf32>
// CHECK:         tensor.empty(%[[D0]]) : tensor<?x3xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<?x3xf32>) outs(%{{.*}} : tensor<?x3xf32>)
func.func @clip_dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = onnx.ClipV13 %x : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
