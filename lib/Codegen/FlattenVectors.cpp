//===- FlattenVectors.cpp - 1-D vectors in vectorized tiles ---------------===//
//
// Upstream vector rewrites applied together after bufferization: every
// transfer of a vectorized tile becomes one flat contiguous load or store,
// and the elementwise ops between them work on the same 1-D vectors. Values
// repeated along an upsampled tile's repeat dimension are computed once per
// element, and a per-phase select between them becomes a shuffle.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXFLATTENVECTORSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// Unit dimensions dropped from a broadcast
//===----------------------------------------------------------------------===//

/// shape_cast(broadcast(source)) that drops unit dimensions of the
/// broadcast, some of which the source has too (it aligns with the
/// broadcast's trailing dimensions): broadcast(shape_cast(source)), the
/// source's dropped too. Upstream's canonicalization (LLVM 22) folds the
/// pair into one broadcast of the unchanged source whenever the types
/// allow, which aligns the source with other dimensions: vector<2x1>
/// broadcast to 2x2x2x1 and cast to 2x2x2 becomes a broadcast of
/// vector<2x1> to 2x2x2, whose lanes vary along the last dimension instead
/// of the second. Preferred to that pattern by its benefit.
struct ShapeCastOfBroadcastDroppingUnitDims
    : OpRewritePattern<vector::ShapeCastOp> {
  ShapeCastOfBroadcastDroppingUnitDims(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(vector::ShapeCastOp cast,
                                PatternRewriter &rewriter) const override {
    auto broadcast = cast.getSource().getDefiningOp<vector::BroadcastOp>();
    if (!broadcast)
      return failure();
    auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
    VectorType wideType = broadcast.getResultVectorType();
    VectorType resultType = cast.getResultVectorType();
    if (!sourceType || sourceType.isScalable() || wideType.isScalable())
      return failure();
    // The broadcast's dimensions the cast drops: units, the rest in order.
    ArrayRef<int64_t> wide = wideType.getShape();
    ArrayRef<int64_t> kept = resultType.getShape();
    SmallVector<int64_t> dropped;
    size_t next = 0;
    for (auto [d, size] : llvm::enumerate(wide)) {
      if (next < kept.size() && kept[next] == size) {
        ++next;
        continue;
      }
      if (size != 1)
        return failure();
      dropped.push_back(d);
    }
    if (next != kept.size())
      return failure();
    int64_t offset = wideType.getRank() - sourceType.getRank();
    SmallVector<int64_t> sourceShape;
    for (auto [d, size] : llvm::enumerate(sourceType.getShape()))
      if (!llvm::is_contained(dropped, static_cast<int64_t>(d) + offset))
        sourceShape.push_back(size);
    // Nothing of the source dropped (upstream's fold is then right), or
    // nothing left of it.
    if (static_cast<int64_t>(sourceShape.size()) == sourceType.getRank() ||
        sourceShape.empty())
      return failure();
    Value narrowed = vector::ShapeCastOp::create(
        rewriter, cast.getLoc(),
        VectorType::get(sourceShape, sourceType.getElementType()),
        broadcast.getSource());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(cast, resultType,
                                                     narrowed);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Repeated vectors: the lanes of a tile broadcast along a small inner
// dimension
//===----------------------------------------------------------------------===//

/// A vector whose flattened lanes are `source[l / factor]`: the form
/// vector.transpose [1, 0] of vector.broadcast of a 1-D `source` (to
/// `factor` x n), seen through shape casts. The vectorizer reads a value
/// that does not vary along a kept-whole inner dimension (the phase of an
/// upsampled axis) this way.
struct Repeat {
  TypedValue<VectorType> source;
  int64_t factor;
};

std::optional<Repeat> matchRepeat(Value value) {
  while (auto cast = value.getDefiningOp<vector::ShapeCastOp>())
    value = cast.getSource();
  auto transpose = value.getDefiningOp<vector::TransposeOp>();
  if (!transpose || transpose.getPermutation() != ArrayRef<int64_t>{1, 0})
    return std::nullopt;
  auto broadcast = transpose.getVector().getDefiningOp<vector::BroadcastOp>();
  if (!broadcast)
    return std::nullopt;
  // The broadcast must only add the leading dimension: stretching a unit
  // source is a uniform vector, not a repeat of its one lane.
  auto source = dyn_cast<TypedValue<VectorType>>(broadcast.getSource());
  VectorType resultType = broadcast.getResultVectorType();
  if (!source || source.getType().getRank() != 1 ||
      source.getType().isScalable() || resultType.isScalable() ||
      resultType.getDimSize(1) != source.getType().getDimSize(0))
    return std::nullopt;
  return Repeat{source, broadcast.getResultVectorType().getDimSize(0)};
}

/// `source` repeated `factor` times per lane, as a value of `type`.
Value buildRepeat(PatternRewriter &rewriter, Location loc, Value source,
                  int64_t factor, VectorType type) {
  auto sourceType = cast<VectorType>(source.getType());
  int64_t length = sourceType.getDimSize(0);
  Type elementType = sourceType.getElementType();
  Value broadcast = vector::BroadcastOp::create(
      rewriter, loc, VectorType::get({factor, length}, elementType), source);
  Value transpose = vector::TransposeOp::create(rewriter, loc, broadcast,
                                                ArrayRef<int64_t>{1, 0});
  if (transpose.getType() == type)
    return transpose;
  return vector::ShapeCastOp::create(rewriter, loc, type, transpose);
}

/// The splat value of a constant vector operand.
std::optional<TypedAttr> getSplatConstant(Value value) {
  DenseElementsAttr constant;
  if (!matchPattern(value, m_Constant(&constant)) || !constant.isSplat())
    return std::nullopt;
  return constant.getSplatValue<TypedAttr>();
}

/// The broadcast that makes `value` uniform (all its lanes one value): of a
/// scalar or of a one-element vector, seen through shape casts.
vector::BroadcastOp getUniformBroadcast(Value value) {
  while (auto cast = value.getDefiningOp<vector::ShapeCastOp>())
    value = cast.getSource();
  auto broadcast = value.getDefiningOp<vector::BroadcastOp>();
  if (!broadcast)
    return nullptr;
  auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
  if (sourceType &&
      (sourceType.isScalable() || sourceType.getNumElements() != 1))
    return nullptr;
  return broadcast;
}

/// Whether every lane of `value` holds one value: a splat constant, a
/// uniform broadcast, or elementwise arithmetic on such values (a row's
/// offset computed from a table entry and the plane, say, whose operands
/// broadcast a scalar and a one-element vector: upstream's sinking into
/// broadcasts needs them alike).
bool isUniform(Value value, int depth = 0) {
  if (getSplatConstant(value) || getUniformBroadcast(value))
    return true;
  while (auto cast = value.getDefiningOp<vector::ShapeCastOp>())
    value = cast.getSource();
  Operation *op = value.getDefiningOp();
  if (depth > 8 || !op || !isa<arith::ArithDialect>(op->getDialect()) ||
      !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1)
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return isUniform(operand, depth + 1);
  });
}

/// A 1-D vector of `length` lanes holding the value of the uniform `value`.
Value buildUniform(PatternRewriter &rewriter, Location loc, Value value,
                   int64_t length) {
  auto elementType = cast<VectorType>(value.getType()).getElementType();
  auto type = VectorType::get({length}, elementType);
  if (std::optional<TypedAttr> splat = getSplatConstant(value))
    return arith::ConstantOp::create(rewriter, loc,
                                     SplatElementsAttr::get(type, *splat));
  Value source;
  if (vector::BroadcastOp broadcast = getUniformBroadcast(value)) {
    source = broadcast.getSource();
    if (auto sourceType = dyn_cast<VectorType>(source.getType());
        sourceType && sourceType.getRank() > 1)
      source = vector::ShapeCastOp::create(
          rewriter, loc, VectorType::get({1}, elementType), source);
  } else {
    // Arithmetic on uniform values: any lane holds the value.
    int64_t rank = cast<VectorType>(value.getType()).getRank();
    source = vector::ExtractOp::create(rewriter, loc, value,
                                       SmallVector<int64_t>(rank, 0));
  }
  return vector::BroadcastOp::create(rewriter, loc, type, source);
}

/// An elementwise op on repeated vectors (and uniform ones) computes on
/// the sources and repeats its result: each value once per element instead
/// of once per lane. (Upstream's sinking through transposes and broadcasts
/// stops at the shape casts of flattened tiles.)
struct SinkElementwiseIntoRepeats
    : OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        op->getNumOperands() == 0)
      return failure();
    auto resultType = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!resultType)
      return failure();
    std::optional<Repeat> shape;
    SmallVector<std::optional<Repeat>> repeats;
    for (Value operand : op->getOperands()) {
      repeats.push_back(matchRepeat(operand));
      if (!repeats.back()) {
        if (!isUniform(operand))
          return failure();
        continue;
      }
      if (shape && (shape->factor != repeats.back()->factor ||
                    shape->source.getType().getShape() !=
                        repeats.back()->source.getType().getShape()))
        return failure();
      shape = repeats.back();
    }
    if (!shape || shape->factor * shape->source.getType().getDimSize(0) !=
                      resultType.getNumElements())
      return failure();
    int64_t length = shape->source.getType().getDimSize(0);
    SmallVector<Value> operands;
    for (auto [operand, repeat] : llvm::zip_equal(op->getOperands(), repeats)) {
      if (repeat) {
        operands.push_back(repeat->source);
        continue;
      }
      operands.push_back(buildUniform(rewriter, op->getLoc(), operand, length));
    }
    OperationState state(op->getLoc(), op->getName(), operands,
                         VectorType::get({length}, resultType.getElementType()),
                         op->getAttrs());
    Operation *narrow = rewriter.create(state);
    rewriter.replaceOp(op,
                       buildRepeat(rewriter, op->getLoc(), narrow->getResult(0),
                                   shape->factor, resultType));
    return success();
  }
};

/// A gather through repeated indices, unmasked, gathers each index once and
/// repeats what it read.
struct GatherOfRepeatedIndices : OpRewritePattern<vector::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    std::optional<Repeat> indices = matchRepeat(gather.getIndices());
    if (!indices)
      return failure();
    std::optional<TypedAttr> mask = getSplatConstant(gather.getMask());
    std::optional<TypedAttr> passThru = getSplatConstant(gather.getPassThru());
    if (!mask || !passThru || !cast<BoolAttr>(*mask).getValue())
      return failure();
    Location loc = gather.getLoc();
    int64_t length = indices->source.getType().getDimSize(0);
    auto maskType = VectorType::get({length}, rewriter.getI1Type());
    auto resultType =
        VectorType::get({length}, gather.getVectorType().getElementType());
    Value narrow = vector::GatherOp::create(
        rewriter, loc, resultType, gather.getBase(), gather.getOffsets(),
        indices->source,
        arith::ConstantOp::create(rewriter, loc,
                                  SplatElementsAttr::get(maskType, *mask)),
        arith::ConstantOp::create(
            rewriter, loc, SplatElementsAttr::get(resultType, *passThru)));
    rewriter.replaceOp(gather,
                       buildRepeat(rewriter, loc, narrow, indices->factor,
                                   gather.getVectorType()));
    return success();
  }
};

/// The lanes of a select condition that repeats with period `period` in
/// flattened order, when known: a constant, or a broadcast along leading
/// dimensions of a constant or of a comparison of vector.step with one.
std::optional<SmallVector<bool>> getPeriodicCondition(Value condition,
                                                      int64_t period) {
  while (auto cast = condition.getDefiningOp<vector::ShapeCastOp>())
    condition = cast.getSource();
  if (auto broadcast = condition.getDefiningOp<vector::BroadcastOp>()) {
    // Only new leading dimensions repeat the source whole; a stretched
    // unit dimension repeats single lanes.
    auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
    if (!sourceType || broadcast.getResultVectorType().getShape().take_back(
                           sourceType.getRank()) != sourceType.getShape())
      return std::nullopt;
    condition = broadcast.getSource();
  }
  auto type = dyn_cast<VectorType>(condition.getType());
  if (!type || type.isScalable() || type.getNumElements() % period != 0)
    return std::nullopt;
  SmallVector<bool> lanes;
  DenseElementsAttr constant;
  if (matchPattern(condition, m_Constant(&constant))) {
    llvm::append_range(lanes, constant.getValues<bool>());
  } else if (auto compare = condition.getDefiningOp<arith::CmpIOp>()) {
    DenseIntElementsAttr rhs;
    if (type.getRank() != 1 ||
        !compare.getLhs().getDefiningOp<vector::StepOp>() ||
        !matchPattern(compare.getRhs(), m_Constant(&rhs)))
      return std::nullopt;
    for (auto [i, value] : llvm::enumerate(rhs.getValues<APInt>()))
      lanes.push_back(arith::applyCmpPredicate(
          compare.getPredicate(), APInt(value.getBitWidth(), i), value));
  } else {
    return std::nullopt;
  }
  for (size_t i = period; i < lanes.size(); ++i)
    if (lanes[i] != lanes[i - period])
      return std::nullopt;
  lanes.resize(period);
  return lanes;
}

/// The repeat factor of the repeats at the leaves of a chain of selects.
std::optional<int64_t> getChainFactor(Value value) {
  if (std::optional<Repeat> repeat = matchRepeat(value))
    return repeat->factor;
  if (auto select = value.getDefiningOp<arith::SelectOp>())
    return getChainFactor(select.getFalseValue());
  return std::nullopt;
}

/// The sources of a vector whose flattened lanes are
/// `sources[l % factor][l / factor]`: a repeat (one source for every phase)
/// or a select between such vectors by a condition periodic in `factor`.
/// Every source has the same type.
std::optional<SmallVector<Value>> matchPhases(Value value, int64_t factor) {
  if (std::optional<Repeat> repeat = matchRepeat(value)) {
    if (repeat->factor != factor)
      return std::nullopt;
    return SmallVector<Value>(factor, repeat->source);
  }
  auto select = value.getDefiningOp<arith::SelectOp>();
  if (!select || !isa<VectorType>(select.getType()))
    return std::nullopt;
  std::optional<SmallVector<bool>> condition =
      getPeriodicCondition(select.getCondition(), factor);
  if (!condition)
    return std::nullopt;
  std::optional<SmallVector<Value>> onTrue =
      matchPhases(select.getTrueValue(), factor);
  std::optional<SmallVector<Value>> onFalse =
      matchPhases(select.getFalseValue(), factor);
  if (!onTrue || !onFalse || (*onTrue)[0].getType() != (*onFalse)[0].getType())
    return std::nullopt;
  SmallVector<Value> sources;
  for (int64_t r = 0; r < factor; ++r)
    sources.push_back((*condition)[r] ? (*onTrue)[r] : (*onFalse)[r]);
  return sources;
}

/// `sources` (a power-of-two count) interleaved lane by lane: pairs of
/// neighbours interleaved, each pair's lanes reinterpreted as lanes twice
/// as wide and the pairs interleaved in turn, then reinterpreted back.
/// Reinterpreting and back keeps every lane in place whatever the byte
/// order, and an interleave of two narrowings becomes a packing
/// (InterleaveOfTruncationsToPacking). Null, having built nothing, when a
/// lane would grow beyond 64 bits.
Value buildInterleaveTree(PatternRewriter &rewriter, Location loc,
                          ArrayRef<Value> sources) {
  if (sources.size() == 1)
    return sources[0];
  auto type = cast<VectorType>(sources[0].getType());
  int64_t length = type.getDimSize(0);
  if (sources.size() == 2)
    return vector::InterleaveOp::create(rewriter, loc, sources[0], sources[1]);
  // Only integers and floats have a bit width to reinterpret (not index).
  if (!type.getElementType().isIntOrFloat())
    return nullptr;
  // The widest lanes, of the last level's pairs, checked before anything
  // is built: a pattern must not fail after changing the IR.
  unsigned bits = type.getElementTypeBitWidth();
  if (bits * sources.size() / 2 > 64)
    return nullptr;
  auto wideType = VectorType::get({length}, rewriter.getIntegerType(2 * bits));
  SmallVector<Value> pairs;
  for (size_t i = 0; i < sources.size(); i += 2) {
    Value pair =
        vector::InterleaveOp::create(rewriter, loc, sources[i], sources[i + 1]);
    pairs.push_back(vector::BitCastOp::create(rewriter, loc, wideType, pair));
  }
  // The pairs' lanes are no wider than the widest checked above.
  Value wide = buildInterleaveTree(rewriter, loc, pairs);
  assert(wide && "interleave tree lanes checked before building");
  auto resultType = VectorType::get(
      {length * static_cast<int64_t>(sources.size())}, type.getElementType());
  return vector::BitCastOp::create(rewriter, loc, resultType, wide);
}

/// A chain of selects, each with a condition periodic in the repeat factor,
/// between repeated vectors of the same length (the phases of an upsampled
/// axis, selected in turn) is a shuffle of the repeats' sources. With two
/// distinct sources it is one shuffle (an interleave for a repeat of 2);
/// with more, a power-of-two factor interleaves them pairwise.
struct SelectOfRepeatsToShuffle : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<VectorType>(select.getType());
    std::optional<int64_t> factor = getChainFactor(select);
    if (!resultType || !factor)
      return failure();
    std::optional<SmallVector<Value>> sources = matchPhases(select, *factor);
    if (!sources)
      return failure();
    // Only the outermost select of a chain: rewriting an inner one first
    // would hide its repeats from the rest of the chain.
    if (llvm::any_of(select->getUsers(), [&](Operation *user) {
          return isa<arith::SelectOp>(user) &&
                 matchPhases(user->getResult(0), *factor);
        }))
      return failure();
    SmallVector<Value> distinct;
    for (Value source : *sources)
      if (!llvm::is_contained(distinct, source))
        distinct.push_back(source);
    if (distinct.size() == 1)
      return failure();
    Location loc = select.getLoc();
    Value shuffle;
    if (distinct.size() == 2) {
      int64_t length = cast<VectorType>(distinct[0].getType()).getDimSize(0);
      SmallVector<int64_t> mask;
      for (int64_t lane = 0; lane < length * *factor; ++lane)
        mask.push_back((*sources)[lane % *factor] == distinct[0]
                           ? lane / *factor
                           : length + lane / *factor);
      shuffle = vector::ShuffleOp::create(rewriter, loc, distinct[0],
                                          distinct[1], mask);
    } else if (llvm::isPowerOf2_64(*factor)) {
      shuffle = buildInterleaveTree(rewriter, loc, *sources);
    }
    if (!shuffle)
      return failure();
    if (shuffle.getType() != resultType)
      shuffle = vector::ShapeCastOp::create(rewriter, loc, resultType, shuffle);
    rewriter.replaceOp(select, shuffle);
    return success();
  }
};

/// An interleave of two narrowed vectors, on a little-endian target, is
/// their wide lanes packed: the low half of each wide lane from the first,
/// the high half from the second, reinterpreted as narrow lanes. A mask, a
/// shift and an or instead of narrowing both and shuffling bytes across
/// registers (on x86, three shuffle-port instructions per output vector
/// instead of none).
struct InterleaveOfTruncationsToPacking
    : OpRewritePattern<vector::InterleaveOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::InterleaveOp interleave,
                                PatternRewriter &rewriter) const override {
    auto low = interleave.getLhs().getDefiningOp<arith::TruncIOp>();
    auto high = interleave.getRhs().getDefiningOp<arith::TruncIOp>();
    if (!low || !high || low.getIn().getType() != high.getIn().getType())
      return failure();
    // Without a data layout saying otherwise, targets are little-endian.
    auto endianness = dyn_cast_or_null<StringAttr>(
        DataLayout::closest(interleave).getEndianness());
    if (endianness && endianness.getValue() != "little")
      return failure();
    auto wideType = cast<VectorType>(low.getIn().getType());
    auto narrowType = interleave.getSourceVectorType();
    unsigned narrowBits = narrowType.getElementTypeBitWidth();
    if (wideType.getRank() != 1 || wideType.isScalable() ||
        wideType.getElementTypeBitWidth() != 2 * narrowBits)
      return failure();
    Location loc = interleave.getLoc();
    Type wideElement = wideType.getElementType();
    auto splat = [&](APInt value) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc,
          SplatElementsAttr::get(wideType,
                                 rewriter.getIntegerAttr(wideElement, value)));
    };
    unsigned wideBits = 2 * narrowBits;
    Value lowHalf = arith::AndIOp::create(
        rewriter, loc, low.getIn(),
        splat(APInt::getLowBitsSet(wideBits, narrowBits)));
    Value highHalf = arith::ShLIOp::create(rewriter, loc, high.getIn(),
                                           splat(APInt(wideBits, narrowBits)));
    Value packed = arith::OrIOp::create(rewriter, loc, lowHalf, highHalf);
    rewriter.replaceOpWithNewOp<vector::BitCastOp>(
        interleave, interleave.getResultVectorType(), packed);
    return success();
  }
};

struct ONNXFlattenVectorsPass
    : onnxc::impl::ONNXFlattenVectorsPassBase<ONNXFlattenVectorsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    vector::populateDropUnitDimWithShapeCastPatterns(patterns);
    vector::populateFlattenVectorTransferPatterns(patterns);
    vector::populateSinkVectorOpsPatterns(patterns);
    patterns.add<ShapeCastOfBroadcastDroppingUnitDims,
                 SinkElementwiseIntoRepeats, GatherOfRepeatedIndices,
                 SelectOfRepeatsToShuffle, InterleaveOfTruncationsToPacking>(
        context);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      if (isa<vector::VectorDialect, memref::MemRefDialect>(name.getDialect()))
        name.getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();

    // The elementwise ops between the flat transfers: n-D vectors to 1-D.
    TypeConverter typeConverter;
    ConversionTarget target(*context);
    vector::populateForVectorLinearize(typeConverter, target);
    // Only the arithmetic is linearized; gathers, transfers, broadcasts and
    // transposes (the interleaving of upsampled tiles) keep their n-D form
    // and lower to shuffles and 1-D memory operations later.
    auto isLinearized = [](Operation *op) {
      bool elementwise = op->hasTrait<OpTrait::Elementwise>() ||
                         op->hasTrait<OpTrait::ConstantLike>();
      auto isND = [](Type t) {
        auto v = dyn_cast<VectorType>(t);
        return v && v.getRank() > 1;
      };
      return !(elementwise && (llvm::any_of(op->getResultTypes(), isND) ||
                               llvm::any_of(op->getOperandTypes(), isND)));
    };
    target.markUnknownOpDynamicallyLegal(isLinearized);
    target.addDynamicallyLegalDialect<vector::VectorDialect>(isLinearized);
    RewritePatternSet linearize(context);
    vector::populateVectorLinearizeBasePatterns(typeConverter, target,
                                                linearize);
    vector::populateVectorLinearizeShuffleLikeOpsPatterns(typeConverter, target,
                                                          linearize);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(linearize))))
      return signalPassFailure();
  }
};
} // namespace
