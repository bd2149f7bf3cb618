/* Memory running out inside a SAT library linked in process (PicoSAT,
 * CaDiCaL) ends the run with the documented status 6 and a message naming
 * the library, never an abort (status 134).  Each backend runs in a child
 * whose address space is capped a little above what it holds before the
 * load; the load of two million clauses then cannot fit. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sks_solver.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#endif

enum { VARS = 10000, CLAUSES = 2000000, MARGIN = 16 << 20 };

/* The process's address space now, in bytes (0 when unknown). */
static size_t address_space(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (f) {
    if (fscanf(f, "%lu", &pages) != 1)
      pages = 0;
    fclose(f);
  }
  return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

static void child(const char *backend, const sks_cnf *cnf) {
  sks_error err = {0};
  sks_solver *s = sks_solver_new(backend, NULL, &err);
  if (!s)
    _exit(90);
  struct rlimit rl = {address_space() + MARGIN, RLIM_INFINITY};
  if (setrlimit(RLIMIT_AS, &rl) != 0)
    _exit(91);
  if (sks_solver_load_cnf(s, cnf, &err) != 0) {
    fprintf(stderr, "load refused: %s\n", err.msg);
    _exit(92);
  }
  sks_solver_solve(s, NULL);
  _exit(0); /* everything fit: the test did not test */
}

/* Runs the backend's child; its exit status, its stderr in msg. */
static int run(const char *backend, const sks_cnf *cnf, char *msg,
               size_t size) {
  int fd[2];
  if (pipe(fd) != 0)
    return -1;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    dup2(fd[1], 2);
    child(backend, cnf);
  }
  close(fd[1]);
  size_t got = 0;
  ssize_t r;
  while (got + 1 < size && (r = read(fd[0], msg + got, size - 1 - got)) > 0)
    got += (size_t)r;
  msg[got] = '\0';
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

int main(void) {
#ifdef UNDER_ASAN
  /* AddressSanitizer reserves terabytes of address space for its shadow
   * and dies on a failed allocation itself: the cap cannot be tested. */
  printf("skipped under AddressSanitizer\n");
  return 0;
#endif
  unsigned long long x = 0x9E3779B97F4A7C15ull;
  sks_cnf *cnf = sks_cnf_new();
  for (int i = 0; i < CLAUSES; i++) {
    int c[3];
    for (int k = 0; k < 3; k++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      int v = 1 + (int)(x % VARS);
      c[k] = (x >> 32) & 1 ? v : -v;
    }
    sks_cnf_add_clause(cnf, c, 3);
  }
  static const struct {
    const char *backend, *library;
  } cases[] = {{"picosat", "PicoSAT"}, {"cadical", "CaDiCaL"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char msg[512];
    int status = run(cases[i].backend, cnf, msg, sizeof msg);
    CHECK_EQ(status, 6);
    CHECK(strstr(msg, "sudokusat: out of memory in ") != NULL);
    CHECK(strstr(msg, cases[i].library) != NULL);
    if (status != 6)
      fprintf(stderr, "%s: status %d: %s\n", cases[i].backend, status, msg);
  }
  sks_cnf_delete(cnf);
  return check_report();
}
