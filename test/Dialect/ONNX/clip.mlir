// RUN: onnx-opt %s | onnx-opt | FileCheck %s
// RUN: onnx-opt %s -mlir-print-op-generic | onnx-opt | FileCheck %s

// CHECK-LABEL: func @clip_v1
func.func @clip_v1(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // CHECK: onnx.ClipV1 %{{.*}} min 0.000000e+00 max 6.000000e+00 : tensor<3xf32>
  %0 = onnx.ClipV1 %x min 0.0 max 6.0 : tensor<3xf32>
  // CHECK: onnx.ClipV1 %{{.*}} max -1.500000e+00 : tensor<3xf32>
  %1 = onnx.ClipV1 %x max -1.5 : tensor<3xf32>
  // CHECK: onnx.ClipV1 %{{.*}} {consumed_inputs = array<i64: 0>} : tensor<3xf32>
  %2 = onnx.ClipV1 %x {consumed_inputs = array<i64: 0>} : tensor<3xf32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @clip_v1_types
func.func @clip_v1_types(%a: tensor<2x?xf16>, %b: tensor<f64>) -> (tensor<2x?xf16>, tensor<f64>) {
  // CHECK: onnx.ClipV1 %{{.*}} min 1.000000e+00 : tensor<2x?xf16>
  %0 = onnx.ClipV1 %a min 1.0 : tensor<2x?xf16>
  // CHECK: onnx.ClipV1 %{{.*}} : tensor<f64>
  %1 = onnx.ClipV1 %b : tensor<f64>
  return %0, %1 : tensor<2x?xf16>, tensor<f64>
}

// The V6 defaults (the float32 extremes) are elided when printed.
// CHECK-LABEL: func @clip_v6
func.func @clip_v6(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  // CHECK: onnx.ClipV6 %{{.*}} : tensor<4xf64>
  %0 = onnx.ClipV6 %x : tensor<4xf64>
  // CHECK: onnx.ClipV6 %{{.*}} min -1.000000e-01 : tensor<4xf64>
  %1 = onnx.ClipV6 %x min -0.1 : tensor<4xf64>
  // CHECK: onnx.ClipV6 %{{.*}} : tensor<4xf64>
  %2 = onnx.ClipV6 %x min -3.40282347E+38 max 3.40282347E+38 : tensor<4xf64>
  return %0, %1, %2 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// CHECK-LABEL: func @clip_v11
func.func @clip_v11(%x: tensor<3x4xf16>, %lo: tensor<f16>, %hi: tensor<1xf16>) -> (tensor<3x4xf16>, tensor<3x4xf16>, tensor<3x4xf16>, tensor<3x4xf16>) {
  // CHECK: onnx.ClipV11 %{{.*}} min(%{{.*}} : tensor<f16>) max(%{{.*}} : tensor<1xf16>) : tensor<3x4xf16>
  %0 = onnx.ClipV11 %x min(%lo : tensor<f16>) max(%hi : tensor<1xf16>) : tensor<3x4xf16>
  // CHECK: onnx.ClipV11 %{{.*}} min(%{{.*}} : tensor<f16>) : tensor<3x4xf16>
  %1 = onnx.ClipV11 %x min(%lo : tensor<f16>) : tensor<3x4xf16>
  // CHECK: onnx.ClipV11 %{{.*}} max(%{{.*}} : tensor<1xf16>) : tensor<3x4xf16>
  %2 = onnx.ClipV11 %x max(%hi : tensor<1xf16>) : tensor<3x4xf16>
  // CHECK: onnx.ClipV11 %{{.*}} : tensor<3x4xf16>
  %3 = onnx.ClipV11 %x : tensor<3x4xf16>
  return %0, %1, %2, %3 : tensor<3x4xf16>, tensor<3x4xf16>, tensor<3x4xf16>, tensor<3x4xf16>
}

// CHECK-LABEL: func @clip_v12
func.func @clip_v12(%a: tensor<5xi8>, %b: tensor<5xui64>, %lo: tensor<i8>, %hi: tensor<ui64>, %c: tensor<?xf32>, %d: tensor<?xf32>) -> (tensor<5xi8>, tensor<5xui64>, tensor<?xf32>) {
  // CHECK: onnx.ClipV12 %{{.*}} min(%{{.*}} : tensor<i8>) : tensor<5xi8>
  %0 = onnx.ClipV12 %a min(%lo : tensor<i8>) : tensor<5xi8>
  // CHECK: onnx.ClipV12 %{{.*}} max(%{{.*}} : tensor<ui64>) : tensor<5xui64>
  %1 = onnx.ClipV12 %b max(%hi : tensor<ui64>) : tensor<5xui64>
  // A bound of dynamic shape is checked at run time.
  // CHECK: onnx.ClipV12 %{{.*}} min(%{{.*}} : tensor<?xf32>) : tensor<?xf32>
  %2 = onnx.ClipV12 %c min(%d : tensor<?xf32>) : tensor<?xf32>
  return %0, %1, %2 : tensor<5xi8>, tensor<5xui64>, tensor<?xf32>
}

// CHECK-LABEL: func @clip_v13
func.func @clip_v13(%a: tensor<2x3xbf16>, %lo: tensor<1x1xbf16>, %b: tensor<7xui16>, %c: tensor<7xi64>) -> (tensor<2x3xbf16>, tensor<7xui16>, tensor<7xi64>) {
  // CHECK: onnx.ClipV13 %{{.*}} min(%{{.*}} : tensor<1x1xbf16>) : tensor<2x3xbf16>
  %0 = onnx.ClipV13 %a min(%lo : tensor<1x1xbf16>) : tensor<2x3xbf16>
  // CHECK: onnx.ClipV13 %{{.*}} : tensor<7xui16>
  %1 = onnx.ClipV13 %b : tensor<7xui16>
  // CHECK: onnx.ClipV13 %{{.*}} : tensor<7xi64>
  %2 = onnx.ClipV13 %c : tensor<7xi64>
  return %0, %1, %2 : tensor<2x3xbf16>, tensor<7xui16>, tensor<7xi64>
}
