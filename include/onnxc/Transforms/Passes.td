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

    After this pass each family has one form, so the lowering handles one op
    per family.
  }];
  let dependentDialects = ["::onnxc::onnx::ONNXDialect"];
}

#endif // ONNXC_TRANSFORMS_PASSES_TD
