/* A minimal test harness: CHECK records failures and goes on; main
 * returns check_report(), which prints "N passed, N failed". */
#ifndef SKS_CHECK_H
#define SKS_CHECK_H

#include <stdio.h>
#include <unistd.h>

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

static int check_skipped;

/* check_skip(WHAT, WHY): a part not run, said on standard output (ctest
 * prints only "Skipped"; `ctest -V` and Testing/Temporary/LastTest.log
 * show the line): WHY names what is missing and where it was looked for.
 * main then returns 77, which ctest reports as skipped, not passed
 * (tests/CMakeLists.txt, SKIP_RETURN_CODE), unless a check failed. */
static inline void check_skip(const char *what, const char *why) {
  check_skipped++;
  printf("SKIPPED %s: %s\n", what, why);
}

/* The path of FILE in ../shared, the data beside the clone (or beside a
 * worktree's folder), which is not part of the repository, from tests/
 * where the unit tests run; NULL, with check_skip saying what of TESTED
 * was not tested and where FILE was looked for, when it is not there. */
static inline const char *check_shared(const char *file, const char *tested) {
  static char path[2][1024];
  static const char *up[2] = {"../..", "../../.."};
  char cwd[800];
  if (!getcwd(cwd, sizeof cwd))
    snprintf(cwd, sizeof cwd, ".");
  for (int i = 0; i < 2; i++) {
    snprintf(path[i], sizeof path[i], "%s/%s/shared/%s", cwd, up[i], file);
    if (access(path[i], R_OK) == 0)
      return path[i];
  }
  char why[3000];
  snprintf(why, sizeof why,
           "neither %s nor %s is there (../shared is not part of the "
           "clone): %s was NOT tested",
           path[0], path[1], tested);
  check_skip(file, why);
  return NULL;
}

static inline int check_report(void) {
  if (check_skipped)
    printf("%d passed, %d failed, %d skipped\n", check_passed, check_failed,
           check_skipped);
  else
    printf("%d passed, %d failed\n", check_passed, check_failed);
  return check_failed ? 1 : check_skipped ? 77 : 0;
}

#endif
