//===- TensorFiles.cpp - Tensors in files: .pb, .npy, text ----------------===//

#include "TensorFiles.h"

// Built for other targets (to run models under emulation) onnx-run reads and
// writes .npy only: ONNX's protobuf classes exist for the host alone.
#ifndef ONNXC_RUN_NPY_ONLY
#include "onnxc/Support/TensorData.h"

#include <onnx/onnx_pb.h>
#endif

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace onnxrun;
#ifndef ONNXC_RUN_NPY_ONLY
namespace pb = ::onnx;
#endif

namespace {

/// The bytes of the file at `path`: a regular file whole; a pipe, a FIFO
/// (waiting for its writer) or a character device (`<(command)`,
/// /dev/stdin) read to its end, but never
/// beyond `limit` bytes, so that an endless one (/dev/zero) is an error
/// rather than a run out of memory. Anything else (a directory, a block
/// device) is refused.
std::string readFileBytes(const std::string &path, uint64_t limit) {
  // A FIFO is opened blocking, until its writer comes, as cat does:
  // opened without, before its writer, it would read as empty. Anything
  // else is opened without blocking (a device's open may block), and read
  // blocking below.
  struct stat named;
  bool fifo = stat(path.c_str(), &named) == 0 && S_ISFIFO(named.st_mode);
  errno = 0;
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | (fifo ? 0 : O_NONBLOCK));
  if (fd < 0)
    die("cannot open '" + path + "'" + reason());
  struct stat status;
  if (fstat(fd, &status) != 0) {
    close(fd);
    die("cannot read '" + path + "'" + reason());
  }
  std::string bytes;
  auto grow = [&](size_t size) {
    try {
      bytes.resize(size);
    } catch (const std::bad_alloc &) {
      close(fd);
      die("'" + path + "' does not fit in memory");
    }
  };
  if (S_ISREG(status.st_mode)) {
    grow(status.st_size);
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
  if (!S_ISFIFO(status.st_mode) && !S_ISCHR(status.st_mode) &&
      !S_ISSOCK(status.st_mode)) {
    close(fd);
    die("'" + path + "' is not a file, a pipe or a character device");
  }
  // Read blocking, as the writer produces.
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  size_t done = 0;
  for (;;) {
    if (done == bytes.size())
      grow(std::max<size_t>(4096,
                            std::min<uint64_t>(2 * bytes.size(), limit + 1)));
    ssize_t n = read(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      close(fd);
      die("cannot read '" + path + "'" + reason());
    }
    if (n == 0)
      break;
    done += n;
    if (done > limit) {
      close(fd);
      die("'" + path + "' holds more than the " + std::to_string(limit) +
          " bytes its input can take");
    }
  }
  close(fd);
  bytes.resize(done);
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

} // namespace

#ifndef ONNXC_RUN_NPY_ONLY
namespace {
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

} // namespace

static Tensor parseTensorProto(const std::string &path,
                               const std::string &bytes) {
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

void onnxrun::writeTensorProto(const std::string &path, const std::string &name,
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
static Tensor parseTensorProto(const std::string &path, const std::string &) {
  die("'" + path + "': this onnx-run reads .npy files only");
}

void onnxrun::writeTensorProto(const std::string &path, const std::string &,
                               const onnxc_tensor *) {
  die("cannot write '" + path + "': this onnx-run writes .npy only");
}
#endif

namespace {

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

/// "<what> <name>: <type>[<dims>]", without a newline.
void printTypeOf(const char *what, const std::string &name,
                 const onnxc_tensor *tensor) {
  printf("%s %s: %s[", what, name.c_str(),
         onnxc_element_type_name(onnxc_tensor_element_type(tensor)));
  const int64_t *dims = onnxc_tensor_dims(tensor);
  for (int32_t i = 0; i < onnxc_tensor_rank(tensor); ++i)
    printf("%s%" PRId64, i ? ", " : "", dims[i]);
  printf("]");
}
} // namespace

void onnxrun::printTensorType(const char *what, const std::string &name,
                              const onnxc_tensor *tensor) {
  printTypeOf(what, name, tensor);
  printf("\n");
}

void onnxrun::printTensor(const char *what, const std::string &name,
                          const onnxc_tensor *tensor) {
  auto type = onnxc_tensor_element_type(tensor);
  printTypeOf(what, name, tensor);
  printf(" = [");
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

namespace {
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

} // namespace

static Tensor parseNpy(const std::string &path, const std::string &bytes,
                       onnxc_element_type type) {
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

Tensor onnxrun::readTensor(const std::string &path, onnxc_element_type type,
                           uint64_t limit) {
  std::string bytes = readFileBytes(path, limit);
  // By content: a pipe's name (/dev/fd/63) says nothing.
  if (bytes.compare(0, 6, "\x93NUMPY") == 0 ||
      (path.size() >= 4 && path.compare(path.size() - 4, 4, ".npy") == 0))
    return parseNpy(path, bytes, type);
  return parseTensorProto(path, bytes);
}

void onnxrun::writeNpy(const std::string &path, const onnxc_tensor *tensor) {
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
