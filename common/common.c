/* The common base: allocation, errors, API-misuse checks, name lookup and
 * the clock, shared by all library parts. */
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES) */
#define _POSIX_C_SOURCE 200809L
#include "memory_int.h"
#include "random_int.h"
#include "require_int.h"
#include "sks_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

const char *sks_version(void) {
  return SKS_VERSION;
}

/* Memory ran out: a message and the documented status 6, not an abort
 * (a CNF or puzzle the machine cannot hold is refused before this where
 * its size is known: sks_solver_load_cnf).  Standard output is flushed by
 * exit, so the answers printed so far stay; what the cleanup knows of
 * (external solvers, temporary files) is ended and removed first, through
 * the hook it installs (so this base calls nothing above it). */
static void (*volatile before_exit)(void);

void sks_out_of_memory(const char *where, size_t bytes) {
  if (where && bytes)
    fprintf(stderr, "sudokusat: out of memory in %s allocating %zu bytes\n",
            where, bytes);
  else if (where)
    fprintf(stderr, "sudokusat: out of memory in %s\n", where);
  else
    fprintf(stderr, "sudokusat: out of memory allocating %zu bytes\n", bytes);
  /* Solvers started and temporaries made by other threads go first. */
  void (*run)(void) = before_exit;
  if (run)
    run();
  exit(SKS_EXIT_MEMORY);
}

void sks_out_of_memory_hook(void (*fn)(void)) {
  before_exit = fn;
}

void *sks_malloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    sks_out_of_memory(NULL, bytes);
  return p;
}

void *sks_calloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    sks_out_of_memory(NULL, count * size);
  return p;
}

void *sks_realloc(void *old, size_t bytes) {
  void *p = realloc(old, bytes ? bytes : 1);
  if (!p)
    sks_out_of_memory(NULL, bytes);
  return p;
}

char *sks_strdup(const char *s) {
  size_t len = strlen(s) + 1;
  return memcpy(sks_malloc(len), s, len);
}

void sks_require_fail(const char *func, const char *what) {
  fprintf(stderr, "sudokusat: API misuse in %s: %s\n", func, what);
  abort();
}

int sks_error_set(sks_error *err, int code, long line, long col,
                  const char *fmt, ...) {
  if (err) {
    va_list ap;
    err->line = line;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return code;
}

int sks_name_index(const char *name, const char *const *names, int count) {
  for (int i = 0; i < count; i++)
    if (!strcmp(name, names[i]))
      return i;
  return -1;
}

unsigned long long sks_seed_fresh(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t z = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec +
               ((uint64_t)getpid() << 40);
  return 1 + sks_rand64(&z) % 4294967295ull;
}

double sks_time(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

size_t sks_peak_memory(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru))
    return 0;
  return (size_t)ru.ru_maxrss * 1024; /* Linux reports kilobytes */
}

size_t sks_memory_available(void) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  size_t avail =
      pages > 0 && size > 0 ? (size_t)pages * (size_t)size : (size_t)-1;
  struct rlimit rl;
  if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY &&
      (size_t)rl.rlim_cur < avail)
    avail = (size_t)rl.rlim_cur;
  return avail;
}
