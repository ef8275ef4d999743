#!/usr/bin/env bash
# The test command: installs what is missing (Debian packages), builds, and
# runs every test through ctest. Ends with ctest's summary line.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${ONNXC_BUILD_DIR:-$root/build}"

"$root/scripts/bootstrap.sh"
"$root/scripts/build.sh"
cd "$build"
ctest --output-on-failure -j "$(nproc)"
