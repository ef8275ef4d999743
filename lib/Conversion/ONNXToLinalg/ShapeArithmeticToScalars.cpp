//===- ShapeArithmeticToScalars.cpp - Dimensions computed at run time -----===//
//
// PyTorch writes `sizes = Concat(Slice(Shape(X), 0, 2), Cast(size))` in
// front of every `F.interpolate(x, size=...)`, and a chain of Gather, Cast,
// Mul and Floor for `recompute_scale_factor`. With static shapes these fold
// to constants; with dynamic axes they must be computed at run time, in the
// kernel and in the shape function. Their values are a handful of numbers,
// one per dimension, so each op becomes scalar code: tensor.extract of the
// elements it reads, the arithmetic, and tensor.from_elements, which
// canonicalization then folds into the extracts of the next op, leaving
// only the scalars (no buffer, no loop).
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;

namespace {

/// The most elements a value computed as scalars holds: shape arithmetic
/// holds one value per dimension, and the code grows with each element.
constexpr int64_t kMaxScalarizedElements = 64;

/// A value of shape arithmetic: a 0-D or 1-D tensor of static shape with at
/// most kMaxScalarizedElements integer or float elements. (Data of higher
/// rank keeps the linalg lowerings, which onnx-fuse fuses.)
bool isSmallValue(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() <= 1 && tensor.hasStaticShape() &&
         tensor.getNumElements() <= kMaxScalarizedElements &&
         isa<IntegerType, FloatType>(tensor.getElementType());
}

/// Every element of `tensor` (a small value), in row-major order.
SmallVector<Value> extractElements(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<int64_t> strides = computeStrides(type.getShape());
  SmallVector<Value> elements;
  for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
    SmallVector<Value> index =
        llvm::map_to_vector(delinearize(i, strides), [&](int64_t v) -> Value {
          return arith::ConstantIndexOp::create(b, loc, v);
        });
    elements.push_back(tensor::ExtractOp::create(b, loc, tensor, index));
  }
  return elements;
}

/// For each element of a broadcast result of `shape`, the flat index each
/// operand of `operandShape` reads (numpy's rule aligns the last
/// dimensions; a dimension of 1 is read at 0).
SmallVector<int64_t> getBroadcastReads(ArrayRef<int64_t> shape,
                                       ArrayRef<int64_t> operandShape) {
  SmallVector<int64_t> strides = computeStrides(operandShape);
  SmallVector<int64_t> aligned(shape.size() - operandShape.size(), 0);
  for (auto [size, stride] : llvm::zip(operandShape, strides))
    aligned.push_back(size == 1 ? 0 : stride);
  SmallVector<int64_t> resultStrides = computeStrides(shape);
  SmallVector<int64_t> reads;
  for (int64_t i = 0, e = computeProduct(shape); i < e; ++i)
    reads.push_back(linearize(delinearize(i, resultStrides), aligned));
  return reads;
}

/// For each element of a Concat's result of `shape` along `axis`, which
/// input it reads and at which flat index.
SmallVector<std::pair<int64_t, int64_t>>
getConcatReads(ArrayRef<int64_t> shape, int64_t axis, ValueRange inputs) {
  SmallVector<int64_t> resultStrides = computeStrides(shape);
  SmallVector<std::pair<int64_t, int64_t>> reads;
  for (int64_t i = 0, e = computeProduct(shape); i < e; ++i) {
    SmallVector<int64_t> index = delinearize(i, resultStrides);
    for (auto [k, input] : llvm::enumerate(inputs)) {
      ArrayRef<int64_t> inputShape =
          cast<RankedTensorType>(input.getType()).getShape();
      if (index[axis] < inputShape[axis]) {
        reads.push_back({k, linearize(index, computeStrides(inputShape))});
        break;
      }
      index[axis] -= inputShape[axis];
    }
  }
  return reads;
}

/// The operator `op` stands for when it is shape arithmetic this file
/// lowers, else "".
StringRef getScalarizedOperator(Operation *op) {
  auto versioned = dyn_cast<VersionedOpInterface>(op);
  if (!versioned || versioned.getNodeForm() != NodeForm::Generic ||
      isSupersededVersion(op) || op->getNumResults() != 1 ||
      !isSmallValue(op->getResult(0).getType()))
    return "";
  StringRef name = versioned.getOperatorName();
  // Only the dimensions of Shape's and Size's data are read.
  if (name == "Shape" || name == "Size")
    return name;
  if (name == "Gather" || name == "Slice")
    return isSmallValue(op->getOperand(0).getType()) &&
                   getReadElementIndices(op)
               ? name
               : "";
  if (!llvm::is_contained({"Concat", "Cast", "Unsqueeze", "Squeeze", "Reshape",
                           "Identity", "Add", "Sub", "Mul", "Div", "Max", "Min",
                           "Floor", "Ceil"},
                          name))
    return "";
  // Axes and shapes are read at compile time; the data must be small.
  bool readsOnlyData =
      name == "Unsqueeze" || name == "Squeeze" || name == "Reshape";
  for (Value operand :
       readsOnlyData ? op->getOperands().take_front() : op->getOperands())
    if (!isSmallValue(operand.getType()))
      return "";
  return name;
}

/// A shape arithmetic op computed as scalars.
struct ScalarizeShapeArithmetic
    : OpInterfaceConversionPattern<VersionedOpInterface> {
  // Above the linalg lowerings of the same ops on data.
  ScalarizeShapeArithmetic(const TypeConverter &typeConverter,
                           MLIRContext *context)
      : OpInterfaceConversionPattern(typeConverter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(VersionedOpInterface versioned, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *op = versioned.getOperation();
    StringRef name = getScalarizedOperator(op);
    if (name.empty())
      return rewriter.notifyMatchFailure(op, "not small shape arithmetic");
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op->getResult(0).getType()));
    Location loc = op->getLoc();
    SmallVector<Value> elements =
        computeElements(rewriter, loc, op, name, operands, resultType);
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType,
                                                        elements);
    return success();
  }

private:
  static SmallVector<Value> computeElements(OpBuilder &b, Location loc,
                                            Operation *op, StringRef name,
                                            ArrayRef<Value> operands,
                                            RankedTensorType resultType) {
    Type i64 = b.getI64Type();
    auto toI64 = [&](Value index) -> Value {
      return arith::IndexCastOp::create(b, loc, i64, index);
    };
    if (name == "Shape") {
      int64_t start = getShapeStart(op);
      SmallVector<Value> dims;
      for (int64_t i = 0, e = resultType.getNumElements(); i < e; ++i)
        dims.push_back(
            toI64(tensor::DimOp::create(b, loc, operands[0], start + i)));
      return dims;
    }
    if (name == "Size") {
      Value count = arith::ConstantIndexOp::create(b, loc, 1);
      auto dataType = cast<RankedTensorType>(operands[0].getType());
      for (int64_t d = 0, e = dataType.getRank(); d < e; ++d)
        count = arith::MulIOp::create(
            b, loc, count, tensor::DimOp::create(b, loc, operands[0], d));
      return {toI64(count)};
    }
    SmallVector<Value> data = extractElements(b, loc, operands[0]);
    if (name == "Gather" || name == "Slice")
      return llvm::map_to_vector(*getReadElementIndices(op),
                                 [&](int64_t i) { return data[i]; });
    if (name == "Unsqueeze" || name == "Squeeze" || name == "Reshape" ||
        name == "Identity")
      return data;
    if (name == "Concat") {
      int64_t axis = cast<IntegerAttr>(op->getAttr("axis")).getInt();
      if (axis < 0)
        axis += resultType.getRank();
      SmallVector<SmallVector<Value>> inputs = {data};
      for (Value input : operands.drop_front())
        inputs.push_back(extractElements(b, loc, input));
      return llvm::map_to_vector(
          getConcatReads(resultType.getShape(), axis, operands),
          [&](auto read) { return inputs[read.first][read.second]; });
    }
    Type from = getElementTypeOrSelf(op->getOperand(0).getType());
    if (name == "Cast")
      return llvm::map_to_vector(data, [&](Value v) {
        return onnx_to_linalg::castElement(
            b, loc, v, from, getElementTypeOrSelf(op->getResult(0).getType()));
      });
    if (name == "Floor")
      return llvm::map_to_vector(data, [&](Value v) -> Value {
        return math::FloorOp::create(b, loc, v);
      });
    if (name == "Ceil")
      return llvm::map_to_vector(data, [&](Value v) -> Value {
        return math::CeilOp::create(b, loc, v);
      });
    // Add, Sub, Mul, Div, Max, Min: folded left to right over the operands,
    // each broadcast to the result.
    ArrayRef<int64_t> shape = resultType.getShape();
    auto readsOf = [&](Value operand) {
      return getBroadcastReads(
          shape, cast<RankedTensorType>(operand.getType()).getShape());
    };
    SmallVector<int64_t> firstReads = readsOf(operands[0]);
    SmallVector<Value> result =
        llvm::map_to_vector(firstReads, [&](int64_t i) { return data[i]; });
    for (Value operand : operands.drop_front()) {
      SmallVector<Value> next = extractElements(b, loc, operand);
      for (auto [r, i] : llvm::zip(result, readsOf(operand)))
        r = onnx_to_linalg::combineElements(b, loc, name, r, next[i],
                                            from.isUnsignedInteger());
    }
    return result;
  }
};
} // namespace

bool onnxc::onnx_to_linalg::isScalarizedShapeArithmetic(Operation *op) {
  return !getScalarizedOperator(op).empty();
}

void onnxc::onnx_to_linalg::populateShapeArithmeticToScalarsPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ScalarizeShapeArithmetic>(typeConverter, patterns.getContext());
}
