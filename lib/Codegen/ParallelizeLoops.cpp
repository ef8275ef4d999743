//===- ParallelizeLoops.cpp - Loop nests shared among threads -------------===//
//
// Each outermost parallel loop nest of a kernel becomes a task function over
// a range of its iterations, and the kernel calls the model support
// library's __onnxc_parallel_for with it (onnxc_model_support.h), which runs
// the ranges on the threads the runtime lends to the run.
//
//===----------------------------------------------------------------------===//

#include "onnxc/Codegen/Passes.h"

#include "LoopAccesses.h"
#include "onnxc/Runtime/onnxc_model_support.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace onnxc {
#define GEN_PASS_DEF_ONNXPARALLELIZELOOPSPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;
using onnxc::codegen::isParallelLoop;

namespace {

/// Whether functions `a` and `b` compute alike: the same ops in the same
/// order, with the same attributes, properties and types, each operand
/// the corresponding value (or the same value, from outside). Locations
/// aside.
bool computeAlike(func::FuncOp a, func::FuncOp b) {
  SmallVector<Operation *> lhs, rhs;
  a.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) { lhs.push_back(op); });
  b.getBody().walk<WalkOrder::PreOrder>(
      [&](Operation *op) { rhs.push_back(op); });
  if (lhs.size() != rhs.size())
    return false;
  IRMapping corresponding;
  auto mapBlocks = [&](Region &l, Region &r) {
    if (l.getBlocks().size() != r.getBlocks().size())
      return false;
    for (auto [lBlock, rBlock] : llvm::zip_equal(l, r)) {
      if (lBlock.getArgumentTypes() != rBlock.getArgumentTypes())
        return false;
      corresponding.map(lBlock.getArguments(), rBlock.getArguments());
    }
    return true;
  };
  if (!mapBlocks(a.getBody(), b.getBody()))
    return false;
  for (auto [l, r] : llvm::zip_equal(lhs, rhs)) {
    if (l->getName() != r->getName() ||
        l->getRawDictionaryAttrs() != r->getRawDictionaryAttrs() ||
        l->getPropertiesAsAttribute() != r->getPropertiesAsAttribute() ||
        l->getResultTypes() != r->getResultTypes() ||
        l->getNumOperands() != r->getNumOperands() ||
        l->getNumRegions() != r->getNumRegions())
      return false;
    for (auto [lOperand, rOperand] :
         llvm::zip_equal(l->getOperands(), r->getOperands()))
      if (corresponding.lookupOrDefault(lOperand) != rOperand)
        return false;
    for (auto [lRegion, rRegion] :
         llvm::zip_equal(l->getRegions(), r->getRegions()))
      if (!mapBlocks(lRegion, rRegion))
        return false;
    corresponding.map(l->getResults(), r->getResults());
  }
  return true;
}

constexpr StringLiteral kParallelForName = ONNXC_PARALLEL_FOR_SYMBOL;

/// Iterations a band of loops should have before its next loop is kept
/// inside each iteration instead of merged into the band: enough ranges
/// for every thread to take a few.
constexpr int64_t kMinBandIterations = 256;

bool isDefinedOutside(Value value, scf::ForOp loop) {
  return !loop.getRegion().isAncestor(value.getParentRegion());
}

std::optional<int64_t> getStaticTripCount(scf::ForOp loop) {
  std::optional<APInt> count = loop.getStaticTripCount();
  if (!count)
    return std::nullopt;
  return count->getSExtValue();
}

/// Calls `fn(bytes, loops)` for each store in `loop`'s body: the bytes it
/// writes once, and the loops between it and `loop`, innermost first.
void forEachWrite(scf::ForOp loop,
                  function_ref<void(int64_t, ArrayRef<scf::ForOp>)> fn) {
  loop.getBody()->walk([&](Operation *op) {
    int64_t bytes = 0;
    auto vectorBytes = [](VectorType type) {
      return type.getNumElements() *
             onnxc::codegen::getElementBytes(type.getElementType()).value_or(8);
    };
    Value memref;
    if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
      bytes = vectorBytes(write.getVectorType());
      memref = write.getBase();
    } else if (auto store = dyn_cast<vector::StoreOp>(op)) {
      bytes = vectorBytes(store.getVectorType());
      memref = store.getBase();
    } else if (auto store = dyn_cast<vector::MaskedStoreOp>(op)) {
      bytes = vectorBytes(store.getVectorType());
      memref = store.getBase();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      bytes = onnxc::codegen::getElementBytes(
                  store.getMemRefType().getElementType())
                  .value_or(8);
      memref = store.getMemRef();
    } else {
      return;
    }
    // A buffer of one iteration stays in the thread's cache: its writes
    // are not the output the iterations share.
    if (onnxc::codegen::isIterationBuffer(
            onnxc::codegen::getBaseBuffer(memref, /*throughWorkspace=*/false)))
      return;
    SmallVector<scf::ForOp> loops;
    for (auto parent = op->getParentOfType<scf::ForOp>(); parent != loop;
         parent = parent->getParentOfType<scf::ForOp>())
      loops.push_back(parent);
    fn(bytes, loops);
  });
}

/// Bytes one iteration of `loop`'s body writes, counting nested loops of
/// unknown trip count `unknownTripCount` times.
int64_t estimateBytesWritten(scf::ForOp loop, int64_t unknownTripCount) {
  int64_t total = 0;
  forEachWrite(loop, [&](int64_t bytes, ArrayRef<scf::ForOp> loops) {
    for (scf::ForOp nested : loops)
      bytes *= std::max<int64_t>(
          1, getStaticTripCount(nested).value_or(unknownTripCount));
    total += bytes;
  });
  return total;
}

/// Bytes an iteration of a loop must write to be worth a range of its own:
/// the iterations of an innermost vector loop, single vectors, are not.
constexpr int64_t kMinIterationBytes = 256;

/// The loops whose iterations a task's range covers: `outer` and the
/// parallel loops nested in it, each the last op of its parent's body after
/// pure ops only, with bounds independent of the band, until the band has
/// kMinBandIterations iterations or an iteration of the next loop writes less
/// than kMinIterationBytes. A trip count known only at run time counts as
/// 1: it may be (a batch of one image), and the loops after it then share
/// the work.
SmallVector<scf::ForOp> getBand(scf::ForOp outer) {
  SmallVector<scf::ForOp> band = {outer};
  int64_t iterations = getStaticTripCount(outer).value_or(1);
  while (iterations < kMinBandIterations) {
    // The next loop may follow pure ops (the indices of the iterations an
    // unroll-and-jammed loop runs at once); the task recomputes them.
    Block *body = band.back().getBody();
    auto inner =
        dyn_cast_or_null<scf::ForOp>(body->getTerminator()->getPrevNode());
    if (!inner || !llvm::all_of(body->without_terminator(), [&](Operation &op) {
          return &op == inner.getOperation() ||
                 (op.getNumRegions() == 0 && isMemoryEffectFree(&op));
        }))
      break;
    if (!isParallelLoop(inner) ||
        !llvm::all_of(inner->getOperands(),
                      [&](Value v) { return isDefinedOutside(v, outer); }))
      break;
    if (estimateBytesWritten(inner, kMinBandIterations) < kMinIterationBytes)
      break;
    band.push_back(inner);
    iterations *= getStaticTripCount(inner).value_or(1);
  }
  return band;
}

/// max(0, ceil((upper - lower) / step)) of `loop`, with operands through
/// `mapping`.
Value buildTripCount(OpBuilder &b, Location loc, scf::ForOp loop,
                     const IRMapping &mapping) {
  Value lower = mapping.lookupOrDefault(loop.getLowerBound());
  Value upper = mapping.lookupOrDefault(loop.getUpperBound());
  Value step = mapping.lookupOrDefault(loop.getStep());
  Value span = b.createOrFold<arith::SubIOp>(loc, upper, lower);
  Value count = b.createOrFold<arith::CeilDivSIOp>(loc, span, step);
  // An empty loop (upper below lower) runs no iteration, whatever the
  // other loops of the band.
  return b.createOrFold<arith::MaxSIOp>(
      loc, count, arith::ConstantIndexOp::create(b, loc, 0));
}

/// Whether `value` can be computed before `outer`: it is defined outside
/// `outer`, or by pure, speculatable ops over such values (no division
/// that a guard inside `outer` protects moves out of it).
bool isComputableBefore(Value value, scf::ForOp outer) {
  if (isDefinedOutside(value, outer))
    return true;
  Operation *op = value.getDefiningOp();
  return op && op->getNumRegions() == 0 && isPure(op) &&
         llvm::all_of(op->getOperands(), [&](Value operand) {
           return isComputableBefore(operand, outer);
         });
}

/// Copies at `b` the ops that compute `value` inside `outer`, which
/// isComputableBefore accepted; the copies go in `mapping`.
void computeBefore(OpBuilder &b, Value value, scf::ForOp outer,
                   IRMapping &mapping) {
  if (isDefinedOutside(value, outer) || mapping.contains(value))
    return;
  Operation *op = value.getDefiningOp();
  for (Value operand : op->getOperands())
    computeBefore(b, operand, outer, mapping);
  b.clone(*op, mapping);
}

/// What one iteration of `inner`, the last loop of `outer`'s band, writes,
/// as an i64 computed before `outer`. An estimate: a nested loop whose
/// trip count is unknown at compile time is counted there when it has a
/// constant step and bounds that do not depend on the indices of the loops
/// around it, and once otherwise; stores under conditions all count. A
/// count computed at run time is at least 1: 0 would tell the runtime that
/// the bytes are unknown.
Value buildBytesWritten(OpBuilder &b, Location loc, scf::ForOp outer,
                        scf::ForOp inner) {
  int64_t staticBytes = 0;
  Value dynamicBytes;
  IRMapping mapping;
  forEachWrite(inner, [&](int64_t bytes, ArrayRef<scf::ForOp> loops) {
    Value tripCounts;
    for (scf::ForOp nested : loops) {
      if (std::optional<int64_t> count = getStaticTripCount(nested)) {
        bytes *= std::max<int64_t>(1, *count);
        continue;
      }
      if (!getConstantIntValue(nested.getStep()) ||
          !isComputableBefore(nested.getLowerBound(), outer) ||
          !isComputableBefore(nested.getUpperBound(), outer))
        continue;
      computeBefore(b, nested.getLowerBound(), outer, mapping);
      computeBefore(b, nested.getUpperBound(), outer, mapping);
      computeBefore(b, nested.getStep(), outer, mapping);
      Value count = buildTripCount(b, loc, nested, mapping);
      tripCounts = tripCounts
                       ? b.createOrFold<arith::MulIOp>(loc, tripCounts, count)
                       : count;
    }
    if (!tripCounts) {
      staticBytes += bytes;
      return;
    }
    Value term = b.createOrFold<arith::MulIOp>(
        loc, tripCounts, arith::ConstantIndexOp::create(b, loc, bytes));
    dynamicBytes = dynamicBytes
                       ? b.createOrFold<arith::AddIOp>(loc, dynamicBytes, term)
                       : term;
  });
  Value total = dynamicBytes;
  if (!total || staticBytes != 0) {
    Value constant = arith::ConstantIndexOp::create(b, loc, staticBytes);
    total =
        total ? b.createOrFold<arith::AddIOp>(loc, total, constant) : constant;
  }
  if (dynamicBytes)
    total = b.createOrFold<arith::MaxSIOp>(
        loc, total, arith::ConstantIndexOp::create(b, loc, 1));
  return b.createOrFold<arith::IndexCastOp>(loc, b.getI64Type(), total);
}

/// Whether a captured value can be copied into the task's context.
bool isCapturable(Type type) {
  if (auto memref = dyn_cast<MemRefType>(type))
    return memref.getMemorySpace() == nullptr;
  return type.isIndex() || type.isIntOrFloat();
}

struct ONNXParallelizeLoopsPass
    : onnxc::impl::ONNXParallelizeLoopsPassBase<ONNXParallelizeLoopsPass> {
  using Base::Base;

  /// Whether `op` is pure and computes its results from constants alone,
  /// through other such ops. Remembered per op: a chain asks once.
  bool isComputedFromConstants(Operation *op) {
    auto [it, inserted] = computedFromConstants.try_emplace(op, false);
    if (!inserted)
      return it->second;
    bool result = op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
                  llvm::all_of(op->getOperands(), [&](Value operand) {
                    Operation *producer = operand.getDefiningOp();
                    return producer && isComputedFromConstants(producer);
                  });
    computedFromConstants[op] = result;
    return result;
  }
  llvm::DenseMap<Operation *, bool> computedFromConstants;
  /// The kernel's ops in walk order, numbered once per kernel: captured
  /// values are ordered by it. Ops a task takes away leave both maps.
  llvm::DenseMap<Operation *, unsigned> opOrder;
  /// The module's tasks, each unlike the others.
  SmallVector<func::FuncOp> distinctTasks;

  void runOnOperation() override {
    distinctTasks.clear();
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    if (Operation *existing = symbols.lookup(kParallelForName)) {
      auto function = dyn_cast<func::FuncOp>(existing);
      if (!function || function.getFunctionType() != getParallelForType()) {
        existing->emitError()
            << "onnx-parallelize-loops: '" << kParallelForName
            << "' must be a func.func of type " << getParallelForType();
        return signalPassFailure();
      }
    }
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        kernels.push_back(func);
    for (func::FuncOp func : kernels) {
      computedFromConstants.clear();
      opOrder.clear();
      unsigned next = 0;
      func.walk([&](Operation *op) { opOrder[op] = next++; });
      SmallVector<scf::ForOp> outermost;
      func.walk([&](scf::ForOp loop) {
        if (isParallelLoop(loop) && !loop->getParentOfType<scf::ForOp>() &&
            !loop->getParentOfType<scf::ParallelOp>() &&
            !loop->getParentOfType<scf::WhileOp>())
          outermost.push_back(loop);
      });
      // Tasks follow their kernel, in the order of the nests.
      SmallVector<func::FuncOp> tasks;
      for (scf::ForOp loop : outermost)
        if (std::optional<onnxc::codegen::LoopAccesses> accesses =
                onnxc::codegen::getLoopAccesses(loop);
            accesses && !accesses->readsWhatItWrites())
          if (func::FuncOp task = outline(symbols, func, loop, tasks))
            tasks.push_back(task);
    }
  }

  /// Replaces `loop` with a task function, placed after the kernel's
  /// `tasks` so far, and a call to run it; returns the task, or null when the
  /// nest stays as it is.
  func::FuncOp outline(SymbolTable &symbols, func::FuncOp kernel,
                       scf::ForOp loop, ArrayRef<func::FuncOp> tasks) {
    MLIRContext *context = &getContext();
    Location loc = loop.getLoc();
    SmallVector<scf::ForOp> band = getBand(loop);
    scf::ForOp inner = band.back();

    // What the nest uses from above: pure ops are copied into the task
    // when they compute constants (which then fold there) or views, and
    // their other operands captured; a scalar computed from run-time values
    // is captured itself. Copying its computation instead made each task
    // of a chain of nodes on symbolic dimensions recompute the dimensions
    // of every node before it: code quadratic in the chain's length.
    llvm::SetVector<Value> usedAbove;
    getUsedValuesDefinedAbove(loop.getRegion(), usedAbove);
    for (Value operand : loop->getOperands())
      usedAbove.insert(operand);
    llvm::SetVector<Operation *> copied;
    llvm::SetVector<Value> captured;
    SmallVector<Value> worklist(usedAbove.begin(), usedAbove.end());
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      Operation *op = value.getDefiningOp();
      bool copyable = op && op->getNumRegions() == 0 && isMemoryEffectFree(op);
      if (copyable &&
          (!isCapturable(value.getType()) || isa<MemRefType>(value.getType()) ||
           isComputedFromConstants(op))) {
        if (copied.insert(op))
          llvm::append_range(worklist, op->getOperands());
        continue;
      }
      if (!isCapturable(value.getType()))
        return nullptr;
      captured.insert(value);
    }
    // In a fixed order: the kernel's arguments, then values as defined
    // (opOrder), then the rest as found.
    auto position = [&](Value value) {
      if (auto argument = dyn_cast<BlockArgument>(value))
        if (argument.getOwner()->getParentOp() == kernel)
          return std::make_tuple(0u, argument.getArgNumber(), 0u);
      if (Operation *op = value.getDefiningOp())
        if (auto it = opOrder.find(op); it != opOrder.end())
          return std::make_tuple(1u, it->second,
                                 cast<OpResult>(value).getResultNumber());
      return std::make_tuple(2u, 0u, 0u);
    };
    SmallVector<Value> ordered(captured.begin(), captured.end());
    llvm::stable_sort(
        ordered, [&](Value a, Value c) { return position(a) < position(c); });
    captured = llvm::SetVector<Value>(ordered.begin(), ordered.end());

    LLVMTypeConverter converter(context);
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i64Type = IntegerType::get(context, 64);
    SmallVector<Type> fieldTypes;
    for (Value value : captured)
      fieldTypes.push_back(value.getType().isIndex()
                               ? Type(i64Type)
                               : converter.convertType(value.getType()));
    if (llvm::any_of(fieldTypes, [](Type t) { return !t; }))
      return nullptr;
    auto contextType = LLVM::LLVMStructType::getLiteral(
        context, fieldTypes.empty() ? SmallVector<Type>{i64Type} : fieldTypes);

    // The task: void task(ptr context, index begin, index end).
    Operation *previous = tasks.empty() ? kernel : tasks.back();
    OpBuilder b(kernel);
    b.setInsertionPointAfter(previous);
    auto indexType = b.getIndexType();
    auto task = func::FuncOp::create(
        b, loc, (kernel.getName() + "_parallel_" + Twine(tasks.size())).str(),
        b.getFunctionType({ptrType, indexType, indexType}, {}));
    task.setPrivate();
    symbols.insert(task, std::next(Block::iterator(previous)));
    Block *entry = task.addEntryBlock();
    b.setInsertionPointToStart(entry);
    IRMapping mapping;
    for (auto [i, value] : llvm::enumerate(captured)) {
      Value field = LLVM::GEPOp::create(
          b, loc, ptrType, contextType, entry->getArgument(0),
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      Value loaded = LLVM::LoadOp::create(b, loc, fieldTypes[i], field);
      if (value.getType().isIndex())
        loaded = arith::IndexCastOp::create(b, loc, indexType, loaded);
      else if (loaded.getType() != value.getType())
        loaded =
            UnrealizedConversionCastOp::create(b, loc, value.getType(), loaded)
                .getResult(0);
      mapping.map(value, loaded);
    }
    // Copies of the pure ops, each after the copies of its operands.
    std::function<void(Value)> materialize = [&](Value value) {
      if (mapping.contains(value))
        return;
      Operation *op = value.getDefiningOp();
      for (Value operand : op->getOperands())
        materialize(operand);
      b.clone(*op, mapping);
    };
    for (Value value : usedAbove)
      materialize(value);

    // Iteration k of the band: its loops' indices, innermost fastest.
    SmallVector<Value> tripCounts;
    for (scf::ForOp bandLoop : band)
      tripCounts.push_back(buildTripCount(b, loc, bandLoop, mapping));
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto range = scf::ForOp::create(b, loc, entry->getArgument(1),
                                    entry->getArgument(2), one);
    b.setInsertionPointToStart(range.getBody());
    Value remaining = range.getInductionVar();
    for (int64_t i = band.size() - 1; i >= 0; --i) {
      Value index = remaining;
      if (i > 0) {
        index = arith::RemSIOp::create(b, loc, remaining, tripCounts[i]);
        remaining = arith::DivSIOp::create(b, loc, remaining, tripCounts[i]);
      }
      Value offset = arith::MulIOp::create(
          b, loc, index, mapping.lookupOrDefault(band[i].getStep()));
      mapping.map(band[i].getInductionVar(),
                  arith::AddIOp::create(
                      b, loc, mapping.lookupOrDefault(band[i].getLowerBound()),
                      offset));
    }
    for (scf::ForOp bandLoop : ArrayRef(band).drop_back())
      for (Operation &op : bandLoop.getBody()->without_terminator())
        if (!isa<scf::ForOp>(op))
          b.clone(op, mapping);
    for (Operation &op : inner.getBody()->without_terminator())
      b.clone(op, mapping);
    b.setInsertionPointAfter(range);
    // Streaming stores are weakly ordered: complete them on the thread that
    // made them, before the run can see the loop done.
    bool streams = false;
    range.walk(
        [&](vector::StoreOp store) { streams |= store.getNontemporal(); });
    if (streams)
      LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::seq_cst);
    func::ReturnOp::create(b, loc);
    // A nest computed as an earlier one is (alike nodes on symbolic
    // dimensions: the same code, over buffers and sizes the context holds)
    // runs the earlier task, so that LLVM compiles one function.
    for (func::FuncOp earlier : distinctTasks)
      if (computeAlike(earlier, task)) {
        symbols.erase(task);
        task = earlier;
        break;
      }
    if (!llvm::is_contained(distinctTasks, task))
      distinctTasks.push_back(task);

    // The call replacing the nest.
    func::FuncOp parallelFor = getOrInsertParallelFor(symbols, loc);
    b.setInsertionPointToStart(&kernel.getBody().front());
    Value oneI64 =
        LLVM::ConstantOp::create(b, loc, i64Type, b.getI64IntegerAttr(1));
    Value contextPtr =
        LLVM::AllocaOp::create(b, loc, ptrType, contextType, oneI64);
    b.setInsertionPoint(loop);
    IRMapping outside;
    for (auto [i, value] : llvm::enumerate(captured)) {
      Value field = value;
      if (value.getType().isIndex())
        field = arith::IndexCastOp::create(b, loc, i64Type, value);
      else if (fieldTypes[i] != value.getType())
        field = UnrealizedConversionCastOp::create(b, loc, fieldTypes[i], value)
                    .getResult(0);
      Value address = LLVM::GEPOp::create(
          b, loc, ptrType, contextType, contextPtr,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(b, loc, field, address);
    }
    Value iterations = buildTripCount(b, loc, band[0], outside);
    for (scf::ForOp bandLoop : ArrayRef(band).drop_front())
      iterations = b.createOrFold<arith::MulIOp>(
          loc, iterations, buildTripCount(b, loc, bandLoop, outside));
    Value taskAddress =
        UnrealizedConversionCastOp::create(
            b, loc, ptrType,
            func::ConstantOp::create(b, loc, task.getFunctionType(),
                                     task.getSymName())
                .getResult())
            .getResult(0);
    Value bytes = buildBytesWritten(b, loc, loop, inner);
    // A streaming task gains nothing from running backward (its stores
    // leave no lines in the cache) and fences at the end of every range.
    Value inOrder =
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), streams ? 1 : 0);
    func::CallOp::create(
        b, loc, parallelFor,
        ValueRange{taskAddress, contextPtr,
                   b.createOrFold<arith::IndexCastOp>(loc, i64Type, iterations),
                   bytes, inOrder});
    loop->walk([&](Operation *op) {
      opOrder.erase(op);
      computedFromConstants.erase(op);
    });
    loop.erase();
    return task;
  }

  /// void __onnxc_parallel_for(ptr task, ptr context, i64 n, i64 bytes,
  ///                           i32 inOrder).
  FunctionType getParallelForType() {
    MLIRContext *context = &getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i64Type = IntegerType::get(context, 64);
    return FunctionType::get(
        context,
        {ptrType, ptrType, i64Type, i64Type, IntegerType::get(context, 32)},
        {});
  }

  /// The declaration of __onnxc_parallel_for (runOnOperation checked the
  /// type of one already there).
  func::FuncOp getOrInsertParallelFor(SymbolTable &symbols, Location loc) {
    if (auto existing = symbols.lookup<func::FuncOp>(kParallelForName))
      return existing;
    ModuleOp module = getOperation();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    auto declaration =
        func::FuncOp::create(b, loc, kParallelForName, getParallelForType());
    declaration.setPrivate();
    symbols.insert(declaration);
    return declaration;
  }
};
} // namespace
