/* Private to author/: a small exact solver for grids of up to 64 digits,
 * candidates as one 64-bit mask a cell (naked and hidden singles, then
 * branching on the fewest candidates), made for the many uniqueness
 * checks of digging: no allocation per check or per node. */
#ifndef SKS_BITGRID_INT_H
#define SKS_BITGRID_INT_H

#include "sks_encoder.h"

#include <stdint.h>

typedef struct sks_bitgrid sks_bitgrid;

/* NULL when the shape's side is past 64. */
sks_bitgrid *sks_bitgrid_new(const sks_shape *shape);
void sks_bitgrid_delete(sks_bitgrid *b); /* NULL is a no-op */

/* Solutions of the givens cell (n*n, -1 blank) up to limit: the count, or
 * -1 when more than budget nodes were searched (0 = no budget).  first
 * (may be NULL) receives the first solution found.  rng (may be NULL):
 * a splitmix64 state that orders the digits tried at each branch, which
 * makes the first solution of an empty grid a random full grid. */
int sks_bitgrid_count(sks_bitgrid *b, const int *cell, int limit,
                      long long budget, int *first, uint64_t *rng);
/* Whether singles alone (naked and hidden) fill the grid from the givens:
 * then it has exactly one solution. */
bool sks_bitgrid_logic(sks_bitgrid *b, const int *cell);

#endif
