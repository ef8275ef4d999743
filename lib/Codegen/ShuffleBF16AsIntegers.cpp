//===- ShuffleBF16AsIntegers.cpp - bfloat16 shuffles on i16 lanes ---------===//
//
// A shuffle moves lanes without looking at them, so one of bfloat16 lanes is
// the same shuffle of their bits as i16. LLVM's x86 back end with
// AVX512-BF16 cannot select bfloat16 shuffles of some widths; it selects
// every i16 shuffle.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXSHUFFLEBF16ASINTEGERSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// The i16 vector of the same shape as a bfloat16 vector type, or null.
VectorType getBitsType(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || !vector.getElementType().isBF16())
    return {};
  return vector.clone(IntegerType::get(type.getContext(), 16));
}

struct ShuffleAsIntegers : OpRewritePattern<LLVM::ShuffleVectorOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LLVM::ShuffleVectorOp op,
                                PatternRewriter &rewriter) const override {
    VectorType operandBits = getBitsType(op.getV1().getType());
    VectorType resultBits = getBitsType(op.getType());
    if (!operandBits || !resultBits)
      return failure();
    Location loc = op.getLoc();
    Value v1 = LLVM::BitcastOp::create(rewriter, loc, operandBits, op.getV1());
    Value v2 = LLVM::BitcastOp::create(rewriter, loc, operandBits, op.getV2());
    Value shuffled =
        LLVM::ShuffleVectorOp::create(rewriter, loc, v1, v2, op.getMask());
    rewriter.replaceOpWithNewOp<LLVM::BitcastOp>(op, op.getType(), shuffled);
    return success();
  }
};

struct ONNXShuffleBF16AsIntegersPass
    : onnxc::impl::ONNXShuffleBF16AsIntegersPassBase<
          ONNXShuffleBF16AsIntegersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ShuffleAsIntegers>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace
