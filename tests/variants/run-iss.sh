#!/usr/bin/env bash
# The Interactive Sudoku Solver's strings (docs/formats.md, "The
# Interactive Sudoku Solver's strings"): random 4x4 strings counted against
# brute force by ISS's own definitions (iss4.py); typed-in puzzles (a 4x4
# killer, a 6x6 with lines, dots and candidates, a 9x9 with several
# constraint types, the same in the digits 0-8, a 16x16 jigsaw with and
# without its boxes, a 9x9 without boxes); a
# constraint type with no rule here refused naming it, and bad tokens
# named with their line and column.
# usage: run-iss.sh SUDOKUSAT [SOURCE_DIR]
set -u
S=${1:?usage: run-iss.sh SUDOKUSAT [SOURCE_DIR]}
SRC=$(cd "${2:-$(dirname "$0")/../..}" && pwd)
case $S in /*) ;; *) S=$PWD/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sks-iss.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
. "$SRC/tests/cli/lib.sh"
: >in.txt

# Brute force on 4x4: 300 random strings (some of them jigsaws).
if out=$(python3 "$SRC/tests/variants/iss4.py" "$S" 300 1 2>&1); then pass; else
  fail iss4 "$(printf '%s' "$out" | tail -20)"
fi

# A 4x4 killer: dominoes and one given.
printf '%s\n' '.Shape~4x4.Cage~4~R1C1~R2C1.Cage~5~R1C2~R1C3.Cage~5~R2C2~R2C3.Cage~6~R1C4~R2C4.Cage~6~R3C1~R4C1.Cage~4~R3C2~R4C2.Cage~7~R3C3~R3C4.Cage~3~R4C3~R4C4.~R1C1_1' >k4.txt
check killer4 10 "unique
1234341221434321" "$S" unique -q --show k4.txt
# A 6x6: a thermometer, a white dot, '>', givens and a cell's candidates.
printf '%s\n' '.Shape~6x6.Thermo~R1C1~R1C2~R1C3.WhiteDot~R2C1~R2C2.GreaterThan~R3C5~R3C6.~R1C4_4~R2C6_3~R3C1_2~R4C3_1~R5C5_1~R6C2_1~R4C6_4~R5C1_3~R6C6_5~R5C3_5~R3C2_2_3' >s6.txt
# (a puzzle with candidates is answered as a candidates line, one
# candidate a cell, as a sukaku line is)
cand6=$(python3 -c '
s = "123456456123234561561234345612612345"
print("".join("".join(c if str(d) == c else "." for d in range(1, 7)) for c in s))')
check six 10 "unique
$cand6" "$S" unique -q --show s6.txt
# Without the candidates R3C2_2_3 it has two solutions.
sed 's/~R3C2_2_3//' s6.txt >s6b.txt
check six-candidates 10 2 "$S" count -q s6b.txt

# Sum lines and a loop (a piece through the loop's last cell into its
# first), same value sets, Pair and PairX keys, modular lines of 2 and of
# 4 (a line shorter than 4), rellik and equality cages, sums whose digits
# may repeat, value indexing, count distinct, equal sums of segments
# that share a cell: each counted on a blank 4x4, the counts those of brute
# force over the 288 grids.
printf '%s\n' '.Shape~4x4.SumLine~5~R1C1~R2C2~R2C3~R1C4.SumLine~5~R4C4~R4C3~R3C4~R3C3~LOOP' \
  '.Shape~4x4.SameValues~2~R1C1~R1C2~R4C3~R4C4.SameValues~3~R2C1~R3C4~R4C2' \
  '.Shape~4x4.Pair~Ch~_up~R1C1~R1C2~R1C3~R1C4~~R4C4~R4C3~R4C2~R4C1' \
  '.Shape~4x4.PairX~MGD~R1C1~R2C2~~R3C2~R4C2.Modular~2~R1C1~R1C2~R2C1~R2C2.Modular~4~R1C1~R2C2~R1C3' >lines4.txt
printf '%s\n' '.Shape~4x4.RellikCage~5~R1C1~R2C2.RellikCage~3~R1C4~R2C3' \
  '.Shape~4x4.EqualityCage~R1C1~R2C2.EqualityCage~R3C1~R4C3' \
  '.Shape~4x4.Sum~7~R1C1~R2C3~R4C2.Sum~2~R3C4~R4C1' \
  '.Shape~4x4.ValueIndexing~R1C1~R2C1~R3C1~R4C1~R4C2.ValueIndexing~R4C4~R4C3~R3C3~R2C3~R1C3~R1C4' \
  '.Shape~4x4.CountDistinct~R1C1~R2C1~R2C2~R3C3.EqualSum~R1C4~R2C3~-~R2C3~R3C1~-~R4C2' >>lines4.txt
check lines4 0 "64
48
1
12
56
16
8
12
3" "$S" count -q lines4.txt
# Ch: each cell one more than the one before (row 1 left to right, row 4
# right to left); the older Binary writes the same key with '-' and '_'
# swapped (none here).
sed -n 3p lines4.txt >pair4.txt
check pair4 10 "unique
1234341221434321" "$S" unique -q --show pair4.txt
sed 's/\.Pair~/.Binary~/' pair4.txt >binary4.txt
check binary4 10 unique "$S" unique -q binary4.txt
# Refused: a key with a character of no base64url, a PairX key that is
# not symmetric (Ch), a sum line's sum past ISS's 30.
printf '.Shape~4x4.Pair~C*~R1C1~R1C2\n' >badkey.txt
check pair-badkey 3 error "$S" solve -q badkey.txt
expect_stderr_has "badkey.txt:1:18: Pair: a key of base64url characters"
printf '.Shape~4x4.PairX~Ch~R1C1~R1C2\n' >asym.txt
check pairx-asym 3 error "$S" solve -q asym.txt
expect_stderr_has "asym.txt:1:18: PairX: its key is not symmetric"
printf '.SumLine~31~R1C1~R1C2~R1C3~R1C4~R1C5\n' >sum31.txt
check sumline-31 3 error "$S" solve -q sum31.txt
expect_stderr_has "sum31.txt:1:10: SumLine: a sum of 30 at most"

# FullRank: 4x4 strings of ISS's collection under each FullRankTies (the
# first two unique, as ISS counts them; with ties, rank 10 of C1 and of
# R1 force the two lines the same, which R1C2 and R2C1 in one box refuse;
# without, they are two lines of one rank: none either way), the last
# clue of a line and end the one kept (C4 from the top: 8, as ISS's
# parser keeps it; 2 grids, as ISS counts), a 9x9 of the collection
# (unique) with its certificate; a rank past 4n refused at its column.
printf '%s\n' '.Shape~4x4.FullRank~C1~10~.FullRank~C2~15~.FullRank~R4~5~.FullRankTies~any' \
  '.Shape~4x4.FullRank~C1~10~.~R3C4_2~R4C3_1.FullRankTies~none' \
  '.Shape~4x4.FullRank~C1~10~.FullRank~R1~10~.FullRankTies~any' \
  '.Shape~4x4.FullRank~C1~10~.FullRank~R1~10~' \
  '.Shape~4x4.FullRank~C4~9~.FullRank~C4~6~13.FullRank~C4~8~3' >rank4.txt
check fullrank4 0 "1
1
0
0
2" "$S" count -q rank4.txt
printf '%s\n' '.FullRank~C1~33~.FullRank~C2~30~.FullRank~C3~26~.FullRank~C4~24~.FullRank~C5~13~.FullRank~R4~1~.FullRank~R5~17~.FullRank~R6~~36.FullRank~C6~~35' >rank9.txt
"$S" unique -q --certificate rcert rank9.txt >/dev/null 2>err.txt
check fullrank9 0 "verified unique" "$S" check -q --certificate rcert rank9.txt
printf '.Shape~4x4.FullRank~R2~17~\n' >rank17.txt
check fullrank-17 3 error "$S" solve -q rank17.txt
expect_stderr_has "rank17.txt:1:24: FullRank: a rank of 17 (1 to 16)"

# AI Escargot's givens as ISS writes them, with constraints its solution
# keeps: unique, that solution; one it breaks: none.
E='R1C1_1~R1C6_7~R1C8_9~R2C2_3~R2C5_2~R2C9_8~R3C3_9~R3C4_6~R3C7_5~R4C3_5~R4C4_3~R4C7_9~R5C2_1~R5C5_8~R5C9_2~R6C1_6~R6C6_4~R7C1_3~R7C8_1~R8C2_4~R8C9_7~R9C3_7~R9C7_3'
SOL=162857493534129678789643521475312986913586742628794135356478219241935867897261354
printf '.Thermo~R1C3~R1C2~R1C4.Cage~12~R2C1~R2C2~R2C3.Arrow~R1C8~R1C4~R1C1.WhiteDot~R9C1~R9C2.Sandwich~32~R1.~%s\n' "$E" >keep.txt
check nine 10 "unique
$SOL" "$S" unique -q --show keep.txt
check nine-solve 10 "$SOL" "$S" solve -q keep.txt
printf '.Thermo~R1C2~R1C3.~%s\n' "$E" >break.txt
check nine-break 20 none "$S" unique -q break.txt
# Spaces are ignored, as ISS ignores them.
printf '.Thermo ~ R1C3~R1C2 ~R1C4 .~%s\n' "$E" >spaces.txt
check nine-spaces 10 unique "$S" unique -q spaces.txt

# The same in the digits 0-8 (Shape~9x9~0-8): the givens, an arrow, a
# black dot and a cage its values keep (none of them 1-9's); answered in
# 0-8; its CNF's model decodes in 0-8 from the CNF alone; its certificate
# checks; a 9 is no digit of it.
E0=$(printf '%s' "$E" | python3 -c 'import re, sys; print(re.sub(r"_(\d)", lambda m: "_%d" % (int(m.group(1)) - 1), sys.stdin.read().strip()))')
SOL0=$(printf '%s' "$SOL" | tr 123456789 012345678)
printf '.Shape~9x9~0-8.Arrow~R3C3~R3C4~R3C5.BlackDot~R1C6~R1C7.Cage~9~R2C1~R2C2~R2C3.~%s\n' "$E0" >zero.txt
check zero 10 "unique
$SOL0" "$S" unique -q --show zero.txt
"$S" encode zero.txt -o zero.cnf 2>err.txt
if command -v cadical >/dev/null; then
  cadical -q zero.cnf >zero.model
  check zero-decode 10 "$SOL0" "$S" decode zero.cnf zero.model
fi
"$S" unique -q --certificate zcert zero.txt >/dev/null 2>err.txt
check zero-certificate 0 "verified unique" "$S" check -q --certificate zcert zero.txt
printf '.Shape~9x9~0-8.~R1C1_9\n' >zero9.txt
check zero-nine 3 error "$S" solve -q zero9.txt
expect_stderr_has "a given: '9' is no digit 0 to 8"
printf '.Shape~9x9~0-8.Entropic~R1C1~R1C2~R1C3\n' >zeroent.txt
check zero-entropic 3 error "$S" solve -q zeroent.txt
expect_stderr_has "Entropic has no rule here (but on a 9x9 grid of the digits 1-9)"

# Regex and NFA over AI Escargot's givens.  The pattern 1[^3]+3 in
# base64url along row 1 (162857493 keeps it) and in its older
# percent-encoded form; the machine Low high (three states, every one
# accepting: a start, after a digit 1-4, after one of 5-9, each move
# from the one to the other) in its packed and plain encodings, each
# group of cells one rule (r1c1..r1c4: 1 6 2 8; r2c4 r3c4: 1 6); a
# pattern row 1 breaks ([2-9].*) and a group the machine refuses (r1c4
# r1c5: 8 5): none.  The counts are ISS's own on the same strings.
printf '.Regex~MVteM10rMw~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6~R1C7~R1C8~R1C9.NFA~Rhv_Vaq-FVA9VA~_Low%%20high~R1C1~R1C2~R1C3~R1C4.~%s\n' "$E" >machine.txt
printf '.Regex~1%%5B%%5E3%%5D%%2B3~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6~R1C7~R1C8~R1C9.NFA~BhqSCKSaks09EqSzT0SAikmg~R1C1~R1C2~R1C3~R1C4~~R2C4~R3C4.~%s\n' "$E" >>machine.txt
printf '.Regex~WzItOV0uKg~R1C1~R1C2~R1C3.~%s\n' "$E" >>machine.txt
printf '.NFA~BhqSCKSaks09EqSzT0SAikmg~_Low%%20high~R1C4~R1C5.~%s\n' "$E" >>machine.txt
check machine 0 "unique
unique
none
none" "$S" unique -q machine.txt
check machine-solve 10 "$SOL" "$S" solve -q <(head -1 machine.txt)
"$S" unique -q --format json machine.txt >machine.json 2>err.txt
if python3 -c '
import json
r = [json.loads(l) for l in open("machine.json")]
assert r[0]["rules"] == ["regex 1[^3]+3 r1c1..r1c9",
                         "nfa Rhv_Vaq-FVA9VA r1c1..r1c4"], r[0]["rules"]
assert r[1]["rules"][1:] == ["nfa BhqSCKSaks09EqSzT0SAikmg r1c1..r1c4",
                             "nfa BhqSCKSaks09EqSzT0SAikmg r2c4 r3c4"], r[1]["rules"]
'; then pass; else fail machine-json "$(cat machine.json err.txt)"; fi
"$S" unique -q --certificate mcert <(head -1 machine.txt) >/dev/null 2>err.txt
check machine-certificate 0 "verified unique" "$S" check -q --certificate mcert <(head -1 machine.txt)
printf '.NFA~BhqSCKSaks09EqSzT0SAikmg~R1C1~R1C2~-~R1C3\n' >segments.txt
check nfa-segments 3 error "$S" solve -q segments.txt
expect_stderr_has "NFA has no rule here (a line in segments)"
printf '.Regex~KDEy~R1C1~R1C2\n' >badrx.txt
check regex-bad 3 error "$S" solve -q badrx.txt
expect_stderr_has "badrx.txt:1:2: Regex: regex rule: a group without its ')'"

# LookAndSay and DutchFlatmates over AI Escargot's givens: one 1 and one
# 6 in r1c1..r1c3 (1 6 2 keeps it), and no 5 there: unique; one 1 and
# one 3: none; Escargot's solution has a 5 with neither a 1 above nor a 9
# below: none with DutchFlatmates; three givens and the rule: more than
# one.  The counts are ISS's own on the same strings.
printf '.LookAndSay~1116~R1C1~R1C2~R1C3.LookAndSay~0516~R1C1~R1C2~R1C3.~%s\n' "$E" >look.txt
printf '.LookAndSay~1113~R1C1~R1C2~R1C3.~%s\n' "$E" >>look.txt
printf '.DutchFlatmates.~%s\n' "$E" >>look.txt
printf '.DutchFlatmates.~R1C1_1~R2C2_3~R5C5_8\n' >>look.txt
check look-dutch 0 "1
0
0
2+" "$S" count -q --limit 2 look.txt
"$S" unique -q --format json <(head -1 look.txt) >look.json 2>err.txt
if python3 -c '
import json
r = json.load(open("look.json"))
assert r["rules"] == ["look-and-say 1 1 1 6 r1c1..r1c3",
                      "look-and-say 0 5 1 6 r1c1..r1c3"], r["rules"]
'; then pass; else fail look-json "$(cat look.json err.txt)"; fi
printf '.LookAndSay~161~R1C1~R1C2\n' >look3.txt
check look-odd 3 error "$S" solve -q look3.txt
expect_stderr_has "look3.txt:1:13: LookAndSay: a clue of (count, value) digit pairs and cells"
printf '.Shape~4x4.DutchFlatmates\n' >dutch4.txt
check dutch-even 3 error "$S" solve -q dutch4.txt
expect_stderr_has "DutchFlatmates has no rule here (but on a side of odd size, digits from 1)"

# A 16x16 jigsaw: the boxes with two columns swapped across a box's edge,
# its layout in ISS's characters (0-9 a-f) and cells R1..Rg; its solution
# breaks the standard boxes, so with them (no NoBoxes) it has none.
python3 - <<'PY'
N, B17 = 16, "123456789abcdefg"
perm = list(range(N))
perm[3], perm[4] = perm[4], perm[3]
sol = [[(4 * (r % 4) + r // 4 + perm[c]) % 16 + 1 for c in range(N)] for r in range(N)]
lay = "".join("0123456789abcdef"[(r // 4) * 4 + perm[c] // 4] for r in range(N) for c in range(N))
giv = "~".join("R%sC%s_%d" % (B17[r], B17[c], sol[r][c])
               for r in range(N) for c in range(N) if (r * 7 + c * 3) % 5)
open("j16.txt", "w").write(".Shape~16x16.Jigsaw~%s.NoBoxes.~%s\n" % (lay, giv))
open("j16b.txt", "w").write(".Shape~16x16.Jigsaw~%s.~%s\n" % (lay, giv))
open("j16.sol", "w").write("".join("123456789ABCDEFG"[v - 1] for row in sol for v in row))
PY
check jigsaw16 10 "unique
$(cat j16.sol)" "$S" unique -q --show j16.txt
check jigsaw16-boxes 20 none "$S" unique -q j16b.txt

# A 9x9 without boxes (rows and columns only): the cyclic Latin square,
# which breaks every box, given but for its last row: unique with
# NoBoxes (or a jigsaw of one piece and NoBoxes), none with the boxes;
# the next puzzle of the file has its boxes again.
python3 - <<'PY'
sol = "".join(str((r + c) % 9 + 1) for r in range(9) for c in range(9))
giv = "~".join("R%dC%d_%s" % (r + 1, c + 1, sol[9 * r + c]) for r in range(8) for c in range(9))
open("nb.txt", "w").write(".NoBoxes.~%s\n.~%s\n" % (giv, giv))
open("nb1.txt", "w").write(".Jigsaw~%s.NoBoxes.~%s\n" % ("0" * 81, giv))
open("nb.sol", "w").write(sol)
PY
check noboxes 0 "unique
$(cat nb.sol)
none" "$S" unique -q --show nb.txt
check noboxes-one-piece 10 "$(cat nb.sol)" "$S" solve -q nb1.txt
for be in dlx bits picosat; do
  check "noboxes-$be" 10 "$(cat nb.sol)" "$S" solve -q --backend "$be" nb1.txt
done
# Its CNF decodes from the CNF alone, without boxes.
"$S" encode nb1.txt -o nb.cnf 2>err.txt
if grep -q '^c size 9 box 1x9$' nb.cnf; then pass; else fail noboxes-cnf "$(head -3 nb.cnf; cat err.txt)"; fi
# print draws it without box lines: its thick lines are the border's
# only (a grid with boxes has some inside).
thick_lines() { # the <line>s of the SVG's thick group (the second)
  python3 -c 'import re, sys; g = re.findall(r"<g stroke=\"#000\" stroke-width=[^>]*>(.*?)</g>", open(sys.argv[1]).read(), re.S); print(g[1].count("<line"))' "$1"
}
"$S" print -o nb.svg nb1.txt 2>err.txt
sed 's/\.NoBoxes//; s/\.Jigsaw~0*//' nb1.txt >wb1.txt
"$S" print -o wb.svg wb1.txt 2>>err.txt
if [ "$(thick_lines nb.svg)" = 0 ] && [ "$(thick_lines wb.svg)" -gt 0 ]; then pass; else
  fail noboxes-print "$(thick_lines nb.svg) $(thick_lines wb.svg) $(cat err.txt)"
fi
# The project's own text form of it: a line "no-boxes" above the puzzle
# (the commands that write puzzles write it, as minimize does here);
# without the line the same givens have no solution; alone it is an
# error.
python3 - <<'PY'
sol = open("nb.sol").read()
open("nbt.txt", "w").write("no-boxes\n" + sol[:72] + "." * 9 + "\n")
open("wbt.txt", "w").write(sol[:72] + "." * 9 + "\n")
PY
check noboxes-text 10 "$(cat nb.sol)" "$S" solve -q nbt.txt
check noboxes-text-boxes 20 none "$S" unique -q wbt.txt
"$S" minimize -q nb1.txt >nbm.txt 2>err.txt
if [ "$(head -1 nbm.txt)" = no-boxes ]; then pass; else fail noboxes-minimize "$(cat nbm.txt err.txt)"; fi
check noboxes-minimized 10 unique "$S" unique -q nbm.txt
printf 'no-boxes\n' >nbo.txt
check noboxes-orphan 3 error "$S" solve -q nbo.txt
expect_stderr_has '"no-boxes" with no puzzle after it'
printf '.NoBoxes.DisjointSets\n' >nbd.txt
check noboxes-disjoint 3 error "$S" solve -q nbd.txt
expect_stderr_has "DisjointSets has no rule here (on a grid without boxes)"

# ISS's GlobalEntropy, GlobalMod and AntiTaxicab: entropic-squares,
# modular-squares and anti-taxicab; an empty 9x9 under each solved, its
# grid a sudoku that keeps the rule by this script's own reading (every
# 2x2 square holds a low, a middle and a high digit / a digit of each
# remainder modulo 3; no two cells x apart, rows plus columns, both x).
for t in GlobalEntropy GlobalMod AntiTaxicab; do
  printf '.%s\n' "$t" >"g-$t.txt"
  "$S" solve -q "g-$t.txt" >"g-$t.out" 2>err.txt
  if python3 - "$t" "$(cat "g-$t.out")" <<'PY'; then pass; else fail "global-$t" "$(cat "g-$t.out" err.txt)"; fi
import sys
t, g = sys.argv[1], [int(c) for c in sys.argv[2]]
assert len(g) == 81
houses = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
houses += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
assert all(sorted(g[i] for i in h) == list(range(1, 10)) for h in houses)
for a in range(81):
    if t == "AntiTaxicab":
        assert all(g[a] != g[b] or g[a] != abs(a // 9 - b // 9) + abs(a % 9 - b % 9) for b in range(81) if b != a)
    elif a // 9 < 8 and a % 9 < 8:
        sq = [g[a], g[a + 1], g[a + 9], g[a + 10]]
        key = (lambda v: (v - 1) // 3) if t == "GlobalEntropy" else (lambda v: v % 3)
        assert {key(v) for v in sq} == {0, 1, 2}, (a, sq)
PY
done
printf '.Shape~9x9~0-8.GlobalMod\n' >g-mod0.txt
check global-mod-zero 3 error "$S" solve -q g-mod0.txt
expect_stderr_has "GlobalMod has no rule here (but on a 9x9 grid of the digits 1-9)"

# A type with no rule here is refused, named, at its column.
printf '.Cage~3~R1C1~R1C2.Replicate~R2C1~R2C2.~R1C1_1\n' >repl.txt
check refuse 3 error "$S" solve -q repl.txt
expect_stderr_has "repl.txt:1:19: the Interactive Sudoku Solver's Replicate has no rule here"
printf '.RellikCage~0~R1C1~R2C2\n' >rellik0.txt
check rellik-0 3 error "$S" solve -q rellik0.txt
expect_stderr_has "rellik0.txt:1:2: the Interactive Sudoku Solver's RellikCage has no rule here (with a sum of 0"
printf '.EqualityCage~R1C1~R2C2~R3C3\n' >eq3.txt
check equality-odd 3 error "$S" solve -q eq3.txt
expect_stderr_has "eq3.txt:1:2: EqualityCage: an even number of cells is needed"
printf '.Cage~3~R1C1~R1C2.Foo~R2C1\n' >foo.txt
check unknown 3 error "$S" solve -q foo.txt
expect_stderr_has "foo.txt:1:19: unknown constraint type 'Foo'"
printf '.Modular~0~R1C1~R1C2~R1C3\n' >mod.txt
check modular 3 error "$S" solve -q mod.txt
expect_stderr_has "mod.txt:1:10: Modular: '0' is no value (a whole number from 1)"
printf '.Sum~10_=_1_2~R1C1~R2C2\n' >sum.txt
check sum 3 error "$S" solve -q sum.txt
expect_stderr_has "Sum has no rule here (with coefficients)"
# Bad tokens: the line and the column.
printf '\n.Thermo~R1C1~R1CX\n' >cell.txt
check bad-cell 3 error "$S" solve -q cell.txt
expect_stderr_has "cell.txt:2:14: Thermo: 'R1CX' is no cell of the 9x9 grid"
printf '.Shape~9x9.~R1C1_0\n' >value.txt
check bad-value 3 error "$S" solve -q value.txt
expect_stderr_has "value.txt:1:18: a given: '0' is no digit 1 to 9"
printf '.Shape~9x8.~R1C1_1\n' >shape.txt
check bad-shape 3 error "$S" solve -q shape.txt
expect_stderr_has "shape.txt:1:2: Shape: only square grids"
# Under --symbols the answer is written in that alphabet, as for every
# other form, and reads back (it was written in digits, which the
# alphabet refuses: the fuzzer's round trip).
printf '.~R1C1_1\n' >iss-abc.txt
"$S" solve -q --symbols ABCDEFGHI iss-abc.txt >abc.txt 2>err.txt
if grep -q '^A[A-I]\{80\}$' abc.txt &&
  [ "$("$S" unique -q --symbols ABCDEFGHI abc.txt 2>>err.txt)" = unique ]; then pass; else
  fail iss-symbols "$(cat abc.txt err.txt)"
fi
# A cell given several values is a candidates puzzle: its answer is a
# candidates line (one candidate a cell), which reads back as the same
# puzzle; two givens of one cell that share no value leave it none.
printf '.~R4C4_2_4_6~R1C1_1_2\n' >iss-cand.txt
"$S" solve -q iss-cand.txt >cand.txt 2>err.txt
if [ "$(wc -c <cand.txt)" -eq 730 ] && [ "$("$S" unique -q cand.txt 2>>err.txt)" = unique ]; then pass; else
  fail iss-candidates "$(head -c 300 cand.txt err.txt)"
fi
printf '.~R8C9_7~R9C3_7~R9C3_3\n' >iss-empty.txt
check iss-empty-cell 20 none "$S" solve -q iss-empty.txt
# ... and under an alphabet, where no candidates line is read, refused.
check iss-candidates-alphabet 3 error "$S" solve -q --symbols ABCDEFGHI iss-cand.txt
expect_stderr_has "an ISS string with candidates (a cell given several values) is not read under an alphabet"
summary
