/* Grading: the logic level a puzzle needs (singles, locked candidates, or
 * search), whether it is unique (counted by the bits backend up to 64x64,
 * dlx past that) and its search effort, the geometric mean of dlx nodes
 * over random relabellings of the puzzle, as tdoku rates by guesses. */
#include "eo.h"
#include "grade_int.h"
#include "random_int.h"
#include "require_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the shape's system and matrix, shared with repair.c ---- */

void sks_author_xc_fit(author_xc *xc, const sks_shape *shape) {
  if (xc->shape && sks_shape_same(xc->shape, shape))
    return;
  sks_author_xc_free(xc);
  xc->shape = sks_shape_retain(shape);
  xc->eo = sks_eo_new(shape);
  xc->n = shape->n;
  xc->cells = shape->n * shape->n;
  const sks_eo *eo = xc->eo;
  xc->dlx = sks_dlx_new(eo->ngroups, 0);
  sks_dlx_reserve(xc->dlx, sks_eo_occurrences(eo), eo->nvars);
  for (int v = 1; v <= eo->nvars; v++) {
    int gs[SKS_EO_MAX_GROUPS];
    sks_dlx_add_option(xc->dlx, gs, sks_eo_var_groups(eo, v, gs));
  }
}

void sks_author_xc_free(author_xc *xc) {
  sks_dlx_delete(xc->dlx);
  sks_eo_delete(xc->eo);
  sks_shape_release(xc->shape);
  memset(xc, 0, sizeof *xc);
}

int sks_author_xc_load(author_xc *xc, const sks_puzzle *p,
                       sks_propagate level) {
  sks_author_xc_fit(xc, p->shape);
  int status = sks_eo_load(xc->eo, p, level);
  if (status == SKS_UNKNOWN)
    sks_dlx_restrict(xc->dlx, xc->eo->val + 1, xc->eo->gdone);
  return status;
}

void sks_author_xc_grid(const author_xc *xc, const int *options, int k,
                        int *grid) {
  sks_eo_grid(xc->eo, grid);
  for (int j = 0; j < k; j++)
    grid[options[j] / xc->n] = options[j] % xc->n;
}

/* ---- grading ---- */

struct sks_grader {
  author_xc xc;
  sks_solver *bits; /* uniqueness, sides up to 64 */
  sks_puzzle *perm; /* the relabelled puzzle, of the current shape */
  int *digit, *row, *col, *tmp; /* n each */
  unsigned char *removed;       /* n^3 or NULL: perm's removed ones */
  sks_human *human;             /* the human path's rating */
  sks_eo *analog_eo;            /* sks_grade_analog: the system of the shape */
  sks_cnf *cnf;                 /* and the CNF it lowers to */
};

sks_grader *sks_grader_new(void) {
  return sks_calloc(1, sizeof(sks_grader));
}

void sks_grader_delete(sks_grader *g) {
  if (!g)
    return;
  sks_author_xc_free(&g->xc);
  sks_solver_delete(g->bits);
  sks_human_delete(g->human);
  sks_eo_delete(g->analog_eo);
  sks_cnf_delete(g->cnf);
  if (g->perm)
    g->perm->removed = NULL; /* lent, not the puzzle's */
  sks_puzzle_delete(g->perm);
  free(g->removed);
  free(g->digit);
  free(g->row);
  free(g->col);
  free(g->tmp);
  free(g);
}

static void fit(sks_grader *g, const sks_shape *shape) {
  if (g->perm && sks_shape_same(g->perm->shape, shape))
    return;
  if (g->perm)
    g->perm->removed = NULL; /* lent, not the puzzle's */
  sks_puzzle_delete(g->perm);
  g->perm = sks_puzzle_of(shape);
  size_t n = (size_t)shape->n;
  free(g->removed); /* made by the first candidates puzzle */
  g->removed = NULL;
  g->digit = sks_realloc(g->digit, n * sizeof *g->digit);
  g->row = sks_realloc(g->row, n * sizeof *g->row);
  g->col = sks_realloc(g->col, n * sizeof *g->col);
  g->tmp = sks_realloc(g->tmp, n * sizeof *g->tmp);
}

static void shuffle(int *a, int k, uint64_t *rng) {
  sks_shuffle(a, k, rng, sks_rand_mod);
}

/* A random order of n lines that keeps the blocks of `size` lines
 * together: the blocks shuffled, and the lines within each. */
static void line_order(int *line, int *block, int n, int size, uint64_t *rng) {
  int nblocks = n / size;
  for (int b = 0; b < nblocks; b++)
    block[b] = b;
  shuffle(block, nblocks, rng);
  for (int b = 0; b < nblocks; b++) {
    int *part = line + b * size;
    for (int i = 0; i < size; i++)
      part[i] = block[b] * size + i;
    shuffle(part, size, rng);
  }
}

/* Writes into g->perm a relabelling of p that keeps its regions:
 * digits always, lines only when rows, columns and boxes are all. */
static void relabel(sks_grader *g, const sks_puzzle *p, uint64_t *rng) {
  const sks_shape *s = p->shape;
  int n = s->n;
  for (int d = 0; d < n; d++)
    g->digit[d] = d;
  shuffle(g->digit, n, rng);
  if (s->variants) {
    for (int i = 0; i < n; i++)
      g->row[i] = g->col[i] = i;
  } else {
    line_order(g->row, g->tmp, n, s->box_rows, rng);
    line_order(g->col, g->tmp, n, s->box_cols, rng);
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int d = p->cell[g->row[r] * n + g->col[c]];
      g->perm->cell[r * n + c] = d < 0 ? -1 : g->digit[d];
    }
  /* A candidates puzzle's removed candidates move with its cells and
   * digits; the array is the grader's, lent to perm while it grades. */
  if (p->removed && !g->removed)
    g->removed = sks_malloc((size_t)n * n * n);
  g->perm->removed = p->removed ? g->removed : NULL;
  if (p->removed)
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        const unsigned char *from =
            p->removed + (size_t)(g->row[r] * n + g->col[c]) * n;
        unsigned char *to = g->removed + (size_t)(r * n + c) * n;
        for (int d = 0; d < n; d++)
          to[g->digit[d]] = from[d];
      }
}

/* The puzzle's seed for its relabellings: the options' seed and the
 * givens, so a grade does not depend on the puzzles before it. */
static unsigned long long puzzle_seed(const sks_puzzle *p,
                                      unsigned long long seed) {
  unsigned long long h = seed ^ 0xcbf29ce484222325ULL;
  int cells = p->shape->n * p->shape->n;
  for (int i = 0; i < cells; i++)
    h = (h ^ (unsigned long long)(p->cell[i] + 1)) * 0x100000001b3ULL;
  for (size_t i = 0; p->removed && i < (size_t)cells * p->shape->n; i++)
    h = (h ^ (unsigned long long)p->removed[i]) * 0x100000001b3ULL;
  return h;
}

/* The label without a human path (its own is HoDoKu's level): by level
 * and effort. */
static sks_grade_label label_of(const sks_grade *gr) {
  if (gr->level == SKS_GRADE_SINGLES)
    return SKS_LABEL_EASY;
  if (gr->level == SKS_GRADE_LOCKED)
    return SKS_LABEL_MEDIUM;
  if (gr->at_budget || gr->effort >= SKS_GRADE_EXTREME_EFFORT)
    return SKS_LABEL_EXTREME;
  return gr->effort >= SKS_GRADE_EXPERT_EFFORT ? SKS_LABEL_UNFAIR
                                               : SKS_LABEL_HARD;
}

/* The level by propagation; SKS_UNSAT when propagation finds a clash. */
static int logic_level(sks_grader *g, const sks_puzzle *p, sks_grade *out) {
  int st = sks_author_xc_load(&g->xc, p, SKS_PROPAGATE_SINGLES);
  out->level = SKS_GRADE_SINGLES;
  if (st != SKS_UNKNOWN)
    return st;
  st = sks_author_xc_load(&g->xc, p, SKS_PROPAGATE_LOCKED);
  out->level = st == SKS_UNKNOWN ? SKS_GRADE_SEARCH : SKS_GRADE_LOCKED;
  return st;
}

/* Whether p (loaded in g->xc) has one solution, several, or none (a
 * complete search to a second solution): bits takes the puzzle as it is,
 * past its sides dlx the loaded system; SKS_UNKNOWN past the budget. */
static int uniqueness(sks_grader *g, const sks_puzzle *p, const sks_limits *lim,
                      sks_grade *out) {
  int st = SKS_UNKNOWN;
  long long found = 0;
  if (!g->bits)
    g->bits = sks_solver_new(sks_backend_for(SKS_ROLE_FAST_COUNTER)->name, NULL,
                             NULL);
  if (g->bits && sks_solver_takes_puzzle(g->bits, p->shape)) {
    if (!sks_solver_load_puzzle(g->bits, p, NULL))
      found = sks_solver_count(g->bits, 2, lim, &st);
  } else
    found = sks_dlx_count(g->xc.dlx, 2, lim, &st);
  if (st == SKS_UNKNOWN && found < 2)
    return SKS_UNKNOWN;
  out->multiple = found > 1;
  return found ? SKS_SAT : SKS_UNSAT;
}

/* The geometric mean of the nodes to a first solution, after singles,
 * over random relabellings of p. */
static void effort(sks_grader *g, const sks_puzzle *p, int perms,
                   const sks_limits *lim, unsigned long long seed,
                   sks_grade *out) {
  uint64_t rng = puzzle_seed(p, seed);
  double logsum = 0;
  for (int k = 0; k < perms; k++) {
    relabel(g, p, &rng);
    sks_author_xc_load(&g->xc, g->perm, SKS_PROPAGATE_SINGLES);
    if (sks_dlx_solve(g->xc.dlx, lim) == SKS_UNKNOWN)
      out->at_budget = true;
    logsum += log((double)sks_dlx_last_nodes(g->xc.dlx) + 1);
  }
  out->effort = exp(logsum / perms) - 1;
}

/* The easiest human path (the puzzle is unique: uniqueness techniques
 * may be used): its hardest technique, SE-scale rating and label.  With
 * se, the path of SE's techniques only: until the first step SE lacks it
 * is the path with every technique, and from there it is the path SE
 * takes, so its rating is sks_human_options.se_rating's at one path's
 * cost instead of two. */
static void human_rate(sks_grader *g, const sks_puzzle *p, bool se,
                       sks_grade *out) {
  if (!g->human)
    g->human = sks_human_new();
  sks_human_options o = {.known_unique = true, .se_only = se};
  sks_human_rating r;
  sks_human_rate(g->human, p, &o, &r);
  if (r.status != SKS_SAT)
    return; /* not reached for a unique puzzle: the MUS step finishes */
  out->technique = (int)r.hardest;
  out->rating = r.rating;
  out->label = (sks_grade_label)r.label;
}

int sks_grade_puzzle(sks_grader *g, const sks_puzzle *p,
                     const sks_grade_options *opt, sks_grade *out) {
  memset(out, 0, sizeof *out);
  int perms = opt && opt->permutations > 0 ? opt->permutations : 4;
  sks_limits lim = {0, opt && opt->max_nodes > 0 ? opt->max_nodes : 1000000};
  fit(g, p->shape);
  out->status = logic_level(g, p, out);
  if (out->status == SKS_UNKNOWN) /* loaded at locked candidates */
    out->status =
        opt && opt->known_unique ? SKS_SAT : uniqueness(g, p, &lim, out);
  if (out->status == SKS_SAT && !out->multiple &&
      out->level == SKS_GRADE_SEARCH)
    effort(g, p, perms, &lim, opt ? opt->seed : 0, out);
  out->technique = -1;
  if (out->status == SKS_SAT && !out->multiple && p->shape->n <= 64)
    human_rate(g, p, !opt || opt->se_rating || !opt->path_rating, out);
  if (out->technique < 0)
    out->label = label_of(out);
  return out->status;
}

static const char *const level_names[] = {"singles", "locked", "search"};
static const char *const label_names[] = {"easy", "medium", "hard", "unfair",
                                          "extreme"};

const char *sks_grade_level_name(sks_grade_level level) {
  return level_names[level];
}

const char *sks_grade_label_name(sks_grade_label label) {
  return label_names[label];
}

int sks_grade_parse(const char *name, int *level, int *label) {
  *level = sks_name_index(name, level_names, 3);
  *label = *level < 0 ? sks_name_index(name, label_names, SKS_LABELS) : -1;
  return *level < 0 && *label < 0 ? -1 : 0;
}

bool sks_grade_matches(const sks_grade *gr, int level, int label) {
  if (gr->status != SKS_SAT || gr->multiple)
    return false;
  return level >= 0 ? (int)gr->level == level : (int)gr->label == label;
}

/* ---- the analog rating ---- */

int sks_grade_analog(sks_grader *g, const sks_puzzle *p,
                     const sks_grade_analog_options *opt, sks_analog_grade *out,
                     double *run_t, bool *run_solved) {
  sks_require(g && p && opt && out, "NULL argument");
  memset(out, 0, sizeof *out);
  if (!g->analog_eo || !sks_shape_same(sks_eo_shape(g->analog_eo), p->shape)) {
    sks_eo_delete(g->analog_eo);
    g->analog_eo = sks_eo_new(p->shape);
  }
  if (sks_eo_load(g->analog_eo, p, SKS_PROPAGATE_GIVENS) == SKS_UNSAT)
    return out->status = SKS_UNSAT;
  if (!g->cnf)
    g->cnf = sks_cnf_new();
  sks_encode(g->analog_eo, &opt->encode, g->cnf);
  sks_analog *a = sks_analog_new(g->cnf);
  sks_analog_rate_runs(a, &opt->analog, opt->seed, opt->runs, opt->rate_time,
                       opt->seconds, opt->threads, &out->rating, run_t,
                       run_solved);
  out->clauses = sks_analog_nclauses(a);
  out->literals = sks_analog_nlits(a);
  sks_analog_delete(a);
  return out->status = SKS_SAT;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int sks_grade_analog_curve(const double *run_t, const bool *run_solved,
                           int runs, double tmax, double *t, double *left) {
  sks_require(runs > 0 && run_t && run_solved && t && left, "bad argument");
  /* the solved runs' times, sorted, in t[1 ..] */
  int k = 0;
  for (int r = 0; r < runs; r++)
    if (run_solved[r])
      t[1 + k++] = run_t[r];
  qsort(t + 1, (size_t)k, sizeof *t, cmp_double);
  /* spread to two points a step, from the last so nothing is overwritten */
  for (int j = k - 1; j >= 0; j--) {
    double tj = t[1 + j];
    t[1 + 2 * j] = t[2 + 2 * j] = tj;
    left[1 + 2 * j] = 1.0 - (double)j / runs;
    left[2 + 2 * j] = 1.0 - (double)(j + 1) / runs;
  }
  t[0] = 0;
  left[0] = 1;
  t[1 + 2 * k] = tmax;
  left[1 + 2 * k] = 1.0 - (double)k / runs;
  return 2 * k + 2;
}
