//===- StackBuffers.cpp - A loop iteration's own buffers on the stack -----===//
//
// A buffer allocated and freed within one iteration of a loop (the row a
// fused producer computes for its consumer) belongs to that iteration
// alone, so the iterations a thread runs can share one. After
// onnx-parallelize-loops, each task function is one thread's: such a
// buffer moves to the stack frame of the function that runs the loop, and
// an iteration neither calls an allocator nor grows the stack.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "LoopAccesses.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXSTACKBUFFERSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

struct ONNXStackBuffersPass
    : onnxc::impl::ONNXStackBuffersPassBase<ONNXStackBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::AllocOp> buffers;
    getOperation().walk([&](memref::AllocOp alloc) {
      if (onnxc::codegen::isIterationBuffer(alloc))
        buffers.push_back(alloc);
    });
    if (buffers.empty())
      return;
    IRRewriter rewriter(&getContext());
    rewriter.setInsertionPointToStart(&getOperation().getBody().front());
    for (memref::AllocOp alloc : buffers) {
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          rewriter.eraseOp(user);
      rewriter.replaceOpWithNewOp<memref::AllocaOp>(alloc, alloc.getType(),
                                                    alloc.getAlignmentAttr());
    }
  }
};
} // namespace
