/* The forcing search's static and Nishio propagation for the plain 9x9,
 * on bit sets: the same queue, literals and depths as
 * human_force.c's general propagation, without the parents (the conclusion's
 * size is counted on the general one) and without where[] kept in step. */
#include "human_int.h"

#include <stdlib.h>
#include <string.h>

struct human_prop9 {
  uint64_t dcells[9 * 2]; /* the working cells holding d (Nishio) */
  uint64_t off[9 * 2];    /* the cells whose off literal of d is derived */
  uint64_t on[9 * 2];     /* likewise on (static runs: their reads) */
  uint64_t regm[27 * 2];  /* each region's cells */
  uint64_t cregm[81 * 6]; /* a cell's regions' cells, in creg's order */
  unsigned char cell_of[729], digit_of[729];
  int head;                        /* the queue's next node */
  unsigned cur, epoch[81 * 9 * 2]; /* by literal: derived in run cur */
  int node_of[81 * 9 * 2];
};

bool human_prop9_fits(const sks_human *h) {
  if (!h->plain || h->n != 9 || h->nreg != 27 || h->pw != 2)
    return false;
  /* a region's places in cell order (the general search takes a region's
   * first place as a clash's parent) */
  for (int k = 0; k < 27; k++)
    for (int j = 1; j < 9; j++)
      if (h->region[k * 9 + j] <= h->region[k * 9 + j - 1])
        return false;
  for (int c = 0; c < 81; c++)
    if (h->ncreg[c] != 3)
      return false;
  return true;
}

struct human_prop9 *human_prop9_new(const sks_human *h) {
  struct human_prop9 *q = sks_calloc(1, sizeof *q);
  for (int k = 0; k < 27; k++)
    for (int j = 0; j < 9; j++) {
      int c = h->region[k * 9 + j];
      q->regm[k * 2 + c / 64] |= 1ULL << (c % 64);
    }
  for (int c = 0; c < 81; c++)
    for (int i = 0; i < 3; i++)
      memcpy(q->cregm + c * 6 + i * 2,
             q->regm + h->creg[c * HUMAN_MAX_REG + i] * 2,
             2 * sizeof *q->cregm);
  for (int v = 0; v < 729; v++) {
    q->cell_of[v] = (unsigned char)(v / 9);
    q->digit_of[v] = (unsigned char)(v % 9);
  }
  return q;
}

void human_prop9_free(struct human_prop9 *q) {
  free(q);
}

/* Adds literal l = (c * 9 + d) * 2 + on at depth dep; false on a clash
 * (its depth, the two literals' depths added, in r->clash). */
static inline bool derive(struct human_prop9 *q, human_run *r, int l, int c,
                          int d, int dep) {
  if (q->epoch[l] == q->cur)
    return true;
  int x = r->nnodes++;
  r->lit[x] = l;
  r->depth[x] = dep;
  q->epoch[l] = q->cur;
  q->node_of[l] = x;
  if (l & 1)
    q->on[d * 2 + c / 64] |= 1ULL << (c % 64);
  else
    q->off[d * 2 + c / 64] |= 1ULL << (c % 64);
  if (q->epoch[l ^ 1] == q->cur) {
    r->clash = dep + r->depth[q->node_of[l ^ 1]];
    return false;
  }
  return true;
}

/* The depth of off(c, d), derived. */
static inline int off_depth(const struct human_prop9 *q, const human_run *r,
                            int c, int d) {
  return r->depth[q->node_of[(c * 9 + d) * 2]];
}

/* Processes the queue from q->head to its end, static or Nishio's (xonly:
 * dynamic on one digit's places); false on a clash.  The queue runs by
 * depth, so what a node gives lies one deeper. */
static bool drain(const sks_human *h, struct human_prop9 *q, human_run *r,
                  bool xonly, const uint64_t *bdcells) {
  const hmask *bcand = h->cand;
  const uint64_t *dcells = xonly ? q->dcells : bdcells;
  int head = q->head;
  for (; head < r->nnodes; head++) {
    int l = r->lit[head], c = q->cell_of[l / 2], d = q->digit_of[l / 2];
    int k = r->depth[head] + 1; /* what it gives lies one deeper */
    /* it reads c's marks and those of d in c's regions */
    const uint64_t *pe = h->peers + (size_t)c * 2;
    r->touch[2 + d * 2] |= pe[0];
    r->touch[3 + d * 2] |= pe[1];
    /* Nishio reads d's places only (c's among them), never the cell's
     * marks */
    r->touch[xonly ? 2 + d * 2 + c / 64 : c / 64] |= 1ULL << (c % 64);
    if (l & 1) { /* on: the cell's others (not Nishio's) and d's peers go */
      for (hmask cm = xonly ? 0 : bcand[c] & ~(1ULL << d); cm; cm &= cm - 1) {
        int e = human_first(cm);
        if (!derive(q, r, (c * 9 + e) * 2, c, e, k))
          return false;
      }
      for (int w = 0; w < 2; w++)
        for (uint64_t m = pe[w] & dcells[d * 2 + w] & ~q->off[d * 2 + w]; m;
             m &= m - 1) {
          int p = w * 64 + human_first(m);
          if (!derive(q, r, (p * 9 + d) * 2, p, d, k))
            return false;
        }
      continue;
    }
    /* off */
    const int *creg = h->creg + c * HUMAN_MAX_REG;
    if (xonly) {
      q->dcells[d * 2 + c / 64] &= ~(1ULL << (c % 64));
      uint64_t dc0 = q->dcells[d * 2], dc1 = q->dcells[d * 2 + 1];
      for (int i = 0; i < 3; i++) {
        const uint64_t *rm = q->cregm + c * 6 + i * 2;
        uint64_t a = dc0 & rm[0], b = dc1 & rm[1];
        if (human_many(a) || human_many(b) || (a && b))
          continue;
        if (!(a | b)) { /* no place left: this off and the first place's */
          uint64_t ba = bdcells[d * 2] & rm[0];
          int p = ba ? human_first(ba)
                     : 64 + human_first(bdcells[d * 2 + 1] & rm[1]);
          r->clash = k - 1 + off_depth(q, r, p, d);
          return false;
        }
        int p = a ? human_first(a) : 64 + human_first(b);
        if (!derive(q, r, (p * 9 + d) * 2 + 1, p, d, k))
          return false;
      }
      continue;
    }
    hmask cm = bcand[c];
    if (human_two(cm)) {
      int e = human_first(cm & ~(1ULL << d));
      if (!derive(q, r, (c * 9 + e) * 2 + 1, c, e, k))
        return false;
    }
    for (int i = 0; i < 3; i++) {
      int reg = creg[i];
      hmask w = h->where[reg * 9 + d];
      if (!human_two(w))
        continue;
      w &= ~(1ULL << h->pos[c * HUMAN_MAX_REG + i]);
      int p = h->region[reg * 9 + human_first(w)];
      if (!derive(q, r, (p * 9 + d) * 2 + 1, p, d, k))
        return false;
    }
  }
  q->head = head;
  return true;
}

bool human_prop9_run(const sks_human *h, struct human_prop9 *q, human_run *r,
                     int level, int start, const uint64_t *bdcells) {
  /* Nishio: dynamic, the start's digit only; else static */
  bool xonly = level == HUMAN_FORCE_NISHIO;
  if (++q->cur == 0) { /* wrapped: no literal is derived */
    memset(q->epoch, 0, sizeof q->epoch);
    q->cur = 1;
  }
  r->nnodes = 0;
  r->clash = 0;
  q->head = 0;
  memset(r->touch, 0, 20 * sizeof *r->touch);
  memset(q->off, 0, sizeof q->off);
  memset(q->on, 0, sizeof q->on);
  if (xonly)
    memcpy(q->dcells, bdcells, sizeof q->dcells);
  derive(q, r, start, start / 2 / 9, start / 2 % 9, 1);
  if (!xonly) {
    bool ok = drain(h, q, r, false, bdcells);
    /* the static store's reads: the cells of its off literals, then by
     * digit the cells of its literals of d (clash or not: those derived) */
    uint64_t *t = r->sreads;
    t[0] = t[1] = 0;
    for (int d = 0; d < 9; d++)
      for (int w = 0; w < 2; w++) {
        t[0 + w] |= q->off[d * 2 + w];
        t[2 + d * 2 + w] = q->off[d * 2 + w] | q->on[d * 2 + w];
      }
    return ok;
  }
  return drain(h, q, r, true, bdcells);
}
