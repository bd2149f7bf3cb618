/* Private: base64url (RFC 4648, section 5: A-Z a-z 0-9 '-' '_'), as the
 * Interactive Sudoku Solver writes its keys, patterns and machines.
 * Users: encoder/rules_automaton.c (an encoded NFA), formats/form_iss.c
 * (pair keys, regex patterns), formats/lzstring.c (its letters and
 * digits, which lz-string's alphabets share). */
#ifndef SKS_BASE64_INT_H
#define SKS_BASE64_INT_H

#include <stddef.h>

/* The 6-bit value of character c, or -1. */
static inline int sks_base64url_value(int c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  return c == '-' ? 62 : c == '_' ? 63 : -1;
}

/* The bytes of s[0, len) (no padding) into out, room for len * 3 / 4 of
 * them, the bits after the last whole byte dropped: their count, or
 * -1 - i when character i is not base64url. */
static inline long sks_base64url_decode(const char *s, size_t len,
                                        unsigned char *out) {
  unsigned acc = 0;
  int have = 0;
  long n = 0;
  for (size_t i = 0; i < len; i++) {
    int v = sks_base64url_value((unsigned char)s[i]);
    if (v < 0)
      return -1 - (long)i;
    acc = acc << 6 | (unsigned)v;
    have += 6;
    if (have >= 8) {
      have -= 8;
      out[n++] = (unsigned char)(acc >> have);
      acc &= (1u << have) - 1;
    }
  }
  return n;
}

#endif
