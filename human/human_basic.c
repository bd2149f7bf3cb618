/* The human solver's basic techniques: singles, intersections (pointing,
 * claiming), naked and hidden subsets, and the bivalue universal grave. */
#include "human_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- singles ---- */

bool human_full_house(sks_human *h, int arg) {
  (void)arg;
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

bool human_hidden_single(sks_human *h, int arg) {
  bool box = arg; /* in a box, or a line */
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

bool human_naked_single(sks_human *h, int arg) {
  (void)arg;
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0 && human_one(h->cand[c])) {
      human_text(h, "naked single");
      if (human_emit_place(h, SKS_TECH_NAKED_SINGLE, c,
                           human_first(h->cand[c])))
        return true;
    }
  return false;
}

/* ---- Sudoku Explainer's direct techniques ---- */

/* Whether a search of region reg that found nothing at tick t (0: never)
 * finds nothing now: its cells' marks and values are the same.  (A naked
 * subset's eliminations reach other regions too, but marks only go
 * within a puzzle: where the region's subsets are the same, they have no
 * more to eliminate than they had.) */
static bool unchanged(const sks_human *h, int reg, uint64_t t) {
  return !h->collect && t && t >= h->rstamp[reg];
}

/* Pointing (a box) or claiming (a line) on digit d, a's places all in b,
 * whose eliminations from the rest of b leave d one place in another
 * region c of a's kind that crosses b: the step places d there (SE 1.2.1,
 * Locking in direct mode), on rows, columns and boxes (jigsaw pieces)
 * only.  In SE's order: box and column, box and row, column and box, row
 * and box; regions by index, then digits, then c. */
bool human_direct_intersections(sks_human *h, int arg) {
  bool box = arg; /* in a box, or a line */
  static const int kinds[4][2] = {{2, 1}, {2, 0}, {1, 2}, {0, 2}};
  int n = h->n;
  /* a digit reads only its own places: one whose have not changed since
   * it last gave nothing gives nothing again */
  hmask same = n < 64 ? ~0ULL << n : 0;
  for (int d = 0; d < n; d++)
    if (human_none_since(h, human_none_direct_inter(h, box, d), d))
      same |= 1ULL << d;
  for (int pass = box ? 0 : 2; pass < (box ? 2 : 4) && ~same; pass++)
    for (int a = 0; a < h->nreg; a++) {
      if (human_kind(h, a) != kinds[pass][0])
        continue;
      /* the digits whose places in a (two or more) lie in one region b of
       * the other kind: (b, d) in SE's order, b first */
      int pb[64], pd[64], np = 0;
      for (int d = 0; d < n; d++) {
        hmask w = h->where[a * n + d];
        if ((same >> d & 1) || !human_many(w))
          continue;
        int c0 = h->region[a * n + human_first(w)], b = -1;
        for (int i = 0; i < h->ncreg[c0]; i++)
          if (human_kind(h, h->creg[c0 * HUMAN_MAX_REG + i]) == kinds[pass][1])
            b = h->creg[c0 * HUMAN_MAX_REG + i];
        if (b < 0 || (w & ~human_within(h, a, b)))
          continue;
        int x = np++;
        for (; x > 0 && pb[x - 1] > b; x--)
          pb[x] = pb[x - 1], pd[x] = pd[x - 1];
        pb[x] = b;
        pd[x] = d;
      }
      for (int q = 0; q < np; q++) {
        int b = pb[q], d = pd[q];
        hmask ba = human_within(h, b, a);
        for (int c = 0; c < h->nreg; c++) {
          if (c == a || human_kind(h, c) != kinds[pass][0])
            continue;
          hmask cb = human_within(h, c, b), wc = h->where[c * n + d];
          if (!(wc & cb) || !human_many(wc) || !human_one(wc & ~cb))
            continue;
          int cell = h->region[c * n + human_first(wc & ~cb)];
          if (h->val[cell] >= 0)
            continue;
          human_begin(h);
          for (int j = 0; j < n; j++)
            if (!(ba >> j & 1))
              human_elim(h, h->region[b * n + j], d);
          if (!h->nelim)
            continue;
          if (h->opt.text) {
            char an[48], bn[48], cn[48];
            human_region_name(h, a, an, sizeof an);
            human_region_name(h, b, bn, sizeof bn);
            human_region_name(h, c, cn, sizeof cn);
            human_text(h,
                       "direct %s: %d in %s lies only in %s, which leaves %s "
                       "one place for it",
                       box ? "pointing" : "claiming", human_digit(d), an, bn,
                       cn);
          }
          if (human_emit_direct(
                  h, box ? SKS_TECH_DIRECT_POINTING : SKS_TECH_DIRECT_CLAIMING,
                  cell, d))
            return true;
        }
      }
    }
  for (int d = 0; d < n && !h->collect; d++)
    h->none_at[human_none_direct_inter(h, box, d)] = h->tick;
  return false;
}

/* Starts a step removing every digit but keep from the cells at places of
 * region reg (a hidden set's), the cells into cells; their number. */
static int hidden_elims(sks_human *h, int reg, hmask places, hmask keep,
                        int *cells) {
  int nc = 0;
  human_begin(h);
  for (hmask m = places; m; m &= m - 1) {
    int c = h->region[reg * h->n + human_first(m)];
    cells[nc++] = c;
    for (hmask e = h->cand[c] & ~keep; e; e &= e - 1)
      human_elim(h, c, human_first(e));
  }
  return nc;
}

/* Region r's direct hidden sets of k digits (human_direct_hidden). */
static bool direct_hidden_in(sks_human *h, int k, int r) {
  int n = h->n, open = 0;
  hmask live = 0; /* the digits a set can hold: 2 to k open places */
  for (int j = 0; j < n; j++)
    open += h->val[h->region[r * n + j]] < 0;
  for (int d = 0; d < n; d++) {
    hmask w = h->where[r * n + d];
    if (human_many(w) && human_popcount(w) <= k &&
        h->val[h->region[r * n + human_first(w)]] < 0)
      live |= 1ULL << d;
  }
  if (open <= k || human_popcount(live) < k)
    return false;
  /* the sets of k live digits, in lexicographic order */
  int ds[3] = {0, 1, 2};
  for (;;) {
    hmask set = 0, places = 0;
    bool ok = true;
    for (int i = 0; i < k; i++) {
      ok = ok && (live >> ds[i] & 1);
      set |= 1ULL << ds[i];
      places |= h->where[r * n + ds[i]];
    }
    for (int v = 0; ok && human_popcount(places) == k && v < n; v++) {
      hmask wv = h->where[r * n + v];
      if ((set >> v & 1) || !human_many(wv) || !human_one(wv & ~places))
        continue;
      int cell = h->region[r * n + human_first(wv & ~places)];
      if (h->val[cell] >= 0)
        continue;
      int cells[3], nc = hidden_elims(h, r, places, set, cells);
      if (h->opt.text) {
        char rn[48], cl[160], dg[8];
        human_region_name(h, r, rn, sizeof rn);
        cl[0] = 0;
        human_cells_text(h, cells, nc, cl, sizeof cl);
        int l = 0;
        for (int i = 0; i < k; i++)
          l +=
              snprintf(dg + l, sizeof dg - (size_t)l, "%d", human_digit(ds[i]));
        human_text(h,
                   "direct hidden %s in %s: %s only in %s, which leaves %d "
                   "one place",
                   k == 2 ? "pair" : "triple", rn, dg, cl, human_digit(v));
      }
      if (human_emit_direct(h,
                            k == 2 ? SKS_TECH_DIRECT_HIDDEN_PAIR
                                   : SKS_TECH_DIRECT_HIDDEN_TRIPLE,
                            cell, v))
        return true;
    }
    /* the next set */
    if (!human_next_pick(ds, k, n))
      return false;
  }
}

/* A hidden pair (k 2) or triple (3) in region r, digits D in k cells P,
 * whose eliminations (the other digits in P) leave another digit one
 * place in r: the step places it (SE 1.2.1, HiddenSet in direct mode,
 * where r has more than k open cells).  In SE's order: boxes, columns,
 * rows; digit sets in lexicographic order; then the digit left.  A
 * region whose marks have not changed since it last gave nothing is
 * passed over. */
bool human_direct_hidden(sks_human *h, int k) {
  static const int kinds[3] = {2, 1, 0};
  for (int pass = 0; pass < 3; pass++)
    for (int r = 0; r < h->nreg; r++) {
      uint64_t *none = h->none_at + human_none_direct_hidden(h, k, r);
      if (human_kind(h, r) != kinds[pass] || unchanged(h, r, *none))
        continue;
      if (direct_hidden_in(h, k, r))
        return true;
      if (!h->collect)
        *none = h->tick;
    }
  return false;
}

/* ---- intersections ---- */

/* Digit d's places in region a (unsolved, at least two) all lie in
 * another region b: d goes from the rest of b.  Pointing when a is a
 * box, claiming when a is a line. */
bool human_intersections(sks_human *h, int arg) {
  (void)arg;
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
    int cells[4], nc = hidden_elims(h, reg, places, keep, cells);
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
bool human_bug(sks_human *h, int arg) {
  (void)arg;
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

/* SE's BUG type 2 (5.7): the open cells with more than two candidates
 * (two or more of them) each hold one digit d besides two others, and
 * without d in them every open cell would hold two candidates and every
 * digit two places or none in every region -- a bivalue universal grave,
 * which a unique puzzle cannot come to: d is in one of them, so it goes
 * from every cell that sees them all. */
bool human_bug2(sks_human *h, int arg) {
  (void)arg;
  int n = h->n, nb = 0;
  hmask common = ~0ULL; /* digits every bug cell holds */
  for (int c = 0; c < h->cells; c++) {
    if (h->val[c] >= 0)
      continue;
    int k = human_popcount(h->cand[c]);
    if (k == 3) {
      nb++;
      common &= h->cand[c];
    } else if (k != 2)
      return false;
  }
  if (nb < 2 || !common)
    return false;
  int *bug = sks_malloc((size_t)nb * sizeof *bug);
  nb = 0;
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0 && !human_two(h->cand[c]))
      bug[nb++] = c;
  bool found = false;
  for (hmask dm = common; dm; dm &= dm - 1) {
    int d = human_first(dm);
    bool grave = true;
    for (int k = 0; k < h->nreg && grave; k++)
      for (int e = 0; e < n && grave; e++) {
        hmask w = h->where[k * n + e];
        if (human_one(w) && h->val[h->region[k * n + human_first(w)]] >= 0)
          continue; /* placed */
        int places = human_popcount(w);
        if (e == d)
          for (int i = 0; i < nb; i++)
            for (int j = 0; j < h->ncreg[bug[i]]; j++)
              places -= h->creg[bug[i] * HUMAN_MAX_REG + j] == k;
        grave = places == 0 || places == 2;
      }
    if (!grave)
      continue;
    human_begin(h);
    human_elim_seeing(h, bug, nb, d);
    if (h->opt.text) {
      char cells[256];
      cells[0] = 0;
      human_cells_text(h, bug, nb, cells, sizeof cells);
      human_text(h,
                 "bivalue universal grave type 2: without %d in %s every "
                 "open cell would have two candidates",
                 human_digit(d), cells);
    }
    if ((found = human_emit(h, SKS_TECH_BUG_2, 5.7, 0)))
      break;
  }
  free(bug);
  return found;
}

/* SE's bivalue universal grave of types 3 and 4 (BivalueUniversalGrave
 * .java; plain shapes).  The grave is found as SE finds it: in each
 * region (boxes, rows, columns) each digit with a number of places other
 * than none or two has exactly one of them in a cell of three candidates
 * or more, which is a BUG cell and that digit one of its BUG digits
 * (several such places: another region decides; none: no grave); without
 * their BUG digits every open cell has two candidates and every digit two
 * places or none in every region.  A unique puzzle cannot come to that
 * grave, so one BUG cell holds one of its BUG digits.  Type 4 (5.7): two
 * BUG cells in a region, sharing one digit v besides the BUG digits; v's
 * places there are the two (the grave's), so one is v, the other its BUG
 * digit: neither holds its third digit.  Type 3 (5.7 + 0.1 for each
 * cell of the set past the first): BUG cells all in one region, the BUG
 * digits acting as one cell of a naked set with other cells there: the
 * set's digits go from the region's other cells.  SE tries type 4 before
 * type 3, and its regions in order box, row, column. */
typedef struct se_bug {
  int nb, cell[64]; /* the BUG cells, in the order found */
  hmask digits[64]; /* their BUG digits */
  hmask all;        /* every BUG digit */
  bool common;      /* a cell sees every BUG cell */
  uint64_t *sees;   /* the cells that see every BUG cell (pw words) */
} se_bug;

static int se_bug_index(const se_bug *g, int c) {
  for (int i = 0; i < g->nb; i++)
    if (g->cell[i] == c)
      return i;
  return -1;
}

/* The region of kind q (0 box, 1 row, 2 column: SE's order) and index i. */
static int se_region(const sks_human *h, int q, int i) {
  return (q == 0 ? 2 : q - 1) * h->n + i;
}

static bool se_bug_find(sks_human *h, se_bug *g) {
  int n = h->n;
  g->nb = 0;
  g->all = 0;
  g->common = false;
  for (int w = 0; w < h->pw; w++)
    g->sees[w] = ~0ULL;
  for (int q = 0; q < 3; q++)
    for (int i = 0; i < n; i++) {
      int k = se_region(h, q, i);
      for (int d = 0; d < n; d++) {
        hmask w = h->where[k * n + d];
        if (human_one(w) && h->val[h->region[k * n + human_first(w)]] >= 0)
          continue; /* placed */
        int places = human_popcount(w);
        if (places == 0 || places == 2)
          continue;
        int found = -1, many = 0;
        for (hmask x = w; x; x &= x - 1) {
          int c = h->region[k * n + human_first(x)];
          if (human_many(h->cand[c] & (h->cand[c] - 1))) {
            found = c;
            many++;
          }
        }
        if (!many)
          return false; /* no grave */
        if (many > 1)
          continue;
        int j = se_bug_index(g, found);
        if (j < 0) {
          if (g->nb == 64)
            return false;
          j = g->nb++;
          g->cell[j] = found;
          g->digits[j] = 0;
          /* a cell's peers leave it out: the mask holds no BUG cell */
          g->common = false;
          for (int v = 0; v < h->pw; v++)
            g->common |=
                (g->sees[v] &= h->peers[(size_t)found * h->pw + v]) != 0;
        }
        g->digits[j] |= 1ULL << d;
        g->all |= 1ULL << d;
        /* SE gives up at once where BUG cells with more than one BUG
         * digit among them have no cell seeing them all */
        if (g->nb > 1 && human_many(g->all) && !g->common)
          return false;
      }
    }
  if (g->nb < 2)
    return false;
  /* the grave: every open cell two candidates, every digit two places or
   * none in every region, once the BUG digits are gone */
  for (int c = 0; c < h->cells; c++) {
    if (h->val[c] >= 0)
      continue;
    int j = se_bug_index(g, c);
    if (!human_two(h->cand[c] & ~(j >= 0 ? g->digits[j] : 0)))
      return false;
  }
  for (int k = 0; k < 3 * n; k++)
    for (int d = 0; d < n; d++) {
      hmask w = h->where[k * n + d];
      if (human_one(w) && h->val[h->region[k * n + human_first(w)]] >= 0)
        continue;
      int places = 0;
      for (hmask x = w; x; x &= x - 1) {
        int c = h->region[k * n + human_first(x)], j = se_bug_index(g, c);
        places += j < 0 || !(g->digits[j] >> d & 1);
      }
      if (places != 0 && places != 2)
        return false;
    }
  return true;
}

/* The region of kind q holding every BUG cell, or -1. */
static int se_bug_region(const sks_human *h, const se_bug *g, int q) {
  int kind = q == 0 ? 2 : q - 1, k = -1;
  for (int i = 0; i < g->nb; i++) {
    int r = h->creg[g->cell[i] * HUMAN_MAX_REG + kind];
    if (k >= 0 && r != k)
      return -1;
    k = r;
  }
  return k;
}

static bool se_bug4(sks_human *h, const se_bug *g) {
  if (g->nb != 2)
    return false;
  int c1 = g->cell[0], c2 = g->cell[1];
  hmask common = h->cand[c1] & h->cand[c2] & ~g->all;
  if (!human_one(common))
    return false;
  int v = human_first(common);
  for (int q = 0; q < 3; q++) {
    int k = se_bug_region(h, g, q);
    if (k < 0)
      continue;
    human_begin(h);
    for (int i = 0; i < 2; i++)
      for (hmask x = h->cand[g->cell[i]] & ~g->digits[i] & ~common; x;
           x &= x - 1)
        human_elim(h, g->cell[i], human_first(x));
    if (h->opt.text) {
      char a[16], b[16], r[48];
      human_cell_name(h, c1, a, sizeof a);
      human_cell_name(h, c2, b, sizeof b);
      human_region_name(h, k, r, sizeof r);
      human_text(h,
                 "bivalue universal grave type 4: %s or %s holds its BUG "
                 "digit, the other %d (its only places in %s)",
                 a, b, human_digit(v), r);
    }
    if (human_emit(h, SKS_TECH_BUG_4, 5.7, 0))
      return true;
  }
  return false;
}

static bool se_bug3(sks_human *h, const se_bug *g) {
  int n = h->n;
  if (!human_many(g->all))
    return false;
  for (int q = 0; q < 3; q++) {
    int k = se_bug_region(h, g, q);
    if (k < 0)
      continue;
    int cells[64], nc = 0;
    for (int j = 0; j < n; j++) {
      int c = h->region[k * n + j];
      if (se_bug_index(g, c) < 0 && h->val[c] < 0)
        cells[nc++] = c;
    }
    for (int deg = 2; deg <= n - 3; deg++) {
      int m = deg - 1, pick[64];
      if (m > nc)
        break;
      for (int i = 0; i < m; i++)
        pick[i] = i;
      for (;;) {
        hmask u = 0;
        bool ok = true;
        for (int i = 0; i < m; i++) {
          u |= h->cand[cells[pick[i]]];
          ok &= human_many(h->cand[cells[pick[i]]]);
        }
        if (ok && human_popcount(u) == deg &&
            human_popcount(u | g->all) == deg) {
          human_begin(h);
          for (int i = 0; i < nc; i++) {
            bool in = false;
            for (int j = 0; j < m; j++)
              in |= pick[j] == i;
            for (hmask x = in ? 0 : h->cand[cells[i]] & u; x; x &= x - 1)
              human_elim(h, cells[i], human_first(x));
          }
          if (h->nelim && h->opt.text) {
            char buf[256], r[48];
            int set[64];
            for (int i = 0; i < m; i++)
              set[i] = cells[pick[i]];
            human_region_name(h, k, r, sizeof r);
            int len = snprintf(buf, sizeof buf,
                               "bivalue universal grave type 3: the BUG "
                               "digits ");
            for (hmask x = g->all; x; x &= x - 1)
              len +=
                  snprintf(buf + len, sizeof buf - (size_t)len, "%s%d",
                           x == g->all ? "" : "/", human_digit(human_first(x)));
            snprintf(buf + len, sizeof buf - (size_t)len, " and ");
            human_cells_text(h, set, m, buf, sizeof buf);
            len = (int)strlen(buf);
            snprintf(buf + len, sizeof buf - (size_t)len,
                     ", a naked set of %d digits in %s", deg, r);
            human_text(h, "%s", buf);
          }
          if (human_emit(h, SKS_TECH_BUG_3, (57 + deg - 1) / 10.0, 0))
            return true;
        }
        if (!human_next_pick(pick, m, nc))
          break;
      }
    }
  }
  return false;
}

bool human_bug_se(sks_human *h, int type) {
  if (!h->plain || h->nreg != 3 * h->n)
    return false;
  se_bug g;
  g.sees = sks_malloc((size_t)h->pw * sizeof *g.sees);
  bool found = false;
  if (se_bug_find(h, &g)) {
    if (type == 4)
      found = g.nb == 2 && (human_one(g.all) || g.common) && se_bug4(h, &g);
    else
      found = g.common && se_bug3(h, &g);
  }
  free(g.sees);
  return found;
}
