#!/usr/bin/env bash
# Configures (first run) and builds onnxc into build/; tools land in build/bin.
# Incremental when build/ exists. Extra arguments go to the build tool, e.g.
# `scripts/build.sh onnx-opt`. With ONNXC_SANITIZE=1 the build (by default
# into build-sanitize/) has AddressSanitizer, UndefinedBehaviorSanitizer and
# assertions in onnxc's own code, and the libFuzzer targets. With
# ONNXC_COMPILER=PATH it is a runtime build: no compiler of its own, models
# compiled with PATH (CMakeLists.txt).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sanitize="${ONNXC_SANITIZE:-0}"
if [ "$sanitize" = 1 ]; then
  build="${ONNXC_BUILD_DIR:-$root/build-sanitize}"
else
  build="${ONNXC_BUILD_DIR:-$root/build}"
fi
llvm=/usr/lib/llvm-22

# ccache: paths relative to the checkout, so that clones in other folders
# (CI's, a second worktree) share the cache.
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if command -v ccache >/dev/null 2>&1; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  flags="-O2 -g1 -DNDEBUG"
  extra=()
  if [ "$sanitize" = 1 ]; then
    # LLVM's own sanitizer setup (HandleLLVMOptions): the flags for every
    # target, and shared libraries that leave the runtime's symbols to the
    # executable; coverage for libFuzzer in all of onnxc.
    extra=(-DLLVM_USE_SANITIZER="Address;Undefined" -DLLVM_USE_SANITIZE_COVERAGE=ON
           -DONNXC_BUILD_FUZZERS=ON)
    # Assertions on in onnxc's own code: LLVM's containers then check every
    # index (the libraries stay as Debian built them).
    flags="-O2 -g1"
  fi
  if [ -n "${ONNXC_COMPILER:-}" ]; then
    extra+=(-DONNXC_COMPILER="$ONNXC_COMPILER")
  fi
  # RelWithDebInfo like Debian's LLVM/MLIR packages (assertions off), with
  # line tables only to keep objects and links small.
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="$flags" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$flags" \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" \
    -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
    "${launcher[@]}" "${extra[@]}"
fi
cmake --build "$build" -- "$@"
