#!/usr/bin/env bash
# One command: onnxc against ONNX Runtime and the memory-bandwidth limit on
# every workload of benchmarks/workloads.py. Installs what is missing
# (Debian packages; onnxruntime-node from npm), builds, prints the table.
# Extra arguments go to run.py (--threads 1,2 --rounds 3 --filter NAME).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build="${ONNXC_BUILD_DIR:-$root/build}"

"$root/scripts/bootstrap.sh" --bench
"$root/scripts/build.sh" onnx-compile onnx-run onnxc_bench onnxc_model_support >/dev/null
if [ ! -d "$here/node_modules/onnxruntime-node" ]; then
  # --ignore-scripts: the install scripts only fetch GPU extras; the CPU
  # library ships in the package.
  (cd "$here" && npm install --ignore-scripts --no-audit --no-fund --silent onnxruntime-node@1.30.0)
fi
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "ONNX Runtime $(node -p "require('$here/node_modules/onnxruntime-node/package.json').version") (CPU)"
exec /usr/bin/python3 "$here/run.py" "$build" "$@"
