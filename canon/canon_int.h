/* Private to canon/: the general canonical-form search (canon_group.c)
 * that canon.c hands what its row search does not take -- variants,
 * candidates puzzles, and the automorphisms of a puzzle. */
#ifndef SKS_CANON_INT_H
#define SKS_CANON_INT_H

#include "sks_canon.h"

typedef struct sks_canon_gen sks_canon_gen;

void sks_canon_gen_delete(sks_canon_gen *g); /* NULL is a no-op */

/* The canonical form of p by the general search (*g made on first use):
 * its map into *map (arrays owned by *g), and the number of group
 * elements that give the form (the automorphisms of p) into *ties.
 * budget bounds the cells the search visits, deadline (sks_time's clock,
 * 0 = none) its time.  0, or -1 with err. */
int sks_canon_gen_run(sks_canon_gen **g, const sks_puzzle *p, long budget,
                      double deadline, sks_canon_map *map, long *ties,
                      sks_error *err);

/* The automorphisms handed out made another way (full grids, by the row
 * search): ties starts a list of n-sided maps, tie adds one (the first
 * is the one the others are taken against). */
void sks_canon_gen_ties(sks_canon_gen **g, int n);
void sks_canon_gen_tie(sks_canon_gen *g, int t, const int *row, const int *col,
                       const int *digit);

/* The k-th automorphism the last run found (k < the stored count) as a
 * map from p to p itself; false past the stored ones. */
bool sks_canon_gen_automorphism(sks_canon_gen *g, long k, sks_canon_map *map);

/* The 9x9 search (canon9.c): the canonical form of a plain 9x9 puzzle
 * p (*f made on first use) into out (unless NULL), its map into *map
 * (arrays owned by *f);
 * false when p is left to canon.c's search (see canon9.c: full grids,
 * tied lines, automorphisms, more candidates a row than budget). */
typedef struct sks_canon9 sks_canon9;
bool sks_canon9_run(sks_canon9 **f, const sks_puzzle *p, long budget, int *out,
                    sks_canon_map *map);
void sks_canon9_delete(sks_canon9 *f); /* NULL is a no-op */

/* Whether plain 9x9 puzzles skip the 9x9 search (for tests comparing
 * the two searches). */
void sks_canon_set_general(sks_canon *z, bool general);

#endif
