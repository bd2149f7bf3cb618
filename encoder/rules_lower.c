/* A puzzle's variant rules lowered to clauses over the exactly-one
 * variables, after the system's own (sks_encode).  Three forms carry
 * every rule:
 *   - a relation between two cells: for each digit of one, the clause
 *     "not this digit, or one of the other's digits it allows" (a support
 *     clause, which propagates as arc consistency does), both ways; a
 *     plain "not the same digit" as binary clauses;
 *   - a sum: terms (a cell's digit times a coefficient, or a constant),
 *     each maybe counted only under a condition literal, equal to a
 *     target, through prefix sums: one variable for each total the first
 *     k terms can reach and the rest can still complete, exactly one true
 *     at each step, the step's transitions both ways and the support of
 *     each total;
 *   - conditions defined from cells (a sandwich's "between the 1 and the
 *     n", an x-sum's "among the first X", a skyscraper's "seen");
 *   - a killer cage with its sum by the sets of digits that make the sum:
 *     one variable a set, exactly one true, a digit in a cell only when
 *     the set holds it and each digit of the set in some cell (sides up to
 *     16 and at most 512 sets; prefix totals past that);
 *   - a sum over cells that always count (cages past that, little
 *     killers, arrows and pills, double arrows, zippers, region sums)
 *     rewritten first: givens to the other side, a house whose cells
 *     the sum mostly holds with one coefficient taken away for its total
 *     (the law of leftovers: a pill's long shaft through most of a box
 *     becomes the box's total less the box's other cells), and the cells
 *     of one coefficient sharing a region summed as one term whose values
 *     are their digit sets' sums (the prefix totals then step over a
 *     group, which knows its digits differ);
 *   - sums the killer cages imply (innies and outies of each house and
 *     band of rows or columns), up to 3 cells, added as sums; a sandwich
 *     also by the digit sets between its ends, a renban line by its runs
 *     as digit sets.
 * Fixed candidates decide their literals here: a clause they satisfy is
 * left out, a literal they falsify dropped, so an empty clause says the
 * givens break a rule.  Auxiliary variables are numbered from *next on. */
#include "cages.h"
#include "encode_int.h"
#include "eo.h"
#include "stack_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { LTRUE = INT_MAX, LFALSE = -INT_MAX };

typedef struct low {
  const sks_eo *eo;
  const int *num; /* candidate -> CNF variable, or NULL: the identity */
  sks_cnf *cnf;
  int *next;
  int n;
  sks_amo amo;
  int off;           /* a digit's value is its rank (1..n) less off: 1 under
                        from-zero, else 0 */
  SKS_STACK(int) cl; /* the clause being built */
  bool sat;          /* ... already satisfied */
} low;

static int neg(int l) {
  return l == LTRUE ? LFALSE : l == LFALSE ? LTRUE : -l;
}

/* The literal "cell holds digit v" (v its rank, 1-based: its value is
 * v - w->off). */
static int xl(const low *w, int cell, int v) {
  if (v < 1 || v > w->n)
    return LFALSE;
  int x = cell * w->n + v;
  signed char val = w->eo->val[x];
  if (val > 0)
    return LTRUE;
  if (val < 0)
    return LFALSE;
  return w->num ? w->num[x] : x;
}

static int fresh(low *w) {
  return (*w->next)++;
}

static void cl_begin(low *w) {
  w->cl.n = 0;
  w->sat = false;
}
static void cl_lit(low *w, int l) {
  if (l == LTRUE)
    w->sat = true;
  else if (l != LFALSE)
    SKS_PUSH(w->cl, l);
}
static void cl_end(low *w) {
  if (!w->sat)
    sks_cnf_add_clause(w->cnf, w->cl.a, (int)w->cl.n);
}
static void clause2(low *w, int a, int b) {
  cl_begin(w);
  cl_lit(w, a);
  cl_lit(w, b);
  cl_end(w);
}
static void clause3(low *w, int a, int b, int c) {
  cl_begin(w);
  cl_lit(w, a);
  cl_lit(w, b);
  cl_lit(w, c);
  cl_end(w);
}

/* ------------------------------------------------------------------ */
/* Relations between two cells. */

typedef enum rel {
  REL_EQ,
  REL_DIFF_EQ,  /* |a-b| == p */
  REL_DIFF_GE,  /* |a-b| >= p */
  REL_DIFF_NE,  /* |a-b| != p */
  REL_RATIO,    /* a == p*b or b == p*a */
  REL_NO_RATIO, /* not REL_RATIO */
  REL_SUM,      /* a+b == p */
  REL_NO_XV,    /* a+b is neither 10 nor 5 */
  REL_GT,       /* a > b */
  REL_RISE,     /* b - a >= p */
  REL_NEAR,     /* a != b and |a-b| <= p */
  REL_THIRD_NE, /* different thirds of 1..n (p = n/3) */
  REL_MOD3_NE,  /* different modulo 3 */
  REL_MOD_NE    /* different modulo p */
} rel;

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

/* Support clauses both ways for relation r between the values of cells a
 * and b (between their ranks for thirds). */
static void relate(low *w, int a, int b, rel r, int p) {
  int n = w->n, o = r == REL_THIRD_NE ? 0 : w->off;
  for (int side = 0; side < 2; side++)
    for (int va = 1; va <= n; va++) {
      int la = xl(w, side ? b : a, va);
      if (la == LFALSE)
        continue;
      cl_begin(w);
      cl_lit(w, neg(la));
      for (int vb = 1; vb <= n; vb++)
        if (side ? holds(r, p, vb - o, va - o) : holds(r, p, va - o, vb - o))
          cl_lit(w, xl(w, side ? a : b, vb));
      cl_end(w);
    }
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

/* a and b hold different digits. */
static void differ(low *w, int a, int b) {
  for (int v = 1; v <= w->n; v++)
    clause2(w, neg(xl(w, a, v)), neg(xl(w, b, v)));
}

/* The cells hold different digits; every digit once when there are n. */
static void distinct(low *w, const int *cells, int k) {
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < k; j++)
      differ(w, cells[i], cells[j]);
  if (k == w->n)
    for (int v = 1; v <= w->n; v++) {
      cl_begin(w);
      for (int i = 0; i < k; i++)
        cl_lit(w, xl(w, cells[i], v));
      cl_end(w);
    }
}

/* ------------------------------------------------------------------ */
/* Sums. */

typedef struct term {
  int cell; /* -1: the constant coef; GROUP: the options below */
  int coef;
  int cond; /* counted when this literal holds (LTRUE: always) */
  int nopt; /* GROUP: values oval[i] under literals olit[i], one true */
  int *oval, *olit;
} term;

enum { GROUP = -2 };

typedef SKS_STACK(term) terms;

static void add_term(terms *t, int cell, int coef, int cond) {
  term x = {cell, coef, cond, 0, NULL, NULL};
  SKS_PUSH(*t, x);
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
static void sum_equals(low *w, const terms *tt, long target) {
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
  for (int k = 0; k <= K; k++) {
    int live = 0;
    for (long u = plo[k]; u <= phi[k]; u++)
      live += reach[AT(k, u)] == 3;
    SKS_STACK(int) alo = {0};
    for (long u = plo[k]; u <= phi[k]; u++)
      if (reach[AT(k, u)] == 3) {
        var[AT(k, u)] = live == 1 ? LTRUE : fresh(w);
        if (live > 1)
          SKS_PUSH(alo, var[AT(k, u)]);
      }
    if (live > 1) {
      sks_cnf_add_clause(w->cnf, alo.a, (int)alo.n);
      sks_amo_encode(w->cnf, w->amo, alo.a, (int)alo.n, w->next);
    }
    SKS_STACK_FREE(alo);
  }
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

/* ------------------------------------------------------------------ */
/* A cage's digit sets. */

enum { MAX_COMBOS = 512 };

/* The sets of k distinct digits from v..n (bit v-1), each allowed
 * somewhere in the cells (allowed_any), summing to target (any sum when
 * target < 0), added to out with the digits of mask; the count so far, or
 * -1 past MAX_COMBOS. */
static int combos(int n, int v, int k, long target, unsigned allowed_any,
                  unsigned mask, unsigned *out, int count) {
  if (k == 0)
    return target > 0            ? count
           : count == MAX_COMBOS ? -1
                                 : (out[count] = mask, count + 1);
  for (; v <= n && (target < 0 || v <= target) && count >= 0; v++)
    if (allowed_any >> (v - 1) & 1)
      count = combos(n, v + 1, k - 1, target < 0 ? target : target - v,
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
  int m = combos(n, 1, k, target < 0 ? target : target + (long)w->off * k, any,
                 0, set, 0);
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
static bool cage_sets(low *w, const int *cells, int k, long target) {
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
static void renban_runs(low *w, const int *cells, int k) {
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
static bool group_term(low *w, terms *tt, const int *cells, int k, int coef) {
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
    int l = lit[0];
    if (q > 1) { /* l <-> one of the sets */
      l = fresh(w);
      cl_begin(w);
      cl_lit(w, -l);
      for (int j = 0; j < q; j++)
        cl_lit(w, lit[j]);
      cl_end(w);
      for (int j = 0; j < q; j++)
        clause2(w, neg(lit[j]), l);
    }
    t.oval[t.nopt] = coef * (s - w->off * k); /* ranks' sum to values' */
    t.olit[t.nopt++] = l;
  }
  free(lit);
  free(cv);
  free(set);
  SKS_PUSH(*tt, t);
  return true;
}

static void terms_free(terms *tt) {
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
static void sum_cells(low *w, const terms *tt, long target) {
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
    if (!group_term(w, &out, cells, k, bc))
      break;
    for (int i = 0; i < k; i++)
      done[cells[i]] = true;
  }
  for (int j = 0; j < norder; j++) {
    int c = order[j];
    if (coef[c] && !done[c])
      add_term(&out, c, coef[c], LTRUE);
  }
  sum_equals(w, &out, target);
  terms_free(&out);
  free(cells);
  free(done);
  free(order);
  free(coef);
}

/* ------------------------------------------------------------------ */
/* Conditions from cells. */

/* A variable equal to the disjunction of the literals. */
static int or_of(low *w, const int *l, int k) {
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
    m = size
            ? combos(n, 1, size, r->value + (long)w->off * size, mid, 0, set, m)
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
      b1 = or_of(w, l1, 2);
      bn = or_of(w, ln, 2);
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
    add_term(&tt, c, 1, in);
    ins[i] = in;
  }
  sum_equals(w, &tt, r->value);
  SKS_STACK_FREE(tt);
}

/* Sandwich: the digits strictly between the 1 and the n of the line. */
static void sandwich(low *w, const sks_rule *r) {
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
static void lunchbox(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  const int *c = r->cells;
  distinct(w, c, k);
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
    for (int i = 0; i < k; i++)
      for (int j = 0; j < k; j++)
        for (int d = 1; j != i && d <= n; d++)
          for (int d2 = 1; d2 <= n; d2++)
            if (e ? d2 > d : d2 < d) {
              cl_begin(w);
              cl_lit(w, neg(end[e][i]));
              cl_lit(w, neg(xl(w, c[i], d)));
              cl_lit(w, neg(xl(w, c[j], d2)));
              cl_end(w);
            }
  }
  between_ends(w, r, end[0], end[1], ins);
  free(end[0]);
  free(end[1]);
  free(ins);
}

/* X-sum: the first X cells, X the first cell's digit. */
static void x_sum(low *w, const sks_rule *r) {
  int n = w->n, first = r->cells[0];
  terms tt = {0};
  int *l = sks_malloc((size_t)n * sizeof *l);
  for (int i = 0; i < r->ncells; i++) {
    int cond = LTRUE;
    if (i > 0) {
      int m = 0;
      for (int v = i + 1 + w->off; v <= n; v++) /* a value of i+1 or more */
        l[m++] = xl(w, first, v);
      cond = or_of(w, l, m);
    }
    add_term(&tt, r->cells[i], 1, cond);
  }
  free(l);
  sum_equals(w, &tt, r->value);
  SKS_STACK_FREE(tt);
}

/* Skyscraper: the count of cells above every cell before them. */
static void skyscraper(low *w, const sks_rule *r) {
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
    add_term(&tt, -1, 1, seen);
    if (i + 1 < k) {
      int *next = sks_malloc((size_t)(n + 2) * sizeof *next);
      next[n + 1] = LFALSE;
      for (int v = n; v >= 1; v--) {
        int q = 0;
        l[q++] = m[v];
        for (int u = v; u <= n; u++)
          l[q++] = xl(w, c, u);
        next[v] = v == 1 ? LTRUE : or_of(w, l, q);
      }
      free(m);
      m = next;
    }
  }
  if (!hidden)
    sum_equals(w, &tt, r->value);
  SKS_STACK_FREE(tt);
  free(seens);
  free(m);
  free(l);
}

/* Sum line or loop: the total since the last cut at each boundary
 * between cells (0 .. V-1, V the value), one variable a total that can
 * be reached and completed, exactly one true; a digit that makes the
 * total V cuts (back to 0), one that passes V is refused; a line starts
 * and ends on 0, a loop ends where it starts and holds a digit above 0
 * (a piece at least, as ISS: a line of 0s is kept, a loop of 0s not).  The
 * clauses forward, backward and of support are sum_equals' over these totals.
 */
static int cut_next(int s, int v, int V) {
  return s + v < V ? s + v : s + v == V ? 0 : -1;
}
static int cut_prev(int t, int v, int V) {
  if (t)
    return t - v >= 0 ? t - v : -1;
  return v == 0 ? 0 : v <= V ? V - v : -1;
}

static void sum_line(low *w, const sks_rule *r, bool loop) {
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
  for (int i = 0; i <= k; i++) {
    SKS_STACK(int) alo = {0};
    for (int s = 0; s < V; s++)
      if (reach[AT(i, s)] == 3)
        SKS_PUSH(alo, 0);
    int live = (int)alo.n;
    alo.n = 0;
    for (int s = 0; s < V; s++)
      if (reach[AT(i, s)] == 3) {
        var[AT(i, s)] = live == 1 ? LTRUE : fresh(w);
        if (live > 1)
          SKS_PUSH(alo, var[AT(i, s)]);
      }
    if (live > 1) {
      sks_cnf_add_clause(w->cnf, alo.a, (int)alo.n);
      sks_amo_encode(w->cnf, w->amo, alo.a, (int)alo.n, w->next);
    }
    SKS_STACK_FREE(alo);
    if (!live) { /* no total goes on here: the line cannot be cut */
      cl_begin(w);
      cl_end(w);
      goto done;
    }
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

/* Same values: the cells cut in order into `value` sets of one size, each
 * digit as often in each set as in the first (as a sum of its literals),
 * and in some cell of each set when in a cell of another.  Sets of one
 * cell: the cells are equal. */
static void same_values(low *w, const sks_rule *r) {
  int n = w->n, m = r->value, z = r->ncells / m;
  const int *c = r->cells;
  if (z == 1) {
    for (int i = 1; i < m; i++)
      relate(w, c[0], c[i], REL_EQ, 0);
    return;
  }
  terms tt = {0};
  for (int d = 1; d <= n; d++)
    for (int j = 0; j < m; j++) {
      if (j) {
        tt.n = 0;
        for (int i = 0; i < z; i++) {
          add_term(&tt, -1, 1, xl(w, c[i], d));
          add_term(&tt, -1, -1, xl(w, c[j * z + i], d));
        }
        sum_equals(w, &tt, 0);
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

/* Pair rules: the table of the pairs given (values to ranks; a value of
 * no digit allows nothing), then each pair of cells the rule relates. */
static void pair_rule(low *w, const sks_rule *r) {
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

static void rellik(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  distinct(w, r->cells, k);
  int *in = sks_malloc((size_t)(n + 1) * sizeof *in);
  int *l = sks_malloc((size_t)k * sizeof *l);
  int *pick = sks_malloc((size_t)(n + 1) * sizeof *pick);
  for (int d = 1; d <= n; d++) {
    for (int i = 0; i < k; i++)
      l[i] = xl(w, r->cells[i], d);
    in[d] = or_of(w, l, k);
  }
  rellik_sets(w, in, 1, 0, r->value, pick, k < n ? k : n);
  free(pick);
  free(l);
  free(in);
}

/* Equality cage: different digits; twice the even (the high) digits make
 * the cells' count; an odd n's middle digit is in no cell. */
static void equality_cage(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  distinct(w, r->cells, k);
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
      add_term(&tt, -1, 2, or_of(w, l, m));
    }
    sum_equals(w, &tt, k);
  }
  SKS_STACK_FREE(tt);
  free(l);
}

/* ------------------------------------------------------------------ */
/* Each kind. */

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
          differ(w, a, b);
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
          relate(w, a, b, REL_DIFF_NE, 1);
        else if (r->kind == SKS_RULE_WHITE_ALL) {
          if (!has_pair(rs, a, b, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT))
            relate(w, a, b, REL_DIFF_NE, 1);
        } else if (r->kind == SKS_RULE_BLACK_ALL) {
          if (!has_pair(rs, a, b, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT))
            relate(w, a, b, REL_NO_RATIO, 2);
        } else if (!has_pair(rs, a, b, SKS_RULE_X_PAIR, SKS_RULE_V_PAIR))
          relate(w, a, b, REL_NO_XV, 0);
      }
    break;
  case SKS_RULE_DISJOINT_GROUPS:
    for (int p = 0; p < n; p++) {
      int pr = p / s->box_cols, pc = p % s->box_cols, k = 0;
      for (int b = 0; b < n; b++) {
        int br = b / (n / s->box_cols), bc = b % (n / s->box_cols);
        cells[k++] = (br * s->box_rows + pr) * n + bc * s->box_cols + pc;
      }
      distinct(w, cells, k);
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
      cells[i] =
          r->kind == SKS_RULE_DIAGONAL_NEG ? i * n + i : (n - 1 - i) * n + i;
    distinct(w, cells, n);
    break;
  default:
    break;
  }
  free(cells);
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

/* A literal true exactly when line x reads as a smaller number than line
 * e: from the last cell back, t_j says "x < e on cells j.." (a smaller
 * digit at j, or the same digit and t_{j+1}), t_n false. */
static int lex_less(low *w, const int *x, const int *e) {
  int n = w->n, next = LFALSE;
  for (int j = n - 1; j >= 0; j--) {
    if (x[j] == e[j]) /* the same cell: the same digit */
      continue;
    int t = fresh(w);
    for (int a = 1; a <= n; a++) {
      int xa = xl(w, x[j], a), ea = xl(w, e[j], a);
      /* x holds a: t when e is larger, not t when e is smaller */
      cl_begin(w);
      cl_lit(w, neg(xa));
      cl_lit(w, t);
      for (int b = 1; b <= a; b++)
        cl_lit(w, xl(w, e[j], b));
      cl_end(w);
      cl_begin(w);
      cl_lit(w, neg(xa));
      cl_lit(w, neg(t));
      for (int b = a; b <= n; b++)
        cl_lit(w, xl(w, e[j], b));
      cl_end(w);
      /* e holds a: the same from its side */
      cl_begin(w);
      cl_lit(w, neg(ea));
      cl_lit(w, t);
      for (int b = a; b <= n; b++)
        cl_lit(w, xl(w, x[j], b));
      cl_end(w);
      cl_begin(w);
      cl_lit(w, neg(ea));
      cl_lit(w, neg(t));
      for (int b = 1; b <= a; b++)
        cl_lit(w, xl(w, x[j], b));
      cl_end(w);
      /* the same digit: as the cells after */
      cl_begin(w);
      cl_lit(w, neg(xa));
      cl_lit(w, neg(ea));
      cl_lit(w, neg(next));
      cl_lit(w, t);
      cl_end(w);
      cl_begin(w);
      cl_lit(w, neg(xa));
      cl_lit(w, neg(ea));
      cl_lit(w, next);
      cl_lit(w, neg(t));
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
static void full_rank(low *w, const sks_rule *r) {
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
      int lt = lex_less(w, x, e), y = lt;
      if (x[0] != e[0]) { /* y: x starts with v and is smaller */
        int x0 = xl(w, x[0], v);
        y = fresh(w);
        clause2(w, -y, x0);
        clause2(w, -y, lt);
        clause3(w, y, neg(x0), neg(lt));
      }
      add_term(&tt, -1, 1, y);
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
    sum_equals(w, &tt, (r->value - 1) % 4);
  terms_free(&tt);
  free(L);
}

static void lower_rule(low *w, const sks_rules *rs, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  const int *c = r->cells;
  bool has_value = r->value != SKS_RULE_NO_VALUE;
  terms tt = {0};
  switch (r->kind) {
  case SKS_RULE_CAGE:
    distinct(w, c, k);
    /* By digit sets where they are few (BENCHMARKS.md, "Killer cages:
     * digit sets against prefix totals"), else by prefix totals. */
    if (has_value && cage_sets(w, c, k, r->value))
      break;
    if (has_value) {
      for (int i = 0; i < k; i++)
        add_term(&tt, c[i], 1, LTRUE);
      sum_cells(w, &tt, r->value);
    }
    break;
  case SKS_RULE_LITTLE_KILLER:
  case SKS_RULE_SUM: /* its digits may repeat, as a little killer's */
    for (int i = 0; i < k; i++)
      add_term(&tt, c[i], 1, LTRUE);
    sum_cells(w, &tt, r->value);
    break;
  case SKS_RULE_SANDWICH:
    sandwich(w, r);
    break;
  case SKS_RULE_LUNCHBOX:
    lunchbox(w, r);
    break;
  case SKS_RULE_X_SUM:
    x_sum(w, r);
    break;
  case SKS_RULE_SKYSCRAPER:
  case SKS_RULE_HIDDEN_SKYSCRAPER:
    skyscraper(w, r);
    break;
  case SKS_RULE_THERMO:
  case SKS_RULE_SLOW_THERMO:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++)
        relate(w, c[i], c[j], REL_RISE, r->kind == SKS_RULE_THERMO ? j - i : 0);
    break;
  case SKS_RULE_ARROW: {
    int place = 1;
    for (int i = r->split - 1; i >= 0; i--, place *= 10)
      add_term(&tt, c[i], -place, LTRUE);
    for (int i = r->split; i < k; i++)
      add_term(&tt, c[i], 1, LTRUE);
    sum_cells(w, &tt, 0);
    break;
  }
  case SKS_RULE_DOUBLE_ARROW:
    add_term(&tt, c[0], -1, LTRUE);
    add_term(&tt, c[k - 1], -1, LTRUE);
    for (int i = 1; i + 1 < k; i++)
      add_term(&tt, c[i], 1, LTRUE);
    sum_cells(w, &tt, 0);
    break;
  case SKS_RULE_WHITE_DOT:
    relate(w, c[0], c[1], REL_DIFF_EQ, has_value ? r->value : 1);
    break;
  case SKS_RULE_BLACK_DOT:
    relate(w, c[0], c[1], REL_RATIO, has_value ? r->value : 2);
    break;
  case SKS_RULE_X_PAIR:
    relate(w, c[0], c[1], REL_SUM, 10);
    break;
  case SKS_RULE_V_PAIR:
    relate(w, c[0], c[1], REL_SUM, 5);
    break;
  case SKS_RULE_SUM_PAIR:
    relate(w, c[0], c[1], REL_SUM, r->value);
    break;
  case SKS_RULE_GREATER:
    relate(w, c[0], c[1], REL_GT, 0);
    break;
  case SKS_RULE_WHISPERS:
    for (int i = 0; i + 1 < k; i++)
      relate(w, c[i], c[i + 1], REL_DIFF_GE,
             has_value ? r->value : (n + 1) / 2);
    break;
  case SKS_RULE_RENBAN:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++)
        relate(w, c[i], c[j], REL_NEAR, k - 1);
    renban_runs(w, c, k);
    break;
  case SKS_RULE_PALINDROME:
    for (int i = 0; i < k / 2; i++)
      relate(w, c[i], c[k - 1 - i], REL_EQ, 0);
    break;
  case SKS_RULE_CLONE:
    for (int i = 0; i < r->split; i++)
      relate(w, c[i], c[r->split + i], REL_EQ, 0);
    break;
  case SKS_RULE_ZIPPER:
    if (k % 2) {
      for (int i = 0; i < k / 2; i++) {
        tt.n = 0;
        add_term(&tt, c[i], 1, LTRUE);
        add_term(&tt, c[k - 1 - i], 1, LTRUE);
        add_term(&tt, c[k / 2], -1, LTRUE);
        sum_cells(w, &tt, 0);
      }
    } else
      for (int i = 1; i < k / 2; i++) {
        tt.n = 0;
        add_term(&tt, c[0], 1, LTRUE);
        add_term(&tt, c[k - 1], 1, LTRUE);
        add_term(&tt, c[i], -1, LTRUE);
        add_term(&tt, c[k - 1 - i], -1, LTRUE);
        sum_cells(w, &tt, 0);
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
          add_term(&tt, c[i], 1, LTRUE);
        else if (g == seen[j])
          add_term(&tt, c[i], -1, LTRUE);
      }
      sum_cells(w, &tt, 0);
    }
    free(seen);
    break;
  }
  case SKS_RULE_BETWEEN:
  case SKS_RULE_LOCKOUT: {
    int a = c[0], b = c[k - 1];
    if (r->kind == SKS_RULE_LOCKOUT)
      relate(w, a, b, REL_DIFF_GE, has_value ? r->value : 4);
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
          relate(w, c[i], c[j], REL_MOD_NE, r->value);
      break;
    }
    for (int i = 0; i + 2 < k; i++)
      for (int j = i + 1; j < i + 3; j++)
        relate(w, c[i], c[j],
               r->kind == SKS_RULE_ENTROPIC ? REL_THIRD_NE : REL_MOD3_NE,
               n / 3);
    if (k >= 3) /* the last window's last pair */
      relate(w, c[k - 2], c[k - 1],
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
          relate(w, b, c[i], REL_GT, 0);
        else
          relate(w, c[i], b, REL_GT, 0);
      }
    }
    break;
  case SKS_RULE_REGION:
    distinct(w, c, k);
    break;
  case SKS_RULE_SUM_LINE:
  case SKS_RULE_SUM_LOOP:
    sum_line(w, r, r->kind == SKS_RULE_SUM_LOOP);
    break;
  case SKS_RULE_SAME_VALUES:
    same_values(w, r);
    break;
  case SKS_RULE_FULL_RANK:
    full_rank(w, r);
    break;
  case SKS_RULE_RELLIK:
    rellik(w, r);
    break;
  case SKS_RULE_COUNT_DISTINCT: { /* the digits present, less the first's
                                     value */
    int *l = sks_malloc((size_t)k * sizeof *l);
    for (int d = 1; d <= n; d++) {
      for (int i = 1; i < k; i++)
        l[i - 1] = xl(w, c[i], d);
      add_term(&tt, -1, 1, or_of(w, l, k - 1));
    }
    add_term(&tt, c[0], -1, LTRUE);
    sum_equals(w, &tt, 0);
    free(l);
    break;
  }
  case SKS_RULE_EQUAL_SUM:
    for (int i = 0; i < k; i++)
      add_term(&tt, c[i], i < r->split ? 1 : -1, LTRUE);
    sum_cells(w, &tt, 0);
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
    pair_rule(w, r);
    break;
  case SKS_RULE_COUNTING_CIRCLES: { /* each value v: in 0 or v cells */
    int *l = sks_malloc((size_t)k * sizeof *l);
    for (int d = 1; d <= n; d++) {
      tt.n = 0;
      for (int i = 0; i < k; i++) {
        l[i] = xl(w, c[i], d);
        add_term(&tt, -1, 1, l[i]);
      }
      add_term(&tt, -1, -(d - w->off), or_of(w, l, k));
      sum_equals(w, &tt, 0);
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

/* ------------------------------------------------------------------ */
/* Sums the cages imply (innies and outies). */

/* Cells of an implied sum, at most (BENCHMARKS.md, "Sums: houses, groups
 * and implied sums": 1-3 cells a little faster than none on the
 * MATHEMAGIC killers, 6 slower). */
enum { MAX_IMPLIED = 3 };

typedef struct cellset {
  int k;
  int cells[MAX_IMPLIED];
} cellset;

typedef SKS_STACK(cellset) cellsets;

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Adds sum(cells) == target unless the same cells were summed before. */
static void implied_sum(low *w, cellsets *seen, const int *cells, int k,
                        long target) {
  cellset c = {k, {0}};
  memcpy(c.cells, cells, (size_t)k * sizeof *cells);
  qsort(c.cells, (size_t)k, sizeof *c.cells, cmp_int);
  for (size_t i = 0; i < seen->n; i++)
    if (seen->a[i].k == k &&
        !memcmp(seen->a[i].cells, c.cells, (size_t)k * sizeof *cells))
      return;
  SKS_PUSH(*seen, c);
  terms tt = {0};
  for (int i = 0; i < k; i++)
    add_term(&tt, c.cells[i], 1, LTRUE);
  sum_cells(w, &tt, target);
  SKS_STACK_FREE(tt);
}

/* The little killers of one direction together (down and right, or
 * down and left): their diagonals are parallel, so share no cell, and
 * their cells sum to their clues' total.  A person adds them up to meet
 * the houses they nearly cover; the sum's rewriting (a house it mostly
 * holds, cells of one region as a group) gives the solver the same. */
static void combined_diagonals(low *w, const sks_rules *rs) {
  int n = w->n;
  for (int dir = 0; dir < 2; dir++) {
    terms tt = {0};
    long total = 0;
    int count = 0;
    unsigned char *used = sks_calloc((size_t)n * n, 1);
    for (int i = 0; i < rs->count; i++) {
      const sks_rule *r = &rs->rule[i];
      if (r->kind != SKS_RULE_LITTLE_KILLER || r->ncells < 2 ||
          r->value == SKS_RULE_NO_VALUE)
        continue;
      int a = r->cells[0], b = r->cells[1];
      int dr = b / n - a / n, dc = b % n - a % n;
      if ((dr * dc > 0) != (dir == 0))
        continue;
      bool fresh_cells = true;
      for (int j = 0; j < r->ncells; j++)
        fresh_cells &= !used[r->cells[j]];
      if (!fresh_cells)
        continue; /* the same diagonal clued twice */
      for (int j = 0; j < r->ncells; j++) {
        used[r->cells[j]] = 1;
        add_term(&tt, r->cells[j], 1, LTRUE);
      }
      total += r->value;
      count++;
    }
    if (count >= 2)
      sum_cells(w, &tt, total);
    free(used);
    SKS_STACK_FREE(tt);
  }
}

/* The killer cages with sums that share no cell (the first of two that
 * do), and every house or band of whole rows or columns R: the cells of
 * R outside the cages inside it (innies) sum to R's total less theirs;
 * when cages cover R, the cells of the cages that cross its edge outside
 * it (outies) sum to the crossing cages' total less the innies'.  Each of
 * at most MAX_IMPLIED cells is added as a sum: they follow from the
 * rules and the houses, and give the solver the sums a person reads. */
static void implied_cages(low *w, const sks_rules *rs) {
  int n = w->n, N = n * n;
  const sks_shape *s = w->eo->shape;
  int *cage = sks_malloc((size_t)N * sizeof *cage); /* cell -> rule, -1 */
  int ncages = sks_rules_cage_map(rs, N, cage);
  if (ncages < 2) {
    free(cage);
    return;
  }
  long house = (long)n * (n + 1) / 2 - (long)w->off * n; /* its values */
  bool *in = sks_malloc((size_t)N * sizeof *in);
  char *state = sks_malloc((size_t)rs->count); /* 0 out, 1 inside, 2 part */
  int *innie = sks_malloc((size_t)N * sizeof *innie);
  int *outie = sks_malloc((size_t)N * sizeof *outie);
  cellsets seen = {0};
  /* R: each region, then bands of rows a..b and of columns a..b */
  int nr = s->nregions + n * (n - 1);
  for (int q = 0; q < nr; q++) {
    int houses = 1;
    memset(in, 0, (size_t)N * sizeof *in);
    if (q < s->nregions) {
      for (int i = 0; i < n; i++)
        in[s->region[(size_t)q * n + i]] = true;
    } else {
      int b = q - s->nregions, col = b >= n * (n - 1) / 2;
      b %= n * (n - 1) / 2;
      int lo = 0, len = 2; /* bands of 2 .. n-1 lines, each start */
      while (b >= n - len + 1) {
        b -= n - len + 1;
        len++;
      }
      lo = b;
      houses = len;
      for (int c = 0; c < N; c++) {
        int line = col ? c % n : c / n;
        in[c] = line >= lo && line < lo + len;
      }
    }
    memset(state, 0, (size_t)rs->count);
    for (int c = 0; c < N; c++)
      if (cage[c] >= 0)
        state[cage[c]] |= in[c] ? 1 : 2;
    long rest = houses * house, cross = 0;
    int ni = 0, no = 0;
    bool covered = true;
    for (int i = 0; i < rs->count; i++)
      if (state[i] == 1)
        rest -= rs->rule[i].value;
      else if (state[i] == 3)
        cross += rs->rule[i].value;
    for (int c = 0; c < N; c++)
      if (in[c] && (cage[c] < 0 || state[cage[c]] != 1)) {
        innie[ni++] = c;
        covered &= cage[c] >= 0;
      }
    if (ni >= 1 && ni <= MAX_IMPLIED)
      implied_sum(w, &seen, innie, ni, rest);
    if (!covered)
      continue;
    for (int c = 0; c < N; c++)
      if (!in[c] && cage[c] >= 0 && state[cage[c]] == 3)
        outie[no++] = c;
    if (no >= 1 && no <= MAX_IMPLIED)
      implied_sum(w, &seen, outie, no, cross - rest);
  }
  SKS_STACK_FREE(seen);
  free(outie);
  free(innie);
  free(state);
  free(in);
  free(cage);
}

void sks_rules_lower(const sks_eo *eo, const sks_rules *rs, const int *num,
                     sks_amo amo, sks_cnf *cnf, int *next) {
  low w = {eo,  num,  cnf, next, eo->n, amo, 1 - sks_rules_first_value(rs),
           {0}, false};
  for (int i = 0; i < rs->count; i++) {
    if (sks_past(eo->deadline)) {
      cnf->cut = true; /* the system's deadline: clauses are missing */
      break;
    }
    lower_rule(&w, rs, &rs->rule[i]);
  }
  if (!cnf->cut)
    implied_cages(&w, rs);
  if (!cnf->cut)
    combined_diagonals(&w, rs);
  SKS_STACK_FREE(w.cl);
}
