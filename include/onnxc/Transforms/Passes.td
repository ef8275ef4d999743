//===- Passes.td - onnx-to-onnx passes ---------------------*- tablegen -*-===//

#ifndef ONNXC_TRANSFORMS_PASSES_TD
#define ONNXC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ONNXUpgradeOpsPass : Pass<"onnx-upgrade-ops"> {
  let summary = "Rewrite every op version to the newest form of its family";
  let description = [{
    Rewrites ClipV1, ClipV6, ClipV11 and ClipV12 to ClipV13, and UpsampleV1,
    UpsampleV7 and UpsampleV9 to UpsampleV10, without changing what they
    compute:

    - attribute bounds become constant operands of the input's element type
      (ClipV6's float32 defaults stay real bounds, also for f64 and f16);
      ClipV1's absent bounds stay absent;
    - attribute scales become a constant `tensor<Nxf32>` operand, UpsampleV1's
      `height_scale`/`width_scale` becoming `[1, 1, h, w]`;
    - UpsampleV1's `bilinear` mode becomes `linear`.

    After this pass each family has one form (`LatestClipOp`,
    `LatestUpsampleOp`), so the lowering handles one op per family. An op
    that a later registered version supersedes but no pattern upgrades is
    an error.
  }];
  let dependentDialects = ["::onnxc::onnx::ONNXDialect"];
}


def ONNXGenerateShapeFunctionsPass
    : Pass<"onnx-generate-shape-functions", "::mlir::ModuleOp"> {
  let summary = "Derive, for each model function, the function computing its "
                "output shapes and checking its run-time inputs";
  let description = [{
    For every public function `@f` made of onnx ops, adds a public function

    ```mlir
    func.func @f_shapes(<the arguments of @f>) -> (i32, tensor<Kxi64>)
    ```

    that returns the dimensions of all results of `@f`, concatenated in
    result order, then one entry for the bytes of `@f`'s workspace (K is
    the sum of the results' ranks plus one). That last entry is -1 here;
    `onnx-plan-memory` makes it the workspace's size once it plans
    `@f`'s buffers. The status is 0 when the inputs satisfy every rule
    docs/semantics.md leaves to run time, otherwise 1 + the index of the
    first rule broken. The rules are listed in order in the
    function's `onnx.checks` attribute (an array of strings), so a runtime can
    report them by name:

    - Upsample with run-time scales: one scale per input dimension; every
      scale finite and >= 1; an output length that fits; each output length
      equal to the static length the model declares for it.
    - Clip with bounds of dynamic shape: exactly one element per bound.
    - A `tensor.cast` to a more static type (a declared output shape): the
      dimensions it asserts.

    The checks run in program order and guard each other: a check that reads
    a value runs only once the checks that make the read in-bounds passed.
    `@f` gets an `onnx.shape_function` attribute naming `@f_shapes`.
    The runtime calls `@f_shapes` before `@f`, allocates (or checks) the
    output buffers, and runs `@f` only on status 0.

    Must run after `onnx-upgrade-ops`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Code generation passes (linalg on tensors and below)
//===----------------------------------------------------------------------===//

#endif // ONNXC_TRANSFORMS_PASSES_TD
