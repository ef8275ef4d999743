//===- ResizePhases.cpp - Resize's integer-factor rows by phases ----------===//
//
// When the innermost axis grows by an integer factor f, output j * f + r of
// a row is phase r of input element j. The kernel then runs over the input
// elements j and the phases r: each phase's taps and weights are tables
// over j (or constants, where every element has the same weight), and the
// output element is its phase's sum, selected by r. Vectorized along j,
// each tap is a contiguous run of X (onnx-specialize-gathers turns its
// table read into a load) instead of a permute per output vector, and
// onnx-flatten-vectors interleaves the phases' sums.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "ResizeGather.h"

#include "onnxc/Codegen/GatherRows.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx_to_linalg::resampling;
namespace resize = onnxc::onnx_to_linalg::resize;

namespace {

/// One phase's tap of the innermost axis: a table of the input index per
/// input element, and the weight, a constant when every element has the
/// same one, else a table per input element.
struct PhaseTap {
  Value index;
  TypedAttr weight;
  Value weightTable;
};

/// The entries j * f + r of `table` (a constant of n * f entries), for
/// every j: phase r's values, as a constant of n entries.
DenseElementsAttr getPhase(DenseElementsAttr table, int64_t f, int64_t r) {
  int64_t n = table.getNumElements() / f;
  auto entries = table.getValues<Attribute>();
  SmallVector<Attribute> phase;
  for (int64_t j = 0; j < n; ++j)
    phase.push_back(entries[j * f + r]);
  return DenseElementsAttr::get(
      RankedTensorType::get({n}, table.getElementType()), phase);
}

} // namespace

Value resize::buildPhasedGather(OpBuilder &b, Location loc, Value input,
                                ArrayRef<int64_t> resized,
                                ArrayRef<AxisTables> tables,
                                ArrayRef<OpFoldResult> outSizes,
                                const ComputeType &compute) {
  int64_t rank = outSizes.size();
  int64_t k = resized.size();
  if (k == 0 || resized.back() != rank - 1 || tables.back().weights.empty() ||
      llvm::any_of(tables, [](const AxisTables &t) { return t.inside; }))
    return nullptr;
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  int64_t n = inputType.getDimSize(rank - 1);
  std::optional<int64_t> out = getConstantIntValue(outSizes.back());
  if (ShapedType::isDynamic(n) || n < 1 || !out || *out % n != 0)
    return nullptr;
  int64_t f = *out / n;
  // The tables are read through gathers that onnx-specialize-gathers makes
  // loads only in rows it unrolls.
  int64_t elementBits =
      elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 64;
  if (f < 2 || f > kMaxPhases || n > getMaxUnrolledGatherRowLength(elementBits))
    return nullptr;

  const AxisTables &last = tables.back();
  int64_t tapCount = last.indices.size();
  // Every table a constant, known before anything is built.
  SmallVector<DenseElementsAttr> indexTables(tapCount), weightTables(tapCount);
  for (int64_t t = 0; t < tapCount; ++t)
    if (!matchPattern(last.indices[t], m_Constant(&indexTables[t])) ||
        !matchPattern(last.weights[t], m_Constant(&weightTables[t])))
      return nullptr;
  SmallVector<SmallVector<PhaseTap>> phases(f);
  for (int64_t t = 0; t < tapCount; ++t) {
    DenseElementsAttr indices = indexTables[t], weights = weightTables[t];
    for (int64_t r = 0; r < f; ++r) {
      PhaseTap tap;
      tap.index = arith::ConstantOp::create(b, loc, getPhase(indices, f, r));
      DenseElementsAttr phaseWeights = getPhase(weights, f, r);
      if (phaseWeights.isSplat())
        tap.weight = cast<TypedAttr>(phaseWeights.getSplatValue<Attribute>());
      else
        tap.weightTable = arith::ConstantOp::create(b, loc, phaseWeights);
      phases[r].push_back(tap);
    }
  }

  // Loops: the output's, the innermost split into (j, r).
  int64_t loops = rank + 1;
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  auto addInput = [&](Value table, int64_t d) {
    inputs.push_back(table);
    maps.push_back(AffineMap::get(loops, 0, b.getAffineDimExpr(d)));
    return static_cast<int64_t>(inputs.size() - 1);
  };
  SmallVector<int64_t> firstInput;
  for (auto [a, d] : llvm::enumerate(ArrayRef(resized).drop_back())) {
    firstInput.push_back(inputs.size());
    for (Value table : tables[a].indices)
      addInput(table, d);
    for (Value table : tables[a].weights)
      addInput(table, d);
  }
  // Per phase and tap: its index table's input, and its weight table's.
  SmallVector<SmallVector<std::pair<int64_t, int64_t>>> phaseInputs(f);
  for (auto [r, taps] : llvm::enumerate(phases))
    for (const PhaseTap &tap : taps)
      phaseInputs[r].push_back(
          {addInput(tap.index, rank - 1),
           tap.weightTable ? addInput(tap.weightTable, rank - 1) : -1});
  maps.push_back(b.getMultiDimIdentityMap(loops));

  SmallVector<OpFoldResult> expandedSizes(outSizes.drop_back());
  expandedSizes.push_back(b.getIndexAttr(n));
  expandedSizes.push_back(b.getIndexAttr(f));
  Value init =
      onnx_to_linalg::createEmptyLike(b, loc, expandedSizes, elementType);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      SmallVector<utils::IteratorType>(loops, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(nb, nloc, d));
        Value phase = linalg::IndexOp::create(nb, nloc, rank);
        Value result = selectPhase(nb, nloc, phase, f, [&](int64_t r) {
          auto tapIndex = [&](int64_t a, int64_t t) {
            int64_t arg =
                a < k - 1 ? firstInput[a] + t : phaseInputs[r][t].first;
            return tableEntryToIndex(nb, nloc, args[arg]);
          };
          auto tapWeight = [&](int64_t a, int64_t t) -> Value {
            if (a < k - 1)
              return args[firstInput[a] + tapCount + t];
            if (int64_t table = phaseInputs[r][t].second; table >= 0)
              return args[table];
            return arith::ConstantOp::create(nb, nloc, phases[r][t].weight);
          };
          return compute.fromCompute(nb, nloc,
                                     buildNestedSum(nb, nloc, input, position,
                                                    resized, tapCount, tapIndex,
                                                    tapWeight, compute));
        });
        linalg::YieldOp::create(nb, nloc, result);
      });

  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < rank - 1; ++d)
    reassociation.push_back({d});
  reassociation.push_back({rank - 1, rank});
  return tensor::CollapseShapeOp::create(b, loc, generic.getResult(0),
                                         reassociation);
}
