//===- FuseSiblingLoops.cpp - One pass over the output for sibling nests --===//
//
// Parallel loop nests that follow each other with the same outer loops (the
// interior and the last-row slabs of a linear Upsample, all over the same
// planes) become one nest whose iterations run each sibling's body in turn:
// a plane's last rows are written while its input is still in the cache.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "LoopAccesses.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXFUSESIBLINGLOOPSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using namespace onnxc::codegen;

namespace {

bool isSameValue(Value a, Value b) {
  if (a == b)
    return true;
  std::optional<int64_t> x = getConstantIntValue(a), y = getConstantIntValue(b);
  return x && y && *x == *y;
}

bool haveSameBounds(scf::ForOp a, scf::ForOp b) {
  return isSameValue(a.getLowerBound(), b.getLowerBound()) &&
         isSameValue(a.getUpperBound(), b.getUpperBound()) &&
         isSameValue(a.getStep(), b.getStep());
}

/// The loop that is all of `loop`'s body, if any.
scf::ForOp getOnlyNestedLoop(scf::ForOp loop) {
  Block *body = loop.getBody();
  if (!llvm::hasSingleElement(body->without_terminator()) ||
      !isParallelLoop(&body->front()))
    return nullptr;
  return cast<scf::ForOp>(body->front());
}

/// Moves `second`'s iterations into `first`'s, both with the same bounds:
/// through the loops that are each one's whole body, as deep as both go
/// with the same bounds, then the bodies one after the other.
void fuse(RewriterBase &rewriter, scf::ForOp first, scf::ForOp second) {
  rewriter.replaceAllUsesWith(second.getInductionVar(),
                              first.getInductionVar());
  scf::ForOp firstInner = getOnlyNestedLoop(first);
  scf::ForOp secondInner = getOnlyNestedLoop(second);
  if (firstInner && secondInner && haveSameBounds(firstInner, secondInner) &&
      llvm::all_of(secondInner->getOperands(), [&](Value v) {
        return !second.getRegion().isAncestor(v.getParentRegion());
      })) {
    rewriter.moveOpAfter(secondInner, firstInner);
    rewriter.eraseOp(second);
    fuse(rewriter, firstInner, secondInner);
    return;
  }
  Block *into = first.getBody();
  rewriter.inlineBlockBefore(second.getBody(), into->getTerminator(),
                             first.getInductionVar());
  // The second body's terminator is now before the first's: drop it.
  rewriter.eraseOp(into->getTerminator()->getPrevNode());
  rewriter.eraseOp(second);
}

struct ONNXFuseSiblingLoopsPass
    : onnxc::impl::ONNXFuseSiblingLoopsPassBase<ONNXFuseSiblingLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    IRRewriter rewriter(&getContext());
    Block &body = func.getBody().front();
    for (Operation *op = &body.front(); op; op = op->getNextNode()) {
      if (!isParallelLoop(op))
        continue;
      auto first = cast<scf::ForOp>(op);
      std::optional<LoopAccesses> firstAccesses = getLoopAccesses(first);
      if (!firstAccesses || firstAccesses->readsWhatItWrites())
        continue;
      // Fuse the next parallel nests with the same bounds, past pure ops
      // (views, constants), which move above the fused nest.
      for (;;) {
        SmallVector<Operation *> between;
        Operation *next = first->getNextNode();
        while (next && !isParallelLoop(next) && next->getNumRegions() == 0 &&
               isMemoryEffectFree(next) &&
               !next->hasTrait<OpTrait::IsTerminator>()) {
          between.push_back(next);
          next = next->getNextNode();
        }
        if (!isParallelLoop(next))
          break;
        auto second = cast<scf::ForOp>(next);
        std::optional<LoopAccesses> secondAccesses = getLoopAccesses(second);
        if (!haveSameBounds(first, second) || !secondAccesses ||
            secondAccesses->readsWhatItWrites() ||
            firstAccesses->dependsOn(*secondAccesses))
          break;
        for (Operation *pure : between)
          rewriter.moveOpBefore(pure, first);
        fuse(rewriter, first, second);
        firstAccesses = getLoopAccesses(first);
        if (!firstAccesses)
          break;
      }
    }
  }
};
} // namespace
