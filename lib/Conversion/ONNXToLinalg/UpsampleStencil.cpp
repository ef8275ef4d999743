//===- UpsampleStencil.cpp - The interior of integer-factor upsampling ---===//
//
// Outputs whose taps are (i, i + 1) on every interpolated axis of an
// upsampling by integer factors, read with affine maps (or, along the
// innermost axis, by phases or through tables): see
// UpsampleLowering.h's InnermostForm.
//
//===----------------------------------------------------------------------===//

#include "UpsampleLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx_to_linalg::resampling;
using namespace onnxc::onnx_to_linalg::upsample;
namespace upsample = onnxc::onnx_to_linalg::upsample;

bool upsample::hasPeriod(Value table, int64_t repeats, int64_t period) {
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
static Value getPeriod(OpBuilder &b, Location loc, Value table, int64_t repeats,
                       int64_t period) {
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

Value upsample::buildStencilInterior(OpBuilder &b, Location loc, Value input,
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
      staticExpanded, cast<RankedTensorType>(dest.getType()).getElementType());
  Value expanded = tensor::ExpandShapeOp::create(b, loc, expandedType, interior,
                                                 reassociation, expandedSizes);

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
      inputs.push_back(
          tensor::ExtractSliceOp::create(b, loc, input, offsets, xSizes, ones));
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
        maps.push_back(AffineMap::get(
            loops, 0, {b.getAffineDimExpr(firstLoop[d] + 1)}, b.getContext()));
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
                RankedTensorType::get({n}, values.getElementType()), byInput)));
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
              nb, nloc, sumCorners(nb, nloc, k, element, weight, {}, compute));
          return;
        }
        // One sum per phase of the last axis, selected by the phase.
        Value phase = linalg::IndexOp::create(nb, nloc, firstLoop[last] + 1);
        Value result =
            selectPhase(nb, nloc, phase, factors.back(), [&](int64_t r) {
              auto phaseWeight = [&](int64_t a, bool second) -> Value {
                if (a < k - 1)
                  return weight(a, second);
                if (int64_t table = phaseTables[r][second ? 1 : 0]; table >= 0)
                  return args[table];
                return arith::ConstantOp::create(
                    nb, nloc, cast<TypedAttr>(phaseWeights[r][second ? 1 : 0]));
              };
              return sumCorners(nb, nloc, k, element, phaseWeight, {}, compute);
            });
        linalg::YieldOp::create(nb, nloc, result);
      });
  Value computed = tensor::CollapseShapeOp::create(b, loc, generic.getResult(0),
                                                   reassociation);
  return tensor::InsertSliceOp::create(b, loc, computed, dest, zeros, sizes,
                                       ones);
}
