/* The hall engine (solver/hall_int.h) and its backend: small CNFs with
 * known answers (pigeonhole, random 3-SAT against brute force, all the
 * models counted with blocking clauses), assumptions, the conflict limit
 * and the terminate callback, forgetting between puzzles; then puzzles
 * of 4x4 to 25x25 and variant shapes counted to 2 by hall and by cadical,
 * every solution checked by the checker's validator (never the backend's
 * word). */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "check.h"
#include "hall_int.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* CNFs kept here as flat lists of literals, each clause ended by 0. */

typedef struct cnf {
  int *lit;
  size_t n, cap;
  int nvars;
} cnf;

static void put(cnf *f, int lit) {
  if (f->n == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 256;
    f->lit = realloc(f->lit, f->cap * sizeof *f->lit);
  }
  f->lit[f->n++] = lit;
  if (abs(lit) > f->nvars)
    f->nvars = abs(lit);
}

static void clause2(cnf *f, int a, int b) {
  put(f, a), put(f, b), put(f, 0);
}

/* Pigeons p into holes h: x(i,j) = pigeon i in hole j. */
static void pigeonhole(cnf *f, int p, int h) {
  for (int i = 0; i < p; i++) {
    for (int j = 0; j < h; j++)
      put(f, i * h + j + 1);
    put(f, 0);
  }
  for (int j = 0; j < h; j++)
    for (int i = 0; i < p; i++)
      for (int k = i + 1; k < p; k++)
        clause2(f, -(i * h + j + 1), -(k * h + j + 1));
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void random_3sat(cnf *f, int nvars, int nclauses) {
  for (int c = 0; c < nclauses; c++) {
    for (int k = 0; k < 3; k++) {
      int v = 1 + (int)(rnd() % (uint64_t)nvars);
      put(f, rnd() & 1 ? v : -v);
    }
    put(f, 0);
  }
  f->nvars = nvars;
}

static sks_hall *load(const cnf *f) {
  sks_hall *h = sks_hall_new(1);
  sks_hall_reserve(h, f->nvars);
  for (size_t i = 0; i < f->n; i++)
    sks_hall_add(h, f->lit[i]);
  return h;
}

/* Whether the engine's model satisfies every clause of f. */
static bool model_ok(const sks_hall *h, const cnf *f) {
  bool sat = false;
  for (size_t i = 0; i < f->n; i++) {
    int l = f->lit[i];
    if (!l) {
      if (!sat)
        return false;
      sat = false;
    } else if (sks_hall_val(h, abs(l)) == (l > 0 ? 1 : -1))
      sat = true;
  }
  return true;
}

/* Models of f over its variables, by trying every assignment. */
static long brute_count(const cnf *f) {
  long count = 0;
  for (uint32_t a = 0; a < (1u << f->nvars); a++) {
    bool all = true, sat = false;
    for (size_t i = 0; all && i < f->n; i++) {
      int l = f->lit[i];
      if (!l) {
        all = sat;
        sat = false;
      } else if (((a >> (abs(l) - 1)) & 1) == (l > 0))
        sat = true;
    }
    count += all;
  }
  return count;
}

/* Models counted by the engine: each one blocked and the search run
 * again, as sks_count does with puzzles. */
static long hall_count(sks_hall *h, const cnf *f, bool *all_valid) {
  long count = 0;
  while (sks_hall_solve(h, 0) == 10) {
    *all_valid = *all_valid && model_ok(h, f);
    count++;
    for (int v = 1; v <= f->nvars; v++)
      sks_hall_add(h, sks_hall_val(h, v) > 0 ? -v : v);
    sks_hall_add(h, 0);
  }
  return count;
}

static void test_small(void) {
  cnf f = {0};
  sks_hall *h = load(&f); /* no clause: satisfiable */
  CHECK_EQ(sks_hall_solve(h, 0), 10);
  sks_hall_delete(h);
  put(&f, 1), put(&f, -1), put(&f, 2), put(&f, 0); /* a tautology */
  put(&f, 2), put(&f, 2), put(&f, 0);              /* x2 twice */
  h = load(&f);
  CHECK_EQ(sks_hall_solve(h, 0), 10);
  CHECK_EQ(sks_hall_val(h, 2), 1);
  sks_hall_add(h, -2), sks_hall_add(h, 0); /* now contradictory */
  CHECK_EQ(sks_hall_solve(h, 0), 20);
  CHECK_EQ(sks_hall_solve(h, 0), 20);
  sks_hall_delete(h);
  free(f.lit);
  memset(&f, 0, sizeof f);
  put(&f, 0); /* the empty clause */
  h = load(&f);
  CHECK_EQ(sks_hall_solve(h, 0), 20);
  sks_hall_delete(h);
  free(f.lit);
}

static void test_pigeonhole(void) {
  for (int n = 2; n <= 6; n++) {
    cnf f = {0};
    pigeonhole(&f, n + 1, n);
    sks_hall *h = load(&f);
    CHECK_EQ(sks_hall_solve(h, 0), 20);
    sks_hall_delete(h);
    free(f.lit);
    memset(&f, 0, sizeof f);
    pigeonhole(&f, n, n);
    h = load(&f);
    CHECK_EQ(sks_hall_solve(h, 0), 10);
    CHECK(model_ok(h, &f));
    sks_hall_delete(h);
    free(f.lit);
  }
}

/* Random 3-SAT near the threshold on 12 variables: satisfiable or not as
 * brute force says, and every model counted with blocking clauses. */
static void test_random_small(void) {
  int sat = 0, unsat = 0;
  for (int t = 0; t < 300; t++) {
    cnf f = {0};
    random_3sat(&f, 12, 40 + t % 20);
    long want = brute_count(&f);
    sks_hall *h = load(&f);
    bool valid = true;
    long got = hall_count(h, &f, &valid);
    CHECK_EQ(got, want);
    CHECK(valid);
    sat += want > 0;
    unsat += want == 0;
    sks_hall_delete(h);
    free(f.lit);
  }
  CHECK(sat > 20 && unsat > 20); /* both kinds were tried */
}

/* Bigger random 3-SAT, against picosat: enough conflicts that the clause
 * database is reduced and collected. */
static void test_random_big(void) {
  unsigned long long reduced = 0;
  int sat = 0, unsat = 0;
  for (int t = 0; t < 12; t++) {
    cnf f = {0};
    random_3sat(&f, 150, 639);
    sks_hall *h = load(&f);
    int res = sks_hall_solve(h, 0);
    if (res == 10)
      CHECK(model_ok(h, &f));
    reduced += h->st.reduced;
    sks_cnf *c = sks_cnf_new();
    for (size_t i = 0; i < f.n; i++)
      sks_cnf_add(c, f.lit[i]);
    sks_solver *ps = sks_solver_new("picosat", NULL, NULL);
    CHECK(!sks_solver_load_cnf(ps, c, NULL));
    CHECK_EQ(res, sks_solver_solve(ps, NULL));
    sat += res == 10;
    unsat += res == 20;
    sks_solver_delete(ps);
    sks_cnf_delete(c);
    sks_hall_delete(h);
    free(f.lit);
  }
  CHECK(sat > 0 && unsat > 0);
  CHECK(reduced > 0);
}

/* x1 -> x2 -> x3: no model with x1 and not x3 assumed, and the instance
 * stays satisfiable. */
static void test_assumptions(void) {
  cnf f = {0};
  clause2(&f, -1, 2);
  clause2(&f, -2, 3);
  sks_hall *h = load(&f);
  sks_hall_assume(h, 1);
  sks_hall_assume(h, -3);
  CHECK_EQ(sks_hall_solve(h, 0), 20);
  sks_hall_assume(h, 1);
  CHECK_EQ(sks_hall_solve(h, 0), 10);
  CHECK_EQ(sks_hall_val(h, 3), 1);
  CHECK_EQ(sks_hall_solve(h, 0), 10);
  sks_hall_assume(h, -3);
  sks_hall_assume(h, -3); /* twice: the second finds it true */
  CHECK_EQ(sks_hall_solve(h, 0), 10);
  CHECK_EQ(sks_hall_val(h, 1), -1);
  sks_hall_delete(h);
  free(f.lit);
}

static int calls;
static int stop_after_first(void *state) {
  (void)state;
  return ++calls > 1;
}

/* A conflict limit, a terminate callback, then the whole search. */
static void test_limits(void) {
  cnf f = {0};
  pigeonhole(&f, 9, 8);
  sks_hall *h = load(&f);
  CHECK_EQ(sks_hall_solve(h, 100), 0);
  CHECK_EQ(h->st.conflicts, 100);
  CHECK_EQ(sks_hall_solve(h, 50), 0);
  CHECK_EQ(h->st.conflicts, 150);
  sks_hall_set_terminate(h, NULL, stop_after_first);
  CHECK_EQ(sks_hall_solve(h, 0), 0);
  CHECK(calls == 2);
  CHECK(h->st.conflicts <= 151);
  sks_hall_set_terminate(h, NULL, NULL);
  CHECK_EQ(sks_hall_solve(h, 0), 20);
  sks_hall_delete(h);
  free(f.lit);
}

/* Forgetting drops the learned clauses and keeps the answer. */
static void test_forget(void) {
  cnf f = {0};
  random_3sat(&f, 100, 426);
  sks_hall *h = load(&f);
  int res = sks_hall_solve(h, 0);
  CHECK(res == 10 || res == 20);
  sks_hall_forget(h, 7);
  CHECK_EQ(h->learnts.n, 0);
  CHECK_EQ(sks_hall_solve(h, 0), res);
  if (res == 10)
    CHECK(model_ok(h, &f));
  sks_hall_delete(h);
  free(f.lit);
}

/* The search's modes, rephasing and trail reuse: each setting gives the
 * same answers (pigeonhole 9 into 8; random 3-SAT near the threshold
 * against the default's answer, each model checked), and the default
 * switches modes, rephases and keeps levels on restarts, which a single
 * mode and no-rephase do not. */
/* Watches of binary clauses: the given ones and the derived ones. */
static void count_binaries(const sks_hall *h, size_t *given, size_t *derived) {
  *given = *derived = 0;
  for (int l = 2; l < 2 * h->nvars + 2; l++)
    for (size_t i = 0; i < h->watches[l].n; i++) {
      *given += h->watches[l].a[i].ref == HALL_BINARY;
      *derived += h->watches[l].a[i].ref == HALL_BINARY_LEARNT;
    }
}

/* Between puzzles the engine forgets what the last one taught it: after
 * searches under assumptions that derived binary clauses,
 * sks_hall_forget leaves the given binary clauses only (those the root
 * facts do not satisfy), and the next search answers as a fresh one. */
static void test_forget_binaries(void) {
  int derived_some = 0;
  for (int t = 0; t < 30; t++) {
    cnf f = {0};
    random_3sat(&f, 60, 200);
    for (int c = 0; c < 30; c++) {
      int a = 1 + (int)(rnd() % 60), b = 1 + (int)(rnd() % 60);
      clause2(&f, rnd() & 1 ? a : -a, rnd() & 1 ? b : -b);
    }
    sks_hall *used = load(&f), *fresh = load(&f);
    for (int k = 1; k <= 4; k++)
      sks_hall_assume(used, rnd() & 1 ? k : -k);
    sks_hall_solve(used, 0);
    derived_some += used->binaries_learnt > 0;
    sks_hall_forget(used, 3);
    size_t g1, d1, g2, d2;
    count_binaries(used, &g1, &d1);
    count_binaries(fresh, &g2, &d2);
    CHECK_EQ(d1, 0);
    CHECK(g1 <= g2); /* root facts may satisfy some */
    CHECK_EQ(sks_hall_solve(used, 0), sks_hall_solve(fresh, 0));
    sks_hall_delete(used);
    sks_hall_delete(fresh);
    free(f.lit);
  }
  CHECK(derived_some > 3); /* searches that derived binary clauses */
}

static void test_modes(void) {
  static const hall_config cfgs[] = {
      {.modes = HALL_MODES_AUTO},
      {.modes = HALL_MODES_FOCUSED},
      {.modes = HALL_MODES_STABLE},
      {.modes = HALL_MODES_BOTH, .no_rephase = true, .no_reuse = true},
  };
  enum { NCFG = sizeof cfgs / sizeof *cfgs, NRAND = 8 };
  hall_stats st[NCFG] = {0};
  int want[NRAND], sat = 0;
  for (int c = 0; c < NCFG; c++) {
    cnf f = {0};
    pigeonhole(&f, 9, 8);
    sks_hall *h = sks_hall_new(1);
    sks_hall_configure(h, &cfgs[c]);
    sks_hall_reserve(h, f.nvars);
    for (size_t i = 0; i < f.n; i++)
      sks_hall_add(h, f.lit[i]);
    CHECK_EQ(sks_hall_solve(h, 0), 20);
    CHECK(h->st.conflicts > 3000); /* long enough for a switch */
    st[c] = h->st;
    sks_hall_delete(h);
    free(f.lit);
    rng_state = 4242;
    for (int t = 0; t < NRAND; t++) {
      memset(&f, 0, sizeof f);
      random_3sat(&f, 200, 852);
      h = sks_hall_new(1);
      sks_hall_configure(h, &cfgs[c]);
      sks_hall_reserve(h, f.nvars);
      for (size_t i = 0; i < f.n; i++)
        sks_hall_add(h, f.lit[i]);
      int res = sks_hall_solve(h, 0);
      CHECK(res == 10 || res == 20);
      if (res == 10)
        CHECK(model_ok(h, &f));
      if (!c) {
        want[t] = res;
        sat += res == 10;
      } else
        CHECK_EQ(res, want[t]);
      st[c].switches += h->st.switches;
      st[c].rephases += h->st.rephases;
      st[c].reused += h->st.reused;
      sks_hall_delete(h);
      free(f.lit);
    }
  }
  CHECK(sat > 0 && sat < NRAND); /* both answers were met */
  CHECK(st[0].switches > 0 && st[0].rephases > 0 && st[0].reused > 0);
  CHECK(st[1].switches == 0 && st[2].switches == 0);
  CHECK(st[1].rephases > 0 && st[2].rephases > 0);
  CHECK(st[3].rephases == 0 && st[3].reused == 0 && st[3].switches > 0);
}

/* With a sum the default search stays focused, and reduces its learned
 * clauses more often; `both` switches modes all the same, and
 * slow_reduce reduces as without sums (pigeonhole 9 into 8 with a sum
 * over two fresh variables that the clauses decide). */
static void test_modes_sums(void) {
  static const struct {
    hall_config cfg;
    bool sum;
  } runs[] = {
      {{.modes = HALL_MODES_AUTO}, true},
      {{.modes = HALL_MODES_BOTH}, true},
      {{.modes = HALL_MODES_AUTO, .slow_reduce = true}, true},
      {{.modes = HALL_MODES_AUTO}, false},
  };
  enum { NRUNS = sizeof runs / sizeof *runs };
  hall_stats st[NRUNS];
  for (int c = 0; c < NRUNS; c++) {
    cnf f = {0};
    pigeonhole(&f, 9, 8);
    int a = f.nvars + 1, b = f.nvars + 2; /* a, not b: the term is 1 */
    clause2(&f, a, b);
    clause2(&f, -a, -b);
    put(&f, a), put(&f, 0);
    sks_hall *h = load(&f);
    sks_hall_configure(h, &runs[c].cfg);
    if (runs[c].sum) {
      sks_hall_sum_begin(h, 1, false);
      sks_hall_sum_term(h, 1, -1);
      sks_hall_sum_option(h, 1, a);
      sks_hall_sum_option(h, 2, b);
      sks_hall_sum_end(h);
      CHECK_EQ((int)h->sums.n, 1);
    }
    CHECK_EQ(sks_hall_solve(h, 0), 20);
    CHECK(h->st.conflicts > 3000);
    st[c] = h->st;
    sks_hall_delete(h);
    free(f.lit);
  }
  const hall_stats *plain = &st[NRUNS - 1];
  CHECK(st[0].switches == 0 && st[1].switches > 0 && plain->switches > 0);
  /* reductions per conflict: more often with the sum */
  CHECK(st[0].reduced * plain->conflicts >
        2 * plain->reduced * st[0].conflicts);
  CHECK(st[2].reduced * plain->conflicts <
        2 * plain->reduced * st[2].conflicts);
}

/* A setting in SKS_HALL that is not known: the backend refuses to start,
 * naming it; known ones are taken. */
/* Random 2- and 3-SAT on 12 variables, probed from the first conflict
 * on: every model counted (a failed literal or a hyper-binary resolvent
 * that lost one would show), and the probes found both. */
static void test_probe_models(void) {
  hall_config cfg = {.probe = true, .probe_first = 1};
  unsigned long long failed = 0, hbr = 0;
  for (int t = 0; t < 400; t++) {
    cnf f = {0};
    random_3sat(&f, 12, 20 + t % 16);
    for (int c = 0; c < 14; c++) {
      int a = 1 + (int)(rnd() % 12), b = 1 + (int)(rnd() % 12);
      clause2(&f, rnd() & 1 ? a : -a, rnd() & 1 ? b : -b);
    }
    long want = brute_count(&f);
    sks_hall *h = load(&f);
    sks_hall_configure(h, &cfg);
    bool valid = true;
    CHECK_EQ(hall_count(h, &f, &valid), want);
    CHECK(valid);
    failed += h->st.failed;
    hbr += h->st.hbr;
    sks_hall_delete(h);
    free(f.lit);
  }
  CHECK(failed > 0 && hbr > 0);
}

/* A search long enough to probe (the pigeonhole, 9 into 8) beside two
 * gadgets: x takes out a and b, which a clause with -x needs (x fails);
 * z takes out c and d, so (c d w) gives w (the resolvent -z w).  Probing
 * runs with rules (variant) or the probe setting, not otherwise. */
static void test_probe(void) {
  static const struct {
    hall_config cfg;
    bool variant, probes;
  } runs[] = {
      {{0}, false, false},
      {{0}, true, true},
      {{.probe = true}, false, true},
      {{.probe = true, .no_hbr = true}, false, true},
      {{.no_probe = true}, true, false},
  };
  for (size_t c = 0; c < sizeof runs / sizeof *runs; c++) {
    cnf f = {0};
    pigeonhole(&f, 9, 8);
    int x = f.nvars + 1, a = x + 1, b = x + 2;
    int z = x + 3, cc = x + 4, d = x + 5, w = x + 6;
    f.nvars = w;
    clause2(&f, -x, -a);
    clause2(&f, -x, -b);
    put(&f, -x), put(&f, a), put(&f, b), put(&f, 0);
    clause2(&f, -z, -cc);
    clause2(&f, -z, -d);
    put(&f, cc), put(&f, d), put(&f, w), put(&f, 0);
    sks_hall *h = load(&f);
    sks_hall_configure(h, &runs[c].cfg);
    h->variant = runs[c].variant;
    CHECK_EQ(sks_hall_solve(h, 0), 20);
    if (runs[c].probes) {
      CHECK(h->st.probed > 0 && h->st.failed > 0);
      CHECK(h->val[2 * x + 1] > 0); /* -x a root fact */
      CHECK(runs[c].cfg.no_hbr ? h->st.hbr == 0 : h->st.hbr > 0);
    } else
      CHECK(h->st.probed == 0 && h->st.failed == 0 && h->st.hbr == 0);
    sks_hall_delete(h);
    free(f.lit);
  }
}

static void test_settings(void) {
  sks_error err = {0};
  setenv("SKS_HALL", "groups,stabel", 1);
  CHECK(!sks_solver_new("hall", NULL, &err));
  CHECK(strstr(err.msg, "'stabel'") != NULL);
  setenv("SKS_HALL", "groups,stable,no-reuse,no-rephase", 1);
  sks_solver *s = sks_solver_new("hall", NULL, &err);
  CHECK(s != NULL);
  sks_solver_delete(s);
  unsetenv("SKS_HALL");
}

/* The group propagator's counts of literals not false in each group are
 * those of the trail it has seen. */
static bool counts_right(const sks_hall *h) {
  if (h->groups_head > h->trail_n)
    return false;
  for (int g = 0; g < h->ngroups; g++) {
    int open = 0;
    for (int i = h->group_at[g]; i < h->group_at[g + 1]; i++) {
      int v = h->group_var[i], at = -1;
      for (int t = 0; t < h->groups_head; t++)
        if (hall_var(h->trail[t]) == v)
          at = t;
      if (at < 0 || !(h->trail[at] & 1))
        open++;
    }
    if (open != h->group_open[g])
      return false;
  }
  return true;
}

/* The group propagator on puzzles' CNFs (every solution counted by
 * blocking clauses, up to 3): the same counts with it on and off, each
 * model a solution for the checker, and literals set by it. */
static void test_groups(void) {
  unsigned long long removed = 0, groups = 0;
  int agreed = 0, tried = 0;
  const sks_shape *shape = sks_shape_new(3, 3, 0, NULL, NULL);
  sks_generate_options go = {.seed = 11};
  sks_generator *g = sks_generator_new(shape, &go, NULL);
  sks_puzzle *p = sks_puzzle_of(shape);
  int grid[81];
  for (int i = 0; i < 40; i++) {
    if (sks_generate(g, (unsigned long long)i, p, NULL))
      continue;
    for (int k = 0; k < 81 && i % 2; k += 9) /* several solutions */
      p->cell[(k + i) % 81] = -1;
    sks_eo *eo = sks_eo_new(shape);
    sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
    sks_cnf *f = sks_cnf_new();
    sks_encode_options eopt = {.encoding = SKS_ENCODING_EXTENDED};
    sks_encode(eo, &eopt, f);
    /* a candidate the givens took out is in no clause: false */
    unsigned char *used = calloc((size_t)f->nvars + 1, 1);
    for (size_t k = 0; k < f->nlits; k++)
      used[abs(f->lits[k])] = 1;
    for (int v = 1; v <= f->nvars; v++)
      if (!used[v]) {
        sks_cnf_add(f, -v);
        sks_cnf_add(f, 0);
      }
    free(used);
    long counts[2];
    for (int on = 0; on < 2; on++) {
      sks_hall *h = sks_hall_new(1);
      sks_hall_configure(h, &(hall_config){.groups = on});
      sks_hall_reserve(h, f->nvars);
      for (size_t k = 0; k < f->nlits; k++)
        sks_hall_add(h, f->lits[k]);
      counts[on] = 0;
      while (counts[on] < 3 && sks_hall_solve(h, 0) == 10) {
        counts[on]++;
        for (int c = 0; c < 81; c++) /* the givens are not in the CNF */
          for (int d = 0; d < 9; d++)
            if (p->cell[c] >= 0 ? d == p->cell[c]
                                : sks_hall_val(h, c * 9 + d + 1) > 0)
              grid[c] = d;
        CHECK(sks_plain_valid(p, grid, NULL));
        for (int v = 1; v <= f->nvars; v++)
          sks_hall_add(h, sks_hall_val(h, v) > 0 ? -v : v);
        sks_hall_add(h, 0);
      }
      if (on) {
        CHECK(h->groups_found); /* none when singles solve it */
        CHECK(counts_right(h));
        /* the explanations went with the levels they were made on */
        CHECK_EQ(h->ext.n, 0);
        CHECK_EQ(h->ext_control.n, 0);
        groups += h->ngroups;
        removed += h->st.group_removed;
      } else
        CHECK_EQ(h->st.group_removed, 0);
      sks_hall_delete(h);
    }
    CHECK_EQ(counts[0], counts[1]);
    agreed += counts[0] == counts[1];
    tried++;
    sks_cnf_delete(f);
    sks_eo_delete(eo);
  }
  CHECK(tried > 30 && agreed == tried);
  CHECK(removed > 100 && groups > 1000);
  sks_puzzle_delete(p);
  sks_generator_delete(g);
  sks_shape_release(shape);
}

/* ------------------------------------------------------------------ */
/* Puzzles through the registry: hall and cadical count to 2. */

typedef struct tally {
  int puzzles, unique, multiple, none;
} tally;

static sks_count_result count_with(const char *backend, const sks_puzzle *p,
                                   sks_propagate level, int *first,
                                   int *second) {
  sks_solver *s = sks_solver_new(backend, NULL, NULL);
  sks_eo *eo = sks_eo_new(p->shape);
  sks_count_result r = {0, SKS_UNSAT, false};
  if (sks_eo_load(eo, p, level) != SKS_UNSAT) {
    sks_error err = {0};
    CHECK(!sks_solver_load_eo(s, eo, &err));
    r = sks_count(s, eo, p, 2, NULL, first, second, NULL, &err);
  }
  sks_eo_delete(eo);
  sks_solver_delete(s);
  return r;
}

static void agree(const sks_puzzle *p, tally *t) {
  int cells = p->shape->n * p->shape->n;
  int *g = malloc(4 * (size_t)cells * sizeof *g);
  sks_propagate level =
      t->puzzles % 2 ? SKS_PROPAGATE_GIVENS : SKS_PROPAGATE_LOCKED;
  sks_count_result h = count_with("hall", p, level, g, g + cells);
  sks_count_result c =
      count_with("cadical", p, level, g + 2 * cells, g + 3 * cells);
  CHECK_EQ(h.status, c.status);
  CHECK_EQ(h.count, c.count);
  for (int k = 0; k < h.count && k < 2; k++) {
    sks_error why = {0};
    bool ok = sks_plain_valid(p, g + k * cells, &why);
    if (!ok)
      fprintf(stderr, "hall's solution %d is wrong: %s\n", k + 1, why.msg);
    CHECK(ok);
  }
  if (h.count == 2)
    CHECK(memcmp(g, g + cells, (size_t)cells * sizeof *g));
  t->puzzles++;
  t->unique += h.count == 1;
  t->multiple += h.count == 2;
  t->none += h.count == 0;
  free(g);
}

/* Generated puzzles of a shape, each also thinned (givens taken away:
 * several solutions) and spoiled (a given changed: often none). */
static void test_puzzles(int box, unsigned variants, int count, tally *t) {
  sks_error err = {0};
  const sks_shape *shape = sks_shape_new(box, box, variants, NULL, &err);
  CHECK(shape != NULL);
  if (!shape)
    return;
  sks_generate_options go = {.seed = 43};
  sks_generator *g = sks_generator_new(shape, &go, &err);
  sks_puzzle *p = sks_puzzle_of(shape);
  int n = shape->n;
  for (int i = 0; i < count; i++) {
    if (sks_generate(g, (unsigned long long)i, p, NULL))
      continue;
    agree(p, t);
    sks_puzzle *q = sks_puzzle_copy(p);
    for (int k = 0, gone = 0; k < n * n && gone < n / 2 + 1; k++)
      if (q->cell[(k * 7 + i) % (n * n)] >= 0) {
        q->cell[(k * 7 + i) % (n * n)] = -1;
        gone++;
      }
    agree(q, t);
    sks_puzzle_assign(q, p);
    for (int k = 0; k < n * n; k++)
      if (q->cell[(k * 5 + i) % (n * n)] >= 0) {
        int at = (k * 5 + i) % (n * n);
        q->cell[at] = (q->cell[at] + 1) % n;
        break;
      }
    agree(q, t);
    sks_puzzle_delete(q);
  }
  sks_puzzle_delete(p);
  sks_generator_delete(g);
  sks_shape_release(shape);
}

/* ------------------------------------------------------------------ */
/* The sum propagator (solver/hall_sums.c): random sums over a few cells
 * (values 1..D, each cell's candidates a random subset, some cells fixed;
 * some terms of a bounded sum in groups whose values differ)
 * written as clauses (each cell exactly one value, each sum's violating
 * tuples forbidden), the same sums handed to the propagator; the models
 * counted with blocking clauses must be the brute-force count, with
 * short and with naive explanations, and each explanation checked
 * against every model.  A value the propagator takes out wrongly, or an
 * explanation the sums do not imply, loses models or fails the check. */

enum { SUM_CELLS = 6, SUM_MAX_TERMS = 4 };
typedef struct sum_case {
  int m, D;                /* cells, values 1..D */
  unsigned dom[SUM_CELLS]; /* candidates by cell (bit v) */
  int fixed[SUM_CELLS];    /* a fixed value, or 0 */
  int nsums;
  int k[3], cell[3][SUM_MAX_TERMS], coef[3][SUM_MAX_TERMS];
  int group[3][SUM_MAX_TERMS]; /* terms that differ: -1, 0 or 1 */
  long total[3];
  bool distinct[3];
} sum_case;

static int sum_var(const sum_case *c, int cell, int v) {
  return cell * c->D + v;
}

static bool sum_holds(const sum_case *c, int s, const int *val) {
  long t = 0;
  for (int i = 0; i < c->k[s]; i++) {
    t += (long)c->coef[s][i] * val[c->cell[s][i]];
    for (int j = 0; j < i; j++)
      if ((c->distinct[s] ||
           (c->group[s][i] >= 0 && c->group[s][i] == c->group[s][j])) &&
          val[c->cell[s][i]] == val[c->cell[s][j]])
        return false;
  }
  return t == c->total[s];
}

static void sum_random(sum_case *c) {
  static const int coefs[] = {1, 1, 1, -1, 2, -2, 10, -10};
  memset(c, 0, sizeof *c);
  c->m = 3 + (int)(rnd() % 4);
  c->D = 3 + (int)(rnd() % 4);
  for (int i = 0; i < c->m; i++) {
    c->dom[i] = ((unsigned)rnd() & ((1u << c->D) - 1)) << 1;
    c->dom[i] |= 2u << (rnd() % (uint64_t)c->D); /* never empty */
    if (rnd() % 6 == 0) {
      int v = 1 + (int)(rnd() % (uint64_t)c->D);
      c->fixed[i] = v;
      c->dom[i] = 1u << v;
    }
  }
  c->nsums = 1 + (int)(rnd() % 3);
  for (int s = 0; s < c->nsums; s++) {
    c->distinct[s] = rnd() % 2;
    int k = 2 + (int)(rnd() % (SUM_MAX_TERMS - 1));
    if (k > c->m)
      k = c->m;
    if (c->distinct[s] && k > c->D)
      k = c->D;
    c->k[s] = k;
    /* k different cells */
    for (int i = 0; i < k; i++) {
      int x;
      bool again;
      do {
        x = (int)(rnd() % (uint64_t)c->m);
        again = false;
        for (int j = 0; j < i; j++)
          again |= c->cell[s][j] == x;
      } while (again);
      c->cell[s][i] = x;
      c->coef[s][i] = c->distinct[s] ? 1 : coefs[rnd() % 8];
      c->group[s][i] = c->coef[s][i] == 1 ? (int)(rnd() % 4) - 2 : -1;
      if (c->group[s][i] < -1)
        c->group[s][i] = -1;
    }
    /* a total some tuple makes, more often than not */
    long t = 0;
    for (int i = 0; i < k; i++)
      t += (long)c->coef[s][i] * (1 + (long)(rnd() % (uint64_t)c->D));
    c->total[s] = t + (rnd() % 4 == 0 ? (long)(rnd() % 3) - 1 : 0);
  }
}

/* The clauses: each cell's values out of its candidates false, at least
 * one, at most one; each fixed cell's value; each sum's violating tuples
 * over its cells. */
static void sum_clauses(const sum_case *c, cnf *f) {
  for (int i = 0; i < c->m; i++) {
    for (int v = 1; v <= c->D; v++)
      if (c->dom[i] >> v & 1)
        put(f, sum_var(c, i, v));
    put(f, 0);
    for (int v = 1; v <= c->D; v++) {
      if (!(c->dom[i] >> v & 1))
        put(f, -sum_var(c, i, v)), put(f, 0);
      for (int w = v + 1; w <= c->D; w++)
        clause2(f, -sum_var(c, i, v), -sum_var(c, i, w));
    }
    if (c->fixed[i])
      put(f, sum_var(c, i, c->fixed[i])), put(f, 0);
  }
  for (int s = 0; s < c->nsums; s++) {
    int k = c->k[s], val[SUM_CELLS] = {0}, digit[SUM_MAX_TERMS];
    for (int i = 0; i < k; i++)
      digit[i] = 1;
    for (;;) {
      for (int i = 0; i < k; i++)
        val[c->cell[s][i]] = digit[i];
      if (!sum_holds(c, s, val)) {
        for (int i = 0; i < k; i++)
          put(f, -sum_var(c, c->cell[s][i], digit[i]));
        put(f, 0);
      }
      int i = 0;
      while (i < k && digit[i] == c->D)
        digit[i++] = 1;
      if (i == k)
        break;
      digit[i]++;
    }
  }
  f->nvars = c->m * c->D;
}

/* The case's models (values by cell, m each) as sum_brute finds them,
 * for the check of every explanation. */
static int sum_models[46656 * SUM_CELLS];
static long sum_nmodels;
static const sum_case *sum_checking;
static long sum_bad_reasons, sum_reasons;
static void (*real_imply)(sks_hall *h, const hall_lit *lits, uint32_t n);

/* The propagator's imply, each explanation checked first: a clause every
 * model of the case satisfies. */
static void checked_imply(sks_hall *h, const hall_lit *lits, uint32_t n) {
  const sum_case *c = sum_checking;
  for (long m = 0; m < sum_nmodels; m++) {
    const int *val = sum_models + m * c->m;
    bool sat = false;
    for (uint32_t i = 0; !sat && i < n; i++) {
      int v = hall_var(lits[i]) - 1;
      bool x = val[v / c->D] == v % c->D + 1;
      sat = (lits[i] & 1) ? !x : x;
    }
    sum_bad_reasons += !sat;
  }
  sum_reasons++;
  real_imply(h, lits, n);
}

static long sum_brute(const sum_case *c) {
  int val[SUM_CELLS];
  long count = 0;
  sum_nmodels = 0;
  for (int i = 0; i < c->m; i++)
    val[i] = 1;
  for (;;) {
    bool ok = true;
    for (int i = 0; ok && i < c->m; i++)
      ok = c->dom[i] >> val[i] & 1;
    for (int s = 0; ok && s < c->nsums; s++)
      ok = sum_holds(c, s, val);
    count += ok;
    if (ok)
      memcpy(sum_models + sum_nmodels++ * c->m, val,
             (size_t)c->m * sizeof *val);
    int i = 0;
    while (i < c->m && val[i] == c->D)
      val[i++] = 1;
    if (i == c->m)
      return count;
    val[i]++;
  }
}

/* The case's sums to the propagator: a fixed cell as its one option (lit
 * 0), the others with every value (a value out of the candidates is a
 * root-false literal). */
static void sum_give(sks_hall *h, const sum_case *c) {
  for (int s = 0; s < c->nsums; s++) {
    sks_hall_sum_begin(h, c->total[s], c->distinct[s]);
    for (int i = 0; i < c->k[s]; i++) {
      int x = c->cell[s][i];
      sks_hall_sum_term(h, c->coef[s][i], c->group[s][i]);
      if (c->fixed[x])
        sks_hall_sum_option(h, c->fixed[x], 0);
      else
        for (int v = 1; v <= c->D; v++) {
          sks_hall_reserve(h, sum_var(c, x, v));
          sks_hall_sum_option(h, v, sum_var(c, x, v));
        }
    }
    sks_hall_sum_end(h);
  }
}

static void test_sums(void) {
  unsigned long long removed = 0, conflicts = 0;
  int wrong = 0, models = 0;
  for (int trial = 0; trial < 600; trial++) {
    sum_case c;
    sum_random(&c);
    cnf f = {0};
    sum_clauses(&c, &f);
    long want = sum_brute(&c);
    for (int mode = 0; mode < 4; mode++) {
      int naive = mode & 1;
      sks_hall *h = load(&f);
      hall_config cfg = {0};
      cfg.sums_naive = naive;
      cfg.sums_match = mode >> 1;
      sks_hall_configure(h, &cfg);
      sum_give(h, &c);
      real_imply = h->imply;
      h->imply = checked_imply;
      sum_checking = &c;
      bool valid = true;
      long got = hall_count(h, &f, &valid);
      if (got != want || !valid) {
        if (wrong++ < 5)
          printf("sums trial %d (mode %d): %ld models, brute force %ld\n",
                 trial, mode, got, want);
      }
      removed += h->st.sum_removed;
      conflicts += h->st.sum_conflicts;
      sks_hall_delete(h);
    }
    models += want > 0;
    free(f.lit);
  }
  printf("sums: %d cases with models, %llu literals set, %llu conflicts "
         "by the sums\n",
         models, removed, conflicts);
  printf("sums: %ld explanations checked against every model, %ld wrong\n",
         sum_reasons, sum_bad_reasons);
  CHECK_EQ(wrong, 0);
  CHECK_EQ(sum_bad_reasons, 0);
  CHECK(models > 100 && removed > 1000 && conflicts > 100);
}

int main(void) {
  test_small();
  test_pigeonhole();
  test_random_small();
  test_random_big();
  test_assumptions();
  test_limits();
  test_forget();
  test_forget_binaries();
  test_groups();
  test_modes();
  test_modes_sums();
  test_probe_models();
  test_probe();
  test_settings();
  test_sums();
  tally t = {0};
  test_puzzles(2, 0, 20, &t);
  test_puzzles(3, 0, 60, &t);
  test_puzzles(3, SKS_VARIANT_X, 10, &t);
  test_puzzles(3, SKS_VARIANT_WINDOKU, 10, &t);
  test_puzzles(4, 0, 6, &t);
  test_puzzles(5, 0, 3, &t);
  printf("puzzles: %d (%d unique, %d multiple, %d none)\n", t.puzzles, t.unique,
         t.multiple, t.none);
  CHECK(t.unique > 20 && t.multiple > 20 && t.none > 10);
  return check_report();
}
