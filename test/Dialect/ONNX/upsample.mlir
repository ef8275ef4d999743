// RUN: onnx-opt %s | onnx-opt | FileCheck %s
// RUN: onnx-opt %s -mlir-print-op-generic | onnx-opt | FileCheck %s

// CHECK-LABEL: func @upsample_v1
func.func @upsample_v1(%x: tensor<1x3x2x2xf32>, %b: tensor<2x1x?x5xi1>) -> (tensor<1x3x4x6xf32>, tensor<1x3x5x5xf32>, tensor<2x1x?x10xi1>) {
  // CHECK: onnx.UpsampleV1 %{{.*}} height_scale 2.000000e+00 width_scale 3.000000e+00 : tensor<1x3x2x2xf32> -> tensor<1x3x4x6xf32>
  %0 = onnx.UpsampleV1 %x height_scale 2.0 width_scale 3.0 : tensor<1x3x2x2xf32> -> tensor<1x3x4x6xf32>
  // CHECK: onnx.UpsampleV1 %{{.*}} height_scale 2.500000e+00 width_scale 2.500000e+00 mode bilinear : tensor<1x3x2x2xf32> -> tensor<1x3x5x5xf32>
  %1 = onnx.UpsampleV1 %x height_scale 2.5 width_scale 2.5 mode bilinear : tensor<1x3x2x2xf32> -> tensor<1x3x5x5xf32>
  // CHECK: onnx.UpsampleV1 %{{.*}} height_scale 1.000000e+00 width_scale 2.000000e+00 : tensor<2x1x?x5xi1> -> tensor<2x1x?x10xi1>
  %2 = onnx.UpsampleV1 %b height_scale 1.0 width_scale 2.0 mode nearest : tensor<2x1x?x5xi1> -> tensor<2x1x?x10xi1>
  return %0, %1, %2 : tensor<1x3x4x6xf32>, tensor<1x3x5x5xf32>, tensor<2x1x?x10xi1>
}

// CHECK-LABEL: func @upsample_v7
func.func @upsample_v7(%x: tensor<10xui8>, %s: tensor<3x!onnx.string>, %c: tensor<2x2xcomplex<f64>>) -> (tensor<13xui8>, tensor<6x!onnx.string>, tensor<2x?xcomplex<f64>>) {
  // float32(10) * 1.3f = 13.0000005 truncates to 13.
  // CHECK: onnx.UpsampleV7 %{{.*}} scales [1.300000e+00] mode linear : tensor<10xui8> -> tensor<13xui8>
  %0 = onnx.UpsampleV7 %x scales [1.3] mode linear : tensor<10xui8> -> tensor<13xui8>
  // CHECK: onnx.UpsampleV7 %{{.*}} scales [2.000000e+00] : tensor<3x!onnx.string> -> tensor<6x!onnx.string>
  %1 = onnx.UpsampleV7 %s scales [2.0] : tensor<3x!onnx.string> -> tensor<6x!onnx.string>
  // A declared result may be less static than inferred.
  // CHECK: onnx.UpsampleV7 %{{.*}} scales [1.000000e+00, 3.000000e+00] mode linear : tensor<2x2xcomplex<f64>> -> tensor<2x?xcomplex<f64>>
  %2 = onnx.UpsampleV7 %c scales [1.0, 3.0] mode linear : tensor<2x2xcomplex<f64>> -> tensor<2x?xcomplex<f64>>
  return %0, %1, %2 : tensor<13xui8>, tensor<6x!onnx.string>, tensor<2x?xcomplex<f64>>
}

// CHECK-LABEL: func @upsample_v9
func.func @upsample_v9(%x: tensor<1x1x2x2xf32>, %s: tensor<4xf32>, %d: tensor<?xf32>) -> (tensor<1x1x4x6xf32>, tensor<?x?x?x?xf32>, tensor<1x1x4x6xf32>) {
  // Run-time scales: the declared shape is checked when the model runs.
  // CHECK: onnx.UpsampleV9 %{{.*}}, %{{.*}} : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>
  %0 = onnx.UpsampleV9 %x, %s : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>
  // CHECK: onnx.UpsampleV9 %{{.*}}, %{{.*}} mode linear : tensor<1x1x2x2xf32>, tensor<?xf32> -> tensor<?x?x?x?xf32>
  %1 = onnx.UpsampleV9 %x, %d mode linear : tensor<1x1x2x2xf32>, tensor<?xf32> -> tensor<?x?x?x?xf32>
  // CHECK: %[[S:.*]] = onnx.Constant dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<4xf32>
  // CHECK: onnx.UpsampleV9 %{{.*}}, %[[S]] : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>
  %c = onnx.Constant dense<[1.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %2 = onnx.UpsampleV9 %x, %c : tensor<1x1x2x2xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>
  return %0, %1, %2 : tensor<1x1x4x6xf32>, tensor<?x?x?x?xf32>, tensor<1x1x4x6xf32>
}

// CHECK-LABEL: func @upsample_v10
func.func @upsample_v10(%x: tensor<0x3xf16>, %b: tensor<4x?xi1>, %s: tensor<2xf32>) -> (tensor<0x?xf16>, tensor<?x?xi1>) {
  // CHECK: onnx.UpsampleV10 %{{.*}}, %{{.*}} mode linear : tensor<0x3xf16>, tensor<2xf32> -> tensor<0x?xf16>
  %0 = onnx.UpsampleV10 %x, %s mode linear : tensor<0x3xf16>, tensor<2xf32> -> tensor<0x?xf16>
  // CHECK: onnx.UpsampleV10 %{{.*}}, %{{.*}} : tensor<4x?xi1>, tensor<2xf32> -> tensor<?x?xi1>
  %1 = onnx.UpsampleV10 %b, %s : tensor<4x?xi1>, tensor<2xf32> -> tensor<?x?xi1>
  return %0, %1 : tensor<0x?xf16>, tensor<?x?xi1>
}
