/* The `analog` backend: the solver interface over solver/analog.c.  A puzzle
 * is lowered to its givens-reduced CNF; the dynamics never proves
 * anything, so answers are SAT (checked against every clause) or UNKNOWN. */
#include "lower.h"
#include "require_int.h"
#include "sks_analog.h"
#include "solver_int.h"
#include "stack_int.h"

#include <string.h>

typedef struct analog_solver {
  struct sks_solver base;
  sks_analog_options aopt;
  unsigned long long seed;
  sks_cnf *cnf;    /* a loaded CNF, plus added clauses */
  sks_lowered *lw; /* a loaded puzzle: its CNF, plus added clauses */
  bool eo_mode;    /* the problem is lw's, else cnf */
  sks_analog *a;   /* built from the problem at the next solve when
                      dirty */
  bool dirty, loaded, has_model;
  bool cut;  /* the load deadline passed before the problem was lowered */
  int nvars; /* the model's range: the problem's variables */
  signed char *model; /* by CNF variable, after SKS_SAT */
  sks_stats st;
  const sks_encode_options *encode; /* caller's, for puzzles; or NULL */
} analog_solver;

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)err;
  analog_solver *s = sks_calloc(1, sizeof *s);
  sks_analog_options_init(&s->aopt);
  /* Unset (0): K2, faster than the published law on every benchmark set
   * (BENCHMARKS.md); 1 asks for the published law. */
  s->aopt.memory = opt->analog_memory == 1 ? 1 : 2;
  s->aopt.method = opt->analog_method;
  s->aopt.threads = opt->threads;
  s->aopt.trace = opt->trace;
  if (opt->trace_every > 0)
    s->aopt.trace_every = opt->trace_every;
  s->aopt.restart_base = opt->restart_base;
  s->seed = opt->seed;
  s->encode = opt->encode;
  s->cnf = sks_cnf_new();
  s->lw = sks_lowered_new();
  return &s->base;
}

static void destroy(sks_solver *base) {
  analog_solver *s = (analog_solver *)base;
  sks_analog_delete(s->a);
  sks_cnf_delete(s->cnf);
  sks_lowered_delete(s->lw);
  free(s->model);
  free(s);
}

static sks_cnf *problem(const analog_solver *s) {
  return s->eo_mode ? s->lw->cnf : s->cnf;
}

/* A new problem: built at the next solve, no model yet. */
static void loaded(analog_solver *s) {
  s->dirty = s->loaded = true;
  s->has_model = false;
  s->cut = false;
}

/* Past sks_solver_set_deadline's time. */
static bool late(const sks_solver *base) {
  return sks_past(base->load_deadline);
}

static int load_cnf(sks_solver *base, const sks_cnf *cnf, sks_error *err) {
  (void)err;
  analog_solver *s = (analog_solver *)base;
  sks_cnf_clear(s->cnf);
  for (size_t i = 0; i < cnf->nlits; i++)
    sks_cnf_add(s->cnf, cnf->lits[i]);
  if (s->cnf->nvars < cnf->nvars)
    s->cnf->nvars = cnf->nvars;
  s->eo_mode = false;
  loaded(s);
  return 0;
}

/* The papers' reduction: the givens (and what propagation deduced) leave
 * the problem, the open groups become clauses over open candidates. */
static int load_eo(sks_solver *base, const sks_eo *eo, sks_error *err) {
  (void)err;
  analog_solver *s = (analog_solver *)base;
  s->eo_mode = true;
  loaded(s);
  /* Past the load deadline the lowering is left out: solve gives up. */
  if ((s->cut = late(base)))
    return 0;
  sks_lowered_load(s->lw, eo, s->encode);
  s->cut = s->lw->cnf->cut; /* the deadline stopped the lowering */
  return 0;
}

static int add_clause(sks_solver *base, const int *lits, int n) {
  analog_solver *s = (analog_solver *)base;
  if (s->eo_mode)
    sks_lowered_add_clause(s->lw, lits, n); /* over x vars */
  else
    sks_cnf_add_clause(s->cnf, lits, n);
  s->dirty = true;
  return 0;
}

static int solve(sks_solver *base, const sks_limits *lim) {
  analog_solver *s = (analog_solver *)base;
  sks_require(s->loaded, "no problem loaded");
  sks_cnf *cnf = problem(s);
  if (s->cut || late(base)) {
    s->st.calls++;
    s->has_model = false;
    return SKS_UNKNOWN; /* the deadline came during the set-up */
  }
  double t0 = sks_time(); /* the set-up below counts against the limit */
  if (s->dirty) {
    sks_analog_delete(s->a);
    s->a = sks_analog_new_until(
        cnf, lim && lim->time_limit > 0 ? t0 + lim->time_limit : 0);
    if (!s->a) { /* the deadline came during the set-up */
      s->st.calls++;
      s->has_model = false;
      return SKS_UNKNOWN;
    }
    s->dirty = false;
    if (cnf->nvars > s->nvars)
      s->model = sks_realloc(s->model, (size_t)cnf->nvars + 1);
    s->nvars = cnf->nvars;
  }
  sks_limits left = {0, 0};
  bool time_left = lim ? sks_limits_left(lim, t0, &left) : true;
  double setup = sks_time() - t0;
  sks_analog_result res = {0};
  int status = time_left ? sks_analog_solve(s->a, &s->aopt, s->seed,
                                            lim ? &left : NULL, &res)
                         : SKS_UNKNOWN;
  /* The trace is of the first problem run: one header, one problem's
   * columns (a batch's later puzzles name other spins). */
  s->aopt.trace = NULL;
  s->st.calls++;
  s->st.seconds += setup + res.seconds;
  s->st.steps += res.steps;
  s->st.rejected += res.rejected;
  s->st.rhs += res.rhs;
  s->st.restarts += res.restarts;
  s->st.analog_time += res.analog_time;
  s->has_model = false;
  if (status != SKS_SAT)
    return SKS_UNKNOWN;
  const signed char *m = sks_analog_model(s->a);
  int na = sks_analog_nvars(s->a);
  for (int v = 1; v <= s->nvars; v++)
    s->model[v] = v <= na && m[v] > 0 ? 1 : -1;
  /* Every clause of the loaded problem under the model: the last word
   * before SAT is reported, independent of the dynamics' own counters. */
  if (sks_cnf_check(cnf, s->model, s->nvars) >= 0)
    return SKS_UNKNOWN; /* cannot happen: analog.c checked it too */
  s->has_model = true;
  return SKS_SAT;
}

static int value(const sks_solver *base, int var) {
  const analog_solver *s = (const analog_solver *)base;
  sks_require(s->has_model, "no model: the last solve was not SAT");
  sks_require(var >= 1, "variables are 1-based");
  if (s->eo_mode)
    return sks_lowered_value(s->lw, var, s->model, s->nvars);
  return var <= s->nvars ? s->model[var] : -1;
}

static void stats(const sks_solver *base, sks_stats *st) {
  const analog_solver *s = (const analog_solver *)base;
  *st = s->st;
  st->bytes = problem(s)->cap * sizeof(int) + (size_t)s->nvars * 2;
  if (s->a)
    st->bytes += (size_t)sks_analog_nlits(s->a) * 28 +
                 (size_t)sks_analog_nclauses(s->a) * 24;
}

const sks_backend_ops sks_analog_backend = {
    .info = {"analog",
             SKS_CAP_RULES | SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_PORTFOLIO |
                 SKS_CAP_SEED | SKS_CAP_STEPS,
             "continuous-time dynamics (Ercsey-Ravasz & Toroczkai); finds "
             "solutions, never proves none",
             /* measured (BENCHMARKS.md "Analog: propagation"): locked
              * candidates leave the dynamics far less to do; the rating
              * keeps the papers' givens reduction */
             SKS_PROPAGATE_LOCKED, 8},
    .create = create,
    .destroy = destroy,
    .load_cnf = load_cnf,
    .load_eo = load_eo,
    .add_clause = add_clause,
    .solve = solve,
    .value = value,
    .count = NULL,
    .stats = stats,
};
