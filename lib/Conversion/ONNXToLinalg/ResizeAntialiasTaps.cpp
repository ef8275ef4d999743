//===- ResizeAntialiasTaps.cpp - The taps of antialiased axes -------------===//
//
// The positions and weights of each output's taps, by the antialias
// filter's rule (docs/semantics.md): as constant tables, as tables computed
// at the kernel's entry, or as a table over [outputs, taps] when the count
// is known only at run time.
//
//===----------------------------------------------------------------------===//

#include "ResizeAntialiasTaps.h"
#include "ONNXToLinalgPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace onnxc::onnx;
using namespace onnxc::onnx_to_linalg::resampling;
using namespace onnxc::onnx_to_linalg::resize;
using namespace onnxc::onnx::resize_rules;

namespace {

/// The `count` taps from `start` of output position `o`: their indices
/// (clamped to the input) and their weights divided by their sum, the
/// normalization done once per output position.
template <typename Arithmetic>
std::pair<SmallVector<typename Arithmetic::Number>,
          SmallVector<typename Arithmetic::Number>>
getGatheredTaps(Arithmetic &m, const ResizeOperands &resize,
                const AxisValues<Arithmetic> &values,
                typename Arithmetic::Number o, double start, int64_t count) {
  using Number = typename Arithmetic::Number;
  Number x = sourceCoordinate(m, resize.coordinateMode, o, values);
  Number base = m.floor(x);
  Number zero = m.constant(0.0);
  Number last = m.sub(values.inLength, m.constant(1.0));
  SmallVector<Number> indices, weights;
  Number total{};
  for (int64_t t = 0; t < count; ++t) {
    Number offset = m.constant(start + static_cast<double>(t));
    Number position = m.add(base, offset);
    Number weight = getAntialiasWeight(m, resize, m.sub(offset, m.sub(x, base)),
                                       values.scale);
    if (resize.excludeOutside)
      weight = m.select(
          m.both(m.lessEqual(zero, position), m.lessEqual(position, last)),
          weight, zero);
    indices.push_back(m.max(zero, m.min(position, last)));
    weights.push_back(weight);
    total = t ? m.add(total, weight) : weight;
  }
  for (Number &weight : weights)
    weight = m.div(weight, total);
  return {indices, weights};
}

/// Whether every weight of output `o` is dyadic, a multiple of
/// 1 / kMaxFixedPointDenominator.
bool hasDyadicWeights(const ConstantTaps &taps, int64_t o) {
  return llvm::all_of(taps.weights, [&](ArrayRef<double> weights) {
    double scaled = weights[o] * double(kMaxFixedPointDenominator);
    return scaled == std::trunc(scaled);
  });
}

/// The most outputs at the ends of an axis that compute apart from its
/// dyadic interior (a bound on the pieces' code).
constexpr int64_t kMaxEdgeOutputs = 8;

} // namespace

/// For tf_crop_and_resize: 1 (i8) at the output positions of an axis whose
/// coordinate lies inside the input, 0 elsewhere.
Value onnxc::onnx_to_linalg::resize::buildInsideTable(
    OpBuilder &b, Location loc, const ResizeOperands &resize,
    const AxisValues<IRArithmetic> &values, Value outLength) {
  return buildAxisTables(
      b, loc, outLength, {b.getI8Type()},
      [&](OpBuilder &nb, Location nloc, Value o) -> SmallVector<Value> {
        IRArithmetic m{nb, nloc};
        Value x = sourceCoordinate(m, resize.coordinateMode,
                                   indexToF64(nb, nloc, o), values);
        Value inside =
            m.both(m.lessEqual(m.constant(0.0), x),
                   m.lessEqual(x, m.sub(values.inLength, m.constant(1.0))));
        return {arith::ExtUIOp::create(nb, nloc, nb.getI8Type(), inside)};
      })[0];
}

/// The taps of an axis over [out, count]: their indices (clamped to the
/// input) and unnormalized weights.
std::pair<Value, Value> onnxc::onnx_to_linalg::resize::buildTapTables(
    OpBuilder &b, Location loc, const ResizeOperands &resize,
    const AxisValues<IRArithmetic> &values, const ResizedAxis &axis,
    Value outLength, Value start, Value count, FloatType weightType) {
  Value n = values.inLength;
  SmallVector<OpFoldResult> sizes = {outLength, count};
  Value indexInit = createEmptyLike(b, loc, sizes, b.getIndexType());
  Value weightInit = createEmptyLike(b, loc, sizes, weightType);
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(2));
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{indexInit.getType(), weightInit.getType()},
      ValueRange{}, ValueRange{indexInit, weightInit}, maps,
      SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        IRArithmetic m{nb, nloc};
        Value o = indexToF64(nb, nloc, linalg::IndexOp::create(nb, nloc, 0));
        Value t = indexToF64(nb, nloc, linalg::IndexOp::create(nb, nloc, 1));
        Value x = sourceCoordinate(m, resize.coordinateMode, o, values);
        Value base = m.floor(x);
        Value offset = m.add(start, t);
        Value position = m.add(base, offset);
        Value weight = getAntialiasWeight(
            m, resize, m.sub(offset, m.sub(x, base)), axis.scale);
        Value zero = m.constant(0.0);
        Value last = m.sub(n, m.constant(1.0));
        if (resize.excludeOutside)
          weight = m.select(
              m.both(m.lessEqual(zero, position), m.lessEqual(position, last)),
              weight, zero);
        Value index = f64ToIndex(nb, nloc, m.max(zero, m.min(position, last)));
        if (!weightType.isF64())
          weight = arith::TruncFOp::create(nb, nloc, weightType, weight);
        linalg::YieldOp::create(nb, nloc, ValueRange{index, weight});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

/// The `count` taps from `start` of an axis whose lengths and scale compile
/// time knows (and no roi moves the coordinates), so that the tables are
/// constants and onnx-specialize-gathers sees their lanes. std::nullopt
/// otherwise, or past kMaxConstantTableLength outputs.
std::optional<ConstantTaps> onnxc::onnx_to_linalg::resize::computeConstantTaps(
    const ResizeOperands &resize, const ResizedAxis &axis,
    OpFoldResult outLength, std::optional<int64_t> inLength, double start,
    int64_t count) {
  std::optional<int64_t> out = getConstantIntValue(outLength);
  if (!inLength || !out || !axis.staticScale ||
      *out > kMaxConstantTableLength ||
      resize.coordinateMode == CoordinateTransformationMode::tf_crop_and_resize)
    return std::nullopt;
  ConstantArithmetic m;
  double n = double(*inLength), scale = *axis.staticScale;
  AxisValues<ConstantArithmetic> constants{
      n,   double(*out), scale, resize.scales ? scale * n : double(*out),
      0.0, 1.0};
  ConstantTaps taps;
  taps.indices.resize(count);
  taps.weights.resize(count);
  for (int64_t o = 0; o < *out; ++o) {
    auto [indices, weights] =
        getGatheredTaps(m, resize, constants, double(o), start, count);
    for (int64_t t = 0; t < count; ++t) {
      taps.indices[t].push_back(static_cast<int64_t>(indices[t]));
      taps.weights[t].push_back(weights[t]);
    }
  }
  return taps;
}

/// The constant tables of the outputs [lo, hi) of `taps`.
AxisTables onnxc::onnx_to_linalg::resize::buildConstantTables(
    OpBuilder &b, Location loc, const ConstantTaps &taps, int64_t lo,
    int64_t hi, Type indexType, FloatType weightType) {
  AxisTables result;
  for (auto [indices, weights] : llvm::zip_equal(taps.indices, taps.weights)) {
    result.indices.push_back(constantIndexTable(
        b, loc, indexType, ArrayRef(indices).slice(lo, hi - lo)));
    result.weights.push_back(constantWeightTable(
        b, loc, weightType, ArrayRef(weights).slice(lo, hi - lo)));
  }
  return result;
}

/// The tables of an axis whose `count` taps from `start` compile time
/// knows, but not their positions: per tap, its indices and its normalized
/// weights over the output positions, computed at the kernel's entry.
AxisTables onnxc::onnx_to_linalg::resize::buildGatheredTapTables(
    OpBuilder &b, Location loc, const ResizeOperands &resize,
    const AxisValues<IRArithmetic> &values, Value outLength, Type indexType,
    double start, int64_t count, FloatType weightType) {
  AxisTables result;
  SmallVector<Type> types(count, indexType);
  types.append(count, weightType);
  SmallVector<Value> tables = buildAxisTables(
      b, loc, outLength, types,
      [&](OpBuilder &nb, Location nloc, Value o) -> SmallVector<Value> {
        IRArithmetic m{nb, nloc};
        auto [taps, weights] = getGatheredTaps(
            m, resize, values, indexToF64(nb, nloc, o), start, count);
        SmallVector<Value> entries;
        for (Value tap : taps)
          entries.push_back(indexToTableEntry(nb, nloc, indexType,
                                              f64ToIndex(nb, nloc, tap)));
        for (Value weight : weights)
          entries.push_back(
              weightType.isF64()
                  ? weight
                  : arith::TruncFOp::create(nb, nloc, weightType, weight)
                        .getResult());
        return entries;
      });
  result.indices.assign(tables.begin(), tables.begin() + count);
  result.weights.assign(tables.begin() + count, tables.end());
  return result;
}

/// For an axis whose outputs all have dyadic weights but a few at each end
/// (exclude_outside renormalizes the edges' weights: sevenths at x0.5),
/// how many at the start and at the end do not. std::nullopt for an axis
/// with no such ends, or other outputs between them.
std::optional<std::pair<int64_t, int64_t>>
onnxc::onnx_to_linalg::resize::getNonDyadicEnds(const ConstantTaps &taps) {
  int64_t n = taps.getOutLength(), first = 0, last = n;
  while (first < n && !hasDyadicWeights(taps, first))
    ++first;
  while (last > first && !hasDyadicWeights(taps, last - 1))
    --last;
  if (first == last || (first == 0 && last == n) ||
      first + (n - last) > kMaxEdgeOutputs)
    return std::nullopt;
  for (int64_t o = first; o < last; ++o)
    if (!hasDyadicWeights(taps, o))
      return std::nullopt;
  return std::make_pair(first, n - last);
}
