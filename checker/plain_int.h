/* Private: the plain clauses of a puzzle's variant rules and the checker's
 * own check of a grid against them (plain_rules.c). */
#ifndef SKS_PLAIN_INT_H
#define SKS_PLAIN_INT_H

#include "sks_checker.h"

/* Appends the clauses of p's rules to cl, auxiliary variables numbered
 * from n^3 + 1 (cl must name no variable past n^3 yet). */
void sks_plain_rules(const sks_puzzle *p, sks_clauses *cl);
/* The first rule of p the complete grid (digits 0..n-1) breaks, or NULL. */
const sks_rule *sks_plain_rules_broken(const sks_puzzle *p, const int *grid);

#endif
