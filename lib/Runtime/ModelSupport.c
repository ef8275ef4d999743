/*===- ModelSupport.c - Run-time support linked into compiled models ------===*\
|*                                                                            *|
|* Functions the lowered code may call that libc does not provide. Each model *|
|* library links its own hidden copy, so models depend on libc alone.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <string.h>

/* An MLIR unranked memref: the rank and a pointer to a ranked descriptor
 * { T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
 *   int64_t strides[rank]; }. */
typedef struct {
  int64_t rank;
  void *descriptor;
} UnrankedMemRef;

typedef struct {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[];
} RankedDescriptor;

/* memref.copy between memrefs of any layout, called by the memref-to-llvm
 * lowering when a copy is not between contiguous buffers. */
void memrefCopy(int64_t elementSize, UnrankedMemRef *src, UnrankedMemRef *dst) {
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
