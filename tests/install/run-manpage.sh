#!/usr/bin/env bash
# The manual page (docs/sudokusat.1) against the tool: every command and
# option that `sudokusat --help`, each command's own help and
# `sudokusat --list-options` show has an entry in COMMANDS or OPTIONS, and
# every entry there is something the tool has; each choice an option
# takes is named in its entry; each exit status --help lists has an entry
# in EXIT STATUS; each form in docs/formats.md's table of forms is in INPUT
# FORMS.  A command or option added to the tool without its page entry
# fails here.
# usage: run-manpage.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-manpage.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-man.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
MAN=$SRC/docs/sudokusat.1

# The page's entries, one a line: SECTION <tab> TAG <tab> BODY, with the
# font escapes taken out (a tag is the line after .TP).
awk '
  function plain(s) {
    gsub(/\\f[BIRP]/, "", s); gsub(/\\-/, "-", s); gsub(/\\e/, "\\", s)
    gsub(/"/, "", s); sub(/^\.(B|I|BR|RB|IR|RI|BI|IB) /, "", s)
    gsub(/\\ /, " ", s); return s
  }
  function flush() { if (tag != "") print sec "\t" tag "\t" body; tag = ""; body = "" }
  /^\.\\"/ { next }
  /^\.SH / { flush(); sec = $0; sub(/^\.SH /, "", sec); gsub(/"/, "", sec); next }
  /^\.TP/ { flush(); want = 1; next }
  /^\.(PP|RS|RE|nf|fi)/ { flush(); next }
  want { tag = plain($0); want = 0; next }
  tag != "" { body = body " " plain($0) }
  END { flush() }' "$MAN" >entries.tsv
tags() { awk -F'\t' -v s="$1" '$1 == s { print $2 }' entries.tsv; }
entry() { awk -F'\t' -v s="$1" -v t="$2" '$1 == s && $2 == t' entries.tsv; }

# What the tool shows.
"$S" --help >help.txt 2>&1
"$S" --list-options >list.txt 2>&1
awk '/^commands:/ { f = 1; next } f && !NF { exit } f { print $1 }' \
  help.txt >commands.txt
awk '$1 !~ /^-/ { print $1 }' list.txt >>commands.txt
sort -u commands.txt -o commands.txt
{
  grep -oE '^  --[a-z0-9-]+' help.txt
  sed -n 's/^short forms: //p' help.txt | grep -oE '(^|, )-[a-zA-Z]' |
    tr -d ', '
  while read -r cmd; do
    "$S" "$cmd" --help 2>&1 | grep -oE '^  --[a-z0-9-]+'
  done <commands.txt
  awk '$1 !~ /^-/ { for (i = 2; i <= NF; i++) print $i }' list.txt
  echo --version
} | tr -d ' ' | sort -u >options.txt
if [ "$(wc -l <commands.txt)" -ge 5 ] && [ "$(wc -l <options.txt)" -ge 20 ]
then pass; else fail tool "too few commands or options read from --help"; fi

# Every command has an entry whose tag starts with its name.
tags COMMANDS | awk '{ print $1 }' | sort -u >man-commands.txt
while read -r cmd; do
  if grep -qxF -- "$cmd" man-commands.txt; then pass; else
    fail "command $cmd" "not documented in COMMANDS of docs/sudokusat.1"
  fi
done <commands.txt
while read -r cmd; do
  if [ "$cmd" = help ] || grep -qxF -- "$cmd" commands.txt; then pass; else
    fail "man command $cmd" "documented, but the tool has no such command"
  fi
done <man-commands.txt

# Every option has an entry whose tag names it (-j, --jobs N: both).
tags OPTIONS | grep -oE '(^|[ ,])--?[a-zA-Z][a-z0-9-]*' | tr -d ' ,' |
  sort -u >man-options.txt
while read -r opt; do
  if grep -qxF -- "$opt" man-options.txt; then pass; else
    fail "option $opt" "not documented in OPTIONS of docs/sudokusat.1"
  fi
done <options.txt
while read -r opt; do
  if grep -qxF -- "$opt" options.txt; then pass; else
    fail "man option $opt" "documented, but the tool has no such option"
  fi
done <man-options.txt

# Each choice of an option is named in the option's entry.
while read -r opt names; do
  [[ $opt == --* ]] || continue
  text=$(awk -F'\t' -v o="$opt" '$1 == "OPTIONS" && index(" " $2 " ", " " o " ")' entries.tsv)
  for name in $names; do
    if grep -qw -- "$name" <<<"$text"; then pass; else
      fail "choice $opt $name" "not named in the entry of $opt"
    fi
  done
done <list.txt

# Each exit status --help lists has an entry.
sed -n '/^exit status:/,$p' help.txt | grep -oE '(^|[ :,(])[0-9]+ ' |
  tr -dc '0-9\n' | sort -un >statuses.txt
[ -s statuses.txt ] && pass || fail statuses "none read from --help"
while read -r st; do
  if [ -n "$(entry 'EXIT STATUS' "$st")" ]; then pass; else
    fail "status $st" "not documented in EXIT STATUS of docs/sudokusat.1"
  fi
done <statuses.txt

# Each form of docs/formats.md's table of forms is in INPUT FORMS.
forms=$(awk '/^### The forms/ { f = 1; next } f && /^#/ { exit }
  f && /^\| / && !/^\| form / && !/^\|---/ {
    split($0, c, "|"); t = c[2]; gsub(/`/, "", t); gsub(/^ +| +$/, "", t)
    print tolower(t) }' "$SRC/docs/formats.md")
[ -n "$forms" ] && pass || fail forms "none read from docs/formats.md"
section=$(awk -F'\t' '$1 == "INPUT FORMS" { print tolower($2 " " $3) }' entries.tsv)
while read -r form; do
  [ -n "$form" ] || continue
  if grep -qF -- "$form" <<<"$section"; then pass; else
    fail "form $form" "docs/formats.md's form not documented in INPUT FORMS"
  fi
done <<<"$forms"

# The page itself formats without a warning.
if command -v groff >/dev/null; then
  w=$(groff -man -ww -z "$MAN" 2>&1)
  [ -z "$w" ] && pass || fail groff "$w"
else
  skip groff "groff is not installed"
fi

summary
