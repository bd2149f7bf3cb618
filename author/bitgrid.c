/* A bit-parallel exact solver for grids of up to 64 digits: the engine of
 * digging's uniqueness checks (see bitgrid_int.h). */
#include "bitgrid_int.h"

#include <stdlib.h>
#include <string.h>

struct sks_bitgrid {
  int n, cells, nregions;
  const int *region; /* the shape's */
  const sks_shape *shape;
  int *pstart, *peer; /* cell c's peers: peer[pstart[c] .. pstart[c+1]) */
  uint64_t full;
  /* One state a search level, grown when a search goes deeper: */
  uint64_t *cand;      /* cells masks a level */
  unsigned char *done; /* cells flags a level: the cell is placed */
  int levels;
  int *queue; /* cells whose single candidate is to be placed */
  int nqueue;
  /* The current search: */
  long long nodes, budget;
  int limit, found;
  bool aborted;
  int *first;
  uint64_t *rng;
};

static void build_peers(sks_bitgrid *b) {
  int n = b->n;
  unsigned char *mark = sks_calloc((size_t)b->cells, 1);
  int **lists = sks_calloc((size_t)b->cells, sizeof *lists);
  int *count = sks_calloc((size_t)b->cells, sizeof *count);
  b->pstart = sks_calloc((size_t)b->cells + 1, sizeof *b->pstart);
  size_t total = 0;
  for (int c = 0; c < b->cells; c++) {
    lists[c] = sks_malloc((size_t)b->nregions * n * sizeof **lists);
    for (int k = 0; k < b->nregions; k++) {
      const int *reg = b->region + (size_t)k * n;
      bool in = false;
      for (int i = 0; i < n && !in; i++)
        in = reg[i] == c;
      for (int i = 0; in && i < n; i++)
        if (reg[i] != c && !mark[reg[i]]) {
          mark[reg[i]] = 1;
          lists[c][count[c]++] = reg[i];
        }
    }
    for (int i = 0; i < count[c]; i++)
      mark[lists[c][i]] = 0;
    total += (size_t)count[c];
  }
  b->peer = sks_malloc(total * sizeof *b->peer);
  for (int c = 0; c < b->cells; c++) {
    b->pstart[c + 1] = b->pstart[c] + count[c];
    memcpy(b->peer + b->pstart[c], lists[c], (size_t)count[c] * sizeof(int));
    free(lists[c]);
  }
  free(lists);
  free(count);
  free(mark);
}

sks_bitgrid *sks_bitgrid_new(const sks_shape *shape) {
  if (shape->n > 64)
    return NULL;
  sks_bitgrid *b = sks_calloc(1, sizeof *b);
  b->shape = sks_shape_retain(shape);
  b->n = shape->n;
  b->cells = b->n * b->n;
  b->nregions = shape->nregions;
  b->region = shape->region;
  b->full = b->n == 64 ? ~0ULL : (1ULL << b->n) - 1;
  build_peers(b);
  b->queue = sks_malloc((size_t)b->cells * sizeof *b->queue);
  return b;
}

void sks_bitgrid_delete(sks_bitgrid *b) {
  if (!b)
    return;
  sks_shape_release(b->shape);
  free(b->pstart);
  free(b->peer);
  free(b->cand);
  free(b->done);
  free(b->queue);
  free(b);
}

/* Room for search level `level`. */
static void reserve(sks_bitgrid *b, int level) {
  if (level < b->levels)
    return;
  int levels = 2 * level + 8;
  b->cand = sks_realloc(b->cand, (size_t)levels * b->cells * sizeof *b->cand);
  b->done = sks_realloc(b->done, (size_t)levels * b->cells);
  b->levels = levels;
}

static bool single(uint64_t m) {
  return m && !(m & (m - 1));
}

/* Places the queued singles, removing each from its peers; false on a
 * contradiction. */
static bool drain(sks_bitgrid *b, uint64_t *C, unsigned char *D, int *placed) {
  while (b->nqueue) {
    int c = b->queue[--b->nqueue];
    if (D[c])
      continue;
    uint64_t m = C[c];
    D[c] = 1;
    ++*placed;
    for (int i = b->pstart[c]; i < b->pstart[c + 1]; i++) {
      int p = b->peer[i];
      if (!(C[p] & m))
        continue;
      C[p] &= ~m;
      if (!C[p])
        return false;
      if (single(C[p]) && !D[p])
        b->queue[b->nqueue++] = p;
    }
  }
  return true;
}

/* Hidden singles of every region, queued; -1 on a region that misses a
 * digit, else how many were found. */
static int hidden(sks_bitgrid *b, uint64_t *C, const unsigned char *D) {
  int n = b->n, found = 0;
  for (int k = 0; k < b->nregions; k++) {
    const int *reg = b->region + (size_t)k * n;
    uint64_t once = 0, twice = 0, fixed = 0;
    for (int i = 0; i < n; i++) {
      uint64_t m = C[reg[i]];
      if (D[reg[i]])
        fixed |= m;
      else {
        twice |= once & m;
        once |= m;
      }
    }
    if ((once | fixed) != b->full)
      return -1;
    uint64_t lone = once & ~twice & ~fixed;
    for (int i = 0; lone && i < n; i++) {
      int c = reg[i];
      uint64_t m = C[c] & lone;
      if (D[c] || !m)
        continue;
      if (!single(m))
        return -1; /* two digits that only this cell can take */
      lone &= ~m;
      if (C[c] != m) {
        C[c] = m;
        b->queue[b->nqueue++] = c;
        found++;
      }
    }
  }
  return found;
}

/* Singles to a fixpoint: -1 contradiction, else the cells placed. */
static int propagate(sks_bitgrid *b, uint64_t *C, unsigned char *D,
                     int placed) {
  for (;;) {
    if (!drain(b, C, D, &placed))
      return -1;
    if (placed == b->cells)
      return placed;
    int h = hidden(b, C, D);
    if (h < 0)
      return -1;
    if (!h)
      return placed;
  }
}

static uint64_t next64(uint64_t *s) {
  uint64_t x = (*s += 0x9e3779b97f4a7c15ULL);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

static void record(sks_bitgrid *b, const uint64_t *C) {
  if (b->found++ || !b->first)
    return;
  for (int c = 0; c < b->cells; c++)
    b->first[c] = __builtin_ctzll(C[c]);
}

static void search(sks_bitgrid *b, int level, int placed) {
  if (b->budget && ++b->nodes > b->budget) {
    b->aborted = true;
    return;
  }
  uint64_t *C = b->cand + (size_t)level * b->cells;
  unsigned char *D = b->done + (size_t)level * b->cells;
  placed = propagate(b, C, D, placed);
  if (placed < 0)
    return;
  if (placed == b->cells) {
    record(b, C);
    return;
  }
  int best = -1, fewest = 65;
  for (int c = 0; c < b->cells && fewest > 2; c++)
    if (!D[c] && __builtin_popcountll(C[c]) < fewest) {
      best = c;
      fewest = __builtin_popcountll(C[c]);
    }
  reserve(b, level + 1);
  uint64_t left = b->cand[(size_t)level * b->cells + best];
  while (left && b->found < b->limit && !b->aborted) {
    uint64_t m = left & -left;
    if (b->rng) { /* a random one of the digits left */
      int k = (int)(((next64(b->rng) >> 32) *
                     (uint64_t)__builtin_popcountll(left)) >>
                    32);
      for (uint64_t rest = left; k >= 0; k--, rest &= rest - 1)
        m = rest & -rest;
    }
    left &= ~m;
    /* A deeper search may have moved the levels: find them anew. */
    C = b->cand + (size_t)level * b->cells;
    D = b->done + (size_t)level * b->cells;
    uint64_t *C1 = C + b->cells;
    unsigned char *D1 = D + b->cells;
    memcpy(C1, C, (size_t)b->cells * sizeof *C);
    memcpy(D1, D, (size_t)b->cells);
    C1[best] = m;
    b->nqueue = 0;
    b->queue[b->nqueue++] = best;
    search(b, level + 1, placed);
  }
}

/* Level 0 from the givens, all queued. */
static void load(sks_bitgrid *b, const int *cell) {
  reserve(b, 0);
  b->nqueue = 0;
  for (int c = 0; c < b->cells; c++) {
    b->done[c] = 0;
    if (cell[c] >= 0) {
      b->cand[c] = 1ULL << cell[c];
      b->queue[b->nqueue++] = c;
    } else
      b->cand[c] = b->full;
  }
}

int sks_bitgrid_count(sks_bitgrid *b, const int *cell, int limit,
                      long long budget, int *first, uint64_t *rng) {
  load(b, cell);
  b->nodes = 0;
  b->budget = budget;
  b->limit = limit;
  b->found = 0;
  b->aborted = false;
  b->first = first;
  b->rng = rng;
  search(b, 0, 0);
  return b->aborted && b->found < limit ? -1 : b->found;
}

bool sks_bitgrid_logic(sks_bitgrid *b, const int *cell) {
  load(b, cell);
  return propagate(b, b->cand, b->done, 0) == b->cells;
}
