/* Private to the analog solver: the problem's layout, a trajectory's
 * working state, and what its files call in one another.  Calls run one
 * way: analog_portfolio.c -> analog.c -> analog_integrate.c ->
 * analog_rhs.c.  The splitting step is one source, analog_step_int.h,
 * compiled for one run (analog_integrate.c) and for the rating's lanes
 * (analog_lanes_int.h). */
#ifndef SKS_ANALOG_INT_H
#define SKS_ANALOG_INT_H

#include "random_int.h"
#include "sks_analog.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* The problem, read-only while solving.  Clause m holds literals
 * lvar/lsign[cstart[m] .. cstart[m+1]); occurrences of variable i (for the
 * incremental sign check) are oclause/osign[ostart[i] .. ostart[i+1]).
 * Variables are the dense spin indices 0..nact-1.  The same clauses over
 * CNF variables, each ended by 0, are lits[0 .. lits_n): what the full
 * check of a model reads. */
struct sks_analog {
  int nvars;   /* of the CNF, for the model */
  int nact;    /* variables that occur: the spins, densely numbered */
  int *var_of; /* spin index -> CNF variable */
  long nclauses, nlits;
  long bin_lo, bin_hi; /* the binary clauses are bin_lo .. bin_hi-1 */
  int maxlen;
  bool empty; /* an empty clause: nothing satisfies it */
  int *lits;
  size_t lits_n;
  long *cstart;
  int *lvar;      /* 0-based variable */
  double *lsign;  /* c_mi = +1 / -1 */
  double *cscale; /* 2^-k_m */
  long *ostart;
  long *oclause;
  long *opos; /* the occurrence's literal index in lvar/lsign */
  signed char *osign;
  /* The splitting sweep's table: for occurrence o, the other literals of
   * its clause in clause order, xvar/xsign[xstart[o] .. xstart[o+1]), so
   * the sweep reads one contiguous run per spin instead of chasing clause
   * offsets.  NULL when sum k(k-1) is too large; the sweep then reads the
   * clauses. */
  long *xstart;
  int *xvar;
  double *xsign;
  /* Spin i's occurrences in binary clauses are obin[i] .. obin_end[i]
   * (contiguous: clauses are sorted by length), so the sweep takes them in
   * a loop without an inner one; ocoef[o] is osign[o] as a double. */
  long *obin, *obin_end;
  double *ocoef;
  signed char *model; /* 1..nvars after SKS_SAT */
  pthread_mutex_t lock;
};

/* ------------------------------------------------------------------ */
/* A trajectory's working state.  The state vector y is s (nvars spins)
 * then u (nclauses log weights); it evolves in the re-parametrised time
 * tau, dtau = e^U dt, which keeps every derivative bounded however large
 * the weights grow:
 *   ds_i/dtau = sum_m 2 e^(u_m - U) c_mi K_mi K_m
 *   du_m/dtau = e^-U K_m^p                        dt/dtau = e^-U   */

enum { NSTAGE = 6 };

typedef struct work work;

/* An integrator: what differs by method, one row each in analog.c's table,
 * indexed by sks_analog_method. */
struct method {
  sks_analog_method id;
  const char *names[2]; /* the first is the one sks_analog_method_name gives */
  int nnames;
  double (*step)(work *w, double h); /* NULL: the default's names only */
  /* Default rtol and atol, by measurement (docs/analog.md): the splitting
   * step is stable at any size, so only accuracy holds it, and at 2e-1 it
   * covers several times the analog time per second of RKC at 1e-2 with
   * the same escape-time statistics (2e-1 against 1e-1: the rating's
   * intervals overlap on an easy, a 17-clue and a very hard puzzle, and
   * time to solution is shorter; 5e-1 shifts the rating); RKC's
   * steps grow only like sqrt(1/max a) and Cash-Karp's are held by
   * stability whatever the tolerance. */
  double tol;
  /* Step-size control from a trial step's error norm e, the exponents set
   * by each error estimate's order: a rejection scales h by
   * 0.9 e^reject_pow within [0.1, 0.5], an acceptance by
   * accept_safety e^accept_pow within [0.2, max_growth]. */
  double reject_pow, accept_safety, accept_pow, max_growth;
  /* RKC: an accepted step's F(ynew) is the next step's F(y), and a
   * rejection forces a new spectral radius estimate. */
  bool carries_f;
};

struct work {
  const sks_analog *p;
  int memory;
  const struct method *method;
  double rtol, atol;
  size_t dim;
  double *y, *ynew, *err, *k[NSTAGE], *tmp;
  double *w;       /* e^(u_m - U), per clause */
  double *cscale2; /* the splitting step's 2^-2k_m, per clause */
  double *pre;     /* prefix products, maxlen + 1 */
  double *eig;     /* RKC: last dominant direction */
  double *f0, *f1; /* RKC: F(y), F(ynew) */
  bool f0ok;       /* f0 holds F(y) at the current U */
  double rho;      /* RKC: spectral radius estimate (tau units) */
  long rho_age;
  signed char *sign;  /* current sign assignment, by 0-based var */
  signed char *model; /* by CNF var: the full check's scratch */
  int *ntrue;         /* true literals per clause under sign */
  long nunsat;
  double U, t, h; /* h in tau units */
  unsigned long long steps, rejected, rhs;
  FILE *trace;
  long trace_every;
  long run;
  const atomic_int *stop;
  /* A big problem's step looks at the clock inside its long loops
   * (sks_analog_cut): past deadline (0 = not looked at) it gives up and
   * sets cut, and the trajectory ends without taking the step. */
  double deadline;
  bool cut;
};

/* Whether the step under way must give up: w->deadline has passed.  The
 * state y is untouched until a step is accepted, so a step left half done
 * changes nothing. */
static inline bool sks_analog_cut(work *w) {
  if (!w->cut && w->deadline > 0 && sks_time() >= w->deadline)
    w->cut = true;
  return w->cut;
}

void sks_analog_work_init(work *w, const sks_analog *p,
                          const sks_analog_options *opt);
void sks_analog_work_free(work *w);

/* The splitting step's weight loops (polynomial exps, error norm) are
 * vectorised; on x86-64 the step is compiled for AVX-512F and AVX2 too and
 * the CPU's best is picked at load time.  analog_integrate.c is built
 * with -ffp-contract=off, so no clone fuses a multiply and an add: every
 * clone does the same IEEE operations and trajectories stay the same bit
 * for bit (checked with gcc and clang: equal step counts and analog times
 * against the plain build); less time per step where the CPU has them
 * (BENCHMARKS.md, "Figures from the code's comments"). */
/* Under a sanitizer the clones are off: the ifunc resolver runs before the
 * sanitizer's runtime is up (ThreadSanitizer dies in it before main). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SKS_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||     \
    __has_feature(memory_sanitizer)
#define SKS_SANITIZED 1
#endif
#endif
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__) &&          \
    !defined(SKS_SANITIZED)
#define SKS_VECTOR_CLONES                                                      \
  __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define SKS_VECTOR_CLONES
#endif

/* e^x for x <= ~0 in a form the compiler vectorises: x = n ln2 + r,
 * |r| <= ln2/2, a degree-9 Taylor polynomial (relative error < 1e-11),
 * and 2^n built in the exponent bits.  x is clamped to [-700, 700]: below,
 * it returns e^-700, a weight 1e-304 of the largest, which adds nothing.
 *
 * Written once over T, a double or a vector of doubles: ABS(v) is |v|
 * (branch-free), BITS(v) v's bits as unsigned 64-bit integers, REAL(b)
 * such bits as T.  fast_exp below is it on one double; the rating's
 * double lanes (analog_step_int.h) take it on their vectors, the same
 * operations, so the same bits. */
#define SKS_ANALOG_EXP(out, in, T, ABS, BITS, REAL)                            \
  do {                                                                         \
    /* clamp to [-700, 700] with ABS, which vectorises (a ternary does not     \
     * under strict IEEE semantics); off by ~1e-13 absolute, harmless */       \
    T x_ = (in);                                                               \
    x_ = 0.5 * (x_ - 700.0 + ABS(x_ + 700.0));                                 \
    x_ = 0.5 * (x_ + 700.0 - ABS(x_ - 700.0));                                 \
    /* t = 1.5 * 2^52 + n rounds x / ln2 to the nearest n without a libm       \
     * call, and its low mantissa bits hold n for the exponent field. */       \
    T t_ = x_ * 1.4426950408889634 + 0x1.8p52;                                 \
    T n_ = t_ - 0x1.8p52;                                                      \
    T r_ = x_ - n_ * 0.6931471803691238 - n_ * 1.9082149292705877e-10;         \
    T q_ = r_ * (1.0 / 362880) + 1.0 / 40320; /* degree 9 */                   \
    q_ = q_ * r_ + 1.0 / 5040;                                                 \
    q_ = q_ * r_ + 1.0 / 720;                                                  \
    q_ = q_ * r_ + 1.0 / 120;                                                  \
    q_ = q_ * r_ + 1.0 / 24;                                                   \
    q_ = q_ * r_ + 1.0 / 6;                                                    \
    q_ = q_ * r_ + 0.5;                                                        \
    q_ = q_ * r_ + 1.0;                                                        \
    q_ = q_ * r_ + 1.0;                                                        \
    (out) = q_ * REAL((BITS(t_) + 1023) << 52);                                \
  } while (0)

static inline uint64_t sks_analog_bits(double x) {
  uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

static inline double sks_analog_real(uint64_t b) {
  double x;
  memcpy(&x, &b, sizeof x);
  return x;
}

static inline double fast_exp(double x) {
  double e;
  SKS_ANALOG_EXP(e, x, double, fabs, sks_analog_bits, sks_analog_real);
  return e;
}

/* dy = F(y), the explicit methods' right-hand side (analog_rhs.c). */
void sks_analog_rhs(work *w, const double *y, double *dy);

/* Trial steps of size h (tau units) from w->y into w->ynew; each returns
 * the error norm, infinite for NaN or inf (analog_integrate.c). */
double sks_analog_step_cash_karp(work *w, double h);
double sks_analog_step_rkc(work *w, double h);
double sks_analog_step_split(work *w, double h);

/* The sign check's counters (analog.c), one run's: ntrue[c] true literals
 * of clause c under sign (by spin, +1 / -1), made anew; returns how many
 * clauses have none. */
long sks_analog_signs_count(const sks_analog *p, const signed char *sign,
                            int *ntrue);

/* Spin i's sign turns to sg: sign and the counters of its clauses follow,
 * *nunsat with them.  After a step only spins whose sign flipped are
 * visited. */
static inline void sks_analog_sign_flip(const sks_analog *p, int i,
                                        signed char sg, signed char *sign,
                                        int *ntrue, long *nunsat) {
  sign[i] = sg;
  for (long o = p->ostart[i]; o < p->ostart[i + 1]; o++) {
    long c = p->oclause[o];
    if (p->osign[o] == sg) {
      if (!ntrue[c]++)
        (*nunsat)--;
    } else if (!--ntrue[c])
      (*nunsat)++;
  }
}

/* The step-size control after a trial step of size h (tau units) with
 * error norm e, for one run and for each lane: the next h after a
 * rejection (e > 1, or NaN), and after an acceptance (h already rescaled
 * to a raised time offset). */
static inline double sks_analog_h_rejected(const struct method *m, double e,
                                           double h) {
  double f = isfinite(e) ? 0.9 * pow(e, m->reject_pow) : 0.25;
  return h * fmin(0.5, fmax(0.1, f));
}

static inline double sks_analog_h_accepted(const struct method *m, double e,
                                           double h) {
  double f = e > 0 ? m->accept_safety * pow(e, m->accept_pow) : 10.0;
  return h * fmin(m->max_growth, fmax(0.2, f));
}

/* One trajectory from one seed, no restart (analog.c): SKS_SAT at the first
 * accepted step whose signs satisfy every clause, else SKS_UNKNOWN at tmax,
 * max_steps or the deadline (each 0 = none) or when *w->stop is set. */
int sks_analog_trajectory(work *w, uint64_t seed, double tmax,
                          long long max_steps, double deadline);
/* sks_analog_trajectory's loop from the state in w (y, U, t, h, the sign
 * counters), nsteps trial steps into the run (for the clock): what the
 * rating's lanes hand their last runs to. */
int sks_analog_trajectory_resume(work *w, double tmax, long long max_steps,
                                 double deadline, long long nsteps);
/* The CSV header for w->trace (nothing when it is NULL). */
void sks_analog_trace_header(const work *w);
/* After SKS_SAT from w: the model into a->model. */
void sks_analog_copy_model(sks_analog *a, const work *w);
/* The full check before SAT is claimed: the model that sign (by spin)
 * gives, written into model (by CNF variable, nvars + 1 entries), against
 * every clause kept. */
bool sks_analog_signs_satisfy(const sks_analog *p, const signed char *sign,
                              signed char *model);

/* The seed of run r of stream j: the user's seed itself for the first run
 * of the first stream, so `--seed S` names that run exactly. */
static inline uint64_t sks_analog_seed(uint64_t seed, uint64_t j, uint64_t r) {
  if (!j && !r)
    return seed;
  uint64_t x = seed ^ (j * 0xD1B54A32D192ED03ull) ^ (r * 0xABC98388FB8FAC03ull);
  return sks_rand64(&x);
}

/* The rating's runs, shared by its threads: run r starts from
 * sks_analog_seed(seed, 0, r); each thread takes the next run from `next`
 * and writes where it ended (t, at most tmax) and whether it was solved. */
typedef struct rate_job {
  sks_analog *a;
  const sks_analog_options *opt;
  uint64_t seed;
  int runs;
  double tmax, seconds;
  atomic_int next;
  double *t;
  signed char *solved;
  /* The stopping rule (sks_analog_options.rate_width): the rating counts
   * runs 0 .. limit-1, limit the first count whose runs have stop_events
   * solved among them (in run order, so whichever thread ends which run
   * first, the same runs count); runs at or past limit are dropped. */
  int stop_events; /* 0: every run counts */
  atomic_int limit;
  pthread_mutex_t lock; /* done, prefix, prefix_solved */
  signed char *done;
  int prefix, prefix_solved;
  int helpers;         /* group threads in it (under the group's lock) */
  struct rate_job *nx; /* the group's list */
} rate_job;

/* The rating's runs in vector lanes (analog_lanes.c): true when opt's
 * integrator is the splitting step and the problem has the sweep's table,
 * and then sks_analog_rate_lanes gives every run the trajectory
 * sks_analog_trajectory would, bit for bit. */
bool sks_analog_lanes_fit(const sks_analog *a, const sks_analog_options *opt);
/* Whether this CPU runs opt's lanes faster than one run at a time (the
 * double lanes need AVX2; see analog_lanes_int.h). */
bool sks_analog_lanes_pay(const sks_analog_options *opt);
void sks_analog_rate_lanes(rate_job *job);
/* The two precisions (analog_lanes.c, analog_lanes_float.c). */
void sks_analog_rate_lanes_double(rate_job *job);
void sks_analog_rate_lanes_float(rate_job *job);

/* The next run to start, or -1 when none is left. */
static inline int sks_analog_rate_next(rate_job *job) {
  int r = atomic_fetch_add(&job->next, 1);
  return r < atomic_load(&job->limit) ? r : -1;
}

/* Whether every run has been started. */
static inline bool sks_analog_rate_drained(rate_job *job) {
  return atomic_load(&job->next) >= atomic_load(&job->limit);
}

/* Whether run r no longer counts (the stopping rule ended the rating
 * before it): its lane may drop it. */
static inline bool sks_analog_rate_dropped(rate_job *job, int r) {
  return r >= atomic_load_explicit(&job->limit, memory_order_relaxed);
}

/* Run r ended at analog time t (at most tmax), solved or not
 * (analog_rate_job.c): recorded, and the stopping rule applied. */
void sks_analog_rate_end(rate_job *job, int r, double t, bool solved);

#endif
