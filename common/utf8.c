/* UTF-8 as the output forms that require it (JSON, SVG) take it: each
 * well-formed sequence as it is, each ill-formed one as U+FFFD. */
#include "sks_common.h"

/* Unicode's "substitution of maximal subparts" (Unicode 15, section 3.9,
 * U+FFFD substitution): a sequence is cut where its next byte could not
 * continue a well-formed one, and what it held so far (at least its first
 * byte) is one U+FFFD.  The second byte's range depends on the first
 * (RFC 3629's table: no overlong forms, no surrogates, nothing past
 * U+10FFFF); the others are 80..BF. */
int sks_utf8_length(const char *text) {
  const unsigned char *s = (const unsigned char *)text;
  unsigned char b = s[0];
  if (b < 0x80)
    return 1;
  int need;
  unsigned char lo = 0x80, hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf)
    need = 1;
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2;
    if (b == 0xe0)
      lo = 0xa0;
    else if (b == 0xed)
      hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3;
    if (b == 0xf0)
      lo = 0x90;
    else if (b == 0xf4)
      hi = 0x8f;
  } else
    return -1; /* 80..C1, F5..FF: never a first byte */
  for (int k = 1; k <= need; k++) {
    if (s[k] < lo || s[k] > hi) /* the NUL at the end included */
      return -k;
    lo = 0x80, hi = 0xbf;
  }
  return need + 1;
}
