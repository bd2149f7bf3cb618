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

/* An engine for puzzles of shape (a reference it holds; side <= 64).
 * Tables and the search stack are made here and reused by every puzzle
 * of the shape; a search allocates only when it goes deeper than any
 * before it. */
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

/* The layout for sides up to SKS_BITS_SMALL_N (solver/bits_small.c): one
 * set of cells a digit; sks_bits uses it for those sides, with the same
 * calls. */
enum { SKS_BITS_SMALL_N = 10 };
typedef struct sks_bits_small sks_bits_small;
sks_bits_small *sks_bits_small_new(const sks_shape *shape);
void sks_bits_small_delete(sks_bits_small *b);
size_t sks_bits_small_bytes(const sks_bits_small *b);
bool sks_bits_small_load(sks_bits_small *b, const uint64_t *mask);
long long sks_bits_small_search(sks_bits_small *b, long long limit,
                                const sks_limits *lim, int *status);
const unsigned char *sks_bits_small_solution(const sks_bits_small *b,
                                             int which);
void sks_bits_small_counts(const sks_bits_small *b, sks_bits_counts *out);

/* The layout for the plain 9x9 (solver/bits_band.c): by digit, a 27-bit
 * word a band, with the box-line eliminations of each band and stack at
 * every node; sks_bits uses it for that shape, with the same calls. */
typedef struct sks_bits_band sks_bits_band;
bool sks_bits_band_fits(const sks_shape *shape);
/* wide: the search may take its AVX2 form where the processor has it
 * (false: the SSE2 form always; SKS_BITS_LAYOUT=band-narrow, for the
 * tests and for measuring). */
sks_bits_band *sks_bits_band_new(const sks_shape *shape, bool wide);
void sks_bits_band_delete(sks_bits_band *b);
size_t sks_bits_band_bytes(const sks_bits_band *b);
bool sks_bits_band_load(sks_bits_band *b, const uint64_t *mask);
void sks_bits_band_load_givens(sks_bits_band *b, const int *given);
long long sks_bits_band_search(sks_bits_band *b, long long limit,
                               const sks_limits *lim, int *status);
const unsigned char *sks_bits_band_solution(const sks_bits_band *b, int which);
void sks_bits_band_counts(const sks_bits_band *b, sks_bits_counts *out);

/* Whether a search must stop before node `nodes`: the step budget
 * (0: none) spent, or the deadline (0: none) past, read every 1,024 nodes;
 * both layouts ask it at each node. */
static inline bool sks_bits_stop(unsigned long long nodes, long long steps,
                                 double deadline) {
  return (steps > 0 && (long long)nodes >= steps) ||
         (deadline > 0 && !(nodes & 1023) && sks_past(deadline));
}

#endif
