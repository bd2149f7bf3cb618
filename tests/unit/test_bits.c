/* The bits backend: counts against dlx on random puzzles of every kind of
 * shape (boxes of every proportion, X, windoku, jigsaw, candidates
 * removed), every answer checked by a validator of this test over the
 * shape's regions; step and time limits; its statistics. */
#define _POSIX_C_SOURCE 200809L
#include "bits_int.h" /* sks_bits_options: the layout and locked cut-off */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state = 0x2545F4914F6CDD1Dull;
static unsigned rnd(unsigned bound) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state % bound);
}

/* Every region holds each digit once, givens and removals honoured:
 * written here from the shape's region list, not the library's check. */
static bool valid(const sks_puzzle *p, const int *grid) {
  const sks_shape *sh = p->shape;
  int n = sh->n;
  for (int i = 0; i < n * n; i++) {
    if (grid[i] < 0 || grid[i] >= n)
      return false;
    if (p->cell[i] >= 0 && p->cell[i] != grid[i])
      return false;
    if (p->removed && p->removed[(size_t)i * n + grid[i]])
      return false;
  }
  for (int k = 0; k < sh->nregions; k++) {
    unsigned long long seen = 0;
    for (int j = 0; j < n; j++)
      seen |= 1ull << grid[sh->region[k * n + j]];
    if (seen != (n == 64 ? ~0ull : (1ull << n) - 1))
      return false;
  }
  return true;
}

typedef struct result {
  long long count;
  int status;
  int first[64 * 64], second[64 * 64];
} result;

static void count_on(sks_solver *s, const sks_puzzle *p, sks_propagate level,
                     long long limit, result *r) {
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, level);
  sks_error err = {0};
  CHECK_EQ(sks_solver_load_eo(s, eo, &err), 0);
  sks_count_result cr =
      sks_count(s, eo, p, limit, NULL, r->first, r->second, NULL, &err);
  r->count = cr.count;
  r->status = cr.status;
  sks_eo_delete(eo);
}

static int solve_on(sks_solver *s, const sks_puzzle *p, sks_propagate level,
                    const sks_limits *lim, int *grid) {
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, level);
  CHECK_EQ(sks_solver_load_eo(s, eo, NULL), 0);
  int r = sks_solver_solve(s, lim);
  if (r == SKS_SAT)
    CHECK_EQ(sks_decode_solver(eo, s, grid, NULL), 0);
  sks_eo_delete(eo);
  return r;
}

static long puzzles_checked, counts_by[4];

/* bits and dlx agree on the count to 3; bits' two solutions pass. */
static void agree(sks_solver *bits, sks_solver *dlx, const sks_puzzle *p) {
  static result a, b;
  int cells = p->shape->n * p->shape->n;
  for (int level = 0; level < 3; level++) {
    count_on(bits, p, (sks_propagate)level, 3, &a);
    count_on(dlx, p, (sks_propagate)level, 3, &b);
    CHECK_EQ(a.count, b.count);
    CHECK_EQ(a.status, SKS_SAT);
    if (a.count >= 1)
      CHECK(valid(p, a.first));
    if (a.count >= 2) {
      CHECK(valid(p, a.second));
      CHECK(memcmp(a.first, a.second, (size_t)cells * sizeof(int)) != 0);
    }
    if (a.count == 1)
      CHECK(!memcmp(a.first, b.first, (size_t)cells * sizeof(int)));
    int grid[64 * 64];
    int r = solve_on(bits, p, (sks_propagate)level, NULL, grid);
    CHECK_EQ(r, a.count ? SKS_SAT : SKS_UNSAT);
    if (r == SKS_SAT)
      CHECK(valid(p, grid));
  }
  puzzles_checked++;
  counts_by[a.count < 3 ? a.count : 3]++;
}

/* A random puzzle of p's shape: a solution from dlx with a few random
 * givens, then most of it blanked; sometimes a candidate removed (of the
 * solution or not), sometimes a given changed.  False: the random givens
 * clash (p holds them: a puzzle with none). */
static bool random_puzzle(sks_solver *dlx, sks_puzzle *p, int *grid) {
  int n = p->shape->n, cells = n * n;
  sks_puzzle_clear_removed(p);
  for (int i = 0; i < cells; i++)
    p->cell[i] = -1;
  for (int k = 0; k < n / 2; k++)
    p->cell[rnd((unsigned)cells)] = (int)rnd((unsigned)n);
  if (solve_on(dlx, p, SKS_PROPAGATE_SINGLES, NULL, grid) != SKS_SAT)
    return false;
  unsigned keep = 25 + rnd(50); /* percent of the cells given */
  for (int i = 0; i < cells; i++)
    p->cell[i] = rnd(100) < keep ? grid[i] : -1;
  int changes = (int)rnd(4);
  for (int k = 0; k < changes; k++) {
    int i = (int)rnd((unsigned)cells);
    if (p->cell[i] < 0)
      sks_puzzle_remove(p, i, rnd(2) ? grid[i] : (int)rnd((unsigned)n));
    else if (rnd(4) == 0)
      p->cell[i] = (int)rnd((unsigned)n);
  }
  return true;
}

/* Random puzzles of a shape (random_puzzle), each checked by agree. */
static void random_puzzles(sks_solver *bits, sks_solver *dlx,
                           const sks_shape *sh, int rounds) {
  sks_puzzle *p = sks_puzzle_of(sh);
  int *grid = malloc((size_t)sh->n * sh->n * sizeof *grid);
  for (int round = 0; round < rounds; round++) {
    random_puzzle(dlx, p, grid);
    agree(bits, dlx, p);
  }
  free(grid);
  sks_puzzle_delete(p);
}

/* A bits solver whose engines are made with these options (the layout
 * asked for, the band's SSE2 form, the locked candidates' cut-off). */
static sks_solver *bits_with(sks_bits_layout layout, bool narrow,
                             int locked_n) {
  sks_solver *s = sks_solver_new("bits", NULL, NULL);
  sks_bits_options o = {layout, narrow, locked_n};
  sks_bits_solver_options(s, &o);
  return s;
}

static const sks_shape *shape(int br, int bc, unsigned variants,
                              const int *jigsaw) {
  sks_error err = {0};
  const sks_shape *sh = sks_shape_new(br, bc, variants, jigsaw, &err);
  if (!sh)
    fprintf(stderr, "shape %dx%d: %s\n", br, bc, err.msg);
  CHECK(sh != NULL);
  return sh;
}

static const int jig4[16] = {0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3};
static const int jig6[36] = {0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1,
                             0, 2, 2, 3, 3, 1, 4, 2, 2, 3, 3, 5,
                             4, 4, 3, 3, 5, 5, 4, 4, 4, 5, 5, 5};

/* A kind of shape the random tests run: box, variants, jigsaw map, and
 * how many puzzles of it. */
typedef struct shape_kind {
  int br, bc;
  unsigned variants;
  const int *jigsaw;
  int rounds;
} shape_kind;

static void test_shapes(void) {
  sks_solver *bits = sks_solver_new("bits", NULL, NULL);
  sks_solver *dlx = sks_solver_new("dlx", NULL, NULL);
  shape_kind kinds[] = {
      {2, 2, 0, NULL, 60},
      {1, 4, 0, NULL, 30}, /* boxes one row high: Latin squares and more */
      {2, 3, 0, NULL, 60},
      {3, 2, 0, NULL, 40},
      {2, 4, 0, NULL, 40},
      {3, 3, 0, NULL, 60},
      {3, 3, SKS_VARIANT_X, NULL, 40},
      {3, 3, SKS_VARIANT_WINDOKU, NULL, 40},
      {3, 3, SKS_VARIANT_X | SKS_VARIANT_WINDOKU, NULL, 20},
      {2, 2, SKS_VARIANT_JIGSAW, jig4, 40},
      {2, 3, SKS_VARIANT_JIGSAW, jig6, 40},
      {2, 3, SKS_VARIANT_JIGSAW | SKS_VARIANT_X, jig6, 20},
      {3, 4, 0, NULL, 15},
      {4, 4, 0, NULL, 10},
      {4, 4, SKS_VARIANT_X, NULL, 5},
  };
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    const sks_shape *sh =
        shape(kinds[k].br, kinds[k].bc, kinds[k].variants, kinds[k].jigsaw);
    if (sh)
      random_puzzles(bits, dlx, sh, kinds[k].rounds);
    sks_shape_release(sh);
  }
  /* The corpus of random puzzles covers each answer. */
  CHECK(counts_by[0] > 20 && counts_by[1] > 20 && counts_by[2] > 5 &&
        counts_by[3] > 20);
  fprintf(
      stderr, "random puzzles: %ld (none %ld, one %ld, two %ld, more %ld)\n",
      puzzles_checked, counts_by[0], counts_by[1], counts_by[2], counts_by[3]);
  sks_solver_delete(bits);
  sks_solver_delete(dlx);
}

/* The largest sides: an empty 64x64 and a 49x49 with a few givens are
 * solved (the search goes deep), and the answer passes. */
static void test_big(void) {
  sks_solver *bits = sks_solver_new("bits", NULL, NULL);
  int sides[][2] = {{5, 5}, {6, 6}, {7, 7}, {8, 8}};
  for (size_t k = 0; k < sizeof sides / sizeof *sides; k++) {
    const sks_shape *sh = shape(sides[k][0], sides[k][1], 0, NULL);
    sks_puzzle *p = sks_puzzle_of(sh);
    int n = sh->n;
    for (int i = 0; i < n; i++)
      p->cell[i * n + i] = (i * 7) % n; /* a diagonal: no clash */
    static int grid[64 * 64];
    CHECK_EQ(solve_on(bits, p, SKS_PROPAGATE_GIVENS, NULL, grid), SKS_SAT);
    CHECK(valid(p, grid));
    sks_puzzle_delete(p);
    sks_shape_release(sh);
  }
  sks_solver_delete(bits);
}

/* --max-steps and --time-limit: a puzzle with many solutions counted
 * without a bound stops at the limit with status unknown; the statistics
 * count its nodes, guesses and dead ends. */
static void test_limits(void) {
  sks_solver *bits = sks_solver_new("bits", NULL, NULL);
  sks_puzzle *p = NULL;
  /* Escargot: one solution, found only by guessing */
  CHECK_EQ(sks_puzzle_parse("1....7.9..3..2...8..96..5....53..9...1..8..."
                            "26....4...3......1..4......7..7...3..",
                            NULL, &p, NULL),
           0);
  static result r;
  count_on(bits, p, SKS_PROPAGATE_GIVENS, 2, &r);
  CHECK_EQ(r.count, 1);
  sks_stats st;
  sks_solver_stats(bits, &st);
  CHECK(st.nodes > 0 && st.decisions > 0 && st.conflicts > 0);
  CHECK(st.decisions <= st.nodes);
  CHECK_EQ(st.calls, 1);
  int grid[81];
  sks_limits one = {0, 1};
  CHECK_EQ(solve_on(bits, p, SKS_PROPAGATE_GIVENS, &one, grid), SKS_UNKNOWN);
  sks_puzzle_delete(p);
  /* The empty 16x16 has more solutions than any count reaches. */
  const sks_shape *sh = shape(4, 4, 0, NULL);
  sks_puzzle *empty = sks_puzzle_of(sh);
  sks_eo *eo = sks_eo_new(sh);
  sks_eo_load(eo, empty, SKS_PROPAGATE_GIVENS);
  sks_solver_load_eo(bits, eo, NULL);
  sks_limits steps = {0, 5000}, secs = {0.05, 0};
  int status = -1;
  long long k = sks_solver_count(bits, 0, &steps, &status);
  CHECK_EQ(status, SKS_UNKNOWN);
  CHECK(k > 0);
  double t0 = sks_time();
  k = sks_solver_count(bits, 0, &secs, &status);
  CHECK_EQ(status, SKS_UNKNOWN);
  CHECK(sks_time() - t0 < 30); /* the limit holds: not a count of them all */
  k = sks_solver_count(bits, 1000, NULL, &status);
  CHECK_EQ(k, 1000);
  CHECK_EQ(status, SKS_SAT);
  sks_eo_delete(eo);
  sks_puzzle_delete(empty);
  sks_shape_release(sh);
  sks_solver_delete(bits);
}

/* A value of solution `which` through the solver interface. */
static const sks_solver *kept_of;
static int kept0(const void *src, int var) {
  (void)src;
  return sks_solver_solution_value(kept_of, 0, var);
}
static int kept1(const void *src, int var) {
  (void)src;
  return sks_solver_solution_value(kept_of, 1, var);
}

/* The grid a backend hands the decoder (sks_solver_grid) is the one its
 * n^3 values give, for a solve and for both solutions a count keeps,
 * through bits and through the auto route; dlx keeps none that way, and
 * a system that fixed cells is decoded value by value. */
static void test_grid(void) {
  const char *names[] = {"bits", "auto"};
  const char *escargot = "1....7.9..3..2...8..96..5....53..9...1..8..."
                         "26....4...3......1..4......7..7...3..";
  for (int b = 0; b < 2; b++) {
    sks_solver *s = sks_solver_new(names[b], NULL, NULL);
    sks_puzzle *p = NULL;
    CHECK_EQ(sks_puzzle_parse(escargot, NULL, &p, NULL), 0);
    const sks_shape *sh = p->shape;
    sks_eo *blank = sks_eo_new(sh);
    sks_eo_load(blank, NULL, SKS_PROPAGATE_GIVENS);
    CHECK(sks_solver_takes_puzzle(s, sh));
    CHECK_EQ(sks_solver_load_puzzle(s, p, NULL), 0);
    CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
    const unsigned char *g = sks_solver_grid(s, 0);
    CHECK(g != NULL);
    int by_grid[81], by_values[81];
    kept_of = s;
    CHECK_EQ(sks_decode_values(blank, kept0, NULL, by_values, NULL), 0);
    for (int i = 0; g && i < 81; i++)
      CHECK_EQ(g[i], by_values[i]);
    CHECK_EQ(sks_decode_solver(blank, s, by_grid, NULL), 0);
    CHECK(!memcmp(by_grid, by_values, sizeof by_grid));
    CHECK(valid(p, by_grid));
    /* Three givens gone: a count to 2 keeps two solutions. */
    p->cell[0] = p->cell[5] = p->cell[7] = -1;
    CHECK_EQ(sks_solver_load_puzzle(s, p, NULL), 0);
    int status = -1;
    CHECK_EQ(sks_solver_count(s, 2, NULL, &status), 2);
    for (int which = 0; which < 2; which++) {
      CHECK(sks_solver_grid(s, which) != NULL);
      CHECK_EQ(sks_decode_values(blank, which ? kept1 : kept0, NULL, by_values,
                                 NULL),
               0);
      CHECK_EQ(sks_decode_kept(blank, s, which, by_grid, NULL), 0);
      CHECK(!memcmp(by_grid, by_values, sizeof by_grid));
      CHECK(valid(p, by_grid));
    }
    CHECK(sks_solver_grid(s, 2) == NULL);
    sks_eo_delete(blank);
    sks_puzzle_delete(p);
    sks_solver_delete(s);
  }
  sks_solver *dlx = sks_solver_new("dlx", NULL, NULL);
  sks_puzzle *p = NULL;
  CHECK_EQ(sks_puzzle_parse(escargot, NULL, &p, NULL), 0);
  int grid[81];
  CHECK_EQ(solve_on(dlx, p, SKS_PROPAGATE_GIVENS, NULL, grid), SKS_SAT);
  CHECK(sks_solver_grid(dlx, 0) == NULL);
  CHECK(valid(p, grid));
  sks_puzzle_delete(p);
  sks_solver_delete(dlx);
}

/* A renumbered CNF (read back from DIMACS, its description holding a
 * variable map), then a puzzle loaded on the same solver: the second
 * answer is read in the puzzle's own numbers, not through the CNF's map
 * (dlx and bits keep a CNF's description between loads). */
static void test_map_then_puzzle(void) {
  const char *escargot = "1....7.9..3..2...8..96..5....53..9...1..8..."
                         "26....4...3......1..4......7..7...3..";
  const char *names[] = {"bits", "dlx"};
  for (int b = 0; b < 2; b++) {
    sks_puzzle *p = NULL;
    CHECK_EQ(sks_puzzle_parse(escargot, NULL, &p, NULL), 0);
    sks_eo *eo = sks_eo_new(p->shape);
    sks_eo_load(eo, p, SKS_PROPAGATE_SINGLES);
    sks_encode_options eopt = {SKS_ENCODING_EXTENDED, SKS_AMO_AUTO, true};
    sks_cnf *cnf = sks_cnf_new();
    sks_encode(eo, &eopt, cnf);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    sks_error err = {0};
    CHECK_EQ(sks_dimacs_write(cnf, mem, &err), 0);
    fclose(mem);
    sks_input *in = sks_input_memory(text, len);
    sks_cnf *back = sks_cnf_new();
    CHECK_EQ(sks_dimacs_read(in, back, false, NULL, NULL, &err), 0);
    sks_input_close(in);
    CHECK(back->desc && back->desc->map);
    sks_solver *s = sks_solver_new(names[b], NULL, NULL);
    CHECK_EQ(sks_solver_load_cnf(s, back, &err), 0);
    CHECK_EQ(sks_solver_solve(s, NULL), SKS_SAT);
    int grid[81];
    CHECK_EQ(solve_on(s, p, SKS_PROPAGATE_GIVENS, NULL, grid), SKS_SAT);
    CHECK(valid(p, grid));
    sks_solver_delete(s);
    sks_cnf_delete(back);
    free(text);
    sks_cnf_delete(cnf);
    sks_eo_delete(eo);
    sks_puzzle_delete(p);
  }
}

/* The three layouts the engine has for a 9x9 (the band words of the
 * plain 9x9, in the AVX2 form where the processor has it and in the SSE2
 * form, the one used for every side up to 10, the generic masks), each
 * asked for through sks_bits_solver_options, agree with dlx on many
 * random plain 9x9 puzzles (candidates removed, givens changed), and stop
 * at a step limit on a puzzle that needs guessing. */
static void test_layouts(void) {
  struct {
    sks_bits_layout layout;
    bool narrow;
  } layouts[] = {{SKS_BITS_LAYOUT_AUTO, false},
                 {SKS_BITS_LAYOUT_BAND, true},
                 {SKS_BITS_LAYOUT_SMALL, false},
                 {SKS_BITS_LAYOUT_MASKS, false}};
  sks_solver *dlx = sks_solver_new("dlx", NULL, NULL);
  const sks_shape *sh = shape(3, 3, 0, NULL);
  for (size_t l = 0; l < sizeof layouts / sizeof *layouts; l++) {
    sks_solver *bits = bits_with(layouts[l].layout, layouts[l].narrow, 0);
    long before = puzzles_checked;
    random_puzzles(bits, dlx, sh, 300);
    CHECK_EQ(puzzles_checked - before, 300);
    sks_puzzle *p = NULL;
    CHECK_EQ(sks_puzzle_parse("1....7.9..3..2...8..96..5....53..9...1..8..."
                              "26....4...3......1..4......7..7...3..",
                              NULL, &p, NULL),
             0);
    int grid[81];
    sks_limits one = {0, 1};
    CHECK_EQ(solve_on(bits, p, SKS_PROPAGATE_GIVENS, &one, grid), SKS_UNKNOWN);
    CHECK_EQ(solve_on(bits, p, SKS_PROPAGATE_GIVENS, NULL, grid), SKS_SAT);
    CHECK(valid(p, grid));
    sks_puzzle_delete(p);
    sks_solver_delete(bits);
  }
  sks_shape_release(sh);
  sks_solver_delete(dlx);
}

/* The layout each shape gets: from the one asked for, the first of the
 * table (band, small, masks) that fits the shape; sks_bits_new asks for
 * none (AUTO). */
static void test_layout_choice(void) {
  struct {
    int br, bc;
    unsigned variants;
    sks_bits_layout asked, got;
  } cases[] = {
      {3, 3, 0, SKS_BITS_LAYOUT_AUTO, SKS_BITS_LAYOUT_BAND},
      {3, 3, SKS_VARIANT_X, SKS_BITS_LAYOUT_AUTO, SKS_BITS_LAYOUT_SMALL},
      {3, 3, SKS_VARIANT_X, SKS_BITS_LAYOUT_BAND, SKS_BITS_LAYOUT_SMALL},
      {2, 3, 0, SKS_BITS_LAYOUT_AUTO, SKS_BITS_LAYOUT_SMALL},
      {2, 5, 0, SKS_BITS_LAYOUT_AUTO, SKS_BITS_LAYOUT_SMALL},
      {3, 3, 0, SKS_BITS_LAYOUT_SMALL, SKS_BITS_LAYOUT_SMALL},
      {3, 3, 0, SKS_BITS_LAYOUT_MASKS, SKS_BITS_LAYOUT_MASKS},
      {3, 4, 0, SKS_BITS_LAYOUT_AUTO, SKS_BITS_LAYOUT_MASKS},
      {4, 4, 0, SKS_BITS_LAYOUT_BAND, SKS_BITS_LAYOUT_MASKS},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const sks_shape *sh =
        shape(cases[i].br, cases[i].bc, cases[i].variants, NULL);
    sks_bits_options o = {cases[i].asked, false, 0};
    sks_bits *b = sks_bits_new_with(sh, &o);
    CHECK_EQ(sks_bits_layout_of(b), cases[i].got);
    sks_bits_delete(b);
    if (cases[i].asked == SKS_BITS_LAYOUT_AUTO) {
      b = sks_bits_new(sh);
      CHECK_EQ(sks_bits_layout_of(b), cases[i].got);
      sks_bits_delete(b);
    }
    sks_shape_release(sh);
  }
}

/* The search's figures tie the layouts that search alike: the set layout
 * and the masks (without locked candidates) propagate singles to the same
 * fixpoint and guess the same cell (the first with the fewest digits), so
 * on every puzzle of a side up to 10 they count the same, keep the same
 * two solutions and report the same nodes, guesses and dead ends; so do
 * the band layout's AVX2 and SSE2 forms (one source compiled twice) on
 * the plain 9x9.  A change of meaning in one layout's operations (its
 * guess, a propagation it skips, the solutions it keeps) fails here. */
static void test_tied(void) {
  shape_kind kinds[] = {
      {2, 2, 0, NULL, 40},
      {2, 3, 0, NULL, 60},
      {2, 3, SKS_VARIANT_JIGSAW, jig6, 40},
      {3, 3, 0, NULL, 200},
      {3, 3, SKS_VARIANT_X, NULL, 60},
      {3, 3, SKS_VARIANT_WINDOKU, NULL, 60},
      {2, 5, 0, NULL, 20},
  };
  sks_solver *dlx = sks_solver_new("dlx", NULL, NULL);
  static result a, b;
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    const sks_shape *sh =
        shape(kinds[k].br, kinds[k].bc, kinds[k].variants, kinds[k].jigsaw);
    bool plain = kinds[k].br == 3 && kinds[k].bc == 3 && !kinds[k].variants;
    sks_solver *pairs[2][2] = {
        {bits_with(SKS_BITS_LAYOUT_SMALL, false, 0),
         bits_with(SKS_BITS_LAYOUT_MASKS, false, 99)},
        {bits_with(SKS_BITS_LAYOUT_BAND, false, 0),
         bits_with(SKS_BITS_LAYOUT_BAND, true, 0)},
    };
    sks_puzzle *p = sks_puzzle_of(sh);
    int *grid = malloc((size_t)sh->n * sh->n * sizeof *grid);
    size_t bytes = (size_t)sh->n * sh->n * sizeof(int);
    unsigned long long nodes[2] = {0, 0};
    for (int round = 0; round < kinds[k].rounds; round++) {
      random_puzzle(dlx, p, grid);
      for (int pair = 0; pair < (plain ? 2 : 1); pair++) {
        sks_stats s0[2], s1[2];
        for (int i = 0; i < 2; i++) {
          sks_solver_stats(pairs[pair][i], &s0[i]);
          count_on(pairs[pair][i], p, SKS_PROPAGATE_GIVENS, 3, i ? &b : &a);
          sks_solver_stats(pairs[pair][i], &s1[i]);
        }
        CHECK_EQ(a.count, b.count);
        CHECK_EQ(a.status, b.status);
        if (a.count >= 1)
          CHECK(!memcmp(a.first, b.first, bytes));
        if (a.count >= 2)
          CHECK(!memcmp(a.second, b.second, bytes));
        CHECK_EQ(s1[0].nodes - s0[0].nodes, s1[1].nodes - s0[1].nodes);
        CHECK_EQ(s1[0].decisions - s0[0].decisions,
                 s1[1].decisions - s0[1].decisions);
        CHECK_EQ(s1[0].conflicts - s0[0].conflicts,
                 s1[1].conflicts - s0[1].conflicts);
        nodes[pair] += s1[0].nodes - s0[0].nodes;
      }
    }
    CHECK(nodes[0] > 0); /* the puzzles made the layouts search */
    CHECK(!plain || nodes[1] > 0);
    free(grid);
    sks_puzzle_delete(p);
    for (int pair = 0; pair < 2; pair++)
      for (int i = 0; i < 2; i++)
        sks_solver_delete(pairs[pair][i]);
    sks_shape_release(sh);
  }
  sks_solver_delete(dlx);
}

/* The mask layout's locked candidates on every kind of region: X,
 * windoku and jigsaw shapes (their regions meet in runs that leave cells
 * uncovered, unlike a box and a line) through the generic masks with the
 * pass from side 4, counted against dlx. */
static void test_locked_shapes(void) {
  shape_kind kinds[] = {
      {2, 2, SKS_VARIANT_JIGSAW, jig4, 40},
      {2, 3, 0, NULL, 40},
      {2, 3, SKS_VARIANT_JIGSAW, jig6, 60},
      {2, 3, SKS_VARIANT_JIGSAW | SKS_VARIANT_X, jig6, 40},
      {3, 3, 0, NULL, 60},
      {3, 3, SKS_VARIANT_X, NULL, 60},
      {3, 3, SKS_VARIANT_WINDOKU, NULL, 60},
      {3, 3, SKS_VARIANT_X | SKS_VARIANT_WINDOKU, NULL, 40},
  };
  sks_solver *dlx = sks_solver_new("dlx", NULL, NULL);
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    const sks_shape *sh =
        shape(kinds[k].br, kinds[k].bc, kinds[k].variants, kinds[k].jigsaw);
    sks_solver *bits = bits_with(SKS_BITS_LAYOUT_MASKS, false, 4);
    long before = puzzles_checked;
    random_puzzles(bits, dlx, sh, kinds[k].rounds);
    CHECK_EQ(puzzles_checked - before, kinds[k].rounds);
    sks_solver_delete(bits);
    sks_shape_release(sh);
  }
  sks_solver_delete(dlx);
}

/* Locked candidates on the large sides: random 16x16 puzzles with 40%
 * of the cells given, counted to two with the pass (the
 * default from 12x12) and without it (the cut-off past the side):
 * the same counts and solutions, and fewer nodes with it. */
static void test_locked(void) {
  int sides[][2] = {{4, 4}};
  for (size_t k = 0; k < sizeof sides / sizeof *sides; k++) {
    const sks_shape *sh = shape(sides[k][0], sides[k][1], 0, NULL);
    int n = sh->n, cells = n * n;
    sks_solver *dlx = sks_solver_new("dlx", NULL, NULL);
    sks_solver *plain = bits_with(SKS_BITS_LAYOUT_AUTO, false, 99);
    sks_puzzle *p = sks_puzzle_of(sh);
    static int grid[64 * 64];
    static result a, b;
    unsigned long long with = 0, without = 0;
    for (int round = 0; round < 6; round++) {
      for (int i = 0; i < cells; i++)
        p->cell[i] = i % (n + 1) ? -1 : (int)((i / (n + 1) + round) % n);
      CHECK_EQ(solve_on(dlx, p, SKS_PROPAGATE_SINGLES, NULL, grid), SKS_SAT);
      for (int i = 0; i < cells; i++)
        p->cell[i] = rnd(100) < 40 ? grid[i] : -1;
      sks_solver *locked = sks_solver_new("bits", NULL, NULL);
      sks_stats st0, st1;
      sks_solver_stats(plain, &st0);
      count_on(plain, p, SKS_PROPAGATE_GIVENS, 2, &a);
      sks_solver_stats(plain, &st1);
      without += st1.nodes - st0.nodes;
      count_on(locked, p, SKS_PROPAGATE_GIVENS, 2, &b);
      sks_solver_stats(locked, &st1);
      with += st1.nodes;
      sks_solver_delete(locked);
      CHECK_EQ(a.count, b.count);
      CHECK_EQ(a.status, SKS_SAT);
      CHECK_EQ(b.status, SKS_SAT);
      if (b.count >= 1)
        CHECK(valid(p, b.first));
      if (b.count >= 2)
        CHECK(valid(p, b.second));
    }
    fprintf(stderr, "%dx%d: nodes %llu with locked candidates, %llu without\n",
            n, n, with, without);
    CHECK(with < without);
    sks_puzzle_delete(p);
    sks_solver_delete(plain);
    sks_solver_delete(dlx);
    sks_shape_release(sh);
  }
}

int main(void) {
  test_locked();
  test_grid();
  test_map_then_puzzle();
  test_shapes();
  test_big();
  test_limits();
  test_layouts();
  test_layout_choice();
  test_tied();
  test_locked_shapes();
  return check_report();
}
