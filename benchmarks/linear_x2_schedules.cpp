//===- linear_x2_schedules.cpp - Hand-written Resize linear x2 schedules --===//
//
// The workload resize_linear_x2_1x64x56x56 of workloads.py (half_pixel,
// float32, an output of 3 MiB that stays in the last-level cache) written
// by hand in several loop schedules, each checked against a double
// reference and timed against memcpy of the workload's bytes in the same
// run, as run.py's limit is. It shows what a schedule reaches on the
// machine, apart from code generation:
//
//   gather   each output row from its two input rows, horizontally and
//            vertically in one loop (onnxc's form inside a graph);
//   groups   the two output rows between input rows i and i + 1 in one
//            loop: both input rows horizontally, then the output rows as
//            a + w (b - a) (for a graph output onnxc groups four rows,
//            and sums w0 a + w1 b, which keeps infinities);
//   plane    the horizontal pass over a channel's rows into a buffer of the
//            channel, then the vertical pass from it;
//   ring     the horizontal pass one row ahead into a ring of two rows,
//            each output row from the ring;
//   ring-difference  the ring, the two output rows between rows a and b
//            computed as a + w (b - a), which they share.
//
// Each row of X is stored with its edge elements repeated once on either
// side, so that no schedule spends instructions on the clamped taps.
// x86-64 with AVX-512F only.
//
//===----------------------------------------------------------------------===//

#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr int kChannels = 64, kIn = 56, kOut = 112;
/// A padded row of X: the edge, 56 elements, the edge, then alignment.
constexpr int kPaddedIn = 64;

struct Buffers {
  float *x, *y;
};

/// Output row `o`'s two input rows and the first one's weight.
struct RowTaps {
  int i0, i1;
  float w0;
};

RowTaps getRowTaps(int o) {
  double coordinate = std::max((o + 0.5) / 2 - 0.5, 0.0);
  int i0 = static_cast<int>(coordinate);
  return {i0, std::min(i0 + 1, kIn - 1),
          static_cast<float>(1.0 - (coordinate - i0))};
}

double reference(const float *x, int c, int o, int q) {
  RowTaps rows = getRowTaps(o), cols = getRowTaps(q);
  auto at = [&](int i, int j) {
    return double(x[(c * kIn + i) * kPaddedIn + 1 + j]);
  };
  auto row = [&](int i) {
    return cols.w0 * at(i, cols.i0) + (1.0 - cols.w0) * at(i, cols.i1);
  };
  return rows.w0 * row(rows.i0) + (1.0 - rows.w0) * row(rows.i1);
}

/// Phases 0 and 1 (outputs 2j and 2j + 1) of the input elements j to
/// j + 15 of a row, from the vectors of the elements before, at and after
/// them.
struct Phases {
  __m512 even, odd;
};

__attribute__((target("avx512f"))) inline Phases
interpolate(__m512 before, __m512 at, __m512 after) {
  const __m512 quarter = _mm512_set1_ps(0.25f), rest = _mm512_set1_ps(0.75f);
  __m512 main = _mm512_mul_ps(rest, at);
  return {_mm512_fmadd_ps(quarter, before, main),
          _mm512_fmadd_ps(quarter, after, main)};
}

/// Outputs 2j to 2j + 31 of a row (those within it) from their phases,
/// interleaved.
__attribute__((target("avx512f"))) inline void
storeInterleaved(float *out, int j, Phases phases) {
  const __m512i low =
      _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  const __m512i high = _mm512_set_epi32(31, 15, 30, 14, 29, 13, 28, 12, 27, 11,
                                        26, 10, 25, 9, 24, 8);
  _mm512_storeu_ps(out + 2 * j,
                   _mm512_permutex2var_ps(phases.even, low, phases.odd));
  if (j + 16 <= kIn)
    _mm512_storeu_ps(out + 2 * j + 16,
                     _mm512_permutex2var_ps(phases.even, high, phases.odd));
}

/// The phases of padded row `p`'s elements j to j + 15.
__attribute__((target("avx512f"))) inline Phases interpolateAt(const float *p,
                                                               int j) {
  return interpolate(_mm512_loadu_ps(p + j), _mm512_loadu_ps(p + j + 1),
                     _mm512_loadu_ps(p + j + 2));
}

/// One horizontally interpolated row (112 elements) from a padded row.
__attribute__((target("avx512f"))) void interpolateRow(const float *p,
                                                       float *h) {
  for (int j = 0; j < kIn; j += 16)
    storeInterleaved(h, j, interpolateAt(p, j));
}

__attribute__((target("avx512f"))) inline __m512
blendVectors(__m512 wa, const float *a, __m512 wb, const float *b) {
  return _mm512_fmadd_ps(wb, _mm512_loadu_ps(b),
                         _mm512_mul_ps(wa, _mm512_loadu_ps(a)));
}

/// Output row from two interpolated rows.
__attribute__((target("avx512f"))) void
blendRows(const float *a, const float *b, float w0, float *out) {
  const __m512 wa = _mm512_set1_ps(w0), wb = _mm512_set1_ps(1.0f - w0);
  for (int j = 0; j < kOut; j += 16)
    _mm512_storeu_ps(out + j, blendVectors(wa, a + j, wb, b + j));
}

__attribute__((target("avx512f"))) void runGather(Buffers buffers) {
  for (int c = 0; c < kChannels; ++c)
    for (int o = 0; o < kOut; ++o) {
      RowTaps taps = getRowTaps(o);
      const float *r0 = buffers.x + (c * kIn + taps.i0) * kPaddedIn;
      const float *r1 = buffers.x + (c * kIn + taps.i1) * kPaddedIn;
      float *out = buffers.y + (c * kOut + o) * kOut;
      const __m512 wa = _mm512_set1_ps(taps.w0),
                   wb = _mm512_set1_ps(1.0f - taps.w0);
      for (int j = 0; j < kIn; j += 16)
        storeInterleaved(
            out, j,
            interpolate(blendVectors(wa, r0 + j, wb, r1 + j),
                        blendVectors(wa, r0 + j + 1, wb, r1 + j + 1),
                        blendVectors(wa, r0 + j + 2, wb, r1 + j + 2)));
    }
}

/// The groups schedule: per pair of input rows (clamped at the edges), the
/// two output rows between them, from the two rows' horizontal sums kept
/// in registers.
__attribute__((target("avx512f"))) void runGroups(Buffers buffers) {
  const __m512 quarter = _mm512_set1_ps(0.25f), rest = _mm512_set1_ps(0.75f);
  for (int c = 0; c < kChannels; ++c)
    for (int i = -1; i < kIn; ++i) {
      const float *first = buffers.x + (c * kIn + std::max(i, 0)) * kPaddedIn;
      const float *second =
          buffers.x + (c * kIn + std::min(i + 1, kIn - 1)) * kPaddedIn;
      for (int j = 0; j < kIn; j += 16) {
        Phases a = interpolateAt(first, j), b = interpolateAt(second, j);
        Phases step = {_mm512_sub_ps(b.even, a.even),
                       _mm512_sub_ps(b.odd, a.odd)};
        // Output rows 2i + 1 and 2i + 2, where they exist.
        for (int m = 0; m < 2; ++m) {
          int o = 2 * i + 1 + m;
          if (o < 0 || o >= kOut)
            continue;
          __m512 w = m == 0 ? quarter : rest;
          storeInterleaved(buffers.y + (c * kOut + o) * kOut, j,
                           {_mm512_fmadd_ps(w, step.even, a.even),
                            _mm512_fmadd_ps(w, step.odd, a.odd)});
        }
      }
    }
}

__attribute__((target("avx512f"))) void runPlane(Buffers buffers) {
  alignas(64) static float plane[kIn * kOut];
  for (int c = 0; c < kChannels; ++c) {
    for (int i = 0; i < kIn; ++i)
      interpolateRow(buffers.x + (c * kIn + i) * kPaddedIn, plane + i * kOut);
    for (int o = 0; o < kOut; ++o) {
      RowTaps taps = getRowTaps(o);
      blendRows(plane + taps.i0 * kOut, plane + taps.i1 * kOut, taps.w0,
                buffers.y + (c * kOut + o) * kOut);
    }
  }
}

/// The ring schedules: rows i and i + 1 in the ring while the output rows
/// between them are written. `difference` blends both as a + w (b - a).
template <bool difference>
__attribute__((target("avx512f"))) void runRing(Buffers buffers) {
  alignas(64) static float ring[2][kOut];
  for (int c = 0; c < kChannels; ++c) {
    const float *x = buffers.x + c * kIn * kPaddedIn;
    float *y = buffers.y + c * kOut * kOut;
    interpolateRow(x, ring[0]);
    interpolateRow(x + kPaddedIn, ring[1]);
    std::memcpy(y, ring[0], sizeof ring[0]);
    for (int i = 0; i + 1 < kIn; ++i) {
      const float *a = ring[i % 2], *b = ring[(i + 1) % 2];
      float *first = y + (2 * i + 1) * kOut, *second = first + kOut;
      if constexpr (difference) {
        const __m512 quarter = _mm512_set1_ps(0.25f),
                     rest = _mm512_set1_ps(0.75f);
        for (int j = 0; j < kOut; j += 16) {
          __m512 va = _mm512_loadu_ps(a + j);
          __m512 step = _mm512_sub_ps(_mm512_loadu_ps(b + j), va);
          _mm512_storeu_ps(first + j, _mm512_fmadd_ps(quarter, step, va));
          _mm512_storeu_ps(second + j, _mm512_fmadd_ps(rest, step, va));
        }
      } else {
        blendRows(a, b, 0.75f, first);
        blendRows(a, b, 0.25f, second);
      }
      if (i + 2 < kIn)
        interpolateRow(x + (i + 2) * kPaddedIn, ring[i % 2]);
    }
    std::memcpy(y + (kOut - 1) * kOut, ring[(kIn - 1) % 2], sizeof ring[0]);
  }
}

__attribute__((target("avx512f"))) void runFill(Buffers buffers) {
  const __m512 value = _mm512_set1_ps(1.0f);
  for (int i = 0; i < kChannels * kOut * kOut; i += 16)
    _mm512_storeu_ps(buffers.y + i, value);
}

struct Schedule {
  const char *name;
  void (*run)(Buffers);
  bool checked;
};

} // namespace

int main() {
  if (!__builtin_cpu_supports("avx512f")) {
    std::fprintf(stderr, "linear_x2_schedules: needs AVX-512F\n");
    return 1;
  }
  // A vector past the last row: the last loads of a row read past its
  // padding, into elements no output uses.
  std::vector<float> x(kChannels * kIn * kPaddedIn + 16),
      y(kChannels * kOut * kOut);
  for (int r = 0; r < kChannels * kIn; ++r) {
    float *row = x.data() + r * kPaddedIn;
    for (int j = 0; j < kIn; ++j)
      row[1 + j] = float((r * 31 + j * 17) % 97) / 7.0f;
    row[0] = row[1];
    std::fill(row + kIn + 1, row + kPaddedIn, row[kIn]);
  }
  // The limit's copy: (bytes read + bytes written) / 2.
  size_t copyBytes = (kChannels * kIn * kIn + kChannels * kOut * kOut) * 2;
  std::vector<char> source(copyBytes, 1), destination(copyBytes);
  Buffers buffers{x.data(), y.data()};
  double largest = 0;
  for (float v : x)
    largest = std::max(largest, double(std::fabs(v)));

  std::vector<Schedule> schedules = {
      {"memcpy", nullptr, false},
      {"fill", runFill, false},
      {"gather", runGather, true},
      {"groups", runGroups, true},
      {"plane", runPlane, true},
      {"ring", runRing<false>, true},
      {"ring-difference", runRing<true>, true},
  };
  for (const Schedule &schedule : schedules) {
    if (!schedule.checked)
      continue;
    schedule.run(buffers);
    for (int c = 0; c < kChannels; ++c)
      for (int o = 0; o < kOut; ++o)
        for (int q = 0; q < kOut; ++q) {
          double expected = reference(x.data(), c, o, q);
          double actual = y[(c * kOut + o) * kOut + q];
          // The tolerance the conformance tests give Resize's floats.
          if (std::fabs(actual - expected) >
              1e-5 * std::fabs(expected) + 1e-6 * largest) {
            std::fprintf(stderr, "%s: y[%d][%d][%d] = %g, expected %g\n",
                         schedule.name, c, o, q, actual, expected);
            return 1;
          }
        }
  }

  // In turns, so that every schedule sees the same drift of the machine.
  constexpr int kRuns = 500;
  std::vector<std::vector<double>> times(schedules.size());
  for (int run = 0; run < kRuns; ++run)
    for (size_t s = 0; s < schedules.size(); ++s) {
      auto start = std::chrono::steady_clock::now();
      if (schedules[s].run)
        schedules[s].run(buffers);
      else
        std::memcpy(destination.data(), source.data(), copyBytes);
      asm volatile("" ::"r"(y.data()), "r"(destination.data()) : "memory");
      times[s].push_back(std::chrono::duration<double, std::micro>(
                             std::chrono::steady_clock::now() - start)
                             .count());
    }
  double limit = 0;
  std::printf("| schedule | us | of memcpy |\n|---|---:|---:|\n");
  for (size_t s = 0; s < schedules.size(); ++s) {
    std::nth_element(times[s].begin(), times[s].begin() + kRuns / 2,
                     times[s].end());
    double median = times[s][kRuns / 2];
    if (s == 0)
      limit = median;
    std::printf("| %s | %.1f | %.2f |\n", schedules[s].name, median,
                limit / median);
  }
  return 0;
}
