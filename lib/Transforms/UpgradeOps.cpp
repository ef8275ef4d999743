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
#include "mlir/IR/Matchers.h"
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
/// Upsample-1's bilinear is Upsample-7's linear.
UpsampleMode toLatestMode(UpsampleV1Mode mode) {
  return mode == UpsampleV1Mode::bilinear ? UpsampleMode::linear
                                          : UpsampleMode::nearest;
}
UpsampleMode toLatestMode(UpsampleMode mode) { return mode; }

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
    rewriter.replaceOpWithNewOp<LatestUpsampleOp>(
        op, op.getY().getType(), op.getX(), scales, toLatestMode(op.getMode()));
    return success();
  }
};

/// The latest Resize on the given inputs (null when absent) and
/// attributes.
static LatestResizeOp createLatestResize(OpBuilder &b, Location loc, Type type,
                                         Value x, Value roi, Value scales,
                                         Value sizes,
                                         ArrayRef<NamedAttribute> attributes) {
  SmallVector<Value> operands = {x};
  for (Value v : {roi, scales, sizes})
    if (v)
      operands.push_back(v);
  SmallVector<NamedAttribute> attrs(attributes);
  attrs.push_back(b.getNamedAttr(
      OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr(),
      b.getDenseI32ArrayAttr({1, roi ? 1 : 0, scales ? 1 : 0, sizes ? 1 : 0})));
  return LatestResizeOp::create(b, loc, TypeRange{type}, operands, attrs);
}

/// Resize-11 to -18: the latest Resize, with the same inputs and attributes
/// (an empty Resize-11 `scales` is absent).
template <typename ResizeOp> struct UpgradeResize : OpRewritePattern<ResizeOp> {
  using OpRewritePattern<ResizeOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ResizeOp op,
                                PatternRewriter &rewriter) const override {
    ResizeOperands r = op.getResizeOperands();
    SmallVector<NamedAttribute> attributes;
    for (NamedAttribute attr : op->getAttrs())
      if (attr.getName() !=
          OpTrait::AttrSizedOperandSegments<void>::getOperandSegmentSizeAttr())
        attributes.push_back(attr);
    rewriter.replaceOp(
        op, createLatestResize(rewriter, op.getLoc(), op.getY().getType(), r.x,
                               r.roi, r.scales ? r.scales : r.scalesBesideSizes,
                               r.sizes, attributes));
    return success();
  }
};

/// Resize-10: asymmetric coordinates. Its nearest rounds up on axes that
/// shrink and down elsewhere, which nearest_mode expresses per op: one
/// Resize for the shrinking axes (ceil), one for the others (floor), each
/// through `axes`. That needs the scales at compile time; with run-time
/// ones Resize-10 is lowered as it is (see isSupersededVersion).
struct UpgradeResizeV10 : OpRewritePattern<ResizeV10Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ResizeV10Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto build = [&](Type type, Value x, Value scales, NearestMode rounding,
                     ArrayRef<int64_t> axes) {
      SmallVector<NamedAttribute> attributes = {
          rewriter.getNamedAttr("mode", op.getModeAttr()),
          rewriter.getNamedAttr(
              "coordinate_transformation_mode",
              CoordinateTransformationModeAttr::get(
                  context, CoordinateTransformationMode::asymmetric)),
          rewriter.getNamedAttr("nearest_mode",
                                NearestModeAttr::get(context, rounding))};
      if (!axes.empty())
        attributes.push_back(
            rewriter.getNamedAttr("axes", rewriter.getDenseI64ArrayAttr(axes)));
      return createLatestResize(rewriter, loc, type, x, Value(), scales,
                                Value(), attributes);
    };
    if (op.getMode() != ResizeMode::nearest) {
      rewriter.replaceOp(op, build(op.getY().getType(), op.getX(),
                                   op.getScales(), NearestMode::floor, {}));
      return success();
    }
    ElementsAttr attr;
    if (!matchPattern(op.getScales(), m_Constant(&attr)))
      return rewriter.notifyMatchFailure(op, "run-time scales");
    SmallVector<float> scales =
        llvm::map_to_vector(attr.getValues<APFloat>(), [](const APFloat &v) {
          return v.convertToFloat();
        });
    SmallVector<int64_t> shrinking, others;
    SmallVector<float> shrinkingScales, otherScales;
    for (auto [d, s] : llvm::enumerate(scales)) {
      (s < 1.0f ? shrinking : others).push_back(d);
      (s < 1.0f ? shrinkingScales : otherScales).push_back(s);
    }
    if (shrinking.empty() || others.empty()) {
      NearestMode rounding =
          shrinking.empty() ? NearestMode::floor : NearestMode::ceil;
      rewriter.replaceOp(op, build(op.getY().getType(), op.getX(),
                                   op.getScales(), rounding, {}));
      return success();
    }
    auto constant = [&](ArrayRef<float> values) -> Value {
      auto type = RankedTensorType::get({int64_t(values.size())},
                                        rewriter.getF32Type());
      return ConstantOp::create(rewriter, loc,
                                DenseElementsAttr::get(type, values));
    };
    LatestResizeOp first =
        build(op.getX().getType(), op.getX(), constant(shrinkingScales),
              NearestMode::ceil, shrinking);
    SmallVector<Type> inferred;
    if (failed(LatestResizeOp::inferReturnTypes(
            context, loc, first->getOperands(), first->getRawDictionaryAttrs(),
            first->getPropertiesStorage(), first->getRegions(), inferred)))
      return failure();
    first.getY().setType(cast<RankedTensorType>(inferred[0]));
    rewriter.replaceOp(op, build(op.getY().getType(), first.getY(),
                                 constant(otherScales), NearestMode::floor,
                                 others));
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

/// The latest version of `op`'s operator.
static OperationName getLatestVersion(Operation *op) {
  auto versioned = cast<VersionedOpInterface>(op);
  return getOperatorVersions(op->getContext(), versioned.getOperatorName())
      .back()
      .op;
}

/// The shape and elementwise ops (NodeForm::Generic) whose versions differ
/// only in element types or in attributes the latest one has too: the
/// latest version with the same operands and attributes. A version whose
/// attribute became an input (Slice-1, Squeeze/Unsqueeze-1 and -11) has a
/// pattern of its own.
struct UpgradeGenericVersion : RewritePattern {
  UpgradeGenericVersion(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto versioned = dyn_cast<VersionedOpInterface>(op);
    if (!versioned || versioned.getNodeForm() != NodeForm::Generic ||
        !isSupersededVersion(op))
      return failure();
    OperationName latest = getLatestVersion(op);
    ArrayRef<StringAttr> latestAttributes = latest.getAttributeNames();
    if (!llvm::all_of(op->getName().getAttributeNames(), [&](StringAttr name) {
          return llvm::is_contained(latestAttributes, name);
        }))
      return failure();
    OperationState state(op->getLoc(), latest);
    state.addOperands(op->getOperands());
    state.addAttributes(op->getAttrDictionary().getValue());
    state.addTypes(op->getResultTypes());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

/// A constant 1-D i64 tensor of `values`.
static Value createIndexList(OpBuilder &b, Location loc,
                             ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({int64_t(values.size())}, b.getI64Type());
  return ConstantOp::create(b, loc, DenseElementsAttr::get(type, values));
}

/// Slice-1's attribute bounds become the inputs of the latest Slice.
struct UpgradeSliceV1 : OpRewritePattern<SliceV1Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SliceV1Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value starts = createIndexList(rewriter, loc, op.getStarts());
    Value ends = createIndexList(rewriter, loc, op.getEnds());
    Value axes;
    if (std::optional<ArrayRef<int64_t>> values = op.getAxes())
      axes = createIndexList(rewriter, loc, *values);
    rewriter.replaceOpWithNewOp<SliceV13Op>(op, op.getType(), op.getData(),
                                            starts, ends, axes, Value());
    return success();
  }
};

/// Squeeze-1/11 and Unsqueeze-1/11: the `axes` attribute becomes the latest
/// version's input.
template <typename OldOp>
struct UpgradeAxesAttribute : OpRewritePattern<OldOp> {
  using OpRewritePattern<OldOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(OldOp op,
                                PatternRewriter &rewriter) const override {
    Value axes;
    if (std::optional<ArrayRef<int64_t>> values = op.getAxes())
      axes = createIndexList(rewriter, op.getLoc(), *values);
    OperationState state(op.getLoc(), getLatestVersion(op));
    state.addOperands(op.getData());
    if (axes)
      state.addOperands(axes);
    state.addTypes(op.getType());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};
} // namespace

void onnxc::populateONNXUpgradeOpsPatterns(RewritePatternSet &patterns) {
  patterns.add<
      UpgradeGenericVersion, UpgradeSliceV1, UpgradeAxesAttribute<SqueezeV1Op>,
      UpgradeAxesAttribute<SqueezeV11Op>, UpgradeAxesAttribute<UnsqueezeV1Op>,
      UpgradeAxesAttribute<UnsqueezeV11Op>>(patterns.getContext());
  patterns.add<
      UpgradeAttributeBoundsClip<ClipV1Op>,
      UpgradeAttributeBoundsClip<ClipV6Op>, UpgradeOperandBoundsClip<ClipV11Op>,
      UpgradeOperandBoundsClip<ClipV12Op>, UpgradeUpsample<UpsampleV1Op>,
      UpgradeUpsample<UpsampleV7Op>, UpgradeUpsample<UpsampleV9Op>,
      UpgradeResize<ResizeV11Op>, UpgradeResize<ResizeV13Op>,
      UpgradeResize<ResizeV18Op>, UpgradeResizeV10>(patterns.getContext());
}
