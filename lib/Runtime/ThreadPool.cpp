//===- ThreadPool.cpp - The runtime's threads -----------------------------===//
//
// One pool per process. A loop is cut into one contiguous range per thread,
// the same range for the same thread from run to run, so that data a run
// leaves in a core's cache is where the next run looks for it. The caller
// runs the first range and then takes back the ranges of workers that have
// not started yet, so a worker that wakes late costs no more than doing
// without it. A worker that finished a loop spins briefly (kSpinBeforeSleep)
// waiting for the next one, then sleeps on a futex: an idle process uses no
// CPU. Only a worker that said it sleeps costs its caller a wake-up system
// call. A worker the scheduler put on its caller's CPU moves off it. Which
// thread runs which range never changes a result, since the kernels' iterations
// are independent.
//
//===----------------------------------------------------------------------===//

#include "ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <sched.h>
#include <system_error>
#include <thread>
#include <vector>

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace onnxc::runtime;

namespace {

static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t) &&
                  std::atomic<uint32_t>::is_always_lock_free,
              "futexes need plain 32-bit atomics");

void futexWait(std::atomic<uint32_t> &word, uint32_t expected) {
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(&word), FUTEX_WAIT_PRIVATE,
          expected, nullptr, nullptr, 0);
}

void futexWakeOne(std::atomic<uint32_t> &word) {
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(&word), FUTEX_WAKE_PRIVATE, 1,
          nullptr, nullptr, 0);
}

void futexWakeAll(std::atomic<uint32_t> &word) {
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(&word), FUTEX_WAKE_PRIVATE,
          INT_MAX, nullptr, nullptr, 0);
}

void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// How long a worker that finished a loop waits for the next one before it
/// sleeps: long enough to span the serial steps between a kernel's loops and
/// between back-to-back runs, short enough that an idle process uses no CPU.
constexpr std::chrono::microseconds kSpinBeforeSleep{50};
/// What a worker is called (at most 15 characters).
constexpr char kWorkerThreadName[] = "onnxc-worker";

/// How long a caller waits for a busy worker before it sleeps.
constexpr std::chrono::milliseconds kCallerSpin{2};

/// The CPU the current loop's caller runs on.
std::atomic<int> callerCPU{-1};

/// The CPUs a worker was created with (its creator's), before any move.
thread_local cpu_set_t workerCPUs;
thread_local bool hasWorkerCPUs = false;

/// Moves the calling worker off the caller's CPU when the scheduler put it
/// there: the two would take turns instead of running side by side. The
/// worker may then use the CPUs it was created with, but that one.
void leaveCallerCPU() {
  int caller = callerCPU.load(std::memory_order_relaxed);
  if (caller < 0 || !hasWorkerCPUs || sched_getcpu() != caller)
    return;
  cpu_set_t allowed = workerCPUs;
  CPU_CLR(caller, &allowed);
  if (CPU_COUNT(&allowed) > 0)
    sched_setaffinity(0, sizeof(allowed), &allowed);
}

/// True on the pool's worker threads, and on a caller while its loop runs
/// (a loop started from inside a task runs on its thread alone).
thread_local bool isWorkerThread = false;
thread_local bool isInLoop = false;

class ThreadPool {
public:
  void parallelFor(int32_t maxThreads, onnxc_parallel_task task, void *context,
                   int64_t n);

  /// After fork() only the forking thread exists in the child: the pool
  /// forgets the parent's workers (their threads are gone) and its lock,
  /// which another parent thread may have held, and makes new ones.
  void forgetWorkers() {
    for (std::unique_ptr<Worker> &worker : workers)
      (void)worker.release(); // Not destroyed: a parent thread owned it.
    workers.clear();
    new (&loopLock) std::mutex();
    cannotCreateThreads = false;
  }

private:
  enum State : uint32_t {
    Idle,     ///< Waiting for a loop, spinning.
    Sleeping, ///< Waiting for a loop on the futex: needs a wake-up call.
    Assigned, ///< Given a range of the current loop, not yet started.
    Busy,     ///< Taking ranges of the current loop.
  };
  struct Worker {
    std::atomic<uint32_t> state{Idle};
    std::atomic<uint32_t> callerWaits{0};
    int64_t range = 0; ///< Which range of the current loop it runs.
  };

  /// Starts workers until there are `count`; returns how many there are.
  size_t ensureWorkers(size_t count);
  void workerLoop(Worker &worker);
  /// Runs range `range` of the current loop.
  void runRange(int64_t range);

  std::mutex loopLock; ///< Held by the caller whose loop runs.
  std::vector<std::unique_ptr<Worker>> workers;
  bool cannotCreateThreads = false; ///< Creating a thread failed once.

  // The current loop, written by its caller before waking any worker.
  onnxc_parallel_task task = nullptr;
  void *context = nullptr;
  int64_t iterations = 0;
  int64_t numRanges = 0;
};

ThreadPool &getPool() {
  // Never destroyed: workers asleep at exit end with the process, and no
  // destructor can run while a worker is still inside a model library.
  static ThreadPool *pool = [] {
    auto *created = new ThreadPool;
    pthread_atfork(nullptr, nullptr, [] { getPool().forgetWorkers(); });
    return created;
  }();
  return *pool;
}

size_t ThreadPool::ensureWorkers(size_t count) {
  // Called from kernels, through frames that cannot pass exceptions on: a
  // worker that cannot be had leaves the loop to the threads there are.
  while (workers.size() < count && !cannotCreateThreads) {
    std::unique_ptr<Worker> worker;
    try {
      worker = std::make_unique<Worker>();
      // The worker's slot exists before its thread does.
      workers.reserve(workers.size() + 1);
    } catch (const std::bad_alloc &) {
      break;
    }
    Worker &started = *worker;
    cpu_set_t creatorCPUs;
    bool known = sched_getaffinity(0, sizeof(creatorCPUs), &creatorCPUs) == 0;
    try {
      std::thread([this, &started, creatorCPUs, known] {
        // Named for top -H, debuggers and the runtime's own tests.
        pthread_setname_np(pthread_self(), kWorkerThreadName);
        workerCPUs = creatorCPUs;
        hasWorkerCPUs = known;
        workerLoop(started);
      }).detach();
    } catch (const std::system_error &) {
      cannotCreateThreads = true; // Use those there are from now on.
      break;
    } catch (const std::bad_alloc &) {
      break;
    }
    workers.push_back(std::move(worker));
  }
  return workers.size();
}

void ThreadPool::workerLoop(Worker &worker) {
  isWorkerThread = true;
  for (;;) {
    uint32_t state = worker.state.load(std::memory_order_acquire);
    if (state == Sleeping) {
      futexWait(worker.state, Sleeping);
      continue;
    }
    if (state == Idle) {
      // Spin briefly before sleeping: kernels run their loops back to back,
      // and waking a sleeping thread, on a machine whose idle CPUs halt,
      // can cost as much as a cache-resident loop takes.
      auto deadline = std::chrono::steady_clock::now() + kSpinBeforeSleep;
      while (worker.state.load(std::memory_order_relaxed) == Idle &&
             std::chrono::steady_clock::now() < deadline)
        cpuRelax();
      // Say so before sleeping: only then does a caller make the wake-up
      // system call, which spinning workers do not need.
      uint32_t expected = Idle;
      worker.state.compare_exchange_strong(expected, Sleeping,
                                           std::memory_order_relaxed);
      continue;
    }
    uint32_t expected = Assigned;
    if (!worker.state.compare_exchange_strong(expected, Busy,
                                              std::memory_order_acquire))
      continue; // Taken back by the caller.
    leaveCallerCPU();
    runRange(worker.range);
    // Non-temporal stores are weakly ordered: make this thread's visible
    // before the caller sees the loop done.
    std::atomic_thread_fence(std::memory_order_seq_cst);
    worker.state.store(Idle, std::memory_order_seq_cst);
    if (worker.callerWaits.load(std::memory_order_seq_cst))
      futexWakeAll(worker.state);
  }
}

void ThreadPool::runRange(int64_t range) {
  int64_t base = iterations / numRanges, extra = iterations % numRanges;
  int64_t begin = range * base + std::min(range, extra);
  int64_t end = begin + base + (range < extra ? 1 : 0);
  task(context, begin, end);
}

void ThreadPool::parallelFor(int32_t maxThreads, onnxc_parallel_task loopTask,
                             void *loopContext, int64_t n) {
  std::unique_lock<std::mutex> lock;
  size_t helpers = 0;
  if (!isWorkerThread && !isInLoop && maxThreads > 1 && n > 1) {
    lock = std::unique_lock<std::mutex>(loopLock, std::try_to_lock);
    if (lock.owns_lock())
      helpers = std::min(ensureWorkers(std::min(maxThreads, kMaxThreads) - 1),
                         static_cast<size_t>(maxThreads - 1));
    helpers = std::min<size_t>(helpers, n - 1);
  }
  if (helpers == 0) {
    if (lock.owns_lock())
      lock.unlock(); // Let other callers use the pool meanwhile.
    loopTask(loopContext, 0, n);
    return;
  }
  isInLoop = true;
  callerCPU.store(sched_getcpu(), std::memory_order_relaxed);
  task = loopTask;
  context = loopContext;
  iterations = n;
  numRanges = helpers + 1;
  for (size_t i = 0; i < helpers; ++i) {
    workers[i]->range = i + 1;
    if (workers[i]->state.exchange(Assigned, std::memory_order_acq_rel) ==
        Sleeping)
      futexWakeOne(workers[i]->state);
  }
  runRange(0);

  // Take back the ranges of every worker that has not started, then wait
  // for the others.
  for (size_t i = 0; i < helpers; ++i) {
    uint32_t expected = Assigned;
    if (workers[i]->state.compare_exchange_strong(expected, Idle,
                                                  std::memory_order_acquire))
      runRange(workers[i]->range);
  }
  for (size_t i = 0; i < helpers; ++i) {
    Worker &worker = *workers[i];
    // Busy with its range: spin (sleeping would let the scheduler wake the
    // caller on the worker's CPU), unless the worker takes far longer than
    // a range should, as when it was preempted.
    auto deadline = std::chrono::steady_clock::now() + kCallerSpin;
    while (worker.state.load(std::memory_order_acquire) == Busy &&
           std::chrono::steady_clock::now() < deadline)
      cpuRelax();
    worker.callerWaits.store(1, std::memory_order_seq_cst);
    while (worker.state.load(std::memory_order_seq_cst) == Busy)
      futexWait(worker.state, Busy);
    worker.callerWaits.store(0, std::memory_order_relaxed);
  }
  std::atomic_thread_fence(std::memory_order_acquire);
  isInLoop = false;
}

} // namespace

int32_t onnxc::runtime::getDefaultNumThreads() {
  static const int32_t count = [] {
    if (const char *value = std::getenv("ONNXC_NUM_THREADS")) {
      // Digits alone, nothing around them: " 4" and "4 " are both refused,
      // with a warning rather than silently.
      char *end = nullptr;
      errno = 0;
      long parsed = std::strtol(value, &end, 10);
      if (isdigit(static_cast<unsigned char>(value[0])) && errno == 0 &&
          *end == '\0' && parsed >= 1 && parsed <= kMaxThreads)
        return static_cast<int32_t>(parsed);
      fprintf(stderr,
              "onnxc: warning: ignoring ONNXC_NUM_THREADS='%s': not a thread "
              "count from 1 to %d\n",
              value, kMaxThreads);
    }
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
      return std::clamp(CPU_COUNT(&set), 1, kMaxThreads);
    return 1;
  }();
  return count;
}

void onnxc::runtime::parallelFor(onnxc_thread_pool *, int32_t maxThreads,
                                 onnxc_parallel_task task, void *context,
                                 int64_t n) {
  getPool().parallelFor(maxThreads, task, context, n);
}
