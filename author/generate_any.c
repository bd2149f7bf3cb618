/* sks_generate by kind: a killer sudoku (killer.c) or a classic puzzle
 * dug from a full grid (generate.c), above both so that neither names
 * the other's caller. */
#include "generate_int.h"

int sks_generate(sks_generator *g, unsigned long long index, sks_puzzle *p,
                 int *solution) {
  sks_generate_options o;
  sks_generator_options(g, &o);
  if (!o.killer)
    return sks_generate_classic(g, index, p, solution);
  uint64_t state = sks_generator_begin(g, index, p);
  int res = sks_killer_make(g, &state, p, solution);
  sks_generator_end(g);
  return res;
}
