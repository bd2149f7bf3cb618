/* Unit tests of the analog solver: small CNFs with known answers, an
 * unsatisfiable one ending unknown, puzzles checked by a grid check written
 * here, reproducibility, overflow-free weights, the backend on a loaded
 * puzzle, and the hardness rating ordering an easy and a very hard puzzle. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h" /* sks_analog_lanes_fit */
#include "check.h"
#include "sks_analog.h"
#include "sudokusat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct tcnf {
  int *lits;
  size_t n, cap;
  long ncl;
} tcnf;
static void tpush(tcnf *t, int x) {
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 1024;
    t->lits = realloc(t->lits, t->cap * sizeof *t->lits);
  }
  t->lits[t->n++] = x;
  if (!x)
    t->ncl++;
}
/* grid: n*n, -1 blank.  Returns a CNF in cnf (lits owned by the caller). */
static void sudoku_cnf(const int *grid, int n, sks_cnf *cnf) {
  int b = (int)(sqrt((double)n) + 0.5);
  char *dead = calloc((size_t)n * n * n + 1, 1);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int g = grid[r * n + c];
      if (g < 0)
        continue;
      for (int d = 0; d < n; d++)
        if (d != g)
          dead[sks_var(n, r, c, d)] = 1;
      for (int k = 0; k < n; k++) {
        if (k != c)
          dead[sks_var(n, r, k, g)] = 1;
        if (k != r)
          dead[sks_var(n, k, c, g)] = 1;
        int rr = r / b * b + k / b, cc = c / b * b + k % b;
        if (rr != r || cc != c)
          dead[sks_var(n, rr, cc, g)] = 1;
      }
    }
  tcnf t = {0};
  int *grp = malloc(n * sizeof *grp);
  for (int kind = 0; kind < 4; kind++)
    for (int x = 0; x < n; x++)
      for (int y = 0; y < n; y++) {
        int k = 0, done = 0;
        for (int z = 0; z < n; z++) {
          int r, c, d;
          if (kind == 0)
            r = x, c = y, d = z; /* cell */
          else if (kind == 1)
            r = x, d = y, c = z; /* row, digit */
          else if (kind == 2)
            c = x, d = y, r = z; /* column, digit */
          else
            r = x / b * b + z / b, c = x % b * b + z % b, d = y; /* box */
          int v = sks_var(n, r, c, d);
          if (grid[r * n + c] == d)
            done = 1;
          if (!dead[v] && grid[r * n + c] < 0)
            grp[k++] = v;
        }
        if (done)
          continue;
        for (int i = 0; i < k; i++)
          tpush(&t, grp[i]);
        tpush(&t, 0);
        for (int i = 0; i < k; i++)
          for (int j = i + 1; j < k; j++) {
            tpush(&t, -grp[i]);
            tpush(&t, -grp[j]);
            tpush(&t, 0);
          }
      }
  memset(cnf, 0, sizeof *cnf);
  cnf->nvars = n * n * n;
  cnf->nclauses = t.ncl;
  cnf->lits = t.lits;
  cnf->nlits = cnf->cap = t.n;
  free(grp);
  free(dead);
}
static int parse81(const char *s, int *grid) {
  int k = 0;
  for (; *s && k < 81; s++) {
    if (*s >= '1' && *s <= '9')
      grid[k++] = *s - '1';
    else if (*s == '.' || *s == '0')
      grid[k++] = -1;
    else
      return -1;
  }
  return k == 81 ? 0 : -1;
}
/* Independent check: every row, column and box holds 0..n-1 once, givens kept.
 */
static int grid_ok(const int *given, const int *g, int n) {
  int b = (int)(sqrt((double)n) + 0.5);
  for (int i = 0; i < n * n; i++) {
    if (g[i] < 0 || g[i] >= n)
      return 0;
    if (given[i] >= 0 && given[i] != g[i])
      return 0;
  }
  for (int x = 0; x < n; x++) {
    unsigned long long row = 0, col = 0, box = 0;
    for (int z = 0; z < n; z++) {
      row |= 1ull << g[x * n + z];
      col |= 1ull << g[z * n + x];
      box |= 1ull << g[(x / b * b + z / b) * n + x % b * b + z % b];
    }
    unsigned long long all = n == 64 ? ~0ull : (1ull << n) - 1;
    if (row != all || col != all || box != all)
      return 0;
  }
  return 1;
}
/* Grid from a model by var: givens, else the one true candidate. */
static void model_grid(const signed char *model, const int *given, int n,
                       int *g) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      g[r * n + c] = given[r * n + c];
      if (g[r * n + c] >= 0)
        continue;
      for (int d = 0; d < n; d++)
        if (model[sks_var(n, r, c, d)] > 0) {
          g[r * n + c] = g[r * n + c] < 0 ? d : n;
        }
    }
}

static const char *EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67."
                          "82....26.95..8..2.3..9..5.1.3..";
static const char *NEWSPAPER = "..3.2..9...2..5...9.4.8...14...6..8....5.7...."
                               "3..1...41...5.3.9...1..8...7..9.2..";
static const char *PLATINUM_BLONDE =
    ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5.."
    "47...6...";
static const char *SEVENTEEN[] = {
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8..."
    "962...7...",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9."
    ".8...1.",
};

/* Every clause of a CNF under a model (by var, >0 true). */
static bool clauses_ok(const sks_cnf *cnf, const signed char *model) {
  bool sat = false;
  for (size_t i = 0; i < cnf->nlits; i++) {
    int l = cnf->lits[i];
    if (!l) {
      if (!sat)
        return false;
      sat = false;
    } else if ((l > 0) == (model[abs(l)] > 0))
      sat = true;
  }
  return true;
}

static void plain_cnf(sks_cnf *cnf, const int *lits, size_t n) {
  memset(cnf, 0, sizeof *cnf);
  cnf->lits = malloc((n + 1) * sizeof *cnf->lits);
  memcpy(cnf->lits, lits, n * sizeof *lits);
  cnf->nlits = cnf->cap = n;
  for (size_t i = 0; i < n; i++) {
    if (abs(lits[i]) > cnf->nvars)
      cnf->nvars = abs(lits[i]);
    cnf->nclauses += !lits[i];
  }
}

static void test_small(void) {
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  /* Step budgets here, not seconds: the outcome must not depend on the
   * machine or an instrumented build (these take 4-6 steps). */
  sks_limits lim = {0, 10000};
  sks_analog_result res;
  CHECK_EQ(sks_analog_method_parse("split"), SKS_ANALOG_SPLIT);
  CHECK(!strcmp(sks_analog_method_name(SKS_ANALOG_SPLIT), "split"));
  /* (x1 | x2) (-x1 | x2) (x1 | -x2): only x1 = x2 = true. */
  static const int two[] = {1, 2, 0, -1, 2, 0, 1, -2, 0};
  sks_cnf cnf;
  plain_cnf(&cnf, two, sizeof two / sizeof *two);
  for (int method = 1; method <= 3; method++) {
    opt.method = method;
    sks_analog *a = sks_analog_new(&cnf);
    CHECK_EQ(sks_analog_solve(a, &opt, 3, &lim, &res), SKS_SAT);
    CHECK(sks_analog_model(a)[1] > 0 && sks_analog_model(a)[2] > 0);
    sks_analog_delete(a);
  }
  free(cnf.lits);
  opt.method = 0;
  /* Repeated literals, duplicate clauses and a tautology are dropped. */
  static const int dup[] = {1, 1, 0, 1, 0, 2, -3, 0, -3, 2, 0, 3, -3, 0};
  plain_cnf(&cnf, dup, sizeof dup / sizeof *dup);
  sks_analog *a = sks_analog_new(&cnf);
  CHECK_EQ(sks_analog_nclauses(a), 2);
  CHECK_EQ(sks_analog_nlits(a), 3);
  CHECK_EQ(sks_analog_solve(a, &opt, 1, &lim, &res), SKS_SAT);
  CHECK(clauses_ok(&cnf, sks_analog_model(a)));
  sks_analog_delete(a);
  free(cnf.lits);
  /* Planted random 3-SAT, 80 variables at ratio 4: satisfiable. */
  uint64_t rng = 99;
  int planted[81], *lits = malloc(4 * 320 * sizeof *lits);
  for (int v = 1; v <= 80; v++)
    planted[v] = (int)(rng = rng * 6364136223846793005ull + 1) >> 31 & 1;
  size_t n = 0;
  for (int c = 0; c < 320;) {
    int cl[3];
    bool sat = false;
    for (int j = 0; j < 3; j++) {
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      int v = 1 + (int)((rng >> 33) % 80);
      int sign = (rng >> 20) & 1;
      cl[j] = sign ? v : -v;
      sat |= (cl[j] > 0) == (planted[v] == 1);
    }
    if (!sat)
      continue;
    for (int j = 0; j < 3; j++)
      lits[n++] = cl[j];
    lits[n++] = 0;
    c++;
  }
  plain_cnf(&cnf, lits, n);
  free(lits);
  for (int method = 1; method <= 3; method++) {
    opt.method = method;
    a = sks_analog_new(&cnf);
    CHECK_EQ(sks_analog_solve(a, &opt, 5, &lim, &res), SKS_SAT);
    CHECK(clauses_ok(&cnf, sks_analog_model(a)));
    sks_analog_delete(a);
  }
  free(cnf.lits);
}

/* One clause of 1,100 literals makes the splitting sweep's table of other
 * literals (sum k(k-1) = 1.2 million) too large, so the sweep reads the
 * clauses instead: that path must solve too.  With the implication chain
 * x_(i+1) -> x_i the solutions are the nonempty prefixes x_1..x_k. */
static void test_long_clause(void) {
  enum { N = 1100 };
  int *lits = malloc((N + 1 + 3 * (N - 1)) * sizeof *lits);
  size_t n = 0;
  for (int v = 1; v <= N; v++)
    lits[n++] = v;
  lits[n++] = 0;
  for (int v = 1; v < N; v++)
    lits[n++] = v, lits[n++] = -(v + 1), lits[n++] = 0;
  sks_cnf cnf;
  plain_cnf(&cnf, lits, n);
  free(lits);
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  sks_limits lim = {0, 20000}; /* ~600 trial steps in a Release build */
  sks_analog_result res;
  sks_analog *a = sks_analog_new(&cnf);
  CHECK_EQ(sks_analog_nlits(a), N + 2 * (N - 1));
  CHECK_EQ(sks_analog_solve(a, &opt, 1, &lim, &res), SKS_SAT);
  CHECK(clauses_ok(&cnf, sks_analog_model(a)));
  sks_analog_delete(a);
  free(cnf.lits);
}

static void test_unsat(void) {
  /* x1 and not x1; and pigeonhole 3 into 2 (vars p*2+h+1). */
  static const int contra[] = {1, 0, -1, 0, 2, 3, 0};
  static const int php[] = {1, 2,  0,  3, 4,  0,  5, 6,  0,  -1, -3, 0,  -1, -5,
                            0, -3, -5, 0, -2, -4, 0, -2, -6, 0,  -4, -6, 0};
  const int *cases[] = {contra, php};
  size_t sizes[] = {sizeof contra / sizeof *contra, sizeof php / sizeof *php};
  for (int k = 0; k < 2; k++) {
    sks_cnf cnf;
    plain_cnf(&cnf, cases[k], sizes[k]);
    sks_analog *a = sks_analog_new(&cnf);
    sks_analog_options opt;
    sks_analog_options_init(&opt);
    /* (the time limit far off: the steps stop it, however loaded the
     * machine) */
    sks_limits lim = {60, 3000};
    sks_analog_result res;
    double t0 = sks_time();
    CHECK_EQ(sks_analog_solve(a, &opt, 1, &lim, &res), SKS_UNKNOWN);
    CHECK(res.steps + res.rejected <= 3000);
    CHECK(res.steps > 0);
    CHECK(sks_time() - t0 < 60);
    sks_analog_delete(a);
    free(cnf.lits);
  }
}

static int solve_puzzle(const char *text, const sks_analog_options *opt,
                        unsigned long long seed, double seconds,
                        sks_analog_result *res, int *grid) {
  int given[81];
  if (parse81(text, given))
    return -1;
  sks_cnf cnf;
  sudoku_cnf(given, 9, &cnf);
  sks_analog *a = sks_analog_new(&cnf);
  /* A step budget, not wall time: with one thread the outcome is then the
   * same on any machine and under the sanitizers. */
  (void)seconds;
  sks_limits lim = {0, 2000000};
  int st = sks_analog_solve(a, opt, seed, &lim, res);
  int ok = 0;
  if (st == SKS_SAT) {
    model_grid(sks_analog_model(a), given, 9, grid);
    ok = grid_ok(given, grid, 9) && clauses_ok(&cnf, sks_analog_model(a));
  }
  sks_analog_delete(a);
  free(cnf.lits);
  return ok;
}

static void test_puzzles(void) {
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  sks_analog_result res;
  int grid[81];
  const char *list[] = {EASY, NEWSPAPER, SEVENTEEN[0], SEVENTEEN[1]};
  for (int i = 0; i < 4; i++)
    CHECK_EQ(solve_puzzle(list[i], &opt, 1, 60, &res, grid), 1);
  /* The other integrator and the K^2 law on the same puzzle. */
  opt.method = SKS_ANALOG_CASH_KARP;
  CHECK_EQ(solve_puzzle(EASY, &opt, 1, 60, &res, grid), 1);
  opt.method = SKS_ANALOG_SPLIT;
  CHECK_EQ(solve_puzzle(SEVENTEEN[0], &opt, 1, 60, &res, grid), 1);
  opt.method = SKS_ANALOG_RKC;
  opt.memory = 2;
  CHECK_EQ(solve_puzzle(NEWSPAPER, &opt, 2, 60, &res, grid), 1);
  /* Two threads: first to finish wins, the answer is still checked. */
  opt.memory = 1;
  opt.threads = 2;
  CHECK_EQ(solve_puzzle(NEWSPAPER, &opt, 3, 60, &res, grid), 1);
}

static void test_reproducible(void) {
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  sks_analog_result r1, r2;
  int g1[81], g2[81];
  CHECK_EQ(solve_puzzle(NEWSPAPER, &opt, 7, 60, &r1, g1), 1);
  CHECK_EQ(solve_puzzle(NEWSPAPER, &opt, 7, 60, &r2, g2), 1);
  CHECK_EQ(r1.steps, r2.steps);
  CHECK_EQ(r1.rejected, r2.rejected);
  CHECK_EQ(r1.rhs, r2.rhs);
  CHECK_EQ(r1.seed, r2.seed);
  CHECK(r1.t == r2.t);
  CHECK(!memcmp(g1, g2, sizeof g1));
  /* A different seed takes a different path. */
  CHECK_EQ(solve_puzzle(NEWSPAPER, &opt, 8, 60, &r2, g2), 1);
  CHECK(r1.steps != r2.steps || r1.t != r2.t);
}

/* Reads a trace and checks every field of every row is a finite number;
 * returns the largest max_ln_a seen (or -1 on a malformed trace). */
static double trace_check(FILE *f, long *rows) {
  char line[4096];
  rewind(f);
  *rows = 0;
  if (!fgets(line, sizeof line, f) || strncmp(line, "run,t,unsat,ln_V", 16))
    return -1;
  double umax = 0;
  while (fgets(line, sizeof line, f)) {
    char *p = line, *end;
    for (int field = 0; *p && *p != '\n'; field++) {
      double x = strtod(p, &end);
      if (end == p || !isfinite(x))
        return -1;
      if (field == 4 && x > umax)
        umax = x;
      p = *end == ',' ? end + 1 : end;
    }
    ++*rows;
  }
  return umax;
}

static void test_overflow(void) {
  /* x1 and not x1: the weights grow without end (u >= t/2 for one of the
   * two clauses), and the spin ODE stiffens with them: the integrators must
   * keep rejecting what would blow up rather than let it in. */
  static const int contra[] = {1, 0, -1, 0};
  sks_cnf cnf;
  plain_cnf(&cnf, contra, 4);
  sks_analog *a = sks_analog_new(&cnf);
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  FILE *f = tmpfile();
  opt.trace = f;
  opt.trace_every = 10;
  sks_analog_result res;
  for (int method = 1; method <= 3; method++) {
    opt.method = method;
    rewind(f);
    CHECK_EQ(sks_analog_run(a, &opt, 1, 0, 20000, 20, &res), SKS_UNKNOWN);
    fflush(f);
    long rows;
    double umax = trace_check(f, &rows);
    CHECK(umax > 5);
    CHECK(rows > 10);
    CHECK(isfinite(res.t) && res.t > 10);
  }
  sks_analog_delete(a);
  free(cnf.lits);
  fclose(f);
  /* A hard puzzle without restarts: nothing non-finite ever reaches the
   * state (the trace shows spins, weights and V). */
  int given[81];
  parse81(PLATINUM_BLONDE, given);
  sudoku_cnf(given, 9, &cnf);
  a = sks_analog_new(&cnf);
  f = tmpfile();
  opt.trace = f;
  opt.trace_every = 20;
  opt.method = 0;
  sks_analog_run(a, &opt, 1, 0, 0, 3, &res);
  fflush(f);
  long rows;
  double umax = trace_check(f, &rows);
  CHECK(umax > 5);
  CHECK(rows > 20);
  fclose(f);
  sks_analog_delete(a);
  free(cnf.lits);
}

/* The backend's weight law: unset is K2 (measured faster), 1 the
 * published K.  Same seed: unset and 2 take the same path; 1 another. */
static void test_backend_law(void) {
  sks_puzzle *p = NULL;
  sks_format_options fo = {0};
  sks_error err;
  CHECK_EQ(sks_puzzle_parse(NEWSPAPER, &fo, &p, &err), 0);
  if (!p)
    return;
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
  sks_stats st[3];
  for (int law = 0; law < 3; law++) {
    sks_solver_options so = {.seed = 5, .analog_memory = law};
    sks_solver *s = sks_solver_new("analog", &so, &err);
    CHECK_EQ(sks_solver_load_eo(s, eo, &err), 0);
    sks_limits lim = {0, 2000000};
    CHECK_EQ(sks_solver_solve(s, &lim), SKS_SAT);
    sks_solver_stats(s, &st[law]);
    sks_solver_delete(s);
  }
  CHECK_EQ(st[0].steps, st[2].steps);
  CHECK(st[0].analog_time == st[2].analog_time);
  CHECK(st[1].steps != st[2].steps || st[1].analog_time != st[2].analog_time);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

/* The backend through the solver interface, on a puzzle loaded as an
 * exactly-one system, decoded and validated. */
static void test_backend(void) {
  sks_solver_options so = {.seed = 1, .analog_memory = 1};
  sks_error err;
  sks_solver *s = sks_solver_new("analog", &so, &err);
  CHECK(s != NULL);
  if (!s)
    return;
  CHECK(!(sks_solver_backend(s)->caps & SKS_CAP_UNSAT));
  const char *list[] = {EASY, NEWSPAPER, SEVENTEEN[0]};
  for (int i = 0; i < 3; i++) {
    sks_puzzle *p = NULL;
    sks_format_options fo = {0};
    CHECK_EQ(sks_puzzle_parse(list[i], &fo, &p, &err), 0);
    if (!p)
      continue;
    sks_eo *eo = sks_eo_new(p->shape);
    sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
    CHECK_EQ(sks_solver_load_eo(s, eo, &err), 0);
    sks_limits lim = {0, 2000000}; /* steps: the same outcome anywhere */
    CHECK_EQ(sks_solver_solve(s, &lim), SKS_SAT);
    int grid[81], given[81];
    CHECK_EQ(sks_decode_solver(eo, s, grid, &err), 0);
    parse81(list[i], given);
    CHECK(grid_ok(given, grid, 9));
    CHECK(sks_validate(p, grid, &err));
    sks_eo_delete(eo);
    sks_puzzle_delete(p);
  }
  /* A plain CNF, then an unsatisfiable one: unknown, never UNSAT. */
  static const int two[] = {1, 2, 0, -1, 2, 0, 1, -2, 0};
  sks_cnf cnf;
  plain_cnf(&cnf, two, 9);
  CHECK_EQ(sks_solver_load_cnf(s, &cnf, &err), 0);
  CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
  CHECK(sks_solver_value(s, 1) > 0 && sks_solver_value(s, 2) > 0);
  int block[] = {-1, -2};
  sks_solver_add_clause(s, block, 2);
  sks_limits lim = {2, 2000};
  CHECK_EQ(sks_solver_solve(s, &lim), SKS_UNKNOWN);
  sks_stats st;
  sks_solver_stats(s, &st);
  CHECK(st.steps > 0 && st.rhs >= st.steps && st.analog_time > 0);
  free(cnf.lits);
  sks_solver_delete(s);
}

static void test_rate(void) {
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  const char *list[] = {EASY, PLATINUM_BLONDE};
  sks_analog_rating r[2];
  for (int i = 0; i < 2; i++) {
    int given[81];
    parse81(list[i], given);
    sks_cnf cnf;
    sudoku_cnf(given, 9, &cnf);
    sks_analog *a = sks_analog_new(&cnf);
    sks_analog_rate(a, &opt, 1, 8, 50, 10, 2, &r[i]);
    sks_analog_delete(a);
    free(cnf.lits);
  }
  CHECK_EQ(r[0].runs, 8);
  CHECK(r[0].solved >= 6);
  CHECK(r[0].eta_lo <= r[0].eta && r[0].eta <= r[0].eta_hi);
  CHECK(r[0].eta < r[1].eta);
  CHECK(r[0].eta_hi < r[1].eta_lo);
  CHECK(!strcmp(sks_analog_label(r[0].eta), "easy") ||
        !strcmp(sks_analog_label(r[0].eta), "medium"));
  CHECK(!strcmp(sks_analog_label(3.58), "ultra-hard"));
  CHECK(!strcmp(sks_analog_label(1.0), "easy"));
  CHECK(!strcmp(sks_analog_label(2.5), "hard"));
}

/* The rating's runs in vector lanes take every run's trajectory bit for
 * bit as one run at a time does: the same end and outcome for each run,
 * on 1 and 2 threads, under both laws, with a run count that leaves lanes
 * idle at the end. */
static void test_rate_lanes(void) {
  int given[81];
  parse81(NEWSPAPER, given);
  sks_cnf cnf;
  sudoku_cnf(given, 9, &cnf);
  sks_analog *a = sks_analog_new(&cnf);
  enum { RUNS = 11 };
  for (int law = 1; law <= 2; law++)
    for (int threads = 1; threads <= 2; threads++) {
      sks_analog_options one, lanes;
      sks_analog_options_init(&one);
      one.memory = law;
      one.lanes = -1;
      one.rate_width = 0;
      lanes = one;
      lanes.lanes = SKS_ANALOG_LANES_DOUBLE;
      CHECK(sks_analog_lanes_fit(a, &lanes));
      CHECK(!sks_analog_lanes_fit(a, &one));
      double t1[RUNS], t2[RUNS];
      bool s1[RUNS], s2[RUNS];
      sks_analog_rating r1, r2;
      sks_analog_rate_runs(a, &one, 7, RUNS, 150, 0, threads, &r1, t1, s1);
      sks_analog_rate_runs(a, &lanes, 7, RUNS, 150, 0, threads, &r2, t2, s2);
      int solved = 0, censored = 0;
      for (int r = 0; r < RUNS; r++) {
        CHECK(t1[r] == t2[r]);
        CHECK_EQ(s1[r], s2[r]);
        solved += s1[r];
        censored += !s1[r] && t1[r] == 150;
      }
      /* both outcomes occur, so the comparison covers both ends */
      CHECK(solved > 0 && censored > 0);
      CHECK_EQ(r1.solved, r2.solved);
      CHECK(r1.eta == r2.eta && r1.eta_lo == r2.eta_lo &&
            r1.eta_hi == r2.eta_hi);
    }
  /* The single-precision lanes (the default) are other trajectories, but
   * every run's own whichever thread and lane takes it: 1, 2 and 3
   * threads agree run for run, under both laws. */
  for (int law = 1; law <= 2; law++) {
    sks_analog_options fl;
    sks_analog_options_init(&fl);
    fl.memory = law;
    CHECK_EQ(fl.lanes, SKS_ANALOG_LANES_FLOAT); /* the default */
    CHECK(fl.rate_width == SKS_ANALOG_RATE_WIDTH);
    fl.rate_width = 0;
    CHECK(sks_analog_lanes_fit(a, &fl));
    enum { FRUNS = 21 };
    double t[3][FRUNS];
    bool s[3][FRUNS];
    sks_analog_rating r[3];
    for (int k = 0; k < 3; k++)
      sks_analog_rate_runs(a, &fl, 5, FRUNS, 150, 0, k + 1, &r[k], t[k], s[k]);
    int solved = 0, censored = 0;
    for (int q = 0; q < FRUNS; q++) {
      for (int k = 1; k < 3; k++) {
        CHECK(t[0][q] == t[k][q]);
        CHECK_EQ(s[0][q], s[k][q]);
      }
      solved += s[0][q];
      censored += !s[0][q] && t[0][q] == 150;
    }
    CHECK(solved > 0 && censored > 0);
    CHECK(r[0].eta == r[1].eta && r[0].eta == r[2].eta);
  }
  /* The stopping rule: with rate_width 0.3 (K = 9 solved runs) the
   * rating counts the first n runs, n the first count with 9 solved
   * among them; each counted run is the run of the full rating, and the
   * count is the same on 1 and 3 threads. */
  {
    enum { SRUNS = 40 };
    sks_analog_options full, stop;
    sks_analog_options_init(&full);
    /* K = ceil((1.96 log10(e) / W)^2) */
    CHECK_EQ(sks_analog_rate_events(0.3), 9);
    CHECK_EQ(sks_analog_rate_events(0.2), 19);
    CHECK_EQ(sks_analog_rate_events(0.05), 290);
    CHECK_EQ(sks_analog_rate_events(0), 0);
    full.rate_width = 0;
    stop = full;
    stop.rate_width = 0.3;
    double tf[SRUNS], ts[2][SRUNS];
    bool sf[SRUNS], ss[2][SRUNS];
    sks_analog_rating rf, rs[2];
    sks_analog_rate_runs(a, &full, 9, SRUNS, 150, 0, 2, &rf, tf, sf);
    CHECK(!rf.stopped && rf.runs == SRUNS);
    int n = 0, k = 0;
    while (n < SRUNS && k < 9)
      k += sf[n++];
    CHECK(k == 9 && n < SRUNS && sf[n - 1]);
    for (int q = 0; q < 2; q++) {
      sks_analog_rate_runs(a, &stop, 9, SRUNS, 150, 0, 1 + 2 * q, &rs[q], ts[q],
                           ss[q]);
      CHECK(rs[q].stopped);
      CHECK_EQ(rs[q].runs, n);
      CHECK_EQ(rs[q].solved, 9);
      for (int r = 0; r < n; r++) {
        CHECK(ts[q][r] == tf[r]);
        CHECK_EQ(ss[q][r], sf[r]);
      }
    }
    CHECK(rs[0].eta == rs[1].eta && rs[0].eta_lo == rs[1].eta_lo);
  }
  /* another method runs one at a time */
  sks_analog_options rkc;
  sks_analog_options_init(&rkc);
  rkc.method = SKS_ANALOG_RKC;
  CHECK(!sks_analog_lanes_fit(a, &rkc));
  sks_analog_delete(a);
  free(cnf.lits);
  /* a problem whose lanes' states would pass 64 MB (vectors of 32
   * bytes, 3 a spin and 6 a clause): one run at a time */
  enum { BIGV = 50000, BIGC = 360000 };
  int *big = malloc(sizeof *big * BIGC * 4);
  uint64_t x = 99;
  for (int c = 0; c < BIGC; c++) {
    for (int j = 0; j < 3; j++) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      int v = 1 + (int)((x >> 33) % BIGV);
      big[c * 4 + j] = (x >> 20) & 1 ? v : -v;
    }
    big[c * 4 + 3] = 0;
  }
  sks_cnf bc;
  plain_cnf(&bc, big, (size_t)BIGC * 4);
  sks_analog *b = sks_analog_new(&bc);
  sks_analog_options dflt;
  sks_analog_options_init(&dflt);
  CHECK(sks_analog_nclauses(b) > 350000);
  CHECK(!sks_analog_lanes_fit(b, &dflt));
  sks_analog_delete(b);
  free(bc.lits);
  free(big);
}

/* The set-up stops at its deadline wherever it is: deadlines from "now"
 * up to long enough, on 300,000 random 3-clauses, give NULL or the whole
 * problem (the same clauses as with no deadline), never anything else
 * (under ASan: no leak or double free on any way out). */
static void test_deadline(void) {
  sks_cnf *cnf = sks_cnf_new();
  unsigned x = 12345;
  for (int i = 0; i < 300000; i++) {
    int lits[3];
    for (int k = 0; k < 3; k++) {
      x = x * 1103515245u + 12345u;
      int v = 1 + (int)((x >> 8) % 60000);
      lits[k] = (x >> 4) & 1 ? v : -v;
    }
    sks_cnf_add_clause(cnf, lits, 3);
  }
  sks_analog *whole = sks_analog_new_until(cnf, 0);
  CHECK(whole != NULL);
  CHECK(sks_analog_new_until(cnf, sks_time() - 1) == NULL);
  int cut = 0, full = 0;
  /* (up to minutes: the loop ends at the first whole set-up, which a
   * loaded machine reaches later) */
  for (double wait = 1e-4; wait < 600 && !full; wait *= 2) {
    sks_analog *a = sks_analog_new_until(cnf, sks_time() + wait);
    if (!a) {
      cut++;
      continue;
    }
    full++;
    CHECK_EQ(sks_analog_nclauses(a), sks_analog_nclauses(whole));
    CHECK_EQ(sks_analog_nlits(a), sks_analog_nlits(whole));
    sks_analog_delete(a);
  }
  CHECK(cut > 0 && full == 1);
  sks_analog_delete(whole);
  sks_cnf_delete(cnf);
}

int main(void) {
  test_deadline();
  test_small();
  test_long_clause();
  test_unsat();
  test_puzzles();
  test_reproducible();
  test_overflow();
  test_backend();
  test_backend_law();
  test_rate();
  test_rate_lanes();
  return check_report();
}
