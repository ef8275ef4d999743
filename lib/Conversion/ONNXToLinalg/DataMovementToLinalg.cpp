//===- DataMovementToLinalg.cpp - Concat and Transpose on data ------------===//
//
// The other ops of a neck: YOLO and U-Net concatenate an upsampled map with
// a skip connection, tf2onnx wraps each Resize of an NHWC model in
// Transposes. Concat writes each input into its region of the result
// (tensor.insert_slice into one tensor.empty: empty-tensor elimination then
// lets the producer of an input, a Resize, write there directly); Transpose
// is linalg.transpose. Static shapes only, as for the elementwise ops.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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
    Value result = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                           resultType.getElementType());
    int64_t offset = 0;
    for (Value input : adaptor.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[axis] = rewriter.getIndexAttr(offset);
      SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
          type.getShape(), [&](int64_t size) -> OpFoldResult {
            return rewriter.getIndexAttr(size);
          });
      SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
      result = tensor::InsertSliceOp::create(rewriter, loc, input, result,
                                             offsets, sizes, strides);
      offset += type.getDimSize(axis);
    }
    rewriter.replaceOp(op, result);
    return success();
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
    Value init =
        tensor::EmptyOp::create(rewriter, op.getLoc(), resultType.getShape(),
                                resultType.getElementType());
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getData(), init, op.getPermutation());
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};
} // namespace

bool onnxc::onnx_to_linalg::isLoweredDataMovement(Operation *op) {
  if (!isa<ConcatV13Op, TransposeV25Op>(op))
    return false;
  return onnx_to_linalg::hasStaticShapes(op);
}

void onnxc::onnx_to_linalg::populateDataMovementToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ConcatLowering, TransposeLowering>(typeConverter,
                                                  patterns.getContext());
}
