//===- DataMovementToLinalg.cpp - Concat, Transpose, reshapes on data ----===//
//
// The other ops of a neck: YOLO and U-Net concatenate an upsampled map with
// a skip connection, tf2onnx wraps each Resize of an NHWC model in
// Transposes. Concat writes each input into its region of the result
// (tensor.insert_slice into one tensor.empty: empty-tensor elimination then
// lets the producer of an input, a Resize, write there directly); Transpose
// is linalg.transpose; Reshape, Squeeze and Unsqueeze are collapses and
// expands (the same elements in another shape); ConstantOfShape too large to
// fold is a linalg.fill. Concat, Transpose, Reshape, Unsqueeze and Squeeze
// take run-time dimensions too (the shape function checks that Concat's
// inputs agree off the axis and that Reshape's entries fit its input; the
// dimensions Squeeze removes must be static); ConstantOfShape needs a
// static shape.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;

namespace {

struct ConcatLowering : OpConversionPattern<ConcatV13Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConcatV13Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!onnx_to_linalg::isLoweredDataMovement(op))
      return rewriter.notifyMatchFailure(op, "run-time dimensions");
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutput().getType()));
    int64_t rank = resultType.getRank();
    // I64Attr's accessor is unsigned: a negative axis reads as int64_t.
    auto axis = static_cast<int64_t>(op.getAxis());
    if (axis < 0)
      axis += rank;
    // Run-time dimensions off the axis are the first input's (the shape
    // function checks that the others agree); along it, the sum.
    ValueRange inputs = adaptor.getInputs();
    SmallVector<SmallVector<OpFoldResult>> inputSizes =
        llvm::map_to_vector(inputs, [&](Value input) {
          return tensor::getMixedSizes(rewriter, loc, input);
        });
    SmallVector<OpFoldResult> resultSizes = inputSizes.front();
    OpFoldResult offset = rewriter.getIndexAttr(0);
    SmallVector<std::pair<int64_t, OpFoldResult>> placed;
    for (auto [k, input] : llvm::enumerate(inputs)) {
      auto type = cast<RankedTensorType>(input.getType());
      // An empty input adds nothing, and its offset may be the axis's end,
      // where insert_slice allows no slice.
      if (llvm::is_contained(type.getShape(), 0))
        continue;
      placed.push_back({k, offset});
      offset = addIndices(rewriter, loc, offset, inputSizes[k][axis]);
    }
    resultSizes[axis] = offset;
    for (int64_t d = 0; d < rank; ++d)
      if (!resultType.isDynamicDim(d))
        resultSizes[d] = rewriter.getIndexAttr(resultType.getDimSize(d));
    Value result = tensor::EmptyOp::create(rewriter, loc, resultSizes,
                                           resultType.getElementType());
    for (auto [k, inputOffset] : placed) {
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[axis] = inputOffset;
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      result = tensor::InsertSliceOp::create(rewriter, loc, inputs[k], result,
                                             offsets, inputSizes[k], strides);
    }
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  static OpFoldResult addIndices(OpBuilder &b, Location loc, OpFoldResult lhs,
                                 OpFoldResult rhs) {
    std::optional<int64_t> l = getConstantIntValue(lhs),
                           r = getConstantIntValue(rhs);
    if (l && r)
      return b.getIndexAttr(*l + *r);
    if (l == 0)
      return rhs;
    return arith::AddIOp::create(b, loc,
                                 getValueOrCreateConstantIndexOp(b, loc, lhs),
                                 getValueOrCreateConstantIndexOp(b, loc, rhs))
        .getResult();
  }
};

struct TransposeLowering : OpConversionPattern<TransposeV25Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransposeV25Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!onnx_to_linalg::isLoweredDataMovement(op))
      return rewriter.notifyMatchFailure(op, "run-time dimensions");
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getTransposed().getType()));
    SmallVector<OpFoldResult> inputSizes =
        tensor::getMixedSizes(rewriter, op.getLoc(), adaptor.getData());
    SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
        op.getPermutation(), [&](int64_t d) { return inputSizes[d]; });
    Value init = tensor::EmptyOp::create(rewriter, op.getLoc(), sizes,
                                         resultType.getElementType());
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getData(), init, op.getPermutation());
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

/// ConstantOfShape of a static shape: the value, filled.
struct ConstantOfShapeLowering : OpConversionPattern<ConstantOfShapeV25Op> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOfShapeV25Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutput().getType()));
    if (!resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "run-time dimensions");
    Location loc = op.getLoc();
    TypedAttr fill = op.getFillValue();
    // Booleans are bytes after type conversion.
    if (auto flag = dyn_cast<IntegerAttr>(fill);
        flag && flag.getType().isInteger(1))
      fill = rewriter.getIntegerAttr(resultType.getElementType(),
                                     flag.getValue().getZExtValue());
    // Unsigned integers are signless after type conversion.
    else if (auto integer = dyn_cast<IntegerAttr>(fill))
      fill = rewriter.getIntegerAttr(resultType.getElementType(),
                                     integer.getValue());
    Value value = arith::ConstantOp::create(rewriter, loc, fill);
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType());
    rewriter.replaceOp(
        op, linalg::FillOp::create(rewriter, loc, value, init).getResult(0));
    return success();
  }
};

/// The elements of `data` in the shape of Reshape's `shape`, whose sizes
/// run time decides: a collapse to one axis and an expand from it, views
/// that hold whatever the sizes turn out to be.
Value reshapeToRunTimeSizes(OpBuilder &b, Location loc, Value data, Value shape,
                            bool allowZero, RankedTensorType resultType) {
  SmallVector<OpFoldResult> sizes =
      onnx::reifyReshapedSizes(b, loc, data, shape, allowZero, resultType);
  auto sourceType = cast<RankedTensorType>(data.getType());
  Type elementType = resultType.getElementType();
  auto all = [](int64_t rank) {
    return SmallVector<ReassociationIndices>{
        llvm::to_vector(llvm::seq<int64_t>(0, rank))};
  };
  Value flat = data;
  if (sourceType.getRank() == 0)
    flat = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, elementType), data,
        SmallVector<ReassociationIndices>{});
  else if (sourceType.getRank() > 1)
    flat = tensor::CollapseShapeOp::create(b, loc, data,
                                           all(sourceType.getRank()));
  // One axis as long as the result's elements: static exactly when the
  // result's shape is (the shape function checks that the counts agree).
  auto flatType = RankedTensorType::get({resultType.hasStaticShape()
                                             ? resultType.getNumElements()
                                             : ShapedType::kDynamic},
                                        elementType);
  if (flat.getType() != flatType)
    flat = tensor::CastOp::create(b, loc, flatType, flat);
  if (resultType.getRank() == 0)
    return tensor::CollapseShapeOp::create(b, loc, resultType, flat,
                                           SmallVector<ReassociationIndices>{});
  if (resultType.getRank() == 1)
    return flat;
  return tensor::ExpandShapeOp::create(b, loc, resultType, flat,
                                       all(resultType.getRank()), sizes);
}

/// Reshape, Squeeze or Unsqueeze: the input's elements in the result's
/// static shape, as a collapse_shape or expand_shape where one does it
/// (through one axis otherwise). Unlike tensor.reshape, these are views that
/// onnx-results-to-destinations sees through, so that a kernel before them
/// writes straight into a graph output after them.
template <typename Op> struct ReshapeLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!onnx_to_linalg::isLoweredDataMovement(op))
      return rewriter.notifyMatchFailure(op, "run-time dimensions");
    auto resultType = cast<RankedTensorType>(
        this->getTypeConverter()->convertType(op->getResult(0).getType()));
    Value data = adaptor.getData();
    auto sourceType = cast<RankedTensorType>(data.getType());
    Location loc = op.getLoc();
    // Equal types with run-time dimensions may still hold other sizes.
    if constexpr (std::is_same_v<Op, ReshapeV25Op>) {
      if (!sourceType.hasStaticShape() || !resultType.hasStaticShape()) {
        rewriter.replaceOp(
            op, reshapeToRunTimeSizes(rewriter, loc, data, adaptor.getShape(),
                                      op.getAllowzero() != 0, resultType));
        return success();
      }
    }
    if (sourceType == resultType) {
      rewriter.replaceOp(op, data);
      return success();
    }
    if (std::optional<SmallVector<ReassociationIndices>> groups =
            getReassociationIndicesForReshape(sourceType, resultType)) {
      if (sourceType.getRank() > resultType.getRank())
        rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(op, resultType,
                                                             data, *groups);
      else
        rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, resultType, data,
                                                           *groups);
      return success();
    }
    if (sourceType.getRank() == 0 || resultType.getRank() == 0 ||
        !sourceType.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "no reassociation");
    auto all = [](int64_t rank) {
      return SmallVector<ReassociationIndices>{
          llvm::to_vector(llvm::seq<int64_t>(0, rank))};
    };
    Value flat = tensor::CollapseShapeOp::create(rewriter, loc, data,
                                                 all(sourceType.getRank()));
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, resultType, flat, all(resultType.getRank()));
    return success();
  }
};
} // namespace

/// The number of run-time dimensions of a ranked tensor type.
static int64_t countDynamicDims(Type type) {
  return llvm::count_if(cast<RankedTensorType>(type).getShape(),
                        ShapedType::isDynamic);
}

bool onnxc::onnx_to_linalg::isLoweredDataMovement(Operation *op) {
  if (isa<ConcatV13Op, TransposeV25Op, UnsqueezeV25Op, ReshapeV25Op>(op))
    return true;
  // Squeeze and Unsqueeze remove or insert dimensions of 1: a view of the
  // same elements whatever the others are, once every squeezed dimension is
  // known to be 1.
  if (isa<SqueezeV25Op>(op))
    return countDynamicDims(op->getOperand(0).getType()) ==
           countDynamicDims(op->getResult(0).getType());
  if (!isa<ConstantOfShapeV25Op>(op))
    return false;
  return onnx_to_linalg::hasStaticShapes(op);
}

void onnxc::onnx_to_linalg::populateDataMovementToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ConcatLowering, TransposeLowering, ConstantOfShapeLowering,
               ReshapeLowering<ReshapeV25Op>, ReshapeLowering<SqueezeV25Op>,
               ReshapeLowering<UnsqueezeV25Op>>(typeConverter,
                                                patterns.getContext());
}
