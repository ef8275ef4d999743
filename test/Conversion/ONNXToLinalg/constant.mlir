// RUN: onnx-opt %s -convert-onnx-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// Constants become arith.constant of the converted type: unsigned values keep
// their bits, booleans widen to bytes.
// CHECK-LABEL: func @constants
// CHECK-DAG:     arith.constant dense<[1, -1]> : tensor<2xi16>
// CHECK-DAG:     arith.constant dense<[1, 0, 1]> : tensor<3xi8>
// CHECK-DAG:     arith.constant dense<2.500000e+00> : tensor<f32>
func.func @constants() -> (tensor<2xui16>, tensor<3xi1>, tensor<f32>) {
  %0 = onnx.Constant dense<[1, 65535]> : tensor<2xui16>
  %1 = onnx.Constant dense<[true, false, true]> : tensor<3xi1>
  %2 = onnx.Constant dense<2.5> : tensor<f32>
  return %0, %1, %2 : tensor<2xui16>, tensor<3xi1>, tensor<f32>
}

// -----

func.func @string_constant() -> tensor<1x!onnx.string> {
  // expected-error @+1 {{string constants have no lowering; pass string tensors as model inputs}}
  %0 = onnx.Constant dense<["a"]> : tensor<1x!onnx.string>
  return %0 : tensor<1x!onnx.string>
}

// -----

func.func @not_upgraded(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{has no lowering of its own; run -onnx-upgrade-ops first}}
  %0 = onnx.ClipV6 %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Function signatures are converted too: unsigned integers to signless,
// booleans to i8, strings to i64 (pointers at run time).
// CHECK-LABEL: func @signature
// CHECK-SAME:    (%{{.*}}: tensor<2xi32>, %{{.*}}: tensor<2xi8>, %{{.*}}: tensor<2xi64>) -> (tensor<2xi32>, tensor<2xi8>, tensor<2xi64>)
func.func @signature(%a: tensor<2xui32>, %b: tensor<2xi1>, %c: tensor<2x!onnx.string>) -> (tensor<2xui32>, tensor<2xi1>, tensor<2x!onnx.string>) {
  return %a, %b, %c : tensor<2xui32>, tensor<2xi1>, tensor<2x!onnx.string>
}
