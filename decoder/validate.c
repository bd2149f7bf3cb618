/* The independent validator: it trusts no solver and no encoding, only the
 * puzzle's regions, givens, (a candidates puzzle) candidates and variant
 * rules (validate_rules.c). */
#include "sks_decoder.h"
#include "stack_int.h"
#include "validate_int.h"

#include <stdint.h>
#include <string.h>

static inline uint64_t region_bits(const int *grid, const int *reg, int n) {
  uint64_t seen = 0;
  for (int j = 0; j < n; j++)
    seen |= (uint64_t)1 << grid[reg[j]];
  return seen;
}

/* Sides up to 64 without a branch a cell: every digit in range and every
 * given kept, then each region's digits as bits, which cover the side's
 * digits exactly when no digit repeats.  False sends the grid to the
 * check below, which names what is wrong. */
static bool quick(const sks_puzzle *p, const int *grid, int n) {
  int cells = n * n;
  unsigned bad = 0;
  for (int i = 0; i < cells; i++) {
    int g = grid[i], given = p->cell[i];
    bad |= ((unsigned)g >= (unsigned)n) | ((given >= 0) & (given != g));
  }
  if (bad)
    return false;
  if (p->removed)
    for (int i = 0; i < cells; i++)
      bad |= p->removed[(size_t)i * n + grid[i]];
  uint64_t full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  const int *reg = p->shape->region;
  int nregions = p->shape->nregions;
  if (n == 9) /* the common side, its loop unrolled */
    for (int k = 0; k < nregions; k++, reg += 9)
      bad |= region_bits(grid, reg, 9) != full;
  else
    for (int k = 0; k < nregions; k++, reg += n)
      bad |= region_bits(grid, reg, n) != full;
  return !bad;
}

/* The classic 9x9 (rows, columns and 3x3 boxes, no variant): every
 * given kept and no digit past 15 in one vector pass; then a row at a
 * time, its nine digits as bits (9-15 as a bit no region's set may hold)
 * make the row's set, add to the columns' and, three cells at a time, to
 * the boxes' of its band. */
static bool quick9(const sks_puzzle *p, const int *grid) {
  unsigned any = 0, changed = 0;
  for (int i = 0; i < 81; i++) {
    unsigned g = (unsigned)grid[i];
    int given = p->cell[i];
    any |= g;
    changed |= given < 0 ? 0u : (unsigned)given ^ g;
  }
  if (any > 15 || changed)
    return false;
  static const unsigned short bit[16] = {
      1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 512, 512, 512, 512, 512, 512};
  const unsigned full = 0x1FF;
  unsigned col[9] = {0}, box[3] = {0}, bad = 0;
  for (int r = 0; r < 9; r++) {
    const int *row = grid + 9 * r;
    unsigned b[9];
    for (int c = 0; c < 9; c++) {
      b[c] = bit[row[c]];
      col[c] |= b[c];
    }
    unsigned t0 = b[0] | b[1] | b[2], t1 = b[3] | b[4] | b[5],
             t2 = b[6] | b[7] | b[8];
    bad |= (t0 | t1 | t2) ^ full;
    box[0] |= t0, box[1] |= t1, box[2] |= t2;
    if (r % 3 == 2) {
      bad |= (box[0] ^ full) | (box[1] ^ full) | (box[2] ^ full);
      box[0] = box[1] = box[2] = 0;
    }
  }
  for (int c = 0; c < 9; c++)
    bad |= col[c] ^ full;
  return !bad;
}

static bool regions_valid(const sks_puzzle *p, const int *grid,
                          sks_error *err) {
  int n = p->shape->n;
  const sks_shape *sh = p->shape;
  if (n == 9 && sh->box_rows == 3 && sh->nregions == 27 && !sh->variants &&
      !p->removed) {
    if (quick9(p, grid))
      return true;
  } else if (n <= 64 && quick(p, grid, n))
    return true;
  for (int i = 0; i < n * n; i++) {
    if (grid[i] < 0 || grid[i] >= n) {
      sks_error_set(err, -1, 0, 0, "cell r%dc%d is empty", i / n + 1,
                    i % n + 1);
      return false;
    }
    if (p->cell[i] >= 0 && p->cell[i] != grid[i]) {
      sks_error_set(err, -1, 0, 0, "cell r%dc%d: given %d changed to %d",
                    i / n + 1, i % n + 1, p->cell[i] + 1, grid[i] + 1);
      return false;
    }
    if (p->removed && p->removed[(size_t)i * n + grid[i]]) {
      sks_error_set(err, -1, 0, 0,
                    "cell r%dc%d: %d is not among its candidates", i / n + 1,
                    i % n + 1, grid[i] + 1);
      return false;
    }
  }
  unsigned char seen[SKS_MAX_N];
  for (int k = 0; k < p->shape->nregions; k++) {
    const int *reg = p->shape->region + (size_t)k * n;
    memset(seen, 0, (size_t)n);
    for (int j = 0; j < n; j++) {
      int d = grid[reg[j]];
      if (seen[d]) {
        sks_error_set(err, -1, 0, 0,
                      "digit %d twice in region %d (cell r%dc%d)", d + 1, k + 1,
                      reg[j] / n + 1, reg[j] % n + 1);
        return false;
      }
      seen[d] = 1;
    }
  }
  return true;
}

bool sks_validate(const sks_puzzle *p, const int *grid, sks_error *err) {
  return regions_valid(p, grid, err) && sks_rules_hold(p, grid, err);
}
