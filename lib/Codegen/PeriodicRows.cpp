//===- PeriodicRows.cpp - Long rows of gathers through periodic tables ----===//
//
// A resampled row's tables are periodic away from its ends: with an integer
// factor, an input-indexed phase tap reads element j + d (a step of one
// element per element), and an output-indexed tap of a x2 axis reads
// element o / 2 + d with weights that repeat every two outputs. Only the
// first and last few elements clamp. onnx-specialize-gathers unrolls short
// rows so that every tile reads its tables at a constant position; a long
// row (a 1080p image's 1920 elements) cannot be unrolled, and its gathers
// would stay gathers. Split at its period instead, every tile of the loop
// over periods reads its tables at the first period's position (constant
// vectors), plus a uniform step for index tables, which the gathers' scalar
// offset absorbs: their lanes become constants, and then loads.
//
//===----------------------------------------------------------------------===//

#include "PeriodicRows.h"
#include "ConstantGlobals.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace onnxc;

namespace {

/// Most tiles in a period: a x1.5 axis's output tables repeat every three
/// 16-lane tiles (48 outputs from 32 inputs), a x1.25 axis's every five;
/// with an RGB image's channels folded into the row, every nine and
/// fifteen.
constexpr int64_t kMaxPeriodTiles = 16;

/// Most tiles left to the unrolled head and tail together: the clamped
/// ends of a row, and what is left of the last period.
constexpr int64_t kMaxEdgeTiles = 32;

/// A rank-1 constant table the loop reads at its induction variable:
/// `memref.subview %table[%iv] [size] [1]`, read only by transfer_reads.
/// Its entries as integers (floats by their bits, which must then repeat
/// exactly).
struct TableRead {
  memref::SubViewOp view;
  SmallVector<int64_t> entries;
  int64_t offset = 0; // Of the view's source in the global.
  int64_t size = 0;
  bool isFloat = false;
};

std::optional<TableRead> matchTableRead(memref::SubViewOp view, Value iv) {
  // Only a unit stride keeps the entries read within [iv, iv + size),
  // the span findSplit checks.
  if (view.getOffsets().size() != 1 || view.getOffsets()[0] != iv ||
      view.getType().getRank() != 1 ||
      ShapedType::isDynamic(view.getType().getDimSize(0)) ||
      view.getStaticStrides() != ArrayRef<int64_t>{1})
    return std::nullopt;
  std::optional<codegen::ConstantGlobalView> source =
      codegen::getConstantGlobalView(view.getSource());
  if (!source)
    return std::nullopt;
  for (Operation *user : view->getUsers()) {
    auto read = dyn_cast<vector::TransferReadOp>(user);
    // An out-of-bounds lane would read the padding, which no shift may
    // change.
    if (!read || read.getMask() || read.getBase() != view.getResult() ||
        llvm::is_contained(read.getInBoundsValues(), false))
      return std::nullopt;
  }
  TableRead table{view, {}, source->offset, view.getType().getDimSize(0)};
  Type elementType = source->value.getElementType();
  if (isa<FloatType>(elementType)) {
    table.isFloat = true;
    for (const APFloat &entry : source->value.getValues<APFloat>())
      table.entries.push_back(
          static_cast<int64_t>(entry.bitcastToAPInt().getZExtValue()));
  } else if (elementType.isIntOrIndex()) {
    for (const APInt &entry : source->value.getValues<APInt>())
      table.entries.push_back(entry.getSExtValue());
  } else {
    return std::nullopt;
  }
  return table;
}

/// How the loop splits: tiles [0, head) unrolled, then `periods` periods of
/// `tilesPerPeriod` tiles, then the rest unrolled.
struct Split {
  int64_t head, tilesPerPeriod, periods;
  /// Per table, what an index table's entries grow by in a period.
  SmallVector<int64_t> steps;
};

/// Whether the entries each table's reads cover in the period from
/// element `start` of the row equal those of the period before plus the
/// table's step. False where either reaches outside the table.
bool repeats(ArrayRef<TableRead> tables, ArrayRef<int64_t> steps, int64_t start,
             int64_t period, int64_t span) {
  for (auto [table, step] : llvm::zip_equal(tables, steps)) {
    int64_t first = table.offset + start;
    if (first - period < 0 ||
        first + span > static_cast<int64_t>(table.entries.size()))
      return false;
    for (int64_t j = 0; j < span; ++j) {
      int64_t expected;
      if (llvm::AddOverflow(table.entries[first - period + j], step,
                            expected) ||
          table.entries[first + j] != expected)
        return false;
    }
  }
  return true;
}

std::optional<Split> findSplit(ArrayRef<TableRead> tables, int64_t lb,
                               int64_t step, int64_t tiles) {
  int64_t widest = 0;
  for (const TableRead &table : tables)
    widest = std::max(widest, table.size);
  for (int64_t perPeriod = 1; perPeriod <= kMaxPeriodTiles; ++perPeriod) {
    int64_t period = perPeriod * step;
    // The elements one period's copies of the body read from its start.
    int64_t span = (perPeriod - 1) * step + widest;
    std::optional<Split> best;
    for (int64_t head = 0;
         head <= kMaxEdgeTiles && head + 2 * perPeriod <= tiles; ++head) {
      int64_t lo = lb + head * step;
      SmallVector<int64_t> steps;
      bool valid = true;
      for (const TableRead &table : tables) {
        int64_t first = table.offset + lo;
        if (first < 0 ||
            first + period >= static_cast<int64_t>(table.entries.size())) {
          valid = false;
          break;
        }
        int64_t growth;
        if (llvm::SubOverflow(table.entries[first + period],
                              table.entries[first], growth)) {
          valid = false;
          break;
        }
        // Float tables must repeat exactly: their entries are bits.
        if (table.isFloat && growth != 0) {
          valid = false;
          break;
        }
        steps.push_back(growth);
      }
      if (!valid)
        continue;
      int64_t periods = 1;
      while (head + (periods + 1) * perPeriod <= tiles &&
             repeats(tables, steps, lo + periods * period, period, span))
        ++periods;
      int64_t tail = tiles - head - periods * perPeriod;
      if (periods < 2 || head + tail > kMaxEdgeTiles)
        continue;
      if (!best || head + tail < best->head + (tiles - best->head -
                                               best->periods * perPeriod))
        best = Split{head, perPeriod, periods, std::move(steps)};
    }
    if (best)
      return best;
  }
  return std::nullopt;
}

/// Adds `shift` (an index) to every entry `read` reads: to its index casts
/// when it has only those (the gathers' lanes), else in its own type. The
/// sums are the table's entries there. In index (64-bit) arithmetic both
/// terms are exact, so the sum does not overflow; in a narrower type the
/// shift may wrap, and so may the sum on its way to the entry.
void shiftRead(OpBuilder &b, vector::TransferReadOp read, Value shift) {
  Location loc = read.getLoc();
  auto add = [&](Value entries) {
    b.setInsertionPointAfterValue(entries);
    Type elementType = getElementTypeOrSelf(entries.getType());
    Value term = shift;
    if (!elementType.isIndex())
      term = arith::IndexCastOp::create(b, loc, elementType, term);
    term = vector::BroadcastOp::create(b, loc, entries.getType(), term);
    auto sum = arith::AddIOp::create(b, loc, entries, term,
                                     elementType.isIndex()
                                         ? arith::IntegerOverflowFlags::nsw
                                         : arith::IntegerOverflowFlags::none);
    entries.replaceAllUsesExcept(sum, sum);
  };
  SmallVector<arith::IndexCastOp> casts;
  for (Operation *user : read->getUsers()) {
    auto indexCast = dyn_cast<arith::IndexCastOp>(user);
    if (!indexCast || !getElementTypeOrSelf(indexCast.getType()).isIndex()) {
      casts.clear();
      break;
    }
    casts.push_back(indexCast);
  }
  if (casts.empty()) {
    add(read.getResult());
    return;
  }
  for (arith::IndexCastOp indexCast : casts)
    add(indexCast.getResult());
}

} // namespace

bool onnxc::codegen::splitPeriodicRow(scf::ForOp forOp) {
  std::optional<int64_t> lb = getConstantIntValue(forOp.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(forOp.getStep());
  std::optional<APInt> tripCount = forOp.getStaticTripCount();
  Value iv = forOp.getInductionVar();
  if (!lb || !step || *step < 1 || !tripCount || forOp.getNumResults() != 0 ||
      !iv.getType().isIndex())
    return false;
  SmallVector<TableRead> tables;
  for (auto view : forOp.getBody()->getOps<memref::SubViewOp>())
    if (std::optional<TableRead> table = matchTableRead(view, iv))
      tables.push_back(std::move(*table));
  if (tables.empty())
    return false;
  int64_t tiles = tripCount->getSExtValue();
  std::optional<Split> split = findSplit(tables, *lb, *step, tiles);
  if (!split)
    return false;

  Location loc = forOp.getLoc();
  OpBuilder b(forOp);
  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  int64_t period = split->tilesPerPeriod * *step;
  int64_t lo = *lb + split->head * *step;
  int64_t hi = lo + split->periods * period;
  int64_t ub = *lb + tiles * *step;
  auto cloneOver = [&](int64_t from, int64_t to) {
    auto edge = cast<scf::ForOp>(b.clone(*forOp));
    edge.getLowerBoundMutable().assign(index(from));
    edge.getUpperBoundMutable().assign(index(to));
    return edge;
  };
  SmallVector<scf::ForOp> edges;
  if (split->head > 0)
    edges.push_back(cloneOver(*lb, lo));

  auto periods =
      scf::ForOp::create(b, loc, index(lo), index(hi), index(period));
  for (NamedAttribute attr : forOp->getDiscardableAttrs())
    periods->setAttr(attr.getName(), attr.getValue());
  b.setInsertionPoint(periods.getBody()->getTerminator());
  Value periodIv = periods.getInductionVar();
  // What an index table with `growth` grows by before this period: an
  // affine map of the induction variable, which value-bounds analysis sees
  // through (GatherOfNearbyConstantLanesToShuffle bounds loads with it).
  auto growthBefore = [&](int64_t growth) {
    AffineExpr d0 = b.getAffineDimExpr(0);
    auto map = AffineMap::get(1, 0, (d0 - lo).floorDiv(period) * growth);
    return affine::AffineApplyOp::create(b, loc, map, ValueRange{periodIv})
        .getResult();
  };
  for (int64_t tile = 0; tile < split->tilesPerPeriod; ++tile) {
    IRMapping map;
    map.map(iv, tile == 0 ? periodIv
                          : arith::AddIOp::create(b, loc, periodIv,
                                                  index(tile * *step))
                                .getResult());
    for (Operation &op : forOp.getBody()->without_terminator())
      b.clone(op, map);
    OpBuilder::InsertionGuard guard(b);
    for (auto [table, growth] : llvm::zip_equal(tables, split->steps)) {
      auto view = cast<memref::SubViewOp>(
          map.lookup(table.view.getResult()).getDefiningOp());
      b.setInsertionPoint(view);
      view.getOffsetsMutable().assign(index(lo + tile * *step));
      if (growth == 0)
        continue;
      for (Operation *user : llvm::to_vector(view->getUsers()))
        shiftRead(b, cast<vector::TransferReadOp>(user), growthBefore(growth));
    }
  }
  b.setInsertionPoint(forOp);
  if (hi < ub)
    edges.push_back(cloneOver(hi, ub));
  forOp.erase();
  for (scf::ForOp edge : edges)
    (void)loopUnrollFull(edge);
  return true;
}
