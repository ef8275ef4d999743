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
// are computed by small linalg.generic ops otherwise. Linear interpolation
// is in UpsampleLinear.cpp and UpsampleStencil.cpp.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "UpsampleLowering.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;
using namespace onnxc::onnx_to_linalg::resampling;
using namespace onnxc::onnx_to_linalg::upsample;
namespace upsample = onnxc::onnx_to_linalg::upsample;

//===----------------------------------------------------------------------===//
// Compile-time evaluation of docs/semantics.md's formulas (IEEE float32
// throughout)
//===----------------------------------------------------------------------===//

static int64_t nearestIndex(int64_t o, float scale, int64_t n) {
  if (scale == 1.0f)
    return o;
  float coordinate = static_cast<float>(o) / scale;
  return std::min(static_cast<int64_t>(coordinate), n - 1);
}

LinearTaps upsample::linearTaps(int64_t o, float scale, int64_t n,
                                bool computeInF64) {
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
// Tables
//===----------------------------------------------------------------------===//

/// Float32 view of an index: float32(o), rounded as the C conversion does.
static Value indexToF32(OpBuilder &b, Location loc, Value index) {
  Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return arith::SIToFPOp::create(b, loc, b.getF32Type(), i64);
}

static Value f32ToIndex(OpBuilder &b, Location loc, Value value) {
  Value i64 = arith::FPToSIOp::create(b, loc, b.getI64Type(), value);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), i64);
}
/// Nearest-neighbour index table of an axis.
static Value buildNearestTable(OpBuilder &b, Location loc, const Axis &axis) {
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

std::array<Value, 4> upsample::buildLinearTables(OpBuilder &b, Location loc,
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

std::optional<int64_t> upsample::getIntegerFactor(const Axis &axis) {
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

//===----------------------------------------------------------------------===//
// The lowering
//===----------------------------------------------------------------------===//

namespace {

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
    } else if (op.getMode() == UpsampleMode::linear) {
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
};
} // namespace

void onnxc::onnx_to_linalg::populateUpsampleToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<UpsampleLowering>(typeConverter, patterns.getContext());
}
