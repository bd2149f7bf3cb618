/* libFuzzer target for the certificate reader and checker, with a
 * soundness oracle: small puzzles whose solutions are counted here by
 * brute force over their regions (and small CNFs, brute-forced), so a
 * verified claim must be true: unique has one solution, none has none,
 * multiple has two or more; sat has a model, unsat none.  One checker and
 * one clause list are kept across inputs, as a thread of `check` keeps
 * them across puzzles of different shapes.
 *
 * Bytes: [0] which puzzle (or CNF, past the puzzles); then the
 * certificate's text up to the first 0x00; the rest is the file p.drat
 * beside it (a certificate names it by `proof p.drat`). */
#define _POSIX_C_SOURCE 200809L
#include "sks_checker.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* box rows, cols, jigsaw map (or NULL), givens ('.' blank) */
typedef struct small {
  int br, bc;
  const int *jigsaw;
  const char *givens;
} small;

static const int map4[16] = {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3};

static const small puzzles[] = {
    {2, 2, NULL, "1.3...1.3...4..."}, /* 4x4 */
    {2, 2, NULL, "................"}, /* 4x4, many */
    {2, 2, NULL, "11.............."}, /* 4x4, none */
    {2, 2, NULL, "12..34..2143...."}, /* 4x4 */
    {1, 2, NULL, "1..."},             /* 2x2 */
    {1, 2, NULL, "...."},             /* 2x2, two */
    {1, 2, NULL, "11.."},             /* 2x2, none */
    {2, 2, map4, "1234241331424..."}, /* jigsaw */
    {2, 2, map4, "1..............."}, /* jigsaw, many */
    {2, 2, map4, "1234241331424312"}, /* jigsaw, none (a region twice) */
    {1, 1, NULL, "."},                /* 1x1 */
};
enum { NPUZZLES = sizeof puzzles / sizeof *puzzles };

/* CNFs: clauses ended by 0, the list by END. */
enum { END = 99 };
static const int cnfs[][40] = {
    {1, 2, 0, -1, 2, 0, 1, -2, 0, -1, -2, 0, END},         /* unsat */
    {1, 2, 0, -1, 0, END},                                 /* sat */
    {1,  2,  0, 3,  4, 0, -1, -3, 0, -2, -4, 0, -1, -4, 0, /* pigeons: */
     -2, -3, 0, 5,  6, 0, -1, -5, 0, -2, -6, 0, -3, -5, 0, /* 3 in 2 */
     -4, -6, 0, END},
    {1, -2, 3, 0, -1, 0, 2, 0, END}, /* sat: 3 */
};
enum { NCNFS = sizeof cnfs / sizeof *cnfs };

static sks_puzzle *made[NPUZZLES];
static long long counted[NPUZZLES];

/* Solutions of p, counted up to 2 by trying each digit in each blank,
 * with the regions read from the shape: nothing of the checker's. */
static long long count(const sks_puzzle *p, int *g, int cell) {
  const sks_shape *s = p->shape;
  int n = s->n;
  if (cell == n * n)
    return 1;
  if (g[cell] >= 0) {
    /* a given: it must agree with the cells before it */
    int d = g[cell];
    g[cell] = -1;
    long long k = 0;
    bool fits = true;
    for (int r = 0; fits && r < s->nregions; r++) {
      const int *reg = s->region + (size_t)r * n;
      bool in = false;
      for (int j = 0; j < n; j++)
        in = in || reg[j] == cell;
      for (int j = 0; in && fits && j < n; j++)
        fits = g[reg[j]] != d;
    }
    g[cell] = d;
    if (fits)
      k = count(p, g, cell + 1);
    return k;
  }
  long long k = 0;
  for (int d = 0; d < n && k < 2; d++) {
    bool fits = true;
    for (int r = 0; fits && r < s->nregions; r++) {
      const int *reg = s->region + (size_t)r * n;
      bool in = false;
      for (int j = 0; j < n; j++)
        in = in || reg[j] == cell;
      for (int j = 0; in && fits && j < n; j++)
        fits = g[reg[j]] != d;
    }
    if (!fits)
      continue;
    g[cell] = d;
    k += count(p, g, cell + 1);
    g[cell] = -1;
  }
  return k;
}

static bool cnf_satisfiable(const int *lits) {
  int nvars = 0;
  for (const int *l = lits; *l != END; l++)
    if (abs(*l) > nvars)
      nvars = abs(*l);
  for (unsigned a = 0; a < 1u << nvars; a++) {
    bool all = true, sat = false;
    for (const int *l = lits; all && *l != END; l++) {
      if (!*l) {
        all = sat;
        sat = false;
      } else if ((((a >> (abs(*l) - 1)) & 1) != 0) == (*l > 0))
        sat = true;
    }
    if (all)
      return true;
  }
  return false;
}

static char dir[64], cert_path[96], proof_path[96];

static void cleanup(void) {
  unlink(cert_path);
  unlink(proof_path);
  rmdir(dir);
}

static void setup(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/sks-fuzz-cert.XXXXXX",
           tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
  if (!mkdtemp(dir))
    abort();
  atexit(cleanup);
  snprintf(cert_path, sizeof cert_path, "%s/c.cert", dir);
  snprintf(proof_path, sizeof proof_path, "%s/p.drat", dir);
  for (int k = 0; k < NPUZZLES; k++) {
    const small *s = &puzzles[k];
    sks_error err = {0};
    made[k] = sks_puzzle_new(s->br, s->bc, s->jigsaw ? SKS_VARIANT_JIGSAW : 0,
                             s->jigsaw, &err);
    if (!made[k])
      abort();
    int n = made[k]->shape->n;
    for (int i = 0; i < n * n; i++)
      made[k]->cell[i] = s->givens[i] == '.' ? -1 : s->givens[i] - '1';
    int g[16];
    memcpy(g, made[k]->cell, (size_t)n * n * sizeof *g);
    counted[k] = count(made[k], g, 0);
  }
}

static bool put(const char *path, const uint8_t *p, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return false;
  bool ok = fwrite(p, 1, len, f) == len;
  return fclose(f) == 0 && ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static sks_drat *d;
  static sks_clauses cl;
  if (!d) {
    setup();
    d = sks_drat_new();
    sks_clauses_init(&cl);
  }
  if (size < 1)
    return 0;
  int which = data[0] % (NPUZZLES + NCNFS);
  const uint8_t *text = data + 1, *nul = memchr(text, 0, size - 1);
  size_t tlen = nul ? (size_t)(nul - text) : size - 1;
  const uint8_t *proof = nul ? nul + 1 : data + size;
  size_t plen = (size_t)(data + size - proof);
  if (!put(cert_path, text, tlen) || !put(proof_path, proof, plen))
    abort();
  sks_error why = {0};
  sks_claim claim = SKS_CLAIM_UNIQUE;
  bool ok;
  if (which < NPUZZLES) {
    ok = sks_cert_check(cert_path, made[which], NULL, d, &cl, &claim, &why);
    long long k = counted[which];
    if (ok && !((claim == SKS_CLAIM_UNIQUE && k == 1) ||
                (claim == SKS_CLAIM_NONE && k == 0) ||
                (claim == SKS_CLAIM_MULTIPLE && k >= 2)))
      abort(); /* a false claim verified */
  } else {
    const int *lits = cnfs[which - NPUZZLES];
    sks_clauses cnf;
    sks_clauses_init(&cnf);
    for (const int *l = lits; *l != END; l++)
      sks_clauses_add(&cnf, *l);
    ok = sks_cert_check(cert_path, NULL, &cnf, d, &cl, &claim, &why);
    bool sat = cnf_satisfiable(lits);
    if (ok && !((claim == SKS_CLAIM_SAT && sat) ||
                (claim == SKS_CLAIM_UNSAT && !sat)))
      abort(); /* a false claim verified */
    sks_clauses_free(&cnf);
  }
  if (!ok && !why.msg[0])
    abort(); /* a rejection must say why */
  return 0;
}
