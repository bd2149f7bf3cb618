/* The human solver's last resorts: forcing chains and nets (what follows
 * from assuming one candidate true or false, static, dynamic and nested),
 * and the SAT-native step, a minimal unsatisfiable subset of the
 * exactly-one constraints over the current candidates. */
#include "human_int.h"
#include "stack_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- propagation from an assumption ---- */

/* A literal: var * 2 + on, var = cell * n + d. */
typedef struct prop {
  int n, cells, nreg, nv;
  hmask *cand, *where;         /* the working state (dynamic) */
  uint64_t *dcells;            /* n * pw: the cells holding d */
  const hmask *bcand, *bwhere; /* the state assumed from */
  const uint64_t *bdcells;
  int *epoch, cur;                    /* by literal: derived in this run */
  int *node_of;                       /* by literal: its node */
  int *lit, *depth, *pstart, *pcount; /* by node */
  int *par, npar;
  size_t parcap;
  int nnodes, nodecap;
  int head;          /* the queue's next node */
  int conflict[2];   /* nodes of the clash, -1 */
  int *mark, mstamp; /* ancestor count */
  /* The marks the run read, by cell bitsets of pw words: tw words in
   * all, the cells whose every mark it read, then for each digit d the
   * cells whose mark of d it read */
  uint64_t *touch;
  int tw;
  /* by region * n + digit: the places the run removed from where[]
   * (dynamic: only these can lock a digit anew) */
  uint64_t *dirty;
  int dw;
} prop;

typedef struct branch {
  int start, count; /* derived (lit, depth) in the pool */
  bool clash;
  int clash_depth;
  int gen; /* the store's generation it was stored or kept in */
  /* its touch words folded into one (bit c % 64 for cell c): when it
   * misses the changes' fold the branch read none of them */
  uint64_t tsum;
} branch;

/* The branches of one level's last run, by start literal.  A branch reads
 * the marks of the cells it passes and their peers only (touch), so the
 * next run on a changed state keeps every branch whose cells did not
 * change: the same propagation would give the same literals, depths and
 * clash.  Static ones hold a narrower read set (human_static_reads): marks
 * only go between the steps of a path.  Static chains (forcing chains and
 * cell and region forcing) and dynamic ones have a store each; dynamic+
 * marks every cell read (its locked candidates, pairs and X-wings), so
 * its branches are kept only on an unchanged state, and shares the
 * dynamic store; Nishio has its own. */
typedef struct store {
  int plevel;             /* the propagation level held, -1 none */
  int gen;                /* this run's generation */
  hmask *cand;            /* the state the branches hold for */
  uint64_t *bits;         /* by literal: W words */
  uint64_t *touch;        /* by literal: prop's tw words */
  branch *br;             /* by literal */
  int *pool, npool;       /* (lit, depth) pairs of this run's branches */
  int *old;               /* the last run's pool */
  size_t poolcap, oldcap; /* their room */
  bool whole;             /* this run keeps every branch of the last */
} store;

struct human_force {
  prop p[3];         /* outer, inner, the inner's inner (nested levels) */
  int W;             /* words of a literal bitset */
  store st[3];       /* static, dynamic (and dynamic+), Nishio */
  store *s;          /* the store of the running level */
  int *bvar;         /* open vars, in order */
  uint64_t *hdcells; /* n * pw: the cells holding d in h's state */
  int tw;            /* as prop's */
  uint64_t *changed; /* tw words: the marks changed since the store's run */
  uint64_t csum;     /* changed folded as a branch's tsum */
  struct human_prop9 *p9; /* the plain 9x9's propagation, or NULL */
  struct human_se9 *se9;  /* SE's dynamic level on it, or NULL */
  uint64_t *mbits, *macc; /* nested cell/region forcing: by var, its static
                             chain's literals; their intersection */
  human_run run;          /* its result */
  int *dep_on, *dep_off;  /* both_ways: by literal, its depth in a var's on
                             and off branches (set for their literals) */
};

static void prop_free(prop *p) {
  free(p->cand);
  free(p->where);
  free(p->dcells);
  free(p->epoch);
  free(p->node_of);
  free(p->lit);
  free(p->depth);
  free(p->pstart);
  free(p->pcount);
  free(p->par);
  free(p->mark);
  free(p->touch);
  free(p->dirty);
  memset(p, 0, sizeof *p);
}

static void store_free(store *s) {
  free(s->cand);
  free(s->bits);
  free(s->touch);
  free(s->br);
  free(s->pool);
  free(s->old);
  memset(s, 0, sizeof *s);
}

void human_force_free(sks_human *h) {
  struct human_force *f = h->force;
  if (!f)
    return;
  for (int i = 0; i < 3; i++)
    prop_free(&f->p[i]);
  store_free(&f->st[0]);
  store_free(&f->st[1]);
  store_free(&f->st[2]);
  free(f->bvar);
  free(f->hdcells);
  free(f->changed);
  free(f->mbits);
  free(f->macc);
  free(f->dep_on);
  free(f->dep_off);
  human_prop9_free(f->p9);
  human_se9_free(f->se9);
  free(f->run.lit);
  free(f->run.depth);
  free(f->run.touch);
  free(f->run.sreads);
  free(f);
  h->force = NULL;
}

static void prop_init(prop *p, const sks_human *h) {
  p->n = h->n;
  p->cells = h->cells;
  p->nreg = h->nreg;
  p->nv = h->cells * h->n;
  size_t nl = (size_t)p->nv * 2;
  p->cand = sks_malloc((size_t)h->cells * sizeof *p->cand);
  p->where = sks_malloc((size_t)h->nreg * h->n * sizeof *p->where);
  p->dcells = sks_malloc((size_t)h->n * h->pw * sizeof *p->dcells);
  p->epoch = sks_calloc(nl, sizeof *p->epoch);
  p->node_of = sks_malloc(nl * sizeof *p->node_of);
  p->nodecap = (int)nl + 4;
  p->lit = sks_malloc((size_t)p->nodecap * sizeof *p->lit);
  p->depth = sks_malloc((size_t)p->nodecap * sizeof *p->depth);
  p->pstart = sks_malloc((size_t)p->nodecap * sizeof *p->pstart);
  p->pcount = sks_malloc((size_t)p->nodecap * sizeof *p->pcount);
  p->parcap = 1024;
  p->par = sks_malloc((size_t)p->parcap * sizeof *p->par);
  p->mark = sks_calloc((size_t)p->nodecap, sizeof *p->mark);
  p->tw = (1 + h->n) * h->pw;
  p->touch = sks_malloc((size_t)p->tw * sizeof *p->touch);
  p->dw = (h->nreg * h->n + 63) / 64;
  p->dirty = sks_malloc((size_t)p->dw * sizeof *p->dirty);
}

static void store_init(store *s, const sks_human *h, int W) {
  size_t nl = (size_t)h->cells * h->n * 2;
  s->plevel = -1;
  s->gen = 2; /* past every branch's 0: none is kept before it is stored */
  s->cand = sks_malloc((size_t)h->cells * sizeof *s->cand);
  s->bits = sks_malloc(nl * W * sizeof *s->bits);
  s->touch = sks_malloc(nl * (1 + h->n) * h->pw * sizeof *s->touch);
  s->br = sks_calloc(nl, sizeof *s->br);
}

static struct human_force *force_of(sks_human *h) {
  if (!h->force) {
    struct human_force *f = sks_calloc(1, sizeof *f);
    for (int i = 0; i < 3; i++)
      prop_init(&f->p[i], h);
    f->W = (2 * h->cells * h->n + 63) / 64;
    f->bvar = sks_malloc((size_t)h->cells * h->n * sizeof *f->bvar);
    f->hdcells = sks_malloc((size_t)h->n * h->pw * sizeof *f->hdcells);
    f->tw = f->p[0].tw;
    f->changed = sks_malloc((size_t)f->tw * sizeof *f->changed);
    f->dep_on = sks_malloc((size_t)f->W * 64 * sizeof *f->dep_on);
    f->dep_off = sks_malloc((size_t)f->W * 64 * sizeof *f->dep_off);
    if (human_prop9_fits(h)) {
      f->p9 = human_prop9_new(h);
      f->run.lit = sks_malloc((size_t)f->p[0].nodecap * sizeof *f->run.lit);
      f->run.depth = sks_malloc((size_t)f->p[0].nodecap * sizeof *f->run.depth);
      f->run.touch = sks_malloc((size_t)f->tw * sizeof *f->run.touch);
      f->run.sreads = sks_malloc((size_t)f->tw * sizeof *f->run.sreads);
    }
    h->force = f;
  }
  return h->force;
}

/* Adds a node for literal l with parents pars (k); returns false on a
 * clash (the complement is already derived). */
static bool derive(prop *p, int l, const int *pars, int k, int weight) {
  if (p->epoch[l] == p->cur)
    return true;
  SKS_GROW(p->par, p->parcap, (size_t)p->npar + (size_t)k);
  int x = p->nnodes++, dep = 0;
  p->lit[x] = l;
  p->pstart[x] = p->npar;
  p->pcount[x] = k;
  for (int i = 0; i < k; i++) {
    p->par[p->npar++] = pars[i];
    if (p->depth[pars[i]] > dep)
      dep = p->depth[pars[i]];
  }
  p->depth[x] = dep + weight;
  p->epoch[l] = p->cur;
  p->node_of[l] = x;
  if (p->epoch[l ^ 1] == p->cur) {
    p->conflict[0] = x;
    p->conflict[1] = p->node_of[l ^ 1];
    return false;
  }
  return true;
}

static bool has(const prop *p, int l) {
  return p->epoch[l] == p->cur;
}

/* The nodes of literals off(c, d) for d in m (those derived). */
static int offs_of_cell(const prop *p, int c, hmask m, int *out) {
  int k = 0;
  for (; m; m &= m - 1) {
    int l = (c * p->n + human_first(m)) * 2;
    if (has(p, l))
      out[k++] = p->node_of[l];
  }
  return k;
}

static int offs_of_region(const sks_human *h, const prop *p, int reg, int d,
                          hmask m, int *out) {
  int k = 0;
  for (; m; m &= m - 1) {
    int l = (h->region[reg * p->n + human_first(m)] * p->n + d) * 2;
    if (has(p, l))
      out[k++] = p->node_of[l];
  }
  return k;
}

static int inner_test(sks_human *h, prop *o, int level, int lit, int *weight);
static int ancestors(prop *p, const int *xs, int k);
static bool nested_multiple(sks_human *h, prop *o);
static bool advanced_sets(sks_human *h, prop *p);

/* A run's start: a fresh queue, the state assumed from, and the working
 * state (dynamic: the marks, the cells holding each digit and the places;
 * Nishio, xonly: its digit's cells and places only, nothing else is
 * read). */
static void prop_begin(const sks_human *h, prop *p, int level, bool xonly,
                       int start, const hmask *bcand, const hmask *bwhere,
                       const uint64_t *bdcells) {
  int n = p->n;
  p->cur++;
  p->nnodes = 0;
  p->npar = 0;
  p->head = 0;
  p->conflict[0] = p->conflict[1] = -1;
  p->bcand = bcand;
  p->bwhere = bwhere;
  p->bdcells = bdcells;
  /* dynamic+ reads every region's places: it touches every cell */
  memset(p->touch, level >= HUMAN_FORCE_DYNAMIC_PLUS ? 0xff : 0,
         (size_t)p->tw * sizeof *p->touch);
  if (xonly) {
    int d = start / 2 % n;
    memcpy(p->dcells + (size_t)d * h->pw, bdcells + (size_t)d * h->pw,
           (size_t)h->pw * sizeof *p->dcells);
    for (int k = 0; k < p->nreg; k++)
      p->where[k * n + d] = bwhere[k * n + d];
  } else if (level >= HUMAN_FORCE_DYNAMIC) {
    memset(p->dirty, 0, (size_t)p->dw * sizeof *p->dirty);
    memcpy(p->cand, bcand, (size_t)p->cells * sizeof *p->cand);
    memcpy(p->dcells, bdcells, (size_t)n * h->pw * sizeof *p->dcells);
    memcpy(p->where, bwhere, (size_t)p->nreg * n * sizeof *p->where);
  }
}

/* The queue's steps, inlined into propagate (its static clone among
 * them) as they were written there. */
#define PROP_STEP __attribute__((always_inline)) static inline

/* The steps below take the run's fixed values as arguments (n; the state
 * assumed from, bcand, bwhere, bdcells; the marks and cells holding each
 * digit that a node reads, the working ones or those assumed from): read
 * from p they would be read again after every derive. */

/* Node x, on(c, d): the cell's other marks (cand; NULL for Nishio, none)
 * and d's peers (dcells) go; false on a clash. */
PROP_STEP bool prop_on(const sks_human *h, prop *p, int n, int x, int c, int d,
                       const hmask *cand, const uint64_t *dcells) {
  const uint64_t *pe = h->peers + (size_t)c * h->pw;
  hmask cm = cand ? cand[c] & ~(1ULL << d) : 0;
  for (; cm; cm &= cm - 1)
    if (!derive(p, (c * n + human_first(cm)) * 2, &x, 1, 1))
      return false;
  const uint64_t *dc = dcells + (size_t)d * h->pw;
  for (int w = 0; w < h->pw; w++)
    for (uint64_t m = pe[w] & dc[w]; m; m &= m - 1)
      if (!derive(p, ((w * 64 + human_first(m)) * n + d) * 2, &x, 1, 1))
        return false;
  return true;
}

/* Node x, off(c, d), dynamic: the mark goes from the working state; a cell
 * left with one mark, or a region with one place of d, gives it (its
 * parents the offs that took the others), with none a clash (Nishio: the
 * places only); false on a clash. */
PROP_STEP bool prop_off_dynamic(const sks_human *h, prop *p, int n, int x,
                                int c, int d, bool xonly, const hmask *bcand,
                                const hmask *bwhere) {
  int pars[64];
  if (!xonly)
    p->cand[c] &= ~(1ULL << d);
  p->dcells[(size_t)d * h->pw + c / 64] &= ~(1ULL << (c % 64));
  for (int i = 0; i < h->ncreg[c]; i++) {
    int k = h->creg[c * HUMAN_MAX_REG + i];
    p->where[k * n + d] &= ~(1ULL << h->pos[c * HUMAN_MAX_REG + i]);
    p->dirty[(k * n + d) / 64] |= 1ULL << ((k * n + d) % 64);
  }
  hmask cm = xonly ? 0 : p->cand[c];
  if (!xonly && (!cm || human_one(cm))) {
    int k = offs_of_cell(p, c, bcand[c] & ~cm, pars);
    if (!cm) { /* the cell is empty */
      p->conflict[0] = x;
      p->conflict[1] = k > 1 ? pars[0] : x;
      return false;
    }
    if (!derive(p, (c * n + human_first(cm)) * 2 + 1, pars, k, 1))
      return false;
  }
  for (int i = 0; i < h->ncreg[c]; i++) {
    int k = h->creg[c * HUMAN_MAX_REG + i];
    hmask w = p->where[k * n + d];
    if (human_many(w))
      continue;
    int np = offs_of_region(h, p, k, d, bwhere[k * n + d] & ~w, pars);
    if (!w) {
      p->conflict[0] = x;
      p->conflict[1] = np ? pars[0] : x;
      return false;
    }
    int q = h->region[k * n + human_first(w)];
    if (!derive(p, (q * n + d) * 2 + 1, pars, np, 1))
      return false;
  }
  return true;
}

/* Node x, off(c, d), static: the other mark of a bivalue cell, the other
 * place of d in a region where it has two, on the marks assumed from;
 * false on a clash. */
PROP_STEP bool prop_off_static(const sks_human *h, prop *p, int n, int x, int c,
                               int d, const hmask *bcand, const hmask *bwhere) {
  hmask cm = bcand[c];
  if (human_two(cm))
    if (!derive(p, (c * n + human_first(cm & ~(1ULL << d))) * 2 + 1, &x, 1, 1))
      return false;
  for (int i = 0; i < h->ncreg[c]; i++) {
    int k = h->creg[c * HUMAN_MAX_REG + i];
    hmask w = bwhere[k * n + d];
    if (!human_two(w))
      continue;
    w &= ~(1ULL << h->pos[c * HUMAN_MAX_REG + i]);
    int q = h->region[k * n + human_first(w)];
    if (!derive(p, (q * n + d) * 2 + 1, &x, 1, 1))
      return false;
  }
  return true;
}

/* The queue from p->head to its end, each node giving what its literal
 * gives; false on a clash (p->conflict). */
PROP_STEP bool prop_queue(const sks_human *h, prop *p, bool dynamic,
                          bool xonly) {
  int n = p->n, head = p->head;
  const hmask *bcand = p->bcand, *bwhere = p->bwhere;
  const hmask *oncand = xonly ? NULL : dynamic ? p->cand : bcand;
  const uint64_t *dcells = dynamic ? p->dcells : p->bdcells;
  while (head < p->nnodes) {
    int x = head++, l = p->lit[x], v = l / 2, c = v / n, d = v % n;
    /* it reads c's marks and those of d in c's regions */
    const uint64_t *pe = h->peers + (size_t)c * h->pw;
    uint64_t *td = p->touch + (size_t)(1 + d) * h->pw;
    for (int w = 0; w < h->pw; w++)
      td[w] |= pe[w];
    /* Nishio reads d's places only (c's among them), never the cell's
     * marks */
    if (xonly)
      td[c / 64] |= 1ULL << (c % 64);
    else
      p->touch[c / 64] |= 1ULL << (c % 64);
    if (l & 1) {
      if (!prop_on(h, p, n, x, c, d, oncand, dcells))
        return false;
    } else if (dynamic) {
      if (!prop_off_dynamic(h, p, n, x, c, d, xonly, bcand, bwhere))
        return false;
    } else if (!prop_off_static(h, p, n, x, c, d, bcand, bwhere))
      return false;
  }
  p->head = head;
  return true;
}

/* Dynamic+: locked candidates in the working state, of the places the run
 * changed (the others were locked before the assumption, if at all),
 * region by region, digit by digit, the first that removes any; false on
 * a clash. */
static bool prop_locked(const sks_human *h, prop *p) {
  int n = p->n, before = p->nnodes, pars[64];
  for (int dwi = 0; dwi < p->dw && p->nnodes == before; dwi++)
    for (uint64_t dm = p->dirty[dwi]; dm && p->nnodes == before; dm &= dm - 1) {
      int ad = dwi * 64 + human_first(dm), a = ad / n, d = ad % n;
      hmask w = p->where[a * n + d];
      if (!human_many(w))
        continue;
      int c0 = h->region[a * n + human_first(w)];
      for (int i = 0; i < h->ncreg[c0]; i++) {
        int b = h->creg[c0 * HUMAN_MAX_REG + i];
        if (b == a)
          continue;
        if (w & ~human_within(h, a, b))
          continue; /* not all inside b */
        int np = offs_of_region(h, p, a, d, p->bwhere[a * n + d] & ~w, pars);
        if (!np)
          continue; /* locked before: nothing the assumption did */
        hmask in_a = human_within(h, b, a);
        for (int j = 0; j < n; j++) {
          int c = h->region[b * n + j];
          if (!(p->cand[c] >> d & 1) || (in_a >> j & 1))
            continue;
          if (!derive(p, (c * n + d) * 2, pars, np, 1))
            return false;
        }
      }
    }
  return true;
}

/* Nested: each open candidate of the working state tested by the inner
 * level (static chains; dynamic ones for the nested forcing net; for the
 * nested forcing net (+), dynamic ones, then where none clashes dynamic
 * chains with static ones inside); a clash removes it.  At nested
 * cell/region forcing, when none clashes, static cell and region forcing
 * chains inside.  False on a clash. */
static bool prop_nested(sks_human *h, prop *p, int level) {
  int n = p->n, before = p->nnodes;
  int inner = level >= HUMAN_FORCE_NESTED_DYNAMIC ? HUMAN_FORCE_DYNAMIC
                                                  : HUMAN_FORCE_STATIC;
  for (;;) {
    for (int c = 0; c < p->cells; c++) {
      if (!human_many(p->cand[c]))
        continue;
      for (hmask m = p->cand[c]; m; m &= m - 1) {
        int l = (c * n + human_first(m)) * 2 + 1, weight = 0;
        if (has(p, l ^ 1) || !inner_test(h, p, inner, l, &weight))
          continue;
        /* its parent: the assumption (the inner chain's cost is its
         * weight) */
        int root = 0;
        if (!derive(p, l ^ 1, &root, 1, weight))
          return false;
      }
    }
    if (p->nnodes > before || level != HUMAN_FORCE_NESTED_DYNAMIC_PLUS ||
        inner == HUMAN_FORCE_NESTED)
      break;
    inner = HUMAN_FORCE_NESTED; /* SE's level 5: its level 2 inside */
  }
  if (p->nnodes == before && level == HUMAN_FORCE_NESTED_MULTIPLE)
    return nested_multiple(h, p);
  return true;
}

/* Runs from literal `start` at a level's propagation (human_force_level:
 * static, dynamic, dynamic+, the nested ones, Nishio), on the state
 * bcand, bwhere, bdcells.  Each rule runs when the ones before it have
 * nothing left to give: the queue, then (dynamic+) locked candidates,
 * then (nested) SE's pairs and X-wings, then the inner chains.  Returns
 * false on a clash (p->conflict). */
static bool propagate(sks_human *h, prop *p, int level, int start,
                      const hmask *bcand, const hmask *bwhere,
                      const uint64_t *bdcells) {
  bool xonly = level == HUMAN_FORCE_NISHIO;
  if (xonly)
    level = HUMAN_FORCE_DYNAMIC;
  bool dynamic = level >= HUMAN_FORCE_DYNAMIC;
  prop_begin(h, p, level, xonly, start, bcand, bwhere, bdcells);
  if (!derive(p, start, NULL, 0, 1))
    return false;
  for (;;) {
    if (!prop_queue(h, p, dynamic, xonly))
      return false;
    if (level < HUMAN_FORCE_DYNAMIC_PLUS)
      return true;
    int before = p->nnodes;
    if (!prop_locked(h, p))
      return false;
    if (p->nnodes > before)
      continue;
    /* SE's other rules inside dynamic+ and its nested chains: hidden
     * pairs, naked pairs, X-wings of the working state, the first that
     * gives */
    if (!advanced_sets(h, p))
      return false;
    if (p->nnodes > before)
      continue;
    if (level < HUMAN_FORCE_NESTED)
      return true;
    if (!prop_nested(h, p, level))
      return false;
    if (p->nnodes == before)
      return true;
  }
}

/* Whether literal lit, assumed in the outer working state, clashes at the
 * inner level; *weight: the inner chain's depth. */
static int inner_test(sks_human *h, prop *o, int level, int lit, int *weight) {
  prop *in = o + 1;
  if (propagate(h, in, level, lit, o->cand, o->where, o->dcells))
    return 0;
  *weight = ancestors(in, in->conflict, 2);
  return 1;
}

/* Removes digits m from the cells of region a at places `at`, resting on
 * the k nodes pars; false on a clash. */
static bool remove_in(sks_human *h, prop *p, int a, hmask at, hmask m,
                      const int *pars, int k) {
  int n = p->n;
  for (; at; at &= at - 1) {
    int c = h->region[a * n + human_first(at)];
    for (hmask dm = p->cand[c] & m; dm; dm &= dm - 1)
      if (!derive(p, (c * n + human_first(dm)) * 2, pars, k, 1))
        return false;
  }
  return true;
}

/* SE's hidden pairs, naked pairs and X-wings in a dynamic run's working
 * state (Chaining.getAdvancedPotentials, after locked candidates), each
 * only where it rests on the run's removals (what stood before the
 * assumption is not the chain's), the first kind that gives; false on a
 * clash. */
static bool advanced_sets(sks_human *h, prop *p) {
  int n = p->n, before = p->nnodes, pars[192];
  const hmask *bw = p->bwhere;
  /* hidden pairs: two digits with the same two places in a region */
  for (int a = 0; a < p->nreg && p->nnodes == before; a++)
    for (int d1 = 0; d1 < n; d1++) {
      hmask w = p->where[a * n + d1];
      if (!human_two(w))
        continue;
      for (int d2 = d1 + 1; d2 < n; d2++) {
        if (p->where[a * n + d2] != w)
          continue;
        int k = offs_of_region(h, p, a, d1, bw[a * n + d1] & ~w, pars);
        k += offs_of_region(h, p, a, d2, bw[a * n + d2] & ~w, pars + k);
        if (k &&
            !remove_in(h, p, a, w, ~((1ULL << d1) | (1ULL << d2)), pars, k))
          return false;
      }
    }
  /* naked pairs: two cells of a region with the same two candidates */
  for (int a = 0; a < p->nreg && p->nnodes == before; a++)
    for (int i = 0; i < n; i++) {
      int c1 = h->region[a * n + i];
      hmask m = p->cand[c1];
      if (!human_two(m))
        continue;
      for (int j = i + 1; j < n; j++) {
        int c2 = h->region[a * n + j];
        if (p->cand[c2] != m)
          continue;
        int k = offs_of_cell(p, c1, p->bcand[c1] & ~m, pars);
        k += offs_of_cell(p, c2, p->bcand[c2] & ~m, pars + k);
        hmask others = 0;
        for (hmask dm = m; dm; dm &= dm - 1)
          others |= p->where[a * n + human_first(dm)];
        others &= ~((1ULL << i) | (1ULL << j));
        if (k && !remove_in(h, p, a, others, m, pars, k))
          return false;
      }
    }
  /* X-wings: a digit's two places in two rows (columns) in the same two
   * columns (rows) */
  for (int o = 0; o < 2 && p->nnodes == before; o++)
    for (int d = 0; d < n; d++)
      for (int r1 = 0; r1 < n; r1++) {
        int a1 = o * n + r1;
        hmask w = p->where[a1 * n + d];
        if (!human_two(w))
          continue;
        for (int r2 = r1 + 1; r2 < n; r2++) {
          int a2 = o * n + r2;
          if (p->where[a2 * n + d] != w)
            continue;
          int k = offs_of_region(h, p, a1, d, bw[a1 * n + d] & ~w, pars);
          k += offs_of_region(h, p, a2, d, bw[a2 * n + d] & ~w, pars + k);
          if (!k)
            continue;
          hmask lines = (1ULL << r1) | (1ULL << r2);
          for (hmask cm = w; cm; cm &= cm - 1) {
            int b = (1 - o) * n + human_first(cm);
            if (!remove_in(h, p, b, p->where[b * n + d] & ~lines, 1ULL << d,
                           pars, k))
              return false;
          }
        }
      }
  return true;
}

/* The inner run's size for literal l of its last run: the ancestors of
 * its node, or of the clash (a clash gives every literal). */
static int inner_size(prop *in, bool ok, int l) {
  if (!ok)
    return ancestors(in, in->conflict, 2);
  int x = in->node_of[l];
  return ancestors(in, &x, 1);
}

/* The members of a set, in a state of marks cand and places where: set
 * < cells is that cell's candidates, else region (set - cells) / n's
 * places of digit (set - cells) % n; as vars, k of them. */
static int set_vars(const sks_human *h, const hmask *cand, const hmask *where,
                    int set, int *vars) {
  int n = h->n, k = 0;
  if (set < h->cells) {
    for (hmask m = cand[set]; m; m &= m - 1)
      vars[k++] = set * n + human_first(m);
    return k;
  }
  int a = (set - h->cells) / n, d = (set - h->cells) % n;
  for (hmask m = where[a * n + d]; m; m &= m - 1)
    vars[k++] = h->region[a * n + human_first(m)] * n + d;
  return k;
}

/* SE's multiple forcing chains inside a chain (nested cell/region forcing): in
 * the outer run's working state, the literals that the static chain of every
 * candidate of a cell gives, or of every place of a digit in a region,
 * are derived in the outer run, each weighing the inner chains it rests
 * on.  False on a clash. */
static bool nested_multiple(sks_human *h, prop *o) {
  struct human_force *f = h->force;
  prop *in = o + 1;
  int n = o->n, W = f->W, nsets = o->cells + o->nreg * n;
  if (!f->mbits) {
    f->mbits = sks_malloc((size_t)o->nv * W * sizeof *f->mbits);
    f->macc = sks_malloc((size_t)W * sizeof *f->macc);
  }
  /* each open candidate's static chain */
  for (int c = 0; c < o->cells; c++) {
    if (!human_many(o->cand[c]))
      continue;
    for (hmask m = o->cand[c]; m; m &= m - 1) {
      int v = c * n + human_first(m);
      uint64_t *b = f->mbits + (size_t)v * W;
      if (!propagate(h, in, 0, v * 2 + 1, o->cand, o->where, o->dcells)) {
        memset(b, 0xff, (size_t)W * sizeof *b);
        continue;
      }
      memset(b, 0, (size_t)W * sizeof *b);
      for (int x = 0; x < in->nnodes; x++)
        b[in->lit[x] / 64] |= 1ULL << (in->lit[x] % 64);
    }
  }
  int vars[64], root = 0;
  for (int set = 0; set < nsets; set++) {
    int k = set_vars(h, o->cand, o->where, set, vars);
    bool open = k >= 2;
    for (int i = 0; i < k && open; i++) /* chains were run from these */
      open = human_many(o->cand[vars[i] / n]);
    if (!open)
      continue;
    memcpy(f->macc, f->mbits + (size_t)vars[0] * W,
           (size_t)W * sizeof *f->macc);
    uint64_t any = 0;
    for (int i = 1; i < k; i++) {
      const uint64_t *b = f->mbits + (size_t)vars[i] * W;
      any = 0;
      for (int w = 0; w < W; w++)
        any |= f->macc[w] &= b[w];
      if (!any)
        break;
    }
    for (int w = 0; w < W && any; w++)
      for (uint64_t m = f->macc[w]; m; m &= m - 1) {
        int l = w * 64 + human_first(m), c = l / 2 / n, d = l / 2 % n;
        /* an open candidate's removal, or an open cell's value, new */
        if (has(o, l) || !(o->cand[c] >> d & 1) || !human_many(o->cand[c]))
          continue;
        int weight = 0;
        for (int i = 0; i < k; i++) {
          bool ok = propagate(h, in, 0, vars[i] * 2 + 1, o->cand, o->where,
                              o->dcells);
          weight += inner_size(in, ok, l);
        }
        if (!derive(o, l, &root, 1, weight))
          return false;
      }
  }
  return true;
}

/* Ancestors of the nodes xs (k) in p's last run. */
static int ancestors(prop *p, const int *xs, int k) {
  p->mstamp++;
  int count = 0, stackcap = p->nnodes + 8;
  int *stack = sks_malloc((size_t)stackcap * sizeof *stack);
  int top = 0;
  for (int i = 0; i < k; i++)
    if (xs[i] >= 0 && p->mark[xs[i]] != p->mstamp) {
      p->mark[xs[i]] = p->mstamp;
      stack[top++] = xs[i];
    }
  while (top) {
    int x = stack[--top];
    int maxpd = 0; /* a nested node weighs its inner chain */
    for (int i = 0; i < p->pcount[x]; i++)
      if (p->depth[p->par[p->pstart[x] + i]] > maxpd)
        maxpd = p->depth[p->par[p->pstart[x] + i]];
    count += p->depth[x] - maxpd > 1 ? p->depth[x] - maxpd : 1;
    for (int i = 0; i < p->pcount[x]; i++) {
      int y = p->par[p->pstart[x] + i];
      if (p->mark[y] != p->mstamp && top < stackcap) {
        p->mark[y] = p->mstamp;
        stack[top++] = y;
      }
    }
  }
  free(stack);
  return count;
}

/* ---- the deductions of one level ---- */

static void lit_text(const sks_human *h, int l, char *buf, size_t size) {
  char c[16];
  int v = l / 2;
  human_cell_name(h, v / h->n, c, sizeof c);
  snprintf(buf, size, "%s%s%d", c, l & 1 ? "=" : "<>", human_digit(v % h->n));
}

/* The literal branch b assumed: branch 2i assumes open var i on, 2i + 1
 * off. */
static int branch_lit(const struct human_force *f, int b) {
  return f->bvar[b / 2] * 2 + (b % 2 == 0);
}

static const branch *br_of(const struct human_force *f, int b) {
  return &f->s->br[branch_lit(f, b)];
}

static const uint64_t *bits_of(const struct human_force *f, int b) {
  return f->s->bits + (size_t)branch_lit(f, b) * f->W;
}

/* What a static branch's result rests on, in touch's layout: the cells of
 * its off literals, then by digit d the cells of its literals of d.  With
 * marks only removed, a static run derives the same unless one of its
 * literals' marks went: an on literal's gifts (its cell's other marks, d's
 * peers) are literals of the run, so a gift lost is one of them gone; an
 * off literal's pair in a bivalue cell or partner (the other of two places
 * in a region) is a literal of the run too, and it gains one only where
 * its cell or region came down to two (human_static_changes).  A clash run's
 * literals up to the clash, the same. */
void human_static_reads(const sks_human *h, const human_run *r, uint64_t *t) {
  int tw = (1 + h->n) * h->pw;
  memset(t, 0, (size_t)tw * sizeof *t);
  for (int x = 0; x < r->nnodes; x++) {
    int l = r->lit[x], c = l / 2 / h->n, d = l / 2 % h->n;
    uint64_t bit = 1ULL << (c % 64);
    t[(size_t)(1 + d) * h->pw + c / 64] |= bit;
    if (!(l & 1))
      t[c / 64] |= bit;
  }
}

/* The changes from marks old to h's that static_reads meet: the cells
 * that came down from three marks or more to two, then by digit d the
 * cells that lost d and those of the regions where d came down from three
 * places or more to two; every word when a mark came back (another
 * puzzle). */
void human_static_changes(const sks_human *h, const hmask *old, uint64_t *ch) {
  int tw = (1 + h->n) * h->pw;
  int n = h->n;
  hmask back = 0;
  memset(ch, 0, (size_t)tw * sizeof *ch);
  for (int c = 0; c < h->cells; c++) {
    hmask x = old[c], y = h->cand[c];
    back |= y & ~x;
    if (x == y)
      continue;
    uint64_t bit = 1ULL << (c % 64);
    if (human_two(y) && human_many(x & (x - 1)))
      ch[c / 64] |= bit;
    for (hmask m = x & ~y; m; m &= m - 1)
      ch[(size_t)(1 + human_first(m)) * h->pw + c / 64] |= bit;
  }
  if (back) {
    memset(ch, 0xff, (size_t)tw * sizeof *ch);
    return;
  }
  for (int k = 0; k < h->nreg; k++) {
    /* by digit: places counted to one, two, three or more, before and
     * now */
    hmask o1 = 0, o2 = 0, o3 = 0, n1 = 0, n2 = 0, n3 = 0;
    const int *reg = h->region + (size_t)k * n;
    for (int j = 0; j < n; j++) {
      hmask x = old[reg[j]], y = h->cand[reg[j]];
      o3 |= o2 & x;
      o2 |= o1 & x;
      o1 |= x;
      n3 |= n2 & y;
      n2 |= n1 & y;
      n1 |= y;
    }
    for (hmask m = o3 & n2 & ~n3; m; m &= m - 1) {
      uint64_t *cd = ch + (size_t)(1 + human_first(m)) * h->pw;
      for (int j = 0; j < n; j++)
        cd[reg[j] / 64] |= 1ULL << (reg[j] % 64);
    }
  }
}

/* Starts a run of the store for propagation level plevel on h's state:
 * the cells changed since its last run (every cell when it held another
 * level), and a fresh pool. */
static void store_begin(struct human_force *f, const sks_human *h, int plevel) {
  store *s = f->s;
  bool same = s->plevel == plevel;
  memset(f->changed, same ? 0 : 0xff, (size_t)f->tw * sizeof *f->changed);
  if (same && plevel == HUMAN_FORCE_STATIC)
    human_static_changes(h, s->cand, f->changed);
  for (int c = 0; c < h->cells && same && plevel != HUMAN_FORCE_STATIC; c++)
    for (hmask m = s->cand[c] ^ h->cand[c]; m; m &= m - 1) {
      uint64_t bit = 1ULL << (c % 64);
      f->changed[c / 64] |= bit;
      f->changed[(size_t)(1 + human_first(m)) * h->pw + c / 64] |= bit;
    }
  memcpy(s->cand, h->cand, (size_t)h->cells * sizeof *s->cand);
  f->csum = 0;
  for (int w = 0; w < f->tw; w++)
    f->csum |= f->changed[w];
  s->plevel = plevel;
  /* nothing changed (cell forcing after forcing chains on one position):
   * the last run's branches stand as they are */
  s->whole =
      same && !f->csum &&
      (plevel <= HUMAN_FORCE_DYNAMIC_PLUS || plevel == HUMAN_FORCE_NISHIO);
  if (s->whole)
    return;
  int *t = s->old;
  size_t tcap = s->oldcap;
  s->old = s->pool;
  s->oldcap = s->poolcap;
  s->pool = t;
  s->poolcap = tcap;
  s->npool = 0;
  s->gen += same ? 1 : 2; /* another level's branches are never kept */
}

static void pool_reserve(store *s, int more) {
  SKS_GROW(s->pool, s->poolcap, (size_t)s->npool + (size_t)more);
}

/* Keeps literal l's branch of the last run when none of the cells it
 * read changed (propagation reads the marks, never the values). */
static bool store_keep(struct human_force *f, int l) {
  store *s = f->s;
  branch *br = &s->br[l];
  if (br->gen != s->gen - 1)
    return false;
  if (br->tsum & f->csum) {
    const uint64_t *t = s->touch + (size_t)l * f->tw;
    for (int w = 0; w < f->tw; w++)
      if (t[w] & f->changed[w])
        return false;
  }
  pool_reserve(s, 2 * br->count);
  if (br->count) /* (a run that stored nothing may have left no pool) */
    memcpy(s->pool + s->npool, s->old + br->start,
           (size_t)br->count * 2 * sizeof *s->pool);
  br->start = s->npool;
  s->npool += 2 * br->count;
  br->gen = s->gen;
  return true;
}

bool human_force_general(sks_human *h, int level, int start,
                         const uint64_t *bdcells, human_run *r) {
  prop *p = &force_of(h)->p[0];
  bool ok = propagate(h, p, level, start, h->cand, h->where, bdcells);
  *r = (human_run){p->nnodes, 0, p->lit, p->depth, p->touch, NULL};
  if (!ok) {
    int d0 = p->depth[p->conflict[0]];
    int d1 = p->conflict[1] >= 0 ? p->depth[p->conflict[1]] : d0;
    r->clash = d0 + d1;
  }
  return ok;
}

/* Runs literal l's branch at propagation level plevel on h's state, the
 * plain 9x9's way when it has one; false on a clash. */
static bool run_branch(sks_human *h, struct human_force *f, int plevel, int l,
                       human_run *r) {
  if (f->p9 && (plevel == HUMAN_FORCE_STATIC || plevel == HUMAN_FORCE_NISHIO)) {
    *r = f->run;
    return human_prop9_run(h, f->p9, r, plevel, l, f->hdcells);
  }
  return human_force_general(h, plevel, l, f->hdcells, r);
}

/* Records literal l's branch: the literals derived, or a clash. */
static void store_branch(const sks_human *h, struct human_force *f, int l,
                         const human_run *r, bool ok) {
  store *s = f->s;
  branch *br = &s->br[l];
  uint64_t *bits = s->bits + (size_t)l * f->W;
  uint64_t *t = s->touch + (size_t)l * f->tw;
  if (s->plevel == HUMAN_FORCE_STATIC && r->sreads)
    memcpy(t, r->sreads, (size_t)f->tw * sizeof *t);
  else if (s->plevel == HUMAN_FORCE_STATIC)
    human_static_reads(h, r, t);
  else
    memcpy(t, r->touch, (size_t)f->tw * sizeof *r->touch);
  br->gen = s->gen;
  br->tsum = 0;
  for (int w = 0; w < f->tw; w++)
    br->tsum |= t[w];
  br->clash = !ok;
  br->start = s->npool;
  br->count = 0;
  if (!ok) {
    br->clash_depth = r->clash;
    memset(bits, 0xff, (size_t)f->W * sizeof *bits);
    return;
  }
  memset(bits, 0, (size_t)f->W * sizeof *bits);
  pool_reserve(s, 2 * r->nnodes);
  int *pool = s->pool, np = s->npool;   /* (held apart from s: no reload) */
  for (int x = 1; x < r->nnodes; x++) { /* not the assumption itself */
    int q = r->lit[x];
    bits[q / 64] |= 1ULL << (q % 64);
    pool[np++] = q;
    pool[np++] = r->depth[x];
  }
  s->npool = np;
  br->count = r->nnodes - 1;
}

/* Makes literal l's branch one of this run (its literals, depths and
 * clash): kept from the last run or run and stored; false on a clash. */
static bool branch_ensure(sks_human *h, struct human_force *f, int plevel,
                          int l) {
  store *s = f->s;
  branch *br = &s->br[l];
  if (br->gen == s->gen)
    return !br->clash;
  bool keeps =
      plevel <= HUMAN_FORCE_DYNAMIC_PLUS || plevel == HUMAN_FORCE_NISHIO;
  if (keeps && !s->whole && store_keep(f, l))
    return !br->clash;
  human_run r;
  bool ok = run_branch(h, f, plevel, l, &r);
  store_branch(h, f, l, &r, ok);
  return ok;
}

/* Whether the level runs only its off branches and takes the on ones'
 * literals from them (on_from_offs): the plain 9x9's static chains. */
static bool lazy_on(const struct human_force *f, int plevel) {
  return f->p9 && plevel == HUMAN_FORCE_STATIC;
}

enum { W9 = (2 * 81 * 9 + 63) / 64 }; /* the 9x9's literal set */

/* A static on literal l's children (the 9x9's): its cell's other marks
 * off, then its digit off at the peers holding it; their count. */
static int on_kids(const sks_human *h, const struct human_force *f, int l,
                   int *kids) {
  int v = l / 2, c = v / 9, d = v % 9, nk = 0;
  for (hmask m = h->cand[c] & ~(1ULL << d); m; m &= m - 1)
    kids[nk++] = (c * 9 + human_first(m)) * 2;
  for (int w = 0; w < 2; w++)
    for (uint64_t m = h->peers[c * 2 + w] & f->hdcells[d * 2 + w]; m;
         m &= m - 1)
      kids[nk++] = ((w * 64 + human_first(m)) * 9 + d) * 2;
  return nk;
}

/* Literal l's depth in the branch of this run br (1 << 20 when it has
 * none), its clash's when it clashes. */
static int pool_depth(const struct human_force *f, const branch *br, int l) {
  if (br->clash)
    return br->clash_depth;
  const int *pool = f->s->pool + br->start;
  for (int i = 0; i < br->count; i++)
    if (pool[2 * i] == l)
      return pool[2 * i + 1];
  return 1 << 20;
}

/* Literal l's depth in branch b, its clash's when it clashes.  An on
 * branch of lazy_on's levels that has not run and does not clash takes
 * it from its children: its run is theirs a step deeper (the queue runs
 * by depth, so a depth is the shortest path's), the nearest child's. */
static int depth_in(sks_human *h, struct human_force *f, int b, int l) {
  store *s = f->s;
  int lb = branch_lit(f, b);
  const branch *br = &s->br[lb];
  if ((lb & 1) && br->gen != s->gen && !br->clash && lazy_on(f, s->plevel)) {
    int kids[8 + 20], nk = on_kids(h, f, lb, kids), dep = 1 << 20;
    for (int i = 0; i < nk && dep > 2; i++) {
      int k = kids[i];
      if (k == l)
        dep = 2;
      else if (s->bits[(size_t)k * W9 + l / 64] >> (l % 64) & 1) {
        int dk = 1 + pool_depth(f, &s->br[k], l);
        dep = dk < dep ? dk : dep;
      }
    }
    return dep;
  }
  branch_ensure(h, f, s->plevel, lb);
  return pool_depth(f, br, l);
}

/* The deduction chosen: kind 0 a clash of one branch, 1 a literal that
 * every branch of a set gives. */
typedef struct deduction {
  int cost, kind;
  int lit;       /* the conclusion */
  int nb, b[64]; /* the branches */
  int what;      /* text: 0 both ways, 1 cell, 2 region */
  int where;     /* the cell or region */
  int from;      /* both ways: the literal assumed on and off */
} deduction;

/* The deductions kept for SE's choice: the few of lowest cost (the depth
 * sum, a quick bound on a chain's length), in order of cost.  SE rates
 * each deduction of a level by its exact length and takes the lowest
 * rated (Chaining.getHintList); the cost only orders them, so the few
 * cheapest are measured exactly and the lowest rated taken (human_forcing). */
enum { HUMAN_PICKS = 8 };
typedef struct picks {
  int k, max;
  deduction d[HUMAN_PICKS];
} picks;

/* The cost a deduction must be below to be kept. */
static int bar(const picks *best) {
  return best->k < best->max ? 1 << 30 : best->d[best->k - 1].cost;
}

static void consider(picks *best, const deduction *d) {
  if (d->cost >= bar(best))
    return;
  int i = best->k < best->max ? best->k++ : best->k - 1;
  for (; i > 0 && best->d[i - 1].cost > d->cost; i--)
    best->d[i] = best->d[i - 1];
  best->d[i] = *d;
}

/* Each literal of acc (true in every branch of d), costed by its depth in
 * those branches, offered as d's conclusion.  Only a cost below the bar
 * is kept, so the sum stops as soon as it reaches it. */
static void consider_common(sks_human *h, struct human_force *f,
                            const uint64_t *acc, deduction *d, picks *best) {
  for (int w = 0; w < f->W; w++)
    for (uint64_t m = acc[w]; m; m &= m - 1) {
      d->lit = w * 64 + human_first(m);
      d->cost = 0;
      int most = bar(best);
      for (int j = 0; j < d->nb && d->cost < most; j++)
        d->cost += depth_in(h, f, d->b[j], d->lit);
      consider(best, d);
    }
}

/* The propagation a level runs: cell and region forcing, the static. */
static int prop_level(int level) {
  return level == HUMAN_FORCE_CELL ? HUMAN_FORCE_STATIC : level;
}

/* The search's start: every open candidate (f->bvar; their count), the
 * cells holding each digit, and the store of the level's propagation,
 * begun on h's state. */
static int force_begin(sks_human *h, struct human_force *f, int level) {
  int n = h->n, plevel = prop_level(level), nvar = 0;
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0)
      for (hmask m = h->cand[c]; m; m &= m - 1)
        f->bvar[nvar++] = c * n + human_first(m);
  memset(f->hdcells, 0, (size_t)n * h->pw * sizeof *f->hdcells);
  for (int c = 0; c < h->cells; c++)
    for (hmask m = h->cand[c]; m; m &= m - 1)
      f->hdcells[(size_t)human_first(m) * h->pw + c / 64] |= 1ULL << (c % 64);
  /* The stores are made when first used (most puzzles never reach the
   * dynamic levels).  Past 16x16 a second store would cost too much
   * memory: the levels share one. */
  f->s = &f->st[plevel == HUMAN_FORCE_STATIC || h->cells > 256 ? 0
                : level == HUMAN_FORCE_NISHIO                  ? 2
                                                               : 1];
  if (!f->s->br)
    store_init(f->s, h, f->W);
  store_begin(f, h, plevel);
  return nvar;
}

/* On branch l's literals and clash without its run, from its children's
 * branches (run first): a static on literal gives at once its cell's
 * other marks off and its digit off at its peers, so its literals are
 * theirs and their literals.  It clashes where one of them does, or
 * where they give its own off: the static links are their own
 * contrapositives (a mark on takes a peer's off as the peer's on takes
 * its off; a bivalue cell's or a region's two places link both ways), so
 * a run meeting a literal and its complement meets the assumption's
 * complement too.  Its depths come from its children's too (depth_in);
 * it runs only when it clashes, for its clash's depth. */
static void on_from_offs(sks_human *h, struct human_force *f, int l) {
  store *s = f->s;
  branch *br = &s->br[l];
  if (br->gen == s->gen) /* run already */
    return;
  uint64_t acc[W9] = {0};
  int kids[8 + 20], nk = on_kids(h, f, l, kids);
  bool clash = false;
  for (int i = 0; i < nk && !clash; i++) {
    int k = kids[i];
    if (!branch_ensure(h, f, HUMAN_FORCE_STATIC, k)) {
      clash = true;
      break;
    }
    const uint64_t *kb = s->bits + (size_t)k * W9;
    for (int w = 0; w < W9; w++)
      acc[w] |= kb[w];
    acc[k / 64] |= 1ULL << (k % 64);
  }
  clash = clash || (acc[(l ^ 1) / 64] >> ((l ^ 1) % 64) & 1);
  acc[l / 64] &= ~(1ULL << (l % 64)); /* (a branch's own literal is not
                                         among its literals) */
  uint64_t *bits = s->bits + (size_t)l * W9;
  if (clash)
    memset(bits, 0xff, sizeof acc);
  else
    memcpy(bits, acc, sizeof acc);
  br->clash = clash;
}

/* Every open candidate's branches, on (branch 2i) and off (2i + 1; not at
 * the nested levels), kept from the store's last run or run and stored;
 * a branch's clash is a deduction (not at cell and region forcing, which
 * takes only what every candidate of a cell or region gives). */
static void run_branches(sks_human *h, struct human_force *f, int level,
                         int nvar, bool nested, picks *best) {
  int plevel = prop_level(level);
  bool lazy = lazy_on(f, plevel); /* (never a nested level) */
  if (lazy) {
    for (int i = 0; i < nvar; i++)
      branch_ensure(h, f, plevel, f->bvar[i] * 2);
    if (!f->s->whole) /* (else the last run's stand) */
      for (int i = 0; i < nvar; i++)
        on_from_offs(h, f, f->bvar[i] * 2 + 1);
  }
  for (int i = 0; i < nvar; i++)
    for (int on = 1; on >= (nested ? 1 : 0); on--) {
      int b = 2 * i + !on, l = f->bvar[i] * 2 + on;
      bool ok = lazy ? !f->s->br[l].clash : branch_ensure(h, f, plevel, l);
      if (ok || level == HUMAN_FORCE_CELL)
        continue;
      if (lazy)
        branch_ensure(h, f, plevel, l); /* its clash's depth */
      if (br_of(f, b)->clash_depth < bar(best)) {
        deduction d = {.cost = br_of(f, b)->clash_depth,
                       .kind = 0,
                       .lit = (f->bvar[i] * 2 + on) ^ 1,
                       .nb = 1,
                       .b = {b}};
        consider(best, &d);
      }
    }
}

/* What follows both when an open candidate is on and when it is off. */
/* Branch b's depths into dep, by literal (those of its literals only). */
static void scatter_depths(const struct human_force *f, int b, int *dep) {
  const branch *br = br_of(f, b);
  const int *pool = f->s->pool + br->start;
  for (int i = 0; i < br->count; i++)
    dep[pool[2 * i]] = pool[2 * i + 1];
}

static void both_ways(sks_human *h, struct human_force *f, int nvar,
                      picks *best) {
  /* lazy_on's on branches give their depths from their children's, the
   * others are looked up after one pass over the branch */
  bool lazy = lazy_on(f, f->s->plevel);
  for (int i = 0; i < nvar; i++) {
    const uint64_t *a = bits_of(f, 2 * i), *b = bits_of(f, 2 * i + 1);
    if (br_of(f, 2 * i)->clash || br_of(f, 2 * i + 1)->clash)
      continue;
    bool scattered = false;
    for (int w = 0; w < f->W; w++)
      for (uint64_t m = a[w] & b[w]; m; m &= m - 1) {
        if (!scattered) {
          scatter_depths(f, 2 * i + 1, f->dep_off);
          if (!lazy)
            scatter_depths(f, 2 * i, f->dep_on);
          scattered = true;
        }
        int l = w * 64 + human_first(m);
        int most = bar(best);
        /* (an on branch's literals lie 2 deep or more) */
        if (f->dep_off[l] + 2 >= most)
          continue; /* not below the best: consider would not take it */
        int cost = lazy ? depth_in(h, f, 2 * i, l) : f->dep_on[l];
        if ((cost += f->dep_off[l]) >= most)
          continue;
        deduction d = {.cost = cost,
                       .kind = 1,
                       .lit = l,
                       .nb = 2,
                       .b = {2 * i, 2 * i + 1},
                       .what = 0,
                       .from = f->bvar[i] * 2 + 1};
        consider(best, &d);
      }
  }
}

/* What every on branch of a set gives, offered as d's conclusion: the
 * set d names (a cell's candidates, or a digit's places in a region), its
 * members m (candidates, or places), their branches into d's; vi: a var's
 * index among the open ones. */
static void set_common(sks_human *h, struct human_force *f, const int *vi,
                       hmask m, uint64_t *acc, deduction *d, picks *best) {
  int n = h->n, dg = d->where % n;
  const int *cells = d->what == 2 ? h->region + (d->where - dg) : NULL;
  memset(acc, 0xff, (size_t)f->W * sizeof *acc);
  uint64_t any = 1;
  for (; m && any; m &= m - 1) {
    int j = human_first(m), v = cells ? cells[j] * n + dg : d->where * n + j;
    int b = 2 * vi[v];
    d->b[d->nb++] = b;
    const uint64_t *bb = bits_of(f, b);
    any = 0;
    for (int w = 0; w < f->W; w++)
      any |= acc[w] &= bb[w];
  }
  if (any) /* (nothing in common: the rest cannot add any) */
    consider_common(h, f, acc, d, best);
}

/* Cell and region forcing: what follows from every candidate of an open
 * cell, or from every place of a digit in a region (two or more, open). */
static void cells_and_regions(sks_human *h, struct human_force *f, int nvar,
                              picks *best) {
  int n = h->n;
  int *vi = sks_malloc((size_t)h->cells * n * sizeof *vi);
  uint64_t *acc = sks_malloc((size_t)f->W * sizeof *acc);
  for (int i = 0; i < nvar; i++)
    vi[f->bvar[i]] = i;
  for (int c = 0; c < h->cells; c++) {
    if (h->val[c] >= 0)
      continue;
    deduction d = {.kind = 1, .what = 1, .where = c};
    set_common(h, f, vi, h->cand[c], acc, &d, best);
  }
  for (int k = 0; k < h->nreg; k++)
    for (int dg = 0; dg < n; dg++) {
      hmask wm = h->where[k * n + dg];
      if (!human_many(wm))
        continue;
      if (h->val[h->region[k * n + human_first(wm)]] >= 0)
        continue;
      deduction d = {.kind = 1, .what = 2, .where = k * n + dg};
      set_common(h, f, vi, wm, acc, &d, best);
    }
  free(acc);
  free(vi);
}

/* The fewest nodes a deduction's branch j can hold: a chain holds at
 * least its depth (the longest path from the assumption to the
 * conclusion), a clash at least half the two sides' depths. */
static int deduction_least(sks_human *h, struct human_force *f,
                           const deduction *d, int j) {
  return d->kind == 0 ? (d->cost + 1) / 2 : depth_in(h, f, d->b[j], d->lit);
}

/* The deduction's exact size: its branches rerun, the nodes the
 * conclusion rests on counted, less the assumption and the conclusion
 * (SE's length); past `most`, most + 1 as soon as it shows. */
static int deduction_size(sks_human *h, struct human_force *f, int plevel,
                          const deduction *best, int most, int *last) {
  prop *p = &f->p[0];
  int size = 0, rest = 0;
  for (int j = 0; j < best->nb; j++)
    rest += deduction_least(h, f, best, j);
  for (int j = 0; j < best->nb; j++) {
    if (size + rest - 2 > most)
      return most + 1;
    rest -= deduction_least(h, f, best, j);
    int l = branch_lit(f, best->b[j]);
    bool ok; /* the run of the last literal measured still stands */
    if (*last == l)
      ok = p->conflict[0] < 0;
    else
      ok = propagate(h, p, plevel, l, h->cand, h->where, f->hdcells);
    *last = l;
    if (!ok) /* SE counts each side of the clash on its own */
      size += ancestors(p, p->conflict, 2);
    else if (has(p, best->lit)) {
      int x = p->node_of[best->lit];
      size += ancestors(p, &x, 1);
    }
  }
  return size > 2 ? size - 2 : 0;
}

/* The step's text: the deduction in words. */
static void deduction_text(sks_human *h, sks_technique t, const deduction *best,
                           int size) {
  char a[48], c[48];
  int n = h->n;
  lit_text(h, best->lit, c, sizeof c);
  if (best->kind == 0) {
    lit_text(h, best->lit ^ 1, a, sizeof a);
    human_text(h, "%s: assuming %s leads to a contradiction (%d links)",
               sks_technique_name(t), a, size);
  } else if (best->what == 0) {
    lit_text(h, best->from, a, sizeof a);
    human_text(h, "%s: %s follows both when %s and when not (%d links)",
               sks_technique_name(t), c, a, size);
  } else if (best->what == 1) {
    human_cell_name(h, best->where, a, sizeof a);
    human_text(h, "%s: %s follows from each candidate of %s (%d links)",
               sks_technique_name(t), c, a, size);
  } else {
    human_region_name(h, best->where / n, a, sizeof a);
    human_text(h, "%s: %s follows from each place of %d in %s (%d links)",
               sks_technique_name(t), c, human_digit(best->where % n), a, size);
  }
}

/* The step of the deduction: its conclusion's placement or removal, of
 * the technique tried (the level's). */
static bool deduction_emit(sks_human *h, const deduction *best, int size) {
  int n = h->n, v = best->lit / 2, cell = v / n, dg = v % n;
  human_begin(h);
  sks_technique t = h->trying; /* the row that names the level */
  double rating = sks_technique_weight(t) + human_length_extra(size);
  if (h->opt.text)
    deduction_text(h, t, best, size);
  if (best->lit & 1) {
    if (h->collect) {
      h->seen[(size_t)h->cells * n + (size_t)v] = 1;
      return false;
    }
    h->tech = t;
    h->rating = rating;
    h->cell = cell;
    h->digit = dg;
    h->size = size;
    h->nelim = 0;
    return true;
  }
  human_elim(h, cell, dg);
  return human_emit(h, t, rating, size);
}

/* The step of SE's deduction sp. */
static bool emit_pick(sks_human *h, const human_se9_pick *sp) {
  deduction d = {.kind = sp->kind,
                 .lit = sp->lit,
                 .what = sp->what,
                 .where = sp->where,
                 .from = sp->from};
  return deduction_emit(h, &d, sp->complexity > 2 ? sp->complexity - 2 : 0);
}

/* The step SE takes at level se (human_se9.c) on h's state: of its
 * deductions best[0 .. k) if any is SE's, else of all SE's. */
static bool se9_step(sks_human *h, struct human_force *f, int se,
                     const picks *best) {
  if (!f->se9)
    f->se9 = human_se9_new();
  human_se9_pick sp;
  if (best) {
    human_se9_pick c[HUMAN_PICKS];
    for (int i = 0; i < best->k; i++)
      c[i] = (human_se9_pick){.lit = best->d[i].lit,
                              .kind = best->d[i].kind,
                              .what = best->d[i].what,
                              .where = best->d[i].where,
                              .from = best->d[i].from};
    if (human_se9_measure(h, f->se9, se, c, best->k, &sp))
      return emit_pick(h, &sp);
  }
  return human_se9_level(h, f->se9, se, &sp) && emit_pick(h, &sp);
}

bool human_forcing(sks_human *h, int level) {
  struct human_force *f = force_of(h);
  /* The plain 9x9's Nishio, multiple and dynamic levels run SE's
   * propagation node for node, so their lengths are SE's (human_se9.c).
   * The dynamic level takes SE's deduction among all of SE's.  At the
   * other two this search asks first whether the level has any (where it
   * has none SE has none: SE's sources are among these, and its runs end
   * no later), then rates its few cheapest as SE does and takes SE's pick
   * among them, or among all of SE's when none of them is SE's: on all
   * of top1465 the same ratings as all of SE's at twice less the cost. */
  int se = !f->p9                         ? -1
           : level == HUMAN_FORCE_DYNAMIC ? HUMAN_SE9_DYNAMIC
           : level == HUMAN_FORCE_CELL    ? HUMAN_SE9_MULTIPLE
           : level == HUMAN_FORCE_NISHIO  ? HUMAN_SE9_NISHIO
                                          : -1;
  if (se == HUMAN_SE9_DYNAMIC)
    return se9_step(h, f, se, NULL);
  int nvar = force_begin(h, f, level);
  /* nested levels: contradictions of the on branches only (the off
   * branches and the cell and region nets would double the cost of the
   * dearest level); Nishio: contradictions only, as SE's */
  bool nishio = level == HUMAN_FORCE_NISHIO;
  bool nested = level >= HUMAN_FORCE_NESTED && !nishio;
  /* SE's pick (below) up to dynamic+: at the nested levels, whose
   * lengths count inner chains by their depth, it took shorter
   * contradictions than SE's (AI Escargot 10.3, serate 10.5) */
  picks best = {.max = nested ? 1 : HUMAN_PICKS};
  run_branches(h, f, level, nvar, nested, &best);
  if (level != HUMAN_FORCE_CELL && !nested && !nishio)
    both_ways(h, f, nvar, &best);
  if (level >= HUMAN_FORCE_CELL && !nested && !nishio)
    cells_and_regions(h, f, nvar, &best);
  if (!best.k)
    return false;
  if (se >= 0)
    return se9_step(h, f, se, &best);
  /* SE's choice among them (Chaining.getHintList): the lowest rated,
   * the length deciding within a level, so the shortest; the cheapest of
   * those.  The first is measured in full, the others only up to the
   * shortest so far. */
  int last = -1, pick = 0,
      size =
          deduction_size(h, f, prop_level(level), &best.d[0], 1 << 30, &last);
  for (int i = 1; i < best.k; i++) {
    int si =
        deduction_size(h, f, prop_level(level), &best.d[i], size - 1, &last);
    if (si < size)
      pick = i, size = si;
  }
  return deduction_emit(h, &best.d[pick], size);
}

/* ---- the SAT-native step ---- */

/* A small complete search over the exactly-one constraints that are
 * active (act[g]): group g < cells is cell g, else region (g - cells) / n
 * and digit (g - cells) % n; val by var: 0 open, 1 true, -1 false. */
typedef struct mus_ctx {
  sks_human *h;
  const unsigned char *act;
  int ngroups;
  long long nodes, budget;
} mus_ctx;

/* 1 satisfiable, 0 not, -1 budget. */
static int mus_search(mus_ctx *m, signed char *val) {
  sks_human *h = m->h;
  int vars[64];
  if (++m->nodes > m->budget)
    return -1;
  size_t nv = (size_t)h->cells * h->n;
  signed char *save = sks_malloc(nv);
  memcpy(save, val, nv);
  bool changed = true;
  int branch_g = -1, branch_open = 1 << 30;
  while (changed) {
    changed = false;
    branch_g = -1;
    branch_open = 1 << 30;
    for (int g = 0; g < m->ngroups; g++) {
      if (!m->act[g])
        continue;
      int k = set_vars(h, h->cand, h->where, g, vars), t = 0, open = 0,
          last = -1;
      for (int i = 0; i < k; i++) {
        t += val[vars[i]] > 0;
        if (!val[vars[i]])
          open++, last = vars[i];
      }
      if (t > 1 || (!t && !open)) {
        memcpy(val, save, nv);
        free(save);
        return 0;
      }
      if (t == 1 && open) {
        for (int i = 0; i < k; i++)
          if (!val[vars[i]])
            val[vars[i]] = -1;
        changed = true;
      } else if (!t && open == 1) {
        val[last] = 1;
        changed = true;
      } else if (!t && open < branch_open) {
        branch_open = open;
        branch_g = g;
      }
    }
  }
  int r = 1;
  if (branch_g >= 0) {
    int k = set_vars(h, h->cand, h->where, branch_g, vars);
    r = 0;
    for (int i = 0; i < k && r == 0; i++) {
      if (val[vars[i]])
        continue;
      val[vars[i]] = 1;
      r = mus_search(m, val);
      if (r == 0)
        val[vars[i]] = -1;
    }
  }
  memcpy(val, save, nv);
  free(save);
  return r;
}

static int mus_sat(mus_ctx *m, int assume) {
  size_t nv = (size_t)m->h->cells * m->h->n;
  signed char *val = sks_calloc(nv, 1);
  if (assume >= 0)
    val[assume] = 1;
  int r = mus_search(m, val);
  free(val);
  return r;
}

/* A minimal set of constraints with no solution when var `assume` (or
 * none, -1) is true, by deletion; its size, or -1 past the budget. */
static int mus_shrink(sks_human *h, int assume, unsigned char *act, int ng) {
  mus_ctx m = {h, act, ng, 0, 200000};
  memset(act, 1, (size_t)ng);
  if (mus_sat(&m, assume) != 0)
    return -1;
  int size = ng;
  for (int g = 0; g < ng; g++) {
    act[g] = 0;
    m.nodes = 0;
    int r = mus_sat(&m, assume);
    if (r != 0)
      act[g] = 1; /* needed (or unknown: kept) */
    else
      size--;
  }
  return size;
}

static void group_name(const sks_human *h, int g, char *buf, size_t size) {
  if (g < h->cells) {
    char c[16];
    human_cell_name(h, g, c, sizeof c);
    snprintf(buf, size, "cell %s", c);
    return;
  }
  char r[48];
  human_region_name(h, (g - h->cells) / h->n, r, sizeof r);
  snprintf(buf, size, "%d in %s", human_digit((g - h->cells) % h->n), r);
}

static void mus_text(sks_human *h, const char *head, const unsigned char *act,
                     int ng) {
  if (!h->opt.text)
    return;
  char buf[HUMAN_TEXT];
  size_t len = (size_t)snprintf(buf, sizeof buf, "%s", head);
  bool first = true;
  for (int g = 0; g < ng && len + 40 < sizeof buf; g++)
    if (act[g]) {
      char name[64];
      group_name(h, g, name, sizeof name);
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s",
                              first ? "" : "; ", name);
      first = false;
    }
  human_text(h, "%s", buf);
}

bool human_mus(sks_human *h, int arg) {
  (void)arg;
  if (h->status != SKS_UNKNOWN || h->n > 16)
    return false;
  int ng = h->cells + h->nreg * h->n;
  unsigned char *act = sks_malloc((size_t)ng), *best = sks_malloc((size_t)ng);
  /* a solution of the current candidates, if any */
  mus_ctx m = {h, act, ng, 0, 2000000};
  memset(act, 1, (size_t)ng);
  size_t nv = (size_t)h->cells * h->n;
  signed char *val = sks_calloc(nv, 1);
  int bestsize = -1, bestvar = -1;
  /* the solution: fix cell by cell */
  int sat = mus_sat(&m, -1);
  if (sat == 0) { /* no solution: the clash itself */
    int size = mus_shrink(h, -1, act, ng);
    if (size > 0) {
      char head[64];
      snprintf(head, sizeof head,
               "%d constraints cannot hold together: ", size);
      mus_text(h, head, act, ng);
      if (h->opt.text)
        memcpy(h->why, h->text, sizeof h->why - 1);
      else
        snprintf(h->why, sizeof h->why, "no solution");
      h->why[sizeof h->why - 1] = 0;
      h->status = SKS_UNSAT;
    }
    free(val);
    free(act);
    free(best);
    return false;
  }
  /* a false candidate with the smallest MUS: try the candidates of the
   * cells with fewest candidates first, a few of them */
  int tried = 0;
  for (int want = 2; want <= h->n && tried < 24; want++)
    for (int c = 0; c < h->cells && tried < 24; c++) {
      if (h->val[c] >= 0 || human_popcount(h->cand[c]) != want)
        continue;
      for (hmask mm = h->cand[c]; mm && tried < 24; mm &= mm - 1) {
        int v = c * h->n + human_first(mm);
        m.nodes = 0;
        if (mus_sat(&m, v) != 0) /* v is possible (or unknown) */
          continue;
        tried++;
        int size = mus_shrink(h, v, act, ng);
        if (size > 0 && (bestsize < 0 || size < bestsize)) {
          bestsize = size;
          bestvar = v;
          memcpy(best, act, (size_t)ng);
        }
      }
    }
  free(val);
  bool found = false;
  if (bestvar >= 0) {
    human_begin(h);
    human_elim(h, bestvar / h->n, bestvar % h->n);
    char head[128], c[16];
    human_cell_name(h, bestvar / h->n, c, sizeof c);
    snprintf(head, sizeof head,
             "%s=%d cannot hold with these %d constraints: ", c,
             human_digit(bestvar % h->n), bestsize);
    mus_text(h, head, best, ng);
    found = human_emit(h, SKS_TECH_MUS,
                       sks_technique_weight(SKS_TECH_MUS) +
                           human_length_extra(bestsize),
                       bestsize);
  }
  free(act);
  free(best);
  return found;
}
