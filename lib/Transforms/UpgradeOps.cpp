//===- UpgradeOps.cpp - Rewrite older op versions to the newest form ------===//
//
// The patterns are C++ rather than DRR: DRR builds ops from a flat operand
// list and cannot leave an optional operand (a Clip bound) absent, and the
// Upsample result type must be kept as declared rather than re-inferred.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Dialect/ONNX/ONNXOps.h"
#include "onnxc/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXUPGRADEOPSPASS
#include "onnxc/Transforms/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;

/// A float32 bound attribute converted to `input`'s element type (rounded to
/// nearest even, so float32's extremes become +-inf in f16) as a rank-0
/// constant. A null Value when the attribute is absent.
static Value createBoundConstant(OpBuilder &builder, Location loc, Value input,
                                 FloatAttr bound) {
  if (!bound)
    return {};
  auto floatType =
      cast<FloatType>(cast<ShapedType>(input.getType()).getElementType());
  APFloat value = bound.getValue();
  bool losesInfo;
  value.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  auto type = RankedTensorType::get({}, floatType);
  return ConstantOp::create(builder, loc, DenseElementsAttr::get(type, value));
}

namespace {
/// ClipV1 and ClipV6: attribute bounds become constant operands.
template <typename ClipOp>
struct UpgradeAttributeBoundsClip : OpRewritePattern<ClipOp> {
  using OpRewritePattern<ClipOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ClipOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value min =
        createBoundConstant(rewriter, loc, op.getInput(), op.getMinAttr());
    Value max =
        createBoundConstant(rewriter, loc, op.getInput(), op.getMaxAttr());
    rewriter.replaceOpWithNewOp<LatestClipOp>(op, op.getInput(), min, max);
    return success();
  }
};

/// ClipV11 and ClipV12 are the latest Clip on fewer element types.
template <typename ClipOp>
struct UpgradeOperandBoundsClip : OpRewritePattern<ClipOp> {
  using OpRewritePattern<ClipOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ClipOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LatestClipOp>(op, op.getInput(), op.getMin(),
                                              op.getMax());
    return success();
  }
};

/// Builds the latest Upsample from the scales of an older version, keeping
/// its result type and mapping `bilinear` to `linear`.
template <typename UpsampleOp>
struct UpgradeUpsample : OpRewritePattern<UpsampleOp> {
  using OpRewritePattern<UpsampleOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(UpsampleOp op,
                                PatternRewriter &rewriter) const override {
    Value scales;
    if constexpr (std::is_same_v<UpsampleOp, UpsampleV9Op>) {
      scales = op.getScales();
    } else {
      SmallVector<float> values = *op.getConstantScales();
      auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                        rewriter.getF32Type());
      scales = ConstantOp::create(
          rewriter, op.getLoc(),
          DenseElementsAttr::get(type, ArrayRef<float>(values)));
    }
    StringRef mode = op.getMode() == "bilinear" ? "linear" : op.getMode();
    rewriter.replaceOpWithNewOp<LatestUpsampleOp>(op, op.getY().getType(),
                                                  op.getX(), scales, mode);
    return success();
  }
};

struct ONNXUpgradeOpsPass
    : onnxc::impl::ONNXUpgradeOpsPassBase<ONNXUpgradeOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateONNXUpgradeOpsPatterns(patterns);
    // Each pattern fires once per op and creates no new match; no folding, so
    // the IR changes only where an op is upgraded.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    // A version a later one supersedes must have an upgrade pattern.
    WalkResult walk = getOperation()->walk([](Operation *op) {
      if (!isSupersededVersion(op))
        return WalkResult::advance();
      op->emitOpError("has no upgrade to the latest version of its operator");
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

void onnxc::populateONNXUpgradeOpsPatterns(RewritePatternSet &patterns) {
  patterns.add<
      UpgradeAttributeBoundsClip<ClipV1Op>,
      UpgradeAttributeBoundsClip<ClipV6Op>, UpgradeOperandBoundsClip<ClipV11Op>,
      UpgradeOperandBoundsClip<ClipV12Op>, UpgradeUpsample<UpsampleV1Op>,
      UpgradeUpsample<UpsampleV7Op>, UpgradeUpsample<UpsampleV9Op>>(
      patterns.getContext());
}
