//===- copy_limit.cpp - The copies that bound a kernel's speed ------------===//

#include "copy_limit.h"

#include <sys/mman.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

using namespace onnxc_bench;

void *onnxc_bench::allocate(size_t bytes) {
  constexpr size_t kHuge = size_t(2) << 20;
  size_t size = (bytes + kHuge - 1) / kHuge * kHuge;
  void *p = nullptr;
  if (posix_memalign(&p, kHuge, size ? size : kHuge) != 0) {
    fprintf(stderr, "onnxc_bench: out of memory\n");
    exit(1);
  }
  madvise(p, size, MADV_HUGEPAGE);
  memset(p, 0, size); // First touch outside the timed region.
  return p;
}

namespace {

/// What the fill writes. Not zero: some machines write lines of zeros
/// faster than other lines, and a model's outputs are not zeros.
constexpr char kFillByte = 0x5a;

#if defined(__x86_64__)
/// Streaming stores over `bytes` of `dst`, as wide as the CPU allows: a copy
/// of `src` (`Copy`) or a fill with kFillByte that reads nothing. `dst` and
/// `src` are 2 MiB aligned; the bytes past the last full vector go by
/// memcpy or memset.
template <bool Copy>
__attribute__((target("avx512f"))) size_t stream512(char *dst, const char *src,
                                                    size_t bytes) {
  size_t i = 0;
  for (; i + 64 <= bytes; i += 64)
    _mm512_stream_si512(reinterpret_cast<__m512i *>(dst + i),
                        Copy ? _mm512_load_si512(src + i)
                             : _mm512_set1_epi8(kFillByte));
  return i;
}

template <bool Copy>
__attribute__((target("avx"))) size_t stream256(char *dst, const char *src,
                                                size_t bytes) {
  size_t i = 0;
  for (; i + 32 <= bytes; i += 32)
    _mm256_stream_si256(
        reinterpret_cast<__m256i *>(dst + i),
        Copy ? _mm256_load_si256(reinterpret_cast<const __m256i *>(src + i))
             : _mm256_set1_epi8(kFillByte));
  return i;
}

template <bool Copy>
void streamStores(char *dst, const char *src, size_t bytes) {
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  static const bool avx = __builtin_cpu_supports("avx");
  size_t done = 0;
  if (avx512) {
    done = stream512<Copy>(dst, src, bytes);
  } else if (avx) {
    done = stream256<Copy>(dst, src, bytes);
  } else {
    for (; done + 16 <= bytes; done += 16)
      _mm_stream_si128(
          reinterpret_cast<__m128i *>(dst + done),
          Copy ? _mm_load_si128(reinterpret_cast<const __m128i *>(src + done))
               : _mm_set1_epi8(kFillByte));
  }
  _mm_sfence();
  if (Copy)
    memcpy(dst + done, src + done, bytes - done);
  else
    memset(dst + done, kFillByte, bytes - done);
}
#else
template <bool Copy>
void streamStores(char *dst, const char *src, size_t bytes) {
  if (Copy)
    memcpy(dst, src, bytes);
  else
    memset(dst, kFillByte, bytes);
}
#endif

void cpuRelax() {
#if defined(__x86_64__)
  __builtin_ia32_pause();
#endif
}

} // namespace

void onnxc_bench::streamCopy(char *dst, const char *src, size_t bytes) {
  streamStores<true>(dst, src, bytes);
}

void onnxc_bench::streamFill(char *dst, const char *, size_t bytes) {
  streamStores<false>(dst, nullptr, bytes);
}

void onnxc_bench::plainCopy(char *dst, const char *src, size_t bytes) {
  memcpy(dst, src, bytes);
}

#if defined(__x86_64__)
/// A copy by one `rep movsb` per thread. Not part of the limit: printed
/// beside it because some CPUs' string microcode moves large blocks faster
/// than either copy, by a path kernels cannot take (it needs copies or
/// fills of megabytes at once).
void onnxc_bench::repMovsbCopy(char *dst, const char *src, size_t bytes) {
  asm volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(bytes) : : "memory");
}
#else
void onnxc_bench::repMovsbCopy(char *dst, const char *src, size_t bytes) {
  memcpy(dst, src, bytes);
}
#endif

SpinningTeam::SpinningTeam(int count) : count(count) {
  for (int k = 1; k < count; ++k)
    helpers.emplace_back([this, k] {
      unsigned seen = 0;
      for (;;) {
        unsigned now;
        while ((now = generation.load(std::memory_order_acquire)) == seen)
          cpuRelax();
        seen = now;
        if (stopping.load())
          return;
        part(k);
        pending.fetch_sub(1, std::memory_order_acq_rel);
      }
    });
}

SpinningTeam::~SpinningTeam() {
  stopping = true;
  generation.fetch_add(1);
  for (std::thread &helper : helpers)
    helper.join();
}

void SpinningTeam::run(std::function<void(int)> work) {
  part = std::move(work);
  pending.store(count - 1);
  generation.fetch_add(1, std::memory_order_release);
  part(0);
  while (pending.load(std::memory_order_acquire) != 0)
    cpuRelax();
}

void onnxc_bench::splitCopy(SpinningTeam &team,
                            void (*copy)(char *, const char *, size_t),
                            char *to, const char *from, size_t bytes) {
  int parts = team.size();
  team.run([&](int k) {
    size_t pages = (bytes + 4095) / 4096;
    size_t begin = std::min(bytes, pages * k / parts * 4096);
    size_t end = std::min(bytes, pages * (k + 1) / parts * 4096);
    copy(to + begin, from ? from + begin : nullptr, end - begin);
  });
  asm volatile("" : : "r"(to) : "memory");
}

int onnxc_copy_limit_ms(size_t bytes, int threads, int runs, double *memcpyMs,
                        double *streamMs) {
  if (bytes == 0 || threads < 1 || threads > 1024 || runs < 1 || !memcpyMs ||
      !streamMs)
    return -1;
  char *src = static_cast<char *>(allocate(bytes));
  // Copies of zeros would write lines of zeros (see kFillByte).
  for (size_t i = 0; i < bytes; ++i)
    src[i] = char(i * 37 + 1);
  char *dst = static_cast<char *>(allocate(bytes));
  std::vector<double> times[2];
  void (*copies[2])(char *, const char *, size_t) = {plainCopy, streamCopy};
  {
    SpinningTeam team(threads);
    for (int run = -1; run < runs; ++run)
      for (int c = 0; c < 2; ++c) {
        auto start = std::chrono::steady_clock::now();
        splitCopy(team, copies[c], dst, src, bytes);
        auto end = std::chrono::steady_clock::now();
        if (run >= 0) // The first of each is untimed.
          times[c].push_back(
              std::chrono::duration<double, std::milli>(end - start).count());
      }
  }
  free(src);
  free(dst);
  for (std::vector<double> &t : times)
    std::sort(t.begin(), t.end());
  *memcpyMs = times[0][times[0].size() / 2];
  *streamMs = times[1][times[1].size() / 2];
  return 0;
}
