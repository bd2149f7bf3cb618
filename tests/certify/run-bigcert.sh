#!/usr/bin/env bash
# Certificates of big grids (docs/certificates.md, "Big grids"): unique
# --certificate held to --time-limit while the plain CNF is built, loaded
# and proved; a plain CNF that cannot fit in memory refused up front with
# its figures, by unique and by check (under ulimit -v, where the build
# starts under one: a sanitizer build cannot, and skips those cases); and
# the proof written to its temporary as it is made, never held whole in
# memory (strace, where there is one).  Every run is bounded by a deadline
# in seconds.
# usage: run-bigcert.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-bigcert.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-bigcert.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# ok NAME COMMAND...: passes when the command succeeds.
ok() {
  local name=$1
  shift
  if "$@"; then pass; else fail "$name" "$(head -c 400 err.txt 2>/dev/null)"; fi
}
# run KB SECONDS COMMAND...: COMMAND under ulimit -v KB (none for 0) and
# killed after SECONDS; its status in RC, its time in SECS, standard
# output in out.txt, standard error in err.txt.
run() {
  local kb=$1 secs=$2
  shift 2
  local t0=$EPOCHREALTIME
  if [ "$kb" = 0 ]; then
    timeout -s KILL "$secs" "$@" >out.txt 2>err.txt </dev/null
  else
    bash -c 'ulimit -v "$1" && shift && exec "$@"' _ "$kb" \
      timeout -s KILL "$secs" "$@" >out.txt 2>err.txt </dev/null
  fi
  RC=$?
  SECS=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
}
# Whether this build starts under an address-space limit.
MEM=1
if ! starts_limited "$S"; then
  MEM=0
fi
# A side x side puzzle (boxes of box x box) with two 1s in its first row:
# unique answers none at once, and unit propagation refutes its plain
# CNF (the certificate names no proof).
clash() {
  awk -v n="$1" 'BEGIN { for (r = 0; r < n; r++) { line = "";
      for (c = 0; c < n; c++) line = line (r == 0 && c < 2 ? " 1" : " .");
      print line } }'
}

# 1. --time-limit while the certificate is made.  big49.txt (generate
# --size 49 --seed 2) is counted in a fraction of a second; its proof
# takes the DPLL its 20,000 decisions and then CaDiCaL some seconds, the
# clauses loaded twice (5 s before: no look at the clock while loading).
# The limit is half a second more than plain unique takes here (a
# sanitizer build is slower): the whole proof takes about 2 s on an idle
# 2-core machine, so a limit of 2 s raced it.  The run must end within
# 2 s of the limit.
run 0 120 "$S" unique -q "$SRC/tests/certify/big49.txt"
ok "big49 unique" [ "$RC" = 10 ]
limit=$(echo "$SECS" | awk '{ printf "%.1f", $1 + 0.5 }')
rm -rf tl
run 0 120 "$S" unique --time-limit "$limit" --certificate tl "$SRC/tests/certify/big49.txt"
ok "time limit $limit: status 3" [ "$RC" = 3 ]
ok "time limit $limit: answer" [ "$(cat out.txt)" = error ]
ok "time limit $limit: message" grep -q "the time limit ran out before the proof was written: no certificate" err.txt
ok "time limit $limit: ended at ${SECS}s" awk -v s="$SECS" -v l="$limit" 'BEGIN { exit !(s <= l + 2) }'
ok "time limit $limit: nothing left" [ -z "$(ls -A tl)" ]

# 2. A plain CNF that cannot fit: a 100x100's is 198 million clauses.
# Under 2 GB of address space unique refuses it with the figures before
# building anything (it ran out of memory building it, status 6).
if [ $MEM = 1 ]; then
  clash 100 >clash100.txt
  rm -rf c100
  run 2000000 60 "$S" unique --certificate c100 clash100.txt
  ok "100x100 refused: status 3" [ "$RC" = 3 ]
  ok "100x100 refused: answer" [ "$(cat out.txt)" = error ]
  ok "100x100 refused: message" grep -q "clash100.txt:1: a 100x100 puzzle's plain CNF has 198.0 million clauses, about 4.8 GB to certify, more than the 2.0 GB this process may use" err.txt
  ok "100x100 refused: at once (${SECS}s)" awk -v s="$SECS" 'BEGIN { exit !(s < 10) }'
  ok "100x100 refused: nothing written" [ -z "$(ls -A c100)" ]
  # check builds the same plain CNF: a 49x49's (11.3 million clauses)
  # fits in 1 GB for unique (the DPLL: 0.3 GB) but not for the checker
  # (1.3 GB), which answers unknown instead of running out of memory.
  clash 49 >clash49.txt
  rm -rf c49
  run 1000000 60 "$S" unique -q --certificate c49 clash49.txt
  ok "49x49 none certified" [ "$RC" = 20 ]
  ok "49x49 none: no proof" [ "$(ls c49)" = 1-1.cert ]
  run 1000000 60 "$S" check --certificate c49 clash49.txt
  ok "49x49 check refused: status 1" [ "$RC" = 1 ]
  ok "49x49 check refused: verdict" [ "$(cat out.txt)" = "unknown: 1-1.cert: a 49x49 puzzle's plain CNF has 11.3 million clauses, about 1.3 GB to check, more than the 1.0 GB this process may use" ]
  run 3000000 60 "$S" check -q --certificate c49 clash49.txt
  ok "49x49 check with room" [ "$RC:$(cat out.txt)" = "0:verified none" ]
  # CaDiCaL's turn, once the DPLL gives up on big49, is refused the same
  # way when what CaDiCaL would keep cannot fit (462 MB of 451).
  rm -rf cc
  run 440000 60 "$S" unique --certificate cc "$SRC/tests/certify/big49.txt"
  ok "CaDiCaL refused: status 3" [ "$RC" = 3 ]
  ok "CaDiCaL refused: message" grep -q "big49.txt:1: a 49x49 puzzle's plain CNF has 11.3 million clauses, about 462 MB for CaDiCaL to prove, more than the 451 MB this process may use" err.txt
  ok "CaDiCaL refused: nothing written" [ -z "$(ls -A cc)" ]
else
  skip "memory refusals" "$LIMITED_WHY"
fi

# 3. The proof streamed: none36.txt (a given of generate --size 36 --seed
# 1 changed: no solution, found by CaDiCaL after the DPLL gave up) has a
# proof of 25 MB.  Its first 64 KiB are held, then it reaches its
# temporary in the stream's pieces while it is made (it was one 25 MB
# block from memory, written at the end), and is verified.
if strace -f -o /dev/null -e trace=write true 2>/dev/null; then
  rm -rf st
  # (a sanitizer build's leak check cannot run under ptrace)
  run 0 120 env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    strace -f -s 0 -e trace=openat,write,close -o trace.txt "$S" unique -q --certificate st "$SRC/tests/certify/none36.txt"
  ok "streamed: none" [ "$RC:$(cat out.txt)" = 20:none ]
  size=$(wc -c <st/1-1.drat)
  ok "streamed: a proof of ${size} bytes" [ "$size" -gt 10000000 ]
  python3 - trace.txt >writes.txt <<'EOF'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
writes = []
for i, l in enumerate(lines):
    m = re.match(r'^(\d+) +openat\(.*"[^"]*/1-1\.drat\.[^"]*".*\) = (\d+)$', l)
    if not m:
        continue
    pid, fd = m.groups()
    for l2 in lines[i + 1:]:
        if not l2.startswith(pid + ' '):
            continue
        if re.match(r'^\d+ +close\(%s\)' % fd, l2):
            break
        w = re.match(r'^\d+ +write\(%s, .*\) += (\d+)$' % fd, l2)
        if w:
            writes.append(int(w.group(1)))
    break
print(len(writes), max(writes or [0]))
EOF
  read -r nwrites most <writes.txt
  ok "streamed: $nwrites writes" [ "$nwrites" -ge 100 ]
  ok "streamed: at most $most bytes at once" [ "$most" -le 131072 ]
  run 0 120 "$S" check -q --certificate st "$SRC/tests/certify/none36.txt"
  ok "streamed: verified" [ "$RC:$(cat out.txt)" = "0:verified none" ]
else
  skip "streamed proof" "no strace here (or no ptrace)"
fi

summary
