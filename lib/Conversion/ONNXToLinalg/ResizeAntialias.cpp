//===- ResizeAntialias.cpp - Antialiased Resize as separable passes -------===//
//
// Antialias stretches the kernel by 1 / s when an axis shrinks, so an output
// reads a number of taps that grows with 1 / s and may be known only at run
// time. Each resized axis is therefore a pass of its own, and the passes
// chain through intermediates: the cost is the sum of the axes' taps rather
// than their product. Where compile time knows the number of taps (a
// constant scale), a pass is Resize's gather through one table per tap,
// its weights divided by their sum once per output position; otherwise a
// reduction over the taps, divided by the sum of their weights. Integers
// sum in fixed point where the weights allow; where only a few outputs at
// an axis's ends have weights that are not dyadic, those ends are pieces
// of their own, and the rest keeps narrow lanes and a rounding by shifts.
//
//===----------------------------------------------------------------------===//

#include "ResizeAntialias.h"
#include "ONNXToLinalgPatterns.h"
#include "ResizeAntialiasTaps.h"
#include "ResizeGather.h"
#include "onnxc/Dialect/ONNX/ResizeRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineMap.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;
using namespace onnxc::onnx_to_linalg;
using namespace onnxc::onnx_to_linalg::resampling;
using namespace onnxc::onnx_to_linalg::resize;
using namespace onnxc::onnx::resize_rules;

namespace {

/// The deepest loop nest a pass keeps its axes in. Past it, a pass views
/// its operand as [axes before `d`, `d`, axes after `d`]: the axes it leaves
/// alone move as whole blocks, so three loops do what one per axis did, and
/// compile time stays flat in the rank (a rank-16 cubic Resize took 25 s).
/// Not a speed threshold: the kernels that rank-4 images and feature maps
/// reach keep the loops their row and phase passes match.
constexpr int64_t kMaxPassRank = 4;

/// An elementwise generic from `input` to a tensor of `elementType`, over
/// one axis past kMaxPassRank.
Value mapElements(OpBuilder &b, Location loc, Value input, Type elementType,
                  function_ref<Value(OpBuilder &, Location, Value)> body) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<ReassociationIndices> groups;
  Value source = input;
  if (type.getRank() > kMaxPassRank) {
    groups.push_back(llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())));
    source = tensor::CollapseShapeOp::create(b, loc, input, groups);
  }
  int64_t rank = cast<RankedTensorType>(source.getType()).getRank();
  Value init = createEmptyLike(b, loc, tensor::getMixedSizes(b, loc, source),
                               elementType);
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  Value result =
      linalg::GenericOp::create(
          b, loc, init.getType(), source, init, maps,
          SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            linalg::YieldOp::create(nb, nloc, body(nb, nloc, args[0]));
          })
          .getResult(0);
  if (groups.empty())
    return result;
  return tensor::ExpandShapeOp::create(b, loc, type.clone(elementType), result,
                                       groups,
                                       tensor::getMixedSizes(b, loc, input));
}

/// The lanes fixed-point passes may sum in, narrowest first.
constexpr unsigned kFixedPointWidths[] = {16, 32, 64};

/// For passes in the fixed point of `fixed`, in order, through `weights`
/// (per pass, its integer weight tables): the narrowest lanes of
/// kFixedPointWidths that hold every sum each pass writes (|X| times the
/// largest sums of |weights| of the passes so far), its tables narrowed to
/// them.
SmallVector<IntegerType>
narrowPassWeights(OpBuilder &b, Location loc, const ComputeType &fixed,
                  ArrayRef<MutableArrayRef<Value>> weights) {
  unsigned bits = cast<IntegerType>(fixed.elementType).getWidth();
  APInt bound(128, fixed.isUnsigned ? (uint64_t(1) << bits) - 1
                                    : uint64_t(1) << (bits - 1));
  SmallVector<SmallVector<DenseIntElementsAttr>> constants;
  for (MutableArrayRef<Value> tables : weights) {
    constants.emplace_back();
    for (Value table : tables)
      if (!matchPattern(table, m_Constant(&constants.back().emplace_back())))
        return SmallVector<IntegerType>(weights.size(), fixed.fixedType);
  }
  SmallVector<IntegerType> types;
  for (auto [tables, passConstants] : llvm::zip_equal(weights, constants)) {
    SmallVector<int64_t> sums(passConstants.front().getNumElements(), 0);
    for (DenseIntElementsAttr constant : passConstants)
      for (auto [o, w] : llvm::enumerate(constant.getValues<APInt>()))
        sums[o] += std::abs(w.getSExtValue());
    bound *= APInt(128, *llvm::max_element(sums));
    const unsigned *width = llvm::find_if(kFixedPointWidths, [&](unsigned w) {
      return bits < w && bound.ult(APInt(128, 1) << (w - 1));
    });
    IntegerType type = width == std::end(kFixedPointWidths)
                           ? fixed.fixedType
                           : b.getIntegerType(*width);
    types.push_back(type);
    for (auto [table, constant] : llvm::zip_equal(tables, passConstants))
      table = arith::ConstantOp::create(
          b, loc, constant.mapValues(type, [&](const APInt &w) {
            return w.sextOrTrunc(type.getWidth());
          }));
  }
  return types;
}

/// Whether an axis maps every output to its own position: a scale of 1
/// known at compile time, a mode whose coordinate is then the position
/// itself, and equal lengths, known at compile time or checked by the
/// shape function.
bool isCopy(const ResizeOperands &resize, const ResizedAxis &axis,
            OpFoldResult outLength, OpFoldResult inLength) {
  std::optional<int64_t> in = getConstantIntValue(inLength);
  if (resize.getRunTimeFactor(axis.staticScale, !in, /*innermost=*/false) == 1)
    return true;
  return axis.staticScale && *axis.staticScale == 1.0 && in &&
         getConstantIntValue(outLength) == in &&
         resize.keepsPositionsAtScaleOne();
}

/// One gather pass: `current` resampled along axis `d` to `outLength`
/// through `tables`, with no extrapolation.
Value gatherAlongAxis(OpBuilder &b, Location loc, Value current, int64_t d,
                      const AxisTables &tables, OpFoldResult outLength,
                      const ComputeType &compute) {
  auto type = cast<RankedTensorType>(current.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, current);
  sizes[d] = outLength;
  if (rank <= kMaxPassRank) {
    if (Value channelsLast =
            buildChannelsLastGather(b, loc, current, {d}, {tables}, sizes,
                                    compute, /*extrapolation=*/0.0))
      return channelsLast;
    // The axes after `d`, which this pass moves whole, as one: a row of
    // the pass is then contiguous (a row of an HWC image along H: W * C
    // elements), read and written by plain vector loads and stores.
    if (d + 2 >= rank)
      return buildGather(b, loc, current, {d}, {tables}, sizes, compute,
                         /*extrapolation=*/0.0);
  }
  SmallVector<ReassociationIndices> groups;
  if (d > 0)
    groups.push_back(llvm::to_vector(llvm::seq<int64_t>(0, d)));
  groups.push_back({d});
  if (d + 1 < rank)
    groups.push_back(llvm::to_vector(llvm::seq<int64_t>(d + 1, rank)));
  int64_t axis = d > 0 ? 1 : 0;
  Value collapsed = tensor::CollapseShapeOp::create(b, loc, current, groups);
  SmallVector<OpFoldResult> collapsedSizes =
      tensor::getMixedSizes(b, loc, collapsed);
  collapsedSizes[axis] = outLength;
  Value gathered = buildGather(b, loc, collapsed, {axis}, {tables},
                               collapsedSizes, compute, /*extrapolation=*/0.0);
  SmallVector<int64_t> staticSizes;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
  auto resultType = RankedTensorType::get(
      staticSizes, getElementTypeOrSelf(gathered.getType()));
  return tensor::ExpandShapeOp::create(b, loc, resultType, gathered, groups,
                                       sizes);
}

/// One pass: `current` resampled along axis `d` to `outLength`.
Value resampleAxis(OpBuilder &b, Location loc, Value current, int64_t d,
                   OpFoldResult outLength, Value indices, Value weights,
                   const ComputeType &compute) {
  auto type = cast<RankedTensorType>(current.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, current);
  sizes[d] = outLength;
  Value zero =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(compute.type, 0.0));
  auto zeros = [&]() {
    Value init = createEmptyLike(b, loc, sizes, compute.type);
    return linalg::FillOp::create(b, loc, zero, init).getResult(0);
  };
  Value sum = zeros(), weightSum = zeros();
  AffineMap tableMap = AffineMap::get(
      rank + 1, 0, {b.getAffineDimExpr(d), b.getAffineDimExpr(rank)},
      b.getContext());
  SmallVector<AffineExpr> outputExprs;
  for (int64_t i = 0; i < rank; ++i)
    outputExprs.push_back(b.getAffineDimExpr(i));
  AffineMap outputMap =
      AffineMap::get(rank + 1, 0, outputExprs, b.getContext());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{sum.getType(), weightSum.getType()},
      ValueRange{indices, weights}, ValueRange{sum, weightSum},
      SmallVector<AffineMap>{tableMap, tableMap, outputMap, outputMap},
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t i = 0; i < rank; ++i)
          position.push_back(linalg::IndexOp::create(nb, nloc, i));
        position[d] = args[0];
        Value x = tensor::ExtractOp::create(nb, nloc, current, position);
        auto none = arith::FastMathFlags::none;
        Value term = compute.multiply(nb, nloc, args[1], x, none);
        linalg::YieldOp::create(
            nb, nloc,
            ValueRange{compute.add(nb, nloc, args[2], term, none),
                       compute.add(nb, nloc, args[3], args[1], none)});
      });
  // The weighted sum over the sum of the weights.
  Value init = createEmptyLike(b, loc, sizes, compute.type);
  SmallVector<AffineMap> maps(3, b.getMultiDimIdentityMap(rank));
  return linalg::GenericOp::create(
             b, loc, init.getType(),
             ValueRange{generic.getResult(0), generic.getResult(1)}, init, maps,
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(
                   nb, nloc,
                   arith::DivFOp::create(nb, nloc, args[0], args[1])
                       .getResult());
             })
      .getResult(0);
}

/// The end of a lowering axis by axis: `current` (in the compute type)
/// rounded to X's type, and for tf_crop_and_resize extrapolation_value
/// where any axis's inside table (an axis and its table) says the
/// coordinate left the input.
Value finishPasses(OpBuilder &b, Location loc, const ResizeOperands &resize,
                   Value current,
                   ArrayRef<std::pair<int64_t, Value>> insideTables,
                   const ComputeType &compute) {
  int64_t rank = cast<RankedTensorType>(current.getType()).getRank();
  Type elementType = compute.elementType;
  if (insideTables.empty())
    return mapElements(b, loc, current, elementType,
                       [&](OpBuilder &nb, Location nloc, Value x) {
                         return compute.fromCompute(nb, nloc, {x});
                       });
  SmallVector<Value> inputs = {current};
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank)};
  for (auto [d, table] : insideTables) {
    inputs.push_back(table);
    maps.push_back(AffineMap::get(rank, 0, b.getAffineDimExpr(d)));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  Value init = createEmptyLike(b, loc, tensor::getMixedSizes(b, loc, current),
                               elementType);
  Value outside =
      buildExtrapolationElement(b, loc, compute, resize.extrapolationValue);
  return linalg::GenericOp::create(
             b, loc, init.getType(), inputs, init, maps,
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value zero =
                   arith::ConstantOp::create(nb, nloc, nb.getI8IntegerAttr(0));
               Value inside;
               for (Value flag : args.drop_front().drop_back()) {
                 Value in = arith::CmpIOp::create(
                     nb, nloc, arith::CmpIPredicate::ne, flag, zero);
                 inside = inside ? arith::AndIOp::create(nb, nloc, inside, in)
                                       .getResult()
                                 : in;
               }
               Value value = compute.fromCompute(nb, nloc, {args[0]});
               linalg::YieldOp::create(
                   nb, nloc,
                   arith::SelectOp::create(nb, nloc, inside, value, outside)
                       .getResult());
             })
      .getResult(0);
}

/// One pass of an antialiased Resize: its axis, and its tables when the
/// scale is constant and the taps few enough to gather (else a reduction
/// over the taps), with the taps behind them when those are constants.
struct Pass {
  int64_t d;
  std::optional<AxisTables> tables;
  AxisValues<IRArithmetic> values;
  std::optional<ConstantTaps> taps;
  Type indexType;
};

/// `input` through `passes` in order, each to its axis's length in
/// `outSizes`, and rounded to X's type.
Value runPasses(OpBuilder &b, Location loc, const ResizeOperands &resize,
                Value input, MutableArrayRef<Pass> passes,
                ArrayRef<ResizedAxis> axes, ArrayRef<OpFoldResult> outSizes,
                ArrayRef<std::pair<int64_t, Value>> insideTables,
                const ComputeType &compute) {
  IRArithmetic m{b, loc};
  // Integers whose every pass gathers through constant weights of small
  // denominators (x0.5: eighths; exclude_outside's edges: sevenths; x0.75:
  // thirds) sum exactly in fixed point, pass after pass, and round once at
  // the end.
  ComputeType finish = compute;
  if (!passes.empty() && llvm::all_of(passes, [](const Pass &pass) {
        return pass.tables.has_value();
      })) {
    SmallVector<SmallVector<Value>> fixedWeights;
    for (Pass &pass : passes)
      fixedWeights.push_back(pass.tables->weights);
    SmallVector<MutableArrayRef<Value>> weights(fixedWeights.begin(),
                                                fixedWeights.end());
    ComputeType fixed = compute;
    if (tryFixedPoint(b, loc, fixed, weights, kFixedPointWidths,
                      /*rationals=*/true)) {
      finish = fixed;
      for (auto [pass, axisWeights] : llvm::zip_equal(passes, fixedWeights))
        pass.tables->weights = std::move(axisWeights);
    }
  }
  // Each pass's sums in the narrowest lanes that hold them: the passes
  // before the last store their rows, which stay in the cache when short.
  SmallVector<Type> passTypes(passes.size(), compute.type);
  if (finish.fixedType) {
    SmallVector<MutableArrayRef<Value>> weights;
    for (Pass &pass : passes)
      weights.push_back(pass.tables->weights);
    for (auto [passType, type] :
         llvm::zip_equal(passTypes, narrowPassWeights(b, loc, finish, weights)))
      passType = type;
  }
  Type firstType = passTypes.empty() ? Type(compute.type) : passTypes.front();
  ComputeType start = finish;
  start.elementType = compute.elementType;
  if (finish.fixedType)
    start.fixedType = cast<IntegerType>(firstType);
  Value current = mapElements(b, loc, input, firstType,
                              [&](OpBuilder &nb, Location nloc, Value x) {
                                return start.toCompute(nb, nloc, x)[0];
                              });
  // A pass's sums read by a pass of wider lanes.
  auto widen = [&](Value value, Type type) {
    if (getElementTypeOrSelf(value.getType()) == type)
      return value;
    return mapElements(
        b, loc, value, type, [&](OpBuilder &nb, Location nloc, Value x) {
          return arith::ExtSIOp::create(nb, nloc, type, x).getResult();
        });
  };
  for (auto [pass, passType] : llvm::zip_equal(passes, passTypes)) {
    // `current` is in the pass type already; integers' sums stay unfused
    // all the same.
    ComputeType passCompute(passType, passType);
    passCompute.contract = compute.contract;
    passCompute.fixedType =
        finish.fixedType ? cast<IntegerType>(passType) : IntegerType();
    current = widen(current, passType);
    if (pass.tables) {
      current = gatherAlongAxis(b, loc, current, pass.d, *pass.tables,
                                outSizes[pass.d], passCompute);
      continue;
    }
    Value outLength = getValueOrCreateConstantIndexOp(b, loc, outSizes[pass.d]);
    Value startValue = getAntialiasStart(m, resize.mode, axes[pass.d].scale);
    Value count = f64ToIndex(
        b, loc, m.sub(m.constant(2.0), m.mul(m.constant(2.0), startValue)));
    auto [indices, weights] =
        buildTapTables(b, loc, resize, pass.values, axes[pass.d], outLength,
                       startValue, count, compute.type);
    current = resampleAxis(b, loc, current, pass.d, outSizes[pass.d], indices,
                           weights, compute);
  }
  if (finish.fixedType)
    current = widen(current, finish.fixedType);
  return finishPasses(b, loc, resize, current, insideTables, finish);
}

/// The passes of an integer Resize computed in pieces, when an axis's
/// outputs have dyadic weights but at its ends: the weights' common
/// denominator there (7 * 8 for sevenths among eighths) would widen every
/// pass's lanes and turn the final shift into a division. The first such
/// axis splits the output into its ends, each over the whole of the later
/// axes, and its interior, which the next such axis splits in turn; each
/// piece is written into its region of the result. The interior piece,
/// nearly all of it, sums in the narrow lanes of its dyadic weights. An
/// edge piece runs its edge axes' passes first, so that the others see
/// only the few outputs it keeps of them. Every piece reads X in place: a
/// slice of X along an inner axis would not be contiguous, and gathers
/// vectorized across its rows would index it as if it were.
Value runPassesInPieces(
    OpBuilder &b, Location loc, const ResizeOperands &resize, Value input,
    ArrayRef<Pass> passes,
    ArrayRef<std::optional<std::pair<int64_t, int64_t>>> ends,
    ArrayRef<ResizedAxis> axes, ArrayRef<OpFoldResult> outSizes,
    const ComputeType &compute) {
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  Value result = createEmptyLike(b, loc, outSizes, compute.elementType);
  SmallVector<OpFoldResult> unitStrides(rank, b.getIndexAttr(1));
  // Per pass, the range of its outputs the next piece computes, and
  // whether that range is an edge.
  SmallVector<std::pair<int64_t, int64_t>> ranges;
  for (const Pass &pass : passes)
    ranges.push_back({0, pass.taps->getOutLength()});
  SmallVector<bool> edges(passes.size(), false);
  auto buildPiece = [&]() {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes(outSizes);
    SmallVector<Pass, 4> piecePasses;
    for (bool edgesFirst : {true, false})
      for (auto [pass, range, edge] : llvm::zip_equal(passes, ranges, edges)) {
        if (edge != edgesFirst)
          continue;
        auto [lo, hi] = range;
        offsets[pass.d] = b.getIndexAttr(lo);
        sizes[pass.d] = b.getIndexAttr(hi - lo);
        Pass &piecePass = piecePasses.emplace_back(pass);
        piecePass.tables = buildConstantTables(b, loc, *pass.taps, lo, hi,
                                               pass.indexType, compute.type);
      }
    Value piece = runPasses(b, loc, resize, input, piecePasses, axes, sizes,
                            /*insideTables=*/{}, compute);
    result = tensor::InsertSliceOp::create(b, loc, piece, result, offsets,
                                           sizes, unitStrides);
  };
  for (auto [p, axisEnds] : llvm::enumerate(ends)) {
    if (!axisEnds)
      continue;
    int64_t n = passes[p].taps->getOutLength();
    auto [head, tail] = *axisEnds;
    edges[p] = true;
    for (std::pair<int64_t, int64_t> range :
         {std::make_pair(int64_t(0), head), std::make_pair(n - tail, n)}) {
      if (range.first == range.second)
        continue;
      ranges[p] = range;
      buildPiece();
    }
    edges[p] = false;
    ranges[p] = {head, n - tail};
  }
  buildPiece();
  return result;
}

} // namespace

Value onnxc::onnx_to_linalg::resize::lowerAntialiasedResize(
    OpBuilder &b, Location loc, const ResizeOperands &resize, Value input,
    Value roi, ArrayRef<ResizedAxis> axes, ArrayRef<OpFoldResult> outSizes,
    const ComputeType &compute) {
  bool crop =
      resize.coordinateMode == CoordinateTransformationMode::tf_crop_and_resize;
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  // Axes in tensor order; the passes commute. The last pass then gathers
  // along the last axis, one row of the pass before for each of its rows,
  // which onnx-fuse-rows computes in its row loop.
  SmallVector<int64_t> listed = resize.getListedAxes(rank);
  SmallVector<std::pair<int64_t, Value>> insideTables;
  SmallVector<Pass, 4> passes;
  for (int64_t d : resize.getResampledAxes(rank)) {
    if (!crop && isCopy(resize, axes[d], outSizes[d],
                        tensor::getMixedSize(b, loc, input, d)))
      continue;
    Value inLength = tensor::DimOp::create(b, loc, input, d);
    Value outLength = getValueOrCreateConstantIndexOp(b, loc, outSizes[d]);
    int64_t position = llvm::find(listed, d) - listed.begin();
    Pass pass{d, std::nullopt,
              getAxisValues(b, loc, resize, axes[d], inLength, outLength,
                            crop ? roi : Value(), position, listed.size()),
              std::nullopt, Type()};
    if (crop)
      insideTables.push_back(
          {d, buildInsideTable(b, loc, resize, pass.values, outLength)});
    if (axes[d].staticScale) {
      ConstantArithmetic c;
      double start = getAntialiasStart(c, resize.mode, *axes[d].staticScale);
      auto count = static_cast<int64_t>(2.0 - 2.0 * start);
      if (count <= kMaxGatheredTaps) {
        std::optional<int64_t> n =
            getConstantIntValue(tensor::getMixedSize(b, loc, input, d));
        pass.indexType = getIndexTableType(b, n);
        pass.taps =
            computeConstantTaps(resize, axes[d], outSizes[d], n, start, count);
        pass.tables = pass.taps
                          ? buildConstantTables(b, loc, *pass.taps, 0,
                                                pass.taps->getOutLength(),
                                                pass.indexType, compute.type)
                          : buildGatheredTapTables(b, loc, resize, pass.values,
                                                   outLength, pass.indexType,
                                                   start, count, compute.type);
      }
    }
    passes.push_back(std::move(pass));
  }

  // Integers whose passes' weights are dyadic but at a few edge outputs.
  bool integers = isa<IntegerType>(compute.elementType) && !compute.isBool &&
                  !compute.isString;
  if (integers && !passes.empty() &&
      llvm::all_of(passes, [](const Pass &pass) { return pass.taps; })) {
    auto ends = llvm::map_to_vector(
        passes, [](const Pass &pass) { return getNonDyadicEnds(*pass.taps); });
    if (llvm::any_of(ends, [](const auto &axisEnds) { return axisEnds; }))
      return runPassesInPieces(b, loc, resize, input, passes, ends, axes,
                               outSizes, compute);
  }
  return runPasses(b, loc, resize, input, passes, axes, outSizes, insideTables,
                   compute);
}

Value onnxc::onnx_to_linalg::resize::lowerResizeAxisByAxis(
    OpBuilder &b, Location loc, const ResizeOperands &resize, Value input,
    ArrayRef<int64_t> resized, ArrayRef<AxisTables> tables,
    ArrayRef<OpFoldResult> outSizes, const ComputeType &compute) {
  Value current = mapElements(b, loc, input, compute.type,
                              [&](OpBuilder &nb, Location nloc, Value x) {
                                return compute.toCompute(nb, nloc, x)[0];
                              });
  // `current` is in the compute type already.
  ComputeType passCompute(compute.type, compute.type);
  passCompute.contract = compute.contract;
  SmallVector<std::pair<int64_t, Value>> insideTables;
  for (auto [d, axisTables] : llvm::zip_equal(resized, tables)) {
    // Extrapolation is selected once, at the end: no extrapolated value
    // may feed another axis's sums.
    AxisTables pass = axisTables;
    if (pass.inside)
      insideTables.push_back({d, pass.inside});
    pass.inside = Value();
    current =
        gatherAlongAxis(b, loc, current, d, pass, outSizes[d], passCompute);
  }
  return finishPasses(b, loc, resize, current, insideTables, compute);
}
