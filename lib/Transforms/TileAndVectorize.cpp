//===- TileAndVectorize.cpp - SIMD-wide tiles of linalg.generic -----------===//
//
// Each elementwise-shaped linalg.generic on tensors is tiled so that its
// innermost tile fills one SIMD register, the last partial tile is peeled,
// and every tile is vectorized: full tiles with plain vector loads and
// stores, the partial one with masks. Gathers through constant index tables
// get compile-time lanes: short loops over a row's tiles are unrolled and
// the table reads folded to constants.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXTILEANDVECTORIZEPASS
#include "onnxc/Transforms/Passes.h.inc"
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

/// Tile sizes (0 = whole dimension) such that the innermost tile is one
/// vector register wide. A small static innermost dimension (the repeat
/// dimension of a nearest upsample) is kept whole and the vector runs along
/// the dimension before it.
SmallVector<int64_t> getTileSizes(linalg::GenericOp op, unsigned vectorBits,
                                  unsigned laneBits) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t rank = ranges.size();
  SmallVector<int64_t> sizes(rank, 1);
  int64_t lanes = std::max<int64_t>(1, vectorBits / laneBits);
  int64_t vectorDim = rank - 1;
  constexpr int64_t kMaxWholeInnerDim = 4;
  if (rank >= 2 && !ShapedType::isDynamic(ranges[rank - 1]) &&
      ranges[rank - 1] <= kMaxWholeInnerDim) {
    sizes[rank - 1] = 0;
    vectorDim = rank - 2;
  }
  sizes[vectorDim] = lanes;
  if (!ShapedType::isDynamic(ranges[vectorDim]) && ranges[vectorDim] <= lanes)
    sizes[vectorDim] = 0;
  for (int64_t d = 0; d < rank; ++d)
    if (ranges[d] == 1)
      sizes[d] = 0;
  return sizes;
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

/// Rows of at most this many vector tiles are unrolled when their gathers
/// read constant tables.
constexpr int64_t kMaxUnrolledTiles = 32;
/// Slices of constant tables up to this many elements fold to constants.
constexpr int64_t kMaxFoldedSliceElements = 64;

/// Whether `forOp` is a short loop over the vector tiles of a row whose
/// gathers take their lanes from a slice of a constant table at the
/// induction variable: unrolled, every tile's lanes are constants.
bool isRowOfConstantGathers(scf::ForOp forOp) {
  std::optional<APInt> tripCount = forOp.getStaticTripCount();
  if (!tripCount || tripCount->slt(2) || tripCount->sgt(kMaxUnrolledTiles))
    return false;
  Block *body = forOp.getBody();
  bool hasGather = llvm::any_of(body->getOperations(), [](Operation &op) {
    return isa<vector::GatherOp>(op);
  });
  bool readsConstantTable =
      llvm::any_of(body->getOperations(), [&](Operation &op) {
        auto slice = dyn_cast<tensor::ExtractSliceOp>(op);
        return slice && matchPattern(slice.getSource(), m_Constant()) &&
               llvm::is_contained(slice.getOffsets(), forOp.getInductionVar());
      });
  return hasGather && readsConstantTable;
}

/// vector.transfer_read of a constant 1-D tensor at a constant index, with
/// every read element in bounds, becomes the constant vector it reads. The
/// permutation map may broadcast (results `0`) around the one read dim.
struct FoldTransferReadOfConstant : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr table;
    if (read.getMask() || !matchPattern(read.getBase(), m_Constant(&table)))
      return failure();
    auto tableType = dyn_cast<RankedTensorType>(table.getType());
    if (!tableType || tableType.getRank() != 1)
      return failure();
    std::optional<int64_t> start = getConstantIntValue(read.getIndices()[0]);
    if (!start)
      return failure();
    VectorType vectorType = read.getVectorType();
    AffineMap map = read.getPermutationMap();
    // The vector dim reading along the table, if any; the others broadcast.
    std::optional<unsigned> readDim;
    for (auto [i, expr] : llvm::enumerate(map.getResults())) {
      if (isa<AffineDimExpr>(expr)) {
        if (readDim)
          return failure();
        readDim = i;
      } else if (auto c = dyn_cast<AffineConstantExpr>(expr);
                 !c || c.getValue() != 0) {
        return failure();
      }
    }
    int64_t length = readDim ? vectorType.getDimSize(*readDim) : 1;
    if (*start < 0 || *start + length > tableType.getDimSize(0))
      return failure();

    auto values = table.getValues<Attribute>();
    SmallVector<Attribute> elements;
    SmallVector<int64_t> strides = computeStrides(vectorType.getShape());
    for (int64_t linear = 0, e = vectorType.getNumElements(); linear < e;
         ++linear) {
      SmallVector<int64_t> position = delinearize(linear, strides);
      int64_t offset = readDim ? position[*readDim] : 0;
      elements.push_back(values[*start + offset]);
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        read, DenseElementsAttr::get(vectorType, elements));
    return success();
  }
};

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
    constexpr StringLiteral kTileSizes = "onnxc.tile_sizes";
    for (linalg::GenericOp op : generics) {
      std::optional<unsigned> laneBits =
          getLaneBits(getElementTypeOrSelf(op->getResult(0).getType()));
      if (!laneBits)
        continue;
      SmallVector<int64_t> tileSizes = getTileSizes(op, vectorBits, *laneBits);
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
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op, vectorSizes, scalableDims,
                            /*vectorizeNDExtract=*/true);
      if (failed(result))
        continue;
      rewriter.replaceOp(op, result->replacements);
    }

    // Gathers through constant tables: unroll their rows and fold the table
    // reads, so that onnx-flatten-vectors can make loads and shuffles of
    // them.
    SmallVector<scf::ForOp> rows;
    func.walk([&](scf::ForOp forOp) {
      if (isRowOfConstantGathers(forOp))
        rows.push_back(forOp);
    });
    for (scf::ForOp row : rows)
      (void)loopUnrollFull(row);
    RewritePatternSet folds(context);
    tensor::populateFoldConstantExtractSlicePatterns(
        folds, [](tensor::ExtractSliceOp slice) {
          return slice.getType().getNumElements() <= kMaxFoldedSliceElements;
        });
    folds.add<FoldTransferReadOfConstant>(context);
    // Unrolled offsets are SSA constants; the folders want them static.
    tensor::ExtractSliceOp::getCanonicalizationPatterns(folds, context);
    if (failed(applyPatternsGreedily(func, std::move(folds))))
      return signalPassFailure();
  }
};
} // namespace
