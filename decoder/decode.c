/* From a model to a grid: the fixed cells of the exactly-one system plus,
 * for the open ones, the one candidate the model makes true. */
#include "eo.h"
#include "sks_decoder.h"
#include "stack_int.h"

#include <stdlib.h>

/* The message for a cell that holds no digit or more than one. */
static int cell_error(const sks_eo *eo, const signed char *model,
                      sks_value_fn value, const void *src, int i,
                      sks_error *err) {
  int n = eo->n, digit = -1;
  for (int d = 0; d < n; d++) {
    int v = sks_cell_var(n, i, d);
    int x = eo->val[v] ? eo->val[v] : model ? model[v] : value(src, v);
    if (x <= 0)
      continue;
    if (digit >= 0)
      return sks_error_set(err, -1, 0, 0,
                           "model sets cell r%dc%d to both %d and %d",
                           i / n + 1, i % n + 1, digit + 1, d + 1);
    digit = d;
  }
  return sks_error_set(err, -1, 0, 0, "model leaves cell r%dc%d empty",
                       i / n + 1, i % n + 1);
}

/* model, when not NULL, answers every open candidate without a call; its
 * loop has no branch on the data (a cell's digit sits anywhere in its
 * row, which a branch would mispredict once a cell). */
static int decode(const sks_eo *eo, const signed char *model,
                  sks_value_fn value, const void *src, int *grid,
                  sks_error *err) {
  int n = eo->n;
  for (int i = 0; i < n * n; i++) {
    const signed char *fixed = eo->val + i * n + 1;
    int digit = -1, set = 0;
    if (model) {
      const signed char *m = model + i * n + 1;
      for (int d = 0; d < n; d++) {
        int x = fixed[d] + (fixed[d] == 0) * m[d]; /* no short cut */
        int on = x > 0;
        set += on;
        digit = on ? d : digit;
      }
    } else {
      for (int d = 0; d < n; d++) {
        int x = fixed[d] ? fixed[d] : value(src, sks_cell_var(n, i, d));
        set += x > 0;
        digit = x > 0 ? d : digit;
      }
    }
    if (set != 1)
      return cell_error(eo, model, value, src, i, err);
    grid[i] = digit;
  }
  return 0;
}

/* A grid the solver holds (sks_solver_grid), taken when the system fixed
 * no cell: each cell's digit must be in range and not a candidate the
 * system ruled out.  Returns false to leave the cell-by-cell decoding
 * (and its messages) to the caller. */
static bool take_grid(const sks_eo *eo, const unsigned char *g, int *grid) {
  if (!g || eo->nfixed)
    return false;
  int n = eo->n, bad = 0;
  if (n == 9 && eo->nopen_vars == eo->nvars) { /* the same, 9x9: a count
                                                  the compiler vectorizes */
    for (int i = 0; i < 81; i++) {
      bad |= g[i] >= 9;
      grid[i] = g[i];
    }
    return !bad;
  }
  if (eo->nopen_vars == eo->nvars) { /* no candidate false: digits only */
    for (int i = 0; i < n * n; i++) {
      bad |= g[i] >= n;
      grid[i] = g[i];
    }
    return !bad;
  }
  for (int i = 0; i < n * n; i++) {
    int d = g[i] < n ? g[i] : 0;
    bad |= (g[i] >= n) | (eo->val[sks_cell_var(n, i, d)] < 0);
    grid[i] = d;
  }
  return !bad;
}

int sks_decode_values(const sks_eo *eo, sks_value_fn value, const void *src,
                      int *grid, sks_error *err) {
  return decode(eo, NULL, value, src, grid, err);
}

static int solver_value(const void *src, int var) {
  return sks_solver_value(src, var);
}

int sks_decode_solver(const sks_eo *eo, const sks_solver *s, int *grid,
                      sks_error *err) {
  if (take_grid(eo, sks_solver_grid(s, 0), grid))
    return 0;
  int nvars;
  const signed char *model = sks_solver_model(s, &nvars);
  if (nvars < eo->nvars)
    model = NULL;
  return decode(eo, model, solver_value, s, grid, err);
}

typedef struct model_src {
  const sks_model *m;
  const int *inverse; /* x var -> CNF var, or NULL for identity */
} model_src;

/* The first two solutions a native count kept. */
static int first_value(const void *src, int var) {
  return sks_solver_solution_value(src, 0, var);
}

static int second_value(const void *src, int var) {
  return sks_solver_solution_value(src, 1, var);
}

int sks_decode_kept(const sks_eo *eo, const sks_solver *s, int which, int *grid,
                    sks_error *err) {
  if (take_grid(eo, sks_solver_grid(s, which), grid))
    return 0;
  return decode(eo, NULL, which ? second_value : first_value, s, grid, err);
}

static int model_value(const void *src, int var) {
  const model_src *ms = src;
  int v = ms->inverse ? ms->inverse[var] : var;
  if (v <= 0 || v > ms->m->nvars)
    return -1;
  return ms->m->val[v];
}

int sks_decode_model(const sks_eo *eo, const sks_cnf_desc *desc,
                     const sks_model *m, int *grid, sks_error *err) {
  model_src ms = {m, NULL};
  int *inverse = NULL;
  if (desc && desc->map) {
    inverse = sks_calloc((size_t)eo->nvars + 1, sizeof *inverse);
    for (int i = 0; i < desc->nmap; i++)
      if (desc->map[i] >= 1 && desc->map[i] <= eo->nvars)
        inverse[desc->map[i]] = i + 1;
    ms.inverse = inverse;
  }
  int res = sks_decode_values(eo, model_value, &ms, grid, err);
  free(inverse);
  return res;
}

int sks_decode_cnf(const sks_cnf_desc *desc, const sks_model *m,
                   sks_puzzle **puzzle, int **grid, sks_error *err) {
  *puzzle = NULL;
  *grid = NULL;
  sks_puzzle *p = sks_cnf_desc_puzzle(desc, err);
  if (!p)
    return -1;
  /* The same propagation as the encoder's rebuilds the fixed cells the
   * CNF leaves out. */
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, desc->propagate);
  int *g = sks_malloc((size_t)p->shape->n * p->shape->n * sizeof *g);
  int res = -2;
  if (!sks_decode_model(eo, desc, m, g, err) && sks_validate(p, g, err))
    res = 0;
  sks_eo_delete(eo);
  if (res) {
    free(g);
    sks_puzzle_delete(p);
    return res;
  }
  *puzzle = p;
  *grid = g;
  return 0;
}
