//===- ThreadPoolTest.cpp - The runtime's pool, called directly ----------===//
//
// Behaviours of onnxc::runtime::parallelFor that no compiled model shows on
// its own: the runtime library does not export it, so this test links the
// static runtime.
//
//===----------------------------------------------------------------------===//

#include "../../lib/Runtime/ThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace {

using onnxc::runtime::parallelFor;

struct Nested {
  std::mutex lock;
  /// Per outer iteration: the thread that ran it, and the threads that ran
  /// the iterations of the loop it started.
  std::vector<std::thread::id> outer;
  std::vector<std::set<std::thread::id>> inner;
  std::atomic<int64_t> innerIterations{0};
};

struct InnerContext {
  Nested *nested;
  int64_t outerIndex;
};

void innerTask(void *context, int64_t begin, int64_t end) {
  auto *inner = static_cast<InnerContext *>(context);
  std::lock_guard<std::mutex> guard(inner->nested->lock);
  inner->nested->inner[inner->outerIndex].insert(std::this_thread::get_id());
  inner->nested->innerIterations += end - begin;
}

void outerTask(void *context, int64_t begin, int64_t end) {
  auto *nested = static_cast<Nested *>(context);
  for (int64_t i = begin; i < end; ++i) {
    {
      std::lock_guard<std::mutex> guard(nested->lock);
      nested->outer[i] = std::this_thread::get_id();
    }
    InnerContext inner{nested, i};
    parallelFor(nullptr, 4, innerTask, &inner, 64);
    // Long enough for the pool's workers to wake and take ranges.
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

TEST(ThreadPool, LoopsStartedInsideATaskRunOnItsThread) {
  // Every thread of the pool is busy with the outer loop: an inner loop
  // that waited for helpers would never finish, and one that took them
  // would run another range of the outer loop's thread on them.
  Nested nested;
  nested.outer.resize(16);
  nested.inner.resize(16);
  parallelFor(nullptr, 4, outerTask, &nested, 16);
  EXPECT_EQ(nested.innerIterations.load(), 16 * 64);
  for (int64_t i = 0; i < 16; ++i)
    EXPECT_EQ(nested.inner[i], std::set<std::thread::id>{nested.outer[i]})
        << "outer iteration " << i;
}

void countTask(void *context, int64_t begin, int64_t end) {
  *static_cast<std::atomic<int64_t> *>(context) += end - begin;
}

TEST(ThreadPool, EveryIterationRunsOnceForEveryThreadCount) {
  for (int32_t threads : {1, 2, 3, 8})
    for (int64_t n : {0, 1, 2, 7, 1000}) {
      std::atomic<int64_t> count{0};
      parallelFor(nullptr, threads, countTask, &count, n);
      EXPECT_EQ(count.load(), n) << threads << " threads, n = " << n;
    }
}

struct Handoff {
  std::thread::id ranBy[2];
  std::atomic<bool> secondStarted{false};
};

/// Iteration 0, the caller's, waits for iteration 1 to start: only a worker
/// can start it meanwhile. (The bound only ends the test of a pool whose
/// workers never start, however slow the machine.)
void handoffTask(void *context, int64_t begin, int64_t end) {
  auto *handoff = static_cast<Handoff *>(context);
  for (int64_t i = begin; i < end; ++i) {
    handoff->ranBy[i] = std::this_thread::get_id();
    if (i == 1) {
      handoff->secondStarted = true;
      continue;
    }
    auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (!handoff->secondStarted &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::yield();
  }
}

TEST(ThreadPool, SpinningAndSleepingWorkersBothTakeTheirRange) {
  // A worker that just finished a loop spins, and the caller does not wake
  // it; one that has waited longer sleeps on a futex, and must be woken.
  // Either way the second range runs on it, not back on the caller.
  for (auto pause :
       {std::chrono::microseconds(0), std::chrono::microseconds(20000)}) {
    for (int round = 0; round < 3; ++round) {
      std::this_thread::sleep_for(pause);
      Handoff handoff;
      parallelFor(nullptr, 2, handoffTask, &handoff, 2);
      EXPECT_EQ(handoff.ranBy[0], std::this_thread::get_id());
      EXPECT_NE(handoff.ranBy[1], std::this_thread::get_id())
          << "after a pause of " << pause.count() << " us, round " << round;
    }
  }
}

} // namespace
