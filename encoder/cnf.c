/* The CNF container: every clause in one flat literal array, each clause
 * ended by 0, plus the description of what it encodes (owned). */
#include "cnf.h"
#include "require_int.h"
#include "sks_encoder.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

sks_cnf *sks_cnf_new(void) {
  return sks_calloc(1, sizeof(sks_cnf));
}

static void desc_free(sks_cnf_desc *d) {
  if (!d)
    return;
  sks_rules_release(d->rules);
  free(d->jigsaw);
  free(d->given);
  free(d->removed);
  free(d->map);
  free(d);
}

void sks_cnf_drop_desc(sks_cnf *cnf) {
  desc_free(cnf->desc);
  cnf->desc = NULL;
}

void sks_cnf_delete(sks_cnf *cnf) {
  if (!cnf)
    return;
  free(cnf->lits);
  desc_free(cnf->desc);
  free(cnf);
}

void sks_cnf_clear(sks_cnf *cnf) {
  sks_require(cnf, "cnf is NULL");
  cnf->nvars = 0;
  cnf->nclauses = 0;
  cnf->nlits = 0;
  cnf->maxlen = 0;
  cnf->cut = false;
  desc_free(cnf->desc);
  cnf->desc = NULL;
}

/* Doubling (stack_int.h's) keeps appending amortised O(1); the encoder
 * and the DIMACS reader push every literal through here. */
void sks_cnf_reserve(sks_cnf *cnf, size_t need) {
  SKS_GROW(cnf->lits, cnf->cap, need);
}

/* Length of the clause still open at the end of the array. */
static int open_len(const sks_cnf *cnf) {
  size_t i = cnf->nlits;
  while (i > 0 && cnf->lits[i - 1] != 0)
    i--;
  return (int)(cnf->nlits - i);
}

void sks_cnf_add(sks_cnf *cnf, int lit) {
  sks_require(lit != INT32_MIN, "literal out of range");
  if (!lit) {
    /* Walking back over the clause is cheap next to having pushed it. */
    int len = open_len(cnf);
    if (len > cnf->maxlen)
      cnf->maxlen = len;
    cnf->nclauses++;
  } else if (abs(lit) > cnf->nvars)
    cnf->nvars = abs(lit);
  if (cnf->nlits == cnf->cap)
    sks_cnf_reserve(cnf, cnf->nlits + 1);
  cnf->lits[cnf->nlits++] = lit;
}

void sks_cnf_add_clause(sks_cnf *cnf, const int *lits, int n) {
  sks_require(n >= 0, "negative clause length");
  sks_cnf_reserve(cnf, cnf->nlits + (size_t)n + 1);
  int *out = cnf->lits + cnf->nlits;
  int nvars = cnf->nvars;
  for (int i = 0; i < n; i++) {
    int lit = lits[i];
    sks_require(lit != 0 && lit != INT32_MIN, "bad literal in clause");
    int v = abs(lit);
    if (v > nvars)
      nvars = v;
    out[i] = lit;
  }
  out[n] = 0;
  cnf->nlits += (size_t)n + 1;
  cnf->nvars = nvars;
  cnf->nclauses++;
  if (n > cnf->maxlen)
    cnf->maxlen = n;
}

long sks_clauses_check(const int *lits, size_t nlits, const signed char *val,
                       int nvars) {
  /* An empty CNF may have no literal array: no arithmetic on NULL. */
  const int *lit = lits, *end = lits ? lits + nlits : lits;
  for (long k = 0; lit < end; k++) {
    bool sat = false;
    for (; *lit; lit++) {
      int v = abs(*lit);
      if (v <= nvars && val[v] == (*lit > 0 ? 1 : -1))
        sat = true;
    }
    lit++;
    if (!sat)
      return k;
  }
  return -1;
}
