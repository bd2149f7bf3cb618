#!/bin/bash
# The classic 6x10 pentomino packing, counted (9356 = 2339 up to symmetry)
# and listed, each listed solution checked by run-xc.sh's checker.  Takes
# seconds, hence the slow label.  usage: run-xc-slow.sh TOOL SOURCE_DIR
tool=${1:?usage: run-xc-slow.sh TOOL SOURCE_DIR}
src=${2:?usage: run-xc-slow.sh TOOL SOURCE_DIR}
f=$src/tests/exact-cover/pentomino-6x10.xc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
eval "$(sed -n '/^check() {/,/^}/p' "$src/tests/exact-cover/run-xc.sh")"
passed=0
failed=0
got=$("$tool" exact-cover --count --limit 0 "$f")
if [ "$got" == 9356 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: count $got, want 9356" >&2; fi
"$tool" exact-cover --limit 300 "$f" >"$tmp/sols" 2>/dev/null
got=$(check "$f" "$tmp/sols")
if [ "$got" == 300 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: checker: $got" >&2; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
