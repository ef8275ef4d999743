#!/usr/bin/env bash
# The main job on a bundled example: installs what is missing, builds onnxc,
# compiles the example models (examples/*.onnxtxt, written out as binary
# .onnx files by the build) into shared libraries and runs them with
# onnx-run, printing inputs and outputs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${ONNXC_BUILD_DIR:-$root/build}"

"$root/scripts/bootstrap.sh"
"$root/scripts/build.sh" >/dev/null
bin="$build/bin"
out="$build/demo"
mkdir -p "$out"

for model in upsample2x relu6; do
  echo "== $model: onnx-compile $model.onnx -o $model.so"
  "$bin/onnx-compile" "$build/examples/$model.onnx" -o "$out/$model.so"
  "$bin/onnx-run" "$out/$model.so" --signature
  "$bin/onnx-run" "$out/$model.so" \
    --input "$root/examples/inputs/$model.pb" \
    --print --output-dir "$out/$model-outputs"
done
echo "== the same models linked as objects into a C program (examples/run_models.c)"
"$build/examples/run_models"
echo "== the libraries loaded from C++ (examples/run_model.cpp, onnxc_runtime.hpp)"
"$build/examples/run_model" "$out/relu6.so" "$out/upsample2x.so"
