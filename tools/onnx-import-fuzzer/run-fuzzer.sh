#!/bin/sh
# A short fuzzing run of onnx-import-fuzzer, as a test: seeds from the
# repository's models (text syntax and binary), fresh corpus each time.
# Usage: run-fuzzer.sh FUZZER SOURCE_DIR WORK_DIR SECONDS
set -eu
fuzzer=$1 source=$2 work=$3 seconds=$4
. "$source/scripts/sanitizer-options.sh"
rm -rf "$work" && mkdir -p "$work/corpus" "$work/seeds"
i=0
for model in $(find "$source/examples" "$source/test" \
                 "$source/unittests" -name '*.onnxtxt' -o -name '*.onnx' |
               sort); do
  i=$((i + 1))
  cp "$model" "$work/seeds/$i"
done
cd "$work"
"$fuzzer" -max_total_time="$seconds" -max_len=65536 -timeout=20 \
  -print_final_stats=1 corpus seeds
echo "fuzzing found nothing"
