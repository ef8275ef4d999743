//===- ResultsToDestinations.cpp - Destination-passing entry points -------===//
//
// A kernel that returns a fresh output pays for it in page faults and, once
// the caller copies it into its own buffer, in twice the memory traffic. The
// entry points instead take one output buffer per tensor result and write
// each result once, straight into it.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXRESULTSTODESTINATIONSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// `destination` seen as `core`, the value under the `top` reshapes
/// (outermost first) of a result: the reshapes undone. `sizes` are those of
/// `core`, which only the innermost reshape needs. Null where a reshape
/// cannot be undone on the memref.
Value viewAsCore(OpBuilder &builder, ArrayRef<Operation *> top,
                 ArrayRef<OpFoldResult> sizes, Value destination,
                 Type coreType) {
  Value view = destination;
  for (auto [i, reshape] : llvm::enumerate(top)) {
    Location reshapeLoc = reshape->getLoc();
    auto sourceType = cast<RankedTensorType>(reshape->getOperand(0).getType());
    auto viewType =
        MemRefType::get(sourceType.getShape(), sourceType.getElementType());
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(reshape)) {
      auto collapsedType = memref::CollapseShapeOp::computeCollapsedType(
          cast<MemRefType>(view.getType()), expand.getReassociationIndices());
      if (collapsedType != viewType)
        return nullptr;
      view = memref::CollapseShapeOp::create(builder, reshapeLoc, view,
                                             expand.getReassociationIndices());
      continue;
    }
    auto collapse = cast<tensor::CollapseShapeOp>(reshape);
    if (i + 1 != top.size() && !sourceType.hasStaticShape())
      return nullptr;
    SmallVector<OpFoldResult> outputShape =
        i + 1 == top.size() ? SmallVector<OpFoldResult>(sizes)
                            : getAsIndexOpFoldResult(builder.getContext(),
                                                     sourceType.getShape());
    view = memref::ExpandShapeOp::create(
        builder, reshapeLoc, viewType.getShape(), view,
        collapse.getReassociationIndices(), outputShape);
  }
  if (view.getType() !=
      MemRefType::get(cast<RankedTensorType>(coreType).getShape(),
                      getElementTypeOrSelf(coreType)))
    return nullptr;
  return view;
}

/// Whether two unit-stride regions provably share no element: along some
/// dimension, one ends where or before the other starts. (Upstream's
/// areOverlappingSlices gives up at the first dimension it cannot decide,
/// such as a dynamic size both regions cover whole.)
bool areDisjoint(MLIRContext *context, tensor::ExtractSliceOp first,
                 tensor::ExtractSliceOp second) {
  if (!first.hasUnitStride() || !second.hasUnitStride())
    return false;
  using Variable = ValueBoundsConstraintSet::Variable;
  AffineMap end = AffineMap::get(
      0, 2, getAffineSymbolExpr(0, context) + getAffineSymbolExpr(1, context));
  auto endsBefore = [&](tensor::ExtractSliceOp a, tensor::ExtractSliceOp b,
                        int64_t d) {
    Variable aEnd(end, ArrayRef<Variable>{Variable(a.getMixedOffsets()[d]),
                                          Variable(a.getMixedSizes()[d])});
    return ValueBoundsConstraintSet::compare(
        aEnd, ValueBoundsConstraintSet::ComparisonOperator::LE,
        Variable(b.getMixedOffsets()[d]));
  };
  for (int64_t d = 0, e = first.getSourceType().getRank(); d < e; ++d)
    if (endsBefore(first, second, d) || endsBefore(second, first, d))
      return true;
  return false;
}

/// Writes `core`, seen through the `top` reshapes, into `destination` when
/// it is disjoint regions of a tensor.empty inserted one by one, each
/// computed by a destination-style op into that region of the same
/// tensor.empty (a kernel with one output per row of a group). Each op then
/// computes its region straight into its subview of the destination.
/// (Bufferized as tensors, the second region's kernel output would be
/// copied: the analysis cannot tell that the first insertion does not
/// overwrite it.)
LogicalResult materializeRegions(OpBuilder &builder, Operation *ret,
                                 ArrayRef<Operation *> top, Value core,
                                 Value destination) {
  SmallVector<tensor::InsertSliceOp> inserts;
  Value base = core;
  while (auto insert = base.getDefiningOp<tensor::InsertSliceOp>()) {
    inserts.push_back(insert);
    base = insert.getDest();
  }
  auto empty = base.getDefiningOp<tensor::EmptyOp>();
  if (inserts.empty() || !empty)
    return failure();
  std::reverse(inserts.begin(), inserts.end()); // In program order.
  // Per insertion, the destination operand its source was computed into,
  // a region of the empty tensor where it is inserted. CSE may have merged
  // the empty tensors and regions of results of one shape: only these
  // operands change.
  SmallVector<OpOperand *> inits;
  SmallVector<tensor::ExtractSliceOp> regions;
  for (tensor::InsertSliceOp insert : inserts) {
    auto source = dyn_cast<OpResult>(insert.getSource());
    auto dps = source ? dyn_cast<DestinationStyleOpInterface>(source.getOwner())
                      : DestinationStyleOpInterface();
    if (!dps || !dps.hasPureTensorSemantics() || !source.hasOneUse())
      return failure();
    OpOperand *init = dps.getTiedOpOperand(source);
    auto region = init->get().getDefiningOp<tensor::ExtractSliceOp>();
    if (!region || region.getSource() != empty ||
        region.getType() != insert.getSourceType() ||
        !isEqualConstantIntOrValueArray(region.getMixedOffsets(),
                                        insert.getMixedOffsets()) ||
        !isEqualConstantIntOrValueArray(region.getMixedSizes(),
                                        insert.getMixedSizes()) ||
        !isEqualConstantIntOrValueArray(region.getMixedStrides(),
                                        insert.getMixedStrides()))
      return failure();
    inits.push_back(init);
    regions.push_back(region);
  }
  // The regions must not overlap: in place, a later insertion would no
  // longer overwrite an earlier one.
  for (auto [i, first] : llvm::enumerate(regions))
    for (tensor::ExtractSliceOp second : ArrayRef(regions).drop_front(i + 1))
      if (!areDisjoint(builder.getContext(), first, second))
        return failure();

  // The view takes the empty tensor's place: its sizes are defined before.
  builder.setInsertionPoint(empty);
  Value view = viewAsCore(builder, top, empty.getMixedSizes(), destination,
                          core.getType());
  if (!view)
    return failure();
  auto viewType = cast<MemRefType>(view.getType());
  for (auto [insert, init, region] : llvm::zip_equal(inserts, inits, regions)) {
    Location loc = region.getLoc();
    builder.setInsertionPoint(init->getOwner());
    auto subviewType = memref::SubViewOp::inferRankReducedResultType(
        region.getType().getShape(), viewType, region.getMixedOffsets(),
        region.getMixedSizes(), region.getMixedStrides());
    Value subview = memref::SubViewOp::create(
        builder, loc, cast<MemRefType>(subviewType), view,
        region.getMixedOffsets(), region.getMixedSizes(),
        region.getMixedStrides());
    // Restrict although the subviews share the output buffer: the regions
    // are disjoint, so no two of these tensors alias.
    Value regionTensor = bufferization::ToTensorOp::create(
        builder, loc, region.getType(), subview, builder.getUnitAttr(),
        builder.getUnitAttr());
    init->set(regionTensor);
    if (region->use_empty())
      region.erase();
    builder.setInsertionPoint(ret);
    bufferization::MaterializeInDestinationOp::create(
        builder, loc, /*result=*/Type(), insert.getSource(), subview,
        /*restrict=*/builder.getUnitAttr(), /*writable=*/builder.getUnitAttr());
  }
  return success();
}

/// Writes `result` into the buffer `destination` (a memref of its shape).
///
/// When `result` is `core` seen through reshapes (the lowering flattens
/// elementwise ops and views upsampled outputs with extra dimensions), and
/// `core` is computed by a destination-style op into a reshaped tensor.empty,
/// the destination memref is reshaped instead, once: `core` is computed into
/// that view (`to_tensor ... restrict writable`) and materialized into the
/// same view, which bufferizes to no copy at all. upstream
/// eliminate-empty-tensors cannot see through the reshapes, and folding
/// `expand_shape(collapse_shape(x))` back to `x` fails for dynamic shapes.
/// When `core` is regions of a tensor.empty inserted one by one, each
/// region's op computes it into its subview of that view
/// (materializeRegions). Without reshapes, the empty tensor at the root of
/// the result's chain of destinations becomes the output buffer. Anything
/// else gets a plain materialization.
void materializeResult(OpBuilder &builder, Operation *ret, Value result,
                       Value destination) {
  Location loc = ret->getLoc();
  auto fallback = [&]() {
    builder.setInsertionPoint(ret);
    bufferization::MaterializeInDestinationOp::create(
        builder, loc, /*result=*/Type(), result, destination,
        /*restrict=*/builder.getUnitAttr(), /*writable=*/builder.getUnitAttr());
  };

  // result = top reshapes (core), core = dps(outs: bottom reshapes (empty)).
  SmallVector<Operation *> top, bottom;
  Value core = result;
  while (isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
      core.getDefiningOp())) {
    top.push_back(core.getDefiningOp());
    core = core.getDefiningOp()->getOperand(0);
  }
  if (succeeded(materializeRegions(builder, ret, top, core, destination)))
    return;
  auto dps = core.getDefiningOp<DestinationStyleOpInterface>();
  if (!dps || !dps.hasPureTensorSemantics())
    return fallback();

  // No reshape on top: follow the destinations (linalg inits, insert_slice
  // dests) down to the tensor.empty they all start from. Its contents are
  // never read, so every use of it (also the extract_slices giving regions
  // of the output their destinations) can become the output buffer.
  if (top.empty()) {
    Value root = core;
    while (auto op = root.getDefiningOp<DestinationStyleOpInterface>()) {
      if (!op.hasPureTensorSemantics())
        return fallback();
      root = op.getTiedOpOperand(cast<OpResult>(root))->get();
    }
    auto empty = root.getDefiningOp<tensor::EmptyOp>();
    if (!empty || empty.getType() != result.getType())
      return fallback();
    builder.setInsertionPointToStart(empty->getBlock());
    Value whole = bufferization::ToTensorOp::create(
        builder, loc, empty.getType(), destination, builder.getUnitAttr(),
        builder.getUnitAttr());
    // Only the uses computing this result: CSE merges the empty tensors of
    // results of one shape, which must still go to their own buffers.
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.inclusive = true;
    (void)getBackwardSlice(core, &slice, options);
    empty.getResult().replaceUsesWithIf(
        whole, [&](OpOperand &use) { return slice.contains(use.getOwner()); });
    if (empty->use_empty())
      empty.erase();
    return fallback();
  }
  OpOperand *init = dps.getTiedOpOperand(cast<OpResult>(core));
  Value value = init->get();
  while (isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
      value.getDefiningOp())) {
    bottom.push_back(value.getDefiningOp());
    value = value.getDefiningOp()->getOperand(0);
  }
  auto empty = value.getDefiningOp<tensor::EmptyOp>();
  if (!empty ||
      !llvm::all_of(
          bottom, [](Operation *op) { return op->getResult(0).hasOneUse(); }) ||
      !empty->hasOneUse() || !init->get().hasOneUse())
    return fallback();

  // Sizes of `core`, from the empty tensor through the bottom reshapes: the
  // sizes a top collapse needs to be undone.
  builder.setInsertionPoint(empty);
  SmallVector<OpFoldResult> sizes = empty.getMixedSizes();
  for (Operation *reshape : llvm::reverse(bottom)) {
    Location reshapeLoc = reshape->getLoc();
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(reshape)) {
      sizes = expand.getMixedOutputShape();
      continue;
    }
    auto collapse = cast<tensor::CollapseShapeOp>(reshape);
    SmallVector<OpFoldResult> collapsed;
    for (ReassociationIndices group : collapse.getReassociationIndices()) {
      OpFoldResult product = builder.getIndexAttr(1);
      for (int64_t d : group) {
        auto a = getConstantIntValue(product),
             c = getConstantIntValue(sizes[d]);
        if (a && c) {
          product = builder.getIndexAttr(*a * *c);
          continue;
        }
        product =
            arith::MulIOp::create(
                builder, reshapeLoc,
                getValueOrCreateConstantIndexOp(builder, reshapeLoc, product),
                getValueOrCreateConstantIndexOp(builder, reshapeLoc, sizes[d]))
                .getResult();
      }
      collapsed.push_back(product);
    }
    sizes = collapsed;
  }
  // Sizes must be available where the empty tensor was.
  for (OpFoldResult size : sizes)
    if (auto v = dyn_cast<Value>(size))
      if (Operation *def = v.getDefiningOp();
          def && def->getBlock() == empty->getBlock() &&
          empty->isBeforeInBlock(def))
        return fallback();

  Value view = viewAsCore(builder, top, sizes, destination, core.getType());
  if (!view)
    return fallback();

  Value viewTensor = bufferization::ToTensorOp::create(
      builder, loc, core.getType(), view, builder.getUnitAttr(),
      builder.getUnitAttr());
  init->set(viewTensor);
  for (Operation *op : bottom)
    if (op->use_empty())
      op->erase();
  if (empty->use_empty())
    empty.erase();
  builder.setInsertionPoint(ret);
  bufferization::MaterializeInDestinationOp::create(
      builder, loc, /*result=*/Type(), core, view,
      /*restrict=*/builder.getUnitAttr(), /*writable=*/builder.getUnitAttr());
}

/// A value inserted into a region of a tensor (a Concat's input) that is
/// computed into a tensor.empty of its own, through destination-style ops
/// and reshapes (a Resize's kernel), is computed into that region instead:
/// the empty tensor becomes the slice of the insertion's destination
/// (reshaped as the empty tensor is on the way), and the ops that
/// compute the value move after that destination's definition. Upstream
/// eliminate-empty-tensors does this without the reshapes; with them, the
/// value would be computed into a buffer of its own and copied.
void computeInsertedValuesInPlace(func::FuncOp func) {
  DominanceInfo dominance(func);
  SmallVector<tensor::InsertSliceOp> inserts;
  func.walk([&](tensor::InsertSliceOp insert) { inserts.push_back(insert); });
  for (tensor::InsertSliceOp insert : inserts) {
    Value dest = insert.getDest();
    // The ops computing the source, from the source's down to the empty
    // tensor, and the reshapes on the way, which the slice undoes in
    // order.
    SmallVector<Operation *> chain, reshapes;
    tensor::EmptyOp empty;
    Value value = insert.getSource();
    while (Operation *def = value.getDefiningOp()) {
      if (!value.hasOneUse() || def->getBlock() != insert->getBlock())
        break;
      chain.push_back(def);
      if (auto found = dyn_cast<tensor::EmptyOp>(def)) {
        empty = found;
        break;
      }
      if (isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def)) {
        reshapes.push_back(def);
        value = def->getOperand(0);
        continue;
      }
      auto dps = dyn_cast<DestinationStyleOpInterface>(def);
      if (!dps || !dps.hasPureTensorSemantics() || def->getNumResults() != 1)
        break;
      value = dps.getTiedOpOperand(cast<OpResult>(value))->get();
    }
    Operation *destDef = dest.getDefiningOp();
    if (!empty || !empty.getType().hasStaticShape() ||
        (destDef && destDef->getBlock() != insert->getBlock()))
      continue;
    // The slice replaces the empty tensor where it ends up: its offsets
    // and sizes must be defined there.
    bool moves = destDef && empty->isBeforeInBlock(destDef);
    auto definedAtSlice = [&](Value value) {
      return moves ? value.getDefiningOp() == destDef ||
                         dominance.properlyDominates(value, destDef)
                   : dominance.properlyDominates(value, empty);
    };
    if (!llvm::all_of(insert.getOperands().drop_front(2), definedAtSlice))
      continue;
    // The ops move after the destination's definition, in order, when
    // they all come before it (their operands then dominate the new place).
    if (moves) {
      if (llvm::any_of(chain, [&](Operation *op) {
            return !op->isBeforeInBlock(destDef);
          }))
        continue;
      Operation *after = destDef;
      for (Operation *op : llvm::reverse(chain)) {
        op->moveAfter(after);
        after = op;
      }
    }
    OpBuilder builder(empty);
    SmallVector<Operation *> made;
    Value slice = tensor::ExtractSliceOp::create(
        builder, empty.getLoc(), insert.getSourceType(), dest,
        insert.getMixedOffsets(), insert.getMixedSizes(),
        insert.getMixedStrides());
    made.push_back(slice.getDefiningOp());
    for (Operation *reshape : reshapes) {
      if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(reshape))
        slice = tensor::ExpandShapeOp::create(
            builder, collapse.getLoc(), collapse.getSrcType(), slice,
            collapse.getReassociationIndices());
      else
        slice = tensor::CollapseShapeOp::create(
            builder, reshape->getLoc(), slice,
            cast<tensor::ExpandShapeOp>(reshape).getReassociationIndices());
      made.push_back(slice.getDefiningOp());
    }
    if (slice.getType() != empty.getType()) {
      // Left as it was.
      for (Operation *op : llvm::reverse(made))
        op->erase();
      continue;
    }
    empty.replaceAllUsesWith(slice);
    empty.erase();
  }
}

struct ONNXResultsToDestinationsPass
    : onnxc::impl::ONNXResultsToDestinationsPassBase<
          ONNXResultsToDestinationsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func.isPublic())
        continue;
      if (failed(convert(func)))
        return signalPassFailure();
      computeInsertedValuesInPlace(func);
    }
  }

  static LogicalResult convert(func::FuncOp func) {
    MLIRContext *context = func.getContext();
    FunctionType type = func.getFunctionType();
    Block &entry = func.getBody().front();

    // One identity-layout memref argument per ranked tensor result.
    SmallVector<Type> keptResults;
    SmallVector<DictionaryAttr> keptResultAttrs;
    llvm::BitVector erasedResults(type.getNumResults());
    SmallVector<BlockArgument> destinations(type.getNumResults());
    for (auto [i, resultType] : llvm::enumerate(type.getResults())) {
      auto tensorType = dyn_cast<RankedTensorType>(resultType);
      if (!tensorType) {
        keptResults.push_back(resultType);
        keptResultAttrs.push_back(func.getResultAttrDict(i));
        continue;
      }
      auto memrefType =
          MemRefType::get(tensorType.getShape(), tensorType.getElementType());
      unsigned index = func.getNumArguments();
      if (failed(func.insertArgument(index, memrefType,
                                     func.getResultAttrDict(i), func.getLoc())))
        return failure();
      destinations[i] = entry.getArgument(index);
      erasedResults.set(i);
    }
    if (erasedResults.none())
      return success();

    WalkResult walk = func.walk([&](func::ReturnOp ret) {
      OpBuilder builder(ret);
      SmallVector<Value> kept, written;
      for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
        if (!erasedResults.test(i)) {
          kept.push_back(value);
          continue;
        }
        materializeResult(builder, ret, value, destinations[i]);
        written.push_back(value);
      }
      ret->setOperands(kept);
      // What computed a result only for the return (the reshapes and
      // insertions of materializeRegions) is dead now.
      // A set: an op is erased once, and only when no op is left that uses
      // it, so none pushes it again.
      SetVector<Operation *> worklist;
      for (Value value : written)
        if (Operation *def = value.getDefiningOp())
          worklist.insert(def);
      while (!worklist.empty()) {
        Operation *op = worklist.pop_back_val();
        if (!isOpTriviallyDead(op))
          continue;
        for (Value operand : op->getOperands())
          if (Operation *def = operand.getDefiningOp())
            worklist.insert(def);
        op->erase();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();

    func.setFunctionType(FunctionType::get(
        context, func.getBody().getArgumentTypes(), keptResults));
    func.setAllResultAttrs(keptResultAttrs);
    func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                  UnitAttr::get(context));
    return success();
  }
};
} // namespace
