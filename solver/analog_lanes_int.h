/* The rating's runs advanced together: LANES independent trajectories of
 * one problem in the lanes of a vector (structure of arrays: the spin or
 * clause outer, the lane inner), each lane with its own step size, time
 * offset, clock and sign counters.  A lane that ends (solved, at tmax or at
 * its wall-clock cap) takes the next run at once.
 *
 * Included twice, once per precision of the lanes' state (LANES_FLOAT 0
 * or 1, names suffixed by LANES_FN), each STEP_VBYTES (32) wide.  The
 * trial step is the splitting step's one source (analog_step_int.h) with
 * every double a vector; the step-size control and the sign counters are
 * sks_analog_trajectory's (analog_int.h).
 *
 * - double (analog_lanes.c), 4 lanes: every lane does the IEEE operations
 *   of the scalar splitting step (analog_integrate.c) and of
 *   sks_analog_trajectory's step-size control in the same order, with the
 *   same libm calls for exp and pow, built with -ffp-contract=off as that
 *   one is: a run's trajectory is the same bit for bit whichever path
 *   takes it (tested), so the rating is that of one run at a time.
 * - float (analog_lanes_float.c), 8 lanes in the same 32 bytes: the same
 *   step in single precision, with a vectorised polynomial exp for the
 *   spins' flows too (tests/unit/test_analog_step.c holds one step to the
 *   double step's within single precision).  The trajectories are other ones
 * (chaos parts them from the double ones after a few hundred steps), so the
 * rating agrees only statistically: bench/rate-agreement is its test.  Each
 * lane's clock, time offset and step size stay in double.
 *
 * What the lanes buy: the sweep reads a neighbour's spins as one
 * contiguous vector instead of a gather, and the Gauss-Seidel chain's
 * latency is shared by LANES runs. */

/* 32 bytes, one AVX2 register.  A vector wider than the CPU's registers
 * is split by the compiler into pieces, and its blends and compares go
 * through memory: 64-byte lanes on an AVX2 CPU were slower than the runs
 * one at a time in double and than these in float (BENCHMARKS.md,
 * "Analog: the lanes at the CPU's width").  Where the CPU has no AVX2 the
 * same happens to these, and the double lanes are not used
 * (sks_analog_lanes_pay). */
#define STEP_VBYTES 32
#define STEP_VECTOR 1
#define STEP_FLOAT LANES_FLOAT
#define STEP_FN LANES_FN
#include "analog_step_int.h"

#if LANES_FLOAT && defined(__SSE2__)
#include <xmmintrin.h>
/* Single precision reaches subnormal numbers all the time (a weight
 * e^(u - U) 2^-2k far below the largest, times K^2 of a satisfied clause),
 * and x86 takes each through a slow microcode path: the lanes run with
 * subnormal inputs and results flushed to zero (MXCSR's DAZ and FTZ,
 * this thread only, restored after), where they add nothing anyway. */
static unsigned flush_subnormals(void) {
  unsigned old = _mm_getcsr();
  _mm_setcsr(old | 0x8040u);
  return old;
}
static void restore_subnormals(unsigned old) {
  _mm_setcsr(old);
}
#else
static unsigned flush_subnormals(void) {
  return 0;
}
static void restore_subnormals(unsigned old) {
  (void)old;
}
#endif

typedef struct lanes {
  const sks_analog *p;
  rate_job *job;
  work w; /* the options resolved: tolerances, law, control */
  void *block;
  vd *s, *ss, *sl; /* spins: the state, the Strang trial, the Lie trial */
  vd *u, *us, *ul; /* log weights, likewise */
  vd *kp, *ws, *wl;
  /* the step's input: the problem's coefficients in this precision
   * (double: the problem's own arrays and w's cscale2) */
  step_in in;
  real *own;
  double U[LANES], t[LANES], h[LANES], hs[LANES], eU[LANES], err[LANES];
  double deadline[LANES], umax[LANES];
  long long nsteps[LANES];
  int run[LANES]; /* the run in the lane; -1: idle */
  bool acc[LANES];
  signed char *sign[LANES];
  int *ntrue[LANES];
  long nunsat[LANES];
  signed char *model;
} lanes;

static inline real *lane(vd *v) {
  return (real *)v;
}

/* ------------------------------------------------------------------ */
/* The trial step, for all lanes at once: the splitting step
 * (analog_step_int.h) with every double a vector. */

/* The splitting step of size hs[l] in every lane from (s, u) into
 * (ss, us); err[l] its error norm, infinite for NaN or inf. */
SKS_VECTOR_CLONES
static void LANES_FN(lanes_step)(lanes *L) {
  vd h, hh, U, eUn;
  vi live;
  for (int l = 0; l < LANES; l++) {
    live[l] = L->run[l] >= 0 ? -1 : 0;
    h[l] = (real)L->hs[l];
    hh[l] = (real)(0.5 * L->hs[l]);
    U[l] = (real)L->U[l];
    eUn[l] = (real)exp(-L->U[l]);
  }
  const step_state st = {.s = L->s,
                         .u = L->u,
                         .ss = L->ss,
                         .us = L->us,
                         .sl = L->sl,
                         .ul = L->ul,
                         .kp = L->kp,
                         .ws = L->ws,
                         .wl = L->wl};
  LANES_FN(split_step)(&L->in, &st, &h, &hh, &U, &eUn, &live, L->err);
}

/* ------------------------------------------------------------------ */
/* Each lane's trajectory: sks_analog_trajectory, lane by lane. */

static void lane_signs_reset(lanes *L, int l) {
  const sks_analog *p = L->p;
  const real *s = lane(L->s);
  signed char *sign = L->sign[l];
  for (int i = 0; i < p->nact; i++)
    sign[i] = s[(long)i * LANES + l] > 0 ? 1 : -1;
  L->nunsat[l] = sks_analog_signs_count(p, sign, L->ntrue[l]);
}

static void lane_signs_update(lanes *L, int l) {
  const sks_analog *p = L->p;
  const real *s = lane(L->s);
  signed char *sign = L->sign[l];
  for (int i = 0; i < p->nact; i++) {
    signed char sg = s[(long)i * LANES + l] > 0 ? 1 : -1;
    if (sg != sign[i])
      sks_analog_sign_flip(p, i, sg, sign, L->ntrue[l], &L->nunsat[l]);
  }
}

static bool lane_solved(lanes *L, int l) {
  return !L->nunsat[l] && sks_analog_signs_satisfy(L->p, L->sign[l], L->model);
}

/* The end of lane l's run. */
static void lane_end(lanes *L, int l, bool solved) {
  rate_job *job = L->job;
  sks_analog_rate_end(job, L->run[l], fmin(L->t[l], job->tmax), solved);
  L->run[l] = -1;
}

/* Gives lane l the next run that does not end at t = 0; false when none
 * is left. */
static bool lane_fill(lanes *L, int l) {
  rate_job *job = L->job;
  const sks_analog *p = L->p;
  real *s = lane(L->s), *u = lane(L->u);
  for (;;) {
    int r = sks_analog_rate_next(job);
    if (r < 0) {
      L->run[l] = -1;
      L->hs[l] = 0;
      return false;
    }
    L->run[l] = r;
    L->deadline[l] = job->seconds > 0 ? sks_time() + job->seconds : 0;
    uint64_t rng = sks_analog_seed(job->seed, 0, (uint64_t)r);
    for (int i = 0; i < p->nact; i++)
      s[(long)i * LANES + l] = (real)(2.0 * sks_rand_unit(&rng) - 1.0);
    for (long c = 0; c < p->nclauses; c++)
      u[c * LANES + l] = 0;
    L->U[l] = 0;
    L->t[l] = 0;
    L->h[l] = 1e-2;
    L->nsteps[l] = 0;
    lane_signs_reset(L, l);
    if (p->empty)
      lane_end(L, l, false);
    else if (lane_solved(L, l))
      lane_end(L, l, true);
    else
      return true;
  }
}

/* The checks at the top of sks_analog_trajectory's loop, then the step
 * size; false when lane l is idle after them. */
static bool lane_ready(lanes *L, int l) {
  const double tmax = L->job->tmax;
  const long long clock_mask = L->p->nlits >= 4096 ? 0 : 15;
  while (L->run[l] >= 0) {
    if (sks_analog_rate_dropped(L->job, L->run[l]))
      L->run[l] = -1; /* the rating stopped before this run */
    else if (L->t[l] >= tmax)
      lane_end(L, l, false);
    else if (L->deadline[l] > 0 && !(L->nsteps[l] & clock_mask) &&
             sks_time() >= L->deadline[l])
      lane_end(L, l, false);
    else
      break;
    if (!lane_fill(L, l))
      return false;
  }
  if (L->run[l] < 0)
    return false;
  double eU = exp(L->U[l]), h = L->h[l];
  if (L->t[l] + h / eU > tmax)
    h = (tmax - L->t[l]) * eU;
  L->eU[l] = eU;
  L->hs[l] = h;
  return true;
}

/* The accepted lanes take their trial state, clamped into [-1, 1], and
 * umax[l] is the largest log weight of each lane. */
SKS_VECTOR_CLONES
static void LANES_FN(lanes_accept)(lanes *L) {
  const sks_analog *p = L->p;
  const int n = p->nact;
  const long m = p->nclauses;
  vi acc;
  for (int l = 0; l < LANES; l++)
    acc[l] = L->acc[l] ? -1 : 0;
  for (int i = 0; i < n; i++) {
    vd y = VBLEND(acc, L->ss[i], L->s[i]);
    y = VBLEND(y > R(1.0), R(1.0) - (vd){0}, y);
    L->s[i] = VBLEND(y < R(-1.0), R(-1.0) - (vd){0}, y);
  }
  vd umax = {0};
  for (long c = 0; c < m; c++) {
    vd y = VBLEND(acc, L->us[c], L->u[c]);
    L->u[c] = y;
    umax = VBLEND(y > umax, y, umax);
  }
  for (int l = 0; l < LANES; l++)
    L->umax[l] = (double)umax[l];
}

/* After a trial step: sks_analog_trajectory's acceptance and step-size
 * control, lane by lane. */
static void lanes_control(lanes *L) {
  const struct method *meth = L->w.method;
  for (int l = 0; l < LANES; l++) {
    L->acc[l] = false;
    if (L->run[l] < 0)
      continue;
    double e = L->err[l], h = L->hs[l];
    L->nsteps[l]++;
    if (!(e <= 1.0)) {
      L->h[l] = sks_analog_h_rejected(meth, e, h);
      continue;
    }
    L->acc[l] = true;
    L->t[l] += h / L->eU[l];
  }
  LANES_FN(lanes_accept)(L);
  for (int l = 0; l < LANES; l++) {
    if (!L->acc[l])
      continue;
    lane_signs_update(L, l);
    if (lane_solved(L, l)) {
      lane_end(L, l, true);
      lane_fill(L, l);
      continue;
    }
    double e = L->err[l], h = L->hs[l];
    if (L->umax[l] > L->U[l] + 1.0) {
      double dU = L->umax[l] - L->U[l];
      L->U[l] = L->umax[l];
      h *= exp(dU);
    }
    L->h[l] = sks_analog_h_accepted(meth, e, h);
  }
}

static void lanes_init(lanes *L, rate_job *job) {
  memset(L, 0, sizeof *L);
  const sks_analog *p = job->a;
  L->p = p;
  L->job = job;
  sks_analog_work_init(&L->w, p, job->opt);
  size_t n = (size_t)p->nact + 1, m = (size_t)p->nclauses + 1;
  size_t total = 3 * n + 6 * m;
  L->block = sks_calloc(total * sizeof(vd) + VBYTES, 1);
  uintptr_t at = ((uintptr_t)L->block + VBYTES - 1) & ~(uintptr_t)(VBYTES - 1);
  vd *v = (vd *)at;
  L->s = v, v += n;
  L->ss = v, v += n;
  L->sl = v, v += n;
  L->u = v, v += m;
  L->us = v, v += m;
  L->ul = v, v += m;
  L->kp = v, v += m;
  L->ws = v, v += m;
  L->wl = v;
  step_in *in = &L->in;
  in->p = p;
  in->memory = L->w.memory;
  in->atol = (real)L->w.atol;
  in->rtol = (real)L->w.rtol;
  in->w = &L->w;
#if LANES_FLOAT
  size_t nl = (size_t)p->nlits, nx = (size_t)p->xstart[p->ostart[p->nact]];
  size_t no = (size_t)p->ostart[p->nact];
  real *own = sks_malloc((nl + nx + no + 2 * m) * sizeof *own);
  L->own = own;
  for (size_t i = 0; i < nl; i++)
    own[i] = (real)p->lsign[i];
  in->lsign = own, own += nl;
  for (size_t i = 0; i < nx; i++)
    own[i] = (real)p->xsign[i];
  in->xsign = own, own += nx;
  for (size_t i = 0; i < no; i++)
    own[i] = (real)p->ocoef[i];
  in->ocoef = own, own += no;
  for (size_t c = 0; c + 1 < m; c++)
    own[c] = (real)p->cscale[c];
  in->cscale = own, own += m;
  for (size_t c = 0; c + 1 < m; c++)
    own[c] = (real)L->w.cscale2[c];
  in->cscale2 = own;
#else
  in->lsign = p->lsign;
  in->xsign = p->xsign;
  in->ocoef = p->ocoef;
  in->cscale = p->cscale;
  in->cscale2 = L->w.cscale2;
#endif
  for (int l = 0; l < LANES; l++) {
    L->sign[l] = sks_calloc(n, 1);
    L->ntrue[l] = sks_calloc(m, sizeof(int));
    L->run[l] = -1;
  }
  L->model = sks_calloc((size_t)p->nvars + 1, 1);
}

static void lanes_free(lanes *L) {
  for (int l = 0; l < LANES; l++) {
    free(L->sign[l]);
    free(L->ntrue[l]);
  }
  free(L->model);
  free(L->own);
  free(L->block);
  sks_analog_work_free(&L->w);
}

#if !LANES_FLOAT
/* A lane's run finished one at a time: its state into the scalar work,
 * the scalar loop from there (the same operations, so the same bits). */
static void lane_finish_alone(lanes *L, int l) {
  const sks_analog *p = L->p;
  work *w = &L->w;
  const int n = p->nact;
  const real *s = lane(L->s), *u = lane(L->u);
  for (int i = 0; i < n; i++)
    w->y[i] = s[(long)i * LANES + l];
  for (long c = 0; c < p->nclauses; c++)
    w->y[n + c] = u[c * LANES + l];
  w->U = L->U[l];
  w->t = L->t[l];
  w->h = L->h[l];
  w->f0ok = false;
  memcpy(w->sign, L->sign[l], (size_t)n);
  memcpy(w->ntrue, L->ntrue[l], (size_t)p->nclauses * sizeof *w->ntrue);
  w->nunsat = L->nunsat[l];
  int status = sks_analog_trajectory_resume(w, L->job->tmax, 0, L->deadline[l],
                                            L->nsteps[l]);
  L->t[l] = w->t;
  lane_end(L, l, status == SKS_SAT);
}

/* With no runs left to start, this few live lanes cost more as a vector
 * step than one at a time: a step of the 4 double lanes costs about 2
 * scalar steps (AVX2).  The float lanes go on to the end: a step of the
 * 8 costs ~1.2 steps of one float lane, so they have no tail. */
enum { LANES_TAIL = 2 };
#else
enum { LANES_TAIL = 0 };
#endif

void LANES_FN(sks_analog_rate_lanes)(rate_job *job) {
  unsigned csr = LANES_FLOAT ? flush_subnormals() : 0;
  lanes L;
  lanes_init(&L, job);
  for (int l = 0; l < LANES; l++)
    lane_fill(&L, l);
  for (;;) {
    int live = 0;
    for (int l = 0; l < LANES; l++)
      live += lane_ready(&L, l);
    if (live <= LANES_TAIL && sks_analog_rate_drained(job)) {
#if !LANES_FLOAT
      for (int l = 0; l < LANES; l++)
        if (L.run[l] >= 0)
          lane_finish_alone(&L, l);
#endif
      break;
    }
    LANES_FN(lanes_step)(&L);
    lanes_control(&L);
  }
  lanes_free(&L);
  if (LANES_FLOAT)
    restore_subnormals(csr);
}
