/* A loaded system lowered to CNF with its fixed values and variable map:
 * the one way a CNF backend takes a puzzle and answers for its cells. */
#include "eo.h"
#include "lower.h"
#include "require_int.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

sks_lowered *sks_lowered_new(void) {
  sks_lowered *lw = sks_calloc(1, sizeof *lw);
  lw->cnf = sks_cnf_new();
  return lw;
}

void sks_lowered_delete(sks_lowered *lw) {
  if (!lw)
    return;
  sks_cnf_delete(lw->cnf);
  free(lw->fixed);
  free(lw->cnf_var);
  free(lw);
}

int sks_lowered_load(sks_lowered *lw, const sks_eo *eo,
                     const sks_encode_options *opt) {
  /* Always the open candidates numbered 1..k: a solver given x(r,c,d)
   * as they are would hold n^3 variables, most of them fixed, and pay
   * for each in memory and time (BENCHMARKS.md, "Compact numbering"). */
  sks_encode_options eopt = {SKS_ENCODING_EXTENDED, SKS_AMO_AUTO, true};
  if (opt)
    eopt = *opt;
  eopt.renumber = true;
  lw->status = sks_encode(eo, &eopt, lw->cnf);
  if (eo->nvars > lw->nx || !lw->fixed) {
    lw->fixed = sks_realloc(lw->fixed, (size_t)eo->nvars + 1);
    lw->cnf_var =
        sks_realloc(lw->cnf_var, ((size_t)eo->nvars + 1) * sizeof *lw->cnf_var);
  }
  lw->nx = eo->nvars;
  memcpy(lw->fixed, eo->val, (size_t)eo->nvars + 1);
  const sks_cnf_desc *d = lw->cnf->desc;
  if (d && d->map) {
    memset(lw->cnf_var, 0, ((size_t)eo->nvars + 1) * sizeof *lw->cnf_var);
    for (int i = 0; i < d->nmap; i++)
      lw->cnf_var[d->map[i]] = i + 1;
  } else
    for (int x = 0; x <= eo->nvars; x++)
      lw->cnf_var[x] = x;
  return lw->status;
}

bool sks_lowered_add_clause(sks_lowered *lw, const int *xlits, int n) {
  size_t mark = lw->cnf->nlits;
  for (int i = 0; i < n; i++) {
    int x = abs(xlits[i]);
    sks_require(x >= 1 && x <= lw->nx, "literal beyond the puzzle's variables");
    int sign = xlits[i] > 0 ? 1 : -1;
    if (lw->fixed[x] == sign) {
      lw->cnf->nlits = mark; /* satisfied for good: drop what was added */
      return false;
    }
    if (!lw->fixed[x] && lw->cnf_var[x])
      sks_cnf_add(lw->cnf, sign * lw->cnf_var[x]);
  }
  sks_cnf_add(lw->cnf, 0);
  return true;
}
