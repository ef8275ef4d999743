// RUN: onnx-opt %s -onnx-choose-schedules -split-input-file | FileCheck %s

// A Resize only returned is a graph output, written straight into the
// caller's buffer: its rows may come in groups.
// CHECK-LABEL: func @graph_output
// CHECK:         onnx.ResizeV19 {{.*}}onnxc.row_groups
func.func @graph_output(%x: tensor<1x1x4x8xf32>) -> tensor<1x1x8x16xf32> {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<linear>} : tensor<1x1x4x8xf32> -> tensor<1x1x8x16xf32>
  return %0 : tensor<1x1x8x16xf32>
}

// -----

// Used inside the graph, even if also returned, it stays one kernel, and a
// stale choice is removed.
// CHECK-LABEL: func @used_inside
// CHECK-NOT:     onnxc.row_groups
func.func @used_inside(%x: tensor<1x1x4x8xf32>) -> (tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>) {
  %s = onnx.Constant dense<[1.0, 1.0, 2.0, 2.0]> : tensor<4xf32>
  %0 = onnx.ResizeV19 %x scales(%s : tensor<4xf32>) {mode = #onnx.resize_mode<linear>, onnxc.row_groups} : tensor<1x1x4x8xf32> -> tensor<1x1x8x16xf32>
  %1 = onnx.ClipV13 %0 : tensor<1x1x8x16xf32>
  return %0, %1 : tensor<1x1x8x16xf32>, tensor<1x1x8x16xf32>
}
