/* Sudoku Explainer's dynamic forcing chains on the plain 9x9, node for
 * node.  SE rates a dynamic forcing step 8.5 plus a length that counts
 * the candidates its conclusion rests on, and which candidates those are
 * follows from the order its propagation meets them: the first way a
 * candidate is reached gives its parents, a clash ends the run where it
 * is first met.  So the length is reproduced only by running the
 * propagation in SE's order (Chaining.doChaining, getOnToOff,
 * getOffToOn):
 *
 *  - two queues, placements before eliminations: an elimination is taken
 *    only when no placement waits;
 *  - a placement takes out the cell's other candidates (by digit), then
 *    its digit from the box, the row and the column, in that order, each
 *    region's cells in order (a box's row by row);
 *  - an elimination, with the mark still there, gives the cell's other
 *    candidate when the cell has two, then in the box, row and column
 *    where the digit has two places the other place; such a placement's
 *    parents are the elimination and every mark of its cell (or of its
 *    digit in the region) that the run took out before; then the mark
 *    goes;
 *  - a clash is a candidate derived both on and off, met as the second
 *    of the two is derived.
 *
 * The level's deductions are SE's (getMultipleChainsHintList), cell by
 * cell in row order, digit by digit: the clash of the candidate's on and
 * off runs; for cells of three candidates or more what both runs give
 * (placements first); for each region whose first place of the digit is
 * the cell, what every place's on run gives; then what every candidate's
 * on run gives.  A deduction's complexity is the number of candidates
 * each chain's conclusion rests on (the two sides of a clash, each
 * branch of a set, counted on their own and added); SE takes the lowest
 * rated, then the least complex, then by kind (both ways 1, cell 5,
 * region 6, clash 7), then the first found. */
#include "human_int.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

enum { SE_LITS = 81 * 9 * 2, SE_W = (SE_LITS + 63) / 64 };

/* Regions in SE's numbering: 0-8 boxes, 9-17 rows, 18-26 columns. */
static int se_region_cell(int k, int i) {
  if (k < 9)
    return (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3;
  if (k < 18)
    return (k - 9) * 9 + i;
  return i * 9 + (k - 18);
}

/* The cell's regions in SE's order: box, row, column. */
static void se_regions(int c, int k[3]) {
  k[0] = c / 27 * 3 + c % 9 / 3;
  k[1] = 9 + c / 9;
  k[2] = 18 + c % 9;
}

/* The solver's number of SE's region k (rows, columns, boxes). */
static int se_to_h(int k) {
  return k < 9 ? 18 + k : k < 18 ? k - 9 : 9 + (k - 18);
}

typedef struct se_run {
  int first, end; /* its nodes */
  int clash[2];   /* the two sides' nodes, or -1 */
} se_run;

struct human_se9 {
  /* the nodes of every run of a step: literal and parents */
  int *lit, *pstart, *pcount, nn;
  size_t ncap;
  int *par;
  size_t npar, parcap;
  int *mark, stamp, *stack; /* ancestor counts */
  /* runs by slot: the node of each literal (-1 none), and the literals
   * derived as a bit set */
  int *node_of;
  uint64_t *bits;
  se_run *run;
  int nslot;
  int *slot_of; /* by var: its on run's slot */
  int qon[SE_LITS], qoff[SE_LITS];
  /* the state assumed from and a run's working state: marks by cell,
   * places by region and digit (SE's regions) */
  hmask src[81], cur[81];
  uint16_t swh[27 * 9], wh[27 * 9];
  /* each region's cells, each cell's regions and its place in them */
  int rc[27][9], cr[81][3], pos[81][3];
};

struct human_se9 *human_se9_new(void) {
  struct human_se9 *s = sks_calloc(1, sizeof *s);
  s->ncap = 4096;
  s->lit = sks_malloc(s->ncap * sizeof *s->lit);
  s->pstart = sks_malloc(s->ncap * sizeof *s->pstart);
  s->pcount = sks_malloc(s->ncap * sizeof *s->pcount);
  s->mark = sks_calloc(s->ncap, sizeof *s->mark);
  s->stack = sks_malloc(s->ncap * sizeof *s->stack);
  s->parcap = 8192;
  s->par = sks_malloc(s->parcap * sizeof *s->par);
  s->nslot = 729 + 1;
  s->node_of = sks_malloc((size_t)s->nslot * SE_LITS * sizeof *s->node_of);
  s->bits = sks_malloc((size_t)s->nslot * SE_W * sizeof *s->bits);
  s->run = sks_malloc((size_t)s->nslot * sizeof *s->run);
  s->slot_of = sks_malloc(729 * sizeof *s->slot_of);
  for (int k = 0; k < 27; k++)
    for (int i = 0; i < 9; i++)
      s->rc[k][i] = se_region_cell(k, i);
  for (int c = 0; c < 81; c++) {
    se_regions(c, s->cr[c]);
    for (int t = 0; t < 3; t++)
      for (int i = 0; i < 9; i++)
        if (s->rc[s->cr[c][t]][i] == c)
          s->pos[c][t] = i;
  }
  return s;
}

void human_se9_free(struct human_se9 *s) {
  if (!s)
    return;
  free(s->lit);
  free(s->pstart);
  free(s->pcount);
  free(s->mark);
  free(s->stack);
  free(s->par);
  free(s->node_of);
  free(s->bits);
  free(s->run);
  free(s->slot_of);
  free(s);
}

/* A node for literal l; its parents are added after it (add_par). */
static int new_node(struct human_se9 *s, int l) {
  if ((size_t)s->nn == s->ncap) {
    size_t old = s->ncap;
    s->ncap *= 2;
    s->lit = sks_realloc(s->lit, s->ncap * sizeof *s->lit);
    s->pstart = sks_realloc(s->pstart, s->ncap * sizeof *s->pstart);
    s->pcount = sks_realloc(s->pcount, s->ncap * sizeof *s->pcount);
    s->mark = sks_realloc(s->mark, s->ncap * sizeof *s->mark);
    memset(s->mark + old, 0, (s->ncap - old) * sizeof *s->mark);
    s->stack = sks_realloc(s->stack, s->ncap * sizeof *s->stack);
  }
  int x = s->nn++;
  s->lit[x] = l;
  s->pstart[x] = (int)s->npar;
  s->pcount[x] = 0;
  return x;
}

static void add_par(struct human_se9 *s, int x, int parent) {
  SKS_GROW(s->par, s->parcap, s->npar + 1);
  s->par[s->npar++] = parent;
  s->pcount[x]++;
}

/* The candidates node x rests on, itself among them (SE's
 * getAncestorCount); past `most`, most + 1. */
static int ancestors(struct human_se9 *s, int x, int most) {
  int stamp = ++s->stamp, count = 0, sp = 0;
  s->stack[sp++] = x;
  s->mark[x] = stamp;
  while (sp) {
    int y = s->stack[--sp];
    if (++count > most)
      return most + 1;
    const int *p = s->par + s->pstart[y];
    for (int i = 0; i < s->pcount[y]; i++)
      if (s->mark[p[i]] != stamp) {
        s->mark[p[i]] = stamp;
        s->stack[sp++] = p[i];
      }
  }
  return count;
}

static int on_lit(int c, int d) {
  return (c * 9 + d) * 2 + 1;
}
static int off_lit(int c, int d) {
  return (c * 9 + d) * 2;
}

/* An elimination off(c, d) met from node x in run r: a clash when the
 * placement is derived (true), else a node and a queue entry the first
 * time. */
static bool meet_off(struct human_se9 *s, se_run *r, int *no, uint64_t *bits,
                     int *toff, int c, int d, int x) {
  int l = off_lit(c, d);
  if (no[l ^ 1] >= 0) {
    int y = new_node(s, l); /* the clash's side, in no set */
    add_par(s, y, x);
    r->clash[0] = no[l ^ 1];
    r->clash[1] = y;
    return true;
  }
  if (no[l] < 0) {
    int y = new_node(s, l);
    add_par(s, y, x);
    no[l] = y;
    bits[l / 64] |= 1ULL << (l % 64);
    s->qoff[(*toff)++] = y;
  }
  return false;
}

/* The run from literal start on the state src into slot `slot`. */
static void run(struct human_se9 *s, int slot, int start) {
  se_run *r = &s->run[slot];
  int *no = s->node_of + (size_t)slot * SE_LITS;
  memset(no, 0xff, SE_LITS * sizeof *no);
  uint64_t *bits = s->bits + (size_t)slot * SE_W;
  memset(bits, 0, SE_W * sizeof *bits);
  bits[start / 64] |= 1ULL << (start % 64);
  memcpy(s->cur, s->src, sizeof s->cur);
  memcpy(s->wh, s->swh, sizeof s->wh);
  hmask *cur = s->cur;
  uint16_t *wh = s->wh;
  r->first = s->nn;
  r->clash[0] = r->clash[1] = -1;
  int hon = 0, ton = 0, hoff = 0, toff = 0;
  int x0 = new_node(s, start);
  no[start] = x0;
  if (start & 1)
    s->qon[ton++] = x0;
  else
    s->qoff[toff++] = x0;
  while (hon < ton || hoff < toff) {
    if (hon < ton) {
      int x = s->qon[hon++], v = s->lit[x] / 2, c = v / 9, d = v % 9;
      for (hmask m = cur[c] & ~(1ULL << d); m; m &= m - 1)
        if (meet_off(s, r, no, bits, &toff, c, human_first(m), x))
          goto done;
      for (int t = 0; t < 3; t++) {
        int k = s->cr[c][t];
        for (unsigned m = wh[k * 9 + d] & ~(1u << s->pos[c][t]); m; m &= m - 1)
          if (meet_off(s, r, no, bits, &toff, s->rc[k][__builtin_ctz(m)], d, x))
            goto done;
      }
      continue;
    }
    int x = s->qoff[hoff++], v = s->lit[x] / 2, c = v / 9, d = v % 9;
    /* what the elimination gives, on the marks before it goes */
    int got[4], ng = 0;
    if (human_two(cur[c])) {
      int y = new_node(s, on_lit(c, human_first(cur[c] & ~(1ULL << d))));
      add_par(s, y, x);
      for (hmask m = s->src[c] & ~cur[c]; m; m &= m - 1)
        add_par(s, y, no[off_lit(c, human_first(m))]);
      got[ng++] = y;
    }
    for (int t = 0; t < 3; t++) {
      int k = s->cr[c][t];
      unsigned w = wh[k * 9 + d];
      if (!human_two(w))
        continue;
      int q = s->rc[k][__builtin_ctz(w & ~(1u << s->pos[c][t]))];
      int y = new_node(s, on_lit(q, d));
      add_par(s, y, x);
      for (unsigned m = s->swh[k * 9 + d] & ~w; m; m &= m - 1)
        add_par(s, y, no[off_lit(s->rc[k][__builtin_ctz(m)], d)]);
      got[ng++] = y;
    }
    cur[c] &= ~(1ULL << d);
    for (int t = 0; t < 3; t++)
      wh[s->cr[c][t] * 9 + d] &= (uint16_t) ~(1u << s->pos[c][t]);
    for (int i = 0; i < ng; i++) {
      int y = got[i], l = s->lit[y];
      if (no[l ^ 1] >= 0) {
        r->clash[0] = y;
        r->clash[1] = no[l ^ 1];
        goto done;
      }
      if (no[l] < 0) {
        no[l] = y;
        bits[l / 64] |= 1ULL << (l % 64);
        s->qon[ton++] = y;
      }
      /* (a placement met twice keeps its first node; the second is left
       * unreferenced) */
    }
  }
done:
  r->end = s->nn;
}

typedef struct se_best {
  int cplx, key;
  human_se9_pick pick;
} se_best;

/* The complexity bound a deduction of sort key `key` must stay within to
 * be taken before the best. */
static int se_most(const se_best *b, int key) {
  return key < b->key ? b->cplx : b->cplx - 1;
}

static void take(se_best *b, int cplx, int key, human_se9_pick p) {
  b->cplx = cplx;
  b->key = key;
  p.complexity = cplx;
  b->pick = p;
}

/* A placement as a conclusion is worth it when its cell has another
 * candidate to lose. */
static bool worth(const hmask *src, int l) {
  if (!(l & 1))
    return true;
  int v = l / 2;
  return (src[v / 9] & ~(1ULL << (v % 9))) != 0;
}

/* What every run of slots sl[0 .. k) gives, offered with sort key `key`;
 * among them SE meets first the placements, then the eliminations, each
 * in the order of the first run's nodes. */
static void common(struct human_se9 *s, const int *sl, int k, int key,
                   human_se9_pick p, se_best *b) {
  uint64_t acc[SE_W];
  memcpy(acc, s->bits + (size_t)sl[0] * SE_W, sizeof acc);
  for (int j = 1; j < k; j++) {
    const uint64_t *bj = s->bits + (size_t)sl[j] * SE_W;
    uint64_t any = 0;
    for (int w = 0; w < SE_W; w++)
      any |= acc[w] &= bj[w];
    if (!any)
      return;
  }
  const int *no0 = s->node_of + (size_t)sl[0] * SE_LITS;
  int lc = 1 << 30, lorder = 1 << 30, llit = -1;
  for (int w = 0; w < SE_W; w++)
    for (uint64_t m = acc[w]; m; m &= m - 1) {
      int l = w * 64 + human_first(m);
      if (!worth(s->src, l))
        continue;
      int order = (l & 1 ? 0 : SE_LITS * 4) + no0[l];
      int most = se_most(b, key), mostl = order < lorder ? lc : lc - 1;
      if (mostl < most)
        most = mostl;
      int sum = 0;
      for (int j = 0; j < k && sum <= most; j++)
        sum +=
            ancestors(s, s->node_of[(size_t)sl[j] * SE_LITS + l], most - sum);
      if (sum <= most)
        lc = sum, lorder = order, llit = l;
    }
  if (llit >= 0) {
    p.lit = llit;
    take(b, lc, key, p);
  }
}

bool human_se9_dynamic(const sks_human *h, struct human_se9 *s,
                       human_se9_pick *out) {
  s->nn = 0;
  s->npar = 0;
  for (int c = 0; c < 81; c++)
    s->src[c] = h->val[c] >= 0 ? 0 : h->cand[c];
  memset(s->swh, 0, sizeof s->swh);
  for (int c = 0; c < 81; c++)
    for (hmask m = s->src[c]; m; m &= m - 1)
      for (int t = 0; t < 3; t++)
        s->swh[s->cr[c][t] * 9 + human_first(m)] |=
            (uint16_t)(1u << s->pos[c][t]);
  /* every open candidate's on run */
  int slot = 0;
  for (int c = 0; c < 81; c++)
    for (hmask m = human_many(s->src[c]) ? s->src[c] : 0; m; m &= m - 1) {
      int d = human_first(m);
      s->slot_of[c * 9 + d] = slot;
      run(s, slot++, on_lit(c, d));
    }
  int offslot = slot;
  se_best b = {.cplx = 1 << 30, .key = 99};
  for (int c = 0; c < 81; c++) {
    hmask cm = s->src[c];
    if (!human_many(cm))
      continue;
    int card = human_popcount(cm);
    for (hmask m = cm; m; m &= m - 1) {
      int d = human_first(m), so = s->slot_of[c * 9 + d];
      const se_run *ron = &s->run[so];
      if (ron->clash[0] >= 0) {
        int most = se_most(&b, 7);
        int n0 = ancestors(s, ron->clash[0], most);
        int n1 = n0 > most ? 0 : ancestors(s, ron->clash[1], most - n0);
        if (n0 + n1 <= most)
          take(&b, n0 + n1, 7,
               (human_se9_pick){.lit = off_lit(c, d), .kind = 0});
      }
      run(s, offslot, off_lit(c, d));
      const se_run *roff = &s->run[offslot];
      if (roff->clash[0] >= 0) {
        int most = se_most(&b, 7);
        int n0 = ancestors(s, roff->clash[0], most);
        int n1 = n0 > most ? 0 : ancestors(s, roff->clash[1], most - n0);
        if (n0 + n1 <= most)
          take(&b, n0 + n1, 7,
               (human_se9_pick){.lit = on_lit(c, d), .kind = 0});
      }
      if (card >= 3) {
        int sl[2] = {so, offslot};
        common(s, sl, 2, 1,
               (human_se9_pick){.kind = 1, .what = 0, .from = on_lit(c, d)},
               &b);
      }
      /* the off run's nodes are not kept past this candidate */
      s->npar = (size_t)s->pstart[roff->first];
      s->nn = roff->first;
      /* region chains from the digit's first place */
      int k[3];
      se_regions(c, k);
      for (int t = 0; t < 3; t++) {
        int sl[9], np = 0, firstc = -1;
        for (int i = 0; i < 9; i++) {
          int q = s->rc[k[t]][i];
          if (s->src[q] >> d & 1) {
            if (firstc < 0)
              firstc = q;
            sl[np++] = s->slot_of[q * 9 + d];
          }
        }
        if (np < 2 || firstc != c)
          continue;
        common(s, sl, np, 6,
               (human_se9_pick){
                   .kind = 1, .what = 2, .where = se_to_h(k[t]) * 9 + d},
               &b);
      }
    }
    int sl[9], k = 0;
    for (hmask m = cm; m; m &= m - 1)
      sl[k++] = s->slot_of[c * 9 + human_first(m)];
    common(s, sl, k, 5, (human_se9_pick){.kind = 1, .what = 1, .where = c}, &b);
  }
  if (b.key == 99)
    return false;
  *out = b.pick;
  return true;
}
