/* The hall engine's sum propagator (hall_int.h): sums over terms, each
 * term a set of options (value, literal) of which exactly one holds (a
 * cell's candidates), handed in from the puzzle's rules (killer cages,
 * little killers, arrows) by the backend.  The clauses hold every sum
 * already; this adds strength, not constraints.
 *
 * A distinct sum (a killer cage) with its value sets: a value stays in a
 * term only when some value set of the cage's size and total holds it,
 * every term holds a value of the set and every value of the set is some
 * term's candidate (with the sums-match setting: in a perfect matching of
 * the terms to the set's values over their candidates, bipartite
 * matching, a cage being at most a house; stronger, but on the killer
 * cages its cost outweighs the conflicts it saves, BENCHMARKS.md).  Other
 * sums by bounds: each term's least and greatest coef * value over its
 * candidates, a group of terms whose values differ (a sum's cells in one
 * house) at least its k least values and at most its k greatest; a value
 * outside [total - others' greatest, total - others' least] goes.
 *
 * Explanations (lazy clause generation): a value v taken from term t by
 * the value sets is explained by the other terms' false literals whose
 * values lie in some set with v (in a solution with t = v the cage's
 * values are such a set, so any other literal is false there anyway); a
 * cage with no set left by the false literals of values in any set; a
 * bound by the false literals of the other terms beyond their bound, or
 * of a group's values outside its candidates.  With the naive setting,
 * every false literal of the other terms. */
#include "hall_int.h"

#include <stdlib.h>
#include <string.h>

/* A distinct sum's value sets are listed when there are at most this
 * many (a 9x9 cage has at most 12); more, and it is bounded only. */
#define MAX_COMBOS 4096
#define MAX_VALUE 31
/* Terms a distinct sum's matching handles (a house of up to 31). */
#define MAX_TERMS 31

/* ------------------------------------------------------------------ */
/* Building */

void sks_hall_sum_begin(sks_hall *h, long total, bool distinct) {
  hall_sum s = {0};
  s.total = total;
  s.term_at = (int)h->sum_terms.n;
  s.distinct = distinct;
  SKS_PUSH(h->sums, s);
  h->sums_indexed = false;
}

void sks_hall_sum_term(sks_hall *h, int coef, int group) {
  hall_term t = {coef, coef == 1 ? group : -1, (int)h->sum_val.n, 0};
  SKS_PUSH(h->sum_terms, t);
  h->sums.a[h->sums.n - 1].nterms++;
}

void sks_hall_sum_option(sks_hall *h, int value, int lit) {
  SKS_PUSH(h->sum_val, value);
  SKS_PUSH(h->sum_lit, lit > 0 ? 2u * (hall_lit)lit : 0u);
  h->sum_terms.a[h->sum_terms.n - 1].nopt++;
}

/* Value sets of k values in 1..top, not in excl, that sum to total, as
 * bit masks; false when there are more than MAX_COMBOS. */
static bool combos(sks_hall *h, int k, long total, int top, unsigned excl) {
  /* depth-first over the values in increasing order */
  int pick[MAX_TERMS + 1];
  int depth = 0, v = 1;
  long sum = 0;
  size_t first = h->sum_combo.n;
  for (;;) {
    if (depth == k) {
      if (sum == total) {
        unsigned m = 0;
        for (int i = 0; i < k; i++)
          m |= 1u << pick[i];
        if (h->sum_combo.n - first >= MAX_COMBOS) {
          h->sum_combo.n = first;
          return false;
        }
        SKS_PUSH(h->sum_combo, m);
      }
    } else if (v <= top && sum + v <= total) {
      if (!(excl >> v & 1u)) {
        pick[depth++] = v;
        sum += v;
      }
      v++;
      continue;
    }
    if (!depth)
      return true;
    v = pick[--depth];
    sum -= v;
    v++;
  }
}

void sks_hall_sum_end(sks_hall *h) {
  hall_sum *s = &h->sums.a[h->sums.n - 1];
  int wt = s->term_at,
      first = wt < (int)h->sum_terms.n ? h->sum_terms.a[wt].opt_at
                                       : (int)h->sum_val.n,
      wo = first;
  unsigned excl = 0;
  int top = 0;
  bool ok = true, unit = true;
  for (int t = s->term_at; t < s->term_at + s->nterms; t++) {
    hall_term tm = h->sum_terms.a[t];
    int fixed = -1;
    for (int o = tm.opt_at; o < tm.opt_at + tm.nopt; o++)
      if (!h->sum_lit.a[o])
        fixed = h->sum_val.a[o];
    if (!tm.nopt)
      ok = false;
    if (fixed >= 0) {
      s->total -= (long)tm.coef * fixed;
      if (fixed <= MAX_VALUE)
        excl |= 1u << fixed;
      else
        unit = false;
      continue;
    }
    unit &= tm.coef == 1;
    memmove(h->sum_val.a + wo, h->sum_val.a + tm.opt_at,
            (size_t)tm.nopt * sizeof *h->sum_val.a);
    memmove(h->sum_lit.a + wo, h->sum_lit.a + tm.opt_at,
            (size_t)tm.nopt * sizeof *h->sum_lit.a);
    bool small = true; /* values a group's bit masks hold */
    for (int o = wo; o < wo + tm.nopt; o++) {
      int v = h->sum_val.a[o];
      small &= v >= 0 && v <= MAX_VALUE;
      unit &= v >= 1; /* the value sets' values */
      top = v > top ? v : top;
    }
    unit &= small;
    if (!small)
      tm.group = -1;
    tm.opt_at = wo;
    wo += tm.nopt;
    h->sum_terms.a[wt++] = tm;
  }
  s->nterms = wt - s->term_at;
  h->sum_terms.n = (size_t)wt;
  h->sum_val.n = h->sum_lit.n = (size_t)wo;
  if (!ok || !s->nterms) { /* no open term, or one without a candidate */
    h->sum_terms.n = (size_t)s->term_at;
    h->sum_val.n = h->sum_lit.n = (size_t)first;
    h->sums.n--;
    return;
  }
  if (s->distinct && unit) /* bounded, if it comes to that, as a group */
    for (int t = s->term_at; t < s->term_at + s->nterms; t++)
      h->sum_terms.a[t].group = 0;
  if (s->distinct && unit && s->nterms <= MAX_TERMS) {
    s->combo_at = (int)h->sum_combo.n;
    if (combos(h, s->nterms, s->total, top, excl)) {
      s->has_combos = true;
      s->ncombo = (int)h->sum_combo.n - s->combo_at;
      s->mask_at = (int)h->sum_combo.n;
      for (int i = 0; i <= MAX_VALUE + 1; i++)
        SKS_PUSH(h->sum_combo, 0u);
      unsigned *mask = h->sum_combo.a + s->mask_at;
      for (int c = 0; c < s->ncombo; c++) {
        unsigned m = h->sum_combo.a[s->combo_at + c];
        mask[0] |= m;
        for (int v = 1; v <= MAX_VALUE; v++)
          if (m >> v & 1u)
            mask[v] |= m;
      }
    }
  }
}

void sks_hall_sums_free(sks_hall *h) {
  SKS_STACK_FREE(h->sums);
  SKS_STACK_FREE(h->sum_terms);
  SKS_STACK_FREE(h->sum_val);
  SKS_STACK_FREE(h->sum_lit);
  SKS_STACK_FREE(h->sum_combo);
  SKS_STACK_FREE(h->sum_dirty);
  SKS_STACK_FREE(h->sum_conflict);
  SKS_STACK_FREE(h->sum_scratch);
  free(h->var_sum_at);
  free(h->var_sum);
  h->var_sum_at = h->var_sum = NULL;
  h->sums_indexed = false;
}

/* Each variable's sums. */
static void index_sums(sks_hall *h) {
  free(h->var_sum_at);
  free(h->var_sum);
  h->sums_nvars = h->nvars;
  h->var_sum_at = sks_calloc((size_t)h->nvars + 2, sizeof *h->var_sum_at);
  for (size_t s = 0; s < h->sums.n; s++) {
    const hall_sum *sm = &h->sums.a[s];
    int from = h->sum_terms.a[sm->term_at].opt_at;
    int to = h->sum_terms.a[sm->term_at + sm->nterms - 1].opt_at +
             h->sum_terms.a[sm->term_at + sm->nterms - 1].nopt;
    for (int o = from; o < to; o++)
      h->var_sum_at[hall_var(h->sum_lit.a[o]) + 1]++;
  }
  for (int v = 1; v <= h->nvars + 1; v++)
    h->var_sum_at[v] += h->var_sum_at[v - 1];
  h->var_sum = sks_malloc((size_t)h->var_sum_at[h->nvars + 1] * sizeof(int) +
                          sizeof(int));
  int *fill = sks_malloc(((size_t)h->nvars + 1) * sizeof *fill);
  memcpy(fill, h->var_sum_at, ((size_t)h->nvars + 1) * sizeof *fill);
  for (size_t s = 0; s < h->sums.n; s++) {
    const hall_sum *sm = &h->sums.a[s];
    int from = h->sum_terms.a[sm->term_at].opt_at;
    int to = h->sum_terms.a[sm->term_at + sm->nterms - 1].opt_at +
             h->sum_terms.a[sm->term_at + sm->nterms - 1].nopt;
    for (int o = from; o < to; o++)
      h->var_sum[fill[hall_var(h->sum_lit.a[o])]++] = (int)s;
  }
  free(fill);
  h->sums_indexed = true;
  h->sums_head = 0;
  for (size_t s = 0; s < h->sums.n; s++) {
    h->sums.a[s].dirty = true; /* each looked at once */
    SKS_PUSH(h->sum_dirty, (int)s);
  }
}

/* ------------------------------------------------------------------ */
/* Propagation */

/* Matching of terms to values: aug from term t over cand (values by
 * term), owner[v] the term holding value v (-1). */
static bool augment(int t, const unsigned *cand, int *owner, unsigned *seen) {
  unsigned free_ = cand[t] & ~*seen;
  while (free_) {
    int v = __builtin_ctz(free_);
    free_ &= free_ - 1;
    *seen |= 1u << v;
    if (owner[v] < 0 || augment(owner[v], cand, owner, seen)) {
      owner[v] = t;
      return true;
    }
  }
  return false;
}

/* Whether the k terms match the values of cand perfectly (cand holding k
 * values in all); then each term's candidates that some perfect matching
 * gives it go to supp (by term).  Given one matching, term t can also
 * take value v owned by term u exactly when an alternating cycle runs
 * through them: u reaches t in the graph where a term points at each
 * term whose value it could take (Regin's filtering, the closure by bit
 * masks as a cage has at most MAX_TERMS terms). */
static bool match(int k, const unsigned *cand, unsigned *supp) {
  int owner[MAX_VALUE + 1], val[MAX_TERMS];
  for (int v = 0; v <= MAX_VALUE; v++)
    owner[v] = -1;
  for (int t = 0; t < k; t++) {
    unsigned seen = 0;
    if (!augment(t, cand, owner, &seen))
      return false;
  }
  for (int v = 0; v <= MAX_VALUE; v++)
    if (owner[v] >= 0)
      val[owner[v]] = v;
  unsigned reach[MAX_TERMS]; /* by term: the terms it reaches, itself too */
  for (int t = 0; t < k; t++) {
    reach[t] = 1u << t;
    for (int u = 0; u < k; u++)
      if (cand[t] >> val[u] & 1u)
        reach[t] |= 1u << u;
  }
  for (int m = 0; m < k; m++) /* Warshall */
    for (int t = 0; t < k; t++)
      if (reach[t] >> m & 1u)
        reach[t] |= reach[m];
  for (int t = 0; t < k; t++) {
    unsigned c = cand[t] & ~supp[t];
    while (c) {
      int v = __builtin_ctz(c);
      c &= c - 1;
      if (reach[owner[v]] >> t & 1u)
        supp[t] |= 1u << v;
    }
  }
  return true;
}

/* The explanation in h->explain: lits[0] left for the implied literal,
 * then the false literals of the sum's terms but skip whose values lie in
 * keep (every value when naive). */
static void explain_values(sks_hall *h, const hall_sum *s, int skip,
                           unsigned keep) {
  h->explain.n = 0;
  SKS_PUSH(h->explain, 0);
  for (int t = 0; t < s->nterms; t++) {
    if (t == skip)
      continue;
    const hall_term *tm = &h->sum_terms.a[s->term_at + t];
    for (int o = tm->opt_at; o < tm->opt_at + tm->nopt; o++) {
      hall_lit l = h->sum_lit.a[o];
      if (h->val[l] < 0 && (h->cfg.sums_naive || (keep >> h->sum_val.a[o] & 1)))
        SKS_PUSH(h->explain, l);
    }
  }
}

/* The conflict clause: h->explain without its first place, and when
 * extra is a literal (true now), its negation. */
static int conflict(sks_hall *h, hall_lit extra) {
  h->sum_conflict.n = 0;
  if (extra)
    SKS_PUSH(h->sum_conflict, hall_neg(extra));
  for (size_t i = 1; i < h->explain.n; i++)
    SKS_PUSH(h->sum_conflict, h->explain.a[i]);
  h->st.sum_conflicts++;
  return 2;
}

/* lit (an option's, open or true) goes: set false with the reason in
 * h->explain, or a conflict when it is true.  -1 when the search went back
 * to the root, 1 when set, 2 on a conflict. */
static int remove_option(sks_hall *h, hall_lit lit) {
  if (h->val[lit] > 0)
    return conflict(h, lit);
  h->explain.a[0] = hall_neg(lit);
  h->st.sum_removed++;
  h->imply(h, h->explain.a, (uint32_t)h->explain.n);
  return h->explain.n == 1 ? -1 : 1;
}

/* A distinct sum by its value sets. */
static int propagate_sets(sks_hall *h, const hall_sum *s) {
  int k = s->nterms;
  unsigned cand[MAX_TERMS], in[MAX_TERMS], supp[MAX_TERMS] = {0};
  for (int t = 0; t < k; t++) {
    const hall_term *tm = &h->sum_terms.a[s->term_at + t];
    cand[t] = 0;
    for (int o = tm->opt_at; o < tm->opt_at + tm->nopt; o++)
      if (h->val[h->sum_lit.a[o]] >= 0)
        cand[t] |= 1u << h->sum_val.a[o];
  }
  const unsigned *set = h->sum_combo.a + s->combo_at;
  const unsigned *mask = h->sum_combo.a + s->mask_at;
  bool any = false;
  for (int c = 0; c < s->ncombo; c++) {
    unsigned m = set[c], cover = 0;
    bool fits = true, full = true;
    for (int t = 0; fits && t < k; t++) {
      in[t] = cand[t] & m;
      fits = in[t] != 0;
      full &= in[t] == m;
      cover |= in[t];
    }
    if (!fits || cover != m)
      continue;
    if (full || !h->cfg.sums_match) /* each term's values of the set */
      for (int t = 0; t < k; t++)
        supp[t] |= in[t];
    else if (!match(k, in, supp))
      continue;
    any = true;
    bool done = true; /* every candidate supported: no set can add one */
    for (int t = 0; done && t < k; t++)
      done = !(cand[t] & ~supp[t]);
    if (done)
      break;
  }
  if (!any) {
    explain_values(h, s, -1, mask[0]);
    return conflict(h, 0);
  }
  int set_any = 0;
  for (int t = 0; t < k; t++) {
    if (!(cand[t] & ~supp[t]))
      continue;
    const hall_term *tm = &h->sum_terms.a[s->term_at + t];
    for (int o = tm->opt_at; o < tm->opt_at + tm->nopt; o++) {
      hall_lit l = h->sum_lit.a[o];
      int v = h->sum_val.a[o];
      if (h->val[l] < 0 || (supp[t] >> v & 1u))
        continue;
      explain_values(h, s, t, mask[v]);
      int r = remove_option(h, l);
      if (r != 1)
        return r;
      set_any = 1;
    }
  }
  return set_any;
}

/* Bounds by groups: terms of one group (the cells of a sum in one house)
 * hold different values, so k of them sum to at least the k least values
 * their candidates hold between them (and at most the k greatest); a
 * term in no group is a group of its own.  A bound's scratch, by term. */
typedef struct bounds {
  long long *lo, *hi;   /* the term's least and greatest coef * value */
  long long *cand;      /* its candidate values, bit v (grouped terms) */
  long long *gid;       /* its group, 0 .. ng-1 */
  long long *glo, *ghi; /* by group: its bounds */
} bounds;

/* An infeasible group's bound: far past any total, and far from
 * overflowing a sum of them (long long: a long is 32 bits in WebAssembly). */
#define FAR (1LL << 40)

/* The least (low) or greatest sum of the terms of group g but skip; when
 * explain, the false literals that make it pushed to h->explain: the
 * literals beyond each term's own bound, or, when the group's distinct
 * values give more, the literals of values outside the candidates the
 * group holds on the near side of the k-th such value (in a solution
 * where those are false the group's k values come from its candidates or
 * lie beyond that value). */
static long long group_bound(sks_hall *h, const hall_sum *s, const bounds *b,
                             long long g, int skip, bool low, bool explain) {
  long long own = 0;
  unsigned all = 0;
  int k = 0;
  for (int t = 0; t < s->nterms; t++)
    if (b->gid[t] == g && t != skip) {
      own += low ? b->lo[t] : b->hi[t];
      all |= (unsigned)b->cand[t];
      k++;
    }
  long long bound = own;
  int edge = -1; /* by the group's values: the k-th value */
  if (k > 1) {
    long long sum = 0;
    unsigned rest = all;
    int took = 0, v = 0;
    while (took < k && rest) {
      v = low ? __builtin_ctz(rest) : 31 - __builtin_clz(rest);
      rest &= ~(1u << v);
      sum += v;
      took++;
    }
    if (took < k) { /* fewer values than terms */
      bound = low ? FAR : -FAR;
      edge = low ? MAX_VALUE + 1 : 0;
    } else if (low ? sum > own : sum < own) {
      bound = sum;
      edge = v;
    }
  }
  if (!explain)
    return bound;
  for (int t = 0; t < s->nterms; t++) {
    if (b->gid[t] != g || t == skip)
      continue;
    const hall_term *tm = &h->sum_terms.a[s->term_at + t];
    for (int o = tm->opt_at; o < tm->opt_at + tm->nopt; o++) {
      hall_lit l = h->sum_lit.a[o];
      int v = h->sum_val.a[o];
      long long cv = (long long)tm->coef * v;
      bool need;
      if (h->val[l] >= 0)
        continue;
      if (h->cfg.sums_naive)
        need = true;
      else if (edge >= 0)
        need = !(all >> v & 1u) && (low ? v < edge : v > edge);
      else
        need = low ? cv < b->lo[t] : cv > b->hi[t];
      if (need)
        SKS_PUSH(h->explain, l);
    }
  }
  return bound;
}

/* The explanation of the groups' bound but group g's, then g's without
 * skip (g -1: every group whole). */
static void explain_groups(sks_hall *h, const hall_sum *s, const bounds *b,
                           long long ng, long long g, int skip, bool low) {
  h->explain.n = 0;
  SKS_PUSH(h->explain, 0);
  for (long long q = 0; q < ng; q++)
    group_bound(h, s, b, q, q == g ? skip : -1, low, true);
}

/* A sum by bounds. */
static int propagate_bounds(sks_hall *h, const hall_sum *s) {
  int k = s->nterms;
  h->sum_scratch.n = 0;
  SKS_STACK_RESERVE(h->sum_scratch, 6 * (size_t)k);
  long long *a = h->sum_scratch.a;
  bounds b = {a, a + k, a + 2 * k, a + 3 * k, a + 4 * k, a + 5 * k};
  long long ng = 0, least = 0, most = 0;
  for (int t = 0; t < k; t++) {
    const hall_term *tm = &h->sum_terms.a[s->term_at + t];
    bool some = false;
    b.cand[t] = 0;
    for (int o = tm->opt_at; o < tm->opt_at + tm->nopt; o++) {
      if (h->val[h->sum_lit.a[o]] < 0)
        continue;
      long long cv = (long long)tm->coef * h->sum_val.a[o];
      if (!some || cv < b.lo[t])
        b.lo[t] = cv;
      if (!some || cv > b.hi[t])
        b.hi[t] = cv;
      if (tm->group >= 0)
        b.cand[t] |= 1LL << h->sum_val.a[o];
      some = true;
    }
    if (!some)
      return 0; /* the term's exactly-one clause sees to it */
    /* its group: the first term's of the same group, numbered */
    b.gid[t] = -1;
    for (int u = 0; tm->group >= 0 && u < t; u++)
      if (h->sum_terms.a[s->term_at + u].group == tm->group)
        b.gid[t] = b.gid[u];
    if (b.gid[t] < 0)
      b.gid[t] = ng++;
  }
  for (long long g = 0; g < ng; g++) {
    b.glo[g] = group_bound(h, s, &b, g, -1, true, false);
    b.ghi[g] = group_bound(h, s, &b, g, -1, false, false);
    least += b.glo[g];
    most += b.ghi[g];
  }
  if (least > s->total || most < s->total) {
    explain_groups(h, s, &b, ng, -1, -1, least > s->total);
    return conflict(h, 0);
  }
  int set_any = 0;
  for (int t = 0; t < k; t++) {
    long long g = b.gid[t];
    long long top = s->total - (least - b.glo[g] +
                                group_bound(h, s, &b, g, t, true, false));
    long long bottom = s->total - (most - b.ghi[g] +
                                   group_bound(h, s, &b, g, t, false, false));
    if (b.hi[t] <= top && b.lo[t] >= bottom)
      continue;
    const hall_term *tm = &h->sum_terms.a[s->term_at + t];
    int built = 0; /* 1: the explanation of top, 2: of bottom */
    for (int o = tm->opt_at; o < tm->opt_at + tm->nopt; o++) {
      hall_lit l = h->sum_lit.a[o];
      long long cv = (long long)tm->coef * h->sum_val.a[o];
      if (h->val[l] < 0 || (cv <= top && cv >= bottom))
        continue;
      int want = cv > top ? 1 : 2;
      if (built != want) {
        explain_groups(h, s, &b, ng, g, t, want == 1);
        built = want;
      }
      int r = remove_option(h, l);
      if (r != 1)
        return r;
      set_any = 1;
    }
  }
  return set_any;
}

int sks_hall_sums_propagate(sks_hall *h) {
  if (!h->sums_indexed)
    index_sums(h);
  while (h->sums_head < h->trail_n) {
    hall_lit l = h->trail[h->sums_head++];
    int v = hall_var(l);
    if (!(l & 1) || v > h->sums_nvars)
      continue; /* only a literal set false changes a sum */
    for (int k = h->var_sum_at[v]; k < h->var_sum_at[v + 1]; k++) {
      hall_sum *s = &h->sums.a[h->var_sum[k]];
      if (!s->dirty) {
        s->dirty = true;
        SKS_PUSH(h->sum_dirty, h->var_sum[k]);
      }
    }
  }
  while (h->sum_dirty.n) {
    hall_sum *s = &h->sums.a[h->sum_dirty.a[--h->sum_dirty.n]];
    s->dirty = false;
    h->st.sum_checks++;
    int r = s->has_combos ? propagate_sets(h, s) : propagate_bounds(h, s);
    if (r)
      return r < 0 ? 1 : r;
  }
  return 0;
}

void sks_hall_sums_undo(sks_hall *h, int keep) {
  if (h->sums_head > keep)
    h->sums_head = keep;
  /* what was to look at held at the level kept (each level's
   * propagation ran to its end before the next decision) */
  for (size_t i = 0; i < h->sum_dirty.n; i++)
    h->sums.a[h->sum_dirty.a[i]].dirty = false;
  h->sum_dirty.n = 0;
}
