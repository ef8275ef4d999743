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

static volatile int counting;
static volatile long allocations;

static int onAllocation(void) {
  if (counting)
    ++allocations;
  return 0;
}

#include "allocation_hooks.h"

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
  onnxc_tensor *inputs[kMaxTestValues] = {0}, *outputs[kMaxTestValues] = {0};
  if (createTestInputs(model, inputs) != 0)
    return check(ONNXC_ERROR_INVALID_ARGUMENT, "inputs");
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
