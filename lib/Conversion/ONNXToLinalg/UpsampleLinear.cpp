//===- UpsampleLinear.cpp - Upsample's linear interpolation -------------===//
//
// docs/semantics.md's linear Upsample: a weighted sum over the corners of
// the interpolated axes, in float32 (f64 for f64; 16-bit fixed point for
// 8-bit integers where that is exact). Integer factors known at compile
// time compute the interior with affine reads (UpsampleStencil.cpp) and
// the last input element of each axis through the tables; other scales
// gather every output's taps through the tables.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "UpsampleLowering.h"
#include "onnxc/Codegen/GatherRows.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx_to_linalg::resampling;
using namespace onnxc::onnx_to_linalg::upsample;
namespace upsample = onnxc::onnx_to_linalg::upsample;

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

Value upsample::sumCorners(OpBuilder &b, Location loc, int64_t k,
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
static Value buildGatheredRegion(
    OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> interpolated,
    ArrayRef<std::array<Value, 4>> tables, ArrayRef<Value> cornerActive,
    Value anyInterpolates, const ComputeType &compute,
    ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes, Value dest) {
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

Value upsample::lowerLinear(OpBuilder &b, Location loc, Value input,
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
  // 32-bit integer multiplies cost more than the float32 fused
  // multiply-adds they would replace: only 16-bit fixed point pays.
  SmallVector<MutableArrayRef<Value>> weights;
  for (std::array<Value, 4> &axis : tables)
    weights.push_back(MutableArrayRef<Value>(axis).drop_front(2));
  tryFixedPoint(b, loc, compute, weights, /*widths=*/{16},
                /*rationals=*/false);

  // Whether each corner takes part: a corner taking the second tap of an
  // axis whose run-time scale is 1 does not.
  SmallVector<Value> cornerActive;
  Value one = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1.0f));
  SmallVector<Value> axisInterpolates;
  for (int64_t d : interpolated)
    axisInterpolates.push_back(
        axes[d].scale ? Value()
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
        active =
            active ? arith::AndIOp::create(b, loc, active, axisInterpolates[a])
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
    bool unrolled =
        *axes.back().staticOut() <= getMaxUnrolledGatherRowLength(elementBits);
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
    dest = buildGatheredRegion(b, loc, input, interpolated, tables, {}, Value(),
                               compute, offsets, sizes, dest);
  }
  return dest;
}
