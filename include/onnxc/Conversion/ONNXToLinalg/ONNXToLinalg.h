//===- ONNXToLinalg.h - onnx to linalg conversion ---------------*- C++ -*-===//
#ifndef ONNXC_CONVERSION_ONNXTOLINALG_ONNXTOLINALG_H
#define ONNXC_CONVERSION_ONNXTOLINALG_ONNXTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace onnxc {

/// Converts the element types the lowering cannot carry as they are:
/// unsigned integers become signless (signedness lives on in the ops the
/// patterns pick) and `!onnx.string` becomes `i64`, a pointer at run time.
class ONNXToLinalgTypeConverter : public mlir::TypeConverter {
public:
  explicit ONNXToLinalgTypeConverter(mlir::MLIRContext *context);
};

/// Patterns lowering onnx.Constant, onnx.ClipV13 and onnx.UpsampleV10 to
/// linalg, tensor, arith and complex ops on tensors. With
/// `alignCornersByOutputLength`, Resize's align_corners divides by the
/// output length - 1 as ONNX Runtime does, also when scales are given.
void populateONNXToLinalgConversionPatterns(
    const mlir::TypeConverter &typeConverter, mlir::RewritePatternSet &patterns,
    bool alignCornersByOutputLength = false);

} // namespace onnxc

#endif // ONNXC_CONVERSION_ONNXTOLINALG_ONNXTOLINALG_H
