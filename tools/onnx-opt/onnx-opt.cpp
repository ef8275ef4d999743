//===- onnx-opt.cpp - onnxc's optimizer driver ----------------------------===//
//
// mlir-opt for onnxc: the onnx dialect, our passes and the onnx-to-llvm
// pipeline, and the upstream dialects, passes and extensions the lowering
// uses.
//
//===----------------------------------------------------------------------===//

#include "onnxc/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  onnxc::registerAllONNXCPasses();
  mlir::DialectRegistry registry;
  onnxc::registerAllONNXCDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "onnxc optimizer driver\n", registry));
}
