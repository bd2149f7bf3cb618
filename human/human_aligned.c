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

static bool bit_of(const uint64_t *set, int c) {
  return set[c / 64] >> (c % 64) & 1;
}

/* The cells changed since a search stamped none found (stamp) into
 * changed, when its memory holds (memo); the memory, for the caller. */
static bool changed_since(const sks_human *h, uint64_t stamp,
                          uint64_t *changed) {
  bool memo = stamp && !h->collect && h->forgot < stamp;
  for (int c = 0; memo && c < h->cells; c++)
    if (h->cstamp[c] > stamp)
      changed[c / 64] |= 1ULL << (c % 64);
  return memo;
}

/* Whether m holds four bits or more. */
static bool three_more(hmask m) {
  m &= m - 1;
  m &= m - 1;
  return human_many(m);
}

/* The cells before cell x in word w of a cell set. */
static uint64_t before(int x, int w) {
  int k = x - w * 64;
  return k >= 64 ? ~0ULL : k <= 0 ? 0 : (1ULL << k) - 1;
}

/* The cells that see two cells of set or more, into twice (once:
 * scratch); pw words each. */
static inline __attribute__((always_inline)) void
seen_twice(const sks_human *h, int pw, const uint64_t *set, uint64_t *once,
           uint64_t *twice) {
  for (int w = 0; w < pw; w++)
    once[w] = twice[w] = 0;
  for (int w = 0; w < pw; w++)
    for (uint64_t x = set[w]; x; x &= x - 1) {
      const uint64_t *px = h->peers + (size_t)(w * 64 + human_first(x)) * pw;
      for (int v = 0; v < pw; v++) {
        twice[v] |= once[v] & px[v];
        once[v] |= px[v];
      }
    }
}

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

/* The search, on cell sets of pw words (as triplet_search below). */
static inline __attribute__((always_inline)) bool pair_search(sks_human *h,
                                                              const int pw) {
  int nb = 0;
  int *base = sks_malloc((size_t)h->cells * sizeof *base);
  int *index = sks_malloc((size_t)h->cells * sizeof *index);
  uint64_t *ex = sks_malloc((size_t)h->cells * pw * sizeof *ex);
  /* scratch: the cells of two candidates, the base cells, the changed
   * cells, a pair's common excluders, the first cells of a second, cells
   * seen once */
  uint64_t *set = sks_calloc((size_t)6 * pw, sizeof *set);
  uint64_t *two = set, *isbase = set + pw, *changed = set + 2 * pw;
  uint64_t *common = set + 3 * pw, *firsts = set + 4 * pw, *once = set + 5 * pw;
  /* the cells changed since the search last found nothing (none after
   * a human_forget: every pair is looked at) */
  bool memo = changed_since(h, h->ape_none, changed);
  /* the cells of two candidates, then each base cell's among its peers */
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0 && human_two(h->cand[c]))
      two[c / 64] |= 1ULL << (c % 64);
  for (int c = 0; c < h->cells; c++) {
    index[c] = -1;
    if (h->val[c] >= 0 || !human_many(h->cand[c]))
      continue;
    uint64_t *m = ex + (size_t)nb * pw, any = 0;
    for (int w = 0; w < pw; w++)
      any |= m[w] = h->peers[(size_t)c * pw + w] & two[w];
    if (!any)
      continue;
    isbase[c / 64] |= 1ULL << (c % 64);
    index[c] = nb;
    base[nb++] = c;
  }
  bool found = false;
  for (int j = 1; j < nb && !found; j++) {
    /* the pair's first cells, in SE's order: base cells before b seeing
     * two of its excluders or more (a step needs two) */
    int b = base[j];
    const uint64_t *pb = h->peers + (size_t)b * pw;
    seen_twice(h, pw, ex + (size_t)j * pw, once, firsts);
    for (int w = 0; w < pw; w++)
      firsts[w] &= isbase[w] & before(b, w);
    for (int w = 0; w < pw && !found; w++)
      for (uint64_t y = firsts[w]; y && !found; y &= y - 1) {
        int a = w * 64 + human_first(y), i = index[a];
        /* a pair's step rests on its cells and the cells of two
         * candidates seeing both: none of them changed since the search
         * last found nothing, it finds nothing now (a cell of more
         * candidates now had more then; one placed since excludes
         * nothing more) */
        if (memo) {
          const uint64_t *pa = h->peers + (size_t)a * pw;
          uint64_t any = bit_of(changed, a) || bit_of(changed, b);
          for (int v = 0; v < pw && !any; v++)
            any = pa[v] & pb[v] & changed[v] & two[v];
          if (!any)
            continue;
        }
        int k = 0;
        for (int v = 0; v < pw; v++) {
          common[v] = ex[(size_t)i * pw + v] & ex[(size_t)j * pw + v];
          k += human_popcount(common[v]);
        }
        /* a digit of one base cell goes when each of the other's digits
         * (but one, where they see each other) is blocked with it: by an
         * excluder each */
        int ka = human_popcount(h->cand[a]);
        int kb = human_popcount(h->cand[b]);
        if (k >= 2 && k >= (ka < kb ? ka : kb) - 1)
          found = pair_step(h, a, b, common);
      }
  }
  if (!found)
    h->ape_none = h->tick;
  free(base);
  free(index);
  free(ex);
  free(set);
  return found;
}

bool human_aligned_pair(sks_human *h, int arg) {
  (void)arg;
  return h->pw == 2 ? pair_search(h, 2) : pair_search(h, h->pw);
}

/* ---- aligned triplet exclusion ----
 *
 * SE's AlignedExclusion.java with three cells (7.5): the same on three
 * open cells (the base) and the cells of two or three candidates that
 * see all three (the excluders, two or more).  SE tries it after the
 * static forcing chains and before Nishio's (the row's place in
 * SKS_TECHNIQUES).  Its base cells are the open cells with a peer of two
 * or three candidates (row-major); for each pair of them, in the order
 * above, the third cell is one of those peers of the pair's first cell,
 * then of its second (SE's house order: box, row, column), itself a base
 * cell; the first triplet with a removal is the step.
 *
 * (SE also passes over a base cell with a peer of one candidate; none is
 * left when this runs, naked singles come first.)
 *
 * SE builds every combination of the three cells' digits and tests each
 * against every excluder, for every pair and third.  Here the same answer
 * is reached with far less: a pair of base cells with fewer than two
 * excluders in common has no triplet (each triplet's excluders are among
 * them); a triplet is tested once, however many of its pairs lead to it,
 * and not at all when nothing it rests on changed since the search last
 * found nothing; one is dropped before any combination when the digits
 * outside its excluders' leave each cell a free combination (pair_free);
 * and the combinations are walked a pair of digits at a time, the third
 * cell's digits that go with them a bit set.  tests/unit/
 * test_human_unique.c holds it to SE's search written out plainly. */

/* The candidates of x and y outside u leave, whatever the third cell's
 * digit p, a combination of x and y no excluder and no shared house
 * refuses: each keeps a digit other than p outside u, and those two are
 * not the one digit of two cells that see each other. */
static bool pair_free(const sks_human *h, int x, int y, hmask u) {
  hmask xo = h->cand[x] & ~u, yo = h->cand[y] & ~u;
  if (!human_many(xo) || !human_many(yo))
    return false;
  return !(xo == yo && human_two(xo) && human_sees(h, x, y));
}

/* The digits of each base cell (ok[3]) in a combination no excluder (ex:
 * their cells, pw words) refuses; false when none of the three loses a
 * digit. */
static inline __attribute__((always_inline)) bool
triplet_allowed(const sks_human *h, int pw, const int *cell, const uint64_t *ex,
                hmask *ok) {
  hmask a = h->cand[cell[0]], b = h->cand[cell[1]], c = h->cand[cell[2]];
  hmask all = a | b | c;
  /* Only an excluder whose candidates are all the three cells' can
   * refuse a combination.  u[i]: the digits of those that can refuse one
   * with a digit of cell i (all their candidates but one among the other
   * two cells'); pair[d]: the digits e with {d, e} an excluder's
   * candidates; tri[]: the excluders of three candidates. */
  hmask u[3] = {0, 0, 0}, pair[64], tri[64];
  for (int w = 0; w < pw; w++)
    for (uint64_t x = ex[w]; x; x &= x - 1) {
      hmask m = h->cand[w * 64 + human_first(x)];
      if (!(m & ~all)) {
        u[0] |= human_many(m & ~(b | c)) ? 0 : m;
        u[1] |= human_many(m & ~(a | c)) ? 0 : m;
        u[2] |= human_many(m & ~(a | b)) ? 0 : m;
      }
    }
  if (pair_free(h, cell[1], cell[2], u[0]) &&
      pair_free(h, cell[0], cell[2], u[1]) &&
      pair_free(h, cell[0], cell[1], u[2]))
    return false;
  int ntri = 0;
  for (hmask d = all; d; d &= d - 1)
    pair[human_first(d)] = 0;
  for (int w = 0; w < pw; w++)
    for (uint64_t x = ex[w]; x; x &= x - 1) {
      hmask m = h->cand[w * 64 + human_first(x)];
      if (m & ~all)
        continue;
      if (human_two(m)) {
        pair[human_first(m)] |= m & (m - 1);
        pair[human_first(m & (m - 1))] |= m & -m;
      } else if (ntri < 64) {
        tri[ntri++] = m;
      }
    }
  bool see01 = human_sees(h, cell[0], cell[1]);
  bool see02 = human_sees(h, cell[0], cell[2]);
  bool see12 = human_sees(h, cell[1], cell[2]);
  ok[0] = ok[1] = ok[2] = 0;
  for (hmask x = a; x; x &= x - 1) {
    hmask p = x & -x, pp = pair[human_first(p)];
    for (hmask y = b & ~pp; y; y &= y - 1) {
      hmask q = y & -y;
      if (p == q && see01)
        continue;
      hmask r = c & ~pp & ~pair[human_first(q)];
      if (see02)
        r &= ~p;
      if (see12)
        r &= ~q;
      for (int i = 0; i < ntri && r && p != q; i++)
        if ((tri[i] & (p | q)) == (p | q))
          r &= ~(tri[i] & ~(p | q));
      if (r) {
        ok[0] |= p;
        ok[1] |= q;
        ok[2] |= r;
        if (ok[1] == b && ok[2] == c)
          break; /* p has its combination, the others all theirs */
      }
    }
    if (ok[0] == a && ok[1] == b && ok[2] == c)
      return false; /* every digit in a combination: nothing goes */
  }
  return true;
}

static bool triplet_step(sks_human *h, const int *cell, const uint64_t *ex) {
  hmask ok[3];
  if (!triplet_allowed(h, h->pw, cell, ex, ok))
    return false;
  human_begin(h);
  for (int i = 0; i < 3; i++)
    for (hmask x = h->cand[cell[i]] & ~ok[i]; x; x &= x - 1)
      human_elim(h, cell[i], human_first(x));
  if (!h->nelim)
    return false;
  if (h->opt.text) {
    int nx = 0, excl[64];
    for (int w = 0; w < h->pw; w++)
      for (uint64_t x = ex[w]; x; x &= x - 1)
        if (nx < 64)
          excl[nx++] = w * 64 + human_first(x);
    char buf[HUMAN_TEXT];
    snprintf(buf, sizeof buf, "aligned triplet exclusion: ");
    human_cells_text(h, cell, 3, buf, sizeof buf);
    size_t len = strlen(buf);
    snprintf(buf + len, sizeof buf - len,
             " cannot take every triplet of their digits, for the cells of "
             "two or three candidates seeing all three (");
    human_cells_text(h, excl, nx, buf, sizeof buf);
    len = strlen(buf);
    snprintf(buf + len, sizeof buf - len, ")");
    human_text(h, "%s", buf);
  }
  return human_emit(h, SKS_TECH_ALIGNED_TRIPLET, 7.5, 0);
}

/* The first cell of q in SE's order over the houses of cell a, then of
 * cell b (each box, row, column, then the variants' regions), or -1. */
static int house_first(const sks_human *h, int a, int b, const uint64_t *q) {
  static const int kinds[4] = {2, 0, 1, 3};
  for (int s = 0; s < 2; s++) {
    int c = s ? b : a;
    for (int t = 0; t < 4; t++)
      for (int i = 0; i < h->ncreg[c]; i++) {
        int reg = h->creg[c * HUMAN_MAX_REG + i];
        if (human_kind(h, reg) != kinds[t])
          continue;
        for (int j = 0; j < h->n; j++)
          if (bit_of(q, h->region[reg * h->n + j]))
            return h->region[reg * h->n + j];
      }
  }
  return -1;
}

/* The search, on cell sets of pw words (h->pw; for the 9x9 a constant,
 * whose loops over words the compiler unrolls). */
static inline __attribute__((always_inline)) bool triplet_search(sks_human *h,
                                                                 const int pw) {
  int nb = 0;
  int *base = sks_malloc((size_t)h->cells * sizeof *base);
  int *index = sks_malloc((size_t)h->cells * sizeof *index);
  uint64_t *ex = sks_malloc((size_t)h->cells * pw * sizeof *ex);
  /* scratch: the excluders, the base cells, the changed cells, a pair's
   * common excluders, its third cells, those with a step, a triplet's
   * common excluders, the first cells of a second, cells seen once */
  uint64_t *set = sks_calloc((size_t)9 * pw, sizeof *set);
  uint64_t *small = set, *isbase = set + pw, *changed = set + 2 * pw;
  uint64_t *common = set + 3 * pw, *third = set + 4 * pw, *hits = set + 5 * pw;
  uint64_t *ex3 = set + 6 * pw, *firsts = set + 7 * pw, *once = set + 8 * pw;
  /* the cells changed since the search last found nothing: a triplet's
   * step rests on its cells and the cells seeing all three */
  bool memo = changed_since(h, h->ate_none, changed);
  /* the excluders: open cells of two or three candidates */
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0 && human_many(h->cand[c]) && !three_more(h->cand[c]))
      small[c / 64] |= 1ULL << (c % 64);
  for (int c = 0; c < h->cells; c++) {
    index[c] = -1;
    if (h->val[c] >= 0 || !human_many(h->cand[c]))
      continue;
    uint64_t *m = ex + (size_t)nb * pw, any = 0;
    for (int w = 0; w < pw; w++)
      any |= m[w] = h->peers[(size_t)c * pw + w] & small[w];
    if (any) {
      isbase[c / 64] |= 1ULL << (c % 64);
      index[c] = nb;
      base[nb++] = c;
    }
  }
  bool found = false;
  for (int j = 1; j < nb && !found; j++) {
    /* the pair's first cells: base cells before b seeing two of b's
     * excluders or more (a pair with fewer in common has no triplet:
     * each triplet's excluders are among them), in SE's order */
    int b = base[j];
    const uint64_t *eb = ex + (size_t)j * pw;
    const uint64_t *pb = h->peers + (size_t)b * pw;
    seen_twice(h, pw, eb, once, firsts);
    for (int w = 0; w < pw; w++)
      firsts[w] &= isbase[w] & before(b, w);
    for (int w = 0; w < pw && !found; w++)
      for (uint64_t y = firsts[w]; y && !found; y &= y - 1) {
        int a = w * 64 + human_first(y), i = index[a];
        const uint64_t *ea = ex + (size_t)i * pw;
        const uint64_t *pa = h->peers + (size_t)a * pw;
        for (int v = 0; v < pw; v++)
          common[v] = ea[v] & eb[v];
        /* nothing of the pair, the excluders seeing both or its third
         * cells (excluders seeing one) changed: nothing (a cell of four
         * candidates or more now had as many then; one placed since
         * excludes nothing more) */
        bool pairmemo = memo && !bit_of(changed, a) && !bit_of(changed, b);
        if (pairmemo) {
          uint64_t any = 0;
          for (int v = 0; v < pw && !any; v++)
            any = changed[v] & small[v] & ((pa[v] & pb[v]) | ea[v] | eb[v]);
          if (!any)
            continue;
        }
        /* the third cells: base cells among the excluders of either
         * seeing two of the pair's common excluders or more */
        seen_twice(h, pw, common, once, third);
        third[a / 64] &= ~(1ULL << (a % 64));
        third[b / 64] &= ~(1ULL << (b % 64));
        /* each triplet once: SE meets (a, b, t) first from another pair
         * when t comes before b and b is the third of (a, t) or (t, a),
         * or t comes before a and a the third of (t, b); that search
         * found nothing */
        bool sa = bit_of(small, a), sb = bit_of(small, b);
        bool ab = human_sees(h, a, b);
        for (int v = 0; v < pw; v++) {
          uint64_t seen = (sb ? (ab ? ~0ULL : pb[v]) : 0) |
                          (sa ? (ab ? ~0ULL : pa[v]) & before(a, v) : 0);
          third[v] &= (ea[v] | eb[v]) & isbase[v] & ~(seen & before(b, v));
          hits[v] = 0;
        }
        /* pair unchanged: only the thirds that changed or see a changed
         * excluder seeing both */
        if (pairmemo) {
          for (int v = 0; v < pw; v++)
            once[v] = changed[v];
          for (int v = 0; v < pw; v++)
            for (uint64_t x = pa[v] & pb[v] & changed[v] & small[v]; x;
                 x &= x - 1) {
              const uint64_t *py =
                  h->peers + (size_t)(v * 64 + human_first(x)) * pw;
              for (int u = 0; u < pw; u++)
                once[u] |= py[u];
            }
          for (int v = 0; v < pw; v++)
            third[v] &= once[v];
        }
        /* those with a step into hits, the first in SE's order taken */
        uint64_t anyhit = 0;
        for (int v = 0; v < pw; v++)
          for (uint64_t x = third[v]; x; x &= x - 1) {
            int t = v * 64 + human_first(x);
            const uint64_t *pt = h->peers + (size_t)t * pw;
            for (int u = 0; u < pw; u++)
              ex3[u] = common[u] & pt[u];
            int cells[3] = {a, b, t};
            hmask ok[3];
            if (triplet_allowed(h, pw, cells, ex3, ok)) {
              hits[v] |= 1ULL << (t % 64);
              anyhit = 1;
            }
          }
        /* collecting, every one; else SE's first */
        while (anyhit && !found) {
          int cells[3] = {a, b, house_first(h, a, b, hits)};
          const uint64_t *pt = h->peers + (size_t)cells[2] * pw;
          for (int v = 0; v < pw; v++)
            ex3[v] = common[v] & pt[v];
          found = triplet_step(h, cells, ex3);
          hits[cells[2] / 64] &= ~(1ULL << (cells[2] % 64));
          anyhit = 0;
          for (int v = 0; v < pw; v++)
            anyhit |= hits[v];
        }
      }
  }
  if (!found)
    h->ate_none = h->tick;
  free(base);
  free(index);
  free(ex);
  free(set);
  return found;
}

bool human_aligned_triplet(sks_human *h, int arg) {
  (void)arg;
  return h->pw == 2 ? triplet_search(h, 2) : triplet_search(h, h->pw);
}
