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
    result order (K is the sum of their ranks), and a status: 0 when the
    inputs satisfy every rule SPEC.md leaves to run time, otherwise 1 + the
    index of the first rule broken. The rules are listed in order in the
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
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Code generation passes (linalg on tensors and below)
//===----------------------------------------------------------------------===//

def ONNXResultsToDestinationsPass
    : Pass<"onnx-results-to-destinations", "::mlir::ModuleOp"> {
  let summary = "Make public functions write their tensor results into "
                "caller-provided buffers";
  let description = [{
    Gives every public function one `memref` argument per tensor result,
    appended after its inputs, and writes each result there with
    `bufferization.materialize_in_destination ... restrict writable`; tensor
    results are dropped from the signature, other results stay. Together
    with `eliminate-empty-tensors` and one-shot bufferization, the kernel
    then computes straight into the caller's buffers: no allocation and no
    copy of the outputs on the hot path.

    The functions get `llvm.emit_c_interface` so that the runtime can call
    them with memref descriptors.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def ONNXTileAndVectorizePass
    : Pass<"onnx-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg.generic ops on tensors to SIMD-wide tiles and "
                "vectorize them";
  let description = [{
    Tiles each `linalg.generic` on tensors so that its innermost tiled loop
    covers one SIMD register (`vector-bits` / element width lanes; a small
    static innermost dimension, such as the repeat dimension of a nearest
    upsample, is kept whole), peels the partial last tile, and vectorizes the
    tiles with `linalg::vectorize`: full tiles without masks, the partial one
    with masks. Gathers become `vector.gather`.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"512",
           "Width in bits of the target's SIMD registers">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ONNXFlattenVectorsPass
    : Pass<"onnx-flatten-vectors", "::mlir::func::FuncOp"> {
  let summary = "Turn the n-D vectors of vectorized tiles into 1-D ones";
  let description = [{
    After bufferization, vectorized tiles read, compute and write n-D vectors
    with unit dimensions and, for upsampled outputs, a small repeat dimension
    (`vector<1x1x16x2xf32>`). The LLVM dialect holds an n-D vector as an
    array of 1-D ones, so such code becomes one 2-wide operation per row and
    its transfers go through stack temporaries. This pass lowers broadcasting
    permutation maps to plain reads plus broadcasts, drops unit dimensions,
    flattens transfers of contiguous memory into 1-D ones (`vector<32xf32>`)
    and linearizes the elementwise ops in between; the remaining broadcasts
    and transposes lower to shuffles.
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ONNXSpecializeGathersPass
    : Pass<"onnx-specialize-gathers", "::mlir::func::FuncOp"> {
  let summary = "Turn gathers through constant index tables into loads and "
                "shuffles";
  let description = [{
    Runs on bufferized vector code after `onnx-flatten-vectors`. A
    `vector.gather` reads its lanes at `base[offsets..., last + lane]`; the
    Upsample lowering's lanes are index-table entries plus a row offset.
    This pass unrolls `scf.for` loops of 2 to 32 iterations whose body
    gathers with lanes read from a constant `memref.global` at the induction
    variable, and folds such reads at constant positions into constant
    vectors. It moves the uniform part of a gather's lanes into its last base
    offset (what is left is often a sign-extended i32 vector: 32-bit gather
    indices). A gather with an all-true mask, constant lanes spanning at
    most as many elements as it has lanes, and a memref base with a
    contiguous innermost dimension becomes a `vector.load` of the span (a
    `vector.maskedload` of it when shorter than the vector) and a
    `vector.shuffle`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // ONNXC_TRANSFORMS_PASSES_TD
