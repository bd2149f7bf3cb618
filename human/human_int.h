/* Private to the human solver (human/human*.c): the pencil-mark state,
 * the shape's regions and peers, and how a technique reports a step. */
#ifndef SKS_HUMAN_INT_H
#define SKS_HUMAN_INT_H

#include "sks_human.h"

#include <stdint.h>

typedef uint64_t hmask;

enum { HUMAN_MAX_REG = 8, HUMAN_TEXT = 1024 };

struct sks_human {
  /* The shape */
  const sks_shape *shape; /* a reference, or NULL */
  int n, cells, nreg;
  const int *region; /* nreg * n cells */
  int *ncreg, *creg; /* cell -> its regions (HUMAN_MAX_REG each) */
  int *pos;          /* cell * HUMAN_MAX_REG + k: its index in creg[k] */
  uint64_t *peers;   /* cells * pw words: the cells that see a cell */
  int pw;
  bool plain; /* rows, columns and boxes only (no variant) */
  /* (k * 2 + o) * n + line: the places j of line `line` (a row when o is
   * 0, a column when 1) whose cell lies in region k */
  hmask *regline;
  hmask *within; /* a * nreg + b: the places of region a in region b */
  /* The state */
  hmask *cand;   /* by cell */
  int *val;      /* by cell: digit or -1 */
  hmask *where;  /* nreg * n: positions of digit d in region k */
  int status;    /* SKS_UNKNOWN, SKS_SAT, SKS_UNSAT */
  char why[256]; /* the contradiction */
  sks_human_options opt;
  /* The step being built and the one found */
  int *elim, nelim;    /* n^3 */
  unsigned char *mark; /* n^3 scratch: elimination dedup */
  int cell, digit, size;
  bool direct; /* the placement comes with the eliminations (SE's direct) */
  sks_technique tech;
  double rating;
  char text[HUMAN_TEXT];
  sks_technique trying; /* the technique tried (human_try) */
  bool collect;         /* tests: every instance (emit never stops) */
  unsigned char *seen;  /* collect: eliminations (n^3) and placements */
  /* Change stamps (human.c): tick counts the changes of the marks and
   * values, dstamp (by digit) and rstamp (by region, its cells) hold the
   * tick of the last that touched them.  The subset, intersection, fish,
   * colouring and X-chain searches keep in none_at, by slot
   * (human_none_*), the tick at which they last found nothing there (0
   * never), and pass over what has not changed since. */
  uint64_t tick, *dstamp, *rstamp, *none_at;
  uint64_t *cstamp; /* by cell: the tick of its last change */
  uint64_t forgot;  /* the tick of the last human_forget */
  /* the tick at which aligned pair exclusion last found nothing (0
   * never): a pair of cells that, like the cells seeing both, did not
   * change since gives nothing (human_aligned.c) */
  uint64_t ape_none;
  /* the same for aligned triplet exclusion: a triplet whose cells and
   * the cells seeing all three did not change gives nothing */
  uint64_t ate_none;
  /* The solver that rates the rest of a path with SE's techniques only
   * (sks_human_count), or NULL; the path's rating before its first step
   * SE lacks, and the rest's (-1: none, or not finished) */
  struct sks_human *twin;
  double se_before, se_rest;
  bool se_left;
  /* Scratch for the chain and forcing searches (human_force.c) */
  struct human_force *force;
  /* Scratch for colouring, chains and ALS-XZ (human_chain.c) */
  struct human_chain *chain;
};

/* human_base.c: the techniques' names, weights and labels (the table's
 * columns), the names of cells and regions, and building a step, which
 * the techniques (human_basic.c, human_chain.c, human_fish.c,
 * human_force.c) use and human.c, the loop, drives. */

/* Names: "r3c5", "row 3", "column 5", "box 2", ... */
int human_cell_name(const sks_human *h, int cell, char *buf, size_t size);
const char *human_region_kind(const sks_human *h, int k);
int human_region_name(const sks_human *h, int k, char *buf, size_t size);
/* Digit d as the solver writes it (1-based). */
static inline int human_digit(int d) {
  return d + 1;
}

static inline bool human_sees(const sks_human *h, int a, int b) {
  return a != b && (h->peers[(size_t)a * h->pw + b / 64] >> (b % 64)) & 1;
}
/* Without a popcount instruction in the target (the portable build) the
 * builtin is a call into libgcc; the fish and chain searches count bits
 * in their inner loops, so the count is done here in registers. */
static inline int human_popcount(hmask m) {
  m = m - ((m >> 1) & 0x5555555555555555ULL);
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return (int)((m * 0x0101010101010101ULL) >> 56);
}
/* The counts the searches test most, without counting. */
static inline bool human_one(hmask m) { /* exactly one bit */
  return m && !(m & (m - 1));
}
static inline bool human_many(hmask m) { /* two bits or more */
  return (m & (m - 1)) != 0;
}
static inline bool human_two(hmask m) { /* exactly two bits */
  return human_one(m & (m - 1));
}
static inline int human_first(hmask m) {
  return __builtin_ctzll(m);
}

/* The next k of 0 .. n-1 after pick[0 .. k) (increasing) in
 * lexicographic order, in place; false after the last. */
static inline bool human_next_pick(int *pick, int k, int n) {
  int i = k - 1;
  while (i >= 0 && pick[i] == n - k + i)
    i--;
  if (i < 0)
    return false;
  pick[i]++;
  for (int j = i + 1; j < k; j++)
    pick[j] = pick[j - 1] + 1;
  return true;
}

/* The places of region a whose cells lie in region b. */
static inline hmask human_within(const sks_human *h, int a, int b) {
  return h->within[(size_t)a * h->nreg + b];
}

/* Region k's kind: 0 row, 1 column, 2 box (or jigsaw piece), 3 other. */
static inline int human_kind(const sks_human *h, int k) {
  return k < 3 * h->n ? k / h->n : 3;
}

/* Stamps every digit and region changed: no search's earlier result
 * stands (a new puzzle; tests). */
void human_forget(sks_human *h);
/* none_at's slots: naked subsets of size k (2-4) in region reg, hidden
 * ones, and intersections, simple colouring, X-chains and fish (finned or
 * not, size k 2-4) of digit d. */
static inline size_t human_none_naked(const sks_human *h, int k, int reg) {
  return (size_t)(k - 2) * h->nreg + reg;
}
static inline size_t human_none_hidden(const sks_human *h, int k, int reg) {
  return (size_t)(k + 1) * h->nreg + reg;
}
static inline size_t human_none_inter(const sks_human *h, int d) {
  return (size_t)6 * h->nreg + d;
}
static inline size_t human_none_colour(const sks_human *h, int d) {
  return (size_t)6 * h->nreg + h->n + d;
}
static inline size_t human_none_xchain(const sks_human *h, int d) {
  return (size_t)6 * h->nreg + 2 * h->n + d;
}
static inline size_t human_none_fish(const sks_human *h, bool finned, int k,
                                     int d) {
  return (size_t)6 * h->nreg + (size_t)(3 + 5 * finned + k) * h->n + d;
}
/* SE's direct techniques: hidden pairs and triples (k 2-3) in region reg,
 * and intersections (box: pointing, else claiming) of digit d. */
static inline size_t human_none_direct_hidden(const sks_human *h, int k,
                                              int reg) {
  return human_none_fish(h, true, 5, 0) + (size_t)(k - 2) * h->nreg + reg;
}
static inline size_t human_none_direct_inter(const sks_human *h, bool box,
                                             int d) {
  return human_none_fish(h, true, 5, 0) + (size_t)2 * h->nreg +
         (size_t)box * h->n + d;
}
static inline size_t human_none_slots(const sks_human *h) {
  return human_none_direct_inter(h, true, h->n);
}
/* Whether the search of slot, on digit d, last found nothing after d's
 * last change (the tick it records then). */
static inline bool human_none_since(const sks_human *h, size_t slot, int d) {
  return !h->collect && h->none_at[slot] && h->none_at[slot] >= h->dstamp[d];
}

/* Recomputes where[] from cand[]. */
void human_where(sks_human *h);

/* Building a step: start, add eliminations, then emit.  emit returns true
 * when the search should stop (a step was found and the solver is not
 * collecting every instance); an emit with no elimination and no
 * placement is ignored (returns false). */
void human_begin(sks_human *h);
void human_elim(sks_human *h, int cell, int d); /* only if a candidate */
/* Removes digit d from every open cell that sees all of cells (k). */
void human_elim_seeing(sks_human *h, const int *cells, int k, int d);
bool human_emit(sks_human *h, sks_technique tech, double rating, int size);
bool human_emit_place(sks_human *h, sks_technique tech, int cell, int d);
/* A direct technique: the placement, with the eliminations built. */
bool human_emit_direct(sks_human *h, sks_technique tech, int cell, int d);
/* Writes the step's text (printf-like) when texts are asked for. */
void human_text(sks_human *h, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends "r1c2, r1c5" for cells to buf. */
void human_cells_text(const sks_human *h, const int *cells, int k, char *buf,
                      size_t size);

/* SE's length adjustment of a chain's weight: +0.1 for each step of the
 * ladder 4, 6, 8, 12, 16, 24, 32, ... its nodes pass. */
double human_length_extra(int nodes);

/* The techniques, each a row of SKS_TECHNIQUES (sks_human.h) that gives
 * its argument: each returns true when it found a step (or, collecting,
 * never). */
typedef bool human_finder(sks_human *h, int arg);
human_finder human_full_house;
human_finder human_hidden_single; /* arg: in a box (1), or a line (0) */
human_finder human_naked_single;
human_finder human_bug;  /* bivalue universal grave + 1 */
human_finder human_bug2; /* type 2: one extra digit in several cells */
/* SE's BUG types 3 and 4 (arg: the type; plain shapes) */
human_finder human_bug_se;
/* SE's aligned pair exclusion (human_aligned.c) */
human_finder human_aligned_pair;
/* and aligned triplet exclusion (human_aligned.c) */
human_finder human_aligned_triplet;
human_finder human_intersections; /* pointing, claiming */
/* SE's direct techniques: pointing (arg 1: box) or claiming (0), hidden
 * pairs (arg 2) and triples (3) that leave a digit one place in a
 * region. */
human_finder human_direct_intersections;
human_finder human_direct_hidden;
human_finder human_naked;  /* arg: the subset's size (2-4) */
human_finder human_hidden; /* likewise */
human_finder human_fish;   /* arg: the fish's size (2-4) */
human_finder human_finned_fish;
human_finder human_xy_wing;
human_finder human_xyz_wing;
human_finder human_w_wing;
/* unique rectangles and loops, types 1-4 (human_unique.c; plain shapes):
 * a loop of six cells or more is a step of SKS_TECH_UNIQUE_LOOP */
human_finder human_unique_loop;
human_finder human_colouring;
human_finder human_x_chain;
human_finder human_xy_chain;
human_finder human_als_xz;
human_finder human_forcing; /* arg: the level (human_force_level) */
human_finder human_mus;

/* The forcing search's levels (human_force.c), one a technique (the row
 * of SKS_TECHNIQUES that names it), each a propagation from an
 * assumption and the deductions taken from its branches.  From static
 * to the nested forcing net each propagation is the one before's with a
 * rule more (the code compares levels in this order); cell and region
 * forcing runs the static one, Nishio the dynamic one on one digit. */
typedef enum human_force_level {
  /* forcing chain: static chains (a bivalue cell's other mark, a digit's
   * other place where it has two, on the marks as they are) from each
   * open candidate on and off: a contradiction, or what follows both
   * ways */
  HUMAN_FORCE_STATIC,
  /* cell and region forcing chains: what the static chains of every
   * candidate of a cell, or of every place of a digit in a region, give */
  HUMAN_FORCE_CELL,
  /* dynamic forcing chain: the marks a chain removes are gone for the
   * rest of it (a cell or a region left with one gives it); the
   * deductions of both levels before */
  HUMAN_FORCE_DYNAMIC,
  /* dynamic forcing chain (+): with the locked candidates of the chain's
   * marks, then SE's pairs and X-wings (SE's level 1) */
  HUMAN_FORCE_DYNAMIC_PLUS,
  /* nested forcing chain: dynamic+, then each open candidate tested by a
   * static chain inside (a clash removes it); the contradictions of the
   * on branches only */
  HUMAN_FORCE_NESTED,
  /* nested cell/region forcing chain: static cell and region forcing
   * chains inside as well */
  HUMAN_FORCE_NESTED_MULTIPLE,
  /* nested forcing net: dynamic chains inside */
  HUMAN_FORCE_NESTED_DYNAMIC,
  /* nested forcing net (+): dynamic chains inside, then where none clashes
   * nested forcing chains inside (SE's level 5) */
  HUMAN_FORCE_NESTED_DYNAMIC_PLUS,
  /* Nishio forcing chain: dynamic on one digit's links only (no cell's);
   * contradictions only, as SE's */
  HUMAN_FORCE_NISHIO,
  HUMAN_FORCE_LEVELS
} human_force_level;

/* One propagation of the forcing search as it is kept: the literals
 * derived in order and their depths (node 0 the assumption), or a clash
 * and its depth (the two clashing literals' depths added), and the marks
 * it read: touch, (1 + n) * pw words (the cells whose every mark it read,
 * then by digit d the cells whose mark of d it read). */
typedef struct human_run {
  int nnodes, clash;
  int *lit, *depth;
  uint64_t *touch;
  /* a static run of the plain 9x9's: what its result rests on (the
   * static store's reads, human_force.c), made as it ran; else NULL */
  uint64_t *sreads;
} human_run;

/* human_force.c: the general propagation of the forcing search from
 * literal start at a level's propagation (human_force_level) on h's
 * state (bdcells: n * pw words, the cells holding each digit); *r holds
 * the run (the solver's arrays: valid until its next run).  False on a
 * clash. */
bool human_force_general(sks_human *h, int level, int start,
                         const uint64_t *bdcells, human_run *r);
/* What a static run's result rests on (the static store keeps it while
 * none of these changes), into t's (1 + n) * pw words, in touch's
 * layout; and the changes from marks old to h's it meets, into ch's. */
void human_static_reads(const sks_human *h, const human_run *r, uint64_t *t);
void human_static_changes(const sks_human *h, const hmask *old, uint64_t *ch);

/* human_force9.c: the static and Nishio propagation (levels
 * HUMAN_FORCE_STATIC, _NISHIO) for the plain 9x9 on bit sets,
 * from literal start in h's state (bdcells as above): a fast path of
 * human_force_general, the same run its parents aside, which the forcing
 * search takes where it fits (r's arrays the caller's, sreads made as it
 * ran); tests/unit/test_human.c runs both and compares them
 * (docs/design.md, "Fast paths and their general forms").  False on a
 * clash. */
struct human_prop9;
bool human_prop9_fits(const sks_human *h);
struct human_prop9 *human_prop9_new(const sks_human *h);
void human_prop9_free(struct human_prop9 *q);
bool human_prop9_run(const sks_human *h, struct human_prop9 *q, human_run *r,
                     int level, int start, const uint64_t *bdcells);
/* human_se9.c: Sudoku Explainer's Nishio, multiple (cell and region) and
 * dynamic forcing levels on the plain 9x9 (human_prop9_fits), run node
 * for node as SE runs them: the deduction SE takes on h's state, false
 * when there is none.  lit: the conclusion
 * (var * 2 + on); kind 0 a clash of the assumption lit ^ 1, 1 what every
 * branch gives: what 0 both ways from literal `from` on and off, 1 every
 * candidate of cell `where`, 2 every place of digit where % 9 in region
 * where / 9 (the solver's numbering); complexity: SE's count of the
 * candidates its chains rest on (its length is two less). */
typedef struct human_se9_pick {
  int lit, kind, what, where, from, complexity;
} human_se9_pick;
struct human_se9;
struct human_se9 *human_se9_new(void);
void human_se9_free(struct human_se9 *s);
enum { HUMAN_SE9_NISHIO, HUMAN_SE9_MULTIPLE, HUMAN_SE9_DYNAMIC };
bool human_se9_level(const sks_human *h, struct human_se9 *s, int level,
                     human_se9_pick *out);
/* The one of deductions cands[0 .. k) SE takes first at the level (its
 * lowest rated, the least complex, by kind, the first it finds), as
 * human_se9_level rates them; false when SE has none of them. */
bool human_se9_measure(const sks_human *h, struct human_se9 *s, int level,
                       const human_se9_pick *cands, int k, human_se9_pick *out);
/* Frees the forcing searches' scratch. */
void human_force_free(sks_human *h);
/* Frees the chain searches' scratch (human_chain.c). */
void human_chain_free(sks_human *h);

/* human.c: tries technique t on h's state (the table's function, where
 * the options allow it): true when it found a step. */
bool human_try(sks_human *h, sks_technique t);

#endif
