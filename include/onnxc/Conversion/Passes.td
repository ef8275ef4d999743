//===- Passes.td - onnxc conversion passes -----------------*- tablegen -*-===//

#ifndef ONNXC_CONVERSION_PASSES_TD
#define ONNXC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertONNXToLinalgPass
    : Pass<"convert-onnx-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lower the newest op versions to linalg on tensors";
  let description = [{
    Lowers the newest form of each op family (run `onnx-upgrade-ops` first)
    and `onnx.Constant` to `linalg`, `tensor`, `arith` and `complex` ops on
    tensors, computing exactly docs/semantics.md's formulas:

    - Clip is an elementwise `linalg.generic` over the input flattened to one
      dimension: ordered compare-and-select for floats (NaN and -0.0 kept,
      NaN bounds ignored), signed or unsigned max/min for integers. An absent
      bound is the lowest/highest value of the element type.
    - Upsample `nearest` with constant integer scales is a broadcast into the
      output viewed with one extra dimension per repeated axis; otherwise a
      gather through per-axis index tables (computed at compile time for
      constant scales, once per call for run-time ones).
    - Upsample `linear` reads per-axis index and weight tables and sums the
      2^k corners of the k interpolated axes in float32 (f64 for f64; the
      real and imaginary parts separately for complex).

    Types are converted on the way: unsigned integers become signless and
    `!onnx.string` becomes `i64` (a pointer at run time), in function
    signatures too.
  }];
  let options = [
    Option<"alignCornersByOutputLength", "align-corners-by-output-length",
           "bool", /*default=*/"false",
           "Resize's align_corners divides by the output length - 1 also "
           "when scales are given, as ONNX Runtime and PyTorch do, rather "
           "than by s * n - 1 as the operator does; without it, a constant "
           "s * n that is not an integer gets a warning">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // ONNXC_CONVERSION_PASSES_TD
