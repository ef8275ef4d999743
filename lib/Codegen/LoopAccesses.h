//===- LoopAccesses.h - What a parallel loop nest reads and writes -*- C++ -*-//
//
// Internal to the Codegen library: the buffers a loop nest reads and writes,
// for onnx-fuse-sibling-loops, onnx-parallelize-loops and the passes that
// interleave a loop's iterations (onnx-jam-parallel-loops,
// onnx-specialize-gathers), and the interleaved cloning they share.
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_LIB_CODEGEN_LOOPACCESSES_H
#define ONNXC_LIB_CODEGEN_LOOPACCESSES_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace onnxc::codegen {

/// Bytes of one element of `type` in memory (index: 8, complex: both
/// parts), if known.
std::optional<int64_t> getElementBytes(mlir::Type type);

/// Whether `op` is an scf.for that onnx-tile-and-vectorize marked parallel,
/// with no results and a signed comparison.
bool isParallelLoop(mlir::Operation *op);

/// The buffer a memref is a view of: views are followed back to a function
/// argument or to the op that made the buffer. With `throughWorkspace`
/// false a memref.view is a buffer of its own: onnx-plan-memory places the
/// buffers one nest uses at once apart, but buffers of different nests may
/// share bytes, so comparisons between nests go through it.
mlir::Value getBaseBuffer(mlir::Value memref, bool throughWorkspace);

/// Whether `buffer` is a memref.get_global of a constant global.
bool isConstantGlobal(mlir::Value buffer);

/// Whether `base` is a buffer whose aliases are all views of it: a
/// function argument, an allocation, a global, or (as its own buffer) a
/// memref.view. Arguments of other blocks (loop-carried memrefs, say) may
/// alias anything.
bool isKnownBase(mlir::Value base);

/// Whether `buffer` belongs to one iteration of a loop: a memref.alloc in
/// the body of an scf.for, freed by its only memref.dealloc in the same
/// block, of a static identity-layout shape of at most
/// kMaxIterationBufferBytes. No other iteration sees it; onnx-stack-buffers
/// moves it to the stack.
bool isIterationBuffer(mlir::Value buffer);

/// Calls `visit` with each memory effect of the ops in `region`, nested
/// ones included, until it returns false. False when it did, or when an
/// op's effects are unknown (not pure, no effect interface, no recursive
/// effects).
bool walkMemoryEffects(
    mlir::Region &region,
    llvm::function_ref<bool(const mlir::MemoryEffects::EffectInstance &)>
        visit);

/// Clones the ops of `body` (but its terminator) at `builder`'s insertion
/// point once per mapping, interleaved: the ops up to and including each
/// write, for every mapping in turn. An op that `isShared` accepts is
/// cloned for the first mapping only, and the others map its results to
/// that copy. Each mapping's own ops keep their order.
void cloneInterleaved(mlir::OpBuilder &builder, mlir::Block &body,
                      llvm::MutableArrayRef<mlir::IRMapping> maps,
                      llvm::function_ref<bool(mlir::Operation *)> isShared);

/// A box of a buffer: static offsets and sizes per dimension.
struct Box {
  llvm::SmallVector<int64_t> offsets, sizes;
  /// Whether the boxes share no element.
  bool isDisjointFrom(const Box &other) const;
};

/// A write of a loop nest: the buffer, and the box it stays in when a
/// static subview of the buffer, made outside the nest, bounds it.
struct Write {
  mlir::Value base;
  std::optional<Box> box;
};

/// The memory accesses of a loop nest.
struct LoopAccesses {
  /// Buffers read and written, a memref.view counting as its own buffer.
  llvm::SmallDenseSet<mlir::Value> read, written;
  /// The same through memref.view, and the writes with their boxes.
  llvm::SmallDenseSet<mlir::Value> readRoots, writtenRoots;
  llvm::SmallVector<Write> writes;

  /// Whether the nest reads a buffer it writes.
  bool readsWhatItWrites() const;
  /// Whether the largest buffer the nest reads, constant globals aside, is
  /// larger than the largest it writes, as a downsampling's input is. Such
  /// a kernel waits on memory rather than on arithmetic.
  bool readsMoreThanItWrites() const;
  /// Whether the element sets this nest and `other` write may overlap, or
  /// one reads a buffer the other writes.
  bool dependsOn(const LoopAccesses &other) const;
};

/// The accesses of `loop`, when every effect of its body is known (a
/// memref.prefetch has none here: it changes no data), every
/// accessed memref comes from a function argument, an allocation, a global
/// or views of those (not, say, an arith.select of two memrefs), and it
/// allocates or frees nothing but stack memory and buffers of one of its
/// iterations (isIterationBuffer), whose accesses it leaves out; else
/// nullopt.
std::optional<LoopAccesses> getLoopAccesses(mlir::scf::ForOp loop);

} // namespace onnxc::codegen

#endif // ONNXC_LIB_CODEGEN_LOOPACCESSES_H
