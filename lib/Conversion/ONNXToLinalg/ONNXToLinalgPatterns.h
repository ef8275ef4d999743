//===- ONNXToLinalgPatterns.h - Internal lowering helpers -------*- C++ -*-===//
#ifndef ONNXC_LIB_CONVERSION_ONNXTOLINALG_PATTERNS_H
#define ONNXC_LIB_CONVERSION_ONNXTOLINALG_PATTERNS_H

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace onnxc::onnx_to_linalg {

/// A tensor.empty of the given sizes.
mlir::Value createEmptyLike(mlir::OpBuilder &b, mlir::Location loc,
                            llvm::ArrayRef<mlir::OpFoldResult> sizes,
                            mlir::Type elementType);

/// The element at index (0, ..., 0) of a ranked tensor.
mlir::Value extractFirstElement(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value tensor);

/// With `alignCornersByOutputLength`, align_corners divides by the output
/// length - 1 also when scales are given (ResizeOperands).
void populateResizeToLinalgPatterns(const mlir::TypeConverter &typeConverter,
                                    mlir::RewritePatternSet &patterns,
                                    bool alignCornersByOutputLength);

/// Whether every operand and result of `op` is a tensor of static shape:
/// ops on data that broadcast or move regions are lowered only then.
bool hasStaticShapes(mlir::Operation *op);

/// Concat, Transpose, Reshape, Squeeze and Unsqueeze of the newest versions
/// on static shapes (isLoweredDataMovement).
void populateDataMovementToLinalgPatterns(
    const mlir::TypeConverter &typeConverter,
    mlir::RewritePatternSet &patterns);

/// Whether `op` is a data-moving op the patterns above lower.
bool isLoweredDataMovement(mlir::Operation *op);

/// Add, Sub, Mul, Div, Max and Min of the newest versions on static shapes
/// (isLoweredElementwise), with multidirectional broadcasting.
void populateElementwiseToLinalgPatterns(
    const mlir::TypeConverter &typeConverter,
    mlir::RewritePatternSet &patterns);

/// Whether `op` is an elementwise arithmetic op the patterns above lower.
bool isLoweredElementwise(mlir::Operation *op);

void populateUpsampleToLinalgPatterns(const mlir::TypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns);

} // namespace onnxc::onnx_to_linalg

#endif // ONNXC_LIB_CONVERSION_ONNXTOLINALG_PATTERNS_H
