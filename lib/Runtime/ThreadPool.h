//===- ThreadPool.h - The runtime's threads ---------------------*- C++ -*-===//
//
// Internal to the runtime: the threads that onnxc_model_run lends to a
// model's parallel loops (onnxc_thread_pool in onnxc_model_abi.h).
//
//===----------------------------------------------------------------------===//
#ifndef ONNXC_LIB_RUNTIME_THREADPOOL_H
#define ONNXC_LIB_RUNTIME_THREADPOOL_H

#include "onnxc/Runtime/onnxc_model_abi.h"

#include <cstdint>

namespace onnxc::runtime {

/// The most threads a model may be given.
constexpr int32_t kMaxThreads = 1024;

/// The thread count of models that were not given one: ONNXC_NUM_THREADS
/// when it is a number from 1 to kMaxThreads, else the CPUs this process may
/// run on (sched_getaffinity). Read once.
int32_t getDefaultNumThreads();

/// onnxc_thread_pool::parallel_for of the process's one pool of worker
/// threads, which it creates on first use and keeps asleep between loops.
/// The calling thread takes ranges too. A loop started while the pool is
/// busy with another caller's loop, or from a worker, runs on the calling
/// thread alone.
void parallelFor(onnxc_thread_pool *pool, int32_t maxThreads,
                 onnxc_parallel_task task, void *context, int64_t n);

} // namespace onnxc::runtime

#endif // ONNXC_LIB_RUNTIME_THREADPOOL_H
