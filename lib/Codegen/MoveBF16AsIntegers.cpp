//===- MoveBF16AsIntegers.cpp - bfloat16 lanes moved as i16 ---------------===//
//
// Shuffles, gathers and masked loads and stores move lanes without looking
// at them, so on bfloat16 lanes they are the same operations on their bits
// as i16. LLVM's x86 back end handles bfloat16 vectors poorly where the CPU
// has no bfloat16 arithmetic: with AVX512-BF16 it cannot select shuffles of
// some widths, and without it (AVX2) it widens a gather's lanes to float
// and back through compiler-rt's __truncsfbf2, which a model does not link.
// It handles every i16 vector.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXMOVEBF16ASINTEGERSPASS
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

/// A gather, masked load or masked store of bfloat16 lanes moves them as
/// i16: its bfloat16 vector operands are bitcast before it, and its result
/// after it.
template <typename MoveOp> struct MoveAsIntegers : OpRewritePattern<MoveOp> {
  using OpRewritePattern<MoveOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MoveOp op,
                                PatternRewriter &rewriter) const override {
    auto isBF16Vector = [](Value value) {
      return static_cast<bool>(getBitsType(value.getType()));
    };
    if (llvm::none_of(op->getOperands(), isBF16Vector) &&
        llvm::none_of(op->getResults(), isBF16Vector))
      return failure();
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(
          isBF16Vector(operand)
              ? LLVM::BitcastOp::create(rewriter, loc,
                                        getBitsType(operand.getType()), operand)
              : operand);
    SmallVector<Type> originalTypes(op->getResultTypes());
    rewriter.modifyOpInPlace(op, [&] {
      op->setOperands(operands);
      for (Value result : op->getResults())
        if (VectorType bits = getBitsType(result.getType()))
          result.setType(bits);
    });
    rewriter.setInsertionPointAfter(op);
    for (auto [result, type] :
         llvm::zip_equal(op->getResults(), originalTypes)) {
      if (result.getType() == type)
        continue;
      auto bitcast = LLVM::BitcastOp::create(rewriter, loc, type, result);
      rewriter.replaceAllUsesExcept(result, bitcast, bitcast);
    }
    return success();
  }
};

struct ONNXMoveBF16AsIntegersPass
    : onnxc::impl::ONNXMoveBF16AsIntegersPassBase<ONNXMoveBF16AsIntegersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ShuffleAsIntegers, MoveAsIntegers<LLVM::masked_gather>,
                 MoveAsIntegers<LLVM::MaskedLoadOp>,
                 MoveAsIntegers<LLVM::MaskedStoreOp>>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace
