/* At-most-one encodings of k literals.
 *
 *   encoding     clauses                     auxiliary variables
 *   pairwise     k(k-1)/2                    0
 *   sequential   3k - 4 (Sinz 2005)          k - 1
 *   product      2k + AMO(p) + AMO(q),       p + q, p = ceil(sqrt k),
 *                (Chen 2010) ~ 2k + 4 sqrt k  q = ceil(k / p)
 *   commander    groups of 3: 3 pairs, 3      ~k/2 (k/3 + k/9 + ...)
 *                (Klieber &   implications and
 *                Kwon 2007)   1 "commander -> some" a group,
 *                             then AMO(k/3 commanders): ~3.5k
 *   bimander     groups of 2: 1 pair a group,  ceil(log2(ceil(k/2)))
 *                (Nguyen &    k ceil(log2(ceil(k/2))) bit
 *                Mai 2015)    implications
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

/* Groups of three, each with a commander c: pairwise inside the group,
 * x -> c, c -> some x of the group, and recursively at most one
 * commander.  Up to 6 literals pairwise is smaller. */
static long commander(sks_cnf *cnf, const int *x, int k, int *next_var) {
  if (k <= 6)
    return pairwise(cnf, x, k);
  int m = (k + 2) / 3;
  int c = *next_var;
  *next_var += m;
  int cmd[SKS_MAX_N + 2];
  long added = 0;
  for (int i = 0; i < m; i++) {
    int lo = 3 * i, g = k - lo < 3 ? k - lo : 3;
    int some[4] = {-(c + i)};
    added += pairwise(cnf, x + lo, g);
    for (int j = 0; j < g; j++) {
      binary(cnf, -x[lo + j], c + i);
      some[1 + j] = x[lo + j];
    }
    sks_cnf_add_clause(cnf, some, g + 1);
    added += g + 1;
    cmd[i] = c + i;
  }
  return added + commander(cnf, cmd, m, next_var);
}

/* Groups of two, pairwise inside; group i's members imply the bits of i
 * on ceil(log2 m) auxiliary variables, so two groups cannot both hold a
 * true literal. */
static long bimander(sks_cnf *cnf, const int *x, int k, int *next_var) {
  if (k <= 4)
    return pairwise(cnf, x, k);
  int m = (k + 1) / 2, bits = 0;
  while ((1 << bits) < m)
    bits++;
  int b = *next_var;
  *next_var += bits;
  long added = 0;
  for (int i = 0; i < k; i++) {
    if (i % 2 == 1) {
      binary(cnf, -x[i - 1], -x[i]);
      added++;
    }
    for (int j = 0; j < bits; j++)
      binary(cnf, -x[i], ((i / 2) >> j & 1) ? b + j : -(b + j));
    added += bits;
  }
  return added;
}

long sks_amo_encode(sks_cnf *cnf, sks_amo kind, const int *lits, int k,
                    int *next_var) {
  switch (kind) {
  case SKS_AMO_SEQUENTIAL:
    return sequential(cnf, lits, k, next_var);
  case SKS_AMO_PRODUCT:
    return product(cnf, lits, k, next_var);
  case SKS_AMO_COMMANDER:
    return commander(cnf, lits, k, next_var);
  case SKS_AMO_BIMANDER:
    return bimander(cnf, lits, k, next_var);
  case SKS_AMO_AUTO:
    if (k > SKS_AMO_AUTO_PAIRWISE)
      return commander(cnf, lits, k, next_var);
    return pairwise(cnf, lits, k);
  case SKS_AMO_PAIRWISE:
  default:
    return pairwise(cnf, lits, k);
  }
}
