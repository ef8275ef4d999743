//===- StreamingStores.cpp - Non-temporal stores for large outputs --------===//
//
// Loops that write whole aligned vectors into an output get a second
// version with streaming stores, chosen at run time when the output is
// aligned and large enough.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXSTREAMINGSTORESPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// A store that can stream: `value` into `base` (an argument or its
/// collapse) at `index`, every instance aligned to the vector's bytes when
/// the argument is.
struct Candidate {
  vector::TransferWriteOp write;
  Value base;
  Value index;
  BlockArgument argument;
  int64_t vectorBytes;
};

std::optional<Candidate> matchCandidate(vector::TransferWriteOp write) {
  auto vectorType = write.getVectorType();
  if (vectorType.getRank() != 1 || write.getMask() ||
      !write.getPermutationMap().isMinorIdentity() ||
      !write.getInBoundsValues()[0] ||
      !vectorType.getElementType().isIntOrFloat())
    return std::nullopt;
  int64_t lanes = vectorType.getNumElements();
  int64_t bits = lanes * vectorType.getElementTypeBitWidth();
  if (bits % 8 != 0 || bits / 8 < 16 || !llvm::isPowerOf2_64(bits / 8))
    return std::nullopt;
  auto subview = write.getBase().getDefiningOp<memref::SubViewOp>();
  if (!subview || subview.getSourceType().getRank() != 1 ||
      !matchPattern(write.getIndices()[0], m_Zero()) ||
      !subview.hasUnitStride() || subview.getStaticSizes()[0] != lanes ||
      subview.getOffsets().size() != 1)
    return std::nullopt;
  // The subview starts at the induction variable of a loop stepping by
  // whole vectors from a multiple of the vector length.
  auto iv = dyn_cast<BlockArgument>(subview.getOffsets()[0]);
  auto loop =
      iv ? dyn_cast<scf::ForOp>(iv.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || loop.getInductionVar() != iv)
    return std::nullopt;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lower || !step || *lower % lanes != 0 || *step % lanes != 0)
    return std::nullopt;
  // The base is an argument, whole and contiguous, or its collapse.
  Value base = subview.getSource();
  Value argumentValue = base;
  if (auto collapse = base.getDefiningOp<memref::CollapseShapeOp>())
    argumentValue = collapse.getSrc();
  auto argument = dyn_cast<BlockArgument>(argumentValue);
  auto argumentType = dyn_cast<MemRefType>(argumentValue.getType());
  if (!argument || !argumentType || !argumentType.getLayout().isIdentity() ||
      !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return std::nullopt;
  return Candidate{write, base, iv, argument, bits / 8};
}

struct ONNXStreamingStoresPass
    : onnxc::impl::ONNXStreamingStoresPassBase<ONNXStreamingStoresPass> {
  using Base::Base;

  void runOnOperation() override {
    if (thresholdBytes < 0)
      return;
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    Block &entry = func.getBody().front();

    // The top-level ops holding candidates, and what they write.
    SmallVector<Operation *> versioned;
    llvm::MapVector<BlockArgument, int64_t> alignments;
    for (Operation &op : entry.without_terminator()) {
      if (op.getNumResults() != 0 || op.getNumRegions() == 0)
        continue;
      bool any = false;
      op.walk([&](vector::TransferWriteOp write) {
        if (std::optional<Candidate> candidate = matchCandidate(write)) {
          any = true;
          int64_t &alignment = alignments[candidate->argument];
          alignment = std::max(alignment, candidate->vectorBytes);
        }
      });
      if (any)
        versioned.push_back(&op);
    }
    if (versioned.empty())
      return;

    // Small static outputs never stream.
    int64_t staticBytes = 0;
    bool allStatic = true;
    for (auto [argument, alignment] : alignments) {
      auto type = cast<MemRefType>(argument.getType());
      if (!type.hasStaticShape()) {
        allStatic = false;
        continue;
      }
      staticBytes +=
          type.getNumElements() * (type.getElementTypeBitWidth() + 7) / 8;
    }
    if (allStatic && staticBytes < thresholdBytes)
      return;

    // The condition, computed on entry: every written argument aligned, and
    // enough bytes written.
    OpBuilder b(&entry, entry.begin());
    Location loc = func.getLoc();
    auto index = [&](int64_t value) {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    Value ok = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    Value bytes = index(0);
    for (auto [argument, alignment] : alignments) {
      auto type = cast<MemRefType>(argument.getType());
      int64_t elementBytes = (type.getElementTypeBitWidth() + 7) / 8;
      Value pointer =
          memref::ExtractAlignedPointerAsIndexOp::create(b, loc, argument);
      auto metadata =
          memref::ExtractStridedMetadataOp::create(b, loc, argument);
      Value address = arith::AddIOp::create(
          b, loc, pointer,
          arith::MulIOp::create(b, loc, metadata.getOffset(),
                                index(elementBytes)));
      Value misaligned =
          arith::RemUIOp::create(b, loc, address, index(alignment));
      ok = arith::AndIOp::create(b, loc, ok,
                                 arith::CmpIOp::create(b, loc,
                                                       arith::CmpIPredicate::eq,
                                                       misaligned, index(0)));
      Value elements = index(1);
      for (Value size : metadata.getSizes())
        elements = arith::MulIOp::create(b, loc, elements, size);
      bytes = arith::AddIOp::create(
          b, loc, bytes,
          arith::MulIOp::create(b, loc, elements, index(elementBytes)));
    }
    ok = arith::AndIOp::create(
        b, loc, ok,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, bytes,
                              index(thresholdBytes)));

    for (Operation *op : versioned) {
      b.setInsertionPoint(op);
      auto ifOp = scf::IfOp::create(b, op->getLoc(), ok,
                                    /*withElseRegion=*/true);
      // Else: the op as it was.
      op->moveBefore(ifOp.getElseRegion().front().getTerminator());
      // Then: a copy whose candidates stream, and a fence after them.
      OpBuilder then =
          OpBuilder::atBlockTerminator(&ifOp.getThenRegion().front());
      Operation *copy = then.clone(*op);
      SmallVector<Candidate> candidates;
      copy->walk([&](vector::TransferWriteOp write) {
        if (std::optional<Candidate> candidate = matchCandidate(write))
          candidates.push_back(*candidate);
      });
      for (Candidate &candidate : candidates) {
        OpBuilder at(candidate.write);
        vector::StoreOp::create(
            at, candidate.write.getLoc(), candidate.write.getVector(),
            candidate.base, ValueRange{candidate.index},
            /*nontemporal=*/true, llvm::MaybeAlign(candidate.vectorBytes));
        candidate.write.erase();
      }
      LLVM::FenceOp::create(then, op->getLoc(), LLVM::AtomicOrdering::seq_cst);
    }
  }
};
} // namespace
