/* sks_prove: one fresh CaDiCaL per clause list, tracing its proof from
 * the first clause on (no clause it was given before tracing began). */
#include "sks_prove.h"
#include "cadical_int.h"

#include <stdlib.h>

static int past(void *deadline) {
  return sks_past(*(double *)deadline);
}

int sks_prove(const int *lits, size_t nlits, FILE *proof, bool text,
              double deadline, signed char *model, int nvars, sks_error *err) {
  return sks_prove_from(lits, nlits, 0, proof, text, deadline, model, nvars,
                        err);
}

size_t sks_prove_kept(const int *lits, size_t nlits, size_t first, int nvars) {
  signed char *val = sks_calloc((size_t)nvars + 1, 1);
  size_t kept = 0;
  if (first > nlits)
    first = 0;
  for (size_t k = 0; k < nlits;) {
    /* one clause, in the order sks_prove_from hands them over */
    size_t i = k < nlits - first ? first + k : k - (nlits - first);
    size_t end = i;
    while (lits[end])
      end++;
    bool sat = false;
    int open = 0, last = 0;
    for (size_t j = i; j < end && !sat; j++) {
      int v = abs(lits[j]) <= nvars ? val[abs(lits[j])] : 0;
      v = lits[j] < 0 ? -v : v;
      if (v > 0)
        sat = true;
      else if (!v) {
        open++;
        last = lits[j];
      }
    }
    if (!sat && open == 1 && abs(last) <= nvars)
      val[abs(last)] = last > 0 ? 1 : -1;
    else if (!sat && open > 1)
      kept++;
    k += end - i + 1;
  }
  free(val);
  return kept;
}

int sks_prove_from(const int *lits, size_t nlits, size_t first, FILE *proof,
                   bool text, double deadline, signed char *model, int nvars,
                   sks_error *err) {
  sks_cadical_prover *p = sks_cadical_prover_new(proof, !text);
  if (!p)
    return sks_error_set(err, -1, 0, 0, "CaDiCaL cannot trace the proof");
  if (first > nlits)
    first = 0;
  /* a big list takes CaDiCaL seconds to take in: the clock is looked at
   * every so many clauses */
  bool late = false;
  size_t ended = 0;
  for (size_t k = 0; k < nlits && !late; k++) {
    size_t i = k < nlits - first ? first + k : k - (nlits - first);
    sks_cadical_prover_add(p, lits[i]);
    late = !lits[i] && ++ended % 65536 == 0 && sks_past(deadline);
  }
  int res =
      late ? 0
           : sks_cadical_prover_solve(p, &deadline, deadline > 0 ? past : NULL);
  if (res == 10 && model)
    for (int v = 1; v <= nvars; v++)
      model[v - 1] = sks_cadical_prover_val(p, v) > 0 ? 1 : -1;
  sks_cadical_prover_delete(p);
  return res == 10 ? SKS_SAT : res == 20 ? SKS_UNSAT : SKS_UNKNOWN;
}
