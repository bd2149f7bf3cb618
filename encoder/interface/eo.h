/* An interface between parts: the exactly-one system's layout, for the
 * library's parts that read it directly.  Its users: encoder/ (eo.c,
 * encode.c, lower.c), solver/ (bits_backend.c, cdcl.c, described.c,
 * dlx_backend.c, route.c), decoder/ (count.c, decode.c) and author/
 * (generate.c, grade.c, repair.c). */
#ifndef SKS_EO_H
#define SKS_EO_H

#include "sks_encoder.h"

#include <stdint.h>

typedef enum sks_group_kind {
  SKS_GROUP_CELL,  /* cell (r,c) holds one digit */
  SKS_GROUP_REGION /* region holds digit d once */
} sks_group_kind;

/* The groups are implicit (their candidates follow from the shape), so a
 * system holds O(n^2) besides one value per candidate: group g < n*n is
 * cell g, candidates g*n+1 .. g*n+n; group n*n + k*n + d is region k and
 * digit d, candidate d of each of its cells. */
enum { SKS_EO_MAX_GROUPS = 8 }; /* groups of one candidate: cell + regions */

struct sks_eo {
  const sks_shape *shape; /* a reference the system holds */
  int n;
  int nvars;          /* n^3 candidates, var 1..nvars */
  int ngroups;        /* n*n cell groups, then nregions*n */
  int *cstart, *creg; /* cell -> the regions holding it */
  /* State after load: */
  signed char *val;     /* by var: +1 true, -1 false, 0 open */
  unsigned char *gdone; /* by group: 1 when satisfied */
  int *gopen;           /* by group: open candidates left (open groups) */
  int *given;           /* n*n: the givens loaded (-1 blank) */
  /* The loaded puzzle's removed candidates, by var - 1 (n^3), when
   * has_removed; the array is made by the first such puzzle and kept. */
  unsigned char *removed;
  bool has_removed;
  int status;      /* SKS_UNSAT: contradiction; SKS_SAT: solved */
  int level;       /* the sks_propagate level of the last load */
  double deadline; /* sks_eo_set_deadline; 0 = none */
  bool cut;        /* the deadline came before the givens were in:
                      the system is not the puzzle's (sks_eo_cut) */
  int nfixed;      /* cells with a value (givens + deduced) */
  int nopen_vars, nopen_groups;
  int *queue;                 /* work list of the propagation */
  struct sks_eo_masks *masks; /* bit-parallel singles, n <= 64 */
  const sks_rules *rules;     /* the loaded puzzle's (a reference), or NULL:
                                 lowered after the groups (sks_encode) */
  uint64_t *placed;           /* n > 64: digits placed, words by region */
};

static inline sks_group_kind sks_eo_group_kind(const sks_eo *eo, int g) {
  return g < eo->n * eo->n ? SKS_GROUP_CELL : SKS_GROUP_REGION;
}

/* The n candidates of group g into out. */
static inline void sks_eo_group_vars(const sks_eo *eo, int g, int *out) {
  int n = eo->n, cells = n * n;
  if (g < cells) {
    for (int j = 0; j < n; j++)
      out[j] = g * n + j + 1;
    return;
  }
  int k = (g - cells) / n, d = (g - cells) - k * n;
  const int *cell = eo->shape->region + (size_t)k * n;
  for (int j = 0; j < n; j++)
    out[j] = cell[j] * n + d + 1;
}

/* The groups of candidate v, cell group first, into out (room for
 * SKS_EO_MAX_GROUPS); returns how many. */
static inline int sks_eo_var_groups(const sks_eo *eo, int v, int *out) {
  int n = eo->n, c = (v - 1) / n, d = (v - 1) - c * n, k = 0;
  out[k++] = c;
  for (int i = eo->cstart[c]; i < eo->cstart[c + 1]; i++)
    out[k++] = n * n + eo->creg[i] * n + d;
  return k;
}

/* Entries of every candidate's group list together (each group holds n
 * candidates). */
static inline long long sks_eo_occurrences(const sks_eo *eo) {
  return (long long)eo->ngroups * eo->n;
}

#endif
