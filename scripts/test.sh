#!/usr/bin/env bash
# The test command: installs what is missing (Debian packages), builds, and
# runs every test through ctest: the lit suite, the unit tests and the
# conformance suites. The last line is "N passed, M failed" over ctest's tests.
#
#   scripts/test.sh              the normal build (build/) and every test
#   scripts/test.sh --sanitize   an AddressSanitizer + UndefinedBehaviorSanitizer
#                                build (build-sanitize/), every test that runs
#                                in its instrumented processes, and 30 s of
#                                fuzzing the importer
#   scripts/test.sh --sanitize-runtime
#                                the same for what a model's user runs and
#                                what reads untrusted files: the runtime,
#                                onnx-run, the examples and the importer's
#                                fuzzer (build-sanitize-runtime/), with
#                                models compiled by build/'s compiler
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exclude=()
mode="${1:-}"
if [ "$mode" = "--sanitize-runtime" ]; then
  compiler_build="$root/build"
  build="${ONNXC_BUILD_DIR:-$root/build-sanitize-runtime}"
  # The generated cases and the streaming-store runs exercise the compiled
  # kernels, which are not instrumented: through onnx-run and the runtime
  # they repeat what the official node tests and the random cases do. The
  # format check and the comparison's own test instrument nothing.
  exclude=(-E '^(conformance-generated.*|conformance-node-tests-resize-streaming|conformance-compare|format)$')
fi
if [ "$mode" = "--sanitize" ] || [ "$mode" = "--sanitize-runtime" ]; then
  export ONNXC_SANITIZE=1
  if [ "$mode" = "--sanitize" ]; then
    build="${ONNXC_BUILD_DIR:-$root/build-sanitize}"
    # Python (and the install test's Python part) loads the instrumented
    # runtime into an uninstrumented interpreter, which ASan cannot do.
    # The AArch64 and streaming-store conformance runs repeat the generated
    # cases with other code generation: once, in the normal suite, is
    # enough. Resize's generated cases take over ten minutes of
    # instrumented compiles; its official node tests stay.
    exclude=(-E '^(python|install-tree|conformance-aarch64-qemu|conformance-node-tests-aarch64-qemu|conformance-generated-streaming|conformance-node-tests-resize-streaming|conformance-generated-resize)$')
  fi
  . "$root/scripts/sanitizer-options.sh"
elif [ -n "$mode" ]; then
  echo "usage: scripts/test.sh [--sanitize | --sanitize-runtime]" >&2
  exit 2
else
  build="${ONNXC_BUILD_DIR:-$root/build}"
fi
export ONNXC_BUILD_DIR="$build"

"$root/scripts/bootstrap.sh"
if [ "$mode" = "--sanitize-runtime" ]; then
  # The uninstrumented compiler, built first when missing or stale.
  env -u ONNXC_COMPILER ONNXC_SANITIZE=0 ONNXC_BUILD_DIR="$compiler_build" \
    "$root/scripts/build.sh" onnx-compile
  export ONNXC_COMPILER="$compiler_build/bin/onnx-compile"
fi
"$root/scripts/build.sh"
cd "$build"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ctest --output-on-failure -j "$(nproc)" "${exclude[@]}" 2>&1 | tee "$log" || status=$?
summary=$(grep -E '[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
if [ -z "$summary" ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
failed=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$summary")
total=$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$summary")
echo "$((total - failed)) passed, $failed failed"
exit "$status"
