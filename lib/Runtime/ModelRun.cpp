//===- ModelRun.cpp - Run compiled models ---------------------------------===//
//
// onnxc_model_run through the ABI of onnxc_model_abi.h. Every
// input is checked against the model's signature before the model's own
// checks (its shape function) run, and the kernel runs only when both pass:
// the compiled code can then trust every shape it sees.
//
//===----------------------------------------------------------------------===//

#include "RuntimeInternal.h"

#include <pthread.h>

#include <algorithm>
#include <cstring>

using namespace onnxc::runtime;

/// Whether the bytes of `output` overlap those of an input or of one of the
/// caller's outputs before it (the kernels take every buffer to be distinct).
static bool overlapsAnother(const onnxc_tensor *output,
                            const onnxc_tensor *const *inputs, size_t numInputs,
                            onnxc_tensor *const *outputs,
                            size_t numOutputsBefore) {
  auto overlap = [&](const onnxc_tensor *other) {
    if (!other || other == output || !output->bytes || !other->bytes)
      return other == output && output->bytes;
    auto begin = reinterpret_cast<uintptr_t>(output->data);
    auto otherBegin = reinterpret_cast<uintptr_t>(other->data);
    return begin < otherBegin + other->bytes &&
           otherBegin < begin + output->bytes;
  };
  return std::any_of(inputs, inputs + numInputs, overlap) ||
         std::any_of(outputs, outputs + numOutputsBefore, overlap);
}

/// Per-thread scratch of onnxc_model_run, reused from run to run: after the
/// first run of a model on a thread, a run with caller-provided outputs
/// makes no heap allocation.
struct RunScratch {
  std::vector<int64_t> words; ///< The memref descriptors, back to back.
  std::vector<void *> args;
  std::vector<int64_t> dims;
  std::vector<std::pair<const char *, int64_t>> symbols;
  std::vector<std::unique_ptr<onnxc_tensor>> fresh;
};

/// The calling thread's RunScratch, created on its first run and deleted
/// when the thread exits; null when memory ran out. A pthread key rather
/// than a thread_local object: registering such an object's destructor
/// aborts the process when memory runs out.
static RunScratch *getScratch() {
  static pthread_key_t key;
  static bool haveKey = pthread_key_create(&key, [](void *scratch) {
                          delete static_cast<RunScratch *>(scratch);
                        }) == 0;
  if (!haveKey)
    return nullptr;
  auto *scratch = static_cast<RunScratch *>(pthread_getspecific(key));
  if (scratch)
    return scratch;
  scratch = new (std::nothrow) RunScratch;
  if (scratch && pthread_setspecific(key, scratch) != 0) {
    delete scratch;
    return nullptr;
  }
  return scratch;
}

/// Words of a memref descriptor of rank `rank`:
/// { allocated, aligned, offset, sizes[rank], strides[rank] }.
static size_t descriptorWords(size_t rank) { return 3 + 2 * rank; }

static void writeDescriptor(int64_t *words, void *data, size_t rank,
                            const int64_t *dims) {
  words[0] = reinterpret_cast<int64_t>(data);
  words[1] = reinterpret_cast<int64_t>(data);
  words[2] = 0;
  int64_t stride = 1;
  for (size_t i = rank; i-- > 0;) {
    words[3 + i] = dims[i];
    words[3 + rank + i] = stride;
    stride *= dims[i] > 0 ? dims[i] : 1;
  }
}

/// Checks an input against its signature entry, binding symbolic dimensions.
static onnxc_status
checkInput(const onnxc_model_io &io, const onnxc_tensor *tensor,
           std::vector<std::pair<const char *, int64_t>> &symbols) {
  if (!tensor)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "input '%s' is NULL", io.name);
  if (tensor->type != io.elem_type)
    return fail(
        ONNXC_ERROR_INVALID_ARGUMENT, "input '%s' must be %s, but is %s",
        io.name,
        onnxc_element_type_name(static_cast<onnxc_element_type>(io.elem_type)),
        onnxc_element_type_name(tensor->type));
  if (static_cast<int32_t>(tensor->dims.size()) != io.rank)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "input '%s' must have rank %d, but has rank %zu", io.name,
                io.rank, tensor->dims.size());
  for (int32_t d = 0; d < io.rank; ++d) {
    int64_t size = tensor->dims[d];
    if (io.dims[d] >= 0 && size != io.dims[d])
      return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                  "input '%s' dimension %d must be %lld, but is %lld", io.name,
                  d, static_cast<long long>(io.dims[d]),
                  static_cast<long long>(size));
    const char *param = io.dim_params ? io.dim_params[d] : nullptr;
    if (io.dims[d] >= 0 || !param)
      continue;
    bool bound = false;
    for (auto &[symbol, value] : symbols) {
      if (strcmp(symbol, param) != 0)
        continue;
      bound = true;
      if (value != size)
        return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                    "input '%s' dimension %d ('%s') is %lld, but another "
                    "input set '%s' to %lld",
                    io.name, d, param, static_cast<long long>(size), param,
                    static_cast<long long>(value));
    }
    if (!bound)
      symbols.emplace_back(param, size);
  }
  // The kernel reads the strings: every element must be one.
  if (tensor->type == ONNXC_STRING) {
    auto *const *elements = static_cast<const char *const *>(tensor->data);
    for (int64_t e = 0; e < tensor->numElements; ++e)
      if (!elements[e])
        return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                    "input '%s' element %lld is a NULL string", io.name,
                    static_cast<long long>(e));
  }
  return ONNXC_OK;
}

/// Checks the inputs of a run, first against the static signature, then by
/// the model's shape function, which leaves the output dimensions and the
/// workspace size in s.dims. Lays out the input descriptors in s.words and
/// s.args; the outputs' descriptors go at s.words[outputWordsAt] on.
static onnxc_status checkInputs(const onnxc_model &model,
                                const onnxc_tensor *const *inputs,
                                size_t numInputs, RunScratch &s,
                                size_t &outputWordsAt) {
  const onnxc_model_info &info = *model.info;
  if (numInputs != info.num_inputs || (numInputs && !inputs))
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "the model takes %u inputs, %zu given", info.num_inputs,
                numInputs);

  // 1. The static signature.
  s.symbols.clear();
  for (size_t i = 0; i < numInputs; ++i)
    if (onnxc_status status = checkInput(info.inputs[i], inputs[i], s.symbols))
      return status;

  // 2. The model's own rules, the output shapes and the workspace size.
  // Descriptors: the inputs, then the dims buffer (for `shapes`) or the
  // outputs (for `run`).
  size_t inputWords = 0, outputWords = 0;
  for (size_t i = 0; i < numInputs; ++i)
    inputWords += descriptorWords(inputs[i]->dims.size());
  for (size_t i = 0; i < info.num_outputs; ++i)
    outputWords += descriptorWords(info.outputs[i].rank);
  s.words.resize(inputWords +
                 std::max(outputWords, descriptorWords(/*rank=*/1)));
  s.args.resize(numInputs + std::max<size_t>(info.num_outputs, 1));
  s.dims.assign(model.numDims + 1, 0);
  int64_t *words = s.words.data();
  for (size_t i = 0; i < numInputs; ++i) {
    size_t rank = inputs[i]->dims.size();
    writeDescriptor(words, inputs[i]->data, rank, inputs[i]->dims.data());
    s.args[i] = words;
    words += descriptorWords(rank);
  }
  outputWordsAt = inputWords;
  int64_t dimsSize = static_cast<int64_t>(s.dims.size());
  writeDescriptor(words, s.dims.data(), 1, &dimsSize);
  s.args[numInputs] = words;
  int32_t check = info.shapes(s.args.data());
  if (check == ONNXC_SHAPES_OUT_OF_MEMORY)
    return fail(ONNXC_ERROR_OUT_OF_MEMORY,
                "out of memory while computing the output shapes");
  if (check != 0) {
    const char *message = check > 0 && uint32_t(check) <= info.num_checks
                              ? info.check_messages[check - 1]
                              : "unknown check";
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "input rejected: %s", message);
  }
  return ONNXC_OK;
}

static onnxc_status modelSetNumThreadsImpl(onnxc_model *model,
                                           int32_t numThreads) {
  if (!model)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "model is NULL");
  if (numThreads < 0 || numThreads > onnxc::runtime::kMaxThreads)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "the thread count must be 0 (the default) to %d, not %d",
                onnxc::runtime::kMaxThreads, numThreads);
  model->numThreads.store(numThreads ? numThreads
                                     : onnxc::runtime::getDefaultNumThreads(),
                          std::memory_order_relaxed);
  return ONNXC_OK;
}

int32_t onnxc_model_num_threads(const onnxc_model *model) {
  return model ? model->numThreads.load(std::memory_order_relaxed) : 0;
}

static onnxc_status modelWorkspaceBytesImpl(const onnxc_model *model,
                                            const onnxc_tensor *const *inputs,
                                            size_t numInputs, int64_t *bytes) {
  if (!model || !bytes)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "model or bytes is NULL");
  RunScratch *scratch = getScratch();
  if (!scratch)
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "out of memory");
  RunScratch &s = *scratch;
  size_t outputWordsAt;
  if (onnxc_status status =
          checkInputs(*model, inputs, numInputs, s, outputWordsAt))
    return status;
  *bytes = s.dims.back();
  return ONNXC_OK;
}

static onnxc_status modelRunImpl(const onnxc_model *model,
                                 const onnxc_tensor *const *inputs,
                                 size_t numInputs, onnxc_tensor **outputs,
                                 size_t numOutputs) {
  if (!model)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "model is NULL");
  const onnxc_model_info &info = *model->info;
  RunScratch *scratch = getScratch();
  if (!scratch)
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "out of memory");
  RunScratch &s = *scratch;
  size_t outputWordsAt;
  if (onnxc_status status =
          checkInputs(*model, inputs, numInputs, s, outputWordsAt))
    return status;
  if (numOutputs != info.num_outputs || (numOutputs && !outputs))
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "the model has %u outputs, %zu given", info.num_outputs,
                numOutputs);

  // 3. The outputs: the caller's, checked, or fresh ones.
  s.fresh.resize(numOutputs);
  int64_t *words = s.words.data() + outputWordsAt;
  const int64_t *shape = s.dims.data();
  for (size_t i = 0; i < numOutputs; ++i) {
    const onnxc_model_io &io = info.outputs[i];
    onnxc_tensor *output = outputs[i];
    s.fresh[i].reset();
    if (output) {
      if (overlapsAnother(output, inputs, numInputs, outputs, i)) {
        s.fresh.clear();
        return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                    "output '%s' shares memory with an input or another "
                    "output; kernels read their inputs while they write",
                    io.name);
      }
      if (output->type != io.elem_type ||
          output->dims.size() != static_cast<size_t>(io.rank) ||
          !std::equal(output->dims.begin(), output->dims.end(), shape)) {
        s.fresh.clear();
        std::string expected = describeTensorType(
            static_cast<onnxc_element_type>(io.elem_type), io.rank, shape);
        std::string given = describeTensorType(
            output->type, static_cast<int32_t>(output->dims.size()),
            output->dims.data());
        return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                    "output '%s' must be %s (the shape the inputs give), "
                    "not %s",
                    io.name, expected.c_str(), given.c_str());
      }
    } else {
      if (onnxc_status status =
              createUninitialized(static_cast<onnxc_element_type>(io.elem_type),
                                  io.rank, shape, s.fresh[i])) {
        s.fresh.clear();
        return status;
      }
      output = s.fresh[i].get();
    }
    writeDescriptor(words, output->data, io.rank, shape);
    s.args[numInputs + i] = words;
    words += descriptorWords(io.rank);
    shape += io.rank;
  }

  // 4. The kernel.
  onnxc_thread_pool pool{model->numThreads.load(std::memory_order_relaxed),
                         onnxc::runtime::parallelFor};
  if (info.run(s.args.data(), pool.num_threads > 1 ? &pool : nullptr) != 0) {
    s.fresh.clear();
    return fail(ONNXC_ERROR_OUT_OF_MEMORY,
                "out of memory: the model's workspace (its intermediate "
                "tensors and index tables) could not be allocated");
  }

  for (size_t i = 0; i < numOutputs; ++i) {
    std::unique_ptr<onnxc_tensor> fresh = std::move(s.fresh[i]);
    if (!fresh)
      continue;
    // Runtime-allocated string outputs own copies of their strings.
    if (fresh->type == ONNXC_STRING) {
      auto **elements = static_cast<const char **>(fresh->data);
      for (int64_t e = 0; e < fresh->numElements; ++e)
        if (onnxc_status status =
                onnxc_tensor_set_string(fresh.get(), e, elements[e]))
          return status;
    }
    outputs[i] = fresh.release();
  }
  return ONNXC_OK;
}

onnxc_status onnxc_model_set_num_threads(onnxc_model *model,
                                         int32_t numThreads) {
  return withoutExceptions(
      [&] { return modelSetNumThreadsImpl(model, numThreads); });
}

onnxc_status onnxc_model_workspace_bytes(const onnxc_model *model,
                                         const onnxc_tensor *const *inputs,
                                         size_t numInputs, int64_t *bytes) {
  return withoutExceptions(
      [&] { return modelWorkspaceBytesImpl(model, inputs, numInputs, bytes); });
}

onnxc_status onnxc_model_run(const onnxc_model *model,
                             const onnxc_tensor *const *inputs,
                             size_t numInputs, onnxc_tensor **outputs,
                             size_t numOutputs) {
  return withoutExceptions([&] {
    return modelRunImpl(model, inputs, numInputs, outputs, numOutputs);
  });
}
