/* Unit tests of the 9x9 batch path's short ways, each against the general
 * way it stands in for: the plain line (81 bytes of 1-9, '.' and '0')
 * against the table of forms, the 9x9 validator against a reference, and
 * the 9x9 answer line against a grid spelled here. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "form_int.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The plain line's byte test. */

static bool plain_byte(int ch) {
  return ch == '.' || (ch >= '0' && ch <= '9');
}

static void test_plain_bytes(void) {
  char line[90];
  memset(line, '5', sizeof line);
  CHECK(sks_form_plain_line(line, 81));
  CHECK(!sks_form_plain_line(line, 80));
  CHECK(!sks_form_plain_line(line, 82));
  CHECK(!sks_form_plain_line(line, 0));
  /* every byte at every place, against the one-byte rule */
  int wrong = 0;
  for (int at = 0; at < 81; at++)
    for (int ch = 0; ch < 256; ch++) {
      memset(line, at % 2 ? '.' : '0' + at % 10, sizeof line);
      line[at] = (char)ch;
      wrong += sks_form_plain_line(line, 81) != plain_byte(ch);
    }
  CHECK_EQ(wrong, 0);
  /* two bytes off in one word, and bytes next to the range */
  const char *edge = "/:-,ZA\x7f\x80\xff";
  for (const char *e = edge; *e; e++) {
    memset(line, '.', 81);
    line[8] = *e;
    line[15] = '9';
    CHECK(!sks_form_plain_line(line, 81));
  }
}

/* ------------------------------------------------------------------ */
/* The reader: a plain line read the short way and the general way. */

/* Everything read from text, one record a puzzle or error. */
static char *read_all(const char *text, size_t len,
                      const sks_format_options *opt, bool plain) {
  sks_input *in = sks_input_memory(text, len);
  sks_reader *rd = sks_reader_new(in, opt);
  rd->no_plain = !plain;
  size_t cap = 1 << 16, n = 0;
  char *out = malloc(cap);
  out[0] = 0;
  sks_puzzle *p;
  sks_error err;
  int rc;
  while ((rc = sks_reader_next(rd, &p, &err)) != 0) {
    char rec[1024];
    int k;
    if (rc > 0) {
      k = snprintf(rec, sizeof rec,
                   "puzzle n=%d box=%dx%d var=%u jig=%d line=%ld layout=%d "
                   "blank=%d ruled=%d sym=%s name=%s sol=%d rm=%d cells=",
                   p->shape->n, p->shape->box_rows, p->shape->box_cols,
                   p->shape->variants, p->shape->jigsaw != NULL, p->look.line,
                   (int)p->look.layout, p->look.blank, p->look.ruled,
                   p->look.symbols, p->look.name ? p->look.name : "(none)",
                   p->look.solution != NULL, p->removed != NULL);
      for (int i = 0; i < p->shape->n * p->shape->n && k < 1000; i++)
        k += snprintf(rec + k, sizeof rec - (size_t)k, "%d,", p->cell[i]);
    } else
      k = snprintf(rec, sizeof rec, "rc=%d %ld:%ld: %s", rc, err.line, err.col,
                   err.msg);
    if (n + (size_t)k + 2 > cap)
      out = realloc(out, cap = 2 * (cap + (size_t)k));
    memcpy(out + n, rec, (size_t)k);
    n += (size_t)k;
    out[n++] = '\n';
    out[n] = 0;
  }
  sks_reader_delete(rd);
  sks_input_close(in);
  return out;
}

static int compared;

/* The same records both ways; says where they part. */
static void same_both_ways(const char *what, const char *text, size_t len,
                           const sks_format_options *opt) {
  char *fast = read_all(text, len, opt, true);
  char *slow = read_all(text, len, opt, false);
  bool same = !strcmp(fast, slow);
  if (!same)
    fprintf(stderr, "%s: the plain way read\n%s\nthe general way\n%s\n", what,
            fast, slow);
  CHECK(same);
  compared++;
  free(fast);
  free(slow);
}

#define ESCARGOT                                                               \
  "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"   \
  "..7...3.."
#define SOLVED                                                                 \
  "162857493534129678789643521475312986913586742628794135356478219241935867"   \
  "897261354"
#define ZEROS                                                                  \
  "100007090030020008009600500005300900010080002600004000300000010040000007"   \
  "007000300"

static const char map9[] = "111222333\n111222333\n111222333\n"
                           "444555666\n444555666\n444555666\n"
                           "777888999\n777888999\n777888999\n";

static void test_reader_both_ways(void) {
  /* texts where a plain line meets what comes around it */
  const char *texts[] = {
      ESCARGOT "\n" SOLVED "\n" ZEROS "\n",
      ESCARGOT "\r\n" ZEROS "\r\n",
      ESCARGOT "\r" ZEROS "\r",
      "\xEF\xBB\xBF" ESCARGOT "\n" ZEROS,
      "# a comment\n" ESCARGOT "\n\n\n" ZEROS "\n# end\n",
      "Grid 01\n" ESCARGOT "\nGrid 02\n" ZEROS "\n",
      ESCARGOT " named\n" ESCARGOT "\t\n " ESCARGOT "\n",
      ESCARGOT "\n" ESCARGOT "\n", /* a map's first row would repeat */
      ESCARGOT "\n111222333\n111222333\n111222333\n444555666\n444555666\n"
               "444555666\n777888999\n777888999\n777888999\n" ZEROS "\n",
      ESCARGOT "\n\n111222333\n111222333\n111222333\n444555666\n444555666\n"
               "444555666\n777888999\n777888999\n777888999\n",
      ESCARGOT "\nregions:\n111222333\n111222333\n111222333\n444555666\n"
               "444555666\n444555666\n777888999\n777888999\n777888999\n",
      ESCARGOT "\n111222333\n111222333\n", /* a map cut short */
      "quizzes,solutions\n" ESCARGOT "," SOLVED "\n" ESCARGOT "\n\n" ZEROS "\n",
      "puzzle\n" ESCARGOT "\n" ZEROS "\n",
      ESCARGOT "." ESCARGOT "\n", /* 162 */
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
      "..7...3.\n" ESCARGOT "\n",            /* 80 */
      ESCARGOT ".\n" ESCARGOT "\n",          /* 82 */
      ESCARGOT "\n" ESCARGOT "x\n" ESCARGOT, /* a letter, no line end */
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
      "..7...3.-\n", /* another blank */
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
      "..7.0.3..\n", /* '.' and '0' mixed */
      "........................................................................"
      ".."
      ".......\n", /* empty */
      "000000000000000000000000000000000000000000000000000000000000000000000000"
      "000000000\n", /* empty in zeros */
      "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
      ".6....28.\n...419..5\n....8..79\n" ESCARGOT "\n",
      "53..7....\n6..195...\n" ESCARGOT "\n" ZEROS "\n", /* a grid cut */
      "+-------+-------+\n" ESCARGOT "\n",
      ":0000:x:" ESCARGOT ":::\n" ESCARGOT "\n",
      "<?xml version=\"1.0\"?>\n" ESCARGOT "\n",
      "[Puzzle]\n" ESCARGOT "\n",
      "#A someone\n#D a description\n" ESCARGOT "\n",
      "https://example.org/puzzles\n" ESCARGOT "\n",
  };
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    char what[32];
    snprintf(what, sizeof what, "text %zu", i);
    same_both_ways(what, texts[i], strlen(texts[i]), NULL);
  }
  /* a NUL byte */
  static const char nul[] = ESCARGOT "\n1....7.9..3..2...8..96..5....53..9...1."
                                     ".8...26....4...3......1..4......7..7.\0."
                                     "3..\n" ESCARGOT "\n";
  same_both_ways("NUL", nul, sizeof nul - 1, NULL);
  /* the options that change a plain line's reading */
  char both[400];
  snprintf(both, sizeof both, "%s\n%s\n%s\n", ESCARGOT, ZEROS, SOLVED);
  sks_format_options box33 = {.box_rows = 3, .box_cols = 3};
  sks_format_options box22 = {.box_rows = 2, .box_cols = 2};
  sks_format_options box19 = {.box_rows = 1, .box_cols = 9};
  sks_format_options x = {.variants = SKS_VARIANT_X};
  sks_format_options digits = {.symbols = "123456789"};
  int jig[81];
  for (int i = 0; i < 81; i++)
    jig[i] = map9[i / 9 * 10 + i % 9] - '1';
  sks_format_options jigsaw = {.box_rows = 3,
                               .box_cols = 3,
                               .variants = SKS_VARIANT_JIGSAW,
                               .jigsaw = jig};
  same_both_ways("--box 3x3", both, strlen(both), &box33);
  same_both_ways("--box 2x2", both, strlen(both), &box22);
  same_both_ways("--box 1x9", both, strlen(both), &box19);
  same_both_ways("--variant x", both, strlen(both), &x);
  same_both_ways("--symbols", both, strlen(both), &digits);
  same_both_ways("--variant jigsaw", both, strlen(both), &jigsaw);
  /* the head of a real file, when it is there */
  const char *path =
      check_shared("data/puzzles2_17_clue",
                   "the plain line's short way on the 17-clue file's head");
  FILE *f = path ? fopen(path, "rb") : NULL;
  if (path)
    CHECK(f != NULL);
  if (f) {
    char *buf = malloc(1 << 16);
    size_t len = fread(buf, 1, 1 << 16, f);
    fclose(f);
    same_both_ways("17-clue head", buf, len, NULL);
    free(buf);
  }
  CHECK(compared >= 30);
}

/* ------------------------------------------------------------------ */
/* The 9x9 validator against the rules spelled here. */

static bool reference_valid(const sks_puzzle *p, const int *grid) {
  for (int i = 0; i < 81; i++)
    if (grid[i] < 0 || grid[i] > 8 ||
        (p->cell[i] >= 0 && p->cell[i] != grid[i]))
      return false;
  for (int k = 0; k < 9; k++) {
    int row = 0, col = 0, box = 0;
    for (int j = 0; j < 9; j++) {
      row |= 1 << grid[k * 9 + j];
      col |= 1 << grid[j * 9 + k];
      box |= 1 << grid[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3];
    }
    if (row != 0x1FF || col != 0x1FF || box != 0x1FF)
      return false;
  }
  return true;
}

static void test_validate9(void) {
  sks_puzzle *p;
  sks_error err;
  CHECK_EQ(sks_puzzle_parse(ESCARGOT, NULL, &p, &err), 0);
  int good[81];
  for (int i = 0; i < 81; i++)
    good[i] = SOLVED[i] - '1';
  CHECK(sks_validate(p, good, &err));
  unsigned seed = 12345;
  int disagree = 0, rejected = 0;
  for (int t = 0; t < 20000; t++) {
    int g[81];
    memcpy(g, good, sizeof g);
    seed = seed * 1103515245u + 12345u;
    int a = (int)(seed >> 8) % 81, kind = (int)(seed >> 20) % 6;
    seed = seed * 1103515245u + 12345u;
    int b = (int)(seed >> 8) % 81;
    static const int odd[] = {-1, 9, -2, 1 << 30, -(1 << 30), 31};
    switch (kind) {
    case 0: /* two cells swapped (a given among them, or not) */
    case 1: {
      int s = g[a];
      g[a] = g[b];
      g[b] = s;
      break;
    }
    case 2: /* a digit changed */
      g[a] = (g[a] + 1 + b % 8) % 9;
      break;
    case 3: /* a digit out of range */
      g[a] = odd[b % 6];
      break;
    case 4: /* digits relabelled: valid but for the givens */
      for (int i = 0; i < 81; i++)
        g[i] = (g[i] + 1 + a % 8) % 9;
      break;
    default: /* rows of a band swapped: valid but for the givens */
      for (int c = 0; c < 9; c++) {
        int s = g[c];
        g[c] = g[9 + c];
        g[9 + c] = s;
      }
    }
    bool want = reference_valid(p, g);
    sks_error why = {0};
    bool got = sks_validate(p, g, &why);
    disagree += want != got;
    rejected += !got;
    if (!got && !why.msg[0])
      disagree++; /* a rejection names what is wrong */
  }
  CHECK_EQ(disagree, 0);
  CHECK(rejected > 10000);
  /* a blank puzzle takes any valid grid: digits relabelled still pass */
  sks_puzzle *blank;
  CHECK_EQ(sks_puzzle_parse(".........................................."
                            ".......................................",
                            NULL, &blank, &err),
           0);
  int relabelled[81];
  for (int i = 0; i < 81; i++)
    relabelled[i] = (good[i] + 4) % 9;
  CHECK(sks_validate(blank, relabelled, &err));
  relabelled[40] = relabelled[41];
  CHECK(!sks_validate(blank, relabelled, &err));
  /* rows and columns whole, boxes not: a cyclic latin square, and rows
   * (columns) swapped across bands (stacks) */
  int latin[81];
  for (int i = 0; i < 81; i++)
    latin[i] = (i / 9 + i % 9) % 9;
  CHECK(!sks_validate(blank, latin, &err));
  int wrong = 0;
  for (int a = 0; a < 9; a++)
    for (int b = 0; b < 9; b++) {
      int rows[81], cols[81];
      for (int i = 0; i < 81; i++) {
        int r = i / 9, c = i % 9;
        rows[i] = good[(r == a ? b : r == b ? a : r) * 9 + c];
        cols[i] = good[r * 9 + (c == a ? b : c == b ? a : c)];
      }
      wrong += sks_validate(blank, rows, &err) != reference_valid(blank, rows);
      wrong += sks_validate(blank, cols, &err) != reference_valid(blank, cols);
      wrong += (a / 3 != b / 3) == sks_validate(blank, rows, &err);
    }
  CHECK_EQ(wrong, 0);
  sks_puzzle_delete(blank);
  sks_puzzle_delete(p);
}

/* ------------------------------------------------------------------ */
/* The 9x9 answer line: as spelled here, its blank as the puzzle's. */

static void test_line9(void) {
  const char *puzzles[] = {ESCARGOT, ZEROS};
  for (int k = 0; k < 2; k++) {
    sks_puzzle *p;
    sks_error err;
    CHECK_EQ(sks_puzzle_parse(puzzles[k], NULL, &p, &err), 0);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int grid[81];
    for (int i = 0; i < 81; i++)
      grid[i] = i % 7 ? SOLVED[i] - '1' : -1;
    CHECK_EQ(sks_puzzle_write_as(mem, p, grid, SKS_LAYOUT_LINE),
             SKS_LAYOUT_LINE);
    CHECK_EQ(sks_puzzle_write_as(mem, p, NULL, SKS_LAYOUT_LINE),
             SKS_LAYOUT_LINE);
    fclose(mem);
    char want[2 * 82 + 1];
    for (int i = 0; i < 81; i++)
      want[i] = i % 7 ? SOLVED[i] : k ? '0' : '.';
    want[81] = '\n';
    memcpy(want + 82, puzzles[k], 81);
    want[163] = '\n';
    want[164] = 0;
    CHECK(len == 164 && !strcmp(text, want));
    free(text);
    sks_puzzle_delete(p);
  }
}

int main(void) {
  test_plain_bytes();
  test_reader_both_ways();
  test_validate9();
  test_line9();
  return check_report();
}
