// RUN: onnx-opt %s -convert-onnx-to-linalg -split-input-file -verify-diagnostics | FileCheck %s

// Relu is a Clip at 0 with no upper bound: one generic.
// CHECK-LABEL: func @relu
// CHECK:         %[[ZERO:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK:         linalg.generic
// CHECK:           arith.maxsi %{{.*}}, %[[ZERO]] : i32
// CHECK-NOT:     linalg.generic
func.func @relu(%x: tensor<5xi32>) -> tensor<5xi32> {
  %0 = onnx.ReluV14 %x : tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// An Identity that did not fold is its input.
// CHECK-LABEL: func @identity
// CHECK-NEXT:    return %arg0
func.func @identity(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = onnx.IdentityV25 %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// Shape arithmetic on dimensions known only at run time has no lowering
// yet: a message saying how to make it fold.
func.func @dynamic_shape(%x: tensor<?x3xf32>) -> tensor<1xi64> {
  // expected-error @+1 {{Shape: its value depends on dimensions known only at run time, which onnxc does not compute for this operator yet; give the graph inputs' shapes with --input-shape so that it folds}}
  %0 = onnx.ShapeV25 %x : tensor<?x3xf32> -> tensor<2xi64>
  %s = onnx.Constant dense<0> : tensor<1xi64>
  %e = onnx.Constant dense<1> : tensor<1xi64>
  %1 = onnx.SliceV13 %0, %s, %e : (tensor<2xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  return %1 : tensor<1xi64>
}

// -----

// Arithmetic on tensor data (the Add after an FPN's Resize) has no lowering
// yet.
func.func @data(%x: tensor<4xf32>, %lateral: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{Add: onnxc computes this operator only on values known at compile time, and this one reads tensor data}}
  %0 = onnx.AddV14 %x, %lateral : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Constants that do not fold: an integer division by zero.
func.func @division_by_zero() -> tensor<1xi64> {
  %a = onnx.Constant dense<4> : tensor<1xi64>
  %z = onnx.Constant dense<0> : tensor<1xi64>
  // expected-error @+1 {{Div: its constant inputs have no value onnxc computes at compile time (an integer division by zero, a string, or more than 65536 elements)}}
  %0 = onnx.DivV14 %a, %z : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  return %0 : tensor<1xi64>
}
