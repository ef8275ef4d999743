//===- TileAndVectorize.cpp - SIMD-wide tiles of linalg.generic -----------===//
//
// Each elementwise-shaped linalg.generic on tensors is tiled so that its
// innermost tile fills one SIMD register, the last partial tile is peeled,
// and every tile is vectorized: full tiles with plain vector loads and
// stores, the partial one with masks.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXTILEANDVECTORIZEPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// Bits one element takes in a vector register.
std::optional<unsigned> getLaneBits(Type type) {
  if (type.isIndex())
    return 64;
  if (type.isIntOrFloat())
    return std::max(8u, type.getIntOrFloatBitWidth());
  return std::nullopt; // complex and others: not vectorized.
}

/// The widest element, in bits, that the payload of `op` computes (index
/// values aside), or 0.
unsigned getWidestComputedBits(linalg::GenericOp op) {
  unsigned widest = 0;
  op.getRegion().walk([&](Operation *payloadOp) {
    for (Type type : payloadOp->getResultTypes())
      if (type.isIntOrFloat())
        widest = std::max(widest, type.getIntOrFloatBitWidth());
  });
  return widest;
}

/// Tile sizes (0 = whole dimension) such that the innermost tile is one
/// vector register wide. Small static trailing dimensions (the repeat
/// dimension of a nearest upsample, the channels of an HWC image, or both)
/// are kept whole and the vector runs along the dimension before them: a
/// vector of 8 pixels x 3 channels is contiguous in memory, where a vector
/// of 3 channels would be one third of a register. They stay whole while
/// each is at most kMaxWholeInnerDim and together at most
/// kMaxWholeInnerElements, so that the tile stays a few registers.
SmallVector<int64_t> getTileSizes(linalg::GenericOp op, unsigned vectorBits,
                                  unsigned laneBits) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t rank = ranges.size();
  SmallVector<int64_t> sizes(rank, 1);
  if (rank == 0)
    return sizes; // A single element: nothing to tile.
  int64_t lanes = std::max<int64_t>(1, vectorBits / laneBits);
  int64_t vectorDim = rank - 1;
  constexpr int64_t kMaxWholeInnerDim = 4;
  constexpr int64_t kMaxWholeInnerElements = 8;
  int64_t wholeElements = 1;
  while (vectorDim >= 1 && !ShapedType::isDynamic(ranges[vectorDim]) &&
         ranges[vectorDim] <= kMaxWholeInnerDim &&
         wholeElements * ranges[vectorDim] <= kMaxWholeInnerElements) {
    wholeElements *= ranges[vectorDim];
    sizes[vectorDim] = 0;
    --vectorDim;
  }
  sizes[vectorDim] = lanes;
  if (!ShapedType::isDynamic(ranges[vectorDim]) && ranges[vectorDim] <= lanes)
    sizes[vectorDim] = 0;
  for (int64_t d = 0; d < rank; ++d)
    if (ranges[d] == 1)
      sizes[d] = 0;
  return sizes;
}

/// Makes the constant 0 of every index in `op`'s payload that can only be 0:
/// a linalg.index of a loop of size 1, and an index of a tensor.extract into
/// a dimension of size 1 (any other would be out of bounds). Upstream's
/// vectorizer (LLVM 22) takes both for loop invariant whatever they are
/// computed from, and then reads an index vector as one scalar.
void foldUnitIndices(linalg::GenericOp op, RewriterBase &rewriter) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto zeroAt = [&](Operation *user) {
    rewriter.setInsertionPoint(user);
    return arith::ConstantIndexOp::create(rewriter, user->getLoc(), 0);
  };
  op.getBody()->walk([&](Operation *nested) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      if (ranges[index.getDim()] == 1)
        rewriter.replaceOp(index, zeroAt(index));
      return;
    }
    auto extract = dyn_cast<tensor::ExtractOp>(nested);
    if (!extract)
      return;
    ArrayRef<int64_t> shape = extract.getTensor().getType().getShape();
    for (auto [dim, operand] : llvm::enumerate(extract.getIndicesMutable())) {
      OpOperand &index = operand;
      if (shape[dim] != 1 || isConstantIntValue(index.get(), 0))
        continue;
      Value zero = zeroAt(extract);
      rewriter.modifyOpInPlace(extract, [&] { index.set(zero); });
    }
  });
}

/// Moves the ops of `op`'s payload that do not depend on the iteration (pure,
/// and computed from constants and values from above only: a table lookup of
/// a tile's row) before it. A tile runs at least once, so they run anyway;
/// hoisted, they stay scalars. Upstream's vectorizer (LLVM 22) would make a
/// lookup a vector and then read an index vector computed from it as one
/// scalar.
void hoistInvariantPayload(linalg::GenericOp op, RewriterBase &rewriter) {
  moveLoopInvariantCode(
      &op.getRegion(),
      [](Value value, Region *region) {
        return !region->isAncestor(value.getParentRegion());
      },
      [](Operation *nested, Region *) {
        return !isa<linalg::IndexOp>(nested) &&
               !nested->hasTrait<OpTrait::IsTerminator>() && isPure(nested);
      },
      [&](Operation *nested, Region *) { rewriter.moveOpBefore(nested, op); });
}

/// Reshapes the masks upstream's vectorizer (LLVM 22) gives contiguous reads
/// for tensor.extract that broadcast a lower-rank tensor (a 1-D table read
/// along the innermost loop of a 3-D nest): it masks them with the whole
/// iteration mask, where the read expects the mask of its non-broadcast
/// dimensions, the same lanes without the unit dimensions.
void reshapeBroadcastReadMasks(Operation *root, RewriterBase &rewriter) {
  auto withoutUnitDims = [](VectorType type) {
    return llvm::make_filter_range(type.getShape(),
                                   [](int64_t d) { return d != 1; });
  };
  root->walk([&](vector::MaskOp mask) {
    auto read = dyn_cast_or_null<vector::TransferReadOp>(mask.getMaskableOp());
    if (!read)
      return;
    auto expected = dyn_cast<VectorType>(read.getExpectedMaskType());
    auto actual = cast<VectorType>(mask.getMask().getType());
    if (!expected || expected == actual || expected.isScalable() ||
        actual.isScalable() ||
        !llvm::equal(withoutUnitDims(expected), withoutUnitDims(actual)))
      return;
    rewriter.setInsertionPoint(mask);
    Value reshaped = vector::ShapeCastOp::create(rewriter, mask.getLoc(),
                                                 expected, mask.getMask());
    rewriter.modifyOpInPlace(mask,
                             [&] { mask.getMaskMutable().assign(reshaped); });
  });
}

/// The vector sizes of a tile: its static sizes, else the tile size.
SmallVector<int64_t> getVectorSizes(linalg::GenericOp op,
                                    ArrayRef<int64_t> tileSizes) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> sizes;
  for (auto [range, tile] : llvm::zip_equal(ranges, tileSizes))
    sizes.push_back(ShapedType::isDynamic(range) ? tile : range);
  return sizes;
}

struct ONNXTileAndVectorizePass
    : onnxc::impl::ONNXTileAndVectorizePassBase<ONNXTileAndVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    // Tile, remembering the tile sizes of every tiled op.
    SmallVector<linalg::GenericOp> generics;
    func.walk([&](linalg::GenericOp op) {
      if (op.hasPureTensorSemantics() &&
          llvm::all_of(op.getIteratorTypesArray(), linalg::isParallelIterator))
        generics.push_back(op);
    });
    constexpr StringLiteral kTileSizes =
        onnxc::codegen::CodegenDialect::TileSizesAttrHelper::getNameStr();
    for (linalg::GenericOp op : generics) {
      // An empty iteration space computes nothing: its results are its
      // inits (upstream's tiling crashes on a dimension of size 0).
      if (llvm::is_contained(op.getStaticLoopRanges(), 0)) {
        rewriter.replaceOp(op, op.getDpsInits());
        continue;
      }
      // A lowering may have chosen the op's tiles (the ends of a row of
      // run-time length, of a few elements each); the ops left untiled must
      // not carry them, which would mark them as tiles to vectorize.
      auto chosen = op->getAttrOfType<DenseI64ArrayAttr>(kTileSizes);
      op->removeAttr(kTileSizes);
      std::optional<unsigned> laneBits =
          getLaneBits(getElementTypeOrSelf(op->getResult(0).getType()));
      if (!laneBits)
        continue;
      // A register of a narrow result (int8 from Resize's f64 sums) would
      // make each computed value many registers wide, and LLVM's
      // instruction selection slow on them: at most two registers each.
      laneBits = std::max(*laneBits, getWidestComputedBits(op) / 2);
      SmallVector<int64_t> tileSizes =
          chosen && chosen.size() == op.getNumLoops()
              ? llvm::to_vector(chosen.asArrayRef())
              : getTileSizes(op, vectorBits, *laneBits);
      if (llvm::all_of(tileSizes, [](int64_t s) { return s == 0; })) {
        op->setAttr(kTileSizes, rewriter.getDenseI64ArrayAttr(tileSizes));
        continue;
      }
      scf::SCFTilingOptions options;
      options.setTileSizes(getAsIndexOpFoldResult(context, tileSizes));
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled))
        continue;
      rewriter.replaceOp(op, tiled->replacements);
      for (LoopLikeOpInterface loop : tiled->loops)
        loop->setAttr(onnxc::kParallelLoopAttrName, rewriter.getUnitAttr());
      Operation *tiledOp = tiled->tiledOps.back();
      tiledOp->setAttr(kTileSizes, rewriter.getDenseI64ArrayAttr(tileSizes));
      // Peel the partial last tile off the innermost loop, so that the main
      // loop's tiles have a static size.
      if (!tiled->loops.empty()) {
        auto innermost =
            dyn_cast<scf::ForOp>(tiled->loops.back().getOperation());
        scf::ForOp partial;
        if (innermost)
          (void)scf::peelForLoopAndSimplifyBounds(rewriter, innermost, partial);
      }
    }

    // Fold the now-constant tile sizes into static tensor types.
    RewritePatternSet patterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      if (isa<affine::AffineDialect, arith::ArithDialect, scf::SCFDialect,
              tensor::TensorDialect, linalg::LinalgDialect>(dialect))
        dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      if (isa<affine::AffineDialect, arith::ArithDialect, scf::SCFDialect,
              tensor::TensorDialect, linalg::LinalgDialect>(name.getDialect()))
        name.getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();

    SmallVector<linalg::GenericOp> tiles;
    func.walk([&](linalg::GenericOp op) {
      if (op->hasAttr(kTileSizes))
        tiles.push_back(op);
    });
    for (linalg::GenericOp op : tiles) {
      auto tileSizes = cast<DenseI64ArrayAttr>(op->getAttr(kTileSizes));
      op->removeAttr(kTileSizes);
      bool isStatic =
          llvm::none_of(op.getStaticLoopRanges(), ShapedType::isDynamic);
      SmallVector<int64_t> vectorSizes;
      if (!isStatic)
        vectorSizes = getVectorSizes(op, tileSizes.asArrayRef());
      // The vectorizer builds mask types from these flags as given: an empty
      // list would give masks a type that differs from the one the masked
      // ops expect.
      SmallVector<bool> scalableDims(vectorSizes.size(), false);
      foldUnitIndices(op, rewriter);
      hoistInvariantPayload(op, rewriter);
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op, vectorSizes, scalableDims,
                            /*vectorizeNDExtract=*/true);
      if (failed(result))
        continue;
      rewriter.replaceOp(op, result->replacements);
    }
    reshapeBroadcastReadMasks(func, rewriter);
  }
};
} // namespace
