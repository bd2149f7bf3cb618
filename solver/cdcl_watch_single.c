/* cdcl_watch.c's calls where there are no threads (the WebAssembly build,
 * -DSKS_WASM=ON): the search runs on the caller's thread, the first
 * instance alone, and the deadline reaches it through the engine's
 * terminate callback only (the hall engine looks at it every few
 * conflicts); an instance is freed where it is retired.  A race of n
 * instances is the first instance's search: the others would need
 * threads. */
#include "cdcl_int.h"

struct sks_race {
  double deadline;
};

bool sks_race_stopped(const sks_race *r) {
  (void)r;
  return false;
}

static int past_deadline(void *data) {
  const sks_race *r = data;
  return r->deadline > 0 && sks_time() > r->deadline;
}

int sks_cdcl_race(const sks_engine *eng, void *e0, int n,
                  const unsigned long long *seeds,
                  void (*load)(void *data, const sks_race *r, void *e),
                  void *data, double deadline, long long max_steps, void **kept,
                  sks_stats *st) {
  (void)n;
  (void)seeds;
  (void)load;
  (void)data;
  (void)st;
  sks_race r = {deadline};
  eng->set_terminate(e0, &r, past_deadline);
  int res = eng->solve(e0, max_steps);
  eng->set_terminate(e0, NULL, NULL);
  *kept = e0;
  return res;
}

void sks_cdcl_retire(const sks_engine *eng, void *e, sks_stats *st) {
  eng->release(e, st);
}
