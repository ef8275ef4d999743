//===- Runtime.cpp - Run compiled onnxc models ----------------------------===//
//
// Implements onnxc_runtime.h on top of the ABI of onnxc_model_abi.h. Every
// input is checked against the model's signature before the model's own
// checks (its shape function) run, and the kernel runs only when both pass:
// the compiled code can then trust every shape it sees.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Runtime/onnxc_runtime.h"

#include "ThreadPool.h"

#include <dlfcn.h>
#include <pthread.h>
#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <sys/auxv.h>
#endif
#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

namespace {

/// The calling thread's last error, in a buffer of its own: reporting an
/// error, out of memory included, allocates nothing.
thread_local char lastError[1024];

onnxc_status fail(onnxc_status status, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

onnxc_status fail(onnxc_status status, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(lastError, sizeof(lastError), format, args);
  va_end(args);
  return status;
}

/// "float32[1, 8]": a tensor's element type and shape, for messages.
static std::string describeTensorType(onnxc_element_type type, int32_t rank,
                                      const int64_t *dims) {
  const char *name = onnxc_element_type_name(type);
  std::string text = name ? name : "?";
  text += "[";
  for (int32_t i = 0; i < rank; ++i)
    text += (i ? ", " : "") + std::to_string(dims[i]);
  return text + "]";
}

/// Runs the body of a C API function: no C++ exception crosses the C API.
/// The runtime's bookkeeping (tensor vectors, scratch buffers, worker
/// threads) throws when memory or threads run out; that is an error
/// status, like any other.
template <typename Body> onnxc_status withoutExceptions(Body &&body) {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception &e) {
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "out of resources: %s", e.what());
  }
}

struct ElementInfo {
  int32_t code;
  const char *name;
  size_t size;
};

const ElementInfo *getElementInfo(int32_t type) {
  static const ElementInfo infos[] = {
#define ONNXC_ELEMENT_INFO(enumerator, code, name, bytes) {code, name, bytes},
      ONNXC_ELEMENT_TYPES(ONNXC_ELEMENT_INFO)
#undef ONNXC_ELEMENT_INFO
  };
  for (const ElementInfo &info : infos)
    if (info.code == type)
      return &info;
  return nullptr;
}

/// Product of `dims` times `elementSize`, or false on overflow/negative dims.
bool computeSize(int32_t rank, const int64_t *dims, size_t elementSize,
                 int64_t &numElements, size_t &bytes) {
  numElements = 1;
  for (int32_t i = 0; i < rank; ++i) {
    if (dims[i] < 0)
      return false;
    if (__builtin_mul_overflow(numElements, dims[i], &numElements))
      return false;
  }
  return !__builtin_mul_overflow(static_cast<size_t>(numElements), elementSize,
                                 &bytes) &&
         bytes <= ONNXC_MAX_TENSOR_BYTES;
}

/// Memory for owned tensors: 64-byte aligned; large buffers on 2 MiB
/// boundaries with transparent huge pages, which cost far fewer page faults
/// on first touch.
void *allocateData(size_t bytes) {
  constexpr size_t kHuge = size_t(2) << 20;
  size_t alignment = bytes >= kHuge ? kHuge : 64;
  void *data = nullptr;
  if (posix_memalign(&data, alignment, bytes ? bytes : 1) != 0)
    return nullptr;
  if (bytes >= kHuge)
    madvise(data, bytes, MADV_HUGEPAGE);
  return data;
}

} // namespace

struct onnxc_tensor {
  onnxc_element_type type;
  std::vector<int64_t> dims;
  int64_t numElements = 0;
  size_t bytes = 0;
  void *data = nullptr;
  bool owned = false;
  /// Owned string storage, one allocation per element (string tensors).
  std::vector<std::unique_ptr<char[]>> strings;

  ~onnxc_tensor() {
    if (owned)
      free(data);
  }
};

struct onnxc_model {
  const onnxc_model_info *info = nullptr;
  void *library = nullptr;
  size_t numDims = 0; // Sum of the output ranks.
  std::atomic<int32_t> numThreads{onnxc::runtime::getDefaultNumThreads()};

  ~onnxc_model() {
    if (library)
      dlclose(library);
  }
};

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

extern "C" {

const char *onnxc_last_error(void) { return lastError; }

size_t onnxc_element_size(onnxc_element_type type) {
  const ElementInfo *info = getElementInfo(type);
  return info ? info->size : 0;
}

const char *onnxc_element_type_name(onnxc_element_type type) {
  const ElementInfo *info = getElementInfo(type);
  return info ? info->name : nullptr;
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

static onnxc_status makeTensor(onnxc_element_type type, int32_t rank,
                               const int64_t *dims,
                               std::unique_ptr<onnxc_tensor> &tensor) {
  const ElementInfo *info = getElementInfo(type);
  if (!info)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "unknown element type %d",
                static_cast<int>(type));
  if (rank < 0 || (rank > 0 && !dims))
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "invalid rank %d or dims",
                static_cast<int>(rank));
  tensor = std::make_unique<onnxc_tensor>();
  tensor->type = type;
  tensor->dims.assign(dims, dims + rank);
  if (!computeSize(rank, dims, info->size, tensor->numElements, tensor->bytes))
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "invalid tensor shape: a negative dimension or too many "
                "elements");
  return ONNXC_OK;
}

/// An owned tensor whose data is left uninitialized: for outputs, which the
/// kernel writes in full.
static onnxc_status createUninitialized(onnxc_element_type type, int32_t rank,
                                        const int64_t *dims,
                                        std::unique_ptr<onnxc_tensor> &tensor) {
  if (onnxc_status status = makeTensor(type, rank, dims, tensor))
    return status;
  tensor->data = allocateData(tensor->bytes);
  if (!tensor->data)
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "cannot allocate %zu bytes",
                tensor->bytes);
  tensor->owned = true;
  return ONNXC_OK;
}

static onnxc_status tensorCreateImpl(onnxc_element_type type, int32_t rank,
                                     const int64_t *dims,
                                     onnxc_tensor **result) {
  if (!result)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "tensor pointer is NULL");
  *result = nullptr;
  std::unique_ptr<onnxc_tensor> tensor;
  if (onnxc_status status = createUninitialized(type, rank, dims, tensor))
    return status;
  if (type == ONNXC_STRING) {
    // Every element starts as "", so that the tensor is always valid.
    static const char empty[] = "";
    auto **elements = static_cast<const char **>(tensor->data);
    for (int64_t i = 0; i < tensor->numElements; ++i)
      elements[i] = empty;
  } else {
    memset(tensor->data, 0, tensor->bytes);
  }
  *result = tensor.release();
  return ONNXC_OK;
}

static onnxc_status tensorWrapImpl(onnxc_element_type type, int32_t rank,
                                   const int64_t *dims, void *data,
                                   size_t sizeBytes, onnxc_tensor **result) {
  if (!result)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "tensor pointer is NULL");
  *result = nullptr;
  std::unique_ptr<onnxc_tensor> tensor;
  if (onnxc_status status = makeTensor(type, rank, dims, tensor))
    return status;
  if (sizeBytes != tensor->bytes)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "the data holds %zu bytes, the shape needs %zu", sizeBytes,
                tensor->bytes);
  if (!data && tensor->bytes != 0)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "the data pointer is NULL");
  tensor->data = data;
  *result = tensor.release();
  return ONNXC_OK;
}

void onnxc_tensor_destroy(onnxc_tensor *tensor) { delete tensor; }

onnxc_element_type onnxc_tensor_element_type(const onnxc_tensor *tensor) {
  return tensor ? tensor->type : onnxc_element_type(0);
}
int32_t onnxc_tensor_rank(const onnxc_tensor *tensor) {
  return tensor ? static_cast<int32_t>(tensor->dims.size()) : 0;
}
const int64_t *onnxc_tensor_dims(const onnxc_tensor *tensor) {
  return tensor ? tensor->dims.data() : nullptr;
}
int64_t onnxc_tensor_num_elements(const onnxc_tensor *tensor) {
  return tensor ? tensor->numElements : 0;
}
size_t onnxc_tensor_size_bytes(const onnxc_tensor *tensor) {
  return tensor ? tensor->bytes : 0;
}
void *onnxc_tensor_data(onnxc_tensor *tensor) {
  return tensor ? tensor->data : nullptr;
}
const void *onnxc_tensor_const_data(const onnxc_tensor *tensor) {
  return tensor ? tensor->data : nullptr;
}

static onnxc_status tensorSetStringImpl(onnxc_tensor *tensor, int64_t index,
                                        const char *value) {
  if (!tensor || tensor->type != ONNXC_STRING || !tensor->owned)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "onnxc_tensor_set_string needs a string tensor the runtime "
                "owns");
  if (index < 0 || index >= tensor->numElements || !value)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT,
                "string index %lld out of range or NULL value",
                static_cast<long long>(index));
  if (tensor->strings.empty())
    tensor->strings.resize(tensor->numElements);
  size_t length = strlen(value);
  std::unique_ptr<char[]> copy(new (std::nothrow) char[length + 1]);
  if (!copy)
    return fail(ONNXC_ERROR_OUT_OF_MEMORY, "cannot copy a string");
  memcpy(copy.get(), value, length + 1);
  static_cast<const char **>(tensor->data)[index] = copy.get();
  tensor->strings[index] = std::move(copy);
  return ONNXC_OK;
}

//===----------------------------------------------------------------------===//
// Models
//===----------------------------------------------------------------------===//

/// The names NAME for which the ELF shared object open as `fd` (a regular
/// file of `fileSize` bytes) exports both NAME_model and NAME_signature.
/// Reads the ELF header, the section headers and the dynamic symbol tables
/// alone, each checked to lie in the file first.
static std::vector<std::string> findEntries(int fd, uint64_t fileSize) {
  std::vector<std::string> entries;
  auto inBounds = [&](uint64_t offset, uint64_t size) {
    return offset <= fileSize && size <= fileSize - offset;
  };
  auto readAt = [&](uint64_t offset, void *buffer, uint64_t size) {
    if (!inBounds(offset, size))
      return false;
    char *out = static_cast<char *>(buffer);
    while (size > 0) {
      ssize_t n = pread(fd, out, size, static_cast<off_t>(offset));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return false;
      out += n;
      offset += n;
      size -= n;
    }
    return true;
  };
  Elf64_Ehdr header;
  if (!readAt(0, &header, sizeof(header)) ||
      memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_shentsize != sizeof(Elf64_Shdr))
    return entries;
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  if (!readAt(header.e_shoff, sections.data(),
              uint64_t(header.e_shnum) * sizeof(Elf64_Shdr)))
    return entries;
  // A model's dynamic symbols take kilobytes; a table beyond this is not a
  // model's.
  constexpr uint64_t kMaxTableBytes = 16 << 20;
  // Defined function symbols only: a NAME_model that is data is not a
  // model's entry point.
  std::vector<std::string> names;
  for (const Elf64_Shdr &symbols : sections) {
    if (symbols.sh_type != SHT_DYNSYM || symbols.sh_link >= header.e_shnum ||
        symbols.sh_entsize != sizeof(Elf64_Sym) ||
        symbols.sh_size > kMaxTableBytes)
      continue;
    const Elf64_Shdr &strings = sections[symbols.sh_link];
    if (strings.sh_size > kMaxTableBytes)
      continue;
    std::vector<Elf64_Sym> table(symbols.sh_size / sizeof(Elf64_Sym));
    std::vector<char> text(strings.sh_size);
    if (!readAt(symbols.sh_offset, table.data(),
                table.size() * sizeof(Elf64_Sym)) ||
        !readAt(strings.sh_offset, text.data(), text.size()))
      continue;
    for (const Elf64_Sym &symbol : table) {
      if (symbol.st_shndx == SHN_UNDEF || symbol.st_name >= text.size() ||
          ELF64_ST_TYPE(symbol.st_info) != STT_FUNC)
        continue;
      const char *start = text.data() + symbol.st_name;
      size_t max = text.size() - symbol.st_name;
      names.emplace_back(start, strnlen(start, max));
    }
  }
  const std::string modelSuffix = ONNXC_MODEL_SYMBOL_SUFFIX,
                    signatureSuffix = ONNXC_SIGNATURE_SYMBOL_SUFFIX;
  for (const std::string &name : names) {
    if (name.size() <= modelSuffix.size() ||
        name.compare(name.size() - modelSuffix.size(), modelSuffix.size(),
                     modelSuffix) != 0)
      continue;
    std::string entry = name.substr(0, name.size() - modelSuffix.size());
    for (const std::string &other : names)
      if (other == entry + signatureSuffix)
        entries.push_back(entry);
  }
  return entries;
}

//===----------------------------------------------------------------------===//
// The CPU a model needs
//===----------------------------------------------------------------------===//

#if defined(__x86_64__)
static const char kHostArch[] = "x86_64";
static const uint16_t kHostMachine = EM_X86_64;

/// Whether this CPU and OS support `feature` of CPUFeatures.def; nullopt when
/// the table does not know it.
static std::optional<bool> hostHasFeature(const char *feature) {
  auto xcr0 = []() -> uint64_t {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 27)))
      return 0; // No OSXSAVE: only the SSE state is usable.
    uint32_t low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return (uint64_t(high) << 32) | low;
  };
  auto has = [&](unsigned leaf, unsigned subleaf, int reg, int bit,
                 uint64_t state) {
    unsigned regs[4];
    if (!__get_cpuid_count(leaf, subleaf, &regs[0], &regs[1], &regs[2],
                           &regs[3]))
      return false;
    return (regs[reg] >> bit & 1) && (xcr0() & state) == state;
  };
#define ONNXC_X86_FEATURE(name, leaf, subleaf, reg, bit, state)                \
  if (strcmp(feature, name) == 0)                                              \
    return has(leaf, subleaf, reg, bit, state);
#include "onnxc/Runtime/CPUFeatures.def"
  return std::nullopt;
}
#elif defined(__aarch64__)
static const char kHostArch[] = "aarch64";
static const uint16_t kHostMachine = EM_AARCH64;

static std::optional<bool> hostHasFeature(const char *feature) {
#define ONNXC_AARCH64_FEATURE(name, hwcap, bit)                                \
  if (strcmp(feature, name) == 0)                                              \
    return (getauxval(hwcap == 1 ? AT_HWCAP : AT_HWCAP2) >> bit & 1) != 0;
#include "onnxc/Runtime/CPUFeatures.def"
  return std::nullopt;
}
#else
static const char kHostArch[] = "";
static const uint16_t kHostMachine = EM_NONE;

static std::optional<bool> hostHasFeature(const char *) { return std::nullopt; }
#endif

/// The ELF machine of the file open as `fd`; EM_NONE when unreadable.
static uint16_t getELFMachine(int fd) {
  Elf64_Ehdr header;
  if (pread(fd, &header, sizeof(header), 0) != sizeof(header) ||
      memcmp(header.e_ident, ELFMAG, SELFMAG) != 0)
    return EM_NONE;
  return header.e_machine;
}

/// Refuses a model compiled for another architecture or for CPU features
/// this CPU lacks (its code would die of an illegal instruction).
static onnxc_status checkTarget(const onnxc_model_info &info,
                                const char *what) {
  const char *triple = info.target_triple;
  size_t archLength = strcspn(triple, "-");
  if (kHostArch[0] && (archLength != strlen(kHostArch) ||
                       strncmp(triple, kHostArch, archLength) != 0))
    return fail(ONNXC_ERROR_LOAD,
                "%s: compiled for %s, but this is an %s machine", what, triple,
                kHostArch);
  std::string missing;
  for (uint32_t i = 0; i < info.num_cpu_features; ++i) {
    const char *feature = info.cpu_features[i];
    if (hostHasFeature(feature).value_or(false))
      continue;
    if (!missing.empty())
      missing += ", ";
    missing += feature;
  }
  if (!missing.empty())
    return fail(ONNXC_ERROR_LOAD,
                "%s: compiled for %s (CPU '%s') with CPU features this CPU "
                "lacks: %s",
                what, triple, info.target_cpu, missing.c_str());
  return ONNXC_OK;
}

static onnxc_status checkInfo(const onnxc_model_info *info, const char *what) {
  if (!info)
    return fail(ONNXC_ERROR_LOAD, "%s: no model information", what);
  if (info->abi_version != ONNXC_MODEL_ABI_VERSION)
    return fail(ONNXC_ERROR_LOAD,
                "%s: model ABI version %u, this runtime supports %d", what,
                info->abi_version, ONNXC_MODEL_ABI_VERSION);
  if (!info->shapes || !info->run || !info->signature_json ||
      !info->target_triple || !info->target_cpu)
    return fail(ONNXC_ERROR_LOAD, "%s: incomplete model information", what);
  // The counts and descriptions the runtime will index with.
  constexpr uint32_t kMaxValues = 1 << 16;
  constexpr int32_t kMaxRank = 64;
  if (info->num_inputs > kMaxValues || info->num_outputs > kMaxValues ||
      info->num_checks > kMaxValues || (info->num_inputs && !info->inputs) ||
      (info->num_outputs && !info->outputs) ||
      (info->num_checks && !info->check_messages) ||
      info->num_cpu_features > kMaxValues ||
      (info->num_cpu_features && !info->cpu_features))
    return fail(ONNXC_ERROR_LOAD, "%s: malformed model information", what);
  for (uint32_t i = 0; i < info->num_cpu_features; ++i)
    if (!info->cpu_features[i])
      return fail(ONNXC_ERROR_LOAD, "%s: malformed model information", what);
  for (int side = 0; side < 2; ++side) {
    const onnxc_model_io *ios = side ? info->outputs : info->inputs;
    uint32_t count = side ? info->num_outputs : info->num_inputs;
    for (uint32_t i = 0; i < count; ++i) {
      const onnxc_model_io &io = ios[i];
      if (!io.name || io.rank < 0 || io.rank > kMaxRank ||
          (io.rank && !io.dims) || !getElementInfo(io.elem_type))
        return fail(ONNXC_ERROR_LOAD, "%s: malformed %s %u", what,
                    side ? "output" : "input", i);
    }
  }
  return checkTarget(*info, what);
}

static onnxc_status makeModel(const onnxc_model_info *info, void *library,
                              onnxc_model **result) {
  auto model = std::make_unique<onnxc_model>();
  model->info = info;
  model->library = library;
  for (uint32_t i = 0; i < info->num_outputs; ++i)
    model->numDims += info->outputs[i].rank;
  *result = model.release();
  return ONNXC_OK;
}

static onnxc_status modelFromInfoImpl(const onnxc_model_info *info,
                                      onnxc_model **result) {
  if (!result)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "model pointer is NULL");
  *result = nullptr;
  if (onnxc_status status = checkInfo(info, "linked model"))
    return status;
  return makeModel(info, nullptr, result);
}

static onnxc_status modelLoadImpl(const char *path, const char *entry,
                                  onnxc_model **result) {
  if (!result || !path)
    return fail(ONNXC_ERROR_INVALID_ARGUMENT, "path or model pointer is NULL");
  *result = nullptr;
  // Every library is checked the same way before dlopen runs any of its
  // code: an ELF file exporting NAME_model and NAME_signature functions.
  // (Loading it still runs its initializers: only load trusted libraries.)
  // A file that cannot be read is not "not a model": say why. Opening
  // does not wait for a FIFO's writer, and only regular files are read.
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return fail(ONNXC_ERROR_LOAD, "%s: %s", path, strerror(errno));
  struct stat status;
  if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    close(fd);
    return fail(ONNXC_ERROR_LOAD, "%s: not a regular file", path);
  }
  std::vector<std::string> entries = findEntries(fd, status.st_size);
  uint16_t machine = getELFMachine(fd);
  close(fd);
  if (entries.empty())
    return fail(ONNXC_ERROR_LOAD,
                "%s: not an onnxc model library (no NAME_model and "
                "NAME_signature functions)",
                path);
  std::string name;
  if (entry) {
    name = entry;
    if (std::find(entries.begin(), entries.end(), name) == entries.end())
      return fail(ONNXC_ERROR_LOAD, "%s exports no model named '%s'", path,
                  entry);
  } else {
    if (entries.size() != 1)
      return fail(ONNXC_ERROR_LOAD,
                  "%s: holds several models; name the one to load", path);
    name = entries.front();
  }
  // A library for another architecture: say so, rather than what dlopen
  // would say.
  if (kHostMachine != EM_NONE && machine != kHostMachine)
    return fail(ONNXC_ERROR_LOAD,
                "%s: compiled for %s, but this is an %s machine", path,
                machine == EM_X86_64    ? "x86_64"
                : machine == EM_AARCH64 ? "aarch64"
                                        : "another architecture",
                kHostArch);
  // A relative path without '/' would make dlopen search the library path.
  std::string file = strchr(path, '/') ? path : std::string("./") + path;
  void *library = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library)
    return fail(ONNXC_ERROR_LOAD, "cannot load %s: %s", path, dlerror());
  using Getter = const onnxc_model_info *(*)();
  auto getter = reinterpret_cast<Getter>(
      dlsym(library, (name + ONNXC_MODEL_SYMBOL_SUFFIX).c_str()));
  if (!getter) {
    dlclose(library);
    return fail(ONNXC_ERROR_LOAD, "%s exports no model named '%s'", path,
                name.c_str());
  }
  const onnxc_model_info *info = getter();
  // The information must lie in the library itself, not anywhere the
  // entry point happens to point.
  Dl_info getterObject, infoObject;
  if (info && (!dladdr(reinterpret_cast<void *>(getter), &getterObject) ||
               !dladdr(info, &infoObject) ||
               getterObject.dli_fbase != infoObject.dli_fbase)) {
    dlclose(library);
    return fail(ONNXC_ERROR_LOAD,
                "%s: the model information of '%s' lies "
                "outside the library",
                path, name.c_str());
  }
  if (onnxc_status status = checkInfo(info, path)) {
    dlclose(library);
    return status;
  }
  return makeModel(info, library, result);
}

void onnxc_model_destroy(onnxc_model *model) { delete model; }

const char *onnxc_model_signature(const onnxc_model *model) {
  return model ? model->info->signature_json : nullptr;
}
size_t onnxc_model_num_inputs(const onnxc_model *model) {
  return model ? model->info->num_inputs : 0;
}
size_t onnxc_model_num_outputs(const onnxc_model *model) {
  return model ? model->info->num_outputs : 0;
}
const onnxc_model_io *onnxc_model_input(const onnxc_model *model, size_t i) {
  return model && i < model->info->num_inputs ? &model->info->inputs[i]
                                              : nullptr;
}
const onnxc_model_io *onnxc_model_output(const onnxc_model *model, size_t i) {
  return model && i < model->info->num_outputs ? &model->info->outputs[i]
                                               : nullptr;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

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

} // extern "C"

//===----------------------------------------------------------------------===//
// The C API's fallible entry points
//===----------------------------------------------------------------------===//

onnxc_status onnxc_tensor_create(onnxc_element_type type, int32_t rank,
                                 const int64_t *dims, onnxc_tensor **result) {
  return withoutExceptions(
      [&] { return tensorCreateImpl(type, rank, dims, result); });
}

onnxc_status onnxc_tensor_wrap(onnxc_element_type type, int32_t rank,
                               const int64_t *dims, void *data,
                               size_t sizeBytes, onnxc_tensor **result) {
  return withoutExceptions([&] {
    return tensorWrapImpl(type, rank, dims, data, sizeBytes, result);
  });
}

onnxc_status onnxc_tensor_set_string(onnxc_tensor *tensor, int64_t index,
                                     const char *value) {
  return withoutExceptions(
      [&] { return tensorSetStringImpl(tensor, index, value); });
}

onnxc_status onnxc_model_from_info(const onnxc_model_info *info,
                                   onnxc_model **result) {
  return withoutExceptions([&] { return modelFromInfoImpl(info, result); });
}

onnxc_status onnxc_model_load(const char *path, const char *entry,
                              onnxc_model **result) {
  return withoutExceptions([&] { return modelLoadImpl(path, entry, result); });
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
