//===- InitAll.cpp - Everything onnxc's tools register --------------------===//

#include "onnxc/InitAll.h"
#include "onnxc/Conversion/Passes.h"
#include "onnxc/Dialect/ONNX/ONNXDialect.h"
#include "onnxc/Pipelines/Pipelines.h"
#include "onnxc/Codegen/Passes.h"
#include "onnxc/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

void onnxc::registerAllONNXCDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  registry.insert<onnx::ONNXDialect>();
}

void onnxc::registerAllONNXCPasses() {
  mlir::registerAllPasses();
  registerONNXTransformsPasses();
  registerONNXCodegenPasses();
  registerONNXCConversionPasses();
  registerONNXPipelines();
}
