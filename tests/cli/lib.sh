# Helpers of the shell suites (sourced): cases that compare a command's
# standard output and exit status exactly, CaDiCaL test/cnf style, checks
# written here independently of the tool, and a closing summary.
# shellcheck shell=bash

PASSED=0 FAILED=0 SKIPPED=0
: >in.txt
: >err.txt

# The standard input of the next cases: one argument a line.
input() { printf '%s\n' "$@" >in.txt; }
input_file() { cp "$1" in.txt; }

fail() {
  FAILED=$((FAILED + 1))
  echo "FAIL $1: $2" >&2
}
pass() { PASSED=$((PASSED + 1)); }
# skip NAME WHY: a case not run; WHY names what is missing (the path
# looked at, the program) and so what was not tested.  The line goes to
# standard error at once and again before the closing line, on standard
# output, where `ctest -V` and Testing/Temporary/LastTest.log show it
# (ctest itself prints only "Skipped").
SKIPS=()
skip() {
  SKIPPED=$((SKIPPED + 1))
  SKIPS+=("SKIPPED $1: $2")
  echo "skip $1: $2" >&2
}

# starts_limited S: whether the tool S starts under a 400 MB address-space
# limit (a sanitizer build reserves more and cannot).  When it does not,
# LIMITED_WHY says what the try printed and its status, for the skip line.
LIMITED_WHY=""
starts_limited() {
  local out st
  out=$( (ulimit -v 400000 && exec "$1" --version) 2>&1)
  st=$?
  [ $st -eq 0 ] && return 0
  LIMITED_WHY="under ulimit -v 400000 '$1 --version' ended with status $st: $(printf '%s' "$out" | head -c 200 | tr '\n' ' ')"
  return 1
}

# ------------------------------------------------------------------ waits
# A test waits on the event itself (a file appearing, a process starting
# or ending, a line of output), never for a fixed time that assumes how
# fast the machine is: on a loaded machine everything comes later, but it
# comes.  DEADLINE is how long, in seconds on the clock, before a wait
# gives up: generous, since it is only reached when the event never comes
# (a failure), and an event that comes costs no more than its own time.
DEADLINE=${SKS_TEST_DEADLINE:-60}

# now_us: the clock in microseconds (bash's EPOCHREALTIME, no fork).
now_us() { echo "${EPOCHREALTIME//[!0-9]/}"; }

# wait_until SECONDS COMMAND...: runs COMMAND every 20 ms until it
# succeeds or SECONDS (a whole number) have passed; the status is 0 when it
# succeeded, 1 when the time ran out.
wait_until() {
  local end=$((${EPOCHREALTIME//[!0-9]/} + $1 * 1000000))
  shift
  until "$@"; do
    [ "${EPOCHREALTIME//[!0-9]/}" -lt "$end" ] || return 1
    sleep 0.02
  done
}

# running PID: the process is there and not a zombie (a job that ended
# but is not yet waited for).
running() {
  kill -0 "$1" 2>/dev/null && [ "$(ps -o stat= -p "$1" 2>/dev/null | cut -c1)" != Z ]
}

# check NAME STATUS WANT [FILTER [ARG]] COMMAND...: runs COMMAND with in.txt
# as standard input; its exit status must be STATUS and its standard
# output, passed through FILTER when one is named, must be WANT exactly.
# Filters read the output on standard input and print what is compared.
FILTERS=" first_line last_line valid_answers is_dimacs show_two blank_lines "
FILTERS1=" stdout_has same_as "
check() {
  local name=$1 status=$2 want=$3 filter='' farg=''
  shift 3
  if [[ $FILTERS == *" $1 "* ]]; then
    filter=$1
    shift
  elif [[ $FILTERS1 == *" $1 "* ]]; then
    filter=$1 farg=$2
    shift 2
  fi
  "$@" <in.txt >.out 2>err.txt
  local rc=$?
  local got
  if [ -n "$filter" ]; then
    if [ -n "$farg" ]; then
      got=$($filter "$farg" <.out)
    else
      got=$($filter <.out)
    fi
  else
    got=$(cat .out)
  fi
  if [ "$rc" != "$status" ]; then
    fail "$name" "exit status $rc, expected $status ($(head -c 300 err.txt))"
  elif [ "$got" != "$want" ]; then
    fail "$name" "output differs:
--- expected
$want
--- got
$got"
  else
    pass
  fi
}

# check_file NAME PREDICATE ARGS...: the predicate prints nothing when
# all is well, else what is wrong.
check_file() {
  local name=$1 got
  shift
  got=$("$@" </dev/null 2>&1)
  if [ $? -ne 0 ] || [ -n "$got" ]; then
    fail "$name" "${got:-$1 failed}"
  else
    pass
  fi
}

expect_stderr() {
  if [ "$(cat err.txt)" = "$1" ]; then pass; else
    fail "stderr" "expected '$1', got '$(cat err.txt)'"
  fi
}
expect_stderr_has() {
  if grep -qF -- "$1" err.txt; then pass; else
    fail "stderr" "expected it to contain '$1', got '$(cat err.txt)'"
  fi
}

# The closing line; the exit status: 1 when a case failed, else 77 when
# a case was skipped (ctest then reports the suite as skipped, not
# passed: tests/CMakeLists.txt, SKIP_RETURN_CODE), else 0.
SKIP_STATUS=77
summary() {
  local line
  for line in ${SKIPS[@]+"${SKIPS[@]}"}; do echo "$line"; done
  if [ $SKIPPED -gt 0 ]; then
    echo "$PASSED passed, $FAILED failed, $SKIPPED skipped"
  else
    echo "$PASSED passed, $FAILED failed"
  fi
  [ $FAILED -eq 0 ] || return 1
  [ $SKIPPED -eq 0 ] || return $SKIP_STATUS
}

# ------------------------------------------------------------------ filters
first_line() { head -n 1; }
# The numbers of the empty lines, on one line.
blank_lines() { awk '!NF { printf "%s%d", n++ ? " " : "", NR } END { print "" }'; }
last_line() { tail -n 1; }
stdout_has() { grep -qF -- "$1" || echo "no '$1' in the output"; }
same_as() { diff "$1" - | head -20; }

# The validator of the shell suites, independent of the library: for each
# one-line puzzle (symbols 1-9 then A-Z, blank . or 0) and its answer line,
# the answer fills every cell, every row, column and box holds each digit
# once, and the givens are kept.  Answers none/unknown are passed over.
# Prints one line per bad answer.
VALIDATE_AWK='
function digit(ch) { return index("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", ch) }
function check(p, a, where,    n, br, bc, i, r, c, k, g, seen, d, key) {
  n = int(sqrt(length(p)) + 0.5)
  if (length(a) != n * n) { print where ": answer has " length(a) " cells"; return }
  br = int(sqrt(n)); while (n % br) br--; bc = n / br
  for (i = 1; i <= n * n; i++) {
    d = digit(substr(a, i, 1))
    if (d < 1 || d > n) { print where ": cell " i " is not a digit"; return }
    g = substr(p, i, 1)
    if (g != "." && g != "0" && g != substr(a, i, 1)) { print where ": given " i " changed"; return }
    r = int((i - 1) / n); c = (i - 1) % n
    key = "r" r "d" d; if (key in seen) { print where ": digit twice in row " r + 1; return }; seen[key]
    key = "c" c "d" d; if (key in seen) { print where ": digit twice in column " c + 1; return }; seen[key]
    key = "b" int(r / br) "_" int(c / bc) "d" d
    if (key in seen) { print where ": digit twice in a box"; return }; seen[key]
  }
}'

# valid_answers: stdin holds the answers to the puzzles of in.txt.
valid_answers() { valid_batch in.txt -; }
valid_batch() {
  awk "$VALIDATE_AWK"'
    NR == FNR { p[NR] = $1; np = NR; next }
    { na++; if ($1 != "none" && $1 != "unknown") check(p[FNR], $1, "answer " FNR) }
    END { if (na != np) print na " answers to " np " puzzles" }' "$1" "$2"
}

# show_two: `unique --show` on a puzzle with several solutions prints
# multiple and two different valid grids.
show_two() {
  awk "$VALIDATE_AWK"'
    NR == FNR { p = $1; next }
    { line[++k] = $1 }
    END {
      if (k != 3 || line[1] != "multiple") { print "expected multiple and two grids"; exit }
      check(p, line[2], "first"); check(p, line[3], "second")
      if (line[2] == line[3]) print "the two grids are the same"
    }' in.txt -
}

# is_dimacs [FILE]: a `p cnf V C` header after comment lines, no comment
# line starting `c --`, then C clauses of literals within 1..V.
# shellcheck disable=SC2120 # a file, or standard input when none
is_dimacs() {
  awk '
    /^c/ { if (/^c --/) { print "line " NR ": comment starts c --"; bad = 1 }
           if (header) { print "line " NR ": comment after the header" }
           next }
    !header {
      if ($1 != "p" || $2 != "cnf" || NF != 4) { print "line " NR ": no p cnf header"; exit }
      header = 1; vars = $3; clauses = $4; next }
    { for (i = 1; i <= NF; i++) {
        if ($i !~ /^-?[0-9]+$/) { print "line " NR ": not a literal: " $i; exit }
        v = $i < 0 ? -$i : $i
        if (v > vars) { print "line " NR ": variable " v " above " vars; exit }
        if ($i == 0) n++ } }
    END { if (!header) print "no p cnf header"
          else if (n != clauses) print n " clauses, header says " clauses }' "$@"
}
is_gzip() {
  [ "$(od -An -tx1 -N2 "$1" | tr -d ' ')" = 1f8b ] || echo "$1: no gzip magic"
}
is_gzip_dimacs() { gzip -dc "$1" | is_dimacs; }
same_text() { [ "$(cat "$1")" = "$2" ] || echo "$1 changed"; }

# grid_of LINE STYLE: a 9x9 one-line puzzle as a grid: ruled (| and -+-),
# plain (nine symbols a line) or numbers (0 = blank).
grid_of() {
  awk -v s="$1" -v style="$2" 'BEGIN {
    for (r = 0; r < 9; r++) {
      if (style == "ruled" && r && r % 3 == 0) print "------+-------+------"
      out = ""
      for (c = 0; c < 9; c++) {
        ch = substr(s, r * 9 + c + 1, 1)
        if (style == "plain") out = out ch
        else if (style == "numbers") out = out (c ? " " : "") (ch == "." ? 0 : ch)
        else out = out (c ? (c % 3 == 0 ? " | " : " ") : "") ch
      }
      print out
    } }'
}

# gen_batch COUNT SEED: generated one-line puzzles of sizes 4, 6 and 9:
# a formula grid d(r,c) = (r*C + r/R + c) mod N, digits relabelled and rows
# shuffled within bands, blanked at random; every seventh gets two equal
# givens in its first row (no solution).
gen_batch() {
  awk -v count="$1" -v seed="$2" 'BEGIN {
    srand(seed)
    split("2 2 2 3 3 3", R, " "); split("2 3 3 3 3 3", C, " ")
    for (k = 0; k < count; k++) {
      t = 1 + k % 6; br = R[t]; bc = C[t]; n = br * bc
      for (d = 0; d < n; d++) perm[d] = d
      for (d = n - 1; d > 0; d--) { j = int(rand() * (d + 1)); x = perm[d]; perm[d] = perm[j]; perm[j] = x }
      for (r = 0; r < n; r++) row[r] = r
      for (b = 0; b < n; b += br)
        for (i = br - 1; i > 0; i--) { j = int(rand() * (i + 1)); x = row[b + i]; row[b + i] = row[b + j]; row[b + j] = x }
      keep = 0.25 + 0.35 * rand()
      s = ""
      for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) {
          rr = row[r]; d = perm[(rr * bc + int(rr / br) + c) % n]
          s = s (rand() < keep ? substr("123456789", d + 1, 1) : ".")
        }
      if (k % 7 == 3) s = substr(s, 1, 1) == "." ? "11" substr(s, 3) : substr(s, 1, 1) substr(s, 1, 1) substr(s, 3)
      print s
    } }'
}
