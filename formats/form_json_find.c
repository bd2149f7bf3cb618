/* Finding the puzzles of a JSON document (docs/formats.md, "JSON and
 * ipuz"): jansson's tree walked once, in document order, each puzzle (a
 * value, its solution and name beside it, its place) or error queued for
 * form_json.c to hand out.  A value's place is its index among the values
 * up to SKS_JSON_DEPTH deep in document order, which the scan kept. */
#include "json_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void add_item(struct sks_json *j, sks_json_item it) {
  SKS_PUSH(j->q, it);
}

void sks_json_queue_error(struct sks_json *j, size_t pos, bool foreign,
                          const char *fmt, ...) {
  char msg[sizeof((sks_error *)0)->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  size_t len = strlen(msg);
  sks_json_item it = {
      .pos = pos, .foreign = foreign, .msg = j->msgs.n, .msg_len = len};
  SKS_STACK_RESERVE(j->msgs, j->msgs.n + len);
  memcpy(j->msgs.a + j->msgs.n, msg, len);
  j->msgs.n += len;
  add_item(j, it);
}

/* The values at depth SKS_JSON_DEPTH or less in v's tree (v at depth). */
static size_t count(json_t *v, int depth) {
  if (depth > SKS_JSON_DEPTH)
    return 0;
  size_t k = 1;
  if (json_is_array(v)) {
    for (size_t i = 0; depth < SKS_JSON_DEPTH && i < json_array_size(v); i++)
      k += count(json_array_get(v, i), depth + 1);
  } else if (json_is_object(v) && depth < SKS_JSON_DEPTH) {
    const char *key;
    json_t *m;
    json_object_foreach(v, key, m) k += count(m, depth + 1);
  }
  return k;
}

/* ---- what a value is ---- */

/* A cell: a number, null, a string of one symbol or none, an ipuz
 * {"given": ...} or {"value": ...}. */
json_t *sks_json_unwrap(json_t *v) {
  if (json_is_object(v)) {
    json_t *g = json_object_get(v, "given");
    if (!g)
      g = json_object_get(v, "value");
    if (g)
      return g;
  }
  return v;
}

static bool cell_like(json_t *v) {
  v = sks_json_unwrap(v);
  return json_is_integer(v) || json_is_null(v) ||
         (json_is_string(v) && json_string_length(v) <= 1);
}

static bool row_like(json_t *v) {
  if (!json_is_array(v) || !json_array_size(v))
    return false;
  for (size_t i = 0; i < json_array_size(v); i++)
    if (!cell_like(json_array_get(v, i)))
      return false;
  return true;
}

/* Is a cell blank or a digit of 1..k (a small puzzle's)? */
static bool small_cell(json_t *v, long k) {
  v = sks_json_unwrap(v);
  if (json_is_integer(v))
    return json_integer_value(v) >= 0 && json_integer_value(v) <= k;
  if (json_is_string(v)) {
    const char *s = json_string_value(v);
    return !*s || strchr(".0-_", *s) || (*s >= '1' && *s <= '0' + k);
  }
  return json_is_null(v);
}

/* 81 rows of 81 cells, each a digit of 1-9 or blank: 81 puzzles of 9x9
 * (a list of them), not the rows of an 81x81 one, which would use no
 * digit past 9. */
static bool small_rows(json_t *a, size_t len) {
  int k = 9;
  if (len != 81)
    return false;
  for (size_t r = 0; r < json_array_size(a); r++) {
    json_t *row = json_array_get(a, r);
    if (json_is_string(row)) {
      const char *s = json_string_value(row);
      for (size_t i = 0; s[i]; i++)
        if (!strchr(".0-_", s[i]) && !(s[i] >= '1' && s[i] <= '0' + k))
          return false;
    } else {
      for (size_t i = 0; i < json_array_size(row); i++)
        if (!small_cell(json_array_get(row, i), k))
          return false;
    }
  }
  return true;
}

static sks_json_kind classify(json_t *v) {
  return sks_json_classify(v, false);
}

sks_json_kind sks_json_classify(json_t *v, bool ipuz) {
  if (json_is_string(v))
    return SKS_JSON_STRING;
  if (json_is_object(v)) {
    size_t c = json_object_size(v);
    const char *key;
    json_t *m;
    if (c < 2)
      return SKS_JSON_NONE;
    json_object_foreach(v, key, m) {
      if (!row_like(m) || json_array_size(m) != c)
        return SKS_JSON_NONE;
    }
    return SKS_JSON_OBJECT_ROWS;
  }
  if (!json_is_array(v) || !json_array_size(v))
    return SKS_JSON_NONE;
  size_t c = json_array_size(v);
  bool cells = true, rows = true, strings = true;
  for (size_t i = 0; i < c; i++) {
    json_t *e = json_array_get(v, i);
    cells &= cell_like(e);
    rows &= row_like(e) && json_array_size(e) == c;
    strings &= json_is_string(e) && json_string_length(e) == c;
  }
  if (cells)
    return SKS_JSON_FLAT;
  if (rows && (ipuz || !small_rows(v, c)))
    return SKS_JSON_ROWS;
  if (strings && c > 1 && !small_rows(v, c))
    return SKS_JSON_TEXT_ROWS;
  return SKS_JSON_NONE;
}

/* ---- finding the puzzles: the tree walked once, into the queue ---- */

static const char *const PUZZLE_KEYS[] = {
    "puzzle", "puzzles", "quizzes",  "quiz",    "grid",     "board", "input",
    "givens", "sudoku",  "question", "problem", "unsolved", "clues", NULL};
static const char *const SOLUTION_KEYS[] = {"solution", "solutions", "answer",
                                            "answers",  "solved",    NULL};
static const char *const NAME_KEYS[] = {"name", "title", "id", NULL};
/* Variant rules as f-puzzles and other setters' tools name them: a puzzle
 * that carries one is refused, never answered without it (a rule dropped
 * turns a unique puzzle into one with several solutions). */
static const char *const RULE_KEYS[] = {"killercage",
                                        "cage",
                                        "cages",
                                        "littlekillersum",
                                        "sandwichsum",
                                        "xsum",
                                        "skyscraper",
                                        "thermometer",
                                        "arrow",
                                        "difference",
                                        "ratio",
                                        "xv",
                                        "diagonal+",
                                        "diagonal-",
                                        "antiknight",
                                        "antiking",
                                        "nonconsecutive",
                                        "disjointgroups",
                                        "odd",
                                        "even",
                                        "minimum",
                                        "maximum",
                                        "extraregion",
                                        "quadruple",
                                        "betweenline",
                                        "palindrome",
                                        "renban",
                                        "whispers",
                                        "regionsumline",
                                        "clone",
                                        "lockout",
                                        "entropicline",
                                        "modularline",
                                        "zipperline",
                                        "greaterthan",
                                        "kropki",
                                        "thermo",
                                        "killer",
                                        "sandwich",
                                        "constraints",
                                        NULL};

/* Is key `want` (lowercase) in any case? */
static bool same_key(const char *key, const char *want) {
  for (; *key && *want; key++, want++)
    if ((*key >= 'A' && *key <= 'Z' ? *key - 'A' + 'a' : *key) != *want)
      return false;
  return !*key && !*want;
}

/* The first rule key of obj whose value says something (not null, false,
 * 0, "" or an empty list), or NULL. */
static const char *rule_key(json_t *obj) {
  for (size_t k = 0; RULE_KEYS[k]; k++) {
    const char *key;
    json_t *m;
    json_object_foreach(obj, key, m) {
      if (!same_key(key, RULE_KEYS[k]) || json_is_null(m) || json_is_false(m) ||
          (json_is_array(m) && !json_array_size(m)) ||
          (json_is_object(m) && !json_object_size(m)) ||
          (json_is_string(m) && !*json_string_value(m)) ||
          (json_is_number(m) && json_number_value(m) == 0))
        continue;
      return key;
    }
  }
  return NULL;
}

/* The member of obj under one of keys (any case), first of the list; with
 * usable, only one that is a string, an array or an object. */
static json_t *member(json_t *obj, const char *const *keys, bool usable,
                      const char **which) {
  for (size_t k = 0; keys[k]; k++) {
    const char *key;
    json_t *m;
    json_object_foreach(obj, key, m) {
      if (!same_key(key, keys[k]))
        continue;
      if (usable &&
          !(json_is_string(m) || json_is_array(m) || json_is_object(m)))
        continue;
      if (which)
        *which = key;
      return m;
    }
  }
  return NULL;
}

/* The place of obj's member m (obj's place at idx, depth). */
static size_t member_pos(json_t *obj, size_t idx, int depth, json_t *target) {
  if (depth >= SKS_JSON_DEPTH)
    return idx;
  size_t at = idx + 1;
  const char *key;
  json_t *m;
  json_object_foreach(obj, key, m) {
    if (m == target)
      return at;
    at += count(m, depth + 1);
  }
  return idx;
}

/* A solution field's value for one puzzle: a list of one solution gives
 * it; of none or several (the puzzle has as many), none is checked. */
static json_t *one_solution(json_t *sol) {
  if (sol && json_is_array(sol) && classify(sol) == SKS_JSON_NONE)
    return json_array_size(sol) == 1 ? json_array_get(sol, 0) : NULL;
  return sol;
}

static bool ipuz_kind(json_t *obj, json_t **kind) {
  *kind = json_object_get(obj, "kind");
  return *kind && json_is_array(*kind) && json_object_get(obj, "puzzle");
}

static void collect(struct sks_json *j, json_t *v, size_t idx, int depth,
                    bool top);

/* An object: an ipuz document, one with a puzzle field (a puzzle, or a
 * list of them with their solutions in a list beside), or the rows of a
 * grid under keys of their own. */
static void collect_object(struct sks_json *j, json_t *obj, size_t idx,
                           int depth, bool top) {
  json_t *kind;
  if (ipuz_kind(obj, &kind)) {
    bool sudoku = false;
    for (size_t i = 0; i < json_array_size(kind); i++) {
      const char *k = json_string_value(json_array_get(kind, i));
      sudoku |= k && strstr(k, "sudoku") != NULL;
    }
    const char *k0 = json_string_value(json_array_get(kind, 0));
    if (!sudoku) {
      sks_json_queue_error(j, idx, true,
                           "an ipuz document of kind %.60s: only "
                           "http://ipuz.org/sudoku is read",
                           k0 ? k0 : "(none)");
      return;
    }
    if (json_object_get(obj, "zones") || json_object_get(obj, "cages")) {
      sks_json_queue_error(
          j, idx, true, "an ipuz sudoku with %s: only classic boxes are read",
          json_object_get(obj, "zones") ? "zones" : "cages");
      return;
    }
    json_t *p = json_object_get(obj, "puzzle");
    sks_json_item it = {.puzzle = p,
                        .solution = json_object_get(obj, "solution"),
                        .name = json_object_get(obj, "title"),
                        .doc = obj,
                        .pos = member_pos(obj, idx, depth, p),
                        .ipuz = true};
    add_item(j, it);
    return;
  }
  /* f-puzzles' own form: "size" and a "grid" of cell objects, its
   * rules under keys of their own (form_fpuzzles.c). */
  if (sks_fpuzzles_is(obj)) {
    add_item(j, (sks_json_item){.puzzle = obj,
                                .name = json_object_get(obj, "title"),
                                .pos = idx,
                                .fpuzzles = true});
    return;
  }
  /* SudokuPad's own form: rows of cell objects under "cells", its rules
   * drawn (form_sudokupad.c). */
  if (sks_sudokupad_is(obj)) {
    add_item(j, (sks_json_item){.puzzle = obj, .pos = idx, .sudokupad = true});
    return;
  }
  const char *key = NULL;
  json_t *pv = member(obj, PUZZLE_KEYS, true, &key);
  json_t *sol = member(obj, SOLUTION_KEYS, false, NULL);
  json_t *name = member(obj, NAME_KEYS, false, NULL);
  if (!pv) {
    if (classify(obj) == SKS_JSON_OBJECT_ROWS) {
      add_item(j, (sks_json_item){.puzzle = obj, .pos = idx});
      return;
    }
    char keys[160] = "";
    size_t shown = 0, len = 0;
    const char *k;
    json_t *m;
    json_object_foreach(obj, k, m) {
      if (shown++ == SKS_JSON_KEYS_SHOWN) {
        snprintf(keys + len, sizeof keys - len, ", ...");
        break;
      }
      int w = snprintf(keys + len, sizeof keys - len, "%s\"%.24s\"",
                       shown > 1 ? ", " : "", k);
      if (w > 0 && (size_t)w < sizeof keys - len)
        len += (size_t)w;
    }
    sks_json_queue_error(
        j, idx, true,
        "a JSON %s with no puzzle field: an object with %s%s "
        "(puzzle fields: puzzle, grid, board, quizzes, input, ...)",
        top ? "document" : "object",
        json_object_size(obj) ? "keys " : "no keys", keys);
    return;
  }
  size_t at = member_pos(obj, idx, depth, pv);
  const char *rule = rule_key(obj);
  if (rule) {
    sks_json_queue_error(j, idx, true,
                         "a puzzle with the variant rule \"%.32s\", which "
                         "sudokusat does not read (yet): it is not answered "
                         "without it (docs/formats.md, \"JSON and ipuz\")",
                         rule);
    return;
  }
  if (json_is_array(pv) && classify(pv) == SKS_JSON_NONE) {
    /* A list of puzzles; a list of solutions as long beside it. */
    size_t n = json_array_size(pv);
    bool sols = sol && json_is_array(sol) && classify(sol) == SKS_JSON_NONE &&
                json_array_size(sol) == n;
    if (!n) {
      sks_json_queue_error(j, at, true, "an empty list of puzzles in \"%.24s\"",
                           key);
      return;
    }
    size_t e = at + 1;
    for (size_t i = 0; i < n; i++) {
      json_t *el = json_array_get(pv, i);
      size_t here = depth + 1 < SKS_JSON_DEPTH ? e : at;
      if (json_is_object(el) && !sols)
        collect(j, el, here, depth + 2, false);
      else if (json_is_string(el) || json_is_array(el) || json_is_object(el))
        add_item(
            j, (sks_json_item){.puzzle = el,
                               .solution = sols ? json_array_get(sol, i) : NULL,
                               .pos = here});
      else
        sks_json_queue_error(j, here, true, "%s in a list of puzzles",
                             sks_json_type_name(el));
      e += count(el, depth + 2);
    }
    return;
  }
  if (json_is_object(pv) && classify(pv) == SKS_JSON_NONE) {
    collect(j, pv, at, depth + 1, false);
    return;
  }
  add_item(j, (sks_json_item){.puzzle = pv,
                              .solution = one_solution(sol),
                              .name = name,
                              .pos = at});
}

static void collect(struct sks_json *j, json_t *v, size_t idx, int depth,
                    bool top) {
  if (depth > SKS_JSON_DEPTH) {
    sks_json_queue_error(
        j, idx, true,
        "%s nested more than %d levels deep: puzzles are looked for "
        "up to there",
        sks_json_type_name(v), SKS_JSON_DEPTH);
    return;
  }
  if (json_is_object(v)) {
    collect_object(j, v, idx, depth, top);
    return;
  }
  if (json_is_string(v) || classify(v) != SKS_JSON_NONE) {
    add_item(j, (sks_json_item){.puzzle = v, .pos = idx});
    return;
  }
  if (!json_is_array(v)) {
    sks_json_queue_error(j, idx, true, "%s where a puzzle was expected",
                         sks_json_type_name(v));
    return;
  }
  size_t n = json_array_size(v);
  if (!n) {
    sks_json_queue_error(j, idx, true, "a JSON %s that is an empty array",
                         top ? "document" : "value");
    return;
  }
  size_t e = idx + 1;
  for (size_t i = 0; i < n; i++) {
    json_t *el = json_array_get(v, i);
    collect(j, el, depth < SKS_JSON_DEPTH ? e : idx, depth + 1, false);
    e += count(el, depth + 1);
  }
}

void sks_json_collect(struct sks_json *j) {
  collect(j, j->root, 0, 0, true);
}
