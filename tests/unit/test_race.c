/* A big grid raced by several instances of a CDCL engine
 * (sks_solver_options.threads): every answer the race gives is checked by
 * the validator, blocking clauses reach the instance that wins the next
 * race (a count finds two different solutions), the borrowed threads are
 * given back, a race holds a time limit, with no thread to borrow
 * there is no race, and a search left running past the deadline still
 * has its counters counted. */
#define _POSIX_C_SOURCE 200809L
#include "cdcl_int.h" /* sks_cdcl_race, sks_engine */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A 25x25 (past the engines' base rules: their fresh mode) with its
 * first row given: many solutions, none found by propagation. */
static sks_puzzle *first_row(void) {
  sks_puzzle *p = sks_puzzle_new(5, 5, 0, NULL, NULL);
  for (int c = 0; c < 25; c++)
    p->cell[c] = (c * 7) % 25;
  return p;
}

static void count_two(const char *backend, int threads, int *spare,
                      unsigned long long want_races, int want_racers) {
  sks_solver_options so = {.seed = 3, .threads = threads, .spare = spare};
  sks_solver *s = sks_solver_new(backend, &so, NULL);
  CHECK(s != NULL);
  sks_puzzle *p = first_row();
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  CHECK_EQ(sks_solver_load_eo(s, eo, NULL), 0);
  int *a = malloc(625 * sizeof *a), *b = malloc(625 * sizeof *b),
      *scratch = malloc(2 * 625 * sizeof *scratch);
  sks_error err = {0};
  sks_count_result r = sks_count(s, eo, p, 2, NULL, a, b, scratch, &err);
  CHECK_EQ(r.count, 2);
  CHECK(sks_validate(p, a, &err));
  CHECK(sks_validate(p, b, &err));
  CHECK(memcmp(a, b, 625 * sizeof *a) != 0);
  for (int c = 0; c < 25; c++)
    CHECK_EQ(a[c], p->cell[c]);
  sks_stats st = {0};
  sks_solver_stats(s, &st);
  CHECK_EQ(st.races, want_races);
  CHECK_EQ(st.racers, want_races * (unsigned long long)want_racers);
  free(a);
  free(b);
  free(scratch);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  sks_solver_delete(s);
}

/* A race past its time limit answers unknown; the same solver then
 * answers the next load in full. */
static void past_limit(const char *backend) {
  sks_solver_options so = {.seed = 1, .threads = 2};
  sks_solver *s = sks_solver_new(backend, &so, NULL);
  sks_puzzle *p = first_row();
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  sks_solver_load_eo(s, eo, NULL);
  sks_limits lim = {.time_limit = 1e-9};
  double t0 = sks_time();
  CHECK_EQ(sks_solver_solve(s, &lim), SKS_UNKNOWN);
  CHECK(sks_time() - t0 < 30); /* stopped at the limit, however loaded */
  sks_solver_load_eo(s, eo, NULL);
  CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
  int grid[625];
  sks_error err = {0};
  CHECK(!sks_decode_solver(eo, s, grid, &err));
  CHECK(sks_validate(p, grid, &err));
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  sks_solver_delete(s);
}

/* An engine whose search does not look at its terminate callback (as
 * CaDiCaL's garbage collection of millions of clauses): its instance is
 * its conflict count, and it returns only when the test lets it go. */
static int go_home, released;
static void nap(void) {
  struct timespec ts = {0, 1000000};
  nanosleep(&ts, NULL);
}
static int stuck_solve(void *e, long long max_steps) {
  (void)e;
  (void)max_steps;
  while (!__atomic_load_n(&go_home, __ATOMIC_ACQUIRE))
    nap();
  return SKS_UNKNOWN;
}
static void stuck_stats(void *e, sks_stats *st) {
  st->conflicts += *(unsigned long long *)e;
}
static void stuck_peek(const void *e, sks_stats *st) {
  st->conflicts +=
      __atomic_load_n((const unsigned long long *)e, __ATOMIC_RELAXED);
}
static void stuck_release(void *e, sks_stats *st) {
  stuck_stats(e, st);
  free(e);
  __atomic_store_n(&released, 1, __ATOMIC_RELEASE);
}
static void stuck_terminate(void *e, void *state, int (*fn)(void *)) {
  (void)e;
  (void)state;
  (void)fn;
}

/* The race leaves the stuck search at its deadline (kept NULL, unknown)
 * and --stats still counts its conflicts. */
static void left_running(void) {
  sks_engine eng = {.release = stuck_release,
                    .solve = stuck_solve,
                    .set_terminate = stuck_terminate,
                    .stats = stuck_stats,
                    .peek = stuck_peek};
  unsigned long long *e = malloc(sizeof *e), seed = 1;
  *e = 7; /* conflicts counted so far */
  void *kept = e;
  sks_stats st = {0};
  int res = sks_cdcl_race(&eng, e, 1, &seed, NULL, NULL, sks_time() + 0.05, 0,
                          &kept, &st);
  CHECK_EQ(res, SKS_UNKNOWN);
  CHECK(kept == NULL);
  CHECK_EQ(st.conflicts, 7ULL);
  __atomic_store_n(&go_home, 1, __ATOMIC_RELEASE);
  while (!__atomic_load_n(&released, __ATOMIC_ACQUIRE))
    nap(); /* its thread frees it */
}

int main(void) {
  left_running();
  const char *engines[] = {"cadical", "picosat"};
  for (int k = 0; k < 2; k++) {
    /* two solves (the second after a blocking clause), each raced */
    count_two(engines[k], 3, NULL, 2, 3);
    /* one idle thread to borrow: races of two; given back after */
    int spare = 1;
    count_two(engines[k], 4, &spare, 2, 2);
    CHECK_EQ(spare, 1);
    /* none idle: no race */
    spare = 0;
    count_two(engines[k], 4, &spare, 0, 0);
    CHECK_EQ(spare, 0);
    /* one thread: no race */
    count_two(engines[k], 1, NULL, 0, 0);
    past_limit(engines[k]);
  }
  return check_report();
}
