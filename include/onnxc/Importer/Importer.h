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
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace onnxc {

/// Name of the function a model's main graph becomes.
inline constexpr llvm::StringLiteral kMainGraphName = "main_graph";

/// The dimensions given for one graph input (`--input-shape NAME=DIMS`),
/// for a model that declares none or to make a declared shape more precise.
struct InputShape {
  /// The input's name or, when no input has that name, its position among
  /// the graph inputs that are not initializers ("0" is the first).
  std::string input;
  /// Each dimension's size, or ShapedType::kDynamic for a symbol.
  llvm::SmallVector<int64_t> sizes;
  /// Each dimension's symbol ("N"), empty for a size or an anonymous '?'.
  llvm::SmallVector<std::string> symbols;
};

/// Parses "NAME=DIMS": DIMS is a comma-separated list of sizes and symbols
/// ("x=N,3,224,224"; '?' is a dynamic dimension without a name), empty for a
/// scalar. NAME ends at the last '=', which no dimension contains.
llvm::Expected<InputShape> parseInputShape(llvm::StringRef text);

/// How the importer treats shapes.
struct ImportOptions {
  /// Shapes of graph inputs, each input named at most once.
  std::vector<InputShape> inputShapes;
  /// A declared shape (graph output or value_info) that contradicts the one
  /// the graph computes is an error; by default it is a warning, and the
  /// computed shape is used, as ONNX Runtime does.
  bool strictShapes = false;
};

/// Registers --input-shape and --strict-shapes, for the tools that import
/// models; call before parsing the command line.
void registerImportCLOptions();

/// The options registered by registerImportCLOptions, as parsed.
llvm::Expected<ImportOptions> getImportOptionsFromCL();

/// Whether a model named `name` holding `contents` is in ONNX text syntax:
/// its name ends in `.onnxtxt`, or its first byte other than white space is
/// '<' (the model header), which no binary ModelProto starts with.
bool isONNXTextSyntax(llvm::StringRef name, llvm::StringRef contents);

/// Imports the model file at `path`: ONNX text syntax when
/// `isONNXTextSyntax` says so, binary protobuf otherwise. Problems are reported
/// as diagnostics on `context` (located at the file and, for node problems, the
/// node) and give a null module.
mlir::OwningOpRef<mlir::ModuleOp>
importONNXFile(mlir::MLIRContext *context, llvm::StringRef path,
               const ImportOptions &options = {});

/// Imports a model held in memory; `sourceName` names it in diagnostics and
/// locates external tensor data.
mlir::OwningOpRef<mlir::ModuleOp>
importONNXModel(mlir::MLIRContext *context, llvm::StringRef contents,
                bool isText, llvm::StringRef sourceName,
                const ImportOptions &options = {});

/// Prints a diagnostic about a model as "<file>: error: <message>", naming
/// the node or initializer when the location carries one and the message
/// does not already; `file` when the location names no file.
void printModelDiagnostic(mlir::Diagnostic &diag, llvm::StringRef file,
                          llvm::raw_ostream &os);

} // namespace onnxc

#endif // ONNXC_IMPORTER_IMPORTER_H
