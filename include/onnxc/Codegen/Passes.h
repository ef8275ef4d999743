//===- Passes.h - linalg-and-below code generation passes -------*- C++ -*-===//
#ifndef ONNXC_CODEGEN_PASSES_H
#define ONNXC_CODEGEN_PASSES_H

#include "onnxc/Codegen/IterationBuffers.h"
#include "onnxc/Dialect/Codegen/CodegenDialect.h"
#include "onnxc/Runtime/onnxc_model_support.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace affine {
class AffineDialect;
} // namespace affine
namespace arith {
class ArithDialect;
} // namespace arith
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization
namespace linalg {
class LinalgDialect;
} // namespace linalg
namespace LLVM {
class LLVMDialect;
} // namespace LLVM
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor
namespace vector {
class VectorDialect;
} // namespace vector
} // namespace mlir

namespace onnxc {

#define GEN_PASS_DECL
#include "onnxc/Codegen/Passes.h.inc"

/// `onnxc.parallel`, declared by the onnxc dialect (CodegenDialect.td): the
/// unit attribute onnx-tile-and-vectorize sets on the loops it makes: their
/// iterations write disjoint parts of the output and read nothing any other
/// iteration writes, so they may run in any order or at once
/// (onnx-parallelize-loops runs them on several threads).
inline constexpr llvm::StringLiteral kParallelLoopAttrName =
    codegen::CodegenDialect::ParallelAttrHelper::getNameStr();

/// The model support library's `int64_t __onnxc_num_threads(void)`: the
/// threads the running kernel's parallel loops may use (onnx-streaming-stores
/// weighs the bytes a run moves per thread).
inline constexpr llvm::StringLiteral kNumThreadsFunctionName =
    ONNXC_NUM_THREADS_SYMBOL;

/// The rewrites of onnx-specialize-gathers: constant table reads folded,
/// uniform lane offsets moved into the base offset, gathers of nearby
/// constant lanes as a load and a shuffle.
void populateONNXSpecializeGathersPatterns(mlir::RewritePatternSet &patterns);

/// The rewrite of onnx-expand-shapes-as-casts: a memref.expand_shape with
/// more than one dynamic size in a group as a memref.reinterpret_cast.
void populateExpandShapesAsCastsPatterns(mlir::RewritePatternSet &patterns);

/// The rewrite of onnx-fold-tile-slices: a masked tile, or one of a 1-D or
/// new tensor, written into a slice that is inserted back where it came
/// from, as a write into the tensor at the slice's offset.
void populateFoldTileSlicesPatterns(mlir::RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "onnxc/Codegen/Passes.h.inc"

} // namespace onnxc

#endif // ONNXC_CODEGEN_PASSES_H
