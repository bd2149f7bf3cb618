/* The DRAT proof checker: forward checking with two watched literals.
 * Every lemma is checked when it comes (RUP: its negation propagates to a
 * conflict; else RAT on its first literal), then joins the clauses; a
 * deletion drops the one matching clause, found by a hash of its literal
 * set.  The top-level assignment is kept between lemmas and never undone:
 * so the deletion of a clause that is the reason of a top-level literal is
 * ignored (as drat-trim does), which can only make checking stricter.
 *
 * Bounds (docs/certificates.md): the formula's variables up to its size in
 * literals are their own index, every other variable named (a proof's
 * extension variables, a header's count far past the clauses) gets the
 * next free index on first sight, so memory follows what the input holds,
 * never the numbers it names; RAT candidates come from occurrence lists,
 * built at the first RAT check; and a deadline is looked at as lemmas
 * come. */
#include "drat_int.h"
#include "sks_checker.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

/* A clause in the arena: header then literals. */
/* H_POS: where the last search for a literal to watch ended (Gent's
 * saved position: a long clause whose literals fall one by one is then
 * searched once around, not once per literal). */
enum { H_SIZE, H_NEXT, H_HASH, H_POS, HEADER };
enum { NIL = 0xffffffffu, BINARY = 0x80000000u };

typedef struct watch {
  int blocker; /* a binary clause's other literal, else a hint */
  unsigned c;  /* the clause's offset, | BINARY for a binary clause */
} watch;

typedef SKS_STACK(watch) watches;

/* The checker's state after a shared prefix of clauses. */
typedef struct snap {
  bool valid;
  int *lits; /* the prefix */
  size_t nlits;
  int *mem; /* the arena */
  size_t nmem;
  watch *pool; /* every watch list, one after another */
  size_t *start, nlit;
  int *trail;
  unsigned *reason; /* of each trail literal */
  size_t ntrail, live;
  bool refuted;
  uint64_t key; /* the prefix's name (sks_clauses.base_key) */
  int *shape;   /* and the words it is of, compared in full (none: lits) */
  size_t nshape;
  int ident;     /* the identity range it was loaded with */
  size_t *longs; /* offsets of its long clauses */
  size_t nlong;
} snap;

typedef SKS_STACK(unsigned) occs;

struct sks_drat {
  int maxvar;       /* arrays are sized for variables 1..maxvar */
  signed char *val; /* by literal index: 1 true, -1 false, 0 open */
  unsigned *reason; /* by variable: the clause that set it, or NIL */
  unsigned char *mark;
  watches *watch;     /* by literal index: clauses watching it */
  SKS_STACK(int) mem; /* the clause arena */
  SKS_STACK(int) trail;
  size_t qhead;
  unsigned *bucket; /* hash chains of live clauses */
  size_t nbuckets, live;
  SKS_STACK(int) lemma;
  bool refuted;
  sks_drat_stats st;
  snap snap;
  /* Since the snapshot: the watch lists changed (by literal index), and
   * whether a deletion touched the arena's base part (then all is copied
   * back). */
  unsigned char *touched;
  SKS_STACK(size_t) touched_list;
  bool tracking, dirty;
  /* Variables past ident (the formula's, up to its size in literals) are
   * renumbered ident + 1, ident + 2, ... as they come: an open-addressing
   * map from their number in the input. */
  int ident, nmapped;
  int *map_from, *map_to;
  size_t map_cap;
  /* By literal index, once a RAT check needs them: the clauses holding
   * it (deleted ones dropped as the lists are read). */
  occs *occ;
  bool occ_built;
  double deadline; /* sks_time's clock, 0 = none */
  bool timed_out;
  unsigned polls;
};

static inline unsigned lix(int lit) {
  return lit > 0 ? 2u * (unsigned)lit : 2u * (unsigned)-lit + 1;
}

static inline int val_of(const sks_drat *d, int lit) {
  return d->val[lix(lit)];
}

/* Each literal has two watch lists: its long clauses', which propagation
 * changes, and its binary clauses', which only a new or deleted clause
 * does (so a snapshot's binary lists are seldom copied back). */
static inline size_t wl_long(int lit) {
  return 2 * (size_t)lix(lit);
}
static inline size_t wl_bin(int lit) {
  return 2 * (size_t)lix(lit) + 1;
}
static inline size_t nlists(const sks_drat *d) {
  return 4 * (size_t)d->maxvar + 4;
}

/* A watch list changes: noted for the restore. */
static inline void touch(sks_drat *d, size_t li) {
  if (d->tracking && !d->touched[li]) {
    d->touched[li] = 1;
    SKS_PUSH(d->touched_list, li);
  }
}

/* Forgets which watch lists changed. */
static void untouch(sks_drat *d) {
  for (size_t i = 0; i < d->touched_list.n; i++)
    d->touched[d->touched_list.a[i]] = 0;
  d->touched_list.n = 0;
  d->dirty = false;
}

sks_drat *sks_drat_new(void) {
  sks_drat *d = sks_calloc(1, sizeof *d);
  return d;
}

void sks_drat_delete(sks_drat *d) {
  if (!d)
    return;
  for (size_t i = 0; d->watch && i < nlists(d); i++)
    SKS_STACK_FREE(d->watch[i]);
  free(d->watch);
  free(d->val);
  free(d->reason);
  free(d->mark);
  free(d->bucket);
  SKS_STACK_FREE(d->mem);
  SKS_STACK_FREE(d->trail);
  SKS_STACK_FREE(d->lemma);
  free(d->snap.lits);
  free(d->snap.mem);
  free(d->snap.pool);
  free(d->snap.start);
  free(d->snap.trail);
  free(d->snap.reason);
  free(d->snap.longs);
  free(d->snap.shape);
  free(d->touched);
  SKS_STACK_FREE(d->touched_list);
  for (size_t i = 0; d->occ && i < 2 * (size_t)d->maxvar + 2; i++)
    SKS_STACK_FREE(d->occ[i]);
  free(d->occ);
  free(d->map_from);
  free(d->map_to);
  free(d);
}

void sks_drat_stats_get(const sks_drat *d, sks_drat_stats *st) {
  *st = d->st;
}

/* Room for variables up to var; new ones start open. */
static void grow(sks_drat *d, int var) {
  if (var <= d->maxvar)
    return;
  int old = d->maxvar, to = old ? old : 64;
  while (to < var)
    to = to > SKS_MAX_VAR / 2 ? SKS_MAX_VAR : 2 * to;
  size_t olit = 2 * (size_t)old + 2, nlit = 2 * (size_t)to + 2;
  d->val = sks_realloc(d->val, nlit);
  memset(d->val + olit, 0, nlit - olit);
  d->mark = sks_realloc(d->mark, nlit);
  memset(d->mark + olit, 0, nlit - olit);
  size_t olists = old ? 2 * olit : 0, nlists2 = 2 * nlit;
  d->touched = sks_realloc(d->touched, nlists2);
  memset(d->touched + olists, 0, nlists2 - olists);
  d->watch = sks_realloc(d->watch, nlists2 * sizeof *d->watch);
  memset(d->watch + olists, 0, (nlists2 - olists) * sizeof *d->watch);
  d->reason = sks_realloc(d->reason, ((size_t)to + 1) * sizeof *d->reason);
  size_t oocc = old ? olit : 0;
  d->occ = sks_realloc(d->occ, nlit * sizeof *d->occ);
  memset(d->occ + oocc, 0, (nlit - oocc) * sizeof *d->occ);
  d->maxvar = to;
}

/* The checker's index of input variable v (> ident): the next free one on
 * its first sight. */
static int mapped(sks_drat *d, int v) {
  if (2 * ((size_t)d->nmapped + 1) > d->map_cap) {
    size_t cap = d->map_cap ? 2 * d->map_cap : 64;
    int *from = sks_calloc(cap, sizeof *from),
        *to = sks_malloc(cap * sizeof *to);
    for (size_t i = 0; i < d->map_cap; i++)
      if (d->map_from[i]) {
        size_t h =
            ((uint64_t)(unsigned)d->map_from[i] * 0x9E3779B97F4A7C15ull >> 32) &
            (cap - 1);
        while (from[h])
          h = (h + 1) & (cap - 1);
        from[h] = d->map_from[i];
        to[h] = d->map_to[i];
      }
    free(d->map_from);
    free(d->map_to);
    d->map_from = from;
    d->map_to = to;
    d->map_cap = cap;
  }
  size_t h =
      ((uint64_t)(unsigned)v * 0x9E3779B97F4A7C15ull >> 32) & (d->map_cap - 1);
  while (d->map_from[h]) {
    if (d->map_from[h] == v)
      return d->map_to[h];
    h = (h + 1) & (d->map_cap - 1);
  }
  d->map_from[h] = v;
  d->map_to[h] = d->ident + ++d->nmapped;
  grow(d, d->map_to[h]);
  return d->map_to[h];
}

/* An input literal in the checker's numbering. */
static inline int intern(sks_drat *d, int lit) {
  if (lit <= d->ident && lit >= -d->ident)
    return lit;
  int v = mapped(d, abs(lit));
  return lit < 0 ? -v : v;
}

/* A new formula: variables 1..ident are their own index. */
static void unmap(sks_drat *d, int ident) {
  if (d->map_cap > 4096) { /* a proof that named many: not kept */
    free(d->map_from);
    free(d->map_to);
    d->map_from = d->map_to = NULL;
    d->map_cap = 0;
  } else if (d->nmapped)
    memset(d->map_from, 0, d->map_cap * sizeof *d->map_from);
  d->nmapped = 0;
  d->ident = ident;
}

/* Past the deadline?  The clock is read every 16th call. */
static bool late(sks_drat *d) {
  if (d->timed_out)
    return true;
  if (d->deadline > 0 && !(d->polls++ & 15) && sks_past(d->deadline))
    d->timed_out = true;
  return d->timed_out;
}

bool sks_drat_past_deadline(sks_drat *d) {
  if (d->deadline > 0 && !d->timed_out && sks_past(d->deadline))
    d->timed_out = true;
  return d->timed_out;
}

void sks_drat_set_deadline(sks_drat *d, double deadline) {
  d->deadline = deadline;
  d->timed_out = false;
}

bool sks_drat_timed_out(const sks_drat *d) {
  return d->timed_out;
}

/* The occurrence lists go (the arena they index is replaced). */
static void drop_occ(sks_drat *d) {
  if (!d->occ_built)
    return;
  for (size_t i = 0; i < 2 * (size_t)d->maxvar + 2; i++)
    d->occ[i].n = 0;
  d->occ_built = false;
}

static void occ_add(sks_drat *d, const int *lits, int size, unsigned o) {
  for (int i = 0; i < size; i++)
    SKS_PUSH(d->occ[lix(lits[i])], o);
}

/* Every live clause in the lists of its literals. */
static void build_occ(sks_drat *d) {
  for (size_t o = 0; o < d->mem.n;) {
    int size = d->mem.a[o + H_SIZE];
    if (size > 0)
      occ_add(d, d->mem.a + o + HEADER, size, (unsigned)o);
    o += HEADER + (size_t)(size < 0 ? -size - 1 : size);
  }
  d->occ_built = true;
}

/* Empties the checker for a new formula, keeping its memory. */
static void reset(sks_drat *d) {
  for (size_t i = 0; i < nlists(d); i++)
    d->watch[i].n = 0;
  if (d->maxvar)
    memset(d->val, 0, 2 * (size_t)d->maxvar + 2);
  d->mem.n = 0;
  d->trail.n = 0;
  d->qhead = 0;
  free(d->bucket); /* chains again from the first deletion on */
  d->bucket = NULL;
  d->nbuckets = 0;
  d->live = 0;
  d->refuted = false;
  memset(&d->st, 0, sizeof d->st);
  untouch(d);
  d->tracking = false;
  d->snap.valid = false;
  drop_occ(d);
}

static inline void assign(sks_drat *d, int lit, unsigned reason) {
  d->val[lix(lit)] = 1;
  d->val[lix(-lit)] = -1;
  d->reason[abs(lit)] = reason;
  SKS_PUSH(d->trail, lit);
}

static void backtrack(sks_drat *d, size_t to) {
  while (d->trail.n > to) {
    int lit = d->trail.a[--d->trail.n];
    d->val[lix(lit)] = 0;
    d->val[lix(-lit)] = 0;
  }
  d->qhead = to;
}

/* Unit propagation from qhead; false on a conflict. */
static bool propagate(sks_drat *d) {
  while (d->qhead < d->trail.n) {
    int fl = -d->trail.a[d->qhead++]; /* now false */
    d->st.props++;
    const watches *bs = &d->watch[wl_bin(fl)];
    for (size_t i = 0; i < bs->n; i++) {
      int b = val_of(d, bs->a[i].blocker);
      if (b > 0)
        continue;
      if (b < 0)
        return false;
      assign(d, bs->a[i].blocker, bs->a[i].c & ~BINARY);
    }
    watches *ws = &d->watch[wl_long(fl)];
    size_t i = 0, j = 0, n = ws->n;
    watch *w = ws->a;
    for (; i < n; i++) {
      watch x = w[i];
      int b = val_of(d, x.blocker);
      if (b > 0) {
        w[j++] = x;
        continue;
      }
      int *lits = d->mem.a + x.c + HEADER;
      int size = d->mem.a[x.c + H_SIZE];
      if (lits[0] == fl) {
        lits[0] = lits[1];
        lits[1] = fl;
      }
      int first = lits[0];
      if (val_of(d, first) > 0) {
        x.blocker = first;
        w[j++] = x;
        continue;
      }
      int *pos = &d->mem.a[x.c + H_POS];
      int from = *pos < size ? *pos : 2, k = 0;
      for (int m = from; !k && m < size; m++)
        if (val_of(d, lits[m]) >= 0)
          k = m;
      for (int m = 2; !k && m < from; m++)
        if (val_of(d, lits[m]) >= 0)
          k = m;
      if (k) {
        *pos = k;
        lits[1] = lits[k];
        lits[k] = fl;
        touch(d, wl_long(fl));
        touch(d, wl_long(lits[1]));
        watch y = {first, x.c};
        SKS_PUSH(d->watch[wl_long(lits[1])], y);
        w = ws->a; /* a push may move another list only: ws is not lits[1]'s */
        continue;
      }
      w[j++] = x;
      if (val_of(d, first) < 0)
        goto conflict;
      assign(d, first, x.c);
    }
    ws->n = j;
    continue;
  conflict:
    for (i++; i < n; i++)
      w[j++] = w[i];
    ws->n = j;
    return false;
  }
  return true;
}

static uint64_t lit_hash(int lit) {
  uint64_t x = (uint64_t)(unsigned)lit * 0x9E3779B97F4A7C15ull;
  return x ^ (x >> 29);
}

/* Sorted-order-free hash of a literal set. */
static unsigned set_hash(const int *lits, int size) {
  uint64_t h = 0;
  for (int i = 0; i < size; i++)
    h += lit_hash(lits[i]);
  return (unsigned)(h ^ (h >> 32));
}

/* (Re)builds the hash chains of the live clauses, twice as many chains
 * as clauses. */
static void rehash(sks_drat *d) {
  d->dirty = true; /* its chain fields are written in every clause */
  size_t nb = d->nbuckets ? d->nbuckets : 4096;
  while (nb < 2 * d->live)
    nb *= 2;
  if (nb != d->nbuckets) {
    free(d->bucket);
    d->bucket = sks_malloc(nb * sizeof *d->bucket);
    d->nbuckets = nb;
  }
  memset(d->bucket, 0xff, nb * sizeof *d->bucket);
  for (size_t o = 0; o < d->mem.n;) {
    int *c = d->mem.a + o, size = c[H_SIZE];
    if (size >= 0) {
      c[H_HASH] = (int)set_hash(c + HEADER, size);
      size_t b = (unsigned)c[H_HASH] & (nb - 1);
      c[H_NEXT] = (int)d->bucket[b];
      d->bucket[b] = (unsigned)o;
    }
    o += HEADER + (size_t)(size < 0 ? -size - 1 : size);
  }
}

/* Adds the clause lits (no duplicate literal, no tautology) to the
 * arena, watches it, and propagates what it forces at the top level.  The
 * hash chains are kept from the first deletion on. */
static bool add_clause(sks_drat *d, const int *lits, int size, sks_error *why) {
  if (d->bucket && d->live + 1 > d->nbuckets / 2)
    rehash(d); /* the arena's clauses so far, before this one joins it */
  size_t o = d->mem.n;
  if (o + HEADER + (size_t)size >= BINARY) {
    sks_error_set(why, -1, 0, 0, "too many clauses for the checker");
    return false;
  }
  SKS_STACK_RESERVE(d->mem, o + HEADER + (size_t)size);
  int *c = d->mem.a + o;
  c[H_SIZE] = size;
  c[H_POS] = 2;
  d->mem.n = o + HEADER + (size_t)size;
  d->live++;
  if (d->bucket) {
    c[H_HASH] = (int)set_hash(lits, size);
    size_t b = (unsigned)c[H_HASH] & (d->nbuckets - 1);
    c[H_NEXT] = (int)d->bucket[b];
    d->bucket[b] = (unsigned)o;
  }
  int *cl = c + HEADER;
  if (d->occ_built)
    occ_add(d, lits, size, (unsigned)o);
  if (size == 2 && !val_of(d, lits[0]) && !val_of(d, lits[1])) {
    cl[0] = lits[0];
    cl[1] = lits[1];
    watch w0 = {cl[1], (unsigned)o | BINARY},
          w1 = {cl[0], (unsigned)o | BINARY};
    touch(d, wl_bin(cl[0]));
    touch(d, wl_bin(cl[1]));
    SKS_PUSH(d->watch[wl_bin(cl[0])], w0);
    SKS_PUSH(d->watch[wl_bin(cl[1])], w1);
    return true;
  }
  /* open literals first, then true, then false */
  int k = 0;
  for (int i = 0; i < size; i++)
    if (val_of(d, lits[i]) == 0)
      cl[k++] = lits[i];
  int open = k;
  for (int i = 0; i < size; i++)
    if (val_of(d, lits[i]) > 0)
      cl[k++] = lits[i];
  int nonfalse = k;
  for (int i = 0; i < size; i++)
    if (val_of(d, lits[i]) < 0)
      cl[k++] = lits[i];
  if (nonfalse == 0) {
    d->refuted = true;
    return true;
  }
  if (size >= 2) {
    unsigned tag = (unsigned)o | (size == 2 ? BINARY : 0);
    watch w0 = {cl[1], tag}, w1 = {cl[0], tag};
    size_t l0 = size == 2 ? wl_bin(cl[0]) : wl_long(cl[0]);
    size_t l1 = size == 2 ? wl_bin(cl[1]) : wl_long(cl[1]);
    touch(d, l0);
    touch(d, l1);
    SKS_PUSH(d->watch[l0], w0);
    SKS_PUSH(d->watch[l1], w1);
  }
  if (nonfalse == 1 && open == 1) {
    assign(d, cl[0], (unsigned)o);
    if (!propagate(d))
      d->refuted = true;
  }
  return true;
}

static void unwatch(sks_drat *d, int lit, int size, unsigned o) {
  size_t li = size == 2 ? wl_bin(lit) : wl_long(lit);
  watches *ws = &d->watch[li];
  touch(d, li);
  for (size_t i = 0; i < ws->n; i++)
    if ((ws->a[i].c & ~BINARY) == o) {
      ws->a[i] = ws->a[--ws->n];
      return;
    }
}

/* Deletes the live clause with the literal set lits, if there is one and
 * it is no top-level reason. */
static void delete_clause(sks_drat *d, const int *lits, int size) {
  d->st.deletions++;
  if (!d->bucket)
    rehash(d);
  unsigned h = set_hash(lits, size);
  for (int i = 0; i < size; i++)
    d->mark[lix(lits[i])] = 1;
  unsigned *link = &d->bucket[h & (d->nbuckets - 1)];
  unsigned found = NIL;
  while (*link != NIL) {
    int *c = d->mem.a + *link;
    if ((unsigned)c[H_HASH] == h && c[H_SIZE] == size) {
      int i = 0;
      while (i < size && d->mark[lix(c[HEADER + i])])
        i++;
      if (i == size) {
        found = *link;
        break;
      }
    }
    link = (unsigned *)&c[H_NEXT];
  }
  for (int i = 0; i < size; i++)
    d->mark[lix(lits[i])] = 0;
  if (found == NIL) {
    d->st.ignored_deletions++;
    return;
  }
  int *c = d->mem.a + found, *cl = c + HEADER;
  for (int i = 0; i < size; i++)
    if (val_of(d, cl[i]) > 0 && d->reason[abs(cl[i])] == found) {
      d->st.ignored_deletions++;
      return;
    }
  *link = (unsigned)c[H_NEXT];
  d->live--;
  if (size >= 2) {
    unwatch(d, cl[0], size, found);
    unwatch(d, cl[1], size, found);
  }
  c[H_SIZE] = -size - 1; /* dead; the arena walk still steps over it */
}

/* With the trail at the top level plus the lemma's negation: does
 * propagation conflict? */
static bool rup(sks_drat *d, const int *lits, int size) {
  for (int i = 0; i < size; i++) {
    int v = val_of(d, lits[i]);
    if (v > 0)
      return true;
    if (v == 0)
      assign(d, -lits[i], NIL);
  }
  return !propagate(d);
}

/* RAT on lits[0]: every resolvent with a clause holding its negation is
 * RUP.  The trail holds the lemma's negation, propagated.  The candidates
 * are the occurrence list of the negation (deleted clauses dropped from
 * it as it is read). */
static bool rat(sks_drat *d, const int *lits, int size) {
  int pivot = lits[0];
  size_t base = d->trail.n;
  d->st.rat++;
  if (!d->occ_built)
    build_occ(d);
  occs *os = &d->occ[lix(-pivot)];
  size_t j = 0, n = os->n, k = 0;
  bool ok = true;
  for (; ok && k < n; k++) {
    unsigned o = os->a[k];
    int csize = d->mem.a[o + H_SIZE];
    if (csize <= 0)
      continue; /* deleted */
    os->a[j++] = o;
    if (late(d)) {
      ok = false;
      break;
    }
    const int *cl = d->mem.a + o + HEADER;
    bool sat = false;
    for (int i = 0; !sat && i < csize; i++) {
      if (cl[i] == -pivot)
        continue;
      int v = val_of(d, cl[i]);
      if (v > 0)
        sat = true;
      else if (v == 0)
        assign(d, -cl[i], NIL);
    }
    if (!sat)
      sat = !propagate(d);
    backtrack(d, base);
    ok = sat;
  }
  for (; k < n; k++)
    os->a[j++] = os->a[k];
  os->n = j;
  (void)size;
  return ok;
}

/* One proof line: lemma or deletion.  Duplicates dropped; a tautology is
 * accepted and not kept. */
static bool step(sks_drat *d, bool deletion, long long number, size_t offset,
                 sks_error *why) {
  int *lits = d->lemma.a;
  int size = 0;
  bool taut = false;
  if (late(d)) {
    sks_error_set(why, -1, number, (long)offset,
                  "the time limit ran out at lemma %lld (byte %zu)", number,
                  offset);
    return false;
  }
  for (size_t i = 0; i < d->lemma.n; i++) {
    int lit = lits[i];
    if (d->mark[lix(lit)])
      continue;
    if (d->mark[lix(-lit)])
      taut = true;
    d->mark[lix(lit)] = 1;
    lits[size++] = lit;
  }
  for (int i = 0; i < size; i++)
    d->mark[lix(lits[i])] = 0;
  if (deletion) {
    if (!taut)
      delete_clause(d, lits, size);
    return true;
  }
  d->st.lemmas++;
  if (taut)
    return true;
  size_t top = d->trail.n;
  bool ok = rup(d, lits, size) || (size > 0 && rat(d, lits, size));
  backtrack(d, top);
  if (!ok && d->timed_out) {
    sks_error_set(why, -1, number, (long)offset,
                  "the time limit ran out at lemma %lld (byte %zu)", number,
                  offset);
    return false;
  }
  if (!ok) {
    sks_error_set(why, -1, number, (long)offset,
                  "lemma %lld (byte %zu) is neither RUP nor RAT", number,
                  offset);
    return false;
  }
  return add_clause(d, lits, size, why);
}

/* A line of the proof, as the reader hands it over. */
static int line(void *ctx, const int *lits, size_t n, bool deletion,
                long long number, size_t offset, sks_error *why) {
  sks_drat *d = ctx;
  d->lemma.n = 0;
  for (size_t i = 0; i < n; i++)
    SKS_PUSH(d->lemma, intern(d, lits[i]));
  bool ok = step(d, deletion, number, offset, why);
  d->lemma.n = 0;
  return !ok ? -1 : d->refuted ? 0 : 1;
}

/* Loads the clauses lit[from .. to) (whole clauses). */
static bool load(sks_drat *d, const int *lit, size_t from, size_t to,
                 sks_error *why) {
  d->lemma.n = 0;
  for (size_t i = from; i < to && !d->refuted; i++) {
    if (lit[i]) {
      SKS_PUSH(d->lemma, intern(d, lit[i]));
      continue;
    }
    if (late(d)) {
      sks_error_set(why, -1, 0, 0,
                    "the time limit ran out while the clauses were loaded");
      return false;
    }
    int *lits = d->lemma.a, size = 0;
    bool taut = false;
    if (d->lemma.n == 2 && abs(lits[0]) != abs(lits[1])) {
      if (!add_clause(d, lits, 2, why))
        return false;
      d->lemma.n = 0;
      continue;
    }
    for (size_t k = 0; k < d->lemma.n; k++) {
      int l = lits[k];
      if (d->mark[lix(l)])
        continue;
      if (d->mark[lix(-l)])
        taut = true;
      d->mark[lix(l)] = 1;
      lits[size++] = l;
    }
    for (int k = 0; k < size; k++)
      d->mark[lix(lits[k])] = 0;
    if (!taut && !add_clause(d, lits, size, why))
      return false;
    d->lemma.n = 0;
  }
  d->lemma.n = 0;
  return true;
}

/* The state after loading a shared prefix of clauses (sks_clauses.base),
 * kept to start the next list with the same prefix from. */
static void snapshot(sks_drat *d, const sks_clauses *cnf) {
  snap *sn = &d->snap;
  size_t nlit = nlists(d), total = 0;
  if (d->nmapped) /* renumbered variables: not kept */
    return;
  sn->key = cnf->base_key;
  sn->nshape = cnf->base_nshape;
  sn->ident = d->ident;
  if (sn->nshape) {
    sn->shape = sks_realloc(sn->shape, sn->nshape * sizeof *sn->shape);
    memcpy(sn->shape, cnf->base_shape, sn->nshape * sizeof *sn->shape);
  } else {
    sn->lits = sks_realloc(sn->lits, (cnf->base + 1) * sizeof *sn->lits);
    memcpy(sn->lits, cnf->lit, cnf->base * sizeof *sn->lits);
  }
  sn->nlits = cnf->base;
  /* the long clauses, whose literals propagation reorders */
  sn->nlong = 0;
  for (size_t o = 0; o < d->mem.n;) {
    int size = d->mem.a[o + H_SIZE];
    if (size > 2) {
      sn->longs = sks_realloc(sn->longs, (sn->nlong + 1) * sizeof *sn->longs);
      sn->longs[sn->nlong++] = o;
    }
    o += HEADER + (size_t)(size < 0 ? -size - 1 : size);
  }
  sn->mem = sks_realloc(sn->mem, (d->mem.n + 1) * sizeof *sn->mem);
  if (d->mem.n)
    memcpy(sn->mem, d->mem.a, d->mem.n * sizeof *sn->mem);
  sn->nmem = d->mem.n;
  sn->start = sks_realloc(sn->start, (nlit + 1) * sizeof *sn->start);
  for (size_t i = 0; i < nlit; i++) {
    sn->start[i] = total;
    total += d->watch[i].n;
  }
  sn->start[nlit] = total;
  sn->pool = sks_realloc(sn->pool, (total ? total : 1) * sizeof *sn->pool);
  for (size_t i = 0; i < nlit; i++)
    if (d->watch[i].n)
      memcpy(sn->pool + sn->start[i], d->watch[i].a,
             d->watch[i].n * sizeof *sn->pool);
  sn->trail =
      sks_realloc(sn->trail, (d->trail.n ? d->trail.n : 1) * sizeof *sn->trail);
  if (d->trail.n)
    memcpy(sn->trail, d->trail.a, d->trail.n * sizeof *sn->trail);
  sn->reason = sks_realloc(sn->reason,
                           (d->trail.n ? d->trail.n : 1) * sizeof *sn->reason);
  for (size_t i = 0; i < d->trail.n; i++)
    sn->reason[i] = d->reason[abs(d->trail.a[i])];
  sn->ntrail = d->trail.n;
  sn->nlit = nlit;
  sn->live = d->live;
  sn->refuted = d->refuted;
  sn->valid = true;
  untouch(d);
  d->tracking = true;
}

/* Is the snapshot's prefix the list's?  A named prefix (the plain CNF's,
 * by its shape) by its key first and then its every word, else by its
 * literals. */
static bool same_base(const sks_drat *d, const sks_clauses *cnf) {
  const snap *sn = &d->snap;
  if (!sn->valid || !cnf->base || sn->nlits != cnf->base ||
      sn->ident != d->ident)
    return false;
  if (cnf->base_nshape)
    return sn->nshape == cnf->base_nshape && sn->key == cnf->base_key &&
           !memcmp(sn->shape, cnf->base_shape,
                   cnf->base_nshape * sizeof *cnf->base_shape);
  return !sn->nshape &&
         !memcmp(sn->lits, cnf->lit, cnf->base * sizeof *cnf->lit);
}

static void restore_list(sks_drat *d, size_t i) {
  const snap *sn = &d->snap;
  size_t n = i < sn->nlit ? sn->start[i + 1] - sn->start[i] : 0;
  SKS_STACK_RESERVE(d->watch[i], n);
  if (n)
    memcpy(d->watch[i].a, sn->pool + sn->start[i], n * sizeof *sn->pool);
  d->watch[i].n = n;
}

/* Back to the state the snapshot holds: with no deletion since, only the
 * long clauses and the watch lists that changed are copied back. */
static void restore(sks_drat *d) {
  const snap *sn = &d->snap;
  size_t nlit = nlists(d);
  if (d->dirty) {
    SKS_STACK_RESERVE(d->mem, sn->nmem);
    if (sn->nmem)
      memcpy(d->mem.a, sn->mem, sn->nmem * sizeof *sn->mem);
    for (size_t i = 0; i < nlit; i++)
      restore_list(d, i);
  } else {
    for (size_t k = 0; k < sn->nlong; k++) {
      size_t o = sn->longs[k];
      memcpy(d->mem.a + o, sn->mem + o,
             (HEADER + (size_t)sn->mem[o + H_SIZE]) * sizeof *sn->mem);
    }
    for (size_t k = 0; k < d->touched_list.n; k++)
      restore_list(d, d->touched_list.a[k]);
  }
  untouch(d);
  d->mem.n = sn->nmem;
  for (size_t i = 0; i < d->trail.n; i++) {
    int lit = d->trail.a[i];
    d->val[lix(lit)] = d->val[lix(-lit)] = 0;
  }
  d->trail.n = 0;
  for (size_t i = 0; i < sn->ntrail; i++) {
    int lit = sn->trail[i];
    d->val[lix(lit)] = 1;
    d->val[lix(-lit)] = -1;
    SKS_PUSH(d->trail, lit);
    d->reason[abs(lit)] = sn->reason[i];
  }
  d->qhead = d->trail.n;
  free(d->bucket); /* chains again from the first deletion on */
  d->bucket = NULL;
  d->nbuckets = 0;
  d->live = sn->live;
  d->refuted = sn->refuted;
  memset(&d->st, 0, sizeof d->st);
  drop_occ(d);
}

bool sks_drat_check(sks_drat *d, const sks_clauses *cnf,
                    const unsigned char *proof, size_t len, sks_error *why) {
  /* the formula's variables are their own index up to its size: a header
   * that names more costs nothing until a clause names them */
  size_t most = cnf->nlits + 64;
  int ident = cnf->nvars < 1              ? 1
              : (size_t)cnf->nvars > most ? (int)most
                                          : cnf->nvars;
  unmap(d, ident);
  grow(d, ident);
  /* the formula, clause by clause, as lemmas that need no check; a prefix
   * shared with the last list from the state it left */
  size_t base = cnf->base <= cnf->nlits ? cnf->base : 0;
  if (base && same_base(d, cnf))
    restore(d);
  else {
    reset(d);
    if (!load(d, cnf->lit, 0, base, why))
      return false;
    if (base)
      snapshot(d, cnf);
  }
  if (!load(d, cnf->lit, base, cnf->nlits, why))
    return false;
  bool ok = d->refuted || sks_drat_parse(proof, len, line, d, why);
  if (ok && !d->refuted) {
    sks_error_set(why, -1, 0, (long)len,
                  "the proof ends (%lld lemmas) before the clauses are "
                  "refuted",
                  d->st.lemmas);
    return false;
  }
  return ok;
}
