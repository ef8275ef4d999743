//===- onnx-run.cpp - Run a compiled model on TensorProto files -----------===//
//
//   onnx-run MODEL.so --input FILE.pb|FILE.npy [--input NAME=FILE ...]
//            [--output-dir DIR] [--output-format pb|npy] [--repeat N]
//            [--warmup K] [--threads N] [--entry NAME] [--print]
//            [--signature] [--guard-pages after|before]
//
// The command-line face of the onnxc runtime: it depends on the runtime and
// ONNX's protobuf classes only, no MLIR or LLVM.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Runtime/onnxc_runtime.h"

// Built for other targets (to run models under emulation) onnx-run reads and
// writes .npy only: ONNX's protobuf classes exist for the host alone.
#ifndef ONNXC_RUN_NPY_ONLY
#include "onnxc/Support/TensorData.h"

#include <onnx/onnx_pb.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#ifndef ONNXC_RUN_NPY_ONLY
namespace pb = ::onnx;
#endif

namespace {

[[noreturn]] void die(const std::string &message) {
  fprintf(stderr, "onnx-run: error: %s\n", message.c_str());
  exit(1);
}

/// ": <why>" for the current errno, or nothing when it says nothing.
std::string reason() {
  return errno ? std::string(": ") + strerror(errno) : std::string();
}

/// The bytes of the regular file `path`: anything else (a device, a FIFO, a
/// directory) would be read forever or not at all.
std::string readRegularFile(const std::string &path) {
  errno = 0;
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    die("cannot open '" + path + "'" + reason());
  struct stat status;
  if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    close(fd);
    die("'" + path + "' is not a regular file");
  }
  std::string bytes;
  try {
    bytes.resize(status.st_size);
  } catch (const std::bad_alloc &) {
    close(fd);
    die("'" + path + "' does not fit in memory");
  }
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = pread(fd, bytes.data() + done, bytes.size() - done, done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      close(fd);
      die("cannot read '" + path + "'" + reason());
    }
    done += n;
  }
  close(fd);
  return bytes;
}

/// Writes `path` whole or not at all: through a new file PATH.XXXXXX
/// beside it (unique, so that runs writing the same directory at once do
/// not share it), renamed when every byte is written and the file closed;
/// on failure that file is removed and the message says why.
void writeWholeFile(const std::string &path,
                    const std::function<void(std::ostream &)> &write) {
  std::string temp = path + ".XXXXXX";
  errno = 0;
  int fd = mkstemp(temp.data());
  if (fd < 0)
    die("cannot write '" + path + "'" + reason());
  // mkstemp makes the file private; outputs get the usual permissions.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  close(fd);
  std::ofstream file(temp, std::ios::binary | std::ios::trunc);
  if (file)
    write(file);
  if (file)
    file.close();
  bool written = !file.fail();
  std::string why = reason();
  if (written) {
    errno = 0;
    if (rename(temp.c_str(), path.c_str()) == 0)
      return;
    why = reason();
  }
  unlink(temp.c_str());
  die("cannot write '" + path + "'" + why);
}

void usage() {
  fprintf(
      stderr,
      "usage: onnx-run MODEL.so --input FILE [--input NAME=FILE ...]\n"
      "                [--output-dir DIR] [--output-format pb|npy]\n"
      "                [--repeat N] [--warmup K] [--threads N]\n"
      "                [--entry NAME] [--print] [--signature]\n"
      "\n"
      "Runs a model compiled by onnx-compile. Inputs are ONNX TensorProto\n"
      "files (.pb) or numpy arrays (.npy; bfloat16 as uint16 bits), in\n"
      "graph-input order or by name; outputs are written as\n"
      "DIR/output_<i>.pb (named after the graph outputs) or .npy.\n"
      "\n"
      "  --input FILE | NAME=FILE         one graph input, .pb or .npy\n"
      "  --output-dir DIR                 where to write the outputs\n"
      "  --output-format pb|npy           how (default: pb)\n"
      "  --repeat N                       run N times and print the\n"
      "                                   min/median/max latency\n"
      "  --warmup K                       untimed runs before those\n"
      "  --threads N                      most threads a run uses (default:\n"
      "                                   ONNXC_NUM_THREADS, else the CPUs\n"
      "                                   the process may run on)\n"
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
      "                                   which must match the first)\n");
}

struct TensorDeleter {
  void operator()(onnxc_tensor *t) const { onnxc_tensor_destroy(t); }
};
using Tensor = std::unique_ptr<onnxc_tensor, TensorDeleter>;

void check(onnxc_status status, const std::string &what) {
  if (status != ONNXC_OK)
    die(what + ": " + onnxc_last_error());
}

/// Where --guard-pages puts a tensor's bytes: against an inaccessible page
/// that follows them or that precedes them.
enum class GuardPages { None, After, Before };

/// Pages mapped for one guarded tensor, unmapped when it goes.
class GuardedMemory {
public:
  /// `bytes` of zeros whose last byte ends a page followed by an
  /// inaccessible one (`After`), or whose first byte starts a page right
  /// after an inaccessible one (`Before`). A tensor's size is a multiple of
  /// its element size, a power of two no larger than a page: its start is
  /// aligned for its elements either way.
  GuardedMemory(size_t bytes, GuardPages where) {
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_t dataPages = bytes / page + (bytes % page != 0);
    length = (dataPages + 1) * page;
    errno = 0;
    void *mapped = mmap(nullptr, length, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED)
      die("cannot map memory for --guard-pages" + reason());
    mapping = static_cast<char *>(mapped);
    char *guard =
        where == GuardPages::After ? mapping + dataPages * page : mapping;
    if (mprotect(guard, page, PROT_NONE) != 0)
      die("cannot protect a guard page" + reason());
    data = where == GuardPages::After ? guard - bytes : guard + page;
  }
  GuardedMemory(const GuardedMemory &) = delete;
  GuardedMemory &operator=(const GuardedMemory &) = delete;
  ~GuardedMemory() { munmap(mapping, length); }

  char *data = nullptr;

private:
  char *mapping = nullptr;
  size_t length = 0;
};

/// A tensor of `like`'s type and shape in guarded memory that `memory`
/// keeps, holding a copy of `like`'s bytes or zeros.
Tensor createGuarded(const onnxc_tensor *like, bool copy, GuardPages where,
                     std::vector<std::unique_ptr<GuardedMemory>> &memory) {
  size_t bytes = onnxc_tensor_size_bytes(like);
  memory.push_back(std::make_unique<GuardedMemory>(bytes, where));
  char *data = memory.back()->data;
  if (copy && bytes)
    memcpy(data, onnxc_tensor_const_data(like), bytes);
  onnxc_tensor *tensor = nullptr;
  check(onnxc_tensor_wrap(onnxc_tensor_element_type(like),
                          onnxc_tensor_rank(like), onnxc_tensor_dims(like),
                          data, bytes, &tensor),
        "cannot place a tensor for --guard-pages");
  return Tensor(tensor);
}

/// A tensor for the contents of the file at `path`, which hold `stored`
/// values (-1: a partial one) where the shape `dims` declares `declared`:
/// they must agree before anything of that shape is allocated.
Tensor createFilled(const std::string &path, onnxc_element_type type,
                    const std::vector<int64_t> &dims, int64_t stored,
                    int64_t declared) {
  if (stored != declared)
    die("'" + path + "' holds " + std::to_string(stored) +
        " values for a tensor of " + std::to_string(declared) + " elements");
  onnxc_tensor *raw = nullptr;
  check(onnxc_tensor_create(type, dims.size(), dims.data(), &raw),
        "'" + path + "'");
  return Tensor(raw);
}

#ifndef ONNXC_RUN_NPY_ONLY
/// How many elements the data fields of `proto` hold; -1 for a partial one.
int64_t storedValueCount(const pb::TensorProto &proto, onnxc_element_type type,
                         size_t elementSize) {
  if (type == ONNXC_STRING)
    return proto.string_data_size();
  if (proto.has_raw_data())
    return proto.raw_data().size() % elementSize == 0
               ? int64_t(proto.raw_data().size() / elementSize)
               : -1;
  int64_t scalars = onnxc::getTypedFieldScalarCount(proto, type);
  int64_t perElement = onnxc::getScalarsPerElement(type);
  return scalars >= 0 && scalars % perElement == 0 ? scalars / perElement : -1;
}

Tensor readTensorProto(const std::string &path) {
  std::string bytes = readRegularFile(path);
  pb::TensorProto proto;
  if (!proto.ParseFromString(bytes))
    die("'" + path + "' is not an ONNX TensorProto");
  auto type = static_cast<onnxc_element_type>(proto.data_type());
  size_t elementSize = onnxc_element_size(type);
  if (!elementSize)
    die("'" + path + "' has an unsupported element type " +
        std::to_string(proto.data_type()));
  if (proto.data_location() == pb::TensorProto::EXTERNAL)
    die("'" + path + "' keeps its data in an external file");
  std::vector<int64_t> dims(proto.dims().begin(), proto.dims().end());
  // The values the file holds must fill the shape it declares: checked
  // before anything of that shape is allocated.
  int64_t declared = 1;
  for (int64_t d : dims)
    if (d < 0 || __builtin_mul_overflow(declared, d, &declared))
      die("'" + path + "' declares an invalid shape");
  Tensor tensor = createFilled(
      path, type, dims, storedValueCount(proto, type, elementSize), declared);
  onnxc_tensor *raw = tensor.get();
  // The element counts were checked above.
  if (type == ONNXC_STRING) {
    for (int i = 0; i < proto.string_data_size(); ++i)
      check(onnxc_tensor_set_string(raw, i, proto.string_data(i).c_str()),
            path);
    return tensor;
  }
  auto *out = static_cast<char *>(onnxc_tensor_data(raw));
  if (proto.has_raw_data()) {
    memcpy(out, proto.raw_data().data(), onnxc_tensor_size_bytes(raw));
    return tensor;
  }
  // Typed fields, packed into the raw layout.
  std::string packed;
  onnxc::appendTypedFieldBytes(proto, type, packed);
  memcpy(out, packed.data(), packed.size());
  return tensor;
}

void writeTensorProto(const std::string &path, const std::string &name,
                      const onnxc_tensor *tensor) {
  pb::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(onnxc_tensor_element_type(tensor));
  const int64_t *dims = onnxc_tensor_dims(tensor);
  for (int32_t i = 0; i < onnxc_tensor_rank(tensor); ++i)
    proto.add_dims(dims[i]);
  const void *data = onnxc_tensor_const_data(tensor);
  if (onnxc_tensor_element_type(tensor) == ONNXC_STRING) {
    auto *strings = static_cast<const char *const *>(data);
    for (int64_t i = 0; i < onnxc_tensor_num_elements(tensor); ++i)
      proto.add_string_data(strings[i]);
  } else {
    proto.set_raw_data(data, onnxc_tensor_size_bytes(tensor));
  }
  writeWholeFile(path, [&](std::ostream &file) {
    if (!proto.SerializeToOstream(&file))
      file.setstate(std::ios::failbit);
  });
}
#else
Tensor readTensorProto(const std::string &path) {
  die("'" + path + "': this onnx-run reads .npy files only");
}

void writeTensorProto(const std::string &path, const std::string &,
                      const onnxc_tensor *) {
  die("cannot write '" + path + "': this onnx-run writes .npy only");
}
#endif

float halfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ff;
  float value;
  if (exponent == 0)
    value = std::ldexp(float(mantissa), -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = std::ldexp(float(mantissa | 0x400), int(exponent) - 25);
  return sign ? -value : value;
}

float bfloat16ToFloat(uint16_t b) {
  uint32_t bits = uint32_t(b) << 16;
  float value;
  memcpy(&value, &bits, sizeof(value));
  return value;
}

void printTensor(const char *what, const std::string &name,
                 const onnxc_tensor *tensor) {
  auto type = onnxc_tensor_element_type(tensor);
  printf("%s %s: %s[", what, name.c_str(), onnxc_element_type_name(type));
  const int64_t *dims = onnxc_tensor_dims(tensor);
  for (int32_t i = 0; i < onnxc_tensor_rank(tensor); ++i)
    printf("%s%" PRId64, i ? ", " : "", dims[i]);
  printf("] = [");
  const char *data = static_cast<const char *>(onnxc_tensor_const_data(tensor));
  int64_t n = onnxc_tensor_num_elements(tensor);
  constexpr int64_t kShown = 24;
  for (int64_t i = 0; i < std::min(n, kShown); ++i) {
    if (i)
      printf(", ");
    auto at = [&](auto sample) {
      decltype(sample) v;
      memcpy(&v, data + i * sizeof(v), sizeof(v));
      return v;
    };
    switch (type) {
    case ONNXC_FLOAT:
      printf("%g", at(float()));
      break;
    case ONNXC_DOUBLE:
      printf("%g", at(double()));
      break;
    case ONNXC_FLOAT16:
      printf("%g", halfToFloat(at(uint16_t())));
      break;
    case ONNXC_BFLOAT16:
      printf("%g", bfloat16ToFloat(at(uint16_t())));
      break;
    case ONNXC_INT8:
      printf("%d", at(int8_t()));
      break;
    case ONNXC_UINT8:
      printf("%u", at(uint8_t()));
      break;
    case ONNXC_INT16:
      printf("%d", at(int16_t()));
      break;
    case ONNXC_UINT16:
      printf("%u", at(uint16_t()));
      break;
    case ONNXC_INT32:
      printf("%d", at(int32_t()));
      break;
    case ONNXC_UINT32:
      printf("%u", at(uint32_t()));
      break;
    case ONNXC_INT64:
      printf("%" PRId64, at(int64_t()));
      break;
    case ONNXC_UINT64:
      printf("%" PRIu64, at(uint64_t()));
      break;
    case ONNXC_BOOL:
      printf("%s", at(uint8_t()) ? "true" : "false");
      break;
    case ONNXC_STRING:
      printf("\"%s\"", at(static_cast<const char *>(nullptr)));
      break;
    case ONNXC_COMPLEX64: {
      float parts[2];
      memcpy(parts, data + i * sizeof(parts), sizeof(parts));
      printf("(%g, %g)", parts[0], parts[1]);
      break;
    }
    case ONNXC_COMPLEX128: {
      double parts[2];
      memcpy(parts, data + i * sizeof(parts), sizeof(parts));
      printf("(%g, %g)", parts[0], parts[1]);
      break;
    }
    }
  }
  if (n > kShown)
    printf(", ... (%" PRId64 " elements)", n);
  printf("]\n");
}

//===----------------------------------------------------------------------===//
// numpy .npy files (format versions 1 to 3, little-endian, C order)
//===----------------------------------------------------------------------===//

/// The .npy type string of an element type; nullptr when numpy has none
/// (strings are pickled objects in .npy; bfloat16 travels as '<u2').
const char *getNpyDescr(onnxc_element_type type) {
  switch (type) {
  case ONNXC_FLOAT:
    return "<f4";
  case ONNXC_DOUBLE:
    return "<f8";
  case ONNXC_FLOAT16:
    return "<f2";
  case ONNXC_BFLOAT16:
  case ONNXC_UINT16:
    return "<u2";
  case ONNXC_INT8:
    return "|i1";
  case ONNXC_UINT8:
    return "|u1";
  case ONNXC_INT16:
    return "<i2";
  case ONNXC_INT32:
    return "<i4";
  case ONNXC_UINT32:
    return "<u4";
  case ONNXC_INT64:
    return "<i8";
  case ONNXC_UINT64:
    return "<u8";
  case ONNXC_BOOL:
    return "|b1";
  case ONNXC_COMPLEX64:
    return "<c8";
  case ONNXC_COMPLEX128:
    return "<c16";
  default:
    return nullptr;
  }
}

/// Reads a .npy file as a tensor of `type`, the element type of the model
/// input it is for (a '<u2' array is taken as bfloat16 bits for a bfloat16
/// input).
Tensor readNpy(const std::string &path, onnxc_element_type type) {
  std::string bytes = readRegularFile(path);
  auto bad = [&](const std::string &why) {
    die("'" + path + "' is not a .npy file onnx-run reads: " + why);
  };
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
    bad("no .npy magic");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerStart = major == 1 ? 10 : 12;
  if (major < 1 || major > 3 || bytes.size() < headerStart)
    bad("unknown format version");
  size_t headerLength = static_cast<unsigned char>(bytes[8]) |
                        static_cast<unsigned char>(bytes[9]) << 8;
  if (major > 1)
    headerLength |= size_t(static_cast<unsigned char>(bytes[10])) << 16 |
                    size_t(static_cast<unsigned char>(bytes[11])) << 24;
  if (headerLength > bytes.size() - headerStart)
    bad("truncated header");
  std::string header = bytes.substr(headerStart, headerLength);
  auto field = [&](const std::string &key) -> std::string {
    size_t at = header.find("'" + key + "':");
    if (at == std::string::npos)
      bad("no '" + key + "' in the header");
    at = header.find_first_not_of(' ', at + key.size() + 3);
    if (at == std::string::npos)
      bad("malformed header");
    if (header[at] == '\'') {
      size_t end = header.find('\'', at + 1);
      if (end == std::string::npos)
        bad("malformed header");
      return header.substr(at + 1, end - at - 1);
    }
    char close = header[at] == '(' ? ')' : ',';
    size_t end = header.find(close, at);
    if (end == std::string::npos)
      bad("malformed header");
    return header.substr(at, end - at + (close == ')'));
  };
  if (field("fortran_order") != "False")
    bad("only C-ordered arrays are supported");
  std::string descr = field("descr");
  const char *expected = getNpyDescr(type);
  if (!expected)
    die("'" + path + "': a " +
        std::string(onnxc_element_type_name(type)
                        ? onnxc_element_type_name(type)
                        : "?") +
        " input cannot come from a .npy file");
  if (descr != expected &&
      !(descr[0] == '=' && descr.substr(1) == std::string(expected + 1)))
    die("'" + path + "' holds '" + descr + "' values, but the input is " +
        onnxc_element_type_name(type) + " ('" + expected + "')");
  std::vector<int64_t> dims;
  std::string shape = field("shape");
  int64_t declared = 1;
  for (size_t i = 1; i < shape.size();) {
    size_t end = shape.find_first_of(",)", i);
    std::string number = shape.substr(i, end - i);
    number.erase(0, number.find_first_not_of(' '));
    if (!number.empty()) {
      char *stop = nullptr;
      errno = 0;
      long long d = strtoll(number.c_str(), &stop, 10);
      if (*stop != '\0' || errno || d < 0 ||
          __builtin_mul_overflow(declared, d, &declared))
        bad("malformed shape");
      dims.push_back(d);
    }
    if (end == std::string::npos || shape[end] == ')')
      break;
    i = end + 1;
  }
  size_t dataStart = headerStart + headerLength;
  size_t elementSize = onnxc_element_size(type);
  size_t dataBytes = bytes.size() - dataStart;
  Tensor tensor = createFilled(
      path, type, dims,
      dataBytes % elementSize ? -1 : int64_t(dataBytes / elementSize),
      declared);
  onnxc_tensor *raw = tensor.get();
  memcpy(onnxc_tensor_data(raw), bytes.data() + dataStart,
         onnxc_tensor_size_bytes(raw));
  return tensor;
}

void writeNpy(const std::string &path, const onnxc_tensor *tensor) {
  auto type = onnxc_tensor_element_type(tensor);
  const char *descr = getNpyDescr(type);
  if (!descr)
    die("a " + std::string(onnxc_element_type_name(type)) +
        " output cannot be written as .npy (use --output-format pb)");
  std::string header = std::string("{'descr': '") + descr +
                       "', 'fortran_order': False, 'shape': (";
  const int64_t *dims = onnxc_tensor_dims(tensor);
  int32_t rank = onnxc_tensor_rank(tensor);
  for (int32_t i = 0; i < rank; ++i)
    header += std::to_string(dims[i]) + (rank == 1 || i + 1 < rank ? ", " : "");
  if (rank == 1)
    header.pop_back();
  header += "), }";
  // Pad with spaces to a multiple of 64 bytes, newline last (format 1.0).
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string prefix = "\x93NUMPY\x01";
  prefix += '\0';
  prefix += static_cast<char>(header.size() & 0xff);
  prefix += static_cast<char>(header.size() >> 8);
  writeWholeFile(path, [&](std::ostream &file) {
    file << prefix << header;
    file.write(static_cast<const char *>(onnxc_tensor_const_data(tensor)),
               onnxc_tensor_size_bytes(tensor));
  });
}

bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
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

} // namespace

int main(int argc, char **argv) {
  std::string modelPath, outputDir, entry, outputFormat = "pb";
  std::vector<std::string> inputSpecs;
  int64_t repeat = 0, warmup = 0, threads = 0;
  bool print = false, signature = false;
  GuardPages guardPages = GuardPages::None;

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
      usage();
      return 0;
    }
    if (auto v = value("--input"))
      inputSpecs.push_back(*v);
    else if (auto v = value("--output-dir"))
      outputDir = *v;
    else if (auto v = value("--output-format")) {
      outputFormat = *v;
      if (outputFormat != "pb" && outputFormat != "npy")
        die("--output-format must be pb or npy, not '" + outputFormat + "'");
    } else if (auto v = value("--repeat"))
      repeat = parseCount("--repeat", *v);
    else if (auto v = value("--warmup"))
      warmup = parseCount("--warmup", *v);
    else if (auto v = value("--threads")) {
      threads = parseCount("--threads", *v);
      if (threads == 0)
        die("--threads needs a positive number, not '" + *v + "'");
    } else if (auto v = value("--entry"))
      entry = *v;
    else if (auto v = value("--guard-pages")) {
      if (*v == "after")
        guardPages = GuardPages::After;
      else if (*v == "before")
        guardPages = GuardPages::Before;
      else
        die("--guard-pages must be after or before, not '" + *v + "'");
    } else if (arg == "--print")
      print = true;
    else if (arg == "--signature")
      signature = true;
    else if (arg.rfind("-", 0) == 0)
      die("unknown option '" + arg + "' (see --help)");
    else if (modelPath.empty())
      modelPath = arg;
    else
      die("more than one model given: '" + modelPath + "' and '" + arg + "'");
  }
  if (modelPath.empty()) {
    usage();
    return 1;
  }
  if (warmup > 0 && repeat == 0)
    die("--warmup runs before the timed runs of --repeat, which is missing");

  onnxc_model *rawModel = nullptr;
  check(onnxc_model_load(modelPath.c_str(),
                         entry.empty() ? nullptr : entry.c_str(), &rawModel),
        "cannot load the model");
  std::unique_ptr<onnxc_model, void (*)(onnxc_model *)> model(
      rawModel, onnxc_model_destroy);
  if (signature) {
    printf("%s\n", onnxc_model_signature(model.get()));
    return 0;
  }
  if (threads)
    check(onnxc_model_set_num_threads(
              model.get(),
              static_cast<int32_t>(std::min<int64_t>(threads, INT32_MAX))),
          "cannot use --threads");

  // Inputs, by position or by name.
  size_t numInputs = onnxc_model_num_inputs(model.get());
  std::vector<Tensor> inputs(numInputs);
  size_t next = 0;
  for (const std::string &spec : inputSpecs) {
    std::string path = spec;
    size_t index = numInputs;
    size_t eq = spec.find('=');
    if (eq != std::string::npos) {
      std::string name = spec.substr(0, eq);
      path = spec.substr(eq + 1);
      for (size_t i = 0; i < numInputs; ++i)
        if (name == onnxc_model_input(model.get(), i)->name)
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
    if (inputs[index])
      die("input '" + std::string(onnxc_model_input(model.get(), index)->name) +
          "' given twice");
    inputs[index] =
        endsWith(path, ".npy")
            ? readNpy(path,
                      static_cast<onnxc_element_type>(
                          onnxc_model_input(model.get(), index)->elem_type))
            : readTensorProto(path);
  }
  for (size_t i = 0; i < numInputs; ++i)
    if (!inputs[i])
      die("missing input '" +
          std::string(onnxc_model_input(model.get(), i)->name) + "'");
  // String tensors stay as they are: a wrapped tensor would borrow strings
  // that the tensor it replaces owns.
  std::vector<std::unique_ptr<GuardedMemory>> guarded;
  auto isGuarded = [&](const onnxc_tensor *t) {
    return guardPages != GuardPages::None &&
           onnxc_tensor_element_type(t) != ONNXC_STRING;
  };
  for (Tensor &t : inputs)
    if (isGuarded(t.get()))
      t = createGuarded(t.get(), /*copy=*/true, guardPages, guarded);
  std::vector<const onnxc_tensor *> inputPtrs;
  for (const Tensor &t : inputs)
    inputPtrs.push_back(t.get());
  if (print)
    for (size_t i = 0; i < numInputs; ++i)
      printTensor("input", onnxc_model_input(model.get(), i)->name,
                  inputs[i].get());

  // The first run allocates the outputs; later runs reuse them.
  size_t numOutputs = onnxc_model_num_outputs(model.get());
  std::vector<onnxc_tensor *> outputPtrs(numOutputs, nullptr);
  onnxc_status status = onnxc_model_run(
      model.get(), inputPtrs.data(), numInputs, outputPtrs.data(), numOutputs);
  // Say whose fault it was: the inputs', or the machine's.
  check(status, status == ONNXC_ERROR_INVALID_ARGUMENT
                    ? "the model rejected its inputs"
                    : "the run failed");
  std::vector<Tensor> outputs;
  for (onnxc_tensor *t : outputPtrs)
    outputs.emplace_back(t);
  // The first run gave the outputs' shapes; run again into guarded ones.
  // The runtime's outputs are 64-byte aligned and guarded ones need not be,
  // so the two runs may take different versions of a kernel (streaming
  // stores): they must write the same bytes.
  if (std::any_of(outputs.begin(), outputs.end(),
                  [&](const Tensor &t) { return isGuarded(t.get()); })) {
    std::vector<Tensor> firstRun(numOutputs);
    for (size_t i = 0; i < numOutputs; ++i) {
      if (!isGuarded(outputs[i].get()))
        continue;
      firstRun[i] = std::move(outputs[i]);
      outputs[i] =
          createGuarded(firstRun[i].get(), /*copy=*/false, guardPages, guarded);
      outputPtrs[i] = outputs[i].get();
    }
    check(onnxc_model_run(model.get(), inputPtrs.data(), numInputs,
                          outputPtrs.data(), numOutputs),
          "run failed");
    for (size_t i = 0; i < numOutputs; ++i)
      if (firstRun[i] && onnxc_tensor_size_bytes(outputs[i].get()) > 0 &&
          memcmp(onnxc_tensor_const_data(firstRun[i].get()),
                 onnxc_tensor_const_data(outputs[i].get()),
                 onnxc_tensor_size_bytes(outputs[i].get())) != 0)
        die("output '" + std::string(onnxc_model_output(model.get(), i)->name) +
            "' differs between the run into the runtime's tensors and the "
            "run into guarded ones");
  }

  if (repeat > 0) {
    for (int64_t i = 0; i < warmup; ++i)
      check(onnxc_model_run(model.get(), inputPtrs.data(), numInputs,
                            outputPtrs.data(), numOutputs),
            "run failed");
    std::vector<double> times;
    for (int64_t i = 0; i < repeat; ++i) {
      auto start = std::chrono::steady_clock::now();
      check(onnxc_model_run(model.get(), inputPtrs.data(), numInputs,
                            outputPtrs.data(), numOutputs),
            "run failed");
      auto end = std::chrono::steady_clock::now();
      times.push_back(
          std::chrono::duration<double, std::milli>(end - start).count());
    }
    std::sort(times.begin(), times.end());
    printf("latency over %" PRId64 " runs (threads: %d): min %.4f ms, "
           "median %.4f ms, max %.4f ms\n",
           repeat, onnxc_model_num_threads(model.get()), times.front(),
           times[times.size() / 2], times.back());
  }

  if (print)
    for (size_t i = 0; i < numOutputs; ++i)
      printTensor("output", onnxc_model_output(model.get(), i)->name,
                  outputs[i].get());
  if (!outputDir.empty()) {
    mkdir(outputDir.c_str(), 0777);
    for (size_t i = 0; i < numOutputs; ++i) {
      std::string path =
          outputDir + "/output_" + std::to_string(i) + "." + outputFormat;
      if (outputFormat == "npy")
        writeNpy(path, outputs[i].get());
      else
        writeTensorProto(path, onnxc_model_output(model.get(), i)->name,
                         outputs[i].get());
    }
  }
  return 0;
}
