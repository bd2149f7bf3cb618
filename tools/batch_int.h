/* Private to the tool: running a work function over every puzzle of the
 * input files on N threads, printing the answers in input order. */
#ifndef SKS_BATCH_INT_H
#define SKS_BATCH_INT_H

#include "app_int.h"

enum { BATCH_ERROR = 7, BATCH_CLASSES = 8 };

typedef struct batch_ops {
  void *(*worker_new)(sks_app *app); /* per thread: solver, scratch */
  void (*worker_delete)(void *worker);
  /* Answers puzzle p on out; returns its class (0..6) for the summary. */
  int (*run)(void *worker, const sks_puzzle *p, FILE *out);
} batch_ops;

typedef struct batch_totals {
  long long puzzles;
  long long by_class[BATCH_CLASSES]; /* BATCH_ERROR: unreadable puzzles */
  long long input_errors;            /* files that could not be read */
  double seconds;
} batch_totals;

/* Runs over the puzzles of inputs (not closed here). */
int batch_run(sks_app *app, const batch_ops *ops, sks_input **inputs,
              int ninputs, batch_totals *tot);

#endif
