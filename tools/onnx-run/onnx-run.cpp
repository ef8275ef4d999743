//===- onnx-run.cpp - Run a compiled model on TensorProto files -----------===//
//
//   onnx-run MODEL.so --input FILE.pb|FILE.npy [--input NAME=FILE ...]
//            [--output-dir DIR] [--output-format pb|npy] [--repeat N]
//            [--warmup K] [--threads N] [--entry NAME] [--print]
//            [--signature] [--guard-pages after|before] [--version]
//
// The command-line face of the onnxc runtime: it depends on the runtime and
// ONNX's protobuf classes only, no MLIR or LLVM.
//
//===----------------------------------------------------------------------===//

#include "GuardedTensors.h"
#include "TensorFiles.h"
#include "onnxc/Version.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace onnxrun;

namespace {

void usage(FILE *stream) {
  fprintf(
      stream,
      "usage: onnx-run MODEL.so --input FILE [--input NAME=FILE ...]\n"
      "                [--output-dir DIR] [--output-format pb|npy]\n"
      "                [--repeat N] [--warmup K] [--threads N]\n"
      "                [--entry NAME] [--print] [--signature] [--version]\n"
      "\n"
      "Runs a model compiled by onnx-compile. Inputs are ONNX TensorProto\n"
      "files (.pb) or numpy arrays (.npy; bfloat16 as uint16 bits), in\n"
      "graph-input order or by name; outputs are written as\n"
      "DIR/output_<i>.pb (named after the graph outputs) or .npy, printed,\n"
      "or else summed up as one line each (name, type, shape).\n"
      "\n"
      "  --input FILE | NAME=FILE         one graph input, .pb or .npy (also\n"
      "                                   from a pipe: <(command), "
      "/dev/stdin)\n"
      "  --output-dir DIR                 where to write the outputs\n"
      "  --output-format pb|npy           how (default: pb)\n"
      "  --repeat N                       run N times and print the\n"
      "                                   min/median/max latency\n"
      "  --warmup K                       untimed runs before those\n"
      "  --threads N                      most threads a run uses (0, the\n"
      "                                   default: ONNXC_NUM_THREADS, else\n"
      "                                   the CPUs the process may run on)\n"
      "  --entry NAME                     the model's --entry name when\n"
      "                                   the library holds several\n"
      "  --print                          print inputs and outputs\n"
      "  --signature                      print the model signature (JSON)\n"
      "  --guard-pages after|before       put each input and output against\n"
      "                                   an inaccessible page, ending where\n"
      "                                   it starts or starting where it\n"
      "                                   ends: a kernel that reads or\n"
      "                                   writes past that edge faults (the\n"
      "                                   outputs come from a second run,\n"
      "                                   which must match the first)\n"
      "  --version                        print onnxc's version\n");
}

int64_t parseCount(const std::string &flag, const std::string &value) {
  constexpr long long kMaxCount = 1000000000;
  char *end = nullptr;
  errno = 0;
  long long n = strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || n < 0)
    die(flag + " needs a non-negative number, not '" + value + "'");
  if (errno == ERANGE || n > kMaxCount)
    die(flag + " must be at most " + std::to_string(kMaxCount) + ", not '" +
        value + "'");
  return n;
}

struct Options {
  std::string modelPath, outputDir, entry, outputFormat = "pb";
  std::vector<std::string> inputSpecs;
  int64_t repeat = 0, warmup = 0, threads = 0;
  bool print = false, signature = false;
  GuardPages guardPages = GuardPages::None;
};

Options parseArguments(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const std::string &flag) -> std::optional<std::string> {
      if (arg == flag) {
        if (i + 1 >= argc)
          die(flag + " needs a value");
        return std::string(argv[++i]);
      }
      if (arg.rfind(flag + "=", 0) == 0)
        return arg.substr(flag.size() + 1);
      return std::nullopt;
    };
    if (arg == "-h" || arg == "--help") {
      usage(stdout);
      exit(0);
    }
    if (arg == "--version") {
      printf("onnx-run: %s\n", ONNXC_VERSION_STRING);
      exit(0);
    }
    if (auto v = value("--input"))
      options.inputSpecs.push_back(*v);
    else if (auto v = value("--output-dir"))
      options.outputDir = *v;
    else if (auto v = value("--output-format")) {
      options.outputFormat = *v;
      if (*v != "pb" && *v != "npy")
        die("--output-format must be pb or npy, not '" + *v + "'");
    } else if (auto v = value("--repeat"))
      options.repeat = parseCount("--repeat", *v);
    else if (auto v = value("--warmup"))
      options.warmup = parseCount("--warmup", *v);
    else if (auto v = value("--threads"))
      options.threads = parseCount("--threads", *v);
    else if (auto v = value("--entry"))
      options.entry = *v;
    else if (auto v = value("--guard-pages")) {
      if (*v == "after")
        options.guardPages = GuardPages::After;
      else if (*v == "before")
        options.guardPages = GuardPages::Before;
      else
        die("--guard-pages must be after or before, not '" + *v + "'");
    } else if (arg == "--print")
      options.print = true;
    else if (arg == "--signature")
      options.signature = true;
    else if (arg.rfind("-", 0) == 0)
      die("unknown option '" + arg + "' (see --help)");
    else if (options.modelPath.empty())
      options.modelPath = arg;
    else
      die("more than one model given: '" + options.modelPath + "' and '" + arg +
          "'");
  }
  if (options.modelPath.empty()) {
    usage(stderr);
    exit(1);
  }
  if (options.warmup > 0 && options.repeat == 0)
    die("--warmup runs before the timed runs of --repeat, which is missing");
  return options;
}

using Model = std::unique_ptr<onnxc_model, void (*)(onnxc_model *)>;

/// The most bytes a file for input `io` may hold when it is read from a
/// pipe: the declared tensor's data and room for any file header; inputs
/// with dimensions known only at run time (or strings) get kMaxPipeBytes.
uint64_t inputBound(const onnxc_model_io *io) {
  constexpr uint64_t kMaxPipeBytes = uint64_t(1) << 32;
  constexpr uint64_t kHeaderBytes = uint64_t(1) << 20;
  auto type = static_cast<onnxc_element_type>(io->elem_type);
  uint64_t bytes = type == ONNXC_STRING ? 0 : onnxc_element_size(type);
  for (int32_t i = 0; i < io->rank && bytes; ++i) {
    if (io->dims[i] < 0 ||
        (io->dims[i] && bytes > kMaxPipeBytes / uint64_t(io->dims[i])))
      bytes = 0;
    else
      bytes *= uint64_t(io->dims[i]);
  }
  return bytes ? std::min(bytes + kHeaderBytes, kMaxPipeBytes) : kMaxPipeBytes;
}

/// The model's inputs, read from the files of --input, by position or by
/// name.
std::vector<Tensor> readInputs(const onnxc_model *model,
                               const std::vector<std::string> &specs) {
  size_t numInputs = onnxc_model_num_inputs(model);
  std::vector<Tensor> inputs(numInputs);
  size_t next = 0;
  for (const std::string &spec : specs) {
    std::string path = spec;
    size_t index = numInputs;
    size_t eq = spec.find('=');
    if (eq != std::string::npos) {
      std::string name = spec.substr(0, eq);
      path = spec.substr(eq + 1);
      for (size_t i = 0; i < numInputs; ++i)
        if (name == onnxc_model_input(model, i)->name)
          index = i;
      if (index == numInputs)
        die("the model has no input named '" + name + "'");
    } else {
      while (next < numInputs && inputs[next])
        ++next;
      index = next;
      if (index == numInputs)
        die("more inputs given than the model takes (" +
            std::to_string(numInputs) + ")");
    }
    const onnxc_model_io *io = onnxc_model_input(model, index);
    if (inputs[index])
      die("input '" + std::string(io->name) + "' given twice");
    inputs[index] = readTensor(
        path, static_cast<onnxc_element_type>(io->elem_type), inputBound(io));
  }
  for (size_t i = 0; i < numInputs; ++i)
    if (!inputs[i])
      die("missing input '" + std::string(onnxc_model_input(model, i)->name) +
          "'");
  return inputs;
}

void run(const onnxc_model *model, const std::vector<const onnxc_tensor *> &in,
         std::vector<onnxc_tensor *> &out) {
  onnxc_status status =
      onnxc_model_run(model, in.data(), in.size(), out.data(), out.size());
  // Say whose fault it was: the inputs', or the machine's.
  check(status, status == ONNXC_ERROR_INVALID_ARGUMENT
                    ? "the model rejected its inputs"
                    : "the run failed");
}

/// With --guard-pages: the outputs of a second run, into guarded tensors.
/// The runtime's outputs are 64-byte aligned and guarded ones need not be,
/// so the two runs may take different versions of a kernel (streaming
/// stores): they must write the same bytes.
void rerunIntoGuardedOutputs(
    const onnxc_model *model, const std::vector<const onnxc_tensor *> &in,
    std::vector<Tensor> &outputs, GuardPages where,
    std::vector<std::unique_ptr<GuardedMemory>> &guarded) {
  std::vector<Tensor> firstRun(outputs.size());
  std::vector<onnxc_tensor *> outputPtrs;
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (onnxc_tensor_element_type(outputs[i].get()) != ONNXC_STRING) {
      firstRun[i] = std::move(outputs[i]);
      outputs[i] =
          createGuarded(firstRun[i].get(), /*copy=*/false, where, guarded);
    }
    outputPtrs.push_back(outputs[i].get());
  }
  run(model, in, outputPtrs);
  for (size_t i = 0; i < outputs.size(); ++i)
    if (firstRun[i] && onnxc_tensor_size_bytes(outputs[i].get()) > 0 &&
        memcmp(onnxc_tensor_const_data(firstRun[i].get()),
               onnxc_tensor_const_data(outputs[i].get()),
               onnxc_tensor_size_bytes(outputs[i].get())) != 0)
      die("output '" + std::string(onnxc_model_output(model, i)->name) +
          "' differs between the run into the runtime's tensors and the "
          "run into guarded ones");
}

/// --repeat: runs `repeat` times after `warmup` runs, into the same
/// outputs, and prints the latencies.
void timeRuns(const onnxc_model *model,
              const std::vector<const onnxc_tensor *> &in,
              const std::vector<Tensor> &outputs, int64_t warmup,
              int64_t repeat) {
  std::vector<onnxc_tensor *> out;
  for (const Tensor &t : outputs)
    out.push_back(t.get());
  for (int64_t i = 0; i < warmup; ++i)
    run(model, in, out);
  std::vector<double> times;
  for (int64_t i = 0; i < repeat; ++i) {
    auto start = std::chrono::steady_clock::now();
    run(model, in, out);
    auto end = std::chrono::steady_clock::now();
    times.push_back(
        std::chrono::duration<double, std::milli>(end - start).count());
  }
  std::sort(times.begin(), times.end());
  printf("latency over %" PRId64 " runs (threads: %d): min %.4f ms, "
         "median %.4f ms, max %.4f ms\n",
         repeat, onnxc_model_num_threads(model), times.front(),
         times[times.size() / 2], times.back());
}

/// Prints the outputs, writes them to --output-dir, or else sums each up.
void reportOutputs(const onnxc_model *model, const std::vector<Tensor> &outputs,
                   const Options &options) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    const char *name = onnxc_model_output(model, i)->name;
    if (options.print)
      printTensor("output", name, outputs[i].get());
    else if (options.outputDir.empty() && options.repeat == 0)
      printTensorType("output", name, outputs[i].get());
  }
  if (options.outputDir.empty())
    return;
  mkdir(options.outputDir.c_str(), 0777);
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::string path = options.outputDir + "/output_" + std::to_string(i) +
                       "." + options.outputFormat;
    if (options.outputFormat == "npy")
      writeNpy(path, outputs[i].get());
    else
      writeTensorProto(path, onnxc_model_output(model, i)->name,
                       outputs[i].get());
  }
}

} // namespace

/// Where the onnx-run for cross-compiled AArch64 models is: beside this
/// one, in the build tree and in an installed prefix.
static std::string getAArch64RunPath() {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  std::string dir = n > 0 ? std::string(self, n) : std::string();
  dir = dir.substr(0, dir.rfind('/') + 1);
  return dir + "aarch64-linux-gnu/onnx-run";
}

int main(int argc, char **argv) {
  Options options = parseArguments(argc, argv);
  onnxc_model *rawModel = nullptr;
  onnxc_status loaded = onnxc_model_load(
      options.modelPath.c_str(),
      options.entry.empty() ? nullptr : options.entry.c_str(), &rawModel);
  if (loaded != ONNXC_OK &&
      strstr(onnxc_last_error(), "compiled for aarch64, but") != nullptr)
    die(std::string("cannot load the model: ") + onnxc_last_error() +
        "; run it with " + getAArch64RunPath() +
        ", which runs AArch64 models under qemu-aarch64");
  check(loaded, "cannot load the model");
  Model model(rawModel, onnxc_model_destroy);
  if (options.signature) {
    printf("%s\n", onnxc_model_signature(model.get()));
    return 0;
  }
  check(onnxc_model_set_num_threads(
            model.get(), static_cast<int32_t>(
                             std::min<int64_t>(options.threads, INT32_MAX))),
        "cannot use --threads");

  std::vector<Tensor> inputs = readInputs(model.get(), options.inputSpecs);
  // String tensors stay as they are: a wrapped tensor would borrow strings
  // that the tensor it replaces owns.
  std::vector<std::unique_ptr<GuardedMemory>> guarded;
  bool guard = options.guardPages != GuardPages::None;
  for (Tensor &t : inputs)
    if (guard && onnxc_tensor_element_type(t.get()) != ONNXC_STRING)
      t = createGuarded(t.get(), /*copy=*/true, options.guardPages, guarded);
  std::vector<const onnxc_tensor *> inputPtrs;
  for (const Tensor &t : inputs)
    inputPtrs.push_back(t.get());
  if (options.print)
    for (size_t i = 0; i < inputs.size(); ++i)
      printTensor("input", onnxc_model_input(model.get(), i)->name,
                  inputs[i].get());

  // The first run allocates the outputs; later runs reuse them.
  std::vector<onnxc_tensor *> outputPtrs(onnxc_model_num_outputs(model.get()),
                                         nullptr);
  run(model.get(), inputPtrs, outputPtrs);
  std::vector<Tensor> outputs;
  for (onnxc_tensor *t : outputPtrs)
    outputs.emplace_back(t);
  if (guard)
    rerunIntoGuardedOutputs(model.get(), inputPtrs, outputs, options.guardPages,
                            guarded);
  if (options.repeat > 0)
    timeRuns(model.get(), inputPtrs, outputs, options.warmup, options.repeat);
  reportOutputs(model.get(), outputs, options);
  return 0;
}
