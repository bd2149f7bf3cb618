/* Unit tests of the puzzle text formats: every form and size, round trips
 * through sks_puzzle_write, streams with errors and resynchronisation, and
 * the malformed-input corpus in tests/bad-input/puzzles. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sks_formats.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The test's own symbol alphabet, independent of the library's. */
static const char SYMBOLS[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
static const char HEX[] = "0123456789ABCDEF";

/* ------------------------------------------------------------------ */
/* Grids made and checked here. */

/* A valid solution for R x C boxes (the classic shifted pattern). */
static int *make_solution(int br, int bc) {
  int n = br * bc;
  int *g = malloc((size_t)n * n * sizeof *g);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      g[r * n + c] = (bc * (r % br) + r / br + c) % n;
  return g;
}

/* Every row, column and box holds each digit once. */
static bool valid_solution(const int *g, int br, int bc) {
  int n = br * bc;
  char *seen = malloc((size_t)n);
  bool ok = true;
  for (int k = 0; ok && k < 3 * n; k++) {
    memset(seen, 0, (size_t)n);
    for (int i = 0; ok && i < n; i++) {
      int r, c;
      if (k < n)
        r = k, c = i;
      else if (k < 2 * n)
        r = i, c = k - n;
      else {
        int b = k - 2 * n, per = n / bc;
        r = (b / per) * br + i / bc;
        c = (b % per) * bc + i % bc;
      }
      int d = g[r * n + c];
      ok = d >= 0 && d < n && !seen[d];
      if (ok)
        seen[d] = 1;
    }
  }
  free(seen);
  return ok;
}

/* Blanks cells of a solution by a fixed pseudo-random rule. */
static void blank_some(int *g, int n, unsigned seed) {
  for (int i = 0; i < n * n; i++) {
    seed = seed * 1103515245u + 12345u;
    if ((seed >> 16) % 3)
      g[i] = -1;
  }
}

static char sym(int d, bool hex) {
  return d < 0 ? '.' : hex ? HEX[d] : SYMBOLS[d];
}

/* Text builders, one per form. */
typedef struct text {
  char *s;
  size_t n, cap;
} text;

static void put(text *t, const char *s) {
  size_t len = strlen(s);
  if (t->n + len + 1 > t->cap) {
    t->cap = (t->n + len + 1) * 2;
    t->s = realloc(t->s, t->cap);
  }
  memcpy(t->s + t->n, s, len + 1);
  t->n += len;
}

static void putch(text *t, char ch) {
  char s[2] = {ch, 0};
  put(t, s);
}

static char *line_form(const int *g, int n, bool hex, const char *name) {
  text t = {0};
  for (int i = 0; i < n * n; i++)
    putch(&t, sym(g[i], hex));
  if (name) {
    put(&t, " ");
    put(&t, name);
  }
  put(&t, "\n");
  return t.s;
}

static char *grid_form(const int *g, int br, int bc, bool ruled, bool hex) {
  int n = br * bc;
  text t = {0};
  for (int r = 0; r < n; r++) {
    if (ruled && r % br == 0) {
      for (int c = 0; c < n; c++)
        put(&t, c % bc ? "--" : "+--");
      put(&t, "+\n");
    }
    for (int c = 0; c < n; c++) {
      if (ruled && c % bc == 0)
        put(&t, "| ");
      putch(&t, sym(g[r * n + c], hex));
      if (ruled)
        putch(&t, ' ');
    }
    put(&t, ruled ? "|\n" : "\n");
  }
  if (ruled) {
    for (int c = 0; c < n; c++)
      put(&t, c % bc ? "--" : "+--");
    put(&t, "+\n");
  }
  return t.s;
}

static char *numbers_form(const int *g, int n) {
  text t = {0};
  char buf[16];
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++) {
      snprintf(buf, sizeof buf, c ? " %d" : "%d", g[r * n + c] + 1);
      put(&t, buf);
    }
    put(&t, "\n");
  }
  return t.s;
}

/* sks_puzzle_write into a string. */
static char *written(const sks_puzzle *p, const int *grid) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  CHECK_EQ(sks_puzzle_write(f, p, grid), 0);
  fclose(f);
  return buf;
}

static bool same_cells(const sks_puzzle *p, const int *g) {
  for (int i = 0; i < p->shape->n * p->shape->n; i++)
    if (p->cell[i] != g[i])
      return false;
  return true;
}

static sks_puzzle *parse(const char *s, const sks_format_options *opt) {
  sks_puzzle *p = NULL;
  sks_error err = {0};
  if (sks_puzzle_parse(s, opt, &p, &err) != 0) {
    fprintf(stderr, "unexpected parse error %ld:%ld: %s\n", err.line, err.col,
            err.msg);
    return NULL;
  }
  return p;
}

/* Parses text, checks size, boxes, layout and cells; writes the puzzle and
 * its solution back, and checks that both read again the same way. */
static void check_form(const char *s, const sks_format_options *opt,
                       const int *givens, const int *solution, int br, int bc,
                       sks_layout layout) {
  int n = br * bc;
  sks_puzzle *p = parse(s, opt);
  CHECK(p != NULL);
  if (!p)
    return;
  CHECK_EQ(p->shape->n, n);
  CHECK_EQ(p->shape->box_rows, br);
  CHECK_EQ(p->shape->box_cols, bc);
  CHECK_EQ(p->look.layout, layout);
  CHECK(same_cells(p, givens));
  char *out = written(p, givens);
  sks_puzzle *q = parse(out, opt);
  CHECK(q && q->shape->n == n && q->look.layout == p->look.layout &&
        q->look.ruled == p->look.ruled);
  CHECK(q && same_cells(q, givens));
  char *ans = written(p, solution);
  sks_puzzle *a = parse(ans, opt);
  CHECK(a && a->shape->n == n && sks_puzzle_givens(a) == n * n);
  CHECK(a && valid_solution(a->cell, br, bc));
  CHECK(a && same_cells(a, solution));
  free(out);
  free(ans);
  sks_puzzle_delete(p);
  sks_puzzle_delete(q);
  sks_puzzle_delete(a);
}

/* Every form for one box shape. */
static void check_shape(int br, int bc) {
  int n = br * bc;
  int *sol = make_solution(br, bc);
  CHECK(valid_solution(sol, br, bc));
  int *giv = make_solution(br, bc);
  blank_some(giv, n, (unsigned)n);
  sks_format_options none = {0}, box = {.box_rows = br, .box_cols = bc};
  int dbr, dbc;
  sks_shape_default_box(n, &dbr, &dbc);
  const sks_format_options *opt = dbr == br && dbc == bc ? &none : &box;
  char *s;
  if (n <= 35) {
    if (n >= 4 || opt == &box) {
      s = line_form(giv, n, false, NULL);
      check_form(s, opt, giv, sol, br, bc, SKS_LAYOUT_LINE);
      free(s);
    }
    s = grid_form(giv, br, bc, false, false);
    check_form(s, opt, giv, sol, br, bc, SKS_LAYOUT_GRID);
    free(s);
    s = grid_form(giv, br, bc, true, false);
    check_form(s, opt, giv, sol, br, bc, SKS_LAYOUT_GRID);
    free(s);
  }
  s = numbers_form(giv, n);
  check_form(s, opt, giv, sol, br, bc, SKS_LAYOUT_NUMBERS);
  free(s);
  free(sol);
  free(giv);
}

static void test_sizes(void) {
  check_shape(2, 2);
  check_shape(2, 3);
  check_shape(3, 2); /* 6x6 with the boxes given the other way */
  check_shape(2, 4);
  check_shape(3, 3);
  check_shape(2, 5);
  check_shape(3, 4);
  check_shape(3, 5);
  check_shape(4, 4);
  check_shape(4, 5);
  check_shape(5, 5);
  check_shape(5, 7); /* 35x35, the largest with symbols */
  check_shape(6, 6);
  check_shape(7, 7);
  check_shape(8, 8);
  check_shape(1, 2); /* tiny sizes fall out too */
  check_shape(1, 3);
}

/* ------------------------------------------------------------------ */
/* Forms one by one. */

static const char ESCARGOT[] = "1....7.9..3..2...8..96..5....53..9...1..8...26"
                               "....4...3......1..4......7..7...3..";

static void test_line_names(void) {
  char named[256];
  snprintf(named, sizeof named, "%s AI Escargot (Arto Inkala, 2006)\r\n",
           ESCARGOT);
  sks_puzzle *p = parse(named, NULL);
  CHECK(p != NULL);
  if (!p)
    return;
  CHECK_EQ(p->shape->n, 9);
  CHECK_EQ(p->look.layout, SKS_LAYOUT_LINE);
  CHECK_EQ(p->look.blank, '.');
  CHECK_EQ(p->look.line, 1);
  CHECK(p->look.name &&
        !strcmp(p->look.name, "AI Escargot (Arto Inkala, 2006)"));
  CHECK_EQ(sks_puzzle_givens(p), 23);
  for (int i = 0; i < 81; i++)
    CHECK_EQ(p->cell[i], ESCARGOT[i] == '.' ? -1 : ESCARGOT[i] - '1');
  char *out = written(p, p->cell);
  CHECK(strlen(out) == 82 && !strncmp(out, ESCARGOT, 81) && out[81] == '\n');
  free(out);
  sks_puzzle_delete(p);

  /* Other blanks, lowercase letters, no name, no final newline. */
  char alt[82];
  for (int i = 0; i < 81; i++)
    alt[i] = ESCARGOT[i] == '.' ? "0_-"[i % 3] : ESCARGOT[i];
  alt[81] = 0;
  p = parse(alt, NULL);
  CHECK(p && p->look.name == NULL && sks_puzzle_givens(p) == 23);
  int first = (int)(strchr(ESCARGOT, '.') - ESCARGOT);
  CHECK(p && p->look.blank == "0_-"[first % 3]); /* the first blank used */
  sks_puzzle_delete(p);
  char lower[300];
  memset(lower, '.', 256);
  lower[0] = 'g', lower[1] = 'A', lower[255] = 'f';
  lower[256] = 0;
  lower[2] = '1'; /* a digit: 1-9 A-G */
  p = parse(lower, NULL);
  CHECK(p && p->shape->n == 16 && p->cell[0] == 15 && p->cell[1] == 9 &&
        p->cell[255] == 14 && !p->look.symbols[0]);
  sks_puzzle_delete(p);
  lower[2] = '.'; /* no digit: letters A-P (docs/formats.md, "Alphabets") */
  p = parse(lower, NULL);
  CHECK(p && p->shape->n == 16 && p->cell[0] == 6 && p->cell[1] == 0 &&
        p->cell[255] == 5 && !strcmp(p->look.symbols, "ABCDEFGHIJKLMNOP"));
  sks_puzzle_delete(p);
}

static void test_grid_forms(void) {
  /* The same puzzle as a plain grid, spaced, grouped and ruled. */
  static const char *forms[] = {
      "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
      "7...2...6\n.6....28.\n...419..5\n....8..79\n",
      "5 3 . . 7 . . . .\n6 . . 1 9 5 . . .\n. 9 8 . . . . 6 .\n"
      "8 . . . 6 . . . 3\n4 . . 8 . 3 . . 1\n7 . . . 2 . . . 6\n"
      ". 6 . . . . 2 8 .\n. . . 4 1 9 . . 5\n. . . . 8 . . 7 9\n",
      "530 070 000\n600 195 000\n098 000 060\n800 060 003\n"
      "400 803 001\n700 020 006\n060 000 280\n000 419 005\n000 080 079\n",
      "53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n"
      "8..|.6.|..3\n4..|8.3|..1\n7..|.2.|..6\n---+---+---\n"
      ".6.|...|28.\n...|419|..5\n...|.8.|.79\n",
      "# ruled, CRLF\r\n+-------+-------+-------+\r\n"
      "| 5 3 . | . 7 . | . . . |\r\n| 6 . . | 1 9 5 | . . . |\r\n"
      "| . 9 8 | . . . | . 6 . |\r\n+-------+-------+-------+\r\n"
      "| 8 . . | . 6 . | . . 3 |\r\n| 4 . . | 8 . 3 | . . 1 |\r\n"
      "| 7 . . | . 2 . | . . 6 |\r\n+=======+=======+=======+\r\n"
      "| . 6 . | . . . | 2 8 . |\r\n# a comment inside\r\n"
      "| . . . | 4 1 9 | . . 5 |\r\n| . . . | . 8 . | . 7 9 |\r\n"
      "+-------+-------+-------+\r\n",
  };
  static const char want[] = "53..7....6..195....98....6.8...6...34..8.3..1"
                             "7...2...6.6....28....419..5....8..79";
  for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
    sks_puzzle *p = parse(forms[k], NULL);
    CHECK(p != NULL);
    if (!p)
      continue;
    CHECK_EQ(p->shape->n, 9);
    CHECK_EQ(p->look.layout, SKS_LAYOUT_GRID);
    CHECK_EQ(p->look.ruled, k >= 3);
    CHECK_EQ(p->look.line, k == 4 ? 3 : 1);
    CHECK_EQ(p->look.blank, k == 2 ? '0' : '.');
    for (int i = 0; i < 81; i++)
      CHECK_EQ(p->cell[i], want[i] == '.' ? -1 : want[i] - '1');
    sks_puzzle_delete(p);
  }
  /* A spaced row of single digits reads the same as numbers. */
  sks_puzzle *p = parse("5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n"
                        "0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n"
                        "4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n"
                        "0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n"
                        "0 0 0 0 8 0 0 7 9\n",
                        NULL);
  CHECK(p && p->look.layout == SKS_LAYOUT_NUMBERS && p->look.blank == '0');
  for (int i = 0; p && i < 81; i++)
    CHECK_EQ(p->cell[i], want[i] == '.' ? -1 : want[i] - '1');
  sks_puzzle_delete(p);
}

static void test_hex(void) {
  int *sol = make_solution(4, 4), *giv = make_solution(4, 4);
  blank_some(giv, 16, 7);
  sks_format_options hex = {.symbols = "0123456789ABCDEF"};
  char *s = line_form(giv, 16, true, "hex line");
  check_form(s, &hex, giv, sol, 4, 4, SKS_LAYOUT_LINE);
  sks_puzzle *p = parse(s, &hex);
  CHECK(p && !strcmp(p->look.symbols, "0123456789ABCDEF") && p->look.name &&
        !strcmp(p->look.name, "hex line"));
  CHECK(p && sks_puzzle_symbol(p, 0) == '0' && sks_puzzle_symbol(p, 15) == 'F');
  sks_puzzle_delete(p);
  free(s);
  s = grid_form(giv, 4, 4, false, true);
  check_form(s, &hex, giv, sol, 4, 4, SKS_LAYOUT_GRID);
  free(s);
  s = grid_form(giv, 4, 4, true, true);
  check_form(s, &hex, giv, sol, 4, 4, SKS_LAYOUT_GRID);
  free(s);
  /* '0' is a digit under hex, not a blank. */
  char zeros[257];
  memset(zeros, '.', 256);
  zeros[0] = '0';
  zeros[256] = 0;
  p = parse(zeros, &hex);
  CHECK(p && p->cell[0] == 0 && sks_puzzle_givens(p) == 1);
  sks_puzzle_delete(p);
  p = parse(zeros, NULL);
  CHECK(p && p->cell[0] == -1 && sks_puzzle_givens(p) == 0);
  sks_puzzle_delete(p);
  free(sol);
  free(giv);
}

/* 16 and 25 symbols on a line: a small one-line puzzle or a big grid row. */
static void test_ambiguous_widths(void) {
  sks_puzzle *p = parse("1234341221434321\n", NULL);
  CHECK(p && p->shape->n == 4 && p->look.layout == SKS_LAYOUT_LINE);
  sks_puzzle_delete(p);
  /* With a 5 in it, it can only be the first row of a 16x16 grid. */
  int *sol = make_solution(4, 4);
  char *s = grid_form(sol, 4, 4, false, false);
  p = parse(s, NULL);
  CHECK(p && p->shape->n == 16 && p->look.layout == SKS_LAYOUT_GRID);
  sks_puzzle_delete(p);
  free(s);
  free(sol);
  /* The box option decides. */
  sks_format_options b44 = {.box_rows = 4, .box_cols = 4};
  text t = {0};
  for (int r = 0; r < 16; r++)
    put(&t, "1...............\n");
  p = parse(t.s, &b44);
  CHECK(p && p->shape->n == 16 && sks_puzzle_givens(p) == 16);
  sks_puzzle_delete(p);
  free(t.s);
  /* 81 dashes: an empty one-line puzzle; a dash line inside a grid of
   * its width: an empty row. */
  char dashes[82];
  memset(dashes, '-', 81);
  dashes[81] = 0;
  p = parse(dashes, NULL);
  CHECK(p && p->shape->n == 9 && p->look.layout == SKS_LAYOUT_LINE &&
        p->look.blank == '-' && sks_puzzle_givens(p) == 0);
  sks_puzzle_delete(p);
  p = parse("---------\n123456789\n---------\n---------\n---------\n"
            "---------\n---------\n---------\n---------\n---------\n",
            NULL);
  CHECK(p && p->shape->n == 9 && p->look.layout == SKS_LAYOUT_GRID &&
        p->look.ruled && sks_puzzle_givens(p) == 9);
  sks_puzzle_delete(p);
}

/* Cases where a written puzzle once read back differently. */
static void test_write_read_back(void) {
  /* '0' blanks of a spaced first row are the puzzle's blank. */
  sks_puzzle *p = parse("0 0\n- 0\n", NULL);
  CHECK(p && p->shape->n == 2 && p->look.blank == '0' &&
        sks_puzzle_givens(p) == 0);
  char *out = p ? written(p, p->cell) : NULL;
  sks_puzzle *q = out ? parse(out, NULL) : NULL;
  CHECK(q && q->shape->n == 2 && sks_puzzle_givens(q) == 0);
  sks_puzzle_delete(q);
  free(out);
  sks_puzzle_delete(p);
  /* An empty first row in '-' would be a rule line. */
  p = parse("-.--\n1---\n----\n---4\n", NULL);
  CHECK(p && p->shape->n == 4 && p->look.blank == '-' &&
        sks_puzzle_givens(p) == 2);
  out = p ? written(p, p->cell) : NULL;
  q = out ? parse(out, NULL) : NULL;
  CHECK(q && q->shape->n == 4 && q->cell[4] == 0 && q->cell[15] == 3);
  sks_puzzle_delete(q);
  free(out);
  sks_puzzle_delete(p);
  /* A 6x6 of no givens in one comma row, its blank '-': written as a
   * line of numbers, which in '-' would be a rule line. */
  p = parse("-,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,\n", NULL);
  CHECK(p && p->shape->n == 6 && sks_puzzle_givens(p) == 0);
  out = p ? written(p, p->cell) : NULL;
  q = out ? parse(out, NULL) : NULL;
  CHECK(q && q->shape->n == 6 && sks_puzzle_givens(q) == 0);
  sks_puzzle_delete(q);
  free(out);
  sks_puzzle_delete(p);
  /* A 2x2 with '-' blanks, its first row full and its second empty:
   * written with '.' ("12" then "--" would read back as one number and a
   * rule line). */
  p = parse("1-\n-1\n", NULL);
  CHECK(p && p->shape->n == 2 && p->look.blank == '-');
  if (p) {
    p->cell[1] = 1, p->cell[2] = p->cell[3] = -1;
    out = written(p, p->cell);
    q = parse(out, NULL);
    CHECK(q && q->shape->n == 2 && same_cells(q, p->cell));
    sks_puzzle_delete(q);
    free(out);
  }
  sks_puzzle_delete(p);
  /* Under hex, 16 symbols are a grid row, with or without text after. */
  sks_format_options hex = {.symbols = "0123456789ABCDEF"};
  sks_puzzle *r = NULL;
  sks_error err;
  CHECK_EQ(sks_puzzle_parse("12...12221434321 x\n", &hex, &r, &err), -1);
  CHECK(r == NULL && strstr(err.msg, "unexpected 'x'"));
  /* 16x16 grids with narrow boxes: rows must not read as numbers. */
  int *sol = make_solution(8, 2);
  sks_format_options b82 = {.box_rows = 8, .box_cols = 2};
  char *s = grid_form(sol, 8, 2, false, false);
  p = parse(s, &b82);
  out = p ? written(p, p->cell) : NULL;
  q = out ? parse(out, &b82) : NULL;
  CHECK(q && q->shape->n == 16 && same_cells(q, sol));
  sks_puzzle_delete(q);
  sks_puzzle_delete(p);
  free(out);
  free(s);
  free(sol);
  /* An 8x8 line whose symbols sit where a 4x4 puzzle's candidates would
   * (64 symbols both): written as rows, which read back as the 8x8. */
  p = parse(
      "..3412341234123.1234122.123412341234.2341KKKKKKKKKKKKKKKKKKKKK..\n",
      NULL);
  CHECK(p && p->shape->n == 8);
  out = p ? written(p, p->cell) : NULL;
  q = out ? parse(out, NULL) : NULL;
  CHECK(q && q->shape->n == 8 && same_cells(q, p->cell));
  sks_puzzle_delete(q);
  free(out);
  sks_puzzle_delete(p);
  /* A candidates line with its region map after it (as a jigsaw puzzle
   * in candidates is written back): the map read. */
  {
    char cands[256];
    snprintf(
        cands, sizeof cands, "%s\nregions\n1112\n1222\n3334\n3444\n",
        "1234123412341234123412341234123412341234123412341234123412341234");
    p = parse(cands, NULL);
    CHECK(p && p->shape->n == 4 && p->shape->jigsaw &&
          p->shape->jigsaw[3] != p->shape->jigsaw[2] &&
          p->shape->jigsaw[4] == p->shape->jigsaw[0]);
    sks_puzzle_delete(p);
  }
  /* A ruled 9x9 without boxes whose first row is full (its spaced row
   * would read as a 3x3 of numbers): written back in plain rows. */
  p = parse("no-boxes\n"
            "1 1 1 | 2 2 2 | 3 3 3\n. . . | . 5 . | . . .\n"
            ". . 8 | . 9 . | . . 6\n------+-------+------\n"
            ". 7 . | . 2 . | . . 9\n. . . | . . . | . . .\n"
            ". . . | . . . | . . .\n------+-------+------\n"
            ". . . | . . . | . . .\n. . . | . . . | . . .\n"
            ". . . | . . . | . . 4\n",
            NULL);
  CHECK(p && p->shape->n == 9 && p->shape->box_rows == 1 && p->look.ruled);
  if (p) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(sks_puzzle_write_rules(f, p) == 0 &&
          sks_puzzle_write(f, p, p->cell) == 0);
    fclose(f);
    q = parse(buf, NULL);
    CHECK(q && sks_shape_same(q->shape, p->shape) && same_cells(q, p->cell));
    sks_puzzle_delete(q);
    free(buf);
  }
  sks_puzzle_delete(p);
  /* A 6x6 under a box-shape header and "no-boxes": its rows as boxes, no
   * header written (none gives boxes one row tall), the same shape read
   * back with and without the X variant. */
  static const char *const nobox = "no-boxes\n3\n2\n.1..2.\n....5.\n.351.4\n"
                                   ".6....\n4.35.6\n...6..\n";
  for (int x = 0; x < 2; x++) {
    sks_format_options o = {.variants = x ? SKS_VARIANT_X : 0};
    p = parse(nobox, &o);
    CHECK(p && p->shape->n == 6 && p->shape->box_rows == 1);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(p && sks_puzzle_write_rules(f, p) == 0 &&
          sks_puzzle_write(f, p, p->cell) == 0);
    fclose(f);
    q = p ? parse(buf, &o) : NULL;
    CHECK(q && sks_shape_same(q->shape, p->shape) && same_cells(q, p->cell));
    sks_puzzle_delete(q);
    sks_puzzle_delete(p);
    free(buf);
  }
}

/* 36x36 and 64x64 in numbers, aligned and ragged. */
static void test_numbers(void) {
  int *sol = make_solution(8, 8), *giv = make_solution(8, 8);
  blank_some(giv, 64, 64);
  text t = {0};
  char buf[16];
  put(&t, "# a 64x64 puzzle\n");
  for (int r = 0; r < 64; r++) {
    for (int c = 0; c < 64; c++) {
      snprintf(buf, sizeof buf, "%*d%s", (r + c) % 3 + 1, giv[r * 64 + c] + 1,
               c % 7 ? " " : "\t");
      put(&t, buf);
    }
    put(&t, r % 2 ? "\r\n" : "\n");
  }
  check_form(t.s, NULL, giv, sol, 8, 8, SKS_LAYOUT_NUMBERS);
  sks_puzzle *p = parse(t.s, NULL);
  CHECK(p && p->look.line == 2 && p->look.blank == '0' && !p->look.symbols[0]);
  sks_puzzle_delete(p);
  free(t.s);
  free(sol);
  free(giv);
  /* 12x12 whose first row has only single digits. */
  sol = make_solution(3, 4);
  giv = make_solution(3, 4);
  for (int c = 0; c < 12; c++)
    giv[c] = giv[c] >= 9 ? -1 : giv[c];
  char *s = numbers_form(giv, 12);
  check_form(s, NULL, giv, sol, 3, 4, SKS_LAYOUT_NUMBERS);
  free(s);
  free(sol);
  free(giv);
}

/* The forms big puzzles circulate in: numbers with '.' or '?' blanks in
 * aligned columns, and a whole puzzle as n*n numbers on one line. */
static void test_big_forms(void) {
  int *sol = make_solution(5, 5), *giv = make_solution(5, 5);
  blank_some(giv, 25, 7);
  const char *blanks = ".?";
  for (int b = 0; b < 2; b++) {
    text t = {0};
    char buf[16];
    for (int r = 0; r < 25; r++) {
      for (int c = 0; c < 25; c++) {
        int d = giv[r * 25 + c];
        if (d < 0)
          snprintf(buf, sizeof buf, "  %c", blanks[b]);
        else
          snprintf(buf, sizeof buf, "%3d", d + 1);
        put(&t, buf);
      }
      put(&t, "\n");
    }
    check_form(t.s, NULL, giv, sol, 5, 5, SKS_LAYOUT_NUMBERS);
    sks_puzzle *p = parse(t.s, NULL);
    CHECK(p && p->look.blank == blanks[b]);
    /* Its givens go out with the same blank. */
    char *out = p ? written(p, NULL) : NULL;
    CHECK(out && strchr(out, blanks[b]) && !strstr(out, " 0"));
    free(out);
    sks_puzzle_delete(p);
    free(t.s);
  }
  /* One line: 625 numbers, 0 for a blank; and 81 with '.' blanks. */
  text t = {0};
  char buf[16];
  for (int i = 0; i < 625; i++) {
    snprintf(buf, sizeof buf, i ? " %d" : "%d", giv[i] + 1);
    put(&t, buf);
  }
  put(&t, "\n");
  check_form(t.s, NULL, giv, sol, 5, 5, SKS_LAYOUT_NUMBERS_LINE);
  sks_puzzle *p = parse(t.s, NULL);
  char *ans = p ? written(p, sol) : NULL;
  CHECK(ans && strchr(ans, '\n') == ans + strlen(ans) - 1); /* one line */
  free(ans);
  sks_puzzle_delete(p);
  free(t.s);
  free(sol);
  free(giv);
  sol = make_solution(3, 3);
  giv = make_solution(3, 3);
  blank_some(giv, 9, 3);
  t = (text){0};
  for (int i = 0; i < 81; i++) {
    if (giv[i] < 0)
      snprintf(buf, sizeof buf, i ? " ." : ".");
    else
      snprintf(buf, sizeof buf, i ? " %d" : "%d", giv[i] + 1);
    put(&t, buf);
  }
  put(&t, "\n");
  check_form(t.s, NULL, giv, sol, 3, 3, SKS_LAYOUT_NUMBERS_LINE);
  free(t.s);
  /* A 9x9 numbers grid whose first row holds few givens is still a grid:
   * the next line is a row of the same width. */
  char *s = numbers_form(giv, 9);
  check_form(s, NULL, giv, sol, 3, 3, SKS_LAYOUT_NUMBERS);
  free(s);
  free(sol);
  free(giv);
}

/* N*N numbers one a line, blanks as 0 . ? -, for several box shapes; and
 * '-' blanks in numbers rows.  Small digit grids (2x2, 3x3) stay grids. */
static void test_column(void) {
  static const int shapes[][2] = {{1, 2}, {2, 2}, {3, 3}, {3, 4}, {4, 5}};
  for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
    int br = shapes[k][0], bc = shapes[k][1], n = br * bc;
    int *sol = make_solution(br, bc), *giv = make_solution(br, bc);
    blank_some(giv, n, (unsigned)n + 7);
    text t = {0};
    char buf[16];
    for (int i = 0; i < n * n; i++) {
      if (giv[i] < 0)
        snprintf(buf, sizeof buf, "%c\n", "0.?-"[i % 4]);
      else
        snprintf(buf, sizeof buf, "%d\n", giv[i] + 1);
      put(&t, buf);
    }
    sks_format_options box = {.box_rows = br, .box_cols = bc};
    check_form(t.s, br == 1 ? &box : NULL, giv, sol, br, bc,
               SKS_LAYOUT_NUMBERS_COLUMN);
    free(t.s);
    free(sol);
    free(giv);
  }
  sks_puzzle *p = parse("12\n21\n", NULL);
  CHECK(p && p->shape->n == 2 && p->look.layout == SKS_LAYOUT_GRID);
  sks_puzzle_delete(p);
  p = parse("1.3\n231\n312\n", NULL);
  CHECK(p && p->shape->n == 3 && p->look.layout == SKS_LAYOUT_GRID);
  sks_puzzle_delete(p);
  p = parse("123\n2.1\n312\n", NULL);
  CHECK(p && p->shape->n == 3 && p->look.layout == SKS_LAYOUT_GRID &&
        p->cell[4] == -1 && p->look.blank == '.');
  sks_puzzle_delete(p);
  p = parse("103\n231\n312\n", NULL);
  CHECK(p && p->shape->n == 3 && p->look.layout == SKS_LAYOUT_GRID &&
        p->cell[1] == -1 && p->cell[2] == 2);
  sks_puzzle_delete(p);
  /* A 12x12 numbers grid with '-' blanks, written back with '-'. */
  int *sol = make_solution(3, 4), *giv = make_solution(3, 4);
  blank_some(giv, 12, 5);
  giv[0] = 9; /* a number of two digits on the first row */
  text t = {0};
  char buf[16];
  for (int i = 0; i < 144; i++) {
    if (giv[i] < 0)
      snprintf(buf, sizeof buf, "%s-", i % 12 ? " " : "");
    else
      snprintf(buf, sizeof buf, "%s%d", i % 12 ? " " : "", giv[i] + 1);
    put(&t, buf);
    if (i % 12 == 11)
      put(&t, "\n");
  }
  check_form(t.s, NULL, giv, sol, 3, 4, SKS_LAYOUT_NUMBERS);
  p = parse(t.s, NULL);
  CHECK(p && p->look.blank == '-');
  sks_puzzle_delete(p);
  free(t.s);
  free(sol);
  free(giv);
}

static void test_symbols_and_variants(void) {
  sks_puzzle *p = sks_puzzle_new(3, 3, 0, NULL, NULL);
  CHECK_EQ(sks_puzzle_symbol(p, 0), '1');
  CHECK_EQ(sks_puzzle_symbol(p, 8), '9');
  CHECK_EQ(sks_puzzle_symbol(p, -1), '.');
  sks_puzzle_delete(p);
  p = sks_puzzle_new(5, 7, 0, NULL, NULL);
  CHECK_EQ(sks_puzzle_symbol(p, 9), 'A');
  CHECK_EQ(sks_puzzle_symbol(p, 34), 'Z');
  sks_puzzle_delete(p);

  sks_format_options x = {.variants = SKS_VARIANT_X};
  p = parse(ESCARGOT, &x);
  CHECK(p && p->shape->variants == SKS_VARIANT_X &&
        p->shape->nregions == 3 * 9 + 2);
  sks_puzzle_delete(p);
  sks_format_options w = {.variants = SKS_VARIANT_WINDOKU};
  p = parse(ESCARGOT, &w);
  CHECK(p && p->shape->nregions == 3 * 9 + 4);
  sks_puzzle_delete(p);
  /* A jigsaw map passes through (here: the ordinary boxes). */
  int jig[81];
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      jig[r * 9 + c] = (r / 3) * 3 + c / 3;
  sks_format_options j = {.box_rows = 3,
                          .box_cols = 3,
                          .variants = SKS_VARIANT_JIGSAW,
                          .jigsaw = jig};
  p = parse(ESCARGOT, &j);
  CHECK(p && p->shape->jigsaw && p->shape->jigsaw[80] == 8);
  sks_puzzle_delete(p);
  /* Windoku needs square boxes: an error for 6x6, not a crash. */
  sks_puzzle *q = NULL;
  sks_error err = {0};
  CHECK_EQ(sks_puzzle_parse("123456\n456123\n231564\n564231\n312645\n"
                            "645312\n",
                            &w, &q, &err),
           -1);
  CHECK(q == NULL && err.line == 1 && strstr(err.msg, "windoku"));
}

/* ------------------------------------------------------------------ */
/* Streams. */

typedef struct event {
  char s[300];
} event;

/* The events recorded so far, for the note callback. */
typedef struct events {
  event *ev;
  int k, max;
} events;

static void note_event(void *ctx, long line, const char *what) {
  events *e = ctx;
  if (e->k < e->max)
    snprintf(e->ev[e->k].s, sizeof e->ev[e->k].s, "skipped %ld: %s", line,
             what);
  e->k++;
}

/* Reads everything, recording "puzzle N line L" (with names, followed by
 * ` name "TEXT"` for a named one), "L:C: message" ("not puzzles: L:C:
 * message" for SKS_READ_NOT_PUZZLES) and, with names, "skipped L: what"
 * for a line skipped as known text. */
static int read_events(sks_input *in, const sks_format_options *opt, event *ev,
                       int max, bool names) {
  sks_reader *rd = sks_reader_new(in, opt);
  sks_puzzle *p;
  sks_error err;
  events notes = {ev, 0, max};
  if (names)
    sks_reader_set_note(rd, note_event, &notes);
  int rc, calls = 0;
  while ((rc = sks_reader_next(rd, &p, &err)) != 0 && calls++ < 100000) {
    if (notes.k < max) {
      int k = notes.k;
      if (rc > 0)
        snprintf(ev[k].s, sizeof ev[k].s, "puzzle %d line %ld%s%.60s%s",
                 p->shape->n, p->look.line,
                 names && p->look.name ? " name \"" : "",
                 names && p->look.name ? p->look.name : "",
                 names && p->look.name ? "\"" : "");
      else
        snprintf(ev[k].s, sizeof ev[k].s, "%s%ld:%ld: %s",
                 rc == SKS_READ_NOT_PUZZLES ? "not puzzles: " : "", err.line,
                 err.col, err.msg);
    }
    notes.k++;
  }
  CHECK(calls < 100000);
  CHECK_EQ(sks_reader_next(rd, &p, &err), 0); /* stays at the end */
  sks_reader_delete(rd);
  return notes.k;
}

static int read_all(sks_input *in, const sks_format_options *opt, event *ev,
                    int max) {
  return read_events(in, opt, ev, max, false);
}

static int read_text(const char *s, const sks_format_options *opt, event *ev,
                     int max) {
  sks_input *in = sks_input_memory(s, strlen(s));
  int k = read_all(in, opt, ev, max);
  sks_input_close(in);
  return k;
}

static void test_stream(void) {
  event ev[16];
  /* Empty inputs. */
  CHECK_EQ(read_text("", NULL, ev, 16), 0);
  CHECK_EQ(read_text("\n\r\n# only comments\n\n+---+---+\n", NULL, ev, 16), 0);

  /* Errors in the middle; the good puzzles around them still come. */
  text t = {0};
  put(&t, "# mixed\n");
  put(&t, ESCARGOT);
  put(&t, " first\n");
  put(&t,
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
      "..7...3.\n"); /* 80 symbols */
  put(&t, "12x4341221434321\n");
  put(&t, "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
          "7...2...6\n.6....28.\n...419..5\n....8..79\n");
  put(&t, "53..7....\n6..195...\n.98....6.\n8...6..3\n4..8.3..1\n"
          "7...2...6\n.6....28.\n...419..5\n....8..79\n"); /* short row 4 */
  put(&t, "1234341221434321\n");
  put(&t, "53..7....\n6..195...\n\n"); /* cut short by a blank line */
  put(&t, "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n"
          "8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n"
          "0 6 0 0 0 0 12 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n");
  put(&t, "53..7....\n6..195...\n"); /* cut short by a one-line puzzle */
  put(&t, ESCARGOT);
  put(&t, "\n53..7....\n6..195..."); /* cut short by the end */
  static const char *want[] = {
      "puzzle 9 line 2",
      "3:81: 80 symbols: a one-line puzzle needs a square count such as 81",
      "4:3: unexpected 'x' (expected 1-4, '.' or '0')",
      "puzzle 9 line 5",
      "17:9: row 4 has 8 cells, expected 9",
      "puzzle 4 line 23",
      "26:1: grid ended after 2 of 9 rows",
      "33:13: digit 12 out of range 1-9",
      "38:1: grid ended after 2 of 9 rows",
      "puzzle 9 line 38",
      "41:1: grid ended after 2 of 9 rows",
  };
  int k = read_text(t.s, NULL, ev, 16);
  CHECK_EQ(k, (int)(sizeof want / sizeof *want));
  for (int i = 0; i < k && i < (int)(sizeof want / sizeof *want); i++) {
    if (strcmp(ev[i].s, want[i]))
      fprintf(stderr, "event %d: got '%s', want '%s'\n", i, ev[i].s, want[i]);
    CHECK(!strcmp(ev[i].s, want[i]));
  }
  free(t.s);

  /* The puzzle object is reused while the shape stays the same. */
  const char *two = "1234341221434321 a\n4321123434122143 b\n"
                    "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                    "7...2...6\n.6....28.\n...419..5\n....8..79\n";
  sks_input *in = sks_input_memory(two, strlen(two));
  sks_reader *rd = sks_reader_new(in, NULL);
  sks_puzzle *p1, *p2, *p3;
  sks_error err;
  CHECK_EQ(sks_reader_next(rd, &p1, &err), 1);
  CHECK(p1->look.name && !strcmp(p1->look.name, "a"));
  CHECK_EQ(sks_reader_next(rd, &p2, &err), 1);
  CHECK(p1 == p2 && p2->look.name && !strcmp(p2->look.name, "b") &&
        p2->cell[0] == 3);
  CHECK_EQ(sks_reader_next(rd, &p3, &err), 1);
  CHECK(p3->shape->n == 9 && p3->look.name == NULL && p3->look.line == 3);
  CHECK_EQ(sks_reader_next(rd, &p3, &err), 0);
  sks_reader_delete(rd);
  sks_input_close(in);

  /* Old Mac line ends, NUL bytes, a huge line. */
  CHECK_EQ(read_text("1234341221434321\r4321123434122143\r", NULL, ev, 16), 2);
  static const char nul[] = "12\0004341221434321\n1234341221434321\n";
  in = sks_input_memory(nul, sizeof nul - 1);
  k = read_all(in, NULL, ev, 16);
  sks_input_close(in);
  CHECK_EQ(k, 2);
  CHECK(
      !strcmp(ev[0].s, "1:3: unexpected byte 0x00 (expected 1-4, '.' or '0')"));
  CHECK(!strcmp(ev[1].s, "puzzle 4 line 2"));
  size_t big = 200000;
  char *huge = malloc(big + 40);
  memset(huge, '.', big);
  strcpy(huge + big, "\n1234341221434321\n");
  k = read_text(huge, NULL, ev, 16);
  CHECK_EQ(k, 2);
  CHECK(!strcmp(ev[0].s, "1:65537: line longer than 65536 bytes"));
  CHECK(!strcmp(ev[1].s, "puzzle 4 line 2"));
  free(huge);
}

/* OpenSudoku XML: an export of 2000 games on one line (past the line
 * limit), CRLF line ends, read as a stream next to other forms; and
 * sks_puzzle_parse of one game. */
#define ESCARGOT_0                                                             \
  "1000070900300200080096005000053009000100800026000040003000000100400000070"  \
  "07000300"

static void test_xml(void) {
  enum { GAMES = 2000 };
  int *g = make_solution(3, 3);
  text t = {0};
  put(&t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2."
          "....1.4...... before\r\n");
  put(&t, "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
          "<opensudoku version=\"2\"><folder name=\"Big\">");
  for (int k = 0; k < GAMES; k++) {
    int *h = make_solution(3, 3);
    blank_some(h, 9, (unsigned)k + 1);
    put(&t, "<game state=\"0\" data=\"");
    for (int i = 0; i < 81; i++)
      putch(&t, h[i] < 0 ? '0' : sym(h[i], false));
    put(&t, k == 7 ? "\" name=\"seventh\"/>" : "\"/>");
    free(h);
  }
  put(&t, "</folder></opensudoku>\r\n");
  char *one = line_form(g, 9, false, "after");
  put(&t, one);
  free(one);
  CHECK(t.n > 65536 * 3);

  sks_input *in = sks_input_memory(t.s, t.n);
  sks_reader *rd = sks_reader_new(in, NULL);
  sks_puzzle *p;
  sks_error err;
  int rc, k = 0, same = 0;
  CHECK_EQ(sks_reader_next(rd, &p, &err), 1);
  CHECK(p->look.line == 1 && !strcmp(p->look.name, "before"));
  while ((rc = sks_reader_next(rd, &p, &err)) == 1 && k < GAMES) {
    int *h = make_solution(3, 3);
    blank_some(h, 9, (unsigned)k + 1);
    bool ok = p->shape->n == 9 && p->look.line == 2 &&
              p->look.layout == SKS_LAYOUT_LINE && p->look.blank == '0';
    for (int i = 0; ok && i < 81; i++)
      ok = p->cell[i] == h[i];
    char want[32];
    snprintf(want, sizeof want, k == 7 ? "seventh" : "Big #%d", k + 1);
    same += ok && p->look.name && !strcmp(p->look.name, want);
    free(h);
    k++;
  }
  CHECK_EQ(k, GAMES);
  CHECK_EQ(same, GAMES);
  CHECK(rc == 1 && p->look.line == 3 && !strcmp(p->look.name, "after"));
  CHECK_EQ(sks_reader_next(rd, &p, &err), 0);
  sks_reader_delete(rd);
  sks_input_close(in);
  free(t.s);

  /* One game is one puzzle; two are not. */
  static const char doc[] =
      "<opensudoku>\n <game data=\"" ESCARGOT_0 "\"/>\n</opensudoku>\n";
  CHECK_EQ(sks_puzzle_parse(doc, NULL, &p, &err), 0);
  CHECK(p && p->cell[0] == 0 && p->cell[1] == -1 && p->look.line == 2);
  sks_puzzle_delete(p);
  static const char two[] =
      "<opensudoku>\n <game data=\"" ESCARGOT_0
      "\"/>\n <game data=\"" ESCARGOT_0 "\"/>\n</opensudoku>\n";
  CHECK_EQ(sks_puzzle_parse(two, NULL, &p, &err), -1);
  CHECK(p == NULL && err.line == 3 &&
        !strcmp(err.msg, "text after the puzzle"));
  free(g);
}

/* Errors before the first puzzle are held: all given out, in order,
 * before it; an input of no puzzle with 5 or more is one error for the
 * whole input; past 1024 held they go out as they come. */
static void test_held_errors(void) {
  static const int counts[] = {2, 5, 1100};
  for (int t = 0; t < 3; t++) {
    for (int puzzle = 0; puzzle < 2; puzzle++) {
      int bad = counts[t];
      size_t cap = (size_t)bad * 20 + 64;
      char *buf = malloc(cap);
      size_t len = 0;
      for (int i = 0; i < bad; i++)
        len += (size_t)snprintf(buf + len, cap - len, "1x..............\n");
      if (puzzle)
        len += (size_t)snprintf(buf + len, cap - len, ".4....2...12....\n");
      sks_input *in = sks_input_memory(buf, len);
      sks_reader *rd = sks_reader_new(in, NULL);
      sks_puzzle *p;
      sks_error err;
      int rc, errors = 0, whole = 0, puzzles = 0;
      bool order = true;
      while ((rc = sks_reader_next(rd, &p, &err)) != 0) {
        if (rc == 1) {
          puzzles++;
          order &= p->look.line == bad + 1 && errors == bad;
        } else if (rc == SKS_READ_NOT_PUZZLES) {
          whole++;
          order &= err.line == 0 && strstr(err.msg, "lines with errors");
        } else {
          errors++;
          order &= rc == -1 && err.line == errors && err.col == 2;
        }
      }
      bool folded = !puzzle && bad >= SKS_READ_MANY_ERRORS && bad < 1024;
      CHECK(order);
      CHECK_EQ(puzzles, puzzle);
      CHECK_EQ(whole, folded ? 1 : 0);
      CHECK_EQ(errors, folded ? 0 : bad);
      sks_reader_delete(rd);
      sks_input_close(in);
      free(buf);
    }
  }
}

/* Byte soup must never crash or stall; every puzzle read is well formed. */
static void test_garbage(void) {
  static const char alphabet[] = "0123456789ABCxyz.-_|+= \t\n\n\r#\0\xff";
  unsigned seed = 12345;
  char buf[4096];
  for (int round = 0; round < 300; round++) {
    size_t len = (size_t)(round * 13 % 4000);
    for (size_t i = 0; i < len; i++) {
      seed = seed * 1103515245u + 12345u;
      unsigned x = seed >> 16;
      buf[i] = round % 3 ? alphabet[x % (sizeof alphabet - 1)] : (char)x;
    }
    sks_input *in = sks_input_memory(buf, len);
    sks_reader *rd = sks_reader_new(in, NULL);
    sks_puzzle *p;
    sks_error err;
    int rc, calls = 0;
    bool ok = true;
    while ((rc = sks_reader_next(rd, &p, &err)) != 0 && calls++ <= 5000) {
      if (rc == SKS_READ_NOT_PUZZLES && err.line == 0) /* the whole input */
        ok &= err.col == 0 && err.msg[0];
      else if (rc < 0)
        ok &= err.line >= 1 && err.col >= 1 && err.msg[0];
      else
        for (int i = 0; i < p->shape->n * p->shape->n; i++)
          ok &= p->cell[i] >= -1 && p->cell[i] < p->shape->n;
    }
    CHECK(ok && calls <= 5000);
    sks_reader_delete(rd);
    sks_input_close(in);
  }
}

/* ------------------------------------------------------------------ */
/* The malformed-input corpus: bad-input/puzzles/NAME.txt (or .txt.gz) and,
 * beside it, NAME.expected with every event the reader must report, in order
 * (an optional first line "options: box=RxC hex" sets reader options). */

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  text t = {0};
  put(&t, "");
  char buf[4096];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
    if (t.n + got + 1 > t.cap) {
      t.cap = (t.n + got + 1) * 2;
      t.s = realloc(t.s, t.cap);
    }
    memcpy(t.s + t.n, buf, got);
    t.n += got;
    t.s[t.n] = 0;
  }
  fclose(f);
  return t.s;
}

static void test_corpus(void) {
  const char *dir = "bad-input/puzzles";
  DIR *d = opendir(dir);
  CHECK(d != NULL);
  if (!d)
    return;
  int files = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name), stem;
    if (len > 4 && !strcmp(e->d_name + len - 4, ".txt"))
      stem = len - 4;
    else if (len > 7 && !strcmp(e->d_name + len - 7, ".txt.gz"))
      stem = len - 7;
    else
      continue;
    char path[512], exp_path[512];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    snprintf(exp_path, sizeof exp_path, "%s/%.*s.expected", dir, (int)stem,
             e->d_name);
    char *expected = slurp(exp_path);
    CHECK(expected != NULL);
    if (!expected) {
      fprintf(stderr, "%s: no %s\n", path, exp_path);
      continue;
    }
    files++;
    sks_format_options opt = {0};
    char alphabet[SKS_MAX_SYMBOL_N + 1];
    char *want = expected;
    if (!strncmp(want, "options:", 8)) {
      char *nl = strchr(want, '\n');
      *nl = 0;
      const char *box = strstr(want, "box=");
      if (box)
        sscanf(box + 4, "%dx%d", &opt.box_rows, &opt.box_cols);
      if (strstr(want, "hex"))
        opt.symbols = "0123456789ABCDEF";
      const char *spec = strstr(want, "symbols=");
      if (spec) {
        char buf[64];
        sscanf(spec + 8, "%63s", buf);
        CHECK(sks_symbols_parse(buf, alphabet, NULL) > 0);
        opt.symbols = alphabet;
      }
      want = nl + 1;
    }
    sks_error err;
    sks_input *in = sks_input_open(path, &err);
    CHECK(in != NULL);
    event ev[64];
    int k = read_events(in, &opt, ev, 64, true);
    sks_input_close(in);
    text got = {0};
    put(&got, "");
    for (int i = 0; i < k && i < 64; i++) {
      put(&got, ev[i].s);
      put(&got, "\n");
    }
    bool same = !strcmp(got.s, want);
    if (!same)
      fprintf(stderr, "%s: got\n%s--- want\n%s---\n", path, got.s, want);
    CHECK(same);
    free(got.s);
    free(expected);
  }
  closedir(d);
  CHECK(files >= 10);
}

/* ------------------------------------------------------------------ */

/* The 49,158-puzzle benchmark file, when it is there: all of it reads. */
static void test_benchmark_file(void) {
  const char *path =
      check_shared("data/puzzles2_17_clue",
                   "reading the 49,158-puzzle 17-clue file as a whole");
  if (!path)
    return;
  sks_error err;
  sks_input *in = sks_input_open(path, &err);
  CHECK(in != NULL);
  if (!in)
    return;
  /* The processor's time, not the clock's: a loaded machine gives the
   * test less of the processor, not more work to do. */
  struct timespec a, b;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
  sks_reader *rd = sks_reader_new(in, NULL);
  sks_puzzle *p;
  long ok = 0, bad = 0, seventeen = 0;
  int rc;
  while ((rc = sks_reader_next(rd, &p, &err)) != 0) {
    if (rc < 0) {
      bad++;
      continue;
    }
    ok++;
    seventeen += sks_puzzle_givens(p) == 17;
  }
  sks_reader_delete(rd);
  sks_input_close(in);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
  double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
  printf("read %ld puzzles from %s in %.1f ms of processor time\n", ok, path,
         ms);
  CHECK_EQ(ok, 49158);
  CHECK_EQ(bad, 0);
  CHECK_EQ(seventeen, 49158);
  CHECK(ms < 2000); /* a loose bound: only catches a gross slowdown */
}

int main(void) {
  test_sizes();
  test_line_names();
  test_grid_forms();
  test_hex();
  test_ambiguous_widths();
  test_numbers();
  test_big_forms();
  test_write_read_back();
  test_column();
  test_symbols_and_variants();
  test_stream();
  test_xml();
  test_garbage();
  test_held_errors();
  test_corpus();
  test_benchmark_file();
  return check_report();
}
