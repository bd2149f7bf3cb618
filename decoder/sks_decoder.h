/* sudokusat decoder: models back to grids, the independent validator, and
 * counting solutions with blocking clauses. */
#ifndef SKS_DECODER_H
#define SKS_DECODER_H

#include "sks_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The independent validator: grid (n*n digits 0..n-1) fills every cell,
 * every region holds each digit once, and every given of p is kept.  It
 * reads only p's regions and givens.  On failure err says what is wrong. */
bool sks_validate(const sks_puzzle *p, const int *grid, sks_error *err);

/* Grid from a solver holding a loaded exactly-one system: fixed cells
 * from eo, the rest from the solver's model.  Returns 0, or -1 when a
 * cell has no true candidate or more than one (err says which). */
int sks_decode_solver(const sks_eo *eo, const sks_solver *s, int *grid,
                      sks_error *err);
/* The same from solution `which` (0 or 1) a native count kept
 * (sks_solver_solution_value). */
int sks_decode_kept(const sks_eo *eo, const sks_solver *s, int which, int *grid,
                    sks_error *err);
/* The same from any source of values (>0 true) for the open candidates. */
typedef int (*sks_value_fn)(const void *src, int var);
int sks_decode_values(const sks_eo *eo, sks_value_fn value, const void *src,
                      int *grid, sks_error *err);
/* Grid from a model of a CNF the encoder wrote (cnf->desc set): eo is the
 * system rebuilt from the description and loaded with its givens. */
int sks_decode_model(const sks_eo *eo, const sks_cnf_desc *desc,
                     const sks_model *m, int *grid, sks_error *err);

/* The puzzle a described CNF stands for (desc, as the encoder wrote it)
 * and the grid model m gives it, checked by the validator.  Returns 0 with
 * *puzzle (free with sks_puzzle_delete) and *grid (n*n, free with free);
 * -1 when the description names no usable puzzle, -2 when the model does
 * not solve it; err then says why and there is nothing to free. */
int sks_decode_cnf(const sks_cnf_desc *desc, const sks_model *m,
                   sks_puzzle **puzzle, int **grid, sks_error *err);

/* Counting by blocking clauses: solve, decode, validate against p (the
 * puzzle eo was loaded with), block the free cells' values, again, up to
 * limit (0 = none).  Backends that count natively (DLX) are asked
 * directly.  first/second (n*n, may be NULL) receive the first two
 * solutions when found.  scratch: 2*n*n ints to work in (a batch passes
 * the same each time, so counting allocates nothing), or NULL to have them
 * allocated for this call.  status: SKS_SAT when the count is exact (or the
 * count limit was reached: at_limit), SKS_UNKNOWN when a time or step
 * limit stopped it, -1 when a solution failed validation (err says why). */
typedef struct sks_count_result {
  long long count;
  int status;
  bool at_limit;
} sks_count_result;

sks_count_result sks_count(sks_solver *s, const sks_eo *eo, const sks_puzzle *p,
                           long long limit, const sks_limits *lim, int *first,
                           int *second, int *scratch, sks_error *err);

#ifdef __cplusplus
}
#endif
#endif
