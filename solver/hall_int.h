/* Private: the hall engine, a CDCL solver of the project's own (C11 and
 * the base's allocation only, so that it builds for WebAssembly too):
 * two watched literals with blocker literals, binary clauses in the
 * watch lists, first-UIP learning with recursive minimisation, EVSIDS,
 * phase saving, focused and stable modes in turn (glucose-style and Luby
 * restarts), target and best phases with rephasing, trail reuse on
 * restarts, a clause database reduced by LBD
 * in three tiers, clauses added between searches (blocking clauses),
 * assumptions, a conflict limit and a terminate callback.  hall_cdcl.c
 * holds the search, hall_reduce.c the clause database's reduction and
 * collection, hall_groups.c and hall_sums.c the propagators (locked
 * candidates; the sums of killer cages, little killers and arrows);
 * solver/hall.c makes it an engine of the CDCL layer (cdcl_int.h) and
 * hands the sum propagator the puzzle's sums.  Users: hall.c,
 * hall_reduce.c, hall_groups.c, hall_sums.c, tests/unit/test_hall.c. */
#ifndef SKS_HALL_INT_H
#define SKS_HALL_INT_H

#include "stack_int.h"

#include <stdbool.h>
#include <stdint.h>

/* A literal inside the engine: 2v for variable v (1-based), 2v+1 for its
 * negation. */
typedef uint32_t hall_lit;

/* A watch: a clause watched by the literal whose list holds it.  blocker:
 * a literal of the clause that, when true, satisfies it without a look
 * at the clause; a binary clause is its other literal, and ref says so
 * (HALL_BINARY), so a binary clause lives in the watch lists only. */
typedef struct hall_watch {
  hall_lit blocker;
  uint32_t ref;
} hall_watch;
#define HALL_BINARY 0xffffffffu
/* A binary clause the engine derived (learned, or a hyper-binary
 * resolvent): dropped when the engine forgets (sks_hall_forget).  Every
 * ref at or above it is a binary clause. */
#define HALL_BINARY_LEARNT 0xfffffffeu

/* A clause in the arena: its header (HALL_HEADER words), then its
 * literals.  A literal's reason is HALL_NONE (a decision or a root unit),
 * a clause's ref, HALL_REASON_BIN | other, the binary clause's other
 * literal, or HALL_REASON_EXT | at, an explanation (ext) at * literal. */
enum { HALL_HEADER = 3 };
#define HALL_NONE 0xffffffffu
#define HALL_REASON_BIN 0x80000000u
/* A propagator's explanation kept beside the trail (not a clause of the
 * database): HALL_REASON_EXT | its place in ext. */
#define HALL_REASON_EXT 0x40000000u

typedef struct hall_clause {
  uint32_t size;
  unsigned learnt : 1, garbage : 1, used : 2, moved : 1, lbd : 27;
  uint32_t pos; /* where the last search for a new watch stopped, or the
                   new ref while the arena is collected */
  hall_lit lit[];
} hall_clause;

typedef SKS_STACK(hall_watch) hall_watches;

typedef struct hall_stats {
  unsigned long long conflicts, decisions, propagations, restarts, reduced,
      learned, minimized, shrunk, subsumed, collections;
  unsigned long long group_removed; /* literals the group propagator set */
  unsigned long long group_checks;  /* groups the propagator looked at */
  unsigned long long switches, rephases, reused; /* modes, phases, levels
                                                    kept on restarts */
  unsigned long long sum_removed;    /* literals the sum propagator set */
  unsigned long long sum_conflicts;  /* conflicts it found */
  unsigned long long sum_checks;     /* sums it looked at */
  unsigned long long probed, failed; /* literals probed, found false */
  unsigned long long hbr;            /* hyper-binary resolvents added */
  unsigned long long original;       /* clauses given (sks_hall_add) */
} hall_stats;

/* The search's settings (sks_hall_configure; the backend reads them from
 * the SKS_HALL environment variable, docs/backends.md). */
typedef enum hall_modes {
  HALL_MODES_AUTO,    /* the default: focused only in an engine with sums
                         (BENCHMARKS.md, "hall: focused search and a smaller
                         clause database for sums"), else both in turn */
  HALL_MODES_BOTH,    /* focused and stable in turn */
  HALL_MODES_FOCUSED, /* focused only */
  HALL_MODES_STABLE   /* stable only */
} hall_modes;

typedef struct hall_config {
  hall_modes modes;
  bool no_rephase;      /* saved phases only: no target, best or rephasing */
  bool no_reuse;        /* restarts go back to the root */
  bool groups;          /* the group propagator (hall_groups.c) */
  bool no_sums;         /* the sum propagator (hall_sums.c) off */
  bool sums_naive;      /* its explanations: every false literal of the sum's
                           other terms, not only those of values that matter */
  bool sums_match;      /* a cage's supports by perfect matchings, not by its
                           value sets' cover only */
  bool no_innies;       /* no implied sums (innies and outies) */
  bool no_crossing;     /* no sums of a house and the fixed sums crossing it */
  bool bands;           /* implied sums of bands of rows or columns, outies */
  bool no_shrink;       /* learned clauses not shrunk (hall_cdcl.c, shrink) */
  bool no_subsume;      /* no eager subsumption (hall_cdcl.c, eager_subsume) */
  bool slow_reduce;     /* with sums, the clause database reduced on the
                           schedule of the others (hall_cdcl.c, REDUCE_SUMS) */
  bool no_probe;        /* no failed-literal probing (hall_cdcl.c, probe) */
  bool probe;           /* probing without rules too */
  bool no_hbr;          /* probing without hyper-binary resolvents */
  unsigned probe_first; /* conflicts before the first probing round, when
                           not 0 (hall_cdcl.c, PROBE_FIRST) */
} hall_config;

/* A sum the sum propagator keeps (hall_sums.c): sum over its terms of
 * coef * value == total, each term a set of options (value, literal) of
 * which exactly one holds (a cell's candidates); distinct: the terms'
 * values differ (a killer cage), then with the value sets that can make
 * the total (combos: bit v for value v) where they are few. */
typedef struct hall_term {
  int coef;
  int group;        /* terms of a group (>= 0) hold different values; coef 1 */
  int opt_at, nopt; /* its options in sum_val / sum_lit */
} hall_term;

typedef struct hall_sum {
  long total;
  int term_at, nterms;  /* its terms in sum_terms */
  int combo_at, ncombo; /* its value sets in sum_combo (has_combos) */
  int mask_at;          /* 33 masks in sum_combo: [v] the union of the sets with
                           value v, [0] of every set */
  bool distinct, has_combos, dirty;
} hall_sum;

typedef struct sks_hall {
  int nvars; /* variables 1..nvars */
  size_t vcap;
  /* by literal */
  signed char *val; /* 1 true, -1 false, 0 open */
  hall_watches *watches;
  /* by variable */
  int *level;
  uint32_t *reason;
  signed char *phase; /* saved: 1 true, -1 false */
  unsigned char *seen;
  signed char *target; /* stable mode's phases: the longest trail without
                          a conflict since the last rephase (0: none) */
  signed char *best;   /* the longest trail since the last rephase */
  int target_n, best_n;
  double *act; /* EVSIDS activity of the mode searching: score[stable] */
  double *score[2];
  double score_inc[2];
  int *heap_pos; /* place in the heap, -1 when out */
  int *heap;
  int heap_n;
  /* the trail and its levels */
  hall_lit *trail;
  int trail_n, qhead;
  SKS_STACK(int) control; /* trail size at each level's start */
  /* the arena */
  SKS_STACK(uint32_t) arena;
  SKS_STACK(uint32_t) learnts; /* refs of the learned clauses */
  size_t garbage_words;
  /* the clause being added, and scratch for the analysis */
  SKS_STACK(hall_lit) adding;
  SKS_STACK(hall_lit) learned;
  SKS_STACK(int) analyzed;     /* variables seen in the analysis */
  SKS_STACK(int) shrink_marks; /* variables of a level shrink walks */
  SKS_STACK(int) minimize_stack;
  unsigned *level_stamp; /* by level: LBD and minimisation */
  size_t level_cap;
  unsigned stamp;
  SKS_STACK(hall_lit) assumptions;
  bool inconsistent; /* the empty clause is implied: no solution at all */
  bool failed;       /* the last search failed under its assumptions */
  int root_units;    /* trail size at level 0 when the database was last
                        simplified */
  hall_config cfg;
  /* modes: focused (restarts on the LBDs' averages, scores decaying
   * fast) and stable (reluctant doubling, slow decay, target phases) */
  bool stable;
  unsigned long long switch_at, mode_len; /* conflicts */
  unsigned long long luby_u, luby_v;      /* reluctant doubling */
  unsigned long long rephase_at, rephase_n;
  /* restarts: the LBDs' fast and slow moving averages */
  double ema_fast, ema_slow;
  unsigned long long restart_at; /* not before this many conflicts */
  unsigned long long reduce_at, reduce_inc;
  unsigned long long forgot_at;       /* conflicts at the last forget */
  unsigned long long binaries_learnt; /* binary clauses derived since */
  /* failed-literal probing: the next round, the search's ticks at the
   * last, where it stopped; probing: the saved phases left alone */
  unsigned long long probe_at, probe_int, probe_ticks;
  int probe_next;
  bool probing;
  bool variant; /* the puzzle has rules beyond the base's (hall.c) */
  uint64_t rng;
  /* model after SAT, by variable */
  signed char *model;
  int model_n;
  /* stopping */
  void *term_state;
  int (*terminate)(void *state);
  unsigned long long ticks, check_at;
  /* the exactly-one groups found in the clauses (hall_groups.c): group
   * g's variables are group_var[group_at[g] .. group_at[g + 1]), variable
   * v's groups var_group[var_at[v] .. var_at[v + 1]) */
  bool groups_found;         /* the clauses were looked at */
  int ngroups, groups_nvars; /* the variables when they were found */
  int *group_at, *group_var, *var_at, *var_group;
  int *group_reach;  /* by group: the most it shares with another */
  int *open_scratch; /* a group's open variables */
  int *group_open;   /* by group: its literals not set false, counted over
                        the trail up to groups_head */
  int groups_head;   /* trail position the propagator has seen */
  unsigned *mark;    /* by variable, stamps of the propagator */
  unsigned mark_stamp;
  SKS_STACK(hall_lit) explain;
  /* How a propagator sets a literal (hall_cdcl.c's imply, described below),
   * handed down so that the propagators need nothing of the core's
   * file. */
  void (*imply)(struct sks_hall *h, const hall_lit *lits, uint32_t n);
  /* the explanations of the literals the propagator set, each its size
   * then its literals (the implied one first), and where each level's
   * start (cut on backtracking) */
  SKS_STACK(uint32_t) ext;
  SKS_STACK(uint32_t) ext_control;
  /* the sums (hall_sums.c): var_sum[var_sum_at[v] .. var_sum_at[v + 1])
   * the sums variable v takes part in, up to sums_nvars */
  SKS_STACK(hall_sum) sums;
  SKS_STACK(hall_term) sum_terms;
  SKS_STACK(int) sum_val;
  SKS_STACK(hall_lit) sum_lit;
  SKS_STACK(unsigned) sum_combo;
  int *var_sum_at, *var_sum, sums_nvars;
  bool sums_indexed;
  int sums_head;                    /* trail position the propagator has seen */
  SKS_STACK(int) sum_dirty;         /* sums to look at */
  SKS_STACK(hall_lit) sum_conflict; /* a conflict it found: false lits */
  SKS_STACK(long long) sum_scratch;
  hall_stats st;
} sks_hall;

/* hall_cdcl.c */
sks_hall *sks_hall_new(unsigned long long seed);
void sks_hall_delete(sks_hall *h); /* NULL is a no-op */
/* Makes variables 1..nvars known. */
void sks_hall_reserve(sks_hall *h, int nvars);
/* Adds a literal of the clause being added; 0 ends it.  Between
 * searches only. */
void sks_hall_add(sks_hall *h, int lit);
/* A literal the next search assumes (cleared by the search). */
void sks_hall_assume(sks_hall *h, int lit);
/* 10 (SKS_SAT), 20 (SKS_UNSAT: none under the assumptions) or 0 (the
 * terminate callback or max_conflicts, 0 = none, stopped it). */
int sks_hall_solve(sks_hall *h, long long max_conflicts);
/* After SAT: 1 when var is true, -1 when false. */
int sks_hall_val(const sks_hall *h, int var);
void sks_hall_set_terminate(sks_hall *h, void *state, int (*fn)(void *));
/* The settings (hall_config); between searches. */
void sks_hall_configure(sks_hall *h, const hall_config *cfg);
/* Forgets the learned clauses, phases and scores (a new puzzle on the
 * same base rules), and reseeds. */
void sks_hall_forget(sks_hall *h, unsigned long long seed);
/* The bytes the instance holds. */
size_t sks_hall_bytes(const sks_hall *h);

/* Private to the engine's files. */
static inline hall_clause *hall_clause_at(const sks_hall *h, uint32_t ref) {
  return (hall_clause *)(h->arena.a + ref);
}
static inline hall_lit hall_neg(hall_lit l) {
  return l ^ 1u;
}
static inline int hall_var(hall_lit l) {
  return (int)(l >> 1);
}
/* Whether clause c (at ref) is the reason of its first literal now: it
 * may not go. */
static inline bool hall_locked(const sks_hall *h, uint32_t ref,
                               const hall_clause *c) {
  hall_lit l = c->lit[0];
  return h->val[l] > 0 && h->reason[hall_var(l)] == ref;
}
/* hall_cdcl.c's h->imply: lits[0] implied by the clause lits[0..n) (its
 * others false), kept as its reason beside the trail until the search
 * backtracks over it (an explanation, not learned); when n is 1 a root
 * fact, and the search went back to the root for it. */

/* hall_groups.c: the exactly-one groups of the clauses (a clause of
 * positive literals whose every pair a binary clause excludes), found
 * once; then, as literals turn false, a group whose open literals all lie
 * in another group takes the other group's remaining literals out (the
 * Hall set of one group: locked candidates between any two houses),
 * each explained by a clause the two groups' clauses imply.  Returns
 * whether it set a literal. */
void sks_hall_groups_find(sks_hall *h);
bool sks_hall_groups_propagate(sks_hall *h);
/* The counts back to the trail's first keep literals (backtracking). */
void sks_hall_groups_undo(sks_hall *h, int keep);
void sks_hall_groups_free(sks_hall *h);

/* hall_sums.c: sums over the options of terms (hall_sum), given between
 * searches: sks_hall_sum_begin, then for each term sks_hall_sum_term and
 * its options (lit 0: an option that holds for good, the term's value
 * fixed), then sks_hall_sum_end.  Values are 1..31 for a distinct sum's
 * value sets.  The clauses must imply every sum (the propagator adds no
 * constraint, only strength): a literal it sets or a conflict it finds is
 * explained by a clause the sum and the terms' exactly-one imply. */
void sks_hall_sum_begin(sks_hall *h, long total, bool distinct);
/* group: -1, or a number the terms of the sum that must differ share
 * (cells of one house; a term of coef other than 1 is in none). */
void sks_hall_sum_term(sks_hall *h, int coef, int group);
/* lit: 0, or a variable the engine knows (the caller reserved it,
 * sks_hall_reserve: the propagator sits beside the core, not on it). */
void sks_hall_sum_option(sks_hall *h, int value, int lit);
void sks_hall_sum_end(sks_hall *h);
/* 0: nothing to do; 1: it set literals (or went back to the root for a
 * fact); 2: a conflict, its clause (every literal false) in
 * h->sum_conflict. */
int sks_hall_sums_propagate(sks_hall *h);
/* Backtracking to the trail's first keep literals. */
void sks_hall_sums_undo(sks_hall *h, int keep);
void sks_hall_sums_free(sks_hall *h);

/* hall_reduce.c: the learned clauses reduced by LBD and use; the arena
 * collected (root-satisfied clauses dropped) when garbage is a quarter
 * of it. */
void sks_hall_reduce(sks_hall *h);
/* Every learned clause dropped (sks_hall_forget). */
void sks_hall_drop_learned(sks_hall *h);
/* Root-satisfied clauses and the garbage out of the arena, the watch
 * lists and the learned list. */
void sks_hall_collect(sks_hall *h);

#endif
