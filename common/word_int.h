/* Private: bit counts of words, portable (no popcount instruction is
 * assumed: the library runs on every x86-64 and beyond). */
#ifndef SKS_WORD_INT_H
#define SKS_WORD_INT_H

#include <stdint.h>

/* Bits set in x. */
static inline int sks_popcount64(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555u;
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return (int)((x * 0x0101010101010101u) >> 56);
}

#endif
