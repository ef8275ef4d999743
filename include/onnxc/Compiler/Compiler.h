//===- Compiler.h - onnx module to native model library ---------*- C++ -*-===//
//
// The ahead-of-time compiler behind onnx-compile: lowers an imported module
// through the MLIR pipeline, translates it to LLVM IR with the model ABI of
// onnxc_model_abi.h, optimizes it for a target machine, and emits assembly,
// an object file or a shared library.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_COMPILER_COMPILER_H
#define ONNXC_COMPILER_COMPILER_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace mlir {
class ModuleOp;
class PassManager;
} // namespace mlir

namespace onnxc {
namespace compiler {
struct ModelSignature;
} // namespace compiler

/// What onnx-compile writes, in pipeline order.
enum class EmitKind {
  ONNX,         ///< The imported module.
  ONNXUpgraded, ///< Newest op versions, shape functions.
  Linalg,       ///< linalg on tensors.
  Loops,        ///< Bufferized loops with vector ops.
  LLVM,         ///< The LLVM dialect.
  LLVMIR,       ///< Optimized LLVM IR with the model ABI.
  Assembly,
  Object,
  Library, ///< A shared library needing only libc.
};

struct CompileOptions {
  EmitKind emit = EmitKind::Library;
  /// LLVM optimization level, 0 to 3.
  unsigned optLevel = 3;
  /// Target triple; empty for the host.
  std::string triple;
  /// Target CPU; empty (or "native") for the host CPU and its features.
  std::string cpu;
  /// Prefix of the exported symbols: <entry>_model, <entry>_signature.
  std::string entry = "model";
  bool vectorize = true;
  /// Fuse graphs into as few loop nests as possible (onnx-fuse).
  bool fuse = true;
  /// SIMD width to vectorize for; 0 reads it off the target.
  unsigned vectorBits = 0;
};

/// A C identifier made from a file name: "my-model.onnx" -> "my_model".
std::string deriveEntryName(llvm::StringRef path);

class ModelCompiler {
public:
  explicit ModelCompiler(CompileOptions options);
  ~ModelCompiler();

  /// Creates the target machine.
  llvm::Error initialize();

  /// Lowers the imported `module` in place to the MLIR stage `options.emit`
  /// asks for (the LLVM dialect for every later kind). `configure` may add
  /// instrumentation to the pass manager (timing, IR printing).
  mlir::LogicalResult
  lower(mlir::ModuleOp module,
        llvm::function_ref<void(mlir::PassManager &)> configure);

  /// Translates a module lowered to the LLVM dialect into optimized LLVM IR
  /// exporting the model ABI.
  llvm::Expected<std::unique_ptr<llvm::Module>>
  translate(mlir::ModuleOp module, llvm::LLVMContext &llvmContext);

  /// Writes assembly or an object file of an LLVM IR module.
  llvm::Error emitMachineCode(llvm::Module &module, llvm::raw_pwrite_stream &os,
                              bool assembly);

  /// Links an object file with the model support library into a shared
  /// library at `outputPath`.
  llvm::Error linkSharedLibrary(llvm::StringRef objectPath,
                                llvm::StringRef outputPath);

private:
  CompileOptions options;
  std::unique_ptr<llvm::TargetMachine> targetMachine;
  std::unique_ptr<compiler::ModelSignature> signature;
};

} // namespace onnxc

#endif // ONNXC_COMPILER_COMPILER_H
