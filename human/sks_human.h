/* sudokusat human: solving a puzzle the way puzzle people do, with named
 * techniques over pencil marks (candidates), each weighted on the scale of
 * Sudoku Explainer (docs/authoring.md, "Human techniques and ratings").
 * Up to 64x64 (a cell's candidates fit one 64-bit word); every shape and
 * variant, each technique where its logic holds. */
#ifndef SKS_HUMAN_H
#define SKS_HUMAN_H

#include "sks_encoder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The techniques, one row each, in the order they are tried (easiest
 * first): X(ID, name, key, weight, HoDoKu's level, whether Sudoku
 * Explainer has it, whether it needs a puzzle known to be unique, the
 * function that finds it, its argument).  A new technique is one row and
 * its function.  The functions and their arguments (a subset's or fish's
 * size, a forcing level) are the solver's own (author/human_int.h): a
 * program reads the table through the functions below.  The direct
 * techniques are Sudoku Explainer's: an intersection or a hidden pair or
 * triple that leaves a digit one place in a region, the step its
 * placement (tried before naked singles, as SE does).  Claiming is found
 * with pointing (no function of its own).  The MUS step is SAT-native (a
 * minimal unsatisfiable subset); SE does not have it, but its SE-only
 * paths take it when nothing else is found.
 *
 * Weights on Sudoku Explainer's scale (SE's own list of its techniques:
 * 1.0 last value, 1.2 hidden single in a box, 1.5 in a line, 1.7 direct
 * pointing, 1.9 direct claiming, 2.0 direct hidden pair, 2.3 naked
 * single, 2.5 direct hidden triple, 2.6 pointing, 2.8 claiming, 3.0 naked
 * pair, 3.2 X-wing, 3.4 hidden pair, 3.6 naked triple, 3.8 swordfish, 4.0
 * hidden triple, 4.2 XY-wing, 4.4 XYZ-wing, 4.5-5.0 unique rectangles
 * and loops (the step's rating by its length and type), 5.0 naked quad,
 * 5.2 jellyfish, 5.4 hidden quad, 5.6/5.7 BUG types 1 and 2 (5.7 type
 * 4, 5.8 and up type 3), 6.2 aligned pair exclusion,
 * 6.5 X-cycles, 6.6 forcing X-chains and Y-chains, 7.0 forcing chains,
 * 7.5 aligned triplet exclusion (tried after forcing chains, as SE does)
 * and Nishio forcing chains, 8.0 cell and region forcing chains, 8.5
 * dynamic, 9.0 dynamic+, 9.5, 10.0 and 10.5 nested).  HoDoKu's techniques
 * that SE does not name (finned fish, W-wing, simple colouring, ALS-XZ)
 * are weighted as the chain SE finds for the same deduction
 * (docs/authoring.md). */
#define SKS_TECHNIQUES(X)                                                      \
  X(FULL_HOUSE, "full house", "full-house", 1.0, EASY, true, false,            \
    human_full_house, 0)                                                       \
  X(HIDDEN_SINGLE_BOX, "hidden single", "hidden-single-box", 1.2, EASY, true,  \
    false, human_hidden_single, true)                                          \
  X(HIDDEN_SINGLE_LINE, "hidden single", "hidden-single-line", 1.5, EASY,      \
    true, false, human_hidden_single, false)                                   \
  X(DIRECT_POINTING, "direct pointing", "direct-pointing", 1.7, MEDIUM, true,  \
    false, human_direct_intersections, true)                                   \
  X(DIRECT_CLAIMING, "direct claiming", "direct-claiming", 1.9, MEDIUM, true,  \
    false, human_direct_intersections, false)                                  \
  X(DIRECT_HIDDEN_PAIR, "direct hidden pair", "direct-hidden-pair", 2.0,       \
    MEDIUM, true, false, human_direct_hidden, 2)                               \
  X(NAKED_SINGLE, "naked single", "naked-single", 2.3, EASY, true, false,      \
    human_naked_single, 0)                                                     \
  X(DIRECT_HIDDEN_TRIPLE, "direct hidden triple", "direct-hidden-triple", 2.5, \
    MEDIUM, true, false, human_direct_hidden, 3)                               \
  X(POINTING, "pointing", "pointing", 2.6, MEDIUM, true, false,                \
    human_intersections, 0)                                                    \
  X(CLAIMING, "claiming", "claiming", 2.8, MEDIUM, true, false, NULL, 0)       \
  X(NAKED_PAIR, "naked pair", "naked-pair", 3.0, MEDIUM, true, false,          \
    human_naked, 2)                                                            \
  X(X_WING, "X-wing", "x-wing", 3.2, HARD, true, false, human_fish, 2)         \
  X(HIDDEN_PAIR, "hidden pair", "hidden-pair", 3.4, MEDIUM, true, false,       \
    human_hidden, 2)                                                           \
  X(NAKED_TRIPLE, "naked triple", "naked-triple", 3.6, MEDIUM, true, false,    \
    human_naked, 3)                                                            \
  X(SWORDFISH, "swordfish", "swordfish", 3.8, HARD, true, false, human_fish,   \
    3)                                                                         \
  X(HIDDEN_TRIPLE, "hidden triple", "hidden-triple", 4.0, MEDIUM, true, false, \
    human_hidden, 3)                                                           \
  X(XY_WING, "XY-wing", "xy-wing", 4.2, HARD, true, false, human_xy_wing, 0)   \
  X(XYZ_WING, "XYZ-wing", "xyz-wing", 4.4, HARD, true, false, human_xyz_wing,  \
    0)                                                                         \
  X(UNIQUE_RECTANGLE, "unique rectangle", "unique-rectangle", 4.5, HARD, true, \
    true, human_unique_loop, 0)                                                \
  X(UNIQUE_LOOP, "unique loop", "unique-loop", 4.6, HARD, true, true, NULL, 0) \
  X(NAKED_QUAD, "naked quad", "naked-quad", 5.0, HARD, true, false,            \
    human_naked, 4)                                                            \
  X(JELLYFISH, "jellyfish", "jellyfish", 5.2, HARD, true, false, human_fish,   \
    4)                                                                         \
  X(HIDDEN_QUAD, "hidden quad", "hidden-quad", 5.4, HARD, true, false,         \
    human_hidden, 4)                                                           \
  X(BUG, "bivalue universal grave + 1", "bug", 5.6, HARD, true, true,          \
    human_bug, 0)                                                              \
  X(BUG_2, "bivalue universal grave type 2", "bug-2", 5.7, HARD, true, true,   \
    human_bug2, 0)                                                             \
  X(BUG_4, "bivalue universal grave type 4", "bug-4", 5.7, HARD, true, true,   \
    human_bug_se, 4)                                                           \
  X(BUG_3, "bivalue universal grave type 3", "bug-3", 5.8, HARD, true, true,   \
    human_bug_se, 3)                                                           \
  X(ALIGNED_PAIR, "aligned pair exclusion", "aligned-pair", 6.2, UNFAIR, true, \
    false, human_aligned_pair, 0)                                              \
  X(SIMPLE_COLOURING, "simple colouring", "simple-colouring", 6.5, HARD,       \
    false, false, human_colouring, 0)                                          \
  X(X_CHAIN, "X-chain", "x-chain", 6.6, UNFAIR, true, false, human_x_chain, 0) \
  X(FINNED_X_WING, "finned X-wing", "finned-x-wing", 6.6, UNFAIR, false,       \
    false, human_finned_fish, 2)                                               \
  X(W_WING, "W-wing", "w-wing", 6.6, HARD, false, false, human_w_wing, 0)      \
  X(XY_CHAIN, "XY-chain", "xy-chain", 6.6, UNFAIR, false, false,               \
    human_xy_chain, 0)                                                         \
  X(FINNED_SWORDFISH, "finned swordfish", "finned-swordfish", 6.8, UNFAIR,     \
    false, false, human_finned_fish, 3)                                        \
  X(FINNED_JELLYFISH, "finned jellyfish", "finned-jellyfish", 7.0, UNFAIR,     \
    false, false, human_finned_fish, 4)                                        \
  X(ALS_XZ, "ALS-XZ", "als-xz", 7.0, UNFAIR, false, false, human_als_xz, 0)    \
  X(FORCING_CHAIN, "forcing chain", "forcing-chain", 7.0, EXTREME, true,       \
    false, human_forcing, HUMAN_FORCE_STATIC)                                  \
  X(ALIGNED_TRIPLET, "aligned triplet exclusion", "aligned-triplet", 7.5,      \
    EXTREME, true, false, human_aligned_triplet, 0)                            \
  X(NISHIO, "Nishio forcing chain", "nishio", 7.5, EXTREME, true, false,       \
    human_forcing, HUMAN_FORCE_NISHIO)                                         \
  X(CELL_FORCING, "cell/region forcing chains", "cell-forcing", 8.0, EXTREME,  \
    true, false, human_forcing, HUMAN_FORCE_CELL)                              \
  X(DYNAMIC_FORCING, "dynamic forcing chain", "dynamic-forcing", 8.5, EXTREME, \
    true, false, human_forcing, HUMAN_FORCE_DYNAMIC)                           \
  X(DYNAMIC_FORCING_PLUS, "dynamic forcing chain (+)", "dynamic-forcing-plus", \
    9.0, EXTREME, true, false, human_forcing, HUMAN_FORCE_DYNAMIC_PLUS)        \
  X(NESTED_FORCING, "nested forcing chain", "nested-forcing", 9.5, EXTREME,    \
    true, false, human_forcing, HUMAN_FORCE_NESTED)                            \
  X(NESTED_FORCING_MULTIPLE, "nested cell/region forcing chain",               \
    "nested-forcing-multiple", 10.0, EXTREME, true, false, human_forcing,      \
    HUMAN_FORCE_NESTED_MULTIPLE)                                               \
  X(NESTED_FORCING_2, "nested forcing net", "nested-forcing-2", 10.5, EXTREME, \
    true, false, human_forcing, HUMAN_FORCE_NESTED_DYNAMIC)                    \
  X(NESTED_FORCING_3, "nested forcing net (+)", "nested-forcing-3", 11.0,      \
    EXTREME, true, false, human_forcing, HUMAN_FORCE_NESTED_DYNAMIC_PLUS)      \
  X(MUS, "minimal unsatisfiable subset", "mus", 11.0, EXTREME, false, false,   \
    human_mus, 0)

typedef enum sks_technique {
/* clang-format off */
#define SKS_TECH_ID_(id, name, key, weight, level, se, unique, find, arg) \
  SKS_TECH_##id,
  SKS_TECHNIQUES(SKS_TECH_ID_)
#undef SKS_TECH_ID_
  /* clang-format on */
  SKS_TECH_COUNT
} sks_technique;

/* "hidden single", "X-wing", ... */
const char *sks_technique_name(sks_technique t);
/* Short name for options and JSON: "hidden-single", "x-wing", ... */
const char *sks_technique_key(sks_technique t);
/* The technique's base weight on the Sudoku Explainer scale (a chain adds
 * for its length). */
double sks_technique_weight(sks_technique t);

/* One step: a placement (cell >= 0) or eliminations. */
typedef struct sks_human_step {
  sks_technique tech;
  double rating;    /* the step's weight on the SE scale */
  int cell, digit;  /* placement: cell r*n + c, digit 0-based; cell -1 */
  int nelim;        /* eliminations (a direct technique's: with its
                       placement) ... */
  const int *elim;  /* ... cell * n + digit, ascending; owned by the solver */
  int size;         /* chain nodes, constraints of a MUS; 0 otherwise */
  const char *text; /* the pattern in words ("X-wing on 4 in rows 2 and
                       8"), when asked for; owned by the solver */
  int label;        /* HoDoKu's level of the step (sks_human_label): its
                       technique's, but easy for a direct technique taken
                       where a naked single was there too */
} sks_human_step;

typedef struct sks_human_options {
  bool known_unique;      /* the puzzle has one solution: uniqueness
                             techniques (unique rectangles) may be used */
  bool text;              /* write each step's text */
  sks_technique max_tech; /* hardest technique tried (0: every one);
                             past it the MUS step is used */
  bool se_only;           /* Sudoku Explainer's techniques only (the
                             ones sks_technique_in_se names) */
  bool se_rating;         /* sks_human_rate: SE's rating (below) */
} sks_human_options;

/* Solver state for one puzzle at a time (reused across puzzles). */
typedef struct sks_human sks_human;
sks_human *sks_human_new(void);
void sks_human_delete(sks_human *h); /* NULL is a no-op */

/* Loads p (its givens and removed candidates) with options opt (may be
 * NULL).  Returns 0, or -1 when p is larger than 64x64. */
int sks_human_load(sks_human *h, const sks_puzzle *p,
                   const sks_human_options *opt);

/* The state now: SKS_SAT solved, SKS_UNSAT a contradiction (then
 * sks_human_contradiction says which), SKS_UNKNOWN open. */
int sks_human_status(const sks_human *h);
/* The contradiction in words ("r4c5 has no candidate left"). */
const char *sks_human_contradiction(const sks_human *h);
/* cell's candidates as a bit mask (bit d: digit d), its value or -1. */
unsigned long long sks_human_candidates(const sks_human *h, int cell);
int sks_human_value(const sks_human *h, int cell);

/* The easiest step now into st (valid until the next call): 1, or 0 when
 * the puzzle is solved, in contradiction, or no step is found. */
int sks_human_next(sks_human *h, sks_human_step *st);
/* Applies a step sks_human_next gave. */
void sks_human_apply(sks_human *h, const sks_human_step *st);

/* A whole path: the hardest step's technique and weight. */
typedef struct sks_human_rating {
  int status;            /* SKS_SAT solved, SKS_UNSAT contradiction,
                            SKS_UNKNOWN stuck (several solutions) */
  sks_technique hardest; /* the hardest technique used */
  double rating;         /* its step's weight: the SE-scale rating */
  int steps;             /* steps taken */
  int label;             /* HoDoKu's level: the highest step's label */
} sks_human_rating;

/* Whether Sudoku Explainer has technique t (the table's column): all but
 * simple colouring, W-wings, finned fish and ALS-XZ (HoDoKu's), XY-chains
 * (SE finds them only as forcing chains, at 7.0 and more) and the MUS
 * step. */
bool sks_technique_in_se(sks_technique t);
/* A path's rating, step by step (sks_human_rate; explain): counts step
 * st into r (zeroed before the first step) before st is applied: the
 * steps, the hardest technique and its weight, the label.  With
 * opt.se_rating the rating is Sudoku Explainer's: the path's until its
 * first step SE does not have, then the rest of the puzzle rated with
 * SE's techniques only (on a second solver; h is not changed), which
 * sks_human_count_end settles with the path's end.  The technique and
 * label stay the path's. */
void sks_human_count(sks_human *h, const sks_human_step *st,
                     sks_human_rating *r);
void sks_human_count_end(const sks_human *h, sks_human_rating *r);

/* Solves p by the easiest path and rates it (sks_human_count). */
int sks_human_rate(sks_human *h, const sks_puzzle *p,
                   const sks_human_options *opt, sks_human_rating *out);

/* HoDoKu's five levels, by technique (a path's: its highest step's): easy
 * (singles), medium (locked candidates, pairs, triples), hard (fish, quads,
 * wings, unique rectangles, colouring), unfair (chains, finned fish,
 * ALS), extreme (forcing chains and nets, MUS steps). */
typedef enum sks_human_label {
  SKS_HUMAN_EASY,
  SKS_HUMAN_MEDIUM,
  SKS_HUMAN_HARD,
  SKS_HUMAN_UNFAIR,
  SKS_HUMAN_EXTREME,
  SKS_HUMAN_LABELS
} sks_human_label;
sks_human_label sks_human_label_of(sks_technique hardest);
const char *sks_human_label_name(sks_human_label l);

#ifdef __cplusplus
}
#endif

#endif
