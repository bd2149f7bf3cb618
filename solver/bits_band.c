/* The bit-parallel engine's layout for the plain 9x9 (3x3 boxes, no
 * variant regions): by digit, one 27-bit word a band of three rows (bit
 * 9 * row-in-band + column), the three bands in the lanes of one 128-bit
 * vector.  A band of a digit holds its digit once in each of its rows and
 * once in each of its boxes, so the nine triads (a row's three cells in
 * one box) that may hold it form a permutation of the 3x3 triad matrix:
 * a triad stays when the 2x2 matrix left without its row and box still
 * holds a permutation, which is every box-line elimination of the band at
 * once (pointing and claiming), computed for the three bands together by
 * turning the matrix's rows and boxes with shifts.  The column segments
 * of a stack (band by column) are the same matrix, turned across the
 * lanes.  In a digit settled that way a cell alone in its row is also
 * alone in its box and column: its hidden singles.  Naked singles are the
 * cells in exactly one digit's set, summed bit-sliced over the nine
 * digits.  A search level is the nine digits' vectors and the placed
 * cells, 160 bytes to copy at a guess; the digits to look at again are
 * those that lost a cell. */
#include "bits_int.h"
#include "require_int.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef uint32_t v4 __attribute__((vector_size(16)));
typedef uint32_t v8 __attribute__((vector_size(32)));
/* Lanes picked from a vector (gcc 12 and clang). */
#define SHUFFLE(a, ...) __builtin_shufflevector(a, a, __VA_ARGS__)
/* On x86-64 the search is compiled twice: for any x86-64 (SSE2), and for
 * processors with AVX2 and a popcount instruction, where two digits are
 * looked at in one 256-bit vector (look2) and the guess counts peers with
 * popcnt; which one runs is read from the processor once (b->wide).
 * Elsewhere only the first. */
#if defined(__x86_64__) && defined(__GNUC__)
#define SKS_BAND_WIDE 1
#define WIDE __attribute__((target("avx2,popcnt,bmi,bmi2")))
#else
#define SKS_BAND_WIDE 0
#define WIDE
#endif

enum { DIGITS = 9, CELLS = 81 };

/* The 81 cells: 27 bits in each of the first three lanes. */
static const v4 ALL = {0x7ffffff, 0x7ffffff, 0x7ffffff, 0};

/* One search level: the nine digits' vectors and the placed cells (each
 * with its digit; a placed cell stays in its digit's vector alone). */
typedef struct level {
  v4 f[DIGITS];
  v4 placed;
} level;

typedef struct sks_bits_band {
  v4 keep[CELLS];     /* a digit's vector after placing it at c */
  v4 not_cell[CELLS]; /* every vector but cell c */
  level *stack;
  struct bframe {
    int at;        /* the cell guessed */
    uint32_t left; /* digits not tried yet */
    uint32_t had;  /* the digits the cell held: those a placement changes */
  } frames[CELLS + 1];
  unsigned char sol[2][CELLS];
  uint64_t bytes_of[256]; /* byte i of bytes_of[x]: bit i of x */
  sks_bits_counts counts;
  bool wide; /* the processor runs search_wide */
} sks_bits_band;

static inline bool v4_any(v4 a) {
#ifdef __SSE2__
  __m128i x = (__m128i)a;
  return _mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) != 0xffff;
#else
  return (a[0] | a[1] | a[2] | a[3]) != 0;
#endif
}

/* Two digits' vectors side by side, and each of them again. */
WIDE static inline v8 join(v4 a, v4 b) {
  return __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7);
}
WIDE static inline v4 low(v8 a) {
  return SHUFFLE(a, 0, 1, 2, 3);
}
WIDE static inline v4 high(v8 a) {
  return SHUFFLE(a, 4, 5, 6, 7);
}

/* Whether one of the three bands' lanes is empty. */
static inline bool v4_band_empty(v4 a) {
#ifdef __SSE2__
  __m128i x = (__m128i)a;
  return (_mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) & 0xfff) !=
         0;
#else
  return !a[0] || !a[1] || !a[2];
#endif
}

/* Bits set in x, y and z, words of 27 bits (no popcount instruction
 * assumed): their nibble counts summed before the bytes are. */
static inline int count3(uint32_t x, uint32_t y, uint32_t z) {
  x -= x >> 1 & 0x55555555u;
  y -= y >> 1 & 0x55555555u;
  z -= z >> 1 & 0x55555555u;
  x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
  y = (y & 0x33333333u) + (y >> 2 & 0x33333333u);
  z = (z & 0x33333333u) + (z >> 2 & 0x33333333u);
  x += y + z; /* at most 12 a nibble */
  x = (x & 0x0f0f0f0fu) + (x >> 4 & 0x0f0f0f0fu);
  return (int)(x * 0x01010101u >> 24);
}

static inline v4 v4_bit(int c) {
  v4 x = {0, 0, 0, 0};
  x[c / 27] = (uint32_t)1 << (c % 27);
  return x;
}

static bool band_fits(const sks_shape *shape) {
  return shape->n == 9 && shape->box_rows == 3 && shape->box_cols == 3 &&
         shape->variants == 0;
}

static void *band_new(const sks_shape *shape, const sks_bits_options *opt) {
  sks_require(band_fits(shape), "the band layout is the plain 9x9");
  sks_bits_band *b = sks_calloc(1, sizeof *b);
  for (int c = 0; c < CELLS; c++) {
    int band = c / 27, r = c / 9 % 3, col = c % 9, box = col / 3;
    uint32_t peers = (uint32_t)511 << 9 * r;
    for (int i = 0; i < 3; i++)
      peers |= (uint32_t)7 << (9 * i + 3 * box);
    v4 keep;
    for (int l = 0; l < 4; l++)
      keep[l] = l == 3 ? 0 : ~(0x40201u << col) & 0x7ffffffu;
    keep[band] = (~peers & 0x7ffffffu) | (uint32_t)1 << (c % 27);
    b->keep[c] = keep;
    b->not_cell[c] = ~v4_bit(c);
  }
  for (int x = 0; x < 256; x++)
    for (int i = 0; i < 8; i++)
      b->bytes_of[x] |= (uint64_t)(x >> i & 1) << 8 * i;
  b->stack = sks_malloc((CELLS + 1) * sizeof *b->stack);
#if SKS_BAND_WIDE
  b->wide = !opt->narrow && __builtin_cpu_supports("avx2") &&
            __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
            __builtin_cpu_supports("bmi2");
#else
  (void)opt;
#endif
  return b;
}

static void band_delete(void *engine) {
  sks_bits_band *b = engine;
  free(b->stack);
  free(b);
}

static size_t band_bytes(const void *engine) {
  const sks_bits_band *b = engine;
  return sizeof *b + (CELLS + 1) * sizeof *b->stack;
}

/* Digit d goes in cell c (d's vector still holds c): c leaves every other
 * digit's vector, c's peers leave d's. */
static inline void place(const sks_bits_band *b, level *s, int c, int d) {
  v4 keep = s->f[d] & b->keep[c], gone = b->not_cell[c];
  for (int e = 0; e < DIGITS; e++)
    s->f[e] &= gone;
  s->f[d] = keep;
  s->placed |= ~gone & ALL;
}

/* Bit masks of a band's word (bit 9 * row + column): TRIADS the first
 * cell of each triad (a row's three cells in one box); BOX01, BOX2,
 * BOX0, BOX12 those of the triads in the boxes named. */
enum {
  TRIADS = 0x1249249,
  BOX01 = 0x241209,
  BOX2 = 0x1008040,
  BOX0 = 0x40201,
  BOX12 = 0x1209048,
};

/* The shifts below take one digit's vector (v4) or two digits' side by
 * side (v8).  The triads that hold a cell of x (at their first cell); a
 * triad's cells from its first; triad (i, j) gets (i, j + 1), (i, j + 2),
 * (i + 1, j), (i + 2, j); in a column set of a band (bit: column), column
 * k of a stack gets column k + 1 (k + 2) of the same stack. */
#define TRIADS_OF(x) (((x) | (x) >> 1 | (x) >> 2) & TRIADS)
#define SPREAD3(t) ((t) | (t) << 1 | (t) << 2)
#define BOX_NEXT(t) (((t) >> 3 & BOX01) | ((t) << 6 & BOX2))
#define BOX_AFTER(t) (((t) >> 6 & BOX0) | ((t) << 3 & BOX12))
#define ROW_NEXT(t) (((t) >> 9 | (t) << 18) & TRIADS)
#define ROW_AFTER(t) (((t) >> 18 | (t) << 9) & TRIADS)
#define COL_NEXT(c) (((c) >> 1 & 0xdb) | ((c) << 2 & 0x124))
#define COL_AFTER(c) (((c) >> 2 & 0x49) | ((c) << 1 & 0x1b6))
/* A digit's triads in each band restricted to the union of the
 * permutations they contain, given the triads t (and the same for the
 * column segments c of each stack, with c1 and c2 the next bands'). */
#define PERMUTED(t, t1, t2)                                                    \
  ((t) & ((BOX_NEXT(t1) & BOX_AFTER(t2)) | (BOX_AFTER(t1) & BOX_NEXT(t2))))
#define PERMUTED_COLUMNS(c, c1, c2)                                            \
  ((c) & ((COL_NEXT(c1) & COL_AFTER(c2)) | (COL_AFTER(c1) & COL_NEXT(c2))))
/* The cells alone in their row. */
#define LONE(x)                                                                \
  (SPREAD3(TRIADS_OF(x) & ~BOX_NEXT(TRIADS_OF(x)) & ~BOX_AFTER(TRIADS_OF(x)) & \
           ((x) ^ (x) >> 1 ^ (x) >> 2) & ~((x) & (x) >> 1) & TRIADS) &         \
   (x))

static inline v4 rows_boxes(v4 x) {
  v4 t = TRIADS_OF(x);
  return x & SPREAD3(PERMUTED(t, ROW_NEXT(t), ROW_AFTER(t)));
}
/* Whether one of the bands of either digit is empty. */
WIDE static inline bool band_empty2(v8 x) {
  v8 z = (v8)(x == 0);
  return v4_any((low(z) | high(z)) & (v4){~0u, ~0u, ~0u, 0});
}

WIDE static inline v8 rows_boxes2(v8 x) {
  v8 t = TRIADS_OF(x);
  return x & SPREAD3(PERMUTED(t, ROW_NEXT(t), ROW_AFTER(t)));
}
static inline v4 columns(v4 x) {
  v4 c = (x | x >> 9 | x >> 18) & 511;
  v4 k = PERMUTED_COLUMNS(c, SHUFFLE(c, 1, 2, 0, 3), SHUFFLE(c, 2, 0, 1, 3));
  return x & (k | k << 9 | k << 18);
}
WIDE static inline v8 columns2(v8 x) {
  v8 c = (x | x >> 9 | x >> 18) & 511;
  v8 k = PERMUTED_COLUMNS(c, SHUFFLE(c, 1, 2, 0, 3, 5, 6, 4, 7),
                          SHUFFLE(c, 2, 0, 1, 3, 6, 4, 5, 7));
  return x & (k | k << 9 | k << 18);
}

/* The cells single, placed, leave every digit's vector; the digits that
 * held one of them, as bits. */
static inline uint32_t leave(level *s, v4 single) {
  s->placed |= single;
  uint32_t hit = 0;
  for (int e = 0; e < DIGITS; e++) {
    v4 z = s->f[e] & single;
    hit |= (uint32_t)v4_any(z) << e;
    s->f[e] ^= z;
  }
  return hit;
}

/* The digits of the cells of mask bit-sliced: plane k holds the cells
 * whose digit has bit k (a cell in one digit's vector each). */
static inline void digit_planes(const level *s, v4 mask, v4 plane[4]) {
  for (int k = 0; k < 4; k++)
    plane[k] = (v4){0, 0, 0, 0};
  for (int d = 1; d < DIGITS; d++)
    for (int k = 0; k < 4; k++)
      plane[k] |= d >> k & 1 ? s->f[d] & mask : (v4){0, 0, 0, 0};
}

/* Digit d to its own fixpoint: in each band its triads restricted to the
 * union of the permutations they contain (a row takes one box, a box one
 * row: every pointing and claiming elimination at once), and the same in
 * each stack for the column segments (a band takes one column of the
 * stack, a column one band); then the cells alone in their row (in a
 * settled digit also alone in their box and column) are placed: they
 * leave the other digits' vectors, and those digits that held one become
 * dirty.  False on a contradiction (a row, box or column without a place
 * for d). */
__attribute__((always_inline)) static inline bool look(level *s, int d,
                                                       uint32_t *dirty) {
  /* Each restriction is idempotent: the digit is settled when one of
   * them, applied to the other's result, changes nothing.  A band left
   * without a permutation leaves a row or box without d (a stack without
   * one empties its boxes, which the next row pass sees). */
  v4 x = rows_boxes(s->f[d]);
  if (v4_band_empty(x))
    return false;
  for (;;) {
    v4 y = columns(x);
    if (!v4_any(y ^ x))
      break;
    x = rows_boxes(y);
    if (v4_band_empty(x))
      return false;
    if (!v4_any(y ^ x))
      break;
  }
  s->f[d] = x;
  v4 single = LONE(x) & ~s->placed;
  if (!v4_any(single))
    return true;
  uint32_t hit = leave(s, single);
  s->f[d] = x;
  *dirty |= hit & ~(1u << d);
  return true;
}

/* Digits d and e at once, as look does each: side by side in one vector
 * (one AVX2 instruction where the processor has them).  A cell alone in
 * its row for both is a contradiction. */
WIDE static inline bool look2(level *s, int d, int e, uint32_t *dirty) {
  /* rows, columns and rows again before the first test: one more step
   * costs less than a branch the processor cannot foresee */
  v8 x = rows_boxes2(columns2(rows_boxes2(join(s->f[d], s->f[e]))));
  if (band_empty2(x))
    return false;
  for (;;) {
    v8 y = columns2(x);
    if (!v4_any(low(y ^ x) | high(y ^ x)))
      break;
    x = rows_boxes2(y);
    if (band_empty2(x))
      return false;
    if (!v4_any(low(y ^ x) | high(y ^ x)))
      break;
  }
  v8 lone = LONE(x);
  v4 xd = low(x), xe = high(x), placed = s->placed;
  v4 sd = low(lone) & ~placed, se = high(lone) & ~placed, single = sd | se;
  if (v4_any(sd & se))
    return false;
  uint32_t hit = leave(s, single);
  s->f[d] = xd & ~se;
  s->f[e] = xe & ~sd;
  hit &= ~(1u << d | 1u << e);
  *dirty |=
      hit | (uint32_t)v4_any(xd & se) << d | (uint32_t)v4_any(xe & sd) << e;
  return true;
}

/* To the fixpoint from the dirty digits, two at a time; false on a
 * contradiction. */
__attribute__((always_inline)) static inline bool
settle(const sks_bits_band *b, level *s, uint32_t dirty, bool wide) {
  for (;;) {
    while (dirty) {
      int d = __builtin_ctz(dirty);
      dirty &= dirty - 1;
      if (wide && dirty) {
        int e = __builtin_ctz(dirty);
        dirty &= dirty - 1;
        if (!look2(s, d, e, &dirty))
          return false;
      } else if (!look(s, d, &dirty))
        return false;
    }
    v4 once = {0, 0, 0, 0}, twice = {0, 0, 0, 0};
    for (int d = 0; d < DIGITS; d++) {
      twice |= once & s->f[d];
      once |= s->f[d];
    }
    if (v4_any(ALL & ~once))
      return false;
    v4 naked = once & ~twice & ~s->placed;
    if (!v4_any(naked))
      return true;
    s->placed |= naked;
    /* each naked single's digit from bit-sliced planes (a branch a cell,
     * none a digit) */
    v4 plane[4];
    digit_planes(s, naked, plane);
    for (int band = 0; band < 3; band++)
      for (uint32_t m = naked[band]; m; m &= m - 1) {
        int at = __builtin_ctz(m);
        int d =
            (int)((plane[0][band] >> at & 1) | (plane[1][band] >> at & 1) << 1 |
                  (plane[2][band] >> at & 1) << 2 |
                  (plane[3][band] >> at & 1) << 3);
        if (!(s->f[d][band] >> at & 1))
          return false; /* two of them in one region */
        s->f[d] &= b->keep[27 * band + at];
        dirty |= 1u << d;
      }
  }
}

static bool band_load(void *engine, const uint64_t *mask) {
  sks_bits_band *b = engine;
  level *s = b->stack;
  v4 open = {0, 0, 0, 0};
  memset(s, 0, sizeof *s);
  for (int c = 0; c < CELLS; c++) {
    uint64_t x = mask[c] & 511;
    if (x == 511)
      open |= v4_bit(c);
    else
      for (; x; x &= x - 1)
        s->f[__builtin_ctzll(x)] |= v4_bit(c);
  }
  for (int d = 0; d < DIGITS; d++) {
    s->f[d] |= open;
  }
  return true; /* contradictions show in the search's first settle */
}

static void band_load_givens(void *engine, const int *given) {
  sks_bits_band *b = engine;
  level *s = b->stack;
  uint32_t by[DIGITS + 1][4];
  memset(by, 0, sizeof by);
  for (int band = 0; band < 3; band++)
    for (int at = 0; at < 27; at++) {
      /* an open cell's -1 lands in by[DIGITS] */
      unsigned g = (unsigned)given[27 * band + at];
      by[g < DIGITS ? g : DIGITS][band] |= (uint32_t)1 << at;
    }
  v4 open = {by[DIGITS][0], by[DIGITS][1], by[DIGITS][2], 0};
  for (int d = 0; d < DIGITS; d++)
    s->f[d] = open | (v4){by[d][0], by[d][1], by[d][2], 0};
  s->placed = (v4){0, 0, 0, 0};
}

/* The open cell to guess: of those with the fewest digits (two, else
 * three or more), the one with the most open peers, where a guess leaves
 * the most to propagate (17-clue 83,139 nodes with the first such cell,
 * 44,839 with this one; top1465 30,632 and 17,890). */
__attribute__((always_inline)) static inline int
choose(const sks_bits_band *b, const level *s, bool wide) {
  v4 once = {0, 0, 0, 0}, twice = once, thrice = once;
  for (int d = 0; d < DIGITS; d++) {
    thrice |= twice & s->f[d];
    twice |= once & s->f[d];
    once |= s->f[d];
  }
  v4 open = once & ~s->placed;
  v4 pick = twice & ~thrice & open;
  if (!v4_any(pick))
    pick = thrice & open;
  /* the best as one key: open peers above, the earliest cell wins a tie */
  int best = 0;
  for (int band = 0; band < 3; band++)
    for (uint32_t m = pick[band]; m; m &= m - 1) {
      int c = 27 * band + __builtin_ctz(m);
      v4 peer = open & ~b->keep[c];
      int n = wide ? __builtin_popcount(peer[0]) + __builtin_popcount(peer[1]) +
                         __builtin_popcount(peer[2])
                   : count3(peer[0], peer[1], peer[2]);
      int key = n << 7 | (127 - c);
      best = key > best ? key : best;
    }
  return 127 - (best & 127);
}

/* At a full level each digit's vector holds the cells it was placed in. */
static void keep_solution(sks_bits_band *b, const level *s, int which) {
  v4 plane[4];
  digit_planes(s, ALL, plane);
  /* eight cells at a time: a byte of each plane spread to eight bytes */
  unsigned char out[4 * 8 * 3];
  for (int band = 0; band < 3; band++)
    for (int j = 0; j < 4; j++) {
      uint64_t v = 0;
      for (int k = 0; k < 4; k++)
        v |= b->bytes_of[plane[k][band] >> 8 * j & 255] << k;
      memcpy(out + 27 * band + 8 * j, &v, 8);
    }
  memcpy(b->sol[which], out, CELLS);
}

/* The frame loop's operations (solver/bits_search_int.h). */
__attribute__((always_inline)) static inline void
guess(const sks_bits_band *b, const level *s, struct bframe *f, bool wide) {
  int c = choose(b, s, wide);
  uint32_t left = 0;
  for (int d = 0; d < DIGITS; d++)
    left |= (s->f[d][c / 27] >> (c % 27) & 1) << d;
  f->at = c;
  f->left = left;
  f->had = left;
}

static inline level *child(sks_bits_band *b, int depth) {
  level *s = b->stack + depth;
  s[1] = s[0];
  return s + 1;
}

#define BITS_SEARCH search
#define BITS_ENGINE sks_bits_band
#define BITS_LEVEL level
#define BITS_FRAME struct bframe
#define BITS_START(b, s) settle(b, s, (1u << DIGITS) - 1, wide)
#define BITS_SOLVED(b, s) (!v4_any(ALL & ~(s)->placed))
#define BITS_KEEP(b, s, which) keep_solution(b, s, which)
#define BITS_GUESS(b, s, f) guess(b, s, f, wide)
#define BITS_FRAME_AT(b, depth) (&(b)->frames[depth])
#define BITS_LEVEL_AT(b, depth) ((b)->stack + (depth))
#define BITS_ROOT(b) ((b)->stack)
#define BITS_CHILD(b, depth) child(b, depth)
#define BITS_TRY(b, s, f, d)                                                   \
  (place(b, s, (f)->at, d), settle(b, s, (f)->had, wide))
#include "bits_search_int.h"

static long long search_base(sks_bits_band *b, long long limit,
                             const sks_limits *lim, int *status) {
  return search(b, limit, lim, status, false);
}

#if SKS_BAND_WIDE
WIDE static long long search_wide(sks_bits_band *b, long long limit,
                                  const sks_limits *lim, int *status) {
  return search(b, limit, lim, status, true);
}
#endif

static long long band_search(void *engine, long long limit,
                             const sks_limits *lim, int *status) {
#if SKS_BAND_WIDE
  if (((sks_bits_band *)engine)->wide)
    return search_wide(engine, limit, lim, status);
#endif
  return search_base(engine, limit, lim, status);
}

static const unsigned char *band_solution(const void *engine, int which) {
  return ((const sks_bits_band *)engine)->sol[which];
}

static void band_counts(const void *engine, sks_bits_counts *out) {
  *out = ((const sks_bits_band *)engine)->counts;
}

const sks_bits_layout_ops sks_bits_band_layout = {
    SKS_BITS_LAYOUT_BAND, "band",        band_fits,   band_new,
    band_delete,          band_bytes,    band_load,   band_load_givens,
    band_search,          band_solution, band_counts,
};
