//===- UpsampleToLinalg.cpp - Lower the latest Upsample to linalg ---------===//
//
// docs/semantics.md's float32 index mapping and interpolation, evaluated once
// per output axis into tables rather than once per output element:
//
//  - nearest: i(o) = o if s == 1, else min(trunc(float32(o) / s), n - 1).
//    With constant integer scales every table is o / k, so the op is a plain
//    broadcast into the output viewed as [..., n, k, ...]; otherwise a gather
//    through the tables.
//  - linear: per interpolated axis (s != 1) the taps i0, i1 and weights w0, w1
//    of the clamped asymmetric coordinate c = float32(o) / s; the output sums
//    the 2^k corners in lexicographic order, each weighted by the product of
//    its per-axis weights, in float32 (f64 for f64 inputs; 16-bit fixed
//    point for 8-bit integers where that is exact).
//
// Tables are constants when scales and lengths are known at compile time and
// are computed by small linalg.generic ops otherwise.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "Resampling.h"
#include "onnxc/Codegen/GatherRows.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;
using namespace onnxc::onnx_to_linalg::resampling;

namespace {

//===----------------------------------------------------------------------===//
// Compile-time evaluation of docs/semantics.md's formulas (IEEE float32
// throughout)
//===----------------------------------------------------------------------===//

int64_t nearestIndex(int64_t o, float scale, int64_t n) {
  if (scale == 1.0f)
    return o;
  float coordinate = static_cast<float>(o) / scale;
  return std::min(static_cast<int64_t>(coordinate), n - 1);
}

struct LinearTaps {
  int64_t i0, i1;
  double w0, w1; // Exact values of float32 (or f64) weights.
};

LinearTaps linearTaps(int64_t o, float scale, int64_t n, bool computeInF64) {
  float c =
      scale == 1.0f ? static_cast<float>(o) : static_cast<float>(o) / scale;
  c = std::min(std::max(c, 0.0f), static_cast<float>(n - 1));
  int64_t i0 = std::min(static_cast<int64_t>(c), n - 1);
  int64_t i1 = std::min(i0 + 1, n - 1);
  if (i0 == i1)
    return {i0, i1, 0.5, 0.5};
  if (computeInF64)
    return {i0, i1, std::fabs(double(c) - double(i1)),
            std::fabs(double(c) - double(i0))};
  return {i0, i1, std::fabs(c - static_cast<float>(i1)),
          std::fabs(c - static_cast<float>(i0))};
}

//===----------------------------------------------------------------------===//
// Axes
//===----------------------------------------------------------------------===//

/// What the lowering knows about one axis.
struct Axis {
  OpFoldResult inLength, outLength;
  std::optional<float> scale; // When constant.
  Value scaleValue;           // f32, constant or read from the scales.

  std::optional<int64_t> staticIn() const {
    return getConstantIntValue(inLength);
  }
  std::optional<int64_t> staticOut() const {
    return getConstantIntValue(outLength);
  }
  bool isCopy() const { return scale && *scale == 1.0f; }
  bool isCompileTime() const { return scale && staticIn() && staticOut(); }
  /// Whether the axis's tables are constants. Longer tables are computed at
  /// run time instead: the same float32 arithmetic, without the cost of
  /// building and emitting megabytes of constants.
  bool hasConstantTables() const {
    return isCompileTime() && *staticOut() <= kMaxConstantTableLength;
  }
  static constexpr int64_t kMaxConstantTableLength = 1 << 16;
};

/// Float32 view of an index: float32(o), rounded as the C conversion does.
Value indexToF32(OpBuilder &b, Location loc, Value index) {
  Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return arith::SIToFPOp::create(b, loc, b.getF32Type(), i64);
}

Value f32ToIndex(OpBuilder &b, Location loc, Value value) {
  Value i64 = arith::FPToSIOp::create(b, loc, b.getI64Type(), value);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), i64);
}
/// Nearest-neighbour index table of an axis.
Value buildNearestTable(OpBuilder &b, Location loc, const Axis &axis) {
  Type tableType = getIndexTableType(b, axis.staticIn());
  if (axis.hasConstantTables()) {
    SmallVector<int64_t> table;
    for (int64_t o = 0, e = *axis.staticOut(); o < e; ++o)
      table.push_back(nearestIndex(o, *axis.scale, *axis.staticIn()));
    return constantIndexTable(b, loc, tableType, table);
  }
  Value inLength = getValueOrCreateConstantIndexOp(b, loc, axis.inLength);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = arith::SubIOp::create(b, loc, inLength, one);
  Value scale = axis.scaleValue;
  Value isCopy = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OEQ, scale,
      arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f)));
  return buildAxisTables(
      b, loc, axis.outLength, {tableType},
      [&](OpBuilder &nb, Location nloc, Value o) -> SmallVector<Value> {
        Value coordinate =
            arith::DivFOp::create(nb, nloc, indexToF32(nb, nloc, o), scale);
        Value index = arith::MinSIOp::create(
            nb, nloc, f32ToIndex(nb, nloc, coordinate), last);
        index = arith::SelectOp::create(nb, nloc, isCopy, o, index);
        return {indexToTableEntry(nb, nloc, tableType, index)};
      })[0];
}

/// Linear taps (i0, i1) and weights (w0, w1) tables of an axis. At run time
/// an axis whose scale turns out to be 1 gets i0 = o and w0 = 1, so that its
/// first corner is an exact copy; the caller masks out its second corner.
std::array<Value, 4> buildLinearTables(OpBuilder &b, Location loc,
                                       const Axis &axis,
                                       FloatType computeType) {
  bool computeInF64 = computeType.isF64();
  Type tableType = getIndexTableType(b, axis.staticIn());
  if (axis.hasConstantTables()) {
    SmallVector<int64_t> i0, i1;
    SmallVector<double> w0, w1;
    for (int64_t o = 0, e = *axis.staticOut(); o < e; ++o) {
      LinearTaps taps =
          linearTaps(o, *axis.scale, *axis.staticIn(), computeInF64);
      i0.push_back(taps.i0);
      i1.push_back(taps.i1);
      w0.push_back(taps.w0);
      w1.push_back(taps.w1);
    }
    return {constantIndexTable(b, loc, tableType, i0),
            constantIndexTable(b, loc, tableType, i1),
            constantWeightTable(b, loc, computeType, w0),
            constantWeightTable(b, loc, computeType, w1)};
  }

  Type f32 = b.getF32Type();
  Value inLength = getValueOrCreateConstantIndexOp(b, loc, axis.inLength);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = arith::SubIOp::create(b, loc, inLength, one);
  Value lastF32 = indexToF32(b, loc, last);
  Value zeroF32 = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  Value scale = axis.scaleValue;
  Value isCopy = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OEQ, scale,
      arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f)));
  Value half =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(computeType, 0.5));
  Value oneWeight =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(computeType, 1.0));
  SmallVector<Value> tables = buildAxisTables(
      b, loc, axis.outLength, {tableType, tableType, computeType, computeType},
      [&](OpBuilder &nb, Location nloc, Value o) -> SmallVector<Value> {
        Value oF32 = indexToF32(nb, nloc, o);
        Value divided = arith::DivFOp::create(nb, nloc, oF32, scale);
        Value c = arith::SelectOp::create(nb, nloc, isCopy, oF32, divided);
        // Clamp to [0, n - 1]; c is never NaN here.
        Value negative = arith::CmpFOp::create(
            nb, nloc, arith::CmpFPredicate::OLT, c, zeroF32);
        c = arith::SelectOp::create(nb, nloc, negative, zeroF32, c);
        Value beyond = arith::CmpFOp::create(
            nb, nloc, arith::CmpFPredicate::OGT, c, lastF32);
        c = arith::SelectOp::create(nb, nloc, beyond, lastF32, c);
        Value i0 =
            arith::MinSIOp::create(nb, nloc, f32ToIndex(nb, nloc, c), last);
        Value i1 = arith::MinSIOp::create(
            nb, nloc, arith::AddIOp::create(nb, nloc, i0, one), last);
        auto toCompute = [&](Value v) -> Value {
          if (v.getType() == computeType)
            return v;
          if (v.getType() == f32)
            return arith::ExtFOp::create(nb, nloc, computeType, v);
          Value i64 = arith::IndexCastOp::create(nb, nloc, nb.getI64Type(), v);
          return arith::SIToFPOp::create(nb, nloc, computeType, i64);
        };
        Value cc = toCompute(c);
        Value w1 = math::AbsFOp::create(
            nb, nloc, arith::SubFOp::create(nb, nloc, cc, toCompute(i0)));
        Value w0 = math::AbsFOp::create(
            nb, nloc, arith::SubFOp::create(nb, nloc, cc, toCompute(i1)));
        Value same =
            arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::eq, i0, i1);
        w0 = arith::SelectOp::create(nb, nloc, same, half, w0);
        w1 = arith::SelectOp::create(nb, nloc, same, half, w1);
        i0 = arith::SelectOp::create(nb, nloc, isCopy, o, i0);
        w0 = arith::SelectOp::create(nb, nloc, isCopy, oneWeight, w0);
        return {indexToTableEntry(nb, nloc, tableType, i0),
                indexToTableEntry(nb, nloc, tableType, i1), w0, w1};
      });
  return {tables[0], tables[1], tables[2], tables[3]};
}

//===----------------------------------------------------------------------===//
// The lowering
//===----------------------------------------------------------------------===//

struct UpsampleLowering : OpConversionPattern<LatestUpsampleOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LatestUpsampleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getX();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getY().getType()));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported result type");

    std::optional<SmallVector<float>> scales = op.getConstantScales();
    std::optional<ArrayRef<float>> scalesRef;
    if (scales)
      scalesRef = *scales;
    SmallVector<OpFoldResult> outSizes = reifyUpsampledSizes(
        rewriter, loc, input, resultType, scalesRef, adaptor.getScales());
    SmallVector<OpFoldResult> inSizes =
        tensor::getMixedSizes(rewriter, loc, input);

    SmallVector<Axis> axes;
    for (int64_t d = 0, e = inputType.getRank(); d < e; ++d) {
      Axis axis{inSizes[d], outSizes[d], std::nullopt, Value()};
      if (scales) {
        axis.scale = (*scales)[d];
        axis.scaleValue = arith::ConstantOp::create(
            rewriter, loc, rewriter.getF32FloatAttr(*axis.scale));
      } else {
        Value index = arith::ConstantIndexOp::create(rewriter, loc, d);
        axis.scaleValue = tensor::ExtractOp::create(rewriter, loc,
                                                    adaptor.getScales(), index);
      }
      axes.push_back(axis);
    }

    // No element to compute: tiling and slicing have nothing to work on
    // (and static slices of zero-length dimensions would be out of bounds).
    auto isZero = [](OpFoldResult size) {
      std::optional<int64_t> value = getConstantIntValue(size);
      return value && *value == 0;
    };
    Value result;
    if (llvm::any_of(outSizes, isZero) || llvm::any_of(inSizes, isZero)) {
      result = onnx_to_linalg::createEmptyLike(rewriter, loc, outSizes,
                                               inputType.getElementType());
    } else if (isInterpolatingMode(op.getMode())) {
      ComputeType computeType(inputType.getElementType(),
                              op.getX().getType().getElementType());
      result = lowerLinear(rewriter, loc, input, axes, computeType);
    } else {
      result = lowerNearest(rewriter, loc, input, axes);
    }
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// The factor k of a compile-time axis whose scale is the integer k and
  /// whose output is exactly k times longer than its input.
  static std::optional<int64_t> getIntegerFactor(const Axis &axis) {
    if (!axis.isCompileTime())
      return std::nullopt;
    float scale = *axis.scale;
    if (scale != std::trunc(scale) || scale > 1024.0f)
      return std::nullopt;
    int64_t k = static_cast<int64_t>(scale);
    if (*axis.staticOut() != *axis.staticIn() * k)
      return std::nullopt;
    return k;
  }

  /// The repeat count k of an axis whose nearest table is exactly o / k;
  /// std::nullopt otherwise.
  static std::optional<int64_t> getRepeatFactor(const Axis &axis) {
    std::optional<int64_t> k = getIntegerFactor(axis);
    if (!k)
      return std::nullopt;
    for (int64_t o = 0, e = *axis.staticOut(); o < e; ++o)
      if (nearestIndex(o, *axis.scale, *axis.staticIn()) != o / *k)
        return std::nullopt;
    return k;
  }

  static Value lowerNearest(OpBuilder &b, Location loc, Value input,
                            ArrayRef<Axis> axes) {
    auto inputType = cast<RankedTensorType>(input.getType());
    Type elementType = inputType.getElementType();
    int64_t rank = inputType.getRank();
    SmallVector<OpFoldResult> outSizes =
        llvm::map_to_vector(axes, [](const Axis &a) { return a.outLength; });

    // Broadcast form: every axis is a copy or an integer repeat.
    SmallVector<std::optional<int64_t>> repeats;
    bool broadcast = true;
    for (const Axis &axis : axes) {
      repeats.push_back(axis.isCopy() ? std::optional<int64_t>(1)
                                      : getRepeatFactor(axis));
      broadcast &= repeats.back().has_value();
    }
    if (broadcast && llvm::all_of(repeats, [](auto k) { return *k == 1; }))
      return input;
    if (broadcast)
      return buildBroadcast(
          b, loc, input,
          llvm::map_to_vector(repeats, [](auto k) { return *k; }), outSizes);

    // Gather form through per-axis index tables.
    SmallVector<Value> tables;
    SmallVector<AffineMap> maps;
    SmallVector<int64_t> tableOfAxis(rank, -1);
    for (int64_t d = 0; d < rank; ++d) {
      if (axes[d].isCopy())
        continue;
      tableOfAxis[d] = tables.size();
      tables.push_back(buildNearestTable(b, loc, axes[d]));
      maps.push_back(AffineMap::get(rank, 0, b.getAffineDimExpr(d)));
    }
    maps.push_back(b.getMultiDimIdentityMap(rank));
    Value init = onnx_to_linalg::createEmptyLike(b, loc, outSizes, elementType);
    auto generic = linalg::GenericOp::create(
        b, loc, init.getType(), tables, init, maps,
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          SmallVector<Value> indices;
          for (int64_t d = 0; d < rank; ++d)
            indices.push_back(
                tableOfAxis[d] >= 0
                    ? tableEntryToIndex(nb, nloc, args[tableOfAxis[d]])
                    : linalg::IndexOp::create(nb, nloc, d));
          Value x = tensor::ExtractOp::create(nb, nloc, input, indices);
          linalg::YieldOp::create(nb, nloc, x);
        });
    return generic.getResult(0);
  }

  /// The repeat factor k of an interpolated axis whose taps are regular
  /// away from the last input element: out = n * k and, for every output
  /// o < k * (n - 1), i0 = o / k and i1 = i0 + 1. std::nullopt otherwise.
  static std::optional<int64_t> getLinearRepeatFactor(const Axis &axis,
                                                      bool computeInF64) {
    std::optional<int64_t> k = getIntegerFactor(axis);
    if (!k || axis.isCopy() || *axis.staticIn() < 2)
      return std::nullopt;
    int64_t n = *axis.staticIn();
    for (int64_t o = 0; o < *k * (n - 1); ++o) {
      LinearTaps taps = linearTaps(o, *axis.scale, n, computeInF64);
      if (taps.i0 != o / *k || taps.i1 != o / *k + 1)
        return std::nullopt;
    }
    return k;
  }

  /// Whether every weight of `tables` is a compile-time zero or power of
  /// two: every product of weights is then one too, and a term
  /// weight * X is exact (short of a subnormal result), so that adding it
  /// with a fused multiply-add rounds exactly as a multiply and an add do.
  static bool hasExactWeights(ArrayRef<std::array<Value, 4>> tables) {
    return llvm::all_of(tables, [](const std::array<Value, 4> &axis) {
      return llvm::all_of(ArrayRef(axis).drop_front(2), [](Value table) {
        DenseFPElementsAttr values;
        return matchPattern(table, m_Constant(&values)) &&
               llvm::all_of(values.getValues<APFloat>(), [](const APFloat &w) {
                 return w.isZero() ||
                        w.getExactLog2Abs() != std::numeric_limits<int>::min();
               });
      });
    });
  }

  /// The value of a float32 or f64 weight, exactly.
  static double exactValue(const APFloat &w) {
    APFloat value = w;
    bool losesInfo;
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return value.convertToDouble();
  }

  /// The fewest fraction bits e with w * 2^e an integer, if there are at
  /// most `limit`: w is then the dyadic fraction m / 2^e.
  static std::optional<int> fractionBitsOf(const APFloat &w, int limit) {
    double d = exactValue(w);
    for (int e = 0; e <= limit; ++e)
      if (double scaled = std::ldexp(d, e); scaled == std::trunc(scaled))
        return e;
    return std::nullopt;
  }

  /// Switches `compute` to 16-bit fixed point, and the weight tables to
  /// integers, when that gives float32's result bit for bit: X is an
  /// integer type and every weight a compile-time dyadic fraction m / 2^e
  /// (scales of 2, 4 or 8 give e = 1, 2, 3). With m_a the largest e of axis
  /// a and M the sum of the m_a, each weight w of axis a becomes the
  /// integer w * 2^m_a, and the float32 sum is the integer sum s over 2^M.
  /// Each product of weights is an integer below 2^M over 2^M, each term
  /// that times X, so while the bound on |s| is below 2^15 (8-bit X, at
  /// most 7 fraction bits) every term and partial sum is a multiple of
  /// 2^-M well inside float32's 24 bits: float32 computes s / 2^M exactly,
  /// and truncating it toward zero is what converting it does. Wider X
  /// stays in float32: 32-bit integer multiplies cost more than the fused
  /// multiply-adds they would replace.
  static void tryFixedPoint(OpBuilder &b, Location loc, ComputeType &compute,
                            MutableArrayRef<std::array<Value, 4>> tables) {
    auto integerType = dyn_cast<IntegerType>(compute.elementType);
    if (!integerType || integerType.getWidth() > 8)
      return;
    unsigned bits = integerType.getWidth();
    // The largest |X| and, over it, the largest |s|.
    int64_t bound = compute.isUnsigned ? (int64_t(1) << bits) - 1
                                       : int64_t(1) << (bits - 1);
    constexpr int kMaxFractionBits = 14;
    int64_t fractionBits = 0;
    SmallVector<std::array<SmallVector<int16_t>, 2>> scaled;
    for (const std::array<Value, 4> &axis : tables) {
      std::array<SmallVector<APFloat>, 2> weights;
      int exponent = 0;
      for (int which : {0, 1}) {
        DenseFPElementsAttr values;
        if (!matchPattern(axis[2 + which], m_Constant(&values)))
          return;
        llvm::append_range(weights[which], values.getValues<APFloat>());
        for (const APFloat &w : weights[which]) {
          std::optional<int> e = fractionBitsOf(w, kMaxFractionBits);
          if (!e)
            return;
          exponent = std::max(exponent, *e);
        }
      }
      // Scaled weights, and the largest sum of an output's two of them:
      // 2^exponent, unless the scale sends no output between two inputs.
      std::array<SmallVector<int16_t>, 2> axisScaled;
      int64_t largestSum = 0;
      for (auto [w0, w1] : llvm::zip_equal(weights[0], weights[1])) {
        auto toScaled = [&](const APFloat &w) -> int16_t {
          return static_cast<int16_t>(std::ldexp(exactValue(w), exponent));
        };
        axisScaled[0].push_back(toScaled(w0));
        axisScaled[1].push_back(toScaled(w1));
        largestSum = std::max<int64_t>(largestSum, axisScaled[0].back() +
                                                       axisScaled[1].back());
      }
      bound *= largestSum;
      if (bound > std::numeric_limits<int16_t>::max())
        return;
      fractionBits += exponent;
      scaled.push_back(std::move(axisScaled));
    }
    // Every axis has an output whose scaled weights sum to 2^exponent, so
    // the bound covers 2^fractionBits too.
    compute.fixedType = b.getI16Type();
    compute.fractionBits = fractionBits;
    for (auto [axis, values] : llvm::zip_equal(tables, scaled)) {
      for (int which : {0, 1}) {
        auto type = RankedTensorType::get(
            {static_cast<int64_t>(values[which].size())}, compute.fixedType);
        axis[2 + which] = arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(type, ArrayRef(values[which])));
      }
    }
  }

  /// docs/semantics.md's sum over the 2^k corners of the interpolated axes, in
  /// lexicographic corner order (the first interpolated axis varies
  /// slowest), each term (product of per-axis weights, in axis order) * X.
  /// `element(corner)` reads X at a corner, `weight(a, second)` is the
  /// weight of the interpolated axis a; `cornerActive` masks out corners
  /// (null: always taken). With `compute.exactTerms`, each term and its
  /// addition may contract into a fused multiply-add.
  static Value sumCorners(OpBuilder &b, Location loc, int64_t k,
                          function_ref<Value(int64_t)> element,
                          function_ref<Value(int64_t, bool)> weight,
                          ArrayRef<Value> cornerActive,
                          const ComputeType &compute) {
    // Integers in float32 are finite, and truncating the sum drops the
    // sign of a zero: so a term whose weight folds to 0 may go, and with
    // it the conversion of its corner. No flag here reorders an operation.
    auto weightMath = arith::FastMathFlags::none;
    if (!compute.fixedType && isa<IntegerType>(compute.elementType))
      weightMath = arith::FastMathFlags::nnan | arith::FastMathFlags::ninf |
                   arith::FastMathFlags::nsz;
    auto fastMath = compute.exactTerms
                        ? weightMath | arith::FastMathFlags::contract
                        : weightMath;
    SmallVector<Value> acc;
    for (int64_t corner = 0; corner < (int64_t(1) << k); ++corner) {
      Value w;
      for (int64_t a = 0; a < k; ++a) {
        bool second = (corner >> (k - 1 - a)) & 1;
        Value wa = weight(a, second);
        w = w ? compute.multiply(b, loc, w, wa, weightMath) : wa;
      }
      SmallVector<Value> parts = compute.toCompute(b, loc, element(corner));
      for (auto [i, part] : llvm::enumerate(parts)) {
        Value term = compute.multiply(b, loc, w, part, fastMath);
        if (corner == 0) {
          acc.push_back(term);
          continue;
        }
        Value sum = compute.add(b, loc, acc[i], term, fastMath);
        Value active = cornerActive.empty() ? Value() : cornerActive[corner];
        acc[i] =
            active ? arith::SelectOp::create(b, loc, active, sum, acc[i]) : sum;
      }
    }
    return compute.fromCompute(b, loc, acc);
  }

  /// Linear interpolation of the output region at `offsets` (non-zero only
  /// on interpolated axes) of `sizes`, written into `dest`: per output
  /// element, the taps and weights of each interpolated axis come from its
  /// tables and X is gathered at the corners. Where `anyInterpolates` (an
  /// i1, or null for always) is false, every scale is 1 at run time and the
  /// output is X itself.
  static Value buildGatheredRegion(OpBuilder &b, Location loc, Value input,
                                   ArrayRef<int64_t> interpolated,
                                   ArrayRef<std::array<Value, 4>> tables,
                                   ArrayRef<Value> cornerActive,
                                   Value anyInterpolates,
                                   const ComputeType &compute,
                                   ArrayRef<OpFoldResult> offsets,
                                   ArrayRef<OpFoldResult> sizes, Value dest) {
    int64_t rank = sizes.size();
    int64_t k = interpolated.size();
    // The whole output needs no slicing (and empty tensors admit none).
    bool whole = llvm::all_of(offsets, isZeroInteger);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (auto [a, d] : llvm::enumerate(interpolated)) {
      for (Value table : tables[a]) {
        inputs.push_back(whole ? table
                               : tensor::ExtractSliceOp::create(
                                     b, loc, table, {offsets[d]}, {sizes[d]},
                                     {b.getIndexAttr(1)})
                                     .getResult());
        maps.push_back(AffineMap::get(rank, 0, b.getAffineDimExpr(d)));
      }
    }
    maps.push_back(b.getMultiDimIdentityMap(rank));
    SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
    Value region = whole ? dest
                         : tensor::ExtractSliceOp::create(b, loc, dest, offsets,
                                                          sizes, strides)
                               .getResult();
    auto generic = linalg::GenericOp::create(
        b, loc, region.getType(), inputs, region, maps,
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          // Axes that are not interpolated are never cut: local = global.
          SmallVector<Value> identity;
          for (int64_t d = 0; d < rank; ++d)
            identity.push_back(linalg::IndexOp::create(nb, nloc, d));
          SmallVector<std::array<Value, 2>> taps;
          for (int64_t a = 0; a < k; ++a)
            taps.push_back({tableEntryToIndex(nb, nloc, args[4 * a]),
                            tableEntryToIndex(nb, nloc, args[4 * a + 1])});
          auto element = [&](int64_t corner) -> Value {
            SmallVector<Value> indices = identity;
            for (int64_t a = 0; a < k; ++a) {
              bool second = (corner >> (k - 1 - a)) & 1;
              indices[interpolated[a]] = taps[a][second ? 1 : 0];
            }
            return tensor::ExtractOp::create(nb, nloc, input, indices);
          };
          auto weight = [&](int64_t a, bool second) -> Value {
            return args[4 * a + (second ? 3 : 2)];
          };
          Value sum =
              sumCorners(nb, nloc, k, element, weight, cornerActive, compute);
          if (anyInterpolates) {
            // X at the output's own position (the shapes are equal then);
            // the taps otherwise, so that the read stays in bounds.
            SmallVector<Value> indices = identity;
            for (int64_t a = 0; a < k; ++a)
              indices[interpolated[a]] =
                  arith::SelectOp::create(nb, nloc, anyInterpolates, taps[a][0],
                                          identity[interpolated[a]]);
            Value x = tensor::ExtractOp::create(nb, nloc, input, indices);
            sum = arith::SelectOp::create(nb, nloc, anyInterpolates, sum, x);
          }
          linalg::YieldOp::create(nb, nloc, sum);
        });
    if (whole)
      return generic.getResult(0);
    return tensor::InsertSliceOp::create(b, loc, generic.getResult(0), dest,
                                         offsets, sizes, strides);
  }

  /// Whether `table` is a constant whose first `repeats` * `period` entries
  /// repeat its first `period` bit for bit.
  static bool hasPeriod(Value table, int64_t repeats, int64_t period) {
    DenseElementsAttr values;
    if (!matchPattern(table, m_Constant(&values)))
      return false;
    // Float attributes compare bit for bit.
    auto entries = values.getValues<Attribute>();
    for (int64_t i = 1; i < repeats; ++i)
      for (int64_t r = 0; r < period; ++r)
        if (entries[i * period + r] != entries[r])
          return false;
    return true;
  }

  /// The first `period` entries of a constant weight table, as a constant,
  /// when its first `repeats` * `period` entries repeat them bit for bit;
  /// else null.
  static Value getPeriod(OpBuilder &b, Location loc, Value table,
                         int64_t repeats, int64_t period) {
    DenseElementsAttr values;
    if (!hasPeriod(table, repeats, period) ||
        !matchPattern(table, m_Constant(&values)))
      return nullptr;
    SmallVector<Attribute> entries(llvm::drop_end(
        values.getValues<Attribute>(), values.getNumElements() - period));
    auto type = RankedTensorType::get(
        {period}, cast<RankedTensorType>(table.getType()).getElementType());
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(type, entries));
  }

  /// How the interior reads the last interpolated axis when it is the
  /// tensor's innermost.
  enum class InnermostForm {
    /// Like every other axis: X shifted by 0 and 1, the weights by (i, r).
    Affine,
    /// Through the axis's tables over its whole output length, last input
    /// element included: each output row is one loop of whole vectors,
    /// which onnx-specialize-gathers turns into loads and shuffles, instead
    /// of vectors and a short tail beside a separate edge column.
    /// Streaming stores need that: a row end written with ordinary stores
    /// between non-temporal ones costs a read of its line from memory,
    /// which stalls the streaming stores queued behind it.
    Gathered,
    /// Factors up to kMaxPhases: one loop over every input element j and
    /// its phases r. The taps are X[j] and X[min(j + 1, n - 1)] (through an
    /// input-length table), and each phase's sum is a value of its own,
    /// selected by r. Once vectorized, the sums are computed once per input
    /// element and the selection interleaves them (onnx-flatten-vectors),
    /// instead of permuting the taps into every output lane first. A phase's
    /// weights
    /// are constants of the body, save where the last input element's
    /// differ (its taps are both X[n - 1], weighted 0.5 and 0.5): those are
    /// read from an input-length table, so that every output sums the
    /// very terms semantics.md gives it. In fixed point the constants
    /// serve the last element too: both its taps read X[n - 1], and a
    /// phase's scaled weights add up to the edge's (2^m for this axis's m
    /// fraction bits), so the exact integer sum is the same.
    Phases,
    /// Phases over the interior input elements (j < n - 1) of a row too
    /// long to unroll, whose second taps would be real gathers: both taps
    /// affine, the weights constants, and the last input element a slab,
    /// as in Affine.
    AffinePhases,
  };

  /// The largest innermost factor computed by phases. Each phase is a sum
  /// and a select of its own, so their cost grows with the factor while a
  /// gather's does not: tuned with benchmarks/sweep.py's linear x4 and x8.
  static constexpr int64_t kMaxPhases = 4;

  /// The interior of an upsampling by integer factors: outputs whose taps
  /// are (i, i + 1) on every interpolated axis. Each corner is X shifted by
  /// its offsets, each weight a table read at k * i + r: affine maps only,
  /// so every read is a contiguous or broadcast vector load, no gather
  /// (but see `innermost`, for the last interpolated axis when it is the
  /// tensor's innermost).
  static Value buildStencilInterior(OpBuilder &b, Location loc, Value input,
                                    ArrayRef<Axis> axes,
                                    ArrayRef<int64_t> interpolated,
                                    ArrayRef<int64_t> factors,
                                    ArrayRef<std::array<Value, 4>> tables,
                                    const ComputeType &compute,
                                    InnermostForm innermost, Value dest) {
    int64_t rank = axes.size();
    int64_t k = interpolated.size();
    int64_t last = interpolated.back();
    int64_t gathered = innermost == InnermostForm::Gathered ? last : -1;
    bool phases = innermost == InnermostForm::Phases ||
                  innermost == InnermostForm::AffinePhases;
    // Phases over the whole row, the second taps through a table.
    bool wholeRow = innermost == InnermostForm::Phases;
    auto factorOf = [&](int64_t d) -> int64_t {
      auto it = llvm::find(interpolated, d);
      if (it == interpolated.end() || d == gathered)
        return 0;
      return factors[it - interpolated.begin()];
    };
    // Input elements the interior covers along an axis with factor f: all
    // but the last, save with phases along the last axis.
    auto interiorLength = [&](int64_t d) -> int64_t {
      int64_t n = *axes[d].staticIn();
      return wholeRow && d == last ? n : n - 1;
    };

    // The interior, viewed with one (i, r) pair per interpolated axis.
    SmallVector<OpFoldResult> sizes, expandedSizes;
    SmallVector<ReassociationIndices> reassociation;
    SmallVector<int64_t> firstLoop;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t loop = expandedSizes.size();
      firstLoop.push_back(loop);
      if (int64_t f = factorOf(d)) {
        sizes.push_back(b.getIndexAttr(f * interiorLength(d)));
        expandedSizes.push_back(b.getIndexAttr(interiorLength(d)));
        expandedSizes.push_back(b.getIndexAttr(f));
        reassociation.push_back({loop, loop + 1});
      } else {
        sizes.push_back(axes[d].outLength);
        expandedSizes.push_back(axes[d].outLength);
        reassociation.push_back({loop});
      }
    }
    int64_t loops = expandedSizes.size();
    SmallVector<OpFoldResult> zeros(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> ones(rank, b.getIndexAttr(1));
    Value interior =
        tensor::ExtractSliceOp::create(b, loc, dest, zeros, sizes, ones);
    SmallVector<int64_t> staticExpanded;
    SmallVector<Value> dynamicExpanded;
    dispatchIndexOpFoldResults(expandedSizes, dynamicExpanded, staticExpanded);
    auto expandedType = RankedTensorType::get(
        staticExpanded,
        cast<RankedTensorType>(dest.getType()).getElementType());
    Value expanded = tensor::ExpandShapeOp::create(
        b, loc, expandedType, interior, reassociation, expandedSizes);

    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    // Corners: X shifted by 0 or 1 along each interpolated axis, as inputs.
    // A gathered axis reads every corner in the body instead (the taps of
    // that axis, inputs here, give its indices); with phases, the corners
    // taking the second tap of the last axis are read in the body, through
    // that axis's clamped second taps at each input element.
    int64_t corners = int64_t(1) << k;
    AffineMap lastAxisMap = AffineMap::get(
        loops, 0, b.getAffineDimExpr(firstLoop[last]), b.getContext());
    if (gathered >= 0) {
      for (Value table : ArrayRef(tables[k - 1]).take_front(2)) {
        inputs.push_back(table);
        maps.push_back(lastAxisMap);
      }
    } else {
      SmallVector<AffineExpr> xExprs;
      SmallVector<OpFoldResult> xSizes;
      for (int64_t d = 0; d < rank; ++d) {
        xExprs.push_back(b.getAffineDimExpr(firstLoop[d]));
        xSizes.push_back(factorOf(d) ? b.getIndexAttr(interiorLength(d))
                                     : axes[d].inLength);
      }
      AffineMap xMap = AffineMap::get(loops, 0, xExprs, b.getContext());
      for (int64_t corner = 0; corner < corners; ++corner) {
        if (wholeRow && (corner & 1))
          continue;
        SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
        for (int64_t a = 0; a < k; ++a)
          if ((corner >> (k - 1 - a)) & 1)
            offsets[interpolated[a]] = b.getIndexAttr(1);
        inputs.push_back(tensor::ExtractSliceOp::create(b, loc, input, offsets,
                                                        xSizes, ones));
        maps.push_back(xMap);
      }
      if (wholeRow) {
        int64_t n = *axes[last].staticIn();
        SmallVector<int64_t> secondTaps;
        for (int64_t i = 0; i < n; ++i)
          secondTaps.push_back(std::min(i + 1, n - 1));
        inputs.push_back(constantIndexTable(
            b, loc, getIndexTableType(b, axes[last].staticIn()), secondTaps));
        maps.push_back(lastAxisMap);
      }
    }
    int64_t firstWeight = inputs.size();
    // Weights: w0 and w1 of each interpolated axis at output i * k + r,
    // the tables seen as [n, k] so that the maps are projections the
    // vectorizer turns into plain loads. A table whose interior repeats
    // with period k (a power-of-two factor divides exactly) is read at r
    // alone: its weights are then constants of the loop over i. A gathered
    // axis reads its tables whole; the phases of the last axis are
    // constants of the body.
    for (auto [a, d] : llvm::enumerate(interpolated)) {
      if (d == gathered) {
        for (int which : {2, 3}) {
          inputs.push_back(tables[a][which]);
          maps.push_back(lastAxisMap);
        }
        continue;
      }
      if (phases && d == last)
        continue;
      int64_t n = *axes[d].staticIn(), f = factors[a];
      AffineMap map = AffineMap::get(loops, 0,
                                     {b.getAffineDimExpr(firstLoop[d]),
                                      b.getAffineDimExpr(firstLoop[d] + 1)},
                                     b.getContext());
      for (int which : {2, 3}) {
        Value table = tables[a][which];
        auto tableType = cast<RankedTensorType>(table.getType());
        if (Value period = getPeriod(b, loc, table, n - 1, f)) {
          inputs.push_back(period);
          maps.push_back(AffineMap::get(loops, 0,
                                        {b.getAffineDimExpr(firstLoop[d] + 1)},
                                        b.getContext()));
          continue;
        }
        Value byInput = tensor::ExpandShapeOp::create(
            b, loc, RankedTensorType::get({n, f}, tableType.getElementType()),
            table, SmallVector<ReassociationIndices>{{0, 1}},
            SmallVector<OpFoldResult>{b.getIndexAttr(n), b.getIndexAttr(f)});
        inputs.push_back(tensor::ExtractSliceOp::create(
            b, loc, byInput, {b.getIndexAttr(0), b.getIndexAttr(0)},
            {b.getIndexAttr(n - 1), b.getIndexAttr(f)},
            {b.getIndexAttr(1), b.getIndexAttr(1)}));
        maps.push_back(map);
      }
    }
    // The weights of each phase of the last axis: its tables' period, as
    // constants of the body, or as input-length tables (input
    // `phaseTables[r][which]`) where the last input element's differ.
    SmallVector<std::array<Attribute, 2>> phaseWeights;
    SmallVector<std::array<int64_t, 2>> phaseTables;
    if (phases) {
      int64_t n = *axes[last].staticIn(), f = factors.back();
      for (int64_t r = 0; r < f; ++r) {
        std::array<Attribute, 2> weights;
        std::array<int64_t, 2> tableInputs = {-1, -1};
        for (int which : {0, 1}) {
          DenseElementsAttr values;
          bool isConstant =
              matchPattern(tables[k - 1][2 + which], m_Constant(&values));
          assert(isConstant && "phases need compile-time weights");
          (void)isConstant;
          auto all = values.getValues<Attribute>();
          weights[which] = all[r];
          if (!wholeRow || compute.fixedType || all[f * (n - 1) + r] == all[r])
            continue;
          SmallVector<Attribute> byInput(n, all[r]);
          byInput.back() = all[f * (n - 1) + r];
          tableInputs[which] = inputs.size();
          inputs.push_back(arith::ConstantOp::create(
              b, loc,
              DenseElementsAttr::get(
                  RankedTensorType::get({n}, values.getElementType()),
                  byInput)));
          maps.push_back(lastAxisMap);
        }
        phaseWeights.push_back(weights);
        phaseTables.push_back(tableInputs);
      }
    }
    maps.push_back(b.getMultiDimIdentityMap(loops));
    auto generic = linalg::GenericOp::create(
        b, loc, expandedType, inputs, expanded, maps,
        SmallVector<utils::IteratorType>(loops, utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          SmallVector<Value> positions;
          Value one;
          if (gathered >= 0 || wholeRow) {
            for (int64_t d = 0; d < rank; ++d)
              positions.push_back(
                  linalg::IndexOp::create(nb, nloc, firstLoop[d]));
            one = arith::ConstantIndexOp::create(nb, nloc, 1);
          }
          // X at a corner read in the body: the interpolated axes at their
          // position, plus one for a second tap, save the gathered axis
          // (both taps) or the phases' axis (second tap) through its table.
          auto readCorner = [&](int64_t corner, Value firstTap,
                                Value secondTap) -> Value {
            SmallVector<Value> indices = positions;
            for (int64_t a = 0; a < k; ++a) {
              bool second = (corner >> (k - 1 - a)) & 1;
              int64_t d = interpolated[a];
              if (d == gathered || (wholeRow && d == last))
                indices[d] = second     ? tableEntryToIndex(nb, nloc, secondTap)
                             : firstTap ? tableEntryToIndex(nb, nloc, firstTap)
                                        : indices[d];
              else if (second)
                indices[d] = arith::AddIOp::create(nb, nloc, indices[d], one);
            }
            return tensor::ExtractOp::create(nb, nloc, input, indices);
          };
          auto element = [&](int64_t corner) -> Value {
            if (gathered >= 0)
              return readCorner(corner, args[0], args[1]);
            if (!wholeRow)
              return args[corner];
            if (corner & 1)
              return readCorner(corner, Value(), args[firstWeight - 1]);
            return args[corner >> 1];
          };
          auto weight = [&](int64_t a, bool second) {
            return args[firstWeight + 2 * a + (second ? 1 : 0)];
          };
          if (!phases) {
            linalg::YieldOp::create(
                nb, nloc,
                sumCorners(nb, nloc, k, element, weight, {}, compute));
            return;
          }
          // One sum per phase of the last axis, selected by the phase.
          Value phase = linalg::IndexOp::create(nb, nloc, firstLoop[last] + 1);
          Value result;
          for (int64_t r = factors.back() - 1; r >= 0; --r) {
            auto phaseWeight = [&](int64_t a, bool second) -> Value {
              if (a < k - 1)
                return weight(a, second);
              if (int64_t table = phaseTables[r][second ? 1 : 0]; table >= 0)
                return args[table];
              return arith::ConstantOp::create(
                  nb, nloc, cast<TypedAttr>(phaseWeights[r][second ? 1 : 0]));
            };
            Value sum =
                sumCorners(nb, nloc, k, element, phaseWeight, {}, compute);
            if (!result) {
              result = sum;
              continue;
            }
            Value isPhase = arith::CmpIOp::create(
                nb, nloc, arith::CmpIPredicate::eq, phase,
                arith::ConstantIndexOp::create(nb, nloc, r));
            result = arith::SelectOp::create(nb, nloc, isPhase, sum, result);
          }
          linalg::YieldOp::create(nb, nloc, result);
        });
    Value computed = tensor::CollapseShapeOp::create(
        b, loc, generic.getResult(0), reassociation);
    return tensor::InsertSliceOp::create(b, loc, computed, dest, zeros, sizes,
                                         ones);
  }

  static Value lowerLinear(OpBuilder &b, Location loc, Value input,
                           ArrayRef<Axis> axes, ComputeType compute) {
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    SmallVector<OpFoldResult> outSizes =
        llvm::map_to_vector(axes, [](const Axis &a) { return a.outLength; });

    // Interpolated axes: s != 1 when known; every axis when scales are run
    // time values (a scale of 1 then masks out the axis' second corners).
    SmallVector<int64_t> interpolated;
    for (int64_t d = 0; d < rank; ++d)
      if (!axes[d].isCopy())
        interpolated.push_back(d);
    if (interpolated.empty())
      return input;
    int64_t k = interpolated.size();

    SmallVector<std::array<Value, 4>> tables;
    for (int64_t d : interpolated)
      tables.push_back(buildLinearTables(b, loc, axes[d], compute.type));
    compute.exactTerms = hasExactWeights(tables);
    tryFixedPoint(b, loc, compute, tables);

    // Whether each corner takes part: a corner taking the second tap of an
    // axis whose run-time scale is 1 does not.
    SmallVector<Value> cornerActive;
    Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
    SmallVector<Value> axisInterpolates;
    for (int64_t d : interpolated)
      axisInterpolates.push_back(
          axes[d].scale
              ? Value()
              : arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE,
                                      axes[d].scaleValue, one)
                    .getResult());
    if (llvm::any_of(axisInterpolates, [](Value v) { return bool(v); })) {
      for (int64_t corner = 0; corner < (int64_t(1) << k); ++corner) {
        Value active;
        for (int64_t a = 0; a < k; ++a) {
          bool second = (corner >> (k - 1 - a)) & 1;
          if (!second || !axisInterpolates[a])
            continue;
          active = active ? arith::AndIOp::create(b, loc, active,
                                                  axisInterpolates[a])
                          : axisInterpolates[a];
        }
        cornerActive.push_back(active);
      }
    }
    // When every scale is a run-time 1, the output is X: exactly, even
    // where float32 would round it (integers beyond 2^24). Only types that
    // the compute type cannot hold need the check.
    Value anyInterpolates;
    auto integerType = dyn_cast<IntegerType>(compute.elementType);
    if (integerType && !compute.fixedType &&
        integerType.getWidth() >
            static_cast<unsigned>(compute.type.getFPMantissaWidth()) &&
        llvm::all_of(axisInterpolates, [](Value v) { return bool(v); })) {
      for (Value interpolates : axisInterpolates)
        anyInterpolates =
            anyInterpolates
                ? arith::OrIOp::create(b, loc, anyInterpolates, interpolates)
                : interpolates;
    }

    Value dest = onnx_to_linalg::createEmptyLike(b, loc, outSizes,
                                                 inputType.getElementType());
    SmallVector<OpFoldResult> zeros(rank, b.getIndexAttr(0));

    // Integer factors known at compile time: the interior (affine reads,
    // save along a gathered innermost axis), then the last input slab of
    // each other interpolated axis, through the tables.
    SmallVector<int64_t> factors;
    for (int64_t d : interpolated)
      if (auto f = getLinearRepeatFactor(axes[d], compute.type.isF64()))
        factors.push_back(*f);
    if (factors.size() != interpolated.size())
      return buildGatheredRegion(b, loc, input, interpolated, tables,
                                 cornerActive, anyInterpolates, compute, zeros,
                                 outSizes, dest);

    // The innermost axis is read through its tables when a whole output row
    // is short enough for onnx-specialize-gathers to unroll into loads and
    // shuffles, whatever the target's vector width. (Complex elements are
    // not vectorized; their bit width does not matter.) Factors of up to
    // kMaxPhases there are computed by phases (see InnermostForm::Phases),
    // which also read their second taps through a table; in longer rows,
    // by phases over the interior.
    Type elementType = inputType.getElementType();
    int64_t elementBits =
        elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 64;
    InnermostForm innermost = InnermostForm::Affine;
    if (interpolated.back() == rank - 1) {
      bool unrolled = *axes.back().staticOut() <=
                      getMaxUnrolledGatherRowLength(elementBits);
      // Phases take their weights from the tables at compile time (longer
      // axes compute their tables at run time), one set per phase: the
      // interior's weights must repeat with the factor, as they do where
      // float32(o) / s is exact (x2, x4; not x3).
      int64_t f = factors.back(), n = *axes.back().staticIn();
      bool periodicWeights =
          llvm::all_of(ArrayRef(tables.back()).drop_front(2),
                       [&](Value table) { return hasPeriod(table, n - 1, f); });
      if (f <= kMaxPhases && periodicWeights)
        innermost =
            unrolled ? InnermostForm::Phases : InnermostForm::AffinePhases;
      else if (unrolled)
        innermost = InnermostForm::Gathered;
    }
    dest = buildStencilInterior(b, loc, input, axes, interpolated, factors,
                                tables, compute, innermost, dest);
    // Slab a: the last input element's outputs along interpolated axis a,
    // the interior along the axes before it, everything along those after.
    // The innermost axis has none if its interior covers it whole.
    int64_t slabs = innermost == InnermostForm::Affine ||
                            innermost == InnermostForm::AffinePhases
                        ? k
                        : k - 1;
    for (int64_t a = 0; a < slabs; ++a) {
      SmallVector<OpFoldResult> offsets = zeros, sizes = outSizes;
      for (int64_t before = 0; before < a; ++before) {
        int64_t d = interpolated[before];
        sizes[d] = b.getIndexAttr(factors[before] * (*axes[d].staticIn() - 1));
      }
      int64_t d = interpolated[a];
      offsets[d] = b.getIndexAttr(factors[a] * (*axes[d].staticIn() - 1));
      sizes[d] = b.getIndexAttr(factors[a]);
      dest = buildGatheredRegion(b, loc, input, interpolated, tables, {},
                                 Value(), compute, offsets, sizes, dest);
    }
    return dest;
  }
};
} // namespace

void onnxc::onnx_to_linalg::populateUpsampleToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<UpsampleLowering>(typeConverter, patterns.getContext());
}
