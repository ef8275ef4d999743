//===- RuntimeCppTest.cpp - The C++ wrapper of the runtime ----------------===//
//
// Expected values are computed here from the operator definitions.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Runtime/onnxc_runtime.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

extern "C" {
const onnxc_model_info *symbolic_model(void);
const onnxc_model_info *strings_model(void);
}

namespace {

TEST(CppTensor, CreateWrapAndTypedAccess) {
  onnxc::Tensor t = onnxc::Tensor::create<int16_t>({2, 3});
  EXPECT_EQ(t.elementType(), ONNXC_INT16);
  EXPECT_EQ(t.dims(), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(t.numElements(), 6);
  EXPECT_EQ(t.toVector<int16_t>(), std::vector<int16_t>(6, 0));
  EXPECT_THROW(t.data<float>(), onnxc::Error);

  std::vector<double> values = {1.5, -2.0};
  onnxc::Tensor wrapped = onnxc::Tensor::wrap(values, {2});
  EXPECT_EQ(wrapped.data<double>(), values.data());
  try {
    onnxc::Tensor::wrap(values, {3});
    FAIL() << "a 3-element wrap of 2 doubles was accepted";
  } catch (const onnxc::Error &error) {
    EXPECT_EQ(error.status(), ONNXC_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(error.what()), "");
  }
}

TEST(CppModel, LoadAndRunWithRuntimeOutputs) {
  onnxc::Model model = onnxc::Model::load(ONNXC_EXAMPLE_MODEL_DIR "/relu6.so");
  EXPECT_EQ(model.numInputs(), 1u);
  EXPECT_STREQ(model.input(0).name, "x");
  EXPECT_STREQ(model.output(0).name, "y");
  EXPECT_THROW(model.input(1), onnxc::Error);
  EXPECT_NE(model.signature().find("\"name\":\"x\""), std::string::npos);

  std::vector<float> x = {-1.0f, 2.5f, 7.0f, 6.0f};
  onnxc::Tensor input = onnxc::Tensor::wrap(x, {4});
  std::vector<onnxc::Tensor> outputs = model.run({&input});
  ASSERT_EQ(outputs.size(), 1u);
  EXPECT_EQ(outputs[0].dims(), (std::vector<int64_t>{4}));
  EXPECT_EQ(outputs[0].toVector<float>(),
            (std::vector<float>{0.0f, 2.5f, 6.0f, 6.0f}));
}

TEST(CppModel, CallerOutputsAndErrors) {
  onnxc::Model model = onnxc::Model::fromInfo(symbolic_model());
  std::vector<float> x = {1, 2, 3, 4, 5, 6};
  std::vector<float> z = {-3.5f, 8.0f};
  onnxc::Tensor xt = onnxc::Tensor::wrap(x, {2, 3});
  onnxc::Tensor zt = onnxc::Tensor::wrap(z, {2});
  std::vector<onnxc::Tensor> outputs;
  outputs.push_back(onnxc::Tensor::create<float>({2, 6}));
  outputs.push_back(onnxc::Tensor::create<float>({2}));
  model.run({&xt, &zt}, outputs);
  // Upsample by [1, 2] repeats each column; Clip-6 defaults to the float
  // range, so z passes through.
  EXPECT_EQ(outputs[0].toVector<float>(),
            (std::vector<float>{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6}));
  EXPECT_EQ(outputs[1].toVector<float>(), z);

  onnxc::Tensor shortZ = onnxc::Tensor::create<float>({3});
  try {
    model.run({&xt, &shortZ});
    FAIL() << "inconsistent N was accepted";
  } catch (const onnxc::Error &error) {
    EXPECT_EQ(error.status(), ONNXC_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(std::string(error.what()).find("N"), std::string::npos)
        << error.what();
  }
}

TEST(CppModel, Strings) {
  onnxc::Model model = onnxc::Model::fromInfo(strings_model());
  onnxc::Tensor x = onnxc::Tensor::create<const char *>({3});
  x.setString(0, "a");
  x.setString(1, "bc");
  x.setString(2, "");
  std::vector<onnxc::Tensor> outputs = model.run({&x});
  const char *const *y = outputs[0].data<const char *>();
  std::vector<std::string> actual(y, y + outputs[0].numElements());
  EXPECT_EQ(actual, (std::vector<std::string>{"a", "a", "bc", "bc", "", ""}));
}

} // namespace
