//===- RuntimeInternal.h - What the runtime's files share -------*- C++ -*-===//
//
// The C API's opaque objects, error reporting and element types, shared by
// Tensor.cpp, ModelLoad.cpp and ModelRun.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_RUNTIME_RUNTIMEINTERNAL_H
#define ONNXC_LIB_RUNTIME_RUNTIMEINTERNAL_H

#include "onnxc/Runtime/onnxc_runtime.h"

#include "ThreadPool.h"

#include <dlfcn.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace onnxc::runtime {

/// Records the calling thread's last error (onnxc_last_error) and returns
/// `status`. Allocates nothing, so that it reports running out of memory
/// too.
onnxc_status fail(onnxc_status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/// Runs the body of a C API function: no C++ exception crosses the C API.
/// The runtime's bookkeeping (tensor vectors, scratch buffers, worker
/// threads) throws when memory or threads run out; that is an error
/// status, like any other.
template <typename Body> onnxc_status withoutExceptions(Body &&body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception &e) {
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "out of resources: %s", e.what());
  }
}

struct ElementInfo {
  int32_t code;
  const char *name;
  size_t size;
};

const ElementInfo *getElementInfo(int32_t type);

/// Product of `dims` times `elementSize`, or false on overflow/negative dims.
bool computeSize(int32_t rank, const int64_t *dims, size_t elementSize,
                 int64_t &numElements, size_t &bytes);

/// Memory for owned tensors: 64-byte aligned; large buffers on 2 MiB
/// boundaries with transparent huge pages, which cost far fewer page faults
/// on first touch.
void *allocateData(size_t bytes);

/// "float32[1, 8]": a tensor's element type and shape, for messages.
std::string describeTensorType(onnxc_element_type type, int32_t rank,
                               const int64_t *dims);

/// An owned tensor whose data is left uninitialized: for outputs, which the
/// kernel writes in full.
onnxc_status createUninitialized(onnxc_element_type type, int32_t rank,
                                 const int64_t *dims,
                                 std::unique_ptr<onnxc_tensor> &tensor);

} // namespace onnxc::runtime

struct onnxc_tensor {
  onnxc_element_type type;
  std::vector<int64_t> dims;
  int64_t numElements = 0;
  size_t bytes = 0;
  void *data = nullptr;
  bool owned = false;
  /// Owned string storage, one allocation per element (string tensors).
  std::vector<std::unique_ptr<char[]>> strings;

  ~onnxc_tensor() {
    if (owned)
      free(data);
  }
};

struct onnxc_model {
  const onnxc_model_info *info = nullptr;
  void *library = nullptr;
  size_t numDims = 0; // Sum of the output ranks.
  std::atomic<int32_t> numThreads{onnxc::runtime::getDefaultNumThreads()};

  ~onnxc_model() {
    if (library)
      dlclose(library);
  }
};

#endif // ONNXC_LIB_RUNTIME_RUNTIMEINTERNAL_H
