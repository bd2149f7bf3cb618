/* The sums a house and the fixed sums crossing it imply
 * (encoder/crossing.c), checked against solution grids: random 6x6 and
 * 9x9 grids (half of them also with both diagonals distinct, and some
 * valued from zero), cut into cages and crossed by little killers and
 * plain sums whose totals are read off the grid; every sum derived must
 * hold in the grid, name each cell once in increasing order, and be
 * derived at most once.  Enough of them must come out, with and without
 * the diagonals, for the check to mean something. */
#include "cages.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

enum { MAXN = 9, MAXC = MAXN * MAXN };

static unsigned long long rng = 88172645463325252ull;
static int rnd(int k) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int)(rng % (unsigned long long)k);
}

typedef struct grid {
  int n, br, bc;
  bool diag;
  int g[MAXC]; /* digits 1..n */
} grid;

static bool ok_at(const grid *G, int c, int d) {
  int n = G->n, r = c / n, k = c % n;
  for (int i = 0; i < n; i++)
    if (G->g[r * n + i] == d || G->g[i * n + k] == d)
      return false;
  int r0 = r / G->br * G->br, c0 = k / G->bc * G->bc;
  for (int i = 0; i < G->br; i++)
    for (int j = 0; j < G->bc; j++)
      if (G->g[(r0 + i) * n + c0 + j] == d)
        return false;
  if (G->diag && r == k)
    for (int i = 0; i < n; i++)
      if (G->g[i * n + i] == d)
        return false;
  if (G->diag && r + k == n - 1)
    for (int i = 0; i < n; i++)
      if (G->g[i * n + n - 1 - i] == d)
        return false;
  return true;
}

/* A random filling by backtracking (random digit order). */
static bool fill(grid *G, int c) {
  if (c == G->n * G->n)
    return true;
  int order[MAXN];
  for (int i = 0; i < G->n; i++)
    order[i] = i + 1;
  for (int i = G->n - 1; i > 0; i--) {
    int j = rnd(i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  for (int i = 0; i < G->n; i++)
    if (ok_at(G, c, order[i])) {
      G->g[c] = order[i];
      if (fill(G, c + 1))
        return true;
      G->g[c] = 0;
    }
  return false;
}

typedef struct seen {
  const grid *G;
  int first;
  int emitted, wrong, unordered, again;
  int sets[4096][MAXC + 1];
} seen;

static void emit(void *ctx, const int *cells, int k, long total) {
  seen *s = ctx;
  const grid *G = s->G;
  long sum = 0;
  for (int i = 0; i < k; i++) {
    if (cells[i] < 0 || cells[i] >= G->n * G->n ||
        (i && cells[i] <= cells[i - 1])) {
      s->unordered++;
      return;
    }
    sum += G->g[cells[i]] - 1 + s->first;
  }
  s->wrong += sum != total;
  int m = s->emitted < 4096 ? s->emitted : 4095;
  for (int e = 0; e < m; e++)
    if (s->sets[e][0] == k && !memcmp(s->sets[e] + 1, cells, k * sizeof *cells))
      s->again++;
  s->sets[m][0] = k;
  memcpy(s->sets[m] + 1, cells, (size_t)k * sizeof *cells);
  s->emitted++;
}

static void add(sks_rules *rs, sks_rule_kind kind, int value, const int *cells,
                int k) {
  sks_rule r = {0};
  r.kind = kind;
  r.value = value;
  r.ncells = k;
  r.cells = (int *)cells;
  sks_error err = {0};
  CHECK(sks_rules_add(rs, &r, &err) == 0);
}

/* Random cages over part of the grid (each cell in one, sizes 1-5, grown
 * from a seed cell through free neighbours), little killers from the
 * top and left edges, and a few plain sums. */
static void draw(const grid *G, int first, sks_rules *rs, int cover_pct) {
  int n = G->n, N = n * n, owner[MAXC], cells[MAXC];
  for (int c = 0; c < N; c++)
    owner[c] = -1;
  int next = 0;
  for (int c0 = 0; c0 < N; c0++) {
    if (owner[c0] >= 0 || rnd(100) >= cover_pct)
      continue;
    int k = 0, want = 1 + rnd(5);
    cells[k++] = c0;
    owner[c0] = next;
    for (int tries = 0; k < want && tries < 20; tries++) {
      int c = cells[rnd(k)], dir = rnd(4);
      int r = c / n + (dir == 0) - (dir == 1),
          q = c % n + (dir == 2) - (dir == 3);
      if (r < 0 || r >= n || q < 0 || q >= n || owner[r * n + q] >= 0)
        continue;
      owner[r * n + q] = next;
      cells[k++] = r * n + q;
    }
    long total = 0;
    for (int i = 0; i < k; i++)
      total += G->g[cells[i]] - 1 + first;
    add(rs, SKS_RULE_CAGE, (int)total, cells, k);
    next++;
  }
  for (int l = rnd(6); l > 0; l--) { /* a little killer: down and right */
    int r = rnd(n - 1), q = r ? 0 : rnd(n - 1), k = 0;
    long total = 0;
    while (r < n && q < n) {
      cells[k++] = r * n + q;
      total += G->g[r * n + q] - 1 + first;
      r++, q++;
    }
    add(rs, SKS_RULE_LITTLE_KILLER, (int)total, cells, k);
  }
  for (int l = rnd(3); l > 0; l--) { /* a plain sum over a few cells */
    int k = 2 + rnd(4);
    long total = 0;
    for (int i = 0; i < k; i++) {
      cells[i] = rnd(N);
      for (int j = 0; j < i; j++)
        if (cells[j] == cells[i])
          cells[i] = -1;
      if (cells[i] < 0) {
        i--;
        continue;
      }
      total += G->g[cells[i]] - 1 + first;
    }
    add(rs, SKS_RULE_SUM, (int)total, cells, k);
  }
}

int main(void) {
  static seen s;
  int with_diag = 0, without = 0;
  for (int t = 0; t < 400; t++) {
    grid G = {0};
    bool six = t % 3 == 0;
    G.n = six ? 6 : 9;
    G.br = six ? 2 : 3;
    G.bc = 3;
    G.diag = t % 2 == 1;
    CHECK(fill(&G, 0));
    int first = t % 5 == 4 ? 0 : 1;
    sks_rules *rs = sks_rules_new(G.n);
    if (G.diag) {
      add(rs, SKS_RULE_DIAGONAL_POS, SKS_RULE_NO_VALUE, NULL, 0);
      add(rs, SKS_RULE_DIAGONAL_NEG, SKS_RULE_NO_VALUE, NULL, 0);
    }
    if (!first)
      add(rs, SKS_RULE_FROM_ZERO, SKS_RULE_NO_VALUE, NULL, 0);
    draw(&G, first, rs, 30 + rnd(70));
    sks_error err = {0};
    const sks_shape *sh = sks_shape_new(G.br, G.bc, 0, NULL, &err);
    CHECK(sh != NULL);
    s.G = &G;
    s.first = first;
    s.emitted = s.wrong = s.unordered = s.again = 0;
    sks_rules_crossing_sums(rs, sh, sks_rules_first_value(rs), emit, &s);
    CHECK_EQ(s.wrong, 0);
    CHECK_EQ(s.unordered, 0);
    CHECK_EQ(s.again, 0);
    *(G.diag ? &with_diag : &without) += s.emitted;
    sks_shape_release(sh);
    sks_rules_release(rs);
  }
  /* the derivation must have been exercised on both kinds of grid */
  CHECK(with_diag >= 50);
  CHECK(without >= 50);
  printf("crossing sums: %d with diagonals, %d without\n", with_diag, without);
  return check_report();
}
