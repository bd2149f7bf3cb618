// CaDiCaL allocates with operator new: when memory runs out it throws
// std::bad_alloc, which its C API (ccadical.h) lets through to the C
// caller, where nothing can catch it and the C++ runtime aborts.  The
// calls that may allocate go through these, which catch it at the C
// boundary and end the run as every allocation of the library does
// (sks_out_of_memory: a message and status 6).  No state is kept.
#include "cadical_int.h"
#include "memory_int.h"

#include <new>

namespace {
template <class F> auto guard(F f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::bad_alloc &) {
    sks_out_of_memory("CaDiCaL", 0);
  }
}
} // namespace

extern "C" {
CCaDiCaL *sks_cadical_init(void) {
  return guard([] { return ccadical_init(); });
}
void sks_cadical_add(CCaDiCaL *s, int lit) {
  guard([=] { ccadical_add(s, lit); });
}
void sks_cadical_assume(CCaDiCaL *s, int lit) {
  guard([=] { ccadical_assume(s, lit); });
}
int sks_cadical_solve(CCaDiCaL *s) {
  return guard([=] { return ccadical_solve(s); });
}
void sks_cadical_freeze(CCaDiCaL *s, int lit) {
  guard([=] { ccadical_freeze(s, lit); });
}
void sks_cadical_melt(CCaDiCaL *s, int lit) {
  guard([=] { ccadical_melt(s, lit); });
}
void sks_cadical_set_learn(CCaDiCaL *s, void *state, int max_length,
                           void (*learn)(void *state, int *clause)) {
  guard([=] { ccadical_set_learn(s, state, max_length, learn); });
}
void sks_cadical_set_terminate(CCaDiCaL *s, void *state,
                               int (*terminate)(void *state)) {
  guard([=] { ccadical_set_terminate(s, state, terminate); });
}
}
