/* The hall engine's clause database (hall_int.h): learned clauses kept
 * in three tiers by LBD (glue 2 and less for good, up to 6 while they
 * are used, the rest while used since the last reduction), three
 * quarters of the unused ones dropped at each reduction, most glue first; then
 * the arena compacted and the watch lists and reasons moved with it. */
#include "hall_int.h"

#include <stdlib.h>
#include <string.h>

/* Learned clauses of at most this LBD are never dropped. */
#define TIER1 2
/* The share of the unused clauses a reduction drops, in percent
 * (BENCHMARKS.md, "hall: the clause database's reduction": 75 and 90
 * about 10% faster than 50 on the killer cages, the same elsewhere). */
#define REDUCE_TARGET 75

typedef struct candidate {
  uint32_t ref, lbd, size;
} candidate;

/* Most glue first, then the longest. */
static int worse_first(const void *a, const void *b) {
  const candidate *x = a, *y = b;
  if (x->lbd != y->lbd)
    return x->lbd < y->lbd ? 1 : -1;
  if (x->size != y->size)
    return x->size < y->size ? 1 : -1;
  return (x->ref > y->ref) - (x->ref < y->ref);
}

void sks_hall_reduce(sks_hall *h) {
  h->st.reduced++;
  candidate *cand = sks_malloc((h->learnts.n + 1) * sizeof *cand);
  size_t n = 0;
  for (size_t i = 0; i < h->learnts.n; i++) {
    uint32_t ref = h->learnts.a[i];
    hall_clause *c = hall_clause_at(h, ref);
    if (c->garbage || c->lbd <= TIER1)
      continue;
    if (c->used) {
      c->used--;
      continue;
    }
    if (hall_locked(h, ref, c))
      continue;
    cand[n++] = (candidate){ref, c->lbd, c->size};
  }
  qsort(cand, n, sizeof *cand, worse_first);
  for (size_t i = 0; i < n * REDUCE_TARGET / 100; i++) {
    hall_clause *c = hall_clause_at(h, cand[i].ref);
    c->garbage = 1;
    h->garbage_words += HALL_HEADER + c->size;
  }
  free(cand);
  sks_hall_collect(h);
}

void sks_hall_drop_learned(sks_hall *h) {
  bool dropped = false;
  for (size_t i = 0; i < h->learnts.n; i++) {
    hall_clause *c = hall_clause_at(h, h->learnts.a[i]);
    if (!c->garbage && !hall_locked(h, h->learnts.a[i], c)) {
      c->garbage = 1;
      h->garbage_words += HALL_HEADER + c->size;
      dropped = true;
    }
  }
  if (dropped || h->garbage_words)
    sks_hall_collect(h); /* not when nothing was learned */
}

static inline bool root_true(const sks_hall *h, hall_lit l) {
  return h->val[l] > 0 && !h->level[hall_var(l)];
}

void sks_hall_collect(sks_hall *h) {
  /* clauses satisfied at the root go too, when the root grew */
  int root_n = h->control.n ? h->control.a[0] : h->trail_n;
  bool root = root_n > h->root_units;
  h->st.collections++;
  /* 1: each clause kept gets its new place (pos), in arena order */
  uint32_t to = 0;
  for (uint32_t ref = 0; ref < h->arena.n;) {
    hall_clause *c = hall_clause_at(h, ref);
    uint32_t words = HALL_HEADER + c->size;
    if (root && !c->garbage && !hall_locked(h, ref, c))
      for (uint32_t i = 0; i < c->size; i++)
        if (root_true(h, c->lit[i])) {
          c->garbage = 1;
          break;
        }
    /* (a clause eager subsumption dropped may have become a reason
     * since: it stays) */
    if (c->garbage && hall_locked(h, ref, c))
      c->garbage = 0;
    if (!c->garbage) {
      c->moved = 1;
      c->pos = to;
      to += words;
    }
    ref += words;
  }
  /* 2: the watch lists, reasons and the learned list follow */
  for (int l = 2; l < 2 * h->nvars + 2; l++) {
    hall_watches *ws = &h->watches[l];
    size_t k = 0;
    for (size_t i = 0; i < ws->n; i++) {
      hall_watch w = ws->a[i];
      if (w.ref >= HALL_BINARY_LEARNT) {
        if (root && (root_true(h, (hall_lit)l) || root_true(h, w.blocker)))
          continue;
      } else {
        hall_clause *c = hall_clause_at(h, w.ref);
        if (c->garbage)
          continue;
        w.ref = c->pos;
      }
      ws->a[k++] = w;
    }
    ws->n = k;
  }
  for (int i = 0; i < h->trail_n; i++) {
    int v = hall_var(h->trail[i]);
    uint32_t r = h->reason[v];
    if (!h->level[v])
      h->reason[v] = HALL_NONE; /* a root literal needs no reason */
    else if (r != HALL_NONE && !(r & (HALL_REASON_BIN | HALL_REASON_EXT)))
      h->reason[v] = hall_clause_at(h, r)->pos;
  }
  size_t k = 0;
  for (size_t i = 0; i < h->learnts.n; i++) {
    hall_clause *c = hall_clause_at(h, h->learnts.a[i]);
    if (!c->garbage)
      h->learnts.a[k++] = c->pos;
  }
  h->learnts.n = k;
  /* 3: the clauses move down, in order */
  for (uint32_t ref = 0, end = (uint32_t)h->arena.n; ref < end;) {
    hall_clause *c = hall_clause_at(h, ref);
    uint32_t words = HALL_HEADER + c->size;
    if (!c->garbage) {
      uint32_t dst = c->pos;
      c->moved = 0;
      c->pos = 2;
      if (dst != ref)
        memmove(h->arena.a + dst, h->arena.a + ref, words * sizeof(uint32_t));
    }
    ref += words;
  }
  h->arena.n = to;
  h->garbage_words = 0;
  if (root)
    h->root_units = root_n;
}
