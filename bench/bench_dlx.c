/* Throughput of the dlx backend on a file of 9x9 one-line puzzles: load
 * each into the exactly-one system, solve (or count to two), and check
 * every grid with a validity check of its own.  Prints puzzles/s.
 * usage: bench-dlx FILE [solve|unique] [givens|singles] [REPEATS] */
#define _POSIX_C_SOURCE 200809L
#include "sudokusat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_time(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* realloc that ends the program with a message when memory runs out. */
static void *grow(void *p, size_t bytes) {
  void *q = realloc(p, bytes);
  if (!q) {
    fprintf(stderr, "bench-dlx: out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
  return q;
}

/* Every row, column and box holds 1..9 once and the givens are kept. */
static int grid_ok(const int *given, const int *g) {
  for (int a = 0; a < 9; a++) {
    unsigned row = 0, col = 0, box = 0;
    int r0 = a / 3 * 3, c0 = a % 3 * 3;
    for (int b = 0; b < 9; b++) {
      if (g[a * 9 + b] < 0 || g[a * 9 + b] > 8)
        return 0;
      row |= 1u << g[a * 9 + b];
      col |= 1u << g[b * 9 + a];
      box |= 1u << g[(r0 + b / 3) * 9 + c0 + b % 3];
    }
    if (row != 511 || col != 511 || box != 511)
      return 0;
  }
  for (int i = 0; i < 81; i++)
    if (given[i] >= 0 && given[i] != g[i])
      return 0;
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [solve|unique] [givens|singles] [N]\n",
            argv[0]);
    return 2;
  }
  bool unique = argc > 2 && !strcmp(argv[2], "unique");
  sks_propagate level = argc > 3 && !strcmp(argv[3], "givens")
                            ? SKS_PROPAGATE_GIVENS
                            : SKS_PROPAGATE_SINGLES;
  int repeats = argc > 4 ? atoi(argv[4]) : 1;
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  /* Read every puzzle first: the timing is of the solving. */
  size_t np = 0, cap = 1024;
  signed char *all = grow(NULL, cap * 81);
  char line[1024];
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || strlen(line) < 81)
      continue;
    if (np == cap) {
      cap *= 2;
      all = grow(all, cap * 81);
    }
    for (int i = 0; i < 81; i++)
      all[np * 81 + i] =
          line[i] >= '1' && line[i] <= '9' ? (signed char)(line[i] - '1') : -1;
    np++;
  }
  fclose(f);
  sks_puzzle *p = sks_puzzle_new(3, 3, 0, NULL, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_error err;
  sks_solver *s = sks_solver_new("dlx", NULL, &err);
  if (!s) {
    fprintf(stderr, "%s\n", err.msg);
    return 2;
  }
  int given[81], grid[81];
  long long bad = 0, counts[3] = {0, 0, 0};
  double best = 1e30, best_cpu = 1e30;
  for (int rep = 0; rep < repeats; rep++) {
    double t0 = sks_time(), c0 = cpu_time();
    for (size_t k = 0; k < np; k++) {
      for (int i = 0; i < 81; i++)
        p->cell[i] = given[i] = all[k * 81 + i];
      sks_eo_load(eo, p, level);
      sks_solver_load_eo(s, eo, &err);
      long long found;
      if (unique) {
        int st;
        found = sks_solver_count(s, 2, NULL, &st);
      } else {
        found = sks_solver_solve(s, NULL) == SKS_SAT;
      }
      if (found > 0) {
        for (int i = 0; i < 81; i++) {
          grid[i] = -1;
          for (int d = 0; d < 9; d++)
            if (sks_solver_value(s, sks_cell_var(9, i, d)) > 0)
              grid[i] = d;
        }
        bad += !grid_ok(given, grid);
      }
      counts[found > 2 ? 2 : found]++;
    }
    double t = sks_time() - t0, c = cpu_time() - c0;
    printf("run %d: %zu puzzles in %.3f s (cpu %.3f s): %.0f puzzles/s "
           "(%.0f per cpu second)\n",
           rep + 1, np, t, c, (double)np / t, (double)np / c);
    if (t < best)
      best = t;
    if (c < best_cpu)
      best_cpu = c;
  }
  sks_stats st;
  sks_solver_stats(s, &st);
  printf("%s %s %s: best %.0f puzzles/s (%.0f per cpu second); none %lld, "
         "one %lld, more %lld; invalid grids %lld; nodes/puzzle %.1f\n",
         argv[1], unique ? "unique" : "solve",
         level == SKS_PROPAGATE_GIVENS ? "givens" : "singles",
         (double)np / best, (double)np / best_cpu, counts[0], counts[1],
         counts[2], bad, (double)st.nodes / (double)(np * (size_t)repeats));
  sks_solver_delete(s);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  free(all);
  return bad ? 1 : 0;
}
