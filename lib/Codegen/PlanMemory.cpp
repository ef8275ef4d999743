//===- PlanMemory.cpp - One workspace for a function's buffers ------------===//
//
// Interval placement of the buffers a function allocates: lifetimes from the
// bufferized IR; offsets by greedy first fit (largest buffer first) for
// static sizes, and computed at run time above those for dynamic sizes; one
// allocation for all of them, whose size the shape function also reports.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "LoopAccesses.h"
#include "onnxc/Dialect/ONNX/ONNXDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace onnxc {
#define GEN_PASS_DEF_ONNXPLANMEMORYPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using onnxc::codegen::getElementBytes;

namespace {

constexpr int64_t kAlignment = 64;

int64_t alignUp(int64_t value) {
  return (value + kAlignment - 1) / kAlignment * kAlignment;
}

/// One buffer to place: its allocation, its lifetime in entry-block
/// positions (inclusive) and its size, a constant or, for a dynamic shape,
/// a value computed at the top of the function.
struct PlannedBuffer {
  memref::AllocOp alloc;
  memref::DeallocOp dealloc;
  unsigned begin = 0, end = 0;
  std::optional<int64_t> staticBytes;
  Value dynamicBytes;
  int64_t staticOffset = 0;
  Value dynamicOffset, dynamicEnd;
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

/// Whether nothing in the function writes or frees `memref` or a view of
/// it, so that a load from it reads the same value anywhere in the function.
bool isReadOnly(Value memref) {
  SmallVector<Value> worklist = {memref};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    for (Operation *user : current.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == current) {
        llvm::append_range(worklist, user->getResults());
        continue;
      }
      // Anything else that could pass the buffer on (a select, a branch, a
      // non-view op returning a memref) may lead to a write not seen here.
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          user->getNumRegions() != 0 ||
          llvm::any_of(user->getResultTypes(), llvm::IsaPred<BaseMemRefType>))
        return false;
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects)
        return false;
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &instance : instances)
        if ((!instance.getValue() || instance.getValue() == current) &&
            !isa<MemoryEffects::Read, MemoryEffects::Allocate>(
                instance.getEffect()))
          return false;
    }
  }
  return true;
}

/// Recomputes values of a function's entry block elsewhere (at the top of
/// the function, or in another function): the pure ops they depend on,
/// `memref.dim` and loads from read-only arguments, cloned in order.
/// `mapArgument` gives what an argument of the function stands for there,
/// or null; `mapDim` may replace a `memref.dim` outright.
class SliceCloner {
public:
  SliceCloner(OpBuilder &builder, Block &source,
              std::function<Value(BlockArgument)> mapArgument,
              std::function<Value(memref::DimOp)> mapDim)
      : builder(builder), source(source), mapArgument(std::move(mapArgument)),
        mapDim(std::move(mapDim)) {}

  /// `value` at the builder's insertion point, or null when it depends on
  /// something that cannot move there.
  Value get(Value value) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() != &source)
        return nullptr;
      Value mapped = mapArgument(argument);
      if (mapped)
        mapping.map(value, mapped);
      return mapped;
    }
    Operation *op = value.getDefiningOp();
    if (op->getBlock() != &source || op->getNumRegions() != 0)
      return nullptr;
    if (auto dim = dyn_cast<memref::DimOp>(op))
      if (Value replaced = mapDim(dim)) {
        mapping.map(value, replaced);
        return replaced;
      }
    auto load = dyn_cast<memref::LoadOp>(op);
    if (load) {
      if (!isa<BlockArgument>(load.getMemRef()) ||
          !isReadOnly(load.getMemRef()))
        return nullptr;
    } else if (!isa<memref::DimOp>(op) && !isMemoryEffectFree(op)) {
      return nullptr;
    }
    for (Value operand : op->getOperands())
      if (!get(operand))
        return nullptr;
    Operation *clone = builder.clone(*op, mapping);
    return clone->getResult(cast<OpResult>(value).getResultNumber());
  }

private:
  OpBuilder &builder;
  Block &source;
  std::function<Value(BlockArgument)> mapArgument;
  std::function<Value(memref::DimOp)> mapDim;
  IRMapping mapping;
};

/// Index arithmetic on byte counts that saturates at kSaturatedBytes:
/// sizes come from the inputs, and a total that wrapped around would make
/// the workspace too small for its views. No sum or product of saturated
/// values wraps, so a total at the bound is the one sign that some step
/// reached it; the bound is more than any allocation can get.
struct SaturatingArithmetic {
  static constexpr int64_t kSaturatedBytes = int64_t(1) << 62;

  SaturatingArithmetic(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// min(a * c, bound): the bound when c != 0 and a exceeds bound / c, the
  /// division by the constant operand when there is one. A product by 0 is
  /// 0 whatever a is: an empty tensor may have a dimension past the bound.
  Value mul(Value a, Value c) {
    if (getConstantIntValue(a) && !getConstantIntValue(c))
      std::swap(a, c);
    Value divisor = b.createOrFold<arith::MaxUIOp>(loc, c, constant(1));
    Value largest =
        b.createOrFold<arith::DivUIOp>(loc, constant(kSaturatedBytes), divisor);
    Value exceeds = b.createOrFold<arith::CmpIOp>(
        loc, arith::CmpIPredicate::ugt, a, largest);
    Value nonZero = b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ne,
                                                  c, constant(0));
    Value reaches = b.createOrFold<arith::AndIOp>(loc, exceeds, nonZero);
    Value product = b.createOrFold<arith::MulIOp>(loc, a, c);
    return b.createOrFold<arith::SelectOp>(loc, reaches,
                                           constant(kSaturatedBytes), product);
  }

  /// min(a + c, bound), for a and c within the bound.
  Value add(Value a, Value c) {
    Value sum = b.createOrFold<arith::AddIOp>(loc, a, c);
    return b.createOrFold<arith::MinUIOp>(loc, sum, constant(kSaturatedBytes));
  }

  /// alignUp(max(1, value)), for a value within the bound.
  Value alignedSize(Value value) {
    Value atLeastOne = b.createOrFold<arith::MaxUIOp>(loc, value, constant(1));
    Value padded = add(atLeastOne, constant(kAlignment - 1));
    Value blocks =
        b.createOrFold<arith::DivUIOp>(loc, padded, constant(kAlignment));
    return b.createOrFold<arith::MulIOp>(loc, blocks, constant(kAlignment));
  }

  /// Whether `total` reached the bound.
  Value reachesBound(Value total) {
    return b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::uge, total,
                                         constant(kSaturatedBytes));
  }

  OpBuilder &b;
  Location loc;
};

/// Offsets for the static buffers: largest first, each at the lowest offset
/// clear of the buffers already placed whose lifetimes overlap its own.
/// Returns the bytes they span.
int64_t placeStaticBuffers(MutableArrayRef<PlannedBuffer> buffers) {
  SmallVector<PlannedBuffer *> order;
  for (PlannedBuffer &buffer : buffers)
    if (buffer.staticBytes)
      order.push_back(&buffer);
  // Ties in program order, so that the plan is deterministic.
  llvm::sort(order, [](PlannedBuffer *a, PlannedBuffer *b) {
    return std::make_tuple(-*a->staticBytes, a->begin) <
           std::make_tuple(-*b->staticBytes, b->begin);
  });
  SmallVector<PlannedBuffer *> placed;
  int64_t total = 0;
  for (PlannedBuffer *buffer : order) {
    SmallVector<std::pair<int64_t, int64_t>> taken;
    for (PlannedBuffer *other : placed)
      if (other->begin <= buffer->end && buffer->begin <= other->end)
        taken.push_back(
            {other->staticOffset, other->staticOffset + *other->staticBytes});
    llvm::sort(taken);
    int64_t offset = 0;
    for (auto [begin, end] : taken) {
      if (offset + *buffer->staticBytes <= begin)
        break;
      offset = std::max(offset, end);
    }
    buffer->staticOffset = offset;
    total = std::max(total, offset + *buffer->staticBytes);
    placed.push_back(buffer);
  }
  return total;
}

/// Offsets for the dynamic buffers, computed at run time above the static
/// ones: in program order, each just above the highest end among the
/// buffers placed before it whose lifetimes overlap its own. Returns the
/// bytes of the whole workspace.
Value placeDynamicBuffers(SaturatingArithmetic &arithmetic,
                          MutableArrayRef<PlannedBuffer> buffers,
                          int64_t staticTotal) {
  OpBuilder &b = arithmetic.b;
  Location loc = arithmetic.loc;
  // Every end is at least staticTotal, so maxima need not start from it.
  auto max = [&](Value a, Value c) {
    return a ? b.createOrFold<arith::MaxUIOp>(loc, a, c) : c;
  };
  Value total;
  SmallVector<PlannedBuffer *> placed;
  for (PlannedBuffer &buffer : buffers) {
    if (buffer.staticBytes)
      continue;
    Value offset;
    for (PlannedBuffer *other : placed)
      if (other->begin <= buffer.end && buffer.begin <= other->end)
        offset = max(offset, other->dynamicEnd);
    buffer.dynamicOffset =
        offset ? offset : arith::ConstantIndexOp::create(b, loc, staticTotal);
    buffer.dynamicEnd =
        arithmetic.add(buffer.dynamicOffset, buffer.dynamicBytes);
    total = max(total, buffer.dynamicEnd);
    placed.push_back(&buffer);
  }
  return total;
}

struct ONNXPlanMemoryPass
    : onnxc::impl::ONNXPlanMemoryPassBase<ONNXPlanMemoryPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>()))
      if (!func.isExternal())
        plan(func);
  }

  void plan(func::FuncOp func) {
    Block &block = func.getBody().front();
    DenseMap<Operation *, unsigned> at;
    for (auto [i, op] : llvm::enumerate(block))
      at[&op] = i;
    Location loc = func.getLoc();
    OpBuilder top(&block, block.begin());
    // Dynamic sizes are recomputed at the top of the function, where the
    // workspace is allocated.
    SliceCloner hoist(
        top, block, [](BlockArgument argument) -> Value { return argument; },
        [](memref::DimOp) -> Value { return nullptr; });
    SaturatingArithmetic arithmetic(top, loc);

    // The buffers to plan, and whether anything else is allocated.
    SmallVector<PlannedBuffer> buffers;
    bool allPlanned = true;
    func.walk([&](memref::AllocOp alloc) {
      // Every thread running the loop needs its own, which one workspace
      // slot is not: onnx-stack-buffers gives it one in each stack frame.
      if (onnxc::codegen::isIterationBuffer(alloc))
        return;
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
      if (alloc->getBlock() != &block || !type.getLayout().isIdentity() ||
          type.getMemorySpace() || !elementBytes || !lastUse) {
        allPlanned = false;
        return;
      }
      PlannedBuffer buffer;
      buffer.alloc = alloc;
      buffer.dealloc = dealloc;
      buffer.begin = at.lookup(alloc);
      buffer.end = *lastUse;
      if (type.hasStaticShape()) {
        buffer.staticBytes = alignUp(
            std::max<int64_t>(1, type.getNumElements() * *elementBytes));
        buffers.push_back(buffer);
        return;
      }
      SmallVector<Value> sizes;
      for (Value size : alloc.getDynamicSizes())
        if (Value hoisted = hoist.get(size))
          sizes.push_back(hoisted);
      if (sizes.size() != alloc.getDynamicSizes().size()) {
        allPlanned = false;
        return;
      }
      int64_t staticPart = *elementBytes;
      for (int64_t dim : type.getShape())
        if (!ShapedType::isDynamic(dim))
          staticPart *= dim;
      Value bytes = arithmetic.constant(staticPart);
      for (Value size : sizes)
        bytes = arithmetic.mul(bytes, size);
      buffer.dynamicBytes = arithmetic.alignedSize(bytes);
      buffers.push_back(buffer);
    });

    int64_t staticTotal = placeStaticBuffers(buffers);
    bool dynamic = llvm::any_of(
        buffers, [](const PlannedBuffer &b) { return !b.staticBytes; });
    func->setAttr(
        onnxc::onnx::ONNXDialect::WorkspaceBytesAttrHelper::getNameStr(),
        IntegerAttr::get(IntegerType::get(func.getContext(), 64),
                         allPlanned && !dynamic ? staticTotal : int64_t(-1)));
    // A total at the bound asks for more than any allocation can get, so
    // the run ends out of memory instead of overrunning the workspace. (The
    // shape function rejects such inputs before.)
    Value total;
    if (dynamic)
      total = placeDynamicBuffers(arithmetic, buffers, staticTotal);
    if (allPlanned)
      reportWorkspaceToShapeFunction(
          func, total, total ? arithmetic.reachesBound(total) : Value(),
          staticTotal);
    if (buffers.empty())
      return;

    // One allocation, views into it.
    Value workspace =
        dynamic ? memref::AllocOp::create(
                      top, loc,
                      MemRefType::get({ShapedType::kDynamic}, top.getI8Type()),
                      ValueRange{total}, top.getI64IntegerAttr(kAlignment))
                : memref::AllocOp::create(
                      top, loc, MemRefType::get({staticTotal}, top.getI8Type()),
                      top.getI64IntegerAttr(kAlignment));
    OpBuilder builder(func.getContext());
    for (PlannedBuffer &buffer : buffers) {
      builder.setInsertionPoint(buffer.alloc);
      Value offset = buffer.staticBytes ? arith::ConstantIndexOp::create(
                                              builder, loc, buffer.staticOffset)
                                        : buffer.dynamicOffset;
      Value view = memref::ViewOp::create(
          builder, buffer.alloc.getLoc(), buffer.alloc.getType(), workspace,
          offset, buffer.alloc.getDynamicSizes());
      buffer.alloc.getResult().replaceAllUsesWith(view);
      buffer.alloc.erase();
      buffer.dealloc.erase();
    }
    builder.setInsertionPoint(block.getTerminator());
    memref::DeallocOp::create(builder, loc, workspace);
  }

  /// Makes the function's shape function (GenerateShapeFunctions) write the
  /// workspace's bytes after the output dimensions, when its checks pass:
  /// the size of a dynamic workspace is recomputed from the inputs and the
  /// output dimensions, and inputs for which it reaches the saturation bound
  /// (`tooLarge`) fail a check of their own. When it cannot be recomputed,
  /// the slot keeps its -1.
  void reportWorkspaceToShapeFunction(func::FuncOp func, Value dynamicTotal,
                                      Value tooLarge, int64_t staticTotal) {
    auto ref = func->getAttrOfType<FlatSymbolRefAttr>(
        onnxc::onnx::ONNXDialect::ShapeFunctionAttrHelper::getNameStr());
    if (!ref)
      return;
    auto shapes = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(func, ref);
    if (!shapes || shapes.isExternal() || shapes.getNumResults() != 1 ||
        !shapes.getResultTypes()[0].isInteger(32) ||
        !shapes.getBody().hasOneBlock())
      return;
    Block &shapesBlock = shapes.getBody().front();
    Value dims = shapesBlock.getArguments().back();
    auto dimsType = dyn_cast<MemRefType>(dims.getType());
    unsigned numInputs = shapes.getNumArguments() - 1;
    if (!dimsType || dimsType.getRank() != 1 || !dimsType.hasStaticShape())
      return;
    // Where each output's dimensions are in the dims buffer.
    SmallVector<int64_t> outputDimsAt;
    int64_t numDims = 0;
    for (BlockArgument argument : func.getArguments().drop_front(numInputs)) {
      auto type = dyn_cast<MemRefType>(argument.getType());
      if (!type)
        return;
      outputDimsAt.push_back(numDims);
      numDims += type.getRank();
    }
    if (dimsType.getDimSize(0) != numDims + 1)
      return;

    auto ret = cast<func::ReturnOp>(shapesBlock.getTerminator());
    Value status = ret.getOperand(0);
    OpBuilder b(ret);
    Location loc = shapes.getLoc();
    auto statusConstant = [&](int32_t value) -> Value {
      return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(value));
    };
    Value passed = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         status, statusConstant(0));
    auto ifPassed = scf::IfOp::create(b, loc, b.getI32Type(), passed,
                                      /*withElseRegion=*/true);
    b.setInsertionPointToStart(&ifPassed.getElseRegion().front());
    scf::YieldOp::create(b, loc, status);
    b.setInsertionPointToStart(&ifPassed.getThenRegion().front());
    Value total, recomputedTooLarge;
    if (!dynamicTotal) {
      total = arith::ConstantIndexOp::create(b, loc, staticTotal);
    } else {
      Block &kernelBlock = func.getBody().front();
      SliceCloner recompute(
          b, kernelBlock,
          [&](BlockArgument argument) -> Value {
            if (argument.getArgNumber() < numInputs &&
                argument.getType() ==
                    shapes.getArgument(argument.getArgNumber()).getType())
              return shapes.getArgument(argument.getArgNumber());
            return nullptr;
          },
          [&](memref::DimOp dim) -> Value {
            auto argument = dyn_cast<BlockArgument>(dim.getSource());
            std::optional<int64_t> index = dim.getConstantIndex();
            if (!argument || argument.getOwner() != &kernelBlock ||
                argument.getArgNumber() < numInputs || !index)
              return nullptr;
            int64_t at = outputDimsAt[argument.getArgNumber() - numInputs];
            Value size = memref::LoadOp::create(
                b, loc, dims,
                ValueRange{
                    arith::ConstantIndexOp::create(b, loc, at + *index)});
            return arith::IndexCastOp::create(b, loc, b.getIndexType(), size);
          });
      total = recompute.get(dynamicTotal);
      recomputedTooLarge = total ? recompute.get(tooLarge) : Value();
      if (!total || !recomputedTooLarge) {
        ifPassed.erase();
        passed.getDefiningOp()->erase();
        return;
      }
    }
    memref::StoreOp::create(
        b, loc, b.createOrFold<arith::IndexCastOp>(loc, b.getI64Type(), total),
        dims, ValueRange{arith::ConstantIndexOp::create(b, loc, numDims)});
    Value result = statusConstant(0);
    if (recomputedTooLarge) {
      // A check of its own, after those the shape function has.
      StringRef checksName =
          onnxc::onnx::ONNXDialect::ChecksAttrHelper::getNameStr();
      SmallVector<Attribute> checks;
      if (auto existing = shapes->getAttrOfType<ArrayAttr>(checksName))
        llvm::append_range(checks, existing);
      checks.push_back(b.getStringAttr(
          "the intermediate tensors these inputs need exceed the address "
          "space"));
      shapes->setAttr(checksName, b.getArrayAttr(checks));
      result = arith::SelectOp::create(b, loc, recomputedTooLarge,
                                       statusConstant(checks.size()), result);
    }
    scf::YieldOp::create(b, loc, result);
    ret->setOperand(0, ifPassed.getResult(0));
  }
};
} // namespace
