//===- ONNXDialect.h - The onnx dialect -------------------------*- C++ -*-===//
#ifndef ONNXC_DIALECT_ONNX_ONNXDIALECT_H
#define ONNXC_DIALECT_ONNX_ONNXDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Operation.h"

#include "onnxc/Dialect/ONNX/ONNXOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOpsTypes.h.inc"

#include "onnxc/Dialect/ONNX/ONNXOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOpsAttributes.h.inc"

#include <optional>
#include <string>

namespace onnxc::onnx {

/// The location of the ops imported for ONNX node `index`, named `name`
/// (empty for an unnamed node), in `file`.
mlir::Location getNodeLocation(mlir::MLIRContext *context, llvm::StringRef name,
                               int index, mlir::Location file);
/// The location of the constant imported for initializer `name`.
mlir::Location getInitializerLocation(mlir::MLIRContext *context,
                                      llvm::StringRef name,
                                      mlir::Location file);
/// What messages call the model element at `loc`: "node 'conv1'",
/// "node #3" (unnamed) or "initializer 'w'"; nothing for another location.
std::optional<std::string> describeModelLocation(mlir::Location loc);

} // namespace onnxc::onnx

#endif // ONNXC_DIALECT_ONNX_ONNXDIALECT_H
