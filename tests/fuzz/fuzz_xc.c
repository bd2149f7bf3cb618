/* libFuzzer target for the exact-cover reader: any bytes; a problem that
 * reads must be consistent, and every solution the search reports must be
 * an exact cover of its primary items (secondary ones at most once). */
#include "sks_dlx.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct check {
  const sks_xc *xc;
  int *seen;
} check;

static int visit(void *ctx, const int *options, int k) {
  check *c = ctx;
  const sks_xc *xc = c->xc;
  memset(c->seen, 0, (size_t)xc->nitems * sizeof *c->seen);
  for (int i = 0; i < k; i++) {
    int o = options[i];
    if (o < 0 || o >= xc->noptions)
      abort();
    for (int j = xc->ostart[o]; j < xc->ostart[o + 1]; j++)
      if (++c->seen[xc->oitem[j]] > 1)
        abort(); /* an item covered twice */
  }
  for (int item = 0; item < xc->nprimary; item++)
    if (c->seen[item] != 1)
      abort(); /* a primary item left uncovered */
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sks_input *in = sks_input_memory(data, size);
  sks_xc *xc = NULL;
  sks_error err;
  int res = sks_xc_read(in, &xc, &err);
  sks_input_close(in);
  if (res != 0) {
    if (res != -1 || xc || err.line < 0 || err.col < 0 || !err.msg[0])
      abort(); /* a failure always says where and why */
    return 0;
  }
  if (xc->nprimary > xc->nitems || xc->ostart[0] != 0)
    abort();
  for (int o = 0; o < xc->noptions; o++)
    for (int j = xc->ostart[o]; j < xc->ostart[o + 1]; j++)
      if (xc->oitem[j] < 0 || xc->oitem[j] >= xc->nitems)
        abort();
  check c = {xc, calloc((size_t)xc->nitems + 1, sizeof(int))};
  sks_limits lim = {0, 10000}; /* bounded: the fuzzer wants speed */
  int status;
  sks_dlx_search(xc->dlx, 16, &lim, visit, &c, &status);
  free(c.seen);
  sks_xc_delete(xc);
  return 0;
}
