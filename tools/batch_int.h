/* Private to the tool: running a work function over every puzzle of the
 * input files on N threads, printing the answers in input order. */
#ifndef SKS_BATCH_INT_H
#define SKS_BATCH_INT_H

#include "answer_int.h"
#include "worker_int.h"

/* Answer classes, shared by the commands, for the summary and the exit
 * status. */
enum {
  BATCH_ONE,      /* solved / unique / one solution */
  BATCH_MANY,     /* multiple / several solutions */
  BATCH_NONE,     /* no solution */
  BATCH_UNKNOWN,  /* a limit stopped it */
  BATCH_INVALID,  /* an answer failed the validator */
  BATCH_DISAGREE, /* --cross-check: backends disagree */
  BATCH_MISMATCH, /* solved, but not as the solution the file gives */
  BATCH_ERROR,    /* the puzzle could not be read */
  BATCH_CLASSES
};

typedef struct batch_ops {
  void *(*worker_new)(sks_app *app); /* per thread: solver, scratch */
  void (*worker_delete)(void *worker);
  /* Answers job->p on out (answer_put); returns its class (0..6) for the
   * summary. */
  int (*run)(void *worker, const batch_job *job, FILE *out);
  /* Optional: called by a thread that has no puzzle left to take while
   * others still work on theirs (it may help them); returns after at
   * most a short while, true when it did some work. */
  bool (*idle)(void *worker);
  /* Puzzles a chunk takes at most (0: the default): 1 for work of
   * seconds a puzzle, so the threads share a short batch. */
  int chunk;
} batch_ops;

typedef struct batch_totals {
  long long puzzles;
  long long by_class[BATCH_CLASSES]; /* BATCH_ERROR: unreadable puzzles */
  long long input_errors;            /* files that could not be read */
  double seconds;
  bool has_seed; /* generate: the run's seed goes into the summary */
  unsigned long long seed;
} batch_totals;

/* Runs over the puzzles of inputs (not closed here). */
int batch_run(sks_app *app, const batch_ops *ops, sks_input **inputs,
              int ninputs, batch_totals *tot);

/* Answers one DIMACS operand; returns its class. */
typedef int (*batch_cnf_fn)(sks_app *app, sks_input *in);

/* Every operand of the command line in order: runs of puzzle files go
 * through batch_run, each DIMACS file through on_cnf.  Totals add up. */
void batch_operands(sks_app *app, const batch_ops *ops, batch_cnf_fn on_cnf,
                    batch_totals *all);

/* The one-line summary of a batch on stderr (not for one puzzle, not with
 * -q); the first two classes are named by the command's status words
 * (answer_words: one table in answer.c). */
void batch_summary(const sks_app *app, const batch_totals *t);

/* The exit status the totals call for (docs/command-line.md, "Exit
 * status"). */
int batch_exit(const batch_totals *t);

#endif
