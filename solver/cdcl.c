/* Puzzles on an incremental CDCL solver, whatever the library.  For a
 * batch of puzzles of one shape the base rules go in once; each puzzle's
 * fixed cells are assumptions and its blocking clauses live in a context
 * the next puzzle removes (push/pop, or an activation literal), so
 * nothing of one puzzle survives into the next.  Very large shapes, whose
 * base rules would not pay off, get a fresh instance of the reduced CNF;
 * puzzles that propagation decided never reach the engine. */
#include "cdcl_int.h"
#include "eo.h"
#include "lower.h"
#include "require_int.h"
#include "stack_int.h"

#include <string.h>

typedef struct cdcl {
  struct sks_solver base;
  const sks_engine *eng;
  void *e; /* the engine's instance, or NULL */
  sks_solver_options opt;
  /* Incremental mode: base rules of this shape are in e. */
  bool incremental;
  const sks_shape *shape; /* a reference: the shape of the base rules */
  bool in_context;        /* the current puzzle's blocking clauses are open */
  int act;                /* their activation literal (no push/pop), or 0 */
  bool searched;          /* a search ran last: learned clauses removable */
  const sks_eo *eo;       /* the loaded system, or NULL for a CNF */
  bool solved_by_propagation;
  SKS_STACK(int) assumptions;
  SKS_STACK(int) added; /* clauses added, for the propagation-only case */
  sks_cnf *cnf;         /* scratch for the base rules */
  bool fresh;           /* the loaded puzzle is lw's CNF in its own
                           instance */
  sks_lowered *lw;      /* the fresh mode's puzzle */
  SKS_STACK(signed char) cnf_model; /* fresh mode: by CNF variable */
  signed char *model; /* copied after SAT: a value is invalid after add */
  int model_vars;
  int nvars;
  /* A CNF whose variables are mostly unused (a puzzle written without
   * --renumber: 11 million numbered, 200,000 used) goes to the engine
   * numbered 1..k over the ones it uses: cnf_var[v] is v's engine
   * variable (0: unused). */
  int *cnf_var;
  int compact_n;   /* engine variables mapped, 0: no map */
  int compact_top; /* the CNF variables cnf_var covers */
  double deadline;
  bool load_cut; /* loading stopped at the deadline: solve gives up */
  bool late;     /* the last search ran out of time: the instance is freed
                    on a thread of its own (sks_cdcl_retire) */
  bool gone;     /* the instance was left to a search past its deadline
                    (sks_cdcl_race): unknown until the next load */
  sks_stats st;
} cdcl;

/* Past the load deadline (checked between clauses, and between phases). */
static bool load_late(const cdcl *s) {
  return sks_past(s->base.load_deadline);
}

sks_solver *sks_cdcl_create(const sks_engine *eng,
                            const sks_solver_options *opt) {
  cdcl *s = sks_calloc(1, sizeof *s);
  s->eng = eng;
  s->opt = *opt;
  return &s->base;
}

static void drop_instance(cdcl *s) {
  if (s->e && s->late)
    sks_cdcl_retire(s->eng, s->e, &s->st);
  else if (s->e)
    s->eng->release(s->e, &s->st);
  s->e = NULL;
  s->late = s->gone = false;
  s->incremental = false;
  s->in_context = false;
  s->act = 0;
  sks_shape_release(s->shape);
  s->shape = NULL;
}

void sks_cdcl_destroy(sks_solver *base) {
  cdcl *s = (cdcl *)base;
  drop_instance(s);
  SKS_STACK_FREE(s->assumptions);
  SKS_STACK_FREE(s->added);
  sks_cnf_delete(s->cnf);
  sks_lowered_delete(s->lw);
  SKS_STACK_FREE(s->cnf_model);
  free(s->model);
  free(s->cnf_var);
  free(s);
}

static void new_instance(cdcl *s) {
  drop_instance(s);
  s->e = s->eng->init(s->opt.seed);
  s->searched = false;
}

/* The engine learns of the variables the clauses use, not of what a
 * header declared: a count is a hint, never an allocation on trust. */
/* Adds cnf's clauses to instance e (through map, when not NULL); a big
 * one stops when stop(arg) says so (false returned), asked between steps
 * of 2^18 variables and every 2^16 literals at a clause's end (so that
 * a time limit holds while a big grid's CNF, which CaDiCaL takes seconds
 * to add, is loaded). */
static bool feed(const cdcl *s, void *e, const sks_cnf *cnf, const int *map,
                 bool (*stop)(const void *), const void *arg) {
  int top = 0;
  for (size_t i = 0; i < cnf->nlits; i++)
    if (abs(cnf->lits[i]) > top)
      top = abs(cnf->lits[i]);
  if (map)
    top = s->compact_n;
  for (int have = 0; have < top;) {
    have = top - have > (1 << 18) ? have + (1 << 18) : top;
    s->eng->reserve(e, have);
    if (have < top && stop(arg))
      return false;
  }
  for (size_t i = 0, next = 1u << 16; i < cnf->nlits; i++) {
    int lit = cnf->lits[i];
    if (map)
      lit = lit < 0 ? -map[-lit] : map[lit];
    s->eng->add(e, lit);
    if (i >= next && !cnf->lits[i]) {
      next = i + (1u << 16);
      if (stop(arg))
        return false;
    }
  }
  return true;
}

static bool past_load_deadline(const void *arg) {
  return load_late(arg);
}

/* Adds cnf's clauses to the solver's instance; a big one stops at the
 * load deadline (load_cut). */
static void add_cnf(cdcl *s, const sks_cnf *cnf) {
  if (!feed(s, s->e, cnf, s->compact_n ? s->cnf_var : NULL, past_load_deadline,
            s))
    s->load_cut = s->late = true;
}

/* Base rules: the encoding of the empty grid of this shape. */
static void load_base(cdcl *s, const sks_eo *eo) {
  new_instance(s);
  if (!s->cnf)
    s->cnf = sks_cnf_new();
  sks_encode_base(eo->shape, s->opt.encode, s->cnf);
  add_cnf(s, s->cnf);
  if (s->load_cut)
    return; /* rules cut short: never the shape's rules for the next one */
  s->incremental = true;
  s->shape = sks_shape_retain(eo->shape);
}

static void reserve_model(cdcl *s, int nvars) {
  if (nvars > s->model_vars) {
    s->model = sks_realloc(s->model, (size_t)nvars + 1);
    s->model_vars = nvars;
  }
  s->nvars = nvars;
}

/* The last puzzle's blocking clauses leave: popped, or retired for good by
 * their activation literal's negation. */
static void close_context(cdcl *s) {
  if (!s->in_context)
    return;
  if (s->eng->pop)
    s->eng->pop(s->e);
  else {
    s->eng->add(s->e, -s->act);
    s->eng->add(s->e, 0);
    s->act = 0;
  }
  s->in_context = false;
}

/* A puzzle of the shape whose base rules are loaded. */
static void load_incremental(cdcl *s, const sks_eo *eo) {
  if (!(s->incremental && sks_shape_same(s->shape, eo->shape)))
    load_base(s, eo);
  if (s->eng->new_puzzle)
    s->eng->new_puzzle(s->e, s->opt.seed, s->searched);
  close_context(s);
  s->searched = false;
  for (int v = 1; v <= eo->nvars; v++)
    if (eo->val[v] > 0)
      SKS_PUSH(s->assumptions, v);
  /* A candidates puzzle: its removed candidates are false (the base
   * rules know only the givens' kind of restriction). */
  if (eo->has_removed)
    for (int v = 1; v <= eo->nvars; v++)
      if (eo->removed[v - 1])
        SKS_PUSH(s->assumptions, -v);
}

int sks_cdcl_load_eo(sks_solver *base, const sks_eo *eo, sks_error *err) {
  ((cdcl *)base)->compact_n = 0;
  (void)err;
  cdcl *s = (cdcl *)base;
  s->eo = eo;
  s->fresh = false;
  s->added.n = 0;
  s->assumptions.n = 0;
  reserve_model(s, eo->nvars);
  s->load_cut = false;
  s->solved_by_propagation = eo->status != SKS_UNKNOWN;
  if (s->solved_by_propagation)
    return 0; /* SAT or UNSAT already: nothing for the engine to do */
  if (eo->nvars <= s->eng->base_max_vars && !eo->rules) {
    load_incremental(s, eo);
    return 0;
  }
  /* Fresh instance of the reduced CNF. */
  new_instance(s);
  if (!s->lw)
    s->lw = sks_lowered_new();
  if ((s->load_cut = load_late(s)))
    return 0;
  sks_lowered_load(s->lw, eo, s->opt.encode);
  if ((s->load_cut = s->late = s->lw->cnf->cut || load_late(s)))
    return 0;
  add_cnf(s, s->lw->cnf);
  if (eo->rules && s->eng->rules && !s->load_cut)
    s->eng->rules(s->e, eo, s->lw->cnf_var, s->lw->fixed);
  s->fresh = true;
  return 0;
}

/* The map of a CNF that uses fewer than half the variables it numbers
 * (each engine variable costs CaDiCaL ~200 bytes, set up or not: a 146 MB
 * CNF of 11.4 million numbered, 216,918 used, held 2.3 GB); else none. */
static void compact(cdcl *s, const sks_cnf *cnf) {
  s->compact_n = 0;
  int top = cnf->nvars;
  for (size_t i = 0; i < cnf->nlits; i++)
    if (abs(cnf->lits[i]) > top)
      top = abs(cnf->lits[i]);
  unsigned char *used = sks_calloc((size_t)top + 1, 1);
  int k = 0;
  for (size_t i = 0; i < cnf->nlits; i++) {
    int v = abs(cnf->lits[i]);
    k += v && !used[v];
    used[v] = 1;
  }
  if (2 * (long long)k >= top) {
    free(used);
    return;
  }
  s->cnf_var = sks_realloc(s->cnf_var, ((size_t)top + 1) * sizeof *s->cnf_var);
  s->cnf_var[0] = 0;
  for (int v = 1, n = 0; v <= top; v++)
    s->cnf_var[v] = used[v] ? ++n : 0;
  free(used);
  s->compact_n = k;
  s->compact_top = top;
}

/* A CNF that `sudokusat encode` wrote from a puzzle with variant rules,
 * whose clauses are exactly what its description generates: the rules to
 * an engine that takes them, with the puzzle's system rebuilt as decode
 * rebuilds it (the cells propagation fixed).  A CNF edited since gets
 * none: its clauses, not the rules, are the problem then. */
static void cnf_rules(cdcl *s, const sks_cnf *cnf) {
  const sks_cnf_desc *d = cnf->desc;
  long want;
  if (!s->eng->rules || !d || !d->rules || s->load_cut ||
      !sks_cnf_desc_generates(cnf, &want))
    return;
  sks_puzzle *p = sks_cnf_desc_puzzle(d, NULL);
  if (!p)
    return;
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, d->propagate);
  if (!sks_eo_cut(eo) && eo->status == SKS_UNKNOWN && eo->rules) {
    int *var = sks_calloc((size_t)eo->nvars + 1, sizeof *var);
    if (d->map) {
      for (int i = 0; i < d->nmap; i++)
        if (d->map[i] >= 1 && d->map[i] <= eo->nvars)
          var[d->map[i]] = i + 1;
    } else
      for (int x = 1; x <= eo->nvars && x <= cnf->nvars; x++)
        var[x] = x;
    for (int x = 1; s->compact_n && x <= eo->nvars; x++)
      var[x] = var[x] <= s->compact_top ? s->cnf_var[var[x]] : 0;
    s->eng->rules(s->e, eo, var, eo->val);
    free(var);
  }
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

int sks_cdcl_load_cnf(sks_solver *base, const sks_cnf *cnf, sks_error *err) {
  (void)err;
  cdcl *s = (cdcl *)base;
  s->eo = NULL;
  s->fresh = false;
  s->solved_by_propagation = false;
  s->assumptions.n = 0;
  s->load_cut = false;
  new_instance(s);
  compact(s, cnf);
  add_cnf(s, cnf);
  cnf_rules(s, cnf);
  reserve_model(s, cnf->nvars);
  return 0;
}

/* A clause over the loaded problem's variables, in the current context. */
/* A literal of the loaded CNF as the engine numbers it; a variable the
 * clauses did not use gets the next engine variable. */
static int engine_lit(cdcl *s, int lit) {
  if (!s->compact_n)
    return lit;
  int v = abs(lit);
  if (v > s->compact_top) {
    s->cnf_var = sks_realloc(s->cnf_var, ((size_t)v + 1) * sizeof *s->cnf_var);
    memset(s->cnf_var + s->compact_top + 1, 0,
           (size_t)(v - s->compact_top) * sizeof *s->cnf_var);
    s->compact_top = v;
  }
  if (!s->cnf_var[v])
    s->cnf_var[v] = ++s->compact_n;
  return lit < 0 ? -s->cnf_var[v] : s->cnf_var[v];
}

static void add_in_context(cdcl *s, const int *lits, int n) {
  if (s->compact_n) { /* a CNF's own clause: no context to open */
    int top = 0;
    for (int i = 0; i < n; i++) {
      int e = abs(engine_lit(s, lits[i]));
      top = e > top ? e : top;
    }
    if (top > s->eng->nvars(s->e))
      s->eng->reserve(s->e, top);
    for (int i = 0; i < n; i++)
      s->eng->add(s->e, engine_lit(s, lits[i]));
    s->eng->add(s->e, 0);
    return;
  }
  if (s->incremental && s->eo && !s->in_context) {
    if (s->eng->push)
      s->eng->push(s->e);
    else
      s->act = s->eng->nvars(s->e) + 1;
    s->in_context = true;
  }
  int top = s->act;
  for (int i = 0; i < n; i++)
    if (abs(lits[i]) > top)
      top = abs(lits[i]);
  if (top > s->eng->nvars(s->e))
    s->eng->reserve(s->e, top);
  for (int i = 0; i < n; i++)
    s->eng->add(s->e, lits[i]);
  if (s->act)
    s->eng->add(s->e, -s->act);
  s->eng->add(s->e, 0);
}

int sks_cdcl_add_clause(sks_solver *base, const int *lits, int n) {
  cdcl *s = (cdcl *)base;
  if (s->solved_by_propagation) {
    for (int i = 0; i < n; i++)
      SKS_PUSH(s->added, lits[i]);
    SKS_PUSH(s->added, 0);
    return 0;
  }
  s->searched = false; /* the engine is back in its "ready" state */
  if (s->gone || s->load_cut)
    return 0; /* the next solve answers unknown all the same */
  if (s->fresh) {
    /* Over candidates: in the CNF's own variables. */
    size_t mark = s->lw->cnf->nlits;
    if (sks_lowered_add_clause(s->lw, lits, n))
      for (size_t i = mark; i < s->lw->cnf->nlits; i++)
        s->eng->add(s->e, s->lw->cnf->lits[i]);
    return 0;
  }
  add_in_context(s, lits, n);
  return 0;
}

static int terminate(void *data) {
  cdcl *s = data;
  return sks_time() > s->deadline;
}

/* The only solution is the propagated one: an added clause it falsifies
 * leaves none. */
static int solve_propagated(cdcl *s) {
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
static void read_model(cdcl *s) {
  int have = s->eng->nvars(s->e);
  if (!s->fresh) {
    for (int v = 1; v <= s->nvars; v++) {
      int e = v;
      if (s->compact_n)
        e = v <= s->compact_top ? s->cnf_var[v] : 0;
      s->model[v] = e && e <= have ? (signed char)s->eng->val(s->e, e) : -1;
    }
    return;
  }
  s->cnf_model.n = 0;
  SKS_STACK_RESERVE(s->cnf_model, (size_t)have + 1);
  for (int v = 1; v <= have; v++)
    s->cnf_model.a[v] = (signed char)s->eng->val(s->e, v);
  for (int x = 1; x <= s->nvars; x++)
    s->model[x] =
        (signed char)sks_lowered_value(s->lw, x, s->cnf_model.a, have);
}

/* The other threads a search may take (sks_solver_options.spare), at
 * most `most`. */
static int borrow(const sks_solver_options *o, int most) {
  int want = o->threads - 1 < most ? o->threads - 1 : most;
  if (want <= 0)
    return 0;
  if (!o->spare)
    return want;
  int have = __atomic_load_n(o->spare, __ATOMIC_ACQUIRE);
  while (have > 0) {
    int take = have < want ? have : want;
    if (__atomic_compare_exchange_n(o->spare, &have, have - take, false,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return take;
  }
  return 0;
}

static void give_back(const sks_solver_options *o, int n) {
  if (o->spare && n > 0)
    __atomic_add_fetch(o->spare, n, __ATOMIC_ACQ_REL);
}

static bool race_over(const void *arg) {
  return sks_race_stopped(arg);
}

/* A racer's instance of the fresh mode's CNF (its blocking clauses
 * included) and the puzzle's rules for an engine that takes them, read
 * as the race runs: it stops when the race is decided. */
static void load_racer(void *data, const sks_race *r, void *e) {
  const cdcl *s = data;
  if (feed(s, e, s->lw->cnf, NULL, race_over, r) && s->eo && s->eo->rules &&
      s->eng->rules)
    s->eng->rules(e, s->eo, s->lw->cnf_var, s->lw->fixed);
}

/* The racers memory allows beside the loaded instance: each holds a copy
 * of the CNF, taken at 64 bytes a literal (CaDiCaL's clause, watch and
 * learned-clause growth on big grids) and the backend's bytes a
 * variable; a race never takes more than the memory there is. */
static int racers_fit(const cdcl *s) {
  const sks_cnf *cnf = s->lw->cnf;
  double each = 64.0 * (double)cnf->nlits +
                (double)s->base.ops->info.var_bytes * (double)cnf->nvars;
  double fit = (double)sks_memory_available() / (each > 1 ? each : 1) - 1;
  return fit < 1 ? 0 : fit > 1024 ? 1024 : (int)fit;
}

/* A search on an instance of its own (a big grid, a CNF), on a thread
 * watched by the clock (sks_cdcl_race), raced by extra more instances,
 * each of its own seed (CaDiCaL's runs on one puzzle spread over an
 * order of magnitude with the seed); the winner's instance becomes the
 * solver's. */
static int race(cdcl *s, int extra, const sks_limits *lim, double start) {
  int n = 1 + extra;
  for (size_t i = 0; i < s->assumptions.n; i++)
    s->eng->assume(s->e, s->assumptions.a[i]);
  unsigned long long *seeds = sks_calloc((size_t)n, sizeof *seeds);
  for (int i = 0; i < n; i++)
    seeds[i] = s->opt.seed + (unsigned long long)i;
  void *kept = NULL;
  int res = sks_cdcl_race(s->eng, s->e, n, seeds, load_racer, s,
                          lim->time_limit > 0 ? start + lim->time_limit : 0,
                          lim->max_steps, &kept, &s->st);
  free(seeds);
  s->searched = true;
  if (n > 1) {
    s->st.races++;
    s->st.racers += (unsigned long long)n;
  }
  s->e = kept;
  if (!kept) {
    s->gone = true; /* every instance left to its thread */
    s->st.abandoned++;
  } else if (res == SKS_SAT)
    read_model(s);
  else if (res == SKS_UNKNOWN && lim->time_limit > 0)
    s->late = true;
  return res;
}

int sks_cdcl_solve(sks_solver *base, const sks_limits *lim) {
  cdcl *s = (cdcl *)base;
  double start = sks_time();
  s->st.calls++;
  int res, extra = 0;
  if (s->load_cut || s->gone)
    res = SKS_UNKNOWN; /* the deadline came during the set-up */
  else if (s->eo && s->solved_by_propagation)
    res = solve_propagated(s);
  else if ((s->fresh && s->opt.threads > 1 &&
            (extra = borrow(&s->opt, racers_fit(s))) > 0) ||
           (lim->time_limit > 0 && !s->incremental)) {
    res = race(s, extra, lim, start);
    give_back(&s->opt, extra);
  } else {
    if (lim->time_limit > 0) {
      s->deadline = start + lim->time_limit;
      s->eng->set_terminate(s->e, s, terminate);
    } else
      s->eng->set_terminate(s->e, NULL, NULL);
    for (size_t i = 0; i < s->assumptions.n; i++)
      s->eng->assume(s->e, s->assumptions.a[i]);
    if (s->act)
      s->eng->assume(s->e, s->act);
    res = s->eng->solve(s->e, lim->max_steps);
    s->searched = true;
    if (res == SKS_SAT)
      read_model(s);
  }
  s->st.seconds += sks_time() - start;
  return res;
}

int sks_cdcl_value(const sks_solver *base, int var) {
  const cdcl *s = (const cdcl *)base;
  sks_require(var >= 1 && var <= s->nvars, "variable out of range");
  if (s->eo && s->eo->val[var])
    return s->eo->val[var];
  return s->model[var];
}

const signed char *sks_cdcl_model(const sks_solver *base, int *nvars) {
  const cdcl *s = (const cdcl *)base;
  *nvars = s->nvars;
  return s->model;
}

void sks_cdcl_stats(const sks_solver *base, sks_stats *st) {
  const cdcl *s = (const cdcl *)base;
  *st = s->st;
  if (s->e)
    s->eng->stats(s->e, st);
}
