#!/usr/bin/env bash
# f-puzzles and SudokuPad (docs/formats.md, "f-puzzles and SudokuPad"):
# typed-in f-puzzles documents (a 4x4 killer with a thermometer, a
# sandwich and a little killer; a 6x6 killer with thermometers and
# odd/even cells; a 9x9 with arrows, a pill, kropki dots and X/V; a 4x4
# whose maximum cells and minimum cells touch, which f-puzzles compares
# only with the neighbours outside their own kind) solved,
# unique, and their answers checked against the rules by the tests' own
# reading (fpcheck.py) and against the solution they were made from; the
# 4x4 as an f-puzzles ?load= link and a SudokuPad link (compressed by
# lzcompress.py); a jigsaw from the cells' regions counted against brute
# force; a rule not mapped, a drawing and a short link refused naming
# them.
# usage: run-fpuzzles.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-fpuzzles.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
D=$SRC/tests/variants
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-fpuzzles.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
: >in.txt

K4=1234341221434321
K6=123456456123231564564231312645645312
A9=162857493534129678789643521475312986913586742628794135356478219241935867897261354
M4=2143341213244231
for c in "killer-thermo-4 $K4" "killer-thermo-6 $K6" "arrows-kropki-9 $A9" "minmax-4 $M4"; do
  set -- $c
  f=$D/fpuzzles/$1.json
  check "$1-solve" 10 "$2" "$S" solve -q "$f"
  check "$1-unique" 10 unique "$S" unique -q "$f"
  if out=$(python3 "$D/fpcheck.py" "$f" "$("$S" solve -q "$f")" 2>&1); then pass; else
    fail "$1-rules" "$out"
  fi
done
# The title names the puzzle; the rules are carried as read.
"$S" solve --format json "$D/fpuzzles/arrows-kropki-9.json" >out.json 2>err.txt
if python3 -c '
import json
r = json.load(open("out.json"))
assert r["name"] == "Escargot with arrows and kropki", r
assert r["rules"] == ["arrow r1c8 | r1c4 r1c1", "arrow r3c9 r4c9 | r5c9..r7c9",
  "white-dot r2c2 r2c3", "white-dot 2 r1c5 r1c6", "black-dot r2c4 r2c5",
  "x r1c3 r1c4", "v r2c3 r2c4"], r["rules"]
'; then pass; else fail json-rules "$(cat out.json err.txt)"; fi
# A rule the solution breaks: no solution.
python3 - "$D/fpuzzles/killer-thermo-4.json" >broken.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["thermometer"] = [{"lines": [["R1C2", "R1C1"]]}]
print(json.dumps(d))
PY
check broken-none 20 none "$S" unique -q broken.json

# Links: f-puzzles' ?load= and SudokuPad's fpuzzles form (the payload as
# a form-encoded link may carry it: '+' as a blank, '/' and '=' escaped).
Z=$(python3 "$D/lzcompress.py" <"$D/fpuzzles/killer-thermo-4.json")
printf 'https://www.f-puzzles.com/?load=%s\n' "$Z" >link1.txt
check load-link 10 "$K4" "$S" solve -q link1.txt
E=$(printf '%s' "$Z" | sed 's,/,%2F,g; s,=,%3D,g; s,+,%2B,g')
printf 'https://sudokupad.app/fpuzzles%s\nhttps://crackingthecryptic.com/sudoku/?puzzle=fpuzzles%s My title\nhttps://sudokupad.app/fpuz%s\n' "$Z" "$E" "$Z" >link2.txt
check pad-links 0 "$K4
$K4
$K4" "$S" solve -q link2.txt
"$S" solve --format json link2.txt >out.json 2>err.txt
if grep -q '"name":"Killer thermo 4x4"' out.json; then pass; else
  fail link-name "$(cat out.json err.txt)"
fi

# A jigsaw from the cells' regions (a field on every cell, or only where
# a cell leaves its box): counted against brute force.
python3 - >jig.json <<'PY'
import json
m = ["0011", "0221", "0231", "2333"]
print(json.dumps({"size": 4, "grid": [[{"region": int(m[r][c])} for c in range(4)]
                                      for r in range(4)]}))
PY
want=$(python3 -c '
from itertools import permutations
m = ["0011", "0221", "0231", "2333"]
rows = list(permutations(range(4)))
def ok(g):
    for k in range(4):
        if len({g[r][c] for r in range(4) for c in range(4) if m[r][c] == str(k)}) != 4:
            return False
    return all(len({g[r][c] for r in range(4)}) == 4 for c in range(4))
print(sum(ok((a, b, c, d)) for a in rows for b in rows for c in rows for d in rows))')
check jigsaw-count 10 "$want" "$S" count -q jig.json
# A 5x5 has no boxes: its regions must all be given.
printf '{"size": 5, "grid": [%s]}\n' "$(python3 -c 'print(",".join(["[" + ",".join(["{}"] * 5) + "]"] * 5))')" >five.json
check five-regions 3 error "$S" count -q five.json
expect_stderr_has "f-puzzles' own regions for this size are not read"

# Refused, naming what: a rule not mapped, a drawing, a negative
# constraint not read, a short link, SudokuPad's packed form (its other
# own forms: run-sudokupad.sh).
refuse() { # name key-json message
  python3 - "$D/fpuzzles/killer-thermo-4.json" "$2" >bad.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d.update(json.loads(sys.argv[2]))
print(json.dumps(d))
PY
  check "$1" 3 error "$S" solve -q bad.json
  expect_stderr_has "$3"
}
refuse unknown-rule '{"chaosconstruction": true}' \
  'f-puzzles "chaosconstruction": a rule sudokusat does not read'
refuse drawing '{"line": [{"lines": [["R1C1", "R2C2"]], "outlineC": "#000"}]}' \
  'f-puzzles "line": a drawing'
refuse negative '{"negative": ["sum"]}' '"sum": a negative constraint'
refuse bad-cell '{"odd": [{"cell": "R9C1"}]}' 'f-puzzles "odd" entry 1: cell "R9C1" is outside the 4x4 grid'
refuse pencil '{"grid": [[{"givenPencilMarks": [1, 2]}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}' \
  'given pencil marks are not read'
refuse parity '{"grid": [[{"parity": "Purple"}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}' \
  "R1C1's \"parity\": a cell field sudokusat does not read"
# A drawing is read only as the picture of a rule read: the very line
# of a line rule (f-puzzles draws some so, "fromConstraint" naming
# them), the cells of a cage or a clone's part, a circle or text on a
# named constraint's cells or clue.  Anything else stays refused.
ZIP='"zipperline": [{"lines": [["R1C1", "R2C1", "R3C1"]]}]'
refuse picture-short "{$ZIP, \"line\": [{\"lines\": [[\"R1C1\", \"R2C1\"]], \"fromConstraint\": \"Zipper Line\"}]}" \
  'f-puzzles "line": a drawing (entry 1: the picture of no rule read), whose meaning is in the rules text'
refuse picture-other "{$ZIP, \"line\": [{\"lines\": [[\"R1C1\", \"R2C1\", \"R3C1\"]], \"fromConstraint\": \"Renban\"}]}" \
  'f-puzzles "line": a drawing (entry 1: the picture of no rule read)'
refuse picture-text '{"text": [{"cells": ["R0C1"], "value": "6", "fromConstraint": "Sandwich Sum"}]}' \
  'f-puzzles "text": a drawing (entry 1: the picture of no rule read)'
refuse picture-circle '{"circle": [{"cells": ["R3C2"], "baseC": "#CCCCCC"}]}' \
  'f-puzzles "circle": a drawing (entry 1: the picture of no rule read)'
refuse picture-cage '{"cage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}' \
  'f-puzzles "cage": a drawing (entry 1: the picture of no rule read)'
refuse picture-cage-cells '{"cage": [{"cells": ["R1C1", "R1C2", "R1C3"]}]}' \
  'f-puzzles "cage": a drawing (entry 1: the picture of no rule read)'

# Read: slow thermometers, zipper lines, a cell's parity, and drawings
# that are the pictures of rules read (the solution still the answer).
reads() { # name key-json rule-line-wanted
  python3 - "$D/fpuzzles/killer-thermo-4.json" "$2" >good.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d.update(json.loads(sys.argv[2]))
print(json.dumps(d))
PY
  if "$S" solve --format json good.json 2>err.txt | grep -F "\"$3\"" | grep -qF "\"solution\":\"$K4\""; then pass; else
    fail "$1" "$(cat err.txt)"
  fi
}
# A rule of the whole grid the ruleset states (the 4x4's solution
# breaks anti-knight: no solution); any doubt stays refused.
python3 - "$D/fpuzzles/killer-thermo-4.json" >knight.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["ruleset"] = "Normal Sudoku rules apply\nDigits separated by a knight's move may not repeat"
print(json.dumps(d))
PY
if "$S" solve --format json knight.json 2>&1 | grep -qF '"anti-knight"]'; then pass; else
  fail text-knight "$("$S" solve --format json knight.json 2>&1)"
fi
check text-knight-none 20 none "$S" unique -q knight.json
refuse text-knight-only '{"ruleset": "Digits separated by a knight\u0027s move may not repeat in the marked cells."}' \
  'the rule line anti-knight above the link reads it'

reads slow-thermo '{"slowthermometer": [{"lines": [["R1C1", "R1C2", "R2C2"]]}]}' \
  'slow-thermo r1c1 r1c2 r2c2'
reads zipper "{$ZIP}" 'zipper r1c1..r3c1'
reads parity '{"grid": [[{"parity": "Odd"}, {"parity": "even"}, {}, {}], [{}, {}, {}, {"value": 2, "given": true}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}' \
  'odd r1c1","even r1c2'
reads picture-line "{$ZIP, \"line\": [{\"lines\": [[\"R3C1\", \"R2C1\", \"R1C1\"]], \"outlineC\": \"#cdb1ec\", \"fromConstraint\": \"Zipper Line\"}, {\"lines\": [[\"R3C2\", \"R3C1\", \"R4C1\"]], \"isNewConstraint\": true}]}" \
  'zipper r1c1..r3c1'
reads picture-text '{"text": [{"cells": ["R0C1"], "value": "5", "fromConstraint": "Sandwich Sum"}, {"cells": ["R0C1"], "value": "\u25ef", "fromConstraint": "Sandwich Sum"}]}' \
  'sandwich 5 r1c1..r4c1'
reads picture-circle '{"circle": [{"cells": ["R3C2"], "baseC": "#CCCCCC", "fromConstraint": "Thermometer"}]}' \
  'thermo r3c2 r3c1 r4c1'
reads picture-cage '{"cage": [{"cells": ["R1C2", "R1C1"], "outlineC": "#000000"}]}' \
  'cage 3 r1c1 r1c2'

# The column indexer (1-5-9): a cell of column c holding d says c is in
# column d of its row; f-puzzles' picture of it (a cage naming it) read
# with it.  Its answer's certificate checked against the checker's own
# clauses.
CI='"columnindexer": [{"cells": ["R1C1", "R2C1", "R3C1", "R4C1"]}, {"cells": ["R1C4", "R2C4", "R3C4", "R4C4"]}]'
reads column-indexer "{$CI, \"cage\": [{\"cells\": [\"R1C1\", \"R2C1\", \"R3C1\", \"R4C1\", \"R1C4\", \"R2C4\", \"R3C4\", \"R4C4\"], \"outlineC\": \"#C77C7C\", \"fromConstraint\": \"Column Indexer\"}]}" \
  'column-indexing r1c1..r4c1","column-indexing r1c4..r4c4'
mkdir cert
check column-indexer-cert 10 unique "$S" unique -q --certificate cert good.json
check column-indexer-check 0 "verified unique" "$S" check --certificate cert good.json
refuse column-indexer-cage "{$CI, \"cage\": [{\"cells\": [\"R1C2\"], \"fromConstraint\": \"Column Indexer\"}]}" \
  'f-puzzles "cage": a drawing (entry 1: the picture of no rule read)'

# A line drawn over a rule's line whose colour the text gives another
# rule is that rule too.
python3 - "$D/fpuzzles/killer-thermo-4.json" >both.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["renban"] = [{"lines": [["R1C1", "R1C2", "R1C3"]]}]
d["line"] = [{"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#67F067", "width": 0.3}]
d["ruleset"] = "Renban lines hold consecutive digits. Adjacent digits on a green line are whispers, differing by 2 or more."
print(json.dumps(d))
PY
if "$S" solve --format json both.json 2>&1 | grep -qF '"renban r1c1..r1c3","whispers r1c1..r1c3"'; then pass; else
  fail line-both "$("$S" solve --format json both.json 2>&1)"
fi

# An inequality sign drawn on the two cells of a thermometer read.
reads sign '{"thermometer": [{"lines": [["R1C1", "R1C2"]]}], "text": [{"cells": ["R1C1", "R1C2"], "value": "<", "angle": 0}]}' \
  'thermo r1c1 r1c2'
refuse sign-alone '{"text": [{"cells": ["R1C1", "R1C2"], "value": "<"}]}' \
  'f-puzzles "text": a drawing (entry 1: the picture of no rule read)'
refuse sign-letter '{"thermometer": [{"lines": [["R1C1", "R1C2"]]}], "text": [{"cells": ["R1C1", "R1C2"], "value": "A"}]}' \
  'f-puzzles "text": a drawing (entry 1: the picture of no rule read)'

# A drawn line the rules text gives its rule: a thermometer from a
# circle of its colour on an end cell (slow when the text says so), a
# branch of one from a cell of it, a line whose colour the text names
# with one rule (a zipper's centre circle its mark).
GT='"ruleset": "Digits along a grey thermometer increase from the bulb.", "line": [{"lines": [["R1C3", "R1C2", "R1C1"]], "outlineC": "#BFBFBF", "width": 0.6}], "circle": [{"cells": ["R1C1"], "baseC": "#BFBFBF", "outlineC": "#BFBFBF", "width": 0.7, "height": 0.7}]'
reads drawn-thermo "{$GT}" 'thermo r1c1..r1c3'
reads drawn-slow "{${GT/increase from/increase or stay the same from}}" 'slow-thermo r1c1..r1c3'
reads drawn-branch "{${GT/\"width\": 0.6\}\]/\"width\": 0.6\}, \{\"lines\": [[\"R1C2\", \"R2C2\"]], \"outlineC\": \"#BFBFBF\"\}\]}}" \
  'thermo r1c1 r1c2 r2c2'
LZ='"ruleset": "Digits an equal distance from the centre of a lavender zipper line sum to the centre digit.", "line": [{"lines": [["R1C1", "R2C1", "R3C1"]], "outlineC": "#CDB1EC", "width": 0.3}]'
reads drawn-zipper "{$LZ, \"circle\": [{\"cells\": [\"R2C1\"], \"baseC\": \"#CDB1EC\", \"width\": 0.4, \"height\": 0.4}]}" \
  'zipper r1c1..r3c1'
refuse drawn-unnamed "{${LZ/\#CDB1EC/\#FF9504}}" \
  'f-puzzles "line": a drawing (entry 1: the picture of no rule read), whose meaning is in the rules text'
refuse drawn-two "{${LZ/zipper line/zipper line or a renban line}}" \
  'f-puzzles "line": a drawing (entry 1: the picture of no rule read)'
refuse drawn-mark "{$LZ, \"circle\": [{\"cells\": [\"R1C1\"], \"baseC\": \"#CDB1EC\", \"width\": 0.4, \"height\": 0.4}]}" \
  'f-puzzles "circle": a drawing (entry 1: the picture of no rule read)'
refuse drawn-no-thermo "{${GT/grey thermometer increase from the bulb/grey line increase}}" \
  'f-puzzles "line": a drawing (entry 1: the picture of no rule read)'

printf 'https://sudokupad.app/abc123def\n' >short.txt
check short-link 3 "" "$S" solve -q short.txt
expect_stderr_has "a short link: its puzzle is on SudokuPad's server; open it and copy the long link"
printf 'https://f-puzzles.com/?id=y28knjuw\n' >short.txt
check fpuzzles-id 3 "" "$S" solve -q short.txt
expect_stderr_has "its puzzle is on f-puzzles' server"
printf 'https://sudokupad.app/scfoooooooooooook\n' >scf.txt
check scf 3 "" "$S" solve -q scf.txt
expect_stderr_has "SudokuPad puzzle in its packed classic form (scf...)"
printf 'https://f-puzzles.com/?load=N4Ig*iBcDMC\n' >bad.txt
check bad-load 3 error "$S" solve -q bad.txt
expect_stderr_has "1:29: the link's puzzle does not decode: a byte that is no base64 symbol"

summary
