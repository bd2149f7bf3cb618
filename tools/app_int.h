/* Private to the tool: what every command is given (the options parsed,
 * and what follows from them) and the commands themselves. */
#ifndef SKS_APP_INT_H
#define SKS_APP_INT_H

#include "message.h"
#include "options.h"
#include "sudokusat.h"

#include <stdbool.h>

typedef struct sks_app {
  app_options opt;
  const char *command; /* solve, encode, ... (as the answers name it) */
  unsigned cmd;        /* its CMD_* bit */
  int nfiles;
  char **files;           /* operands; none = standard input */
  sks_format_options fmt; /* from --box, --variant, --symbols/--hex */
  int *jigsaw;            /* owned, for --variant jigsaw=FILE */
  char symbols[SKS_MAX_SYMBOL_N + 1]; /* --symbols, parsed; fmt.symbols */
  bool stderr_tty;
  int analog_threads; /* analog: seeds raced on each puzzle (-j) */
  /* The batch's workers waiting for work, or done (read and changed
   * atomically): a big grid's CDCL race borrows them (docs/backends.md,
   * "Both cores on one puzzle"). */
  int idle_workers;
  FILE *trace;               /* analog: the --trace stream, or NULL */
  sks_encode_options encode; /* --encoding, --amo, --renumber */
  int format_extras;         /* CSV: the command's own columns */
  bool seed_given;           /* --seed was on the command line */
} sks_app;

/* The temporary file encode -o is writing (sks_dimacs_options.temp_name);
 * the library records it for sks_cleanup_run too. */
extern const char *volatile app_temp_name;
/* tools/signals.c: blocks the signals that end a process in every thread
 * to come and takes them in one thread of its own, which runs
 * sks_cleanup_run and ends the process by the same signal.  First thing
 * in main. */
void app_catch_signals(void);

/* The whole command line: the tool's main (tools/app.c). */
int app_main(int argc, char **argv);

/* Subcommands: each returns the process exit status. */

int app_solve(sks_app *app);
int app_encode(sks_app *app);
int app_decode(sks_app *app);
int app_check(sks_app *app);      /* count and unique */
int app_check_cert(sks_app *app); /* check: certificates */
int app_exact_cover(sks_app *app);
int app_rate(sks_app *app);
/* The analog rating's options as the command line gives them (rate
 * --analog, grade --analog), its idle threads offered to group. */
void app_rating_options(const sks_app *app, sks_analog_group *group,
                        sks_analog_options *o);
/* The same for a puzzle's rating (sks_grade_analog): --encoding, --seed,
 * --runs, --rate-time, --time-limit a run, one thread. */
void app_grade_analog_options(const sks_app *app, sks_analog_group *group,
                              sks_grade_analog_options *o);
int app_generate(sks_app *app); /* tools/generate.c */
int app_minimize(sks_app *app);
int app_repair(sks_app *app);
int app_grade(sks_app *app);
int app_print(sks_app *app);
int app_canon(sks_app *app);   /* tools/canon.c */
int app_explain(sks_app *app); /* tools/explain.c */

#endif
