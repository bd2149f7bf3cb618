/* The bit-parallel engine's layout for sides up to 10 (the 9x9 and the
 * grids below it): one 128-bit set of cells a digit (where the digit may
 * still go; a placed cell keeps its digit's bit) and the set of placed
 * cells.  Placing a digit is a handful of word operations (its peers
 * leave its set, the cell leaves every other), naked singles are the
 * cells in exactly one digit's set, hidden singles a region whose mask
 * meets a digit's set in one cell.  Rows never straddle the two words, so
 * a level is n + 1 pairs of words and costs nothing to copy.  Regions
 * come from the shape as masks: any box shape, X, windoku, jigsaw. */
#include "bits_int.h"
#include "require_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct set {
  uint64_t w[2];
} set;

typedef struct sks_bits_small {
  int n, cells, nregions;
  set all;                  /* the grid's cells */
  int pos[128];             /* cell -> bit position */
  int cell[128];            /* bit position -> cell */
  set peer[128];            /* by bit position: the cells sharing a region */
  set *region;              /* nregions masks */
  uint64_t regions_of[128]; /* by bit position: its regions (a bit each) */
  uint64_t every_region;
  size_t stride; /* sets of one level */
  /* Levels: the digits' sets, the placed cells, then by digit the regions
   * holding it placed (one word a digit). */
  set *stack;
  struct sframe {
    int at;        /* bit position guessed */
    uint64_t left; /* digits not tried yet */
  } * frames;
  unsigned char sol[2][128];
  sks_bits_counts counts;
} sks_bits_small;

static inline set set_and(set a, set b) {
  return (set){{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
}
static inline set set_andnot(set a, set b) {
  return (set){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
}
static inline set set_or(set a, set b) {
  return (set){{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
}
static inline bool set_any(set a) {
  return (a.w[0] | a.w[1]) != 0;
}
static inline bool set_has(set a, int p) {
  return a.w[p >> 6] >> (p & 63) & 1;
}
/* Exactly one cell. */
static inline bool set_one(set a) {
  return a.w[0] ? !a.w[1] && !(a.w[0] & (a.w[0] - 1))
                : a.w[1] && !(a.w[1] & (a.w[1] - 1));
}
static inline int set_first(set a) {
  return a.w[0] ? __builtin_ctzll(a.w[0]) : 64 + __builtin_ctzll(a.w[1]);
}
static inline set set_bit(int p) {
  set s = {{0, 0}};
  s.w[p >> 6] = (uint64_t)1 << (p & 63);
  return s;
}

static bool small_fits(const sks_shape *shape) {
  return shape->n <= SKS_BITS_SMALL_N;
}

static void *small_new(const sks_shape *shape, const sks_bits_options *opt) {
  (void)opt;
  int n = shape->n, cells = n * n, rows_a_word = 64 / n;
  sks_require(n <= SKS_BITS_SMALL_N, "side past the small layout");
  sks_bits_small *b = sks_calloc(1, sizeof *b);
  b->n = n;
  b->cells = cells;
  b->nregions = shape->nregions;
  for (int p = 0; p < 128; p++)
    b->cell[p] = -1;
  for (int c = 0; c < cells; c++) {
    int r = c / n, col = c % n;
    int p = r / rows_a_word * 64 + r % rows_a_word * n + col;
    b->pos[c] = p;
    b->cell[p] = c;
    b->all = set_or(b->all, set_bit(p));
  }
  b->region = sks_calloc((size_t)b->nregions, sizeof *b->region);
  for (int k = 0; k < b->nregions; k++)
    for (int j = 0; j < n; j++)
      b->region[k] = set_or(b->region[k],
                            set_bit(b->pos[shape->region[(size_t)k * n + j]]));
  sks_require(b->nregions <= 64, "more regions than a word holds");
  b->every_region =
      b->nregions == 64 ? ~(uint64_t)0 : ((uint64_t)1 << b->nregions) - 1;
  for (int k = 0; k < b->nregions; k++)
    for (int j = 0; j < n; j++) {
      int p = b->pos[shape->region[(size_t)k * n + j]];
      b->peer[p] = set_or(b->peer[p], b->region[k]);
      b->regions_of[p] |= (uint64_t)1 << k;
    }
  for (int c = 0; c < cells; c++)
    b->peer[b->pos[c]] = set_andnot(b->peer[b->pos[c]], set_bit(b->pos[c]));
  b->stride = (size_t)n + 1 + ((size_t)n + 1) / 2;
  b->stack = sks_malloc(((size_t)cells + 1) * b->stride * sizeof *b->stack);
  b->frames = sks_malloc(((size_t)cells + 1) * sizeof *b->frames);
  return b;
}

static void small_delete(void *engine) {
  sks_bits_small *b = engine;
  free(b->region);
  free(b->stack);
  free(b->frames);
  free(b);
}

static size_t small_bytes(const void *engine) {
  const sks_bits_small *b = engine;
  return sizeof *b + (size_t)b->nregions * sizeof *b->region +
         ((size_t)b->cells + 1) * b->stride * sizeof *b->stack +
         ((size_t)b->cells + 1) * sizeof *b->frames;
}

/* Digit d goes in the cell at bit p whose only candidate it is (no other
 * digit's set holds p). */
static inline void place_single(const sks_bits_small *b, set *s, int p, int d) {
  s[d] = set_or(set_andnot(s[d], b->peer[p]), set_bit(p));
  s[b->n] = set_or(s[b->n], set_bit(p));
  ((uint64_t *)(s + b->n + 1))[d] |= b->regions_of[p];
}

/* Digit d goes in the cell at bit p of level s (d's set still has p).
 * The other digits' sets keep p: every test masks the placed cells out
 * (a placed cell's digit is the one placed in all its regions).  Returns
 * the cell's candidates: the digits whose hidden singles may change. */
static inline uint64_t cands(const set *s, int n, int p) {
  int w = p >> 6, sh = p & 63;
  uint64_t had = 0;
  for (int e = 0; e < n; e++)
    had |= (s[e].w[w] >> sh & 1) << e;
  return had;
}

static inline uint64_t place(const sks_bits_small *b, set *s, int p, int d) {
  /* the 9x9 with its loop unrolled */
  uint64_t had = b->n == 9 ? cands(s, 9, p) : cands(s, b->n, p);
  place_single(b, s, p, d);
  return had;
}

/* The hidden-single tests a placement of d at the cell at bit p calls
 * for, in todo (by digit, the regions to look at again): every region
 * for d (its set lost p's peers), p's regions for the other digits p
 * held (their open cells there lost p). */
static inline void mark(const sks_bits_small *b, uint64_t *todo, int p, int d,
                        uint64_t had) {
  for (had &= ~((uint64_t)1 << d); had; had &= had - 1)
    todo[__builtin_ctzll(had)] |= b->regions_of[p];
  todo[d] = b->every_region;
}

/* To the fixpoint of naked and hidden singles; false on a contradiction
 * (a cell with no digit, a region without a place for one).  Hidden
 * singles of digit d are looked for only in the regions todo[d] names,
 * those where d's open cells changed since they were last looked at:
 * sets only shrink, so an unchanged region holds nothing new.  dirty: the
 * digits with a region in todo. */
static bool settle(const sks_bits_small *b, set *s, uint64_t *todo) {
  int n = b->n;
  uint64_t dirty = 0;
  for (int d = 0; d < n; d++)
    dirty |= (uint64_t)(todo[d] != 0) << d;
  for (;;) {
    set once = {{0, 0}}, twice = {{0, 0}};
    for (int d = 0; d < n; d++) {
      twice = set_or(twice, set_and(once, s[d]));
      once = set_or(once, s[d]);
    }
    if (set_any(set_andnot(b->all, once)))
      return false;
    set naked = set_andnot(set_andnot(once, twice), s[n]);
    if (set_any(naked)) {
      /* Two of them may want one digit in one region: the second then
       * finds its digit gone. */
      do {
        int p = set_first(naked);
        naked = set_andnot(naked, set_bit(p));
        int d = 0;
        while (d < n && !set_has(s[d], p))
          d++;
        if (d == n)
          return false;
        place_single(b, s, p, d);
        dirty |= (uint64_t)1 << d;
        todo[d] = b->every_region; /* the cell held no other digit */
      } while (set_any(naked));
      continue;
    }
    if (!dirty)
      return true;
    bool progress = false;
    const uint64_t *done = (const uint64_t *)(s + n + 1);
    while (dirty) {
      int d = __builtin_ctzll(dirty);
      dirty &= dirty - 1;
      /* only the regions to look at still without d placed, over the
       * open cells of d's set (taken again after each placement of d) */
      set free = set_andnot(s[d], s[n]);
      uint64_t open = todo[d] & ~done[d];
      todo[d] = 0;
      while (open) {
        int k = __builtin_ctzll(open);
        open &= open - 1;
        set x = set_and(free, b->region[k]);
        if (!set_any(x))
          return false;
        if (set_one(x)) {
          int p = set_first(x);
          uint64_t had = place(b, s, p, d);
          mark(b, todo, p, d, had);
          dirty |= had;
          open &= ~done[d]; /* the regions d is now placed in */
          free = set_andnot(s[d], s[n]);
          progress = true;
        }
      }
    }
    if (!progress)
      return true;
  }
}

static bool small_load(void *engine, const uint64_t *mask) {
  sks_bits_small *b = engine;
  set *s = b->stack, open = {{0, 0}};
  uint64_t full = ((uint64_t)1 << b->n) - 1;
  memset(s, 0, b->stride * sizeof *s);
  /* Cells open to every digit in one go, the others bit by bit. */
  for (int c = 0; c < b->cells; c++) {
    uint64_t x = mask[c] & full;
    if (x == full)
      open = set_or(open, set_bit(b->pos[c]));
    else
      for (; x; x &= x - 1)
        s[__builtin_ctzll(x)] =
            set_or(s[__builtin_ctzll(x)], set_bit(b->pos[c]));
  }
  for (int d = 0; d < b->n; d++)
    s[d] = set_or(s[d], open);
  return true; /* contradictions show in the search's first settle */
}

/* The unplaced cell with the fewest digits: from the digits' sets added
 * up bit-sliced (four slices count to 15). */
static int choose(const sks_bits_small *b, const set *s) {
  set slice[4] = {{{0, 0}}};
  for (int d = 0; d < b->n; d++) {
    set carry = s[d];
    for (int i = 0; i < 4; i++) {
      set t = set_and(slice[i], carry);
      slice[i] =
          (set){{slice[i].w[0] ^ carry.w[0], slice[i].w[1] ^ carry.w[1]}};
      carry = t;
    }
  }
  set open = set_andnot(b->all, s[b->n]);
  for (int k = 2; k <= b->n; k++) {
    set eq = open;
    for (int i = 0; i < 4; i++)
      eq = k >> i & 1 ? set_and(eq, slice[i]) : set_andnot(eq, slice[i]);
    if (set_any(eq))
      return set_first(eq);
  }
  return set_first(open);
}

/* Solution `which` from a level with every cell placed.  There each
 * digit's set holds only the cells it was placed in (placing it took its
 * peers out, and every cell has a peer in each region it lies in), so
 * the sets are read bit by bit; the cell-by-cell reading below stays for
 * a level where they do not add up to the grid. */
static void keep(sks_bits_small *b, const set *s, int which) {
  unsigned char *sol = b->sol[which];
  int k = 0;
  for (int d = 0; d < b->n; d++) {
    set x = set_and(s[d], b->all);
    for (int w = 0; w < 2; w++)
      for (uint64_t m = x.w[w]; m; m &= m - 1, k++)
        sol[b->cell[w * 64 + __builtin_ctzll(m)]] = (unsigned char)d;
  }
  if (k == b->cells)
    return;
  const uint64_t *done = (const uint64_t *)(s + b->n + 1);
  for (int c = 0; c < b->cells; c++) {
    int p = b->pos[c], d = 0;
    uint64_t in = b->regions_of[p];
    while (!set_has(s[d], p) || (done[d] & in) != in)
      d++;
    b->sol[which][c] = (unsigned char)d;
  }
}

/* The frame loop's operations (solver/bits_search_int.h). */
static inline bool start(const sks_bits_small *b, set *s) {
  uint64_t todo[SKS_BITS_SMALL_N];
  for (int d = 0; d < b->n; d++)
    todo[d] = b->every_region;
  return settle(b, s, todo);
}

static inline void guess(const sks_bits_small *b, const set *s,
                         struct sframe *f) {
  int p = choose(b, s);
  uint64_t left = 0;
  for (int d = 0; d < b->n; d++)
    left |= (uint64_t)set_has(s[d], p) << d;
  f->at = p;
  f->left = left;
}

static inline set *child(sks_bits_small *b, int depth) {
  set *s = b->stack + (size_t)depth * b->stride;
  memcpy(s + b->stride, s, b->stride * sizeof *s);
  return s + b->stride;
}

static inline bool try_digit(const sks_bits_small *b, set *s,
                             const struct sframe *f, int d) {
  uint64_t todo[SKS_BITS_SMALL_N];
  memset(todo, 0, sizeof todo);
  mark(b, todo, f->at, d, place(b, s, f->at, d));
  return settle(b, s, todo);
}

#define BITS_SEARCH search
#define BITS_ENGINE sks_bits_small
#define BITS_LEVEL set
#define BITS_FRAME struct sframe
#define BITS_START(b, s) start(b, s)
#define BITS_SOLVED(b, s) (!set_any(set_andnot((b)->all, (s)[(b)->n])))
#define BITS_KEEP(b, s, which) keep(b, s, which)
#define BITS_GUESS(b, s, f) guess(b, s, f)
#define BITS_FRAME_AT(b, depth) (&(b)->frames[depth])
#define BITS_LEVEL_AT(b, depth) ((b)->stack + (size_t)(depth) * (b)->stride)
#define BITS_ROOT(b) ((b)->stack)
#define BITS_CHILD(b, depth) child(b, depth)
#define BITS_TRY(b, s, f, d) try_digit(b, s, f, d)
#include "bits_search_int.h"

static long long small_search(void *engine, long long limit,
                              const sks_limits *lim, int *status) {
  return search(engine, limit, lim, status, false);
}

static const unsigned char *small_solution(const void *engine, int which) {
  return ((const sks_bits_small *)engine)->sol[which];
}

static void small_counts(const void *engine, sks_bits_counts *out) {
  *out = ((const sks_bits_small *)engine)->counts;
}

const sks_bits_layout_ops sks_bits_small_layout = {
    SKS_BITS_LAYOUT_SMALL, "small",        small_fits,   small_new,
    small_delete,          small_bytes,    small_load,   NULL,
    small_search,          small_solution, small_counts,
};
