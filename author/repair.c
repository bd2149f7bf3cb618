/* Repair: the fewest givens that make a puzzle with several solutions
 * unique (a minimum hitting set of the cells where solutions differ),
 * and for a puzzle without solution the smallest clashing subset of its
 * givens (two givens that repeat a digit in a region; else, up to 9x9,
 * the fewest by implicit hitting sets; else a minimal one by deletion). */
#include "eo.h"
#include "grade_int.h"
#include "stack_int.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct sks_repairer {
  author_xc xc;
  sks_puzzle *work; /* the puzzle under test */
  int cells, words; /* words: 64-bit words of a cell set */
  int *sol;         /* enumerated solutions, cells ints each */
  long long nsol, maxsol;
  uint64_t *set; /* cell sets to hit, words each */
  int *size;     /* cells in each set */
  int nset;
  size_t capset;         /* the room, in sets of words words */
  uint64_t *seen;        /* scratch for the lower bound */
  uint64_t *pick, *best; /* the hitting set being built, the best */
  int *cell, *digit;     /* the answer */
  int *first;            /* the solution completed past the enumeration */
  sks_solver *cdcl;      /* picosat: the clash's unsatisfiability tests */
  sks_solver *rules;     /* cadical: every search of a puzzle with rules */
  sks_solver *bits;      /* the searches, up to 64x64 (else dlx) */
  sks_puzzle *split;     /* enumeration's puzzle, split by cells */
  long long hits, max_hits;
  bool hits_out;
};

sks_repairer *sks_repairer_new(void) {
  return sks_calloc(1, sizeof(sks_repairer));
}

void sks_repairer_delete(sks_repairer *r) {
  if (!r)
    return;
  sks_author_xc_free(&r->xc);
  sks_solver_delete(r->cdcl);
  sks_solver_delete(r->rules);
  sks_solver_delete(r->bits);
  sks_puzzle_delete(r->split);
  sks_puzzle_delete(r->work);
  free(r->sol);
  free(r->set);
  free(r->size);
  free(r->seen);
  free(r->pick);
  free(r->best);
  free(r->cell);
  free(r->digit);
  free(r->first);
  free(r);
}

static void fit(sks_repairer *r, const sks_puzzle *p, long long maxsol) {
  if (!r->work || !sks_shape_same(r->work->shape, p->shape)) {
    sks_puzzle_delete(r->work);
    r->work = sks_puzzle_of(p->shape);
    sks_puzzle_delete(r->split);
    r->split = sks_puzzle_of(p->shape);
    if (!r->bits)
      r->bits = sks_solver_new(sks_backend_for(SKS_ROLE_FAST_COUNTER)->name,
                               NULL, NULL);
    if (r->bits && !sks_solver_takes_puzzle(r->bits, p->shape)) {
      sks_solver_delete(r->bits); /* past its sides: dlx */
      r->bits = NULL;
    }
    r->cells = p->shape->n * p->shape->n;
    r->words = (r->cells + 63) / 64;
    r->capset = 0; /* the sets' room was counted in sets of the old words */
    size_t w = (size_t)r->words * sizeof(uint64_t);
    r->pick = sks_realloc(r->pick, w);
    r->best = sks_realloc(r->best, w);
    r->seen = sks_realloc(r->seen, w);
    size_t c = (size_t)r->cells * sizeof(int);
    r->cell = sks_realloc(r->cell, c);
    r->digit = sks_realloc(r->digit, c);
    r->first = sks_realloc(r->first, c);
    r->maxsol = 0;
  }
  if (maxsol > r->maxsol) {
    r->sol = sks_realloc(r->sol, (size_t)maxsol * r->cells * sizeof(int));
    r->maxsol = maxsol;
  }
  r->nsol = 0;
  r->nset = 0;
}

/* ---- solutions ---- */

typedef struct keep_ctx {
  sks_repairer *r;
  long long cap;
} keep_ctx;

static int keep_solution(void *data, const int *options, int k) {
  keep_ctx *ctx = data;
  sks_repairer *r = ctx->r;
  sks_author_xc_grid(&r->xc, options, k, r->sol + r->nsol * r->cells);
  return ++r->nsol >= ctx->cap;
}

/* The solutions of r->split up to cap, by bits: a count to two, and when
 * there are two, the puzzle split at a cell where they differ (its first
 * solution's digit given, or taken out of the candidates), each part
 * enumerated in turn: the parts hold disjoint solutions, each at least
 * one.  SKS_UNKNOWN when a count ran past the limits. */
static int split_enumerate(sks_repairer *r, long long cap, double start,
                           const sks_limits *lim) {
  sks_limits left;
  if (!sks_limits_left(lim, start, &left))
    return SKS_UNKNOWN;
  int st = SKS_UNKNOWN;
  long long k = 0;
  if (!sks_solver_load_puzzle(r->bits, r->split, NULL))
    k = sks_solver_count(r->bits, 2, &left, &st);
  if (st == SKS_UNKNOWN && k < 2)
    return SKS_UNKNOWN;
  if (k == 0)
    return SKS_SAT;
  const unsigned char *a = sks_solver_grid(r->bits, 0);
  if (k == 1) {
    int *out = r->sol + r->nsol++ * r->cells;
    for (int c = 0; c < r->cells; c++)
      out[c] = a[c];
    return SKS_SAT;
  }
  const unsigned char *b = sks_solver_grid(r->bits, 1);
  int c = 0;
  while (a[c] == b[c])
    c++;
  int n = r->split->shape->n, d = a[c];
  r->split->cell[c] = d;
  st = split_enumerate(r, cap, start, lim);
  r->split->cell[c] = -1;
  if (st != SKS_SAT || r->nsol >= cap)
    return st;
  sks_puzzle_remove(r->split, c, d); /* not removed before: a has it */
  st = split_enumerate(r, cap, start, lim);
  r->split->removed[(size_t)c * n + d] = 0;
  return st;
}

/* The solutions of q (with variant rules, which bits and dlx do not
 * know) up to cap by cadical and blocking clauses over q's open cells,
 * each checked by the validator; SKS_UNKNOWN past the limits. */
static int enumerate_rules(sks_repairer *r, const sks_puzzle *q, long long cap,
                           const sks_limits *lim) {
  static const sks_limits none = {0, 0};
  sks_author_xc_fit(&r->xc, q->shape);
  sks_eo *eo = r->xc.eo;
  if (sks_eo_load(eo, q, SKS_PROPAGATE_SINGLES) == SKS_UNSAT)
    return SKS_SAT; /* the regions alone: no solution */
  if (!r->rules)
    r->rules = sks_solver_new(sks_backend_for(SKS_ROLE_CDCL)->name, NULL, NULL);
  if (!r->rules || sks_solver_load_eo(r->rules, eo, NULL))
    return SKS_UNKNOWN;
  int n = q->shape->n, *block = r->cell; /* free until the answer */
  double start = sks_time();
  sks_limits left;
  while (r->nsol < cap) {
    if (!sks_limits_left(lim ? lim : &none, start, &left))
      return SKS_UNKNOWN;
    int st = sks_solver_solve(r->rules, &left);
    if (st == SKS_UNSAT)
      return SKS_SAT;
    int *grid = r->sol + r->nsol * r->cells;
    if (st != SKS_SAT || sks_decode_solver(eo, r->rules, grid, NULL) ||
        !sks_validate(q, grid, NULL))
      return SKS_UNKNOWN;
    r->nsol++;
    int k = 0;
    for (int i = 0; i < r->cells; i++)
      if (q->cell[i] < 0)
        block[k++] = -sks_var(n, i / n, i % n, grid[i]);
    sks_solver_add_clause(r->rules, block, k);
  }
  return SKS_SAT;
}

/* Enumerates up to cap solutions of q into r->sol; SKS_UNKNOWN when the
 * budget stopped the search first.  bits up to 64x64 (the budget applies
 * to each of its counts, the time to all), dlx past that; cadical for a
 * puzzle with rules. */
static int enumerate(sks_repairer *r, const sks_puzzle *q, long long cap,
                     const sks_limits *lim) {
  r->nsol = 0;
  if (q->rules)
    return enumerate_rules(r, q, cap, lim);
  if (r->bits) {
    memcpy(r->split->cell, q->cell, (size_t)r->cells * sizeof *q->cell);
    sks_puzzle_clear_removed(r->split);
    if (q->removed)
      for (int i = 0; i < r->cells; i++)
        for (int d = 0; d < q->shape->n; d++)
          if (q->removed[(size_t)i * q->shape->n + d])
            sks_puzzle_remove(r->split, i, d);
    sks_limits none = {0, 0};
    int st = split_enumerate(r, cap, sks_time(), lim ? lim : &none);
    return r->nsol >= cap ? SKS_SAT : st;
  }
  int st = sks_author_xc_load(&r->xc, q, SKS_PROPAGATE_SINGLES);
  if (st == SKS_UNSAT)
    return SKS_SAT;
  if (st == SKS_SAT) {
    sks_eo_grid(r->xc.eo, r->sol);
    r->nsol = 1;
    return SKS_SAT;
  }
  keep_ctx ctx = {r, cap};
  sks_dlx_search(r->xc.dlx, cap, lim, keep_solution, &ctx, &st);
  return r->nsol >= cap ? SKS_SAT : st;
}

/* ---- hitting sets over cell sets ---- */

static int popcount(const uint64_t *a, int words) {
  int k = 0;
  for (int w = 0; w < words; w++)
    k += __builtin_popcountll(a[w]);
  return k;
}

static bool subset(const uint64_t *a, const uint64_t *b, int words) {
  for (int w = 0; w < words; w++)
    if (a[w] & ~b[w])
      return false;
  return true;
}

/* A new, empty set to hit at the end of the list (filled by the caller,
 * then kept by keep_set). */
static uint64_t *new_set(sks_repairer *r) {
  if ((size_t)r->nset == r->capset) {
    size_t c = r->capset;
    r->set = sks_stack_grow(r->set, &c, (size_t)r->nset + 1,
                            (size_t)r->words * sizeof *r->set);
    c = r->capset;
    SKS_GROW(r->size, c, (size_t)r->nset + 1);
    r->capset = c;
  }
  uint64_t *d = r->set + (size_t)r->nset * r->words;
  memset(d, 0, (size_t)r->words * sizeof *d);
  return d;
}

/* Keeps the set new_set gave, and only minimal sets: a set that holds
 * another is hit whenever that one is. */
static void keep_set(sks_repairer *r) {
  int words = r->words;
  const uint64_t *d = r->set + (size_t)r->nset * words;
  int kept = 0;
  for (int k = 0; k < r->nset; k++) {
    uint64_t *e = r->set + (size_t)k * words;
    if (subset(e, d, words))
      return; /* d holds a set already there */
    if (subset(d, e, words))
      continue; /* e holds d: dropped */
    if (kept != k) {
      memcpy(r->set + (size_t)kept * words, e, (size_t)words * sizeof *e);
      r->size[kept] = r->size[k];
    }
    kept++;
  }
  memmove(r->set + (size_t)kept * words, d, (size_t)words * sizeof *d);
  r->size[kept] = popcount(r->set + (size_t)kept * words, words);
  r->nset = kept + 1;
}

/* Adds the cells where s and t differ as a set to hit. */
static void add_difference(sks_repairer *r, const int *s, const int *t) {
  uint64_t *d = new_set(r);
  for (int i = 0; i < r->cells; i++)
    if (s[i] != t[i])
      d[i / 64] |= 1ULL << (i % 64);
  keep_set(r);
}

/* The unhit set with fewest cells, or -1 when the pick hits them all. */
static int smallest_unhit(const sks_repairer *r) {
  int best = -1, size = INT_MAX;
  for (int s = 0; s < r->nset; s++) {
    const uint64_t *d = r->set + (size_t)s * r->words;
    bool hit = false;
    for (int w = 0; !hit && w < r->words; w++)
      hit = (d[w] & r->pick[w]) != 0;
    if (!hit && r->size[s] < size) {
      size = r->size[s];
      best = s;
    }
  }
  return best;
}

/* A lower bound on the cells still needed: unhit sets that share no
 * cell need one each (counted greedily, stopping past `enough`). */
static int disjoint_unhit(sks_repairer *r, int enough) {
  int words = r->words, k = 0;
  memset(r->seen, 0, (size_t)words * sizeof *r->seen);
  for (int s = 0; s < r->nset && k <= enough; s++) {
    const uint64_t *d = r->set + (size_t)s * words;
    bool meets = false;
    for (int w = 0; !meets && w < words; w++)
      meets = (d[w] & (r->pick[w] | r->seen[w])) != 0;
    if (meets)
      continue;
    for (int w = 0; w < words; w++)
      r->seen[w] |= d[w];
    k++;
  }
  return k;
}

/* Whether `left` more cells can hit every set (depth-first: each cell of
 * the smallest unhit set in turn). */
static bool hit_within(sks_repairer *r, int left) {
  if (++r->hits > r->max_hits) {
    r->hits_out = true;
    return false;
  }
  int s = smallest_unhit(r);
  if (s < 0)
    return true;
  if (!left || disjoint_unhit(r, left) > left)
    return false;
  const uint64_t *d = r->set + (size_t)s * r->words;
  for (int w = 0; w < r->words; w++)
    for (uint64_t m = d[w]; m; m &= m - 1) {
      uint64_t bit = m & -m;
      r->pick[w] |= bit;
      if (hit_within(r, left - 1))
        return true;
      r->pick[w] &= ~bit;
      if (r->hits_out)
        return false;
    }
  return false;
}

/* The greedy pick: the cell in most unhit sets, until all are hit. */
static int hit_greedy(sks_repairer *r) {
  memset(r->pick, 0, (size_t)r->words * sizeof *r->pick);
  int k = 0, s;
  while ((s = smallest_unhit(r)) >= 0) {
    int best = -1, most = -1;
    for (int i = 0; i < r->cells; i++) {
      if (!(r->set[(size_t)s * r->words + i / 64] >> (i % 64) & 1))
        continue;
      int in = 0;
      for (int t = 0; t < r->nset; t++) {
        const uint64_t *d = r->set + (size_t)t * r->words;
        bool hit = false;
        for (int w = 0; !hit && w < r->words; w++)
          hit = (d[w] & r->pick[w]) != 0;
        in += !hit && (d[i / 64] >> (i % 64) & 1);
      }
      if (in > most) {
        most = in;
        best = i;
      }
    }
    r->pick[best / 64] |= 1ULL << (best % 64);
    k++;
  }
  return k;
}

/* A smallest pick (in r->pick) of fewer than `below` cells hitting every
 * set: its size, or `below` when there is none that small; none has
 * fewer than `from` (a bound known to the caller).  Exact by
 * iterative deepening unless the node budget runs out (*exact false:
 * the greedy pick then, when it is smaller). */
static int min_hit(sks_repairer *r, int from, int below, bool *exact) {
  r->hits = 0;
  r->hits_out = false;
  for (int k = from; k < below; k++) {
    memset(r->pick, 0, (size_t)r->words * sizeof *r->pick);
    if (hit_within(r, k))
      return k;
    if (r->hits_out)
      break;
  }
  if (!r->hits_out)
    return below;
  *exact = false;
  int k = hit_greedy(r);
  return k < below ? k : below;
}

/* ---- several solutions ---- */

/* Every solution known: the best solution to complete, over all. */
static int repair_all(sks_repairer *r, bool *exact, const int **sol) {
  int best = INT_MAX;
  for (long long s = 0; s < r->nsol && best > 1; s++) {
    const int *S = r->sol + s * r->cells;
    r->nset = 0;
    for (long long t = 0; t < r->nsol; t++)
      if (t != s)
        add_difference(r, S, r->sol + t * r->cells);
    int k = min_hit(r, 0, best == INT_MAX ? r->cells + 1 : best, exact);
    if (k < best) {
      best = k;
      memcpy(r->best, r->pick, (size_t)r->words * sizeof *r->best);
      *sol = S;
    }
  }
  return best;
}

/* Too many solutions to list: complete the first one, adding the cells
 * where each counterexample differs until the pick leaves one solution.
 * Returns the pick's size, or -1 when a budget ran out. */
static int repair_one(sks_repairer *r, const sks_puzzle *p, int *S,
                      const sks_limits *lim, double deadline, bool *exact) {
  r->nset = 0;
  for (long long t = 1; t < r->nsol; t++)
    add_difference(r, S, r->sol + t * r->cells);
  /* More sets never lower the minimum: each round starts at the last. */
  int bound = 0;
  for (;;) {
    if (deadline > 0 && sks_time() > deadline)
      return -1;
    bool round_exact = true;
    int k = min_hit(r, bound, r->cells + 1, &round_exact);
    if (round_exact)
      bound = k; /* a greedy pick is no bound */
    else
      *exact = false;
    memcpy(r->work->cell, p->cell, (size_t)r->cells * sizeof *p->cell);
    for (int i = 0; i < r->cells; i++)
      if (r->pick[i / 64] >> (i % 64) & 1)
        r->work->cell[i] = S[i];
    if (enumerate(r, r->work, 2, lim) != SKS_SAT)
      return -1;
    if (r->nsol < 2) {
      memcpy(r->best, r->pick, (size_t)r->words * sizeof *r->best);
      return k;
    }
    const int *t = r->sol;
    if (!memcmp(t, S, (size_t)r->cells * sizeof *S))
      t = r->sol + r->cells;
    add_difference(r, S, t);
  }
}

static void answer_cells(sks_repairer *r, const int *S, sks_repair *out) {
  out->ncells = 0;
  for (int i = 0; i < r->cells; i++)
    if (r->best[i / 64] >> (i % 64) & 1) {
      r->cell[out->ncells] = i;
      r->digit[out->ncells++] = S[i];
    }
}

static sks_repair_kind several(sks_repairer *r, const sks_puzzle *p,
                               long long cap, const sks_limits *lim,
                               double deadline, sks_repair *out) {
  bool exact = true;
  const int *S = r->sol;
  out->all_solutions = r->nsol < cap;
  if (out->all_solutions)
    repair_all(r, &exact, &S);
  else {
    /* the first solution, kept apart from the enumeration buffer */
    memcpy(r->first, r->sol, (size_t)r->cells * sizeof *r->first);
    if (repair_one(r, p, r->first, lim, deadline, &exact) < 0)
      return out->kind = SKS_REPAIR_UNKNOWN;
    S = r->first;
  }
  answer_cells(r, S, out);
  out->fewest = exact;
  return out->kind = SKS_REPAIR_ADDED;
}

/* ---- no solution: the smallest clashing subset of the givens ---- */

/* dlx nodes a clash test gets before picosat takes it over: most tests
 * take tens of nodes; the few that take thousands are far faster in
 * picosat (BENCHMARKS.md, "Grading and repairing"). */
enum { QUICK_NODES = 2000 };

/* Sides up to which the smallest clash is searched for exactly (past a
 * repeated digit); larger puzzles get a minimal one.  The search tests
 * a few hundred subsets of a 9x9's givens; each test of a 16x16 takes
 * 10-100 times as long. */
enum { SMALLEST_SIDE = 9, SMALLEST_ROUNDS = 2000, GROW_NODES = QUICK_NODES };

/* Whether the givens in keep (-1: none) have no solution: SKS_UNSAT,
 * SKS_SAT, or SKS_UNKNOWN past the budget.  dlx answers most tests at
 * once; a rest that takes it long (the clash spread over few givens) goes
 * to picosat, which keeps the rules of the shape and takes the givens as
 * assumptions. */
static int clash_test(sks_repairer *r, const sks_limits *lim) {
  sks_limits quick = {lim->time_limit, QUICK_NODES};
  int st = SKS_UNKNOWN;
  if (r->work->rules) /* the regions' propagation, then picosat */
    st = sks_author_xc_load(&r->xc, r->work, SKS_PROPAGATE_LOCKED);
  else if (r->bits) {
    if (!sks_solver_load_puzzle(r->bits, r->work, NULL))
      st = sks_solver_solve(r->bits, &quick);
    if (st == SKS_UNKNOWN)
      st = sks_author_xc_load(&r->xc, r->work, SKS_PROPAGATE_LOCKED);
  } else {
    st = sks_author_xc_load(&r->xc, r->work, SKS_PROPAGATE_LOCKED);
    if (st == SKS_UNKNOWN)
      st = sks_dlx_solve(r->xc.dlx, &quick);
  }
  if (st == SKS_UNKNOWN) {
    if (!r->cdcl)
      r->cdcl =
          sks_solver_new(sks_backend_for(SKS_ROLE_BLOCKING)->name, NULL, NULL);
    if (!sks_solver_load_eo(r->cdcl, r->xc.eo, NULL))
      st = sks_solver_solve(r->cdcl, lim);
  }
  return st;
}

/* Two givens of one digit in one region: the smallest clash there is
 * (one given alone always has a solution on a shape that has any). */
static bool repeated_digit(sks_repairer *r, const sks_puzzle *p) {
  const sks_shape *sh = p->shape;
  int n = sh->n;
  int *at = r->first; /* cell of digit d seen in the region, or -1 */
  for (int g = 0; g < sh->nregions; g++) {
    const int *cells = sh->region + (size_t)g * n;
    for (int d = 0; d < n; d++)
      at[d] = -1;
    for (int k = 0; k < n; k++) {
      int i = cells[k], d = p->cell[i];
      if (d < 0)
        continue;
      if (at[d] >= 0) {
        memset(r->work->cell, -1, (size_t)r->cells * sizeof *r->work->cell);
        r->work->cell[at[d]] = d;
        r->work->cell[i] = d;
        return true;
      }
      at[d] = i;
    }
  }
  return false;
}

/* Deletion: each given dropped in turn and kept out when the rest still
 * has no solution; leaves the core in r->work.  False when a test ran
 * out of budget (the core is then not known to be minimal). */
static bool minimal_core(sks_repairer *r, const sks_puzzle *p,
                         const sks_limits *lim) {
  int *keep = r->work->cell;
  bool minimal = true;
  memcpy(keep, p->cell, (size_t)r->cells * sizeof *keep);
  for (int i = 0; i < r->cells; i++) {
    if (keep[i] < 0)
      continue;
    int d = keep[i];
    keep[i] = -1;
    int st = clash_test(r, lim);
    if (st != SKS_UNSAT) /* needed (or not known to be unneeded) */
      keep[i] = d;
    if (st == SKS_UNKNOWN)
      minimal = false;
  }
  return minimal;
}

/* The givens of p a solution of r->work agrees with, grown one given at
 * a time while a solution exists, then the others added as a set to hit:
 * every clash holds one of them, since the rest has a solution.  False
 * when a budget ran out. */
static bool add_correction(sks_repairer *r, const sks_puzzle *p,
                           const sks_limits *lim) {
  sks_limits quick = {lim->time_limit, GROW_NODES};
  int *work = r->work->cell;
  const int *sol = r->sol;
  for (int i = 0; i < r->cells; i++)
    work[i] = p->cell[i] >= 0 && p->cell[i] == sol[i] ? sol[i] : -1;
  for (int i = 0; i < r->cells; i++) {
    if (p->cell[i] < 0 || work[i] >= 0)
      continue;
    work[i] = p->cell[i];
    /* a test dlx does not settle at once leaves the given out: the set
     * is then larger than need be, never wrong */
    if (enumerate(r, r->work, 1, &quick) != SKS_SAT || r->nsol == 0) {
      work[i] = -1;
      continue;
    }
    for (int j = 0; j < r->cells; j++) /* whatever else it agrees with */
      if (p->cell[j] >= 0 && p->cell[j] == r->sol[j])
        work[j] = p->cell[j];
  }
  uint64_t *d = new_set(r);
  for (int i = 0; i < r->cells; i++)
    if (p->cell[i] >= 0 && work[i] < 0)
      d[i / 64] |= 1ULL << (i % 64);
  keep_set(r);
  return true;
}

/* The smallest clash by implicit hitting sets: the fewest givens that
 * hit every correction set found so far either clash (the smallest,
 * since every clash hits them all) or have a solution, which gives
 * another correction set.  `known` is the size of a clash already in
 * hand; r->best receives a smaller one.  Returns its size, `known` when
 * there is none smaller, or -1 when a budget ran out. */
static int smallest_core(sks_repairer *r, const sks_puzzle *p, int known,
                         const sks_limits *lim, double deadline) {
  r->nset = 0;
  int bound = 0;
  for (int round = 0; round < SMALLEST_ROUNDS; round++) {
    if (deadline > 0 && sks_time() > deadline)
      return -1;
    bool exact = true;
    int k = min_hit(r, bound, known, &exact);
    if (!exact)
      return -1;
    if (k >= known)
      return known;
    bound = k;
    int *work = r->work->cell;
    for (int i = 0; i < r->cells; i++)
      work[i] = r->pick[i / 64] >> (i % 64) & 1 ? p->cell[i] : -1;
    if (enumerate(r, r->work, 1, lim) != SKS_SAT)
      return -1;
    if (r->nsol == 0) {
      memcpy(r->best, r->pick, (size_t)r->words * sizeof *r->best);
      return k;
    }
    if (!add_correction(r, p, lim))
      return -1;
  }
  return -1;
}

static sks_repair_kind core(sks_repairer *r, const sks_puzzle *p,
                            const sks_limits *lim, double deadline,
                            sks_repair *out) {
  out->fewest = repeated_digit(r, p);
  if (!out->fewest) {
    bool minimal = minimal_core(r, p, lim);
    if (minimal && p->shape->n <= SMALLEST_SIDE) {
      int known = 0;
      for (int i = 0; i < r->cells; i++)
        known += r->work->cell[i] >= 0;
      /* the minimal core is kept aside: the search reuses r->work */
      memcpy(r->first, r->work->cell, (size_t)r->cells * sizeof *r->first);
      int k = smallest_core(r, p, known, lim, deadline);
      out->fewest = k >= 0;
      for (int i = 0; i < r->cells; i++)
        r->work->cell[i] =
            k >= 0 && k < known
                ? (r->best[i / 64] >> (i % 64) & 1 ? p->cell[i] : -1)
                : r->first[i];
    }
    out->minimal = minimal;
  } else
    out->minimal = true;
  out->ncells = 0;
  for (int i = 0; i < r->cells; i++)
    if (r->work->cell[i] >= 0) {
      r->cell[out->ncells] = i;
      r->digit[out->ncells++] = r->work->cell[i];
    }
  return out->kind = SKS_REPAIR_CORE;
}

sks_repair_kind sks_repair_puzzle(sks_repairer *r, const sks_puzzle *p,
                                  const sks_repair_options *opt,
                                  sks_repair *out) {
  memset(out, 0, sizeof *out);
  long long cap = (opt && opt->solutions > 0 ? opt->solutions : 256) + 1;
  sks_limits lim = {opt ? opt->time_limit : 0,
                    opt && opt->max_nodes > 0 ? opt->max_nodes : 10000000};
  double deadline = lim.time_limit > 0 ? sks_time() + lim.time_limit : 0;
  fit(r, p, cap);
  /* every puzzle searched is p's with other givens: it keeps p's rules */
  sks_puzzle_set_rules(r->work, p->rules);
  sks_puzzle_set_rules(r->split, p->rules);
  r->max_hits = opt && opt->max_hits > 0 ? opt->max_hits : 1000000;
  out->cell = r->cell;
  out->digit = r->digit;
  if (enumerate(r, p, cap, &lim) != SKS_SAT)
    return out->kind = SKS_REPAIR_UNKNOWN;
  out->solutions = r->nsol;
  if (r->nsol == 0)
    return core(r, p, &lim, deadline, out);
  if (r->nsol == 1)
    return out->kind = SKS_REPAIR_UNIQUE;
  return several(r, p, cap, &lim, deadline, out);
}
