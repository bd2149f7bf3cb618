/* Tests of making puzzles (author/generate.c, author/symmetry.c): every
 * generated puzzle is counted by picosat with blocking clauses (not the engine
 * that made it), its solution passes the validator and holds the givens,
 * minimal puzzles lose uniqueness with any given (orbit) out, the symmetry is
 * checked with maps written here, the same seed and index give the same puzzle,
 * and the generator's uniqueness checks (the bits backend, then cadical) agree
 * with picosat's counts on puzzles with givens taken out, 9x9 (the small
 * layout) and 16x16 (the generic one); a jigsaw map without any full grid is
 * refused up front; a puzzle that held removed candidates becomes the same
 * ordinary puzzle as a fresh one. */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

/* Solutions up to 2, by picosat. */
static int picosat_count(const sks_puzzle *p) {
  sks_solver_options so = {0};
  sks_solver *s = sks_solver_new("picosat", &so, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  int res = sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
  long long k = 0;
  if (res != SKS_UNSAT) {
    sks_solver_load_eo(s, eo, NULL);
    sks_error err = {0};
    sks_count_result r = sks_count(s, eo, p, 2, NULL, NULL, NULL, NULL, &err);
    CHECK_EQ(r.status, SKS_SAT);
    k = r.count;
  }
  sks_eo_delete(eo);
  sks_solver_delete(s);
  return (int)k;
}

/* The cell a map of the square sends cell i to, written apart from
 * author/symmetry.c: 0 quarter turn, 1 half turn, 2 main diagonal. */
static int mapped(int m, int n, int i) {
  int r = i / n, c = i % n;
  return m == 0   ? c * n + (n - 1 - r)
         : m == 1 ? (n - 1 - r) * n + (n - 1 - c)
                  : c * n + r;
}

static bool pattern_keeps(const sks_puzzle *p, int m) {
  int n = p->shape->n;
  for (int i = 0; i < n * n; i++)
    if ((p->cell[i] >= 0) != (p->cell[mapped(m, n, i)] >= 0))
      return false;
  return true;
}

/* With each given out, and its images under the quarter turn (turns 1..3)
 * or the half turn (turns 2 only), the puzzle has more than one solution. */
static bool is_minimal(sks_puzzle *p, int step) {
  int n = p->shape->n, orbit[4], saved[4];
  for (int i = 0; i < n * n; i++) {
    if (p->cell[i] < 0)
      continue;
    int k = 0;
    orbit[k++] = i;
    for (int t = step; step && t < 4; t += step) {
      int j = i;
      for (int q = 0; q < t; q++)
        j = mapped(0, n, j);
      orbit[k++] = j;
    }
    for (int q = 0; q < k; q++)
      saved[q] = p->cell[orbit[q]];
    for (int q = 0; q < k; q++)
      p->cell[orbit[q]] = -1;
    int count = picosat_count(p);
    for (int q = k - 1; q >= 0; q--)
      p->cell[orbit[q]] = saved[q];
    if (count != 2)
      return false;
  }
  return true;
}

static void check_shape(int br, int bc, unsigned variants, sks_symmetry sym,
                        bool minimal, int count) {
  const sks_shape *shape = sks_shape_new(br, bc, variants, NULL, NULL);
  sks_generate_options opt = {sym, minimal, 0, 42, 0, false, 0, 0};
  sks_error err = {0};
  sks_generator *g = sks_generator_new(shape, &opt, &err);
  CHECK(g != NULL);
  sks_puzzle *p = sks_puzzle_of(shape), *again = sks_puzzle_of(shape);
  int *sol = malloc((size_t)shape->n * shape->n * sizeof *sol);
  for (int i = 0; g && i < count; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    CHECK(sks_validate(p, sol, &err));
    CHECK_EQ(picosat_count(p), 1);
    CHECK(sks_puzzle_givens(p) < shape->n * shape->n);
    if (sym == SKS_SYMMETRY_ROT180)
      CHECK(pattern_keeps(p, 1));
    if (sym == SKS_SYMMETRY_ROT90)
      CHECK(pattern_keeps(p, 0) && pattern_keeps(p, 1));
    if (minimal && i < 3)
      CHECK(is_minimal(p, sym == SKS_SYMMETRY_ROT180  ? 2
                          : sym == SKS_SYMMETRY_ROT90 ? 1
                                                      : 0));
    /* The same index again, after other puzzles: the same puzzle. */
    CHECK_EQ(sks_generate(g, (unsigned long long)i, again, NULL), 0);
    CHECK(!memcmp(p->cell, again->cell,
                  (size_t)shape->n * shape->n * sizeof *p->cell));
  }
  free(sol);
  sks_puzzle_delete(p);
  sks_puzzle_delete(again);
  sks_generator_delete(g);
  sks_shape_release(shape);
}

/* The generator's checks against picosat: a generated solution with
 * random cells out, down to few givens, counted by both; two equal
 * givens in a row have none. */
static void check_counts(int box, int rounds) {
  const sks_shape *shape = sks_shape_new(box, box, 0, NULL, NULL);
  sks_generate_options opt = {0};
  opt.seed = 3;
  sks_generator *g = sks_generator_new(shape, &opt, NULL);
  CHECK(g != NULL);
  int n = box * box, cells = n * n;
  sks_puzzle *p = sks_puzzle_of(shape);
  int *grid = malloc((size_t)cells * sizeof *grid);
  CHECK_EQ(sks_generate(g, 0, p, grid), 0);
  sks_error err = {0};
  CHECK(sks_validate(p, grid, &err));
  unsigned seed = 1;
  int seen[3] = {0, 0, 0};
  for (int round = 0; round < rounds; round++) {
    memcpy(p->cell, grid, (size_t)cells * sizeof *grid);
    int out = cells / 2 + round % (cells / 3);
    for (int k = 0; k < out; k++) {
      seed = seed * 1103515245u + 12345u;
      p->cell[(seed >> 8) % (unsigned)cells] = -1;
    }
    int fast = sks_generator_unique(g, p);
    CHECK_EQ(fast, picosat_count(p));
    seen[fast]++;
  }
  CHECK(seen[1] > 0 && seen[2] > 0); /* both answers were asked for */
  for (int c = 0; c < cells; c++)
    p->cell[c] = -1;
  p->cell[0] = p->cell[1] = 4;
  CHECK_EQ(sks_generator_unique(g, p), 0);
  CHECK_EQ(picosat_count(p), 0);
  free(grid);
  sks_puzzle_delete(p);
  sks_generator_delete(g);
  sks_shape_release(shape);
}

static void check_symmetry(void) {
  sks_symmetry s;
  for (int i = 0; i < SKS_SYMMETRY_COUNT; i++) {
    CHECK_EQ(sks_symmetry_parse(sks_symmetry_name((sks_symmetry)i), &s), 0);
    CHECK_EQ(s, i);
  }
  CHECK_EQ(sks_symmetry_parse("spiral", &s), -1);
  const sks_shape *b23 = sks_shape_new(2, 3, 0, NULL, NULL);
  sks_error err = {0};
  CHECK_EQ(sks_symmetry_fits(b23, SKS_SYMMETRY_ROT180, &err), 0);
  CHECK_EQ(sks_symmetry_fits(b23, SKS_SYMMETRY_MIRRORS, &err), 0);
  CHECK_EQ(sks_symmetry_fits(b23, SKS_SYMMETRY_ROT90, &err), -1);
  CHECK(strstr(err.msg, "2x3 boxes") != NULL);
  CHECK_EQ(sks_symmetry_fits(b23, SKS_SYMMETRY_ANTI_DIAGONAL, &err), -1);
  sks_generate_options opt = {
      SKS_SYMMETRY_DIAGONAL, false, 0, 1, 0, false, 0, 0};
  CHECK(sks_generator_new(b23, &opt, &err) == NULL);
  sks_shape_release(b23);
  /* Orbits of the half turn on 9x9: 41 (the centre alone). */
  const sks_shape *s9 = sks_shape_new(3, 3, SKS_VARIANT_X, NULL, NULL);
  int orbit[81], leaders = 0;
  sks_symmetry_orbits(s9, SKS_SYMMETRY_ROT180, orbit);
  for (int c = 0; c < 81; c++) {
    leaders += orbit[c] == c;
    CHECK_EQ(orbit[c], orbit[mapped(1, 9, c)]);
  }
  CHECK_EQ(leaders, 41);
  CHECK_EQ(sks_symmetry_fits(s9, SKS_SYMMETRY_FULL, &err), 0);
  sks_shape_release(s9);
}

/* A unique puzzle minimized keeps its solution and becomes minimal; one
 * with several solutions is left alone. */
static void check_minimize(void) {
  static const char *escargot_sol = "162857493534129678789643521475312986913586"
                                    "742628794135356478219241935867897261354";
  sks_puzzle *p = NULL;
  sks_error err = {0};
  CHECK_EQ(sks_puzzle_parse(escargot_sol, NULL, &p, &err), 0);
  sks_generate_options opt = {SKS_SYMMETRY_NONE, true, 0, 3, 0, false, 0, 0};
  sks_generator *g = sks_generator_new(p->shape, &opt, &err);
  int sol[81];
  for (int c = 0; c < 81; c++)
    sol[c] = p->cell[c];
  CHECK_EQ(sks_minimize(g, 1, p), 1);
  CHECK(sks_puzzle_givens(p) < 40);
  CHECK(sks_validate(p, sol, &err));
  CHECK_EQ(picosat_count(p), 1);
  CHECK(is_minimal(p, 0));
  for (int c = 0; c < 81; c++)
    p->cell[c] = c < 9 ? c : -1;
  CHECK_EQ(sks_minimize(g, 1, p), 2);
  CHECK_EQ(sks_puzzle_givens(p), 9);
  sks_generator_delete(g);
  sks_puzzle_delete(p);
}

/* A puzzle made into one that held candidates removed (a candidates
 * puzzle, typed here) is the same ordinary puzzle a fresh one becomes:
 * the old candidates neither constrain the grid nor the uniqueness
 * checks (they did: every given stayed, a full grid). */
static void check_reused_candidates(void) {
  static const char *sukaku =
      ".....6....2...67.9........9.23456.8..234567891.........23.5.78...3......"
      ".......8..23.56.89.234.6789...4.....1234567.9.....6....2.......12345678."
      "1234567891........12..5.78.1...........45678.1..4.67.9.23...789..3......"
      "1234567.9123.567891.34..789.23456.89........9......7..12345678...3......"
      "....5....1.34.678.123.5.78......6.....3...........6...123..678912.4.67.9"
      "1.34...8912.4..78..23456789......7..12.456.89....5....12345.7891234.67.9"
      "..34567.9...45678.12..56789..3.........456.89.23.5....1..456789123.5..89"
      "1.3.56..9.......8.12..5.789..3..678.......7..123.56789...4.........5678."
      ".2345678.12345..8.1........1.34567.9...4567891..4567.9....5......345.789"
      "1..456789..34.6.89123..67891234.67..12..5.789......7.........8.123456..9"
      "1.3456789";
  sks_puzzle *p = NULL;
  sks_error err = {0};
  CHECK_EQ(sks_puzzle_parse(sukaku, NULL, &p, &err), 0);
  CHECK(p->removed != NULL);
  sks_puzzle *q = sks_puzzle_of(p->shape);
  sks_generate_options opt = {.seed = 9};
  sks_generator *g = sks_generator_new(p->shape, &opt, &err);
  int sp[81], sq[81];
  CHECK_EQ(sks_generate(g, 1, q, sq), 0);
  CHECK_EQ(sks_generate(g, 1, p, sp), 0);
  CHECK(p->removed == NULL);
  CHECK(!memcmp(p->cell, q->cell, sizeof sp));
  CHECK(!memcmp(sp, sq, sizeof sp));
  CHECK(sks_puzzle_givens(p) < 81);
  CHECK_EQ(picosat_count(p), 1);
  sks_generator_delete(g);
  sks_puzzle_delete(q);
  sks_puzzle_delete(p);
}

/* A jigsaw map with no full grid (rows 1 and 2 swap their last cells:
 * r2c9 must repeat r1c9's digit in column 9) is refused at once with a
 * message that says so; the rows themselves as regions are a map with
 * grids (Latin squares), which is accepted. */
static void check_impossible_map(void) {
  int map[81];
  for (int i = 0; i < 81; i++)
    map[i] = i / 9;
  map[8] = 1;
  map[17] = 0;
  sks_error err = {0};
  const sks_shape *bad = sks_shape_new(3, 3, SKS_VARIANT_JIGSAW, map, &err);
  CHECK(bad != NULL);
  sks_generate_options opt = {SKS_SYMMETRY_NONE, false, 0, 1, 0, false, 0, 0};
  CHECK(sks_generator_new(bad, &opt, &err) == NULL);
  CHECK(strstr(err.msg, "no full grid") != NULL);
  map[8] = 0;
  map[17] = 1;
  const sks_shape *rows = sks_shape_new(3, 3, SKS_VARIANT_JIGSAW, map, &err);
  sks_generator *g = sks_generator_new(rows, &opt, &err);
  CHECK(g != NULL);
  sks_generator_delete(g);
  sks_shape_release(rows);
  sks_shape_release(bad);
}

int main(void) {
  check_impossible_map();
  check_symmetry();
  check_counts(3, 40);
  check_counts(4, 12);
  check_minimize();
  check_reused_candidates();
  check_shape(3, 3, 0, SKS_SYMMETRY_ROT180, true, 10);
  check_shape(3, 3, 0, SKS_SYMMETRY_NONE, false, 10);
  check_shape(3, 3, SKS_VARIANT_X, SKS_SYMMETRY_ROT90, true, 5);
  check_shape(2, 3, 0, SKS_SYMMETRY_ROT180, true, 10);
  check_shape(4, 4, 0, SKS_SYMMETRY_NONE, false, 3);
  check_shape(2, 2, 0, SKS_SYMMETRY_ROT90, true, 10);
  return check_report();
}
