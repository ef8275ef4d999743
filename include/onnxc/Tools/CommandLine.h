//===- CommandLine.h - What the tools' --help shows -------------*- C++ -*-===//
//
// LLVM's back ends and MLIR register hundreds of command-line options. The
// tools show their own in --help and leave everything else to --help-hidden,
// without making any option unusable (cl::HideUnrelatedOptions would hide
// them from --help-hidden too).
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_TOOLS_COMMANDLINE_H
#define ONNXC_TOOLS_COMMANDLINE_H

#include "onnxc/Version.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>

namespace onnxc {

/// Shows in --help only the options of `category`, the generic ones (help,
/// version) and `alsoShown`, which join `category`.
inline void showOnlyInHelp(llvm::cl::OptionCategory &category,
                           llvm::ArrayRef<llvm::StringRef> alsoShown) {
  namespace cl = llvm::cl;
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    bool shown =
        llvm::is_contained(option->Categories, &category) ||
        llvm::is_contained({"help", "help-list", "help-hidden", "version"},
                           entry.first);
    if (!shown && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
  for (llvm::StringRef name : alsoShown)
    if (cl::Option *option = cl::getRegisteredOptions().lookup(name)) {
      option->addCategory(category);
      option->setHiddenFlag(cl::NotHidden);
    }
}

/// Makes --version print onnxc's version and commit, then LLVM's.
inline void addVersionPrinter() {
  llvm::cl::AddExtraVersionPrinter(
      [](llvm::raw_ostream &os) { os << ONNXC_VERSION_STRING << "\n"; });
}

/// Whether a pass or pipeline argument is one of onnxc's: they all start
/// with "onnx-" or "convert-onnx-".
inline bool isONNXCPassArgument(llvm::StringRef argument) {
  return argument.starts_with("onnx-") || argument.starts_with("convert-onnx-");
}

/// The --help lines of onnxc's registered passes and pipelines, read off the
/// option that takes every pass (`passOption`, any of its values).
inline std::string describeONNXCPasses(llvm::StringRef passOption) {
  llvm::cl::Option *passes =
      llvm::cl::getRegisteredOptions().lookup(passOption);
  if (!passes)
    return {};
  llvm::SmallVector<llvm::StringRef> names;
  passes->getExtraOptionNames(names);
  llvm::sort(names);
  std::string text = "onnxc passes and pipelines (--help-hidden lists every "
                     "pass):\n\n";
  for (llvm::StringRef name : names) {
    if (!isONNXCPassArgument(name))
      continue;
    llvm::StringRef description;
    if (const mlir::PassInfo *pass = mlir::PassInfo::lookup(name))
      description = pass->getPassDescription();
    else if (const mlir::PassPipelineInfo *pipeline =
                 mlir::PassPipelineInfo::lookup(name))
      description = pipeline->getPassDescription();
    text += llvm::formatv("  --{0,-36} - {1}\n", name, description).str();
  }
  return text;
}

} // namespace onnxc

#endif // ONNXC_TOOLS_COMMANDLINE_H
