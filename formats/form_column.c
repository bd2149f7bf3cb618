/* A whole puzzle as N*N numbers one a line (big-grid files): a run of
 * lines each holding one number or a blank ('0', '.', '?', '_', '-'), ended by
 * a blank line, the end of the input or a line of another kind.  The run's
 * count must be a square k*k (k >= 2) with every number at most k.  A run
 * that starts with 2 or 3 lines of as many bytes is a 2x2 or 3x3 grid
 * ("12" / "21", "123" / "2.1" / "312"), as it was before this form. */
#include "form_buffer_int.h"
#include "form_int.h"

#include <stdint.h>
#include <string.h>

enum { MAX_CELLS = SKS_MAX_N * SKS_MAX_N };

/* The token of a one-token line, when it is a cell: a number (any length:
 * the range is judged at the end) or one blank byte.  len: its bytes. */
static bool cell_token(const sks_reader *rd, const sks_line_info *li,
                       bool dash) {
  if (li->ntok != 1)
    return false;
  if (li->numbers)
    return true;
  char ch = rd->line.a[li->start];
  return li->end - li->start == 1 &&
         (ch == '.' || ch == '?' || ch == '_' || (dash && ch == '-'));
}

static bool next_is_cell(const sks_reader *rd, const sks_line_info *li,
                         long arg) {
  (void)arg;
  return cell_token(rd, li, true);
}

/* A first line: a number of up to 3 digits (400 is the largest size), or
 * '.' / '?'; a lone '-' (else a rule line) when a cell line follows. */
static bool recognise(sks_reader *rd, const sks_line_info *li) {
  if (li->ntok != 1)
    return false;
  if (li->numbers)
    return li->end - li->start <= 3;
  if (li->end - li->start != 1)
    return false;
  char ch = rd->line.a[li->start];
  if (ch == '.' || ch == '?' || ch == '_')
    return true;
  return ch == '-' && sks_form_peek(rd, next_is_cell, 0);
}

/* A run of 2 or 3 lines of as many digits: a small grid, read by the grid
 * form's symbol table from the bytes kept. */
static int small_grid(sks_reader *rd, int n, const char tok[3][3],
                      const long line[3], sks_puzzle **out, sks_error *err) {
  if (sks_form_prepare(rd, n, err))
    return -1;
  rd->p->look.line = line[0];
  sks_form_build_table(rd, n, NULL);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int v = rd->sym[(unsigned char)tok[r][c]];
      if (v == SKS_SYM_BAD || v >= n) { /* a letter: no digit of a 2x2 */
        char what[16];
        sks_describe_byte(what, sizeof what, (unsigned char)tok[r][c]);
        return sks_error_set(err, -1, line[r], c + 1,
                             "unexpected %s (expected 1-%d, '.' or '0')", what,
                             n);
      }
      if (v == SKS_SYM_BLANK && !rd->blank)
        rd->blank = tok[r][c];
      rd->p->cell[r * n + c] = v;
    }
  sks_form_finish(rd, SKS_LAYOUT_GRID, out);
  return 1;
}

/* What a run has read so far. */
typedef struct run {
  long count, maxval, max_line;
  size_t max_col;
  char blank;
} run;

/* One cell's value into the run (v: the number, 0 for a blank). */
static void take(sks_reader *rd, run *r, long v, char blank, size_t col) {
  if (!r->blank)
    r->blank = blank;
  if (v > r->maxval)
    r->maxval = v, r->max_line = rd->lineno, r->max_col = col;
  if (r->count < MAX_CELLS)
    SKS_PUSH(rd->column, (int)v - 1);
  r->count++;
}

/* The lines of a run that the input's buffer holds whole and that are
 * plain cells ("5\n", "17\r\n", ".\n"), taken straight from the buffer as
 * the loop below would take them one by one (a big grid's file is tens
 * of thousands of such lines); the last of them is left in rd->line.
 * Anything else (spaces, a comment, the end of the buffer, a line read
 * ahead) stops it, for the line-by-line way. */
static void take_plain_cells(sks_reader *rd, run *r) {
  const unsigned char *d, *e;
  if (!sks_form_buffered(rd, SIZE_MAX, &d, &e))
    return;
  const unsigned char *last = NULL, *last_end = NULL;
  /* The run's state in locals, the cells written in place: a line is at
   * least 2 bytes, so the buffer holds at most half its bytes of cells. */
  long count = r->count, maxval = r->maxval, max_line = r->max_line;
  long line = rd->lineno;
  size_t max_col = r->max_col;
  char run_blank = r->blank;
  SKS_STACK_RESERVE(rd->column, rd->column.n + (size_t)(e - d) / 2 + 1);
  int *cell = rd->column.a + rd->column.n, *cell0 = cell;
  for (;;) {
    size_t len = 0;
    long v = 0;
    while (len < 6 && d + len < e && (unsigned)(d[len] - '0') < 10)
      v = v * 10 + (d[len++] - '0');
    char blank = v ? 0 : '0';
    if (!len && d < e && sks_form_number_blank(*d))
      blank = (char)*d, len = 1;
    const unsigned char *next = sks_form_past_end(d + len, e);
    if (!len || !next || (len > 1 && d[0] == '0'))
      break;
    line++;
    if (!run_blank)
      run_blank = blank;
    if (v > maxval)
      maxval = v, max_line = line, max_col = 1;
    if (count < MAX_CELLS)
      *cell++ = (int)v - 1;
    count++;
    last = d, last_end = d + len;
    d = next;
  }
  rd->column.n += (size_t)(cell - cell0);
  r->count = count, r->maxval = maxval, r->max_line = max_line;
  r->max_col = max_col, r->blank = run_blank;
  rd->lineno = line;
  if (last)
    sks_form_take(rd, last, (size_t)(last_end - last), d);
}

/* One or two numbers from 2 up on lines of their own, directly above the
 * first row of a grid they fit: a size line ("25" above 25 columns) or a
 * box shape ("2" / "3": box rows, then box columns, above 6 columns; "9" /
 * "9": rows and columns), as course and kit files write them.  Kept for
 * the grid that starts on the next line (sks_form_prepare gives it the
 * box shape); 1: it was one; -1 with err: such numbers above a grid row
 * they do not fit; 0: no header. */
static int header(sks_reader *rd, const run *r, long start, sks_error *err) {
  if (r->count < 1 || r->count > 2 || !rd->pending || r->blank)
    return 0;
  int v0 = rd->column.a[0] + 1, v1 = r->count == 2 ? rd->column.a[1] + 1 : 0;
  if (v0 < 2 || v0 > SKS_MAX_N || (r->count == 2 && (v1 < 2 || v1 > SKS_MAX_N)))
    return 0;
  sks_line_info li; /* the pending line: the grid's first row? */
  sks_form_analyze(rd, &li);
  if (rd->toolong || li.ruleish || sks_form_is_comment(rd, &li))
    return 0;
  long width = sks_form_numbers_row(&li) && li.ntok > 1 ? li.ntok : li.cells;
  if (!(v1 ? (long)v0 * v1 == width || (v0 == v1 && v0 == width)
           : v0 == width)) {
    if (sks_form_one_line.recognise(rd, &li))
      return 0; /* a number above a one-line puzzle: no header */
    if (v1)
      return sks_error_set(err, -1, start, 1,
                           "a box-shape header %d and %d (%dx%d boxes, a %dx%d "
                           "grid) above a grid row of %ld cells",
                           v0, v1, v0, v1, v0 * v1, v0 * v1, width);
    return sks_error_set(err, -1, start, 1,
                         "a size line %d above a grid row of %ld cells", v0,
                         width);
  }
  if (v1 == v0 && v0 == width)
    v1 = 0; /* rows and columns: a size */
  rd->hdr[0] = v0;
  rd->hdr[1] = v1;
  rd->hdr_line = start;
  rd->hdr_next = rd->lineno; /* the pending line */
  sks_form_note(rd, start, v1 ? "a box-shape header" : "a size header");
  return 1;
}

static int read_column(sks_reader *rd, const sks_line_info *first,
                       sks_puzzle **out, sks_error *err) {
  long start = rd->lineno;
  run r = {0};
  char tok[3][3] = {{0}}; /* the first lines, for a small grid */
  long tok_line[3] = {0};
  bool small = true; /* every line so far as wide as a small grid's row */
  bool rows = false; /* a line that is a small grid's row, not a cell */
  size_t width = first->end - first->start;
  rd->column.n = 0;
  sks_line_info li = *first;
  for (;;) {
    const char *a = rd->line.a + li.start;
    size_t len = li.end - li.start;
    long val = 0;
    if (li.numbers)
      for (size_t k = 0; k < len; k++)
        val = val < 100000 ? val * 10 + (a[k] - '0') : val;
    else if (len > 1)
      rows = true;
    if (r.count < 3) {
      small &= len == width && (len == 2 || len == 3);
      if (small) {
        memcpy(tok[r.count], a, len);
        tok_line[r.count] = rd->lineno;
      }
    }
    take(rd, &r, val, li.numbers ? (val ? 0 : '0') : a[0], li.start + 1);
    /* The next lines of the run. */
    if (r.count >= 3)
      take_plain_cells(rd, &r);
    bool more = false;
    while (sks_form_read_line(rd)) {
      sks_form_analyze(rd, &li);
      if (sks_form_is_comment(rd, &li))
        continue;
      bool row = li.ntok == 1 && li.end - li.start == width && small &&
                 r.count < (long)width && !li.ruleish;
      /* Digits past any cell's 3 under one or two numbers: a grid's
       * unspaced row under its header. */
      bool header_row = r.count <= 2 && li.numbers && li.end - li.start > 3;
      if (!rd->toolong && !header_row && (cell_token(rd, &li, true) || row)) {
        more = true;
      } else if (rd->toolong || !sks_form_is_blank_line(&li)) {
        rd->pending = true;
      }
      break;
    }
    if (!more)
      break;
  }
  if (small && r.count == (long)width)
    return small_grid(rd, (int)r.count, tok, tok_line, out, err);
  int hdr = header(rd, &r, start, err);
  if (hdr)
    return hdr > 0 ? 0 : -1;
  if (rows)
    return sks_error_set(err, -1, rd->lineno + !rd->pending, 1,
                         "grid ended after %ld of %d rows", r.count,
                         (int)width);
  int k;
  if (r.count > MAX_CELLS)
    return sks_error_set(err, -1, start, 1,
                         "%ld numbers one a line: sizes go up to %d (%d "
                         "numbers)",
                         r.count, SKS_MAX_N, MAX_CELLS);
  if (!sks_form_is_square(r.count, &k) || k < 2) {
    long lo = (long)k * k, hi = (long)(k + 1) * (k + 1);
    long near = k < 2 ? 4 : r.count - lo < hi - r.count ? lo : hi;
    return sks_error_set(err, -1, start, 1,
                         "%ld number%s one a line: a puzzle needs a square "
                         "count such as %ld",
                         r.count, r.count == 1 ? "" : "s", near);
  }
  if (r.maxval > k)
    return sks_error_set(err, -1, r.max_line, (long)r.max_col,
                         "digit %ld out of range 1-%d", r.maxval, k);
  if (sks_form_prepare(rd, k, err))
    return -1;
  rd->p->look.line = start;
  memcpy(rd->p->cell, rd->column.a, (size_t)r.count * sizeof *rd->column.a);
  rd->blank = r.blank;
  sks_form_finish(rd, SKS_LAYOUT_NUMBERS_COLUMN, out);
  return 1;
}

const sks_form sks_form_column = {
    .name = "numbers one a line", .recognise = recognise, .read = read_column};
