//===- LoopAccesses.cpp - What a parallel loop nest reads and writes -----===//

#include "LoopAccesses.h"

#include "onnxc/Codegen/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace onnxc::codegen;

std::optional<int64_t> onnxc::codegen::getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    std::optional<int64_t> part = getElementBytes(complex.getElementType());
    return part ? std::optional<int64_t>(2 * *part) : std::nullopt;
  }
  if (type.isIntOrFloat())
    return (type.getIntOrFloatBitWidth() + 7) / 8;
  return std::nullopt;
}

bool onnxc::codegen::isParallelLoop(Operation *op) {
  auto loop = dyn_cast_or_null<scf::ForOp>(op);
  return loop && loop->hasAttr(onnxc::kParallelLoopAttrName) &&
         loop.getNumResults() == 0 && !loop.getUnsignedCmp();
}

Value onnxc::codegen::getBaseBuffer(Value memref, bool throughWorkspace) {
  while (Operation *op = memref.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(op);
    if (!view || (isa<memref::ViewOp>(op) && !throughWorkspace))
      break;
    memref = view.getViewSource();
  }
  return memref;
}

bool onnxc::codegen::isKnownBase(Value base) {
  if (auto argument = dyn_cast<BlockArgument>(base)) {
    Block *block = argument.getOwner();
    return block->isEntryBlock() &&
           isa<FunctionOpInterface>(block->getParentOp());
  }
  Operation *op = base.getDefiningOp();
  return isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp,
             memref::ViewOp>(op);
}

bool onnxc::codegen::isIterationBuffer(Value buffer) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || !isa<scf::ForOp>(alloc->getParentOp()))
    return false;
  MemRefType type = alloc.getType();
  std::optional<int64_t> elementBytes = getElementBytes(type.getElementType());
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      type.getMemorySpace() || !elementBytes ||
      type.getNumElements() * *elementBytes > onnxc::kMaxIterationBufferBytes)
    return false;
  int deallocs = 0;
  for (Operation *user : alloc->getUsers())
    if (isa<memref::DeallocOp>(user) &&
        (++deallocs > 1 || user->getBlock() != alloc->getBlock()))
      return false;
  return deallocs == 1;
}

bool Box::isDisjointFrom(const Box &other) const {
  if (offsets.size() != other.offsets.size())
    return false;
  for (size_t d = 0; d < offsets.size(); ++d)
    if (offsets[d] + sizes[d] <= other.offsets[d] ||
        other.offsets[d] + other.sizes[d] <= offsets[d])
      return true;
  return false;
}

bool LoopAccesses::readsWhatItWrites() const {
  return llvm::any_of(written, [&](Value base) { return read.contains(base); });
}

bool LoopAccesses::dependsOn(const LoopAccesses &other) const {
  for (Value base : writtenRoots)
    if (other.readRoots.contains(base))
      return true;
  for (Value base : other.writtenRoots)
    if (readRoots.contains(base))
      return true;
  for (const Write &mine : writes)
    for (const Write &theirs : other.writes)
      if (mine.base == theirs.base &&
          (!mine.box || !theirs.box || !mine.box->isDisjointFrom(*theirs.box)))
        return true;
  return false;
}

/// The box of `base` that a write through `memref` inside `loop` stays in:
/// the view of `base` the chain starts with, when it is a static subview
/// with unit strides made outside the loop.
static std::optional<Box> getWriteBox(Value memref, Value base,
                                      scf::ForOp loop) {
  Operation *first = nullptr;
  for (Operation *op = memref.getDefiningOp(); op;) {
    auto view = dyn_cast<ViewLikeOpInterface>(op);
    if (!view || isa<memref::ViewOp>(op))
      break;
    if (view.getViewSource() == base) {
      first = op;
      break;
    }
    op = view.getViewSource().getDefiningOp();
  }
  // Only views that keep inside their source on the way to the write.
  for (Operation *op = memref.getDefiningOp(); op && op != first;
       op = cast<ViewLikeOpInterface>(op).getViewSource().getDefiningOp())
    if (!isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::CastOp, memref::TransposeOp>(op))
      return std::nullopt;
  auto subview = dyn_cast_or_null<memref::SubViewOp>(first);
  if (!subview || loop->isAncestor(subview) || !subview.getOffsets().empty() ||
      !subview.getSizes().empty() ||
      !llvm::all_of(subview.getStaticStrides(),
                    [](int64_t s) { return s == 1; }))
    return std::nullopt;
  return Box{llvm::to_vector(subview.getStaticOffsets()),
             llvm::to_vector(subview.getStaticSizes())};
}

bool onnxc::codegen::walkMemoryEffects(
    Region &region,
    llvm::function_ref<bool(const MemoryEffects::EffectInstance &)> visit) {
  return !region
              .walk([&](Operation *op) {
                // A prefetch declares a write only to keep its place among
                // the accesses; it changes no data.
                if (isMemoryEffectFree(op) || isa<memref::PrefetchOp>(op))
                  return WalkResult::advance();
                auto effecting = dyn_cast<MemoryEffectOpInterface>(op);
                if (!effecting)
                  return op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                             ? WalkResult::advance()
                             : WalkResult::interrupt();
                SmallVector<MemoryEffects::EffectInstance> effects;
                effecting.getEffects(effects);
                for (const MemoryEffects::EffectInstance &effect : effects)
                  if (!visit(effect))
                    return WalkResult::interrupt();
                return WalkResult::advance();
              })
              .wasInterrupted();
}

std::optional<LoopAccesses> onnxc::codegen::getLoopAccesses(scf::ForOp loop) {
  LoopAccesses accesses;
  // A buffer of one iteration is no other iteration's business.
  auto isPrivate = [&](Value base) {
    return isIterationBuffer(base) &&
           loop->isProperAncestor(base.getDefiningOp());
  };
  bool known = walkMemoryEffects(
      loop.getRegion(), [&](const MemoryEffects::EffectInstance &effect) {
        Value value = effect.getValue();
        bool isMemRef = value && isa<MemRefType>(value.getType());
        if (isa<MemoryEffects::Allocate, MemoryEffects::Free>(
                effect.getEffect()))
          return isa<SideEffects::AutomaticAllocationScopeResource>(
                     effect.getResource()) ||
                 (isMemRef && isPrivate(getBaseBuffer(value, false)));
        if (!isMemRef)
          return false;
        Value base = getBaseBuffer(value, /*throughWorkspace=*/false);
        Value root = getBaseBuffer(value, /*throughWorkspace=*/true);
        if (isPrivate(base))
          return true;
        if (!isKnownBase(base) || !isKnownBase(root))
          return false;
        if (isa<MemoryEffects::Write>(effect.getEffect())) {
          accesses.written.insert(base);
          accesses.writtenRoots.insert(root);
          accesses.writes.push_back({root, getWriteBox(value, root, loop)});
        } else {
          accesses.read.insert(base);
          accesses.readRoots.insert(root);
        }
        return true;
      });
  if (!known)
    return std::nullopt;
  return accesses;
}

void onnxc::codegen::cloneInterleaved(
    OpBuilder &builder, Block &body, MutableArrayRef<IRMapping> maps,
    llvm::function_ref<bool(Operation *)> isShared) {
  auto ops =
      llvm::to_vector(llvm::make_pointer_range(body.without_terminator()));
  for (size_t begin = 0; begin < ops.size();) {
    size_t end = begin;
    while (end < ops.size() && !hasEffect<MemoryEffects::Write>(ops[end++]))
      ;
    for (auto [i, map] : llvm::enumerate(maps))
      for (Operation *op : ArrayRef(ops).slice(begin, end - begin)) {
        if (i > 0 && isShared(op)) {
          for (Value result : op->getResults())
            map.map(result, maps.front().lookup(result));
          continue;
        }
        builder.clone(*op, map);
      }
    begin = end;
  }
}

namespace {
std::optional<int64_t> getStaticBytes(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  return type.getNumElements() * static_cast<int64_t>(llvm::divideCeil(
                                     type.getElementTypeBitWidth(), 8));
}

/// The largest of `buffers` in bytes, constant globals left out when
/// `skipConstants`; nullopt when one's size is unknown.
std::optional<int64_t>
getLargestBytes(const llvm::SmallDenseSet<Value> &buffers, bool skipConstants) {
  int64_t bytes = 0;
  for (Value buffer : buffers) {
    if (skipConstants && isConstantGlobal(buffer))
      continue;
    std::optional<int64_t> size = getStaticBytes(buffer);
    if (!size)
      return std::nullopt;
    bytes = std::max(bytes, *size);
  }
  return bytes;
}
} // namespace

bool onnxc::codegen::isConstantGlobal(Value buffer) {
  auto getGlobal = buffer.getDefiningOp<memref::GetGlobalOp>();
  if (!getGlobal)
    return false;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      getGlobal, getGlobal.getNameAttr());
  return global && global.getConstant();
}

bool LoopAccesses::readsMoreThanItWrites() const {
  std::optional<int64_t> largestRead = getLargestBytes(read, true);
  std::optional<int64_t> largestWritten = getLargestBytes(written, false);
  return largestRead && largestWritten && *largestRead > *largestWritten;
}
