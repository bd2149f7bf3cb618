/* The rating job's ledger, below every way of running its runs (one at a
 * time in analog_portfolio.c, in vector lanes in analog_lanes*.c): a run
 * ended is recorded and the stopping rule applied. */
#include "analog_int.h"

void sks_analog_rate_end(rate_job *job, int r, double t, bool solved) {
  job->t[r] = t;
  job->solved[r] = solved;
  if (!job->stop_events)
    return;
  pthread_mutex_lock(&job->lock);
  job->done[r] = 1;
  int limit = atomic_load(&job->limit);
  while (job->prefix < limit && job->done[job->prefix]) {
    job->prefix_solved += job->solved[job->prefix];
    job->prefix++;
    if (job->prefix_solved >= job->stop_events) {
      atomic_store(&job->limit, job->prefix);
      break;
    }
  }
  pthread_mutex_unlock(&job->lock);
}
