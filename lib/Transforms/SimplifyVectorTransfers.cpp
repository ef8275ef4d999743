//===- SimplifyVectorTransfers.cpp - Flat 1-D vector transfers ------------===//
//
// A collection of upstream vector rewrites, applied together after
// bufferization so that every transfer of a vectorized tile is one flat,
// contiguous load or store.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXSIMPLIFYVECTORTRANSFERSPASS
#include "onnxc/Transforms/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {
struct ONNXSimplifyVectorTransfersPass
    : onnxc::impl::ONNXSimplifyVectorTransfersPassBase<
          ONNXSimplifyVectorTransfersPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    vector::populateDropUnitDimWithShapeCastPatterns(patterns);
    vector::populateFlattenVectorTransferPatterns(patterns);
    vector::populateSinkVectorOpsPatterns(patterns);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      if (isa<vector::VectorDialect, memref::MemRefDialect>(name.getDialect()))
        name.getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
