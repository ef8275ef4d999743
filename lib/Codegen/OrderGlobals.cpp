//===- OrderGlobals.cpp - Constant globals by their first use -------------===//
//
// Bufferization creates a global per constant in an order that depends on
// pointer hashing; this pass names and places them by the module's walk
// order alone, so that a model always compiles to the same bytes.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXORDERGLOBALSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// The name bufferization gives a constant global of `type`, without the
/// suffix that makes it unique: "__constant_" and the shape and element
/// type, e.g. "__constant_4x8xf32".
std::string getBaseName(memref::GlobalOp global) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << "__constant_";
  MemRefType type = global.getType();
  for (int64_t size : type.getShape())
    os << size << "x";
  os << type.getElementType();
  return name;
}

struct ONNXOrderGlobalsPass
    : onnxc::impl::ONNXOrderGlobalsPassBase<ONNXOrderGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Private constants only: others are named by someone else.
    llvm::MapVector<StringAttr, memref::GlobalOp> constants;
    for (auto global : module.getOps<memref::GlobalOp>())
      if (global.getConstant() && global.isPrivate())
        constants.insert({global.getSymNameAttr(), global});
    if (constants.empty())
      return;
    llvm::MapVector<StringAttr, memref::GlobalOp> ordered;
    module.walk([&](memref::GetGlobalOp use) {
      auto it = constants.find(use.getNameAttr().getAttr());
      if (it != constants.end())
        ordered.insert(*it);
    });
    for (auto &entry : constants)
      ordered.insert(entry);

    // Every constant takes a temporary name first, so that no new name
    // meets an old one still in use; then its final name, unless another
    // symbol of the module has it.
    SymbolTable symbols(module);
    MLIRContext *context = &getContext();
    for (auto [index, entry] : llvm::enumerate(ordered))
      if (failed(symbols.rename(
              entry.second,
              StringAttr::get(context,
                              "__onnxc_ordering_" + std::to_string(index)))))
        return signalPassFailure();
    llvm::StringMap<unsigned> counts;
    Operation *insertionPoint = &module.getBodyRegion().front().front();
    for (auto &entry : ordered) {
      memref::GlobalOp global = entry.second;
      std::string base = getBaseName(global), name;
      do {
        unsigned n = counts[base]++;
        name = n ? base + "_" + std::to_string(n - 1) : base;
      } while (symbols.lookup(name));
      if (failed(symbols.rename(global, StringAttr::get(context, name))))
        return signalPassFailure();
      if (global != insertionPoint)
        global->moveBefore(insertionPoint);
      else
        insertionPoint = global->getNextNode();
    }
  }
};
} // namespace
