/* The human solver's state and its loop: pencil marks over the shape's
 * regions, the techniques tried easiest first (each by the function its
 * row of SKS_TECHNIQUES names), and a path's rating. */
#include "human_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the shape ---- */

sks_human *sks_human_new(void) {
  return sks_calloc(1, sizeof(sks_human));
}

static void free_shape(sks_human *h) {
  free(h->ncreg);
  free(h->creg);
  free(h->pos);
  free(h->peers);
  free(h->regline);
  free(h->within);
  free(h->dstamp);
  free(h->rstamp);
  free(h->cstamp);
  free(h->none_at);
  free(h->cand);
  free(h->val);
  free(h->where);
  free(h->elim);
  free(h->mark);
  free(h->seen);
  sks_shape_release(h->shape);
  h->shape = NULL;
}

void sks_human_delete(sks_human *h) {
  if (!h)
    return;
  human_force_free(h);
  human_chain_free(h);
  free_shape(h);
  sks_human_delete(h->twin);
  free(h);
}

static void fit(sks_human *h, const sks_shape *s) {
  if (h->shape && sks_shape_same(h->shape, s))
    return;
  human_force_free(h);
  free_shape(h);
  h->shape = sks_shape_retain(s);
  int n = h->n = s->n, cells = h->cells = n * n;
  h->nreg = s->nregions;
  h->region = s->region;
  h->plain = !s->variants;
  h->ncreg = sks_calloc((size_t)cells, sizeof *h->ncreg);
  h->creg = sks_malloc((size_t)cells * HUMAN_MAX_REG * sizeof *h->creg);
  h->pos = sks_malloc((size_t)cells * HUMAN_MAX_REG * sizeof *h->pos);
  h->pw = (cells + 63) / 64;
  h->peers = sks_calloc((size_t)cells * h->pw, sizeof *h->peers);
  for (int k = 0; k < h->nreg; k++)
    for (int j = 0; j < n; j++) {
      int c = h->region[k * n + j];
      h->creg[c * HUMAN_MAX_REG + h->ncreg[c]] = k;
      h->pos[c * HUMAN_MAX_REG + h->ncreg[c]++] = j;
    }
  for (int c = 0; c < cells; c++)
    for (int i = 0; i < h->ncreg[c]; i++) {
      const int *r = h->region + h->creg[c * HUMAN_MAX_REG + i] * n;
      for (int j = 0; j < n; j++)
        if (r[j] != c)
          h->peers[(size_t)c * h->pw + r[j] / 64] |= 1ULL << (r[j] % 64);
    }
  h->regline = sks_calloc((size_t)h->nreg * 2 * n, sizeof *h->regline);
  for (int k = 0; k < h->nreg; k++)
    for (int j = 0; j < n; j++) {
      int c = h->region[k * n + j], r = c / n, col = c % n;
      h->regline[(k * 2 + 0) * n + r] |= 1ULL << col;
      h->regline[(k * 2 + 1) * n + col] |= 1ULL << r;
    }
  h->within = sks_calloc((size_t)h->nreg * h->nreg, sizeof *h->within);
  for (int a = 0; a < h->nreg; a++)
    for (int j = 0; j < n; j++) {
      int c = h->region[a * n + j];
      hmask *row = h->within + (size_t)a * h->nreg;
      for (int i = 0; i < h->ncreg[c]; i++)
        row[h->creg[c * HUMAN_MAX_REG + i]] |= 1ULL << j;
    }
  h->dstamp = sks_calloc((size_t)n, sizeof *h->dstamp);
  h->rstamp = sks_calloc((size_t)h->nreg, sizeof *h->rstamp);
  h->cstamp = sks_calloc((size_t)cells, sizeof *h->cstamp);
  h->none_at = sks_calloc(human_none_slots(h), sizeof *h->none_at);
  h->cand = sks_malloc((size_t)cells * sizeof *h->cand);
  h->val = sks_malloc((size_t)cells * sizeof *h->val);
  h->where = sks_malloc((size_t)h->nreg * n * sizeof *h->where);
  h->elim = sks_malloc((size_t)cells * n * sizeof *h->elim);
  h->mark = sks_calloc((size_t)cells * n, 1);
  h->seen = sks_calloc((size_t)cells * n * 2, 1);
}

/* ---- the state ---- */

/* Finds a contradiction or a solved grid; sets status and why.  where[]
 * is kept in step with the marks (drop). */
static void check(sks_human *h) {
  char a[32], b[48];
  int n = h->n, open = 0;
  for (int c = 0; c < h->cells; c++) {
    if (!h->cand[c]) {
      human_cell_name(h, c, a, sizeof a);
      snprintf(h->why, sizeof h->why, "%s has no candidate left", a);
      h->status = SKS_UNSAT;
      return;
    }
    open += h->val[c] < 0;
  }
  /* A digit placed twice in a region cannot reach here: the second
   * placement (or given) empties a cell, which the loop above reports. */
  for (int k = 0; k < h->nreg; k++)
    for (int d = 0; d < n; d++)
      if (!h->where[k * n + d]) {
        human_region_name(h, k, b, sizeof b);
        snprintf(h->why, sizeof h->why, "%d has no place left in %s",
                 human_digit(d), b);
        h->status = SKS_UNSAT;
        return;
      }
  h->status = open ? SKS_UNKNOWN : SKS_SAT;
}

/* A change of cell c's digits: their stamps and those of c's regions. */
static void stamp(sks_human *h, int c, hmask digits) {
  uint64_t t = ++h->tick;
  for (; digits; digits &= digits - 1)
    h->dstamp[human_first(digits)] = t;
  for (int i = 0; i < h->ncreg[c]; i++)
    h->rstamp[h->creg[c * HUMAN_MAX_REG + i]] = t;
  h->cstamp[c] = t;
}

void human_forget(sks_human *h) {
  uint64_t t = ++h->tick;
  h->forgot = t;
  for (int d = 0; d < h->n; d++)
    h->dstamp[d] = t;
  for (int k = 0; k < h->nreg; k++)
    h->rstamp[k] = t;
}

/* Removes the candidates m of cell c, and their places from where[]. */
static void drop(sks_human *h, int c, hmask m) {
  m &= h->cand[c];
  if (m)
    stamp(h, c, m);
  h->cand[c] &= ~m;
  for (; m; m &= m - 1) {
    int d = human_first(m);
    for (int i = 0; i < h->ncreg[c]; i++)
      h->where[h->creg[c * HUMAN_MAX_REG + i] * h->n + d] &=
          ~(1ULL << h->pos[c * HUMAN_MAX_REG + i]);
  }
}

static void place(sks_human *h, int cell, int d) {
  hmask bit = 1ULL << d;
  h->val[cell] = d;
  stamp(h, cell, bit);
  drop(h, cell, ~bit);
  const uint64_t *pe = h->peers + (size_t)cell * h->pw;
  for (int w = 0; w < h->pw; w++)
    for (uint64_t m = pe[w]; m; m &= m - 1) {
      int c = w * 64 + human_first(m);
      /* two of d that see each other leave the other without any */
      drop(h, c, h->val[c] == d ? ~0ULL : bit);
    }
}

int sks_human_load(sks_human *h, const sks_puzzle *p,
                   const sks_human_options *opt) {
  if (p->shape->n > 64)
    return -1;
  fit(h, p->shape);
  sks_human_options none = {0};
  h->opt = opt ? *opt : none;
  int n = h->n;
  hmask all = n == 64 ? ~0ULL : (1ULL << n) - 1;
  for (int c = 0; c < h->cells; c++) {
    h->cand[c] = all;
    h->val[c] = -1;
    for (int d = 0; d < n && p->removed; d++)
      if (!sks_puzzle_allows(p, c, d))
        h->cand[c] &= ~(1ULL << d);
  }
  h->status = SKS_UNKNOWN;
  h->why[0] = 0;
  human_where(h);
  for (int c = 0; c < h->cells; c++)
    if (p->cell[c] >= 0) {
      if (!(h->cand[c] >> p->cell[c] & 1))
        drop(h, c, ~0ULL); /* a given its own marks refuse */
      else
        place(h, c, p->cell[c]);
    }
  human_forget(h); /* another puzzle */
  check(h);
  return 0;
}

int sks_human_status(const sks_human *h) {
  return h->status;
}
const char *sks_human_contradiction(const sks_human *h) {
  return h->why;
}
unsigned long long sks_human_candidates(const sks_human *h, int cell) {
  return h->cand[cell];
}
int sks_human_value(const sks_human *h, int cell) {
  return h->val[cell];
}

/* ---- the loop ---- */

/* The rows of SKS_TECHNIQUES (sks_human.h): the function that finds each
 * technique, its argument, and whether it needs a puzzle known to be
 * unique. */
static const struct {
  human_finder *find; /* NULL: found with another */
  int arg;
  bool unique;
} finders[SKS_TECH_COUNT] = {
#define ROW(id, name, key, weight, level, se, unique, find, arg)               \
  {find, arg, unique},
    SKS_TECHNIQUES(ROW)
#undef ROW
};

bool human_try(sks_human *h, sks_technique t) {
  /* the MUS step is the SE-only paths' last resort too */
  if (h->opt.se_only && t != SKS_TECH_MUS && !sks_technique_in_se(t))
    return false;
  if (!finders[t].find || (finders[t].unique && !h->opt.known_unique))
    return false;
  h->trying = t;
  return finders[t].find(h, finders[t].arg);
}

int sks_human_next(sks_human *h, sks_human_step *st) {
  if (h->status != SKS_UNKNOWN)
    return 0;
  /* Past 9x9 nested chains and the MUS step cost too much (minutes on a
   * 16x16): the path stops after dynamic forcing chains (+) unless the
   * caller asks for a technique. */
  bool big = h->cells > 81 && !h->opt.max_tech;
  int last = h->opt.max_tech ? (int)h->opt.max_tech
             : big           ? SKS_TECH_DYNAMIC_FORCING_PLUS
                             : SKS_TECH_MUS - 1;
  human_begin(h);
  bool found = false;
  for (int t = 0; t <= last && !found; t++)
    found = human_try(h, (sks_technique)t);
  if (!found && !big)
    found = human_try(h, SKS_TECH_MUS);
  if (!found)
    return 0;
  st->tech = h->tech;
  st->rating = h->rating;
  st->cell = h->cell;
  st->digit = h->digit;
  st->nelim = h->cell >= 0 && !h->direct ? 0 : h->nelim;
  st->label = (int)sks_human_label_of(h->tech);
  if (h->direct) /* HoDoKu (no direct techniques) takes a naked single */
    for (int c = 0; c < h->cells; c++)
      if (h->val[c] < 0 && human_one(h->cand[c]))
        st->label = SKS_HUMAN_EASY;
  st->elim = h->elim;
  st->size = h->size;
  st->text = h->text;
  return 1;
}

void sks_human_apply(sks_human *h, const sks_human_step *st) {
  if (st->cell >= 0)
    place(h, st->cell, st->digit);
  for (int i = 0; i < st->nelim; i++)
    drop(h, st->elim[i] / h->n, 1ULL << (st->elim[i] % h->n));
  check(h);
}

/* SE's rating of the rest of the path from h's present state: the
 * hardest step's weight with SE's techniques only, on the twin solver;
 * -1 when they do not finish it. */
static double se_rest(sks_human *h) {
  if (!h->twin)
    h->twin = sks_human_new();
  sks_human *t = h->twin;
  fit(t, h->shape);
  t->opt = h->opt;
  t->opt.se_only = true;
  t->opt.se_rating = false;
  t->opt.text = false;
  memcpy(t->cand, h->cand, (size_t)h->cells * sizeof *t->cand);
  memcpy(t->val, h->val, (size_t)h->cells * sizeof *t->val);
  t->status = SKS_UNKNOWN;
  t->why[0] = 0;
  human_where(t);
  human_forget(t);
  check(t);
  double worst = 0;
  sks_human_step st;
  while (sks_human_next(t, &st)) {
    if (st.rating > worst)
      worst = st.rating;
    sks_human_apply(t, &st);
  }
  return t->status == SKS_SAT ? worst : -1;
}

void sks_human_count(sks_human *h, const sks_human_step *st,
                     sks_human_rating *r) {
  if (!r->steps) {
    h->se_before = 0;
    h->se_rest = -1;
    h->se_left = false;
  }
  if (!h->se_left && h->opt.se_rating && !h->opt.se_only &&
      !sks_technique_in_se(st->tech)) {
    h->se_left = true;
    h->se_rest = se_rest(h);
  }
  if (!h->se_left && st->rating > h->se_before)
    h->se_before = st->rating;
  if (st->label > r->label)
    r->label = st->label;
  if (st->rating > r->rating) {
    r->rating = st->rating;
    r->hardest = st->tech;
  }
  r->steps++;
}

void sks_human_count_end(const sks_human *h, sks_human_rating *r) {
  r->status = h->status;
  if (r->steps && h->se_left && h->se_rest >= 0 && r->status == SKS_SAT)
    r->rating = h->se_rest > h->se_before ? h->se_rest : h->se_before;
}

int sks_human_rate(sks_human *h, const sks_puzzle *p,
                   const sks_human_options *opt, sks_human_rating *out) {
  memset(out, 0, sizeof *out);
  if (sks_human_load(h, p, opt)) {
    out->status = SKS_UNKNOWN;
    return out->status;
  }
  sks_human_step st;
  while (sks_human_next(h, &st)) {
    sks_human_count(h, &st, out);
    sks_human_apply(h, &st);
  }
  sks_human_count_end(h, out);
  return out->status;
}
