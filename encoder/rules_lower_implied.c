/* Sums the Sudoku rules imply beside the rules' own: the killer cages'
 * innies and outies, and the little killers of one direction together. */
#include "cages.h"
#include "rules_lower_int.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Sums the cages imply (innies and outies). */

/* Cells of an implied sum, at most (BENCHMARKS.md, "Sums: houses, groups
 * and implied sums": 1-3 cells a little faster than none on the
 * MATHEMAGIC killers, 6 slower). */
enum { MAX_IMPLIED = 3 };

typedef struct cellset {
  int k;
  int cells[MAX_IMPLIED];
} cellset;

typedef SKS_STACK(cellset) cellsets;

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Adds sum(cells) == target unless the same cells were summed before. */
static void implied_sum(low *w, cellsets *seen, const int *cells, int k,
                        long target) {
  cellset c = {k, {0}};
  memcpy(c.cells, cells, (size_t)k * sizeof *cells);
  qsort(c.cells, (size_t)k, sizeof *c.cells, cmp_int);
  for (size_t i = 0; i < seen->n; i++)
    if (seen->a[i].k == k &&
        !memcmp(seen->a[i].cells, c.cells, (size_t)k * sizeof *cells))
      return;
  SKS_PUSH(*seen, c);
  terms tt = {0};
  for (int i = 0; i < k; i++)
    sks_lower_add_term(&tt, c.cells[i], 1, LTRUE);
  sks_lower_sum_cells(w, &tt, target);
  SKS_STACK_FREE(tt);
}

/* The little killers of one direction together (down and right, or
 * down and left): their diagonals are parallel, so share no cell, and
 * their cells sum to their clues' total.  A person adds them up to meet
 * the houses they nearly cover; the sum's rewriting (a house it mostly
 * holds, cells of one region as a group) gives the solver the same. */
void sks_lower_combined_diagonals(low *w, const sks_rules *rs) {
  int n = w->n;
  for (int dir = 0; dir < 2; dir++) {
    terms tt = {0};
    long total = 0;
    int count = 0;
    unsigned char *used = sks_calloc((size_t)n * n, 1);
    for (int i = 0; i < rs->count; i++) {
      const sks_rule *r = &rs->rule[i];
      if (r->kind != SKS_RULE_LITTLE_KILLER || r->ncells < 2 ||
          r->value == SKS_RULE_NO_VALUE)
        continue;
      int a = r->cells[0], b = r->cells[1];
      int dr = b / n - a / n, dc = b % n - a % n;
      if ((dr * dc > 0) != (dir == 0))
        continue;
      bool fresh_cells = true;
      for (int j = 0; j < r->ncells; j++)
        fresh_cells &= !used[r->cells[j]];
      if (!fresh_cells)
        continue; /* the same diagonal clued twice */
      for (int j = 0; j < r->ncells; j++) {
        used[r->cells[j]] = 1;
        sks_lower_add_term(&tt, r->cells[j], 1, LTRUE);
      }
      total += r->value;
      count++;
    }
    if (count >= 2)
      sks_lower_sum_cells(w, &tt, total);
    free(used);
    SKS_STACK_FREE(tt);
  }
}

/* A sum a house and the fixed sums crossing it imply, as clauses: one of
 * at most MAX_IMPLIED cells through implied_sum (once, with the innies and
 * outies), a longer one as it is (crossing.c emits each once). */
typedef struct crossing_ctx {
  low *w;
  cellsets *seen;
} crossing_ctx;

static void crossing_sum(void *ctx, const int *cells, int k, long total) {
  crossing_ctx *x = ctx;
  if (k <= MAX_IMPLIED) {
    implied_sum(x->w, x->seen, cells, k, total);
    return;
  }
  terms tt = {0};
  for (int i = 0; i < k; i++)
    sks_lower_add_term(&tt, cells[i], 1, LTRUE);
  sks_lower_sum_cells(x->w, &tt, total);
  SKS_STACK_FREE(tt);
}

/* The killer cages with sums that share no cell (the first of two that
 * do), and every house or band of whole rows or columns R: the cells of
 * R outside the cages inside it (innies) sum to R's total less theirs;
 * when cages cover R, the cells of the cages that cross its edge outside
 * it (outies) sum to the crossing cages' total less the innies'.  Each of
 * at most MAX_IMPLIED cells is added as a sum: they follow from the
 * rules and the houses, and give the solver the sums a person reads.
 * Then the sums a house and the fixed sums crossing it imply (cages.h),
 * those the innies and outies gave not again. */
void sks_lower_implied_cages(low *w, const sks_rules *rs) {
  int n = w->n, N = n * n;
  const sks_shape *s = w->eo->shape;
  cellsets seen = {0};
  crossing_ctx x = {w, &seen};
  int *cage = sks_malloc((size_t)N * sizeof *cage); /* cell -> rule, -1 */
  int ncages = sks_rules_cage_map(rs, N, cage);
  if (ncages < 2) {
    free(cage);
    sks_rules_crossing_sums(rs, s, sks_rules_first_value(rs), crossing_sum, &x);
    SKS_STACK_FREE(seen);
    return;
  }
  long house = (long)n * (n + 1) / 2 - (long)w->off * n; /* its values */
  bool *in = sks_malloc((size_t)N * sizeof *in);
  char *state = sks_malloc((size_t)rs->count); /* 0 out, 1 inside, 2 part */
  int *innie = sks_malloc((size_t)N * sizeof *innie);
  int *outie = sks_malloc((size_t)N * sizeof *outie);
  /* R: each region, then bands of rows a..b and of columns a..b */
  int nr = s->nregions + n * (n - 1);
  for (int q = 0; q < nr; q++) {
    int houses = 1;
    memset(in, 0, (size_t)N * sizeof *in);
    if (q < s->nregions) {
      for (int i = 0; i < n; i++)
        in[s->region[(size_t)q * n + i]] = true;
    } else {
      int b = q - s->nregions, col = b >= n * (n - 1) / 2;
      b %= n * (n - 1) / 2;
      int lo = 0, len = 2; /* bands of 2 .. n-1 lines, each start */
      while (b >= n - len + 1) {
        b -= n - len + 1;
        len++;
      }
      lo = b;
      houses = len;
      for (int c = 0; c < N; c++) {
        int line = col ? c % n : c / n;
        in[c] = line >= lo && line < lo + len;
      }
    }
    memset(state, 0, (size_t)rs->count);
    for (int c = 0; c < N; c++)
      if (cage[c] >= 0)
        state[cage[c]] |= in[c] ? 1 : 2;
    long rest = houses * house, cross = 0;
    int ni = 0, no = 0;
    bool covered = true;
    for (int i = 0; i < rs->count; i++)
      if (state[i] == 1)
        rest -= rs->rule[i].value;
      else if (state[i] == 3)
        cross += rs->rule[i].value;
    for (int c = 0; c < N; c++)
      if (in[c] && (cage[c] < 0 || state[cage[c]] != 1)) {
        innie[ni++] = c;
        covered &= cage[c] >= 0;
      }
    if (ni >= 1 && ni <= MAX_IMPLIED)
      implied_sum(w, &seen, innie, ni, rest);
    if (!covered)
      continue;
    for (int c = 0; c < N; c++)
      if (!in[c] && cage[c] >= 0 && state[cage[c]] == 3)
        outie[no++] = c;
    if (no >= 1 && no <= MAX_IMPLIED)
      implied_sum(w, &seen, outie, no, cross - rest);
  }
  sks_rules_crossing_sums(rs, s, sks_rules_first_value(rs), crossing_sum, &x);
  SKS_STACK_FREE(seen);
  free(outie);
  free(innie);
  free(state);
  free(in);
  free(cage);
}
