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

/* The techniques, in the order they are tried (easiest first). */
typedef enum sks_technique {
  SKS_TECH_FULL_HOUSE,
  SKS_TECH_HIDDEN_SINGLE_BOX,
  SKS_TECH_HIDDEN_SINGLE_LINE,
  /* Sudoku Explainer's direct techniques: an intersection or a hidden pair
   * or triple that leaves a digit one place in a region, the step its
   * placement (tried before naked singles, as SE does) */
  SKS_TECH_DIRECT_POINTING,
  SKS_TECH_DIRECT_CLAIMING,
  SKS_TECH_DIRECT_HIDDEN_PAIR,
  SKS_TECH_NAKED_SINGLE,
  SKS_TECH_DIRECT_HIDDEN_TRIPLE,
  SKS_TECH_POINTING,
  SKS_TECH_CLAIMING,
  SKS_TECH_NAKED_PAIR,
  SKS_TECH_X_WING,
  SKS_TECH_HIDDEN_PAIR,
  SKS_TECH_NAKED_TRIPLE,
  SKS_TECH_SWORDFISH,
  SKS_TECH_HIDDEN_TRIPLE,
  SKS_TECH_XY_WING,
  SKS_TECH_XYZ_WING,
  SKS_TECH_UNIQUE_RECTANGLE,
  SKS_TECH_NAKED_QUAD,
  SKS_TECH_JELLYFISH,
  SKS_TECH_HIDDEN_QUAD,
  SKS_TECH_BUG,
  SKS_TECH_BUG_2,
  SKS_TECH_SIMPLE_COLOURING,
  SKS_TECH_X_CHAIN,
  SKS_TECH_FINNED_X_WING,
  SKS_TECH_W_WING,
  SKS_TECH_XY_CHAIN,
  SKS_TECH_FINNED_SWORDFISH,
  SKS_TECH_FINNED_JELLYFISH,
  SKS_TECH_ALS_XZ,
  SKS_TECH_FORCING_CHAIN,
  SKS_TECH_NISHIO,
  SKS_TECH_CELL_FORCING,
  SKS_TECH_DYNAMIC_FORCING,
  SKS_TECH_DYNAMIC_FORCING_PLUS,
  SKS_TECH_NESTED_FORCING,
  SKS_TECH_NESTED_FORCING_MULTIPLE,
  SKS_TECH_NESTED_FORCING_2,
  SKS_TECH_MUS, /* SAT-native: a minimal unsatisfiable subset */
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

/* Whether Sudoku Explainer has technique t: all but simple colouring,
 * W-wings, finned fish and ALS-XZ (HoDoKu's), and the MUS step. */
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
