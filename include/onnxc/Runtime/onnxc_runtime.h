/*===- onnxc_runtime.h - Run compiled onnxc models ----------------*- C -*-===*\
|*                                                                            *|
|* The onnxc runtime loads a model library made by `onnx-compile` (or uses a  *|
|* model linked into the program), checks inputs against the model's          *|
|* signature and rules, sizes the outputs and runs the model. No MLIR, no     *|
|* LLVM: the library needs the C and C++ standard libraries.                  *|
|*                                                                            *|
|* Errors: every function returning onnxc_status returns ONNXC_OK on success; *|
|* otherwise onnxc_last_error() describes the problem until the next failing  *|
|* call on the same thread.                                                   *|
|*                                                                            *|
|* Threads: a loaded model may be run from several threads at once; tensors   *|
|* must not be written by one thread while another uses them.                 *|
|*                                                                            *|
|* Strings: a tensor of ONNXC_STRING holds `const char *` elements, each a    *|
|* NUL-terminated UTF-8 string. A tensor created by onnxc_tensor_create owns  *|
|* its strings (onnxc_tensor_set_string copies them); a wrapped one borrows   *|
|* the caller's pointer array and strings. Outputs the runtime allocates own  *|
|* copies of their strings; string outputs written into a caller's tensor     *|
|* point into the input strings they come from.                               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
#ifndef ONNXC_RUNTIME_ONNXC_RUNTIME_H
#define ONNXC_RUNTIME_ONNXC_RUNTIME_H

#include "onnxc/Runtime/onnxc_model_abi.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(ONNXC_RUNTIME_BUILD)
#define ONNXC_API __attribute__((visibility("default")))
#else
#define ONNXC_API
#endif

typedef enum onnxc_status {
  ONNXC_OK = 0,
  /* A bad argument: wrong input count, element type, shape or values. */
  ONNXC_ERROR_INVALID_ARGUMENT = 1,
  /* The model library cannot be loaded or is not an onnxc model. */
  ONNXC_ERROR_LOAD = 2,
  ONNXC_ERROR_OUT_OF_MEMORY = 3,
} onnxc_status;

/* Element types: onnxc_element_type, in onnxc_model_abi.h. */

typedef struct onnxc_tensor onnxc_tensor;
typedef struct onnxc_model onnxc_model;

/* The message of the last failing call on this thread ("" if none). */
ONNXC_API const char *onnxc_last_error(void);

/*===-- Element types -----------------------------------------------------===*/

/* Bytes per element (sizeof(char *) for strings); 0 for an unknown type. */
ONNXC_API size_t onnxc_element_size(onnxc_element_type type);
/* "float32", "uint8", ...; NULL for an unknown type. */
ONNXC_API const char *onnxc_element_type_name(onnxc_element_type type);

/*===-- Tensors -----------------------------------------------------------===*/

/* A tensor owning zero-filled data (empty strings for ONNXC_STRING). */
ONNXC_API onnxc_status onnxc_tensor_create(onnxc_element_type type,
                                           int32_t rank, const int64_t *dims,
                                           onnxc_tensor **tensor);
/* A tensor borrowing `data`, which must hold exactly `size_bytes` bytes, the
 * product of `dims` times the element size, and outlive the tensor. */
ONNXC_API onnxc_status onnxc_tensor_wrap(onnxc_element_type type, int32_t rank,
                                         const int64_t *dims, void *data,
                                         size_t size_bytes,
                                         onnxc_tensor **tensor);
ONNXC_API void onnxc_tensor_destroy(onnxc_tensor *tensor);

/* Queries of a tensor. A NULL tensor gives 0 (type, rank, counts) or NULL
 * (dims, data). */
ONNXC_API onnxc_element_type
onnxc_tensor_element_type(const onnxc_tensor *tensor);
ONNXC_API int32_t onnxc_tensor_rank(const onnxc_tensor *tensor);
ONNXC_API const int64_t *onnxc_tensor_dims(const onnxc_tensor *tensor);
ONNXC_API int64_t onnxc_tensor_num_elements(const onnxc_tensor *tensor);
ONNXC_API size_t onnxc_tensor_size_bytes(const onnxc_tensor *tensor);
ONNXC_API void *onnxc_tensor_data(onnxc_tensor *tensor);
ONNXC_API const void *onnxc_tensor_const_data(const onnxc_tensor *tensor);

/* Copies `value` into element `index` of a string tensor the runtime owns. */
ONNXC_API onnxc_status onnxc_tensor_set_string(onnxc_tensor *tensor,
                                               int64_t index,
                                               const char *value);

/*===-- Models ------------------------------------------------------------===*/

/* Loads the model library at `path`. `entry` is the --entry name it was
 * compiled with; NULL finds the library's only model. Before loading, the
 * file must be an ELF library for this architecture exporting NAME_model
 * and NAME_signature functions, and the model information it returns must
 * lie inside it and be well-formed. A model compiled for CPU features this
 * CPU lacks (of those CPUFeatures.def lists) is refused, naming them.
 * Trust: loading a library runs its code (initializers, then NAME_model);
 * load only libraries you would run. */
ONNXC_API onnxc_status onnxc_model_load(const char *path, const char *entry,
                                        onnxc_model **model);
/* Wraps a model linked into the program: onnxc_model_from_info(NAME_model()).
 * The same checks of the information, target and CPU features apply. */
ONNXC_API onnxc_status onnxc_model_from_info(const onnxc_model_info *info,
                                             onnxc_model **model);
ONNXC_API void onnxc_model_destroy(onnxc_model *model);

/* The signature as JSON: {"inputs": [{"name", "elem_type", "shape"}], ...}
 * with symbolic dimensions as strings and unknown ones as null. */
/* Queries of a model. A NULL model gives 0 (counts) or NULL. */
ONNXC_API const char *onnxc_model_signature(const onnxc_model *model);
ONNXC_API size_t onnxc_model_num_inputs(const onnxc_model *model);
ONNXC_API size_t onnxc_model_num_outputs(const onnxc_model *model);
/* Name, element type and static shape of an input or output; NULL when out
 * of range. */
ONNXC_API const onnxc_model_io *onnxc_model_input(const onnxc_model *model,
                                                  size_t i);
ONNXC_API const onnxc_model_io *onnxc_model_output(const onnxc_model *model,
                                                   size_t i);

/* Runs the model. The inputs are checked first (count, element types, ranks,
 * static and symbolic dimensions, then the model's own run-time rules such as
 * Upsample scales >= 1 and one-element Clip bounds); nothing runs when a
 * check fails. For each output, outputs[i] == NULL makes the runtime allocate
 * a tensor the caller then owns and destroys; otherwise the caller's tensor
 * must have the output's element type and shape, must not share memory with
 * an input or another output, and is written in place.
 *
 * A run computes on the calling thread too, whose stack then holds kernel
 * frames with row buffers of up to 32 KiB each: leave it 64 KiB or more.
 * Frames larger than a page are probed page by page, so a thread with too
 * little stack faults on its guard page rather than writing below it. */
ONNXC_API onnxc_status onnxc_model_run(const onnxc_model *model,
                                       const onnxc_tensor *const *inputs,
                                       size_t num_inputs,
                                       onnxc_tensor **outputs,
                                       size_t num_outputs);

/* Threads: each run splits the model's parallel loops over up to this many
 * threads, the calling thread included, from one pool of worker threads the
 * runtime owns and keeps asleep between loops. Loops too small to share run
 * on the calling thread alone, and so does a loop that starts while another
 * run of the process uses the pool. The outputs are the same, bit for bit,
 * for every thread count. `num_threads` is 1 to 1024, or 0 for the default:
 * the ONNXC_NUM_THREADS environment variable when it holds a count from 1
 * to 1024 (any other value is ignored), else the CPUs the process may run
 * on. A model starts with the default. After fork(), the
 * child's first loop creates new worker threads (the parent's do not exist
 * there). */
ONNXC_API onnxc_status onnxc_model_set_num_threads(onnxc_model *model,
                                                   int32_t num_threads);
/* The thread count of the model's runs; 0 for a NULL model. */
ONNXC_API int32_t onnxc_model_num_threads(const onnxc_model *model);

/* The bytes of workspace (intermediate tensors and index tables) a run with
 * these inputs uses, as the model's shape function computes it from them
 * after the checks of onnxc_model_run; -1 when the model cannot tell before
 * running. The workspace belongs to the model library and the calling
 * thread: it is allocated by the first run that needs it and reused by
 * later runs, growing when a run needs more. */
ONNXC_API onnxc_status onnxc_model_workspace_bytes(
    const onnxc_model *model, const onnxc_tensor *const *inputs,
    size_t num_inputs, int64_t *bytes);

#ifdef __cplusplus
}
#endif

#endif /* ONNXC_RUNTIME_ONNXC_RUNTIME_H */
