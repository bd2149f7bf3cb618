/* Private to the lowering of a puzzle's variant rules (rules_lower.c,
 * the dispatch over kinds, and rules_lower_*.c, a family each): the
 * lowering's state, its literals and clauses, and what one file of the
 * family gives the others (each function told in full where it is
 * defined). */
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
  int *ge; /* order literals "the cell's digit is v or more", cell * (n+1) +
              v, made on first use (0: not yet; sks_lower_ge) */
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

/* relate: relation r (with its parameter p) between cells a and b;
 * differ and distinct: not the same digit; pair_rule: a table of pairs;
 * or: the literal of a disjunction. */
void sks_lower_relate(low *w, int a, int b, rel r, int p);
void sks_lower_differ(low *w, int a, int b);
void sks_lower_distinct(low *w, const int *cells, int k);
void sks_lower_pair_rule(low *w, const sks_rule *r);
int sks_lower_or(low *w, const int *l, int k);

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

/* sum_equals: the terms sum to target, through prefix totals; sum_cells:
 * the same for terms that count always, rewritten first; terms_free
 * frees a group's options too. */
void sks_lower_add_term(terms *t, int cell, int coef, int cond);
void sks_lower_terms_free(terms *tt);
void sks_lower_sum_equals(low *w, const terms *tt, long target);
void sks_lower_sum_cells(low *w, const terms *tt, long target);
void sks_lower_sum_line(low *w, const sks_rule *r, bool loop);

/* ------------------------------------------------------------------ */
/* Digit sets (rules_lower_sets.c). */

enum { MAX_COMBOS = 512 };

/* combos lists the sets (at most MAX_COMBOS); cage_sets and group_term
 * return false, adding nothing, when the sets are too many. */
int sks_lower_combos(int n, int v, int k, long target, unsigned allowed_any,
                     unsigned mask, unsigned *out, int count);
bool sks_lower_cage_sets(low *w, const int *cells, int k, long target);
void sks_lower_renban_runs(low *w, const int *cells, int k);
bool sks_lower_group_term(low *w, terms *tt, const int *cells, int k, int coef);
void sks_lower_rellik(low *w, const sks_rule *r);

/* ------------------------------------------------------------------ */
/* Automata (rules_lower_automaton.c): a regex or nfa rule. */

void sks_lower_automaton(low *w, const sks_rule *r);

/* ------------------------------------------------------------------ */
/* Conditions from cells (rules_lower_conditions.c). */

/* A kind each (skyscraper: hidden ones too). */
void sks_lower_sandwich(low *w, const sks_rule *r);
void sks_lower_lunchbox(low *w, const sks_rule *r);
void sks_lower_x_sum(low *w, const sks_rule *r);
void sks_lower_skyscraper(low *w, const sks_rule *r);
void sks_lower_full_rank(low *w, const sks_rule *r);
/* The literal "cell holds digit v or a larger one" (v a rank; LTRUE for
 * v <= 1, LFALSE past n), defined by clauses once a lowering. */
int sks_lower_ge(low *w, int cell, int v);

/* ------------------------------------------------------------------ */
/* Sums the cages imply (rules_lower_implied.c). */

/* implied_cages: the killer cages' innies and outies, and what a house
 * and the fixed sums crossing it imply (cages.h); combined_diagonals: the
 * little killers of one direction together. */
void sks_lower_implied_cages(low *w, const sks_rules *rs);
void sks_lower_combined_diagonals(low *w, const sks_rules *rs);

#endif
