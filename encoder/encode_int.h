/* Private: at-most-one encodings used by the CNF lowering. */
#ifndef SKS_ENCODE_INT_H
#define SKS_ENCODE_INT_H

#include "sks_encoder.h"

/* Groups up to this many open candidates use pairwise under SKS_AMO_AUTO,
 * commander above.  Measured with CaDiCaL on grids past 16x16, where
 * the choice matters (pairwise gives it every implication at once):
 * pairwise was faster than sequential on sudoku-64-1 (which sequential
 * does not answer in 60 s) and on random 25x25, 36x36 and 49x49 puzzles.
 * Past 64 the quadratic clause count of a near-empty group costs more
 * than it gives (an empty 100x100: 198 million clauses).  Above it,
 * commander: the only encoding besides pairwise that keeps sudoku-64-1
 * solvable, and the fastest on sudoku-400-1, whose groups pass 64
 * (BENCHMARKS.md, "At-most-one for big groups"). */
enum { SKS_AMO_AUTO_PAIRWISE = 64 };

/* Adds clauses saying at most one of lits[0..k) is true; auxiliary
 * variables are taken from *next_var upwards.  Returns clauses added. */
long sks_amo_encode(sks_cnf *cnf, sks_amo kind, const int *lits, int k,
                    int *next_var);

struct sks_eo;
/* Adds the clauses of the rules rs over eo's candidates (num: candidate
 * -> CNF variable, NULL: the identity; fixed candidates decide their
 * literals), auxiliary variables from *next_var upwards (rules_lower.c). */
void sks_rules_lower(const struct sks_eo *eo, const sks_rules *rs,
                     const int *num, sks_amo amo, sks_cnf *cnf, int *next_var);

#endif
