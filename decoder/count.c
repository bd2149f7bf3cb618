/* Counting solutions: blocking clauses over the free cells' primary
 * variables until the solver says there are no more, or natively for
 * backends that count (DLX).  Every solution is validated on the way. */
#include "eo.h"
#include "sks_decoder.h"
#include "stack_int.h"

#include <string.h>

sks_count_result sks_count(sks_solver *s, const sks_eo *eo, const sks_puzzle *p,
                           long long limit, const sks_limits *lim, int *first,
                           int *second, int *scratch, sks_error *err) {
  static const sks_limits none = {0, 0};
  sks_count_result res = {0, SKS_SAT, false};
  if (!lim)
    lim = &none;
  int n = eo->n, cells = n * n;
  double start = sks_time();
  if (sks_solver_counts_natively(s)) {
    int status = SKS_UNKNOWN;
    res.count = sks_solver_count(s, limit, lim, &status);
    res.status = status;
    res.at_limit = limit && res.count >= limit;
    if (status == SKS_UNKNOWN && !sks_solver_counts_natively(s)) {
      /* The auto route gave the puzzle to an engine that blocks (its
       * budget ran out): count again there, in the time left. */
      res = (sks_count_result){0, SKS_SAT, false};
      goto blocking;
    }
    if (first && res.count > 0 &&
        (sks_decode_kept(eo, s, 0, first, err) || !sks_validate(p, first, err)))
      res.status = -1;
    if (second && res.count > 1 &&
        (sks_decode_kept(eo, s, 1, second, err) ||
         !sks_validate(p, second, err)))
      res.status = -1;
    return res;
  }
blocking:;
  int *own = scratch ? NULL : sks_malloc(2 * (size_t)cells * sizeof *own);
  int *grid = scratch ? scratch : own, *block = grid + cells;
  sks_limits now;
  while (!limit || res.count < limit) {
    if (!sks_limits_left(lim, start, &now)) {
      res.status = SKS_UNKNOWN;
      break;
    }
    int r = sks_solver_solve(s, &now);
    if (r == SKS_UNSAT)
      break;
    if (r != SKS_SAT) {
      res.status = SKS_UNKNOWN;
      break;
    }
    /* Read the whole model before adding anything. */
    if (sks_decode_solver(eo, s, grid, err) || !sks_validate(p, grid, err)) {
      res.status = -1;
      break;
    }
    if (res.count == 0 && first)
      memcpy(first, grid, (size_t)cells * sizeof *grid);
    if (res.count == 1 && second)
      memcpy(second, grid, (size_t)cells * sizeof *grid);
    res.count++;
    if (limit && res.count >= limit) {
      res.at_limit = true;
      break;
    }
    int k = 0;
    for (int i = 0; i < cells; i++)
      if (p->cell[i] < 0)
        block[k++] = -sks_var(n, i / n, i % n, grid[i]);
    sks_solver_add_clause(s, block, k);
  }
  free(own);
  return res;
}
