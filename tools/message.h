/* The tool's words: messages on stderr, the last check of stdout, and
 * the exit statuses (tools/message.c). */
#ifndef SKS_MESSAGE_H
#define SKS_MESSAGE_H

#include "sudokusat.h"

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

/* "sudokusat: PATH:LINE:COL: message" on stderr (parts that are 0/NULL
 * are left out). */
void app_error(const char *path, const sks_error *err);
void app_message(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Answers that could not all be written (a full disk) are not a
 * success: res, or EXIT_INPUT after a message. */
int app_check_stdout(int res);

#endif
