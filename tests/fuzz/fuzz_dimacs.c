/* libFuzzer target for the DIMACS reader: any bytes; what reads must write
 * and read back to the same clauses and description. */
#define _POSIX_C_SOURCE 200809L
#include "sks_formats.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void ignore(void *ctx, const sks_error *w) {
  (void)ctx;
  if (w->msg[0] == 0)
    abort(); /* every warning says something */
}

static bool same_desc(const sks_cnf_desc *a, const sks_cnf_desc *b) {
  if (!a || !b)
    return a == b;
  size_t cells = (size_t)a->n * a->n;
  return a->n == b->n && a->box_rows == b->box_rows &&
         a->box_cols == b->box_cols && a->variants == b->variants &&
         a->encoding == b->encoding && a->amo == b->amo &&
         a->propagate == b->propagate && a->nmap == b->nmap &&
         !a->jigsaw == !b->jigsaw &&
         !memcmp(a->given, b->given, cells * sizeof(int)) &&
         (!a->jigsaw || !memcmp(a->jigsaw, b->jigsaw, cells * sizeof(int))) &&
         (!a->map || !memcmp(a->map, b->map, (size_t)a->nmap * sizeof(int)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sks_input *in = sks_input_memory(data, size);
  sks_cnf *cnf = sks_cnf_new();
  sks_error err;
  int res = sks_dimacs_read(in, cnf, true, ignore, NULL, &err);
  sks_input_close(in);
  if (res != 0) {
    if (res != -1 || err.line < 0 || err.col < 0 || !err.msg[0])
      abort();
    sks_cnf_delete(cnf);
    return 0;
  }
  /* Invariants of what was read. */
  long clauses = 0;
  for (size_t i = 0; i < cnf->nlits; i++) {
    clauses += cnf->lits[i] == 0;
    if (abs(cnf->lits[i]) > cnf->nvars)
      abort();
  }
  if (clauses != cnf->nclauses || (cnf->nlits && cnf->lits[cnf->nlits - 1]))
    abort();
  if (cnf->desc) {
    sks_puzzle *p = sks_cnf_desc_puzzle(cnf->desc, &err);
    sks_puzzle_delete(p);
  }
  /* Round trip. */
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f || sks_dimacs_write(cnf, f, &err) != 0)
    abort();
  fclose(f);
  sks_cnf *back = sks_cnf_new();
  in = sks_input_memory(buf, len);
  if (sks_dimacs_read(in, back, true, NULL, NULL, &err) != 0) {
    fprintf(stderr, "written CNF does not read back: %ld:%ld: %s\n", err.line,
            err.col, err.msg);
    abort();
  }
  sks_input_close(in);
  if (back->nvars != cnf->nvars || back->nclauses != cnf->nclauses ||
      back->nlits != cnf->nlits || back->maxlen != cnf->maxlen ||
      (cnf->nlits && memcmp(back->lits, cnf->lits, cnf->nlits * sizeof(int))) ||
      !same_desc(cnf->desc, back->desc))
    abort();
  free(buf);
  sks_cnf_delete(back);
  sks_cnf_delete(cnf);
  return 0;
}
