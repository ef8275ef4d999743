//===- Pipelines.cpp - The onnx-to-llvm lowering pipeline -----------------===//

#include "onnxc/Pipelines/Pipelines.h"
#include "onnxc/Codegen/Passes.h"
#include "onnxc/Conversion/Passes.h"
#include "onnxc/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace onnxc;

unsigned
onnxc::getVectorBits(const llvm::Triple &triple,
                     llvm::function_ref<bool(llvm::StringRef)> hasFeature) {
  if (triple.isX86()) {
    if (hasFeature("avx512f"))
      return 512;
    if (hasFeature("avx"))
      return 256;
  }
  return 128;
}

unsigned onnxc::getHostVectorBits() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  return getVectorBits(
      llvm::Triple(llvm::sys::getProcessTriple()),
      [&](llvm::StringRef feature) { return features.lookup(feature); });
}

static void addCleanup(OpPassManager &pm) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

static void addLoopsStage(OpPassManager &pm,
                          const ONNXToLLVMPipelineOptions &options);
static void addLLVMStage(OpPassManager &pm);

void onnxc::buildONNXToLLVMPipeline(OpPassManager &pm,
                                    const ONNXToLLVMPipelineOptions &options,
                                    LoweringStage lastStage,
                                    LoweringStage firstStage) {
  auto wanted = [&](LoweringStage stage) {
    return firstStage <= stage && stage <= lastStage;
  };

  // onnx: one version per family, and the shape functions.
  if (wanted(LoweringStage::ONNXUpgraded)) {
    pm.addPass(createONNXUpgradeOpsPass());
    pm.addPass(createONNXGenerateShapeFunctionsPass());
  }

  // linalg on tensors, writing into caller-provided output buffers.
  if (wanted(LoweringStage::Linalg)) {
    // Folds chains of Clips with constant bounds, among others.
    pm.addPass(createCanonicalizerPass());
    pm.addNestedPass<func::FuncOp>(createONNXChooseSchedulesPass());
    pm.addPass(createConvertONNXToLinalgPass(
        {/*alignCornersByOutputLength=*/options.alignCornersByOutputLength}));
    addCleanup(pm);
    if (options.fuse) {
      pm.addNestedPass<func::FuncOp>(createONNXFusePass());
      addCleanup(pm);
    }
    pm.addPass(createONNXResultsToDestinationsPass());
    pm.addPass(bufferization::createEmptyTensorEliminationPass());
  }

  if (wanted(LoweringStage::Loops))
    addLoopsStage(pm, options);
  if (wanted(LoweringStage::LLVM))
    addLLVMStage(pm);
}

/// Vector tiles, then buffers and loops.
static void addLoopsStage(OpPassManager &pm,
                          const ONNXToLLVMPipelineOptions &options) {
  if (options.fuse)
    pm.addNestedPass<func::FuncOp>(createONNXFuseRowsPass());
  if (options.vectorize) {
    ONNXTileAndVectorizePassOptions vectorizeOptions;
    vectorizeOptions.vectorBits =
        options.vectorBits ? unsigned(options.vectorBits) : getHostVectorBits();
    pm.addNestedPass<func::FuncOp>(
        createONNXTileAndVectorizePass(vectorizeOptions));
    // Masked tiles become masked transfers before anything else touches them.
    pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMaskPass());
    pm.addNestedPass<func::FuncOp>(createONNXFoldTileSlicesPass());
    addCleanup(pm);
  }
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(createONNXOrderGlobalsPass());
  // Folds away tile copies onto themselves that bufferization leaves.
  addCleanup(pm);
  if (options.vectorize) {
    pm.addNestedPass<func::FuncOp>(createONNXFlattenVectorsPass());
    pm.addNestedPass<func::FuncOp>(createONNXSpecializeGathersPass());
    addCleanup(pm);
  }
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createONNXPlanMemoryPass());
  if (options.vectorize)
    pm.addNestedPass<func::FuncOp>(createONNXFuseSiblingLoopsPass());
  if (options.vectorize && options.streamingThresholdBytes >= 0) {
    ONNXStreamingStoresPassOptions streamingOptions;
    streamingOptions.thresholdBytes = options.streamingThresholdBytes;
    streamingOptions.pageStreams = options.streamingPageStreams;
    pm.addPass(createONNXStreamingStoresPass(streamingOptions));
  }
  if (options.vectorize) {
    pm.addNestedPass<func::FuncOp>(createONNXJamParallelLoopsPass());
    pm.addNestedPass<func::FuncOp>(createONNXPrefetchRowsPass());
  }
  if (options.vectorize && options.parallelize)
    pm.addPass(createONNXParallelizeLoopsPass());
  pm.addNestedPass<func::FuncOp>(createONNXStackBuffersPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToAffineLoopsPass());
  addCleanup(pm);
}

/// The LLVM dialect.
static void addLLVMStage(OpPassManager &pm) {
  // Whatever n-D transfer is left is unrolled into 1-D ones: the default
  // lowering goes through stack temporaries, allocated in loop bodies.
  VectorTransferToSCFOptions vectorToSCF;
  vectorToSCF.enableFullUnroll();
  pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass(vectorToSCF));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // bfloat16 conversions as integer arithmetic: without a native one (x86
  // before AVX512-BF16), LLVM calls compiler-rt's __truncsfbf2, which a
  // model does not link.
  arith::ArithExpandOpsPassOptions expandOptions;
  expandOptions.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expandOptions));
  pm.addNestedPass<func::FuncOp>(createONNXExpandShapesAsCastsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  // Transposes (of broadcast tiles) as single shuffles.
  vectorToLLVM.vectorTransposeLowering =
      vector::VectorTransposeLowering::Shuffle1D;
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertComplexToLLVMPass());
  // Buffers the kernels allocate come from the per-thread workspace of the
  // model support library (ModelSupport.c), not from malloc on every run.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createONNXMoveBF16AsIntegersPass());
  addCleanup(pm);
}

ArrayRef<ONNXPipelineInfo> onnxc::getONNXPipelines() {
  static const ONNXPipelineInfo pipelines[] = {
      {"onnx-to-llvm",
       "Lower the onnx dialect to the LLVM dialect: upgrade, linalg, "
       "vectorized tiles, buffers, loops, LLVM",
       LoweringStage::ONNXUpgraded, LoweringStage::LLVM},
      {"onnx-to-linalg",
       "The start of onnx-to-llvm: upgrade every op, generate the shape "
       "functions, lower to linalg on tensors (onnx-compile --emit=linalg)",
       LoweringStage::ONNXUpgraded, LoweringStage::Linalg},
      {"onnx-linalg-to-loops",
       "The middle of onnx-to-llvm: tile and vectorize linalg on tensors, "
       "bufferize, lower what is left to loops",
       LoweringStage::Loops, LoweringStage::Loops},
      {"onnx-loops-to-llvm",
       "The end of onnx-to-llvm: loops, vector and memref ops to the LLVM "
       "dialect",
       LoweringStage::LLVM, LoweringStage::LLVM},
  };
  return pipelines;
}

void onnxc::registerONNXPipelines() {
  for (const ONNXPipelineInfo &info : getONNXPipelines()) {
    PassPipelineRegistration<ONNXToLLVMPipelineOptions>(
        info.name, info.summary,
        [first = info.first, last = info.last](
            OpPassManager &pm, const ONNXToLLVMPipelineOptions &options) {
          buildONNXToLLVMPipeline(pm, options, last, first);
        });
  }
}

/// The passes `pm` runs, one per line, without their options (`pass` or
/// `op(pass)` for a pass nested on ops of that name).
static std::string listPasses(OpPassManager &pm) {
  std::string pipeline;
  llvm::raw_string_ostream stream(pipeline);
  pm.printAsTextualPipeline(stream);
  // Drop `{options}`, and the `anchor(...)` around the whole pipeline.
  std::string passes;
  int braces = 0;
  for (char c : StringRef(pipeline)
                    .drop_front(pm.getOpAnchorName().size() + 1)
                    .drop_back()) {
    braces += c == '{';
    if (!braces)
      passes += c;
    braces -= c == '}';
  }
  // One pass per line: split at the commas outside parentheses.
  std::string lines;
  int parentheses = 0;
  for (char c : passes) {
    parentheses += (c == '(') - (c == ')');
    lines += c == ',' && !parentheses ? '\n' : c;
  }
  return lines;
}

void onnxc::printONNXPipelinesReference() {
  llvm::raw_ostream &os = llvm::outs();
  os << "<!-- Generated by onnx-pipeline-doc; don't manually edit -->\n\n"
        "The lowering, whole and by stage, as `onnx-opt` pipelines. Each "
        "takes the options below. The passes are listed as they run in "
        "`onnx-compile`, which sets `streaming-threshold-bytes` from the "
        "host's caches (`onnx-opt` streams only when given it), without "
        "their options.\n";
  for (const ONNXPipelineInfo &info : getONNXPipelines()) {
    OpPassManager pm(ModuleOp::getOperationName());
    ONNXToLLVMPipelineOptions options;
    // Any width and threshold: onnx-compile's come from the host, which the
    // page must not depend on.
    options.vectorBits = 512;
    options.streamingThresholdBytes = 0;
    buildONNXToLLVMPipeline(pm, options, info.last, info.first);
    os << "\n### `-" << info.name << "`\n\n_" << info.summary << "_\n\n```\n"
       << listPasses(pm) << "\n```\n";
  }
  os << "\n### Options\n\n```\n";
  os.flush();
  // printHelp writes to llvm::outs(). The description column must lie past
  // the widest option, or the padding underflows.
  ONNXToLLVMPipelineOptions defaults;
  constexpr size_t kIndent = 2;
  defaults.printHelp(kIndent, kIndent + defaults.getOptionWidth() + 4);
  os << "```\n";
}
