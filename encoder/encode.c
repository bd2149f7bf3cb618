/* Lowering the exactly-one system to CNF: per open group an at-least-one
 * clause and an at-most-one encoding, as the chosen encoding asks.
 *
 *   9x9, no givens    cell ALO  cell AMO  region ALO  region AMO   clauses
 *   minimal             81        -          -        243 x 36      8,829
 *   efficient           81      81 x 36      -        243 x 36     11,745
 *   extended            81      81 x 36     243       243 x 36     11,988
 */
#include "eo.h"
#include "encode_int.h"
#include "require_int.h"
#include "stack_int.h"

#include <assert.h>
#include <string.h>

/* Each choice's names, indexed by its enum: one table serves both ways,
 * name and parse, so the two cannot drift apart. */
static const char *const ENCODING_NAMES[] = {"minimal", "efficient",
                                             "extended"};
static const char *const AMO_NAMES[] = {"auto",    "pairwise",  "sequential",
                                        "product", "commander", "bimander"};
static const char *const PROPAGATE_NAMES[] = {"givens", "singles", "locked"};

enum {
  NENCODINGS = (int)(sizeof ENCODING_NAMES / sizeof *ENCODING_NAMES),
  NAMOS = (int)(sizeof AMO_NAMES / sizeof *AMO_NAMES),
  NPROPAGATES = (int)(sizeof PROPAGATE_NAMES / sizeof *PROPAGATE_NAMES)
};
_Static_assert(NENCODINGS == SKS_ENCODING_EXTENDED + 1, "encoding names");
_Static_assert(NAMOS == SKS_AMO_BIMANDER + 1, "amo names");
_Static_assert(NPROPAGATES == SKS_PROPAGATE_LOCKED + 1, "propagate names");

/* A value out of range gets fallback's name (the strongest choice, or
 * "auto" for the AMO), so every value names a choice the parsers know. */
static const char *name_of(unsigned value, const char *const *names, int count,
                           int fallback) {
  return names[value < (unsigned)count ? (int)value : fallback];
}

const char *sks_encoding_name(sks_encoding e) {
  return name_of((unsigned)e, ENCODING_NAMES, NENCODINGS,
                 SKS_ENCODING_EXTENDED);
}

const char *sks_amo_name(sks_amo a) {
  return name_of((unsigned)a, AMO_NAMES, NAMOS, SKS_AMO_AUTO);
}

const char *sks_propagate_name(sks_propagate p) {
  return name_of((unsigned)p, PROPAGATE_NAMES, NPROPAGATES,
                 SKS_PROPAGATE_LOCKED);
}

int sks_encoding_parse(const char *name, sks_encoding *out) {
  int i = sks_name_index(name, ENCODING_NAMES, NENCODINGS);
  if (i < 0)
    return -1;
  *out = (sks_encoding)i;
  return 0;
}

int sks_amo_parse(const char *name, sks_amo *out) {
  int i = sks_name_index(name, AMO_NAMES, NAMOS);
  if (i < 0)
    return -1;
  *out = (sks_amo)i;
  return 0;
}

int sks_propagate_parse(const char *name, sks_propagate *out) {
  int i = sks_name_index(name, PROPAGATE_NAMES, NPROPAGATES);
  if (i < 0)
    return -1;
  *out = (sks_propagate)i;
  return 0;
}

static void fill_desc(const sks_eo *eo, const sks_encode_options *opt,
                      sks_cnf *cnf) {
  const sks_shape *shape = eo->shape;
  int n = eo->n, cells = n * n;
  sks_cnf_desc *d = cnf->desc;
  if (d && d->n != n) {
    sks_rules_release(d->rules);
    free(d->jigsaw);
    free(d->given);
    free(d->removed);
    free(d->map);
    free(d);
    d = NULL;
  }
  if (!d) {
    d = sks_calloc(1, sizeof *d);
    d->given = sks_malloc((size_t)cells * sizeof *d->given);
    cnf->desc = d;
  }
  d->n = n;
  d->box_rows = shape->box_rows;
  d->box_cols = shape->box_cols;
  d->variants = shape->variants;
  free(d->jigsaw);
  d->jigsaw = NULL;
  if (shape->jigsaw) {
    d->jigsaw = sks_malloc((size_t)cells * sizeof *d->jigsaw);
    memcpy(d->jigsaw, shape->jigsaw, (size_t)cells * sizeof *d->jigsaw);
  }
  memcpy(d->given, eo->given, (size_t)cells * sizeof *d->given);
  if (eo->has_removed) {
    d->removed = sks_realloc(d->removed, (size_t)eo->nvars);
    memcpy(d->removed, eo->removed, (size_t)eo->nvars);
  } else {
    free(d->removed);
    d->removed = NULL;
  }
  if (d->rules != eo->rules) {
    const sks_rules *old = d->rules;
    d->rules = sks_rules_retain(eo->rules);
    sks_rules_release(old);
  }
  d->encoding = opt->encoding;
  d->amo = opt->amo;
  d->propagate = (sks_propagate)eo->level;
  d->nmap = 0;
}

int sks_encode(const sks_eo *eo, const sks_encode_options *opt, sks_cnf *cnf) {
  return sks_encode_stream(eo, opt, cnf, NULL, NULL);
}

/* Clauses are handed to drain once this many literals are waiting. */
enum { DRAIN_LITS = 1 << 20 };

int sks_encode_stream(const sks_eo *eo, const sks_encode_options *opt,
                      sks_cnf *cnf, sks_drain_fn drain, void *ctx) {
  static const sks_encode_options defaults = {SKS_ENCODING_EXTENDED,
                                              SKS_AMO_AUTO, false};
  if (!opt)
    opt = &defaults;
  sks_cnf_clear(cnf);
  fill_desc(eo, opt, cnf);
  sks_cnf_desc *desc = cnf->desc;
  if (eo->status == SKS_UNSAT) {
    cnf->nvars = 0;
    sks_cnf_add(cnf, 0); /* the empty clause */
    if (drain) {
      drain(ctx, cnf);
      cnf->nlits = 0;
    }
    return SKS_UNSAT;
  }
  /* Variable numbering: identity on x(r,c,d), or open candidates 1..k. */
  int *num = NULL;
  int next = eo->nvars + 1;
  if (opt->renumber) {
    num = sks_calloc((size_t)eo->nvars + 1, sizeof *num);
    desc->map = sks_realloc(desc->map,
                            ((size_t)eo->nopen_vars + 1) * sizeof *desc->map);
    int k = 0;
    for (int v = 1; v <= eo->nvars; v++)
      if (!eo->val[v]) {
        num[v] = ++k;
        desc->map[k - 1] = v;
      }
    desc->nmap = k;
    next = k + 1;
  }
  bool cell_amo = opt->encoding != SKS_ENCODING_MINIMAL;
  bool region_alo = opt->encoding == SKS_ENCODING_EXTENDED;
  int lits[SKS_MAX_N], vars[SKS_MAX_N];
  for (int g = 0; g < eo->ngroups; g++) {
    if (eo->gdone[g])
      continue;
    if (!(g & 1023) && sks_past(eo->deadline)) {
      cnf->cut = true; /* the system's deadline (big grids lower slowly) */
      break;
    }
    int k = 0;
    sks_eo_group_vars(eo, g, vars);
    for (int j = 0; j < eo->n; j++) {
      int v = vars[j];
      if (!eo->val[v])
        lits[k++] = num ? num[v] : v;
    }
    assert(k > 0 && k <= eo->n);
    bool cell = sks_eo_group_kind(eo, g) == SKS_GROUP_CELL;
    if (cell || region_alo)
      sks_cnf_add_clause(cnf, lits, k);
    if (!cell || cell_amo)
      sks_amo_encode(cnf, opt->amo, lits, k, &next);
    if (drain && cnf->nlits >= DRAIN_LITS) {
      drain(ctx, cnf);
      cnf->nlits = 0;
    }
  }
  if (eo->rules && !cnf->cut)
    sks_rules_lower(eo, eo->rules, num, opt->amo, cnf, &next);
  /* The header names the largest variable used (every open candidate is
   * in its cell's clause); models leave the others unassigned. */
  if (cnf->nvars < next - 1)
    cnf->nvars = next - 1;
  free(num);
  if (drain) {
    drain(ctx, cnf);
    cnf->nlits = 0;
  }
  return eo->status;
}

int sks_encode_base(const sks_shape *shape, const sks_encode_options *opt,
                    sks_cnf *cnf) {
  sks_encode_options eopt = {SKS_ENCODING_EXTENDED, SKS_AMO_AUTO, false};
  if (opt)
    eopt = *opt;
  eopt.renumber = false; /* the base speaks of x(r,c,d) */
  sks_eo *empty = sks_eo_new(shape);
  sks_eo_load(empty, NULL, SKS_PROPAGATE_GIVENS);
  int status = sks_encode(empty, &eopt, cnf);
  sks_eo_delete(empty);
  return status;
}
