/* The bit-parallel engine's layout for every side up to 64 (the others
 * take the plain 9x9 and sides up to 10): a DPLL over the candidate sets
 * of the exactly-one system, one 64-bit mask a cell.  Every node propagates to
 * the fixpoint of naked singles (a cell down to one candidate) and hidden
 * singles (a region's digit down to one cell); the search then guesses
 * the cell with the fewest candidates.  Regions come from the shape, so
 * any box shape, X, windoku and jigsaw are the same code. */
#include "bits_int.h"
#include "require_int.h"
#include "stack_int.h"
#include "word_int.h"

#include <stdlib.h>
#include <string.h>

/* A search level's state is one array of words: the cells' candidate
 * masks (a placed cell keeps its one bit), the digits placed by region,
 * then the count of cells not yet placed.  A cell is placed when its bit
 * is among the placed digits of one of its regions (any other cell of
 * that region has lost the bit). */
typedef struct masks {
  int n, cells, nregions;
  uint64_t full;
  const int *region;  /* the shape's: nregions * n cells */
  int *pstart, *peer; /* cell c's peers, each once */
  int *cstart, *creg; /* cell c's regions */
  int *reg0;          /* a region of each cell (its placed test) */
  size_t stride;      /* words of one level */
  uint64_t *stack;    /* levels of stride words */
  int levels;         /* levels allocated */
  struct frame {
    int cell;
    uint64_t left; /* digits not tried yet */
  } * frames;
  int *queue; /* cells down to one candidate, to place */
  int nq;
  /* Locked candidates: the pairs of regions that share two cells or more
   * (a box and a line), each as three runs of cells in pcell: shared,
   * first region only, second region only. */
  int npairs;
  struct pair {
    int a, b;            /* the regions */
    int ga, gb;          /* their groups holding this pair */
    int at, nab, na, nb; /* pcell[at ..]: shared, then a's, then b's */
  } * pairs;
  int *pcell;
  /* A region's pairs grouped so that each group's shared runs are apart
   * (a line's boxes; a box's rows, then its columns).  A digit of a
   * pair's shared run is outside it in a region exactly when it is in two
   * of the units of the pair's group there: its runs and the region's
   * cells none of them covers (none for boxes and lines).  So with the
   * OR of each run taken once a pass, a group costs one look at its
   * runs and a pair a few word operations. */
  struct group {
    int first, k;    /* gpair[first ..]: the pairs whose runs it holds */
    int left, nleft; /* gcell[left ..]: the region's cells outside them */
  } * groups;
  int ngroups, *gpair, *gcell;
  uint64_t *in;   /* a pass's OR of each pair's shared cells */
  uint64_t *wide; /* a pass's digits in two units of each group */
  bool locked;    /* locked candidates at every node (sides past LOCKED_N) */
  unsigned char *sol[2];
  bool ok; /* the loaded puzzle passed its first placements */
  sks_bits_counts counts;
} masks;

static inline int low_bit(uint64_t x) {
  return __builtin_ctzll(x);
}

/* The pairs of regions sharing two cells or more, for locked candidates. */
static void build_pairs(masks *b, const unsigned char *member) {
  int n = b->n;
  size_t cap = 0, ccap = 0, nc = 0; /* NULL arrays while no pair is found */
  for (int a = 0; a < b->nregions; a++)
    for (int r = a + 1; r < b->nregions; r++) {
      const int *ca = b->region + (size_t)a * n,
                *cb = b->region + (size_t)r * n;
      int shared = 0;
      for (int j = 0; j < n; j++)
        shared += member[(size_t)r * b->cells + ca[j]];
      if (shared < 2 || shared == n)
        continue;
      SKS_GROW(b->pairs, cap, (size_t)b->npairs + 1);
      SKS_GROW(b->pcell, ccap, nc + 2 * (size_t)n);
      struct pair *pr = &b->pairs[b->npairs++];
      pr->a = a;
      pr->b = r;
      pr->at = (int)nc;
      pr->nab = shared;
      pr->na = pr->nb = n - shared;
      for (int j = 0; j < n; j++)
        if (member[(size_t)r * b->cells + ca[j]])
          b->pcell[nc++] = ca[j];
      for (int j = 0; j < n; j++)
        if (!member[(size_t)r * b->cells + ca[j]])
          b->pcell[nc++] = ca[j];
      for (int j = 0; j < n; j++)
        if (!member[(size_t)a * b->cells + cb[j]])
          b->pcell[nc++] = cb[j];
    }
}

/* The pairs' groups, region by region: a pair joins the first group of
 * its region whose runs its shared cells miss. */
static void build_groups(masks *b, const unsigned char *member) {
  int n = b->n, cells = b->cells, np = b->npairs;
  b->groups = sks_malloc(((size_t)2 * np + 1) * sizeof *b->groups);
  b->gpair = sks_malloc(((size_t)2 * np + 1) * sizeof *b->gpair);
  b->gcell = sks_malloc(((size_t)2 * np + 1) * n * sizeof *b->gcell);
  b->in = sks_malloc(((size_t)np + 1) * sizeof *b->in);
  b->wide = sks_malloc(((size_t)2 * np + 1) * sizeof *b->wide);
  uint64_t *cover = sks_malloc(((size_t)2 * np + 1) * sizeof *cover);
  int *of = sks_malloc(((size_t)2 * np + 1) * sizeof *of);
  int nslots = 0, ncells = 0;
  for (int k = 0; k < b->nregions; k++) {
    const int *cell = b->region + (size_t)k * n;
    int g0 = b->ngroups, m = 0;
    for (int p = 0; p < np; p++) {
      struct pair *pr = &b->pairs[p];
      if (pr->a != k && pr->b != k)
        continue;
      int other = pr->a == k ? pr->b : pr->a;
      uint64_t run = 0;
      for (int j = 0; j < n; j++)
        if (member[(size_t)other * cells + cell[j]])
          run |= (uint64_t)1 << j;
      int g = g0;
      while (g < b->ngroups && (cover[g] & run))
        g++;
      if (g == b->ngroups)
        cover[b->ngroups++] = 0;
      cover[g] |= run;
      *(pr->a == k ? &pr->ga : &pr->gb) = g;
      of[m++] = p;
    }
    for (int g = g0; g < b->ngroups; g++) {
      struct group *gr = &b->groups[g];
      gr->first = nslots;
      for (int i = 0; i < m; i++) {
        const struct pair *pr = &b->pairs[of[i]];
        if ((pr->a == k ? pr->ga : pr->gb) == g)
          b->gpair[nslots++] = of[i];
      }
      gr->k = nslots - gr->first;
      gr->left = ncells;
      for (int j = 0; j < n; j++)
        if (!(cover[g] >> j & 1))
          b->gcell[ncells++] = cell[j];
      gr->nleft = ncells - gr->left;
    }
  }
  b->gcell = sks_realloc(b->gcell, ((size_t)ncells + 1) * sizeof *b->gcell);
  free(cover);
  free(of);
}

/* The shape is held by the engine's front (solver/bits.c) while this
 * layout reads its regions. */
static void *masks_new(const sks_shape *shape, const sks_bits_options *opt) {
  masks *b = sks_calloc(1, sizeof *b);
  int n = shape->n, cells = n * n;
  b->n = n;
  b->cells = cells;
  b->nregions = shape->nregions;
  b->region = shape->region;
  b->full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  b->cstart = sks_calloc((size_t)cells + 1, sizeof *b->cstart);
  b->creg = sks_malloc((size_t)b->nregions * n * sizeof *b->creg);
  for (int i = 0; i < b->nregions * n; i++)
    b->cstart[b->region[i] + 1]++;
  for (int c = 0; c < cells; c++)
    b->cstart[c + 1] += b->cstart[c];
  int *fill = sks_calloc((size_t)cells, sizeof *fill);
  for (int k = 0; k < b->nregions; k++)
    for (int j = 0; j < n; j++) {
      int c = b->region[(size_t)k * n + j];
      b->creg[b->cstart[c] + fill[c]++] = k;
    }
  b->reg0 = sks_malloc((size_t)cells * sizeof *b->reg0);
  for (int c = 0; c < cells; c++)
    b->reg0[c] = b->creg[b->cstart[c]];
  /* Peers: each other cell sharing a region, once. */
  int *mark = fill;
  for (int c = 0; c < cells; c++)
    mark[c] = -1;
  size_t cap = (size_t)cells * 3 * n, np = 0;
  b->pstart = sks_malloc(((size_t)cells + 1) * sizeof *b->pstart);
  b->peer = sks_malloc(cap * sizeof *b->peer);
  for (int c = 0; c < cells; c++) {
    b->pstart[c] = (int)np;
    mark[c] = c;
    for (int i = b->cstart[c]; i < b->cstart[c + 1]; i++)
      for (int j = 0; j < n; j++) {
        int x = b->region[(size_t)b->creg[i] * n + j];
        if (mark[x] == c)
          continue;
        mark[x] = c;
        SKS_GROW(b->peer, cap, np + 1); /* doubling past the estimate */
        b->peer[np++] = x;
      }
  }
  b->pstart[cells] = (int)np;
  free(fill);
  b->locked = n >= opt->locked_n;
  if (b->locked) {
    unsigned char *member =
        sks_calloc((size_t)b->nregions * cells, sizeof *member);
    for (int k = 0; k < b->nregions; k++)
      for (int j = 0; j < n; j++)
        member[(size_t)k * cells + b->region[(size_t)k * n + j]] = 1;
    build_pairs(b, member);
    build_groups(b, member);
    free(member);
  }
  b->stride = (size_t)cells + (size_t)b->nregions + 1;
  b->levels = 0;
  b->queue = sks_malloc((size_t)cells * sizeof *b->queue);
  /* a frame for every depth: the search keeps one's address while a
   * level is made */
  b->frames = sks_malloc(((size_t)cells + 1) * sizeof *b->frames);
  b->sol[0] = sks_malloc((size_t)cells);
  b->sol[1] = sks_malloc((size_t)cells);
  return b;
}

static void masks_delete(void *engine) {
  masks *b = engine;
  free(b->cstart);
  free(b->creg);
  free(b->reg0);
  free(b->pstart);
  free(b->peer);
  free(b->stack);
  free(b->frames);
  free(b->queue);
  free(b->pairs);
  free(b->pcell);
  free(b->groups);
  free(b->gpair);
  free(b->gcell);
  free(b->in);
  free(b->wide);
  free(b->sol[0]);
  free(b->sol[1]);
  free(b);
}

static size_t masks_bytes(const void *engine) {
  const masks *b = engine;
  return sizeof *b + (size_t)b->levels * b->stride * sizeof *b->stack +
         ((size_t)b->cells + 1) * sizeof *b->frames +
         (size_t)(b->pstart[b->cells] + 4 * b->cells) * sizeof(int);
}

/* Room for level `level` (the stack grows by doubling, so a batch
 * allocates a handful of times in all). */
static uint64_t *level_at(masks *b, int level) {
  if (level >= b->levels) {
    size_t bytes = b->stride * sizeof *b->stack;
    size_t want = sks_stack_cap((size_t)b->levels, (size_t)level + 1, bytes);
    if (want > (size_t)b->cells + 1) /* no search goes deeper */
      want = (size_t)b->cells + 1;
    b->stack = sks_realloc(b->stack, want * bytes);
    b->levels = (int)want;
  }
  return b->stack + (size_t)level * b->stride;
}

/* Places digit d in the unplaced cell c of state s: the digit leaves
 * every peer, and peers left with one candidate are queued.  False on a
 * contradiction.  The store is unconditional, and one branch a peer,
 * rarely taken, catches both rare events (none left, one left): its two
 * halves (the peer had d; it has one bit or none) are each hard to
 * guess (placed peers keep their one bit), so they are joined in words
 * before the branch. */
static inline bool place(masks *b, uint64_t *s, int c, int d) {
  uint64_t bit = (uint64_t)1 << d, *placed = s + b->cells;
  if (!(s[c] & bit))
    return false;
  s[c] = bit;
  for (int i = b->cstart[c], end = b->cstart[c + 1]; i < end; i++) {
    uint64_t *p = placed + b->creg[i];
    if (*p & bit)
      return false;
    *p |= bit;
  }
  s[b->cells + b->nregions]--;
  const int *peer = b->peer;
  uint64_t keep = ~bit;
  for (int i = b->pstart[c], end = b->pstart[c + 1]; i < end; i++) {
    int x = peer[i];
    uint64_t before = s[x], after = before & keep;
    s[x] = after;
    uint64_t two = after & (after - 1), many = (two | (0 - two)) >> 63;
    if ((before ^ after) & (many - 1)) { /* lost d, one or none left */
      if (!after)
        return false;
      b->queue[b->nq++] = x;
    }
  }
  return true;
}

static inline bool is_placed(const masks *b, const uint64_t *s, int c) {
  return s[c] & s[b->cells + b->reg0[c]];
}

/* The digits in at least one and in at least two of the cells
 * cell[0 .. k), four cells a step. */
static inline uint64_t once_twice(const uint64_t *s, const int *cell, int k,
                                  uint64_t *twice_out) {
  uint64_t once = 0, twice = 0;
  int j = 0;
  for (; j + 4 <= k; j += 4) {
    uint64_t x0 = s[cell[j]], x1 = s[cell[j + 1]], x2 = s[cell[j + 2]],
             x3 = s[cell[j + 3]];
    uint64_t o01 = x0 | x1, o23 = x2 | x3, o = o01 | o23;
    twice |= (x0 & x1) | (x2 & x3) | (o01 & o23) | (once & o);
    once |= o;
  }
  for (; j < k; j++) {
    uint64_t x = s[cell[j]];
    twice |= once & x;
    once |= x;
  }
  *twice_out = twice;
  return once;
}

/* Places the queued naked singles. */
static bool drain(masks *b, uint64_t *s) {
  while (b->nq) {
    int c = b->queue[--b->nq];
    if (!is_placed(b, s, c) && !place(b, s, c, low_bit(s[c])))
      return false;
  }
  return true;
}

static bool settle_singles(masks *b, uint64_t *s);

/* Takes the digits in drop out of the cells run[0 .. k); false when a
 * cell is left with none (cells left with one are queued). */
static inline bool drop_from(masks *b, uint64_t *s, const int *run, int k,
                             uint64_t drop, bool *changed) {
  for (int j = 0; j < k; j++) {
    uint64_t before = s[run[j]], after = before & ~drop;
    if (after == before)
      continue;
    if (!after)
      return false;
    s[run[j]] = after;
    *changed = true;
    if (!(after & (after - 1)))
      b->queue[b->nq++] = run[j];
  }
  return true;
}

/* One pass of locked candidates over the pairs of regions: a digit of a
 * region that only the cells it shares with the other can take leaves
 * the other's remaining cells.  The runs are read once, before the pass
 * drops anything: a digit gone since is still gone, so every drop is
 * sound, and settle runs passes until one drops nothing.  False on a
 * contradiction. */
static bool locked_pass(masks *b, uint64_t *s, bool *changed) {
  const uint64_t *placed = s + b->cells;
  uint64_t *in = b->in, *wide = b->wide;
  for (int i = 0; i < b->npairs; i++) {
    const int *ab = b->pcell + b->pairs[i].at;
    int j = 0, k = b->pairs[i].nab;
    uint64_t x = 0;
    for (; j + 4 <= k; j += 4)
      x |= s[ab[j]] | s[ab[j + 1]] | s[ab[j + 2]] | s[ab[j + 3]];
    for (; j < k; j++)
      x |= s[ab[j]];
    in[i] = x;
  }
  for (int g = 0; g < b->ngroups; g++) {
    const struct group *gr = &b->groups[g];
    const int *pair = b->gpair + gr->first, *left = b->gcell + gr->left;
    uint64_t twice, once = once_twice(s, left, gr->nleft, &twice);
    for (int j = 0; j < gr->k; j++) {
      uint64_t x = in[pair[j]];
      twice |= once & x;
      once |= x;
    }
    wide[g] = twice;
  }
  for (int i = 0; i < b->npairs; i++) {
    const struct pair *pr = &b->pairs[i];
    uint64_t x = in[i], wa = wide[pr->ga], wb = wide[pr->gb];
    uint64_t only_a = x & ~(wa | placed[pr->a]); /* a's, locked here */
    uint64_t only_b = x & ~(wb | placed[pr->b]);
    if (!((only_a & wb) | (only_b & wa)))
      continue; /* nothing to drop: the common case, one branch */
    const int *oa = b->pcell + pr->at + pr->nab, *ob = oa + pr->na;
    if ((only_a & wb) && !drop_from(b, s, ob, pr->nb, only_a, changed))
      return false;
    if ((only_b & wa) && !drop_from(b, s, oa, pr->na, only_b, changed))
      return false;
  }
  return true;
}

/* To the fixpoint of naked and hidden singles (and, on large sides,
 * locked candidates); false on a contradiction (a digit with no place
 * left in a region). */
static bool settle(masks *b, uint64_t *s) {
  for (;;) {
    if (!settle_singles(b, s))
      return false;
    if (!b->locked || !s[b->cells + b->nregions])
      return true;
    bool changed = false;
    if (!locked_pass(b, s, &changed))
      return false;
    if (!changed)
      return true;
  }
}

/* To the fixpoint of naked and hidden singles; false on a contradiction
 * (a digit with no place left in a region). */
static bool settle_singles(masks *b, uint64_t *s) {
  int n = b->n;
  const uint64_t *placed = s + b->cells;
  if (!drain(b, s))
    return false;
  bool again = true;
  while (again && s[b->cells + b->nregions]) {
    again = false;
    for (int k = 0; k < b->nregions; k++) {
      uint64_t missing = b->full & ~placed[k];
      if (!missing)
        continue;
      const int *cell = b->region + (size_t)k * n;
      uint64_t twice, once = once_twice(s, cell, n, &twice);
      if (missing & ~once)
        return false;
      for (uint64_t hidden = missing & ~twice; hidden; hidden &= hidden - 1) {
        int d = low_bit(hidden);
        uint64_t bit = (uint64_t)1 << d;
        if (placed[k] & bit)
          continue; /* placed by a single on the way */
        int j = 0;
        while (j < n && !(s[cell[j]] & bit))
          j++;
        if (j == n || !place(b, s, cell[j], d) || !drain(b, s))
          return false;
        again = true;
      }
    }
  }
  return true;
}

static bool masks_load(void *engine, const uint64_t *mask) {
  masks *b = engine;
  uint64_t *s = level_at(b, 0);
  memset(s + b->cells, 0, (size_t)b->nregions * sizeof *s);
  s[b->cells + b->nregions] = (uint64_t)b->cells;
  b->nq = 0;
  bool ok = true;
  for (int c = 0; c < b->cells; c++) {
    uint64_t x = mask[c] & b->full;
    s[c] = x;
    if (!x)
      ok = false;
    else if (!(x & (x - 1)))
      b->queue[b->nq++] = c;
  }
  /* Placing the fixed cells here keeps the search's first level simple;
   * the singles they lead to wait for the search. */
  if (ok)
    ok = drain(b, s);
  b->nq = 0;
  b->ok = ok;
  return ok;
}

/* The unplaced cell with the fewest candidates (a pair ends the look). */
static int choose(const masks *b, const uint64_t *s) {
  int best = -1, fewest = 65;
  for (int c = 0; c < b->cells; c++) {
    uint64_t x = s[c];
    if (is_placed(b, s, c))
      continue;
    int k = sks_popcount64(x);
    if (k < fewest) {
      fewest = k;
      best = c;
      if (k == 2)
        break;
    }
  }
  return best;
}

static void keep(masks *b, const uint64_t *s, int which) {
  unsigned char *out = b->sol[which];
  for (int c = 0; c < b->cells; c++)
    out[c] = (unsigned char)low_bit(s[c]);
}

/* The frame loop's operations (solver/bits_search_int.h). */
static inline bool start(masks *b, uint64_t *s) {
  b->nq = 0;
  return b->ok && settle(b, s);
}

static inline void guess(const masks *b, const uint64_t *s, struct frame *f) {
  int c = choose(b, s);
  f->cell = c;
  f->left = s[c];
}

static inline uint64_t *child(masks *b, int depth) {
  uint64_t *s = level_at(b, depth + 1);
  memcpy(s, s - b->stride, b->stride * sizeof *s);
  return s;
}

static inline bool try_digit(masks *b, uint64_t *s, const struct frame *f,
                             int d) {
  b->nq = 0;
  return place(b, s, f->cell, d) && settle(b, s);
}

#define BITS_SEARCH search
#define BITS_ENGINE masks
#define BITS_LEVEL uint64_t
#define BITS_FRAME struct frame
#define BITS_START(b, s) start(b, s)
#define BITS_SOLVED(b, s) (!(s)[(b)->cells + (b)->nregions])
#define BITS_KEEP(b, s, which) keep(b, s, which)
#define BITS_GUESS(b, s, f) guess(b, s, f)
#define BITS_FRAME_AT(b, depth) (&(b)->frames[depth])
#define BITS_LEVEL_AT(b, depth) ((b)->stack + (size_t)(depth) * (b)->stride)
#define BITS_ROOT(b) level_at(b, 0)
#define BITS_CHILD(b, depth) child(b, depth)
#define BITS_TRY(b, s, f, d) try_digit(b, s, f, d)
#include "bits_search_int.h"

static long long masks_search(void *engine, long long limit,
                              const sks_limits *lim, int *status) {
  return search(engine, limit, lim, status, false);
}

static const unsigned char *masks_solution(const void *engine, int which) {
  return ((const masks *)engine)->sol[which];
}

static void masks_counts(const void *engine, sks_bits_counts *out) {
  *out = ((const masks *)engine)->counts;
}

static bool masks_fit(const sks_shape *shape) {
  return shape->n <= SKS_BITS_MAX_N;
}

const sks_bits_layout_ops sks_bits_masks_layout = {
    SKS_BITS_LAYOUT_MASKS, "masks",        masks_fit,    masks_new,
    masks_delete,          masks_bytes,    masks_load,   NULL,
    masks_search,          masks_solution, masks_counts,
};
