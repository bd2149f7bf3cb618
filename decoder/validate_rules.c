/* The validator's own reading of the variant rules: each rule checked on
 * a complete grid by what it says (docs/formats.md, "Variant rules"),
 * nothing shared with the clauses the encoder lowers it to. */
#include "validate_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct grid_view {
  int n;
  const int *g;
  const sks_shape *shape;
  int lo; /* the first digit's value: 0 under a from-zero rule, else 1 */
} grid_view;

/* The value of the cell's digit. */
static int at(const grid_view *v, int cell) {
  return v->g[cell] + v->lo;
}

static bool all_different(const grid_view *v, const int *cells, int k) {
  unsigned char seen[SKS_MAX_N + 1] = {0};
  for (int i = 0; i < k; i++)
    if (seen[v->g[cells[i]]]++)
      return false;
  return true;
}

static long sum_of(const grid_view *v, const int *cells, int k) {
  long s = 0;
  for (int i = 0; i < k; i++)
    s += at(v, cells[i]);
  return s;
}

/* The total since the last cut after walking the cells from total p,
 * cutting each time it makes V; -1 when it passes V. */
static long cut_walk(const grid_view *v, const int *c, int k, long V, long p) {
  for (int i = 0; i < k && p >= 0; i++) {
    p += at(v, c[i]);
    p = p == V ? 0 : p > V ? -1 : p;
  }
  return p;
}

static int box_of(const sks_shape *s, int cell) {
  int n = s->n, r = cell / n, c = cell % n;
  if (s->jigsaw)
    return s->jigsaw[cell];
  return (r / s->box_rows) * (n / s->box_cols) + c / s->box_cols;
}

static bool pair_ok(const sks_rule *r, int a, int b, int n) {
  int d = abs(a - b);
  bool v = r->value != SKS_RULE_NO_VALUE;
  switch (r->kind) {
  case SKS_RULE_WHITE_DOT:
    return d == (v ? r->value : 1);
  case SKS_RULE_BLACK_DOT: {
    int q = v ? r->value : 2;
    return a == q * b || b == q * a;
  }
  case SKS_RULE_X_PAIR:
    return a + b == 10;
  case SKS_RULE_V_PAIR:
    return a + b == 5;
  case SKS_RULE_SUM_PAIR:
    return a + b == r->value;
  case SKS_RULE_GREATER:
    return a > b;
  default:
    (void)n;
    return true;
  }
}

/* The pairs (a < b) that carry a rule of kind k1 or k2, sorted, as
 * a * n^2 + b: the all-dots rules exempt them. */
typedef struct pair_list {
  long long *key;
  int count;
} pair_list;

static int key_cmp(const void *x, const void *y) {
  long long a = *(const long long *)x, b = *(const long long *)y;
  return (a > b) - (a < b);
}

static long long pair_key(int a, int b, int cells) {
  return a < b ? (long long)a * cells + b : (long long)b * cells + a;
}

static pair_list marked_pairs(const sks_rules *rs, sks_rule_kind k1,
                              sks_rule_kind k2, int cells) {
  pair_list p = {sks_malloc(((size_t)rs->count + 1) * sizeof *p.key), 0};
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    if ((r->kind == k1 || r->kind == k2) && r->ncells == 2)
      p.key[p.count++] = pair_key(r->cells[0], r->cells[1], cells);
  }
  qsort(p.key, (size_t)p.count, sizeof *p.key, key_cmp);
  return p;
}

static bool marked(const pair_list *p, int a, int b, int cells) {
  long long k = pair_key(a, b, cells);
  return bsearch(&k, p->key, (size_t)p->count, sizeof k, key_cmp) != NULL;
}

/* The offsets a whole-grid rule relates a cell to (each pair once: the
 * second cell after the first in reading order). */
static const int knight[][2] = {{1, -2}, {1, 2}, {2, -1}, {2, 1}};
static const int king[][2] = {{0, 1}, {1, -1}, {1, 0}, {1, 1}};
static const int orth[][2] = {{0, 1}, {1, 0}};

/* Whether the pair of digits (x, y) of orthogonal neighbours breaks r
 * (one of the neighbour rules), before the exemption of marked pairs. */
static bool neighbours_break(const sks_rule *r, int x, int y) {
  switch (r->kind) {
  case SKS_RULE_NON_CONSECUTIVE:
  case SKS_RULE_WHITE_ALL:
    return abs(x - y) == 1;
  case SKS_RULE_BLACK_ALL:
    return x == 2 * y || y == 2 * x;
  case SKS_RULE_XV_ALL:
    return x + y == 10 || x + y == 5;
  default:
    return false;
  }
}

/* A line of cells (a diagonal, a disjoint group) holds no digit twice. */
static bool distinct_line(const grid_view *v, int first, int dr, int dc,
                          int len) {
  unsigned char seen[SKS_MAX_N + 1] = {0};
  int n = v->n, r = first / n, c = first % n;
  for (int i = 0; i < len; i++, r += dr, c += dc)
    if (seen[v->g[r * n + c]]++)
      return false;
  return true;
}

static bool global_ok(const grid_view *v, const sks_rules *rs,
                      const sks_rule *r) {
  int n = v->n, cells = n * n;
  const sks_shape *s = v->shape;
  switch (r->kind) {
  case SKS_RULE_DUTCH_FLATMATES: /* g holds digits from 0: the middle one,
                                    0 above or n-1 below */
    for (int i = 0; i < cells; i++)
      if (v->g[i] == (n - 1) / 2 && !(i >= n && v->g[i - n] == 0) &&
          !(i + n < cells && v->g[i + n] == n - 1))
        return false;
    return true;
  case SKS_RULE_DIAGONAL_NEG:
    return distinct_line(v, 0, 1, 1, n);
  case SKS_RULE_DIAGONAL_POS:
    return distinct_line(v, n - 1, 1, -1, n);
  case SKS_RULE_DISJOINT_GROUPS: {
    /* The cells at one place in their boxes: rows r0, r0 + box_rows...,
     * columns c0, c0 + box_cols... */
    for (int r0 = 0; r0 < s->box_rows; r0++)
      for (int c0 = 0; c0 < s->box_cols; c0++) {
        unsigned char seen[SKS_MAX_N + 1] = {0};
        for (int row = r0; row < n; row += s->box_rows)
          for (int col = c0; col < n; col += s->box_cols)
            if (seen[v->g[row * n + col]]++)
              return false;
      }
    return true;
  }
  case SKS_RULE_ANTI_TAXICAB:
    for (int a = 0; a < cells; a++)
      for (int b = a + 1; b < cells; b++)
        if (at(v, a) == at(v, b) &&
            at(v, a) == abs(a / n - b / n) + abs(a % n - b % n))
          return false;
    return true;
  case SKS_RULE_ENTROPIC_SQUARES:
  case SKS_RULE_MODULAR_SQUARES:
    for (int a = 0; a < cells; a++) {
      if (a / n == n - 1 || a % n == n - 1)
        continue;
      int sq[4] = {a, a + 1, a + n, a + n + 1}, classes = 0;
      for (int i = 0; i < 4; i++) {
        int x = at(v, sq[i]);
        classes |=
            1 << (r->kind == SKS_RULE_ENTROPIC_SQUARES ? (x - v->lo) / (n / 3)
                                                       : x % 3);
      }
      if (classes != 7)
        return false;
    }
    return true;
  case SKS_RULE_ANTI_KNIGHT:
  case SKS_RULE_ANTI_KING: {
    const int(*off)[2] = r->kind == SKS_RULE_ANTI_KNIGHT ? knight : king;
    for (int a = 0; a < cells; a++)
      for (int i = 0; i < 4; i++) {
        int rb = a / n + off[i][0], cb = a % n + off[i][1];
        if (rb < n && cb >= 0 && cb < n && at(v, a) == at(v, rb * n + cb))
          return false;
      }
    return true;
  }
  case SKS_RULE_NON_CONSECUTIVE:
  case SKS_RULE_WHITE_ALL:
  case SKS_RULE_BLACK_ALL:
  case SKS_RULE_XV_ALL: {
    bool xv = r->kind == SKS_RULE_XV_ALL;
    pair_list p = {NULL, 0};
    if (r->kind != SKS_RULE_NON_CONSECUTIVE)
      p = xv ? marked_pairs(rs, SKS_RULE_X_PAIR, SKS_RULE_V_PAIR, cells)
             : marked_pairs(rs, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT, cells);
    bool ok = true;
    for (int a = 0; a < cells && ok; a++)
      for (int i = 0; i < 2 && ok; i++) {
        int rb = a / n + orth[i][0], cb = a % n + orth[i][1], b = rb * n + cb;
        if (rb < n && cb < n && neighbours_break(r, at(v, a), at(v, b)) &&
            (r->kind == SKS_RULE_NON_CONSECUTIVE || !marked(&p, a, b, cells)))
          ok = false;
      }
    free(p.key);
    return ok;
  }
  default:
    return true;
  }
}

/* Full rank: the digits of the line starting at cell (r0, c0) and
 * stepping (dr, dc), compared with the rule's line, digit by digit from
 * the first: -1 smaller, 0 the same, 1 larger. */
static int rank_cmp(const grid_view *v, int r0, int c0, int dr, int dc,
                    const int *c) {
  int n = v->n;
  for (int i = 0; i < n; i++) {
    int a = v->g[(r0 + i * dr) * n + c0 + i * dc], b = v->g[c[i]];
    if (a != b)
      return a < b ? -1 : 1;
  }
  return 0;
}

/* The lines smaller than the rule's and those (other than itself) the
 * same, over the four edges. */
static void rank_counts(const grid_view *v, const int *c, int *less,
                        int *same) {
  int n = v->n;
  *less = *same = 0;
  for (int i = 0; i < n; i++) {
    const int from[4][4] = {
        {i, 0, 0, 1}, {i, n - 1, 0, -1}, {0, i, 1, 0}, {n - 1, i, -1, 0}};
    for (int k = 0; k < 4; k++) {
      const int *f = from[k];
      bool itself =
          c[0] == f[0] * n + f[1] && c[1] == (f[0] + f[2]) * n + f[1] + f[3];
      if (itself)
        continue;
      int x = rank_cmp(v, f[0], f[1], f[2], f[3], c);
      *less += x < 0;
      *same += x == 0;
    }
  }
}

static bool rule_ok(const grid_view *v, const sks_rules *rs,
                    const sks_rule *r) {
  int n = v->n, k = r->ncells;
  const int *c = r->cells;
  bool has = r->value != SKS_RULE_NO_VALUE;
  switch (r->kind) {
  case SKS_RULE_CAGE:
    return all_different(v, c, k) && (!has || sum_of(v, c, k) == r->value);
  case SKS_RULE_LITTLE_KILLER:
    return sum_of(v, c, k) == r->value;
  case SKS_RULE_SANDWICH: {
    int p1 = -1, pn = -1;
    for (int i = 0; i < k; i++) {
      if (v->g[c[i]] == 0) /* the smallest digit */
        p1 = i;
      if (v->g[c[i]] == n - 1) /* the largest */
        pn = i;
    }
    if (p1 < 0 || pn < 0)
      return false;
    int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1;
    return sum_of(v, c + lo + 1, hi - lo - 1) == r->value;
  }
  case SKS_RULE_LUNCHBOX: {
    int p1 = 0, pn = 0;
    for (int i = 1; i < k; i++) {
      if (at(v, c[i]) < at(v, c[p1]))
        p1 = i;
      if (at(v, c[i]) > at(v, c[pn]))
        pn = i;
    }
    int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1;
    return all_different(v, c, k) &&
           sum_of(v, c + lo + 1, hi - lo - 1) == r->value;
  }
  case SKS_RULE_X_SUM: {
    int x = at(v, c[0]);
    return x <= k && sum_of(v, c, x) == r->value;
  }
  case SKS_RULE_SKYSCRAPER: {
    int seen = 0, top = 0; /* a 0 is no building */
    for (int i = 0; i < k; i++)
      if (at(v, c[i]) > top) {
        top = at(v, c[i]);
        seen++;
      }
    return seen == r->value;
  }
  case SKS_RULE_THERMO:
  case SKS_RULE_SLOW_THERMO:
    for (int i = 1; i < k; i++) {
      int a = at(v, c[i - 1]), b = at(v, c[i]);
      if (r->kind == SKS_RULE_THERMO ? b <= a : b < a)
        return false;
    }
    return true;
  case SKS_RULE_ARROW: {
    long circle = 0;
    for (int i = 0; i < r->split; i++)
      circle = circle * 10 + at(v, c[i]);
    return sum_of(v, c + r->split, k - r->split) == circle;
  }
  case SKS_RULE_DOUBLE_ARROW:
    return sum_of(v, c + 1, k - 2) == at(v, c[0]) + at(v, c[k - 1]);
  case SKS_RULE_WHITE_DOT:
  case SKS_RULE_BLACK_DOT:
  case SKS_RULE_X_PAIR:
  case SKS_RULE_V_PAIR:
  case SKS_RULE_SUM_PAIR:
  case SKS_RULE_GREATER:
    return pair_ok(r, at(v, c[0]), at(v, c[1]), n);
  case SKS_RULE_WHISPERS: {
    int gap = has ? r->value : (n + 1) / 2;
    for (int i = 1; i < k; i++)
      if (abs(at(v, c[i]) - at(v, c[i - 1])) < gap)
        return false;
    return true;
  }
  case SKS_RULE_RENBAN: {
    if (!all_different(v, c, k))
      return false;
    int lo = n + 1, hi = 0;
    for (int i = 0; i < k; i++) {
      if (at(v, c[i]) < lo)
        lo = at(v, c[i]);
      if (at(v, c[i]) > hi)
        hi = at(v, c[i]);
    }
    return hi - lo == k - 1;
  }
  case SKS_RULE_PALINDROME:
    for (int i = 0; i < k; i++)
      if (at(v, c[i]) != at(v, c[k - 1 - i]))
        return false;
    return true;
  case SKS_RULE_CLONE:
    for (int i = 0; i < r->split; i++)
      if (at(v, c[i]) != at(v, c[r->split + i]))
        return false;
    return true;
  case SKS_RULE_ZIPPER: {
    int total = k % 2 ? at(v, c[k / 2]) : at(v, c[0]) + at(v, c[k - 1]);
    for (int i = 0; i < k / 2; i++)
      if (at(v, c[i]) + at(v, c[k - 1 - i]) != total)
        return false;
    return true;
  }
  case SKS_RULE_REGION_SUM: {
    long first = -1;
    int first_box = box_of(v->shape, c[0]);
    unsigned char *done = calloc((size_t)n * n, 1);
    bool ok = done != NULL;
    for (int i = 0; ok && i < k; i++) {
      int b = box_of(v->shape, c[i]);
      if (done[b])
        continue;
      done[b] = 1;
      long s = 0;
      for (int j = 0; j < k; j++)
        if (box_of(v->shape, c[j]) == b)
          s += at(v, c[j]);
      if (b == first_box)
        first = s;
      else if (first >= 0 && s != first)
        ok = false;
    }
    free(done);
    return ok;
  }
  case SKS_RULE_BETWEEN:
  case SKS_RULE_LOCKOUT: {
    int a = at(v, c[0]), b = at(v, c[k - 1]);
    int lo = a < b ? a : b, hi = a < b ? b : a;
    if (r->kind == SKS_RULE_LOCKOUT && hi - lo < (has ? r->value : 4))
      return false;
    for (int i = 1; i + 1 < k; i++) {
      int x = at(v, c[i]);
      if (r->kind == SKS_RULE_BETWEEN ? !(x > lo && x < hi)
                                      : (x >= lo && x <= hi))
        return false;
    }
    return true;
  }
  case SKS_RULE_ENTROPIC:
  case SKS_RULE_MODULAR:
    if (r->kind == SKS_RULE_MODULAR && has && r->value != 3) {
      int m = r->value; /* each window of m cells, on a line of m or more */
      for (int i = 0; k >= m && i + m <= k; i++)
        for (int x = i; x < i + m; x++)
          for (int y = x + 1; y < i + m; y++)
            if (at(v, c[x]) % m == at(v, c[y]) % m)
              return false;
      return true;
    }
    for (int i = 0; i + 2 < k; i++) {
      int cls[3];
      for (int j = 0; j < 3; j++) {
        int x = at(v, c[i + j]);
        cls[j] = r->kind == SKS_RULE_ENTROPIC ? (x - v->lo) / (n / 3) : x % 3;
      }
      if (cls[0] == cls[1] || cls[0] == cls[2] || cls[1] == cls[2])
        return false;
    }
    return true;
  case SKS_RULE_QUADRUPLE:
    for (int i = 0; i < r->ndigits; i++) {
      int want = 0, have = 0;
      for (int j = 0; j < r->ndigits; j++)
        want += r->digits[j] == r->digits[i];
      for (int j = 0; j < k; j++)
        have += at(v, c[j]) == r->digits[i];
      if (have < want)
        return false;
    }
    return true;
  case SKS_RULE_ODD:
  case SKS_RULE_EVEN:
    for (int i = 0; i < k; i++)
      if (at(v, c[i]) % 2 != (r->kind == SKS_RULE_ODD))
        return false;
    return true;
  case SKS_RULE_MINIMUM:
  case SKS_RULE_MAXIMUM:
    for (int i = 0; i < k; i++) {
      int rr = c[i] / n, cc = c[i] % n, x = at(v, c[i]);
      int nb[4][2] = {{rr - 1, cc}, {rr + 1, cc}, {rr, cc - 1}, {rr, cc + 1}};
      for (int j = 0; j < 4; j++) {
        if (nb[j][0] < 0 || nb[j][0] >= n || nb[j][1] < 0 || nb[j][1] >= n)
          continue;
        int y = at(v, nb[j][0] * n + nb[j][1]);
        if (r->kind == SKS_RULE_MINIMUM ? x >= y : x <= y)
          return false;
      }
    }
    return true;
  case SKS_RULE_REGION:
    return all_different(v, c, k);
  case SKS_RULE_HIDDEN_SKYSCRAPER:
    for (int i = 1, top = at(v, c[0]); i < k; i++) {
      if (at(v, c[i]) < top)
        return at(v, c[i]) == r->value;
      top = at(v, c[i]);
    }
    return false; /* none hidden */
  case SKS_RULE_SUM_LINE:
    return cut_walk(v, c, k, r->value, 0) == 0;
  case SKS_RULE_SUM_LOOP: {
    /* some total p carried round the loop comes back to itself: 0, or
     * (when the walk cuts) what the first piece lacks, V less a part of
     * the loop's total at least */
    long V = r->value, total = sum_of(v, c, k);
    if (total < V) /* no piece (a loop of 0s has none) */
      return false;
    if (cut_walk(v, c, k, V, 0) == 0)
      return true;
    for (long p = V - total > 1 ? V - total : 1; p < V; p++)
      if (cut_walk(v, c, k, V, p) == p)
        return true;
    return false;
  }
  case SKS_RULE_SAME_VALUES: {
    int m = r->value, z = k / m;
    for (int j = 1; j < m; j++)
      for (int i = 0; i < z; i++) {
        int x = at(v, c[i]), in0 = 0, inj = 0;
        for (int i2 = 0; i2 < z; i2++) {
          in0 += at(v, c[i2]) == x;
          inj += at(v, c[j * z + i2]) == x;
        }
        if (in0 != inj)
          return false;
      }
    return true;
  }
  case SKS_RULE_SUM:
    return sum_of(v, c, k) == r->value;
  case SKS_RULE_FULL_RANK: {
    int less, same;
    rank_counts(v, c, &less, &same);
    return has ? less == r->value - 1 : same == 0;
  }
  case SKS_RULE_COUNT_DISTINCT: {
    int distinct = 0;
    for (int i = 1; i < k; i++) {
      bool before = false;
      for (int j = 1; j < i && !before; j++)
        before = at(v, c[j]) == at(v, c[i]);
      distinct += !before;
    }
    return distinct == at(v, c[0]);
  }
  case SKS_RULE_EQUAL_SUM:
    return sum_of(v, c, r->split) == sum_of(v, c + r->split, k - r->split);
  case SKS_RULE_VALUE_INDEXING: {
    int x = at(v, c[1]);
    return x >= 1 && x <= k - 2 && at(v, c[1 + x]) == at(v, c[0]);
  }
  case SKS_RULE_RELLIK: {
    /* the totals of one or more of the digits, up to the value */
    if (!all_different(v, c, k))
      return false;
    bool *made = calloc((size_t)r->value + 1, sizeof *made);
    if (!made)
      return false;
    for (int i = 0; i < k; i++) {
      int x = at(v, c[i]);
      for (long t = r->value - x; t >= 0 && x >= 0; t--)
        if (made[t])
          made[t + x] = true;
      if (x <= r->value)
        made[x] = true;
    }
    bool ok = !made[r->value];
    free(made);
    return ok;
  }
  case SKS_RULE_EQUALITY_CAGE: {
    int even = 0, low = 0; /* less odd, less high */
    for (int i = 0; i < k; i++) {
      int x = at(v, c[i]), rank = x - v->lo; /* from 0 */
      even += x % 2 == 0 ? 1 : -1;
      if (2 * rank + 1 == n) /* the middle of an odd n */
        return false;
      low += 2 * rank < n ? 1 : -1;
    }
    return all_different(v, c, k) && even == 0 && low == 0;
  }
  case SKS_RULE_PAIR:
  case SKS_RULE_PAIR_ALL:
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < (r->kind == SKS_RULE_PAIR ? i + 2 : k) && j < k;
           j++) {
        bool found = false;
        for (int q = 0; q + 1 < r->ndigits && !found; q += 2)
          found =
              r->digits[q] == at(v, c[i]) && r->digits[q + 1] == at(v, c[j]);
        if (!found)
          return false;
      }
    return true;
  case SKS_RULE_COUNTING_CIRCLES:
    for (int i = 0; i < k; i++) {
      int times = 0;
      for (int j = 0; j < k; j++)
        times += at(v, c[j]) == at(v, c[i]);
      if (times != at(v, c[i]))
        return false;
    }
    return true;
  case SKS_RULE_NUMBERED_ROOM: {
    int x = at(v, c[0]);
    return x >= 1 && x <= k && at(v, c[x - 1]) == r->value;
  }
  case SKS_RULE_COLUMN_INDEXING:
  case SKS_RULE_ROW_INDEXING:
    for (int i = 0; i < k; i++) {
      bool col = r->kind == SKS_RULE_COLUMN_INDEXING;
      int row = c[i] / n, cc = c[i] % n, x = at(v, c[i]);
      if (x < 1 || x > n ||
          at(v, col ? row * n + x - 1 : (x - 1) * n + cc) !=
              (col ? cc : row) + 1)
        return false;
    }
    return true;
  case SKS_RULE_LOOK_AND_SAY: /* each value exactly its count of times */
    for (int i = 0; i + 1 < r->ndigits; i += 2) {
      int times = 0;
      for (int j = 0; j < k; j++)
        times += at(v, c[j]) == r->digits[i + 1];
      if (times != r->digits[i])
        return false;
    }
    return true;
  case SKS_RULE_REGEX:
  case SKS_RULE_NFA: { /* the automaton run on the digits (0-based) */
    sks_nfa a;
    sks_error e = {0};
    if (sks_rule_nfa(r, n, v->lo, &a, &e))
      return false;
    int *d = sks_malloc((size_t)k * sizeof *d);
    for (int i = 0; i < k; i++)
      d[i] = v->g[c[i]];
    bool ok = sks_nfa_accepts(&a, d, k);
    free(d);
    sks_nfa_free(&a);
    return ok;
  }
  default:
    return global_ok(v, rs, r);
  }
}

bool sks_rules_hold(const sks_puzzle *p, const int *grid, sks_error *err) {
  const sks_rules *rs = p->rules;
  if (!rs)
    return true;
  int lo = 1;
  for (int i = 0; i < rs->count; i++)
    if (rs->rule[i].kind == SKS_RULE_FROM_ZERO)
      lo = 0;
  grid_view v = {p->shape->n, grid, p->shape, lo};
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    if (rule_ok(&v, rs, r))
      continue;
    char where[64] = "";
    if (r->line > 0)
      snprintf(where, sizeof where, " (line %ld)", r->line);
    else if (r->ncells)
      snprintf(where, sizeof where, " at r%dc%d", r->cells[0] / v.n + 1,
               r->cells[0] % v.n + 1);
    sks_error_set(err, -1, 0, 0, "the %s rule%s is broken",
                  sks_rule_name(r->kind), where);
    return false;
  }
  return true;
}
