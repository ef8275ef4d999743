//===- FoldTileSlices.cpp - Tiles written without their slices ------------===//
//
// The partial tile of a loop of run-time length is a masked write into a
// slice that is then inserted back where it was extracted. One-shot
// bufferization proves each such pair equivalent with Presburger queries
// over the whole chain of dimension arithmetic, which grows with the
// model's rank and length; writing the tile straight into the tensor at the
// slice's offset needs no proof. Full tiles of 1-D tensors and of new
// tensors (intermediates) fold too; so 1-D writes of a result name it
// directly, as onnx-streaming-stores' peeled loops need. Full tiles of
// multi-dimensional results keep their slices, whose views
// onnx-streaming-stores follows.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/ViewLikeInterfaceUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXFOLDTILESLICESPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// Whether `tensor` starts as a tensor.empty, followed back through the
/// loops and writes that fill it: an intermediate, or a result
/// onnx-results-to-destinations could not write in place (then copied
/// out), whose views no later pass follows.
bool isFilledEmptyTensor(Value tensor) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(tensor)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (!loop || arg.getArgNumber() == 0)
        return false;
      tensor = loop.getTiedLoopInit(arg)->get();
      continue;
    }
    Operation *op = tensor.getDefiningOp();
    if (isa<tensor::EmptyOp>(op))
      return true;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      tensor = loop.getInits()[cast<OpResult>(tensor).getResultNumber()];
    else if (auto insert = dyn_cast<tensor::InsertSliceOp>(op))
      tensor = insert.getDest();
    else if (auto write = dyn_cast<vector::TransferWriteOp>(op))
      tensor = write.getBase();
    else
      return false;
  }
}

/// insert_slice(transfer_write(v, extract_slice(t, offsets, sizes), indices,
/// mask), t, offsets, sizes) -> transfer_write(v, t, offsets + indices,
/// mask), for a masked write, a 1-D `t` or a new `t`. The slice and its
/// insertion take the same offsets, sizes and unit strides of the same tensor,
/// without rank reduction; the write is in bounds of the slice, so it writes
/// the same elements of `t`.
struct FoldTileSlice : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    auto write = insert.getSource().getDefiningOp<vector::TransferWriteOp>();
    if (!write || !write->hasOneUse() ||
        (!write.getMask() && insert.getType().getRank() != 1 &&
         !isFilledEmptyTensor(insert.getDest())) ||
        !write.getPermutationMap().isMinorIdentity() ||
        llvm::any_of(write.getInBoundsValues(), [](bool b) { return !b; }))
      return rewriter.notifyMatchFailure(insert,
                                         "not an in-bounds tile to fold");
    auto extract = write.getBase().getDefiningOp<tensor::ExtractSliceOp>();
    if (!extract || !extract->hasOneUse() ||
        extract.getSource() != insert.getDest() ||
        extract.getSourceType().getRank() != extract.getType().getRank() ||
        insert.getSourceType().getRank() != insert.getType().getRank() ||
        !extract.hasUnitStride() || !insert.hasUnitStride() ||
        extract.getMixedOffsets() != insert.getMixedOffsets() ||
        extract.getMixedSizes() != insert.getMixedSizes())
      return rewriter.notifyMatchFailure(insert, "not the tile's own slice");

    SmallVector<Value> indices;
    affine::resolveIndicesIntoOpWithOffsetsAndStrides(
        rewriter, write.getLoc(), insert.getMixedOffsets(),
        insert.getMixedStrides(),
        llvm::SmallBitVector(insert.getType().getRank()), write.getIndices(),
        indices);
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(
        insert, write.getVector(), insert.getDest(), indices,
        write.getPermutationMapAttr(), write.getMask(),
        write.getInBoundsAttr());
    return success();
  }
};

struct ONNXFoldTileSlicesPass
    : onnxc::impl::ONNXFoldTileSlicesPassBase<ONNXFoldTileSlicesPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    onnxc::populateFoldTileSlicesPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

void onnxc::populateFoldTileSlicesPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldTileSlice>(patterns.getContext());
}
