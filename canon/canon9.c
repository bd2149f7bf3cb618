/* Canonical forms of plain 9x9 puzzles: the row search of canon.c with
 * 9x9's sets of column orders as bit masks over the six orders of three,
 * and each row read as one integer. */
#include "canon_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* How it works.  The form is built row by row as in canon.c, and a
 * candidate stands for a set of column maps the same way, but the set is
 * held as masks: a mask over the six orders of the three stacks, and per
 * input stack a mask over the six orders of its columns (bit p: order
 * PERM[p] is still allowed).  A row's cells read as keys (0 blank, the
 * digit's label, NEW for a digit not yet labelled), 4 bits each, a stack
 * in 12 bits and the row in 36: the least segment of a stack among its
 * allowed orders, and the orders that give it, come from a table indexed
 * by the mask and how the three keys compare (27 ways), and so do the
 * least order of the stacks by their segments.  Each level first reads
 * every candidate's next rows, keeping those no greater than the best
 * (cut early when they cannot open with as many blanks, or, the stacks'
 * order fixed, stack by stack); then it makes the children of the rows
 * kept, and where a row holds new digits its allowed orders are split by
 * where they put the new digits' columns (each part labels them its own
 * way).
 *
 * The search keeps every map that gives the form; the map the tool
 * shows must be the one canon.c's search finds first, which is the only
 * one when the puzzle has no automorphism.  So a puzzle is handed back
 * to canon.c (false) when the last row leaves more than one candidate,
 * and up front when two lines could trade places without changing it (a
 * band with two blank rows, a stack with two blank columns): canon.c
 * breaks those ties its own way.  Full grids go to canon.c too (their
 * first two rows are chosen together there), and so do puzzles whose
 * givens repeat a digit (canon.c refuses them) and those past the
 * candidates a level may hold. */

enum { NEW = 10, CAP = 1 << 14 };

typedef struct cand9 {
  uint8_t key[10]; /* value v (0 blank, d + 1) -> label, or NEW */
  uint8_t row[9];  /* canonical row -> input row */
  uint8_t t, smask, cmask[3], next, band;
  uint16_t used; /* input rows placed */
} cand9;

/* How a row reads in a candidate: the orders of the stacks, and of each
 * input stack's columns, that give its least integer. */
typedef struct row9 {
  uint8_t smask, cmask[3];
} row9;

struct sks_canon9 {
  uint8_t val[2][9][9]; /* 0 blank, d + 1; [1] transposed */
  uint16_t given[2][9]; /* the givens of each row, bit c for column c */
  int8_t room[2][9];    /* the blanks of each row */
  uint8_t cmp9[16][16], cmp3[16][16], cmp1[16][16]; /* cmp3(a, b) x 9, 3, 1 */
  uint8_t least[64][27];   /* mask, comparison -> an order giving the least */
  uint8_t ties[64][27];    /* mask, comparison -> the orders that give it */
  uint8_t parts[64][8][7]; /* mask, elements -> split (count, parts) */
  uint64_t first[512];     /* a first row read, by its givens */
  row9 first_w[512];       /* its orders */
  uint8_t blanks[64][8];   /* mask, givens -> the most leading blanks */
  int best_blanks;         /* the best row's leading blanks */
  cand9 *cur, *next;
  long ncur, nnext, capcur, capnext;
  long limit;       /* candidates a level may hold */
  struct hit9 *hit; /* the level's rows no greater than the best */
  long nhit, caphit;
  uint64_t best;
  int row[9], col[9], digit[9];
  int label[10]; /* value v -> its digit in the form (-1 blank) */
};

/* PERM[p][i]: the element at position i under order p; INV its inverse. */
static const uint8_t PERM[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
static const uint8_t INV[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                  {2, 0, 1}, {1, 2, 0}, {2, 1, 0}};

static inline int cmp3(unsigned a, unsigned b) {
  return (a > b) - (a < b) + 1;
}

/* How three values compare, 0..26. */
static inline int order(unsigned a, unsigned b, unsigned c) {
  return 9 * cmp3(a, b) + 3 * cmp3(a, c) + cmp3(b, c);
}

void sks_canon9_delete(sks_canon9 *f) {
  if (!f)
    return;
  free(f->cur);
  free(f->next);
  free(f->hit);
  free(f);
}

/* The orders of mask m split by the positions they give the elements of
 * w: the parts into out, their number returned. */
static int split(unsigned m, unsigned w, uint8_t *out) {
  int sig[6], n = 0;
  for (int p = 0; p < 6; p++) {
    if (!(m >> p & 1))
      continue;
    int s = 0;
    for (int e = 0; e < 3; e++)
      if (w >> e & 1)
        s |= INV[p][e] << (2 * e);
    int k = 0;
    while (k < n && sig[k] != s)
      k++;
    if (k == n) {
      sig[n] = s;
      out[n++] = 0;
    }
    out[k] |= (uint8_t)(1 << p);
  }
  return n;
}

/* The first order a mask allows (LOW[m], m > 0). */
static const uint8_t LOW[64] = {0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
                                4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
                                5, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0,
                                4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};

/* Room for one more candidate; NULL past the cap. */
static cand9 *push(sks_canon9 *f) {
  if (f->nnext >= f->limit)
    return NULL;
  if (f->nnext == f->capnext) { /* the next list only: parents stay put */
    f->capnext = f->capnext ? 2 * f->capnext : 256;
    f->next = sks_realloc(f->next, (size_t)f->capnext * sizeof *f->next);
  }
  return f->next + f->nnext++;
}

/* Stack st of row g in candidate c: its least segment, and the orders
 * of its columns that give it into w. */
static inline unsigned read_stack(const sks_canon9 *f, const cand9 *c,
                                  const uint8_t *g, int st, row9 *w) {
  const uint8_t *key = c->key;
  unsigned x[3] = {key[g[3 * st]], key[g[3 * st + 1]], key[g[3 * st + 2]]};
  unsigned m = c->cmask[st], tie = m;
  const uint8_t *p;
  if (m & (m - 1)) {
    int o = f->cmp9[x[0]][x[1]] + f->cmp3[x[0]][x[2]] + f->cmp1[x[1]][x[2]];
    p = PERM[f->least[m][o]];
    tie = f->ties[m][o];
  } else {
    p = PERM[LOW[m]];
  }
  w->cmask[st] = (uint8_t)tie;
  return x[p[0]] << 8 | x[p[1]] << 4 | x[p[2]];
}

/* Row g read in candidate c: its integer, or UINT64_MAX as soon as it
 * is sure to be greater than best (the stacks' order fixed, stack by
 * stack). */
static inline uint64_t read_row(const sks_canon9 *f, const cand9 *c,
                                const uint8_t *g, uint64_t best, row9 *w) {
  unsigned m = c->smask;
  if (!(m & (m - 1))) {
    const uint8_t *sp = PERM[LOW[m]];
    uint64_t code = 0;
    bool less = false;
    for (int i = 0; i < 3; i++) {
      unsigned seg = read_stack(f, c, g, sp[i], w);
      if (!less) {
        unsigned b = (unsigned)(best >> (24 - 12 * i)) & 0xfff;
        if (seg > b)
          return UINT64_MAX;
        less = seg < b;
      }
      code = code << 12 | seg;
    }
    w->smask = (uint8_t)m;
    return code;
  }
  unsigned seg[3];
  for (int st = 0; st < 3; st++)
    seg[st] = read_stack(f, c, g, st, w);
  int o = order(seg[0], seg[1], seg[2]);
  const uint8_t *sp = PERM[f->least[m][o]];
  w->smask = f->ties[m][o];
  return (uint64_t)seg[sp[0]] << 24 | seg[sp[1]] << 12 | seg[sp[2]];
}

/* f->first: the first row read from its givens alone (no labels yet,
 * every order allowed), for each of the 512 sets of givens. */
static void first_rows(sks_canon9 *f) {
  cand9 c;
  memset(&c, 0, sizeof c);
  memset(c.key + 1, NEW, 9);
  c.smask = c.cmask[0] = c.cmask[1] = c.cmask[2] = 63;
  for (int m = 0; m < 512; m++) {
    uint8_t g[9];
    for (int col = 0; col < 9; col++)
      g[col] = (uint8_t)(m >> col & 1);
    f->first[m] = read_row(f, &c, g, UINT64_MAX, &f->first_w[m]);
  }
}

/* The tables of the mask reads and of the first rows. */
static void tables(sks_canon9 *f) {
  for (unsigned a = 0; a < 16; a++)
    for (unsigned b = 0; b < 16; b++) {
      f->cmp1[a][b] = (uint8_t)cmp3(a, b);
      f->cmp3[a][b] = (uint8_t)(3 * cmp3(a, b));
      f->cmp9[a][b] = (uint8_t)(9 * cmp3(a, b));
    }
  for (int m = 1; m < 64; m++)
    for (int w = 0; w < 8; w++)
      f->parts[m][w][0] =
          (uint8_t)split((unsigned)m, (unsigned)w, f->parts[m][w] + 1);
  for (int m = 1; m < 64; m++)
    for (int x = 0; x < 27; x++) {
      unsigned v[3] = {x / 9, x / 3 % 3, x % 3};
      int o = order(v[0], v[1], v[2]);
      unsigned lo = ~0u;
      uint8_t at = 0, tie = 0;
      for (int p = 0; p < 6; p++) {
        if (!(m >> p & 1))
          continue;
        unsigned code = v[PERM[p][0]] << 8 | v[PERM[p][1]] << 4 | v[PERM[p][2]];
        if (code < lo) {
          lo = code;
          at = (uint8_t)p;
          tie = 0;
        }
        if (code == lo)
          tie |= (uint8_t)(1 << p);
      }
      f->least[m][o] = at;
      f->ties[m][o] = tie;
    }
  for (int m = 1; m < 64; m++)
    for (int w = 0; w < 8; w++)
      for (int p = 0; p < 6; p++) {
        int k = 0;
        while (m >> p & 1 && k < 3 && !(w >> PERM[p][k] & 1))
          k++;
        if (k > f->blanks[m][w])
          f->blanks[m][w] = (uint8_t)k;
      }
  first_rows(f);
}

/* A row no greater than the best: its candidate (in the level's list,
 * which stays put while the level's children are made), input row s,
 * how it reads. */
typedef struct hit9 {
  const cand9 *c;
  int s;
  row9 w;
} hit9;

/* The children of candidate c with input row s as canonical row `level`
 * (one per way of labelling its new digits); false past the cap. */
static bool place(sks_canon9 *f, const cand9 *c, int level, int s,
                  const row9 *rw) {
  const uint8_t *g = f->val[c->t][s];
  row9 w = *rw;
  unsigned fresh[3]; /* the columns of new digits, by input stack */
  for (int st = 0; st < 3; st++)
    fresh[st] = (c->key[g[3 * st]] == NEW) |
                (c->key[g[3 * st + 1]] == NEW) << 1 |
                (c->key[g[3 * st + 2]] == NEW) << 2;
  unsigned wst = (fresh[0] != 0) | (fresh[1] != 0) << 1 | (fresh[2] != 0) << 2;
  uint8_t band = level % 3 ? c->band : (uint8_t)(s / 3);
  const uint8_t *sg = f->parts[w.smask][wst], *cg[3];
  for (int st = 0; st < 3; st++)
    cg[st] = f->parts[w.cmask[st]][fresh[st]];
  for (int a = 1; a <= sg[0]; a++)
    for (int b0 = 1; b0 <= cg[0][0]; b0++)
      for (int b1 = 1; b1 <= cg[1][0]; b1++)
        for (int b2 = 1; b2 <= cg[2][0]; b2++) {
          cand9 *d = push(f);
          if (!d)
            return false;
          *d = *c;
          d->row[level] = (uint8_t)s;
          d->used |= (uint16_t)(1 << s);
          d->band = band;
          d->smask = sg[a];
          d->cmask[0] = cg[0][b0];
          d->cmask[1] = cg[1][b1];
          d->cmask[2] = cg[2][b2];
          if (!wst)
            continue;
          const uint8_t *q = PERM[LOW[d->smask]];
          for (int i = 0; i < 3; i++) {
            int st = q[i];
            if (!fresh[st])
              continue;
            const uint8_t *r = PERM[LOW[d->cmask[st]]];
            for (int j = 0; j < 3; j++) {
              int v = g[3 * st + r[j]];
              if (d->key[v] == NEW)
                d->key[v] = ++d->next;
            }
          }
        }
  return true;
}

/* Keeps input row s read as code (and *w) in candidate c among the
 * level's ties when it is no greater than the best. */
static void keep(sks_canon9 *f, const cand9 *c, int s, uint64_t code,
                 const row9 *w) {
  if (code > f->best)
    return;
  if (code < f->best) {
    f->best = code;
    f->nhit = 0;
    /* the leading blank cells: zero nibbles of the 36-bit code */
    f->best_blanks = (__builtin_clzll(code << 28 | 1u << 27) >> 2);
  }
  if (f->nhit == f->caphit) {
    f->caphit = f->caphit ? 2 * f->caphit : 256;
    f->hit = sks_realloc(f->hit, (size_t)f->caphit * sizeof *f->hit);
  }
  hit9 *h = f->hit + f->nhit++; /* field by field: w was written so */
  h->c = c;
  h->s = s;
  h->w.smask = w->smask;
  for (int st = 0; st < 3; st++)
    h->w.cmask[st] = w->cmask[st];
}

/* The most blanks a row with these givens can open with in candidate
 * c: each stack's most, the blank stacks first. */
static inline int most_blanks(const sks_canon9 *f, const cand9 *c,
                              unsigned given) {
  int u = 0, most = 0;
  for (int st = 0; st < 3; st++) {
    int k = f->blanks[c->cmask[st]][given >> 3 * st & 7];
    if (k == 3)
      u += 3;
    else if (k > most)
      most = k;
  }
  return u + most;
}

/* The same when the stacks' order is fixed: the blanks of the stacks in
 * that order, while they are blank. */
static inline int lead_blanks(const sks_canon9 *f, const cand9 *c,
                              unsigned given) {
  const uint8_t *sp = PERM[LOW[c->smask]];
  int k0 = f->blanks[c->cmask[sp[0]]][given >> 3 * sp[0] & 7],
      k1 = f->blanks[c->cmask[sp[1]]][given >> 3 * sp[1] & 7],
      k2 = f->blanks[c->cmask[sp[2]]][given >> 3 * sp[2] & 7];
  return k0 + (k0 == 3) * (k1 + (k1 == 3) * k2);
}

/* Reads input row s as canonical row `level` (past the first) of
 * candidate c.  A row that opens with fewer blanks than the best row
 * reads greater: cut by its count of blanks, then by the most blanks it
 * can open with in c. */
static inline void try_row(sks_canon9 *f, const cand9 *c, int s) {
  if (f->room[c->t][s] < f->best_blanks)
    return;
  unsigned given = f->given[c->t][s];
  if ((c->smask & (c->smask - 1) ? most_blanks(f, c, given)
                                 : lead_blanks(f, c, given)) < f->best_blanks)
    return;
  row9 w = {0};
  uint64_t code = read_row(f, c, f->val[c->t][s], f->best, &w);
  keep(f, c, s, code, &w);
}

/* Input row s as canonical row `level` of candidate c: the first row
 * read from the table of its givens, a later one by try_row. */
static inline void try_level(sks_canon9 *f, const cand9 *c, int level, int s) {
  if (level) {
    try_row(f, c, s);
    return;
  }
  unsigned given = f->given[c->t][s];
  keep(f, c, s, f->first[given], &f->first_w[given]);
}

/* The level loop and the rows a candidate may take next
 * (minlex_search_int.h): a level reads every candidate's rows, then
 * makes the children of the rows kept. */
static inline long level_start(sks_canon9 *f) {
  cand9 *tmp = f->cur;
  f->cur = f->next;
  f->next = tmp;
  long cap = f->capcur;
  f->capcur = f->capnext;
  f->capnext = cap;
  f->ncur = f->nnext;
  f->nnext = 0;
  f->best = UINT64_MAX;
  f->best_blanks = 0;
  f->nhit = 0;
  return f->ncur;
}

static inline bool level_end(sks_canon9 *f, int level) {
  for (long h = 0; h < f->nhit; h++)
    if (!place(f, f->hit[h].c, level, f->hit[h].s, &f->hit[h].w))
      return false;
  return true;
}

#define MINLEX_LINES extend
#define MINLEX_LEVELS levels
#define MINLEX_STATE sks_canon9
#define MINLEX_CAND const cand9 *
#define MINLEX_USED(f, c, x) (((c)->used >> (x)) & 1)
#define MINLEX_GROUP_OF(f, c, k) ((c)->band)
#define MINLEX_SKIP_BAND(f, c, b) false
#define MINLEX_SKIP(f, c, k, x, in_band) false
#define MINLEX_TRY(f, c, k, x) try_level(f, c, k, x)
#define MINLEX_STOP(f) false
#define MINLEX_OVER(f) false
#define MINLEX_LEVEL(f) level_start(f)
#define MINLEX_AT(f, i) ((f)->cur + (i))
#define MINLEX_LATE(f, i) false
#define MINLEX_END(f, level) level_end(f, level)
#include "minlex_search_int.h"

/* at: the cells of cell[81] holding a digit (>= 0), bit i for cell i. */
static void given_cells(const int *cell, uint64_t at[2]) {
#ifdef __SSE2__
  for (int i = 0; i < 80; i += 16) { /* the sign bits, packed to bytes */
    const __m128i *q = (const __m128i *)(cell + i);
    __m128i lo = _mm_packs_epi32(_mm_loadu_si128(q), _mm_loadu_si128(q + 1));
    __m128i hi =
        _mm_packs_epi32(_mm_loadu_si128(q + 2), _mm_loadu_si128(q + 3));
    uint64_t bits =
        ~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(lo, hi)) & 0xffffu;
    at[i >> 6] |= bits << (i & 63);
  }
  at[1] |= (uint64_t)(cell[80] >= 0) << 16;
#else
  for (int i = 0; i < 81; i++)
    at[i >> 6] |= (uint64_t)(cell[i] >= 0) << (i & 63);
#endif
}

bool sks_canon9_run(sks_canon9 **fp, const sks_puzzle *p, long budget, int *out,
                    sks_canon_map *map) {
  if (!*fp) {
    *fp = sks_calloc(1, sizeof **fp);
    tables(*fp);
  }
  sks_canon9 *f = *fp;
  f->limit = budget < CAP ? budget : CAP;
  unsigned rows[9] = {0}, cols[9] = {0}, rd[9] = {0}, cd[9] = {0};
  uint64_t at[2] = {0, 0}; /* the given cells, bit i for cell i */
  given_cells(p->cell, at);
  memset(f->val, 0, sizeof f->val);
  memset(f->room, 9, sizeof f->room);
  int givens = 0;
  unsigned twice = 0;
  for (int h = 0; h < 2; h++)
    for (uint64_t m = at[h]; m; m &= m - 1, givens++) {
      int i = 64 * h + __builtin_ctzll(m), r = i / 9, c = i % 9;
      unsigned v = (unsigned)p->cell[i] + 1;
      f->val[0][r][c] = f->val[1][c][r] = (uint8_t)v;
      f->room[0][r]--;
      f->room[1][c]--;
      rows[r] |= 1u << c;
      cols[c] |= 1u << r;
      twice |= (rd[r] | cd[c]) >> v;
      rd[r] |= 1u << v;
      cd[c] |= 1u << v;
    }
  if (twice & 1)
    return false; /* a repeated digit: canon.c refuses it */
  if (givens == 81)
    return false;
  for (int r = 0; r < 9; r++) {
    f->given[0][r] = (uint16_t)rows[r];
    f->given[1][r] = (uint16_t)cols[r];
  }
  for (int b = 0; b < 9; b += 3)
    if ((!rows[b] + !rows[b + 1] + !rows[b + 2]) > 1 ||
        (!cols[b] + !cols[b + 1] + !cols[b + 2]) > 1)
      return false;
  bool both = memcmp(f->val[0], f->val[1], sizeof f->val[0]) != 0;
  f->nnext = 0;
  for (int t = 0; t < 1 + both; t++) {
    cand9 *c = push(f);
    if (!c)
      return false;
    memset(c, 0, sizeof *c);
    memset(c->key + 1, NEW, 9);
    c->t = (uint8_t)t;
    c->smask = c->cmask[0] = c->cmask[1] = c->cmask[2] = 63;
  }
  if (!levels(f, 0, 9, 3))
    return false;
  if (f->nnext != 1)
    return false;
  const cand9 *c = f->next;
  if (c->smask & (c->smask - 1))
    return false;
  const uint8_t *q = PERM[LOW[c->smask]];
  for (int i = 0; i < 3; i++) {
    int st = q[i];
    if (c->cmask[st] & (c->cmask[st] - 1))
      return false;
    const uint8_t *r = PERM[LOW[c->cmask[st]]];
    for (int j = 0; j < 3; j++)
      f->col[3 * i + j] = 3 * st + r[j];
  }
  int next = c->next;
  for (int r = 0; r < 9; r++)
    f->row[r] = c->row[r];
  f->label[0] = -1;
  for (int d = 0; d < 9; d++)
    f->label[d + 1] = f->digit[d] =
        c->key[d + 1] != NEW ? c->key[d + 1] - 1 : next++;
  *map = (sks_canon_map){9, c->t != 0, f->row, f->col, f->digit};
  if (out) /* sks_canon_apply(map, p->cell, out), for 9x9 */
    for (int r = 0; r < 9; r++) {
      const uint8_t *v = f->val[c->t][c->row[r]];
      for (int k = 0; k < 9; k++)
        out[9 * r + k] = f->label[v[f->col[k]]];
    }
  return true;
}
