/* Sudoku Explainer's Nishio, multiple and dynamic forcing chains on the
 * plain 9x9, node for node.  SE rates such a step its level's base plus
 * a length that counts the candidates its conclusion rests on, and which
 * candidates those are follows from the order its propagation meets
 * them: the first way a candidate is reached gives its parents, a clash
 * ends the run where it is first met.  So the length is reproduced only
 * by running the propagation in SE's order (Chaining.doChaining,
 * getOnToOff, getOffToOn):
 *
 *  - two queues, placements before eliminations: an elimination is taken
 *    only when no placement waits;
 *  - a placement takes out the cell's other candidates (by digit; not at
 *    Nishio's level, which follows one digit's places), then its digit
 *    from the box, the row and the column, in that order, each region's
 *    cells in order (a box's row by row);
 *  - an elimination, with the mark still there, gives the cell's other
 *    candidate when the cell has two (not at Nishio's), then in the box,
 *    row and column where the digit has two places the other place; such
 *    a placement's parents are the elimination and every mark of its cell
 *    (or of its digit in the region) that the run took out before; then
 *    the mark goes (dynamic: Nishio's and the dynamic level; the
 *    multiple level's runs are static, on the marks as they are);
 *  - a clash is a candidate derived both on and off, met as the second
 *    of the two is derived.
 *
 * The level's deductions are SE's (getMultipleChainsHintList), cell by
 * cell in row order (the multiple level's cells of three candidates or
 * more only), digit by digit: the clash of the candidate's on run and of
 * its off run (not at the multiple level); for cells of three candidates
 * or more what both runs give, placements first (the dynamic level); for
 * each region whose first place of the digit is the cell, what every
 * place's on run gives; then what every candidate's on run gives (not at
 * Nishio's).  A deduction's complexity is the number of candidates each
 * chain's conclusion rests on (the two sides of a clash, each branch of
 * a set, counted on their own and added); SE takes the lowest rated,
 * then the least complex, then by kind (both ways 1, cell 5, region 6,
 * clash 7), then the first found.
 *
 * A run reads only some marks: those of the cells it takes a node of,
 * and the node's digit in their regions.  A run is kept, by level and
 * literal, while none of the marks it read changes, and reused on the
 * next state (a path's steps change a few marks each). */
#include "human_int.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

enum {
  SE_LITS = 81 * 9 * 2,
  SE_W = (SE_LITS + 63) / 64, /* words of a literal set */
  SE_MW = (81 * 9 + 63) / 64, /* words of a mark set */
  SE_LEVELS = 3
};

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

/* A var's cell and digit, and in each of its cell's regions (SE's
 * order) the region, the places' word of its digit, its place's bit and
 * the places a placement takes the digit from there (its row's and
 * column's without those of its box, which the box took already). */
typedef struct se_var {
  uint8_t c, d, k[3];
  uint16_t wi[3], bit[3], scan[3];
} se_var;

/* One run: its nodes (node 0 the assumption) with their literals and
 * parents, the literals derived as a set (bits) and their nodes in
 * literal order (packed; node_in finds one), the clash's two sides
 * (nodes that are no literal's), the vars whose nodes it took (the marks
 * such a node reads: reads[]). */
typedef struct se_run {
  bool valid, packed_ok;
  int nn, npar;
  size_t ncap, parcap;
  int16_t *lit, *par;
  int *pstart;
  uint8_t *pcount;
  int16_t *packed; /* the nodes of its literals, in literal order */
  size_t pcap;
  uint16_t prefix[SE_W]; /* literals in bits before each word */
  uint64_t bits[SE_W];
  uint64_t done[SE_MW]; /* the vars of the nodes it took */
  int clash[2];
} se_run;

struct human_se9 {
  /* by level and literal: its run; the state the level last ran on */
  se_run *runs[SE_LEVELS];
  hmask last[SE_LEVELS][81];
  /* the state assumed from and a run's working state: marks by cell,
   * places by region and digit (SE's regions) */
  hmask src[81];
  uint16_t src16[81], cur[81];
  uint16_t swh[27 * 9], wh[27 * 9];
  se_var var[81 * 9];
  /* the running level's propagation: dynamic (the marks a run takes out
   * are gone for the rest of it), and whether a cell's marks link */
  bool dynamic, cells;
  int qon[SE_LITS], qoff[SE_LITS]; /* node * 2048 + literal */
  int16_t node_of[SE_LITS];        /* the running run's, -1 none */
  int *mark, stamp, *stack;        /* ancestor counts, by node */
  size_t mcap;
  /* each region's cells, each cell's regions and its place in them */
  int rc[27][9], cr[81][3], pos[81][3];
  /* by var: the marks a node of it reads (its cell's, its digit's in the
   * cell's regions); then without its cell's (Nishio's).  The relation is
   * its own mirror: the vars whose nodes read a mark are those of the
   * mark's row here. */
  uint64_t reads[2 * 81 * 9][SE_MW];
};

struct human_se9 *human_se9_new(void) {
  struct human_se9 *s = sks_calloc(1, sizeof *s);
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
  for (int c = 0; c < 81; c++)
    for (int d = 0; d < 9; d++) {
      se_var *sv = &s->var[c * 9 + d];
      sv->c = (uint8_t)c;
      sv->d = (uint8_t)d;
      for (int t = 0; t < 3; t++) {
        sv->k[t] = (uint8_t)s->cr[c][t];
        sv->wi[t] = (uint16_t)(s->cr[c][t] * 9 + d);
        sv->bit[t] = (uint16_t)(1u << s->pos[c][t]);
        sv->scan[t] = (uint16_t)(0x1ff & ~sv->bit[t]);
        for (int i = 0; t && i < 9; i++)
          if (s->cr[s->rc[s->cr[c][t]][i]][0] == s->cr[c][0])
            sv->scan[t] &= (uint16_t) ~(1u << i);
      }
      uint64_t *r = s->reads[c * 9 + d];
      uint64_t *rx = s->reads[81 * 9 + c * 9 + d];
      for (int t = 0; t < 3; t++)
        for (int i = 0; i < 9; i++) {
          int m = s->rc[s->cr[c][t]][i] * 9 + d;
          r[m / 64] |= 1ULL << (m % 64);
          rx[m / 64] |= 1ULL << (m % 64);
        }
      for (int e = 0; e < 9; e++)
        r[(c * 9 + e) / 64] |= 1ULL << ((c * 9 + e) % 64);
    }
  memset(s->node_of, 0xff, sizeof s->node_of);
  /* no level has run: every mark counts as changed the first time */
  memset(s->last, 0xff, sizeof s->last);
  return s;
}

static void run_free(se_run *r) {
  free(r->lit);
  free(r->par);
  free(r->pstart);
  free(r->pcount);
  free(r->packed);
}

void human_se9_free(struct human_se9 *s) {
  if (!s)
    return;
  for (int lv = 0; lv < SE_LEVELS; lv++)
    if (s->runs[lv]) {
      for (int l = 0; l < SE_LITS; l++)
        run_free(&s->runs[lv][l]);
      free(s->runs[lv]);
    }
  free(s->mark);
  free(s->stack);
  free(s);
}

/* A node for literal l with parents pars (k). */
static inline __attribute__((always_inline)) int
new_node(se_run *r, int l, const int *pars, int k) {
  if ((size_t)r->nn == r->ncap) {
    r->ncap = r->ncap ? 2 * r->ncap : 256;
    r->lit = sks_realloc(r->lit, r->ncap * sizeof *r->lit);
    r->pstart = sks_realloc(r->pstart, r->ncap * sizeof *r->pstart);
    r->pcount = sks_realloc(r->pcount, r->ncap * sizeof *r->pcount);
  }
  SKS_GROW(r->par, r->parcap, (size_t)r->npar + (size_t)k);
  int x = r->nn++;
  r->lit[x] = (int16_t)l;
  r->pstart[x] = r->npar;
  r->pcount[x] = (uint8_t)k;
  for (int i = 0; i < k; i++)
    r->par[r->npar++] = (int16_t)pars[i];
  return x;
}

/* The candidates node x of run r rests on, itself among them (SE's
 * getAncestorCount); past `most`, most + 1. */
static int ancestors(struct human_se9 *s, const se_run *r, int x, int most) {
  if (s->mcap < (size_t)r->nn) {
    s->mcap = (size_t)r->nn * 2;
    s->mark = sks_realloc(s->mark, s->mcap * sizeof *s->mark);
    memset(s->mark, 0, s->mcap * sizeof *s->mark);
    s->stack = sks_realloc(s->stack, s->mcap * sizeof *s->stack);
    s->stamp = 0;
  }
  int stamp = ++s->stamp, count = 0, sp = 0;
  s->stack[sp++] = x;
  s->mark[x] = stamp;
  while (sp) {
    int y = s->stack[--sp];
    if (++count > most)
      return most + 1;
    const int16_t *p = r->par + r->pstart[y];
    for (int i = 0; i < r->pcount[y]; i++)
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

/* Literal l derived in run r from parents pars (k): a clash when its
 * complement is derived (its node one of no literal's; true), else a node
 * and a queue entry the first time. */
static inline __attribute__((always_inline)) bool
meet(struct human_se9 *s, se_run *r, int l, const int *pars, int k, int *tail) {
  int16_t *no = s->node_of;
  if (no[l ^ 1] >= 0) {
    int y = new_node(r, l, pars, k);
    r->clash[0] = l & 1 ? y : no[l ^ 1];
    r->clash[1] = l & 1 ? no[l ^ 1] : y;
    return true;
  }
  if (no[l] < 0) {
    int y = new_node(r, l, pars, k);
    no[l] = (int16_t)y;
    r->bits[l / 64] |= 1ULL << (l % 64);
    (l & 1 ? s->qon : s->qoff)[(*tail)++] = y << 11 | l;
  }
  return false;
}

/* The run from literal start on the state src into r. */
static void run_nodes(struct human_se9 *s, se_run *r, int start) {
  memset(r->bits, 0, sizeof r->bits);
  memset(r->done, 0, sizeof r->done);
  memcpy(s->cur, s->src16, sizeof s->cur);
  memcpy(s->wh, s->swh, sizeof s->wh);
  uint16_t *cur = s->cur, *wh = s->wh;
  const bool cells = s->cells;
  r->nn = r->npar = 0;
  r->clash[0] = r->clash[1] = -1;
  r->valid = true;
  int hon = 0, ton = 0, hoff = 0, toff = 0;
  meet(s, r, start, NULL, 0, start & 1 ? &ton : &toff);
  while (hon < ton || hoff < toff) {
    bool on = hon < ton;
    int q = on ? s->qon[hon++] : s->qoff[hoff++];
    int x = q >> 11, v = (q & 2047) >> 1;
    const se_var *sv = &s->var[v];
    int c = sv->c, d = sv->d;
    r->done[v / 64] |= 1ULL << (v % 64);
    if (on) {
      for (unsigned m = cells ? cur[c] & ~(1u << d) : 0; m; m &= m - 1)
        if (meet(s, r, off_lit(c, __builtin_ctz(m)), &x, 1, &toff))
          return;
      for (int t = 0; t < 3; t++) {
        const int *rc = s->rc[sv->k[t]];
        for (unsigned m = wh[sv->wi[t]] & sv->scan[t]; m; m &= m - 1)
          if (meet(s, r, off_lit(rc[__builtin_ctz(m)], d), &x, 1, &toff))
            return;
      }
      continue;
    }
    /* what the elimination gives, on the marks before it goes: up to
     * four placements, each with its parents */
    int got[4], ng = 0, pars[4][10], np[4];
    if (cells && human_two(cur[c])) {
      got[ng] = on_lit(c, __builtin_ctz(cur[c] & ~(1u << d)));
      np[ng] = 0;
      pars[ng][np[ng]++] = x;
      for (unsigned m = s->src16[c] & ~cur[c]; m; m &= m - 1)
        pars[ng][np[ng]++] = s->node_of[off_lit(c, __builtin_ctz(m))];
      ng++;
    }
    for (int t = 0; t < 3; t++) {
      unsigned w = wh[sv->wi[t]];
      if (!human_two(w))
        continue;
      const int *rc = s->rc[sv->k[t]];
      got[ng] = on_lit(rc[__builtin_ctz(w & ~sv->bit[t])], d);
      np[ng] = 0;
      pars[ng][np[ng]++] = x;
      for (unsigned m = s->swh[sv->wi[t]] & ~w; m; m &= m - 1)
        pars[ng][np[ng]++] = s->node_of[off_lit(rc[__builtin_ctz(m)], d)];
      ng++;
    }
    if (s->dynamic) {
      cur[c] &= (uint16_t) ~(1u << d);
      for (int t = 0; t < 3; t++)
        wh[sv->wi[t]] &= (uint16_t)~sv->bit[t];
    }
    /* (a placement met twice keeps its first parents) */
    for (int i = 0; i < ng; i++)
      if (meet(s, r, got[i], pars[i], np[i], &ton))
        return;
  }
}

/* The run from literal start on the state src into r (the scratch map
 * cleared for the next). */
static void run(struct human_se9 *s, se_run *r, int start) {
  run_nodes(s, r, start);
  r->packed_ok = false;
  for (int x = 0; x < r->nn; x++)
    s->node_of[r->lit[x]] = -1;
}

/* Run r's literals' nodes in literal order, made when first asked for
 * (node_in): many runs are never asked. */
static void pack(struct human_se9 *s, se_run *r) {
  /* a clash's node is no literal's: its literal is not among r's bits */
  for (int x = 0; x < r->nn; x++)
    if (r->bits[r->lit[x] / 64] >> (r->lit[x] % 64) & 1)
      s->node_of[r->lit[x]] = (int16_t)x;
  int k = 0;
  for (int w = 0; w < SE_W; w++) {
    r->prefix[w] = (uint16_t)k;
    k += human_popcount(r->bits[w]);
  }
  if (r->pcap < (size_t)k) {
    r->pcap = (size_t)k * 2;
    r->packed = sks_realloc(r->packed, r->pcap * sizeof *r->packed);
  }
  k = 0;
  for (int w = 0; w < SE_W; w++)
    for (uint64_t m = r->bits[w]; m; m &= m - 1)
      r->packed[k++] = s->node_of[w * 64 + __builtin_ctzll(m)];
  for (int x = 0; x < r->nn; x++)
    s->node_of[r->lit[x]] = -1;
  r->packed_ok = true;
}

/* The node of literal l in run r, -1 none. */
static int node_in(struct human_se9 *s, se_run *r, int l) {
  uint64_t b = r->bits[l / 64];
  if (!(b >> (l % 64) & 1))
    return -1;
  if (!r->packed_ok)
    pack(s, r);
  return r->packed[r->prefix[l / 64] +
                   human_popcount(b & ((1ULL << (l % 64)) - 1))];
}

/* Literal l's run at the running level on src: the one kept, or a new
 * one. */
static se_run *run_of(struct human_se9 *s, int lv, int l) {
  se_run *r = &s->runs[lv][l];
  if (!r->valid)
    run(s, r, l);
  return r;
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

/* A clash of run r, whose assumption's complement is the conclusion. */
static void clash(struct human_se9 *s, const se_run *r, int start, se_best *b) {
  if (r->clash[0] < 0)
    return;
  int most = se_most(b, 7);
  int n0 = ancestors(s, r, r->clash[0], most);
  int n1 = n0 > most ? 0 : ancestors(s, r, r->clash[1], most - n0);
  if (n0 + n1 <= most)
    take(b, n0 + n1, 7, (human_se9_pick){.lit = start ^ 1, .kind = 0});
}

/* What every run of rs[0 .. k) gives, offered with sort key `key`; among
 * them SE meets first the placements, then the eliminations, each in the
 * order of the first run's nodes. */
static void common(struct human_se9 *s, se_run *const *rs, int k, int key,
                   human_se9_pick p, se_best *b) {
  uint64_t acc[SE_W];
  memcpy(acc, rs[0]->bits, sizeof acc);
  for (int j = 1; j < k; j++) {
    uint64_t any = 0;
    for (int w = 0; w < SE_W; w++)
      any |= acc[w] &= rs[j]->bits[w];
    if (!any)
      return;
  }
  int lc = 1 << 30, lorder = 1 << 30, llit = -1;
  for (int w = 0; w < SE_W; w++)
    for (uint64_t m = acc[w]; m; m &= m - 1) {
      int l = w * 64 + human_first(m);
      if (!worth(s->src, l))
        continue;
      int order = (l & 1 ? 0 : SE_LITS * 4) + node_in(s, rs[0], l);
      int most = se_most(b, key), mostl = order < lorder ? lc : lc - 1;
      if (mostl < most)
        most = mostl;
      int sum = 0;
      for (int j = 0; j < k && sum <= most; j++)
        sum += ancestors(s, rs[j], node_in(s, rs[j], l), most - sum);
      if (sum <= most)
        lc = sum, lorder = order, llit = l;
    }
  if (llit >= 0) {
    p.lit = llit;
    take(b, lc, key, p);
  }
}

/* The state: h's marks (none for a cell with its digit) and places; the
 * level's kept runs that read a mark changed since its last run are
 * dropped. */
static void begin(const sks_human *h, struct human_se9 *s, int lv) {
  for (int c = 0; c < 81; c++) {
    s->src[c] = h->val[c] >= 0 ? 0 : h->cand[c];
    s->src16[c] = (uint16_t)s->src[c];
  }
  memset(s->swh, 0, sizeof s->swh);
  for (int c = 0; c < 81; c++)
    for (hmask m = s->src[c]; m; m &= m - 1)
      for (int t = 0; t < 3; t++)
        s->swh[s->cr[c][t] * 9 + human_first(m)] |=
            (uint16_t)(1u << s->pos[c][t]);
  if (!s->runs[lv])
    s->runs[lv] = sks_calloc(SE_LITS, sizeof *s->runs[lv]);
  /* the vars whose nodes read a changed mark */
  uint64_t ch[SE_MW] = {0}, any = 0;
  int base = s->cells ? 0 : 81 * 9;
  for (int c = 0; c < 81; c++)
    for (hmask m = (s->last[lv][c] ^ s->src[c]) & 0x1ff; m; m &= m - 1) {
      const uint64_t *rd = s->reads[base + c * 9 + human_first(m)];
      for (int w = 0; w < SE_MW; w++)
        ch[w] |= rd[w];
      any = 1;
    }
  memcpy(s->last[lv], s->src, sizeof s->src);
  if (!any)
    return;
  se_run *runs = s->runs[lv];
  for (int l = 0; l < SE_LITS; l++)
    if (runs[l].valid)
      for (int w = 0; w < SE_MW; w++)
        if (runs[l].done[w] & ch[w]) {
          runs[l].valid = false;
          break;
        }
}

bool human_se9_level(const sks_human *h, struct human_se9 *s, int level,
                     human_se9_pick *out) {
  bool nishio = level == HUMAN_SE9_NISHIO, multi = level == HUMAN_SE9_MULTIPLE;
  int lv = level;
  s->dynamic = !multi;
  s->cells = !nishio;
  begin(h, s, lv);
  se_best b = {.cplx = 1 << 30, .key = 99};
  for (int c = 0; c < 81; c++) {
    hmask cm = s->src[c];
    if (!human_many(cm))
      continue;
    int card = human_popcount(cm);
    if (multi && card < 3)
      continue;
    for (hmask m = cm; m; m &= m - 1) {
      int d = human_first(m);
      se_run *ron = run_of(s, lv, on_lit(c, d));
      if (!multi) {
        se_run *roff = run_of(s, lv, off_lit(c, d));
        clash(s, ron, on_lit(c, d), &b);
        clash(s, roff, off_lit(c, d), &b);
        if (card >= 3 && !nishio) {
          se_run *rs[2] = {ron, roff};
          common(s, rs, 2, 1,
                 (human_se9_pick){.kind = 1, .what = 0, .from = on_lit(c, d)},
                 &b);
        }
      }
      if (nishio)
        continue;
      /* region chains from the digit's first place */
      const int *k = s->cr[c];
      for (int t = 0; t < 3; t++) {
        unsigned w = s->swh[k[t] * 9 + d];
        if (!human_many(w) || s->rc[k[t]][__builtin_ctz(w)] != c)
          continue;
        se_run *rs[9];
        int np = 0;
        for (; w; w &= w - 1)
          rs[np++] = run_of(s, lv, on_lit(s->rc[k[t]][__builtin_ctz(w)], d));
        common(s, rs, np, 6,
               (human_se9_pick){
                   .kind = 1, .what = 2, .where = se_to_h(k[t]) * 9 + d},
               &b);
      }
    }
    if (nishio)
      continue;
    se_run *rs[9];
    int k = 0;
    for (hmask m = cm; m; m &= m - 1)
      rs[k++] = run_of(s, lv, on_lit(c, human_first(m)));
    common(s, rs, k, 5, (human_se9_pick){.kind = 1, .what = 1, .where = c}, &b);
  }
  if (b.key == 99)
    return false;
  *out = b.pick;
  return true;
}

/* SE's rating of one deduction (human_se9_measure): its complexity, sort
 * key and place in SE's order of finding, or false when SE has no such
 * hint (its sources are fewer, its runs end at their first clash). */
static bool measure_one(struct human_se9 *s, int lv, const human_se9_pick *p,
                        int most, int *cplx, int *key, long long *order) {
  bool multi = lv == HUMAN_SE9_MULTIPLE, nishio = lv == HUMAN_SE9_NISHIO;
  int l = p->lit;
  if (p->kind == 0) { /* a clash from l ^ 1 */
    int start = l ^ 1, v = start / 2;
    if (multi || !human_many(s->src[v / 9]))
      return false;
    const se_run *r = run_of(s, lv, start);
    if (r->clash[0] < 0)
      return false;
    int n0 = ancestors(s, r, r->clash[0], most);
    *cplx = n0 > most ? n0 : n0 + ancestors(s, r, r->clash[1], most - n0);
    *key = 7;
    *order = ((long long)v * 8 + !(start & 1)) * SE_LITS * 4;
    return true;
  }
  if (nishio || !worth(s->src, l))
    return false;
  se_run *rs[9];
  int k = 0, c, slot;
  if (p->what == 0) { /* both ways, from p->from */
    int v = p->from / 2;
    c = v / 9;
    if (multi || human_popcount(s->src[c]) < 3)
      return false;
    rs[k++] = run_of(s, lv, on_lit(c, v % 9));
    rs[k++] = run_of(s, lv, off_lit(c, v % 9));
    *key = 1;
    slot = (v % 9) * 8 + 2;
  } else if (p->what == 1) { /* every candidate of cell p->where */
    c = p->where;
    if (multi && human_popcount(s->src[c]) < 3)
      return false;
    for (hmask m = s->src[c]; m; m &= m - 1)
      rs[k++] = run_of(s, lv, on_lit(c, human_first(m)));
    *key = 5;
    slot = 9 * 8;
  } else { /* every place of digit d in region hk */
    int hk = p->where / 9, d = p->where % 9;
    int t = hk < 9 ? 1 : hk < 18 ? 2 : 0;
    int sk = t == 1 ? 9 + hk : t == 2 ? 18 + (hk - 9) : hk - 18;
    unsigned w = s->swh[sk * 9 + d];
    c = s->rc[sk][__builtin_ctz(w)];
    if (multi && human_popcount(s->src[c]) < 3)
      return false;
    for (; w; w &= w - 1)
      rs[k++] = run_of(s, lv, on_lit(s->rc[sk][__builtin_ctz(w)], d));
    *key = 6;
    slot = d * 8 + 3 + t;
  }
  int sum = 0;
  if (!k)
    return false;
  for (int j = 0; j < k; j++)
    if (node_in(s, rs[j], l) < 0)
      return false;
  for (int j = 0; j < k && sum <= most; j++)
    sum += ancestors(s, rs[j], node_in(s, rs[j], l), most - sum);
  *cplx = sum;
  *order = (((long long)c * 80 + slot) * 2 + !(l & 1)) * SE_LITS * 2 +
           node_in(s, rs[0], l);
  return true;
}

bool human_se9_measure(const sks_human *h, struct human_se9 *s, int level,
                       const human_se9_pick *cands, int k,
                       human_se9_pick *out) {
  int lv = level;
  s->dynamic = level != HUMAN_SE9_MULTIPLE;
  s->cells = level != HUMAN_SE9_NISHIO;
  begin(h, s, lv);
  int bc = 1 << 30, bk = 99;
  long long bo = 0;
  for (int i = 0; i < k; i++) {
    int cplx, key;
    long long order;
    if (!measure_one(s, lv, &cands[i], bc, &cplx, &key, &order) || cplx > bc)
      continue;
    if (cplx < bc || key < bk || (key == bk && order < bo)) {
      bc = cplx, bk = key, bo = order;
      *out = cands[i];
      out->complexity = cplx;
    }
  }
  return bk != 99;
}
