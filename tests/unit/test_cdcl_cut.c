/* A CDCL engine whose shape rules were cut short by the load deadline
 * must not keep them for the next puzzle of the shape: the next load,
 * with time to spare, answers with a model the validator accepts (the
 * auto route's count falls back to cadical under a time limit, and the
 * same solver then takes the batch's next puzzle). */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>

static void cut_then_whole(const char *backend) {
  sks_solver_options so = {.seed = 1};
  sks_solver *s = sks_solver_new(backend, &so, NULL);
  sks_puzzle *p = sks_puzzle_new(4, 4, 0, NULL, NULL);
  for (int c = 0; c < 16; c++)
    p->cell[c] = c; /* the first row given */
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  sks_solver_set_deadline(s, sks_time() - 1); /* past before it starts */
  sks_solver_load_eo(s, eo, NULL);
  CHECK_EQ(sks_solver_solve(s, NULL), SKS_UNKNOWN);
  sks_solver_set_deadline(s, 0);
  sks_solver_load_eo(s, eo, NULL);
  CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
  int grid[256];
  sks_error err = {0};
  CHECK(!sks_decode_solver(eo, s, grid, &err));
  CHECK(sks_validate(p, grid, &err));
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  sks_solver_delete(s);
}

int main(void) {
  cut_then_whole("cadical");
  cut_then_whole("picosat");
  return check_report();
}
