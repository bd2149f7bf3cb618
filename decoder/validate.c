/* The independent validator: it trusts no solver and no encoding, only the
 * puzzle's regions, givens and (a candidates puzzle) candidates. */
#include "sks_decoder.h"
#include "stack_int.h"

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

bool sks_validate(const sks_puzzle *p, const int *grid, sks_error *err) {
  int n = p->shape->n;
  if (n <= 64 && quick(p, grid, n))
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
