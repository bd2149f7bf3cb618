/* SudokuPad's own puzzles (docs/formats.md, "SudokuPad's own form"): a
 * link's scl... or ctc... payload (lz-string, lzstring.c, of the JSON or
 * of SudokuPad's "zipped" JSON: short keys, bare keys, quotes as ', empty
 * objects left out, colours and booleans abbreviated) decoded into a
 * tree; a tree (from a link or a JSON file) read into a puzzle: the
 * grid's givens, its regions (a jigsaw when they are not the boxes), the
 * cages (killer cages, extra regions, metadata), the global rules and the
 * metadata (title, rules text, solution).  What is drawn is matched to
 * rules in form_sudokupad_draw.c (both over sudokupad_sp.c's
 * helpers).  Nothing is dropped: a key, a cage or a
 * drawing not mapped is an error naming it. */
#include "lzstring_int.h"
#include "rules_text_int.h"
#include "sudokupad_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the payload ---- */

/* SudokuPad's short keys and the long ones they stand for. */
static const char *const KEYS[][2] = {{"c", "color"},
                                      {"ca", "cages"},
                                      {"ct", "center"},
                                      {"c1", "borderColor"},
                                      {"c2", "backgroundColor"},
                                      {"ce", "cells"},
                                      {"cs", "cellSize"},
                                      {"a", "arrows"},
                                      {"o", "overlays"},
                                      {"u", "underlays"},
                                      {"w", "width"},
                                      {"h", "height"},
                                      {"v", "value"},
                                      {"vd", "videos"},
                                      {"l", "lines"},
                                      {"r", "rounded"},
                                      {"re", "regions"},
                                      {"fs", "fontSize"},
                                      {"th", "thickness"},
                                      {"hl", "headLength"},
                                      {"wp", "wayPoints"},
                                      {"t", "title"},
                                      {"te", "text"},
                                      {"d", "duration"},
                                      {"d2", "d"}};

static bool hex_digit(int ch) {
  return (ch >= '0' && ch <= '9') || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'f');
}

static bool word_char(int ch) {
  return (ch >= '0' && ch <= '9') || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z');
}

static bool closer(int ch) {
  return ch == ',' || ch == '}' || ch == ']';
}

/* The zipped text t (len bytes) as JSON, into out: quotes back (a text
 * with no '"' wrote them as '), then outside the strings: bare keys
 * quoted, an empty element an empty object, f and t false and true, #0
 * and #F black and white, six hex digits after a colon a colour. */
typedef SKS_STACK(char) chars;

static void unzip_text(const char *t, size_t len, chars *out) {
  bool requote = !memchr(t, '"', len);
  char *q = sks_malloc(len + 1);
  size_t m = 0;
  for (size_t i = 0; i < len; i++) {
    if (requote && t[i] == '\\' && i + 1 < len && t[i + 1] == '\'')
      q[m++] = '\'', i++;
    else
      q[m++] = requote && t[i] == '\'' ? '"' : t[i];
  }
  q[m] = 0;
  for (size_t i = 0; i < m;) {
    char ch = q[i];
    if (ch == '"') { /* a string, as it is */
      size_t j = i + 1;
      while (j < m && q[j] != '"')
        j += q[j] == '\\' && j + 1 < m ? 2 : 1;
      j += j < m;
      for (; i < j; i++)
        SKS_PUSH(*out, q[i]);
      continue;
    }
    SKS_PUSH(*out, ch);
    i++;
    if (ch == ',' || ch == '{' || ch == '[') {
      size_t j = i;
      while (j < m && word_char(q[j]))
        j++;
      if (j > i && j < m && q[j] == ':') {
        SKS_PUSH(*out, '"');
        for (; i < j; i++)
          SKS_PUSH(*out, q[i]);
        SKS_PUSH(*out, '"');
      } else if (i < m && closer(q[i]) && !(ch == '{' && q[i] == '}')) {
        SKS_PUSH(*out, '{');
        SKS_PUSH(*out, '}');
      }
    } else if (ch == ':') {
      static const char *const ABBR[][2] = {{"f", "false"},
                                            {"t", "true"},
                                            {"#0", "\"#000000\""},
                                            {"#F", "\"#FFFFFF\""}};
      bool done = false;
      for (size_t k = 0; k < 4 && !done; k++) {
        size_t a = strlen(ABBR[k][0]);
        if (i + a < m && !memcmp(q + i, ABBR[k][0], a) && closer(q[i + a])) {
          for (const char *p = ABBR[k][1]; *p; p++)
            SKS_PUSH(*out, *p);
          i += a;
          done = true;
        }
      }
      size_t j = i;
      while (!done && j < m && j - i < 6 && hex_digit(q[j]))
        j++;
      if (!done && j - i == 6 && j < m && closer(q[j])) {
        SKS_PUSH(*out, '"');
        SKS_PUSH(*out, '#');
        for (; i < j; i++)
          SKS_PUSH(*out, q[i]);
        SKS_PUSH(*out, '"');
      }
    }
  }
  free(q);
}

/* The tree with its short keys long, and strings of six hex digits
 * colours (as SudokuPad's unzip does); NULL when a short key and its long
 * one are both there (why filled). */
static json_t *unzip_tree(json_t *v, char *why, size_t size) {
  if (json_is_array(v)) {
    json_t *a = json_array();
    for (size_t i = 0; i < json_array_size(v); i++) {
      json_t *e = unzip_tree(json_array_get(v, i), why, size);
      if (!e) {
        json_decref(a);
        return NULL;
      }
      json_array_append_new(a, e);
    }
    return a;
  }
  if (json_is_object(v)) {
    json_t *o = json_object();
    const char *key;
    json_t *m;
    json_object_foreach(v, key, m) {
      const char *k = key;
      for (size_t i = 0; i < sizeof KEYS / sizeof *KEYS; i++)
        if (!strcmp(key, KEYS[i][0]))
          k = KEYS[i][1];
      json_t *e = unzip_tree(m, why, size);
      if (!e || json_object_get(o, k)) {
        if (e)
          snprintf(why, size, "the keys \"%.20s\" and \"%.20s\" both", key, k);
        json_decref(e);
        json_decref(o);
        return NULL;
      }
      json_object_set_new(o, k, e);
    }
    return o;
  }
  const char *s = json_string_value(v);
  if (s && strlen(s) == 6) {
    bool hex = true;
    for (int i = 0; i < 6; i++)
      hex &= hex_digit(s[i]);
    if (hex) {
      char c[8] = "#";
      memcpy(c + 1, s, 7);
      return json_string(c);
    }
  }
  return json_incref(v);
}

json_t *sks_sudokupad_decode(const char *s, size_t len, char *why,
                             size_t size) {
  char *text = NULL;
  size_t n = 0;
  if (sks_lz_decompress_base64(s, len, &text, &n, why, size))
    return NULL;
  json_error_t je;
  json_t *root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &je);
  if (!root) {
    chars z = {0};
    unzip_text(text, n, &z);
    json_t *zipped =
        json_loadb(z.a ? z.a : "", z.n, JSON_REJECT_DUPLICATES, &je);
    SKS_STACK_FREE(z);
    if (!zipped)
      snprintf(why, size, "no JSON, plain or zipped: %s", je.text);
    else {
      root = unzip_tree(zipped, why, size);
      json_decref(zipped);
    }
  }
  free(text);
  if (root && !json_is_object(root)) {
    snprintf(why, size, "JSON that is %s, not an object",
             sks_json_type_name(root));
    json_decref(root);
    root = NULL;
  }
  return root;
}

/* ---- the document ---- */

bool sks_sudokupad_is(json_t *obj) {
  json_t *cells = json_object_get(obj, "cells");
  json_t *row = json_array_get(cells, 0);
  return json_is_array(row) &&
         (json_is_object(json_array_get(row, 0)) || !json_array_size(row)) &&
         !json_object_get(obj, "grid");
}

/* A cell: [row, column] from 0, or "R1C1" (either case): its index. */
static int cell_index(sp *s, json_t *v, const char *what, int *out) {
  long r = -1, c = -1;
  if (json_is_array(v) && json_array_size(v) == 2 &&
      json_is_integer(json_array_get(v, 0)) &&
      json_is_integer(json_array_get(v, 1))) {
    r = (long)json_integer_value(json_array_get(v, 0));
    c = (long)json_integer_value(json_array_get(v, 1));
  } else if (json_is_string(v)) {
    const char *p = json_string_value(v);
    if ((*p | 0x20) == 'r') {
      char *e;
      r = strtol(p + 1, &e, 10) - 1;
      if ((*e | 0x20) == 'c')
        c = strtol(e + 1, &e, 10) - 1;
      if (*e)
        c = -1;
    }
  }
  if (r < 0 || c < 0)
    return sp_error(s, "%s: a cell that is no [row, column] or \"R1C1\"", what);
  if (r >= s->n || c >= s->n)
    return sp_error(s, "%s: cell r%ldc%ld is outside the %dx%d grid", what,
                    r + 1, c + 1, s->n, s->n);
  *out = (int)(r * s->n + c);
  return 0;
}

static int cells_of(sp *s, json_t *a, const char *what, sp_ints *st) {
  if (!json_is_array(a))
    return sp_error(s, "%s: cells that are %s, expected a list", what,
                    a ? sks_json_type_name(a) : "missing");
  for (size_t i = 0; i < json_array_size(a); i++) {
    int k = 0;
    if (cell_index(s, json_array_get(a, i), what, &k))
      return -1;
    SKS_PUSH(*st, k);
  }
  return 0;
}

/* The givens (a cell's "value"); pencil marks are the solver's, not the
 * puzzle's. */
static int read_cells(sp *s, json_t *rows) {
  int n = s->n;
  sks_puzzle *p = s->rd->p;
  for (int r = 0; r < n; r++) {
    json_t *row = json_array_get(rows, (size_t)r);
    if (!json_is_array(row) || json_array_size(row) != (size_t)n)
      return sp_error(s, "\"cells\" row %d is not a list of %d cells", r + 1,
                      n);
    for (int c = 0; c < n; c++) {
      json_t *cell = json_array_get(row, (size_t)c);
      p->cell[r * n + c] = -1;
      if (!json_is_object(cell))
        return sp_error(s, "cell r%dc%d is %s, expected an object", r + 1,
                        c + 1, sks_json_type_name(cell));
      const char *key;
      json_t *m;
      json_object_foreach(cell, key, m) {
        if (strcmp(key, "value") && strcmp(key, "pencilMarks") &&
            strcmp(key, "centremarks") && strcmp(key, "pencilmarks") &&
            strcmp(key, "given"))
          return sp_error(s,
                          "cell r%dc%d's \"%.24s\": a cell field sudokusat "
                          "does not read",
                          r + 1, c + 1, key);
      }
      int v = sp_number(json_object_get(cell, "value"));
      if (v == 0 || v == SKS_RULE_NO_VALUE)
        continue;
      if (v < 1 || v > n)
        return sp_error(s, "cell r%dc%d: a given that is no digit of 1-%d",
                        r + 1, c + 1, n);
      p->cell[r * n + c] = v - 1;
    }
  }
  return 0;
}

/* The regions: the boxes, or a jigsaw. */
static int read_regions(sp *s, json_t *regions) {
  int n = s->n;
  if (!regions || (json_is_array(regions) && !json_array_size(regions)))
    return sks_form_no_boxes(s->rd, s->line, s->col, s->err); /* no boxes */
  if (!json_is_array(regions))
    return sp_error(s, "\"regions\" is %s, expected a list",
                    sks_json_type_name(regions));
  if (json_array_size(regions) != (size_t)n)
    return sp_error(s,
                    "%zu regions for a %dx%d grid: its regions must "
                    "cover it, %d of %d cells",
                    json_array_size(regions), n, n, n, n);
  int *map = sks_malloc((size_t)n * n * sizeof *map);
  for (int i = 0; i < n * n; i++)
    map[i] = -1;
  const sks_shape *sh = s->rd->p->shape;
  bool boxes = true;
  int rc = 0;
  for (int g = 0; g < n && !rc; g++) {
    char what[32];
    snprintf(what, sizeof what, "region %d", g + 1);
    s->cells.n = 0;
    rc = cells_of(s, json_array_get(regions, (size_t)g), what, &s->cells);
    if (!rc && s->cells.n != (size_t)n)
      rc = sp_error(s, "region %d has %zu cells, expected %d", g + 1,
                    s->cells.n, n);
    for (size_t k = 0; !rc && k < s->cells.n; k++) {
      int i = s->cells.a[k];
      if (map[i] >= 0)
        rc = sp_error(s, "cell r%dc%d is in regions %d and %d", i / n + 1,
                      i % n + 1, map[i] + 1, g + 1);
      map[i] = g;
      int b =
          (i / n / sh->box_rows) * (n / sh->box_cols) + (i % n) / sh->box_cols;
      int b0 = (s->cells.a[0] / n / sh->box_rows) * (n / sh->box_cols) +
               (s->cells.a[0] % n) / sh->box_cols;
      boxes &= b == b0 && sh->box_rows > 1;
    }
  }
  if (!rc && !boxes && sks_form_attach_map(s->rd, map, s->line, s->err)) {
    if (s->err)
      s->err->col = s->col;
    rc = -1;
  }
  free(map);
  return rc;
}

/* Is the text "key: value" (a metadata cage of the f-puzzles converter)?
 * Its key into key. */
static bool meta_pair(const char *t, char *key, size_t size) {
  size_t k = 0;
  while (t[k] && t[k] != ':' && t[k] != ' ' && k + 1 < size)
    key[k] = t[k], k++;
  key[k] = 0;
  return k && t[k] == ':';
}

/* Metadata keys that cannot change the answer (text for the solver), and
 * the ones read. */
static const char *const META_QUIET[] = {
    "title",       "author",      "rules",        "source",     "video",
    "videos",      "msgcorrect",  "msgincorrect", "difficulty", "tags",
    "customstyle", "description", "date"};

static bool in(const char *k, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(k, list[i]))
      return true;
  return false;
}

/* A solution given as n*n digits (1-9 then letters): kept for the
 * answer to be checked against; any other spelling (a partial one, with
 * '?' or '.') is left. */
static void keep_solution(sp *s, const char *t) {
  int n = s->n;
  if (strlen(t) != (size_t)n * n)
    return;
  for (int i = 0; i < n * n; i++) {
    int ch = t[i], d = ch >= '1' && ch <= '9' ? ch - '1'
                       : (ch | 0x20) >= 'a' && (ch | 0x20) <= 'z'
                           ? (ch | 0x20) - 'a' + 9
                           : -1;
    if (d < 0 || d >= n)
      return;
  }
  int *sol = sks_form_solution_array(s->rd);
  for (int i = 0; i < n * n; i++) {
    int ch = t[i];
    sol[i] = ch <= '9' ? ch - '1' : (ch | 0x20) - 'a' + 9;
  }
}

/* One metadata entry: the title names the puzzle, the rules text is kept
 * for the drawings, the solution for the answer; anti-knight and
 * anti-king are rules. */
static int meta_entry(sp *s, const char *key, json_t *v, bool *flags) {
  const char *t = json_string_value(v);
  if (!strcmp(key, "title") && t && *t && !s->rd->p->look.name)
    sks_puzzle_set_name(s->rd->p, t, strlen(t));
  else if (!strcmp(key, "rules") && (t || json_is_array(v))) {
    chars all = {0};
    for (size_t i = 0; i < (t ? 1 : json_array_size(v)); i++) {
      const char *p = t ? t : json_string_value(json_array_get(v, i));
      /* an escaped "\\n", as some texts have, ends a line */
      for (; p && *p; p++)
        if (p[0] == '\\' && p[1] == 'n' && ++p)
          SKS_PUSH(all, '\n');
        else
          SKS_PUSH(all, *p);
      SKS_PUSH(all, '\n');
    }
    SKS_PUSH(all, 0);
    /* The converter's words when there are none. */
    if (!sp_says(all.a, "no rules provided") && strlen(all.a) > 1 &&
        !s->rules_text)
      s->rules_text = all.a;
    else
      SKS_STACK_FREE(all);
  } else if (!strcmp(key, "solution") && t)
    keep_solution(s, t);
  else if (!strcmp(key, "antiknight") || !strcmp(key, "antiking")) {
    if (json_is_true(v) || (t && !strcmp(t, "true")))
      flags[key[4] == 'k' && key[5] == 'n' ? 0 : 1] = true;
    else if (!json_is_false(v) && !(t && !strcmp(t, "false")) &&
             !json_is_null(v))
      return sp_error(s, "metadata \"%s\": %s, expected true or false", key,
                      sks_json_type_name(v));
  } else if (!in(key, META_QUIET, sizeof META_QUIET / sizeof *META_QUIET))
    return sp_error(s,
                    "metadata \"%.24s\": not read, and it may change the "
                    "puzzle's rules",
                    key);
  return 0;
}

static int read_metadata(sp *s, json_t *obj, bool *flags) {
  const char *names[] = {"metadata", "metaData"};
  for (int k = 0; k < 2; k++) {
    json_t *md = json_object_get(obj, names[k]);
    if (!md)
      continue;
    if (!json_is_object(md))
      return sp_error(s, "\"%s\" is %s, expected an object", names[k],
                      sks_json_type_name(md));
    const char *key;
    json_t *v;
    json_object_foreach(md, key, v) {
      if (meta_entry(s, key, v, flags))
        return -1;
    }
  }
  json_t *cages = json_object_get(obj, "cages");
  for (size_t i = 0; i < json_array_size(cages); i++) {
    json_t *c = json_array_get(cages, i), *cl = json_object_get(c, "cells");
    const char *t = json_string_value(json_object_get(c, "value"));
    char key[32];
    if (json_array_size(cl) || !t || !meta_pair(t, key, sizeof key))
      continue;
    t += strlen(key) + 1;
    while (*t == ' ')
      t++;
    json_t *v = json_string(t);
    int rc = meta_entry(s, key, v, flags);
    json_decref(v);
    if (rc)
      return -1;
  }
  return 0;
}

/* The cages: killer cages (a sum or none), extra regions, the disjoint
 * groups' cages (the rule is "global"'s), metadata (read before). */
static int read_cages(sp *s, json_t *cages, bool *disjoint) {
  static const char *const OK[] = {"cells",  "value", "sum",
                                   "unique", "style", "type"};
  for (size_t i = 0; i < json_array_size(cages); i++) {
    json_t *c = json_array_get(cages, i);
    if (!json_is_object(c))
      return sp_error(s, "cage %zu is %s, expected an object", i + 1,
                      sks_json_type_name(c));
    json_t *cl = json_object_get(c, "cells");
    if (!json_array_size(cl)) {
      const char *t = json_string_value(json_object_get(c, "value"));
      char key[32];
      if (json_object_get(c, "value") && !(t && meta_pair(t, key, sizeof key)))
        return sp_error(s,
                        "cage %zu: a value with no cells that is no "
                        "\"key: value\" metadata",
                        i + 1);
      continue;
    }
    const char *style = json_string_value(json_object_get(c, "style"));
    const char *type = json_string_value(json_object_get(c, "type"));
    char what[32];
    snprintf(what, sizeof what, "cage %zu", i + 1);
    if (type && !strcmp(type, "disjoint")) {
      *disjoint = true;
      continue;
    }
    const char *key;
    json_t *m;
    json_object_foreach(c, key, m) {
      if (!in(key, OK, sizeof OK / sizeof *OK) &&
          !(!strcmp(key, "hidden") && json_is_false(m)))
        return sp_error(s,
                        "cage %zu's \"%.24s\": a drawn cage (its meaning "
                        "is in the rules text): not read",
                        i + 1, key);
    }
    s->cells.n = 0;
    if (cells_of(s, cl, what, &s->cells))
      return -1;
    int value = sp_number(json_object_get(c, "value"));
    int sum = sp_number(json_object_get(c, "sum"));
    if (value == -2 || sum == -2)
      return sp_error(s,
                      "cage %zu: a value that is no number (a drawn "
                      "cage's text is not read)",
                      i + 1);
    if (value == SKS_RULE_NO_VALUE)
      value = sum;
    json_t *u = json_object_get(c, "unique");
    if (u && !json_is_boolean(u))
      return sp_error(s, "cage %zu: \"unique\" that is %s", i + 1,
                      sks_json_type_name(u));
    if (json_is_false(u) || type)
      return sp_error(s, "cage %zu: a cage %s%s: not read", i + 1,
                      type ? "of type " : "whose digits may repeat",
                      type ? type : "");
    bool extra = style && !strcmp(style, "extraregion");
    if (style && !extra && strcmp(style, "killer"))
      return sp_error(s, "cage %zu: a cage of style \"%.24s\": not read", i + 1,
                      style);
    if (extra)
      for (size_t k = 0; k < s->cells.n; k++)
        s->extra[s->cells.a[k]] = 1;
    if (!extra && s->cells.n > (size_t)s->n)
      return sp_error(s,
                      "cage %zu: %zu cells, more than the digits: a cage "
                      "whose digits repeat: not read",
                      i + 1, s->cells.n);
    if (extra ? sp_add(s, SKS_RULE_REGION, SKS_RULE_NO_VALUE, 0, NULL, 0)
              : sp_add(s, SKS_RULE_CAGE, value, 0, NULL, 0))
      return -1;
  }
  return 0;
}

/* "global": the rules of the whole grid the converter names. */
static int read_global(sp *s, json_t *g, bool *flags, bool disjoint) {
  static const struct {
    const char *name;
    int flag;
  } G[] = {{"antiknight", 0},     {"antiking", 1},       {"disjoint", 2},
           {"nonconsecutive", 3}, {"antidifference", 3}, {"antiratio", 4},
           {"antixv", 5}};
  if (g && !json_is_array(g))
    return sp_error(s, "\"global\" is %s, expected a list",
                    sks_json_type_name(g));
  flags[2] |= disjoint;
  for (size_t i = 0; i < json_array_size(g); i++) {
    const char *t = json_string_value(json_array_get(g, i));
    size_t k = 0;
    while (t && k < sizeof G / sizeof *G && strcmp(G[k].name, t))
      k++;
    if (!t || k == sizeof G / sizeof *G)
      return sp_error(s, "global rule \"%.24s\": not read",
                      t ? t : sks_json_type_name(json_array_get(g, i)));
    flags[G[k].flag] = true;
  }
  static const sks_rule_kind K[] = {SKS_RULE_ANTI_KNIGHT, SKS_RULE_ANTI_KING,
                                    SKS_RULE_DISJOINT_GROUPS};
  s->cells.n = 0;
  for (int k = 0; k < 3; k++)
    if (flags[k] && sp_add(s, K[k], SKS_RULE_NO_VALUE, 0, NULL, 0))
      return -1;
  /* Every dot given: the white one over dots drawn, else non-consecutive. */
  bool white = false;
  for (int i = 0; i < s->rules->count; i++)
    white |= s->rules->rule[i].kind == SKS_RULE_WHITE_DOT;
  if (flags[3] &&
      sp_add(s, white ? SKS_RULE_WHITE_ALL : SKS_RULE_NON_CONSECUTIVE,
             SKS_RULE_NO_VALUE, 0, NULL, 0))
    return -1;
  if (flags[4] && sp_add(s, SKS_RULE_BLACK_ALL, SKS_RULE_NO_VALUE, 0, NULL, 0))
    return -1;
  if (flags[5] && sp_add(s, SKS_RULE_XV_ALL, SKS_RULE_NO_VALUE, 0, NULL, 0))
    return -1;
  return 0;
}

/* Keys that carry nothing of the puzzle, and the ones read. */
static const char *const TOP[] = {
    "id",       "cellSize", "cells",    "regions",   "cages",
    "lines",    "arrows",   "overlays", "underlays", "metadata",
    "metaData", "global",   "settings", "videos",    "duration"};

int sks_sudokupad_build(sks_reader *rd, json_t *obj, long line, long col,
                        sks_error *err) {
  sp s = {.rd = rd, .line = line, .col = col, .err = err};
  const char *key;
  json_t *v;
  json_object_foreach(obj, key, v) {
    if (!in(key, TOP, sizeof TOP / sizeof *TOP))
      return sp_error(&s,
                      "\"%.24s\": a key sudokusat does not read; the "
                      "puzzle is not answered without it",
                      key);
  }
  json_t *rows = json_object_get(obj, "cells");
  size_t n = json_array_size(rows);
  if (n < 2 || n > SKS_MAX_N)
    return sp_error(&s, "%zu rows of cells: sizes go from 2 to %d", n,
                    SKS_MAX_N);
  for (size_t r = 0; r < n; r++)
    if (json_array_size(json_array_get(rows, r)) != n)
      return sp_error(&s,
                      "row %zu of %zu cells in a grid of %zu rows: only "
                      "square grids are read",
                      r + 1, json_array_size(json_array_get(rows, r)), n);
  s.n = (int)n;
  if (sks_form_prepare(rd, s.n, err))
    return -1;
  s.rules = sks_rules_new(s.n);
  s.extra = sks_calloc(n * n, sizeof *s.extra);
  bool flags[6] = {false}, disjoint = false;
  json_t *cages = json_object_get(obj, "cages");
  int rc = read_cells(&s, rows);
  if (!rc)
    rc = read_regions(&s, json_object_get(obj, "regions"));
  if (!rc)
    rc = read_metadata(&s, obj, flags);
  if (!rc && cages && !json_is_array(cages))
    rc = sp_error(&s, "\"cages\" is %s, expected a list",
                  sks_json_type_name(cages));
  if (!rc)
    rc = read_cages(&s, cages, &disjoint);
  if (!rc)
    rc = sp_read_drawings(&s, obj);
  if (!rc)
    rc = read_global(&s, json_object_get(obj, "global"), flags, disjoint);
  char why[256];
  if (!rc && sks_rules_text_read(s.rules, s.rules_text, true,
                                 rd->pending_rules.n > 0, why, sizeof why))
    rc = sp_error(&s, "%s", why);
  if (!rc) {
    /* rule lines above the link add to the rules read */
    rd->rules_merge = true;
    sks_puzzle_set_rules(rd->p, s.rules);
    rd->p->look.line = line;
  }
  sks_rules_release(s.rules);
  SKS_STACK_FREE(s.cells);
  SKS_STACK_FREE(s.more);
  free(s.rules_text);
  free(s.extra);
  return rc ? -1 : 0;
}
