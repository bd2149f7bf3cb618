/* Candidates puzzles (removed candidates per cell): every backend, every
 * propagation level, counting, grading, the CNF description and the
 * validator honour them.  The reference counts come from a plain
 * backtracking enumeration written here, not from the library. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static const char *const ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8"
                                    "...26....4...3......1..4......7..7...3..";

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned rnd(unsigned bound) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state % bound);
}

static sks_puzzle *parse(const char *text) {
  sks_puzzle *p = NULL;
  sks_error err = {0};
  if (sks_puzzle_parse(text, NULL, &p, &err) < 0) {
    fprintf(stderr, "cannot parse %s: %s\n", text, err.msg);
    exit(1);
  }
  return p;
}

/* ---- the reference: backtracking over the cells, by the rules ---- */

typedef struct ref {
  const sks_puzzle *p;
  int n, cells;
  int *g;    /* cells: digit or -1 */
  int *peer; /* cells * cells: 1 when two cells share a region */
} ref;

static bool fits(const ref *r, int i, int d) {
  if (!sks_puzzle_allows(r->p, i, d))
    return false;
  for (int j = 0; j < r->cells; j++)
    if (r->peer[i * r->cells + j] && r->g[j] == d)
      return false;
  return true;
}

/* Solutions below this node, up to lim; the open cell with the fewest
 * digits first. */
static long long enumerate(ref *r, long long lim) {
  int best = -1, fewest = r->n + 1;
  for (int i = 0; i < r->cells; i++) {
    if (r->g[i] >= 0)
      continue;
    int k = 0;
    for (int d = 0; d < r->n; d++)
      k += fits(r, i, d);
    if (k < fewest)
      fewest = k, best = i;
  }
  if (best < 0)
    return 1;
  long long k = 0;
  for (int d = 0; d < r->n && k < lim; d++)
    if (fits(r, best, d)) {
      r->g[best] = d;
      k += enumerate(r, lim - k);
      r->g[best] = -1;
    }
  return k;
}

static long long reference_count(const sks_puzzle *p, long long lim) {
  const sks_shape *s = p->shape;
  ref r = {p, s->n, s->n * s->n, NULL, NULL};
  r.g = malloc((size_t)r.cells * sizeof *r.g);
  r.peer = calloc((size_t)r.cells * r.cells, sizeof *r.peer);
  for (int k = 0; k < s->nregions; k++)
    for (int a = 0; a < s->n; a++)
      for (int b = 0; b < s->n; b++)
        if (a != b)
          r.peer[s->region[k * s->n + a] * r.cells + s->region[k * s->n + b]] =
              1;
  long long k = 0;
  bool ok = true;
  for (int i = 0; i < r.cells; i++)
    r.g[i] = -1;
  for (int i = 0; i < r.cells && ok; i++)
    if (p->cell[i] >= 0) {
      ok = fits(&r, i, p->cell[i]);
      r.g[i] = p->cell[i];
    }
  if (ok)
    k = enumerate(&r, lim);
  free(r.g);
  free(r.peer);
  return k;
}

/* ---- the library's count on one backend ---- */

static sks_solver *backend(const char *name) {
  static sks_solver_options opt;
  memset(&opt, 0, sizeof opt);
  opt.seed = 1;
  if (!strcmp(name, "external"))
    opt.command = "picosat";
  sks_error err = {0};
  sks_solver *s = sks_solver_new(name, &opt, &err);
  if (!s)
    fprintf(stderr, "backend %s: %s\n", name, err.msg);
  return s;
}

/* Solutions on backend `name` at propagation `level`, up to limit; each
 * one checked by the validator inside sks_count. */
static long long count_on(const char *name, const sks_puzzle *p,
                          sks_propagate level, long long limit) {
  sks_solver *s = backend(name);
  if (!s)
    return -1;
  sks_eo *eo = sks_eo_new(p->shape);
  sks_error err = {0};
  long long k;
  if (sks_eo_load(eo, p, level) == SKS_UNSAT)
    k = 0;
  else {
    sks_solver_load_eo(s, eo, &err);
    sks_count_result r =
        sks_count(s, eo, p, limit, NULL, NULL, NULL, NULL, &err);
    k = r.status == SKS_SAT ? r.count : -1;
    if (r.status != SKS_SAT)
      fprintf(stderr, "%s: %s\n", name, err.msg);
  }
  sks_eo_delete(eo);
  sks_solver_delete(s);
  return k;
}

/* One solve on backend name: SKS_SAT with a validated grid, or status. */
static int solve_on(const char *name, const sks_puzzle *p, int *grid) {
  sks_solver *s = backend(name);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_error err = {0};
  int st = sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
  if (st != SKS_UNSAT) {
    sks_solver_load_eo(s, eo, &err);
    sks_limits lim = {20, 0};
    st = sks_solver_solve(s, &lim);
    if (st == SKS_SAT && (sks_decode_solver(eo, s, grid, &err) ||
                          !sks_validate(p, grid, &err))) {
      fprintf(stderr, "%s: %s\n", name, err.msg);
      st = -1;
    }
  }
  sks_eo_delete(eo);
  sks_solver_delete(s);
  return st;
}

static const char *const COUNTERS[] = {"picosat", "cadical", "dlx", "bits",
                                       NULL};
static const sks_propagate LEVELS[] = {
    SKS_PROPAGATE_GIVENS, SKS_PROPAGATE_SINGLES, SKS_PROPAGATE_LOCKED};

/* Counts agree with the reference on every counting backend and level. */
static void check_counts(const sks_puzzle *p, long long limit) {
  long long want = reference_count(p, limit);
  for (int b = 0; COUNTERS[b]; b++)
    for (int l = 0; l < 3; l++) {
      long long got = count_on(COUNTERS[b], p, LEVELS[l], limit);
      if (got != want)
        fprintf(stderr, "%s at %s: %lld solutions, reference %lld\n",
                COUNTERS[b], sks_propagate_name(LEVELS[l]), got, want);
      CHECK_EQ(got, want);
    }
}

/* Empty 4x4 and 6x6 grids with random candidates removed. */
static void small_random(void) {
  const char *empties[] = {"................",
                           "...................................."};
  for (int e = 0; e < 2; e++)
    for (int round = 0; round < 12; round++) {
      sks_puzzle *p = parse(empties[e]);
      int n = p->shape->n;
      /* Enough removed that the count stays small (6x6 empty: 28
       * million). */
      int drop = (int)rnd((unsigned)(n * n * n / 4)) + n * n * n / 4;
      for (int k = 0; k < drop; k++)
        sks_puzzle_remove(p, (int)rnd((unsigned)(n * n)),
                          (int)rnd((unsigned)n));
      if (round % 3 == 0)
        p->cell[rnd((unsigned)(n * n))] = (int)rnd((unsigned)n);
      check_counts(p, 300);
      sks_puzzle_delete(p);
    }
}

/* A 9x9 candidates puzzle made from Escargot: its solution (found and
 * validated as an ordinary puzzle) keeps its candidates, others go. */
static void escargot_cases(void) {
  sks_puzzle *base = parse(ESCARGOT);
  int sol[81], grid[81];
  CHECK_EQ(solve_on("picosat", base, sol), SKS_SAT);

  /* Four givens fewer: several solutions; remove candidates no longer
   * in play away from sol, and every backend counts the same. */
  sks_puzzle *loose = sks_puzzle_copy(base);
  for (int i = 0, k = 0; i < 81 && k < 4; i++)
    if (loose->cell[i] >= 0)
      loose->cell[i] = -1, k++;
  long long before = reference_count(loose, 300);
  for (int i = 0; i < 81; i++)
    for (int d = 0; d < 9; d++)
      if (loose->cell[i] < 0 && d != sol[i] && rnd(5) == 0)
        sks_puzzle_remove(loose, i, d);
  CHECK(reference_count(loose, 300) >= 1);
  CHECK(reference_count(loose, 300) <= before);
  check_counts(loose, 300);
  sks_puzzle_delete(loose);

  /* Every candidate but the solution's gone: one solution, and grading
   * finds singles enough (Escargot itself needs search). */
  sks_puzzle *tight = sks_puzzle_copy(base);
  for (int i = 0; i < 81; i++)
    for (int d = 0; d < 9; d++)
      if (tight->cell[i] < 0 && d != sol[i])
        sks_puzzle_remove(tight, i, d);
  check_counts(tight, 10);
  sks_grader *g = sks_grader_new();
  sks_grade gr;
  CHECK_EQ(sks_grade_puzzle(g, base, NULL, &gr), SKS_SAT);
  CHECK_EQ(gr.level, SKS_GRADE_SEARCH);
  CHECK_EQ(sks_grade_puzzle(g, tight, NULL, &gr), SKS_SAT);
  CHECK_EQ(gr.level, SKS_GRADE_SINGLES);
  CHECK(!gr.multiple);

  /* The solution's digit removed from one open cell: no solution left
   * (Escargot has one), on every backend and in the grader. */
  sks_puzzle *none = sks_puzzle_copy(base);
  int open = 0;
  while (none->cell[open] >= 0)
    open++;
  sks_puzzle_remove(none, open, sol[open]);
  check_counts(none, 10);
  CHECK_EQ(sks_grade_puzzle(g, none, NULL, &gr), SKS_UNSAT);
  const char *all[] = {"picosat",  "cadical", "dlx", "bits",
                       "external", "auto",    NULL};
  for (int b = 0; all[b]; b++)
    CHECK_EQ(solve_on(all[b], none, grid), SKS_UNSAT);
  for (int b = 0; all[b]; b++) {
    CHECK_EQ(solve_on(all[b], tight, grid), SKS_SAT);
    CHECK(!memcmp(grid, sol, sizeof sol));
  }

  /* A cell with no candidate is no solution at once. */
  sks_puzzle *empty = sks_puzzle_copy(base);
  for (int d = 0; d < 9; d++)
    sks_puzzle_remove(empty, open, d);
  sks_eo *eo = sks_eo_new(empty->shape);
  for (int l = 0; l < 3; l++)
    CHECK_EQ(sks_eo_load(eo, empty, LEVELS[l]), SKS_UNSAT);
  /* The same system loads an ordinary puzzle as before. */
  CHECK(sks_eo_load(eo, base, SKS_PROPAGATE_GIVENS) != SKS_UNSAT);
  sks_eo_delete(eo);
  sks_grader_delete(g);
  sks_puzzle_delete(empty);
  sks_puzzle_delete(none);
  sks_puzzle_delete(tight);
  sks_puzzle_delete(base);
}

/* The analog backend on a small candidates puzzle (it finds, never
 * refutes). */
static void analog_case(void) {
  sks_puzzle *p = NULL;
  do { /* a solvable one: the dynamics would run to its time limit */
    sks_puzzle_delete(p);
    p = parse("................");
    for (int i = 0; i < 16; i++)
      for (int d = 0; d < 4; d++)
        if (rnd(4) == 0)
          sks_puzzle_remove(p, i, d);
  } while (reference_count(p, 1) == 0);
  int grid[16];
  CHECK_EQ(solve_on("analog", p, grid), SKS_SAT); /* grid validated */
  sks_puzzle_delete(p);
}

/* The validator refuses a grid that uses a removed candidate. */
static void validator_case(void) {
  sks_puzzle *p = parse(ESCARGOT);
  int sol[81];
  CHECK_EQ(solve_on("dlx", p, sol), SKS_SAT);
  sks_error err = {0};
  CHECK(sks_validate(p, sol, &err));
  int open = 80;
  while (p->cell[open] >= 0)
    open--;
  sks_puzzle_remove(p, open, (sol[open] + 1) % 9);
  CHECK(sks_validate(p, sol, &err));
  sks_puzzle_remove(p, open, sol[open]);
  CHECK(!sks_validate(p, sol, &err));
  char want[96];
  snprintf(want, sizeof want, "cell r%dc%d: %d is not among its candidates",
           open / 9 + 1, open % 9 + 1, sol[open] + 1);
  CHECK(!strcmp(err.msg, want));
  /* Copies carry the candidates; clearing them allows the grid again. */
  sks_puzzle *q = sks_puzzle_copy(p);
  CHECK(!sks_validate(q, sol, &err));
  CHECK_EQ(sks_puzzle_removed_count(q), 2);
  sks_puzzle_clear_removed(q);
  CHECK(sks_validate(q, sol, &err));
  sks_puzzle_assign(q, p);
  CHECK(!sks_validate(q, sol, &err));
  sks_puzzle_delete(q);
  sks_puzzle_delete(p);
}

/* Through DIMACS: the description carries the candidates, so the CNF
 * alone decodes, dlx solves it, and old files (none) still read. */
static void dimacs_case(void) {
  sks_puzzle *p = parse(ESCARGOT);
  int sol[81];
  CHECK_EQ(solve_on("picosat", p, sol), SKS_SAT);
  for (int i = 0; i < 81; i++)
    for (int d = 0; d < 9; d++)
      if (p->cell[i] < 0 && d != sol[i] && rnd(2))
        sks_puzzle_remove(p, i, d);
  for (int l = 0; l < 3; l++)
    for (int renumber = 0; renumber < 2; renumber++) {
      sks_eo *eo = sks_eo_new(p->shape);
      sks_eo_load(eo, p, LEVELS[l]);
      sks_encode_options eopt = {SKS_ENCODING_EXTENDED, SKS_AMO_AUTO,
                                 renumber != 0};
      sks_cnf *cnf = sks_cnf_new();
      sks_encode(eo, &eopt, cnf);
      char *text = NULL;
      size_t len = 0;
      FILE *mem = open_memstream(&text, &len);
      sks_error err = {0};
      CHECK_EQ(sks_dimacs_write(cnf, mem, &err), 0);
      fclose(mem);
      CHECK(strstr(text, "c removed ") != NULL);
      sks_input *in = sks_input_memory(text, len);
      sks_cnf *back = sks_cnf_new();
      CHECK_EQ(sks_dimacs_read(in, back, false, NULL, NULL, &err), 0);
      sks_input_close(in);
      CHECK(back->desc && back->desc->removed);
      sks_puzzle *q = back->desc ? sks_cnf_desc_puzzle(back->desc, &err) : NULL;
      CHECK(q && q->removed && !memcmp(q->removed, p->removed, 729));
      /* Solve the CNF as a plain CNF, decode from its description. */
      sks_solver *s = backend("cadical");
      sks_solver_load_cnf(s, back, &err);
      sks_limits lim = {20, 0};
      CHECK_EQ(sks_solver_solve(s, &lim), SKS_SAT);
      int nv;
      const signed char *val = sks_solver_model(s, &nv);
      sks_model m = {SKS_SAT, nv, (signed char *)val, true};
      sks_puzzle *dp = NULL;
      int *grid = NULL;
      CHECK_EQ(sks_decode_cnf(back->desc, &m, &dp, &grid, &err), 0);
      CHECK(grid && !memcmp(grid, sol, sizeof sol));
      CHECK(dp && dp->removed);
      sks_solver_delete(s);
      /* dlx takes the CNF through its description. */
      s = backend("dlx");
      CHECK_EQ(sks_solver_load_cnf(s, back, &err), 0);
      CHECK_EQ(sks_solver_solve(s, &lim), SKS_SAT);
      sks_solver_delete(s);
      free(grid);
      sks_puzzle_delete(dp);
      sks_puzzle_delete(q);
      sks_cnf_delete(back);
      sks_cnf_delete(cnf);
      free(text);
      sks_eo_delete(eo);
    }
  /* A bad 'out' line gives the description up with a warning. */
  const char *bad = "c sudokusat v1\nc size 4 box 2x2\nc givens 0\n"
                    "c row 1 ....\nc row 2 ....\nc row 3 ....\nc row 4 ....\n"
                    "c removed 1\nc out 1 1 7\n"
                    "c encoding extended amo auto propagate givens\n"
                    "p cnf 1 1\n1 0\n";
  sks_input *in = sks_input_memory(bad, strlen(bad));
  sks_cnf *cnf = sks_cnf_new();
  sks_error err = {0};
  CHECK_EQ(sks_dimacs_read(in, cnf, false, NULL, NULL, &err), 0);
  CHECK(!cnf->desc);
  sks_input_close(in);
  sks_cnf_delete(cnf);
  sks_puzzle_delete(p);
}

/* The candidates line: read by content, written back the same. */
static void reader_case(void) {
  char line[800];
  for (int i = 0; i < 81; i++)
    for (int d = 0; d < 9; d++)
      line[i * 9 + d] =
          ESCARGOT[i] == '.' || ESCARGOT[i] == '1' + d ? (char)('1' + d) : '.';
  strcpy(line + 729, " escargot\n");
  sks_puzzle *p = parse(line);
  CHECK_EQ(p->shape->n, 9);
  CHECK_EQ(p->look.layout, SKS_LAYOUT_CANDIDATES);
  CHECK_EQ(sks_puzzle_givens(p), 23);
  CHECK_EQ(sks_puzzle_removed_count(p), 23 * 8);
  CHECK(p->look.name && !strcmp(p->look.name, "escargot"));
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  sks_puzzle_write(mem, p, NULL);
  fclose(mem);
  CHECK(len == 730 && !memcmp(text, line, 729));
  free(text);
  sks_puzzle_delete(p);
  /* 64 blanks: an empty 8x8 one-line puzzle, not a 4x4 with no
   * candidates; every candidate of a 4x4: a candidates line. */
  char s64[65];
  memset(s64, '.', 64);
  s64[64] = 0;
  p = parse(s64);
  CHECK(p->shape->n == 8 && p->look.layout == SKS_LAYOUT_LINE && !p->removed);
  sks_puzzle_delete(p);
  for (int i = 0; i < 64; i++)
    s64[i] = (char)('1' + i % 4);
  s64[1] = '.';                                           /* r1c1: 1, 3, 4 */
  s64[4 * 5 + 1] = s64[4 * 5 + 2] = s64[4 * 5 + 3] = '.'; /* r2c2: 1 */
  p = parse(s64);
  CHECK(p->shape->n == 4 && p->look.layout == SKS_LAYOUT_CANDIDATES);
  CHECK(p->cell[5] == 0 && p->cell[0] == -1 && !sks_puzzle_allows(p, 0, 1));
  CHECK_EQ(reference_count(p, 1000),
           count_on("dlx", p, SKS_PROPAGATE_LOCKED, 1000));
  sks_puzzle_delete(p);
  /* 16x16 with --hex: 0-F. */
  static char s16[4097];
  for (int i = 0; i < 4096; i++)
    s16[i] = "0123456789ABCDEF"[i % 16];
  s16[5] = '.';
  sks_format_options hex = {0};
  hex.symbols = "0123456789ABCDEF";
  sks_error err = {0};
  CHECK_EQ(sks_puzzle_parse(s16, &hex, &p, &err), 0);
  CHECK(p && p->shape->n == 16 &&
        !strcmp(p->look.symbols, "0123456789ABCDEF") &&
        !sks_puzzle_allows(p, 0, 5));
  sks_puzzle_delete(p);
}

int main(void) {
  reader_case();
  small_random();
  escargot_cases();
  analog_case();
  validator_case();
  dimacs_case();
  return check_report();
}
