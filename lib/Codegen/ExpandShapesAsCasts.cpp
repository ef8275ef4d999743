//===- ExpandShapesAsCasts.cpp - expand_shape as reinterpret_cast ---------===//
//
// An expand_shape keeps its source's buffer and offset; within a group, the
// innermost dimension keeps the source dimension's stride and each outer one
// steps over the dimensions inside it. Written out as a reinterpret_cast,
// these need no rule about how many sizes of a group are dynamic, which
// MLIR 22's expand-strided-metadata has (at most one).
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXEXPANDSHAPESASCASTSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// Whether some group of `op` has more than one dynamic size.
bool hasDynamicGroup(memref::ExpandShapeOp op) {
  MemRefType type = op.getResultType();
  return llvm::any_of(op.getReassociationIndices(),
                      [&](const ReassociationIndices &group) {
                        return llvm::count_if(group, [&](int64_t d) {
                                 return type.isDynamicDim(d);
                               }) > 1;
                      });
}

struct ExpandShapeAsCast : OpRewritePattern<memref::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::ExpandShapeOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasDynamicGroup(op))
      return failure();
    Location loc = op.getLoc();
    auto source =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, op.getSrc());
    SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
    SmallVector<OpFoldResult> sourceStrides =
        source.getConstifiedMixedStrides();
    SmallVector<OpFoldResult> strides(sizes.size());
    for (auto [d, group] : llvm::enumerate(op.getReassociationIndices())) {
      OpFoldResult stride = sourceStrides[d];
      for (int64_t i : llvm::reverse(group)) {
        strides[i] = stride;
        if (i == group.front())
          break;
        Value product = rewriter.createOrFold<arith::MulIOp>(
            loc, getValueOrCreateConstantIndexOp(rewriter, loc, stride),
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes[i]));
        stride = getAsOpFoldResult(product);
      }
    }
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, op.getResultType(), source.getBaseBuffer(),
        source.getConstifiedMixedOffset(), sizes, strides);
    return success();
  }
};

struct ONNXExpandShapesAsCastsPass
    : onnxc::impl::ONNXExpandShapesAsCastsPassBase<
          ONNXExpandShapesAsCastsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    onnxc::populateExpandShapesAsCastsPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void onnxc::populateExpandShapesAsCastsPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandShapeAsCast>(patterns.getContext());
}
