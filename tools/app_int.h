/* Private to the tool: the parsed command line and what the commands
 * share (messages, opening puzzle inputs, exit codes). */
#ifndef SKS_APP_INT_H
#define SKS_APP_INT_H

#include "options.h"
#include "sudokusat.h"

#include <stdbool.h>

/* Exit statuses (docs/command-line.md, "Exit status"). */
enum {
  EXIT_ALL_OK = 0,      /* batch: every answer decided */
  EXIT_UNKNOWN_ANY = 1, /* batch: some answer unknown */
  EXIT_USAGE = 2,       /* bad command line */
  EXIT_INPUT = 3,       /* bad input (some puzzle or file unreadable) */
  EXIT_INVALID = 4,     /* a model failed the validator */
  EXIT_DISAGREE = 5,    /* --cross-check: backends disagree */
  EXIT_MISMATCH = 7,    /* an answer differs from the file's solution */
  EXIT_SOLVED = 10,     /* one problem: solved */
  EXIT_NONE = 20        /* one problem: no solution */
};

/* --layout; --propagate auto; --analog-memory unset. */
typedef enum app_layout {
  LAYOUT_SAME,
  LAYOUT_LINE,
  LAYOUT_GRID,
  LAYOUT_NUMBERS
} app_layout;
enum { PROPAGATE_AUTO = -1 };
enum { MEMORY_UNSET = 0, MEMORY_K = 1, MEMORY_K2 = 2 };
/* --format */
enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV };

#define SKS_OPT_STR const char *
#define SKS_OPT_BOOL int
#define SKS_OPT_INT int
#define SKS_OPT_LONG long long
#define SKS_OPT_DOUBLE double
#define SKS_OPT_BACKEND const sks_backend *
#define SKS_OPT_ENCODING sks_encoding
#define SKS_OPT_AMO sks_amo
#define SKS_OPT_PROPAGATE int /* sks_propagate, or PROPAGATE_AUTO */
#define SKS_OPT_LAYOUT app_layout
#define SKS_OPT_MEMORY int /* MEMORY_* */
#define SKS_OPT_METHOD int /* sks_analog_method */
#define SKS_OPT_FORMAT int /* FORMAT_* */

typedef struct app_options {
#define O(name, type, def, lo, hi, cmds, help) SKS_OPT_##type name;
  SKS_OPTIONS(O)
#undef O
} app_options;

typedef struct sks_app {
  app_options opt;
  const char *command; /* solve, encode, ... */
  int nfiles;
  char **files;           /* operands; none = standard input */
  sks_format_options fmt; /* from --box, --variant, --symbols/--hex */
  int *jigsaw;            /* owned, for --variant jigsaw=FILE */
  char symbols[SKS_MAX_SYMBOL_N + 1]; /* --symbols, parsed; fmt.symbols */
  bool stderr_tty;
  int analog_threads;        /* analog: seeds raced on each puzzle (-j) */
  FILE *trace;               /* analog: the --trace stream, or NULL */
  sks_encode_options encode; /* --encoding, --amo, --renumber */
  int format_extras;         /* CSV: the command's own columns */
  bool seed_given;           /* --seed was on the command line */
} sks_app;

/* "sudokusat: PATH:LINE:COL: message" on stderr (parts that are 0/NULL
 * are left out). */
void app_error(const char *path, const sks_error *err);
void app_message(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* The temporary file encode -o is writing (sks_dimacs_options.temp_name);
 * the library records it for sks_cleanup_run too. */
extern const char *volatile app_temp_name;
/* tools/signals.c: blocks the signals that end a process in every thread
 * to come and takes them in one thread of its own, which runs
 * sks_cleanup_run and ends the process by the same signal.  First thing
 * in main. */
void app_catch_signals(void);

/* Subcommands: each returns the process exit status. */
/* The whole command line: the tool's main. */
int sks_app_main(int argc, char **argv);

int app_solve(sks_app *app);
int app_encode(sks_app *app);
int app_decode(sks_app *app);
int app_check(sks_app *app); /* count and unique */
int app_exact_cover(sks_app *app);
int app_rate(sks_app *app);
int app_generate(sks_app *app); /* tools/generate.c */
int app_minimize(sks_app *app);
int app_repair(sks_app *app);
int app_grade(sks_app *app);
int app_print(sks_app *app);
int app_print(sks_app *app);
int app_canon(sks_app *app);   /* tools/canon.c */
int app_explain(sks_app *app); /* tools/explain.c */

#endif
