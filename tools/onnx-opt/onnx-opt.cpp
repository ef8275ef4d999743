//===- onnx-opt.cpp - onnxc's optimizer driver ----------------------------===//
//
// mlir-opt for onnxc: the onnx dialect, our passes and the onnx-to-llvm
// pipeline, and the upstream dialects, passes and extensions the lowering
// uses. --help shows onnxc's passes and the options lit tests use;
// --help-hidden everything.
//
//===----------------------------------------------------------------------===//

#include "onnxc/InitAll.h"
#include "onnxc/Tools/CommandLine.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/WithColor.h"

namespace cl = llvm::cl;

static cl::OptionCategory category("onnx-opt options");

int main(int argc, char **argv) {
  onnxc::registerAllONNXCPasses();
  onnxc::addVersionPrinter();
  mlir::DialectRegistry registry;
  onnxc::registerAllONNXCDialects(registry);

  std::string header =
      mlir::registerCLIOptions("onnxc optimizer driver", registry);
  onnxc::showOnlyInHelp(
      category, {"o", "pass-pipeline", "split-input-file", "verify-diagnostics",
                 "allow-unregistered-dialect", "mlir-print-ir-after-all",
                 "mlir-print-ir-before-all", "mlir-print-ir-after-failure",
                 "mlir-print-ir-after", "mlir-print-ir-before", "mlir-timing",
                 "mlir-disable-threading", "list-passes"});
  // The option taking every pass is hidden with the rest; its onnxc values
  // are listed after the options.
  static std::string passes = onnxc::describeONNXCPasses("onnx-upgrade-ops");
  static cl::extrahelp passesHelp(passes);
  auto [input, output] = mlir::parseCLIOptions(argc, argv, header);
  // A model is what a new user tries first; MLIR's parser would only say
  // "unexpected character".
  llvm::StringRef inputName = input;
  if (inputName.ends_with(".onnx") || inputName.ends_with(".onnxtxt")) {
    llvm::WithColor::error(llvm::errs(), "onnx-opt")
        << "'" << inputName
        << "' is an ONNX model, and onnx-opt reads MLIR; import it with "
           "'onnx-translate --import-onnx "
        << inputName << "' (or compile it with onnx-compile)\n";
    return 1;
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
