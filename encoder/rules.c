/* Variant rules: the table of kinds, a puzzle's counted list of rules,
 * each rule checked against its kind when added, and the text form (one
 * rule a line) both ways. */
#include "cages.h"
#include "require_int.h"
#include "stack_int.h"
#include "sks_rules.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct kind_row {
  const char *name;
  sks_rule_args args;
  const char *meaning;
} kind_row;

static const kind_row KINDS[] = {
#define SKS_RULE_ROW_(id, name, args, meaning) {name, SKS_ARGS_##args, meaning},
    SKS_RULES(SKS_RULE_ROW_)
#undef SKS_RULE_ROW_
};
_Static_assert(sizeof KINDS / sizeof *KINDS == SKS_RULE_KINDS, "rule table");

/* Other names people and programs use for a kind. */
static const struct {
  const char *alias;
  sks_rule_kind kind;
} ALIASES[] = {
    {"killer", SKS_RULE_CAGE},
    {"killer-cage", SKS_RULE_CAGE},
    {"littlekiller", SKS_RULE_LITTLE_KILLER},
    {"xsum", SKS_RULE_X_SUM},
    {"thermometer", SKS_RULE_THERMO},
    {"kropki-white", SKS_RULE_WHITE_DOT},
    {"difference", SKS_RULE_WHITE_DOT},
    {"kropki-black", SKS_RULE_BLACK_DOT},
    {"ratio", SKS_RULE_BLACK_DOT},
    {"german-whispers", SKS_RULE_WHISPERS},
    {"extra-region", SKS_RULE_REGION},
    {"antiknight", SKS_RULE_ANTI_KNIGHT},
    {"antiking", SKS_RULE_ANTI_KING},
    {"nonconsecutive", SKS_RULE_NON_CONSECUTIVE},
    {"disjointgroups", SKS_RULE_DISJOINT_GROUPS},
};

const char *sks_rule_name(sks_rule_kind kind) {
  return (unsigned)kind < SKS_RULE_KINDS ? KINDS[kind].name : "?";
}

sks_rule_args sks_rule_args_of(sks_rule_kind kind) {
  return (unsigned)kind < SKS_RULE_KINDS ? KINDS[kind].args : SKS_ARGS_G;
}

const char *sks_rule_meaning(sks_rule_kind kind) {
  return (unsigned)kind < SKS_RULE_KINDS ? KINDS[kind].meaning : "";
}

/* Case-insensitive, '_' and '-' alike. */
static bool same_name(const char *a, const char *b, size_t blen) {
  size_t i = 0;
  for (; i < blen && a[i]; i++) {
    int x = tolower((unsigned char)a[i]), y = tolower((unsigned char)b[i]);
    if (x == '_')
      x = '-';
    if (y == '_')
      y = '-';
    if (x != y)
      return false;
  }
  return i == blen && !a[i];
}

static int name_kind(const char *name, size_t len) {
  for (int k = 0; k < SKS_RULE_KINDS; k++)
    if (same_name(KINDS[k].name, name, len))
      return k;
  for (size_t i = 0; i < sizeof ALIASES / sizeof *ALIASES; i++)
    if (same_name(ALIASES[i].alias, name, len))
      return (int)ALIASES[i].kind;
  return -1;
}

int sks_rule_parse_name(const char *name) {
  return name_kind(name, strlen(name));
}

/* ------------------------------------------------------------------ */
/* The list. */

typedef struct counted_rules {
  sks_rules rules;
  atomic_int refs;
  size_t cap;
} counted_rules;

int sks_rules_cage_map(const sks_rules *rs, int cells, int *cage) {
  for (int c = 0; c < cells; c++)
    cage[c] = -1;
  int ncages = 0;
  for (int i = 0; i < rs->count; i++) {
    const sks_rule *r = &rs->rule[i];
    if (r->kind != SKS_RULE_CAGE || r->value == SKS_RULE_NO_VALUE)
      continue;
    bool free_cells = true;
    for (int j = 0; j < r->ncells; j++)
      free_cells &= cage[r->cells[j]] < 0;
    if (!free_cells)
      continue;
    for (int j = 0; j < r->ncells; j++)
      cage[r->cells[j]] = i;
    ncages++;
  }
  return ncages;
}

int sks_rules_first_value(const sks_rules *r) {
  for (int i = 0; r && i < r->count; i++)
    if (r->rule[i].kind == SKS_RULE_FROM_ZERO)
      return 0;
  return 1;
}

sks_rules *sks_rules_new(int n) {
  counted_rules *c = sks_calloc(1, sizeof *c);
  c->rules.n = n;
  atomic_init(&c->refs, 1);
  return &c->rules;
}

const sks_rules *sks_rules_retain(const sks_rules *r) {
  if (r)
    atomic_fetch_add(&((counted_rules *)(void *)r)->refs, 1);
  return r;
}

void sks_rules_release(const sks_rules *r) {
  if (!r)
    return;
  counted_rules *c = (counted_rules *)(void *)r;
  if (atomic_fetch_sub(&c->refs, 1) != 1)
    return;
  for (int i = 0; i < c->rules.count; i++) {
    free(c->rules.rule[i].cells);
    free(c->rules.rule[i].digits);
    free(c->rules.rule[i].text);
  }
  free(c->rules.rule);
  free(c);
}

static int fail(sks_error *err, const sks_rule *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(sks_error *err, const sks_rule *rule, const char *fmt, ...) {
  char msg[160];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  sks_error_set(err, -1, rule->line, 0, "%s rule: %s",
                sks_rule_name(rule->kind), msg);
  return -1;
}

/* Whether cells form a whole row or column of side n, in either order. */
static bool whole_line(const int *cells, int k, int n) {
  if (k != n || n < 2)
    return false;
  int dr = cells[1] / n - cells[0] / n, dc = cells[1] % n - cells[0] % n;
  if (!((dr == 0 && (dc == 1 || dc == -1)) ||
        (dc == 0 && (dr == 1 || dr == -1))))
    return false;
  for (int i = 1; i < k; i++)
    if (cells[i] / n - cells[i - 1] / n != dr ||
        cells[i] % n - cells[i - 1] % n != dc)
      return false;
  return true;
}

/* The checks of a rule against side n and its kind's ARGS. */
static int check_rule(const sks_rule *rule, int n, sks_error *err) {
  if ((unsigned)rule->kind >= SKS_RULE_KINDS)
    return fail(err, rule, "unknown kind %d", (int)rule->kind);
  sks_rule_args args = KINDS[rule->kind].args;
  long cells = (long)n * n;
  if (args == SKS_ARGS_G) {
    if (rule->ncells || rule->ndigits)
      return fail(err, rule, "it holds over the whole grid: no cells");
  } else if (rule->ncells < 1)
    return fail(err, rule, "no cells");
  if (rule->ncells > cells)
    return fail(err, rule, "more cells than the grid's %d", (int)cells);
  /* Cells in the grid, none twice (a sum's cell named twice counts
   * twice: the Interactive Sudoku Solver's sums take them so). */
  unsigned char *seen = rule->ncells ? sks_calloc((size_t)cells, 1) : NULL;
  for (int i = 0; i < rule->ncells; i++) {
    int c = rule->cells[i];
    if (c < 0 || c >= cells) {
      free(seen);
      return fail(err, rule, "cell %d outside the grid", c);
    }
    if (seen[c]++ && rule->kind != SKS_RULE_SUM) {
      free(seen);
      char at[32];
      snprintf(at, sizeof at, "r%dc%d", c / n + 1, c % n + 1);
      return fail(err, rule, "cell %s named twice", at);
    }
  }
  free(seen);
  bool has_value = rule->value != SKS_RULE_NO_VALUE;
  if (args == SKS_ARGS_CR && !has_value)
    return fail(err, rule, "a value is needed");
  if ((args == SKS_ARGS_G || args == SKS_ARGS_C || args == SKS_ARGS_CS ||
       args == SKS_ARGS_CD) &&
      has_value)
    return fail(err, rule, "it takes no value (%d given)", rule->value);
  if (has_value && (rule->value < 0 || rule->value > 1000000))
    return fail(err, rule, "value %d out of range", rule->value);
  if (args == SKS_ARGS_CS) {
    if (rule->split < 1 || rule->split >= rule->ncells)
      return fail(err, rule, "two parts are needed (A | B)");
  } else if (rule->split)
    return fail(err, rule, "it has one part only");
  bool pairs = rule->kind == SKS_RULE_PAIR || rule->kind == SKS_RULE_PAIR_ALL ||
               rule->kind == SKS_RULE_LOOK_AND_SAY;
  if (args == SKS_ARGS_CD) {
    if (pairs && (rule->ndigits < 2 || rule->ndigits % 2))
      return fail(err, rule, "%d digits: pairs of two are needed",
                  rule->ndigits);
    if (!pairs && (rule->ndigits < 1 || rule->ndigits > rule->ncells))
      return fail(err, rule, "%d digits for its cells", rule->ndigits);
    for (int i = 0; i < rule->ndigits; i++)
      if (rule->digits[i] < 0 || rule->digits[i] > n) /* 0: from-zero's */
        return fail(err, rule, "digit %d out of range", rule->digits[i]);
  } else if (rule->ndigits)
    return fail(err, rule, "it takes no digits");
  if (args == SKS_ARGS_CT) {
    const char *t = rule->text;
    if (!t || !*t)
      return fail(err, rule, "a %s is needed",
                  rule->kind == SKS_RULE_REGEX ? "pattern" : "machine");
    for (size_t i = 0; t[i]; i++)
      if (isspace((unsigned char)t[i]) || !isprint((unsigned char)t[i]))
        return fail(err, rule, "a blank or a control character in its text");
    sks_nfa a;
    if (sks_rule_nfa(rule, n, 1, &a, err))
      return -1;
    /* the lowering's variables: states and moves at each cell */
    long long size = ((long long)a.nstates + a.nedges) * (rule->ncells + 1);
    sks_nfa_free(&a);
    if (size > 1 << 24)
      return fail(err, rule,
                  "%lld states and moves along its cells (2^24 at most)", size);
  } else if (rule->text)
    return fail(err, rule, "it takes no text");
  switch (rule->kind) {
  case SKS_RULE_WHITE_DOT:
  case SKS_RULE_BLACK_DOT:
  case SKS_RULE_X_PAIR:
  case SKS_RULE_V_PAIR:
  case SKS_RULE_SUM_PAIR:
  case SKS_RULE_GREATER:
    if (rule->ncells != 2)
      return fail(err, rule, "two cells are needed, not %d", rule->ncells);
    if (rule->kind == SKS_RULE_WHITE_DOT && has_value &&
        (rule->value < 1 || rule->value >= n))
      return fail(err, rule, "a difference of %d", rule->value);
    if (rule->kind == SKS_RULE_BLACK_DOT && has_value && rule->value < 2)
      return fail(err, rule, "a ratio of %d", rule->value);
    break;
  case SKS_RULE_SANDWICH:
  case SKS_RULE_X_SUM:
  case SKS_RULE_SKYSCRAPER:
  case SKS_RULE_NUMBERED_ROOM:
  case SKS_RULE_HIDDEN_SKYSCRAPER:
    if (!whole_line(rule->cells, rule->ncells, n))
      return fail(err, rule, "a whole row or column is needed");
    break;
  case SKS_RULE_FULL_RANK:
    if (!whole_line(rule->cells, rule->ncells, n))
      return fail(err, rule, "a whole row or column is needed");
    if (has_value && (rule->value < 1 || rule->value > 4 * n))
      return fail(err, rule, "a rank of %d (1 to %d)", rule->value, 4 * n);
    break;
  case SKS_RULE_ARROW:
    if (rule->split > 3)
      return fail(err, rule, "a circle of %d cells", rule->split);
    break;
  case SKS_RULE_CLONE:
    if (rule->split * 2 != rule->ncells)
      return fail(err, rule, "the parts differ in length");
    break;
  case SKS_RULE_COUNT_DISTINCT:
    if (rule->ncells < 2)
      return fail(err, rule, "a count and a cell at least");
    break;
  case SKS_RULE_VALUE_INDEXING:
    if (rule->ncells < 3)
      return fail(err, rule, "a digit, its index and a cell at least");
    break;
  case SKS_RULE_DOUBLE_ARROW:
  case SKS_RULE_BETWEEN:
  case SKS_RULE_LOCKOUT:
    if (rule->ncells < 2)
      return fail(err, rule, "two ends are needed");
    break;
  case SKS_RULE_SUM_LINE:
  case SKS_RULE_SUM_LOOP:
    if (rule->value < 1)
      return fail(err, rule, "a sum of %d (1 at least)", rule->value);
    /* its totals: the value's at each of the cells' boundaries (a loop's
     * check reads it from each cell) */
    if ((long long)rule->value * (rule->ncells + 1) *
            (rule->kind == SKS_RULE_SUM_LOOP ? rule->ncells : 1) >
        1 << 24)
      return fail(err, rule, "a sum of %d over %d cells: too many totals",
                  rule->value, rule->ncells);
    break;
  case SKS_RULE_SAME_VALUES:
    if (rule->value < 1 || rule->ncells % rule->value)
      return fail(err, rule, "%d cells do not cut into %d sets of one size",
                  rule->ncells, rule->value);
    break;
  case SKS_RULE_MODULAR:
    if (has_value && rule->value < 1)
      return fail(err, rule, "a modulus of %d", rule->value);
    break;
  case SKS_RULE_ANTI_TAXICAB: /* its clauses grow as n^4 */
    if (n > 36)
      return fail(err, rule, "a side of %d (36 at most)", n);
    break;
  case SKS_RULE_ENTROPIC:
  case SKS_RULE_ENTROPIC_SQUARES:
    if (n % 3)
      return fail(err, rule, "the side %d has no thirds", n);
    break;
  case SKS_RULE_LOOK_AND_SAY: /* counts of the cells, each value once */
    for (int i = 0; i < rule->ndigits; i += 2) {
      if (rule->digits[i] > rule->ncells)
        return fail(err, rule, "a count of %d over %d cells", rule->digits[i],
                    rule->ncells);
      for (int j = 0; j < i; j += 2)
        if (rule->digits[j + 1] == rule->digits[i + 1])
          return fail(err, rule, "the value %d given twice",
                      rule->digits[i + 1]);
    }
    break;
  case SKS_RULE_DUTCH_FLATMATES:
    if (n % 2 == 0)
      return fail(err, rule, "the side %d has no middle digit", n);
    break;
  case SKS_RULE_QUADRUPLE:
    if (rule->ncells > 4)
      return fail(err, rule, "%d cells (4 at most)", rule->ncells);
    break;
  case SKS_RULE_DIAGONAL_POS:
  case SKS_RULE_DIAGONAL_NEG:
  case SKS_RULE_REGION:
  case SKS_RULE_CAGE:
    break;
  default:
    break;
  }
  return 0;
}

int sks_rules_add(sks_rules *r, const sks_rule *rule, sks_error *err) {
  if (check_rule(rule, r->n, err))
    return -1;
  if (r->count >= sks_rules_max(r->n))
    return fail(err, rule, "more than %d rules on one %dx%d puzzle",
                sks_rules_max(r->n), r->n, r->n);
  counted_rules *c = (counted_rules *)(void *)r;
  SKS_GROW(r->rule, c->cap, (size_t)r->count + 1);
  sks_rule *to = &r->rule[r->count++];
  *to = *rule;
  to->cells = NULL;
  to->digits = NULL;
  to->text = rule->text ? sks_strdup(rule->text) : NULL;
  if (rule->ncells) {
    to->cells = sks_malloc((size_t)rule->ncells * sizeof *to->cells);
    memcpy(to->cells, rule->cells, (size_t)rule->ncells * sizeof *to->cells);
  }
  if (rule->ndigits) {
    to->digits = sks_malloc((size_t)rule->ndigits * sizeof *to->digits);
    memcpy(to->digits, rule->digits,
           (size_t)rule->ndigits * sizeof *to->digits);
  }
  return 0;
}

static bool same_text(const char *a, const char *b) {
  return a && b ? !strcmp(a, b) : a == b;
}

bool sks_rules_same(const sks_rules *a, const sks_rules *b) {
  if (a == b)
    return true;
  int na = a ? a->count : 0, nb = b ? b->count : 0;
  if (na != nb)
    return false;
  if (!na)
    return true;
  if (a->n != b->n)
    return false;
  for (int i = 0; i < na; i++) {
    const sks_rule *x = &a->rule[i], *y = &b->rule[i];
    if (x->kind != y->kind || x->value != y->value || x->ncells != y->ncells ||
        x->split != y->split || x->ndigits != y->ndigits ||
        (x->ncells &&
         memcmp(x->cells, y->cells, (size_t)x->ncells * sizeof *x->cells)) ||
        (x->ndigits && memcmp(x->digits, y->digits,
                              (size_t)x->ndigits * sizeof *x->digits)) ||
        !same_text(x->text, y->text))
      return false;
  }
  return true;
}

/* ------------------------------------------------------------------ */
/* The text form. */

typedef struct scan {
  const char *s;
  size_t len, at;
  size_t tok, toklen; /* the last token */
} scan;

static bool next_token(scan *sc) {
  while (sc->at < sc->len &&
         (isspace((unsigned char)sc->s[sc->at]) || sc->s[sc->at] == ','))
    sc->at++;
  if (sc->at >= sc->len)
    return false;
  sc->tok = sc->at;
  if (sc->s[sc->at] == '|') {
    sc->at++;
  } else {
    while (sc->at < sc->len && !isspace((unsigned char)sc->s[sc->at]) &&
           sc->s[sc->at] != ',' && sc->s[sc->at] != '|')
      sc->at++;
  }
  sc->toklen = sc->at - sc->tok;
  return true;
}

/* The next token up to a blank (a CT rule's text, which may hold ',' and
 * '|'). */
static bool next_word(scan *sc) {
  while (sc->at < sc->len && isspace((unsigned char)sc->s[sc->at]))
    sc->at++;
  if (sc->at >= sc->len)
    return false;
  sc->tok = sc->at;
  while (sc->at < sc->len && !isspace((unsigned char)sc->s[sc->at]))
    sc->at++;
  sc->toklen = sc->at - sc->tok;
  return true;
}

static int token_error(sks_error *err, const scan *sc, const char *fmt) {
  sks_error_set(err, -1, 0, (long)sc->tok + 1, fmt, (int)sc->toklen,
                sc->s + sc->tok);
  return -1;
}

/* A decimal number of the whole token: true and *out set. */
static bool token_int(const scan *sc, int *out) {
  const char *t = sc->s + sc->tok;
  size_t i = 0, k = sc->toklen;
  bool neg = false;
  if (k && t[0] == '-') {
    neg = true;
    i = 1;
  }
  if (i >= k)
    return false;
  long v = 0;
  for (; i < k; i++) {
    if (!isdigit((unsigned char)t[i]))
      return false;
    v = v * 10 + (t[i] - '0');
    if (v > INT_MAX / 2)
      return false;
  }
  *out = (int)(neg ? -v : v);
  return true;
}

/* A letter (either case) and its number, up to 4 digits, at t + *i:
 * true and *out set (*i past it); false when the letter is not there;
 * *out -2 when no digit follows it. */
static bool letter_number(const char *t, size_t k, size_t *i, char letter,
                          int *out) {
  if (*i >= k || (t[*i] | 0x20) != letter)
    return false;
  size_t s = ++*i;
  int v = 0;
  while (*i < k && isdigit((unsigned char)t[*i]) && *i - s < 4)
    v = v * 10 + (t[(*i)++] - '0');
  *out = *i == s ? -2 : v;
  return true;
}

/* "rRcC", "rR" (row: *c = -1) or "cC" (column: *r = -1) at t (length k,
 * case-insensitive); returns the characters read, 0 when none. */
static size_t read_ref(const char *t, size_t k, int *r, int *c) {
  size_t i = 0;
  *r = *c = -1;
  if ((letter_number(t, k, &i, 'r', r) && *r == -2) ||
      (letter_number(t, k, &i, 'c', c) && *c == -2))
    return 0;
  return *r < 0 && *c < 0 ? 0 : i;
}

typedef SKS_STACK(int) cellbuf;

static void push_cell(cellbuf *b, int c) {
  SKS_PUSH(*b, c);
}

/* A cell token: rRcC, A..B, rR or cC. */
static int read_cells(const scan *sc, int n, cellbuf *b, sks_error *err) {
  const char *t = sc->s + sc->tok;
  size_t k = sc->toklen;
  int r1, c1, r2, c2;
  size_t i = read_ref(t, k, &r1, &c1);
  if (!i)
    return token_error(err, sc, "'%.*s' is not a cell (rRcC)");
  if (i == k && (r1 < 0 || c1 < 0)) { /* a whole row or column */
    int line = r1 < 0 ? c1 : r1;
    if (line < 1 || line > n)
      return token_error(err, sc, "'%.*s' is outside the grid");
    for (int j = 0; j < n; j++)
      push_cell(b, r1 < 0 ? j * n + (c1 - 1) : (r1 - 1) * n + j);
    return 0;
  }
  if (r1 < 0 || c1 < 0)
    return token_error(err, sc, "'%.*s' is not a cell (rRcC)");
  if (r1 < 1 || r1 > n || c1 < 1 || c1 > n)
    return token_error(err, sc, "'%.*s' is outside the grid");
  if (i == k) {
    push_cell(b, (r1 - 1) * n + c1 - 1);
    return 0;
  }
  if (k - i < 3 || t[i] != '.' || t[i + 1] != '.')
    return token_error(err, sc, "'%.*s' is not a cell (rRcC) or a line (A..B)");
  size_t j = read_ref(t + i + 2, k - i - 2, &r2, &c2);
  if (!j || i + 2 + j != k || r2 < 0 || c2 < 0)
    return token_error(err, sc, "'%.*s' is not a line of cells (A..B)");
  if (r2 < 1 || r2 > n || c2 < 1 || c2 > n)
    return token_error(err, sc, "'%.*s' is outside the grid");
  int dr = r2 - r1, dc = c2 - c1;
  if (dr && dc && abs(dr) != abs(dc))
    return token_error(err, sc,
                       "'%.*s' is not a straight line (a row, a column or a "
                       "diagonal)");
  int steps = abs(dr) > abs(dc) ? abs(dr) : abs(dc);
  int sr = dr > 0 ? 1 : dr < 0 ? -1 : 0, scol = dc > 0 ? 1 : dc < 0 ? -1 : 0;
  for (int s = 0; s <= steps; s++)
    push_cell(b, (r1 - 1 + s * sr) * n + (c1 - 1 + s * scol));
  return 0;
}

int sks_rules_add_text(sks_rules *r, const char *line, size_t len,
                       sks_error *err) {
  scan sc = {line, len, 0, 0, 0};
  if (!next_token(&sc)) {
    sks_error_set(err, -1, 0, 1, "an empty rule");
    return -1;
  }
  int kind = name_kind(line + sc.tok, sc.toklen);
  if (kind < 0)
    return token_error(err, &sc, "unknown rule '%.*s'");
  sks_rule_args args = KINDS[kind].args;
  sks_rule rule = {
      (sks_rule_kind)kind, SKS_RULE_NO_VALUE, 0, 0, NULL, 0, NULL, 0, NULL};
  cellbuf cells = {0}, digits = {0};
  int rc = 0;
  bool got;
  if (args == SKS_ARGS_CT) { /* its text, then the cells */
    if (!next_word(&sc)) {
      sks_error_set(err, -1, 0, (long)len + 1, "%s rule: a %s is needed",
                    KINDS[kind].name,
                    kind == SKS_RULE_REGEX ? "pattern" : "machine");
      return -1;
    }
    rule.text = sks_malloc(sc.toklen + 1);
    memcpy(rule.text, line + sc.tok, sc.toklen);
    rule.text[sc.toklen] = '\0';
    sks_nfa a; /* a text that does not build: its column */
    if (sks_rule_nfa(&rule, r->n, 1, &a, err)) {
      err->col = (long)sc.tok + 1;
      free(rule.text);
      return -1;
    }
    sks_nfa_free(&a);
  }
  got = next_token(&sc);
  int v;
  if (got && (args == SKS_ARGS_CV || args == SKS_ARGS_CR) &&
      token_int(&sc, &v)) {
    if (v < 0) /* -1 would read as no value */
      rc = token_error(err, &sc, "'%.*s': a value is a number from 0");
    rule.value = v;
    got = next_token(&sc);
  } else if (args == SKS_ARGS_CD)
    while (got && token_int(&sc, &v)) {
      push_cell(&digits, v);
      got = next_token(&sc);
    }
  for (; got && !rc; got = next_token(&sc)) {
    if (sc.toklen == 1 && line[sc.tok] == '|') {
      if (args != SKS_ARGS_CS || rule.split)
        rc = token_error(err, &sc, "'%.*s': this rule has one part");
      else
        rule.split = cells.n ? (int)cells.n : -1;
      continue;
    }
    if (args == SKS_ARGS_G)
      rc = token_error(err, &sc, "'%.*s': this rule names no cells");
    else if (token_int(&sc, &v))
      rc = token_error(err, &sc,
                       args == SKS_ARGS_CV || args == SKS_ARGS_CR
                           ? "'%.*s': the value comes before the cells"
                           : "'%.*s': this rule takes no value");
    else
      rc = read_cells(&sc, r->n, &cells, err);
  }
  if (!rc) {
    if (rule.split < 0)
      rule.split = 0; /* "| B": no part A, which the check refuses */
    rule.cells = cells.a;
    rule.ncells = (int)cells.n;
    rule.digits = digits.a;
    rule.ndigits = (int)digits.n;
    if (args == SKS_ARGS_CS && !rule.split) {
      sks_error_set(err, -1, 0, 1, "%s rule: two parts are needed (A | B)",
                    KINDS[kind].name);
      rc = -1;
    } else
      rc = sks_rules_add(r, &rule, err);
  }
  free(cells.a);
  free(digits.a);
  free(rule.text);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Writing. */

typedef struct out {
  char *buf;
  size_t size, len;
} out;

static void put(out *o, const char *fmt, int a, int b) {
  char tmp[64];
  int k = snprintf(tmp, sizeof tmp, fmt, a, b);
  for (int i = 0; i < k; i++, o->len++)
    if (o->len + 1 < o->size)
      o->buf[o->len] = tmp[i];
}

/* Cells i .. i+k-1 of a rule: maximal straight runs of 3 or more as A..B. */
static void put_cells(out *o, const int *cells, int k, int n) {
  for (int i = 0; i < k;) {
    int j = i + 1;
    if (i + 2 < k) {
      int dr = cells[i + 1] / n - cells[i] / n,
          dc = cells[i + 1] % n - cells[i] % n;
      if (abs(dr) <= 1 && abs(dc) <= 1 && (dr || dc)) {
        while (j < k && cells[j] / n - cells[j - 1] / n == dr &&
               cells[j] % n - cells[j - 1] % n == dc)
          j++;
      }
    }
    put(o, " r%dc%d", cells[i] / n + 1, cells[i] % n + 1);
    if (j - i >= 3)
      put(o, "..r%dc%d", cells[j - 1] / n + 1, cells[j - 1] % n + 1);
    else
      j = i + 1;
    i = j;
  }
}

size_t sks_rule_write(const sks_rule *rule, int n, char *buf, size_t size) {
  out o = {buf, size, 0};
  const char *name = sks_rule_name(rule->kind);
  for (size_t i = 0; name[i]; i++, o.len++)
    if (o.len + 1 < size)
      buf[o.len] = name[i];
  if (rule->value != SKS_RULE_NO_VALUE)
    put(&o, " %d", rule->value, 0);
  if (rule->text) {
    size_t k = strlen(rule->text);
    for (size_t i = 0; i <= k; i++, o.len++)
      if (o.len + 1 < size)
        buf[o.len] = i ? rule->text[i - 1] : ' ';
  }
  for (int i = 0; i < rule->ndigits; i++)
    put(&o, " %d", rule->digits[i], 0);
  if (rule->split) {
    put_cells(&o, rule->cells, rule->split, n);
    put(&o, " |", 0, 0);
    put_cells(&o, rule->cells + rule->split, rule->ncells - rule->split, n);
  } else
    put_cells(&o, rule->cells, rule->ncells, n);
  if (size)
    buf[o.len < size ? o.len : size - 1] = '\0';
  return o.len;
}
