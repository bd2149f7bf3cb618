/* Relations between two cells lowered to clauses (support clauses both
 * ways, or "not the same digit"), the rules made of them alone, and the
 * literal of a disjunction (the other families' conditions build on
 * both). */
#include "rules_lower_int.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Relations between two cells. */

static bool holds(rel r, int p, int a, int b) {
  int d = a > b ? a - b : b - a;
  switch (r) {
  case REL_EQ:
    return a == b;
  case REL_DIFF_EQ:
    return d == p;
  case REL_DIFF_GE:
    return d >= p;
  case REL_DIFF_NE:
    return d != p;
  case REL_RATIO:
    return a == p * b || b == p * a;
  case REL_NO_RATIO:
    return !(a == p * b || b == p * a);
  case REL_SUM:
    return a + b == p;
  case REL_NO_XV:
    return a + b != 10 && a + b != 5;
  case REL_GT:
    return a > b;
  case REL_RISE:
    return b - a >= p;
  case REL_NEAR:
    return a != b && d <= p;
  case REL_THIRD_NE:
    return (a - 1) / p != (b - 1) / p;
  case REL_MOD3_NE:
    return a % 3 != b % 3;
  case REL_MOD_NE:
    return a % p != b % p;
  }
  return true;
}

/* Support clauses both ways for a relation given as a table: ok[(va-1)*n
 * + vb-1] says the ranks va of cell a and vb of cell b go together. */
static void relate_table(low *w, int a, int b, const bool *ok) {
  int n = w->n;
  for (int side = 0; side < 2; side++)
    for (int va = 1; va <= n; va++) {
      int la = xl(w, side ? b : a, va);
      if (la == LFALSE)
        continue;
      cl_begin(w);
      cl_lit(w, neg(la));
      for (int vb = 1; vb <= n; vb++)
        if (side ? ok[(vb - 1) * n + va - 1] : ok[(va - 1) * n + vb - 1])
          cl_lit(w, xl(w, side ? a : b, vb));
      cl_end(w);
    }
}

/* Support clauses both ways for relation r between the values of cells a
 * and b (between their ranks for thirds): relate_table's, over the table
 * of the pairs of ranks r allows. */
void sks_lower_relate(low *w, int a, int b, rel r, int p) {
  int n = w->n, o = r == REL_THIRD_NE ? 0 : w->off;
  /* called for every pair a rule relates: the table on the stack up to
   * 16x16, where variant rules are met */
  bool small[16 * 16] = {false};
  bool *ok = n <= 16 ? small : sks_malloc((size_t)n * n * sizeof *ok);
  for (int va = 1; va <= n; va++)
    for (int vb = 1; vb <= n; vb++)
      ok[(va - 1) * n + vb - 1] = holds(r, p, va - o, vb - o);
  relate_table(w, a, b, ok);
  if (ok != small)
    free(ok);
}

/* a and b hold different digits. */
void sks_lower_differ(low *w, int a, int b) {
  for (int v = 1; v <= w->n; v++)
    clause2(w, neg(xl(w, a, v)), neg(xl(w, b, v)));
}

/* The cells hold different digits; every digit once when there are n. */
void sks_lower_distinct(low *w, const int *cells, int k) {
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < k; j++)
      sks_lower_differ(w, cells[i], cells[j]);
  if (k == w->n)
    for (int v = 1; v <= w->n; v++) {
      cl_begin(w);
      for (int i = 0; i < k; i++)
        cl_lit(w, xl(w, cells[i], v));
      cl_end(w);
    }
}

/* Pair rules: the table of the pairs given (values to ranks; a value of
 * no digit allows nothing), then each pair of cells the rule relates. */
void sks_lower_pair_rule(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  bool *ok = sks_calloc((size_t)n * n, sizeof *ok);
  for (int i = 0; i + 1 < r->ndigits; i += 2) {
    int a = r->digits[i] + w->off, b = r->digits[i + 1] + w->off;
    if (a >= 1 && a <= n && b >= 1 && b <= n)
      ok[(a - 1) * n + b - 1] = true;
  }
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < (r->kind == SKS_RULE_PAIR ? i + 2 : k) && j < k;
         j++)
      relate_table(w, r->cells[i], r->cells[j], ok);
  free(ok);
}

/* A variable equal to the disjunction of the literals. */
int sks_lower_or(low *w, const int *l, int k) {
  bool any_open = false;
  for (int i = 0; i < k; i++) {
    if (l[i] == LTRUE)
      return LTRUE;
    any_open |= l[i] != LFALSE;
  }
  if (!any_open)
    return LFALSE;
  int o = fresh(w);
  cl_begin(w);
  cl_lit(w, -o);
  for (int i = 0; i < k; i++)
    cl_lit(w, l[i]);
  cl_end(w);
  for (int i = 0; i < k; i++)
    clause2(w, neg(l[i]), o);
  return o;
}
