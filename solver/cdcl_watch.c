/* A search on an instance of its own, watched from outside: the engine
 * searches on a thread (with others racing it on more threads when the
 * caller has them, sks_cdcl_race) while the caller waits until the
 * deadline (plus WATCH_GRACE).  An engine that has not returned by then
 * is in a phase that does not look at its terminate callback (CaDiCaL's
 * garbage collection copies every clause of a 225x225's 7 million, a
 * second and more): the caller answers SKS_UNKNOWN on time and the thread
 * keeps the instance, returns when the engine does and frees it.  An
 * instance freed after a search that ran out of time is freed on a thread
 * of its own too (sks_cdcl_retire), so that neither the answer nor the
 * process waits for the freeing of a gigabyte of clauses. */
#define _POSIX_C_SOURCE 200809L
#include "cdcl_int.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

/* How long past the deadline the engine may take to notice it. */
#define WATCH_GRACE 0.01

/* A lock and a condition whose timed waits are on sks_time's clock. */
static void lock_init(pthread_mutex_t *lock, pthread_cond_t *cv) {
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_mutex_init(lock, NULL);
  pthread_cond_init(cv, &ca);
  pthread_condattr_destroy(&ca);
}

/* The monotonic time t (sks_time's clock) as a timespec. */
static struct timespec at(double t) {
  struct timespec ts;
  ts.tv_sec = (time_t)t;
  ts.tv_nsec = (long)((t - (double)ts.tv_sec) * 1e9);
  if (ts.tv_nsec >= 1000000000L) {
    ts.tv_sec++;
    ts.tv_nsec -= 1000000000L;
  }
  return ts;
}

typedef struct retiree {
  const sks_engine *eng;
  void *e;
} retiree;

static void *retire_main(void *data) {
  retiree *r = data;
  sks_stats ignored = {0};
  r->eng->release(r->e, &ignored);
  free(r);
  return NULL;
}

void sks_cdcl_retire(const sks_engine *eng, void *e, sks_stats *st) {
  eng->stats(e, st); /* its counters, before the instance leaves */
  retiree *r = sks_malloc(sizeof *r);
  r->eng = eng;
  r->e = e;
  pthread_t tid;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&tid, &attr, retire_main, r)) {
    sks_stats ignored = {0};
    eng->release(e, &ignored);
    free(r);
  }
  pthread_attr_destroy(&attr);
}

/* ------------------------------------------------------------------ */
/* A race of instances on one problem (sks_cdcl_race). */

typedef struct racer {
  sks_race *r;
  int i;
  void *e; /* made by the racer's thread when NULL at the start */
  unsigned long long seed;
} racer;

struct sks_race {
  pthread_mutex_t lock;
  pthread_cond_t cv;
  const sks_engine *eng;
  void (*load)(void *data, const sks_race *r, void *e);
  void *data;
  double deadline;
  long long max_steps;
  int n;
  int stop;     /* read and set atomically: decided or left */
  int winner;   /* the first racer with an answer, or -1 */
  int res;      /* its answer */
  int returned; /* racers whose search returned */
  int loading;  /* racers still reading the caller's data */
  bool settled; /* the caller took what it keeps: the rest are the
                   racers' to free */
  int keep;     /* the racer the caller keeps, or -1 */
  int refs;     /* the racers' threads and the caller, while they hold it */
  racer *who;
  bool *back; /* racer i's search returned */
  /* the counters of the instances their racers free once the caller has
   * settled, taken while the caller still waits (below) */
  sks_stats left;
};

bool sks_race_stopped(const sks_race *r) {
  return __atomic_load_n(&r->stop, __ATOMIC_ACQUIRE) != 0;
}

static int race_terminate(void *data) {
  const sks_race *r = data;
  return sks_race_stopped(r) || (r->deadline > 0 && sks_time() > r->deadline);
}

static void race_free(sks_race *r) {
  pthread_mutex_destroy(&r->lock);
  pthread_cond_destroy(&r->cv);
  free(r->who);
  free(r->back);
  free(r);
}

/* Drops a holder's reference (the lock held); true: the last, free it. */
static bool race_unref(sks_race *r) {
  return --r->refs == 0;
}

static void *race_main(void *data) {
  racer *w = data;
  sks_race *r = w->r;
  if (!w->e) {
    w->e = r->eng->init(w->seed);
    r->load(r->data, r, w->e);
    pthread_mutex_lock(&r->lock);
    r->loading--;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->lock);
  }
  int res = SKS_UNKNOWN;
  if (!sks_race_stopped(r)) {
    r->eng->set_terminate(w->e, r, race_terminate);
    res = r->eng->solve(w->e, r->max_steps);
  }
  pthread_mutex_lock(&r->lock);
  r->back[w->i] = true;
  r->returned++;
  if (res != SKS_UNKNOWN && r->winner < 0 && !r->settled) {
    r->winner = w->i;
    r->res = res;
    __atomic_store_n(&r->stop, 1, __ATOMIC_RELEASE);
  }
  bool mine = r->settled && r->keep != w->i; /* the caller left it */
  void *e = w->e; /* r (and w in it) may be gone once the lock is let go */
  const sks_engine *eng = r->eng;
  if (mine)
    eng->stats(e, &r->left);
  pthread_cond_broadcast(&r->cv);
  bool last = race_unref(r);
  pthread_mutex_unlock(&r->lock);
  if (mine) {
    sks_stats ignored = {0};
    eng->release(e, &ignored);
  }
  if (last)
    race_free(r);
  return NULL;
}

int sks_cdcl_race(const sks_engine *eng, void *e0, int n,
                  const unsigned long long *seeds,
                  void (*load)(void *data, const sks_race *r, void *e),
                  void *data, double deadline, long long max_steps, void **kept,
                  sks_stats *st) {
  sks_race *r = sks_calloc(1, sizeof *r);
  lock_init(&r->lock, &r->cv);
  r->eng = eng;
  r->load = load;
  r->data = data;
  r->deadline = deadline;
  r->max_steps = max_steps;
  r->n = n;
  r->winner = r->keep = -1;
  r->who = sks_calloc((size_t)n, sizeof *r->who);
  r->back = sks_calloc((size_t)n, sizeof *r->back);
  r->refs = 1; /* the caller's */
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_mutex_lock(&r->lock);
  int started = 0;
  for (int i = 0; i < n; i++) {
    racer *w = &r->who[i];
    w->r = r;
    w->i = i;
    w->e = i ? NULL : e0;
    w->seed = seeds[i];
    r->refs++;
    r->loading += i > 0;
    pthread_t tid;
    if (pthread_create(&tid, &attr, race_main, w)) {
      r->refs--; /* no thread to spare: the race is the ones started */
      r->loading -= i > 0;
      break;
    }
    started++;
  }
  pthread_attr_destroy(&attr);
  if (!started) { /* not even one thread: the search runs here */
    pthread_mutex_unlock(&r->lock);
    eng->set_terminate(e0, r, race_terminate);
    int res = eng->solve(e0, max_steps);
    eng->set_terminate(e0, NULL, NULL);
    race_free(r);
    *kept = e0;
    return res;
  }
  struct timespec until = at(deadline + WATCH_GRACE);
  while (r->winner < 0 && r->returned < started)
    if (deadline > 0) {
      if (pthread_cond_timedwait(&r->cv, &r->lock, &until) == ETIMEDOUT)
        break;
    } else
      pthread_cond_wait(&r->cv, &r->lock);
  int res = SKS_UNKNOWN;
  if (r->winner >= 0) {
    r->keep = r->winner;
    res = r->res;
  } else if (r->returned == started)
    r->keep = 0; /* every search returned unknown: the first instance */
  r->settled = true;
  __atomic_store_n(&r->stop, 1, __ATOMIC_RELEASE);
  /* The instances back by now are the caller's to free; the others their
   * racers' (told so by settled, in the same hold of the lock). */
  void **done = sks_calloc((size_t)n, sizeof *done);
  int ndone = 0;
  for (int i = 0; i < started; i++)
    if (r->back[i] && i != r->keep)
      done[ndone++] = r->who[i].e;
  *kept = r->keep >= 0 ? r->who[r->keep].e : NULL;
  /* The racers still loading read the caller's data: they stop within a
   * step of their load, and the caller waits for that, not for them. */
  while (r->loading > 0)
    pthread_cond_wait(&r->cv, &r->lock);
  /* The counters of the searches left running (read as they run: their
   * instances are alive while the lock is held) and of those that
   * returned since, so that --stats shows an abandoned search's work. */
  for (int i = 0; i < started; i++)
    if (!r->back[i] && i != r->keep && eng->peek)
      eng->peek(r->who[i].e, st);
  st->conflicts += r->left.conflicts;
  st->decisions += r->left.decisions;
  st->propagations += r->left.propagations;
  bool last = race_unref(r);
  pthread_mutex_unlock(&r->lock);
  for (int i = 0; i < ndone; i++)
    eng->release(done[i], st);
  free(done);
  if (*kept)
    eng->set_terminate(*kept, NULL, NULL);
  if (last)
    race_free(r);
  return res;
}
