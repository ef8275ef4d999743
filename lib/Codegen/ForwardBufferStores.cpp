//===- ForwardBufferStores.cpp - Loads of a vector just stored ------------===//
//
// A separable kernel on short rows computes a row into a stack buffer
// (a vertical pass of 7 elements, say) and reads it back at once, in
// windows, for the next pass. Once its loops are unrolled, a load of the
// buffer reads lanes of a vector stored just before. The CPU would have to
// forward the store to the load, and it cannot when the load is wider than
// the store or starts elsewhere: it waits for the store to reach the cache
// first. A shuffle of the stored vector gives the same lanes at once.
//
//===----------------------------------------------------------------------===//

#include "ForwardBufferStores.h"
#include "LoopAccesses.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace onnxc;

namespace {

/// The flat position, in a static identity-layout buffer that a
/// memref.alloc or memref.alloca makes (an iteration buffer, before or
/// after onnx-stack-buffers), of constant indices into it or into a
/// static-offset unit-stride view of it; `buffer` is set to the buffer.
std::optional<int64_t> getFlatPosition(Value memref, ValueRange indices,
                                       Value &buffer) {
  SmallVector<int64_t> position;
  for (Value index : indices) {
    std::optional<int64_t> constant = getConstantIntValue(index);
    if (!constant)
      return std::nullopt;
    position.push_back(*constant);
  }
  if (auto subview = memref.getDefiningOp<memref::SubViewOp>()) {
    // A rank-reducing view's indices are those of its kept dimensions.
    auto sourceType = cast<MemRefType>(subview.getSource().getType());
    // A vector's lanes must be neighbours in the buffer too: a view that
    // drops the innermost dimension steps over it.
    if (ShapedType::isDynamicShape(subview.getStaticOffsets()) ||
        !llvm::all_of(subview.getStaticStrides(),
                      [](int64_t s) { return s == 1; }) ||
        !subview.getType().isLastDimUnitStride())
      return std::nullopt;
    llvm::SmallBitVector dropped = subview.getDroppedDims();
    SmallVector<int64_t> sourcePosition;
    auto kept = position.begin();
    for (auto [d, offset] : llvm::enumerate(subview.getStaticOffsets())) {
      int64_t along = dropped.test(d) ? 0 : *kept++;
      sourcePosition.push_back(offset + along);
    }
    if (sourcePosition.size() != static_cast<size_t>(sourceType.getRank()))
      return std::nullopt;
    position = std::move(sourcePosition);
    memref = subview.getSource();
  }
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
          memref.getDefiningOp()))
    return std::nullopt;
  buffer = memref;
  auto type = cast<MemRefType>(memref.getType());
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      position.size() != static_cast<size_t>(type.getRank()))
    return std::nullopt;
  int64_t flat = 0;
  for (auto [p, size] : llvm::zip_equal(position, type.getShape())) {
    if (p < 0 || p >= size)
      return std::nullopt;
    flat = flat * size + p;
  }
  return flat;
}

/// A 1-D vector stored at a flat position of such a buffer.
struct StoredVector {
  Value value;
  int64_t position;
};

/// The vector the last write to `buffer` before `read` in its block stored,
/// when that write is an in-bounds unmasked 1-D transfer_write or store at
/// constant indices and nothing between may write the buffer.
std::optional<StoredVector> getLastStore(Operation *read, Value buffer) {
  for (Operation *op = read->getPrevNode(); op; op = op->getPrevNode()) {
    // A vector store: where, what, and whether it writes every lane of a
    // 1-D vector (unmasked, in bounds).
    Value base, vector;
    ValueRange indices;
    bool whole = false;
    if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
      base = write.getBase();
      indices = write.getIndices();
      vector = write.getVector();
      whole = !write.getMask() && write.getVectorType().getRank() == 1 &&
              write.getPermutationMap().isMinorIdentity() &&
              write.getInBoundsValues()[0];
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      base = store.getBase();
      indices = store.getIndices();
      vector = store.getValueToStore();
      whole = store.getVectorType().getRank() == 1;
    }
    if (base) {
      Value written;
      std::optional<int64_t> at = getFlatPosition(base, indices, written);
      if (written == buffer) {
        if (!at || !whole)
          return std::nullopt;
        return StoredVector{vector, *at};
      }
      // A store to the buffer at positions not known.
      if (codegen::getBaseBuffer(base, /*throughWorkspace=*/true) == buffer)
        return std::nullopt;
      continue;
    }
    // Anything else that may write the buffer ends the search.
    bool writesBuffer = false;
    if (op->getNumRegions() != 0)
      return std::nullopt;
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &effect : instances)
        if (isa<MemoryEffects::Write>(effect.getEffect()) &&
            (!effect.getValue() ||
             codegen::getBaseBuffer(effect.getValue(),
                                    /*throughWorkspace=*/true) == buffer))
          writesBuffer = true;
    } else if (!op->hasTrait<OpTrait::IsTerminator>()) {
      return std::nullopt;
    }
    if (writesBuffer)
      return std::nullopt;
  }
  return std::nullopt;
}

/// A vector.load or vector.maskedload of such a buffer at constant
/// indices, each of whose read lanes the last store wrote, becomes a
/// shuffle of the stored vector (and of the pass-through vector for the
/// masked-off lanes).
template <typename LoadOp>
struct ForwardStoreToLoad : OpRewritePattern<LoadOp> {
  using OpRewritePattern<LoadOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(LoadOp load,
                                PatternRewriter &rewriter) const override {
    VectorType type = load.getVectorType();
    if (type.getRank() != 1 || type.isScalable())
      return failure();
    Value buffer;
    std::optional<int64_t> at =
        getFlatPosition(load.getBase(), load.getIndices(), buffer);
    if (!at)
      return failure();
    std::optional<StoredVector> stored = getLastStore(load, buffer);
    if (!stored)
      return failure();
    auto storedType = cast<VectorType>(stored->value.getType());
    if (storedType.getElementType() != type.getElementType() ||
        storedType.isScalable())
      return failure();
    int64_t count = type.getNumElements();
    int64_t storedCount = storedType.getNumElements();
    SmallVector<bool> read(count, true);
    Value passThru;
    if constexpr (std::is_same_v<LoadOp, vector::MaskedLoadOp>) {
      DenseElementsAttr mask;
      if (!matchPattern(load.getMask(), m_Constant(&mask)))
        return failure();
      read = llvm::to_vector(mask.getValues<bool>());
      passThru = load.getPassThru();
    }
    // Lane i reads position at + i: the stored vector's lane
    // at + i - stored.position, or the pass-through's lane i.
    SmallVector<int64_t> lanes;
    for (int64_t i = 0; i < count; ++i) {
      int64_t from = *at + i - stored->position;
      if (read[i] && (from < 0 || from >= storedCount))
        return failure();
      lanes.push_back(read[i] ? from : storedCount + i);
    }
    Value second = passThru ? passThru : stored->value;
    if (!passThru)
      for (int64_t &lane : lanes)
        if (lane >= storedCount)
          lane = 0;
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(load, stored->value, second,
                                                   lanes);
    return success();
  }
};

} // namespace

void onnxc::codegen::populateForwardBufferStoresPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ForwardStoreToLoad<vector::LoadOp>,
               ForwardStoreToLoad<vector::MaskedLoadOp>>(patterns.getContext());
}
