/* Between parts, not private to one: growing a CNF's literal array.
 * Users: encoder/cnf.c (its own), formats/dimacs_read.c (a CNF filled as
 * it is read). */
#ifndef SKS_CNF_H
#define SKS_CNF_H

#include <stddef.h>

/* Grows cnf's literal array to hold need literals (doubling). */
struct sks_cnf;
void sks_cnf_reserve(struct sks_cnf *cnf, size_t need);

#endif
