#!/usr/bin/env bash
# The third hardening pass's reproductions (an outside audit): a bad line
# before encode's puzzle, several puzzles on one line under --certificate,
# signals while certificates are written, explain/minimize/generate/canon
# held to --time-limit, bytes that are not UTF-8 in JSON and SVG, and
# formulas in the free-text columns of --format csv.
# usage: run-harden3.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-harden3.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-harden3.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
set -m

P='1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..'
# ok NAME CONDITION...: passes when the command succeeds.
ok() {
  local name=$1
  shift
  if "$@"; then pass; else fail "$name" "$(head -c 400 err.txt 2>/dev/null)"; fi
}
status() { "$@" >out.txt 2>err.txt; echo $?; }

# 1. A bad line before encode's puzzle: the error, status 2, no crash
# (the reader kept its puzzle as the caller's too: a double free).
printf '1 2\n%081d\n' 0 >bad.txt
ok "encode bad line first" [ "$(status "$S" encode bad.txt)" = 3 ]
ok "encode bad line message" grep -q "bad.txt:2:1: grid ended after 1 of 2 rows" err.txt
ok "encode bad line no output" [ ! -s out.txt ]
# A bad line after the puzzle: its own error, not "more than one puzzle".
printf '%081d\n1 2\n' 0 >bad2.txt
ok "encode bad line after" [ "$(status "$S" encode bad2.txt)" = 3 ]
ok "encode bad line after message" grep -q "bad2.txt:3:1: grid ended" err.txt
# 2. Several puzzles on one line (an OpenSudoku 2 export keeps every game
# on one line): a certificate each, K-LINE for the first, K-LINE.I for the
# I-th, the same with -j 2, and check finds each.
games=''
for g in 100007090030020008009600500005300900010080002600004000300000010040000007007000300 \
  800000000003600000070090200050007000000045700000100030001000068008500010090000400 \
  000000012000035000000600070700000300000400800100000000000120000080000040050000600 \
  530070000600195000098000060800060003400803001700020006060000280000419005000080079 \
  530070000600195000098000060800060003400803001700020006060000280000419005000080000; do
  games="$games<game created=\"1\" state=\"0\" data=\"$g\" note=\"\"/>"
done
printf '%s\n' "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><opensudoku version=\"2\"><folder name=\"E\">$games</folder></opensudoku>" >os2.xml
for j in 1 2; do
  rm -rf c$j
  ok "os2 -j $j unique" [ "$(status "$S" unique -q -j $j --certificate c$j os2.xml)" = 0 ]
  ok "os2 -j $j answers" [ "$(tr '\n' ' ' <out.txt)" = "unique unique unique unique multiple " ]
  ok "os2 -j $j names" [ "$(cd c$j && ls *.cert | tr '\n' ' ')" = "1-1.2.cert 1-1.3.cert 1-1.4.cert 1-1.5.cert 1-1.cert " ]
  ok "os2 -j $j check" [ "$(status "$S" check -q -j $j --certificate c$j os2.xml)" = 0 ]
  ok "os2 -j $j verified" [ "$(grep -c '^verified' out.txt)" = 5 ]
done
# The proofs are named after their certificates, and each certificate
# names its own.
ok "os2 proofs" [ "$(grep -h '^proof' c1/*.cert | sort | tr '\n' ' ')" = \
  "proof 1-1.2.drat proof 1-1.drat " ]
# A certificate moved to another game's name is rejected.
cp c1/1-1.3.cert c1/1-1.2.cert
ok "os2 swapped" [ "$(status "$S" check -q --certificate c1 os2.xml)" = 4 ]
ok "os2 swapped which" [ "$(sed -n 2p out.txt | cut -c1-8)" = rejected ]
# 3. A signal while unique --certificate writes: only whole certificates
# are left, each with its proof (none of 0 bytes, no proof without its
# certificate, no temporary), and check verifies every one of them.  The
# signal is sent once the folder holds a few files (the event itself,
# waited for up to 60 s), later in each trial.
grep -v '^#' "$SRC/tests/puzzles/corpus.txt" | cut -d: -f1 >one.txt
for _ in $(seq 10); do cat one.txt; done >many.txt
# files_at_least DIR N: waits (up to 60 s) until DIR holds N names.
files_at_least() {
  local i
  for i in $(seq 6000); do
    [ "$(ls -A "$1" 2>/dev/null | wc -l)" -ge "$2" ] && return 0
    sleep 0.01
  done
  return 1
}
# left_whole DIR: prints what is wrong with what a run left in DIR.
left_whole() {
  local d=$1 f base named
  find "$d" -type f -size 0 -printf '%f: 0 bytes\n'
  ls -A "$d" | grep -Ev '^1-[0-9]+(\.[0-9]+)?\.(cert|drat)$' | sed 's/$/: not a certificate or proof/'
  for f in "$d"/*.drat; do
    [ -e "$f" ] || continue
    base=$(basename "$f" .drat)
    grep -qx "proof $base.drat" "$d/$base.cert" 2>/dev/null || echo "$base.drat: no certificate names it"
  done
  for f in "$d"/*.cert; do
    [ -e "$f" ] || continue
    named=$(sed -n 's/^proof //p' "$f")
    [ -z "$named" ] || [ -s "$d/$named" ] || echo "$(basename "$f"): its proof $named is missing"
  done
}
trials=${HARDEN_SIGNAL_TRIALS:-4}
for i in $(seq "$trials"); do
  sig=INT
  [ $((i % 2)) = 0 ] && sig=TERM
  j=$((1 + i % 2))
  rm -rf sc
  "$S" unique -q -j $j --certificate sc many.txt >/dev/null 2>err.txt &
  pid=$!
  if ! files_at_least sc $((1 + 60 * (i - 1))); then
    fail "signal $i" "no certificate after 60 s"
    kill -KILL $pid 2>/dev/null
    wait $pid 2>/dev/null
    continue
  fi
  kill -$sig $pid
  wait $pid 2>/dev/null
  st=$?
  # (a run that ended before the signal came proves nothing: counted)
  [ $st = 0 ] && skip "signal $i" "the run ended before SIG$sig"
  check_file "signal $i SIG$sig -j $j left" left_whole sc
  ncert=$(ls sc | grep -c '\.cert$')
  "$S" check -q -j 2 --certificate sc many.txt >out.txt 2>err.txt
  ok "signal $i check verifies each" [ "$(grep -c '^verified' out.txt)" = "$ncert" ]
  ok "signal $i check others missing" [ "$(grep '^rejected' out.txt | grep -vc ': no certificate ')" = 0 ]
done
# The same at the moment that matters, every time: strace holds the run
# for 1 s in the call that makes a certificate's or a proof's name (the
# file then exists), and the signal comes then.  Its puzzle is in the
# fifth copy of the corpus, one whose certificate has a proof.
if strace -f --seccomp-bpf -o /dev/null -e trace=%file true 2>/dev/null; then
  rm -rf full
  "$S" unique -q --certificate full one.txt >/dev/null 2>err.txt
  L=$(ls full | sed -n 's/^1-\([0-9]*\)\.drat$/\1/p' | sort -n | tail -1)
  L=$((L + 4 * $(wc -l <one.txt)))
  for held in drat:INT cert:TERM; do
    what=${held%:*} sig=${held#*:}
    rm -rf sc
    strace -f --seccomp-bpf -o /dev/null -e trace=%file -e inject=%file:delay_exit=1000000 \
      -P "sc/1-$L.$what" "$S" unique -q -j 2 --certificate sc many.txt >/dev/null 2>err.txt &
    pid=$!
    for _ in $(seq 6000); do [ -e "sc/1-$L.$what" ] && break; sleep 0.01; done
    [ -e "sc/1-$L.$what" ] || fail "held $what $sig" "sc/1-$L.$what did not appear"
    kill -$sig "$(pgrep -P $pid)" 2>/dev/null
    wait $pid 2>/dev/null
    check_file "held $what SIG$sig left" left_whole sc
    ncert=$(ls sc | grep -c '\.cert$')
    "$S" check -q -j 2 --certificate sc many.txt >out.txt 2>err.txt
    ok "held $what SIG$sig check" [ "$(grep -c '^verified' out.txt)" = "$ncert" ]
  done
else
  skip "held signals" "no strace here (or no ptrace)"
fi
# 5. Bytes that are not UTF-8 (a Latin-1 name, a cut sequence, an
# overlong form, a surrogate): JSON and SVG stay well formed, each bad
# sequence one U+FFFD, good ones kept.
printf '%s Caf\xe9 \xc3\xa9t\xc3 \xe2\x82 \xc0\xaf \xed\xa0\x80 \xf0\x9f\x98\x80 \xef\xbf\xbe\n' "$P" >latin1.txt
"$S" solve --format json latin1.txt >out.json 2>err.txt
ok "json utf-8" python3 -c '
import json, sys
r = json.loads(open("out.json", "rb").read().decode("utf-8"))
want = "Caf\ufffd \u00e9t\ufffd \ufffd \ufffd\ufffd \ufffd\ufffd\ufffd \U0001F600 \ufffe"
sys.exit(0 if r["name"] == want else "name %r, want %r" % (r["name"], want))'
"$S" explain --format json latin1.txt >out.json 2>err.txt
ok "explain json utf-8" python3 -c '
import json
r = json.loads(open("out.json", "rb").read().decode("utf-8"))
assert r["name"].startswith("Caf\ufffd "), r["name"]'
"$S" print -o page.svg latin1.txt 2>err.txt
ok "svg utf-8" python3 -c '
import xml.etree.ElementTree as ET
t = "".join(ET.parse("page.svg").getroot().itertext())
assert "Caf\ufffd \u00e9t\ufffd" in t and "\U0001F600" in t, t'
if command -v rsvg-convert >/dev/null; then
  ok "svg rsvg" rsvg-convert -o page.png page.svg
fi
# The name cut at a sequence's middle in a 32-byte field (canon's
# first_file) and in the reader's name limit stays well formed too.
ln -s latin1.txt "$(printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9.txt')"
"$S" canon --dedupe --format json latin1.txt aaaaaaaaaaaaaaaaaaaaaaaaaaaaa*.txt >out.json 2>err.txt
ok "canon json utf-8" python3 -c '
import json
for l in open("out.json", "rb").read().decode("utf-8").splitlines():
    json.loads(l)'

# 6. CSV formula injection: the free-text columns (file, name, message,
# first_file) that begin with = + - @ tab or CR get a leading quote inside
# a quoted field; the data columns (puzzle, model, ...) are not touched.
{
  echo "$P =HYPERLINK(\"http://x\",\"y\")"
  echo "$P -@+cmd|calc"
  echo "$P @SUM(A1)"
  echo "$P +1"
  echo "$P plain name"
} >formula.txt
"$S" solve --format csv formula.txt >out.csv 2>err.txt
ok "csv names" python3 -c '
import csv, sys
rows = list(csv.DictReader(open("out.csv", newline="")))
got = [r["name"] for r in rows]
want = ["'"'"'=HYPERLINK(\"http://x\",\"y\")", "'"'"'-@+cmd|calc", "'"'"'@SUM(A1)", "'"'"'+1", "plain name"]
sys.exit(0 if got == want else "names %r, want %r" % (got, want))'
ok "csv quoted" grep -qF "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" out.csv
cp formula.txt ./=cmd.txt
printf '%s\n' '1.x' >>./=cmd.txt
"$S" solve --format csv ./=cmd.txt >out.csv 2>err.txt
ok "csv file and message" python3 -c '
import csv, sys
rows = list(csv.DictReader(open("out.csv", newline="")))
bad = [r for r in rows if r["file"] != "./=cmd.txt"]
sys.exit("file %r" % bad[0]["file"] if bad else 0)'
"$S" solve --format csv =cmd.txt >out.csv 2>err.txt
ok "csv file neutralised" python3 -c '
import csv, sys
rows = list(csv.DictReader(open("out.csv", newline="")))
sys.exit(0 if all(r["file"] == "'"'"'=cmd.txt" for r in rows) else [r["file"] for r in rows])'
ok "csv message neutralised" python3 -c '
import csv, sys
rows = list(csv.DictReader(open("out.csv", newline="")))
m = rows[-1]["message"]
sys.exit(0 if m.startswith("'"'"'=cmd.txt:6:") else "message %r" % m)'
# A puzzle whose blank is - keeps its form in the puzzle column.
printf '%s\n' "$P" | tr . - >dash.txt
"$S" solve --format csv dash.txt >out.csv 2>err.txt
ok "csv puzzle kept" python3 -c '
import csv, sys
r = next(csv.DictReader(open("out.csv", newline="")))
sys.exit(0 if r["puzzle"][0] in "1-." and not r["puzzle"].startswith("'"'"'") else r["puzzle"])'
# canon --dedupe: first_file, a file name, too.
echo "$P" >./=first.txt
"$S" canon --dedupe --format csv =first.txt =first.txt >out.csv 2>err.txt
ok "csv first_file" python3 -c '
import csv, sys
rows = list(csv.DictReader(open("out.csv", newline="")))
sys.exit(0 if rows[1]["first_file"] == "'"'"'=first.txt" else rows)'
# 4. explain counts as unique does (a 25x25 ran for ever before its first
# step, in a dlx count with no limit), and explain, minimize, generate and
# canon are held to --time-limit: unknown, status 0 for one puzzle (1 for
# generate's batch), with the reason.  (timeout: a deadline for a run that
# would otherwise not end, not a measure of speed.)
"$S" generate -q --size 25 --seed 3 >g25.txt 2>err.txt
ok "explain 25x25" [ "$(timeout 60 "$S" explain g25.txt 2>err.txt | head -1)" = unique ]
ok "explain 25x25 solved" grep -q '^solved in' <(timeout 60 "$S" explain g25.txt 2>/dev/null)
ok "explain time limit" [ "$(status timeout 60 "$S" explain --time-limit 0.000001 g25.txt)" = 0 ]
ok "explain time limit says" grep -q 'the time limit ran out (--time-limit 1e-06)' out.txt
"$S" explain --format json --time-limit 0.000001 g25.txt >out.json 2>err.txt
ok "explain time limit json" python3 -c '
import json
r = json.loads(open("out.json").read())
assert r["message"] == "the time limit ran out (--time-limit 1e-06)", r'
ok "minimize time limit" [ "$(status timeout 60 "$S" minimize -q --time-limit 1 g25.txt)" = 0 ]
ok "minimize time limit unknown" [ "$(cat out.txt)" = unknown ]
"$S" minimize -q --time-limit 1 --format json g25.txt >out.json 2>err.txt
ok "minimize time limit json" python3 -c '
import json
r = json.loads(open("out.json").read())
assert r["status"] == "unknown" and "time limit" in r["message"], r'
ok "generate time limit" [ "$(status timeout 60 "$S" generate -q --size 25 --minimal --seed 3 --time-limit 1)" = 1 ]
ok "generate time limit unknown" [ "$(cat out.txt)" = unknown ]
"$S" generate --size 25 --minimal --seed 3 --time-limit 1 >out.txt 2>err.txt
ok "generate time limit message" grep -q '1 puzzle not made within --time-limit 1' err.txt
python3 -c 'print("." * 625)' >b25.txt
ok "canon time limit" [ "$(status timeout 60 "$S" canon --symmetry --time-limit 0.01 b25.txt)" = 1 ]
ok "canon time limit says" grep -q 'canonical form: the time limit ran out' err.txt
# Within the limit, the answers are the usual ones.
echo "$P" >p.txt
ok "canon within limit" [ "$("$S" canon --time-limit 60 p.txt)" = "$("$S" canon p.txt)" ]
ok "minimize within limit" [ "$("$S" minimize -q --time-limit 60 p.txt)" = "$("$S" minimize -q p.txt)" ]
summary
