/* libFuzzer target for the solver-output reader: any bytes; a model that
 * reads is consistent, and checking it against a small CNF is safe. */
#define _POSIX_C_SOURCE 200809L
#include "sks_decoder.h"

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sks_input *in = sks_input_memory(data, size);
  sks_model *m = sks_model_new();
  sks_error err;
  int res = sks_model_read(in, m, &err);
  sks_input_close(in);
  if (res != 0) {
    if (res != -1 || !err.msg[0] || m->nvars != 0)
      abort();
  } else {
    if (m->status != SKS_SAT && m->status != SKS_UNSAT &&
        m->status != SKS_UNKNOWN)
      abort();
    if (m->status != SKS_SAT && m->nvars)
      abort();
    for (int v = 1; v <= m->nvars && v <= 4096; v++)
      if (m->val[v] < -1 || m->val[v] > 1)
        abort();
    sks_cnf *cnf = sks_cnf_new();
    int c[] = {1, -2, 3, -1000};
    sks_cnf_add_clause(cnf, c, 4);
    sks_cnf_add_clause(cnf, c + 1, 2);
    bool sat = sks_model_satisfies(m, cnf, &err);
    /* The first clause holds exactly when one of its literals is true. */
    bool want = false;
    for (int k = 0; k < 4; k++) {
      int v = abs(c[k]);
      want = want || (v <= m->nvars && m->val[v] == (c[k] > 0 ? 1 : -1));
    }
    bool want2 =
        (2 <= m->nvars && m->val[2] == -1) || (3 <= m->nvars && m->val[3] == 1);
    if (sat != (want && want2))
      abort();
    sks_cnf_delete(cnf);
  }
  sks_model_delete(m);
  return 0;
}
