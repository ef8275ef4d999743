//===- GuardedTensors.h - Tensors against inaccessible pages ----*- C++ -*-===//
//
// onnx-run --guard-pages: each input and output placed against an
// inaccessible page, so that a kernel reading or writing past that edge of
// a tensor faults instead of touching a neighbour's bytes unnoticed.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_TOOLS_ONNX_RUN_GUARDEDTENSORS_H
#define ONNXC_TOOLS_ONNX_RUN_GUARDEDTENSORS_H

#include "Support.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace onnxrun {

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
  GuardedMemory(size_t bytes, GuardPages where);
  GuardedMemory(const GuardedMemory &) = delete;
  GuardedMemory &operator=(const GuardedMemory &) = delete;
  ~GuardedMemory();

  char *data = nullptr;

private:
  char *mapping = nullptr;
  size_t length = 0;
};

/// A tensor of `like`'s type and shape in guarded memory that `memory`
/// keeps, holding a copy of `like`'s bytes or zeros.
Tensor createGuarded(const onnxc_tensor *like, bool copy, GuardPages where,
                     std::vector<std::unique_ptr<GuardedMemory>> &memory);

} // namespace onnxrun

#endif // ONNXC_TOOLS_ONNX_RUN_GUARDEDTENSORS_H
