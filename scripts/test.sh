#!/usr/bin/env bash
# The test command: installs what is missing (Debian packages), builds, and
# runs every test through ctest: the lit suite, the unit tests and the
# conformance suites. The last line is "N passed, M failed" over ctest's tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${ONNXC_BUILD_DIR:-$root/build}"

"$root/scripts/bootstrap.sh"
"$root/scripts/build.sh"
cd "$build"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ctest --output-on-failure -j "$(nproc)" 2>&1 | tee "$log" || status=$?
summary=$(grep -E '[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
if [ -z "$summary" ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
failed=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$summary")
total=$(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$summary")
echo "$((total - failed)) passed, $failed failed"
exit "$status"
