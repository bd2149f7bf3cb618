/* The human solver's shared ground, below the techniques: what the
 * techniques' table (SKS_TECHNIQUES, sks_human.h) says of each but its
 * function (name, key, weight, HoDoKu's label, whether SE has it), the
 * names of cells and regions, and how a step is built (begin, eliminate,
 * text, emit). */
#include "human_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the techniques' table ---- */

/* The rows of SKS_TECHNIQUES (sks_human.h) but their functions, which
 * human.c, the loop, calls. */
static const struct {
  const char *name, *key;
  double weight;
  sks_human_label level; /* HoDoKu's */
  bool in_se;
} techs[SKS_TECH_COUNT] = {
#define ROW(id, name, key, weight, level, se, unique, find, arg)               \
  {name, key, weight, SKS_HUMAN_##level, se},
    SKS_TECHNIQUES(ROW)
#undef ROW
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

bool sks_technique_in_se(sks_technique t) {
  return techs[t].in_se;
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
