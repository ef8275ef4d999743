//===- FlattenVectors.cpp - 1-D vectors in vectorized tiles ---------------===//
//
// Upstream vector rewrites applied together after bufferization: every
// transfer of a vectorized tile becomes one flat contiguous load or store,
// and the elementwise ops between them work on the same 1-D vectors. Gathers
// get the uniform part of their index vector moved into their scalar base
// offset, and those left with constant, nearby lanes become a load and a
// shuffle.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXFLATTENVECTORSPASS
#include "onnxc/Transforms/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

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

/// vector.gather %base[..., %o][%lanes] with constant lanes spanning at most
/// as many elements as there are lanes becomes one contiguous load of the
/// span from %base[..., %o + min(lanes)] and a vector.shuffle: a permute
/// instead of one memory access per lane. A span shorter than the vector
/// is read with a masked load so that nothing past it is touched.
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
    DenseIntElementsAttr lanesAttr;
    if (!matchPattern(gather.getIndices(), m_Constant(&lanesAttr)))
      return failure();
    SmallVector<int64_t> lanes;
    for (const APInt &lane : lanesAttr.getValues<APInt>())
      lanes.push_back(lane.getSExtValue());
    auto [minIt, maxIt] = std::minmax_element(lanes.begin(), lanes.end());
    int64_t first = *minIt;
    int64_t span = *maxIt - first + 1;
    int64_t count = lanes.size();
    if (span > count)
      return failure();

    Location loc = gather.getLoc();
    VectorType resultType = gather.getVectorType();
    auto flatType = VectorType::get({count}, resultType.getElementType());
    SmallVector<Value> offsets(gather.getOffsets());
    offsets.back() = arith::AddIOp::create(
        rewriter, loc, offsets.back(),
        arith::ConstantIndexOp::create(rewriter, loc, first));
    Value window;
    if (span == count) {
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
      permutation.push_back(lane - first);
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
    onnxc::populateHoistUniformGatherOffsetPatterns(patterns);
    onnxc::populateGatherToShufflePatterns(patterns);
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

void onnxc::populateHoistUniformGatherOffsetPatterns(
    RewritePatternSet &patterns) {
  patterns.add<HoistUniformGatherOffset>(patterns.getContext());
}

void onnxc::populateGatherToShufflePatterns(RewritePatternSet &patterns) {
  patterns.add<GatherOfNearbyConstantLanesToShuffle>(patterns.getContext());
}
