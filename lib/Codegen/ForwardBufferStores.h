//===- ForwardBufferStores.h - Loads of a vector just stored ----*- C++ -*-===//
//
// Internal to the Codegen library, for onnx-specialize-gathers: a load of a
// stack buffer that reads lanes of the vector last stored to it becomes a
// shuffle of that vector.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_LIB_CODEGEN_FORWARDBUFFERSTORES_H
#define ONNXC_LIB_CODEGEN_FORWARDBUFFERSTORES_H

#include "mlir/IR/PatternMatch.h"

namespace onnxc::codegen {

/// vector.load and vector.maskedload of a memref.alloc or memref.alloca at
/// constant indices whose lanes (those the mask reads) the last store to
/// the buffer in the block wrote, with nothing between that may write it,
/// become a vector.shuffle of the stored vector (and of the pass-through
/// vector).
void populateForwardBufferStoresPatterns(mlir::RewritePatternSet &patterns);

} // namespace onnxc::codegen

#endif // ONNXC_LIB_CODEGEN_FORWARDBUFFERSTORES_H
