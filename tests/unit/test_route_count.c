/* Counting on the auto route: bits counts natively within its node
 * budget, and when the budget runs out with few solutions found the count
 * moves to a CDCL engine with blocking clauses (hall up to 9x9, cadical
 * above), as solving does; a count with many
 * solutions stays with dlx.  Every solution is validated by sks_count. */
#include "check.h"
#include "sudokusat.h"

#include <string.h>

static const char *escargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......"
    "7..7...3..";

static sks_puzzle *puzzle_of(int box, const char *s) {
  int n = box * box;
  sks_puzzle *p = sks_puzzle_new(box, box, 0, NULL, NULL);
  for (int i = 0; i < n * n; i++)
    p->cell[i] = s[i] >= '1' && s[i] <= '9' ? s[i] - '1' : -1;
  return p;
}

static int backend_index(const char *name) {
  const sks_backend *const *all = sks_backends();
  for (int k = 0; all[k]; k++)
    if (!strcmp(all[k]->name, name))
      return k;
  return -1;
}

/* Counts p up to limit on auto with a node budget (0: the default);
 * fills the answered-by figures. */
static sks_count_result count_on_auto(sks_puzzle *p, long long budget,
                                      long long limit, sks_stats *st) {
  sks_solver_options so = {.seed = 1, .route_nodes = budget};
  sks_solver *s = sks_solver_new("auto", &so, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, sks_solver_propagation(s, p->shape));
  sks_solver_load_eo(s, eo, NULL);
  int n = p->shape->n;
  int first[256], second[256];
  sks_error err = {0};
  sks_count_result r =
      sks_count(s, eo, p, limit, NULL, n * n <= 256 ? first : NULL,
                n * n <= 256 ? second : NULL, NULL, &err);
  memset(st, 0, sizeof *st);
  sks_solver_stats(s, st);
  sks_eo_delete(eo);
  sks_solver_delete(s);
  return r;
}

static void test_unique_falls_back(void) {
  int native = backend_index("bits"), cadical = backend_index("cadical"),
      hall = backend_index("hall");
  sks_puzzle *p = puzzle_of(3, escargot);
  sks_stats st;
  /* the default budget: the native counter (bits up to 10x10) decides
   * escargot itself */
  sks_count_result r = count_on_auto(p, 0, 2, &st);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK_EQ(r.count, 1);
  CHECK(st.answered[native] > 0);
  CHECK_EQ(st.answered[cadical], 0);
  /* one node: bits cannot finish, hall (a 9x9) counts with blocking
   * clauses */
  r = count_on_auto(p, 1, 2, &st);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK_EQ(r.count, 1);
  CHECK(!r.at_limit);
  CHECK_EQ(st.answered[native], 0);
  CHECK(st.answered[hall] > 0);
  CHECK_EQ(st.answered[cadical], 0);
  sks_puzzle_delete(p);
}

static void test_many_stay_native(void) {
  int native = backend_index("bits"), cadical = backend_index("cadical");
  /* an empty 4x4 has 288 solutions: past the budget with many found, bits
   * counts on (far faster than blocking clauses would) */
  sks_puzzle *p = puzzle_of(2, "................");
  sks_stats st;
  sks_count_result r = count_on_auto(p, 300, 0, &st);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK_EQ(r.count, 288);
  CHECK(st.answered[native] > 0);
  CHECK_EQ(st.answered[cadical], 0);
  sks_puzzle_delete(p);
}

/* A pencil-mark puzzle (the Interactive Sudoku Solver's collection: a 9x9
 * of marks, no givens) that bits decides in some 220,000 nodes: up to
 * 9x9 the route leaves bits a million nodes (hall and cadical were slower
 * on such shallow ones), where a 16x16 would have gone to cadical after
 * 200,000. */
static const char *pencilmarks =
    ".~R1C1_3_4_7_9~R1C2_1_3_4_5_6_7~R1C3_1_3_4_5_6_7_9~R1C4_1_2_3_4_"
    "5_6_7_8_9~R1C5_1_3_6~R1C6_1_3_4_5_6_7~R1C7_3_5_6_8~R1C8_1_3_6_7_"
    "8_9~R1C9_1_2_3_4_5_6_7_8_9~R2C1_1_2_3_4_6_7_8_9~R2C2_1_2_3_4_6_7"
    "_9~R2C3_1_2_3_6_7_8_9~R2C4_1_2_3_4_5_6_7_8_9~R2C5_1_3_4_5_6_7_8~"
    "R2C6_1_2_3_4_5_6_7_8_9~R2C7_1_2_3_4_5_6_7_8_9~R2C8_1_2_3_6_7_8~R"
    "2C9_1_2_5_6_8_9~R3C1_1_3_4_5_7_9~R3C2_1_2_7~R3C3_1_2_3_4_5_6_7_8"
    "_9~R3C4_1_2_3_4_5_7_9~R3C5_1_3_4_5_6_7~R3C6_1_4_5_6_7_8_9~R3C7_1"
    "_2_3_4_5_6_7_8_9~R3C8_1_2_3_5_7_8_9~R3C9_1_2_5_6_7_8_9~R4C1_3_4~"
    "R4C2_1_2_3_4_5_7~R4C3_2_3_4_5_6_7_8~R4C4_2_3_4_5_6_7_8_9~R4C5_1_"
    "2_3_4_5_6_7_8_9~R4C6_1_2_3_4_5_6_7_8_9~R4C7_1_3_4_5_6_7_8_9~R4C8"
    "_2_3_7~R4C9_1_2_3_4_5_6_7_8_9~R5C1_1_2_3_4_5_7_9~R5C2_1_2_3_4_5_"
    "6_7_8_9~R5C3_1_2_3_4_5_7_8_9~R5C4_1_2_3_4_5_7_8_9~R5C5_1_3_4_5_6"
    "_7_8_9~R5C6_2_6_8_9~R5C7_1_3_4_5_7_8_9~R5C8_1_2_3_7_8_9~R5C9_1_2"
    "_3_4_6_7_8_9~R6C1_1_2_3_4_5_6_7_9~R6C2_1_2_3_4_5_6_7~R6C3_2_4_5_"
    "6_7~R6C4_2_4_5_6_9~R6C5_1_2_3_4_5_6_7_8_9~R6C6_2_4_5_6_7_8_9~R6C"
    "7_3_4_5_6_7_8~R6C8_1_2_3_4_5_6_7_8_9~R6C9_2_4_5_6_7_9~R7C1_1_2_3"
    "_4_5_6_7_8_9~R7C2_1_2_3_4_5_6_7_8~R7C3_1_2_5_6_8~R7C4_1_2_3_4_5_"
    "7_8_9~R7C5_1_2_3_4_5_6_7~R7C6_1_2_4_5_6_7_8_9~R7C7_1_3_4~R7C8_1_"
    "2_3_5_6_7_8_9~R7C9_1_2_4_5_6~R8C1_1_2_3_4_5_7~R8C2_1_2_3_4_5_7_8"
    "~R8C3_1_2_3_4_5_6_7_8~R8C4_2_3_4_5_7_9~R8C5_1_2_3_4_5_6_7_8_9~R8"
    "C6_2_4_5_6_7_8_9~R8C7_1_2_3_4_5_6_7_8_9~R8C8_1_2_3_4_5_6_7_9~R8C"
    "9_1_2_3_4_5_6_7_8_9~R9C1_1_3_4_5_8_9~R9C2_1_2_3_4_5_6_7_8_9~R9C3"
    "_1_3_4_5_6_7_8_9~R9C4_4_5_9~R9C5_1_3_4_5_6_7_8_9~R9C6_1_2_3_4_5_"
    "7_8_9~R9C7_3_4_5_9~R9C8_1_2_3_4_5_6_7_8_9~R9C9_1_4_5_6_8_9";

static void test_deep_9x9_stays_native(void) {
  int native = backend_index("bits"), cadical = backend_index("cadical");
  sks_puzzle *p = NULL;
  sks_error err = {0};
  sks_format_options fo = {0};
  CHECK_EQ(sks_puzzle_parse(pencilmarks, &fo, &p, &err), 0);
  if (!p)
    return;
  sks_stats st;
  sks_count_result r = count_on_auto(p, 0, 2, &st);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK_EQ(r.count, 1);
  CHECK(st.nodes > 200000);
  CHECK(st.answered[native] > 0);
  CHECK_EQ(st.answered[cadical], 0);
  sks_puzzle_delete(p);
}

int main(void) {
  test_unique_falls_back();
  test_many_stay_native();
  test_deep_9x9_stays_native();
  return check_report();
}
