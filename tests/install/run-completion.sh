#!/usr/bin/env bash
# The bash completion (deploy/completion/sudokusat), driven as bash drives
# it: the commands, a command's options (those `sudokusat CMD --help`
# lists), a choice option's names in both spellings, and files.
# usage: run-completion.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-completion.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-compl.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
. "$SRC/deploy/completion/sudokusat"

# complete WORDS...: the completions of the last word, sorted, one line.
complete_words() {
  COMP_WORDS=("$S" "$@")
  COMP_CWORD=$#
  COMPREPLY=()
  _sudokusat
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}
want() {
  local name=$1 expected=$2
  shift 2
  local got
  got=$(complete_words "$@")
  if [ "$got" = "$expected" ]; then pass; else
    fail "$name" "expected '$expected', got '$got'"
  fi
}

want commands-e "encode exact-cover explain" e
want commands-so "solve" so
# A command's options are exactly those its help lists.
for cmd in $("$S" --list-options | awk '$1 !~ /^-/ { print $1 }'); do
  expected=$({ "$S" "$cmd" --help | grep -oE '^  --[a-z0-9-]+'; echo --help; } |
    tr -d ' ' | sort | tr '\n' ' ' | sed 's/ $//')
  want "options-$cmd" "$expected" "$cmd" --
done
want options-encode-o "--output" encode --ou
want choice-backend "dlx" solve --backend d
want choice-backend-eq "dlx" solve --backend=d
want choice-layout "grid" unique --layout g
# The values of the string options that take names: --symmetry, --grade
# (levels and labels), --variant (a comma list; jigsaw= takes a map file).
want symmetry "rot180 rot90" generate --symmetry ro
want symmetry-eq "diagonal diagonals" minimize --symmetry=diag
want symmetry-all "$("$S" generate --help | sed -n 's/.*symmetry of the givens: //p' |
  tr -d ',' | sed 's/ or / /; s/ \[.*//' | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')" \
  generate --symmetry ''
want grade "easy extreme" generate --grade e
want grade-level "search singles" generate --grade s
want variant "jigsaw= windoku x" solve --variant ''
want variant-list "x,windoku" solve --variant x,w
: >map-a.txt
want variant-jigsaw "jigsaw=map-a.txt" solve --variant jigsaw=map
want variant-list-jigsaw "x,jigsaw=map-a.txt" unique --variant=x,jigsaw=m
want symbols "0-F 1-9A-G A-I A-P A-Y" solve --symbols ''
want symbols-a "A-I A-P A-Y" solve --symbols=A
: >puzzles-a.txt
: >puzzles-b.txt
want files "puzzles-a.txt puzzles-b.txt" solve puz
summary
