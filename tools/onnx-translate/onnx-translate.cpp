//===- onnx-translate.cpp - onnxc's translation driver --------------------===//
//
// mlir-translate for onnxc: `--import-onnx` reads an ONNX model (binary
// protobuf, or ONNX text syntax when the file name ends in `.onnxtxt`) into
// the onnx dialect; `--mlir-to-llvmir` turns the LLVM dialect that
// `onnx-opt --onnx-to-llvm` produces into LLVM IR. --input-shape and
// --strict-shapes are onnx-compile's.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Importer/Importer.h"
#include "onnxc/InitAll.h"
#include "onnxc/Tools/CommandLine.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace {

void registerImportONNXTranslation() {
  mlir::TranslateToMLIRRegistration importONNX(
      "import-onnx", "Import an ONNX model into the onnx dialect",
      [](llvm::SourceMgr &sourceMgr,
         mlir::MLIRContext *context) -> mlir::OwningOpRef<mlir::Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        llvm::StringRef name = buffer->getBufferIdentifier();
        // The model's messages name its nodes, as onnx-compile's do.
        mlir::ScopedDiagnosticHandler modelDiagnostics(
            context, [&](mlir::Diagnostic &diag) {
              onnxc::printModelDiagnostic(diag, name, llvm::errs());
              return mlir::success();
            });
        llvm::Expected<onnxc::ImportOptions> options =
            onnxc::getImportOptionsFromCL();
        if (!options) {
          mlir::emitError(mlir::UnknownLoc::get(context))
              << llvm::toString(options.takeError());
          return nullptr;
        }
        return onnxc::importONNXModel(
            context, buffer->getBuffer(),
            onnxc::isONNXTextSyntax(name, buffer->getBuffer()), name, *options);
      },
      [](mlir::DialectRegistry &registry) {
        onnxc::registerAllONNXCDialects(registry);
      });
}

} // namespace

int main(int argc, char **argv) {
  onnxc::registerImportCLOptions();
  onnxc::addVersionPrinter();
  registerImportONNXTranslation();
  // --help shows the translations and onnxc's options; --help-hidden the
  // options of LLVM and MLIR too. (mlirTranslateMain adds its own, shown.)
  static llvm::cl::OptionCategory category("onnx-translate options");
  onnxc::showOnlyInHelp(category, {"input-shape", "strict-shapes"});
  mlir::registerToLLVMIRTranslation();
  return mlir::succeeded(
             mlir::mlirTranslateMain(argc, argv, "onnxc translation driver\n"))
             ? 0
             : 1;
}
