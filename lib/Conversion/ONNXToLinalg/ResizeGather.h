//===- ResizeGather.h - Resize's gather through per-axis tables -*- C++ -*-===//
//
// What ResizeToLinalg.cpp and ResizeAntialias.cpp share: the tables of a
// resized axis, and the kernel that reads X through them.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEGATHER_H
#define ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEGATHER_H

#include "Resampling.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/IR/Value.h"

namespace onnxc::onnx_to_linalg::resize {
using namespace mlir;
using resampling::ComputeType;

/// One resized axis's tables: its taps' indices and weights, and where the
/// mode extrapolates, a table of the positions inside the input (i8 0 or
/// 1: tensors of i1 have no lowering).
struct AxisTables {
  SmallVector<Value> indices, weights;
  Value inside;
  /// The constant index table of a nearest axis, when compile time knows
  /// it.
  std::optional<SmallVector<int64_t>> constantIndices;
  /// Whether compile time knows that every output takes its own position's
  /// input whole: the axis is then a copy.
  bool isIdentity = false;
};

/// docs/semantics.md's weighted sum for the output element at `position`,
/// nested axis by axis: for integers computed in floats as the reference
/// interpolates, each tap of the first resized axis weighting a sum over
/// the next axis's taps, and so on down to X; for real floats and exact
/// fixed-point sums the other way round, from the last axis, so that
/// outputs along a row share the inner sums. `tapIndex(a, t)`
/// is the index of tap t of resized axis a, and `tapWeight(a, t)` its
/// weight. The sum is in `compute`'s type, in parts. `referenceOrder`
/// nests every type as integers are, for kernels whose outputs share the
/// sums along the last axis instead.
SmallVector<Value>
buildNestedSum(OpBuilder &b, Location loc, Value input,
               ArrayRef<Value> position, ArrayRef<int64_t> resized,
               int64_t tapCount, function_ref<Value(int64_t, int64_t)> tapIndex,
               function_ref<Value(int64_t, int64_t)> tapWeight,
               const ComputeType &compute, bool referenceOrder = false);

/// tf_crop_and_resize's `extrapolation_value` as an element of X's type
/// (docs/semantics.md): float types rounded to nearest, integers truncated
/// toward zero and saturated (NaN: 0), bool `value != 0` (NaN: true),
/// complex `value + 0i`. One constant, the same on every side of the input.
/// Null for strings, which have no such element (docs/semantics.md: an
/// output outside the input is an error).
Value buildExtrapolationElement(OpBuilder &b, Location loc,
                                const ComputeType &compute, double value);

/// The most products of taps one gather sums per output element (its tap
/// count to the power of its resized axes); past it, each axis is a pass of
/// its own (lowerResizeAxisByAxis). Not a speed threshold but a bound on
/// code size: a gather's code grows with the products, 2^16 for a rank-16
/// linear Resize, which took minutes to compile.
constexpr int64_t kMaxGatherProducts = 64;

/// The general kernel: per output element, X read at every combination of
/// the resized axes' taps and summed axis by axis (buildNestedSum), each
/// sum weighted by its taps' weights (nearest: the one tap), or
/// `extrapolation` where a coordinate lies outside the input.
Value buildGather(OpBuilder &b, Location loc, Value input,
                  ArrayRef<int64_t> resized, ArrayRef<AxisTables> tables,
                  ArrayRef<OpFoldResult> outSizes, const ComputeType &compute,
                  double extrapolation);

/// buildGather for an input whose last resized axis is followed by a few
/// static channels (HWC, NHWC): the channels fold into that axis, whose
/// tap of output o * channels + c reads input i * channels + c. A vector
/// then runs along whole pixels, contiguous in X and in the result, rather
/// than along three channels; and the folded tables stay periodic along a
/// row, which onnx-specialize-gathers turns into loads and shuffles. Null
/// when the channels are dynamic or too many, or the tables not constant.
Value buildChannelsLastGather(OpBuilder &b, Location loc, Value input,
                              ArrayRef<int64_t> resized,
                              ArrayRef<AxisTables> tables,
                              ArrayRef<OpFoldResult> outSizes,
                              const ComputeType &compute, double extrapolation);

/// buildGather's weighted sums when the innermost axis is resized by an
/// integer factor f of at most kMaxPhases with constant tables, in a row
/// onnx-specialize-gathers unrolls, and no coordinate extrapolates: output
/// j * f + r of a row computed as phase r of input element j, whose taps
/// along the row are contiguous (ResizePhases.cpp). With `groupRows`, when
/// the resized axis before grows by an integer factor too, its rows are
/// computed in groups of neighbours, which read few input rows, each row
/// of a group a region of the result: only a result written straight into
/// its destination keeps them without copies. Null otherwise.
Value buildPhasedGather(OpBuilder &b, Location loc, Value input,
                        ArrayRef<int64_t> resized, ArrayRef<AxisTables> tables,
                        ArrayRef<OpFoldResult> outSizes,
                        const ComputeType &compute, bool groupRows);

/// buildGather when the innermost axis has a length known only at run time
/// and a constant integer scale f of at most kMaxPhases
/// (ResizeOperands::getRunTimeFactor, `lastScale` its scale), and no
/// coordinate extrapolates: output j * f + r of a row computed as phase r
/// of input element j, its taps (nearest: its one tap) read at fixed
/// offsets from j (ResizeRunTimePhases.cpp). Null otherwise.
Value buildRunTimePhasedGather(OpBuilder &b, Location loc,
                               const onnx::ResizeOperands &resize, Value input,
                               ArrayRef<int64_t> resized,
                               ArrayRef<AxisTables> tables,
                               ArrayRef<OpFoldResult> outSizes,
                               const ComputeType &compute,
                               std::optional<double> lastScale);

} // namespace onnxc::onnx_to_linalg::resize

#endif // ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEGATHER_H
