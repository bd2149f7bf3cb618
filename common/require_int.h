/* Private: API misuse checks (after Kissat's require.h).  A violated
 * requirement is a bug in the caller: name the function and abort. */
#ifndef SKS_REQUIRE_INT_H
#define SKS_REQUIRE_INT_H

void sks_require_fail(const char *func, const char *what);

#define sks_require(COND, WHAT)                                                \
  do {                                                                         \
    if (!(COND))                                                               \
      sks_require_fail(__func__, WHAT);                                        \
  } while (0)

#endif
