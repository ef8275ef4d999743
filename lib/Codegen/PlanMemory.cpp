//===- PlanMemory.cpp - One workspace for a function's buffers ------------===//
//
// Interval placement of the statically shaped buffers a function allocates:
// lifetimes from the bufferized IR, offsets by greedy first fit (largest
// buffer first), one allocation for all of them.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"
#include "onnxc/Dialect/ONNX/ONNXDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXPLANMEMORYPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

constexpr int64_t kAlignment = 64;

int64_t alignUp(int64_t value) {
  return (value + kAlignment - 1) / kAlignment * kAlignment;
}

/// Bytes of one element in memory, if known.
std::optional<int64_t> getElementBytes(Type type) {
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

struct PlannedBuffer {
  memref::AllocOp alloc;
  memref::DeallocOp dealloc;
  int64_t bytes;
  unsigned begin, end; // Positions in the entry block, inclusive.
  int64_t offset = 0;
};

/// The position in `block` of the op holding `op` (itself or an ancestor).
std::optional<unsigned> getPosition(Block &block, Operation *op,
                                    const DenseMap<Operation *, unsigned> &at) {
  Operation *ancestor = block.findAncestorOpInBlock(*op);
  if (!ancestor)
    return std::nullopt;
  return at.lookup(ancestor);
}

/// The last position at which `value` or a view of it is used, or nullopt
/// when it escapes in a way the planner does not follow.
std::optional<unsigned> getLastUse(Block &block, Value value,
                                   memref::DeallocOp dealloc,
                                   const DenseMap<Operation *, unsigned> &at) {
  unsigned last = 0;
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (OpOperand &use : current.getUses()) {
      Operation *user = use.getOwner();
      if (user == dealloc)
        continue;
      if (isa<func::ReturnOp>(user) || isa<memref::DeallocOp>(user))
        return std::nullopt;
      std::optional<unsigned> position = getPosition(block, user, at);
      if (!position)
        return std::nullopt;
      last = std::max(last, *position);
      if (auto view = dyn_cast<ViewLikeOpInterface>(user))
        if (view.getViewSource() == current)
          llvm::append_range(worklist, user->getResults());
    }
  }
  return last;
}

struct ONNXPlanMemoryPass
    : onnxc::impl::ONNXPlanMemoryPassBase<ONNXPlanMemoryPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    Block &block = func.getBody().front();
    DenseMap<Operation *, unsigned> at;
    for (auto [i, op] : llvm::enumerate(block))
      at[&op] = i;

    // The buffers to plan, and whether anything else is allocated.
    SmallVector<PlannedBuffer> buffers;
    bool allPlanned = true;
    func.walk([&](memref::AllocOp alloc) {
      auto type = alloc.getType();
      std::optional<int64_t> elementBytes =
          getElementBytes(type.getElementType());
      memref::DeallocOp dealloc;
      for (Operation *user : alloc->getUsers())
        if (auto d = dyn_cast<memref::DeallocOp>(user))
          dealloc = d;
      std::optional<unsigned> lastUse;
      if (dealloc && dealloc->getBlock() == &block)
        lastUse = getLastUse(block, alloc.getResult(), dealloc, at);
      if (alloc->getBlock() != &block || !type.hasStaticShape() ||
          !type.getLayout().isIdentity() || type.getMemorySpace() ||
          !elementBytes || !lastUse) {
        allPlanned = false;
        return;
      }
      int64_t bytes =
          alignUp(std::max<int64_t>(1, type.getNumElements() * *elementBytes));
      buffers.push_back(
          {alloc, dealloc, bytes, at.lookup(alloc), *lastUse, /*offset=*/0});
    });

    // Largest first, each at the lowest offset clear of the buffers already
    // placed whose lifetimes overlap its own.
    SmallVector<PlannedBuffer *> order;
    for (PlannedBuffer &buffer : buffers)
      order.push_back(&buffer);
    // Ties in program order, so that the plan is deterministic.
    llvm::sort(order, [](PlannedBuffer *a, PlannedBuffer *b) {
      return std::make_tuple(-a->bytes, a->begin) <
             std::make_tuple(-b->bytes, b->begin);
    });
    SmallVector<PlannedBuffer *> placed;
    int64_t total = 0;
    for (PlannedBuffer *buffer : order) {
      SmallVector<std::pair<int64_t, int64_t>> taken;
      for (PlannedBuffer *other : placed)
        if (other->begin <= buffer->end && buffer->begin <= other->end)
          taken.push_back({other->offset, other->offset + other->bytes});
      llvm::sort(taken);
      int64_t offset = 0;
      for (auto [begin, end] : taken) {
        if (offset + buffer->bytes <= begin)
          break;
        offset = std::max(offset, end);
      }
      buffer->offset = offset;
      total = std::max(total, offset + buffer->bytes);
      placed.push_back(buffer);
    }
    func->setAttr(
        onnxc::onnx::ONNXDialect::WorkspaceBytesAttrHelper::getNameStr(),
        IntegerAttr::get(IntegerType::get(func.getContext(), 64),
                         allPlanned ? total : int64_t(-1)));
    if (buffers.empty())
      return;

    // One allocation, views into it.
    OpBuilder builder(&block, block.begin());
    Location loc = func.getLoc();
    auto workspaceType = MemRefType::get({total}, builder.getI8Type());
    Value workspace = memref::AllocOp::create(
        builder, loc, workspaceType, builder.getI64IntegerAttr(kAlignment));
    for (PlannedBuffer &buffer : buffers) {
      builder.setInsertionPoint(buffer.alloc);
      Value offset =
          arith::ConstantIndexOp::create(builder, loc, buffer.offset);
      Value view = memref::ViewOp::create(builder, buffer.alloc.getLoc(),
                                          buffer.alloc.getType(), workspace,
                                          offset, ValueRange{});
      buffer.alloc.getResult().replaceAllUsesWith(view);
      buffer.alloc.erase();
      buffer.dealloc.erase();
    }
    builder.setInsertionPoint(block.getTerminator());
    memref::DeallocOp::create(builder, loc, workspace);
  }
};
} // namespace
