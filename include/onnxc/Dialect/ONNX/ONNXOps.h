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

#define GET_OP_CLASSES
#include "onnxc/Dialect/ONNX/ONNXOps.h.inc"

namespace onnxc::onnx {

/// Output length of an upsampled dimension of length `inputLength` by
/// `scale`, as SPEC.md defines it: trunc(float32(n) *f s). Returns
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
inline bool isInterpolatingMode(llvm::StringRef mode) {
  return mode == "linear" || mode == "bilinear";
}

} // namespace onnxc::onnx

#endif // ONNXC_DIALECT_ONNX_ONNXOPS_H
