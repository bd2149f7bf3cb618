/* The analog solver's right-hand side F(y), the explicit integrators' one
 * evaluation (analog_integrate.c); it depends on nothing but the layout. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"

/* Clauses lo..hi-1 of any length: prefix products forward, suffix products
 * backward, so K_mi never divides by a factor that may be 0. */
static void rhs_general(work *w, long lo, long hi, const double *s, double *ds,
                        double *du, double eU) {
  const sks_analog *p = w->p;
  const long *cs = p->cstart;
  const int *lv = p->lvar;
  const double *lc = p->lsign, *sc = p->cscale, *wt = w->w;
  double *pre = w->pre;
  for (long c = lo; c < hi; c++) {
    long b = cs[c];
    int k = (int)(cs[c + 1] - b);
    pre[0] = 1.0;
    for (int j = 0; j < k; j++)
      pre[j + 1] = pre[j] * (1.0 - lc[b + j] * s[lv[b + j]]);
    double K = sc[c] * pre[k];
    du[c] = eU * (w->memory == 2 ? K * K : K);
    double g = 2.0 * wt[c] * K * sc[c], suf = 1.0;
    for (int j = k - 1; j >= 0; j--) {
      double sj = s[lv[b + j]];
      ds[lv[b + j]] += g * lc[b + j] * pre[j] * suf;
      suf *= 1.0 - lc[b + j] * sj;
    }
  }
}

/* dy = F(y): one pass over the clause literals.  The weights are made in a
 * separate loop so it vectorises; the binary clauses (most of a Sudoku
 * CNF; contiguous since clauses are sorted by length) take a loop of
 * their own without the prefix array. */
void sks_analog_rhs(work *w, const double *y, double *dy) {
  const sks_analog *p = w->p;
  const int n = p->nact;
  const long m = p->nclauses;
  const double *s = y, *u = y + n;
  double *ds = dy, *du = dy + n, *wt = w->w;
  const double U = w->U, eU = exp(-U);
  const long *cs = p->cstart;
  const int *lv = p->lvar;
  const double *lc = p->lsign;
  w->rhs++;
  if (sks_analog_cut(w))
    return;
  for (long c = 0; c < m; c++)
    wt[c] = fast_exp(u[c] - U);
  memset(ds, 0, (size_t)n * sizeof *ds);
  rhs_general(w, 0, p->bin_lo, s, ds, du, eU);
  const bool k2 = w->memory == 2;
  for (long c = p->bin_lo; c < p->bin_hi; c++) {
    long b = cs[c];
    int v0 = lv[b], v1 = lv[b + 1];
    double c0 = lc[b], c1 = lc[b + 1];
    double f0 = 1.0 - c0 * s[v0], f1 = 1.0 - c1 * s[v1];
    double K = 0.25 * f0 * f1;
    du[c] = eU * (k2 ? K * K : K);
    double g = 0.5 * wt[c] * K;
    ds[v0] += g * c0 * f1;
    ds[v1] += g * c1 * f0;
  }
  rhs_general(w, p->bin_hi, m, s, ds, du, eU);
}
