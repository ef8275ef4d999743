//===- ModelLoad.cpp - Load compiled models -------------------------------===//
//
// A model library is checked before dlopen runs any of its code: a regular
// ELF file exporting NAME_model and NAME_signature functions, for this
// machine. Its model information is then checked before the runtime
// indexes anything with it.
//
//===----------------------------------------------------------------------===//

#include "HostCPU.h"
#include "RuntimeInternal.h"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

using namespace onnxc::runtime;

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
  if (getHostArch()[0] && (archLength != strlen(getHostArch()) ||
                           strncmp(triple, getHostArch(), archLength) != 0))
    return fail(ONNXC_ERROR_LOAD,
                "%s: compiled for %s, but this is an %s machine", what, triple,
                getHostArch());
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
  if (getHostMachine() != EM_NONE && machine != getHostMachine())
    return fail(ONNXC_ERROR_LOAD,
                "%s: compiled for %s, but this is an %s machine", path,
                machine == EM_X86_64    ? "x86_64"
                : machine == EM_AARCH64 ? "aarch64"
                                        : "another architecture",
                getHostArch());
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

onnxc_status onnxc_model_from_info(const onnxc_model_info *info,
                                   onnxc_model **result) {
  return withoutExceptions([&] { return modelFromInfoImpl(info, result); });
}

onnxc_status onnxc_model_load(const char *path, const char *entry,
                              onnxc_model **result) {
  return withoutExceptions([&] { return modelLoadImpl(path, entry, result); });
}
