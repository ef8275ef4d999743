//===- RuntimeTest.cpp - The onnxc runtime's C API ------------------------===//
//
// Models come from unittests/Runtime/models and examples/, compiled by the
// build; expected values are computed here from the operator definitions.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Runtime/onnxc_model_support.h"
#include "onnxc/Runtime/onnxc_runtime.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <elf.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

extern "C" {
const onnxc_model_info *symbolic_model(void);
const onnxc_model_info *runtime_scales_model(void);
const onnxc_model_info *runtime_scales_u8_model(void);
const onnxc_model_info *kept_intermediate_model(void);
const onnxc_model_info *streaming_clip_model(void);
const onnxc_model_info *strings_model(void);
const onnxc_model_info *threaded_model(void);
}

namespace {

struct TensorDeleter {
  void operator()(onnxc_tensor *t) const { onnxc_tensor_destroy(t); }
};
using Tensor = std::unique_ptr<onnxc_tensor, TensorDeleter>;
struct ModelDeleter {
  void operator()(onnxc_model *m) const { onnxc_model_destroy(m); }
};
using Model = std::unique_ptr<onnxc_model, ModelDeleter>;

Model fromInfo(const onnxc_model_info *info) {
  onnxc_model *model = nullptr;
  EXPECT_EQ(onnxc_model_from_info(info, &model), ONNXC_OK)
      << onnxc_last_error();
  return Model(model);
}

Tensor wrap(onnxc_element_type type, std::vector<int64_t> dims, void *data,
            size_t bytes) {
  onnxc_tensor *tensor = nullptr;
  EXPECT_EQ(
      onnxc_tensor_wrap(type, dims.size(), dims.data(), data, bytes, &tensor),
      ONNXC_OK)
      << onnxc_last_error();
  return Tensor(tensor);
}

Tensor create(onnxc_element_type type, std::vector<int64_t> dims) {
  onnxc_tensor *tensor = nullptr;
  EXPECT_EQ(onnxc_tensor_create(type, dims.size(), dims.data(), &tensor),
            ONNXC_OK)
      << onnxc_last_error();
  return Tensor(tensor);
}

onnxc_status run(const Model &model, std::vector<const onnxc_tensor *> inputs,
                 std::vector<onnxc_tensor *> &outputs) {
  return onnxc_model_run(model.get(), inputs.data(), inputs.size(),
                         outputs.data(), outputs.size());
}

bool errorContains(const char *text) {
  return std::string(onnxc_last_error()).find(text) != std::string::npos;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

TEST(Tensor, CreateIsZeroFilledAndOwned) {
  Tensor t = create(ONNXC_INT32, {2, 3});
  EXPECT_EQ(onnxc_tensor_rank(t.get()), 2);
  EXPECT_EQ(onnxc_tensor_num_elements(t.get()), 6);
  EXPECT_EQ(onnxc_tensor_size_bytes(t.get()), 24u);
  auto *data = static_cast<int32_t *>(onnxc_tensor_data(t.get()));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(data[i], 0);
}

TEST(Tensor, ZeroSizeAndScalar) {
  Tensor empty = create(ONNXC_FLOAT, {3, 0});
  EXPECT_EQ(onnxc_tensor_num_elements(empty.get()), 0);
  EXPECT_EQ(onnxc_tensor_size_bytes(empty.get()), 0u);
  Tensor scalar = create(ONNXC_DOUBLE, {});
  EXPECT_EQ(onnxc_tensor_num_elements(scalar.get()), 1);
}

TEST(Tensor, RejectsBadShapesAndTypes) {
  onnxc_tensor *t = nullptr;
  int64_t negative[] = {2, -1};
  EXPECT_EQ(onnxc_tensor_create(ONNXC_FLOAT, 2, negative, &t),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(t, nullptr);
  int64_t huge[] = {int64_t(1) << 40, int64_t(1) << 40};
  EXPECT_EQ(onnxc_tensor_create(ONNXC_FLOAT, 2, huge, &t),
            ONNXC_ERROR_INVALID_ARGUMENT);
  int64_t dims[] = {2};
  EXPECT_EQ(
      onnxc_tensor_create(static_cast<onnxc_element_type>(0), 1, dims, &t),
      ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(
      onnxc_tensor_create(static_cast<onnxc_element_type>(17), 1, dims, &t),
      ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("unknown element type 17"));
  EXPECT_EQ(onnxc_tensor_create(ONNXC_FLOAT, -1, dims, &t),
            ONNXC_ERROR_INVALID_ARGUMENT);
}

TEST(Tensor, WrapChecksTheDataSize) {
  float data[6] = {};
  int64_t dims[] = {2, 3};
  onnxc_tensor *t = nullptr;
  EXPECT_EQ(onnxc_tensor_wrap(ONNXC_FLOAT, 2, dims, data, 20, &t),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("the data holds 20 bytes, the shape needs 24"));
  EXPECT_EQ(onnxc_tensor_wrap(ONNXC_FLOAT, 2, dims, nullptr, 24, &t),
            ONNXC_ERROR_INVALID_ARGUMENT);
  Tensor ok = wrap(ONNXC_FLOAT, {2, 3}, data, sizeof(data));
  EXPECT_EQ(onnxc_tensor_data(ok.get()), data);
}

TEST(Tensor, StringsAreCopiedIntoOwnedTensors) {
  Tensor t = create(ONNXC_STRING, {2});
  auto **elements = static_cast<const char **>(onnxc_tensor_data(t.get()));
  EXPECT_STREQ(elements[0], "");
  std::string value = "hello";
  ASSERT_EQ(onnxc_tensor_set_string(t.get(), 1, value.c_str()), ONNXC_OK);
  value[0] = 'j';
  EXPECT_STREQ(elements[1], "hello");
  EXPECT_EQ(onnxc_tensor_set_string(t.get(), 2, "x"),
            ONNXC_ERROR_INVALID_ARGUMENT);
  const char *borrowed[] = {"a"};
  Tensor w = wrap(ONNXC_STRING, {1}, borrowed, sizeof(borrowed));
  EXPECT_EQ(onnxc_tensor_set_string(w.get(), 0, "b"),
            ONNXC_ERROR_INVALID_ARGUMENT);
}

TEST(ElementType, NamesAndSizes) {
  EXPECT_STREQ(onnxc_element_type_name(ONNXC_BFLOAT16), "bfloat16");
  EXPECT_EQ(onnxc_element_size(ONNXC_COMPLEX128), 16u);
  EXPECT_EQ(onnxc_element_size(ONNXC_STRING), sizeof(char *));
  EXPECT_EQ(onnxc_element_size(static_cast<onnxc_element_type>(99)), 0u);
  EXPECT_EQ(onnxc_element_type_name(static_cast<onnxc_element_type>(99)),
            nullptr);
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

TEST(Load, FindsTheOnlyModelOfALibrary) {
  onnxc_model *model = nullptr;
  ASSERT_EQ(
      onnxc_model_load(ONNXC_EXAMPLE_MODEL_DIR "/relu6.so", nullptr, &model),
      ONNXC_OK)
      << onnxc_last_error();
  Model owner(model);
  EXPECT_EQ(onnxc_model_num_inputs(model), 1u);
  EXPECT_STREQ(onnxc_model_input(model, 0)->name, "x");
  EXPECT_STREQ(onnxc_model_input(model, 0)->dim_params[0], "N");
  EXPECT_EQ(onnxc_model_input(model, 0)->dims[0], -1);
  EXPECT_EQ(onnxc_model_input(model, 1), nullptr);
  EXPECT_NE(std::string(onnxc_model_signature(model)).find("\"name\":\"y\""),
            std::string::npos);
}

TEST(Load, ByEntryName) {
  onnxc_model *model = nullptr;
  ASSERT_EQ(
      onnxc_model_load(ONNXC_TEST_MODEL_DIR "/strings.so", "strings", &model),
      ONNXC_OK)
      << onnxc_last_error();
  onnxc_model_destroy(model);
  EXPECT_EQ(
      onnxc_model_load(ONNXC_TEST_MODEL_DIR "/strings.so", "other", &model),
      ONNXC_ERROR_LOAD);
  EXPECT_EQ(model, nullptr);
  EXPECT_TRUE(errorContains("exports no model named 'other'"));
}

TEST(Load, RejectsWhatIsNotAModel) {
  onnxc_model *model = nullptr;
  EXPECT_EQ(onnxc_model_load("/nonexistent/model.so", nullptr, &model),
            ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("/nonexistent/model.so: No such file or directory"))
      << onnxc_last_error();
  // A shared library, but no model's.
  EXPECT_EQ(onnxc_model_load(ONNXC_RUNTIME_LIBRARY, nullptr, &model),
            ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("not an onnxc model library"))
      << onnxc_last_error();
  EXPECT_EQ(onnxc_model_from_info(nullptr, &model), ONNXC_ERROR_LOAD);
  onnxc_model_info wrongVersion = *strings_model();
  wrongVersion.abi_version = 99;
  EXPECT_EQ(onnxc_model_from_info(&wrongVersion, &model), ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("model ABI version 99"));
}

TEST(Load, RefusesAModelForAnotherCPU) {
  onnxc_model *model = nullptr;
  // Compiled for features the runtime cannot confirm: an unknown one, and
  // (on x86) one of APX's, which no CPU this test runs on has.
  const char *features[] = {"frobnicate"};
  onnxc_model_info unknownFeature = *strings_model();
  unknownFeature.num_cpu_features = 1;
  unknownFeature.cpu_features = features;
  unknownFeature.target_cpu = "future";
  EXPECT_EQ(onnxc_model_from_info(&unknownFeature, &model), ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("(CPU 'future') with CPU features this CPU "
                            "lacks: frobnicate"))
      << onnxc_last_error();
  EXPECT_EQ(model, nullptr);

  // Another architecture.
  onnxc_model_info otherArch = *strings_model();
  otherArch.target_triple = "riscv64-unknown-linux-gnu";
  EXPECT_EQ(onnxc_model_from_info(&otherArch, &model), ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("compiled for riscv64-unknown-linux-gnu, but "
                            "this is an"))
      << onnxc_last_error();

  // Malformed: a feature list without features.
  onnxc_model_info malformed = *strings_model();
  malformed.num_cpu_features = 2;
  malformed.cpu_features = nullptr;
  EXPECT_EQ(onnxc_model_from_info(&malformed, &model), ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("malformed model information"));

  // The models built for this machine load: they record what they use.
  const onnxc_model_info *info = strings_model();
  EXPECT_NE(std::string(info->target_triple), "");
  ASSERT_EQ(onnxc_model_from_info(info, &model), ONNXC_OK)
      << onnxc_last_error();
  onnxc_model_destroy(model);
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

TEST(Run, SymbolicDimensionsSizeTheOutputs) {
  Model model = fromInfo(symbolic_model());
  for (int64_t n : {0, 1, 5}) {
    std::vector<float> x(n * 3), z(n);
    for (int64_t i = 0; i < n * 3; ++i)
      x[i] = float(i);
    for (int64_t i = 0; i < n; ++i)
      z[i] = float(i) - 2.0f;
    Tensor tx = wrap(ONNXC_FLOAT, {n, 3}, x.data(), x.size() * 4);
    Tensor tz = wrap(ONNXC_FLOAT, {n}, z.data(), z.size() * 4);
    std::vector<onnxc_tensor *> outputs(2, nullptr);
    ASSERT_EQ(run(model, {tx.get(), tz.get()}, outputs), ONNXC_OK)
        << onnxc_last_error();
    Tensor y(outputs[0]), w(outputs[1]);
    ASSERT_EQ(onnxc_tensor_rank(y.get()), 2);
    EXPECT_EQ(onnxc_tensor_dims(y.get())[0], n);
    EXPECT_EQ(onnxc_tensor_dims(y.get())[1], 6);
    // Nearest x2 along the second axis: each element twice.
    const float *yd =
        static_cast<const float *>(onnxc_tensor_const_data(y.get()));
    for (int64_t r = 0; r < n; ++r)
      for (int64_t c = 0; c < 6; ++c)
        EXPECT_EQ(yd[r * 6 + c], x[r * 3 + c / 2]);
    const float *wd =
        static_cast<const float *>(onnxc_tensor_const_data(w.get()));
    for (int64_t i = 0; i < n; ++i)
      EXPECT_EQ(wd[i], z[i]);
  }
}

TEST(Run, InconsistentSymbolicDimensionsAreRejected) {
  Model model = fromInfo(symbolic_model());
  std::vector<float> x(6), z(3);
  Tensor tx = wrap(ONNXC_FLOAT, {2, 3}, x.data(), 24);
  Tensor tz = wrap(ONNXC_FLOAT, {3}, z.data(), 12);
  std::vector<onnxc_tensor *> outputs(2, nullptr);
  EXPECT_EQ(run(model, {tx.get(), tz.get()}, outputs),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("input 'z' dimension 0 ('N') is 3, but another "
                            "input set 'N' to 2"));
  EXPECT_EQ(outputs[0], nullptr);
  EXPECT_EQ(outputs[1], nullptr);
}

TEST(Run, WrongInputsAreRejectedBeforeAnythingRuns) {
  Model model = fromInfo(symbolic_model());
  std::vector<float> x(6), z(2);
  std::vector<int32_t> xi(6);
  Tensor tx = wrap(ONNXC_FLOAT, {2, 3}, x.data(), 24);
  Tensor tz = wrap(ONNXC_FLOAT, {2}, z.data(), 8);
  Tensor wrongType = wrap(ONNXC_INT32, {2, 3}, xi.data(), 24);
  Tensor wrongRank = wrap(ONNXC_FLOAT, {6}, x.data(), 24);
  Tensor wrongDim = wrap(ONNXC_FLOAT, {3, 2}, x.data(), 24);
  std::vector<onnxc_tensor *> outputs(2, nullptr);

  EXPECT_EQ(run(model, {wrongType.get(), tz.get()}, outputs),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("input 'X' must be float32, but is int32"));
  EXPECT_EQ(run(model, {wrongRank.get(), tz.get()}, outputs),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("input 'X' must have rank 2, but has rank 1"));
  EXPECT_EQ(run(model, {wrongDim.get(), tz.get()}, outputs),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("input 'X' dimension 1 must be 3, but is 2"));
  EXPECT_EQ(run(model, {tx.get(), nullptr}, outputs),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("input 'z' is NULL"));
  EXPECT_EQ(run(model, {tx.get()}, outputs), ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("the model takes 2 inputs, 1 given"));
  std::vector<onnxc_tensor *> oneOutput(1, nullptr);
  EXPECT_EQ(run(model, {tx.get(), tz.get()}, oneOutput),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(onnxc_model_run(nullptr, nullptr, 0, nullptr, 0),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(outputs[0], nullptr);
}

TEST(Run, CallerBuffersAreWrittenInPlaceOrRejected) {
  Model model = fromInfo(symbolic_model());
  std::vector<float> x = {1, 2, 3, 4, 5, 6}, z = {-1, 7};
  Tensor tx = wrap(ONNXC_FLOAT, {2, 3}, x.data(), 24);
  Tensor tz = wrap(ONNXC_FLOAT, {2}, z.data(), 8);
  std::vector<float> y(12, -99.0f), w(2, -99.0f);
  Tensor ty = wrap(ONNXC_FLOAT, {2, 6}, y.data(), 48);
  Tensor tw = wrap(ONNXC_FLOAT, {2}, w.data(), 8);
  std::vector<onnxc_tensor *> outputs = {ty.get(), tw.get()};
  ASSERT_EQ(run(model, {tx.get(), tz.get()}, outputs), ONNXC_OK)
      << onnxc_last_error();
  EXPECT_EQ(outputs[0], ty.get());
  EXPECT_EQ(y, (std::vector<float>{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6}));
  EXPECT_EQ(w, z);

  // A caller buffer of another shape or type is refused, untouched.
  std::vector<float> small(6, -7.0f);
  Tensor wrongShape = wrap(ONNXC_FLOAT, {1, 6}, small.data(), 24);
  std::vector<onnxc_tensor *> bad = {wrongShape.get(), tw.get()};
  EXPECT_EQ(run(model, {tx.get(), tz.get()}, bad),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("output 'Y' must be float32[2, 6] (the shape "
                            "the inputs give), not float32[1, 6]"))
      << onnxc_last_error();
  EXPECT_EQ(small, std::vector<float>(6, -7.0f));
}

TEST(Run, OutputsMustNotShareMemory) {
  Model model = fromInfo(symbolic_model());
  // One buffer holds X (6 floats), then Y (12), then W (2).
  std::vector<float> memory(20, -99.0f), z = {-1, 7};
  std::iota(memory.begin(), memory.begin() + 6, 1.0f);
  Tensor tx = wrap(ONNXC_FLOAT, {2, 3}, memory.data(), 24);
  Tensor tz = wrap(ONNXC_FLOAT, {2}, z.data(), 8);
  Tensor ty = wrap(ONNXC_FLOAT, {2, 6}, memory.data() + 6, 48);
  Tensor tw = wrap(ONNXC_FLOAT, {2}, memory.data() + 18, 8);
  // Y over the last float of X; W over the last float of Y; W on Z; Y
  // given twice.
  Tensor yOnX = wrap(ONNXC_FLOAT, {2, 6}, memory.data() + 5, 48);
  Tensor wOnY = wrap(ONNXC_FLOAT, {2}, memory.data() + 17, 8);
  Tensor wOnZ = wrap(ONNXC_FLOAT, {2}, z.data(), 8);
  std::vector<float> before = memory;
  for (std::vector<onnxc_tensor *> outputs :
       {std::vector<onnxc_tensor *>{yOnX.get(), tw.get()},
        {ty.get(), wOnY.get()},
        {ty.get(), wOnZ.get()},
        {ty.get(), ty.get()}}) {
    EXPECT_EQ(run(model, {tx.get(), tz.get()}, outputs),
              ONNXC_ERROR_INVALID_ARGUMENT);
    EXPECT_TRUE(errorContains("shares memory with an input or another output"));
    EXPECT_EQ(memory, before);
  }
  // Adjacent but disjoint buffers are fine.
  std::vector<onnxc_tensor *> outputs = {ty.get(), tw.get()};
  ASSERT_EQ(run(model, {tx.get(), tz.get()}, outputs), ONNXC_OK)
      << onnxc_last_error();
  EXPECT_EQ(std::vector<float>(memory.begin() + 6, memory.begin() + 18),
            (std::vector<float>{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6}));
}

TEST(Run, RunTimeScalesAreChecked) {
  Model model = fromInfo(runtime_scales_model());
  float x[4] = {1, 2, 3, 4};
  Tensor tx = wrap(ONNXC_FLOAT, {2, 2}, x, sizeof(x));
  struct Case {
    std::vector<float> scales;
    const char *error; // nullptr: accepted.
  } cases[] = {
      {{2.0f, 1.5f}, nullptr},
      {{1.0f, 0.5f}, "scales must be finite and >= 1"},
      {{NAN, 1.0f}, "scales must be finite and >= 1"},
      {{INFINITY, 1.0f}, "scales must be finite and >= 1"},
      {{2.0f}, "scales must hold one value per input dimension (2)"},
      {{2.0f, 2.0f, 2.0f}, "scales must hold one value per input dimension"},
      {{1e30f, 1.0f}, "an output dimension is too large"},
  };
  for (const Case &c : cases) {
    std::vector<float> s = c.scales;
    Tensor ts = wrap(ONNXC_FLOAT, {int64_t(s.size())}, s.data(), s.size() * 4);
    std::vector<onnxc_tensor *> outputs(1, nullptr);
    onnxc_status status = run(model, {tx.get(), ts.get()}, outputs);
    if (!c.error) {
      ASSERT_EQ(status, ONNXC_OK) << onnxc_last_error();
      Tensor y(outputs[0]);
      EXPECT_EQ(onnxc_tensor_dims(y.get())[0], 4);
      EXPECT_EQ(onnxc_tensor_dims(y.get())[1], 3);
      continue;
    }
    EXPECT_EQ(status, ONNXC_ERROR_INVALID_ARGUMENT);
    EXPECT_TRUE(errorContains(c.error)) << onnxc_last_error();
    EXPECT_EQ(outputs[0], nullptr);
  }
}

TEST(Run, StringOutputsOwnTheirStrings) {
  Model model = fromInfo(strings_model());
  Tensor x = create(ONNXC_STRING, {3});
  const char *words[] = {"alpha", "", "gamma delta"};
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(onnxc_tensor_set_string(x.get(), i, words[i]), ONNXC_OK);
  std::vector<onnxc_tensor *> outputs(1, nullptr);
  ASSERT_EQ(run(model, {x.get()}, outputs), ONNXC_OK) << onnxc_last_error();
  Tensor y(outputs[0]);
  x.reset(); // The input's strings are gone; the output's remain.
  auto *elements =
      static_cast<const char *const *>(onnxc_tensor_const_data(y.get()));
  for (int i = 0; i < 6; ++i)
    EXPECT_STREQ(elements[i], words[i / 2]);
}

TEST(Run, ConcurrentRunsOfOneModel) {
  Model model = fromInfo(symbolic_model());
  auto worker = [&](int seed, bool *ok) {
    *ok = true;
    for (int iteration = 0; iteration < 200; ++iteration) {
      int64_t n = 1 + (seed + iteration) % 17;
      std::vector<float> x(n * 3), z(n);
      for (int64_t i = 0; i < n * 3; ++i)
        x[i] = float(seed * 1000 + i);
      Tensor tx = wrap(ONNXC_FLOAT, {n, 3}, x.data(), x.size() * 4);
      Tensor tz = wrap(ONNXC_FLOAT, {n}, z.data(), z.size() * 4);
      std::vector<onnxc_tensor *> outputs(2, nullptr);
      if (run(model, {tx.get(), tz.get()}, outputs) != ONNXC_OK) {
        *ok = false;
        return;
      }
      Tensor y(outputs[0]), w(outputs[1]);
      const float *yd =
          static_cast<const float *>(onnxc_tensor_const_data(y.get()));
      for (int64_t i = 0; i < n * 6; ++i)
        *ok &= yd[i] == x[(i / 6) * 3 + (i % 6) / 2];
      // An error in this thread does not leak into the others.
      std::vector<onnxc_tensor *> none;
      *ok &= run(model, {tx.get()}, none) == ONNXC_ERROR_INVALID_ARGUMENT;
    }
  };
  constexpr int kThreads = 8;
  bool ok[kThreads];
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back(worker, t, &ok[t]);
  for (std::thread &t : threads)
    t.join();
  for (bool b : ok)
    EXPECT_TRUE(b);
}

TEST(LastError, IsPerThread) {
  onnxc_tensor *t = nullptr;
  int64_t dims[] = {-1};
  ASSERT_EQ(onnxc_tensor_create(ONNXC_FLOAT, 1, dims, &t),
            ONNXC_ERROR_INVALID_ARGUMENT);
  std::string other;
  std::thread([&] { other = onnxc_last_error(); }).join();
  EXPECT_EQ(other, "");
  EXPECT_TRUE(errorContains("negative dimension"));
}

} // namespace

TEST(Run, WorkspaceOutOfMemoryIsAnError) {
  // Scales that pass every check but ask for index tables (and an output)
  // larger than the machine's memory: the run fails with an error, and the
  // next run of the same model works.
  Model model = fromInfo(runtime_scales_u8_model());
  uint8_t x[2] = {7, 9};
  Tensor tx = wrap(ONNXC_UINT8, {1, 1, 1, 2}, x, sizeof(x));
  float huge[4] = {1.0f, 1.0f, 1.0f, 8589934592.0f}; // 2^33
  Tensor ts = wrap(ONNXC_FLOAT, {4}, huge, sizeof(huge));
  std::vector<onnxc_tensor *> outputs(1, nullptr);
  EXPECT_EQ(run(model, {tx.get(), ts.get()}, outputs),
            ONNXC_ERROR_OUT_OF_MEMORY);
  EXPECT_TRUE(errorContains("out of memory")) << onnxc_last_error();
  EXPECT_EQ(outputs[0], nullptr);

  float two[4] = {1.0f, 1.0f, 1.0f, 2.0f};
  Tensor tt = wrap(ONNXC_FLOAT, {4}, two, sizeof(two));
  ASSERT_EQ(run(model, {tx.get(), tt.get()}, outputs), ONNXC_OK)
      << onnxc_last_error();
  Tensor y(outputs[0]);
  const uint8_t *data =
      static_cast<const uint8_t *>(onnxc_tensor_const_data(y.get()));
  EXPECT_EQ(std::vector<uint8_t>(data, data + 4),
            (std::vector<uint8_t>{7, 7, 9, 9}));
}

TEST(Load, SignatureReportsTheWorkspace) {
  // Tables sized by run-time scales: the workspace size is not static.
  Model model = fromInfo(runtime_scales_model());
  EXPECT_EQ(runtime_scales_model()->workspace_bytes, -1);
  EXPECT_NE(std::string(onnxc_model_signature(model.get()))
                .find("\"workspace_bytes\":null"),
            std::string::npos);
}

TEST(Run, ShapeFunctionComputesADynamicWorkspace) {
  // Nearest Upsample with run-time scales keeps one table of source indices
  // per axis (32-bit entries for a tensor this small, each table rounded up
  // to 64 bytes), both live at once: the workspace depends on the scales.
  Model model = fromInfo(runtime_scales_model());
  float x[4] = {1, 2, 3, 4};
  Tensor tx = wrap(ONNXC_FLOAT, {2, 2}, x, sizeof(x));
  auto bytesFor = [&](std::vector<float> scales) {
    Tensor ts = wrap(ONNXC_FLOAT, {int64_t(scales.size())}, scales.data(),
                     scales.size() * 4);
    int64_t bytes = -2;
    const onnxc_tensor *inputs[] = {tx.get(), ts.get()};
    EXPECT_EQ(onnxc_model_workspace_bytes(model.get(), inputs, 2, &bytes),
              ONNXC_OK)
        << onnxc_last_error();
    return bytes;
  };
  EXPECT_EQ(bytesFor({2, 3}), 64 + 64);   // 4 and 6 entries
  EXPECT_EQ(bytesFor({1, 20}), 64 + 192); // 2 and 40 entries

  // Scales for which the two tables (2^63 bytes each) wrap around a 64-bit
  // size are rejected by the shape function, before anything is allocated.
  float huge[2] = {0x1p60f, 0x1p60f};
  Tensor th = wrap(ONNXC_FLOAT, {2}, huge, sizeof(huge));
  const onnxc_tensor *hugeInputs[] = {tx.get(), th.get()};
  int64_t hugeBytes = -2;
  EXPECT_EQ(onnxc_model_workspace_bytes(model.get(), hugeInputs, 2, &hugeBytes),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("exceed the address space")) << onnxc_last_error();

  // The inputs are checked as for a run.
  float bad[2] = {0.5f, 1};
  Tensor tb = wrap(ONNXC_FLOAT, {2}, bad, sizeof(bad));
  const onnxc_tensor *inputs[] = {tx.get(), tb.get()};
  int64_t bytes = -2;
  EXPECT_EQ(onnxc_model_workspace_bytes(model.get(), inputs, 2, &bytes),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("scales must be finite and >= 1"))
      << onnxc_last_error();
  EXPECT_EQ(bytes, -2);
  EXPECT_EQ(onnxc_model_workspace_bytes(model.get(), inputs, 1, &bytes),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(onnxc_model_workspace_bytes(model.get(), inputs, 2, nullptr),
            ONNXC_ERROR_INVALID_ARGUMENT);
}

TEST(Run, ShapeFunctionReportsAStaticWorkspace) {
  Model model = fromInfo(kept_intermediate_model());
  std::vector<float> x(2 * 4 * 4, 1.0f);
  Tensor tx = wrap(ONNXC_FLOAT, {1, 2, 4, 4}, x.data(), x.size() * 4);
  const onnxc_tensor *inputs[] = {tx.get()};
  int64_t bytes = -2;
  ASSERT_EQ(onnxc_model_workspace_bytes(model.get(), inputs, 1, &bytes),
            ONNXC_OK)
      << onnxc_last_error();
  EXPECT_EQ(bytes, kept_intermediate_model()->workspace_bytes);
}

TEST(Run, StreamingStoresWriteAlignedAndUnalignedOutputs) {
  // Compiled with --streaming-stores=always: an output whose first element
  // is 64-byte aligned takes the streaming version of the loop; one that
  // starts elsewhere streams from its first line boundary, writing the
  // vectors at either end with ordinary stores. Every start must compute
  // Clip(0, 6) exactly and write nothing outside the output.
  Model model = fromInfo(streaming_clip_model());
  constexpr int64_t n = 1000;
  constexpr int64_t kGuard = 16;
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = float(i % 17) - 5.0f;
  Tensor tx = wrap(ONNXC_FLOAT, {n}, x.data(), n * 4);
  alignas(64) static float storage[kGuard + n + 2 * kGuard];
  for (int64_t shift = 0; shift < kGuard; ++shift) {
    std::fill(std::begin(storage), std::end(storage), -1.0f);
    float *y = storage + kGuard + shift;
    Tensor ty = wrap(ONNXC_FLOAT, {n}, y, n * 4);
    std::vector<onnxc_tensor *> outputs = {ty.get()};
    ASSERT_EQ(run(model, {tx.get()}, outputs), ONNXC_OK) << onnxc_last_error();
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(y[i], std::min(6.0f, std::max(0.0f, x[i])))
          << "shift " << shift << ", element " << i;
    for (float *p = storage; p != std::end(storage); ++p)
      if (p < y || p >= y + n)
        ASSERT_EQ(*p, -1.0f)
            << "shift " << shift << ", written outside at " << (p - y);
  }
}

TEST(Run, NullStringInputsAreRejectedBeforeTheKernel) {
  Model model = fromInfo(strings_model());
  const char *words[] = {"alpha", nullptr, "gamma"};
  Tensor x = wrap(ONNXC_STRING, {3}, words, sizeof(words));
  std::vector<onnxc_tensor *> outputs(1, nullptr);
  EXPECT_EQ(run(model, {x.get()}, outputs), ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("input 'X' element 1 is a NULL string"))
      << onnxc_last_error();
  EXPECT_EQ(outputs[0], nullptr);
}

TEST(Queries, NullTensorsAndModels) {
  EXPECT_EQ(onnxc_tensor_rank(nullptr), 0);
  EXPECT_EQ(onnxc_tensor_dims(nullptr), nullptr);
  EXPECT_EQ(onnxc_tensor_num_elements(nullptr), 0);
  EXPECT_EQ(onnxc_tensor_size_bytes(nullptr), 0u);
  EXPECT_EQ(onnxc_tensor_data(nullptr), nullptr);
  EXPECT_EQ(onnxc_tensor_const_data(nullptr), nullptr);
  EXPECT_EQ(int(onnxc_tensor_element_type(nullptr)), 0);
  EXPECT_EQ(onnxc_model_num_inputs(nullptr), 0u);
  EXPECT_EQ(onnxc_model_num_outputs(nullptr), 0u);
  EXPECT_EQ(onnxc_model_signature(nullptr), nullptr);
  EXPECT_EQ(onnxc_model_input(nullptr, 0), nullptr);
  EXPECT_EQ(onnxc_model_output(nullptr, 0), nullptr);
}

TEST(Run, ConcurrentRunsShareNoWorkspace) {
  // A graph that keeps an intermediate in its workspace, run from several
  // threads at once: every thread gets what a lone run gives.
  Model model = fromInfo(kept_intermediate_model());
  EXPECT_EQ(kept_intermediate_model()->workspace_bytes, 2 * 8 * 8 * 4);
  constexpr int kThreads = 6;
  auto input = [](int seed) {
    std::vector<float> x(32);
    for (int i = 0; i < 32; ++i)
      x[i] = float((seed * 37 + i * 11) % 23) - 11.0f;
    return x;
  };
  auto compute = [&](std::vector<float> x, std::vector<float> &y) {
    Tensor tx = wrap(ONNXC_FLOAT, {1, 2, 4, 4}, x.data(), x.size() * 4);
    Tensor ty = wrap(ONNXC_FLOAT, {1, 2, 12, 12}, y.data(), y.size() * 4);
    std::vector<onnxc_tensor *> outputs = {ty.get()};
    return run(model, {tx.get()}, outputs) == ONNXC_OK;
  };
  std::vector<std::vector<float>> expected(kThreads, std::vector<float>(288));
  for (int t = 0; t < kThreads; ++t)
    ASSERT_TRUE(compute(input(t), expected[t])) << onnxc_last_error();
  bool ok[kThreads];
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ok[t] = true;
      std::vector<float> y(288);
      for (int iteration = 0; iteration < 300 && ok[t]; ++iteration)
        ok[t] = compute(input(t), y) && y == expected[t];
    });
  for (std::thread &thread : threads)
    thread.join();
  for (bool b : ok)
    EXPECT_TRUE(b);
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

/// Runs the threaded model (linear Upsample x2, then Clip to [-0.5, 0.5])
/// on `x` of shape `dims` with `numThreads` threads.
std::vector<float> runThreaded(const Model &model, int32_t numThreads,
                               std::vector<int64_t> dims,
                               std::vector<float> &x) {
  EXPECT_EQ(onnxc_model_set_num_threads(model.get(), numThreads), ONNXC_OK)
      << onnxc_last_error();
  std::vector<int64_t> outDims = {dims[0], dims[1], 2 * dims[2], 2 * dims[3]};
  std::vector<float> y(outDims[0] * outDims[1] * outDims[2] * outDims[3],
                       -7.0f);
  Tensor tx = wrap(ONNXC_FLOAT, dims, x.data(), x.size() * 4);
  Tensor ty = wrap(ONNXC_FLOAT, outDims, y.data(), y.size() * 4);
  std::vector<onnxc_tensor *> outputs = {ty.get()};
  EXPECT_EQ(run(model, {tx.get()}, outputs), ONNXC_OK) << onnxc_last_error();
  return y;
}

std::vector<float> makeInput(size_t n, int seed) {
  std::vector<float> x(n);
  for (size_t i = 0; i < n; ++i)
    x[i] = float(int((i * 7919 + seed * 104729) % 2001) - 1000) / 997.0f;
  return x;
}

TEST(Threads, OutputsAreBitIdenticalForEveryThreadCount) {
  // Large enough for several threads (2 MiB of output), with dynamic
  // dimensions; and small enough to stay on the calling thread.
  Model model = fromInfo(threaded_model());
  for (std::vector<int64_t> dims : {std::vector<int64_t>{2, 16, 37, 67},
                                    std::vector<int64_t>{1, 3, 5, 7}}) {
    std::vector<float> x = makeInput(dims[0] * dims[1] * dims[2] * dims[3], 1);
    std::vector<float> one = runThreaded(model, 1, dims, x);
    // The definition: linear interpolation between x[floor(i/2)] and the
    // next element (clamped at the edge), weight (i mod 2) / 2, per axis.
    int64_t h = dims[2], w = dims[3];
    for (int64_t plane = 0; plane < dims[0] * dims[1]; ++plane)
      for (int64_t i = 0; i < 2 * h; ++i)
        for (int64_t j = 0; j < 2 * w; ++j) {
          auto at = [&](int64_t r, int64_t c) {
            return x[(plane * h + std::min(r, h - 1)) * w + std::min(c, w - 1)];
          };
          float fi = (i % 2) * 0.5f, fj = (j % 2) * 0.5f;
          int64_t r = i / 2, c = j / 2;
          float top = at(r, c) * (1 - fj) + at(r, c + 1) * fj;
          float bottom = at(r + 1, c) * (1 - fj) + at(r + 1, c + 1) * fj;
          float expected =
              std::min(0.5f, std::max(-0.5f, top * (1 - fi) + bottom * fi));
          ASSERT_NEAR(one[(plane * 2 * h + i) * 2 * w + j], expected, 1e-6f)
              << "plane " << plane << " (" << i << ", " << j << ")";
        }
    for (int32_t threads : {2, 3, 4, 7, 16}) {
      std::vector<float> many = runThreaded(model, threads, dims, x);
      ASSERT_EQ(std::memcmp(one.data(), many.data(), one.size() * 4), 0)
          << threads << " threads differ from one";
    }
  }
}

TEST(Threads, StreamingStoresFromEveryThread) {
  // Compiled with --streaming-stores=always: every thread's ranges write
  // with non-temporal stores, which must be complete when the run returns.
  Model model = fromInfo(streaming_clip_model());
  constexpr int64_t n = 1 << 20;
  std::vector<float> x = makeInput(n, 2);
  Tensor tx = wrap(ONNXC_FLOAT, {n}, x.data(), n * 4);
  for (int32_t threads : {1, 2, 4}) {
    ASSERT_EQ(onnxc_model_set_num_threads(model.get(), threads), ONNXC_OK);
    for (int64_t shift : {0, 1}) {
      std::vector<float> storage(n + 64);
      float *y =
          reinterpret_cast<float *>(
              (reinterpret_cast<uintptr_t>(storage.data()) + 63) / 64 * 64) +
          shift;
      Tensor ty = wrap(ONNXC_FLOAT, {n}, y, n * 4);
      std::vector<onnxc_tensor *> outputs = {ty.get()};
      ASSERT_EQ(run(model, {tx.get()}, outputs), ONNXC_OK);
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(y[i], std::min(6.0f, std::max(0.0f, x[i])))
            << threads << " threads, shift " << shift << ", element " << i;
    }
  }
}

TEST(Threads, KernelsSeeTheThreadsOfTheirRun) {
  // What onnx-streaming-stores divides the bytes a run moves by: the
  // threads lent to the running kernel, 1 without a pool, with a pool of
  // one thread, or outside a run.
  static int64_t seen;
  auto kernel = [](void **) { seen = __onnxc_num_threads(); };
  auto parallelFor = [](onnxc_thread_pool *, int32_t, onnxc_parallel_task,
                        void *, int64_t) {};
  EXPECT_EQ(__onnxc_num_threads(), 1);
  for (int32_t threads : {1, 2, 3, 64}) {
    onnxc_thread_pool pool = {threads, parallelFor};
    seen = 0;
    ASSERT_EQ(__onnxc_guarded_run(kernel, nullptr, &pool), 0);
    EXPECT_EQ(seen, threads);
  }
  seen = 0;
  ASSERT_EQ(__onnxc_guarded_run(kernel, nullptr, nullptr), 0);
  EXPECT_EQ(seen, 1);
  EXPECT_EQ(__onnxc_num_threads(), 1);
}

namespace sweep {
// The ranges a parallel loop's task was called with, in order.
std::vector<std::pair<int64_t, int64_t>> ranges;
int64_t iterations, bytesPerIteration;
int32_t inOrder;
void record(void *, int64_t begin, int64_t end) {
  ranges.emplace_back(begin, end);
}
void kernel(void **) {
  __onnxc_parallel_for(record, nullptr, iterations, bytesPerIteration, inOrder);
}
// A pool of two threads that runs both halves of a loop on the caller,
// the second half first.
void runHalves(onnxc_thread_pool *, int32_t threads, onnxc_parallel_task task,
               void *context, int64_t n) {
  EXPECT_EQ(threads, 2);
  task(context, n / 2, n);
  task(context, 0, n / 2);
}
onnxc_thread_pool twoThreads = {2, runHalves};
// Runs the kernel `runs` times, with `pool`; returns whether each run went
// backward (within each half, with the pool).
std::vector<bool> directions(int runs, onnxc_thread_pool *pool = nullptr) {
  std::vector<bool> backward;
  for (int run = 0; run < runs; ++run) {
    ranges.clear();
    EXPECT_EQ(__onnxc_guarded_run(kernel, nullptr, pool), 0);
    // Whatever the order, the ranges cover [0, n) once.
    std::vector<std::pair<int64_t, int64_t>> sorted = ranges;
    std::sort(sorted.begin(), sorted.end());
    int64_t next = 0;
    for (auto [begin, end] : sorted) {
      EXPECT_EQ(begin, next);
      EXPECT_LT(begin, end);
      next = end;
    }
    EXPECT_EQ(next, iterations);
    size_t last = pool ? ranges.size() / 2 - 1 : ranges.size() - 1;
    backward.push_back(ranges.size() > 2 &&
                       ranges.front().first > ranges[last].first);
  }
  return backward;
}
} // namespace sweep

TEST(Threads, SmallLoopsAlternateTheirDirection) {
  sweep::inOrder = 0;
  // A loop writing 1 MiB, 4 KiB per iteration: every other run goes
  // backward, in blocks of 64 KiB (16 iterations), the last one first.
  sweep::iterations = 256;
  sweep::bytesPerIteration = 4096;
  std::vector<bool> backward = sweep::directions(4);
  EXPECT_NE(backward[0], backward[1]);
  EXPECT_EQ(backward[0], backward[2]);
  EXPECT_EQ(backward[1], backward[3]);
  sweep::directions(backward[3] ? 2 : 1); // The last run went backward.
  ASSERT_EQ(sweep::ranges.size(), 16u);
  EXPECT_EQ(sweep::ranges.front(), std::make_pair(int64_t(240), int64_t(256)));
  EXPECT_EQ(sweep::ranges.back(), std::make_pair(int64_t(0), int64_t(16)));
  // On two threads, each runs its half backward.
  backward = sweep::directions(2, &sweep::twoThreads);
  EXPECT_NE(backward[0], backward[1]);
  sweep::directions(backward[1] ? 2 : 1, &sweep::twoThreads);
  ASSERT_EQ(sweep::ranges.size(), 16u);
  EXPECT_EQ(sweep::ranges[0], std::make_pair(int64_t(240), int64_t(256)));
  EXPECT_EQ(sweep::ranges[7], std::make_pair(int64_t(128), int64_t(144)));
  EXPECT_EQ(sweep::ranges[8], std::make_pair(int64_t(112), int64_t(128)));
  EXPECT_EQ(sweep::ranges[15], std::make_pair(int64_t(0), int64_t(16)));
  // Iterations larger than a block: one at a time.
  sweep::iterations = 8;
  sweep::bytesPerIteration = 256 << 10;
  backward = sweep::directions(2);
  EXPECT_NE(backward[0], backward[1]);
  sweep::directions(backward[1] ? 2 : 1);
  EXPECT_EQ(sweep::ranges.size(), 8u);
  // 4 MiB on one thread still alternates; more runs forward, in one range.
  sweep::iterations = 1024;
  sweep::bytesPerIteration = 4096;
  backward = sweep::directions(2);
  EXPECT_NE(backward[0], backward[1]);
  sweep::iterations = 1025;
  for (bool b : sweep::directions(3))
    EXPECT_FALSE(b);
  EXPECT_EQ(sweep::ranges.size(), 1u);
  // So does a loop whose bytes are unknown,
  sweep::iterations = 256;
  sweep::bytesPerIteration = 0;
  for (bool b : sweep::directions(3))
    EXPECT_FALSE(b);
  // and one that must run in order (it makes streaming stores).
  sweep::bytesPerIteration = 4096;
  sweep::inOrder = 1;
  for (bool b : sweep::directions(3))
    EXPECT_FALSE(b);
  EXPECT_EQ(sweep::ranges.size(), 1u);
  sweep::inOrder = 0;
}

TEST(Threads, ConcurrentCallersShareThePool) {
  // Several caller threads run threaded models at once: a loop that finds
  // the pool busy runs on its caller. Every result is still exact.
  Model model = fromInfo(threaded_model());
  std::vector<int64_t> dims = {1, 8, 40, 64};
  constexpr int kCallers = 4;
  std::vector<std::vector<float>> inputs, expected;
  for (int t = 0; t < kCallers; ++t) {
    inputs.push_back(makeInput(8 * 40 * 64, t));
    expected.push_back(runThreaded(model, 1, dims, inputs[t]));
  }
  ASSERT_EQ(onnxc_model_set_num_threads(model.get(), 3), ONNXC_OK);
  bool ok[kCallers];
  std::vector<std::thread> callers;
  for (int t = 0; t < kCallers; ++t)
    callers.emplace_back([&, t] {
      ok[t] = true;
      std::vector<float> y(8 * 80 * 128);
      Tensor tx =
          wrap(ONNXC_FLOAT, dims, inputs[t].data(), inputs[t].size() * 4);
      Tensor ty = wrap(ONNXC_FLOAT, {1, 8, 80, 128}, y.data(), y.size() * 4);
      for (int iteration = 0; iteration < 100 && ok[t]; ++iteration) {
        std::fill(y.begin(), y.end(), -7.0f);
        std::vector<onnxc_tensor *> outputs = {ty.get()};
        ok[t] = run(model, {tx.get()}, outputs) == ONNXC_OK && y == expected[t];
      }
    });
  for (std::thread &caller : callers)
    caller.join();
  for (bool b : ok)
    EXPECT_TRUE(b);
}

TEST(Threads, ForkedChildMakesItsOwnWorkers) {
  // fork() copies only the forking thread: the child's runs must neither
  // wait for the parent's workers nor change what they compute.
  Model model = fromInfo(threaded_model());
  std::vector<int64_t> dims = {1, 8, 40, 64};
  std::vector<float> x = makeInput(8 * 40 * 64, 4);
  std::vector<float> expected = runThreaded(model, 1, dims, x);
  runThreaded(model, 2, dims, x); // The parent's pool has a worker now.
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    bool same = true;
    for (int i = 0; i < 20 && same; ++i)
      same = runThreaded(model, 2, dims, x) == expected;
    _exit(same ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(Threads, ThreadCountIsCheckedAndDefaults) {
  Model model = fromInfo(threaded_model());
  int32_t initial = onnxc_model_num_threads(model.get());
  EXPECT_GE(initial, 1);
  EXPECT_EQ(onnxc_model_set_num_threads(model.get(), 5), ONNXC_OK);
  EXPECT_EQ(onnxc_model_num_threads(model.get()), 5);
  EXPECT_EQ(onnxc_model_set_num_threads(model.get(), 0), ONNXC_OK);
  EXPECT_EQ(onnxc_model_num_threads(model.get()), initial);
  EXPECT_EQ(onnxc_model_set_num_threads(model.get(), -1),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(errorContains("thread count"));
  EXPECT_EQ(onnxc_model_set_num_threads(model.get(), 1025),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(onnxc_model_set_num_threads(nullptr, 2),
            ONNXC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(onnxc_model_num_threads(nullptr), 0);
}

/// The pool's workers, as /proc sees them: for each, whether it is
/// sleeping, and the system call it is blocked in (-1 when unknown).
struct WorkerState {
  char state;
  long syscallNumber;
};
std::vector<WorkerState> readWorkerStates() {
  std::vector<WorkerState> workers;
  DIR *tasks = opendir("/proc/self/task");
  if (!tasks)
    return workers;
  while (dirent *entry = readdir(tasks)) {
    std::string task = std::string("/proc/self/task/") + entry->d_name;
    std::ifstream comm(task + "/comm");
    std::string name;
    if (entry->d_name[0] == '.' || !std::getline(comm, name) ||
        name != "onnxc-worker")
      continue;
    std::ifstream statFile(task + "/stat");
    std::string stat;
    std::getline(statFile, stat);
    size_t end = stat.rfind(')');
    WorkerState worker{end + 2 < stat.size() ? stat[end + 2] : '?', -1};
    std::ifstream syscallFile(task + "/syscall");
    syscallFile >> worker.syscallNumber;
    workers.push_back(worker);
  }
  closedir(tasks);
  return workers;
}

TEST(Threads, IdleWorkersBlockInTheKernel) {
  // After threaded runs the workers spin briefly, then block in a futex
  // wait: an idle process uses no CPU. Polled until they all do; the
  // bound only ends the test of a pool whose workers never stop.
  Model model = fromInfo(threaded_model());
  // Large enough for every loop of the run to be shared.
  std::vector<int64_t> dims = {8, 16, 64, 64};
  std::vector<float> x = makeInput(8 * 16 * 64 * 64, 3);
  for (int i = 0; i < 20; ++i)
    runThreaded(model, 4, dims, x);
  std::vector<WorkerState> workers;
  auto blocked = [](const WorkerState &w) {
    return w.state == 'S' &&
           (w.syscallNumber == SYS_futex || w.syscallNumber == -1);
  };
  for (int poll = 0; poll < 6000; ++poll) {
    workers = readWorkerStates();
    if (!workers.empty() &&
        std::all_of(workers.begin(), workers.end(), blocked))
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_FALSE(workers.empty()) << "no thread named onnxc-worker";
  for (const WorkerState &w : workers)
    EXPECT_TRUE(blocked(w)) << "a worker in state " << w.state
                            << ", system call " << w.syscallNumber;
}

TEST(Load, ChecksEveryLibraryBeforeTrustingIt) {
  onnxc_model *model = nullptr;
  // NAME_model exported as data is not an entry point, with or without
  // the entry's name given.
  for (const char *entry : {static_cast<const char *>(nullptr), "fake"}) {
    EXPECT_EQ(onnxc_model_load(ONNXC_TEST_MODEL_DIR "/fake_data_entry.so",
                               entry, &model),
              ONNXC_ERROR_LOAD);
    EXPECT_TRUE(errorContains("not an onnxc model library"))
        << onnxc_last_error();
    EXPECT_EQ(model, nullptr);
  }
  // Model information outside the library is not read.
  EXPECT_EQ(onnxc_model_load(ONNXC_TEST_MODEL_DIR "/fake_wild_info.so", "fake",
                             &model),
            ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("lies outside the library")) << onnxc_last_error();
  // Malformed counts and descriptions.
  onnxc_model_info noInputs = *strings_model();
  noInputs.inputs = nullptr;
  EXPECT_EQ(onnxc_model_from_info(&noInputs, &model), ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("malformed model information"));
  onnxc_model_io badInput = strings_model()->inputs[0];
  badInput.rank = 1000;
  onnxc_model_info badRank = *strings_model();
  badRank.inputs = &badInput;
  EXPECT_EQ(onnxc_model_from_info(&badRank, &model), ONNXC_ERROR_LOAD);
  EXPECT_TRUE(errorContains("malformed input 0"));
  badInput = strings_model()->inputs[0];
  badInput.elem_type = 77;
  EXPECT_EQ(onnxc_model_from_info(&badRank, &model), ONNXC_ERROR_LOAD);
  EXPECT_EQ(model, nullptr);
}

// A process may hold more model libraries than it has pthread keys (about
// a thousand), and other code may hold keys of its own: every model still
// runs, and no key's data is touched. Run in a child, whose libraries and
// keys the other tests never see.
TEST(Load, ThousandsOfModelsRunInOneProcess) {
  char directory[] = "/tmp/onnxc-many-models-XXXXXX";
  ASSERT_NE(mkdtemp(directory), nullptr);
  constexpr int kModels = 2000;
  std::vector<std::string> paths;
  {
    FILE *source = fopen(ONNXC_TEST_MODEL_DIR "/symbolic.so", "rb");
    ASSERT_NE(source, nullptr);
    std::vector<char> bytes;
    char buffer[1 << 16];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, source)) > 0;)
      bytes.insert(bytes.end(), buffer, buffer + n);
    fclose(source);
    for (int i = 0; i < kModels; ++i) {
      paths.push_back(std::string(directory) + "/model" + std::to_string(i) +
                      ".so");
      FILE *copy = fopen(paths.back().c_str(), "wb");
      ASSERT_NE(copy, nullptr);
      ASSERT_EQ(fwrite(bytes.data(), 1, bytes.size(), copy), bytes.size());
      fclose(copy);
    }
  }
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The process's first key holds data of its own.
    pthread_key_t own;
    int sentinel = 42;
    if (pthread_key_create(&own, nullptr) != 0 ||
        pthread_setspecific(own, &sentinel) != 0)
      _exit(2);
    std::vector<onnxc_model *> models;
    for (const std::string &path : paths) {
      onnxc_model *model = nullptr;
      if (onnxc_model_load(path.c_str(), nullptr, &model) != ONNXC_OK)
        _exit(3);
      models.push_back(model);
      float x[3] = {1, 2, 3}, z[1] = {7}, y[6], w[1];
      int64_t xDims[] = {1, 3}, zDims[] = {1}, yDims[] = {1, 6};
      onnxc_tensor *tensors[4] = {};
      onnxc_tensor_wrap(ONNXC_FLOAT, 2, xDims, x, sizeof x, &tensors[0]);
      onnxc_tensor_wrap(ONNXC_FLOAT, 1, zDims, z, sizeof z, &tensors[1]);
      onnxc_tensor_wrap(ONNXC_FLOAT, 2, yDims, y, sizeof y, &tensors[2]);
      onnxc_tensor_wrap(ONNXC_FLOAT, 1, zDims, w, sizeof w, &tensors[3]);
      const onnxc_tensor *inputs[] = {tensors[0], tensors[1]};
      onnxc_status status = onnxc_model_run(model, inputs, 2, &tensors[2], 2);
      for (onnxc_tensor *t : tensors)
        onnxc_tensor_destroy(t);
      float expected[6] = {1, 1, 2, 2, 3, 3};
      if (status != ONNXC_OK || memcmp(y, expected, sizeof y) != 0 || w[0] != 7)
        _exit(4);
      if (pthread_getspecific(own) != &sentinel || sentinel != 42)
        _exit(5);
    }
    for (onnxc_model *model : models)
      onnxc_model_destroy(model);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  for (const std::string &path : paths)
    unlink(path.c_str());
  rmdir(directory);
  ASSERT_TRUE(WIFEXITED(status))
      << "the child died of signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0)
      << "2: no key for the test, 3: a load failed, 4: a wrong result, "
         "5: the test's own key was overwritten";
}

// Only regular files are read, and only their ELF headers and symbol
// tables: a device, a FIFO without a writer or a directory is refused at
// once, and a large file is not read whole.
TEST(Load, RefusesWhatIsNotARegularFile) {
  char directory[] = "/tmp/onnxc-odd-files-XXXXXX";
  ASSERT_NE(mkdtemp(directory), nullptr);
  std::string fifo = std::string(directory) + "/fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  onnxc_model *model = nullptr;
  for (const char *path : {"/dev/zero", "/dev/urandom", fifo.c_str(),
                           static_cast<const char *>(directory)}) {
    EXPECT_EQ(onnxc_model_load(path, nullptr, &model), ONNXC_ERROR_LOAD);
    EXPECT_TRUE(errorContains("not a regular file")) << onnxc_last_error();
    EXPECT_EQ(model, nullptr);
  }
  // A sparse gigabyte that starts like an ELF file.
  std::string large = std::string(directory) + "/large.so";
  FILE *file = fopen(large.c_str(), "wb");
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(fwrite(ELFMAG, 1, 4, file), 4u);
  fclose(file);
  ASSERT_EQ(truncate(large.c_str(), int64_t(1) << 30), 0);
  struct rusage before, after;
  getrusage(RUSAGE_SELF, &before);
  EXPECT_EQ(onnxc_model_load(large.c_str(), nullptr, &model), ONNXC_ERROR_LOAD);
  getrusage(RUSAGE_SELF, &after);
  EXPECT_TRUE(errorContains("not an onnxc model library"))
      << onnxc_last_error();
  EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 64 << 10)
      << "kilobytes of memory grew while refusing the file";
  unlink(large.c_str());
  unlink(fifo.c_str());
  rmdir(directory);
}
