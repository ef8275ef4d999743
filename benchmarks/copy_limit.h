//===- copy_limit.h - The copies that bound a kernel's speed -----*- C++
//-*-===//
//
// A memory-bound kernel can go no faster than a copy of as many bytes as it
// reads and writes. These are the copies the benchmarks time as that limit:
// memcpy and a copy by streaming (non-temporal) stores, split over a team
// of spinning threads, on buffers backed by transparent huge pages. The
// limit is the faster of the two in the same run. onnxc_bench uses them in
// C++; benchmarks in Python load libonnxc_copy_limit.so and call
// onnxc_copy_limit_ms.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_BENCHMARKS_COPY_LIMIT_H
#define ONNXC_BENCHMARKS_COPY_LIMIT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Times `runs` copies of `bytes` bytes on `threads` threads by memcpy and
/// by streaming stores, in turns, after an untimed one of each, and writes
/// the median milliseconds of each. Returns 0, or -1 for bad arguments.
int onnxc_copy_limit_ms(size_t bytes, int threads, int runs, double *memcpy_ms,
                        double *stream_ms);

#ifdef __cplusplus
}

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace onnxc_bench {

/// `bytes` (at least one byte's worth) of zeroed memory, 2 MiB aligned, with
/// transparent huge pages, first touched here; free() releases it. Exits
/// when out of memory.
void *allocate(size_t bytes);

/// Copies by streaming stores, as wide as the CPU allows (memcpy where
/// there are none).
void streamCopy(char *dst, const char *src, size_t bytes);
/// Fills `dst` by streaming stores with a byte that is not zero; reads
/// nothing (`src` is ignored).
void streamFill(char *dst, const char *src, size_t bytes);
/// A copy by `rep movsb` on x86-64 (memcpy elsewhere); see kHasRepMovsb.
void repMovsbCopy(char *dst, const char *src, size_t bytes);
void plainCopy(char *dst, const char *src, size_t bytes);

#if defined(__x86_64__)
constexpr bool kHasRepMovsb = true;
#else
constexpr bool kHasRepMovsb = false;
#endif

/// Runs part(k) for k in [0, count) on `count` threads, the caller doing
/// part 0; the helpers spin between calls.
class SpinningTeam {
public:
  explicit SpinningTeam(int count);
  ~SpinningTeam();
  void run(std::function<void(int)> work);
  int size() const { return count; }

private:
  int count;
  std::function<void(int)> part;
  std::atomic<unsigned> generation{0};
  std::atomic<int> pending{0};
  std::atomic<bool> stopping{false};
  std::vector<std::thread> helpers;
};

/// copy(to, from, bytes) split over the team, in parts that start at
/// multiples of 4 KiB, so that streaming stores stay aligned. `from` may
/// be null (a fill).
void splitCopy(SpinningTeam &team, void (*copy)(char *, const char *, size_t),
               char *to, const char *from, size_t bytes);

} // namespace onnxc_bench
#endif

#endif // ONNXC_BENCHMARKS_COPY_LIMIT_H
