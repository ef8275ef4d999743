//===- Passes.h - onnxc conversion passes -----------------------*- C++ -*-===//
#ifndef ONNXC_CONVERSION_PASSES_H
#define ONNXC_CONVERSION_PASSES_H

#include "onnxc/Conversion/ONNXToLinalg/ONNXToLinalg.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace complex {
class ComplexDialect;
} // namespace complex
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace math {
class MathDialect;
} // namespace math
namespace tensor {
class TensorDialect;
} // namespace tensor
} // namespace mlir

namespace onnxc {

#define GEN_PASS_DECL
#include "onnxc/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "onnxc/Conversion/Passes.h.inc"

} // namespace onnxc

#endif // ONNXC_CONVERSION_PASSES_H
