/* Private: the puzzle reader's state and the line scanner, symbol tables
 * and cell parsers its forms share (form_scan.c), and the table of forms
 * (puzzle_format.c).  A form is one file (form_*.c) and one row. */
#ifndef SKS_FORM_INT_H
#define SKS_FORM_INT_H

#include "sks_formats.h"
#include "stack_int.h"
#include "text_int.h"

#include <stdbool.h>
#include <stddef.h>

enum {
  SKS_LINE_LIMIT = 1 << 16, /* longer lines are an error: memory stays
                               bounded */
  /* A grid of symbols goes one past SKS_MAX_SYMBOL_N: a 36x36 grid's
     36th digit is '?' (1-9 and A-Z spell 35), as course files write
     it; its answers are written as numbers, as every size past 35. */
  SKS_MAX_GRID_N = SKS_MAX_SYMBOL_N + 1,
  SKS_GRID_LAST_SYMBOL = '?',
  SKS_SYM_BLANK = -1,
  SKS_SYM_BAD = -2,
  /* Symbol classes, for telling a puzzle in letters (docs/formats.md,
     "Alphabets"). */
  SKS_SYM_DIGIT = 1,  /* 1-9 */
  SKS_SYM_LETTER = 2, /* a letter that is a digit of 1-9 A-Z at this size */
  SKS_SYM_HIGH = 4,   /* a letter of the first n past those: read as
                         9 + its place until the puzzle is settled */
  SKS_SYM_LETTER_BASE = 9
};

/* How the rows of the puzzle being read are spelled.  AMBIG: so far every
 * row was single digits separated by spaces, which read the same as grid
 * symbols or as numbers. */
typedef enum sks_row_mode {
  SKS_MODE_GRID,
  SKS_MODE_NUMBERS,
  SKS_MODE_AMBIG
} sks_row_mode;

/* A line's bytes and the number of the read that put them there, which
 * goes with the bytes when the current line and the one looked ahead swap
 * buffers: what sks_form_analyze's memo knows a line by. */
typedef struct sks_line_buf {
  char *a;
  size_t n, cap;
  unsigned long long id; /* 0: never read into */
} sks_line_buf;

/* What one line holds, from a single scan. */
typedef struct sks_line_info {
  size_t start, end;  /* first and one past the last non-blank byte */
  size_t t0end;       /* end of the first whitespace-separated token */
  int ntok;           /* whitespace-separated tokens (saturates) */
  bool numbers;       /* every token is 0 or [1-9][0-9]* */
  bool numbers_blank; /* every token is a number or a blank . ? - */
  bool single;        /* every token is one byte */
  bool multi;         /* some token has several bytes */
  long maxval;        /* largest number token (saturates) */
  bool bar;           /* holds '|' */
  bool t0bar;         /* the first token holds '|' */
  long cells;         /* bytes other than whitespace and '|' */
  bool ruleish;       /* only - = + * | and whitespace */
  bool plus_eq;       /* holds +, = or * */
  bool comma;         /* holds ',' */
  bool odd;           /* holds '#' or 0xC2 (a no-break space's first byte) */
  long dashes;
} sks_line_info;

/* An error held back while no puzzle of the input has been handed out
 * (sks_reader_next), and whether it is of a form the reader does not
 * read. */
typedef struct sks_held {
  long line, col;
  char *msg;
  bool foreign;
} sks_held;

/* The rule text held above one puzzle at most (a file of rule lines and
 * no puzzle is not held whole). */
enum { SKS_RULE_TEXT_MAX = 16 << 20 };

/* A rule line held for the puzzle under it (form_rules.c): its line and
 * its text in rule_text. */
typedef struct sks_pending_rule {
  long line;
  size_t off, len;
} sks_pending_rule;

struct sks_reader {
  sks_input *in;
  sks_format_options opt;
  SKS_STACK(sks_pending_rule) pending_rules;
  SKS_STACK(char) rule_text;
  bool rules_overflow; /* more than SKS_RULE_TEXT_MAX of rule lines held */
  long no_boxes_line;  /* a "no-boxes" line above the next puzzle, or 0 */
  /* The puzzle just read brings rules that rule lines above it add to
   * (SudokuPad's: its rules text is read by a person), not a clash. */
  bool rules_merge;
  sks_puzzle *p;     /* reused while the shape stays the same */
  sks_line_buf line; /* the current line, without its line end */
  long lineno;
  /* The last lines scanned (a line is looked at again after a look
   * ahead), by their buffers' id and length, and the ids given so far. */
  struct {
    unsigned long long id;
    size_t n;
    sks_line_info li;
  } memo[2];
  int memo_next;
  unsigned long long line_ids;
  /* The line after it, when a look ahead read it (sks_form_next_is_row). */
  sks_line_buf ahead;
  bool have_ahead, ahead_toolong;
  unsigned long long plain_id; /* the read of a line found plain */
  bool no_plain; /* every line the general way (tests compare the two) */
  long ahead_lineno;
  bool toolong, pending, eof, failed_reported;
  bool in_cut;     /* the current line was cut at SKS_LINE_LIMIT: its rest is
                      still in the input (sks_form_skip_line) */
  bool rule_seen;  /* a rule line since the last blank line / puzzle */
  char *next_name; /* a name line's text, for the grid after it */
  /* Resynchronisation after a bad grid: rows of it still to skip. */
  int skip, skip_n;
  sks_row_mode skip_mode;
  /* The grid being read. */
  sks_row_mode mode;
  char blank;
  bool ruled;
  /* Symbol table for table_n / table_alpha (NULL: 1-9 A-Z, and letters
   * past those of size n for the content rule): value, SYM_BLANK or
   * SYM_BAD; sym_class: what a symbol tells of the alphabet (SYM_DIGIT,
   * ...; 0 under an alphabet the options give). */
  int table_n;
  const char *table_alpha;
  bool table_dirty; /* a stray blank changed it (sks_form_stray) */
  signed char sym[256];
  unsigned char sym_class[256];
  /* The puzzle being read: the classes of its symbols so far, and where
   * its first letter past the usual ones was (for the message when a
   * digit follows). */
  unsigned seen;
  long high_line, high_col;
  char high_ch;
  /* A symbol outside the puzzle's alphabet taken for its blank
   * (sks_form_stray): the symbol, how many cells hold it, where it was
   * first; 0: none. */
  char stray;
  long stray_count, stray_line, stray_col;
  /* Comma-separated forms: the fields of the line (start, end pairs), the
   * table a CSV header began (fields 0: none; columns -1: absent), a name
   * being put together, and a solution array kept for the next puzzle. */
  SKS_STACK(size_t) fields;
  struct {
    int fields, puzzle, solution, name;
    long line;
    size_t field; /* a forum line's puzzle field (its index in fields) */
    bool found;   /* a header of other names: the columns are found on its
                     first row */
  } csv;
  sks_line_buf name_buf;
  /* The numbers-one-a-line form: the cells of the run being read. */
  SKS_STACK(int) column;
  /* A header of one or two number lines above a grid (form_column.c):
   * its values (hdr[1] 0 for a size line), the line it starts on and the
   * line the puzzle it is for must start on; 0: none. */
  int hdr[2];
  long hdr_line, hdr_next;
  bool box_header; /* the puzzle being prepared is under one */
  /* Rows rewritten for the grid form (form_rewrite.c): the grid being
   * read is of comma rows or drawn cells; the line last rewritten from
   * commas and each of its bytes' column before; the last "+---+---+"
   * line of cells (its line, first '+', segment width, segments); a
   * spare line buffer. */
  struct {
    enum { SKS_RW_NONE, SKS_RW_COMMAS, SKS_RW_DRAWN } grid;
    bool commas;
    long line;
    SKS_STACK(long) col;
    long rule_line;
    size_t p0, step;
    int k;
    sks_line_buf buf;
  } rw;
  int *spare_solution;
  unsigned char *spare_removed; /* a candidates line's array, for reuse */
  int spare_removed_n;
  int spare_n;
  /* The OpenSudoku XML being read, when one began (form_xml.c). */
  struct sks_xml *xml;
  /* The JSON document whose puzzles are being handed out (form_json.c). */
  struct sks_json *json;
  /* The shape of the last region map in the file (a reference), and
   * whether rd->p has it (form_map.c): then the next puzzle gets a new
   * one. */
  const sks_shape *map_shape;
  bool p_mapped;
  /* Notes on the lines skipped as known text (sks_reader_set_note). */
  sks_reader_note_fn *note;
  void *note_ctx;
  long next_name_line; /* where next_name's line is */
  bool any_puzzle;     /* a puzzle of this input was read */
  /* The error being returned is of a form the reader does not read
   * (sks_form_foreign); a region map came before a puzzle: the puzzle
   * after it is not handed out. */
  bool foreign, drop_next;
  /* Errors held until the first puzzle (then given out before it, in
   * order) or the end of the input (then SKS_READ_NOT_PUZZLES when they
   * say the input is no puzzle text); handed: held no longer. */
  SKS_STACK(sks_held) held;
  sks_error scratch; /* an error being held */
  size_t held_next;
  int held_code;
  bool held_puzzle, handed;
};

/* One form of puzzle text.  recognise: does the current line (scanned
 * into li) belong to this form?  read: takes it, and the lines after it
 * the form needs; returns 1 with a puzzle in *out, 0 when the line held
 * no puzzle (a rule, a name, a header: the reader goes on), -1 on an
 * error. */
typedef struct sks_form {
  const char *name;
  bool comments;   /* offered the '#' lines, which are else skipped */
  bool long_lines; /* offered lines longer than SKS_LINE_LIMIT */
  bool (*recognise)(sks_reader *rd, const sks_line_info *li);
  int (*read)(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
              sks_error *err);
} sks_form;

/* The rows of the table, one a file. */
extern const sks_form sks_form_rule, sks_form_name, sks_form_one_line,
    sks_form_grid, sks_form_sdk_header, sks_form_sdk_section,
    sks_form_csv_header, sks_form_csv_row, sks_form_forum, sks_form_hodoku,
    sks_form_column, sks_form_candidates, sks_form_xml, sks_form_id_line,
    sks_form_json, sks_form_iss;

/* Lines (form_scan.c). */
bool sks_form_read_line(sks_reader *rd);
void sks_form_skip_line(sks_reader *rd);
void sks_form_analyze(sks_reader *rd, sks_line_info *li);
bool sks_form_next_is_row(sks_reader *rd, long width);
/* Does the line after the current one pass test(rd, li, arg)?  As
 * next_is_row, the current line stays current and the next is kept for
 * read_line. */
typedef bool sks_line_test(const sks_reader *rd, const sks_line_info *li,
                           long arg);
bool sks_form_peek(sks_reader *rd, sks_line_test *test, long arg);
/* A plain line, the commonest puzzle of all: a 9x9 one-line puzzle of
 * SKS_PLAIN_LEN bytes, each 1-9, '.' or '0', and nothing else on it.
 * ahead_plain: is the line after the current one plain (it is read
 * ahead, as sks_form_peek does, but not scanned)? */
enum { SKS_PLAIN_LEN = 81 };
bool sks_form_plain_line(const char *a, size_t n);
bool sks_form_ahead_plain(sks_reader *rd);
bool sks_form_is_square(long k, int *root);
bool sks_form_numbers_row(const sks_line_info *li);
/* A grid row's '#' comment (a '#' after white space): cut off the line,
 * which is scanned again into li. */
void sks_form_cut_comment(sks_reader *rd, sks_line_info *li);
/* A blank among numbers, as big-grid files write one ('0' aside). */
static inline bool sks_form_number_blank(int ch) {
  return ch == '.' || ch == '?' || ch == '-' || ch == '_';
}
static inline bool sks_form_is_blank_line(const sks_line_info *li) {
  return li->start == li->end;
}
static inline bool sks_form_is_comment(const sks_reader *rd,
                                       const sks_line_info *li) {
  return li->start < rd->line.n && rd->line.a[li->start] == '#';
}
/* The alphabet the options give, or NULL. */
static inline const char *sks_form_alphabet(const sks_reader *rd) {
  return rd->opt.symbols && rd->opt.symbols[0] ? rd->opt.symbols : NULL;
}
/* The error at the end of the input: a read error once, else 0. */
int sks_form_input_end(sks_reader *rd, sks_error *err);
/* Variant rule lines (form_rules.c): a line that is one is held (true);
 * the held lines become the rules of the puzzle read next (0, or -1 with
 * err filled when one does not parse); lines held at the input's end are
 * an error (-1; 0 when none). */
bool sks_form_rule_line(sks_reader *rd, const sks_line_info *li);
/* Gives rd->p the shape of a grid without boxes (boxes one row tall,
 * the rows), unless its regions are a map: 0, or -1 with err filled at
 * line and col (form_map.c). */
int sks_form_no_boxes(sks_reader *rd, long line, long col, sks_error *err);

/* The box of a cell, or its region when the grid's regions are a map. */
int sks_form_box_of(const sks_shape *s, int cell);

/* A region-sum line's rules, from its k cells in order: the line cut by
 * the boxes' borders into segments of one sum is one rule when it meets
 * each box once, else one a pair of segments in two boxes (each segment
 * with the first, or with the second when it lies in the first's box).
 * Rule r's cells are (*cells)[(*at)[r]] to (*cells)[(*at)[r + 1]], both
 * arrays allocated here for the caller to free; their count. */
size_t sks_form_region_sums(const sks_shape *s, const int *line, size_t k,
                            int **cells, size_t **at);
/* Gives rd->p the jigsaw shape of map (n*n region ids; one shape while
 * the map stays the same, rd->map_shape): 0, or -1 with err filled at
 * line, column 1 (form_map.c). */
int sks_form_attach_map(sks_reader *rd, const int *map, long line,
                        sks_error *err);
int sks_form_rules_attach(sks_reader *rd, sks_puzzle *p, sks_error *err);
int sks_form_rules_orphan(sks_reader *rd, sks_error *err);

/* Symbols and cells (form_scan.c).  build_table: the table for side n in
 * alphabet alpha (its first n symbols), or NULL for 1-9 A-Z and the
 * content rule.  row_seen: after a row [s, e) of symbols parsed with
 * `before` the classes seen until then: an error when the puzzle now
 * mixes digits with letters only the letter alphabet has.  settle: at the
 * end of the symbols, a puzzle of letters only turns into the letter
 * alphabet (cells and look.symbols). */
void sks_form_build_table(sks_reader *rd, int n, const char *alpha);
int sks_form_row_seen(sks_reader *rd, unsigned before, size_t s, size_t e,
                      sks_error *err);
void sks_form_settle(sks_reader *rd);
int sks_form_bad_symbol(sks_reader *rd, size_t pos, sks_error *err);
/* A symbol that is no digit of the puzzle's alphabet at pos of the
 * current line: taken for the puzzle's blank (the symbol table then reads
 * it as one; true) when it is the first such symbol of the puzzle and no
 * digit, '|' or ','.  stray_end: at the puzzle's end, the error when
 * fewer than n cells held it (then it was a stray symbol, not a blank
 * convention), else 0. */
bool sks_form_stray(sks_reader *rd, size_t pos);
void sks_form_count_stray(sks_reader *rd, size_t s, size_t e); /* [s, e) */
int sks_form_stray_end(sks_reader *rd, sks_error *err);
void sks_form_expected_symbols(char *buf, size_t size, int n,
                               const char *alpha);
int sks_form_wrong_count(sks_reader *rd, int row, long cells, size_t col,
                         sks_error *err);
int sks_form_parse_symbols(sks_reader *rd, int row, size_t s, size_t e,
                           sks_error *err);
int sks_form_parse_number_cells(sks_reader *rd, int *cell, int want, int row,
                                size_t s, size_t e, sks_error *err);

/* Puzzles (form_scan.c): prepare makes rd->p a puzzle of side n and resets
 * the per-puzzle state; finish hands it out in *out. */
int sks_form_prepare(sks_reader *rd, int n, sks_error *err);
/* rd->p's look.solution, n*n cells, made (or the last puzzle's reused)
 * for a solution the file gives; its cells are the caller's to fill. */
int *sks_form_solution_array(sks_reader *rd);
void sks_form_finish(sks_reader *rd, sks_layout layout, sks_puzzle **out);

/* Names the puzzle after the current line with [s, e) of it (a name line,
 * an .sdk header), or with text (len bytes) (form_name.c). */
void sks_form_keep_name(sks_reader *rd, size_t s, size_t e);
void sks_form_keep_text(sks_reader *rd, const char *text, size_t len);

/* Reads the one-line puzzle [s, e) of the current line into rd->p (after
 * sks_form_prepare); with plus, a '+' before a digit is skipped (form_line.c).
 * The name and sks_form_finish are the caller's. */
int sks_form_line_cells(sks_reader *rd, size_t s, size_t e, bool plus,
                        sks_error *err);

/* The current line read the short way when it is plain (and the reader
 * is where the table of forms gives a plain line to the one-line form):
 * 1 with the puzzle in *out, -1 with err when what follows it is a bad
 * region map, 0 when the line is not plain (form_line.c). */
int sks_form_line_plain(sks_reader *rd, sks_puzzle **out, sks_error *err);

/* An XML document being read hands out its next puzzle (1) or error (-1);
 * 0 when none is (left): the reader goes on with lines.  free: the
 * reader's XML state (form_xml.c). */
int sks_form_xml_next(sks_reader *rd, sks_puzzle **out, sks_error *err);
void sks_form_xml_free(sks_reader *rd);

/* The same for a JSON document (form_json.c). */
int sks_form_json_next(sks_reader *rd, sks_puzzle **out, sks_error *err);
void sks_form_json_free(sks_reader *rd);

/* Where a JSON document (form_json.c) or an XML one (form_xml.c) begins
 * on the line: what their forms recognise, with or without the library
 * that reads them (form_start.c). */
bool sks_form_json_starts(sks_reader *rd, const sks_line_info *li);
bool sks_form_xml_starts(sks_reader *rd, const sks_line_info *li);
/* A link's payload [buf, buf + len), percent escapes undone, read into
 * rd->p: an f-puzzles one, or SudokuPad's own (pad); 0, or -1 with err
 * at line:col (form_link_json.c; form_link_none.c refuses it). */
int sks_link_payload(sks_reader *rd, const char *buf, size_t len, long col,
                     bool pad, sks_error *err);

/* After a grid or one-line puzzle in rd->p: reads the region map that
 * follows it, if one does, and gives the puzzle its jigsaw shape.  0: no
 * map, or one read; -1: a bad map (err; its lines are read, the puzzle is
 * not handed out) (form_map.c). */
int sks_form_map(sks_reader *rd, sks_error *err);

/* Notes line `line` as skipped known text (what: "a title", ...). */
void sks_form_note(sks_reader *rd, long line, const char *what);
/* Is the current line known text that a failed first line of a puzzle
 * turns out to be: the kind ("a URL", "a title", ...), or NULL
 * (form_text.c)? */
const char *sks_form_text_kind(sks_reader *rd, const sks_line_info *li);
/* An error (as sks_error_set) of a form the reader does not read: the
 * input it is in may be rejected as a whole (SKS_READ_NOT_PUZZLES). */
int sks_form_foreign(sks_reader *rd, sks_error *err, long line, long col,
                     const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* After a grid puzzle in rd->p: when its cells are a region map's labels
 * and a puzzle of its size follows, the error that a map came first
 * (-1, the next puzzle dropped); else 0 (form_map.c). */
int sks_form_map_first(sks_reader *rd, sks_error *err);

/* Rows rewritten for the grid form (form_rewrite.c).  comma_row: the
 * current line, when it is N comma-separated fields (empty, a number, a
 * symbol; N >= 4), becomes N space-separated cells ('.' for an empty
 * field); true: rewritten.  drawn_rule: notes a "+---+---+" line of cells
 * (a rule line the reader skips).  drawn_row: the current line, when it
 * is a row of the cells that rule drew (bars at the segments' ends, a
 * symbol or a space at their middles; first: directly under the rule),
 * gets '.' for each space at a middle; true: rewritten.  rewritten_col:
 * an error's column on a line rewritten from commas, as the file has
 * it. */
bool sks_form_comma_row(sks_reader *rd);
long sks_form_comma_fields(const char *a, size_t n); /* 0: no comma row */
void sks_form_drawn_rule(sks_reader *rd, const sks_line_info *li);
bool sks_form_drawn_row(sks_reader *rd, bool first);
void sks_form_rewritten_col(const sks_reader *rd, sks_error *err);
/* The current line back as it was read when it was rewritten from
 * commas. */
void sks_form_rewrite_undo(sks_reader *rd);

/* After a bad grid: skips the rest of its rows (form_grid.c). */
void sks_form_resync(sks_reader *rd);
/* A line of dashes that is an empty one-line puzzle (form_line.c). */
bool sks_form_dash_puzzle(const sks_reader *rd, const sks_line_info *li);

#endif
