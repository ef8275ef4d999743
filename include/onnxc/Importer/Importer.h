//===- Importer.h - ONNX model to onnx dialect ------------------*- C++ -*-===//
//
// Reads ONNX models (binary protobuf, or ONNX text syntax) into a module
// holding one func.func, @main_graph, made of versioned onnx ops. No ONNX or
// protobuf type appears in this interface.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_IMPORTER_IMPORTER_H
#define ONNXC_IMPORTER_IMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace onnxc {

/// Name of the function a model's main graph becomes.
inline constexpr llvm::StringLiteral kMainGraphName = "main_graph";

/// Whether a model named `name` holding `contents` is in ONNX text syntax:
/// its name ends in `.onnxtxt`, or its first byte other than white space is
/// '<' (the model header), which no binary ModelProto starts with.
bool isONNXTextSyntax(llvm::StringRef name, llvm::StringRef contents);

/// Imports the model file at `path`: ONNX text syntax when
/// `isONNXTextSyntax` says so, binary protobuf otherwise. Problems are reported
/// as diagnostics on `context` (located at the file and, for node problems, the
/// node) and give a null module.
mlir::OwningOpRef<mlir::ModuleOp> importONNXFile(mlir::MLIRContext *context,
                                                 llvm::StringRef path);

/// Imports a model held in memory; `sourceName` names it in diagnostics and
/// locates external tensor data.
mlir::OwningOpRef<mlir::ModuleOp> importONNXModel(mlir::MLIRContext *context,
                                                  llvm::StringRef contents,
                                                  bool isText,
                                                  llvm::StringRef sourceName);

/// Prints a diagnostic about a model as "<file>: error: <message>", naming
/// the node or initializer when the location carries one and the message
/// does not already; `file` when the location names no file.
void printModelDiagnostic(mlir::Diagnostic &diag, llvm::StringRef file,
                          llvm::raw_ostream &os);

} // namespace onnxc

#endif // ONNXC_IMPORTER_IMPORTER_H
