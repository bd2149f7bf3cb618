/* The candidates line ("sukaku"): a puzzle given by each cell's remaining
 * candidates, n*n*n symbols on one line (docs/formats.md, "Candidates
 * puzzles"). It loads as the exactly-one system with the missing candidates
 * removed; puzzle_write.c writes it back. */
#include "form_candidates_int.h"
#include "form_int.h"
#include "require_int.h"

#include <string.h>

enum { MIN_SIDE = 4 };

static const char HEX[] = "0123456789ABCDEF";

/* Digit d's symbol: 1-9 then A-Z, or 0-F for hex. */
static char symbol(int d, bool hex) {
  if (hex)
    return "0123456789ABCDEF"[d];
  return d < 9 ? (char)('1' + d) : (char)('A' + d - 9);
}

/* The digit a byte spells for side n (letters in either case), -1 for a
 * removed candidate, -2 for anything else. */
static int value(int ch, int n, bool hex) {
  if (ch == '.' || (ch == '0' && !hex))
    return -1;
  int up = ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
  int v = -2;
  if (hex)
    v = up >= '0' && up <= '9'   ? up - '0'
        : up >= 'A' && up <= 'F' ? up - 'A' + 10
                                 : -2;
  else if (up >= '1' && up <= '9')
    v = up - '1';
  else if (up >= 'A' && up <= 'Z')
    v = up - 'A' + 9;
  return v < n ? v : -2;
}

int sks_candidates_side(size_t len, int want) {
  long k = (long)len;
  if (k < (long)MIN_SIDE * MIN_SIDE * MIN_SIDE - MIN_SIDE * MIN_SIDE)
    return 0;
  int n = MIN_SIDE;
  while (n < SKS_MAX_SYMBOL_N &&
         (long)(n + 1) * (n + 1) * (n + 1) - k < k - (long)n * n * n)
    n++; /* the nearest cube */
  long cube = (long)n * n * n;
  if ((want && want != n) || (k - cube > (long)n * n) ||
      (cube - k > (long)n * n))
    return 0;
  return n;
}

int sks_candidates_detect(const char *tok, size_t len, int want, bool hex) {
  int n = sks_candidates_side(len, want);
  if (!n)
    return 0;
  long k = (long)len, cube = (long)n * n * n;
  int root;
  bool square = sks_form_is_square(k, &root);
  hex = hex && n == 16;
  if (k != cube) {
    /* A length off by less than a row of cells: a candidates line with
     * symbols missing or extra when it holds nothing else and its
     * symbols sit in their digits' places, counted from its start or
     * from its end (a symbol lost or added shifts only what follows). */
    if (square)
      return 0; /* a one-line puzzle's count */
    long symbols = 0, placed = 0;
    for (long i = 0; i < k; i++) {
      int v = value((unsigned char)tok[i], n, hex);
      if (v < -1)
        return 0;
      if (v >= 0) {
        symbols++;
        placed += v == i % n || v == (cube - k + i) % n;
      }
    }
    return symbols >= n && 10 * placed >= 9 * symbols ? n : 0;
  }
  /* Every symbol in its digit's place, or nearly (a stray byte is an
   * error the reader names).  A square count is also a one-line
   * puzzle's: that reading wins unless more symbols sit in place than
   * such a puzzle could (its column c takes only digit c mod n there,
   * so at most root of them). */
  long fit = 0, other = 0;
  for (long i = 0; i < k; i++) {
    int v = value((unsigned char)tok[i], n, hex);
    if (v == i % n)
      fit++;
    else if (v != -1)
      other++;
  }
  if (fit <= 2 * other || (square && !want && fit <= root))
    return 0;
  return n;
}

int sks_candidates_read(const char *tok, size_t len, int n, bool hex,
                        sks_puzzle *p, long line, long col, sks_error *err) {
  sks_require(p->shape->n == n, "puzzle side differs from the line's");
  long cube = (long)n * n * n, k = (long)len;
  if (k != cube) {
    long at = k < cube ? col + k : col + cube;
    return sks_error_set(err, -1, line, at,
                         "%ld symbols: a candidates line of a %dx%d puzzle "
                         "needs %ld (%d*%d*%d)",
                         k, n, n, cube, n, n, n);
  }
  hex = hex && n == 16;
  if (!p->removed)
    p->removed = sks_malloc((size_t)cube);
  for (int i = 0; i < n * n; i++) {
    int only = -1, count = 0;
    for (int d = 0; d < n; d++) {
      long pos = (long)i * n + d;
      int ch = (unsigned char)tok[pos];
      int v = value(ch, n, hex);
      if (v != -1 && v != d) {
        char what[16];
        sks_describe_byte(what, sizeof what, ch);
        return sks_error_set(err, -1, line, col + pos,
                             "unexpected %s in cell r%dc%d (expected '%c' "
                             "or '.')",
                             what, i / n + 1, i % n + 1, symbol(d, hex));
      }
      p->removed[pos] = v < 0;
      if (v >= 0)
        only = d, count++;
    }
    p->cell[i] = count == 1 ? only : -1;
  }
  if (hex)
    memcpy(p->look.symbols, HEX, sizeof HEX);
  else
    p->look.symbols[0] = 0;
  return 0;
}

/* ------------------------------------------------------------------ */
/* The row of the table of forms. */

/* Candidates lines spell digits 1-9 A-Z, or 0-F under --symbols 0-F. */
static bool hex_symbols(const sks_reader *rd) {
  const char *alpha = sks_form_alphabet(rd);
  return alpha && !strcmp(alpha, HEX);
}

static int side(const sks_reader *rd, const sks_line_info *li) {
  if (li->t0bar)
    return 0;
  return sks_candidates_detect(rd->line.a + li->start, li->t0end - li->start,
                               rd->opt.box_rows * rd->opt.box_cols,
                               hex_symbols(rd));
}

static bool recognise(sks_reader *rd, const sks_line_info *li) {
  return side(rd, li) > 0;
}

static int read(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                sks_error *err) {
  int n = side(rd, li);
  size_t s = li->start, len = li->t0end - s;
  if (sks_form_prepare(rd, n, err))
    return -1;
  if (rd->spare_removed && rd->spare_removed_n == n) {
    rd->p->removed = rd->spare_removed;
    rd->spare_removed = NULL;
  }
  if (sks_candidates_read(rd->line.a + s, len, n, hex_symbols(rd), rd->p,
                          rd->lineno, (long)s + 1, err))
    return -1;
  for (s = li->t0end;
       s < li->end && sks_text_is_space((unsigned char)rd->line.a[s]);)
    s++;
  sks_puzzle_set_name(rd->p, rd->line.a + s, li->end - s);
  sks_form_finish(rd, SKS_LAYOUT_CANDIDATES, out);
  return 1;
}

const sks_form sks_form_candidates = {
    .name = "candidates", .recognise = recognise, .read = read};
