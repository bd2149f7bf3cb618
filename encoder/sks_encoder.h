/* sudokusat encoder: shapes and puzzles, the exactly-one system and its
 * lowering to CNF.  Their text forms, both ways, are formats/'
 * (sks_formats.h).  Nothing here prints or exits. */
#ifndef SKS_ENCODER_H
#define SKS_ENCODER_H

#include "sks_common.h"
#include "sks_rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sizes: n from SKS_MIN_N to SKS_MAX_N; one symbol a digit (1-9, then
 * A-Z, the one-line and grid forms) up to SKS_MAX_SYMBOL_N, numbers past
 * it. */
enum { SKS_MIN_N = 1, SKS_MAX_N = 400, SKS_MAX_SYMBOL_N = 35 };

/* The largest variable a CNF or a model may name: above every puzzle CNF
 * (an empty 400x400 with sequential at-most-one needs about 320 million),
 * and a bound that a header or a stray literal cannot talk the readers
 * past. */
enum { SKS_MAX_VAR = (1 << 29) - 1 };

/* ------------------------------------------------------------------ */
/* Shapes and puzzles.  Digits d are 0-based (0 .. n-1) in memory; cells
 * are indexed r*n + c.  A puzzle is a shape (shared), its givens, and its
 * presentation (how it was written). */

enum sks_variant {
  SKS_VARIANT_X = 1u,       /* both main diagonals are regions */
  SKS_VARIANT_WINDOKU = 2u, /* four extra 3x3 windows (9x9 only) */
  SKS_VARIANT_JIGSAW = 4u   /* boxes replaced by irregular regions */
};
enum { SKS_VARIANTS = 3 }; /* the SKS_VARIANT_* bits */
/* A variant's name ("x", "windoku", "jigsaw"), as --variant and a CNF's
 * description write it; NULL for a value that is not one SKS_VARIANT_*
 * bit.  The names in bit order: sks_variant_name(1u << i). */
const char *sks_variant_name(unsigned variant);
/* The SKS_VARIANT_* bit called name, or 0 when none is. */
unsigned sks_variant_parse(const char *name);

/* What every puzzle of one kind shares: the side n = box_rows * box_cols,
 * the variants, the regions and the jigsaw map.  Immutable once made, and
 * counted: each puzzle, system or backend that keeps a shape holds a
 * reference, so the puzzles of one input share one shape and backends
 * cache their work by it. */
typedef struct sks_shape {
  int n; /* side */
  int box_rows, box_cols;
  unsigned variants; /* SKS_VARIANT_* */
  int nregions;      /* rows, columns, boxes (or jigsaw), variants */
  const int *region; /* nregions * n cell indices, one region a row */
  const int *jigsaw; /* n*n region id 0..n-1 when JIGSAW, else NULL */
} sks_shape;

/* A new shape holding one reference; NULL and err filled on a bad shape.
 * jigsaw: n*n region ids (copied) when variants has JIGSAW, else NULL. */
const sks_shape *sks_shape_new(int box_rows, int box_cols, unsigned variants,
                               const int *jigsaw, sks_error *err);
/* Another reference to s, which it returns (thread-safe). */
const sks_shape *sks_shape_retain(const sks_shape *s);
/* Drops a reference; the last frees the shape.  NULL is a no-op. */
void sks_shape_release(const sks_shape *s);
/* One object, or the same side, boxes, variants and jigsaw map (which
 * determine the regions). */
bool sks_shape_same(const sks_shape *a, const sks_shape *b);
/* Most square box shape rows x cols with rows <= cols for side n. */
void sks_shape_default_box(int n, int *box_rows, int *box_cols);

/* How a puzzle was written, so its answer goes out the same way. */
typedef enum sks_layout {
  SKS_LAYOUT_LINE,           /* one line of n*n symbols */
  SKS_LAYOUT_GRID,           /* n lines of n symbols, maybe with | + - rules */
  SKS_LAYOUT_NUMBERS,        /* whitespace-separated numbers, 0 = blank */
  SKS_LAYOUT_NUMBERS_LINE,   /* all n*n numbers on one line */
  SKS_LAYOUT_NUMBERS_COLUMN, /* n*n lines of one number each */
  SKS_LAYOUT_CANDIDATES,     /* one line of n*n*n: each cell's candidates */
  SKS_LAYOUT_IPUZ /* an ipuz document (JSON) on one line: the givens, and
                     a complete grid written for them as the solution */
} sks_layout;

typedef struct sks_presentation {
  sks_layout layout;
  char blank; /* the blank symbol the puzzle used */
  /* The digits' symbols in order (d = 0 first), as the puzzle was read:
   * "" for the usual 1-9 A-Z, else n symbols ("0123456789ABCDEF" for
   * hex, "ABCDEFGHI" for a 9x9 written in letters). */
  char symbols[SKS_MAX_SYMBOL_N + 1];
  bool ruled;      /* a grid drawn with | and +---+ rules */
  bool box_header; /* a grid under a box-shape header (box rows, then
                      columns, on lines of their own): written so */
  long line;       /* input line where the puzzle started */
  char *name;      /* text after a one-line puzzle, or NULL; the
                      puzzle owns it, always */
  int *solution;   /* n*n digits 0..n-1: the solution the file gives (a CSV
                      solution column), or NULL; the puzzle owns it */
} sks_presentation;

/* A candidates puzzle also names the candidates it removed: removed[i*n
 * + d] is nonzero when digit d may not go in cell i.  NULL (every
 * ordinary puzzle) removes none; the puzzle owns the array. */
typedef struct sks_puzzle {
  const sks_shape *shape; /* a reference the puzzle holds */
  int *cell;              /* n*n: -1 blank, else digit 0..n-1 */
  unsigned char *removed; /* n*n*n, or NULL: no candidate removed */
  sks_presentation look;
  /* Its variant rules (sks_rules.h), a reference the puzzle holds, or
   * NULL: none.  Set with sks_puzzle_set_rules. */
  const sks_rules *rules;
} sks_puzzle;

/* A blank puzzle of a new shape (see sks_shape_new); NULL and err filled
 * on a bad shape. */
sks_puzzle *sks_puzzle_new(int box_rows, int box_cols, unsigned variants,
                           const int *jigsaw, sks_error *err);
/* A blank puzzle of shape s (shared), one-line layout, no name. */
sks_puzzle *sks_puzzle_of(const sks_shape *s);
/* A copy: the shape shared, givens and presentation (name too) copied. */
sks_puzzle *sks_puzzle_copy(const sks_puzzle *p);
/* Makes dst a copy of src, keeping dst's memory where the size allows. */
void sks_puzzle_assign(sks_puzzle *dst, const sks_puzzle *src);
void sks_puzzle_delete(sks_puzzle *p); /* NULL is a no-op */
/* The name becomes a copy of len bytes of text (control bytes as '?'),
 * or none when len is 0. */
void sks_puzzle_set_name(sks_puzzle *p, const char *text, size_t len);
/* Number of givens. */
int sks_puzzle_givens(const sks_puzzle *p);
/* The puzzle's rules become rules (a reference taken; NULL or an empty
 * list: none), which must be over the puzzle's side. */
void sks_puzzle_set_rules(sks_puzzle *p, const sks_rules *rules);
/* The number of rules the puzzle carries (0 for NULL). */
static inline int sks_puzzle_rule_count(const sks_puzzle *p) {
  return p->rules ? p->rules->count : 0;
}
/* Removes digit d (0-based) from the candidates of cell i, making the
 * removed array on first use. */
void sks_puzzle_remove(sks_puzzle *p, int i, int d);
/* Every candidate allowed again (removed becomes NULL). */
void sks_puzzle_clear_removed(sks_puzzle *p);
/* Whether digit d may go in cell i (a given's other digits still may:
 * only removed candidates are refused). */
static inline bool sks_puzzle_allows(const sks_puzzle *p, int i, int d) {
  return !p->removed || !p->removed[(size_t)i * p->shape->n + d];
}
/* Number of candidates removed (0 for an ordinary puzzle). */
long sks_puzzle_removed_count(const sks_puzzle *p);

/* The one map from a candidate to its variable: x(r,c,d), 1-based, and
 * the same by cell index r*n + c. */
static inline int sks_cell_var(int n, int cell, int d) {
  return cell * n + d + 1;
}
static inline int sks_var(int n, int r, int c, int d) {
  return sks_cell_var(n, r * n + c, d);
}
/* The layout an answer takes when the puzzle's own form is unknown (a
 * puzzle rebuilt from a CNF, or made from a shape): one line while
 * symbols can spell it, else numbers.  sks_puzzle_of and sks_puzzle_new
 * give their puzzles this layout. */
sks_layout sks_layout_default(int n);

/* ------------------------------------------------------------------ */
/* The exactly-one system: candidates x(r,c,d) and groups that must hold
 * exactly one true candidate: one group per cell and one per (region,
 * digit).  It is the exact-cover matrix: rows = candidates, columns =
 * groups.  Loading givens propagates them; groups they satisfy and
 * candidates they kill leave the problem. */

/* The system of one shape (its layout is private to the library). */
typedef struct sks_eo sks_eo;

/* Propagation strength when loading givens. */
typedef enum sks_propagate {
  SKS_PROPAGATE_GIVENS,  /* drop what the givens satisfy or kill */
  SKS_PROPAGATE_SINGLES, /* to a fixpoint: naked and hidden singles */
  SKS_PROPAGATE_LOCKED   /* singles and locked candidates, to a fixpoint */
} sks_propagate;

/* Structure for a puzzle shape; reusable for every puzzle of that shape. */
sks_eo *sks_eo_new(const sks_shape *shape);
void sks_eo_delete(sks_eo *eo);
/* Loads the givens of p (same shape; NULL: none, the empty grid), with
 * its removed candidates eliminated, and propagates.  Returns SKS_UNSAT
 * when they contradict each other, SKS_SAT when propagation filled the
 * grid, SKS_UNKNOWN otherwise. */
int sks_eo_load(sks_eo *eo, const sks_puzzle *p, sks_propagate level);
/* The time (sks_time's clock) past which sks_eo_load stops propagating
 * (singles and locked candidates: the system is then sound, only less
 * reduced), and a time limit holds through the propagation of a big
 * grid.  Past it before every given is in, the load is cut (sks_eo_cut):
 * the system is not the puzzle's, its status is SKS_UNKNOWN and solvers
 * loaded with it answer SKS_UNKNOWN.  0 = none. */
void sks_eo_set_deadline(sks_eo *eo, double deadline);
/* The last sks_eo_load stopped at the deadline before its givens were in. */
bool sks_eo_cut(const sks_eo *eo);
/* The shape the system was built for (the system holds a reference). */
const sks_shape *sks_eo_shape(const sks_eo *eo);
/* The variant rules of the puzzle last loaded (NULL: none): the lowering
 * adds their clauses, and only backends with SKS_CAP_RULES take it. */
const sks_rules *sks_eo_rules(const sks_eo *eo);
/* Reads the fixed cells into grid (n*n; -1 where open). */
void sks_eo_grid(const sks_eo *eo, int *grid);

/* ------------------------------------------------------------------ */
/* CNF: clauses as one array of literals, each clause ending in 0. */

typedef enum sks_encoding {
  SKS_ENCODING_MINIMAL,   /* cell ALO + region AMO */
  SKS_ENCODING_EFFICIENT, /* minimal + cell AMO */
  SKS_ENCODING_EXTENDED   /* efficient + region ALO (default) */
} sks_encoding;

typedef enum sks_amo {
  SKS_AMO_AUTO, /* pairwise up to 64 open candidates, commander above */
  SKS_AMO_PAIRWISE,
  SKS_AMO_SEQUENTIAL, /* Sinz's sequential counter: 3k clauses, k-1 vars */
  SKS_AMO_PRODUCT,    /* Chen's 2-product: ~2k + 4 sqrt(k) clauses */
  SKS_AMO_COMMANDER,  /* Klieber & Kwon, groups of 3: ~3.5k clauses */
  SKS_AMO_BIMANDER    /* Nguyen & Mai, groups of 2: ~k log2(k/2) clauses */
} sks_amo;

/* What a CNF encodes, written as `c` comments so a model can be decoded
 * from the CNF alone. */
typedef struct sks_cnf_desc {
  int n, box_rows, box_cols;
  unsigned variants;
  int *jigsaw;            /* n*n or NULL */
  int *given;             /* n*n, -1 blank */
  unsigned char *removed; /* n*n*n as in sks_puzzle, or NULL */
  sks_encoding encoding;
  sks_amo amo;
  sks_propagate propagate;
  int *map; /* CNF var -> x var (1..nvars), NULL = identity */
  int nmap;
  const sks_rules *rules; /* the puzzle's rules (a reference), or NULL */
} sks_cnf_desc;

typedef struct sks_cnf {
  int nvars;
  long nclauses;
  int *lits; /* clauses, each ended by 0 */
  size_t nlits, cap;
  int maxlen;         /* longest clause */
  sks_cnf_desc *desc; /* owned; NULL for a plain CNF */
  bool cut; /* a deadline stopped it: clauses are missing (sks_encode of a
               system under sks_eo_set_deadline, sks_dimacs_read_until) */
} sks_cnf;

sks_cnf *sks_cnf_new(void);
void sks_cnf_delete(sks_cnf *cnf);
/* Whether cnf's clauses are exactly what its description generates (the
 * clause count and a hash of every literal in order, against the encoder
 * run again on the described puzzle, nothing kept); true without a
 * description.  *want receives the generated clause count (-1 when the
 * description names no puzzle).  A clause a user added, removed or edited
 * makes it false: engines that work from the description (dlx, counting)
 * would not see it. */
bool sks_cnf_desc_generates(const sks_cnf *cnf, long *want);
/* Forgets cnf's description: a plain CNF from then on. */
void sks_cnf_drop_desc(sks_cnf *cnf);
void sks_cnf_clear(sks_cnf *cnf); /* keeps the buffer */
/* Adds a literal; 0 ends the clause.  Grows nvars as needed. */
void sks_cnf_add(sks_cnf *cnf, int lit);
void sks_cnf_add_clause(sks_cnf *cnf, const int *lits, int n);
/* The one check of an assignment against clauses: lits[0 .. nlits) are
 * clauses each ended by 0; val[v] is +1 (true), -1 (false) or 0 (not
 * assigned) for v in 1 .. nvars, and variables past nvars are not
 * assigned.  Returns the 0-based index of the first clause no literal
 * satisfies, or -1 when every clause holds. */
long sks_clauses_check(const int *lits, size_t nlits, const signed char *val,
                       int nvars);
static inline long sks_cnf_check(const sks_cnf *cnf, const signed char *val,
                                 int nvars) {
  return sks_clauses_check(cnf->lits, cnf->nlits, val, nvars);
}

typedef struct sks_encode_options {
  sks_encoding encoding;
  sks_amo amo;
  bool renumber; /* number the open candidates 1..k and record the map */
} sks_encode_options;

/* Lowers a loaded system to CNF (replacing cnf's contents) and fills
 * cnf->desc.  When the system is already UNSAT, writes the empty clause.
 * Past the system's deadline (sks_eo_set_deadline) it stops, cnf->cut. */
int sks_encode(const sks_eo *eo, const sks_encode_options *opt, sks_cnf *cnf);
/* The same, handing the clauses to drain as they are made (every million
 * literals or so, and once at the end), which takes cnf->lits[0 .. nlits)
 * away: cnf keeps the counts (nvars, nclauses, maxlen) and the
 * description, not the clauses, so memory does not grow with them. */
typedef void (*sks_drain_fn)(void *ctx, const sks_cnf *cnf);
int sks_encode_stream(const sks_eo *eo, const sks_encode_options *opt,
                      sks_cnf *cnf, sks_drain_fn drain, void *ctx);
/* The base rules of a shape: the encoding of its empty grid over the
 * variables x(r,c,d) (never renumbered), which every puzzle of the shape
 * satisfies together with its givens as unit literals or assumptions. */
int sks_encode_base(const sks_shape *shape, const sks_encode_options *opt,
                    sks_cnf *cnf);
const char *sks_encoding_name(sks_encoding e);
const char *sks_propagate_name(sks_propagate p);
const char *sks_amo_name(sks_amo a);
/* 0 and *out set for a name the matching sks_*_name gives ("minimal",
 * "efficient", "extended"; "auto", "pairwise", "sequential", "product";
 * "givens", "singles", "locked"); -1 otherwise. */
int sks_encoding_parse(const char *name, sks_encoding *out);
int sks_amo_parse(const char *name, sks_amo *out);
int sks_propagate_parse(const char *name, sks_propagate *out);

#ifdef __cplusplus
}
#endif
#endif
