/* Conditions defined from cells as literals (a sandwich's "between the
 * ends", an x-sum's "among the first X", a skyscraper's "seen", a full
 * rank's "smaller line"), and the rules counted under them. */
#include "rules_lower_int.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Conditions from cells. */

/* A sandwich by the sets of digits between the 1 and the n (a whole row
 * or column: each digit once): one variable a set of 2..n-1 summing to
 * the value, exactly one true; a digit between the ends (ins[i]) only in
 * the set, a digit outside them only out of it; and the ends as many
 * cells apart as the set has digits, plus one. */
static void sandwich_sets(low *w, const sks_rule *r, const int *ins) {
  int n = w->n, k = r->ncells;
  if (n > 16 || k != n)
    return;
  unsigned mid = ((1u << n) - 1) & ~1u & ~(1u << (n - 1));
  unsigned *set = sks_malloc(MAX_COMBOS * sizeof *set);
  int m = 0;
  for (int size = 0; size <= n - 2 && m >= 0; size++)
    m = size ? sks_lower_combos(n, 1, size, r->value + (long)w->off * size, mid,
                                0, set, m)
        : r->value == 0 ? (set[0] = 0, 1)
                        : 0;
  if (m <= 0) { /* none: the sum says so; too many: left to it */
    free(set);
    return;
  }
  int *cv = sks_malloc((size_t)m * sizeof *cv);
  for (int j = 0; j < m; j++)
    cv[j] = m == 1 ? LTRUE : fresh(w);
  if (m > 1) {
    sks_cnf_add_clause(w->cnf, cv, m);
    sks_amo_encode(w->cnf, w->amo, cv, m, w->next);
  }
  for (int i = 0; i < k; i++)
    for (int v = 2; v < n; v++) {
      int x = xl(w, r->cells[i], v);
      if (x == LFALSE)
        continue;
      for (int side = 0; side < 2; side++) {
        cl_begin(w);
        cl_lit(w, side ? ins[i] : neg(ins[i]));
        cl_lit(w, neg(x));
        for (int j = 0; j < m; j++)
          if ((set[j] >> (v - 1) & 1) == (side == 0))
            cl_lit(w, cv[j]);
        cl_end(w);
      }
    }
  for (int j = 0; j < m; j++) {
    int gap = __builtin_popcount(set[j]) + 1;
    for (int p = 0; p < k; p++) {
      cl_begin(w);
      cl_lit(w, neg(cv[j]));
      cl_lit(w, neg(xl(w, r->cells[p], 1)));
      if (p - gap >= 0)
        cl_lit(w, xl(w, r->cells[p - gap], n));
      if (p + gap < k)
        cl_lit(w, xl(w, r->cells[p + gap], n));
      cl_end(w);
    }
  }
  free(cv);
  free(set);
}

/* The digits strictly between the line's two ends sum to the value;
 * lo[i] and hi[i] say that cell i is an end (the smallest digit, the
 * largest).  The cells' literals "between the ends" into ins. */
static void between_ends(low *w, const sks_rule *r, const int *lo,
                         const int *hi, int *ins) {
  int k = r->ncells;
  terms tt = {0};
  int b1 = LFALSE, bn = LFALSE; /* an end of each kind among the cells before */
  for (int i = 0; i < k; i++) {
    int c = r->cells[i];
    if (i > 0) {
      int l1[2] = {b1, lo[i - 1]}, ln[2] = {bn, hi[i - 1]};
      b1 = sks_lower_or(w, l1, 2);
      bn = sks_lower_or(w, ln, 2);
    }
    /* in <-> (b1 xor bn) and the cell is neither end. */
    int in = fresh(w);
    clause3(w, -in, b1, bn);
    clause3(w, -in, neg(b1), neg(bn));
    clause2(w, -in, neg(lo[i]));
    clause2(w, -in, neg(hi[i]));
    for (int side = 0; side < 2; side++) {
      cl_begin(w);
      cl_lit(w, neg(side ? bn : b1));
      cl_lit(w, side ? b1 : bn);
      cl_lit(w, lo[i]);
      cl_lit(w, hi[i]);
      cl_lit(w, in);
      cl_end(w);
    }
    sks_lower_add_term(&tt, c, 1, in);
    ins[i] = in;
  }
  sks_lower_sum_equals(w, &tt, r->value);
  SKS_STACK_FREE(tt);
}

/* Sandwich: the digits strictly between the 1 and the n of the line. */
void sks_lower_sandwich(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  int *ins = sks_malloc((size_t)k * sizeof *ins);
  int *lo = sks_malloc((size_t)k * sizeof *lo);
  int *hi = sks_malloc((size_t)k * sizeof *hi);
  for (int i = 0; i < k; i++) {
    lo[i] = xl(w, r->cells[i], 1);
    hi[i] = xl(w, r->cells[i], n);
  }
  between_ends(w, r, lo, hi, ins);
  sandwich_sets(w, r, ins);
  free(hi);
  free(lo);
  free(ins);
}

/* Lunchbox: different digits; those strictly between the smallest and
 * the largest of the line sum to the value.  lo[i] (hi[i]): cell i holds
 * the smallest (largest) digit: exactly one of each, and a cell that is
 * one is below (above) every other cell. */
void sks_lower_lunchbox(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  const int *c = r->cells;
  sks_lower_distinct(w, c, k);
  int *ins = sks_malloc((size_t)k * sizeof *ins);
  int *end[2] = {sks_malloc((size_t)k * sizeof(int)),
                 sks_malloc((size_t)k * sizeof(int))};
  for (int e = 0; e < 2; e++) {
    for (int i = 0; i < k; i++)
      end[e][i] = k == 1 ? LTRUE : fresh(w);
    if (k > 1) {
      sks_cnf_add_clause(w->cnf, end[e], k);
      sks_amo_encode(w->cnf, w->amo, end[e], k, w->next);
    }
    /* cell i the smallest with digit d: every other cell d+1 or more
     * (the largest: d-1 or less), through the cells' order literals */
    for (int i = 0; i < k; i++)
      for (int j = 0; j < k; j++)
        for (int d = 1; j != i && d <= n; d++)
          clause3(w, neg(end[e][i]), neg(xl(w, c[i], d)),
                  e ? neg(sks_lower_ge(w, c[j], d))
                    : sks_lower_ge(w, c[j], d + 1));
  }
  between_ends(w, r, end[0], end[1], ins);
  free(end[0]);
  free(end[1]);
  free(ins);
}

/* X-sum: the first X cells, X the first cell's digit. */
void sks_lower_x_sum(low *w, const sks_rule *r) {
  int n = w->n, first = r->cells[0];
  terms tt = {0};
  int *l = sks_malloc((size_t)n * sizeof *l);
  for (int i = 0; i < r->ncells; i++) {
    int cond = LTRUE;
    if (i > 0) {
      int m = 0;
      for (int v = i + 1 + w->off; v <= n; v++) /* a value of i+1 or more */
        l[m++] = xl(w, first, v);
      cond = sks_lower_or(w, l, m);
    }
    sks_lower_add_term(&tt, r->cells[i], 1, cond);
  }
  free(l);
  sks_lower_sum_equals(w, &tt, r->value);
  SKS_STACK_FREE(tt);
  /* A whole line of different digits 1..n: with X first, the first X
   * cells are X digits, X among them, summing to the value; the digits of
   * such sets are all the next X-1 cells may hold, and an X no set fits
   * is out (what a person reads first; the sum over conditions does not
   * propagate it). */
  if (w->off || r->ncells != n || n > 16 || r->value == SKS_RULE_NO_VALUE)
    return;
  unsigned uni[17] = {0}; /* by X: the digits of its sets */
  for (unsigned set = 1; set < 1u << n; set++) {
    int x = __builtin_popcount(set);
    long sum = 0;
    for (int d = 1; d <= n; d++)
      sum += (set >> (d - 1) & 1) * d;
    if (set >> (x - 1) & 1 && sum == r->value)
      uni[x] |= set;
  }
  for (int x = 1; x <= n; x++) {
    int fx = xl(w, first, x);
    if (!uni[x])
      clause2(w, neg(fx), LFALSE);
    for (int i = 1; uni[x] && i < x; i++)
      for (int d = 1; d <= n; d++)
        if (!(uni[x] >> (d - 1) & 1))
          clause2(w, neg(fx), neg(xl(w, r->cells[i], d)));
  }
}

/* Skyscraper: the count of cells above every cell before them. */
void sks_lower_skyscraper(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  /* Hidden: the value's rank, and the cells seen (above all before) so
   * far after the first: the value at cell i is the first cell below one
   * before it when cell i is not seen and cells 1..i-1 are. */
  bool hidden = r->kind == SKS_RULE_HIDDEN_SKYSCRAPER;
  int rank = r->value + w->off, *seens = sks_malloc((size_t)k * sizeof(int));
  if (hidden && (rank < 1 || rank > n)) { /* no digit: never */
    cl_begin(w);
    cl_end(w);
  }
  /* m[v]: the largest digit so far is at least v (v = 2 .. n). */
  int *m = sks_malloc((size_t)(n + 2) * sizeof *m);
  int *l = sks_malloc((size_t)(n + 1) * sizeof *l);
  terms tt = {0};
  for (int v = 1; v <= n + 1; v++)
    m[v] = LFALSE;
  for (int i = 0; i < k; i++) {
    int c = r->cells[i];
    /* the first cell is seen unless it is a 0 (no building) */
    int seen = w->off ? neg(xl(w, c, 1)) : LTRUE;
    if (i > 0) {
      seen = fresh(w);
      for (int v = 1; v <= n; v++) {
        int x = xl(w, c, v);
        /* digit v with nothing as large before: seen; else not. */
        clause3(w, neg(x), m[v], seen);
        clause3(w, neg(x), neg(m[v]), -seen);
      }
    }
    seens[i] = seen;
    if (hidden) {
      int x = rank >= 1 && rank <= n ? xl(w, c, rank) : LFALSE;
      clause2(w, neg(x), i ? neg(seen) : LFALSE);
      for (int j = 1; j < i; j++)
        clause2(w, neg(x), seens[j]);
    }
    sks_lower_add_term(&tt, -1, 1, seen);
    if (i + 1 < k) {
      int *next = sks_malloc((size_t)(n + 2) * sizeof *next);
      next[n + 1] = LFALSE;
      for (int v = n; v >= 1; v--) {
        int q = 0;
        l[q++] = m[v];
        for (int u = v; u <= n; u++)
          l[q++] = xl(w, c, u);
        next[v] = v == 1 ? LTRUE : sks_lower_or(w, l, q);
      }
      free(m);
      m = next;
    }
  }
  if (!hidden)
    sks_lower_sum_equals(w, &tt, r->value);
  /* A whole line of different digits 1..n: a digit d at cell i leaves at
   * most i seen up to it and n - d taller after it, so d <= n + i + 1 -
   * value (a reading a person makes first; the sum alone does not
   * propagate it). */
  if (!hidden && !w->off && k == n && r->value != SKS_RULE_NO_VALUE)
    for (int i = 0; i < k; i++)
      for (int d = n + i + 2 - r->value; d <= n; d++)
        if (d >= 1)
          clause2(w, neg(xl(w, r->cells[i], d)), LFALSE);
  SKS_STACK_FREE(tt);
  free(seens);
  free(m);
  free(l);
}

/* Full rank: the 4n lines (each row and column, from either end). */
static int *rank_lines(int n) {
  int *L = sks_malloc((size_t)4 * n * n * sizeof *L);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      L[(4 * i + 0) * n + j] = i * n + j;           /* row i, left to right */
      L[(4 * i + 1) * n + j] = i * n + n - 1 - j;   /* row i, from the right */
      L[(4 * i + 2) * n + j] = j * n + i;           /* column i, downwards */
      L[(4 * i + 3) * n + j] = (n - 1 - j) * n + i; /* column i, upwards */
    }
  return L;
}

int sks_lower_ge(low *w, int cell, int v) {
  int n = w->n;
  if (v <= 1)
    return LTRUE;
  if (v > n)
    return LFALSE;
  if (!w->ge)
    w->ge = sks_calloc((size_t)n * n * (n + 1), sizeof *w->ge);
  int *slot = &w->ge[(size_t)cell * (n + 1) + v];
  if (*slot)
    return *slot;
  /* v or more: v itself, or v+1 or more */
  int up = sks_lower_ge(w, cell, v + 1), xv = xl(w, cell, v), g;
  if (xv == LTRUE || up == LTRUE)
    g = LTRUE;
  else if (xv == LFALSE)
    g = up;
  else if (up == LFALSE)
    g = xv;
  else {
    g = fresh(w);
    clause2(w, neg(xv), g);
    clause2(w, neg(up), g);
    clause3(w, neg(g), xv, up);
    /* and the digits below v rule it out (exactly one digit a cell) */
    for (int d = 1; d < v; d++)
      clause2(w, neg(xl(w, cell, d)), neg(g));
  }
  *slot = g;
  return g;
}

/* A literal true exactly when line x reads as a smaller number than line
 * e on its cells from..n-1: from the last cell back, t_j says "x < e on
 * cells j.." (a smaller digit at j, or the same digit and t_{j+1}), t_n
 * false; each step by the cells' order literals (t_j: x_j <= e_j, and
 * x_j < e_j unless t_{j+1}; not t_j: x_j >= e_j, and x_j > e_j unless
 * not t_{j+1}), short clauses where digit by digit would be long ones. */
static int lex_less(low *w, const int *x, const int *e, int from) {
  int n = w->n, next = LFALSE;
  for (int j = n - 1; j >= from; j--) {
    if (x[j] == e[j]) /* the same cell: the same digit */
      continue;
    int t = fresh(w);
    for (int a = 2; a <= n + 1; a++) {
      int xa = sks_lower_ge(w, x[j], a), ea = sks_lower_ge(w, e[j], a);
      int xb = sks_lower_ge(w, x[j], a - 1), eb = sks_lower_ge(w, e[j], a - 1);
      if (a <= n) {
        clause3(w, neg(t), neg(xa), ea); /* t: x <= e */
        clause3(w, t, neg(ea), xa);      /* not t: x >= e */
      }
      cl_begin(w); /* t, not next: x < e */
      cl_lit(w, neg(t));
      cl_lit(w, next);
      cl_lit(w, neg(xb));
      cl_lit(w, ea);
      cl_end(w);
      cl_begin(w); /* not t, next: x > e */
      cl_lit(w, t);
      cl_lit(w, neg(next));
      cl_lit(w, neg(eb));
      cl_lit(w, xa);
      cl_end(w);
    }
    next = t;
  }
  return next;
}

/* full-rank: with a rank r, exactly r-1 of the other lines are smaller;
 * without one, each other line differs from it in some cell.  Rows and
 * columns hold each digit once, so each digit starts exactly four of the
 * lines (the first row and column from either end): those of a smaller
 * first digit are the 4(v-1) smaller ones for the line's first digit v,
 * and a rank r says v = ceil(r/4) and that (r-1) mod 4 of the lines that
 * start with v are smaller, which is what is counted (the same rule,
 * with far less to count). */
void sks_lower_full_rank(low *w, const sks_rule *r) {
  int n = w->n;
  const int *e = r->cells;
  int *L = rank_lines(n);
  terms tt = {0};
  int v = (r->value + 3) / 4;
  if (r->value != SKS_RULE_NO_VALUE) {
    cl_begin(w);
    cl_lit(w, xl(w, e[0], v));
    cl_end(w);
  }
  for (int i = 0; i < 4 * n; i++) {
    const int *x = L + (size_t)i * n;
    if (!memcmp(x, e, (size_t)n * sizeof *x))
      continue; /* the line itself */
    if (r->value != SKS_RULE_NO_VALUE) {
      if (x[0] != e[0] && (x[0] / n == e[0] / n || x[0] % n == e[0] % n))
        continue; /* its first cell shares a row or column with e's: not v */
      /* counted only when x starts with v, as e does: compared from the
       * second cell */
      int lt = lex_less(w, x, e, 1), y = lt;
      if (x[0] != e[0]) { /* y: x starts with v and is smaller */
        int x0 = xl(w, x[0], v);
        y = fresh(w);
        clause2(w, -y, x0);
        clause2(w, -y, lt);
        clause3(w, y, neg(x0), neg(lt));
      }
      sks_lower_add_term(&tt, -1, 1, y);
      continue;
    }
    /* some cell j where they differ: d_j, and d_j rules out each digit
     * in both */
    SKS_STACK(int) some = {0};
    for (int j = 0; j < n; j++) {
      if (x[j] == e[j])
        continue;
      int d = fresh(w);
      SKS_PUSH(some, d);
      for (int a = 1; a <= n; a++)
        clause3(w, -d, neg(xl(w, x[j], a)), neg(xl(w, e[j], a)));
    }
    cl_begin(w);
    for (size_t j = 0; j < some.n; j++)
      cl_lit(w, some.a[j]);
    cl_end(w);
    SKS_STACK_FREE(some);
  }
  if (r->value != SKS_RULE_NO_VALUE)
    sks_lower_sum_equals(w, &tt, (r->value - 1) % 4);
  sks_lower_terms_free(&tt);
  free(L);
}
