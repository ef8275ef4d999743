// RUN: onnx-opt %s | onnx-opt | FileCheck %s
// RUN: onnx-opt %s -mlir-print-op-generic | onnx-opt | FileCheck %s

// onnx.Constant holds every ONNX element type, also those arith.constant
// does not model (unsigned integers, strings).
// CHECK-LABEL: func @constants
func.func @constants() -> (tensor<2xui16>, tensor<2x!onnx.string>, tensor<complex<f32>>, tensor<3xi1>, tensor<bf16>) {
  // CHECK: onnx.Constant dense<[1, 65535]> : tensor<2xui16>
  %0 = onnx.Constant dense<[1, 65535]> : tensor<2xui16>
  // CHECK: onnx.Constant dense<["a", "bc"]> : tensor<2x!onnx.string>
  %1 = onnx.Constant dense<["a", "bc"]> : tensor<2x!onnx.string>
  // CHECK: onnx.Constant dense<(1.000000e+00,-2.000000e+00)> : tensor<complex<f32>>
  %2 = onnx.Constant dense<(1.0, -2.0)> : tensor<complex<f32>>
  // CHECK: onnx.Constant dense<[true, false, true]> : tensor<3xi1>
  %3 = onnx.Constant dense<[true, false, true]> : tensor<3xi1>
  // CHECK: onnx.Constant dense<1.500000e+00> : tensor<bf16>
  %4 = onnx.Constant dense<1.5> : tensor<bf16>
  return %0, %1, %2, %3, %4 : tensor<2xui16>, tensor<2x!onnx.string>, tensor<complex<f32>>, tensor<3xi1>, tensor<bf16>
}
