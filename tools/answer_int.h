/* Private to the tool: one answer per puzzle, written as text (the
 * default), JSON Lines or CSV (--format).  The commands say what they
 * found; this file alone decides how it looks. */
#ifndef SKS_ANSWER_INT_H
#define SKS_ANSWER_INT_H

#include "app_int.h"

#include <stdio.h>

/* Where a puzzle came from and when its work began (for "seconds"). */
typedef struct batch_job {
  const sks_puzzle *p; /* NULL for an unreadable puzzle or a DIMACS file */
  const char *file;    /* the operand's name ("-" for standard input), or
                          NULL (generate: no file) */
  long line;           /* the puzzle's first line; 0 for a whole file */
  double start;
  int index; /* its place among the items that start on that line: 1 the
                first, 2 ... (an OpenSudoku 2 export's games share one);
                0 = 1 */
} batch_job;

/* An answer's status: its word in every --format (answer_status_name). */
typedef enum answer_status {
  ANSWER_SOLVED,
  ANSWER_NONE,
  ANSWER_UNKNOWN,
  ANSWER_UNIQUE,
  ANSWER_MULTIPLE,
  ANSWER_INVALID,
  ANSWER_DISAGREE,
  ANSWER_MISMATCH,
  ANSWER_ERROR,
  ANSWER_RATED,
  ANSWER_GRADED,
  ANSWER_MINIMIZED,
  ANSWER_GENERATED,
  ANSWER_CLASH,
  ANSWER_REPAIRED,
  ANSWER_CANONICAL,
  ANSWER_REPEAT,
  ANSWER_KEPT,
  ANSWER_DROPPED,
  ANSWER_SYMMETRY,
  ANSWER_VERIFIED,
  ANSWER_REJECTED,
  ANSWER_STATUSES
} answer_status;
/* The word of a status: "solved", "none", ... */
const char *answer_status_name(answer_status s);

enum { ANSWER_EXTRAS = 8 };

typedef struct answer {
  answer_status status;
  const char *text;         /* the text form's line instead of the status word,
                               or NULL */
  char line[256];           /* room for a short text line */
  bool grid_only;           /* text: the solution alone says "solved" */
  const int *grid, *grid2;  /* solutions (n*n), or NULL */
  long long count;          /* count: solutions found; < 0 none */
  bool at_least;            /* the count is a lower bound */
  const char *backend;      /* the backend that answered, or NULL */
  const char *message;      /* why (error, invalid, disagree), or NULL;
                               unknown without one gets the limit's */
  const int *result;        /* minimize, repair: the puzzle made, or NULL */
  const char *cells;        /* repair: the cells added or clashing */
  const signed char *model; /* a DIMACS file's model: values of 1..nvars */
  int nvars;
  /* canon of a candidates puzzle: the result's removed candidates
   * (n*n*n), or NULL: the puzzle's own. */
  const unsigned char *removed;
  /* Command-specific fields (rate: eta ...), numbers as text ("inf"
   * becomes null in JSON). */
  int nextra;
  const char *key[ANSWER_EXTRAS];
  char value[ANSWER_EXTRAS][32];
  bool word[ANSWER_EXTRAS]; /* a string, not a number */
} answer;

/* Adds a numeric field to a. */
void answer_extra(answer *a, const char *key, const char *fmt, double v);
/* Adds a whole-number field to a (exact to 64 bits). */
void answer_extra_int(answer *a, const char *key, long long v);
/* Adds a number field that has no value here (JSON null, CSV empty). */
void answer_extra_null(answer *a, const char *key);
/* Adds a short string field to a. */
void answer_extra_word(answer *a, const char *key, const char *word);

/* s as a JSON string, quoted and escaped; bytes that are not UTF-8 as
 * U+FFFD (sks_utf8_length). */
void answer_json_string(FILE *out, const char *s);

/* Writes a for job on out in the --format the command line asks for. */
void answer_put(const sks_app *app, const batch_job *job, const answer *a,
                FILE *out);

/* CSV's header line (once, before the first answer; nothing in the other
 * forms); extra names the command's own columns, NULL-terminated. */
void answer_header(sks_app *app, const char *const *extra);

/* The summary record of a run (--summary): totals by class, in the
 * --format asked for, on standard output, after the answers. */
struct batch_totals;
void answer_summary(const sks_app *app, const struct batch_totals *t);
/* The words the command's answers use for the first two classes (one
 * decided answer; several, or NULL when the command has no such class);
 * canon --dedupe counts the puzzles kept and dropped. */
void answer_words(const sks_app *app, const char **one, const char **many);

/* "1 puzzle", "2 puzzles". */
const char *answer_plural(long long n, const char *one, const char *many);

/* A grid in p's layout or the one --layout asks for, as text. */
void app_print_grid(const sks_app *app, const sks_puzzle *p, const int *grid,
                    FILE *out);

#endif
