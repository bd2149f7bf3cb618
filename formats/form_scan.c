/* The puzzle reader's shared parts: lines (read, scanned once into an
 * sks_line_info, looked ahead), symbol tables, cells, and the puzzle being
 * filled (form_int.h). */
#include "form_buffer_int.h"
#include "form_int.h"
#include "input_int.h"
#include "require_int.h"

#include <stdint.h>
#include <string.h>

/* Byte classes for scanning a line in one pass. */
enum {
  C_SPACE = 1,
  C_DIGIT = 2,
  C_BAR = 4,
  C_DASH = 8,
  C_PLUSEQ = 16,
  C_RULE = 32, /* - = + | */
  C_COMMA = 64,
  C_ODD = 128 /* '#', 0xC2: looked at again when a line holds one */
};

static const unsigned char byte_class[256] = {
    [' '] = C_SPACE,
    ['\t'] = C_SPACE,
    ['\v'] = C_SPACE,
    ['\f'] = C_SPACE,
    ['\r'] = C_SPACE,
    ['0'] = C_DIGIT,
    ['1'] = C_DIGIT,
    ['2'] = C_DIGIT,
    ['3'] = C_DIGIT,
    ['4'] = C_DIGIT,
    ['5'] = C_DIGIT,
    ['6'] = C_DIGIT,
    ['7'] = C_DIGIT,
    ['8'] = C_DIGIT,
    ['9'] = C_DIGIT,
    ['|'] = C_BAR | C_RULE,
    ['-'] = C_DASH | C_RULE,
    ['+'] = C_PLUSEQ | C_RULE,
    ['='] = C_PLUSEQ | C_RULE,
    /* Simple Sudoku's border corners: *-----------* */
    ['*'] = C_PLUSEQ | C_RULE,
    [','] = C_COMMA,
    ['#'] = C_ODD,
    [0xC2] = C_ODD};

bool sks_form_is_square(long k, int *root) {
  long r = 0;
  while ((r + 1) * (r + 1) <= k)
    r++;
  *root = (int)r;
  return r * r == k;
}

/* Reads up to the end of the line the input stands in (its line end
 * included). */
void sks_form_skip_line(sks_reader *rd) {
  rd->in_cut = false;
  for (;;) {
    int ch = sks_input_next(rd->in);
    if (ch == EOF) {
      rd->eof = true;
      return;
    }
    if (ch == '\n')
      return;
    if (ch == '\r') {
      int next = sks_input_next(rd->in);
      if (next != '\n' && next != EOF)
        sks_input_ungetc(rd->in, next);
      return;
    }
  }
}

/* Reads the next line into rd->line; false at the end of the input.
 * "\n", "\r\n" and a lone "\r" all end a line. */
bool sks_form_read_line(sks_reader *rd) {
  if (rd->pending) {
    rd->pending = false;
    return true;
  }
  if (rd->have_ahead) {
    sks_line_buf t = rd->line;
    rd->line = rd->ahead;
    rd->ahead = t;
    rd->lineno = rd->ahead_lineno;
    rd->toolong = rd->ahead_toolong;
    rd->have_ahead = false;
    return true;
  }
  if (rd->eof)
    return false;
  if (rd->in_cut) /* the rest of a line cut at the limit */
    sks_form_skip_line(rd);
  int ch = rd->eof ? EOF : sks_input_next(rd->in);
  if (ch == EOF) {
    rd->eof = true;
    return false;
  }
  rd->toolong = false;
  rd->lineno++;
  size_t len = 0;
  sks_input *in = rd->in;
  /* The fast path: the bytes buffered, none pushed back, copied up to the
   * line end in one block; what is left of the line after the buffer, or
   * past the limit, goes the byte-at-a-time way below. */
  while (ch != EOF && ch != '\n' && ch != '\r' && !in->npushed &&
         len < SKS_LINE_LIMIT) {
    size_t avail = in->len - in->pos, room = SKS_LINE_LIMIT - len - 1;
    size_t take = avail < room ? avail : room;
    if (len + 1 + take > rd->line.cap)
      SKS_STACK_RESERVE(rd->line, len + 1 + take);
    unsigned char *out = (unsigned char *)rd->line.a + len;
    const unsigned char *d = in->data + in->pos, *e = d + take;
    *out++ = (unsigned char)ch;
    /* The lines that come here are mostly long (a grid's plain rows and
     * a run of numbers one a line are taken before, sks_form_take). */
    const unsigned char *q = sks_form_line_stop(d, e);
    memcpy(out, d, (size_t)(q - d));
    out += q - d;
    d = q;
    len = (size_t)(out - (unsigned char *)rd->line.a);
    in->pos = (size_t)(d - in->data);
    ch = sks_input_next(in);
  }
  while (ch != EOF && ch != '\n') {
    if (ch == '\r') {
      int next = sks_input_next(rd->in);
      if (next != '\n' && next != EOF)
        sks_input_ungetc(rd->in, next);
      break;
    }
    if (len == SKS_LINE_LIMIT) {
      /* The rest stays in the input: the XML form reads it, the next
       * read_line skips it. */
      sks_input_ungetc(rd->in, ch);
      rd->toolong = rd->in_cut = true;
      break;
    }
    if (len == rd->line.cap)
      SKS_STACK_RESERVE(rd->line, len + 1);
    rd->line.a[len++] = (char)ch;
    ch = sks_input_next(rd->in);
  }
  rd->line.n = len;
  rd->line.id = ++rd->line_ids;
  if (ch == EOF)
    rd->eof = true;
  /* A UTF-8 byte-order mark (editors on Windows write one) is no symbol. */
  if (rd->lineno == 1 && len >= 3 && !memcmp(rd->line.a, "\xEF\xBB\xBF", 3)) {
    memmove(rd->line.a, rd->line.a + 3, len - 3);
    rd->line.n = len - 3;
  }
  return true;
}

static void analyze(const sks_reader *rd, sks_line_info *li) {
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
    unsigned tok_all = ~0u, tok_any = 0;
    /* Four bytes a step while none is a space (a one-line puzzle's token
     * is 81 bytes), then byte by byte. */
    for (; i + 4 <= n; i += 4) {
      unsigned c0 = byte_class[s[i]], c1 = byte_class[s[i + 1]],
               c2 = byte_class[s[i + 2]], c3 = byte_class[s[i + 3]];
      if ((c0 | c1 | c2 | c3) & C_SPACE)
        break;
      tok_any |= c0 | c1 | c2 | c3;
      tok_all &= c0 & c1 & c2 & c3;
    }
    for (; i < n; i++) {
      unsigned cls = byte_class[s[i]];
      if (cls & C_SPACE)
        break;
      tok_any |= cls;
      tok_all &= cls;
    }
    any |= tok_any;
    all &= tok_all;
    if (tok_any & C_BAR) {
      if (!li->ntok)
        li->t0bar = true;
      long bars = 0; /* a local: a store through li may alias s */
      for (size_t k = t; k < i; k++)
        bars += s[k] == '|';
      li->cells -= bars;
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
    li->numbers_blank &= number || (i - t == 1 && sks_form_number_blank(s[t]));
    if (number) {
      /* Compared with sizes only: any number past 6 digits is 100000. */
      long val = i - t > 6 ? 100000 : 0;
      for (size_t k = t; k < i && i - t <= 6; k++)
        val = val * 10 + (s[k] - '0');
      if (val > li->maxval)
        li->maxval = val;
    }
    while (i < n && (byte_class[s[i]] & C_SPACE))
      i++;
  }
  li->cells += bytes;
  li->bar = any & C_BAR;
  li->plus_eq = any & C_PLUSEQ;
  li->comma = any & C_COMMA;
  li->odd = any & C_ODD;
  li->ruleish = li->ntok && (all & C_RULE);
  if (li->ruleish) {
    long dashes = 0;
    for (size_t k = li->start; k < li->end; k++)
      dashes += s[k] == '-';
    li->dashes = dashes;
  }
  if (!li->ntok)
    li->numbers = li->numbers_blank = li->single = false;
}

/* A line of cells padded with no-break spaces (U+00A0, UTF-8 C2 A0):
 * digits, blanks, '|' and white space besides.  Each no-break space
 * becomes two spaces (columns stay byte columns); a line with other text
 * (a name may hold one) stays as it is.  true: changed. */
static bool nbsp_to_spaces(sks_reader *rd) {
  unsigned char *s = (unsigned char *)rd->line.a;
  size_t n = rd->line.n;
  bool any = false;
  if (!memchr(s, 0xC2, n)) /* a '#' made the line odd */
    return false;
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = s[i];
    if (ch == 0xC2 && i + 1 < n && s[i + 1] == 0xA0) {
      any = true;
      i++;
    } else if (!(byte_class[ch] & (C_SPACE | C_DIGIT | C_RULE)) && ch != '.' &&
               ch != '_' && ch != '?') {
      return false;
    }
  }
  for (size_t i = 0; any && i + 1 < n; i++)
    if (s[i] == 0xC2 && s[i + 1] == 0xA0)
      s[i] = s[i + 1] = ' ';
  return any;
}

void sks_form_cut_comment(sks_reader *rd, sks_line_info *li) {
  const char *a = rd->line.a;
  for (size_t i = li->start + 1; i < li->end; i++)
    if (a[i] == '#' && sks_text_is_space((unsigned char)a[i - 1])) {
      while (i > li->start && sks_text_is_space((unsigned char)a[i - 1]))
        i--;
      rd->line.n = i;
      sks_form_analyze(rd, li);
      return;
    }
}

/* Scans the current line, or gives the scan it had when it was looked at
 * before (a one-line puzzle's line is looked at three times: the look
 * ahead for a region map after the puzzle before it, twice). */
void sks_form_analyze(sks_reader *rd, sks_line_info *li) {
  unsigned long long id = rd->line.id;
  for (int k = 0; k < 2; k++)
    if (id && rd->memo[k].id == id && rd->memo[k].n == rd->line.n) {
      *li = rd->memo[k].li;
      return;
    }
  do /* again after no-break spaces turn into spaces: one call site */
    analyze(rd, li);
  while (li->odd && nbsp_to_spaces(rd));
  int k = rd->memo_next;
  rd->memo_next = !k;
  rd->memo[k].id = id;
  rd->memo[k].n = rd->line.n;
  rd->memo[k].li = *li;
}

/* A row of numbers: digits only, or numbers with blanks ('.', '?', ...) where
 * the row cannot be grid symbols (a number of several digits, or more
 * cells than symbols spell).  A spaced grid row such as "5 3 . . 7" stays
 * a grid row. */
bool sks_form_numbers_row(const sks_line_info *li) {
  return li->numbers ||
         (li->numbers_blank && (li->multi || li->ntok > SKS_MAX_SYMBOL_N));
}

/* Swaps the current line with the one looked ahead. */
static void swap_ahead(sks_reader *rd) {
  sks_line_buf t = rd->line;
  rd->line = rd->ahead;
  rd->ahead = t;
  long l = rd->lineno;
  rd->lineno = rd->ahead_lineno;
  rd->ahead_lineno = l;
  bool b = rd->toolong;
  rd->toolong = rd->ahead_toolong;
  rd->ahead_toolong = b;
}

/* Reads the line after the current one into rd->ahead, unless a look
 * ahead did; false when there is none. */
static bool read_ahead(sks_reader *rd) {
  if (rd->have_ahead)
    return true;
  long lineno = rd->lineno;
  bool toolong = rd->toolong;
  sks_line_buf t = rd->line;
  rd->line = rd->ahead;
  rd->ahead = t;
  if (sks_form_read_line(rd)) {
    rd->have_ahead = true;
    rd->ahead_lineno = rd->lineno;
    rd->ahead_toolong = rd->toolong;
  }
  t = rd->line;
  rd->line = rd->ahead;
  rd->ahead = t;
  rd->lineno = lineno;
  rd->toolong = toolong;
  return rd->have_ahead;
}

bool sks_form_peek(sks_reader *rd, sks_line_test *test, long arg) {
  if (!read_ahead(rd))
    return false;
  swap_ahead(rd);
  sks_line_info li;
  sks_form_analyze(rd, &li);
  bool row = !rd->toolong && test(rd, &li, arg);
  swap_ahead(rd);
  return row;
}

/* Eight bytes at once: each is '.' or 0-9 (a plain line's bytes). */
static bool plain_word(uint64_t x) {
  const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
  if (x & high)
    return false; /* no byte past 0x7F: the sums below stay in their bytes */
  /* A byte's top bit: set by adding 0x50 when it is '0' or more, by
   * adding 0x46 when it is past '9'. */
  uint64_t digit = (x + 0x50 * ones) & ~(x + 0x46 * ones) & high;
  /* '.': its byte xor '.' is zero, which adding 0x7F leaves below the
   * top bit. */
  uint64_t y = x ^ ('.' * ones);
  uint64_t dot = ~(((y & ~high) + (high - ones)) | y) & high;
  return (digit | dot) == high;
}

bool sks_form_plain_line(const char *a, size_t n) {
  if (n != SKS_PLAIN_LEN)
    return false;
  bool ok = true;
  for (size_t i = 0; i + 8 <= SKS_PLAIN_LEN; i += 8) {
    uint64_t x;
    memcpy(&x, a + i, sizeof x);
    ok &= plain_word(x);
  }
  char last = a[SKS_PLAIN_LEN - 1];
  return ok && (last == '.' || (last >= '0' && last <= '9'));
}

bool sks_form_ahead_plain(sks_reader *rd) {
  if (!read_ahead(rd) || rd->ahead_toolong ||
      !sks_form_plain_line(rd->ahead.a, rd->ahead.n))
    return false;
  rd->plain_id = rd->ahead.id; /* it need not be looked at again */
  return true;
}

static bool numbers_row_of_width(const sks_reader *rd, const sks_line_info *li,
                                 long width) {
  (void)rd;
  return sks_form_numbers_row(li) && li->ntok == width;
}

/* Is the line after the current one a row of `width` numbers? */
bool sks_form_next_is_row(sks_reader *rd, long width) {
  return sks_form_peek(rd, numbers_row_of_width, width);
}

/* ------------------------------------------------------------------ */
/* Symbols. */

static const char LETTERS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

void sks_form_build_table(sks_reader *rd, int n, const char *alpha) {
  if (rd->table_n == n && rd->table_alpha == alpha && !rd->table_dirty)
    return;
  rd->table_dirty = false;
  rd->table_n = n;
  rd->table_alpha = alpha;
  memset(rd->sym, SKS_SYM_BAD, sizeof rd->sym);
  memset(rd->sym_class, 0, sizeof rd->sym_class);
  rd->sym['.'] = rd->sym['_'] = rd->sym['-'] = SKS_SYM_BLANK;
  rd->sym['0'] = SKS_SYM_BLANK; /* unless the alphabet has it */
  if (alpha) {
    for (int d = 0; d < n && alpha[d]; d++) {
      int ch = (unsigned char)alpha[d];
      rd->sym[ch] = (signed char)d;
      if (ch >= 'A' && ch <= 'Z')
        rd->sym[ch - 'A' + 'a'] = (signed char)d;
    }
    return;
  }
  for (int d = 0; d < 9 && d < n; d++) {
    rd->sym['1' + d] = (signed char)d;
    rd->sym_class['1' + d] = SKS_SYM_DIGIT;
  }
  /* Letters: digits 10.. of 1-9 A-Z; past those, while a letter alphabet
   * of n exists (n <= 26), letters of the first n. */
  for (int k = 0; k < 26 && k < n; k++) {
    int v = SKS_SYM_LETTER_BASE + k;
    unsigned char cls = v < n ? SKS_SYM_LETTER : SKS_SYM_HIGH;
    if (v >= n && n > 26)
      break;
    rd->sym['A' + k] = rd->sym['a' + k] = (signed char)v;
    rd->sym_class['A' + k] = rd->sym_class['a' + k] = cls;
  }
  if (n == SKS_MAX_GRID_N) {
    rd->sym[SKS_GRID_LAST_SYMBOL] = (signed char)(n - 1);
    rd->sym_class[SKS_GRID_LAST_SYMBOL] = SKS_SYM_LETTER;
  }
}

/* "1-9, A-G, '.' or '0'": what a grid of side n accepts. */
void sks_form_expected_symbols(char *buf, size_t size, int n,
                               const char *alpha) {
  if (alpha) {
    char first[SKS_MAX_SYMBOL_N + 1], runs[128];
    snprintf(first, sizeof first, "%.*s", n, alpha);
    sks_symbols_format(first, ", ", runs, sizeof runs);
    snprintf(buf, size, "%s%s", runs,
             strchr(first, '0') ? " or '.'" : ", '.' or '0'");
  } else if (n == 1)
    snprintf(buf, size, "1, '.' or '0'");
  else if (n <= 9)
    snprintf(buf, size, "1-%d, '.' or '0'", n);
  else if (n == 10)
    snprintf(buf, size, "1-9, A, '.' or '0'");
  else if (n <= SKS_MAX_SYMBOL_N)
    snprintf(buf, size, "1-9, A-%c, '.' or '0'", 'A' + n - 10);
  else
    snprintf(buf, size, "1-9, A-Z, '%c', '.' or '0'", SKS_GRID_LAST_SYMBOL);
}

int sks_form_row_seen(sks_reader *rd, unsigned before, size_t s, size_t e,
                      sks_error *err) {
  if (!(rd->seen & SKS_SYM_HIGH))
    return 0; /* no letter past 1-9 A-Z: nothing to tell */
  const unsigned char *a = (const unsigned char *)rd->line.a;
  if (!(before & SKS_SYM_HIGH))
    for (size_t i = s; i < e; i++)
      if (rd->sym_class[a[i]] & SKS_SYM_HIGH) {
        rd->high_line = rd->lineno;
        rd->high_col = (long)i + 1;
        rd->high_ch = (char)a[i];
        break;
      }
  if (!(rd->seen & SKS_SYM_DIGIT))
    return 0;
  /* Digits and letters only the letter alphabet has: the symbol that
   * made the mix is the error. */
  unsigned acc = before;
  size_t i = s;
  for (; i + 1 < e; i++) {
    acc |= rd->sym_class[a[i]];
    if ((acc & SKS_SYM_DIGIT) && (acc & SKS_SYM_HIGH))
      break;
  }
  if (rd->sym_class[a[i]] & SKS_SYM_HIGH)
    return sks_form_bad_symbol(rd, i, err); /* after digits */
  int n = rd->p->shape->n;
  return sks_error_set(err, -1, rd->lineno, (long)i + 1,
                       "unexpected '%c' (expected A-%c, '.' or '0': '%c' at "
                       "%ld:%ld writes the puzzle in letters)",
                       a[i], 'A' + n - 1, rd->high_ch, rd->high_line,
                       rd->high_col);
}

void sks_form_settle(sks_reader *rd) {
  unsigned seen = rd->seen;
  rd->seen = 0;
  sks_puzzle *p = rd->p;
  int n = p->shape->n;
  if ((seen & SKS_SYM_DIGIT) || !(seen & (SKS_SYM_LETTER | SKS_SYM_HIGH)) ||
      n > 26)
    return;
  /* Letters only (docs/formats.md, "Alphabets"): A is 1. */
  for (long i = 0; i < (long)n * n; i++)
    if (p->cell[i] >= 0)
      p->cell[i] -= SKS_SYM_LETTER_BASE;
  memcpy(p->look.symbols, LETTERS, (size_t)n);
  p->look.symbols[n] = 0;
  sks_form_build_table(rd, n, LETTERS); /* for a solution field after it */
}

int sks_form_bad_symbol(sks_reader *rd, size_t pos, sks_error *err) {
  char what[16], expect[160];
  sks_describe_byte(what, sizeof what, (unsigned char)rd->line.a[pos]);
  sks_form_expected_symbols(expect, sizeof expect, rd->table_n,
                            rd->table_alpha);
  return sks_error_set(err, -1, rd->lineno, (long)pos + 1,
                       "unexpected %s (expected %s)", what, expect);
}

bool sks_form_stray(sks_reader *rd, size_t pos) {
  unsigned char ch = (unsigned char)rd->line.a[pos];
  if (rd->stray || rd->table_alpha || ch <= ' ' || ch >= 0x7f ||
      (ch >= '0' && ch <= '9') || ch == '|' || ch == ',' || ch == '#')
    return false;
  rd->stray = (char)ch;
  rd->stray_count = 0; /* the caller counts it as it counts every blank */
  rd->stray_line = rd->lineno;
  rd->stray_col = (long)pos + 1;
  rd->sym[ch] = SKS_SYM_BLANK;
  if (ch >= 'A' && ch <= 'Z')
    rd->sym[ch - 'A' + 'a'] = SKS_SYM_BLANK;
  else if (ch >= 'a' && ch <= 'z')
    rd->sym[ch - 'a' + 'A'] = SKS_SYM_BLANK;
  rd->table_dirty = true; /* built again for the next puzzle */
  return true;
}

void sks_form_count_stray(sks_reader *rd, size_t s, size_t e) {
  if (!rd->stray)
    return; /* a loop of its own: the cells' loops stay as they were */
  const char *a = rd->line.a;
  int lower = rd->stray | 0x20;
  for (size_t i = s; i < e; i++)
    rd->stray_count += (a[i] | 0x20) == lower;
}

int sks_form_stray_end(sks_reader *rd, sks_error *err) {
  if (!rd->stray || rd->stray_count >= rd->p->shape->n)
    return 0;
  char what[16], expect[160];
  sks_describe_byte(what, sizeof what, (unsigned char)rd->stray);
  sks_form_expected_symbols(expect, sizeof expect, rd->p->shape->n, NULL);
  return sks_error_set(err, -1, rd->stray_line, rd->stray_col,
                       "unexpected %s (expected %s)", what, expect);
}

int sks_form_wrong_count(sks_reader *rd, int row, long cells, size_t col,
                         sks_error *err) {
  return sks_error_set(err, -1, rd->lineno, (long)col,
                       "row %d has %ld cell%s, expected %d", row + 1, cells,
                       cells == 1 ? "" : "s", rd->p->shape->n);
}

/* Reads row `row` of the puzzle from the symbols of [s, e) (whitespace and
 * '|' between them are ignored). */
int sks_form_parse_symbols(sks_reader *rd, int row, size_t s, size_t e,
                           sks_error *err) {
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int n = rd->p->shape->n, k = 0;
  int *cell = rd->p->cell + (size_t)row * n;
  long count = 0;
  size_t extra = 0;
  unsigned before = rd->seen, seen = before;
  char blank = rd->blank;
  for (size_t i = s; i < e; i++) {
    int ch = a[i];
    int v = rd->sym[ch];
    /* A cell, most bytes: no alphabet holds a space or '|' (they are
     * SKS_SYM_BAD in every table). */
    if (v >= SKS_SYM_BLANK && k < n) {
      if (v == SKS_SYM_BLANK && !blank)
        blank = (char)ch;
      seen |= rd->sym_class[ch];
      cell[k++] = v;
      continue;
    }
    if (sks_text_is_space(ch) || ch == '|')
      continue;
    if (v == SKS_SYM_BAD && k < n && sks_form_stray(rd, i)) {
      i--; /* read again as the blank it now is */
      continue;
    }
    if (v == SKS_SYM_BAD) {
      rd->blank = blank;
      return sks_form_bad_symbol(rd, i, err);
    }
    if (!count++) /* past the row's n cells */
      extra = i;
  }
  rd->blank = blank;
  rd->seen = seen;
  sks_form_count_stray(rd, s, e);
  if (sks_form_row_seen(rd, before, s, e, err))
    return -1;
  if (count)
    return sks_form_wrong_count(rd, row, n + count, extra + 1, err);
  if (k < n)
    return sks_form_wrong_count(rd, row, k, e + 1, err);
  return 0;
}

/* Reads `want` cells from whitespace-separated numbers in [s, e) into
 * cell: row `row` of the puzzle, or (want = n*n) all of it. */
int sks_form_parse_number_cells(sks_reader *rd, int *cell, int want, int row,
                                size_t s, size_t e, sks_error *err) {
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int n = rd->p->shape->n, k = 0;
  size_t i = s, extra = 0;
  long count = 0;
  while (i < e) {
    size_t t = i;
    long val = 0;
    bool blank = i + 1 == e || sks_text_is_space(a[i + 1]);
    if (blank && sks_form_number_blank(a[i])) {
      /* a blank, as the big-grid files write it */
      if (!rd->blank)
        rd->blank = (char)a[i];
      i++;
    }
    for (; i < e && !sks_text_is_space(a[i]); i++) {
      if (a[i] < '0' || a[i] > '9') {
        char what[16];
        sks_describe_byte(what, sizeof what, a[i]);
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
      if (val)
        rd->seen |= SKS_SYM_DIGIT; /* a row in letters after it is a mix */
      cell[k++] = (int)val - 1;
    }
    while (i < e && sks_text_is_space(a[i]))
      i++;
  }
  if (count)
    return sks_form_wrong_count(rd, row, want + count, extra + 1, err);
  if (k < want)
    return sks_form_wrong_count(rd, row, k, e + 1, err);
  return 0;
}

/* Makes rd->p a puzzle of side n (reusing it when the shape is the same)
 * and resets the per-puzzle state.  The cells are not cleared: every row
 * read fills all of its cells, and a puzzle with an error is not handed
 * out. */
int sks_form_prepare(sks_reader *rd, int n, sks_error *err) {
  int br, bc;
  sks_puzzle *p = rd->p;
  if (p && p->removed) { /* kept for the next candidates line */
    free(rd->spare_removed);
    rd->spare_removed = p->removed;
    rd->spare_removed_n = p->shape->n;
    p->removed = NULL;
  }
  if (p && p->look.solution) { /* kept for the next puzzle that has one */
    free(rd->spare_solution);
    rd->spare_solution = p->look.solution;
    rd->spare_n = p->shape->n;
    p->look.solution = NULL;
  }
  bool hdr = rd->hdr_next && rd->hdr_next == rd->lineno && rd->hdr[1];
  rd->hdr_next = 0;
  if (hdr && rd->opt.box_rows &&
      (rd->opt.box_rows != rd->hdr[0] || rd->opt.box_cols != rd->hdr[1]))
    return sks_error_set(err, -1, rd->hdr_line, 1,
                         "a box-shape header of %dx%d boxes above a grid "
                         "read with --box %dx%d",
                         rd->hdr[0], rd->hdr[1], rd->opt.box_rows,
                         rd->opt.box_cols);
  if (hdr && rd->hdr[0] * rd->hdr[1] != n)
    return sks_error_set(err, -1, rd->hdr_line, 1,
                         "a box-shape header of %dx%d boxes (a %dx%d grid) "
                         "above a %dx%d puzzle",
                         rd->hdr[0], rd->hdr[1], rd->hdr[0] * rd->hdr[1],
                         rd->hdr[0] * rd->hdr[1], n, n);
  if (hdr) {
    br = rd->hdr[0];
    bc = rd->hdr[1];
    rd->box_header = true;
  } else if (rd->opt.box_rows) {
    br = rd->opt.box_rows;
    bc = rd->opt.box_cols;
    if (br * bc != n)
      return sks_error_set(err, -1, rd->lineno, 1,
                           "a %dx%d puzzle (%ld cells) does not fit %dx%d "
                           "boxes, which make a %dx%d puzzle (%ld cells)",
                           n, n, (long)n * n, br, bc, br * bc, br * bc,
                           (long)br * bc * br * bc);
  } else if (p && p->shape->n == n && !p->look.box_header && !rd->p_mapped) {
    /* the default box of n (a header's shape, or the boxes of a map, such
     * as an ISS grid without boxes, were the last puzzle's own) */
    br = p->shape->box_rows, bc = p->shape->box_cols;
  } else {
    sks_shape_default_box(n, &br, &bc);
  }
  /* One shape for every puzzle of this size: the puzzles handed out share
   * it, so a batch is one shape to the systems and backends. */
  if (!(p && !rd->p_mapped && p->shape->n == n && p->shape->box_rows == br &&
        p->shape->box_cols == bc)) {
    rd->p_mapped = false; /* a region map's shape is for its puzzle only */
    sks_puzzle_delete(p);
    rd->p = p = sks_puzzle_new(br, bc, rd->opt.variants, rd->opt.jigsaw, err);
    if (!p) {
      if (err)
        err->line = rd->lineno, err->col = 1;
      return -1;
    }
  }
  const char *alpha = sks_form_alphabet(rd);
  if (alpha && (int)strlen(alpha) != n) {
    char runs[64];
    sks_symbols_format(alpha, "", runs, sizeof runs);
    return sks_error_set(err, -1, rd->lineno, 1,
                         "a %dx%d puzzle does not fit the alphabet %s (%d "
                         "symbols)",
                         n, n, runs, (int)strlen(alpha));
  }
  sks_puzzle_set_name(p, NULL, 0);
  sks_puzzle_set_rules(p, NULL); /* the rule lines above it give its own */
  p->look.line = rd->lineno;
  p->look.symbols[0] = 0;
  rd->seen = 0;
  rd->stray = 0;
  p->look.ruled = false;
  p->look.box_header = rd->box_header;
  rd->box_header = false;
  rd->blank = 0;
  rd->ruled = rd->rule_seen;
  return 0;
}

int *sks_form_solution_array(sks_reader *rd) {
  sks_presentation *look = &rd->p->look;
  int n = rd->p->shape->n;
  if (!look->solution) { /* the last puzzle's, when the size is the same */
    if (rd->spare_solution && rd->spare_n == n)
      look->solution = rd->spare_solution;
    else {
      free(rd->spare_solution);
      look->solution = sks_malloc((size_t)n * n * sizeof *look->solution);
    }
    rd->spare_solution = NULL;
  }
  return look->solution;
}

void sks_form_finish(sks_reader *rd, sks_layout layout, sks_puzzle **out) {
  sks_puzzle *p = rd->p;
  p->look.layout = layout;
  if (rd->next_name && !p->look.name)
    sks_puzzle_set_name(p, rd->next_name, strlen(rd->next_name));
  bool numbers = layout == SKS_LAYOUT_NUMBERS ||
                 layout == SKS_LAYOUT_NUMBERS_LINE ||
                 layout == SKS_LAYOUT_NUMBERS_COLUMN;
  if (numbers)
    p->look.blank = sks_form_number_blank(rd->blank) ? rd->blank : '0';
  else
    p->look.blank = rd->blank ? rd->blank : '.';
  p->look.ruled = layout == SKS_LAYOUT_GRID && rd->ruled;
  if (numbers)
    p->look.symbols[0] = 0;
  rd->rule_seen = false;
  *out = p;
}

int sks_form_input_end(sks_reader *rd, sks_error *err) {
  if (sks_input_failed(rd->in) && !rd->failed_reported) {
    rd->failed_reported = true;
    return sks_error_set(err, -1, rd->lineno + 1, 1, "read error");
  }
  return 0;
}
