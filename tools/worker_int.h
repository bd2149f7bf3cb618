/* Private to the tool: what every puzzle command needs per thread (a
 * solver, the exactly-one system of the current shape, scratch grids) and
 * the operands (files) it reads. */
#ifndef SKS_WORKER_INT_H
#define SKS_WORKER_INT_H

#include "answer_int.h"

typedef struct worker {
  sks_app *app;
  sks_solver *solver; /* the chosen backend */
  sks_solver *second; /* --cross-check: the other backend, or NULL */
  /* --cross-check: the other backend for puzzles with variant rules (a
   * CDCL engine other than the first's: rules are clauses), made when the
   * first such puzzle comes; second points here while one is loaded. */
  sks_solver *second_rules, *second_plain;
  sks_eo *eo;        /* the system of the current shape */
  bool eo_blank;     /* eo is loaded with no puzzle (the solver takes
                        puzzles as they are) */
  int *grid, *grid2; /* n*n scratch */
  int *scratch;      /* 2*n*n, for sks_count */
  int cells;
  sks_limits lim; /* the command line's limits for one puzzle */
  double start;   /* when the current puzzle's work began */
  sks_stats seen; /* the solver's figures when last looked at */
  bool marked;    /* seen holds them (worker_mark) */
} worker;

/* NULL with err filled when the backend cannot start. */
worker *worker_create(sks_app *app, sks_error *err);
void worker_destroy(worker *w);
/* Loads job->p into the worker's system (rebuilt when the shape changes)
 * and into its solver(s).  Returns the system's status, or -1 with err
 * (a solver's refusal of the puzzle at the puzzle's line). */
int worker_load(worker *w, const batch_job *job, sks_error *err);
/* What is left of the puzzle's limits now: --time-limit counts from
 * job->start, when the puzzle's reading began (reading, propagation,
 * lowering and loading included), so a big puzzle's set-up does not
 * stretch it. */
sks_limits worker_left(const worker *w);
/* The backend that answered the puzzle just solved or counted on
 * w->solver: the auto route's pick, or the backend asked for.
 * worker_mark goes before the solve, worker_answered_by after it, for
 * every puzzle of the worker or for none: the figures taken after one
 * puzzle are the next one's before, so a puzzle costs one look at the
 * solver's figures. */
void worker_mark(worker *w);
const char *worker_answered_by(worker *w);
/* The same for any solver (a DIMACS file's). */
const char *app_answered_by(const sks_solver *s, const sks_stats *before);
/* Adds s's figures to what --stats prints (a worker's solvers are added
 * when it is destroyed; a DIMACS file's solver by its command). */
void app_add_stats(const sks_solver *s);
/* --stats: the sums over every worker destroyed so far, as c lines. */
void app_print_stats(const sks_app *app);
/* The propagation level --propagate asks for (auto: by backend). */
sks_propagate app_propagate(const sks_app *app);
/* The solver options the command line sets. */
void app_solver_options(const sks_app *app, sks_solver_options *so);

/* An operand: an opened input and whether it holds DIMACS. */
typedef struct operand {
  sks_input *in;
  bool dimacs;
} operand;

/* Opens every operand (standard input when there is none).  Returns 0, or
 * EXIT_INPUT after reporting; *ops is then still to be freed. */
int operands_open(sks_app *app, operand **ops, int *nops);
void operands_close(operand *ops, int nops);

/* Reads a DIMACS operand into cnf, reporting warnings (unless -q) and
 * errors; returns 0 or EXIT_INPUT.  Past deadline (0 = none) it stops
 * with cnf->cut (sks_dimacs_read_until). */
int operand_read_cnf(const sks_app *app, sks_input *in, sks_cnf *cnf,
                     double deadline);
/* With --format json or csv: the error record of a DIMACS operand that
 * gets no answer (err says why; "FILE:LINE:COL: ..." as for puzzles), so
 * a script sees every operand; nothing in text (the message is on
 * stderr). */
void operand_error_record(const sks_app *app, sks_input *in,
                          const sks_error *err);
/* A DIMACS operand of a command that reads only puzzles (minimize, repair,
 * grade): the message, and its error record (or, as text, a line "error"
 * when error_line).  Returns the batch class of an error. */
int operand_not_puzzles(const sks_app *app, sks_input *in, bool error_line);

#endif
