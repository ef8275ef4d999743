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

#include "onnxc/Pipelines/Pipelines.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
class raw_ostream;
class raw_pwrite_stream;
} // namespace llvm

namespace mlir {
class Diagnostic;
class ModuleOp;
class PassManager;
} // namespace mlir

namespace onnxc {
class OutputFile;
namespace compiler {
struct ModelSignature;
} // namespace compiler

/// What the compiler writes once the lowering has run: the MLIR of the last
/// stage, or what LLVM makes of the LLVM dialect.
enum class OutputKind {
  MLIR,
  LLVMIR,   ///< Optimized LLVM IR with the model ABI.
  Assembly, ///< Assembly for the target.
  Object,   ///< An object file.
  Library,  ///< A shared library needing only libc and the dynamic loader.
  Header,   ///< A C header declaring the model's exported functions.
};

/// One value of onnx-compile's --emit: where the lowering stops, what is
/// written, and the default output file's extension.
struct EmitChoice {
  llvm::StringLiteral name;
  LoweringStage stage;
  OutputKind output;
  llvm::StringLiteral extension;
  llvm::StringLiteral description;
};

/// Every --emit choice, in pipeline order.
llvm::ArrayRef<EmitChoice> getEmitChoices();

struct CompileOptions {
  /// The last lowering stage to run; its IR is written when `output` is
  /// OutputKind::MLIR. Every other output needs LoweringStage::LLVM.
  LoweringStage stage = LoweringStage::LLVM;
  OutputKind output = OutputKind::Library;
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
  /// Resize's align_corners divides by the output length - 1, as ONNX
  /// Runtime does, rather than by s * n - 1 (convert-onnx-to-linalg).
  bool alignCornersByOutputLength = false;
  /// SIMD width to vectorize for; 0 reads it off the target.
  unsigned vectorBits = 0;
  /// Output bytes from which kernels write with streaming stores: 0 always,
  /// -1 never; std::nullopt for 3/4 of the compiling CPU's share of its
  /// last-level cache (whatever the target).
  std::optional<int64_t> streamingThresholdBytes;
  /// Print the linker command, and where it came from, to stderr.
  bool verbose = false;
};

/// A C identifier made from a file name: "my-model.onnx" -> "my_model".
std::string deriveEntryName(llvm::StringRef path);

/// Whether `triple` names the machine the compiler runs on: its
/// architecture, OS and environment (when given), whatever the vendor. Code for
/// it may use the host CPU's features and links against the model support
/// library beside the tool; any other triple gets the generic CPU and the cross
/// support library.
bool isHostTriple(const llvm::Triple &triple);

class ModelCompiler {
public:
  explicit ModelCompiler(CompileOptions options);
  ~ModelCompiler();

  /// Checks the options and, when the output needs one, creates the target
  /// machine.
  llvm::Error initialize();

  /// Lowers the imported `module` in place to `options.stage`. `configure`
  /// may add instrumentation to the pass manager (timing, IR printing).
  mlir::LogicalResult
  lower(mlir::ModuleOp module,
        llvm::function_ref<void(mlir::PassManager &)> configure);

  /// Writes what `options.output` asks for, from a module `lower` lowered,
  /// into `out` (whose temporary file a link writes to).
  llvm::Error write(mlir::ModuleOp module, OutputFile &out);

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

  /// Asks the clang driver how it links a model library for the target and
  /// writes its answer to `recordPath`, for linkSharedLibrary to use
  /// instead of asking on every compile (the build records one for each
  /// target it has a model support library for).
  llvm::Error recordLinkerCommand(llvm::StringRef recordPath);

private:
  CompileOptions options;
  std::unique_ptr<llvm::TargetMachine> targetMachine;
  std::unique_ptr<compiler::ModelSignature> signature;
};

} // namespace onnxc

#endif // ONNXC_COMPILER_COMPILER_H
