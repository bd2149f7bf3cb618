#!/usr/bin/env bash
# The Python module (python/sudokusat) under Debian's python3-pytest: the
# tests of this folder and the doctests of docs/python.md, against the
# shared library of the build the tool was built in (SUDOKUSAT_LIBRARY),
# with the module from the source tree.  Skipped, saying so, only when
# python3-pytest is not installed; a sanitized library is loaded with its
# runtime preloaded.
# usage: run-python.sh SUDOKUSAT [SOURCE_DIR]   (SUDOKUSAT in BUILD/tools/)
set -u
S=${1:?usage: run-python.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
BUILD=$(cd "$(dirname "$S")/.." && pwd)

# Debian's interpreter, where python3-pytest and python3-pycosat are
# installed (a python3 earlier on PATH may be another one).
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
if ! "$PY" -c 'import pytest' 2>/dev/null; then
  echo "SKIPPED python: $PY has no pytest (install python3-pytest, as the README's first command does)"
  exit 77
fi
LIB=$BUILD/libsudokusat.so.0
if [ ! -e "$LIB" ]; then
  echo "FAIL python: no $LIB (the shared library is built with the tool)" >&2
  exit 1
fi
export SUDOKUSAT_LIBRARY=$LIB SUDOKUSAT_TOOL=$S SUDOKUSAT_BUILD=$BUILD
export PYTHONDONTWRITEBYTECODE=1
if grep -q '^SKS_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" 2>/dev/null; then
  # the interpreter is not sanitized: the runtimes come first, and the
  # interpreter's own allocations are not leaks of the library's
  CC=${CC:-cc}
  LD_PRELOAD="$($CC -print-file-name=libasan.so) $($CC -print-file-name=libubsan.so)"
  # (last: an option given twice takes its last value, and CI asks for
  # detect_leaks=1)
  export LD_PRELOAD ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-python.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
exec "$PY" -m pytest -q -p no:cacheprovider --basetemp="$T/tmp" \
  --rootdir="$SRC/tests/python" "$SRC/tests/python"
