/* The rating's runs advanced together: LANES independent trajectories of
 * one problem in the lanes of a vector (structure of arrays: the spin or
 * clause outer, the lane inner), each lane with its own step size, time
 * offset, clock and sign counters.  A lane that ends (solved, at tmax or at
 * its wall-clock cap) takes the next run at once.
 *
 * Included twice, once per precision of the lanes' state (LANES_FLOAT 0
 * or 1, names suffixed by LANES_FN), each LANES_BYTES (32) wide:
 *
 * - double (analog_lanes.c), 4 lanes: every lane does the IEEE operations
 *   of the scalar splitting step (analog_integrate.c) and of
 *   sks_analog_trajectory's step-size control in the same order, with the
 *   same libm calls for exp and pow, built with -ffp-contract=off as that
 *   one is: a run's trajectory is the same bit for bit whichever path
 *   takes it (tested), so the rating is that of one run at a time.
 * - float (analog_lanes_float.c), 8 lanes in the same 32 bytes: the same
 *   step in single precision, with a vectorised polynomial exp for the
 *   spins' flows too.  The trajectories are other ones (chaos parts them
 *   from the double ones after a few hundred steps), so the rating agrees
 *   only statistically: bench/rate-agreement is its test.  Each lane's
 *   clock, time offset and step size stay in double.
 *
 * What the lanes buy: the sweep reads a neighbour's spins as one
 * contiguous vector instead of a gather, and the Gauss-Seidel chain's
 * latency is shared by LANES runs. */

#if LANES_FLOAT
typedef float real;
typedef int32_t ireal;
typedef uint32_t ureal;
#define ABS_MASK 0x7fffffffu
#else
typedef double real;
typedef int64_t ireal;
typedef uint64_t ureal;
#define ABS_MASK 0x7fffffffffffffffull
#endif
#define R(x) ((real)(x))

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

/* 32 bytes, one AVX2 register.  A vector wider than the CPU's registers
 * is split by the compiler into pieces, and its blends and compares go
 * through memory: 64-byte lanes on an AVX2 CPU were slower than the runs
 * one at a time in double and than these in float (BENCHMARKS.md,
 * "Analog: the lanes at the CPU's width").  Where the CPU has no AVX2 the
 * same happens to these, and the double lanes are not used
 * (sks_analog_lanes_pay). */
enum { VBYTES = 32, LANES = VBYTES / (int)sizeof(real) };

/* may_alias: a lane is also read and written as a scalar. */
typedef real vd __attribute__((vector_size(VBYTES), may_alias));
typedef ireal vi __attribute__((vector_size(VBYTES), may_alias));
typedef ureal vu __attribute__((vector_size(VBYTES), may_alias));

/* The trial step's helpers are inlined into each clone of lanes_step. */
#define LANES_INLINE static inline __attribute__((always_inline))

typedef struct lanes {
  const sks_analog *p;
  rate_job *job;
  work w; /* the options resolved: tolerances, law, control */
  void *block;
  vd *s, *ss, *sl; /* spins: the state, the Strang trial, the Lie trial */
  vd *u, *us, *ul; /* log weights, likewise */
  vd *kp, *ws, *wl;
  /* the problem's coefficients in this precision (double: the problem's
   * own arrays); cscale2[m] = cscale[m]^2, a power of two */
  const real *lsign, *xsign, *ocoef, *cscale;
  real *own, *cscale2;
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
/* The trial step, for all lanes at once: analog_integrate.c's step_split
 * with every double a vector. */

/* No vector crosses a call (clang holds that an error where the caller
 * and callee targets differ): helpers are macros or take pointers. */
#define VABS(x) ((vd)((vu)(x)&ABS_MASK))
/* m ? a : b, lane by lane, for a mask m of 0 / -1 lanes */
#define VBLEND(m, a, b) ((vd)(((vi)(a) & (m)) | ((vi)(b) & ~(m))))

#if LANES_FLOAT
/* e^x in single precision: x clamped to [-87, 87] (2^-126 .. 2^126: no
 * subnormal, no overflow), x = n ln2 + r, a degree-6 Taylor polynomial in
 * r (relative error ~1e-7, single precision's own), 2^n in the exponent
 * bits.  The clamp compares (NaN stays NaN): the double version's
 * (x - 87 + |x + 87|) / 2 loses the 87 in a float once |x| passes ~1e9,
 * and the spins' flows reach e^-(2 A h) with 2 A h far beyond that late
 * in a run, where it made e^-x 1 instead of 0. */
LANES_INLINE void vfast_exp(vd *out, const vd *in) {
  vd x = *in;
  x = VBLEND(x < R(-87.0), R(-87.0) - (vd){0}, x);
  x = VBLEND(x > R(87.0), R(87.0) - (vd){0}, x);
  vd t = x * R(1.44269504088896341) + R(0x1.8p23);
  vd n = t - R(0x1.8p23);
  vd r = x - n * R(0.693145751953125) - n * R(1.428606765330187e-06);
  vd q = r * R(1.0 / 720) + R(1.0 / 120);
  q = q * r + R(1.0 / 24);
  q = q * r + R(1.0 / 6);
  q = q * r + R(0.5);
  q = q * r + R(1.0);
  q = q * r + R(1.0);
  vu bits = ((vu)t + 127) << 23;
  *out = q * (vd)bits;
}
#else
/* fast_exp (analog_int.h), the same operations. */
LANES_INLINE void vfast_exp(vd *out, const vd *in) {
  vd x = *in;
  x = 0.5 * (x - 700.0 + VABS(x + 700.0));
  x = 0.5 * (x + 700.0 - VABS(x - 700.0));
  vd t = x * 1.4426950408889634 + 0x1.8p52;
  vd n = t - 0x1.8p52;
  vd r = x - n * 0.6931471803691238 - n * 1.9082149292705877e-10;
  vd q = r * (1.0 / 362880) + 1.0 / 40320;
  q = q * r + 1.0 / 5040;
  q = q * r + 1.0 / 720;
  q = q * r + 1.0 / 120;
  q = q * r + 1.0 / 24;
  q = q * r + 1.0 / 6;
  q = q * r + 0.5;
  q = q * r + 1.0;
  q = q * r + 1.0;
  vu bits = ((vu)t + 1023) << 52;
  *out = q * (vd)bits;
}
#endif

/* clause_kp: K_m^p e^-U per clause at spins s. */
LANES_INLINE void lanes_kp(const lanes *L, const vd *s, const vd *eUn, vd *kp) {
  const sks_analog *p = L->p;
  const bool sq = L->w.memory == 2;
  const real *ls = L->lsign, *cs = L->cscale;
  for (long c = 0; c < p->nclauses; c++) {
    vd K = cs[c] - (vd){0};
    for (long q = p->cstart[c]; q < p->cstart[c + 1]; q++)
      K *= R(1.0) - ls[q] * s[p->lvar[q]];
    if (sq)
      K = K * K;
    kp[c] = *eUn * K;
  }
}

/* One occurrence in a clause of any length but two (sweep's occurrence). */
LANES_INLINE void lanes_occurrence(const lanes *L, long o, const vd *s,
                                   const vd *wt, vd *A, vd *B) {
  const sks_analog *p = L->p;
  vd K = R(1.0) - (vd){0};
  for (long x = p->xstart[o]; x < p->xstart[o + 1]; x++)
    K *= R(1.0) - L->xsign[x] * s[p->xvar[x]];
  vd g = wt[p->oclause[o]] * K * K;
  *A += g;
  *B += g * L->ocoef[o];
}

/* sweep: exact one-spin flows over time h (per lane), forward or
 * backward. */
LANES_INLINE void lanes_sweep(const lanes *L, vd *s, const vd *wt, const vd *h,
                              int dir, const vi *live) {
  const sks_analog *p = L->p;
  const int n = p->nact;
  const long *oc = p->oclause, *xs = p->xstart;
  const int *xv = p->xvar;
  const real *xc = L->xsign, *co = L->ocoef;
  for (int k = 0; k < n; k++) {
    int i = dir > 0 ? k : n - 1 - k;
    vd A = {0}, B = {0};
    long o = p->ostart[i], b0 = p->obin[i], b1 = p->obin_end[i];
    for (; o < b0; o++)
      lanes_occurrence(L, o, s, wt, &A, &B);
    for (; o < b1; o++) {
      long x = xs[o];
      vd K = R(1.0) - xc[x] * s[xv[x]];
      vd g = wt[oc[o]] * K * K;
      A += g;
      B += g * co[o];
    }
    for (; o < p->ostart[i + 1]; o++)
      lanes_occurrence(L, o, s, wt, &A, &B);
    vd r = R(2.0) * A * *h, e;
#if LANES_FLOAT
    /* the polynomial exp, in the vector */
    (void)live;
    vd mr = -r;
    vfast_exp(&e, &mr);
#else
    /* libm's exp lane by lane, only where the scalar sweep calls it, in
     * a loop of its own over memory (a call clobbers every vector
     * register) */
    vi go = (A > 0) & (r <= 746.0) & *live;
    double rr[LANES], ex[LANES];
    long long gg[LANES];
    memcpy(rr, &r, sizeof rr);
    memcpy(gg, &go, sizeof gg);
    for (int l = 0; l < LANES; l++)
      ex[l] = gg[l] ? exp(-rr[l]) : 0.0;
    memcpy(&e, ex, sizeof e);
#endif
    vd star = B / A;
    s[i] = VBLEND(A > 0, star + (s[i] - star) * e, s[i]);
  }
}

/* The splitting step of size hs[l] in every lane from (s, u) into
 * (ss, us); err[l] its error norm, infinite for NaN or inf. */
SKS_VECTOR_CLONES
static void LANES_FN(lanes_step)(lanes *L) {
  const sks_analog *p = L->p;
  const int n = p->nact;
  const long m = p->nclauses;
  vd h, hh, U, eUn;
  vi live;
  for (int l = 0; l < LANES; l++) {
    live[l] = L->run[l] >= 0 ? -1 : 0;
    h[l] = (real)L->hs[l];
    hh[l] = (real)(0.5 * L->hs[l]);
    U[l] = (real)L->U[l];
    eUn[l] = (real)exp(-L->U[l]);
  }
  lanes_kp(L, L->s, &eUn, L->kp);
  memcpy(L->ss, L->s, (size_t)n * sizeof *L->ss);
  memcpy(L->sl, L->s, (size_t)n * sizeof *L->sl);
  for (long c = 0; c < m; c++) {
    L->us[c] = L->u[c] + hh * L->kp[c];
    L->ul[c] = L->u[c] + h * L->kp[c];
  }
  const real *sc2 = L->cscale2;
  for (long c = 0; c < m; c++) {
    vd x = L->us[c] - U, e;
    vfast_exp(&e, &x);
    L->ws[c] = e * sc2[c];
  }
  for (long c = 0; c < m; c++) {
    vd x = L->ul[c] - U, e;
    vfast_exp(&e, &x);
    L->wl[c] = e * sc2[c];
  }
  lanes_sweep(L, L->ss, L->ws, &hh, 1, &live);
  lanes_sweep(L, L->ss, L->ws, &hh, -1, &live);
  lanes_sweep(L, L->sl, L->wl, &h, 1, &live);
  lanes_kp(L, L->ss, &eUn, L->kp);
  for (long c = 0; c < m; c++)
    L->us[c] += hh * L->kp[c];
  /* error_norm over the spins, then the weights */
  const real atol = (real)L->w.atol, rtol = (real)L->w.rtol;
  /* `chk` stays 0 while every ratio and every new value is finite and
   * turns NaN at the first that is not: the scalar norm's `bad` without
   * equality tests (which the vectoriser takes lane by lane); an infinite
   * ratio, which `bad` lets through, makes the norm infinite either way. */
  vd worst = {0}, chk = {0};
  for (int part = 0; part < 2; part++) {
    const vd *y = part ? L->u : L->s, *yn = part ? L->us : L->ss,
             *yl = part ? L->ul : L->sl;
    long d = part ? m : n;
    for (long i = 0; i < d; i++) {
      vd e = yn[i] - yl[i];
      vd ay = VABS(y[i]), an = VABS(yn[i]);
      vd sc = atol + rtol * VBLEND(ay > an, ay, an);
      vd r = VABS(e) / sc;
      worst = VBLEND(r > worst, r, worst);
      chk += (r - r) + (yn[i] - yn[i]);
    }
  }
  for (int l = 0; l < LANES; l++)
    L->err[l] = chk[l] == 0 ? (double)worst[l] : INFINITY;
}

/* ------------------------------------------------------------------ */
/* Each lane's trajectory: sks_analog_trajectory, lane by lane. */

static void lane_signs_reset(lanes *L, int l) {
  const sks_analog *p = L->p;
  const real *s = lane(L->s);
  signed char *sign = L->sign[l];
  for (int i = 0; i < p->nact; i++)
    sign[i] = s[(long)i * LANES + l] > 0 ? 1 : -1;
  L->nunsat[l] = 0;
  for (long c = 0; c < p->nclauses; c++) {
    int t = 0;
    for (long q = p->cstart[c]; q < p->cstart[c + 1]; q++)
      t += (p->lsign[q] > 0) == (sign[p->lvar[q]] > 0);
    L->ntrue[l][c] = t;
    L->nunsat[l] += !t;
  }
}

static void lane_signs_update(lanes *L, int l) {
  const sks_analog *p = L->p;
  const real *s = lane(L->s);
  signed char *sign = L->sign[l];
  int *ntrue = L->ntrue[l];
  for (int i = 0; i < p->nact; i++) {
    signed char sg = s[(long)i * LANES + l] > 0 ? 1 : -1;
    if (sg == sign[i])
      continue;
    sign[i] = sg;
    for (long o = p->ostart[i]; o < p->ostart[i + 1]; o++) {
      long c = p->oclause[o];
      if (p->osign[o] == sg) {
        if (!ntrue[c]++)
          L->nunsat[l]--;
      } else if (!--ntrue[c])
        L->nunsat[l]++;
    }
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
      double f = isfinite(e) ? 0.9 * pow(e, meth->reject_pow) : 0.25;
      L->h[l] = h * fmin(0.5, fmax(0.1, f));
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
    double f = e > 0 ? meth->accept_safety * pow(e, meth->accept_pow) : 10.0;
    L->h[l] = h * fmin(meth->max_growth, fmax(0.2, f));
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
  size_t nl = (size_t)p->nlits, nx = (size_t)p->xstart[p->ostart[p->nact]];
  size_t no = (size_t)p->ostart[p->nact];
#if LANES_FLOAT
  real *own = sks_malloc((nl + nx + no + 2 * m) * sizeof *own);
  L->own = own;
  for (size_t i = 0; i < nl; i++)
    own[i] = (real)p->lsign[i];
  L->lsign = own, own += nl;
  for (size_t i = 0; i < nx; i++)
    own[i] = (real)p->xsign[i];
  L->xsign = own, own += nx;
  for (size_t i = 0; i < no; i++)
    own[i] = (real)p->ocoef[i];
  L->ocoef = own, own += no;
  for (size_t c = 0; c + 1 < m; c++)
    own[c] = (real)p->cscale[c];
  L->cscale = own, own += m;
  L->cscale2 = own;
#else
  (void)nl, (void)nx, (void)no;
  L->lsign = p->lsign;
  L->xsign = p->xsign;
  L->ocoef = p->ocoef;
  L->cscale = p->cscale;
  L->own = L->cscale2 = sks_malloc(m * sizeof *L->cscale2);
#endif
  for (size_t c = 0; c + 1 < m; c++)
    L->cscale2[c] = (real)(p->cscale[c] * p->cscale[c]);
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
