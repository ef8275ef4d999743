//===- TensorData.cpp - The typed data fields of a TensorProto ------------===//

#include "onnxc/Support/TensorData.h"

#include <onnx/onnx_pb.h>

#include <cstring>

using namespace onnxc;
namespace pb = ::onnx;

namespace {
/// Calls `visit(field, narrow)` with the typed field holding elements of
/// `dataType` and the conversion of one of its values to the stored form;
/// returns false when no typed field holds that type.
template <typename Visitor>
bool visitTypedField(const pb::TensorProto &tensor, int32_t dataType,
                     Visitor visit) {
  switch (dataType) {
  case pb::TensorProto::FLOAT:
  case pb::TensorProto::COMPLEX64:
    visit(tensor.float_data(), [](float v) { return v; });
    return true;
  case pb::TensorProto::DOUBLE:
  case pb::TensorProto::COMPLEX128:
    visit(tensor.double_data(), [](double v) { return v; });
    return true;
  case pb::TensorProto::BOOL:
    visit(tensor.int32_data(), [](int32_t v) { return uint8_t(v != 0); });
    return true;
  case pb::TensorProto::INT8:
  case pb::TensorProto::UINT8:
    visit(tensor.int32_data(), [](int32_t v) { return uint8_t(v); });
    return true;
  case pb::TensorProto::INT16:
  case pb::TensorProto::UINT16:
  case pb::TensorProto::FLOAT16:
  case pb::TensorProto::BFLOAT16:
    // 16-bit floats are stored as their bit patterns.
    visit(tensor.int32_data(), [](int32_t v) { return uint16_t(v); });
    return true;
  case pb::TensorProto::INT32:
    visit(tensor.int32_data(), [](int32_t v) { return v; });
    return true;
  case pb::TensorProto::INT64:
    visit(tensor.int64_data(), [](int64_t v) { return v; });
    return true;
  case pb::TensorProto::UINT32:
    visit(tensor.uint64_data(), [](uint64_t v) { return uint32_t(v); });
    return true;
  case pb::TensorProto::UINT64:
    visit(tensor.uint64_data(), [](uint64_t v) { return v; });
    return true;
  default:
    return false;
  }
}
} // namespace

int64_t onnxc::getScalarsPerElement(int32_t dataType) {
  return dataType == pb::TensorProto::COMPLEX64 ||
                 dataType == pb::TensorProto::COMPLEX128
             ? 2
             : 1;
}

int64_t onnxc::getTypedFieldScalarCount(const pb::TensorProto &tensor,
                                        int32_t dataType) {
  int64_t count = -1;
  visitTypedField(tensor, dataType,
                  [&](const auto &field, auto) { count = field.size(); });
  return count;
}

bool onnxc::appendTypedFieldBytes(const pb::TensorProto &tensor,
                                  int32_t dataType, std::string &out) {
  return visitTypedField(tensor, dataType, [&](const auto &field, auto narrow) {
    using Stored = decltype(narrow(*field.begin()));
    size_t at = out.size();
    out.resize(at + field.size() * sizeof(Stored));
    for (auto value : field) {
      Stored stored = narrow(value);
      std::memcpy(&out[at], &stored, sizeof(stored));
      at += sizeof(stored);
    }
  });
}
