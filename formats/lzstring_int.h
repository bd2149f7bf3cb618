/* Private: lz-string's base64 form decoded (lzstring.c), the compression
 * f-puzzles' ?load= links and SudokuPad's links carry a puzzle in. */
#ifndef SKS_LZSTRING_INT_H
#define SKS_LZSTRING_INT_H

#include <stddef.h>

enum {
  SKS_LZ_LIMIT = 1 << 24 /* the UTF-16 units a text may decode to */
};

/* Decodes len bytes of in, lz-string's compressToBase64 form (its
 * URI-safe alphabet's '-' and '$' are read too, and a blank as the '+'
 * a form-encoded link turned into one), into a new NUL-terminated UTF-8
 * text in *out (its length in *out_len; the caller frees it): 0, or -1
 * with why filled (*out NULL). */
int sks_lz_decompress_base64(const char *in, size_t len, char **out,
                             size_t *out_len, char *why, size_t why_size);

#endif
