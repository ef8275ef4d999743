//===- onnx-opt.cpp - onnxc's optimizer driver ----------------------------===//
//
// mlir-opt for onnxc: the onnx dialect, our passes and pipelines, and the
// upstream dialects, passes and extensions the lowering uses.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Conversion/Passes.h"
#include "onnxc/Dialect/ONNX/ONNXDialect.h"
#include "onnxc/Pipelines/Pipelines.h"
#include "onnxc/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  onnxc::registerONNXTransformsPasses();
  onnxc::registerONNXCConversionPasses();
  onnxc::registerONNXPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<onnxc::onnx::ONNXDialect>();

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "onnxc optimizer driver\n", registry));
}
