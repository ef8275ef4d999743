/*===- ModelSupport.c - Run-time support linked into compiled models ------===*\
|*                                                                            *|
|* Functions the lowered code may call that libc does not provide, declared  *|
|* in onnxc_model_support.h. Each model library links its own hidden copy, so *|
|* models depend on libc alone (and on the dynamic loader for thread-local    *|
|* storage).                                                                  *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "onnxc/Runtime/onnxc_model_support.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* What every model reads to check that it links with this version. */
const char ONNXC_MODEL_SUPPORT_VERSION_ANCHOR = ONNXC_MODEL_SUPPORT_VERSION;

/* The ranked descriptor an onnxc_unranked_memref points to:
 * { T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
 *   int64_t strides[rank]; }. */
typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
} RankedDescriptor;

/* memref.copy between memrefs of any layout, called by the memref-to-llvm
 * lowering when a copy is not between contiguous buffers. */
void memrefCopy(int64_t elementSize, onnxc_unranked_memref *src,
                onnxc_unranked_memref *dst) {
  int64_t rank = src->rank;
  RankedDescriptor *s = (RankedDescriptor *)src->descriptor;
  RankedDescriptor *d = (RankedDescriptor *)dst->descriptor;
  const int64_t *sizes = s->sizesAndStrides;
  const int64_t *srcStrides = s->sizesAndStrides + rank;
  const int64_t *dstStrides = d->sizesAndStrides + rank;
  char *srcBase = s->aligned + s->offset * elementSize;
  char *dstBase = d->aligned + d->offset * elementSize;
  if (rank == 0) {
    memcpy(dstBase, srcBase, elementSize);
    return;
  }
  for (int64_t i = 0; i < rank; ++i)
    if (sizes[i] == 0)
      return;
  int64_t index[rank];
  for (int64_t i = 0; i < rank; ++i)
    index[i] = 0;
  int64_t srcOffset = 0, dstOffset = 0;
  for (;;) {
    memcpy(dstBase + dstOffset * elementSize, srcBase + srcOffset * elementSize,
           elementSize);
    int64_t axis = rank - 1;
    for (; axis >= 0; --axis) {
      ++index[axis];
      srcOffset += srcStrides[axis];
      dstOffset += dstStrides[axis];
      if (index[axis] < sizes[axis])
        break;
      srcOffset -= srcStrides[axis] * sizes[axis];
      dstOffset -= dstStrides[axis] * sizes[axis];
      index[axis] = 0;
    }
    if (axis < 0)
      return;
  }
}

/*===----------------------------------------------------------------------===*\
|* The workspace: where the buffers a kernel allocates live                   *|
\*===----------------------------------------------------------------------===*/

/* Intermediate tensors that fusion keeps, and run-time index tables, are
 * allocated by the lowered code through the three functions below (the
 * memref-to-llvm lowering's "generic" allocation functions). They come from
 * a workspace per model library and per calling thread: a stack of blocks
 * in one buffer. A block freed while on top of the stack gives its bytes
 * back at once, so buffers whose lifetimes do not overlap share memory.
 * When a run needs more than the buffer holds, the excess comes from malloc
 * and, once every block of the run is freed, the buffer is regrown to the
 * run's peak: from then on a run of the same shapes allocates nothing.
 * Threads never share a workspace, so runs from several threads are
 * independent; a thread's workspace is freed when the thread exits. */

typedef struct BlockHeader {
  size_t previousTop; /* The stack top before this block; for a heap block,
                         the offset back to what malloc returned. */
  size_t footprint;   /* Bytes this block takes, padding and header included. */
  struct BlockHeader *nextHeap, *previousHeap; /* Live heap blocks. */
  int fromHeap; /* Allocated by malloc, outside the buffer. */
  int reserved[3];
} BlockHeader;

typedef struct Workspace {
  struct Workspace *next, *previous; /* Every thread's, for unloading. */
  char *base;
  size_t capacity;
  size_t top;
  size_t live;             /* Blocks not yet freed. */
  size_t used;             /* Footprint of the live blocks. */
  size_t peak;             /* Largest `used` since the buffer was last sized. */
  BlockHeader *heapBlocks; /* Live blocks that came from malloc. */
  jmp_buf *guard; /* Where a failed allocation returns to, during a run. */
  onnxc_thread_pool *pool; /* The threads lent to the current run, or NULL. */
  int sweepBackward; /* The direction of this thread's next parallel loop. */
} Workspace;

/* The calling thread's workspace is found through a pthread key of the
 * library's. A process has about a thousand keys: a library that finds
 * none left falls back on thread-local storage (the key, when there is
 * one, also frees a thread's workspace at its exit; without one, the
 * library frees it when unloaded). The key comes first because glibc
 * allocates a dlopen'ed library's thread-local storage on its first use in
 * each thread, and aborts the process when that allocation fails. */
static pthread_key_t workspaceKey;
static pthread_once_t workspaceKeyOnce = PTHREAD_ONCE_INIT;
static int workspaceKeyCreated;
static __thread Workspace *threadWorkspace;

static pthread_mutex_t workspacesLock = PTHREAD_MUTEX_INITIALIZER;
static Workspace *workspaces;

static void unlinkWorkspace(Workspace *w) {
  if (w->previous)
    w->previous->next = w->next;
  else
    workspaces = w->next;
  if (w->next)
    w->next->previous = w->previous;
}

/* At thread exit, when the workspace has a key. */
static void freeWorkspace(void *data) {
  Workspace *w = (Workspace *)data;
  pthread_mutex_lock(&workspacesLock);
  unlinkWorkspace(w);
  pthread_mutex_unlock(&workspacesLock);
  free(w->base);
  free(w);
}

static void createWorkspaceKey(void) {
  workspaceKeyCreated = pthread_key_create(&workspaceKey, freeWorkspace) == 0;
}

/* When the model library is unloaded: no thread may later call back into
 * it at its exit, and no workspace outlives it. */
__attribute__((destructor)) static void freeAllWorkspaces(void) {
  if (workspaceKeyCreated)
    pthread_key_delete(workspaceKey);
  pthread_mutex_lock(&workspacesLock);
  while (workspaces) {
    Workspace *w = workspaces;
    unlinkWorkspace(w);
    free(w->base);
    free(w);
  }
  pthread_mutex_unlock(&workspacesLock);
}

/* The calling thread's workspace, created on its first use. */
static Workspace *getWorkspace(void) {
  pthread_once(&workspaceKeyOnce, createWorkspaceKey);
  Workspace *w = workspaceKeyCreated
                     ? (Workspace *)pthread_getspecific(workspaceKey)
                     : threadWorkspace;
  if (w)
    return w;
  w = (Workspace *)calloc(1, sizeof(Workspace));
  if (!w)
    return NULL;
  if (workspaceKeyCreated) {
    if (pthread_setspecific(workspaceKey, w) != 0) {
      free(w);
      return NULL;
    }
  } else {
    threadWorkspace = w;
  }
  pthread_mutex_lock(&workspacesLock);
  w->next = workspaces;
  if (workspaces)
    workspaces->previous = w;
  workspaces = w;
  pthread_mutex_unlock(&workspacesLock);
  return w;
}

enum { kHeader = sizeof(BlockHeader), kMinAlignment = 64 };

static size_t alignUp(size_t value, size_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

/* Drops every block of the interrupted run. */
static void resetWorkspace(Workspace *w) {
  while (w->heapBlocks) {
    BlockHeader *block = w->heapBlocks;
    w->heapBlocks = block->nextHeap;
    free((char *)block + kHeader - block->previousTop);
  }
  w->top = w->live = w->used = 0;
}

/* An allocation failed: inside a guarded run, the run ends there with an
 * error; the kernels never see a null buffer. */
static void *failAllocation(Workspace *w) {
  if (w && w->guard) {
    resetWorkspace(w);
    longjmp(*w->guard, 1);
  }
  return NULL;
}

/* Runs a kernel; returns 0, or 1 when its workspace could not be allocated
 * (then nothing of the run's workspace stays allocated). The generated code
 * holds no resources of its own, so leaving it by longjmp is safe. */
__attribute__((visibility("hidden"))) int32_t
__onnxc_guarded_run(void (*kernel)(void **), void **descriptors,
                    onnxc_thread_pool *pool) {
  Workspace *w = getWorkspace();
  if (!w)
    return 1;
  jmp_buf guard;
  jmp_buf *outer = w->guard;
  onnxc_thread_pool *outerPool = w->pool;
  if (setjmp(guard)) {
    w->guard = outer;
    w->pool = outerPool;
    return 1;
  }
  w->guard = &guard;
  w->pool = pool && pool->parallel_for && pool->num_threads > 1 ? pool : NULL;
  kernel(descriptors);
  w->guard = outer;
  w->pool = outerPool;
  return 0;
}

/* Runs a shape function; returns its status, or ONNXC_SHAPES_OUT_OF_MEMORY
 * when memory for its values could not be allocated (then none of it stays
 * allocated). */
__attribute__((visibility("hidden"))) int32_t
__onnxc_guarded_shapes(int32_t (*shapes)(void **), void **descriptors) {
  Workspace *w = getWorkspace();
  if (!w)
    return ONNXC_SHAPES_OUT_OF_MEMORY;
  jmp_buf guard;
  jmp_buf *outer = w->guard;
  if (setjmp(guard)) {
    w->guard = outer;
    return ONNXC_SHAPES_OUT_OF_MEMORY;
  }
  w->guard = &guard;
  int32_t status = shapes(descriptors);
  w->guard = outer;
  return status;
}

/*===----------------------------------------------------------------------===*\
|* Parallel loops                                                             *|
\*===----------------------------------------------------------------------===*/

/* Bytes each thread must have to write for a loop to be shared. Sharing
 * costs a round trip between cores and moves the lines a run leaves in one
 * core's cache, which small loops do not win back. Tuned with the
 * cache-resident Clip workloads of benchmarks/run.sh at one and two
 * threads (docs/design.md, "Threads"). A worker that is asleep when the
 * loop starts costs the caller no more than the wake-up call: the caller
 * takes back its range. */
enum { kMinBytesPerThread = 64 << 10 };

/* A loop whose threads each write at most this many bytes runs its ranges
 * backward every other time: it then starts with the lines the previous
 * loop of this thread touched last, which are still in the core's cache,
 * instead of with those it touched first, which least-recently-used
 * replacement has evicted. Past a few times a core's L2, the lines are gone
 * either way and backward sweeps only lose the prefetchers. Tuned with
 * float Clips of benchmarks/run.sh (docs/design.md, "Threads", "Sweep
 * direction"). */
enum { kMaxAlternatingBytesPerThread = 4 << 20 };

/* A backward sweep runs blocks of about this many bytes backward, each
 * forward, so that the task's inner loops keep their order. */
enum { kSweepBlockBytes = 64 << 10 };

/* The calling thread's workspace, NULL before its first run; never
 * creates one. */
static Workspace *findWorkspace(void) {
  return workspaceKeyCreated ? (Workspace *)pthread_getspecific(workspaceKey)
                             : threadWorkspace;
}

/* The threads lent to the running kernel, NULL when it has none. */
static onnxc_thread_pool *getRunPool(void) {
  Workspace *w = findWorkspace();
  return w ? w->pool : NULL;
}

typedef struct {
  onnxc_parallel_task task;
  void *context;
  int64_t block; /* Iterations per block. */
} BackwardSweep;

/* Runs the task of `data`, a BackwardSweep, over [begin, end) a block at a
 * time, from the last block to the first. */
static void runBackward(void *data, int64_t begin, int64_t end) {
  const BackwardSweep *sweep = (const BackwardSweep *)data;
  while (end > begin) {
    int64_t start = end - begin > sweep->block ? end - sweep->block : begin;
    sweep->task(sweep->context, start, end);
    end = start;
  }
}

/* The threads the running kernel's parallel loops may use, the calling one
 * included: onnx-streaming-stores weighs the bytes a run moves per thread
 * against its share of the last-level cache. */
__attribute__((visibility("hidden"))) int64_t __onnxc_num_threads(void) {
  onnxc_thread_pool *pool = getRunPool();
  return pool ? pool->num_threads : 1;
}

/* A parallel loop of the kernel (outlined by onnx-parallelize-loops): runs
 * `task` over [0, n), each iteration writing about `bytesPerIteration`
 * bytes (0: unknown), on the threads the run was lent, or on the calling
 * thread alone when the loop is too small to share or the run has no
 * threads. Small loops run backward every other time, unless `inOrder`.
 * The decision counts the threads planned for the loop: when the pool is
 * busy with another caller's loop, the caller runs it all, maybe in a
 * direction chosen for a share of it. The workers never allocate from the
 * workspace: onnx-parallelize-loops outlines no loop that allocates (but on
 * the stack). */
__attribute__((visibility("hidden"))) void
__onnxc_parallel_for(onnxc_parallel_task task, void *context, int64_t n,
                     int64_t bytesPerIteration, int32_t inOrder) {
  if (n <= 0)
    return;
  onnxc_thread_pool *pool = getRunPool();
  int64_t threads = pool ? pool->num_threads : 1;
  if (threads > n)
    threads = n;
  if (bytesPerIteration > 0 && threads > 1) {
    int64_t perThread = kMinBytesPerThread / bytesPerIteration + 1;
    if (n / perThread < threads)
      threads = n / perThread;
  }
  if (threads < 1)
    threads = 1;
  BackwardSweep backward = {task, context, 1};
  Workspace *w = findWorkspace();
  if (w && !inOrder && bytesPerIteration > 0 &&
      (n + threads - 1) / threads <=
          kMaxAlternatingBytesPerThread / bytesPerIteration) {
    w->sweepBackward = !w->sweepBackward;
    if (w->sweepBackward) {
      if (bytesPerIteration < kSweepBlockBytes)
        backward.block = kSweepBlockBytes / bytesPerIteration;
      task = runBackward;
      context = &backward;
    }
  }
  if (threads <= 1) {
    task(context, 0, n);
    return;
  }
  pool->parallel_for(pool, (int32_t)threads, task, context, n);
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  Workspace *w = getWorkspace();
  if (!w)
    return failAllocation(w);
  if (alignment < kMinAlignment)
    alignment = kMinAlignment;
  size_t start = alignUp(w->top + kHeader, alignment);
  size_t end = start + size;
  BlockHeader header = {w->top, end - w->top, NULL, NULL, 0, {0}};
  if (size > ((size_t)1 << 60) || end < start)
    return failAllocation(w);
  char *block;
  if (w->base && end <= w->capacity) {
    block = w->base + start;
    w->top = end;
  } else {
    /* Past the buffer: from the heap this time, counted for the regrowth. */
    header.footprint = size + alignment + kHeader;
    header.previousTop = 0;
    header.fromHeap = 1;
    char *raw = (char *)malloc(header.footprint);
    if (!raw)
      return failAllocation(w);
    block = (char *)alignUp((uintptr_t)raw + kHeader, alignment);
    header.previousTop = (size_t)(block - raw); /* Offset back to `raw`. */
    header.nextHeap = w->heapBlocks;
  }
  memcpy(block - kHeader, &header, kHeader);
  if (header.fromHeap) {
    BlockHeader *linked = (BlockHeader *)(block - kHeader);
    if (w->heapBlocks)
      w->heapBlocks->previousHeap = linked;
    w->heapBlocks = linked;
  }
  ++w->live;
  w->used += header.footprint;
  if (w->used > w->peak)
    w->peak = w->used;
  return block;
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  return _mlir_memref_to_llvm_aligned_alloc(kMinAlignment, size);
}

void _mlir_memref_to_llvm_free(void *pointer) {
  if (!pointer)
    return;
  Workspace *w = findWorkspace();
  char *block = (char *)pointer;
  BlockHeader header;
  memcpy(&header, block - kHeader, kHeader);
  --w->live;
  w->used -= header.footprint;
  if (header.fromHeap) {
    BlockHeader *linked = (BlockHeader *)(block - kHeader);
    if (linked->previousHeap)
      linked->previousHeap->nextHeap = linked->nextHeap;
    else
      w->heapBlocks = linked->nextHeap;
    if (linked->nextHeap)
      linked->nextHeap->previousHeap = linked->previousHeap;
    free(block - header.previousTop);
  } else if (w->top == header.previousTop + header.footprint) {
    w->top = header.previousTop; /* The top block: its bytes are free now. */
  }
  if (w->live != 0)
    return;
  w->top = 0;
  if (w->peak <= w->capacity)
    return;
  /* Regrow to the peak, for the next run. */
  size_t capacity = alignUp(w->peak, 4096);
  void *base = NULL;
  if (posix_memalign(&base, 4096, capacity) != 0)
    return; /* Keep the old buffer; the next run uses the heap again. */
  free(w->base);
  w->base = (char *)base;
  w->capacity = capacity;
}
