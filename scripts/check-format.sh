#!/usr/bin/env bash
# Checks that every C and C++ file in the repository is formatted as
# .clang-format says (LLVM style): prints each file that is not, with the
# lines clang-format would change, and fails. `clang-format -i FILE` fixes
# one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
status=0
checked=0
while IFS= read -r -d '' file; do
  checked=$((checked + 1))
  if ! clang-format --dry-run -Werror "$file" 2>/dev/null; then
    echo "not formatted: $file"
    clang-format --dry-run "$file" 2>&1 | head -n 20
    status=1
  fi
done < <(git ls-files -z '*.c' '*.cpp' '*.h' '*.hpp' 2>/dev/null ||
         find lib include tools unittests test -name '*.[ch]' -print0 \
           -o -name '*.[ch]pp' -print0)
echo "format: $checked files checked"
exit "$status"
