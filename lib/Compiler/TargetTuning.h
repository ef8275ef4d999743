//===- TargetTuning.h - What the code generator asks of a target -*- C++
//-*-===//
//
// Internal to the Compiler library: the facts about the target machine and
// the host that tune code generation by default (vector width, when stores
// stream, how many pages a stream spans). A new target or host kind
// answers here; docs/design.md, "Adding a target".
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_LIB_COMPILER_TARGETTUNING_H
#define ONNXC_LIB_COMPILER_TARGETTUNING_H

#include <cstdint>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace onnxc::compiler {

/// SIMD register width the target machine offers.
unsigned getTargetVectorBits(const llvm::TargetMachine &tm);

/// Bytes read and written per thread from which kernels write with
/// streaming stores by default, from the host's caches.
int64_t getDefaultStreamingThreshold();

/// Pages a flattened elementwise loop streams at once on `tm`'s CPU (null:
/// none known).
int64_t getStreamingPageStreams(const llvm::TargetMachine *tm);

} // namespace onnxc::compiler

#endif // ONNXC_LIB_COMPILER_TARGETTUNING_H
