/* The hall backend: the project's own CDCL engine (hall_int.h) as an
 * engine of the shared CDCL layer (solver/cdcl.c), so it takes puzzles of
 * every shape and variant (their rules lowered to clauses), CNF files,
 * blocking clauses for counting, the races of a big grid, and the time
 * and step limits, as picosat and cadical do.  Between puzzles on the
 * same base rules it forgets what the last one taught it, so an answer
 * does not depend on the puzzles before it. */
#include "cdcl_int.h"
#include "cages.h"
#include "eo.h"
#include "hall_int.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The settings in the SKS_HALL environment variable, words separated by
 * commas (docs/backends.md): each word sets a flag of hall_config, or
 * its modes. */
static const struct {
  const char *word;
  size_t flag;      /* offsetof the bool it sets, or 0 */
  hall_modes modes; /* with flag 0 */
} settings[] = {
    {"groups", offsetof(hall_config, groups), 0},
    {"both", 0, HALL_MODES_BOTH},
    {"focused", 0, HALL_MODES_FOCUSED},
    {"stable", 0, HALL_MODES_STABLE},
    {"no-rephase", offsetof(hall_config, no_rephase), 0},
    {"no-reuse", offsetof(hall_config, no_reuse), 0},
    {"no-sums", offsetof(hall_config, no_sums), 0},
    {"sums-naive", offsetof(hall_config, sums_naive), 0},
    {"sums-match", offsetof(hall_config, sums_match), 0},
    {"no-innies", offsetof(hall_config, no_innies), 0},
    {"no-crossing", offsetof(hall_config, no_crossing), 0},
    {"bands", offsetof(hall_config, bands), 0},
    {"no-shrink", offsetof(hall_config, no_shrink), 0},
    {"no-subsume", offsetof(hall_config, no_subsume), 0},
    {"slow-reduce", offsetof(hall_config, slow_reduce), 0},
    {"no-probe", offsetof(hall_config, no_probe), 0},
    {"probe", offsetof(hall_config, probe), 0},
    {"no-hbr", offsetof(hall_config, no_hbr), 0},
};
enum { NSETTINGS = sizeof settings / sizeof *settings };

/* The settings SKS_HALL holds; the first word not known is put in bad
 * (NULL when none). */
static hall_config config(const char **bad, size_t *bad_len) {
  hall_config cfg = {0};
  const char *s = getenv("SKS_HALL");
  *bad = NULL;
  *bad_len = 0;
  while (s && *s) {
    size_t n = strcspn(s, ",");
    int k = 0;
    while (k < NSETTINGS &&
           !(strlen(settings[k].word) == n && !strncmp(s, settings[k].word, n)))
      k++;
    if (k < NSETTINGS && settings[k].flag)
      *(bool *)((char *)&cfg + settings[k].flag) = true;
    else if (k < NSETTINGS)
      cfg.modes = settings[k].modes;
    else if (n && !*bad) {
      *bad = s;
      *bad_len = n;
    }
    s += n + (s[n] == ',');
  }
  return cfg;
}

static void *init(unsigned long long seed) {
  sks_hall *h = sks_hall_new(seed);
  const char *bad;
  size_t bad_len;
  hall_config cfg = config(&bad, &bad_len);
  sks_hall_configure(h, &cfg);
  return h;
}

static void counters(const sks_hall *h, sks_stats *st) {
  st->conflicts += h->st.conflicts;
  st->decisions += h->st.decisions;
  st->propagations += h->st.propagations;
  st->restarts += h->st.restarts;
}

static void release(void *e, sks_stats *st) {
  counters(e, st);
  sks_hall_delete(e);
}

static void reserve(void *e, int nvars) {
  sks_hall_reserve(e, nvars);
}
static void add(void *e, int lit) {
  sks_hall_add(e, lit);
}
static void assume(void *e, int lit) {
  sks_hall_assume(e, lit);
}
static int solve(void *e, long long max_steps) {
  return sks_hall_solve(e, max_steps);
}
static int val(void *e, int var) {
  return sks_hall_val(e, var);
}
static int nvars(void *e) {
  return ((sks_hall *)e)->nvars;
}
static void set_terminate(void *e, void *state, int (*fn)(void *)) {
  sks_hall_set_terminate(e, state, fn);
}

static void stats(void *e, sks_stats *st) {
  counters(e, st);
  size_t bytes = sks_hall_bytes(e);
  if (bytes > st->bytes)
    st->bytes = bytes;
}

static void new_puzzle(void *e, unsigned long long seed, bool searched) {
  (void)searched;
  sks_hall_forget(e, seed);
}

/* One term of a sum: cell's candidates as options (the value fixed by
 * propagation, or those still in the clauses), times coef. */
static void cell_term(sks_hall *h, int n, int cell, int coef, int group,
                      const int *var, const signed char *fixed) {
  sks_hall_sum_term(h, coef, group);
  for (int d = 0; d < n; d++) {
    int x = sks_cell_var(n, cell, d);
    if (fixed[x] > 0)
      sks_hall_sum_option(h, d + 1, 0);
    else if (!fixed[x] && var[x] > 0) {
      sks_hall_reserve(h, var[x]);
      sks_hall_sum_option(h, d + 1, var[x]);
    }
  }
}

/* Implied sums of more than one house, or outside one, are bounded
 * only, so they are kept when they have at most this many cells. */
#define IMPLIED_MAX 6

/* The sums a person reads from killer cages (of the cages with a total
 * that share no cell, the first of two that do): for an area of whole
 * houses (a house, or a band of rows or columns), the cells outside the
 * cages inside it (innies) sum to its total less theirs, and when cages
 * cover the area, the cells of the cages crossing its edge that lie
 * outside it (outies) sum to those cages' total less the innies'.  A
 * house's innies hold different digits; the other sums are bounded, and
 * taken only with the bands setting (measured: more CPU, no fewer
 * conflicts, BENCHMARKS.md, "hall: sums inside the search"). */
/* A total of values over cells of coefficients summing to coef_sum, as
 * a total of their digits 1..n: under from-zero (sks_rules_first_value
 * 0) a digit d is worth d - 1, so the digits' total is coef_sum more. */
static long digit_total(const sks_rules *rs, long total, long coef_sum) {
  return total + (1 - sks_rules_first_value(rs)) * coef_sum;
}

typedef struct area {
  const int *cage;     /* cell -> rule, -1 */
  unsigned char *in;   /* by cell: in the area */
  int *rest, *out;     /* scratch of n*n cells */
  unsigned char *seen; /* by rule: a crossing cage counted */
} area;

static void area_sums(sks_hall *h, const sks_eo *eo, const int *var,
                      const signed char *fixed, area *a, int houses,
                      bool house) {
  const sks_rules *rs = eo->rules;
  int n = eo->n, N = n * n, k = 0, no = 0, size = 0;
  long total = (long)houses * n * (n + 1) / 2, cross = 0;
  bool covered = true;
  memset(a->seen, 0, (size_t)rs->count);
  for (int c = 0; c < N; c++) {
    if (!a->in[c])
      continue;
    size++;
    int q = a->cage[c];
    covered &= q >= 0;
    bool inside = q >= 0;
    for (int m = 0; inside && m < rs->rule[q].ncells; m++)
      inside = a->in[rs->rule[q].cells[m]];
    if (!inside) {
      a->rest[k++] = c;
      if (q >= 0 && !a->seen[q]) {
        a->seen[q] = 1;
        cross += digit_total(rs, rs->rule[q].value, rs->rule[q].ncells);
        for (int m = 0; m < rs->rule[q].ncells; m++)
          if (!a->in[rs->rule[q].cells[m]])
            a->out[no++] = rs->rule[q].cells[m];
      }
    } else if (rs->rule[q].cells[0] == c)
      /* once a cage: at its first cell */
      total -= digit_total(rs, rs->rule[q].value, rs->rule[q].ncells);
  }
  bool whole = false; /* the rest is one cage already */
  if (k && a->cage[a->rest[0]] >= 0 &&
      rs->rule[a->cage[a->rest[0]]].ncells == k) {
    whole = true;
    for (int j = 1; j < k; j++)
      whole &= a->cage[a->rest[j]] == a->cage[a->rest[0]];
  }
  if (k && k < size && !whole && (house || k <= IMPLIED_MAX)) {
    sks_hall_sum_begin(h, total, house);
    for (int j = 0; j < k; j++)
      cell_term(h, n, a->rest[j], 1, -1, var, fixed);
    sks_hall_sum_end(h);
  }
  if (covered && no && no <= IMPLIED_MAX && h->cfg.bands) {
    sks_hall_sum_begin(h, cross - total, false);
    for (int j = 0; j < no; j++)
      cell_term(h, n, a->out[j], 1, -1, var, fixed);
    sks_hall_sum_end(h);
  }
}

static void implied(sks_hall *h, const sks_eo *eo, const int *var,
                    const signed char *fixed) {
  const sks_rules *rs = eo->rules;
  const sks_shape *sh = eo->shape;
  int n = eo->n, N = n * n;
  int *cage = sks_malloc((size_t)N * sizeof *cage);
  int ncages = sks_rules_cage_map(rs, N, cage);
  area a = {
      cage, sks_calloc((size_t)N, 1), sks_malloc((size_t)N * sizeof *a.rest),
      sks_malloc((size_t)N * sizeof *a.out), sks_malloc((size_t)rs->count + 1)};
  for (int g = 0; ncages && g < sh->nregions; g++) {
    const int *cells = sh->region + (size_t)g * n;
    for (int j = 0; j < n; j++)
      a.in[cells[j]] = 1;
    area_sums(h, eo, var, fixed, &a, 1, true);
    for (int j = 0; j < n; j++)
      a.in[cells[j]] = 0;
  }
  /* bands of 2 .. n-1 rows, then of columns */
  for (int col = 0; ncages && h->cfg.bands && col < 2; col++)
    for (int len = 2; len < n; len++)
      for (int lo = 0; lo + len <= n; lo++) {
        for (int c = 0; c < N; c++) {
          int line = col ? c % n : c / n;
          a.in[c] = line >= lo && line < lo + len;
        }
        area_sums(h, eo, var, fixed, &a, len, false);
      }
  free(a.seen);
  free(a.out);
  free(a.rest);
  free(a.in);
  free(cage);
}

/* A sum over cells (coefficients coef) of their values to total, to the
 * propagator as a sum of their digits: the cells of coefficient 1 that
 * share a house grouped (they hold different digits; each cell in the
 * first house that holds another). */
static void cells_sum(sks_hall *h, const sks_eo *eo, long total, bool distinct,
                      const int *cells, const int *coef, int k, const int *var,
                      const signed char *fixed) {
  const sks_shape *sh = eo->shape;
  int n = eo->n, next = 0;
  int *group = sks_malloc((size_t)k * sizeof *group);
  for (int j = 0; j < k; j++)
    group[j] = -1;
  for (int g = 0; !distinct && n <= 31 && g < sh->nregions; g++) {
    const int *rc = sh->region + (size_t)g * n;
    int in = 0;
    for (int j = 0; j < k; j++)
      for (int m = 0; group[j] < 0 && coef[j] == 1 && m < n; m++)
        in += rc[m] == cells[j];
    if (in < 2)
      continue;
    for (int j = 0; j < k; j++)
      for (int m = 0; group[j] < 0 && coef[j] == 1 && m < n; m++)
        if (rc[m] == cells[j])
          group[j] = next;
    next++;
  }
  long coef_sum = 0;
  for (int j = 0; j < k; j++)
    coef_sum += coef[j];
  sks_hall_sum_begin(h, digit_total(eo->rules, total, coef_sum), distinct);
  for (int j = 0; j < k; j++)
    cell_term(h, n, cells[j], coef[j], group[j], var, fixed);
  sks_hall_sum_end(h);
  free(group);
}

/* A sum a house and the fixed sums crossing it imply (cages.h), bounded. */
typedef struct crossing_ctx {
  sks_hall *h;
  const sks_eo *eo;
  const int *var;
  const signed char *fixed;
  int *coef;
} crossing_ctx;

static void crossing_sum(void *ctx, const int *cells, int k, long total) {
  crossing_ctx *x = ctx;
  for (int j = 0; j < k; j++)
    x->coef[j] = 1;
  cells_sum(x->h, x->eo, total, false, cells, x->coef, k, x->var, x->fixed);
}

/* The sums of the rules for the sum propagator (hall_sums.c): killer
 * cages with a total (distinct), little killers, arrows (a pill's
 * circle read as a number) and double arrows (repeats allowed but in a
 * house).  The clauses hold them already (encoder/rules_lower_sums.c):
 * the propagator only makes them stronger. */
static void rules(void *e, const sks_eo *eo, const int *var,
                  const signed char *fixed) {
  sks_hall *h = e;
  const sks_rules *rs = eo->rules;
  h->variant = rs != NULL;
  if (h->cfg.no_sums || !rs)
    return;
  if (!h->cfg.no_innies)
    implied(h, eo, var, fixed);
  int *coef = sks_malloc(((size_t)eo->n * eo->n + 1) * sizeof *coef);
  if (!h->cfg.no_crossing) {
    crossing_ctx x = {h, eo, var, fixed, coef};
    sks_rules_crossing_sums(rs, eo->shape, sks_rules_first_value(rs),
                            crossing_sum, &x);
  }
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    int k = r->ncells;
    switch (r->kind) {
    case SKS_RULE_CAGE:
    case SKS_RULE_LITTLE_KILLER:
      if (r->value == SKS_RULE_NO_VALUE)
        break;
      for (int j = 0; j < k; j++)
        coef[j] = 1;
      cells_sum(h, eo, r->value, r->kind == SKS_RULE_CAGE, r->cells, coef, k,
                var, fixed);
      break;
    case SKS_RULE_ARROW: {
      if (r->split < 1 || r->split > 9)
        break; /* a circle of more digits than a long holds */
      int place = 1;
      for (int j = r->split - 1; j >= 0; j--, place *= 10)
        coef[j] = -place;
      for (int j = r->split; j < k; j++)
        coef[j] = 1;
      cells_sum(h, eo, 0, false, r->cells, coef, k, var, fixed);
      break;
    }
    case SKS_RULE_DOUBLE_ARROW:
      if (k < 3)
        break;
      for (int j = 0; j < k; j++)
        coef[j] = j == 0 || j == k - 1 ? -1 : 1;
      cells_sum(h, eo, 0, false, r->cells, coef, k, var, fixed);
      break;
    default:
      break;
    }
  }
  free(coef);
}

/* Base rules up to 16x16, as for picosat and cadical. */
static const sks_engine engine = {
    .base_max_vars = 16 * 16 * 16,
    .init = init,
    .release = release,
    .reserve = reserve,
    .add = add,
    .assume = assume,
    .solve = solve,
    .val = val,
    .nvars = nvars,
    .set_terminate = set_terminate,
    .stats = stats,
    .new_puzzle = new_puzzle,
    .rules = rules,
};

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  const char *bad;
  size_t bad_len;
  config(&bad, &bad_len);
  if (bad) {
    char known[512];
    size_t at = 0;
    for (int k = 0; k < NSETTINGS && at < sizeof known; k++)
      at += (size_t)snprintf(known + at, sizeof known - at, "%s%s",
                             k ? ", " : "", settings[k].word);
    sks_error_set(err, -1, 0, 0, "SKS_HALL: unknown setting '%.*s' (%s)",
                  (int)bad_len, bad, known);
    return NULL;
  }
  return sks_cdcl_create(&engine, opt);
}

const sks_backend_ops sks_hall_backend = {
    .info = {"hall",
             SKS_CAP_RULES | SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_UNSAT |
                 SKS_CAP_BLOCK | SKS_CAP_SEED | SKS_CAP_STEPS,
             "the project's own CDCL engine (C, no library)",
             SKS_PROPAGATE_LOCKED, 120},
    .create = create,
    SKS_CDCL_OPS,
};
