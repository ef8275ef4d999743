//===- HostCPU.cpp - The machine the runtime runs on ----------------------===//
//
// The architecture from the compiler, the CPU features from CPUID and XCR0
// (x86-64) or the auxiliary vector's hardware capabilities (AArch64).
//
//===----------------------------------------------------------------------===//

#include "HostCPU.h"

#include <elf.h>
#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__)
#include <sys/auxv.h>
#endif

#include <cstring>

#if defined(__x86_64__)
const char *onnxc::runtime::getHostArch() { return "x86_64"; }
uint16_t onnxc::runtime::getHostMachine() { return EM_X86_64; }

std::optional<bool> onnxc::runtime::hostHasFeature(const char *feature) {
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
const char *onnxc::runtime::getHostArch() { return "aarch64"; }
uint16_t onnxc::runtime::getHostMachine() { return EM_AARCH64; }

std::optional<bool> onnxc::runtime::hostHasFeature(const char *feature) {
#define ONNXC_AARCH64_FEATURE(name, hwcap, bit)                                \
  if (strcmp(feature, name) == 0)                                              \
    return (getauxval(hwcap == 1 ? AT_HWCAP : AT_HWCAP2) >> bit & 1) != 0;
#include "onnxc/Runtime/CPUFeatures.def"
  return std::nullopt;
}
#else
const char *onnxc::runtime::getHostArch() { return ""; }
uint16_t onnxc::runtime::getHostMachine() { return EM_NONE; }

std::optional<bool> onnxc::runtime::hostHasFeature(const char *) {
  return std::nullopt;
}
#endif
