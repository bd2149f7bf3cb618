/* Private to the analog solver: the splitting step (docs/analog.md, "The
 * splitting step"), written once for the three ways it runs:
 *
 * - one run at a time, in double (analog_integrate.c): STEP_VECTOR 0;
 * - the rating's runs in vector lanes (analog_lanes_int.h), 32 bytes of
 *   them: STEP_VECTOR 1 with STEP_FLOAT 0 (4 double lanes,
 *   analog_lanes.c) or 1 (8 float lanes, analog_lanes_float.c).
 *
 * The clause products K_m and the weight flow, the weights' exps, the
 * Gauss-Seidel sweeps of exact one-spin flows and the error norm are
 * here, once: a change of the step's meaning is made here.  The double
 * lanes do the IEEE operations of the scalar step in the same order (the
 * same polynomial exp, SKS_ANALOG_EXP, and libm's exp for the spins), so
 * a run takes the same trajectory bit for bit either way (the unit test
 * test_rate_lanes); the float lanes differ only where single precision
 * needs it (their own exp, below) and agree statistically
 * (bench/rate-agreement).
 *
 * No include guard: a template, included once by each of the three files,
 * which define before it STEP_VECTOR, with it STEP_FLOAT and
 * STEP_VBYTES (the vector's bytes), and STEP_FN(name), the instance's
 * names.  It defines the instance's types
 * (real, its state vd with LANES lanes, the masks vi), the helpers VABS
 * and VBLEND, and step_in, step_state and STEP_FN(split_step). */

#if STEP_VECTOR
#if STEP_FLOAT
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

/* as wide as the includer says (analog_lanes_int.h: why 32 bytes) */
enum { VBYTES = STEP_VBYTES, LANES = VBYTES / (int)sizeof(real) };

/* may_alias: a lane is also read and written as a scalar. */
typedef real vd __attribute__((vector_size(VBYTES), may_alias));
typedef ireal vi __attribute__((vector_size(VBYTES), may_alias));
typedef ureal vu __attribute__((vector_size(VBYTES), may_alias));

/* No vector crosses a call (clang holds that an error where the caller
 * and callee targets differ): helpers are macros or take pointers, and
 * every function here is inlined into each clone of its caller. */
#define STEP_INLINE static inline __attribute__((always_inline))
#define STEP_PASS STEP_INLINE
#define VABS(x) ((vd)((vu)(x)&ABS_MASK))
/* m ? a : b, lane by lane, for a mask m of 0 / -1 lanes */
#define VBLEND(m, a, b) ((vd)(((vi)(a) & (m)) | ((vi)(b) & ~(m))))
#define VNOT(m) (~(m))
#define SPLAT(x) ((x) - (vd){0})
/* the clock is looked at between steps: the lanes' problems are small */
#define STEP_CUT(in) false
#define STEP_WAS_CUT(in) false
#define STEP_COUNT(in, k) ((void)0)

#else /* one run, in double */
typedef double real;
typedef int64_t ireal;
typedef double vd;
typedef int64_t vi;
enum { LANES = 1 };
#define STEP_INLINE static inline __attribute__((always_inline))
/* the passes stay functions of their own, called from each clone of the
 * step (cloning them gained nothing: they are gathers) */
#define STEP_PASS static
#define VABS(x) fabs(x)
#define VBLEND(m, a, b) ((m) ? (a) : (b))
#define VNOT(m) (!(m))
#define SPLAT(x) (x)
/* A big problem's step looks at the clock inside its long loops
 * (sks_analog_cut) */
#define STEP_CUT(in) sks_analog_cut((in)->w)
#define STEP_WAS_CUT(in) ((in)->w->cut)
#define STEP_COUNT(in, k) ((in)->w->rhs += (k))
#endif
#define R(x) ((real)(x))

/* What a step reads besides the state: the problem, its coefficients in
 * the step's precision (cscale2[m] = cscale[m]^2, a power of two), the
 * law, the tolerances, and the work (one run at a time: its clock and
 * counters). */
typedef struct step_in {
  const sks_analog *p;
  const real *lsign, *xsign, *ocoef, *cscale, *cscale2;
  int memory;
  real atol, rtol;
  work *w;
} step_in;

/* The state (s, u) and the step's scratch, a vector a spin or a clause:
 * the Strang trial (ss, us), the Lie trial (sl, ul), K^p e^-U (kp) and
 * the trials' weights (ws, wl). */
typedef struct step_state {
  vd *s, *u, *ss, *us, *sl, *ul, *kp, *ws, *wl;
} step_state;

/* e^x, lane by lane. */
#if STEP_FLOAT
/* In single precision: x clamped to [-87, 87] (2^-126 .. 2^126: no
 * subnormal, no overflow), x = n ln2 + r, a degree-6 Taylor polynomial in
 * r (relative error ~1e-7, single precision's own), 2^n in the exponent
 * bits.  The clamp compares (NaN stays NaN): the double version's
 * (x - 87 + |x + 87|) / 2 loses the 87 in a float once |x| passes ~1e9,
 * and the spins' flows reach e^-(2 A h) with 2 A h far beyond that late
 * in a run, where it made e^-x 1 instead of 0. */
STEP_INLINE void vfast_exp(vd *out, const vd *in) {
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
#elif STEP_VECTOR
#define STEP_BITS(v) ((vu)(v))
#define STEP_REAL(b) ((vd)(b))
STEP_INLINE void vfast_exp(vd *out, const vd *in) {
  SKS_ANALOG_EXP(*out, *in, vd, VABS, STEP_BITS, STEP_REAL);
}
#else
STEP_INLINE void vfast_exp(vd *out, const vd *in) {
  *out = fast_exp(*in);
}
#endif

/* K_m^p e^-U for every clause at spins s into kp. */
STEP_PASS void STEP_FN(step_kp)(const step_in *in, const vd *s, const vd *eUn,
                                vd *kp) {
  const sks_analog *p = in->p;
  const bool sq = in->memory == 2;
  const real *ls = in->lsign, *cs = in->cscale;
  for (long c = 0; c < p->nclauses; c++) {
    if (!(c & 65535) && STEP_CUT(in))
      return;
    vd K = SPLAT(cs[c]);
    for (long q = p->cstart[c]; q < p->cstart[c + 1]; q++)
      K *= R(1.0) - ls[q] * s[p->lvar[q]];
    if (sq)
      K = K * K;
    kp[c] = *eUn * K;
  }
}

/* Adds one occurrence o of a spin in a clause of three or more literals
 * (or one) to the sweep's sums: K is the product over the clause's other
 * literals (without the 2^-k factor, which the weight carries), g = wt K^2
 * its weight in the one-spin flow. */
STEP_INLINE void STEP_FN(step_occurrence)(const step_in *in, long o,
                                          const vd *s, const vd *wt, vd *A,
                                          vd *B) {
  const sks_analog *p = in->p;
  vd K = SPLAT(R(1.0));
  for (long x = p->xstart[o]; x < p->xstart[o + 1]; x++)
    K *= R(1.0) - in->xsign[x] * s[p->xvar[x]];
  vd g = wt[p->oclause[o]] * K * K;
  *A += g;
  *B += g * in->ocoef[o];
}

/* One Gauss-Seidel sweep of exact one-spin flows over time h, forward
 * (dir > 0) or backward, with clause weights wt = a e^-U 2^-2k: the
 * clause's factor 2^-k, squared, is folded into its weight once a step
 * instead of into every occurrence (a power of two: the same bits).
 * Spin i relaxes towards s* = B / A as e^(-2 A h); live masks the lanes
 * that run. */
STEP_PASS void STEP_FN(step_sweep)(const step_in *in, vd *s, const vd *wt,
                                   const vd *h, int dir, const vi *live) {
  const sks_analog *p = in->p;
  const int n = p->nact;
  const long *oc = p->oclause, *xs = p->xstart;
  const int *xv = p->xvar;
  const real *xc = in->xsign, *co = in->ocoef;
  for (int k = 0; k < n; k++) {
    if (!(k & 1023) && STEP_CUT(in))
      return;
    int i = dir > 0 ? k : n - 1 - k;
    vd A = {0}, B = {0};
    if (xs) {
      /* The same products and sums in the same order as reading the
       * clauses (below), so the same bits; binary clauses (most of a
       * Sudoku CNF) without an inner loop whose varying trip count the
       * branch predictor cannot follow. */
      long o = p->ostart[i], b0 = p->obin[i], b1 = p->obin_end[i];
      for (; o < b0; o++)
        STEP_FN(step_occurrence)(in, o, s, wt, &A, &B);
      for (; o < b1; o++) {
        long x = xs[o];
        vd K = R(1.0) - xc[x] * s[xv[x]];
        vd g = wt[oc[o]] * K * K;
        A += g;
        B += g * co[o];
      }
      for (; o < p->ostart[i + 1]; o++)
        STEP_FN(step_occurrence)(in, o, s, wt, &A, &B);
    } else {
      /* No sweep table (a problem whose sum k(k-1) is too large; never
       * the lanes'): the clauses themselves. */
      const real *ls = in->lsign;
      for (long o = p->ostart[i]; o < p->ostart[i + 1]; o++) {
        long c = oc[o], pos = p->opos[o];
        vd K = SPLAT(R(1.0));
        for (long q = p->cstart[c]; q < pos; q++)
          K *= R(1.0) - ls[q] * s[p->lvar[q]];
        for (long q = pos + 1; q < p->cstart[c + 1]; q++)
          K *= R(1.0) - ls[q] * s[p->lvar[q]];
        vd g = wt[c] * K * K;
        A += g;
        B += g * R(p->osign[o]);
      }
    }
    vd r = R(2.0) * A * *h, e;
#if STEP_FLOAT
    /* the polynomial exp, in the vector */
    (void)live;
    vd mr = -r;
    vfast_exp(&e, &mr);
#else
    /* libm's exp lane by lane, in a loop of its own over memory (a call
     * clobbers every vector register); below -745.2 exp underflows to 0
     * through libm's slow path, so it is not called there and the relaxed
     * spin is s* exactly. */
    vi go = (A > 0) & VNOT(r > 746.0) & *live;
    double rr[LANES], ex[LANES];
    int64_t gg[LANES];
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

/* The error norm's part over d entries: the largest |e| / (atol + rtol
 * max(|y|, |yn|)) into worst, with e = yn - yl (diff) or e itself in yl;
 * bad is set where a ratio is NaN or a new value not finite (x - x is 0
 * only for finite x).  Branch-free, so it pipelines. */
STEP_INLINE void STEP_FN(step_norm)(const step_in *in, const vd *y,
                                    const vd *yn, const vd *yl, long d,
                                    bool diff, vd *worst, vi *bad) {
  const real atol = in->atol, rtol = in->rtol;
  vd wo = *worst;
  vi b = *bad;
  for (long i = 0; i < d; i++) {
    vd e = yl[i];
    if (diff)
      e = yn[i] - e;
    vd ay = VABS(y[i]), an = VABS(yn[i]);
    vd sc = atol + rtol * VBLEND(ay > an, ay, an);
    vd r = VABS(e) / sc;
    wo = VBLEND(r > wo, r, wo);
    b |= (r != r) | ((yn[i] - yn[i]) != R(0.0));
  }
  *worst = wo;
  *bad = b;
}

/* The splitting step of size h (per lane; hh = h / 2, U the time offset,
 * eUn = e^-U) from (s, u) into (ss, us), with its error norm per lane in
 * err, infinite for NaN or inf.  Strang: half a weight step, a forward
 * and a backward sweep of h/2 each (a symmetric composition, order 2),
 * half a weight step; the error estimate is the distance to the Lie step
 * (weights h, one forward sweep h), O(h^2).  False when the clock cut it
 * short (one run at a time only): the state is then half made. */
STEP_INLINE bool STEP_FN(split_step)(const step_in *in, const step_state *st,
                                     const vd *h, const vd *hh, const vd *U,
                                     const vd *eUn, const vi *live,
                                     double *err) {
  const sks_analog *p = in->p;
  const int n = p->nact;
  const long m = p->nclauses;
  STEP_FN(step_kp)(in, st->s, eUn, st->kp);
  STEP_COUNT(in, 1);
  if (STEP_WAS_CUT(in))
    return false;
  memcpy(st->ss, st->s, (size_t)n * sizeof *st->ss);
  memcpy(st->sl, st->s, (size_t)n * sizeof *st->sl);
  for (long c = 0; c < m; c++) {
    st->us[c] = st->u[c] + *hh * st->kp[c];
    st->ul[c] = st->u[c] + *h * st->kp[c];
  }
  /* The weights in loops of their own, with U in a local (a store through
   * ws could alias it), so they vectorise; each carries its clause's
   * 2^-2k (see the sweep). */
  const vd Uv = *U;
  const real *sc2 = in->cscale2;
  for (long c = 0; c < m; c++) {
    vd x = st->us[c] - Uv, e;
    vfast_exp(&e, &x);
    st->ws[c] = e * sc2[c];
  }
  for (long c = 0; c < m; c++) {
    vd x = st->ul[c] - Uv, e;
    vfast_exp(&e, &x);
    st->wl[c] = e * sc2[c];
  }
  STEP_FN(step_sweep)(in, st->ss, st->ws, hh, 1, live);
  STEP_FN(step_sweep)(in, st->ss, st->ws, hh, -1, live);
  STEP_FN(step_sweep)(in, st->sl, st->wl, h, 1, live);
  STEP_COUNT(in, 3);
  STEP_FN(step_kp)(in, st->ss, eUn, st->kp);
  STEP_COUNT(in, 1);
  if (STEP_WAS_CUT(in))
    return false;
  for (long c = 0; c < m; c++)
    st->us[c] += *hh * st->kp[c];
  vd worst = {0};
  vi bad = {0};
  STEP_FN(step_norm)(in, st->s, st->ss, st->sl, n, true, &worst, &bad);
  STEP_FN(step_norm)(in, st->u, st->us, st->ul, m, true, &worst, &bad);
  real wl[LANES];
  ireal bl[LANES];
  memcpy(wl, &worst, sizeof wl);
  memcpy(bl, &bad, sizeof bl);
  for (int l = 0; l < LANES; l++)
    err[l] = bl[l] ? INFINITY : (double)wl[l];
  return true;
}
