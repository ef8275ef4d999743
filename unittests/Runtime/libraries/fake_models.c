/* Libraries that look like models to a careless loader. */
#include "onnxc/Runtime/onnxc_model_abi.h"

#include <stdint.h>

#if defined(FAKE_DATA_ENTRY)
/* NAME_model and NAME_signature exported as data, not functions. */
__attribute__((visibility("default"))) const int fake_model = 1;
__attribute__((visibility("default"))) const char fake_signature[] = "{}";
#elif defined(FAKE_WILD_INFO)
/* An entry point returning a pointer outside the library. */
__attribute__((visibility("default"))) const onnxc_model_info *
fake_model(void) {
  return (const onnxc_model_info *)(uintptr_t)0x1000;
}
__attribute__((visibility("default"))) const char *fake_signature(void) {
  return "{}";
}
#endif
