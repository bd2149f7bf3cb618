/* sudokusat analog solver: the continuous-time dynamics of Ercsey-Ravasz and
 * Toroczkai on any CNF, with restarts, a seed portfolio and a hardness rating.
 * Nothing here prints; a trace goes to a stream the caller owns. */
#ifndef SKS_ANALOG_H
#define SKS_ANALOG_H

#include "sks_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Integrators (sks_analog_options.method; sks_solver_options.analog_method). */
typedef enum sks_analog_method {
  SKS_ANALOG_DEFAULT = 0,   /* the measured best: see docs/analog.md */
  SKS_ANALOG_CASH_KARP = 1, /* adaptive explicit Runge-Kutta 4(5) */
  SKS_ANALOG_RKC = 2,       /* stabilised explicit Runge-Kutta-Chebyshev 2 */
  SKS_ANALOG_SPLIT = 3      /* Strang splitting: exact weight flow, exact
                               one-spin flows in a symmetric Gauss-Seidel
                               sweep; stable at any step */
} sks_analog_method;

/* How a rating advances its runs (sks_analog_options.lanes), where the
 * integrator allows lanes (the splitting step): */
enum {
  SKS_ANALOG_LANES_DOUBLE = 0, /* 4 runs a vector in double precision:
                                  the trajectories of one run at a time,
                                  bit for bit */
  SKS_ANALOG_LANES_FLOAT = 1,  /* 8 runs a vector in single precision
                                  (default): other trajectories, the same
                                  ratings by the calibrated test
                                  (docs/analog.md) */
  SKS_ANALOG_LANES_OFF = -1    /* one run at a time */
};

/* Ratings that share threads (see sks_analog_group_help). */
typedef struct sks_analog_group sks_analog_group;

typedef struct sks_analog_options {
  int memory;              /* 1: da/dt = a K (published, default); 2: a K^2 */
  int method;              /* sks_analog_method */
  double rtol, atol;       /* local error tolerances; 0 = defaults */
  double restart_base;     /* Luby restarts in analog time; 0 = default,
                              < 0 = never restart */
  int threads;             /* seed portfolio on one problem; 0/1 = one */
  FILE *trace;             /* CSV rows, or NULL (portfolio: thread 0 only) */
  long trace_every;        /* a row every K accepted steps (0 = 100) */
  int lanes;               /* rating: SKS_ANALOG_LANES_* */
  double rate_width;       /* rating: stop starting runs once eta's 95% interval
                              is about +-rate_width (default
                              SKS_ANALOG_RATE_WIDTH; 0: always every run);
                              see sks_analog_rate */
  sks_analog_group *group; /* rating: offer the runs not yet started to
                              the group's idle threads (NULL: none) */
} sks_analog_options;

/* Defaults for every field. */
void sks_analog_options_init(sks_analog_options *opt);
/* Method by name ("ck", "cash-karp", "rkc", "split", "" = default); -1 if
 * unknown. */
int sks_analog_method_parse(const char *name);
const char *sks_analog_method_name(int method);

/* A problem: the CNF in flat CSR arrays with duplicate literals, duplicate
 * clauses and tautologies removed.  Read-only while solving, so threads
 * share it.  The caller keeps ownership of cnf; the problem copies it. */
typedef struct sks_analog sks_analog;

sks_analog *sks_analog_new(const sks_cnf *cnf);
/* The same, or NULL once sks_time() passes deadline (0 = none) during the
 * set-up (looked at every 2^16 clauses and between the clause sort's
 * runs: a CNF of 7 million clauses takes seconds). */
sks_analog *sks_analog_new_until(const sks_cnf *cnf, double deadline);
void sks_analog_delete(sks_analog *a); /* NULL is a no-op */
int sks_analog_nvars(const sks_analog *a);
long sks_analog_nclauses(const sks_analog *a); /* after deduplication */
long sks_analog_nlits(const sks_analog *a);

typedef struct sks_analog_result {
  int status;                  /* SKS_SAT or SKS_UNKNOWN, never UNSAT */
  double t;                    /* analog time of the run that ended */
  unsigned long long seed;     /* that run's seed */
  unsigned long long steps;    /* accepted steps, all runs */
  unsigned long long rejected; /* rejected trial steps */
  unsigned long long rhs;      /* right-hand-side evaluations */
  unsigned long long restarts;
  double analog_time; /* summed over all runs */
  double seconds;     /* wall time */
} sks_analog_result;

/* One trajectory from one seed, no restart: stops at the first accepted
 * step whose signs satisfy every clause (SKS_SAT), or at analog time tmax,
 * max_steps accepted+rejected steps or `seconds` of wall time (each 0 =
 * none) with SKS_UNKNOWN. */
int sks_analog_run(sks_analog *a, const sks_analog_options *opt,
                   unsigned long long seed, double tmax, long long max_steps,
                   double seconds, sks_analog_result *res);

/* Restarts from new seeds on a Luby schedule and, with opt->threads > 1,
 * that many independent seed streams in parallel (first to finish wins).
 * lim: wall seconds and steps per thread (0 = none). */
int sks_analog_solve(sks_analog *a, const sks_analog_options *opt,
                     unsigned long long seed, const sks_limits *lim,
                     sks_analog_result *res);

/* After SKS_SAT: by var 1..nvars, +1 true, -1 false.  Every clause of the
 * problem is satisfied by it (checked before it is returned). */
const signed char *sks_analog_model(const sks_analog *a);

/* Hardness: eta = -log10 kappa, kappa the escape rate estimated from `runs`
 * runs from random starts, each with analog-time budget tmax (censored
 * maximum likelihood kappa = solved / sum min(t_r, tmax)), with a 95%
 * percentile bootstrap interval over the runs.  No run solved: kappa = 0
 * and eta = +inf; eta_lo is then the bound -log10(1 / exposure). */
typedef struct sks_analog_rating {
  double eta, eta_lo, eta_hi, kappa;
  int runs, solved;      /* runs counted: fewer than asked when stopped */
  bool stopped;          /* the interval was narrow enough before every run */
  double tmax, exposure; /* exposure = sum min(t_r, tmax) */
  double seconds;
} sks_analog_rating;

enum { SKS_ANALOG_RATE_RUNS = 32 };
#define SKS_ANALOG_RATE_TMAX 1000.0
#define SKS_ANALOG_RATE_WIDTH 0.2 /* 19 solved runs */

/* threads: runs in parallel; seconds: wall cap per run (0 = none; a run
 * stopped by it is censored at the analog time it reached).  With
 * opt->rate_width > 0 the rating stops early: it counts runs 0 .. n-1 for
 * the first n at which K = ceil((1.96 log10(e) / rate_width)^2) of them
 * have solved (K = 19 for 0.2), or all `runs`; runs started past n are
 * dropped.  The rule looks at the runs in their order, so it is a
 * sequential test on independent runs (the rating does not depend on which
 * ran first) and the same on any number of threads. */
int sks_analog_rate_events(double width); /* that K (0 for width 0) */
int sks_analog_rate(sks_analog *a, const sks_analog_options *opt,
                    unsigned long long seed, int runs, double tmax,
                    double seconds, int threads, sks_analog_rating *r);
/* The same, and each run's end: run_t[r] the analog time run r was
 * solved at (or stopped at, at most tmax), run_solved[r] whether it was
 * solved (arrays of runs entries, either may be NULL): the escape-rate
 * picture's data. */
int sks_analog_rate_runs(sks_analog *a, const sks_analog_options *opt,
                         unsigned long long seed, int runs, double tmax,
                         double seconds, int threads, sks_analog_rating *r,
                         double *run_t, bool *run_solved);
/* A group of ratings under way on several threads (a batch's puzzles):
 * a thread with nothing else to do helps them, taking runs that are not
 * yet started.  Every run's trajectory is its own whoever runs it, so a
 * rating is the same with or without help. */
sks_analog_group *sks_analog_group_new(void);
void sks_analog_group_delete(sks_analog_group *g); /* NULL is a no-op */
/* Runs the group's ratings' runs not yet started, until none is left;
 * when there is none to start, waits up to `wait` seconds for a rating
 * that has some.  Returns whether it ran any. */
bool sks_analog_group_help(sks_analog_group *g, double wait);

/* easy (eta <= 1), medium (<= 2), hard (<= 3), ultra-hard. */
const char *sks_analog_label(double eta);

/* Nanoseconds per literal occurrence of one right-hand-side evaluation at a
 * random state, the median of `reps` timed blocks (benchmarks). */
double sks_analog_rhs_ns(const sks_analog *a, int reps);

#ifdef __cplusplus
}
#endif
#endif
