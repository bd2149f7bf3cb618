/* An interface between parts: a loaded exactly-one system lowered to CNF
 * for a backend that takes clauses.  Its users: encoder/lower.c and
 * solver/ (analog_backend.c, cdcl.c, external.c).  The clauses,
 * the values propagation fixed, and the way from a candidate x(r,c,d) to
 * its CNF variable and back, whatever the numbering. */
#ifndef SKS_LOWER_H
#define SKS_LOWER_H

#include "sks_encoder.h"

typedef struct sks_lowered {
  sks_cnf *cnf;       /* the clauses; a backend may add to them */
  int status;         /* the system's: SKS_UNSAT / SKS_SAT when
                         propagation decided it, else SKS_UNKNOWN */
  int nx;             /* candidates x: 1 .. nx */
  signed char *fixed; /* by x: +1 / -1 fixed by propagation, 0 open */
  int *cnf_var;       /* by x: its CNF variable (0: fixed, not in it) */
} sks_lowered;

sks_lowered *sks_lowered_new(void);
void sks_lowered_delete(sks_lowered *lw); /* NULL is a no-op */
/* Lowers eo with opt (NULL: the encoder's defaults), its open candidates
 * always numbered 1..k, replacing what lw held; returns eo's status. */
int sks_lowered_load(sks_lowered *lw, const sks_eo *eo,
                     const sks_encode_options *opt);
/* Candidate x's value (+1 / -1) under model, by CNF variable 1..nvars
 * (> 0 true; a variable past nvars is false). */
static inline int sks_lowered_value(const sks_lowered *lw, int x,
                                    const signed char *model, int nvars) {
  if (x < 1 || x > lw->nx)
    return -1;
  if (lw->fixed[x])
    return lw->fixed[x];
  int v = lw->cnf_var[x];
  return v >= 1 && v <= nvars && model[v] > 0 ? 1 : -1;
}
/* A clause over candidates (a blocking clause) added to lw->cnf in CNF
 * variables; fixed candidates decide their literals here.  Returns false
 * when a fixed candidate satisfies it (nothing is added). */
bool sks_lowered_add_clause(sks_lowered *lw, const int *xlits, int n);

#endif
