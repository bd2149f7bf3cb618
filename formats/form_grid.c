/* Grids: N rows of N symbols (plain, or ruled with | and +---+ lines, as
 * Simple Sudoku's .ss), N rows of N numbers, or all N*N numbers on one
 * line; and the rule lines between puzzles. */
#include "form_buffer_int.h"
#include "form_int.h"

#include <string.h>

/* Reads row `row` from whitespace-separated numbers in [s, e). */
static int parse_numbers(sks_reader *rd, int row, size_t s, size_t e,
                         sks_error *err) {
  int n = rd->p->shape->n;
  return sks_form_parse_number_cells(rd, rd->p->cell + (size_t)row * n, n, row,
                                     s, e, err);
}

/* Single digits and blanks ('.', '_', ...) spaced out, in a grid past 9
 * columns: numbers or symbols alike, until a row tells (a number of two
 * digits, a letter). */
static bool spaced_blanks(const sks_line_info *li, long n) {
  return li->single && li->numbers_blank && n > 9;
}

/* One grid row in the puzzle's mode; an AMBIG puzzle turns into GRID or
 * NUMBERS at the first row that tells them apart. */
static int parse_row(sks_reader *rd, const sks_line_info *li, int row,
                     sks_error *err) {
  int n = rd->p->shape->n;
  if (rd->mode == SKS_MODE_AMBIG) {
    /* Numbers of several digits where a row holds more than 9 cells can
     * only be numbers; below that only grid symbols fit. */
    bool as_numbers = !li->bar && (li->ntok == n || n > 9) &&
                      (sks_form_numbers_row(li) || spaced_blanks(li, n));
    if (n > SKS_MAX_SYMBOL_N || as_numbers) { /* 36 symbols: no digit only */
      if (sks_form_numbers_row(li) && li->multi)
        rd->mode = SKS_MODE_NUMBERS;
      return parse_numbers(rd, row, li->start, li->end, err);
    }
    rd->mode = SKS_MODE_GRID;
  }
  if (rd->mode == SKS_MODE_NUMBERS)
    return parse_numbers(rd, row, li->start, li->end, err);
  rd->ruled |= li->bar;
  return sks_form_parse_symbols(rd, row, li->start, li->end, err);
}

/* Would this line be a row of an n-wide grid read in `mode`? */
static bool fits_row(const sks_line_info *li, int n, sks_row_mode mode) {
  bool by_tokens = sks_form_numbers_row(li) && li->ntok == n;
  bool by_cells = li->cells == n;
  return mode == SKS_MODE_NUMBERS ? by_tokens
         : mode == SKS_MODE_GRID  ? by_cells
                                  : by_tokens || by_cells;
}

/* A whole puzzle as n*n numbers on one line: a count that is a square
 * k*k, values up to k, and no row of the same width after it (which would
 * make the line the first row of a k*k-wide grid). */
static bool numbers_line_form(sks_reader *rd, const sks_line_info *li, int *n) {
  /* Past SKS_MAX_N numbers the line is no grid row: the lines after it
   * are more puzzles (solve --layout line writes them so). */
  return !li->bar && li->ntok >= 4 && sks_form_numbers_row(li) &&
         sks_form_is_square(li->ntok, n) &&
         (li->ntok > SKS_MAX_N ||
          (li->maxval <= *n && !sks_form_next_is_row(rd, li->ntok)));
}

static int read_numbers_line(sks_reader *rd, const sks_line_info *li, int n,
                             sks_puzzle **out, sks_error *err) {
  if (n > SKS_MAX_N)
    return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                         "%d numbers: a %dx%d puzzle; sizes go up to %d",
                         li->ntok, n, n, SKS_MAX_N);
  if (sks_form_prepare(rd, n, err))
    return -1;
  if (sks_form_parse_number_cells(rd, rd->p->cell, n * n, 0, li->start, li->end,
                                  err))
    return -1;
  sks_form_finish(rd, SKS_LAYOUT_NUMBERS_LINE, out);
  return 1;
}

/* Forms the reader does not read, told by a grid's first row: numbers
 * with -1 among them (0-based values, -1 a blank), and more numbers
 * separated by commas than a row holds.  -1 with the error, or 0. */
static int foreign_row(sks_reader *rd, const sks_line_info *li,
                       sks_error *err) {
  const char *a = rd->line.a;
  long count = 0, max = 0;
  bool negative = false, commas = li->comma;
  for (size_t i = li->start; i < li->end;) {
    bool minus = a[i] == '-';
    size_t d = i + minus, k = d;
    long v = 0;
    for (; k < li->end && a[k] >= '0' && a[k] <= '9'; k++)
      v = v < 100000 ? v * 10 + (a[k] - '0') : v;
    if (k == d)
      return 0;
    negative |= minus;
    if (!minus && v > max)
      max = v;
    count++;
    i = k;
    size_t sep = 0;
    while (i < li->end && (sks_text_is_space((unsigned char)a[i]) ||
                           (commas && a[i] == ',' && !sep++)))
      i++;
    if (i < li->end && (sep != (size_t)commas || i == k))
      return 0; /* no separator, or not the one */
  }
  int k;
  if (negative && !commas) {
    if (sks_form_is_square(count, &k) && k >= 2)
      return sks_form_foreign(
          rd, err, rd->lineno, (long)li->start + 1,
          "%ld numbers from -1 to %ld: a %dx%d puzzle written with 0-based "
          "values and -1 for a blank, which sudokusat does not read (write "
          "1-%d, with 0 or '.' for a blank)",
          count, max, k, k, k);
    return sks_form_foreign(
        rd, err, rd->lineno, (long)li->start + 1,
        "a row of %ld numbers from -1 to %ld: 0-based values with -1 for a "
        "blank are not a form sudokusat reads (write 1-%ld, with 0 or '.' "
        "for a blank)",
        count, max, count);
  }
  /* Comma rows of up to SKS_MAX_N fields are read (form_rewrite.c): one
   * that came here has a field no row holds, which the grid names. */
  if (!commas || negative || count <= SKS_MAX_N)
    return 0;
  return sks_form_foreign(
      rd, err, rd->lineno, (long)li->start + 1,
      "a row of %ld comma-separated numbers: grid rows go up to %d cells",
      count, SKS_MAX_N);
}

/* Sets up a grid (GRID, NUMBERS or AMBIG) from its first row.  Once the
 * width is known, a failure leaves the rest of the grid to be skipped. */
static int first_row(sks_reader *rd, const sks_line_info *li, sks_error *err) {
  int n;
  /* Under an alphabet, single symbols spaced out are its grid's row. */
  const char *alpha = sks_form_alphabet(rd);
  bool hex16 = alpha && li->ntok == (long)strlen(alpha);
  if (!li->bar && li->ntok >= 2 &&
      (sks_form_numbers_row(li) || spaced_blanks(li, li->ntok)) &&
      ((li->single && !hex16) ||
       (!li->single && li->ntok >= 4 && li->maxval <= SKS_MAX_N))) {
    if (li->ntok > SKS_MAX_N) {
      int k;
      if (!sks_form_is_square(li->ntok, &k))
        return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                             "a row of %d numbers: sizes go up to %d, and a "
                             "one-line puzzle needs a square count",
                             li->ntok, SKS_MAX_N);
      return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                           "a row of %d numbers: sizes go up to %d", li->ntok,
                           SKS_MAX_N);
    }
    n = li->ntok;
    rd->mode = li->single ? SKS_MODE_AMBIG : SKS_MODE_NUMBERS;
  } else {
    if (!li->bar && (li->comma || (li->ntok >= 4 && !li->numbers_blank)) &&
        foreign_row(rd, li, err))
      return -1;
    if (li->cells > SKS_MAX_GRID_N)
      return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                           "a grid row of %ld cells: grids of symbols go up "
                           "to %d columns; write larger sizes as numbers",
                           li->cells, SKS_MAX_GRID_N);
    if (li->cells < 2)
      return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                           "a grid row needs at least 2 cells");
    n = (int)li->cells;
    rd->mode = SKS_MODE_GRID;
  }
  rd->skip = n - 1;
  rd->skip_n = n;
  rd->skip_mode = rd->mode;
  if (alpha && (size_t)n != strlen(alpha) && rd->mode == SKS_MODE_GRID) {
    /* A symbol outside the alphabet says more than the width it spoils. */
    sks_form_build_table(rd, (int)strlen(alpha), alpha);
    for (size_t i = li->start; i < li->end; i++) {
      unsigned char ch = (unsigned char)rd->line.a[i];
      if (!sks_text_is_space(ch) && ch != '|' && rd->sym[ch] == SKS_SYM_BAD)
        return sks_form_bad_symbol(rd, i, err);
    }
  }
  if (sks_form_prepare(rd, n, err))
    return -1;
  if (alpha && rd->mode != SKS_MODE_NUMBERS)
    memcpy(rd->p->look.symbols, alpha, (size_t)n + 1);
  if (n <= SKS_MAX_GRID_N)
    sks_form_build_table(rd, n, alpha);
  if (parse_row(rd, li, 0, err)) {
    rd->skip_mode = rd->mode;
    return -1;
  }
  rd->skip = 0;
  return 0;
}

static int grid_error(sks_reader *rd, int rows_left) {
  rd->skip = rows_left;
  rd->skip_n = rd->p->shape->n;
  rd->skip_mode = rd->mode;
  return -1;
}

/* The next row of a grid read in GRID mode, when the input's buffer holds
 * all of it and it is plain: exactly n of the table's symbols, '|'
 * between them, nothing else, ended by "\n" or "\r\n".  Such a row reads
 * the same whatever the line scan would say of it (a row of n dashes is
 * a row of blanks either way), so it is taken straight from the buffer
 * into the puzzle's cells and rd->line; anything else (spaces, a rule, a
 * comment, a letter past the alphabet, the end of the buffer, a line read
 * ahead) is left for the line-by-line way.  true: taken. */
static bool plain_row(sks_reader *rd, int row) {
  const unsigned char *d, *e;
  if (rd->mode != SKS_MODE_GRID || rd->stray ||
      !sks_form_buffered(rd, 256, &d, &e))
    return false;
  int n = rd->p->shape->n, k = 0;
  int *cell = rd->p->cell + (size_t)row * n;
  unsigned seen = 0;
  bool bar = false;
  char blank = rd->blank;
  const unsigned char *q = d;
  for (; q < e; q++) {
    int v = rd->sym[*q];
    if (v >= SKS_SYM_BLANK && k < n) {
      if (v == SKS_SYM_BLANK && !blank)
        blank = (char)*q;
      seen |= rd->sym_class[*q];
      cell[k++] = v;
    } else if (*q == '|') {
      bar = true;
    } else {
      break;
    }
  }
  const unsigned char *next = sks_form_past_end(q, e);
  if (k < n || !next || ((rd->seen | seen) & SKS_SYM_HIGH))
    return false; /* the cells written are written again */
  sks_form_take(rd, d, (size_t)(q - d), next);
  rd->lineno++;
  rd->blank = blank;
  rd->seen |= seen;
  rd->ruled |= bar;
  return true;
}

/* A rule line inside a grid ("|---+---+---|": only - = + * | with a
 * + = or *, which no row of blanks has), taken from the buffer as
 * plain_row takes a row: true when one was skipped. */
static bool plain_rule(sks_reader *rd) {
  const unsigned char *d, *e;
  if (!sks_form_buffered(rd, 256, &d, &e))
    return false;
  const unsigned char *q = d;
  bool plus_eq = false;
  for (; q < e; q++) {
    if (*q == '+' || *q == '=' || *q == '*')
      plus_eq = true;
    else if (*q != '-' && *q != '|')
      break;
  }
  const unsigned char *next = sks_form_past_end(q, e);
  if (!plus_eq || !next)
    return false;
  sks_form_take(rd, d, (size_t)(q - d), next);
  rd->lineno++;
  rd->ruled = true;
  return true;
}

/* Is the line after a blank one inside a grid a row of it? */
static bool row_after_blank(const sks_reader *rd, const sks_line_info *li,
                            long n) {
  return !li->ruleish && !sks_form_is_comment(rd, li) &&
         fits_row(li, (int)n, rd->mode);
}

static bool comma_row_of_width(const sks_reader *rd, const sks_line_info *li,
                               long width) {
  (void)li;
  return sks_form_comma_fields(rd->line.a, rd->line.n) == width;
}

/* The current line rewritten for the grid being read, when it is one of
 * its comma rows or drawn rows. */
static bool rewrite(sks_reader *rd) {
  return rd->rw.grid == SKS_RW_COMMAS  ? sks_form_comma_row(rd)
         : rd->rw.grid == SKS_RW_DRAWN ? sks_form_drawn_row(rd, false)
                                       : false;
}

static int read_grid_rows(sks_reader *rd, const sks_line_info *line0,
                          sks_puzzle **out, sks_error *err) {
  int k;
  sks_line_info cut, again;
  const sks_line_info *first = line0;
  rd->rw.grid = SKS_RW_NONE;
  rd->stray = 0; /* none yet in this grid */
  if ((line0->comma && sks_form_comma_row(rd)) ||
      (line0->t0bar && sks_form_drawn_row(rd, true))) {
    rd->rw.grid = rd->rw.commas ? SKS_RW_COMMAS : SKS_RW_DRAWN;
    sks_form_analyze(rd, &again);
    first = line0 = &again;
  }
  if (line0->odd) { /* a comment after the row */
    cut = *line0;
    sks_form_cut_comment(rd, &cut);
    first = &cut;
  }
  /* Comma rows: a row of as many fields after it makes this one a row. */
  if ((rd->rw.grid != SKS_RW_COMMAS ||
       !sks_form_peek(rd, comma_row_of_width, first->ntok)) &&
      numbers_line_form(rd, first, &k))
    return read_numbers_line(rd, first, k, out, err);
  if (first_row(rd, first, err))
    return -1;
  int n = rd->p->shape->n;
  /* Blank lines between bands: at every boundary of bands or at none (a
   * grid cut short at a band's end before another grid is no such
   * grid); gap_row: the row after the last one. */
  int br = rd->p->shape->box_rows, gaps = 0, gap_row = 0;
  long gap_line = 0;
  for (int row = 1; row < n;) {
    bool gap_due = gaps && row % br == 0 && gap_row != row;
    if (!gap_due && plain_row(rd, row)) {
      row++;
      continue;
    }
    if (plain_rule(rd))
      continue;
    if (!sks_form_read_line(rd)) {
      if (sks_input_failed(rd->in) && !rd->failed_reported) {
        rd->failed_reported = true;
        return sks_error_set(err, -1, rd->lineno + 1, 1, "read error");
      }
      return sks_error_set(err, -1, rd->lineno + 1, 1,
                           "grid ended after %d of %d rows", row, n);
    }
    bool rewritten = rewrite(rd);
    sks_line_info li;
    sks_form_analyze(rd, &li);
    if (sks_form_is_comment(rd, &li))
      continue;
    if (rd->toolong) {
      sks_error_set(err, -1, rd->lineno, SKS_LINE_LIMIT + 1,
                    "line longer than %d bytes", SKS_LINE_LIMIT);
      return grid_error(rd, n - row - 1);
    }
    if (li.odd)
      sks_form_cut_comment(rd, &li);
    if (sks_form_is_blank_line(&li)) {
      /* A blank line between the bands of boxes, before a row. */
      if (row % br == 0 && gaps == row / br - 1 &&
          sks_form_peek(rd, row_after_blank, n)) {
        gaps++;
        gap_row = row;
        gap_line = rd->lineno;
        continue;
      }
      return sks_error_set(err, -1, rd->lineno, 1,
                           "grid ended after %d of %d rows", row, n);
    }
    bool blank_row = !li.plus_eq && li.dashes == n &&
                     (rd->mode != SKS_MODE_NUMBERS || li.ntok == n);
    if (li.ruleish && !blank_row && !rewritten) {
      rd->ruled = true;
      continue;
    }
    /* A one-line puzzle in the middle: this grid was cut short. */
    if (!fits_row(&li, n, rd->mode) && sks_form_one_line.recognise(rd, &li)) {
      rd->pending = true;
      return sks_error_set(err, -1, rd->lineno, 1,
                           "grid ended after %d of %d rows", row, n);
    }
    if (gap_due) {
      rd->pending = true; /* the start of what comes next */
      return sks_error_set(err, -1, gap_line, 1,
                           "grid ended after %d of %d rows (no blank line "
                           "between the bands after it, line %ld)",
                           gap_row, n, rd->lineno);
    }
    if (parse_row(rd, &li, row, err))
      return grid_error(rd, n - row - 1);
    row++;
  }
  if (sks_form_stray_end(rd, err))
    return -1;
  sks_form_settle(rd);
  sks_form_finish(
      rd, rd->mode == SKS_MODE_GRID ? SKS_LAYOUT_GRID : SKS_LAYOUT_NUMBERS,
      out);
  return 1;
}

/* After a bad grid: skip the rest of its rows (lines as wide as the grid,
 * rules and comments), stopping at a blank line or anything else. */
void sks_form_resync(sks_reader *rd) {
  while (rd->skip > 0 && sks_form_read_line(rd)) {
    rewrite(rd);
    sks_line_info li;
    sks_form_analyze(rd, &li);
    if (sks_form_is_blank_line(&li) && !rd->toolong)
      break;
    if (sks_form_is_comment(rd, &li) || (li.ruleish && !rd->toolong))
      continue;
    if (rd->toolong || !fits_row(&li, rd->skip_n, rd->skip_mode)) {
      rd->pending = true;
      break;
    }
    rd->skip--;
  }
  rd->skip = 0;
}

static bool any_line(sks_reader *rd, const sks_line_info *li) {
  (void)rd, (void)li;
  return true;
}

static int read_grid(sks_reader *rd, const sks_line_info *line0,
                     sks_puzzle **out, sks_error *err) {
  int r = read_grid_rows(rd, line0, out, err);
  if (r < 0 && rd->p && rd->stray) {
    /* A symbol taken for the blank that too few cells hold is a stray
     * symbol: it is the error, whatever ended the grid after it. */
    sks_error stray;
    if (sks_form_stray_end(rd, &stray))
      *err = stray;
  }
  if (r < 0) {
    sks_form_rewritten_col(rd, err);
    /* The caller may look at the first line again with the scan it made
     * of it (known text after a failed first row): the line as it was. */
    sks_form_rewrite_undo(rd);
  }
  return r;
}

const sks_form sks_form_grid = {
    .name = "grid", .recognise = any_line, .read = read_grid};

/* A line of only - = + | outside a grid is a rule, unless it is an empty
 * one-line puzzle of dashes. */
static bool rule_line(sks_reader *rd, const sks_line_info *li) {
  return li->ruleish && !sks_form_dash_puzzle(rd, li);
}

static int skip_rule(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                     sks_error *err) {
  (void)out, (void)err;
  rd->rule_seen = true;
  sks_form_drawn_rule(rd, li);
  return 0;
}

const sks_form sks_form_rule = {
    .name = "rule", .recognise = rule_line, .read = skip_rule};
