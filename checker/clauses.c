/* The clause list (sks_clauses): growing it, and the hash the checker
 * and the certificates name a list by.  Below the plain CNF and its
 * rules' clauses, which both fill lists. */
#include "clauses_int.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

void sks_clauses_init(sks_clauses *cl) {
  memset(cl, 0, sizeof *cl);
}

void sks_clauses_free(sks_clauses *cl) {
  free(cl->lit);
  free(cl->base_shape);
  sks_clauses_init(cl);
}

void sks_clauses_clear(sks_clauses *cl) {
  cl->nlits = 0;
  cl->base = 0;
  cl->base_clauses = 0;
  cl->base_key = 0;
  cl->base_nshape = 0;
  cl->nvars = 0;
  cl->nclauses = 0;
}

/* Room for exactly want literals (no doubling past it: a big grid's list
 * is most of the process's memory). */
void sks_clauses_reserve_exactly(sks_clauses *cl, size_t want) {
  if (want <= cl->cap)
    return;
  cl->lit = sks_realloc(cl->lit, want * sizeof *cl->lit);
  cl->cap = want;
}

void sks_clauses_reserve(sks_clauses *cl, size_t more) {
  SKS_GROW(cl->lit, cl->cap, cl->nlits + more);
}

void sks_clauses_add(sks_clauses *cl, int lit) {
  sks_clauses_reserve(cl, 1);
  cl->lit[cl->nlits++] = lit;
  if (!lit)
    cl->nclauses++;
  else if (abs(lit) > cl->nvars)
    cl->nvars = abs(lit);
}

/* Four lanes of a word-wise FNV-1a, folded: a quarter of the serial
 * multiplications of one lane. */
uint64_t sks_hash_words(const int *w, size_t n, uint64_t seed) {
  uint64_t h[4] = {seed, seed ^ 1, seed ^ 2, seed ^ 3};
  const uint64_t prime = 1099511628211ull;
  size_t i = 0;
  for (; i + 4 <= n; i += 4)
    for (int k = 0; k < 4; k++)
      h[k] = (h[k] ^ (uint32_t)w[i + k]) * prime;
  for (; i < n; i++)
    h[0] = (h[0] ^ (uint32_t)w[i]) * prime;
  uint64_t x = 0;
  for (int k = 0; k < 4; k++)
    x = (x ^ h[k] ^ (h[k] >> 29)) * prime;
  return x ^ n;
}

uint64_t sks_clauses_hash(const sks_clauses *cl) {
  return sks_hash_words(cl->lit, cl->nlits, 1469598103934665603ull);
}
