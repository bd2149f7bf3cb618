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
  static const int o[6][3] = {{C, E, F},  {A, D, G},  {B, C, F},
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
      int items[4] = {r, n + q, 2 * n + r + q,
                      2 * n + 2 * n - 1 + r - q + n - 1};
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
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7.."
    "7...3..",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8..."
    "2.....1",
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

/* ------------------------------------------------------------------ */
/* The `dlx` backend on the exactly-one system. */

/* Every region of p holds each digit once and the givens are kept: a
 * check of its own, reading only p's regions. */
static int regions_ok(const sks_puzzle *p, const int *g) {
  int n = p->shape->n;
  for (int i = 0; i < n * n; i++)
    if (g[i] < 0 || g[i] >= n || (p->cell[i] >= 0 && p->cell[i] != g[i]))
      return 0;
  char seen[256];
  for (int k = 0; k < p->shape->nregions; k++) {
    memset(seen, 0, sizeof seen);
    for (int j = 0; j < n; j++)
      if (seen[g[p->shape->region[k * n + j]]]++)
        return 0;
  }
  return 1;
}

/* The grid of the solver's model (value > 0: candidate true). */
static void model_grid(const sks_solver *s, int n, int *g) {
  for (int i = 0; i < n * n; i++) {
    g[i] = -1;
    for (int d = 0; d < n; d++)
      if (sks_solver_value(s, sks_cell_var(n, i, d)) > 0)
        g[i] = g[i] < 0 ? d : -2; /* -2: two digits, caught as invalid */
  }
}

/* Counts p's solutions up to limit with dlx; every solution it reports is
 * checked; status in *st. */
static long long dlx_count(sks_solver *s, sks_eo *eo, const sks_puzzle *p,
                           sks_propagate level, long long limit, int *st) {
  sks_error err;
  sks_eo_load(eo, p, level);
  CHECK_EQ(sks_solver_load_eo(s, eo, &err), 0);
  long long k = sks_solver_count(s, limit, NULL, st);
  int *g = malloc((size_t)p->shape->n * p->shape->n * sizeof *g);
  if (k > 0) {
    model_grid(s, p->shape->n, g);
    CHECK(regions_ok(p, g));
  }
  if (k > 1) { /* the second solution: valid and different */
    int *g2 = malloc((size_t)p->shape->n * p->shape->n * sizeof *g2);
    for (int i = 0; i < p->shape->n * p->shape->n; i++) {
      g2[i] = -1;
      for (int d = 0; d < p->shape->n; d++)
        if (sks_solver_solution_value(s, 1, sks_cell_var(p->shape->n, i, d)) >
            0)
          g2[i] = d;
    }
    CHECK(regions_ok(p, g2));
    CHECK(memcmp(g, g2, (size_t)p->shape->n * p->shape->n * sizeof *g) != 0);
    free(g2);
  }
  /* Solving agrees with counting. */
  int r = sks_solver_solve(s, NULL);
  CHECK_EQ(r, k > 0 ? SKS_SAT : SKS_UNSAT);
  if (r == SKS_SAT) {
    model_grid(s, p->shape->n, g);
    CHECK(regions_ok(p, g));
    CHECK(sks_validate(p, g, &err));
  }
  free(g);
  return k;
}

static sks_puzzle *puzzle_from(int br, int bc, unsigned variants,
                               const char *line) {
  sks_puzzle *p = sks_puzzle_new(br, bc, variants, NULL, NULL);
  if (line)
    CHECK(parse_line(line, p->shape->n, p->cell));
  return p;
}

static void test_backend_basics(void) {
  const sks_backend *b = sks_backend_find("dlx");
  CHECK(b != NULL);
  if (!b)
    return;
  CHECK_EQ(b->caps, SKS_CAP_EO | SKS_CAP_CNF | SKS_CAP_UNSAT | SKS_CAP_COUNT |
                        SKS_CAP_STEPS);
  sks_error err;
  sks_solver *s = sks_solver_new("dlx", NULL, &err);
  int st;
  for (int j = 0; j < 2; j++) {
    sks_puzzle *p = puzzle_from(3, 3, 0, famous[j]);
    sks_eo *eo = sks_eo_new(p->shape);
    CHECK_EQ(dlx_count(s, eo, p, SKS_PROPAGATE_GIVENS, 0, &st), 1);
    CHECK_EQ(st, SKS_SAT);
    CHECK_EQ(dlx_count(s, eo, p, SKS_PROPAGATE_SINGLES, 2, &st), 1);
    sks_eo_delete(eo);
    sks_puzzle_delete(p);
  }
  /* Empty grids: 288 (4x4); the 6x6 ones stop at the limit. */
  sks_puzzle *p4 = puzzle_from(2, 2, 0, NULL);
  sks_eo *eo4 = sks_eo_new(p4->shape);
  CHECK_EQ(dlx_count(s, eo4, p4, SKS_PROPAGATE_GIVENS, 0, &st), 288);
  CHECK_EQ(st, SKS_SAT);
  sks_puzzle *p6 = puzzle_from(2, 3, 0, NULL);
  sks_eo *eo6 = sks_eo_new(p6->shape);
  /* Stopped by the count limit: "at least 100" is decided. */
  CHECK_EQ(dlx_count(s, eo6, p6, SKS_PROPAGATE_GIVENS, 100, &st), 100);
  CHECK_EQ(st, SKS_SAT);
  /* Stopped by a step limit: undecided. */
  {
    sks_limits few = {0, 20};
    long long k = sks_solver_count(s, 0, &few, &st);
    CHECK(k < 100);
    CHECK_EQ(st, SKS_UNKNOWN);
  }
  /* Back to the 4x4 shape on the same solver: the matrix is rebuilt. */
  CHECK_EQ(dlx_count(s, eo4, p4, SKS_PROPAGATE_SINGLES, 0, &st), 288);
  /* 3x2 boxes: same size as 2x3 but other regions. */
  sks_puzzle *p32 = puzzle_from(3, 2, 0, NULL);
  sks_eo *eo32 = sks_eo_new(p32->shape);
  CHECK_EQ(dlx_count(s, eo32, p32, SKS_PROPAGATE_GIVENS, 3, &st), 3);
  /* Clashing givens: none, known without search. */
  sks_puzzle *px = puzzle_from(3, 3, 0, NULL);
  sks_eo *eox = sks_eo_new(px->shape);
  px->cell[0] = px->cell[8] = 3;
  CHECK_EQ(dlx_count(s, eox, px, SKS_PROPAGATE_GIVENS, 0, &st), 0);
  CHECK_EQ(st, SKS_SAT);
  /* A step limit leaves the answer unknown. */
  sks_puzzle *pe = puzzle_from(3, 3, 0, famous[1]);
  sks_eo *eoe = sks_eo_new(pe->shape);
  sks_eo_load(eoe, pe, SKS_PROPAGATE_GIVENS);
  sks_solver_load_eo(s, eoe, &err);
  sks_limits lim = {0, 3};
  CHECK_EQ(sks_solver_solve(s, &lim), SKS_UNKNOWN);
  sks_stats stats;
  sks_solver_stats(s, &stats);
  CHECK(stats.nodes > 0 && stats.calls > 0 && stats.bytes > 0);
  /* Adding clauses is not an exact-cover notion. */
  int lit = 1;
  CHECK_EQ(sks_solver_add_clause(s, &lit, 1), -1);
  sks_eo_delete(eoe);
  sks_puzzle_delete(pe);
  sks_eo_delete(eox);
  sks_puzzle_delete(px);
  sks_eo_delete(eo32);
  sks_puzzle_delete(p32);
  sks_eo_delete(eo6);
  sks_puzzle_delete(p6);
  sks_eo_delete(eo4);
  sks_puzzle_delete(p4);
  sks_solver_delete(s);
}

/* Larger sizes and variants: grids valid by the region check. */
static void test_backend_shapes(void) {
  sks_error err;
  sks_solver *s = sks_solver_new("dlx", NULL, &err);
  static const int shapes[][3] = {{4, 4, 0},
                                  {3, 4, 0},
                                  {5, 5, 0},
                                  {3, 3, SKS_VARIANT_X},
                                  {3, 3, SKS_VARIANT_WINDOKU},
                                  {3, 3, SKS_VARIANT_X | SKS_VARIANT_WINDOKU},
                                  {4, 4, SKS_VARIANT_X}};
  for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
    sks_puzzle *p =
        puzzle_from(shapes[k][0], shapes[k][1], (unsigned)shapes[k][2], NULL);
    sks_eo *eo = sks_eo_new(p->shape);
    int st;
    sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
    sks_solver_load_eo(s, eo, &err);
    sks_limits lim = {0, 100000000}; /* nodes, not seconds */
    int r = sks_solver_solve(s, &lim);
    CHECK_EQ(r, SKS_SAT);
    if (r == SKS_SAT) {
      int *g = malloc((size_t)p->shape->n * p->shape->n * sizeof *g);
      model_grid(s, p->shape->n, g);
      CHECK(regions_ok(p, g));
      /* Its own solution, with a third of the cells blanked, is a puzzle
       * with at least one solution. */
      for (int i = 0; i < p->shape->n * p->shape->n; i++)
        p->cell[i] = (i * 7) % 3 ? g[i] : -1;
      CHECK(dlx_count(s, eo, p, SKS_PROPAGATE_SINGLES, 2, &st) >= 1);
      free(g);
    }
    sks_eo_delete(eo);
    sks_puzzle_delete(p);
  }
  sks_solver_delete(s);
}

/* dlx and picosat decide the same puzzles alike: unique, several, none.
 * The puzzles are the famous ones as published (unique), with givens
 * removed (several solutions: they are minimal) or changed (often none). */
static void test_backend_vs_picosat(void) {
  sks_error err;
  sks_solver *d = sks_solver_new("dlx", NULL, &err);
  sks_solver *ps = sks_solver_new("picosat", NULL, &err);
  CHECK(ps != NULL);
  if (!ps) {
    sks_solver_delete(d);
    return;
  }
  sks_puzzle *p = puzzle_from(3, 3, 0, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  int kinds[3] = {0, 0, 0}, disagree = 0, total = 0;
  for (int base = 0; base < 2; base++)
    for (int t = 0; t < 40; t++) {
      CHECK(parse_line(famous[base], 9, p->cell));
      int given[81], ng = 0;
      for (int i = 0; i < 81; i++)
        if (p->cell[i] >= 0)
          given[ng++] = i;
      if (t < 4) {             /* as published: unique */
      } else if (t % 2 == 0) { /* drop 1..3 givens */
        for (int j = 0; j <= t % 3; j++)
          p->cell[given[(t * 7 + j * 5) % ng]] = -1;
      } else { /* change one given */
        int i = given[(t * 3) % ng];
        p->cell[i] = (p->cell[i] + 1 + t % 8) % 9;
      }
      int st;
      long long kd = dlx_count(d, eo, p, SKS_PROPAGATE_GIVENS, 2, &st);
      sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
      CHECK_EQ(sks_solver_load_eo(ps, eo, &err), 0);
      sks_count_result r =
          sks_count(ps, eo, p, 2, NULL, NULL, NULL, NULL, &err);
      CHECK(r.status >= 0);
      total++;
      if (r.count != kd)
        disagree++;
      kinds[kd > 2 ? 2 : kd]++;
    }
  CHECK_EQ(disagree, 0);
  fprintf(stderr, "dlx vs picosat: %d none, %d unique, %d several\n", kinds[0],
          kinds[1], kinds[2]);
  CHECK(total == 80 && kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  sks_solver_delete(ps);
  sks_solver_delete(d);
}

/* A CNF the encoder wrote carries its puzzle: dlx solves it, and the
 * values it gives the CNF's variables satisfy every clause (identity and
 * renumbered); a plain CNF is refused with the reason. */
static void test_backend_cnf(void) {
  sks_error err;
  sks_solver *s = sks_solver_new("dlx", NULL, &err);
  sks_puzzle *p = puzzle_from(3, 3, 0, famous[0]);
  sks_eo *eo = sks_eo_new(p->shape);
  for (int renumber = 0; renumber <= 1; renumber++)
    for (int level = 0; level <= 1; level++) {
      sks_eo_load(eo, p, (sks_propagate)level);
      sks_cnf *cnf = sks_cnf_new();
      sks_encode_options eopt = {SKS_ENCODING_EXTENDED, SKS_AMO_PAIRWISE,
                                 renumber != 0};
      sks_encode(eo, &eopt, cnf);
      CHECK(cnf->desc != NULL);
      CHECK_EQ(sks_solver_load_cnf(s, cnf, &err), 0);
      CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
      sks_model *m = sks_model_new();
      m->nvars = cnf->nvars;
      m->val = malloc((size_t)cnf->nvars + 1);
      for (int v = 1; v <= cnf->nvars; v++)
        m->val[v] = sks_solver_value(s, v) > 0 ? 1 : -1;
      m->status = SKS_SAT;
      CHECK(sks_model_satisfies(m, cnf, &err));
      int g[81];
      CHECK_EQ(sks_decode_model(eo, cnf->desc, m, g, &err), 0);
      CHECK(regions_ok(p, g));
      sks_model_delete(m);
      sks_cnf_delete(cnf);
    }
  sks_cnf *plain = sks_cnf_new();
  int cl[2] = {1, 2};
  sks_cnf_add_clause(plain, cl, 2);
  memset(&err, 0, sizeof err);
  CHECK_EQ(sks_solver_load_cnf(s, plain, &err), -1);
  CHECK(strstr(err.msg, "not an exact-cover problem") != NULL);
  sks_cnf_delete(plain);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  sks_solver_delete(s);
}

/* The shared corpus (tests/puzzles/corpus.txt: puzzle:count[:solution],
 * 4x4 to 25x25): dlx finds each known count, both propagation levels, and
 * its first solution is valid and, where the corpus gives the solution,
 * equal to it. */
static void test_backend_corpus(void) {
  FILE *f = fopen("puzzles/corpus.txt", "r");
  CHECK(f != NULL);
  if (!f)
    return;
  sks_error err;
  sks_solver *s = sks_solver_new("dlx", NULL, &err);
  static char line[4096];
  int lines = 0, wrong = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n')
      continue;
    line[strcspn(line, "\r\n")] = '\0';
    char *c1 = strchr(line, ':');
    if (!c1)
      continue;
    *c1 = '\0';
    char *c2 = strchr(c1 + 1, ':');
    if (c2)
      *c2 = '\0';
    long long want = atoll(c1 + 1);
    sks_format_options opt;
    memset(&opt, 0, sizeof opt);
    sks_puzzle *p = NULL, *sol = NULL;
    if (sks_puzzle_parse(line, &opt, &p, &err) != 0 || !p) {
      fprintf(stderr, "corpus: cannot parse %s: %s\n", line, err.msg);
      wrong++;
      continue;
    }
    lines++;
    sks_eo *eo = sks_eo_new(p->shape);
    for (int level = 0; level <= 1; level++) {
      int st;
      long long got = dlx_count(s, eo, p, (sks_propagate)level, want + 1, &st);
      if (got != want || st != SKS_SAT) {
        fprintf(stderr, "corpus: %s: dlx counts %lld, known %lld\n", line, got,
                want);
        wrong++;
      }
    }
    if (c2 && sks_puzzle_parse(c2 + 1, &opt, &sol, &err) == 0 && sol) {
      sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
      sks_solver_load_eo(s, eo, &err);
      int *g = malloc((size_t)p->shape->n * p->shape->n * sizeof *g);
      if (sks_solver_solve(s, NULL) == SKS_SAT) {
        model_grid(s, p->shape->n, g);
        if (memcmp(g, sol->cell, (size_t)p->shape->n * p->shape->n * sizeof *g))
          wrong++;
      } else {
        wrong++;
      }
      free(g);
      sks_puzzle_delete(sol);
    }
    sks_eo_delete(eo);
    sks_puzzle_delete(p);
  }
  fclose(f);
  CHECK(lines > 40);
  CHECK_EQ(wrong, 0);
  sks_solver_delete(s);
}

int main(void) {
  test_knuth_example();
  test_queens();
  test_random_brute();
  test_edges();
  test_sudoku_direct();
  test_backend_basics();
  test_backend_shapes();
  test_backend_vs_picosat();
  test_backend_cnf();
  test_backend_corpus();
  return check_report();
}
