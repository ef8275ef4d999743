//===- ElementwiseToLinalg.cpp - Add, Sub, Mul, Div, Max, Min -------------===//
//
// The arithmetic exporters put around Resize on data, not only on shapes: an
// FPN step adds the upsampled map to a lateral one, clamps with tensor
// bounds are Max and Min. Each is one elementwise linalg.generic over the
// broadcast shape (multidirectional, numpy's rule), which onnx-fuse merges
// with its producers and consumers under its cost rule. A dimension of 1
// known at compile time broadcasts; run-time dimensions must be equal, which
// the shape function checks (ONNX Runtime's kernels for a static broadcast
// are the common case; a run-time 1 would need an index per element).
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;
using onnxc::onnx_to_linalg::isLoweredElementwise;

Value onnxc::onnx_to_linalg::combineElements(OpBuilder &b, Location loc,
                                             StringRef name, Value lhs,
                                             Value rhs, bool isUnsigned) {
  bool isFloat = isa<FloatType>(lhs.getType());
  if (name == "Add")
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  if (name == "Sub")
    return isFloat ? arith::SubFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::SubIOp::create(b, loc, lhs, rhs).getResult();
  if (name == "Mul")
    return isFloat ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
  if (name == "Max") {
    if (isFloat) // NaN in, NaN out.
      return arith::MaximumFOp::create(b, loc, lhs, rhs);
    return isUnsigned ? arith::MaxUIOp::create(b, loc, lhs, rhs).getResult()
                      : arith::MaxSIOp::create(b, loc, lhs, rhs).getResult();
  }
  if (name == "Min") {
    if (isFloat)
      return arith::MinimumFOp::create(b, loc, lhs, rhs);
    return isUnsigned ? arith::MinUIOp::create(b, loc, lhs, rhs).getResult()
                      : arith::MinSIOp::create(b, loc, lhs, rhs).getResult();
  }
  assert(name == "Div" && "an elementwise operator without a lowering");
  if (isFloat)
    return arith::DivFOp::create(b, loc, lhs, rhs);
  // An integer division by zero (and INT_MIN / -1) traps on x86: docs/
  // semantics.md gives them 0 (and the wrapped -INT_MIN) instead.
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(lhs.getType()));
  Value isZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  Value one =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(lhs.getType(), 1));
  Value divisor = arith::SelectOp::create(b, loc, isZero, one, rhs);
  if (isUnsigned) {
    Value quotient = arith::DivUIOp::create(b, loc, lhs, divisor);
    return arith::SelectOp::create(b, loc, isZero, zero, quotient);
  }
  Value minusOne =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(lhs.getType(), -1));
  Value isMinusOne = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           divisor, minusOne);
  Value safeDivisor = arith::SelectOp::create(b, loc, isMinusOne, one, divisor);
  Value quotient = arith::DivSIOp::create(b, loc, lhs, safeDivisor);
  Value negated = arith::SubIOp::create(b, loc, zero, lhs);
  quotient = arith::SelectOp::create(b, loc, isMinusOne, negated, quotient);
  return arith::SelectOp::create(b, loc, isZero, zero, quotient);
}

Value onnxc::onnx_to_linalg::castElement(OpBuilder &b, Location loc,
                                         Value value, Type from, Type to) {
  Type target = to.isInteger() || to.isUnsignedInteger()
                    ? Type(b.getIntegerType(to.getIntOrFloatBitWidth()))
                    : to;
  bool fromSigned = from.isSignlessInteger() && !from.isInteger(1);
  if (isa<IntegerType>(from)) {
    unsigned fromWidth = from.getIntOrFloatBitWidth();
    if (auto intTo = dyn_cast<IntegerType>(target)) {
      unsigned toWidth = intTo.getWidth();
      if (toWidth == 1) {
        Value zero =
            arith::ConstantOp::create(b, loc, b.getZeroAttr(value.getType()));
        return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                     zero);
      }
      if (toWidth == fromWidth)
        return value;
      if (toWidth < fromWidth)
        return arith::TruncIOp::create(b, loc, target, value);
      return fromSigned
                 ? arith::ExtSIOp::create(b, loc, target, value).getResult()
                 : arith::ExtUIOp::create(b, loc, target, value).getResult();
    }
    return fromSigned
               ? arith::SIToFPOp::create(b, loc, target, value).getResult()
               : arith::UIToFPOp::create(b, loc, target, value).getResult();
  }
  auto floatFrom = cast<FloatType>(from);
  if (auto floatTo = dyn_cast<FloatType>(target)) {
    if (floatTo == floatFrom)
      return value;
    if (floatTo.getWidth() > floatFrom.getWidth())
      return arith::ExtFOp::create(b, loc, target, value);
    // float16 and bfloat16 through float32, which holds both exactly.
    if (floatTo.getWidth() == floatFrom.getWidth())
      value = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    return arith::TruncFOp::create(b, loc, target, value);
  }
  unsigned toWidth = target.getIntOrFloatBitWidth();
  if (toWidth == 1) {
    // NaN is not 0: unordered-or-not-equal.
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(from));
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                 zero);
  }
  // Truncation toward zero, saturated, NaN giving 0. The bounds are compared
  // in float64, which holds every value of the narrower floats and the
  // powers of two that bound the integers; fptosi's poison outside them is
  // never selected.
  bool toUnsigned = to.isUnsignedInteger();
  Value wide =
      floatFrom.getWidth() < 64
          ? arith::ExtFOp::create(b, loc, b.getF64Type(), value).getResult()
          : value;
  auto f64 = [&](double v) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  };
  auto integer = [&](const APInt &v) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(target, v));
  };
  double upper = std::ldexp(1.0, toUnsigned ? toWidth : toWidth - 1);
  double lower = toUnsigned ? -1.0 : -std::ldexp(1.0, toWidth - 1) - 1.0;
  APInt largest = toUnsigned ? APInt::getMaxValue(toWidth)
                             : APInt::getSignedMaxValue(toWidth);
  APInt smallest =
      toUnsigned ? APInt::getZero(toWidth) : APInt::getSignedMinValue(toWidth);
  Value converted =
      toUnsigned ? arith::FPToUIOp::create(b, loc, target, value).getResult()
                 : arith::FPToSIOp::create(b, loc, target, value).getResult();
  Value tooLarge = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE,
                                         wide, f64(upper));
  Value tooSmall = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE,
                                         wide, f64(lower));
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, wide, wide);
  Value result =
      arith::SelectOp::create(b, loc, tooLarge, integer(largest), converted);
  result = arith::SelectOp::create(b, loc, tooSmall, integer(smallest), result);
  return arith::SelectOp::create(b, loc, isNaN,
                                 integer(APInt::getZero(toWidth)), result);
}

namespace {

/// An elementwise op of any number of operands, broadcast together.
template <typename Op> struct ElementwiseLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isLoweredElementwise(op))
      return rewriter.notifyMatchFailure(op, "run-time dimensions");
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(
        this->getTypeConverter()->convertType(op->getResult(0).getType()));
    int64_t rank = resultType.getRank();
    ValueRange operands = adaptor.getOperands();
    // Each operand's dimensions align with the result's last ones; a
    // dimension of 1 where the result's is longer reads element 0.
    SmallVector<AffineMap> maps;
    for (Value operand : operands) {
      ArrayRef<int64_t> shape =
          cast<RankedTensorType>(operand.getType()).getShape();
      int64_t offset = rank - static_cast<int64_t>(shape.size());
      SmallVector<AffineExpr> exprs;
      for (auto [i, length] : llvm::enumerate(shape)) {
        int64_t d = offset + static_cast<int64_t>(i);
        exprs.push_back(length == 1 && resultType.getDimSize(d) != 1
                            ? rewriter.getAffineConstantExpr(0)
                            : rewriter.getAffineDimExpr(d));
      }
      maps.push_back(AffineMap::get(rank, 0, exprs, rewriter.getContext()));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    // A run-time dimension of the result is that of the first operand with
    // a run-time dimension there: the shape function checks that the others
    // agree (only dimensions of 1 known at compile time broadcast).
    SmallVector<Value> dynamicSizes;
    for (int64_t d = 0; d < rank; ++d) {
      if (!resultType.isDynamicDim(d))
        continue;
      for (Value operand : operands) {
        auto type = cast<RankedTensorType>(operand.getType());
        int64_t i = d - (rank - type.getRank());
        if (i >= 0 && type.isDynamicDim(i)) {
          dynamicSizes.push_back(
              tensor::DimOp::create(rewriter, loc, operand, i));
          break;
        }
      }
    }
    Value init =
        tensor::EmptyOp::create(rewriter, loc, resultType, dynamicSizes);
    StringRef name =
        cast<VersionedOpInterface>(op.getOperation()).getOperatorName();
    bool isUnsigned =
        getElementTypeOrSelf(op->getOperand(0).getType()).isUnsignedInteger();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, operands, init, maps,
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location nloc, ValueRange args) {
          Value result = args.front();
          for (Value next : args.drop_front().drop_back())
            result = onnx_to_linalg::combineElements(b, nloc, name, result,
                                                     next, isUnsigned);
          linalg::YieldOp::create(b, nloc, result);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};
} // namespace

bool onnxc::onnx_to_linalg::isLoweredElementwise(Operation *op) {
  return isa<AddV14Op, SubV14Op, MulV14Op, DivV14Op, MaxV13Op, MinV13Op>(op);
}

void onnxc::onnx_to_linalg::populateElementwiseToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseLowering<AddV14Op>, ElementwiseLowering<SubV14Op>,
               ElementwiseLowering<MulV14Op>, ElementwiseLowering<DivV14Op>,
               ElementwiseLowering<MaxV13Op>, ElementwiseLowering<MinV13Op>>(
      typeConverter, patterns.getContext());
}
