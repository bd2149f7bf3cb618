/* JSON puzzle files and ipuz documents, read with jansson (docs/formats.md,
 * "JSON and ipuz").  A line that starts with '{', or with '[' and then
 * what a JSON value starts with, begins a document: its bytes are read
 * from there (a light scan finds where the top-level value closes and
 * where each value up to POS_DEPTH deep starts), up to JSON_LIMIT bytes,
 * and handed to jansson whole; the puzzles found in the tree wait in a
 * queue and are handed out one a call, the line each gives being where
 * its value starts.  The lines after the document are read as any other
 * form. */
#include "form_int.h"
#include "input_int.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  JSON_LIMIT = 1 << 24, /* a document's bytes: jansson's tree is up to ~30x
                           (arrays of numbers: 490 MB at the limit) */
  POS_DEPTH = 4,        /* values this deep keep their place */
  NESTING = 4096,       /* containers the scan tells apart (jansson: 2048) */
  KEYS_SHOWN = 6        /* keys an error names */
};

typedef struct json_pos {
  int line; /* from the document's first line, 0 */
  int col;  /* the file's column, from 1 */
} json_pos;

/* A puzzle found (puzzle set) or an error (msg set), in document order. */
typedef struct json_item {
  json_t *puzzle, *solution, *name;
  json_t *doc; /* an ipuz document */
  size_t pos;  /* its place: an index of pos */
  bool ipuz;
  bool foreign;        /* the error is of a form not read */
  size_t msg, msg_len; /* an error's text, in msgs */
} json_item;

struct sks_json {
  SKS_STACK(char) text;
  SKS_STACK(json_pos) pos;
  SKS_STACK(json_item) q;
  SKS_STACK(char) msgs;
  size_t head;
  json_t *root;
  long base; /* the file line of the document's first line */
  /* The scan. */
  int depth;
  bool in_string, escape, scalar, expect_key, closed, skip;
  long line, col; /* where the next byte goes */
  unsigned char kind[NESTING];
};

/* ---- the scan: the document's end and its values' places ---- */

static bool space(int ch) {
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static void value_start(struct sks_json *j) {
  if (j->depth <= POS_DEPTH && !j->skip) {
    json_pos p = {(int)j->line, (int)j->col};
    SKS_PUSH(j->pos, p);
  }
}

/* One byte of the document (line ends as '\n'); sets closed at the end of
 * the top-level value.  A line end inside a string ends it (jansson will
 * refuse it), so that the damage of a lost quote stays on its line. */
static void scan(struct sks_json *j, int ch) {
  if (j->in_string) {
    if (j->escape)
      j->escape = false;
    else if (ch == '\\')
      j->escape = true;
    else if (ch == '"' || ch == '\n')
      j->in_string = false;
  } else {
    bool sep = space(ch) || ch == '{' || ch == '[' || ch == '}' || ch == ']' ||
               ch == ',' || ch == ':' || ch == '"';
    if (sep)
      j->scalar = false;
    switch (ch) {
    case '{':
    case '[':
      value_start(j);
      if (j->depth < NESTING)
        j->kind[j->depth] = (unsigned char)ch;
      j->depth++;
      j->expect_key = ch == '{';
      break;
    case '}':
    case ']':
      if (j->depth > 0 && --j->depth == 0)
        j->closed = true;
      j->expect_key = false;
      break;
    case ',':
      j->expect_key =
          j->depth > 0 && j->depth <= NESTING && j->kind[j->depth - 1] == '{';
      break;
    case ':':
      j->expect_key = false;
      break;
    case '"':
      j->in_string = true;
      if (!j->expect_key)
        value_start(j);
      j->expect_key = false;
      break;
    default:
      if (!sep && !j->scalar) {
        j->scalar = true;
        value_start(j);
      }
    }
  }
  if (!j->skip)
    SKS_PUSH(j->text, (char)ch);
  if (ch == '\n')
    j->line++, j->col = 1;
  else
    j->col++;
}

/* The next byte of the input, "\r\n" and a lone '\r' as '\n'. */
static int input_byte(sks_reader *rd) {
  if (rd->eof)
    return EOF;
  int ch = sks_input_next(rd->in);
  if (ch == EOF) {
    rd->eof = true;
    return EOF;
  }
  if (ch == '\r') {
    int next = sks_input_next(rd->in);
    if (next != '\n' && next != EOF)
      sks_input_ungetc(rd->in, next);
    ch = '\n';
  }
  return ch;
}

/* Scans input bytes until the document closes, the input ends or (when
 * storing) the limit is reached: true at the limit. */
static bool scan_input(sks_reader *rd, struct sks_json *j) {
  while (!j->closed) {
    if (!j->skip && j->text.n >= JSON_LIMIT)
      return true;
    int ch = input_byte(rd);
    if (ch == EOF)
      return false;
    if (j->col == 1) /* a byte after a line end: the next line */
      rd->lineno++;
    scan(j, ch);
  }
  return false;
}

/* ---- errors and places ---- */

static int add_item(struct sks_json *j, json_item it) {
  SKS_PUSH(j->q, it);
  return 0;
}

static void queue_error(struct sks_json *j, size_t pos, bool foreign,
                        const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void queue_error(struct sks_json *j, size_t pos, bool foreign,
                        const char *fmt, ...) {
  char msg[sizeof((sks_error *)0)->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  size_t len = strlen(msg);
  json_item it = {
      .pos = pos, .foreign = foreign, .msg = j->msgs.n, .msg_len = len};
  SKS_STACK_RESERVE(j->msgs, j->msgs.n + len);
  memcpy(j->msgs.a + j->msgs.n, msg, len);
  j->msgs.n += len;
  add_item(j, it);
}

static void place(const struct sks_json *j, size_t pos, long *line, long *col) {
  if (pos < j->pos.n) {
    *line = j->base + j->pos.a[pos].line;
    *col = j->pos.a[pos].col;
  } else {
    *line = j->base;
    *col = 1;
  }
}

/* The values at depth POS_DEPTH or less in v's tree (v at depth). */
static size_t count(json_t *v, int depth) {
  if (depth > POS_DEPTH)
    return 0;
  size_t k = 1;
  if (json_is_array(v)) {
    for (size_t i = 0; depth < POS_DEPTH && i < json_array_size(v); i++)
      k += count(json_array_get(v, i), depth + 1);
  } else if (json_is_object(v) && depth < POS_DEPTH) {
    const char *key;
    json_t *m;
    json_object_foreach(v, key, m) k += count(m, depth + 1);
  }
  return k;
}

/* ---- what a value is ---- */

typedef enum grid_kind {
  G_NONE,       /* no puzzle by itself: a list, or nothing */
  G_STRING,     /* N*N symbols */
  G_FLAT,       /* N*N cells */
  G_ROWS,       /* N arrays of N cells */
  G_TEXT_ROWS,  /* N strings of N symbols */
  G_OBJECT_ROWS /* N members, each an array of N cells */
} grid_kind;

/* A cell: a number, null, a string of one symbol or none, an ipuz
 * {"given": ...} or {"value": ...}. */
static json_t *unwrap(json_t *v) {
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
  v = unwrap(v);
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
  v = unwrap(v);
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

/* ipuz: the puzzle is its rows. */
static grid_kind classify_as(json_t *v, bool ipuz);
static grid_kind classify(json_t *v) {
  return classify_as(v, false);
}

static grid_kind classify_as(json_t *v, bool ipuz) {
  if (json_is_string(v))
    return G_STRING;
  if (json_is_object(v)) {
    size_t c = json_object_size(v);
    const char *key;
    json_t *m;
    if (c < 2)
      return G_NONE;
    json_object_foreach(v, key, m) {
      if (!row_like(m) || json_array_size(m) != c)
        return G_NONE;
    }
    return G_OBJECT_ROWS;
  }
  if (!json_is_array(v) || !json_array_size(v))
    return G_NONE;
  size_t c = json_array_size(v);
  bool cells = true, rows = true, strings = true;
  for (size_t i = 0; i < c; i++) {
    json_t *e = json_array_get(v, i);
    cells &= cell_like(e);
    rows &= row_like(e) && json_array_size(e) == c;
    strings &= json_is_string(e) && json_string_length(e) == c;
  }
  if (cells)
    return G_FLAT;
  if (rows && (ipuz || !small_rows(v, c)))
    return G_ROWS;
  if (strings && c > 1 && !small_rows(v, c))
    return G_TEXT_ROWS;
  return G_NONE;
}

static const char *type_name(json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT:
    return "an object";
  case JSON_ARRAY:
    return "an array";
  case JSON_STRING:
    return "a string";
  case JSON_INTEGER:
  case JSON_REAL:
    return "a number";
  case JSON_TRUE:
    return "true";
  case JSON_FALSE:
    return "false";
  default:
    return "null";
  }
}

/* ---- finding the puzzles: the tree walked once, into the queue ---- */

static const char *const PUZZLE_KEYS[] = {
    "puzzle", "puzzles", "quizzes",  "quiz",    "grid",     "board", "input",
    "givens", "sudoku",  "question", "problem", "unsolved", "clues", NULL};
static const char *const SOLUTION_KEYS[] = {"solution", "solutions", "answer",
                                            "answers",  "solved",    NULL};
static const char *const NAME_KEYS[] = {"name", "title", "id", NULL};

/* Is key `want` (lowercase) in any case? */
static bool same_key(const char *key, const char *want) {
  for (; *key && *want; key++, want++)
    if ((*key >= 'A' && *key <= 'Z' ? *key - 'A' + 'a' : *key) != *want)
      return false;
  return !*key && !*want;
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
  if (depth >= POS_DEPTH)
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
  if (sol && json_is_array(sol) && classify(sol) == G_NONE)
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
      queue_error(j, idx, true,
                  "an ipuz document of kind %.60s: only "
                  "http://ipuz.org/sudoku is read",
                  k0 ? k0 : "(none)");
      return;
    }
    if (json_object_get(obj, "zones") || json_object_get(obj, "cages")) {
      queue_error(j, idx, true,
                  "an ipuz sudoku with %s: only classic boxes are read",
                  json_object_get(obj, "zones") ? "zones" : "cages");
      return;
    }
    json_t *p = json_object_get(obj, "puzzle");
    json_item it = {.puzzle = p,
                    .solution = json_object_get(obj, "solution"),
                    .name = json_object_get(obj, "title"),
                    .doc = obj,
                    .pos = member_pos(obj, idx, depth, p),
                    .ipuz = true};
    add_item(j, it);
    return;
  }
  const char *key = NULL;
  json_t *pv = member(obj, PUZZLE_KEYS, true, &key);
  json_t *sol = member(obj, SOLUTION_KEYS, false, NULL);
  json_t *name = member(obj, NAME_KEYS, false, NULL);
  if (!pv) {
    if (classify(obj) == G_OBJECT_ROWS) {
      add_item(j, (json_item){.puzzle = obj, .pos = idx});
      return;
    }
    char keys[160] = "";
    size_t shown = 0, len = 0;
    const char *k;
    json_t *m;
    json_object_foreach(obj, k, m) {
      if (shown++ == KEYS_SHOWN) {
        snprintf(keys + len, sizeof keys - len, ", ...");
        break;
      }
      int w = snprintf(keys + len, sizeof keys - len, "%s\"%.24s\"",
                       shown > 1 ? ", " : "", k);
      if (w > 0 && (size_t)w < sizeof keys - len)
        len += (size_t)w;
    }
    queue_error(j, idx, true,
                "a JSON %s with no puzzle field: an object with %s%s "
                "(puzzle fields: puzzle, grid, board, quizzes, input, ...)",
                top ? "document" : "object",
                json_object_size(obj) ? "keys " : "no keys", keys);
    return;
  }
  size_t at = member_pos(obj, idx, depth, pv);
  if (json_is_array(pv) && classify(pv) == G_NONE) {
    /* A list of puzzles; a list of solutions as long beside it. */
    size_t n = json_array_size(pv);
    bool sols = sol && json_is_array(sol) && classify(sol) == G_NONE &&
                json_array_size(sol) == n;
    if (!n) {
      queue_error(j, at, true, "an empty list of puzzles in \"%.24s\"", key);
      return;
    }
    size_t e = at + 1;
    for (size_t i = 0; i < n; i++) {
      json_t *el = json_array_get(pv, i);
      size_t here = depth + 1 < POS_DEPTH ? e : at;
      if (json_is_object(el) && !sols)
        collect(j, el, here, depth + 2, false);
      else if (json_is_string(el) || json_is_array(el) || json_is_object(el))
        add_item(j,
                 (json_item){.puzzle = el,
                             .solution = sols ? json_array_get(sol, i) : NULL,
                             .pos = here});
      else
        queue_error(j, here, true, "%s in a list of puzzles", type_name(el));
      e += count(el, depth + 2);
    }
    return;
  }
  if (json_is_object(pv) && classify(pv) == G_NONE) {
    collect(j, pv, at, depth + 1, false);
    return;
  }
  add_item(j, (json_item){.puzzle = pv,
                          .solution = one_solution(sol),
                          .name = name,
                          .pos = at});
}

static void collect(struct sks_json *j, json_t *v, size_t idx, int depth,
                    bool top) {
  if (depth > POS_DEPTH) {
    queue_error(j, idx, true,
                "%s nested more than %d levels deep: puzzles are looked for "
                "up to there",
                type_name(v), POS_DEPTH);
    return;
  }
  if (json_is_object(v)) {
    collect_object(j, v, idx, depth, top);
    return;
  }
  if (json_is_string(v) || classify(v) != G_NONE) {
    add_item(j, (json_item){.puzzle = v, .pos = idx});
    return;
  }
  if (!json_is_array(v)) {
    queue_error(j, idx, true, "%s where a puzzle was expected", type_name(v));
    return;
  }
  size_t n = json_array_size(v);
  if (!n) {
    queue_error(j, idx, true, "a JSON %s that is an empty array",
                top ? "document" : "value");
    return;
  }
  size_t e = idx + 1;
  for (size_t i = 0; i < n; i++) {
    json_t *el = json_array_get(v, i);
    collect(j, el, depth < POS_DEPTH ? e : idx, depth + 1, false);
    e += count(el, depth + 1);
  }
}

/* ---- a puzzle out of the queue ---- */

/* Puts text (len bytes) in the current line's buffer, for the one-line
 * and grid row readers. */
static void set_line(sks_reader *rd, const char *text, size_t len) {
  SKS_STACK_RESERVE(rd->line, len + 1);
  memcpy(rd->line.a, text, len);
  rd->line.n = len;
  rd->line.id = ++rd->line_ids;
}

/* A cell's digit (-1 blank) in *d; charset: an ipuz document's. */
static int cell_value(sks_reader *rd, json_t *v, int n, const char *charset,
                      int *d, char *why, size_t size) {
  v = unwrap(v);
  if (json_is_null(v)) {
    *d = -1;
    return 0;
  }
  if (json_is_integer(v)) {
    json_int_t x = json_integer_value(v);
    if (x < 0 || x > n) {
      snprintf(why, size, "digit %lld out of range 1-%d", (long long)x, n);
      return -1;
    }
    *d = (int)x - 1;
    return 0;
  }
  if (json_is_string(v) && json_string_length(v) <= 1) {
    const char *s = json_string_value(v);
    unsigned char ch = (unsigned char)s[0];
    if (!ch) {
      *d = -1;
      return 0;
    }
    if (charset) {
      const char *at = strchr(charset, ch);
      if (!at && ch >= 'a' && ch <= 'z')
        at = strchr(charset, ch - 'a' + 'A');
      if (at) {
        *d = (int)(at - charset);
        return 0;
      }
    }
    int x = n <= SKS_MAX_SYMBOL_N ? rd->sym[ch] : SKS_SYM_BAD;
    if (x == SKS_SYM_BLANK || (x >= 0 && x < n + 26)) {
      if (x >= 0)
        rd->seen |= rd->sym_class[ch];
      *d = x;
      if (x == SKS_SYM_BLANK && !rd->blank)
        rd->blank = (char)ch;
      if (x < n)
        return 0;
    }
    char what[16];
    sks_describe_byte(what, sizeof what, ch);
    snprintf(why, size, "unexpected %s (expected %s)", what,
             charset ? "a symbol of the charset" : "a digit or a blank");
    return -1;
  }
  snprintf(why, size, "%s is no cell (expected a number 0-%d or null)",
           type_name(v), n);
  return -1;
}

/* The cells of grid v of kind k and side n into cell (n*n). */
static int number_cells(sks_reader *rd, json_t *v, grid_kind k, int n,
                        const char *charset, int *cell, long line, long col,
                        sks_error *err) {
  char why[160];
  const char *key;
  json_t *m;
  int r = 0;
  if (k == G_FLAT) {
    for (int i = 0; i < n * n; i++)
      if (cell_value(rd, json_array_get(v, (size_t)i), n, charset, &cell[i],
                     why, sizeof why))
        return sks_error_set(err, -1, line, col,
                             "cell %d (row %d, column %d): %s", i + 1,
                             i / n + 1, i % n + 1, why);
    return 0;
  }
  if (k == G_OBJECT_ROWS) {
    json_object_foreach(v, key, m) {
      for (int c = 0; c < n; c++)
        if (cell_value(rd, json_array_get(m, (size_t)c), n, charset,
                       &cell[r * n + c], why, sizeof why))
          return sks_error_set(err, -1, line, col,
                               "row %d (\"%.24s\"), column %d: %s", r + 1, key,
                               c + 1, why);
      r++;
    }
    return 0;
  }
  for (r = 0; r < n; r++) {
    json_t *row = json_array_get(v, (size_t)r);
    for (int c = 0; c < n; c++)
      if (cell_value(rd, json_array_get(row, (size_t)c), n, charset,
                     &cell[r * n + c], why, sizeof why))
        return sks_error_set(err, -1, line, col, "row %d, column %d: %s", r + 1,
                             c + 1, why);
  }
  return 0;
}

/* The side of a grid of kind k, or an error. */
static int side(json_t *v, grid_kind k, int *n, long line, long col,
                sks_error *err) {
  size_t c = k == G_OBJECT_ROWS ? json_object_size(v) : json_array_size(v);
  if (k != G_FLAT) {
    *n = (int)c;
  } else if (!sks_form_is_square((long)c, n)) {
    long lo = (long)*n * *n, hi = (long)(*n + 1) * (*n + 1);
    return sks_error_set(err, -1, line, col,
                         "an array of %ld cells: a puzzle needs a square "
                         "count such as %ld",
                         (long)c, (long)c - lo < hi - (long)c ? lo : hi);
  }
  if (*n < 2 || *n > SKS_MAX_N)
    return sks_error_set(err, -1, line, col,
                         "a %dx%d grid: sizes go from 2x2 to %dx%d", *n, *n,
                         SKS_MAX_N, SKS_MAX_N);
  if (k == G_TEXT_ROWS && *n > SKS_MAX_SYMBOL_N)
    return sks_error_set(err, -1, line, col,
                         "rows of %d symbols: grids go up to %d columns; "
                         "write larger sizes as numbers",
                         *n, SKS_MAX_SYMBOL_N);
  return 0;
}

/* Reads puzzle value v into rd->p. */
static int read_grid(sks_reader *rd, json_t *v, bool ipuz, const char *charset,
                     long line, long col, sks_error *err) {
  grid_kind k = classify_as(v, ipuz);
  long saved = rd->lineno;
  int n, r = 0;
  rd->lineno = line;
  if (k == G_STRING) {
    const char *s = json_string_value(v);
    set_line(rd, s, json_string_length(v));
    r = sks_form_line_cells(rd, 0, rd->line.n, false, err);
    if (r && err)
      err->col += col; /* the string's symbols follow its quote */
  } else if (k == G_NONE) {
    r = sks_error_set(err, -1, line, col,
                      "%s that is no puzzle (a puzzle is a string of N*N "
                      "symbols, an array of N*N numbers or N arrays of N)",
                      type_name(v));
  } else if (side(v, k, &n, line, col, err) || sks_form_prepare(rd, n, err)) {
    r = -1;
  } else {
    const char *alpha = sks_form_alphabet(rd);
    if (n <= SKS_MAX_SYMBOL_N)
      sks_form_build_table(rd, n, alpha);
    if (k == G_TEXT_ROWS) {
      for (int row = 0; row < n && !r; row++) {
        json_t *e = json_array_get(v, (size_t)row);
        set_line(rd, json_string_value(e), json_string_length(e));
        r = sks_form_parse_symbols(rd, row, 0, rd->line.n, err);
        if (r && err) {
          char msg[sizeof err->msg];
          snprintf(msg, sizeof msg, "%s", err->msg);
          sks_error_set(err, -1, line, col, "row %d: %s", row + 1, msg);
        }
      }
    } else {
      r = number_cells(rd, v, k, n, charset, rd->p->cell, line, col, err);
    }
    if (!r && alpha)
      memcpy(rd->p->look.symbols, alpha, (size_t)n + 1);
    if (!r && n <= SKS_MAX_SYMBOL_N && !charset)
      sks_form_settle(rd);
  }
  rd->lineno = saved;
  if (r && err)
    err->line = line;
  return r ? -1 : 0;
}

/* The solution value v for rd->p into its look.solution. */
static int read_solution(sks_reader *rd, json_t *v, bool ipuz,
                         const char *charset, long line, long col,
                         sks_error *err) {
  int n = rd->p->shape->n;
  sks_presentation *look = &rd->p->look;
  if (!look->solution) { /* the last puzzle's, when the size is the same */
    if (rd->spare_solution && rd->spare_n == n)
      look->solution = rd->spare_solution;
    else {
      free(rd->spare_solution);
      look->solution = sks_malloc((size_t)n * n * sizeof *look->solution);
    }
    rd->spare_solution = NULL;
  }
  int *sol = look->solution;
  grid_kind k = classify_as(v, ipuz);
  char blank = rd->blank;
  unsigned seen = rd->seen;
  int r = 0;
  if (k == G_STRING) {
    const char *s = json_string_value(v);
    long len = (long)json_string_length(v);
    if (len != (long)n * n)
      r = sks_error_set(err, -1, line, col,
                        "a solution of %ld symbols, expected %d", len, n * n);
    for (long i = 0; !r && i < len; i++) {
      int d = n <= SKS_MAX_SYMBOL_N ? rd->sym[(unsigned char)s[i]] : -2;
      if (charset && strchr(charset, s[i]))
        d = (int)(strchr(charset, s[i]) - charset);
      if (d < 0 || d >= n)
        r = sks_error_set(err, -1, line, col + 1 + i,
                          d == SKS_SYM_BLANK ? "a blank in the solution"
                                             : "unexpected symbol in the "
                                               "solution");
      else
        sol[i] = d;
    }
  } else {
    int m = 0;
    if (k == G_NONE)
      r = sks_error_set(err, -1, line, col, "a solution that is %s",
                        type_name(v));
    else if (!side(v, k, &m, line, col, err) && m != n)
      r = sks_error_set(err, -1, line, col,
                        "a solution of side %d, the puzzle's is %d", m, n);
    else if (m != n)
      r = -1;
    if (!r && k == G_TEXT_ROWS) {
      for (int row = 0; row < n && !r; row++) {
        const char *s = json_string_value(json_array_get(v, (size_t)row));
        for (int c = 0; c < n && !r; c++) {
          int d = rd->sym[(unsigned char)s[c]];
          if (charset && strchr(charset, s[c]))
            d = (int)(strchr(charset, s[c]) - charset);
          if (d < 0 || d >= n)
            r = sks_error_set(err, -1, line, col,
                              "solution row %d, column %d: not a digit",
                              row + 1, c + 1);
          sol[row * n + c] = d;
        }
      }
    } else if (!r) {
      r = number_cells(rd, v, k, n, charset, sol, line, col, err);
      for (int i = 0; !r && i < n * n; i++)
        if (sol[i] < 0)
          r = sks_error_set(err, -1, line, col,
                            "a blank in the solution (cell %d)", i + 1);
    }
  }
  rd->blank = blank;
  rd->seen = seen;
  if (r) {
    free(look->solution);
    look->solution = NULL;
  }
  return r ? -1 : 0;
}

static void set_name(sks_reader *rd, json_t *name) {
  char num[32];
  if (json_is_string(name))
    sks_puzzle_set_name(rd->p, json_string_value(name),
                        json_string_length(name));
  else if (json_is_integer(name)) {
    int len =
        snprintf(num, sizeof num, "%lld", (long long)json_integer_value(name));
    sks_puzzle_set_name(rd->p, num, (size_t)len);
  }
}

/* An ipuz document's charset into look.symbols (uppercase): its
 * symbols are the digits' when they are an alphabet the tool writes. */
static int ipuz_symbols(sks_reader *rd, const char *charset, long line,
                        long col, sks_error *err) {
  int n = rd->p->shape->n;
  char up[SKS_MAX_SYMBOL_N + 1];
  size_t len = strlen(charset);
  if ((int)len != n)
    return sks_error_set(err, -1, line, col,
                         "a charset of %zu symbols for a %dx%d puzzle", len, n,
                         n);
  for (size_t i = 0; i < len; i++)
    up[i] = charset[i] >= 'a' && charset[i] <= 'z'
                ? (char)(charset[i] - 'a' + 'A')
                : charset[i];
  up[len] = 0;
  if (!sks_symbols_valid(up))
    return sks_error_set(err, -1, line, col,
                         "charset \"%.40s\": the symbols sudokusat writes "
                         "are 0-9 and A-Z, each once",
                         charset);
  static const char usual[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (sks_form_alphabet(rd) || !memcmp(up, usual, len))
    return 0;
  memcpy(rd->p->look.symbols, up, len + 1);
  return 0;
}

static int give(sks_reader *rd, struct sks_json *j, const json_item *it,
                sks_puzzle **out, sks_error *err) {
  long line, col;
  place(j, it->pos, &line, &col);
  if (!it->puzzle) {
    const char *s = j->msgs.a + it->msg;
    if (it->foreign)
      return sks_form_foreign(rd, err, line, col, "%.*s", (int)it->msg_len, s);
    return sks_error_set(err, -1, line, col, "%.*s", (int)it->msg_len, s);
  }
  const char *charset = NULL;
  if (it->ipuz) {
    json_t *cs = json_object_get(it->doc, "charset");
    if (cs && !json_is_string(cs))
      return sks_error_set(err, -1, line, col, "a charset that is %s",
                           type_name(cs));
    charset = json_string_value(cs);
    if (charset && !*charset)
      charset = NULL;
  }
  if (read_grid(rd, it->puzzle, it->ipuz, charset, line, col, err) ||
      (charset && ipuz_symbols(rd, charset, line, col, err)))
    return -1;
  if (it->solution && !json_is_null(it->solution) &&
      read_solution(rd, it->solution, it->ipuz, charset, line, col, err))
    return -1;
  set_name(rd, it->name);
  rd->p->look.line = line;
  /* Answered on one line, as it reads back: a 2x2 or 3x3 one as a grid
   * (a line of 4 or 9 symbols is a grid row). */
  rd->ruled = false;
  sks_form_finish(rd,
                  it->ipuz              ? SKS_LAYOUT_IPUZ
                  : rd->p->shape->n < 4 ? SKS_LAYOUT_GRID
                                        : SKS_LAYOUT_LINE,
                  out);
  return 1;
}

/* After the document closed in the input: the rest of its line, which
 * may hold only blanks (else the place of the first other byte is kept
 * for an error). */
static void rest_of_line(sks_reader *rd, struct sks_json *j, bool *text,
                         json_pos *at) {
  for (long col = j->col;; col++) {
    int ch = input_byte(rd);
    if (ch == EOF || ch == '\n')
      return;
    if (!space(ch) && !*text) {
      *text = true;
      *at = (json_pos){(int)j->line, (int)col};
    }
  }
}

/* Scans bytes [s, e) of a line buffer; the place of the first byte after
 * the document's end that is no blank, if any. */
static void scan_buffer(struct sks_json *j, const char *a, size_t s, size_t e,
                        bool *text, json_pos *at) {
  size_t i = s;
  while (i < e && !j->closed)
    scan(j, (unsigned char)a[i++]);
  for (long col = j->col; i < e && j->closed && !*text; i++, col++)
    if (!space((unsigned char)a[i])) {
      *text = true;
      *at = (json_pos){(int)j->line, (int)col};
    }
}

/* Reads the document that starts at li->start of the current line: its
 * bytes, then jansson's tree, then the puzzles found in it. */
static int read_json(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                     sks_error *err) {
  struct sks_json *j = rd->json;
  if (!j)
    j = rd->json = sks_calloc(1, sizeof *j);
  json_decref(j->root);
  j->root = NULL;
  j->text.n = j->pos.n = j->q.n = j->head = j->msgs.n = 0;
  j->depth = 0;
  j->in_string = j->escape = j->scalar = j->expect_key = j->closed = false;
  j->skip = false;
  j->line = 0;
  j->col = (long)li->start + 1;
  j->base = rd->lineno;
  bool text = false;
  json_pos at = {0, 0};
  scan_buffer(j, rd->line.a, li->start, rd->line.n, &text, &at);
  if (!j->closed) {
    bool cut = rd->in_cut && !rd->have_ahead;
    if (cut)
      rd->in_cut = false; /* the line goes on in the input */
    else
      scan(j, '\n');
    if (rd->have_ahead && !j->closed) { /* a line looked at ahead */
      rd->have_ahead = false;
      rd->lineno = rd->ahead_lineno;
      j->line = rd->lineno - j->base;
      scan_buffer(j, rd->ahead.a, 0, rd->ahead.n, &text, &at);
      if (!j->closed && rd->in_cut)
        rd->in_cut = false;
      else if (!j->closed)
        scan(j, '\n');
    }
    bool from_input = !j->closed; /* else it closed in the line ahead */
    if (from_input && scan_input(rd, j)) {
      j->skip = true;
      j->text.n = j->pos.n = 0;
      return sks_form_foreign(
          rd, err, j->base, (long)li->start + 1,
          "a JSON document longer than %d bytes (the reader's memory is "
          "bounded): split it, or write its puzzles one a line",
          JSON_LIMIT);
    }
    if (from_input && j->closed && j->col > 1)
      rest_of_line(rd, j, &text, &at);
  }
  if (!j->closed && sks_input_timed_out(rd->in))
    return 0; /* cut short by the time limit: no error of its own */
  json_error_t e;
  j->root = json_loadb(j->text.a ? j->text.a : "", j->text.n,
                       JSON_REJECT_DUPLICATES, &e);
  if (!j->root) {
    /* jansson's line, and the byte column from its byte position */
    size_t off = e.position > 0 ? (size_t)e.position - 1 : 0;
    if (strstr(e.text, "end of file") || off > j->text.n)
      off = j->text.n; /* an early end: where the text ends */
    long line = 0, start = 0;
    for (size_t k = 0; k < off; k++)
      if (j->text.a[k] == '\n')
        line++, start = (long)k + 1;
    long col = (long)off - start + 1 + (line ? 0 : (long)li->start);
    return sks_form_foreign(rd, err, j->base + line, col, "JSON: %s", e.text);
  }
  if (j->text.cap > 1 << 20)
    SKS_STACK_FREE(j->text);
  collect(j, j->root, 0, 0, true);
  if (text) {
    SKS_PUSH(j->pos, at);
    queue_error(j, j->pos.n - 1, false, "text after the JSON document");
  }
  return sks_form_json_next(rd, out, err);
}

int sks_form_json_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  struct sks_json *j = rd->json;
  if (j->skip) { /* the rest of a document past the limit */
    scan_input(rd, j);
    j->skip = false;
    if (j->closed && j->col > 1) {
      bool text = false;
      json_pos at;
      rest_of_line(rd, j, &text, &at);
    }
    j->closed = true;
    return 0;
  }
  while (j->head < j->q.n) {
    const json_item *it = &j->q.a[j->head++];
    return give(rd, j, it, out, err);
  }
  json_decref(j->root);
  j->root = NULL;
  j->q.n = j->head = j->msgs.n = 0;
  return 0;
}

/* '{', or '[' and what a JSON value starts with (not "[Puzzle]"), first
 * on the line. */
static bool recognise(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  size_t i = li->start, n = rd->line.n;
  if (i >= n || (a[i] != '{' && a[i] != '['))
    return false;
  char open = a[i++];
  while (i < n && space((unsigned char)a[i]))
    i++;
  if (i == n)
    return true;
  char ch = a[i];
  if (open == '{')
    return ch == '"' || ch == '}';
  return ch == '[' || ch == '{' || ch == '"' || ch == ']' || ch == '-' ||
         (ch >= '0' && ch <= '9') ||
         (n - i >= 4 && !memcmp(a + i, "null", 4)) ||
         (n - i >= 4 && !memcmp(a + i, "true", 4)) ||
         (n - i >= 5 && !memcmp(a + i, "false", 5));
}

void sks_form_json_free(sks_reader *rd) {
  struct sks_json *j = rd->json;
  if (!j)
    return;
  json_decref(j->root);
  SKS_STACK_FREE(j->text);
  SKS_STACK_FREE(j->pos);
  SKS_STACK_FREE(j->q);
  SKS_STACK_FREE(j->msgs);
  free(j);
  rd->json = NULL;
}

const sks_form sks_form_json = {.name = "JSON",
                                .long_lines = true,
                                .recognise = recognise,
                                .read = read_json};
