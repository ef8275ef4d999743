# The sanitizer run-time options of every instrumented run (sourced by
# scripts/test.sh and the fuzzer's script), unless the caller set its own.
# Out-of-memory tests expect malloc to fail, not the sanitizer to abort.
# The MLIR context's allocators are shared between onnxc's instrumented
# code, whose inlined BumpPtrAllocator poisons the rest of each slab, and
# Debian's uninstrumented libMLIR, which carves from those slabs without
# unpoisoning: manual poisoning would report its reads as errors.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
