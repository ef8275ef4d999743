//===- Passes.h - onnx-to-onnx passes ---------------------------*- C++ -*-===//
#ifndef ONNXC_TRANSFORMS_PASSES_H
#define ONNXC_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace affine {
class AffineDialect;
} // namespace affine
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization
namespace memref {
class MemRefDialect;
} // namespace memref
namespace vector {
class VectorDialect;
} // namespace vector
namespace LLVM {
class LLVMDialect;
} // namespace LLVM
namespace arith {
class ArithDialect;
} // namespace arith
namespace func {
class FuncDialect;
} // namespace func
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor
} // namespace mlir

namespace onnxc {
namespace onnx {
class ONNXDialect;
} // namespace onnx

#define GEN_PASS_DECL
#include "onnxc/Transforms/Passes.h.inc"

/// Patterns rewriting every older onnx op version to the newest form of its
/// family (ClipV13, UpsampleV10).
void populateONNXUpgradeOpsPatterns(mlir::RewritePatternSet &patterns);

/// Patterns moving the uniform (broadcast) part of a vector.gather's index
/// vector into its last base offset; used by onnx-flatten-vectors.
void populateHoistUniformGatherOffsetPatterns(
    mlir::RewritePatternSet &patterns);

/// Patterns turning a vector.gather from memory whose lanes are constants
/// within one vector's span into a (masked) load and a vector.shuffle; used
/// by onnx-flatten-vectors.
void populateGatherToShufflePatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "onnxc/Transforms/Passes.h.inc"

} // namespace onnxc

#endif // ONNXC_TRANSFORMS_PASSES_H
