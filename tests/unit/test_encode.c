/* Unit tests of the exactly-one system, its CNF lowering, the at-most-one
 * encodings, the validator and counting with the picosat backend. */
#include "eo.h"
#include "check.h"
#include "encode_int.h" /* the AMO encodings are private */
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

/* A 9x9 puzzle from 81 characters ('.' blank), built without the text
 * reader so these tests stand on the encoder alone. */
static sks_puzzle *puzzle9(const char *s) {
  sks_puzzle *p = sks_puzzle_new(3, 3, 0, NULL, NULL);
  for (int i = 0; i < 81; i++)
    p->cell[i] = s[i] >= '1' && s[i] <= '9' ? s[i] - '1' : -1;
  return p;
}

static const char *escargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......"
    "7..7...3..";

static void test_clause_counts(void) {
  sks_puzzle *p = sks_puzzle_new(3, 3, 0, NULL, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK_EQ(eo->nvars, 729);
  CHECK_EQ(eo->ngroups, 324);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  sks_cnf *cnf = sks_cnf_new();
  static const struct {
    sks_encoding e;
    long clauses;
  } want[] = {{SKS_ENCODING_MINIMAL, 8829},
              {SKS_ENCODING_EFFICIENT, 11745},
              {SKS_ENCODING_EXTENDED, 11988}};
  for (int i = 0; i < 3; i++) {
    sks_encode_options o = {want[i].e, SKS_AMO_PAIRWISE, false};
    sks_encode(eo, &o, cnf);
    CHECK_EQ(cnf->nclauses, want[i].clauses);
    CHECK_EQ(cnf->nvars, 729);
  }
  /* Auxiliary encodings keep the semantics but fewer clauses for big k. */
  sks_encode_options seq = {SKS_ENCODING_EXTENDED, SKS_AMO_SEQUENTIAL, false};
  sks_encode(eo, &seq, cnf);
  CHECK_EQ(cnf->nclauses, 324 + 324 * (3 * 9 - 4));
  CHECK_EQ(cnf->nvars, 729 + 324 * 8);
  /* Commander, 9 = 3 groups of 3: 3 pairs, 3 implications and a clause
   * "commander -> some" each, then 3 commanders pairwise. */
  sks_encode_options cmd = {SKS_ENCODING_EXTENDED, SKS_AMO_COMMANDER, false};
  sks_encode(eo, &cmd, cnf);
  CHECK_EQ(cnf->nclauses, 324 + 324 * (3 * 7 + 3));
  CHECK_EQ(cnf->nvars, 729 + 324 * 3);
  /* Bimander, 9 = 4 pairs and a single: 4 pair clauses, and each of the
   * 9 literals implies the 3 bits of its group's number. */
  sks_encode_options bim = {SKS_ENCODING_EXTENDED, SKS_AMO_BIMANDER, false};
  sks_encode(eo, &bim, cnf);
  CHECK_EQ(cnf->nclauses, 324 + 324 * (4 + 9 * 3));
  CHECK_EQ(cnf->nvars, 729 + 324 * 3);
  sks_cnf_delete(cnf);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

static void test_reduction(void) {
  sks_puzzle *p = puzzle9(escargot);
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  /* 23 givens satisfy 4 groups each. */
  CHECK_EQ(eo->nopen_groups, 324 - 4 * 23);
  sks_cnf *cnf = sks_cnf_new();
  sks_encode(eo, NULL, cnf);
  CHECK(cnf->nclauses < 11988);
  CHECK(cnf->desc && cnf->desc->n == 9 && cnf->desc->given[0] == 0);
  /* Renumbered: variables 1..open, the map back to x(r,c,d). */
  sks_encode_options o = {SKS_ENCODING_EXTENDED, SKS_AMO_PAIRWISE, true};
  sks_encode(eo, &o, cnf);
  CHECK_EQ(cnf->nvars, eo->nopen_vars);
  CHECK_EQ(cnf->desc->nmap, eo->nopen_vars);
  bool map_ok = true;
  for (int i = 0; i < cnf->desc->nmap; i++)
    map_ok &= eo->val[cnf->desc->map[i]] == 0;
  CHECK(map_ok);
  /* Singles never lose a solution and fix at least the givens. */
  CHECK(sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES) != SKS_UNSAT);
  CHECK(eo->nfixed >= 23);
  int fixed[81], kept = 0, filled = 0;
  sks_eo_grid(eo, fixed);
  for (int i = 0; i < 81; i++) {
    kept += p->cell[i] < 0 || fixed[i] == p->cell[i];
    filled += fixed[i] >= 0;
  }
  CHECK_EQ(kept, 81);
  CHECK_EQ(filled, eo->nfixed);
  sks_cnf_delete(cnf);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

static void test_contradictions(void) {
  /* Two equal givens in a row: UNSAT without any solver. */
  char s[82];
  memset(s, '.', 81);
  s[81] = 0;
  s[0] = s[5] = '4';
  sks_puzzle *p = puzzle9(s);
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNSAT);
  sks_cnf *cnf = sks_cnf_new();
  sks_encode(eo, NULL, cnf);
  CHECK_EQ(cnf->nclauses, 1); /* the empty clause */
  sks_cnf_delete(cnf);
  /* A given in a box that already holds it (different row and column);
   * p keeps the system's shape, so its givens change in place. */
  for (int i = 0; i < 81; i++)
    p->cell[i] = -1;
  p->cell[0] = p->cell[10] = 6;
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNSAT);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

/* Every AMO encoding: with k literals, any assignment of at most one true
 * extends to a model; two true ones never do. */
static void test_amo_semantics(void) {
  sks_amo kinds[] = {SKS_AMO_PAIRWISE, SKS_AMO_SEQUENTIAL, SKS_AMO_PRODUCT,
                     SKS_AMO_COMMANDER, SKS_AMO_BIMANDER};
  int nkinds = (int)(sizeof kinds / sizeof *kinds);
  sks_solver *s = sks_solver_new("picosat", NULL, NULL);
  sks_cnf *cnf = sks_cnf_new();
  int bad = 0;
  for (int kind = 0; kind < nkinds; kind++)
    for (int k = 1; k <= 13; k++)
      for (int a = -1; a < k; a++)
        for (int b = a; b < k; b++) {
          int lits[16];
          for (int i = 0; i < k; i++)
            lits[i] = i + 1;
          sks_cnf_clear(cnf);
          int next = k + 1;
          sks_amo_encode(cnf, kinds[kind], lits, k, &next);
          for (int i = 0; i < k; i++) {
            int on = i == a || i == b;
            sks_cnf_add(cnf, on ? i + 1 : -(i + 1));
            sks_cnf_add(cnf, 0);
          }
          sks_solver_load_cnf(s, cnf, NULL);
          int want = (a < 0 || a == b) ? SKS_SAT : SKS_UNSAT;
          if (sks_solver_solve(s, NULL) != want)
            bad++;
        }
  CHECK_EQ(bad, 0);
  /* auto: pairwise up to SKS_AMO_AUTO_PAIRWISE literals, commander above */
  for (int k = SKS_AMO_AUTO_PAIRWISE; k <= SKS_AMO_AUTO_PAIRWISE + 1; k++) {
    int lits[SKS_AMO_AUTO_PAIRWISE + 1], next = k + 1;
    for (int i = 0; i < k; i++)
      lits[i] = i + 1;
    sks_cnf_clear(cnf);
    long automatic = sks_amo_encode(cnf, SKS_AMO_AUTO, lits, k, &next);
    long want = k <= SKS_AMO_AUTO_PAIRWISE
                    ? (long)k * (k - 1) / 2
                    : sks_amo_encode(cnf, SKS_AMO_COMMANDER, lits, k, &next);
    CHECK_EQ(automatic, want);
  }
  sks_cnf_delete(cnf);
  sks_solver_delete(s);
}

/* The registry lists every backend once, each findable by its name. */
static void test_registry(void) {
  const sks_backend *const *all = sks_backends();
  int count = 0, found = 0;
  for (; all[count]; count++)
    found += sks_backend_find(all[count]->name) == all[count];
  CHECK_EQ(count, 8);
  CHECK_EQ(found, count);
  CHECK((sks_backend_find("cadical")->caps & (SKS_CAP_UNSAT | SKS_CAP_BLOCK)) ==
        (SKS_CAP_UNSAT | SKS_CAP_BLOCK));
  /* --propagate auto: what each backend measured fastest with */
  CHECK_EQ(sks_backend_find("dlx")->propagate, SKS_PROPAGATE_SINGLES);
  CHECK_EQ(sks_backend_find("analog")->propagate, SKS_PROPAGATE_LOCKED);
  CHECK_EQ(sks_backend_find("picosat")->propagate, SKS_PROPAGATE_LOCKED);
  CHECK(!strcmp(all[0]->name, "auto")); /* the default comes first */
  CHECK(sks_backend_find("nosuch") == NULL);
  CHECK(sks_backend_find("dlx")->caps & SKS_CAP_COUNT);
  CHECK(!(sks_backend_find("analog")->caps & SKS_CAP_UNSAT));
}

/* The auto route: bits for a 9x9, and after its node budget hall (a
 * CDCL engine; cadical above 9x9) takes the same puzzle over; so when
 * the puzzle is loaded as it is (the system then blank, for decoding
 * only).  Every answer passes the validator, and the statistics say which
 * backend answered. */
static void test_route(void) {
  sks_puzzle *p = puzzle9(escargot);
  const sks_backend *const *all = sks_backends();
  int bits = -1, hall = -1;
  for (int k = 0; all[k]; k++) {
    bits = strcmp(all[k]->name, "bits") ? bits : k;
    hall = strcmp(all[k]->name, "hall") ? hall : k;
  }
  for (int as_is = 0; as_is < 2; as_is++)
    for (int budget = 0; budget < 2; budget++) {
      sks_solver_options so = {.seed = 1, .route_nodes = budget ? 1 : 0};
      sks_solver *s = sks_solver_new("auto", &so, NULL);
      sks_eo *eo = sks_eo_new(p->shape);
      CHECK(sks_solver_takes_puzzle(s, p->shape));
      if (as_is) {
        sks_eo_load(eo, NULL, SKS_PROPAGATE_GIVENS);
        CHECK_EQ(sks_solver_load_puzzle(s, p, NULL), 0);
      } else {
        sks_eo_load(eo, p, sks_solver_propagation(s, p->shape));
        sks_solver_load_eo(s, eo, NULL);
      }
      CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
      int grid[81];
      CHECK_EQ(sks_decode_solver(eo, s, grid, NULL), 0);
      CHECK(sks_validate(p, grid, NULL));
      sks_stats st;
      sks_solver_stats(s, &st);
      CHECK_EQ(st.answered[budget ? hall : bits], 1);
      CHECK_EQ(st.answered[budget ? bits : hall], 0);
      sks_eo_delete(eo);
      sks_solver_delete(s);
    }
  /* The route gives bits puzzles as they are up to 36x36; past that
   * cadical takes over, with the system loaded. */
  sks_solver *s = sks_solver_new("auto", NULL, NULL);
  sks_puzzle *big = sks_puzzle_new(6, 6, 0, NULL, NULL);
  CHECK(sks_solver_takes_puzzle(s, big->shape));
  sks_puzzle_delete(big);
  big = sks_puzzle_new(7, 6, 0, NULL, NULL);
  CHECK(!sks_solver_takes_puzzle(s, big->shape));
  sks_puzzle_delete(big);
  sks_solver_delete(s);
  sks_puzzle_delete(p);
}

static void test_validator(void) {
  sks_puzzle *p = sks_puzzle_new(2, 2, 0, NULL, NULL);
  int grid[16] = {0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0};
  sks_error err;
  CHECK(sks_validate(p, grid, &err));
  p->cell[5] = 3;
  CHECK(sks_validate(p, grid, &err));
  p->cell[5] = 2; /* a given the grid does not keep */
  CHECK(!sks_validate(p, grid, &err));
  p->cell[5] = -1;
  int swapped[16];
  memcpy(swapped, grid, sizeof grid);
  swapped[0] = 1, swapped[1] = 0; /* rows fine, columns broken */
  CHECK(!sks_validate(p, swapped, &err));
  grid[15] = -1;
  CHECK(!sks_validate(p, grid, &err));
  sks_puzzle_delete(p);
}

static long long count_with(const char *backend, sks_puzzle *p,
                            sks_propagate level, long long limit) {
  sks_solver *s = sks_solver_new(backend, NULL, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, level);
  sks_solver_load_eo(s, eo, NULL);
  sks_count_result r = sks_count(s, eo, p, limit, NULL, NULL, NULL, NULL, NULL);
  sks_eo_delete(eo);
  sks_solver_delete(s);
  return r.status == SKS_SAT ? r.count : -1;
}

static void test_counts(void) {
  /* The empty 4x4 grid has 288 solutions. */
  sks_puzzle *p = sks_puzzle_new(2, 2, 0, NULL, NULL);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_GIVENS, 0), 288);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_SINGLES, 1000), 288);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_SINGLES, 10), 10);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_LOCKED, 0), 288);
  CHECK_EQ(count_with("cadical", p, SKS_PROPAGATE_GIVENS, 0), 288);
  CHECK_EQ(count_with("cadical", p, SKS_PROPAGATE_SINGLES, 10), 10);
  /* One solver for several puzzles: a puzzle's blocking clauses leave
   * with it (picosat pops them, cadical retires their activation
   * literal), so counting the same grid again finds every solution. */
  const char *const engines[] = {"picosat", "cadical"};
  for (int k = 0; k < 2; k++) {
    sks_solver *s = sks_solver_new(engines[k], NULL, NULL);
    sks_eo *eo = sks_eo_new(p->shape);
    for (int round = 0; round < 3; round++) {
      sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
      sks_solver_load_eo(s, eo, NULL);
      sks_count_result r =
          sks_count(s, eo, p, round == 1 ? 7 : 0, NULL, NULL, NULL, NULL, NULL);
      CHECK_EQ(r.count, round == 1 ? 7 : 288);
    }
    sks_eo_delete(eo);
    sks_solver_delete(s);
  }
  sks_puzzle_delete(p);
  /* A unique hard puzzle; the same with a wrong extra given has none. */
  p = puzzle9(escargot);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_SINGLES, 0), 1);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_GIVENS, 0), 1);
  sks_solver *s = sks_solver_new("picosat", NULL, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES);
  sks_solver_load_eo(s, eo, NULL);
  CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
  int grid[81];
  CHECK_EQ(sks_decode_solver(eo, s, grid, NULL), 0);
  CHECK(sks_validate(p, grid, NULL));
  int wrong = -1;
  for (int i = 0; i < 81 && wrong < 0; i++)
    if (p->cell[i] < 0)
      wrong = i;
  p->cell[wrong] = (grid[wrong] + 1) % 9;
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_SINGLES, 0), 0);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_GIVENS, 0), 0);
  CHECK_EQ(count_with("picosat", p, SKS_PROPAGATE_LOCKED, 0), 0);
  /* Removing givens from a unique puzzle until it has several; every
   * propagation level must count the same on the way. */
  p->cell[wrong] = -1;
  long long c = 1;
  int agree = 0, steps = 0;
  for (int i = 80; i >= 0 && c == 1; i--)
    if (p->cell[i] >= 0) {
      p->cell[i] = -1;
      c = count_with("picosat", p, SKS_PROPAGATE_SINGLES, 2);
      agree += c == count_with("picosat", p, SKS_PROPAGATE_LOCKED, 2) &&
               c == count_with("picosat", p, SKS_PROPAGATE_GIVENS, 2);
      steps++;
    }
  CHECK_EQ(c, 2);
  CHECK_EQ(agree, steps);
  /* A 6x6 (2x3 boxes) with its first band given: many solutions. */
  sks_puzzle *six = sks_puzzle_new(2, 3, 0, NULL, NULL);
  int band[12] = {0, 1, 2, 3, 4, 5, 3, 4, 5, 0, 1, 2};
  for (int j = 0; j < 12; j++)
    six->cell[j] = band[j];
  long long g6 = count_with("picosat", six, SKS_PROPAGATE_GIVENS, 0);
  CHECK(g6 > 1);
  CHECK_EQ(count_with("picosat", six, SKS_PROPAGATE_LOCKED, 0), g6);
  CHECK_EQ(count_with("dlx", six, SKS_PROPAGATE_LOCKED, 0), g6);
  sks_puzzle_delete(six);
  sks_eo_delete(eo);
  sks_solver_delete(s);
  sks_puzzle_delete(p);
}

static void test_variants(void) {
  sks_puzzle *p =
      sks_puzzle_new(3, 3, SKS_VARIANT_X | SKS_VARIANT_WINDOKU, NULL, NULL);
  CHECK_EQ(p->shape->nregions, 27 + 2 + 4);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES);
  sks_solver *s = sks_solver_new("picosat", NULL, NULL);
  sks_solver_load_eo(s, eo, NULL);
  CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
  int grid[81];
  CHECK_EQ(sks_decode_solver(eo, s, grid, NULL), 0);
  CHECK(sks_validate(p, grid, NULL));
  /* The diagonals really are constrained. */
  unsigned diag = 0;
  for (int i = 0; i < 9; i++)
    diag |= 1u << grid[i * 9 + i];
  CHECK_EQ(diag, 0x1ff);
  sks_solver_delete(s);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  sks_error err;
  CHECK(!sks_puzzle_new(2, 3, SKS_VARIANT_WINDOKU, NULL, &err));
}

/* Past 64x64 propagation runs on the groups instead of bit masks: an
 * 81x81 (9x9 boxes) from a valid grid with a tenth of its cells blanked is
 * filled by singles, and equal givens in a row are found at once. */
static void test_large(void) {
  sks_puzzle *p = sks_puzzle_new(9, 9, 0, NULL, NULL);
  int n = p->shape->n, blanks = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      p->cell[i] = (r * 9 + r / 9 + c) % n;
      if ((i * 7919) % 10 == 0) {
        p->cell[i] = -1;
        blanks++;
      }
    }
  sks_eo *eo = sks_eo_new(p->shape);
  CHECK(eo->masks == NULL);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  CHECK_EQ(eo->nfixed, n * n - blanks);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES), SKS_SAT);
  int *grid = malloc((size_t)n * n * sizeof *grid);
  sks_eo_grid(eo, grid);
  CHECK(sks_validate(p, grid, NULL));
  free(grid);
  int blank = 0;
  while (p->cell[blank] >= 0)
    blank++;
  p->cell[blank] = p->cell[blank + 1 < n ? blank + 1 : blank - 1];
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES), SKS_UNSAT);
  /* Removed candidates on this path: the blank's own digit removed leaves
   * no solution; every other digit removed there leaves it one, and at
   * the givens level only that one candidate open in the cell. */
  int want = (blank / n * 9 + blank / n / 9 + blank % n) % n;
  p->cell[blank] = -1;
  sks_puzzle_remove(p, blank, want);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES), SKS_UNSAT);
  sks_puzzle_delete(p);
  p = sks_puzzle_new(9, 9, 0, NULL, NULL);
  for (int i = 0; i < n * n; i++)
    p->cell[i] = (i / n * 9 + i / n / 9 + i % n) % n;
  p->cell[blank] = -1;
  p->cell[blank + 1] = -1;
  for (int d = 0; d < n; d++)
    if (d != want)
      sks_puzzle_remove(p, blank, d);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNKNOWN);
  int open = 0;
  for (int d = 0; d < n; d++)
    open += !eo->val[sks_cell_var(n, blank, d)];
  CHECK_EQ(open, 1);
  CHECK_EQ(eo->val[sks_cell_var(n, blank, want)], 0);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES), SKS_SAT);
  /* A given whose own digit is removed: no solution. */
  sks_puzzle_remove(p, blank + 2, p->cell[blank + 2]);
  CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS), SKS_UNSAT);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

/* A filled grid of side n with boxes br x bc: rows, columns and boxes
 * each hold every digit once, and it keeps the givens.  Written here,
 * independently of the library's validator. */
static bool grid_ok(int br, int bc, const int *givens, const int *grid) {
  int n = br * bc;
  for (int kind = 0; kind < 3; kind++)
    for (int g = 0; g < n; g++) {
      unsigned long long seen = 0;
      for (int k = 0; k < n; k++) {
        int r = kind == 0 ? g : kind == 1 ? k : g / br * br + k / bc;
        int c = kind == 0 ? k : kind == 1 ? g : g % br * bc + k % bc;
        int d = grid[r * n + c];
        if (d < 0 || d >= n ||
            (givens[r * n + c] >= 0 && givens[r * n + c] != d))
          return false;
        seen |= 1ull << d;
      }
      if (seen != (n == 64 ? ~0ull : (1ull << n) - 1))
        return false;
    }
  return true;
}

/* Past 25x25 dlx builds a puzzle's matrix from its open candidates only:
 * a 30x30 (5x6 boxes, a random grid with 70% of its cells kept, made by
 * bench/make-random) with five solutions is counted the same by dlx,
 * cadical and picosat, and its first two solutions are valid. */
static void test_large_dlx(void) {
  const char *text =
      "8F546IB9UQTK3..M..J.DA..G27O..3...CMO2EGL7.U9KBT5F4I86HP.RJD"
      "QBUT9KRPJHDAGE..OL1SNM3..6.F54..JDP.SC13NM8.6I.4EO.7G2Q9KBU."
      ".OEL27F65.4.HJPARDUBT.Q93C....B2..GL.8AR54O7..PJ.9UTS..3NC.."
      "F.I.3N2GKBELSMQ.9UA654R8....7JOP7JHD.3.F.NR.84.5.2E.B.SQT9MU"
      "R6A584.QMSUTFI..C1.PJDO.BGL2K.S.MUQ.PH7.JD..GL2EIC1.F...4.A."
      ".T..UBDJH7P.....L23NCSI1..F.86IN3C1SLEG..O.QUBT984..A5.JRDH."
      "A4....TUQM.BI31SNC...R7JKEOLG.KLG...458A.F7HJRD.Q.9BM.I1SN3C"
      "7....RN13ICSA85....L2OK.MUB.Q9CQ.MSU.O.27J9T..G.43..6FP...DA"
      "6.4IF...T9KECNSU.MD.A.P..OJ.L.9.TKB.8R.P.52LOJH.NQM.CS6.13.I"
      "P8.AR5QSNC.U64F13I.H7J2O9BEGTK2..7OJ..46.1P.R58..GKE..C.UQ.M"
      "E72OLHI465F.JP...R9K.G.T.NQMCS..9BTGADPJR8E2LH7...S.1N.43I6F"
      "1.C.NQ7L..O.U9.GK.6..35..D8.PR5I..4.KT..BG1C...SPA.8J.ELH72O"
      "J.P..8...1..5643IF27OH...TGK9B41..ICEK..G.N..9UQR.8..AL7PJ.H"
      "L.OH.P..F43C.RA.5..EG2.K.M9.SQNU.QM9...LHP.BK2E.F13C..DA6.R."
      ".EBGK25ARD8..O7P.HS...NM4..1.3D5R8A6UMSNQ.4.IC13OJHP.7TK2EB.";
  sks_puzzle *p;
  CHECK_EQ(sks_puzzle_parse(text, NULL, &p, NULL), 0);
  int n = p->shape->n;
  CHECK_EQ(n, 30);
  const char *const engines[] = {"dlx", "cadical", "picosat"};
  int *first = malloc(2 * (size_t)n * n * sizeof *first);
  for (int k = 0; k < 3; k++) {
    sks_solver *s = sks_solver_new(engines[k], NULL, NULL);
    sks_eo *eo = sks_eo_new(p->shape);
    CHECK_EQ(sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES), SKS_UNKNOWN);
    sks_solver_load_eo(s, eo, NULL);
    sks_count_result r =
        sks_count(s, eo, p, 100, NULL, first, first + n * n, NULL, NULL);
    CHECK_EQ(r.status, SKS_SAT);
    CHECK_EQ(r.count, 5);
    CHECK(grid_ok(5, 6, p->cell, first));
    CHECK(grid_ok(5, 6, p->cell, first + n * n));
    CHECK(memcmp(first, first + n * n, (size_t)n * n * sizeof *first));
    sks_eo_delete(eo);
    sks_solver_delete(s);
  }
  free(first);
  sks_puzzle_delete(p);
}

int main(void) {
  test_clause_counts();
  test_reduction();
  test_contradictions();
  test_amo_semantics();
  test_registry();
  test_route();
  test_validator();
  test_counts();
  test_variants();
  test_large();
  test_large_dlx();
  return check_report();
}
