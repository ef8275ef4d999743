/*===- run_models.c - Two compiled models linked into one C program -------===*\
|*                                                                            *|
|* relu6.o and upsample2x.o come from `onnx-compile --emit=obj --entry=NAME`; *|
|* each exports NAME_model and NAME_signature only, so both link into one     *|
|* program. The program runs them through the runtime API, checks the         *|
|* results against values computed here from the operator definitions, and    *|
|* shows that a bad input is rejected with a message.                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "onnxc/Runtime/onnxc_runtime.h"

#include <math.h>
#include <stdio.h>

const onnxc_model_info *relu6_model(void);
const onnxc_model_info *upsample2x_model(void);

static int check(onnxc_status status, const char *what) {
  if (status != ONNXC_OK) {
    fprintf(stderr, "%s: %s\n", what, onnxc_last_error());
    return 1;
  }
  return 0;
}

static int runRelu6(void) {
  onnxc_model *model;
  if (check(onnxc_model_from_info(relu6_model(), &model), "relu6"))
    return 1;
  printf("relu6 signature: %s\n", onnxc_model_signature(model));

  float x[] = {-3.0f, -0.5f, -0.0f, 1.25f, 5.5f, 6.0f, 7.5f, NAN};
  int64_t dims[] = {8};
  onnxc_tensor *input, *output = NULL;
  if (check(onnxc_tensor_wrap(ONNXC_FLOAT, 1, dims, x, sizeof(x), &input),
            "wrap"))
    return 1;
  if (check(onnxc_model_run(model, (const onnxc_tensor *const *)&input, 1,
                            &output, 1),
            "relu6 run"))
    return 1;
  const float *y = onnxc_tensor_const_data(output);
  int failures = 0;
  printf("relu6(x) =");
  for (int i = 0; i < 8; ++i) {
    /* Clip: t = x < min ? min : x; y = max < t ? max : t. */
    float t = x[i] < 0.0f ? 0.0f : x[i];
    float expected = 6.0f < t ? 6.0f : t;
    int same = isnan(expected)
                   ? isnan(y[i])
                   : (y[i] == expected && signbit(y[i]) == signbit(expected));
    failures += !same;
    printf(" %g", y[i]);
  }
  printf("\n");
  onnxc_tensor_destroy(output);

  /* A rank-2 input is rejected before anything runs. */
  int64_t badDims[] = {2, 4};
  onnxc_tensor *bad;
  output = NULL;
  if (check(onnxc_tensor_wrap(ONNXC_FLOAT, 2, badDims, x, sizeof(x), &bad),
            "wrap"))
    return 1;
  onnxc_status status =
      onnxc_model_run(model, (const onnxc_tensor *const *)&bad, 1, &output, 1);
  printf("relu6 on a [2, 4] input: %s\n", onnxc_last_error());
  failures += status != ONNXC_ERROR_INVALID_ARGUMENT || output != NULL;
  onnxc_tensor_destroy(bad);
  onnxc_tensor_destroy(input);
  onnxc_model_destroy(model);
  return failures;
}

static int runUpsample2x(void) {
  onnxc_model *model;
  if (check(onnxc_model_from_info(upsample2x_model(), &model), "upsample2x"))
    return 1;
  float x[] = {1, 2, 3, 4, 5, 6};
  int64_t dims[] = {1, 1, 2, 3};
  onnxc_tensor *input, *output;
  int64_t outDims[] = {1, 1, 4, 6};
  if (check(onnxc_tensor_wrap(ONNXC_FLOAT, 4, dims, x, sizeof(x), &input),
            "wrap") ||
      check(onnxc_tensor_create(ONNXC_FLOAT, 4, outDims, &output), "create"))
    return 1;
  /* The output goes into the caller's buffer. */
  if (check(onnxc_model_run(model, (const onnxc_tensor *const *)&input, 1,
                            &output, 1),
            "upsample2x run"))
    return 1;
  /* Linear, asymmetric, edges repeated: rows 0, (0+1)/2, 1, 1 of X, each
   * row [a, b, c] becoming [a, (a+b)/2, b, (b+c)/2, c, c]. */
  const float expected[4][6] = {{1, 1.5f, 2, 2.5f, 3, 3},
                                {2.5f, 3, 3.5f, 4, 4.5f, 4.5f},
                                {4, 4.5f, 5, 5.5f, 6, 6},
                                {4, 4.5f, 5, 5.5f, 6, 6}};
  const float *y = onnxc_tensor_const_data(output);
  int failures = 0;
  printf("upsample2x(X) =\n");
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 6; ++c) {
      failures += y[r * 6 + c] != expected[r][c];
      printf(" %4g", y[r * 6 + c]);
    }
    printf("\n");
  }
  onnxc_tensor_destroy(output);
  onnxc_tensor_destroy(input);
  onnxc_model_destroy(model);
  return failures;
}

int main(void) {
  int failures = runRelu6() + runUpsample2x();
  printf("%s\n", failures ? "FAILED" : "all results as expected");
  return failures != 0;
}
