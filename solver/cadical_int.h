/* Private: the CaDiCaL C API calls that may allocate, each with CaDiCaL's
 * std::bad_alloc turned into the library's out-of-memory exit
 * (solver/cadical_guard.cc); the cadical backend calls these instead of
 * their ccadical_* namesakes. */
#ifndef SKS_CADICAL_INT_H
#define SKS_CADICAL_INT_H

#include <ccadical.h>

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

#ifdef __cplusplus
}
#endif
#endif
