#!/usr/bin/env bash
# Solves every cnf-samples/NAME.cnf[.gz] with the tool and with the SAT
# solvers installed (minisat and cadical at least in CI) followed by
# `sudokusat decode`, and compares with NAME.expected.  Also checks that
# cnf-samples/regenerate still writes the same files.
# usage: run-samples.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-samples.sh SUDOKUSAT [SOURCE_DIR]}
SRC=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
case $S in /*) ;; *) S=$PWD/$S ;; esac
SRC=$(cd "$SRC" && pwd) # a relative SOURCE_DIR outlives the cd below
SAMPLES=$SRC/cnf-samples
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-samples.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"

# answer_ok NAME GRID: GRID is one of the solutions NAME.expected lists.
answer_ok() { tail -n +3 "$SAMPLES/$1.expected" | grep -qxF -- "$2"; }

# check_answer CASE NAME STATUS OUTPUT: a decoded or solved answer.
check_answer() {
  local case=$1 name=$2 status=$3 got=$4 want_s want_status
  want_s=$(head -n 1 "$SAMPLES/$name.expected")
  if [ "$want_s" = "s SATISFIABLE" ]; then want_status=10; else want_status=20; fi
  if [ "$status" != "$want_status" ]; then
    fail "$case" "exit status $status, expected $want_status"
  elif [ $want_status = 20 ]; then
    if [ "$got" = none ] || [ "$got" = "s UNSATISFIABLE" ]; then pass; else
      fail "$case" "expected no solution, got '$got'"
    fi
  elif answer_ok "$name" "$got"; then
    pass
  else
    fail "$case" "'$got' is not an expected solution"
  fi
}

nsamples=0
for expected in "$SAMPLES"/*.expected; do
  name=$(basename "$expected" .expected)
  cnf=$SAMPLES/$name.cnf
  [ -f "$cnf" ] || cnf=$SAMPLES/$name.cnf.gz
  if [ ! -f "$cnf" ]; then
    fail "$name" "no $name.cnf or $name.cnf.gz"
    continue
  fi
  nsamples=$((nsamples + 1))
  want_s=$(head -n 1 "$expected")
  want_count=$(sed -n 's/^c solutions //p' "$expected")

  # The sample itself: DIMACS with the tool's description.
  if [ "${cnf%.gz}" != "$cnf" ]; then
    check_file "$name-gzip" is_gzip "$cnf"
    check_file "$name-dimacs" is_gzip_dimacs "$cnf"
  else
    check_file "$name-dimacs" is_dimacs "$cnf"
  fi

  # The tool, with both complete backends.
  for backend in picosat dlx; do
    "$S" solve --backend $backend "$cnf" >out.txt 2>err.txt
    status=$?
    if [ "$(head -n 1 out.txt)" != "$want_s" ]; then
      fail "$name-solve-$backend" "first line '$(head -n 1 out.txt)', expected '$want_s'"
    else
      # the grid comes as a `c grid` comment after the s and v lines
      check_answer "$name-solve-$backend" "$name" $status \
        "$(tail -n 1 out.txt | sed 's/^c grid //')"
    fi
    got=$("$S" count -q --limit 0 --backend $backend "$cnf" 2>err.txt)
    if [ "$got" = "$want_count" ]; then pass; else
      fail "$name-count-$backend" "counted '$got', expected '$want_count' ($(cat err.txt))"
    fi
  done

  # External solvers, then decode.
  for solver in "minisat" "cadical -q" "picosat" "cryptominisat5 --verb=0" \
    "clasp --verbose=0"; do
    bin=${solver%% *}
    if ! command -v "$bin" >/dev/null; then
      skip "$name-$bin" "not installed"
      continue
    fi
    # Not every solver reads gzip; all read plain DIMACS from a file.
    gzip -dcf "$cnf" >plain.cnf
    if [ "$bin" = minisat ]; then
      minisat -verb=0 plain.cnf model.txt >/dev/null 2>&1
    else
      $solver plain.cnf >model.txt 2>/dev/null
    fi
    got=$("$S" decode "$cnf" model.txt 2>err.txt)
    status=$?
    check_answer "$name-$bin" "$name" $status "$got"
  done
done
if [ $nsamples -ge 7 ]; then pass; else fail samples "only $nsamples samples"; fi

# The committed samples are what regenerate writes today.
mkdir fresh
if bash "$SAMPLES/regenerate" "$S" "$T/fresh" 2>err.txt; then
  for f in fresh/*; do
    base=$(basename "$f")
    case $base in
    *.gz) same=$(cmp <(gzip -dc "$f") <(gzip -dc "$SAMPLES/$base") 2>&1) ;;
    *) same=$(cmp "$f" "$SAMPLES/$base" 2>&1) ;;
    esac
    if [ -z "$same" ]; then pass; else
      fail "current-$base" "differs from what cnf-samples/regenerate writes now (run it and commit)"
    fi
  done
else
  fail regenerate "$(cat err.txt)"
fi

summary
