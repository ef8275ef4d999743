// RUN: onnx-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// !onnx.string is the element type of ONNX string tensors.
// CHECK-LABEL: func @strings
// CHECK-SAME:    (%{{.*}}: tensor<2x?x!onnx.string>) -> tensor<2x?x!onnx.string>
func.func @strings(%x: tensor<2x?x!onnx.string>) -> tensor<2x?x!onnx.string> {
  return %x : tensor<2x?x!onnx.string>
}

// -----

// expected-error @+1 {{unknown  type `unknown` in dialect `onnx`}}
func.func @unknown_type(%x: tensor<2x!onnx.unknown>) {
  return
}

// -----

func.func @clip_string(%x: tensor<2x!onnx.string>) -> tensor<2x!onnx.string> {
  // Clip is numeric only.
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = onnx.ClipV13 %x : tensor<2x!onnx.string>
  return %0 : tensor<2x!onnx.string>
}

// -----

func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  // The ops take ranked tensors: the importer rejects inputs without a shape.
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = "onnx.ClipV13"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
