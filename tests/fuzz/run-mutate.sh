#!/usr/bin/env bash
# A smoke of tests/fuzz/mutate-cli (mutation fuzzing of the whole tool):
# a few dozen mutated inputs through the commands, a fixed seed, 10 s a
# run at most; long runs call mutate-cli itself.
# usage: run-mutate.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-mutate.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
out=$(mktemp -d "${TMPDIR:-/tmp}/sks-mutate-out.XXXXXX")
trap 'rm -rf "$out"' EXIT
# (status 77: ctest reports it skipped, not passed, and the line says why)
command -v python3 >/dev/null || {
  echo "SKIPPED mutate: python3 is not installed: the mutation smoke was NOT run"
  echo "0 passed, 0 failed, 1 skipped"
  exit 77
}
bash "$SRC/tests/fuzz/mutate-cli" "$S" "${MUTATE_RUNS:-40}" 10 2026 "$out" || {
  cat "$out"/*/command "$out"/*/stderr 2>/dev/null | head -40 >&2
  exit 1
}
