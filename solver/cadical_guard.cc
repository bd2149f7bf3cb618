// CaDiCaL allocates with operator new: when memory runs out it throws
// std::bad_alloc, which its C API (ccadical.h) lets through to the C
// caller, where nothing can catch it and the C++ runtime aborts.  The
// calls that may allocate go through these, which catch it at the C
// boundary and end the run as every allocation of the library does
// (sks_out_of_memory: a message and status 6).  No state is kept.
#include "cadical_int.h"
#include "memory_int.h"

#include <cadical.hpp>
#include <new>

namespace {
template <class F> auto guard(F f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::bad_alloc &) {
    sks_out_of_memory("CaDiCaL", 0);
  }
}
// CaDiCaL's terminate hook for a C callback.
struct stopper : CaDiCaL::Terminator {
  void *state = nullptr;
  int (*fn)(void *) = nullptr;
  bool terminate() override { return fn && fn(state); }
};
} // namespace

struct sks_cadical_prover {
  CaDiCaL::Solver solver;
  stopper stop;
};

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
sks_cadical_prover *sks_cadical_prover_new(FILE *proof, int binary) {
  return guard([=]() -> sks_cadical_prover * {
    auto *p = new sks_cadical_prover;
    p->solver.set("quiet", 1);
    p->solver.set("binary", binary ? 1 : 0);
    if (!p->solver.trace_proof(proof, "proof")) {
      delete p;
      return nullptr;
    }
    return p;
  });
}
void sks_cadical_prover_add(sks_cadical_prover *p, int lit) {
  guard([=] { p->solver.add(lit); });
}
int sks_cadical_prover_solve(sks_cadical_prover *p, void *state,
                             int (*terminate)(void *state)) {
  return guard([=] {
    p->stop.state = state;
    p->stop.fn = terminate;
    if (terminate)
      p->solver.connect_terminator(&p->stop);
    int res = p->solver.solve();
    if (terminate)
      p->solver.disconnect_terminator();
    return res;
  });
}
int sks_cadical_prover_val(sks_cadical_prover *p, int var) {
  return p->solver.val(var);
}
void sks_cadical_prover_delete(sks_cadical_prover *p) {
  if (!p)
    return;
  guard([=] {
    p->solver.flush_proof_trace();
    delete p;
  });
}
}
