// RUN: onnx-opt %s --onnx-to-linalg | FileCheck %s

// A Clip with constant bounds becomes one elementwise linalg.generic
// (compares and selects, so that NaN passes through) whose result goes
// into the caller's output buffer; a shape function is generated beside it.
// CHECK-LABEL: func.func @relu6(
// CHECK-SAME:    %{{.*}}: tensor<4xf32>, %[[OUT:.*]]: memref<4xf32>
// CHECK:         linalg.generic
// CHECK:           arith.cmpf olt
// CHECK:           arith.select
// CHECK:           arith.cmpf olt
// CHECK:           arith.select
// CHECK:         bufferization.materialize_in_destination %{{.*}} in restrict writable %[[OUT]]
// CHECK-LABEL: func.func @relu6_shapes(
func.func @relu6(%x: tensor<4xf32>) -> tensor<4xf32> {
  %lo = onnx.Constant dense<0.0> : tensor<f32>
  %hi = onnx.Constant dense<6.0> : tensor<f32>
  %y = onnx.ClipV13 %x min(%lo : tensor<f32>) max(%hi : tensor<f32>) : tensor<4xf32>
  return %y : tensor<4xf32>
}
