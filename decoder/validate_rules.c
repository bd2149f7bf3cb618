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
} grid_view;

static int at(const grid_view *v, int cell) {
  return v->g[cell] + 1;
}

static bool all_different(const grid_view *v, const int *cells, int k) {
  unsigned char seen[SKS_MAX_N + 1] = {0};
  for (int i = 0; i < k; i++)
    if (seen[at(v, cells[i])]++)
      return false;
  return true;
}

static long sum_of(const grid_view *v, const int *cells, int k) {
  long s = 0;
  for (int i = 0; i < k; i++)
    s += at(v, cells[i]);
  return s;
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

/* A dot or X/V rule of one of the kinds on the pair (a, b), either way. */
static bool marked(const sks_rules *rs, int a, int b, sks_rule_kind k1,
                   sks_rule_kind k2) {
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    if ((r->kind == k1 || r->kind == k2) && r->ncells == 2 &&
        ((r->cells[0] == a && r->cells[1] == b) ||
         (r->cells[0] == b && r->cells[1] == a)))
      return true;
  }
  return false;
}

static bool global_ok(const grid_view *v, const sks_rules *rs,
                      const sks_rule *r) {
  int n = v->n;
  const sks_shape *s = v->shape;
  for (int a = 0; a < n * n; a++) {
    int ra = a / n, ca = a % n;
    for (int b = a + 1; b < n * n; b++) {
      int rb = b / n, cb = b % n, dr = abs(ra - rb), dc = abs(ca - cb);
      int x = at(v, a), y = at(v, b);
      bool orth = dr + dc == 1;
      switch (r->kind) {
      case SKS_RULE_ANTI_KNIGHT:
        if (((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) && x == y)
          return false;
        break;
      case SKS_RULE_ANTI_KING:
        if (dr <= 1 && dc <= 1 && x == y)
          return false;
        break;
      case SKS_RULE_NON_CONSECUTIVE:
        if (orth && abs(x - y) == 1)
          return false;
        break;
      case SKS_RULE_WHITE_ALL:
        if (orth && abs(x - y) == 1 &&
            !marked(rs, a, b, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT))
          return false;
        break;
      case SKS_RULE_BLACK_ALL:
        if (orth && (x == 2 * y || y == 2 * x) &&
            !marked(rs, a, b, SKS_RULE_WHITE_DOT, SKS_RULE_BLACK_DOT))
          return false;
        break;
      case SKS_RULE_XV_ALL:
        if (orth && (x + y == 10 || x + y == 5) &&
            !marked(rs, a, b, SKS_RULE_X_PAIR, SKS_RULE_V_PAIR))
          return false;
        break;
      case SKS_RULE_DISJOINT_GROUPS:
        if (x == y && (ra % s->box_rows) == (rb % s->box_rows) &&
            (ca % s->box_cols) == (cb % s->box_cols))
          return false;
        break;
      case SKS_RULE_DIAGONAL_NEG:
        if (x == y && ra == ca && rb == cb)
          return false;
        break;
      case SKS_RULE_DIAGONAL_POS:
        if (x == y && ra + ca == n - 1 && rb + cb == n - 1)
          return false;
        break;
      default:
        break;
      }
    }
  }
  return true;
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
      if (at(v, c[i]) == 1)
        p1 = i;
      if (at(v, c[i]) == n)
        pn = i;
    }
    if (p1 < 0 || pn < 0)
      return false;
    int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1;
    return sum_of(v, c + lo + 1, hi - lo - 1) == r->value;
  }
  case SKS_RULE_X_SUM: {
    int x = at(v, c[0]);
    return x <= k && sum_of(v, c, x) == r->value;
  }
  case SKS_RULE_SKYSCRAPER: {
    int seen = 0, top = 0;
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
    for (int i = 0; i + 2 < k; i++) {
      int cls[3];
      for (int j = 0; j < 3; j++) {
        int x = at(v, c[i + j]);
        cls[j] = r->kind == SKS_RULE_ENTROPIC ? (x - 1) / (n / 3) : x % 3;
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
  default:
    return global_ok(v, rs, r);
  }
}

bool sks_rules_hold(const sks_puzzle *p, const int *grid, sks_error *err) {
  const sks_rules *rs = p->rules;
  if (!rs)
    return true;
  grid_view v = {p->shape->n, grid, p->shape};
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
