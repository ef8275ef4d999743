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

#include "mlir/IR/Diagnostics.h"

namespace onnxc::onnx::detail {
using namespace mlir;

/// Returns the values of a constant 1-D f32 tensor.
std::optional<SmallVector<float>> getConstantFloats(Value value);

/// Returns the values of a constant 1-D i64 tensor.
std::optional<SmallVector<int64_t>> getConstantInts(Value value);

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

//===----------------------------------------------------------------------===//
// Shape arithmetic and elementwise ops (TensorOps.cpp)
//===----------------------------------------------------------------------===//

/// What compile time knows of a 1-D (or 0-D) integer operand or attribute:
/// whether it is present, and its elements, each known or not (none when
/// even its length is unknown). A Shape of a tensor with some dynamic
/// dimensions is partly known, and so are the Concats and Slices of it.
struct KnownInts {
  bool present = false;
  std::optional<SmallVector<std::optional<int64_t>>> elements;

  /// Every element, when all are known.
  std::optional<SmallVector<int64_t>> getValues() const;
};
KnownInts getKnownInts(Value value);
KnownInts getKnownInts(ArrayRef<int64_t> values);
KnownInts getKnownInts(std::optional<ArrayRef<int64_t>> values);

using InferredTypes = SmallVectorImpl<Type>;
using OptionalLoc = std::optional<Location>;

/// Whether `adaptor` holds every attribute its op requires, of the kinds
/// the op declares. Type inference reads the attributes before any
/// verifier has run (an imported node, an op built or parsed), and a
/// missing required one would be a null read. The verifier's message goes
/// to `loc`; without one, nothing is emitted.
template <typename AdaptorT>
LogicalResult verifyAdaptorAttributes(MLIRContext *context, OptionalLoc loc,
                                      AdaptorT &adaptor) {
  if (loc)
    return adaptor.verify(*loc);
  ScopedDiagnosticHandler silence(context,
                                  [](Diagnostic &) { return success(); });
  return adaptor.verify(UnknownLoc::get(context));
}

LogicalResult inferSameType(OptionalLoc loc, Value input,
                            InferredTypes &inferred);
LogicalResult inferShape(OptionalLoc loc, Value data,
                         std::optional<int64_t> start,
                         std::optional<int64_t> end, InferredTypes &inferred);
OpFoldResult foldShape(Value data, std::optional<int64_t> start,
                       std::optional<int64_t> end);
LogicalResult inferSize(OptionalLoc loc, Value data, InferredTypes &inferred);
OpFoldResult foldSize(Value data);
LogicalResult inferGather(OptionalLoc loc, Value data, Value indices,
                          int64_t axis, InferredTypes &inferred);
/// The flat index into `data` that each element of a Gather's result
/// reads, in result order, when the data's shape and the indices are known.
std::optional<SmallVector<int64_t>>
getGatherReadIndices(Value data, Value indices, int64_t axis, Type resultType);
OpFoldResult foldGather(Value data, Value indices, int64_t axis,
                        Attribute dataAttr, Attribute indicesAttr,
                        Type resultType);
LogicalResult inferSlice(OptionalLoc loc, Value data, const KnownInts &starts,
                         const KnownInts &ends, const KnownInts &axes,
                         const KnownInts &steps, InferredTypes &inferred);
/// The same for a Slice whose bounds are known.
std::optional<SmallVector<int64_t>>
getSliceReadIndices(Value data, Type resultType, const KnownInts &starts,
                    const KnownInts &ends, const KnownInts &axes,
                    const KnownInts &steps);
OpFoldResult foldSlice(Value data, Attribute dataAttr, Type resultType,
                       const KnownInts &starts, const KnownInts &ends,
                       const KnownInts &axes, const KnownInts &steps);
LogicalResult inferConcat(OptionalLoc loc, ValueRange inputs, int64_t axis,
                          InferredTypes &inferred);
LogicalResult inferConstantOfShape(OptionalLoc loc, MLIRContext *context,
                                   const KnownInts &shape, ElementsAttr value,
                                   InferredTypes &inferred);
OpFoldResult foldConstantOfShape(TypedAttr fill, Type resultType);
LogicalResult inferReshape(OptionalLoc loc, Value data, const KnownInts &shape,
                           bool allowZero, InferredTypes &inferred);
LogicalResult inferTranspose(OptionalLoc loc, Value data,
                             std::optional<ArrayRef<int64_t>> perm,
                             InferredTypes &inferred);
OpFoldResult foldTranspose(Attribute dataAttr, ArrayRef<int64_t> permutation,
                           Type resultType);

/// A Transpose's fold: its input when the permutation is the identity; a
/// Transpose of a Transpose of the same version becomes one (in place), of
/// the composed permutation; a constant input is transposed.
template <typename TransposeOp>
OpFoldResult foldTransposeOp(TransposeOp op, Attribute dataAttr) {
  SmallVector<int64_t> permutation = op.getPermutation();
  if (op.getData().getType() == op.getType() &&
      llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return op.getData();
  if (auto inner = op.getData().template getDefiningOp<TransposeOp>()) {
    // Output axis i is the inner result's axis permutation[i], which is
    // the inner input's axis innerPermutation[permutation[i]].
    SmallVector<int64_t> innerPermutation = inner.getPermutation();
    SmallVector<int64_t> composed;
    for (int64_t axis : permutation)
      composed.push_back(innerPermutation[axis]);
    op.getDataMutable().assign(inner.getData());
    op.setPerm(composed);
    return op.getResult();
  }
  return foldTranspose(dataAttr, permutation, op.getType());
}
OpFoldResult foldConcat(ValueRange inputs, ArrayRef<Attribute> attrs,
                        int64_t axis, Type resultType);
LogicalResult inferUnsqueeze(OptionalLoc loc, Value data, const KnownInts &axes,
                             int64_t version, InferredTypes &inferred);
LogicalResult inferSqueeze(OptionalLoc loc, Value data, const KnownInts &axes,
                           int64_t version, InferredTypes &inferred);
OpFoldResult foldReshapedConstant(Attribute dataAttr, Value data,
                                  Type resultType);
LogicalResult inferCast(OptionalLoc loc, MLIRContext *context, Value input,
                        int64_t to, InferredTypes &inferred);
OpFoldResult foldCast(Attribute input, Type resultType);
LogicalResult inferBroadcast(OptionalLoc loc, ValueRange inputs,
                             InferredTypes &inferred);
/// Folds the elementwise operator `operatorName` (Add, Sub, Mul, Div, Max,
/// Min, Floor, Ceil, Relu) of constant operands, broadcast to `resultType`.
OpFoldResult foldElementwise(StringRef operatorName,
                             ArrayRef<Attribute> operands, Type resultType);

} // namespace onnxc::onnx::detail

#endif // ONNXC_LIB_DIALECT_ONNX_ONNXOPSDETAIL_H
