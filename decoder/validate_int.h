/* Private: the validator's check of a puzzle's variant rules
 * (validate_rules.c), written apart from their lowering to clauses. */
#ifndef SKS_VALIDATE_INT_H
#define SKS_VALIDATE_INT_H

#include "sks_encoder.h"

/* Whether the complete grid (n*n digits 0..n-1) keeps every rule of p;
 * false with err naming the first rule broken (its kind, its line when
 * read, its first cell). */
bool sks_rules_hold(const sks_puzzle *p, const int *grid, sks_error *err);

#endif
