/* The `dlx` backend: a loaded exactly-one system is the exact-cover
 * matrix (rows = open candidates, columns = open groups), solved and
 * counted by solver/dlx.c.  A CNF is taken only when it carries the
 * encoder's puzzle description. */
#include "eo.h"
#include "require_int.h"
#include "sks_dlx.h"
#include "solver_int.h"
#include "stack_int.h"

#include <string.h>

/* Up to this side the matrix of the whole shape is built once and each
 * puzzle restricts it (a 9x9 batch: 2,916 nodes, cheap to restrict);
 * past it a puzzle's matrix holds only its open candidates (the whole
 * matrix of a 400x400 would be 256 million nodes, 4 GB). */
enum { SHAPE_MATRIX_MAX_N = 25 };

typedef struct dlx_solver {
  struct sks_solver base;
  /* Item g is group g.  Up to SHAPE_MATRIX_MAX_N option v-1 is candidate
   * v, for the whole shape; past it option o is candidate optvar[o]. */
  sks_dlx *dlx;
  int *optvar;
  size_t optcap;
  const sks_shape *shape; /* a reference: the shape the matrix is of */
  int nvars, ngroups;
  signed char *fixed;  /* by var: the system's values after loading */
  signed char *model;  /* by var: +1 true in the first solution */
  signed char *model2; /* by var: +1 true in the second solution */
  int status;          /* the system's status at loading */
  bool loaded, has_model, has_model2;
  bool cut; /* the load deadline passed before the matrix was built: solve
               gives up */
  sks_described cnf; /* a CNF's puzzle, system and variable map */
  bool from_cnf;
  sks_stats st;
} dlx_solver;

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)opt; /* the search is deterministic: no seed */
  (void)err;
  dlx_solver *s = sks_calloc(1, sizeof *s);
  s->dlx = sks_dlx_new(0, 0);
  return &s->base;
}

static void destroy(sks_solver *base) {
  dlx_solver *s = (dlx_solver *)base;
  sks_dlx_delete(s->dlx);
  sks_shape_release(s->shape);
  free(s->fixed);
  free(s->model);
  free(s->model2);
  free(s->optvar);
  sks_described_free(&s->cnf);
  free(s);
}

/* Past sks_solver_set_deadline's time. */
static bool load_late(const dlx_solver *s) {
  return sks_past(s->base.load_deadline);
}

/* Sizes the per-candidate arrays for eo's shape and, up to
 * SHAPE_MATRIX_MAX_N, builds the shape's matrix unless it is the one
 * already built: the shape determines the groups (sks_eo_new).  The load
 * deadline is checked every 2^14 options, and a matrix left unfinished
 * is not kept (false). */
static bool fit(dlx_solver *s, const sks_eo *eo) {
  if (s->shape && sks_shape_same(s->shape, eo->shape))
    return true;
  sks_shape_release(s->shape);
  s->shape = NULL;
  s->nvars = eo->nvars;
  s->ngroups = eo->ngroups;
  size_t nv = (size_t)eo->nvars + 1;
  s->fixed = sks_realloc(s->fixed, nv);
  s->model = sks_realloc(s->model, nv);
  s->model2 = sks_realloc(s->model2, nv);
  free(s->optvar);
  s->optvar = NULL;
  s->optcap = 0;
  if (eo->n <= SHAPE_MATRIX_MAX_N) {
    if (load_late(s))
      return false;
    sks_dlx_reset(s->dlx, eo->ngroups, 0);
    sks_dlx_reserve(s->dlx, sks_eo_occurrences(eo), eo->nvars);
    for (int v = 1; v <= eo->nvars; v++) {
      if (!(v & 16383) && load_late(s))
        return false;
      int gs[SKS_EO_MAX_GROUPS];
      sks_dlx_add_option(s->dlx, gs, sks_eo_var_groups(eo, v, gs));
    }
  }
  s->shape = sks_shape_retain(eo->shape);
  return true;
}

/* A big puzzle's own matrix: its open candidates over every group (the
 * satisfied ones left out by the restriction after it); false when the
 * load deadline passed on the way. */
static bool build_open(dlx_solver *s, const sks_eo *eo) {
  if ((size_t)eo->nopen_vars > s->optcap) {
    s->optcap = (size_t)eo->nopen_vars;
    s->optvar = sks_realloc(s->optvar, s->optcap * sizeof *s->optvar);
  }
  sks_dlx_reset(s->dlx, eo->ngroups, 0);
  sks_dlx_reserve(s->dlx, (long long)eo->nopen_vars * SKS_EO_MAX_GROUPS,
                  eo->nopen_vars);
  for (int v = 1; v <= eo->nvars; v++) {
    if (!(v & 16383) && load_late(s))
      return false;
    if (!eo->val[v]) {
      int gs[SKS_EO_MAX_GROUPS];
      int o = sks_dlx_add_option(s->dlx, gs, sks_eo_var_groups(eo, v, gs));
      s->optvar[o] = v;
    }
  }
  return true;
}

static int load_eo(sks_solver *base, const sks_eo *eo, sks_error *err) {
  (void)err;
  dlx_solver *s = (dlx_solver *)base;
  s->loaded = true;
  s->has_model = s->has_model2 = false;
  if (!s->from_cnf)
    sks_described_unmap(&s->cnf);
  bool built = fit(s, eo); /* sizes the arrays in any case */
  s->cut = !built || sks_eo_cut(eo) || load_late(s);
  s->status = eo->status;
  memcpy(s->fixed, eo->val, (size_t)eo->nvars + 1);
  if (s->cut)
    return 0; /* solve gives up, unless propagation decided */
  /* Open candidates (val 0) and open groups (gdone 0) stay in; every
   * group of an open candidate is open, as a satisfied group's other
   * candidates are dead. */
  if (eo->status == SKS_UNKNOWN) {
    if (eo->n > SHAPE_MATRIX_MAX_N) {
      if (!build_open(s, eo)) {
        s->cut = true;
        return 0;
      }
      sks_dlx_restrict(s->dlx, NULL, eo->gdone);
    } else
      sks_dlx_restrict(s->dlx, eo->val + 1, eo->gdone);
  }
  return 0;
}

static int load_cnf(sks_solver *base, const sks_cnf *cnf, sks_error *err) {
  dlx_solver *s = (dlx_solver *)base;
  if (sks_described_load(&s->cnf, cnf, base->load_deadline,
                         "an exact-cover problem for dlx", err))
    return -1;
  s->from_cnf = true;
  int rc = load_eo(base, s->cnf.eo, err);
  s->from_cnf = false;
  return rc;
}

/* Blocking clauses are not an exact-cover notion; the backend counts
 * natively instead (no SKS_CAP_BLOCK). */
static int add_clause(sks_solver *base, const int *lits, int n) {
  (void)base;
  (void)lits;
  (void)n;
  return -1;
}

/* Records a solution's candidates in model (fixed ones included). */
static void set_model(dlx_solver *s, signed char *model, const int *opts,
                      int k) {
  for (int v = 0; v <= s->nvars; v++)
    model[v] = s->fixed[v] > 0 ? 1 : -1;
  for (int j = 0; j < k; j++)
    model[s->optvar ? s->optvar[opts[j]] : opts[j] + 1] = 1;
}

static int solve(sks_solver *base, const sks_limits *lim) {
  dlx_solver *s = (dlx_solver *)base;
  sks_require(s->loaded, "nothing loaded");
  double t0 = sks_time();
  s->st.calls++;
  s->has_model = s->has_model2 = false;
  int r = s->status;
  if (r == SKS_UNKNOWN && s->cut)
    ; /* the deadline came during the set-up */
  else if (r == SKS_SAT) {
    set_model(s, s->model, NULL, 0);
    s->has_model = true;
  } else if (r == SKS_UNKNOWN) {
    r = sks_dlx_solve(s->dlx, lim);
    s->st.nodes += sks_dlx_last_nodes(s->dlx);
    if (r == SKS_SAT) {
      const int *opts;
      int k = sks_dlx_solution(s->dlx, &opts);
      set_model(s, s->model, opts, k);
      s->has_model = true;
    }
  }
  s->st.seconds += sks_time() - t0;
  return r;
}

static int value(const sks_solver *base, int var) {
  const dlx_solver *s = (const dlx_solver *)base;
  sks_require(s->has_model, "no solution to read");
  var = sks_described_var(&s->cnf, var); /* 0: not modelled */
  if (var < 1 || var > s->nvars)
    return -1;
  return s->model[var];
}

static const signed char *model(const sks_solver *base, int *nvars) {
  const dlx_solver *s = (const dlx_solver *)base;
  if (!s->has_model || s->cnf.map)
    return NULL; /* a renumbered CNF: only value() knows the way */
  *nvars = s->nvars;
  return s->model;
}

/* Keeps the second solution while counting. */
typedef struct counting {
  dlx_solver *s;
  long long seen;
} counting;

static int on_solution(void *ctx, const int *opts, int k) {
  counting *c = ctx;
  if (++c->seen == 2) {
    set_model(c->s, c->s->model2, opts, k);
    c->s->has_model2 = true;
  }
  return 0;
}

/* The first solution comes from sks_dlx_solution, the second from the
 * visitor (decoders show two solutions of a puzzle that has several). */
static long long count(sks_solver *base, long long limit, const sks_limits *lim,
                       int *status) {
  dlx_solver *s = (dlx_solver *)base;
  sks_require(s->loaded, "nothing loaded");
  double t0 = sks_time();
  s->st.calls++;
  s->has_model = s->has_model2 = false;
  long long k = 0;
  int st = SKS_SAT;
  if (s->status == SKS_SAT) {
    set_model(s, s->model, NULL, 0);
    s->has_model = true;
    k = 1;
  } else if (s->status == SKS_UNKNOWN && s->cut)
    st = SKS_UNKNOWN;
  else if (s->status == SKS_UNKNOWN) {
    counting c = {s, 0};
    k = sks_dlx_search(s->dlx, limit, lim, on_solution, &c, &st);
    if (limit > 0 && k >= limit)
      st = SKS_SAT; /* the count limit stopped it: "at least limit" holds */
    s->st.nodes += sks_dlx_last_nodes(s->dlx);
    if (k > 0) {
      const int *opts;
      int m = sks_dlx_solution(s->dlx, &opts);
      set_model(s, s->model, opts, m);
      s->has_model = true;
    }
  }
  if (status)
    *status = st;
  s->st.seconds += sks_time() - t0;
  return k;
}

static void stats(const sks_solver *base, sks_stats *st) {
  const dlx_solver *s = (const dlx_solver *)base;
  *st = s->st;
  st->bytes = sizeof *s + sks_dlx_bytes(s->dlx) + ((size_t)s->nvars + 1) * 3;
}

static int solution_value(const sks_solver *base, int which, int var) {
  const dlx_solver *s = (const dlx_solver *)base;
  if (which == 0)
    return value(base, var);
  sks_require(which == 1 && s->has_model2, "no second solution to read");
  var = sks_described_var(&s->cnf, var);
  if (var < 1 || var > s->nvars)
    return -1;
  return s->model2[var];
}

const sks_backend_ops sks_dlx_backend = {
    .info = {"dlx",
             SKS_CAP_EO | SKS_CAP_CNF | SKS_CAP_UNSAT | SKS_CAP_COUNT |
                 SKS_CAP_STEPS,
             "dancing links (Knuth's Algorithm X): exact cover over the "
             "puzzle's exactly-one system; solves, proves none, counts",
             /* DLX searches the open candidates so cheaply that locked
              * candidates do not pay for themselves */
             SKS_PROPAGATE_SINGLES, 0},
    .create = create,
    .destroy = destroy,
    .load_cnf = load_cnf,
    .load_eo = load_eo,
    .add_clause = add_clause,
    .solve = solve,
    .value = value,
    .count = count,
    .stats = stats,
    .model = model,
    .solution_value = solution_value,
};
