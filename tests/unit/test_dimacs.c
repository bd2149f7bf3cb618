/* Tests of the CNF container and the DIMACS codec: exact output, round
 * trips (plain and gzip, with descriptions), reader tolerance, the
 * malformed-input corpus in bad-input/dimacs, and (with `bench`) speed. */
#define _POSIX_C_SOURCE 200809L
#include "corpus.h"
#include "sks_formats.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- helpers ---- */

static char *write_to_string(const sks_cnf *cnf) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  sks_error err;
  int res = sks_dimacs_write(cnf, f, &err);
  fclose(f);
  CHECK_EQ(res, 0);
  return text;
}

typedef struct warnings {
  char text[4096];
  int count;
} warnings;

static void collect(void *ctx, const sks_error *w) {
  warnings *ws = ctx;
  size_t len = strlen(ws->text);
  snprintf(ws->text + len, sizeof ws->text - len, "warning %ld:%ld: %s\n",
           w->line, w->col, w->msg);
  ws->count++;
}

static int read_string(const char *text, sks_cnf *cnf, warnings *ws,
                       sks_error *err) {
  sks_input *in = sks_input_memory(text, strlen(text));
  if (ws)
    memset(ws, 0, sizeof *ws);
  int res = sks_dimacs_read(in, cnf, true, ws ? collect : NULL, ws, err);
  sks_input_close(in);
  return res;
}

static bool same_clauses(const sks_cnf *a, const sks_cnf *b) {
  return a->nlits == b->nlits && a->nclauses == b->nclauses &&
         a->nvars == b->nvars && a->maxlen == b->maxlen &&
         !memcmp(a->lits, b->lits, a->nlits * sizeof *a->lits);
}

static unsigned long long rng_state = 88172645463325252ull;
static unsigned rnd(unsigned bound) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state % bound);
}

static sks_cnf *random_cnf(int nvars, long nclauses, int maxlen) {
  sks_cnf *cnf = sks_cnf_new();
  int lits[64];
  for (long i = 0; i < nclauses; i++) {
    int len = (int)rnd((unsigned)maxlen + 1); /* empty clauses too */
    for (int k = 0; k < len; k++) {
      int v = 1 + (int)rnd((unsigned)nvars);
      lits[k] = rnd(2) ? v : -v;
    }
    sks_cnf_add_clause(cnf, lits, len);
  }
  return cnf;
}

/* The full 9x9 extended encoding, built here independently of encode.c:
 * 81 cell ALO, 243 region ALO, 324 pairwise AMO groups = 11,988 clauses. */
static sks_cnf *sudoku_cnf(void) {
  const int n = 9;
  sks_cnf *cnf = sks_cnf_new();
  int group[9];
  for (int kind = 0; kind < 4; kind++)
    for (int a = 0; a < n; a++)
      for (int b = 0; b < n; b++) {
        for (int k = 0; k < n; k++) {
          int r, c, d;
          if (kind == 0)
            r = a, c = b, d = k; /* cell (a,b) */
          else if (kind == 1)
            r = a, c = k, d = b; /* row a, digit b */
          else if (kind == 2)
            r = k, c = a, d = b; /* column a, digit b */
          else
            r = a / 3 * 3 + k / 3, c = a % 3 * 3 + k % 3, d = b;
          group[k] = sks_var(n, r, c, d);
        }
        sks_cnf_add_clause(cnf, group, n);
        for (int i = 0; i < n; i++)
          for (int j = i + 1; j < n; j++) {
            int pair[2] = {-group[i], -group[j]};
            sks_cnf_add_clause(cnf, pair, 2);
          }
      }
  return cnf;
}

/* ---- the container ---- */

static void test_cnf(void) {
  sks_cnf *cnf = sks_cnf_new();
  CHECK_EQ(cnf->nvars, 0);
  sks_cnf_add(cnf, 1);
  sks_cnf_add(cnf, -7);
  sks_cnf_add(cnf, 0);
  int c2[] = {3, 4, -5, 2};
  sks_cnf_add_clause(cnf, c2, 4);
  sks_cnf_add_clause(cnf, NULL, 0);
  CHECK_EQ(cnf->nvars, 7);
  CHECK_EQ(cnf->nclauses, 3);
  CHECK_EQ(cnf->maxlen, 4);
  CHECK_EQ(cnf->nlits, 9);
  CHECK_EQ(cnf->lits[3], 3);
  CHECK_EQ(cnf->lits[8], 0);
  /* Growth across many reallocations keeps every literal. */
  for (int i = 1; i <= 100000; i++)
    sks_cnf_add(cnf, i % 2 ? i : -i);
  sks_cnf_add(cnf, 0);
  CHECK_EQ(cnf->maxlen, 100000);
  CHECK_EQ(cnf->nvars, 100000);
  bool ok = true;
  for (int i = 1; i <= 100000; i++)
    ok = ok && cnf->lits[8 + i] == (i % 2 ? i : -i);
  CHECK(ok);
  sks_cnf_clear(cnf);
  CHECK_EQ(cnf->nlits, 0);
  CHECK_EQ(cnf->nclauses, 0);
  CHECK_EQ(cnf->nvars, 0);
  CHECK_EQ(cnf->maxlen, 0);
  CHECK(cnf->cap > 0);
  sks_cnf_delete(cnf);
  sks_cnf_delete(NULL);
}

/* ---- writing ---- */

static void test_write_exact(void) {
  sks_cnf *cnf = sks_cnf_new();
  int a[] = {1, -2, 3}, b[] = {-1000000, 2147483646}, c[] = {-9, 10, -99, 100};
  sks_cnf_add_clause(cnf, a, 3);
  sks_cnf_add_clause(cnf, b, 2);
  sks_cnf_add_clause(cnf, NULL, 0);
  sks_cnf_add_clause(cnf, c, 4);
  char *text = write_to_string(cnf);
  CHECK(!strcmp(text, "p cnf 2147483646 4\n"
                      "1 -2 3 0\n"
                      "-1000000 2147483646 0\n"
                      "0\n"
                      "-9 10 -99 100 0\n"));
  free(text);
  /* A clause still open is neither written nor counted. */
  sks_cnf_clear(cnf);
  sks_cnf_add(cnf, 4);
  sks_cnf_add(cnf, 0);
  sks_cnf_add(cnf, 5);
  text = write_to_string(cnf);
  CHECK(!strcmp(text, "p cnf 5 1\n4 0\n"));
  free(text);
  /* A clause longer than the output buffer. */
  sks_cnf_clear(cnf);
  for (int i = 1; i <= 30000; i++)
    sks_cnf_add(cnf, -1000000 - i);
  sks_cnf_add(cnf, 0);
  text = write_to_string(cnf);
  sks_cnf *back = sks_cnf_new();
  sks_error err;
  CHECK_EQ(read_string(text, back, NULL, &err), 0);
  CHECK(same_clauses(cnf, back));
  CHECK_EQ(strlen(text), strlen("p cnf 1030000 1\n") + 30000 * 9 + 2);
  sks_cnf_delete(back);
  free(text);
  sks_cnf_clear(cnf);
  text = write_to_string(cnf);
  CHECK(!strcmp(text, "p cnf 0 0\n"));
  free(text);
  sks_cnf_delete(cnf);
}

/* Every number written is the literal's decimal, checked with strtol. */
static void test_write_random(void) {
  sks_cnf *cnf = random_cnf(200000, 20000, 12);
  char *text = write_to_string(cnf);
  char *p = strchr(text, '\n') + 1;
  bool ok = !strncmp(text, "p cnf ", 6);
  size_t i = 0;
  while (*p && ok) {
    char *end;
    long v = strtol(p, &end, 10);
    ok = end > p && i < cnf->nlits && v == cnf->lits[i];
    ok = ok && (*end == (v ? ' ' : '\n'));
    p = end + 1;
    i++;
  }
  CHECK(ok);
  CHECK_EQ(i, cnf->nlits);
  free(text);
  sks_cnf_delete(cnf);
}

static void test_roundtrip_files(void) {
  sks_cnf *cnf = random_cnf(5000, 30000, 8), *back = sks_cnf_new();
  char plain[] = "/tmp/sks-test-dimacs-XXXXXX";
  int fd = mkstemp(plain);
  CHECK(fd >= 0);
  close(fd);
  char gz[sizeof plain + 3];
  snprintf(gz, sizeof gz, "%s.gz", plain);
  sks_error err;
  sks_dimacs_options opt = {false, 0, NULL};
  CHECK_EQ(sks_dimacs_write_file(cnf, plain, &opt, &err), 0);
  opt.gzip = true;
  opt.level = 1;
  CHECK_EQ(sks_dimacs_write_file(cnf, gz, &opt, &err), 0);
  const char *paths[] = {plain, gz};
  for (int k = 0; k < 2; k++) {
    sks_input *in = sks_input_open(paths[k], &err);
    CHECK(in != NULL);
    if (!in)
      continue;
    warnings ws = {{0}, 0};
    CHECK_EQ(sks_dimacs_read(in, back, true, collect, &ws, &err), 0);
    CHECK_EQ(ws.count, 0);
    CHECK(same_clauses(cnf, back));
    sks_input_close(in);
  }
  /* The gzip file is gzip (magic bytes) and smaller. */
  FILE *f = fopen(gz, "rb");
  unsigned char magic[2] = {0, 0};
  CHECK(f && fread(magic, 1, 2, f) == 2);
  CHECK(magic[0] == 0x1f && magic[1] == 0x8b);
  if (f)
    fclose(f);
  /* A path that cannot be created is an error, not a crash. */
  opt.gzip = false;
  CHECK_EQ(sks_dimacs_write_file(cnf, "/nonexistent-dir/x.cnf", &opt, &err),
           -1);
  CHECK(strstr(err.msg, "cannot create") != NULL);
  opt.gzip = true;
  CHECK_EQ(sks_dimacs_write_file(cnf, "/nonexistent-dir/x.cnf.gz", &opt, &err),
           -1);
  unlink(plain);
  unlink(gz);
  sks_cnf_delete(cnf);
  sks_cnf_delete(back);
}

/* ---- descriptions ---- */

static sks_cnf_desc *make_desc(int br, int bc, unsigned variants) {
  int n = br * bc;
  sks_cnf_desc *d = calloc(1, sizeof *d);
  d->n = n;
  d->box_rows = br;
  d->box_cols = bc;
  d->variants = variants;
  d->given = malloc((size_t)n * n * sizeof *d->given);
  for (int i = 0; i < n * n; i++)
    d->given[i] = rnd(3) ? -1 : (int)rnd((unsigned)n);
  if (variants & SKS_VARIANT_JIGSAW) {
    /* Regions are the rows with two cells swapped: valid, not boxes. */
    d->jigsaw = malloc((size_t)n * n * sizeof *d->jigsaw);
    for (int i = 0; i < n * n; i++)
      d->jigsaw[i] = i / n;
    if (n > 1) {
      d->jigsaw[n - 1] = 1;
      d->jigsaw[n] = 0;
    }
  }
  d->encoding = SKS_ENCODING_EFFICIENT;
  d->amo = SKS_AMO_SEQUENTIAL;
  d->propagate = SKS_PROPAGATE_SINGLES;
  return d;
}

static bool same_desc(const sks_cnf_desc *a, const sks_cnf_desc *b) {
  if (!a || !b)
    return false;
  size_t cells = (size_t)a->n * a->n;
  bool ok = a->n == b->n && a->box_rows == b->box_rows &&
            a->box_cols == b->box_cols && a->variants == b->variants &&
            a->encoding == b->encoding && a->amo == b->amo &&
            a->propagate == b->propagate && a->nmap == b->nmap &&
            !memcmp(a->given, b->given, cells * sizeof(int));
  ok = ok && !a->jigsaw == !b->jigsaw;
  if (ok && a->jigsaw)
    ok = !memcmp(a->jigsaw, b->jigsaw, cells * sizeof(int));
  ok = ok && !a->map == !b->map;
  if (ok && a->map)
    ok = !memcmp(a->map, b->map, (size_t)a->nmap * sizeof(int));
  return ok;
}

static bool no_option_comments(const char *text) {
  for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p)
    if (!strncmp(p, "c --", 4))
      return false;
  return true;
}

static void desc_roundtrip(int br, int bc, unsigned variants, bool map) {
  int n = br * bc;
  sks_cnf *cnf = random_cnf(n * n * n, 50, 5), *back = sks_cnf_new();
  cnf->desc = make_desc(br, bc, variants);
  if (map) {
    /* Ascending runs with gaps, then a descending tail: every kind of
     * entry the map writer knows. */
    int k = n * n * n / 2;
    cnf->desc->map = malloc((size_t)k * sizeof(int));
    cnf->desc->nmap = k;
    int v = 1;
    for (int i = 0; i < k; i++) {
      v += 1 + (rnd(4) == 0) * (int)rnd(3);
      cnf->desc->map[i] = i < k - 3 ? v : n * n * n - i % 5;
    }
  }
  if (cnf->nvars < n * n * n)
    cnf->nvars = n * n * n;
  char *text = write_to_string(cnf);
  CHECK(no_option_comments(text));
  CHECK(!strncmp(text, "c sudokusat v1\n", 15));
  sks_error err;
  warnings ws;
  CHECK_EQ(read_string(text, back, &ws, &err), 0);
  CHECK_EQ(ws.count, 0);
  if (ws.count)
    fprintf(stderr, "%s", ws.text);
  CHECK(same_clauses(cnf, back));
  CHECK(same_desc(cnf->desc, back->desc));
  if (back->desc) {
    sks_puzzle *p = sks_cnf_desc_puzzle(back->desc, &err);
    CHECK(p != NULL);
    if (p) {
      CHECK_EQ(p->shape->n, n);
      CHECK_EQ(p->shape->variants, variants);
      CHECK(!memcmp(p->cell, cnf->desc->given, (size_t)n * n * sizeof(int)));
      sks_puzzle_delete(p);
    }
  }
  free(text);
  sks_cnf_delete(cnf);
  sks_cnf_delete(back);
}

static void test_desc(void) {
  desc_roundtrip(3, 3, 0, false);
  desc_roundtrip(3, 3, SKS_VARIANT_X | SKS_VARIANT_WINDOKU, true);
  desc_roundtrip(2, 3, SKS_VARIANT_JIGSAW, true);
  desc_roundtrip(4, 4, SKS_VARIANT_X, true);
  desc_roundtrip(5, 7, 0, false); /* 35: the last size written in symbols */
  desc_roundtrip(6, 6, SKS_VARIANT_JIGSAW | SKS_VARIANT_X, true); /* numbers */
  desc_roundtrip(1, 1, 0, false);
  /* An empty map: renumbered, and propagation fixed every candidate. */
  {
    sks_cnf *cnf = sks_cnf_new(), *back = sks_cnf_new();
    cnf->desc = make_desc(2, 2, 0);
    cnf->desc->map = malloc(sizeof(int));
    cnf->desc->nmap = 0;
    char *text = write_to_string(cnf);
    sks_error err;
    warnings ws;
    CHECK_EQ(read_string(text, back, &ws, &err), 0);
    CHECK_EQ(ws.count, 0);
    CHECK(back->desc && back->desc->map && back->desc->nmap == 0);
    free(text);
    sks_cnf_delete(cnf);
    sks_cnf_delete(back);
  }
  /* Every encoding, at-most-one encoding and propagation level survives
   * the trip. */
  for (int e = SKS_ENCODING_MINIMAL; e <= SKS_ENCODING_EXTENDED; e++)
    for (int a = SKS_AMO_AUTO; a <= SKS_AMO_BIMANDER; a++)
      for (int level = SKS_PROPAGATE_GIVENS; level <= SKS_PROPAGATE_LOCKED;
           level++) {
        sks_cnf *cnf = sks_cnf_new(), *back = sks_cnf_new();
        sks_cnf_add(cnf, 1);
        sks_cnf_add(cnf, 0);
        cnf->desc = make_desc(2, 2, 0);
        cnf->desc->encoding = (sks_encoding)e;
        cnf->desc->amo = (sks_amo)a;
        cnf->desc->propagate = (sks_propagate)level;
        char *text = write_to_string(cnf);
        sks_error err;
        CHECK_EQ(read_string(text, back, NULL, &err), 0);
        CHECK(same_desc(cnf->desc, back->desc));
        free(text);
        sks_cnf_delete(cnf);
        sks_cnf_delete(back);
      }

  /* The exact comment block of a small description. */
  sks_cnf *cnf = sks_cnf_new();
  sks_cnf_add(cnf, 1);
  sks_cnf_add(cnf, 0);
  sks_cnf_desc *d = calloc(1, sizeof *d);
  int given[16] = {0, -1, -1, -1, -1, -1, 2, -1, -1, -1, -1, -1, -1, -1, -1, 3};
  int map[6] = {2, 3, 4, 7, 9, 10};
  d->n = 4;
  d->box_rows = d->box_cols = 2;
  d->given = malloc(sizeof given);
  memcpy(d->given, given, sizeof given);
  d->map = malloc(sizeof map);
  memcpy(d->map, map, sizeof map);
  d->nmap = 6;
  d->encoding = SKS_ENCODING_EXTENDED;
  d->amo = SKS_AMO_PAIRWISE;
  d->propagate = SKS_PROPAGATE_GIVENS;
  cnf->desc = d;
  cnf->nvars = 6;
  char *text = write_to_string(cnf);
  const char *want =
      "c sudokusat v1\n"
      "c size 4 box 2x2\n"
      "c givens 3\n"
      "c row 1 1...\n"
      "c row 2 ..3.\n"
      "c row 3 ....\n"
      "c row 4 ...4\n"
      "c encoding extended amo pairwise propagate givens\n"
      "c variable x(r,c,d) = (r*4 + c)*4 + d + 1 for 0-based row r, column "
      "c, digit d\n"
      "c renumbered: CNF variable i is x variable map[i], listed in order; "
      "a-b is a run\n"
      "c mapped 6\n"
      "c map 2-4 7 9 10\n"
      "p cnf 6 1\n"
      "1 0\n";
  CHECK(!strcmp(text, want));
  if (strcmp(text, want))
    fprintf(stderr, "got:\n%s", text);
  free(text);
  sks_cnf_delete(cnf);
}

/* ---- reader tolerance ---- */

static void test_tolerance(void) {
  sks_cnf *cnf = sks_cnf_new();
  sks_error err;
  warnings ws;
  /* Comments anywhere, several clauses a line, a clause over lines, CRLF,
   * tabs, leading spaces, a comment that is not 'c ' but 'c'. */
  CHECK_EQ(read_string("c hello\r\n"
                       "  p  cnf\t3   4 \r\n"
                       "1 -2 0 2 3 0\n"
                       "c in between\n"
                       "-1\n"
                       "  -3\n"
                       "0\tc\n"
                       "cinline\n"
                       "3 0\n",
                       cnf, &ws, &err),
           0);
  CHECK_EQ(ws.count, 0);
  int want[] = {1, -2, 0, 2, 3, 0, -1, -3, 0, 3, 0};
  CHECK_EQ(cnf->nlits, 11);
  CHECK(cnf->nlits == 11 && !memcmp(cnf->lits, want, sizeof want));
  CHECK_EQ(cnf->nvars, 3);
  CHECK_EQ(cnf->nclauses, 4);
  CHECK_EQ(cnf->maxlen, 2);
  CHECK(cnf->desc == NULL);

  /* Header says more variables than used: fine, nvars is the header's. */
  CHECK_EQ(read_string("p cnf 10 1\n1 0\n", cnf, &ws, &err), 0);
  CHECK_EQ(cnf->nvars, 10);
  CHECK_EQ(ws.count, 0);

  /* Warnings, not errors: counts, a missing final 0, SATLIB's '%'. */
  CHECK_EQ(read_string("p cnf 2 3\n1 5 0\n-1 2", cnf, &ws, &err), 0);
  CHECK_EQ(ws.count, 3);
  CHECK(!strcmp(ws.text,
                "warning 2:3: variable 5 exceeds the header's 2 variables\n"
                "warning 3:1: the last clause has no final 0 (taken as "
                "ended)\n"
                "warning 1:1: the header says 3 clauses, found 2\n"));
  CHECK_EQ(cnf->nvars, 5);
  CHECK_EQ(cnf->nclauses, 2);
  CHECK_EQ(cnf->nlits, 6);
  CHECK_EQ(read_string("p cnf 2 1\n1 2 0\n%\n0\n\n", cnf, &ws, &err), 0);
  CHECK_EQ(ws.count, 1);
  CHECK_EQ(cnf->nclauses, 1);

  /* Without a warn callback the same input still reads. */
  CHECK_EQ(read_string("p cnf 2 3\n1 5 0\n-1 2", cnf, NULL, &err), 0);
  /* An empty formula and the empty clause. */
  CHECK_EQ(read_string("p cnf 0 0\n", cnf, &ws, &err), 0);
  CHECK_EQ(cnf->nclauses, 0);
  CHECK_EQ(read_string("p cnf 0 1\n0\n", cnf, &ws, &err), 0);
  CHECK_EQ(cnf->nclauses, 1);
  CHECK_EQ(cnf->maxlen, 0);

  /* A broken description is dropped with a warning; the CNF still reads. */
  CHECK_EQ(read_string("c sudokusat v1\nc size 9 box 2x3\np cnf 1 1\n1 0\n",
                       cnf, &ws, &err),
           0);
  CHECK(cnf->desc == NULL);
  CHECK_EQ(ws.count, 1);
  CHECK(!strcmp(ws.text, "warning 2:3: description ignored: expected 'size "
                         "N box RxC' with N = R*C\n"));
  sks_cnf_delete(cnf);
}

/* ---- the malformed-input corpus ---- */

/* Each bad-input/dimacs/NAME.cnf has NAME.cnf.expected: the warnings and the
 * error the reader must produce, one "warning|error LINE:COL: message" a
 * line, and "ok" when the file must read. */
static void read_cnf(const char *path, char *got, size_t cap, void *ctx) {
  sks_cnf *cnf = ctx;
  sks_error err = {0, 0, {0}};
  warnings ws = {{0}, 0};
  sks_input *in = sks_input_open(path, &err);
  if (!in) {
    snprintf(got, cap, "cannot open\n");
    return;
  }
  int res = sks_dimacs_read(in, cnf, true, collect, &ws, &err);
  sks_input_close(in);
  if (res)
    snprintf(got, cap, "%serror %ld:%ld: %s\n", ws.text, err.line, err.col,
             err.msg);
  else
    snprintf(got, cap, "%sok\n", ws.text);
}

static void test_corpus(void) {
  sks_cnf *cnf = sks_cnf_new();
  CHECK(check_corpus("bad-input/dimacs", ".cnf", read_cnf, cnf) >= 10);
  sks_cnf_delete(cnf);
}

/* ---- speed (`test_dimacs bench`) ---- */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void bench(void) {
  enum { RUNS = 5 };
  double t[RUNS];
  sks_cnf *sudoku = sudoku_cnf();
  printf("9x9 CNF: %d vars, %ld clauses, %zu literals\n", sudoku->nvars,
         sudoku->nclauses, sudoku->nlits);
  FILE *null = fopen("/dev/null", "w");
  sks_error err;
  const int reps = 5000;
  for (int r = 0; r < RUNS; r++) {
    double t0 = now();
    for (int i = 0; i < reps; i++)
      sks_dimacs_write(sudoku, null, &err);
    t[r] = now() - t0;
  }
  qsort(t, RUNS, sizeof *t, cmp_double);
  printf("write 9x9 to /dev/null: median %.2f us (min %.2f, max %.2f), "
         "%.0f CNFs/s\n",
         1e6 * t[RUNS / 2] / reps, 1e6 * t[0] / reps, 1e6 * t[RUNS - 1] / reps,
         reps / t[RUNS / 2]);
  char *text = write_to_string(sudoku);
  size_t len = strlen(text);
  sks_cnf *back = sks_cnf_new();
  const int rreps = 500;
  for (int r = 0; r < RUNS; r++) {
    double t0 = now();
    for (int i = 0; i < rreps; i++) {
      sks_input *in = sks_input_memory(text, len);
      sks_dimacs_read(in, back, true, NULL, NULL, &err);
      sks_input_close(in);
    }
    t[r] = now() - t0;
  }
  qsort(t, RUNS, sizeof *t, cmp_double);
  printf("read 9x9 (%zu bytes) from memory: median %.2f us (min %.2f, max "
         "%.2f), %.0f MB/s\n",
         len, 1e6 * t[RUNS / 2] / rreps, 1e6 * t[0] / rreps,
         1e6 * t[RUNS - 1] / rreps, len * rreps / t[RUNS / 2] / 1e6);
  free(text);

  /* A puzzle's CNF as the encoder writes it (givens propagated). */
  sks_puzzle *p = NULL;
  if (sks_puzzle_parse(
          "4.....8.5.3..........7......2.....6.....8.4......1......"
          ".6.3.7.5..2.....1.4......",
          NULL, &p, &err) == 0) {
    sks_eo *eo = sks_eo_new(p->shape);
    sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
    sks_cnf *pc = sks_cnf_new();
    sks_encode(eo, NULL, pc);
    char *ptext = write_to_string(pc);
    size_t plen = strlen(ptext);
    for (int r = 0; r < RUNS; r++) {
      double t0 = now();
      for (int i = 0; i < reps; i++)
        sks_dimacs_write(pc, null, &err);
      t[r] = now() - t0;
    }
    qsort(t, RUNS, sizeof *t, cmp_double);
    printf("puzzle CNF (%ld clauses, %zu bytes with description): write "
           "median %.2f us",
           pc->nclauses, plen, 1e6 * t[RUNS / 2] / reps);
    for (int r = 0; r < RUNS; r++) {
      double t0 = now();
      for (int i = 0; i < reps; i++) {
        sks_input *in = sks_input_memory(ptext, plen);
        sks_dimacs_read(in, back, true, NULL, NULL, &err);
        sks_input_close(in);
      }
      t[r] = now() - t0;
    }
    qsort(t, RUNS, sizeof *t, cmp_double);
    printf(", read median %.2f us\n", 1e6 * t[RUNS / 2] / reps);
    free(ptext);
    sks_cnf_delete(pc);
    sks_eo_delete(eo);
    sks_puzzle_delete(p);
  }

  /* A 1M-clause random 3-CNF over 200k variables, through a file. */
  sks_cnf *big = random_cnf(200000, 1000000, 3);
  char path[] = "/tmp/sks-bench-dimacs-XXXXXX";
  int fd = mkstemp(path);
  close(fd);
  for (int r = 0; r < RUNS; r++) {
    double t0 = now();
    sks_dimacs_write_file(big, path, NULL, &err);
    t[r] = now() - t0;
  }
  qsort(t, RUNS, sizeof *t, cmp_double);
  FILE *f = fopen(path, "rb");
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fclose(f);
  printf("write 1M-clause CNF (%.1f MB) to a file: median %.1f ms, %.0f MB/s\n",
         size / 1e6, 1e3 * t[RUNS / 2], size / t[RUNS / 2] / 1e6);
  for (int r = 0; r < RUNS; r++) {
    double t0 = now();
    sks_input *in = sks_input_open(path, &err);
    sks_dimacs_read(in, back, true, NULL, NULL, &err);
    sks_input_close(in);
    t[r] = now() - t0;
  }
  qsort(t, RUNS, sizeof *t, cmp_double);
  printf("read 1M-clause CNF from a file: median %.1f ms (min %.1f, max "
         "%.1f), %.0f MB/s\n",
         1e3 * t[RUNS / 2], 1e3 * t[0], 1e3 * t[RUNS - 1],
         size / t[RUNS / 2] / 1e6);
  sks_dimacs_options gz = {true, 1, NULL};
  char gzpath[sizeof path + 3];
  snprintf(gzpath, sizeof gzpath, "%s.gz", path);
  double t0 = now();
  sks_dimacs_write_file(big, gzpath, &gz, &err);
  double tw = now() - t0;
  t0 = now();
  sks_input *in = sks_input_open(gzpath, &err);
  sks_dimacs_read(in, back, true, NULL, NULL, &err);
  sks_input_close(in);
  printf("gzip level 1: write %.1f ms, read %.1f ms (one run each)\n", 1e3 * tw,
         1e3 * (now() - t0));
  unlink(path);
  unlink(gzpath);
  fclose(null);
  sks_cnf_delete(big);
  sks_cnf_delete(back);
  sks_cnf_delete(sudoku);
}

static char *slurp_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t cap = 0, n = 0, got;
  do {
    if (n + 65536 > cap)
      buf = realloc(buf, cap = 2 * cap + 65536);
    got = fread(buf + n, 1, 65536, f);
    n += got;
  } while (got);
  fclose(f);
  *len = n;
  return buf;
}

/* An encoding written as it is made (several drains: an empty 25x25 with
 * pairwise at-most-one is ~1.9 million literals) is the file the whole
 * CNF writes, byte for byte; the target is replaced only when complete,
 * and a write that cannot be done leaves the old file as it was. */
static void test_write_encoded(void) {
  sks_puzzle *p = sks_puzzle_new(5, 5, 0, NULL, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
  sks_encode_options opt = {SKS_ENCODING_EXTENDED, SKS_AMO_PAIRWISE, true};
  sks_cnf *cnf = sks_cnf_new();
  sks_encode(eo, &opt, cnf);
  CHECK(cnf->nlits > (1u << 20));
  char whole[64], streamed[64];
  snprintf(whole, sizeof whole, "/tmp/sks-whole-%d.cnf", (int)getpid());
  snprintf(streamed, sizeof streamed, "/tmp/sks-streamed-%d.cnf",
           (int)getpid());
  FILE *old = fopen(streamed, "w");
  fputs("an old file\n", old);
  fclose(old);
  CHECK_EQ(sks_dimacs_write_file(cnf, whole, NULL, NULL), 0);
  int nvars = 0;
  long nclauses = 0;
  CHECK_EQ(sks_dimacs_write_encoded(eo, &opt, streamed, NULL, &nvars, &nclauses,
                                    NULL),
           SKS_UNKNOWN);
  CHECK_EQ(nvars, cnf->nvars);
  CHECK_EQ(nclauses, cnf->nclauses);
  size_t la = 0, lb = 0;
  char *a = slurp_file(whole, &la), *b = slurp_file(streamed, &lb);
  CHECK(a && b && la == lb && !memcmp(a, b, la));
  free(a);
  free(b);
  /* A directory that cannot be written: an error, the old file kept. */
  sks_error err;
  CHECK_EQ(sks_dimacs_write_encoded(eo, &opt, "/nonexistent-dir/x.cnf", NULL,
                                    NULL, NULL, &err),
           -1);
  CHECK(strstr(err.msg, "cannot create") != NULL);
  unlink(whole);
  unlink(streamed);
  sks_cnf_delete(cnf);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
}

/* Read strictly (the default of the tool), what a truncated file looks
 * like is an error with its position; relaxed, the same text is read
 * with a warning (the bad-input corpus is read relaxed). */
static void test_strict(void) {
  static const struct {
    const char *text, *error;
  } cases[] = {
      {"p cnf 2 2\n1 2 0\n-1\n",
       "3:1: the last clause has no final 0 (a truncated file? --relaxed "
       "takes it as ended)"},
      {"p cnf 2 3\n1 2 0\n-1 0\n",
       "1:1: the header says 3 clauses, found 2 (a truncated file? "
       "--relaxed accepts it)"},
      {"p cnf 2 1\n1 2 0\n-1 0\n",
       "1:1: the header says 1 clauses, found 2 (a truncated file? "
       "--relaxed accepts it)"},
      {"p cnf 2 1\n1 3 0\n",
       "2:3: variable 3 exceeds the header's 2 variables (--relaxed accepts "
       "it)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    for (int relaxed = 0; relaxed < 2; relaxed++) {
      sks_input *in = sks_input_memory(cases[i].text, strlen(cases[i].text));
      sks_cnf *cnf = sks_cnf_new();
      sks_error err = {0, 0, ""};
      int res = sks_dimacs_read(in, cnf, relaxed, NULL, NULL, &err);
      char got[300];
      snprintf(got, sizeof got, "%ld:%ld: %s", err.line, err.col, err.msg);
      if (relaxed)
        CHECK_EQ(res, 0);
      else {
        CHECK_EQ(res, -1);
        CHECK(!strcmp(got, cases[i].error));
        if (strcmp(got, cases[i].error))
          fprintf(stderr, "got '%s'\n", got);
      }
      sks_cnf_delete(cnf);
      sks_input_close(in);
    }
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "bench")) {
    bench();
    return 0;
  }
  test_cnf();
  test_write_exact();
  test_write_random();
  test_write_encoded();
  test_strict();
  test_roundtrip_files();
  test_desc();
  test_tolerance();
  test_corpus();
  return check_report();
}
