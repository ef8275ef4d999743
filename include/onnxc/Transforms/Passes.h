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

/// The rewrites of onnx-specialize-gathers: constant table reads folded,
/// uniform lane offsets moved into the base offset, gathers of nearby
/// constant lanes as a load and a shuffle.
void populateONNXSpecializeGathersPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "onnxc/Transforms/Passes.h.inc"

} // namespace onnxc

#endif // ONNXC_TRANSFORMS_PASSES_H
