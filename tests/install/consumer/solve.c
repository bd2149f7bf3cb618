/* A program built against an installed sudokusat (pkg-config or
 * find_package): solves the one-line puzzle given as its argument through
 * the library, checks the answer with sks_validate and prints it.  Exit
 * status: 0 solved and valid, 1 anything else (the reason on stderr). */
#include <sudokusat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int solve(const sks_puzzle *p, int *grid, sks_error *err) {
  sks_solver *s = sks_solver_new("auto", NULL, err);
  if (!s)
    return -1;
  sks_eo *eo = sks_eo_new(p->shape);
  int r = sks_eo_load(eo, p, sks_solver_propagation(s, p->shape));
  if (r != SKS_UNSAT && !sks_solver_load_eo(s, eo, err))
    r = sks_solver_solve(s, NULL);
  else if (r != SKS_UNSAT)
    r = -1;
  if (r == SKS_SAT && sks_decode_solver(eo, s, grid, err))
    r = -1;
  sks_eo_delete(eo);
  sks_solver_delete(s);
  if (r == SKS_UNSAT)
    return sks_error_set(err, -1, 0, 0, "no solution");
  if (r == SKS_UNKNOWN)
    return sks_error_set(err, -1, 0, 0, "unknown");
  return r == SKS_SAT ? 0 : -1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s PUZZLE\n", argv[0]);
    return 1;
  }
  /* The header compiled against and the library loaded must agree. */
  if (strcmp(sks_version(), SKS_VERSION)) {
    fprintf(stderr, "library %s, header %s\n", sks_version(), SKS_VERSION);
    return 1;
  }
  sks_error err = {0};
  sks_puzzle *p = NULL;
  if (sks_puzzle_parse(argv[1], NULL, &p, &err)) {
    fprintf(stderr, "%ld:%ld: %s\n", err.line, err.col, err.msg);
    return 1;
  }
  int n = p->shape->n;
  int *grid = malloc((size_t)n * (size_t)n * sizeof *grid);
  int ok = grid && !solve(p, grid, &err) && sks_validate(p, grid, &err);
  if (ok)
    sks_puzzle_write(stdout, p, grid);
  else
    fprintf(stderr, "%s\n", err.msg);
  free(grid);
  sks_puzzle_delete(p);
  return ok ? 0 : 1;
}
