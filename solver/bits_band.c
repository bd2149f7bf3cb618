/* The bit-parallel engine's layout for the plain 9x9 (3x3 boxes, no
 * variant regions): by digit, one 27-bit word a band of three rows (bit
 * 9 * row-in-band + column), the three bands in the lanes of one 128-bit
 * vector.  A band of a digit holds its digit once in each of its rows and
 * once in each of its boxes, so the nine triads (a row's three cells in
 * one box) that may hold it form a permutation of the 3x3 triad matrix:
 * a table of the 512 triad sets gives the union of the permutations they
 * contain, which is every box-line elimination of the band at once
 * (pointing and claiming), and the triads alone in their row or box with
 * one cell left are its hidden singles.  The same table does the columns:
 * in a stack, the digit's column-in-band segments form a permutation of
 * band by column.  Naked singles are the cells in exactly one digit's
 * set, summed bit-sliced over the nine digits.  A search level is the
 * nine digits' vectors, the placed cells and the state last looked at,
 * 304 bytes to copy at a guess. */
#include "bits_int.h"
#include "require_int.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef uint32_t v4 __attribute__((vector_size(16)));

enum { DIGITS = 9, CELLS = 81 };

/* The 81 cells: 27 bits in each of the first three lanes. */
static const v4 ALL = {0x7ffffff, 0x7ffffff, 0x7ffffff, 0};

/* One search level.  Every test reads f; seen[d] is f[d] as digit d's
 * rows, boxes and columns were last looked at (a digit whose vector
 * changed since is looked at again); placed: the cells with their digit. */
typedef struct level {
  v4 f[DIGITS];
  v4 seen[DIGITS];
  v4 seen_columns[DIGITS];
  v4 placed;
} level;

struct sks_bits_band {
  v4 keep[CELLS];        /* a digit's vector after placing it at c */
  v4 not_cell[CELLS];    /* every vector but cell c */
  uint32_t expand[512];  /* triad set (bit 3 * row + box) -> its cells */
  uint32_t columns[512]; /* column set -> its cells in a band */
  uint32_t spread[512];  /* bit 3 * i + j -> bit 9 * i + j */
  uint16_t allowed[512]; /* triad set -> the permutations it contains */
  uint16_t lone[512];    /* triad set -> those alone in their row or box */
  uint32_t row[3][512];  /* row r's 9 cells -> its triads present (bit
                            3 * r + box) and, 16 bits up, those with one cell */
  level *stack;
  struct bframe {
    int at;        /* the cell guessed */
    uint32_t left; /* digits not tried yet */
  } frames[CELLS + 1];
  unsigned char sol[2][CELLS];
  sks_bits_counts counts;
};

static inline bool v4_any(v4 a) {
#ifdef __SSE2__
  __m128i x = (__m128i)a;
  return _mm_movemask_epi8(_mm_cmpeq_epi32(x, _mm_setzero_si128())) != 0xffff;
#else
  return (a[0] | a[1] | a[2] | a[3]) != 0;
#endif
}

/* Bits set in x (no popcount instruction assumed). */
static inline int count(uint32_t x) {
  x -= x >> 1 & 0x55555555u;
  x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
  return (int)(((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24);
}

static inline v4 v4_bit(int c) {
  v4 x = {0, 0, 0, 0};
  x[c / 27] = (uint32_t)1 << (c % 27);
  return x;
}

bool sks_bits_band_fits(const sks_shape *shape) {
  return shape->n == 9 && shape->box_rows == 3 && shape->box_cols == 3 &&
         shape->variants == 0;
}

sks_bits_band *sks_bits_band_new(const sks_shape *shape) {
  sks_require(sks_bits_band_fits(shape), "the band layout is the plain 9x9");
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
  for (int t = 0; t < 512; t++) {
    uint32_t cells = 0, cols = 0;
    for (int i = 0; i < 9; i++)
      if (t >> i & 1) {
        cells |= (uint32_t)7 << (9 * (i / 3) + 3 * (i % 3));
        cols |= 0x40201u << i;
      }
    b->expand[t] = cells;
    b->columns[t] = cols;
    b->spread[t] = ((uint32_t)t & 7) | ((uint32_t)t & 0x38) << 6 |
                   ((uint32_t)t & 0x1c0) << 12;
    /* the six permutations: row r takes box p[r] */
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    unsigned any = 0;
    for (int p = 0; p < 6; p++) {
      unsigned m =
          1u << perm[p][0] | 1u << (3 + perm[p][1]) | 1u << (6 + perm[p][2]);
      if ((m & (unsigned)t) == m)
        any |= m;
    }
    b->allowed[t] = (uint16_t)any;
    unsigned lone = 0;
    for (int i = 0; i < 9; i++) {
      unsigned row = 7u << (i / 3 * 3), col = 0x49u << (i % 3);
      if ((t >> i & 1) && ((unsigned)t & row) == 1u << i)
        lone |= 1u << i;
      if ((t >> i & 1) && ((unsigned)t & col) == 1u << i)
        lone |= 1u << i;
    }
    b->lone[t] = (uint16_t)lone;
    unsigned info = 0;
    for (int k = 0; k < 3; k++) {
      unsigned tri = (unsigned)t >> (3 * k) & 7;
      if (tri)
        info |= 1u << k;
      if (tri && !(tri & (tri - 1)))
        info |= 8u << k;
    }
    for (int r = 0; r < 3; r++)
      b->row[r][t] = (info & 7) << 3 * r | (info >> 3) << (16 + 3 * r);
  }
  b->stack = sks_malloc((CELLS + 1) * sizeof *b->stack);
  return b;
}

void sks_bits_band_delete(sks_bits_band *b) {
  if (!b)
    return;
  free(b->stack);
  free(b);
}

size_t sks_bits_band_bytes(const sks_bits_band *b) {
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

/* Places d in each cell of v (by band); false when one of them has lost
 * d on the way (two of them in one region). */
static inline bool place_all(const sks_bits_band *b, level *s,
                             const uint32_t *v, int d) {
  for (int band = 0; band < 3; band++)
    for (uint32_t m = v[band]; m; m &= m - 1) {
      int at = __builtin_ctz(m);
      if (!(s->f[d][band] >> at & 1))
        return false;
      place(b, s, 27 * band + at, d);
    }
  return true;
}

/* Digit d's rows and boxes: the triads outside every permutation leave
 * its vector, and its hidden singles are placed.  False on a
 * contradiction (a row or box without a place for d). */
static bool look(const sks_bits_band *b, level *s, int d) {
  v4 f = s->f[d], seen = s->seen[d];
  uint32_t single[3] = {0, 0, 0}, any = 0;
  for (int band = 0; band < 3; band++) {
    uint32_t x = f[band];
    if (x == seen[band])
      continue;
    uint32_t info =
        b->row[0][x & 511] | b->row[1][x >> 9 & 511] | b->row[2][x >> 18];
    unsigned a = b->allowed[info & 511], one = info >> 16;
    if (!a)
      return false;
    x &= b->expand[a];
    f[band] = x;
    single[band] = b->expand[b->lone[a] & one] & x & ~s->placed[band];
    any |= single[band];
  }
  s->seen[d] = f;
  s->f[d] = f;
  return !any || place_all(b, s, single, d);
}

/* Digit d's columns: by stack the permutation of band by column. */
static bool look_columns(const sks_bits_band *b, level *s, int d) {
  v4 f = s->f[d];
  /* The bands' column sets side by side in one word, where a stack's
   * column-in-band segments sit as a box's triads do. */
  uint32_t p = 0, once = 0;
  for (int band = 0; band < 3; band++) {
    uint32_t x = f[band], r0 = x & 511, r1 = x >> 9 & 511, r2 = x >> 18;
    p |= (r0 | r1 | r2) << 9 * band;
    once |= ((r0 ^ r1 ^ r2) & ~(r0 & r1 & r2)) << 9 * band;
  }
  uint32_t ok = 0, lone = 0;
  for (int sh = 0; sh < 9; sh += 3) {
    uint32_t y = p >> sh & 0x1c0e07;
    unsigned a = b->allowed[(y & 7) | (y >> 6 & 0x38) | (y >> 12 & 0x1c0)];
    if (!a)
      return false;
    ok |= b->spread[a] << sh;
    lone |= (b->spread[b->lone[a]] & once >> sh) << sh;
  }
  uint32_t single[3], any = 0;
  for (int band = 0; band < 3; band++) {
    f[band] &= b->columns[ok >> 9 * band & 511];
    single[band] =
        f[band] & b->columns[lone >> 9 * band & 511] & ~s->placed[band];
    any |= single[band];
  }
  s->seen_columns[d] = f;
  s->f[d] = f;
  return !any || place_all(b, s, single, d);
}

/* To the fixpoint; false on a contradiction. */
static bool settle(const sks_bits_band *b, level *s) {
  for (;;) {
    bool changed = false;
    for (int d = 0; d < DIGITS; d++)
      if (v4_any(s->f[d] ^ s->seen[d])) {
        changed = true;
        if (!look(b, s, d))
          return false;
      }
    if (changed)
      continue;
    for (int d = 0; d < DIGITS; d++)
      if (v4_any(s->f[d] ^ s->seen_columns[d])) {
        changed = true;
        if (!look_columns(b, s, d))
          return false;
      }
    if (changed)
      continue;
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
    for (int d = 0; d < DIGITS; d++) {
      v4 v = naked & s->f[d];
      uint32_t single[3] = {v[0], v[1], v[2]};
      if (!place_all(b, s, single, d))
        return false;
    }
  }
}

bool sks_bits_band_load(sks_bits_band *b, const uint64_t *mask) {
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
    s->seen[d] = (v4){~0u, ~0u, ~0u, ~0u}; /* every digit looked at */
    s->seen_columns[d] = s->seen[d];
  }
  return true; /* contradictions show in the search's first settle */
}

void sks_bits_band_load_givens(sks_bits_band *b, const int *given) {
  level *s = b->stack;
  v4 fixed = {0, 0, 0, 0}, by[DIGITS + 1];
  memset(by, 0, sizeof by);
  for (int c = 0; c < CELLS; c++) {
    /* an open cell's -1 lands in by[DIGITS], never read */
    int g = given[c];
    v4 bit = ~b->not_cell[c];
    fixed |= g >= 0 ? bit : (v4){0, 0, 0, 0};
    by[g >= 0 ? g : DIGITS] |= bit;
  }
  v4 open = ALL & ~fixed;
  for (int d = 0; d < DIGITS; d++) {
    s->f[d] = open | by[d];
    s->seen[d] = s->seen_columns[d] = (v4){~0u, ~0u, ~0u, ~0u};
  }
  s->placed = (v4){0, 0, 0, 0};
}

/* The open cell to guess: of those with the fewest digits (two, else
 * three or more), the one with the most open peers, where a guess leaves
 * the most to propagate (17-clue 83,139 nodes with the first such cell,
 * 44,839 with this one; top1465 30,632 and 17,890). */
static int choose(const sks_bits_band *b, const level *s) {
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
  int best = -1, most = -1;
  for (int band = 0; band < 3; band++)
    for (uint32_t m = pick[band]; m; m &= m - 1) {
      int c = 27 * band + __builtin_ctz(m);
      v4 peer = open & ~b->keep[c];
      int k = count(peer[0]) + count(peer[1]) + count(peer[2]);
      if (k > most) {
        most = k;
        best = c;
      }
    }
  return best;
}

/* At a full level each digit's vector holds the cells it was placed in. */
static void keep_solution(sks_bits_band *b, const level *s, int which) {
  unsigned char *sol = b->sol[which];
  for (int d = 0; d < DIGITS; d++)
    for (int band = 0; band < 3; band++)
      for (uint32_t m = s->f[d][band]; m; m &= m - 1)
        sol[27 * band + __builtin_ctz(m)] = (unsigned char)d;
}

long long sks_bits_band_search(sks_bits_band *b, long long limit,
                               const sks_limits *lim, int *status) {
  sks_bits_counts *k = &b->counts;
  memset(k, 0, sizeof *k);
  *status = SKS_SAT;
  double deadline =
      lim && lim->time_limit > 0 ? sks_time() + lim->time_limit : 0;
  long long steps = lim ? lim->max_steps : 0, found = 0;
  level *s = b->stack;
  if (!settle(b, s))
    return 0;
  int depth = 0;
  for (;;) {
    /* s is level depth's state, settled and consistent. */
    if (!v4_any(ALL & ~s->placed)) {
      if (found < 2)
        keep_solution(b, s, (int)found);
      if (++found == limit)
        return found;
      depth--; /* on from the guess that led here */
    } else {
      int c = choose(b, s);
      uint32_t left = 0;
      for (int d = 0; d < DIGITS; d++)
        left |= (s->f[d][c / 27] >> (c % 27) & 1) << d;
      b->frames[depth].at = c;
      b->frames[depth].left = left;
      k->guesses++;
    }
    for (;;) {
      if (depth < 0)
        return found;
      struct bframe *fr = &b->frames[depth];
      if (!fr->left) {
        depth--;
        continue;
      }
      if (sks_bits_stop(k->nodes, steps, deadline)) {
        *status = SKS_UNKNOWN;
        return found;
      }
      k->nodes++;
      int d = __builtin_ctz(fr->left);
      fr->left &= fr->left - 1;
      bool last = !fr->left;
      s = b->stack + depth;
      if (!last) {
        s[1] = s[0];
        s++;
      }
      place(b, s, fr->at, d);
      if (settle(b, s)) {
        depth += !last;
        break;
      }
      k->conflicts++;
    }
  }
}

const unsigned char *sks_bits_band_solution(const sks_bits_band *b, int which) {
  return b->sol[which];
}

void sks_bits_band_counts(const sks_bits_band *b, sks_bits_counts *out) {
  *out = b->counts;
}
