//===- ONNXOps.cpp - onnx dialect ops -------------------------------------===//
//
// Verifiers, type inference and shape reification of the onnx ops. Every
// verifier message names the docs/semantics.md rule it enforces.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Dialect/ONNX/ONNXOps.h"
#include "ONNXOpsDetail.h"
#include "onnxc/Dialect/ONNX/ElementTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace onnxc::onnx;
using namespace onnxc::onnx::detail;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::optional<int64_t> onnxc::onnx::getUpsampledLength(int64_t inputLength,
                                                       float scale) {
  if (!std::isfinite(scale) || !(scale >= 1.0f) || inputLength < 0)
    return std::nullopt;
  // float32(n) *f s, truncated toward zero, exactly as ONNX Runtime does.
  float length = static_cast<float>(inputLength) * scale;
  // 2^62 keeps every later size computation clear of int64 overflow.
  if (!(length < 0x1p62f))
    return std::nullopt;
  return static_cast<int64_t>(length);
}

/// The elements of a constant whose element type is `elementType` and is
/// stored as `T`: a dense attribute, or the resource blob the importer
/// keeps a large initializer in (read through its raw data; such blobs
/// have no attribute iterators).
template <typename T>
static std::optional<SmallVector<T>> getConstantValues(Value value,
                                                       Type elementType) {
  ElementsAttr attr;
  if (!value || !matchPattern(value, m_Constant(&attr)) ||
      attr.getElementType() != elementType)
    return std::nullopt;
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (dense.isSplat())
      return SmallVector<T>(dense.getNumElements(), dense.getSplatValue<T>());
    auto values = dense.tryGetValues<T>();
    if (failed(values))
      return std::nullopt;
    return SmallVector<T>(values->begin(), values->end());
  }
  auto resource = dyn_cast<DenseResourceElementsAttr>(attr);
  AsmResourceBlob *blob =
      resource ? resource.getRawHandle().getBlob() : nullptr;
  if (!blob)
    return std::nullopt;
  ArrayRef<char> data = blob->getData();
  if (data.size() != attr.getNumElements() * sizeof(T))
    return std::nullopt;
  SmallVector<T> values(attr.getNumElements());
  std::memcpy(values.data(), data.data(), data.size());
  return values;
}

std::optional<SmallVector<float>>
onnxc::onnx::detail::getConstantFloats(Value value) {
  if (!value)
    return std::nullopt;
  return getConstantValues<float>(value, Float32Type::get(value.getContext()));
}

std::optional<SmallVector<int64_t>>
onnxc::onnx::detail::getConstantInts(Value value) {
  if (!value)
    return std::nullopt;
  return getConstantValues<int64_t>(value,
                                    IntegerType::get(value.getContext(), 64));
}

LogicalResult onnxc::onnx::detail::verifyResampledType(
    Operation *op, RankedTensorType inputType, RankedTensorType resultType) {
  if (resultType.getElementType() != inputType.getElementType())
    return op->emitOpError("result element type must be the input's, ")
           << inputType.getElementType() << ", but is "
           << resultType.getElementType();
  if (resultType.getRank() != inputType.getRank())
    return op->emitOpError("result rank must be the input's, ")
           << inputType.getRank() << ", but is " << resultType.getRank();
  return success();
}

LogicalResult
onnxc::onnx::detail::verifyOutputSize(Operation *op,
                                      RankedTensorType resultType) {
  std::optional<int64_t> bytes =
      getElementTypeSize(resultType.getElementType());
  if (!bytes || llvm::is_contained(resultType.getShape(), 0))
    return success();
  for (int64_t size : resultType.getShape()) {
    if (ShapedType::isDynamic(size))
      continue;
    if (llvm::MulOverflow(*bytes, size, *bytes) ||
        static_cast<uint64_t>(*bytes) > ONNXC_MAX_TENSOR_BYTES)
      return op->emitOpError("the output is too large: ")
             << resultType << " holds more than 2^62 bytes";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Operator versions
//===----------------------------------------------------------------------===//

#include "onnxc/Dialect/ONNX/ONNXInterfaces.cpp.inc"

SmallVector<OperatorVersion>
onnxc::onnx::getOperatorVersions(MLIRContext *context, StringRef operatorName) {
  SmallVector<OperatorVersion> versions;
  auto *dialect = context->getOrLoadDialect<ONNXDialect>();
  for (RegisteredOperationName op : dialect->getVersionedOps()) {
    auto *versioned = op.getInterface<VersionedOpInterface>();
    if (versioned->getOperatorName() == operatorName)
      versions.push_back({versioned->getSinceVersion(), op});
  }
  llvm::sort(versions, [](const OperatorVersion &a, const OperatorVersion &b) {
    return a.sinceVersion < b.sinceVersion;
  });
  return versions;
}

SmallVector<StringRef>
onnxc::onnx::getVersionedOperators(MLIRContext *context) {
  SmallVector<StringRef> names;
  auto *dialect = context->getOrLoadDialect<ONNXDialect>();
  for (RegisteredOperationName op : dialect->getVersionedOps())
    names.push_back(op.getInterface<VersionedOpInterface>()->getOperatorName());
  llvm::sort(names);
  names.erase(llvm::unique(names), names.end());
  return names;
}

std::optional<OperatorVersion>
onnxc::onnx::resolveOperatorVersion(MLIRContext *context,
                                    StringRef operatorName, int64_t opset) {
  std::optional<OperatorVersion> resolved;
  for (const OperatorVersion &version :
       getOperatorVersions(context, operatorName))
    if (version.sinceVersion <= opset)
      resolved = version;
  return resolved;
}

bool onnxc::onnx::isSupersededVersion(Operation *op) {
  auto versioned = dyn_cast<VersionedOpInterface>(op);
  if (!versioned)
    return false;
  // Resize-10's nearest rounds by whether each scale is below 1, which the
  // latest Resize can express only for scales known at compile time; with
  // run-time ones the op is lowered as it is.
  if (auto resize = dyn_cast<ResizeV10Op>(op);
      resize && resize.getMode() == ResizeMode::nearest &&
      !matchPattern(resize.getScales(), m_Constant()))
    return false;
  SmallVector<OperatorVersion> versions =
      getOperatorVersions(op->getContext(), versioned.getOperatorName());
  return !versions.empty() &&
         versions.back().sinceVersion > versioned.getSinceVersion();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// Clip
//===----------------------------------------------------------------------===//

template <typename ClipOp> static LogicalResult verifyInputBounds(ClipOp op) {
  Type elementType = op.getInput().getType().getElementType();
  std::pair<StringRef, Value> bounds[] = {{"min", op.getMin()},
                                          {"max", op.getMax()}};
  for (auto [name, bound] : bounds) {
    if (!bound)
      continue;
    auto type = cast<RankedTensorType>(bound.getType());
    if (type.getElementType() != elementType)
      return op.emitOpError("bound '")
             << name << "' must have the input's element type " << elementType
             << ", but has type " << type;
    if (type.hasStaticShape() && type.getNumElements() != 1)
      return op.emitOpError("bound '")
             << name << "' must hold exactly one element, but has type "
             << type;
  }
  return success();
}

namespace {
/// The one value of a constant one-element bound, if it has one.
std::optional<Attribute> getScalarBound(Value bound) {
  ElementsAttr attr;
  if (!bound || !matchPattern(bound, m_Constant(&attr)) ||
      attr.getNumElements() != 1)
    return std::nullopt;
  Type type = attr.getElementType();
  if (isa<FloatType>(type))
    return FloatAttr::get(type, *attr.value_begin<APFloat>());
  if (auto integer = dyn_cast<IntegerType>(type))
    return IntegerAttr::get(type, *attr.value_begin<APInt>());
  return std::nullopt;
}

/// `a < b` as Clip compares: ordered for floats, by signedness for
/// integers.
bool lessThan(Attribute a, Attribute b) {
  if (auto fa = dyn_cast<FloatAttr>(a))
    return fa.getValue() < cast<FloatAttr>(b).getValue();
  auto ia = cast<IntegerAttr>(a);
  APInt x = ia.getValue(), y = cast<IntegerAttr>(b).getValue();
  return ia.getType().isUnsignedInteger() ? x.ult(y) : x.slt(y);
}

bool isNaN(Attribute a) {
  auto f = dyn_cast<FloatAttr>(a);
  return f && f.getValue().isNaN();
}

/// Clip(Clip(x, lo1, hi1), lo2, hi2), every bound a constant, as
/// Clip(x, clip(lo1), clip(hi1)) with clip the outer Clip. Exact, signed
/// zeros included, when neither interval is empty and they overlap (no
/// NaN bounds): every x then picks the same value from the same place.
template <typename ClipOp> struct FoldClipOfClip : OpRewritePattern<ClipOp> {
  using OpRewritePattern<ClipOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ClipOp outer,
                                PatternRewriter &rewriter) const override {
    auto inner = outer.getInput().template getDefiningOp<ClipOp>();
    if (!inner || !inner->hasOneUse())
      return failure();
    std::optional<Attribute> lo1 = getScalarBound(inner.getMin()),
                             hi1 = getScalarBound(inner.getMax()),
                             lo2 = getScalarBound(outer.getMin()),
                             hi2 = getScalarBound(outer.getMax());
    if (!lo1 || !hi1 || !lo2 || !hi2)
      return failure();
    for (Attribute bound : {*lo1, *hi1, *lo2, *hi2})
      if (isNaN(bound))
        return failure();
    if (lessThan(*hi1, *lo1) || lessThan(*hi2, *lo2) || lessThan(*hi1, *lo2) ||
        lessThan(*hi2, *lo1))
      return failure();
    // The outer Clip of one value: t = v < lo ? lo : v; hi < t ? hi : t.
    auto clip = [&](Attribute v) {
      Attribute t = lessThan(v, *lo2) ? *lo2 : v;
      return lessThan(*hi2, t) ? *hi2 : t;
    };
    auto constant = [&](Value like, Attribute value) -> Value {
      auto type = cast<RankedTensorType>(like.getType());
      return ConstantOp::create(rewriter, outer.getLoc(),
                                DenseElementsAttr::get(type, value));
    };
    Value lo = constant(inner.getMin(), clip(*lo1));
    Value hi = constant(inner.getMax(), clip(*hi1));
    rewriter.replaceOpWithNewOp<ClipOp>(outer, inner.getInput(), lo, hi);
    rewriter.eraseOp(inner);
    return success();
  }
};
} // namespace

/// Clip is elementwise: its result has the input's shape.
static LogicalResult reifyClipShape(OpBuilder &builder, Operation *op,
                                    ReifiedRankedShapedTypeDims &shapes) {
  shapes.push_back(
      tensor::getMixedSizes(builder, op->getLoc(), op->getOperand(0)));
  return success();
}

//===----------------------------------------------------------------------===//
// Upsample
//===----------------------------------------------------------------------===//

std::optional<SmallVector<float>> UpsampleV1Op::getConstantScales() {
  return SmallVector<float>{1.0f, 1.0f, getHeightScale().convertToFloat(),
                            getWidthScale().convertToFloat()};
}

std::optional<SmallVector<float>> UpsampleV7Op::getConstantScales() {
  return SmallVector<float>(getScales());
}

/// The result type docs/semantics.md's output-shape formula gives: the input's
/// element type and rank, and trunc(n * s) wherever n and s are known.
static RankedTensorType
inferUpsampleType(RankedTensorType inputType,
                  std::optional<ArrayRef<float>> scales) {
  SmallVector<int64_t> shape(inputType.getRank(), ShapedType::kDynamic);
  if (scales && scales->size() == shape.size()) {
    for (auto [i, scale] : llvm::enumerate(*scales)) {
      if (inputType.isDynamicDim(i))
        continue;
      if (auto length = getUpsampledLength(inputType.getDimSize(i), scale))
        shape[i] = *length;
    }
  }
  return RankedTensorType::get(shape, inputType.getElementType());
}

/// Verifies every static Upsample rule of docs/semantics.md. `numScales` is the
/// number of scales when it is known statically (attribute length or the static
/// length of the scales operand).
static LogicalResult verifyUpsample(Operation *op, RankedTensorType inputType,
                                    RankedTensorType resultType, StringRef mode,
                                    bool interpolates,
                                    std::optional<int64_t> numScales,
                                    std::optional<ArrayRef<float>> scales) {
  int64_t rank = inputType.getRank();
  if (rank < 1)
    return op->emitOpError("input must have rank >= 1 to be upsampled");

  Type elementType = inputType.getElementType();
  if (interpolates &&
      (elementType.isInteger(1) || isa<StringType>(elementType)))
    return op->emitOpError("mode '")
           << mode << "' interpolates and is not defined for element type "
           << elementType;

  if (numScales && *numScales != rank)
    return op->emitOpError("expects one scale per input dimension: ")
           << *numScales << " scales for an input of rank " << rank;

  if (scales) {
    for (auto [i, scale] : llvm::enumerate(*scales))
      if (!std::isfinite(scale) || !(scale >= 1.0f))
        return op->emitOpError("scales must be finite and >= 1, but the "
                               "scale of dimension ")
               << i << " is " << scale;
  }

  if (failed(verifyResampledType(op, inputType, resultType)))
    return failure();

  if (scales) {
    for (auto [i, scale] : llvm::enumerate(*scales)) {
      if (inputType.isDynamicDim(i))
        continue;
      std::optional<int64_t> length =
          getUpsampledLength(inputType.getDimSize(i), scale);
      if (!length)
        return op->emitOpError("output dimension ")
               << i << " = trunc(" << inputType.getDimSize(i) << " * " << scale
               << ") is too large";
      if (!resultType.isDynamicDim(i) && resultType.getDimSize(i) != *length)
        return op->emitOpError("result dimension ")
               << i << " must be trunc(" << inputType.getDimSize(i) << " * "
               << scale << ") = " << *length << ", but is "
               << resultType.getDimSize(i);
    }
  }

  return verifyOutputSize(op, resultType);
}

LogicalResult UpsampleV1Op::verify() {
  auto inputType = getX().getType();
  if (inputType.getRank() != 4)
    return emitOpError("UpsampleV1 takes a 4-D NCHW input, but the input has "
                       "rank ")
           << inputType.getRank();
  auto scales = *getConstantScales();
  return verifyUpsample(*this, inputType, getY().getType(),
                        stringifyUpsampleV1Mode(getMode()),
                        getMode() == UpsampleV1Mode::bilinear,
                        /*numScales=*/4, ArrayRef<float>(scales));
}

LogicalResult UpsampleV7Op::verify() {
  return verifyUpsample(*this, getX().getType(), getY().getType(),
                        stringifyUpsampleMode(getMode()),
                        getMode() == UpsampleMode::linear,
                        static_cast<int64_t>(getScales().size()), getScales());
}

template <typename UpsampleOp>
static LogicalResult verifyInputScalesUpsample(UpsampleOp op) {
  auto scalesType = op.getScales().getType();
  if (scalesType.getRank() != 1)
    return op.emitOpError("scales must be a 1-D tensor, but has type ")
           << scalesType;
  std::optional<int64_t> numScales;
  if (!scalesType.isDynamicDim(0))
    numScales = scalesType.getDimSize(0);
  std::optional<SmallVector<float>> scales = op.getConstantScales();
  std::optional<ArrayRef<float>> scalesRef;
  if (scales)
    scalesRef = *scales;
  return verifyUpsample(op, op.getX().getType(), op.getY().getType(),
                        stringifyUpsampleMode(op.getMode()),
                        op.getMode() == UpsampleMode::linear, numScales,
                        scalesRef);
}

LogicalResult
UpsampleV1Op::inferReturnTypes(MLIRContext *context,
                               std::optional<Location> loc, Adaptor adaptor,
                               SmallVectorImpl<Type> &inferredReturnTypes) {
  if (failed(detail::verifyAdaptorAttributes(context, loc, adaptor)))
    return failure();
  auto inputType = cast<RankedTensorType>(adaptor.getX().getType());
  float scales[] = {1.0f, 1.0f, adaptor.getHeightScale().convertToFloat(),
                    adaptor.getWidthScale().convertToFloat()};
  inferredReturnTypes.push_back(
      inferUpsampleType(inputType, ArrayRef<float>(scales)));
  return success();
}

LogicalResult
UpsampleV7Op::inferReturnTypes(MLIRContext *context,
                               std::optional<Location> loc, Adaptor adaptor,
                               SmallVectorImpl<Type> &inferredReturnTypes) {
  if (failed(detail::verifyAdaptorAttributes(context, loc, adaptor)))
    return failure();
  auto inputType = cast<RankedTensorType>(adaptor.getX().getType());
  inferredReturnTypes.push_back(
      inferUpsampleType(inputType, adaptor.getScales()));
  return success();
}

template <typename Adaptor>
static LogicalResult
inferInputScalesUpsample(Adaptor adaptor,
                         SmallVectorImpl<Type> &inferredReturnTypes) {
  auto inputType = cast<RankedTensorType>(adaptor.getX().getType());
  std::optional<SmallVector<float>> scales =
      getConstantFloats(adaptor.getScales());
  std::optional<ArrayRef<float>> scalesRef;
  if (scales)
    scalesRef = *scales;
  inferredReturnTypes.push_back(inferUpsampleType(inputType, scalesRef));
  return success();
}

/// A declared result type may be more static than the inferred one (an ONNX
/// model states output shapes that depend on run-time scales). Agreement with
/// the output-shape formula is checked by the verifiers, whose messages name
/// the rule; here only the kind of type matters.
static bool isCompatibleResampledTypes(TypeRange lhs, TypeRange rhs) {
  return lhs.size() == 1 && rhs.size() == 1 && isa<RankedTensorType>(lhs[0]) &&
         isa<RankedTensorType>(rhs[0]);
}

SmallVector<OpFoldResult> onnxc::onnx::reifyUpsampledSizes(
    OpBuilder &builder, Location loc, Value input, RankedTensorType resultType,
    std::optional<ArrayRef<float>> scales, Value scalesOperand) {
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0, e = resultType.getRank(); i < e; ++i) {
    if (!resultType.isDynamicDim(i)) {
      sizes.push_back(builder.getIndexAttr(resultType.getDimSize(i)));
      continue;
    }
    Value scale;
    if (scales) {
      scale = arith::ConstantOp::create(builder, loc,
                                        builder.getF32FloatAttr((*scales)[i]));
    } else {
      Value index = arith::ConstantIndexOp::create(builder, loc, i);
      scale = tensor::ExtractOp::create(builder, loc, scalesOperand, index);
    }
    Value length = getValueOrCreateConstantIndexOp(
        builder, loc, tensor::getMixedSize(builder, loc, input, i));
    sizes.push_back(buildUpsampledLength(builder, loc, length, scale));
  }
  return sizes;
}

/// Reifies trunc(float32(n) *f s) per dimension. `scalesOperand` is used when
/// the scales are only known at run time.
static LogicalResult reifyUpsampleShape(OpBuilder &builder, Operation *op,
                                        std::optional<ArrayRef<float>> scales,
                                        Value scalesOperand,
                                        ReifiedRankedShapedTypeDims &shapes) {
  shapes.push_back(
      reifyUpsampledSizes(builder, op->getLoc(), op->getOperand(0),
                          cast<RankedTensorType>(op->getResult(0).getType()),
                          scales, scalesOperand));
  return success();
}

Value onnxc::onnx::buildUpsampledLength(OpBuilder &builder, Location loc,
                                        Value inputLength, Value scale) {
  Type i64 = builder.getI64Type();
  Value n = arith::IndexCastOp::create(builder, loc, i64, inputLength);
  Value nF32 = arith::SIToFPOp::create(builder, loc, builder.getF32Type(), n);
  Value product = arith::MulFOp::create(builder, loc, nF32, scale);
  Value length = arith::FPToSIOp::create(builder, loc, i64, product);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    length);
}

LogicalResult
UpsampleV1Op::reifyResultShapes(OpBuilder &builder,
                                ReifiedRankedShapedTypeDims &shapes) {
  auto scales = *getConstantScales();
  return reifyUpsampleShape(builder, *this, ArrayRef<float>(scales), {},
                            shapes);
}

LogicalResult
UpsampleV7Op::reifyResultShapes(OpBuilder &builder,
                                ReifiedRankedShapedTypeDims &shapes) {
  return reifyUpsampleShape(builder, *this, getScales(), {}, shapes);
}

template <typename UpsampleOp>
static LogicalResult
reifyInputScalesUpsample(UpsampleOp op, OpBuilder &builder,
                         ReifiedRankedShapedTypeDims &shapes) {
  std::optional<SmallVector<float>> scales = op.getConstantScales();
  std::optional<ArrayRef<float>> scalesRef;
  if (scales)
    scalesRef = *scales;
  return reifyUpsampleShape(builder, op, scalesRef, op.getScales(), shapes);
}

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

SmallVector<int64_t> ResizeOperands::getListedAxes(int64_t rank) const {
  if (!axes)
    return llvm::to_vector(llvm::seq<int64_t>(0, rank));
  return llvm::map_to_vector(*axes,
                             [&](int64_t a) { return a < 0 ? a + rank : a; });
}

SmallVector<int64_t> ResizeOperands::getResampledAxes(int64_t rank) const {
  if (coordinateMode == CoordinateTransformationMode::tf_half_pixel_for_nn)
    return llvm::to_vector(llvm::seq<int64_t>(0, rank));
  SmallVector<int64_t> resampled = getListedAxes(rank);
  llvm::sort(resampled);
  return resampled;
}

std::optional<int64_t>
ResizeOperands::getRunTimeFactor(std::optional<double> staticScale,
                                 bool dynamicLength, bool innermost) const {
  using Mode = CoordinateTransformationMode;
  if (!dynamicLength || !staticScale || *staticScale < 1.0 ||
      *staticScale > double(int64_t(1) << 32) ||
      *staticScale != std::floor(*staticScale))
    return std::nullopt;
  auto factor = static_cast<int64_t>(*staticScale);
  if (factor == 1)
    return keepsPositionsAtScaleOne() ? std::optional<int64_t>(1)
                                      : std::nullopt;
  bool offsetIndependentOfLength = llvm::is_contained(
      {Mode::half_pixel, Mode::half_pixel_symmetric, Mode::pytorch_half_pixel,
       Mode::asymmetric, Mode::tf_half_pixel_for_nn},
      coordinateMode);
  // Nearest reads neither exclude_outside nor antialias.
  bool renormalizes =
      mode != ResizeMode::nearest && (excludeOutside || antialias);
  if (!innermost || renormalizes || !offsetIndependentOfLength)
    return std::nullopt;
  return factor;
}

/// A static empty `scales` or `roi` stands for an absent one (Resize-11
/// requires both inputs and says that an empty `scales` means absent;
/// exporters write both so, for later versions too, and an absent roi is
/// the whole input).
static Value presentInput(Value input) {
  if (!input)
    return input;
  auto type = cast<RankedTensorType>(input.getType());
  if (type.getRank() == 1 && type.getDimSize(0) == 0)
    return Value();
  return input;
}

template <typename OpOrAdaptor>
static ResizeOperands readResizeV10(OpOrAdaptor op) {
  ResizeOperands r;
  r.version = 10;
  r.x = op.getX();
  r.scales = op.getScales();
  r.mode = op.getMode();
  r.coordinateMode = CoordinateTransformationMode::asymmetric;
  return r;
}

template <typename OpOrAdaptor>
static ResizeOperands readResizeV11(OpOrAdaptor op, int64_t version = 11) {
  ResizeOperands r;
  r.version = version;
  r.x = op.getX();
  r.roi = presentInput(op.getRoi());
  r.scales = presentInput(op.getScales());
  r.sizes = op.getSizes();
  // Whether such a `scales` is empty is known only at run time.
  if (r.scales && r.sizes &&
      cast<RankedTensorType>(r.scales.getType()).isDynamicDim(0)) {
    r.scalesBesideSizes = r.scales;
    r.scales = Value();
  }
  r.mode = op.getMode();
  r.coordinateMode = op.getCoordinateTransformationMode();
  r.nearestMode = op.getNearestMode();
  r.cubicCoeffA = op.getCubicCoeffA().convertToDouble();
  r.excludeOutside = op.getExcludeOutside() != 0;
  r.extrapolationValue = op.getExtrapolationValue().convertToDouble();
  return r;
}

template <typename OpOrAdaptor>
static ResizeOperands readResizeV13(OpOrAdaptor op) {
  return readResizeV11(op, 13);
}

template <typename OpOrAdaptor>
static ResizeOperands readResizeV18(OpOrAdaptor op, int64_t version = 18) {
  ResizeOperands r = readResizeV11(op, version);
  r.antialias = op.getAntialias() != 0;
  if (std::optional<ArrayRef<int64_t>> axes = op.getAxes())
    r.axes = SmallVector<int64_t>(*axes);
  r.keepAspectRatioPolicy = op.getKeepAspectRatioPolicy();
  return r;
}

template <typename OpOrAdaptor>
static ResizeOperands readResizeV19(OpOrAdaptor op) {
  return readResizeV18(op, 19);
}

#define GET_OP_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOps.cpp.inc"
