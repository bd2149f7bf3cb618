/* sudokusat author: making and judging puzzles on top of the solving
 * parts: generate, minimize, repair, grade and print.  Each section below
 * belongs to one source file of author/. */
#ifndef SKS_AUTHOR_H
#define SKS_AUTHOR_H

#include "sks_decoder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Symmetry, generation and minimization (author/symmetry.c,
 * author/generate.c) ---- */

/* Symmetries of the pattern of givens: the set of given cells maps onto
 * itself under each map of the symmetry's group.  A shape holds a
 * symmetry when its regions map onto regions too (rot90 and the
 * diagonals need square boxes; a jigsaw map must itself be symmetric). */
typedef enum sks_symmetry {
  SKS_SYMMETRY_NONE,
  SKS_SYMMETRY_ROT180,        /* half turn about the centre */
  SKS_SYMMETRY_ROT90,         /* quarter turn (and so half turn) */
  SKS_SYMMETRY_LEFT_RIGHT,    /* mirror: column c <-> n-1-c */
  SKS_SYMMETRY_TOP_BOTTOM,    /* mirror: row r <-> n-1-r */
  SKS_SYMMETRY_DIAGONAL,      /* mirror in the main diagonal */
  SKS_SYMMETRY_ANTI_DIAGONAL, /* mirror in the anti-diagonal */
  SKS_SYMMETRY_DIAGONALS,     /* both diagonals (and the half turn) */
  SKS_SYMMETRY_MIRRORS,       /* both mirrors (and the half turn) */
  SKS_SYMMETRY_FULL,          /* all eight maps of the square */
  SKS_SYMMETRY_COUNT
} sks_symmetry;

/* "none", "rot180", "rot90", "left-right", "top-bottom", "diagonal",
 * "anti-diagonal", "diagonals", "mirrors", "full". */
const char *sks_symmetry_name(sks_symmetry s);
/* 0 and *out for a name sks_symmetry_name gives; -1 otherwise. */
int sks_symmetry_parse(const char *name, sks_symmetry *out);
/* 0 when the shape holds the symmetry; -1 with err saying why not. */
int sks_symmetry_fits(const sks_shape *shape, sks_symmetry s, sks_error *err);
/* orbit[cell] (n*n): the smallest cell of the cell's orbit. */
void sks_symmetry_orbits(const sks_shape *shape, sks_symmetry s, int *orbit);
/* Whether p's pattern of givens has the symmetry. */
bool sks_symmetry_holds(const sks_puzzle *p, sks_symmetry s);

/* How givens are removed ("digging"): orbits of the symmetry in random
 * order, a removal kept when the puzzle stays unique.  Without minimal or
 * givens, a removal is kept only when propagation (naked and hidden
 * singles; past 64x64 also locked candidates) still fills the grid, which
 * proves uniqueness without search: quick at any size, and the puzzles are
 * solvable by that logic.
 * minimal: then every orbit left is tried with a full uniqueness check,
 * so no orbit of givens can go (without a symmetry: no single given).
 * givens: stop as soon as at most that many are left (0 = no target),
 * trying full checks when propagation alone does not get there. */
typedef struct sks_generate_options {
  sks_symmetry symmetry;
  bool minimal;
  int givens;
  unsigned long long seed; /* puzzle i's random state: seed and i */
} sks_generate_options;

/* Per thread: the engines for one shape, reused for every puzzle: up to
 * 64x64 a bit-parallel exact solver (author/bitgrid.c) with a node
 * budget, then dlx (up to 16x16, with its own budget), then cadical with
 * blocking clauses.  Checks allocate nothing once the first searches have
 * sized the buffers. */
typedef struct sks_generator sks_generator;

/* NULL with err filled when the shape does not hold the symmetry. */
sks_generator *sks_generator_new(const sks_shape *shape,
                                 const sks_generate_options *opt,
                                 sks_error *err);
void sks_generator_delete(sks_generator *g); /* NULL is a no-op */
const sks_shape *sks_generator_shape(const sks_generator *g);

/* Puzzle number `index` of the options' seed into p (of the generator's
 * shape; its givens are replaced) and its solution into solution (n*n,
 * may be NULL).  The same seed, index and options give the same puzzle.
 * Returns 0, or -1 when no full grid was found within the budgets (rare;
 * past 36x36). */
int sks_generate(sks_generator *g, unsigned long long index, sks_puzzle *p,
                 int *solution);

/* Solutions of p up to two: 0, 1 or 2 (two or more). */
int sks_generator_unique(sks_generator *g, const sks_puzzle *p);

/* Removes givens of p (whole orbits of the options' symmetry; random
 * order from the seed and index) until no more can go: p must be unique
 * (sks_generator_unique 1), else it is left alone.  Returns what
 * sks_generator_unique said of p before. */
int sks_minimize(sks_generator *g, unsigned long long index, sks_puzzle *p);

/* Over the generator's life: uniqueness checks, how many of them
 * propagation alone decided, how many went to cadical after the budgets,
 * full grids made, and grid searches that ran out of budget or hit a dead
 * end and started again. */
typedef struct sks_generate_stats {
  unsigned long long checks, by_propagation, by_cdcl, grids, grid_retries;
} sks_generate_stats;
void sks_generator_stats(const sks_generator *g, sks_generate_stats *st);

/* ---- Grading (author/grade.c) ---- */

/* ---- Repair: completing and explaining givens (author/repair.c) ---- */

/* ---- Printing as SVG (author/print_svg.c) ---- */

#ifdef __cplusplus
}
#endif

#endif
