/* Runs relu6, compiled into this program by onnxc_add_model, and checks
 * Clip(0, 6) against values computed here. The model's header alone
 * declares the runtime's API. */
#include "relu6_model.h"

#include <stdio.h>

int main(void) {
  onnxc_model *model;
  if (onnxc_model_from_info(relu6_model(), &model) != ONNXC_OK) {
    fprintf(stderr, "load: %s\n", onnxc_last_error());
    return 1;
  }
  float x[] = {-1.0f, 2.5f, 9.0f};
  int64_t dims[] = {3};
  onnxc_tensor *input, *output = NULL;
  if (onnxc_tensor_wrap(ONNXC_FLOAT, 1, dims, x, sizeof(x), &input) ||
      onnxc_model_run(model, (const onnxc_tensor *const *)&input, 1, &output,
                      1)) {
    fprintf(stderr, "run: %s\n", onnxc_last_error());
    return 1;
  }
  const float *y = (const float *)onnxc_tensor_const_data(output);
  int ok = y[0] == 0.0f && y[1] == 2.5f && y[2] == 6.0f;
  printf("%s\n", ok ? "consumer: as expected" : "consumer: WRONG");
  onnxc_tensor_destroy(output);
  onnxc_tensor_destroy(input);
  onnxc_model_destroy(model);
  return ok ? 0 : 1;
}
