/* The plain clauses of a puzzle's variant rules, built by the checker from
 * the rules as read, with nothing of the encoder's lowering, and the
 * checker's own check of a grid against them (docs/certificates.md, "The
 * plain CNF").  Three forms, each also how a grid is checked:
 *   - a relation between two cells (a dot, a thermometer's two cells, a
 *     knight's move): for each pair of digits it forbids, the clause
 *     -x(a,da) | -x(b,db); three cells (between and lockout lines): the
 *     same with three literals;
 *   - at least K of some literals (a quadruple's digit K times): every
 *     subset of (count - K + 1) of them holds one;
 *   - a rule along a sequence of cells (sums, arrows, sandwiches,
 *     x-sums, skyscrapers; a regex or nfa rule, its state the set of its
 *     automaton's states) as an automaton read one cell at a time: a
 *     variable y(k,s) for each state s reachable after k cells (numbered
 *     after the grid's n^3, in order of first use), the state before the
 *     first cell true, and for each state s of step k and digit d of
 *     cell k the clause -y(k,s) | -x(cell,d) | y(k+1,s') (s' the next
 *     state), or -y(k,s) | -x(cell,d) when d is refused there or the
 *     last cell leaves a state the rule does not accept.
 * The states a grid goes through are forced true one after the other,
 * so a model's grid keeps the rule; a grid that keeps it gives a model
 * (those states true, the rest false). */
#include "clauses_int.h"
#include "plain_int.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct builder {
  sks_clauses *cl; /* NULL: only checking */
  int n;
  int next; /* the next auxiliary variable */
  int lo;   /* the first digit's value: 0 under a from-zero rule, else 1 */
} builder;

/* The variable of "cell holds the digit of value v" (v from b->lo). */
static int xv(const builder *b, int cell, int v) {
  return cell * b->n + v - b->lo + 1;
}

static void clause(builder *b, const int *lits, int k) {
  for (int i = 0; i < k; i++)
    sks_clauses_add(b->cl, lits[i]);
  sks_clauses_add(b->cl, 0);
}

/* ---- relations between cells ---- */

typedef enum {
  R_NE,
  R_EQ,
  R_DIFF,
  R_DIFF_GE,
  R_DIFF_NE,
  R_RATIO,
  R_NO_RATIO,
  R_SUM,
  R_NO_XV,
  R_GT,
  R_RISE,
  R_NEAR,
  R_THIRD_NE,
  R_MOD_NE,
  R_ODD,
  R_EVEN,
  R_NOT_BOTH /* not both the value p */
} rel;

static bool keeps(rel r, int p, int a, int b) {
  int d = abs(a - b);
  switch (r) {
  case R_NE:
    return a != b;
  case R_EQ:
    return a == b;
  case R_DIFF:
    return d == p;
  case R_DIFF_GE:
    return d >= p;
  case R_DIFF_NE:
    return d != p;
  case R_RATIO:
    return a == p * b || b == p * a;
  case R_NO_RATIO:
    return a != p * b && b != p * a;
  case R_SUM:
    return a + b == p;
  case R_NO_XV:
    return a + b != 10 && a + b != 5;
  case R_GT:
    return a > b;
  case R_RISE:
    return b - a >= p;
  case R_NEAR:
    return a != b && d <= p;
  case R_THIRD_NE: /* p = n / 3: the thirds of the digits from the first */
    return a / p != b / p;
  case R_MOD_NE:
    return a % p != b % p;
  case R_ODD:
    return a % 2 == 1;
  case R_EVEN:
    return a % 2 == 0;
  case R_NOT_BOTH:
    return a != p || b != p;
  }
  return true;
}

/* A relation on cells a and b: clauses, or (grid) whether it holds. */
static bool pair(builder *b, const int *grid, int a, int c, rel r, int p) {
  int o = r == R_THIRD_NE ? b->lo : 0; /* thirds: from 0 */
  if (grid)
    return keeps(r, p, grid[a] + b->lo - o, grid[c] + b->lo - o);
  for (int va = b->lo; va < b->lo + b->n; va++)
    for (int vc = b->lo; vc < b->lo + b->n; vc++)
      if (!keeps(r, p, va - o, vc - o)) {
        int l[2] = {-xv(b, a, va), -xv(b, c, vc)};
        clause(b, l, 2);
      }
  return true;
}

/* One cell's digit kept by r (odd, even). */
static bool single(builder *b, const int *grid, int a, rel r) {
  if (grid)
    return keeps(r, 0, grid[a] + b->lo, 0);
  for (int v = b->lo; v < b->lo + b->n; v++)
    if (!keeps(r, 0, v, 0)) {
      int l[1] = {-xv(b, a, v)};
      clause(b, l, 1);
    }
  return true;
}

/* Between (inside true) or lockout (outside) for middle cell m. */
static bool triple(builder *b, const int *grid, int a, int c, int m,
                   bool inside) {
  int n = b->n, v0 = b->lo;
  for (int va = v0; va < v0 + n; va++)
    for (int vc = v0; vc < v0 + n; vc++) {
      if (grid && (grid[a] + v0 != va || grid[c] + v0 != vc))
        continue;
      int lo = va < vc ? va : vc, hi = va < vc ? vc : va;
      for (int vm = v0; vm < v0 + n; vm++) {
        if (grid && grid[m] + v0 != vm)
          continue;
        bool ok = inside ? vm > lo && vm < hi : vm < lo || vm > hi;
        if (ok)
          continue;
        if (grid)
          return false;
        int l[3] = {-xv(b, a, va), -xv(b, c, vc), -xv(b, m, vm)};
        clause(b, l, 3);
      }
    }
  return true;
}

/* ---- automata ---- */

enum { REJECT = LONG_MIN };

typedef struct automaton {
  int kind; /* A_* */
  int k;    /* cells */
  const int *cells;
  const int *coef; /* A_LINEAR, A_TALLY: per cell */
  long long target;
  int n;
  int lo;              /* the first digit's value */
  int guard;           /* a variable each clause is under (0: none) */
  struct subsets *dfa; /* A_MACHINE: the sets of states met */
} automaton;

enum {
  A_LINEAR,
  A_SANDWICH,
  A_XSUM,
  A_SKY,
  A_LUNCH,
  A_HIDDEN,
  A_COUNT,
  A_CUT,     /* the total since the last cut, cut when it makes target */
  A_TALLY,   /* the cells holding target, counted by their coefficients */
  A_BALANCE, /* even less odd values (target 0), low less high (1) */
  A_EXACT,   /* the cells holding target counted: exactly coef[0] of them */
  A_MACHINE  /* a regex or nfa rule's automaton, one set of its states at a
                time (subsets.c below) */
};

/* A_MACHINE's states: the sets of the automaton's states a prefix of the
 * digits can leave it in, each numbered when first met (0: the starts). */
typedef struct subsets {
  const sks_nfa *a;
  int words;      /* a set's 64-bit words */
  uint64_t *set;  /* by number */
  int count, cap; /* sets numbered, and room */
  int *slot;      /* open addressing: number + 1, 0 empty */
  size_t slots;
  uint64_t *next; /* words: the set a step makes, before it is numbered */
} subsets;

static unsigned long long set_hash(const uint64_t *w, int k) {
  unsigned long long h = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < k; i++)
    h = (h ^ w[i]) * 0xff51afd7ed558ccdull;
  return h;
}

/* The number of set w (copied in when new). */
static int set_number(subsets *d, const uint64_t *w) {
  if (2 * ((size_t)d->count + 1) > d->slots) {
    size_t slots = d->slots ? 2 * d->slots : 64;
    int *slot = sks_calloc(slots, sizeof *slot);
    for (int i = 0; i < d->count; i++) {
      size_t h =
          set_hash(d->set + (size_t)i * d->words, d->words) & (slots - 1);
      while (slot[h])
        h = (h + 1) & (slots - 1);
      slot[h] = i + 1;
    }
    free(d->slot);
    d->slot = slot;
    d->slots = slots;
  }
  size_t h = set_hash(w, d->words) & (d->slots - 1);
  for (; d->slot[h]; h = (h + 1) & (d->slots - 1))
    if (!memcmp(d->set + (size_t)(d->slot[h] - 1) * d->words, w,
                (size_t)d->words * sizeof *w))
      return d->slot[h] - 1;
  if (d->count == d->cap) {
    d->cap = d->cap ? 2 * d->cap : 16;
    d->set = sks_realloc(d->set, (size_t)d->cap * d->words * sizeof *d->set);
  }
  memcpy(d->set + (size_t)d->count * d->words, w, (size_t)d->words * sizeof *w);
  d->slot[h] = d->count + 1;
  return d->count++;
}

/* The set after set number s reads digit v (from 0), or REJECT when it is
 * empty. */
static long long set_step(subsets *d, long long s, int v) {
  uint64_t *w = d->next;
  memset(w, 0, (size_t)d->words * sizeof *w);
  const uint64_t *from = d->set + (size_t)s * d->words;
  bool any = false;
  for (int j = 0; j < d->a->nedges; j++) {
    const sks_nfa_edge *e = &d->a->edge[j];
    if (e->digit == v && from[e->from / 64] >> (e->from % 64) & 1) {
      w[e->to / 64] |= 1ull << (e->to % 64);
      any = true;
    }
  }
  return any ? set_number(d, w) : REJECT;
}

static bool set_accepts(const subsets *d, long long s) {
  const uint64_t *w = d->set + (size_t)s * d->words;
  for (int q = 0; q < d->a->nstates; q++)
    if (w[q / 64] >> (q % 64) & 1 && d->a->accept[q])
      return true;
  return false;
}

/* A_LUNCH's state: the smallest and the largest value so far (m, M, below
 * 512), which came first (flag 0: the largest, 1: the smallest, 2: one
 * cell read), the sums of the values after each (sm after m, sM after M,
 * below 2^21). */
static long long lunch(long long flag, long long m, long long M, long long sm,
                       long long sM) {
  return flag << 61 | m << 52 | M << 43 | sm << 22 | sM;
}

/* States packed in a long long (64 bits on every target: a long is 32 in
 * WebAssembly): A_SANDWICH phase*2^40 + first*2^32 + sum; A_XSUM
 * x*2^32 + sum; A_SKY max*2^32 + count. */
static long long step(const automaton *m, long long s, int i, int v) {
  switch (m->kind) {
  case A_LINEAR:
    return s + (long long)m->coef[i] * v;
  case A_SANDWICH: {
    long long phase = s >> 40, first = (s >> 32) & 0xff, sum = s & 0xffffffffLL;
    bool end = v == m->lo || v == m->lo + m->n - 1; /* smallest, largest */
    if (phase == 0)
      return end ? (1LL << 40) | ((long long)v << 32) : s;
    if (phase == 1) {
      if (end)
        return v == first ? REJECT : 2LL << 40 | sum;
      return (1LL << 40) | (first << 32) | (sum + v);
    }
    return s;
  }
  case A_XSUM: {
    long long x = s >> 32, sum = s & 0xffffffffLL;
    if (i == 0)
      return ((long long)v << 32) | v;
    return i < x ? (x << 32) | (sum + v) : s;
  }
  case A_LUNCH: {
    if (i == 0)
      return lunch(2, v, v, 0, 0);
    long long flag = s >> 61 & 3, lo = s >> 52 & 511, hi = s >> 43 & 511,
              sm = s >> 22 & 0x1fffff, sM = s & 0x3fffff;
    if (v < lo)
      return lunch(0, v, hi, 0, sM + v);
    if (v > hi)
      return lunch(1, lo, v, sm + v, 0);
    return lunch(flag, lo, hi, sm + v, sM + v);
  }
  case A_EXACT:
    return s + (v == m->target);
  case A_COUNT: /* the cells that hold the value target */
    return s + (v == m->target);
  case A_TALLY:
    return s + (v == m->target ? m->coef[i] : 0);
  case A_BALANCE: {
    int rank = v - m->lo; /* from 0: below n/2 low, above high */
    if (m->target == 0)
      return s + (v % 2 == 0 ? 1 : -1);
    return 2 * rank + 1 == m->n ? REJECT : s + (2 * rank < m->n ? 1 : -1);
  }
  case A_CUT:
    return s + v == m->target ? 0 : s + v > m->target ? REJECT : s + v;
  case A_HIDDEN: { /* top << 32 | the first value below one before it,
                      plus 1 (0: none yet) */
    long long top = s >> 32, found = s & 0xffffffffLL;
    if (i == 0)
      return (long long)v << 32;
    if (found)
      return s;
    return v < top ? (top << 32) | (v + 1) : (long long)v << 32;
  }
  case A_MACHINE:
    return set_step(m->dfa, s, v - m->lo);
  case A_SKY: { /* top: the largest value so far, from 0 (a 0 is no
                   building) */
    long long top = s >> 32, count = s & 0xffffffffLL;
    return v > top ? ((long long)v << 32) | (count + 1) : s;
  }
  }
  return REJECT;
}

static bool accepts(const automaton *m, long long s) {
  switch (m->kind) {
  case A_LINEAR:
    return s == m->target;
  case A_SANDWICH:
    return s >> 40 == 2 && (s & 0xffffffffLL) == m->target;
  case A_XSUM:
  case A_SKY:
    return (s & 0xffffffffLL) == m->target;
  case A_HIDDEN:
    return (s & 0xffffffffLL) == m->target + 1;
  case A_COUNT:
    return s == 0 || s == m->target;
  case A_CUT:
  case A_TALLY:
  case A_BALANCE:
    return s == 0;
  case A_MACHINE:
    return set_accepts(m->dfa, s);
  case A_EXACT:
    return s == m->coef[0];
  case A_LUNCH: { /* the sum between: after the first end, less the second
                     end and what follows it */
    long long flag = s >> 61 & 3, lo = s >> 52 & 511, hi = s >> 43 & 511,
              sm = s >> 22 & 0x1fffff, sM = s & 0x3fffff;
    return (flag == 2   ? 0
            : flag == 1 ? sm - hi - sM
                        : sM - lo - sm) == m->target;
  }
  }
  return false;
}

/* The states of one step: state -> variable, open addressing. */
typedef struct level {
  long long *key;
  int *var;
  size_t cap, count;
} level;

static int level_get(builder *b, level *l, long long s) {
  if (2 * (l->count + 1) > l->cap) {
    level bigger = {0};
    bigger.cap = l->cap ? 2 * l->cap : 64;
    bigger.key = sks_malloc(bigger.cap * sizeof *bigger.key);
    bigger.var = sks_calloc(bigger.cap, sizeof *bigger.var);
    for (size_t i = 0; i < l->cap; i++)
      if (l->var[i]) {
        size_t h = ((unsigned long long)l->key[i] * 0x9e3779b97f4a7c15ull) &
                   (bigger.cap - 1);
        while (bigger.var[h])
          h = (h + 1) & (bigger.cap - 1);
        bigger.key[h] = l->key[i];
        bigger.var[h] = l->var[i];
      }
    bigger.count = l->count;
    free(l->key);
    free(l->var);
    *l = bigger;
  }
  size_t h = ((unsigned long long)s * 0x9e3779b97f4a7c15ull) & (l->cap - 1);
  while (l->var[h]) {
    if (l->key[h] == s)
      return l->var[h];
    h = (h + 1) & (l->cap - 1);
  }
  l->key[h] = s;
  l->var[h] = b->next++;
  l->count++;
  return l->var[h];
}

static bool run(builder *b, const int *grid, const automaton *m) {
  long long start = 0;
  if (grid) {
    long long s = start;
    for (int i = 0; i < m->k && s != REJECT; i++)
      s = step(m, s, i, grid[m->cells[i]] + m->lo);
    return s != REJECT && accepts(m, s);
  }
  int n = b->n;
  level cur = {0}, nxt = {0};
  /* step 0's one state, true: its clauses leave out -y(0, start) */
  long long only = start;
  bool first = true;
  for (int i = 0; i < m->k; i++) {
    bool last = i + 1 == m->k;
    size_t slots = first ? 1 : cur.cap;
    for (size_t j = 0; j < slots; j++) {
      long long s;
      int y;
      if (first) {
        s = only;
        y = 0;
      } else {
        if (!cur.var[j])
          continue;
        s = cur.key[j];
        y = cur.var[j];
      }
      for (int v = m->lo; v < m->lo + n; v++) {
        long long t = step(m, s, i, v);
        int l[4], k = 0;
        if (m->guard)
          l[k++] = -m->guard;
        if (y)
          l[k++] = -y;
        l[k++] = -xv(b, m->cells[i], v);
        if (t == REJECT || (last && !accepts(m, t)))
          clause(b, l, k);
        else if (!last) {
          l[k++] = level_get(b, &nxt, t);
          clause(b, l, k);
        }
      }
    }
    first = false;
    free(cur.key);
    free(cur.var);
    cur = nxt;
    memset(&nxt, 0, sizeof nxt);
  }
  free(cur.key);
  free(cur.var);
  return true;
}

static bool linear(builder *b, const int *grid, const int *cells,
                   const int *coef, int k, long long target) {
  automaton m = {A_LINEAR, k, cells, coef, target, b->n, b->lo, 0, NULL};
  return run(b, grid, &m);
}

/* ---- each kind ---- */

/* A regex or nfa rule: its automaton (sks_rule_nfa, the rule's meaning)
 * read one cell at a time as the other automata are, its state the set
 * of the automaton's states the digits so far can leave it in (so one
 * state follows from each digit, as the grid check needs). */
static bool machine(builder *b, const int *grid, const sks_rule *r) {
  sks_nfa a;
  sks_error e = {0};
  if (sks_rule_nfa(r, b->n, b->lo, &a, &e)) { /* checked when added */
    if (!grid)
      clause(b, NULL, 0);
    return false;
  }
  subsets d = {&a, a.nstates / 64 + 1, NULL, 0, 0, NULL, 0, NULL};
  d.next = sks_calloc((size_t)d.words, sizeof *d.next);
  uint64_t *w = d.next;
  for (int q = 0; q < a.nstates; q++)
    if (a.start[q])
      w[q / 64] |= 1ull << (q % 64);
  set_number(&d, w); /* 0: the starts */
  automaton m = {A_MACHINE, r->ncells, r->cells, NULL, 0, b->n, b->lo, 0, &d};
  bool ok = a.nstates > 0 && run(b, grid, &m);
  if (!grid && !a.nstates)
    clause(b, NULL, 0); /* no state: nothing is accepted */
  free(d.set);
  free(d.slot);
  free(d.next);
  sks_nfa_free(&a);
  return ok;
}

/* A loop cut into pieces of target: some cell starts a piece, so the
 * loop read from some cell is a line cut so (each start's automaton
 * under a variable of its own, one of them true), and some value is not
 * 0 (a loop of 0s has no piece). */
static bool cut_loop(builder *b, const int *grid, const int *c, int k,
                     long long target) {
  int *rot = sks_malloc((size_t)k * sizeof *rot);
  int *guard = sks_malloc((size_t)k * sizeof *guard);
  bool ok = false;
  for (int j = 0; j < k; j++) {
    for (int i = 0; i < k; i++)
      rot[i] = c[(j + i) % k];
    guard[j] = grid ? 0 : b->next++;
    automaton m = {A_CUT, k, rot, NULL, target, b->n, b->lo, guard[j], NULL};
    ok |= run(b, grid, &m);
  }
  if (!grid)
    clause(b, guard, k);
  /* a piece at least: not every value 0 */
  bool some = false;
  int m = 0;
  int *l = sks_malloc((size_t)k * b->n * sizeof *l);
  for (int i = 0; i < k; i++)
    for (int v = b->lo; v < b->lo + b->n; v++)
      if (v > 0) {
        some |= grid && grid[c[i]] + b->lo == v;
        l[m++] = xv(b, c[i], v);
      }
  if (!grid)
    clause(b, l, m);
  free(l);
  free(guard);
  free(rot);
  return grid ? ok && some : true;
}

/* Rellik: no one or more different values summing to target all in the
 * cells: a variable p(v) for "v is in the cells" (a cell holding v makes
 * it true), and for each such set of values, not all of them. */
static void rellik_sets(builder *b, const int *p, int from, int size, int most,
                        long left, int *pick) {
  if (size && !left) {
    int *l = sks_malloc((size_t)size * sizeof *l);
    for (int i = 0; i < size; i++)
      l[i] = -p[pick[i] - b->lo];
    clause(b, l, size);
    free(l);
    return;
  }
  for (int v = from; size < most && v < b->lo + b->n && v <= left; v++)
    if (v > 0 || !left) {
      pick[size] = v;
      rellik_sets(b, p, v + 1, size + 1, most, left - v, pick);
    }
}

static bool rellik(builder *b, const int *grid, const int *c, int k,
                   long target) {
  int n = b->n;
  if (grid) { /* the totals of one or more of the cells' values, up to
                 target: the last cell's value added to those before */
    unsigned char *got = sks_calloc((size_t)target + 1, 1);
    for (int i = 0; i < k; i++) {
      long v = grid[c[i]] + b->lo;
      for (long t = target - v; t >= 0; t--)
        got[t + v] |= got[t];
      if (v <= target)
        got[v] = 1;
    }
    bool ok = !got[target];
    free(got);
    return ok;
  }
  int *p = sks_malloc((size_t)n * sizeof *p),
      *pick = sks_malloc((size_t)n * sizeof *pick);
  for (int v = b->lo; v < b->lo + n; v++) {
    p[v - b->lo] = b->next++;
    for (int i = 0; i < k; i++) {
      int l[2] = {-xv(b, c[i], v), p[v - b->lo]};
      clause(b, l, 2);
    }
  }
  rellik_sets(b, p, b->lo, 0, k < n ? k : n, target, pick);
  free(pick);
  free(p);
  return true;
}

/* Count distinct: p(v) "v is in the other cells" (both ways), u(i, j)
 * "at least j of p(1..i)" defined both ways (a sequential counter), and
 * the first cell's value V: u(n, V) and not u(n, V + 1). */
static bool count_distinct(builder *b, const int *grid, const int *c, int k) {
  int n = b->n;
  if (grid) {
    int got = 0;
    for (int i = 1; i < k; i++) {
      bool again = false;
      for (int j = 1; j < i; j++)
        again |= grid[c[j]] == grid[c[i]];
      got += !again;
    }
    return got == grid[c[0]] + b->lo;
  }
  int *p = sks_malloc((size_t)n * sizeof *p);
  int *u = sks_malloc((size_t)(n + 1) * (n + 2) * sizeof *u);
  int *l = sks_malloc((size_t)k * sizeof *l);
#define U(i, j) u[(size_t)(i) * (n + 2) + (size_t)(j)]
  for (int v = 0; v < n; v++) {
    p[v] = b->next++;
    int m = 0;
    l[m++] = -p[v];
    for (int i = 1; i < k; i++) {
      int two[2] = {-xv(b, c[i], v + b->lo), p[v]};
      clause(b, two, 2);
      l[m++] = xv(b, c[i], v + b->lo);
    }
    clause(b, l, m);
  }
  for (int i = 0; i <= n; i++)
    for (int j = 0; j <= n + 1; j++) {
      U(i, j) = b->next++;
      int one[1] = {j == 0 ? U(i, j) : -U(i, j)};
      if (j == 0 || i == 0 || j > i)
        clause(b, one, 1); /* true for j = 0, false past i */
    }
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= i; j++) {
      int a[2] = {-U(i - 1, j), U(i, j)};
      int bb[3] = {-U(i - 1, j - 1), -p[i - 1], U(i, j)};
      int cc[3] = {-U(i, j), U(i - 1, j), U(i - 1, j - 1)};
      int d[3] = {-U(i, j), U(i - 1, j), p[i - 1]};
      clause(b, a, 2);
      clause(b, bb, 3);
      clause(b, cc, 3);
      clause(b, d, 3);
    }
  for (int v = b->lo; v < b->lo + n; v++) {
    int at_least[2] = {-xv(b, c[0], v), v <= n ? U(n, v) : 0};
    int at_most[2] = {-xv(b, c[0], v), v + 1 <= n ? -U(n, v + 1) : 0};
    clause(b, at_least, v <= n ? 2 : 1);
    if (v + 1 <= n)
      clause(b, at_most, 2);
  }
#undef U
  free(l);
  free(u);
  free(p);
  return true;
}

/* The cells' digits two by two (each with the next, or any two) among
 * the pairs of values given. */
static bool table_pairs(builder *b, const int *grid, const sks_rule *r) {
  int k = r->ncells, n = b->n;
  const int *c = r->cells;
  bool ok = true;
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < k; j++) {
      if (r->kind == SKS_RULE_PAIR && j > i + 1)
        break;
      for (int va = b->lo; va < b->lo + n; va++)
        for (int vb = b->lo; vb < b->lo + n; vb++) {
          if (grid && (grid[c[i]] + b->lo != va || grid[c[j]] + b->lo != vb))
            continue;
          bool given = false;
          for (int q = 0; q + 1 < r->ndigits; q += 2)
            given |= r->digits[q] == va && r->digits[q + 1] == vb;
          if (given)
            continue;
          ok = false;
          if (!grid) {
            int l[2] = {-xv(b, c[i], va), -xv(b, c[j], vb)};
            clause(b, l, 2);
          }
        }
    }
  return grid ? ok : true;
}

static bool all_different(builder *b, const int *grid, const int *c, int k) {
  bool ok = true;
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < k; j++)
      ok &= pair(b, grid, c[i], c[j], R_NE, 0);
  return ok;
}

/* The pairs (a < c) that carry a rule of kind k1 or k2, sorted, as
 * a * n^2 + c: the all-given rules exempt them. */
typedef struct pairs {
  long long *key;
  int count;
} pairs;

static int key_cmp(const void *x, const void *y) {
  long long a = *(const long long *)x, b = *(const long long *)y;
  return (a > b) - (a < b);
}

static long long pair_key(int a, int c, int cells) {
  return a < c ? (long long)a * cells + c : (long long)c * cells + a;
}

static pairs marked_pairs(const sks_rules *rs, sks_rule_kind k1,
                          sks_rule_kind k2, int cells) {
  pairs m = {sks_malloc(((size_t)rs->count + 1) * sizeof *m.key), 0};
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    if ((r->kind == k1 || r->kind == k2) && r->ncells == 2)
      m.key[m.count++] = pair_key(r->cells[0], r->cells[1], cells);
  }
  qsort(m.key, (size_t)m.count, sizeof *m.key, key_cmp);
  return m;
}

static bool marked(const pairs *m, int a, int c, int cells) {
  long long k = pair_key(a, c, cells);
  return bsearch(&k, m->key, (size_t)m->count, sizeof k, key_cmp) != NULL;
}

/* Every pair of the line of len cells from first by (dr, dc) differs. */
static bool line_differs(builder *b, const int *grid, int first, int dr, int dc,
                         int len) {
  int n = b->n;
  bool ok = true;
  for (int i = 0; i < len; i++)
    for (int j = i + 1; j < len; j++)
      ok &= pair(b, grid, first + i * (dr * n + dc), first + j * (dr * n + dc),
                 R_NE, 0);
  return ok;
}

/* The rule over the whole grid: each pair of cells it relates once, by
 * the offsets from the first cell of the pair in reading order. */
static bool global(builder *b, const int *grid, const sks_puzzle *p,
                   const sks_rule *r) {
  static const int knight[][2] = {{1, -2}, {1, 2}, {2, -1}, {2, 1}};
  static const int king[][2] = {{0, 1}, {1, -1}, {1, 0}, {1, 1}};
  static const int orth[][2] = {{0, 1}, {1, 0}};
  int n = b->n, cells = n * n;
  const sks_shape *s = p->shape;
  bool ok = true;
  switch (r->kind) {
  case SKS_RULE_DUTCH_FLATMATES: { /* the middle digit: the smallest above
                                      or the largest below */
    int mid = b->lo + (n - 1) / 2;
    for (int i = 0; i < cells; i++) {
      bool up = i >= n, down = i + n < cells;
      if (grid) {
        if (grid[i] + b->lo == mid)
          ok &= (up && grid[i - n] == 0) || (down && grid[i + n] == n - 1);
        continue;
      }
      int l[3], m = 0;
      l[m++] = -xv(b, i, mid);
      if (up)
        l[m++] = xv(b, i - n, b->lo);
      if (down)
        l[m++] = xv(b, i + n, b->lo + n - 1);
      clause(b, l, m);
    }
    return ok;
  }
  case SKS_RULE_DIAGONAL_NEG:
    return line_differs(b, grid, 0, 1, 1, n);
  case SKS_RULE_DIAGONAL_POS:
    return line_differs(b, grid, n - 1, 1, -1, n);
  case SKS_RULE_DISJOINT_GROUPS: {
    /* The group of one place in the boxes, its cells in reading order. */
    int *g = sks_malloc((size_t)n * sizeof *g);
    for (int r0 = 0; r0 < s->box_rows; r0++)
      for (int c0 = 0; c0 < s->box_cols; c0++) {
        int k = 0;
        for (int row = r0; row < n; row += s->box_rows)
          for (int col = c0; col < n; col += s->box_cols)
            g[k++] = row * n + col;
        for (int i = 0; i < k; i++)
          for (int j = i + 1; j < k; j++)
            ok &= pair(b, grid, g[i], g[j], R_NE, 0);
      }
    free(g);
    return ok;
  }
  case SKS_RULE_ANTI_TAXICAB:
    for (int a = 0; a < cells; a++)
      for (int c = a + 1; c < cells; c++)
        ok &= pair(b, grid, a, c, R_NOT_BOTH,
                   abs(a / n - c / n) + abs(a % n - c % n));
    return ok;
  case SKS_RULE_ENTROPIC_SQUARES:
  case SKS_RULE_MODULAR_SQUARES: {
    /* each class of digits (a third of them by rank, a remainder of the
     * values) somewhere in each 2x2 square: one clause */
    int l[SKS_MAX_N * 4];
    for (int a = 0; a < cells; a++) {
      if (a / n == n - 1 || a % n == n - 1)
        continue;
      int sq[4] = {a, a + 1, a + n, a + n + 1};
      for (int g = 0; g < 3; g++) {
        int m = 0;
        bool found = false;
        for (int v = b->lo; v < b->lo + n; v++) {
          if ((r->kind == SKS_RULE_ENTROPIC_SQUARES ? (v - b->lo) / (n / 3)
                                                    : v % 3) != g)
            continue;
          for (int i = 0; i < 4; i++) {
            found |= grid && grid[sq[i]] + b->lo == v;
            l[m++] = xv(b, sq[i], v);
          }
        }
        if (grid)
          ok &= found;
        else
          clause(b, l, m);
      }
    }
    return ok;
  }
  case SKS_RULE_ANTI_KNIGHT:
  case SKS_RULE_ANTI_KING: {
    const int(*off)[2] = r->kind == SKS_RULE_ANTI_KNIGHT ? knight : king;
    for (int a = 0; a < cells; a++)
      for (int i = 0; i < 4; i++) {
        int rc = a / n + off[i][0], cc = a % n + off[i][1];
        if (rc < n && cc >= 0 && cc < n)
          ok &= pair(b, grid, a, rc * n + cc, R_NE, 0);
      }
    return ok;
  }
  case SKS_RULE_NON_CONSECUTIVE:
  case SKS_RULE_WHITE_ALL:
  case SKS_RULE_BLACK_ALL:
  case SKS_RULE_XV_ALL: {
    pairs m = {NULL, 0};
    if (r->kind == SKS_RULE_XV_ALL)
      m = marked_pairs(p->rules, SKS_RULE_X_PAIR, SKS_RULE_V_PAIR, cells);
    else if (r->kind != SKS_RULE_NON_CONSECUTIVE)
      m = marked_pairs(p->rules, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT, cells);
    rel rl = r->kind == SKS_RULE_XV_ALL      ? R_NO_XV
             : r->kind == SKS_RULE_BLACK_ALL ? R_NO_RATIO
                                             : R_DIFF_NE;
    int prm = r->kind == SKS_RULE_XV_ALL      ? 0
              : r->kind == SKS_RULE_BLACK_ALL ? 2
                                              : 1;
    for (int a = 0; a < cells; a++)
      for (int i = 0; i < 2; i++) {
        int rc = a / n + orth[i][0], cc = a % n + orth[i][1], c = rc * n + cc;
        if (rc < n && cc < n &&
            (r->kind == SKS_RULE_NON_CONSECUTIVE || !marked(&m, a, c, cells)))
          ok &= pair(b, grid, a, c, rl, prm);
      }
    free(m.key);
    return ok;
  }
  default:
    return true;
  }
}

static int box_of(const sks_shape *s, int cell) {
  int n = s->n, r = cell / n, c = cell % n;
  if (s->jigsaw)
    return s->jigsaw[cell];
  return (r / s->box_rows) * (n / s->box_cols) + c / s->box_cols;
}

/* Full rank: each other line L of the 4n (a row or column from one end:
 * its first cell f and step), q(j) "L and the rule's line hold the same
 * digit at j" and g(j) "the same on 0..j-1" (g(0) true), each defined
 * both ways; with a value, s(L) "L is smaller": g(j) and a smaller digit
 * at some j, counted by a sequential counter u(i, j) "at least j of the
 * first i lines", u(m, value-1) and not u(m, value); without one, some
 * q(j) false for each L. */
static int rank_line(int n, int which, int j) {
  int i = which / 4, dir = which % 4;
  return dir == 0   ? i * n + j
         : dir == 1 ? i * n + (n - 1 - j)
         : dir == 2 ? j * n + i
                    : (n - 1 - j) * n + i;
}

static bool full_rank(builder *b, const int *grid, const sks_rule *r) {
  int n = b->n, m = 0;
  const int *c = r->cells;
  bool has = r->value != SKS_RULE_NO_VALUE;
  int *others = sks_malloc((size_t)4 * n * sizeof *others);
  for (int w = 0; w < 4 * n; w++) {
    bool self = true;
    for (int j = 0; j < n && self; j++)
      self = rank_line(n, w, j) == c[j];
    if (!self)
      others[m++] = w;
  }
  if (grid) {
    int less = 0, same = 0;
    for (int o = 0; o < m; o++) {
      int j = 0;
      while (j < n && grid[rank_line(n, others[o], j)] == grid[c[j]])
        j++;
      if (j == n)
        same++;
      else
        less += grid[rank_line(n, others[o], j)] < grid[c[j]];
    }
    free(others);
    return has ? less == r->value - 1 : same == 0;
  }
  int *s = sks_malloc((size_t)(m + 1) * sizeof *s);
  int *some = sks_malloc((size_t)(n + 1) * sizeof *some);
  for (int o = 0; o < m; o++) {
    int g = 0, k = 0, nl = 0; /* g 0: true */
    s[o] = has ? b->next++ : 0;
    int *lj = sks_malloc((size_t)n * sizeof *lj);
    for (int j = 0; j < n; j++) {
      int x = rank_line(n, others[o], j), e = c[j];
      if (x == e) /* a shared cell: the same digit, q(j) true */
        continue;
      int q = b->next++;
      some[k++] = -q;
      for (int v = b->lo; v < b->lo + n; v++) {
        int eq[3] = {-xv(b, x, v), -xv(b, e, v), q};
        int ne[3] = {-q, -xv(b, x, v), xv(b, e, v)};
        clause(b, eq, 3);
        clause(b, ne, 3);
      }
      /* l(j) = g(j) and x's digit below e's */
      int l = lj[nl++] = b->next++;
      for (int v = b->lo; v < b->lo + n; v++)
        for (int u = b->lo; u < b->lo + n; u++) {
          int li[4] = {-xv(b, x, v), -xv(b, e, u), 0, 0}, ni = 2;
          if (v < u) {
            if (g)
              li[ni++] = -g;
            li[ni++] = l;
          } else
            li[ni++] = -l;
          clause(b, li, ni);
        }
      if (g) {
        int lg[2] = {-l, g};
        clause(b, lg, 2);
      }
      /* g(j+1) = g(j) and q(j) */
      int g2 = b->next++;
      int a1[2] = {-g2, q};
      clause(b, a1, 2);
      if (g) { /* g2 last: the checker's reading of a grid sets it so */
        int a2[2] = {-g2, g}, a3[3] = {-q, -g, g2};
        clause(b, a2, 2);
        clause(b, a3, 3);
      } else {
        int a3[2] = {-q, g2};
        clause(b, a3, 2);
      }
      g = g2;
    }
    if (has) {
      /* s = some l(j) */
      int *big = sks_malloc((size_t)(n + 1) * sizeof *big);
      big[0] = -s[o];
      for (int j = 0; j < nl; j++) {
        big[j + 1] = lj[j];
        int two[2] = {-lj[j], s[o]};
        clause(b, two, 2);
      }
      clause(b, big, nl + 1);
      free(big);
    } else {
      /* differing somewhere; a shared cell's q is always true */
      clause(b, some, k);
    }
    free(lj);
  }
  if (has) {
    int V = r->value;
    int *u = sks_malloc((size_t)(m + 1) * (m + 2) * sizeof *u);
#define U(i, j) u[(size_t)(i) * (m + 2) + (size_t)(j)]
    for (int i = 0; i <= m; i++)
      for (int j = 0; j <= m + 1; j++) {
        U(i, j) = b->next++;
        int one[1] = {j == 0 ? U(i, j) : -U(i, j)};
        if (j == 0 || i == 0 || j > i)
          clause(b, one, 1);
      }
    for (int i = 1; i <= m; i++)
      for (int j = 1; j <= i; j++) {
        int a[2] = {-U(i - 1, j), U(i, j)};
        int bb[3] = {-U(i - 1, j - 1), -s[i - 1], U(i, j)};
        int cc[3] = {-U(i, j), U(i - 1, j), U(i - 1, j - 1)};
        int d[3] = {-U(i, j), U(i - 1, j), s[i - 1]};
        clause(b, a, 2);
        clause(b, bb, 3);
        clause(b, cc, 3);
        clause(b, d, 3);
      }
    int yes[1] = {U(m, V - 1)}, no[1] = {-U(m, V)}; /* V <= 4n = m + 1 */
    clause(b, yes, 1);
    clause(b, no, 1);
#undef U
    free(u);
  }
  free(some);
  free(s);
  free(others);
  return true;
}

static bool one_rule(builder *b, const int *grid, const sks_puzzle *p,
                     const sks_rule *r) {
  int n = b->n, k = r->ncells;
  const int *c = r->cells;
  bool has = r->value != SKS_RULE_NO_VALUE, ok = true;
  int *coef = sks_malloc(((size_t)k + 1) * sizeof *coef);
  int *cells = sks_malloc(((size_t)k + 1) * sizeof *cells);
  for (int i = 0; i < k; i++)
    coef[i] = 1;
  switch (r->kind) {
  case SKS_RULE_CAGE:
    ok = all_different(b, grid, c, k);
    if (has)
      ok &= linear(b, grid, c, coef, k, r->value);
    break;
  case SKS_RULE_LITTLE_KILLER:
    ok = linear(b, grid, c, coef, k, r->value);
    break;
  case SKS_RULE_HIDDEN_SKYSCRAPER:
  case SKS_RULE_LUNCHBOX:
  case SKS_RULE_SANDWICH:
  case SKS_RULE_X_SUM:
  case SKS_RULE_SKYSCRAPER: {
    if (r->kind == SKS_RULE_LUNCHBOX)
      ok = all_different(b, grid, c, k);
    automaton m = {r->kind == SKS_RULE_SANDWICH            ? A_SANDWICH
                   : r->kind == SKS_RULE_HIDDEN_SKYSCRAPER ? A_HIDDEN
                   : r->kind == SKS_RULE_LUNCHBOX          ? A_LUNCH
                   : r->kind == SKS_RULE_X_SUM             ? A_XSUM
                                                           : A_SKY,
                   k,
                   c,
                   NULL,
                   r->value,
                   n,
                   b->lo,
                   0,
                   NULL};
    ok &= run(b, grid, &m);
    break;
  }
  case SKS_RULE_THERMO:
  case SKS_RULE_SLOW_THERMO:
    for (int i = 0; i + 1 < k; i++)
      ok &= pair(b, grid, c[i], c[i + 1], R_RISE,
                 r->kind == SKS_RULE_THERMO ? 1 : 0);
    break;
  case SKS_RULE_ARROW: {
    int place = 1;
    for (int i = r->split - 1; i >= 0; i--, place *= 10)
      coef[i] = -place;
    ok = linear(b, grid, c, coef, k, 0);
    break;
  }
  case SKS_RULE_DOUBLE_ARROW:
    coef[0] = coef[k - 1] = -1;
    ok = linear(b, grid, c, coef, k, 0);
    break;
  case SKS_RULE_WHITE_DOT:
    ok = pair(b, grid, c[0], c[1], R_DIFF, has ? r->value : 1);
    break;
  case SKS_RULE_BLACK_DOT:
    ok = pair(b, grid, c[0], c[1], R_RATIO, has ? r->value : 2);
    break;
  case SKS_RULE_X_PAIR:
    ok = pair(b, grid, c[0], c[1], R_SUM, 10);
    break;
  case SKS_RULE_V_PAIR:
    ok = pair(b, grid, c[0], c[1], R_SUM, 5);
    break;
  case SKS_RULE_SUM_PAIR:
    ok = pair(b, grid, c[0], c[1], R_SUM, r->value);
    break;
  case SKS_RULE_GREATER:
    ok = pair(b, grid, c[0], c[1], R_GT, 0);
    break;
  case SKS_RULE_WHISPERS:
    for (int i = 0; i + 1 < k; i++)
      ok &= pair(b, grid, c[i], c[i + 1], R_DIFF_GE,
                 has ? r->value : (n + 1) / 2);
    break;
  case SKS_RULE_RENBAN:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++)
        ok &= pair(b, grid, c[i], c[j], R_NEAR, k - 1);
    break;
  case SKS_RULE_PALINDROME:
    for (int i = 0; i < k / 2; i++)
      ok &= pair(b, grid, c[i], c[k - 1 - i], R_EQ, 0);
    break;
  case SKS_RULE_CLONE:
    for (int i = 0; i < r->split; i++)
      ok &= pair(b, grid, c[i], c[r->split + i], R_EQ, 0);
    break;
  case SKS_RULE_ZIPPER:
    /* each pair against the middle (odd) or the end pair (even) */
    for (int i = k % 2 ? 0 : 1; i < k / 2; i++) {
      int m = 0;
      cells[m] = c[i], coef[m++] = 1;
      cells[m] = c[k - 1 - i], coef[m++] = 1;
      if (k % 2)
        cells[m] = c[k / 2], coef[m++] = -1;
      else {
        cells[m] = c[0], coef[m++] = -1;
        cells[m] = c[k - 1], coef[m++] = -1;
      }
      ok &= linear(b, grid, cells, coef, m, 0);
    }
    break;
  case SKS_RULE_REGION_SUM: {
    int b0 = box_of(p->shape, c[0]);
    for (int i = 0; i < k; i++) {
      int bi = box_of(p->shape, c[i]);
      bool seen = false;
      for (int j = 0; j < i; j++)
        seen |= box_of(p->shape, c[j]) == bi;
      if (bi == b0 || seen)
        continue;
      int m = 0;
      for (int j = 0; j < k; j++) {
        int bj = box_of(p->shape, c[j]);
        if (bj == b0 || bj == bi) {
          cells[m] = c[j];
          coef[m++] = bj == b0 ? 1 : -1;
        }
      }
      ok &= linear(b, grid, cells, coef, m, 0);
    }
    break;
  }
  case SKS_RULE_BETWEEN:
  case SKS_RULE_LOCKOUT:
    if (r->kind == SKS_RULE_LOCKOUT)
      ok &= pair(b, grid, c[0], c[k - 1], R_DIFF_GE, has ? r->value : 4);
    for (int i = 1; i + 1 < k; i++)
      ok &= triple(b, grid, c[0], c[k - 1], c[i], r->kind == SKS_RULE_BETWEEN);
    break;
  case SKS_RULE_ENTROPIC:
    for (int i = 0; i + 2 < k; i++)
      for (int x = i; x < i + 3; x++)
        for (int y = x + 1; y < i + 3; y++)
          if (x == i || y == i + 2) /* each pair once: (i,i+1) (i,i+2) and
                                       (i+1,i+2) */
            ok &= pair(b, grid, c[x], c[y], R_THIRD_NE, n / 3);
    break;
  case SKS_RULE_MODULAR: { /* windows of m (3 if not given) on a line of m
                              or more: each pair less than m apart */
    int m = has ? r->value : 3;
    for (int x = 0; k >= m && x < k; x++)
      for (int y = x + 1; y < k && y - x < m; y++)
        ok &= pair(b, grid, c[x], c[y], R_MOD_NE, m);
    break;
  }
  case SKS_RULE_SUM_LINE: {
    automaton m = {A_CUT, k, c, NULL, r->value, n, b->lo, 0, NULL};
    ok = run(b, grid, &m);
    break;
  }
  case SKS_RULE_SUM_LOOP:
    ok = cut_loop(b, grid, c, k, r->value);
    break;
  case SKS_RULE_SAME_VALUES: { /* each value as often in each set as in the
                                  first: set 0 counts +1, set j -1 */
    int z = k / r->value;
    for (int j = 1; j < r->value; j++) {
      for (int i = 0; i < z; i++) {
        cells[i] = c[i], coef[i] = 1;
        cells[z + i] = c[j * z + i], coef[z + i] = -1;
      }
      for (int v = b->lo; v < b->lo + n; v++) {
        automaton m = {A_TALLY, 2 * z, cells, coef, v, n, b->lo, 0, NULL};
        ok &= run(b, grid, &m);
      }
    }
    break;
  }
  case SKS_RULE_PAIR:
  case SKS_RULE_PAIR_ALL:
    ok = table_pairs(b, grid, r);
    break;
  case SKS_RULE_REGEX:
  case SKS_RULE_NFA:
    ok = machine(b, grid, r);
    break;
  case SKS_RULE_SUM:
    ok = linear(b, grid, c, coef, k, r->value);
    break;
  case SKS_RULE_COUNT_DISTINCT:
    ok = count_distinct(b, grid, c, k);
    break;
  case SKS_RULE_FULL_RANK:
    ok = full_rank(b, grid, r);
    break;
  case SKS_RULE_EQUAL_SUM:
    for (int i = r->split; i < k; i++)
      coef[i] = -1;
    ok = linear(b, grid, c, coef, k, 0);
    break;
  case SKS_RULE_VALUE_INDEXING:
    /* the second cell's value V: no V past the cells; the first cell's
     * value a and the V-th cell after the second's value b differ: never */
    for (int v = b->lo; v < b->lo + n; v++) {
      bool names = v >= 1 && v <= k - 2;
      if (grid) {
        if (grid[c[1]] + b->lo == v)
          ok &= names && grid[c[1 + v]] == grid[c[0]];
        continue;
      }
      if (!names) {
        int l[1] = {-xv(b, c[1], v)};
        clause(b, l, 1);
        continue;
      }
      for (int va = b->lo; va < b->lo + n; va++)
        for (int vb = b->lo; vb < b->lo + n; vb++)
          if (va != vb) {
            int l[3] = {-xv(b, c[1], v), -xv(b, c[0], va),
                        -xv(b, c[1 + v], vb)};
            clause(b, l, 3);
          }
    }
    break;
  case SKS_RULE_RELLIK:
    ok = all_different(b, grid, c, k);
    ok &= rellik(b, grid, c, k, r->value);
    break;
  case SKS_RULE_EQUALITY_CAGE:
    ok = all_different(b, grid, c, k);
    for (int side = 0; side < 2; side++) {
      automaton m = {A_BALANCE, k, c, NULL, side, n, b->lo, 0, NULL};
      ok &= run(b, grid, &m);
    }
    break;
  case SKS_RULE_QUADRUPLE:
    for (int i = 0; i < r->ndigits; i++) {
      int v = r->digits[i], times = 0;
      bool dup = false;
      for (int j = 0; j < r->ndigits; j++) {
        times += r->digits[j] == v;
        dup |= j < i && r->digits[j] == v;
      }
      if (dup)
        continue;
      if (grid) {
        int have = 0;
        for (int j = 0; j < k; j++)
          have += grid[c[j]] + b->lo == v;
        ok &= have >= times;
        continue;
      }
      for (unsigned mask = 0; mask < 1u << k; mask++) {
        int bits = 0;
        for (int j = 0; j < k; j++)
          bits += mask >> j & 1;
        if (bits != k - times + 1)
          continue;
        int m = 0; /* a digit past the grid's is in no cell: the empty clause */
        for (int j = 0; j < k && v >= b->lo && v < b->lo + n; j++)
          if (mask >> j & 1)
            cells[m++] = xv(b, c[j], v);
        clause(b, cells, m);
      }
    }
    break;
  case SKS_RULE_ODD:
  case SKS_RULE_EVEN:
    for (int i = 0; i < k; i++)
      ok &= single(b, grid, c[i], r->kind == SKS_RULE_ODD ? R_ODD : R_EVEN);
    break;
  case SKS_RULE_MINIMUM:
  case SKS_RULE_MAXIMUM:
    for (int i = 0; i < k; i++)
      for (int j = 0; j < n * n; j++) {
        int dr = abs(c[i] / n - j / n), dc = abs(c[i] % n - j % n);
        if (dr + dc != 1)
          continue;
        ok &= r->kind == SKS_RULE_MINIMUM ? pair(b, grid, j, c[i], R_GT, 0)
                                          : pair(b, grid, c[i], j, R_GT, 0);
      }
    break;
  case SKS_RULE_REGION:
    ok = all_different(b, grid, c, k);
    break;
  case SKS_RULE_LOOK_AND_SAY: /* each value as often as its count */
    for (int i = 0; i + 1 < r->ndigits; i += 2) {
      automaton m = {A_EXACT, k,     c, &r->digits[i], r->digits[i + 1],
                     n,       b->lo, 0, NULL};
      ok &= run(b, grid, &m);
    }
    break;
  case SKS_RULE_COUNTING_CIRCLES: /* each value in no cell or in as many
                                     cells as it says */
    for (int v = b->lo; v < b->lo + n; v++) {
      automaton m = {A_COUNT, k, c, NULL, v, n, b->lo, 0, NULL};
      ok &= run(b, grid, &m);
    }
    break;
  case SKS_RULE_NUMBERED_ROOM:
    /* the first cell's value V names the V-th cell, which holds the value */
    for (int v = b->lo; v < b->lo + n; v++) {
      bool names = v >= 1 && v <= k,
           holds = r->value >= b->lo && r->value < b->lo + n;
      if (grid) {
        if (grid[c[0]] + b->lo == v)
          ok &= names && grid[c[v - 1]] + b->lo == r->value;
        continue;
      }
      int l[2] = {-xv(b, c[0], v), 0};
      if (names && holds)
        l[1] = xv(b, c[v - 1], r->value);
      clause(b, l, names && holds ? 2 : 1);
    }
    break;
  case SKS_RULE_COLUMN_INDEXING:
  case SKS_RULE_ROW_INDEXING:
    /* the cell's value V names a line (1..n), whose cell in the cell's
     * own row or column holds the cell's own line number */
    for (int i = 0; i < k; i++) {
      bool col = r->kind == SKS_RULE_COLUMN_INDEXING;
      int row = c[i] / n, cc = c[i] % n, own = (col ? cc : row) + 1;
      for (int v = b->lo; v < b->lo + n; v++) {
        if (grid && grid[c[i]] + b->lo != v)
          continue;
        int t = col ? row * n + v - 1 : (v - 1) * n + cc;
        bool names = v >= 1 && v <= n, holds = own < b->lo + n;
        if (grid) {
          ok &= names && grid[t] + b->lo == own;
          continue;
        }
        int l[2] = {-xv(b, c[i], v), 0};
        if (names && holds)
          l[1] = xv(b, t, own);
        clause(b, l, names && holds ? 2 : 1);
      }
    }
    break;
  default:
    ok = global(b, grid, p, r);
    break;
  }
  free(coef);
  free(cells);
  return ok;
}

/* The first digit's value: 0 under a from-zero rule, else 1. */
static int first_value(const sks_rules *rs) {
  for (int i = 0; i < rs->count; i++)
    if (rs->rule[i].kind == SKS_RULE_FROM_ZERO)
      return 0;
  return 1;
}

void sks_plain_rules(const sks_puzzle *p, sks_clauses *cl) {
  if (!p->rules)
    return;
  int n = p->shape->n;
  builder b = {cl, n, n * n * n + 1, first_value(p->rules)};
  for (int i = 0; i < p->rules->count; i++)
    one_rule(&b, NULL, p, &p->rules->rule[i]);
}

const sks_rule *sks_plain_rules_broken(const sks_puzzle *p, const int *grid) {
  if (!p->rules)
    return NULL;
  builder b = {NULL, p->shape->n, 0, first_value(p->rules)};
  for (int i = 0; i < p->rules->count; i++)
    if (!one_rule(&b, grid, p, &p->rules->rule[i]))
      return &p->rules->rule[i];
  return NULL;
}
