/* Runs every puzzle of tests/puzzles/corpus.txt through every available
 * backend and checks each answer with a validator of its own. */
#include "check.h"
#include "sudokusat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LINE = 4096, COUNT_TO = 3 };

typedef struct entry {
  long line;
  char puzzle[MAX_LINE];
  long long count;
  char solution[MAX_LINE]; /* "" when the corpus gives none */
} entry;

/* The symbols of the corpus, read here without the library: 1-9 then
 * A-Z; '.' or '0' blank. */
static int symbol_digit(char ch) {
  if (ch == '.' || ch == '0')
    return -1;
  if (ch >= '1' && ch <= '9')
    return ch - '1';
  if (ch >= 'A' && ch <= 'Z')
    return ch - 'A' + 9;
  return -2;
}

/* Box rows x cols for side n, the most square with rows <= cols; computed
 * here rather than asked of the library. */
static void box_shape(int n, int *rows, int *cols) {
  int r = (int)sqrt((double)n);
  while (r > 1 && n % r)
    r--;
  *rows = r;
  *cols = n / r;
}

/* The validator of this test: every row, column and box holds each digit
 * once, and every given is kept.  Independent of sks_validate. */
static bool valid_grid(int n, const int *givens, const int *grid) {
  int br, bc;
  box_shape(n, &br, &bc);
  bool ok = true;
  char *seen = calloc((size_t)n, 1);
  for (int i = 0; i < n * n; i++)
    if (grid[i] < 0 || grid[i] >= n || (givens[i] >= 0 && givens[i] != grid[i]))
      ok = false;
  for (int kind = 0; ok && kind < 3; kind++)
    for (int g = 0; ok && g < n; g++) {
      memset(seen, 0, (size_t)n);
      for (int k = 0; k < n; k++) {
        int r, c;
        if (kind == 0)
          r = g, c = k;
        else if (kind == 1)
          r = k, c = g;
        else
          r = g / br * br + k / bc, c = g % br * bc + k % bc;
        int d = grid[r * n + c];
        if (seen[d])
          ok = false;
        seen[d] = 1;
      }
    }
  free(seen);
  return ok;
}

static FILE *open_corpus(int argc, char **argv) {
  if (argc > 1)
    return fopen(argv[1], "r");
  /* ctest runs us in tests/; by hand we may be anywhere in the tree. */
  static const char *const paths[] = {"puzzles/corpus.txt",
                                      "tests/puzzles/corpus.txt",
                                      "../tests/puzzles/corpus.txt"};
  for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
    FILE *f = fopen(paths[i], "r");
    if (f)
      return f;
  }
  return NULL;
}

/* puzzle:count[:solution]; returns false on a malformed line. */
static bool parse_line(char *text, long line, entry *e) {
  e->line = line;
  text[strcspn(text, "\r\n")] = 0;
  char *c1 = strchr(text, ':');
  if (!c1 || (size_t)(c1 - text) >= MAX_LINE)
    return false;
  *c1 = 0;
  strcpy(e->puzzle, text);
  char *end;
  e->count = strtoll(c1 + 1, &end, 10);
  if (end == c1 + 1 || (*end && *end != ':'))
    return false;
  e->solution[0] = 0;
  if (*end == ':')
    snprintf(e->solution, sizeof e->solution, "%s", end + 1);
  return true;
}

typedef struct backend_run {
  const char *name;
  sks_solver *solver;
  bool uses_cnf;   /* loads the CNF of the puzzle, not its system */
  bool complete;   /* proves unsatisfiability, so it can count too */
  int max_n;       /* largest side it is asked to solve */
  long long steps; /* step limit per puzzle, 0 = none */
  long solved, unknown;
} backend_run;

/* Loads the puzzle into the backend the way it takes problems. */
static bool load(backend_run *b, const sks_eo *eo, sks_cnf *cnf) {
  sks_error err = {0};
  int r;
  if (b->uses_cnf) {
    sks_encode_options eopt = {SKS_ENCODING_EXTENDED, SKS_AMO_AUTO, false};
    sks_encode(eo, &eopt, cnf);
    r = sks_solver_load_cnf(b->solver, cnf, &err);
  } else
    r = sks_solver_load_eo(b->solver, eo, &err);
  if (r)
    fprintf(stderr, "%s: load failed: %s\n", b->name, err.msg);
  return r == 0;
}

static void run_entry(const entry *e, backend_run *backends, int nbackends) {
  sks_puzzle *p = NULL;
  sks_error err = {0};
  sks_format_options fo = {0};
  int r = sks_puzzle_parse(e->puzzle, &fo, &p, &err); /* 0 or -1 */
  CHECK_EQ(r, 0);
  if (r != 0) {
    fprintf(stderr, "corpus line %ld: %s\n", e->line, err.msg);
    sks_puzzle_delete(p);
    return;
  }
  int n = p->shape->n, cells = n * n;
  CHECK_EQ((long)strlen(e->puzzle), (long)cells);
  int br, bc;
  box_shape(n, &br, &bc);
  CHECK(p->shape->box_rows == br && p->shape->box_cols == bc);

  /* Our own reading of the givens and the solution. */
  int *givens = malloc((size_t)cells * sizeof *givens);
  int *solution = malloc((size_t)cells * sizeof *solution);
  int *grid = malloc((size_t)cells * sizeof *grid);
  int *first = malloc((size_t)cells * sizeof *first);
  int *second = malloc((size_t)cells * sizeof *second);
  for (int i = 0; i < cells; i++) {
    givens[i] = symbol_digit(e->puzzle[i]);
    CHECK_EQ(p->cell[i], givens[i]);
  }
  bool have_solution = e->solution[0] != 0;
  if (have_solution) {
    CHECK_EQ((long)strlen(e->solution), (long)cells);
    for (int i = 0; i < cells; i++)
      solution[i] = symbol_digit(e->solution[i]);
    CHECK(valid_grid(n, givens, solution));
  }
  CHECK(have_solution == (e->count == 1));

  sks_cnf *cnf = sks_cnf_new();
  for (int b = 0; b < nbackends; b++) {
    backend_run *be = &backends[b];
    if (!be->solver || n > be->max_n)
      continue;
    if (!be->complete && e->count == 0)
      continue; /* it could only run out of time */
    /* Both propagation levels: what the backend sees differs. */
    for (int level = 0; level < 2; level++) {
      sks_eo *eo = sks_eo_new(p->shape);
      sks_eo_load(eo, p, level ? SKS_PROPAGATE_SINGLES : SKS_PROPAGATE_GIVENS);
      if (!load(be, eo, cnf)) {
        CHECK(!"load");
        sks_eo_delete(eo);
        continue;
      }
      sks_limits lim = {0, be->steps};
      int res = sks_solver_solve(be->solver, &lim);
      if (res == SKS_UNKNOWN)
        be->unknown++;
      if (e->count == 0) {
        CHECK_EQ(res, SKS_UNSAT);
      } else {
        CHECK_EQ(res, SKS_SAT);
        if (res == SKS_SAT) {
          be->solved++;
          CHECK_EQ(sks_decode_solver(eo, be->solver, grid, &err), 0);
          bool ok = valid_grid(n, givens, grid);
          CHECK(ok);
          if (have_solution)
            CHECK(!memcmp(grid, solution, (size_t)cells * sizeof *grid));
          if (!ok)
            fprintf(stderr, "corpus line %ld: %s answer is not valid\n",
                    e->line, be->name);
        }
      }
      /* Count to 3 with the backends that can prove there are no more. */
      if (be->complete && load(be, eo, cnf)) {
        long long want = e->count < COUNT_TO ? e->count : COUNT_TO;
        memset(first, -1, (size_t)cells * sizeof *first);
        memset(second, -1, (size_t)cells * sizeof *second);
        sks_count_result cr = sks_count(be->solver, eo, p, COUNT_TO, NULL,
                                        first, second, NULL, &err);
        CHECK_EQ(cr.count, want);
        CHECK_EQ(cr.status, SKS_SAT);
        CHECK(cr.at_limit == (e->count >= COUNT_TO));
        if (cr.count != want || cr.status != SKS_SAT)
          fprintf(stderr,
                  "corpus line %ld: %s count to %d gave %lld (status %d, "
                  "at_limit %d), corpus says %lld\n",
                  e->line, be->name, COUNT_TO, cr.count, cr.status, cr.at_limit,
                  e->count);
        if (want >= 1) {
          CHECK(valid_grid(n, givens, first));
          if (have_solution)
            CHECK(!memcmp(first, solution, (size_t)cells * sizeof *first));
        }
        /* DLX counts natively and hands over only the first solution. */
        if (want >= 2 && strcmp(be->name, "dlx")) {
          CHECK(valid_grid(n, givens, second));
          CHECK(memcmp(first, second, (size_t)cells * sizeof *first) != 0);
        }
      }
      sks_eo_delete(eo);
    }
  }
  sks_cnf_delete(cnf);
  free(givens);
  free(solution);
  free(grid);
  free(first);
  free(second);
  sks_puzzle_delete(p);
}

int main(int argc, char **argv) {
  FILE *f = open_corpus(argc, argv);
  CHECK(f != NULL);
  if (!f) {
    fprintf(stderr, "cannot open the corpus (run in tests/ or pass a path)\n");
    return check_report();
  }
  /* The analog solver integrates an ODE over every clause.  4x4 and 6x6
   * take it milliseconds (at most 484 accepted steps on this corpus), and
   * it must solve them within a budget of steps, which unlike seconds does
   * not depend on the machine or the sanitizers; 9x9
   * takes seconds (Release: the 20 solvable 9x9 corpus puzzles 17-33 s with
   * a 5 s budget each, 3-4 of them still unknown; the sanitizers multiply
   * that), which the quick suite cannot afford, so larger sizes are left
   * to the analog unit tests and benchmarks. */
  backend_run backends[] = {
      {"picosat", NULL, false, true, SKS_MAX_N, 0, 0, 0},
      {"cadical", NULL, false, true, SKS_MAX_N, 0, 0, 0},
      {"dlx", NULL, false, true, SKS_MAX_N, 0, 0, 0},
      {"bits", NULL, false, true, 64, 0, 0, 0},
      {"hall", NULL, false, true, SKS_MAX_N, 0, 0, 0},
      {"analog", NULL, false, false, 6, 200000, 0, 0},
  };
  int nbackends = (int)(sizeof backends / sizeof *backends);
  for (int b = 0; b < nbackends; b++) {
    sks_error err = {0};
    backends[b].solver = sks_solver_new(backends[b].name, NULL, &err);
    if (!backends[b].solver) {
      /* picosat, cadical, dlx, bits and hall are always built; the others
       * may not be. */
      CHECK(b >= 5);
      fprintf(stderr, "%s: skipped: %s\n", backends[b].name, err.msg);
      continue;
    }
    unsigned caps = sks_solver_backend(backends[b].solver)->caps;
    backends[b].uses_cnf = !(caps & SKS_CAP_EO);
    backends[b].complete =
        (caps & SKS_CAP_UNSAT) && (caps & (SKS_CAP_COUNT | SKS_CAP_BLOCK));
    CHECK(b >= 2 || backends[b].complete);
  }

  char *text = malloc(2 * MAX_LINE + 64);
  long line = 0, entries = 0;
  int sizes[SKS_MAX_N + 1] = {0};
  while (fgets(text, 2 * MAX_LINE + 64, f)) {
    line++;
    if (text[0] == '#' || text[0] == '\n')
      continue;
    entry e;
    bool ok = parse_line(text, line, &e);
    CHECK(ok);
    if (!ok) {
      fprintf(stderr, "corpus line %ld is malformed\n", line);
      continue;
    }
    entries++;
    int n = (int)sqrt((double)strlen(e.puzzle));
    if (n <= SKS_MAX_N)
      sizes[n]++;
    run_entry(&e, backends, nbackends);
  }
  fclose(f);
  free(text);
  /* The corpus must cover what it promises. */
  CHECK(entries >= 50);
  int want_sizes[] = {4, 6, 9, 12, 16, 25};
  for (size_t i = 0; i < sizeof want_sizes / sizeof *want_sizes; i++)
    CHECK(sizes[want_sizes[i]] >= 2);
  for (int b = 0; b < nbackends; b++) {
    if (backends[b].solver)
      fprintf(stderr, "%s: %ld solved, %ld unknown within the budget\n",
              backends[b].name, backends[b].solved, backends[b].unknown);
    sks_solver_delete(backends[b].solver);
  }
  printf("%ld corpus puzzles\n", entries);
  return check_report();
}
