/*===- fail_allocations.c - Running out of memory is an error status ------===*\
|*                                                                            *|
|*   fail_allocations MODEL.so...                                             *|
|*                                                                            *|
|* For each model and each phase (loading it; its first run, outputs          *|
|* allocated by the runtime; a later run), makes the k-th heap allocation of  *|
|* the phase and every one after it fail, for k = 1, 2, ... until the phase   *|
|* makes fewer than k allocations. Each try runs in a child process, which    *|
|* must end normally, every call having returned ONNXC_OK or an error status  *|
|* with a message: a signal (a write through NULL, an escaped C++ exception) *|
|* fails the test. Float inputs are 1.0 (a valid scale and bound), others 0; *|
|* symbolic dimensions are 3. FAIL_ALLOCATIONS_TRY=PHASE,K runs one try in   *|
|* the process itself, to debug it.                                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "onnxc/Runtime/onnxc_runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Allocations are counted while `counting`; from the `failFrom`-th on they
 * fail. */
static volatile int counting;
static volatile long allocations, failFrom;

static int onAllocation(void) { return counting && ++allocations >= failFrom; }

#include "allocation_hooks.h"

enum Phase { kLoad, kFirstRun, kLaterRun };
static const char *const kPhaseNames[] = {"load", "first run", "later run"};

/* A call's status must be OK or an error that says what happened. */
static int acceptable(onnxc_status status) {
  return status == ONNXC_OK || onnxc_last_error()[0] != '\0';
}

/* The child: returns 0 when every call behaved, 1 when a call failed
 * without a message, 3 when the phase made fewer than `k` allocations. */
static int tryPhase(const char *path, enum Phase phase, long k) {
  failFrom = k;
  allocations = 0;
  onnxc_model *model = NULL;
  counting = phase == kLoad;
  onnxc_status status = onnxc_model_load(path, NULL, &model);
  counting = 0;
  if (phase == kLoad)
    return !acceptable(status) ? 1 : allocations < k ? 3 : 0;
  if (status != ONNXC_OK)
    return 1;
  size_t numInputs = onnxc_model_num_inputs(model);
  size_t numOutputs = onnxc_model_num_outputs(model);
  onnxc_tensor *inputs[kMaxTestValues] = {0}, *outputs[kMaxTestValues] = {0};
  if (createTestInputs(model, inputs) != 0)
    return 1;
  const onnxc_tensor *const *in = (const onnxc_tensor *const *)inputs;
  if (phase == kLaterRun &&
      onnxc_model_run(model, in, numInputs, outputs, numOutputs) != ONNXC_OK)
    return 1;
  counting = 1;
  status = onnxc_model_run(model, in, numInputs, outputs, numOutputs);
  if (acceptable(status))
    status = onnxc_model_run(model, in, numInputs, outputs, numOutputs);
  counting = 0;
  return !acceptable(status) ? 1 : allocations < k ? 3 : 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: fail_allocations MODEL.so...\n");
    return 2;
  }
  /* FAIL_ALLOCATIONS_TRY=PHASE,K runs one try in this process, for a
   * debugger: PHASE 0 loads, 1 is the first run, 2 a later one. */
  const char *one = getenv("FAIL_ALLOCATIONS_TRY");
  if (one) {
    int phase = 0;
    long k = 0;
    if (sscanf(one, "%d,%ld", &phase, &k) != 2 || phase < kLoad ||
        phase > kLaterRun)
      return 2;
    return tryPhase(argv[1], (enum Phase)phase, k);
  }
  int failed = 0;
  /* A string copied into an owned tensor when none can be allocated. */
  {
    onnxc_tensor *strings = NULL;
    int64_t one = 1;
    if (onnxc_tensor_create(ONNXC_STRING, 1, &one, &strings) != ONNXC_OK)
      return 2;
    failFrom = 1;
    allocations = 0;
    counting = 1;
    onnxc_status status = onnxc_tensor_set_string(strings, 0, "text");
    counting = 0;
    if (status != ONNXC_ERROR_OUT_OF_MEMORY) {
      printf("onnxc_tensor_set_string without memory: status %d, not %d\n",
             status, ONNXC_ERROR_OUT_OF_MEMORY);
      ++failed;
    }
    onnxc_tensor_destroy(strings);
  }
  for (int m = 1; m < argc; ++m) {
    for (int phase = kLoad; phase <= kLaterRun; ++phase) {
      long k = 1;
      for (;; ++k) {
        fflush(stdout);
        pid_t child = fork();
        if (child < 0)
          return 2;
        if (child == 0)
          _exit(tryPhase(argv[m], (enum Phase)phase, k));
        int status = 0;
        if (waitpid(child, &status, 0) != child)
          return 2;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
          break;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
          continue;
        ++failed;
        if (WIFSIGNALED(status))
          printf("%s, %s, allocation %ld on: signal %d (%s)\n", argv[m],
                 kPhaseNames[phase], k, WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
        else
          printf("%s, %s, allocation %ld on: an error without a message\n",
                 argv[m], kPhaseNames[phase], k);
      }
      printf("%s, %s: %ld allocations failed in turn\n", argv[m],
             kPhaseNames[phase], k - 1);
    }
  }
  if (failed)
    fprintf(stderr, "%d tries ended badly\n", failed);
  return failed ? 1 : 0;
}
