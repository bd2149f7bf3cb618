/* A time-limited search on an instance of its own, watched from outside:
 * the engine searches on a thread while the caller waits for it until the
 * deadline (plus WATCH_GRACE).  An engine that has not returned by then is
 * in a phase that does not look at its terminate callback (CaDiCaL's
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

typedef struct watch {
  pthread_mutex_t lock;
  pthread_cond_t cv;
  const sks_engine *eng;
  void *e;
  double deadline;
  long long max_steps;
  int res;
  bool done;      /* the engine returned */
  bool abandoned; /* the caller left: the thread frees e and the watch */
} watch;

static int past_deadline(void *data) {
  const watch *w = data;
  return sks_time() > w->deadline;
}

static void watch_free(watch *w) {
  pthread_mutex_destroy(&w->lock);
  pthread_cond_destroy(&w->cv);
  free(w);
}

static void *watch_main(void *data) {
  watch *w = data;
  int res = w->eng->solve(w->e, w->max_steps);
  pthread_mutex_lock(&w->lock);
  w->res = res;
  w->done = true;
  bool gone = w->abandoned;
  pthread_cond_signal(&w->cv);
  pthread_mutex_unlock(&w->lock);
  if (gone) {
    sks_stats ignored = {0};
    w->eng->release(w->e, &ignored);
    watch_free(w);
  }
  return NULL;
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

int sks_cdcl_watch_solve(const sks_engine *eng, void *e, double deadline,
                         long long max_steps, bool *abandoned) {
  *abandoned = false;
  watch *w = sks_calloc(1, sizeof *w);
  w->eng = eng;
  w->e = e;
  w->deadline = deadline;
  w->max_steps = max_steps;
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_mutex_init(&w->lock, NULL);
  pthread_cond_init(&w->cv, &ca);
  pthread_condattr_destroy(&ca);
  eng->set_terminate(e, w, past_deadline);
  pthread_t tid;
  if (pthread_create(&tid, NULL, watch_main, w)) {
    /* No thread to spare: the search runs here, as late as it runs. */
    int res = eng->solve(e, max_steps);
    eng->set_terminate(e, NULL, NULL);
    watch_free(w);
    return res;
  }
  struct timespec until = at(deadline + WATCH_GRACE);
  pthread_mutex_lock(&w->lock);
  while (!w->done)
    if (pthread_cond_timedwait(&w->cv, &w->lock, &until) == ETIMEDOUT &&
        !w->done) {
      w->abandoned = true;
      break;
    }
  bool left = w->abandoned;
  pthread_mutex_unlock(&w->lock);
  if (left) {
    pthread_detach(tid);
    *abandoned = true;
    return SKS_UNKNOWN;
  }
  pthread_join(tid, NULL);
  eng->set_terminate(e, NULL, NULL);
  int res = w->res;
  watch_free(w);
  return res;
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
