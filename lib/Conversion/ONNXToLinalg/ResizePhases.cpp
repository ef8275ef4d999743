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
// When the resized axis before it grows by an integer factor too, its rows
// come in groups that read few input rows: with half_pixel x2, output rows
// 2i + 1 and 2i + 2 both read input rows i and i + 1, and rows 4g - 1 to
// 4g + 2 read three. A kernel then computes the rows of a group in one
// iteration, one output each, and sums along the rows first, so that the
// group shares each input row's sums. Each output is a region of the
// result, written in place.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "ResizeGather.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx_to_linalg::resampling;
namespace resize = onnxc::onnx_to_linalg::resize;
using resize::AxisTables;

namespace {

/// An axis's tables as constants, known before anything is built.
struct ConstantTables {
  SmallVector<DenseElementsAttr> indices, weights;
};

std::optional<ConstantTables> matchConstantTables(const AxisTables &axis) {
  ConstantTables tables;
  for (auto [index, weight] : llvm::zip_equal(axis.indices, axis.weights)) {
    DenseElementsAttr indexTable, weightTable;
    if (!matchPattern(index, m_Constant(&indexTable)) ||
        !matchPattern(weight, m_Constant(&weightTable)))
      return std::nullopt;
    tables.indices.push_back(indexTable);
    tables.weights.push_back(weightTable);
  }
  return tables;
}

/// The integer factor by which a static axis of input length `n` grows to
/// `outSize`, when it is at least 2 and at most kMaxPhases.
std::optional<int64_t> getIntegerFactor(int64_t n, OpFoldResult outSize) {
  std::optional<int64_t> out = getConstantIntValue(outSize);
  if (ShapedType::isDynamic(n) || n < 1 || !out || *out % n != 0)
    return std::nullopt;
  int64_t f = *out / n;
  if (f < 2 || f > kMaxPhases)
    return std::nullopt;
  return f;
}

/// One tap of a strided run of an axis's outputs (a phase of the innermost
/// axis, a member of the row groups): its index table, and its weight, a
/// constant when every output of the run has the same one, else a table.
struct RunTap {
  Value index;
  TypedAttr weight;
  Value weightTable;
};

/// The taps of the outputs first + i * stride of an axis, for i < count.
SmallVector<RunTap> buildRunTaps(OpBuilder &b, Location loc,
                                 const ConstantTables &tables, int64_t first,
                                 int64_t count, int64_t stride) {
  auto entries = [&](DenseElementsAttr table) {
    auto values = table.getValues<Attribute>();
    SmallVector<Attribute> run;
    for (int64_t i = 0; i < count; ++i)
      run.push_back(values[first + i * stride]);
    return DenseElementsAttr::get(
        RankedTensorType::get({count}, table.getElementType()), run);
  };
  SmallVector<RunTap> taps;
  for (auto [indices, weights] :
       llvm::zip_equal(tables.indices, tables.weights)) {
    RunTap tap;
    tap.index = arith::ConstantOp::create(b, loc, entries(indices));
    DenseElementsAttr runWeights = entries(weights);
    if (runWeights.isSplat())
      tap.weight = cast<TypedAttr>(runWeights.getSplatValue<Attribute>());
    else
      tap.weightTable = arith::ConstantOp::create(b, loc, runWeights);
    taps.push_back(tap);
  }
  return taps;
}

/// The most rows a group holds: each is an output of its kernel.
constexpr int64_t kMaxGroupRows = 4;

/// Stores whose addresses are a multiple of this apart fall in the same L1
/// set and look alike to the CPU's memory disambiguation (4 KiB on x86 and
/// most AArch64 cores). A group whose output rows are so placed runs at
/// about 0.6 of the speed of one whose rows are not (benchmarks/shapes.py:
/// linear x2 of 720p and 4K RGB images, rows of 2560 and 7680 float32
/// outputs, against rows of 2592 and 7712).
constexpr int64_t kStoreAliasingBytes = 4096;

/// Whether two of `size` consecutive output rows of `rowBytes` bytes each
/// are a multiple of kStoreAliasingBytes apart.
bool hasAliasingRows(int64_t size, std::optional<int64_t> rowBytes) {
  if (!rowBytes || *rowBytes <= 0)
    return false;
  for (int64_t m = 1; m < size; ++m)
    if (m * *rowBytes % kStoreAliasingBytes == 0)
      return true;
  return false;
}

/// The rows of the resized axis `dim` before the innermost, in `count`
/// groups of `size` consecutive rows (a multiple of the axis's factor):
/// group g holds the rows g * size - shift + m, m < size, that exist. The
/// size and shift are those whose whole groups read the fewest input rows
/// per output row, among the sizes whose rows do not alias (see
/// kStoreAliasingBytes); none when even the smallest group's rows would.
struct RowGroups {
  int64_t dim, count, size, shift;
  ConstantTables tables;

  /// The groups all of whose rows exist: wholeCount() of them from
  /// firstWhole().
  int64_t firstWhole() const { return shift == 0 ? 0 : 1; }
  int64_t wholeCount() const { return shift == 0 ? count : count - 1; }
  int64_t getRow(int64_t group, int64_t member) const {
    return group * size - shift + member;
  }
};

std::optional<RowGroups> getRowGroups(const AxisTables &axis, int64_t dim,
                                      int64_t inLength, OpFoldResult outSize,
                                      std::optional<int64_t> rowBytes) {
  std::optional<int64_t> factor = getIntegerFactor(inLength, outSize);
  std::optional<ConstantTables> tables = matchConstantTables(axis);
  if (!factor || !tables)
    return std::nullopt;
  // Ungrouped, a kernel writes one output row at a time.
  if (hasAliasingRows(*factor, rowBytes))
    return std::nullopt;
  std::optional<RowGroups> best;
  // Input rows read per output row of the whole groups, as a fraction.
  int64_t fewestReads = 0, fewestRows = 0;
  for (int64_t size = *factor; size <= std::max(*factor, kMaxGroupRows);
       size += *factor) {
    int64_t inputRowsPerGroup = size / *factor;
    if (inLength % inputRowsPerGroup != 0 || hasAliasingRows(size, rowBytes))
      continue;
    for (int64_t shift = 0; shift < size; ++shift) {
      RowGroups candidate{dim, inLength / inputRowsPerGroup, size, shift,
                          *tables};
      int64_t wholes = candidate.wholeCount(), reads = 0;
      if (wholes == 0)
        continue;
      for (int64_t g = candidate.firstWhole();
           g < candidate.firstWhole() + wholes; ++g) {
        llvm::SmallDenseSet<int64_t> rows;
        for (int64_t m = 0; m < size; ++m)
          for (DenseElementsAttr indices : tables->indices)
            rows.insert(indices.getValues<APInt>()[candidate.getRow(g, m)]
                            .getSExtValue());
        reads += rows.size();
      }
      // Ties keep the smaller groups (fewer outputs per kernel), then the
      // smaller shift (none cuts groups at the edges).
      int64_t outputRows = wholes * size;
      if (!best || reads * fewestRows < fewestReads * outputRows) {
        fewestReads = reads;
        fewestRows = outputRows;
        best = std::move(candidate);
      }
    }
  }
  return best;
}

/// What the kernels of one Resize share.
struct PhasedResize {
  Value input;
  ArrayRef<int64_t> resized;
  ArrayRef<AxisTables> tables;
  ArrayRef<OpFoldResult> outSizes;
  const ComputeType &compute;
  /// The innermost axis: its input length, factor and constant tables.
  int64_t n, f;
  ConstantTables lastTables;
  std::optional<RowGroups> rows;
};

/// One kernel: the groups [first, first + count) of `rows` (or every row,
/// without row groups), the members `members` of each group, each member an
/// output of the kernel; the innermost axis split into (j, r). Returns the
/// outputs in the order of `members`.
SmallVector<Value> buildKernel(OpBuilder &b, Location loc,
                               const PhasedResize &plan,
                               ArrayRef<Value> outputs, int64_t first,
                               int64_t count, ArrayRef<int64_t> members) {
  int64_t rank = plan.outSizes.size();
  int64_t k = plan.resized.size();
  int64_t tapCount = plan.lastTables.indices.size();
  int64_t rowDim = plan.rows ? plan.rows->dim : -1;
  int64_t loops = rank + 1;

  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  auto addInput = [&](Value table, int64_t d) {
    inputs.push_back(table);
    maps.push_back(AffineMap::get(loops, 0, b.getAffineDimExpr(d)));
    return static_cast<int64_t>(inputs.size() - 1);
  };
  // The resized axes' tables but the innermost's and the rows'.
  SmallVector<int64_t> firstInput;
  for (auto [a, d] : llvm::enumerate(plan.resized.drop_back())) {
    firstInput.push_back(inputs.size());
    if (d == rowDim)
      continue;
    for (Value table : plan.tables[a].indices)
      addInput(table, d);
    for (Value table : plan.tables[a].weights)
      addInput(table, d);
  }
  // Per run (phase or member) and tap: its index table's input, and its
  // weight table's or -1.
  struct RunInputs {
    SmallVector<RunTap> taps;
    SmallVector<std::pair<int64_t, int64_t>> inputs;
  };
  auto addRun = [&](SmallVector<RunTap> taps, int64_t d) {
    RunInputs run{std::move(taps), {}};
    for (const RunTap &tap : run.taps)
      run.inputs.push_back(
          {addInput(tap.index, d),
           tap.weightTable ? addInput(tap.weightTable, d) : -1});
    return run;
  };
  SmallVector<RunInputs> phases, rowMembers;
  for (int64_t r = 0; r < plan.f; ++r)
    phases.push_back(addRun(
        buildRunTaps(b, loc, plan.lastTables, r, plan.n, plan.f), rank - 1));
  if (plan.rows)
    for (int64_t m : members)
      rowMembers.push_back(addRun(buildRunTaps(b, loc, plan.rows->tables,
                                               plan.rows->getRow(first, m),
                                               count, plan.rows->size),
                                  rowDim));
  maps.append(outputs.size(), b.getMultiDimIdentityMap(loops));

  auto generic = linalg::GenericOp::create(
      b, loc, ValueRange(outputs).getTypes(), inputs, outputs, maps,
      SmallVector<utils::IteratorType>(loops, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(nb, nloc, d));
        Value phase = linalg::IndexOp::create(nb, nloc, rank);
        auto runWeight = [&](const RunInputs &run, int64_t t) -> Value {
          if (int64_t table = run.inputs[t].second; table >= 0)
            return args[table];
          return arith::ConstantOp::create(nb, nloc, run.taps[t].weight);
        };
        SmallVector<Value> results;
        for (size_t member = 0; member < outputs.size(); ++member)
          results.push_back(
              selectPhase(nb, nloc, phase, plan.f, [&](int64_t r) {
                auto runOf = [&](int64_t a) -> const RunInputs * {
                  if (a == k - 1)
                    return &phases[r];
                  if (plan.resized[a] == rowDim)
                    return &rowMembers[member];
                  return nullptr;
                };
                auto tapIndex = [&](int64_t a, int64_t t) {
                  const RunInputs *run = runOf(a);
                  return tableEntryToIndex(
                      nb, nloc,
                      args[run ? run->inputs[t].first : firstInput[a] + t]);
                };
                auto tapWeight = [&](int64_t a, int64_t t) -> Value {
                  if (const RunInputs *run = runOf(a))
                    return runWeight(*run, t);
                  return args[firstInput[a] + tapCount + t];
                };
                return plan.compute.fromCompute(
                    nb, nloc,
                    resize::buildNestedSum(
                        nb, nloc, plan.input, position, plan.resized, tapCount,
                        tapIndex, tapWeight, plan.compute,
                        /*referenceOrder=*/plan.rows.has_value()));
              }));
        linalg::YieldOp::create(nb, nloc, results);
      });
  return generic.getResults();
}

} // namespace

Value resize::buildPhasedGather(OpBuilder &b, Location loc, Value input,
                                ArrayRef<int64_t> resized,
                                ArrayRef<AxisTables> tables,
                                ArrayRef<OpFoldResult> outSizes,
                                const ComputeType &compute, bool groupRows) {
  int64_t rank = outSizes.size();
  int64_t k = resized.size();
  if (k == 0 || resized.back() != rank - 1 || tables.back().weights.empty() ||
      llvm::any_of(tables, [](const AxisTables &t) { return t.inside; }))
    return nullptr;
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  int64_t n = inputType.getDimSize(rank - 1);
  std::optional<int64_t> f = getIntegerFactor(n, outSizes.back());
  // The tables are read through gathers that onnx-specialize-gathers makes
  // loads: in short rows it unrolls, and in long ones away from the ends,
  // where each phase's taps step by one element (PeriodicRows.h).
  if (!f)
    return nullptr;
  std::optional<ConstantTables> lastTables = matchConstantTables(tables.back());
  if (!lastTables)
    return nullptr;
  PhasedResize plan{input, resized, tables,      outSizes,    compute,
                    n,     *f,      *lastTables, std::nullopt};
  if (groupRows && k >= 2) {
    int64_t d = resized[k - 2];
    // The bytes of one output row along `d`, when static.
    std::optional<int64_t> rowBytes;
    if (elementType.isIntOrFloat() &&
        elementType.getIntOrFloatBitWidth() % 8 == 0) {
      rowBytes = elementType.getIntOrFloatBitWidth() / 8;
      for (OpFoldResult size : outSizes.drop_front(d + 1)) {
        std::optional<int64_t> length = getConstantIntValue(size);
        rowBytes =
            length ? std::optional<int64_t>(*rowBytes * *length) : std::nullopt;
        if (!rowBytes)
          break;
      }
    }
    plan.rows = getRowGroups(tables[k - 2], d, inputType.getDimSize(d),
                             outSizes[d], rowBytes);
  }

  // The output seen with the innermost axis split into (j, r) and, with row
  // groups, the rows' axis into (g, p): output row g * size + p.
  int64_t rowDim = plan.rows ? plan.rows->dim : -1;
  SmallVector<OpFoldResult> viewSizes;
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t next = viewSizes.size();
    if (d == rank - 1 || d == rowDim) {
      bool isRows = d == rowDim;
      viewSizes.push_back(
          b.getIndexAttr(isRows ? plan.rows->count : inputType.getDimSize(d)));
      viewSizes.push_back(b.getIndexAttr(isRows ? plan.rows->size : *f));
      reassociation.push_back({next, next + 1});
    } else {
      viewSizes.push_back(outSizes[d]);
      reassociation.push_back({next});
    }
  }
  Value view = onnx_to_linalg::createEmptyLike(b, loc, viewSizes, elementType);
  if (!plan.rows) {
    Value whole = buildKernel(b, loc, plan, {view}, 0, 0, {}).front();
    return tensor::CollapseShapeOp::create(b, loc, whole, reassociation);
  }

  // The kernels: the whole groups, then each group cut by an edge, with
  // the members that exist.
  struct GroupKernel {
    int64_t firstGroup, groupCount;
    SmallVector<int64_t> members;
  };
  const RowGroups &rows = *plan.rows;
  int64_t size = rows.size;
  SmallVector<GroupKernel> kernels = {
      {rows.firstWhole(), rows.wholeCount(),
       llvm::to_vector(llvm::seq<int64_t>(0, size))}};
  if (rows.shift != 0) {
    kernels.push_back({0, 1, llvm::to_vector(llvm::seq(rows.shift, size))});
    kernels.push_back(
        {rows.count, 1, llvm::to_vector(llvm::seq<int64_t>(0, rows.shift))});
  }
  // Each member's output is the view's region of its rows, one per group:
  // from the (g, p) position of its row in the kernel's first group,
  // along g.
  int64_t viewRank = viewSizes.size();
  SmallVector<OpFoldResult> strides(viewRank, b.getIndexAttr(1));
  Value result = view;
  for (const GroupKernel &kernel : kernels) {
    int64_t first = kernel.firstGroup, count = kernel.groupCount;
    ArrayRef<int64_t> members = kernel.members;
    SmallVector<SmallVector<OpFoldResult>> offsets, sizes;
    SmallVector<Value> outputs;
    for (int64_t m : members) {
      int64_t row = rows.getRow(first, m);
      offsets.emplace_back(viewRank, b.getIndexAttr(0));
      offsets.back()[rowDim] = b.getIndexAttr(row / size);
      offsets.back()[rowDim + 1] = b.getIndexAttr(row % size);
      sizes.push_back(viewSizes);
      sizes.back()[rowDim] = b.getIndexAttr(count);
      sizes.back()[rowDim + 1] = b.getIndexAttr(1);
      SmallVector<OpFoldResult> loopSizes(sizes.back());
      loopSizes.erase(loopSizes.begin() + rowDim + 1);
      auto loopType = RankedTensorType::get(
          decomposeMixedValues(loopSizes).first, elementType);
      outputs.push_back(tensor::ExtractSliceOp::create(
          b, loc, loopType, view, offsets.back(), sizes.back(), strides));
    }
    SmallVector<Value> computed =
        buildKernel(b, loc, plan, outputs, first, count, members);
    for (auto [value, regionOffsets, regionSizes] :
         llvm::zip_equal(computed, offsets, sizes))
      result = tensor::InsertSliceOp::create(
          b, loc, value, result, regionOffsets, regionSizes, strides);
  }
  return tensor::CollapseShapeOp::create(b, loc, result, reassociation);
}
