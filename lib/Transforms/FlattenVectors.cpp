//===- FlattenVectors.cpp - 1-D vectors in vectorized tiles ---------------===//
//
// Upstream vector rewrites applied together after bufferization: every
// transfer of a vectorized tile becomes one flat contiguous load or store,
// and the elementwise ops between them work on the same 1-D vectors. Gathers
// get the uniform part of their index vector moved into their scalar base
// offset.
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
