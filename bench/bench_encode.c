/* Benchmark: parse, propagate, lower and write DIMACS for every puzzle of a
 * file, one CNF per puzzle, to a sink (default /dev/null).  Prints the
 * rate; used by bench/bench. */
#include "sudokusat.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench-encode PUZZLES [OUT]\n");
    return 2;
  }
  sks_error err = {0};
  sks_input *in = sks_input_open(argv[1], &err);
  if (!in) {
    fprintf(stderr, "bench-encode: %s: %s\n", argv[1], err.msg);
    return 2;
  }
  FILE *out = fopen(argc > 2 ? argv[2] : "/dev/null", "w");
  if (!out) {
    fprintf(stderr, "bench-encode: cannot write the output\n");
    return 2;
  }
  sks_format_options fo;
  memset(&fo, 0, sizeof fo);
  sks_reader *rd = sks_reader_new(in, &fo);
  sks_cnf *cnf = sks_cnf_new();
  sks_eo *eo = NULL;
  sks_puzzle *p;
  long count = 0, clauses = 0;
  double start = sks_time();
  int r;
  while ((r = sks_reader_next(rd, &p, &err)) != 0) {
    if (r < 0)
      continue;
    if (!eo || !sks_shape_same(sks_eo_shape(eo), p->shape)) {
      sks_eo_delete(eo);
      eo = sks_eo_new(p->shape);
    }
    sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
    sks_encode(eo, NULL, cnf);
    if (sks_dimacs_write(cnf, out, &err))
      return 1;
    clauses += cnf->nclauses;
    count++;
  }
  fflush(out);
  double secs = sks_time() - start;
  printf("%ld puzzles encoded in %.3f s: %.0f puzzles/s, %.0f clauses each\n",
         count, secs, (double)count / secs,
         count ? (double)clauses / (double)count : 0.0);
  fclose(out);
  sks_cnf_delete(cnf);
  sks_eo_delete(eo);
  sks_reader_delete(rd);
  sks_input_close(in);
  return 0;
}
