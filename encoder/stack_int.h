/* Private: the one growable-array idiom (after Kissat's stack.h) and
 * allocation helpers that abort on exhaustion (the only way out the
 * library takes: it cannot go on without memory). */
#ifndef SKS_STACK_INT_H
#define SKS_STACK_INT_H

#include <stddef.h>
#include <stdlib.h>

void *sks_malloc(size_t bytes);
void *sks_calloc(size_t count, size_t size);
void *sks_realloc(void *p, size_t bytes);
char *sks_strdup(const char *s);

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
