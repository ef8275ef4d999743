//===- Fusion.cpp - Clip and Upsample graphs as single loop nests ---------===//
//
// onnx-fuse: upstream elementwise fusion and reshape propagation, under the
// cost rule of Passes.td, plus the fusions upstream has no pattern for:
// producers recomputed at the taps of gathers (tensor.extract) and on the
// slices of stencils (tensor.extract_slice), and pointwise consumers pushed
// into the regions of an output assembled by tensor.insert_slice.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXFUSEPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// The cost rule
//===----------------------------------------------------------------------===//

/// Whether the payload weighs what it reads: a linear Upsample (alone or
/// fused with its pointwise consumers) reads and weighs 2^k taps per
/// element, in floating point, or in fixed point (integer multiplies of
/// several taps), which a consumer should not repeat for every element it
/// reads.
bool isInterpolating(linalg::GenericOp op) {
  int64_t taps = 0;
  bool multipliesReals = false, multipliesIntegers = false;
  op.getBody()->walk([&](Operation *nested) {
    taps += isa<tensor::ExtractOp>(nested);
    multipliesReals |= isa<arith::MulFOp, complex::MulOp>(nested);
    multipliesIntegers |=
        isa<arith::MulIOp>(nested) && !nested->getResult(0).getType().isIndex();
  });
  return multipliesReals || (multipliesIntegers && taps > 1);
}

/// An all-parallel generic on tensors with one result, written through an
/// identity map from an init whose contents it never reads: its element at
/// any index can be computed on its own.
bool isPointComputable(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumParallelLoops() != op.getNumLoops())
    return false;
  OpOperand *init = op.getDpsInitOperand(0);
  return op.getMatchingIndexingMap(init).isIdentity() &&
         !op.payloadUsesValueFromOperand(init);
}

/// A producer recomputed, rather than stored, in any consumer. Generators
/// (no tensor input: the index and weight tables of run-time scales) stay
/// tables: recomputing them would repeat a division per element read.
bool isRemapping(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && isPointComputable(generic) && !isInterpolating(generic) &&
         generic.getNumDpsInputs() > 0;
}

/// A producer whose result is a graph output is stored anyway: its
/// consumers read it back rather than recompute it (which, along a chain of
/// outputs, would grow quadratically).
bool isStoredAnyway(Operation *op) {
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    return isa<func::ReturnOp>(user);
  });
}

/// A producer that its consumers recompute.
bool isRecomputed(Operation *op) {
  return isRemapping(op) && !isStoredAnyway(op);
}

/// Pointwise: every operand read through the identity map, nothing gathered.
bool isPointwise(linalg::GenericOp op) {
  if (!isPointComputable(op) || isInterpolating(op))
    return false;
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return false;
  return !op.getBody()
              ->walk([](Operation *nested) {
                return isa<tensor::ExtractOp, linalg::IndexOp>(nested)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
}

/// A generic that reads an operand by tensor.extract, at positions it
/// computes.
bool isGather(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic)
    return false;
  return generic.getBody()
      ->walk([](tensor::ExtractOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// For a pointwise generic that reads the result of a gather, possibly
/// reshaped, that result's rank.
std::optional<int64_t> getGatherRankBehind(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !isPointwise(generic))
    return std::nullopt;
  for (Value input : generic.getDpsInputs()) {
    Value value = input;
    while (isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
        value.getDefiningOp()))
      value = value.getDefiningOp()->getOperand(0);
    if (isGather(value.getDefiningOp()))
      return cast<RankedTensorType>(value.getType()).getRank();
  }
  return std::nullopt;
}

/// A pointwise generic that already has the rank of the gather it reads:
/// reshapes propagate into it no further.
bool isPointwiseAtGatherRank(Operation *op) {
  std::optional<int64_t> rank = getGatherRankBehind(op);
  return rank && *rank == cast<linalg::GenericOp>(op).getNumLoops();
}

/// The control function of upstream elementwise fusion.
bool shouldFuseOperand(OpOperand *fusedOperand) {
  auto producer = fusedOperand->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(fusedOperand->getOwner());
  if (!producer || !consumer)
    return false;
  if (isRecomputed(producer))
    return true;
  // An interpolating producer takes its single pointwise consumer along.
  return producer->hasOneUse() && isPointwise(consumer);
}

/// Upstream's elementwise fusion under the cost rule. (Not
/// populateElementwiseOpsFusionPatterns: it also replaces inits whose values
/// the payload never reads by fresh empty tensors, which would detach the
/// regions of a linear Upsample from the output they are written into.)
struct FuseElementwiseProducer : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!linalg::areElementwiseOpsFusable(&operand) ||
          !shouldFuseOperand(&operand))
        continue;
      Operation *producer = operand.get().getDefiningOp();
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, &operand);
      if (failed(fused))
        continue;
      // The consumer's results; the producer stays for its other users.
      for (auto [original, replacement] : fused->replacements)
        rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
          return use.get().getDefiningOp() != producer;
        });
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }
};

//===----------------------------------------------------------------------===//
// Gathers: tensor.extract of a producer
//===----------------------------------------------------------------------===//

/// `tensor.extract %p[%i...]` of a remapping producer, or of a reshape of
/// one, becomes the producer's payload at that index: the tap is recomputed
/// instead of loaded. Index arithmetic is plain arith, which the vectorizer
/// turns into index vectors.
struct RecomputeProducerAtTap : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getTensor();
    Operation *producer = source.getDefiningOp();
    if (!producer || !isTap(op))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> indices(op.getIndices());

    if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(producer)) {
      if (!isRemappingThroughReshapes(collapse.getSrc()))
        return failure();
      // A collapse commutes with a pointwise producer (a conversion to the
      // compute type): its inputs collapsed alike are read at the same
      // indices, which stay as linear as they were.
      auto pointwise = collapse.getSrc().getDefiningOp<linalg::GenericOp>();
      if (pointwise && isPointwise(pointwise)) {
        IRMapping mapping;
        for (OpOperand *input : pointwise.getDpsInputOperands()) {
          Value value = input->get();
          if (isa<RankedTensorType>(value.getType())) {
            Value collapsed;
            {
              OpBuilder::InsertionGuard guard(rewriter);
              rewriter.setInsertionPoint(
                  op->getParentOfType<linalg::GenericOp>());
              collapsed = tensor::CollapseShapeOp::create(
                  rewriter, loc, value, collapse.getReassociationIndices());
            }
            value =
                tensor::ExtractOp::create(rewriter, loc, collapsed, indices);
          }
          mapping.map(pointwise.getMatchingBlockArgument(input), value);
        }
        Block *body = pointwise.getBody();
        for (Operation &nested : body->without_terminator())
          rewriter.clone(nested, mapping);
        rewriter.replaceOp(
            op,
            mapping.lookupOrDefault(
                cast<linalg::YieldOp>(body->getTerminator()).getValues()[0]));
        return success();
      }
      SmallVector<Value> sourceIndices;
      for (auto [index, group] :
           llvm::zip_equal(indices, collapse.getReassociationIndices())) {
        // Row-major: the last dimension of the group varies fastest.
        SmallVector<Value> parts(group.size());
        Value rest = index;
        for (int64_t g = group.size() - 1; g >= 0; --g) {
          if (g == 0) {
            parts[g] = rest;
            break;
          }
          Value size = getValueOrCreateConstantIndexOp(
              rewriter, loc,
              tensor::getMixedSize(rewriter, loc, collapse.getSrc(), group[g]));
          parts[g] = arith::RemUIOp::create(rewriter, loc, rest, size);
          rest = arith::DivUIOp::create(rewriter, loc, rest, size);
        }
        llvm::append_range(sourceIndices, parts);
      }
      rewriter.replaceOpWithNewOp<tensor::ExtractOp>(op, collapse.getSrc(),
                                                     sourceIndices);
      return success();
    }

    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(producer)) {
      if (!isRemappingThroughReshapes(expand.getSrc()))
        return failure();
      SmallVector<OpFoldResult> sizes = expand.getMixedOutputShape();
      SmallVector<Value> sourceIndices;
      for (ReassociationIndices group : expand.getReassociationIndices()) {
        Value linear = indices[group.front()];
        for (int64_t d : ArrayRef<int64_t>(group).drop_front()) {
          Value size = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[d]);
          linear = arith::AddIOp::create(
              rewriter, loc, arith::MulIOp::create(rewriter, loc, linear, size),
              indices[d]);
        }
        sourceIndices.push_back(linear);
      }
      rewriter.replaceOpWithNewOp<tensor::ExtractOp>(op, expand.getSrc(),
                                                     sourceIndices);
      return success();
    }

    auto generic = dyn_cast<linalg::GenericOp>(producer);
    if (!generic || !isRecomputed(generic))
      return failure();
    // A payload may yield a value from above it (a Clip folded to a
    // constant) but not its output's element, which is not recomputed.
    Value yielded = cast<linalg::YieldOp>(generic.getBody()->getTerminator())
                        .getValues()[0];
    if (llvm::is_contained(generic.getRegionOutputArgs(), yielded))
      return failure();
    // The loop indices of the element: the output map is the identity.
    IRMapping mapping;
    Block *body = generic.getBody();
    for (OpOperand *input : generic.getDpsInputOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(input);
      SmallVector<Value> inputIndices;
      for (AffineExpr expr : map.getResults())
        inputIndices.push_back(affine::expandAffineExpr(
            rewriter, loc, expr, indices, /*symbolValues=*/{}));
      Value element = isa<RankedTensorType>(input->get().getType())
                          ? tensor::ExtractOp::create(
                                rewriter, loc, input->get(), inputIndices)
                                .getResult()
                          : input->get();
      mapping.map(generic.getMatchingBlockArgument(input), element);
    }
    for (Operation &nested : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
        mapping.map(index.getResult(), indices[index.getDim()]);
        continue;
      }
      rewriter.clone(nested, mapping);
    }
    rewriter.replaceOp(op, mapping.lookupOrDefault(yielded));
    return success();
  }

private:
  /// Element reads inside a loop nest's payload; scalar reads (the bounds
  /// of a Clip) are left alone.
  static bool isTap(tensor::ExtractOp op) {
    return op.getTensor().getType().getRank() > 0 &&
           op->getParentOfType<linalg::GenericOp>();
  }

  static bool isRemappingThroughReshapes(Value value) {
    while (Operation *op = value.getDefiningOp()) {
      if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op))
        return isRecomputed(op);
      value = op->getOperand(0);
    }
    return false;
  }
};

//===----------------------------------------------------------------------===//
// Stencils: tensor.extract_slice of a producer
//===----------------------------------------------------------------------===//

/// A slice of a remapping producer becomes the producer computed on that
/// slice alone (TilingInterface): each stencil corner recomputes what it
/// reads.
struct RecomputeProducerOnSlice : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getSource().getDefiningOp<linalg::GenericOp>();
    if (!producer || !isRecomputed(producer) ||
        op.getSourceType().getRank() != op.getResultType().getRank())
      return failure();
    FailureOr<TilingResult> tiled =
        tensor::replaceExtractSliceWithTiledProducer(
            rewriter, op, cast<OpResult>(op.getSource()));
    if (failed(tiled))
      return failure();
    rewriter.replaceOp(op, tiled->tiledValues);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Outputs assembled from regions: pointwise consumers of tensor.insert_slice
//===----------------------------------------------------------------------===//

/// Whether `value` is only ever written into: the init of linalg ops whose
/// payloads never read it, possibly through slices and reshapes.
bool isOnlyWrittenInto(Value value) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isa<tensor::ExtractSliceOp, tensor::ExpandShapeOp,
            tensor::CollapseShapeOp>(user)) {
      if (!isOnlyWrittenInto(user->getResult(0)))
        return false;
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    if (!linalgOp || !linalgOp.isDpsInit(&use) ||
        linalgOp.payloadUsesValueFromOperand(&use))
      return false;
  }
  return true;
}

/// A pointwise f of one tensor assembled from regions,
/// `insert_slice(s_k, ... insert_slice(s_1, d))`, becomes
/// `insert_slice(f(s_k), ... insert_slice(f(s_1), f(d)))`, each f(s_i)
/// computed into its own slice of the new output: f then fuses into each
/// region's producer, which stays in place. On the tensor.empty at the
/// bottom f gives an empty tensor: what is never written is undefined
/// either way. The partial outputs of the chain may be used otherwise only
/// as destinations the regions are written into.
struct PushPointwiseIntoRegions : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!isPointwise(op) || op.getNumDpsInputs() != 1)
      return failure();
    Value input = op.getDpsInputOperand(0)->get();
    if (!input.getDefiningOp<tensor::InsertSliceOp>() || !input.hasOneUse())
      return failure();
    SmallVector<tensor::InsertSliceOp> levels; // Outermost first.
    Value base = input;
    while (auto insert = base.getDefiningOp<tensor::InsertSliceOp>()) {
      if (insert.getSourceType().getRank() != insert.getDestType().getRank())
        return failure();
      if (!levels.empty()) {
        for (OpOperand &use : base.getUses())
          if (use.getOwner() != levels.back() &&
              !(isa<tensor::ExtractSliceOp>(use.getOwner()) &&
                isOnlyWrittenInto(use.getOwner()->getResult(0))))
            return failure();
      }
      levels.push_back(insert);
      base = insert.getDest();
    }

    Location loc = op.getLoc();
    Type elementType = getElementTypeOrSelf(op.getResult(0).getType());
    // f applied to `tensor`, computed into `init` (a fresh tensor if null).
    auto apply = [&](Value tensor, Value init) -> Value {
      if (auto empty = tensor.getDefiningOp<tensor::EmptyOp>())
        return tensor::EmptyOp::create(rewriter, loc, empty.getMixedSizes(),
                                       elementType);
      if (!init)
        init = tensor::EmptyOp::create(
            rewriter, loc, tensor::getMixedSizes(rewriter, loc, tensor),
            elementType);
      auto clone = cast<linalg::GenericOp>(rewriter.clone(*op.getOperation()));
      clone.getDpsInputOperand(0)->set(tensor);
      clone.getDpsInitOperand(0)->set(init);
      clone.getResult(0).setType(init.getType());
      return clone.getResult(0);
    };
    Value dest = apply(base, Value());
    for (tensor::InsertSliceOp insert : llvm::reverse(levels)) {
      auto sourceType = insert.getSourceType();
      Value region = tensor::ExtractSliceOp::create(
          rewriter, loc,
          RankedTensorType::get(sourceType.getShape(), elementType), dest,
          insert.getMixedOffsets(), insert.getMixedSizes(),
          insert.getMixedStrides());
      Value source = apply(insert.getSource(), region);
      dest = tensor::InsertSliceOp::create(
          rewriter, loc, source, dest, insert.getMixedOffsets(),
          insert.getMixedSizes(), insert.getMixedStrides());
    }
    if (dest.getType() != op.getResult(0).getType())
      dest = tensor::CastOp::create(rewriter, loc, op.getResult(0).getType(),
                                    dest);
    rewriter.replaceOp(op, dest);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Chains of pointwise ops, in one step
//===----------------------------------------------------------------------===//

/// A pointwise generic of one tensor input of its own shape (a Clip).
bool isUnaryPointwise(linalg::GenericOp op) {
  return isPointwise(op) && op.getNumDpsInputs() == 1 &&
         op.getDpsInputOperand(0)->get().getType() == op.getResult(0).getType();
}

/// The unary pointwise producer a chain continues into, if any.
linalg::GenericOp getChainProducer(linalg::GenericOp op) {
  auto producer =
      op.getDpsInputOperand(0)->get().getDefiningOp<linalg::GenericOp>();
  if (!producer || !isUnaryPointwise(producer) || !producer->hasOneUse())
    return {};
  return producer;
}

/// Fuses every maximal chain of single-use unary pointwise generics (a
/// series of Clips) into one generic, cloning each payload once. Pairwise
/// fusion would copy the growing payload at every step: quadratic in the
/// chain's length.
void fusePointwiseChains(func::FuncOp func) {
  SmallVector<linalg::GenericOp> ends;
  func.walk([&](linalg::GenericOp op) {
    if (!isUnaryPointwise(op))
      return;
    // The end of a chain: not itself continued by a consumer.
    if (op->hasOneUse())
      if (auto user = dyn_cast<linalg::GenericOp>(*op->getUsers().begin()))
        if (isUnaryPointwise(user) && getChainProducer(user) == op)
          return;
    ends.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  for (linalg::GenericOp end : ends) {
    SmallVector<linalg::GenericOp> chain = {end};
    while (linalg::GenericOp producer = getChainProducer(chain.back()))
      chain.push_back(producer);
    if (chain.size() < 2)
      continue;
    Value input = chain.back().getDpsInputOperand(0)->get();
    rewriter.setInsertionPoint(end);
    auto fused = linalg::GenericOp::create(
        rewriter, end.getLoc(), end.getResultTypes(), input,
        end.getDpsInitOperand(0)->get(), end.getIndexingMapsArray(),
        end.getIteratorTypesArray(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value value = args[0];
          for (linalg::GenericOp op : llvm::reverse(chain)) {
            IRMapping mapping;
            Block *body = op.getBody();
            mapping.map(body->getArgument(0), value);
            mapping.map(body->getArgument(1), args[1]);
            for (Operation &nested : body->without_terminator())
              b.clone(nested, mapping);
            // The payload may yield a value from above it.
            value = mapping.lookupOrDefault(
                cast<linalg::YieldOp>(body->getTerminator()).getValues()[0]);
          }
          linalg::YieldOp::create(b, loc, value);
        });
    rewriter.replaceOp(end, fused.getResults());
    for (linalg::GenericOp op : ArrayRef(chain).drop_front())
      rewriter.eraseOp(op);
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The reassociation collapsing a purely elementwise loop nest to one loop.
/// Nests with several dynamic dimensions keep their shape: collapsing them
/// gives memref reshapes that upstream's expand-strided-metadata mishandles.
/// So do empty nests: a dynamic dimension collapsed with one of size 0 has
/// size 0, which the memref reshape may not say.
SmallVector<ReassociationIndices>
getFlatteningReassociation(linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || !isPointwise(generic) || generic.getNumLoops() < 2)
    return {};
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  if (llvm::count_if(ranges, ShapedType::isDynamic) > 1 ||
      llvm::is_contained(ranges, 0))
    return {};
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, generic.getNumLoops()));
  return {all};
}

struct ONNXFusePass : onnxc::impl::ONNXFusePassBase<ONNXFusePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();

    fusePointwiseChains(func);

    RewritePatternSet patterns(context);
    linalg::populateFoldReshapeOpsByExpansionPatterns(
        patterns, [](OpOperand *operand) {
          Operation *producer = operand->get().getDefiningOp();
          Operation *consumer = operand->getOwner();
          // A gather keeps the loops its lowering chose: the passes of a
          // high-rank Resize view their operands as three axes, and
          // expanding them back would restore one loop per axis.
          if (isGather(producer) || isGather(consumer))
            return false;
          // Nor out of a pointwise consumer of a gather that has the
          // gather's dimensions (the collapsing patterns below give them).
          if (isPointwiseAtGatherRank(producer) ||
              isPointwiseAtGatherRank(consumer))
            return false;
          // Propagate reshapes only between ops that will fuse.
          return isa_and_nonnull<linalg::GenericOp>(producer) ||
                 isa<linalg::GenericOp>(consumer);
        });
    // A pointwise consumer of a gather's expanded result (a channels-last
    // pass gathers whole pixels and expands them back into channels) runs
    // on the gather's own dimensions instead, where it then fuses: the
    // rounding of an integer Resize is done as the pass writes.
    linalg::populateFoldReshapeOpsByCollapsingPatterns(
        patterns, [](OpOperand *operand) {
          auto consumer = dyn_cast<linalg::GenericOp>(operand->getOwner());
          auto expand = operand->get().getDefiningOp<tensor::ExpandShapeOp>();
          return consumer && expand && isPointwise(consumer) &&
                 isGather(expand.getSrc().getDefiningOp()) &&
                 expand.getSrc().hasOneUse();
        });
    patterns.add<FuseElementwiseProducer, RecomputeProducerAtTap,
                 RecomputeProducerOnSlice, PushPointwiseIntoRegions>(context);
    tensor::populateReassociativeReshapeFoldingPatterns(patterns);
    tensor::ExtractOp::getCanonicalizationPatterns(patterns, context);
    tensor::EmptyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();

    RewritePatternSet flatten(context);
    linalg::populateCollapseDimensions(flatten, getFlatteningReassociation);
    tensor::populateReassociativeReshapeFoldingPatterns(flatten);
    if (failed(applyPatternsGreedily(func, std::move(flatten))))
      return signalPassFailure();
  }
};
} // namespace
