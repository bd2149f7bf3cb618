/* Grading: levels against the propagation a puzzle needs, uniqueness
 * against picosat, effort invariant in kind under relabelling and
 * reproducible from the seed, labels ordered by effort. */
#include "judge.h"

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

int main(void) {
  sks_grader *g = sks_grader_new();
  test_levels(g);
  test_reproducible(g);
  test_not_unique(g);
  test_sizes(g);
  sks_grader_delete(g);
  sks_grader_delete(NULL);
  test_names();
  return check_report();
}
