//===- ElementwiseToLinalg.cpp - Add, Sub, Mul, Div, Max, Min -------------===//
//
// The arithmetic exporters put around Resize on data, not only on shapes: an
// FPN step adds the upsampled map to a lateral one, clamps with tensor
// bounds are Max and Min. Each is one elementwise linalg.generic over the
// broadcast shape (multidirectional, numpy's rule), which onnx-fuse merges
// with its producers and consumers under its cost rule. Static shapes only:
// whether a run-time dimension broadcasts is known only at run time.
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

namespace {

/// How two elements combine, by the operator's name, for an element type
/// (`isUnsigned` for unsigned integers, which are signless after type
/// conversion).
Value combine(OpBuilder &b, Location loc, StringRef name, Value lhs, Value rhs,
              bool isUnsigned) {
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
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType());
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
            result = combine(b, nloc, name, result, next, isUnsigned);
          linalg::YieldOp::create(b, nloc, result);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};
} // namespace

bool onnxc::onnx_to_linalg::isLoweredElementwise(Operation *op) {
  if (!isa<AddV14Op, SubV14Op, MulV14Op, DivV14Op, MaxV13Op, MinV13Op>(op))
    return false;
  return onnx_to_linalg::hasStaticShapes(op);
}

void onnxc::onnx_to_linalg::populateElementwiseToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseLowering<AddV14Op>, ElementwiseLowering<SubV14Op>,
               ElementwiseLowering<MulV14Op>, ElementwiseLowering<DivV14Op>,
               ElementwiseLowering<MaxV13Op>, ElementwiseLowering<MinV13Op>>(
      typeConverter, patterns.getContext());
}
