/* The human solver's aligned pair exclusion, as Sudoku Explainer finds
 * and rates it (AlignedPairExclusion.java, 6.2).
 *
 * Two open cells (the base; they need not see each other) with two cells
 * or more of two candidates that see both (the excluders): a pair of
 * digits for the base is impossible when the two cells see each other
 * and the digits are the same, or when it holds every candidate of an
 * excluder (which it would leave empty).  A digit of a base cell that is
 * in no possible pair goes.  SE takes as base cells the open cells with a
 * peer of two candidates, in row-major order, and tries their pairs in
 * the order (0,1), (0,2), (1,2), (0,3), ...; the first with a removal is
 * the step. */
#include "human_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool pair_step(sks_human *h, int a, int b, const uint64_t *ex) {
  int nx = 0;
  int excl[64];
  for (int w = 0; w < h->pw; w++)
    for (uint64_t x = ex[w]; x; x &= x - 1)
      if (nx < 64)
        excl[nx++] = w * 64 + human_first(x);
  /* a digit of a goes only when each digit of b (but a's, where they see
   * each other) is an excluder's other digit with it; so of b's digits
   * at most one lies outside the excluders' (and the same for a) */
  hmask u = 0;
  for (int i = 0; i < nx; i++)
    u |= h->cand[excl[i]];
  if (human_many(h->cand[a] & ~u) && human_many(h->cand[b] & ~u))
    return false;
  bool see = human_sees(h, a, b);
  hmask okA = 0, okB = 0; /* the digits in a possible pair */
  for (hmask x = h->cand[a]; x; x &= x - 1) {
    int p = human_first(x);
    for (hmask y = h->cand[b]; y; y &= y - 1) {
      int q = human_first(y);
      if (p == q && see)
        continue;
      hmask pq = 1ULL << p | 1ULL << q;
      bool ok = true;
      for (int i = 0; i < nx && ok; i++)
        ok = (h->cand[excl[i]] & ~pq) != 0;
      if (ok) {
        okA |= 1ULL << p;
        okB |= 1ULL << q;
      }
    }
  }
  if (!(h->cand[a] & ~okA) && !(h->cand[b] & ~okB))
    return false;
  human_begin(h);
  for (hmask x = h->cand[a] & ~okA; x; x &= x - 1)
    human_elim(h, a, human_first(x));
  for (hmask x = h->cand[b] & ~okB; x; x &= x - 1)
    human_elim(h, b, human_first(x));
  if (h->opt.text) {
    char buf[HUMAN_TEXT];
    int base[2] = {a, b};
    snprintf(buf, sizeof buf, "aligned pair exclusion: ");
    human_cells_text(h, base, 2, buf, sizeof buf);
    size_t len = strlen(buf);
    snprintf(buf + len, sizeof buf - len,
             " cannot take every pair of their digits, for the cells of two "
             "candidates seeing both (");
    human_cells_text(h, excl, nx, buf, sizeof buf);
    len = strlen(buf);
    snprintf(buf + len, sizeof buf - len, ")");
    human_text(h, "%s", buf);
  }
  return human_emit(h, SKS_TECH_ALIGNED_PAIR, 6.2, 0);
}

bool human_aligned_pair(sks_human *h, int arg) {
  (void)arg;
  int pw = h->pw, nb = 0;
  int *base = sks_malloc((size_t)h->cells * sizeof *base);
  uint64_t *ex = sks_malloc((size_t)h->cells * pw * sizeof *ex);
  uint64_t *common = sks_malloc((size_t)pw * sizeof *common);
  /* the cells changed since the search last found nothing (none after
   * a human_forget: every pair is looked at) */
  bool memo = h->ape_none && !h->collect && h->forgot < h->ape_none;
  uint64_t *changed = sks_calloc((size_t)pw, sizeof *changed);
  for (int c = 0; memo && c < h->cells; c++)
    if (h->cstamp[c] > h->ape_none)
      changed[c / 64] |= 1ULL << (c % 64);
  /* the cells of two candidates, then each base cell's among its peers */
  for (int w = 0; w < pw; w++)
    common[w] = 0;
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0 && human_two(h->cand[c]))
      common[c / 64] |= 1ULL << (c % 64);
  for (int c = 0; c < h->cells; c++) {
    if (h->val[c] >= 0 || !human_many(h->cand[c]))
      continue;
    uint64_t *m = ex + (size_t)nb * pw, any = 0;
    for (int w = 0; w < pw; w++)
      any |= m[w] = h->peers[(size_t)c * pw + w] & common[w];
    if (!any)
      continue;
    base[nb++] = c;
  }
  bool found = false;
  for (int j = 1; j < nb && !found; j++)
    for (int i = 0; i < j && !found; i++) {
      /* a pair's step rests on its cells and the cells seeing both:
       * none of them changed since the search last found nothing, it
       * finds nothing now */
      if (memo) {
        const uint64_t *pa = h->peers + (size_t)base[i] * pw;
        const uint64_t *pb = h->peers + (size_t)base[j] * pw;
        uint64_t any = (changed[base[i] / 64] >> (base[i] % 64) & 1) |
                       (changed[base[j] / 64] >> (base[j] % 64) & 1);
        for (int w = 0; w < pw && !any; w++)
          any = pa[w] & pb[w] & changed[w];
        if (!any)
          continue;
      }
      int k = 0;
      for (int w = 0; w < pw; w++) {
        common[w] = ex[(size_t)i * pw + w] & ex[(size_t)j * pw + w];
        k += human_popcount(common[w]);
      }
      /* a digit of one base cell goes when each of the other's digits
       * (but one, where they see each other) is blocked with it: by an
       * excluder each */
      int ka = human_popcount(h->cand[base[i]]);
      int kb = human_popcount(h->cand[base[j]]);
      if (k >= 2 && k >= (ka < kb ? ka : kb) - 1)
        found = pair_step(h, base[i], base[j], common);
    }
  if (!found)
    h->ape_none = h->tick;
  free(base);
  free(ex);
  free(common);
  free(changed);
  return found;
}
