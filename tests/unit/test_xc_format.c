/* Tests of the exact-cover text reader (solver/xc_format.c): what it reads
 * is compared item by item with the text, solutions found on it are
 * checked to be exact covers here, and each malformed input must fail at
 * the right line and column with a message naming the fault. */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static int read_text(const char *text, size_t len, sks_xc **xc,
                     sks_error *err) {
  sks_input *in = sks_input_memory(text, len);
  memset(err, 0, sizeof *err);
  int rc = sks_xc_read(in, xc, err);
  sks_input_close(in);
  return rc;
}

static int read_str(const char *text, sks_xc **xc, sks_error *err) {
  return read_text(text, strlen(text), xc, err);
}

/* The option's item names joined by blanks, for comparing with text. */
static void option_text(const sks_xc *xc, int o, char *buf, size_t size) {
  buf[0] = '\0';
  for (int t = xc->ostart[o]; t < xc->ostart[o + 1]; t++) {
    if (t > xc->ostart[o])
      strncat(buf, " ", size - strlen(buf) - 1);
    strncat(buf, xc->name[xc->oitem[t]], size - strlen(buf) - 1);
  }
}

/* Each primary item once, each secondary at most once. */
static int is_cover(const sks_xc *xc, const int *opts, int k) {
  int *cnt = calloc((size_t)xc->nitems, sizeof *cnt);
  for (int j = 0; j < k; j++)
    for (int t = xc->ostart[opts[j]]; t < xc->ostart[opts[j] + 1]; t++)
      cnt[xc->oitem[t]]++;
  int ok = 1;
  for (int i = 0; i < xc->nitems; i++)
    if (cnt[i] > 1 || (i < xc->nprimary && cnt[i] != 1))
      ok = 0;
  free(cnt);
  return ok;
}

typedef struct seen {
  const sks_xc *xc;
  long long n, bad;
} seen;

static int visit(void *ctx, const int *opts, int k) {
  seen *s = ctx;
  s->n++;
  if (!is_cover(s->xc, opts, k))
    s->bad++;
  return 0;
}

static void test_knuth(void) {
  static const char text[] = "| A simple example\n"
                             "A B C D E | F G\n"
                             "C E F\n"
                             "A D G\n"
                             "B C F\n"
                             "\n"
                             "A D\n"
                             "  | a comment between options\n"
                             "B G\n"
                             "D E G";
  sks_xc *xc;
  sks_error err;
  CHECK_EQ(read_str(text, &xc, &err), 0);
  if (!xc)
    return;
  CHECK_EQ(xc->nitems, 7);
  CHECK_EQ(xc->nprimary, 5);
  CHECK_EQ(xc->noptions, 6);
  CHECK(!strcmp(xc->name[0], "A") && !strcmp(xc->name[6], "G"));
  static const char *const opts[] = {"C E F", "A D G", "B C F",
                                     "A D",   "B G",   "D E G"};
  static const long lines[] = {3, 4, 5, 7, 9, 10};
  for (int o = 0; o < 6; o++) {
    char buf[64];
    option_text(xc, o, buf, sizeof buf);
    CHECK(!strcmp(buf, opts[o]));
    CHECK_EQ(xc->oline[o], lines[o]);
  }
  CHECK_EQ(sks_dlx_options(xc->dlx), 6);
  seen s = {xc, 0, 0};
  int st;
  CHECK_EQ(sks_dlx_search(xc->dlx, 0, NULL, visit, &s, &st), 1);
  CHECK_EQ(st, SKS_SAT);
  CHECK_EQ(s.n, 1);
  CHECK_EQ(s.bad, 0);
  sks_xc_delete(xc);
  sks_xc_delete(NULL);
}

/* Tabs, CR LF line ends, names of any non-blank characters, no '|'. */
static void test_lexical(void) {
  static const char text[] = "\r\n  x1\t[y]  z-3 \r\n"
                             "x1 [y]\r\n"
                             "z-3\r\n"
                             "x1\tz-3\r\n"
                             "[y]\r\n";
  sks_xc *xc;
  sks_error err;
  CHECK_EQ(read_str(text, &xc, &err), 0);
  if (!xc)
    return;
  CHECK_EQ(xc->nitems, 3);
  CHECK_EQ(xc->nprimary, 3);
  CHECK_EQ(xc->noptions, 4);
  CHECK(!strcmp(xc->name[1], "[y]"));
  int st;
  CHECK_EQ(sks_dlx_count(xc->dlx, 0, NULL, &st), 2);
  sks_xc_delete(xc);
  /* Options only: a problem with items and no options has no solution. */
  CHECK_EQ(read_str("a b\n", &xc, &err), 0);
  if (xc) {
    CHECK_EQ(xc->noptions, 0);
    CHECK_EQ(sks_dlx_solve(xc->dlx, NULL), SKS_UNSAT);
    sks_xc_delete(xc);
  }
}

/* 8 queens written as text the way a user would: 92 solutions. */
static void test_queens_text(void) {
  char *text = malloc(1 << 16);
  size_t len = 0;
  for (int i = 0; i < 8; i++)
    len += (size_t)sprintf(text + len, "r%d c%d ", i, i);
  len += (size_t)sprintf(text + len, "|");
  for (int i = 0; i < 15; i++)
    len += (size_t)sprintf(text + len, " a%d b%d", i, i);
  len += (size_t)sprintf(text + len, "\n");
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 8; c++)
      len += (size_t)sprintf(text + len, "r%d c%d a%d b%d\n", r, c, r + c,
                             r - c + 7);
  sks_xc *xc;
  sks_error err;
  CHECK_EQ(read_text(text, len, &xc, &err), 0);
  if (xc) {
    seen s = {xc, 0, 0};
    int st;
    CHECK_EQ(sks_dlx_search(xc->dlx, 0, NULL, visit, &s, &st), 92);
    CHECK_EQ(s.bad, 0);
    sks_xc_delete(xc);
  }
  free(text);
}

/* Many items: the name table grows and every name is found again. */
static void test_many_items(void) {
  enum { K = 5000 };
  char *text = malloc(32 * K);
  size_t len = 0;
  for (int i = 0; i < K; i++)
    len += (size_t)sprintf(text + len, "i%d ", i);
  text[len++] = '\n';
  for (int i = K - 1; i >= 0; i--) /* one singleton option per item */
    len += (size_t)sprintf(text + len, "i%d\n", i);
  sks_xc *xc;
  sks_error err;
  CHECK_EQ(read_text(text, len, &xc, &err), 0);
  if (xc) {
    int wrong = 0;
    for (int o = 0; o < K; o++)
      wrong += xc->oitem[xc->ostart[o]] != K - 1 - o;
    CHECK_EQ(wrong, 0);
    CHECK_EQ(sks_dlx_solve(xc->dlx, NULL), SKS_SAT);
    CHECK_EQ(sks_dlx_solution(xc->dlx, NULL), K);
    sks_xc_delete(xc);
  }
  free(text);
}

/* Each bad input fails at (line, col) with a message holding `needle`. */
static void bad(const char *text, size_t len, long line, long col,
                const char *needle) {
  sks_xc *xc = (sks_xc *)&xc; /* must be set to NULL */
  sks_error err;
  int rc = read_text(text, len, &xc, &err);
  CHECK_EQ(rc, -1);
  CHECK(xc == NULL);
  CHECK_EQ(err.line, line);
  CHECK_EQ(err.col, col);
  if (!strstr(err.msg, needle)) {
    fprintf(stderr, "message '%s' lacks '%s'\n", err.msg, needle);
    CHECK(0);
  }
}

#define BAD(T, L, C, N) bad(T, sizeof T - 1, L, C, N)

static void test_errors(void) {
  BAD("", 1, 0, "no items");
  BAD("| only a comment\n\n", 2, 0, "no items");
  BAD("a b a\n", 1, 5, "'a' is named twice");
  BAD("a b | c | d\n", 1, 9, "second '|'");
  BAD("| c\n | d\n", 2, 0, "no items"); /* both lines are comments */
  BAD("x | c\n|\n x c\nx y\n", 4, 3, "unknown item 'y'");
  BAD("a b\na b a\n", 2, 5, "'a' twice in one option");
  BAD("a | s\na s:1\n", 2, 3, "colors ('s:1') are not supported");
  BAD("a b:x\n", 1, 4, "colors are not supported");
  BAD("a b\na | b\n", 2, 3, "'|' in an option");
  BAD("a b\n\0a\n", 2, 1, "NUL byte");
  BAD("\n\n  | x\n", 3, 0, "no items");
  BAD(" | a b\n", 1, 0, "no items"); /* '|' first: a comment */
}

int main(void) {
  test_knuth();
  test_lexical();
  test_queens_text();
  test_many_items();
  test_errors();
  return check_report();
}
