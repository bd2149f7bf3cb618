/* sks_prove: one fresh CaDiCaL per clause list, tracing its proof from
 * the first clause on (no clause it was given before tracing began). */
#include "sks_prove.h"
#include "cadical_int.h"

static int past(void *deadline) {
  return sks_past(*(double *)deadline);
}

int sks_prove(const int *lits, size_t nlits, FILE *proof, bool text,
              double deadline, signed char *model, int nvars, sks_error *err) {
  sks_cadical_prover *p = sks_cadical_prover_new(proof, !text);
  if (!p)
    return sks_error_set(err, -1, 0, 0, "CaDiCaL cannot trace the proof");
  /* a big list takes CaDiCaL seconds to take in: the clock is looked at
   * every so many clauses */
  bool late = false;
  size_t ended = 0;
  for (size_t i = 0; i < nlits && !late; i++) {
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
