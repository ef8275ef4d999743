//===- TensorOps.cpp - Shape arithmetic: inference and folding ------------===//
//
// Result types and folders of the ops of ONNXTensorOps.td. Folding is how a
// model with static shapes turns the arithmetic exporters write in front of
// Resize into constant `sizes` and `scales`: integers compute in their own
// width, floats in their own type, as ONNX Runtime does (a length such as
// floor(7 * float32(11 / 7)) depends on it).
//
//===----------------------------------------------------------------------===//

#include "ONNXOpsDetail.h"
#include "onnxc/Dialect/ONNX/ElementTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace onnxc::onnx;
using namespace onnxc::onnx::detail;

static LogicalResult fail(OptionalLoc loc, const Twine &message) {
  return emitOptionalError(loc, message);
}

static std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

static Type elementTypeOf(Value value) {
  return cast<ShapedType>(value.getType()).getElementType();
}

/// The operator (without version) an op stands for, or "".
static StringRef operatorOf(Operation *op) {
  if (auto versioned = dyn_cast_or_null<VersionedOpInterface>(op))
    return versioned.getOperatorName();
  return "";
}

/// `value` as a dense constant of at most kMaxFoldedElements elements.
static DenseElementsAttr getDense(Attribute value) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(value);
  if (!dense || dense.getNumElements() > kMaxFoldedElements)
    return {};
  return dense;
}

/// The number of elements of static dimensions `dims`, unless it exceeds
/// what a tensor can hold (2^62, which keeps every later size computation
/// clear of overflow).
static std::optional<int64_t> getElementCount(ArrayRef<int64_t> dims) {
  // An empty tensor holds none, whatever its other dimensions.
  if (llvm::is_contained(dims, 0))
    return 0;
  int64_t count = 1;
  for (int64_t size : dims)
    if (llvm::MulOverflow(count, size, count) || count > (int64_t(1) << 62))
      return std::nullopt;
  return count;
}

/// The static shape of a foldable result.
static std::optional<RankedTensorType> getFoldableType(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> count = getElementCount(ranked.getShape());
  if (!count || *count > kMaxFoldedElements)
    return std::nullopt;
  return ranked;
}

/// A dense result of `type` whose element i is `dense`'s element
/// `sourceIndex(i)`.
static DenseElementsAttr
gatherElements(DenseElementsAttr dense, RankedTensorType type,
               function_ref<int64_t(int64_t)> sourceIndex) {
  SmallVector<Attribute> values;
  auto all = dense.getValues<Attribute>();
  values.reserve(type.getNumElements());
  for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
    values.push_back(all[sourceIndex(i)]);
  return DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// Known integers
//===----------------------------------------------------------------------===//

std::optional<SmallVector<int64_t>> KnownInts::getValues() const {
  if (!present || !elements)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (std::optional<int64_t> element : *elements) {
    if (!element)
      return std::nullopt;
    values.push_back(*element);
  }
  return values;
}

KnownInts onnxc::onnx::detail::getKnownInts(ArrayRef<int64_t> values) {
  KnownInts known;
  known.present = true;
  known.elements.emplace(values.begin(), values.end());
  return known;
}

KnownInts
onnxc::onnx::detail::getKnownInts(std::optional<ArrayRef<int64_t>> values) {
  return values ? getKnownInts(*values) : KnownInts();
}

/// A 1-D or 0-D integer tensor's length, if static.
static std::optional<int64_t> getStaticLength(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() > 1 || !type.hasStaticShape())
    return std::nullopt;
  return type.getNumElements();
}

KnownInts onnxc::onnx::detail::getKnownInts(Value value) {
  KnownInts known;
  if (!value)
    return known;
  known.present = true;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  auto intType = type ? dyn_cast<IntegerType>(type.getElementType()) : nullptr;
  std::optional<int64_t> length = getStaticLength(value);
  if (!intType || !length)
    return known;
  known.elements.emplace(*length, std::nullopt);
  auto &elements = *known.elements;

  DenseElementsAttr dense;
  if (matchPattern(value, m_Constant(&dense))) {
    for (auto [i, v] : llvm::enumerate(dense.getValues<APInt>()))
      elements[i] =
          intType.isUnsigned() ? int64_t(v.getZExtValue()) : v.getSExtValue();
    return known;
  }
  Operation *op = value.getDefiningOp();
  StringRef name = operatorOf(op);
  if (name == "Shape") {
    auto dataType = cast<RankedTensorType>(op->getOperand(0).getType());
    int64_t start = getShapeStart(op);
    for (int64_t i = 0; i < *length; ++i)
      if (!dataType.isDynamicDim(start + i))
        elements[i] = dataType.getDimSize(start + i);
  } else if (name == "Concat") {
    int64_t i = 0;
    for (Value input : op->getOperands()) {
      KnownInts part = getKnownInts(input);
      if (!part.elements || getStaticLength(input) == std::nullopt ||
          cast<RankedTensorType>(input.getType()).getRank() != 1)
        return known;
      for (std::optional<int64_t> element : *part.elements)
        elements[i++] = element;
    }
  } else if (name == "Gather" || name == "Slice") {
    // Entries of a partly known value: a Shape's sliced dimensions.
    std::optional<SmallVector<int64_t>> read = getReadElementIndices(op);
    KnownInts inner = getKnownInts(op->getOperand(0));
    if (!read || !inner.elements || read->size() != elements.size())
      return known;
    for (auto [element, i] : llvm::zip(elements, *read))
      element = (*inner.elements)[i];
  } else if (name == "Cast" || name == "Unsqueeze" || name == "Squeeze" ||
             name == "Identity") {
    // The same elements in another shape, or integers cast to an integer
    // type: known where the target type holds the value unchanged.
    Value input = op->getOperand(0);
    auto inputType = cast<RankedTensorType>(input.getType());
    if (name == "Cast" && !isa<IntegerType>(inputType.getElementType()))
      return known;
    KnownInts inner = getKnownInts(input);
    if (!inner.elements || inner.elements->size() != elements.size())
      return known;
    unsigned width = intType.getWidth();
    for (auto [element, v] : llvm::zip(elements, *inner.elements))
      if (v && (intType.isUnsigned() ? *v >= 0 && llvm::isUIntN(width, *v)
                                     : llvm::isIntN(width, *v)))
        element = v;
  }
  return known;
}

//===----------------------------------------------------------------------===//
// Identity, Shape, Size
//===----------------------------------------------------------------------===//

LogicalResult onnxc::onnx::detail::inferSameType(OptionalLoc, Value input,
                                                 InferredTypes &inferred) {
  inferred.push_back(input.getType());
  return success();
}

/// Shape's [start, end), clamped to the rank as Python clamps slices.
static std::pair<int64_t, int64_t> getShapeRange(int64_t rank,
                                                 std::optional<int64_t> start,
                                                 std::optional<int64_t> end) {
  auto clampBound = [&](std::optional<int64_t> bound, int64_t otherwise) {
    int64_t v = bound.value_or(otherwise);
    return std::clamp<int64_t>(v < 0 ? v + rank : v, 0, rank);
  };
  int64_t first = clampBound(start, 0);
  return {first, std::max(first, clampBound(end, rank))};
}

int64_t onnxc::onnx::getShapeStart(Operation *shapeOp) {
  auto dataType = cast<RankedTensorType>(shapeOp->getOperand(0).getType());
  auto start = shapeOp->getAttrOfType<IntegerAttr>("start");
  return getShapeRange(dataType.getRank(),
                       start ? std::optional(start.getInt()) : std::nullopt,
                       std::nullopt)
      .first;
}

LogicalResult onnxc::onnx::detail::inferShape(OptionalLoc, Value data,
                                              std::optional<int64_t> start,
                                              std::optional<int64_t> end,
                                              InferredTypes &inferred) {
  auto type = cast<RankedTensorType>(data.getType());
  auto [first, last] = getShapeRange(type.getRank(), start, end);
  inferred.push_back(RankedTensorType::get(
      {last - first}, IntegerType::get(data.getContext(), 64)));
  return success();
}

OpFoldResult onnxc::onnx::detail::foldShape(Value data,
                                            std::optional<int64_t> start,
                                            std::optional<int64_t> end) {
  auto type = cast<RankedTensorType>(data.getType());
  auto [first, last] = getShapeRange(type.getRank(), start, end);
  ArrayRef<int64_t> dims = type.getShape().slice(first, last - first);
  if (ShapedType::isDynamicShape(dims))
    return {};
  auto resultType = RankedTensorType::get(
      {last - first}, IntegerType::get(data.getContext(), 64));
  return DenseElementsAttr::get(resultType, dims);
}

LogicalResult onnxc::onnx::detail::inferSize(OptionalLoc, Value data,
                                             InferredTypes &inferred) {
  inferred.push_back(
      RankedTensorType::get({}, IntegerType::get(data.getContext(), 64)));
  return success();
}

OpFoldResult onnxc::onnx::detail::foldSize(Value data) {
  auto type = cast<RankedTensorType>(data.getType());
  if (!type.hasStaticShape())
    return {};
  return DenseElementsAttr::get(
      RankedTensorType::get({}, IntegerType::get(data.getContext(), 64)),
      type.getNumElements());
}

//===----------------------------------------------------------------------===//
// Gather
//===----------------------------------------------------------------------===//

LogicalResult onnxc::onnx::detail::inferGather(OptionalLoc loc, Value data,
                                               Value indices, int64_t axis,
                                               InferredTypes &inferred) {
  auto dataType = cast<RankedTensorType>(data.getType());
  auto indicesType = cast<RankedTensorType>(indices.getType());
  int64_t rank = dataType.getRank();
  if (rank == 0)
    return fail(loc, "Gather needs 'data' of rank 1 or more");
  if (axis < -rank || axis >= rank)
    return fail(loc, "Gather's axis " + Twine(axis) +
                         " is out of range for 'data' of rank " + Twine(rank));
  if (axis < 0)
    axis += rank;
  // Indices of another type are the verifier's to refuse, after this.
  DenseElementsAttr indexValues;
  if (!dataType.isDynamicDim(axis) &&
      matchPattern(indices, m_Constant(&indexValues)) &&
      isa<IntegerType>(indexValues.getElementType())) {
    int64_t length = dataType.getDimSize(axis);
    for (const APInt &index : indexValues.getValues<APInt>())
      if (index.getSExtValue() < -length || index.getSExtValue() >= length)
        return fail(loc, "Gather's index " + Twine(index.getSExtValue()) +
                             " is out of range for axis " + Twine(axis) +
                             " of length " + Twine(length));
  }
  SmallVector<int64_t> shape(dataType.getShape().take_front(axis));
  llvm::append_range(shape, indicesType.getShape());
  llvm::append_range(shape, dataType.getShape().drop_front(axis + 1));
  inferred.push_back(RankedTensorType::get(shape, dataType.getElementType()));
  return success();
}

std::optional<SmallVector<int64_t>>
onnxc::onnx::detail::getGatherReadIndices(Value data, Value indices,
                                          int64_t axis, Type resultType) {
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  auto dataType = cast<RankedTensorType>(data.getType());
  DenseElementsAttr indexValues;
  if (!type || !dataType.hasStaticShape() ||
      !matchPattern(indices, m_Constant(&indexValues)) ||
      !getDense(indexValues) || !isa<IntegerType>(indexValues.getElementType()))
    return std::nullopt;
  int64_t rank = dataType.getRank();
  axis = axis < 0 ? axis + rank : axis;
  int64_t axisLength = dataType.getDimSize(axis);
  SmallVector<int64_t> positions;
  for (const APInt &index : indexValues.getValues<APInt>()) {
    int64_t i = index.getSExtValue();
    if (i < -axisLength || i >= axisLength)
      return std::nullopt;
    positions.push_back(i < 0 ? i + axisLength : i);
  }
  // Result index (outer, index, inner) reads data at (outer, positions[index],
  // inner).
  int64_t inner = computeStrides(dataType.getShape())[axis];
  int64_t numIndices = positions.size();
  SmallVector<int64_t> read;
  for (int64_t i = 0, e = type->getNumElements(); i < e; ++i) {
    int64_t innerPart = i % inner;
    int64_t index = (i / inner) % numIndices;
    int64_t outer = i / inner / numIndices;
    read.push_back((outer * axisLength + positions[index]) * inner + innerPart);
  }
  return read;
}

/// The elements of `data` at `read` as a constant of `type`: from its value,
/// or, for a 1-D int64 Shape (or Concat of them), from the dimensions
/// compile time knows.
static OpFoldResult foldReadElements(Value data, Attribute dataAttr,
                                     RankedTensorType type,
                                     ArrayRef<int64_t> read) {
  if (DenseElementsAttr dense = getDense(dataAttr))
    return gatherElements(dense, type, [&](int64_t i) { return read[i]; });
  KnownInts known = getKnownInts(data);
  if (!known.elements || !type.getElementType().isInteger(64))
    return {};
  SmallVector<int64_t> values;
  for (int64_t i : read) {
    std::optional<int64_t> v = (*known.elements)[i];
    if (!v)
      return {};
    values.push_back(*v);
  }
  return DenseElementsAttr::get(type, ArrayRef<int64_t>(values));
}

OpFoldResult onnxc::onnx::detail::foldGather(Value data, Value indices,
                                             int64_t axis, Attribute dataAttr,
                                             Attribute indicesAttr,
                                             Type resultType) {
  std::optional<SmallVector<int64_t>> read =
      getGatherReadIndices(data, indices, axis, resultType);
  if (!read)
    return {};
  return foldReadElements(data, dataAttr, cast<RankedTensorType>(resultType),
                          *read);
}

//===----------------------------------------------------------------------===//
// Slice
//===----------------------------------------------------------------------===//

namespace {
/// One sliced axis: its first element, step and element count.
struct SlicedAxis {
  int64_t start, step, count;
};
} // namespace

/// ONNX Slice's clamping of one axis of length `n` (docs/semantics.md).
static SlicedAxis sliceAxis(int64_t n, int64_t start, int64_t end,
                            int64_t step) {
  if (n == 0)
    return {0, step, 0};
  // A step past the axis takes at most one element, as a step of n + 1 does;
  // bounding it keeps the arithmetic below clear of overflow.
  step = std::clamp<int64_t>(step, -n - 1, n + 1);
  if (start < 0)
    start += n;
  if (end < 0)
    end += n;
  int64_t count;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, n);
    end = std::clamp<int64_t>(end, 0, n);
    count = end > start ? (end - start - 1) / step + 1 : 0;
  } else {
    start = std::clamp<int64_t>(start, 0, n - 1);
    end = std::clamp<int64_t>(end, -1, n - 1);
    count = start > end ? (start - end - 1) / -step + 1 : 0;
  }
  return {start, step, count};
}

namespace {
/// Slice's operands checked against `rank`: the normalized axes and, per
/// listed axis, start, end and step where known.
struct SliceBounds {
  SmallVector<int64_t> axes;
  SmallVector<std::optional<int64_t>> starts, ends, steps;
};
} // namespace

/// Reads Slice's bounds; std::nullopt (with no error) when the axes are not
/// known, failure on a rule they break.
static FailureOr<std::optional<SliceBounds>>
readSliceBounds(OptionalLoc loc, int64_t rank, const KnownInts &starts,
                const KnownInts &ends, const KnownInts &axes,
                const KnownInts &steps) {
  if (!starts.elements || !ends.elements)
    return std::optional<SliceBounds>();
  size_t count = starts.elements->size();
  if (ends.elements->size() != count)
    return fail(loc, "Slice needs as many 'ends' as 'starts' (" + Twine(count) +
                         "), but has " + Twine(ends.elements->size()));
  SliceBounds bounds;
  if (axes.present) {
    std::optional<SmallVector<int64_t>> values = axes.getValues();
    if (!values)
      return std::optional<SliceBounds>();
    if (values->size() != count)
      return fail(loc, "Slice needs as many 'axes' as 'starts' (" +
                           Twine(count) + "), but has " +
                           Twine(values->size()));
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t axis : *values) {
      if (axis < -rank || axis >= rank)
        return fail(loc, "Slice's axis " + Twine(axis) +
                             " is out of range for rank " + Twine(rank));
      int64_t normalized = axis < 0 ? axis + rank : axis;
      if (!seen.insert(normalized).second)
        return fail(loc, "Slice lists axis " + Twine(axis) + " twice");
      bounds.axes.push_back(normalized);
    }
  } else {
    if (int64_t(count) > rank)
      return fail(loc, "Slice has " + Twine(count) +
                           " 'starts' for 'data' of rank " + Twine(rank));
    bounds.axes = llvm::to_vector(llvm::seq<int64_t>(0, count));
  }
  if (steps.present) {
    if (!steps.elements)
      bounds.steps.assign(count, std::nullopt);
    else if (steps.elements->size() != count)
      return fail(loc, "Slice needs as many 'steps' as 'starts' (" +
                           Twine(count) + "), but has " +
                           Twine(steps.elements->size()));
    else
      bounds.steps = *steps.elements;
    for (std::optional<int64_t> step : bounds.steps)
      if (step && *step == 0)
        return fail(loc, "Slice's steps must not be 0");
  } else {
    bounds.steps.assign(count, 1);
  }
  bounds.starts = *starts.elements;
  bounds.ends = *ends.elements;
  return std::optional<SliceBounds>(bounds);
}

/// The sliced axes of `dataType` where they are known.
static SmallVector<std::optional<SlicedAxis>>
getSlicedAxes(RankedTensorType dataType, const SliceBounds &bounds) {
  int64_t rank = dataType.getRank();
  SmallVector<std::optional<SlicedAxis>> result(rank);
  for (int64_t d = 0; d < rank; ++d)
    if (!dataType.isDynamicDim(d))
      result[d] = SlicedAxis{0, 1, dataType.getDimSize(d)};
  for (auto [i, d] : llvm::enumerate(bounds.axes)) {
    if (dataType.isDynamicDim(d) || !bounds.starts[i] || !bounds.ends[i] ||
        !bounds.steps[i]) {
      result[d] = std::nullopt;
      continue;
    }
    result[d] = sliceAxis(dataType.getDimSize(d), *bounds.starts[i],
                          *bounds.ends[i], *bounds.steps[i]);
  }
  return result;
}

LogicalResult onnxc::onnx::detail::inferSlice(
    OptionalLoc loc, Value data, const KnownInts &starts, const KnownInts &ends,
    const KnownInts &axes, const KnownInts &steps, InferredTypes &inferred) {
  auto dataType = cast<RankedTensorType>(data.getType());
  int64_t rank = dataType.getRank();
  FailureOr<std::optional<SliceBounds>> bounds =
      readSliceBounds(loc, rank, starts, ends, axes, steps);
  if (failed(bounds))
    return failure();
  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  if (*bounds)
    for (auto [d, axis] : llvm::enumerate(getSlicedAxes(dataType, **bounds)))
      if (axis)
        shape[d] = axis->count;
  inferred.push_back(RankedTensorType::get(shape, dataType.getElementType()));
  return success();
}

std::optional<SmallVector<int64_t>> onnxc::onnx::detail::getSliceReadIndices(
    Value data, Type resultType, const KnownInts &starts, const KnownInts &ends,
    const KnownInts &axes, const KnownInts &steps) {
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  auto dataType = cast<RankedTensorType>(data.getType());
  if (!type || !dataType.hasStaticShape())
    return std::nullopt;
  FailureOr<std::optional<SliceBounds>> bounds = readSliceBounds(
      std::nullopt, dataType.getRank(), starts, ends, axes, steps);
  if (failed(bounds) || !*bounds)
    return std::nullopt;
  SmallVector<std::optional<SlicedAxis>> sliced =
      getSlicedAxes(dataType, **bounds);
  if (llvm::any_of(sliced, [](auto &axis) { return !axis; }))
    return std::nullopt;
  SmallVector<int64_t> strides = computeStrides(dataType.getShape());
  SmallVector<int64_t> resultStrides = computeStrides(type->getShape());
  SmallVector<int64_t> read;
  for (int64_t i = 0, e = type->getNumElements(); i < e; ++i) {
    SmallVector<int64_t> index = delinearize(i, resultStrides);
    int64_t flat = 0;
    for (auto [d, axis] : llvm::enumerate(sliced))
      flat += (axis->start + index[d] * axis->step) * strides[d];
    read.push_back(flat);
  }
  return read;
}

OpFoldResult
onnxc::onnx::detail::foldSlice(Value data, Attribute dataAttr, Type resultType,
                               const KnownInts &starts, const KnownInts &ends,
                               const KnownInts &axes, const KnownInts &steps) {
  std::optional<SmallVector<int64_t>> read =
      getSliceReadIndices(data, resultType, starts, ends, axes, steps);
  if (!read)
    return {};
  return foldReadElements(data, dataAttr, cast<RankedTensorType>(resultType),
                          *read);
}

std::optional<SmallVector<int64_t>>
onnxc::onnx::getReadElementIndices(Operation *op) {
  auto gather = [&](auto gatherOp) {
    return getGatherReadIndices(gatherOp.getData(), gatherOp.getIndices(),
                                gatherOp.getAxis(), gatherOp.getType());
  };
  auto slice = [&](auto sliceOp, KnownInts steps) {
    return getSliceReadIndices(sliceOp.getData(), sliceOp.getType(),
                               getKnownInts(sliceOp.getStarts()),
                               getKnownInts(sliceOp.getEnds()),
                               getKnownInts(sliceOp.getAxes()), steps);
  };
  return TypeSwitch<Operation *, std::optional<SmallVector<int64_t>>>(op)
      .Case<GatherV1Op, GatherV11Op, GatherV13Op>(gather)
      .Case<SliceV1Op>([&](SliceV1Op op) { return slice(op, KnownInts()); })
      .Case<SliceV10Op, SliceV11Op, SliceV13Op>(
          [&](auto op) { return slice(op, getKnownInts(op.getSteps())); })
      .Default([](Operation *) { return std::nullopt; });
}

//===----------------------------------------------------------------------===//
// Concat
//===----------------------------------------------------------------------===//

LogicalResult onnxc::onnx::detail::inferConcat(OptionalLoc loc,
                                               ValueRange inputs, int64_t axis,
                                               InferredTypes &inferred) {
  if (inputs.empty())
    return fail(loc, "Concat needs at least one input");
  auto first = cast<RankedTensorType>(inputs.front().getType());
  int64_t rank = first.getRank();
  if (axis < -rank || axis >= rank)
    return fail(loc, "Concat's axis " + Twine(axis) +
                         " is out of range for inputs of rank " + Twine(rank));
  if (axis < 0)
    axis += rank;
  SmallVector<int64_t> shape(first.getShape());
  shape[axis] = 0;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getElementType() != first.getElementType() ||
        type.getRank() != rank)
      return fail(loc, "Concat's input " + Twine(i) + " (" + typeString(type) +
                           ") does not have the rank and element type of "
                           "input 0 (" +
                           typeString(first) + ")");
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = type.getDimSize(d);
      if (d == axis) {
        if (ShapedType::isDynamic(shape[d]) || ShapedType::isDynamic(size))
          shape[d] = ShapedType::kDynamic;
        else if (llvm::AddOverflow(shape[d], size, shape[d]) ||
                 shape[d] > (int64_t(1) << 62))
          return fail(loc, "Concat's inputs hold more elements along axis " +
                               Twine(axis) + " than a tensor can (2^62)");
      } else if (ShapedType::isDynamic(shape[d])) {
        shape[d] = size;
      } else if (!ShapedType::isDynamic(size) && size != shape[d]) {
        return fail(loc, "Concat's input " + Twine(i) + " has dimension " +
                             Twine(d) + " = " + Twine(size) +
                             " where input 0 "
                             "has " +
                             Twine(shape[d]));
      }
    }
  }
  SmallVector<int64_t> known(llvm::make_filter_range(
      shape, [](int64_t size) { return !ShapedType::isDynamic(size); }));
  if (!getElementCount(known))
    return fail(loc, "Concat's result holds more elements than a tensor can "
                     "(2^62)");
  inferred.push_back(RankedTensorType::get(shape, first.getElementType()));
  return success();
}

OpFoldResult onnxc::onnx::detail::foldConcat(ValueRange inputs,
                                             ArrayRef<Attribute> attrs,
                                             int64_t axis, Type resultType) {
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  if (!type)
    return {};
  int64_t rank = type->getRank();
  axis = axis < 0 ? axis + rank : axis;
  // Where each result position along `axis` comes from.
  SmallVector<std::pair<int64_t, int64_t>> sources;
  for (auto [i, input] : llvm::enumerate(inputs))
    for (int64_t j = 0,
                 e = cast<RankedTensorType>(input.getType()).getDimSize(axis);
         j < e; ++j)
      sources.push_back({i, j});
  bool allDense = llvm::all_of(attrs, [](Attribute a) { return getDense(a); });
  if (!allDense) {
    // 1-D integers, some of them the known entries of a Shape.
    if (rank != 1 || !type->getElementType().isInteger(64))
      return {};
    SmallVector<int64_t> values;
    for (auto [i, j] : sources) {
      KnownInts known = getKnownInts(inputs[i]);
      if (!known.elements || !(*known.elements)[j])
        return {};
      values.push_back(*(*known.elements)[j]);
    }
    return DenseElementsAttr::get(*type, ArrayRef<int64_t>(values));
  }
  SmallVector<SmallVector<Attribute>> values =
      llvm::map_to_vector(attrs, [](Attribute a) {
        return llvm::to_vector(getDense(a).getValues<Attribute>());
      });
  int64_t inner = computeStrides(type->getShape())[axis];
  int64_t total = type->getDimSize(axis);
  SmallVector<Attribute> result;
  for (int64_t i = 0, e = type->getNumElements(); i < e; ++i) {
    int64_t innerPart = i % inner;
    int64_t position = (i / inner) % total;
    int64_t outer = i / inner / total;
    auto [input, j] = sources[position];
    int64_t length =
        cast<RankedTensorType>(inputs[input].getType()).getDimSize(axis);
    result.push_back(values[input][(outer * length + j) * inner + innerPart]);
  }
  return DenseElementsAttr::get(*type, result);
}

//===----------------------------------------------------------------------===//
// ConstantOfShape
//===----------------------------------------------------------------------===//

TypedAttr onnxc::onnx::getConstantOfShapeValue(ElementsAttr value,
                                               MLIRContext *context) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(value);
  if (!dense || dense.getNumElements() != 1)
    return FloatAttr::get(Float32Type::get(context), 0.0);
  return cast<TypedAttr>(*dense.value_begin<Attribute>());
}

LogicalResult onnxc::onnx::detail::inferConstantOfShape(
    OptionalLoc loc, MLIRContext *context, const KnownInts &shape,
    ElementsAttr value, InferredTypes &inferred) {
  if (value && !isa<DenseElementsAttr>(value))
    return fail(loc, "ConstantOfShape's value must be a dense constant");
  if (value && value.getNumElements() != 1)
    return fail(loc, "ConstantOfShape's value must hold one element, but "
                     "holds " +
                         Twine(value.getNumElements()));
  if (value && !value.getElementType().isIntOrFloat())
    return fail(loc, "ConstantOfShape's value must be a number or a bool, "
                     "but is " +
                         typeString(value.getType()));
  if (!shape.elements)
    return fail(loc, "ConstantOfShape's input must have a static length: "
                     "it decides the result's rank");
  SmallVector<int64_t> dims;
  for (auto [i, entry] : llvm::enumerate(*shape.elements)) {
    if (entry && *entry < 0)
      return fail(loc, "ConstantOfShape's dimension " + Twine(i) + " is " +
                           Twine(*entry));
    dims.push_back(entry ? *entry : ShapedType::kDynamic);
  }
  SmallVector<int64_t> known(llvm::make_filter_range(
      dims, [](int64_t size) { return !ShapedType::isDynamic(size); }));
  if (!getElementCount(known))
    return fail(loc, "ConstantOfShape's shape holds more elements than a "
                     "tensor can (2^62)");
  inferred.push_back(RankedTensorType::get(
      dims, getConstantOfShapeValue(value, context).getType()));
  return success();
}

OpFoldResult onnxc::onnx::detail::foldConstantOfShape(TypedAttr fill,
                                                      Type resultType) {
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  if (!type)
    return {};
  return SplatElementsAttr::get(*type, fill);
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

LogicalResult onnxc::onnx::detail::inferReshape(OptionalLoc loc, Value data,
                                                const KnownInts &shape,
                                                bool allowZero,
                                                InferredTypes &inferred) {
  auto type = cast<RankedTensorType>(data.getType());
  if (!shape.elements)
    return fail(loc, "Reshape's 'shape' must have a static length: it "
                     "decides the result's rank");
  SmallVector<int64_t> result;
  std::optional<int64_t> inferredAxis;
  bool productKnown = true;
  for (auto [i, entry] : llvm::enumerate(*shape.elements)) {
    if (!entry) {
      result.push_back(ShapedType::kDynamic);
      productKnown = false;
      continue;
    }
    int64_t size = *entry;
    if (size == 0 && !allowZero) {
      if (static_cast<int64_t>(i) >= type.getRank())
        return fail(loc, "Reshape's shape entry " + Twine(i) +
                             " is 0, which copies an input dimension the "
                             "input (rank " +
                             Twine(type.getRank()) + ") does not have");
      size = type.getDimSize(i);
    } else if (size == -1) {
      if (inferredAxis)
        return fail(loc, "Reshape's shape has more than one -1");
      inferredAxis = i;
      result.push_back(ShapedType::kDynamic);
      continue;
    } else if (size < -1) {
      return fail(loc,
                  "Reshape's shape entry " + Twine(i) + " is " + Twine(size));
    }
    result.push_back(size);
    if (ShapedType::isDynamic(size))
      productKnown = false;
  }
  SmallVector<int64_t> knownSizes(llvm::make_filter_range(
      result, [](int64_t size) { return !ShapedType::isDynamic(size); }));
  std::optional<int64_t> product = getElementCount(knownSizes);
  if (!product)
    return fail(loc, "Reshape's shape holds more elements than a tensor "
                     "can (2^62)");
  if (allowZero && inferredAxis && llvm::is_contained(result, 0))
    return fail(loc, "Reshape with allowzero may not have both a 0 and a -1 "
                     "in its shape");
  // The elements must agree where both counts are known.
  if (type.hasStaticShape() && productKnown) {
    std::optional<int64_t> count = getElementCount(type.getShape());
    if (!count)
      return fail(loc, "Reshape's input holds more elements than a tensor "
                       "can (2^62)");
    if (inferredAxis) {
      if (*product == 0 || *count % *product != 0)
        return fail(loc, "Reshape cannot fill its shape with the input's " +
                             Twine(*count) + " elements");
      result[*inferredAxis] = *count / *product;
    } else if (*product != *count) {
      return fail(loc, "Reshape's shape holds " + Twine(*product) +
                           " elements, but the input has " + Twine(*count));
    }
  }
  inferred.push_back(RankedTensorType::get(result, type.getElementType()));
  return success();
}

SmallVector<Value> onnxc::onnx::buildReshapeEntries(OpBuilder &b, Location loc,
                                                    Value data, Value shape,
                                                    bool allowZero) {
  int64_t rank = cast<RankedTensorType>(data.getType()).getRank();
  int64_t count = cast<RankedTensorType>(shape.getType()).getDimSize(0);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> entries;
  for (int64_t i = 0; i < count; ++i) {
    Value entry = arith::IndexCastOp::create(
        b, loc, b.getIndexType(),
        tensor::ExtractOp::create(
            b, loc, shape,
            ValueRange{arith::ConstantIndexOp::create(b, loc, i)}));
    if (!allowZero && i < rank)
      entry = arith::SelectOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, entry, zero),
          tensor::DimOp::create(b, loc, data, i), entry);
    entries.push_back(entry);
  }
  return entries;
}

SmallVector<OpFoldResult>
onnxc::onnx::reifyReshapedSizes(OpBuilder &b, Location loc, Value data,
                                Value shape, bool allowZero,
                                RankedTensorType resultType) {
  SmallVector<OpFoldResult> sizes;
  for (int64_t size : resultType.getShape())
    sizes.push_back(b.getIndexAttr(size));
  if (resultType.hasStaticShape())
    return sizes;
  SmallVector<Value> entries =
      buildReshapeEntries(b, loc, data, shape, allowZero);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value minusOne = arith::ConstantIndexOp::create(b, loc, -1);
  Value total = one;
  for (OpFoldResult size : tensor::getMixedSizes(b, loc, data))
    total = arith::MulIOp::create(
        b, loc, total, getValueOrCreateConstantIndexOp(b, loc, size));
  for (int64_t d = 0, e = resultType.getRank(); d < e; ++d) {
    if (!resultType.isDynamicDim(d))
      continue;
    // What the other entries leave, for a -1 here.
    Value others = one;
    for (auto [i, entry] : llvm::enumerate(entries))
      if (static_cast<int64_t>(i) != d)
        others = arith::MulIOp::create(b, loc, others, entry);
    Value divisor = arith::SelectOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, others,
                              arith::ConstantIndexOp::create(b, loc, 0)),
        others, one);
    Value inferred = arith::DivSIOp::create(b, loc, total, divisor);
    sizes[d] = arith::SelectOp::create(
                   b, loc,
                   arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         entries[d], minusOne),
                   inferred, entries[d])
                   .getResult();
  }
  return sizes;
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

SmallVector<int64_t>
onnxc::onnx::getTransposePermutation(std::optional<ArrayRef<int64_t>> perm,
                                     int64_t rank) {
  if (perm)
    return SmallVector<int64_t>(*perm);
  return llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, rank)));
}

LogicalResult
onnxc::onnx::detail::inferTranspose(OptionalLoc loc, Value data,
                                    std::optional<ArrayRef<int64_t>> perm,
                                    InferredTypes &inferred) {
  auto type = cast<RankedTensorType>(data.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> permutation = getTransposePermutation(perm, rank);
  SmallVector<bool> seen(rank, false);
  if (static_cast<int64_t>(permutation.size()) != rank)
    return fail(loc, "Transpose's perm has " + Twine(permutation.size()) +
                         " axes for an input of rank " + Twine(rank));
  SmallVector<int64_t> shape;
  for (int64_t axis : permutation) {
    if (axis < 0 || axis >= rank || seen[axis])
      return fail(loc, "Transpose's perm must list each axis of the input "
                       "once, but has " +
                           Twine(axis));
    seen[axis] = true;
    shape.push_back(type.getDimSize(axis));
  }
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

OpFoldResult onnxc::onnx::detail::foldTranspose(Attribute dataAttr,
                                                ArrayRef<int64_t> permutation,
                                                Type resultType) {
  DenseElementsAttr dense = getDense(dataAttr);
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  if (!dense || !type)
    return {};
  if (dense.isSplat())
    return dense.resizeSplat(*type);
  SmallVector<int64_t> inputStrides =
      computeStrides(cast<RankedTensorType>(dense.getType()).getShape());
  SmallVector<int64_t> outputStrides = computeStrides(type->getShape());
  // Output axis k is input axis permutation[k].
  return gatherElements(dense, *type, [&](int64_t i) {
    int64_t source = 0;
    for (auto [k, axis] : llvm::enumerate(permutation)) {
      source +=
          (i / outputStrides[k]) % type->getDimSize(k) * inputStrides[axis];
    }
    return source;
  });
}

//===----------------------------------------------------------------------===//
// Unsqueeze, Squeeze
//===----------------------------------------------------------------------===//

/// Normalized, distinct `axes` for a tensor of rank `rank`; version 1 of
/// Squeeze and Unsqueeze takes no negative axes.
static FailureOr<SmallVector<int64_t>>
normalizeAxes(OptionalLoc loc, StringRef name, ArrayRef<int64_t> axes,
              int64_t rank, int64_t version) {
  SmallVector<int64_t> normalized;
  for (int64_t axis : axes) {
    int64_t lowest = version < 11 ? 0 : -rank;
    if (axis < lowest || axis >= rank)
      return fail(loc, name + "'s axis " + Twine(axis) +
                           " is out of range for rank " + Twine(rank));
    normalized.push_back(axis < 0 ? axis + rank : axis);
    if (llvm::count(normalized, normalized.back()) > 1)
      return fail(loc, name + " lists axis " + Twine(axis) + " twice");
  }
  return normalized;
}

LogicalResult onnxc::onnx::detail::inferUnsqueeze(OptionalLoc loc, Value data,
                                                  const KnownInts &axes,
                                                  int64_t version,
                                                  InferredTypes &inferred) {
  auto type = cast<RankedTensorType>(data.getType());
  std::optional<SmallVector<int64_t>> values = axes.getValues();
  if (!values)
    return fail(loc, "Unsqueeze's 'axes' must be known at compile time: they "
                     "decide the result's rank");
  int64_t rank = type.getRank() + values->size();
  FailureOr<SmallVector<int64_t>> normalized =
      normalizeAxes(loc, "Unsqueeze", *values, rank, version);
  if (failed(normalized))
    return failure();
  SmallVector<int64_t> shape;
  ArrayRef<int64_t> rest = type.getShape();
  for (int64_t d = 0; d < rank; ++d) {
    if (llvm::is_contained(*normalized, d)) {
      shape.push_back(1);
    } else {
      shape.push_back(rest.front());
      rest = rest.drop_front();
    }
  }
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

LogicalResult onnxc::onnx::detail::inferSqueeze(OptionalLoc loc, Value data,
                                                const KnownInts &axes,
                                                int64_t version,
                                                InferredTypes &inferred) {
  auto type = cast<RankedTensorType>(data.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> squeezed;
  if (axes.present) {
    std::optional<SmallVector<int64_t>> values = axes.getValues();
    if (!values)
      return fail(loc, "Squeeze's 'axes' must be known at compile time: they "
                       "decide the result's rank");
    FailureOr<SmallVector<int64_t>> normalized =
        normalizeAxes(loc, "Squeeze", *values, rank, version);
    if (failed(normalized))
      return failure();
    for (int64_t d : *normalized)
      if (!type.isDynamicDim(d) && type.getDimSize(d) != 1)
        return fail(loc, "Squeeze's axis " + Twine(d) + " has length " +
                             Twine(type.getDimSize(d)) + ", not 1");
    squeezed = *normalized;
  } else {
    for (int64_t d = 0; d < rank; ++d) {
      if (type.isDynamicDim(d))
        return fail(loc, "Squeeze without 'axes' needs a static shape, but "
                         "dimension " +
                             Twine(d) + " is dynamic");
      if (type.getDimSize(d) == 1)
        squeezed.push_back(d);
    }
  }
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(squeezed, d))
      shape.push_back(type.getDimSize(d));
  inferred.push_back(RankedTensorType::get(shape, type.getElementType()));
  return success();
}

OpFoldResult onnxc::onnx::detail::foldReshapedConstant(Attribute dataAttr,
                                                       Value data,
                                                       Type resultType) {
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  DenseElementsAttr dense = getDense(dataAttr);
  // DenseElementsAttr::reshape reinterprets raw data, which strings and
  // complex numbers do not have in the same form: the elements are copied.
  if (type && dense)
    return DenseElementsAttr::get(
        *type, llvm::to_vector(dense.getValues<Attribute>()));
  // Known entries of a Shape, as a 0-D or 1-D tensor of the same count.
  KnownInts known = getKnownInts(data);
  if (!type || !type->getElementType().isInteger(64) || type->getRank() > 1)
    return {};
  std::optional<SmallVector<int64_t>> values = known.getValues();
  if (!values || int64_t(values->size()) != type->getNumElements())
    return {};
  return DenseElementsAttr::get(*type, ArrayRef<int64_t>(*values));
}

//===----------------------------------------------------------------------===//
// Cast
//===----------------------------------------------------------------------===//

LogicalResult onnxc::onnx::detail::inferCast(OptionalLoc loc,
                                             MLIRContext *context, Value input,
                                             int64_t to,
                                             InferredTypes &inferred) {
  Type element = to >= 0 && to <= INT32_MAX
                     ? getElementType(context, static_cast<int32_t>(to))
                     : Type();
  if (!element)
    return fail(loc, "Cast's 'to' = " + Twine(to) +
                         " is not an element type onnxc supports");
  inferred.push_back(RankedTensorType::get(
      cast<RankedTensorType>(input.getType()).getShape(), element));
  return success();
}

/// One element converted as Cast converts it (docs/semantics.md): integers
/// wrap, floats round to nearest even, floats become integers by truncation
/// toward zero, saturated, NaN giving 0; anything becomes bool as != 0.
static std::optional<Attribute> castElement(Attribute value, Type to) {
  // Strings (parsed by Cast at run time) are not computed here.
  if (!isa<IntegerAttr, FloatAttr>(value))
    return std::nullopt;
  Type from = cast<TypedAttr>(value).getType();
  if (auto intTo = dyn_cast<IntegerType>(to)) {
    if (intTo.getWidth() == 1) {
      if (auto i = dyn_cast<IntegerAttr>(value))
        return IntegerAttr::get(to, i.getValue().isZero() ? 0 : 1);
      return IntegerAttr::get(
          to, cast<FloatAttr>(value).getValue().isZero() ? 0 : 1);
    }
    if (auto i = dyn_cast<IntegerAttr>(value)) {
      bool isSigned = !from.isUnsignedInteger() && !from.isInteger(1);
      APInt v = isSigned ? i.getValue().sextOrTrunc(intTo.getWidth())
                         : i.getValue().zextOrTrunc(intTo.getWidth());
      return IntegerAttr::get(to, v);
    }
    APFloat f = cast<FloatAttr>(value).getValue();
    if (f.isNaN())
      return IntegerAttr::get(to, 0);
    APSInt result(intTo.getWidth(), intTo.isUnsigned());
    bool exact;
    (void)f.convertToInteger(result, APFloat::rmTowardZero, &exact);
    return IntegerAttr::get(to, result);
  }
  auto floatTo = dyn_cast<FloatType>(to);
  if (!floatTo)
    return std::nullopt;
  APFloat result(floatTo.getFloatSemantics());
  if (auto i = dyn_cast<IntegerAttr>(value)) {
    bool isSigned = !from.isUnsignedInteger() && !from.isInteger(1);
    (void)result.convertFromAPInt(i.getValue(), isSigned,
                                  APFloat::rmNearestTiesToEven);
  } else if (auto f = dyn_cast<FloatAttr>(value)) {
    result = f.getValue();
    bool losesInfo;
    (void)result.convert(floatTo.getFloatSemantics(),
                         APFloat::rmNearestTiesToEven, &losesInfo);
  } else {
    return std::nullopt;
  }
  return FloatAttr::get(to, result);
}

OpFoldResult onnxc::onnx::detail::foldCast(Attribute input, Type resultType) {
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  DenseElementsAttr dense = getDense(input);
  if (!type || !dense)
    return {};
  SmallVector<Attribute> values;
  for (Attribute value : dense.getValues<Attribute>()) {
    std::optional<Attribute> converted =
        castElement(value, type->getElementType());
    if (!converted)
      return {};
    values.push_back(*converted);
  }
  return DenseElementsAttr::get(*type, values);
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

LogicalResult onnxc::onnx::detail::inferBroadcast(OptionalLoc loc,
                                                  ValueRange inputs,
                                                  InferredTypes &inferred) {
  if (inputs.empty())
    return fail(loc, "needs at least one input");
  Type element = elementTypeOf(inputs.front());
  SmallVector<int64_t> shape;
  for (auto [i, input] : llvm::enumerate(inputs)) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getElementType() != element)
      return fail(loc, "input " + Twine(i) + " has element type " +
                           typeString(type.getElementType()) +
                           " where input 0 has " + typeString(element));
    // Align from the last dimension, numpy's rule.
    if (type.getRank() > int64_t(shape.size()))
      shape.insert(shape.begin(), type.getRank() - shape.size(), 1);
    int64_t offset = shape.size() - type.getRank();
    for (int64_t d = 0; d < type.getRank(); ++d) {
      int64_t &merged = shape[offset + d];
      int64_t size = type.getDimSize(d);
      if (size == 1)
        continue;
      if (merged == 1 ||
          (ShapedType::isDynamic(merged) && !ShapedType::isDynamic(size))) {
        merged = size;
      } else if (!ShapedType::isDynamic(size) && size != merged) {
        return fail(loc, "input " + Twine(i) + "'s dimension " + Twine(d) +
                             " = " + Twine(size) + " does not broadcast with " +
                             Twine(merged));
      }
    }
  }
  inferred.push_back(RankedTensorType::get(shape, element));
  return success();
}

/// Applies `operatorName` to the elements `args` of type `type`.
static std::optional<Attribute>
applyElementwise(StringRef operatorName, Type type, ArrayRef<Attribute> args) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    SmallVector<APInt> v = llvm::map_to_vector(
        args, [](Attribute a) { return cast<IntegerAttr>(a).getValue(); });
    auto less = [&](const APInt &a, const APInt &b) {
      return isUnsigned ? a.ult(b) : a.slt(b);
    };
    std::optional<APInt> result;
    if (operatorName == "Add")
      result = v[0] + v[1];
    else if (operatorName == "Sub")
      result = v[0] - v[1];
    else if (operatorName == "Mul")
      result = v[0] * v[1];
    else if (operatorName == "Div") {
      // Division by zero and the one signed overflow have no value.
      if (v[1].isZero() ||
          (!isUnsigned && v[0].isMinSignedValue() && v[1].isAllOnes()))
        return std::nullopt;
      result = isUnsigned ? v[0].udiv(v[1]) : v[0].sdiv(v[1]);
    } else if (operatorName == "Max" || operatorName == "Min") {
      bool max = operatorName == "Max";
      result = v[0];
      for (const APInt &x : ArrayRef(v).drop_front())
        if (max ? less(*result, x) : less(x, *result))
          result = x;
    } else if (operatorName == "Relu") {
      result = !isUnsigned && v[0].isNegative() ? APInt(v[0].getBitWidth(), 0)
                                                : v[0];
    }
    if (!result)
      return std::nullopt;
    return IntegerAttr::get(type, *result);
  }
  if (!isa<FloatType>(type))
    return std::nullopt;
  SmallVector<APFloat> v = llvm::map_to_vector(
      args, [](Attribute a) { return cast<FloatAttr>(a).getValue(); });
  APFloat result = v[0];
  APFloat::roundingMode rounding = APFloat::rmNearestTiesToEven;
  if (operatorName == "Add")
    (void)result.add(v[1], rounding);
  else if (operatorName == "Sub")
    (void)result.subtract(v[1], rounding);
  else if (operatorName == "Mul")
    (void)result.multiply(v[1], rounding);
  else if (operatorName == "Div")
    (void)result.divide(v[1], rounding);
  else if (operatorName == "Max")
    for (const APFloat &x : ArrayRef(v).drop_front())
      result = llvm::maximum(result, x);
  else if (operatorName == "Min")
    for (const APFloat &x : ArrayRef(v).drop_front())
      result = llvm::minimum(result, x);
  else if (operatorName == "Floor")
    (void)result.roundToIntegral(APFloat::rmTowardNegative);
  else if (operatorName == "Ceil")
    (void)result.roundToIntegral(APFloat::rmTowardPositive);
  else if (operatorName == "Relu") {
    if (result.isNegative() && !result.isNaN() && !result.isZero())
      result = APFloat::getZero(result.getSemantics());
  } else
    return std::nullopt;
  return FloatAttr::get(type, result);
}

OpFoldResult onnxc::onnx::detail::foldElementwise(StringRef operatorName,
                                                  ArrayRef<Attribute> operands,
                                                  Type resultType) {
  std::optional<RankedTensorType> type = getFoldableType(resultType);
  if (!type)
    return {};
  SmallVector<DenseElementsAttr> dense;
  for (Attribute operand : operands) {
    dense.push_back(getDense(operand));
    if (!dense.back())
      return {};
  }
  int64_t rank = type->getRank();
  SmallVector<int64_t> resultStrides = computeStrides(type->getShape());
  // Each operand's strides over the result's dimensions, 0 where it is
  // broadcast (numpy's rule aligns the last dimensions).
  SmallVector<SmallVector<int64_t>> broadcastStrides;
  for (DenseElementsAttr operand : dense) {
    ArrayRef<int64_t> operandShape = operand.getType().getShape();
    SmallVector<int64_t> strides = computeStrides(operandShape);
    SmallVector<int64_t> aligned(rank - operandShape.size(), 0);
    for (auto [size, stride] : llvm::zip(operandShape, strides))
      aligned.push_back(size == 1 ? 0 : stride);
    broadcastStrides.push_back(aligned);
  }
  SmallVector<SmallVector<Attribute>> values =
      llvm::map_to_vector(dense, [](DenseElementsAttr d) {
        return llvm::to_vector(d.getValues<Attribute>());
      });
  SmallVector<Attribute> result;
  SmallVector<Attribute> args(operands.size());
  for (int64_t i = 0, e = type->getNumElements(); i < e; ++i) {
    SmallVector<int64_t> index = delinearize(i, resultStrides);
    for (auto [k, strides] : llvm::enumerate(broadcastStrides))
      args[k] = values[k][linearize(index, strides)];
    std::optional<Attribute> value =
        applyElementwise(operatorName, type->getElementType(), args);
    if (!value)
      return {};
    result.push_back(*value);
  }
  return DenseElementsAttr::get(*type, result);
}

//===----------------------------------------------------------------------===//
// Transposes around a Resize
//===----------------------------------------------------------------------===//

namespace {
/// tf2onnx wraps every Resize of an NHWC model in a Transpose to NCHW and
/// one back, keras2onnx below opset 10 every Upsample. When the second
/// Transpose undoes the first, the three compute one resampling of the
/// untransposed input, and nothing is transposed:
/// - a Resize whose `axes` name, in the same order, the axes its listed
///   ones came from; scales, sizes and roi each still describe their axis;
/// - an Upsample or a Resize-10 (which have no `axes`) whose constant
///   scales move to the axes they describe (tf2onnx writes Resize-10 at
///   opset 10).
struct ResamplingBetweenInverseTransposes
    : OpRewritePattern<LatestTransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LatestTransposeOp op,
                                PatternRewriter &rewriter) const override {
    Operation *resampling = op.getData().getDefiningOp();
    if (!isa_and_nonnull<LatestResizeOp, LatestUpsampleOp, ResizeV10Op>(
            resampling) ||
        !resampling->hasOneUse())
      return failure();
    auto inner = resampling->getOperand(0).getDefiningOp<LatestTransposeOp>();
    if (!inner)
      return failure();
    // Output axis i of a Transpose is its input's axis perm[i].
    SmallVector<int64_t> first = inner.getPermutation();
    SmallVector<int64_t> second = op.getPermutation();
    if (first.size() != second.size())
      return failure();
    for (auto [i, axis] : llvm::enumerate(second))
      if (first[axis] != static_cast<int64_t>(i))
        return failure();
    if (auto resize = dyn_cast<LatestResizeOp>(resampling))
      return rewriteResize(resize, inner, op, first, rewriter);
    if (auto resize = dyn_cast<ResizeV10Op>(resampling))
      return rewriteScales(resize, inner, op, first, rewriter);
    return rewriteScales(cast<LatestUpsampleOp>(resampling), inner, op, first,
                         rewriter);
  }

private:
  static LogicalResult rewriteResize(LatestResizeOp resize,
                                     LatestTransposeOp inner,
                                     LatestTransposeOp op,
                                     ArrayRef<int64_t> first,
                                     PatternRewriter &rewriter) {
    SmallVector<int64_t> axes;
    for (int64_t axis : resize.getResizeOperands().getListedAxes(first.size()))
      axes.push_back(first[axis]);
    auto untransposed = cast<LatestResizeOp>(rewriter.clone(*resize));
    rewriter.modifyOpInPlace(untransposed, [&] {
      untransposed.getXMutable().assign(inner.getData());
      untransposed.setAxes(axes);
      untransposed.getY().setType(op.getType());
    });
    rewriter.replaceOp(op, untransposed.getY());
    return success();
  }

  template <typename ScalesOp>
  static LogicalResult rewriteScales(ScalesOp upsample, LatestTransposeOp inner,
                                     LatestTransposeOp op,
                                     ArrayRef<int64_t> first,
                                     PatternRewriter &rewriter) {
    DenseFPElementsAttr scales;
    if (!matchPattern(upsample.getScales(), m_Constant(&scales)))
      return failure();
    SmallVector<APFloat> values(scales.getValues<APFloat>());
    if (values.size() != first.size())
      return failure();
    SmallVector<APFloat> moved(values);
    for (auto [i, axis] : llvm::enumerate(first))
      moved[axis] = values[i];
    Value movedScales =
        ConstantOp::create(rewriter, upsample.getLoc(),
                           DenseFPElementsAttr::get(scales.getType(), moved));
    rewriter.replaceOpWithNewOp<ScalesOp>(op, op.getType(), inner.getData(),
                                          movedScales, upsample.getModeAttr());
    return success();
  }
};
} // namespace

void LatestTransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *context) {
  results.add<ResamplingBetweenInverseTransposes>(context);
}

//===----------------------------------------------------------------------===//
// Relu
//===----------------------------------------------------------------------===//

namespace {
/// Relu is a Clip from 0 to +inf (to the largest value for integers); an
/// absent upper bound would be the largest finite float, which +inf is not.
/// As a Clip with both bounds it merges with the Clips around it (relu6 is
/// Relu then Clip(0, 6)) and shares their lowering.
struct ReluToClip : OpRewritePattern<ReluV14Op> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReluV14Op op,
                                PatternRewriter &rewriter) const override {
    Type elementType = op.getX().getType().getElementType();
    auto scalarType = RankedTensorType::get({}, elementType);
    Attribute highest;
    if (auto floatType = dyn_cast<FloatType>(elementType))
      highest = FloatAttr::get(floatType,
                               APFloat::getInf(floatType.getFloatSemantics()));
    else
      highest = IntegerAttr::get(
          elementType,
          APInt::getSignedMaxValue(elementType.getIntOrFloatBitWidth()));
    auto constant = [&](Attribute value) -> Value {
      return ConstantOp::create(rewriter, op.getLoc(),
                                DenseElementsAttr::get(scalarType, value));
    };
    rewriter.replaceOpWithNewOp<LatestClipOp>(
        op, op.getX(), constant(rewriter.getZeroAttr(elementType)),
        constant(highest));
    return success();
  }
};
} // namespace

void ReluV14Op::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<ReluToClip>(context);
}
