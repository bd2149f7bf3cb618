/* Private: the skeleton of the minlex searches, written once for the row
 * search (canon/canon.c), the 9x9 search (canon9.c) and the depth-first
 * search (canon_group.c).  What they share is here: the lines of the
 * group that may come next -- a band (stack) at a time, the bands in any
 * order, the lines of a band in any order, tried bands first to last and
 * lines first to last (that order decides which of the maps that tie is
 * found first, the map the tool shows) -- and the row searches' loop
 * over levels: each canonical row in turn, every candidate of the level
 * given each row it may take, the best row so far cutting the others.
 * A change of that meaning is made here, once; the searches differ in
 * how a candidate stands for its maps and how a row is read in it.
 *
 * No include guard: a template, included by a search once for each way
 * it places lines, after defining:
 *   MINLEX_LINES           the name of the function made (static, always
 *                          inlined): the lines that may take position k
 *                          (and MINLEX_LINES_at, the same told whether k
 *                          is inside a band);
 *   MINLEX_STATE           the search's state;
 *   MINLEX_CAND            how a candidate (a partial map) is named: a
 *                          pointer, an index, or the depth-first search's
 *                          own flag;
 * and these operations, as inline functions or macros:
 *   MINLEX_USED(z, c, x)      input line x is placed in c;
 *   MINLEX_GROUP_OF(z, c, k)  the band of the line at position k of c (k
 *                             the first position of a band);
 *   MINLEX_SKIP_BAND(z, c, b) band b, unused, is left out (an equal band
 *                             is tried instead);
 *   MINLEX_SKIP(z, c, k, x, in_band)  line x is left out at position k
 *                             (in_band: k is not a band's first);
 *   MINLEX_TRY(z, c, k, x)    places line x at position k of c;
 *   MINLEX_STOP(z)            no more lines are tried (the depth-first
 *                             search's budget or deadline; a row search
 *                             stops between candidates, MINLEX_OVER).
 * A row search defines MINLEX_LEVELS too, the name of its level loop,
 * with:
 *   MINLEX_LEVEL(z)           starts a level (the candidates made at the
 *                             last are its own, the best row forgotten):
 *                             their number;
 *   MINLEX_AT(z, i)           its candidate i (a MINLEX_CAND);
 *   MINLEX_OVER(z)            the search has stopped (its budget);
 *   MINLEX_LATE(z, i)         the level stops before candidate i;
 *   MINLEX_END(z, level)      ends the level: false stops the search. */

#ifndef MINLEX_NAME
#define MINLEX_NAME2(a, b) a##_##b
#define MINLEX_NAME(a, b) MINLEX_NAME2(a, b)
#endif
#define MINLEX_LINES_AT MINLEX_NAME(MINLEX_LINES, at)

/* The lines that may take position k (of n, in bands of G lines) in c,
 * each given to MINLEX_TRY; in_band: k % G != 0. */
__attribute__((always_inline)) static inline void
MINLEX_LINES_AT(MINLEX_STATE *z, MINLEX_CAND c, int k, int n, int G,
                bool in_band) {
  if (in_band) { /* the band of position k - k % G, its lines left */
    int b = MINLEX_GROUP_OF(z, c, k - k % G);
    for (int x = b * G; x < b * G + G && !MINLEX_STOP(z); x++)
      if (!MINLEX_USED(z, c, x) && !MINLEX_SKIP(z, c, k, x, true))
        MINLEX_TRY(z, c, k, x);
    return;
  }
  /* a band's first line: any line of a band not yet placed (bands are
   * placed whole, so one placed has its first line placed) */
  for (int b = 0; b < n / G && !MINLEX_STOP(z); b++) {
    if (MINLEX_USED(z, c, b * G) || MINLEX_SKIP_BAND(z, c, b))
      continue;
    for (int x = b * G; x < b * G + G && !MINLEX_STOP(z); x++)
      if (!MINLEX_SKIP(z, c, k, x, false))
        MINLEX_TRY(z, c, k, x);
  }
}

__attribute__((always_inline)) static inline void
MINLEX_LINES(MINLEX_STATE *z, MINLEX_CAND c, int k, int n, int G) {
  MINLEX_LINES_AT(z, c, k, n, G, k % G != 0);
}

#ifdef MINLEX_LEVELS
/* The row search from canonical row `from` to n (rows in bands of R),
 * the candidates of row `from` made: false when MINLEX_END stopped it. */
__attribute__((always_inline)) static inline bool
MINLEX_LEVELS(MINLEX_STATE *z, int from, int n, int R) {
  for (int level = from; level < n && !MINLEX_OVER(z); level++) {
    long count = MINLEX_LEVEL(z);
    for (long i = 0; i < count && !MINLEX_OVER(z) && !MINLEX_LATE(z, i); i++) {
      /* each kind of level with its constants, the first row's too */
      MINLEX_CAND c = MINLEX_AT(z, i);
      if (!level)
        MINLEX_LINES_AT(z, c, 0, n, R, false);
      else if (level % R)
        MINLEX_LINES_AT(z, c, level, n, R, true);
      else
        MINLEX_LINES_AT(z, c, level, n, R, false);
    }
    if (!MINLEX_END(z, level))
      return false;
  }
  return true;
}
#endif

#undef MINLEX_LINES
#undef MINLEX_LINES_AT
#undef MINLEX_STATE
#undef MINLEX_CAND
#undef MINLEX_USED
#undef MINLEX_GROUP_OF
#undef MINLEX_SKIP_BAND
#undef MINLEX_SKIP
#undef MINLEX_TRY
#undef MINLEX_STOP
#undef MINLEX_OVER
#undef MINLEX_LEVELS
#undef MINLEX_LEVEL
#undef MINLEX_AT
#undef MINLEX_LATE
#undef MINLEX_END
