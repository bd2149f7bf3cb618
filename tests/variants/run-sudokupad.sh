#!/usr/bin/env bash
# SudokuPad's own form (docs/formats.md, "SudokuPad's own form"): the
# f-puzzles test documents and a 9x9 with many kinds of rules
# (padrich.py) drawn the way SudokuPad shows them (padmake.py), as a JSON
# file, an scl... link (zipped JSON) and a ctc... link (plain JSON) of
# each host's spelling: solved, unique, the answer checked against the
# rules by the tests' own reading (fpcheck.py) and the solution they were
# made from, and the rules read the same as the f-puzzles reader reads
# the document drawn; the published solution kept and checked; a real
# public link (Marty Sears' Parity Fish, typed in) refused for its
# background picture, then read with the picture left out and givens
# added; refusals naming what: a drawing no rule is recognised in, a
# colour the rules text does not back, a number outside that names no
# kind, a drawn cage, keys not read, regions that do not cover the grid,
# a puzzle with no regions read without boxes, a cage of more cells
# than digits,
# a payload that does not decode, a short link, SudokuPad's packed form.
# usage: run-sudokupad.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-sudokupad.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
D=$SRC/tests/variants
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-sudokupad.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
: >in.txt

# sorted_rules FILE: the rules the tool reads in FILE, sorted, one a line.
sorted_rules() {
  "$S" solve --format json "$1" 2>/dev/null | python3 -c '
import json, sys
print("\n".join(sorted(json.loads(sys.stdin.readline()).get("rules", []))))'
}

# The 4x4's outside clues are a sandwich and a little killer: in
# SudokuPad a number outside is only a sandwich when the rules say so.
python3 - "$D/fpuzzles/killer-thermo-4.json" >k4.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["ruleset"] = "Killer cages, a thermometer, a sandwich sum and a little killer."
print(json.dumps(d))
PY
cp "$D/fpuzzles/killer-thermo-6.json" k6.json
python3 "$D/padrich.py" >rich.json
K4=1234341221434321
K6=123456456123231564564231312645645312
M4=2143341213244231
R9=162857493534129678789643521475312986913586742628794135356478219241935867897261354
# minmax-4: maximum (minimum) cells side by side are compared with their
# other neighbours only, as f-puzzles does.
cp "$D/fpuzzles/minmax-4.json" minmax.json
for c in "k4 $K4" "k6 $K6" "rich $R9" "minmax $M4"; do
  set -- $c
  python3 "$D/padmake.py" json "$1.json" >"$1-pad.json"
  scl=$(python3 "$D/padmake.py" scl "$1.json")
  ctc=$(python3 "$D/padmake.py" ctc "$1.json")
  esc=$(printf '%s' "$ctc" | sed 's,/,%2F,g; s,=,%3D,g; s,+,%2B,g')
  {
    printf 'https://sudokupad.app/%s\n' "$scl"
    printf 'https://sudokupad.app/?puzzle=%s\n' "$scl"
    printf 'https://app.crackingthecryptic.com/sudoku/?puzzle=%s\n' "$esc"
    printf 'https://crackingthecryptic.com/sudoku/%s\n' "$ctc"
  } >"$1-links.txt"
  check "$1-json" 10 "$2" "$S" solve -q "$1-pad.json"
  check "$1-unique" 10 unique "$S" unique -q "$1-pad.json"
  check "$1-links" 0 "$2
$2
$2
$2" "$S" solve -q "$1-links.txt"
  if out=$(python3 "$D/fpcheck.py" "$1.json" "$("$S" solve -q "$1-pad.json")" 2>&1); then pass; else
    fail "$1-rules-hold" "$out"
  fi
  # The rules drawn read back as the rules of the f-puzzles document.
  want=$(sorted_rules "$1.json")
  got=$(sorted_rules "$1-pad.json")
  if [ -n "$want" ] && [ "$want" = "$got" ]; then pass; else
    fail "$1-same-rules" "f-puzzles: $want
SudokuPad: $got"
  fi
  head -1 "$1-links.txt" >one.txt
  if [ "$(sorted_rules one.txt)" = "$want" ]; then pass; else
    fail "$1-same-rules-scl" "$(sorted_rules one.txt)"
  fi
done
# The title names the puzzle.
"$S" solve --format json k6-pad.json >out.json 2>err.txt
if grep -q '"name":"6x6 killer thermo"' out.json; then pass; else
  fail pad-name "$(cat out.json err.txt)"
fi
# A drawn line passes every cell between its points (f-puzzles counts
# only the cells listed: there the arrow's shaft is r1c4 and r1c1).
python3 "$D/padmake.py" json "$D/fpuzzles/arrows-kropki-9.json" >arrows.json
if grep -qx 'arrow r1c8 | r1c7..r1c1' <<<"$(sorted_rules arrows.json)"; then pass; else
  fail drawn-arrow "$(sorted_rules arrows.json)"
fi

# The published solution is kept: the answer is checked against it.
python3 - rich-pad.json >wrong.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cages"]:
    if str(c.get("value", "")).startswith("solution: "):
        s = c["value"][len("solution: "):]
        c["value"] = "solution: " + s[:-2] + s[-1] + s[-2]
print(json.dumps(d))
PY
check wrong-solution 7 "$R9" "$S" solve -q wrong.json
expect_stderr_has "the answer differs from the file's solution at row 9 column 8"
# A rule the solution breaks: no solution.
python3 - k6-pad.json >broken.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["lines"].append({"color": "#67f067", "thickness": 10,
                   "wayPoints": [[0.5, 0.5], [0.5, 1.5]]})
print(json.dumps(d))
PY
check broken-none 20 none "$S" unique -q broken.json

# A real link, typed in: Marty Sears' Parity Fish (from the Sudoku-Bench
# README), made with Sudoku Maker.  Its red parity lines are in a
# background picture: refused.
FISH='https://sudokupad.app/sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeasIHYAjOkID2VACziGVAExhxNKABpEhbOjDp1EYDAD2AV0w1C0fAbB6A1gYAEGK4Uy2AbjNlkAdLM8zxAWhoaBjJ0CjpldANsAAs9TGgMHFxbIhJlTAMAG0IYaAA5eMR0LNsYC2s7TJyYW3QAB3qs3ABuWwYQLNLYwlsAc0xwWwB3EFjbHtswED6x2oF/djK9CZitKZm5qb0AOwAdKGxbTEJ64iOQHbqdlMw9YaVbGj0sg0Qdx/QdsFtizEcfgBmOCA2zMPRwTx7HYAFWGKxMXVqGgAVugTDsjiVdn06sdCD8spdeogDDAjs9MehLrZdr1CC5CFdprMsd9aTtenowD8WWMobD4U9CEinrtOTRsASwSl0CMYmNepYKbt1DTKTBCDRoiBGRtWTABXCESKsrVKRKpT9mLKwVl0VZtiqqTS+dhasMYk4uZzbCBapYDMwcqsuT1MJ5lPpXtgQLtoBQyOJAXR2AI+DJ2Hw6DIyAIKIDxAIZIW+BR2GQ6EWKxQS3Q+JXy4C+OIZMXmwJxHQyOwKGXK+xWwIU2na83xGRCzJBI32MpmLNin1TFAYthsPU8gB6LcgTwgRB9IyeZ6ILc7QEgADy2HE+U8KLOfXni/Qy709XRY1wEAESmw0AAApYN+tgAGL+jEUAAL5KCYEAANoIUoKGoShAC6SjIWhqGYdhOFKHhBEYVhxGEaRxFEZRFEEVRtGYSciFIVQShUHhLECOxSgyHhf5sVhf6cQJ3F4TIrGiUoQkIWJPF4QhLGAlx4hcWQvFKIpwnKcJqlYWJGnSUoWkGapcksXQXF8FxFBqeZwmWcJ1m6UotkGfZBnWXJgLiVhXlSV5PFYeI3kIUFUlBQFCFkMFUVSVFslYQhXn6V5RleTpIXqXhQVGUF6VRfpUVGVFJkJV5LleW5XmORlLlBW5QXVVFLlRW5UUeQldDBZ1UmdRFfDBf1Un9RFFDBaNUmjfFSGdfpnVGZ16X9fp/VGf16Wjfpo1GaNJXTc5eGdW5nXVf1Ln9W5/XVaNLmjW5o0eZheiIcAkqIYCnhtZhwwQFQniFkoMQ/X9QWxL+vijVK0DKDQEAAMQsQk2BwTIcNgXBAhw1QsEvQBIUfUojnfb9/2A8TIOAwI4P/iu0OY0oiPI6j6OY9jr2RfjhNAyTXPk2DMgQzTcF0wzNAo7DaM0Bj8Os7j4j40JRPAwDPP/hTVOQ1AtPw/TEBI6LTOSyzSg44hk0fV9Kuk0roOU/z1NQ0L2si2LEtS1jxts/1v06Yr3Nk6rfMCw7MNO7rjPi8z0se7jfHm0ovtBVb/02+rgshwjYf6xHhtRybCF0Pj9kJ8r/sp3bGtaxnesu5H7t5wXMUW/7Se87bQea47Vfh67Rt5xQHNN0rLcB239sd+nOvVwbbsy4hfD4z7lsq2X7eV5P3e17PCF/u9i/N8vavl2nwuZzXOd157SheHvQ8H4HY9r870+92zYkN4PfvW4fq+d+vWc97nNm3sRLxyXqXb+D9f5P2zjPaOiE/xyxvp/ZOECK5QNPs/QBuNfJx19l5JOXk0EhzRtAi+2DC4f3wVzQhx8I6kK3jJXB1CS5/RocHJm9C4EIX7nFShLDARsPHhwjBWDTZKHnkgqhxNBFaxISIrG6FoJAA'
FISH_SOL=854369172976251834123478956419582367568937421237146598785694213691823745342715689
printf '%s Parity Fish\n' "$FISH" >fish.txt
check fish-refused 3 error "$S" solve -q fish.txt
expect_stderr_has 'fish.txt:1:26: SudokuPad metadata "bgimage": not read'
# Without the picture (and so without the parity lines), with 21 of the
# published solution's digits given, its rules text still speaks of the
# red lines: refused, quoting it (nothing drawn of them was read).
# Without that sentence too: its 21 kropki dots make it unique and the
# published solution the answer; without the dots it is not.  With a
# rule line above it (a person's reading of the text) the text is not
# held, and the rule is added.
printf '%s\n' "$FISH" | python3 "$D/padmake.py" decode >fish.zip
python3 - "$D" "$FISH_SOL" <<'PY'
import re, sys
sys.path.insert(0, sys.argv[1])
from lzcompress import compress_base64
sol = sys.argv[2]
z = open("fish.zip").read().strip()
assert ",bgimage:'https://i.imgur.com/n3iOt4N.jpeg',bgimageopacity:1" in z
z = z.replace(",bgimage:'https://i.imgur.com/n3iOt4N.jpeg',bgimageopacity:1", "")
rows = ["[" + ",".join("{v:%s}" % sol[r * 9 + c] if (r * 9 + c) % 4 == 0 else ""
                       for c in range(9)) + "]" for r in range(9)]
z, k = re.subn(r"ce:\[.*?\]\],re:", "ce:[" + ",".join(rows) + "],re:", z)
assert k == 1
open("fish-lines.txt", "w").write("https://sudokupad.app/scl" + compress_base64(z) + "\n")
red = "\\nTwo cells adjacent along a red line must contain one even digit and one odd digit."
assert red in z, z
z = z.replace(red, "")
open("fish2.txt", "w").write("https://sudokupad.app/scl" + compress_base64(z) + "\n")
z, k = re.subn(r",o:\[.*\]\}$", "}", z)
assert k == 1
for dots in ("\\nTwo cells connected by a white dot contain consecutive digits.",
             "\\nTwo cells connected by a black dot contain digits where one is double the other."):
    assert dots in z, dots
    z = z.replace(dots, "")
open("fish3.txt", "w").write("https://sudokupad.app/scl" + compress_base64(z) + "\n")
PY
check fish-lines 3 error "$S" solve -q fish-lines.txt
expect_stderr_has 'the rules text says "Two cells adjacent along a red line must contain one even di...": it names a rule (odd) of which nothing drawn was read'
{ echo "white-dot r4c8 r4c9"; cat fish-lines.txt; } >fish-vouched.txt
check fish-vouched 10 unique "$S" unique -q fish-vouched.txt
check fish-vouched-rules 0 22 bash -c '"$0" solve --format json "$1" | python3 -c "import json,sys; print(len(json.load(sys.stdin)[\"rules\"]))"' "$S" fish-vouched.txt
check fish-read 10 "$FISH_SOL" "$S" solve -q fish2.txt
check fish-unique 10 unique "$S" unique -q fish2.txt
check fish-no-dots 10 multiple "$S" unique -q fish3.txt
"$S" solve --format json fish2.txt >out.json 2>err.txt
if python3 -c '
import json
r = json.load(open("out.json"))
assert r["name"] == "Parity Fish", r
rules = r["rules"]
assert len(rules) == 21, rules
assert sum(x.startswith("white-dot ") for x in rules) == 16, rules
assert "white-dot r4c8 r4c9" in rules and "black-dot r3c2 r4c2" in rules, rules
'; then pass; else fail fish-rules "$(cat out.json err.txt)"; fi

# Refused, naming what.
refuse() { # name python-edit message
  python3 - k6-pad.json "$2" >bad.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
print(json.dumps(d))
PY
  check "$1" 3 error "$S" solve -q bad.json
  expect_stderr_has "$3"
}
refuse orange-line 'd["lines"].append({"color": "#ff8000", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5]]})' \
  'SudokuPad line 3 (colour #ff8000, thickness 10, through r1c1 r1c2 r1c3): no rule recognised (SudokuPad draws rules without naming them)'
refuse green-unbacked 'd["cages"].append({"value": "rules: Killer cages and thermometers."}); d["lines"].append({"color": "#67f067", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 1.5]]})' \
  'a green line, but the rules text does not name its rule'
refuse outside-number 'd["overlays"] = [{"center": [-0.5, 1.5], "width": 0.25, "height": 0.25, "text": "7"}]' \
  'SudokuPad overlay 1 (rectangle 0.25x0.25, fill none, border none, text "7", at r0c2): a number outside the grid: a sandwich, x-sum and skyscraper clue look alike'
refuse text-in-cell 'd["overlays"] = [{"center": [2.5, 2.5], "width": 0.5, "height": 0.5, "text": "A", "backgroundColor": "#FFFFFF"}]' \
  'overlay 1 (rectangle 0.50x0.50, fill #ffffff, border none, text "A", at r3c3): no rule recognised'
refuse drawn-cage 'd["cages"].append({"cells": [[0, 0], [0, 1]], "value": "5", "outlineC": "#ff0000"})' \
  "cage 7's \"outlineC\": a drawn cage"
refuse repeat-cage 'd["cages"].append({"cells": [[0, 0], [0, 1]], "value": 5, "unique": False})' \
  'a cage whose digits may repeat: not read'
refuse big-cage 'd["cages"].append({"cells": [[0, c] for c in range(6)] + [[1, 0]], "value": 25})' \
  'cage 7: 7 cells, more than the digits: a cage whose digits repeat: not read'
refuse unknown-key 'd["foglight"] = [[0, 0]]' '"foglight": a key sudokusat does not read'
refuse norowcol 'd["metadata"] = {"norowcol": True}' 'metadata "norowcol": not read, and it may change the puzzle'
refuse global 'd["global"] = ["antisum"]' 'global rule "antisum": not read'
refuse regions 'd["regions"] = d["regions"][:5]' '5 regions for a 6x6 grid'
refuse bad-given 'd["cells"][0][0] = {"value": 7}' 'cell r1c1: a given that is no digit of 1-6'
refuse cell-field 'd["cells"][0][0] = {"color": "#ff0000"}' "cell r1c1's \"color\": a cell field sudokusat does not read"
refuse turned 'd["overlays"] = [{"center": [1, 0.5], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#000000", "angle": 45}]' \
  'overlay 1 (circle 0.30x0.30, fill ?'
refuse green-dutch 'd["cages"].append({"value": "rules: Dutch whispers: neighbours differ by at least 4."}); d["lines"].append({"color": "#67f067", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 1.5]]})' \
  'a green line, and the rules text speaks of Dutch whispers'
# A puzzle with no "regions" (or an empty list) has no boxes, only rows
# and columns: the cyclic 4x4 Latin square, which breaks the boxes, given
# but for its last row, is unique; with the boxes as regions, none.
python3 - <<'PY'
import json
sol = [[(r + c) % 4 + 1 for c in range(4)] for r in range(4)]
cells = [[{"value": sol[r][c]} if r < 3 else {} for c in range(4)] for r in range(4)]
boxes = [[[r, c] for r in (a, a + 1) for c in (b, b + 1)] for a in (0, 2) for b in (0, 2)]
json.dump({"cells": cells, "regions": []}, open("nb-empty.json", "w"))
json.dump({"cells": cells}, open("nb-none.json", "w"))
json.dump({"cells": cells, "regions": boxes}, open("nb-boxes.json", "w"))
json.dump({"cells": cells, "regions": 5}, open("nb-bad.json", "w"))
PY
check noregions-empty 10 1234234134124123 "$S" solve -q nb-empty.json
check noregions-missing 10 1234234134124123 "$S" solve -q nb-none.json
check noregions-boxes 20 none "$S" unique -q nb-boxes.json
check noregions-bad 3 error "$S" solve -q nb-bad.json
expect_stderr_has '"regions" is a number, expected a list'

# Read as the rule it draws: a green line whose difference (3 on a 6x6)
# the text spells out; a blue line "of the same total"; a V on a white
# circle (as some setters draw it).
reads() { # name python-edit rule-line-wanted
  python3 - k6-pad.json "$2" >good.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
print(json.dumps(d))
PY
  if "$S" solve --format json good.json 2>err.txt | grep -qF "\"$3\""; then pass; else
    fail "$1" "$(cat err.txt)"
  fi
}
reads green-spelt 'd["cages"].append({"value": "rules: Normal sudoku rules apply. Adjacent digits on a green line differ by at least 3."}); d["lines"].append({"color": "#67f067", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 1.5]]})' \
  'whispers r1c1 r1c2'
reads blue-total 'd["cages"].append({"value": "rules: Normal sudoku rules apply. Digits along a blue line sum to the same total in each box."}); d["lines"].append({"color": "#2ecbff", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5], [0.5, 3.5]]})' \
  'region-sum r1c1..r1c4'
reads v-circle 'd["overlays"] = [{"center": [1, 0.5], "width": 0.3, "height": 0.3, "rounded": True, "backgroundColor": "#FFFFFF", "text": "V"}]' \
  'v r1c1 r2c1'
# A renban line's cells are a set (a cell passed twice is once); a
# region-sum line is cut by the boxes' borders into segments of one sum:
# a line that comes back to a box is read segment by segment, a loop's
# segment across its ends is one.  Lines of the kind that meet, and a
# region-sum line through a cell twice, are refused.
RB='d["cages"].append({"value": "rules: Renban: digits on a purple line are a set of consecutive digits."}); '
RS='d["cages"].append({"value": "rules: Box borders divide blue lines into segments with the same sum."}); '
reads renban-twice "$RB"'d["lines"].append({"color": "#c060c0", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 2.5], [0.5, 1.5]]})' \
  'renban r1c1..r1c3'
check renban-twice-solve 10 "$K6" "$S" solve -q good.json
reads segments "$RS"'d["lines"].append({"color": "#2ecbff", "thickness": 10, "wayPoints": [[0.5, 0.5], [2.5, 0.5], [2.5, 1.5], [1.5, 1.5]]})' \
  'region-sum r3c1 r3c2 r2c2'
check segments-solve 10 "$K6" "$S" solve -q good.json
reads loop "$RS"'d["lines"].append({"color": "#2ecbff", "thickness": 10, "wayPoints": [[0.5, 1.5], [0.5, 4.5], [2.5, 4.5], [2.5, 3.5], [1.5, 2.5], [0.5, 1.5]]})' \
  'region-sum r1c4 r1c5..r3c5 r3c4..r1c2 r1c3'
check loop-solve 10 "$K6" "$S" solve -q good.json
refuse renban-meet "$RB"'d["lines"] += [{"color": "#c060c0", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 2.5]]}, {"color": "#c060c0", "thickness": 10, "wayPoints": [[0.5, 1.5], [1.5, 1.5]]}]' \
  'SudokuPad line 4 (colour #c060c0, thickness 10, through r1c2 r2c2): a renban line that meets renban line 3 at r1c2: one line or two is not read'
refuse region-sum-twice "$RS"'d["lines"].append({"color": "#2ecbff", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 3.5], [1.5, 3.5], [0.5, 2.5]]})' \
  'a region-sum line through r1c3 twice: its segments are not read'

# A line of another colour is read when the rules text names its colour
# with its rule ("a peach entropic line"; a loop goes on round, a
# zipper's centre dot is its mark), a thermometer of any colour by its
# bulb of that colour when the text speaks of thermometers; two rules
# for one colour, a colour the text does not name, a bulb the text does
# not back: refused.
reads peach-loop 'd["cages"].append({"value": "rules: Any three adjacent digits along a peach entropic line hold a low (12), a middle (34) and a high (56) digit."}); d["lines"].append({"color": "#ffccaa", "thickness": 10, "wayPoints": [[0.5, 1.5], [0.5, 2.5], [2.5, 2.5], [2.5, 1.5], [0.5, 1.5]]})' \
  'entropic r3c2..r1c2 r1c3'
check peach-loop-solve 10 "$K6" "$S" solve -q good.json
LZ='d["cages"].append({"value": "rules: Digits on a lavender zipper line an equal distance from its centre, marked with a dot, sum to the centre digit."}); '
reads lavender-zipper "$LZ"'d["lines"].append({"color": "#dfc5fe", "thickness": 11, "wayPoints": [[0.5, 0.5], [0.5, 1.5], [1.5, 1.5], [0.5, 2.5], [0.5, 3.5]]}); d["underlays"].append({"center": [1.5, 1.5], "width": 0.44, "height": 0.44, "rounded": 1, "backgroundColor": "#DFC5FEFF"})' \
  'zipper r1c1 r1c2 r2c2 r1c3 r1c4'
check lavender-zipper-solve 10 "$K6" "$S" solve -q good.json
reads tan-thermo 'd["cages"].append({"value": "rules: Killer cages. Digits along a thermometer increase from the bulb."}); d["lines"].append({"color": "#dac391", "thickness": 15, "wayPoints": [[0.5, 2.5], [0.5, 0.5]]}); d["underlays"].append({"center": [0.5, 0.5], "width": 0.8, "height": 0.8, "rounded": True, "backgroundColor": "#dac391ff"})' \
  'thermo r1c1..r1c3'
check tan-thermo-solve 10 "$K6" "$S" solve -q good.json
refuse grey-two 'd["cages"].append({"value": "rules: Grey lines are entropic and modular lines."}); d["lines"].append({"color": "#b9b9b9", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 2.5]]})' \
  'a grey line, but the rules text does not name its rule'
refuse colour-unnamed "$LZ"'d["lines"].append({"color": "#ff9504", "thickness": 10, "wayPoints": [[0.5, 0.5], [0.5, 2.5]]})' \
  'SudokuPad line 3 (colour #ff9504, thickness 10, through r1c1 r1c3): no rule recognised'
refuse thermo-unbacked 'd["cages"].append({"value": "rules: Killer cages."}); d["lines"].append({"color": "#dac391", "thickness": 15, "wayPoints": [[0.5, 2.5], [0.5, 0.5]]}); d["underlays"].append({"center": [0.5, 0.5], "width": 0.8, "height": 0.8, "rounded": True, "backgroundColor": "#dac391ff"})' \
  'a line from a bulb of its colour, but the rules text does not speak of thermometers'

# An arrow drawn as a line from a circle with an arrowhead (a short
# three-point line of its colour) on its end; without the head, refused.
AR='d["cages"].append({"value": "rules: Killer cages and thermometers. Digits along an arrow sum to the digit in its circle."}); d["overlays"] = [{"center": [1.5, 1.5], "width": 0.8, "height": 0.8, "rounded": True, "backgroundColor": "#FFFFFF", "borderColor": "#bbbf"}]; d["lines"].append({"color": "#bbbf", "thickness": 3.2, "wayPoints": [[1.5, 1.5], [2.5, 1.5], [2.5, 0.5]]}); '
reads line-arrow "$AR"'d["lines"].append({"color": "#bbbf", "thickness": 3.2, "wayPoints": [[2.25, 0.75], [2.5, 0.5], [2.75, 0.75]]})' \
  'arrow r2c2 | r3c2 r3c1'
check line-arrow-solve 10 "$K6" "$S" solve -q good.json
refuse line-arrow-headless "$AR" \
  'line 3 (colour #bbbbbb, thickness 3.2, through r2c2 r3c2 r3c1): no rule recognised'

# A see-through colour is the colour seen over the page (a see-through
# black square grey: even); a "Rules:" heading says nothing; a cell's
# circle or square of a colour the text names odd or even is that.
reads see-through 'd["cages"].append({"value": "rules: Rules:\\nKiller cages and thermometers. Grey squares hold even digits."}); d["overlays"] = [{"center": [0.5, 1.5], "width": 0.6, "height": 0.6, "backgroundColor": "#0003"}]' \
  'even r1c2'
reads yellow-odd 'd["cages"].append({"value": "rules: Killer cages and thermometers. The yellow circles contain odd digits. The yellow squares contain even digits."}); d["overlays"] = [{"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": "#d4da31e6"}, {"center": [0.5, 1.5], "width": 0.7, "height": 0.7, "backgroundColor": "#d4da31e6"}]' \
  'odd r1c1","even r1c2'
refuse yellow-both 'd["cages"].append({"value": "rules: Killer cages and thermometers. Yellow circles hold odd or even digits."}); d["overlays"] = [{"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": "#d4da31"}]' \
  'overlay 1 (circle 0.70x0.70, fill #d4da31, border none, at r1c1): no rule recognised'
refuse yellow-unnamed 'd["cages"].append({"value": "rules: Killer cages and thermometers."}); d["overlays"] = [{"center": [0.5, 0.5], "width": 0.7, "height": 0.7, "rounded": True, "backgroundColor": "#d4da31"}]' \
  'overlay 1 (circle 0.70x0.70, fill #d4da31, border none, at r1c1): no rule recognised'

# A rule of the whole grid the rules text states in a known phrasing,
# with nothing that changes it, is read from the text (the 6x6's
# solution breaks it: no solution); any doubt stays refused.
reads text-knight 'd["cages"].append({"value": "rules: Normal sudoku rules apply. Anti-Knight: digits a knight\x27s move apart cannot repeat."})' \
  'anti-knight'
check text-knight-none 20 none "$S" unique -q good.json
reads text-king 'd["cages"].append({"value": "rules: Killer cages and thermometers.\\nANTI-KING"})' \
  'anti-king'
refuse text-knight-may 'd["cages"].append({"value": "rules: Digits a knight\x27s move apart may repeat."})' \
  "the rules text says \"Digits a knight's move apart may repeat\": a rule of the whole grid SudokuPad does not mark; the rule line anti-knight above the link reads it"
refuse text-king-box 'd["cages"].append({"value": "rules: Digits a king\x27s move apart cannot repeat within a box."})' \
  'the rule line anti-king above the link reads it'

# The 4x4's outside clues with its first rules text: named by no word.
python3 "$D/padmake.py" json "$D/fpuzzles/killer-thermo-4.json" >k4-plain.json
check outside-plain 3 error "$S" solve -q k4-plain.json
expect_stderr_has 'SudokuPad overlay 1 (rectangle 0.25x0.25, fill #ffffff, border #ffffff, text "5", at r0c1): a number outside the grid'

# Payloads that do not decode, and links not read.
Z=$(python3 "$D/padmake.py" scl k6.json)
printf 'https://sudokupad.app/%s\n' "${Z:0:80}" >trunc.txt
check truncated 3 error "$S" solve -q trunc.txt
expect_stderr_has "trunc.txt:1:26: the link's SudokuPad puzzle does not decode: a compressed text that ends before its end mark"
printf 'https://sudokupad.app/sclN4Ig*iBcDMC\n' >bad.txt
check bad-base64 3 error "$S" solve -q bad.txt
expect_stderr_has "1:26: the link's SudokuPad puzzle does not decode: a byte that is no base64 symbol"
printf 'https://sudokupad.app/ctc%s\n' "$(printf 'hello world' | python3 "$D/lzcompress.py")" >text.txt
check not-json 3 error "$S" solve -q text.txt
expect_stderr_has "the link's SudokuPad puzzle does not decode: no JSON, plain or zipped"
printf 'https://sudokupad.app/ctc%s\n' "$(printf '{"size": 4}' | python3 "$D/lzcompress.py")" >other.txt
check not-pad 3 error "$S" solve -q other.txt
expect_stderr_has "the link's JSON is no SudokuPad puzzle"
printf 'https://sudokupad.app/wsj7iunsg6\n' >short.txt
check short-link 3 "" "$S" solve -q short.txt
expect_stderr_has "a short link: its puzzle is on SudokuPad's server; open it and copy the long link"
printf 'https://sudokupad.app/scfoooooooooooook\n' >scf.txt
check scf 3 "" "$S" solve -q scf.txt
expect_stderr_has "a SudokuPad puzzle in its packed classic form (scf...), which sudokusat does not read"

summary
