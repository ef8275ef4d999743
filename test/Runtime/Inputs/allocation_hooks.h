/*===- allocation_hooks.h - Interposed allocators for the run-path tests --===*\
|*                                                                            *|
|* Defines malloc, calloc, realloc, aligned_alloc, memalign and              *|
|* posix_memalign over glibc's own entry points. The including file defines  *|
|* `static int onAllocation(void)` first: it sees every call, and a non-zero *|
|* result fails the allocation (errno ENOMEM, as glibc's do).                *|
|* Also: the model inputs both tests feed.                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ONNXC_TEST_RUNTIME_ALLOCATION_HOOKS_H
#define ONNXC_TEST_RUNTIME_ALLOCATION_HOOKS_H

#include "onnxc/Runtime/onnxc_runtime.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static int fails(void) {
  if (!onAllocation())
    return 0;
  errno = ENOMEM;
  return 1;
}

void *malloc(size_t size) { return fails() ? NULL : __libc_malloc(size); }
void *calloc(size_t count, size_t size) {
  return fails() ? NULL : __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t size) {
  return fails() ? NULL : __libc_realloc(pointer, size);
}
void *aligned_alloc(size_t alignment, size_t size) {
  return fails() ? NULL : __libc_memalign(alignment, size);
}
void *memalign(size_t alignment, size_t size) {
  return fails() ? NULL : __libc_memalign(alignment, size);
}
int posix_memalign(void **result, size_t alignment, size_t size) {
  if (fails())
    return ENOMEM;
  *result = __libc_memalign(alignment, size);
  return *result ? 0 : ENOMEM;
}

enum { kMaxTestRank = 8, kMaxTestValues = 8 };

/* Creates the inputs of `model` into `inputs` (kMaxTestValues at most):
 * float elements 1.0 (a valid scale and bound), others 0, symbolic
 * dimensions 3. Returns 0 on success. */
static int createTestInputs(const onnxc_model *model, onnxc_tensor **inputs) {
  size_t numInputs = onnxc_model_num_inputs(model);
  if (numInputs > kMaxTestValues ||
      onnxc_model_num_outputs(model) > kMaxTestValues)
    return 1;
  for (size_t i = 0; i < numInputs; ++i) {
    const onnxc_model_io *io = onnxc_model_input(model, i);
    int64_t dims[kMaxTestRank];
    if (io->rank > kMaxTestRank)
      return 1;
    for (int32_t d = 0; d < io->rank; ++d)
      dims[d] = io->dims[d] >= 0 ? io->dims[d] : 3;
    onnxc_element_type type = (onnxc_element_type)io->elem_type;
    if (onnxc_tensor_create(type, io->rank, dims, &inputs[i]) != ONNXC_OK)
      return 1;
    if (type == ONNXC_FLOAT) {
      float *data = (float *)onnxc_tensor_data(inputs[i]);
      for (int64_t e = 0; e < onnxc_tensor_num_elements(inputs[i]); ++e)
        data[e] = 1.0f;
    }
  }
  return 0;
}

#endif /* ONNXC_TEST_RUNTIME_ALLOCATION_HOOKS_H */
