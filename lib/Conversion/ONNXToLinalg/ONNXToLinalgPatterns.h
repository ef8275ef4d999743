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
/// ConstantOfShape is lowered only then.
bool hasStaticShapes(mlir::Operation *op);

/// Concat, Transpose, Reshape and Unsqueeze of the newest versions, Squeeze
/// of dimensions known to be 1, and ConstantOfShape of a static shape
/// (isLoweredDataMovement).
void populateDataMovementToLinalgPatterns(
    const mlir::TypeConverter &typeConverter,
    mlir::RewritePatternSet &patterns);

/// Whether `op` is a data-moving op the patterns above lower.
bool isLoweredDataMovement(mlir::Operation *op);

/// Add, Sub, Mul, Div, Max and Min of the newest versions
/// (isLoweredElementwise), with multidirectional broadcasting of the
/// dimensions of 1 known at compile time.
void populateElementwiseToLinalgPatterns(
    const mlir::TypeConverter &typeConverter,
    mlir::RewritePatternSet &patterns);

/// Whether `op` is an elementwise arithmetic op the patterns above lower.
bool isLoweredElementwise(mlir::Operation *op);

/// How two elements combine under the elementwise operator `name` (Add,
/// Sub, Mul, Div, Max or Min), docs/semantics.md's rules included: an
/// integer division by zero gives 0. `isUnsigned` for unsigned integers,
/// which are signless after type conversion.
mlir::Value combineElements(mlir::OpBuilder &b, mlir::Location loc,
                            llvm::StringRef name, mlir::Value lhs,
                            mlir::Value rhs, bool isUnsigned);

/// One element converted by Cast from the ONNX element type `from` to `to`
/// (docs/semantics.md): integers wrap, floats round to nearest even, floats
/// become integers by truncation toward zero, saturated, NaN giving 0;
/// anything becomes bool as != 0. The result has `to`'s signless type.
mlir::Value castElement(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value value, mlir::Type from, mlir::Type to);

/// Shape arithmetic on small tensors of static shape (Shape, Size, Gather,
/// Slice, Concat, Cast, Unsqueeze, Squeeze, Reshape, Identity, the
/// elementwise ops, Floor and Ceil) as scalar code: the dimensions a model
/// computes from its run-time input shapes (isScalarizedShapeArithmetic).
void populateShapeArithmeticToScalarsPatterns(
    const mlir::TypeConverter &typeConverter,
    mlir::RewritePatternSet &patterns);
/// Whether the patterns above lower `op`.
bool isScalarizedShapeArithmetic(mlir::Operation *op);

void populateUpsampleToLinalgPatterns(const mlir::TypeConverter &typeConverter,
                                      mlir::RewritePatternSet &patterns);

} // namespace onnxc::onnx_to_linalg

#endif // ONNXC_LIB_CONVERSION_ONNXTOLINALG_PATTERNS_H
