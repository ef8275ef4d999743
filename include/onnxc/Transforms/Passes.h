//===- Passes.h - onnx-to-onnx passes ---------------------------*- C++ -*-===//
#ifndef ONNXC_TRANSFORMS_PASSES_H
#define ONNXC_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
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

#define GEN_PASS_REGISTRATION
#include "onnxc/Transforms/Passes.h.inc"

} // namespace onnxc

#endif // ONNXC_TRANSFORMS_PASSES_H
