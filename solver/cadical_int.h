/* Private: the CaDiCaL C API calls that may allocate, each with CaDiCaL's
 * std::bad_alloc turned into the library's out-of-memory exit
 * (solver/cadical_guard.cc); the cadical backend calls these instead of
 * their ccadical_* namesakes. */
#ifndef SKS_CADICAL_INT_H
#define SKS_CADICAL_INT_H

#include <ccadical.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

CCaDiCaL *sks_cadical_init(void);
void sks_cadical_add(CCaDiCaL *s, int lit);
void sks_cadical_assume(CCaDiCaL *s, int lit);
int sks_cadical_solve(CCaDiCaL *s);
void sks_cadical_freeze(CCaDiCaL *s, int lit);
void sks_cadical_melt(CCaDiCaL *s, int lit);
void sks_cadical_set_learn(CCaDiCaL *s, void *state, int max_length,
                           void (*learn)(void *state, int *clause));
void sks_cadical_set_terminate(CCaDiCaL *s, void *state,
                               int (*terminate)(void *state));

/* A CaDiCaL instance that writes a DRAT proof (binary or text) of what it
 * does to proof from its first clause on: CaDiCaL::Solver::trace_proof,
 * which the C API lacks.  NULL when the proof cannot be traced. */
typedef struct sks_cadical_prover sks_cadical_prover;
sks_cadical_prover *sks_cadical_prover_new(FILE *proof, int binary);
void sks_cadical_prover_add(sks_cadical_prover *p, int lit);
/* 10, 20, or 0 when terminate (called now and then) says stop. */
int sks_cadical_prover_solve(sks_cadical_prover *p, void *state,
                             int (*terminate)(void *state));
int sks_cadical_prover_val(sks_cadical_prover *p, int var);
/* Flushes the proof and frees the instance (NULL is a no-op). */
void sks_cadical_prover_delete(sks_cadical_prover *p);

#ifdef __cplusplus
}
#endif
#endif
