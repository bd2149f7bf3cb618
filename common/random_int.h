/* Private: the library's one random generator, splitmix64, and what is
 * built on it: a word mixed, a draw below k (two ways, kept so that a seed
 * gives the puzzles and ratings it always gave), a draw in [0, 1) and one
 * Fisher-Yates shuffle.  Deterministic from the state: a seed makes the
 * same numbers on every machine. */
#ifndef SKS_RANDOM_INT_H
#define SKS_RANDOM_INT_H

#include <stdint.h>

/* splitmix64's finaliser: a word mixed (a hash of one word). */
static inline uint64_t sks_mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* The next number of the stream *state. */
static inline uint64_t sks_rand64(uint64_t *state) {
  return sks_mix64(*state += 0x9e3779b97f4a7c15ull);
}

/* Uniform in [0, 1), 53 bits. */
static inline double sks_rand_unit(uint64_t *state) {
  return (double)(sks_rand64(state) >> 11) * 0x1.0p-53;
}

/* Uniform in 0 .. k-1 (k < 2^32) from the high half by a multiply (the
 * generator's draws). */
static inline int sks_rand_below(uint64_t *state, int k) {
  return (int)(((sks_rand64(state) >> 32) * (uint64_t)k) >> 32);
}

/* In 0 .. k-1 by the remainder (grading's and canon's draws). */
static inline int sks_rand_mod(uint64_t *state, int k) {
  return (int)(sks_rand64(state) % (uint64_t)k);
}

/* a[0 .. k) in a random order, each position drawn by draw (sks_rand_below
 * or sks_rand_mod). */
static inline void sks_shuffle(int *a, int k, uint64_t *state,
                               int (*draw)(uint64_t *, int)) {
  for (int i = k - 1; i > 0; i--) {
    int j = draw(state, i + 1), t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

#endif
