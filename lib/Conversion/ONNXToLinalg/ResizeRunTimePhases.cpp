//===- ResizeRunTimePhases.cpp - Integer-factor rows of run-time length ---===//
//
// A model exported with dynamic axes keeps constant scales, so that an
// innermost axis growing by an integer factor f has, whatever its length n,
// the phases a static one has: output j * f + r reads input elements j + d
// for a few fixed offsets d, with fixed weights (nearest: one element), in
// the modes whose coordinate is the position over s plus an offset
// independent of n (ResizeOperands::getRunTimeFactor). The kernel runs
// over (j, r) as ResizePhases.cpp's does, but reads X at j + d directly
// rather than through tables that only constants let
// onnx-specialize-gathers turn into loads: a contiguous run per tap,
// vectorized along j. The few elements at each end of a row, whose taps
// the edges clamp, get kernels of their own with the offsets clamped.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "ResizeGather.h"
#include "onnxc/Dialect/Codegen/CodegenDialect.h"
#include "onnxc/Dialect/ONNX/ResizeRules.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;
using namespace onnxc::onnx_to_linalg::resampling;
namespace resize = onnxc::onnx_to_linalg::resize;
using resize::AxisTables;

namespace {

/// Each phase's taps: their offsets from the input element j of the output
/// j * f + r, and their weights.
struct Phases {
  SmallVector<SmallVector<int64_t>> offsets;
  SmallVector<SmallVector<double>> weights;
  /// The elements at each end of a row whose taps reach past it: the first
  /// `left` and the last `right` of them.
  int64_t left = 0, right = 0;
};

/// The phases of an axis grown by `f`, read off the mode's rules at
/// positions far from the edges of rows of several lengths; none when the
/// offsets or weights differ between them (the rules' double arithmetic
/// rounds differently along a row whose factor is not a power of two).
std::optional<Phases> computePhases(const ResizeOperands &resize, int64_t f) {
  using namespace resize_rules;
  ConstantArithmetic m;
  Phases phases;
  // Rows long enough to have an inside, and elements of them around which
  // the arithmetic's rounding would differ if it ever did.
  const std::pair<int64_t, int64_t> samples[] = {
      {64, 31}, {4099, 2050}, {int64_t(1) << 21, (int64_t(1) << 20) + 7}};
  for (auto [i, sample] : llvm::enumerate(samples)) {
    auto [n, j] = sample;
    double out = double(n * f);
    AxisValues<ConstantArithmetic> values{
        double(n), out, double(f), double(f) * double(n), 0.0, 1.0};
    for (int64_t r = 0; r < f; ++r) {
      Taps<ConstantArithmetic> taps =
          computeTaps(m, resize, double(j * f + r), values);
      SmallVector<int64_t> offsets;
      for (double index : taps.indices)
        offsets.push_back(static_cast<int64_t>(index) - j);
      if (i == 0) {
        phases.offsets.push_back(offsets);
        phases.weights.push_back(SmallVector<double>(taps.weights));
        continue;
      }
      if (offsets != phases.offsets[r] ||
          !llvm::equal(taps.weights, phases.weights[r]))
        return std::nullopt;
    }
  }
  for (ArrayRef<int64_t> offsets : phases.offsets)
    for (int64_t d : offsets) {
      phases.left = std::max(phases.left, -d);
      phases.right = std::max(phases.right, d);
    }
  return phases;
}

/// The kernel of the elements [first, first + count) of the rows, in a
/// view of the output split into (j, r): `init`. With `clamp`, each tap is
/// clamped to the row, as it is at its ends.
Value buildKernel(OpBuilder &b, Location loc, Value input,
                  ArrayRef<int64_t> resized, ArrayRef<AxisTables> tables,
                  const Phases &phases, const ComputeType &compute, Value init,
                  Value first, bool clamp) {
  int64_t loops = cast<RankedTensorType>(init.getType()).getRank();
  int64_t rank = loops - 1;
  int64_t f = phases.offsets.size();
  int64_t tapCount = phases.offsets.front().size();
  // The other resized axes' tables.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<int64_t> firstInput;
  for (auto [a, d] : llvm::enumerate(resized.drop_back())) {
    firstInput.push_back(inputs.size());
    for (Value table :
         llvm::concat<const Value>(tables[a].indices, tables[a].weights)) {
      inputs.push_back(table);
      maps.push_back(AffineMap::get(loops, 0, b.getAffineDimExpr(d)));
    }
  }
  maps.push_back(b.getMultiDimIdentityMap(loops));
  Value lastIndex = arith::SubIOp::create(
      b, loc, tensor::DimOp::create(b, loc, input, rank - 1),
      arith::ConstantIndexOp::create(b, loc, 1));
  FloatType weightType = compute.type;
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      SmallVector<utils::IteratorType>(loops, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(nb, nloc, d));
        Value j = arith::AddIOp::create(nb, nloc, position.back(), first);
        Value phase = linalg::IndexOp::create(nb, nloc, rank);
        int64_t last = resized.size() - 1;
        Value result = selectPhase(nb, nloc, phase, f, [&](int64_t r) {
          auto tapIndex = [&](int64_t a, int64_t t) -> Value {
            if (a != last)
              return tableEntryToIndex(nb, nloc, args[firstInput[a] + t]);
            Value index = arith::AddIOp::create(
                nb, nloc, j,
                arith::ConstantIndexOp::create(nb, nloc, phases.offsets[r][t]));
            if (!clamp)
              return index;
            index = arith::MinSIOp::create(nb, nloc, index, lastIndex);
            return arith::MaxSIOp::create(
                nb, nloc, index, arith::ConstantIndexOp::create(nb, nloc, 0));
          };
          if (phases.weights[r].empty()) {
            // Nearest: the one tap of each axis.
            SmallVector<Value> indices(position);
            for (auto [a, d] : llvm::enumerate(resized))
              indices[d] = tapIndex(a, 0);
            return tensor::ExtractOp::create(nb, nloc, input, indices)
                .getResult();
          }
          auto tapWeight = [&](int64_t a, int64_t t) -> Value {
            if (a != last)
              return args[firstInput[a] + tapCount + t];
            return arith::ConstantOp::create(
                nb, nloc, nb.getFloatAttr(weightType, phases.weights[r][t]));
          };
          return compute.fromCompute(
              nb, nloc,
              resize::buildNestedSum(nb, nloc, input, position, resized,
                                     tapCount, tapIndex, tapWeight, compute));
        });
        linalg::YieldOp::create(nb, nloc, result);
      });
  // The ends hold a few elements of each row: one vector of the phases per
  // element, rather than a masked vector of elements that mostly do not
  // exist.
  if (clamp) {
    SmallVector<int64_t> tileSizes(loops, 1);
    tileSizes.back() = 0;
    codegen::CodegenDialect::TileSizesAttrHelper(b.getContext())
        .setAttr(generic, b.getDenseI64ArrayAttr(tileSizes));
  }
  return generic.getResult(0);
}

} // namespace

Value resize::buildRunTimePhasedGather(OpBuilder &b, Location loc,
                                       const ResizeOperands &resize,
                                       Value input, ArrayRef<int64_t> resized,
                                       ArrayRef<AxisTables> tables,
                                       ArrayRef<OpFoldResult> outSizes,
                                       const ComputeType &compute,
                                       std::optional<double> lastScale) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  if (resized.empty() || resized.back() != rank - 1 || compute.fixedType ||
      llvm::any_of(tables, [&](const AxisTables &t) {
        return t.inside || t.indices.size() != tables.front().indices.size() ||
               t.weights.size() != tables.front().weights.size();
      }))
    return nullptr;
  // Complex sums take their parts apart; nearest only moves elements.
  if (compute.isComplex && !tables.front().weights.empty())
    return nullptr;
  std::optional<int64_t> f = resize.getRunTimeFactor(
      lastScale, inputType.isDynamicDim(rank - 1), /*innermost=*/true);
  if (!f || *f < 2 || *f > kMaxPhases)
    return nullptr;
  std::optional<Phases> phases = computePhases(resize, *f);
  if (!phases || static_cast<int64_t>(phases->offsets.front().size()) !=
                     static_cast<int64_t>(tables.back().indices.size()))
    return nullptr;

  // The output seen as (j, r): the shape function checked that its length
  // is f * n.
  Type elementType = inputType.getElementType();
  OpFoldResult n = tensor::getMixedSize(b, loc, input, rank - 1);
  SmallVector<OpFoldResult> viewSizes(outSizes.drop_back());
  viewSizes.push_back(n);
  viewSizes.push_back(b.getIndexAttr(*f));
  Value view = onnx_to_linalg::createEmptyLike(b, loc, viewSizes, elementType);

  // The elements [0, lo) and [hi, n) have taps past the row's ends; lo <=
  // hi whatever n.
  AffineExpr s0 = b.getAffineSymbolExpr(0);
  MLIRContext *context = b.getContext();
  Value nValue = getValueOrCreateConstantIndexOp(b, loc, n);
  Value lo = affine::AffineMinOp::create(
      b, loc,
      AffineMap::get(0, 1, {s0, b.getAffineConstantExpr(phases->left)},
                     context),
      nValue);
  Value hi = affine::AffineMaxOp::create(
      b, loc,
      AffineMap::get(0, 2, {s0, b.getAffineSymbolExpr(1) - phases->right},
                     context),
      ValueRange{lo, nValue});
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  struct Part {
    Value first, end;
    bool clamp;
  };
  const Part parts[] = {{lo, hi, false}, {zero, lo, true}, {hi, nValue, true}};
  int64_t viewRank = rank + 1;
  SmallVector<OpFoldResult> strides(viewRank, b.getIndexAttr(1));
  Value result = view;
  for (const Part &part : parts) {
    SmallVector<OpFoldResult> offsets(viewRank, b.getIndexAttr(0));
    offsets[rank - 1] = part.first;
    SmallVector<OpFoldResult> sizes(viewSizes);
    sizes[rank - 1] =
        arith::SubIOp::create(b, loc, part.end, part.first).getResult();
    Value region =
        tensor::ExtractSliceOp::create(b, loc, view, offsets, sizes, strides);
    Value computed = buildKernel(b, loc, input, resized, tables, *phases,
                                 compute, region, part.first, part.clamp);
    result = tensor::InsertSliceOp::create(b, loc, computed, result, offsets,
                                           sizes, strides);
  }
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < rank - 1; ++d)
    reassociation.push_back({d});
  reassociation.push_back({rank - 1, rank});
  return tensor::CollapseShapeOp::create(b, loc, result, reassociation);
}
