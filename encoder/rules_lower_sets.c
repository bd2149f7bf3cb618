/* Cells of distinct digits by the sets of digits they may hold: killer
 * cages, renban runs, groups within a sum, and the sets a rellik cage
 * forbids. */
#include "rules_lower_int.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* A cage's digit sets. */

/* The sets of k distinct digits from v..n (bit v-1), each allowed
 * somewhere in the cells (allowed_any), summing to target (any sum when
 * target < 0), added to out with the digits of mask; the count so far, or
 * -1 past MAX_COMBOS. */
int sks_lower_combos(int n, int v, int k, long target, unsigned allowed_any,
                     unsigned mask, unsigned *out, int count) {
  if (k == 0)
    return target > 0            ? count
           : count == MAX_COMBOS ? -1
                                 : (out[count] = mask, count + 1);
  for (; v <= n && (target < 0 || v <= target) && count >= 0; v++)
    if (allowed_any >> (v - 1) & 1)
      count =
          sks_lower_combos(n, v + 1, k - 1, target < 0 ? target : target - v,
                           allowed_any, mask | 1u << (v - 1), out, count);
  return count;
}

/* k cells of distinct digits by the sets of digits they may hold (of
 * sum target, any when target < 0): one variable a set (cv, LTRUE when
 * there is one), exactly one true; a digit in a cell only when the set
 * holds it, and each digit of the set in some cell.  The sets in set[]
 * (room for MAX_COMBOS); their count, or -1 when they are too many
 * (sides past 16 or more than MAX_COMBOS sets: nothing added). */
static int *set_clauses(low *w, const int *cells, int k, const unsigned *set,
                        int m);
static int digit_sets(low *w, const int *cells, int k, long target,
                      unsigned *set, int **cvp) {
  int n = w->n;
  *cvp = NULL;
  if (n > 16 || k > n)
    return -1;
  unsigned any = 0;
  for (int i = 0; i < k; i++)
    for (int v = 1; v <= n; v++)
      if (xl(w, cells[i], v) != LFALSE)
        any |= 1u << (v - 1);
  /* the sets are of ranks: k values sum to target, k ranks to k*off more */
  int m = sks_lower_combos(
      n, 1, k, target < 0 ? target : target + (long)w->off * k, any, 0, set, 0);
  if (m < 0)
    return -1;
  *cvp = set_clauses(w, cells, k, set, m);
  return m;
}

/* The clauses of digit_sets for the m sets in set[]; the sets'
 * variables. */
static int *set_clauses(low *w, const int *cells, int k, const unsigned *set,
                        int m) {
  int n = w->n;
  int *cv = sks_malloc(((size_t)m + 1) * sizeof *cv);
  for (int j = 0; j < m; j++)
    cv[j] = m == 1 ? LTRUE : fresh(w);
  if (m == 0) {
    cl_begin(w);
    cl_end(w);
  } else if (m > 1) {
    sks_cnf_add_clause(w->cnf, cv, m);
    sks_amo_encode(w->cnf, w->amo, cv, m, w->next);
  }
  for (int v = 1; v <= n; v++) {
    bool in_some = false;
    for (int j = 0; j < m; j++)
      in_some |= set[j] >> (v - 1) & 1;
    if (!in_some) { /* in no set: in no cell */
      for (int i = 0; i < k; i++)
        clause2(w, neg(xl(w, cells[i], v)), LFALSE);
      continue;
    }
    /* a cell holding v: some set holding v */
    for (int i = 0; i < k; i++) {
      int x = xl(w, cells[i], v);
      if (x == LFALSE)
        continue;
      cl_begin(w);
      cl_lit(w, neg(x));
      for (int j = 0; j < m; j++)
        if (set[j] >> (v - 1) & 1)
          cl_lit(w, cv[j]);
      cl_end(w);
    }
    /* a set holding v: v in some cell */
    for (int j = 0; j < m; j++) {
      if (!(set[j] >> (v - 1) & 1))
        continue;
      cl_begin(w);
      cl_lit(w, neg(cv[j]));
      for (int i = 0; i < k; i++)
        cl_lit(w, xl(w, cells[i], v));
      cl_end(w);
    }
  }
  return cv;
}

/* A cage of distinct digits summing to target, by its digit sets; with
 * the cells' distinct digits this says the sum.  false when the sets are
 * too many (sides past 9, big cages): the caller sums instead. */
bool sks_lower_cage_sets(low *w, const int *cells, int k, long target) {
  unsigned *set = sks_malloc(MAX_COMBOS * sizeof *set);
  int *cv;
  int m = digit_sets(w, cells, k, target, set, &cv);
  free(cv);
  free(set);
  return m >= 0;
}

/* A renban line by its runs (k different digits, a..a+k-1): one
 * variable a run, exactly one true, the digit sets' clauses (besides the
 * pairs' relation). */
void sks_lower_renban_runs(low *w, const int *cells, int k) {
  int n = w->n;
  if (n > 16 || k < 2 || k > n)
    return;
  unsigned *set = sks_malloc((size_t)n * sizeof *set);
  int m = 0;
  for (int a = 1; a + k - 1 <= n; a++)
    set[m++] = ((1u << k) - 1) << (a - 1);
  free(set_clauses(w, cells, k, set, m));
  free(set);
}

/* A term for the sum of k cells of distinct digits times coef: its
 * options are the sums of their digit sets, each under a literal true
 * exactly when the cells' set has that sum.  false when the sets are too
 * many (nothing added). */
bool sks_lower_group_term(low *w, terms *tt, const int *cells, int k,
                          int coef) {
  unsigned *set = sks_malloc(MAX_COMBOS * sizeof *set);
  int *cv;
  int m = digit_sets(w, cells, k, -1, set, &cv);
  if (m < 0) {
    free(set);
    return false;
  }
  term t = {GROUP, coef, LTRUE, 0, NULL, NULL};
  int top = w->n * (w->n + 1) / 2;
  t.oval = sks_malloc(((size_t)top + 1) * sizeof *t.oval);
  t.olit = sks_malloc(((size_t)top + 1) * sizeof *t.olit);
  int *lit = sks_malloc(((size_t)m + 1) * sizeof *lit);
  for (int s = 0; s <= top; s++) {
    int q = 0;
    for (int j = 0; j < m; j++) {
      int sum = 0;
      for (int v = 1; v <= w->n; v++)
        sum += (set[j] >> (v - 1) & 1) ? v : 0;
      if (sum == s)
        lit[q++] = cv[j];
    }
    if (!q)
      continue;
    /* one set: its variable; more: l <-> one of the sets */
    int l = q > 1 ? sks_lower_or(w, lit, q) : lit[0];
    t.oval[t.nopt] = coef * (s - w->off * k); /* ranks' sum to values' */
    t.olit[t.nopt++] = l;
  }
  free(lit);
  free(cv);
  free(set);
  SKS_PUSH(*tt, t);
  return true;
}

/* Rellik: different digits, and for each set of one or more digits
 * (at most the cells' count) that sums to the value, not all of them in
 * the cells (a digit is in them: the disjunction of its literals). */
static void rellik_sets(low *w, const int *in, int v, int size, long sum,
                        int *pick, int most) {
  if (size && sum == 0) {
    cl_begin(w);
    for (int i = 0; i < size; i++)
      cl_lit(w, neg(in[pick[i]]));
    cl_end(w);
    return;
  }
  for (int d = v; size < most && d <= w->n; d++) {
    long val = d - w->off; /* a 0 only alone, for a value of 0 */
    if (val <= sum && (val > 0 || (sum == 0 && size == 0))) {
      pick[size] = d;
      rellik_sets(w, in, d + 1, size + 1, sum - val, pick, most);
    }
  }
}

void sks_lower_rellik(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  sks_lower_distinct(w, r->cells, k);
  int *in = sks_malloc((size_t)(n + 1) * sizeof *in);
  int *l = sks_malloc((size_t)k * sizeof *l);
  int *pick = sks_malloc((size_t)(n + 1) * sizeof *pick);
  for (int d = 1; d <= n; d++) {
    for (int i = 0; i < k; i++)
      l[i] = xl(w, r->cells[i], d);
    in[d] = sks_lower_or(w, l, k);
  }
  rellik_sets(w, in, 1, 0, r->value, pick, k < n ? k : n);
  free(pick);
  free(l);
  free(in);
}
