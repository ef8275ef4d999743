//===- onnxc_bench.cpp - Time a compiled model and a same-run copy --------===//
//
//   onnxc_bench MODEL.so ITERATIONS [THREADS [OFFSET]] [--dims=D0xD1x...]
//
// Times onnxc_model_run on a model with one output (and any number of
// inputs: a Resize and the lateral its Add reads), like an application that
// runs a model repeatedly: input and output buffers allocated once (2 MiB
// aligned, transparent huge pages, first touched before timing; with
// OFFSET, each starts that many bytes past such a boundary, as glibc's
// malloc returns large blocks 16 bytes past a page), outputs written in
// place on every run, the model given THREADS threads (default 1). In the same
// run it times two copies moving as many bytes as the model reads and writes,
// split over THREADS threads: memcpy, and a copy with non-temporal (streaming)
// stores, which skip the read-for-ownership of the destination and are faster
// for outputs larger than the caches. The faster of the two is the
// memory-bandwidth limit. The copies' helper threads spin between copies, so
// that the limit includes no wake-up cost. It also times a streaming fill of
// the model's output buffer alone ("fill_ms"): what writing the output costs
// without reading anything, for kernels that write much more than they read. On
// x86-64, a copy of the limit's bytes by `rep movsb` ("movsb_ms", null
// elsewhere): not part of the limit, a reference for CPUs whose string
// instructions copy faster (see repMovsbCopy). A model whose inputs have
// dimensions known only at run time (exported with dynamic axes) takes
// them from --dims, one shape per input, comma-separated; its output
// takes the shape the model computes from them.
//
// They are timed in turns, in blocks of a few runs each (the first run
// of a block untimed, so that each starts from its own cache state), and
// each figure is the median of its runs: a virtual machine's bandwidth
// drifts by tens of percent within seconds, and turns expose every figure
// to the same drift. Prints one JSON object.
//
//===----------------------------------------------------------------------===//

#include "copy_limit.h"

#include "onnxc/Runtime/onnxc_runtime.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

using namespace onnxc_bench;

namespace {

void check(onnxc_status status) {
  if (status != ONNXC_OK) {
    fprintf(stderr, "onnxc_bench: %s\n", onnxc_last_error());
    exit(1);
  }
}

} // namespace

/// The shapes of --dims=1x3x1080x1920,1x3x2160x3840: one per input.
bool parseDims(const char *text, std::vector<std::vector<int64_t>> &shapes) {
  shapes.assign(1, {});
  const char *p = text;
  while (true) {
    if (*p < '0' || *p > '9')
      return false; // Empty, a sign, or a separator with nothing after it.
    char *end;
    long long d = strtoll(p, &end, 10);
    shapes.back().push_back(d);
    p = end;
    if (!*p)
      return true;
    if (*p == ',')
      shapes.emplace_back();
    else if (*p != 'x')
      return false;
    ++p;
  }
}

int main(int argc, char **argv) {
  std::vector<std::vector<int64_t>> givenDims;
  if (argc >= 2 && strncmp(argv[argc - 1], "--dims=", 7) == 0) {
    if (!parseDims(argv[argc - 1] + 7, givenDims)) {
      fprintf(stderr, "onnxc_bench: --dims takes shapes such as "
                      "1x3x1080x1920, one per input, comma-separated\n");
      return 1;
    }
    --argc;
  }
  if (argc < 3 || argc > 5) {
    fprintf(stderr, "usage: onnxc_bench MODEL.so ITERATIONS [THREADS "
                    "[OFFSET]] [--dims=D0xD1x...[,...]]\n");
    return 1;
  }
  int iterations = atoi(argv[2]);
  int threads = argc >= 4 ? atoi(argv[3]) : 1;
  long offset = argc == 5 ? atol(argv[4]) : 0;
  if (offset < 0 || offset >= 4096) {
    fprintf(stderr, "onnxc_bench: OFFSET must be 0 to 4095 bytes\n");
    return 1;
  }
  if (iterations < 1) {
    fprintf(stderr, "onnxc_bench: ITERATIONS must be at least 1\n");
    return 1;
  }
  if (threads < 1 || threads > 1024) {
    fprintf(stderr, "onnxc_bench: THREADS must be 1 to 1024\n");
    return 1;
  }
  onnxc_model *model = nullptr;
  check(onnxc_model_load(argv[1], nullptr, &model));
  check(onnxc_model_set_num_threads(model, threads));
  if (onnxc_model_num_inputs(model) < 1 ||
      onnxc_model_num_outputs(model) != 1) {
    fprintf(stderr, "onnxc_bench: expects inputs and one output\n");
    onnxc_model_destroy(model);
    return 1;
  }
  const onnxc_model_io *out = onnxc_model_output(model, 0);
  if (!givenDims.empty() && givenDims.size() != onnxc_model_num_inputs(model)) {
    fprintf(stderr, "onnxc_bench: --dims gives %zu shapes for %zu inputs\n",
            givenDims.size(), onnxc_model_num_inputs(model));
    return 1;
  }
  // Each tensor's dimensions (`given`, else its static ones) and bytes.
  auto shapeOf = [&](const onnxc_model_io *io, std::vector<int64_t> &dims,
                     size_t &bytes, const std::vector<int64_t> *given) {
    dims.assign(io->dims, io->dims + io->rank);
    if (given)
      dims = *given;
    bytes = onnxc_element_size(static_cast<onnxc_element_type>(io->elem_type));
    for (int64_t d : dims) {
      if (d < 0) {
        fprintf(stderr,
                "onnxc_bench: '%s' has a dimension known only at run time; "
                "give the inputs' shapes with --dims\n",
                io->name);
        exit(1);
      }
      bytes *= d;
    }
  };
  // Inputs: a deterministic pattern that exercises both bounds of a Clip.
  size_t numInputs = onnxc_model_num_inputs(model);
  std::vector<void *> inBuffers;
  std::vector<onnxc_tensor *> inputs;
  size_t inBytes = 0;
  for (size_t k = 0; k < numInputs; ++k) {
    const onnxc_model_io *in = onnxc_model_input(model, k);
    auto type = static_cast<onnxc_element_type>(in->elem_type);
    std::vector<int64_t> dims;
    size_t bytes;
    shapeOf(in, dims, bytes, givenDims.empty() ? nullptr : &givenDims[k]);
    void *buffer = allocate(bytes + offset);
    void *data = static_cast<char *>(buffer) + offset;
    if (type == ONNXC_FLOAT) {
      auto *f = static_cast<float *>(data);
      for (size_t i = 0; i < bytes / 4; ++i)
        f[i] = float(int(i % 1000) - 500) * 0.004f;
    } else {
      auto *b = static_cast<int8_t *>(data);
      for (size_t i = 0; i < bytes; ++i)
        b[i] = int8_t(i * 37);
    }
    onnxc_tensor *input;
    check(
        onnxc_tensor_wrap(type, dims.size(), dims.data(), data, bytes, &input));
    inBuffers.push_back(buffer);
    inputs.push_back(input);
    inBytes += bytes;
  }
  std::vector<int64_t> outDims;
  size_t outBytes;
  std::vector<int64_t> computedDims;
  if (!givenDims.empty()) {
    // The output's shape, as the model computes it from the inputs'.
    onnxc_tensor *computed = nullptr;
    check(onnxc_model_run(model, inputs.data(), inputs.size(), &computed, 1));
    const int64_t *dims = onnxc_tensor_dims(computed);
    computedDims.assign(dims, dims + onnxc_tensor_rank(computed));
    onnxc_tensor_destroy(computed);
  }
  shapeOf(out, outDims, outBytes, givenDims.empty() ? nullptr : &computedDims);
  // The fill streams from the buffer's aligned start, as streaming stores
  // must: it is the machine's floor for writing the bytes, wherever the
  // model's output starts.
  void *outBuffer = allocate(outBytes + offset);
  void *outData = static_cast<char *>(outBuffer) + offset;
  onnxc_tensor *output;
  check(onnxc_tensor_wrap(static_cast<onnxc_element_type>(out->elem_type),
                          outDims.size(), outDims.data(), outData, outBytes,
                          &output));

  auto runModel = [&] {
    check(onnxc_model_run(model, inputs.data(), inputs.size(), &output, 1));
  };
  // Warm up for at least 100 ms: a pool's worker threads take a few
  // milliseconds of runs to settle on their CPUs.
  auto warmStart = std::chrono::steady_clock::now();
  for (int i = 0; i < std::max(2, iterations / 10) ||
                  std::chrono::steady_clock::now() - warmStart <
                      std::chrono::milliseconds(100);
       ++i)
    runModel();

  // The bandwidth limit: copy (read + written) / 2 bytes, which reads and
  // writes as many bytes as the model does.
  size_t copyBytes = (inBytes + outBytes) / 2;
  char *src = static_cast<char *>(allocate(copyBytes));
  // Copies of zeros would write lines of zeros (see kFillByte).
  for (size_t i = 0; i < copyBytes; ++i)
    src[i] = char(i * 37 + 1);
  char *dst = static_cast<char *>(allocate(copyBytes));
  struct Quantity {
    std::function<void()> run;
    bool usesTeam; ///< Needs the copies' spinning helpers while timed.
    std::vector<double> ms;
    bool timed = true;
  };
  SpinningTeam *team = nullptr;
  Quantity quantities[] = {
      {runModel, false, {}},
      {[&] { splitCopy(*team, plainCopy, dst, src, copyBytes); }, true, {}},
      {[&] { splitCopy(*team, streamCopy, dst, src, copyBytes); }, true, {}},
      // The fill overwrites the output the model wrote; nothing reads it
      // after.
      {[&] {
         splitCopy(*team, streamFill, static_cast<char *>(outBuffer), nullptr,
                   outBytes);
       },
       true,
       {}},
      {[&] { splitCopy(*team, repMovsbCopy, dst, src, copyBytes); },
       true,
       {},
       kHasRepMovsb},
  };
  int blocks = std::min(iterations, 10);
  for (int block = 0; block < blocks; ++block) {
    int runs = iterations / blocks + (block < iterations % blocks ? 1 : 0);
    for (Quantity &q : quantities) {
      if (!q.timed)
        continue;
      // The helpers spin only while copies are timed, and the pool's
      // workers sleep by then (they spin 50 us after a run): neither takes
      // a CPU from the other.
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      std::unique_ptr<SpinningTeam> blockTeam;
      if (q.usesTeam)
        blockTeam = std::make_unique<SpinningTeam>(threads);
      team = blockTeam.get();
      q.run(); // From the cache state the other quantities left.
      for (int i = 0; i < runs; ++i) {
        auto start = std::chrono::steady_clock::now();
        q.run();
        auto end = std::chrono::steady_clock::now();
        q.ms.push_back(
            std::chrono::duration<double, std::milli>(end - start).count());
      }
    }
  }
  auto median = [](std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
  };
  double modelMs = median(quantities[0].ms);
  double copyMs = median(quantities[1].ms);
  double streamMs = median(quantities[2].ms);
  double fillMs = median(quantities[3].ms);
  char movsbMs[32] = "null";
  if (kHasRepMovsb)
    snprintf(movsbMs, sizeof(movsbMs), "%.6f", median(quantities[4].ms));

  printf("{\"model_ms\": %.6f, \"copy_ms\": %.6f, \"stream_ms\": %.6f, "
         "\"fill_ms\": %.6f, \"movsb_ms\": %s, \"read\": %zu, "
         "\"written\": %zu}\n",
         modelMs, copyMs, streamMs, fillMs, movsbMs, inBytes, outBytes);
  for (onnxc_tensor *input : inputs)
    onnxc_tensor_destroy(input);
  onnxc_tensor_destroy(output);
  onnxc_model_destroy(model);
  for (void *buffer : inBuffers)
    free(buffer);
  for (void *buffer :
       {outBuffer, static_cast<void *>(src), static_cast<void *>(dst)})
    free(buffer);
  return 0;
}
