//===- Pipelines.h - The onnx-to-llvm lowering pipeline ---------*- C++ -*-===//
//
// One function builds the lowering, for onnx-opt (`-onnx-to-llvm`) and for
// onnx-compile, which stops after any of its stages for `--emit=`.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_PIPELINES_PIPELINES_H
#define ONNXC_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "llvm/TargetParser/Triple.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace onnxc {

/// The stages of the lowering, in order. Each stage's IR can be printed by
/// `onnx-compile --emit=<name>`.
enum class LoweringStage {
  /// The onnx dialect as imported: no pass has run.
  ONNX,
  /// Every op in its newest version (LatestClipOp, LatestUpsampleOp), and
  /// the shape function of each model function.
  ONNXUpgraded,
  /// linalg, tensor and arith on tensors; destination-passing entry points.
  Linalg,
  /// Bufferized: scf/affine loops over memrefs, vector ops in the loops.
  Loops,
  /// The LLVM dialect.
  LLVM,
};

struct ONNXToLLVMPipelineOptions
    : public mlir::PassPipelineOptions<ONNXToLLVMPipelineOptions> {
  Option<unsigned> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Width in bits of the target's SIMD registers; 0 reads "
                     "it off the host CPU"),
      llvm::cl::init(0)};
  Option<bool> fuse{*this, "fuse",
                    llvm::cl::desc("Fuse Clip and Upsample graphs into as few "
                                   "loop nests as the cost rule allows "
                                   "(onnx-fuse)"),
                    llvm::cl::init(true)};
  Option<bool> alignCornersByOutputLength{
      *this, "align-corners-by-output-length",
      llvm::cl::desc("Resize's align_corners divides by the output length - "
                     "1, as ONNX Runtime does (convert-onnx-to-linalg)"),
      llvm::cl::init(false)};
  Option<bool> vectorize{*this, "vectorize",
                         llvm::cl::desc("Tile and vectorize the kernels"),
                         llvm::cl::init(true)};
  Option<bool> parallelize{
      *this, "parallelize",
      llvm::cl::desc("Run the kernels' parallel loop nests on the threads the "
                     "runtime lends to each run (onnx-parallelize-loops)"),
      llvm::cl::init(true)};
  Option<int64_t> streamingThresholdBytes{
      *this, "streaming-threshold-bytes",
      llvm::cl::desc("Bytes read and written per thread from which "
                     "vectorized kernels write with streaming stores "
                     "(onnx-streaming-stores); 0 always, -1 never"),
      llvm::cl::init(-1)};
  Option<int64_t> streamingPageStreams{
      *this, "streaming-page-streams",
      llvm::cl::desc("Pages a flattened elementwise loop streams at once "
                     "(onnx-streaming-stores page-streams)"),
      llvm::cl::init(1)};
};

/// Adds the passes producing the stages `firstStage` to `lastStage`, both
/// included: by default the whole lowering from the onnx dialect.
void buildONNXToLLVMPipeline(
    mlir::OpPassManager &pm, const ONNXToLLVMPipelineOptions &options,
    LoweringStage lastStage = LoweringStage::LLVM,
    LoweringStage firstStage = LoweringStage::ONNXUpgraded);

/// The SIMD register width, in bits, of a target with `triple` whose CPU has
/// the features `hasFeature` (LLVM feature names: "avx512f", "avx") says it
/// has; 128 where nothing wider is known.
unsigned getVectorBits(const llvm::Triple &triple,
                       llvm::function_ref<bool(llvm::StringRef)> hasFeature);

/// getVectorBits of the host CPU.
unsigned getHostVectorBits();

/// A pipeline onnx-opt registers: the stages `first` to `last` of the
/// lowering.
struct ONNXPipelineInfo {
  llvm::StringRef name, summary;
  LoweringStage first, last;
};

/// `-onnx-to-llvm`, the whole lowering, then its stages: `-onnx-to-linalg`
/// (what `--emit=linalg` prints), `-onnx-linalg-to-loops` and
/// `-onnx-loops-to-llvm`.
llvm::ArrayRef<ONNXPipelineInfo> getONNXPipelines();

/// Registers getONNXPipelines() for onnx-opt.
void registerONNXPipelines();

/// Writes the pipelines' reference page (docs/reference/Pipelines.md) to
/// standard output: each pipeline, its passes and the options.
void printONNXPipelinesReference();

} // namespace onnxc

#endif // ONNXC_PIPELINES_PIPELINES_H
