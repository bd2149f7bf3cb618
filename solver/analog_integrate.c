/* The analog solver's integrators: adaptive Cash-Karp 4(5), RKC2 and the
 * Strang splitting step, each a trial step from w->y into w->ynew with an
 * error norm for the step-size control in analog.c. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"

/* The splitting step and the error norm (analog_step_int.h), here for
 * one run in double. */
#define STEP_VECTOR 0
#define STEP_FLOAT 0
#define STEP_FN(name) name
#include "analog_step_int.h"

/* Error norm of a trial step: max over the state of the error e relative
 * to atol + rtol |y|; NaN or inf anywhere makes it infinite (a rejection).
 * The splitting step's own norm. */
static double error_norm(const work *w, const double *y, const double *yn,
                         const double *e) {
  const step_in in = {.atol = w->atol, .rtol = w->rtol};
  double worst = 0;
  vi bad = 0;
  step_norm(&in, y, yn, e, (long)w->dim, false, &worst, &bad);
  return bad ? INFINITY : worst;
}

/* Cash-Karp 4(5): a trial step of size h from y into ynew, error into err.
 * Returns the error norm. */
double sks_analog_step_cash_karp(work *w, double h) {
  static const double A[6][5] = {{0},
                                 {1.0 / 5},
                                 {3.0 / 40, 9.0 / 40},
                                 {3.0 / 10, -9.0 / 10, 6.0 / 5},
                                 {-11.0 / 54, 5.0 / 2, -70.0 / 27, 35.0 / 27},
                                 {1631.0 / 55296, 175.0 / 512, 575.0 / 13824,
                                  44275.0 / 110592, 253.0 / 4096}};
  static const double B5[6] = {37.0 / 378,  0, 250.0 / 621,
                               125.0 / 594, 0, 512.0 / 1771};
  static const double B4[6] = {2825.0 / 27648,  0,
                               18575.0 / 48384, 13525.0 / 55296,
                               277.0 / 14336,   1.0 / 4};
  const size_t d = w->dim;
  double *y = w->y, *tmp = w->tmp;
  sks_analog_rhs(w, y, w->k[0]);
  for (int st = 1; st < 6; st++) {
    for (size_t i = 0; i < d; i++) {
      double acc = 0;
      for (int j = 0; j < st; j++)
        acc += A[st][j] * w->k[j][i];
      tmp[i] = y[i] + h * acc;
    }
    sks_analog_rhs(w, tmp, w->k[st]);
  }
  for (size_t i = 0; i < d; i++) {
    double hi = 0, lo = 0;
    for (int j = 0; j < 6; j++) {
      hi += B5[j] * w->k[j][i];
      lo += B4[j] * w->k[j][i];
    }
    w->ynew[i] = y[i] + h * hi;
    w->err[i] = h * (hi - lo);
  }
  return error_norm(w, y, w->ynew, w->err);
}

/* Dominant eigenvalue magnitude of the Jacobian at y by nonlinear power
 * iteration on F differences (as RKC's rkcrho), f0 = F(y). */
static double spectral_radius(work *w) {
  const size_t d = w->dim;
  double *v = w->eig, *z = w->tmp, *fz = w->err;
  double ynorm = 0, vnorm = 0;
  for (size_t i = 0; i < d; i++) {
    ynorm += w->y[i] * w->y[i];
    vnorm += v[i] * v[i];
  }
  ynorm = sqrt(ynorm);
  vnorm = sqrt(vnorm);
  if (!(vnorm > 0) || !isfinite(vnorm)) {
    for (size_t i = 0; i < d; i++)
      v[i] = w->f0[i] + 1e-3 * (double)((i * 2654435761u) % 97) / 97.0;
    vnorm = 0;
    for (size_t i = 0; i < d; i++)
      vnorm += v[i] * v[i];
    vnorm = sqrt(vnorm);
  }
  double delta = 1e-7 * fmax(1.0, ynorm), rho = w->rho, prev = 0;
  for (int it = 0; it < 20; it++) {
    for (size_t i = 0; i < d; i++)
      z[i] = w->y[i] + delta * v[i] / vnorm;
    sks_analog_rhs(w, z, fz);
    double nrm = 0;
    for (size_t i = 0; i < d; i++) {
      v[i] = fz[i] - w->f0[i];
      nrm += v[i] * v[i];
    }
    nrm = sqrt(nrm);
    rho = nrm / delta;
    if (!(nrm > 0) || !isfinite(nrm)) {
      rho = prev > 0 ? prev : 1.0;
      memset(v, 0, d * sizeof *v);
      break;
    }
    vnorm = nrm;
    if (it && fabs(rho - prev) <= 0.01 * rho)
      break;
    prev = rho;
  }
  return 1.2 * rho;
}

/* RKC2 (Sommeijer, Shampine & Verwer 1997): s-stage damped Chebyshev
 * method, real stability interval ~0.65 s^2, so the stage count grows like
 * sqrt(h rho) instead of the step count growing like rho.  Needs f0 =
 * F(y); leaves F(ynew) in f1 for the error estimate and the next step. */
double sks_analog_step_rkc(work *w, double h) {
  const size_t d = w->dim;
  if (!w->f0ok) {
    sks_analog_rhs(w, w->y, w->f0);
    w->f0ok = true;
  }
  if (w->rho_age <= 0 || w->rho <= 0) {
    w->rho = spectral_radius(w);
    w->rho_age = 25;
  }
  int s = 1 + (int)sqrt(1.0 + 1.54 * h * w->rho);
  if (s < 2)
    s = 2;
  if (s > 250)
    s = 250;
  const double w0 = 1.0 + 2.0 / 13.0 / ((double)s * s);
  /* T_s', T_s'' at w0 give w1; T_j, T_j', T_j'' run along the stages. */
  double t0 = 1, t1 = w0, d0 = 0, d1 = 1, e0 = 0, e1 = 0;
  for (int j = 2; j <= s; j++) {
    double t2 = 2 * w0 * t1 - t0, d2 = 2 * t1 + 2 * w0 * d1 - d0,
           e2 = 4 * d1 + 2 * w0 * e1 - e0;
    t0 = t1, t1 = t2, d0 = d1, d1 = d2, e0 = e1, e1 = e2;
  }
  const double w1 = d1 / e1;
  const double b2 = 1.0 / (4 * w0 * w0); /* T2''/T2'^2, also b0 and b1 */
  double bjm2 = b2, bjm1 = b2;
  double tm2 = 1, tm1 = w0, dm2 = 0, dm1 = 1, em2 = 0, em1 = 0;
  double *y = w->y, *f0 = w->f0, *fj = w->err;
  double *yjm2 = w->k[0], *yjm1 = w->k[1], *spare = w->k[5];
  const double mu1 = bjm1 * w1 * h;
  for (size_t i = 0; i < d; i++) {
    yjm2[i] = y[i];
    yjm1[i] = y[i] + mu1 * f0[i];
  }
  for (int j = 2; j <= s; j++) {
    double tj = 2 * w0 * tm1 - tm2, dj = 2 * tm1 + 2 * w0 * dm1 - dm2,
           ej = 4 * dm1 + 2 * w0 * em1 - em2;
    double bj = ej / (dj * dj);
    double ajm1 = 1.0 - bjm1 * tm1;
    double mu = 2 * bj * w0 / bjm1, nu = -bj / bjm2;
    double mut = 2 * bj * w1 / bjm1 * h, gt = -ajm1 * mut;
    sks_analog_rhs(w, yjm1, fj);
    double *yj = j == s ? w->ynew : spare;
    for (size_t i = 0; i < d; i++)
      yj[i] = (1 - mu - nu) * y[i] + mu * yjm1[i] + nu * yjm2[i] + mut * fj[i] +
              gt * f0[i];
    spare = yjm2;
    yjm2 = yjm1;
    yjm1 = yj;
    bjm2 = bjm1, bjm1 = bj;
    tm2 = tm1, tm1 = tj, dm2 = dm1, dm1 = dj, em2 = em1, em1 = ej;
  }
  sks_analog_rhs(w, w->ynew, w->f1);
  for (size_t i = 0; i < d; i++)
    w->err[i] = 0.8 * (y[i] - w->ynew[i]) + 0.4 * h * (f0[i] + w->f1[i]);
  return error_norm(w, y, w->ynew, w->err);
}

/* The splitting integrator.  In the spins alone, with the weights and the
 * other spins held, V is a quadratic in s_i: K_m = (1 - c_mi s_i) K_mi, so
 *   ds_i/dtau = B_i - A_i s_i,  A_i = 2 sum w_m K_mi^2,  B_i = A_i-weighted c
 * whose exact flow relaxes s_i towards s* = B_i / A_i (inside [-1, 1]) as
 * e^(-A_i h).  Composing these one-spin flows in a Gauss-Seidel sweep, each
 * exact and each lowering V, gives a step whose stability does not depend
 * on the weights; the weights' own flow with the spins held is exact too
 * (u += h e^-U K^p).  Strang: half a weight step, a forward sweep and a
 * backward sweep of h/2 each (a symmetric composition, order 2), half a
 * weight step.  The error estimate is its distance to the Lie step (weights
 * h, one forward sweep h), which is O(h^2).  The step is analog_step_int.h's
 * split_step, here on one run's state y = (s, u). */

SKS_VECTOR_CLONES
static double step_split(work *w, double h) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  const step_in in = {.p = p,
                      .lsign = p->lsign,
                      .xsign = p->xsign,
                      .ocoef = p->ocoef,
                      .cscale = p->cscale,
                      .cscale2 = w->cscale2,
                      .memory = w->memory,
                      .atol = w->atol,
                      .rtol = w->rtol,
                      .w = w};
  const step_state st = {.s = w->y,
                         .u = w->y + n,
                         .ss = w->ynew,
                         .us = w->ynew + n,
                         .sl = w->tmp,
                         .ul = w->tmp + n,
                         .kp = w->k[0],
                         .ws = w->k[1],
                         .wl = w->k[2]};
  const double hh = 0.5 * h, U = w->U, eUn = exp(-w->U);
  const vi live = -1;
  double e;
  return split_step(&in, &st, &h, &hh, &U, &eUn, &live, &e) ? e : 0;
}

/* The clones are resolved within this file (a multiversioned function
 * called from another file needs the attribute on every declaration, and
 * compilers differ there). */
double sks_analog_step_split(work *w, double h) {
  return step_split(w, h);
}
