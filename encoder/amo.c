/* At-most-one encodings of k literals.
 *
 *   encoding     clauses                     auxiliary variables
 *   pairwise     k(k-1)/2                    0
 *   sequential   3k - 4 (Sinz 2005)          k - 1
 *   product      2k + AMO(p) + AMO(q),       p + q, p = ceil(sqrt k),
 *                (Chen 2010) ~ 2k + 4 sqrt k  q = ceil(k / p)
 */
#include "encode_int.h"
#include "stack_int.h"

static void binary(sks_cnf *cnf, int a, int b) {
  int clause[2] = {a, b};
  sks_cnf_add_clause(cnf, clause, 2);
}

static long pairwise(sks_cnf *cnf, const int *x, int k) {
  for (int i = 0; i < k; i++)
    for (int j = i + 1; j < k; j++)
      binary(cnf, -x[i], -x[j]);
  return (long)k * (k - 1) / 2;
}

/* s_i means "some of x_1..x_i is true". */
static long sequential(sks_cnf *cnf, const int *x, int k, int *next_var) {
  if (k <= 1)
    return 0;
  int s = *next_var; /* s_i = s + i - 1 for i = 1 .. k-1 */
  *next_var += k - 1;
  binary(cnf, -x[0], s);
  for (int i = 1; i < k - 1; i++) {
    binary(cnf, -x[i], s + i);
    binary(cnf, -(s + i - 1), s + i);
    binary(cnf, -x[i], -(s + i - 1));
  }
  binary(cnf, -x[k - 1], -(s + k - 2));
  return 3L * k - 4;
}

/* x_i sits at (i / q, i % q) of a p x q grid: x_i -> u_row, x_i -> v_col,
 * and at most one row and one column. */
static long product(sks_cnf *cnf, const int *x, int k, int *next_var) {
  if (k <= 4)
    return pairwise(cnf, x, k);
  int p = 1;
  while (p * p < k)
    p++;
  int q = (k + p - 1) / p;
  int u = *next_var, v = u + p;
  *next_var += p + q;
  long added = 0;
  for (int i = 0; i < k; i++) {
    binary(cnf, -x[i], u + i / q);
    binary(cnf, -x[i], v + i % q);
    added += 2;
  }
  int rows[p > q ? p : q];
  for (int i = 0; i < p; i++)
    rows[i] = u + i;
  added += product(cnf, rows, p, next_var);
  for (int i = 0; i < q; i++)
    rows[i] = v + i;
  added += product(cnf, rows, q, next_var);
  return added;
}

long sks_amo_encode(sks_cnf *cnf, sks_amo kind, const int *lits, int k,
                    int *next_var) {
  switch (kind) {
  case SKS_AMO_SEQUENTIAL:
    return sequential(cnf, lits, k, next_var);
  case SKS_AMO_PRODUCT:
    return product(cnf, lits, k, next_var);
  case SKS_AMO_AUTO:
    if (k > SKS_AMO_AUTO_PAIRWISE)
      return sequential(cnf, lits, k, next_var);
    return pairwise(cnf, lits, k);
  case SKS_AMO_PAIRWISE:
  default:
    return pairwise(cnf, lits, k);
  }
}
