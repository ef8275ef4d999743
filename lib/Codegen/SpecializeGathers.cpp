//===- SpecializeGathers.cpp - Gathers through constant tables ------------===//
//
// Vectorized Upsample kernels read X through index tables: each tile is a
// vector.gather whose lanes are the table entries plus a row offset. This
// pass, run on bufferized vector code, makes the most of what is known:
//  - a short loop over the tiles of a row whose tables are constant globals
//    is unrolled, so that each tile reads its table at a constant position,
//    and those reads fold to constant vectors;
//  - the uniform part of a gather's lanes (the row offset) moves into its
//    scalar base offset, leaving 32-bit lanes where the tables are i32;
//  - a gather whose lanes are constants (or vector.step) within one
//    vector's span becomes a load of the span and a vector.shuffle; within
//    two vectors' span, two loads and a two-source shuffle; within four,
//    such a shuffle per pair of vectors and a blend.
// Unrolling here, after bufferization, keeps one-shot bufferization's
// analysis away from long chains of tensor slices.
//
//===----------------------------------------------------------------------===//

#include "ConstantGlobals.h"
#include "ForwardBufferStores.h"
#include "LoopAccesses.h"
#include "PeriodicRows.h"

#include "onnxc/Codegen/GatherRows.h"
#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <algorithm>

namespace onnxc {
#define GEN_PASS_DEF_ONNXSPECIALIZEGATHERSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using namespace onnxc::codegen;

namespace {

/// Whether a loop is nested anywhere in `forOp`'s body.
bool holdsLoop(scf::ForOp forOp) {
  return forOp.getBody()
      ->walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Whether `forOp` is a loop over the vector tiles of a row whose gathers
/// take their lanes from a constant global table at the induction variable.
bool isRowOfTableGathers(scf::ForOp forOp) {
  // A loop holding another loop is a loop over rows (whose body may also
  // hold the row's peeled partial tile): unrolled or split, it would copy
  // every row's tiles.
  if (holdsLoop(forOp))
    return false;
  bool hasGather = false, readsConstantTable = false;
  for (Operation &op : forOp.getBody()->getOperations()) {
    hasGather |= isa<vector::GatherOp>(op);
    readsConstantTable |= readsConstantTableAt(op, forOp.getInductionVar());
  }
  return hasGather && readsConstantTable;
}

/// Whether `forOp` is a short row of table gathers: unrolled, every tile
/// reads its lanes at a constant position.
bool isShortRowOfTableGathers(scf::ForOp forOp) {
  std::optional<APInt> tripCount = forOp.getStaticTripCount();
  std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
  // Both bounded before their product is taken.
  if (!tripCount || !step || tripCount->slt(2) ||
      tripCount->sgt(onnxc::kMaxUnrolledGatherTiles) || *step < 1 ||
      *step > onnxc::kMaxUnrolledGatherRowLength ||
      tripCount->getSExtValue() * *step > onnxc::kMaxUnrolledGatherRowLength)
    return false;
  return isRowOfTableGathers(forOp);
}

/// Whether `forOp` is a row of table gathers too long to unroll.
bool isLongRowOfTableGathers(scf::ForOp forOp) {
  std::optional<APInt> tripCount = forOp.getStaticTripCount();
  return tripCount && tripCount->sgt(1) && !isShortRowOfTableGathers(forOp) &&
         isRowOfTableGathers(forOp);
}

/// Whether `forOp` is a loop over the 2 to `kMaxUnrolledPhases` phases of
/// an integer-factor axis (output rows 2i and 2i + 1 of a x2 Upsample, say)
/// whose body reads weights from a constant table at the induction
/// variable and holds no loop. Unrolled, each phase's weights are constants:
/// a zero weight's integer term folds away (half the corners of a x2
/// Upsample's even rows), and a power of two becomes a shift. Where the
/// weights also vary with the input row (a x3 Upsample's thirds, rounded
/// differently for each row), the table has a row per input row: a phase
/// whose weights are the same in every row still gets constants, and the
/// phases share the input rows they read.
bool isLoopOverPhases(scf::ForOp forOp) {
  constexpr int64_t kMaxUnrolledPhases = 4;
  std::optional<APInt> tripCount = forOp.getStaticTripCount();
  if (!tripCount || tripCount->slt(2) || tripCount->sgt(kMaxUnrolledPhases))
    return false;
  return !holdsLoop(forOp) &&
         llvm::any_of(forOp.getBody()->getOperations(), [&](Operation &op) {
           return viewsConstantGlobalAt(op, forOp.getInductionVar());
         });
}

/// vector.transfer_read of a rank-1 constant global (possibly through
/// subviews) at a constant index, every read element in bounds, becomes the
/// constant vector it reads. The permutation map may broadcast (results
/// `0`) around the one dim that reads along the table.
struct FoldTransferReadOfConstantGlobal
    : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto sourceType = dyn_cast<MemRefType>(read.getBase().getType());
    if (read.getMask() || !sourceType || sourceType.getRank() > 1)
      return failure();
    std::optional<ConstantGlobalView> view =
        getConstantGlobalView(read.getBase());
    if (!view)
      return failure();
    int64_t start = view->offset;
    if (sourceType.getRank() == 1) {
      std::optional<int64_t> index = getConstantIntValue(read.getIndices()[0]);
      if (!index)
        return failure();
      start += *index;
    }
    VectorType vectorType = read.getVectorType();
    AffineMap map = read.getPermutationMap();
    std::optional<unsigned> readDim;
    for (auto [i, expr] : llvm::enumerate(map.getResults())) {
      if (isa<AffineDimExpr>(expr)) {
        if (readDim)
          return failure();
        readDim = i;
      } else if (auto c = dyn_cast<AffineConstantExpr>(expr);
                 !c || c.getValue() != 0) {
        return failure();
      }
    }
    int64_t length = readDim ? vectorType.getDimSize(*readDim) : 1;
    int64_t viewLength =
        sourceType.getRank() == 1 ? sourceType.getDimSize(0) : 1;
    int64_t viewStart = start - view->offset;
    if (ShapedType::isDynamic(viewLength) || viewStart < 0 ||
        viewStart + length > viewLength ||
        start + length > view->value.getNumElements())
      return failure();

    auto values = view->value.getValues<Attribute>();
    SmallVector<Attribute> elements;
    SmallVector<int64_t> strides = computeStrides(vectorType.getShape());
    for (int64_t linear = 0, e = vectorType.getNumElements(); linear < e;
         ++linear) {
      int64_t along = readDim ? delinearize(linear, strides)[*readDim] : 0;
      elements.push_back(values[start + along]);
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        read, DenseElementsAttr::get(vectorType, elements));
    return success();
  }
};

/// A read that stays in bounds of a view of a constant global, all of whose
/// elements in reach are equal (a phase's row weight, the same for every
/// input row), becomes that value: the phase loop's iterations, once
/// unrolled, each read their weights at a dynamic row.
struct FoldTransferReadOfUniformConstantGlobal
    : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    if (read.getMask() || llvm::any_of(read.getInBoundsValues(),
                                       [](bool inBounds) { return !inBounds; }))
      return failure();
    std::optional<ConstantGlobalBox> box = getConstantGlobalBox(read.getBase());
    if (!box ||
        box->value.getElementType() != read.getVectorType().getElementType())
      return failure();
    std::optional<Attribute> value = box->getUniformValue();
    if (!value)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        read, DenseElementsAttr::get(read.getVectorType(), *value));
    return success();
  }
};

/// Whether every lane of `value` holds the same value: a broadcast of a
/// scalar or of a one-element vector, a splat constant, or elementwise
/// arithmetic on such values.
bool isUniform(Value value, int depth = 0) {
  if (depth > 8)
    return false;
  if (auto broadcast = value.getDefiningOp<vector::BroadcastOp>()) {
    auto source = dyn_cast<VectorType>(broadcast.getSourceType());
    return !source || source.getNumElements() == 1;
  }
  DenseElementsAttr splat;
  if (matchPattern(value, m_Constant(&splat)))
    return splat.isSplat();
  Operation *op = value.getDefiningOp();
  if (!op || !isa<arith::ArithDialect>(op->getDialect()) ||
      !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1)
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    return isUniform(operand, depth + 1);
  });
}

/// vector.gather %base[..., %o][%idx] with %idx = %u + %v, %u uniform,
/// becomes vector.gather %base[..., %o + %u[0]][%v]: the two address the
/// same elements (base[..., o + idx[i]]), but the uniform row offset the
/// Linalg vectorizer puts in every lane now goes into the scalar address.
/// What is left is often a constant or a sign-extended i32 vector, which
/// lets the backend use 32-bit-index gathers (AVX-512's vgatherdps: one
/// instruction for 16 lanes instead of two vgatherqps).
struct HoistUniformGatherOffset : OpRewritePattern<vector::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    if (gather.getOffsets().empty())
      return failure();
    Value indices = gather.getIndices();
    auto shapeCast = indices.getDefiningOp<vector::ShapeCastOp>();
    if (shapeCast)
      indices = shapeCast.getSource();
    // Narrower index vectors may wrap where the scalar offset would not.
    auto add = indices.getDefiningOp<arith::AddIOp>();
    if (!add || !getElementTypeOrSelf(add.getType()).isIndex())
      return failure();
    Value uniform, varying;
    if (isUniform(add.getLhs())) {
      uniform = add.getLhs();
      varying = add.getRhs();
    } else if (isUniform(add.getRhs())) {
      uniform = add.getRhs();
      varying = add.getLhs();
    } else {
      return failure();
    }

    Location loc = gather.getLoc();
    auto uniformType = cast<VectorType>(uniform.getType());
    Value scalar = vector::ExtractOp::create(
        rewriter, loc, uniform, SmallVector<int64_t>(uniformType.getRank(), 0));
    SmallVector<Value> offsets(gather.getOffsets());
    offsets.back() =
        arith::AddIOp::create(rewriter, loc, offsets.back(), scalar);
    if (shapeCast)
      varying = vector::ShapeCastOp::create(rewriter, loc, shapeCast.getType(),
                                            varying);
    rewriter.modifyOpInPlace(gather, [&] {
      gather.getOffsetsMutable().assign(offsets);
      gather.getIndicesMutable().assign(varying);
    });
    return success();
  }
};

/// Whether the index `value` (or every lane of an index vector) is a
/// multiple of `factor`: built by additions and multiplications from
/// constants that are. (Index arithmetic that wraps would have addressed
/// past any buffer already.)
bool isMultipleOf(Value value, int64_t factor, int depth = 0) {
  if (depth > 8 || !getElementTypeOrSelf(value.getType()).isIndex())
    return false;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue() % factor == 0;
  Operation *op = value.getDefiningOp();
  if (isa_and_nonnull<arith::MulIOp>(op))
    return isMultipleOf(op->getOperand(0), factor, depth + 1) ||
           isMultipleOf(op->getOperand(1), factor, depth + 1);
  if (isa_and_nonnull<arith::AddIOp, arith::SubIOp>(op))
    return isMultipleOf(op->getOperand(0), factor, depth + 1) &&
           isMultipleOf(op->getOperand(1), factor, depth + 1);
  if (isa_and_nonnull<vector::ExtractOp, vector::BroadcastOp>(op))
    return isMultipleOf(op->getOperand(0), factor, depth + 1);
  return false;
}

/// The least and the greatest value an index takes.
struct IndexRange {
  int64_t min = 0, max = 0;
};

/// The least and greatest value of `value`, an index, when it is a
/// constant, an scf.for's induction variable with static bounds, or an
/// affine.apply of one (a periodic row's step, PeriodicRows.h): the map's
/// values over the iterations.
std::optional<IndexRange> getRange(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return IndexRange{*constant, *constant};
  auto apply = value.getDefiningOp<affine::AffineApplyOp>();
  if (apply && apply.getMapOperands().size() != 1)
    return std::nullopt;
  auto forOp =
      scf::getForInductionVarOwner(apply ? apply.getMapOperands()[0] : value);
  if (!forOp)
    return std::nullopt;
  std::optional<int64_t> lb = getConstantIntValue(forOp.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
  std::optional<APInt> trips = forOp.getStaticTripCount();
  // Each gather's range is evaluated anew: bounded so that compile time
  // stays linear in the kernel (rows of up to 4096 tiles).
  constexpr int64_t kMaxEvaluatedTrips = 1 << 12;
  if (!lb || !step || !trips || trips->slt(1) || trips->sgt(kMaxEvaluatedTrips))
    return std::nullopt;
  int64_t last = *lb + (trips->getSExtValue() - 1) * *step;
  if (!apply)
    return IndexRange{std::min(*lb, last), std::max(*lb, last)};
  std::optional<IndexRange> range;
  for (int64_t i = 0, e = trips->getSExtValue(); i < e; ++i) {
    SmallVector<Attribute> results;
    Attribute iv =
        IntegerAttr::get(IndexType::get(value.getContext()), *lb + i * *step);
    if (failed(apply.getAffineMap().constantFold(iv, results)) ||
        results.size() != 1)
      return std::nullopt;
    int64_t v = cast<IntegerAttr>(results[0]).getInt();
    range = range ? IndexRange{std::min(range->min, v), std::max(range->max, v)}
                  : IndexRange{v, v};
  }
  return range;
}

/// Where %o, a gather's last base offset, lies in a row of `rowLength`
/// elements: a multiple of it plus an offset in a range (getRange).
std::optional<IndexRange> getPositionInRow(Value lastOffset,
                                           int64_t rowLength) {
  if (isMultipleOf(lastOffset, rowLength))
    return IndexRange{};
  if (auto add = lastOffset.getDefiningOp<arith::AddIOp>()) {
    for (auto [base, rest] : {std::pair(add.getLhs(), add.getRhs()),
                              std::pair(add.getRhs(), add.getLhs())})
      if (isMultipleOf(base, rowLength))
        return getRange(rest);
  }
  // An offset from the buffer's start (a row buffer's periodic loop).
  return getRange(lastOffset);
}

/// Where a whole vector of `count` elements can be loaded from, relative to
/// %o, to hold lanes [first, first + span) of a gather from %base[..., %o]
/// without leaving the row of %base that the gather reads: from `first`,
/// or back from the row's end when the vector would pass it. That needs
/// the rows of %base end to end, %o to lie in a row (getPositionInRow)
/// such that the lanes stay in it wherever %o is, and the vector to fit
/// in a row; std::nullopt otherwise. The gather reads that row, so the row
/// exists.
std::optional<int64_t> getWholeVectorStartInRow(MemRefType baseType,
                                                Value lastOffset, int64_t first,
                                                int64_t span, int64_t count) {
  if (baseType.getRank() == 0)
    return std::nullopt;
  int64_t rowLength = baseType.getShape().back();
  if (ShapedType::isDynamic(rowLength) || count > rowLength)
    return std::nullopt;
  if (!baseType.getLayout().isIdentity() &&
      !memref::isStaticShapeAndContiguousRowMajor(baseType))
    return std::nullopt;
  std::optional<IndexRange> position = getPositionInRow(lastOffset, rowLength);
  if (!position || position->min + first < 0 ||
      position->max + first + span > rowLength)
    return std::nullopt;
  // From `first`, or back far enough that the vector ends in the row
  // wherever %o is, which must then still start in it.
  int64_t start = std::min(first, rowLength - position->max - count);
  if (start + position->min < 0)
    return std::nullopt;
  return start;
}

/// The start of the vector-aligned window of the row that holds lanes
/// [first, first + span) of a gather from %base[..., %o], when there is one
/// (see getWholeVectorStartInRow for what the row must be): windows start at
/// multiples of `count` elements from the row's start. Loaded from there, a
/// window is aligned whenever the row is (a vector from an unaligned `first`
/// straddles two cache lines), and the two taps of a linear Upsample's tile
/// (lanes and lanes + 1) read the same window, which then loads once.
std::optional<int64_t> getAlignedWindowStartInRow(MemRefType baseType,
                                                  Value lastOffset,
                                                  int64_t first, int64_t span,
                                                  int64_t count) {
  // Aligned only when %o is at a row's start.
  if (!getWholeVectorStartInRow(baseType, lastOffset, first, span, count) ||
      !isMultipleOf(lastOffset, baseType.getShape().back()))
    return std::nullopt;
  int64_t start = first - first % count;
  if (first + span > start + count ||
      start + count > baseType.getShape().back())
    return std::nullopt;
  return start;
}

/// The lanes of a gather's index vector, when compile time knows them: a
/// constant, or vector.step (0, 1, 2, ...: a contiguous read, which the
/// Linalg vectorizer emits as a gather when the row comes from a table),
/// possibly reshaped.
std::optional<SmallVector<int64_t>> getConstantLanes(Value indices) {
  DenseIntElementsAttr attr;
  if (matchPattern(indices, m_Constant(&attr)))
    return llvm::map_to_vector(attr.getValues<APInt>(), [](const APInt &lane) {
      return lane.getSExtValue();
    });
  while (auto reshape = indices.getDefiningOp<vector::ShapeCastOp>())
    indices = reshape.getSource();
  auto step = indices.getDefiningOp<vector::StepOp>();
  if (!step)
    return std::nullopt;
  return llvm::to_vector(
      llvm::seq<int64_t>(0, step.getResult().getType().getNumElements()));
}

/// vector.gather %base[..., %o][%lanes] with constant lanes spanning at most
/// as many elements as there are lanes becomes one contiguous load of the
/// span from %base[..., %o + min(lanes)] and a vector.shuffle: a permute
/// instead of one memory access per lane. A span shorter than the vector
/// is read with a masked load so that nothing past it is touched, unless a
/// whole vector holding the span fits in the row the gather reads (see
/// getWholeVectorStartInRow): on x86 a masked load also takes a vector ALU
/// slot, which the interpolating kernels need (benchmarks/sweep.py's linear
/// x1.5 is the case). That vector is the aligned window holding the span when
/// there is one (getAlignedWindowStartInRow). Like the gather (whose lanes the
/// Linalg vectorizer linearizes past the innermost dimension), the load
/// addresses its offsets through the strides and then contiguous elements, so
/// with a unit innermost stride both read the same addresses. Lanes spanning
/// two or four vectors (a downsampling's taps) read that many whole vectors
/// of the row, where it holds them: an antialiased x0.25 pass's columns
/// gathered every lane before.
struct GatherOfNearbyConstantLanesToShuffle
    : OpRewritePattern<vector::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    auto baseType = dyn_cast<MemRefType>(gather.getBase().getType());
    if (!baseType || !baseType.isLastDimUnitStride() ||
        gather.getOffsets().empty())
      return failure();
    DenseElementsAttr mask;
    if (!matchPattern(gather.getMask(), m_Constant(&mask)) || !mask.isSplat() ||
        !mask.getSplatValue<bool>())
      return failure();
    std::optional<SmallVector<int64_t>> constantLanes =
        getConstantLanes(gather.getIndices());
    if (!constantLanes)
      return failure();
    SmallVector<int64_t> lanes = std::move(*constantLanes);
    auto [minIt, maxIt] = std::minmax_element(lanes.begin(), lanes.end());
    int64_t first = *minIt;
    int64_t span = *maxIt - first + 1;
    int64_t count = lanes.size();
    Location loc = gather.getLoc();
    VectorType resultType = gather.getVectorType();
    auto flatType = VectorType::get({count}, resultType.getElementType());
    Value lastOffset = gather.getOffsets().back();
    if (span > 4 * count)
      return failure();
    if (span > count) {
      // Lanes over two vectors (a downsampling by up to 2): two whole
      // vectors of the row and a two-source shuffle; over four (by up to
      // 4), a two-source shuffle of each pair of vectors and a blend of
      // the two, where the row holds them.
      int64_t vectors = span > 2 * count ? 4 : 2;
      std::optional<int64_t> start = getWholeVectorStartInRow(
          baseType, lastOffset, first, span, vectors * count);
      if (!start)
        return failure();
      SmallVector<Value> offsets(gather.getOffsets());
      Value rowOffset = offsets.back();
      auto load = [&](int64_t at) {
        offsets.back() = arith::AddIOp::create(
            rewriter, loc, rowOffset,
            arith::ConstantIndexOp::create(rewriter, loc, at));
        return vector::LoadOp::create(rewriter, loc, flatType, gather.getBase(),
                                      offsets);
      };
      // Each pair's shuffle takes the lanes that lie in its two vectors
      // (the others take its first element), and the blend picks every
      // lane from its pair's.
      auto shufflePair = [&](int64_t pair) -> Value {
        int64_t at = *start + 2 * pair * count;
        if (llvm::none_of(lanes, [&](int64_t lane) {
              return lane >= at && lane < at + 2 * count;
            }))
          return nullptr;
        Value low = load(at), high = load(at + count);
        SmallVector<int64_t> permutation;
        for (int64_t lane : lanes)
          permutation.push_back(lane >= at && lane < at + 2 * count ? lane - at
                                                                    : 0);
        return vector::ShuffleOp::create(rewriter, loc, low, high, permutation);
      };
      Value result = shufflePair(0);
      if (vectors == 4) {
        Value second = shufflePair(1);
        if (!result) {
          result = second;
        } else if (second) {
          SmallVector<int64_t> blend;
          for (auto [i, lane] : llvm::enumerate(lanes))
            blend.push_back(lane < *start + 2 * count
                                ? static_cast<int64_t>(i)
                                : count + static_cast<int64_t>(i));
          result =
              vector::ShuffleOp::create(rewriter, loc, result, second, blend);
        }
      }
      if (result.getType() != resultType)
        result = vector::ShapeCastOp::create(rewriter, loc, resultType, result);
      rewriter.replaceOp(gather, result);
      return success();
    }

    std::optional<int64_t> wholeVectorStart =
        getAlignedWindowStartInRow(baseType, lastOffset, first, span, count);
    if (!wholeVectorStart)
      wholeVectorStart = span == count
                             ? std::optional<int64_t>(first)
                             : getWholeVectorStartInRow(baseType, lastOffset,
                                                        first, span, count);
    int64_t start = wholeVectorStart.value_or(first);
    SmallVector<Value> offsets(gather.getOffsets());
    offsets.back() = arith::AddIOp::create(
        rewriter, loc, offsets.back(),
        arith::ConstantIndexOp::create(rewriter, loc, start));
    Value window;
    if (wholeVectorStart) {
      window = vector::LoadOp::create(rewriter, loc, flatType, gather.getBase(),
                                      offsets);
    } else {
      SmallVector<bool> inSpan(count, false);
      std::fill_n(inSpan.begin(), span, true);
      Value spanMask = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(VectorType::get({count}, rewriter.getI1Type()),
                                 inSpan));
      Value passThru = vector::ShapeCastOp::create(rewriter, loc, flatType,
                                                   gather.getPassThru());
      window = vector::MaskedLoadOp::create(rewriter, loc, flatType,
                                            gather.getBase(), offsets, spanMask,
                                            passThru);
    }
    SmallVector<int64_t> permutation;
    for (int64_t lane : lanes)
      permutation.push_back(lane - start);
    Value result = window;
    if (!llvm::equal(permutation, llvm::seq<int64_t>(0, count)))
      result =
          vector::ShuffleOp::create(rewriter, loc, window, window, permutation);
    if (result.getType() != resultType)
      result = vector::ShapeCastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(gather, result);
    return success();
  }
};

/// Unrolls the loops of `func` that `isUnrolled` picks, all picked first.
void unrollLoops(func::FuncOp func,
                 llvm::function_ref<bool(scf::ForOp)> isUnrolled,
                 llvm::function_ref<void(scf::ForOp)> unroll) {
  SmallVector<scf::ForOp> loops;
  func.walk([&](scf::ForOp forOp) {
    if (isUnrolled(forOp))
      loops.push_back(forOp);
  });
  for (scf::ForOp loop : loops)
    unroll(loop);
}

/// Unrolls a loop over phases. When its iterations are independent (a
/// parallel loop that reads no buffer it writes), the copies are
/// interleaved: the ops up to and including each write, for every phase in
/// turn. The phases of a row pair then read the same input vectors close
/// together, and shareReadOnlyLoads can give them one load.
void unrollPhases(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  std::optional<APInt> trips = loop.getStaticTripCount();
  std::optional<onnxc::codegen::LoopAccesses> accesses =
      onnxc::codegen::getLoopAccesses(loop);
  if (!lb || !step || !trips || !loop.getInductionVar().getType().isIndex() ||
      !onnxc::codegen::isParallelLoop(loop) || !accesses ||
      accesses->readsWhatItWrites()) {
    (void)loopUnrollFull(loop);
    return;
  }
  OpBuilder b(loop);
  SmallVector<IRMapping> maps(trips->getZExtValue());
  for (auto [i, map] : llvm::enumerate(maps))
    map.map(loop.getInductionVar(),
            arith::ConstantIndexOp::create(b, loop.getLoc(),
                                           *lb + int64_t(i) * *step)
                .getResult());
  onnxc::codegen::cloneInterleaved(b, *loop.getBody(), maps,
                                   [](Operation *) { return false; });
  loop.erase();
}

/// The function arguments `func` reads but never writes, or none when some
/// effect of `func` is unknown.
llvm::SmallDenseSet<Value> getReadOnlyArguments(func::FuncOp func) {
  llvm::SmallDenseSet<Value> written;
  bool known = onnxc::codegen::walkMemoryEffects(
      func.getBody(), [&](const MemoryEffects::EffectInstance &effect) {
        if (!isa<MemoryEffects::Write>(effect.getEffect()))
          return true;
        // A write whose buffer cannot be named could be to any argument.
        Value value = effect.getValue();
        if (!value || !isa<MemRefType>(value.getType()))
          return false;
        Value base =
            onnxc::codegen::getBaseBuffer(value, /*throughWorkspace=*/true);
        written.insert(base);
        return onnxc::codegen::isKnownBase(base);
      });
  llvm::SmallDenseSet<Value> readOnly;
  if (!known || func.isExternal())
    return readOnly;
  for (BlockArgument argument : func.getArguments())
    if (isa<MemRefType>(argument.getType()) && !written.contains(argument))
      readOnly.insert(argument);
  return readOnly;
}

/// Replaces each vector load of a read-only argument by an identical load
/// earlier in its block. Like the rest of the pipeline, this takes distinct
/// arguments to be distinct buffers.
void shareReadOnlyLoads(func::FuncOp func) {
  llvm::SmallDenseSet<Value> readOnly = getReadOnlyArguments(func);
  if (readOnly.empty())
    return;
  func.walk([&](Block *block) {
    DenseMap<llvm::hash_code, SmallVector<Operation *, 1>> seen;
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      if (!isa<vector::LoadOp, vector::MaskedLoadOp>(op) ||
          !readOnly.contains(onnxc::codegen::getBaseBuffer(
              op.getOperand(0), /*throughWorkspace=*/true)))
        continue;
      SmallVector<Operation *, 1> &same =
          seen[OperationEquivalence::computeHash(
              &op, OperationEquivalence::directHashValue,
              OperationEquivalence::ignoreHashValue,
              OperationEquivalence::IgnoreLocations)];
      auto prior = llvm::find_if(same, [&](Operation *other) {
        return OperationEquivalence::isEquivalentTo(
            other, &op, OperationEquivalence::IgnoreLocations);
      });
      if (prior == same.end()) {
        same.push_back(&op);
        continue;
      }
      op.replaceAllUsesWith(*prior);
      op.erase();
    }
  });
}

/// The source of a shuffle that permutes the lanes of one vector into as
/// many lanes (both operands the same value), else null: an elementwise op
/// then costs the same before the shuffle as after it.
Value getPermutedSource(Value value) {
  auto shuffle = value.getDefiningOp<vector::ShuffleOp>();
  if (!shuffle || shuffle.getV1() != shuffle.getV2() ||
      shuffle.getV1VectorType().getRank() != 1 ||
      shuffle.getV1VectorType().getNumElements() !=
          shuffle.getResultVectorType().getNumElements())
    return {};
  return shuffle.getV1();
}

/// Builds `shuffle(v, v, mask)`, the mask `shuffle`'s.
Value shuffleLike(PatternRewriter &rewriter, vector::ShuffleOp shuffle,
                  Value v) {
  return vector::ShuffleOp::create(rewriter, shuffle.getLoc(), v, v,
                                   shuffle.getMask());
}

/// Sinks a lane permutation below the widening and the arithmetic that
/// follow it: ext(shuffle(a)) is shuffle(ext(a)), op(shuffle(a), uniform)
/// is shuffle(op(a, uniform)), and op(shuffle(a), shuffle(b)) of one mask
/// is shuffle(op(a, b)). An integer kernel's taps are shuffles of the rows
/// of X, and its sum over a column of taps then blends the rows once, for
/// every tap of the row that shuffles that blend.
template <typename Op>
struct SinkPermutationBelowElementwise : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;

  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!type || type.getRank() != 1)
      return failure();
    if constexpr (std::is_same_v<Op, arith::ExtUIOp> ||
                  std::is_same_v<Op, arith::ExtSIOp>) {
      Value source = getPermutedSource(op.getIn());
      if (!source)
        return failure();
      auto shuffle = op.getIn().template getDefiningOp<vector::ShuffleOp>();
      Value widened = Op::create(rewriter, op.getLoc(),
                                 type.clone(type.getElementType()), source);
      rewriter.replaceOp(op, shuffleLike(rewriter, shuffle, widened));
      return success();
    } else {
      Value lhs = op.getLhs(), rhs = op.getRhs();
      auto isUniform = [](Value v) {
        return v.getDefiningOp<vector::BroadcastOp>() ||
               matchPattern(v, m_Constant<SplatElementsAttr>(nullptr));
      };
      Value lhsSource = getPermutedSource(lhs);
      Value rhsSource = getPermutedSource(rhs);
      auto lhsShuffle = lhs.template getDefiningOp<vector::ShuffleOp>();
      auto rhsShuffle = rhs.template getDefiningOp<vector::ShuffleOp>();
      Value newLhs, newRhs;
      vector::ShuffleOp shuffle;
      if (lhsSource && rhsSource &&
          lhsShuffle.getMask() == rhsShuffle.getMask() &&
          lhsSource.getType() == rhsSource.getType()) {
        newLhs = lhsSource, newRhs = rhsSource, shuffle = lhsShuffle;
      } else if (lhsSource && isUniform(rhs) &&
                 lhsSource.getType() == rhs.getType()) {
        newLhs = lhsSource, newRhs = rhs, shuffle = lhsShuffle;
      } else if (rhsSource && isUniform(lhs) &&
                 rhsSource.getType() == lhs.getType()) {
        newLhs = lhs, newRhs = rhsSource, shuffle = rhsShuffle;
      } else {
        return failure();
      }
      Value result = Op::create(rewriter, op.getLoc(), newLhs, newRhs);
      rewriter.replaceOp(op, shuffleLike(rewriter, shuffle, result));
      return success();
    }
  }
};

struct ONNXSpecializeGathersPass
    : onnxc::impl::ONNXSpecializeGathersPassBase<ONNXSpecializeGathersPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    // Long rows first: their unrolled ends are short rows' tiles.
    unrollLoops(func, isLongRowOfTableGathers, [](scf::ForOp row) {
      (void)onnxc::codegen::splitPeriodicRow(row);
    });
    unrollLoops(func, isShortRowOfTableGathers,
                [](scf::ForOp row) { (void)loopUnrollFull(row); });
    // Then the phase loops, which held the rows.
    unrollLoops(func, isLoopOverPhases, unrollPhases);

    RewritePatternSet patterns(context);
    onnxc::populateONNXSpecializeGathersPatterns(patterns);
    // The unrolled short rows of a separable kernel read back the row
    // buffer they have just stored.
    onnxc::codegen::populateForwardBufferStoresPatterns(patterns);
    // Unrolled offsets are SSA constants; the folds want them static.
    memref::SubViewOp::getCanonicalizationPatterns(patterns, context);
    vector::ShapeCastOp::getCanonicalizationPatterns(patterns, context);
    vector::BroadcastOp::getCanonicalizationPatterns(patterns, context);
    vector::ExtractOp::getCanonicalizationPatterns(patterns, context);
    // Scalars of uniform lanes: extracts sink through elementwise ops.
    vector::populateSinkVectorOpsPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    // The phases of a row pair read the same vectors of X: once their
    // indices are common subexpressions, they share the loads.
    IRRewriter rewriter(context);
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
    shareReadOnlyLoads(func);
  }
};
} // namespace

void onnxc::populateONNXSpecializeGathersPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldTransferReadOfConstantGlobal,
               FoldTransferReadOfUniformConstantGlobal,
               HoistUniformGatherOffset, GatherOfNearbyConstantLanesToShuffle,
               SinkPermutationBelowElementwise<arith::ExtUIOp>,
               SinkPermutationBelowElementwise<arith::ExtSIOp>,
               SinkPermutationBelowElementwise<arith::MulIOp>,
               SinkPermutationBelowElementwise<arith::AddIOp>>(
      patterns.getContext());
}
