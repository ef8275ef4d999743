//===- onnx-compile.cpp - The onnxc ahead-of-time compiler ----------------===//
//
//   onnx-compile MODEL.onnx [-o OUT] [--emit=KIND] [-O0..-O3] [--mcpu=CPU]
//                [--mtriple=TRIPLE] [--entry=NAME] [--mlir-timing] ...
//
// Output appears whole or not at all, and special files named by -o (such
// as /dev/null) are written through, never replaced (OutputFile.h).
//
//===----------------------------------------------------------------------===//

#include "onnxc/Compiler/Compiler.h"
#include "onnxc/Compiler/OutputFile.h"
#include "onnxc/Importer/Importer.h"
#include "onnxc/InitAll.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace onnxc;
namespace cl = llvm::cl;

static cl::OptionCategory category("onnx-compile options");

static cl::opt<std::string>
    inputFilename(cl::Positional, cl::desc("<model.onnx | model.onnxtxt>"),
                  cl::Required, cl::cat(category));

static cl::opt<std::string> outputFilename(
    "o",
    cl::desc("Output file ('-' for stdout); default: the model's name "
             "with the extension of --emit, in the current directory"),
    cl::value_desc("file"), cl::cat(category));

static cl::opt<EmitKind> emitKind(
    "emit", cl::desc("What to write"), cl::init(EmitKind::Library),
    cl::values(clEnumValN(EmitKind::ONNX, "onnx", "the imported onnx dialect"),
               clEnumValN(EmitKind::ONNXUpgraded, "onnx-upgraded",
                          "newest op versions and the shape functions"),
               clEnumValN(EmitKind::Linalg, "linalg", "linalg on tensors"),
               clEnumValN(EmitKind::Loops, "loops",
                          "bufferized loops with vector operations"),
               clEnumValN(EmitKind::LLVM, "llvm", "the MLIR LLVM dialect"),
               clEnumValN(EmitKind::LLVMIR, "llvm-ir", "optimized LLVM IR"),
               clEnumValN(EmitKind::Assembly, "asm", "assembly for the target"),
               clEnumValN(EmitKind::Object, "obj", "an object file"),
               clEnumValN(EmitKind::Library, "lib",
                          "a shared library (the default)")),
    cl::cat(category));

static cl::opt<char> optLevel(
    "O", cl::desc("LLVM optimization level: -O0, -O1, -O2 or -O3 (default)"),
    cl::Prefix, cl::init('3'), cl::cat(category));

static cl::opt<std::string>
    targetCPU("mcpu",
              cl::desc("Target CPU (default: the host CPU with its features)"),
              cl::value_desc("cpu"), cl::cat(category));

static cl::opt<std::string>
    targetTriple("mtriple", cl::desc("Target triple (default: the host)"),
                 cl::value_desc("triple"), cl::cat(category));

static cl::opt<std::string> entryName(
    "entry",
    cl::desc("Prefix of the exported symbols, NAME_model and NAME_signature "
             "(default: derived from the model file name)"),
    cl::value_desc("name"), cl::cat(category));

static cl::opt<bool> vectorize("vectorize",
                               cl::desc("Vectorize the kernels (default on)"),
                               cl::init(true), cl::cat(category));

static cl::opt<bool>
    fuse("fuse",
         cl::desc("Fuse each graph into as few loop nests as the cost rule "
                  "allows (default on)"),
         cl::init(true), cl::cat(category));

static cl::opt<unsigned> vectorBits(
    "vector-bits",
    cl::desc("SIMD width in bits to vectorize for (default: the target's)"),
    cl::init(0), cl::cat(category));

static StringRef getDefaultExtension(EmitKind kind) {
  switch (kind) {
  case EmitKind::ONNX:
  case EmitKind::ONNXUpgraded:
  case EmitKind::Linalg:
  case EmitKind::Loops:
  case EmitKind::LLVM:
    return ".mlir";
  case EmitKind::LLVMIR:
    return ".ll";
  case EmitKind::Assembly:
    return ".s";
  case EmitKind::Object:
    return ".o";
  case EmitKind::Library:
    return ".so";
  }
  llvm_unreachable("unknown emit kind");
}

/// Prints diagnostics as "<file>: error: <message>", naming the node when the
/// location carries one and the message does not already.
static void printDiagnostic(Diagnostic &diag) {
  std::string file, node;
  diag.getLocation()->walk([&](Location loc) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(loc); fileLoc && file.empty())
      file = fileLoc.getFilename().str();
    if (auto nameLoc = dyn_cast<NameLoc>(loc); nameLoc && node.empty())
      node = nameLoc.getName().str();
    return WalkResult::advance();
  });
  if (file.empty())
    file = inputFilename;
  llvm::raw_ostream &os = llvm::errs();
  os << file << ": ";
  switch (diag.getSeverity()) {
  case DiagnosticSeverity::Error:
    llvm::WithColor(os, llvm::HighlightColor::Error) << "error: ";
    break;
  case DiagnosticSeverity::Warning:
    llvm::WithColor(os, llvm::HighlightColor::Warning) << "warning: ";
    break;
  default:
    llvm::WithColor(os, llvm::HighlightColor::Note) << "note: ";
    break;
  }
  std::string message = diag.str();
  if (!node.empty() && !StringRef(message).starts_with("node "))
    os << "node '" << node << "': ";
  os << message << "\n";
  for (Diagnostic &note : diag.getNotes())
    printDiagnostic(note);
}

static int fail(const Twine &message) {
  llvm::WithColor::error(llvm::errs(), "onnx-compile") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  // --help shows onnx-compile's options and the MLIR instrumentation it
  // supports; --help-hidden everything else (LLVM's back ends register
  // hundreds of options).
  // (Not cl::HideUnrelatedOptions: it makes them invisible to --help-hidden.)
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    bool shown =
        llvm::is_contained(option->Categories, &category) ||
        llvm::is_contained({"help", "help-list", "help-hidden", "version"},
                           entry.first);
    if (!shown && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
  for (StringRef name :
       {"mlir-timing", "mlir-timing-display", "mlir-print-ir-after-all",
        "mlir-print-ir-before-all", "mlir-print-ir-after-failure",
        "mlir-elide-elementsattrs-if-larger", "mlir-disable-threading"})
    if (cl::Option *option = cl::getRegisteredOptions().lookup(name)) {
      option->addCategory(category);
      option->setHiddenFlag(cl::NotHidden);
    }
  cl::ParseCommandLineOptions(argc, argv,
                              "onnxc: compile an ONNX model ahead of time\n");

  if (optLevel < '0' || optLevel > '3')
    return fail("invalid optimization level -O" + Twine(optLevel.getValue()));

  CompileOptions options;
  options.emit = emitKind;
  options.optLevel = optLevel - '0';
  options.cpu = targetCPU;
  options.triple = targetTriple;
  options.entry = entryName.empty() ? deriveEntryName(inputFilename)
                                    : std::string(entryName);
  options.vectorize = vectorize;
  options.fuse = fuse;
  options.vectorBits = vectorBits;
  for (char c : options.entry)
    if (!llvm::isAlnum(c) && c != '_')
      return fail("--entry must be a C identifier, not '" + options.entry +
                  "'");
  if (options.entry.empty() || llvm::isDigit(options.entry.front()))
    return fail("--entry must be a C identifier, not '" + options.entry + "'");

  std::string output = outputFilename;
  if (output.empty())
    output = (llvm::sys::path::stem(inputFilename) +
              getDefaultExtension(options.emit))
                 .str();
  if (output == "-" && options.emit == EmitKind::Library)
    return fail("a shared library cannot be written to stdout; use -o FILE");

  DialectRegistry registry;
  registerAllONNXCDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler diagnostics(&context, [](Diagnostic &diag) {
    printDiagnostic(diag);
    return success();
  });

  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope timingScope = timing.getRootScope();

  OwningOpRef<ModuleOp> module;
  {
    TimingScope importTiming = timingScope.nest("Import ONNX model");
    module = importONNXFile(&context, inputFilename);
  }
  if (!module)
    return 1;

  ModelCompiler compiler(options);
  if (options.emit != EmitKind::ONNX)
    if (llvm::Error error = compiler.initialize())
      return fail(llvm::toString(std::move(error)));

  auto configure = [&](PassManager &pm) {
    (void)applyPassManagerCLOptions(pm);
    pm.enableTiming(timingScope);
  };
  if (failed(compiler.lower(*module, configure)))
    return 1;

  auto out = OutputFile::create(output);
  if (!out)
    return fail(llvm::toString(out.takeError()));

  TimingScope outputTiming = timingScope.nest("Output");
  if (options.emit <= EmitKind::LLVM) {
    module->print(out->os());
  } else {
    llvm::LLVMContext llvmContext;
    auto llvmModule = compiler.translate(*module, llvmContext);
    if (!llvmModule)
      return fail(llvm::toString(llvmModule.takeError()));
    if (options.emit == EmitKind::LLVMIR) {
      (*llvmModule)->print(out->os(), nullptr);
    } else if (options.emit == EmitKind::Library) {
      // The object goes to its own temporary file, the link to `out`'s.
      auto object = OutputFile::createScratch(options.entry, "o");
      if (!object)
        return fail(llvm::toString(object.takeError()));
      if (llvm::Error error =
              compiler.emitMachineCode(**llvmModule, object->os(), false))
        return fail(llvm::toString(std::move(error)));
      object->os().flush();
      if (llvm::Error error =
              compiler.linkSharedLibrary(object->tempPath(), out->tempPath()))
        return fail(llvm::toString(std::move(error)));
    } else if (llvm::Error error = compiler.emitMachineCode(
                   **llvmModule, out->os(),
                   options.emit == EmitKind::Assembly)) {
      return fail(llvm::toString(std::move(error)));
    }
  }
  if (llvm::Error error = out->keep())
    return fail("cannot write '" + output +
                "': " + llvm::toString(std::move(error)));
  return 0;
}
