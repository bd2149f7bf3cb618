/* sudokusat decoder: models back to grids, the independent validator, and
 * counting solutions with blocking clauses. */
#ifndef SKS_DECODER_H
#define SKS_DECODER_H

#include "sks_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The independent validator: grid (n*n digits 0..n-1) fills every cell,
 * every region holds each digit once, and every given of p is kept.  It
 * reads only p's regions and givens.  On failure err says what is wrong. */
bool sks_validate(const sks_puzzle *p, const int *grid, sks_error *err);

/* Grid from a solver holding a loaded exactly-one system: fixed cells
 * from eo, the rest from the solver's model.  Returns 0, or -1 when a
 * cell has no true candidate or more than one (err says which). */
int sks_decode_solver(const sks_eo *eo, const sks_solver *s, int *grid,
                      sks_error *err);
/* The same from solution `which` (0 or 1) a native count kept
 * (sks_solver_solution_value). */
int sks_decode_kept(const sks_eo *eo, const sks_solver *s, int which, int *grid,
                    sks_error *err);
/* The same from any source of values (>0 true) for the open candidates. */
typedef int (*sks_value_fn)(const void *src, int var);
int sks_decode_values(const sks_eo *eo, sks_value_fn value, const void *src,
                      int *grid, sks_error *err);
/* Grid from a model of a CNF the encoder wrote (cnf->desc set): eo is the
 * system rebuilt from the description and loaded with its givens. */
int sks_decode_model(const sks_eo *eo, const sks_cnf_desc *desc,
                     const sks_model *m, int *grid, sks_error *err);

/* The puzzle a described CNF stands for (desc, as the encoder wrote it)
 * and the grid model m gives it, checked by the validator.  Returns 0 with
 * *puzzle (free with sks_puzzle_delete) and *grid (n*n, free with free);
 * -1 when the description names no usable puzzle, -2 when the model does
 * not solve it; err then says why and there is nothing to free. */
int sks_decode_cnf(const sks_cnf_desc *desc, const sks_model *m,
                   sks_puzzle **puzzle, int **grid, sks_error *err);

/* Counting by blocking clauses: solve, decode, validate against p (the
 * puzzle eo was loaded with), block the free cells' values, again, up to
 * limit (0 = none).  Backends that count natively (DLX) are asked
 * directly.  first/second (n*n, may be NULL) receive the first two
 * solutions when found.  scratch: 2*n*n ints to work in (a batch passes
 * the same each time, so counting allocates nothing), or NULL to have them
 * allocated for this call.  status: SKS_SAT when the count is exact (or the
 * count limit was reached: at_limit), SKS_UNKNOWN when a time or step
 * limit stopped it, -1 when a solution failed validation (err says why). */
typedef struct sks_count_result {
  long long count;
  int status;
  bool at_limit;
} sks_count_result;

sks_count_result sks_count(sks_solver *s, const sks_eo *eo, const sks_puzzle *p,
                           long long limit, const sks_limits *lim, int *first,
                           int *second, int *scratch, sks_error *err);

/* ---- Sessions (decoder/session.c): a puzzle from loading to a checked
 * answer in one call, as the tool's batches do it ---- */

/* A solver of the named backend (NULL: "auto"), the exactly-one system of
 * the last shape and scratch, kept from puzzle to puzzle: one a thread.
 * NULL with err when the backend is unknown or cannot start. */
typedef struct sks_session sks_session;
sks_session *sks_session_new(const char *backend, const sks_solver_options *opt,
                             sks_error *err);
void sks_session_delete(sks_session *ss); /* NULL is a no-op */
/* The session's solver (its backend, its statistics). */
const sks_solver *sks_session_solver(const sks_session *ss);
/* Solves p within lim (NULL: none; the time counts the loading too):
 * SKS_SAT with grid (n*n digits 0..n-1) decoded and checked by the
 * validator, SKS_UNSAT, SKS_UNKNOWN (err says why: a limit, or the
 * backend's failure), or -1 with err (the backend refused the puzzle, or
 * its answer failed validation). */
int sks_session_solve(sks_session *ss, const sks_puzzle *p,
                      const sks_limits *lim, int *grid, sks_error *err);
/* Counts p's solutions up to limit (0: none) as sks_count does (status
 * SKS_SAT, SKS_UNKNOWN with err saying why, -1 with err when the puzzle
 * was refused or a solution failed validation); first and second (n*n,
 * may be NULL) receive the first two solutions found. */
sks_count_result sks_session_count(sks_session *ss, const sks_puzzle *p,
                                   long long limit, const sks_limits *lim,
                                   int *first, int *second, sks_error *err);

/* One puzzle's answer of sks_session_run_many. */
typedef struct sks_session_answer {
  int status;      /* as sks_session_solve or sks_session_count's status */
  long long count; /* solutions found (solving: 1 when solved, else 0) */
  bool at_limit;   /* counting: the count reached the limit */
  int *grid;       /* the (first) solution, in the caller's grids, or NULL */
  sks_error err;   /* why, when status is -1 or SKS_UNKNOWN */
} sks_session_answer;
enum { SKS_SESSION_MAX_THREADS = 64 };
/* The ints the grids of puzzles[0 .. count) take together (NULL entries
 * none), and into offset (count entries; may be NULL) where each one's
 * starts. */
size_t sks_session_cells(const sks_puzzle *const *puzzles, int count,
                         size_t *offset);
/* Answers puzzles[0 .. count) on `threads` threads (this one among them),
 * one a session of sessions[0 .. threads) (at most
 * SKS_SESSION_MAX_THREADS; the caller makes them once and hands them to
 * every call): solved when limit is 0, else counted up to limit; lim
 * holds for each puzzle.  out[i] (count entries) is puzzle i's answer
 * whatever the number of threads, its grid in grids (room for
 * sks_session_cells ints) at the offset sks_session_cells gives; a NULL
 * entry is answered -1. */
void sks_session_run_many(sks_session *const *sessions, int threads,
                          const sks_limits *lim, long long limit,
                          const sks_puzzle *const *puzzles, int count,
                          int *grids, sks_session_answer *out);

/* Deletes puzzles[0 .. count) (sks_puzzle_delete each; NULL entries are
 * passed over) and sets each entry NULL: a batch's puzzles (those
 * sks_reader_fill read into the array) freed in one call, for a binding
 * where a call a puzzle costs more than the freeing. */
void sks_session_delete_puzzles(sks_puzzle **puzzles, int count);

/* What an answer of sks_session_run_many came to, in a byte
 * (sks_session_pack). */
enum {
  SKS_ANSWER_UNKNOWN = 0, /* status SKS_UNKNOWN: a limit, or the backend */
  SKS_ANSWER_ERROR = 1,   /* status -1 (refused, failed validation, NULL) */
  SKS_ANSWER_NONE = 2,    /* no solution */
  SKS_ANSWER_ONE = 3,     /* solved, or counted exactly one */
  SKS_ANSWER_MORE = 4     /* counted two or more */
};
/* The answers out[0 .. count) of sks_session_run_many over puzzles,
 * packed for a caller that reads a whole batch at once (a binding, where
 * an object a field costs more than the answer): kind[i] (count bytes)
 * what answer i came to, and digits (room for sks_session_cells bytes)
 * each solution's cells as bytes 1..n at the offset sks_session_cells
 * gives (0s where there is no solution).  Returns 0, or -1 when a side is
 * past 255: kind is filled, and those puzzles' digits are 0s. */
int sks_session_pack(const sks_puzzle *const *puzzles,
                     const sks_session_answer *out, int count,
                     unsigned char *kind, unsigned char *digits);
/* Writes the solutions of out[0 .. count) to f one after the other, each
 * as sks_puzzle_write_as writes it in layout (-1: its puzzle's own, as
 * sks_puzzle_write); end[i] (count entries) is the number of bytes
 * written up to the end of answer i (that of the answer before when i has
 * no solution; NULL: f need not tell its position, as a pipe cannot).
 * Returns 0, or -1 on a write error. */
int sks_session_write_answers(FILE *f, const sks_puzzle *const *puzzles,
                              const sks_session_answer *out, int count,
                              int layout, size_t *end);

#ifdef __cplusplus
}
#endif
#endif
