/* Private: the one growable-array idiom (after Kissat's stack.h), over
 * the base's allocation that cannot fail. */
#ifndef SKS_STACK_INT_H
#define SKS_STACK_INT_H

#include "sks_common.h"

#include <stddef.h>
#include <stdlib.h>

#define SKS_STACK(T)                                                           \
  struct {                                                                     \
    T *a;                                                                      \
    size_t n, cap;                                                             \
  }

#define SKS_STACK_RESERVE(S, K)                                                \
  do {                                                                         \
    if ((S).cap < (size_t)(K)) {                                               \
      size_t cap_ = (S).cap ? (S).cap : 16;                                    \
      while (cap_ < (size_t)(K))                                               \
        cap_ *= 2;                                                             \
      (S).a = sks_realloc((S).a, cap_ * sizeof *(S).a);                        \
      (S).cap = cap_;                                                          \
    }                                                                          \
  } while (0)

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
