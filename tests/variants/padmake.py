#!/usr/bin/env python3
"""SudokuPad's own form, for the tests: draws an f-puzzles document the way
SudokuPad shows its rules (the conventions of its f-puzzles converter: a
grey line from a grey bulb for a thermometer, an arrow from a circle, dots
on edges, X and V as text, numbers outside...; whispers, renban and
region-sum lines in the setters' colours), zips the JSON the way
SudokuPad's links carry it (short keys, bare keys, ' for ", empty objects
left out, #0 #F and six hex digits for colours, f and t), and writes the
payload (lzcompress.py's compression).  A decoder of lz-string is here too,
to take a real link apart.

usage: padmake.py json|scl|ctc|zip FPUZZLES.json   (prints the form)
       padmake.py decode < LINK                    (prints the payload's text)
       padmake.py pad json|scl|ctc < SUDOKUPAD.json (a SudokuPad JSON as is)
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lzcompress import KEY, compress_base64  # noqa: E402

SHORT = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
         "backgroundColor": "c2", "cells": "ce", "cellSize": "cs",
         "arrows": "a", "overlays": "o", "underlays": "u", "width": "w",
         "height": "h", "value": "v", "videos": "vd", "lines": "l",
         "rounded": "r", "regions": "re", "fontSize": "fs",
         "thickness": "th", "headLength": "hl", "wayPoints": "wp",
         "title": "t", "text": "te", "duration": "d"}

GREY, ARROW = "#CFCFCF", "#a1a1a1"


def rc(s):
    r, c = s.upper()[1:].split("C")
    return int(r) - 1, int(c) - 1


def mid(cells):
    pts = [rc(x) for x in cells]
    return [sum(p[0] + 0.5 for p in pts) / len(pts),
            sum(p[1] + 0.5 for p in pts) / len(pts)]


def centre(s):
    r, c = rc(s)
    return [r + 0.5, c + 0.5]


def fp2pad(fp):
    """The SudokuPad JSON of an f-puzzles document."""
    n = fp["size"]
    box = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3)}[n]
    pad = {"cellSize": 50, "cells": [], "regions": [], "cages": [],
           "lines": [], "arrows": [], "overlays": [], "underlays": []}
    regions = {}
    for r, row in enumerate(fp["grid"]):
        pad["cells"].append([])
        for c, cell in enumerate(row):
            pad["cells"][-1].append({"value": cell["value"]}
                                    if cell.get("given") else {})
            g = cell.get("region", r // box[0] * box[0] + c // box[1])
            regions.setdefault(g, []).append([r, c])
    pad["regions"] = [regions[k] for k in sorted(regions)]
    meta = {}
    for k, m in (("title", "title"), ("author", "author"), ("ruleset", "rules")):
        if fp.get(k):
            meta[m] = fp[k]
    if fp.get("solution"):
        meta["solution"] = "".join(str(d) for d in fp["solution"])
    # Metadata as the converter writes it: cages of no cells.
    for k, v in meta.items():
        pad["cages"].append({"value": "%s: %s" % (k, v)})
    for k in fp.get("killercage", []):
        cage = {"unique": True, "cells": [list(rc(x)) for x in k["cells"]]}
        if k.get("value"):
            cage["value"] = k["value"]
            cage["sum"] = int(k["value"])
        pad["cages"].append(cage)
    for k in fp.get("extraregion", []):
        pad["cages"].append({"style": "extraregion", "unique": True,
                             "cells": [list(rc(x)) for x in k["cells"]]})
    for t in fp.get("thermometer", []):
        for line in t["lines"]:
            pad["underlays"].append({"borderColor": GREY, "backgroundColor": GREY,
                                     "center": centre(line[0]), "rounded": True,
                                     "width": 0.85, "height": 0.85})
            pad["lines"].append({"color": GREY, "thickness": 21,
                                 "wayPoints": [centre(x) for x in line]})
    for a in fp.get("arrow", []):
        for line in a["lines"]:
            pts = [centre(x) for x in line]
            dr, dc = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
            dist = (dr * dr + dc * dc) ** 0.5
            sign = lambda v: (v > 0) - (v < 0)
            pts[0][0] += round(100 * 0.4 * sign(dr) / dist) / 100
            pts[0][1] += round(100 * 0.4 * sign(dc) / dist) / 100
            pad["arrows"].append({"color": ARROW, "headLength": 0.3,
                                  "thickness": 5, "wayPoints": pts})
        cells = [rc(x) for x in a["cells"]]
        h = max(p[0] for p in cells) - min(p[0] for p in cells)
        w = max(p[1] for p in cells) - min(p[1] for p in cells)
        pad["overlays"].append({"borderColor": ARROW, "backgroundColor": "#ffffff",
                                "center": mid(a["cells"]), "fontSize": 16,
                                "borderSize": 5, "rounded": True, "text": "",
                                "width": 0.83 + w, "height": 0.83 + h})
    for key, bg in (("ratio", "#000000"), ("difference", "#FFFFFF")):
        for d in fp.get(key, []):
            o = {"borderColor": "#000000", "backgroundColor": bg,
                 "center": mid(d["cells"]), "rounded": True, "width": 0.3,
                 "height": 0.3, "text": ""}
            if d.get("value"):
                o.update(color="#fff" if bg == "#000000" else "#000",
                         stroke="none", text=d["value"])
            pad["overlays"].append(o)
    for d in fp.get("xv", []):
        pad["overlays"].append({"backgroundColor": "#FFFFFF",
                                "borderColor": "#FFFFFF", "center": mid(d["cells"]),
                                "fontSize": 21, "rounded": False, "width": 0.25,
                                "height": 0.25, "text": d["value"]})
    for key, rounded in (("odd", True), ("even", False)):
        for d in fp.get(key, []):
            pad["underlays"].append({"borderColor": GREY, "backgroundColor": GREY,
                                     "center": centre(d["cell"]),
                                     "rounded": rounded, "width": 0.7,
                                     "height": 0.7})
    for d in fp.get("sandwichsum", []):
        pad["overlays"].append({"backgroundColor": "#FFFFFF",
                                "borderColor": "#FFFFFF", "center": centre(d["cell"]),
                                "fontSize": 32, "rounded": False, "width": 0.25,
                                "height": 0.25, "text": d["value"]})
    dirs = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}
    for d in fp.get("littlekillersum", []):
        y, x = centre(d["cell"])
        dy, dx = dirs[d["direction"]]
        pad["arrows"].append({"color": "#000000", "thickness": 2,
                              "wayPoints": [[y + 0.3 * dy, x + 0.3 * dx],
                                            [y + 0.48 * dy, x + 0.48 * dx]]})
        pad["overlays"].append({"backgroundColor": "#FFFFFF",
                                "borderColor": "#FFFFFF", "center": [y, x],
                                "fontSize": 28, "width": 0.25, "height": 0.25,
                                "rounded": False, "text": d.get("value", "_")})
    for p in fp.get("palindrome", []):
        for line in p["lines"]:
            pad["lines"].append({"color": GREY, "thickness": 16,
                                 "wayPoints": [centre(x) for x in line]})
    for key, colour in (("whispers", "#67f067"), ("renban", "#f067f0"),
                        ("regionsumline", "#2ecbff")):
        for p in fp.get(key, []):
            for line in p["lines"]:
                pad["lines"].append({"color": colour, "thickness": 10,
                                     "wayPoints": [centre(x) for x in line]})
    for b in fp.get("betweenline", []):
        for line in b["lines"]:
            pts = [centre(x) for x in line]
            for end in (pts[0], pts[-1]):
                pad["overlays"].append({"borderColor": GREY,
                                        "backgroundColor": "#FFFFFF",
                                        "center": list(end), "fontSize": 16,
                                        "borderSize": 2, "rounded": True,
                                        "width": 0.8, "height": 0.8})
            pts[0] = [pts[0][0] + 0.4 * ((pts[1][0] > pts[0][0]) - (pts[1][0] < pts[0][0])),
                      pts[0][1] + 0.4 * ((pts[1][1] > pts[0][1]) - (pts[1][1] < pts[0][1]))]
            pad["lines"].append({"color": GREY, "thickness": 2, "wayPoints": pts})
    for q in fp.get("quadruple", []):
        pad["overlays"].append({"backgroundColor": "#FFFFFF",
                                "borderColor": "#000000", "center": mid(q["cells"]),
                                "fontSize": 14, "rounded": True, "width": 0.7,
                                "height": 0.7,
                                "text": " ".join(str(v) for v in q["values"])})
    for key, inwards in (("minimum", True), ("maximum", False)):
        a, b = (0.44, 0.39) if inwards else (0.39, 0.44)
        mine = [d["cell"] for d in fp.get(key, [])]
        for cell in mine:
            cy, cx = centre(cell)
            pad["underlays"].append({"backgroundColor": "#ccc", "center": [cy, cx],
                                     "rounded": False, "width": 1, "height": 1})
            for dy, dx in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                r, c = int(cy + dy), int(cx + dx)
                if not (0 <= r < n and 0 <= c < n) or "R%dC%d" % (r + 1, c + 1) in mine:
                    continue
                pad["lines"].append({"color": "#000000", "thickness": 1, "wayPoints": [
                    [cy + dy * a + 0.1 * dx, cx + dx * a + 0.1 * dy],
                    [cy + dy * b, cx + dx * b],
                    [cy + dy * a - 0.1 * dx, cx + dx * a - 0.1 * dy]]})
    if fp.get("diagonal+"):
        pad["lines"].append({"color": "#34BBE6", "thickness": 2,
                             "wayPoints": [[0, n], [n, 0]]})
    if fp.get("diagonal-"):
        pad["lines"].append({"color": "#34BBE6", "thickness": 2,
                             "wayPoints": [[0, 0], [n, n]]})
    glob = [k for k in ("antiknight", "antiking", "nonconsecutive") if fp.get(k)]
    if glob:
        pad["global"] = glob
    return pad


def clear_empty(o):
    if isinstance(o, list):
        for v in o:
            clear_empty(v)
    elif isinstance(o, dict):
        for k in list(o):
            clear_empty(o[k])
            if isinstance(o[k], list) and not o[k]:
                del o[k]
    return o


def short_keys(o):
    if isinstance(o, list):
        return [short_keys(v) for v in o]
    if isinstance(o, dict):
        return {SHORT.get(k, k): short_keys(v) for k, v in o.items()}
    if isinstance(o, str) and re.fullmatch(r"-?[0-9]+", o) and str(int(o)) == o:
        return int(o)
    return o


def zipped(pad):
    """SudokuPad's zipped text of a puzzle."""
    s = json.dumps(short_keys(clear_empty(json.loads(json.dumps(pad)))),
                   separators=(",", ":"), ensure_ascii=False)
    s = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", s)
    s = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", s)
    s = re.sub(r"(:)false([,}\]])", r"\1f\2", s)
    s = re.sub(r"(:)true([,}\]])", r"\1t\2", s)
    s = re.sub(r'(:)"#000000"([,}\]])', r"\1#0\2", s)
    s = re.sub(r'(:)"#FFFFFF"([,}\]])', r"\1#F\2", s)
    s = re.sub(r'(:)"#([0-9a-fA-F]{6})"([,}\]])', r"\1\2\3", s)
    return s.replace("'", "\\'").replace('"', "'")


def decode(s):
    """lz-string's decompressFromBase64."""
    bits = []
    for ch in s:
        if ch in KEY[:64]:
            v = KEY.index(ch)
            bits += [(v >> i) & 1 for i in range(5, -1, -1)]
    pos = 0

    def read(k):
        nonlocal pos
        x = sum(bits[pos + i] << i for i in range(k))
        pos += k
        return x
    d, size, width, left = {}, 4, 3, 4
    c = read(2)
    if c == 2:
        return ""
    w = chr(read(8 if c == 0 else 16))
    d[3], out = w, [w]
    while True:
        c = read(width)
        if c == 2:
            return "".join(out)
        if c < 2:
            d[size] = chr(read(8 if c == 0 else 16))
            c, size, left = size, size + 1, left - 1
        if left == 0:
            left, width = 1 << width, width + 1
        e = d[c] if c in d else w + w[0]
        out.append(e)
        d[size], size, left, w = w + e[0], size + 1, left - 1, e
        if left == 0:
            left, width = 1 << width, width + 1


def form(kind, pad):
    if kind == "json":
        return json.dumps(pad)
    if kind == "zip":
        return zipped(pad)
    if kind == "scl":
        return "scl" + compress_base64(zipped(pad))
    return "ctc" + compress_base64(json.dumps(pad, separators=(",", ":")))


def main():
    if sys.argv[1] == "decode":
        link = sys.stdin.read().strip()
        print(decode(re.split(r"scl|ctc", link, maxsplit=1)[-1]))
    elif sys.argv[1] == "pad":
        print(form(sys.argv[2], json.load(sys.stdin)))
    else:
        print(form(sys.argv[1], fp2pad(json.load(open(sys.argv[2])))))


if __name__ == "__main__":
    main()
