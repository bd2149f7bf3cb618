/* sudokusat encoder: puzzles, their text formats, the exactly-one system,
 * its lowering to CNF, and the DIMACS codec.  Nothing here prints or exits. */
#ifndef SKS_ENCODER_H
#define SKS_ENCODER_H

#include "sks_common.h"

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
/* Byte input: a file, standard input ("-") or memory; gzip detected by
 * its magic bytes through zlib.  Buffered; getc is cheap. */

typedef struct sks_input sks_input;

/* NULL and err filled when the file cannot be opened. */
sks_input *sks_input_open(const char *path, sks_error *err);
/* Reads from a caller-owned buffer that must outlive the input. */
sks_input *sks_input_memory(const void *data, size_t len);
void sks_input_close(sks_input *in); /* NULL is a no-op */
const char *sks_input_name(const sks_input *in);
/* The next byte, or EOF.  A read error sets sks_input_failed. */
int sks_input_getc(sks_input *in);
/* The bytes buffered ahead (filling the buffer when it is empty), without
 * consuming them: up to 64 KB of a file's start, to tell its form by its
 * content.  0 at the end of the input or with bytes pushed back. */
size_t sks_input_peek(sks_input *in, const unsigned char **bytes);
/* Pushes back a byte (up to 8 between reads); EOF is ignored. */
void sks_input_ungetc(sks_input *in, int ch);
bool sks_input_failed(const sks_input *in);
/* Reading stops at deadline (sks_time's clock; 0 = none): the input then
 * ends as if at its end, and sks_input_timed_out says so.  A read from a
 * pipe or terminal that waits for bytes is given up at the deadline too
 * (zlib fills its buffer once bytes come: a trickle is waited for). */
void sks_input_set_deadline(sks_input *in, double deadline);
bool sks_input_timed_out(const sks_input *in);
/* Total size when known (regular uncompressed file), else -1. */
long long sks_input_size(const sks_input *in);
/* Bytes consumed so far (compressed bytes for gzip). */
long long sks_input_offset(const sks_input *in);

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
  bool ruled;    /* a grid drawn with | and +---+ rules */
  long line;     /* input line where the puzzle started */
  char *name;    /* text after a one-line puzzle, or NULL; the
                    puzzle owns it, always */
  int *solution; /* n*n digits 0..n-1: the solution the file gives (a CSV
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
/* Puzzle text formats (see docs/formats.md, "Puzzle formats").  A reader
 * streams puzzles one at a time from an input; memory does not grow with it. */

typedef struct sks_format_options {
  int box_rows, box_cols; /* 0 = infer from the size */
  unsigned variants;
  const int *jigsaw; /* n*n region ids for JIGSAW, else NULL */
  /* An alphabet (sks_symbols_parse: n distinct symbols in digit order)
   * for puzzles written in symbols, or NULL/"": 1-9 A-Z, or the first n
   * letters for a puzzle of side n written only in them.  With one, every
   * puzzle must have n = its length. */
  const char *symbols;
} sks_format_options;

/* Alphabets.  parse: spec is symbols 0-9 A-Z (lowercase as uppercase)
 * and ranges in that order ("1-9A-G", "0-F", "A-P"); out (room for
 * SKS_MAX_SYMBOL_N + 1) gets the symbols, uppercase, in digit order.
 * Returns their count, or -1 with err (col = the place in spec) when a
 * symbol is not 0-9/A-Z, a range runs backwards or has no end, a symbol
 * occurs twice, or there are none or more than SKS_MAX_SYMBOL_N. */
int sks_symbols_parse(const char *spec, char *out, sks_error *err);
/* Is alphabet one that parse gives: distinct 0-9 A-Z, at most
 * SKS_MAX_SYMBOL_N? */
bool sks_symbols_valid(const char *alphabet);
/* alphabet as ranges ("0-9A-F" with sep "", "0-9, A-F" with ", "), into
 * buf of size bytes (cut short when it does not fit). */
void sks_symbols_format(const char *alphabet, const char *sep, char *buf,
                        size_t size);

typedef struct sks_reader sks_reader;

sks_reader *sks_reader_new(sks_input *in, const sks_format_options *opt);
void sks_reader_delete(sks_reader *rd); /* does not close the input */
/* 1: *out holds the next puzzle (the reader owns it; valid until the next
 * call); 0: end of input; -1: bad input, err says where and why, and the
 * reader has skipped to the next line so the caller may go on;
 * SKS_READ_NOT_PUZZLES (below).  Every answer but 1 leaves *out NULL. */
int sks_reader_next(sks_reader *rd, sks_puzzle **out, sks_error *err);
/* sks_reader_next's answer for an input that holds no puzzle text it reads
 * (docs/formats.md, "Files of no puzzle"): no puzzle of the input has been
 * handed out, and its errors are either of forms the reader does not read (a
 * region map before its puzzle, 0-based numbers with -1 blanks, comma-separated
 * rows) or many (SKS_READ_MANY_ERRORS lines or more, then one error for
 * the whole input, with line 0).  err says why; no puzzle stands for it
 * (a caller keeps no place for an answer), and reading goes on to the
 * end of the input. */
enum { SKS_READ_NOT_PUZZLES = -2, SKS_READ_MANY_ERRORS = 5 };
/* Lines the reader skips as known text, not puzzles and not errors: a
 * title, a URL or a note, a puzzle kit's size header ("9 9"), a column
 * header of a CSV table.  note(ctx, line, what) is called as each is
 * skipped, what being "a title", "a URL", "a note", "a size header" or
 * "a column header".  fn NULL: no notes (the default). */
typedef void sks_reader_note_fn(void *ctx, long line, const char *what);
void sks_reader_set_note(sks_reader *rd, sks_reader_note_fn *fn, void *ctx);
/* Parses exactly one puzzle from a string (tests, fuzzing). */
int sks_puzzle_parse(const char *text, const sks_format_options *opt,
                     sks_puzzle **out, sks_error *err);

/* The layout p is written in: its own, except that symbols stop at
 * SKS_MAX_SYMBOL_N (a larger line goes out as numbers on one line, a
 * larger grid as rows of numbers). */
sks_layout sks_layout_of(const sks_puzzle *p);
/* Writes grid (n*n digits 0..n-1, or -1 blank; NULL: p's givens) in p's
 * layout, ending with a newline.  Returns 0, or -1 on a write error. */
int sks_puzzle_write(FILE *out, const sks_puzzle *p, const int *grid);
/* The same in the layout asked for (p's symbols, blank and rules kept;
 * past SKS_MAX_SYMBOL_N symbols, numbers as sks_layout_of says): the one
 * way to write a puzzle or an answer in another layout than its own.
 * Returns the layout written, or -1 on a write error. */
int sks_puzzle_write_as(FILE *out, const sks_puzzle *p, const int *grid,
                        sks_layout layout);
/* The symbol for digit d (0-based) of an n-sized puzzle; '.' for -1. */
char sks_puzzle_symbol(const sks_puzzle *p, int d);

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

/* ------------------------------------------------------------------ */
/* DIMACS: CNF out and in, and the models solvers print for it. */

typedef struct sks_dimacs_options {
  bool gzip; /* compress through zlib */
  int level; /* gzip level 1..9; 0 = default (6) */
  /* When set, *temp_name names the temporary file while it exists and is
   * NULL otherwise, so a signal handler of the caller can remove it. */
  const char *volatile *temp_name;
} sks_dimacs_options;

/* Writes cnf (with its description as comments) to path ("-" = stdout).
 * Returns 0, or -1 with err filled. */
int sks_dimacs_write_file(const sks_cnf *cnf, const char *path,
                          const sks_dimacs_options *opt, sks_error *err);
int sks_dimacs_write(const sks_cnf *cnf, FILE *out, sks_error *err);
/* Writes the lowering of eo (what sks_encode makes) to path ("-" =
 * stdout) as it is produced: a first pass counts the clauses for the
 * header and keeps none, so memory does not grow with the clause count.
 * A file is written beside path under a temporary name and renamed into
 * place when complete: a failure leaves path as it was.  *nvars and
 * *nclauses (either may be NULL) receive the header's counts.  Returns
 * eo's status, or -1 with err filled. */
int sks_dimacs_write_encoded(const sks_eo *eo, const sks_encode_options *opt,
                             const char *path, const sks_dimacs_options *dopt,
                             int *nvars, long *nclauses, sks_error *err);

/* Reads DIMACS (plain or gzip) into cnf, and its description when the
 * comments carry one.  As CaDiCaL and Kissat read it: comments anywhere
 * (also right after a literal), clauses spanning lines; what a truncated
 * file looks like (fewer or more clauses than the header says, a last
 * clause without its 0, a variable past the header) is an error, or with
 * relaxed a warning (warn receives it; may be NULL).  Returns 0, or -1
 * with err filled (line, column). */
typedef void (*sks_warn_fn)(void *ctx, const sks_error *w);
int sks_dimacs_read(sks_input *in, sks_cnf *cnf, bool relaxed, sks_warn_fn warn,
                    void *warn_ctx, sks_error *err);
/* The same, stopping past deadline (sks_time's clock; 0 = none) at a
 * line's end: then cnf->cut, the clauses read so far (not the one the
 * line left open), no description, the end's checks not made. */
int sks_dimacs_read_until(sks_input *in, sks_cnf *cnf, bool relaxed,
                          sks_warn_fn warn, void *warn_ctx, double deadline,
                          sks_error *err);

/* Builds the puzzle shape and givens a description names. */
sks_puzzle *sks_cnf_desc_puzzle(const sks_cnf_desc *desc, sks_error *err);

/* A model as a solver printed it: the value of each variable. */
typedef struct sks_model {
  int status; /* SKS_SAT / SKS_UNSAT / SKS_UNKNOWN */
  int nvars;
  signed char *val; /* by var 1..nvars: +1, -1, 0 unassigned */
  bool has_status;  /* an `s` / SAT / UNSAT line was seen */
} sks_model;

sks_model *sks_model_new(void);
void sks_model_delete(sks_model *m);
/* Reads a solver's output: SAT-competition `s`/`v` lines, minisat's result
 * file (`SAT` then literals, or `UNSAT`), or a bare literal list.  Returns
 * 0, or -1 with err filled. */
int sks_model_read(sks_input *in, sks_model *m, sks_error *err);

/* Checks that the model satisfies every clause of cnf; on failure err says
 * which clause (1-based). */
bool sks_model_satisfies(const sks_model *m, const sks_cnf *cnf,
                         sks_error *err);

#ifdef __cplusplus
}
#endif
#endif
