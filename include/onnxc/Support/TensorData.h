//===- TensorData.h - The typed data fields of a TensorProto ----*- C++ -*-===//
//
// A TensorProto holds numeric elements either as raw little-endian bytes or
// in a typed repeated field (int32_data for int8 ... float16, and so on).
// Which field holds a data type, and how its values narrow to the element's
// bytes, is decided here once, for the importer (initializers and Constant
// nodes) and onnx-run (input files). No MLIR and no LLVM: onnx-run links
// only the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_SUPPORT_TENSORDATA_H
#define ONNXC_SUPPORT_TENSORDATA_H

#include <cstdint>
#include <string>

namespace onnx {
class TensorProto;
} // namespace onnx

namespace onnxc {

/// Scalars per element: 2 for complex types, else 1.
int64_t getScalarsPerElement(int32_t dataType);

/// The number of scalars the typed field for `dataType` holds; -1 when no
/// typed field holds that type (string, undefined or unknown types).
int64_t getTypedFieldScalarCount(const ::onnx::TensorProto &tensor,
                                 int32_t dataType);

/// Appends the values of the typed field for `dataType` to `out`, each
/// narrowed to its element's raw little-endian bytes (a bool as one byte, 0
/// or 1). Returns false when no typed field holds that type.
bool appendTypedFieldBytes(const ::onnx::TensorProto &tensor, int32_t dataType,
                           std::string &out);

} // namespace onnxc

#endif // ONNXC_SUPPORT_TENSORDATA_H
