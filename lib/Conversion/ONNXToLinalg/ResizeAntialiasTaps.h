//===- ResizeAntialiasTaps.h - The taps of antialiased axes ----*- C++ -*-===//
//
// An antialiased axis reads a number of taps per output that grows with
// 1 / s. These are its tables: the taps' indices and weights, constants
// where compile time knows the lengths and the scale, else computed at the
// kernel's entry.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEANTIALIASTAPS_H
#define ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEANTIALIASTAPS_H

#include "ResizeGather.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"
#include "onnxc/Dialect/ONNX/ResizeRules.h"

namespace onnxc::onnx_to_linalg::resize {
using onnx::ResizedAxis;
using onnx::ResizeOperands;
using onnx::resize_rules::AxisValues;
using onnx::resize_rules::IRArithmetic;

/// For tf_crop_and_resize: 1 (i8) at the output positions of an axis whose
/// coordinate lies inside the input, 0 elsewhere.
Value buildInsideTable(OpBuilder &b, Location loc, const ResizeOperands &resize,
                       const AxisValues<IRArithmetic> &values, Value outLength);

/// The taps of an axis over [out, count]: their indices (clamped to the
/// input) and unnormalized weights.
std::pair<Value, Value>
buildTapTables(OpBuilder &b, Location loc, const ResizeOperands &resize,
               const AxisValues<IRArithmetic> &values, const ResizedAxis &axis,
               Value outLength, Value start, Value count, FloatType weightType);

/// The most taps a pass gathers one by one; beyond, it reduces over them.
constexpr int64_t kMaxGatheredTaps = 16;

/// The taps of an axis that compile time computes: per tap, the input
/// index and normalized weight of each output position.
struct ConstantTaps {
  SmallVector<SmallVector<int64_t>> indices;
  SmallVector<SmallVector<double>> weights;

  int64_t getOutLength() const { return indices.front().size(); }
};

/// The `count` taps from `start` of an axis whose lengths and scale compile
/// time knows (and no roi moves the coordinates), so that the tables are
/// constants and onnx-specialize-gathers sees their lanes. std::nullopt
/// otherwise, or past kMaxConstantTableLength outputs.
std::optional<ConstantTaps> computeConstantTaps(const ResizeOperands &resize,
                                                const ResizedAxis &axis,
                                                OpFoldResult outLength,
                                                std::optional<int64_t> inLength,
                                                double start, int64_t count);

/// The constant tables of the outputs [lo, hi) of `taps`.
AxisTables buildConstantTables(OpBuilder &b, Location loc,
                               const ConstantTaps &taps, int64_t lo, int64_t hi,
                               Type indexType, FloatType weightType);

/// The tables of an axis whose `count` taps from `start` compile time
/// knows, but not their positions: per tap, its indices and its normalized
/// weights over the output positions, computed at the kernel's entry.
AxisTables buildGatheredTapTables(OpBuilder &b, Location loc,
                                  const ResizeOperands &resize,
                                  const AxisValues<IRArithmetic> &values,
                                  Value outLength, Type indexType, double start,
                                  int64_t count, FloatType weightType);

/// For an axis whose outputs all have dyadic weights but a few at each end
/// (exclude_outside renormalizes the edges' weights: sevenths at x0.5),
/// how many at the start and at the end do not. std::nullopt for an axis
/// with no such ends, or other outputs between them.
std::optional<std::pair<int64_t, int64_t>>
getNonDyadicEnds(const ConstantTaps &taps);

} // namespace onnxc::onnx_to_linalg::resize

#endif // ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEANTIALIASTAPS_H
