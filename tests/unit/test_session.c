/* Sessions (decoder/session.c) and a reader's chunks (formats/
 * reader_fill.c): answers of every backend checked by the checker's own
 * validator (sks_plain_valid), counts against known ones, limits, a bad
 * backend, and many puzzles on 1 to 8 threads giving the same answers in
 * input order. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

static const char *const escargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
    "..7...3..";
static const char *const two =
    "......9....7.....2.....653.8....97.5..6..8....12...34........8..4...7..."
    "365.4....";
static const char *const none =
    "12...7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7"
    "..7...3..";

static sks_puzzle *parse(const char *text) {
  sks_puzzle *p = NULL;
  sks_error err = {0};
  if (sks_puzzle_parse(text, NULL, &p, &err)) {
    fprintf(stderr, "cannot parse %s: %s\n", text, err.msg);
    exit(1);
  }
  return p;
}

static void test_solve_and_count(const char *backend) {
  sks_error err = {0};
  sks_session *ss = sks_session_new(backend, NULL, &err);
  CHECK(ss != NULL);
  if (!ss)
    return;
  sks_puzzle *e = parse(escargot), *t = parse(two), *z = parse(none);
  int grid[81], second[81];
  CHECK_EQ(sks_session_solve(ss, e, NULL, grid, &err), SKS_SAT);
  CHECK(sks_plain_valid(e, grid, &err));
  CHECK_EQ(sks_session_solve(ss, z, NULL, grid, &err), SKS_UNSAT);
  /* the same session again, after another puzzle */
  memset(grid, 0, sizeof grid);
  CHECK_EQ(sks_session_solve(ss, e, NULL, grid, &err), SKS_SAT);
  CHECK(sks_plain_valid(e, grid, &err));
  sks_count_result r = sks_session_count(ss, t, 0, NULL, grid, second, &err);
  CHECK_EQ(r.status, SKS_SAT);
  CHECK_EQ(r.count, 2);
  CHECK(sks_plain_valid(t, grid, &err) && sks_plain_valid(t, second, &err));
  CHECK(memcmp(grid, second, sizeof grid) != 0);
  r = sks_session_count(ss, t, 1, NULL, NULL, NULL, &err);
  CHECK(r.count == 1 && r.at_limit);
  r = sks_session_count(ss, z, 0, NULL, NULL, NULL, &err);
  CHECK(r.status == SKS_SAT && r.count == 0);
  CHECK(strcmp(sks_solver_backend(sks_session_solver(ss))->name,
               backend ? backend : "auto") == 0);
  sks_puzzle_delete(e);
  sks_puzzle_delete(t);
  sks_puzzle_delete(z);
  sks_session_delete(ss);
}

static void test_errors_and_limits(void) {
  sks_error err = {0};
  CHECK(sks_session_new("nosuch", NULL, &err) == NULL);
  CHECK(strstr(err.msg, "nosuch") != NULL);
  sks_session_delete(NULL);
  /* a 64x64 without givens is not set up in a nanosecond */
  sks_puzzle *big = sks_puzzle_new(8, 8, 0, NULL, &err);
  sks_session *ss = sks_session_new("cadical", NULL, &err);
  int *grid = malloc(64 * 64 * sizeof *grid);
  sks_limits lim = {1e-9, 0};
  memset(&err, 0, sizeof err);
  CHECK_EQ(sks_session_solve(ss, big, &lim, grid, &err), SKS_UNKNOWN);
  CHECK(err.msg[0] != 0);
  sks_count_result r = sks_session_count(ss, big, 2, &lim, NULL, NULL, &err);
  CHECK_EQ(r.status, SKS_UNKNOWN);
  /* and the session still answers without a limit afterwards */
  sks_puzzle *e = parse(escargot);
  CHECK_EQ(sks_session_solve(ss, e, NULL, grid, &err), SKS_SAT);
  CHECK(sks_plain_valid(e, grid, &err));
  free(grid);
  sks_puzzle_delete(big);
  sks_puzzle_delete(e);
  sks_session_delete(ss);
}

static void test_many(void) {
  enum { K = 300 };
  const sks_puzzle *ps[K];
  sks_puzzle *own[3] = {parse(escargot), parse(two), parse(none)};
  sks_puzzle *p16 = sks_puzzle_new(4, 4, 0, NULL, NULL); /* blank 16x16 */
  for (int i = 0; i < K; i++)
    ps[i] = i % 50 == 49 ? p16 : i % 50 == 48 ? NULL : own[i % 3];
  size_t offset[K];
  size_t cells = sks_session_cells(ps, K, offset);
  CHECK_EQ(cells, (size_t)(K - 12) * 81 + 6 * 256 - 0);
  int *grids = malloc(cells * sizeof *grids);
  sks_session_answer out[K];
  sks_session *ss[8];
  for (int t = 0; t < 8; t++)
    ss[t] = sks_session_new(NULL, NULL, NULL);
  for (int threads = 1; threads <= 8; threads *= 2) {
    for (int limit = 0; limit <= 2; limit += 2) {
      sks_error err = {0};
      memset(out, 0x55, sizeof out);
      sks_session_run_many(ss, threads, NULL, limit, ps, K, grids, out);
      for (int i = 0; i < K; i++) {
        if (!ps[i]) {
          CHECK_EQ(out[i].status, -1);
          continue;
        }
        bool is_none = ps[i] == own[2], is_two = ps[i] == own[1];
        bool blank = ps[i] == p16;
        if (limit == 0) {
          CHECK_EQ(out[i].status, is_none ? SKS_UNSAT : SKS_SAT);
          CHECK_EQ(out[i].count, is_none ? 0 : 1);
        } else {
          CHECK_EQ(out[i].status, SKS_SAT);
          CHECK_EQ(out[i].count, is_none ? 0 : is_two || blank ? 2 : 1);
        }
        if (is_none)
          CHECK(out[i].grid == NULL);
        else {
          CHECK(out[i].grid == grids + offset[i]);
          CHECK(sks_plain_valid(ps[i], out[i].grid, &err));
        }
      }
    }
  }
  /* nothing to answer: out untouched */
  memset(out, 0x55, sizeof out);
  sks_session_run_many(ss, 4, NULL, 0, ps, 0, grids, out);
  CHECK_EQ(out[0].status, 0x55555555);
  for (int t = 0; t < 8; t++)
    sks_session_delete(ss[t]);
  free(grids);
  for (int i = 0; i < 3; i++)
    sks_puzzle_delete(own[i]);
  sks_puzzle_delete(p16);
}

static void test_reader_fill(void) {
  char text[1024];
  snprintf(text, sizeof text, "%s\n%s\n%sx\n%s\n%s\n", escargot, two,
           escargot + 1, none, escargot);
  sks_input *in = sks_input_memory(text, strlen(text));
  sks_reader *rd = sks_reader_new(in, NULL);
  sks_puzzle *out[4] = {0};
  sks_error err = {0};
  int status = 7;
  /* the first two, then the bad line stops the chunk */
  CHECK_EQ(sks_reader_fill(rd, out, 4, &status, &err), 2);
  CHECK_EQ(status, -1);
  CHECK_EQ(err.line, 3);
  CHECK_EQ(err.col, 81);
  CHECK_EQ(sks_puzzle_givens(out[0]), 23);
  CHECK_EQ(out[1]->look.line, 2);
  /* on after the error; the entries are overwritten in place */
  sks_puzzle *kept = out[0];
  CHECK_EQ(sks_reader_fill(rd, out, 1, &status, &err), 1);
  CHECK_EQ(status, 1);
  CHECK(out[0] == kept);
  CHECK_EQ(out[0]->look.line, 4);
  CHECK_EQ(sks_puzzle_givens(out[0]), 24);
  CHECK_EQ(sks_reader_fill(rd, out, 4, NULL, &err), 1);
  CHECK_EQ(out[0]->look.line, 5);
  CHECK_EQ(sks_reader_fill(rd, out, 4, &status, &err), 0);
  CHECK_EQ(status, 0);
  /* the chunk's puzzles freed in one call (a NULL among them), each entry
   * set NULL; none is left for the leak checker */
  CHECK(out[0] && out[1] && !out[2]);
  sks_session_delete_puzzles(out, 4);
  for (int i = 0; i < 4; i++)
    CHECK(out[i] == NULL);
  sks_session_delete_puzzles(out, 0);
  sks_session_delete_puzzles(NULL, 0);
  sks_reader_delete(rd);
  sks_input_close(in);
}

static void test_puzzle_text(void) {
  sks_puzzle *p = parse(escargot);
  char buf[200];
  size_t len = sks_puzzle_text(p, NULL, -1, buf, sizeof buf);
  CHECK_EQ(len, 82);
  CHECK(strncmp(buf, escargot, 81) == 0 && buf[81] == '\n' && !buf[82]);
  /* cut short, NUL-terminated, the whole length said */
  CHECK_EQ(sks_puzzle_text(p, NULL, -1, buf, 10), 82);
  CHECK(strlen(buf) == 9 && strncmp(buf, escargot, 9) == 0);
  CHECK_EQ(sks_puzzle_text(p, NULL, -1, NULL, 0), 82);
  /* an answer, in another layout: 9 rows of 9 symbols */
  int grid[81];
  sks_error err = {0};
  sks_session *ss = sks_session_new(NULL, NULL, &err);
  CHECK_EQ(sks_session_solve(ss, p, NULL, grid, &err), SKS_SAT);
  len = sks_puzzle_text(p, grid, SKS_LAYOUT_GRID, buf, sizeof buf);
  CHECK_EQ(len, strlen(buf));
  int rows = 0, digits = 0;
  for (const char *c = buf; *c; c++) {
    rows += *c == '\n';
    digits += *c >= '1' && *c <= '9';
  }
  CHECK_EQ(rows, 9);
  CHECK_EQ(digits, 81);
  sks_session_delete(ss);
  sks_puzzle_delete(p);
}

/* A batch's answers packed (sks_session_pack) and written one after the
 * other (sks_session_write_answers): the same digits as the grids, each
 * text what sks_puzzle_text writes, a side past 255 said. */
static void test_pack_and_write(void) {
  enum { K = 6 };
  sks_puzzle *own[3] = {parse(escargot), parse(two), parse(none)};
  sks_puzzle *p16 = sks_puzzle_new(4, 4, 0, NULL, NULL); /* blank 16x16 */
  const sks_puzzle *ps[K] = {own[0], own[1], own[2], NULL, p16, own[0]};
  size_t offset[K];
  size_t cells = sks_session_cells(ps, K, offset);
  int *grids = malloc(cells * sizeof *grids);
  unsigned char *digits = malloc(cells), kind[K];
  sks_session_answer out[K];
  sks_session *ss[2] = {sks_session_new(NULL, NULL, NULL),
                        sks_session_new(NULL, NULL, NULL)};
  for (int limit = 0; limit <= 2; limit += 2) {
    sks_session_run_many(ss, 2, NULL, limit, ps, K, grids, out);
    memset(digits, 0x55, cells);
    memset(kind, 0x55, sizeof kind);
    CHECK_EQ(sks_session_pack(ps, out, K, kind, digits), 0);
    int many = limit ? SKS_ANSWER_MORE : SKS_ANSWER_ONE;
    const int want[K] = {SKS_ANSWER_ONE,   many, SKS_ANSWER_NONE,
                         SKS_ANSWER_ERROR, many, SKS_ANSWER_ONE};
    for (int i = 0; i < K; i++) {
      CHECK_EQ(kind[i], want[i]);
      if (!ps[i])
        continue;
      int n = ps[i]->shape->n;
      bool same = true;
      for (int k = 0; k < n * n; k++)
        same &= digits[offset[i] + k] == (out[i].grid ? out[i].grid[k] + 1 : 0);
      CHECK(same);
    }
    char *text = NULL;
    size_t len = 0, end[K];
    FILE *f = open_memstream(&text, &len);
    fputs("before\n", f); /* ends count from where the call starts */
    CHECK_EQ(sks_session_write_answers(f, ps, out, K, -1, end), 0);
    fclose(f);
    size_t at = 7;
    for (int i = 0; i < K; i++) {
      size_t was = i ? end[i - 1] : 0;
      if (!out[i].grid) {
        CHECK_EQ(end[i], was);
        continue;
      }
      char one[2048];
      size_t n = sks_puzzle_text(ps[i], out[i].grid, -1, one, sizeof one);
      CHECK_EQ(end[i] - was, n);
      CHECK(memcmp(text + at, one, n) == 0);
      at += n;
    }
    CHECK_EQ(len, at);
    free(text);
    /* no ends asked: a stream that cannot tell its position will do */
    f = fopen("/dev/null", "w");
    CHECK_EQ(sks_session_write_answers(f, ps, out, K, SKS_LAYOUT_GRID, NULL),
             0);
    fclose(f);
  }
  /* a side past 255: its digits do not fit a byte */
  sks_puzzle *huge = sks_puzzle_new(16, 16, 0, NULL, NULL);
  const sks_puzzle *hp[2] = {own[0], huge};
  int *hg = calloc(256 * 256 + 81, sizeof *hg);
  sks_session_answer ho[2] = {{.status = SKS_SAT, .count = 1, .grid = hg},
                              {.status = SKS_SAT, .count = 1, .grid = hg}};
  unsigned char *hd = malloc(256 * 256 + 81);
  memset(hd, 0x55, 256 * 256 + 81);
  CHECK_EQ(sks_session_pack(hp, ho, 2, kind, hd), -1);
  CHECK(kind[0] == SKS_ANSWER_ONE && kind[1] == SKS_ANSWER_ONE);
  CHECK(hd[0] == 1 && hd[80] == 1 && hd[81] == 0 && hd[81 + 65535] == 0);
  free(hd);
  free(hg);
  sks_puzzle_delete(huge);
  sks_session_delete(ss[0]);
  sks_session_delete(ss[1]);
  free(grids);
  free(digits);
  for (int i = 0; i < 3; i++)
    sks_puzzle_delete(own[i]);
  sks_puzzle_delete(p16);
}

int main(void) {
  const char *backends[] = {NULL, "picosat", "cadical", "dlx", "bits"};
  for (size_t i = 0; i < sizeof backends / sizeof *backends; i++)
    test_solve_and_count(backends[i]);
  test_errors_and_limits();
  test_many();
  test_reader_fill();
  test_puzzle_text();
  test_pack_and_write();
  return check_report();
}
