/* The picosat and cadical backends where their libraries are not built
 * (the WebAssembly build, -DSKS_WASM=ON: Debian has no WebAssembly build
 * of PicoSAT or CaDiCaL): the same names and capabilities, so the registry
 * stays as it is, but they decide nothing.  A puzzle or CNF loaded is
 * refused with a message saying so; a search is SKS_UNKNOWN.  The route
 * and the roles take the project's own hall engine in their place
 * (SKS_CDCL_FAST, solver_int.h), so only a user who names them reaches
 * them. */
#include "solver_int.h"

#include <stdlib.h>

typedef struct none {
  struct sks_solver base;
} none;

static const char NONE_WHY[] =
    "not in this build (the WebAssembly module has no SAT library; its "
    "CDCL engine is hall)";

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)opt;
  (void)err;
  none *s = sks_calloc(1, sizeof *s);
  return &s->base;
}

static void destroy(sks_solver *s) {
  free(s);
}

static int load_cnf(sks_solver *s, const sks_cnf *cnf, sks_error *err) {
  (void)cnf;
  return sks_error_set(err, -1, 0, 0, "%s: %s", s->ops->info.name, NONE_WHY);
}

static int load_eo(sks_solver *s, const sks_eo *eo, sks_error *err) {
  (void)eo;
  return sks_error_set(err, -1, 0, 0, "%s: %s", s->ops->info.name, NONE_WHY);
}

static int add_clause(sks_solver *s, const int *lits, int n) {
  (void)s;
  (void)lits;
  (void)n;
  return 0;
}

static int solve(sks_solver *s, const sks_limits *lim) {
  (void)s;
  (void)lim;
  return SKS_UNKNOWN;
}

static int value(const sks_solver *s, int var) {
  (void)s;
  (void)var;
  return 0;
}

static void stats(const sks_solver *s, sks_stats *st) {
  (void)s;
  (void)st;
}

static const char *error(const sks_solver *s) {
  (void)s;
  return NONE_WHY;
}

/* A backend of the registry's name that is not in this build. */
#define NONE_BACKEND(NAME, COST)                                               \
  {                                                                            \
    .info = {NAME,                                                             \
             SKS_CAP_RULES | SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_UNSAT |        \
                 SKS_CAP_BLOCK | SKS_CAP_SEED | SKS_CAP_STEPS,                 \
             "not in this build (no SAT library in WebAssembly; hall is)",     \
             SKS_PROPAGATE_LOCKED, COST},                                      \
    .create = create, .destroy = destroy, .load_cnf = load_cnf,                \
    .load_eo = load_eo, .add_clause = add_clause, .solve = solve,              \
    .value = value, .stats = stats, .error = error                             \
  }

const sks_backend_ops sks_picosat_backend = NONE_BACKEND("picosat", 120);
const sks_backend_ops sks_cadical_backend = NONE_BACKEND("cadical", 170);
