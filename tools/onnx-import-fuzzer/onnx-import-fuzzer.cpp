//===- onnx-import-fuzzer.cpp - libFuzzer target for the importer ---------===//
//
// Feeds arbitrary bytes to the importer, as a binary model or, when they
// start with '<' after any white space (a model header in ONNX text
// syntax), as text syntax, and verifies whatever module comes out. Any
// crash, sanitizer report or verifier failure of an imported module is a
// bug: bad input must give diagnostics and a null module. Built with
// -DONNXC_BUILD_FUZZERS=ON (which `scripts/test.sh --sanitize` sets); see
// the README for longer runs.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Importer/Importer.h"
#include "onnxc/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry();
    onnxc::registerAllONNXCDialects(*r);
    return r;
  }();
  // Dialects load as the importer asks for them: loading every registered
  // one per input would cost more than the import.
  mlir::MLIRContext context(*registry);
  // Diagnostics are expected; only crashes are findings.
  mlir::ScopedDiagnosticHandler silence(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef contents(reinterpret_cast<const char *>(data), size);
  // External data is looked up beside the source: a name in an empty
  // directory keeps the fuzzer from reading the machine's files.
  llvm::StringRef name = "/nonexistent-onnxc-fuzz/model.onnx";
  mlir::OwningOpRef<mlir::ModuleOp> module = onnxc::importONNXModel(
      &context, contents, onnxc::isONNXTextSyntax(name, contents), name);
  if (module && mlir::failed(mlir::verify(*module)))
    abort();
  return 0;
}
