//===- HostCPU.h - The machine the runtime runs on --------------*- C++ -*-===//
//
// What a model's target must match: the architecture and the CPU features.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_LIB_RUNTIME_HOSTCPU_H
#define ONNXC_LIB_RUNTIME_HOSTCPU_H

#include <cstdint>
#include <optional>

namespace onnxc::runtime {

/// The architecture of target triples this machine runs ("x86_64",
/// "aarch64"); "" when the runtime does not know its own.
const char *getHostArch();

/// The ELF machine (EM_*) of this machine's shared objects; EM_NONE when
/// unknown.
uint16_t getHostMachine();

/// Whether this CPU and OS support `feature` of CPUFeatures.def; nullopt when
/// the table does not know it.
std::optional<bool> hostHasFeature(const char *feature);

} // namespace onnxc::runtime

#endif // ONNXC_LIB_RUNTIME_HOSTCPU_H
