/* Canonical forms (minlex) of puzzles under the validity-preserving
 * group: a row-by-row search over partial transformations that keeps,
 * row after row, only those whose prefix is the smallest. */
#include "canon_int.h"
#include "stack_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* How the search works.  The canonical string is built one row at a
 * time.  A candidate is a partial transformation: the transposition, the
 * input rows chosen for the canonical rows so far, the digit labels given
 * so far, and the columns as an ordered partition -- the stacks in an
 * order whose adjacent equal stacks may still trade places, and in each
 * stack its columns in an order whose adjacent equal columns may still
 * trade places -- standing for every column permutation that gives the
 * rows so far.  The next row of a candidate is each input row the band
 * structure allows (the next row of the current band, or the first row
 * of an unused band); within every part of the partition its cells sort
 * blank first, then labelled digits by label, then digits not yet
 * labelled, which all compare equal: a row's digits are distinct, and a
 * new digit takes the next label whatever the order, so the row's string
 * does not depend on how equal new digits are ordered.  Only when the
 * string is no greater than the best of the row are those orders
 * enumerated (each gives other labels), and candidates whose row is
 * greater are dropped: after the last row the survivors all give the
 * canonical form.  Two input rows of one band (or two unused bands) that
 * are equal are automorphisms, and only the first is tried. */

typedef uint16_t u16;
enum { NEWK = 0xffff };

struct sks_canon {
  int n, R, C, S; /* side, box rows and columns, stacks (= R) */
  int stride;     /* u16 per candidate */
  int o_row, o_used, o_sorder, o_sbound, o_corder, o_cbound, o_label;
  u16 *grid[2]; /* n*n: 0 blank, d+1; [1] transposed */
  u16 *cur, *next;
  long ncur, nnext;
  size_t capcur, capnext;
  int list_stride; /* the stride cur and next are sized in */
  u16 *best;       /* the best row of the level */
  bool have_best;
  u16 *child;                 /* scratch: a refined candidate */
  unsigned char *first_ok[2]; /* rows whose pattern can open the form */
  u16 *count;                 /* givens by orientation, row and stack */
  u16 *rep[2];                /* the first row of its band equal to each row */
  u16 *brep[2];               /* the first band equal to each band */
  u16 *key;
  int *runs; /* (kind, start, len) triples: equal new digits or stacks */
  int nruns;
  long budget;
  long steps;      /* full grids: columns tried for the first two rows */
  double deadline; /* sks_canon_set_deadline's, or 0 */
  bool over, late; /* late: over by the deadline */
  int *map_row, *map_col, *map_digit;
  int cap_n;
  int *fg;            /* full grids: the first two rows' search (6n ints) */
  sks_canon_gen *gen; /* the general search, made on first use */
  long ties;          /* automorphisms found by the last general search */
  sks_canon9 *fast;   /* the 9x9 search, made on first use */
  bool general;       /* 9x9 puzzles skip it */
};

sks_canon *sks_canon_new(void) {
  sks_canon *z = sks_calloc(1, sizeof *z);
  z->budget = 1L << 20;
  return z;
}

void sks_canon_set_budget(sks_canon *z, long candidates) {
  z->budget = candidates > 0 ? candidates : 1L << 20;
}

void sks_canon_set_deadline(sks_canon *z, double deadline) {
  z->deadline = deadline;
}

/* Read every 1,024 steps: the deadline ends the search as the budget
 * does. */
static bool late(sks_canon *z, long step) {
  if (z->deadline > 0 && step % 1024 == 0 && sks_past(z->deadline))
    z->over = z->late = true;
  return z->late;
}

void sks_canon_set_general(sks_canon *z, bool general) {
  z->general = general;
}

void sks_canon_delete(sks_canon *z) {
  if (!z)
    return;
  free(z->grid[0]);
  free(z->grid[1]);
  free(z->cur);
  free(z->next);
  free(z->best);
  free(z->child);
  free(z->first_ok[0]);
  free(z->first_ok[1]);
  free(z->count);
  for (int t = 0; t < 2; t++) {
    free(z->rep[t]);
    free(z->brep[t]);
  }
  free(z->key);
  free(z->runs);
  free(z->map_row);
  free(z->map_col);
  free(z->map_digit);
  free(z->fg);
  sks_canon_gen_delete(z->gen);
  sks_canon9_delete(z->fast);
  free(z);
}

static void setup(sks_canon *z, int n, int R, int C) {
  bool grow = n > z->cap_n;
  z->n = n;
  z->R = R;
  z->C = C;
  z->S = n / C;
  z->o_row = 2;
  z->o_used = z->o_row + n;
  z->o_sorder = z->o_used + n;
  z->o_sbound = z->o_sorder + z->S;
  z->o_corder = z->o_sbound + z->S;
  z->o_cbound = z->o_corder + n;
  z->o_label = z->o_cbound + n;
  z->stride = z->o_label + n;
  /* The lists hold capcur and capnext candidates of list_stride u16:
   * another stride (another side, or the same side with other boxes)
   * starts them again, sized on use. */
  if (z->stride != z->list_stride) {
    free(z->cur);
    free(z->next);
    z->cur = z->next = NULL;
    z->capcur = z->capnext = 0;
    z->list_stride = z->stride;
  }
  if (!grow)
    return;
  z->cap_n = n;
  size_t cells = (size_t)n * n;
  for (int t = 0; t < 2; t++) {
    z->grid[t] = sks_realloc(z->grid[t], cells * sizeof(u16));
    z->first_ok[t] = sks_realloc(z->first_ok[t], (size_t)n);
    z->rep[t] = sks_realloc(z->rep[t], (size_t)n * sizeof(u16));
    z->brep[t] = sks_realloc(z->brep[t], (size_t)n * sizeof(u16));
  }
  z->best = sks_realloc(z->best, (size_t)n * sizeof(u16));
  z->count = sks_realloc(z->count, 2 * (size_t)n * n * sizeof(u16));
  z->key = sks_realloc(z->key, (size_t)n * sizeof(u16));
  /* child and runs sized for any boxes of this side (up to n stacks) */
  z->child = sks_realloc(
      z->child,
      ((size_t)z->stride - 2 * (size_t)z->S + 2 * (size_t)n + 8) * sizeof(u16));
  z->runs = sks_realloc(z->runs, (size_t)(3 * (n + n) + 3) * sizeof(int));
  z->map_row = sks_realloc(z->map_row, (size_t)n * sizeof(int));
  z->map_col = sks_realloc(z->map_col, (size_t)n * sizeof(int));
  z->map_digit = sks_realloc(z->map_digit, (size_t)n * sizeof(int));
  z->fg = sks_realloc(z->fg, 7 * (size_t)n * sizeof(int));
}

/* Room for one more candidate in the next list; NULL past the budget. */
static u16 *push_next(sks_canon *z) {
  if (z->nnext >= z->budget) {
    z->over = true;
    return NULL;
  }
  if ((size_t)z->nnext == z->capnext) /* a candidate is stride u16 */
    z->next = sks_stack_grow(z->next, &z->capnext, (size_t)z->nnext + 1,
                             (size_t)z->stride * sizeof(u16));
  return z->next + (size_t)z->nnext++ * (size_t)z->stride;
}

/* Compares the segments (C keys in order) of stacks a and b. */
static int seg_cmp(const sks_canon *z, const u16 *cand, int a, int b) {
  const u16 *ca = cand + z->o_corder + a * z->C;
  const u16 *cb = cand + z->o_corder + b * z->C;
  for (int j = 0; j < z->C; j++) {
    u16 x = z->key[ca[j]], y = z->key[cb[j]];
    if (x != y)
      return x < y ? -1 : 1;
  }
  return 0;
}

/* Sorts the column parts of stack st by key, splits them where keys
 * differ, and lists runs of two or more new digits. */
static void refine_stack(sks_canon *z, u16 *c, int st) {
  int C = z->C;
  u16 *o = c + z->o_corder + st * C, *bd = c + z->o_cbound + st * C;
  const u16 *key = z->key;
  for (int a = 0; a < C;) {
    int b = a + 1;
    while (b < C && !bd[b])
      b++;
    for (int i = a + 1; i < b; i++) {
      u16 x = o[i], kx = key[x];
      int j = i;
      while (j > a && key[o[j - 1]] > kx) {
        o[j] = o[j - 1];
        j--;
      }
      o[j] = x;
    }
    for (int i = a + 1; i < b; i++)
      if (key[o[i]] != key[o[i - 1]])
        bd[i] = 1;
    int k = b; /* new digits are last in the part */
    while (k > a && key[o[k - 1]] == NEWK)
      k--;
    if (b - k > 1) {
      z->runs[3 * z->nruns] = 0;
      z->runs[3 * z->nruns + 1] = st * C + k;
      z->runs[3 * z->nruns + 2] = b - k;
      z->nruns++;
    }
    a = b;
  }
}

/* Refines z->child (a copy of its parent with input row s placed) by
 * that row, part of stacks by part of stacks in slot order: sorts the
 * column parts of the part's stacks, then the stacks by their segments,
 * splits parts where keys differ, lists the runs of equal new digits and
 * of equal stacks holding new digits in z->runs, and writes the row's
 * string to row.  Compared with the best row as it goes: returns 1 as
 * soon as the row is greater (the child is then unfinished), else -1 or
 * 0 for less or equal (always -1 when there is no best yet). */
static int refine(sks_canon *z, int s, u16 *row) {
  u16 *c = z->child;
  int n = z->n, C = z->C, S = z->S;
  const u16 *v = z->grid[c[0]] + (size_t)s * n;
  const u16 *label = c + z->o_label;
  for (int col = 0; col < n; col++) {
    u16 d = v[col];
    z->key[col] = !d ? 0 : label[d - 1] ? label[d - 1] : NEWK;
  }
  z->nruns = 0;
  int cmp = z->have_best ? 0 : -1;
  u16 next = c[1];
  u16 *corder = c + z->o_corder;
  u16 *sorder = c + z->o_sorder, *sbound = c + z->o_sbound;
  for (int a = 0; a < S;) {
    int b = a + 1;
    while (b < S && !sbound[b])
      b++;
    for (int i = a; i < b; i++)
      refine_stack(z, c, sorder[i]);
    for (int i = a + 1; i < b; i++) {
      u16 x = sorder[i];
      int j = i;
      while (j > a && seg_cmp(z, c, sorder[j - 1], x) > 0) {
        sorder[j] = sorder[j - 1];
        j--;
      }
      sorder[j] = x;
    }
    for (int i = a; i < b;) {
      int e = i + 1;
      while (e < b && !seg_cmp(z, c, sorder[i], sorder[e]))
        e++;
      if (e < b)
        sbound[e] = 1;
      bool fresh = false;
      const u16 *o = corder + sorder[i] * C;
      for (int j = 0; j < C && !fresh && e - i > 1; j++)
        fresh = z->key[o[j]] == NEWK;
      if (fresh) {
        z->runs[3 * z->nruns] = 1;
        z->runs[3 * z->nruns + 1] = i;
        z->runs[3 * z->nruns + 2] = e - i;
        z->nruns++;
      }
      i = e;
    }
    for (int i = a; i < b; i++) {
      const u16 *o = corder + sorder[i] * C;
      for (int j = 0; j < C; j++) {
        u16 k = z->key[o[j]];
        u16 x = row[i * C + j] = k == NEWK ? ++next : k;
        if (!cmp && x != z->best[i * C + j]) {
          cmp = x < z->best[i * C + j] ? -1 : 1;
          if (cmp > 0)
            return 1;
        }
      }
    }
    a = b;
  }
  return cmp;
}

/* The child with every run in its current order: runs become single
 * parts, new digits take labels in column order. */
static void emit(sks_canon *z, int s) {
  u16 *out = push_next(z);
  if (!out)
    return;
  int n = z->n, C = z->C, S = z->S;
  memcpy(out, z->child, (size_t)z->stride * sizeof(u16));
  for (int r = 0; r < z->nruns; r++) {
    int kind = z->runs[3 * r], start = z->runs[3 * r + 1],
        len = z->runs[3 * r + 2];
    u16 *bd = out + (kind ? z->o_sbound : z->o_cbound);
    for (int i = 1; i < len; i++)
      bd[start + i] = 1;
  }
  const u16 *v = z->grid[out[0]] + (size_t)s * n;
  u16 *label = out + z->o_label;
  const u16 *sorder = out + z->o_sorder, *corder = out + z->o_corder;
  for (int i = 0; i < S; i++) {
    const u16 *o = corder + sorder[i] * C;
    for (int j = 0; j < C; j++) {
      u16 d = v[o[j]];
      if (d && !label[d - 1])
        label[d - 1] = ++out[1];
    }
  }
}

/* Every order of the runs from run r on (each run permuted in place),
 * emitting a child for each. */
static void branch(sks_canon *z, int s, int r, int pos) {
  if (z->over)
    return;
  if (r == z->nruns) {
    emit(z, s);
    return;
  }
  int kind = z->runs[3 * r], start = z->runs[3 * r + 1],
      len = z->runs[3 * r + 2];
  if (pos >= len - 1) {
    branch(z, s, r + 1, 0);
    return;
  }
  u16 *a = z->child + (kind ? z->o_sorder : z->o_corder) + start;
  for (int x = pos; x < len; x++) {
    u16 t = a[pos];
    a[pos] = a[x];
    a[x] = t;
    branch(z, s, r, pos + 1);
    t = a[pos];
    a[pos] = a[x];
    a[x] = t;
  }
}

/* Whether input row s is sure to read greater than the best row in
 * candidate cand, told stack by stack while each stack is a part of its
 * own (its values then come from it alone: each column part sorted, new
 * digits labelled in order): an early cut that spares the copy and the
 * whole row's refinement. */
static bool greater_early(const sks_canon *z, const u16 *cand, int s) {
  int C = z->C, S = z->S;
  if (!z->have_best)
    return false;
  const u16 *v = z->grid[cand[0]] + (size_t)s * z->n;
  const u16 *label = cand + z->o_label, *sbound = cand + z->o_sbound;
  u16 key[SKS_MAX_N], next = cand[1];
  for (int i = 0; i < S && (i + 1 == S || sbound[i + 1]); i++) {
    int st = cand[z->o_sorder + i];
    const u16 *o = cand + z->o_corder + st * C;
    const u16 *bd = cand + z->o_cbound + st * C, *best = z->best + i * C;
    for (int j = 0; j < C; j++) {
      u16 d = v[o[j]];
      key[j] = !d ? 0 : label[d - 1] ? label[d - 1] : NEWK;
    }
    for (int a = 0; a < C;) {
      int b = a + 1;
      while (b < C && !bd[b])
        b++;
      for (int k = a + 1; k < b; k++) {
        u16 x = key[k];
        int j = k;
        while (j > a && key[j - 1] > x) {
          key[j] = key[j - 1];
          j--;
        }
        key[j] = x;
      }
      for (int k = a; k < b; k++) {
        u16 x = key[k] == NEWK ? ++next : key[k];
        if (x != best[k])
          return x > best[k];
      }
      a = b;
    }
  }
  return false;
}

/* Tries input row s as canonical row `level` of candidate cand. */
static void try_row(sks_canon *z, const u16 *cand, int level, int s) {
  if (greater_early(z, cand, s))
    return;
  u16 *c = z->child;
  memcpy(c, cand, (size_t)z->stride * sizeof(u16));
  c[z->o_row + level] = (u16)s;
  c[z->o_used + s] = 1;
  u16 row[SKS_MAX_N];
  int cmp = refine(z, s, row);
  if (cmp > 0)
    return;
  if (cmp < 0)
    z->nnext = 0;
  memcpy(z->best, row, (size_t)z->n * sizeof(u16));
  z->have_best = true;
  branch(z, s, 0, 0);
}

static bool rows_equal(const sks_canon *z, int t, int a, int b) {
  const u16 *g = z->grid[t];
  return !memcmp(g + (size_t)a * z->n, g + (size_t)b * z->n,
                 (size_t)z->n * sizeof(u16));
}

static bool bands_equal(const sks_canon *z, int t, int a, int b) {
  const u16 *g = z->grid[t];
  size_t len = (size_t)z->R * z->n;
  return !memcmp(g + (size_t)a * len, g + (size_t)b * len, len * sizeof(u16));
}

/* Whether unused band b of candidate c is left out: an equal band
 * before it is unused too (equal bands are an automorphism). */
static inline bool band_dup(const sks_canon *z, const u16 *c, int b) {
  int R = z->R;
  const u16 *brep = z->brep[c[0]];
  for (int q = brep[b]; q < b; q++)
    if (!c[z->o_used + q * R] && brep[q] == brep[b])
      return true;
  return false;
}

/* Whether input row s is left out at row `level` of candidate c: an
 * equal row of its band (equal rows are an automorphism) is tried
 * instead -- one before it, unused, in the band being filled; the
 * first of them in a new band -- or, the first row, its givens cannot
 * open the form. */
static inline bool row_skip(const sks_canon *z, const u16 *c, int level, int s,
                            bool in_band) {
  const u16 *rep = z->rep[c[0]];
  if (in_band) {
    for (int q = rep[s]; q < s; q++)
      if (!c[z->o_used + q] && rep[q] == rep[s])
        return true;
    return false;
  }
  return rep[s] != s || (!level && !z->first_ok[c[0]][s]);
}

/* The level loop and the rows a candidate may take next
 * (minlex_search_int.h). */
static inline long level_start(sks_canon *z) {
  u16 *tmp = z->cur;
  z->cur = z->next;
  z->next = tmp;
  size_t cap = z->capcur;
  z->capcur = z->capnext;
  z->capnext = cap;
  z->ncur = z->nnext;
  z->nnext = 0;
  z->have_best = false;
  return z->ncur;
}

#define MINLEX_LINES extend
#define MINLEX_LEVELS levels
#define MINLEX_STATE sks_canon
#define MINLEX_CAND const u16 *
#define MINLEX_USED(z, c, x) ((c)[(z)->o_used + (x)])
#define MINLEX_GROUP_OF(z, c, k) ((c)[(z)->o_row + (k)] / (z)->R)
#define MINLEX_SKIP_BAND(z, c, b) band_dup(z, c, b)
#define MINLEX_SKIP(z, c, k, x, in_band) row_skip(z, c, k, x, in_band)
#define MINLEX_TRY(z, c, k, x) try_row(z, c, k, x)
#define MINLEX_STOP(z) false
#define MINLEX_OVER(z) ((z)->over)
#define MINLEX_LEVEL(z) level_start(z)
#define MINLEX_AT(z, i) ((z)->cur + (size_t)(i) * (size_t)(z)->stride)
#define MINLEX_LATE(z, i) late(z, i)
#define MINLEX_END(z, level) true
#include "minlex_search_int.h"

static bool same_counts(const u16 *a, const u16 *b, int S) {
  for (int i = 0; i < S; i++)
    if (a[i] != b[i])
      return false;
  return true;
}

/* The first row of the form depends only on how many givens each stack
 * of the input row holds (blanks first in each stack, stacks with fewer
 * givens first): only rows whose counts, sorted, are least can open it.
 * z->count holds the counts (orientation, row, stack). */
static void first_rows(sks_canon *z, int orientations) {
  int n = z->n, S = z->S;
  u16 *best = NULL;
  for (int t = 0; t < orientations; t++)
    for (int r = 0; r < n; r++) {
      u16 *cur = z->count + ((size_t)t * n + r) * S;
      for (int st = 1; st < S; st++) {
        u16 k = cur[st];
        int i = st;
        while (i > 0 && cur[i - 1] > k) {
          cur[i] = cur[i - 1];
          i--;
        }
        cur[i] = k;
      }
      int i = 0;
      while (best && i < S && cur[i] == best[i])
        i++;
      if (!best || (i < S && cur[i] < best[i]))
        best = cur;
    }
  for (int t = 0; t < orientations; t++)
    for (int r = 0; r < n; r++)
      z->first_ok[t][r] =
          same_counts(z->count + ((size_t)t * n + r) * S, best, S);
}

/* z->rep and z->brep: equal rows of a band and equal bands are
 * automorphisms of the puzzle, so only the first unused one is tried.
 * Rows with different numbers of givens differ: only equal counts are
 * compared. */
static void equal_lines(sks_canon *z, int orientations) {
  int n = z->n, R = z->R, S = z->S;
  for (int t = 0; t < orientations; t++) {
    for (int s = 0; s < n; s++) {
      int q = s - s % R;
      const u16 *cs = z->count + ((size_t)t * n + s) * S;
      for (; q < s; q++) {
        const u16 *cq = z->count + ((size_t)t * n + q) * S;
        if (same_counts(cq, cs, S) && rows_equal(z, t, q, s))
          break;
      }
      z->rep[t][s] = (u16)q;
    }
    for (int b = 0; b < n / R; b++) {
      int q = 0;
      while (q < b && !bands_equal(z, t, q, b))
        q++;
      z->brep[t][b] = (u16)q;
    }
  }
}

/* The first candidates: identity orders, one part each, no labels. */
static void start(sks_canon *z, int t) {
  u16 *c = push_next(z);
  memset(c, 0, (size_t)z->stride * sizeof(u16));
  c[0] = (u16)t;
  for (int i = 0; i < z->S; i++)
    c[z->o_sorder + i] = (u16)i;
  c[z->o_sbound] = 1;
  for (int i = 0; i < z->n; i++) {
    c[z->o_corder + i] = (u16)i;
    c[z->o_cbound + i] = i % z->C == 0;
  }
}

/* A row (r + 1) or column (-(c + 1)) where the givens repeat a digit, or
 * 0: the search ranks a row's new digits as equal, which holds only when
 * they are distinct. */
static int repeated_line(const sks_puzzle *p) {
  int n = p->shape->n;
  if (n <= 64) {
    uint64_t col[64] = {0};
    for (int r = 0; r < n; r++) {
      uint64_t row = 0;
      for (int c = 0; c < n; c++) {
        int v = p->cell[r * n + c];
        if (v < 0)
          continue;
        uint64_t bit = 1ULL << v;
        if (row & bit)
          return r + 1;
        if (col[c] & bit)
          return -(c + 1);
        row |= bit;
        col[c] |= bit;
      }
    }
    return 0;
  }
  uint64_t seen[(SKS_MAX_N + 63) / 64];
  for (int o = 0; o < 2; o++)
    for (int a = 0; a < n; a++) {
      memset(seen, 0, sizeof seen);
      for (int b = 0; b < n; b++) {
        int v = p->cell[o ? b * n + a : a * n + b];
        if (v < 0)
          continue;
        if (seen[v >> 6] >> (v & 63) & 1)
          return o ? -(a + 1) : a + 1;
        seen[v >> 6] |= 1ULL << (v & 63);
      }
    }
  return 0;
}

/* ---- full grids: the first two rows at once ----
 *
 * A full grid's first row is 1 2 ... n whatever the column order, so
 * every order ties there and the row search would list them all.  Here
 * the first two rows are chosen together: the second row's string is
 * x_c = the canonical column that holds, in the first row, the digit of
 * the second row at canonical column c.  Column by column, each column
 * not yet placed is chosen (every input column its stack allows), and
 * the first-row column of its second-row digit, when not yet placed,
 * goes to the first free canonical column it may take (the next free
 * one of its stack's canonical stack, or the first of the next stack):
 * any other place makes x_c greater.  A branch is cut as soon as its
 * prefix passes the best; the column orders that give the best two rows
 * become the candidates of the row search from the third row on. */

typedef struct full_ctx {
  sks_canon *z;
  int t, r0, r1;
  int *col, *pos, *smap, *sinv, *x, *best, *pi;
  bool have;
  unsigned version; /* counts the bests found */
} full_ctx;

static void full_leaf(full_ctx *f, bool lt) {
  sks_canon *z = f->z;
  int n = z->n, C = z->C;
  if (lt || !f->have) {
    z->nnext = 0;
    memcpy(f->best, f->x, (size_t)n * sizeof *f->x);
    f->have = true;
    f->version++;
  }
  u16 *c = push_next(z);
  if (!c)
    return;
  memset(c, 0, (size_t)z->stride * sizeof(u16));
  c[0] = (u16)f->t;
  c[1] = (u16)n;
  c[z->o_row] = (u16)f->r0;
  c[z->o_row + 1] = (u16)f->r1;
  c[z->o_used + f->r0] = c[z->o_used + f->r1] = 1;
  const u16 *g = z->grid[f->t] + (size_t)f->r0 * n;
  for (int i = 0; i < z->S; i++) {
    int st = f->smap[i];
    c[z->o_sorder + i] = (u16)st;
    c[z->o_sbound + i] = 1;
    for (int j = 0; j < C; j++) {
      int col = f->col[i * C + j];
      c[z->o_corder + st * C + j] = (u16)col;
      c[z->o_cbound + st * C + j] = 1;
      c[z->o_label + g[col] - 1] = (u16)(i * C + j + 1);
    }
  }
}

static void full_dfs(full_ctx *f, int c, bool lt);

/* Column c now holds an input column: its second-row digit's first-row
 * column placed (or found), x_c compared, then the next column. */
static void full_step(full_ctx *f, int c, bool lt) {
  sks_canon *z = f->z;
  int C = z->C, y = f->pi[f->col[c]], placed = -1;
  if (++z->steps > z->budget * 64 || late(z, z->steps)) {
    z->over = true;
    return;
  }
  int xc = f->pos[y], mapped = -1;
  if (xc < 0) {
    int sy = y / C, T = f->sinv[sy];
    if (T < 0) {
      T = 0;
      while (f->smap[T] >= 0)
        T++;
      f->smap[T] = sy;
      f->sinv[sy] = T;
      mapped = T;
    }
    xc = T * C;
    while (f->col[xc] >= 0)
      xc++;
    f->col[xc] = y;
    f->pos[y] = xc;
    placed = xc;
  }
  bool cut = false;
  if (!lt && xc != f->best[c]) {
    cut = xc > f->best[c];
    lt = !cut;
  }
  if (!cut) {
    f->x[c] = xc;
    full_dfs(f, c + 1, lt);
  }
  if (placed >= 0) {
    f->pos[f->col[placed]] = -1;
    f->col[placed] = -1;
  }
  if (mapped >= 0) {
    f->sinv[f->smap[mapped]] = -1;
    f->smap[mapped] = -1;
  }
}

static void full_dfs(full_ctx *f, int c, bool lt) {
  sks_canon *z = f->z;
  int n = z->n, C = z->C;
  if (z->over)
    return;
  if (c == n) {
    full_leaf(f, lt);
    return;
  }
  if (f->col[c] >= 0) {
    full_step(f, c, lt);
    return;
  }
  int T = c / C;
  bool fresh = f->smap[T] < 0;
  for (int s = 0; s < z->S && !z->over; s++) {
    if (fresh ? f->sinv[s] >= 0 : f->smap[T] != s)
      continue;
    if (fresh) {
      f->smap[T] = s;
      f->sinv[s] = T;
    }
    for (int a = s * C; a < s * C + C && !z->over; a++) {
      if (f->pos[a] >= 0)
        continue;
      unsigned v = f->version;
      f->col[c] = a;
      f->pos[a] = c;
      full_step(f, c, lt);
      f->col[c] = -1;
      f->pos[a] = -1;
      if (f->version != v)
        lt = false; /* a leaf below made this prefix the best's */
    }
    if (fresh) {
      f->smap[T] = -1;
      f->sinv[s] = -1;
    }
  }
}

/* The candidates of a full grid after its first two rows, into
 * z->next. */
static void full_rows(sks_canon *z, int orientations) {
  int n = z->n, R = z->R;
  int *fg = z->fg;
  full_ctx f = {.z = z,
                .col = fg,
                .pos = fg + n,
                .smap = fg + 2 * n,
                .sinv = fg + 3 * n,
                .x = fg + 4 * n,
                .best = fg + 5 * n,
                .pi = fg + 6 * n};
  z->nnext = 0;
  z->steps = 0;
  for (int t = 0; t < orientations; t++)
    for (int r0 = 0; r0 < n; r0++)
      for (int r1 = 0; r1 < n; r1++) {
        if (r1 == r0 || (R > 1 ? r1 / R != r0 / R : false))
          continue;
        const u16 *g = z->grid[t];
        int where[SKS_MAX_N];
        for (int x = 0; x < n; x++)
          where[g[r0 * n + x] - 1] = x;
        for (int x = 0; x < n; x++)
          f.pi[x] = where[g[r1 * n + x] - 1];
        for (int i = 0; i < n; i++)
          f.col[i] = f.pos[i] = f.smap[i] = f.sinv[i] = -1;
        f.t = t;
        f.r0 = r0;
        f.r1 = r1;
        full_dfs(&f, 0, !f.have);
        if (z->over)
          return;
      }
}

/* The map a final candidate stands for. */
static void cand_map(const sks_canon *z, const u16 *c, int *row, int *col,
                     int *digit) {
  int n = z->n, C = z->C;
  for (int r = 0; r < n; r++)
    row[r] = c[z->o_row + r];
  for (int i = 0; i < z->S; i++)
    for (int j = 0; j < C; j++)
      col[i * C + j] = c[z->o_corder + c[z->o_sorder + i] * C + j];
  int next = c[1];
  for (int d = 0; d < n; d++)
    digit[d] = c[z->o_label + d] ? c[z->o_label + d] - 1 : next++;
}

/* The general search: a variant, a candidates puzzle, or every
 * automorphism wanted. */
static int general(sks_canon *z, const sks_puzzle *p, int *out,
                   sks_canon_map *map, sks_error *err) {
  sks_canon_map m;
  if (sks_canon_gen_run(&z->gen, p, z->budget * 64, z->deadline, &m, &z->ties,
                        err))
    return -1;
  if (out)
    sks_canon_apply(&m, p->cell, out);
  if (map)
    *map = m;
  return 0;
}

/* A row or column where the givens repeat a digit: no solution, and no
 * canonical form (the search ranks a row's new digits as equal). */
static int refuse_repeats(const sks_puzzle *p, sks_error *err) {
  int line = repeated_line(p);
  if (!line)
    return 0;
  return sks_error_set(err, -1, p->look.line, 0,
                       "the givens repeat a digit in %s %d: no canonical "
                       "form (the puzzle has no solution)",
                       line > 0 ? "row" : "column", line > 0 ? line : -line);
}

int sks_canon_puzzle(sks_canon *z, const sks_puzzle *p, int *out,
                     sks_canon_map *map, sks_error *err) {
  const sks_shape *sh = p->shape;
  int n = sh->n, R = sh->box_rows, C = sh->box_cols;
  sks_canon_map m;
  if (n == 9 && R == 3 && !sh->variants && !p->removed && !z->general &&
      sks_canon9_run(&z->fast, p, z->budget, out, &m)) {
    if (map)
      *map = m;
    return 0;
  }
  if (refuse_repeats(p, err))
    return -1;
  if (sh->variants || p->removed)
    return general(z, p, out, map, err);
  setup(z, n, R, C);
  int S = z->S;
  memset(z->count, 0, 2 * (size_t)n * S * sizeof(u16));
  bool full = true;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      u16 v = (u16)(p->cell[r * n + c] + 1);
      z->grid[0][r * n + c] = v;
      z->grid[1][c * n + r] = v;
      full &= v != 0;
      if (v) {
        z->count[(size_t)r * S + c / C]++;
        if (R == C)
          z->count[((size_t)n + c) * S + r / C]++;
      }
    }
  z->over = z->late = false;
  z->nnext = 0;
  /* Transposition, unless the puzzle is its own transpose. */
  bool both =
      R == C && memcmp(z->grid[0], z->grid[1], (size_t)n * n * sizeof(u16));
  int from = 0;
  if (full && n > 1) {
    full_rows(z, 1 + both);
    from = 2;
  } else {
    start(z, 0);
    if (both)
      start(z, 1);
    first_rows(z, 1 + both);
  }
  equal_lines(z, 1 + both);
  levels(z, from, n, R);
  if (z->late)
    return sks_error_set(err, -1, p->look.line, 0,
                         "canonical form: the time limit ran out");
  if (z->over)
    return sks_error_set(err, -1, p->look.line, 0,
                         "canonical form: the search passed %ld candidates "
                         "a row (a grid with too many symmetries)",
                         z->budget);
  const u16 *c = z->next;
  cand_map(z, c, z->map_row, z->map_col, z->map_digit);
  m = (sks_canon_map){n, c[0] != 0, z->map_row, z->map_col, z->map_digit};
  if (out)
    sks_canon_apply(&m, p->cell, out);
  if (map)
    *map = m;
  return 0;
}

/* A full grid of a plain shape: its automorphisms are the row search's
 * final candidates, each a whole map (the first two rows fix every
 * column, no two rows or bands are equal, and no grid with boxes of two
 * rows or more is its own transpose: its first box would hold the digit
 * of cells (0, 1) and (1, 0) twice, so both orientations are searched). */
static long full_automorphisms(sks_canon *z, const sks_puzzle *p,
                               sks_error *err) {
  if (sks_canon_puzzle(z, p, NULL, NULL, err))
    return -1;
  int n = z->n;
  sks_canon_gen_ties(&z->gen, n);
  int *m = sks_malloc(3 * (size_t)n * sizeof *m);
  for (long i = 0; i < z->nnext; i++) {
    const u16 *c = z->next + (size_t)i * (size_t)z->stride;
    cand_map(z, c, m, m + n, m + 2 * n);
    sks_canon_gen_tie(z->gen, c[0], m, m + n, m + 2 * n);
  }
  free(m);
  return z->nnext;
}

long sks_canon_automorphisms(sks_canon *z, const sks_puzzle *p,
                             sks_error *err) {
  if (refuse_repeats(p, err))
    return -1;
  int cells = p->shape->n * p->shape->n;
  if (!p->shape->variants && !p->removed && p->shape->box_rows > 1 &&
      p->shape->box_cols > 1 && sks_puzzle_givens(p) == cells)
    return full_automorphisms(z, p, err);
  if (general(z, p, NULL, NULL, err))
    return -1;
  return z->ties;
}

bool sks_canon_automorphism(sks_canon *z, long k, sks_canon_map *map) {
  return sks_canon_gen_automorphism(z->gen, k, map);
}
