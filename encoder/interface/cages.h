/* An interface between parts: the killer cages with sums of a rule list,
 * cell by cell, for the sums the houses imply (innies and outies).  Its
 * users: encoder/rules_lower_implied.c (implied sums as clauses) and
 * solver/hall.c (implied sums for the sum propagator). */
#ifndef SKS_CAGES_H
#define SKS_CAGES_H

#include "sks_rules.h"

/* cage[c] for each of the cells cells: the index in rs of the killer
 * cage with a sum holding c (of cages that share a cell, the first read),
 * or -1.  Returns the number of cages so placed. */
int sks_rules_cage_map(const sks_rules *rs, int cells, int *cage);

#endif
