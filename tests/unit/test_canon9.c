/* The 9x9 search (canon/canon9.c) against the general row search
 * (canon/canon.c): on generated puzzles, on random subsets of their
 * solutions (sparse ones with blank lines, symmetric patterns, full
 * grids), on puzzles with automorphisms (subsets of a grid that a
 * rotation of the stacks maps to itself) and on random disguises of
 * each, the two
 * give the same canonical form and the same map, byte for byte.
 * sks_canon_set_general (canon_int.h) makes a sks_canon skip the 9x9
 * search; sks_canon9_run is called directly too, so the test knows how
 * many puzzles the 9x9 search took rather than handed back. */
#include "canon_int.h"
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

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

static long taken, handed_back;

/* p through both searches: the same status, form and map; and, when the
 * 9x9 search takes p itself, the same map again. */
static void compare(sks_canon *fast, sks_canon *general, sks_canon9 **f,
                    const sks_puzzle *p) {
  int a[81], b[81], c[81];
  sks_canon_map ma, mb, mf;
  sks_error ea = {0}, eb = {0};
  int ra = sks_canon_puzzle(fast, p, a, &ma, &ea);
  int rb = sks_canon_puzzle(general, p, b, &mb, &eb);
  CHECK_EQ(ra, rb);
  if (ra || rb)
    return;
  CHECK(!memcmp(a, b, sizeof a));
  CHECK(same_map(&ma, &mb));
  if (sks_canon9_run(f, p, 1L << 20, c, &mf)) {
    taken++;
    CHECK(same_map(&mf, &mb));
    CHECK(!memcmp(c, b, sizeof c));
  } else {
    handed_back++;
  }
}

/* p and k random disguises of it. */
static void compare_disguises(sks_canon *fast, sks_canon *general,
                              sks_canon9 **f, const sks_puzzle *p, int k) {
  int buf[27];
  sks_puzzle *q = sks_puzzle_copy(p);
  compare(fast, general, f, p);
  for (int i = 0; i < k; i++) {
    sks_canon_map g;
    sks_canon_random(3, 3, rng + (unsigned)i, &g, buf);
    sks_canon_apply(&g, p->cell, q->cell);
    compare(fast, general, f, q);
  }
  sks_puzzle_delete(q);
}

int main(void) {
  sks_canon *fast = sks_canon_new(), *general = sks_canon_new();
  sks_canon_set_general(general, true);
  sks_canon9 *f = NULL;
  sks_error err = {0};
  const sks_shape *sh = sks_shape_new(3, 3, 0, NULL, &err);
  sks_generate_options go = {.seed = 7};
  sks_generator *g = sks_generator_new(sh, &go, &err);
  sks_puzzle *p = sks_puzzle_of(sh), *q = sks_puzzle_of(sh);
  int sol[81];
  for (int i = 0; i < 60; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    compare_disguises(fast, general, &f, p, 6);
    /* a random subset of the solution, from a few cells to all */
    int keep = 3 + (int)next_random(79);
    for (int c = 0; c < 81; c++)
      q->cell[c] = next_random(81) < (unsigned)keep ? sol[c] : -1;
    compare_disguises(fast, general, &f, q, 4);
    /* the same kept with its image under the half turn (and, every
     * other time, under the transposition): automorphic patterns */
    for (int c = 0; c < 81; c++)
      q->cell[c] = -1;
    for (int c = 0; c < 81; c++)
      if (next_random(81) < (unsigned)keep / 2) {
        q->cell[c] = sol[c];
        q->cell[80 - c] = sol[80 - c];
        if (i % 2)
          q->cell[c % 9 * 9 + c / 9] = sol[c % 9 * 9 + c / 9];
      }
    compare_disguises(fast, general, &f, q, 4);
    /* cells of a grid that the stacks' rotation (with a relabelling)
     * maps to itself, kept alike in the three stacks: automorphisms */
    for (int c = 0; c < 81; c++)
      q->cell[c] = -1;
    for (int r = 0; r < 9; r++)
      for (int c = 0; c < 3; c++)
        if (next_random(81) < (unsigned)keep / 2)
          for (int k = 0; k < 9; k += 3)
            q->cell[r * 9 + c + k] = (3 * (r % 3) + r / 3 + c + k) % 9;
    compare_disguises(fast, general, &f, q, 4);
    /* one band and one stack with two blank lines */
    memcpy(q->cell, p->cell, sizeof sol);
    for (int c = 0; c < 9; c++)
      q->cell[9 * 3 + c] = q->cell[9 * 4 + c] = q->cell[c * 9 + 6] =
          q->cell[c * 9 + 8] = -1;
    compare_disguises(fast, general, &f, q, 2);
    memcpy(q->cell, sol, sizeof sol);
    compare(fast, general, &f, q);
  }
  /* A puzzle whose givens repeat a digit: both refuse it. */
  memcpy(q->cell, sol, sizeof sol);
  q->cell[1] = q->cell[0];
  compare(fast, general, &f, q);
  /* Both searches must have been used. */
  CHECK(taken > 300);
  CHECK(handed_back > 300);
  printf("9x9 search: %ld taken, %ld handed back\n", taken, handed_back);
  sks_canon9_delete(f);
  sks_canon9_delete(NULL);
  sks_puzzle_delete(p);
  sks_puzzle_delete(q);
  sks_generator_delete(g);
  sks_shape_release(sh);
  sks_canon_delete(fast);
  sks_canon_delete(general);
  return check_report();
}
