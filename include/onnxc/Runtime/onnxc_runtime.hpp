//===- onnxc_runtime.hpp - C++ wrapper over the onnxc runtime ---*- C++ -*-===//
//
// Header-only RAII classes over onnxc_runtime.h: tensors and models destroy
// themselves, failures throw onnxc::Error carrying the runtime's message.
// Like the C API, it depends on the C++ standard library alone.
//
//   onnxc::Model model = onnxc::Model::load("relu6.so");
//   std::vector<float> x = {-1, 2, 7};
//   onnxc::Tensor input = onnxc::Tensor::wrap(x, {3});
//   std::vector<onnxc::Tensor> outputs = model.run({&input});
//   const float *y = outputs[0].data<float>();
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_RUNTIME_ONNXC_RUNTIME_HPP
#define ONNXC_RUNTIME_ONNXC_RUNTIME_HPP

#include "onnxc/Runtime/onnxc_runtime.h"

#include <complex>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace onnxc {

/// A failed runtime call: the status and onnxc_last_error()'s message.
class Error : public std::runtime_error {
public:
  Error(onnxc_status status, const char *message)
      : std::runtime_error(message), status_(status) {}
  onnxc_status status() const { return status_; }

private:
  onnxc_status status_;
};

namespace detail {
inline void check(onnxc_status status) {
  if (status != ONNXC_OK)
    throw Error(status, onnxc_last_error());
}

/// The element type of C++ type T; bool, half and bfloat16 have no distinct
/// C++ type here and are created by element type instead.
template <typename T> struct ElementTypeOf;
#define ONNXC_ELEMENT_TYPE(CppType, Enum)                                      \
  template <> struct ElementTypeOf<CppType> {                                  \
    static constexpr onnxc_element_type value = Enum;                          \
  };
ONNXC_ELEMENT_TYPE(float, ONNXC_FLOAT)
ONNXC_ELEMENT_TYPE(double, ONNXC_DOUBLE)
ONNXC_ELEMENT_TYPE(int8_t, ONNXC_INT8)
ONNXC_ELEMENT_TYPE(int16_t, ONNXC_INT16)
ONNXC_ELEMENT_TYPE(int32_t, ONNXC_INT32)
ONNXC_ELEMENT_TYPE(int64_t, ONNXC_INT64)
ONNXC_ELEMENT_TYPE(uint8_t, ONNXC_UINT8)
ONNXC_ELEMENT_TYPE(uint16_t, ONNXC_UINT16)
ONNXC_ELEMENT_TYPE(uint32_t, ONNXC_UINT32)
ONNXC_ELEMENT_TYPE(uint64_t, ONNXC_UINT64)
ONNXC_ELEMENT_TYPE(std::complex<float>, ONNXC_COMPLEX64)
ONNXC_ELEMENT_TYPE(std::complex<double>, ONNXC_COMPLEX128)
ONNXC_ELEMENT_TYPE(const char *, ONNXC_STRING)
#undef ONNXC_ELEMENT_TYPE

struct TensorDeleter {
  void operator()(onnxc_tensor *tensor) const { onnxc_tensor_destroy(tensor); }
};
struct ModelDeleter {
  void operator()(onnxc_model *model) const { onnxc_model_destroy(model); }
};
} // namespace detail

/// An owning handle on an onnxc_tensor.
class Tensor {
public:
  Tensor() = default;
  /// Takes ownership of `tensor`.
  explicit Tensor(onnxc_tensor *tensor) : tensor_(tensor) {}

  /// A zero-filled tensor owning its data.
  static Tensor create(onnxc_element_type type, std::vector<int64_t> dims) {
    onnxc_tensor *tensor = nullptr;
    detail::check(onnxc_tensor_create(type, static_cast<int32_t>(dims.size()),
                                      dims.data(), &tensor));
    return Tensor(tensor);
  }
  template <typename T> static Tensor create(std::vector<int64_t> dims) {
    return create(detail::ElementTypeOf<T>::value, std::move(dims));
  }

  /// A tensor borrowing `data`, which must outlive it.
  static Tensor wrap(onnxc_element_type type, std::vector<int64_t> dims,
                     void *data, size_t sizeBytes) {
    onnxc_tensor *tensor = nullptr;
    detail::check(onnxc_tensor_wrap(type, static_cast<int32_t>(dims.size()),
                                    dims.data(), data, sizeBytes, &tensor));
    return Tensor(tensor);
  }
  template <typename T>
  static Tensor wrap(std::vector<T> &data, std::vector<int64_t> dims) {
    return wrap(detail::ElementTypeOf<T>::value, std::move(dims), data.data(),
                data.size() * sizeof(T));
  }

  explicit operator bool() const { return tensor_ != nullptr; }
  onnxc_tensor *get() const { return tensor_.get(); }
  /// Gives up ownership.
  onnxc_tensor *release() { return tensor_.release(); }

  onnxc_element_type elementType() const {
    return onnxc_tensor_element_type(tensor_.get());
  }
  std::vector<int64_t> dims() const {
    const int64_t *dims = onnxc_tensor_dims(tensor_.get());
    return std::vector<int64_t>(dims, dims + onnxc_tensor_rank(tensor_.get()));
  }
  int64_t numElements() const {
    return onnxc_tensor_num_elements(tensor_.get());
  }
  size_t sizeBytes() const { return onnxc_tensor_size_bytes(tensor_.get()); }

  /// The elements, as T; throws when T is not the element type.
  template <typename T> T *data() {
    checkType<T>();
    return static_cast<T *>(onnxc_tensor_data(tensor_.get()));
  }
  template <typename T> const T *data() const {
    checkType<T>();
    return static_cast<const T *>(onnxc_tensor_const_data(tensor_.get()));
  }
  template <typename T> std::vector<T> toVector() const {
    const T *begin = data<T>();
    return std::vector<T>(begin, begin + numElements());
  }

  void setString(int64_t index, const std::string &value) {
    detail::check(onnxc_tensor_set_string(tensor_.get(), index, value.c_str()));
  }

private:
  template <typename T> void checkType() const {
    if (elementType() != detail::ElementTypeOf<T>::value)
      throw Error(ONNXC_ERROR_INVALID_ARGUMENT,
                  (std::string("tensor holds ") +
                   onnxc_element_type_name(elementType()) + ", not " +
                   onnxc_element_type_name(detail::ElementTypeOf<T>::value))
                      .c_str());
  }

  std::unique_ptr<onnxc_tensor, detail::TensorDeleter> tensor_;
};

/// An owning handle on a loaded model.
class Model {
public:
  /// Loads a model library; `entry` is empty for the library's only model.
  static Model load(const std::string &path, const std::string &entry = "") {
    onnxc_model *model = nullptr;
    detail::check(onnxc_model_load(
        path.c_str(), entry.empty() ? nullptr : entry.c_str(), &model));
    return Model(model);
  }
  /// A model linked into the program: Model::fromInfo(NAME_model()).
  static Model fromInfo(const onnxc_model_info *info) {
    onnxc_model *model = nullptr;
    detail::check(onnxc_model_from_info(info, &model));
    return Model(model);
  }

  onnxc_model *get() const { return model_.get(); }
  std::string signature() const { return onnxc_model_signature(model_.get()); }
  size_t numInputs() const { return onnxc_model_num_inputs(model_.get()); }
  size_t numOutputs() const { return onnxc_model_num_outputs(model_.get()); }
  const onnxc_model_io &input(size_t i) const {
    return io(onnxc_model_input, i);
  }
  const onnxc_model_io &output(size_t i) const {
    return io(onnxc_model_output, i);
  }

  /// Runs the model; the runtime allocates and sizes the outputs.
  std::vector<Tensor> run(std::initializer_list<const Tensor *> inputs) const {
    return run(std::vector<const Tensor *>(inputs));
  }
  std::vector<Tensor> run(const std::vector<const Tensor *> &inputs) const {
    std::vector<onnxc_tensor *> raw(numOutputs(), nullptr);
    runRaw(inputs, raw);
    std::vector<Tensor> outputs;
    for (onnxc_tensor *tensor : raw)
      outputs.emplace_back(tensor);
    return outputs;
  }

  /// Runs the model writing into the caller's tensors, which must have the
  /// outputs' element types and shapes (reuse them across runs).
  void run(const std::vector<const Tensor *> &inputs,
           std::vector<Tensor> &outputs) const {
    std::vector<onnxc_tensor *> raw;
    for (Tensor &tensor : outputs)
      raw.push_back(tensor.get());
    runRaw(inputs, raw);
  }

  /// The most threads a run uses (0: ONNXC_NUM_THREADS, else the CPUs the
  /// process may run on); see onnxc_model_set_num_threads.
  void setNumThreads(int32_t numThreads) {
    detail::check(onnxc_model_set_num_threads(model_.get(), numThreads));
  }
  int32_t numThreads() const { return onnxc_model_num_threads(model_.get()); }

  /// The bytes of workspace a run with these inputs uses; -1 when the model
  /// cannot tell before running.
  int64_t workspaceBytes(const std::vector<const Tensor *> &inputs) const {
    std::vector<const onnxc_tensor *> raw = unwrap(inputs);
    int64_t bytes = -1;
    detail::check(onnxc_model_workspace_bytes(model_.get(), raw.data(),
                                              raw.size(), &bytes));
    return bytes;
  }

private:
  explicit Model(onnxc_model *model) : model_(model) {}

  static std::vector<const onnxc_tensor *>
  unwrap(const std::vector<const Tensor *> &inputs) {
    std::vector<const onnxc_tensor *> raw;
    for (const Tensor *tensor : inputs)
      raw.push_back(tensor ? tensor->get() : nullptr);
    return raw;
  }

  const onnxc_model_io &io(const onnxc_model_io *(*get)(const onnxc_model *,
                                                        size_t),
                           size_t i) const {
    const onnxc_model_io *result = get(model_.get(), i);
    if (!result)
      throw Error(ONNXC_ERROR_INVALID_ARGUMENT, "input or output out of range");
    return *result;
  }

  void runRaw(const std::vector<const Tensor *> &inputs,
              std::vector<onnxc_tensor *> &outputs) const {
    std::vector<const onnxc_tensor *> raw = unwrap(inputs);
    detail::check(onnxc_model_run(model_.get(), raw.data(), raw.size(),
                                  outputs.data(), outputs.size()));
  }

  std::unique_ptr<onnxc_model, detail::ModelDeleter> model_;
};

} // namespace onnxc

#endif // ONNXC_RUNTIME_ONNXC_RUNTIME_HPP
