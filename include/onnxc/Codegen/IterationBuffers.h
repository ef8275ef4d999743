//===- IterationBuffers.h - Buffers of one loop iteration -------*- C++ -*-===//
//
// The bound shared by the lowerings that count on onnx-fuse-rows and by the
// passes that keep a loop iteration's own buffers (onnx-fuse-rows,
// onnx-stack-buffers).
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_CODEGEN_ITERATIONBUFFERS_H
#define ONNXC_CODEGEN_ITERATIONBUFFERS_H

#include <cstdint>

namespace onnxc {

/// The largest buffer of one loop iteration (the row onnx-fuse-rows gives
/// a producer) that lives on the stack (onnx-stack-buffers): well within a
/// thread's stack, and within the L1 cache it is meant to stay in.
inline constexpr int64_t kMaxIterationBufferBytes = 32 * 1024;

} // namespace onnxc

#endif // ONNXC_CODEGEN_ITERATIONBUFFERS_H
