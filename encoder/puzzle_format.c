/* Reading puzzle text: one-line puzzles, grids (plain or ruled with | and
 * +---+) and whitespace-separated numbers, as a stream (README "Puzzle
 * formats"); puzzle_write.c writes answers back in the same layouts. */
#include "form_candidates_int.h"
#include "input_int.h"
#include "require_int.h"
#include "sks_encoder.h"
#include "stack_int.h"

#include <string.h>

enum {
  LINE_LIMIT = 1 << 16, /* longer lines are an error: memory stays bounded */
  SYM_BLANK = -1,
  SYM_BAD = -2
};

/* How the rows of the puzzle being read are spelled.  AMBIG: so far every
 * row was single digits separated by spaces, which read the same as grid
 * symbols or as numbers. */
typedef enum row_mode { MODE_GRID, MODE_NUMBERS, MODE_AMBIG } row_mode;

typedef SKS_STACK(char) line_buf;

struct sks_reader {
  sks_input *in;
  sks_format_options opt;
  sks_puzzle *p; /* reused while the shape stays the same */
  line_buf line; /* the current line, without its line end */
  long lineno;
  /* The line after it, when a look ahead read it (next_is_row). */
  line_buf ahead;
  bool have_ahead, ahead_toolong;
  long ahead_lineno;
  bool toolong, pending, eof, failed_reported;
  bool rule_seen;  /* a rule line since the last blank line / puzzle */
  char *next_name; /* a name line's text, for the grid after it */
  /* Resynchronisation after a bad grid: rows of it still to skip. */
  int skip, skip_n;
  row_mode skip_mode;
  /* The grid being read. */
  row_mode mode;
  char blank;
  bool ruled;
  /* Symbol table for table_n / table_hex: value, SYM_BLANK or SYM_BAD. */
  int table_n;
  bool table_hex;
  signed char sym[256];
  unsigned char *spare; /* a candidates line's removed array, for reuse */
  int spare_n;
};

/* What one line holds, from a single scan. */
typedef struct line_info {
  size_t start, end;  /* first and one past the last non-blank byte */
  size_t t0end;       /* end of the first whitespace-separated token */
  int ntok;           /* whitespace-separated tokens (saturates) */
  bool numbers;       /* every token is 0 or [1-9][0-9]* */
  bool numbers_blank; /* every token is a number or a blank '.' or '?' */
  bool single;        /* every token is one byte */
  bool multi;         /* some token has several bytes */
  long maxval;        /* largest number token (saturates) */
  bool bar;           /* holds '|' */
  bool t0bar;         /* the first token holds '|' */
  long cells;         /* bytes other than whitespace and '|' */
  bool ruleish;       /* only - = + | and whitespace */
  bool plus_eq;       /* holds '+' or '=' */
  long dashes;
} line_info;

/* Byte classes for scanning a line in one pass. */
enum {
  C_SPACE = 1,
  C_DIGIT = 2,
  C_BAR = 4,
  C_DASH = 8,
  C_PLUSEQ = 16,
  C_RULE = 32 /* - = + | */
};

static const unsigned char byte_class[256] = {
    [' '] = C_SPACE,          ['\t'] = C_SPACE,
    ['\v'] = C_SPACE,         ['\f'] = C_SPACE,
    ['\r'] = C_SPACE,         ['0'] = C_DIGIT,
    ['1'] = C_DIGIT,          ['2'] = C_DIGIT,
    ['3'] = C_DIGIT,          ['4'] = C_DIGIT,
    ['5'] = C_DIGIT,          ['6'] = C_DIGIT,
    ['7'] = C_DIGIT,          ['8'] = C_DIGIT,
    ['9'] = C_DIGIT,          ['|'] = C_BAR | C_RULE,
    ['-'] = C_DASH | C_RULE,  ['+'] = C_PLUSEQ | C_RULE,
    ['='] = C_PLUSEQ | C_RULE};

static bool is_space(int ch) {
  return byte_class[ch & 255] & C_SPACE;
}

static bool is_square(long k, int *root) {
  long r = 0;
  while ((r + 1) * (r + 1) <= k)
    r++;
  *root = (int)r;
  return r * r == k;
}

/* ------------------------------------------------------------------ */
/* Lines. */

/* Reads the next line into rd->line; false at the end of the input.
 * "\n", "\r\n" and a lone "\r" all end a line. */
static bool read_line(sks_reader *rd) {
  if (rd->pending) {
    rd->pending = false;
    return true;
  }
  if (rd->have_ahead) {
    line_buf t = rd->line;
    rd->line = rd->ahead;
    rd->ahead = t;
    rd->lineno = rd->ahead_lineno;
    rd->toolong = rd->ahead_toolong;
    rd->have_ahead = false;
    return true;
  }
  if (rd->eof)
    return false;
  int ch = sks_input_next(rd->in);
  if (ch == EOF) {
    rd->eof = true;
    return false;
  }
  rd->toolong = false;
  rd->lineno++;
  size_t len = 0;
  while (ch != EOF && ch != '\n') {
    if (ch == '\r') {
      int next = sks_input_next(rd->in);
      if (next != '\n' && next != EOF)
        sks_input_ungetc(rd->in, next);
      break;
    }
    if (len == rd->line.cap && len < LINE_LIMIT)
      SKS_STACK_RESERVE(rd->line, len + 1);
    if (len < LINE_LIMIT)
      rd->line.a[len++] = (char)ch;
    else
      rd->toolong = true;
    ch = sks_input_next(rd->in);
  }
  rd->line.n = len;
  if (ch == EOF)
    rd->eof = true;
  /* A UTF-8 byte-order mark (editors on Windows write one) is no symbol. */
  if (rd->lineno == 1 && len >= 3 && !memcmp(rd->line.a, "\xEF\xBB\xBF", 3)) {
    memmove(rd->line.a, rd->line.a + 3, len - 3);
    rd->line.n = len - 3;
  }
  return true;
}

static void analyze(const sks_reader *rd, line_info *li) {
  const unsigned char *s = (const unsigned char *)rd->line.a;
  size_t n = rd->line.n, i = 0;
  memset(li, 0, sizeof *li);
  li->numbers = li->numbers_blank = li->single = true;
  unsigned any = 0, all = C_RULE;
  long bytes = 0;
  while (i < n && (byte_class[s[i]] & C_SPACE))
    i++;
  li->start = li->end = li->t0end = i;
  while (i < n) {
    size_t t = i;
    unsigned tok_all = C_DIGIT, tok_any = 0;
    for (; i < n; i++) {
      unsigned cls = byte_class[s[i]];
      if (cls & C_SPACE)
        break;
      tok_any |= cls;
      tok_all &= cls;
      all &= cls;
    }
    any |= tok_any;
    if (tok_any & C_BAR) {
      if (!li->ntok)
        li->t0bar = true;
      for (size_t k = t; k < i; k++)
        li->cells -= s[k] == '|';
    }
    bytes += (long)(i - t);
    if (!li->ntok)
      li->t0end = i;
    if (li->ntok < 1 << 20)
      li->ntok++;
    li->end = i;
    if (i - t > 1)
      li->multi = true;
    li->single &= i - t == 1;
    /* A number is 0 or has no leading zero: "007" is a grid row. */
    bool number = (tok_all & C_DIGIT) && !(s[t] == '0' && i - t > 1);
    li->numbers &= number;
    li->numbers_blank &= number || (i - t == 1 && (s[t] == '.' || s[t] == '?'));
    if (number) {
      long val = 0;
      for (size_t k = t; k < i; k++)
        val = val < 100000 ? val * 10 + (s[k] - '0') : val;
      if (val > li->maxval)
        li->maxval = val;
    }
    while (i < n && (byte_class[s[i]] & C_SPACE))
      i++;
  }
  li->cells += bytes;
  li->bar = any & C_BAR;
  li->plus_eq = any & C_PLUSEQ;
  li->ruleish = li->ntok && (all & C_RULE);
  if (li->ruleish)
    for (size_t k = li->start; k < li->end; k++)
      li->dashes += s[k] == '-';
  if (!li->ntok)
    li->numbers = li->numbers_blank = li->single = false;
}

/* A row of numbers: digits only, or numbers with '.' or '?' blanks where
 * the row cannot be grid symbols (a number of several digits, or more
 * cells than symbols spell).  A spaced grid row such as "5 3 . . 7" stays
 * a grid row. */
static bool numbers_row(const line_info *li) {
  return li->numbers ||
         (li->numbers_blank && (li->multi || li->ntok > SKS_MAX_SYMBOL_N));
}

static bool is_blank_line(const line_info *li) {
  return li->start == li->end;
}

static bool is_comment(const sks_reader *rd, const line_info *li) {
  return li->start < rd->line.n && rd->line.a[li->start] == '#';
}

/* ------------------------------------------------------------------ */
/* Symbols. */

static void build_table(sks_reader *rd, int n, bool hex) {
  if (rd->table_n == n && rd->table_hex == hex)
    return;
  rd->table_n = n;
  rd->table_hex = hex;
  memset(rd->sym, SYM_BAD, sizeof rd->sym);
  rd->sym['.'] = rd->sym['_'] = rd->sym['-'] = SYM_BLANK;
  if (hex) {
    for (int d = 0; d < 16; d++) {
      int ch = "0123456789ABCDEF"[d];
      rd->sym[ch] = (signed char)d;
      if (d >= 10)
        rd->sym[ch - 'A' + 'a'] = (signed char)d;
    }
    return;
  }
  rd->sym['0'] = SYM_BLANK;
  for (int d = 0; d < n && d < SKS_MAX_SYMBOL_N; d++) {
    int ch = d < 9 ? '1' + d : 'A' + d - 9;
    rd->sym[ch] = (signed char)d;
    if (d >= 9)
      rd->sym[ch - 'A' + 'a'] = (signed char)d;
  }
}

/* "1-9, A-G, '.' or '0'": what a grid of side n accepts. */
static void expected_symbols(char *buf, size_t size, int n, bool hex) {
  if (hex)
    snprintf(buf, size, "0-9, A-F or '.'");
  else if (n == 1)
    snprintf(buf, size, "1, '.' or '0'");
  else if (n <= 9)
    snprintf(buf, size, "1-%d, '.' or '0'", n);
  else if (n == 10)
    snprintf(buf, size, "1-9, A, '.' or '0'");
  else
    snprintf(buf, size, "1-9, A-%c, '.' or '0'", 'A' + n - 10);
}

/* "'x'" for a printable byte, "byte 0x00" otherwise. */
static void show_byte(char *buf, size_t size, int ch) {
  if (ch > ' ' && ch < 127)
    snprintf(buf, size, "'%c'", ch);
  else
    snprintf(buf, size, "byte 0x%02X", (unsigned)ch);
}

static int bad_symbol(sks_reader *rd, size_t pos, sks_error *err) {
  char what[16], expect[64];
  show_byte(what, sizeof what, (unsigned char)rd->line.a[pos]);
  expected_symbols(expect, sizeof expect, rd->table_n, rd->table_hex);
  return sks_error_set(err, -1, rd->lineno, (long)pos + 1,
                       "unexpected %s (expected %s)", what, expect);
}

static int wrong_count(sks_reader *rd, int row, long cells, size_t col,
                       sks_error *err) {
  return sks_error_set(err, -1, rd->lineno, (long)col,
                       "row %d has %ld cell%s, expected %d", row + 1, cells,
                       cells == 1 ? "" : "s", rd->p->shape->n);
}

/* Reads row `row` of the puzzle from the symbols of [s, e) (whitespace and
 * '|' between them are ignored). */
static int parse_symbols(sks_reader *rd, int row, size_t s, size_t e,
                         sks_error *err) {
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int n = rd->p->shape->n, k = 0;
  int *cell = rd->p->cell + (size_t)row * n;
  long count = 0;
  size_t extra = 0;
  for (size_t i = s; i < e; i++) {
    int ch = a[i];
    if (is_space(ch) || ch == '|')
      continue;
    int v = rd->sym[ch];
    if (v == SYM_BAD)
      return bad_symbol(rd, i, err);
    if (k == n) {
      if (!count++)
        extra = i;
      continue;
    }
    if (v == SYM_BLANK && !rd->blank)
      rd->blank = (char)ch;
    cell[k++] = v;
  }
  if (count)
    return wrong_count(rd, row, n + count, extra + 1, err);
  if (k < n)
    return wrong_count(rd, row, k, e + 1, err);
  return 0;
}

/* Reads `want` cells from whitespace-separated numbers in [s, e) into
 * cell: row `row` of the puzzle, or (want = n*n) all of it. */
static int parse_number_cells(sks_reader *rd, int *cell, int want, int row,
                              size_t s, size_t e, sks_error *err) {
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int n = rd->p->shape->n, k = 0;
  size_t i = s, extra = 0;
  long count = 0;
  while (i < e) {
    size_t t = i;
    long val = 0;
    bool blank = i + 1 == e || is_space(a[i + 1]);
    if (blank && (a[i] == '.' || a[i] == '?')) {
      /* a blank, as the big-grid files write it */
      if (!rd->blank)
        rd->blank = (char)a[i];
      i++;
    }
    for (; i < e && !is_space(a[i]); i++) {
      if (a[i] < '0' || a[i] > '9') {
        char what[16];
        show_byte(what, sizeof what, a[i]);
        return sks_error_set(err, -1, rd->lineno, (long)i + 1,
                             "unexpected %s (expected a number 0-%d)", what, n);
      }
      val = val < 100000 ? val * 10 + (a[i] - '0') : val;
    }
    if (k == want) {
      if (!count++)
        extra = t;
    } else if (val > n) {
      int len = (int)(i - t) > 12 ? 12 : (int)(i - t);
      return sks_error_set(
          err, -1, rd->lineno, (long)t + 1, "digit %.*s%s out of range 1-%d",
          len, (const char *)a + t, (int)(i - t) > 12 ? "..." : "", n);
    } else {
      if (!val && !rd->blank)
        rd->blank = '0';
      cell[k++] = (int)val - 1;
    }
    while (i < e && is_space(a[i]))
      i++;
  }
  if (count)
    return wrong_count(rd, row, want + count, extra + 1, err);
  if (k < want)
    return wrong_count(rd, row, k, e + 1, err);
  return 0;
}

/* Reads row `row` from whitespace-separated numbers in [s, e). */
static int parse_numbers(sks_reader *rd, int row, size_t s, size_t e,
                         sks_error *err) {
  int n = rd->p->shape->n;
  return parse_number_cells(rd, rd->p->cell + (size_t)row * n, n, row, s, e,
                            err);
}

/* One grid row in the puzzle's mode; an AMBIG puzzle turns into GRID or
 * NUMBERS at the first row that tells them apart. */
static int parse_row(sks_reader *rd, const line_info *li, int row,
                     sks_error *err) {
  int n = rd->p->shape->n;
  if (rd->mode == MODE_AMBIG) {
    /* Numbers of several digits where a row holds more than 9 cells can
     * only be numbers; below that only grid symbols fit. */
    bool as_numbers = !li->bar && numbers_row(li) && (li->ntok == n || n > 9);
    if (n > SKS_MAX_SYMBOL_N || as_numbers) {
      if (numbers_row(li) && li->multi)
        rd->mode = MODE_NUMBERS;
      return parse_numbers(rd, row, li->start, li->end, err);
    }
    rd->mode = MODE_GRID;
  }
  if (rd->mode == MODE_NUMBERS)
    return parse_numbers(rd, row, li->start, li->end, err);
  rd->ruled |= li->bar;
  return parse_symbols(rd, row, li->start, li->end, err);
}

/* Would this line be a row of an n-wide grid read in `mode`? */
static bool fits_row(const line_info *li, int n, row_mode mode) {
  bool by_tokens = numbers_row(li) && li->ntok == n;
  bool by_cells = li->cells == n;
  return mode == MODE_NUMBERS ? by_tokens
         : mode == MODE_GRID  ? by_cells
                              : by_tokens || by_cells;
}

/* ------------------------------------------------------------------ */
/* Puzzles. */

/* Makes rd->p a puzzle of side n (reusing it when the shape is the same)
 * and resets the per-puzzle state.  The cells are not cleared: every row
 * read fills all of its cells, and a puzzle with an error is not handed
 * out. */
static int prepare(sks_reader *rd, int n, sks_error *err) {
  int br, bc;
  sks_puzzle *p = rd->p;
  if (p && p->removed) { /* kept for the next candidates line */
    free(rd->spare);
    rd->spare = p->removed, rd->spare_n = p->shape->n;
    p->removed = NULL;
  }
  if (rd->opt.box_rows) {
    br = rd->opt.box_rows;
    bc = rd->opt.box_cols;
    if (br * bc != n)
      return sks_error_set(err, -1, rd->lineno, 1,
                           "a %dx%d puzzle does not fit %dx%d boxes", n, n, br,
                           bc);
  } else if (p && p->shape->n == n) {
    br = p->shape->box_rows, bc = p->shape->box_cols; /* the default box of n */
  } else {
    sks_shape_default_box(n, &br, &bc);
  }
  /* One shape for every puzzle of this size: the puzzles handed out share
   * it, so a batch is one shape to the systems and backends. */
  if (!(p && p->shape->n == n && p->shape->box_rows == br &&
        p->shape->box_cols == bc)) {
    sks_puzzle_delete(p);
    rd->p = p = sks_puzzle_new(br, bc, rd->opt.variants, rd->opt.jigsaw, err);
    if (!p) {
      if (err)
        err->line = rd->lineno, err->col = 1;
      return -1;
    }
  }
  sks_puzzle_set_name(p, NULL, 0);
  p->look.line = rd->lineno;
  p->look.hex = false;
  p->look.ruled = false;
  rd->blank = 0;
  rd->ruled = rd->rule_seen;
  return 0;
}

static void finish(sks_reader *rd, sks_layout layout, sks_puzzle **out) {
  sks_puzzle *p = rd->p;
  p->look.layout = layout;
  if (rd->next_name && !p->look.name)
    sks_puzzle_set_name(p, rd->next_name, strlen(rd->next_name));
  bool numbers =
      layout == SKS_LAYOUT_NUMBERS || layout == SKS_LAYOUT_NUMBERS_LINE;
  if (numbers)
    p->look.blank = rd->blank == '.' || rd->blank == '?' ? rd->blank : '0';
  else
    p->look.blank = rd->blank ? rd->blank : '.';
  p->look.ruled = layout == SKS_LAYOUT_GRID && rd->ruled;
  if (numbers)
    p->look.hex = false;
  rd->rule_seen = false;
  *out = p;
}

static void set_name(sks_reader *rd, size_t s, size_t e) {
  sks_puzzle_set_name(rd->p, rd->line.a + s, e - s);
}

/* One-line puzzle: the first token holds the n*n symbols; the rest of the
 * line is the name. */
static int read_one_line(sks_reader *rd, const line_info *li, sks_puzzle **out,
                         sks_error *err) {
  long len = (long)(li->t0end - li->start);
  int n;
  if (!is_square(len, &n)) {
    /* A control byte is named before the length is judged: it is what
     * is wrong, not the count it spoils. */
    for (size_t i = li->start; i < li->t0end; i++) {
      unsigned char ch = (unsigned char)rd->line.a[i];
      if (ch < 0x20 || ch == 0x7f)
        return sks_error_set(err, -1, rd->lineno, (long)i + 1,
                             "unexpected byte 0x%02X", (unsigned)ch);
    }
    long lo = (long)n * n, hi = (long)(n + 1) * (n + 1);
    long near = len - lo < hi - len ? lo : hi;
    size_t col = len < near ? li->t0end + 1 : li->start + (size_t)near + 1;
    return sks_error_set(err, -1, rd->lineno, (long)col,
                         "%ld symbols: a one-line puzzle needs a square count "
                         "such as %ld",
                         len, near);
  }
  if (n > SKS_MAX_SYMBOL_N)
    return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                         "%ld symbols: one-line puzzles go up to 35x35 (1225 "
                         "symbols); write larger sizes as numbers",
                         len);
  bool hex = rd->opt.hex && n == 16;
  if (prepare(rd, n, err))
    return -1;
  build_table(rd, n, hex);
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int *cell = rd->p->cell;
  for (size_t i = li->start; i < li->t0end; i++) {
    int v = rd->sym[a[i]];
    if (v == SYM_BAD)
      return bad_symbol(rd, i, err);
    if (v == SYM_BLANK && !rd->blank)
      rd->blank = (char)a[i];
    *cell++ = v;
  }
  size_t s = li->t0end;
  while (s < li->end && is_space((unsigned char)rd->line.a[s]))
    s++;
  set_name(rd, s, li->end);
  rd->p->look.hex = hex;
  finish(rd, SKS_LAYOUT_LINE, out);
  return 1;
}

/* Is the first token a one-line puzzle rather than a grid row?  Only 16
 * and 25 symbols are truly ambiguous (a 4x4 or 5x5 puzzle, or a row of a
 * 16x16 or 25x25 grid): the line is a grid row when it uses a symbol that
 * only the grid knows (5-9 or a letter), else the small puzzle. */
static bool one_line_form(const sks_reader *rd, const line_info *li) {
  if (li->t0bar)
    return false;
  long len = (long)(li->t0end - li->start);
  int want = rd->opt.box_rows * rd->opt.box_cols;
  if (len > SKS_MAX_SYMBOL_N)
    return true;
  int n;
  if (!is_square(len, &n))
    return false;
  if (want)
    return want == n;
  if (len < 16)
    return false;
  if (rd->opt.hex && len == 16)
    return false;
  if (li->ntok > 1)
    return true;
  for (size_t i = li->start; i < li->t0end; i++) {
    int ch = (unsigned char)rd->line.a[i];
    int up = ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
    if ((ch > '0' + n && ch <= '9') || (up >= 'A' && up < 'A' + len - 9))
      return false;
  }
  return true;
}

/* Is the line after the current one a row of `width` numbers?  The
 * current line stays current; the next is kept for read_line. */
static bool next_is_row(sks_reader *rd, long width) {
  long lineno = rd->lineno;
  bool toolong = rd->toolong;
  line_buf t = rd->line;
  rd->line = rd->ahead;
  rd->ahead = t;
  bool row = false;
  if (read_line(rd)) {
    line_info li;
    analyze(rd, &li);
    row = !rd->toolong && numbers_row(&li) && li.ntok == width;
    rd->have_ahead = true;
    rd->ahead_lineno = rd->lineno;
    rd->ahead_toolong = rd->toolong;
  }
  t = rd->line;
  rd->line = rd->ahead;
  rd->ahead = t;
  rd->lineno = lineno;
  rd->toolong = toolong;
  return row;
}

/* A whole puzzle as n*n numbers on one line: a count that is a square
 * k*k, values up to k, and no row of the same width after it (which would
 * make the line the first row of a k*k-wide grid). */
static bool numbers_line_form(sks_reader *rd, const line_info *li, int *n) {
  return !li->bar && li->ntok >= 4 && numbers_row(li) &&
         is_square(li->ntok, n) && li->maxval <= *n &&
         !next_is_row(rd, li->ntok);
}

static int read_numbers_line(sks_reader *rd, const line_info *li, int n,
                             sks_puzzle **out, sks_error *err) {
  if (n > SKS_MAX_N)
    return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                         "%d numbers: a %dx%d puzzle; sizes go up to %d",
                         li->ntok, n, n, SKS_MAX_N);
  if (prepare(rd, n, err))
    return -1;
  if (parse_number_cells(rd, rd->p->cell, n * n, 0, li->start, li->end, err))
    return -1;
  finish(rd, SKS_LAYOUT_NUMBERS_LINE, out);
  return 1;
}

/* Sets up a grid (GRID, NUMBERS or AMBIG) from its first row.  Once the
 * width is known, a failure leaves the rest of the grid to be skipped. */
static int first_row(sks_reader *rd, const line_info *li, sks_error *err) {
  int n;
  bool hex16 = rd->opt.hex && li->ntok == 16;
  if (!li->bar && li->ntok >= 2 && numbers_row(li) &&
      ((li->single && !hex16) ||
       (!li->single && li->ntok >= 4 && li->maxval <= SKS_MAX_N))) {
    if (li->ntok > SKS_MAX_N) {
      int k;
      if (!is_square(li->ntok, &k))
        return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                             "a row of %d numbers: sizes go up to %d, and a "
                             "one-line puzzle needs a square count",
                             li->ntok, SKS_MAX_N);
      return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                           "a row of %d numbers: sizes go up to %d", li->ntok,
                           SKS_MAX_N);
    }
    n = li->ntok;
    rd->mode = li->single ? MODE_AMBIG : MODE_NUMBERS;
  } else {
    if (li->cells > SKS_MAX_SYMBOL_N)
      return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                           "a grid row of %ld cells: grids go up to 35 "
                           "columns; write larger sizes as numbers",
                           li->cells);
    if (li->cells < 2)
      return sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                           "a grid row needs at least 2 cells");
    n = (int)li->cells;
    rd->mode = MODE_GRID;
  }
  rd->skip = n - 1;
  rd->skip_n = n;
  rd->skip_mode = rd->mode;
  if (prepare(rd, n, err))
    return -1;
  bool hex = rd->opt.hex && n == 16 && rd->mode == MODE_GRID;
  rd->p->look.hex = hex;
  if (n <= SKS_MAX_SYMBOL_N)
    build_table(rd, n, hex);
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

static int read_grid(sks_reader *rd, const line_info *first, sks_puzzle **out,
                     sks_error *err) {
  int k;
  if (numbers_line_form(rd, first, &k))
    return read_numbers_line(rd, first, k, out, err);
  if (first_row(rd, first, err))
    return -1;
  int n = rd->p->shape->n;
  for (int row = 1; row < n;) {
    if (!read_line(rd)) {
      if (sks_input_failed(rd->in) && !rd->failed_reported) {
        rd->failed_reported = true;
        return sks_error_set(err, -1, rd->lineno + 1, 1, "read error");
      }
      return sks_error_set(err, -1, rd->lineno + 1, 1,
                           "grid ended after %d of %d rows", row, n);
    }
    line_info li;
    analyze(rd, &li);
    if (is_comment(rd, &li))
      continue;
    if (rd->toolong) {
      sks_error_set(err, -1, rd->lineno, LINE_LIMIT + 1,
                    "line longer than %d bytes", LINE_LIMIT);
      return grid_error(rd, n - row - 1);
    }
    if (is_blank_line(&li))
      return sks_error_set(err, -1, rd->lineno, 1,
                           "grid ended after %d of %d rows", row, n);
    bool blank_row = !li.plus_eq && li.dashes == n && rd->mode != MODE_NUMBERS;
    if (li.ruleish && !blank_row) {
      rd->ruled = true;
      continue;
    }
    /* A one-line puzzle in the middle: this grid was cut short. */
    if (!fits_row(&li, n, rd->mode) && one_line_form(rd, &li)) {
      rd->pending = true;
      return sks_error_set(err, -1, rd->lineno, 1,
                           "grid ended after %d of %d rows", row, n);
    }
    if (parse_row(rd, &li, row, err))
      return grid_error(rd, n - row - 1);
    row++;
  }
  finish(rd, rd->mode == MODE_GRID ? SKS_LAYOUT_GRID : SKS_LAYOUT_NUMBERS, out);
  return 1;
}

/* A line of only '-' is a rule, unless it holds n*n of them (4 <= n <= 35,
 * or the size the options ask for): then it is an empty one-line puzzle. */
static bool dash_puzzle(const sks_reader *rd, const line_info *li) {
  if (li->ntok != 1 || li->bar || li->plus_eq)
    return false;
  int n, want = rd->opt.box_rows * rd->opt.box_cols;
  if (!is_square(li->dashes, &n) || n > SKS_MAX_SYMBOL_N)
    return false;
  return want ? n == want : n >= 4;
}

/* After a bad grid: skip the rest of its rows (lines as wide as the grid,
 * rules and comments), stopping at a blank line or anything else. */
static void resync(sks_reader *rd) {
  while (rd->skip > 0 && read_line(rd)) {
    line_info li;
    analyze(rd, &li);
    if (is_blank_line(&li) && !rd->toolong)
      break;
    if (is_comment(rd, &li) || (li.ruleish && !rd->toolong))
      continue;
    if (rd->toolong || !fits_row(&li, rd->skip_n, rd->skip_mode)) {
      rd->pending = true;
      break;
    }
    rd->skip--;
  }
  rd->skip = 0;
}

/* A name line before a grid, as Project Euler's "Grid 01": a first word
 * of 2 to 9 letters with a lowercase one among them.  No grid row starts
 * so: letters are symbols only from 10x10 up, where an unspaced row has
 * 10 or more of them and a spaced one single-letter tokens. */
static bool name_line(const sks_reader *rd, const line_info *li) {
  size_t len = li->t0end - li->start;
  if (len < 2 || len > 9)
    return false;
  bool lower = false;
  for (size_t k = li->start; k < li->t0end; k++) {
    int ch = (unsigned char)rd->line.a[k];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')))
      return false;
    lower |= ch >= 'a';
  }
  return lower;
}

static void keep_name(sks_reader *rd, const line_info *li) {
  free(rd->next_name);
  size_t len = li->end - li->start;
  rd->next_name = sks_malloc(len + 1);
  memcpy(rd->next_name, rd->line.a + li->start, len);
  rd->next_name[len] = 0;
}

/* A candidates line of side n (form_candidates.c). */
static int read_candidates(sks_reader *rd, const line_info *li, int n,
                           sks_puzzle **out, sks_error *err) {
  size_t s = li->start, len = li->t0end - s;
  if (prepare(rd, n, err))
    return -1;
  if (rd->spare && rd->spare_n == n)
    rd->p->removed = rd->spare, rd->spare = NULL;
  if (sks_candidates_read(rd->line.a + s, len, n, rd->opt.hex, rd->p,
                          rd->lineno, (long)s + 1, err))
    return -1;
  for (s = li->t0end; s < li->end && is_space((unsigned char)rd->line.a[s]);)
    s++;
  set_name(rd, s, li->end);
  finish(rd, SKS_LAYOUT_CANDIDATES, out);
  return 1;
}

static int next_puzzle(sks_reader *rd, sks_puzzle **out, sks_error *err);

int sks_reader_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  int r = next_puzzle(rd, out, err);
  free(rd->next_name); /* a name names the one puzzle after it */
  rd->next_name = NULL;
  return r;
}

static int next_puzzle(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  sks_require(rd && out, "reader and out must not be NULL");
  *out = NULL;
  if (rd->skip)
    resync(rd);
  for (;;) {
    if (!read_line(rd)) {
      if (sks_input_failed(rd->in) && !rd->failed_reported) {
        rd->failed_reported = true;
        return sks_error_set(err, -1, rd->lineno + 1, 1, "read error");
      }
      return 0;
    }
    line_info li;
    analyze(rd, &li);
    if (is_comment(rd, &li))
      continue;
    if (rd->toolong)
      return sks_error_set(err, -1, rd->lineno, LINE_LIMIT + 1,
                           "line longer than %d bytes", LINE_LIMIT);
    if (is_blank_line(&li)) {
      rd->rule_seen = false;
      continue;
    }
    if (li.ruleish && !dash_puzzle(rd, &li)) {
      rd->rule_seen = true;
      continue;
    }
    if (name_line(rd, &li)) {
      keep_name(rd, &li);
      continue;
    }
    int cn = li.t0bar ? 0
                      : sks_candidates_detect(
                            rd->line.a + li.start, li.t0end - li.start,
                            rd->opt.box_rows * rd->opt.box_cols, rd->opt.hex);
    if (cn)
      return read_candidates(rd, &li, cn, out, err);
    if (one_line_form(rd, &li))
      return read_one_line(rd, &li, out, err);
    return read_grid(rd, &li, out, err);
  }
}

sks_reader *sks_reader_new(sks_input *in, const sks_format_options *opt) {
  sks_require(in, "input must not be NULL");
  sks_reader *rd = sks_calloc(1, sizeof *rd);
  rd->in = in;
  if (opt)
    rd->opt = *opt;
  sks_require((rd->opt.box_rows > 0) == (rd->opt.box_cols > 0),
              "box_rows and box_cols are both set or both 0");
  sks_require(!(rd->opt.variants & SKS_VARIANT_JIGSAW) ||
                  (rd->opt.jigsaw && rd->opt.box_rows > 0),
              "a jigsaw map needs box_rows and box_cols (its size)");
  return rd;
}

void sks_reader_delete(sks_reader *rd) {
  if (!rd)
    return;
  sks_puzzle_delete(rd->p);
  SKS_STACK_FREE(rd->line);
  SKS_STACK_FREE(rd->ahead);
  free(rd->next_name);
  free(rd->spare);
  free(rd);
}

int sks_puzzle_parse(const char *text, const sks_format_options *opt,
                     sks_puzzle **out, sks_error *err) {
  sks_require(text && out, "text and out must not be NULL");
  *out = NULL;
  sks_input *in = sks_input_memory(text, strlen(text));
  sks_reader *rd = sks_reader_new(in, opt);
  sks_puzzle *p;
  int rc = sks_reader_next(rd, &p, err);
  if (rc == 0)
    rc = sks_error_set(err, -1, rd->lineno + 1, 1, "no puzzle in the text");
  if (rc == 1) {
    /* Exactly one: only blank, comment and rule lines may follow. */
    while (rc == 1 && read_line(rd)) {
      line_info li;
      analyze(rd, &li);
      if (rd->toolong ||
          !(is_blank_line(&li) || is_comment(rd, &li) || li.ruleish))
        rc = sks_error_set(err, -1, rd->lineno, (long)li.start + 1,
                           "text after the puzzle");
    }
  }
  if (rc == 1) {
    rd->p = NULL;
    *out = p;
  }
  sks_reader_delete(rd);
  sks_input_close(in);
  return rc == 1 ? 0 : -1;
}
