/* Repair on puzzles whose answer is known: unique puzzles with k givens
 * removed need at most k back, and the cells added make the puzzle unique
 * by picosat's count while none of them can be left out; a unique puzzle
 * with a clashing given added yields a core holding that given, without
 * solution by picosat, every given of it needed, and no smaller clash
 * among the givens (checked by picosat on every smaller subset where the
 * core is small); a given repeating a digit in its row clashes with
 * that digit alone. */
#include "judge.h"

static const char *const famous[] = {
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
    "..7...3..",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9"
    "..5.1.3..",
    "..3.2..9...2..5...9.4.8...14...6..8....5.7....3..1...41...5.3.9...1..8.."
    ".7..9.2..",
    "2..5..36.....34..1.............5.3.6",
    ".4....2...12....",
};

static unsigned long long rng = 2026;
static int next_rand(int below) {
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((rng >> 33) % (unsigned long long)below);
}

/* Removes k givens chosen at random; returns how many were removed. */
static int remove_givens(sks_puzzle *p, int k) {
  int cells = p->shape->n * p->shape->n, done = 0;
  for (int tries = 0; done < k && tries < 10 * cells; tries++) {
    int i = next_rand(cells);
    if (p->cell[i] >= 0) {
      p->cell[i] = -1;
      done++;
    }
  }
  return done;
}

static void check_added(const sks_puzzle *p, const sks_repair *rp, int k) {
  /* Over every solution, the one the givens came from needs k at most;
   * past the enumeration only the first solution found is completed. */
  CHECK(rp->all_solutions ? rp->ncells <= k : rp->ncells > 0);
  sks_puzzle *q = sks_puzzle_copy(p);
  for (int i = 0; i < rp->ncells; i++) {
    CHECK(p->cell[rp->cell[i]] < 0);
    q->cell[rp->cell[i]] = rp->digit[i];
  }
  CHECK_EQ(judge_count(q, 2, NULL), 1);
  /* fewest: in particular none of the added cells can be left out */
  for (int i = 0; rp->fewest && i < rp->ncells; i++) {
    q->cell[rp->cell[i]] = -1;
    CHECK(judge_count(q, 2, NULL) == 2);
    q->cell[rp->cell[i]] = rp->digit[i];
  }
  sks_puzzle_delete(q);
}

static void test_several(sks_repairer *r) {
  int checked = 0, all = 0;
  for (size_t f = 0; f < sizeof famous / sizeof *famous; f++)
    for (int k = 1; k <= 4; k++)
      for (int round = 0; round < 3; round++) {
        sks_puzzle *p = judge_parse(famous[f]);
        int removed = remove_givens(p, k);
        long long count = judge_count(p, 2, NULL);
        sks_repair rp;
        sks_repair_kind kind = sks_repair_puzzle(r, p, NULL, &rp);
        if (count == 1) {
          CHECK_EQ(kind, SKS_REPAIR_UNIQUE);
        } else {
          CHECK_EQ(kind, SKS_REPAIR_ADDED);
          CHECK(rp.all_solutions ? rp.fewest : true);
          check_added(p, &rp, removed);
          checked++;
          all += rp.all_solutions;
        }
        sks_puzzle_delete(p);
      }
  CHECK(checked > 20);
  CHECK(all > 15);
}

/* One solution beyond the enumeration: completed one solution, still
 * unique by picosat, and no more cells than removed. */
static void test_many_solutions(sks_repairer *r) {
  sks_puzzle *p = judge_parse(famous[1]);
  int removed = remove_givens(p, 12);
  sks_repair_options o = {.solutions = 8};
  sks_repair rp;
  CHECK_EQ(sks_repair_puzzle(r, p, &o, &rp), SKS_REPAIR_ADDED);
  CHECK(!rp.all_solutions);
  CHECK(rp.ncells > 0);
  sks_puzzle *q = sks_puzzle_copy(p);
  for (int i = 0; i < rp.ncells; i++)
    q->cell[rp.cell[i]] = rp.digit[i];
  CHECK_EQ(judge_count(q, 2, NULL), 1);
  (void)removed;
  sks_puzzle_delete(q);
  sks_puzzle_delete(p);
}

/* No k-1 givens of p clash (by picosat, every subset of that size; a
 * smaller clash would make some such subset clash too). */
static void check_no_smaller_clash(const sks_puzzle *p, int k) {
  int cells = p->shape->n * p->shape->n, given[128], ng = 0;
  for (int i = 0; i < cells && ng < 128; i++)
    if (p->cell[i] >= 0)
      given[ng++] = i;
  sks_puzzle *q = sks_puzzle_of(p->shape);
  int pick[3] = {0, 1, 2};
  for (;;) {
    for (int i = 0; i < k - 1; i++)
      q->cell[given[pick[i]]] = p->cell[given[pick[i]]];
    CHECK_EQ(judge_count(q, 1, NULL), 1);
    for (int i = 0; i < k - 1; i++)
      q->cell[given[pick[i]]] = -1;
    int j = k - 2; /* the next subset of k-1 of the ng givens */
    while (j >= 0 && pick[j] == ng - (k - 1) + j)
      j--;
    if (j < 0)
      break;
    pick[j]++;
    for (int i = j + 1; i < k - 1; i++)
      pick[i] = pick[i - 1] + 1;
  }
  sks_puzzle_delete(q);
}

/* A given that repeats a digit in its row: the clash is those two givens,
 * however large a clash the rest would also give. */
static void test_repeated_digit(sks_repairer *r) {
  sks_puzzle *p = judge_parse(famous[0]); /* row 1: 1....7.9. */
  p->cell[8] = 0;                         /* a 1 in r1c9 */
  sks_repair rp;
  CHECK_EQ(sks_repair_puzzle(r, p, NULL, &rp), SKS_REPAIR_CORE);
  CHECK(rp.fewest && rp.minimal);
  CHECK_EQ(rp.ncells, 2);
  if (rp.ncells == 2) {
    CHECK_EQ(rp.cell[0], 0);
    CHECK_EQ(rp.cell[1], 8);
    CHECK_EQ(rp.digit[0], 0);
    CHECK_EQ(rp.digit[1], 0);
  }
  sks_puzzle_delete(p);
}

static void test_clash(sks_repairer *r) {
  for (size_t f = 0; f < sizeof famous / sizeof *famous; f++)
    for (int round = 0; round < 4; round++) {
      sks_puzzle *p = judge_parse(famous[f]);
      int n = p->shape->n, cells = n * n;
      int *sol = malloc((size_t)cells * sizeof *sol);
      CHECK_EQ(judge_count(p, 2, sol), 1);
      int at;
      do
        at = next_rand(cells);
      while (p->cell[at] >= 0);
      p->cell[at] = (sol[at] + 1 + next_rand(n - 1)) % n;
      sks_repair rp;
      CHECK_EQ(sks_repair_puzzle(r, p, NULL, &rp), SKS_REPAIR_CORE);
      CHECK(rp.minimal);
      CHECK(rp.fewest);
      if (rp.ncells <= 3)
        check_no_smaller_clash(p, rp.ncells);
      sks_puzzle *q = sks_puzzle_of(p->shape);
      bool has = false;
      for (int i = 0; i < rp.ncells; i++) {
        CHECK_EQ(p->cell[rp.cell[i]], rp.digit[i]);
        q->cell[rp.cell[i]] = rp.digit[i];
        has |= rp.cell[i] == at;
      }
      CHECK(has);
      CHECK_EQ(judge_count(q, 1, NULL), 0);
      for (int i = 0; i < rp.ncells; i++) {
        q->cell[rp.cell[i]] = -1;
        CHECK_EQ(judge_count(q, 1, NULL), 1);
        q->cell[rp.cell[i]] = rp.digit[i];
      }
      sks_puzzle_delete(q);
      free(sol);
      sks_puzzle_delete(p);
    }
}

/* One repairer on a 4x4, then on a 9x9: the sets to hit are a cell
 * bitset each, 1 word on the 4x4 and 2 on the 9x9, and their room was
 * counted in sets of the old size (written past under ASan). */
static void test_bigger_side(void) {
  sks_repairer *r = sks_repairer_new();
  sks_puzzle *p = judge_parse("................"); /* 288 solutions */
  sks_repair_options o = {.solutions = 64};
  sks_repair rp;
  CHECK_EQ(sks_repair_puzzle(r, p, &o, &rp), SKS_REPAIR_ADDED);
  sks_puzzle_delete(p);
  p = judge_parse(famous[0]);
  int removed = 0; /* its first six givens: more than 256 solutions */
  for (int i = 0; i < 81 && removed < 6; i++)
    if (p->cell[i] >= 0) {
      p->cell[i] = -1;
      removed++;
    }
  CHECK_EQ(sks_repair_puzzle(r, p, NULL, &rp), SKS_REPAIR_ADDED);
  CHECK(!rp.all_solutions);
  check_added(p, &rp, removed);
  sks_puzzle_delete(p);
  sks_repairer_delete(r);
}

static void test_unique(sks_repairer *r) {
  sks_puzzle *p = judge_parse(famous[0]);
  sks_repair rp;
  CHECK_EQ(sks_repair_puzzle(r, p, NULL, &rp), SKS_REPAIR_UNIQUE);
  CHECK_EQ(rp.ncells, 0);
  sks_puzzle_delete(p);
}

int main(void) {
  sks_repairer *r = sks_repairer_new();
  test_unique(r);
  test_several(r);
  test_many_solutions(r);
  test_clash(r);
  test_repeated_digit(r);
  sks_repairer_delete(r);
  test_bigger_side();
  sks_repairer_delete(NULL);
  return check_report();
}
