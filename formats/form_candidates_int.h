/* Private: the candidates line ("sukaku"), one token of n*n*n symbols
 * where position (r*n + c)*n + d holds digit d's symbol while d is a
 * candidate of cell (r,c), '.' (or '0') once it is not. */
#ifndef SKS_FORM_CANDIDATES_INT_H
#define SKS_FORM_CANDIDATES_INT_H

#include "sks_formats.h"

#include <stdbool.h>
#include <stddef.h>

/* The side n (4 .. 35) token tok[0 .. len) is a candidates line of, by
 * its content (docs/formats.md, "Candidates puzzles"), or 0 when it is none.  A
 * length a little off n*n*n still names n, so that the reader says what
 * is wrong.  want: the side the options ask for, 0 = any; hex: 16x16
 * symbols are 0-F. */
int sks_candidates_detect(const char *tok, size_t len, int want, bool hex);
/* The side a token of len symbols would be a candidates line of, by its
 * length alone (what sks_candidates_detect looks at first), or 0. */
int sks_candidates_side(size_t len, int want);

/* Reads the candidates line tok[0 .. len) of side n into p (side n; its
 * cells and removed candidates are all set, p->removed made when NULL):
 * a cell with one candidate becomes a given.  col: the column of tok[0]
 * in line `line`, for messages.  0, or -1 with err filled. */
int sks_candidates_read(const char *tok, size_t len, int n, bool hex,
                        sks_puzzle *p, long line, long col, sks_error *err);

#endif
