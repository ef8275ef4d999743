// onnx-to-llvm runs onnx-fuse unless fuse=false.
// RUN: onnx-opt %s -onnx-to-llvm -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSE
// RUN: onnx-opt %s -onnx-to-llvm='fuse=false' -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-FUSE
// FUSE:        ONNXFusePass
// NO-FUSE:     ConvertONNXToLinalgPass
// NO-FUSE-NOT: ONNXFusePass

func.func @clip(%x: tensor<4xf32>, %lo: tensor<f32>) -> tensor<4xf32> {
  %0 = onnx.ClipV13 %x min(%lo : tensor<f32>) : tensor<4xf32>
  return %0 : tensor<4xf32>
}
