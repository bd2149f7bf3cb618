/* The rules a SudokuPad puzzle draws (docs/formats.md, "SudokuPad's own
 * form"), recognised as SudokuPad's f-puzzles converter and the common
 * conventions of setters draw them: a grey line from a grey bulb a
 * thermometer, an arrow from a circle an arrow sum, a grey line between
 * two white circles a between line, a thick grey line a palindrome, a
 * green one whispers, a purple or pink one renban, a blue one a
 * region-sum line, small circles on an edge kropki dots, X and V on an
 * edge, a circle on a corner with digits a quadruple, grey circles and
 * squares in cells odd and even, grey cells with chevrons minimum and
 * maximum, lines from corner to corner the diagonals, a short arrow
 * outside with a number a little killer, a number outside a sandwich,
 * x-sum or skyscraper clue as the rules text says; a line of any
 * colour from a bulb of its colour a thermometer, a line from a circle
 * with an arrowhead line an arrow, a line or a cell's circle or square
 * of a colour the rules text names with a rule that rule.  A drawing of
 * a colour alone (whispers, renban, region sum, palindrome, outside
 * clues) must agree with the rules text when there is one.  Whatever is
 * left
 * that can be seen is an error naming it: SudokuPad does not name its
 * rules, and a rule left out turns the puzzle into another one. */
#include "rules_text_int.h"
#include "sudokupad_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct colour {
  int r, g, b;
  bool set; /* seen: not absent, "none" or transparent */
  bool bad; /* a spelling not read */
} colour;

/* An overlay or underlay. */
typedef struct el {
  const char *list;
  size_t idx;
  double y, x, w, h;
  bool rounded, centred;
  colour bg, border;
  char text[24];
  bool has_text, used;
} el;

/* A line or an arrow. */
typedef struct ln {
  const char *list;
  size_t idx;
  json_t *wp;
  colour color;
  double thickness;
  bool opacity; /* drawn see-through */
} ln;

typedef SKS_STACK(el) els;

static int hexv(int ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  ch |= 0x20;
  return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

static colour colour_of(json_t *v) {
  colour c = {0};
  const char *s = json_string_value(v);
  if (!v || json_is_null(v))
    return c;
  if (!s) {
    c.bad = true;
    return c;
  }
  size_t len = strlen(s);
  int d[8] = {0}, nd = 0;
  if (s[0] == '#' && (len == 4 || len == 5 || len == 7 || len == 9)) {
    for (size_t i = 1; i < len; i++)
      if ((d[nd++] = hexv(s[i])) < 0)
        c.bad = true;
    if (c.bad)
      return c;
    int alpha = 255;
    if (len <= 5) {
      c.r = d[0] * 17, c.g = d[1] * 17, c.b = d[2] * 17;
      if (len == 5)
        alpha = d[3] * 17;
    } else {
      c.r = d[0] * 16 + d[1], c.g = d[2] * 16 + d[3], c.b = d[4] * 16 + d[5];
      if (len == 9)
        alpha = d[6] * 16 + d[7];
    }
    c.set = alpha > 0;
    /* see-through: the colour seen over the white page */
    c.r = 255 - (255 - c.r) * alpha / 255;
    c.g = 255 - (255 - c.g) * alpha / 255;
    c.b = 255 - (255 - c.b) * alpha / 255;
    return c;
  }
  double a = 1;
  if (sscanf(s, "rgba(%d ,%d ,%d ,%lf )", &c.r, &c.g, &c.b, &a) == 4 ||
      sscanf(s, "rgb(%d ,%d ,%d )", &c.r, &c.g, &c.b) == 3) {
    c.set = a > 0;
    if (a >= 0 && a < 1) {
      c.r = 255 - (int)((255 - c.r) * a);
      c.g = 255 - (int)((255 - c.g) * a);
      c.b = 255 - (int)((255 - c.b) * a);
    }
    return c;
  }
  if (!strcmp(s, "none") || !strcmp(s, "transparent") || !*s)
    return c;
  if (!strcmp(s, "white") || !strcmp(s, "black")) {
    c.r = c.g = c.b = s[0] == 'w' ? 255 : 0;
    c.set = true;
    return c;
  }
  c.bad = true;
  return c;
}

static bool grey(colour c) {
  int lo = c.r < c.g ? (c.r < c.b ? c.r : c.b) : (c.g < c.b ? c.g : c.b);
  int hi = c.r > c.g ? (c.r > c.b ? c.r : c.b) : (c.g > c.b ? c.g : c.b);
  return c.set && !c.bad && hi - lo <= 16 && lo >= 0x60 && hi <= 0xEE;
}
static bool white(colour c) {
  return c.set && !c.bad && c.r >= 0xF0 && c.g >= 0xF0 && c.b >= 0xF0;
}
static bool black(colour c) {
  return c.set && !c.bad && c.r <= 0x30 && c.g <= 0x30 && c.b <= 0x30;
}
static bool green(colour c) {
  return c.set && !c.bad && c.g >= c.r + 50 && c.g >= c.b + 50;
}
static bool purple(colour c) {
  return c.set && !c.bad && c.r >= c.g + 50 && c.b >= c.g + 50;
}
static bool blue(colour c) {
  return c.set && !c.bad && c.b >= c.r + 50 && c.b >= c.g + 20;
}

static void colour_name(colour c, char *buf, size_t size) {
  if (c.bad)
    snprintf(buf, size, "?");
  else if (!c.set)
    snprintf(buf, size, "none");
  else
    snprintf(buf, size, "#%02x%02x%02x", c.r & 255, c.g & 255, c.b & 255);
}

static bool near(double a, double b) {
  return fabs(a - b) < 0.06;
}

static bool number_pair(json_t *p, double *y, double *x) {
  if (!json_is_array(p) || json_array_size(p) != 2 ||
      !json_is_number(json_array_get(p, 0)) ||
      !json_is_number(json_array_get(p, 1)))
    return false;
  *y = json_number_value(json_array_get(p, 0));
  *x = json_number_value(json_array_get(p, 1));
  return isfinite(*y) && isfinite(*x) && fabs(*y) < 1e6 && fabs(*x) < 1e6;
}

static double num(json_t *v, double dflt) {
  return json_is_number(v) ? json_number_value(v) : dflt;
}

/* ---- naming what is drawn, for errors ---- */

/* The cells (r0..r(n+1), outside ones too) the point touches, as
 * "r1c1/r1c2". */
static void cells_at(const sp *s, double y, double x, char *buf, size_t size) {
  size_t len = 0;
  buf[0] = 0;
  for (int dy = -1; dy <= 0; dy++)
    for (int dx = -1; dx <= 0; dx++) {
      double ry = near(y, round(y)) ? round(y) + dy : dy ? -99 : floor(y);
      double rx = near(x, round(x)) ? round(x) + dx : dx ? -99 : floor(x);
      if (ry < -1 || rx < -1 || ry > s->n || rx > s->n)
        continue;
      int w = snprintf(buf + len, size - len, "%sr%dc%d", len ? "/" : "",
                       (int)ry + 1, (int)rx + 1);
      if (w < 0 || (size_t)w >= size - len)
        return;
      len += (size_t)w;
    }
  if (!len)
    snprintf(buf, size, "(%.2f, %.2f)", y, x);
}

static int el_error(sp *s, const el *e, const char *why) {
  char bg[16], bd[16], at[64];
  colour_name(e->bg, bg, sizeof bg);
  colour_name(e->border, bd, sizeof bd);
  cells_at(s, e->y, e->x, at, sizeof at);
  return sp_error(s,
                  "%s %zu (%s %.2fx%.2f, fill %s, border %s%s%.12s%s, at %s): "
                  "%s",
                  e->list, e->idx + 1, e->rounded ? "circle" : "rectangle",
                  e->w, e->h, bg, bd, e->has_text ? ", text \"" : "",
                  e->has_text ? e->text : "", e->has_text ? "\"" : "", at, why);
}

static int ln_error(sp *s, const ln *l, const char *why) {
  char col[16], at[72];
  size_t len = 0;
  colour_name(l->color, col, sizeof col);
  at[0] = 0;
  for (size_t i = 0; i < json_array_size(l->wp); i++) {
    double y, x;
    if (!number_pair(json_array_get(l->wp, i), &y, &x))
      continue;
    int w =
        i == 6 ? snprintf(at + len, sizeof at - len, " ...")
               : snprintf(at + len, sizeof at - len, "%sr%dc%d", len ? " " : "",
                          (int)floor(y) + 1, (int)floor(x) + 1);
    if (w < 0 || (size_t)w >= sizeof at - len || i == 6)
      break;
    len += (size_t)w;
  }
  return sp_error(s, "%s %zu (colour %s, thickness %g, through %s): %s",
                  l->list, l->idx + 1, col, l->thickness, at, why);
}

static const char UNKNOWN[] =
    "no rule recognised (SudokuPad draws rules without naming them); "
    "the puzzle is not answered without it";

/* ---- reading the elements ---- */

static int read_els(sp *s, json_t *obj, const char *key, const char *name,
                    els *out) {
  json_t *a = json_object_get(obj, key);
  if (a && !json_is_array(a))
    return sp_error(s, "\"%s\" is %s, expected a list", key,
                    sks_json_type_name(a));
  for (size_t i = 0; i < json_array_size(a); i++) {
    json_t *o = json_array_get(a, i);
    el e = {.list = name, .idx = i};
    if (!json_is_object(o))
      return sp_error(s, "%s %zu is %s, expected an object", name, i + 1,
                      sks_json_type_name(o));
    e.centred = number_pair(json_object_get(o, "center"), &e.y, &e.x);
    e.w = num(json_object_get(o, "width"), 0);
    e.h = num(json_object_get(o, "height"), 0);
    json_t *rd = json_object_get(o, "rounded"); /* true, or 1 */
    e.rounded = json_is_true(rd) || (json_is_number(rd) && num(rd, 0) != 0);
    e.bg = colour_of(json_object_get(o, "backgroundColor"));
    e.border = colour_of(json_object_get(o, "borderColor"));
    json_t *t = json_object_get(o, "text");
    if (json_is_integer(t))
      snprintf(e.text, sizeof e.text, "%lld", (long long)json_integer_value(t));
    else if (json_is_string(t))
      snprintf(e.text, sizeof e.text, "%s", json_string_value(t));
    else if (t && !json_is_null(t))
      snprintf(e.text, sizeof e.text, "?");
    e.has_text = e.text[0] != 0;
    if (fabs(num(json_object_get(o, "angle"), 0)) > 0.01)
      e.bg.bad = true; /* turned: nothing here reads it */
    if (!e.centred)
      return el_error(s, &e, "no \"center\" [row, column]");
    SKS_PUSH(*out, e);
  }
  return 0;
}

static ln ln_of(json_t *o, const char *name, size_t i) {
  ln l = {.list = name, .idx = i};
  l.wp = json_object_get(o, "wayPoints");
  l.color = colour_of(json_object_get(o, "color"));
  l.thickness = num(json_object_get(o, "thickness"), 0);
  json_t *op = json_object_get(o, "opacity");
  l.opacity = op && num(op, 1) < 0.95;
  return l;
}

/* The cells a line passes, in order, from its way points (each within
 * a cell, near its centre; a straight or diagonal run between two fills
 * in the cells between); its ends' points in *p0, *p1. */
static int line_cells(sp *s, const ln *l, sp_ints *out, double *p0,
                      double *p1) {
  int n = s->n;
  out->n = 0;
  if (!json_is_array(l->wp) || json_array_size(l->wp) < 2)
    return ln_error(s, l, "no \"wayPoints\" of two points or more");
  for (size_t i = 0; i < json_array_size(l->wp); i++) {
    double y, x;
    if (!number_pair(json_array_get(l->wp, i), &y, &x))
      return ln_error(s, l, "a way point that is no [row, column]");
    if (i == 0)
      p0[0] = y, p0[1] = x;
    p1[0] = y, p1[1] = x;
    double fy = floor(y), fx = floor(x);
    if (fy < 0 || fx < 0 || fy >= n || fx >= n)
      return ln_error(s, l, "a line out of the grid");
    if (fabs(y - fy - 0.5) > 0.45 || fabs(x - fx - 0.5) > 0.45)
      return ln_error(s, l, "a line along the cells' edges, not through them");
    int r = (int)fy, c = (int)fx;
    if (out->n) {
      int last = out->a[out->n - 1], r0 = last / n, c0 = last % n;
      int dr = r - r0, dc = c - c0;
      if (!dr && !dc)
        continue;
      if (dr && dc && abs(dr) != abs(dc))
        return ln_error(s, l, "a step that is neither straight nor diagonal");
      int sr = (dr > 0) - (dr < 0), sc = (dc > 0) - (dc < 0);
      for (int k = 1; r0 + k * sr != r || c0 + k * sc != c; k++)
        SKS_PUSH(*out, (r0 + k * sr) * n + c0 + k * sc);
    }
    SKS_PUSH(*out, r * n + c);
  }
  return 0;
}

/* The unused element centred on cell i's centre that pass test. */
typedef bool el_test(const el *e);

static el *el_on_cell(els *all, int n, int i, el_test *test) {
  for (size_t k = 0; k < all->n; k++) {
    el *e = &all->a[k];
    if (near(e->y, i / n + 0.5) && near(e->x, i % n + 0.5) && test(e))
      return e;
  }
  return NULL;
}

static bool is_bulb(const el *e) {
  return e->rounded && grey(e->bg) && e->w >= 0.55 && e->w <= 1.05 &&
         near(e->w, e->h) && !e->has_text;
}
static bool is_end_circle(const el *e) {
  return e->rounded && (white(e->bg) || !e->bg.set) && grey(e->border) &&
         e->w >= 0.55 && e->w <= 1.0 && near(e->w, e->h) && !e->has_text;
}

static void reverse(sp_ints *c) {
  for (size_t i = 0, j = c->n - 1; i < j; i++, j--) {
    int t = c->a[i];
    c->a[i] = c->a[j];
    c->a[j] = t;
  }
}

/* A renban or region-sum line (s->cells, in order, a cell maybe twice):
 * a renban's cells are a set, so a cell twice is once; a line that ends
 * where it starts is a loop.  A region-sum line is cut by the boxes'
 * borders into segments of the same sum (a loop's first and last one
 * segment when in one box): one rule over its cells when it meets each
 * box once, else one rule a pair of segments in two boxes (each segment
 * with the first, or with the second when in the first's box).
 * Refused: a region-sum line through a cell twice (not a loop's ends). */
static int add_set_line(sp *s, const ln *l, sks_rule_kind kind) {
  int n = s->n;
  const char *what = kind == SKS_RULE_RENBAN ? "renban" : "region-sum";
  sp_ints *c = &s->cells;
  bool loop = c->n >= 3 && c->a[0] == c->a[c->n - 1];
  c->n -= loop;
  size_t k = 0;
  for (size_t i = 0; i < c->n; i++) {
    int cell = c->a[i];
    bool again = false;
    for (size_t j = 0; j < k && !again; j++)
      again = c->a[j] == cell;
    if (again && kind == SKS_RULE_RENBAN)
      continue;
    char why[120];
    if (again) {
      snprintf(why, sizeof why,
               "a %s line through r%dc%d twice: its segments are not read",
               what, cell / n + 1, cell % n + 1);
      return ln_error(s, l, why);
    }
    c->a[k++] = cell;
  }
  c->n = k;
  if (kind == SKS_RULE_RENBAN || !k)
    return sp_add(s, kind, SKS_RULE_NO_VALUE, 0, NULL, 0);
  /* A loop from a border: its segment across its ends is one. */
  const sks_shape *sh = s->rd->p->shape;
  int *line = sks_malloc(k * sizeof *line);
  size_t from = 0;
  while (loop && from < k &&
         sks_form_box_of(sh, c->a[from]) ==
             sks_form_box_of(sh, c->a[(from + k - 1) % k]))
    from++;
  if (from == k)
    from = 0;
  for (size_t i = 0; i < k; i++)
    line[i] = c->a[(from + i) % k];
  int *cells;
  size_t *at;
  size_t nr = sks_form_region_sums(sh, line, k, &cells, &at);
  int rc = 0;
  for (size_t r = 0; r < nr && !rc; r++) {
    c->n = 0;
    for (size_t i = at[r]; i < at[r + 1]; i++)
      SKS_PUSH(*c, cells[i]);
    rc = sp_add(s, kind, SKS_RULE_NO_VALUE, 0, NULL, 0);
  }
  free(cells);
  free(at);
  free(line);
  return rc;
}

/* A renban or region-sum line, kept (s->pend: kind, line index, count,
 * cells) until every line is read (set_lines_add). */
static void set_line(sp *s, const ln *l, sks_rule_kind kind) {
  SKS_PUSH(s->pend, (int)kind);
  SKS_PUSH(s->pend, (int)l->idx);
  SKS_PUSH(s->pend, (int)s->cells.n);
  for (size_t i = 0; i < s->cells.n; i++)
    SKS_PUSH(s->pend, s->cells.a[i]);
}

/* The kept lines (set_line) into rules; two of a kind that meet are
 * refused: lines drawn to one cell may be one line or two (Stronghold's
 * two region-sum lines from one cell have two totals, Nautilus' renban
 * drawn in two strokes is one set), and the drawing does not say. */
static int set_lines_add(sp *s, json_t *lines) {
  int n = s->n, rc = 0;
  int *owner = sks_calloc((size_t)n * n * 2, sizeof *owner);
  for (size_t at = 0; at < s->pend.n && !rc;
       at += 3 + (size_t)s->pend.a[at + 2]) {
    int kind = s->pend.a[at], idx = s->pend.a[at + 1], k = s->pend.a[at + 2];
    int *own = owner + (kind == SKS_RULE_RENBAN ? 0 : n * n);
    const char *what = kind == SKS_RULE_RENBAN ? "renban" : "region-sum";
    ln l = ln_of(json_array_get(lines, (size_t)idx), "line", (size_t)idx);
    s->cells.n = 0;
    for (int i = 0; i < k && !rc; i++) {
      int cell = s->pend.a[at + 3 + i];
      if (own[cell] && own[cell] != idx + 1) {
        char why[120];
        snprintf(why, sizeof why,
                 "a %s line that meets %s line %d at r%dc%d: one line or two "
                 "is not read",
                 what, what, own[cell], cell / n + 1, cell % n + 1);
        rc = ln_error(s, &l, why);
      }
      own[cell] = idx + 1;
      SKS_PUSH(s->cells, cell);
    }
    if (!rc)
      rc = add_set_line(s, &l, (sks_rule_kind)kind);
  }
  free(owner);
  return rc;
}

/* A colour alone names the rule: the rules text, when there is one,
 * must name it too. */
static int by_colour(sp *s, const ln *l, sks_rule_kind kind, const char *what,
                     const char *const *words) {
  bool none;
  if (!sp_rules_say(s, words, &none) && !none) {
    char why[120];
    snprintf(why, sizeof why,
             "a %s line, but the rules text does not name its rule", what);
    return ln_error(s, l, why);
  }
  if (kind == SKS_RULE_RENBAN || kind == SKS_RULE_REGION_SUM)
    return set_line(s, l, kind), 0;
  return sp_add(s, kind, SKS_RULE_NO_VALUE, 0, NULL, 0);
}

/* Is colour a near colour b (each channel within 24)? */
static bool same_colour(colour a, colour b) {
  return a.set && !a.bad && b.set && !b.bad && abs(a.r - b.r) <= 24 &&
         abs(a.g - b.g) <= 24 && abs(a.b - b.b) <= 24;
}

/* The unused small round mark of colour c (no text) centred at (y, x),
 * or NULL. */
static el *mark_at(els *all, double y, double x, colour c) {
  for (size_t k = 0; k < all->n; k++) {
    el *e = &all->a[k];
    if (!e->used && e->rounded && !e->has_text && e->w >= 0.15 && e->w <= 0.6 &&
        near(e->w, e->h) && near(e->y, y) && near(e->x, x) &&
        same_colour(e->bg, c))
      return e;
  }
  return NULL;
}

/* A thermometer of any colour: a bulb of the line's own colour on an end
 * cell, when the rules text (if any) speaks of thermometers.  1: read;
 * 0: no such bulb. */
static int coloured_thermo(sp *s, const ln *l, els *all) {
  static const char *const w[] = {"thermo", NULL};
  int n = s->n;
  bool none;
  el *bulb[2] = {NULL, NULL};
  for (int end = 0; end < 2; end++) {
    int cell = end ? s->cells.a[s->cells.n - 1] : s->cells.a[0];
    for (size_t k = 0; k < all->n && !bulb[end]; k++) {
      el *e = &all->a[k];
      if (e->rounded && !e->has_text && e->w >= 0.55 && e->w <= 1.05 &&
          near(e->w, e->h) && near(e->y, cell / n + 0.5) &&
          near(e->x, cell % n + 0.5) && same_colour(e->bg, l->color))
        bulb[end] = e;
    }
  }
  if (!bulb[0] && !bulb[1])
    return 0;
  if (bulb[0] && bulb[1])
    return ln_error(s, l, "a thermometer with a bulb at both ends");
  if (!sp_rules_say(s, w, &none) && !none)
    return ln_error(s, l,
                    "a line from a bulb of its colour, but the rules text "
                    "does not speak of thermometers");
  if (!bulb[0])
    reverse(&s->cells);
  (bulb[0] ? bulb[0] : bulb[1])->used = true;
  return sp_add(s, SKS_RULE_THERMO, SKS_RULE_NO_VALUE, 0, NULL, 0) ? -1 : 1;
}

/* A line of a colour the rules text names with its rule ("a peach
 * entropic line", "a lavender zipper line"): that rule (a loop, one
 * that ends where it starts, goes on round: entropic, modular and
 * whispers; a zipper's centre may be marked by a dot of its colour).
 * 1: read; 0: the text names no rule for the colour. */
static int text_line(sp *s, const ln *l, els *all) {
  int n = s->n;
  int kind = s->rules_text ? sks_rules_text_line_rule(s->rules_text, l->color.r,
                                                      l->color.g, l->color.b)
                           : -1;
  if (kind < 0 || kind == SKS_RULE_THERMO)
    return 0;
  sp_ints *c = &s->cells;
  if (kind == SKS_RULE_RENBAN || kind == SKS_RULE_REGION_SUM)
    return set_line(s, l, (sks_rule_kind)kind), 1;
  bool loop = c->n >= 3 && c->a[0] == c->a[c->n - 1];
  if (loop && kind != SKS_RULE_ENTROPIC && kind != SKS_RULE_MODULAR &&
      kind != SKS_RULE_WHISPERS)
    return ln_error(s, l, "a line that ends where it starts: not read");
  c->n -= loop;
  size_t k = c->n;
  if (kind == SKS_RULE_ZIPPER && k >= 2) {
    int a = c->a[(k - 1) / 2], b = c->a[k / 2];
    el *dot = mark_at(all, (a / n + b / n) / 2.0 + 0.5,
                      (a % n + b % n) / 2.0 + 0.5, l->color);
    if (dot)
      dot->used = true;
  }
  if (sp_add(s, (sks_rule_kind)kind, SKS_RULE_NO_VALUE, 0, NULL, 0))
    return -1;
  if (loop && k >= 4) {
    /* round the loop's ends */
    int wrap[4] = {c->a[k - 2], c->a[k - 1], c->a[0], c->a[1]};
    size_t from = kind == SKS_RULE_WHISPERS ? 1 : 0,
           to = kind == SKS_RULE_WHISPERS ? 3 : 4;
    c->n = 0;
    for (size_t i = from; i < to; i++)
      SKS_PUSH(*c, wrap[i]);
    if (sp_add(s, (sks_rule_kind)kind, SKS_RULE_NO_VALUE, 0, NULL, 0))
      return -1;
  } else if (loop && kind == SKS_RULE_WHISPERS) {
    int wrap[2] = {c->a[k - 1], c->a[0]};
    c->n = 0;
    SKS_PUSH(*c, wrap[0]);
    SKS_PUSH(*c, wrap[1]);
    if (sp_add(s, (sks_rule_kind)kind, SKS_RULE_NO_VALUE, 0, NULL, 0))
      return -1;
  }
  return 1;
}

/* A line through cells: which rule it draws. */
static int cell_line(sp *s, const ln *l, els *all) {
  int n = s->n;
  double p0[2], p1[2];
  if (line_cells(s, l, &s->cells, p0, p1))
    return -1;
  if (s->cells.n < 2)
    return ln_error(s, l, UNKNOWN);
  int first = s->cells.a[0], last = s->cells.a[s->cells.n - 1];
  if (grey(l->color) && !l->opacity) {
    el *a = el_on_cell(all, n, first, is_end_circle);
    el *b = el_on_cell(all, n, last, is_end_circle);
    if (a && b) {
      a->used = b->used = true;
      return sp_add(s, SKS_RULE_BETWEEN, SKS_RULE_NO_VALUE, 0, NULL, 0);
    }
    el *bulb = el_on_cell(all, n, first, is_bulb);
    el *bulb2 = el_on_cell(all, n, last, is_bulb);
    if (bulb || bulb2) {
      /* slow when the rules text says so (form_sudokupad_text.c) */
      if (bulb && bulb2)
        return ln_error(s, l, "a thermometer with a bulb at both ends");
      if (!bulb)
        reverse(&s->cells);
      (bulb ? bulb : bulb2)->used = true;
      return sp_add(s, SKS_RULE_THERMO, SKS_RULE_NO_VALUE, 0, NULL, 0);
    }
    int rc = text_line(s, l, all);
    if (rc)
      return rc < 0 ? -1 : 0;
    if (l->thickness >= 8 && l->thickness <= 30) {
      static const char *const w[] = {"palindrom", NULL};
      return by_colour(s, l, SKS_RULE_PALINDROME, "grey", w);
    }
    return ln_error(s, l, UNKNOWN);
  }
  if (l->opacity || l->thickness < 2)
    return ln_error(s, l, UNKNOWN);
  int rc = coloured_thermo(s, l, all);
  if (!rc && !green(l->color) && !purple(l->color) && !blue(l->color))
    rc = text_line(s, l, all);
  if (rc)
    return rc < 0 ? -1 : 0;
  if (green(l->color)) {
    /* German whispers: named, or their difference (half the side, up)
     * spelt out; Dutch ones (4 on a 9x9) are another rule */
    static const char *const dutch[] = {"dutch", NULL};
    bool none;
    if (sp_rules_say(s, dutch, &none))
      return ln_error(s, l,
                      "a green line, and the rules text speaks of Dutch "
                      "whispers: which lines are which is not read");
    char d[4][40];
    int v = (s->n + 1) / 2;
    snprintf(d[0], sizeof d[0], "differ by at least %d", v);
    snprintf(d[1], sizeof d[1], "differ by %d or more", v);
    snprintf(d[2], sizeof d[2], "difference of at least %d", v);
    snprintf(d[3], sizeof d[3], "at least %d apart", v);
    const char *const w[] = {"whisper", d[0], d[1], d[2], d[3], NULL};
    return by_colour(s, l, SKS_RULE_WHISPERS, "green", w);
  }
  if (purple(l->color)) {
    static const char *const w[] = {"renban", "consecutive", NULL};
    return by_colour(s, l, SKS_RULE_RENBAN, "purple", w);
  }
  if (blue(l->color)) {
    static const char *const w[] = {"region sum", "region-sum", "segment",
                                    "box border", "same total", "same sum",
                                    NULL};
    return by_colour(s, l, SKS_RULE_REGION_SUM, "blue", w);
  }
  return ln_error(s, l, UNKNOWN);
}

/* Three points in one cell, black and thin: a chevron of a minimum or a
 * maximum cell; *cell and whether it points inwards. */
static bool chevron(const sp *s, const ln *l, int *cell, bool *inwards) {
  if (json_array_size(l->wp) != 3 || !black(l->color) || l->thickness > 2)
    return false;
  double y[3], x[3];
  for (int i = 0; i < 3; i++)
    if (!number_pair(json_array_get(l->wp, (size_t)i), &y[i], &x[i]))
      return false;
  double fy = floor(y[1]), fx = floor(x[1]);
  if (fy < 0 || fx < 0 || fy >= s->n || fx >= s->n)
    return false;
  for (int i = 0; i < 3; i++)
    if (floor(y[i]) != fy || floor(x[i]) != fx)
      return false;
  double cy = fy + 0.5, cx = fx + 0.5;
  double dm = hypot(y[1] - cy, x[1] - cx), d0 = hypot(y[0] - cy, x[0] - cx);
  *cell = (int)fy * s->n + (int)fx;
  *inwards = dm < d0;
  return true;
}

static int read_line(sp *s, const ln *lp, els *all, signed char *mm);
static int arrow_of(sp *s, const ln *l, els *all);

/* Is line h an arrowhead on the end of line t: three points, the middle
 * one t's last, the other two near it (0.45), both of one colour? */
static bool head_on(const ln *h, const ln *t) {
  double y[3], x[3], ty, tx;
  size_t nt = json_array_size(t->wp);
  if (json_array_size(h->wp) != 3 || nt < 2 ||
      !same_colour(h->color, t->color) ||
      !number_pair(json_array_get(t->wp, nt - 1), &ty, &tx))
    return false;
  for (int i = 0; i < 3; i++)
    if (!number_pair(json_array_get(h->wp, (size_t)i), &y[i], &x[i]))
      return false;
  return near(y[1], ty) && near(x[1], tx) &&
         hypot(y[0] - y[1], x[0] - x[1]) <= 0.45 &&
         hypot(y[2] - y[1], x[2] - x[1]) <= 0.45 &&
         hypot(y[0] - y[1], x[0] - x[1]) >= 0.1 &&
         hypot(y[2] - y[1], x[2] - x[1]) >= 0.1;
}

static int read_lines(sp *s, json_t *obj, els *all, signed char *mm) {
  json_t *a = json_object_get(obj, "lines");
  if (a && !json_is_array(a))
    return sp_error(s, "\"lines\" is %s, expected a list",
                    sks_json_type_name(a));
  /* Arrows drawn as lines: a shaft, and an arrowhead on its end. */
  size_t count = json_array_size(a);
  signed char *role = sks_calloc(count + 1, 1); /* 1 head, 2 shaft */
  for (size_t i = 0; i < count; i++)
    for (size_t j = 0; j < count && !role[i]; j++) {
      json_t *hi = json_array_get(a, i), *tj = json_array_get(a, j);
      if (i == j || !json_is_object(hi) || !json_is_object(tj) || role[j] == 1)
        continue;
      ln h = ln_of(hi, "line", i), t = ln_of(tj, "line", j);
      double y0, x0, y1, x1;
      if (number_pair(json_array_get(t.wp, 0), &y0, &x0) &&
          number_pair(json_array_get(t.wp, json_array_size(t.wp) - 1), &y1,
                      &x1) &&
          hypot(y1 - y0, x1 - x0) >= 0.9 && head_on(&h, &t))
        role[i] = 1, role[j] = 2;
    }
  int rc = 0;
  for (size_t i = 0; i < count && !rc; i++) {
    json_t *o = json_array_get(a, i);
    if (!json_is_object(o)) {
      rc = sp_error(s, "line %zu is %s, expected an object", i + 1,
                    sks_json_type_name(o));
      break;
    }
    ln l = ln_of(o, "line", i);
    if (role[i] == 1)
      continue;
    if (role[i] == 2) {
      rc = arrow_of(s, &l, all);
      continue;
    }
    rc = read_line(s, &l, all, mm);
  }
  free(role);
  return rc;
}

/* One line that draws no arrow. */
static int read_line(sp *s, const ln *lp, els *all, signed char *mm) {
  int n = s->n, cell;
  ln l = *lp;
  bool inwards;
  double y0, x0, y1, x1;
  if (chevron(s, &l, &cell, &inwards)) {
    signed char want = inwards ? 1 : 2;
    if (mm[cell] && mm[cell] != want)
      return ln_error(s, &l, "chevrons pointing both ways in one cell");
    mm[cell] = want;
    return 0;
  }
  if (json_array_size(l.wp) == 2 &&
      number_pair(json_array_get(l.wp, 0), &y0, &x0) &&
      number_pair(json_array_get(l.wp, 1), &y1, &x1) &&
      (near(y0, 0) || near(y0, n)) && (near(y1, 0) || near(y1, n)) &&
      (near(x0, 0) || near(x0, n)) && (near(x1, 0) || near(x1, n)) &&
      !near(y0, y1) && !near(x0, x1)) {
    /* Corner to corner: a diagonal. */
    bool neg = near(y0, 0) == near(x0, 0);
    s->cells.n = 0;
    return sp_add(s, neg ? SKS_RULE_DIAGONAL_NEG : SKS_RULE_DIAGONAL_POS,
                  SKS_RULE_NO_VALUE, 0, NULL, 0);
  }
  return cell_line(s, &l, all);
}

/* The number an element's text says (-1: none, "" or "_"; -2: no
 * number). */
static int el_number(const el *e) {
  if (!e->has_text || !strcmp(e->text, "_"))
    return -1;
  json_t *t = json_string(e->text);
  int v = sp_number(t);
  json_decref(t);
  return v == SKS_RULE_NO_VALUE ? -1 : v;
}

/* The unused text element centred in the cell at (r, c) (outside ones
 * too). */
static el *text_in(els *all, int r, int c) {
  for (size_t k = 0; k < all->n; k++) {
    el *e = &all->a[k];
    if (!e->used && e->has_text && near(e->y, r + 0.5) && near(e->x, c + 0.5))
      return e;
  }
  return NULL;
}

/* An arrow along line l, from the circle (or pill) on its first cell:
 * the circle's cells, then the shaft's. */
static int arrow_of(sp *s, const ln *l, els *all) {
  int n = s->n;
  double p0[2], p1[2];
  if (line_cells(s, l, &s->more, p0, p1))
    return -1;
  /* The circle (or pill) the arrow leaves. */
  el *circle = NULL;
  int from = s->more.a[0];
  for (size_t k = 0; k < all->n && !circle; k++) {
    el *e = &all->a[k];
    if (e->rounded && !e->has_text && e->w >= 0.55 && e->h >= 0.55 &&
        (white(e->bg) || !e->bg.set) && e->border.set && !e->border.bad &&
        fabs(e->y - (from / n + 0.5)) <= e->h / 2 - 0.1 &&
        fabs(e->x - (from % n + 0.5)) <= e->w / 2 - 0.1)
      circle = e;
  }
  if (!circle)
    return ln_error(s, l, "an arrow from no circle");
  circle->used = true;
  s->cells.n = 0;
  for (int k = 0; k < n * n; k++)
    if (fabs(circle->y - (k / n + 0.5)) <= circle->h / 2 - 0.1 &&
        fabs(circle->x - (k % n + 0.5)) <= circle->w / 2 - 0.1)
      SKS_PUSH(s->cells, k);
  size_t split = s->cells.n;
  for (size_t k = 0; k < s->more.n; k++) {
    bool in = false;
    for (size_t m = 0; m < split; m++)
      in |= s->cells.a[m] == s->more.a[k];
    if (!in)
      SKS_PUSH(s->cells, s->more.a[k]);
  }
  if (s->cells.n == split)
    return ln_error(s, l, "an arrow with no cells past its circle");
  return sp_add(s, SKS_RULE_ARROW, SKS_RULE_NO_VALUE, (int)split, NULL, 0);
}

static int read_arrows(sp *s, json_t *obj, els *all) {
  json_t *a = json_object_get(obj, "arrows");
  int n = s->n;
  if (a && !json_is_array(a))
    return sp_error(s, "\"arrows\" is %s, expected a list",
                    sks_json_type_name(a));
  for (size_t i = 0; i < json_array_size(a); i++) {
    json_t *o = json_array_get(a, i);
    if (!json_is_object(o))
      return sp_error(s, "arrow %zu is %s, expected an object", i + 1,
                      sks_json_type_name(o));
    ln l = ln_of(o, "arrow", i);
    double y0, x0, y1, x1;
    size_t np = json_array_size(l.wp);
    if (np < 2 || !number_pair(json_array_get(l.wp, 0), &y0, &x0) ||
        !number_pair(json_array_get(l.wp, np - 1), &y1, &x1))
      return ln_error(s, &l, "no \"wayPoints\" of two points or more");
    int r = (int)floor(y0), c = (int)floor(x0);
    bool outside = r < 0 || c < 0 || r >= n || c >= n;
    if (outside && floor(y1) == r && floor(x1) == c) {
      /* A little killer: a short arrow in a cell outside, its number
       * there. */
      int dr = (y1 > y0) - (y1 < y0), dc = (x1 > x0) - (x1 < x0);
      if (!dr || !dc || near(y0, y1) || near(x0, x1))
        return ln_error(s, &l,
                        "an arrow outside the grid that is not "
                        "diagonal");
      el *t = text_in(all, r, c);
      int v = t ? el_number(t) : -1;
      if (!t)
        return ln_error(s, &l, "a little killer's arrow with no number");
      t->used = true;
      if (v == -2)
        return el_error(s, t, "a little killer's clue that is no number");
      if (v < 0)
        continue;
      s->cells.n = 0;
      for (r += dr, c += dc; r >= 0 && c >= 0 && r < n && c < n;
           r += dr, c += dc)
        SKS_PUSH(s->cells, r * n + c);
      if (!s->cells.n)
        return ln_error(s, &l,
                        "a little killer whose diagonal misses the "
                        "grid");
      if (sp_add(s, SKS_RULE_LITTLE_KILLER, v, 0, NULL, 0))
        return -1;
      continue;
    }
    if (arrow_of(s, &l, all))
      return -1;
  }
  return 0;
}

/* The two cells an edge's midpoint at (y, x) lies between, or false. */
static bool edge_cells(const sp *s, const el *e, int *a, int *b) {
  int n = s->n;
  double y = e->y, x = e->x;
  int r, c;
  if (near(y, round(y)) && near(x, floor(x) + 0.5)) {
    r = (int)round(y), c = (int)floor(x);
    if (r < 1 || r >= n || c < 0 || c >= n)
      return false;
    *a = (r - 1) * n + c, *b = r * n + c;
    return true;
  }
  if (near(x, round(x)) && near(y, floor(y) + 0.5)) {
    r = (int)floor(y), c = (int)round(x);
    if (c < 1 || c >= n || r < 0 || r >= n)
      return false;
    *a = r * n + c - 1, *b = r * n + c;
    return true;
  }
  return false;
}

/* One overlay or underlay not taken by a line or an arrow. */
static int read_el(sp *s, el *e, const signed char *mm, int outside) {
  int n = s->n, a, b;
  bool cell_centre =
      near(e->y, floor(e->y) + 0.5) && near(e->x, floor(e->x) + 0.5);
  int r = (int)floor(e->y), c = (int)floor(e->x);
  bool in = r >= 0 && c >= 0 && r < n && c < n;
  s->cells.n = 0;
  if (e->bg.bad || e->border.bad)
    return el_error(s, e, UNKNOWN);
  /* X or V on an edge (on a white circle too: before the dots) */
  if (e->has_text && e->w <= 0.5 && (white(e->bg) || !e->bg.set) &&
      edge_cells(s, e, &a, &b) &&
      (!strcmp(e->text, "X") || !strcmp(e->text, "x") ||
       !strcmp(e->text, "V") || !strcmp(e->text, "v"))) {
    SKS_PUSH(s->cells, a);
    SKS_PUSH(s->cells, b);
    return sp_add(
        s, (e->text[0] | 0x20) == 'x' ? SKS_RULE_X_PAIR : SKS_RULE_V_PAIR,
        SKS_RULE_NO_VALUE, 0, NULL, 0);
  }
  if (e->rounded && near(e->w, e->h) && e->w >= 0.15 && e->w <= 0.45 &&
      edge_cells(s, e, &a, &b) && (white(e->bg) || black(e->bg))) {
    int v = el_number(e);
    if (v == -2 || v == 0)
      return el_error(s, e, "a kropki dot whose text is no number");
    SKS_PUSH(s->cells, a);
    SKS_PUSH(s->cells, b);
    return sp_add(s, white(e->bg) ? SKS_RULE_WHITE_DOT : SKS_RULE_BLACK_DOT,
                  v < 0 ? SKS_RULE_NO_VALUE : v, 0, NULL, 0);
  }
  if (e->rounded && e->has_text && e->w >= 0.4 && e->w <= 1.0 &&
      near(e->y, round(e->y)) && near(e->x, round(e->x)) && e->y > 0.5 &&
      e->x > 0.5 && e->y < n - 0.5 && e->x < n - 0.5) {
    /* A quadruple: the digits in the circle on the corner. */
    int y = (int)round(e->y), x = (int)round(e->x), digits[8], nd = 0;
    for (const char *p = e->text; *p; p++) {
      if (*p == ' ' || *p == '\n' || *p == ',')
        continue;
      int d = *p >= '1' && *p <= '9' ? *p - '0' : -1;
      if (d < 1 || d > n || nd == 4)
        return el_error(s, e,
                        "a quadruple whose text is not up to four "
                        "digits");
      digits[nd++] = d;
    }
    int cells[4] = {(y - 1) * n + x - 1, (y - 1) * n + x, y * n + x - 1,
                    y * n + x};
    for (int k = 0; k < 4; k++)
      SKS_PUSH(s->cells, cells[k]);
    return sp_add(s, SKS_RULE_QUADRUPLE, SKS_RULE_NO_VALUE, 0, digits, nd);
  }
  if (in && cell_centre && !e->has_text && grey(e->bg) && near(e->w, e->h) &&
      e->w >= 0.4 && e->w <= 0.8) {
    SKS_PUSH(s->cells, r * n + c);
    return sp_add(s, e->rounded ? SKS_RULE_ODD : SKS_RULE_EVEN,
                  SKS_RULE_NO_VALUE, 0, NULL, 0);
  }
  if (in && cell_centre && !e->has_text && !grey(e->bg) && e->bg.set &&
      near(e->w, e->h) && e->w >= 0.4 && e->w <= 0.85 && s->rules_text) {
    /* a circle or square of a colour the rules text names odd or even */
    int kind = sks_rules_text_cell_rule(s->rules_text, e->rounded, e->bg.r,
                                        e->bg.g, e->bg.b);
    if (kind >= 0) {
      SKS_PUSH(s->cells, r * n + c);
      return sp_add(s, (sks_rule_kind)kind, SKS_RULE_NO_VALUE, 0, NULL, 0);
    }
  }
  if (in && cell_centre && !e->rounded && !e->has_text && grey(e->bg) &&
      near(e->w, 1) && near(e->h, 1)) {
    if (mm[r * n + c]) {
      /* Beside a cell of its own kind, it is compared with the others
       * only (as f-puzzles does: "greater than its unshaded neighbours"):
       * a `greater` rule with each. */
      static const int ORTH[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
      int me = r * n + c, nb[4], k = 0;
      bool beside = false;
      for (int j = 0; j < 4; j++) {
        int rr = r + ORTH[j][0], cc = c + ORTH[j][1];
        if (rr < 0 || rr >= n || cc < 0 || cc >= n)
          continue;
        if (mm[rr * n + cc] == mm[me])
          beside = true;
        else
          nb[k++] = rr * n + cc;
      }
      if (!beside) {
        SKS_PUSH(s->cells, me);
        return sp_add(s, mm[me] == 1 ? SKS_RULE_MINIMUM : SKS_RULE_MAXIMUM,
                      SKS_RULE_NO_VALUE, 0, NULL, 0);
      }
      for (int j = 0; j < k; j++) {
        s->cells.n = 0;
        SKS_PUSH(s->cells, mm[me] == 2 ? me : nb[j]);
        SKS_PUSH(s->cells, mm[me] == 2 ? nb[j] : me);
        if (sp_add(s, SKS_RULE_GREATER, SKS_RULE_NO_VALUE, 0, NULL, 0))
          return -1;
      }
      return 0;
    }
    if (s->extra[r * n + c]) /* an extra region's shading */
      return 0;
  }
  if (!in && cell_centre && e->has_text &&
      ((r == -1 || r == n) != (c == -1 || c == n))) {
    int v = el_number(e);
    if (v == -1)
      return 0;
    if (v == -2)
      return el_error(s, e, "a clue outside the grid that is no number");
    if (outside < 0)
      return el_error(s, e,
                      "a number outside the grid: a sandwich, x-sum and "
                      "skyscraper clue look alike, and the rules text names "
                      "none of them (or several)");
    bool row_out = r == -1 || r == n;
    for (int k = 0; k < n; k++) {
      int rr = row_out ? (r == -1 ? k : n - 1 - k) : r;
      int cc = row_out ? c : (c == -1 ? k : n - 1 - k);
      SKS_PUSH(s->cells, rr * n + cc);
    }
    return sp_add(s, (sks_rule_kind)outside, v, 0, NULL, 0);
  }
  if (!e->has_text && !e->bg.set && !e->border.set)
    return 0; /* nothing to see */
  return el_error(s, e, UNKNOWN);
}

/* The kind the numbers outside the grid are, from the rules text: one
 * of sandwich, x-sum and skyscraper named, or -1. */
static int outside_kind(const sp *s) {
  static const char *const sw[] = {"sandwich", NULL};
  static const char *const xs[] = {"x-sum", "x sum", "xsum", NULL};
  static const char *const sky[] = {"skyscraper", NULL};
  bool none;
  int k = -1, named = 0;
  if (sp_rules_say(s, sw, &none))
    k = SKS_RULE_SANDWICH, named++;
  if (sp_rules_say(s, xs, &none))
    k = SKS_RULE_X_SUM, named++;
  if (sp_rules_say(s, sky, &none))
    k = SKS_RULE_SKYSCRAPER, named++;
  return named == 1 ? k : -1;
}

int sp_read_drawings(sp *s, json_t *obj) {
  els all = {0};
  int n = s->n;
  signed char *mm = sks_calloc((size_t)n * n, 1);
  int rc = read_els(s, obj, "overlays", "overlay", &all);
  if (!rc)
    rc = read_els(s, obj, "underlays", "underlay", &all);
  if (!rc)
    rc = read_lines(s, obj, &all, mm);
  if (!rc)
    rc = set_lines_add(s, json_object_get(obj, "lines"));
  if (!rc)
    rc = read_arrows(s, obj, &all);
  int outside = outside_kind(s);
  for (size_t k = 0; !rc && k < all.n; k++)
    if (!all.a[k].used)
      rc = read_el(s, &all.a[k], mm, outside);
  /* Chevrons with no grey cell under them. */
  for (int i = 0; !rc && i < n * n; i++) {
    if (!mm[i])
      continue;
    bool found = false;
    for (size_t k = 0; k < all.n; k++) {
      el *e = &all.a[k];
      found |= !e->rounded && grey(e->bg) && near(e->y, i / n + 0.5) &&
               near(e->x, i % n + 0.5) && near(e->w, 1);
    }
    if (!found)
      rc = sp_error(s,
                    "chevrons in cell r%dc%d, which is not shaded as a "
                    "minimum or maximum: no rule recognised",
                    i / n + 1, i % n + 1);
  }
  SKS_STACK_FREE(all);
  free(mm);
  SKS_STACK_FREE(s->pend);
  return rc;
}
