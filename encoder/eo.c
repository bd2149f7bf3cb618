/* The exactly-one system: candidates x(r,c,d) and the groups that must hold
 * exactly one of them, with the givens propagated (Kwon & Jain's reduction,
 * optionally to the fixpoint of naked and hidden singles). */
#include "require_int.h"
#include "sks_encoder.h"
#include "stack_int.h"

#include <assert.h>
#include <string.h>

sks_eo *sks_eo_new(const sks_puzzle *shape) {
  sks_require(shape, "shape is NULL");
  int n = shape->n, cells = n * n;
  sks_eo *eo = sks_calloc(1, sizeof *eo);
  eo->shape = shape;
  eo->n = n;
  eo->nvars = cells * n;
  eo->ngroups = cells + shape->nregions * n;
  /* Group -> vars: every group has exactly n candidates. */
  eo->gstart = sks_malloc((size_t)(eo->ngroups + 1) * sizeof *eo->gstart);
  eo->gvar = sks_malloc((size_t)eo->ngroups * n * sizeof *eo->gvar);
  int *out = eo->gvar;
  for (int i = 0; i < cells; i++) {
    eo->gstart[i] = (int)(out - eo->gvar);
    for (int d = 0; d < n; d++)
      *out++ = i * n + d + 1;
  }
  for (int k = 0; k < shape->nregions; k++)
    for (int d = 0; d < n; d++) {
      eo->gstart[cells + k * n + d] = (int)(out - eo->gvar);
      for (int j = 0; j < n; j++)
        *out++ = shape->region[(size_t)k * n + j] * n + d + 1;
    }
  eo->gstart[eo->ngroups] = (int)(out - eo->gvar);
  /* Var -> groups, by inverting (cell group first, then regions). */
  int nocc = eo->gstart[eo->ngroups];
  int *count = sks_calloc((size_t)eo->nvars + 2, sizeof *count);
  for (int i = 0; i < nocc; i++)
    count[eo->gvar[i]]++;
  eo->vstart = sks_malloc((size_t)(eo->nvars + 2) * sizeof *eo->vstart);
  eo->vstart[0] = eo->vstart[1] = 0;
  for (int v = 1; v <= eo->nvars; v++)
    eo->vstart[v + 1] = eo->vstart[v] + count[v];
  eo->vgroup = sks_malloc((size_t)nocc * sizeof *eo->vgroup);
  memset(count, 0, ((size_t)eo->nvars + 2) * sizeof *count);
  for (int g = 0; g < eo->ngroups; g++)
    for (int i = eo->gstart[g]; i < eo->gstart[g + 1]; i++) {
      int v = eo->gvar[i];
      eo->vgroup[eo->vstart[v] + count[v]++] = g;
    }
  free(count);
  eo->val = sks_calloc((size_t)eo->nvars + 1, sizeof *eo->val);
  eo->gdone = sks_calloc((size_t)eo->ngroups, sizeof *eo->gdone);
  eo->gopen = sks_calloc((size_t)eo->ngroups, sizeof *eo->gopen);
  eo->given = sks_malloc((size_t)cells * sizeof *eo->given);
  eo->queue = sks_malloc((size_t)eo->ngroups * sizeof *eo->queue);
  for (int i = 0; i < cells; i++)
    eo->given[i] = -1;
  return eo;
}

void sks_eo_delete(sks_eo *eo) {
  if (!eo)
    return;
  free(eo->gstart);
  free(eo->gvar);
  free(eo->vstart);
  free(eo->vgroup);
  free(eo->val);
  free(eo->gdone);
  free(eo->gopen);
  free(eo->given);
  free(eo->queue);
  free(eo);
}

/* Propagation state during one load. */
typedef struct prop {
  sks_eo *eo;
  bool singles;
  int head, tail; /* queue of groups down to one open candidate */
  int open_vars, open_groups;
} prop;

/* A satisfied group's open count is set this high: kill() then needs no
 * separate test for it (decrements never bring it near 1). */
enum { DONE = 1 << 30 };

/* The arrays are read into locals: stores through the signed char array
 * val would otherwise force every field of eo to be reloaded. */
static bool kill(prop *p, int v) {
  sks_eo *eo = p->eo;
  const int *vgroup = eo->vgroup;
  int *gopen = eo->gopen;
  int end = eo->vstart[v + 1];
  eo->val[v] = -1;
  p->open_vars--;
  for (int i = eo->vstart[v]; i < end; i++) {
    int g = vgroup[i];
    int left = --gopen[g];
    if (left <= 1) {
      if (!left)
        return false;
      if (p->singles)
        eo->queue[p->tail++] = g;
    }
  }
  return true;
}

static bool assign(prop *p, int v) {
  sks_eo *eo = p->eo;
  signed char *val = eo->val;
  if (val[v] > 0)
    return true;
  if (val[v] < 0)
    return false;
  val[v] = 1;
  eo->nfixed++;
  p->open_vars--;
  const int *vgroup = eo->vgroup, *gstart = eo->gstart, *gvar = eo->gvar;
  unsigned char *gdone = eo->gdone;
  int *gopen = eo->gopen;
  int begin = eo->vstart[v], end = eo->vstart[v + 1];
  /* Mark every group of v done first, so kills leave them alone. */
  for (int i = begin; i < end; i++) {
    int g = vgroup[i];
    gdone[g] = 1;
    gopen[g] = DONE;
    p->open_groups--;
  }
  for (int i = begin; i < end; i++) {
    int g = vgroup[i];
    for (int j = gstart[g], last = gstart[g + 1]; j < last; j++) {
      int w = gvar[j];
      if (!val[w] && !kill(p, w))
        return false;
    }
  }
  return true;
}

static bool run_singles(prop *p) {
  sks_eo *eo = p->eo;
  while (p->head < p->tail) {
    int g = eo->queue[p->head++];
    if (eo->gdone[g])
      continue;
    int v = 0;
    for (int j = eo->gstart[g]; j < eo->gstart[g + 1]; j++)
      if (!eo->val[eo->gvar[j]]) {
        v = eo->gvar[j];
        break;
      }
    assert(v);
    if (!assign(p, v))
      return false;
  }
  return true;
}

static bool in_group(const sks_eo *eo, int v, int g) {
  for (int i = eo->vstart[v]; i < eo->vstart[v + 1]; i++)
    if (eo->vgroup[i] == g)
      return true;
  return false;
}

/* Locked candidates, for any regions: when every open candidate of group A
 * also lies in group B, B's other candidates die (A needs one of them to
 * be true, and B can hold only one).  Returns -1 on a contradiction, else
 * the number of candidates killed. */
static int locked(prop *p) {
  sks_eo *eo = p->eo;
  int killed = 0, open[SKS_MAX_N];
  for (int a = 0; a < eo->ngroups; a++) {
    if (eo->gdone[a] || eo->gopen[a] < 2)
      continue;
    int k = 0;
    for (int j = eo->gstart[a]; j < eo->gstart[a + 1]; j++)
      if (!eo->val[eo->gvar[j]])
        open[k++] = eo->gvar[j];
    for (int i = eo->vstart[open[0]]; i < eo->vstart[open[0] + 1]; i++) {
      int b = eo->vgroup[i];
      if (b == a || eo->gdone[b] || eo->gopen[b] <= k)
        continue;
      int m = 1;
      while (m < k && in_group(eo, open[m], b))
        m++;
      if (m < k)
        continue;
      for (int j = eo->gstart[b]; j < eo->gstart[b + 1]; j++) {
        int w = eo->gvar[j];
        if (!eo->val[w] && !in_group(eo, w, a)) {
          if (!kill(p, w))
            return -1;
          killed++;
        }
      }
      if (eo->gdone[a])
        break;
    }
  }
  return killed;
}

int sks_eo_load(sks_eo *eo, const sks_puzzle *pz, sks_propagate level) {
  sks_require(pz->n == eo->n && pz->nregions == eo->shape->nregions,
              "puzzle shape differs from the system's");
  int n = eo->n, cells = n * n;
  memset(eo->val, 0, ((size_t)eo->nvars + 1) * sizeof *eo->val);
  memset(eo->gdone, 0, (size_t)eo->ngroups * sizeof *eo->gdone);
  for (int g = 0; g < eo->ngroups; g++)
    eo->gopen[g] = n;
  memcpy(eo->given, pz->cell, (size_t)cells * sizeof *eo->given);
  eo->nfixed = 0;
  eo->status = SKS_UNKNOWN;
  eo->level = (int)level;
  prop p = {eo, level != SKS_PROPAGATE_GIVENS, 0, 0, eo->nvars, eo->ngroups};
  bool ok = true;
  for (int i = 0; ok && i < cells; i++) {
    int d = pz->cell[i];
    if (d >= 0) {
      sks_require(d < n, "digit out of range");
      ok = assign(&p, i * n + d + 1);
    }
  }
  if (ok && p.singles)
    ok = run_singles(&p);
  while (ok && level == SKS_PROPAGATE_LOCKED && eo->nfixed < cells) {
    int killed = locked(&p);
    ok = killed >= 0 && run_singles(&p);
    if (killed <= 0)
      break;
  }
  eo->nopen_vars = ok ? p.open_vars : 0;
  eo->nopen_groups = ok ? p.open_groups : 0;
  if (!ok)
    eo->status = SKS_UNSAT;
  else if (eo->nfixed == cells)
    eo->status = SKS_SAT;
  return eo->status;
}

void sks_eo_grid(const sks_eo *eo, int *grid) {
  int n = eo->n;
  for (int i = 0; i < n * n; i++) {
    grid[i] = -1;
    for (int d = 0; d < n; d++)
      if (eo->val[i * n + d + 1] > 0) {
        grid[i] = d;
        break;
      }
  }
}
