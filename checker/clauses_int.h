/* Private: the clause list's room and the word hash (clauses.c), for the
 * files that fill lists (plain.c, plain_rules.c). */
#ifndef SKS_CLAUSES_INT_H
#define SKS_CLAUSES_INT_H

#include "sks_checker.h"

#include <stddef.h>
#include <stdint.h>

/* Room for exactly want literals (no doubling past it: a big grid's list
 * is most of the process's memory). */
void sks_clauses_reserve_exactly(sks_clauses *cl, size_t want);
/* Room for more literals past the list's, doubling. */
void sks_clauses_reserve(sks_clauses *cl, size_t more);
/* Four lanes of a word-wise FNV-1a over w[0 .. n), from seed, folded. */
uint64_t sks_hash_words(const int *w, size_t n, uint64_t seed);

#endif
