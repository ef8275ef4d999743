//===- StreamingStores.cpp - Non-temporal stores for large outputs --------===//
//
// Loops that write whole aligned vectors into an output get a second
// version with streaming stores, chosen at run time when the outputs are
// aligned and each of the run's threads moves more than its cache holds.
// Flattened elementwise loops also get one that streams from the first
// aligned element of an output that is not aligned.
//
//===----------------------------------------------------------------------===//

#include "LoopAccesses.h"
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
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <numeric>

namespace onnxc {
#define GEN_PASS_DEF_ONNXSTREAMINGSTORESPASS
#include "onnxc/Codegen/Passes.h.inc"
} // namespace onnxc

using namespace mlir;

namespace {

/// Streaming stores are aligned to their vector's bytes up to a cache line:
/// a longer vector is stored as aligned pieces of at most a line (no
/// target's non-temporal store is wider), each filling whole lines.
constexpr int64_t kLineBytes = 64;

/// A store that can stream: the written vector into `base`, a contiguous
/// 1-D view of `argument`, at `index`, every instance aligned to
/// `alignment` bytes (the vector's, at most a line) when the argument's
/// first element is.
struct Candidate {
  vector::TransferWriteOp write;
  Value base;
  Value index;
  BlockArgument argument;
  int64_t alignment;
};

/// A number that `value` is always a multiple of (0: it is always 0).
int64_t getKnownMultiple(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return std::abs(*constant);
  if (auto iv = dyn_cast<BlockArgument>(value))
    if (auto loop = dyn_cast<scf::ForOp>(iv.getOwner()->getParentOp()))
      if (loop.getInductionVar() == iv)
        return std::gcd(getKnownMultiple(loop.getLowerBound()),
                        getKnownMultiple(loop.getStep()));
  if (auto add = value.getDefiningOp<arith::AddIOp>())
    return std::gcd(getKnownMultiple(add.getLhs()),
                    getKnownMultiple(add.getRhs()));
  if (auto mul = value.getDefiningOp<arith::MulIOp>())
    return getKnownMultiple(mul.getLhs()) * getKnownMultiple(mul.getRhs());
  return 1;
}

std::optional<Candidate> matchCandidate(vector::TransferWriteOp write) {
  auto vectorType = write.getVectorType();
  auto baseType = dyn_cast<MemRefType>(write.getBase().getType());
  if (vectorType.getRank() != 1 || write.getMask() || !baseType ||
      baseType.getRank() != 1 || !write.getPermutationMap().isMinorIdentity() ||
      !write.getInBoundsValues()[0] ||
      !vectorType.getElementType().isIntOrFloat())
    return std::nullopt;
  // Elements of a power of two bytes, as memory holds them (i1 vectors take
  // a byte per element, i24 four). A vector of a power of two bytes is
  // split into aligned pieces of the same kind; one of whole lines (a
  // nearest x3 Upsample of 512-bit vectors writes 3 lines per input vector)
  // into whole lines. Anything else would leave pieces of lines.
  int64_t elementBits = vectorType.getElementTypeBitWidth();
  int64_t bytes = vectorType.getNumElements() * elementBits / 8;
  if (elementBits % 8 != 0 || !llvm::isPowerOf2_64(elementBits / 8) ||
      bytes < 16 || (!llvm::isPowerOf2_64(bytes) && bytes % kLineBytes != 0))
    return std::nullopt;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(baseType.getStridesAndOffset(strides, offset)) || strides[0] != 1)
    return std::nullopt;

  // Where the vector starts, in elements from the argument's first one: a
  // multiple of `multiple`, followed back through views to the argument.
  int64_t multiple = getKnownMultiple(write.getIndices()[0]);
  Value current = write.getBase();
  while (!isa<BlockArgument>(current)) {
    Operation *op = current.getDefiningOp();
    if (auto subview = dyn_cast<memref::SubViewOp>(op)) {
      SmallVector<int64_t> sourceStrides;
      int64_t sourceOffset;
      if (failed(subview.getSourceType().getStridesAndOffset(sourceStrides,
                                                             sourceOffset)))
        return std::nullopt;
      for (auto [offsetValue, stride] :
           llvm::zip_equal(subview.getMixedOffsets(), sourceStrides)) {
        if (ShapedType::isDynamic(stride))
          return std::nullopt;
        int64_t offsetMultiple =
            isa<Attribute>(offsetValue)
                ? std::abs(*getConstantIntValue(offsetValue))
                : getKnownMultiple(cast<Value>(offsetValue));
        multiple = std::gcd(multiple, offsetMultiple * std::abs(stride));
      }
      current = subview.getSource();
    } else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(op)) {
      current = collapse.getSrc();
    } else if (auto expand = dyn_cast<memref::ExpandShapeOp>(op)) {
      current = expand.getSrc();
    } else {
      return std::nullopt;
    }
  }
  auto argument = cast<BlockArgument>(current);
  auto argumentType = dyn_cast<MemRefType>(argument.getType());
  int64_t alignment = std::min<int64_t>(bytes, kLineBytes);
  if (!argumentType || !argumentType.getLayout().isIdentity() ||
      !isa<func::FuncOp>(argument.getOwner()->getParentOp()) ||
      (multiple * elementBits / 8) % alignment != 0)
    return std::nullopt;
  return Candidate{write, write.getBase(), write.getIndices()[0], argument,
                   alignment};
}

/// The function argument `value` views (through subviews, collapses and
/// expansions), or null.
BlockArgument getViewedArgument(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (auto subview = dyn_cast<memref::SubViewOp>(op))
      value = subview.getSource();
    else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(op))
      value = collapse.getSrc();
    else if (auto expand = dyn_cast<memref::ExpandShapeOp>(op))
      value = expand.getSrc();
    else
      return nullptr;
  }
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || !isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return nullptr;
  return argument;
}

/// Whether `value` is `argument` or a reshape of it (collapses and
/// expansions): element i of a 1-D `value` is then the argument's i-th.
bool isReshapeOf(Value value, BlockArgument argument) {
  while (value != argument) {
    if (auto collapse = value.getDefiningOp<memref::CollapseShapeOp>())
      value = collapse.getSrc();
    else if (auto expand = value.getDefiningOp<memref::ExpandShapeOp>())
      value = expand.getSrc();
    else
      return false;
  }
  return true;
}

/// A top-level loop that can stream from the first aligned element of its
/// output, whatever the output's alignment: a flat loop (a flattened
/// elementwise op) whose every iteration writes one vector of one argument
/// (or a reshape of it) at the induction variable, reads nothing of that
/// argument, has no other effect, and uses the induction variable only as
/// the position of its reads and writes. Each iteration then computes the
/// elements at its position from the inputs at the same position, so
/// iterations shifted to start at an aligned element, with one iteration
/// of ordinary stores at each end, write the same values: the ends overlap
/// the shifted ones.
struct PeelableLoop {
  scf::ForOp loop;
  BlockArgument argument;
  int64_t step;
  int64_t elementBytes;
  /// What the shifted iterations' stores are aligned to: the vector's
  /// bytes, at most a line.
  int64_t alignment;
};

/// Whether `use` takes the loop's induction variable as a position: the
/// index of a 1-D read or write, or the offset of a 1-D subview.
bool isPositionUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto read = dyn_cast<vector::TransferReadOp>(user))
    return read.getIndices().size() == 1 &&
           &use == &read.getIndicesMutable()[0];
  if (auto write = dyn_cast<vector::TransferWriteOp>(user))
    return write.getIndices().size() == 1 &&
           &use == &write.getIndicesMutable()[0];
  if (auto load = dyn_cast<memref::LoadOp>(user))
    return load.getIndices().size() == 1 &&
           &use == &load.getIndicesMutable()[0];
  if (auto subview = dyn_cast<memref::SubViewOp>(user))
    return subview.getSourceType().getRank() == 1 &&
           subview.getOffsets().size() == 1 &&
           &use == &subview.getOffsetsMutable()[0];
  return false;
}

std::optional<PeelableLoop> matchPeelableLoop(Operation *op) {
  auto loop = dyn_cast<scf::ForOp>(op);
  std::optional<int64_t> step =
      loop ? getConstantIntValue(loop.getStep()) : std::nullopt;
  if (!loop || !step || *step <= 0 || loop.getNumResults() != 0 ||
      !llvm::all_of(loop.getInductionVar().getUses(), isPositionUse))
    return std::nullopt;
  std::optional<PeelableLoop> peelable;
  SmallVector<Value> readBases;
  WalkResult walk = loop.getBody()->walk([&](Operation *inner) {
    if (isa<LoopLikeOpInterface>(inner))
      return WalkResult::interrupt();
    if (auto write = dyn_cast<vector::TransferWriteOp>(inner)) {
      std::optional<Candidate> candidate = matchCandidate(write);
      if (!candidate || !isReshapeOf(write.getBase(), candidate->argument) ||
          write.getIndices()[0] != loop.getInductionVar() ||
          write.getVectorType().getNumElements() != *step ||
          (peelable && peelable->argument != candidate->argument))
        return WalkResult::interrupt();
      peelable =
          PeelableLoop{loop, candidate->argument, *step,
                       write.getVectorType().getElementTypeBitWidth() / 8,
                       candidate->alignment};
      return WalkResult::advance();
    }
    if (auto read = dyn_cast<vector::TransferReadOp>(inner))
      readBases.push_back(read.getBase());
    else if (auto load = dyn_cast<memref::LoadOp>(inner))
      readBases.push_back(load.getMemRef());
    else if (!isa<memref::SubViewOp, memref::CollapseShapeOp,
                  memref::ExpandShapeOp>(inner) &&
             !isMemoryEffectFree(inner))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || !peelable ||
      llvm::any_of(readBases, [&](Value base) {
        BlockArgument argument = getViewedArgument(base);
        return !argument || argument == peelable->argument;
      }))
    return std::nullopt;
  return peelable;
}

/// Most pages a flattened elementwise loop streams at once: a chunk of them
/// stays far below any loop bound's range.
constexpr int64_t kMaxPageStreams = 64;

/// Bytes per element of a memref of int or float elements.
int64_t getElementBytes(MemRefType type) {
  return (type.getElementTypeBitWidth() + 7) / 8;
}

/// The product of the static sizes of `type` and its element bytes,
/// saturated at the largest int64_t.
int64_t getStaticBytes(MemRefType type) {
  int64_t bytes = getElementBytes(type);
  for (int64_t size : type.getShape())
    if (!ShapedType::isDynamic(size) && llvm::MulOverflow(bytes, size, bytes))
      return std::numeric_limits<int64_t>::max();
  return bytes;
}

struct ONNXStreamingStoresPass
    : onnxc::impl::ONNXStreamingStoresPassBase<ONNXStreamingStoresPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (pageStreams < 1 || pageStreams > kMaxPageStreams) {
      module.emitError() << "onnx-streaming-stores: page-streams must be 1 to "
                         << kMaxPageStreams << ", not "
                         << static_cast<int64_t>(pageStreams);
      return signalPassFailure();
    }
    if (thresholdBytes < 0)
      return;
    for (auto func : llvm::to_vector(module.getOps<func::FuncOp>()))
      if (!func.isExternal() && failed(versionLoops(func)))
        return signalPassFailure();
  }

  /// `i64 __onnxc_num_threads()`, of the model support library: the threads
  /// the running kernel's parallel loops may use. Fails, with an error, when
  /// the module holds something else by that name.
  FailureOr<func::FuncOp> getOrInsertNumThreads() {
    ModuleOp module = getOperation();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    FunctionType type = b.getFunctionType({}, {b.getI64Type()});
    if (Operation *existing = SymbolTable::lookupSymbolIn(
            module, onnxc::kNumThreadsFunctionName)) {
      auto function = dyn_cast<func::FuncOp>(existing);
      if (function && function.getFunctionType() == type)
        return function;
      return existing->emitError()
             << "onnx-streaming-stores: '" << onnxc::kNumThreadsFunctionName
             << "' must be a func.func of type " << type;
    }
    auto declaration = func::FuncOp::create(
        b, module.getLoc(), onnxc::kNumThreadsFunctionName, type);
    declaration.setPrivate();
    return declaration;
  }

  LogicalResult versionLoops(func::FuncOp func) {
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
          alignment = std::max(alignment, candidate->alignment);
        }
      });
      if (any)
        versioned.push_back(&op);
    }
    if (versioned.empty())
      return success();

    // What a run moves: the bytes of its memref arguments, read or written.
    // When each thread's share of them is below the threshold (its share of
    // the last-level cache), they stay in the threads' caches from run to
    // run, and ordinary stores find their lines there.
    int64_t staticBytes = 0;
    SmallVector<BlockArgument> dynamicArguments;
    for (BlockArgument argument : entry.getArguments()) {
      auto type = dyn_cast<MemRefType>(argument.getType());
      if (!type || !type.getElementType().isIntOrFloat())
        continue;
      if (!type.hasStaticShape())
        dynamicArguments.push_back(argument);
      else if (llvm::AddOverflow(staticBytes, getStaticBytes(type),
                                 staticBytes))
        staticBytes = std::numeric_limits<int64_t>::max();
    }
    // Static moves below the threshold never stream.
    if (dynamicArguments.empty() && staticBytes < thresholdBytes)
      return success();

    // The condition, computed on entry: every written argument aligned, and
    // enough bytes moved per thread.
    OpBuilder b(&entry, entry.begin());
    Location loc = func.getLoc();
    auto index = [&](int64_t value) {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    Value aligned = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    Value large = aligned;
    for (auto [argument, alignment] : alignments) {
      auto type = cast<MemRefType>(argument.getType());
      int64_t elementBytes = getElementBytes(type);
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
      aligned = arith::AndIOp::create(
          b, loc, aligned,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, misaligned,
                                index(0)));
    }
    if (thresholdBytes > 0) {
      Value bytes = index(staticBytes);
      for (BlockArgument argument : dynamicArguments) {
        auto type = cast<MemRefType>(argument.getType());
        Value argumentBytes = index(getStaticBytes(type));
        for (auto [dim, size] : llvm::enumerate(type.getShape()))
          if (ShapedType::isDynamic(size))
            argumentBytes = arith::MulIOp::create(
                b, loc, argumentBytes,
                memref::DimOp::create(b, loc, argument, index(dim)));
        bytes = arith::AddIOp::create(b, loc, bytes, argumentBytes);
      }
      // Only parallel loops share the bytes among threads.
      bool parallel = llvm::any_of(versioned, [](Operation *op) {
        return op
            ->walk([](Operation *inner) {
              return inner->hasAttr(onnxc::kParallelLoopAttrName)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
      });
      Value perThread = bytes;
      if (parallel) {
        FailureOr<func::FuncOp> numThreads = getOrInsertNumThreads();
        if (failed(numThreads))
          return failure();
        Value threads = arith::IndexCastOp::create(
            b, loc, b.getIndexType(),
            func::CallOp::create(b, loc, *numThreads, ValueRange{})
                .getResult(0));
        // At least one, whatever the library answers.
        threads = arith::MaxUIOp::create(b, loc, threads, index(1));
        perThread = arith::DivUIOp::create(b, loc, bytes, threads);
      }
      large = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                    perThread, index(thresholdBytes));
    }
    Value ok = arith::AndIOp::create(b, loc, aligned, large);

    for (Operation *op : versioned) {
      b.setInsertionPoint(op);
      auto ifOp = scf::IfOp::create(b, op->getLoc(), ok,
                                    /*withElseRegion=*/true);
      // Else: the op as it was, or first a version streaming from the
      // output's first aligned element.
      std::optional<PeelableLoop> peelable = matchPeelableLoop(op);
      op->moveBefore(ifOp.getElseRegion().front().getTerminator());
      if (peelable)
        buildPeeledVersion(*peelable, large);
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
            /*nontemporal=*/true, llvm::MaybeAlign(candidate.alignment));
        candidate.write.erase();
      }
      if (auto loop = dyn_cast<scf::ForOp>(copy))
        interleavePages(loop, pageStreams);
      LLVM::FenceOp::create(then, op->getLoc(), LLVM::AtomicOrdering::seq_cst);
    }
    return success();
  }

  /// Wraps `peelable.loop` in an `scf.if`: when the run is `large`, the
  /// output's elements are aligned to their size and the loop covers whole
  /// vectors, its first iteration with ordinary stores, a copy that
  /// streams from the first aligned element after the loop's start, and
  /// its last iteration with ordinary stores; otherwise the loop.
  void buildPeeledVersion(const PeelableLoop &peelable, Value large) {
    scf::ForOp loop = peelable.loop;
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    auto index = [&](int64_t value) {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    auto isZero = [&](Value value) {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, value,
                                   index(0));
    };
    Value lower = loop.getLowerBound(), upper = loop.getUpperBound();
    Value step = index(peelable.step);
    Value elementBytes = index(peelable.elementBytes);
    Value alignment = index(peelable.alignment);
    BlockArgument argument = peelable.argument;
    // The address of the element at the loop's start.
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, argument);
    Value pointer =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, argument);
    Value startElement =
        arith::AddIOp::create(b, loc, metadata.getOffset(), lower);
    Value startOffset =
        arith::MulIOp::create(b, loc, startElement, elementBytes);
    Value first = arith::AddIOp::create(b, loc, pointer, startOffset);
    // Elements aligned, and whole vectors from lower to upper.
    Value span = arith::SubIOp::create(b, loc, upper, lower);
    Value elementsAligned =
        isZero(arith::RemUIOp::create(b, loc, first, elementBytes));
    Value someVector =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, span, step);
    Value wholeVectors = isZero(arith::RemSIOp::create(b, loc, span, step));
    Value ok = arith::AndIOp::create(b, loc, large, elementsAligned);
    ok = arith::AndIOp::create(b, loc, ok, someVector);
    ok = arith::AndIOp::create(b, loc, ok, wholeVectors);
    auto ifOp = scf::IfOp::create(b, loc, ok, /*withElseRegion=*/true);
    loop->moveBefore(ifOp.getElseRegion().front().getTerminator());

    OpBuilder then =
        OpBuilder::atBlockTerminator(&ifOp.getThenRegion().front());
    auto cloneBodyAt = [&](Value iv) {
      IRMapping mapping;
      mapping.map(loop.getInductionVar(), iv);
      for (Operation &inner : loop.getBody()->without_terminator())
        then.clone(inner, mapping);
    };
    cloneBodyAt(lower);
    // Elements from the loop's start to the first aligned one, fewer than
    // a vector's: the shifted iterations leave no gap after the first.
    Value misalignment = arith::RemUIOp::create(then, loc, first, alignment);
    Value gap = arith::SubIOp::create(then, loc, alignment, misalignment);
    Value gapBytes = arith::RemUIOp::create(then, loc, gap, alignment);
    Value toAligned = arith::DivUIOp::create(then, loc, gapBytes, elementBytes);
    Value shiftedLower = arith::AddIOp::create(then, loc, lower, toAligned);
    Value shiftedSpan = arith::SubIOp::create(then, loc, span, toAligned);
    Value trips = arith::DivSIOp::create(then, loc, shiftedSpan, step);
    Value shiftedUpper = arith::AddIOp::create(
        then, loc, shiftedLower, arith::MulIOp::create(then, loc, trips, step));
    auto shifted = cast<scf::ForOp>(then.clone(*loop));
    shifted.getLowerBoundMutable().assign(shiftedLower);
    shifted.getUpperBoundMutable().assign(shiftedUpper);
    cloneBodyAt(arith::SubIOp::create(then, loc, upper, step));

    SmallVector<vector::TransferWriteOp> writes;
    shifted.getBody()->walk(
        [&](vector::TransferWriteOp write) { writes.push_back(write); });
    for (vector::TransferWriteOp write : writes) {
      OpBuilder at(write);
      vector::StoreOp::create(at, write.getLoc(), write.getVector(),
                              write.getBase(), write.getIndices(),
                              /*nontemporal=*/true,
                              llvm::MaybeAlign(peelable.alignment));
      write.erase();
    }
    if (pageStreams > 1)
      interleavePages(shifted, pageStreams);
    LLVM::FenceOp::create(then, loc, LLVM::AtomicOrdering::seq_cst);
  }

  /// A top-level loop over single vectors that streams them (a flattened
  /// elementwise op) runs over chunks of `streams` pages, one vector of each
  /// page in turn. On Intel cores, whose prefetchers follow one stream per
  /// page, four such streams keep more of the memory busy than one, as
  /// glibc's large memcpy does; on AMD Zen cores reads that alternate
  /// between pages lose the prefetchers (docs/design.md, "Streaming
  /// stores"). Iterations are independent, so their order is free; the
  /// chunks' remainder runs after.
  static void interleavePages(scf::ForOp loop, int64_t streams) {
    constexpr int64_t kPageBytes = 4096;
    if (streams <= 1)
      return;
    bool nested = false;
    SmallVector<vector::StoreOp> stores;
    loop.getBody()->walk([&](Operation *op) {
      nested |= isa<LoopLikeOpInterface>(op);
      if (auto store = dyn_cast<vector::StoreOp>(op))
        stores.push_back(store);
    });
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (nested || stores.empty() || !step || *step <= 0 ||
        !onnxc::codegen::isParallelLoop(loop))
      return;
    int64_t vectorBytes = 0;
    for (vector::StoreOp store : stores) {
      VectorType type = store.getVectorType();
      vectorBytes =
          std::max<int64_t>(vectorBytes, type.getNumElements() *
                                             type.getElementTypeBitWidth() / 8);
    }
    if (vectorBytes <= 0 || kPageBytes % vectorBytes != 0)
      return;
    int64_t pageIterations = kPageBytes / vectorBytes;
    int64_t pageSpan = pageIterations * *step;
    int64_t chunkSpan = streams * pageSpan;

    OpBuilder b(loop);
    Location loc = loop.getLoc();
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    Value lower = loop.getLowerBound(), upper = loop.getUpperBound();
    Value span = arith::SubIOp::create(b, loc, upper, lower);
    Value chunks = arith::DivSIOp::create(b, loc, span, index(chunkSpan));
    Value mainEnd = arith::AddIOp::create(
        b, loc, lower, arith::MulIOp::create(b, loc, chunks, index(chunkSpan)));
    auto chunkLoop =
        scf::ForOp::create(b, loc, lower, mainEnd, index(chunkSpan));
    chunkLoop->setAttr(onnxc::kParallelLoopAttrName, b.getUnitAttr());
    b.setInsertionPointToStart(chunkLoop.getBody());
    auto pageLoop =
        scf::ForOp::create(b, loc, index(0), index(pageSpan), loop.getStep());
    b.setInsertionPointToStart(pageLoop.getBody());
    Value offset = arith::AddIOp::create(b, loc, chunkLoop.getInductionVar(),
                                         pageLoop.getInductionVar());
    for (int64_t stream = 0; stream < streams; ++stream) {
      IRMapping mapping;
      mapping.map(
          loop.getInductionVar(),
          arith::AddIOp::create(b, loc, offset, index(stream * pageSpan)));
      for (Operation &op : loop.getBody()->without_terminator())
        b.clone(op, mapping);
    }
    // The remainder: the loop itself, from where the chunks end.
    loop.getLowerBoundMutable().assign(mainEnd);
  }
};
} // namespace
