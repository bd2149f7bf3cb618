/* A puzzle's variant rules lowered to clauses over the exactly-one
 * variables, after the system's own (sks_encode).  This file holds the
 * entry point and the lowering of each kind (the dispatch over kinds);
 * these forms, each lowered in the file named, carry every rule:
 *   - a relation between two cells: for each digit of one, the clause
 *     "not this digit, or one of the other's digits it allows" (a support
 *     clause, which propagates as arc consistency does), both ways; a
 *     plain "not the same digit" as binary clauses (rules_lower_pairs.c);
 *   - a sum: terms (a cell's digit times a coefficient, or a constant),
 *     each maybe counted only under a condition literal, equal to a
 *     target, through prefix sums: one variable for each total the first
 *     k terms can reach and the rest can still complete, exactly one true
 *     at each step, the step's transitions both ways and the support of
 *     each total (rules_lower_sums.c);
 *   - conditions defined from cells (a sandwich's "between the 1 and the
 *     n", an x-sum's "among the first X", a skyscraper's "seen";
 *     rules_lower_conditions.c);
 *   - a killer cage with its sum by the sets of digits that make the sum:
 *     one variable a set, exactly one true, a digit in a cell only when
 *     the set holds it and each digit of the set in some cell (sides up to
 *     16 and at most 512 sets; prefix totals past that;
 *     rules_lower_sets.c);
 *   - a sum over cells that always count (cages past that, little
 *     killers, arrows and pills, double arrows, zippers, region sums)
 *     rewritten first: givens to the other side, a house whose cells
 *     the sum mostly holds with one coefficient taken away for its total
 *     (the law of leftovers: a pill's long shaft through most of a box
 *     becomes the box's total less the box's other cells), and the cells
 *     of one coefficient sharing a region summed as one term whose values
 *     are their digit sets' sums (the prefix totals then step over a
 *     group, which knows its digits differ; rules_lower_sums.c);
 *   - sums the killer cages imply (innies and outies of each house and
 *     band of rows or columns), up to 3 cells, added as sums
 *     (rules_lower_implied.c); a sandwich also by the digit sets between
 *     its ends, a renban line by its runs as digit sets.
 * What the files share (the lowering's state, literals, clauses, and
 * each file's helpers for the others) is in rules_lower_int.h.
 * Fixed candidates decide their literals here: a clause they satisfy is
 * left out, a literal they falsify dropped, so an empty clause says the
 * givens break a rule.  Auxiliary variables are numbered from *next on. */
#include "cages.h"
#include "rules_lower_int.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Each kind. */

/* Same values: the cells cut in order into `value` sets of one size, each
 * digit as often in each set as in the first (as a sum of its literals),
 * and in some cell of each set when in a cell of another.  Sets of one
 * cell: the cells are equal. */
static void same_values(low *w, const sks_rule *r) {
  int n = w->n, m = r->value, z = r->ncells / m;
  const int *c = r->cells;
  if (z == 1) {
    for (int i = 1; i < m; i++)
      sks_lower_relate(w, c[0], c[i], REL_EQ, 0);
    return;
  }
  terms tt = {0};
  for (int d = 1; d <= n; d++)
    for (int j = 0; j < m; j++) {
      if (j) {
        tt.n = 0;
        for (int i = 0; i < z; i++) {
          sks_lower_add_term(&tt, -1, 1, xl(w, c[i], d));
          sks_lower_add_term(&tt, -1, -1, xl(w, c[j * z + i], d));
        }
        sks_lower_sum_equals(w, &tt, 0);
      }
      for (int o = 0; o < m; o++)
        for (int i = 0; o != j && i < z; i++) {
          cl_begin(w);
          cl_lit(w, neg(xl(w, c[o * z + i], d)));
          for (int i2 = 0; i2 < z; i2++)
            cl_lit(w, xl(w, c[j * z + i2], d));
          cl_end(w);
        }
    }
  SKS_STACK_FREE(tt);
}

/* Equality cage: different digits; twice the even (the high) digits make
 * the cells' count; an odd n's middle digit is in no cell. */
static void equality_cage(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  sks_lower_distinct(w, r->cells, k);
  int *l = sks_malloc((size_t)n * sizeof *l);
  terms tt = {0};
  for (int side = 0; side < 2; side++) {
    tt.n = 0;
    for (int i = 0; i < k; i++) {
      int m = 0;
      for (int d = 1; d <= n; d++) {
        bool mid = n % 2 && d == (n + 1) / 2;
        if (side && mid)
          clause2(w, neg(xl(w, r->cells[i], d)), LFALSE);
        if (side ? d > (n + 1) / 2 : (d - w->off) % 2 == 0)
          l[m++] = xl(w, r->cells[i], d);
      }
      sks_lower_add_term(&tt, -1, 2, sks_lower_or(w, l, m));
    }
    sks_lower_sum_equals(w, &tt, k);
  }
  SKS_STACK_FREE(tt);
  free(l);
}

static int region_of(const sks_shape *s, int cell) {
  int n = s->n;
  if (s->jigsaw)
    return s->jigsaw[cell];
  int r = cell / n, c = cell % n;
  return (r / s->box_rows) * (n / s->box_cols) + c / s->box_cols;
}

/* The orthogonal neighbours' pairs (each once) with a test of rules[]. */
static bool has_pair(const sks_rules *rs, int a, int b, sks_rule_kind k1,
                     sks_rule_kind k2) {
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    if ((r->kind == k1 || r->kind == k2) && r->ncells == 2 &&
        ((r->cells[0] == a && r->cells[1] == b) ||
         (r->cells[0] == b && r->cells[1] == a)))
      return true;
  }
  return false;
}

static void lower_global(low *w, const sks_rules *rs, const sks_rule *r) {
  int n = w->n;
  const sks_shape *s = w->eo->shape;
  static const int KNIGHT[8][2] = {{1, 2},  {2, 1},  {2, -1},  {1, -2},
                                   {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}};
  static const int KING[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                 {0, 1}, {1, 0},  {0, -1}, {-1, 0}};
  int *cells = sks_malloc((size_t)n * sizeof *cells);
  switch (r->kind) {
  case SKS_RULE_ANTI_KNIGHT:
  case SKS_RULE_ANTI_KING:
    for (int a = 0; a < n * n; a++)
      for (int j = 0; j < 8; j++) {
        const int *o = r->kind == SKS_RULE_ANTI_KNIGHT ? KNIGHT[j] : KING[j];
        int rr = a / n + o[0], cc = a % n + o[1];
        if (rr < 0 || rr >= n || cc < 0 || cc >= n)
          continue;
        int b = rr * n + cc;
        if (b > a)
          sks_lower_differ(w, a, b);
      }
    break;
  case SKS_RULE_NON_CONSECUTIVE:
  case SKS_RULE_WHITE_ALL:
  case SKS_RULE_BLACK_ALL:
  case SKS_RULE_XV_ALL:
    for (int a = 0; a < n * n; a++)
      for (int j = 0; j < 2; j++) {
        int rr = a / n + j, cc = a % n + 1 - j;
        if (rr >= n || cc >= n)
          continue;
        int b = rr * n + cc;
        if (r->kind == SKS_RULE_NON_CONSECUTIVE)
          sks_lower_relate(w, a, b, REL_DIFF_NE, 1);
        else if (r->kind == SKS_RULE_WHITE_ALL) {
          if (!has_pair(rs, a, b, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT))
            sks_lower_relate(w, a, b, REL_DIFF_NE, 1);
        } else if (r->kind == SKS_RULE_BLACK_ALL) {
          if (!has_pair(rs, a, b, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT))
            sks_lower_relate(w, a, b, REL_NO_RATIO, 2);
        } else if (!has_pair(rs, a, b, SKS_RULE_X_PAIR, SKS_RULE_V_PAIR))
          sks_lower_relate(w, a, b, REL_NO_XV, 0);
      }
    break;
  case SKS_RULE_DISJOINT_GROUPS:
    for (int p = 0; p < n; p++) {
      int pr = p / s->box_cols, pc = p % s->box_cols, k = 0;
      for (int b = 0; b < n; b++) {
        int br = b / (n / s->box_cols), bc = b % (n / s->box_cols);
        cells[k++] = (br * s->box_rows + pr) * n + bc * s->box_cols + pc;
      }
      sks_lower_distinct(w, cells, k);
    }
    break;
  case SKS_RULE_ANTI_TAXICAB: /* x and x, x apart: the value x's rank */
    for (int a = 0; a < n * n; a++)
      for (int b = a + 1; b < n * n; b++) {
        int d = abs(a / n - b / n) + abs(a % n - b % n);
        if (d + w->off <= n)
          clause2(w, neg(xl(w, a, d + w->off)), neg(xl(w, b, d + w->off)));
      }
    break;
  case SKS_RULE_ENTROPIC_SQUARES:
  case SKS_RULE_MODULAR_SQUARES:
    /* each class (a third of the ranks, a remainder of the values) in
     * each 2x2 square */
    for (int a = 0; a < n * n; a++) {
      if (a / n == n - 1 || a % n == n - 1)
        continue;
      int sq[4] = {a, a + 1, a + n, a + n + 1};
      for (int g = 0; g < 3; g++) {
        cl_begin(w);
        for (int d = 1; d <= n; d++)
          if ((r->kind == SKS_RULE_ENTROPIC_SQUARES ? (d - 1) / (n / 3)
                                                    : (d - w->off) % 3) == g)
            for (int i = 0; i < 4; i++)
              cl_lit(w, xl(w, sq[i], d));
        cl_end(w);
      }
    }
    break;
  case SKS_RULE_DIAGONAL_POS:
  case SKS_RULE_DIAGONAL_NEG:
    for (int i = 0; i < n; i++)
      cells[i] = sks_diagonal_cell(r->kind, n, i);
    sks_lower_distinct(w, cells, n);
    break;
  case SKS_RULE_DUTCH_FLATMATES: /* the middle digit: the smallest above or
                                    the largest below */
    for (int i = 0; i < n * n; i++) {
      cl_begin(w);
      cl_lit(w, neg(xl(w, i, (n + 1) / 2)));
      if (i >= n)
        cl_lit(w, xl(w, i - n, 1));
      if (i < n * n - n)
        cl_lit(w, xl(w, i + n, n));
      cl_end(w);
    }
    break;
  default:
    break;
  }
  free(cells);
}

static void lower_rule(low *w, const sks_rules *rs, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  const int *c = r->cells;
  bool has_value = r->value != SKS_RULE_NO_VALUE;
  terms tt = {0};
  switch (r->kind) {
  case SKS_RULE_CAGE:
    sks_lower_distinct(w, c, k);
    /* By digit sets where they are few (BENCHMARKS.md, "Killer cages:
     * digit sets against prefix totals"), else by prefix totals. */
    if (has_value && sks_lower_cage_sets(w, c, k, r->value))
      break;
    if (has_value) {
      for (int i = 0; i < k; i++)
        sks_lower_add_term(&tt, c[i], 1, LTRUE);
      sks_lower_sum_cells(w, &tt, r->value);
    }
    break;
  case SKS_RULE_LITTLE_KILLER:
  case SKS_RULE_SUM: /* its digits may repeat, as a little killer's */
    for (int i = 0; i < k; i++)
      sks_lower_add_term(&tt, c[i], 1, LTRUE);
    sks_lower_sum_cells(w, &tt, r->value);
    break;
  case SKS_RULE_SANDWICH:
    sks_lower_sandwich(w, r);
    break;
  case SKS_RULE_LUNCHBOX:
    sks_lower_lunchbox(w, r);
    break;
  case SKS_RULE_X_SUM:
    sks_lower_x_sum(w, r);
    break;
  case SKS_RULE_SKYSCRAPER:
  case SKS_RULE_HIDDEN_SKYSCRAPER:
    sks_lower_skyscraper(w, r);
    break;
  case SKS_RULE_THERMO:
  case SKS_RULE_SLOW_THERMO:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++)
        sks_lower_relate(w, c[i], c[j], REL_RISE,
                         r->kind == SKS_RULE_THERMO ? j - i : 0);
    break;
  case SKS_RULE_ARROW: {
    int place = 1;
    for (int i = r->split - 1; i >= 0; i--, place *= 10)
      sks_lower_add_term(&tt, c[i], -place, LTRUE);
    for (int i = r->split; i < k; i++)
      sks_lower_add_term(&tt, c[i], 1, LTRUE);
    sks_lower_sum_cells(w, &tt, 0);
    break;
  }
  case SKS_RULE_DOUBLE_ARROW:
    sks_lower_add_term(&tt, c[0], -1, LTRUE);
    sks_lower_add_term(&tt, c[k - 1], -1, LTRUE);
    for (int i = 1; i + 1 < k; i++)
      sks_lower_add_term(&tt, c[i], 1, LTRUE);
    sks_lower_sum_cells(w, &tt, 0);
    break;
  case SKS_RULE_WHITE_DOT:
    sks_lower_relate(w, c[0], c[1], REL_DIFF_EQ, has_value ? r->value : 1);
    break;
  case SKS_RULE_BLACK_DOT:
    sks_lower_relate(w, c[0], c[1], REL_RATIO, has_value ? r->value : 2);
    break;
  case SKS_RULE_X_PAIR:
    sks_lower_relate(w, c[0], c[1], REL_SUM, 10);
    break;
  case SKS_RULE_V_PAIR:
    sks_lower_relate(w, c[0], c[1], REL_SUM, 5);
    break;
  case SKS_RULE_SUM_PAIR:
    sks_lower_relate(w, c[0], c[1], REL_SUM, r->value);
    break;
  case SKS_RULE_GREATER:
    sks_lower_relate(w, c[0], c[1], REL_GT, 0);
    break;
  case SKS_RULE_WHISPERS:
    for (int i = 0; i + 1 < k; i++)
      sks_lower_relate(w, c[i], c[i + 1], REL_DIFF_GE,
                       has_value ? r->value : (n + 1) / 2);
    break;
  case SKS_RULE_RENBAN:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++)
        sks_lower_relate(w, c[i], c[j], REL_NEAR, k - 1);
    sks_lower_renban_runs(w, c, k);
    break;
  case SKS_RULE_PALINDROME:
    for (int i = 0; i < k / 2; i++)
      sks_lower_relate(w, c[i], c[k - 1 - i], REL_EQ, 0);
    break;
  case SKS_RULE_CLONE:
    for (int i = 0; i < r->split; i++)
      sks_lower_relate(w, c[i], c[r->split + i], REL_EQ, 0);
    break;
  case SKS_RULE_ZIPPER:
    if (k % 2) {
      for (int i = 0; i < k / 2; i++) {
        tt.n = 0;
        sks_lower_add_term(&tt, c[i], 1, LTRUE);
        sks_lower_add_term(&tt, c[k - 1 - i], 1, LTRUE);
        sks_lower_add_term(&tt, c[k / 2], -1, LTRUE);
        sks_lower_sum_cells(w, &tt, 0);
      }
    } else
      for (int i = 1; i < k / 2; i++) {
        tt.n = 0;
        sks_lower_add_term(&tt, c[0], 1, LTRUE);
        sks_lower_add_term(&tt, c[k - 1], 1, LTRUE);
        sks_lower_add_term(&tt, c[i], -1, LTRUE);
        sks_lower_add_term(&tt, c[k - 1 - i], -1, LTRUE);
        sks_lower_sum_cells(w, &tt, 0);
      }
    break;
  case SKS_RULE_REGION_SUM: {
    /* The regions in the order the line meets them; each against the
     * first. */
    const sks_shape *s = w->eo->shape;
    int *seen = sks_malloc((size_t)k * sizeof *seen);
    int nseen = 0;
    for (int i = 0; i < k; i++) {
      int g = region_of(s, c[i]), j = 0;
      while (j < nseen && seen[j] != g)
        j++;
      if (j == nseen)
        seen[nseen++] = g;
    }
    for (int j = 1; j < nseen; j++) {
      tt.n = 0;
      for (int i = 0; i < k; i++) {
        int g = region_of(s, c[i]);
        if (g == seen[0])
          sks_lower_add_term(&tt, c[i], 1, LTRUE);
        else if (g == seen[j])
          sks_lower_add_term(&tt, c[i], -1, LTRUE);
      }
      sks_lower_sum_cells(w, &tt, 0);
    }
    free(seen);
    break;
  }
  case SKS_RULE_BETWEEN:
  case SKS_RULE_LOCKOUT: {
    int a = c[0], b = c[k - 1];
    if (r->kind == SKS_RULE_LOCKOUT)
      sks_lower_relate(w, a, b, REL_DIFF_GE, has_value ? r->value : 4);
    for (int va = 1; va <= n; va++)
      for (int vb = 1; vb <= n; vb++) {
        int la = xl(w, a, va), lb = xl(w, b, vb);
        if (la == LFALSE || lb == LFALSE)
          continue;
        int lo = va < vb ? va : vb, hi = va < vb ? vb : va;
        for (int i = 1; i + 1 < k; i++) {
          cl_begin(w);
          cl_lit(w, neg(la));
          cl_lit(w, neg(lb));
          for (int v = 1; v <= n; v++)
            if (r->kind == SKS_RULE_BETWEEN ? v > lo && v < hi
                                            : v < lo || v > hi)
              cl_lit(w, xl(w, c[i], v));
          cl_end(w);
        }
      }
    break;
  }
  case SKS_RULE_ENTROPIC:
  case SKS_RULE_MODULAR:
    if (r->kind == SKS_RULE_MODULAR && has_value && r->value != 3) {
      /* any m in a row (on a line of m or more): those less than m apart */
      for (int i = 0; k >= r->value && i < k; i++)
        for (int j = i + 1; j < k && j - i < r->value; j++)
          sks_lower_relate(w, c[i], c[j], REL_MOD_NE, r->value);
      break;
    }
    for (int i = 0; i + 2 < k; i++)
      for (int j = i + 1; j < i + 3; j++)
        sks_lower_relate(
            w, c[i], c[j],
            r->kind == SKS_RULE_ENTROPIC ? REL_THIRD_NE : REL_MOD3_NE, n / 3);
    if (k >= 3) /* the last window's last pair */
      sks_lower_relate(
          w, c[k - 2], c[k - 1],
          r->kind == SKS_RULE_ENTROPIC ? REL_THIRD_NE : REL_MOD3_NE, n / 3);
    break;
  case SKS_RULE_QUADRUPLE:
    for (int i = 0; i < r->ndigits; i++) {
      int v = r->digits[i] + w->off, times = 0; /* its rank (xl: none past
                                                   1..n) */
      bool first = true;
      for (int j = 0; j < r->ndigits; j++) {
        times += r->digits[j] == r->digits[i];
        if (j < i && r->digits[j] == r->digits[i])
          first = false;
      }
      if (!first)
        continue;
      /* At least `times` of the k cells hold v: every k - times + 1 of
       * them hold one. */
      int size = k - times + 1;
      for (unsigned mask = 0; mask < 1u << k; mask++) {
        if (__builtin_popcount(mask) != size)
          continue;
        cl_begin(w);
        for (int j = 0; j < k; j++)
          if (mask >> j & 1)
            cl_lit(w, xl(w, c[j], v));
        cl_end(w);
      }
    }
    break;
  case SKS_RULE_ODD:
  case SKS_RULE_EVEN:
    for (int i = 0; i < k; i++)
      for (int v = 1; v <= n; v++)
        if ((v - w->off) % 2 != (r->kind == SKS_RULE_ODD))
          clause2(w, neg(xl(w, c[i], v)), LFALSE);
    break;
  case SKS_RULE_MINIMUM:
  case SKS_RULE_MAXIMUM:
    for (int i = 0; i < k; i++) {
      static const int ORTH[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
      for (int j = 0; j < 4; j++) {
        int rr = c[i] / n + ORTH[j][0], cc = c[i] % n + ORTH[j][1];
        if (rr < 0 || rr >= n || cc < 0 || cc >= n)
          continue;
        int b = rr * n + cc;
        if (r->kind == SKS_RULE_MINIMUM)
          sks_lower_relate(w, b, c[i], REL_GT, 0);
        else
          sks_lower_relate(w, c[i], b, REL_GT, 0);
      }
    }
    break;
  case SKS_RULE_REGION:
    sks_lower_distinct(w, c, k);
    break;
  case SKS_RULE_SUM_LINE:
  case SKS_RULE_SUM_LOOP:
    sks_lower_sum_line(w, r, r->kind == SKS_RULE_SUM_LOOP);
    break;
  case SKS_RULE_SAME_VALUES:
    same_values(w, r);
    break;
  case SKS_RULE_FULL_RANK:
    sks_lower_full_rank(w, r);
    break;
  case SKS_RULE_RELLIK:
    sks_lower_rellik(w, r);
    break;
  case SKS_RULE_COUNT_DISTINCT: { /* the digits present, less the first's
                                     value */
    int *l = sks_malloc((size_t)k * sizeof *l);
    for (int d = 1; d <= n; d++) {
      for (int i = 1; i < k; i++)
        l[i - 1] = xl(w, c[i], d);
      sks_lower_add_term(&tt, -1, 1, sks_lower_or(w, l, k - 1));
    }
    sks_lower_add_term(&tt, c[0], -1, LTRUE);
    sks_lower_sum_equals(w, &tt, 0);
    free(l);
    break;
  }
  case SKS_RULE_EQUAL_SUM:
    for (int i = 0; i < k; i++)
      sks_lower_add_term(&tt, c[i], i < r->split ? 1 : -1, LTRUE);
    sks_lower_sum_cells(w, &tt, 0);
    break;
  case SKS_RULE_VALUE_INDEXING: /* the index's value V: cell V after it
                                   equals the first */
    for (int d = 1; d <= n; d++) {
      int v = d - w->off, x = xl(w, c[1], d);
      if (x == LFALSE)
        continue;
      if (v < 1 || v > k - 2) {
        clause2(w, neg(x), LFALSE);
        continue;
      }
      for (int e = 1; e <= n; e++)
        for (int side = 0; side < 2; side++)
          clause3(w, neg(x), neg(xl(w, side ? c[1 + v] : c[0], e)),
                  xl(w, side ? c[0] : c[1 + v], e));
    }
    break;
  case SKS_RULE_EQUALITY_CAGE:
    equality_cage(w, r);
    break;
  case SKS_RULE_PAIR:
  case SKS_RULE_PAIR_ALL:
    sks_lower_pair_rule(w, r);
    break;
  case SKS_RULE_REGEX:
  case SKS_RULE_NFA:
    sks_lower_automaton(w, r);
    break;
  case SKS_RULE_LOOK_AND_SAY: /* each value: the cells holding it counted */
    for (int i = 0; i + 1 < r->ndigits; i += 2) {
      tt.n = 0;
      for (int j = 0; j < k; j++)
        sks_lower_add_term(&tt, -1, 1, xl(w, c[j], r->digits[i + 1] + w->off));
      sks_lower_sum_equals(w, &tt, r->digits[i]);
    }
    break;
  case SKS_RULE_COUNTING_CIRCLES: { /* each value v: in 0 or v cells */
    int *l = sks_malloc((size_t)k * sizeof *l);
    for (int d = 1; d <= n; d++) {
      tt.n = 0;
      for (int i = 0; i < k; i++) {
        l[i] = xl(w, c[i], d);
        sks_lower_add_term(&tt, -1, 1, l[i]);
      }
      sks_lower_add_term(&tt, -1, -(d - w->off), sks_lower_or(w, l, k));
      sks_lower_sum_equals(w, &tt, 0);
    }
    free(l);
    break;
  }
  case SKS_RULE_NUMBERED_ROOM: /* the first cell's value V: the V-th cell */
    for (int d = 1; d <= n; d++) {
      int v = d - w->off, x = xl(w, c[0], d);
      if (x != LFALSE)
        clause2(w, neg(x),
                v < 1 || v > k ? LFALSE : xl(w, c[v - 1], r->value + w->off));
    }
    break;
  case SKS_RULE_COLUMN_INDEXING:
  case SKS_RULE_ROW_INDEXING:
    for (int i = 0; i < k; i++) {
      bool col = r->kind == SKS_RULE_COLUMN_INDEXING;
      int row = c[i] / n, cc = c[i] % n, own = (col ? cc : row) + 1;
      for (int d = 1; d <= n; d++) {
        int v = d - w->off, x = xl(w, c[i], d);
        if (x == LFALSE)
          continue;
        if (v < 1 || v > n) { /* names no line */
          clause2(w, neg(x), LFALSE);
          continue;
        }
        int t = col ? row * n + v - 1 : (v - 1) * n + cc;
        clause2(w, neg(x), xl(w, t, own + w->off));
      }
    }
    break;
  default:
    lower_global(w, rs, r);
    break;
  }
  SKS_STACK_FREE(tt);
}

void sks_rules_lower(const sks_eo *eo, const sks_rules *rs, const int *num,
                     sks_amo amo, sks_cnf *cnf, int *next) {
  low w = {eo,  num,   cnf, next, eo->n, amo, 1 - sks_rules_first_value(rs),
           {0}, false, NULL};
  for (int i = 0; i < rs->count; i++) {
    if (sks_past(eo->deadline)) {
      cnf->cut = true; /* the system's deadline: clauses are missing */
      break;
    }
    lower_rule(&w, rs, &rs->rule[i]);
  }
  if (!cnf->cut)
    sks_lower_implied_cages(&w, rs);
  if (!cnf->cut)
    sks_lower_combined_diagonals(&w, rs);
  SKS_STACK_FREE(w.cl);
  free(w.ge);
}
