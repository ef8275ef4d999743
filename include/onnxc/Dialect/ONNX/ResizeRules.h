//===- ResizeRules.h - Resize's coordinate and tap rules --------*- C++ -*-===//
//
// docs/semantics.md's Resize rules for one axis: the input coordinate of an
// output position, and the taps and weights of each mode. They are written
// once, over an arithmetic that either computes doubles (tables known at
// compile time) or builds the same f64 operations as IR (tables computed at
// run time), so that the two cannot disagree. The verifier, the shape
// function's checks and the lowering all read them here.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_DIALECT_ONNX_RESIZERULES_H
#define ONNXC_DIALECT_ONNX_RESIZERULES_H

#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

#include <cmath>

namespace onnxc::onnx::resize_rules {
using namespace mlir;

//===----------------------------------------------------------------------===//
// Arithmetic the rules are written in
//===----------------------------------------------------------------------===//

/// Doubles, for tables known at compile time.
struct ConstantArithmetic {
  using Number = double;
  using Bool = bool;
  Number constant(double v) { return v; }
  Number add(Number a, Number b) { return a + b; }
  Number sub(Number a, Number b) { return a - b; }
  Number mul(Number a, Number b) { return a * b; }
  Number div(Number a, Number b) { return a / b; }
  Number floor(Number a) { return std::floor(a); }
  Number min(Number a, Number b) { return std::min(a, b); }
  Number max(Number a, Number b) { return std::max(a, b); }
  Bool lessThan(Number a, Number b) { return a < b; }
  Bool lessEqual(Number a, Number b) { return a <= b; }
  Bool equal(Number a, Number b) { return a == b; }
  Bool both(Bool a, Bool b) { return a && b; }
  Number select(Bool c, Number a, Number b) { return c ? a : b; }
};

/// The same operations built as IR on f64 values and i1 conditions.
struct IRArithmetic {
  using Number = Value;
  using Bool = Value;
  OpBuilder &b;
  Location loc;
  Number constant(double v) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  }
  Number add(Number x, Number y) { return arith::AddFOp::create(b, loc, x, y); }
  Number sub(Number x, Number y) { return arith::SubFOp::create(b, loc, x, y); }
  Number mul(Number x, Number y) { return arith::MulFOp::create(b, loc, x, y); }
  Number div(Number x, Number y) { return arith::DivFOp::create(b, loc, x, y); }
  Number floor(Number x) { return math::FloorOp::create(b, loc, x); }
  Number min(Number x, Number y) {
    return arith::MinimumFOp::create(b, loc, x, y);
  }
  Number max(Number x, Number y) {
    return arith::MaximumFOp::create(b, loc, x, y);
  }
  Bool lessThan(Number x, Number y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
  }
  Bool lessEqual(Number x, Number y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, x, y);
  }
  Bool equal(Number x, Number y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, y);
  }
  Bool both(Bool x, Bool y) { return arith::AndIOp::create(b, loc, x, y); }
  Number select(Bool c, Number x, Number y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
};

//===----------------------------------------------------------------------===//
// The rules (docs/semantics.md, "Resize")
//===----------------------------------------------------------------------===//

/// What the rules of one axis read, in the rules' arithmetic.
template <typename Arithmetic> struct AxisValues {
  using Number = typename Arithmetic::Number;
  Number inLength, outLength, scale;
  /// The output length align_corners and tf_crop_and_resize divide by:
  /// scale * inLength with scales, outLength with sizes.
  Number cornerLength;
  Number roiStart, roiEnd;
};

/// The input coordinate of output position `o`.
template <typename Arithmetic>
typename Arithmetic::Number
sourceCoordinate(Arithmetic &m, CoordinateTransformationMode mode,
                 typename Arithmetic::Number o,
                 const AxisValues<Arithmetic> &axis) {
  using Mode = CoordinateTransformationMode;
  auto one = m.constant(1.0), half = m.constant(0.5);
  auto last = m.sub(axis.inLength, one);
  auto halfPixel = m.sub(m.div(m.add(o, half), axis.scale), half);
  switch (mode) {
  case Mode::half_pixel:
    return halfPixel;
  case Mode::half_pixel_symmetric: {
    // The length it divides by is always scale * inLength, also with sizes
    // (where keep_aspect_ratio_policy makes it differ from outLength).
    auto ratio = m.div(axis.outLength, m.mul(axis.scale, axis.inLength));
    auto offset =
        m.mul(m.div(axis.inLength, m.constant(2.0)), m.sub(one, ratio));
    // Added in the reference's order: a coordinate that is an integer in
    // exact arithmetic then floors as the reference's does.
    return m.sub(m.add(offset, m.div(m.add(o, half), axis.scale)), half);
  }
  case Mode::pytorch_half_pixel:
    return m.select(m.lessThan(one, axis.outLength), halfPixel,
                    m.constant(0.0));
  case Mode::align_corners:
    return m.select(m.equal(axis.cornerLength, one), m.constant(0.0),
                    m.div(m.mul(o, last), m.sub(axis.cornerLength, one)));
  case Mode::asymmetric:
    return m.div(o, axis.scale);
  case Mode::tf_half_pixel_for_nn:
    return m.div(m.add(o, half), axis.scale);
  case Mode::tf_crop_and_resize: {
    auto span = m.sub(axis.roiEnd, axis.roiStart);
    auto single = m.mul(m.mul(m.add(axis.roiStart, axis.roiEnd), half), last);
    auto spread =
        m.add(m.mul(axis.roiStart, last), m.div(m.mul(m.mul(o, span), last),
                                                m.sub(axis.cornerLength, one)));
    return m.select(m.equal(axis.cornerLength, one), single, spread);
  }
  }
  llvm_unreachable("unknown coordinate transformation mode");
}

/// The number of taps of each output position of a mode.
inline int64_t getTapCount(ResizeMode mode) {
  switch (mode) {
  case ResizeMode::nearest:
    return 1;
  case ResizeMode::linear:
    return 2;
  case ResizeMode::cubic:
    return 4;
  }
  llvm_unreachable("unknown mode");
}

/// The taps of one output position (as numbers, clamped to [0, n - 1]),
/// their weights (none for nearest), and whether the coordinate lies inside
/// the input (for tf_crop_and_resize's extrapolation).
template <typename Arithmetic> struct Taps {
  SmallVector<typename Arithmetic::Number> indices, weights;
  typename Arithmetic::Bool inside;
};

template <typename Arithmetic>
Taps<Arithmetic> computeTaps(Arithmetic &m, const ResizeOperands &resize,
                             typename Arithmetic::Number o,
                             const AxisValues<Arithmetic> &axis) {
  using Number = typename Arithmetic::Number;
  auto x = sourceCoordinate(m, resize.coordinateMode, o, axis);
  auto zero = m.constant(0.0), one = m.constant(1.0), half = m.constant(0.5);
  auto last = m.sub(axis.inLength, one);
  auto clamp = [&](Number i) { return m.max(zero, m.min(i, last)); };
  auto base = m.floor(x);
  auto fraction = m.sub(x, base);
  Taps<Arithmetic> taps;
  taps.inside = m.both(m.lessEqual(zero, x), m.lessEqual(x, last));
  switch (resize.mode) {
  case ResizeMode::nearest: {
    // The rounding of x; an integer x is its own index in every mode.
    auto up = m.add(base, one);
    Number rounded;
    if (resize.hasResize10Nearest()) {
      auto ceil = m.select(m.equal(fraction, zero), base, up);
      taps.indices.push_back(
          clamp(m.select(m.lessThan(axis.scale, one), ceil, base)));
      return taps;
    }
    switch (resize.nearestMode) {
    case NearestMode::round_prefer_floor:
      rounded = m.select(m.lessEqual(fraction, half), base, up);
      break;
    case NearestMode::round_prefer_ceil:
      rounded = m.select(m.lessThan(fraction, half), base, up);
      break;
    case NearestMode::floor:
      rounded = base;
      break;
    case NearestMode::ceil:
      rounded = m.select(m.equal(fraction, zero), base, up);
      break;
    }
    taps.indices.push_back(clamp(rounded));
    return taps;
  }
  case ResizeMode::linear:
    taps.indices = {clamp(base), clamp(m.add(base, one))};
    taps.weights = {m.sub(one, fraction), fraction};
    return taps;
  case ResizeMode::cubic: {
    // Keys' kernel at the distances 1 + f, f, 1 - f and 2 - f.
    auto a = m.constant(resize.cubicCoeffA);
    auto near = [&](Number d) { // |d| <= 1
      auto a2 = m.add(a, m.constant(2.0)), a3 = m.add(a, m.constant(3.0));
      return m.add(m.mul(m.mul(m.sub(m.mul(a2, d), a3), d), d), one);
    };
    auto far = [&](Number d) { // 1 < |d| < 2
      auto t = m.sub(m.mul(a, d), m.mul(m.constant(5.0), a));
      t = m.add(m.mul(t, d), m.mul(m.constant(8.0), a));
      return m.sub(m.mul(t, d), m.mul(m.constant(4.0), a));
    };
    auto rest = m.sub(one, fraction);
    taps.weights = {far(m.add(fraction, one)), near(fraction), near(rest),
                    far(m.add(rest, one))};
    for (int64_t t = -1; t <= 2; ++t)
      taps.indices.push_back(m.add(base, m.constant(double(t))));
    if (resize.excludeOutside) {
      // Taps outside the input weigh nothing; the rest are renormalized.
      Number sum = zero;
      for (auto [i, w] : llvm::enumerate(taps.weights)) {
        auto in = m.both(m.lessEqual(zero, taps.indices[i]),
                         m.lessEqual(taps.indices[i], last));
        w = m.select(in, w, zero);
        sum = m.add(sum, w);
      }
      for (Number &w : taps.weights)
        w = m.div(w, sum);
    }
    for (Number &i : taps.indices)
      i = clamp(i);
    return taps;
  }
  }
  llvm_unreachable("unknown mode");
}

//===----------------------------------------------------------------------===//
// Antialias
//===----------------------------------------------------------------------===//

/// With antialias, linear and cubic stretch their kernel by 1 / min(s, 1):
/// output position o reads the taps floor(x) + start + t for t in
/// [0, 2 - 2 * start), start = floor(-r / min(s, 1)) + 1 with r the
/// kernel's radius (1 linear, 2 cubic). This is `start`.
template <typename Arithmetic>
typename Arithmetic::Number
getAntialiasStart(Arithmetic &m, ResizeMode mode,
                  typename Arithmetic::Number scale) {
  auto shrink = m.min(scale, m.constant(1.0));
  double radius = mode == ResizeMode::linear ? 1.0 : 2.0;
  return m.add(m.floor(m.div(m.constant(-radius), shrink)), m.constant(1.0));
}

/// The unnormalized antialias weight of a tap at signed distance
/// `distance` from the coordinate: the kernel at distance * min(s, 1).
/// Outputs divide by the sum of their taps' weights.
template <typename Arithmetic>
typename Arithmetic::Number
getAntialiasWeight(Arithmetic &m, const ResizeOperands &resize,
                   typename Arithmetic::Number distance,
                   typename Arithmetic::Number scale) {
  auto zero = m.constant(0.0), one = m.constant(1.0);
  auto scaled = m.mul(distance, m.min(scale, one));
  auto d = m.select(m.lessThan(scaled, zero), m.sub(zero, scaled), scaled);
  if (resize.mode == ResizeMode::linear)
    return m.max(zero, m.sub(one, d));
  auto a = m.constant(resize.cubicCoeffA);
  auto d2 = m.mul(d, d), d3 = m.mul(d2, d);
  auto near = m.add(m.sub(m.mul(m.add(a, m.constant(2.0)), d3),
                          m.mul(m.add(a, m.constant(3.0)), d2)),
                    one);
  auto far =
      m.sub(m.add(m.sub(m.mul(a, d3), m.mul(m.mul(m.constant(5.0), a), d2)),
                  m.mul(m.mul(m.constant(8.0), a), d)),
            m.mul(m.constant(4.0), a));
  return m.select(m.lessEqual(d, one), near,
                  m.select(m.lessThan(d, m.constant(2.0)), far, zero));
}

//===----------------------------------------------------------------------===//
// The rules' inputs, as IR
//===----------------------------------------------------------------------===//

inline Value indexToF64(OpBuilder &b, Location loc, Value index) {
  Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return arith::SIToFPOp::create(b, loc, b.getF64Type(), i64);
}

inline Value f64ToIndex(OpBuilder &b, Location loc, Value value) {
  Value i64 = arith::FPToSIOp::create(b, loc, b.getI64Type(), value);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), i64);
}

/// What the rules read of one axis (listed at `position` of `count` resized
/// axes), roi included: `roi` null stands for the whole input.
inline AxisValues<IRArithmetic>
getAxisValues(OpBuilder &b, Location loc, const ResizeOperands &resize,
              const ResizedAxis &axis, Value inLength, Value outLength,
              Value roi, int64_t position, int64_t count) {
  Value n = indexToF64(b, loc, inLength);
  Value out = indexToF64(b, loc, outLength);
  IRArithmetic m{b, loc};
  auto roiValue = [&](int64_t i, double absent) -> Value {
    if (!roi)
      return m.constant(absent);
    auto read = [&](OpBuilder &nb, Location nloc) -> Value {
      Value v = tensor::ExtractOp::create(
          nb, nloc, roi,
          ValueRange{arith::ConstantIndexOp::create(nb, nloc, i)});
      return v.getType().isF64()
                 ? v
                 : arith::ExtFOp::create(nb, nloc, nb.getF64Type(), v)
                       .getResult();
    };
    if (!cast<RankedTensorType>(roi.getType()).isDynamicDim(0))
      return read(b, loc);
    // A run-time roi may be empty (the shape function allows it): the whole
    // input, without a read.
    Value isEmpty = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, tensor::DimOp::create(b, loc, roi, 0),
        arith::ConstantIndexOp::create(b, loc, 0));
    return scf::IfOp::create(
               b, loc, isEmpty,
               [&](OpBuilder &nb, Location nloc) {
                 scf::YieldOp::create(
                     nb, nloc,
                     ValueRange{arith::ConstantOp::create(
                         nb, nloc, nb.getF64FloatAttr(absent))});
               },
               [&](OpBuilder &nb, Location nloc) {
                 scf::YieldOp::create(nb, nloc, ValueRange{read(nb, nloc)});
               })
        .getResult(0);
  };
  return {n,
          out,
          axis.scale,
          resize.dividesByOutputLength() ? out : m.mul(axis.scale, n),
          roiValue(position, 0.0),
          roiValue(position + count, 1.0)};
}

} // namespace onnxc::onnx::resize_rules

#endif // ONNXC_DIALECT_ONNX_RESIZERULES_H
