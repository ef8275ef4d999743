//===- JamParallelLoops.cpp - Share work between parallel iterations ------===//
//
// A kernel's parallel loop over planes runs, in each iteration, a loop over
// rows whose body also computes values that depend on the row but not on
// the plane: a linear Upsample whose row weights are not periodic multiplies
// each row's weights by the column weights again for every plane. This pass
// unroll-and-jams such a parallel loop: one row loop serves several planes,
// runs each store group of its body for every plane in turn, and computes
// the plane-invariant values once. A downsampling's row loop, which waits on
// memory, is jammed too: its planes' cache misses then overlap.
//
//===----------------------------------------------------------------------===//

#include "LoopAccesses.h"

#include "onnxc/Codegen/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXJAMPARALLELLOOPSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// Whether every effect of `op` is a read of a constant global (through
/// views): nothing any iteration does can change what it reads.
bool readsOnlyConstants(Operation *op) {
  auto effecting = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effecting)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  effecting.getEffects(effects);
  return llvm::all_of(effects, [&](const MemoryEffects::EffectInstance &e) {
    if (!isa<MemoryEffects::Read>(e.getEffect()) || !e.getValue())
      return false;
    return onnxc::codegen::isConstantGlobal(
        onnxc::codegen::getBaseBuffer(e.getValue(), /*throughWorkspace=*/true));
  });
}

/// The bytes of a buffer of static shape, or nullopt.
/// A parallel loop `outer` whose body is pure ops and then one loop
/// `inner` with bounds from above `outer` and a body without regions, and
/// the ops of that body whose results do not depend on `outer`.
struct JamCandidate {
  scf::ForOp outer, inner;
  /// See LoopAccesses::readsMoreThanItWrites.
  bool downsamples = false;
  llvm::SmallPtrSet<Operation *, 16> invariant;
};

std::optional<JamCandidate> getCandidate(scf::ForOp outer) {
  if (!onnxc::codegen::isParallelLoop(outer))
    return std::nullopt;
  Block *body = outer.getBody();
  auto inner =
      dyn_cast_or_null<scf::ForOp>(body->getTerminator()->getPrevNode());
  if (!inner || inner.getNumResults() != 0 || inner.getUnsignedCmp() ||
      !llvm::all_of(inner->getOperands(),
                    [&](Value v) { return outer.isDefinedOutsideOfLoop(v); }))
    return std::nullopt;
  for (Operation &op : body->without_terminator())
    if (&op != inner && (op.getNumRegions() != 0 || !isMemoryEffectFree(&op)))
      return std::nullopt;
  // Interleaving iterations is safe when they touch disjoint data: the
  // parallel attribute says they write disjoint parts, and a nest that
  // reads a buffer it writes is left alone (as onnx-parallelize-loops does).
  std::optional<onnxc::codegen::LoopAccesses> accesses =
      onnxc::codegen::getLoopAccesses(outer);
  if (!accesses || accesses->readsWhatItWrites())
    return std::nullopt;

  JamCandidate candidate{outer, inner, accesses->readsMoreThanItWrites(), {}};
  for (Operation &op : inner.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0)
      return std::nullopt;
    bool isInvariant =
        (isMemoryEffectFree(&op) || readsOnlyConstants(&op)) &&
        llvm::all_of(op.getOperands(), [&](Value v) {
          if (v == inner.getInductionVar() || outer.isDefinedOutsideOfLoop(v))
            return true;
          Operation *def = v.getDefiningOp();
          return def && candidate.invariant.contains(def);
        });
    if (isInvariant)
      candidate.invariant.insert(&op);
  }
  return candidate;
}

/// Whether `op` works on vectors: an op that becomes vector instructions.
bool isVectorOp(Operation *op) {
  auto isVector = llvm::IsaPred<VectorType>;
  return llvm::any_of(op->getResultTypes(), isVector) ||
         llvm::any_of(op->getOperandTypes(), isVector);
}

/// The largest factor up to `maxFactor` for which the jammed inner body
/// has at most `maxJammedVectorOps` vector ops, or 1 when jamming neither
/// saves vector arithmetic nor reads more planes at once where that helps
/// (readsMoreThanItWrites).
/// - A much longer body no longer fits the decoded-instruction cache: a
///   x1.5 linear Upsample of 4 planes in the L2 cache (457 vector ops a
///   row, 192 of them invariant) gains jammed by 2 to 4 (722 to 1252 ops),
///   but not by 8 (2312); tuned with benchmarks/sweep.py.
/// - An inner loop of at most `kMaxUnrolledTrips` iterations is unrolled
///   by LLVM, whose loop-invariant code motion then computes its invariant
///   values once for the whole outer loop: jamming only adds code.
/// - There are no more copies than the outer loop has iterations.
int64_t getFactor(const JamCandidate &candidate, int64_t maxFactor,
                  int64_t maxJammedVectorOps) {
  constexpr int64_t kMaxUnrolledTrips = 4;
  scf::ForOp inner = candidate.inner;
  if (std::optional<APInt> trips = inner.getStaticTripCount();
      trips && trips->ule(kMaxUnrolledTrips))
    return 1;
  // The ops that vary with the jammed loop's induction variable.
  SetVector<Operation *> varying;
  getForwardSlice(scf::ForOp(candidate.outer).getInductionVar(), &varying);
  int64_t shared = 0, copied = 0, varyingTableReads = 0;
  bool savesArithmetic = false;
  for (Operation &op : inner.getBody()->without_terminator()) {
    varyingTableReads += varying.contains(&op) && !isMemoryEffectFree(&op) &&
                         readsOnlyConstants(&op);
    if (!isVectorOp(&op))
      continue;
    if (!candidate.invariant.contains(&op)) {
      ++copied;
      continue;
    }
    ++shared;
    savesArithmetic |= isa<arith::ArithDialect>(op.getDialect()) &&
                       !isa<CastOpInterface>(op) &&
                       !op.hasTrait<OpTrait::ConstantLike>();
  }
  if (!savesArithmetic && !candidate.downsamples)
    return 1;
  int64_t factor = maxFactor;
  if (std::optional<APInt> trips =
          scf::ForOp(candidate.outer).getStaticTripCount())
    factor = std::min<int64_t>(factor, trips->getLimitedValue(factor));
  while (factor > 1 && shared + factor * copied > maxJammedVectorOps)
    --factor;
  // Each copy's table reads that vary with the jammed loop (the rows of a
  // row loop's taps) start load streams of their own, whose addresses the
  // jammed body keeps in registers, each with its prefetches
  // (onnx-prefetch-rows): past kMaxJammedStreams, jamming a downsampling
  // slows it down (an antialias pass of 8 rows per output row).
  constexpr int64_t kMaxJammedStreams = 8;
  if (!savesArithmetic)
    while (factor > 1 && factor * varyingTableReads > kMaxJammedStreams)
      --factor;
  return factor;
}

/// Unroll-and-jam `candidate.outer` by `factor`: a loop over chunks of
/// `factor` iterations whose inner loop runs, for each group of its body's
/// ops that ends with a write, that group for every iteration of the chunk,
/// sharing the invariant ops; then the original loop over what remains.
void jam(const JamCandidate &candidate, int64_t factor) {
  scf::ForOp outer = candidate.outer, inner = candidate.inner;
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  Value lb = outer.getLowerBound(), ub = outer.getUpperBound(),
        step = outer.getStep();
  // Bounds and offsets fold where the loop's are constants. Each constant
  // is one of the function's entry block, made at its start if there is
  // none: above every loop, so that loops keep bounds onnx-parallelize-loops
  // sees as invariant.
  Block &entry = outer->getParentWithTrait<OpTrait::IsIsolatedFromAbove>()
                     ->getRegion(0)
                     .front();
  DenseMap<int64_t, Value> constants;
  if (Operation *anchor = entry.findAncestorOpInBlock(*outer))
    for (Operation &op : llvm::make_range(entry.begin(), anchor->getIterator()))
      if (auto constant = dyn_cast<arith::ConstantIndexOp>(op))
        constants.try_emplace(constant.value(), constant);
  auto index = [&](int64_t v) -> Value {
    Value &constant = constants[v];
    if (!constant) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&entry);
      constant = arith::ConstantIndexOp::create(b, loc, v);
    }
    return constant;
  };
  auto fold = [&](Value v) -> Value {
    std::optional<int64_t> c = getConstantIntValue(v);
    if (!c)
      return v;
    Value constant = index(*c);
    if (constant != v && v.use_empty())
      v.getDefiningOp()->erase();
    return constant;
  };

  std::optional<int64_t> lbValue = getConstantIntValue(lb),
                         ubValue = getConstantIntValue(ub),
                         stepValue = getConstantIntValue(step);
  Value chunk, mainUb;
  if (lbValue && ubValue && stepValue) {
    int64_t chunkValue = *stepValue * factor;
    chunk = index(chunkValue);
    mainUb = index(*lbValue + std::max<int64_t>(*ubValue - *lbValue, 0) /
                                  chunkValue * chunkValue);
  } else {
    chunk = fold(b.createOrFold<arith::MulIOp>(loc, step, index(factor)));
    Value span = b.createOrFold<arith::MaxSIOp>(
        loc, b.createOrFold<arith::SubIOp>(loc, ub, lb), index(0));
    Value mainSpan = b.createOrFold<arith::MulIOp>(
        loc, b.createOrFold<arith::DivSIOp>(loc, span, chunk), chunk);
    mainUb = b.createOrFold<arith::AddIOp>(loc, lb, mainSpan);
  }

  auto main = scf::ForOp::create(b, loc, lb, mainUb, chunk);
  main->setDiscardableAttrs(outer->getDiscardableAttrDictionary());
  b.setInsertionPointToStart(main.getBody());
  SmallVector<IRMapping> maps(factor);
  for (int64_t f = 0; f < factor; ++f) {
    Value iv = main.getInductionVar();
    if (f > 0)
      iv = arith::AddIOp::create(
          b, loc, iv,
          stepValue ? index(*stepValue * f)
                    : arith::MulIOp::create(b, loc, step, index(f)));
    maps[f].map(outer.getInductionVar(), iv);
    for (Operation &op : outer.getBody()->without_terminator())
      if (&op != inner)
        b.clone(op, maps[f]);
  }
  auto jammed = scf::ForOp::create(b, loc, inner.getLowerBound(),
                                   inner.getUpperBound(), inner.getStep());
  jammed->setDiscardableAttrs(inner->getDiscardableAttrDictionary());
  for (IRMapping &map : maps)
    map.map(inner.getInductionVar(), jammed.getInductionVar());
  b.setInsertionPointToStart(jammed.getBody());
  onnxc::codegen::cloneInterleaved(
      b, *inner.getBody(), maps,
      [&](Operation *op) { return candidate.invariant.contains(op); });

  // The remainder: the original loop from where the chunks end, unless
  // there is none.
  std::optional<APInt> trip = outer.getStaticTripCount();
  if (trip && trip->urem(factor) == 0) {
    outer.erase();
    return;
  }
  outer.getLowerBoundMutable().assign(mainUb);
  outer->moveAfter(main);
}

struct ONNXJamParallelLoopsPass
    : onnxc::impl::ONNXJamParallelLoopsPassBase<ONNXJamParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<JamCandidate, int64_t>> candidates;
    getOperation().walk([&](scf::ForOp loop) {
      if (std::optional<JamCandidate> candidate = getCandidate(loop))
        if (int64_t jamFactor =
                getFactor(*candidate, factor, maxJammedVectorOps);
            jamFactor > 1)
          candidates.push_back({std::move(*candidate), jamFactor});
    });
    for (const auto &[candidate, jamFactor] : candidates)
      jam(candidate, jamFactor);
  }
};

} // namespace
