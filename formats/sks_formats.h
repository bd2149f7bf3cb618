/* sudokusat formats: puzzles and CNFs as text, both ways -- the byte
 * input (files, standard input, memory; gzip), the puzzle text forms and
 * their reader, writing a puzzle or an answer in a layout, and the DIMACS
 * codec (CNF, its puzzle description, a solver's model) (formats/,
 * docs/formats.md). */
#ifndef SKS_FORMATS_H
#define SKS_FORMATS_H

#include "sks_encoder.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

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
/* Up to max puzzles of rd into out[0 .. k), k returned: each a copy the
 * caller frees with sks_puzzle_delete (an entry that is not NULL is
 * overwritten in place, keeping its memory).  It stops early at the end
 * of the input or a bad puzzle: *status (may be NULL) is the answer of
 * sks_reader_next that stopped it (0, -1 with err, SKS_READ_NOT_PUZZLES;
 * call again to go on after -1), or 1 when max puzzles were read. */
int sks_reader_fill(sks_reader *rd, sks_puzzle **out, int max, int *status,
                    sks_error *err);
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
/* The same into buf (NUL-terminated, cut short to size), in p's own
 * layout when layout is -1, else in that sks_layout: returns the length
 * the whole text has, as snprintf does, or (size_t)-1 on a failure. */
size_t sks_puzzle_text(const sks_puzzle *p, const int *grid, int layout,
                       char *buf, size_t size);
/* The puzzle's variant rules in their text form, one a line (nothing
 * when it has none), after a line "no-boxes" for a grid without boxes
 * (boxes one row tall where its side has others): written directly
 * above the puzzle, as a command
 * that writes a puzzle (minimize, repair, generate) does, they read back
 * as the same rules for the same puzzle.  Returns 0, or -1 on a write
 * error. */
int sks_puzzle_write_rules(FILE *out, const sks_puzzle *p);
/* The symbol for digit d (0-based) of an n-sized puzzle; '.' for -1. */
char sks_puzzle_symbol(const sks_puzzle *p, int d);

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
