/* Private to the lowering of a puzzle's variant rules (rules_lower.c,
 * the dispatch over kinds, and rules_lower_*.c, a family each): the
 * lowering's state, its literals and clauses, and what one file of the
 * family gives the others. */
#ifndef SKS_RULES_LOWER_INT_H
#define SKS_RULES_LOWER_INT_H

#include "encode_int.h"
#include "eo.h"
#include "stack_int.h"

#include <limits.h>
#include <stdbool.h>

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

static inline int neg(int l) {
  return l == LTRUE ? LFALSE : l == LFALSE ? LTRUE : -l;
}

/* The literal "cell holds digit v" (v its rank, 1-based: its value is
 * v - w->off). */
static inline int xl(const low *w, int cell, int v) {
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

static inline int fresh(low *w) {
  return (*w->next)++;
}

static inline void cl_begin(low *w) {
  w->cl.n = 0;
  w->sat = false;
}
static inline void cl_lit(low *w, int l) {
  if (l == LTRUE)
    w->sat = true;
  else if (l != LFALSE)
    SKS_PUSH(w->cl, l);
}
static inline void cl_end(low *w) {
  if (!w->sat)
    sks_cnf_add_clause(w->cnf, w->cl.a, (int)w->cl.n);
}
static inline void clause2(low *w, int a, int b) {
  cl_begin(w);
  cl_lit(w, a);
  cl_lit(w, b);
  cl_end(w);
}
static inline void clause3(low *w, int a, int b, int c) {
  cl_begin(w);
  cl_lit(w, a);
  cl_lit(w, b);
  cl_lit(w, c);
  cl_end(w);
}

/* ------------------------------------------------------------------ */
/* Relations between two cells (rules_lower_pairs.c). */

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

/* Support clauses both ways for relation r between the values of cells a
 * and b. */
void sks_lower_relate(low *w, int a, int b, rel r, int p);
/* a and b hold different digits. */
void sks_lower_differ(low *w, int a, int b);
/* The cells hold different digits; every digit once when there are n. */
void sks_lower_distinct(low *w, const int *cells, int k);
/* Pair rules: the pairs given allowed, between the cells related. */
void sks_lower_pair_rule(low *w, const sks_rule *r);

/* ------------------------------------------------------------------ */
/* Sums (rules_lower_sums.c). */

typedef struct term {
  int cell; /* -1: the constant coef; GROUP: the options below */
  int coef;
  int cond; /* counted when this literal holds (LTRUE: always) */
  int nopt; /* GROUP: values oval[i] under literals olit[i], one true */
  int *oval, *olit;
} term;

enum { GROUP = -2 };

typedef SKS_STACK(term) terms;

void sks_lower_add_term(terms *t, int cell, int coef, int cond);
/* Frees the terms and the options of their groups. */
void sks_lower_terms_free(terms *tt);
/* sum of the terms == target, through prefix totals. */
void sks_lower_sum_equals(low *w, const terms *tt, long target);
/* The same where every term counts always, rewritten first (givens,
 * houses, groups). */
void sks_lower_sum_cells(low *w, const terms *tt, long target);
/* Sum line or loop (loop: the last boundary is the first). */
void sks_lower_sum_line(low *w, const sks_rule *r, bool loop);

/* ------------------------------------------------------------------ */
/* Digit sets (rules_lower_sets.c). */

enum { MAX_COMBOS = 512 };

/* The sets of k distinct digits from v..n summing to target, added to
 * out; their count, or -1 past MAX_COMBOS. */
int sks_lower_combos(int n, int v, int k, long target, unsigned allowed_any,
                     unsigned mask, unsigned *out, int count);
/* A cage of distinct digits summing to target by its digit sets; false
 * when they are too many (nothing added). */
bool sks_lower_cage_sets(low *w, const int *cells, int k, long target);
/* A renban line by its runs of consecutive digits. */
void sks_lower_renban_runs(low *w, const int *cells, int k);
/* Pushes onto tt one term for the sum of k cells of distinct digits
 * times coef; false when their sets are too many (nothing added). */
bool sks_lower_group_term(low *w, terms *tt, const int *cells, int k, int coef);
/* Rellik: different digits, no set of them summing to the value. */
void sks_lower_rellik(low *w, const sks_rule *r);

/* ------------------------------------------------------------------ */
/* Conditions from cells (rules_lower_conditions.c). */

/* A variable equal to the disjunction of the literals. */
int sks_lower_or(low *w, const int *l, int k);
void sks_lower_sandwich(low *w, const sks_rule *r);
void sks_lower_lunchbox(low *w, const sks_rule *r);
void sks_lower_x_sum(low *w, const sks_rule *r);
/* Skyscraper and hidden skyscraper. */
void sks_lower_skyscraper(low *w, const sks_rule *r);
void sks_lower_full_rank(low *w, const sks_rule *r);

/* ------------------------------------------------------------------ */
/* Sums the cages imply (rules_lower_implied.c). */

/* The killer cages' innies and outies, up to MAX_IMPLIED cells. */
void sks_lower_implied_cages(low *w, const sks_rules *rs);
/* The little killers of each direction summed together. */
void sks_lower_combined_diagonals(low *w, const sks_rules *rs);

#endif
