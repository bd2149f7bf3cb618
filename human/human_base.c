/* The human solver's shared ground, below the techniques: the techniques'
 * table (names, keys, weights, HoDoKu's labels), the names of cells and
 * regions, and how a step is built (begin, eliminate, text, emit). */
#include "human_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the techniques' table ---- */

/* Weights on Sudoku Explainer's scale (SE's own list of its techniques:
 * 1.0 last value, 1.2 hidden single in a box, 1.5 in a line, 1.7 direct
 * pointing, 1.9 direct claiming, 2.0 direct hidden pair, 2.3 naked
 * single, 2.5 direct hidden triple, 2.6 pointing, 2.8 claiming, 3.0 naked
 * pair, 3.2 X-wing, 3.4 hidden pair, 3.6 naked triple, 3.8 swordfish, 4.0
 * hidden triple, 4.2 XY-wing, 4.4 XYZ-wing, 4.5 unique rectangle, 5.0 naked
 * quad, 5.2 jellyfish, 5.4 hidden quad, 5.6/5.7 BUG types 1 and 2, 6.5
 * X-cycles, 6.6 forcing X-chains
 * and Y-chains, 7.0 forcing
 * chains, 7.5 Nishio forcing chains, 8.0 cell and region forcing chains, 8.5
 * dynamic, 9.0 dynamic+, 9.5, 10.0 and 10.5 nested).  HoDoKu's techniques that
 * SE does not name (finned fish, W-wing, simple colouring, ALS-XZ) are weighted
 * as the chain SE finds for the same deduction (docs/authoring.md). */
static const struct {
  const char *name, *key;
  double weight;
  sks_human_label level; /* HoDoKu's */
} techs[SKS_TECH_COUNT] = {
    {"full house", "full-house", 1.0, SKS_HUMAN_EASY},
    {"hidden single", "hidden-single-box", 1.2, SKS_HUMAN_EASY},
    {"hidden single", "hidden-single-line", 1.5, SKS_HUMAN_EASY},
    {"direct pointing", "direct-pointing", 1.7, SKS_HUMAN_MEDIUM},
    {"direct claiming", "direct-claiming", 1.9, SKS_HUMAN_MEDIUM},
    {"direct hidden pair", "direct-hidden-pair", 2.0, SKS_HUMAN_MEDIUM},
    {"naked single", "naked-single", 2.3, SKS_HUMAN_EASY},
    {"direct hidden triple", "direct-hidden-triple", 2.5, SKS_HUMAN_MEDIUM},
    {"pointing", "pointing", 2.6, SKS_HUMAN_MEDIUM},
    {"claiming", "claiming", 2.8, SKS_HUMAN_MEDIUM},
    {"naked pair", "naked-pair", 3.0, SKS_HUMAN_MEDIUM},
    {"X-wing", "x-wing", 3.2, SKS_HUMAN_HARD},
    {"hidden pair", "hidden-pair", 3.4, SKS_HUMAN_MEDIUM},
    {"naked triple", "naked-triple", 3.6, SKS_HUMAN_MEDIUM},
    {"swordfish", "swordfish", 3.8, SKS_HUMAN_HARD},
    {"hidden triple", "hidden-triple", 4.0, SKS_HUMAN_MEDIUM},
    {"XY-wing", "xy-wing", 4.2, SKS_HUMAN_HARD},
    {"XYZ-wing", "xyz-wing", 4.4, SKS_HUMAN_HARD},
    {"unique rectangle", "unique-rectangle", 4.5, SKS_HUMAN_HARD},
    {"naked quad", "naked-quad", 5.0, SKS_HUMAN_HARD},
    {"jellyfish", "jellyfish", 5.2, SKS_HUMAN_HARD},
    {"hidden quad", "hidden-quad", 5.4, SKS_HUMAN_HARD},
    {"bivalue universal grave + 1", "bug", 5.6, SKS_HUMAN_HARD},
    {"bivalue universal grave type 2", "bug-2", 5.7, SKS_HUMAN_HARD},
    {"simple colouring", "simple-colouring", 6.5, SKS_HUMAN_HARD},
    {"X-chain", "x-chain", 6.6, SKS_HUMAN_UNFAIR},
    {"finned X-wing", "finned-x-wing", 6.6, SKS_HUMAN_UNFAIR},
    {"W-wing", "w-wing", 6.6, SKS_HUMAN_HARD},
    {"XY-chain", "xy-chain", 6.6, SKS_HUMAN_UNFAIR},
    {"finned swordfish", "finned-swordfish", 6.8, SKS_HUMAN_UNFAIR},
    {"finned jellyfish", "finned-jellyfish", 7.0, SKS_HUMAN_UNFAIR},
    {"ALS-XZ", "als-xz", 7.0, SKS_HUMAN_UNFAIR},
    {"forcing chain", "forcing-chain", 7.0, SKS_HUMAN_EXTREME},
    {"Nishio forcing chain", "nishio", 7.5, SKS_HUMAN_EXTREME},
    {"cell/region forcing chains", "cell-forcing", 8.0, SKS_HUMAN_EXTREME},
    {"dynamic forcing chain", "dynamic-forcing", 8.5, SKS_HUMAN_EXTREME},
    {"dynamic forcing chain (+)", "dynamic-forcing-plus", 9.0,
     SKS_HUMAN_EXTREME},
    {"nested forcing chain", "nested-forcing", 9.5, SKS_HUMAN_EXTREME},
    {"nested cell/region forcing chain", "nested-forcing-multiple", 10.0,
     SKS_HUMAN_EXTREME},
    {"nested forcing net", "nested-forcing-2", 10.5, SKS_HUMAN_EXTREME},
    {"minimal unsatisfiable subset", "mus", 11.0, SKS_HUMAN_EXTREME},
};

const char *sks_technique_name(sks_technique t) {
  return techs[t].name;
}
const char *sks_technique_key(sks_technique t) {
  return techs[t].key;
}
double sks_technique_weight(sks_technique t) {
  return techs[t].weight;
}

sks_human_label sks_human_label_of(sks_technique hardest) {
  return techs[hardest].level;
}

static const char *const label_names[] = {"easy", "medium", "hard", "unfair",
                                          "extreme"};
const char *sks_human_label_name(sks_human_label l) {
  return label_names[l];
}

double human_length_extra(int nodes) {
  double extra = 0;
  int ceil = 4;
  bool odd = false;
  while (nodes > ceil) {
    extra += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return extra;
}

/* ---- names ---- */

int human_cell_name(const sks_human *h, int cell, char *buf, size_t size) {
  return snprintf(buf, size, "r%dc%d", cell / h->n + 1, cell % h->n + 1);
}

const char *human_region_kind(const sks_human *h, int k) {
  static const char *const kinds[] = {"row", "column", "box"};
  if (k < 3 * h->n)
    return k / h->n == 2 && h->shape->jigsaw ? "region" : kinds[k / h->n];
  int extra = k - 3 * h->n;
  if (h->shape->variants & SKS_VARIANT_X)
    return extra < 2 ? "diagonal" : "window";
  return "window";
}

int human_region_name(const sks_human *h, int k, char *buf, size_t size) {
  int idx = k < 3 * h->n ? k % h->n : k - 3 * h->n;
  if (k >= 3 * h->n && (h->shape->variants & SKS_VARIANT_X))
    idx = idx < 2 ? idx : idx - 2;
  if (k >= 3 * h->n && (h->shape->variants & SKS_VARIANT_X) && k - 3 * h->n < 2)
    return snprintf(buf, size, "%s diagonal", idx ? "anti" : "main");
  return snprintf(buf, size, "%s %d", human_region_kind(h, k), idx + 1);
}

void human_where(sks_human *h) {
  int n = h->n;
  memset(h->where, 0, (size_t)h->nreg * n * sizeof *h->where);
  for (int k = 0; k < h->nreg; k++) {
    const int *r = h->region + k * n;
    hmask *w = h->where + k * n;
    for (int j = 0; j < n; j++)
      for (hmask m = h->cand[r[j]]; m; m &= m - 1)
        w[human_first(m)] |= 1ULL << j;
  }
}

/* ---- building steps ---- */

void human_begin(sks_human *h) {
  for (int i = 0; i < h->nelim; i++)
    h->mark[h->elim[i]] = 0;
  h->nelim = 0;
  h->cell = -1;
  h->direct = false;
  h->size = 0;
  h->text[0] = 0;
}

void human_elim(sks_human *h, int cell, int d) {
  int x = cell * h->n + d;
  if (h->val[cell] < 0 && (h->cand[cell] >> d & 1) && !h->mark[x]) {
    h->mark[x] = 1;
    h->elim[h->nelim++] = x;
  }
}

void human_text(sks_human *h, const char *fmt, ...) {
  if (!h->opt.text)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(h->text, sizeof h->text, fmt, ap);
  va_end(ap);
}

void human_cells_text(const sks_human *h, const int *cells, int k, char *buf,
                      size_t size) {
  size_t len = strlen(buf);
  for (int i = 0; i < k && len + 12 < size; i++) {
    if (i)
      len += (size_t)snprintf(buf + len, size - len, ", ");
    len += (size_t)human_cell_name(h, cells[i], buf + len, size - len);
  }
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

void human_elim_seeing(sks_human *h, const int *cells, int k, int d) {
  for (int c = 0; c < h->cells; c++) {
    if (!(h->cand[c] >> d & 1) || h->val[c] >= 0)
      continue;
    bool all = true;
    for (int i = 0; i < k && all; i++)
      all = human_sees(h, c, cells[i]);
    if (all)
      human_elim(h, c, d);
  }
}

bool human_emit(sks_human *h, sks_technique tech, double rating, int size) {
  if (!h->nelim)
    return false;
  h->tech = tech;
  h->rating = rating;
  h->size = size;
  if (h->collect) {
    for (int i = 0; i < h->nelim; i++)
      h->seen[h->elim[i]] = 1;
    human_begin(h);
    return false;
  }
  qsort(h->elim, (size_t)h->nelim, sizeof *h->elim, cmp_int);
  return true;
}

bool human_emit_direct(sks_human *h, sks_technique tech, int cell, int d) {
  if (h->collect) {
    for (int i = 0; i < h->nelim; i++)
      h->seen[h->elim[i]] = 1;
    h->seen[(size_t)h->cells * h->n + (size_t)cell * h->n + d] = 1;
    human_begin(h);
    return false;
  }
  h->tech = tech;
  h->rating = techs[tech].weight;
  h->cell = cell;
  h->digit = d;
  h->direct = true;
  qsort(h->elim, (size_t)h->nelim, sizeof *h->elim, cmp_int);
  return true;
}

bool human_emit_place(sks_human *h, sks_technique tech, int cell, int d) {
  h->tech = tech;
  h->rating = techs[tech].weight;
  h->cell = cell;
  h->digit = d;
  h->nelim = 0;
  if (h->collect) {
    h->seen[(size_t)h->cells * h->n + (size_t)cell * h->n + d] = 1;
    h->cell = -1;
    return false;
  }
  return true;
}
