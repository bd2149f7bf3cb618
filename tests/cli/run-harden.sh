#!/usr/bin/env bash
# Hardening at the edges of a run: help and version on a full output,
# empty and dangling-link output names, the mode of print -o, names within
# 7 bytes of NAME_MAX, --trace kept and checked, a file size limit (SIGXFSZ)
# and signals the tool does not otherwise use during encode -o, and
# external solvers that leave a child holding their output, flood it
# with comments or with more than any model.
# usage: run-harden.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-harden.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-harden.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
set -m

P='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
SOL='162857493534129678789643521475312986913586742628794135356478219241935867897261354'
echo "$P" >p.txt
# ok NAME CONDITION...: passes when the command succeeds.
ok() {
  local name=$1
  shift
  if "$@"; then pass; else fail "$name" "$(cat err.txt 2>/dev/null)"; fi
}
status() { "$@" >/dev/null 2>err.txt; echo $?; }

# --help, --version, --list-options on a full output: an error.
for a in --help --version --list-options "solve --help"; do
  # shellcheck disable=SC2086
  ok "full $a" [ "$("$S" $a 2>err.txt >/dev/full; echo $?)" = 3 ]
done
# -o "": an error, not standard output.
ok "encode -o ''" [ "$(status "$S" encode -o "" p.txt)" = 2 ]
ok "print -o ''" [ "$(status "$S" print -o "" p.txt)" = 2 ]
# A dangling link is something there: kept without --force; with it, the
# link is replaced, not followed.
ln -s nowhere.cnf d.cnf
ok "encode dangling" [ "$(status "$S" encode -o d.cnf p.txt)" = 2 -a -L d.cnf ]
ok "encode dangling --force" [ "$(status "$S" encode --force -o d.cnf p.txt)" = 0 \
  -a ! -L d.cnf -a ! -e nowhere.cnf ]
ln -s nowhere.svg d.svg
ok "print dangling" [ "$(status "$S" print -o d.svg p.txt)" = 2 -a -L d.svg ]
# print -o takes the umask's mode, like encode -o.
(umask 022 && "$S" print -o m.svg p.txt 2>err.txt)
ok "print mode 644" [ "$(stat -c %a m.svg)" = 644 ]
(umask 027 && "$S" print --force -o m.svg p.txt 2>err.txt)
ok "print mode 640" [ "$(stat -c %a m.svg)" = 640 ]
# Names within 7 bytes of NAME_MAX (255).
long=$(printf 'n%.0s' $(seq 251))
ok "encode long name" [ "$(status "$S" encode -o "$long.cnf" p.txt)" = 0 -a -s "$long.cnf" ]
ok "print long name" [ "$(status "$S" print -o "$long.svg" p.txt)" = 0 -a -s "$long.svg" ]
rm -f "$long".*
# --trace: not over an existing file without --force, never through a
# link, and a write error is reported with a failing status.
echo keep >t.csv
ok "trace exists" [ "$(status "$S" solve --backend analog --trace t.csv p.txt)" = 2 \
  -a "$(cat t.csv)" = keep ]
ln -s t.csv tl.csv
ok "trace link" [ "$(status "$S" solve --backend analog --force --trace tl.csv p.txt)" = 2 \
  -a "$(cat t.csv)" = keep ]
ok "trace full" [ "$(status "$S" solve --backend analog --force --trace /dev/full p.txt)" = 3 ]
grep -q 'write error' err.txt || fail "trace full message" "$(cat err.txt)"

# A file size limit: a clear write error, the target untouched, no
# temporary left.
python3 -c 'print(" ".join(["0"] * 1296))' >blank36.txt
rm -f -- *.cnf.*
(ulimit -f 200 && "$S" encode --box 6x6 -o x.cnf blank36.txt >/dev/null 2>err.txt)
st=$?
ok "ulimit -f" [ $st = 3 -a ! -e x.cnf ]
grep -q 'write error' err.txt || fail "ulimit -f message" "$(cat err.txt)"
ok "ulimit -f leftovers" [ -z "$(ls | grep '\.cnf\.')" ]
# Signals the tool has no other use for, during encode -o: nothing left.
python3 -c 'print(" ".join(["0"] * 4096))' >blank64.txt
# Each signal goes once the temporary is there (the CNF takes seconds to
# write), not after a fixed time.
temp_or_end() { ls y.cnf.* >/dev/null 2>&1 || ! running "$1"; }
for sig in USR1 ALRM USR2; do
  "$S" encode --box 8x8 --amo pairwise -o y.cnf blank64.txt >/dev/null 2>&1 &
  pid=$!
  if wait_until "$DEADLINE" temp_or_end $pid && running $pid; then
    kill -$sig $pid
    wait $pid 2>/dev/null
    ok "encode $sig" [ -z "$(ls -A | grep '^y\.cnf')" ]
  else
    kill -KILL $pid 2>/dev/null
    wait $pid 2>/dev/null
    fail "encode $sig" "no temporary y.cnf.* seen while encode ran (${DEADLINE}s)"
    rm -f y.cnf y.cnf.*
  fi
done

# External solvers.
cat >lingers <<'SH'
#!/bin/sh
sleep 60 &
exec cadical -q "$@"
SH
cat >chatty <<'SH'
#!/bin/sh
yes 'c a comment line of the kind a solver prints when it is verbose' | head -c 200000000
exec cadical -q "$@"
SH
cat >flood <<'SH'
#!/bin/sh
exec yes 'v 1 -2 3 -4 5 -6 7 -8 9 -10 11 -12 13 -14 15 -16 17 -18 19 -20'
SH
chmod +x lingers chatty flood
if command -v cadical >/dev/null; then
  start=$(date +%s.%N)
  out=$("$S" solve --backend external --solver ./lingers p.txt 2>err.txt)
  end=$(date +%s.%N)
  ok "lingering child" [ "$out" = "$SOL" ]
  # (the tool did not wait for the child, which sleeps 60 s holding the
  # pipes: it returned before the child would have ended, however slow
  # the machine; the child ends with the solver's process group)
  ok "lingering child fast" awk -v a="$start" -v b="$end" 'BEGIN { exit !(b - a < 60) }'
  /usr/bin/time -f %M -o rss.txt -q "$S" solve --backend external --solver ./chatty p.txt >out.txt 2>err.txt
  ok "comments" [ "$(cat out.txt)" = "$SOL" ]
  ok "comments memory" [ "$(tail -1 rss.txt)" -lt 60000 ]
else
  skip "external" "no cadical"
fi
/usr/bin/time -f %M -o rss.txt -q "$S" solve --backend external --solver ./flood p.txt >out.txt 2>err.txt
ok "flood unknown" [ "$(cat out.txt)" = unknown ]
ok "flood message" grep -q 'more than a model' err.txt
ok "flood memory" [ "$(tail -1 rss.txt)" -lt 60000 ]
# An encoded CNF with an added clause (the empty one): every engine sees
# it (UNSAT from the CNF engines, dlx and unique refuse a plain CNF), with
# a warning; the CNF as encode wrote it keeps its description.
"$S" encode -q -o e.cnf p.txt
awk '/^p cnf/ { $4 = $4 + 1 } { print } END { print 0 }' e.cnf >e2.cnf
ok "edited solve" [ "$(status "$S" solve e2.cnf)" = 20 ]
ok "edited warning" grep -q 'clauses differ from what its puzzle description generates' err.txt
ok "edited dlx" [ "$(status "$S" solve --backend dlx e2.cnf)" = 3 ]
ok "edited unique" [ "$(status "$S" unique e2.cnf)" = 3 ]
ok "edited count" [ "$(status "$S" count e2.cnf)" = 3 ]
ok "unedited dlx" [ "$(status "$S" solve --backend dlx e.cnf)" = 10 ]
ok "unedited unique" [ "$(status "$S" unique e.cnf)" = 10 -a ! -s err.txt ]
summary
