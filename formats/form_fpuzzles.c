/* f-puzzles documents (docs/formats.md, "f-puzzles and SudokuPad"): the
 * JSON f-puzzles writes ("size", a "grid" of cell objects, one key a
 * rule), read into a puzzle and its rules (sks_rules.h).  The givens are
 * the cells marked "given"; a cell's "region" makes the regions a jigsaw;
 * each rule key maps to rules of the project's kinds.  A key this reader
 * does not map is an error naming it, never dropped: a rule left out turns
 * a puzzle into another one.  The drawings (lines, circles, rectangles,
 * text, plain cages), whose meaning is in the rules text, are read only
 * as the picture of a rule read (f-puzzles draws some of its constraints
 * so) or as the line rule the rules text gives their colour (and
 * thermometers from a circle of their colour), else refused the same
 * way. */
#include "json_int.h"
#include "rules_text_int.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef SKS_STACK(int) int_stack;

typedef struct fp {
  sks_reader *rd;
  int n;
  sks_rules *rules;
  long line, col;
  sks_error *err;
  const char *key; /* the key being read */
  size_t entry;    /* its entry, from 1 (0: the key's value itself) */
  int_stack cells, more;
  int_stack parity;    /* a cell's "parity": 2 * cell + 1 when odd */
  const char *ruleset; /* the rules text, or NULL */
  int_stack drawn;     /* the thermometers drawn as lines: their rules' index,
                          then their colour (0xRRGGBB) */
  bool has_diff, has_ratio, diff_other, ratio_other;
} fp;

static int fp_error(fp *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fp_error(fp *f, const char *fmt, ...) {
  char msg[256], where[80] = "";
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (f->key && f->entry)
    snprintf(where, sizeof where, "\"%.24s\" entry %zu: ", f->key, f->entry);
  else if (f->key)
    snprintf(where, sizeof where, "\"%.24s\": ", f->key);
  return sks_error_set(f->err, -1, f->line, f->col, "f-puzzles %s%s", where,
                       msg);
}

/* Does v say nothing (null, false, "", an empty list or object)? */
static bool empty(json_t *v) {
  return !v || json_is_null(v) || json_is_false(v) ||
         (json_is_array(v) && !json_array_size(v)) ||
         (json_is_object(v) && !json_object_size(v)) ||
         (json_is_string(v) && !*json_string_value(v));
}

/* Is s the word w (lower case), whatever its case? */
static bool same_word(const char *s, const char *w) {
  for (; *w; s++, w++)
    if (!*s || (*s >= 'A' && *s <= 'Z' ? *s | 0x20 : *s) != *w)
      return false;
  return !*s;
}

/* "R3C10" (either case) into 1-based row and column; outside: rows and
 * columns 0 and n+1 are allowed (the clues around the grid). */
static int cell_of(fp *f, json_t *v, bool outside, int *r, int *c) {
  const char *s = json_string_value(v);
  if (!s)
    return fp_error(f, "a cell that is %s (expected \"R1C1\")",
                    sks_json_type_name(v));
  const char *p = s;
  long rc[2];
  for (int k = 0; k < 2; k++) {
    char want = k ? 'c' : 'r';
    if ((*p | 0x20) != want || p[1] < '0' || p[1] > '9')
      return fp_error(f, "cell \"%.16s\": expected R<row>C<column>", s);
    p++;
    rc[k] = 0;
    while (*p >= '0' && *p <= '9' && rc[k] < 10000)
      rc[k] = rc[k] * 10 + (*p++ - '0');
  }
  if (*p)
    return fp_error(f, "cell \"%.16s\": expected R<row>C<column>", s);
  long lo = outside ? 0 : 1, hi = outside ? f->n + 1 : f->n;
  if (rc[0] < lo || rc[0] > hi || rc[1] < lo || rc[1] > hi)
    return fp_error(f, "cell \"%.16s\" is outside the %dx%d grid", s, f->n,
                    f->n);
  *r = (int)rc[0];
  *c = (int)rc[1];
  return 0;
}

/* The cells of array a (strings "R1C1") appended to st. */
static int cells_into(fp *f, json_t *a, const char *what, int_stack *st) {
  if (!json_is_array(a))
    return fp_error(f, "\"%s\" is %s, expected a list of cells", what,
                    a ? sks_json_type_name(a) : "missing");
  for (size_t i = 0; i < json_array_size(a); i++) {
    int r, c;
    if (cell_of(f, json_array_get(a, i), false, &r, &c))
      return -1;
    SKS_PUSH(*st, (r - 1) * f->n + (c - 1));
  }
  return 0;
}

/* A value: a number or a string of digits; "" or none: no value. */
static int value_of(fp *f, json_t *v, int *out) {
  *out = SKS_RULE_NO_VALUE;
  if (!v || json_is_null(v))
    return 0;
  if (json_is_integer(v)) {
    json_int_t x = json_integer_value(v);
    if (x < 0 || x > 1000000)
      return fp_error(f, "value %lld out of range", (long long)x);
    *out = (int)x;
    return 0;
  }
  const char *s = json_string_value(v);
  if (!s)
    return fp_error(f, "a value that is %s", sks_json_type_name(v));
  while (*s == ' ')
    s++;
  if (!*s)
    return 0;
  long x = 0;
  const char *p = s;
  while (*p >= '0' && *p <= '9' && x <= 1000000)
    x = x * 10 + (*p++ - '0');
  while (*p == ' ')
    p++;
  if (*p || p == s || x > 1000000)
    return fp_error(f, "value \"%.16s\" is no number", s);
  *out = (int)x;
  return 0;
}

static int add(fp *f, sks_rule_kind kind, int value, int split,
               const int *digits, int ndigits) {
  sks_rule rule = {.kind = kind,
                   .value = value,
                   .ncells = (int)f->cells.n,
                   .split = split,
                   .cells = f->cells.a,
                   .ndigits = ndigits,
                   .digits = (int *)digits,
                   .line = f->line};
  sks_error e = {0};
  if (sks_rules_add(f->rules, &rule, &e))
    return fp_error(f, "%s", e.msg);
  return 0;
}

static json_t *entry_object(fp *f, json_t *v, size_t i) {
  json_t *e = json_array_get(v, i);
  f->entry = i + 1;
  if (!json_is_object(e)) {
    fp_error(f, "%s, expected an object", sks_json_type_name(e));
    return NULL;
  }
  return e;
}

/* ---- the keys ---- */

typedef int key_fn(fp *f, json_t *v, sks_rule_kind kind);

/* {"cells": [...], "value": ...}: a cage, a dot, an extra region. */
static int read_cells(fp *f, json_t *v, sks_rule_kind kind) {
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    int value;
    f->cells.n = 0;
    if (!e || cells_into(f, json_object_get(e, "cells"), "cells", &f->cells) ||
        value_of(f, json_object_get(e, "value"), &value))
      return -1;
    if (kind == SKS_RULE_REGION && value != SKS_RULE_NO_VALUE)
      return fp_error(f, "an extra region with a value (%d)", value);
    if (kind == SKS_RULE_WHITE_DOT) {
      f->has_diff = true;
      f->diff_other |= value != SKS_RULE_NO_VALUE && value != 1;
    }
    if (kind == SKS_RULE_BLACK_DOT) {
      f->has_ratio = true;
      f->ratio_other |= value != SKS_RULE_NO_VALUE && value != 2;
    }
    if (add(f, kind, value, 0, NULL, 0))
      return -1;
  }
  return 0;
}

/* {"cells": [a, b], "value": "X" | "V"}. */
static int read_xv(fp *f, json_t *v, sks_rule_kind kind) {
  (void)kind;
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    f->cells.n = 0;
    if (!e || cells_into(f, json_object_get(e, "cells"), "cells", &f->cells))
      return -1;
    const char *s = json_string_value(json_object_get(e, "value"));
    sks_rule_kind k;
    if (s && (!strcmp(s, "X") || !strcmp(s, "x")))
      k = SKS_RULE_X_PAIR;
    else if (s && (!strcmp(s, "V") || !strcmp(s, "v")))
      k = SKS_RULE_V_PAIR;
    else
      return fp_error(f, "a value \"%.16s\" (expected \"X\" or \"V\")",
                      s ? s : "(none)");
    if (add(f, k, SKS_RULE_NO_VALUE, 0, NULL, 0))
      return -1;
  }
  return 0;
}

/* {"lines": [[cells], ...]}: each line one rule (a thermometer's bulb
 * first); whispers may carry a value. */
static int read_lines(fp *f, json_t *v, sks_rule_kind kind) {
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    if (!e)
      return -1;
    json_t *lines = json_object_get(e, "lines");
    int value = SKS_RULE_NO_VALUE;
    if (kind == SKS_RULE_WHISPERS &&
        value_of(f, json_object_get(e, "value"), &value))
      return -1;
    if (!json_is_array(lines) || !json_array_size(lines))
      return fp_error(f, "\"lines\" is %s, expected a list of lines",
                      lines ? sks_json_type_name(lines) : "missing");
    for (size_t l = 0; l < json_array_size(lines); l++) {
      f->cells.n = 0;
      if (cells_into(f, json_array_get(lines, l), "lines", &f->cells) ||
          add(f, kind, value, 0, NULL, 0))
        return -1;
    }
  }
  return 0;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* {"cells": [circle], "lines": [[circle cell, shaft...], ...]}: each line
 * an arrow from the circle (a pill read in reading order); the line's
 * cells in the circle are not the shaft's. */
static int read_arrow(fp *f, json_t *v, sks_rule_kind kind) {
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    f->more.n = 0;
    if (!e || cells_into(f, json_object_get(e, "cells"), "cells", &f->more))
      return -1;
    if (!f->more.n)
      return fp_error(f, "an arrow with no circle");
    qsort(f->more.a, f->more.n, sizeof *f->more.a, cmp_int);
    json_t *lines = json_object_get(e, "lines");
    if (!json_is_array(lines) || !json_array_size(lines))
      return fp_error(f, "\"lines\" is %s, expected a list of lines",
                      lines ? sks_json_type_name(lines) : "missing");
    for (size_t l = 0; l < json_array_size(lines); l++) {
      f->cells.n = 0;
      for (size_t k = 0; k < f->more.n; k++)
        SKS_PUSH(f->cells, f->more.a[k]);
      size_t circle = f->cells.n;
      if (cells_into(f, json_array_get(lines, l), "lines", &f->cells))
        return -1;
      size_t to = circle;
      for (size_t k = circle; k < f->cells.n; k++) {
        bool in = false;
        for (size_t m = 0; m < circle; m++)
          in |= f->cells.a[m] == f->cells.a[k];
        if (!in)
          f->cells.a[to++] = f->cells.a[k];
      }
      f->cells.n = to;
      if (add(f, kind, SKS_RULE_NO_VALUE, (int)circle, NULL, 0))
        return -1;
    }
  }
  return 0;
}

/* [{"cell": "R1C1"}, ...]: odd and even cells. */
static int read_cell_list(fp *f, json_t *v, sks_rule_kind kind) {
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    int r, c;
    if (!e || cell_of(f, json_object_get(e, "cell"), false, &r, &c))
      return -1;
    f->cells.n = 0;
    SKS_PUSH(f->cells, (r - 1) * f->n + (c - 1));
    if (add(f, kind, SKS_RULE_NO_VALUE, 0, NULL, 0))
      return -1;
  }
  return 0;
}

/* [{"cell": "R1C1"}, ...]: minimum or maximum cells.  f-puzzles compares
 * such a cell with each orthogonal neighbour that is not of its own kind
 * (two maximum cells side by side are not compared with each other): a
 * cell with none of its kind beside it is one rule of the kind, one with
 * some a `greater` rule with each of its other neighbours. */
static int read_extreme(fp *f, json_t *v, sks_rule_kind kind) {
  static const int ORTH[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
  int n = f->n;
  f->more.n = 0;
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    int r, c;
    if (!e || cell_of(f, json_object_get(e, "cell"), false, &r, &c))
      return -1;
    SKS_PUSH(f->more, (r - 1) * n + (c - 1));
  }
  bool *kin = sks_calloc((size_t)n * n, sizeof *kin);
  for (size_t i = 0; i < f->more.n; i++)
    kin[f->more.a[i]] = true;
  int rc = 0;
  for (size_t i = 0; i < f->more.n && !rc; i++) {
    int a = f->more.a[i], nb[4], k = 0;
    bool beside = false;
    for (int j = 0; j < 4; j++) {
      int rr = a / n + ORTH[j][0], cc = a % n + ORTH[j][1];
      if (rr < 0 || rr >= n || cc < 0 || cc >= n)
        continue;
      if (kin[rr * n + cc])
        beside = true;
      else
        nb[k++] = rr * n + cc;
    }
    f->entry = i + 1;
    f->cells.n = 0;
    if (!beside) {
      SKS_PUSH(f->cells, a);
      rc = add(f, kind, SKS_RULE_NO_VALUE, 0, NULL, 0);
      continue;
    }
    for (int j = 0; j < k && !rc; j++) {
      f->cells.n = 0;
      SKS_PUSH(f->cells, kind == SKS_RULE_MAXIMUM ? a : nb[j]);
      SKS_PUSH(f->cells, kind == SKS_RULE_MAXIMUM ? nb[j] : a);
      rc = add(f, SKS_RULE_GREATER, SKS_RULE_NO_VALUE, 0, NULL, 0);
    }
  }
  free(kin);
  return rc;
}

/* {"cell": an outside cell, "value"}: a sandwich, x-sum or skyscraper
 * clue; its row or column from the clue's side.  No value: no clue. */
static int read_outside(fp *f, json_t *v, sks_rule_kind kind) {
  int n = f->n;
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    int r, c, value;
    if (!e || cell_of(f, json_object_get(e, "cell"), true, &r, &c) ||
        value_of(f, json_object_get(e, "value"), &value))
      return -1;
    if (value == SKS_RULE_NO_VALUE)
      continue;
    bool row_out = r == 0 || r == n + 1, col_out = c == 0 || c == n + 1;
    if (row_out == col_out)
      return fp_error(f, "clue cell R%dC%d is not beside a row or a column", r,
                      c);
    f->cells.n = 0;
    for (int k = 0; k < n; k++) {
      int rr = row_out ? (r == 0 ? k : n - 1 - k) : r - 1;
      int cc = col_out ? (c == 0 ? k : n - 1 - k) : c - 1;
      SKS_PUSH(f->cells, rr * n + cc);
    }
    if (add(f, kind, value, 0, NULL, 0))
      return -1;
  }
  return 0;
}

/* {"cell": outside, "direction": "UR" | "UL" | "DR" | "DL", "value"}: the
 * diagonal from the clue in that direction.  No value: no clue. */
static int read_little_killer(fp *f, json_t *v, sks_rule_kind kind) {
  int n = f->n;
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    int r, c, value;
    if (!e || cell_of(f, json_object_get(e, "cell"), true, &r, &c) ||
        value_of(f, json_object_get(e, "value"), &value))
      return -1;
    if (value == SKS_RULE_NO_VALUE)
      continue;
    const char *d = json_string_value(json_object_get(e, "direction"));
    if (!d || strlen(d) != 2 || !strchr("UD", d[0]) || !strchr("LR", d[1]))
      return fp_error(f, "direction \"%.8s\" (expected UL, UR, DL or DR)",
                      d ? d : "(none)");
    int dr = d[0] == 'U' ? -1 : 1, dc = d[1] == 'L' ? -1 : 1;
    f->cells.n = 0;
    for (r += dr, c += dc; r >= 1 && r <= n && c >= 1 && c <= n;
         r += dr, c += dc)
      SKS_PUSH(f->cells, (r - 1) * n + (c - 1));
    if (!f->cells.n)
      return fp_error(f, "a little killer whose diagonal misses the grid");
    if (add(f, kind, value, 0, NULL, 0))
      return -1;
  }
  return 0;
}

/* {"cells": [...], "values": [digits]}. */
static int read_quadruple(fp *f, json_t *v, sks_rule_kind kind) {
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    f->cells.n = 0;
    f->more.n = 0;
    if (!e || cells_into(f, json_object_get(e, "cells"), "cells", &f->cells))
      return -1;
    json_t *vals = json_object_get(e, "values");
    if (!json_is_array(vals))
      return fp_error(f, "\"values\" is %s, expected a list of digits",
                      vals ? sks_json_type_name(vals) : "missing");
    for (size_t k = 0; k < json_array_size(vals); k++) {
      int d;
      if (value_of(f, json_array_get(vals, k), &d))
        return -1;
      if (d != SKS_RULE_NO_VALUE)
        SKS_PUSH(f->more, d);
    }
    if (add(f, kind, SKS_RULE_NO_VALUE, 0, f->more.a, (int)f->more.n))
      return -1;
  }
  return 0;
}

/* {"cells": [...], "cloneCells": [...]}: cell k's clone is clone cell k
 * (a cell its own clone says nothing). */
static int read_clone(fp *f, json_t *v, sks_rule_kind kind) {
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *e = entry_object(f, v, i);
    f->cells.n = 0;
    f->more.n = 0;
    if (!e || cells_into(f, json_object_get(e, "cells"), "cells", &f->cells) ||
        cells_into(f, json_object_get(e, "cloneCells"), "cloneCells", &f->more))
      return -1;
    if (f->cells.n != f->more.n)
      return fp_error(f, "%zu cells and %zu clone cells", f->cells.n,
                      f->more.n);
    size_t k = 0;
    for (size_t m = 0; m < f->more.n; m++)
      if (f->cells.a[m] != f->more.a[m]) {
        f->cells.a[k] = f->cells.a[m];
        f->more.a[k++] = f->more.a[m];
      }
    f->cells.n = f->more.n = k;
    if (!k)
      continue;
    for (size_t m = 0; m < k; m++)
      SKS_PUSH(f->cells, f->more.a[m]);
    if (add(f, kind, SKS_RULE_NO_VALUE, (int)k, NULL, 0))
      return -1;
  }
  return 0;
}

/* true: a rule of the whole grid. */
static int read_global(fp *f, json_t *v, sks_rule_kind kind) {
  if (!json_is_true(v))
    return fp_error(f, "%s, expected true or false", sks_json_type_name(v));
  f->cells.n = 0;
  return add(f, kind, SKS_RULE_NO_VALUE, 0, NULL, 0);
}

/* The keys, the kinds they map to, and how their entries read.  A NULL
 * fn: read after the others (negative, nonconsecutive). */
static const struct {
  const char *key;
  key_fn *fn;
  sks_rule_kind kind;
  bool list; /* the value is a list of entries */
} KEYS[] = {
    {"killercage", read_cells, SKS_RULE_CAGE, true},
    {"littlekillersum", read_little_killer, SKS_RULE_LITTLE_KILLER, true},
    {"sandwichsum", read_outside, SKS_RULE_SANDWICH, true},
    {"xsum", read_outside, SKS_RULE_X_SUM, true},
    {"skyscraper", read_outside, SKS_RULE_SKYSCRAPER, true},
    {"thermometer", read_lines, SKS_RULE_THERMO, true},
    {"slowthermometer", read_lines, SKS_RULE_SLOW_THERMO, true},
    {"arrow", read_arrow, SKS_RULE_ARROW, true},
    {"difference", read_cells, SKS_RULE_WHITE_DOT, true},
    {"ratio", read_cells, SKS_RULE_BLACK_DOT, true},
    {"xv", read_xv, SKS_RULE_X_PAIR, true},
    {"odd", read_cell_list, SKS_RULE_ODD, true},
    {"even", read_cell_list, SKS_RULE_EVEN, true},
    {"minimum", read_extreme, SKS_RULE_MINIMUM, true},
    {"maximum", read_extreme, SKS_RULE_MAXIMUM, true},
    {"extraregion", read_cells, SKS_RULE_REGION, true},
    {"quadruple", read_quadruple, SKS_RULE_QUADRUPLE, true},
    {"betweenline", read_lines, SKS_RULE_BETWEEN, true},
    {"palindrome", read_lines, SKS_RULE_PALINDROME, true},
    {"renban", read_lines, SKS_RULE_RENBAN, true},
    {"whispers", read_lines, SKS_RULE_WHISPERS, true},
    {"regionsumline", read_lines, SKS_RULE_REGION_SUM, true},
    {"entropicline", read_lines, SKS_RULE_ENTROPIC, true},
    {"modularline", read_lines, SKS_RULE_MODULAR, true},
    {"zipperline", read_lines, SKS_RULE_ZIPPER, true},
    {"columnindexer", read_cells, SKS_RULE_COLUMN_INDEXING, true},
    {"clone", read_clone, SKS_RULE_CLONE, true},
    {"diagonal+", read_global, SKS_RULE_DIAGONAL_POS, false},
    {"diagonal-", read_global, SKS_RULE_DIAGONAL_NEG, false},
    {"antiknight", read_global, SKS_RULE_ANTI_KNIGHT, false},
    {"antiking", read_global, SKS_RULE_ANTI_KING, false},
    {"disjointgroups", read_global, SKS_RULE_DISJOINT_GROUPS, false},
    {"nonconsecutive", NULL, SKS_RULE_NON_CONSECUTIVE, false},
    {"negative", NULL, SKS_RULE_WHITE_ALL, true},
};

/* Keys that carry no rule: the puzzle's text, the solver's settings. */
static const char *const QUIET[] = {
    "size",          "grid",
    "title",         "author",
    "ruleset",       "solution",
    "disabledlogic", "truecandidatesoptions",
    "version",       "highlightConflicts",
};

/* Drawings: their meaning is in the rules text. */
static const char *const DRAWINGS[] = {"line", "rectangle", "circle", "text",
                                       "cage"};

#define K(kind) SKS_KIND_BIT(kind)

/* The constraints f-puzzles draws a picture of (a drawing's
 * "fromConstraint"), and the kinds they are read as. */
static const struct {
  const char *name;
  uint64_t kinds;
} PICTURED[] = {
    {"Thermometer", K(THERMO)},
    {"Slow Thermometer", K(SLOW_THERMO)},
    {"Arrow", K(ARROW)},
    {"Whispers", K(WHISPERS)},
    {"Renban", K(RENBAN)},
    {"Palindrome", K(PALINDROME)},
    {"Region Sum Line", K(REGION_SUM)},
    {"Entropic Line", K(ENTROPIC)},
    {"Modular Line", K(MODULAR)},
    {"Zipper Line", K(ZIPPER)},
    {"Between Line", K(BETWEEN)},
    {"X Sum", K(X_SUM)},
    {"Skyscraper", K(SKYSCRAPER)},
    {"Sandwich Sum", K(SANDWICH)},
    {"Little Killer Sum", K(LITTLE_KILLER)},
    {"Killer Cage", K(CAGE)},
    {"Clone", K(CLONE)},
    {"Extra Region", K(REGION)},
    {"Column Indexer", K(COLUMN_INDEXING)},
};

/* The kinds a line drawing may restate, and a cage drawing. */
static const uint64_t LINE_KINDS = K(THERMO) | K(SLOW_THERMO) | K(ARROW) |
                                   K(WHISPERS) | K(RENBAN) | K(PALINDROME) |
                                   K(REGION_SUM) | K(ENTROPIC) | K(MODULAR) |
                                   K(ZIPPER) | K(BETWEEN) | K(LOCKOUT);
static const uint64_t CAGE_KINDS = K(CAGE) | K(REGION) | K(CLONE);

/* Is the line (cells a[0..n)) rule r's, from either end?  An arrow's:
 * from a cell of its circle, then its shaft. */
static bool line_is(const sks_rule *r, const int *a, size_t n) {
  if (r->kind == SKS_RULE_ARROW) {
    size_t k = (size_t)r->split, m = 0;
    bool from = false;
    for (size_t j = 0; j < k; j++)
      from |= n && r->cells[j] == a[0];
    for (size_t i = 0; i < n && from; i++) {
      bool circle = false;
      for (size_t j = 0; j < k; j++)
        circle |= r->cells[j] == a[i];
      if (circle)
        continue;
      if (k + m >= (size_t)r->ncells || r->cells[k + m] != a[i])
        return false;
      m++;
    }
    return from && k + m == (size_t)r->ncells;
  }
  if ((size_t)r->ncells != n)
    return false;
  bool fwd = true, back = true;
  for (size_t i = 0; i < n; i++) {
    fwd &= r->cells[i] == a[i];
    back &= r->cells[n - 1 - i] == a[i];
  }
  return fwd || back;
}

/* Are the cells a[0..n) (no cell twice) those of b[0..m), as a set? */
static bool same_set(const int *a, size_t n, const int *b, size_t m) {
  if (n != m)
    return false;
  for (size_t i = 0; i < n; i++) {
    bool found = false;
    for (size_t j = 0; j < m && !found; j++)
      found = a[i] == b[j];
    if (!found)
      return false;
  }
  return true;
}

/* The cell (1-based row and column, 0 and n+1 outside) rule r's clue
 * is in, for a clue outside the grid: false when it has none. */
static bool clue_cell(const sks_rule *r, int n, int *row, int *col) {
  if (r->ncells < 2 ||
      !(r->kind == SKS_RULE_SANDWICH || r->kind == SKS_RULE_X_SUM ||
        r->kind == SKS_RULE_SKYSCRAPER || r->kind == SKS_RULE_LITTLE_KILLER))
    return false;
  int r0 = r->cells[0] / n, c0 = r->cells[0] % n;
  int dr = r->cells[1] / n - r0, dc = r->cells[1] % n - c0;
  *row = r0 - dr + 1;
  *col = c0 - dc + 1;
  return true;
}

/* Does the text say something: a letter or a digit? */
static bool says_something(const char *t) {
  for (; t && *t; t++)
    if ((*t >= '0' && *t <= '9') || ((*t | 0x20) >= 'a' && (*t | 0x20) <= 'z'))
      return true;
  return false;
}

static bool colour_of(json_t *v, int *r, int *g, int *b);

/* One drawing entry e of key (line, cage, circle, rectangle, text): is
 * it the picture of a rule read (f-puzzles draws some of its
 * constraints so, "fromConstraint" naming it), with no meaning of its
 * own?  A line: the very cells of a line rule read, in order from
 * either end; a cage: the cells of a cage, an extra region or a clone's
 * part, no value; a circle, rectangle or text naming the constraint it
 * pictures: on cells of a rule of it (or its clue's cell outside), its
 * text none or the clue. */
static bool picture_of_rule(fp *f, const char *key, json_t *e) {
  int n = f->n;
  uint64_t kinds = 0;
  json_t *from = json_object_get(e, "fromConstraint");
  if (from) {
    const char *name = json_string_value(from);
    for (size_t k = 0; name && k < sizeof PICTURED / sizeof *PICTURED; k++)
      if (!strcmp(name, PICTURED[k].name))
        kinds = PICTURED[k].kinds;
    if (!kinds)
      return false;
  }
  const sks_rules *rs = f->rules;
  sks_error *keep = f->err;
  bool ok = true;
  f->err = NULL; /* a cell not read: not a picture, no error of its own */
  if (!strcmp(key, "line")) {
    json_t *lines = json_object_get(e, "lines");
    int r, g, b, said;
    kinds = kinds ? kinds & LINE_KINDS : LINE_KINDS;
    /* a line the rules text gives a rule by its colour pictures that
     * rule only (else it is read as that rule too: text_line) */
    if (!from && f->ruleset &&
        colour_of(json_object_get(e, "outlineC"), &r, &g, &b) &&
        (said = sks_rules_text_line_rule(f->ruleset, r, g, b)) >= 0 &&
        said != SKS_RULE_THERMO)
      kinds &= sks_kind_bit(said);
    ok = json_is_array(lines) && json_array_size(lines);
    for (size_t l = 0; ok && l < json_array_size(lines); l++) {
      f->more.n = 0;
      ok = !cells_into(f, json_array_get(lines, l), "lines", &f->more);
      bool found = false;
      for (int i = 0; ok && !found && i < rs->count; i++)
        found = (kinds >> rs->rule[i].kind & 1) &&
                line_is(&rs->rule[i], f->more.a, f->more.n);
      ok &= found;
    }
  } else if (!strcmp(key, "cage") && (!kinds || kinds & CAGE_KINDS)) {
    kinds = kinds ? kinds & CAGE_KINDS : CAGE_KINDS;
    f->more.n = 0;
    ok = empty(json_object_get(e, "value")) &&
         !cells_into(f, json_object_get(e, "cells"), "cells", &f->more);
    bool found = false;
    for (int i = 0; ok && !found && i < rs->count; i++) {
      const sks_rule *r = &rs->rule[i];
      size_t k = (size_t)r->split;
      found = (kinds >> r->kind & 1) &&
              (same_set(f->more.a, f->more.n, r->cells, (size_t)r->ncells) ||
               (k && (same_set(f->more.a, f->more.n, r->cells, k) ||
                      same_set(f->more.a, f->more.n, r->cells + k,
                               (size_t)r->ncells - k))));
    }
    ok &= found;
  } else if (!kinds && !strcmp(key, "text")) {
    /* an inequality sign (a symbol, no letter or digit) on the two cells
     * of a thermometer or a `greater` rule */
    const char *text = json_string_value(json_object_get(e, "value"));
    f->more.n = 0;
    ok = text && *text && !says_something(text) &&
         !cells_into(f, json_object_get(e, "cells"), "cells", &f->more) &&
         f->more.n == 2;
    bool found = false;
    for (int i = 0; ok && !found && i < rs->count; i++) {
      const sks_rule *r = &rs->rule[i];
      found = (r->kind == SKS_RULE_THERMO || r->kind == SKS_RULE_GREATER) &&
              same_set(f->more.a, f->more.n, r->cells, (size_t)r->ncells);
    }
    ok &= found;
  } else {
    /* a circle, rectangle or text: only as a named constraint's picture */
    json_t *cells = json_object_get(e, "cells");
    const char *text = json_string_value(json_object_get(e, "value"));
    json_t *value = json_object_get(e, "value");
    ok = kinds && json_is_array(cells) && json_array_size(cells) &&
         (!value || json_is_string(value));
    for (size_t k = 0; ok && k < json_array_size(cells); k++) {
      int row, col, cr, cc;
      ok = !cell_of(f, json_array_get(cells, k), true, &row, &col);
      bool found = false;
      for (int i = 0; ok && !found && i < rs->count; i++) {
        const sks_rule *r = &rs->rule[i];
        if (!(kinds >> r->kind & 1))
          continue;
        bool on = false;
        if (clue_cell(r, n, &cr, &cc))
          on = cr == row && cc == col;
        else if (row >= 1 && row <= n && col >= 1 && col <= n)
          for (int j = 0; j < r->ncells && !on; j++)
            on = r->cells[j] == (row - 1) * n + col - 1;
        char clue[16] = "";
        if (r->value != SKS_RULE_NO_VALUE)
          snprintf(clue, sizeof clue, "%d", r->value);
        found = on && (!says_something(text) || !strcmp(text, clue));
      }
      ok &= found;
    }
  }
  f->err = keep;
  return ok;
}

static bool in(const char *key, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(key, list[i]))
      return true;
  return false;
}

/* An f-puzzles colour ("#RGB", "#RRGGBB", alpha after): false when none. */
static bool colour_of(json_t *v, int *r, int *g, int *b) {
  const char *s = json_string_value(v);
  int d[8], nd = 0;
  if (!s || s[0] != '#')
    return false;
  for (const char *p = s + 1; *p && nd < 8; p++) {
    int x = *p >= '0' && *p <= '9'                     ? *p - '0'
            : (*p | 0x20) >= 'a' && (*p | 0x20) <= 'f' ? (*p | 0x20) - 'a' + 10
                                                       : -1;
    if (x < 0)
      return false;
    d[nd++] = x;
  }
  if (nd == 3 || nd == 4)
    *r = d[0] * 17, *g = d[1] * 17, *b = d[2] * 17;
  else if (nd == 6 || nd == 8)
    *r = d[0] * 16 + d[1], *g = d[2] * 16 + d[3], *b = d[4] * 16 + d[5];
  else
    return false;
  return strlen(s) == (size_t)nd + 1;
}

/* The unused "circle" or "rectangle" drawing of obj of colour (r, g, b)
 * (its baseC or outlineC) on exactly the cells want[0..nw), at least
 * min wide (0: any), or NULL. */
static json_t *mark_on(fp *f, json_t *obj, json_t *used, const int *want,
                       size_t nw, int r, int g, int b, double min) {
  static const char *const KINDS[] = {"circle", "rectangle"};
  sks_error *keep = f->err;
  json_t *found = NULL;
  f->err = NULL;
  for (int k = 0; k < 2 && !found; k++) {
    json_t *list = json_object_get(obj, KINDS[k]);
    for (size_t i = 0; i < json_array_size(list) && !found; i++) {
      json_t *e = json_array_get(list, i);
      bool taken = false;
      for (size_t u = 0; u < json_array_size(used) && !taken; u++)
        taken = json_array_get(used, u) == e;
      int cr, cg, cb;
      json_t *w = json_object_get(e, "width");
      int_stack cells = {0};
      bool ok = !taken && json_is_object(e) &&
                (colour_of(json_object_get(e, "baseC"), &cr, &cg, &cb) ||
                 colour_of(json_object_get(e, "outlineC"), &cr, &cg, &cb)) &&
                abs(cr - r) <= 24 && abs(cg - g) <= 24 && abs(cb - b) <= 24 &&
                (!min || (json_is_number(w) && json_number_value(w) >= min)) &&
                empty(json_object_get(e, "value")) &&
                !cells_into(f, json_object_get(e, "cells"), "cells", &cells) &&
                same_set(cells.a, cells.n, want, nw);
      SKS_STACK_FREE(cells);
      if (ok)
        found = e;
    }
  }
  f->err = keep;
  return found;
}

/* Is w (lower case) in text, whatever the case? */
static bool says(const char *text, const char *w) {
  size_t k = strlen(w);
  for (; *text; text++) {
    size_t j = 0;
    while (j < k && text[j] &&
           (text[j] >= 'A' && text[j] <= 'Z' ? text[j] | 0x20 : text[j]) ==
               w[j])
      j++;
    if (j == k)
      return true;
  }
  return false;
}

/* The line f->cells as a branch of a thermometer drawn before (f->drawn):
 * one of its ends on a cell of it, its other cells off it; the
 * thermometer up to that cell, then the line, added.  False: none. */
static bool branch_of(fp *f, int rgb) {
  for (size_t d = 0; d + 1 < f->drawn.n; d += 2) {
    const sks_rule *t = &f->rules->rule[f->drawn.a[d]];
    if (f->drawn.a[d + 1] != rgb)
      continue;
    for (int end = 0; end < 2; end++) {
      size_t m = f->cells.n;
      int from = end ? f->cells.a[m - 1] : f->cells.a[0];
      int at = -1;
      for (int i = 0; i < t->ncells && at < 0; i++)
        if (t->cells[i] == from)
          at = i;
      bool off = at >= 0;
      for (size_t i = 1; off && i < m; i++) {
        int c = f->cells.a[end ? m - 1 - i : i];
        for (int j = 0; j < t->ncells && off; j++)
          off = t->cells[j] != c;
      }
      if (!off)
        continue;
      f->more.n = 0;
      for (int i = 0; i <= at; i++)
        SKS_PUSH(f->more, t->cells[i]);
      for (size_t i = 1; i < m; i++)
        SKS_PUSH(f->more, f->cells.a[end ? m - 1 - i : i]);
      sks_rule_kind kind = t->kind;
      f->cells.n = 0;
      for (size_t i = 0; i < f->more.n; i++)
        SKS_PUSH(f->cells, f->more.a[i]);
      SKS_PUSH(f->drawn, f->rules->count);
      SKS_PUSH(f->drawn, rgb);
      return !add(f, kind, SKS_RULE_NO_VALUE, 0, NULL, 0);
    }
  }
  return false;
}

/* A "line" drawing e that is no picture of a rule read: a thermometer
 * when a circle of its colour (0.55 wide or more) is on an end cell and
 * the rules text speaks of thermometers (slow when it says so), or a
 * branch of one (a line of its colour from a cell of a thermometer so
 * read, of its colour: the thermometer up to that cell, then the line);
 * else the rule
 * the text names with its colour (sks_rules_text_line_rule), a zipper's
 * centre marked by a circle or a diamond of its colour.  1: read; 0:
 * not; -1: an error set. */
static int text_line(fp *f, json_t *e, const char *text, json_t *obj,
                     json_t *used) {
  int r, g, b;
  json_t *lines = json_object_get(e, "lines");
  if (!text || !colour_of(json_object_get(e, "outlineC"), &r, &g, &b) ||
      !json_is_array(lines) || !json_array_size(lines))
    return 0;
  int kind = sks_rules_text_line_rule(text, r, g, b);
  bool thermo_text = says(text, "thermo");
  sks_error *keep = f->err;
  int rc = 1;
  for (size_t l = 0; rc > 0 && l < json_array_size(lines); l++) {
    f->cells.n = 0;
    f->err = NULL;
    if (cells_into(f, json_array_get(lines, l), "lines", &f->cells) ||
        f->cells.n < 2) {
      rc = 0;
      break;
    }
    f->err = keep;
    int ends[2] = {f->cells.a[0], f->cells.a[f->cells.n - 1]};
    json_t *bulb[2] = {NULL, NULL};
    for (int k = 0; k < 2 && thermo_text; k++)
      bulb[k] = mark_on(f, obj, used, &ends[k], 1, r, g, b, 0.55);
    if (bulb[0] && bulb[1]) {
      rc = 0;
      break;
    }
    if (bulb[0] || bulb[1]) {
      json_array_append(used, bulb[0] ? bulb[0] : bulb[1]);
      if (!bulb[0])
        for (size_t i = 0, j = f->cells.n - 1; i < j; i++, j--) {
          int t = f->cells.a[i];
          f->cells.a[i] = f->cells.a[j];
          f->cells.a[j] = t;
        }
      SKS_PUSH(f->drawn, f->rules->count);
      SKS_PUSH(f->drawn, r << 16 | g << 8 | b);
      if (add(f,
              sks_rules_text_slow(text) ? SKS_RULE_SLOW_THERMO
                                        : SKS_RULE_THERMO,
              SKS_RULE_NO_VALUE, 0, NULL, 0))
        rc = -1;
      continue;
    }
    /* A branch: from a cell of a thermometer drawn before. */
    if (thermo_text && branch_of(f, r << 16 | g << 8 | b))
      continue;
    if (kind < 0 || kind == SKS_RULE_THERMO) {
      rc = 0;
      break;
    }
    if (kind == SKS_RULE_ZIPPER) {
      size_t k = f->cells.n;
      int mid[2] = {f->cells.a[(k - 1) / 2], f->cells.a[k / 2]};
      json_t *m = mark_on(f, obj, used, mid, k % 2 ? 1 : 2, r, g, b, 0);
      if (m)
        json_array_append(used, m);
    }
    if (add(f, (sks_rule_kind)kind, SKS_RULE_NO_VALUE, 0, NULL, 0))
      rc = -1;
  }
  f->err = keep;
  return rc;
}

bool sks_fpuzzles_is(json_t *obj) {
  json_t *grid = json_object_get(obj, "grid");
  return json_is_integer(json_object_get(obj, "size")) &&
         json_is_object(json_array_get(json_array_get(grid, 0), 0));
}

/* negative ["ratio", "difference", "xv"] and nonconsecutive: the dots
 * not drawn say their pair is not so. */
static int read_negative(fp *f, json_t *neg, json_t *noncon) {
  bool white = false, black = false, xv = false;
  if (!empty(noncon)) {
    f->key = "nonconsecutive";
    f->entry = 0;
    if (!json_is_true(noncon))
      return fp_error(f, "%s, expected true or false",
                      sks_json_type_name(noncon));
    white = true;
  }
  if (!empty(neg)) {
    f->key = "negative";
    if (!json_is_array(neg))
      return fp_error(f, "%s, expected a list of names",
                      sks_json_type_name(neg));
    for (size_t i = 0; i < json_array_size(neg); i++) {
      const char *s = json_string_value(json_array_get(neg, i));
      f->entry = i + 1;
      if (s && !strcmp(s, "difference"))
        white = true;
      else if (s && !strcmp(s, "ratio"))
        black = true;
      else if (s && !strcmp(s, "xv"))
        xv = true;
      else
        return fp_error(f,
                        "\"%.24s\": a negative constraint sudokusat does "
                        "not read (ratio, difference and xv are read)",
                        s ? s : sks_json_type_name(json_array_get(neg, i)));
    }
    f->entry = 0;
  }
  f->cells.n = 0;
  if (white && f->diff_other)
    return fp_error(f, "every white dot given, with dots of a difference "
                       "other than 1: not read");
  if (black && f->ratio_other)
    return fp_error(f, "every black dot given, with dots of a ratio other "
                       "than 2: not read");
  if (white &&
      add(f, f->has_diff ? SKS_RULE_WHITE_ALL : SKS_RULE_NON_CONSECUTIVE,
          SKS_RULE_NO_VALUE, 0, NULL, 0))
    return -1;
  if (black && add(f, SKS_RULE_BLACK_ALL, SKS_RULE_NO_VALUE, 0, NULL, 0))
    return -1;
  if (xv && add(f, SKS_RULE_XV_ALL, SKS_RULE_NO_VALUE, 0, NULL, 0))
    return -1;
  return 0;
}

/* The grid: givens into rd->p, the regions into map (the default boxes'
 * ids where a cell names none); *jigsaw: a cell named one. */
static int read_grid(fp *f, json_t *grid, int br, int bc, int *map,
                     bool *jigsaw, bool *every) {
  int n = f->n;
  sks_puzzle *p = f->rd->p;
  f->key = "grid";
  *jigsaw = false;
  *every = true;
  if (!json_is_array(grid) || json_array_size(grid) != (size_t)n)
    return fp_error(f, "%zu rows for a puzzle of size %d",
                    json_is_array(grid) ? json_array_size(grid) : 0, n);
  for (int r = 0; r < n; r++) {
    json_t *row = json_array_get(grid, (size_t)r);
    if (!json_is_array(row) || json_array_size(row) != (size_t)n)
      return fp_error(f, "row %d is not a list of %d cells", r + 1, n);
    for (int c = 0; c < n; c++) {
      json_t *cell = json_array_get(row, (size_t)c);
      int i = r * n + c;
      p->cell[i] = -1;
      map[i] = (r / br) * (n / bc) + c / bc;
      if (!json_is_object(cell))
        return fp_error(f, "R%dC%d is %s, expected an object", r + 1, c + 1,
                        sks_json_type_name(cell));
      const char *key;
      json_t *m;
      json_object_foreach(cell, key, m) {
        const char *par = json_string_value(m);
        if (!strcmp(key, "parity") && par &&
            (same_word(par, "odd") || same_word(par, "even"))) {
          SKS_PUSH(f->parity, 2 * i + ((par[0] | 0x20) == 'o'));
          continue;
        }
        if (!strcmp(key, "value") || !strcmp(key, "given") ||
            !strcmp(key, "region") || !strcmp(key, "c") ||
            !strcmp(key, "cArray") || !strcmp(key, "highlight") ||
            !strcmp(key, "centerPencilMarks") ||
            !strcmp(key, "cornerPencilMarks"))
          continue;
        if (empty(m))
          continue;
        return fp_error(f, "R%dC%d's \"%.24s\": %s", r + 1, c + 1, key,
                        !strcmp(key, "givenPencilMarks")
                            ? "given pencil marks are not read"
                            : "a cell field sudokusat does not read");
      }
      json_t *given = json_object_get(cell, "given");
      json_t *value = json_object_get(cell, "value");
      if (json_is_true(given) && !empty(value) &&
          !(json_is_integer(value) && json_integer_value(value) == 0)) {
        if (!json_is_integer(value) || json_integer_value(value) < 1 ||
            json_integer_value(value) > n)
          return fp_error(f, "R%dC%d: a given that is no digit of 1-%d", r + 1,
                          c + 1, n);
        p->cell[i] = (int)json_integer_value(value) - 1;
      }
      json_t *region = json_object_get(cell, "region");
      if (!region || json_is_null(region)) {
        *every = false;
        continue;
      }
      if (!json_is_integer(region) || json_integer_value(region) < 0 ||
          json_integer_value(region) >= n)
        return fp_error(f, "R%dC%d: region %s (expected 0-%d)", r + 1, c + 1,
                        json_is_integer(region) ? "out of range"
                                                : sks_json_type_name(region),
                        n - 1);
      if (map[i] != (int)json_integer_value(region))
        *jigsaw = true;
      map[i] = (int)json_integer_value(region);
    }
  }
  return 0;
}

int sks_fpuzzles_build(sks_reader *rd, json_t *obj, long line, long col,
                       sks_error *err) {
  fp f = {.rd = rd, .line = line, .col = col, .err = err};
  json_t *size = json_object_get(obj, "size");
  json_int_t n = json_integer_value(size);
  if (n < 2 || n > SKS_MAX_N)
    return fp_error(&f, "size %lld: sizes go from 2 to %d", (long long)n,
                    SKS_MAX_N);
  f.n = (int)n;
  if (sks_form_prepare(rd, f.n, err))
    return -1;
  int br = rd->p->shape->box_rows, bc = rd->p->shape->box_cols;
  int *map = sks_malloc((size_t)n * n * sizeof *map);
  bool jigsaw, every;
  int rc =
      read_grid(&f, json_object_get(obj, "grid"), br, bc, map, &jigsaw, &every);
  f.key = NULL;
  if (!rc && br == 1 && !every)
    rc = fp_error(&f,
                  "a %dx%d grid with cells of no region: f-puzzles' own "
                  "regions for this size are not read",
                  f.n, f.n);
  if (!rc && jigsaw) {
    const sks_shape *shape =
        sks_shape_new(br, bc, rd->opt.variants | SKS_VARIANT_JIGSAW, map, err);
    if (!shape) {
      if (err)
        err->line = line, err->col = col;
      rc = -1;
    } else {
      sks_shape_release(rd->p->shape);
      rd->p->shape = shape;
      rd->p_mapped = true; /* the next puzzle gets a shape of its own */
    }
  }
  free(map);
  if (rc)
    return -1;
  f.rules = sks_rules_new(f.n);
  /* the cells' "parity": odd and even cells */
  for (size_t k = 0; !rc && k < f.parity.n; k++) {
    f.key = "grid";
    f.cells.n = 0;
    SKS_PUSH(f.cells, f.parity.a[k] / 2);
    rc = add(&f, f.parity.a[k] % 2 ? SKS_RULE_ODD : SKS_RULE_EVEN,
             SKS_RULE_NO_VALUE, 0, NULL, 0);
  }
  const char *key;
  json_t *v;
  json_object_foreach(obj, key, v) {
    size_t k = 0;
    while (k < sizeof KEYS / sizeof *KEYS && strcmp(KEYS[k].key, key))
      k++;
    f.key = key;
    f.entry = 0;
    if (k == sizeof KEYS / sizeof *KEYS) {
      if (in(key, QUIET, sizeof QUIET / sizeof *QUIET) || empty(v))
        continue;
      if (in(key, DRAWINGS, sizeof DRAWINGS / sizeof *DRAWINGS))
        continue; /* once the rules are read */
      rc = fp_error(&f, "a rule sudokusat does not read; the puzzle is not "
                        "answered without it");
      break;
    }
    if (!KEYS[k].fn || empty(v))
      continue;
    if (KEYS[k].list && !json_is_array(v)) {
      rc = fp_error(&f, "%s, expected a list", sks_json_type_name(v));
      break;
    }
    if ((rc = KEYS[k].fn(&f, v, KEYS[k].kind)))
      break;
  }
  if (!rc)
    rc = read_negative(&f, json_object_get(obj, "negative"),
                       json_object_get(obj, "nonconsecutive"));
  /* The drawings: each the picture of a rule read, a line the rules
   * text gives its rule (and the marks on it), or refused. */
  json_t *ruleset = json_object_get(obj, "ruleset");
  json_t *used = json_array(); /* marks taken by the lines */
  f.ruleset = json_string_value(ruleset);
  for (size_t d = 0; !rc && d < sizeof DRAWINGS / sizeof *DRAWINGS; d++) {
    json_t *dv = json_object_get(obj, DRAWINGS[d]);
    f.key = DRAWINGS[d];
    f.entry = 0;
    if (empty(dv))
      continue;
    if (!json_is_array(dv)) {
      rc = fp_error(&f, "%s, expected a list", sks_json_type_name(dv));
      break;
    }
    for (size_t i = 0; !rc && i < json_array_size(dv); i++) {
      json_t *e = json_array_get(dv, i);
      bool taken = false;
      for (size_t k = 0; k < json_array_size(used) && !taken; k++)
        taken = json_array_get(used, k) == e;
      if (taken || (json_is_object(e) && picture_of_rule(&f, DRAWINGS[d], e)))
        continue;
      int got = d == 0 && json_is_object(e)
                    ? text_line(&f, e, json_string_value(ruleset), obj, used)
                    : 0;
      if (got > 0)
        continue;
      if (!got)
        rc = fp_error(&f,
                      "a drawing (entry %zu: the picture of no rule read), "
                      "whose meaning is in the rules text: not read, and the "
                      "puzzle is not answered without it (remove the "
                      "drawings when they are only decoration)",
                      i + 1);
      else
        rc = -1;
    }
  }
  json_decref(used);
  /* The ruleset's text held against the rules read (rules_text.c). */
  if (!rc && json_is_string(ruleset)) {
    size_t len = json_string_length(ruleset);
    char *text = sks_malloc(len + 1), why[256];
    const char *p = json_string_value(ruleset);
    for (size_t i = 0; i <= len; i++)
      text[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] | 0x20 : p[i]);
    f.key = NULL;
    if (sks_rules_text_read(f.rules, text, false, rd->pending_rules.n > 0, why,
                            sizeof why))
      rc = fp_error(&f, "%s", why);
    free(text);
  }
  if (!rc) {
    rd->rules_merge = true; /* rule lines above it add to its rules */
    sks_puzzle_set_rules(rd->p, f.rules);
    json_t *title = json_object_get(obj, "title");
    if (json_is_string(title) && *json_string_value(title))
      sks_puzzle_set_name(rd->p, json_string_value(title),
                          json_string_length(title));
    rd->p->look.line = line;
  }
  sks_rules_release(f.rules);
  SKS_STACK_FREE(f.cells);
  SKS_STACK_FREE(f.more);
  SKS_STACK_FREE(f.parity);
  SKS_STACK_FREE(f.drawn);
  return rc ? -1 : 0;
}
