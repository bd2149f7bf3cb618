/* The row search (canon/canon.c) against the depth-first search
 * (canon/canon_group.c) on plain shapes: the two ways the library finds
 * a minlex form (the row search for sks_canon_puzzle, the depth-first
 * one for the automorphisms of a puzzle that is not a full grid) must
 * mean the same.  On generated puzzles of 4x4 to 12x12 (6x6 with boxes
 * of both orientations; 16x16 is past the depth-first search's budget),
 * random subsets of their solutions (sparse ones with blank lines,
 * half-turn and transposition symmetric patterns), pattern grids with
 * many automorphisms, full grids and random disguises of each: the same
 * form; the same map when the puzzle has no automorphism (one
 * map then gives the form); and on full grids the same number of
 * automorphisms (the row search's final candidates, the depth-first
 * search's ties).  On 9x9 the 9x9 search (canon9.c) is asked too: the
 * same form.  sks_canon_gen_run (canon_int.h) runs the depth-first
 * search on a plain puzzle; sks_canon_set_general makes a sks_canon skip
 * the 9x9 search. */
#include "canon_int.h"
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 0x2545f4914f6cdd1dULL;

static unsigned next_random(unsigned bound) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng % bound);
}

static bool same_map(const sks_canon_map *a, const sks_canon_map *b) {
  size_t len = (size_t)a->n * sizeof(int);
  return a->n == b->n && a->transpose == b->transpose &&
         !memcmp(a->row, b->row, len) && !memcmp(a->col, b->col, len) &&
         !memcmp(a->digit, b->digit, len);
}

typedef struct searches {
  sks_canon *rows;    /* the row search (the 9x9 search skipped) */
  sks_canon *fast;    /* as the library runs: the 9x9 search first */
  sks_canon_gen *dfs; /* the depth-first search */
  long compared, unique, full;
} searches;

/* The depth-first search's budget of cells (the library's default):
 * every puzzle here is within it. */
enum { DFS_BUDGET = 1 << 26 };

/* p through the row search and the depth-first search. */
static void compare(searches *s, const sks_puzzle *p) {
  int n = p->shape->n, cells = n * n;
  int *a = malloc((size_t)cells * sizeof *a),
      *b = malloc((size_t)cells * sizeof *b);
  sks_canon_map ma, mb;
  long ties = 0;
  sks_error ea = {0}, eb = {0};
  int ra = sks_canon_puzzle(s->rows, p, a, &ma, &ea);
  int rb = sks_canon_gen_run(&s->dfs, p, DFS_BUDGET, 0, &mb, &ties, &eb);
  /* a repeated digit: the row search refuses it, the depth-first search
   * is never asked (sks_canon_puzzle refuses it first) */
  if (ra) {
    CHECK(strstr(ea.msg, "repeat") != NULL);
    free(a);
    free(b);
    return;
  }
  CHECK_EQ(rb, 0);
  s->compared++;
  sks_canon_apply(&mb, p->cell, b);
  CHECK(!memcmp(a, b, (size_t)cells * sizeof *a));
  CHECK(ties >= 1);
  if (ties == 1) {
    s->unique++;
    CHECK(same_map(&ma, &mb));
  }
  if (n == 9 && p->shape->box_rows == 3) {
    CHECK_EQ(sks_canon_puzzle(s->fast, p, b, NULL, &ea), 0);
    CHECK(!memcmp(a, b, (size_t)cells * sizeof *a));
  }
  if (sks_puzzle_givens(p) == cells && p->shape->box_rows > 1 &&
      p->shape->box_cols > 1) {
    s->full++;
    CHECK_EQ(sks_canon_automorphisms(s->rows, p, &ea), ties);
  }
  free(a);
  free(b);
}

/* p and k random disguises of it. */
static void compare_disguises(searches *s, const sks_puzzle *p, int k) {
  int R = p->shape->box_rows, C = p->shape->box_cols, buf[3 * SKS_MAX_N];
  sks_puzzle *q = sks_puzzle_copy(p);
  compare(s, p);
  for (int i = 0; i < k; i++) {
    sks_canon_map g;
    sks_canon_random(R, C, rng + (unsigned)i, &g, buf);
    sks_canon_apply(&g, p->cell, q->cell);
    compare(s, q);
  }
  sks_puzzle_delete(q);
}

/* count generated puzzles of R x C boxes, the patterns made of their
 * solutions, and k disguises of each. */
static void check_shape(searches *s, int R, int C, int count, int k) {
  sks_error err = {0};
  const sks_shape *sh = sks_shape_new(R, C, 0, NULL, &err);
  CHECK(sh != NULL);
  int n = R * C, cells = n * n;
  sks_generate_options go = {.seed = 11};
  sks_generator *g = sks_generator_new(sh, &go, &err);
  sks_puzzle *p = sks_puzzle_of(sh), *q = sks_puzzle_of(sh);
  int *sol = malloc((size_t)cells * sizeof *sol);
  for (int i = 0; i < count; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    compare_disguises(s, p, k);
    /* a random subset of the solution, from a few cells to all */
    unsigned keep = 3 + next_random((unsigned)cells - 2);
    for (int c = 0; c < cells; c++)
      q->cell[c] = next_random((unsigned)cells) < keep ? sol[c] : -1;
    compare_disguises(s, q, k);
    /* kept with its image under the half turn (and, every other time,
     * the transposition): automorphic patterns */
    for (int c = 0; c < cells; c++)
      q->cell[c] = -1;
    for (int c = 0; c < cells; c++)
      if (next_random((unsigned)cells) < keep / 2) {
        int t = c % n * n + c / n;
        q->cell[c] = sol[c];
        q->cell[cells - 1 - c] = sol[cells - 1 - c];
        if (i % 2 && R == C)
          q->cell[t] = sol[t];
      }
    compare_disguises(s, q, k);
    /* the full grid */
    memcpy(q->cell, sol, (size_t)cells * sizeof *sol);
    compare_disguises(s, q, 1);
  }
  free(sol);
  sks_puzzle_delete(p);
  sks_puzzle_delete(q);
  sks_generator_delete(g);
  sks_shape_release(sh);
}

/* Grids with many automorphisms: the pattern grid of R x C boxes, (r, c)
 * holding (C (r % R) + r / R + c) % n, and a 9x9 grid with 648. */
static void check_patterns(searches *s) {
  static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}};
  sks_error err = {0};
  for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
    int R = shapes[k][0], C = shapes[k][1], n = R * C;
    const sks_shape *sh = sks_shape_new(R, C, 0, NULL, &err);
    sks_puzzle *p = sks_puzzle_of(sh);
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++)
        p->cell[r * n + c] = (C * (r % R) + r / R + c) % n;
    compare_disguises(s, p, 3);
    sks_puzzle_delete(p);
    sks_shape_release(sh);
  }
  const sks_shape *sh = sks_shape_new(3, 3, 0, NULL, &err);
  sks_puzzle *p = sks_puzzle_of(sh);
  const char *g = "123456789456789123789123456231564897564897231897231564"
                  "312645978645978312978312645";
  for (int i = 0; i < 81; i++)
    p->cell[i] = g[i] - '1';
  long before = s->full;
  compare_disguises(s, p, 3);
  CHECK_EQ(s->full - before, 4);
  CHECK_EQ(sks_canon_automorphisms(s->rows, p, &err), 648);
  sks_puzzle_delete(p);
  sks_shape_release(sh);
}

int main(void) {
  searches s = {.rows = sks_canon_new(), .fast = sks_canon_new()};
  sks_canon_set_general(s.rows, true);
  check_patterns(&s);
  check_shape(&s, 2, 2, 30, 3);
  check_shape(&s, 2, 3, 30, 3);
  check_shape(&s, 3, 2, 20, 3);
  check_shape(&s, 2, 4, 15, 2);
  check_shape(&s, 3, 3, 40, 3);
  check_shape(&s, 3, 4, 4, 1);
  /* Every kind must have been compared: forms, unique maps, full grids'
   * automorphisms. */
  CHECK(s.compared > 1000);
  CHECK(s.unique > 300);
  CHECK(s.full > 150);
  printf("row search against depth-first search: %ld compared (%ld with "
         "one map, %ld full grids)\n",
         s.compared, s.unique, s.full);
  sks_canon_gen_delete(s.dfs);
  sks_canon_delete(s.rows);
  sks_canon_delete(s.fast);
  return check_report();
}
