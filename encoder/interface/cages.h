/* An interface between parts: the killer cages with sums of a rule list,
 * cell by cell, for the sums the houses imply (innies and outies), and
 * the sums a house and the fixed sums crossing it imply.  Its
 * users: encoder/rules_lower_implied.c (implied sums as clauses) and
 * solver/hall.c (implied sums for the sum propagator). */
#ifndef SKS_CAGES_H
#define SKS_CAGES_H

#include "sks_encoder.h"
#include "sks_rules.h"

/* cage[c] for each of the cells cells: the index in rs of the killer
 * cage with a sum holding c (of cages that share a cell, the first read),
 * or -1.  Returns the number of cages so placed. */
int sks_rules_cage_map(const sks_rules *rs, int cells, int *cage);

/* The i-th cell of a diagonal rule (SKS_RULE_DIAGONAL_NEG: top left to
 * bottom right; SKS_RULE_DIAGONAL_POS: bottom left to top right). */
static inline int sks_diagonal_cell(sks_rule_kind kind, int n, int i) {
  return kind == SKS_RULE_DIAGONAL_NEG ? i * n + i : (n - 1 - i) * n + i;
}

/* The sums a house and the fixed sums crossing it imply (crossing.c):
 * for each house (a region of the shape, a diagonal, a region rule of n
 * cells) covered by fixed sums that share no cell (killer cages with a
 * total, little killers, sums) and by houses lying in its gaps, the
 * cover's cells outside it, less houses they hold whole, and their total;
 * each such sum once, when tight (within a fifth of its range from an
 * end).  first: the least digit's value (sks_rules_first_value); cells
 * are passed in increasing order, totals are of values. */
void sks_rules_crossing_sums(
    const sks_rules *rs, const sks_shape *sh, int first,
    void (*emit)(void *ctx, const int *cells, int k, long total), void *ctx);

#endif
