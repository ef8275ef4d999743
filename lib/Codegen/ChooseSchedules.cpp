//===- ChooseSchedules.cpp - Kernel choices made in one place -------------===//
//
// Where a lowering can build more than one kernel for an op, the choice
// follows from facts about the graph: this pass states it as an attribute
// of the onnxc dialect on the onnx op, and the lowering reads it.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXCHOOSESCHEDULESPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// Whether every use of `op`'s results returns it from the function: the
/// result is a graph output, written straight into the caller's buffer.
bool isOnlyReturned(Operation *op) {
  return !op->use_empty() && llvm::all_of(op->getUsers(), [](Operation *user) {
    return isa<func::ReturnOp>(user);
  });
}

struct ONNXChooseSchedulesPass
    : onnxc::impl::ONNXChooseSchedulesPassBase<ONNXChooseSchedulesPass> {
  using Base::Base;

  void runOnOperation() override {
    onnxc::codegen::CodegenDialect::RowGroupsAttrHelper rowGroups(
        &getContext());
    getOperation().walk([&](Operation *op) {
      if (!isa<onnxc::onnx::ResizeV10Op, onnxc::onnx::LatestResizeOp>(op))
        return;
      if (isOnlyReturned(op))
        rowGroups.setAttr(op, UnitAttr::get(&getContext()));
      else if (rowGroups.isAttrPresent(op))
        rowGroups.removeAttr(op);
    });
  }
};
} // namespace
