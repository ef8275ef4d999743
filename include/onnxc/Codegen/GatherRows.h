//===- GatherRows.h - Rows onnx-specialize-gathers unrolls ------*- C++ -*-===//
//
// onnx-specialize-gathers unrolls a loop over the vector tiles of a row that
// gathers through constant tables when the row is at most this long, so that
// every tile's gather becomes loads and a shuffle. The Upsample lowering
// reads an axis through its tables only for rows it knows will be unrolled.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_CODEGEN_GATHERROWS_H
#define ONNXC_CODEGEN_GATHERROWS_H

#include <cstdint>

namespace onnxc {

/// Longest row (in elements) whose gathers through constant tables are
/// unrolled into loads and shuffles.
inline constexpr int64_t kMaxUnrolledGatherRowLength = 512;

/// Most vector tiles such an unrolled row may have (bounds code size on
/// narrow vectors).
inline constexpr int64_t kMaxUnrolledGatherTiles = 128;

} // namespace onnxc

#endif // ONNXC_CODEGEN_GATHERROWS_H
