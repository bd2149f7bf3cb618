/* Many puzzles of a reader in one call, each a copy the caller keeps: a
 * program that hands puzzles on in batches (the Python module's
 * solve_many) reads a chunk without a call per puzzle. */
#include "sks_formats.h"

int sks_reader_fill(sks_reader *rd, sks_puzzle **out, int max, int *status,
                    sks_error *err) {
  int k = 0, r = 1;
  while (k < max) {
    sks_puzzle *p;
    r = sks_reader_next(rd, &p, err);
    if (r != 1)
      break;
    if (out[k])
      sks_puzzle_assign(out[k], p);
    else
      out[k] = sks_puzzle_copy(p);
    k++;
  }
  if (status)
    *status = r;
  return k;
}
