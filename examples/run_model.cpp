//===- run_model.cpp - Load a compiled model library from C++ -------------===//
//
// Usage: run_model relu6.so upsample2x.so
//
// Loads the two example libraries made by `onnx-compile` through the C++
// wrapper (onnxc_runtime.hpp), runs them, checks the results against values
// computed here from the operator definitions and shows a rejected input.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Runtime/onnxc_runtime.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

static bool runRelu6(const char *path) {
  onnxc::Model model = onnxc::Model::load(path);
  std::vector<float> x = {-2.0f, 0.5f, 3.0f, 6.5f, 100.0f};
  onnxc::Tensor input = onnxc::Tensor::wrap(x, {5});
  std::vector<onnxc::Tensor> outputs = model.run({&input});
  std::vector<float> y = outputs[0].toVector<float>();
  for (size_t i = 0; i < x.size(); ++i)
    if (y[i] != std::min(std::max(x[i], 0.0f), 6.0f)) {
      std::fprintf(stderr, "relu6: y[%zu] = %g\n", i, y[i]);
      return false;
    }
  std::printf("relu6: %zu values clipped to [0, 6]\n", y.size());
  return true;
}

/// Taps and weights of linear upsampling by 2 along an axis of length n
/// (docs/semantics.md): c = min(o / 2, n - 1), i1 = min(i0 + 1, n - 1).
struct Taps {
  int i0, i1;
  float w0, w1;
};
static Taps linearTaps(int o, int n) {
  float c = std::min(static_cast<float>(o) / 2.0f, static_cast<float>(n - 1));
  int i0 = static_cast<int>(c);
  int i1 = std::min(i0 + 1, n - 1);
  if (i0 == i1)
    return {i0, i1, 0.5f, 0.5f};
  return {i0, i1, std::fabs(c - i1), std::fabs(c - i0)};
}

static bool runUpsample2x(const char *path) {
  onnxc::Model model = onnxc::Model::load(path);
  // Linear x2 on the last two axes of [1, 1, 2, 3]. The output tensor is
  // made once and reused across runs.
  std::vector<float> x = {1, 2, 3, 4, 5, 6};
  onnxc::Tensor input = onnxc::Tensor::wrap(x, {1, 1, 2, 3});
  std::vector<onnxc::Tensor> outputs;
  outputs.push_back(onnxc::Tensor::create<float>({1, 1, 4, 6}));
  for (int run = 0; run < 2; ++run)
    model.run({&input}, outputs);
  const float *y = outputs[0].data<float>();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 6; ++j) {
      Taps r = linearTaps(i, 2), c = linearTaps(j, 3);
      float expected =
          r.w0 * c.w0 * x[3 * r.i0 + c.i0] + r.w0 * c.w1 * x[3 * r.i0 + c.i1] +
          r.w1 * c.w0 * x[3 * r.i1 + c.i0] + r.w1 * c.w1 * x[3 * r.i1 + c.i1];
      if (y[6 * i + j] != expected) {
        std::fprintf(stderr, "upsample2x: y[%d][%d] = %g, expected %g\n", i, j,
                     y[6 * i + j], expected);
        return false;
      }
    }
  std::printf("upsample2x: 2x3 -> 4x6 as expected\n");

  // A wrong shape is an error, not an out-of-bounds read.
  onnxc::Tensor wrong = onnxc::Tensor::create<float>({1, 1, 3, 3});
  try {
    model.run({&wrong});
    std::fprintf(stderr, "upsample2x: a wrong shape was accepted\n");
    return false;
  } catch (const onnxc::Error &error) {
    std::printf("rejected: %s\n", error.what());
  }
  return true;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s relu6.so upsample2x.so\n", argv[0]);
    return 2;
  }
  try {
    if (!runRelu6(argv[1]) || !runUpsample2x(argv[2]))
      return 1;
  } catch (const onnxc::Error &error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
  std::printf("all results as expected\n");
  return 0;
}
