/* Private: the bit-parallel exact engine (solver/bits.c) under the `bits`
 * backend (solver/bits_backend.c).  A DPLL over each cell's candidate
 * set, one 64-bit mask a cell, for every shape of side up to 64, with
 * naked and hidden singles at every node. */
#ifndef SKS_BITS_INT_H
#define SKS_BITS_INT_H

#include "sks_solver.h"

#include <stdint.h>

enum { SKS_BITS_MAX_N = 64 };

typedef struct sks_bits sks_bits;

/* An engine for puzzles of shape (a reference it holds; side <= 64), in
 * the layout that fits the shape best (sks_bits_new_with below).  Tables
 * and the search stack are made here and reused by every puzzle of the
 * shape; a search allocates only when it goes deeper than any before
 * it. */
sks_bits *sks_bits_new(const sks_shape *shape);
void sks_bits_delete(sks_bits *b); /* NULL is a no-op */
const sks_shape *sks_bits_shape(const sks_bits *b);

/* Loads a puzzle: mask[c] is the candidate set of cell c (one bit: the
 * cell is fixed).  Returns false when the candidates contradict each
 * other at once (a cell with none, a digit twice in a region). */
bool sks_bits_load(sks_bits *b, const uint64_t *mask);
/* Loads a puzzle of givens alone (given[c]: a digit, or -1 for an open
 * cell) straight into a layout that has a way for it (the plain 9x9's);
 * false when the layout has none: build the masks for sks_bits_load. */
bool sks_bits_load_givens(sks_bits *b, const int *given);

/* Searches the loaded puzzle for up to limit solutions (0 = all), under
 * lim (steps = search nodes).  Sets *status: SKS_SAT when the count is
 * exact or reached limit, SKS_UNKNOWN when a limit stopped it.  Returns
 * the solutions found; the first two are kept (sks_bits_solution). */
long long sks_bits_search(sks_bits *b, long long limit, const sks_limits *lim,
                          int *status);
/* Solution `which` (0 or 1) of the last search: a digit a cell. */
const unsigned char *sks_bits_solution(const sks_bits *b, int which);

/* The last search's figures: nodes (placements tried by a guess), guesses
 * (nodes with more than one way on), dead ends. */
typedef struct sks_bits_counts {
  unsigned long long nodes, guesses, conflicts;
} sks_bits_counts;
void sks_bits_counts_get(const sks_bits *b, sks_bits_counts *out);
size_t sks_bits_bytes(const sks_bits *b);

/* How an engine is made (sks_bits_new_with; NULL: every default).  The
 * layout is the engine's own choice; the unit test and measurements name
 * one here to compare them. */
typedef enum sks_bits_layout {
  SKS_BITS_LAYOUT_AUTO,  /* the first of the table below that fits */
  SKS_BITS_LAYOUT_BAND,  /* the plain 9x9 (solver/bits_band.c) */
  SKS_BITS_LAYOUT_SMALL, /* sides up to SKS_BITS_SMALL_N (bits_small.c) */
  SKS_BITS_LAYOUT_MASKS, /* every side (bits_masks.c) */
} sks_bits_layout;
enum {
  SKS_BITS_SMALL_N = 10,
  /* Sides from which the mask layout runs locked candidates at every
   * node: below, the search's extra nodes cost less than the pass
   * (BENCHMARKS.md, "Authoring through bits"). */
  SKS_BITS_LOCKED_N = 12,
};
typedef struct sks_bits_options {
  sks_bits_layout layout; /* one that does not fit the shape: the next
                             of the table that does (masks fits all) */
  bool narrow;            /* band: the SSE2 form even where the AVX2 one runs */
  int locked_n;           /* masks: locked candidates from this side (0: the
                             default, SKS_BITS_LOCKED_N) */
} sks_bits_options;
sks_bits *sks_bits_new_with(const sks_shape *shape,
                            const sks_bits_options *opt);
/* The layout the engine took. */
sks_bits_layout sks_bits_layout_of(const sks_bits *b);

/* The bits backend's solvers make their engines with opt from now on
 * (the next puzzle loaded makes a new one); s must be a bits solver. */
void sks_bits_solver_options(sks_solver *s, const sks_bits_options *opt);

/* A layout: one row of the engine's table (solver/bits.c), its functions
 * taking its own engine as void *.  load_givens is NULL where the layout
 * has no way of its own for givens. */
typedef struct sks_bits_layout_ops {
  sks_bits_layout id;
  const char *name;
  bool (*fits)(const sks_shape *shape);
  void *(*make)(const sks_shape *shape, const sks_bits_options *opt);
  void (*drop)(void *engine);
  size_t (*bytes)(const void *engine);
  bool (*load)(void *engine, const uint64_t *mask);
  void (*load_givens)(void *engine, const int *given);
  long long (*search)(void *engine, long long limit, const sks_limits *lim,
                      int *status);
  const unsigned char *(*solution)(const void *engine, int which);
  void (*counts)(const void *engine, sks_bits_counts *out);
} sks_bits_layout_ops;
extern const sks_bits_layout_ops sks_bits_band_layout;
extern const sks_bits_layout_ops sks_bits_small_layout;
extern const sks_bits_layout_ops sks_bits_masks_layout;

/* Whether a search must stop before node `nodes`: the step budget
 * (0: none) spent, or the deadline (0: none) past, read every 1,024 nodes;
 * the search loop (solver/bits_search_int.h) asks it at each node. */
static inline bool sks_bits_stop(unsigned long long nodes, long long steps,
                                 double deadline) {
  return (steps > 0 && (long long)nodes >= steps) ||
         (deadline > 0 && !(nodes & 1023) && sks_past(deadline));
}

#endif
