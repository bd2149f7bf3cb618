/* Tests of the DRAT checker's rules one by one (RUP, RAT, deletions, a
 * reason's deletion ignored, text and binary, truncation), and of the two
 * proof writers against it: the DPLL with its node budget, and CaDiCaL's
 * traced proof, on a pigeonhole formula; the plain CNF's size foretold,
 * the deadlines of its builder and of both provers, and CaDiCaL handed a
 * puzzle's units first. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sks_checker.h"
#include "sks_prove.h"

#include <stdlib.h>
#include <string.h>

static void add(sks_clauses *cl, const int *lits) {
  for (; *lits; lits++)
    sks_clauses_add(cl, *lits);
  sks_clauses_add(cl, 0);
}

/* (1 v 2), (-1 v 2), (1 v -2), (-1 v -2): no model. */
static void square(sks_clauses *cl) {
  static const int c[4][3] = {{1, 2, 0}, {-1, 2, 0}, {1, -2, 0}, {-1, -2, 0}};
  sks_clauses_clear(cl);
  for (int i = 0; i < 4; i++)
    add(cl, c[i]);
}

static bool check_text(sks_drat *d, const sks_clauses *cl, const char *proof,
                       sks_error *why) {
  return sks_drat_check(d, cl, (const unsigned char *)proof, strlen(proof),
                        why);
}

static void test_rules(void) {
  sks_drat *d = sks_drat_new();
  sks_clauses cl;
  sks_clauses_init(&cl);
  sks_error why = {0};
  sks_drat_stats st;
  square(&cl);
  /* RUP lemmas */
  CHECK(check_text(d, &cl, "2 0\n0\n", &why));
  /* the empty clause alone is not RUP here */
  CHECK(!check_text(d, &cl, "0\n", &why));
  CHECK(strstr(why.msg, "lemma 1") != NULL);
  /* a fresh variable's unit is RAT (no clause holds its negation) */
  CHECK(check_text(d, &cl, "3 0\n2 0\n0\n", &why));
  sks_drat_stats_get(d, &st);
  CHECK_EQ(st.rat, 1);
  /* and its negation then is neither */
  CHECK(!check_text(d, &cl, "3 0\n-3 0\n", &why));
  CHECK(strstr(why.msg, "lemma 2") && strstr(why.msg, "neither RUP nor RAT"));
  /* comments, deletions of clauses there and not there */
  add(&cl, (int[]){3, 4, 0});
  CHECK(check_text(d, &cl, "c a comment\nd 3 4 0\nd 5 6 0\n2 0\n0\n", &why));
  sks_drat_stats_get(d, &st);
  CHECK_EQ(st.deletions, 2);
  CHECK_EQ(st.ignored_deletions, 1);
  square(&cl);
  /* deleting a clause a refutation needs: the rest no longer follows */
  CHECK(!check_text(d, &cl, "d -1 2 0\nd 1 2 0\n2 0\n", &why));
  /* a proof that ends early, a line without its 0, a stray byte */
  CHECK(!check_text(d, &cl, "1 2 0\n", &why));
  CHECK(strstr(why.msg, "before the clauses are refuted") != NULL);
  CHECK(check_text(d, &cl, "2 0\n0", &why)); /* no newline at the end */
  CHECK(!check_text(d, &cl, "2", &why));
  CHECK(strstr(why.msg, "truncated") != NULL);
  CHECK(!check_text(d, &cl, "2-1 0\n", &why));
  CHECK(strstr(why.msg, "malformed") != NULL);
  /* a byte text never has: read as binary, and refused as such */
  CHECK(!check_text(d, &cl, "2 x 0\n", &why));
  CHECK(strstr(why.msg, "neither 'a' nor 'd'") != NULL);
  /* binary DRAT: 'a', literals 2*var + sign, 0 */
  static const unsigned char bin[] = {'a', 4, 0, 'a', 0};
  CHECK(sks_drat_check(d, &cl, bin, sizeof bin, &why));
  static const unsigned char cut[] = {'a', 4};
  CHECK(!sks_drat_check(d, &cl, cut, sizeof cut, &why));
  CHECK(strstr(why.msg, "truncated") != NULL);

  /* a unit that is the reason of a top-level literal: its deletion is
   * ignored, so the refutation still goes through */
  sks_clauses_clear(&cl);
  add(&cl, (int[]){1, 0});
  add(&cl, (int[]){-1, 2, 0});
  add(&cl, (int[]){-2, 3, 4, 0});
  add(&cl, (int[]){-2, 3, -4, 0});
  add(&cl, (int[]){-2, -3, 4, 0});
  add(&cl, (int[]){-2, -3, -4, 0});
  CHECK(check_text(d, &cl, "d 1 0\nd -1 2 0\n3 0\n0\n", &why));
  sks_drat_stats_get(d, &st);
  CHECK_EQ(st.deletions, 2);
  CHECK_EQ(st.ignored_deletions, 2);

  /* the same checker again and again on one shared prefix */
  for (int round = 0; round < 3; round++) {
    square(&cl);
    cl.base = cl.nlits;
    CHECK(check_text(d, &cl, "2 0\n0\n", &why));
    CHECK(!check_text(d, &cl, "0\n", &why));
  }
  sks_clauses_free(&cl);
  sks_drat_delete(d);
}

/* Pigeonhole: p + 1 pigeons, p holes; variable (i, j) = i * p + j + 1. */
static void pigeons(sks_clauses *cl, int p) {
  sks_clauses_clear(cl);
  for (int i = 0; i <= p; i++) {
    for (int j = 0; j < p; j++)
      sks_clauses_add(cl, i * p + j + 1);
    sks_clauses_add(cl, 0);
  }
  for (int j = 0; j < p; j++)
    for (int a = 0; a <= p; a++)
      for (int b = a + 1; b <= p; b++) {
        sks_clauses_add(cl, -(a * p + j + 1));
        sks_clauses_add(cl, -(b * p + j + 1));
        sks_clauses_add(cl, 0);
      }
}

static void test_writers(void) {
  sks_drat *d = sks_drat_new();
  sks_prover *pr = sks_prover_new();
  sks_clauses cl;
  sks_clauses_init(&cl);
  sks_error why = {0};
  pigeons(&cl, 5);
  for (int text = 0; text < 2; text++) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int r = sks_prover_run(pr, cl.lit, cl.nlits, 0, 0, NULL, 0, cl.nvars, f,
                           text, 0, NULL);
    fclose(f);
    CHECK_EQ(r, SKS_UNSAT);
    CHECK(sks_drat_check(d, &cl, (unsigned char *)buf, len, &why));
    /* cut at half: rejected */
    CHECK(!sks_drat_check(d, &cl, (unsigned char *)buf, len / 2, &why));
    free(buf);
    /* CaDiCaL's traced proof, with its deletions */
    buf = NULL;
    f = open_memstream(&buf, &len);
    r = sks_prove(cl.lit, cl.nlits, f, text, 0, NULL, 0, &why);
    fclose(f);
    CHECK_EQ(r, SKS_UNSAT);
    CHECK(sks_drat_check(d, &cl, (unsigned char *)buf, len, &why));
    free(buf);
  }
  /* the node budget: unknown, and a model for a satisfiable list */
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  CHECK_EQ(sks_prover_run(pr, cl.lit, cl.nlits, 0, 0, NULL, 0, cl.nvars, f,
                          false, 3, NULL),
           SKS_UNKNOWN);
  fclose(f);
  free(buf);
  sks_clauses_clear(&cl);
  add(&cl, (int[]){1, 2, 3, 0});
  add(&cl, (int[]){-1, -2, 0});
  add(&cl, (int[]){-3, 0});
  signed char model[3];
  f = open_memstream(&buf, &len);
  CHECK_EQ(sks_prover_run(pr, cl.lit, cl.nlits, 0, 0, NULL, 0, 3, f, false, 0,
                          model),
           SKS_SAT);
  fclose(f);
  free(buf);
  CHECK((model[0] > 0) != (model[1] > 0) && model[2] < 0);
  sks_clauses_free(&cl);
  sks_prover_delete(pr);
  sks_drat_delete(d);
}

/* A deadline long past (sks_time's clock starts above 0). */
#define PAST 1e-9

/* The plain CNF's size before it is built; the builder, the DPLL and
 * CaDiCaL stopped by a deadline; CaDiCaL given the units first, its proof
 * checked against the clauses in their own order. */
static void test_big(void) {
  sks_puzzle *p = NULL;
  CHECK_EQ(sks_puzzle_parse("1....7.9..3..2...8..96..5....53..9...1..8..."
                            "26....4...3......1..4......7..7...3..",
                            NULL, &p, NULL),
           0);
  sks_clauses cl;
  sks_clauses_init(&cl);
  size_t clauses, lits;
  sks_plain_size(p, &clauses, &lits);
  sks_plain_cnf(p, &cl);
  CHECK_EQ(clauses, cl.nclauses);
  CHECK_EQ(lits, cl.nlits);
  /* a candidates puzzle and a Sudoku-X: the removed units, the diagonals */
  sks_puzzle *q = sks_puzzle_new(3, 3, SKS_VARIANT_X, NULL, NULL);
  q->cell[0] = 4;
  q->removed = calloc(9 * 9 * 9, 1);
  q->removed[9 * 5 + 2] = q->removed[9 * 80 + 8] = 1;
  sks_clauses cx;
  sks_clauses_init(&cx);
  sks_plain_size(q, &clauses, &lits);
  sks_plain_cnf(q, &cx);
  CHECK_EQ(clauses, cx.nclauses);
  CHECK_EQ(lits, cx.nlits);
  CHECK_EQ(clauses, (size_t)(81 + 29 * 9) * (1 + 36) + 3);
  /* the builder stopped: nothing left, and the next build whole */
  sks_clauses cy;
  sks_clauses_init(&cy);
  CHECK_EQ(sks_plain_cnf_until(q, &cy, PAST), -1);
  CHECK_EQ(cy.nlits, 0);
  CHECK_EQ(sks_plain_cnf_until(q, &cy, 0), 0);
  CHECK_EQ(lits, cy.nlits);
  CHECK(!memcmp(cx.lit, cy.lit, lits * sizeof *cx.lit));
  sks_clauses_free(&cx);
  sks_clauses_free(&cy);
  sks_puzzle_delete(q);

  /* the DPLL: the deadline passed is unknown, and said so */
  sks_prover *pr = sks_prover_new();
  sks_drat *d = sks_drat_new();
  sks_error why = {0};
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  sks_prover_set_deadline(pr, PAST);
  CHECK_EQ(sks_prover_run(pr, cl.lit, cl.nlits, cl.base, cl.base_key,
                          cl.base_shape, cl.base_nshape, cl.nvars, f, false, 0,
                          NULL),
           SKS_UNKNOWN);
  CHECK(sks_prover_timed_out(pr));
  /* without it, the solution (a model), then the proof there is no other */
  sks_prover_set_deadline(pr, 0);
  signed char *model = malloc((size_t)cl.nvars);
  CHECK_EQ(sks_prover_run(pr, cl.lit, cl.nlits, cl.base, cl.base_key,
                          cl.base_shape, cl.base_nshape, cl.nvars, f, false, 0,
                          model),
           SKS_SAT);
  CHECK(!sks_prover_timed_out(pr));
  fclose(f);
  free(buf);
  int grid[81];
  for (int i = 0; i < 81; i++)
    for (int dg = 0; dg < 9; dg++)
      if (model[i * 9 + dg] > 0)
        grid[i] = dg;
  CHECK(sks_plain_valid(p, grid, &why));
  sks_plain_exclude(9, grid, &cl);
  /* CaDiCaL: the deadline passed, then the units first; the proof holds
   * for the clauses in their own order */
  f = open_memstream(&buf, &len);
  CHECK_EQ(
      sks_prove_from(cl.lit, cl.nlits, cl.base, f, false, PAST, NULL, 0, &why),
      SKS_UNKNOWN);
  fclose(f);
  free(buf);
  size_t kept = sks_prove_kept(cl.lit, cl.nlits, cl.base, cl.nvars);
  CHECK(kept > 0 && kept < cl.nclauses / 2);
  /* in their own order the units come last: every clause before them
   * kept, and the exclusion, which they shorten */
  CHECK_EQ(sks_prove_kept(cl.lit, cl.nlits, 0, cl.nvars), cl.base_clauses + 1);
  f = open_memstream(&buf, &len);
  CHECK_EQ(
      sks_prove_from(cl.lit, cl.nlits, cl.base, f, false, 0, NULL, 0, &why),
      SKS_UNSAT);
  fclose(f);
  CHECK(sks_drat_check(d, &cl, (unsigned char *)buf, len, &why));
  free(buf);
  free(model);
  sks_drat_delete(d);
  sks_prover_delete(pr);
  sks_clauses_free(&cl);
  sks_puzzle_delete(p);
}

int main(void) {
  test_rules();
  test_writers();
  test_big();
  return check_report();
}
