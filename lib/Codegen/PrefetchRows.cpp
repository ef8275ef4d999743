//===- PrefetchRows.cpp - Prefetch the rows a downsampling gathers --------===//
//
// A downsampling kernel reads several input rows per output row, through
// tables of rows, in short interleaved runs that hardware prefetchers
// follow badly. Each of its loads gets a prefetch of the address it reads
// a few iterations of its row loop later, computed by copies of the table
// reads and arithmetic the address depends on.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "LoopAccesses.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXPREFETCHROWSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using namespace onnxc::codegen;

namespace {

/// The ops inside `loop` that the indices of `load` depend on, in order,
/// if they are all region-free and either pure or table reads (ops that
/// only read memory), and a table read among them varies with `loop`'s
/// induction variable; else empty.
SetVector<Operation *> getRowAddressSlice(vector::LoadOp load,
                                          scf::ForOp loop) {
  BackwardSliceOptions options;
  options.inclusive = false;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) { return loop->isProperAncestor(op); };
  SetVector<Operation *> slice;
  for (Value index : load.getIndices())
    if (Operation *def = index.getDefiningOp();
        def && loop->isProperAncestor(def)) {
      if (failed(getBackwardSlice(def, &slice, options)))
        return {};
      slice.insert(def);
    }
  slice = mlir::topologicalSort(slice);
  // The ops whose results vary with the loop's induction variable.
  Value iv = loop.getInductionVar();
  llvm::SmallPtrSet<Operation *, 16> varying;
  bool readsRowTable = false;
  for (Operation *op : slice) {
    if (op->getNumRegions() != 0)
      return {};
    auto reader = dyn_cast<MemoryEffectOpInterface>(op);
    bool tableRead =
        !isPure(op) && reader && reader.onlyHasEffect<MemoryEffects::Read>();
    if (!tableRead && !isPure(op))
      return {};
    if (llvm::any_of(op->getOperands(), [&](Value operand) {
          return operand == iv || varying.contains(operand.getDefiningOp());
        })) {
      varying.insert(op);
      readsRowTable |= tableRead;
    }
  }
  if (!readsRowTable)
    return {};
  return slice;
}

/// `loop`'s induction variable `distance` steps ahead, or the current one
/// where that would be past the loop's end; at the start of its body.
Value getIterationAhead(OpBuilder &b, scf::ForOp loop, int64_t distance) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Location loc = loop.getLoc();
  Value iv = loop.getInductionVar();
  Value steps = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(iv.getType(), distance));
  Value ahead = arith::AddIOp::create(
      b, loc, iv, arith::MulIOp::create(b, loc, loop.getStep(), steps));
  Value inside =
      arith::CmpIOp::create(b, loc,
                            loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                            ahead, loop.getUpperBound());
  return arith::SelectOp::create(b, loc, inside, ahead, iv);
}

/// Whether `nest`, an outermost parallel loop nest, is a downsampling whose
/// loads may take prefetches.
bool isDownsamplingNest(scf::ForOp nest) {
  std::optional<LoopAccesses> accesses = getLoopAccesses(nest);

  return accesses && !accesses->readsWhatItWrites() &&
         accesses->readsMoreThanItWrites();
}

struct ONNXPrefetchRowsPass
    : onnxc::impl::ONNXPrefetchRowsPassBase<ONNXPrefetchRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (distance <= 0)
      return;
    SmallVector<scf::ForOp> nests;
    getOperation().walk([&](scf::ForOp loop) {
      if (isParallelLoop(loop) && !isParallelLoop(loop->getParentOp()) &&
          isDownsamplingNest(loop))
        nests.push_back(loop);
    });
    OpBuilder b(&getContext());
    for (scf::ForOp nest : nests) {
      DenseMap<Operation *, Value> aheadOf;
      SmallVector<vector::LoadOp> loads;
      nest.walk([&](vector::LoadOp load) { loads.push_back(load); });
      for (vector::LoadOp load : loads) {
        if (isConstantGlobal(getBaseBuffer(load.getBase(), true)))
          continue;
        // The row loop: the innermost loop whose table reads the address
        // depends on.
        for (auto loop = load->getParentOfType<scf::ForOp>();
             loop && nest->isAncestor(loop);
             loop = loop->getParentOfType<scf::ForOp>()) {
          SetVector<Operation *> slice = getRowAddressSlice(load, loop);
          if (slice.empty())
            continue;
          Value &ahead = aheadOf[loop];
          if (!ahead)
            ahead = getIterationAhead(b, loop, distance);
          IRMapping map;
          map.map(loop.getInductionVar(), ahead);
          b.setInsertionPoint(load);
          for (Operation *op : slice)
            b.clone(*op, map);
          SmallVector<Value> indices;
          for (Value index : load.getIndices())
            indices.push_back(map.lookupOrDefault(index));
          memref::PrefetchOp::create(b, load.getLoc(), load.getBase(), indices,
                                     /*isWrite=*/false, /*localityHint=*/2,
                                     /*isDataCache=*/true);
          break;
        }
      }
    }
  }
};

} // namespace
