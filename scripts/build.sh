#!/usr/bin/env bash
# Configures (first run) and builds onnxc into build/; tools land in build/bin.
# Incremental when build/ exists. Extra arguments go to the build tool, e.g.
# `scripts/build.sh onnx-opt`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${ONNXC_BUILD_DIR:-$root/build}"
llvm=/usr/lib/llvm-22

if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  if command -v ccache >/dev/null 2>&1; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  # RelWithDebInfo like Debian's LLVM/MLIR packages (assertions off), with
  # line tables only to keep objects and links small.
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" \
    -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
    "${launcher[@]}"
fi
cmake --build "$build" -- "$@"
