/* Private to author/: what killer.c and generate_any.c take from the
 * generator (generate.c): a call's start and end, a random full grid, a
 * count to two by cadical within the call's deadline, and the deadline
 * itself; and killer.c's one entry.  From the top: generate_any.c (the
 * public sks_generate, by kind) -> killer.c -> generate.c. */
#ifndef SKS_GENERATE_INT_H
#define SKS_GENERATE_INT_H

#include "sks_author.h"

#include <stdint.h>

/* A random full grid from the random state *rng (advanced) into grid
 * (n*n); p is the generator's shape's puzzle to work in (its givens are
 * replaced, it must hold no rules).  0, or -1 (no grid within the budgets
 * or the deadline). */
int sks_generator_grid(sks_generator *g, uint64_t *rng, sks_puzzle *p,
                       int *grid);
/* Solutions of p (any rules) up to two by cadical, the first two into
 * first and second (n*n each): 0, 1, 2, or -1 when the call's deadline
 * ran out first. */
int sks_generator_count2(sks_generator *g, const sks_puzzle *p, int *first,
                         int *second);
/* The options as the generator holds them (a killer's cage sizes set). */
void sks_generator_options(const sks_generator *g, sks_generate_options *opt);
/* Whether the call's deadline has passed (the call is then cut). */
bool sks_generator_out_of_time(sks_generator *g);

/* A call that makes puzzle index into p begins (candidates cleared, the
 * call's deadline set): the random state of that index.  The call ends
 * with sks_generator_end. */
uint64_t sks_generator_begin(sks_generator *g, unsigned long long index,
                             sks_puzzle *p);
void sks_generator_end(sks_generator *g);
/* sks_generate for options without killer: a full grid dug to a puzzle
 * (generate.c). */
int sks_generate_classic(sks_generator *g, unsigned long long index,
                         sks_puzzle *p, int *solution);

/* A killer sudoku from the random state *rng into p (no givens; its
 * rules the cages) and its solution (may be NULL): sks_generate for
 * options with killer set (killer.c).  0, or -1. */
int sks_killer_make(sks_generator *g, uint64_t *rng, sks_puzzle *p,
                    int *solution);

#endif
