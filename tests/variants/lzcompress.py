#!/usr/bin/env python3
"""lz-string's compressToBase64, for the tests: writes the compressed form
of a text the way f-puzzles' ?load= links carry a puzzle (the format of
pieroxy's lz-string: LZW codes of a growing width, from 2 bits, literals of
8 or 16 bits behind codes 0 and 1, the end as code 2, packed 6 bits a
base64 symbol, bits of each code least significant first).

usage: lzcompress.py < text   (prints the compressed form)
"""
import sys

KEY = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="


def units(text):
    """The text as UTF-16 code units (as JavaScript strings hold it)."""
    b = text.encode("utf-16-le")
    return [b[i] | b[i + 1] << 8 for i in range(0, len(b), 2)]


def compress_base64(text):
    out, val, pos = [], 0, 0

    def put(value, n):
        nonlocal val, pos
        for _ in range(n):
            val = (val << 1) | (value & 1)
            value >>= 1
            if pos == 5:
                out.append(KEY[val])
                val, pos = 0, 0
            else:
                pos += 1

    dictionary, to_create = {}, set()
    size, enlarge, bits = 3, 2, 2
    w = ()

    def emit(w):
        nonlocal enlarge, bits
        if w in to_create:
            if w[0] < 256:
                put(0, bits)
                put(w[0], 8)
            else:
                put(1, bits)
                put(w[0], 16)
            enlarge -= 1
            if enlarge == 0:
                enlarge, bits = 1 << bits, bits + 1
            to_create.discard(w)
        else:
            put(dictionary[w], bits)
        enlarge -= 1
        if enlarge == 0:
            enlarge, bits = 1 << bits, bits + 1

    for u in units(text):
        c = (u,)
        if c not in dictionary:
            dictionary[c] = size
            size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
        else:
            emit(w)
            dictionary[wc] = size
            size += 1
            w = c
    if w:
        emit(w)
    put(2, bits)
    while True:
        val <<= 1
        if pos == 5:
            out.append(KEY[val])
            break
        pos += 1
    s = "".join(out)
    return s + "=" * (-len(s) % 4)


if __name__ == "__main__":
    sys.stdout.write(compress_base64(sys.stdin.read().rstrip("\n")) + "\n")
