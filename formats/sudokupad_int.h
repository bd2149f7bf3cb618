/* Private: SudokuPad's own puzzles (docs/formats.md, "SudokuPad's own
 * form"): the reading of a document (form_sudokupad.c: its payload
 * decoded, the grid, regions, cages, metadata) and the recognition of
 * the rules it draws (form_sudokupad_draw.c: lines, arrows, overlays and
 * underlays matched to rules). */
#ifndef SKS_SUDOKUPAD_INT_H
#define SKS_SUDOKUPAD_INT_H

#include "json_int.h"

typedef SKS_STACK(int) sp_ints;

/* A puzzle being read. */
typedef struct sp {
  sks_reader *rd;
  int n;
  sks_rules *rules;
  long line, col;
  sks_error *err;
  char *rules_text; /* the metadata's rules, or NULL */
  sp_ints cells, more;
  int *extra;       /* n*n: the cell is in an extra region's cage */
  sp_ints pend;     /* the renban and region-sum lines read, kept until
                       all are (form_sudokupad_draw.c's set_line) */
  bool minmax_seen; /* chevrons read */
} sp;

/* An error about the puzzle at its line:col ("SudokuPad ..." prefixed):
 * -1. */
int sp_error(sp *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Adds a rule of kind over s->cells: 0, or -1 with the error set. */
int sp_add(sp *s, sks_rule_kind kind, int value, int split, const int *digits,
           int ndigits);
/* Is w (lower case) in text, whatever the case? */
bool sp_says(const char *text, const char *w);
/* Does the rules text name one of the words (NULL-terminated, lower
 * case; the text's case does not matter)?  No text
 * (none given, or the converter's default): *none is set. */
bool sp_rules_say(const sp *s, const char *const *words, bool *none);
/* A value: a number or a string of digits (blanks around); "" or none:
 * SKS_RULE_NO_VALUE.  -2: not a number. */
int sp_number(json_t *v);

/* The drawn rules of obj (its "lines", "arrows", "overlays" and
 * "underlays") into s->rules: 0, or -1 naming the first element no rule
 * was recognised in (form_sudokupad_draw.c). */
int sp_read_drawings(sp *s, json_t *obj);

#endif
