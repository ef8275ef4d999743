//===- GatherRows.h - Rows onnx-specialize-gathers unrolls ------*- C++ -*-===//
//
// onnx-specialize-gathers unrolls a loop over the vector tiles of a row that
// gathers through constant tables when the row is short enough, so that
// every tile's gather becomes loads and a shuffle. The Upsample lowering
// reads an axis through its tables only for rows that will be unrolled on
// any target.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_CODEGEN_GATHERROWS_H
#define ONNXC_CODEGEN_GATHERROWS_H

#include <algorithm>
#include <cstdint>

namespace onnxc {

/// Longest row (in elements) whose gathers through constant tables are
/// unrolled into loads and shuffles.
inline constexpr int64_t kMaxUnrolledGatherRowLength = 512;

/// Most vector tiles such an unrolled row may have (bounds code size on
/// narrow vectors).
inline constexpr int64_t kMaxUnrolledGatherTiles = 128;

/// The longest row of `elementBits`-bit elements that is unrolled even with
/// the narrowest vectors a target has (128 bits: SSE, NEON), where each tile
/// holds the fewest elements.
inline int64_t getMaxUnrolledGatherRowLength(int64_t elementBits) {
  constexpr int64_t kNarrowestVectorBits = 128;
  int64_t lanes = std::max<int64_t>(1, kNarrowestVectorBits /
                                           std::max<int64_t>(8, elementBits));
  return std::min(kMaxUnrolledGatherRowLength, kMaxUnrolledGatherTiles * lanes);
}

} // namespace onnxc

#endif // ONNXC_CODEGEN_GATHERROWS_H
