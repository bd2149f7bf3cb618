/* Alphabets: sks_symbols_parse / sks_symbols_format, the reader's content
 * rule for puzzles in letters, --symbols under the reader, and answers
 * written back in the puzzle's alphabet (docs/formats.md, "Alphabets"). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sks_formats.h"

#include <stdlib.h>
#include <string.h>

/* parse(spec) gives want (NULL: an error whose message holds msg at
 * column col). */
static void parse_case(const char *spec, const char *want, const char *msg,
                       long col) {
  char out[SKS_MAX_SYMBOL_N + 1];
  sks_error err = {0};
  int n = sks_symbols_parse(spec, out, &err);
  if (want) {
    CHECK_EQ(n, (long)strlen(want));
    CHECK(!strcmp(out, want));
    if (n < 0 || strcmp(out, want))
      fprintf(stderr, "  spec '%s': got '%s' (%s)\n", spec, out, err.msg);
  } else {
    CHECK_EQ(n, -1);
    CHECK(strstr(err.msg, msg) != NULL);
    CHECK_EQ(err.col, col);
    if (!strstr(err.msg, msg))
      fprintf(stderr, "  spec '%s': message '%s'\n", spec, err.msg);
  }
}

static void test_parse(void) {
  parse_case("0-F", "0123456789ABCDEF", NULL, 0);
  parse_case("0-f", "0123456789ABCDEF", NULL, 0);
  parse_case("1-9A-G", "123456789ABCDEFG", NULL, 0);
  parse_case("1-G", "123456789ABCDEFG", NULL, 0);
  parse_case("A-P", "ABCDEFGHIJKLMNOP", NULL, 0);
  parse_case("a-i", "ABCDEFGHI", NULL, 0);
  parse_case("XYZ1-3", "XYZ123", NULL, 0);
  parse_case("5", "5", NULL, 0);
  parse_case("1-9A-Z", "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", NULL, 0);
  parse_case("", NULL, "no symbols", 1);
  parse_case("A-", NULL, "the range 'A-' has no last symbol", 2);
  parse_case("A-.", NULL, "the range 'A-' has no last symbol", 2);
  parse_case("-A", NULL, "'-' is not a symbol", 1);
  parse_case("A,B", NULL, "',' is not a symbol", 2);
  parse_case("AB.", NULL, "'.' is not a symbol", 3);
  parse_case("A b", NULL, "byte 0x20 is not a symbol", 2);
  parse_case("P-A", NULL, "the range P-A runs backwards", 1);
  parse_case("A-9", NULL, "the range A-9 runs backwards", 1);
  parse_case("A-Ca", NULL, "'A' occurs twice", 4);
  parse_case("1-91-2", NULL, "'1' occurs twice", 4);
  parse_case("0-Z", NULL, "more than 35 symbols", 1);
}

static void format_case(const char *alphabet, const char *sep,
                        const char *want) {
  char buf[128];
  sks_symbols_format(alphabet, sep, buf, sizeof buf);
  CHECK(!strcmp(buf, want));
  if (strcmp(buf, want))
    fprintf(stderr, "  format '%s': got '%s', want '%s'\n", alphabet, buf,
            want);
}

static void test_format(void) {
  format_case("0123456789ABCDEF", "", "0-9A-F");
  format_case("0123456789ABCDEF", ", ", "0-9, A-F");
  format_case("123456789ABCDEFG", ", ", "1-9, A-G");
  format_case("ABCDEFGHIJKLMNOP", ", ", "A-P");
  format_case("XYZ123", ", ", "X-Z, 1-3");
  format_case("13579", "", "13579");
  format_case("9A", ", ", "9, A");
  char small[5];
  sks_symbols_format("0123456789ABCDEF", "", small, sizeof small);
  CHECK(!strcmp(small, "0-9")); /* cut short at a whole run */
}

/* The reader's result on text: 0 and *p, or -1 and the message. */
static int read_one(const char *text, const char *symbols, sks_puzzle **p,
                    sks_error *err) {
  sks_format_options opt = {0};
  opt.symbols = symbols;
  return sks_puzzle_parse(text, &opt, p, err);
}

/* A solved 9x9 (rows shifted by 3, bands by 1), written with `alpha`. */
static void solved9(char *line, const char *alpha) {
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      line[r * 9 + c] = alpha[(r * 3 + r / 3 + c) % 9];
  line[81] = 0;
}

/* Checks that p holds `text`'s cells read in alphabet alpha ('.' blank),
 * independently of the reader: the place of each symbol in alpha. */
static bool cells_are(const sks_puzzle *p, const char *text, int n,
                      const char *alpha) {
  for (int i = 0; i < n * n; i++) {
    const char *at = text[i] == '.' ? NULL : strchr(alpha, text[i]);
    int want = at ? (int)(at - alpha) : -1;
    if (p->cell[i] != want)
      return false;
  }
  return true;
}

static char *written(const sks_puzzle *p) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  sks_puzzle_write(f, p, p->cell);
  fclose(f);
  return buf;
}

static void test_letters(void) {
  char line[82], text[200];
  sks_puzzle *p = NULL;
  sks_error err = {0};
  /* A 9x9 in A-I, one line, blanks here and there: letters, A = 1. */
  solved9(line, "ABCDEFGHI");
  for (int i = 0; i < 81; i += 4)
    line[i] = '.';
  CHECK_EQ(read_one(line, NULL, &p, &err), 0);
  CHECK(p && p->shape->n == 9 && cells_are(p, line, 9, "ABCDEFGHI"));
  CHECK(p && !strcmp(p->look.symbols, "ABCDEFGHI"));
  CHECK(p && sks_puzzle_symbol(p, 0) == 'A' && sks_puzzle_symbol(p, 8) == 'I');
  char *out = p ? written(p) : NULL;
  CHECK(out && !strncmp(out, line, 81)); /* written back in letters */
  free(out);
  sks_puzzle_delete(p);
  /* The same in lowercase, and as a grid. */
  for (int i = 0; i < 81; i++)
    text[i] = line[i] == '.' ? '.' : (char)(line[i] - 'A' + 'a');
  text[81] = 0;
  CHECK_EQ(read_one(text, NULL, &p, &err), 0);
  CHECK(p && cells_are(p, line, 9, "ABCDEFGHI"));
  sks_puzzle_delete(p);
  size_t k = 0;
  for (int r = 0; r < 9; r++) {
    memcpy(text + k, line + r * 9, 9);
    k += 9;
    text[k++] = '\n';
  }
  text[k] = 0;
  CHECK_EQ(read_one(text, NULL, &p, &err), 0);
  CHECK(p && p->look.layout == SKS_LAYOUT_GRID &&
        cells_are(p, line, 9, "ABCDEFGHI") &&
        !strcmp(p->look.symbols, "ABCDEFGHI"));
  out = p ? written(p) : NULL;
  CHECK(out && !strcmp(out, text));
  free(out);
  sks_puzzle_delete(p);
  /* One digit and the rest letters: the letter that mixes is the error
   * when digits came first, the digit when the letters did. */
  solved9(line, "123456789");
  line[5] = 'C';
  CHECK_EQ(read_one(line, NULL, &p, &err), -1);
  CHECK(!strcmp(err.msg, "unexpected 'C' (expected 1-9, '.' or '0')"));
  CHECK_EQ(err.col, 6);
  solved9(line, "ABCDEFGHI");
  line[80] = '5';
  CHECK_EQ(read_one(line, NULL, &p, &err), -1);
  CHECK(!strcmp(err.msg, "unexpected '5' (expected A-I, '.' or '0': 'A' at "
                         "1:1 writes the puzzle in letters)"));
  CHECK_EQ(err.col, 81);
  /* Over rows: the letter's line and column are kept. */
  CHECK_EQ(read_one("........C\n123456789\n" /* then 7 rows */
                    ".........\n.........\n.........\n.........\n"
                    ".........\n.........\n.........\n",
                    NULL, &p, &err),
           -1);
  CHECK(!strcmp(err.msg, "unexpected '1' (expected A-I, '.' or '0': 'C' at "
                         "1:9 writes the puzzle in letters)"));
  CHECK(err.line == 2 && err.col == 1);
  /* A letter past the first n: no letter alphabet, the usual message. */
  solved9(line, "ABCDEFGHI");
  line[3] = 'J';
  CHECK_EQ(read_one(line, NULL, &p, &err), -1);
  CHECK(!strcmp(err.msg, "unexpected 'J' (expected 1-9, '.' or '0')"));
  /* An empty puzzle stays in 1-9. */
  memset(line, '.', 81);
  CHECK_EQ(read_one(line, NULL, &p, &err), 0);
  CHECK(p && !p->look.symbols[0] && sks_puzzle_givens(p) == 0);
  sks_puzzle_delete(p);
}

/* 16x16: A-P by content, 1-9A-G with a digit, 0-F by option. */
static void test_sixteen(void) {
  char line[257];
  sks_puzzle *p = NULL;
  sks_error err = {0};
  const char *ap = "ABCDEFGHIJKLMNOP", *hex = "0123456789ABCDEF";
  /* The solved 16x16 pattern (r*4 + r/4 + c) mod 16. */
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++)
      line[r * 16 + c] = ap[(r * 4 + r / 4 + c) % 16];
  line[256] = 0;
  for (int i = 0; i < 256; i += 3)
    line[i] = '.';
  CHECK_EQ(read_one(line, NULL, &p, &err), 0);
  CHECK(p && p->shape->n == 16 && cells_are(p, line, 16, ap) &&
        !strcmp(p->look.symbols, ap));
  /* Written as a grid, it reads back without an option. */
  if (p) {
    p->look.layout = SKS_LAYOUT_GRID;
    char *out = written(p);
    sks_puzzle *q = NULL;
    CHECK_EQ(read_one(out, NULL, &q, &err), 0);
    CHECK(q && q->look.layout == SKS_LAYOUT_GRID &&
          cells_are(q, line, 16, ap) && !strcmp(q->look.symbols, ap));
    sks_puzzle_delete(q);
    free(out);
  }
  sks_puzzle_delete(p);
  /* The same text under --symbols 0-F is another puzzle: A = 10. */
  char hexline[257];
  for (int i = 0; i < 256; i++)
    hexline[i] = line[i] == '.' ? '.' : hex[(line[i] - 'A' + 10) % 16];
  hexline[256] = 0;
  CHECK_EQ(read_one(hexline, hex, &p, &err), 0);
  CHECK(p && cells_are(p, hexline, 16, hex) && !strcmp(p->look.symbols, hex));
  sks_puzzle_delete(p);
  /* Under 0-F, 0 is a digit, '.' a blank; written back with 0 a digit. */
  hexline[1] = '0';
  CHECK_EQ(read_one(hexline, hex, &p, &err), 0);
  CHECK(p && p->cell[0] == -1 && p->cell[1] == 0 && p->look.blank == '.');
  char *out = p ? written(p) : NULL;
  CHECK(out && !strncmp(out, hexline, 256));
  free(out);
  sks_puzzle_delete(p);
  /* An alphabet of another size. */
  CHECK_EQ(read_one(hexline, "ABCDEFGHI", &p, &err), -1);
  CHECK(!strcmp(err.msg, "a 16x16 puzzle does not fit the alphabet A-I (9 "
                         "symbols)"));
  CHECK_EQ(read_one("0123456789ABCDEF", hex, &p, &err), -1); /* a grid row */
  CHECK(!strcmp(err.msg, "grid ended after 1 of 16 rows"));
  CHECK_EQ(read_one("ABCDEFGHIJKLMNOP", hex, &p, &err), -1);
  CHECK(!strcmp(err.msg, "unexpected 'G' (expected 0-9, A-F or '.')"));
  CHECK(sks_symbols_valid(hex) && sks_symbols_valid("") &&
        !sks_symbols_valid("1-4") && !sks_symbols_valid("abc") &&
        !sks_symbols_valid("AA"));
  /* A 4x4 one-line puzzle in letters A-D, and 16 letters with E-P: a row. */
  CHECK_EQ(read_one("AB..CD..BA..DC..", NULL, &p, &err), 0);
  CHECK(p && p->shape->n == 4 && !strcmp(p->look.symbols, "ABCD") &&
        cells_are(p, "AB..CD..BA..DC..", 4, "ABCD"));
  sks_puzzle_delete(p);
  CHECK_EQ(read_one("AB..CD..BA..DC.E", NULL, &p, &err), -1);
  CHECK(!strcmp(err.msg, "grid ended after 1 of 16 rows"));
}

int main(void) {
  test_parse();
  test_format();
  test_letters();
  test_sixteen();
  return check_report();
}
