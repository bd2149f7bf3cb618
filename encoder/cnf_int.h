/* Private: growing a CNF's literal array, for cnf.c and the DIMACS reader
 * that fills one. */
#ifndef SKS_CNF_INT_H
#define SKS_CNF_INT_H

#include <stddef.h>

/* Grows cnf's literal array to hold need literals (doubling). */
struct sks_cnf;
void sks_cnf_reserve(struct sks_cnf *cnf, size_t need);

#endif
