//===- ElementTypes.cpp - ONNX element types as MLIR types ----------------===//

#include "onnxc/Dialect/ONNX/ElementTypes.h"
#include "onnxc/Dialect/ONNX/ONNXOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace onnxc::onnx;

Type onnxc::onnx::getElementType(MLIRContext *context, int32_t code) {
  auto integer = [&](unsigned width, bool isUnsigned) -> Type {
    return IntegerType::get(context, width,
                            isUnsigned ? IntegerType::Unsigned
                                       : IntegerType::Signless);
  };
  switch (code) {
  case ONNXC_FLOAT:
    return Float32Type::get(context);
  case ONNXC_DOUBLE:
    return Float64Type::get(context);
  case ONNXC_FLOAT16:
    return Float16Type::get(context);
  case ONNXC_BFLOAT16:
    return BFloat16Type::get(context);
  case ONNXC_BOOL:
    return integer(1, false);
  case ONNXC_INT8:
    return integer(8, false);
  case ONNXC_UINT8:
    return integer(8, true);
  case ONNXC_INT16:
    return integer(16, false);
  case ONNXC_UINT16:
    return integer(16, true);
  case ONNXC_INT32:
    return integer(32, false);
  case ONNXC_UINT32:
    return integer(32, true);
  case ONNXC_INT64:
    return integer(64, false);
  case ONNXC_UINT64:
    return integer(64, true);
  case ONNXC_COMPLEX64:
    return ComplexType::get(Float32Type::get(context));
  case ONNXC_COMPLEX128:
    return ComplexType::get(Float64Type::get(context));
  case ONNXC_STRING:
    return StringType::get(context);
  default:
    return {};
  }
}

std::optional<onnxc_element_type> onnxc::onnx::getElementTypeCode(Type type) {
  // Every code maps to a distinct type: invert the mapping above.
  static constexpr onnxc_element_type kCodes[] = {
#define ONNXC_ELEMENT_CODE(enumerator, code, name, bytes) enumerator,
      ONNXC_ELEMENT_TYPES(ONNXC_ELEMENT_CODE)
#undef ONNXC_ELEMENT_CODE
  };
  for (onnxc_element_type code : kCodes)
    if (getElementType(type.getContext(), code) == type)
      return code;
  return std::nullopt;
}

const char *onnxc::onnx::getElementTypeName(int32_t code) {
  switch (code) {
#define ONNXC_ELEMENT_NAME(enumerator, code, name, bytes)                      \
  case code:                                                                   \
    return name;
    ONNXC_ELEMENT_TYPES(ONNXC_ELEMENT_NAME)
#undef ONNXC_ELEMENT_NAME
  default:
    return nullptr;
  }
}

std::optional<int64_t> onnxc::onnx::getElementTypeSize(Type type) {
  std::optional<onnxc_element_type> code = getElementTypeCode(type);
  if (!code)
    return std::nullopt;
  switch (*code) {
#define ONNXC_ELEMENT_SIZE(enumerator, code, name, bytes)                      \
  case enumerator:                                                             \
    return static_cast<int64_t>(bytes);
    ONNXC_ELEMENT_TYPES(ONNXC_ELEMENT_SIZE)
#undef ONNXC_ELEMENT_SIZE
  }
  return std::nullopt;
}
