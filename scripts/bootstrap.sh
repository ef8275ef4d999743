#!/usr/bin/env bash
# Installs every Debian package onnxc needs to build, test, run the demo and
# the benchmarks. Idempotent: packages already present are not reinstalled and
# the package index is refreshed at most once per run.
set -euo pipefail

packages=(
  # Toolchain and build system (make for the CMake package's test with
  # Makefiles), and the format check.
  cmake ninja-build make ccache clang-22 lld-22 clang-format
  # LLVM/MLIR 22 (the CMake config links the shared libMLIR.so).
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools libomp-22-dev
  # ONNX protobuf classes, checker, shape inference and text parser.
  libonnx-dev libprotobuf-dev protobuf-compiler
  # Test-case generation and reference outputs; pip for the install test.
  python3 python3-onnx python3-numpy python3-pytest python3-pip
  # Unit tests; sanitizers and libFuzzer for `scripts/test.sh --sanitize`.
  libgtest-dev libclang-rt-22-dev
  # The installed CMake package's consumer test reads onnxc.pc too.
  pkg-config
  # AArch64: cross libraries to link models and onnx-run for it, and
  # qemu-user to run them in the conformance tests.
  libc6-dev-arm64-cross libgcc-12-dev-arm64-cross libstdc++-12-dev-arm64-cross
  qemu-user
)
# The benchmarks compare against ONNX Runtime through its Node.js binding; a
# machine may already have Node.js from elsewhere, which Debian's npm conflicts
# with, so only ask for it when no npm is on PATH.
if [ "${1:-}" = "--bench" ] && ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi
# benchmarks/images.py times the image libraries users would pick instead.
if [ "${1:-}" = "--bench" ]; then
  packages+=(python3-opencv python3-pil python3-torch)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "bootstrap: installing ${missing[*]}"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
