/* The analog solver's core: the problem in flat CSR arrays (loading, the
 * sign check), the integrators' table, one trajectory, and the public run
 * API.  Right-hand side: analog_rhs.c; integrators: analog_integrate.c;
 * restarts, the portfolio and the rating: analog_portfolio.c. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"
#include "require_int.h"
#include "stack_int.h"

void sks_analog_options_init(sks_analog_options *opt) {
  memset(opt, 0, sizeof *opt);
  opt->memory = 1;
  opt->method = SKS_ANALOG_DEFAULT;
  opt->trace_every = 100;
  opt->lanes = SKS_ANALOG_LANES_FLOAT;
  opt->rate_width = SKS_ANALOG_RATE_WIDTH;
}

/* ------------------------------------------------------------------ */
/* The integrators' table (struct method: analog_int.h). */

/* What SKS_ANALOG_DEFAULT runs: the measured best (docs/analog.md). */
enum { DEFAULT_METHOD = SKS_ANALOG_SPLIT };

static const struct method methods[] = {
    [SKS_ANALOG_DEFAULT] = {.id = SKS_ANALOG_DEFAULT,
                            .names = {"default", ""},
                            .nnames = 2},
    [SKS_ANALOG_CASH_KARP] = {.id = SKS_ANALOG_CASH_KARP,
                              .names = {"cash-karp", "ck"},
                              .nnames = 2,
                              .step = sks_analog_step_cash_karp,
                              .tol = 1e-3,
                              .reject_pow = -0.25,
                              .accept_safety = 0.9,
                              .accept_pow = -0.2,
                              .max_growth = 5.0},
    [SKS_ANALOG_RKC] = {.id = SKS_ANALOG_RKC,
                        .names = {"rkc"},
                        .nnames = 1,
                        .step = sks_analog_step_rkc,
                        .tol = 1e-2,
                        .reject_pow = -1.0 / 3,
                        .accept_safety = 0.8,
                        .accept_pow = -1.0 / 3,
                        .max_growth = 10.0,
                        .carries_f = true},
    [SKS_ANALOG_SPLIT] = {.id = SKS_ANALOG_SPLIT,
                          .names = {"split"},
                          .nnames = 1,
                          .step = sks_analog_step_split,
                          .tol = 2e-1,
                          .reject_pow = -0.5,
                          .accept_safety = 0.8,
                          .accept_pow = -0.5,
                          .max_growth = 10.0},
};
enum { NMETHODS = (int)(sizeof methods / sizeof *methods) };

/* The row that runs for opt->method.  Any value outside the enum has
 * always run Cash-Karp; it still does. */
static const struct method *method_of(int id) {
  if (id == SKS_ANALOG_DEFAULT)
    return &methods[DEFAULT_METHOD];
  if (id < 0 || id >= NMETHODS)
    return &methods[SKS_ANALOG_CASH_KARP];
  return &methods[id];
}

int sks_analog_method_parse(const char *name) {
  if (!name)
    return SKS_ANALOG_DEFAULT;
  for (int i = 0; i < NMETHODS; i++)
    if (sks_name_index(name, methods[i].names, methods[i].nnames) >= 0)
      return methods[i].id;
  return -1;
}

const char *sks_analog_method_name(int method) {
  if (method < 0 || method >= NMETHODS)
    method = SKS_ANALOG_DEFAULT;
  return methods[method].names[0];
}

/* ------------------------------------------------------------------ */
/* Building the problem: canonical clauses, sorted, duplicates dropped,
 * then the layouts the right-hand side, the sign counters and the sweep
 * each read. */

typedef struct clause_ref {
  const int *lits;
  int len;
} clause_ref;

typedef SKS_STACK(clause_ref) clause_stack;

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Shorter first (the right-hand side then runs long stretches of equal
 * length), then lexicographic, so duplicates are neighbours. */
static int cmp_clause(const void *a, const void *b) {
  const clause_ref *x = a, *y = b;
  if (x->len != y->len)
    return x->len - y->len;
  for (int j = 0; j < x->len; j++)
    if (x->lits[j] != y->lits[j])
      return x->lits[j] < y->lits[j] ? -1 : 1;
  return 0;
}

/* Copies cnf's clauses into buf with literals sorted, repeated literals and
 * tautologies dropped (x or not x: always true, its factor 1-s^2 only
 * slows), each referenced in refs.  Returns the literals kept. */
static size_t canonical_clauses(const sks_cnf *cnf, int *buf,
                                clause_stack *refs, double deadline) {
  size_t at = 0, start = 0;
  for (size_t i = 0; i < cnf->nlits; i++) {
    if (cnf->lits[i])
      continue;
    if (!(refs->n & 65535) && sks_past(deadline))
      return SIZE_MAX;
    int len = (int)(i - start);
    int *c = buf + at;
    memcpy(c, cnf->lits + start, len * sizeof *c);
    qsort(c, len, sizeof *c, cmp_int);
    int k = 0;
    bool taut = false;
    for (int j = 0; j < len; j++) {
      if (k && c[k - 1] == c[j])
        continue;
      for (int q = 0; q < k; q++)
        if (c[q] == -c[j])
          taut = true;
      c[k++] = c[j];
    }
    if (!taut) {
      clause_ref r = {c, k};
      SKS_PUSH(*refs, r);
      at += k;
    }
    start = i + 1;
  }
  return at;
}

/* Sorts the clauses (a merge sort, bottom up, that looks at the clock
 * between runs: the 7 million clauses of a 225x225 take seconds; clauses
 * that compare equal are equal, so the order is qsort's); false once the
 * deadline passed. */
static bool sort_clauses(clause_stack *refs, double deadline) {
  size_t n = refs->n;
  clause_ref *a = refs->a, *t = sks_malloc((n + 1) * sizeof *t);
  size_t since = 0;
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n,
             hi = lo + 2 * w < n ? lo + 2 * w : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        t[k++] = cmp_clause(&a[j], &a[i]) < 0 ? a[j++] : a[i++];
      while (i < mid)
        t[k++] = a[i++];
      while (j < hi)
        t[k++] = a[j++];
      since += hi - lo;
      if (since >= 1u << 18) {
        since = 0;
        if (sks_past(deadline)) {
          free(a == refs->a ? t : a); /* the scratch, whichever it is now */
          return false;
        }
      }
    }
    clause_ref *swap = a;
    a = t;
    t = swap;
  }
  if (a != refs->a) {
    memcpy(refs->a, a, n * sizeof *a);
    t = a;
  }
  free(t);
  return true;
}

/* Sorts the clauses and drops duplicates; returns how many remain, or
 * SIZE_MAX once the deadline passed. */
static size_t unique_clauses(clause_stack *refs, double deadline) {
  if (!sort_clauses(refs, deadline))
    return SIZE_MAX;
  size_t m = 0;
  for (size_t i = 0; i < refs->n; i++)
    if (!m || cmp_clause(&refs->a[m - 1], &refs->a[i]))
      refs->a[m++] = refs->a[i];
  return m;
}

/* The clauses kept, over CNF variables, each ended by 0: the input of the
 * library's one clause check (signs_satisfy), which reads no layout of
 * ours. */
static void clause_lits(sks_analog *a, const clause_ref *refs, size_t m,
                        size_t nlits) {
  a->lits = sks_malloc((nlits + m + 1) * sizeof *a->lits);
  size_t at = 0;
  for (size_t i = 0; i < m; i++) {
    memcpy(a->lits + at, refs[i].lits, (size_t)refs[i].len * sizeof *a->lits);
    at += (size_t)refs[i].len;
    a->lits[at++] = 0;
  }
  a->lits_n = at;
}

/* The clause CSR cstart/lvar/lsign with each clause's 2^-k, over spins:
 * only variables that occur get one, numbered in order of appearance so a
 * clause's spins sit close together. */
static void clause_csr(sks_analog *a, const clause_ref *refs, size_t m,
                       size_t nlits) {
  a->nclauses = (long)m;
  a->cstart = sks_malloc((m + 1) * sizeof *a->cstart);
  a->cscale = sks_malloc((m + 1) * sizeof *a->cscale);
  a->lvar = sks_malloc((nlits + 1) * sizeof *a->lvar);
  a->lsign = sks_malloc((nlits + 1) * sizeof *a->lsign);
  int *dense = sks_malloc(((size_t)a->nvars + 1) * sizeof *dense);
  for (int v = 0; v <= a->nvars; v++)
    dense[v] = -1;
  a->var_of = sks_malloc(((size_t)a->nvars + 1) * sizeof *a->var_of);
  long l = 0;
  for (size_t i = 0; i < m; i++) {
    a->cstart[i] = l;
    a->cscale[i] = ldexp(1.0, -refs[i].len);
    if (refs[i].len > a->maxlen)
      a->maxlen = refs[i].len;
    if (!refs[i].len)
      a->empty = true;
    for (int j = 0; j < refs[i].len; j++, l++) {
      int lit = refs[i].lits[j], v = abs(lit);
      if (dense[v] < 0)
        a->var_of[a->nact] = v, dense[v] = a->nact++;
      a->lvar[l] = dense[v];
      a->lsign[l] = lit > 0 ? 1.0 : -1.0;
    }
  }
  free(dense);
  a->cstart[m] = l;
  a->nlits = l;
}

/* The binary clauses are one run, bin_lo .. bin_hi-1, since clauses are
 * sorted by length. */
static void binary_range(sks_analog *a) {
  const long m = a->nclauses;
  a->bin_lo = 0;
  while (a->bin_lo < m && a->cstart[a->bin_lo + 1] - a->cstart[a->bin_lo] < 2)
    a->bin_lo++;
  a->bin_hi = a->bin_lo;
  while (a->bin_hi < m && a->cstart[a->bin_hi + 1] - a->cstart[a->bin_hi] == 2)
    a->bin_hi++;
}

/* Each spin's occurrences, in clause order, for the incremental sign
 * check and the sweep. */
static void occurrences(sks_analog *a) {
  const long l = a->nlits, m = a->nclauses;
  a->ostart = sks_calloc((size_t)a->nact + 2, sizeof *a->ostart);
  for (long q = 0; q < l; q++)
    a->ostart[a->lvar[q] + 1]++;
  for (int v = 1; v <= a->nact + 1; v++)
    a->ostart[v] += a->ostart[v - 1];
  a->oclause = sks_malloc((l + 1) * sizeof *a->oclause);
  a->osign = sks_malloc((l + 1) * sizeof *a->osign);
  a->opos = sks_malloc((l + 1) * sizeof *a->opos);
  long *fill = sks_malloc(((size_t)a->nact + 1) * sizeof *fill);
  memcpy(fill, a->ostart, ((size_t)a->nact + 1) * sizeof *fill);
  for (long c = 0; c < m; c++)
    for (long q = a->cstart[c]; q < a->cstart[c + 1]; q++) {
      long o = fill[a->lvar[q]]++;
      a->oclause[o] = c;
      a->opos[o] = q;
      a->osign[o] = a->lsign[q] > 0 ? 1 : -1;
    }
  free(fill);
}

/* Where each spin's binary-clause occurrences start and end, so the
 * sweep takes them without an inner loop; and the signs as doubles. */
static void binary_occurrences(sks_analog *a) {
  const long l = a->nlits;
  a->obin = sks_malloc(((size_t)a->nact + 1) * sizeof *a->obin);
  a->obin_end = sks_malloc(((size_t)a->nact + 1) * sizeof *a->obin_end);
  a->ocoef = sks_malloc((l + 1) * sizeof *a->ocoef);
  for (long o = 0; o < l; o++)
    a->ocoef[o] = a->osign[o];
  for (int i = 0; i < a->nact; i++) {
    long o = a->ostart[i], e = a->ostart[i + 1];
    while (o < e && a->oclause[o] < a->bin_lo)
      o++;
    a->obin[i] = o;
    while (o < e && a->oclause[o] < a->bin_hi)
      o++;
    a->obin_end[i] = o;
  }
}

/* The sweep's table costs sum k(k-1) entries, as one sweep costs that many
 * products: bounded so that one very long clause cannot take gigabytes
 * (the sweep then falls back to reading the clauses, and needs neither
 * the table nor the binary ranges). */
static void sweep_table(sks_analog *a) {
  const long l = a->nlits, m = a->nclauses;
  size_t nx = 0;
  for (long c = 0; c < m; c++) {
    size_t k = (size_t)(a->cstart[c + 1] - a->cstart[c]);
    nx += k ? k * (k - 1) : 0;
  }
  if (nx > 16 * (size_t)l + ((size_t)1 << 20))
    return;
  a->xstart = sks_malloc((l + 1) * sizeof *a->xstart);
  a->xvar = sks_malloc((nx + 1) * sizeof *a->xvar);
  a->xsign = sks_malloc((nx + 1) * sizeof *a->xsign);
  long x = 0;
  for (long o = 0; o < l; o++) {
    long c = a->oclause[o], pos = a->opos[o];
    a->xstart[o] = x;
    for (long q = a->cstart[c]; q < a->cstart[c + 1]; q++)
      if (q != pos)
        a->xvar[x] = a->lvar[q], a->xsign[x++] = a->lsign[q];
  }
  a->xstart[l] = x;
  binary_occurrences(a);
}

sks_analog *sks_analog_new(const sks_cnf *cnf) {
  return sks_analog_new_until(cnf, 0);
}

sks_analog *sks_analog_new_until(const sks_cnf *cnf, double deadline) {
  sks_require(cnf, "cnf is NULL");
  int *buf = sks_malloc((cnf->nlits + 1) * sizeof *buf);
  clause_stack refs = {0};
  size_t nlits = canonical_clauses(cnf, buf, &refs, deadline), m = 0;
  if (nlits != SIZE_MAX)
    m = unique_clauses(&refs, deadline);
  if (nlits == SIZE_MAX || m == SIZE_MAX || sks_past(deadline)) {
    free(buf);
    SKS_STACK_FREE(refs);
    return NULL;
  }
  sks_analog *a = sks_calloc(1, sizeof *a);
  a->nvars = cnf->nvars;
  clause_lits(a, refs.a, m, nlits);
  clause_csr(a, refs.a, m, nlits);
  free(buf);
  SKS_STACK_FREE(refs);
  binary_range(a);
  occurrences(a);
  sweep_table(a);
  a->model = sks_calloc((size_t)a->nvars + 1, 1);
  pthread_mutex_init(&a->lock, NULL);
  return a;
}

void sks_analog_delete(sks_analog *a) {
  if (!a)
    return;
  pthread_mutex_destroy(&a->lock);
  free(a->lits);
  free(a->cstart);
  free(a->var_of);
  free(a->cscale);
  free(a->lvar);
  free(a->lsign);
  free(a->ostart);
  free(a->oclause);
  free(a->osign);
  free(a->opos);
  free(a->xstart);
  free(a->xvar);
  free(a->xsign);
  free(a->obin);
  free(a->obin_end);
  free(a->ocoef);
  free(a->model);
  free(a);
}

int sks_analog_nvars(const sks_analog *a) {
  return a->nvars;
}
long sks_analog_nclauses(const sks_analog *a) {
  return a->nclauses;
}
long sks_analog_nlits(const sks_analog *a) {
  return a->nlits;
}
const signed char *sks_analog_model(const sks_analog *a) {
  return a->model;
}

void sks_analog_work_init(work *w, const sks_analog *p,
                          const sks_analog_options *opt) {
  memset(w, 0, sizeof *w);
  w->p = p;
  w->memory = opt->memory == 2 ? 2 : 1;
  w->method = method_of(opt->method);
  const double tol = w->method->tol;
  w->rtol = opt->rtol > 0 ? opt->rtol : tol;
  w->atol = opt->atol > 0 ? opt->atol : tol;
  w->dim = (size_t)p->nact + (size_t)p->nclauses;
  size_t d = w->dim + 1;
  w->y = sks_calloc(d, sizeof(double));
  w->ynew = sks_calloc(d, sizeof(double));
  w->err = sks_calloc(d, sizeof(double));
  w->tmp = sks_calloc(d, sizeof(double));
  for (int i = 0; i < NSTAGE; i++)
    w->k[i] = sks_calloc(d, sizeof(double));
  /* RKC reuses the Cash-Karp stage buffers: k[0], k[1], k[5] rotate as
   * its stages, k[2] and k[3] hold F(y) and F(ynew). */
  w->f0 = w->k[2];
  w->f1 = w->k[3];
  w->eig = w->k[4];
  w->w = sks_calloc((size_t)p->nclauses + 1, sizeof(double));
  w->cscale2 = sks_calloc((size_t)p->nclauses + 1, sizeof(double));
  for (long c = 0; c < p->nclauses; c++)
    w->cscale2[c] = p->cscale[c] * p->cscale[c];
  w->pre = sks_calloc((size_t)p->maxlen + 2, sizeof(double));
  w->sign = sks_calloc((size_t)p->nact + 1, 1);
  w->ntrue = sks_calloc((size_t)p->nclauses + 1, sizeof(int));
  w->model = sks_calloc((size_t)p->nvars + 1, 1);
  w->trace_every = opt->trace_every > 0 ? opt->trace_every : 100;
}

void sks_analog_work_free(work *w) {
  free(w->y);
  free(w->ynew);
  free(w->err);
  free(w->tmp);
  for (int i = 0; i < NSTAGE; i++)
    free(w->k[i]);
  free(w->w);
  free(w->cscale2);
  free(w->pre);
  free(w->sign);
  free(w->ntrue);
  free(w->model);
}

/* ln V, V = sum a_m K_m^2 at the current state (trace only; V itself
 * overflows once ln a passes ~709). */
static double potential(const work *w) {
  const sks_analog *p = w->p;
  const double *s = w->y, *u = w->y + p->nact;
  double v = 0;
  for (long c = 0; c < p->nclauses; c++) {
    double K = p->cscale[c];
    for (long q = p->cstart[c]; q < p->cstart[c + 1]; q++)
      K *= 1.0 - p->lsign[q] * s[p->lvar[q]];
    v += exp(u[c] - w->U) * K * K;
  }
  return w->U + log(v);
}

void sks_analog_trace_header(const work *w) {
  if (!w->trace)
    return;
  fprintf(w->trace, "run,t,unsat,ln_V,max_ln_a,mean_ln_a");
  int n = w->p->nact, shown = n < 8 ? n : 8;
  for (int j = 0; j < shown; j++)
    fprintf(w->trace, ",s%d", w->p->var_of[(long)j * n / shown]);
  fputc('\n', w->trace);
}

static void trace_row(const work *w) {
  const sks_analog *p = w->p;
  const double *u = w->y + p->nact;
  double umax = 0, usum = 0;
  for (long c = 0; c < p->nclauses; c++) {
    umax = c ? fmax(umax, u[c]) : u[c];
    usum += u[c];
  }
  fprintf(w->trace, "%ld,%.9g,%ld,%.9g,%.9g,%.9g", w->run, w->t, w->nunsat,
          potential(w), umax, p->nclauses ? usum / p->nclauses : 0.0);
  int n = p->nact, shown = n < 8 ? n : 8;
  for (int j = 0; j < shown; j++)
    fprintf(w->trace, ",%.6g", w->y[(long)j * n / shown]);
  fputc('\n', w->trace);
}

long sks_analog_signs_count(const sks_analog *p, const signed char *sign,
                            int *ntrue) {
  long nunsat = 0;
  for (long c = 0; c < p->nclauses; c++) {
    int t = 0;
    for (long q = p->cstart[c]; q < p->cstart[c + 1]; q++)
      t += (p->lsign[q] > 0) == (sign[p->lvar[q]] > 0);
    ntrue[c] = t;
    nunsat += !t;
  }
  return nunsat;
}

/* Sign bookkeeping: ntrue[m] true literals of clause m under sign(s);
 * after a step only variables whose sign flipped are visited. */
static void signs_reset(work *w) {
  const sks_analog *p = w->p;
  for (int i = 0; i < p->nact; i++)
    w->sign[i] = w->y[i] > 0 ? 1 : -1;
  w->nunsat = sks_analog_signs_count(p, w->sign, w->ntrue);
}

static void signs_update(work *w) {
  const sks_analog *p = w->p;
  for (int i = 0; i < p->nact; i++) {
    signed char sg = w->y[i] > 0 ? 1 : -1;
    if (sg != w->sign[i])
      sks_analog_sign_flip(p, i, sg, w->sign, w->ntrue, &w->nunsat);
  }
}

/* The model by CNF variable that signs (by spin) give; variables that
 * occur in no clause are false (the sign of nothing). */
static void model_of_signs(const sks_analog *a, const signed char *sign,
                           signed char *model) {
  memset(model, -1, (size_t)a->nvars + 1);
  model[0] = 0;
  for (int i = 0; i < a->nact; i++)
    model[a->var_of[i]] = sign[i];
}

/* The full check, independent of the counters, before SAT is claimed: the
 * model sks_analog_copy_model would write, against the clauses kept, by
 * the library's one clause check (an empty clause fails it). */
bool sks_analog_signs_satisfy(const sks_analog *p, const signed char *sign,
                              signed char *model) {
  model_of_signs(p, sign, model);
  return sks_clauses_check(p->lits, p->lits_n, model, p->nvars) < 0;
}

static bool signs_satisfy(work *w) {
  return sks_analog_signs_satisfy(w->p, w->sign, w->model);
}

/* ------------------------------------------------------------------ */
/* One trajectory. */

void sks_analog_copy_model(sks_analog *a, const work *w) {
  model_of_signs(a, w->sign, a->model);
}

static void swap_ptr(double **a, double **b) {
  double *t = *a;
  *a = *b;
  *b = t;
}

int sks_analog_trajectory(work *w, uint64_t seed, double tmax,
                          long long max_steps, double deadline) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  uint64_t rng = seed;
  for (int i = 0; i < n; i++)
    w->y[i] = 2.0 * sks_rand_unit(&rng) - 1.0;
  memset(w->y + n, 0, (size_t)p->nclauses * sizeof(double));
  w->U = 0;
  w->t = 0;
  w->h = 1e-2;
  w->f0ok = false;
  w->rho = 0;
  w->rho_age = 0;
  memset(w->eig, 0, w->dim * sizeof(double));
  signs_reset(w);
  if (w->trace)
    trace_row(w);
  if (p->empty)
    return SKS_UNKNOWN;
  if (!w->nunsat && signs_satisfy(w))
    return SKS_SAT;
  return sks_analog_trajectory_resume(w, tmax, max_steps, deadline, 0);
}

int sks_analog_trajectory_resume(work *w, double tmax, long long max_steps,
                                 double deadline, long long nsteps) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  const struct method *meth = w->method;
  long since_trace = 0;
  /* The deadline by the clock: every step when a step is long (a step
   * costs a pass over the literals), every 16 when 16 of them take well
   * under a millisecond. */
  const long long clock_mask = p->nlits >= 4096 ? 0 : 15;
  /* and inside a step when one pass takes long (a 225x225's 7 million
   * clauses; BENCHMARKS.md, "Time limits in every phase, fourth run"). */
  w->deadline = p->nlits >= (1L << 20) ? deadline : 0;
  w->cut = false;
  while (true) {
    if (tmax > 0 && w->t >= tmax)
      break;
    if (max_steps > 0 && nsteps >= max_steps)
      break;
    if (w->stop && atomic_load_explicit(w->stop, memory_order_relaxed))
      break;
    if (deadline > 0 && !(nsteps & clock_mask) && sks_time() >= deadline)
      break;
    double eU = exp(w->U), h = w->h;
    if (tmax > 0 && w->t + h / eU > tmax)
      h = (tmax - w->t) * eU;
    double e = meth->step(w, h);
    if (w->cut)
      break; /* the clock stopped it half done: not taken */
    nsteps++;
    if (!(e <= 1.0)) {
      /* A rejection; NaN or inf in the trial state lands here too, so it
       * never reaches y. */
      w->rejected++;
      w->h = sks_analog_h_rejected(meth, e, h);
      if (meth->carries_f)
        w->rho_age = 0;
      continue;
    }
    swap_ptr(&w->y, &w->ynew);
    if (meth->carries_f)
      swap_ptr(&w->f0, &w->f1);
    w->t += h / eU;
    w->steps++;
    w->rho_age--;
    for (int i = 0; i < n; i++) {
      if (w->y[i] > 1.0)
        w->y[i] = 1.0, w->f0ok = false;
      else if (w->y[i] < -1.0)
        w->y[i] = -1.0, w->f0ok = false;
    }
    signs_update(w);
    if (!w->nunsat && signs_satisfy(w)) {
      if (w->trace)
        trace_row(w);
      return SKS_SAT;
    }
    /* Raise the time offset U between steps when the largest weight has
     * outgrown it, keeping the physical step h / e^U. */
    const double *u = w->y + n;
    double umax = 0;
    for (long c = 0; c < p->nclauses; c++)
      umax = u[c] > umax ? u[c] : umax;
    if (umax > w->U + 1.0) {
      double dU = umax - w->U;
      w->U = umax;
      h *= exp(dU);
      w->rho *= exp(-dU);
      w->f0ok = false;
    }
    w->h = sks_analog_h_accepted(meth, e, h);
    if (w->trace && ++since_trace >= w->trace_every) {
      since_trace = 0;
      trace_row(w);
    }
  }
  return SKS_UNKNOWN;
}

int sks_analog_run(sks_analog *a, const sks_analog_options *opt,
                   unsigned long long seed, double tmax, long long max_steps,
                   double seconds, sks_analog_result *res) {
  sks_require(a && res, "NULL argument");
  sks_analog_options def;
  if (!opt)
    sks_analog_options_init(&def), opt = &def;
  work w;
  sks_analog_work_init(&w, a, opt);
  w.trace = opt->trace;
  double start = sks_time();
  sks_analog_trace_header(&w);
  int status = sks_analog_trajectory(&w, seed, tmax, max_steps,
                                     seconds > 0 ? start + seconds : 0);
  memset(res, 0, sizeof *res);
  if (status == SKS_SAT)
    sks_analog_copy_model(a, &w);
  res->status = status;
  res->t = res->analog_time = w.t;
  res->seed = seed;
  res->steps = w.steps;
  res->rejected = w.rejected;
  res->rhs = w.rhs;
  res->seconds = sks_time() - start;
  sks_analog_work_free(&w);
  return status;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double sks_analog_rhs_ns(const sks_analog *a, int reps) {
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  work w;
  sks_analog_work_init(&w, a, &opt);
  uint64_t rng = 12345;
  for (size_t i = 0; i < w.dim; i++)
    w.y[i] = i < (size_t)a->nact ? 2 * sks_rand_unit(&rng) - 1
                                 : 5 * sks_rand_unit(&rng);
  w.U = 5;
  if (reps < 1)
    reps = 1;
  double *ns = sks_malloc((size_t)reps * sizeof *ns);
  long inner = 1 + 2000000 / (a->nlits + 1);
  for (int r = 0; r < reps; r++) {
    double t0 = sks_time();
    for (long i = 0; i < inner; i++)
      sks_analog_rhs(&w, w.y, w.k[i & 1]);
    ns[r] = (sks_time() - t0) * 1e9 / ((double)inner * (double)(a->nlits + 1));
  }
  qsort(ns, (size_t)reps, sizeof *ns, cmp_double);
  double med = ns[reps / 2];
  free(ns);
  sks_analog_work_free(&w);
  return med;
}
