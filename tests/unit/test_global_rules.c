/* The whole-grid rules (anti-knight, anti-king, non-consecutive, the
 * all-dots rules, disjoint groups, diagonals), which the validator and
 * the checker each walk by the rule's offsets, against a reading of their
 * own here that tries every pair of cells: the validator's and the
 * checker's verdicts on every 4x4 grid and on many 6x6 and 9x9 grids,
 * each rule both kept and broken, and the checker's clauses, pair by
 * pair. */
#include "check.h"
#include "plain_int.h"
#include "sks_decoder.h"

#include <stdlib.h>
#include <string.h>

enum { MAXC = 81 };

static const char *global_rules[] = {
    "anti-knight",     "anti-king",     "non-consecutive",
    "disjoint-groups", "diagonal+",     "diagonal-",
    "white-dot-all",   "black-dot-all", "xv-all",
};
enum { NRULES = sizeof global_rules / sizeof *global_rules };

/* The pairs the all-dots rules' puzzles mark (puzzle_with). */
static bool dotted(int n, int a, int b) {
  int pairs[][2] = {{0, 1}, {1, 1 + n}, {n + 2, n + 3}};
  for (int i = 0; i < 3; i++)
    if ((pairs[i][0] == a && pairs[i][1] == b) ||
        (pairs[i][0] == b && pairs[i][1] == a))
      return true;
  return false;
}

/* The marked pairs hold their own rules: for the dots' puzzles white,
 * black, white; for xv-all's X, V, V. */
static bool marks_hold(int rule, int n, const int *g) {
  int pairs[][2] = {{0, 1}, {1, 1 + n}, {n + 2, n + 3}};
  for (int i = 0; i < 3; i++) {
    int x = g[pairs[i][0]] + 1, y = g[pairs[i][1]] + 1;
    bool ok = rule == 8 ? x + y == (i ? 5 : 10)
              : i == 1  ? x == 2 * y || y == 2 * x
                        : abs(x - y) == 1;
    if (!ok)
      return false;
  }
  return true;
}

/* Whether rule relates cells a and c (a < c), by every pair of cells. */
static bool related(int rule, int n, int br, int bc, int a, int c) {
  int ra = a / n, ca = a % n, rc = c / n, cc = c % n;
  int dr = abs(ra - rc), dc = abs(ca - cc);
  bool orth = dr + dc == 1;
  switch (rule) {
  case 0:
    return dr * dc == 2;
  case 1:
    return dr <= 1 && dc <= 1;
  case 2:
    return orth;
  case 3:
    return ra % br == rc % br && ca % bc == cc % bc;
  case 4:
    return ra + ca == n - 1 && rc + cc == n - 1;
  case 5:
    return ra == ca && rc == cc;
  default:
    return orth && !dotted(n, a, c);
  }
}

/* Whether the digits x, y (1..n) of related cells break rule. */
static bool forbids(int rule, int x, int y) {
  switch (rule) {
  case 2:
  case 6:
    return abs(x - y) == 1;
  case 7:
    return x == 2 * y || y == 2 * x;
  case 8:
    return x + y == 10 || x + y == 5;
  default:
    return x == y;
  }
}

/* Every pair of cells, each rule by what it says (digits 1..n). */
static bool naive(int rule, int n, int br, int bc, const int *g) {
  if (rule >= 6 && !marks_hold(rule, n, g))
    return false;
  for (int a = 0; a < n * n; a++)
    for (int c = a + 1; c < n * n; c++)
      if (related(rule, n, br, bc, a, c) && forbids(rule, g[a] + 1, g[c] + 1))
        return false;
  return true;
}

static void compare_clauses(const sks_puzzle *p, int rule, int n, int br,
                            int bc);

static sks_puzzle *puzzle_with(int br, int bc, int rule) {
  sks_error err;
  int n = br * bc;
  sks_puzzle *p = sks_puzzle_new(br, bc, 0, NULL, &err);
  sks_rules *rs = sks_rules_new(n);
  char line[64];
  int len = snprintf(line, sizeof line, "%s", global_rules[rule]);
  CHECK_EQ(sks_rules_add_text(rs, line, (size_t)len, &err), 0);
  if (rule >= 6) { /* the marked pairs dotted() names */
    int pairs[][2] = {{0, 1}, {1, 1 + n}, {n + 2, n + 3}};
    for (int i = 0; i < 3; i++) {
      const char *kind =
          rule == 8 ? (i ? "v" : "x") : (i == 1 ? "black-dot" : "white-dot");
      int a = pairs[i][0], b = pairs[i][1];
      len = snprintf(line, sizeof line, "%s r%dc%d r%dc%d", kind, a / n + 1,
                     a % n + 1, b / n + 1, b % n + 1);
      CHECK_EQ(sks_rules_add_text(rs, line, (size_t)len, &err), 0);
    }
  }
  sks_puzzle_set_rules(p, rs);
  sks_rules_release(rs);
  compare_clauses(p, rule, n, br, bc);
  return p;
}

static int kept[NRULES], broken[NRULES];

static int key_cmp(const void *x, const void *y) {
  long long a = *(const long long *)x, b = *(const long long *)y;
  return (a > b) - (a < b);
}

/* The checker's clauses of the rule (and its puzzle's marked pairs), as
 * a sorted list of binary clauses, against the pairs' own list. */
static void compare_clauses(const sks_puzzle *p, int rule, int n, int br,
                            int bc) {
  sks_clauses cl;
  sks_clauses_init(&cl);
  sks_plain_rules(p, &cl);
  size_t cap = cl.nclauses + 1, got = 0, want = 0;
  long long *g = malloc(cap * sizeof *g), *w = NULL;
  size_t start = 0;
  bool binary = true;
  for (size_t i = 0; i < cl.nlits; i++)
    if (!cl.lit[i]) {
      if (i - start != 2 || cl.lit[start] > 0 || cl.lit[start + 1] > 0)
        binary = false;
      else {
        long long x = -cl.lit[start], y = -cl.lit[start + 1];
        g[got++] = x < y ? x * (n * n * n + 1) + y : y * (n * n * n + 1) + x;
      }
      start = i + 1;
    }
  CHECK(binary);
  size_t wcap = 16;
  w = malloc(wcap * sizeof *w);
  int marks[][2] = {{0, 1}, {1, 1 + n}, {n + 2, n + 3}};
  for (int a = 0; a < n * n; a++)
    for (int c = a + 1; c < n * n; c++)
      for (int m = -1; m < 3; m++) {
        bool mark = m >= 0 && rule >= 6 && marks[m][0] == a && marks[m][1] == c;
        if (m >= 0 ? !mark : !related(rule, n, br, bc, a, c))
          continue;
        for (int x = 1; x <= n; x++)
          for (int y = 1; y <= n; y++) {
            bool bad = !mark       ? forbids(rule, x, y)
                       : rule == 8 ? x + y != (m ? 5 : 10)
                       : m == 1    ? x != 2 * y && y != 2 * x
                                   : abs(x - y) != 1;
            if (!bad)
              continue;
            if (want == wcap)
              w = realloc(w, (wcap *= 2) * sizeof *w);
            long long u = (long long)a * n + x, v = (long long)c * n + y;
            w[want++] = u * (n * n * n + 1) + v;
          }
      }
  qsort(g, got, sizeof *g, key_cmp);
  qsort(w, want, sizeof *w, key_cmp);
  CHECK_EQ(got, want);
  if (got == want)
    CHECK(!memcmp(g, w, got * sizeof *g));
  free(g);
  free(w);
  sks_clauses_free(&cl);
}

static void compare(sks_puzzle **ps, int n, int br, int bc, const int *g) {
  for (int r = 0; r < NRULES; r++) {
    sks_error err;
    bool want = naive(r, n, br, bc, g), got = sks_validate(ps[r], g, &err);
    if (want != got) {
      fprintf(stderr, "%s on %dx%d: validator %d, pairs %d\n", global_rules[r],
              n, n, got, want);
      CHECK(want == got);
    }
    (want ? kept : broken)[r]++;
  }
}

/* Every grid of side 4 by backtracking, each one compared. */
static void all4(sks_puzzle **ps, int *g, int cell) {
  if (cell == 16) {
    compare(ps, 4, 2, 2, g);
    return;
  }
  int r = cell / 4, c = cell % 4;
  for (int v = 0; v < 4; v++) {
    bool ok = true;
    for (int i = 0; i < cell && ok; i++) {
      int ri = i / 4, ci = i % 4;
      if (g[i] == v &&
          (ri == r || ci == c || (ri / 2 == r / 2 && ci / 2 == c / 2)))
        ok = false;
    }
    if (ok) {
      g[cell] = v;
      all4(ps, g, cell + 1);
    }
  }
}

/* Grids of boxes br x bc from the pattern grid by random relabelling
 * and swaps of rows within bands, columns within stacks, and bands. */
static void random_grids(int br, int bc, int count, unsigned seed) {
  int n = br * bc, g[MAXC], perm[9];
  sks_puzzle *ps[NRULES];
  for (int r = 0; r < NRULES; r++)
    ps[r] = puzzle_with(br, bc, r);
  srand(seed);
  for (int t = 0; t < count; t++) {
    for (int i = 0; i < n; i++)
      perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
      int j = rand() % (i + 1), x = perm[i];
      perm[i] = perm[j];
      perm[j] = x;
    }
    int rows[9], cols[9];
    for (int i = 0; i < n; i++)
      rows[i] = cols[i] = i;
    for (int k = 0; k < 4 * n; k++) {
      int a = rand() % n, b = (a / br) * br + rand() % br;
      int x = rows[a];
      rows[a] = rows[b];
      rows[b] = x;
      a = rand() % n, b = (a / bc) * bc + rand() % bc;
      x = cols[a];
      cols[a] = cols[b];
      cols[b] = x;
    }
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        int R = rows[r], C = cols[c];
        g[r * n + c] = perm[((R % br) * bc + R / br + C) % n];
      }
    compare(ps, n, br, bc, g);
  }
  for (int r = 0; r < NRULES; r++)
    sks_puzzle_delete(ps[r]);
}

int main(void) {
  sks_puzzle *ps[NRULES];
  for (int r = 0; r < NRULES; r++)
    ps[r] = puzzle_with(2, 2, r);
  int g[16];
  all4(ps, g, 0);
  for (int r = 0; r < NRULES; r++)
    sks_puzzle_delete(ps[r]);
  /* Four 9x9 grids that keep non-consecutive and, with the marked pairs,
   * white-dot-all, black-dot-all and xv-all (found by the solver, checked here
   * by the pairs). */
  static const char *kept9[] = {
      "135247968869513742247968315483726159951384627726159483574692831318475"
      "296692831574",
      "768514293531269748294837516479683152816425937352971684925748361147396"
      "825683152479",
      "431562789968743251725198346586931472392874615147625893619287534854316"
      "927273459168",
      "739245861624187593815369724487936215592718436361524987158493672276851"
      "349943672158",
  };
  for (int r = 0; r < NRULES; r++)
    ps[r] = puzzle_with(3, 3, r);
  for (int i = 0; i < 4; i++) {
    int g9[MAXC];
    for (int c = 0; c < MAXC; c++)
      g9[c] = kept9[i][c] - '1';
    compare(ps, 9, 3, 3, g9);
  }
  for (int r = 0; r < NRULES; r++)
    sks_puzzle_delete(ps[r]);
  random_grids(2, 3, 3000, 1);
  random_grids(3, 3, 3000, 2);
  /* Each rule both kept and broken somewhere, or the comparison says
   * nothing of it. */
  for (int r = 0; r < NRULES; r++) {
    if (!kept[r] || !broken[r])
      fprintf(stderr, "%s: kept %d, broken %d\n", global_rules[r], kept[r],
              broken[r]);
    CHECK(kept[r] > 0 && broken[r] > 0);
  }
  return check_report();
}
