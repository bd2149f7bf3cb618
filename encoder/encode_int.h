/* Private: at-most-one encodings used by the CNF lowering. */
#ifndef SKS_ENCODE_INT_H
#define SKS_ENCODE_INT_H

#include "sks_encoder.h"

/* Groups up to this many open candidates use pairwise under SKS_AMO_AUTO,
 * commander above.  Measured with CaDiCaL on grids past 16x16, where
 * the choice matters (pairwise gives it every implication at once):
 * sudoku-64-1 6.3 s against no answer in 60 s with sequential; 10 random
 * 36x36 with 40% givens 7.4 s against 9.7 s; 3 random 49x49 18.7 s
 * against 67 s; 10 random 25x25 0.47 against 0.98 s.  Past 64 the
 * quadratic clause count of a near-empty group costs more than it
 * gives (an empty 100x100: 198 million clauses).  Above it, commander:
 * with each encoding for every group, sudoku-64-1 takes pairwise 6.6 s,
 * commander 8.7 s, product 39 s, bimander and sequential no answer in
 * 60 s; sudoku-400-1 (groups up to 400) commander 7.4 s, sequential 9.3 s,
 * product 9.3 s, bimander 8.3 s (medians of 3). */
enum { SKS_AMO_AUTO_PAIRWISE = 64 };

/* Adds clauses saying at most one of lits[0..k) is true; auxiliary
 * variables are taken from *next_var upwards.  Returns clauses added. */
long sks_amo_encode(sks_cnf *cnf, sks_amo kind, const int *lits, int k,
                    int *next_var);

#endif
