/* The analog solver's restarts on a Luby schedule, the seed portfolio on
 * threads (first to finish wins), and the escape-rate hardness rating. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"
#include "require_int.h"
#include "stack_int.h"

#include <time.h>

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
 * fewer puzzles were solved the earlier the restarts (docs/analog.md). */
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
  sks_analog_work_init(&w, st->a, opt);
  w.stop = st->stop;
  w.trace = st->j == 0 ? opt->trace : NULL;
  sks_analog_trace_header(&w);
  double base = opt->restart_base ? opt->restart_base : DEFAULT_RESTART;
  st->status = SKS_UNKNOWN;
  for (unsigned long r = 0;; r++) {
    long long used = (long long)(w.steps + w.rejected);
    if (st->max_steps > 0 && used >= st->max_steps)
      break;
    uint64_t sd = sks_analog_seed(st->seed, st->j, r);
    w.run = (long)r;
    int status = sks_analog_trajectory(
        &w, sd, base > 0 ? base * luby(r + 1) : 0,
        st->max_steps > 0 ? st->max_steps - used : 0, st->deadline);
    st->res.analog_time += w.t;
    st->res.t = w.t;
    st->res.seed = sd;
    if (status == SKS_SAT) {
      pthread_mutex_lock(&st->a->lock);
      if (!atomic_exchange(st->stop, 1)) {
        sks_analog_copy_model(st->a, &w);
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
  sks_analog_work_free(&w);
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
  /* A step budget is the puzzle's, shared among the streams. */
  long long budget = lim ? lim->max_steps : 0;
  if (budget > 0 && nt > budget)
    nt = (int)budget;
  stream *st = sks_calloc((size_t)nt, sizeof *st);
  pthread_t *tid = sks_calloc((size_t)nt, sizeof *tid);
  atomic_int stop = 0;
  for (int j = 0; j < nt; j++) {
    st[j].a = a;
    st[j].opt = opt;
    st[j].seed = seed;
    st[j].j = (unsigned)j;
    st[j].deadline = lim && lim->time_limit > 0 ? start + lim->time_limit : 0;
    st[j].max_steps = budget > 0 ? budget / nt + (j < budget % nt) : 0;
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

static void *rater_main(void *arg) {
  rate_job *rt = arg;
  if (sks_analog_lanes_fit(rt->a, rt->opt) && sks_analog_lanes_pay(rt->opt)) {
    sks_analog_rate_lanes(rt);
    return NULL;
  }
  work w;
  sks_analog_work_init(&w, rt->a, rt->opt);
  for (;;) {
    int r = sks_analog_rate_next(rt);
    if (r < 0)
      break;
    double deadline = rt->seconds > 0 ? sks_time() + rt->seconds : 0;
    int status = sks_analog_trajectory(
        &w, sks_analog_seed(rt->seed, 0, (uint64_t)r), rt->tmax, 0, deadline);
    sks_analog_rate_end(rt, r, fmin(w.t, rt->tmax), status == SKS_SAT);
  }
  sks_analog_work_free(&w);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Ratings that share threads. */

struct sks_analog_group {
  pthread_mutex_t lock;
  pthread_cond_t cv; /* a rating published, or a helper done */
  rate_job *jobs;    /* the ratings under way */
};

sks_analog_group *sks_analog_group_new(void) {
  sks_analog_group *g = sks_calloc(1, sizeof *g);
  pthread_mutex_init(&g->lock, NULL);
  pthread_cond_init(&g->cv, NULL);
  return g;
}

void sks_analog_group_delete(sks_analog_group *g) {
  if (!g)
    return;
  sks_require(!g->jobs, "a rating of the group is under way");
  pthread_mutex_destroy(&g->lock);
  pthread_cond_destroy(&g->cv);
  free(g);
}

/* Under g->lock: a rating with a run left to start. */
static rate_job *group_pick(sks_analog_group *g) {
  for (rate_job *j = g->jobs; j; j = j->nx)
    if (!sks_analog_rate_drained(j))
      return j;
  return NULL;
}

bool sks_analog_group_help(sks_analog_group *g, double wait) {
  sks_require(g, "NULL group");
  bool any = false;
  double until = sks_time() + wait;
  pthread_mutex_lock(&g->lock);
  for (;;) {
    rate_job *j = group_pick(g);
    if (!j) {
      double now = sks_time();
      if (any || now >= until)
        break;
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      double dt = until - now;
      ts.tv_sec += (time_t)dt;
      ts.tv_nsec += (long)((dt - (double)(time_t)dt) * 1e9);
      if (ts.tv_nsec >= 1000000000L)
        ts.tv_sec++, ts.tv_nsec -= 1000000000L;
      pthread_cond_timedwait(&g->cv, &g->lock, &ts);
      continue;
    }
    j->helpers++;
    pthread_mutex_unlock(&g->lock);
    rater_main(j);
    any = true;
    pthread_mutex_lock(&g->lock);
    j->helpers--;
    pthread_cond_broadcast(&g->cv);
  }
  pthread_mutex_unlock(&g->lock);
  return any;
}

static void group_publish(sks_analog_group *g, rate_job *rt) {
  pthread_mutex_lock(&g->lock);
  rt->nx = g->jobs;
  g->jobs = rt;
  pthread_cond_broadcast(&g->cv);
  pthread_mutex_unlock(&g->lock);
}

/* Takes rt off the list and waits for its helpers' runs to end. */
static void group_withdraw(sks_analog_group *g, rate_job *rt) {
  pthread_mutex_lock(&g->lock);
  rate_job **at = &g->jobs;
  while (*at != rt)
    at = &(*at)->nx;
  *at = rt->nx;
  while (rt->helpers)
    pthread_cond_wait(&g->cv, &g->lock);
  pthread_mutex_unlock(&g->lock);
}

/* Solved runs that put eta's 95% interval within +-width: kappa's
 * estimate from k solved runs has a relative standard error of about
 * 1 / sqrt(k), so eta's (log10) about log10(e) / sqrt(k). */
int sks_analog_rate_events(double width) {
  if (!(width > 0))
    return 0;
  double k = 1.959964 * 0.4342945 / width;
  return (int)ceil(k * k);
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
  return sks_analog_rate_runs(a, opt, seed, runs, tmax, seconds, threads, out,
                              NULL, NULL);
}

int sks_analog_rate_runs(sks_analog *a, const sks_analog_options *opt,
                         unsigned long long seed, int runs, double tmax,
                         double seconds, int threads, sks_analog_rating *out,
                         double *run_t, bool *run_solved) {
  sks_require(a && out && runs > 0 && tmax > 0, "bad argument");
  sks_analog_options def;
  if (!opt)
    sks_analog_options_init(&def), opt = &def;
  double start = sks_time();
  rate_job rt = {.a = a,
                 .opt = opt,
                 .seed = seed,
                 .runs = runs,
                 .tmax = tmax,
                 .seconds = seconds};
  atomic_init(&rt.next, 0);
  atomic_init(&rt.limit, runs);
  rt.stop_events = sks_analog_rate_events(opt->rate_width);
  pthread_mutex_init(&rt.lock, NULL);
  rt.done = sks_calloc((size_t)runs, 1);
  rt.t = sks_calloc((size_t)runs, sizeof *rt.t);
  rt.solved = sks_calloc((size_t)runs, 1);
  int nt = threads > 1 ? (threads < runs ? threads : runs) : 1;
  pthread_t *tid = sks_calloc((size_t)nt, sizeof *tid);
  bool *ok = sks_calloc((size_t)nt, sizeof *ok);
  for (int j = 1; j < nt; j++)
    ok[j] = !pthread_create(&tid[j], NULL, rater_main, &rt);
  if (opt->group)
    group_publish(opt->group, &rt);
  rater_main(&rt);
  for (int j = 1; j < nt; j++)
    if (ok[j])
      pthread_join(tid[j], NULL);
  if (opt->group)
    group_withdraw(opt->group, &rt);
  memset(out, 0, sizeof *out);
  runs = atomic_load(&rt.limit);
  out->runs = runs;
  out->stopped = runs < rt.runs;
  out->tmax = tmax;
  for (int r = 0; r < runs; r++) {
    out->solved += rt.solved[r];
    out->exposure += rt.t[r];
    if (run_t)
      run_t[r] = rt.t[r];
    if (run_solved)
      run_solved[r] = rt.solved[r];
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
      int q = (int)(sks_rand_unit(&rng) * runs);
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
  free(rt.done);
  pthread_mutex_destroy(&rt.lock);
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
