#!/usr/bin/env bash
# Certificates (docs/certificates.md): unique --certificate on 9x9 corpora
# (unique, multiple, none), 16x16, 25x25, Sudoku-X, jigsaw, candidates
# and a 36x36 that propagation decides, each verified by check; solve
# --certificate on CNFs; every kind of bad certificate rejected with its
# reason; and, independently of the project's checker, small proofs
# checked lemma by lemma with Debian's cadical and minisat against a
# plain CNF built here from the puzzle text.
# usage: run-certify.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-certify.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-certify.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
exec python3 "$SRC/tests/certify/certify.py" "$S" "$SRC"
