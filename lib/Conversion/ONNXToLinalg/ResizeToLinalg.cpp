//===- ResizeToLinalg.cpp - Lower the latest Resize to linalg -------------===//
//
// docs/semantics.md's Resize, separable axis by axis: each resized axis gets
// tables over its output positions holding the taps (input indices, clamped
// to the edges) and their weights, from the coordinate transformation and
// the mode's kernel, in double precision. The coordinate and tap rules are
// written once, over an arithmetic that either computes doubles (constant
// tables, for compile-time scales and lengths) or builds the same operations
// as IR (tables computed at the kernel's entry). The output is then a gather
// (nearest) or weighted sums of the taps, nested axis by axis.
//
//===----------------------------------------------------------------------===//

#include "ONNXToLinalgPatterns.h"
#include "Resampling.h"
#include "ResizeAntialias.h"
#include "ResizeGather.h"
#include "onnxc/Codegen/IterationBuffers.h"
#include "onnxc/Dialect/Codegen/CodegenDialect.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"
#include "onnxc/Dialect/ONNX/ResizeRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APSInt.h"

#include <cmath>
#include <functional>

using namespace mlir;
using namespace onnxc;
using namespace onnxc::onnx;
using namespace onnxc::onnx_to_linalg::resampling;
using namespace onnxc::onnx_to_linalg::resize;
using namespace onnxc::onnx::resize_rules;

namespace {

/// Real-float cubic upsampling along the last axis and others, with
/// constant scales and a row that onnx-fuse-rows keeps in the cache (a
/// static length within kMaxIterationBufferBytes in the compute type): one
/// pass per axis sums 4 taps each, 8 per output of a 2-D resize rather than
/// the 16 of a gather through both axes. The passes compute the same
/// kernel, their weights divided by their sum (1 for cubic, up to
/// rounding, but with exclude_outside, where both divide). Upsampling
/// only: the passes stretch the kernel when an axis shrinks, as antialias
/// does. tf_crop_and_resize keeps the gather, which selects
/// extrapolation_value in the same kernel. Integers keep it too: its sums
/// follow the reference's order.
bool isSeparableCubic(const ResizeOperands &resize, ArrayRef<ResizedAxis> axes,
                      RankedTensorType inputType, const ComputeType &compute) {
  int64_t rank = inputType.getRank();
  if (resize.mode != ResizeMode::cubic || !compute.contract ||
      compute.isComplex || rank == 0 ||
      resize.coordinateMode == CoordinateTransformationMode::tf_crop_and_resize)
    return false;
  int64_t rowLength = inputType.getShape().back();
  if (ShapedType::isDynamic(rowLength) ||
      rowLength * (compute.type.getIntOrFloatBitWidth() / 8) >
          kMaxIterationBufferBytes)
    return false;
  int64_t resized = 0;
  bool lastResized = false;
  for (int64_t d : resize.getListedAxes(rank)) {
    std::optional<double> scale = axes[d].staticScale;
    if (!scale || *scale < 1.0)
      return false;
    std::optional<int64_t> out = getConstantIntValue(axes[d].outLength);
    if (*scale == 1.0 && out && *out == inputType.getDimSize(d))
      continue;
    ++resized;
    lastResized |= d == rank - 1;
  }
  return resized >= 2 && lastResized;
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

class ResizeLowering {
public:
  ResizeLowering(OpBuilder &b, Location loc, const ResizeOperands &resize,
                 Value roi, FloatType weightType)
      : b(b), loc(loc), resize(resize), roi(roi), weightType(weightType) {}

  /// The tables of axis `d` (listed at `position` in roi), of input length
  /// `inLength`.
  AxisTables buildTables(const ResizedAxis &axis, OpFoldResult inLength,
                         int64_t position, int64_t count) {
    std::optional<int64_t> n = getConstantIntValue(inLength);
    std::optional<int64_t> out = getConstantIntValue(axis.outLength);
    std::optional<std::pair<double, double>> constantRoi =
        getRoi(position, count);
    bool crop = resize.coordinateMode ==
                CoordinateTransformationMode::tf_crop_and_resize;
    if (n && out && axis.staticScale && *out <= kMaxConstantTableLength &&
        (!crop || constantRoi))
      return buildConstantTables(*n, *out, *axis.staticScale, constantRoi);
    return buildRuntimeTables(axis, inLength, position, count);
  }

private:
  /// The roi start and end of listed axis `position` when constant (or
  /// absent: the whole input).
  std::optional<std::pair<double, double>> getRoi(int64_t position,
                                                  int64_t count) {
    if (!roi)
      return std::make_pair(0.0, 1.0);
    DenseFPElementsAttr values;
    if (!matchPattern(roi, m_Constant(&values)))
      return std::nullopt;
    auto all = llvm::to_vector(values.getValues<APFloat>());
    auto toDouble = [](APFloat v) {
      bool losesInfo;
      v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
      return v.convertToDouble();
    };
    return std::make_pair(toDouble(all[position]),
                          toDouble(all[position + count]));
  }

  AxisTables buildConstantTables(int64_t n, int64_t out, double scale,
                                 std::optional<std::pair<double, double>> roi) {
    ConstantArithmetic m;
    AxisValues<ConstantArithmetic> values{
        double(n),
        double(out),
        scale,
        resize.dividesByOutputLength() ? double(out) : scale * double(n),
        roi ? roi->first : 0.0,
        roi ? roi->second : 1.0};
    int64_t tapCount = getTapCount(resize.mode);
    SmallVector<SmallVector<int64_t>> indices(tapCount);
    SmallVector<SmallVector<double>> weights(
        resize.mode == ResizeMode::nearest ? 0 : tapCount);
    SmallVector<bool> inside;
    bool isIdentity = out == n;
    for (int64_t o = 0; o < out; ++o) {
      Taps<ConstantArithmetic> taps = computeTaps(m, resize, double(o), values);
      for (int64_t t = 0; t < tapCount; ++t) {
        double weight = taps.weights.empty() ? 1.0 : taps.weights[t];
        bool own = static_cast<int64_t>(taps.indices[t]) == o;
        // Own-position taps of weight 1 and any others of weight 0 (linear
        // at an integer coordinate puts both taps on it, weighted 1 and 0).
        isIdentity &= weight == 0.0 || (own && weight == 1.0);
      }
      isIdentity &= taps.inside;
      for (int64_t t = 0; t < tapCount; ++t)
        indices[t].push_back(static_cast<int64_t>(taps.indices[t]));
      for (auto [t, w] : llvm::enumerate(taps.weights))
        weights[t].push_back(w);
      inside.push_back(taps.inside);
    }
    AxisTables tables;
    Type indexType = getIndexTableType(b, n);
    for (ArrayRef<int64_t> tap : indices)
      tables.indices.push_back(constantIndexTable(b, loc, indexType, tap));
    for (ArrayRef<double> tap : weights)
      tables.weights.push_back(constantWeightTable(b, loc, weightType, tap));
    if (resize.mode == ResizeMode::nearest)
      tables.constantIndices = indices[0];
    tables.isIdentity = isIdentity;
    if (resize.coordinateMode ==
        CoordinateTransformationMode::tf_crop_and_resize) {
      auto type = RankedTensorType::get({out}, b.getI8Type());
      SmallVector<int8_t> bytes(inside.begin(), inside.end());
      tables.inside = arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(type, ArrayRef<int8_t>(bytes)));
    }
    return tables;
  }

  AxisTables buildRuntimeTables(const ResizedAxis &axis, OpFoldResult inLength,
                                int64_t position, int64_t count) {
    bool crop = resize.coordinateMode ==
                CoordinateTransformationMode::tf_crop_and_resize;
    AxisValues<IRArithmetic> values = getAxisValues(
        b, loc, resize, axis, getValueOrCreateConstantIndexOp(b, loc, inLength),
        getValueOrCreateConstantIndexOp(b, loc, axis.outLength), roi, position,
        count);
    int64_t tapCount = getTapCount(resize.mode);
    Type indexType = getIndexTableType(b, getConstantIntValue(inLength));
    SmallVector<Type> types(tapCount, indexType);
    if (resize.mode != ResizeMode::nearest)
      types.append(tapCount, weightType);
    if (crop)
      types.push_back(b.getI8Type());
    SmallVector<Value> results = buildAxisTables(
        b, loc, axis.outLength, types,
        [&](OpBuilder &nb, Location nloc, Value o) -> SmallVector<Value> {
          IRArithmetic m{nb, nloc};
          Taps<IRArithmetic> taps =
              computeTaps(m, resize, indexToF64(nb, nloc, o), values);
          SmallVector<Value> entries;
          for (Value index : taps.indices)
            entries.push_back(indexToTableEntry(nb, nloc, indexType,
                                                f64ToIndex(nb, nloc, index)));
          for (Value w : taps.weights)
            entries.push_back(weightType.isF64() ? w
                                                 : arith::TruncFOp::create(
                                                       nb, nloc, weightType, w)
                                                       .getResult());
          if (crop)
            entries.push_back(
                arith::ExtUIOp::create(nb, nloc, nb.getI8Type(), taps.inside));
          return entries;
        });
    AxisTables tables;
    tables.indices.assign(results.begin(), results.begin() + tapCount);
    if (resize.mode != ResizeMode::nearest)
      tables.weights.assign(results.begin() + tapCount,
                            results.begin() + 2 * tapCount);
    if (crop)
      tables.inside = results.back();
    return tables;
  }

  OpBuilder &b;
  Location loc;
  const ResizeOperands &resize;
  Value roi;
  FloatType weightType;
};

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// The repeat count k of a nearest table that is exactly o / k over an
/// output k times the input; std::nullopt otherwise.
std::optional<int64_t> getRepeatFactor(ArrayRef<int64_t> table, int64_t n) {
  if (n <= 0 || table.size() % n != 0)
    return std::nullopt;
  int64_t k = table.size() / n;
  for (auto [o, i] : llvm::enumerate(table))
    if (i != static_cast<int64_t>(o) / k)
      return std::nullopt;
  return k;
}

/// The most elements of the unresized axes after the last resized axis
/// (the channels of an HWC or NHWC image) that fold into it. More channels
/// make a vector of their own.
constexpr int64_t kMaxFoldedChannels = 4;

/// `table` (entries per output position of an axis) as a table per element
/// of that axis merged with the `channels` elements after it: each entry
/// repeated `channels` times. Null unless `table` is constant.
Value repeatTableEntries(OpBuilder &b, Location loc, Value table,
                         int64_t channels) {
  DenseElementsAttr values;
  if (!table || !matchPattern(table, m_Constant(&values)))
    return nullptr;
  SmallVector<Attribute> repeated;
  for (Attribute value : values.getValues<Attribute>())
    repeated.append(channels, value);
  auto type = RankedTensorType::get({values.getNumElements() * channels},
                                    values.getElementType());
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(type, repeated));
}

} // namespace

SmallVector<Value> onnxc::onnx_to_linalg::resize::buildNestedSum(
    OpBuilder &b, Location loc, Value input, ArrayRef<Value> position,
    ArrayRef<int64_t> resized, int64_t tapCount,
    function_ref<Value(int64_t, int64_t)> tapIndex,
    function_ref<Value(int64_t, int64_t)> tapWeight, const ComputeType &compute,
    bool referenceOrder) {
  // No two weights multiply, so a term costs one multiply-add, fused where
  // `compute` allows it.
  auto fastMath = compute.contract ? arith::FastMathFlags::contract
                                   : arith::FastMathFlags::none;
  SmallVector<Value> indices(position);
  int64_t k = resized.size();
  // Real floats, judged within a tolerance, nest the other way round: the
  // innermost sums then run over the first axes, and the last axis's taps
  // weight them. Along the last axis, neighbouring outputs (and the phases
  // of an integer factor) share those sums, which CSE then computes once.
  // Fixed-point sums are exact in any order, and nest so too: the taps of
  // the last axis then shuffle one blend of the rows rather than each row.
  bool lastAxisOutermost = (compute.contract || compute.fixedType) &&
                           !compute.isComplex && !referenceOrder;
  auto axisAt = [&](int64_t depth) {
    return lastAxisOutermost ? k - 1 - depth : depth;
  };
  std::function<SmallVector<Value>(int64_t)> sumFrom =
      [&](int64_t depth) -> SmallVector<Value> {
    if (depth == k)
      return compute.toCompute(
          b, loc, tensor::ExtractOp::create(b, loc, input, indices));
    int64_t a = axisAt(depth);
    SmallVector<Value> sum;
    for (int64_t t = 0; t < tapCount; ++t) {
      indices[resized[a]] = tapIndex(a, t);
      SmallVector<Value> inner = sumFrom(depth + 1);
      Value w = tapWeight(a, t);
      for (auto [i, part] : llvm::enumerate(inner)) {
        Value term = compute.multiply(b, loc, w, part, fastMath);
        if (t == 0)
          sum.push_back(term);
        else
          sum[i] = compute.add(b, loc, sum[i], term, fastMath);
      }
    }
    return sum;
  };
  return sumFrom(0);
}

Value onnxc::onnx_to_linalg::resize::buildExtrapolationElement(
    OpBuilder &b, Location loc, const ComputeType &compute, double value) {
  Type elementType = compute.elementType;
  auto toFloat = [&](FloatType type) {
    APFloat converted(value);
    bool losesInfo;
    converted.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                      &losesInfo);
    return b.getFloatAttr(type, converted);
  };
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return arith::ConstantOp::create(b, loc, toFloat(floatType));
  if (auto complexType = dyn_cast<ComplexType>(elementType)) {
    auto partType = cast<FloatType>(complexType.getElementType());
    return complex::ConstantOp::create(
        b, loc, complexType,
        b.getArrayAttr({toFloat(partType), b.getFloatAttr(partType, 0.0)}));
  }
  auto integerType = dyn_cast<IntegerType>(elementType);
  if (!integerType || compute.isString)
    return Value();
  unsigned width = integerType.getWidth();
  APInt element(width, 0);
  if (compute.isBool) {
    element = APInt(width, value != 0.0); // NaN != 0 too.
  } else if (!std::isnan(value)) {
    APSInt integer(width, compute.isUnsigned);
    bool isExact;
    // Saturates out-of-range values; rounding toward zero is truncation.
    APFloat(value).convertToInteger(integer, APFloat::rmTowardZero, &isExact);
    element = integer;
  }
  return arith::ConstantOp::create(b, loc,
                                   b.getIntegerAttr(integerType, element));
}

Value onnxc::onnx_to_linalg::resize::buildGather(
    OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> resized,
    ArrayRef<AxisTables> tables, ArrayRef<OpFoldResult> outSizes,
    const ComputeType &compute, double extrapolation) {
  int64_t rank = outSizes.size();
  Type elementType = cast<RankedTensorType>(input.getType()).getElementType();
  // Inputs per resized axis: index tables, weight tables, inside table.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<int64_t> firstInput;
  for (auto [a, d] : llvm::enumerate(resized)) {
    firstInput.push_back(inputs.size());
    SmallVector<Value> axisInputs(tables[a].indices);
    llvm::append_range(axisInputs, tables[a].weights);
    if (tables[a].inside)
      axisInputs.push_back(tables[a].inside);
    for (Value table : axisInputs) {
      inputs.push_back(table);
      maps.push_back(AffineMap::get(rank, 0, b.getAffineDimExpr(d)));
    }
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  Value init = onnx_to_linalg::createEmptyLike(b, loc, outSizes, elementType);
  int64_t tapCount = tables.empty() ? 1 : tables.front().indices.size();
  bool weighted = !tables.empty() && !tables.front().weights.empty();
  Value extrapolationElement;
  if (llvm::any_of(tables, [](const AxisTables &t) { return t.inside; }))
    extrapolationElement =
        buildExtrapolationElement(b, loc, compute, extrapolation);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), inputs, init, maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < rank; ++d)
          position.push_back(linalg::IndexOp::create(nb, nloc, d));
        SmallVector<Value> indices = position;
        Value result;
        if (weighted) {
          result = compute.fromCompute(
              nb, nloc,
              buildNestedSum(
                  nb, nloc, input, position, resized, tapCount,
                  [&](int64_t a, int64_t t) {
                    return tableEntryToIndex(nb, nloc, args[firstInput[a] + t]);
                  },
                  [&](int64_t a, int64_t t) {
                    return args[firstInput[a] + tapCount + t];
                  },
                  compute));
        } else {
          for (auto [a, d] : llvm::enumerate(resized))
            indices[d] = tableEntryToIndex(nb, nloc, args[firstInput[a]]);
          result = tensor::ExtractOp::create(nb, nloc, input, indices);
        }
        Value inside;
        for (auto [a, d] : llvm::enumerate(resized)) {
          if (!tables[a].inside)
            continue;
          Value axisInside = arith::CmpIOp::create(
              nb, nloc, arith::CmpIPredicate::ne,
              args[firstInput[a] + tapCount + (weighted ? tapCount : 0)],
              arith::ConstantOp::create(nb, nloc, nb.getI8IntegerAttr(0)));
          inside = inside ? arith::AndIOp::create(nb, nloc, inside, axisInside)
                                .getResult()
                          : axisInside;
        }
        // Strings have no extrapolation element: the verifier and the
        // shape function refuse every output outside the input.
        if (inside && extrapolationElement)
          result = arith::SelectOp::create(nb, nloc, inside, result,
                                           extrapolationElement);
        linalg::YieldOp::create(nb, nloc, result);
      });
  return generic.getResult(0);
}

Value onnxc::onnx_to_linalg::resize::buildChannelsLastGather(
    OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> resized,
    ArrayRef<AxisTables> tables, ArrayRef<OpFoldResult> outSizes,
    const ComputeType &compute, double extrapolation) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  int64_t last = resized.back();
  if (last == rank - 1 || inputType.isDynamicDim(last))
    return nullptr;
  int64_t channels = 1;
  for (int64_t d = last + 1; d < rank; ++d) {
    if (inputType.isDynamicDim(d))
      return nullptr;
    channels *= inputType.getDimSize(d);
  }
  std::optional<int64_t> out = getConstantIntValue(outSizes[last]);
  if (channels > kMaxFoldedChannels || !out ||
      *out * channels > kMaxConstantTableLength)
    return nullptr;

  const AxisTables &axis = tables.back();
  int64_t n = inputType.getDimSize(last);
  Type indexType = getIndexTableType(b, n * channels);
  AxisTables folded;
  for (Value table : axis.indices) {
    DenseElementsAttr values;
    if (!matchPattern(table, m_Constant(&values)))
      return nullptr;
    SmallVector<int64_t> entries;
    for (const APInt &i : values.getValues<APInt>())
      for (int64_t c = 0; c < channels; ++c)
        entries.push_back(i.getSExtValue() * channels + c);
    folded.indices.push_back(constantIndexTable(b, loc, indexType, entries));
  }
  for (Value table : axis.weights)
    folded.weights.push_back(repeatTableEntries(b, loc, table, channels));
  if (axis.inside)
    folded.inside = repeatTableEntries(b, loc, axis.inside, channels);
  if (llvm::is_contained(folded.weights, Value()) ||
      (axis.inside && !folded.inside))
    return nullptr;

  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < last; ++d)
    reassociation.push_back({d});
  reassociation.push_back(llvm::to_vector(llvm::seq(last, rank)));
  Value collapsed =
      tensor::CollapseShapeOp::create(b, loc, input, reassociation);
  SmallVector<OpFoldResult> foldedSizes(outSizes.take_front(last));
  foldedSizes.push_back(b.getIndexAttr(*out * channels));
  SmallVector<AxisTables> foldedTables(tables.drop_back());
  foldedTables.push_back(std::move(folded));
  Value gathered = buildGather(b, loc, collapsed, resized, foldedTables,
                               foldedSizes, compute, extrapolation);
  auto resultType = RankedTensorType::get(
      decomposeMixedValues(SmallVector<OpFoldResult>(outSizes)).first,
      inputType.getElementType());
  return tensor::ExpandShapeOp::create(b, loc, resultType, gathered,
                                       reassociation, outSizes);
}

namespace {

//===----------------------------------------------------------------------===//
// The pattern
//===----------------------------------------------------------------------===//

/// The latest Resize, and Resize-10 where it is not upgraded.
template <typename ResizeOp>
struct ResizeToLinalg : OpConversionPattern<ResizeOp> {
  using OpAdaptor = typename ResizeOp::Adaptor;

  ResizeToLinalg(const TypeConverter &typeConverter, MLIRContext *context,
                 bool alignCornersByOutputLength)
      : OpConversionPattern<ResizeOp>(typeConverter, context),
        alignCornersByOutputLength(alignCornersByOutputLength) {}

  LogicalResult
  matchAndRewrite(ResizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ResizeOperands resize = op.getResizeOperands();
    resize.alignCornersByOutputLength = alignCornersByOutputLength;
    Value input = adaptor.getX();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(op.getY().getType()));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unsupported result type");

    Value scales = resize.scales ? adaptor.getScales() : Value();
    Value sizes;
    if constexpr (!std::is_same_v<ResizeOp, ResizeV10Op>)
      sizes = resize.sizes ? adaptor.getSizes() : Value();
    SmallVector<ResizedAxis> axes =
        buildResizedAxes(rewriter, loc, resize, input, scales, sizes);
    SmallVector<OpFoldResult> outSizes;
    for (auto [d, axis] : llvm::enumerate(axes))
      outSizes.push_back(resultType.isDynamicDim(d)
                             ? axis.outLength
                             : rewriter.getIndexAttr(resultType.getDimSize(d)));
    SmallVector<OpFoldResult> inSizes =
        tensor::getMixedSizes(rewriter, loc, input);

    auto isZero = [](OpFoldResult size) {
      std::optional<int64_t> value = getConstantIntValue(size);
      return value && *value == 0;
    };
    Value result;
    if (llvm::any_of(outSizes, isZero) || llvm::any_of(inSizes, isZero)) {
      result = onnx_to_linalg::createEmptyLike(rewriter, loc, outSizes,
                                               inputType.getElementType());
    } else {
      Value roi;
      if constexpr (!std::is_same_v<ResizeOp, ResizeV10Op>)
        roi = resize.roi ? adaptor.getRoi() : Value();
      bool groupRows =
          codegen::CodegenDialect::RowGroupsAttrHelper(op->getContext())
              .isAttrPresent(op);
      result = lower(rewriter, loc, resize, input, roi, axes, inSizes, outSizes,
                     op.getX().getType().getElementType(), groupRows);
    }
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  bool alignCornersByOutputLength;

  static Value lower(OpBuilder &b, Location loc, const ResizeOperands &resize,
                     Value input, Value roi, ArrayRef<ResizedAxis> axes,
                     ArrayRef<OpFoldResult> inSizes,
                     ArrayRef<OpFoldResult> outSizes, Type originalElementType,
                     bool groupRows) {
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    // Integers, float16 and bfloat16 interpolate in f64, so that rounding
    // the sum sees the double result: float32 sums of terms that cancel
    // are off by more than a float16 ulp near 0. float32 in float32, f64
    // in f64.
    ComputeType compute(inputType.getElementType(), originalElementType);
    Type elementType = inputType.getElementType();
    if (isa<IntegerType>(elementType) || elementType.isF16() ||
        elementType.isBF16())
      compute.type = b.getF64Type();
    compute.roundToNearestEven = true;
    if ((resize.antialias && resize.mode != ResizeMode::nearest) ||
        isSeparableCubic(resize, axes, inputType, compute))
      return lowerAntialiasedResize(b, loc, resize, input, roi, axes, outSizes,
                                    compute);
    bool crop = resize.coordinateMode ==
                CoordinateTransformationMode::tf_crop_and_resize;
    ResizeLowering lowering(b, loc, resize, crop ? roi : Value(), compute.type);

    SmallVector<int64_t> listed = resize.getListedAxes(rank);
    SmallVector<int64_t> resized;
    SmallVector<AxisTables> tables;
    for (int64_t d : resize.getResampledAxes(rank)) {
      // An axis not listed has no roi values (it only has tables with
      // tf_half_pixel_for_nn, which reads none).
      int64_t position = llvm::find(listed, d) - listed.begin();
      if (resize.getRunTimeFactor(axes[d].staticScale,
                                  !getConstantIntValue(inSizes[d]),
                                  /*innermost=*/false) == 1)
        continue;
      AxisTables axisTables =
          lowering.buildTables(axes[d], inSizes[d], position, listed.size());
      if (axisTables.isIdentity)
        continue;
      resized.push_back(d);
      tables.push_back(std::move(axisTables));
    }
    if (resized.empty())
      return input;

    if (resize.mode == ResizeMode::nearest && !crop) {
      SmallVector<int64_t> repeats(rank, 1);
      bool broadcast = true;
      for (auto [a, d] : llvm::enumerate(resized)) {
        std::optional<int64_t> n = getConstantIntValue(inSizes[d]);
        std::optional<int64_t> k =
            tables[a].constantIndices && n
                ? getRepeatFactor(*tables[a].constantIndices, *n)
                : std::nullopt;
        broadcast &= k.has_value();
        if (k)
          repeats[d] = *k;
      }
      if (broadcast)
        return buildBroadcast(b, loc, input, repeats, outSizes);
    }
    if (!tables.front().weights.empty()) {
      int64_t products = 1;
      for (size_t a = 0; a < resized.size() && products <= kMaxGatherProducts;
           ++a)
        products *= tables.front().indices.size();
      if (products > kMaxGatherProducts)
        return lowerResizeAxisByAxis(b, loc, resize, input, resized, tables,
                                     outSizes, compute);
    }
    // Integers whose weights are fractions of small denominators (the
    // scales images use) sum exactly in fixed point: the exact value,
    // rounded half to even, in integer lanes.
    if (!tables.front().weights.empty()) {
      SmallVector<MutableArrayRef<Value>> weights;
      for (AxisTables &axis : tables)
        weights.push_back(axis.weights);
      tryFixedPoint(b, loc, compute, weights, /*widths=*/{16, 32, 64},
                    /*rationals=*/true);
    }
    if (Value channelsLast =
            buildChannelsLastGather(b, loc, input, resized, tables, outSizes,
                                    compute, resize.extrapolationValue))
      return channelsLast;
    if (Value phased = buildPhasedGather(b, loc, input, resized, tables,
                                         outSizes, compute, groupRows))
      return phased;
    if (Value phased = buildRunTimePhasedGather(
            b, loc, resize, input, resized, tables, outSizes, compute,
            axes[resized.back()].staticScale))
      return phased;
    return buildGather(b, loc, input, resized, tables, outSizes, compute,
                       resize.extrapolationValue);
  }
};
} // namespace

void onnxc::onnx_to_linalg::populateResizeToLinalgPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns,
    bool alignCornersByOutputLength) {
  patterns.add<ResizeToLinalg<LatestResizeOp>, ResizeToLinalg<ResizeV10Op>>(
      typeConverter, patterns.getContext(), alignCornersByOutputLength);
}
