// An ONNX model through the importer and the first stage of the lowering,
// as `onnx-compile --emit=linalg` would print it.
// RUN: onnx-translate --import-onnx %S/../upsample2x.onnxtxt | FileCheck %s --check-prefix=ONNX
// RUN: onnx-translate --import-onnx %S/../upsample2x.onnxtxt | onnx-opt --onnx-to-linalg | FileCheck %s --check-prefix=LINALG

// ONNX: onnx.UpsampleV9 %{{.*}}, %{{.*}} mode linear : tensor<1x1x2x3xf32>, tensor<4xf32> -> tensor<1x1x4x6xf32>

// LINALG-NOT: onnx.Upsample
// LINALG:     linalg.generic
