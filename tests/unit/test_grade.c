/* Grading: levels against the propagation a puzzle needs, uniqueness
 * against picosat, effort invariant in kind under relabelling and
 * reproducible from the seed, labels ordered by effort; the analog
 * rating of a puzzle against the rating of its givens-reduced CNF made
 * here, and the escape-rate staircase of given runs. */
#include "judge.h"

#include <math.h>

static const char *const escargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
    "..7...3..";
static const char *const euler01 =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9"
    "..5.1.3..";

static void test_levels(sks_grader *g) {
  sks_grade gr;
  sks_puzzle *p = judge_parse(euler01);
  CHECK_EQ(sks_grade_puzzle(g, p, NULL, &gr), SKS_SAT);
  CHECK_EQ(gr.level, SKS_GRADE_SINGLES);
  CHECK_EQ(gr.label, SKS_LABEL_EASY);
  CHECK(gr.effort == 0);
  /* the human path: hidden singles in boxes only, SE 1.2 */
  CHECK_EQ(gr.technique, SKS_TECH_HIDDEN_SINGLE_BOX);
  CHECK(gr.rating == 1.2);
  CHECK_EQ(judge_count(p, 2, NULL), 1);
  sks_puzzle_delete(p);

  p = judge_parse(escargot);
  CHECK_EQ(sks_grade_puzzle(g, p, NULL, &gr), SKS_SAT);
  CHECK(!gr.multiple);
  CHECK_EQ(gr.level, SKS_GRADE_SEARCH);
  CHECK(gr.effort > 0);
  /* AI Escargot: SE 10.5, nested forcing chains, HoDoKu's extreme */
  CHECK_EQ(gr.label, SKS_LABEL_EXTREME);
  CHECK(gr.technique >= SKS_TECH_NESTED_FORCING);
  CHECK(gr.rating >= 9.5 && gr.rating < 12);
  /* the level is the weakest propagation that fills the grid */
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK(sks_eo_load(eo, p, SKS_PROPAGATE_LOCKED) == SKS_UNKNOWN);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

/* The same seed gives the same effort; a digit relabelling of the
 * puzzle keeps the level and uniqueness. */
static void test_reproducible(sks_grader *g) {
  sks_puzzle *p = judge_parse(escargot);
  sks_grade_options o = {.permutations = 6, .seed = 42};
  sks_grade a, b, c;
  sks_grade_puzzle(g, p, &o, &a);
  sks_grade_puzzle(g, p, &o, &b);
  CHECK(a.effort == b.effort);
  for (int i = 0; i < 81; i++)
    if (p->cell[i] >= 0)
      p->cell[i] = 8 - p->cell[i];
  sks_grade_puzzle(g, p, &o, &c);
  CHECK_EQ(c.status, SKS_SAT);
  CHECK_EQ(c.level, a.level);
  /* known unique: the same effort without the uniqueness search */
  sks_grade d;
  o.known_unique = true;
  sks_grade_puzzle(g, p, &o, &d);
  CHECK(d.effort == c.effort && d.label == c.label && !d.multiple);
  /* the effort is a mean over random relabellings: of the same order */
  CHECK(c.effort > a.effort / 4 && c.effort < a.effort * 4);
  sks_puzzle_delete(p);
}

/* Several solutions and none, as picosat counts them. */
static void test_not_unique(sks_grader *g) {
  sks_puzzle *p = judge_parse(escargot);
  p->cell[0] = -1;
  p->cell[5] = -1;
  sks_grade gr;
  CHECK_EQ(sks_grade_puzzle(g, p, NULL, &gr), SKS_SAT);
  CHECK(gr.multiple);
  CHECK(judge_count(p, 2, NULL) == 2);
  sks_puzzle_delete(p);
  p = judge_parse(escargot);
  int sol[81];
  CHECK_EQ(judge_count(p, 2, sol), 1);
  for (int i = 0; i < 81; i++)
    if (p->cell[i] < 0) { /* a digit that is not this cell's */
      p->cell[i] = (sol[i] + 1) % 9;
      break;
    }
  CHECK_EQ(sks_grade_puzzle(g, p, NULL, &gr), SKS_UNSAT);
  CHECK_EQ(judge_count(p, 2, NULL), 0);
  sks_puzzle_delete(p);
}

/* Other sizes: a 16x16 and the 4x4 and 6x6 puzzles of the corpus. */
static void test_sizes(sks_grader *g) {
  static const char *const unique[] = {
      ".4....2...12....", "2..5..36.....34..1.............5.3.6",
      "...E6...3G...7..5.8...1B....F.G.....G3.9E.1B5..A9....7.C8........8A."
      "1B2..7C4G..3..G...4..5..E..1.12..A........D.47C....3.1....58....E1B."
      "7..........F...458A..B1.C...3.......A..6..B1..A....G..7...E...85.9.F"
      "74CD.5.AB....D473..F.D.....F.B.1.....9.GC......5.E2."};
  for (size_t i = 0; i < sizeof unique / sizeof *unique; i++) {
    sks_puzzle *p = judge_parse(unique[i]);
    sks_grade gr;
    CHECK_EQ(sks_grade_puzzle(g, p, NULL, &gr), SKS_SAT);
    CHECK(!gr.multiple);
    CHECK_EQ(judge_count(p, 2, NULL), 1);
    sks_puzzle_delete(p);
  }
  sks_puzzle *p = judge_parse("......2...12....");
  sks_grade gr;
  CHECK_EQ(sks_grade_puzzle(g, p, NULL, &gr), SKS_SAT);
  CHECK(gr.multiple);
  sks_puzzle_delete(p);
}

static void test_names(void) {
  int level, label;
  CHECK_EQ(sks_grade_parse("locked", &level, &label), 0);
  CHECK_EQ(level, SKS_GRADE_LOCKED);
  CHECK_EQ(sks_grade_parse("unfair", &level, &label), 0);
  CHECK_EQ(label, SKS_LABEL_UNFAIR);
  CHECK_EQ(sks_grade_parse("tough", &level, &label), -1);
  sks_grade gr = {
      SKS_SAT, false, SKS_GRADE_SEARCH, 100, false, SKS_LABEL_UNFAIR, -1, 0};
  CHECK(sks_grade_matches(&gr, -1, SKS_LABEL_UNFAIR));
  CHECK(sks_grade_matches(&gr, SKS_GRADE_SEARCH, -1));
  CHECK(!sks_grade_matches(&gr, SKS_GRADE_LOCKED, -1));
  gr.multiple = true;
  CHECK(!sks_grade_matches(&gr, SKS_GRADE_SEARCH, -1));
}

static void analog_options(sks_grade_analog_options *o) {
  memset(o, 0, sizeof *o);
  sks_analog_options_init(&o->analog);
  o->seed = 5;
  o->runs = 6;
  o->rate_time = 300;
  o->threads = 1;
}

/* sks_grade_analog is sks_analog_rate_runs on the CNF of the system
 * loaded with the givens propagated; the grader's system follows the
 * shape; givens that clash are not rated. */
static void test_analog(sks_grader *g) {
  sks_grade_analog_options o;
  analog_options(&o);
  sks_puzzle *p = judge_parse(euler01);
  sks_analog_grade ag;
  double t[6], t2[6];
  bool solved[6], solved2[6];
  CHECK_EQ(sks_grade_analog(g, p, &o, &ag, t, solved), SKS_SAT);
  CHECK_EQ(ag.status, SKS_SAT);
  CHECK_EQ(ag.rating.runs, 6);
  CHECK(ag.rating.solved > 0 && isfinite(ag.rating.eta));
  /* the same rating made by hand */
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  sks_cnf *cnf = sks_cnf_new();
  sks_encode(eo, &o.encode, cnf);
  sks_analog *a = sks_analog_new(cnf);
  sks_analog_rating rt;
  sks_analog_rate_runs(a, &o.analog, 5, 6, 300, 0, 1, &rt, t2, solved2);
  CHECK(rt.eta == ag.rating.eta && rt.eta_lo == ag.rating.eta_lo &&
        rt.eta_hi == ag.rating.eta_hi);
  CHECK_EQ(rt.solved, ag.rating.solved);
  CHECK_EQ(ag.clauses, sks_analog_nclauses(a));
  CHECK_EQ(ag.literals, sks_analog_nlits(a));
  CHECK(ag.literals > ag.clauses && ag.clauses > 0);
  for (int r = 0; r < 6; r++) {
    CHECK(t[r] == t2[r]);
    CHECK_EQ(solved[r], solved2[r]);
  }
  sks_analog_delete(a);
  sks_cnf_delete(cnf);
  sks_eo_delete(eo);
  /* another shape, then the first again: the same rating */
  sks_format_options fo = {.box_rows = 2, .box_cols = 2};
  sks_puzzle *small = NULL;
  sks_error err = {0};
  CHECK_EQ(sks_puzzle_parse("1..........2..3.", &fo, &small, &err), 0);
  sks_analog_grade ag2;
  CHECK_EQ(sks_grade_analog(g, small, &o, &ag2, NULL, NULL), SKS_SAT);
  CHECK(ag2.clauses < ag.clauses);
  CHECK_EQ(sks_grade_analog(g, p, &o, &ag2, NULL, NULL), SKS_SAT);
  CHECK(ag2.rating.eta == ag.rating.eta);
  CHECK_EQ(ag2.clauses, ag.clauses);
  /* a clash: two 1s in the first row */
  char bad[82];
  memcpy(bad, euler01, 82);
  bad[0] = '3';
  sks_puzzle *q = judge_parse(bad);
  CHECK_EQ(sks_grade_analog(g, q, &o, &ag2, NULL, NULL), SKS_UNSAT);
  CHECK_EQ(ag2.status, SKS_UNSAT);
  sks_puzzle_delete(q);
  sks_puzzle_delete(small);
  sks_puzzle_delete(p);
}

/* The staircase: from (0, 1) a step down of 1/runs at each solved run,
 * in time order, to the unsolved share at tmax. */
static void test_analog_curve(void) {
  const double run_t[] = {5, 2, 9, 7};
  const bool solved[] = {true, true, false, true};
  const double want_t[] = {0, 2, 2, 5, 5, 7, 7, 10};
  const double want_left[] = {1, 1, 0.75, 0.75, 0.5, 0.5, 0.25, 0.25};
  double t[10], left[10];
  CHECK_EQ(sks_grade_analog_curve(run_t, solved, 4, 10, t, left), 8);
  for (int i = 0; i < 8; i++) {
    CHECK(t[i] == want_t[i]);
    CHECK(left[i] == want_left[i]);
  }
  const bool none[] = {false, false, false, false};
  CHECK_EQ(sks_grade_analog_curve(run_t, none, 4, 10, t, left), 2);
  CHECK(t[0] == 0 && left[0] == 1 && t[1] == 10 && left[1] == 1);
}

int main(void) {
  sks_grader *g = sks_grader_new();
  test_levels(g);
  test_reproducible(g);
  test_not_unique(g);
  test_sizes(g);
  test_analog(g);
  sks_grader_delete(g);
  test_analog_curve();
  sks_grader_delete(NULL);
  test_names();
  return check_report();
}
