/* Alphabets: the symbols a puzzle's digits are written in, in digit order
 * (docs/formats.md, "Alphabets").  A spec is a run of symbols and
 * ranges over the order 0-9 A-Z: "1-9A-G", "0-F" (hex), "A-P". */
#include "sks_formats.h"
#include "text_int.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char ORDER[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* The place of ch in ORDER (lowercase as uppercase), or -1. */
static int order_of(int ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if (ch >= 'a' && ch <= 'z')
    ch -= 'a' - 'A';
  if (ch >= 'A' && ch <= 'Z')
    return 10 + ch - 'A';
  return -1;
}

int sks_symbols_parse(const char *spec, char *out, sks_error *err) {
  bool used[sizeof ORDER] = {false};
  int n = 0;
  out[0] = 0;
  for (size_t i = 0; spec[i];) {
    char what[16];
    int a = order_of((unsigned char)spec[i]), b = a;
    if (a < 0) {
      sks_describe_byte(what, sizeof what, spec[i]);
      return sks_error_set(err, -1, 0, (long)i + 1,
                           "%s is not a symbol (symbols are 0-9 and A-Z, "
                           "ranges such as A-P)",
                           what);
    }
    size_t next = i + 1;
    if (spec[i + 1] == '-') {
      b = spec[i + 2] ? order_of((unsigned char)spec[i + 2]) : -1;
      if (b < 0)
        return sks_error_set(err, -1, 0, (long)i + 2,
                             "the range '%c-' has no last symbol", spec[i]);
      if (b < a)
        return sks_error_set(err, -1, 0, (long)i + 1,
                             "the range %c-%c runs backwards (the order is "
                             "0-9 then A-Z)",
                             ORDER[a], ORDER[b]);
      next = i + 3;
    }
    for (int k = a; k <= b; k++) {
      if (used[k])
        return sks_error_set(err, -1, 0, (long)i + 1, "'%c' occurs twice",
                             ORDER[k]);
      if (n == SKS_MAX_SYMBOL_N)
        return sks_error_set(err, -1, 0, (long)i + 1,
                             "more than %d symbols (puzzles written in "
                             "symbols go up to %dx%d)",
                             SKS_MAX_SYMBOL_N, SKS_MAX_SYMBOL_N,
                             SKS_MAX_SYMBOL_N);
      used[k] = true;
      out[n++] = ORDER[k];
    }
    i = next;
  }
  out[n] = 0;
  if (!n)
    return sks_error_set(err, -1, 0, 1, "no symbols");
  return n;
}

void sks_symbols_format(const char *alphabet, const char *sep, char *buf,
                        size_t size) {
  size_t len = 0;
  if (size)
    buf[0] = 0;
  for (size_t i = 0; alphabet[i];) {
    size_t j = i;
    int o = order_of((unsigned char)alphabet[i]);
    /* A run goes on in ORDER, but not from 9 to A. */
    while (alphabet[j + 1] &&
           order_of((unsigned char)alphabet[j + 1]) == o + (int)(j - i) + 1 &&
           o + (int)(j - i) + 1 != 10)
      j++;
    int w = j > i ? snprintf(buf + len, size - len, "%s%c-%c", i ? sep : "",
                             alphabet[i], alphabet[j])
                  : snprintf(buf + len, size - len, "%s%c", i ? sep : "",
                             alphabet[i]);
    if (w < 0 || (size_t)w >= size - len) {
      buf[len] = 0; /* cut short: the whole runs that fitted */
      return;
    }
    len += (size_t)w;
    i = j + 1;
  }
}

bool sks_symbols_valid(const char *alphabet) {
  bool used[sizeof ORDER] = {false};
  size_t n = 0;
  for (; alphabet[n]; n++) {
    int o = order_of((unsigned char)alphabet[n]);
    if (o < 0 || used[o] || (alphabet[n] >= 'a' && alphabet[n] <= 'z'))
      return false;
    used[o] = true;
  }
  return n <= SKS_MAX_SYMBOL_N;
}
