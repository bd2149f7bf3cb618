/* The picosat backend: PicoSAT linked in process.  For a batch of puzzles
 * of one shape the base rules go in once; each puzzle's fixed cells are
 * assumptions and its blocking clauses live in a push/pop context, so
 * nothing of one puzzle survives into the next.  Very large shapes, whose
 * base rules would not pay off, get a fresh instance of the reduced CNF. */
#include "eo_int.h"
#include "lower_int.h"
#include "require_int.h"
#include "solver_int.h"
#include "stack_int.h"

#include <picosat/picosat.h>
#include <string.h>

/* Base rules for every puzzle up to this many candidates (25x25). */
enum { BASE_MAX_VARS = 25 * 25 * 25 };

typedef struct psolver {
  struct sks_solver base;
  PicoSAT *ps;
  sks_solver_options opt;
  /* Incremental mode: base rules of this shape are in ps. */
  bool incremental;
  const sks_shape *shape; /* a reference: the shape of the base rules */
  bool in_context;   /* a push is open for the current puzzle */
  bool searched;     /* picosat_sat ran last: learned clauses removable */
  const sks_eo *eo;  /* the loaded system, or NULL for a CNF */
  bool solved_by_propagation;
  SKS_STACK(int) assumptions;
  SKS_STACK(int) added;  /* clauses added, for the propagation-only case */
  sks_cnf *cnf;          /* scratch for the base rules */
  bool fresh;            /* the loaded puzzle is lw's CNF in its own
                            instance */
  sks_lowered *lw;       /* the fresh mode's puzzle */
  SKS_STACK(signed char) cnf_model; /* fresh mode: by CNF variable */
  signed char *model;    /* copied after SAT: deref is invalid after add */
  int model_vars;
  int nvars;
  double deadline;
  sks_stats st;
} psolver;

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)err;
  psolver *s = sks_calloc(1, sizeof *s);
  s->opt = *opt;
  return &s->base;
}

static void drop_instance(psolver *s) {
  if (s->ps) {
    s->st.decisions += picosat_decisions(s->ps);
    s->st.propagations += picosat_propagations(s->ps);
    picosat_reset(s->ps);
  }
  s->ps = NULL;
  s->incremental = false;
  s->in_context = false;
  sks_shape_release(s->shape);
  s->shape = NULL;
}

static void destroy(sks_solver *base) {
  psolver *s = (psolver *)base;
  drop_instance(s);
  SKS_STACK_FREE(s->assumptions);
  SKS_STACK_FREE(s->added);
  sks_cnf_delete(s->cnf);
  sks_lowered_delete(s->lw);
  SKS_STACK_FREE(s->cnf_model);
  free(s->model);
  free(s);
}

static void new_instance(psolver *s) {
  drop_instance(s);
  s->ps = picosat_init();
  s->searched = false;
  picosat_set_seed(s->ps, (unsigned)s->opt.seed);
}

static void add_cnf(PicoSAT *ps, const sks_cnf *cnf) {
  if (cnf->nvars)
    picosat_adjust(ps, cnf->nvars);
  for (size_t i = 0; i < cnf->nlits; i++)
    picosat_add(ps, cnf->lits[i]);
}

static bool same_shape(const psolver *s, const sks_shape *shape) {
  return s->incremental && sks_shape_same(s->shape, shape);
}

/* Base rules: the encoding of the empty grid of this shape. */
static void load_base(psolver *s, const sks_eo *eo) {
  new_instance(s);
  if (!s->cnf)
    s->cnf = sks_cnf_new();
  sks_encode_base(eo->shape, s->opt.encode, s->cnf);
  add_cnf(s->ps, s->cnf);
  s->incremental = true;
  s->shape = sks_shape_retain(eo->shape);
}

static void reserve_model(psolver *s, int nvars) {
  if (nvars > s->model_vars) {
    s->model = sks_realloc(s->model, (size_t)nvars + 1);
    s->model_vars = nvars;
  }
  s->nvars = nvars;
}

static int load_eo(sks_solver *base, const sks_eo *eo, sks_error *err) {
  (void)err;
  psolver *s = (psolver *)base;
  s->eo = eo;
  s->fresh = false;
  s->added.n = 0;
  s->assumptions.n = 0;
  reserve_model(s, eo->nvars);
  s->solved_by_propagation = eo->status != SKS_UNKNOWN;
  if (s->solved_by_propagation)
    return 0; /* SAT or UNSAT already: nothing for PicoSAT to do */
  if (eo->nvars <= BASE_MAX_VARS) {
    if (!same_shape(s, eo->shape))
      load_base(s, eo);
    /* Clauses learned under another puzzle's assumptions are valid but
     * mostly useless here, and they slow propagation: measured 0.66 s ->
     * 0.44 s CPU on top1465. */
    if (s->searched)
      picosat_remove_learned(s->ps, 100);
    /* The answer to a puzzle must not depend on the puzzles before it (a
     * batch on N threads prints what one thread prints), so the search
     * heuristics start afresh too. */
    picosat_reset_phases(s->ps);
    picosat_reset_scores(s->ps);
    picosat_set_seed(s->ps, (unsigned)s->opt.seed);
    if (s->in_context) {
      picosat_pop(s->ps);
      s->in_context = false;
    }
    s->searched = false;
    for (int v = 1; v <= eo->nvars; v++)
      if (eo->val[v] > 0)
        SKS_PUSH(s->assumptions, v);
    return 0;
  }
  /* Fresh instance of the reduced CNF. */
  new_instance(s);
  if (!s->lw)
    s->lw = sks_lowered_new();
  sks_lowered_load(s->lw, eo, s->opt.encode);
  add_cnf(s->ps, s->lw->cnf);
  s->fresh = true;
  return 0;
}

static int load_cnf(sks_solver *base, const sks_cnf *cnf, sks_error *err) {
  (void)err;
  psolver *s = (psolver *)base;
  s->eo = NULL;
  s->fresh = false;
  s->solved_by_propagation = false;
  s->assumptions.n = 0;
  new_instance(s);
  add_cnf(s->ps, cnf);
  reserve_model(s, cnf->nvars);
  return 0;
}

static int add_clause(sks_solver *base, const int *lits, int n) {
  psolver *s = (psolver *)base;
  if (s->solved_by_propagation) {
    for (int i = 0; i < n; i++)
      SKS_PUSH(s->added, lits[i]);
    SKS_PUSH(s->added, 0);
    return 0;
  }
  s->searched = false; /* PicoSAT is back in its "ready" state */
  if (s->fresh) {
    /* Over candidates: in the CNF's own variables. */
    size_t mark = s->lw->cnf->nlits;
    if (sks_lowered_add_clause(s->lw, lits, n))
      for (size_t i = mark; i < s->lw->cnf->nlits; i++)
        picosat_add(s->ps, s->lw->cnf->lits[i]);
    return 0;
  }
  if (s->incremental && s->eo && !s->in_context) {
    picosat_push(s->ps);
    s->in_context = true;
  }
  for (int i = 0; i < n; i++) {
    int v = abs(lits[i]);
    if (v > picosat_variables(s->ps))
      picosat_adjust(s->ps, v);
    picosat_add(s->ps, lits[i]);
  }
  picosat_add(s->ps, 0);
  return 0;
}

static int interrupt(void *data) {
  psolver *s = data;
  return sks_time() > s->deadline;
}

/* The only solution is the propagated one: an added clause it falsifies
 * leaves none. */
static int solve_propagated(psolver *s) {
  const sks_eo *eo = s->eo;
  if (eo->status == SKS_UNSAT)
    return SKS_UNSAT;
  if (sks_clauses_check(s->added.a, s->added.n, eo->val, eo->nvars) >= 0)
    return SKS_UNSAT;
  for (int v = 1; v <= eo->nvars; v++)
    s->model[v] = eo->val[v] > 0 ? 1 : -1;
  return SKS_SAT;
}

/* After SAT: the model by variable of the loaded problem; in the fresh
 * mode by candidate, through the CNF's numbering. */
static void read_model(psolver *s) {
  int have = picosat_variables(s->ps);
  if (!s->fresh) {
    for (int v = 1; v <= s->nvars; v++)
      s->model[v] = v <= have ? (signed char)picosat_deref(s->ps, v) : -1;
    return;
  }
  s->cnf_model.n = 0;
  SKS_STACK_RESERVE(s->cnf_model, (size_t)have + 1);
  for (int v = 1; v <= have; v++)
    s->cnf_model.a[v] = (signed char)picosat_deref(s->ps, v);
  for (int x = 1; x <= s->nvars; x++)
    s->model[x] = (signed char)sks_lowered_value(s->lw, x, s->cnf_model.a, have);
}

static int solve(sks_solver *base, const sks_limits *lim) {
  psolver *s = (psolver *)base;
  double start = sks_time();
  s->st.calls++;
  int res;
  if (s->eo && s->solved_by_propagation)
    res = solve_propagated(s);
  else {
    if (lim->time_limit > 0) {
      s->deadline = start + lim->time_limit;
      picosat_set_interrupt(s->ps, s, interrupt);
    } else
      picosat_set_interrupt(s->ps, NULL, NULL);
    for (size_t i = 0; i < s->assumptions.n; i++)
      picosat_assume(s->ps, s->assumptions.a[i]);
    int limit = lim->max_steps > 0 && lim->max_steps < 0x7fffffff
                    ? (int)lim->max_steps
                    : -1;
    res = picosat_sat(s->ps, limit);
    s->searched = true;
    if (res == PICOSAT_SATISFIABLE)
      read_model(s);
  }
  s->st.seconds += sks_time() - start;
  return res;
}

static int value(const sks_solver *base, int var) {
  const psolver *s = (const psolver *)base;
  sks_require(var >= 1 && var <= s->nvars, "variable out of range");
  if (s->eo && s->eo->val[var])
    return s->eo->val[var];
  return s->model[var];
}

static const signed char *model(const sks_solver *base, int *nvars) {
  const psolver *s = (const psolver *)base;
  *nvars = s->nvars;
  return s->model;
}

static void stats(const sks_solver *base, sks_stats *st) {
  const psolver *s = (const psolver *)base;
  *st = s->st;
  if (s->ps) {
    st->decisions += picosat_decisions(s->ps);
    st->propagations += picosat_propagations(s->ps);
    st->bytes = picosat_max_bytes_allocated(s->ps);
  }
}

const sks_backend_ops sks_picosat_backend = {
    .info = {"picosat", SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_UNSAT | SKS_CAP_BLOCK,
             "PicoSAT in process (CDCL); incremental across a batch",
             SKS_PROPAGATE_LOCKED},
    .create = create,
    .destroy = destroy,
    .load_cnf = load_cnf,
    .load_eo = load_eo,
    .add_clause = add_clause,
    .solve = solve,
    .value = value,
    .stats = stats,
    .model = model,
};
