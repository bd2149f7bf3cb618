/* The human solver's state and its loop: pencil marks over the shape's
 * regions, the techniques tried easiest first, and a path's rating. */
#include "human_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the techniques' table ---- */

/* Weights on Sudoku Explainer's scale (SE's own list of its techniques:
 * 1.0 last value, 1.2 hidden single in a box, 1.5 in a line, 2.3 naked
 * single, 2.6 pointing, 2.8 claiming, 3.0 naked pair, 3.2 X-wing, 3.4
 * hidden pair, 3.6 naked triple, 3.8 swordfish, 4.0 hidden triple, 4.2
 * XY-wing, 4.4 XYZ-wing, 4.5 unique rectangle, 5.0 naked quad, 5.2
 * jellyfish, 5.4 hidden quad, 6.5 X-chains, 6.6 Y-chains, 7.0 forcing
 * chains, 8.2 region / 8.3 cell forcing chains, 8.5 dynamic, 9.0
 * dynamic+, 9.5 and 10.0 nested).  HoDoKu's techniques that SE does not
 * name (finned fish, W-wing, simple colouring, ALS-XZ) are weighted as the
 * chain SE finds for the same deduction (docs/authoring.md). */
static const struct {
  const char *name, *key;
  double weight;
  sks_human_label level; /* HoDoKu's */
} techs[SKS_TECH_COUNT] = {
    {"full house", "full-house", 1.0, SKS_HUMAN_EASY},
    {"hidden single", "hidden-single-box", 1.2, SKS_HUMAN_EASY},
    {"hidden single", "hidden-single-line", 1.5, SKS_HUMAN_EASY},
    {"naked single", "naked-single", 2.3, SKS_HUMAN_EASY},
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
    {"simple colouring", "simple-colouring", 6.5, SKS_HUMAN_HARD},
    {"X-chain", "x-chain", 6.5, SKS_HUMAN_UNFAIR},
    {"finned X-wing", "finned-x-wing", 6.6, SKS_HUMAN_UNFAIR},
    {"W-wing", "w-wing", 6.6, SKS_HUMAN_HARD},
    {"XY-chain", "xy-chain", 6.6, SKS_HUMAN_UNFAIR},
    {"finned swordfish", "finned-swordfish", 6.8, SKS_HUMAN_UNFAIR},
    {"finned jellyfish", "finned-jellyfish", 7.0, SKS_HUMAN_UNFAIR},
    {"ALS-XZ", "als-xz", 7.0, SKS_HUMAN_UNFAIR},
    {"forcing chain", "forcing-chain", 7.0, SKS_HUMAN_EXTREME},
    {"cell/region forcing chains", "cell-forcing", 8.2, SKS_HUMAN_EXTREME},
    {"dynamic forcing chain", "dynamic-forcing", 8.5, SKS_HUMAN_EXTREME},
    {"dynamic forcing chain (+)", "dynamic-forcing-plus", 9.0,
     SKS_HUMAN_EXTREME},
    {"nested forcing chain", "nested-forcing", 9.5, SKS_HUMAN_EXTREME},
    {"nested forcing net", "nested-forcing-2", 10.0, SKS_HUMAN_EXTREME},
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

/* ---- the shape ---- */

sks_human *sks_human_new(void) {
  return sks_calloc(1, sizeof(sks_human));
}

static void free_shape(sks_human *h) {
  free(h->ncreg);
  free(h->creg);
  free(h->pos);
  free(h->peers);
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
  free_shape(h);
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
  h->cand = sks_malloc((size_t)cells * sizeof *h->cand);
  h->val = sks_malloc((size_t)cells * sizeof *h->val);
  h->where = sks_malloc((size_t)h->nreg * n * sizeof *h->where);
  h->elim = sks_malloc((size_t)cells * n * sizeof *h->elim);
  h->mark = sks_calloc((size_t)cells * n, 1);
  h->seen = sks_calloc((size_t)cells * n * 2, 1);
}

/* ---- the state ---- */

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

/* Finds a contradiction or a solved grid; sets status and why. */
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
  human_where(h);
  for (int k = 0; k < h->nreg; k++)
    for (int d = 0; d < n; d++) {
      hmask w = h->where[k * n + d];
      int placed = 0;
      for (hmask m = w; m; m &= m - 1)
        placed += h->val[h->region[k * n + human_first(m)]] == d;
      if (!w || placed > 1) {
        human_region_name(h, k, b, sizeof b);
        snprintf(h->why, sizeof h->why,
                 placed > 1 ? "%d is placed twice in %s"
                            : "%d has no place left in %s",
                 human_digit(d), b);
        h->status = SKS_UNSAT;
        return;
      }
    }
  h->status = open ? SKS_UNKNOWN : SKS_SAT;
}

static void place(sks_human *h, int cell, int d) {
  hmask bit = 1ULL << d;
  h->val[cell] = d;
  h->cand[cell] &= bit;
  const uint64_t *pe = h->peers + (size_t)cell * h->pw;
  for (int w = 0; w < h->pw; w++)
    for (uint64_t m = pe[w]; m; m &= m - 1) {
      int c = w * 64 + human_first(m);
      if (h->val[c] == d)
        h->cand[c] = 0; /* two of d see each other */
      else
        h->cand[c] &= ~bit;
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
  for (int c = 0; c < h->cells; c++)
    if (p->cell[c] >= 0) {
      if (!(h->cand[c] >> p->cell[c] & 1))
        h->cand[c] = 0; /* a given its own marks refuse */
      else
        place(h, c, p->cell[c]);
    }
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

/* ---- building steps ---- */

void human_begin(sks_human *h) {
  for (int i = 0; i < h->nelim; i++)
    h->mark[h->elim[i]] = 0;
  h->nelim = 0;
  h->cell = -1;
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

/* ---- singles ---- */

static bool full_house(sks_human *h) {
  int n = h->n;
  for (int k = 0; k < h->nreg; k++) {
    int open = -1, nopen = 0;
    for (int j = 0; j < n && nopen < 2; j++)
      if (h->val[h->region[k * n + j]] < 0)
        open = h->region[k * n + j], nopen++;
    if (nopen == 1 && human_popcount(h->cand[open]) == 1) {
      char r[48];
      human_region_name(h, k, r, sizeof r);
      human_text(h, "last cell of %s", r);
      if (human_emit_place(h, SKS_TECH_FULL_HOUSE, open,
                           human_first(h->cand[open])))
        return true;
    }
  }
  return false;
}

static bool hidden_single(sks_human *h, bool box) {
  int n = h->n;
  for (int k = 0; k < h->nreg; k++) {
    if ((human_kind(h, k) == 2) != box)
      continue;
    for (int d = 0; d < n; d++) {
      hmask w = h->where[k * n + d];
      if (human_popcount(w) != 1)
        continue;
      int c = h->region[k * n + human_first(w)];
      if (h->val[c] >= 0)
        continue;
      char r[48];
      human_region_name(h, k, r, sizeof r);
      human_text(h, "hidden single in %s", r);
      if (human_emit_place(
              h, box ? SKS_TECH_HIDDEN_SINGLE_BOX : SKS_TECH_HIDDEN_SINGLE_LINE,
              c, d))
        return true;
    }
  }
  return false;
}

static bool naked_single(sks_human *h) {
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0 && human_popcount(h->cand[c]) == 1) {
      human_text(h, "naked single");
      if (human_emit_place(h, SKS_TECH_NAKED_SINGLE, c,
                           human_first(h->cand[c])))
        return true;
    }
  return false;
}

/* ---- intersections ---- */

/* Digit d's places in region a (unsolved, at least two) all lie in
 * another region b: d goes from the rest of b.  Pointing when a is a
 * box, claiming when a is a line. */
bool human_intersections(sks_human *h) {
  int n = h->n;
  for (int pass = 0; pass < 2; pass++)
    for (int a = 0; a < h->nreg; a++) {
      bool box = human_kind(h, a) >= 2;
      if (box != (pass == 0))
        continue;
      for (int d = 0; d < n; d++) {
        hmask w = h->where[a * n + d];
        if (human_popcount(w) < 2)
          continue;
        const int *ra = h->region + a * n;
        int first = ra[human_first(w)];
        if (h->val[first] >= 0)
          continue;
        for (int i = 0; i < h->ncreg[first]; i++) {
          int b = h->creg[first * HUMAN_MAX_REG + i];
          if (b == a)
            continue;
          bool all = true;
          for (hmask m = w; m && all; m &= m - 1)
            all = human_sees(h, ra[human_first(m)], first) ||
                  ra[human_first(m)] == first;
          /* every place of d in a must be in b itself */
          for (hmask m = w; m && all; m &= m - 1) {
            int c = ra[human_first(m)];
            bool in = false;
            for (int q = 0; q < h->ncreg[c] && !in; q++)
              in = h->creg[c * HUMAN_MAX_REG + q] == b;
            all = in;
          }
          if (!all)
            continue;
          human_begin(h);
          const int *rb = h->region + b * n;
          for (int j = 0; j < n; j++) {
            int c = rb[j];
            bool in_a = false;
            for (int q = 0; q < h->ncreg[c] && !in_a; q++)
              in_a = h->creg[c * HUMAN_MAX_REG + q] == a;
            if (!in_a)
              human_elim(h, c, d);
          }
          if (!h->nelim)
            continue;
          char ra_name[48], rb_name[48];
          human_region_name(h, a, ra_name, sizeof ra_name);
          human_region_name(h, b, rb_name, sizeof rb_name);
          human_text(h, "%s: %d in %s lies only in %s",
                     box ? "pointing" : "claiming", human_digit(d), ra_name,
                     rb_name);
          sks_technique t = box ? SKS_TECH_POINTING : SKS_TECH_CLAIMING;
          if (human_emit(h, t, techs[t].weight, 0))
            return true;
        }
      }
    }
  return false;
}

/* ---- subsets ---- */

static const sks_technique naked_tech[5] = {
    0, 0, SKS_TECH_NAKED_PAIR, SKS_TECH_NAKED_TRIPLE, SKS_TECH_NAKED_QUAD};
static const sks_technique hidden_tech[5] = {
    0, 0, SKS_TECH_HIDDEN_PAIR, SKS_TECH_HIDDEN_TRIPLE, SKS_TECH_HIDDEN_QUAD};

/* Whether every cell of set (k cells) lies in region b. */
static bool all_in(const sks_human *h, const int *set, int k, int b) {
  for (int i = 0; i < k; i++) {
    bool in = false;
    int c = set[i];
    for (int q = 0; q < h->ncreg[c] && !in; q++)
      in = h->creg[c * HUMAN_MAX_REG + q] == b;
    if (!in)
      return false;
  }
  return true;
}

static bool in_set(const int *set, int k, int x) {
  for (int i = 0; i < k; i++)
    if (set[i] == x)
      return true;
  return false;
}

/* k cells of a region whose candidates together are k digits: those
 * digits go from every other cell of each region holding all k. */
static bool naked_found(sks_human *h, int k, int reg, const int *set,
                        hmask digits) {
  int n = h->n;
  human_begin(h);
  for (int b = 0; b < h->nreg; b++) {
    if (b != reg && !all_in(h, set, k, b))
      continue;
    for (int j = 0; j < n; j++) {
      int c = h->region[b * n + j];
      if (!in_set(set, k, c))
        for (hmask m = h->cand[c] & digits; m; m &= m - 1)
          human_elim(h, c, human_first(m));
    }
  }
  if (!h->nelim)
    return false;
  if (h->opt.text) {
    char buf[256] = "", r[48];
    human_region_name(h, reg, r, sizeof r);
    snprintf(buf, sizeof buf, "%s in %s: ", techs[naked_tech[k]].name, r);
    human_cells_text(h, set, k, buf, sizeof buf);
    size_t len = strlen(buf);
    len += (size_t)snprintf(buf + len, sizeof buf - len, " hold only ");
    for (hmask m = digits; m && len < sizeof buf; m &= m - 1)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%d",
                              human_digit(human_first(m)));
    human_text(h, "%s", buf);
  }
  return human_emit(h, naked_tech[k], techs[naked_tech[k]].weight, 0);
}

static bool naked_rec(sks_human *h, int k, int reg, int from, int depth,
                      int *set, hmask digits) {
  int n = h->n;
  if (depth == k)
    return human_popcount(digits) == k && naked_found(h, k, reg, set, digits);
  for (int j = from; j < n; j++) {
    int c = h->region[reg * n + j];
    hmask m = h->cand[c];
    if (h->val[c] >= 0 || human_popcount(m) > k)
      continue;
    if (human_popcount(digits | m) > k)
      continue;
    set[depth] = c;
    if (naked_rec(h, k, reg, j + 1, depth + 1, set, digits | m))
      return true;
  }
  return false;
}

bool human_naked(sks_human *h, int k) {
  int set[4];
  for (int reg = 0; reg < h->nreg; reg++) {
    int open = 0;
    for (int j = 0; j < h->n; j++)
      open += h->val[h->region[reg * h->n + j]] < 0;
    if (open > k && naked_rec(h, k, reg, 0, 0, set, 0))
      return true;
  }
  return false;
}

/* k digits of a region whose places together are k cells: the other
 * candidates go from those cells. */
static bool hidden_rec(sks_human *h, int k, int reg, int from, int depth,
                       int *digs, hmask places) {
  int n = h->n;
  if (depth == k) {
    if (human_popcount(places) != k)
      return false;
    hmask keep = 0;
    for (int i = 0; i < k; i++)
      keep |= 1ULL << digs[i];
    human_begin(h);
    int cells[4], nc = 0;
    for (hmask m = places; m; m &= m - 1) {
      int c = h->region[reg * n + human_first(m)];
      cells[nc++] = c;
      for (hmask e = h->cand[c] & ~keep; e; e &= e - 1)
        human_elim(h, c, human_first(e));
    }
    if (!h->nelim)
      return false;
    if (h->opt.text) {
      char buf[256] = "", r[48];
      human_region_name(h, reg, r, sizeof r);
      size_t len = (size_t)snprintf(
          buf, sizeof buf, "%s in %s: ", techs[hidden_tech[k]].name, r);
      for (int i = 0; i < k; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%d",
                                human_digit(digs[i]));
      snprintf(buf + len, sizeof buf - len, " only in ");
      human_cells_text(h, cells, nc, buf, sizeof buf);
      human_text(h, "%s", buf);
    }
    return human_emit(h, hidden_tech[k], techs[hidden_tech[k]].weight, 0);
  }
  for (int d = from; d < n; d++) {
    hmask w = h->where[reg * n + d];
    int cnt = human_popcount(w);
    if (cnt < 2 || cnt > k || human_popcount(places | w) > k)
      continue;
    if (h->val[h->region[reg * n + human_first(w)]] >= 0)
      continue;
    digs[depth] = d;
    if (hidden_rec(h, k, reg, d + 1, depth + 1, digs, places | w))
      return true;
  }
  return false;
}

bool human_hidden(sks_human *h, int k) {
  int digs[4];
  for (int reg = 0; reg < h->nreg; reg++) {
    int open = 0;
    for (int j = 0; j < h->n; j++)
      open += h->val[h->region[reg * h->n + j]] < 0;
    if (open > k && hidden_rec(h, k, reg, 0, 0, digs, 0))
      return true;
  }
  return false;
}

/* ---- bivalue universal grave ---- */

/* Every open cell has two candidates but one, which has three: were it
 * not the digit that its regions hold three times, each digit would have
 * two places in every region, a grave with two solutions or none; a
 * puzzle known to be unique has that digit there (BUG + 1). */
static bool bug_plus_one(sks_human *h) {
  int n = h->n, three = -1;
  for (int c = 0; c < h->cells; c++) {
    if (h->val[c] >= 0)
      continue;
    int k = human_popcount(h->cand[c]);
    if (k == 3 && three < 0)
      three = c;
    else if (k != 2)
      return false;
  }
  if (three < 0)
    return false;
  int d = -1;
  for (int i = 0; i < h->ncreg[three]; i++) {
    int k = h->creg[three * HUMAN_MAX_REG + i], here = -1;
    for (hmask m = h->cand[three]; m; m &= m - 1)
      if (human_popcount(h->where[k * n + human_first(m)]) == 3)
        here = here < 0 ? human_first(m) : -2;
    if (here < 0 || (d >= 0 && here != d))
      return false;
    d = here;
  }
  if (d < 0)
    return false;
  human_text(h, "bivalue universal grave + 1: every other open cell has two "
                "candidates");
  return human_emit_place(h, SKS_TECH_BUG, three, d);
}

/* ---- the loop ---- */

bool human_try(sks_human *h, sks_technique t) {
  switch (t) {
  case SKS_TECH_FULL_HOUSE:
    return full_house(h);
  case SKS_TECH_HIDDEN_SINGLE_BOX:
    return hidden_single(h, true);
  case SKS_TECH_HIDDEN_SINGLE_LINE:
    return hidden_single(h, false);
  case SKS_TECH_NAKED_SINGLE:
    return naked_single(h);
  case SKS_TECH_POINTING:
    return human_intersections(h);
  case SKS_TECH_CLAIMING:
    return false; /* found with pointing */
  case SKS_TECH_NAKED_PAIR:
    return human_naked(h, 2);
  case SKS_TECH_X_WING:
    return human_fish(h, 2, false);
  case SKS_TECH_HIDDEN_PAIR:
    return human_hidden(h, 2);
  case SKS_TECH_NAKED_TRIPLE:
    return human_naked(h, 3);
  case SKS_TECH_SWORDFISH:
    return human_fish(h, 3, false);
  case SKS_TECH_HIDDEN_TRIPLE:
    return human_hidden(h, 3);
  case SKS_TECH_XY_WING:
    return human_xy_wing(h);
  case SKS_TECH_XYZ_WING:
    return human_xyz_wing(h);
  case SKS_TECH_UNIQUE_RECTANGLE:
    return h->opt.known_unique && h->plain && human_unique_rectangle(h);
  case SKS_TECH_NAKED_QUAD:
    return human_naked(h, 4);
  case SKS_TECH_JELLYFISH:
    return human_fish(h, 4, false);
  case SKS_TECH_HIDDEN_QUAD:
    return human_hidden(h, 4);
  case SKS_TECH_BUG:
    return h->opt.known_unique && bug_plus_one(h);
  case SKS_TECH_SIMPLE_COLOURING:
    return human_colouring(h);
  case SKS_TECH_X_CHAIN:
    return human_x_chain(h);
  case SKS_TECH_FINNED_X_WING:
    return human_fish(h, 2, true);
  case SKS_TECH_W_WING:
    return human_w_wing(h);
  case SKS_TECH_XY_CHAIN:
    return human_xy_chain(h);
  case SKS_TECH_FINNED_SWORDFISH:
    return human_fish(h, 3, true);
  case SKS_TECH_FINNED_JELLYFISH:
    return human_fish(h, 4, true);
  case SKS_TECH_ALS_XZ:
    return human_als_xz(h);
  case SKS_TECH_FORCING_CHAIN:
    return human_forcing(h, 0);
  case SKS_TECH_CELL_FORCING:
    return human_forcing(h, 1);
  case SKS_TECH_DYNAMIC_FORCING:
    return human_forcing(h, 2);
  case SKS_TECH_DYNAMIC_FORCING_PLUS:
    return human_forcing(h, 3);
  case SKS_TECH_NESTED_FORCING:
    return human_forcing(h, 4);
  case SKS_TECH_NESTED_FORCING_2:
    return human_forcing(h, 5);
  case SKS_TECH_MUS:
    return human_mus(h);
  default:
    return false;
  }
}

int sks_human_next(sks_human *h, sks_human_step *st) {
  if (h->status != SKS_UNKNOWN)
    return 0;
  human_where(h);
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
  st->nelim = h->cell >= 0 ? 0 : h->nelim;
  st->elim = h->elim;
  st->size = h->size;
  st->text = h->text;
  return 1;
}

void sks_human_apply(sks_human *h, const sks_human_step *st) {
  if (st->cell >= 0)
    place(h, st->cell, st->digit);
  for (int i = 0; i < st->nelim; i++)
    h->cand[st->elim[i] / h->n] &= ~(1ULL << (st->elim[i] % h->n));
  check(h);
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
    if (st.rating > out->rating || !out->steps) {
      if (st.rating > out->rating) {
        out->rating = st.rating;
        out->hardest = st.tech;
      }
    }
    out->steps++;
    sks_human_apply(h, &st);
  }
  out->status = h->status;
  return out->status;
}
