/* sudokusat author: making and judging puzzles on top of the solving
 * parts: generate, minimize, repair, grade and print.  Each section below
 * belongs to one source file of author/. */
#ifndef SKS_AUTHOR_H
#define SKS_AUTHOR_H

#include "sks_analog.h"
#include "sks_decoder.h"
#include "sks_canon.h"
#include "sks_human.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Symmetry, generation and minimization (author/symmetry.c,
 * author/generate.c) ---- */

/* Symmetries of the pattern of givens: the set of given cells maps onto
 * itself under each map of the symmetry's group.  A shape holds a
 * symmetry when its regions map onto regions too (rot90 and the
 * diagonals need square boxes; a jigsaw map must itself be symmetric). */
typedef enum sks_symmetry {
  SKS_SYMMETRY_NONE,
  SKS_SYMMETRY_ROT180,        /* half turn about the centre */
  SKS_SYMMETRY_ROT90,         /* quarter turn (and so half turn) */
  SKS_SYMMETRY_LEFT_RIGHT,    /* mirror: column c <-> n-1-c */
  SKS_SYMMETRY_TOP_BOTTOM,    /* mirror: row r <-> n-1-r */
  SKS_SYMMETRY_DIAGONAL,      /* mirror in the main diagonal */
  SKS_SYMMETRY_ANTI_DIAGONAL, /* mirror in the anti-diagonal */
  SKS_SYMMETRY_DIAGONALS,     /* both diagonals (and the half turn) */
  SKS_SYMMETRY_MIRRORS,       /* both mirrors (and the half turn) */
  SKS_SYMMETRY_FULL,          /* all eight maps of the square */
  SKS_SYMMETRY_COUNT
} sks_symmetry;

/* "none", "rot180", "rot90", "left-right", "top-bottom", "diagonal",
 * "anti-diagonal", "diagonals", "mirrors", "full". */
const char *sks_symmetry_name(sks_symmetry s);
/* 0 and *out for a name sks_symmetry_name gives; -1 otherwise. */
int sks_symmetry_parse(const char *name, sks_symmetry *out);
/* 0 when the shape holds the symmetry; -1 with err saying why not. */
int sks_symmetry_fits(const sks_shape *shape, sks_symmetry s, sks_error *err);
/* orbit[cell] (n*n): the smallest cell of the cell's orbit. */
void sks_symmetry_orbits(const sks_shape *shape, sks_symmetry s, int *orbit);
/* Whether p's pattern of givens has the symmetry. */
bool sks_symmetry_holds(const sks_puzzle *p, sks_symmetry s);
/* The symmetry of p's pattern of givens: the one whose group is every map
 * of the square under which the pattern holds. */
sks_symmetry sks_symmetry_of(const sks_puzzle *p);
/* The symmetry of the givens themselves: the one the maps of the square
 * among the automorphisms the last sks_canon_automorphisms of z found
 * make (the other automorphisms are passed over). */
sks_symmetry sks_symmetry_of_automorphisms(sks_canon *z);

/* How givens are removed ("digging"): orbits of the symmetry in random
 * order, a removal kept when the puzzle stays unique.  Without minimal or
 * givens, a removal is kept only when propagation (naked and hidden
 * singles; past 64x64 also locked candidates) still fills the grid, which
 * proves uniqueness without search: quick at any size, and the puzzles are
 * solvable by that logic.
 * minimal: then every orbit left is tried with a full uniqueness check,
 * so no orbit of givens can go (without a symmetry: no single given).
 * givens: stop as soon as at most that many are left (0 = no target),
 * trying full checks when propagation alone does not get there. */
typedef struct sks_generate_options {
  sks_symmetry symmetry;
  bool minimal;
  int givens;
  unsigned long long seed; /* puzzle i's random state: seed and i */
  double time_limit;       /* seconds per sks_generate or sks_minimize
                              call (0: none); past it the call stops
                              (sks_generator_cut) */
  /* Killer sudoku (author/killer.c): sks_generate makes a puzzle with no
   * givens whose rules are cages covering the grid, each of cage_min to
   * cage_max orthogonally connected cells with distinct digits and its
   * sum, with one solution (symmetry, minimal and givens do not apply). */
  bool killer;
  int cage_min, cage_max; /* 1 <= cage_min <= cage_max <= n; 0 0: 2-5 */
} sks_generate_options;

/* Per thread: the solvers for one shape, reused for every puzzle: up to
 * 64x64 the bits backend (through the solver interface) with a node
 * budget, past that dlx with its own budget, then cadical with blocking
 * clauses.  Checks allocate nothing once the first searches have sized
 * the buffers. */
typedef struct sks_generator sks_generator;

/* NULL with err filled when the shape does not hold the symmetry. */
sks_generator *sks_generator_new(const sks_shape *shape,
                                 const sks_generate_options *opt,
                                 sks_error *err);
void sks_generator_delete(sks_generator *g); /* NULL is a no-op */
const sks_shape *sks_generator_shape(const sks_generator *g);

/* Puzzle number `index` of the options' seed into p (of the generator's
 * shape; its givens are replaced and any removed candidates cleared: the
 * puzzle is an ordinary one) and its solution into solution (n*n, may be
 * NULL).  The same seed, index and options give the same puzzle, whatever
 * p held before.
 * Returns 0, or -1 when no full grid was found within the budgets (rare;
 * past 36x36) or the time limit.  With the time limit cut
 * (sks_generator_cut) and 0, p is unique but digging stopped early: not
 * minimal, or short of the givens target. */
int sks_generate(sks_generator *g, unsigned long long index, sks_puzzle *p,
                 int *solution);
/* With the options' killer: p's givens are all blank and its rules the
 * cages; -1 also when no grid's cages came out unique within the tries
 * (KILLER_GRIDS grids, each re-cut up to KILLER_RECUTS times) or the
 * time limit. */

/* Solutions of p up to two: 0, 1 or 2 (two or more); -1 only inside
 * sks_generate and sks_minimize, when their time limit ran out. */
int sks_generator_unique(sks_generator *g, const sks_puzzle *p);

/* Removes givens of p (whole orbits of the options' symmetry; random
 * order from the seed and index) until no more can go: p must be unique
 * (sks_generator_unique 1), else it is left alone.  Returns what
 * sks_generator_unique said of p before (-1: the time limit ran out
 * first).  With 1 and sks_generator_cut, p is unique but not minimal. */
int sks_minimize(sks_generator *g, unsigned long long index, sks_puzzle *p);
/* Whether the last sks_generate or sks_minimize stopped at the options'
 * time_limit. */
bool sks_generator_cut(const sks_generator *g);

/* Over the generator's life: uniqueness checks, how many of them
 * propagation alone decided, how many went to cadical after the budgets,
 * full grids made, and grid searches that ran out of budget or hit a dead
 * end and started again. */
typedef struct sks_generate_stats {
  unsigned long long checks, by_propagation, by_cdcl, grids, grid_retries;
} sks_generate_stats;
void sks_generator_stats(const sks_generator *g, sks_generate_stats *st);

/* ---- Grading (author/grade.c) ---- */

/* The logic a puzzle needs: the exactly-one system's propagation levels
 * (encoder/eo.c), then search. */
typedef enum sks_grade_level {
  SKS_GRADE_SINGLES, /* naked and hidden singles fill the grid */
  SKS_GRADE_LOCKED,  /* singles and locked candidates fill it */
  SKS_GRADE_SEARCH   /* guessing is needed */
} sks_grade_level;

/* Labels: HoDoKu's levels, the highest among the easiest human path's
 * steps (sks_human_rating.label); past 64x64, where the human solver
 * does not go, by level and search effort (docs/authoring.md, "Grading
 * and repairing puzzles"). */
typedef enum sks_grade_label {
  SKS_LABEL_EASY,    /* singles (past 64x64: singles) */
  SKS_LABEL_MEDIUM,  /* locked candidates, pairs, triples (locked) */
  SKS_LABEL_HARD,    /* fish, quads, wings, unique rectangles,
                        colouring (search, effort < EXPERT_EFFORT) */
  SKS_LABEL_UNFAIR,  /* chains, finned fish, ALS (search, effort <
                        EXTREME_EFFORT) */
  SKS_LABEL_EXTREME, /* forcing chains and nets (search, more effort) */
  SKS_LABELS
} sks_grade_label;

#define SKS_GRADE_EXPERT_EFFORT 60.0
#define SKS_GRADE_EXTREME_EFFORT 300.0

typedef struct sks_grade_options {
  int permutations;        /* random relabellings searched (0: 4) */
  unsigned long long seed; /* with the givens, fixes the relabellings */
  long long max_nodes;     /* dlx nodes per search; 0: 10^6 */
  bool known_unique;       /* the caller knows p has one solution (a
                              generator): the uniqueness search is
                              skipped (a fifth of the time on top1465:
                              3,100 -> 3,800 puzzles/s a thread) */
  bool se_rating;          /* Sudoku Explainer's rating: the default,
                              kept for callers that ask for it (it wins
                              over path_rating) */
  bool path_rating;        /* the rating of the easiest path with every
                              technique, HoDoKu's that SE lacks too
                              (simple colouring, W-wings, XY-chains,
                              finned fish, ALS-XZ); by default (false)
                              the rating is SE's: the path with SE's
                              techniques only */
} sks_grade_options;

typedef struct sks_grade {
  int status;    /* SKS_SAT: exactly one solution; SKS_UNSAT: none;
                    SKS_UNKNOWN: the budget ran out */
  bool multiple; /* status SKS_SAT but two solutions or more */
  sks_grade_level level;
  double effort;  /* geometric mean of dlx nodes over the
                     permutations (0 when propagation solves it) */
  bool at_budget; /* some search ran out of nodes: effort is a floor */
  sks_grade_label label;
  int technique; /* sks_technique: the hardest step of the easiest human
                    path (human/human.c); -1 past 64x64 */
  double rating; /* that step's weight on Sudoku Explainer's scale */
} sks_grade;

/* What grading works in: the system and exact-cover matrix of the last
 * shape, a permuted copy; reused from puzzle to puzzle (a batch thread
 * keeps one), so grading allocates only when the shape changes. */
typedef struct sks_grader sks_grader;
sks_grader *sks_grader_new(void);
void sks_grader_delete(sks_grader *g); /* NULL is a no-op */

/* Grades p (any shape and variant): the level by propagation; the number
 * of solutions (0, 1, 2+) by a complete dlx search after locked
 * candidates; for a unique puzzle that needs search, the effort: the
 * geometric mean of (nodes + 1), less 1, of dlx searches for a first
 * solution after singles, over opt->permutations random relabellings of
 * the digits and, without variants, of rows within bands, bands, columns
 * within stacks and stacks.  opt may be NULL (defaults).  Returns
 * out->status. */
int sks_grade_puzzle(sks_grader *g, const sks_puzzle *p,
                     const sks_grade_options *opt, sks_grade *out);
const char *sks_grade_level_name(sks_grade_level level);
const char *sks_grade_label_name(sks_grade_label label);
/* The level or label a name gives (for `generate --grade`): returns 0 and
 * sets *level (-1 when a label was named) and *label (-1 when a level
 * was named), or -1 when the name is neither. */
int sks_grade_parse(const char *name, int *level, int *label);
/* Whether a grade matches what sks_grade_parse gave. */
bool sks_grade_matches(const sks_grade *gr, int level, int label);

/* Generation to a grade (author/generate_graded.c): puzzle number index
 * of g into p (and its solution, may be NULL) as sks_generate makes it,
 * or with a grader, the first of the tries index, index + 2^40, index +
 * 2 * 2^40 ... (SKS_GRADE_TRIES of them) whose grade, as sks_grade_puzzle
 * gives it with seed 1, matches level and label (sks_grade_parse's; both
 * -1: any).  Returns 0, or -1 when none was made: *cut then says whether
 * g's time limit or the deadline (sks_time's clock, 0: none; no try
 * starts past it) ran out first.  A level past singles or a label past
 * easy needs a generator made with minimal (its full uniqueness checks). */
enum { SKS_GRADE_TRIES = 2000 };
int sks_generate_graded(sks_generator *g, sks_grader *grader,
                        unsigned long long index, int level, int label,
                        double deadline, sks_puzzle *p, int *solution,
                        bool *cut);

/* The analog rating of a puzzle, as `rate --analog` and `grade --analog`
 * give it: the CNF of the system loaded with the givens propagated
 * (SKS_PROPAGATE_GIVENS), as the papers rate it, rated by
 * sks_analog_rate_runs (solver/sks_analog.h). */
typedef struct sks_grade_analog_options {
  sks_analog_options analog; /* the dynamics and the stopping rule;
                                analog.group shares the runs with idle
                                threads */
  sks_encode_options encode; /* how the CNF is lowered */
  unsigned long long seed;
  int runs;         /* runs asked for, > 0 */
  double rate_time; /* analog time a run is given (tmax), > 0 */
  double seconds;   /* wall seconds a run may take (0: none) */
  int threads;      /* runs in parallel (1: this thread alone) */
} sks_grade_analog_options;

typedef struct sks_analog_grade {
  int status; /* SKS_SAT: rated; SKS_UNSAT: the givens' propagation
                 found no solution (not rated) */
  sks_analog_rating rating; /* eta infinite when no run solved it */
  long clauses, literals;   /* the CNF rated, after deduplication */
} sks_analog_grade;

/* Rates p into out (with g's system and CNF for the shape, kept for the
 * next puzzle) and, when not NULL, each run's end into run_t and
 * run_solved (opt->runs entries each, as sks_analog_rate_runs).  Returns
 * out->status. */
int sks_grade_analog(sks_grader *g, const sks_puzzle *p,
                     const sks_grade_analog_options *opt, sks_analog_grade *out,
                     double *run_t, bool *run_solved);

/* The escape-rate picture of one rating: the fraction of runs not yet
 * solved against analog time, a staircase from (0, 1) down one step of
 * 1/runs at each solved run's time (in increasing order), to the share
 * left unsolved at tmax.  Writes the points into t and left (room for
 * 2 * runs + 2 each) and returns how many (2 * solved + 2). */
int sks_grade_analog_curve(const double *run_t, const bool *run_solved,
                           int runs, double tmax, double *t, double *left);

/* ---- Repair: completing and explaining givens (author/repair.c) ---- */

typedef enum sks_repair_kind {
  SKS_REPAIR_UNIQUE, /* one solution already: nothing to add */
  SKS_REPAIR_ADDED,  /* several: cells to add make it unique */
  SKS_REPAIR_CORE,   /* none: a minimal clashing subset of the givens */
  SKS_REPAIR_UNKNOWN /* a budget ran out */
} sks_repair_kind;

typedef struct sks_repair_options {
  int solutions;       /* solutions enumerated for the exact answer (0:
                          256); with more, one solution is completed */
  long long max_nodes; /* dlx nodes per search; 0: 10^7 */
  long long max_hits;  /* hitting-set search nodes per round; 0: 10^6 */
  double time_limit;   /* seconds per puzzle; 0: none */
} sks_repair_options;

typedef struct sks_repair {
  sks_repair_kind kind;
  int ncells;          /* cells added (ADDED) or in the core (CORE) */
  const int *cell;     /* r*n + c, ascending; owned by the repairer, valid
                          until its next call */
  const int *digit;    /* their digits, 0-based */
  bool fewest;         /* ADDED: no smaller set exists (over every
                          solution when all were enumerated, else for the
                          completed one); CORE: no smaller clash exists */
  bool minimal;        /* CORE: every given in it is needed (false when a
                          test ran out of budget) */
  bool all_solutions;  /* ADDED: every solution was enumerated */
  long long solutions; /* solutions enumerated (capped) */
} sks_repair;

typedef struct sks_repairer sks_repairer;
sks_repairer *sks_repairer_new(void);
void sks_repairer_delete(sks_repairer *r); /* NULL is a no-op */

/* Repairs p: for several solutions, the fewest givens (from one
 * solution) that make it unique, found as a minimum hitting set of the
 * cells where other solutions differ, exactly by iterative deepening
 * within opt's budgets, greedily past them; for none, the smallest
 * subset of the givens without solution: two givens that repeat a digit
 * in a region when there are any, else up to 9x9 the fewest givens (by
 * implicit hitting sets over the givens a solution disagrees with,
 * within the budgets), else one from which no given can be removed
 * (deletion: each given is dropped in turn and kept out when the rest
 * still has no solution).  opt may be NULL.  Returns out->kind. */
sks_repair_kind sks_repair_puzzle(sks_repairer *r, const sks_puzzle *p,
                                  const sks_repair_options *opt,
                                  sks_repair *out);

/* ---- Printing as SVG (author/print_svg.c) ---- */

typedef struct sks_print_options {
  int per_page;                   /* puzzles a page; 0: all given */
  double page_width, page_height; /* millimetres; 0: A4, 210 x 297 */
} sks_print_options;

/* The grid of puzzles a page of w x h mm holds: the cols x rows slots for
 * per_page puzzles that give each grid the largest side. */
void sks_print_layout(int per_page, double w, double h, int *cols, int *rows);

/* Writes one SVG page of count puzzles (at most opt->per_page), left to
 * right and top down: thin cell lines, thick lines between regions (boxes
 * or jigsaw pieces) and round each grid, X diagonals and windoku windows
 * shaded, each puzzle's name under it.  grids (may be NULL, or hold NULL
 * entries): the digits to show for puzzle i (a solution: its givens are
 * bold, the rest grey); NULL shows the givens.  Returns 0, or -1 when
 * writing failed. */
int sks_print_svg(FILE *out, const sks_puzzle *const *puzzles,
                  const int *const *grids, int count,
                  const sks_print_options *opt);

/* A puzzle's variant rules alone, drawn as print draws them, for a page
 * that draws its own grid and digits (web/): one SVG document whose
 * viewBox puts the grid's cells at 10 units each from (0, 0), with a
 * margin of one cell round them when the rules have clues outside the
 * grid (sandwiches, x-sums, skyscrapers, little killers).  layer: what
 * goes under the digits (shading, lines, thermometers, arrows, cages,
 * diagonals) or over the grid lines (dots, X and V, sums and chevrons on
 * edges, quadruples, minimum and maximum marks, the clues outside).
 * Returns the margin in cells (0 or 1), or -1 when writing failed; a
 * puzzle without rules gets an empty drawing. */
typedef enum sks_print_layer {
  SKS_PRINT_UNDER,
  SKS_PRINT_OVER
} sks_print_layer;
int sks_print_rules_svg(FILE *out, const sks_puzzle *p, sks_print_layer layer);

#ifdef __cplusplus
}
#endif

#endif
