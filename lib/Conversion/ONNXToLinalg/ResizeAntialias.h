//===- ResizeAntialias.h - Antialiased Resize, axis by axis -----*- C++ -*-===//

#ifndef ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEANTIALIAS_H
#define ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEANTIALIAS_H

#include "Resampling.h"
#include "ResizeGather.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

namespace onnxc::onnx_to_linalg::resize {

/// Linear or cubic Resize with antialias on `input` (non-empty), or one
/// that only grows its axes, where antialias changes nothing: one pass per
/// resized axis, each a weighted sum over the axis's taps normalized by the
/// sum of their weights, through intermediates in the compute type.
/// `roi` is the op's roi, or null.
mlir::Value lowerAntialiasedResize(mlir::OpBuilder &b, mlir::Location loc,
                                   const onnx::ResizeOperands &resize,
                                   mlir::Value input, mlir::Value roi,
                                   llvm::ArrayRef<onnx::ResizedAxis> axes,
                                   llvm::ArrayRef<mlir::OpFoldResult> outSizes,
                                   const resampling::ComputeType &compute);

/// Linear or cubic Resize on `input` (non-empty) through the tables of its
/// resized axes: one gather pass per axis, through intermediates in the
/// compute type (for integers, the reference's order of sums), for
/// resizes of so many axes that one gather over every combination of taps
/// would be too large to compile (kMaxGatherProducts).
mlir::Value lowerResizeAxisByAxis(mlir::OpBuilder &b, mlir::Location loc,
                                  const onnx::ResizeOperands &resize,
                                  mlir::Value input,
                                  llvm::ArrayRef<int64_t> resized,
                                  llvm::ArrayRef<AxisTables> tables,
                                  llvm::ArrayRef<mlir::OpFoldResult> outSizes,
                                  const resampling::ComputeType &compute);

} // namespace onnxc::onnx_to_linalg::resize

#endif // ONNXC_LIB_CONVERSION_ONNXTOLINALG_RESIZEANTIALIAS_H
