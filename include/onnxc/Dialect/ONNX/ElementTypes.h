//===- ElementTypes.h - ONNX element types as MLIR types --------*- C++ -*-===//
//
// The one mapping between the element types of the model ABI
// (onnxc_element_type in onnxc_model_abi.h: ONNX's TensorProto.DataType
// codes, names and sizes) and the MLIR types the onnx dialect uses for them.
// The importer, the compiler and the runtime all go through it.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_DIALECT_ONNX_ELEMENTTYPES_H
#define ONNXC_DIALECT_ONNX_ELEMENTTYPES_H

#include "onnxc/Runtime/onnxc_model_abi.h"

#include "mlir/IR/Types.h"

#include <optional>

namespace onnxc::onnx {

/// The MLIR element type of an ABI element type code (signedness kept:
/// ui8 for uint8, i1 for bool, !onnx.string for strings); null for a code
/// that is not an element type.
mlir::Type getElementType(mlir::MLIRContext *context, int32_t code);

/// The ABI element type of an MLIR element type, if it is one.
std::optional<onnxc_element_type> getElementTypeCode(mlir::Type type);

/// The ABI's name of an element type code ("float32", "uint8", ...);
/// nullptr for a code that is not an element type.
const char *getElementTypeName(int32_t code);

/// The bytes the ABI stores an element of `type` in, if it is an element
/// type.
std::optional<int64_t> getElementTypeSize(mlir::Type type);

} // namespace onnxc::onnx

#endif // ONNXC_DIALECT_ONNX_ELEMENTTYPES_H
