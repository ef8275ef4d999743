//===- ONNXOps.h - onnx dialect ops -----------------------------*- C++ -*-===//
#ifndef ONNXC_DIALECT_ONNX_ONNXOPS_H
#define ONNXC_DIALECT_ONNX_ONNXOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "onnxc/Dialect/ONNX/ONNXDialect.h"

#include <limits>
#include <optional>

namespace onnxc::onnx {
/// How the inputs and attributes of an ONNX node map onto an op. The
/// versions of one form differ only in what their ODS definitions say (the
/// element types, which attributes exist), so the importer builds every
/// version of a form with the same code.
enum class NodeForm {
  /// Clip-1, -6: input; float attributes min, max.
  ClipWithAttributeBounds,
  /// Clip-11 on: input, then optional one-element inputs min, max.
  ClipWithInputBounds,
  /// Upsample-1: X; float attributes height_scale, width_scale; mode.
  UpsampleWithScaleAttributes,
  /// Upsample-7: X; a floats attribute scales; mode.
  UpsampleWithScalesAttribute,
  /// Upsample-9 on: X, then a 1-D float input scales; mode.
  UpsampleWithScalesInput,
  /// Resize-10: X, scales; mode.
  ResizeWithScales,
  /// Resize-11 on: X, then roi, scales, sizes (optional by position); the
  /// attributes each version declares.
  ResizeWithOptionalInputs,
  /// The shape and elementwise ops (ONNXTensorOps.td): the inputs in order,
  /// omitted ones only at the end, and each attribute the op declares, as
  /// its kind in the model reads (an int as i64, ints as an i64 array).
  /// Slice-10 on, whose optional inputs may be omitted in the middle, is
  /// built the same way with its operand segments.
  Generic,
};

/// Any Resize version read into one form: its inputs (null when absent; an
/// empty `scales` is absent) and its attributes, absent ones at their
/// defaults.
struct ResizeOperands {
  int64_t version = 0;
  mlir::Value x, roi, scales, sizes;
  /// A run-time `scales` of unknown length given beside `sizes` (Resize-11
  /// requires the input; an empty one means absent): `sizes` decides, and
  /// the shape function checks that this one is empty.
  mlir::Value scalesBesideSizes;
  ResizeMode mode = ResizeMode::nearest;
  CoordinateTransformationMode coordinateMode =
      CoordinateTransformationMode::half_pixel;
  NearestMode nearestMode = NearestMode::round_prefer_floor;
  double cubicCoeffA = -0.75;
  bool excludeOutside = false;
  double extrapolationValue = 0.0;
  bool antialias = false;
  /// The `axes` attribute as written (negative values count from the end).
  std::optional<llvm::SmallVector<int64_t>> axes;
  KeepAspectRatioPolicy keepAspectRatioPolicy = KeepAspectRatioPolicy::stretch;
  /// align_corners divides by the output length - 1, as ONNX Runtime and
  /// PyTorch do, rather than by s * n - 1 when scales are given: not the
  /// operator's, a choice of the lowering (docs/semantics.md).
  bool alignCornersByOutputLength = false;

  /// Resize-10's rounding of nearest: ceil(x) on axes whose scale is below
  /// 1, floor(x) on the others, whatever `nearestMode` says.
  bool hasResize10Nearest() const {
    return version == 10 && mode == ResizeMode::nearest;
  }
  /// The tensor axes that scales, sizes and roi describe, in their order:
  /// `axes` normalized, or every axis.
  llvm::SmallVector<int64_t> getListedAxes(int64_t rank) const;
  /// The tensor axes whose coordinates go through the formulas, ascending:
  /// the listed ones, and with tf_half_pixel_for_nn the others too, at
  /// scale 1 (its coordinate x + 0.5 is not x). In every other mode scale 1
  /// and the input's length map each position to itself.
  llvm::SmallVector<int64_t> getResampledAxes(int64_t rank) const;
  /// Whether an axis of scale 1 whose output is as long as its input maps
  /// each output to its own position, whatever the length: the coordinate
  /// of position x is then x in every mode but tf_half_pixel_for_nn (x +
  /// 1/2) and tf_crop_and_resize (through the roi), and nearest, linear and
  /// cubic weigh an integer coordinate's own element alone.
  bool keepsPositionsAtScaleOne() const {
    return coordinateMode !=
               CoordinateTransformationMode::tf_half_pixel_for_nn &&
           coordinateMode != CoordinateTransformationMode::tf_crop_and_resize;
  }
  /// The integer factor f by which the kernel may compute an axis of a
  /// constant scale and a length known only at run time as f * n outputs,
  /// each reading input elements at fixed offsets from its own: f = 1, a
  /// copy, in the modes keepsPositionsAtScaleOne allows; f >= 2 on the
  /// innermost axis (`innermost`), nearest, or linear or cubic without
  /// exclude_outside or antialias, in a mode whose coordinate is the
  /// position over s plus an offset independent of n. The shape function then
  /// checks that the length rule gives f * n, as it does up to 2^24 output
  /// elements (past that, floor(n * f) snaps up to the product rounded to
  /// float32, which can be larger).
  std::optional<int64_t> getRunTimeFactor(std::optional<double> staticScale,
                                          bool dynamicLength,
                                          bool innermost) const;
  /// Whether the length align_corners and tf_crop_and_resize divide by is
  /// the output length (sizes given, or alignCornersByOutputLength) rather
  /// than s * n.
  bool dividesByOutputLength() const {
    return !scales ||
           (alignCornersByOutputLength &&
            coordinateMode == CoordinateTransformationMode::align_corners);
  }
};

/// ConstantOfShape's element: `value`'s one element, or 0.0 float32 when
/// `value` is absent (null).
mlir::TypedAttr getConstantOfShapeValue(mlir::ElementsAttr value,
                                        mlir::MLIRContext *context);

/// Transpose's permutation: `perm`, or the axes of a tensor of `rank`
/// reversed when it is absent.
llvm::SmallVector<int64_t>
getTransposePermutation(std::optional<llvm::ArrayRef<int64_t>> perm,
                        int64_t rank);
} // namespace onnxc::onnx

#include "onnxc/Dialect/ONNX/ONNXInterfaces.h.inc"

#define GET_OP_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOps.h.inc"

namespace onnxc::onnx {

/// The newest opset of the default domain that onnxc's operator versions
/// were checked against (ONNX 1.23's opset 28, where Clip is still at 13,
/// Resize at 19 and Upsample at 10). A model of a later opset compiles with
/// a warning: that opset may hold versions onnxc does not know.
constexpr int64_t kNewestKnownOpset = 28;

/// One registered version of an ONNX operator.
struct OperatorVersion {
  int64_t sinceVersion;
  mlir::RegisteredOperationName op;
};

/// The versions of `operatorName` that ops of the onnx dialect stand for
/// (VersionedOpInterface), by ascending since_version.
llvm::SmallVector<OperatorVersion>
getOperatorVersions(mlir::MLIRContext *context, llvm::StringRef operatorName);

/// Every ONNX operator some op stands for, in alphabetical order.
llvm::SmallVector<llvm::StringRef>
getVersionedOperators(mlir::MLIRContext *context);

/// The version of `operatorName` a model of opset `opset` uses: the largest
/// since_version not above `opset`; std::nullopt when the operator has no
/// such version.
std::optional<OperatorVersion>
resolveOperatorVersion(mlir::MLIRContext *context, llvm::StringRef operatorName,
                       int64_t opset);

/// Whether `op` stands for an operator version that a later registered
/// version supersedes (onnx-upgrade-ops rewrites such ops into the latest).
bool isSupersededVersion(mlir::Operation *op);

/// The most elements a shape or elementwise op (ONNXTensorOps.td) folds:
/// shape arithmetic is small, and folding a large data tensor only grows the
/// model.
constexpr int64_t kMaxFoldedElements = 1 << 16;

/// The newest version of each operator: onnx-upgrade-ops rewrites every
/// older version into it, and only it has checks and a lowering. A new
/// version of an operator takes its place here (docs/design.md).
using LatestClipOp = ClipV13Op;
using LatestUpsampleOp = UpsampleV10Op;
using LatestResizeOp = ResizeV19Op;
using LatestTransposeOp = TransposeV25Op;

/// The first dimension a Shape op (of any version) returns: its `start`,
/// clamped as Python clamps slices, or 0.
int64_t getShapeStart(mlir::Operation *shapeOp);

/// For a Gather or Slice whose data and result have static shapes (of at
/// most kMaxFoldedElements elements) and whose indices or bounds compile
/// time knows: the flat index into the data that each result element reads,
/// in result order. std::nullopt for any other op.
std::optional<llvm::SmallVector<int64_t>>
getReadElementIndices(mlir::Operation *op);

/// A Reshape's entries resolved against `data` (an entry 0 copies the
/// input's dimension unless `allowZero`; -1 takes what the others leave):
/// the static sizes of `resultType`, and index arithmetic over the
/// extracted elements of the 1-D i64 `shape` for its dynamic ones. The
/// shape function checks that the entries are valid; here a -1 beside a
/// product of 0 divides by 1 instead, so that no division is undefined.
llvm::SmallVector<mlir::OpFoldResult>
reifyReshapedSizes(mlir::OpBuilder &builder, mlir::Location loc,
                   mlir::Value data, mlir::Value shape, bool allowZero,
                   mlir::RankedTensorType resultType);

/// The entries of a Reshape's 1-D i64 `shape`, as indices, with 0 resolved
/// against `data` (unless `allowZero`) and -1 left as -1.
llvm::SmallVector<mlir::Value>
buildReshapeEntries(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::Value data, mlir::Value shape, bool allowZero);

/// Output length of an upsampled dimension of length `inputLength` by
/// `scale`, as docs/semantics.md defines it: trunc(float32(n) *f s). Returns
/// std::nullopt when the scale is not a finite number >= 1 or the result does
/// not fit in an int64_t.
std::optional<int64_t> getUpsampledLength(int64_t inputLength, float scale);

/// Builds trunc(float32(n) *f s) as an index from an index `inputLength` and
/// an f32 `scale`: the run-time form of getUpsampledLength.
mlir::Value buildUpsampledLength(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value inputLength, mlir::Value scale);

/// The sizes of an upsampled tensor of type `resultType`: its static sizes,
/// and trunc(float32(n) *f s) built at `loc` for its dynamic ones, from the
/// sizes of `input` and the constant `scales` or, when those are unknown, the
/// run-time 1-D `scalesOperand`.
llvm::SmallVector<mlir::OpFoldResult>
reifyUpsampledSizes(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::Value input, mlir::RankedTensorType resultType,
                    std::optional<llvm::ArrayRef<float>> scales,
                    mlir::Value scalesOperand);

/// Whether a mode attribute interpolates (`linear`, `bilinear`) rather than
/// picking the nearest element.
/// One axis of a Resize's output: its length and the scale its coordinates
/// use (an f64), each a constant where compile time knows it.
struct ResizedAxis {
  mlir::OpFoldResult outLength;
  mlir::Value scale;
  std::optional<double> staticScale;
};

/// The output axes of a Resize (docs/semantics.md's shape rules) on `input`,
/// with `scales` and `sizes` the values the op's inputs have where the IR is
/// built (null when absent). Builds the run-time arithmetic the constants
/// leave.
llvm::SmallVector<ResizedAxis>
buildResizedAxes(mlir::OpBuilder &builder, mlir::Location loc,
                 const ResizeOperands &resize, mlir::Value input,
                 mlir::Value scales, mlir::Value sizes);

/// The output length floor(n * s) in double precision, snapped up to the
/// integer that n * s rounded to float32 is when that is above the floor
/// (docs/semantics.md), if it is a length.
std::optional<int64_t> getResizedLength(int64_t inputLength, double scale);

} // namespace onnxc::onnx

#endif // ONNXC_DIALECT_ONNX_ONNXOPS_H
