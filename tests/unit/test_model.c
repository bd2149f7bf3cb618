/* Tests of solver-output models: the three formats, the error corpus in
 * bad-input/dimacs (NAME.model), and the check that a model satisfies a CNF. */
#define _POSIX_C_SOURCE 200809L
#include "corpus.h"
#include "sks_decoder.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static int read_string(const char *text, sks_model *m, sks_error *err) {
  sks_input *in = sks_input_memory(text, strlen(text));
  int res = sks_model_read(in, m, err);
  sks_input_close(in);
  return res;
}

/* The values 1..k of m as a string of +/-/0, for compact checks. */
static const char *signs(const sks_model *m, int k) {
  static char s[64];
  for (int v = 1; v <= k && v < 63; v++)
    s[v - 1] = v > m->nvars    ? '?'
               : m->val[v] > 0 ? '+'
               : m->val[v] < 0 ? '-'
                               : '0';
  s[k < 63 ? k : 63] = 0;
  return s;
}

static void test_formats(void) {
  sks_model *m = sks_model_new();
  sks_error err;
  CHECK_EQ(m->status, SKS_UNKNOWN);
  /* SAT competition, values over several lines, comments around. */
  CHECK_EQ(read_string("c solver 1.0\ns SATISFIABLE\nv 1 -2\nv 3 -5 0\n"
                       "c 0.01 s\n",
                       m, &err),
           0);
  CHECK_EQ(m->status, SKS_SAT);
  CHECK(m->has_status);
  CHECK_EQ(m->nvars, 5);
  CHECK(!strcmp(signs(m, 5), "+-+0-"));
  CHECK_EQ(read_string("s UNSATISFIABLE\n", m, &err), 0);
  CHECK_EQ(m->status, SKS_UNSAT);
  CHECK_EQ(m->nvars, 0);
  CHECK_EQ(read_string("c interrupted\ns UNKNOWN\n", m, &err), 0);
  CHECK_EQ(m->status, SKS_UNKNOWN);
  CHECK(m->has_status);
  /* minisat's result file. */
  CHECK_EQ(read_string("SAT\n-1 2 -3 0\n", m, &err), 0);
  CHECK_EQ(m->status, SKS_SAT);
  CHECK(!strcmp(signs(m, 3), "-+-"));
  CHECK_EQ(read_string("UNSAT\n", m, &err), 0);
  CHECK_EQ(m->status, SKS_UNSAT);
  CHECK_EQ(read_string("INDET\n", m, &err), 0);
  CHECK_EQ(m->status, SKS_UNKNOWN);
  /* A bare list, with or without 0, CRLF; the status is then implied. */
  CHECK_EQ(read_string("4 -1\r\n 2\t-3", m, &err), 0);
  CHECK_EQ(m->status, SKS_SAT);
  CHECK(!m->has_status);
  CHECK(!strcmp(signs(m, 4), "-+-+"));
  CHECK_EQ(read_string("-2 0\n", m, &err), 0);
  CHECK(!strcmp(signs(m, 2), "0-"));
  /* s SATISFIABLE without values (a solver told not to print them). */
  CHECK_EQ(read_string("s SATISFIABLE\n", m, &err), 0);
  CHECK_EQ(m->status, SKS_SAT);
  CHECK_EQ(m->nvars, 0);
  /* A literal repeated with the same sign is harmless. */
  CHECK_EQ(read_string("v 1 1 -2 0", m, &err), 0);
  CHECK(!strcmp(signs(m, 2), "+-"));
  /* A failed read leaves an empty model, and the next read works. */
  CHECK_EQ(read_string("v 1 -1 0", m, &err), -1);
  CHECK_EQ(m->nvars, 0);
  CHECK_EQ(m->status, SKS_UNKNOWN);
  CHECK_EQ(read_string("v 70000 0", m, &err), 0);
  CHECK_EQ(m->nvars, 70000);
  CHECK_EQ(m->val[70000], 1);
  CHECK_EQ(m->val[69999], 0);
  sks_model_delete(m);
  sks_model_delete(NULL);
}

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned rnd(unsigned bound) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (unsigned)(rng_state % bound);
}

/* A random 3-CNF with a planted assignment; the model read from text must
 * satisfy it, and flipping a variable must break a clause the test finds
 * on its own. */
static void test_satisfies(void) {
  enum { VARS = 300, CLAUSES = 1200 };
  signed char plant[VARS + 1];
  for (int v = 1; v <= VARS; v++)
    plant[v] = rnd(2) ? 1 : -1;
  sks_cnf *cnf = sks_cnf_new();
  for (int i = 0; i < CLAUSES; i++) {
    int c[3];
    do {
      for (int k = 0; k < 3; k++) {
        int v = 1 + (int)rnd(VARS);
        c[k] = rnd(2) ? v : -v;
      }
    } while (!((c[0] > 0) == (plant[abs(c[0])] > 0) ||
               (c[1] > 0) == (plant[abs(c[1])] > 0) ||
               (c[2] > 0) == (plant[abs(c[2])] > 0)));
    sks_cnf_add_clause(cnf, c, 3);
  }
  char *text = malloc(VARS * 8 + 32);
  size_t len = (size_t)sprintf(text, "s SATISFIABLE\nv");
  for (int v = 1; v <= VARS; v++)
    len += (size_t)sprintf(text + len, " %d", plant[v] * v);
  sprintf(text + len, " 0\n");
  sks_model *m = sks_model_new();
  sks_error err;
  CHECK_EQ(read_string(text, m, &err), 0);
  CHECK(sks_model_satisfies(m, cnf, &err));
  /* Flip variables one by one until some clause breaks; the test finds
   * the first broken clause itself and the message must name it. */
  int flipped = 0;
  long first_broken = 0;
  for (int v = 1; v <= VARS && !first_broken; v++) {
    m->val[v] = (signed char)-m->val[v];
    long k = 0;
    for (size_t i = 0; i < cnf->nlits && !first_broken; i += 4) {
      k++;
      bool sat = false;
      for (int j = 0; j < 3; j++) {
        int lit = cnf->lits[i + (size_t)j];
        sat = sat || m->val[abs(lit)] == (lit > 0 ? 1 : -1);
      }
      if (!sat)
        first_broken = k;
    }
    if (!first_broken)
      m->val[v] = (signed char)-m->val[v];
    else
      flipped = v;
  }
  CHECK(flipped > 0);
  CHECK(!sks_model_satisfies(m, cnf, &err));
  char want[32];
  snprintf(want, sizeof want, "clause %ld (", first_broken);
  CHECK(!strncmp(err.msg, want, strlen(want)));
  /* Unassigned and out-of-range variables satisfy nothing. */
  CHECK_EQ(read_string("v 1 0", m, &err), 0);
  CHECK(!sks_model_satisfies(m, cnf, &err));
  sks_cnf_clear(cnf);
  sks_cnf_add_clause(cnf, NULL, 0);
  CHECK(!sks_model_satisfies(m, cnf, &err));
  CHECK(strstr(err.msg, "clause 1 (empty)") != NULL);
  sks_cnf_clear(cnf);
  CHECK(sks_model_satisfies(m, cnf, &err)); /* no clauses */
  free(text);
  sks_model_delete(m);
  sks_cnf_delete(cnf);
}

/* bad-input/dimacs/NAME.model with NAME.model.expected: "error LINE:COL: msg",
 * or "ok STATUS NVARS" followed by the signs of the values. */
static void read_model(const char *path, char *got, size_t cap, void *ctx) {
  sks_model *m = ctx;
  sks_error err = {0, 0, {0}};
  sks_input *in = sks_input_open(path, &err);
  if (!in) {
    snprintf(got, cap, "cannot open\n");
    return;
  }
  if (sks_model_read(in, m, &err))
    snprintf(got, cap, "error %ld:%ld: %s\n", err.line, err.col, err.msg);
  else
    snprintf(got, cap, "ok %d %d %s\n", m->status, m->nvars,
             signs(m, m->nvars));
  sks_input_close(in);
}

static void test_corpus(void) {
  sks_model *m = sks_model_new();
  CHECK(check_corpus("bad-input/dimacs", ".model", read_model, m) >= 10);
  sks_model_delete(m);
}

int main(void) {
  test_formats();
  test_satisfies();
  test_corpus();
  return check_report();
}
