/* sudokusat canonical forms: the smallest puzzle equivalent to a given
 * one under its shape's symmetry group ("minlex"), the group's elements
 * and automorphisms (canon/canon.c, canon9.c, canon_group.c,
 * canon_map.c), and the classes of equivalent puzzles seen
 * (canon/canon_classes.c). */
#ifndef SKS_CANON_H
#define SKS_CANON_H

#include "sks_encoder.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The canonical form of a puzzle: the lexicographically smallest of the
 * puzzles equivalent to it, read row by row as a string in which a blank
 * is 0 and sorts before every digit, and digits are relabelled 1, 2, ...
 * in order of first appearance ("minlex").  The group, for boxes of R
 * rows by C columns: permutations of the rows within each band, of the
 * bands, of the columns within each stack, of the stacks, transposition
 * when R = C, and any relabelling of the digits.  A solution grid (every
 * cell given) canonicalises the same way.
 *
 * Variants keep their regions: their group is the elements of the above
 * (jigsaw: of the eight maps of the square) that map every region onto a
 * region -- Sudoku X: the row map commutes with the mirror i -> n-1-i and
 * the columns take the same map or its mirror image; windoku: the row and
 * column maps each keep the windows' lines together; jigsaw: the maps of
 * the square that keep the region map.
 *
 * Candidates puzzles (removed candidates) canonicalise on their sets:
 * each cell is n flags in canonical digit order, 1 when the digit is
 * excluded (a given excludes every other digit); the digit order is the
 * one that makes the string of flags smallest, and the form is the
 * smallest string over the group. */

/* A transformation: canonical cell (r, c) holds digit[v] where v is the
 * input's digit at (row[r], col[c]) -- at (col[c], row[r]) when
 * transpose -- and a blank stays blank. */
typedef struct sks_canon_map {
  int n;
  bool transpose;
  const int *row;   /* n: canonical row -> input row */
  const int *col;   /* n: canonical column -> input column */
  const int *digit; /* n: input digit -> canonical digit (0-based) */
} sks_canon_map;

/* Reusable search state (one per thread); holds the last map. */
typedef struct sks_canon sks_canon;
sks_canon *sks_canon_new(void);
void sks_canon_delete(sks_canon *z); /* NULL is a no-op */

/* Limits the candidates the search keeps at one row (0: the default,
 * 2^20); past it sks_canon_puzzle gives up (-1). */
void sks_canon_set_budget(sks_canon *z, long candidates);

/* Past deadline (sks_time's clock; 0 = none, the default) the searches of
 * sks_canon_puzzle and sks_canon_automorphisms stop as at their budget:
 * -1 with err "the time limit ran out".  The 9x9 search, a few
 * microseconds, does not look. */
void sks_canon_set_deadline(sks_canon *z, double deadline);

/* The canonical form of p into out (n*n, -1 blank, else digit 0..n-1)
 * and, when map is not NULL, the transformation from p to it (its arrays
 * owned by z, valid until the next call).  Returns 0, or -1 with err
 * when its givens repeat a digit in a row or column (it has no
 * solution), the search passed the budget, or the group of a variant is
 * too large to list (Sudoku X of 25x25 and up).  A candidates puzzle's sets
 * go through the map with sks_canon_apply_removed. */
int sks_canon_puzzle(sks_canon *z, const sks_puzzle *p, int *out,
                     sks_canon_map *map, sks_error *err);

/* The automorphisms of p: the number of group elements (digit
 * relabellings included) that map p onto itself, 1 when only the
 * identity does; -1 with err as sks_canon_puzzle.  Up to 4,096 of them
 * are kept, for sks_canon_automorphism. */
long sks_canon_automorphisms(sks_canon *z, const sks_puzzle *p, sks_error *err);

/* The k-th automorphism the last sks_canon_automorphisms found (the
 * identity among them) into map, arrays owned by z; false when k is past
 * the ones kept. */
bool sks_canon_automorphism(sks_canon *z, long k, sks_canon_map *map);

/* The group element's action: out = map applied to in (both n*n, -1
 * blank).  box_rows and box_cols name the shape. */
void sks_canon_apply(const sks_canon_map *map, const int *in, int *out);
/* The same for candidates: out[(cell)*n + digit] from in (both n*n*n,
 * nonzero where a candidate is removed). */
void sks_canon_apply_removed(const sks_canon_map *map, const unsigned char *in,
                             unsigned char *out);

/* A random element of the group of R x C boxes (transposition only when
 * R = C) from seed, into map, whose arrays point into buf (3n ints). */
void sks_canon_random(int box_rows, int box_cols, unsigned long long seed,
                      sks_canon_map *map, int *buf);

/* Whether map is an element of the group of R x C boxes. */
bool sks_canon_map_valid(const sks_canon_map *map, int box_rows, int box_cols);

/* ---- Classes of equivalent puzzles (canon/canon_classes.c) ---- */

/* The classes seen so far: each puzzle added is new (the first of its
 * class), a repeat (equivalent to one added before: the same canonical
 * form, shape, variants and, for a candidates puzzle, candidate sets) or
 * unknown (no canonical form: see sks_canon_puzzle).  Classes are
 * numbered 0, 1, ... in the order their first puzzle came. */
typedef struct sks_canon_classes sks_canon_classes;

/* threads: the canonical forms of one call's puzzles are found on that
 * many threads (this one among them; 0 and 1: this one alone; at most
 * 64), the verdicts given in input order whatever the number.
 * time_limit: seconds a puzzle's search may take (0: none; past it the
 * puzzle is unknown, "the time limit ran out"). */
sks_canon_classes *sks_canon_classes_new(int threads, double time_limit);
void sks_canon_classes_delete(sks_canon_classes *c); /* NULL is a no-op */

typedef enum sks_canon_seen {
  SKS_CANON_NEW,     /* the first of its class */
  SKS_CANON_REPEAT,  /* equivalent to a puzzle added before */
  SKS_CANON_UNKNOWN, /* no canonical form: err says why (not added) */
  SKS_CANON_NONE     /* a NULL entry, passed over */
} sks_canon_seen;

typedef struct sks_canon_verdict {
  sks_canon_seen seen;
  long long id;  /* NEW: the class it starts; REPEAT: the class it is
                    in; -1 otherwise */
  sks_error err; /* UNKNOWN: why */
} sks_canon_verdict;

/* Adds puzzles[0 .. count) in order (NULL entries are passed over),
 * a verdict each into out: a puzzle is a repeat of one earlier in the
 * same call too. */
void sks_canon_classes_add(sks_canon_classes *c,
                           const sks_puzzle *const *puzzles, int count,
                           sks_canon_verdict *out);

/* The number of classes seen. */
long long sks_canon_classes_count(const sks_canon_classes *c);

#ifdef __cplusplus
}
#endif

#endif
