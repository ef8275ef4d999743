#!/bin/sh
# The dialect and pass reference in docs/reference is generated from ODS
# (the build writes it to BUILD/docs/reference). This copies the generated
# pages into docs/reference; with --check it only compares them and fails,
# naming the stale pages, when they differ.
#
#   scripts/update-docs.sh [--check] [BUILD]    (BUILD defaults to build)
set -eu
check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
generated=$build/docs/reference
committed=$root/docs/reference
if [ ! -d "$generated" ]; then
  echo "update-docs.sh: no generated docs in $generated; build first" >&2
  exit 1
fi
stale=0
for page in "$generated"/*.md; do
  name=$(basename "$page")
  if [ $check = 1 ]; then
    if ! cmp -s "$page" "$committed/$name"; then
      echo "docs/reference/$name differs from what ODS generates" >&2
      stale=1
    fi
  else
    mkdir -p "$committed"
    cp "$page" "$committed/$name"
  fi
done
if [ $check = 1 ]; then
  for page in "$committed"/*.md; do
    [ -e "$generated/$(basename "$page")" ] && continue
    echo "docs/reference/$(basename "$page") is not generated any more" >&2
    stale=1
  done
  if [ $stale = 1 ]; then
    echo "run scripts/update-docs.sh to refresh docs/reference" >&2
    exit 1
  fi
  echo "docs/reference is in sync with ODS"
fi
