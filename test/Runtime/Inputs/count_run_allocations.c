/*===- count_run_allocations.c - No heap allocation on the run path -------===*\
|*                                                                            *|
|*   count_run_allocations MODEL.so...                                        *|
|*                                                                            *|
|* Loads each model, runs it once with runtime-allocated outputs and once     *|
|* more into those outputs (warm-up), then counts the calls to malloc,        *|
|* calloc, realloc and the aligned allocators made by further runs into the   *|
|* same outputs. Every count must be 0. Float inputs are 1.0 (a valid scale   *|
|* and bound), others 0; symbolic dimensions are 3.                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "onnxc/Runtime/onnxc_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* glibc's own entry points, which the interposed functions forward to. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static volatile int counting;
static volatile long allocations;

void *malloc(size_t size) {
  if (counting)
    ++allocations;
  return __libc_malloc(size);
}
void *calloc(size_t count, size_t size) {
  if (counting)
    ++allocations;
  return __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t size) {
  if (counting)
    ++allocations;
  return __libc_realloc(pointer, size);
}
void *aligned_alloc(size_t alignment, size_t size) {
  if (counting)
    ++allocations;
  return __libc_memalign(alignment, size);
}
void *memalign(size_t alignment, size_t size) {
  if (counting)
    ++allocations;
  return __libc_memalign(alignment, size);
}
int posix_memalign(void **result, size_t alignment, size_t size) {
  if (counting)
    ++allocations;
  *result = __libc_memalign(alignment, size);
  return *result ? 0 : 12; /* ENOMEM */
}

static int check(onnxc_status status, const char *what) {
  if (status == ONNXC_OK)
    return 1;
  fprintf(stderr, "%s: %s\n", what, onnxc_last_error());
  return 0;
}

static int countModel(const char *path) {
  onnxc_model *model = NULL;
  if (!check(onnxc_model_load(path, NULL, &model), path))
    return 0;
  size_t numInputs = onnxc_model_num_inputs(model);
  size_t numOutputs = onnxc_model_num_outputs(model);
  onnxc_tensor *inputs[8] = {0}, *outputs[8] = {0};
  if (numInputs > 8 || numOutputs > 8)
    return 0;
  for (size_t i = 0; i < numInputs; ++i) {
    const onnxc_model_io *io = onnxc_model_input(model, i);
    int64_t dims[8];
    for (int32_t d = 0; d < io->rank; ++d)
      dims[d] = io->dims[d] >= 0 ? io->dims[d] : 3;
    onnxc_element_type type = (onnxc_element_type)io->elem_type;
    if (!check(onnxc_tensor_create(type, io->rank, dims, &inputs[i]), "input"))
      return 0;
    if (type == ONNXC_FLOAT) {
      float *data = (float *)onnxc_tensor_data(inputs[i]);
      for (int64_t e = 0; e < onnxc_tensor_num_elements(inputs[i]); ++e)
        data[e] = 1.0f;
    }
  }
  if (!check(onnxc_model_run(model, (const onnxc_tensor *const *)inputs,
                             numInputs, outputs, numOutputs),
             "first run") ||
      !check(onnxc_model_run(model, (const onnxc_tensor *const *)inputs,
                             numInputs, outputs, numOutputs),
             "warm-up run"))
    return 0;
  const int runs = 5;
  allocations = 0;
  counting = 1;
  int ok = 1;
  for (int r = 0; r < runs && ok; ++r)
    ok = onnxc_model_run(model, (const onnxc_tensor *const *)inputs, numInputs,
                         outputs, numOutputs) == ONNXC_OK;
  counting = 0;
  if (!ok)
    return check(ONNXC_ERROR_INVALID_ARGUMENT, "run");
  printf("%s: %ld heap allocations in %d runs\n", path, allocations, runs);
  for (size_t i = 0; i < numInputs; ++i)
    onnxc_tensor_destroy(inputs[i]);
  for (size_t i = 0; i < numOutputs; ++i)
    onnxc_tensor_destroy(outputs[i]);
  onnxc_model_destroy(model);
  return allocations == 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: count_run_allocations MODEL.so...\n");
    return 2;
  }
  int failed = 0;
  for (int i = 1; i < argc; ++i)
    failed += !countModel(argv[i]);
  if (failed)
    fprintf(stderr, "%d models allocated on the run path\n", failed);
  return failed ? 1 : 0;
}
