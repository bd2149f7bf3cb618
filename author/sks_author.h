/* sudokusat author: making and judging puzzles on top of the solving
 * parts: generate, minimize, repair, grade and print.  Each section below
 * belongs to one source file of author/. */
#ifndef SKS_AUTHOR_H
#define SKS_AUTHOR_H

#include "sks_decoder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Symmetry, generation and minimization (author/generate.c) ---- */

/* ---- Grading (author/grade.c) ---- */

/* The logic a puzzle needs: the exactly-one system's propagation levels
 * (encoder/eo.c), then search. */
typedef enum sks_grade_level {
  SKS_GRADE_SINGLES, /* naked and hidden singles fill the grid */
  SKS_GRADE_LOCKED,  /* singles and locked candidates fill it */
  SKS_GRADE_SEARCH   /* guessing is needed */
} sks_grade_level;

/* Labels by level and search effort (README "Grading and repairing
 * puzzles"). */
typedef enum sks_grade_label {
  SKS_LABEL_EASY,    /* singles */
  SKS_LABEL_MEDIUM,  /* locked candidates */
  SKS_LABEL_HARD,    /* search, effort < SKS_GRADE_EXPERT_EFFORT */
  SKS_LABEL_EXPERT,  /* search, effort < SKS_GRADE_EXTREME_EFFORT */
  SKS_LABEL_EXTREME, /* search, more effort, or the node budget ran out */
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
                          completed one); CORE: every given in it is
                          needed (false when a test ran out of budget) */
  bool all_solutions;  /* ADDED: every solution was enumerated */
  long long solutions; /* solutions enumerated (capped) */
} sks_repair;

typedef struct sks_repairer sks_repairer;
sks_repairer *sks_repairer_new(void);
void sks_repairer_delete(sks_repairer *r); /* NULL is a no-op */

/* Repairs p: for several solutions, the fewest givens (from one
 * solution) that make it unique, found as a minimum hitting set of the
 * cells where other solutions differ, exactly by iterative deepening
 * within opt's budgets, greedily past them; for none, a subset of the
 * givens without solution from which no given can be removed (deletion:
 * each given is dropped in turn and kept out when the rest still has no
 * solution).  opt may be NULL.  Returns out->kind. */
sks_repair_kind sks_repair_puzzle(sks_repairer *r, const sks_puzzle *p,
                                  const sks_repair_options *opt,
                                  sks_repair *out);

/* ---- Printing as SVG (author/print_svg.c) ---- */

#ifdef __cplusplus
}
#endif

#endif
