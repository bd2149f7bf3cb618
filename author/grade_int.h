/* Private to author/: a puzzle shape's exactly-one system with its
 * exact-cover matrix, built once per shape and restricted to each loaded
 * puzzle, which grading and repair search with dlx. */
#ifndef SKS_GRADE_INT_H
#define SKS_GRADE_INT_H

#include "sks_author.h"
#include "sks_dlx.h"

typedef struct author_xc {
  const sks_shape *shape; /* a reference, or NULL before the first fit */
  sks_eo *eo;
  sks_dlx *dlx; /* option v-1 is candidate v, item g is group g */
  int n, cells;
} author_xc;

/* Makes xc fit p's shape (rebuilt only when the shape changes). */
void sks_author_xc_fit(author_xc *xc, const sks_shape *shape);
void sks_author_xc_free(author_xc *xc);
/* Loads p at level and restricts the matrix to what stays open; returns
 * the system's status. */
int sks_author_xc_load(author_xc *xc, const sks_puzzle *p, sks_propagate level);
/* The grid of a solution: the system's fixed cells and the options. */
void sks_author_xc_grid(const author_xc *xc, const int *options, int k,
                        int *grid);

/* A 64-bit generator (splitmix64): the state advances by one call. */

#endif
