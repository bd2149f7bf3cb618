#!/usr/bin/env bash
# The checker's bounds (docs/certificates.md, "Bounds"): a proof naming a
# variable far past the formula's, a header naming half a billion
# variables, 160,000 RAT units, a certificate or proof that is a FIFO,
# /dev/zero or a folder, a proof past the size cap (plain and gzip), a
# 'for cnf' line with a negative count, and check --time-limit; each within
# a deadline in seconds (and, where the build allows it, a memory limit),
# never left to hang.  And 2x2 grids through unique --certificate, whose
# clauses are all binary (the sanitizer build finds what the proof writer
# does with an empty arena).
# usage: run-bounds.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-bounds.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-bounds.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# A memory limit where the build can start under one (a sanitizer build
# cannot): the cases run either way, within their deadline.
MEM=()
if starts_limited "$S"; then
  MEM=(ulimit -v 400000)
fi

# verdict NAME STATUS SECONDS WANT COMMAND...: COMMAND, bounded by
# SECONDS (and MEM), must exit with STATUS, and its standard output hold
# WANT.
verdict() {
  local name=$1 status=$2 secs=$3 want=$4
  shift 4
  local limit=:
  [ ${#MEM[@]} -gt 0 ] && limit="${MEM[*]}"
  bash -c "$limit; exec timeout -s KILL $secs \"\$@\"" _ "$@" >out.txt 2>err.txt </dev/null
  local rc=$?
  if [ "$rc" != "$status" ]; then
    fail "$name" "exit $rc, expected $status: $(head -c 300 out.txt) $(head -c 300 err.txt)"
  elif ! grep -qF -- "$want" out.txt; then
    fail "$name" "no '$want' in: $(head -c 300 out.txt)"
  else
    pass
  fi
}

cp "$SRC/cnf-samples/none.txt" none.txt
# A fresh certificate folder for none.txt (claim none, proof 1-2.drat).
fresh() {
  rm -rf "$1"
  "$S" unique -q --certificate "$1" none.txt >/dev/null 2>&1
  [ -f "$1/1-2.drat" ] || fail "$1-setup" "no proof written"
}

# A proof naming variable 30,000,000 (12 bytes): its arrays were sized by
# the number (3.4 GB); and the largest variable there is.
fresh big
printf -- '-30000000 0\n' >big/1-2.drat
verdict big-variable 4 20 "the proof ends (1 lemmas)" \
  "$S" check --certificate big none.txt
printf '536870911 0\n' >big/1-2.drat
verdict largest-variable 4 20 "the proof ends (1 lemmas)" \
  "$S" check --certificate big none.txt

# 160,000 RAT units on new variables: each RAT check scanned every clause
# (quadratic: about a minute); occurrence lists make it a fraction of a
# second.
fresh rat
awk 'BEGIN { for (v = 730; v < 730 + 160000; v++) print v " 0" }' >rat/1-2.drat
verdict rat-units 4 20 "the proof ends (160000 lemmas)" \
  "$S" check --certificate rat none.txt

# A certificate that is a FIFO (a puzzle's, a CNF's), a proof that is one,
# /dev/zero or a folder: not read, rejected at once.
printf 'p cnf 2 1\n1 2 0\n' >s.cnf
mkdir fifo fifocnf
mkfifo fifo/1-2.cert fifocnf/1.cert
verdict fifo-cert 4 10 "not a regular file" "$S" check --certificate fifo none.txt
verdict fifo-cnf-cert 4 10 "not a regular file" "$S" check --certificate fifocnf s.cnf
fresh dev
rm dev/1-2.drat
mkfifo dev/1-2.drat
verdict fifo-proof 4 10 "not a regular file" "$S" check --certificate dev none.txt
rm dev/1-2.drat
ln -s /dev/zero dev/1-2.drat
verdict dev-zero-proof 4 10 "not a regular file" "$S" check --certificate dev none.txt
rm dev/1-2.drat
mkdir dev/1-2.drat
verdict folder-proof 4 10 "not a regular file" "$S" check --certificate dev none.txt

# A proof past the cap: a sparse 300 MiB file (its size says so before a
# byte is read) and 300 MiB of zeros gzipped (found while it is read).
fresh cap
rm cap/1-2.drat
truncate -s 300M cap/1-2.drat
verdict cap-plain 4 20 "more than the 256 MiB" "$S" check --certificate cap none.txt
rm cap/1-2.drat
head -c 300M /dev/zero | gzip -1 >cap/1-2.drat
verdict cap-gzip 4 30 "more than the 256 MiB" "$S" check --certificate cap none.txt

# Counts: a negative variable count asked for 2^64 bytes; a header naming
# 536,870,911 variables for two clauses (the model and the checker's
# arrays followed the count).
mkdir neg
printf 'sudokusat certificate 1\nclaim sat\nfor cnf -2 1 0\nmodel 1 0\n' >neg/1.cert
verdict negative-count 4 10 "malformed 'for' line" "$S" check --certificate neg s.cnf
# (solve refuses such a header: the certificates are written here, the
# hash as docs/certificates.md gives it.)
python3 - <<'EOF'
import os
def fnv(words):
    P, M, seed = 1099511628211, (1 << 64) - 1, 1469598103934665603
    h = [seed, seed ^ 1, seed ^ 2, seed ^ 3]
    n = len(words) - len(words) % 4
    for i in range(0, n, 4):
        for k in range(4):
            h[k] = ((h[k] ^ (words[i + k] & 0xFFFFFFFF)) * P) & M
    for w in words[n:]:
        h[0] = ((h[0] ^ (w & 0xFFFFFFFF)) * P) & M
    x = 0
    for k in range(4):
        x = ((x ^ h[k] ^ (h[k] >> 29)) * P) & M
    return x ^ len(words)
for name, clauses, tail in (
        ("hs", [[1, 2], [-1, 536870911]], "model 1 -2 536870911 0\n"),
        ("hu", [[1, 2], [-1, 2], [1, -2], [-1, -2]], "proof 1.drat\n")):
    os.mkdir(name)
    with open(name + ".cnf", "w") as f:
        f.write(f"p cnf 536870911 {len(clauses)}\n")
        f.write("".join(" ".join(map(str, c)) + " 0\n" for c in clauses))
    words = [l for c in clauses for l in c + [0]]
    claim = "sat" if name == "hs" else "unsat"
    with open(name + "/1.cert", "w") as f:
        f.write(f"sudokusat certificate 1\nclaim {claim}\n"
                f"for cnf 536870911 {len(clauses)} {fnv(words):016x}\n{tail}")
with open("hu/1.drat", "w") as f:
    f.write("2 0\n0\n")
EOF
verdict header-model 0 20 "verified sat" "$S" check --certificate hs hs.cnf
verdict header-unsat 0 20 "verified unsat" "$S" check --certificate hu hu.cnf
# the values past the dense part still count, and still may not repeat
sed -i 's/^model .*/model 1 -2 -536870911 0/' hs/1.cert
verdict header-model-false 4 20 "the model falsifies clause 2" \
  "$S" check --certificate hs hs.cnf
sed -i 's/^model .*/model 1 -2 536870911 -536870911 0/' hs/1.cert
verdict header-model-twice 4 20 "variable 536870911 given twice" \
  "$S" check --certificate hs hs.cnf

# check --time-limit: a proof whose lemmas are each RAT against 100,000
# candidates (minutes of work) ahead of a real one; the limit stops it,
# unknown and status 1, not rejected.
python3 - <<'EOF'
K = N = 100000
P, H = 4, 3
v = lambda i, j: i * H + j + 1
cl = [[v(i, j) for j in range(H)] for i in range(P)]
cl += [[-v(a, j), -v(b, j)] for j in range(H) for a in range(P)
       for b in range(a + 1, P)]
p = P * H + 1
for j in range(1, K + 1):
    cl += [[-p, p + j], [p + j]]
nv = p + K
with open("slow.cnf", "w") as f:
    f.write(f"p cnf {nv} {len(cl)}\n")
    f.write("".join(" ".join(map(str, c)) + " 0\n" for c in cl))
def enc(l):
    u, b = 2 * abs(l) + (l < 0), bytearray()
    while u > 127:
        b.append(u & 127 | 128)
        u >>= 7
    b.append(u)
    return bytes(b)
with open("slow-lemmas.drat", "wb") as f:
    f.write(b"".join(b"a" + enc(p) + enc(nv + i) + b"\0" for i in range(1, N + 1)))
EOF
rm -rf slow && "$S" solve -q --certificate slow slow.cnf >/dev/null 2>&1
cat slow-lemmas.drat slow/1.drat >slow.drat && mv slow.drat slow/1.drat
verdict time-limit 1 30 "unknown: 1.cert: proof 1.drat: the time limit ran out" \
  "$S" check --time-limit 1 --certificate slow slow.cnf
verdict time-limit-json 1 30 '"status":"unknown"' \
  "$S" check --time-limit 0.5 --format json --certificate slow slow.cnf
# and a limit that is not reached changes nothing
verdict time-limit-unused 4 20 "the proof ends (160000 lemmas)" \
  "$S" check --time-limit 60 --certificate rat none.txt

# 2x2 grids (box 1x2): every clause binary.
printf '1...\n11..\n' >two.txt
rm -rf two
verdict two-unique 0 20 "none" "$S" unique --box 1x2 --certificate two two.txt
verdict two-check 0 20 "verified none" "$S" check --box 1x2 --certificate two two.txt

summary
