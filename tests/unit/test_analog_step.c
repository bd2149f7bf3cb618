/* Unit tests of the analog solver's step against its other forms
 * (docs/design.md, "Fast paths and their general forms"): the splitting
 * step (solver/analog_step_int.h, one source for one run in double and
 * for the rating's double and float lanes) against the explicit methods'
 * right-hand side F (solver/analog_rhs.c), a second writing of the same
 * dynamics; the float lanes' step against the double step on the same
 * states; and both polynomial exps against libm's.  (The double lanes
 * take the scalar step's trajectories bit for bit: test_analog.c,
 * test_rate_lanes.) */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"
#include "check.h"
#include "sks_analog.h"
#include "sudokusat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The float lanes' instance of the step, here as in
 * solver/analog_lanes_float.c. */
#define STEP_VBYTES 32
#define STEP_VECTOR 1
#define STEP_FLOAT 1
#define STEP_FN(name) name##_float
#include "analog_step_int.h"

static uint64_t rng_state = 2024;
static double unit(void) {
  return sks_rand_unit(&rng_state);
}

/* Problems with every path of the step: units, binary clauses (most of a
 * Sudoku CNF) and clauses of 3 to 9 literals, as exactly-one groups of 9
 * (a long clause and its 36 pairwise binaries) and random clauses of
 * lengths 1 to 6; or (long) one clause of 1,100 literals with an
 * implication chain, whose sweep table would be too large, so the sweep
 * reads the clauses. */
static sks_analog *problem(bool long_clause) {
  sks_cnf *cnf = sks_cnf_new();
  int lits[1100];
  if (long_clause) {
    for (int v = 1; v <= 1100; v++)
      lits[v - 1] = v;
    sks_cnf_add_clause(cnf, lits, 1100);
    for (int v = 1; v < 1100; v++) {
      int two[2] = {v, -(v + 1)};
      sks_cnf_add_clause(cnf, two, 2);
    }
  } else {
    enum { GROUPS = 12, NV = 9 * GROUPS };
    for (int g = 0; g < GROUPS; g++) {
      for (int d = 0; d < 9; d++)
        lits[d] = 9 * g + d + 1;
      sks_cnf_add_clause(cnf, lits, 9);
      for (int a = 0; a < 9; a++)
        for (int b = a + 1; b < 9; b++) {
          int two[2] = {-(9 * g + a + 1), -(9 * g + b + 1)};
          sks_cnf_add_clause(cnf, two, 2);
        }
    }
    for (int c = 0; c < 150; c++) {
      int k = 1 + (int)(unit() * 6);
      for (int j = 0; j < k; j++) {
        int v = 1 + (int)(unit() * NV);
        lits[j] = unit() < 0.5 ? v : -v;
      }
      sks_cnf_add_clause(cnf, lits, k);
    }
  }
  sks_analog *a = sks_analog_new(cnf);
  sks_cnf_delete(cnf);
  return a;
}

/* A random state: spins in [-1, 1], log weights in [0, 4], offset U. */
static void random_state(work *w, double U) {
  const int n = w->p->nact;
  for (size_t i = 0; i < w->dim; i++)
    w->y[i] = (long)i < n ? 2 * unit() - 1 : 4 * unit();
  w->U = U;
}

/* The splitting step and F are one ODE: a step of size h from y is
 * y + h F(y) + O(h^2), so (step - y) / h is F within O(h).  Spins and
 * log weights, both laws, offsets U 0 and 2, with the sweep's table and
 * reading the clauses.  Measured: at most 5.3e-7 of 1 + max |F| at
 * h = 1e-8 (5.3e-6 at 1e-7: the O(h) term); F's spin flow scaled by
 * 1 + 1e-4, the sweep's relaxation rate by 0.95 or the step's law
 * swapped each fail the 1e-5. */
static void test_step_is_f(void) {
  for (int lc = 0; lc < 2; lc++) {
    sks_analog *a = problem(lc);
    CHECK(lc ? a->xstart == NULL : a->xstart != NULL);
    CHECK(a->bin_hi > a->bin_lo);
    for (int law = 1; law <= 2; law++)
      for (int k = 0; k < 2; k++) {
        sks_analog_options opt;
        sks_analog_options_init(&opt);
        opt.memory = law;
        work w;
        sks_analog_work_init(&w, a, &opt);
        random_state(&w, 2.0 * k);
        double *f = malloc(w.dim * sizeof *f);
        sks_analog_rhs(&w, w.y, f);
        const double h = 1e-8;
        double e = sks_analog_step_split(&w, h);
        CHECK(isfinite(e));
        double fmax = 0, worst = 0;
        for (size_t i = 0; i < w.dim; i++)
          fmax = fmax > fabs(f[i]) ? fmax : fabs(f[i]);
        for (size_t i = 0; i < w.dim; i++) {
          double d = fabs((w.ynew[i] - w.y[i]) / h - f[i]) / (1 + fmax);
          worst = d > worst ? d : worst;
        }
        if (!(worst <= 1e-5))
          fprintf(stderr, "step against F: %g (long %d, law %d, U %d)\n", worst,
                  lc, law, 2 * k);
        CHECK(worst <= 1e-5);
        CHECK(fmax > 1e-3); /* the comparison is not of zeros */
        free(f);
        sks_analog_work_free(&w);
      }
    sks_analog_delete(a);
  }
}

/* The float lanes' step against the double step: 8 lanes of other states
 * and step sizes, each the double step of its own state within single
 * precision's error (measured, both laws: spins 2.7e-7, log weights
 * 7.4e-8 relative, error norm 1.6e-6 relative; the limits are ~20x). */
static void test_float_lanes(void) {
  sks_analog *a = problem(false);
  const int n = a->nact;
  const long m = a->nclauses;
  for (int law = 1; law <= 2; law++) {
    sks_analog_options opt;
    sks_analog_options_init(&opt);
    opt.memory = law;
    work w;
    sks_analog_work_init(&w, a, &opt);
    /* the float step's input, as analog_lanes_int.h's lanes_init makes it */
    size_t nl = (size_t)a->nlits, nx = (size_t)a->xstart[a->ostart[n]];
    float *fl = malloc((nl + nx + nl + 2 * (size_t)m) * sizeof *fl), *f = fl;
    step_in in = {.p = a, .memory = w.memory, .atol = w.atol, .rtol = w.rtol};
    for (size_t i = 0; i < nl; i++)
      f[i] = (float)a->lsign[i];
    in.lsign = f, f += nl;
    for (size_t i = 0; i < nx; i++)
      f[i] = (float)a->xsign[i];
    in.xsign = f, f += nx;
    for (size_t i = 0; i < nl; i++)
      f[i] = (float)a->ocoef[i];
    in.ocoef = f, f += nl;
    for (long c = 0; c < m; c++)
      f[c] = (float)a->cscale[c];
    in.cscale = f, f += m;
    for (long c = 0; c < m; c++)
      f[c] = (float)w.cscale2[c];
    in.cscale2 = f;
    vd *v = aligned_alloc(VBYTES, (3 * (size_t)n + 6 * (size_t)m) * sizeof *v);
    step_state st = {.s = v,
                     .u = v + n,
                     .ss = v + n + m,
                     .us = v + 2 * n + m,
                     .sl = v + 2 * n + 2 * m,
                     .ul = v + 3 * n + 2 * m,
                     .kp = v + 3 * n + 3 * m,
                     .ws = v + 3 * n + 4 * m,
                     .wl = v + 3 * n + 5 * m};
    double *ys = malloc(LANES * w.dim * sizeof *ys);
    double *yn = malloc(LANES * w.dim * sizeof *yn);
    double hs[LANES], U[LANES], err[LANES];
    vd h, hh, Uv, eUn;
    vi live;
    for (int l = 0; l < LANES; l++) {
      random_state(&w, l % 3);
      U[l] = w.U;
      hs[l] = 0.02 + 0.03 * l;
      memcpy(ys + l * w.dim, w.y, w.dim * sizeof *ys);
      for (int i = 0; i < n; i++)
        st.s[i][l] = (float)w.y[i];
      for (long c = 0; c < m; c++)
        st.u[c][l] = (float)w.y[n + c];
      h[l] = (float)hs[l];
      hh[l] = (float)(0.5 * hs[l]);
      Uv[l] = (float)U[l];
      eUn[l] = (float)exp(-U[l]);
      live[l] = -1;
    }
    CHECK(split_step_float(&in, &st, &h, &hh, &Uv, &eUn, &live, err));
    double ds = 0, du = 0, de = 0;
    for (int l = 0; l < LANES; l++) {
      /* the double step from the same state, rounded to float as the
       * lanes' is */
      for (size_t i = 0; i < w.dim; i++)
        w.y[i] = (float)ys[l * w.dim + i];
      w.U = U[l];
      double e = sks_analog_step_split(&w, (float)hs[l]);
      for (int i = 0; i < n; i++)
        ds = fmax(ds, fabs(st.ss[i][l] - w.ynew[i]));
      for (long c = 0; c < m; c++)
        du = fmax(du, fabs(st.us[c][l] - w.ynew[n + c]) / (1 + w.ynew[n + c]));
      de = fmax(de, fabs(err[l] - e) / e);
      memcpy(yn + l * w.dim, w.ynew, w.dim * sizeof *yn);
    }
    if (!(ds <= 5e-6 && du <= 2e-6 && de <= 3e-5))
      fprintf(stderr, "float lanes against double, law %d: %g %g %g\n", law, ds,
              du, de);
    CHECK(ds <= 5e-6);
    CHECK(du <= 2e-6);
    CHECK(de <= 3e-5);
    /* the steps moved the state: the comparison is not of copies */
    double moved = 0;
    for (size_t i = 0; i < LANES * w.dim; i++)
      moved = fmax(moved, fabs(yn[i] - ys[i]));
    CHECK(moved > 1e-2);
    free(ys);
    free(yn);
    free(v);
    free(fl);
    sks_analog_work_free(&w);
  }
  sks_analog_delete(a);
}

/* The exps: the double polynomial (fast_exp, the same operations as the
 * double lanes') within 1.5e-11 of libm's on [-700, 700] (measured
 * 9.6e-12), e^-700 below; the float lanes' within 1e-6 on [-87, 87]
 * (measured 2.5e-7), clamped there.  One coefficient changed in the
 * 6th significant digit fails them. */
static void test_exps(void) {
  double dmax = 0, fmax_ = 0;
  for (int k = 0; k <= 200000; k++) {
    double x = -700 + 1400.0 * (k + unit()) / 200001;
    double e = exp(x);
    dmax = fmax(dmax, fabs(fast_exp(x) - e) / e);
  }
  CHECK(dmax <= 1.5e-11);
  CHECK(fast_exp(-800) == fast_exp(-700));
  CHECK(fast_exp(-700) > 0 && fast_exp(-700) < 1e-303);
  for (int k = 0; k <= 200000; k += LANES) {
    vd x, e;
    for (int l = 0; l < LANES; l++)
      x[l] = (float)(-87 + 174.0 * (k + l) / 200008);
    vfast_exp(&e, &x);
    for (int l = 0; l < LANES; l++) {
      double ex = exp((double)x[l]);
      fmax_ = fmax(fmax_, fabs(e[l] - ex) / ex);
    }
  }
  if (!(dmax <= 1.5e-11 && fmax_ <= 1e-6))
    fprintf(stderr, "exps: double %g, float %g\n", dmax, fmax_);
  CHECK(fmax_ <= 1e-6);
  vd big = {-1e10f, -100, 100, 1e10f, 0, 0, 0, 0}, e;
  vfast_exp(&e, &big);
  CHECK(e[0] == e[1] && e[0] > 0 && e[0] < 1e-37);
  CHECK(e[2] == e[3] && e[2] > 1e37);
}

int main(void) {
  test_exps();
  test_step_is_f();
  test_float_lanes();
  return check_report();
}
