//===- Resampling.cpp - What Upsample and Resize lowerings share ----------===//

#include "Resampling.h"
#include "ONNXToLinalgPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "mlir/IR/Matchers.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace onnxc::onnx_to_linalg;

namespace onnxc::onnx_to_linalg::resampling {

SmallVector<Value> ComputeType::toCompute(OpBuilder &b, Location loc,
                                          Value x) const {
  if (isComplex)
    return {complex::ReOp::create(b, loc, x), complex::ImOp::create(b, loc, x)};
  if (fixedType) {
    if (elementType == fixedType)
      return {x}; // A pass's intermediate: already in fixed point.
    if (isUnsigned)
      return {arith::ExtUIOp::create(b, loc, fixedType, x)};
    return {arith::ExtSIOp::create(b, loc, fixedType, x)};
  }
  if (elementType == type)
    return {x};
  if (isa<FloatType>(elementType))
    return {arith::ExtFOp::create(b, loc, type, x)};
  if (isUnsigned)
    return {arith::UIToFPOp::create(b, loc, type, x)};
  return {arith::SIToFPOp::create(b, loc, type, x)};
}

/// f64 `x` as float32 rounded to odd: truncated toward zero, and made odd
/// (its last mantissa bit set) when that lost anything. Rounding the result
/// again, to nearest even in a type at least two bits narrower, gives what
/// rounding `x` once would. NaN stays NaN; `x` must be within float32's
/// range.
static Value truncToFloat32RoundingToOdd(OpBuilder &b, Location loc, Value x) {
  Type i32 = b.getI32Type();
  Value nearest = arith::TruncFOp::create(b, loc, b.getF32Type(), x);
  Value back = arith::ExtFOp::create(b, loc, b.getF64Type(), nearest);
  Value inexact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, back, x);
  // Rounded away from zero: one step back toward it (float32's bits are
  // sign and magnitude, so the magnitude's integer decreases by one).
  Value away = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     math::AbsFOp::create(b, loc, back),
                                     math::AbsFOp::create(b, loc, x));
  Value bits = arith::BitcastOp::create(b, loc, i32, nearest);
  bits = arith::SubIOp::create(b, loc, bits,
                               arith::ExtUIOp::create(b, loc, i32, away));
  bits = arith::OrIOp::create(b, loc, bits,
                              arith::ExtUIOp::create(b, loc, i32, inexact));
  return arith::BitcastOp::create(b, loc, b.getF32Type(), bits);
}

Value ComputeType::fromCompute(OpBuilder &b, Location loc,
                               ArrayRef<Value> parts) const {
  if (isComplex)
    return complex::CreateOp::create(b, loc, elementType, parts[0], parts[1]);
  Value v = parts[0];
  if (fixedType && elementType == fixedType && denominator == 1)
    return v; // A pass's intermediate: the sum so far, unrounded.
  if (fixedType && roundToNearestEven) {
    // The sum s over the denominator D, rounded half to even, then
    // saturated: a cubic sum may overshoot the type's range.
    auto constant = [&](const APInt &value) {
      return arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(fixedType, value.getSExtValue()));
    };
    unsigned fixedWidth = fixedType.getWidth();
    auto integer = [&](int64_t value) {
      return constant(APInt(fixedWidth, value, /*isSigned=*/true));
    };
    if (denominator > 1 && llvm::isPowerOf2_64(denominator)) {
      // s / 2^k rounded half to even: the floor q = s >> k and the
      // remainder r = s & (2^k - 1) round up when r + (q & 1) exceeds
      // 2^(k-1), that is when (r + (q & 1) + 2^(k-1) - 1) >> k is 1. Every
      // term is below 2^(k+1), so nothing wraps, and the test is plain
      // arithmetic: no compare, no mask to widen back into lanes.
      unsigned k = llvm::Log2_64(denominator);
      Value q = arith::ShRSIOp::create(b, loc, v, integer(k));
      Value remainder =
          arith::AndIOp::create(b, loc, v, integer(denominator - 1));
      Value odd = arith::AndIOp::create(b, loc, q, integer(1));
      Value biased = arith::AddIOp::create(
          b, loc, arith::AddIOp::create(b, loc, remainder, odd),
          integer(denominator / 2 - 1));
      v = arith::AddIOp::create(
          b, loc, q, arith::ShRUIOp::create(b, loc, biased, integer(k)));
    } else if (denominator > 1) {
      // s / D rounded half to even: the floor q and the remainder r (0 <= r
      // < D) against D - r, which is 2r against D without the doubling
      // that could wrap.
      Value d = integer(denominator);
      Value q = arith::FloorDivSIOp::create(b, loc, v, d);
      Value remainder =
          arith::SubIOp::create(b, loc, v, arith::MulIOp::create(b, loc, q, d));
      Value half = arith::SubIOp::create(b, loc, d, remainder);
      Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                          remainder, half);
      Value tie = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        remainder, half);
      Value odd = arith::TruncIOp::create(b, loc, b.getI1Type(), q);
      Value up = arith::OrIOp::create(b, loc, above,
                                      arith::AndIOp::create(b, loc, tie, odd));
      v = arith::AddIOp::create(b, loc, q,
                                arith::ExtUIOp::create(b, loc, fixedType, up));
    }
    unsigned width = elementType.getIntOrFloatBitWidth();
    APInt lowest = isUnsigned
                       ? APInt::getZero(width).zext(fixedWidth)
                       : APInt::getSignedMinValue(width).sext(fixedWidth);
    APInt highest = isUnsigned
                        ? APInt::getMaxValue(width).zext(fixedWidth)
                        : APInt::getSignedMaxValue(width).sext(fixedWidth);
    v = arith::MaxSIOp::create(b, loc, v, constant(lowest));
    v = arith::MinSIOp::create(b, loc, v, constant(highest));
    return arith::TruncIOp::create(b, loc, elementType, v);
  }
  if (fixedType) {
    // Truncation toward zero, as the float32 conversion does.
    Value scale = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(fixedType, denominator));
    if (isUnsigned)
      v = arith::DivUIOp::create(b, loc, v, scale);
    else
      v = arith::DivSIOp::create(b, loc, v, scale);
    return arith::TruncIOp::create(b, loc, elementType, v);
  }
  if (elementType == type)
    return v;
  // f16/bf16: round to nearest even. Integers: truncate toward zero, or
  // round to nearest even.
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    if (roundToNearestEven) {
      // Beyond the largest finite value (a cubic overshoot, an infinite
      // X), that value; NaN stays NaN (maximumf and minimumf propagate it).
      auto bound = [&](bool negative) -> Value {
        APFloat largest =
            APFloat::getLargest(floatType.getFloatSemantics(), negative);
        bool losesInfo = false;
        largest.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                        &losesInfo);
        return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, largest));
      };
      v = arith::MaximumFOp::create(b, loc, v, bound(true));
      v = arith::MinimumFOp::create(b, loc, v, bound(false));
    }
    // bfloat16 from f64 through float32, as the reference rounds it: no
    // instruction converts f64 to bfloat16, and the library routine is
    // compiler-rt's, which a model does not link.
    if (elementType.isBF16() && type.isF64())
      v = arith::TruncFOp::create(b, loc, b.getF32Type(), v);
    // float16 from f64, rounded once as the reference rounds it, through
    // float32 rounded to odd: without AVX512-FP16 (or AArch64's FCVT)
    // LLVM converts f64 to f16 with a library call per element, a
    // hundred times slower than the kernel, while f32 to f16 is an
    // instruction. float32's 13 extra bits make the second rounding exact.
    if (elementType.isF16() && type.isF64())
      v = truncToFloat32RoundingToOdd(b, loc, v);
    return arith::TruncFOp::create(b, loc, elementType, v);
  }
  if (roundToNearestEven)
    v = math::RoundEvenOp::create(b, loc, v);
  Value integer =
      isUnsigned ? arith::FPToUIOp::create(b, loc, elementType, v).getResult()
                 : arith::FPToSIOp::create(b, loc, elementType, v).getResult();
  // Float32 rounds integers wider than its mantissa, the largest up to
  // 2^31 (int32) or 2^32 (uint32), and its weights w0 + w1 may exceed 1
  // by an ulp, so a sum can leave the type's range, where the conversion
  // has no defined result: such a sum is the type's largest or smallest
  // value. (Unsigned sums are never negative: every term is at least 0.)
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (!roundToNearestEven &&
      width <= static_cast<unsigned>(FloatType(type).getFPMantissaWidth()))
    return integer;
  auto bound = [&](bool negative, unsigned log2) {
    APFloat value = APFloat::getOne(type.getFloatSemantics(), negative);
    value = scalbn(value, log2, APFloat::rmNearestTiesToEven);
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  };
  auto saturate = [&](arith::CmpFPredicate predicate, Value limit,
                      const APInt &extreme, Value otherwise) -> Value {
    Value outside = arith::CmpFOp::create(b, loc, predicate, v, limit);
    return arith::SelectOp::create(
        b, loc, outside,
        arith::ConstantOp::create(b, loc,
                                  b.getIntegerAttr(elementType, extreme)),
        otherwise);
  };
  if (isUnsigned) {
    Value clamped = saturate(arith::CmpFPredicate::OGE, bound(false, width),
                             APInt::getMaxValue(width), integer);
    if (!roundToNearestEven)
      return clamped;
    Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
    return saturate(arith::CmpFPredicate::OLT, zero, APInt::getZero(width),
                    clamped);
  }
  Value clamped = saturate(arith::CmpFPredicate::OGE, bound(false, width - 1),
                           APInt::getSignedMaxValue(width), integer);
  return saturate(arith::CmpFPredicate::OLT, bound(true, width - 1),
                  APInt::getSignedMinValue(width), clamped);
}

Value ComputeType::multiply(OpBuilder &b, Location loc, Value lhs, Value rhs,
                            arith::FastMathFlags fastMath) const {
  if (fixedType)
    return arith::MulIOp::create(b, loc, lhs, rhs);
  return arith::MulFOp::create(b, loc, lhs, rhs, fastMath);
}

Value ComputeType::add(OpBuilder &b, Location loc, Value lhs, Value rhs,
                       arith::FastMathFlags fastMath) const {
  if (fixedType)
    return arith::AddIOp::create(b, loc, lhs, rhs);
  return arith::AddFOp::create(b, loc, lhs, rhs, fastMath);
}

/// The value of a float32 or f64 weight, exactly.
static double exactValue(const APFloat &w) {
  APFloat value = w;
  bool losesInfo;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

/// The fractions whose denominators are tried for a weight that is not
/// dyadic: those of the scales images use (thirds, fifths, sixths,
/// sevenths, ...) and of sizes in small ratios.
constexpr int64_t kMaxRationalDenominator = 64;

/// How far from an integer w * q may be for w to be taken as p / q: a
/// weight computed in double from a rational coordinate below 2^16 is
/// within about 2^-36 of it, and one from a float32 scale that is not
/// that rational (float32(4 / 3)) misses it by 2^-26 and more.
constexpr double kRationalTolerance = 1e-9;

/// The smallest q with w * q an integer: a power of two (w dyadic,
/// exactly) or, with `rationals`, any q up to kMaxRationalDenominator with
/// w * q within kRationalTolerance of an integer.
static std::optional<int64_t> denominatorOf(double w, bool rationals) {
  for (int64_t q = 1; q <= kMaxFixedPointDenominator; q *= 2)
    if (double scaled = w * double(q); scaled == std::trunc(scaled))
      return q;
  if (rationals)
    for (int64_t q = 3; q <= kMaxRationalDenominator; ++q)
      if (double scaled = w * double(q);
          std::abs(scaled - std::round(scaled)) <= kRationalTolerance)
        return q;
  return std::nullopt;
}

bool tryFixedPoint(OpBuilder &b, Location loc, ComputeType &compute,
                   ArrayRef<MutableArrayRef<Value>> weights,
                   ArrayRef<unsigned> widths, bool rationals) {
  auto integerType = dyn_cast<IntegerType>(compute.elementType);
  if (!integerType || compute.isBool || compute.isString || weights.empty())
    return false;
  unsigned bits = integerType.getWidth();
  if (widths.empty() || bits >= widths.back())
    return false;
  // The largest |X| and, over it, the largest |s|, exactly (each factor
  // is below 2^31).
  APInt bound(128, compute.isUnsigned ? (uint64_t(1) << bits) - 1
                                      : uint64_t(1) << (bits - 1));
  int64_t denominator = 1;
  SmallVector<SmallVector<SmallVector<int64_t>>> scaled;
  for (MutableArrayRef<Value> axis : weights) {
    SmallVector<SmallVector<double>> values;
    int64_t axisDenominator = 1;
    for (Value table : axis) {
      DenseFPElementsAttr constant;
      if (!table || !matchPattern(table, m_Constant(&constant)))
        return false;
      values.emplace_back();
      for (const APFloat &w : constant.getValues<APFloat>()) {
        double value = exactValue(w);
        std::optional<int64_t> q = denominatorOf(value, rationals);
        if (!q)
          return false;
        axisDenominator = std::lcm(axisDenominator, *q);
        if (axisDenominator > kMaxFixedPointDenominator)
          return false;
        values.back().push_back(value);
      }
    }
    // Scaled weights, and the largest sum of an output's |weights|.
    SmallVector<SmallVector<int64_t>> axisScaled;
    SmallVector<int64_t> sums(values.front().size(), 0);
    for (ArrayRef<double> tap : values) {
      axisScaled.emplace_back();
      for (auto [o, w] : llvm::enumerate(tap)) {
        axisScaled.back().push_back(
            static_cast<int64_t>(std::round(w * double(axisDenominator))));
        sums[o] += std::abs(axisScaled.back().back());
      }
    }
    int64_t largestSum = *llvm::max_element(sums);
    if (largestSum >= (int64_t(1) << 31))
      return false;
    bound *= APInt(128, largestSum);
    if (bound.getActiveBits() > 64)
      return false;
    denominator *= axisDenominator;
    scaled.push_back(std::move(axisScaled));
  }
  // Every term and partial sum is bounded by the bound, and so is D: an
  // output's weights sum to 1, its scaled ones to D_a.
  auto width = llvm::find_if(widths, [&](unsigned width) {
    return bits < width && bound.ult(APInt(128, 1) << (width - 1));
  });
  if (width == widths.end())
    return false;
  compute.fixedType = b.getIntegerType(*width);
  compute.denominator = denominator;
  for (auto [axis, axisScaled] : llvm::zip_equal(weights, scaled))
    for (auto [table, values] : llvm::zip_equal(axis, axisScaled)) {
      auto type = RankedTensorType::get({static_cast<int64_t>(values.size())},
                                        compute.fixedType);
      SmallVector<APInt> entries;
      for (int64_t value : values)
        entries.push_back(APInt(*width, value, /*isSigned=*/true));
      table = arith::ConstantOp::create(b, loc,
                                        DenseElementsAttr::get(type, entries));
    }
  return true;
}

/// The element type of an axis's index tables: i32 when its input length
/// allows (half the table traffic, and 32-bit gather indices), index
/// otherwise.
Type getIndexTableType(OpBuilder &b, std::optional<int64_t> n) {
  if (n && *n <= std::numeric_limits<int32_t>::max())
    return b.getI32Type();
  return b.getIndexType();
}

Value constantIndexTable(OpBuilder &b, Location loc, Type elementType,
                         ArrayRef<int64_t> values) {
  auto type =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, elementType);
  if (elementType.isIndex())
    return arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, ArrayRef<int64_t>(values)));
  SmallVector<int32_t> narrow(values.begin(), values.end());
  return arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, ArrayRef<int32_t>(narrow)));
}

/// An index read from an index table, as `index`.
Value tableEntryToIndex(OpBuilder &b, Location loc, Value entry) {
  if (entry.getType().isIndex())
    return entry;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), entry);
}

/// An index computed at run time, as an entry of a table of `type`.
Value indexToTableEntry(OpBuilder &b, Location loc, Type type, Value index) {
  if (type.isIndex())
    return index;
  return arith::IndexCastOp::create(b, loc, type, index);
}

Value constantWeightTable(OpBuilder &b, Location loc, FloatType type,
                          ArrayRef<double> values) {
  auto tensorType =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, type);
  SmallVector<APFloat> floats;
  for (double v : values) {
    APFloat f(v);
    bool losesInfo;
    f.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
              &losesInfo);
    floats.push_back(f);
  }
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(tensorType, floats));
}

/// A 1-D linalg.generic over the output positions of one axis with the given
/// result element types; `body` computes the results from the position.
Value selectPhase(OpBuilder &b, Location loc, Value phase, int64_t count,
                  function_ref<Value(int64_t)> phaseValue) {
  Value result = phaseValue(count - 1);
  for (int64_t r = count - 2; r >= 0; --r) {
    Value value = phaseValue(r);
    Value isPhase =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, phase,
                              arith::ConstantIndexOp::create(b, loc, r));
    result = arith::SelectOp::create(b, loc, isPhase, value, result);
  }
  return result;
}

SmallVector<Value> buildAxisTables(
    OpBuilder &b, Location loc, OpFoldResult outLength,
    ArrayRef<Type> elementTypes,
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value)> body) {
  SmallVector<Value> inits;
  SmallVector<Type> types;
  for (Type t : elementTypes) {
    inits.push_back(createEmptyLike(b, loc, outLength, t));
    types.push_back(inits.back().getType());
  }
  SmallVector<AffineMap> maps(inits.size(), b.getMultiDimIdentityMap(1));
  auto generic = linalg::GenericOp::create(
      b, loc, types, ValueRange{}, inits, maps,
      SmallVector<utils::IteratorType>{utils::IteratorType::parallel},
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        Value o = linalg::IndexOp::create(nb, nloc, 0);
        linalg::YieldOp::create(nb, nloc, body(nb, nloc, o));
      });
  return SmallVector<Value>(generic.getResults());
}

Value buildBroadcast(OpBuilder &b, Location loc, Value input,
                     ArrayRef<int64_t> repeats,
                     ArrayRef<OpFoldResult> outSizes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  SmallVector<OpFoldResult> inSizes = tensor::getMixedSizes(b, loc, input);
  SmallVector<OpFoldResult> expandedSizes;
  SmallVector<ReassociationIndices> reassociation;
  SmallVector<AffineExpr> inputExprs;
  for (auto [d, k] : llvm::enumerate(repeats)) {
    int64_t first = expandedSizes.size();
    inputExprs.push_back(b.getAffineDimExpr(first));
    if (k == 1) {
      expandedSizes.push_back(outSizes[d]);
      reassociation.push_back({first});
    } else {
      expandedSizes.push_back(inSizes[d]);
      expandedSizes.push_back(b.getIndexAttr(k));
      reassociation.push_back({first, first + 1});
    }
  }
  int64_t loops = expandedSizes.size();
  Value init = createEmptyLike(b, loc, outSizes, elementType);
  SmallVector<int64_t> staticExpanded;
  SmallVector<Value> dynamicExpanded;
  dispatchIndexOpFoldResults(expandedSizes, dynamicExpanded, staticExpanded);
  auto expandedType = RankedTensorType::get(staticExpanded, elementType);
  Value expandedInit = tensor::ExpandShapeOp::create(
      b, loc, expandedType, init, reassociation, expandedSizes);
  SmallVector<AffineMap> maps = {
      AffineMap::get(loops, 0, inputExprs, b.getContext()),
      b.getMultiDimIdentityMap(loops)};
  auto generic = linalg::GenericOp::create(
      b, loc, expandedType, input, expandedInit, maps,
      SmallVector<utils::IteratorType>(loops, utils::IteratorType::parallel),
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, args[0]);
      });
  return tensor::CollapseShapeOp::create(b, loc, generic.getResult(0),
                                         reassociation);
}

} // namespace onnxc::onnx_to_linalg::resampling
