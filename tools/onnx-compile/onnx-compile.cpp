//===- onnx-compile.cpp - The onnxc ahead-of-time compiler ----------------===//
//
//   onnx-compile MODEL.onnx [-o OUT] [--emit=KIND] [-O0..-O3] [--mcpu=CPU]
//                [--mtriple=TRIPLE] [--entry=NAME] [--input-shape NAME=DIMS]
//                [--strict-shapes] [--mlir-timing] ...
//
// Output appears whole or not at all, and special files named by -o (such
// as /dev/null) are written through, never replaced (OutputFile.h).
//
//===----------------------------------------------------------------------===//

#include "onnxc/Compiler/Compiler.h"
#include "onnxc/Compiler/OutputFile.h"
#include "onnxc/Importer/Importer.h"
#include "onnxc/InitAll.h"
#include "onnxc/Tools/CommandLine.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace onnxc;
namespace cl = llvm::cl;

static cl::OptionCategory category("onnx-compile options");

// Required unless --record-link-command, which main checks.
static cl::opt<std::string>
    inputFilename(cl::Positional, cl::desc("<model.onnx | model.onnxtxt>"),
                  cl::cat(category));

static cl::opt<std::string> outputFilename(
    "o",
    cl::desc("Output file ('-' for stdout); default: the model's name "
             "with the extension of --emit, in the current directory"),
    cl::value_desc("file"), cl::cat(category));

// An index into getEmitChoices(), whose names main adds as the values.
enum class EmitIndex : unsigned { Default = ~0u };

namespace {
/// Names the kinds when a value of --emit is none of them.
struct EmitParser : cl::parser<EmitIndex> {
  using cl::parser<EmitIndex>::parser;
  bool parse(cl::Option &option, StringRef, StringRef value, EmitIndex &index) {
    for (const OptionInfo &info : Values)
      if (info.Name == value) {
        index = info.V.getValue();
        return false;
      }
    std::string kinds;
    for (unsigned i = 0, e = getNumOptions(); i != e; ++i)
      kinds += (i ? ", " : "") + getOption(i).str();
    return option.error("unknown kind '" + value + "'; the kinds are " + kinds);
  }
};
} // namespace

static cl::opt<EmitIndex, false, EmitParser>
    emitChoice("emit", cl::desc("What to write"), cl::init(EmitIndex::Default),
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

static cl::opt<std::string> resizeAlignCorners(
    "resize-align-corners",
    cl::desc("What Resize's align_corners divides by when scales are given: "
             "onnx (s * n - 1, the operator's definition; the default) or "
             "onnxruntime (the output length - 1, as ONNX Runtime and "
             "PyTorch compute it)"),
    cl::value_desc("onnx|onnxruntime"), cl::init("onnx"), cl::cat(category));

static cl::opt<std::string> streamingStores(
    "streaming-stores",
    cl::desc("Write outputs with non-temporal stores: auto (when each "
             "thread of a run reads and writes at least 3/4 of this "
             "machine's per-CPU share of its last-level cache), always, "
             "never, or the bytes per thread from which they stream"),
    cl::value_desc("auto|always|never|bytes"), cl::init("auto"),
    cl::cat(category));

static cl::opt<unsigned> vectorBits(
    "vector-bits",
    cl::desc("SIMD width in bits to vectorize for (default: the target's)"),
    cl::init(0), cl::cat(category));

static cl::opt<bool>
    verbose("v", cl::desc("Print the linker command, and where it came from"),
            cl::cat(category));

static cl::opt<std::string> recordLinkCommand(
    "record-link-command",
    cl::desc("Write how clang links a model library for --mtriple to FILE, "
             "and compile nothing (the build installs one beside each model "
             "support library, which spares each link a call to clang)"),
    cl::value_desc("file"), cl::Hidden, cl::cat(category));

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
  registerImportCLOptions();
  addVersionPrinter();
  // --help shows onnx-compile's options and the MLIR instrumentation it
  // supports; --help-hidden everything else (LLVM's back ends register
  // hundreds of options).
  // (Not cl::HideUnrelatedOptions: it makes them invisible to --help-hidden.)
  showOnlyInHelp(category,
                 {"input-shape", "strict-shapes", "mlir-timing",
                  "mlir-timing-display", "mlir-print-ir-after-all",
                  "mlir-print-ir-before-all", "mlir-print-ir-after-failure",
                  "mlir-elide-elementsattrs-if-larger",
                  "mlir-disable-threading"});
  ArrayRef<EmitChoice> choices = getEmitChoices();
  for (auto [i, choice] : llvm::enumerate(choices))
    emitChoice.getParser().addLiteralOption(choice.name, EmitIndex(i),
                                            choice.description);
  cl::ParseCommandLineOptions(argc, argv,
                              "onnxc: compile an ONNX model ahead of time\n");

  // cl::opt keeps the last of several values: a second kind would be
  // dropped without a word.
  if (emitChoice.getNumOccurrences() > 1)
    return fail("--emit is given " + Twine(emitChoice.getNumOccurrences()) +
                " times; each run writes one kind (run onnx-compile once "
                "per kind)");
  if (optLevel < '0' || optLevel > '3')
    return fail("invalid optimization level -O" + Twine(optLevel.getValue()));
  // The default is the last choice, a shared library.
  auto index = static_cast<unsigned>(emitChoice.getValue());
  const EmitChoice &emit =
      index < choices.size() ? choices[index] : choices.back();

  CompileOptions options;
  options.stage = emit.stage;
  options.output = emit.output;
  options.optLevel = optLevel - '0';
  options.cpu = targetCPU;
  options.triple = targetTriple;
  options.entry = entryName.empty() ? deriveEntryName(inputFilename)
                                    : std::string(entryName);
  options.vectorize = vectorize;
  options.fuse = fuse;
  if (resizeAlignCorners != "onnx" && resizeAlignCorners != "onnxruntime")
    return fail("--resize-align-corners must be onnx or onnxruntime, not '" +
                resizeAlignCorners + "'");
  options.alignCornersByOutputLength = resizeAlignCorners == "onnxruntime";
  options.vectorBits = vectorBits;
  options.verbose = verbose;
  if (!recordLinkCommand.empty()) {
    options.stage = LoweringStage::LLVM;
    options.output = OutputKind::Library;
  }
  if (streamingStores == "always") {
    options.streamingThresholdBytes = 0;
  } else if (streamingStores == "never") {
    options.streamingThresholdBytes = -1;
  } else if (streamingStores != "auto") {
    int64_t bytes;
    if (StringRef(streamingStores).getAsInteger(10, bytes) || bytes < 0)
      return fail("--streaming-stores must be auto, always, never or a "
                  "byte count, not '" +
                  streamingStores + "'");
    options.streamingThresholdBytes = bytes;
  }
  llvm::Expected<ImportOptions> importOptions = getImportOptionsFromCL();
  if (!importOptions)
    return fail(llvm::toString(importOptions.takeError()));
  ModelCompiler compiler(options);
  if (llvm::Error error = compiler.initialize())
    return fail(llvm::toString(std::move(error)));
  if (!recordLinkCommand.empty()) {
    if (llvm::Error error = compiler.recordLinkerCommand(recordLinkCommand))
      return fail(llvm::toString(std::move(error)));
    return 0;
  }
  if (inputFilename.empty())
    return fail("no input model (see --help)");

  std::string output = outputFilename;
  if (output.empty())
    output = (llvm::sys::path::stem(inputFilename) + emit.extension).str();

  DialectRegistry registry;
  registerAllONNXCDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler diagnostics(&context, [](Diagnostic &diag) {
    printModelDiagnostic(diag, inputFilename, llvm::errs());
    return success();
  });

  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope timingScope = timing.getRootScope();

  OwningOpRef<ModuleOp> module;
  {
    TimingScope importTiming = timingScope.nest("Import ONNX model");
    module = importONNXFile(&context, inputFilename, *importOptions);
  }
  if (!module)
    return 1;

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
  if (llvm::Error error = compiler.write(*module, *out))
    return fail(llvm::toString(std::move(error)));
  if (llvm::Error error = out->keep())
    return fail("cannot write '" + output +
                "': " + llvm::toString(std::move(error)));
  return 0;
}
