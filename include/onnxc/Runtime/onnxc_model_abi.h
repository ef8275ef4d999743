/*===- onnxc_model_abi.h - What a compiled model exports ----------*- C -*-===*\
|*                                                                            *|
|* A model compiled with `onnx-compile --entry=NAME` exports two symbols:     *|
|*                                                                            *|
|*   const onnxc_model_info *NAME_model(void);                                *|
|*   const char *NAME_signature(void);            (JSON, see the README)      *|
|*                                                                            *|
|* and nothing else. The runtime (onnxc_runtime.h) is the intended consumer   *|
|* of onnxc_model_info; programs normally use the runtime API instead.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ONNXC_RUNTIME_ONNXC_MODEL_ABI_H
#define ONNXC_RUNTIME_ONNXC_MODEL_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ONNXC_MODEL_ABI_VERSION 4

/* The two exported symbols are NAME followed by these. */
#define ONNXC_MODEL_SYMBOL_SUFFIX "_model"
#define ONNXC_SIGNATURE_SYMBOL_SUFFIX "_signature"

/* Element types: every fact about them, once. X(ENUMERATOR, code, name,
 * bytes per element): the code is ONNX's TensorProto.DataType, the name
 * the one signatures use; strings are stored as pointers to NUL-terminated
 * UTF-8, booleans as one byte (0 or 1), float16/bfloat16 as their raw
 * 16 bits, complex numbers as (real, imaginary) pairs. */
#define ONNXC_ELEMENT_TYPES(X)                                                 \
  X(ONNXC_FLOAT, 1, "float32", 4)                                              \
  X(ONNXC_UINT8, 2, "uint8", 1)                                                \
  X(ONNXC_INT8, 3, "int8", 1)                                                  \
  X(ONNXC_UINT16, 4, "uint16", 2)                                              \
  X(ONNXC_INT16, 5, "int16", 2)                                                \
  X(ONNXC_INT32, 6, "int32", 4)                                                \
  X(ONNXC_INT64, 7, "int64", 8)                                                \
  X(ONNXC_STRING, 8, "string", sizeof(char *))                                 \
  X(ONNXC_BOOL, 9, "bool", 1)                                                  \
  X(ONNXC_FLOAT16, 10, "float16", 2)                                           \
  X(ONNXC_DOUBLE, 11, "float64", 8)                                            \
  X(ONNXC_UINT32, 12, "uint32", 4)                                             \
  X(ONNXC_UINT64, 13, "uint64", 8)                                             \
  X(ONNXC_COMPLEX64, 14, "complex64", 8)                                       \
  X(ONNXC_COMPLEX128, 15, "complex128", 16)                                    \
  X(ONNXC_BFLOAT16, 16, "bfloat16", 2)

/* What a model's `shapes` returns when it runs out of memory. */
#define ONNXC_SHAPES_OUT_OF_MEMORY (-1)

/* The most bytes one tensor may hold: the runtime refuses larger shapes, and
 * the compiler larger static ones. */
#define ONNXC_MAX_TENSOR_BYTES (((uint64_t)1) << 62)

/* In C++ the enum is int32_t-based, so that any integer a caller passes is
 * a valid value to check (the functions taking one reject unknown types). */
typedef enum onnxc_element_type
#ifdef __cplusplus
    : int32_t
#endif
{
#define ONNXC_ELEMENT_TYPE_ENUMERATOR(enumerator, code, name, bytes)           \
  enumerator = code,
  ONNXC_ELEMENT_TYPES(ONNXC_ELEMENT_TYPE_ENUMERATOR)
#undef ONNXC_ELEMENT_TYPE_ENUMERATOR
} onnxc_element_type;

/* One graph input or output. */
typedef struct onnxc_model_io {
  const char *name;  /* The ONNX value name. */
  int32_t elem_type; /* An onnxc_element_type: ONNX TensorProto.DataType. */
  int32_t rank;
  const int64_t *dims;           /* rank entries; -1 = not known statically */
  const char *const *dim_params; /* rank entries; symbolic name or NULL */
} onnxc_model_io;

/* Threads a run may use, lent by the runtime (see `run`). A kernel splits
 * each of its parallel loops into ranges of iterations and calls
 * `parallel_for`, which runs `task(context, begin, end)` over ranges that
 * cover [0, n) exactly once, on at most `max_threads` threads, the calling
 * thread among them, and returns when every range has returned. Which
 * thread runs which range does not change what a kernel computes. */
typedef void (*onnxc_parallel_task)(void *context, int64_t begin, int64_t end);
typedef struct onnxc_thread_pool {
  int32_t num_threads; /* Threads this run may use, the caller's included. */
  void (*parallel_for)(struct onnxc_thread_pool *pool, int32_t max_threads,
                       onnxc_parallel_task task, void *context, int64_t n);
} onnxc_thread_pool;

/* A memref descriptor of rank R, as MLIR lays it out:
 *   { T *allocated; T *aligned; int64_t offset; int64_t sizes[R];
 *     int64_t strides[R]; }
 * `shapes` and `run` take an array of pointers to such descriptors. */
typedef struct onnxc_model_info {
  uint32_t abi_version; /* ONNXC_MODEL_ABI_VERSION */
  uint32_t num_inputs;
  uint32_t num_outputs;
  uint32_t num_checks;
  const onnxc_model_io *inputs;
  const onnxc_model_io *outputs;
  /* Rules checked by `shapes` at run time; status k names check_messages[k-1].
   */
  const char *const *check_messages;
  const char *signature_json;
  /* descriptors: the inputs, then one rank-1 int64 buffer receiving every
   * output dimension, outputs in order, and then the bytes of workspace
   * `run` will use for these inputs (-1 when not known in advance): the sum
   * of the output ranks plus one entries. Returns 0 when the inputs pass
   * every check, 1 + the index of the first failed check, or
   * ONNXC_SHAPES_OUT_OF_MEMORY when memory for its own values could not be
   * allocated. Reads no input element out of bounds as long as the inputs
   * match the static signature. */
  int32_t (*shapes)(void **descriptors);
  /* descriptors: the inputs, then the outputs, sized as `shapes` said. No
   * output may share memory with an input or another output: a kernel may
   * write an output element before it reads the input elements stored
   * there, so an alias changes what it computes. onnxc_model_run refuses
   * such calls; a direct caller must not make them.
   * Writes every output element (some more than once, always with their
   * final value: a streaming loop's ends overlap it) and returns 0; returns 1,
   * having stopped early, when its workspace (the intermediate tensors and
   * tables it keeps) could not be allocated. The workspace belongs to the
   * model library and the calling thread and is reused from run to run.
   * `pool` lends the run more threads; NULL runs every loop on the calling
   * thread. The outputs are the same, bit for bit, either way. */
  int32_t (*run)(void **descriptors, onnxc_thread_pool *pool);
  /* Bytes of that workspace when every buffer has a static size; -1 when
   * it depends on the inputs (then `shapes` computes it). */
  int64_t workspace_bytes;
  /* What the code was compiled for: the LLVM target triple and CPU, and the
   * CPU features of CPUFeatures.def it was allowed to use (the runtime
   * refuses to load the model on a CPU that lacks one). */
  const char *target_triple;
  const char *target_cpu;
  uint32_t num_cpu_features;
  const char *const *cpu_features;
} onnxc_model_info;

#ifdef __cplusplus
}
#endif

#endif /* ONNXC_RUNTIME_ONNXC_MODEL_ABI_H */
