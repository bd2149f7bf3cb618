/* Writing puzzles and answers in the layout a puzzle came in, or one
 * asked for: one line, a grid (with the rules it had), numbers, or an
 * ipuz document (docs/formats.md, "Puzzle formats"). */
#include "form_candidates_int.h"
#include "form_int.h"
#include "require_int.h"
#include "sks_formats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

char sks_puzzle_symbol(const sks_puzzle *p, int d) {
  if (d < 0)
    return '.';
  if (p->look.symbols[0] && d < (int)strlen(p->look.symbols))
    return p->look.symbols[d];
  if (d < 9)
    return (char)('1' + d);
  if (d < SKS_MAX_SYMBOL_N)
    return (char)('A' + d - 9);
  return '?';
}

static char blank_symbol(const sks_puzzle *p) {
  char b = p->look.blank;
  /* A 2x2 or 3x3 grid row of '-' blanks would read back as a rule line
   * (only rows of 4 and more dashes are told from rules inside a grid). */
  if (b == '-' && p->shape->n <= 3)
    return '.';
  if (b == '.' || b == '_' || b == '-' ||
      (b == '0' && !strchr(p->look.symbols, '0')))
    return b;
  return '.';
}

/* Digit d as a number (d + 1) right-aligned in width; a blank as b ('.',
 * '?', '-' or '_': the puzzle's), else 0. */
static void put_number(FILE *out, char b, int d, int width) {
  if (d < 0 && (b == '.' || b == '?' || b == '-' || b == '_'))
    fprintf(out, "%*c", width ? width : 1, b);
  else
    fprintf(out, "%*d", width, d + 1);
}

/* The layout written when layout is asked for: symbols stop at
 * SKS_MAX_SYMBOL_N. */
static sks_layout layout_for(const sks_puzzle *p, sks_layout layout) {
  if (p->shape->n > SKS_MAX_SYMBOL_N && layout != SKS_LAYOUT_NUMBERS_LINE &&
      layout != SKS_LAYOUT_NUMBERS_COLUMN && layout != SKS_LAYOUT_IPUZ)
    return layout == SKS_LAYOUT_LINE || layout == SKS_LAYOUT_CANDIDATES
               ? SKS_LAYOUT_NUMBERS_LINE
               : SKS_LAYOUT_NUMBERS;
  return layout;
}

sks_layout sks_layout_of(const sks_puzzle *p) {
  return layout_for(p, p->look.layout);
}

static void write_rule(FILE *out, const sks_puzzle *p) {
  int boxes = p->shape->n / p->shape->box_cols;
  for (int j = 0; j < boxes; j++) {
    int width = 2 * p->shape->box_cols - 1 + (j > 0) + (j < boxes - 1);
    if (j > 0)
      putc('+', out);
    for (int k = 0; k < width; k++)
      putc('-', out);
  }
  putc('\n', out);
}

/* One line of symbols, written in one go (a batch's commonest answer: a
 * character at a time was most of its printing). */
/* The grid as one line of symbols into line (n*n bytes and a newline). */
static void fill_line(const sks_puzzle *p, const int *grid, char blank,
                      char *line) {
  int n = p->shape->n, cells = n * n;
  /* symbol[d + 1] writes digit d, symbol[0] a blank (-1): no branch a
   * cell */
  char symbol[SKS_MAX_SYMBOL_N + 1];
  symbol[0] = blank;
  for (int d = 0; d < n; d++)
    symbol[d + 1] = sks_puzzle_symbol(p, d);
  for (int i = 0; i < cells; i++)
    line[i] = symbol[grid[i] + 1];
  line[cells] = '\n';
}

static void write_line(FILE *out, const sks_puzzle *p, const int *grid,
                       char blank) {
  char line[SKS_MAX_SYMBOL_N * SKS_MAX_SYMBOL_N + 1];
  fill_line(p, grid, blank, line);
  fwrite(line, 1, (size_t)p->shape->n * p->shape->n + 1, out);
}

/* An 8x8 or 27x27 line has a cube's length too (a 4x4 or 9x9 puzzle's
 * candidates): true when the reader would take this one so. */
static bool line_reads_as_candidates(const sks_puzzle *p, const int *grid,
                                     char blank) {
  int n = p->shape->n;
  if (n != 8 && n != 27)
    return false;
  char line[SKS_MAX_SYMBOL_N * SKS_MAX_SYMBOL_N + 1];
  fill_line(p, grid, blank, line);
  return sks_candidates_detect(line, (size_t)n * n, 0, false) != 0;
}

/* A 9x9 grid in 1-9 as one line (a batch's commonest answer), its digits
 * checked on the way: a digit and a blank become a byte each (-1 blank,
 * 0-8), then symbols; with SSE2 sixteen cells a step, else in two loops
 * the compiler vectorizes.  false: a digit is out of range. */
static bool line9(char *line, const int *grid, char blank) {
  unsigned bad = 0;
  int i = 0;
#ifdef __SSE2__
  const __m128i none = _mm_set1_epi8(-1), top = _mm_set1_epi8(8),
                one = _mm_set1_epi8('1'), b = _mm_set1_epi8(blank);
  for (; i + 16 <= 81; i += 16) {
    const __m128i *q = (const __m128i *)(grid + i);
    __m128i x = _mm_packs_epi16(
        _mm_packs_epi32(_mm_loadu_si128(q), _mm_loadu_si128(q + 1)),
        _mm_packs_epi32(_mm_loadu_si128(q + 2), _mm_loadu_si128(q + 3)));
    /* saturation keeps an out-of-range value out of range */
    bad |= (unsigned)_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpgt_epi8(none, x), _mm_cmpgt_epi8(x, top)));
    __m128i is_blank = _mm_cmpeq_epi8(x, none);
    __m128i sym =
        _mm_or_si128(_mm_and_si128(is_blank, b),
                     _mm_andnot_si128(is_blank, _mm_add_epi8(x, one)));
    _mm_storeu_si128((__m128i *)(line + i), sym);
  }
#endif
  unsigned char t[81];
  for (int k = i; k < 81; k++) {
    unsigned g = (unsigned)grid[k] + 1u; /* a blank (-1) is 0 */
    bad |= g > 9u;
    t[k] = (unsigned char)g;
  }
  for (int k = i; k < 81; k++)
    line[k] = t[k] ? (char)('0' + t[k]) : blank;
  line[81] = '\n';
  return !bad;
}

/* The length of the UTF-8 sequence at s (at most len bytes), 0 when it is
 * none. */
static int utf8_len(const unsigned char *s, size_t len) {
  int k = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
          : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
          : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
                                         : 0;
  if (!k || (size_t)k > len)
    return 0;
  for (int i = 1; i < k; i++)
    if ((s[i] & 0xC0) != 0x80)
      return 0;
  /* overlong 3- and 4-byte forms, surrogates, past U+10FFFF */
  if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
      (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
    return 0;
  return k;
}

/* text as a JSON string: a byte that is not UTF-8 as '?'. */
static void put_json_string(FILE *out, const char *text) {
  const unsigned char *s = (const unsigned char *)text;
  size_t len = strlen(text);
  putc('"', out);
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = s[i];
    if (ch == '"' || ch == '\\') {
      putc('\\', out);
      putc(ch, out);
    } else if (ch < 0x20 || ch == 0x7F) {
      fprintf(out, "\\u%04x", ch);
    } else if (ch < 0x80) {
      putc(ch, out);
    } else {
      int k = utf8_len(s + i, len - i);
      if (!k) {
        putc('?', out);
        continue;
      }
      fwrite(s + i, 1, (size_t)k, out);
      i += (size_t)k - 1;
    }
  }
  putc('"', out);
}

/* The rows of grid as ipuz cells: numbers 1..n, or the symbols as strings
 * when the puzzle has its own; 0 for a blank. */
static void put_ipuz_rows(FILE *out, const sks_puzzle *p, const int *grid) {
  int n = p->shape->n;
  bool own = p->look.symbols[0] != 0;
  putc('[', out);
  for (int r = 0; r < n; r++) {
    fputs(r ? ",[" : "[", out);
    for (int c = 0; c < n; c++) {
      int d = grid[r * n + c];
      if (c)
        putc(',', out);
      if (d >= 0 && own)
        fprintf(out, "\"%c\"", sks_puzzle_symbol(p, d));
      else
        fprintf(out, "%d", d + 1);
    }
    putc(']', out);
  }
  putc(']', out);
}

/* One ipuz document on one line: the givens as its puzzle; grid, when it
 * is another grid and complete (an answer), or the solution the file
 * gave, as its solution; grid with blanks (a repaired puzzle) as the
 * puzzle itself. */
static void write_ipuz(FILE *out, const sks_puzzle *p, const int *grid) {
  int n = p->shape->n;
  bool complete = true;
  for (int i = 0; i < n * n; i++)
    complete &= grid[i] >= 0;
  const int *givens = grid, *solution = NULL;
  if (grid != p->cell && complete)
    givens = p->cell, solution = grid;
  else if (grid == p->cell)
    solution = p->look.solution;
  fputs("{\"version\":\"http://ipuz.org/v2\",\"kind\":[\"http://ipuz.org/"
        "sudoku#1\"]",
        out);
  if (p->look.name) {
    fputs(",\"title\":", out);
    put_json_string(out, p->look.name);
  }
  if (n <= SKS_MAX_SYMBOL_N) {
    char charset[SKS_MAX_SYMBOL_N + 1];
    for (int d = 0; d < n; d++)
      charset[d] = sks_puzzle_symbol(p, d);
    charset[n] = 0;
    fprintf(out, ",\"charset\":\"%s\",\"displaycharset\":true", charset);
  }
  fputs(",\"boxes\":true,\"puzzle\":", out);
  put_ipuz_rows(out, p, givens);
  if (solution) {
    fputs(",\"solution\":", out);
    put_ipuz_rows(out, p, solution);
  }
  fputs("}\n", out);
}

int sks_puzzle_write_rules(FILE *out, const sks_puzzle *p) {
  sks_require(out && p, "out and puzzle must not be NULL");
  const sks_rules *rs = p->rules;
  char buf[256];
  int br, bc;
  sks_shape_default_box(p->shape->n, &br, &bc);
  if (!p->shape->jigsaw && p->shape->box_rows == 1 && br != 1)
    fputs("no-boxes\n", out); /* a grid without boxes (form_rules.c) */
  for (int i = 0; rs && i < rs->count; i++) {
    size_t need = sks_rule_write(&rs->rule[i], p->shape->n, buf, sizeof buf);
    if (need < sizeof buf)
      fwrite(buf, 1, need, out);
    else { /* a long rule (a cage over many cells of a big grid) */
      char *big = sks_malloc(need + 1);
      sks_rule_write(&rs->rule[i], p->shape->n, big, need + 1);
      fwrite(big, 1, need, out);
      free(big);
    }
    putc('\n', out);
  }
  return ferror(out) ? -1 : 0;
}

int sks_puzzle_write(FILE *out, const sks_puzzle *p, const int *grid) {
  sks_require(p, "puzzle must not be NULL");
  return sks_puzzle_write_as(out, p, grid, p->look.layout) < 0 ? -1 : 0;
}

int sks_puzzle_write_as(FILE *out, const sks_puzzle *p, const int *grid,
                        sks_layout want) {
  sks_require(out && p, "out and puzzle must not be NULL");
  int n = p->shape->n;
  if (!grid)
    grid = p->cell;
  if (n == 9 && !p->look.symbols[0] && layout_for(p, want) == SKS_LAYOUT_LINE) {
    char line[82];
    sks_require(line9(line, grid, blank_symbol(p)), "grid digit out of range");
    fwrite(line, 1, sizeof line, out);
    return ferror(out) ? -1 : (int)SKS_LAYOUT_LINE;
  }
  int bad = 0, cells = n * n;
  for (int i = 0; i < cells; i++) /* no branch a cell */
    bad |= (grid[i] < -1) | (grid[i] >= n);
  sks_require(!bad, "grid digit out of range");
  char blank = blank_symbol(p);
  sks_layout layout = layout_for(p, want);
  if (layout == SKS_LAYOUT_LINE && line_reads_as_candidates(p, grid, blank))
    layout = SKS_LAYOUT_GRID;  /* rows, which read back as they were */
  char nblank = p->look.blank; /* the number layouts' */
  if (blank == '-' || nblank == '-') {
    /* An empty first row of dashes (or a line of the whole grid's) would
     * read as a rule line. */
    bool whole = layout == SKS_LAYOUT_LINE || layout == SKS_LAYOUT_NUMBERS_LINE;
    bool empty = true;
    for (int c = 0; c < (whole ? cells : n); c++)
      empty &= grid[c] < 0;
    if (empty && blank == '-')
      blank = '.';
    if (empty && nblank == '-')
      nblank = '.';
  }
  if (p->look.box_header && p->shape->box_rows > 1 &&
      (layout == SKS_LAYOUT_GRID || layout == SKS_LAYOUT_NUMBERS)) {
    /* The shape it came with, which its size alone would not give (a
     * grid without boxes, boxes one row tall, says so by its rule line
     * "no-boxes": no header gives such boxes). */
    int br, bc;
    sks_shape_default_box(n, &br, &bc);
    if (br != p->shape->box_rows || bc != p->shape->box_cols)
      fprintf(out, "%d\n%d\n", p->shape->box_rows, p->shape->box_cols);
  }
  if (layout == SKS_LAYOUT_IPUZ) {
    write_ipuz(out, p, grid);
  } else if (layout == SKS_LAYOUT_CANDIDATES) {
    /* A filled cell keeps one candidate, an open one the puzzle's. */
    for (int i = 0; i < n * n; i++)
      for (int d = 0; d < n; d++) {
        bool on = grid[i] >= 0 ? grid[i] == d : sks_puzzle_allows(p, i, d);
        putc(on ? sks_puzzle_symbol(p, d) : '.', out);
      }
    putc('\n', out);
  } else if (layout == SKS_LAYOUT_LINE) {
    write_line(out, p, grid, blank);
  } else if (layout == SKS_LAYOUT_NUMBERS_LINE) {
    for (int i = 0; i < n * n; i++) {
      if (i)
        putc(' ', out);
      put_number(out, nblank, grid[i], 0);
    }
    putc('\n', out);
  } else if (layout == SKS_LAYOUT_NUMBERS_COLUMN) {
    for (int i = 0; i < n * n; i++) {
      put_number(out, nblank, grid[i], 0);
      putc('\n', out);
    }
  } else if (layout == SKS_LAYOUT_NUMBERS) {
    int width = n >= 100 ? 3 : n >= 10 ? 2 : 1;
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < n; c++) {
        if (c)
          putc(' ', out);
        put_number(out, nblank, grid[r * n + c], width);
      }
      putc('\n', out);
    }
  } else {
    /* Rows of 16 or 25 symbols would read as one-line 4x4 or 5x5 puzzles,
     * so plain grids of those sizes get a space between boxes (between
     * cells when boxes are narrower than 3: "12 34" reads as numbers). */
    /* An alphabet with 0 (hex) reads back only under its option, which
     * takes a row of n symbols as a row. */
    bool zero = strchr(p->look.symbols, '0') != NULL;
    int gap = !zero && (n == 16 || n == 25) ? p->shape->box_cols : 0;
    if (gap && gap < 3)
      gap = 1;
    /* Without boxes (rows as boxes) a ruled grid has no bars, and a side
     * that is a square makes its spaced rows read as one-line puzzles of
     * numbers ("1 1 2 2 2 2 3 3 3" a 3x3): rows plain then. */
    int root;
    bool ruled = p->look.ruled &&
                 !(p->shape->box_rows == 1 && sks_form_is_square(n, &root));
    for (int r = 0; r < n; r++) {
      if (ruled && r > 0 && r % p->shape->box_rows == 0)
        write_rule(out, p);
      for (int c = 0; c < n; c++) {
        if (c > 0 && ruled)
          fputs(c % p->shape->box_cols ? " " : " | ", out);
        else if (c > 0 && gap && c % gap == 0)
          putc(' ', out);
        int d = grid[r * n + c];
        putc(d < 0 ? blank : sks_puzzle_symbol(p, d), out);
      }
      putc('\n', out);
    }
  }
  return ferror(out) ? -1 : (int)layout;
}
