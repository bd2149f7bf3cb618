/* The exactly-one system: candidates x(r,c,d) and the groups that must hold
 * exactly one of them, with the givens propagated (Kwon & Jain's reduction,
 * optionally to the fixpoint of naked and hidden singles). */
#include "eo.h"
#include "require_int.h"
#include "sks_encoder.h"
#include "stack_int.h"
#include "word_int.h"

#include <assert.h>
#include <stdint.h>
#include <string.h>

/* Bit-parallel singles for n <= 64: a candidate mask per cell, the digits
 * placed per region.  Same fixpoint as the group-based propagation below,
 * several times faster; the result is written back into the groups. */
typedef struct sks_eo_masks {
  const int *cstart, *creg; /* the system's: cell -> its regions */
  int *pstart, *peer;       /* cell -> the other cells of those regions, once */
  uint64_t *mask;           /* by cell: candidate digits */
  uint64_t *placed;         /* by region: digits placed */
  int *digit;               /* by cell: placed digit or -1 */
  int *todo;                /* cells down to one candidate, to place */
  int ntodo;
} sks_eo_masks;

static sks_eo_masks *masks_new(const sks_eo *eo) {
  const sks_shape *shape = eo->shape;
  int n = shape->n, cells = n * n;
  sks_eo_masks *m = sks_calloc(1, sizeof *m);
  m->cstart = eo->cstart;
  m->creg = eo->creg;
  /* Peers: each other cell sharing a region, listed once. */
  int *mark = sks_malloc((size_t)cells * sizeof *mark);
  for (int c = 0; c < cells; c++)
    mark[c] = -1;
  SKS_STACK(int) peers = {0};
  m->pstart = sks_malloc(((size_t)cells + 1) * sizeof *m->pstart);
  for (int c = 0; c < cells; c++) {
    m->pstart[c] = (int)peers.n;
    mark[c] = c;
    for (int i = m->cstart[c]; i < m->cstart[c + 1]; i++)
      for (int j = 0; j < n; j++) {
        int x = shape->region[(size_t)m->creg[i] * n + j];
        if (mark[x] != c) {
          mark[x] = c;
          SKS_PUSH(peers, x);
        }
      }
  }
  m->pstart[cells] = (int)peers.n;
  m->peer = peers.a;
  free(mark);
  m->mask = sks_malloc((size_t)cells * sizeof *m->mask);
  m->placed = sks_malloc((size_t)shape->nregions * sizeof *m->placed);
  m->digit = sks_malloc((size_t)cells * sizeof *m->digit);
  m->todo = sks_malloc(2 * (size_t)cells * sizeof *m->todo);
  return m;
}

static void masks_delete(sks_eo_masks *m) {
  if (!m)
    return;
  free(m->pstart);
  free(m->peer);
  free(m->mask);
  free(m->placed);
  free(m->digit);
  free(m->todo);
  free(m);
}

/* 64-bit words of an n-digit set. */
static int words(int n) {
  return (n + 63) / 64;
}

sks_eo *sks_eo_new(const sks_shape *shape) {
  sks_require(shape, "shape is NULL");
  int n = shape->n, cells = n * n;
  sks_eo *eo = sks_calloc(1, sizeof *eo);
  eo->shape = sks_shape_retain(shape);
  eo->n = n;
  eo->nvars = cells * n;
  eo->ngroups = cells + shape->nregions * n;
  /* Cell -> regions, in region order (the groups of a candidate follow
   * from it: sks_eo_var_groups). */
  eo->cstart = sks_calloc((size_t)cells + 1, sizeof *eo->cstart);
  eo->creg = sks_malloc((size_t)shape->nregions * n * sizeof *eo->creg);
  for (int i = 0; i < shape->nregions * n; i++)
    eo->cstart[shape->region[i] + 1]++;
  for (int c = 0; c < cells; c++) {
    sks_require(eo->cstart[c + 1] < SKS_EO_MAX_GROUPS,
                "a cell in more regions than a candidate has groups for");
    eo->cstart[c + 1] += eo->cstart[c];
  }
  int *fill = sks_calloc((size_t)cells, sizeof *fill);
  for (int k = 0; k < shape->nregions; k++)
    for (int j = 0; j < n; j++) {
      int c = shape->region[(size_t)k * n + j];
      eo->creg[eo->cstart[c] + fill[c]++] = k;
    }
  free(fill);
  eo->val = sks_calloc((size_t)eo->nvars + 1, sizeof *eo->val);
  eo->gdone = sks_calloc((size_t)eo->ngroups, sizeof *eo->gdone);
  eo->gopen = sks_calloc((size_t)eo->ngroups, sizeof *eo->gopen);
  eo->given = sks_malloc((size_t)cells * sizeof *eo->given);
  eo->queue = sks_malloc((size_t)eo->ngroups * sizeof *eo->queue);
  for (int i = 0; i < cells; i++)
    eo->given[i] = -1;
  if (n <= 64)
    eo->masks = masks_new(eo);
  else
    eo->placed =
        sks_malloc((size_t)shape->nregions * words(n) * sizeof *eo->placed);
  return eo;
}

void sks_eo_delete(sks_eo *eo) {
  if (!eo)
    return;
  sks_shape_release(eo->shape);
  sks_rules_release(eo->rules);
  free(eo->cstart);
  free(eo->creg);
  free(eo->val);
  free(eo->gdone);
  free(eo->gopen);
  free(eo->given);
  free(eo->removed);
  free(eo->queue);
  masks_delete(eo->masks);
  free(eo->placed);
  free(eo);
}

/* Propagation state during one load. */
typedef struct prop {
  sks_eo *eo;
  bool singles;
  int head, tail; /* queue of groups down to one open candidate */
  int open_vars, open_groups;
  unsigned ticks; /* deadline checks skipped (late) */
} prop;

/* A satisfied group's open count is set this high: kill() then needs no
 * separate test for it (decrements never bring it near 1). */
enum { DONE = 1 << 30 };

/* The arrays are read into locals: stores through the signed char array
 * val would otherwise force every field of eo to be reloaded. */
static bool kill(prop *p, int v) {
  sks_eo *eo = p->eo;
  int *gopen = eo->gopen, gs[SKS_EO_MAX_GROUPS];
  int k = sks_eo_var_groups(eo, v, gs);
  eo->val[v] = -1;
  p->open_vars--;
  for (int i = 0; i < k; i++) {
    int g = gs[i];
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
  unsigned char *gdone = eo->gdone;
  int *gopen = eo->gopen, gs[SKS_EO_MAX_GROUPS], vars[SKS_MAX_N];
  int k = sks_eo_var_groups(eo, v, gs), n = eo->n;
  /* Mark every group of v done first, so kills leave them alone. */
  for (int i = 0; i < k; i++) {
    gdone[gs[i]] = 1;
    gopen[gs[i]] = DONE;
    p->open_groups--;
  }
  for (int i = 0; i < k; i++) {
    sks_eo_group_vars(eo, gs[i], vars);
    for (int j = 0; j < n; j++) {
      int w = vars[j];
      if (!val[w] && !kill(p, w))
        return false;
    }
  }
  return true;
}

/* Past the load deadline, looked at every 256 calls (a call costs a few
 * microseconds on the biggest grids). */
static bool late(prop *p) {
  return p->eo->deadline > 0 && !(++p->ticks & 255) &&
         sks_past(p->eo->deadline);
}

/* Stopped at the deadline, the system is sound: a group left with one
 * open candidate is only not yet decided. */
static bool run_singles(prop *p) {
  sks_eo *eo = p->eo;
  int vars[SKS_MAX_N];
  while (p->head < p->tail) {
    if (late(p))
      return true;
    int g = eo->queue[p->head++];
    if (eo->gdone[g])
      continue;
    int v = 0;
    sks_eo_group_vars(eo, g, vars);
    for (int j = 0; j < eo->n; j++)
      if (!eo->val[vars[j]]) {
        v = vars[j];
        break;
      }
    assert(v);
    if (!assign(p, v))
      return false;
  }
  return true;
}

static bool in_region(const sks_eo *eo, int cell, int k) {
  for (int i = eo->cstart[cell]; i < eo->cstart[cell + 1]; i++)
    if (eo->creg[i] == k)
      return true;
  return false;
}

/* Locked candidates, for any regions: when every open place of digit d in
 * region A also lies in region B, B's other places for d die (A needs d
 * in one of them, and B holds d once).  A cell's candidates are of
 * different digits, so only region groups lock.  Returns -1 on a
 * contradiction, else the number of candidates killed. */
static int locked(prop *p) {
  sks_eo *eo = p->eo;
  int n = eo->n, cells = n * n, killed = 0, open[SKS_MAX_N];
  const int *region = eo->shape->region;
  for (int a = cells; a < eo->ngroups; a++) {
    if (eo->gdone[a] || eo->gopen[a] < 2)
      continue;
    if (late(p))
      break; /* sound: fewer candidates killed */
    int ka = (a - cells) / n, d = (a - cells) - ka * n, m = 0;
    const int *acell = region + (size_t)ka * n;
    for (int j = 0; j < n; j++)
      if (!eo->val[acell[j] * n + d + 1])
        open[m++] = acell[j];
    for (int i = eo->cstart[open[0]]; i < eo->cstart[open[0] + 1]; i++) {
      int kb = eo->creg[i], b = cells + kb * n + d;
      if (kb == ka || eo->gdone[b] || eo->gopen[b] <= m)
        continue;
      int t = 1;
      while (t < m && in_region(eo, open[t], kb))
        t++;
      if (t < m)
        continue;
      const int *bcell = region + (size_t)kb * n;
      for (int j = 0; j < n; j++) {
        int w = bcell[j] * n + d + 1;
        if (!eo->val[w] && !in_region(eo, bcell[j], ka)) {
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

/* Places digit d in cell c: the candidate leaves every cell of c's
 * regions.  False when d is no longer a candidate of c or a cell of those
 * regions is left without one. */
static bool place(const sks_eo *eo, sks_eo_masks *m, int c, int d) {
  uint64_t bit = (uint64_t)1 << d;
  if (m->digit[c] >= 0)
    return m->digit[c] == d;
  if (!(m->mask[c] & bit))
    return false;
  (void)eo;
  m->digit[c] = d;
  m->mask[c] = 0; /* placed cells drop out of every scan */
  for (int i = m->cstart[c]; i < m->cstart[c + 1]; i++)
    m->placed[m->creg[i]] |= bit;
  uint64_t *mask = m->mask;
  /* The store is unconditional and one test catches both rare events
   * (no candidate left, one left): whether a peer still had d is
   * unpredictable, and a branch on it mispredicted often. */
  for (int i = m->pstart[c], end = m->pstart[c + 1]; i < end; i++) {
    int x = m->peer[i];
    uint64_t before = mask[x], after = before & ~bit;
    mask[x] = after;
    if (!(after & (after - 1)) && after != before) {
      if (!after)
        return false;
      if (m->digit[x] < 0)
        m->todo[m->ntodo++] = x; /* a naked single */
    }
  }
  return true;
}

/* Places the naked singles found so far; false on a contradiction. */
static bool drain(const sks_eo *eo, sks_eo_masks *m) {
  while (m->ntodo) {
    int c = m->todo[--m->ntodo];
    if (m->digit[c] < 0 && !place(eo, m, c, __builtin_ctzll(m->mask[c])))
      return false;
  }
  return true;
}

/* One sweep for hidden singles (draining naked ones as they appear); -1 on
 * a contradiction, else the number of digits placed. */
static int sweep(const sks_eo *eo, sks_eo_masks *m) {
  int n = eo->n, placed = 0;
  uint64_t full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  const int *region = eo->shape->region;
  for (int k = 0; k < eo->shape->nregions; k++) {
    const int *cell = region + (size_t)k * n;
    uint64_t once = 0, twice = 0, missing = full & ~m->placed[k];
    if (!missing)
      continue;
    for (int j = 0; j < n; j++) {
      uint64_t x = m->mask[cell[j]];
      twice |= once & x;
      once |= x;
    }
    if (missing & ~once)
      return -1; /* a digit with no place left in region k */
    for (uint64_t hidden = missing & once & ~twice; hidden;
         hidden &= hidden - 1) {
      int d = __builtin_ctzll(hidden);
      for (int j = 0; j < n; j++)
        if (m->mask[cell[j]] >> d & 1) {
          if (!place(eo, m, cell[j], d) || !drain(eo, m))
            return -1;
          placed++;
          break;
        }
    }
  }
  return placed;
}

/* A candidates puzzle's removed candidates leave the masks before any
 * given is placed; false when a cell is left with none. */
static bool remove_masks(const sks_eo *eo, sks_eo_masks *m) {
  int n = eo->n, cells = n * n;
  const unsigned char *removed = eo->removed;
  for (int c = 0; c < cells; c++) {
    uint64_t x = m->mask[c];
    for (int d = 0; d < n; d++)
      if (removed[c * n + d])
        x &= ~((uint64_t)1 << d);
    m->mask[c] = x;
    if (!x)
      return false;
  }
  return true;
}

/* Givens and (optionally) singles with masks, then the groups' state. */
static bool load_masks(sks_eo *eo, bool singles) {
  sks_eo_masks *m = eo->masks;
  int n = eo->n, cells = n * n;
  uint64_t full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  for (int c = 0; c < cells; c++) {
    m->mask[c] = full;
    m->digit[c] = -1;
  }
  memset(m->placed, 0, (size_t)eo->shape->nregions * sizeof *m->placed);
  m->ntodo = 0;
  if (eo->has_removed && !remove_masks(eo, m))
    return false;
  for (int c = 0; c < cells; c++)
    if (eo->given[c] >= 0) {
      sks_require(eo->given[c] < n, "digit out of range");
      if (!place(eo, m, c, eo->given[c]))
        return false;
    }
  if (singles) {
    int r;
    if (eo->has_removed) /* cells the removals left one candidate */
      for (int c = 0; c < cells; c++)
        if (m->digit[c] < 0 && !(m->mask[c] & (m->mask[c] - 1)))
          m->todo[m->ntodo++] = c;
    if (!drain(eo, m))
      return false;
    while ((r = sweep(eo, m)) > 0)
      ;
    if (r < 0)
      return false;
  } else
    for (int k = 0; k < eo->shape->nregions; k++) {
      uint64_t seen = m->placed[k];
      for (int j = 0; j < n; j++)
        seen |= m->mask[eo->shape->region[(size_t)k * n + j]];
      if (seen != full)
        return false; /* a digit with no place left in region k */
    }
  /* Write the state back: candidates, groups, counts. */
  signed char *val = eo->val;
  int open_vars = 0, open_groups = 0;
  eo->nfixed = 0;
  for (int c = 0; c < cells; c++) {
    uint64_t x = m->mask[c]; /* empty once placed */
    signed char *row = val + c * n + 1;
    for (int d = 0; d < n; d++)
      row[d] = (signed char)((int)(x >> d & 1) - 1); /* 0 open, -1 dead */
    bool fixed = m->digit[c] >= 0;
    if (fixed)
      row[m->digit[c]] = 1;
    int k = sks_popcount64(x);
    eo->nfixed += fixed;
    open_vars += k;
    eo->gdone[c] = fixed;
    eo->gopen[c] = fixed ? DONE : k;
    open_groups += !fixed;
  }
  int planes = 1; /* bits of a count of up to n cells */
  while (n >> planes)
    planes++;
  for (int k = 0; k < eo->shape->nregions; k++) {
    int g0 = cells + k * n;
    for (int d = 0; d < n; d++) {
      bool done = m->placed[k] >> d & 1;
      eo->gdone[g0 + d] = done;
      eo->gopen[g0 + d] = done ? DONE : 0;
      open_groups += !done;
    }
    /* Each digit's count of cells, bit-sliced: plane p holds bit p of
     * every digit's count, and a cell's mask is added with carries.  No
     * branch on the masks and no counter in memory (walking each mask's
     * bits mispredicted once a cell and chained its increments). */
    const int *cell = eo->shape->region + (size_t)k * n;
    uint64_t plane[7] = {0};
    for (int j = 0; j < n; j++) {
      uint64_t carry = m->mask[cell[j]];
      for (int b = 0; b < planes; b++) {
        uint64_t t = plane[b] & carry;
        plane[b] ^= carry;
        carry = t;
      }
    }
    int *open = eo->gopen + g0;
    for (int d = 0; d < n; d++) {
      int c = 0;
      for (int b = 0; b < planes; b++)
        c |= (int)(plane[b] >> d & 1) << b;
      open[d] += c;
    }
  }
  eo->nopen_vars = open_vars;
  eo->nopen_groups = open_groups;
  return true;
}

/* The givens for n > 64, set by set rather than one at a time (assigning
 * each given kills its peers' candidates one by one: most of a 400x400's
 * set-up): the digits placed in each region, then each open cell's
 * candidates as what its regions leave, then the groups' counts.  The
 * same state as assigning the givens; groups down to one candidate are
 * queued for singles. */
static bool load_wide(prop *p) {
  sks_eo *eo = p->eo;
  const sks_shape *shape = eo->shape;
  int n = eo->n, cells = n * n, w = words(n);
  uint64_t *placed = eo->placed;
  memset(placed, 0, (size_t)shape->nregions * w * sizeof *placed);
  for (int c = 0; c < cells; c++) {
    int d = eo->given[c];
    if (d < 0)
      continue;
    sks_require(d < n, "digit out of range");
    uint64_t bit = (uint64_t)1 << (d & 63);
    for (int i = eo->cstart[c]; i < eo->cstart[c + 1]; i++) {
      uint64_t *set = placed + (size_t)eo->creg[i] * w + d / 64;
      if (*set & bit)
        return false; /* the digit twice in a region */
      *set |= bit;
    }
  }
  signed char *val = eo->val;
  int *gopen = eo->gopen;
  unsigned char *gdone = eo->gdone;
  memset(gdone, 0, (size_t)eo->ngroups);
  memset(gopen + cells, 0, (size_t)(eo->ngroups - cells) * sizeof *gopen);
  int open_vars = 0, open_groups = eo->ngroups;
  uint64_t left[(SKS_MAX_N + 63) / 64];
  for (int c = 0; c < cells; c++) {
    if (!(c & 1023) && sks_past(eo->deadline)) {
      eo->cut = true; /* every backend answers unknown */
      return true;
    }
    signed char *row = val + (size_t)c * n + 1;
    int d = eo->given[c];
    if (d >= 0) {
      if (eo->has_removed && eo->removed[(size_t)c * n + d])
        return false; /* a given its cell's candidates leave out */
      memset(row, -1, (size_t)n);
      row[d] = 1;
      gdone[c] = 1;
      gopen[c] = DONE;
      open_groups--;
      eo->nfixed++;
      continue;
    }
    for (int j = 0; j < w; j++)
      left[j] = ~(uint64_t)0;
    for (int i = eo->cstart[c]; i < eo->cstart[c + 1]; i++) {
      const uint64_t *set = placed + (size_t)eo->creg[i] * w;
      for (int j = 0; j < w; j++)
        left[j] &= ~set[j];
    }
    int k = 0;
    const unsigned char *out =
        eo->has_removed ? eo->removed + (size_t)c * n : NULL;
    for (int e = 0; e < n; e++) {
      bool open = (left[e / 64] >> (e & 63) & 1) && !(out && out[e]);
      row[e] = (signed char)((int)open - 1);
      if (open) {
        k++;
        for (int i = eo->cstart[c]; i < eo->cstart[c + 1]; i++)
          gopen[cells + eo->creg[i] * n + e]++;
      }
    }
    if (!k)
      return false;
    gopen[c] = k;
    open_vars += k;
    if (k == 1 && p->singles)
      eo->queue[p->tail++] = c;
  }
  for (int k = 0; k < shape->nregions; k++)
    for (int e = 0; e < n; e++) {
      int g = cells + k * n + e;
      if (placed[(size_t)k * w + e / 64] >> (e & 63) & 1) {
        gdone[g] = 1;
        gopen[g] = DONE;
        open_groups--;
      } else if (!gopen[g])
        return false; /* a digit with no place left in region k */
      else if (gopen[g] == 1 && p->singles)
        eo->queue[p->tail++] = g;
    }
  p->open_vars = open_vars;
  p->open_groups = open_groups;
  return true;
}

void sks_eo_set_deadline(sks_eo *eo, double deadline) {
  eo->deadline = deadline;
}

bool sks_eo_cut(const sks_eo *eo) {
  return eo->cut;
}

const sks_rules *sks_eo_rules(const sks_eo *eo) {
  return eo->rules;
}

int sks_eo_load(sks_eo *eo, const sks_puzzle *pz, sks_propagate level) {
  sks_require(!pz || sks_shape_same(pz->shape, eo->shape),
              "puzzle shape differs from the system's");
  int n = eo->n, cells = n * n;
  if (pz)
    memcpy(eo->given, pz->cell, (size_t)cells * sizeof *eo->given);
  else
    for (int i = 0; i < cells; i++)
      eo->given[i] = -1;
  eo->has_removed = pz && pz->removed;
  if (eo->has_removed) {
    if (!eo->removed)
      eo->removed = sks_malloc((size_t)eo->nvars);
    memcpy(eo->removed, pz->removed, (size_t)eo->nvars);
  }
  /* The rules go with the system to the lowering (sks_encode); the
   * propagation here knows only the regions. */
  const sks_rules *rules = pz ? pz->rules : NULL;
  if (rules != eo->rules) {
    const sks_rules *old = eo->rules;
    eo->rules = sks_rules_retain(rules);
    sks_rules_release(old);
  }
  eo->nfixed = 0;
  eo->status = SKS_UNKNOWN;
  eo->level = (int)level;
  eo->cut = false;
  prop p = {eo, level != SKS_PROPAGATE_GIVENS, 0, 0, eo->nvars, eo->ngroups, 0};
  bool ok = true;
  if (eo->masks) {
    ok = load_masks(eo, p.singles);
    p.open_vars = eo->nopen_vars;
    p.open_groups = eo->nopen_groups;
  } else {
    ok = load_wide(&p);
    if (ok && p.singles && !eo->cut)
      ok = run_singles(&p);
  }
  while (ok && !eo->cut && level == SKS_PROPAGATE_LOCKED &&
         eo->nfixed < cells) {
    if (sks_past(eo->deadline))
      break; /* sound as it stands: only less reduced */
    int killed = locked(&p);
    ok = killed >= 0 && run_singles(&p);
    if (killed <= 0)
      break;
  }
  eo->nopen_vars = ok ? p.open_vars : 0;
  eo->nopen_groups = ok ? p.open_groups : 0;
  if (eo->cut)
    eo->status = SKS_UNKNOWN; /* whatever the givens in so far said */
  else if (!ok)
    eo->status = SKS_UNSAT;
  else if (eo->nfixed == cells && !eo->rules)
    eo->status = SKS_SAT; /* (with rules, the clauses of the rules decide) */
  return eo->status;
}

void sks_eo_grid(const sks_eo *eo, int *grid) {
  int n = eo->n;
  for (int i = 0; i < n * n; i++) {
    grid[i] = -1;
    for (int d = 0; d < n; d++)
      if (eo->val[sks_cell_var(n, i, d)] > 0) {
        grid[i] = d;
        break;
      }
  }
}

const sks_shape *sks_eo_shape(const sks_eo *eo) {
  return eo->shape;
}
