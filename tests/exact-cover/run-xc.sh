#!/bin/bash
# End-to-end tests of `sudokusat exact-cover` on the problems in this
# folder: counts against the known numbers, every printed solution checked
# to be an exact cover by the awk checker below, exit statuses, limits and
# errors.  usage: run-xc.sh TOOL SOURCE_DIR
tool=${1:?usage: run-xc.sh TOOL SOURCE_DIR}
src=${2:?usage: run-xc.sh TOOL SOURCE_DIR}
dir=$src/tests/exact-cover
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() {
  failed=$((failed + 1))
  echo "FAIL: $*" >&2
}
expect() { # NAME GOT WANT
  if [ "$2" == "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi
}

# Checks every solution line of $2 against problem $1: each option one of
# the problem's (as a set of items), each primary item covered once, each
# secondary at most once, no line twice.  Prints the number of good lines,
# or "bad: ..." for the first fault.
check() {
  awk -v sols="$2" '
    function key(s,    n, a, i, j, t) { # the items of an option, sorted
      n = split(s, a, " ")
      for (i = 2; i <= n; i++)
        for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      t = ""
      for (i = 1; i <= n; i++) t = t (i > 1 ? " " : "") a[i]
      return t
    }
    /^[ \t]*(\||$)/ { next }
    !items { items = 1; sec = 0
             for (i = 1; i <= NF; i++) {
               if ($i == "|") { sec = 1; continue }
               kind[$i] = sec ? "s" : "p"; if (!sec) np++
             }
             next }
    { opt[key($0)] = 1 }
    END {
      good = 0
      while ((getline line < sols) > 0) {
        if (line == "none" || line == "unknown") continue # no solution
        if (seen[line]++) { print "bad: repeated solution: " line; exit }
        n = split(line, o, / \| /)
        delete cnt
        for (k = 1; k <= n; k++) {
          if (!(key(o[k]) in opt)) { print "bad: not an option: " o[k]; exit }
          m = split(o[k], it, " ")
          for (j = 1; j <= m; j++) cnt[it[j]]++
        }
        for (x in kind)
          if ((kind[x] == "p" && cnt[x] != 1) || cnt[x] > 1) {
            print "bad: item " x " covered " cnt[x] + 0 " times in: " line; exit
          }
        good++
      }
      print good
    }' "$1"
}

# Lists all solutions of $1 and checks them; expects $2 of them.
solutions() {
  local f=$dir/$1 out=$tmp/$1.out st
  "$tool" exact-cover --limit 0 "$f" >"$out" 2>"$tmp/err"
  st=$?
  expect "$1: exit status" "$st" "$([ "$2" -gt 0 ] && echo 10 || echo 20)"
  expect "$1: checked solutions" "$(check "$f" "$out")" "$2"
  expect "$1: --count" "$("$tool" exact-cover --count --limit 0 "$f")" "$2"
}

solutions knuth.xc 1
solutions none.xc 0
solutions queens-8.xc 92
solutions sudoku-4x4.xc 288
solutions pentomino-3x20.xc 8

# Knuth's example has the one solution his documentation names.
got=$("$tool" exact-cover "$dir/knuth.xc" | tr '|' '\n' | sed 's/^ *//; s/ *$//' | sort | tr '\n' ,)
expect "knuth.xc: the solution" "$got" "A D,B G,C E F,"

# Standard input, and "none" for no solution (as solve answers).
expect "stdin" "$("$tool" exact-cover --count <"$dir/queens-8.xc")" 92
expect "none.xc prints none" "$("$tool" exact-cover "$dir/none.xc")" none

# A limit stops the listing: exit 0, the count marked as a lower bound.
"$tool" exact-cover --limit 10 "$dir/queens-8.xc" >"$tmp/lim" 2>"$tmp/limerr"
expect "--limit 10: exit" $? 0
expect "--limit 10: lines" "$(check "$dir/queens-8.xc" "$tmp/lim")" 10
if grep -q "limit" "$tmp/limerr"; then ok; else bad "--limit: no note on stderr"; fi
expect "--count --limit 50" "$("$tool" exact-cover --count --limit 50 "$dir/queens-8.xc" 2>/dev/null)" "50+"
"$tool" exact-cover -q --count --max-steps 5 "$dir/sudoku-4x4.xc" >/dev/null 2>&1
expect "--max-steps stops: exit" $? 0

# --stats reports the search nodes.
if "$tool" exact-cover --stats --count "$dir/queens-8.xc" 2>&1 >/dev/null | grep -q "^c dlx-nodes [1-9]"; then
  ok
else
  bad "--stats: no 'c dlx-nodes' line"
fi

# Bad input: exit 3 and a file:line:col message naming the fault.
badinput() { # NAME TEXT PATTERN
  printf "$2" >"$tmp/$1"
  "$tool" exact-cover "$tmp/$1" >/dev/null 2>"$tmp/err"
  expect "$1: exit status" $? 3
  if grep -q -- "$3" "$tmp/err"; then ok; else bad "$1: message '$(cat "$tmp/err")' lacks '$3'"; fi
}
badinput color.xc 'a | s\na s:1\n' "color.xc:2:3: colors ('s:1') are not supported"
badinput unknown.xc 'a b\na\nb c\n' "unknown.xc:3:3: unknown item 'c'"
badinput twice.xc 'a b a\n' "twice.xc:1:5: item 'a' is named twice"
badinput empty.xc '' "empty.xc:1: no items"
badinput repeat.xc 'a b\nb a b\n' "repeat.xc:2:5: item 'b' twice in one option"
"$tool" exact-cover "$tmp/does-not-exist.xc" >/dev/null 2>&1
expect "missing file: exit" $? 3
"$tool" exact-cover "$dir/knuth.xc" "$dir/none.xc" >/dev/null 2>&1
expect "two files: usage exit" $? 2

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
