/* A minimal test harness: CHECK records failures and goes on; main
 * returns check_report(), which prints "N passed, N failed". */
#ifndef SKS_CHECK_H
#define SKS_CHECK_H

#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(COND)                                                            \
  do {                                                                         \
    if (COND)                                                                  \
      check_passed++;                                                          \
    else {                                                                     \
      check_failed++;                                                          \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #COND); \
    }                                                                          \
  } while (0)

#define CHECK_EQ(A, B)                                                         \
  do {                                                                         \
    long long a_ = (long long)(A), b_ = (long long)(B);                        \
    if (a_ == b_)                                                              \
      check_passed++;                                                          \
    else {                                                                     \
      check_failed++;                                                          \
      fprintf(stderr, "%s:%d: check failed: %s == %s (%lld != %lld)\n",        \
              __FILE__, __LINE__, #A, #B, a_, b_);                             \
    }                                                                          \
  } while (0)

static inline int check_report(void) {
  printf("%d passed, %d failed\n", check_passed, check_failed);
  return check_failed ? 1 : 0;
}

#endif
