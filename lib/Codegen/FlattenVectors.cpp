//===- FlattenVectors.cpp - 1-D vectors in vectorized tiles ---------------===//
//
// Upstream vector rewrites applied together after bufferization: every
// transfer of a vectorized tile becomes one flat contiguous load or store,
// and the elementwise ops between them work on the same 1-D vectors.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXFLATTENVECTORSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

struct ONNXFlattenVectorsPass
    : onnxc::impl::ONNXFlattenVectorsPassBase<ONNXFlattenVectorsPass> {
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

    // The elementwise ops between the flat transfers: n-D vectors to 1-D.
    TypeConverter typeConverter;
    ConversionTarget target(*context);
    vector::populateForVectorLinearize(typeConverter, target);
    // Only the arithmetic is linearized; gathers, transfers, broadcasts and
    // transposes (the interleaving of upsampled tiles) keep their n-D form
    // and lower to shuffles and 1-D memory operations later.
    auto isLinearized = [](Operation *op) {
      bool elementwise = op->hasTrait<OpTrait::Elementwise>() ||
                         op->hasTrait<OpTrait::ConstantLike>();
      auto isND = [](Type t) {
        auto v = dyn_cast<VectorType>(t);
        return v && v.getRank() > 1;
      };
      return !(elementwise && (llvm::any_of(op->getResultTypes(), isND) ||
                               llvm::any_of(op->getOperandTypes(), isND)));
    };
    target.markUnknownOpDynamicallyLegal(isLinearized);
    target.addDynamicallyLegalDialect<vector::VectorDialect>(isLinearized);
    RewritePatternSet linearize(context);
    vector::populateVectorLinearizeBasePatterns(typeConverter, target,
                                                linearize);
    vector::populateVectorLinearizeShuffleLikeOpsPatterns(typeConverter, target,
                                                          linearize);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(linearize))))
      return signalPassFailure();
  }
};
} // namespace
