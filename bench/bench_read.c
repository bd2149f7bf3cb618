/* Benchmark: reads every puzzle of a file and nothing more, several
 * times; prints the median CPU time per puzzle (the reader's cost of a
 * form, docs/formats.md, "Puzzle formats"). */
#define _POSIX_C_SOURCE 200809L
#include "sudokusat.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench-read PUZZLES [RUNS]\n");
    return 2;
  }
  int runs = argc > 2 ? atoi(argv[2]) : 7;
  if (runs < 1 || runs > 99)
    runs = 7;
  double t[99];
  long count = 0, errors = 0;
  for (int k = 0; k < runs; k++) {
    sks_error err = {0};
    sks_input *in = sks_input_open(argv[1], &err);
    if (!in) {
      fprintf(stderr, "bench-read: %s: %s\n", argv[1], err.msg);
      return 2;
    }
    sks_reader *rd = sks_reader_new(in, NULL);
    sks_puzzle *p;
    int r;
    count = errors = 0;
    double start = cpu();
    while ((r = sks_reader_next(rd, &p, &err)) != 0)
      r > 0 ? count++ : errors++;
    t[k] = cpu() - start;
    sks_reader_delete(rd);
    sks_input_close(in);
  }
  qsort(t, (size_t)runs, sizeof *t, by_value);
  printf("%ld puzzles, %ld errors: %.1f ns a puzzle (median of %d runs, CPU)\n",
         count, errors, count ? 1e9 * t[runs / 2] / (double)count : 0.0, runs);
  return errors ? 1 : 0;
}
