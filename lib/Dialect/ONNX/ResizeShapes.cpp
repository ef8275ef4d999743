//===- ResizeShapes.cpp - Resize's output shape and verifier --------------===//
//
// docs/semantics.md's Resize output shape: at compile time for type
// inference and the verifier, and as IR for shape reification, the shape
// function and the lowering (buildResizedAxes).
//
//===----------------------------------------------------------------------===//

#include "ONNXOpsDetail.h"
#include "onnxc/Dialect/ONNX/ElementTypes.h"
#include "onnxc/Dialect/ONNX/ResizeRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallSet.h"

#include <cmath>

using namespace mlir;
using namespace onnxc::onnx;
using namespace onnxc::onnx::detail;
using namespace onnxc::onnx::resize_rules;

std::optional<int64_t> onnxc::onnx::getResizedLength(int64_t inputLength,
                                                     double scale) {
  if (!std::isfinite(scale) || !(scale > 0.0) || inputLength < 0)
    return std::nullopt;
  double product = static_cast<double>(inputLength) * scale;
  double length = std::floor(product);
  // Exporters write s = size / n in float32, whose product with n lands a
  // hair below the size meant; the product rounded to float32 is that size.
  float rounded = static_cast<float>(product);
  if (std::isfinite(rounded) && rounded == std::floor(rounded) &&
      static_cast<double>(rounded) > length)
    length = rounded;
  // 2^62 keeps every later size computation clear of int64 overflow.
  if (!(length < 0x1p62))
    return std::nullopt;
  return static_cast<int64_t>(length);
}

/// getResizedLength's rule as IR, on an f64 `product` n * s: its floor, or
/// the product rounded to float32 when that is an integer above the floor.
static Value buildResizedLength(OpBuilder &b, Location loc, Value product) {
  Value floor = math::FloorOp::create(b, loc, product);
  Type f32 = b.getF32Type(), f64 = b.getF64Type();
  Value rounded = arith::ExtFOp::create(
      b, loc, f64, arith::TruncFOp::create(b, loc, f32, product).getResult());
  Value isInteger =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, rounded,
                            math::FloorOp::create(b, loc, rounded));
  Value isAbove =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, rounded, floor);
  Value isLength = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OLT, rounded,
      arith::ConstantOp::create(b, loc, b.getF64FloatAttr(0x1p62)));
  Value snap = arith::AndIOp::create(
      b, loc, arith::AndIOp::create(b, loc, isInteger, isAbove), isLength);
  return arith::SelectOp::create(b, loc, snap, rounded, floor);
}

namespace {
/// What compile time knows of one output axis.
struct StaticResizedAxis {
  std::optional<int64_t> length;
  std::optional<double> scale;
};
} // namespace

/// docs/semantics.md's output shape, where compile time knows it. Assumes
/// the axes are valid; lengths that are not lengths stay unknown (the
/// verifier reports them).
static SmallVector<StaticResizedAxis>
getStaticResizedAxes(const ResizeOperands &r, RankedTensorType inputType) {
  int64_t rank = inputType.getRank();
  SmallVector<StaticResizedAxis> result(rank);
  SmallVector<int64_t> listed = r.getListedAxes(rank);
  auto inLength = [&](int64_t d) -> std::optional<int64_t> {
    if (inputType.isDynamicDim(d))
      return std::nullopt;
    return inputType.getDimSize(d);
  };
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(listed, d))
      result[d] = {inLength(d), 1.0};
  if (r.scales) {
    std::optional<SmallVector<float>> scales = getConstantFloats(r.scales);
    if (!scales || scales->size() != listed.size())
      return result;
    for (auto [i, d] : llvm::enumerate(listed)) {
      double s = (*scales)[i];
      result[d].scale = s;
      if (std::optional<int64_t> n = inLength(d))
        result[d].length = getResizedLength(*n, s);
    }
    return result;
  }
  std::optional<SmallVector<int64_t>> sizes = getConstantInts(r.sizes);
  if (r.keepAspectRatioPolicy == KeepAspectRatioPolicy::stretch && !sizes) {
    // Sizes computed at run time from a Shape (PyTorch's size= with
    // dynamic axes) are partly known: each known entry is its axis's
    // length.
    KnownInts known = getKnownInts(r.sizes);
    if (!known.elements || known.elements->size() != listed.size())
      return result;
    for (auto [i, d] : llvm::enumerate(listed)) {
      std::optional<int64_t> size = (*known.elements)[i];
      if (!size || *size < 0)
        continue;
      result[d].length = *size;
      std::optional<int64_t> n = inLength(d);
      if (n && *n > 0)
        result[d].scale = double(*size) / double(*n);
    }
    return result;
  }
  if (!sizes || sizes->size() != listed.size() ||
      llvm::any_of(*sizes, [](int64_t v) { return v < 0; }))
    return result;
  if (r.keepAspectRatioPolicy == KeepAspectRatioPolicy::stretch) {
    for (auto [i, d] : llvm::enumerate(listed)) {
      result[d].length = (*sizes)[i];
      std::optional<int64_t> n = inLength(d);
      if (n && *n > 0)
        result[d].scale = double((*sizes)[i]) / double(*n);
    }
    return result;
  }
  // One scale for every listed axis: the smallest (not_larger) or largest
  // (not_smaller) of their size ratios. Empty axes have no ratio and stay
  // empty; with no other axis the scale is 1.
  std::optional<double> scale;
  for (auto [i, d] : llvm::enumerate(listed)) {
    std::optional<int64_t> n = inLength(d);
    if (!n)
      return result;
    if (*n == 0)
      continue;
    double ratio = double((*sizes)[i]) / double(*n);
    if (!scale)
      scale = ratio;
    else if (r.keepAspectRatioPolicy == KeepAspectRatioPolicy::not_larger)
      scale = std::min(*scale, ratio);
    else
      scale = std::max(*scale, ratio);
  }
  if (!scale)
    scale = 1.0;
  for (int64_t d : listed) {
    result[d].scale = scale;
    double length = std::floor(*scale * double(inputType.getDimSize(d)) + 0.5);
    if (length < 0x1p62)
      result[d].length = static_cast<int64_t>(length);
  }
  return result;
}

RankedTensorType onnxc::onnx::detail::inferResizeType(const ResizeOperands &r) {
  auto inputType = cast<RankedTensorType>(r.x.getType());
  SmallVector<int64_t> shape(inputType.getRank(), ShapedType::kDynamic);
  SmallVector<int64_t> listed = r.getListedAxes(inputType.getRank());
  bool validAxes =
      llvm::all_of(
          listed,
          [&](int64_t d) { return d >= 0 && d < inputType.getRank(); }) &&
      llvm::SmallSet<int64_t, 8>(listed.begin(), listed.end()).size() ==
          listed.size();
  if (validAxes && (r.scales || r.sizes))
    for (auto [d, axis] : llvm::enumerate(getStaticResizedAxes(r, inputType)))
      if (axis.length)
        shape[d] = *axis.length;
  return RankedTensorType::get(shape, inputType.getElementType());
}

/// The first listed axis on which tf_crop_and_resize maps an output outside
/// the input, where compile time knows the axis's lengths, scale and roi.
/// The coordinates grow or shrink with the output position, so the first
/// and last outputs decide.
static std::optional<int64_t>
findAxisCroppedOutside(const ResizeOperands &r, RankedTensorType inputType,
                       ArrayRef<StaticResizedAxis> axes) {
  SmallVector<double> roi;
  if (r.roi) {
    DenseFPElementsAttr attr;
    if (!matchPattern(r.roi, m_Constant(&attr)))
      return std::nullopt;
    for (APFloat v : attr.getValues<APFloat>()) {
      bool losesInfo;
      v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
      roi.push_back(v.convertToDouble());
    }
  }
  SmallVector<int64_t> listed = r.getListedAxes(inputType.getRank());
  int64_t count = listed.size();
  for (auto [i, d] : llvm::enumerate(listed)) {
    if (inputType.isDynamicDim(d) || !axes[d].length || !axes[d].scale)
      continue;
    int64_t n = inputType.getDimSize(d), out = *axes[d].length;
    if (n == 0 || out == 0)
      continue;
    double scale = *axes[d].scale;
    ConstantArithmetic m;
    AxisValues<ConstantArithmetic> values{double(n),
                                          double(out),
                                          scale,
                                          r.scales ? scale * double(n)
                                                   : double(out),
                                          roi.empty() ? 0.0 : roi[i],
                                          roi.empty() ? 1.0 : roi[i + count]};
    for (double o : {0.0, double(out - 1)}) {
      double x = sourceCoordinate(m, r.coordinateMode, o, values);
      if (!(0.0 <= x && x <= double(n - 1)))
        return d;
    }
  }
  return std::nullopt;
}

/// The static length of a 1-D operand, if it has one.
static std::optional<int64_t> getStaticLength(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() != 1 || type.isDynamicDim(0))
    return std::nullopt;
  return type.getDimSize(0);
}

LogicalResult onnxc::onnx::detail::verifyResize(Operation *op,
                                                const ResizeOperands &r) {
  auto inputType = cast<RankedTensorType>(r.x.getType());
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = inputType.getRank();
  if (rank < 1)
    return op->emitOpError("input must have rank >= 1 to be resized");
  if (r.version == 10 && r.mode == ResizeMode::cubic)
    return op->emitOpError("mode must be 'nearest' or 'linear' in Resize-10, "
                           "but is 'cubic'");
  if (r.coordinateMode == CoordinateTransformationMode::half_pixel_symmetric &&
      r.version < 19)
    return op->emitOpError("coordinate_transformation_mode "
                           "'half_pixel_symmetric' needs Resize-19, but this "
                           "is Resize-")
           << r.version;
  Type elementType = inputType.getElementType();
  if (r.mode != ResizeMode::nearest &&
      (elementType.isInteger(1) || isa<StringType, ComplexType>(elementType)))
    return op->emitOpError("mode '")
           << stringifyResizeMode(r.mode)
           << "' interpolates and is not defined for element type "
           << elementType;

  for (auto [name, value] : {std::pair<StringRef, Value>{"roi", r.roi},
                             {"scales", r.scales},
                             {"sizes", r.sizes}})
    if (value && cast<RankedTensorType>(value.getType()).getRank() != 1)
      return op->emitOpError("'")
             << name << "' must be a 1-D tensor, but has type "
             << value.getType();
  if (!r.scales && !r.sizes)
    return op->emitOpError("needs 'scales' or 'sizes' (a non-empty one), but "
                           "has neither");
  if (r.scales && r.sizes)
    return op->emitOpError("takes exactly one of 'scales' and 'sizes', but "
                           "has both");

  SmallVector<int64_t> listed = r.getListedAxes(rank);
  if (r.axes) {
    llvm::SmallSet<int64_t, 8> seen;
    for (auto [written, d] : llvm::zip_equal(*r.axes, listed)) {
      if (d < 0 || d >= rank)
        return op->emitOpError("axis ")
               << written << " is out of range for an input of rank " << rank;
      if (!seen.insert(d).second)
        return op->emitOpError("axis ") << written << " is listed twice";
    }
  }
  int64_t count = listed.size();
  if (Value given = r.scales ? r.scales : r.sizes) {
    std::optional<int64_t> length = getStaticLength(given);
    if (length && *length != count)
      return op->emitOpError("expects one value in '")
             << (r.scales ? "scales" : "sizes") << "' per resized axis ("
             << count << "), but has " << *length;
  }
  if (r.roi &&
      r.coordinateMode == CoordinateTransformationMode::tf_crop_and_resize) {
    std::optional<int64_t> length = getStaticLength(r.roi);
    if (length && *length != 2 * count)
      return op->emitOpError("expects 'roi' to hold a start and an end per "
                             "resized axis (")
             << 2 * count << " values), but has " << *length;
  }
  DenseFPElementsAttr roi;
  if (r.roi &&
      r.coordinateMode == CoordinateTransformationMode::tf_crop_and_resize &&
      matchPattern(r.roi, m_Constant(&roi)))
    for (auto [i, v] : llvm::enumerate(roi.getValues<APFloat>()))
      if (!v.isFinite())
        return op->emitOpError("roi must be finite, but value ")
               << i << " is " << v.convertToDouble();
  if (std::optional<SmallVector<float>> scales = getConstantFloats(r.scales))
    for (auto [i, s] : llvm::enumerate(*scales))
      if (!std::isfinite(s) || !(s > 0.0f))
        return op->emitOpError("scales must be finite and > 0, but scale ")
               << i << " is " << s;
  if (std::optional<SmallVector<int64_t>> sizes = getConstantInts(r.sizes))
    for (auto [i, v] : llvm::enumerate(*sizes))
      if (v < 0)
        return op->emitOpError("sizes must be >= 0, but size ")
               << i << " is " << v;

  if (failed(verifyResampledType(op, inputType, resultType)))
    return failure();
  SmallVector<StaticResizedAxis> staticAxes =
      getStaticResizedAxes(r, inputType);
  if (isa<StringType>(elementType) &&
      r.coordinateMode == CoordinateTransformationMode::tf_crop_and_resize)
    if (std::optional<int64_t> d =
            findAxisCroppedOutside(r, inputType, staticAxes))
      return op->emitOpError("tf_crop_and_resize maps outputs of axis ")
             << *d
             << " outside the input, and a string tensor has no "
                "extrapolation_value";
  for (auto [d, axis] : llvm::enumerate(staticAxes)) {
    if (inputType.isDynamicDim(d))
      continue;
    int64_t n = inputType.getDimSize(d);
    if (axis.scale && !axis.length)
      return op->emitOpError("output dimension ")
             << d << " = floor(" << n << " * " << *axis.scale
             << ") is too large";
    if (!axis.length)
      continue;
    if (n == 0 && *axis.length != 0)
      return op->emitOpError("dimension ")
             << d << " is empty and cannot be resized to length "
             << *axis.length;
    if (!resultType.isDynamicDim(d) && resultType.getDimSize(d) != *axis.length)
      return op->emitOpError("result dimension ")
             << d << " must be " << *axis.length << ", but is "
             << resultType.getDimSize(d);
  }
  return verifyOutputSize(op, resultType);
}

/// The f64 scale of a scale read from `scales` (f32).
static Value extendScale(OpBuilder &b, Location loc, Value scale) {
  return arith::ExtFOp::create(b, loc, b.getF64Type(), scale);
}

SmallVector<ResizedAxis>
onnxc::onnx::buildResizedAxes(OpBuilder &b, Location loc,
                              const ResizeOperands &resize, Value input,
                              Value scales, Value sizes) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<StaticResizedAxis> known =
      getStaticResizedAxes(resize, inputType);
  SmallVector<int64_t> listed = resize.getListedAxes(rank);
  SmallVector<OpFoldResult> inSizes = tensor::getMixedSizes(b, loc, input);
  auto constantF64 = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  };
  auto read = [&](Value tensor, int64_t i) -> Value {
    return tensor::ExtractOp::create(
        b, loc, tensor, ValueRange{arith::ConstantIndexOp::create(b, loc, i)});
  };
  auto inF64 = [&](int64_t d) {
    return indexToF64(b, loc,
                      getValueOrCreateConstantIndexOp(b, loc, inSizes[d]));
  };
  // The common scale of a keep_aspect_ratio_policy, built once. An empty
  // axis has no ratio (its 0 / 0 would be NaN): it contributes the min's or
  // max's neutral infinity, and a scale left there (every axis empty) is 1.
  Value policyScale;
  if (!resize.scales &&
      resize.keepAspectRatioPolicy != KeepAspectRatioPolicy::stretch) {
    bool notLarger =
        resize.keepAspectRatioPolicy == KeepAspectRatioPolicy::not_larger;
    Value neutral = constantF64(notLarger ? INFINITY : -INFINITY);
    Value zero = constantF64(0.0);
    policyScale = neutral;
    for (auto [i, d] : llvm::enumerate(listed)) {
      Value size =
          arith::SIToFPOp::create(b, loc, b.getF64Type(), read(sizes, i));
      Value n = inF64(d);
      Value isEmpty =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, n, zero);
      Value ratio = arith::SelectOp::create(
          b, loc, isEmpty, neutral, arith::DivFOp::create(b, loc, size, n));
      if (notLarger)
        policyScale = arith::MinimumFOp::create(b, loc, policyScale, ratio);
      else
        policyScale = arith::MaximumFOp::create(b, loc, policyScale, ratio);
    }
    Value allEmpty = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                           policyScale, neutral);
    policyScale = arith::SelectOp::create(b, loc, allEmpty, constantF64(1.0),
                                          policyScale);
  }

  SmallVector<ResizedAxis> axes;
  for (int64_t d = 0; d < rank; ++d) {
    ResizedAxis axis;
    axis.staticScale = known[d].scale;
    if (known[d].scale)
      axis.scale = constantF64(*known[d].scale);
    if (known[d].length)
      axis.outLength = b.getIndexAttr(*known[d].length);
    auto *position = llvm::find(listed, d);
    if (position == listed.end()) {
      axis.outLength = inSizes[d];
      axes.push_back(axis);
      continue;
    }
    int64_t i = position - listed.begin();
    if (resize.scales) {
      if (!axis.scale)
        axis.scale = extendScale(b, loc, read(scales, i));
      if (!axis.outLength)
        axis.outLength = f64ToIndex(
            b, loc,
            buildResizedLength(
                b, loc, arith::MulFOp::create(b, loc, inF64(d), axis.scale)));
    } else if (!policyScale) {
      if (!axis.outLength)
        axis.outLength =
            arith::IndexCastOp::create(b, loc, b.getIndexType(), read(sizes, i))
                .getResult();
      if (!axis.scale)
        axis.scale = arith::DivFOp::create(
            b, loc,
            indexToF64(b, loc,
                       getValueOrCreateConstantIndexOp(b, loc, axis.outLength)),
            inF64(d));
    } else {
      if (!axis.scale)
        axis.scale = policyScale;
      if (!axis.outLength) {
        Value scaled = arith::MulFOp::create(b, loc, axis.scale, inF64(d));
        Value rounded = math::FloorOp::create(
            b, loc, arith::AddFOp::create(b, loc, scaled, constantF64(0.5)));
        axis.outLength = f64ToIndex(b, loc, rounded);
      }
    }
    axes.push_back(axis);
  }
  return axes;
}

SmallVector<OpFoldResult>
onnxc::onnx::detail::reifyResizedSizes(OpBuilder &b, Location loc,
                                       const ResizeOperands &r,
                                       RankedTensorType type) {
  SmallVector<ResizedAxis> axes =
      buildResizedAxes(b, loc, r, r.x, r.scales, r.sizes);
  SmallVector<OpFoldResult> sizes;
  for (auto [d, axis] : llvm::enumerate(axes))
    sizes.push_back(type.isDynamicDim(d) ? axis.outLength
                                         : b.getIndexAttr(type.getDimSize(d)));
  return sizes;
}
