/* The checker's bounds and its reuse of work (docs/certificates.md,
 * "Bounds"): a cached prefix reused only for the very same shape, even when
 * two shapes' keys collide (the plain CNF, the DRAT checker's snapshot,
 * the proof-writing DPLL); variables past the formula's renumbered, RAT
 * candidates from occurrence lists with deletions honoured, the deadline,
 * and certificates whose counts name more than the CNF holds. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sks_checker.h"
#include "sks_prove.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A 4x4 jigsaw map, and a full grid that solves it but breaks the 2x2
 * boxes: the standard shape's clauses with this grid's givens are refuted
 * by unit propagation alone, the jigsaw's are not. */
static const int jigsaw[16] = {0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3};
static const char grid[] = "1234241331424321";

static sks_puzzle *boxes_puzzle(void) {
  sks_error err = {0};
  sks_puzzle *p = sks_puzzle_new(2, 2, 0, NULL, &err);
  CHECK(p != NULL);
  p->cell[0] = 0; /* one given: many solutions, no conflict */
  return p;
}

static sks_puzzle *jigsaw_puzzle(void) {
  sks_error err = {0};
  sks_puzzle *p = sks_puzzle_new(2, 2, SKS_VARIANT_JIGSAW, jigsaw, &err);
  CHECK(p != NULL);
  for (int i = 0; i < 16; i++)
    p->cell[i] = grid[i] - '1';
  return p;
}

static bool same_clauses(const sks_clauses *a, const sks_clauses *b) {
  return a->nlits == b->nlits && a->nclauses == b->nclauses &&
         !memcmp(a->lit, b->lit, a->nlits * sizeof *a->lit);
}

/* Two shapes whose keys collide (forced: each list's key set to the
 * other's) are still two shapes. */
static void test_collision(void) {
  sks_puzzle *a = boxes_puzzle(), *b = jigsaw_puzzle();
  sks_clauses ca, cb, cl;
  sks_clauses_init(&ca);
  sks_clauses_init(&cb);
  sks_clauses_init(&cl);
  sks_plain_cnf(a, &ca); /* the right clauses of each, built fresh */
  sks_plain_cnf(b, &cb);
  CHECK(ca.base_key != cb.base_key);

  /* sks_plain_cnf: a list holding A's prefix, its key forged to B's */
  sks_plain_cnf(a, &cl);
  cl.base_key = cb.base_key;
  sks_plain_cnf(b, &cl);
  CHECK(same_clauses(&cl, &cb));

  /* the DRAT checker: a snapshot of A's prefix, then B's clauses under
   * A's key.  B has one solution: no empty proof refutes it (the units
   * refute A's prefix with B's givens) */
  sks_drat *d = sks_drat_new();
  sks_error why = {0};
  CHECK(!sks_drat_check(d, &ca, NULL, 0, &why));
  sks_clauses forged = cb;
  forged.base_key = ca.base_key;
  CHECK(!sks_drat_check(d, &forged, NULL, 0, &why));
  CHECK(strstr(why.msg, "before the clauses are refuted") != NULL);
  /* and the same shape again still restores the snapshot's state */
  CHECK(!sks_drat_check(d, &ca, NULL, 0, &why));

  /* through the certificate: puzzle A, then a claim "none" with no proof
   * for B, in one checker */
  char dir[] = "/tmp/sks-bounds.XXXXXX", path[64];
  CHECK(mkdtemp(dir) != NULL);
  snprintf(path, sizeof path, "%s/b.cert", dir);
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (f) {
    sks_cert_write_puzzle(f, b, SKS_CLAIM_NONE, NULL, NULL, NULL);
    fclose(f);
  }
  sks_clauses_clear(&cl);
  sks_plain_cnf(a, &cl);
  CHECK(!sks_drat_check(d, &cl, NULL, 0, &why)); /* A's prefix kept */
  cl.base_key = cb.base_key;                     /* forced to collide */
  sks_claim claim;
  CHECK(!sks_cert_check(path, b, NULL, d, &cl, &claim, &why));
  CHECK(strstr(why.msg, "does not refute") != NULL);
  unlink(path);
  rmdir(dir);

  /* the proof-writing DPLL: A's prefix kept, then B's list under A's
   * key: B is satisfiable, so no proof may be written */
  sks_prover *pr = sks_prover_new();
  char *buf = NULL;
  size_t len = 0;
  f = open_memstream(&buf, &len);
  CHECK_EQ(sks_prover_run(pr, ca.lit, ca.nlits, ca.base, ca.base_key,
                          ca.base_shape, ca.base_nshape, ca.nvars, f, false, 0,
                          NULL),
           SKS_SAT);
  CHECK_EQ(sks_prover_run(pr, cb.lit, cb.nlits, cb.base, ca.base_key,
                          cb.base_shape, cb.base_nshape, cb.nvars, f, false, 0,
                          NULL),
           SKS_SAT);
  /* and A again: its prefix reused, still satisfiable */
  CHECK_EQ(sks_prover_run(pr, ca.lit, ca.nlits, ca.base, ca.base_key,
                          ca.base_shape, ca.base_nshape, ca.nvars, f, false, 0,
                          NULL),
           SKS_SAT);
  fclose(f);
  free(buf);
  sks_prover_delete(pr);

  sks_drat_delete(d);
  sks_clauses_free(&ca);
  sks_clauses_free(&cb);
  sks_clauses_free(&cl);
  sks_puzzle_delete(a);
  sks_puzzle_delete(b);
}

static void add(sks_clauses *cl, const int *lits) {
  for (; *lits; lits++)
    sks_clauses_add(cl, *lits);
  sks_clauses_add(cl, 0);
}

static bool check_text(sks_drat *d, const sks_clauses *cl, const char *proof,
                       sks_error *why) {
  return sks_drat_check(d, cl, (const unsigned char *)proof, strlen(proof),
                        why);
}

/* (1 v 2), (-1 v 2), (1 v -2), (-1 v -2): no model. */
static void square(sks_clauses *cl) {
  sks_clauses_clear(cl);
  add(cl, (int[]){1, 2, 0});
  add(cl, (int[]){-1, 2, 0});
  add(cl, (int[]){1, -2, 0});
  add(cl, (int[]){-1, -2, 0});
}

/* Variables far past the formula's: renumbered, still checked right. */
static void test_extension(void) {
  sks_drat *d = sks_drat_new();
  sks_clauses cl;
  sks_clauses_init(&cl);
  sks_error why = {0};
  square(&cl);
  /* an extension variable's definition (RAT), then the refutation */
  CHECK(check_text(d, &cl, "536870911 0\n2 0\n0\n", &why));
  CHECK(check_text(d, &cl, "-536870911 1 0\n-536870911 -1 0\n2 0\n0\n", &why));
  /* one variable, one index within a proof: the negation of a new unit is
   * neither RUP nor RAT */
  CHECK(!check_text(d, &cl, "30000000 0\n-30000000 0\n", &why));
  CHECK(strstr(why.msg, "lemma 2") != NULL);
  /* a header that names far more variables than its clauses */
  cl.nvars = 536870911;
  CHECK(check_text(d, &cl, "2 0\n0\n", &why));
  CHECK(check_text(d, &cl, "400000000 0\n2 0\n0\n", &why));
  /* clauses naming such variables: renumbered the same way as the
   * proof's literals */
  add(&cl, (int[]){400000000, 400000001, 0});
  CHECK(check_text(d, &cl, "400000000 0\n-400000001 0\n2 0\n0\n", &why));
  CHECK(!check_text(d, &cl, "400000000 0\n-400000001 0\n400000001 0\n", &why));
  CHECK(strstr(why.msg, "lemma 3") != NULL);
  sks_clauses_free(&cl);
  sks_drat_delete(d);
}

/* RAT from the occurrence lists: candidates the proof added count,
 * deleted ones no longer do, and many RAT units cost little. */
static void test_rat(void) {
  sks_drat *d = sks_drat_new();
  sks_clauses cl;
  sks_clauses_init(&cl);
  sks_error why = {0};
  sks_drat_stats st;
  sks_clauses_clear(&cl);
  add(&cl, (int[]){1, 2, 0});
  add(&cl, (int[]){-5, 1, 0});
  /* (-5 1 3), a lemma, is a candidate of 5's unit once (-5 1) is gone:
   * lists built at the first RAT check from the clauses so far */
  CHECK(!check_text(d, &cl, "-5 1 3 0\nd -5 1 0\n5 0\n", &why));
  CHECK(strstr(why.msg, "lemma 2") != NULL);
  /* lists built at lemma 1, then the lemma joins them */
  CHECK(!check_text(d, &cl, "7 0\n-5 1 3 0\nd -5 1 0\n5 0\n", &why));
  CHECK(strstr(why.msg, "lemma 3") != NULL);
  /* both candidates deleted: the unit is RAT */
  CHECK(
      !check_text(d, &cl, "7 0\n-5 1 3 0\nd -5 1 0\nd 3 1 -5 0\n5 0\n", &why));
  CHECK(strstr(why.msg, "before the clauses are refuted") != NULL);
  sks_drat_stats_get(d, &st);
  CHECK_EQ(st.rat, 2);
  /* 20,000 RAT units on new variables, then the refutation */
  square(&cl);
  size_t n = 20000, len = 0;
  char *proof = malloc(n * 12 + 16);
  for (size_t i = 0; i < n; i++)
    len += (size_t)sprintf(proof + len, "%zu 0\n", 100 + i);
  strcpy(proof + len, "2 0\n0\n");
  CHECK(check_text(d, &cl, proof, &why));
  sks_drat_stats_get(d, &st);
  CHECK_EQ(st.rat, (long long)n);
  free(proof);
  sks_clauses_free(&cl);
  sks_drat_delete(d);
}

/* A deadline already past: the check stops and says so. */
static void test_deadline(void) {
  sks_drat *d = sks_drat_new();
  sks_clauses cl;
  sks_clauses_init(&cl);
  sks_error why = {0};
  square(&cl);
  size_t n = 1000, len = 0;
  char *proof = malloc(n * 12 + 16);
  for (size_t i = 0; i < n; i++)
    len += (size_t)sprintf(proof + len, "%zu 0\n", 100 + i);
  strcpy(proof + len, "2 0\n0\n");
  sks_drat_set_deadline(d, sks_time() - 1);
  CHECK(!check_text(d, &cl, proof, &why));
  CHECK(sks_drat_timed_out(d));
  CHECK(strstr(why.msg, "time limit") != NULL);
  sks_drat_set_deadline(d, 0);
  CHECK(!sks_drat_timed_out(d));
  CHECK(check_text(d, &cl, proof, &why));
  free(proof);
  sks_clauses_free(&cl);
  sks_drat_delete(d);
}

int main(void) {
  test_collision();
  test_extension();
  test_rat();
  test_deadline();
  return check_report();
}
