//===- FuseRows.cpp - Producer rows computed in the consumer's row loop ---===//
//
// A separable resampling runs one pass per axis, each a gather from the
// previous pass's result. Where the last pass gathers along the last axis
// only, each of its rows reads one row of the pass before, at its own
// position: that row can be computed inside the consumer's row loop, into a
// buffer one row long that stays in the cache, instead of a whole
// intermediate tensor written to memory and read back.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "LoopAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXFUSEROWSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// An all-parallel generic on tensors of rank 2 or more with one result
/// written through an identity map from an init it never reads, and no
/// dimension of size 0
/// (which computes nothing, and which upstream's tiling does not take).
bool isRowComputable(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumResults() != 1 || op.getNumParallelLoops() != op.getNumLoops() ||
      op.getNumLoops() < 2 || llvm::is_contained(op.getStaticLoopRanges(), 0))
    return false;
  OpOperand *init = op.getDpsInitOperand(0);
  return op.getMatchingIndexingMap(init).isIdentity() &&
         !op.payloadUsesValueFromOperand(init);
}

/// Whether `extract`, in the payload of `consumer`, reads in every dimension
/// but the last the element at the consumer's own iteration: index d is
/// `linalg.index d`, or 0 where the consumer's dimension d has size 1
/// (canonicalization folds the index of such a dimension to 0).
bool readsOwnRow(tensor::ExtractOp extract, linalg::GenericOp consumer) {
  SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
  ValueRange indices = extract.getIndices();
  for (auto [d, index] : llvm::enumerate(indices.drop_back())) {
    if (auto loopIndex = index.getDefiningOp<linalg::IndexOp>();
        loopIndex && loopIndex.getDim() == d)
      continue;
    if (ranges[d] != 1 || !isConstantIntValue(index, 0))
      return false;
  }
  return true;
}

/// What a row consumer reads of `producer`: its result, or a collapse of
/// it that merges only trailing dimensions into the last (a channels-last
/// pass gathers whole pixels of the pass before), if that is its only use.
Value getRowSource(linalg::GenericOp producer) {
  Value result = producer->getResult(0);
  if (!result.hasOneUse())
    return result;
  auto collapse = dyn_cast<tensor::CollapseShapeOp>(*result.getUsers().begin());
  if (!collapse)
    return result;
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  if (!llvm::all_of(
          ArrayRef(groups).drop_back(),
          [](const ReassociationIndices &group) { return group.size() == 1; }))
    return result;
  return collapse.getResult();
}

/// The generic whose payload reads all of `producer`'s uses (through
/// getRowSource), each at its own row, if there is one of that rank.
linalg::GenericOp getRowConsumer(linalg::GenericOp producer) {
  Value source = getRowSource(producer);
  linalg::GenericOp consumer;
  for (Operation *user : source.getUsers()) {
    auto extract = dyn_cast<tensor::ExtractOp>(user);
    auto owner = extract ? extract->getParentOfType<linalg::GenericOp>()
                         : linalg::GenericOp();
    if (!owner || (consumer && owner != consumer))
      return nullptr;
    consumer = owner;
  }
  auto type = cast<RankedTensorType>(source.getType());
  // A consumer of one row has no rows to tile (a row this pass made).
  if (!consumer || !isRowComputable(consumer) ||
      consumer.getNumLoops() != type.getRank() ||
      llvm::all_of(ArrayRef(consumer.getStaticLoopRanges()).drop_back(),
                   [](int64_t range) { return range == 1; }) ||
      llvm::any_of(source.getUsers(), [&](Operation *user) {
        return !readsOwnRow(cast<tensor::ExtractOp>(user), consumer);
      }))
    return nullptr;
  // A row of unknown or large size would stay a heap allocation in the
  // consumer's row loop, which then could not be shared among threads; a
  // small one goes on the stack (onnx-stack-buffers).
  int64_t rowLength = type.getShape().back();
  std::optional<int64_t> elementBytes =
      onnxc::codegen::getElementBytes(type.getElementType());
  if (ShapedType::isDynamic(rowLength) || !elementBytes ||
      rowLength * *elementBytes > onnxc::kMaxIterationBufferBytes)
    return nullptr;
  return consumer;
}

/// Tiles `consumer` by single rows and computes the row of `producer` it
/// reads inside each.
LogicalResult fuseRow(RewriterBase &rewriter, linalg::GenericOp producer,
                      linalg::GenericOp consumer) {
  int64_t rank = consumer.getNumLoops();
  SmallVector<OpFoldResult> tileSizes(rank - 1, rewriter.getIndexAttr(1));
  tileSizes.push_back(rewriter.getIndexAttr(0));
  scf::SCFTilingOptions options;
  options.setTileSizes(tileSizes);
  rewriter.setInsertionPoint(consumer);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(consumer.getOperation()), options);
  if (failed(tiled))
    return failure();
  // One loop per dimension but the last, whose indices the row takes.
  if (tiled->loops.size() != size_t(rank - 1)) {
    if (!tiled->loops.empty())
      rewriter.eraseOp(tiled->loops.front());
    return failure();
  }
  auto tiledConsumer = cast<linalg::GenericOp>(tiled->tiledOps.back());

  // The producer's row at the consumer's row.
  Location loc = producer.getLoc();
  rewriter.setInsertionPoint(tiledConsumer);
  SmallVector<OpFoldResult> offsets, sizes;
  for (LoopLikeOpInterface loop : tiled->loops) {
    offsets.push_back(*loop.getSingleInductionVar());
    sizes.push_back(rewriter.getIndexAttr(1));
  }
  // The whole of the dimensions the row spans.
  Value source = getRowSource(producer);
  int64_t producerRank = producer.getNumLoops();
  for (int64_t d = rank - 1; d < producerRank; ++d) {
    offsets.push_back(rewriter.getIndexAttr(0));
    sizes.push_back(
        tensor::getMixedSize(rewriter, loc, producer->getResult(0), d));
  }
  FailureOr<TilingResult> row =
      cast<TilingInterface>(producer.getOperation())
          .getTiledImplementation(rewriter, offsets, sizes);
  if (failed(row) || row->tiledOps.size() != 1) {
    // Leave the consumer as it was.
    rewriter.eraseOp(tiled->loops.front());
    return failure();
  }
  // Into a row of its own, not a slice of the whole intermediate: an
  // allocation, which no CSE or hoisting merges with an alike tensor.empty
  // outside the loop (the iterations would then share one row).
  auto tiledProducer = cast<linalg::GenericOp>(row->tiledOps.front());
  OpOperand *init = tiledProducer.getDpsInitOperand(0);
  rewriter.setInsertionPoint(tiledProducer);
  SmallVector<Value> dynamicSizes;
  auto rowType = cast<RankedTensorType>(init->get().getType());
  for (auto [d, size] : llvm::enumerate(rowType.getShape()))
    if (ShapedType::isDynamic(size))
      dynamicSizes.push_back(
          tensor::DimOp::create(rewriter, loc, init->get(), d));
  Value rowInit = bufferization::AllocTensorOp::create(rewriter, loc, rowType,
                                                       dynamicSizes);
  rewriter.modifyOpInPlace(tiledProducer, [&] { init->set(rowInit); });
  Value rowValue = tiledProducer->getResult(0);
  if (auto collapse = source.getDefiningOp<tensor::CollapseShapeOp>()) {
    rewriter.setInsertionPoint(tiledConsumer);
    rowValue = tensor::CollapseShapeOp::create(
        rewriter, loc, rowValue, collapse.getReassociationIndices());
  }

  // The consumer's reads of the producer read the row.
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<tensor::ExtractOp> reads;
  tiledConsumer.getRegion().walk([&](tensor::ExtractOp extract) {
    if (extract.getTensor() == source)
      reads.push_back(extract);
  });
  for (tensor::ExtractOp extract : reads) {
    SmallVector<Value> indices(rank - 1, zero);
    indices.push_back(extract.getIndices().back());
    rewriter.setInsertionPoint(extract);
    rewriter.replaceOpWithNewOp<tensor::ExtractOp>(extract, rowValue, indices);
  }

  rewriter.replaceOp(consumer, tiled->replacements);
  for (LoopLikeOpInterface loop : tiled->loops)
    loop->setAttr(onnxc::kParallelLoopAttrName, rewriter.getUnitAttr());
  if (auto collapse = source.getDefiningOp<tensor::CollapseShapeOp>();
      collapse && collapse->use_empty())
    rewriter.eraseOp(collapse);
  if (producer->use_empty())
    rewriter.eraseOp(producer);
  return success();
}

struct ONNXFuseRowsPass : onnxc::impl::ONNXFuseRowsPassBase<ONNXFuseRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // One pair at a time: fusing one erases its producer, which may have
    // been another pair's consumer.
    DenseSet<Operation *> failed;
    for (;;) {
      linalg::GenericOp producer, consumer;
      getOperation().walk([&](linalg::GenericOp op) {
        if (producer || failed.contains(op) || !isRowComputable(op) ||
            op->getParentOfType<linalg::GenericOp>())
          return;
        if ((consumer = getRowConsumer(op)))
          producer = op;
      });
      if (!producer)
        return;
      if (mlir::failed(fuseRow(rewriter, producer, consumer)))
        failed.insert(producer);
    }
  }
};
} // namespace
