/* The sums a house and the fixed sums that cross it imply together
 * (cages.h): the house's cells are covered by fixed sums (killer cages
 * with a total, little killers, plain sums) that share no cell, and the
 * gaps by other houses that lie in the gaps; the cells of that cover
 * outside the house then sum to the cover's total less the house's,
 * less any house they hold whole.  A setter reads the same thing off a
 * little killer that crosses a diagonal or a cage that leaves a box.
 * The sum is kept only when it is tight: within a fifth of its range
 * from either end, the range taken over its cells' least and greatest
 * totals with the cells that share a house counted as different digits
 * (a loose sum of many cells costs the solver more than it gives). */
#include "cages.h"
#include "sks_common.h"
#include "stack_int.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixed {
  const int *cells;
  int k;
  long total;
  int overlaps; /* with the other fixed sums crossing the house */
} fixed;

/* A fixed sum: a total over cells named once, each counted once. */
static bool is_fixed(const sks_rule *r, int N) {
  if (r->value == SKS_RULE_NO_VALUE || r->ncells < 1)
    return false;
  if (r->kind != SKS_RULE_CAGE && r->kind != SKS_RULE_LITTLE_KILLER &&
      r->kind != SKS_RULE_SUM)
    return false;
  for (int j = 0; j < r->ncells; j++) {
    if (r->cells[j] < 0 || r->cells[j] >= N)
      return false;
    for (int i = 0; i < j; i++)
      if (r->cells[i] == r->cells[j])
        return false;
  }
  return true;
}

static int cmp_overlaps(const void *a, const void *b) {
  const fixed *x = a, *y = b;
  return (x->overlaps > y->overlaps) - (x->overlaps < y->overlaps);
}

/* same[a * N + b]: cells a and b share one of the nh houses of n cells. */
static unsigned char *pairs(const int *const *hs, int nh, int n) {
  int N = n * n;
  unsigned char *same = sks_calloc((size_t)N * N, 1);
  for (int q = 0; q < nh; q++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        same[(size_t)hs[q][i] * N + hs[q][j]] = 1;
  return same;
}

/* The least and greatest totals of cells (in order), greedy groups of
 * cells that pairwise share a house each taking different values. */
static void bounds(const int *cells, int k, const unsigned char *same, int N,
                   int n, long first, long *lo, long *hi) {
  int *group = sks_malloc((size_t)k * sizeof *group);
  int *size = sks_calloc((size_t)k, sizeof *size);
  int ng = 0;
  for (int i = 0; i < k; i++) {
    group[i] = -1;
    for (int g = 0; g < ng && group[i] < 0; g++) {
      bool all = size[g] < n;
      for (int j = 0; all && j < i; j++)
        all = group[j] != g || same[(size_t)cells[i] * N + cells[j]];
      if (all)
        group[i] = g;
    }
    if (group[i] < 0)
      group[i] = ng++;
    size[group[i]]++;
  }
  *lo = *hi = 0;
  for (int g = 0; g < ng; g++) {
    long s = size[g];
    *lo += s * first + s * (s - 1) / 2;
    *hi += s * (first + n - 1) - s * (s - 1) / 2;
  }
  free(size);
  free(group);
}

void sks_rules_crossing_sums(
    const sks_rules *rs, const sks_shape *sh, int first,
    void (*emit)(void *ctx, const int *cells, int k, long total), void *ctx) {
  int n = sh->n, N = n * n;
  if (!rs || n > 36) /* a pair table of n^4 bytes */
    return;
  long house = (long)n * (n - 1) / 2 + (long)first * n; /* a house's total */
  /* the houses: the shape's regions, the diagonals, regions of n cells */
  int *diag = sks_malloc((size_t)2 * n * sizeof *diag);
  const int **hs =
      sks_malloc(((size_t)sh->nregions + 2 + (size_t)rs->count) * sizeof *hs);
  int nh = 0;
  for (int q = 0; q < sh->nregions; q++)
    hs[nh++] = sh->region + (size_t)q * n;
  fixed *fs = sks_malloc(((size_t)rs->count + 1) * sizeof *fs);
  int nf = 0;
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    if (r->kind == SKS_RULE_DIAGONAL_NEG || r->kind == SKS_RULE_DIAGONAL_POS) {
      int *d = diag + (r->kind == SKS_RULE_DIAGONAL_POS) * n;
      for (int j = 0; j < n; j++)
        d[j] = sks_diagonal_cell(r->kind, n, j);
      hs[nh++] = d;
    } else if (r->kind == SKS_RULE_REGION && r->ncells == n)
      hs[nh++] = r->cells;
    else if (is_fixed(r, N))
      fs[nf++] = (fixed){r->cells, r->ncells, r->value, 0};
  }
  if (!nf) {
    free(fs);
    free(hs);
    free(diag);
    return;
  }
  unsigned char *same = NULL; /* pairs(), when a sum first needs it */
  unsigned char *in = sks_malloc((size_t)N), *cover = sks_malloc((size_t)N);
  int *cells = sks_malloc((size_t)N * sizeof *cells);
  fixed *cross = sks_malloc((size_t)nf * sizeof *cross);
  SKS_STACK(int) done = {0}; /* each sum emitted: k, then its cells */
  for (int b = 0; b < nh; b++) {
    memset(in, 0, (size_t)N);
    for (int i = 0; i < n; i++)
      in[hs[b][i]] = 1;
    /* the fixed sums crossing the house, fewest overlaps first */
    int nc = 0;
    for (int f = 0; f < nf; f++) {
      bool meets = false;
      for (int j = 0; !meets && j < fs[f].k; j++)
        meets = in[fs[f].cells[j]];
      if (meets)
        cross[nc++] = fs[f];
    }
    if (!nc)
      continue;
    for (int f = 0; f < nc; f++) {
      int o = 0;
      for (int g = 0; g < nc; g++) {
        bool meet = false;
        for (int j = 0; g != f && !meet && j < cross[f].k; j++)
          for (int m = 0; !meet && m < cross[g].k; m++)
            meet = cross[f].cells[j] == cross[g].cells[m];
        o += meet;
      }
      cross[f].overlaps = o;
    }
    /* stable: qsort is not, so order by (overlaps, index) by hand */
    for (int i = 1; i < nc; i++)
      for (int j = i; j > 0 && cmp_overlaps(&cross[j - 1], &cross[j]) > 0;
           j--) {
        fixed t = cross[j];
        cross[j] = cross[j - 1];
        cross[j - 1] = t;
      }
    memset(cover, 0, (size_t)N);
    long total = 0;
    for (int f = 0; f < nc; f++) {
      bool free_cells = true;
      for (int j = 0; free_cells && j < cross[f].k; j++)
        free_cells = !cover[cross[f].cells[j]];
      if (!free_cells)
        continue;
      for (int j = 0; j < cross[f].k; j++)
        cover[cross[f].cells[j]] = 1;
      total += cross[f].total;
    }
    /* the gaps filled by houses that lie in them, two cells or more */
    int gap = 0;
    for (int i = 0; i < n; i++)
      gap += !cover[hs[b][i]];
    for (int g = 0; gap && g < nh; g++) {
      if (g == b)
        continue;
      int meet_cover = 0, meet_gap = 0, meet_house = 0;
      for (int i = 0; i < n; i++) {
        int c = hs[g][i];
        meet_cover += cover[c];
        meet_gap += in[c] && !cover[c];
        meet_house += in[c];
      }
      if (meet_cover || meet_gap < 2 || meet_gap != meet_house)
        continue;
      for (int i = 0; i < n; i++)
        cover[hs[g][i]] = 1;
      total += house;
      gap -= meet_gap;
    }
    if (gap)
      continue;
    /* the cover outside the house, less houses it holds whole */
    for (int i = 0; i < n; i++)
      cover[hs[b][i]] = 0;
    total -= house;
    int k = 0;
    for (int c = 0; c < N; c++)
      k += cover[c];
    for (int g = 0; k && g < nh; g++) {
      bool whole = true;
      for (int i = 0; whole && i < n; i++)
        whole = cover[hs[g][i]];
      if (!whole)
        continue;
      for (int i = 0; i < n; i++)
        cover[hs[g][i]] = 0;
      total -= house;
      k -= n;
    }
    if (!k)
      continue;
    k = 0;
    for (int c = 0; c < N; c++)
      if (cover[c])
        cells[k++] = c;
    long lo, hi;
    if (!same)
      same = pairs(hs, nh, n);
    bounds(cells, k, same, N, n, first, &lo, &hi);
    long slack = total - lo < hi - total ? total - lo : hi - total;
    /* outside the bounds: kept, the clauses then have no solution */
    if (slack >= 0 && (hi == lo || hi - lo <= 4 * slack))
      continue;
    /* once: the same cells from another house (cells in order) */
    bool again = false;
    for (size_t i = 0; !again && i < done.n; i += (size_t)done.a[i] + 1)
      again = done.a[i] == k &&
              !memcmp(done.a + i + 1, cells, (size_t)k * sizeof *cells);
    if (again)
      continue;
    SKS_PUSH(done, k);
    for (int i = 0; i < k; i++)
      SKS_PUSH(done, cells[i]);
    emit(ctx, cells, k, total);
  }
  SKS_STACK_FREE(done);
  free(cross);
  free(cells);
  free(cover);
  free(in);
  free(same);
  free(fs);
  free(hs);
  free(diag);
}
