/* Private: the one growable-array idiom (after Kissat's stack.h), over
 * the base's allocation that cannot fail.  The capacity starts at 16
 * and doubles until it holds what is asked: SKS_STACK and its macros for
 * an array kept as (a, n, cap), SKS_GROW for one kept in fields of other
 * names (a public struct's, or several arrays that share one count), and
 * sks_stack_cap, the rule itself, for a site that allocates otherwise (an
 * element whose size is known only at run time, a capacity with a
 * ceiling of its own). */
#ifndef SKS_STACK_INT_H
#define SKS_STACK_INT_H

#include "memory_int.h"
#include "sks_common.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* The capacity that holds need elements of size bytes, from cap (16 when
 * 0) doubled.  It stops at the most elements whose bytes a size_t counts;
 * a need past that is an allocation that cannot succeed, so the process
 * takes the out-of-memory exit rather than wrap around. */
static inline size_t sks_stack_cap(size_t cap, size_t need, size_t size) {
  size_t most = SIZE_MAX / (size ? size : 1);
  if (need > most)
    sks_out_of_memory(NULL, SIZE_MAX);
  size_t c = cap ? cap : 16;
  while (c < need)
    c = c > most / 2 ? most : 2 * c;
  return c;
}

/* Grows a (*cap elements of size bytes) to hold need; returns the array,
 * moved or not, and sets *cap.  Out of line (common/stack.c): a push in
 * a hot loop inlines only its test, not the growth. */
void *sks_stack_grow(void *a, size_t *cap, size_t need, size_t size);

/* Room for NEED elements in the array A whose capacity is the size_t
 * lvalue CAP (a field of the caller's struct); both may be evaluated
 * twice. */
#define SKS_GROW(A, CAP, NEED)                                                 \
  do {                                                                         \
    if ((CAP) < (size_t)(NEED))                                                \
      (A) = sks_stack_grow((A), &(CAP), (size_t)(NEED), sizeof *(A));          \
  } while (0)

#define SKS_STACK(T)                                                           \
  struct {                                                                     \
    T *a;                                                                      \
    size_t n, cap;                                                             \
  }

/* Room for K elements in all. */
#define SKS_STACK_RESERVE(S, K) SKS_GROW((S).a, (S).cap, (K))

#define SKS_PUSH(S, X)                                                         \
  do {                                                                         \
    if ((S).n == (S).cap)                                                      \
      SKS_STACK_RESERVE(S, (S).n + 1);                                         \
    (S).a[(S).n++] = (X);                                                      \
  } while (0)

#define SKS_STACK_FREE(S)                                                      \
  do {                                                                         \
    free((S).a);                                                               \
    (S).a = NULL;                                                              \
    (S).n = (S).cap = 0;                                                       \
  } while (0)

#endif
