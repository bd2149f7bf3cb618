/* Generation to a grade (author/generate_graded.c): without a grader it
 * is sks_generate's puzzle; with one, a puzzle of the grade asked for,
 * unique by picosat's count (judge.h), the same on a second generator,
 * and a grade no puzzle reaches fails within its tries at a deadline. */
#include "judge.h"

static void same_cells(const sks_puzzle *a, const sks_puzzle *b) {
  int cells = a->shape->n * a->shape->n;
  CHECK(memcmp(a->cell, b->cell, (size_t)cells * sizeof *a->cell) == 0);
}

int main(void) {
  sks_error err = {0};
  const sks_shape *shape = sks_shape_new(3, 3, 0, NULL, &err);
  sks_generate_options go = {0};
  go.seed = 11;
  go.minimal = true;
  sks_generator *g = sks_generator_new(shape, &go, &err);
  sks_generator *g2 = sks_generator_new(shape, &go, &err);
  sks_puzzle *p = sks_puzzle_of(shape), *q = sks_puzzle_of(shape);
  bool cut = true;
  CHECK_EQ(sks_generate_graded(g, NULL, 3, -1, -1, 0, p, NULL, &cut), 0);
  CHECK(!cut);
  CHECK_EQ(sks_generate(g2, 3, q, NULL), 0);
  same_cells(p, q);
  sks_grader *gr = sks_grader_new();
  const char *asked[] = {"medium", "hard", "singles"};
  for (int a = 0; a < 3; a++) {
    int level, label;
    CHECK_EQ(sks_grade_parse(asked[a], &level, &label), 0);
    for (unsigned long long i = 0; i < 3; i++) {
      CHECK_EQ(sks_generate_graded(g, gr, i, level, label, 0, p, NULL, &cut),
               0);
      sks_grade out;
      sks_grade_options opt = {0};
      opt.seed = 1;
      CHECK_EQ(sks_grade_puzzle(gr, p, &opt, &out), SKS_SAT);
      CHECK(!out.multiple && sks_grade_matches(&out, level, label));
      CHECK_EQ(judge_count(p, 2, NULL), 1);
      CHECK_EQ(sks_generate_graded(g2, gr, i, level, label, 0, q, NULL, &cut),
               0);
      same_cells(p, q);
    }
  }
  /* nothing generated with minimal digging is "extreme" in a few tries:
   * a deadline already past stops after the first try */
  int level, label;
  CHECK_EQ(sks_grade_parse("extreme", &level, &label), 0);
  /* (AI Escargot is) */
  sks_puzzle *e = judge_parse("1....7.9..3..2...8..96..5....53..9...1..8...2"
                              "6....4...3......1..4......7..7...3..");
  sks_grade ge;
  sks_grade_options gopt = {0};
  gopt.seed = 1;
  CHECK_EQ(sks_grade_puzzle(gr, e, &gopt, &ge), SKS_SAT);
  CHECK(sks_grade_matches(&ge, level, label));
  sks_puzzle_delete(e);
  int r = sks_generate_graded(g, gr, 0, level, label, 1e-9, p, NULL, &cut);
  CHECK(r == 0 || cut);
  sks_grader_delete(gr);
  sks_puzzle_delete(p);
  sks_puzzle_delete(q);
  sks_generator_delete(g);
  sks_generator_delete(g2);
  sks_shape_release(shape);
  return check_report();
}
