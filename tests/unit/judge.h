/* Shared by the authoring tests: puzzles judged by picosat (blocking
 * clauses), never by the dlx search the authoring code uses, and every
 * solution checked by the independent validator. */
#ifndef SKS_JUDGE_H
#define SKS_JUDGE_H

#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static sks_puzzle *judge_parse(const char *text) {
  sks_puzzle *p = NULL;
  sks_error err = {0};
  sks_format_options fo = {0};
  if (sks_puzzle_parse(text, &fo, &p, &err) < 0 || !p) {
    fprintf(stderr, "cannot parse %s: %s\n", text, err.msg);
    exit(1);
  }
  return p;
}

/* Solutions of p by picosat, up to limit; the first in first (may be
 * NULL), checked by sks_validate. */
static long long judge_count(const sks_puzzle *p, long long limit, int *first) {
  sks_error err = {0};
  sks_solver *s = sks_solver_new("picosat", NULL, &err);
  sks_eo *eo = sks_eo_new(p->shape);
  int cells = p->shape->n * p->shape->n;
  int *a = malloc((size_t)cells * sizeof *a);
  long long k = 0;
  if (sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS) != SKS_UNSAT) {
    sks_solver_load_eo(s, eo, &err);
    sks_count_result r = sks_count(s, eo, p, limit, NULL, a, NULL, NULL, &err);
    CHECK(r.status == SKS_SAT);
    k = r.count;
    if (k > 0) {
      CHECK(sks_validate(p, a, &err));
      if (first)
        memcpy(first, a, (size_t)cells * sizeof *a);
    }
  }
  free(a);
  sks_eo_delete(eo);
  sks_solver_delete(s);
  return k;
}

#endif
