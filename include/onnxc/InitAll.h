//===- InitAll.h - Everything onnxc's tools register ------------*- C++ -*-===//
//
// For the tools only (onnx-opt, onnx-translate, onnx-compile), like
// mlir/InitAllDialects.h upstream: inline, so that the libraries do not
// depend on every upstream dialect and pass; a tool including it links
// MLIRRegisterAllDialects, MLIRRegisterAllExtensions and
// MLIRRegisterAllPasses.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_INITALL_H
#define ONNXC_INITALL_H

#include "onnxc/Codegen/Passes.h"
#include "onnxc/Conversion/Passes.h"
#include "onnxc/Dialect/Codegen/CodegenDialect.h"
#include "onnxc/Dialect/ONNX/ONNXDialect.h"
#include "onnxc/Pipelines/Pipelines.h"
#include "onnxc/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

namespace onnxc {

/// The onnx and onnxc dialects and every upstream dialect, interface
/// implementation and LLVM IR translation the pipeline uses.
inline void registerAllONNXCDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  registry.insert<onnx::ONNXDialect, codegen::CodegenDialect>();
}

/// Our passes, the upstream ones and the onnx-to-llvm pipelines, for
/// onnx-opt.
inline void registerAllONNXCPasses() {
  mlir::registerAllPasses();
  registerONNXTransformsPasses();
  registerONNXCodegenPasses();
  registerONNXCConversionPasses();
  registerONNXPipelines();
}

} // namespace onnxc

#endif // ONNXC_INITALL_H
