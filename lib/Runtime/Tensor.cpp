//===- Tensor.cpp - Tensors of the C API ----------------------------------===//
//
// Element types, and tensors that own their data or wrap the caller's.
//
//===----------------------------------------------------------------------===//

#include "RuntimeInternal.h"

#include <sys/mman.h>

#include <cstdlib>
#include <cstring>

using namespace onnxc::runtime;

const ElementInfo *onnxc::runtime::getElementInfo(int32_t type) {
  static const ElementInfo infos[] = {
#define ONNXC_ELEMENT_INFO(enumerator, code, name, bytes) {code, name, bytes},
      ONNXC_ELEMENT_TYPES(ONNXC_ELEMENT_INFO)
#undef ONNXC_ELEMENT_INFO
  };
  for (const ElementInfo &info : infos)
    if (info.code == type)
      return &info;
  return nullptr;
}

bool onnxc::runtime::computeSize(int32_t rank, const int64_t *dims,
                                 size_t elementSize, int64_t &numElements,
                                 size_t &bytes) {
  numElements = 1;
  for (int32_t i = 0; i < rank; ++i) {
    if (dims[i] < 0)
      return false;
    if (__builtin_mul_overflow(numElements, dims[i], &numElements))
      return false;
  }
  return !__builtin_mul_overflow(static_cast<size_t>(numElements), elementSize,
                                 &bytes) &&
         bytes <= ONNXC_MAX_TENSOR_BYTES;
}

void *onnxc::runtime::allocateData(size_t bytes) {
  constexpr size_t kHuge = size_t(2) << 20;
  size_t alignment = bytes >= kHuge ? kHuge : 64;
  void *data = nullptr;
  if (posix_memalign(&data, alignment, bytes ? bytes : 1) != 0)
    return nullptr;
  if (bytes >= kHuge)
    madvise(data, bytes, MADV_HUGEPAGE);
  return data;
}

std::string onnxc::runtime::describeTensorType(onnxc_element_type type,
                                               int32_t rank,
                                               const int64_t *dims) {
  const char *name = onnxc_element_type_name(type);
  std::string text = name ? name : "?";
  text += "[";
  for (int32_t i = 0; i < rank; ++i)
    text += (i ? ", " : "") + std::to_string(dims[i]);
  return text + "]";
}

size_t onnxc_element_size(onnxc_element_type type) {
  const ElementInfo *info = getElementInfo(type);
  return info ? info->size : 0;
}

const char *onnxc_element_type_name(onnxc_element_type type) {
  const ElementInfo *info = getElementInfo(type);
  return info ? info->name : nullptr;
}

static onnxc_status makeTensor(onnxc_element_type type, int32_t rank,
                               const int64_t *dims,
                               std::unique_ptr<onnxc_tensor> &tensor) {
  const ElementInfo *info = getElementInfo(type);
  if (!info)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "unknown element type %d",
                static_cast<int>(type));
  if (rank < 0 || (rank > 0 && !dims))
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "invalid rank %d or dims",
                static_cast<int>(rank));
  tensor = std::make_unique<onnxc_tensor>();
  tensor->type = type;
  tensor->dims.assign(dims, dims + rank);
  if (!computeSize(rank, dims, info->size, tensor->numElements, tensor->bytes))
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "invalid tensor shape: a negative dimension or too many "
                "elements");
  return ONNXC_OK;
}

onnxc_status
onnxc::runtime::createUninitialized(onnxc_element_type type, int32_t rank,
                                    const int64_t *dims,
                                    std::unique_ptr<onnxc_tensor> &tensor) {
  if (onnxc_status status = makeTensor(type, rank, dims, tensor))
    return status;
  tensor->data = allocateData(tensor->bytes);
  if (!tensor->data)
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "cannot allocate %zu bytes",
                tensor->bytes);
  tensor->owned = true;
  return ONNXC_OK;
}

static onnxc_status tensorCreateImpl(onnxc_element_type type, int32_t rank,
                                     const int64_t *dims,
                                     onnxc_tensor **result) {
  if (!result)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "tensor pointer is NULL");
  *result = nullptr;
  std::unique_ptr<onnxc_tensor> tensor;
  if (onnxc_status status = createUninitialized(type, rank, dims, tensor))
    return status;
  if (type == ONNXC_STRING) {
    // Every element starts as "", so that the tensor is always valid.
    static const char empty[] = "";
    auto **elements = static_cast<const char **>(tensor->data);
    for (int64_t i = 0; i < tensor->numElements; ++i)
      elements[i] = empty;
  } else {
    memset(tensor->data, 0, tensor->bytes);
  }
  *result = tensor.release();
  return ONNXC_OK;
}

static onnxc_status tensorWrapImpl(onnxc_element_type type, int32_t rank,
                                   const int64_t *dims, void *data,
                                   size_t sizeBytes, onnxc_tensor **result) {
  if (!result)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "tensor pointer is NULL");
  *result = nullptr;
  std::unique_ptr<onnxc_tensor> tensor;
  if (onnxc_status status = makeTensor(type, rank, dims, tensor))
    return status;
  if (sizeBytes != tensor->bytes)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "the data holds %zu bytes, the shape needs %zu", sizeBytes,
                tensor->bytes);
  if (!data && tensor->bytes != 0)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "the data pointer is NULL");
  tensor->data = data;
  *result = tensor.release();
  return ONNXC_OK;
}

void onnxc_tensor_destroy(onnxc_tensor *tensor) { delete tensor; }

onnxc_element_type onnxc_tensor_element_type(const onnxc_tensor *tensor) {
  return tensor ? tensor->type : onnxc_element_type(0);
}
int32_t onnxc_tensor_rank(const onnxc_tensor *tensor) {
  return tensor ? static_cast<int32_t>(tensor->dims.size()) : 0;
}
const int64_t *onnxc_tensor_dims(const onnxc_tensor *tensor) {
  return tensor ? tensor->dims.data() : nullptr;
}
int64_t onnxc_tensor_num_elements(const onnxc_tensor *tensor) {
  return tensor ? tensor->numElements : 0;
}
size_t onnxc_tensor_size_bytes(const onnxc_tensor *tensor) {
  return tensor ? tensor->bytes : 0;
}
void *onnxc_tensor_data(onnxc_tensor *tensor) {
  return tensor ? tensor->data : nullptr;
}
const void *onnxc_tensor_const_data(const onnxc_tensor *tensor) {
  return tensor ? tensor->data : nullptr;
}

static onnxc_status tensorSetStringImpl(onnxc_tensor *tensor, int64_t index,
                                        const char *value) {
  if (!tensor || tensor->type != ONNXC_STRING || !tensor->owned)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "onnxc_tensor_set_string needs a string tensor the runtime "
                "owns");
  if (index < 0 || index >= tensor->numElements || !value)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "string index %lld out of range or NULL value",
                static_cast<long long>(index));
  if (tensor->strings.empty())
    tensor->strings.resize(tensor->numElements);
  size_t length = strlen(value);
  std::unique_ptr<char[]> copy(new (std::nothrow) char[length + 1]);
  if (!copy)
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "cannot copy a string");
  memcpy(copy.get(), value, length + 1);
  static_cast<const char **>(tensor->data)[index] = copy.get();
  tensor->strings[index] = std::move(copy);
  return ONNXC_OK;
}

onnxc_status onnxc_tensor_create(onnxc_element_type type, int32_t rank,
                                 const int64_t *dims, onnxc_tensor **result) {
  return withoutExceptions(
      [&] { return tensorCreateImpl(type, rank, dims, result); });
}

onnxc_status onnxc_tensor_wrap(onnxc_element_type type, int32_t rank,
                               const int64_t *dims, void *data,
                               size_t sizeBytes, onnxc_tensor **result) {
  return withoutExceptions([&] {
    return tensorWrapImpl(type, rank, dims, data, sizeBytes, result);
  });
}

onnxc_status onnxc_tensor_set_string(onnxc_tensor *tensor, int64_t index,
                                     const char *value) {
  return withoutExceptions(
      [&] { return tensorSetStringImpl(tensor, index, value); });
}
