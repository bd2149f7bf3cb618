/* Private: the exactly-one system's layout, for the library's parts that
 * read it directly (lowering, the backends, the decoder). */
#ifndef SKS_EO_INT_H
#define SKS_EO_INT_H

#include "sks_encoder.h"

typedef enum sks_group_kind {
  SKS_GROUP_CELL,  /* cell (r,c) holds one digit */
  SKS_GROUP_REGION /* region holds digit d once */
} sks_group_kind;

struct sks_eo {
  const sks_shape *shape; /* a reference the system holds */
  int n;
  int nvars;            /* n^3 candidates, var 1..nvars */
  int ngroups;          /* n*n cell groups, then nregions*n */
  int *gstart, *gvar;   /* group g: vars gvar[gstart[g] .. gstart[g+1]) */
  int *vstart, *vgroup; /* var v: groups vgroup[vstart[v] .. ] */
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
  int nfixed;      /* cells with a value (givens + deduced) */
  int nopen_vars, nopen_groups;
  int *queue;                 /* work list of the propagation */
  struct sks_eo_masks *masks; /* bit-parallel singles, n <= 64 */
};

static inline sks_group_kind sks_eo_group_kind(const sks_eo *eo, int g) {
  return g < eo->n * eo->n ? SKS_GROUP_CELL : SKS_GROUP_REGION;
}

#endif
