/* lz-string's base64 form decoded: the form pieroxy's lz-string writes
 * with compressToBase64 (f-puzzles' ?load= links, SudokuPad's links).
 * The text is a stream of 6-bit symbols read least significant bit
 * first; codes of a growing width (from 3 bits) name either a literal of
 * 8 or 16 bits (codes 0 and 1, which also enter it in the dictionary),
 * the end (2), or a dictionary entry (3 on); each entry read adds the
 * previous one and the first unit of this one, LZW's way.  Every entry is
 * a run of the units already decoded, so the dictionary is kept as
 * (start, length) pairs into the output. */
#include "lzstring_int.h"
#include "base64_int.h"

#include "memory_int.h"
#include "stack_int.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lz_entry {
  size_t start, len;
} lz_entry;

typedef struct lz_bits {
  const char *in;
  size_t len, index; /* index: the next symbol to read */
  int val, position;
  bool bad;
  size_t bad_at;
} lz_bits;

static int symbol(lz_bits *b, size_t i) {
  if (i >= b->len)
    return 0; /* past the end: no bits, as the original reads it */
  unsigned char ch = (unsigned char)b->in[i];
  int v = sks_base64url_value(ch); /* letters and digits: the same */
  if (v >= 0 && v < 62)
    return v;
  if (ch == '+' || ch == ' ')
    return 62;
  if (ch == '/' || ch == '-')
    return 63;
  if (ch == '=' || ch == '$')
    return 64;
  if (!b->bad) {
    b->bad = true;
    b->bad_at = i;
  }
  return 0;
}

static unsigned read_bits(lz_bits *b, int n) {
  unsigned bits = 0;
  for (int k = 0; k < n; k++) {
    int resb = b->val & b->position;
    b->position >>= 1;
    if (!b->position) {
      b->position = 32;
      b->val = symbol(b, b->index++);
    }
    if (resb)
      bits |= 1u << k;
  }
  return bits;
}

/* Appends unit u as UTF-8 (a surrogate pair joined; a lone surrogate as
 * U+FFFD). */
static void put_utf8(char **buf, size_t *n, size_t *cap, uint32_t u) {
  SKS_GROW(*buf, *cap, *n + 5);
  char *p = *buf + *n;
  if (u < 0x80) {
    p[0] = (char)u;
    *n += 1;
  } else if (u < 0x800) {
    p[0] = (char)(0xC0 | u >> 6);
    p[1] = (char)(0x80 | (u & 0x3F));
    *n += 2;
  } else if (u < 0x10000) {
    p[0] = (char)(0xE0 | u >> 12);
    p[1] = (char)(0x80 | ((u >> 6) & 0x3F));
    p[2] = (char)(0x80 | (u & 0x3F));
    *n += 3;
  } else {
    p[0] = (char)(0xF0 | u >> 18);
    p[1] = (char)(0x80 | ((u >> 12) & 0x3F));
    p[2] = (char)(0x80 | ((u >> 6) & 0x3F));
    p[3] = (char)(0x80 | (u & 0x3F));
    *n += 4;
  }
}

static int fail(char *why, size_t size, const char *msg) {
  snprintf(why, size, "%s", msg);
  return -1;
}

int sks_lz_decompress_base64(const char *in, size_t len, char **out,
                             size_t *out_len, char *why, size_t why_size) {
  *out = NULL;
  *out_len = 0;
  if (!len)
    return fail(why, why_size, "an empty compressed text");
  lz_bits b = {.in = in, .len = len, .index = 1, .position = 32};
  b.val = symbol(&b, 0);
  SKS_STACK(uint16_t) units = {0};
  SKS_STACK(lz_entry) dict = {0};
  int rc = -1;
  const char *msg = "a compressed text that ends before its end mark";
  /* Entries 0-2 are the codes' own. */
  for (int k = 0; k < 3; k++)
    SKS_PUSH(dict, ((lz_entry){0, 0}));
  int num_bits = 3;
  size_t enlarge_in = 4;
  unsigned first = read_bits(&b, 2);
  if (first == 2) {
    rc = 0; /* the empty text */
    goto done;
  }
  if (first > 2)
    goto done;
  unsigned c = read_bits(&b, first == 0 ? 8 : 16);
  SKS_PUSH(units, (uint16_t)c);
  SKS_PUSH(dict, ((lz_entry){0, 1}));
  lz_entry w = {0, 1};
  for (;;) {
    if (b.bad) {
      msg = "a byte that is no base64 symbol";
      goto done;
    }
    if (b.index > len)
      goto done;
    unsigned code = read_bits(&b, num_bits);
    if (code == 0 || code == 1) {
      unsigned lit = read_bits(&b, code == 0 ? 8 : 16);
      SKS_PUSH(dict, ((lz_entry){units.n, 1}));
      code = (unsigned)dict.n - 1;
      if (--enlarge_in == 0) {
        enlarge_in = (size_t)1 << num_bits;
        num_bits++;
      }
      SKS_PUSH(units, (uint16_t)lit);
      lz_entry e = {units.n - 1, 1};
      SKS_PUSH(dict, ((lz_entry){w.start, w.len + 1}));
      w = e;
    } else if (code == 2) {
      rc = 0;
      goto done;
    } else {
      lz_entry e;
      if (code < dict.n)
        e = dict.a[code];
      else if (code == dict.n)
        e = (lz_entry){w.start, w.len + 1}; /* w and w's first unit */
      else {
        msg = "a compressed text that names an entry not made yet";
        goto done;
      }
      if (units.n + e.len > SKS_LZ_LIMIT) {
        msg = "a compressed text that decodes to more than 16M units";
        goto done;
      }
      size_t at = units.n;
      SKS_STACK_RESERVE(units, units.n + e.len);
      for (size_t k = 0; k < e.len; k++) /* may overlap itself: in order */
        units.a[at + k] = units.a[e.start + k];
      units.n += e.len;
      SKS_PUSH(dict, ((lz_entry){w.start, w.len + 1}));
      w = (lz_entry){at, e.len};
    }
    if (--enlarge_in == 0) {
      enlarge_in = (size_t)1 << num_bits;
      num_bits++;
    }
    if (num_bits > 30) {
      msg = "a compressed text with too many entries";
      goto done;
    }
  }
done:
  if (rc == 0) {
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < units.n; i++) {
      uint32_t u = units.a[i];
      if (u >= 0xD800 && u < 0xDC00 && i + 1 < units.n &&
          units.a[i + 1] >= 0xDC00 && units.a[i + 1] < 0xE000) {
        u = 0x10000 + ((u - 0xD800) << 10) + (units.a[i + 1] - 0xDC00);
        i++;
      } else if (u >= 0xD800 && u < 0xE000)
        u = 0xFFFD;
      put_utf8(&buf, &n, &cap, u);
    }
    put_utf8(&buf, &n, &cap, 0);
    *out = buf;
    *out_len = n - 1;
  } else {
    fail(why, why_size, msg);
  }
  SKS_STACK_FREE(units);
  SKS_STACK_FREE(dict);
  return rc;
}
