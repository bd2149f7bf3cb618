/* The analog solver's core: the ODE of Ercsey-Ravasz & Toroczkai on a CNF in
 * flat CSR arrays, its integrators, restarts, the seed portfolio, and the
 * escape-rate hardness rating. */
#define _POSIX_C_SOURCE 200809L
#include "sks_analog.h"
#include "require_int.h"
#include "stack_int.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

/* The problem, read-only while solving.  Clause m holds literals
 * lvar/lsign[cstart[m] .. cstart[m+1]); occurrences of variable i (for the
 * incremental sign check) are oclause/osign[ostart[i] .. ostart[i+1]).
 * Variables are the dense spin indices 0..nact-1. */
struct sks_analog {
  int nvars;  /* of the CNF, for the model */
  int nact;   /* variables that occur: the spins, densely numbered */
  int *var_of; /* spin index -> CNF variable */
  long nclauses, nlits;
  long bin_lo, bin_hi; /* the binary clauses are bin_lo .. bin_hi-1 */
  int maxlen;
  bool empty; /* an empty clause: nothing satisfies it */
  long *cstart;
  int *lvar;       /* 0-based variable */
  double *lsign;   /* c_mi = +1 / -1 */
  double *cscale;  /* 2^-k_m */
  long *ostart;
  long *oclause;
  long *opos; /* the occurrence's literal index in lvar/lsign */
  signed char *osign;
  signed char *model; /* 1..nvars after SKS_SAT */
  pthread_mutex_t lock;
};

void sks_analog_options_init(sks_analog_options *opt) {
  memset(opt, 0, sizeof *opt);
  opt->memory = 1;
  opt->method = SKS_ANALOG_DEFAULT;
  opt->trace_every = 100;
}

int sks_analog_method_parse(const char *name) {
  if (!name || !*name || !strcmp(name, "default"))
    return SKS_ANALOG_DEFAULT;
  if (!strcmp(name, "ck") || !strcmp(name, "cash-karp"))
    return SKS_ANALOG_CASH_KARP;
  if (!strcmp(name, "rkc"))
    return SKS_ANALOG_RKC;
  if (!strcmp(name, "split"))
    return SKS_ANALOG_SPLIT;
  return -1;
}

const char *sks_analog_method_name(int method) {
  switch (method) {
  case SKS_ANALOG_CASH_KARP:
    return "cash-karp";
  case SKS_ANALOG_RKC:
    return "rkc";
  case SKS_ANALOG_SPLIT:
    return "split";
  default:
    return "default";
  }
}

/* ------------------------------------------------------------------ */
/* Building the problem: canonical clauses, sorted, duplicates dropped. */

typedef struct clause_ref {
  const int *lits;
  int len;
} clause_ref;

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

sks_analog *sks_analog_new(const sks_cnf *cnf) {
  sks_require(cnf, "cnf is NULL");
  sks_analog *a = sks_calloc(1, sizeof *a);
  a->nvars = cnf->nvars;
  /* Copy, sort literals within clauses, drop repeated literals and
   * tautologies (x or not x: always true, its factor 1-s^2 only slows). */
  int *buf = sks_malloc((cnf->nlits + 1) * sizeof *buf);
  SKS_STACK(clause_ref) refs = {0};
  size_t at = 0, start = 0;
  for (size_t i = 0; i < cnf->nlits; i++) {
    if (cnf->lits[i])
      continue;
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
      SKS_PUSH(refs, r);
      at += k;
    }
    start = i + 1;
  }
  if (refs.n) /* qsort of a NULL array is undefined, even when empty */
    qsort(refs.a, refs.n, sizeof *refs.a, cmp_clause);
  size_t m = 0;
  for (size_t i = 0; i < refs.n; i++)
    if (!m || cmp_clause(&refs.a[m - 1], &refs.a[i]))
      refs.a[m++] = refs.a[i];
  a->nclauses = (long)m;
  a->cstart = sks_malloc((m + 1) * sizeof *a->cstart);
  a->cscale = sks_malloc((m + 1) * sizeof *a->cscale);
  a->lvar = sks_malloc((at + 1) * sizeof *a->lvar);
  a->lsign = sks_malloc((at + 1) * sizeof *a->lsign);
  /* Spins only for variables that occur, numbered in order of appearance
   * so a clause's spins sit close together. */
  int *dense = sks_malloc(((size_t)a->nvars + 1) * sizeof *dense);
  for (int v = 0; v <= a->nvars; v++)
    dense[v] = -1;
  a->var_of = sks_malloc(((size_t)a->nvars + 1) * sizeof *a->var_of);
  long l = 0;
  for (size_t i = 0; i < m; i++) {
    a->cstart[i] = l;
    a->cscale[i] = ldexp(1.0, -refs.a[i].len);
    if (refs.a[i].len > a->maxlen)
      a->maxlen = refs.a[i].len;
    if (!refs.a[i].len)
      a->empty = true;
    for (int j = 0; j < refs.a[i].len; j++, l++) {
      int lit = refs.a[i].lits[j], v = abs(lit);
      if (dense[v] < 0)
        a->var_of[a->nact] = v, dense[v] = a->nact++;
      a->lvar[l] = dense[v];
      a->lsign[l] = lit > 0 ? 1.0 : -1.0;
    }
  }
  free(dense);
  a->cstart[m] = l;
  a->bin_lo = a->bin_hi = 0;
  while (a->bin_lo < (long)m && refs.a[a->bin_lo].len < 2)
    a->bin_lo++;
  a->bin_hi = a->bin_lo;
  while (a->bin_hi < (long)m && refs.a[a->bin_hi].len == 2)
    a->bin_hi++;
  a->nlits = l;
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
  for (long c = 0; c < (long)m; c++)
    for (long q = a->cstart[c]; q < a->cstart[c + 1]; q++) {
      long o = fill[a->lvar[q]]++;
      a->oclause[o] = c;
      a->opos[o] = q;
      a->osign[o] = a->lsign[q] > 0 ? 1 : -1;
    }
  free(fill);
  free(buf);
  SKS_STACK_FREE(refs);
  a->model = sks_calloc((size_t)a->nvars + 1, 1);
  pthread_mutex_init(&a->lock, NULL);
  return a;
}

void sks_analog_delete(sks_analog *a) {
  if (!a)
    return;
  pthread_mutex_destroy(&a->lock);
  free(a->cstart);
  free(a->var_of);
  free(a->cscale);
  free(a->lvar);
  free(a->lsign);
  free(a->ostart);
  free(a->oclause);
  free(a->osign);
  free(a->opos);
  free(a->model);
  free(a);
}

int sks_analog_nvars(const sks_analog *a) { return a->nvars; }
long sks_analog_nclauses(const sks_analog *a) { return a->nclauses; }
long sks_analog_nlits(const sks_analog *a) { return a->nlits; }
const signed char *sks_analog_model(const sks_analog *a) { return a->model; }

/* ------------------------------------------------------------------ */
/* Random numbers: splitmix64, enough for initial states and seeds. */

static uint64_t splitmix(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static double uniform(uint64_t *x) {
  return (double)(splitmix(x) >> 11) * 0x1.0p-53;
}

/* The seed of run r of stream j: the user's seed itself for the first run
 * of the first stream, so `--seed S` names that run exactly. */
static uint64_t derive_seed(uint64_t seed, uint64_t j, uint64_t r) {
  if (!j && !r)
    return seed;
  uint64_t x = seed ^ (j * 0xD1B54A32D192ED03ull) ^ (r * 0xABC98388FB8FAC03ull);
  return splitmix(&x);
}

/* ------------------------------------------------------------------ */
/* A trajectory's working state.  The state vector y is s (nvars spins)
 * then u (nclauses log weights); it evolves in the re-parametrised time
 * tau, dtau = e^U dt, which keeps every derivative bounded however large
 * the weights grow:
 *   ds_i/dtau = sum_m 2 e^(u_m - U) c_mi K_mi K_m
 *   du_m/dtau = e^-U K_m^p                        dt/dtau = e^-U   */

enum { NSTAGE = 6 };

typedef struct work {
  const sks_analog *p;
  int memory, method;
  double rtol, atol;
  size_t dim;
  double *y, *ynew, *err, *k[NSTAGE], *tmp;
  double *w;      /* e^(u_m - U), per clause */
  double *pre;    /* prefix products, maxlen + 1 */
  double *eig;    /* RKC: last dominant direction */
  double *f0, *f1; /* RKC: F(y), F(ynew) */
  bool f0ok;      /* f0 holds F(y) at the current U */
  double rho;     /* RKC: spectral radius estimate (tau units) */
  long rho_age;
  signed char *sign; /* current sign assignment, by 0-based var */
  int *ntrue;     /* true literals per clause under sign */
  long nunsat;
  double U, t, h; /* h in tau units */
  unsigned long long steps, rejected, rhs;
  FILE *trace;
  long trace_every;
  long run;
  const atomic_int *stop;
} work;

static void work_init(work *w, const sks_analog *p,
                      const sks_analog_options *opt) {
  memset(w, 0, sizeof *w);
  w->p = p;
  w->memory = opt->memory == 2 ? 2 : 1;
  /* Defaults by measurement (docs/analog.md): the splitting step is
   * stable at any size, so only accuracy holds it, and at 1e-1 it covers
   * several times the analog time per second of RKC at 1e-2 with the same
   * escape-time statistics; RKC's steps grow only like sqrt(1/max a) and
   * Cash-Karp's are held by stability whatever the tolerance. */
  w->method = opt->method ? opt->method : SKS_ANALOG_SPLIT;
  double tol = w->method == SKS_ANALOG_SPLIT ? 1e-1
               : w->method == SKS_ANALOG_RKC ? 1e-2
                                             : 1e-3;
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
  w->pre = sks_calloc((size_t)p->maxlen + 2, sizeof(double));
  w->sign = sks_calloc((size_t)p->nact + 1, 1);
  w->ntrue = sks_calloc((size_t)p->nclauses + 1, sizeof(int));
  w->trace_every = opt->trace_every > 0 ? opt->trace_every : 100;
}

static void work_free(work *w) {
  free(w->y);
  free(w->ynew);
  free(w->err);
  free(w->tmp);
  for (int i = 0; i < NSTAGE; i++)
    free(w->k[i]);
  free(w->w);
  free(w->pre);
  free(w->sign);
  free(w->ntrue);
}

/* e^x for x <= ~0 in a form the compiler vectorises: x = n ln2 + r,
 * |r| <= ln2/2, a degree-11 Taylor polynomial (relative error < 2e-15),
 * and 2^n built in the exponent bits.  Below -700 it returns 0: a weight
 * 1e-304 of the largest adds nothing. */
static inline double fast_exp(double x) {
  /* clamp to [-700, 700] with fabs, which vectorises (a ternary does not
   * under strict IEEE semantics); off by ~1e-13 absolute, harmless */
  x = 0.5 * (x - 700.0 + fabs(x + 700.0));
  x = 0.5 * (x + 700.0 - fabs(x - 700.0));
  /* t = 1.5 * 2^52 + n rounds x / ln2 to the nearest n without a libm
   * call, and its low mantissa bits hold n for the exponent field. */
  double t = x * 1.4426950408889634 + 0x1.8p52;
  double n = t - 0x1.8p52;
  double r = x - n * 0.6931471803691238 - n * 1.9082149292705877e-10;
  double q = 1.0 / 362880; /* degree 9: relative error < 1e-11 */
  q = q * r + 1.0 / 40320;
  q = q * r + 1.0 / 5040;
  q = q * r + 1.0 / 720;
  q = q * r + 1.0 / 120;
  q = q * r + 1.0 / 24;
  q = q * r + 1.0 / 6;
  q = q * r + 0.5;
  q = q * r + 1.0;
  q = q * r + 1.0;
  uint64_t bits;
  memcpy(&bits, &t, sizeof bits);
  bits = (bits + 1023) << 52;
  double scale;
  memcpy(&scale, &bits, sizeof scale);
  return q * scale;
}

/* Clauses lo..hi-1 of any length: prefix products forward, suffix products
 * backward, so K_mi never divides by a factor that may be 0. */
static void rhs_general(work *w, long lo, long hi, const double *s,
                        double *ds, double *du, double eU) {
  const sks_analog *p = w->p;
  const long *cs = p->cstart;
  const int *lv = p->lvar;
  const double *lc = p->lsign, *sc = p->cscale, *wt = w->w;
  double *pre = w->pre;
  for (long c = lo; c < hi; c++) {
    long b = cs[c];
    int k = (int)(cs[c + 1] - b);
    pre[0] = 1.0;
    for (int j = 0; j < k; j++)
      pre[j + 1] = pre[j] * (1.0 - lc[b + j] * s[lv[b + j]]);
    double K = sc[c] * pre[k];
    du[c] = eU * (w->memory == 2 ? K * K : K);
    double g = 2.0 * wt[c] * K * sc[c], suf = 1.0;
    for (int j = k - 1; j >= 0; j--) {
      double sj = s[lv[b + j]];
      ds[lv[b + j]] += g * lc[b + j] * pre[j] * suf;
      suf *= 1.0 - lc[b + j] * sj;
    }
  }
}

/* dy = F(y): one pass over the clause literals.  The weights are made in a
 * separate loop so it vectorises; the binary clauses (most of a Sudoku
 * CNF; contiguous since clauses are sorted by length) take a loop of
 * their own without the prefix array. */
static void rhs(work *w, const double *y, double *dy) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  const long m = p->nclauses;
  const double *s = y, *u = y + n;
  double *ds = dy, *du = dy + n, *wt = w->w;
  const double U = w->U, eU = exp(-U);
  const long *cs = p->cstart;
  const int *lv = p->lvar;
  const double *lc = p->lsign;
  w->rhs++;
  for (long c = 0; c < m; c++)
    wt[c] = fast_exp(u[c] - U);
  memset(ds, 0, (size_t)n * sizeof *ds);
  rhs_general(w, 0, p->bin_lo, s, ds, du, eU);
  const bool k2 = w->memory == 2;
  for (long c = p->bin_lo; c < p->bin_hi; c++) {
    long b = cs[c];
    int v0 = lv[b], v1 = lv[b + 1];
    double c0 = lc[b], c1 = lc[b + 1];
    double f0 = 1.0 - c0 * s[v0], f1 = 1.0 - c1 * s[v1];
    double K = 0.25 * f0 * f1;
    du[c] = eU * (k2 ? K * K : K);
    double g = 0.5 * wt[c] * K;
    ds[v0] += g * c0 * f1;
    ds[v1] += g * c1 * f0;
  }
  rhs_general(w, p->bin_hi, m, s, ds, du, eU);
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

static void trace_header(const work *w) {
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

/* Sign bookkeeping: ntrue[m] true literals of clause m under sign(s);
 * after a step only variables whose sign flipped are visited. */
static void signs_reset(work *w) {
  const sks_analog *p = w->p;
  for (int i = 0; i < p->nact; i++)
    w->sign[i] = w->y[i] > 0 ? 1 : -1;
  w->nunsat = 0;
  for (long c = 0; c < p->nclauses; c++) {
    int t = 0;
    for (long q = p->cstart[c]; q < p->cstart[c + 1]; q++)
      t += (p->lsign[q] > 0) == (w->sign[p->lvar[q]] > 0);
    w->ntrue[c] = t;
    w->nunsat += !t;
  }
}

static void signs_update(work *w) {
  const sks_analog *p = w->p;
  for (int i = 0; i < p->nact; i++) {
    signed char sg = w->y[i] > 0 ? 1 : -1;
    if (sg == w->sign[i])
      continue;
    w->sign[i] = sg;
    for (long o = p->ostart[i]; o < p->ostart[i + 1]; o++) {
      long c = p->oclause[o];
      if (p->osign[o] == sg) {
        if (!w->ntrue[c]++)
          w->nunsat--;
      } else if (!--w->ntrue[c])
        w->nunsat++;
    }
  }
}

/* The full check, independent of the counters, before SAT is claimed. */
static bool signs_satisfy(const work *w) {
  const sks_analog *p = w->p;
  for (long c = 0; c < p->nclauses; c++) {
    bool sat = false;
    for (long q = p->cstart[c]; q < p->cstart[c + 1] && !sat; q++)
      sat = (p->lsign[q] > 0) == (w->sign[p->lvar[q]] > 0);
    if (!sat)
      return false;
  }
  return true;
}

/* Error norm of a trial step: max over the state of the error relative to
 * atol + rtol |y|; NaN or inf anywhere makes it infinite (a rejection). */
static double error_norm(const work *w, const double *y, const double *yn,
                         const double *e) {
  double worst = 0;
  for (size_t i = 0; i < w->dim; i++) {
    double ay = fabs(y[i]), an = fabs(yn[i]);
    double sc = w->atol + w->rtol * (ay > an ? ay : an);
    double r = fabs(e[i]) / sc;
    if (!(r <= worst)) /* also catches NaN */
      worst = r;
    if (!isfinite(yn[i]))
      return INFINITY;
  }
  return isnan(worst) ? INFINITY : worst;
}

/* Cash-Karp 4(5): a trial step of size h from y into ynew, error into err.
 * Returns the error norm. */
static double step_cash_karp(work *w, double h) {
  static const double A[6][5] = {
      {0},
      {1.0 / 5},
      {3.0 / 40, 9.0 / 40},
      {3.0 / 10, -9.0 / 10, 6.0 / 5},
      {-11.0 / 54, 5.0 / 2, -70.0 / 27, 35.0 / 27},
      {1631.0 / 55296, 175.0 / 512, 575.0 / 13824, 44275.0 / 110592,
       253.0 / 4096}};
  static const double B5[6] = {37.0 / 378,  0, 250.0 / 621,
                               125.0 / 594, 0, 512.0 / 1771};
  static const double B4[6] = {2825.0 / 27648, 0, 18575.0 / 48384,
                               13525.0 / 55296, 277.0 / 14336, 1.0 / 4};
  const size_t d = w->dim;
  double *y = w->y, *tmp = w->tmp;
  rhs(w, y, w->k[0]);
  for (int st = 1; st < 6; st++) {
    for (size_t i = 0; i < d; i++) {
      double acc = 0;
      for (int j = 0; j < st; j++)
        acc += A[st][j] * w->k[j][i];
      tmp[i] = y[i] + h * acc;
    }
    rhs(w, tmp, w->k[st]);
  }
  for (size_t i = 0; i < d; i++) {
    double hi = 0, lo = 0;
    for (int j = 0; j < 6; j++) {
      hi += B5[j] * w->k[j][i];
      lo += B4[j] * w->k[j][i];
    }
    w->ynew[i] = y[i] + h * hi;
    w->err[i] = h * (hi - lo);
  }
  return error_norm(w, y, w->ynew, w->err);
}

/* Dominant eigenvalue magnitude of the Jacobian at y by nonlinear power
 * iteration on F differences (as RKC's rkcrho), f0 = F(y). */
static double spectral_radius(work *w) {
  const size_t d = w->dim;
  double *v = w->eig, *z = w->tmp, *fz = w->err;
  double ynorm = 0, vnorm = 0;
  for (size_t i = 0; i < d; i++) {
    ynorm += w->y[i] * w->y[i];
    vnorm += v[i] * v[i];
  }
  ynorm = sqrt(ynorm);
  vnorm = sqrt(vnorm);
  if (!(vnorm > 0) || !isfinite(vnorm)) {
    for (size_t i = 0; i < d; i++)
      v[i] = w->f0[i] + 1e-3 * (double)((i * 2654435761u) % 97) / 97.0;
    vnorm = 0;
    for (size_t i = 0; i < d; i++)
      vnorm += v[i] * v[i];
    vnorm = sqrt(vnorm);
  }
  double delta = 1e-7 * fmax(1.0, ynorm), rho = w->rho, prev = 0;
  for (int it = 0; it < 20; it++) {
    for (size_t i = 0; i < d; i++)
      z[i] = w->y[i] + delta * v[i] / vnorm;
    rhs(w, z, fz);
    double nrm = 0;
    for (size_t i = 0; i < d; i++) {
      v[i] = fz[i] - w->f0[i];
      nrm += v[i] * v[i];
    }
    nrm = sqrt(nrm);
    rho = nrm / delta;
    if (!(nrm > 0) || !isfinite(nrm)) {
      rho = prev > 0 ? prev : 1.0;
      memset(v, 0, d * sizeof *v);
      break;
    }
    vnorm = nrm;
    if (it && fabs(rho - prev) <= 0.01 * rho)
      break;
    prev = rho;
  }
  return 1.2 * rho;
}

/* RKC2 (Sommeijer, Shampine & Verwer 1997): s-stage damped Chebyshev
 * method, real stability interval ~0.65 s^2, so the stage count grows like
 * sqrt(h rho) instead of the step count growing like rho.  Needs f0 =
 * F(y); leaves F(ynew) in f1 for the error estimate and the next step. */
static double step_rkc(work *w, double h) {
  const size_t d = w->dim;
  if (!w->f0ok) {
    rhs(w, w->y, w->f0);
    w->f0ok = true;
  }
  if (w->rho_age <= 0 || w->rho <= 0) {
    w->rho = spectral_radius(w);
    w->rho_age = 25;
  }
  int s = 1 + (int)sqrt(1.0 + 1.54 * h * w->rho);
  if (s < 2)
    s = 2;
  if (s > 250)
    s = 250;
  const double w0 = 1.0 + 2.0 / 13.0 / ((double)s * s);
  /* T_s', T_s'' at w0 give w1; T_j, T_j', T_j'' run along the stages. */
  double t0 = 1, t1 = w0, d0 = 0, d1 = 1, e0 = 0, e1 = 0;
  for (int j = 2; j <= s; j++) {
    double t2 = 2 * w0 * t1 - t0, d2 = 2 * t1 + 2 * w0 * d1 - d0,
           e2 = 4 * d1 + 2 * w0 * e1 - e0;
    t0 = t1, t1 = t2, d0 = d1, d1 = d2, e0 = e1, e1 = e2;
  }
  const double w1 = d1 / e1;
  const double b2 = 1.0 / (4 * w0 * w0); /* T2''/T2'^2, also b0 and b1 */
  double bjm2 = b2, bjm1 = b2;
  double tm2 = 1, tm1 = w0, dm2 = 0, dm1 = 1, em2 = 0, em1 = 0;
  double *y = w->y, *f0 = w->f0, *fj = w->err;
  double *yjm2 = w->k[0], *yjm1 = w->k[1], *spare = w->k[5];
  const double mu1 = bjm1 * w1 * h;
  for (size_t i = 0; i < d; i++) {
    yjm2[i] = y[i];
    yjm1[i] = y[i] + mu1 * f0[i];
  }
  for (int j = 2; j <= s; j++) {
    double tj = 2 * w0 * tm1 - tm2, dj = 2 * tm1 + 2 * w0 * dm1 - dm2,
           ej = 4 * dm1 + 2 * w0 * em1 - em2;
    double bj = ej / (dj * dj);
    double ajm1 = 1.0 - bjm1 * tm1;
    double mu = 2 * bj * w0 / bjm1, nu = -bj / bjm2;
    double mut = 2 * bj * w1 / bjm1 * h, gt = -ajm1 * mut;
    rhs(w, yjm1, fj);
    double *yj = j == s ? w->ynew : spare;
    for (size_t i = 0; i < d; i++)
      yj[i] = (1 - mu - nu) * y[i] + mu * yjm1[i] + nu * yjm2[i] +
              mut * fj[i] + gt * f0[i];
    spare = yjm2;
    yjm2 = yjm1;
    yjm1 = yj;
    bjm2 = bjm1, bjm1 = bj;
    tm2 = tm1, tm1 = tj, dm2 = dm1, dm1 = dj, em2 = em1, em1 = ej;
  }
  rhs(w, w->ynew, w->f1);
  for (size_t i = 0; i < d; i++)
    w->err[i] = 0.8 * (y[i] - w->ynew[i]) + 0.4 * h * (f0[i] + w->f1[i]);
  return error_norm(w, y, w->ynew, w->err);
}

/* The splitting integrator.  In the spins alone, with the weights and the
 * other spins held, V is a quadratic in s_i: K_m = (1 - c_mi s_i) K_mi, so
 *   ds_i/dtau = B_i - A_i s_i,  A_i = 2 sum w_m K_mi^2,  B_i = A_i-weighted c
 * whose exact flow relaxes s_i towards s* = B_i / A_i (inside [-1, 1]) as
 * e^(-A_i h).  Composing these one-spin flows in a Gauss-Seidel sweep, each
 * exact and each lowering V, gives a step whose stability does not depend
 * on the weights; the weights' own flow with the spins held is exact too
 * (u += h e^-U K^p).  Strang: half a weight step, a forward sweep and a
 * backward sweep of h/2 each (a symmetric composition, order 2), half a
 * weight step.  The error estimate is its distance to the Lie step (weights
 * h, one forward sweep h), which is O(h^2). */

/* K_m^p e^-U for every clause at spins s into kp. */
static void clause_kp(work *w, const double *s, double *kp) {
  const sks_analog *p = w->p;
  const double eU = exp(-w->U);
  for (long c = 0; c < p->nclauses; c++) {
    double K = p->cscale[c];
    for (long q = p->cstart[c]; q < p->cstart[c + 1]; q++)
      K *= 1.0 - p->lsign[q] * s[p->lvar[q]];
    kp[c] = eU * (w->memory == 2 ? K * K : K);
  }
}

/* One Gauss-Seidel sweep of exact one-spin flows over time h, forward
 * (dir > 0) or backward, with clause weights wt. */
static void sweep(const work *w, double *s, const double *wt, double h,
                  int dir) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  for (int k = 0; k < n; k++) {
    int i = dir > 0 ? k : n - 1 - k;
    double A = 0, B = 0;
    for (long o = p->ostart[i]; o < p->ostart[i + 1]; o++) {
      long c = p->oclause[o], pos = p->opos[o];
      double K = p->cscale[c];
      for (long q = p->cstart[c]; q < pos; q++)
        K *= 1.0 - p->lsign[q] * s[p->lvar[q]];
      for (long q = pos + 1; q < p->cstart[c + 1]; q++)
        K *= 1.0 - p->lsign[q] * s[p->lvar[q]];
      double g = wt[c] * K * K;
      A += g;
      B += g * p->osign[o];
    }
    if (A > 0) {
      double star = B / A;
      s[i] = star + (s[i] - star) * exp(-2.0 * A * h);
    }
  }
}

static double step_split(work *w, double h) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  const long m = p->nclauses;
  const size_t d = w->dim;
  double *y = w->y, *ys = w->ynew, *yl = w->tmp;
  double *kp = w->k[0], *ws = w->k[1], *wl = w->k[2];
  clause_kp(w, y, kp);
  w->rhs++;
  memcpy(ys, y, d * sizeof *ys);
  memcpy(yl, y, d * sizeof *yl);
  for (long c = 0; c < m; c++) {
    ys[n + c] = y[n + c] + 0.5 * h * kp[c];
    yl[n + c] = y[n + c] + h * kp[c];
    ws[c] = fast_exp(ys[n + c] - w->U);
    wl[c] = fast_exp(yl[n + c] - w->U);
  }
  sweep(w, ys, ws, 0.5 * h, 1);
  sweep(w, ys, ws, 0.5 * h, -1);
  sweep(w, yl, wl, h, 1);
  w->rhs += 3;
  clause_kp(w, ys, kp);
  w->rhs++;
  for (long c = 0; c < m; c++)
    ys[n + c] += 0.5 * h * kp[c];
  for (size_t i = 0; i < d; i++)
    w->err[i] = ys[i] - yl[i];
  return error_norm(w, y, ys, w->err);
}

/* ------------------------------------------------------------------ */
/* One trajectory. */

/* Variables that occur in no clause are false (the sign of nothing). */
static void copy_model(sks_analog *a, const work *w) {
  memset(a->model, -1, (size_t)a->nvars + 1);
  a->model[0] = 0;
  for (int i = 0; i < a->nact; i++)
    a->model[a->var_of[i]] = w->sign[i];
}

static void swap_ptr(double **a, double **b) {
  double *t = *a;
  *a = *b;
  *b = t;
}

static int trajectory(work *w, uint64_t seed, double tmax, long long max_steps,
                      double deadline) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  const bool rkc = w->method == SKS_ANALOG_RKC;
  const bool split = w->method == SKS_ANALOG_SPLIT;
  uint64_t rng = seed;
  for (int i = 0; i < n; i++)
    w->y[i] = 2.0 * uniform(&rng) - 1.0;
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
  long long nsteps = 0;
  long since_trace = 0;
  while (true) {
    if (tmax > 0 && w->t >= tmax)
      break;
    if (max_steps > 0 && nsteps >= max_steps)
      break;
    if (w->stop && atomic_load_explicit(w->stop, memory_order_relaxed))
      break;
    if (deadline > 0 && !(nsteps & 15) && sks_time() >= deadline)
      break;
    double eU = exp(w->U), h = w->h;
    if (tmax > 0 && w->t + h / eU > tmax)
      h = (tmax - w->t) * eU;
    double e = rkc     ? step_rkc(w, h)
               : split ? step_split(w, h)
                       : step_cash_karp(w, h);
    nsteps++;
    if (!(e <= 1.0)) {
      /* A rejection; NaN or inf in the trial state lands here too, so it
       * never reaches y. */
      w->rejected++;
      double f = isfinite(e)
                     ? 0.9 * pow(e, rkc ? -1.0 / 3 : split ? -0.5 : -0.25)
                     : 0.25;
      w->h = h * fmin(0.5, fmax(0.1, f));
      if (rkc)
        w->rho_age = 0;
      continue;
    }
    swap_ptr(&w->y, &w->ynew);
    if (rkc)
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
    double f = e > 0 ? (rkc     ? 0.8 * pow(e, -1.0 / 3)
                        : split ? 0.8 * pow(e, -0.5)
                                : 0.9 * pow(e, -0.2))
                     : 10.0;
    w->h = h * fmin(rkc || split ? 10.0 : 5.0, fmax(0.2, f));
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
  work_init(&w, a, opt);
  w.trace = opt->trace;
  double start = sks_time();
  trace_header(&w);
  int status =
      trajectory(&w, seed, tmax, max_steps, seconds > 0 ? start + seconds : 0);
  memset(res, 0, sizeof *res);
  if (status == SKS_SAT)
    copy_model(a, &w);
  res->status = status;
  res->t = res->analog_time = w.t;
  res->seed = seed;
  res->steps = w.steps;
  res->rejected = w.rejected;
  res->rhs = w.rhs;
  res->seconds = sks_time() - start;
  work_free(&w);
  return status;
}

/* ------------------------------------------------------------------ */
/* Restarts and the seed portfolio. */

/* Luby's sequence 1 1 2 1 1 2 4 1 1 2 ..., i >= 1. */
static double luby(unsigned long i) {
  for (;;) {
    unsigned k = 1;
    while ((1ul << k) - 1 < i)
      k++;
    if (i == (1ul << k) - 1)
      return (double)(1ul << (k - 1));
    i -= (1ul << (k - 1)) - 1;
  }
}

/* Analog time of the first restart when the caller gives none.  With the
 * splitting integrator a unit of analog time costs about the same however
 * large the weights, so early restarts only throw progress away: on top1465
 * (docs/analog.md) base 100 solved 7/20 in 5 s, 300 15/20, none 17/20. */
#define DEFAULT_RESTART 1000.0

typedef struct stream {
  sks_analog *a;
  const sks_analog_options *opt;
  uint64_t seed;
  unsigned j;
  double deadline;
  long long max_steps;
  atomic_int *stop;
  int status;
  sks_analog_result res;
} stream;

static void *stream_main(void *arg) {
  stream *st = arg;
  const sks_analog_options *opt = st->opt;
  work w;
  work_init(&w, st->a, opt);
  w.stop = st->stop;
  w.trace = st->j == 0 ? opt->trace : NULL;
  trace_header(&w);
  double base = opt->restart_base ? opt->restart_base : DEFAULT_RESTART;
  st->status = SKS_UNKNOWN;
  for (unsigned long r = 0;; r++) {
    long long used = (long long)(w.steps + w.rejected);
    if (st->max_steps > 0 && used >= st->max_steps)
      break;
    uint64_t sd = derive_seed(st->seed, st->j, r);
    w.run = (long)r;
    int status = trajectory(&w, sd, base > 0 ? base * luby(r + 1) : 0,
                            st->max_steps > 0 ? st->max_steps - used : 0,
                            st->deadline);
    st->res.analog_time += w.t;
    st->res.t = w.t;
    st->res.seed = sd;
    if (status == SKS_SAT) {
      pthread_mutex_lock(&st->a->lock);
      if (!atomic_exchange(st->stop, 1)) {
        copy_model(st->a, &w);
        st->status = SKS_SAT;
      }
      pthread_mutex_unlock(&st->a->lock);
      break;
    }
    if (base < 0 || atomic_load(st->stop) ||
        (st->deadline > 0 && sks_time() >= st->deadline))
      break;
    st->res.restarts++;
  }
  st->res.steps = w.steps;
  st->res.rejected = w.rejected;
  st->res.rhs = w.rhs;
  work_free(&w);
  return NULL;
}

int sks_analog_solve(sks_analog *a, const sks_analog_options *opt,
                     unsigned long long seed, const sks_limits *lim,
                     sks_analog_result *res) {
  sks_require(a && res, "NULL argument");
  sks_analog_options def;
  if (!opt)
    sks_analog_options_init(&def), opt = &def;
  double start = sks_time();
  int nt = opt->threads > 1 ? opt->threads : 1;
  stream *st = sks_calloc((size_t)nt, sizeof *st);
  pthread_t *tid = sks_calloc((size_t)nt, sizeof *tid);
  atomic_int stop = 0;
  for (int j = 0; j < nt; j++) {
    st[j].a = a;
    st[j].opt = opt;
    st[j].seed = seed;
    st[j].j = (unsigned)j;
    st[j].deadline = lim && lim->time_limit > 0 ? start + lim->time_limit : 0;
    st[j].max_steps = lim ? lim->max_steps : 0;
    st[j].stop = &stop;
  }
  bool threaded = true;
  for (int j = 1; j < nt; j++)
    if (pthread_create(&tid[j], NULL, stream_main, &st[j]))
      st[j].j = ~0u, threaded = false; /* run without it */
  (void)threaded;
  stream_main(&st[0]);
  for (int j = 1; j < nt; j++)
    if (st[j].j != ~0u)
      pthread_join(tid[j], NULL);
  memset(res, 0, sizeof *res);
  res->status = SKS_UNKNOWN;
  for (int j = 0; j < nt; j++) {
    if (st[j].j == ~0u)
      continue;
    if (st[j].status == SKS_SAT) {
      res->status = SKS_SAT;
      res->t = st[j].res.t;
      res->seed = st[j].res.seed;
    }
    res->steps += st[j].res.steps;
    res->rejected += st[j].res.rejected;
    res->rhs += st[j].res.rhs;
    res->restarts += st[j].res.restarts;
    res->analog_time += st[j].res.analog_time;
  }
  if (res->status != SKS_SAT)
    res->t = st[0].res.t, res->seed = st[0].res.seed;
  res->seconds = sks_time() - start;
  free(st);
  free(tid);
  return res->status;
}

/* ------------------------------------------------------------------ */
/* Hardness: the escape rate of the transient chaos. */

typedef struct rater {
  sks_analog *a;
  const sks_analog_options *opt;
  uint64_t seed;
  int runs;
  double tmax, seconds;
  atomic_int next;
  double *t;
  signed char *solved;
} rater;

static void *rater_main(void *arg) {
  rater *rt = arg;
  work w;
  work_init(&w, rt->a, rt->opt);
  for (;;) {
    int r = atomic_fetch_add(&rt->next, 1);
    if (r >= rt->runs)
      break;
    double deadline = rt->seconds > 0 ? sks_time() + rt->seconds : 0;
    int status = trajectory(&w, derive_seed(rt->seed, 0, (uint64_t)r),
                            rt->tmax, 0, deadline);
    rt->solved[r] = status == SKS_SAT;
    rt->t[r] = fmin(w.t, rt->tmax);
  }
  work_free(&w);
  return NULL;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double eta_of(double solved, double exposure) {
  return solved > 0 ? -log10(solved / exposure) : INFINITY;
}

int sks_analog_rate(sks_analog *a, const sks_analog_options *opt,
                    unsigned long long seed, int runs, double tmax,
                    double seconds, int threads, sks_analog_rating *out) {
  sks_require(a && out && runs > 0 && tmax > 0, "bad argument");
  sks_analog_options def;
  if (!opt)
    sks_analog_options_init(&def), opt = &def;
  double start = sks_time();
  rater rt = {.a = a, .opt = opt, .seed = seed, .runs = runs, .tmax = tmax,
              .seconds = seconds};
  atomic_init(&rt.next, 0);
  rt.t = sks_calloc((size_t)runs, sizeof *rt.t);
  rt.solved = sks_calloc((size_t)runs, 1);
  int nt = threads > 1 ? (threads < runs ? threads : runs) : 1;
  pthread_t *tid = sks_calloc((size_t)nt, sizeof *tid);
  bool *ok = sks_calloc((size_t)nt, sizeof *ok);
  for (int j = 1; j < nt; j++)
    ok[j] = !pthread_create(&tid[j], NULL, rater_main, &rt);
  rater_main(&rt);
  for (int j = 1; j < nt; j++)
    if (ok[j])
      pthread_join(tid[j], NULL);
  memset(out, 0, sizeof *out);
  out->runs = runs;
  out->tmax = tmax;
  for (int r = 0; r < runs; r++) {
    out->solved += rt.solved[r];
    out->exposure += rt.t[r];
  }
  out->kappa = out->solved / out->exposure;
  out->eta = eta_of(out->solved, out->exposure);
  /* Percentile bootstrap over the runs, from a fixed stream. */
  enum { B = 2000 };
  double *boot = sks_malloc(B * sizeof *boot);
  uint64_t rng = seed ^ 0x5DEECE66Dull;
  for (int b = 0; b < B; b++) {
    double sv = 0, ex = 0;
    for (int r = 0; r < runs; r++) {
      int q = (int)(uniform(&rng) * runs);
      sv += rt.solved[q];
      ex += rt.t[q];
    }
    boot[b] = eta_of(sv, ex);
  }
  qsort(boot, B, sizeof *boot, cmp_double);
  out->eta_lo = boot[(int)(0.025 * B)];
  out->eta_hi = boot[(int)(0.975 * B) - 1];
  if (!out->solved) /* rule of three: kappa < 3 / exposure at 95% */
    out->eta_lo = -log10(3.0 / out->exposure);
  out->seconds = sks_time() - start;
  free(boot);
  free(tid);
  free(ok);
  free(rt.t);
  free(rt.solved);
  return 0;
}

const char *sks_analog_label(double eta) {
  if (eta <= 1)
    return "easy";
  if (eta <= 2)
    return "medium";
  if (eta <= 3)
    return "hard";
  return "ultra-hard";
}

double sks_analog_rhs_ns(const sks_analog *a, int reps) {
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  work w;
  work_init(&w, a, &opt);
  uint64_t rng = 12345;
  for (size_t i = 0; i < w.dim; i++)
    w.y[i] = i < (size_t)a->nact ? 2 * uniform(&rng) - 1 : 5 * uniform(&rng);
  w.U = 5;
  if (reps < 1)
    reps = 1;
  double *ns = sks_malloc((size_t)reps * sizeof *ns);
  long inner = 1 + 2000000 / (a->nlits + 1);
  for (int r = 0; r < reps; r++) {
    double t0 = sks_time();
    for (long i = 0; i < inner; i++)
      rhs(&w, w.y, w.k[i & 1]);
    ns[r] = (sks_time() - t0) * 1e9 / ((double)inner * (double)(a->nlits + 1));
  }
  qsort(ns, (size_t)reps, sizeof *ns, cmp_double);
  double med = ns[reps / 2];
  free(ns);
  work_free(&w);
  return med;
}
