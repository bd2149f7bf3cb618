/* The plain CNF of a puzzle, built from its regions and givens alone, and
 * the checker's own solution validator.  Clause counts for side n with R
 * regions (9x9: R = 27):
 *
 *   cells              n*n at-least-one        n*n * n(n-1)/2 binary
 *   region x digit     R*n at-least-one        R*n * n(n-1)/2 binary
 *   givens             one unit each           removed candidates: one
 *                                              negative unit each
 *
 * (9x9: 324 + 11,664 clauses before the givens; 81x81: 85 million, about
 * 255 million literals with their ends.)  sks_plain_size gives these
 * counts before anything is built.  A puzzle's variant rules add their
 * plain clauses after the units (plain_rules.c). */
#include "clauses_int.h"
#include "plain_int.h"
#include "sks_checker.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

uint64_t sks_plain_hash(const sks_puzzle *p) {
  const sks_shape *s = p->shape;
  int n = s->n, head[2] = {n, s->nregions};
  uint64_t h = sks_hash_words(head, 2, 1469598103934665603ull);
  h = sks_hash_words(s->region, (size_t)s->nregions * n, h);
  h = sks_hash_words(p->cell, (size_t)n * n, h);
  if (p->removed) /* the removed candidates as their cell-digit indices */
    for (size_t i = 0; i < (size_t)n * n * n; i++)
      if (p->removed[i]) {
        int k = (int)i;
        h = sks_hash_words(&k, 1, h);
      }
  for (int i = 0; p->rules && i < p->rules->count; i++) {
    const sks_rule *r = &p->rules->rule[i];
    int words[5] = {(int)r->kind, r->value, r->ncells, r->split, r->ndigits};
    h = sks_hash_words(words, 5, h);
    h = sks_hash_words(r->cells, (size_t)r->ncells, h);
    h = sks_hash_words(r->digits, (size_t)r->ndigits, h);
  }
  return h;
}

/* The literals of one exactly-one group: at least one, then every pair. */
static void exactly_one(sks_clauses *cl, const int *var, int k) {
  sks_clauses_reserve(cl, (size_t)k + 1 + (size_t)k * (k - 1) / 2 * 3);
  for (int i = 0; i < k; i++)
    sks_clauses_add(cl, var[i]);
  sks_clauses_add(cl, 0);
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < k; j++) {
      cl->lit[cl->nlits++] = -var[i];
      cl->lit[cl->nlits++] = -var[j];
      cl->lit[cl->nlits++] = 0;
      cl->nclauses++;
    }
}

static int var_of(int n, int cell, int d) {
  return cell * n + d + 1;
}

/* The shape's side and regions, hashed: a first filter for the words the
 * prefix depends on. */
static uint64_t shape_key(const sks_shape *s) {
  int head[2] = {s->n, s->nregions};
  uint64_t h = sks_hash_words(head, 2, 1469598103934665603ull);
  return sks_hash_words(s->region, (size_t)s->nregions * s->n, h);
}

/* Is the list's prefix that of shape s?  The key first, then every word
 * the prefix is built from (side, region count, the regions in order):
 * two shapes whose keys collide are still told apart. */
static bool same_shape(const sks_clauses *cl, const sks_shape *s,
                       uint64_t key) {
  size_t nreg = (size_t)s->nregions * s->n;
  if (!cl->base || cl->base > cl->nlits || cl->base_key != key ||
      cl->base_nshape != 2 + nreg)
    return false;
  const int *w = cl->base_shape;
  return w[0] == s->n && w[1] == s->nregions &&
         !memcmp(w + 2, s->region, nreg * sizeof *w);
}

/* Records the shape the prefix is of, in full. */
static void keep_shape(sks_clauses *cl, const sks_shape *s, uint64_t key) {
  size_t nreg = (size_t)s->nregions * s->n;
  if (cl->base_shape_cap < 2 + nreg) {
    cl->base_shape =
        sks_realloc(cl->base_shape, (2 + nreg) * sizeof *cl->base_shape);
    cl->base_shape_cap = 2 + nreg;
  }
  cl->base_shape[0] = s->n;
  cl->base_shape[1] = s->nregions;
  memcpy(cl->base_shape + 2, s->region, nreg * sizeof *cl->base_shape);
  cl->base_nshape = 2 + nreg;
  cl->base_key = key;
}

void sks_plain_size(const sks_puzzle *p, size_t *clauses, size_t *lits) {
  const sks_shape *s = p->shape;
  size_t n = (size_t)s->n, groups = n * n + (size_t)s->nregions * n;
  size_t pairs = n * (n - 1) / 2, units = 0;
  for (size_t i = 0; i < n * n; i++) {
    units += p->cell[i] >= 0;
    if (p->removed)
      for (size_t d = 0; d < n; d++)
        units += p->removed[i * n + d] != 0;
  }
  *clauses = groups * (1 + pairs) + units;
  *lits = groups * (n + 1 + 3 * pairs) + 2 * units;
  if (p->rules) { /* counted by building them (puzzles with rules are small) */
    sks_clauses r;
    sks_clauses_init(&r);
    sks_plain_rules(p, &r);
    *clauses += r.nclauses;
    *lits += r.nlits;
    sks_clauses_free(&r);
  }
}

/* Every clause but the units: the exactly-one groups of the cells and of
 * every region and digit; false when the deadline passed first (cl then
 * holds no prefix). */
static bool build_prefix(const sks_shape *s, sks_clauses *cl, size_t want,
                         double deadline) {
  int n = s->n;
  int *var = sks_malloc((size_t)n * sizeof *var);
  sks_clauses_clear(cl);
  sks_clauses_reserve_exactly(cl, want);
  bool ok = true;
  for (int i = 0; ok && i < n * n; i++) {
    for (int d = 0; d < n; d++)
      var[d] = var_of(n, i, d);
    exactly_one(cl, var, n);
    ok = !sks_past(deadline);
  }
  for (int k = 0; ok && k < s->nregions; k++) {
    const int *reg = s->region + (size_t)k * n;
    for (int d = 0; ok && d < n; d++) {
      for (int j = 0; j < n; j++)
        var[j] = var_of(n, reg[j], d);
      exactly_one(cl, var, n);
      ok = !sks_past(deadline);
    }
  }
  free(var);
  if (!ok) {
    sks_clauses_clear(cl);
    return false;
  }
  cl->base = cl->nlits;
  cl->base_clauses = cl->nclauses;
  return true;
}

int sks_plain_cnf_until(const sks_puzzle *p, sks_clauses *cl, double deadline) {
  const sks_shape *s = p->shape;
  int n = s->n;
  uint64_t key = shape_key(s);
  /* the whole list at once, with room for the clause that excludes a
   * solution */
  size_t nclauses, want;
  sks_plain_size(p, &nclauses, &want);
  want += (size_t)n * n + 1;
  if (same_shape(cl, s, key)) {
    /* the same shape as the list holds: its prefix kept, units again */
    cl->nlits = cl->base;
    cl->nclauses = cl->base_clauses;
    cl->nvars = n * n * n; /* what the prefix names: a rule's auxiliary
                              variables are numbered from here again */
    sks_clauses_reserve_exactly(cl, want);
  } else {
    if (!build_prefix(s, cl, want, deadline))
      return -1;
    keep_shape(cl, s, key);
  }
  for (int i = 0; i < n * n; i++) {
    if (p->cell[i] >= 0) {
      sks_clauses_add(cl, var_of(n, i, p->cell[i]));
      sks_clauses_add(cl, 0);
    }
    if (p->removed)
      for (int d = 0; d < n; d++)
        if (p->removed[(size_t)i * n + d]) {
          sks_clauses_add(cl, -var_of(n, i, d));
          sks_clauses_add(cl, 0);
        }
  }
  sks_plain_rules(p, cl);
  return 0;
}

void sks_plain_cnf(const sks_puzzle *p, sks_clauses *cl) {
  sks_plain_cnf_until(p, cl, 0);
}

void sks_plain_exclude(int n, const int *grid, sks_clauses *cl) {
  for (int i = 0; i < n * n; i++)
    sks_clauses_add(cl, -var_of(n, i, grid[i]));
  sks_clauses_add(cl, 0);
}

bool sks_plain_valid(const sks_puzzle *p, const int *grid, sks_error *why) {
  int n = p->shape->n;
  for (int i = 0; i < n * n; i++) {
    int r = i / n + 1, c = i % n + 1, d = grid[i];
    if (d < 0 || d >= n) {
      sks_error_set(why, -1, 0, 0, "cell r%dc%d has no digit", r, c);
      return false;
    }
    if (p->cell[i] >= 0 && p->cell[i] != d) {
      sks_error_set(why, -1, 0, 0, "cell r%dc%d holds %d, the puzzle gives %d",
                    r, c, d + 1, p->cell[i] + 1);
      return false;
    }
    if (p->removed && p->removed[(size_t)i * n + d]) {
      sks_error_set(why, -1, 0, 0,
                    "cell r%dc%d holds %d, not among its candidates", r, c,
                    d + 1);
      return false;
    }
  }
  unsigned char *seen = sks_malloc((size_t)n);
  bool ok = true;
  for (int k = 0; ok && k < p->shape->nregions; k++) {
    const int *reg = p->shape->region + (size_t)k * n;
    memset(seen, 0, (size_t)n);
    for (int j = 0; ok && j < n; j++) {
      int d = grid[reg[j]];
      if (seen[d]) {
        sks_error_set(why, -1, 0, 0, "digit %d twice in region %d (r%dc%d)",
                      d + 1, k + 1, reg[j] / n + 1, reg[j] % n + 1);
        ok = false;
      }
      seen[d] = 1;
    }
  }
  free(seen);
  const sks_rule *broken = ok ? sks_plain_rules_broken(p, grid) : NULL;
  if (broken) {
    if (broken->line > 0)
      sks_error_set(why, -1, 0, 0, "the %s rule of line %ld is broken",
                    sks_rule_name(broken->kind), broken->line);
    else
      sks_error_set(why, -1, 0, 0, "the %s rule is broken",
                    sks_rule_name(broken->kind));
    ok = false;
  }
  return ok;
}
