/* placeholder backend: being written */
#include "solver_int.h"

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  (void)opt;
  sks_error_set(err, -1, 0, 0, "backend 'external' is not available yet");
  return NULL;
}

const sks_backend_ops sks_external_backend = {
    .info = {"external", 0, "not available yet"},
    .create = create,
};
