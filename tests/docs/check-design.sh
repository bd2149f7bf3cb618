#!/usr/bin/env bash
# Holds docs/design.md and docs/library.md to the build, so that the
# drawing of the house cannot drift from the house:
# - design.md's part table (the table whose first column is "part") names
#   exactly the build's parts (SKS_PART_NAMES), in the build's order;
# - each row's "public headers" names exactly the installed headers whose
#   source lies in that part's folder (a configured header, NAME.in, where
#   its template lies), and the umbrella (an installed header outside every
#   part) is named on the page;
# - the drawing (the page's first code block) names the parts and `tools`
#   and nothing else, and each arrow points forward in the build's order;
# - every file, folder and code name the page gives in backquotes exists
#   in the tree (a path from a folder of the tree, a bare file name
#   anywhere, a name with an underscore, a capital or [] in the code);
# - library.md's row "the public headers" names exactly the installed
#   headers, and the page links to design.md;
# - sudokusat.h reaches every installed header through its includes.
# The build passes what it knows (tests/CMakeLists.txt), so a part added,
# moved or renamed, or a header installed or dropped, fails this test until
# the documents say so.
# usage: check-design.sh SOURCE_DIR "PART ..." "HEADER|..." [DESIGN.md [LIBRARY.md]]
#   HEADER: an installed header's path as the build has it (relative to
#   SOURCE_DIR, or absolute for a configured one in the build tree).
set -u
SRC=${1:?usage: check-design.sh SOURCE_DIR PARTS HEADERS [DESIGN.md [LIBRARY.md]]}
PARTS=${2:?no parts given}
HEADERS=${3:?no installed headers given}
DESIGN=${4:-$SRC/docs/design.md}
LIBRARY=${5:-$SRC/docs/library.md}
exec python3 - "$SRC" "$PARTS" "$HEADERS" "$DESIGN" "$LIBRARY" <<'PY'
import fnmatch, os, re, sys

src, parts, headers, design, library = sys.argv[1:6]
src = os.path.abspath(src)
parts = parts.split()
headers = [h for h in headers.split("|") if h]
failures = []


def fail(where, what):
    failures.append(f"FAIL {where}: {what}")


# The tree: every file of the source but the build trees and .git.
tree = []
for root, dirs, files in os.walk(src):
    rel = os.path.relpath(root, src)
    if rel == ".":
        dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
    for f in files:
        tree.append(os.path.normpath(os.path.join(rel, f)))
names = {os.path.basename(f) for f in tree}


def owner(header):
    """The part whose folder holds an installed header, or None."""
    path = header if os.path.isabs(header) else os.path.join(src, header)
    rel = os.path.normpath(os.path.relpath(path, src))
    if rel not in tree:  # configured into the build tree: its template
        base = os.path.basename(header)
        homes = [f for f in tree if os.path.basename(f) == base + ".in"]
        if len(homes) != 1:
            return None
        rel = homes[0]
    top = rel.split(os.sep)[0]
    return top if top in parts else None


installed = {os.path.basename(h): owner(h) for h in headers}
for h in headers:
    if not os.path.isabs(h) and not os.path.exists(os.path.join(src, h)):
        fail("build", f"installed header {h} is not in the source tree")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def ticked(text):
    return re.findall(r"`([^`\n]+)`", text)


def headers_in(text):
    return [t for t in ticked(text) if re.fullmatch(r"[\w.-]+\.h", t)]


page = open(design, encoding="utf-8").read()
lines = page.split("\n")
dname = os.path.relpath(design, src) if design.startswith(src) else design

# The part table.
rows, head = [], None
for i, line in enumerate(lines, 1):
    if head is None:
        if line.startswith("|") and cells(line)[0] == "part":
            head = cells(line)
        continue
    if not line.startswith("|"):
        break
    if set(line) <= set("|-: "):
        continue
    rows.append((i, cells(line)))
if head is None:
    fail(dname, "no part table (a table whose first column is 'part')")
    head = []
hcol = next((k for k, c in enumerate(head) if "header" in c), None)
if head and hcol is None:
    fail(dname, "the part table has no column of public headers")
named = []
for i, row in rows:
    m = re.fullmatch(r"`([\w-]+)/`", row[0])
    if not m:
        fail(f"{dname}:{i}", f"first cell {row[0]!r} is not a part folder as `name/`")
        continue
    part = m.group(1)
    named.append(part)
    if part not in parts:
        fail(f"{dname}:{i}", f"part {part}/ is not a part of the build (SKS_PART_NAMES: {' '.join(parts)})")
        continue
    if hcol is None or hcol >= len(row):
        continue
    listed = headers_in(row[hcol])
    own = sorted(h for h, p in installed.items() if p == part)
    for h in listed:
        if h not in installed:
            fail(f"{dname}:{i}", f"{part}/ lists {h}, which is not installed")
        elif installed[h] != part:
            fail(f"{dname}:{i}", f"{part}/ lists {h}, which is " + (f"{installed[h]}/'s" if installed[h] else "no part's"))
    for h in own:
        if h not in listed:
            fail(f"{dname}:{i}", f"{part}/ does not list its installed header {h}")
for part in parts:
    if part not in named:
        fail(dname, f"the part table misses the part {part}/")
if [p for p in named if p in parts] != [p for p in parts if p in named]:
    fail(dname, f"the part table's order {' '.join(named)} is not the build's {' '.join(parts)}")
for h, p in installed.items():
    if p is None and f"`{h}`" not in page:
        fail(dname, f"the installed header {h} (no part's) is not named")

# The drawing: the first code block.
m = re.search(r"^```[^\n]*\n(.*?)^```", page, flags=re.S | re.M)
if not m:
    fail(dname, "no drawing (a code block) of the parts")
else:
    order = parts + ["tools"]
    words = re.findall(r"[a-z]+", m.group(1))
    for w in sorted(set(words) - set(order)):
        fail(dname, f"the drawing names {w}, which is not a part")
    for p in order:
        if p not in words:
            fail(dname, f"the drawing misses {p}")
    for line in m.group(1).split("\n"):
        seq = [w for w in re.findall(r"[a-z]+", line) if w in order]
        for a, b in zip(seq, seq[1:]):
            if order.index(a) >= order.index(b):
                fail(dname, f"the drawing's arrow {a} -> {b} points back in the build's order")

# Every file, folder and code name in backquotes exists.
code = ""
for f in tree:
    if f.endswith((".c", ".h", ".cc", ".in")) or os.path.basename(f) == "CMakeLists.txt":
        code += open(os.path.join(src, f), encoding="utf-8", errors="replace").read()
tops = {f.split(os.sep)[0] for f in tree}
text = re.sub(r"^```.*?^```", "", page, flags=re.S | re.M)
for i, line in enumerate(text.split("\n"), 1):
    for t in ticked(line):
        if re.fullmatch(r"[\w.*-]+(/[\w.*-]*)*", t) and ("/" in t or re.search(r"\.(c|h|cc|in|sh|txt|md)$", t)):
            if "/" in t and t.split("/")[0] not in tops:
                continue  # not a path of the tree (an install destination)
            pat = t.rstrip("/")
            if "/" in t:
                ok = any(fnmatch.fnmatch(f, pat) or f.startswith(pat + os.sep) for f in tree)
            else:
                ok = any(fnmatch.fnmatch(n, pat) or n == pat + ".in" for n in names)
            if not ok:
                fail(f"{dname}:{i}", f"`{t}` names no file or folder of the tree")
        else:
            m2 = re.fullmatch(r"([A-Za-z_]\w*?)(\*|\[\])?", t)
            if m2 and (m2.group(2) or re.search(r"_|[A-Z]", m2.group(1))):
                name = m2.group(1)
                if not re.search(r"\b" + re.escape(name) + (r"\w*" if m2.group(2) == "*" else r"\b"), code):
                    fail(f"{dname}:{i}", f"`{t}` names nothing in the code")

# library.md: the installed headers, and the link to the design.
lib = open(library, encoding="utf-8").read()
lname = os.path.relpath(library, src) if library.startswith(src) else library
row = next(((i, l) for i, l in enumerate(lib.split("\n"), 1)
            if l.startswith("|") and cells(l)[0] == "the public headers"), None)
if row is None:
    fail(lname, "no row 'the public headers' in the table of what is installed")
else:
    listed = headers_in(row[1])
    for h in sorted(set(listed) - set(installed)):
        fail(f"{lname}:{row[0]}", f"lists {h}, which is not installed")
    for h in sorted(set(installed) - set(listed)):
        fail(f"{lname}:{row[0]}", f"misses the installed header {h}")
if not re.search(r"\]\(design\.md[#)]", lib):
    fail(lname, "does not link to design.md for the layout")

# sudokusat.h reaches every installed header.
paths = {os.path.basename(h): (h if os.path.isabs(h) else os.path.join(src, h)) for h in headers}
seen, todo = set(), ["sudokusat.h"] if "sudokusat.h" in paths else []
while todo:
    h = todo.pop()
    if h in seen or h not in paths or not os.path.exists(paths[h]):
        continue
    seen.add(h)
    todo += re.findall(r'^#include "([^"]+)"', open(paths[h], encoding="utf-8").read(), flags=re.M)
for h in sorted(set(installed) - seen):
    fail("sudokusat.h", f"does not reach the installed header {h}")

for f in failures:
    print(f)
print(f"design: {len(failures)} failed ({len(parts)} parts, {len(headers)} installed headers)")
sys.exit(1 if failures else 0)
PY
