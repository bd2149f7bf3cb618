/* Tests of canonical forms (canon/canon.c): random disguises of held
 * and generated puzzles of every box shape canonicalise alike; the
 * canonical form is a fixed point and is what the returned map makes of
 * the input; on 4x4 and 6x6 it is the minimum over the whole group,
 * enumerated here apart from the library; puzzles of the 17-clue
 * collection (pairwise inequivalent) never collide; 9x9 solution grids
 * match the minlex forms of dobrichev's sudoku-minlexing-tool. */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static sks_puzzle *parse(const char *text, int box_rows, int box_cols) {
  sks_format_options fo = {0};
  fo.box_rows = box_rows;
  fo.box_cols = box_cols;
  sks_puzzle *p = NULL;
  sks_error err = {0};
  CHECK_EQ(sks_puzzle_parse(text, &fo, &p, &err), 0);
  return p;
}

/* The grid relabelled by first appearance (row-major), blanks -1. */
static void relabel(const int *in, int n, int *out) {
  int label[SKS_MAX_N], next = 0;
  for (int d = 0; d < n; d++)
    label[d] = -1;
  for (int i = 0; i < n * n; i++) {
    if (in[i] < 0) {
      out[i] = -1;
      continue;
    }
    if (label[in[i]] < 0)
      label[in[i]] = next++;
    out[i] = label[in[i]];
  }
}

/* Lexicographic order with blank (-1) first. */
static int grid_cmp(const int *a, const int *b, int cells) {
  for (int i = 0; i < cells; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* Checks K = canon(p): the map is a group element and makes K of p; K
 * is its own canonical form, labelled by first appearance, and no
 * greater than p relabelled. */
static void check_one(sks_canon *z, const sks_puzzle *p, int *K) {
  const sks_shape *sh = p->shape;
  int n = sh->n, cells = n * n;
  int *img = malloc((size_t)cells * sizeof *img);
  int *again = malloc((size_t)cells * sizeof *again);
  sks_canon_map m;
  sks_error err = {0};
  CHECK_EQ(sks_canon_puzzle(z, p, K, &m, &err), 0);
  CHECK(sks_canon_map_valid(&m, sh->box_rows, sh->box_cols));
  sks_canon_apply(&m, p->cell, img);
  CHECK_EQ(grid_cmp(img, K, cells), 0);
  relabel(K, n, img);
  CHECK_EQ(grid_cmp(img, K, cells), 0);
  relabel(p->cell, n, img);
  CHECK(grid_cmp(K, img, cells) <= 0);
  sks_puzzle *k = sks_puzzle_copy(p);
  memcpy(k->cell, K, (size_t)cells * sizeof *K);
  CHECK_EQ(sks_canon_puzzle(z, k, again, NULL, &err), 0);
  CHECK_EQ(grid_cmp(again, K, cells), 0);
  sks_puzzle_delete(k);
  free(img);
  free(again);
}

/* k random disguises of p canonicalise to K. */
static void check_disguises(sks_canon *z, const sks_puzzle *p, const int *K,
                            int k, unsigned long long seed) {
  const sks_shape *sh = p->shape;
  int n = sh->n, cells = n * n, buf[3 * SKS_MAX_N];
  int *out = malloc((size_t)cells * sizeof *out);
  sks_puzzle *q = sks_puzzle_copy(p);
  sks_error err = {0};
  for (int i = 0; i < k; i++) {
    sks_canon_map g;
    sks_canon_random(sh->box_rows, sh->box_cols, seed * 1000 + (unsigned)i, &g,
                     buf);
    CHECK(sks_canon_map_valid(&g, sh->box_rows, sh->box_cols));
    sks_canon_apply(&g, p->cell, q->cell);
    CHECK_EQ(sks_canon_puzzle(z, q, out, NULL, &err), 0);
    CHECK_EQ(grid_cmp(out, K, cells), 0);
  }
  sks_puzzle_delete(q);
  free(out);
}

/* ---- the whole group, enumerated apart from the library ---- */

typedef struct brute {
  int n, R, C;
  const int *cell;
  int rows[SKS_MAX_N], cols[SKS_MAX_N];
  int *best, *cur;
  bool have;
} brute;

/* Every map of lines in groups of g: groups in every order, lines in
 * every order within; calls done at each full map. */
static void lines(int n, int g, int *map, int at, unsigned used_groups,
                  unsigned used_lines, void (*done)(brute *), brute *b) {
  if (at == n) {
    done(b);
    return;
  }
  int slot = at % g;
  if (!slot) {
    for (int G = 0; G < n / g; G++)
      if (!(used_groups >> G & 1))
        for (int l = 0; l < g; l++) {
          map[at] = G * g + l;
          lines(n, g, map, at + 1, used_groups | 1u << G,
                used_lines | 1u << (G * g + l), done, b);
        }
    return;
  }
  int G = map[at - slot] / g;
  for (int l = 0; l < g; l++)
    if (!(used_lines >> (G * g + l) & 1)) {
      map[at] = G * g + l;
      lines(n, g, map, at + 1, used_groups, used_lines | 1u << (G * g + l),
            done, b);
    }
}

static int transposed;

static void at_full(brute *b) {
  int n = b->n;
  int *img = calloc((size_t)n * n, sizeof *img);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      img[r * n + c] = transposed ? b->cell[b->cols[c] * n + b->rows[r]]
                                  : b->cell[b->rows[r] * n + b->cols[c]];
  relabel(img, n, b->cur);
  if (!b->have || grid_cmp(b->cur, b->best, n * n) < 0)
    memcpy(b->best, b->cur, (size_t)n * n * sizeof *b->best);
  b->have = true;
  free(img);
}

static void at_rows(brute *b) {
  lines(b->n, b->C, b->cols, 0, 0, 0, at_full, b);
}

/* The minimum over the whole group, into best. */
static void brute_min(const sks_puzzle *p, int *best) {
  brute b = {.n = p->shape->n,
             .R = p->shape->box_rows,
             .C = p->shape->box_cols,
             .cell = p->cell,
             .best = best};
  b.cur = malloc((size_t)b.n * b.n * sizeof *b.cur);
  for (transposed = 0; transposed < 1 + (b.R == b.C); transposed++)
    lines(b.n, b.R, b.rows, 0, 0, 0, at_rows, &b);
  free(b.cur);
}

/* Random puzzles of a shape (subsets of a generated grid, some invalid
 * ones too) against the enumeration. */
static void check_brute(sks_canon *z, int R, int C, int count) {
  int n = R * C, cells = n * n;
  sks_error err = {0};
  const sks_shape *sh = sks_shape_new(R, C, 0, NULL, &err);
  sks_generate_options go = {.seed = 7};
  sks_generator *g = sks_generator_new(sh, &go, &err);
  sks_puzzle *p = sks_puzzle_of(sh);
  int *sol = malloc((size_t)cells * sizeof *sol);
  int *K = malloc((size_t)cells * sizeof *K);
  int *B = malloc((size_t)cells * sizeof *B);
  unsigned long long s = 12345;
  for (int i = 0; i < count; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    for (int c = 0; c < cells; c++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      int keep = (int)(s >> 60); /* 0..15 */
      /* i % 4: sparse, half, dense, full */
      int limit = (int[]){3, 8, 13, 16}[i % 4];
      p->cell[c] = keep < limit ? sol[c] : -1;
      if (i % 7 == 6 && keep == 0) /* an invalid repeat now and then */
        p->cell[c] = sol[0];
    }
    if (i % 7 == 6) { /* refused when a row or column repeats a digit */
      sks_error err2 = {0};
      int r = sks_canon_puzzle(z, p, K, NULL, &err2);
      CHECK(r == 0 || strstr(err2.msg, "repeat") != NULL);
      if (r)
        continue;
    }
    check_one(z, p, K);
    brute_min(p, B);
    CHECK_EQ(grid_cmp(K, B, cells), 0);
    if (grid_cmp(K, B, cells)) {
      for (int c = 0; c < cells; c++)
        fprintf(stderr, "%c", p->cell[c] < 0 ? '.' : '1' + p->cell[c]);
      fprintf(stderr, " %dx%d puzzle %d\n", R, C, i);
      for (int c = 0; c < cells; c++)
        fprintf(stderr, "%c", K[c] < 0 ? '.' : '1' + K[c]);
      fprintf(stderr, " canon\n");
      for (int c = 0; c < cells; c++)
        fprintf(stderr, "%c", B[c] < 0 ? '.' : '1' + B[c]);
      fprintf(stderr, " minimum\n");
    }
  }
  free(sol);
  free(K);
  free(B);
  sks_puzzle_delete(p);
  sks_generator_delete(g);
  sks_shape_release(sh);
}

/* Generated puzzles (and their solutions) of a shape. */
static void check_shape(sks_canon *z, int R, int C, int count, bool grids) {
  int n = R * C, cells = n * n;
  sks_error err = {0};
  const sks_shape *sh = sks_shape_new(R, C, 0, NULL, &err);
  sks_generate_options go = {.seed = 42};
  sks_generator *g = sks_generator_new(sh, &go, &err);
  sks_puzzle *p = sks_puzzle_of(sh);
  int *sol = malloc((size_t)cells * sizeof *sol);
  int *K = malloc((size_t)cells * sizeof *K);
  for (int i = 0; i < count; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    check_one(z, p, K);
    check_disguises(z, p, K, 8, (unsigned long long)(n * 100 + i));
    if (grids) {
      memcpy(p->cell, sol, (size_t)cells * sizeof *sol);
      check_one(z, p, K);
      check_disguises(z, p, K, 4, (unsigned long long)(n * 100 + i + 50));
    }
  }
  free(sol);
  free(K);
  sks_puzzle_delete(p);
  sks_generator_delete(g);
  sks_shape_release(sh);
}

/* The first puzzles of the 17-clue collection (Gordon Royle's, as kept
 * by dobrichev; a set of pairwise inequivalent puzzles). */
static const char *const seventeen[] = {
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8..."
    "962."
    "..7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8..."
    "952."
    "7.....",
    ".................1.....2.3......425...6.......17....8.....7...64...6....9."
    "."
    "8...1.",
    ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3."
    "6"
    "1...9.",
    ".................1.....2.3......45.6..3.......17...8.....16......8....4.."
    "6."
    "5..2..",
    ".................1.....2.3.....1...4..3.5.....26....7.14...8...5........7."
    "."
    "..6.2.",
    ".................1.....2.3.....4...5..2.1...6..3..78.....9.32...1.....4.."
    "5."
    "......",
    ".................1.....2.3.....4...5..3.1.....26....7.15...8...4........7."
    "."
    "..6.2.",
};

/* AI Escargot, Easter Monster, Golden Nugget, Platinum Blonde and Arto
 * Inkala's 2012 puzzle (as in the data set of famous puzzles), their
 * solutions, and the solutions' minlex forms as dobrichev's
 * sudoku-minlexing-tool (github.com/dobrichev/sudoku-minlexing-tool,
 * patminlex, commit f3c1a68) printed them when run on these grids.  For
 * puzzles with blanks that tool orders the pattern of givens first and
 * the digits after, a different order from this library's (the whole
 * string, blank first): there the test checks only that its form is
 * equivalent (canonicalises alike). */
static const char *const famous[] = {
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7.."
    "7...3..",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8..."
    "2.....1",
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4."
    ".7.....",
    ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5.."
    "47."
    "..6...",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1.."
    "9."
    "...4.."};
static const char *const famous_tool[] = {
    ".....1..2....2..3....3..4....4.....5.2..6..7.8..9..1....3..6..1.5..7..6.9."
    "."
    "8..2..",
    "........1.....2.34..4...56...6..4.2..7..1....8..9.......5..36...9.8.....1."
    "."
    ".7....",
    ".......12.....3..4..1.4.5....5.2...6.7...8...3..9.......2.5..4..8....6..9."
    "."
    "7.....",
    "........1.......23..3..14......5......2..6..7.8.9..6....6..7...5..4..7.."
    "49."
    ".8....",
    "........1.....2.3...4.5.6.....6..7....678.....3...9.....8...5...9...7.1."
    "12."
    "....9."};
static const char *const famous_solution[] = {
    "16285749353412967878964352147531298691358674262879413535647821924193586789"
    "7261354",
    "17438596229346715858619273445192387692867431536785124971954862363521948784"
    "2736591",
    "75184623989237146564325987123819754697456231816543892731968475252791368448"
    "6725193",
    "83946571214678295375239148639182467556417382928765934162853719491324856747"
    "5916238",
    "81275364994368217567549128315423789636984572128716953452197436843852691779"
    "6318452"};
static const char *const solution_tool[] = {
    "12345678945718923669827341526984157334569712878153296453471869281692435797"
    "2365841",
    "12345678945678913278921345621769584363584792194813267539457126857296831486"
    "1324597",
    "12345678945678913278912354624861597353189726469723481537596842186254139791"
    "4372658",
    "12345678945718923668932754123694517857863192494187236539576841276251489381"
    "4293657",
    "12345678945718923669872341528591436776153294893486715234627859157964182381"
    "2395674"};

static void check_famous(sks_canon *z) {
  int K[81], T[81];
  sks_error err = {0};
  for (int i = 0; i < 5; i++) {
    sks_puzzle *p = parse(famous[i], 3, 3);
    sks_puzzle *t = parse(famous_tool[i], 3, 3);
    check_one(z, p, K);
    check_disguises(z, p, K, 8, 900 + (unsigned long long)i);
    CHECK_EQ(sks_canon_puzzle(z, t, T, NULL, &err), 0);
    CHECK_EQ(grid_cmp(K, T, 81), 0);
    sks_puzzle_delete(p);
    sks_puzzle_delete(t);
    p = parse(famous_solution[i], 3, 3);
    t = parse(solution_tool[i], 3, 3);
    check_one(z, p, K);
    CHECK_EQ(grid_cmp(K, t->cell, 81), 0);
    sks_puzzle_delete(p);
    sks_puzzle_delete(t);
  }
}

static void check_inequivalent(sks_canon *z) {
  enum { K17 = sizeof seventeen / sizeof *seventeen };
  int K[K17][81];
  for (int i = 0; i < K17; i++) {
    sks_puzzle *p = parse(seventeen[i], 3, 3);
    check_one(z, p, K[i]);
    check_disguises(z, p, K[i], 4, 500 + (unsigned long long)i);
    sks_puzzle_delete(p);
  }
  for (int i = 0; i < K17; i++)
    for (int j = 0; j < i; j++)
      CHECK(grid_cmp(K[i], K[j], 81) != 0);
}

/* What is refused: a search past the budget, in the row search and in
 * the general one (a candidates puzzle); a
 * variant's group too large to list (25x25 Sudoku X). */
static void check_refused(sks_canon *z) {
  sks_error err = {0};
  int K[81];
  /* a grid with its last row blank, with a tiny budget: the next row,
   * full, ties in every order of its columns */
  sks_puzzle *p = parse(famous_solution[0], 3, 3);
  for (int i = 72; i < 81; i++)
    p->cell[i] = -1;
  sks_canon_set_budget(z, 100);
  CHECK_EQ(sks_canon_puzzle(z, p, K, NULL, &err), -1);
  CHECK(strstr(err.msg, "passed 100") != NULL);
  sks_canon_set_budget(z, 0);
  CHECK_EQ(sks_canon_puzzle(z, p, K, NULL, &err), 0);
  sks_puzzle_delete(p);
  p = parse(famous_solution[0], 3, 3);
  sks_puzzle_remove(p, 1, 0);
  sks_canon_set_budget(z, 1);
  CHECK_EQ(sks_canon_puzzle(z, p, K, NULL, &err), -1);
  CHECK(strstr(err.msg, "passed 64 cells") != NULL);
  sks_canon_set_budget(z, 0);
  CHECK_EQ(sks_canon_puzzle(z, p, K, NULL, &err), 0);
  sks_puzzle_delete(p);
  p = parse(famous_solution[0], 3, 3);
  CHECK_EQ(sks_canon_puzzle(z, p, K, NULL, &err), 0);
  sks_puzzle_delete(p);
  p = sks_puzzle_new(5, 5, SKS_VARIANT_X, NULL, &err);
  int *K25 = malloc(625 * sizeof *K25);
  CHECK_EQ(sks_canon_puzzle(z, p, K25, NULL, &err), -1);
  CHECK(strstr(err.msg, "too large to list") != NULL);
  free(K25);
  sks_puzzle_delete(p);
}

int main(void) {
  sks_canon *z = sks_canon_new();
  check_brute(z, 2, 2, 40);
  check_brute(z, 2, 3, 16);
  check_brute(z, 3, 2, 8);
  check_shape(z, 2, 2, 6, true);
  check_shape(z, 2, 3, 6, true);
  check_shape(z, 3, 3, 6, true);
  check_shape(z, 3, 4, 4, true);
  check_shape(z, 4, 3, 2, true);
  check_shape(z, 4, 4, 3, true);
  check_shape(z, 2, 5, 2, true);
  check_shape(z, 5, 5, 1, true);
  check_famous(z);
  check_inequivalent(z);
  check_refused(z);
  sks_canon_delete(z);
  sks_canon_delete(NULL);
  return check_report();
}
