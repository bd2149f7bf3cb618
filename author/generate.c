/* Making puzzles: a random full grid (random givens, completed by the
 * bits backend), then digging: orbits of givens removed in random order
 * while the puzzle stays unique.  Also minimizing a given puzzle the same
 * way.  Every count goes through the solver interface: bits up to 64x64
 * within a node budget, then cadical; past 64x64 dlx and cadical. */
#include "eo.h"
#include "generate_int.h"
#include "random_int.h"
#include "require_int.h"
#include "sks_author.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* dlx's node budget for one full grid past 64x64, after which cadical
 * takes the problem over (the auto route's figure). */
enum { DLX_BUDGET = 200000, GRID_ATTEMPTS = 64 };
/* The bits backend's budgets: a check, and one try at a full grid (a
 * descent from random givens that goes wrong deep down is cheaper to
 * restart from others). */
enum { BIT_BUDGET = 100000, BIT_GRID_BUDGET = 20000, BIT_GRID_TRIES = 16 };
/* Past 16x16 a search that is not over soon is one for CDCL (the auto
 * route's measurement): bits gets a short budget. */
enum { SMALL_N = 16, BIT_BUDGET_LARGE = 500 };

/* Seconds CDCL gets to prove that a variant shape has no full grid. */
enum { FULL_GRID_SECONDS = 30 };

struct sks_generator {
  const sks_shape *shape; /* a reference */
  sks_generate_options opt;
  int n, cells;
  sks_eo *eo;
  sks_solver *bits; /* sides up to 64: the bits backend, else NULL */
  sks_solver *dlx, *cdcl;
  int *creg, *cstart; /* cell c's regions: creg[cstart[c] .. cstart[c+1]) */
  uint64_t *used;     /* a full grid's random givens: digits by region */
  int norbits;
  int *mstart, *member; /* orbit k: cells member[mstart[k] .. mstart[k+1]) */
  int *order, *pending; /* norbits each: digging's work lists */
  int *fixed, *open;    /* cells each */
  int *scratch;         /* 2 * cells, for sks_count */
  int saved[8];         /* an orbit's values while it is out */
  double deadline;      /* the current call's (opt.time_limit), or 0 */
  bool cut;             /* the last call stopped at its deadline */
  sks_generate_stats st;
};

/* The time left to the call's deadline as limits (at least a
 * millisecond: a search then stops at once), or NULL: no deadline. */
static const sks_limits *time_left(const sks_generator *g, sks_limits *lim) {
  if (g->deadline <= 0)
    return NULL;
  double left = g->deadline - sks_time();
  *lim = (sks_limits){left > 1e-3 ? left : 1e-3, 0};
  return lim;
}

/* Whether the call's deadline has passed (then the call is cut). */
static bool out_of_time(sks_generator *g) {
  if (sks_past(g->deadline))
    g->cut = true;
  return g->cut;
}

/* ---- random numbers (common/random_int.h), one state per puzzle ---- */

typedef struct rng {
  uint64_t s;
} rng;

/* Uniform in 0 .. k-1 (k < 2^32). */
static int below(rng *r, int k) {
  return sks_rand_below(&r->s, k);
}

/* Puzzle index's state: depends on the seed and the index only, so a
 * puzzle is the same whichever thread makes it. */
static rng rng_of(unsigned long long seed, unsigned long long index) {
  rng r = {sks_mix64(seed ^ 0x5851f42d4c957f2dULL) ^ sks_mix64(index + 1)};
  return r;
}

static void shuffle(rng *r, int *a, int k) {
  sks_shuffle(a, k, &r->s, sks_rand_below);
}

/* ---- the generator ---- */

static void build_orbits(sks_generator *g) {
  int *orbit = sks_malloc((size_t)g->cells * sizeof *orbit);
  sks_symmetry_orbits(g->shape, g->opt.symmetry, orbit);
  g->mstart = sks_calloc((size_t)g->cells + 2, sizeof *g->mstart);
  g->member = sks_malloc((size_t)g->cells * sizeof *g->member);
  int k = 0;
  for (int c = 0; c < g->cells; c++)
    if (orbit[c] == c) { /* a leader: its orbit's cells, in cell order */
      g->mstart[k + 1] = g->mstart[k];
      for (int i = c; i < g->cells; i++)
        if (orbit[i] == c)
          g->member[g->mstart[k + 1]++] = i;
      k++;
    }
  g->norbits = k;
  free(orbit);
}

/* Each cell's regions, for a full grid's random givens. */
static void build_regions(sks_generator *g) {
  const sks_shape *sh = g->shape;
  int n = g->n, total = sh->nregions * n;
  g->cstart = sks_calloc((size_t)g->cells + 1, sizeof *g->cstart);
  g->creg = sks_malloc((size_t)total * sizeof *g->creg);
  for (int i = 0; i < total; i++)
    g->cstart[sh->region[i] + 1]++;
  for (int c = 0; c < g->cells; c++)
    g->cstart[c + 1] += g->cstart[c];
  int *fill = sks_calloc((size_t)g->cells, sizeof *fill);
  for (int k = 0; k < sh->nregions; k++)
    for (int j = 0; j < n; j++) {
      int c = sh->region[(size_t)k * n + j];
      g->creg[g->cstart[c] + fill[c]++] = k;
    }
  free(fill);
  g->used = sks_malloc((size_t)sh->nregions * sizeof *g->used);
}

/* Whether a shape with variants has no full grid at all (a jigsaw map
 * can make one impossible): proved by CDCL on the empty grid, which takes
 * milliseconds where random starts would only run out of tries.  Not
 * known within the budget counts as possible. */
static bool no_full_grid(sks_generator *g) {
  sks_puzzle *p = sks_puzzle_of(g->shape);
  int s = sks_eo_load(g->eo, p, SKS_PROPAGATE_LOCKED);
  sks_puzzle_delete(p);
  if (s != SKS_UNKNOWN)
    return s == SKS_UNSAT;
  sks_solver_load_eo(g->cdcl, g->eo, NULL);
  sks_limits lim = {FULL_GRID_SECONDS, 0};
  return sks_solver_solve(g->cdcl, &lim) == SKS_UNSAT;
}

sks_generator *sks_generator_new(const sks_shape *shape,
                                 const sks_generate_options *opt,
                                 sks_error *err) {
  if (sks_symmetry_fits(shape, opt->symmetry, err))
    return NULL;
  sks_generate_options o = *opt;
  if (o.killer && !o.cage_min && !o.cage_max) {
    o.cage_min = 2; /* as newspapers print them */
    o.cage_max = shape->n < 5 ? shape->n : 5;
  }
  if (o.killer && shape->n > 64) {
    sks_error_set(err, -1, 0, 0,
                  "killer: sides up to 64 (a cage's digits are a 64-bit set)");
    return NULL;
  }
  if (o.killer &&
      (o.cage_min < 1 || o.cage_min > o.cage_max || o.cage_max > shape->n)) {
    sks_error_set(err, -1, 0, 0,
                  "cage-size: %d-%d does not fit a %dx%d grid (cages of 1 "
                  "to %d cells, the smaller size first)",
                  o.cage_min, o.cage_max, shape->n, shape->n, shape->n);
    return NULL;
  }
  sks_generator *g = sks_calloc(1, sizeof *g);
  g->shape = sks_shape_retain(shape);
  g->opt = o;
  g->n = shape->n;
  g->cells = g->n * g->n;
  g->eo = sks_eo_new(shape);
  sks_solver_options so = {0};
  so.seed = opt->seed;
  g->bits =
      sks_solver_new(sks_backend_for(SKS_ROLE_FAST_COUNTER)->name, &so, err);
  if (g->bits && !sks_solver_takes_puzzle(g->bits, shape)) {
    sks_solver_delete(g->bits); /* past its sides */
    g->bits = NULL;
    g->dlx = sks_solver_new(sks_backend_for(SKS_ROLE_COUNTER)->name, &so, err);
  }
  g->cdcl = sks_solver_new(sks_backend_for(SKS_ROLE_CDCL)->name, &so, err);
  sks_require((g->bits || g->dlx) && g->cdcl,
              "a built-in backend failed to start");
  if (shape->variants && no_full_grid(g)) {
    sks_error_set(err, -1, 0, 0,
                  "variant: %s admit%s no full grid (none exists even with "
                  "no givens), so no puzzle can be made on it",
                  shape->jigsaw ? "the jigsaw map" : "the regions",
                  shape->jigsaw ? "s" : "");
    sks_generator_delete(g);
    return NULL;
  }
  build_orbits(g);
  g->order = sks_malloc((size_t)g->norbits * sizeof *g->order);
  g->pending = sks_malloc((size_t)g->norbits * sizeof *g->pending);
  g->fixed = sks_malloc((size_t)g->cells * sizeof *g->fixed);
  g->open = sks_malloc((size_t)g->cells * sizeof *g->open);
  g->scratch = sks_malloc(2 * (size_t)g->cells * sizeof *g->scratch);
  build_regions(g);
  return g;
}

void sks_generator_delete(sks_generator *g) {
  if (!g)
    return;
  sks_solver_delete(g->bits);
  sks_solver_delete(g->dlx);
  sks_solver_delete(g->cdcl);
  sks_eo_delete(g->eo);
  free(g->creg);
  free(g->cstart);
  free(g->used);
  sks_shape_release(g->shape);
  free(g->mstart);
  free(g->member);
  free(g->order);
  free(g->pending);
  free(g->fixed);
  free(g->open);
  free(g->scratch);
  free(g);
}

const sks_shape *sks_generator_shape(const sks_generator *g) {
  return g->shape;
}

void sks_generator_stats(const sks_generator *g, sks_generate_stats *st) {
  *st = g->st;
}

/* ---- uniqueness ---- */

/* Solutions of p up to two: bits within its node budget (it decides
 * nearly every check), then the system's propagation, then (past bits'
 * sides) dlx within its budget, then cadical with blocking clauses. */
int sks_generator_unique(sks_generator *g, const sks_puzzle *p) {
  sks_require(sks_shape_same(p->shape, g->shape),
              "the puzzle's shape is not the generator's");
  g->st.checks++;
  bool small = g->n <= SMALL_N;
  /* bits and dlx know only regions: a puzzle with variant rules is
   * counted by cadical alone (the system's propagation, which never says
   * SAT with rules, may still prove no solution). */
  bool rules = p->rules != NULL;
  if (g->bits && !rules) {
    sks_limits lim = {0, small ? BIT_BUDGET : BIT_BUDGET_LARGE};
    int status = SKS_UNKNOWN;
    long long k = 0;
    if (!sks_solver_load_puzzle(g->bits, p, NULL))
      k = sks_solver_count(g->bits, 2, &lim, &status);
    if (status == SKS_SAT || k >= 2)
      return k >= 2 ? 2 : (int)k;
  }
  int s = sks_eo_load(g->eo, p, SKS_PROPAGATE_SINGLES);
  if (s != SKS_UNKNOWN) {
    g->st.by_propagation++;
    return s == SKS_SAT;
  }
  if (g->dlx && small && !rules) {
    sks_solver_load_eo(g->dlx, g->eo, NULL);
    sks_limits lim = {0, DLX_BUDGET};
    int status = SKS_UNKNOWN;
    long long k = sks_solver_count(g->dlx, 2, &lim, &status);
    if (status == SKS_SAT || k >= 2)
      return k >= 2 ? 2 : (int)k;
  }
  g->st.by_cdcl++;
  sks_solver_load_eo(g->cdcl, g->eo, NULL);
  sks_limits lim;
  sks_count_result r = sks_count(g->cdcl, g->eo, p, 2, time_left(g, &lim), NULL,
                                 NULL, g->scratch, NULL);
  if (r.status == SKS_UNKNOWN && g->deadline > 0 && r.count < 2) {
    g->cut = true;
    return -1;
  }
  sks_require(r.status == SKS_SAT || r.count >= 2,
              "cadical's count failed validation");
  return r.count >= 2 ? 2 : (int)r.count;
}

/* ---- a random full grid ---- */

/* Places one random candidate of a random open cell; returns the
 * system's status after propagation. */
static int place_random(sks_generator *g, rng *r, sks_puzzle *p) {
  sks_eo_grid(g->eo, g->fixed);
  int nopen = 0;
  for (int c = 0; c < g->cells; c++)
    if (g->fixed[c] < 0)
      g->open[nopen++] = c;
  if (!nopen)
    return SKS_SAT;
  int c = g->open[below(r, nopen)], nd = 0, digits[SKS_MAX_N];
  for (int d = 0; d < g->n; d++)
    if (!g->eo->val[sks_cell_var(g->n, c, d)])
      digits[nd++] = d;
  if (!nd)
    return SKS_UNSAT;
  p->cell[c] = digits[below(r, nd)];
  return sks_eo_load(g->eo, p, SKS_PROPAGATE_SINGLES);
}

/* Completes the loaded system with a solver into grid; its status. */
static int complete(sks_generator *g, int *grid) {
  sks_solver *s = g->bits ? g->bits : g->dlx;
  sks_solver_load_eo(s, g->eo, NULL);
  sks_limits lim = {0, g->bits ? BIT_GRID_BUDGET : DLX_BUDGET};
  int res = sks_solver_solve(s, &lim);
  if (res == SKS_UNKNOWN) {
    s = g->cdcl;
    sks_solver_load_eo(s, g->eo, NULL);
    sks_limits left;
    res = sks_solver_solve(s, time_left(g, &left));
  }
  if (res == SKS_SAT && sks_decode_solver(g->eo, s, grid, NULL))
    res = SKS_UNKNOWN;
  return res;
}

/* n random givens on the empty grid, none repeating a digit in a
 * region, into p: the start of a random full grid. */
static void random_givens(sks_generator *g, rng *r, sks_puzzle *p) {
  int n = g->n, nregions = g->shape->nregions;
  for (int c = 0; c < g->cells; c++)
    p->cell[c] = -1;
  memset(g->used, 0, (size_t)nregions * sizeof *g->used);
  for (int placed = 0, tries = 0; placed < n && tries < 4 * n; tries++) {
    int c = below(r, g->cells), d = below(r, n);
    uint64_t bit = (uint64_t)1 << d, seen = 0;
    for (int i = g->cstart[c]; i < g->cstart[c + 1]; i++)
      seen |= g->used[g->creg[i]];
    if (p->cell[c] >= 0 || (seen & bit))
      continue;
    p->cell[c] = d;
    for (int i = g->cstart[c]; i < g->cstart[c + 1]; i++)
      g->used[g->creg[i]] |= bit;
    placed++;
  }
}

/* Up to 64x64: random givens completed by bits within a budget (its
 * first solution), the digits then relabelled at random (a relabelling
 * keeps every rule of every shape).  Past that, or when every try ran
 * out: n random givens each consistent with propagation so far, then the
 * solver's completion; a dead end starts again from other givens. */
static int full_grid(sks_generator *g, rng *r, sks_puzzle *p, int *grid) {
  for (int t = 0; g->bits && t < BIT_GRID_TRIES; t++) {
    if (out_of_time(g))
      return -1;
    random_givens(g, r, p);
    sks_limits lim = {0, BIT_GRID_BUDGET};
    const unsigned char *sol;
    if (!sks_solver_load_puzzle(g->bits, p, NULL) &&
        sks_solver_solve(g->bits, &lim) == SKS_SAT &&
        (sol = sks_solver_grid(g->bits, 0))) {
      int digit[SKS_MAX_N];
      for (int d = 0; d < g->n; d++)
        digit[d] = d;
      shuffle(r, digit, g->n);
      for (int c = 0; c < g->cells; c++)
        grid[c] = digit[sol[c]];
      g->st.grids++;
      return 0;
    }
    g->st.grid_retries++;
  }
  for (int attempt = 0; attempt < GRID_ATTEMPTS; attempt++) {
    if (out_of_time(g))
      return -1;
    for (int c = 0; c < g->cells; c++)
      p->cell[c] = -1;
    int s = sks_eo_load(g->eo, p, SKS_PROPAGATE_SINGLES);
    for (int k = 0; k < g->n && s == SKS_UNKNOWN; k++)
      s = place_random(g, r, p);
    if (s == SKS_SAT)
      sks_eo_grid(g->eo, grid);
    else if (s == SKS_UNKNOWN)
      s = complete(g, grid);
    if (s == SKS_SAT) {
      g->st.grids++;
      return 0;
    }
    g->st.grid_retries++;
  }
  return -1;
}

int sks_generator_grid(sks_generator *g, uint64_t *state, sks_puzzle *p,
                       int *grid) {
  rng r = {*state};
  int res = full_grid(g, &r, p, grid);
  *state = r.s;
  return res;
}

int sks_generator_count2(sks_generator *g, const sks_puzzle *p, int *first,
                         int *second) {
  g->st.checks++;
  g->st.by_cdcl++;
  if (sks_eo_load(g->eo, p, SKS_PROPAGATE_SINGLES) == SKS_UNSAT) {
    g->st.by_propagation++;
    return 0;
  }
  sks_solver_load_eo(g->cdcl, g->eo, NULL);
  sks_limits lim;
  sks_count_result r = sks_count(g->cdcl, g->eo, p, 2, time_left(g, &lim),
                                 first, second, g->scratch, NULL);
  if (r.status == SKS_UNKNOWN && r.count < 2) {
    g->cut = true;
    return -1;
  }
  sks_require(r.status == SKS_SAT || r.count >= 2,
              "cadical's count failed validation");
  return r.count >= 2 ? 2 : (int)r.count;
}

void sks_generator_options(const sks_generator *g, sks_generate_options *opt) {
  *opt = g->opt;
}

bool sks_generator_out_of_time(sks_generator *g) {
  return out_of_time(g);
}

/* ---- digging ---- */

static int orbit_size(const sks_generator *g, int k) {
  return g->mstart[k + 1] - g->mstart[k];
}

/* Takes orbit k's givens out (kept in g->saved); returns how many. */
static int take_out(sks_generator *g, sks_puzzle *p, int k) {
  int removed = 0;
  for (int i = 0; i < orbit_size(g, k); i++) {
    int c = g->member[g->mstart[k] + i];
    g->saved[i] = p->cell[c];
    removed += p->cell[c] >= 0;
    p->cell[c] = -1;
  }
  return removed;
}

static void put_back(sks_generator *g, sks_puzzle *p, int k) {
  for (int i = 0; i < orbit_size(g, k); i++)
    p->cell[g->member[g->mstart[k] + i]] = g->saved[i];
}

/* Whether propagation alone fills p's grid: bits' own (naked and hidden
 * singles, and whatever else its layout propagates) when a count to two
 * given one search node finishes with one solution (a puzzle that needs
 * a guess has at least two ways on from it, so the node budget stops it
 * first); locked candidates past its sides. */
static bool by_logic(sks_generator *g, const sks_puzzle *p) {
  if (p->rules)
    return false; /* the regions' logic does not see the rules */
  if (g->bits) {
    sks_limits lim = {0, 1};
    int status = SKS_UNKNOWN;
    long long k = 0;
    if (!sks_solver_load_puzzle(g->bits, p, NULL))
      k = sks_solver_count(g->bits, 2, &lim, &status);
    return status == SKS_SAT && k == 1;
  }
  return sks_eo_load(g->eo, p, SKS_PROPAGATE_LOCKED) == SKS_SAT;
}

/* Removes orbits from p (unique) in random order: first those whose
 * removal propagation still solves, then (minimal, or a givens target not
 * reached) the others with a full check. */
static void dig(sks_generator *g, rng *r, sks_puzzle *p, bool minimal) {
  int target = g->opt.givens, givens = sks_puzzle_givens(p), k = 0;
  for (int o = 0; o < g->norbits; o++) {
    int any = 0;
    for (int i = g->mstart[o]; i < g->mstart[o + 1]; i++)
      any |= p->cell[g->member[i]] >= 0;
    if (any)
      g->order[k++] = o;
  }
  shuffle(r, g->order, k);
  int npending = 0;
  for (int i = 0; i < k; i++) {
    if (target && givens <= target && !minimal)
      break;
    if (out_of_time(g))
      return;
    int o = g->order[i], removed = take_out(g, p, o);
    g->st.checks++;
    if (by_logic(g, p)) {
      g->st.by_propagation++;
      givens -= removed;
    } else {
      put_back(g, p, o);
      g->pending[npending++] = o;
    }
  }
  if (!minimal && !(target && givens > target))
    return;
  for (int i = 0; i < npending; i++) {
    if (target && givens <= target && !minimal)
      break;
    if (out_of_time(g))
      return;
    int o = g->pending[i], removed = take_out(g, p, o);
    int u = sks_generator_unique(g, p);
    if (u == 1)
      givens -= removed;
    else
      put_back(g, p, o);
    if (u < 0)
      return; /* the deadline: p is unique, digging stops */
  }
}

/* A call of sks_generate or sks_minimize begins: its deadline. */
static void start_call(sks_generator *g) {
  g->cut = false;
  g->deadline = g->opt.time_limit > 0 ? sks_time() + g->opt.time_limit : 0;
}

uint64_t sks_generator_begin(sks_generator *g, unsigned long long index,
                             sks_puzzle *p) {
  sks_require(sks_shape_same(p->shape, g->shape),
              "the puzzle's shape is not the generator's");
  /* A generated puzzle is an ordinary one: candidates removed from p
   * before (a candidates puzzle it held) would constrain the grid search
   * and every uniqueness check (its solution need not keep them), so
   * they go first. */
  sks_puzzle_clear_removed(p);
  start_call(g);
  return rng_of(g->opt.seed, index).s;
}

void sks_generator_end(sks_generator *g) {
  g->deadline = 0;
}

int sks_generate_classic(sks_generator *g, unsigned long long index,
                         sks_puzzle *p, int *solution) {
  rng r = {sks_generator_begin(g, index, p)};
  int *grid = g->scratch;        /* free until digging's full checks */
  sks_puzzle_set_rules(p, NULL); /* (a killer's, made before) */
  int res = full_grid(g, &r, p, grid);
  if (!res) {
    memcpy(p->cell, grid, (size_t)g->cells * sizeof *grid);
    if (solution)
      memcpy(solution, grid, (size_t)g->cells * sizeof *grid);
    dig(g, &r, p, g->opt.minimal);
  }
  g->deadline = 0;
  return res;
}

int sks_minimize(sks_generator *g, unsigned long long index, sks_puzzle *p) {
  start_call(g);
  int u = sks_generator_unique(g, p);
  if (u == 1) {
    rng r = rng_of(g->opt.seed, index);
    dig(g, &r, p, true);
  }
  g->deadline = 0;
  return u;
}

bool sks_generator_cut(const sks_generator *g) {
  return g->cut;
}
