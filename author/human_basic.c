/* The human solver's basic techniques: singles, intersections (pointing,
 * claiming), naked and hidden subsets, and the bivalue universal grave. */
#include "human_int.h"

#include <stdio.h>
#include <string.h>

/* ---- singles ---- */

bool human_full_house(sks_human *h) {
  int n = h->n;
  for (int k = 0; k < h->nreg; k++) {
    int open = -1, nopen = 0;
    for (int j = 0; j < n && nopen < 2; j++)
      if (h->val[h->region[k * n + j]] < 0)
        open = h->region[k * n + j], nopen++;
    if (nopen == 1 && human_one(h->cand[open])) {
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

bool human_hidden_single(sks_human *h, bool box) {
  int n = h->n;
  for (int k = 0; k < h->nreg; k++) {
    if ((human_kind(h, k) == 2) != box)
      continue;
    for (int d = 0; d < n; d++) {
      hmask w = h->where[k * n + d];
      if (!human_one(w))
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

bool human_naked_single(sks_human *h) {
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0 && human_one(h->cand[c])) {
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
  /* a digit reads only its own marks and placements: one whose have not
   * changed since it last gave nothing gives nothing again */
  hmask same = 0;
  for (int d = 0; d < n; d++)
    if (human_none_since(h, human_none_inter(h, d), d))
      same |= 1ULL << d;
  for (int pass = 0; pass < 2; pass++)
    for (int a = 0; a < h->nreg; a++) {
      bool box = human_kind(h, a) >= 2;
      if (box != (pass == 0))
        continue;
      for (int d = 0; d < n; d++) {
        hmask w = h->where[a * n + d];
        if (!human_many(w) || (same >> d & 1))
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
          all = all && !(w & ~human_within(h, a, b));
          if (!all)
            continue;
          human_begin(h);
          const int *rb = h->region + b * n;
          hmask in_a = human_within(h, b, a);
          for (int j = 0; j < n; j++)
            if (!(in_a >> j & 1))
              human_elim(h, rb[j], d);
          if (!h->nelim)
            continue;
          char ra_name[48], rb_name[48];
          human_region_name(h, a, ra_name, sizeof ra_name);
          human_region_name(h, b, rb_name, sizeof rb_name);
          human_text(h, "%s: %d in %s lies only in %s",
                     box ? "pointing" : "claiming", human_digit(d), ra_name,
                     rb_name);
          sks_technique t = box ? SKS_TECH_POINTING : SKS_TECH_CLAIMING;
          if (human_emit(h, t, sks_technique_weight(t), 0))
            return true;
        }
      }
    }
  for (int d = 0; d < n && !h->collect; d++)
    h->none_at[human_none_inter(h, d)] = h->tick;
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
    snprintf(buf, sizeof buf, "%s in %s: ", sks_technique_name(naked_tech[k]),
             r);
    human_cells_text(h, set, k, buf, sizeof buf);
    size_t len = strlen(buf);
    len += (size_t)snprintf(buf + len, sizeof buf - len, " hold only ");
    for (hmask m = digits; m && len < sizeof buf; m &= m - 1)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%d",
                              human_digit(human_first(m)));
    human_text(h, "%s", buf);
  }
  return human_emit(h, naked_tech[k], sks_technique_weight(naked_tech[k]), 0);
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

/* Whether a search of region reg that found nothing at tick t finds
 * nothing now: its cells' marks and values are the same.  (A naked
 * subset's eliminations reach other regions too, but marks only go
 * within a puzzle: where the region's subsets are the same, they have no
 * more to eliminate than they had.) */
static bool unchanged(const sks_human *h, int reg, uint64_t t) {
  return !h->collect && t && t >= h->rstamp[reg];
}

bool human_naked(sks_human *h, int k) {
  int set[4];
  for (int reg = 0; reg < h->nreg; reg++) {
    uint64_t *none = h->none_at + human_none_naked(h, k, reg);
    if (unchanged(h, reg, *none))
      continue;
    int open = 0;
    for (int j = 0; j < h->n; j++)
      open += h->val[h->region[reg * h->n + j]] < 0;
    if (open > k && naked_rec(h, k, reg, 0, 0, set, 0))
      return true;
    if (!h->collect)
      *none = h->tick;
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
          buf, sizeof buf, "%s in %s: ", sks_technique_name(hidden_tech[k]), r);
      for (int i = 0; i < k; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%d",
                                human_digit(digs[i]));
      snprintf(buf + len, sizeof buf - len, " only in ");
      human_cells_text(h, cells, nc, buf, sizeof buf);
      human_text(h, "%s", buf);
    }
    return human_emit(h, hidden_tech[k], sks_technique_weight(hidden_tech[k]),
                      0);
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
    uint64_t *none = h->none_at + human_none_hidden(h, k, reg);
    if (unchanged(h, reg, *none))
      continue;
    int open = 0;
    for (int j = 0; j < h->n; j++)
      open += h->val[h->region[reg * h->n + j]] < 0;
    if (open > k && hidden_rec(h, k, reg, 0, 0, digs, 0))
      return true;
    if (!h->collect)
      *none = h->tick;
  }
  return false;
}

/* ---- bivalue universal grave ---- */

/* Every open cell has two candidates but one, which has three: were it
 * not the digit that its regions hold three times, each digit would have
 * two places in every region, a grave with two solutions or none; a
 * puzzle known to be unique has that digit there (BUG + 1). */
bool human_bug(sks_human *h) {
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
