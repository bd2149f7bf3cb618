/* The solver interface: the backend registry and the calls that dispatch
 * to a backend's vtable. */
#define _POSIX_C_SOURCE 200809L
#include "require_int.h"
#include "solver_int.h"

#include <string.h>

static const sks_backend_ops *const registry[] = {
    &sks_auto_backend,     &sks_picosat_backend, &sks_cadical_backend,
    &sks_dlx_backend,      &sks_bits_backend,    &sks_analog_backend,
    &sks_external_backend, &sks_hall_backend,    NULL};
_Static_assert(sizeof registry / sizeof *registry <= SKS_MAX_BACKENDS + 1,
               "sks_stats.answered has a place for every backend");

int sks_backend_index(const sks_backend_ops *ops) {
  for (int i = 0; registry[i]; i++)
    if (registry[i] == ops)
      return i;
  return 0;
}

/* Filled at compile time: threads call this at once (no data race). */
static const sks_backend *const infos[] = {&sks_auto_backend.info,
                                           &sks_picosat_backend.info,
                                           &sks_cadical_backend.info,
                                           &sks_dlx_backend.info,
                                           &sks_bits_backend.info,
                                           &sks_analog_backend.info,
                                           &sks_external_backend.info,
                                           &sks_hall_backend.info,
                                           NULL};
/* the same order as the registry (sks_stats.answered is by index) */
_Static_assert(sizeof infos == sizeof registry, "one info a backend");

const sks_backend *const *sks_backends(void) {
  return infos;
}

static const sks_backend_ops *find(const char *name) {
  for (size_t i = 0; registry[i]; i++)
    if (!strcmp(registry[i]->info.name, name))
      return registry[i];
  return NULL;
}

const sks_backend *sks_backend_find(const char *name) {
  const sks_backend_ops *ops = find(name);
  return ops ? &ops->info : NULL;
}

/* By sks_role: measured in docs/backends.md. */
static const sks_backend_ops *const roles[] = {
    &sks_dlx_backend, &SKS_CDCL_BLOCKING, &SKS_CDCL_FAST, &sks_bits_backend};

const sks_backend *sks_backend_for(sks_role role) {
  sks_require((unsigned)role < sizeof roles / sizeof *roles,
              "an unknown backend role");
  return &roles[role]->info;
}

sks_solver *sks_solver_new(const char *name, const sks_solver_options *opt,
                           sks_error *err) {
  static const sks_solver_options defaults = {.seed = 1};
  const sks_backend_ops *ops = find(name);
  if (!ops) {
    char names[160] = "";
    size_t len = 0;
    for (size_t i = 0; registry[i]; i++)
      len += (size_t)snprintf(names + len, sizeof names - len, "%s%s",
                              !i                ? ""
                              : registry[i + 1] ? ", "
                                                : " or ",
                              registry[i]->info.name);
    sks_error_set(err, -1, 0, 0, "unknown backend '%s' (expected %s)", name,
                  names);
    return NULL;
  }
  sks_solver *s = ops->create(opt ? opt : &defaults, err);
  if (s)
    s->ops = ops;
  return s;
}

void sks_solver_delete(sks_solver *s) {
  if (s)
    s->ops->destroy(s);
}

const sks_backend *sks_solver_backend(const sks_solver *s) {
  return &s->ops->info;
}

/* A CNF whose variables the backend cannot hold in this machine's memory:
 * refused with the figures rather than ending the process. */
static int too_big(const sks_solver *s, const sks_cnf *cnf, sks_error *err) {
  double need = (double)cnf->nvars * s->ops->info.var_bytes;
  double avail = (double)sks_memory_available();
  if (need <= avail)
    return 0;
  return sks_error_set(err, -1, 0, 0,
                       "%d variables need about %.1f GB in the %s backend, "
                       "more than the %.1f GB of memory here",
                       cnf->nvars, need / 1e9, s->ops->info.name, avail / 1e9);
}

int sks_solver_load_cnf(sks_solver *s, const sks_cnf *cnf, sks_error *err) {
  if (too_big(s, cnf, err))
    return -1;
  if (!s->ops->load_cnf)
    return sks_error_set(err, -1, 0, 0, "the %s backend does not read CNF",
                         s->ops->info.name);
  s->cut = false;
  return s->ops->load_cnf(s, cnf, err);
}

void sks_solver_set_deadline(sks_solver *s, double deadline) {
  s->load_deadline = deadline;
}

int sks_solver_load_eo(sks_solver *s, const sks_eo *eo, sks_error *err) {
  if (!s->ops->load_eo)
    return sks_error_set(err, -1, 0, 0, "the %s backend does not take puzzles",
                         s->ops->info.name);
  const sks_rules *rules = sks_eo_rules(eo);
  if (rules && !(s->ops->info.caps & SKS_CAP_RULES))
    return sks_error_set(
        err, -1, 0, 0,
        "the %s backend does not take variant rules (this "
        "puzzle has %d, the first a %s): cadical, picosat, hall, "
        "external and auto do",
        s->ops->info.name, rules->count, sks_rule_name(rules->rule[0].kind));
  s->cut = sks_eo_cut(eo);
  return s->cut ? 0 : s->ops->load_eo(s, eo, err);
}

bool sks_solver_takes_puzzle(const sks_solver *s, const sks_shape *shape) {
  return s->ops->takes_puzzle && s->ops->takes_puzzle(s, shape);
}

int sks_solver_load_puzzle(sks_solver *s, const sks_puzzle *p, sks_error *err) {
  sks_require(sks_solver_takes_puzzle(s, p->shape),
              "backend does not take this puzzle as it is");
  s->cut = false;
  return s->ops->load_puzzle(s, p, err);
}

int sks_solver_add_clause(sks_solver *s, const int *lits, int n) {
  sks_require(s->ops->add_clause, "backend takes no added clauses");
  return s->cut ? 0 : s->ops->add_clause(s, lits, n);
}

int sks_solver_solve(sks_solver *s, const sks_limits *lim) {
  static const sks_limits none = {0, 0};
  if (s->cut)
    return SKS_UNKNOWN;
  return s->ops->solve(s, lim ? lim : &none);
}

int sks_solver_value(const sks_solver *s, int var) {
  return s->ops->value(s, var);
}

long long sks_solver_count(sks_solver *s, long long limit,
                           const sks_limits *lim, int *status) {
  static const sks_limits none = {0, 0};
  sks_require(s->ops->count, "backend does not count natively");
  if (s->cut) {
    if (status)
      *status = SKS_UNKNOWN;
    return 0;
  }
  return s->ops->count(s, limit, lim ? lim : &none, status);
}

const signed char *sks_solver_model(const sks_solver *s, int *nvars) {
  *nvars = 0;
  return s->ops->model ? s->ops->model(s, nvars) : NULL;
}

int sks_solver_solution_value(const sks_solver *s, int which, int var) {
  sks_require(s->ops->solution_value, "backend keeps no solutions");
  return s->ops->solution_value(s, which, var);
}

const unsigned char *sks_solver_grid(const sks_solver *s, int which) {
  return s->ops->grid ? s->ops->grid(s, which) : NULL;
}

bool sks_limits_left(const sks_limits *lim, double start, sks_limits *left) {
  *left = *lim;
  if (lim->time_limit <= 0)
    return true;
  left->time_limit = lim->time_limit - (sks_time() - start);
  if (left->time_limit > 0)
    return true;
  left->time_limit = 1e-6; /* 0 would mean no limit */
  return false;
}

bool sks_solver_counts_natively(const sks_solver *s) {
  if (s->ops->counts_natively)
    return s->ops->counts_natively(s);
  unsigned caps = s->ops->info.caps;
  return (caps & SKS_CAP_COUNT) && !(caps & SKS_CAP_BLOCK);
}

sks_propagate sks_solver_propagation(const sks_solver *s,
                                     const sks_shape *shape) {
  if (s->ops->propagation)
    return s->ops->propagation(s, shape);
  return s->ops->info.propagate;
}

const char *sks_solver_error(const sks_solver *s) {
  if (s->cut)
    return NULL; /* a deadline, not an error: the backend never ran */
  return s->ops->error ? s->ops->error(s) : NULL;
}

void sks_solver_stats(const sks_solver *s, sks_stats *st) {
  memset(st, 0, sizeof *st);
  if (s->ops->stats)
    s->ops->stats(s, st);
  /* A backend that does not say who answered (all but the route)
   * answered every call itself. */
  unsigned long long said = 0;
  for (int k = 0; k < SKS_MAX_BACKENDS; k++)
    said += st->answered[k];
  if (!said)
    st->answered[sks_backend_index(s->ops)] = st->calls;
}
