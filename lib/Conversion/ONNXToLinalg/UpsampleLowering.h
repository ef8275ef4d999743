//===- UpsampleLowering.h - Parts of Upsample's lowering -------*- C++ -*-===//
//
// Upsample lowers in three files: UpsampleToLinalg.cpp has the pattern, the
// per-axis tables and nearest resampling; UpsampleLinear.cpp linear
// interpolation; UpsampleStencil.cpp the interior of an upsampling by
// integer factors, read with affine maps. This is what they share.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_CONVERSION_ONNXTOLINALG_UPSAMPLELOWERING_H
#define ONNXC_LIB_CONVERSION_ONNXTOLINALG_UPSAMPLELOWERING_H

#include "Resampling.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <array>

namespace onnxc::onnx_to_linalg::upsample {
using namespace mlir;
using resampling::ComputeType;

struct LinearTaps {
  int64_t i0, i1;
  double w0, w1; // Exact values of float32 (or f64) weights.
};

/// The taps and weights of output `o` of an axis of length `n`, as
/// docs/semantics.md's float32 (or f64) linear interpolation gives them.
LinearTaps linearTaps(int64_t o, float scale, int64_t n, bool computeInF64);

/// What the lowering knows about one axis.
struct Axis {
  OpFoldResult inLength, outLength;
  std::optional<float> scale; // When constant.
  Value scaleValue;           // f32, constant or read from the scales.

  std::optional<int64_t> staticIn() const {
    return getConstantIntValue(inLength);
  }
  std::optional<int64_t> staticOut() const {
    return getConstantIntValue(outLength);
  }
  bool isCopy() const { return scale && *scale == 1.0f; }
  bool isCompileTime() const { return scale && staticIn() && staticOut(); }
  /// Whether the axis's tables are constants (up to
  /// resampling::kMaxConstantTableLength entries).
  bool hasConstantTables() const {
    return isCompileTime() &&
           *staticOut() <= resampling::kMaxConstantTableLength;
  }
};

/// The factor k of a compile-time axis whose scale is the integer k and
/// whose output is exactly k times longer than its input.
std::optional<int64_t> getIntegerFactor(const Axis &axis);

/// Linear taps (i0, i1) and weights (w0, w1) tables of an axis. At run time
/// an axis whose scale turns out to be 1 gets i0 = o and w0 = 1, so that its
/// first corner is an exact copy; the caller masks out its second corner.
std::array<Value, 4> buildLinearTables(OpBuilder &b, Location loc,
                                       const Axis &axis, FloatType computeType);

/// Linear interpolation of `input` along `axes`: through the stencil
/// interior and edge slabs for integer factors known at compile time,
/// through gathered taps otherwise.
Value lowerLinear(OpBuilder &b, Location loc, Value input, ArrayRef<Axis> axes,
                  ComputeType compute);

/// docs/semantics.md's sum over the 2^k corners of the interpolated axes, in
/// lexicographic corner order (the first interpolated axis varies
/// slowest), each term (product of per-axis weights, in axis order) * X.
/// `element(corner)` reads X at a corner, `weight(a, second)` is the
/// weight of the interpolated axis a; `cornerActive` masks out corners
/// (null: always taken). With `compute.exactTerms`, each term and its
/// addition may contract into a fused multiply-add.
Value sumCorners(OpBuilder &b, Location loc, int64_t k,
                 function_ref<Value(int64_t)> element,
                 function_ref<Value(int64_t, bool)> weight,
                 ArrayRef<Value> cornerActive, const ComputeType &compute);

/// Whether `table` is a constant whose first `repeats` * `period` entries
/// repeat its first `period` bit for bit.
bool hasPeriod(Value table, int64_t repeats, int64_t period);

/// How the interior reads the last interpolated axis when it is the
/// tensor's innermost.
enum class InnermostForm {
  /// Like every other axis: X shifted by 0 and 1, the weights by (i, r).
  Affine,
  /// Through the axis's tables over its whole output length, last input
  /// element included: each output row is one loop of whole vectors,
  /// which onnx-specialize-gathers turns into loads and shuffles, instead
  /// of vectors and a short tail beside a separate edge column.
  /// Streaming stores need that: a row end written with ordinary stores
  /// between non-temporal ones costs a read of its line from memory,
  /// which stalls the streaming stores queued behind it.
  Gathered,
  /// Factors up to kMaxPhases: one loop over every input element j and
  /// its phases r. The taps are X[j] and X[min(j + 1, n - 1)] (through an
  /// input-length table), and each phase's sum is a value of its own,
  /// selected by r. Once vectorized, the sums are computed once per input
  /// element and the selection interleaves them (onnx-flatten-vectors),
  /// instead of permuting the taps into every output lane first. A phase's
  /// weights are constants of the body, save where the last input
  /// element's differ (its taps are both X[n - 1], weighted 0.5 and 0.5):
  /// those are read from an input-length table, so that every output sums
  /// the very terms semantics.md gives it. In fixed point the constants
  /// serve the last element too: both its taps read X[n - 1], and a
  /// phase's scaled weights add up to the edge's (2^m for this axis's m
  /// fraction bits), so the exact integer sum is the same.
  Phases,
  /// Phases over the interior input elements (j < n - 1) of a row too
  /// long to unroll, whose second taps would be real gathers: both taps
  /// affine, the weights constants, and the last input element a slab,
  /// as in Affine.
  AffinePhases,
};

/// The interior of an upsampling by integer factors: outputs whose taps
/// are (i, i + 1) on every interpolated axis. Each corner is X shifted by
/// its offsets, each weight a table read at k * i + r: affine maps only,
/// so every read is a contiguous or broadcast vector load, no gather
/// (but see `innermost`, for the last interpolated axis when it is the
/// tensor's innermost).
Value buildStencilInterior(OpBuilder &b, Location loc, Value input,
                           ArrayRef<Axis> axes, ArrayRef<int64_t> interpolated,
                           ArrayRef<int64_t> factors,
                           ArrayRef<std::array<Value, 4>> tables,
                           const ComputeType &compute, InnermostForm innermost,
                           Value dest);

} // namespace onnxc::onnx_to_linalg::upsample

#endif // ONNXC_LIB_CONVERSION_ONNXTOLINALG_UPSAMPLELOWERING_H
