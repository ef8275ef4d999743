/*===- onnxc_model_support.h - What compiled code calls -----------*- C -*-===*\
|*                                                                            *|
|* onnx-compile links a model support library (libonnxc_model_support.a,     *|
|* lib/Runtime/ModelSupport.c) into every model, hidden: the functions the   *|
|* generated code calls that libc does not provide. This header declares     *|
|* them, and the code generator takes their symbol names from it.           *|
|*                                                                            *|
|* A program does not call them: it runs models through onnxc_runtime.h.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ONNXC_RUNTIME_ONNXC_MODEL_SUPPORT_H
#define ONNXC_RUNTIME_ONNXC_MODEL_SUPPORT_H

#include "onnxc/Runtime/onnxc_model_abi.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ONNXC_MODEL_SUPPORT_STRINGIFY_(x) #x
#define ONNXC_MODEL_SUPPORT_STRINGIFY(x) ONNXC_MODEL_SUPPORT_STRINGIFY_(x)
#define ONNXC_MODEL_SUPPORT_PASTE_(a, b) a##b
#define ONNXC_MODEL_SUPPORT_PASTE(a, b) ONNXC_MODEL_SUPPORT_PASTE_(a, b)

/* Raised whenever a declaration below changes. Only a support library of
 * this version defines ONNXC_MODEL_SUPPORT_VERSION_ANCHOR, and every model's
 * NAME_model() reads it: a model object linked with another version's
 * library (two onnxc installations mixed) fails to link, naming the
 * symbol, instead of calling functions whose signatures changed. */
#define ONNXC_MODEL_SUPPORT_VERSION 1
#define ONNXC_MODEL_SUPPORT_VERSION_ANCHOR                                     \
  ONNXC_MODEL_SUPPORT_PASTE(__onnxc_model_support_v,                           \
                            ONNXC_MODEL_SUPPORT_VERSION)
#define ONNXC_MODEL_SUPPORT_VERSION_SYMBOL                                     \
  ONNXC_MODEL_SUPPORT_STRINGIFY(ONNXC_MODEL_SUPPORT_VERSION_ANCHOR)
extern const char ONNXC_MODEL_SUPPORT_VERSION_ANCHOR;

/* Runs a model's kernel, `kernel(descriptors)`, lending its parallel loops
 * `pool` (NULL: none). Returns 0, or 1 when the kernel's workspace could not
 * be allocated; then nothing of the run's workspace stays allocated. A
 * model's `run` (onnxc_model_abi.h) is this call. */
int32_t __onnxc_guarded_run(void (*kernel)(void **), void **descriptors,
                            onnxc_thread_pool *pool);
#define ONNXC_GUARDED_RUN_SYMBOL "__onnxc_guarded_run"

/* Runs a model's shape function: its status, or ONNXC_SHAPES_OUT_OF_MEMORY
 * when memory for its values could not be allocated. A model's `shapes` is
 * this call. */
int32_t __onnxc_guarded_shapes(int32_t (*shapes)(void **), void **descriptors);
#define ONNXC_GUARDED_SHAPES_SYMBOL "__onnxc_guarded_shapes"

/* The threads the running kernel's parallel loops may use, the calling one
 * included (1 outside a run). */
int64_t __onnxc_num_threads(void);
#define ONNXC_NUM_THREADS_SYMBOL "__onnxc_num_threads"

/* A parallel loop: `task(context, begin, end)` over ranges covering [0, n)
 * once, each iteration writing about `bytes_per_iteration` bytes (0:
 * unknown), on the run's threads or, for a loop too small to share, on the
 * calling thread alone. `in_order` nonzero keeps the ranges in increasing
 * order on each thread; otherwise a small loop may run backward. */
void __onnxc_parallel_for(onnxc_parallel_task task, void *context, int64_t n,
                          int64_t bytes_per_iteration, int32_t in_order);
#define ONNXC_PARALLEL_FOR_SYMBOL "__onnxc_parallel_for"

/* The names MLIR's memref-to-llvm lowering calls: copies between strided
 * memrefs, and the workspace's allocations during a run. */
typedef struct {
  int64_t rank;
  void *descriptor;
} onnxc_unranked_memref;
void memrefCopy(int64_t element_size, onnxc_unranked_memref *source,
                onnxc_unranked_memref *destination);
void *_mlir_memref_to_llvm_alloc(size_t size);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
void _mlir_memref_to_llvm_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif /* ONNXC_RUNTIME_ONNXC_MODEL_SUPPORT_H */
