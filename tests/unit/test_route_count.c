/* Counting on the auto route: bits (up to 10x10) and dlx (up to 16x16)
 * count natively within their node budget,
 * and when the budget runs out with few solutions found the count moves to
 * cadical with blocking clauses, as solving does; a count with many
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
  int native = backend_index("bits"), cadical = backend_index("cadical");
  sks_puzzle *p = puzzle_of(3, escargot);
  sks_stats st;
  /* the default budget: the native counter (bits up to 10x10) decides
   * escargot itself */
  sks_count_result r = count_on_auto(p, 0, 2, &st);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK_EQ(r.count, 1);
  CHECK(st.answered[native] > 0);
  CHECK_EQ(st.answered[cadical], 0);
  /* one node: bits cannot finish, cadical counts with blocking clauses */
  r = count_on_auto(p, 1, 2, &st);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK_EQ(r.count, 1);
  CHECK(!r.at_limit);
  CHECK_EQ(st.answered[native], 0);
  CHECK(st.answered[cadical] > 0);
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

int main(void) {
  test_unique_falls_back();
  test_many_stay_native();
  return check_report();
}
