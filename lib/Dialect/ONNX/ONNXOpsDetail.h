//===- ONNXOpsDetail.h - What the onnx op files share -----------*- C++ -*-===//
//
// Helpers of the op verifiers, type inference and shape reification that
// ONNXOps.cpp (with the ODS-generated op definitions) and ResizeShapes.cpp
// share.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_DIALECT_ONNX_ONNXOPSDETAIL_H
#define ONNXC_LIB_DIALECT_ONNX_ONNXOPSDETAIL_H

#include "onnxc/Dialect/ONNX/ONNXOps.h"

namespace onnxc::onnx::detail {
using namespace mlir;

/// Returns the values of a constant 1-D f32 tensor.
std::optional<SmallVector<float>> getConstantFloats(Value value);

/// A resampled result has its input's element type and rank.
LogicalResult verifyResampledType(Operation *op, RankedTensorType inputType,
                                  RankedTensorType resultType);

/// The known dimensions of `resultType` alone must leave a size the runtime
/// can hold.
LogicalResult verifyOutputSize(Operation *op, RankedTensorType resultType);

/// Resize's result type: the output lengths compile time knows.
RankedTensorType inferResizeType(const ResizeOperands &r);

/// Resize's rules on its attributes and inputs, for every version.
LogicalResult verifyResize(Operation *op, const ResizeOperands &r);

/// Resize's output sizes, static where `type` knows them.
SmallVector<OpFoldResult> reifyResizedSizes(OpBuilder &b, Location loc,
                                            const ResizeOperands &r,
                                            RankedTensorType type);

} // namespace onnxc::onnx::detail

#endif // ONNXC_LIB_DIALECT_ONNX_ONNXOPSDETAIL_H
