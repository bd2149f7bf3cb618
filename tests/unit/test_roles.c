/* The registry's roles (sks_backend_for): each is a backend of the
 * registry whose capabilities are the role's, so a cross-check or a
 * generator that asks for one gets an engine of that kind. */
#include "check.h"
#include "sudokusat.h"

/* Whether b is one of the registry's (the same entry, not a copy). */
static int registered(const sks_backend *b) {
  for (const sks_backend *const *all = sks_backends(); *all; all++)
    if (*all == b)
      return 1;
  return 0;
}

int main(void) {
  const sks_backend *counter = sks_backend_for(SKS_ROLE_COUNTER);
  const sks_backend *blocking = sks_backend_for(SKS_ROLE_BLOCKING);
  const sks_backend *cdcl = sks_backend_for(SKS_ROLE_CDCL);
  CHECK(registered(counter) && registered(blocking) && registered(cdcl));
  /* a native counter takes no clauses: the other kind from blocking */
  CHECK(counter->caps & SKS_CAP_COUNT);
  CHECK(!(counter->caps & SKS_CAP_BLOCK));
  CHECK(blocking->caps & SKS_CAP_BLOCK);
  CHECK(!(blocking->caps & SKS_CAP_COUNT));
  CHECK(cdcl->caps & SKS_CAP_BLOCK);
  /* all three prove that there is none, and load puzzles */
  CHECK(counter->caps & blocking->caps & cdcl->caps & SKS_CAP_UNSAT);
  CHECK(counter->caps & blocking->caps & cdcl->caps & SKS_CAP_EO);
  /* and each starts */
  const sks_backend *each[] = {counter, blocking, cdcl};
  for (int i = 0; i < 3; i++) {
    sks_error err = {0};
    sks_solver *s = sks_solver_new(each[i]->name, NULL, &err);
    CHECK(s != NULL && sks_solver_backend(s) == each[i]);
    sks_solver_delete(s);
  }
  return check_report();
}
