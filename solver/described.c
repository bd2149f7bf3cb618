/* A written CNF solved from the puzzle its description gives (the exact
 * engines dlx and bits): the puzzle, its system and the CNF's variable
 * map, kept by the backend between loads. */
#include "eo.h"
#include "memory_int.h"
#include "solver_int.h"

#include <stdlib.h>
#include <string.h>

int sks_described_load(sks_described *d, const sks_cnf *cnf, double deadline,
                       const char *what, sks_error *err) {
  if (!cnf->desc)
    return sks_error_set(
        err, -1, 0, 0,
        "not %s: this CNF carries no puzzle description (%s solves only a "
        "CNF that 'sudokusat encode' wrote, from the puzzle it describes; "
        "use --backend picosat for any CNF)",
        what, strrchr(what, ' ') + 1);
  if (cnf->desc->rules)
    return sks_error_set(
        err, -1, 0, 0,
        "not %s: this CNF's puzzle has variant rules (the first a %s rule), "
        "which %s does not take; use --backend cadical or picosat",
        what, sks_rule_name(cnf->desc->rules->rule[0].kind),
        strrchr(what, ' ') + 1);
  sks_puzzle *p = sks_cnf_desc_puzzle(cnf->desc, err);
  if (!p)
    return -1;
  if (!d->eo || !sks_shape_same(d->eo->shape, p->shape)) {
    sks_eo_delete(d->eo);
    d->eo = sks_eo_new(p->shape);
  }
  sks_puzzle_delete(d->puzzle);
  d->puzzle = p;
  sks_eo_set_deadline(d->eo, deadline);
  sks_eo_load(d->eo, p, cnf->desc->propagate);
  sks_described_unmap(d);
  if (cnf->desc->map) {
    d->nmap = cnf->desc->nmap;
    d->map = sks_malloc(((size_t)d->nmap + 1) * sizeof *d->map);
    memcpy(d->map, cnf->desc->map, (size_t)d->nmap * sizeof *d->map);
  }
  return 0;
}

void sks_described_unmap(sks_described *d) {
  free(d->map);
  d->map = NULL;
  d->nmap = 0;
}

void sks_described_free(sks_described *d) {
  sks_eo_delete(d->eo);
  sks_puzzle_delete(d->puzzle);
  free(d->map);
  memset(d, 0, sizeof *d);
}

int sks_described_var(const sks_described *d, int var) {
  if (!d->map)
    return var;
  return var >= 1 && var <= d->nmap ? d->map[var - 1] : 0;
}
