/* Sums lowered through prefix totals: the terms, their totals, a sum over
 * cells rewritten first (givens, houses, groups), and sum lines. */
#include "rules_lower_int.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Sums. */

void sks_lower_add_term(terms *t, int cell, int coef, int cond) {
  term x = {cell, coef, cond, 0, NULL, NULL};
  SKS_PUSH(*t, x);
}

/* One step of prefix totals: the variables of its live totals (reach 3,
 * both ways) into var, exactly one true (a single one LTRUE); how many
 * are live. */
static int step_vars(low *w, const unsigned char *reach, int *var, size_t len) {
  int live = 0;
  for (size_t j = 0; j < len; j++)
    live += reach[j] == 3;
  SKS_STACK(int) alo = {0};
  for (size_t j = 0; j < len; j++)
    if (reach[j] == 3) {
      var[j] = live == 1 ? LTRUE : fresh(w);
      if (live > 1)
        SKS_PUSH(alo, var[j]);
    }
  if (live > 1) {
    sks_cnf_add_clause(w->cnf, alo.a, (int)alo.n);
    sks_amo_encode(w->cnf, w->amo, alo.a, (int)alo.n, w->next);
  }
  SKS_STACK_FREE(alo);
  return live;
}

/* The contributions term t can make: values[i] with literal lits[i]
 * (the digit's and the condition's; cond2[i] a second literal or LTRUE).
 * Returns how many. */
static int options(low *w, const term *t, int *values, int *lits, int *cond2) {
  int k = 0;
  if (t->cond != LTRUE) { /* off: adds 0 */
    values[k] = 0;
    lits[k] = neg(t->cond);
    cond2[k++] = LTRUE;
  }
  if (t->cond == LFALSE)
    return k;
  if (t->cell == GROUP) {
    for (int i = 0; i < t->nopt; i++) {
      values[k] = t->oval[i];
      lits[k] = t->olit[i];
      cond2[k++] = LTRUE;
    }
    return k;
  }
  if (t->cell < 0) {
    values[k] = t->coef;
    lits[k] = t->cond;
    cond2[k++] = LTRUE;
    return k;
  }
  for (int v = 1; v <= w->n; v++) {
    int l = xl(w, t->cell, v);
    if (l == LFALSE)
      continue;
    values[k] = t->coef * (v - w->off);
    lits[k] = l;
    cond2[k++] = t->cond;
  }
  return k;
}

/* sum of the terms == target. */
void sks_lower_sum_equals(low *w, const terms *tt, long target) {
  int K = (int)tt->n, n = w->n;
  if (!K) {
    if (target != 0) {
      cl_begin(w);
      cl_end(w);
    }
    return;
  }
  size_t cap = (size_t)n + 1;
  for (int k = 0; k < K; k++)
    if (tt->a[k].cell == GROUP && (size_t)tt->a[k].nopt + 1 > cap)
      cap = (size_t)tt->a[k].nopt + 1;
  int *values = sks_malloc(cap * sizeof *values);
  int *lits = sks_malloc(cap * sizeof *lits);
  int *cond2 = sks_malloc(cap * sizeof *cond2);
  /* The totals each prefix can reach lie in [plo[k], phi[k]]. */
  long *plo = sks_malloc((size_t)(K + 1) * sizeof *plo);
  long *phi = sks_malloc((size_t)(K + 1) * sizeof *phi);
  plo[0] = phi[0] = 0;
  long lo = 0, hi = 0;
  for (int k = 0; k < K; k++) {
    int m = options(w, &tt->a[k], values, lits, cond2);
    long a = 0, b = 0;
    for (int i = 0; i < m; i++) {
      if (!i || values[i] < a)
        a = values[i];
      if (!i || values[i] > b)
        b = values[i];
    }
    plo[k + 1] = plo[k] + a;
    phi[k + 1] = phi[k] + b;
    if (plo[k + 1] < lo)
      lo = plo[k + 1];
    if (phi[k + 1] > hi)
      hi = phi[k + 1];
  }
  size_t span = (size_t)(hi - lo + 1);
  /* reach[k][u - lo]: total u of the first k terms reachable forward
   * (bit 1) and able to complete to the target (bit 2). */
  unsigned char *reach = sks_calloc((size_t)(K + 1) * span, 1);
  int *var = sks_calloc((size_t)(K + 1) * span, sizeof *var);
#define AT(k, u) ((size_t)(k)*span + (size_t)((u)-lo))
  if (target < plo[K] || target > phi[K]) {
    cl_begin(w);
    cl_end(w); /* no total reaches it */
    goto done;
  }
  reach[AT(0, 0)] = 1;
  for (int k = 0; k < K; k++) {
    int m = options(w, &tt->a[k], values, lits, cond2);
    for (long u = plo[k]; u <= phi[k]; u++)
      if (reach[AT(k, u)] & 1)
        for (int i = 0; i < m; i++)
          reach[AT(k + 1, u + values[i])] |= 1;
  }
  if (reach[AT(K, target)] & 1)
    reach[AT(K, target)] |= 2;
  for (int k = K - 1; k >= 0; k--) {
    int m = options(w, &tt->a[k], values, lits, cond2);
    for (long u = plo[k]; u <= phi[k]; u++)
      if (reach[AT(k, u)] & 1)
        for (int i = 0; i < m; i++) {
          long t = u + values[i];
          if (t >= plo[k + 1] && t <= phi[k + 1] && reach[AT(k + 1, t)] & 2)
            reach[AT(k, u)] |= 2;
        }
  }
  if (!(reach[AT(0, 0)] & 2)) {
    cl_begin(w);
    cl_end(w);
    goto done;
  }
  /* The variables of each step: a single live total is true for good. */
  for (int k = 0; k <= K; k++)
    step_vars(w, reach + AT(k, plo[k]), var + AT(k, plo[k]),
              (size_t)(phi[k] - plo[k] + 1));
    /* A total out of the live ones is false. */
#define S(k, t)                                                                \
  ((t) < plo[k] || (t) > phi[k] || reach[AT(k, t)] != 3 ? LFALSE               \
                                                        : var[AT(k, t)])
  for (int k = 0; k < K; k++) {
    int m = options(w, &tt->a[k], values, lits, cond2);
    const term *t = &tt->a[k];
    for (long u = plo[k]; u <= phi[k]; u++) {
      int su = S(k, u);
      if (su == LFALSE)
        continue;
      /* Forward: total u and option i give total u + value. */
      for (int i = 0; i < m; i++) {
        cl_begin(w);
        cl_lit(w, neg(su));
        cl_lit(w, neg(lits[i]));
        cl_lit(w, neg(cond2[i]));
        cl_lit(w, S(k + 1, u + values[i]));
        cl_end(w);
      }
      /* Support: total u goes on with an option that stays live. */
      if (t->cond == LTRUE) {
        cl_begin(w);
        cl_lit(w, neg(su));
        for (int i = 0; i < m; i++)
          if (S(k + 1, u + values[i]) != LFALSE)
            cl_lit(w, lits[i]);
        cl_end(w);
      }
    }
    for (long u = plo[k + 1]; u <= phi[k + 1]; u++) {
      int su = S(k + 1, u);
      if (su == LFALSE)
        continue;
      /* Backward: total u after option i came from u - value. */
      for (int i = 0; i < m; i++) {
        cl_begin(w);
        cl_lit(w, neg(su));
        cl_lit(w, neg(lits[i]));
        cl_lit(w, neg(cond2[i]));
        cl_lit(w, S(k, u - values[i]));
        cl_end(w);
      }
      if (t->cond == LTRUE) {
        cl_begin(w);
        cl_lit(w, neg(su));
        for (int i = 0; i < m; i++)
          if (S(k, u - values[i]) != LFALSE)
            cl_lit(w, lits[i]);
        cl_end(w);
      }
    }
  }
#undef S
done:
#undef AT
  free(reach);
  free(var);
  free(plo);
  free(phi);
  free(values);
  free(lits);
  free(cond2);
}

void sks_lower_terms_free(terms *tt) {
  for (size_t i = 0; i < tt->n; i++)
    if (tt->a[i].cell == GROUP) {
      free(tt->a[i].oval);
      free(tt->a[i].olit);
    }
  SKS_STACK_FREE(*tt);
}

/* ------------------------------------------------------------------ */
/* Sums over cells, rewritten before they are lowered. */

/* Groups of fewer cells are summed cell by cell (BENCHMARKS.md, "Sums:
 * houses, groups and implied sums": pairs slowed the little killers). */
enum { MIN_GROUP = 3 };

/* The cell's one digit (its rank) when the givens decide it, else 0. */
static int fixed_digit(const low *w, int cell) {
  for (int v = 1; v <= w->n; v++)
    if (xl(w, cell, v) == LTRUE)
      return v;
  return 0;
}

/* sum of the terms == target, where every term counts always: the terms
 * as coefficients per cell (givens moved to the constant side); a house
 * (each region holds 1..n, summing to n(n+1)/2) whose cells mostly share
 * a coefficient c taken away c times (its other cells then count -c:
 * the law of leftovers) while that leaves fewer cells; then the cells of
 * one coefficient that share a region summed as a group by their digit
 * sets (the group's sum is one term of the prefix totals). */
void sks_lower_sum_cells(low *w, const terms *tt, long target) {
  int n = w->n, N = n * n;
  const sks_shape *s = w->eo->shape;
  int *coef = sks_calloc((size_t)N, sizeof *coef);
  int *order = sks_malloc((size_t)N * sizeof *order); /* first seen */
  int norder = 0;
  for (size_t i = 0; i < tt->n; i++) {
    const term *t = &tt->a[i];
    if (t->cell < 0) {
      target -= t->coef;
      continue;
    }
    bool seen = false;
    for (int j = 0; j < norder; j++)
      seen |= order[j] == t->cell;
    if (!seen)
      order[norder++] = t->cell;
    coef[t->cell] += t->coef;
  }
  long house = (long)n * (n + 1) / 2 - (long)w->off * n; /* its values */
  /* givens: constants */
  for (int c = 0; c < N; c++) {
    int d = coef[c] ? fixed_digit(w, c) : 0;
    if (d) {
      target -= (long)coef[c] * (d - w->off);
      coef[c] = 0;
    }
  }
  for (;;) {
    int best = 0, br = -1, bc = 0;
    for (int r = 0; r < s->nregions; r++) {
      const int *reg = s->region + (size_t)r * n;
      int zeros = 0;
      for (int i = 0; i < n; i++)
        zeros += !coef[reg[i]] && !fixed_digit(w, reg[i]);
      for (int i = 0; i < n; i++) {
        int c = coef[reg[i]], same = 0;
        if (!c)
          continue;
        for (int j = 0; j < n; j++)
          same += coef[reg[j]] == c;
        if (same - zeros > best) {
          best = same - zeros;
          br = r;
          bc = c;
        }
      }
    }
    if (br < 0)
      break;
    const int *reg = s->region + (size_t)br * n;
    target -= (long)bc * house;
    for (int i = 0; i < n; i++) {
      int c = reg[i];
      coef[c] -= bc;
      int d = coef[c] ? fixed_digit(w, c) : 0;
      if (d) {
        target -= (long)coef[c] * (d - w->off);
        coef[c] = 0;
      }
      bool seen = false;
      for (int j = 0; j < norder; j++)
        seen |= order[j] == c;
      if (!seen && coef[c])
        order[norder++] = c;
    }
  }
  /* groups: the cells of one coefficient in one region, the largest
   * first, of MIN_GROUP cells or more; each once */
  terms out = {0};
  bool *done = sks_calloc((size_t)N, sizeof *done);
  int *cells = sks_malloc((size_t)n * sizeof *cells);
  for (;;) {
    int best = MIN_GROUP - 1, br = -1, bc = 0;
    for (int r = 0; r < s->nregions; r++) {
      const int *reg = s->region + (size_t)r * n;
      for (int i = 0; i < n; i++) {
        int c = coef[reg[i]], same = 0;
        if (!c || done[reg[i]])
          continue;
        for (int j = 0; j < n; j++)
          same += coef[reg[j]] == c && !done[reg[j]];
        if (same > best) {
          best = same;
          br = r;
          bc = c;
        }
      }
    }
    if (br < 0)
      break;
    const int *reg = s->region + (size_t)br * n;
    int k = 0;
    for (int i = 0; i < n; i++)
      if (coef[reg[i]] == bc && !done[reg[i]])
        cells[k++] = reg[i];
    if (!sks_lower_group_term(w, &out, cells, k, bc))
      break;
    for (int i = 0; i < k; i++)
      done[cells[i]] = true;
  }
  for (int j = 0; j < norder; j++) {
    int c = order[j];
    if (coef[c] && !done[c])
      sks_lower_add_term(&out, c, coef[c], LTRUE);
  }
  sks_lower_sum_equals(w, &out, target);
  sks_lower_terms_free(&out);
  free(cells);
  free(done);
  free(order);
  free(coef);
}

/* Sum line or loop: the total since the last cut at each boundary
 * between cells (0 .. V-1, V the value), one variable a total that can
 * be reached and completed, exactly one true; a digit that makes the
 * total V cuts (back to 0), one that passes V is refused; a line starts
 * and ends on 0, a loop ends where it starts and holds a digit above 0
 * (a piece at least, as ISS: a line of 0s is kept, a loop of 0s not).
 * The clauses forward, backward and of support are
 * sks_lower_sum_equals' over these totals. */
static int cut_next(int s, int v, int V) {
  return s + v < V ? s + v : s + v == V ? 0 : -1;
}
static int cut_prev(int t, int v, int V) {
  if (t)
    return t - v >= 0 ? t - v : -1;
  return v == 0 ? 0 : v <= V ? V - v : -1;
}

void sks_lower_sum_line(low *w, const sks_rule *r, bool loop) {
  int n = w->n, k = r->ncells, V = r->value;
  const int *c = r->cells;
  if ((long)V > (long)k * (n - w->off)) { /* no piece completes: a line
                                               of 0s, never a loop */
    if (loop) {
      cl_begin(w);
      cl_end(w);
    }
    for (int i = 0; i < k; i++)
      for (int d = 1; d <= n; d++)
        if (d - w->off > 0)
          clause2(w, neg(xl(w, c[i], d)), LFALSE);
    return;
  }
  size_t span = (size_t)V;
  unsigned char *reach = sks_calloc((size_t)(k + 1) * span, 1);
  int *var = sks_calloc((size_t)(k + 1) * span, sizeof *var);
#define AT(i, s) ((size_t)(i)*span + (size_t)(s))
  for (int s = 0; s < V; s++)
    reach[AT(0, s)] = loop || s == 0;
  for (int i = 0; i < k; i++)
    for (int s = 0; s < V; s++)
      for (int d = 1; reach[AT(i, s)] & 1 && d <= n; d++) {
        int t = cut_next(s, d - w->off, V);
        if (t >= 0 && xl(w, c[i], d) != LFALSE)
          reach[AT(i + 1, t)] |= 1;
      }
  for (int s = 0; s < V; s++)
    if (reach[AT(k, s)] & 1 && (loop ? reach[AT(0, s)] & 1 : s == 0))
      reach[AT(k, s)] |= 2;
  for (int i = k - 1; i >= 0; i--)
    for (int s = 0; s < V; s++)
      for (int d = 1; reach[AT(i, s)] & 1 && d <= n; d++) {
        int t = cut_next(s, d - w->off, V);
        if (t >= 0 && xl(w, c[i], d) != LFALSE && reach[AT(i + 1, t)] & 2)
          reach[AT(i, s)] |= 2;
      }
  for (int i = 0; i <= k; i++)
    if (!step_vars(w, reach + AT(i, 0), var + AT(i, 0), span)) {
      /* no total goes on here: the line cannot be cut */
      cl_begin(w);
      cl_end(w);
      goto done;
    }
#define S(i, s) ((s) < 0 || reach[AT(i, s)] != 3 ? LFALSE : var[AT(i, s)])
  for (int i = 0; i < k; i++) {
    for (int s = 0; s < V; s++) {
      int su = S(i, s), tu = S(i + 1, s);
      if (su != LFALSE) { /* forward, and the digits that go on */
        cl_begin(w);
        cl_lit(w, neg(su));
        for (int d = 1; d <= n; d++) {
          int x = xl(w, c[i], d), to = S(i + 1, cut_next(s, d - w->off, V));
          if (x != LFALSE && to != LFALSE)
            cl_lit(w, x);
        }
        cl_end(w);
        for (int d = 1; d <= n; d++)
          clause3(w, neg(su), neg(xl(w, c[i], d)),
                  S(i + 1, cut_next(s, d - w->off, V)));
      }
      if (tu != LFALSE) { /* backward, and the digits that led here */
        cl_begin(w);
        cl_lit(w, neg(tu));
        for (int d = 1; d <= n; d++) {
          int x = xl(w, c[i], d), from = S(i, cut_prev(s, d - w->off, V));
          if (x != LFALSE && from != LFALSE)
            cl_lit(w, x);
        }
        cl_end(w);
        for (int d = 1; d <= n; d++)
          clause3(w, neg(tu), neg(xl(w, c[i], d)),
                  S(i, cut_prev(s, d - w->off, V)));
      }
    }
  }
  if (loop) { /* the loop's last boundary is its first; a piece at least
                 (not all 0) */
    for (int s = 0; s < V; s++) {
      clause2(w, neg(S(0, s)), S(k, s));
      clause2(w, neg(S(k, s)), S(0, s));
    }
    cl_begin(w);
    for (int i = 0; i < k; i++)
      for (int d = 1 + w->off; d <= n; d++)
        cl_lit(w, xl(w, c[i], d));
    cl_end(w);
  }
#undef S
done:
#undef AT
  free(reach);
  free(var);
}
