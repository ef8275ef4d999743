#!/usr/bin/env bash
# The main job on a bundled example: installs what is missing, builds onnxc,
# compiles the example models (ONNX text syntax) into shared libraries and
# runs them with onnx-run, printing inputs and outputs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${ONNXC_BUILD_DIR:-$root/build}"

"$root/scripts/bootstrap.sh"
"$root/scripts/build.sh" >/dev/null
bin="$build/bin"
out="$build/demo"
mkdir -p "$out"

for model in upsample2x relu6; do
  echo "== $model: onnx-compile examples/$model.onnxtxt -o $model.so"
  "$bin/onnx-compile" "$root/examples/$model.onnxtxt" -o "$out/$model.so"
  "$bin/onnx-run" "$out/$model.so" --signature
  "$bin/onnx-run" "$out/$model.so" \
    --input "$root/examples/inputs/$model.pb" \
    --print --output-dir "$out/$model-outputs"
done
echo "== the same models linked as objects into a C program (examples/run_models.c)"
"$build/examples/run_models"
