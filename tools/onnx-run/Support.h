//===- Support.h - onnx-run's errors and tensors ----------------*- C++ -*-===//
//
// What every part of onnx-run shares: failing with a message (the tool
// exits 1 on the first error), and tensors owned by the runtime's API.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_TOOLS_ONNX_RUN_SUPPORT_H
#define ONNXC_TOOLS_ONNX_RUN_SUPPORT_H

#include "onnxc/Runtime/onnxc_runtime.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

namespace onnxrun {

[[noreturn]] inline void die(const std::string &message) {
  fprintf(stderr, "onnx-run: error: %s\n", message.c_str());
  exit(1);
}

/// ": <why>" for the current errno, or nothing when it says nothing.
inline std::string reason() {
  return errno ? std::string(": ") + strerror(errno) : std::string();
}

inline void check(onnxc_status status, const std::string &what) {
  if (status != ONNXC_OK)
    die(what + ": " + onnxc_last_error());
}

struct TensorDeleter {
  void operator()(onnxc_tensor *t) const { onnxc_tensor_destroy(t); }
};
using Tensor = std::unique_ptr<onnxc_tensor, TensorDeleter>;

} // namespace onnxrun

#endif // ONNXC_TOOLS_ONNX_RUN_SUPPORT_H
