#!/usr/bin/env bash
# The build keeps each part to its own private headers and those of the
# parts it may use (docs/design.md): a file of solver/ that includes
# formats/' form_int.h, one of author/ that includes solver_int.h, one
# of decoder/ that includes encoder/'s encode_int.h, one of human/ that
# includes canon/'s canon_int.h or one of canon/ that includes human/'s
# human_int.h does not compile; a
# file of solver/ that includes its own solver_int.h and encoder/'s
# interface eo.h does.  The probes are targets of the build tree the
# tool was built in (tests/CMakeLists.txt), built here on demand.
# usage: run-walls.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-walls.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-walls.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# The build tree: the tool is BUILD/tools/sudokusat.
B=$(cd "$(dirname "$S")/.." && pwd)
if [ ! -f "$B/CMakeCache.txt" ]; then
  skip walls "no build tree around $S"
  summary
  exit
fi
probe() { cmake --build "$B" --target "wall_$1" >"$1.log" 2>&1; }

probe solver_own && pass || fail solver-own "$(tail -5 solver_own.log)"
for p in solver_refused:form_int.h author_refused:solver_int.h \
  decoder_refused:encode_int.h human_refused:canon_int.h \
  canon_refused:human_int.h; do
  name=${p%%:*} header=${p#*:}
  if probe "$name"; then
    fail "$name" "built: $header is not behind a wall"
  elif grep -q "$header" "$name.log" &&
    grep -qiE "no such file|file not found" "$name.log"; then
    pass
  else
    fail "$name" "failed for another cause: $(tail -5 "$name.log")"
  fi
done

summary
