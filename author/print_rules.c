/* A puzzle's variant rules on its printed page (print_int.h), drawn as
 * setters draw them: dashed cages inside their outlines with the sum in
 * the corner, thermometers, arrows, coloured lines, dots, X and V on
 * edges, clues outside the grid, and a caption for the rules that hold
 * over the whole grid.  Lengths are fractions of a cell, so every size of
 * grid looks the same. */
#include "print_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FONT "font-family=\"DejaVu Sans, Arial, sans-serif\""

/* Colours (docs/authoring.md, "Printing puzzles"). */
#define THERMO "#c4c4c4"
#define ARROW "#707070"
#define DIAGONAL "#5b7fb5"
#define SHAPE "#d0d0d0"    /* odd circles, even squares */
#define INDEXING "#f4cccc" /* the indexing cells (1-5-9 red, as setters) */

/* Tints for extra regions and clones, one a rule in turn. */
static const char *const TINT[] = {"#cfe2f3", "#d9ead3", "#fce5cd",
                                   "#ead1dc", "#fff2cc", "#d0e0e3"};
enum { TINTS = sizeof TINT / sizeof *TINT };

/* One grid on the page: its top left corner, cell size and side. */
typedef struct frame {
  FILE *out;
  double x, y, c;
  int n;
} frame;

typedef struct point {
  double x, y;
} point;

static point centre(const frame *f, int i) {
  return (point){f->x + (i % f->n + 0.5) * f->c,
                 f->y + (i / f->n + 0.5) * f->c};
}

/* The unit vector from a to b (0 when they meet). */
static point towards(point a, point b) {
  double dx = b.x - a.x, dy = b.y - a.y, len = hypot(dx, dy);
  return len > 0 ? (point){dx / len, dy / len} : (point){0, 0};
}

static point step(point a, point u, double len) {
  return (point){a.x + u.x * len, a.y + u.y * len};
}

static point middle(point a, point b) {
  return (point){(a.x + b.x) / 2, (a.y + b.y) / 2};
}

static void put_points(const frame *f, const point *pts, int k) {
  for (int i = 0; i < k; i++)
    fprintf(f->out, "%s%.3f,%.3f", i ? " " : "", pts[i].x, pts[i].y);
}

/* A polyline through pts in colour at width (fractions of a cell), with
 * extra attributes; a single point is a dot. */
static void put_polyline(const frame *f, const point *pts, int k,
                         const char *colour, double width, const char *extra) {
  if (k == 1) {
    fprintf(f->out,
            "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" fill=\"%s\"/>\n",
            pts[0].x, pts[0].y, width * f->c / 2, colour);
    return;
  }
  fputs("<polyline points=\"", f->out);
  put_points(f, pts, k);
  fprintf(f->out,
          "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.3f\" "
          "stroke-linecap=\"round\" stroke-linejoin=\"round\"%s/>\n",
          colour, width * f->c, extra ? extra : "");
}

/* The centres of cells[0..k). */
static point *centres(const frame *f, const int *cells, int k) {
  point *pts = sks_malloc((size_t)(k ? k : 1) * sizeof *pts);
  for (int i = 0; i < k; i++)
    pts[i] = centre(f, cells[i]);
  return pts;
}

static void put_line(const frame *f, const int *cells, int k,
                     const char *colour, double width) {
  point *pts = centres(f, cells, k);
  put_polyline(f, pts, k, colour, width, NULL);
  free(pts);
}

static void put_circle(const frame *f, point p, double r, const char *fill,
                       const char *stroke, double width) {
  fprintf(f->out, "<circle cx=\"%.3f\" cy=\"%.3f\" r=\"%.3f\" fill=\"%s\"", p.x,
          p.y, r * f->c, fill);
  if (stroke)
    fprintf(f->out, " stroke=\"%s\" stroke-width=\"%.3f\"", stroke,
            width * f->c);
  fputs("/>\n", f->out);
}

/* Text centred at p (its middle, not its baseline), size a fraction of a
 * cell; attrs such as a weight or a fill. */
static void put_text(const frame *f, point p, double size, const char *attrs,
                     const char *text) {
  fprintf(f->out,
          "<text x=\"%.3f\" y=\"%.3f\" " FONT
          " font-size=\"%.3f\" text-anchor=\"middle\"%s>%s</text>\n",
          p.x, p.y + size * f->c * 0.36, size * f->c, attrs ? attrs : "", text);
}

/* A small label in the top left corner of cell i, on a white ground that
 * breaks the cage line under it; len its characters as they show. */
static void put_corner_text(const frame *f, int i, const char *text, int len) {
  double size = 0.24 * f->c;
  double x = f->x + (i % f->n) * f->c + 0.03 * f->c;
  double y = f->y + (i / f->n) * f->c + 0.03 * f->c;
  fprintf(f->out,
          "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" "
          "fill=\"#fff\"/>\n",
          x, y, len * size * 0.62 + 0.05 * f->c, size * 1.02);
  fprintf(f->out,
          "<text x=\"%.3f\" y=\"%.3f\" " FONT " font-size=\"%.3f\">%s</text>\n",
          x + 0.025 * f->c, y + size * 0.86, size, text);
}

static void put_corner(const frame *f, int i, int value) {
  char text[16];
  int len = snprintf(text, sizeof text, "%d", value);
  put_corner_text(f, i, text, len);
}

/* ---- Under the digits ---- */

static void shade(const frame *f, const int *cells, int k, const char *fill) {
  for (int i = 0; i < k; i++)
    fprintf(f->out,
            "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" "
            "fill=\"%s\"/>\n",
            f->x + cells[i] % f->n * f->c, f->y + cells[i] / f->n * f->c, f->c,
            f->c, fill);
}

static void odd_even(const frame *f, const sks_rule *r) {
  for (int i = 0; i < r->ncells; i++) {
    point p = centre(f, r->cells[i]);
    if (r->kind == SKS_RULE_ODD)
      put_circle(f, p, 0.36, SHAPE, NULL, 0);
    else
      fprintf(f->out,
              "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" "
              "fill=\"" SHAPE "\"/>\n",
              p.x - 0.34 * f->c, p.y - 0.34 * f->c, 0.68 * f->c, 0.68 * f->c);
  }
}

/* A cage: dashed lines inset inside its outline, one path a straight run
 * of boundary, meeting at the corners (a concave corner reaches into the
 * next cell by the inset); the same outline, in another colour or solid,
 * for the cages of other kinds. */
static void outline(const frame *f, const sks_rule *r, const char *stroke,
                    bool dashed) {
  int n = f->n;
  unsigned char *in = sks_calloc((size_t)n * n, 1);
  for (int i = 0; i < r->ncells; i++)
    in[r->cells[i]] = 1;
#define IN(rr, cc)                                                             \
  ((rr) >= 0 && (rr) < n && (cc) >= 0 && (cc) < n && in[(rr)*n + (cc)])
  double c = f->c, ins = 0.08 * c;
  fprintf(f->out, "<g fill=\"none\" stroke=\"%s\" stroke-width=\"%.3f\"",
          stroke, 0.035 * c);
  if (dashed)
    fprintf(f->out, " stroke-dasharray=\"%.3f %.3f\"", 0.1 * c, 0.07 * c);
  fputs(">\n", f->out);
  for (int vertical = 0; vertical < 2; vertical++)
    for (int a = 0; a < n; a++) /* a row (a column when vertical) */
      for (int side = -1; side <= 1; side += 2) {
        /* along a: cells b in the cage whose neighbour across `side` is
         * not */
#define CELL(aa, bb) (vertical ? IN(bb, aa) : IN(aa, bb))
#define EDGE(bb) (CELL(a, bb) && !CELL(a + side, bb))
        for (int b0 = 0; b0 < n; b0++) {
          if (!EDGE(b0))
            continue;
          int b1 = b0;
          while (b1 + 1 < n && EDGE(b1 + 1))
            b1++;
          double at = a * c + (side < 0 ? ins : c - ins);
          double from = b0 * c + (CELL(a, b0 - 1) ? -ins : ins);
          double to = (b1 + 1) * c + (CELL(a, b1 + 1) ? ins : -ins);
          if (vertical)
            fprintf(f->out, "<path d=\"M%.3f %.3fV%.3f\"/>\n", f->x + at,
                    f->y + from, f->y + to);
          else
            fprintf(f->out, "<path d=\"M%.3f %.3fH%.3f\"/>\n", f->x + from,
                    f->y + at, f->x + to);
          b0 = b1;
        }
#undef EDGE
#undef CELL
      }
#undef IN
  fputs("</g>\n", f->out);
  free(in);
}

/* The top left cell of a rule's cells (its corner takes the label). */
static int top_left(const sks_rule *r) {
  int first = r->cells[0];
  for (int i = 1; i < r->ncells; i++)
    if (r->cells[i] < first)
      first = r->cells[i];
  return first;
}

/* A cage and the kinds drawn as one: cage (dashed black, its sum),
 * lunchbox (solid grey, as ISS and setters box it, its sum), sum (dashed
 * grey: its digits may repeat, its sum), rellik (dashed black, "≠" and
 * its value), equality-cage (dashed black, "="). */
static void cage(const frame *f, const sks_rule *r) {
  bool grey = r->kind == SKS_RULE_LUNCHBOX || r->kind == SKS_RULE_SUM;
  outline(f, r, grey ? ARROW : "#000", r->kind != SKS_RULE_LUNCHBOX);
  char text[32];
  int len = 0;
  if (r->kind == SKS_RULE_RELLIK)
    len = snprintf(text, sizeof text, "&#8800;%d", r->value) - 6;
  else if (r->kind == SKS_RULE_EQUALITY_CAGE)
    len = snprintf(text, sizeof text, "=");
  else if (r->value != SKS_RULE_NO_VALUE)
    len = snprintf(text, sizeof text, "%d", r->value);
  if (len)
    put_corner_text(f, top_left(r), text, len);
}

static bool is_cage(sks_rule_kind k) {
  return k == SKS_RULE_CAGE || k == SKS_RULE_LUNCHBOX || k == SKS_RULE_SUM ||
         k == SKS_RULE_RELLIK || k == SKS_RULE_EQUALITY_CAGE;
}

/* Count-distinct: the cells counted in a grey dashed outline, the cell
 * that counts them ringed, "#" in its corner. */
static void count_distinct(const frame *f, const sks_rule *r) {
  sks_rule rest = *r;
  rest.cells++;
  rest.ncells--;
  outline(f, &rest, ARROW, true);
  put_circle(f, centre(f, r->cells[0]), 0.42, "none", ARROW, 0.05);
  put_corner_text(f, r->cells[0], "#", 1);
}

/* Look-and-say: the cells in a grey dashed outline, the clue in its top
 * left corner as the Interactive Sudoku Solver writes it, the count
 * before each value ("1617": one 6 and one 7). */
static void look_and_say(const frame *f, const sks_rule *r) {
  outline(f, r, ARROW, true);
  char text[64];
  int len = 0;
  for (int i = 0; i < r->ndigits && len < (int)sizeof text - 8; i++)
    len += snprintf(text + len, sizeof text - (size_t)len, "%d", r->digits[i]);
  put_corner_text(f, top_left(r), text, len);
}

/* Equal-sum: each part in a grey dashed outline, "=" and a letter in its
 * top left corner, the same letter for the parts of one total: a rule
 * whose first part is an earlier rule's first part takes that rule's
 * letter, and that part is drawn once. */
/* Two equal-sum rules with the same first part. */
static bool same_first(const sks_rule *a, const sks_rule *b) {
  return a->split == b->split &&
         !memcmp(a->cells, b->cells, (size_t)a->split * sizeof *a->cells);
}

static void equal_sums(const frame *f, const sks_rules *rules) {
  int *letter = sks_malloc((size_t)rules->count * sizeof *letter);
  int next = 0;
  for (int i = 0; i < rules->count; i++) {
    const sks_rule *r = &rules->rule[i];
    if (r->kind != SKS_RULE_EQUAL_SUM)
      continue;
    int same = -1; /* an earlier rule with this first part */
    for (int j = 0; j < i && same < 0; j++)
      if (rules->rule[j].kind == SKS_RULE_EQUAL_SUM &&
          same_first(&rules->rule[j], r))
        same = j;
    letter[i] = same < 0 ? next++ : letter[same];
    char text[16];
    int len = letter[i] < 26
                  ? snprintf(text, sizeof text, "=%c", 'A' + letter[i])
                  : snprintf(text, sizeof text, "=%d", letter[i] + 1);
    for (int part = same < 0 ? 0 : 1; part < 2; part++) {
      sks_rule side = *r;
      side.cells = r->cells + (part ? r->split : 0);
      side.ncells = part ? r->ncells - r->split : r->split;
      outline(f, &side, ARROW, true);
      put_corner_text(f, top_left(&side), text, len);
    }
  }
  free(letter);
}

/* A thermometer: a bulb and a thick line; a slow one carries a white
 * dashed stripe along its line. */
static void thermo(const frame *f, const sks_rule *r) {
  point *pts = centres(f, r->cells, r->ncells);
  if (r->ncells > 1)
    put_polyline(f, pts, r->ncells, THERMO, 0.26, NULL);
  put_circle(f, pts[0], 0.4, THERMO, NULL, 0);
  if (r->kind == SKS_RULE_SLOW_THERMO && r->ncells > 1) {
    char dash[80];
    snprintf(dash, sizeof dash, " stroke-dasharray=\"%.3f %.3f\"", 0.12 * f->c,
             0.1 * f->c);
    pts[0] = step(pts[0], towards(pts[0], pts[1]), 0.4 * f->c);
    put_polyline(f, pts, r->ncells, "#fff", 0.07, dash);
  }
  free(pts);
}

/* An arrowhead at tip, pointing along u. */
static void arrowhead(const frame *f, point tip, point u, const char *colour,
                      double len, double width) {
  point back = step(tip, u, -len * f->c), perp = {-u.y, u.x};
  point pts[3] = {step(back, perp, len * 0.65 * f->c), tip,
                  step(back, perp, -len * 0.65 * f->c)};
  put_polyline(f, pts, 3, colour, width, NULL);
}

/* Whether cells[0..k) are a straight run of neighbours along a row or a
 * column (in any order): then they are one pill.  The run's corners in
 * rows and columns. */
static bool pill(const frame *f, const int *cells, int k, int *r0, int *c0,
                 int *r1, int *c1) {
  int n = f->n;
  *r0 = *r1 = cells[0] / n;
  *c0 = *c1 = cells[0] % n;
  for (int i = 1; i < k; i++) {
    int r = cells[i] / n, c = cells[i] % n;
    *r0 = r < *r0 ? r : *r0;
    *r1 = r > *r1 ? r : *r1;
    *c0 = c < *c0 ? c : *c0;
    *c1 = c > *c1 ? c : *c1;
  }
  return (*r0 == *r1 || *c0 == *c1) && (*r1 - *r0 + 1) * (*c1 - *c0 + 1) == k;
}

/* The circle of an arrow (a pill over a run of cells), white inside. */
static void arrow_circle(const frame *f, const int *cells, int k) {
  int r0, c0, r1, c1;
  if (k > 1 && pill(f, cells, k, &r0, &c0, &r1, &c1)) {
    double c = f->c;
    fprintf(f->out,
            "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" "
            "rx=\"%.3f\" fill=\"#fff\" stroke=\"" ARROW
            "\" stroke-width=\"%.3f\"/>\n",
            f->x + (c0 + 0.1) * c, f->y + (r0 + 0.1) * c, (c1 - c0 + 0.8) * c,
            (r1 - r0 + 0.8) * c, 0.4 * c, 0.05 * c);
    return;
  }
  for (int i = 0; i < k; i++)
    put_circle(f, centre(f, cells[i]), 0.4, "#fff", ARROW, 0.05);
}

/* An arrow: its shaft from the circle cell nearest the shaft, the circle
 * over the shaft's start, an arrowhead at the shaft's last cell. */
static void arrow(const frame *f, const sks_rule *r) {
  int k = r->ncells - r->split + 1;
  point *pts = sks_malloc((size_t)k * sizeof *pts);
  pts[0] = centre(f, r->cells[0]);
  point next = centre(f, r->cells[r->split]);
  for (int i = 1; i < r->split; i++) {
    point p = centre(f, r->cells[i]);
    if (hypot(p.x - next.x, p.y - next.y) <
        hypot(pts[0].x - next.x, pts[0].y - next.y))
      pts[0] = p;
  }
  for (int i = 1; i < k; i++)
    pts[i] = centre(f, r->cells[r->split + i - 1]);
  put_polyline(f, pts, k, ARROW, 0.05, NULL);
  arrow_circle(f, r->cells, r->split);
  arrowhead(f, pts[k - 1], towards(pts[k - 2], pts[k - 1]), ARROW, 0.25, 0.05);
  free(pts);
}

/* A double arrow: the arrow's thin line with a circle at either end. */
static void double_arrow(const frame *f, const sks_rule *r) {
  put_line(f, r->cells, r->ncells, ARROW, 0.05);
  arrow_circle(f, r->cells, 1);
  arrow_circle(f, r->cells + r->ncells - 1, 1);
}

/* A line's ends: circles (between) or diamonds (lockout) over them. */
static void ends(const frame *f, const sks_rule *r, const char *colour,
                 bool diamond) {
  for (int e = 0; e < 2; e++) {
    point p = centre(f, r->cells[e ? r->ncells - 1 : 0]);
    if (!diamond) {
      put_circle(f, p, 0.38, "#fff", colour, 0.06);
      continue;
    }
    double d = 0.42 * f->c;
    fprintf(f->out,
            "<polygon points=\"%.3f,%.3f %.3f,%.3f %.3f,%.3f %.3f,%.3f\" "
            "fill=\"#fff\" stroke=\"%s\" stroke-width=\"%.3f\"/>\n",
            p.x, p.y - d, p.x + d, p.y, p.x, p.y + d, p.x - d, p.y, colour,
            0.06 * f->c);
  }
}

/* The colour of a line rule, or NULL for another kind. */
static const char *line_colour(sks_rule_kind kind) {
  switch (kind) {
  case SKS_RULE_WHISPERS:
    return "#5fd35f"; /* green */
  case SKS_RULE_RENBAN:
    return "#d36bd3"; /* purple */
  case SKS_RULE_PALINDROME:
    return "#a6a6a6"; /* grey */
  case SKS_RULE_ZIPPER:
    return "#b9a6e8"; /* lavender */
  case SKS_RULE_REGION_SUM:
    return "#4a9fe0"; /* blue */
  case SKS_RULE_BETWEEN:
    return "#9cb8d6"; /* light blue, circles at the ends */
  case SKS_RULE_LOCKOUT:
    return "#8fa8c0"; /* slate, diamonds at the ends */
  case SKS_RULE_ENTROPIC:
    return "#f2a33a"; /* orange */
  case SKS_RULE_MODULAR:
    return "#3fbfa8"; /* teal */
  default:
    return NULL;
  }
}

/* The letter of CT rule i (a regex or nfa): one for each text, in order
 * of first use, so the caption can say what each lettered line reads. */
static int machine_letter(const sks_rules *rules, int i) {
  int letter = 0;
  for (int j = 0; j < i; j++) {
    const sks_rule *a = &rules->rule[j];
    if (sks_rule_args_of(a->kind) != SKS_ARGS_CT)
      continue;
    bool first = true; /* a's text not used before it */
    for (int m = 0; m < j && first; m++)
      first = !(rules->rule[m].kind == a->kind && rules->rule[m].text &&
                !strcmp(rules->rule[m].text, a->text));
    if (a->kind == rules->rule[i].kind && !strcmp(a->text, rules->rule[i].text))
      return letter;
    letter += first;
  }
  return letter;
}

static void machine_name(int letter, char *text, size_t size) {
  if (letter < 26)
    snprintf(text, size, "%c", 'A' + letter);
  else
    snprintf(text, size, "%d", letter + 1);
}

/* Lines of the rules ISS draws with markers: a sum line or loop (green,
 * dashed, closed round for a loop, its sum in the first cell's corner),
 * a pair rule (a thin grey line, an open circle on each cell for pair, a
 * filled one for pair-all), a regex or nfa line (dashed, a small ring on
 * each cell, its letter) and value indexing (a thin dashed line from a
 * dot on the first cell to an arrowhead on the last). */
static void marked_line(const frame *f, const sks_rules *rules, int at) {
  const sks_rule *r = &rules->rule[at];
  int k = r->ncells;
  bool loop = r->kind == SKS_RULE_SUM_LOOP;
  point *pts = sks_malloc(((size_t)k + 1) * sizeof *pts);
  for (int i = 0; i < k; i++)
    pts[i] = centre(f, r->cells[i]);
  if (loop)
    pts[k] = pts[0];
  char dash[80];
  snprintf(dash, sizeof dash, " stroke-dasharray=\"%.3f %.3f\"", 0.16 * f->c,
           0.1 * f->c);
  switch (r->kind) {
  case SKS_RULE_SUM_LINE:
  case SKS_RULE_SUM_LOOP:
    put_polyline(f, pts, k + loop, "#64c864", 0.14, k > 1 ? dash : NULL);
    put_corner(f, r->cells[0], r->value);
    break;
  case SKS_RULE_REGEX: /* a dashed line, a ring in each cell, its letter */
  case SKS_RULE_NFA: {
    if (k > 1)
      put_polyline(f, pts, k, ARROW, 0.04, dash);
    for (int i = 0; i < k; i++)
      put_circle(f, pts[i], 0.08, "#fff", ARROW, 0.03);
    /* the letters of every such line starting here, by the first */
    bool first = true;
    for (int j = 0; j < at && first; j++)
      first = sks_rule_args_of(rules->rule[j].kind) != SKS_ARGS_CT ||
              rules->rule[j].cells[0] != r->cells[0];
    char text[64] = "";
    for (int j = at; j < rules->count && first; j++) {
      const sks_rule *o = &rules->rule[j];
      char one[16];
      if (sks_rule_args_of(o->kind) != SKS_ARGS_CT ||
          o->cells[0] != r->cells[0])
        continue;
      machine_name(machine_letter(rules, j), one, sizeof one);
      if (!strstr(text, one) && strlen(text) + strlen(one) + 2 < sizeof text)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s",
                 *text ? "," : "", one);
    }
    if (first)
      put_corner_text(f, r->cells[0], text, (int)strlen(text));
    break;
  }
  case SKS_RULE_PAIR:
  case SKS_RULE_PAIR_ALL:
    if (k > 1)
      put_polyline(f, pts, k, ARROW, 0.04, NULL);
    for (int i = 0; i < k; i++)
      put_circle(f, pts[i], 0.1, r->kind == SKS_RULE_PAIR ? "#fff" : ARROW,
                 ARROW, 0.04);
    break;
  default: /* value indexing */
    put_polyline(f, pts, k, ARROW, 0.05, dash);
    put_circle(f, pts[0], 0.1, ARROW, NULL, 0);
    arrowhead(f, pts[k - 1], towards(pts[k - 2], pts[k - 1]), ARROW, 0.22,
              0.05);
    break;
  }
  free(pts);
}

static void diagonal(const frame *f, bool pos) {
  double side = f->n * f->c;
  fprintf(f->out,
          "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\" "
          "stroke=\"" DIAGONAL "\" stroke-width=\"%.3f\"/>\n",
          f->x, pos ? f->y + side : f->y, f->x + side, pos ? f->y : f->y + side,
          0.05 * f->c);
}

void sks_print_rules_under(FILE *out, const sks_puzzle *p, double x, double y,
                           double side) {
  const sks_rules *rules = p->rules;
  frame f = {out, x, y, side / p->shape->n, p->shape->n};
  /* shading: extra regions and clones (both parts one tint), odd and even */
  int tint = 0;
  for (int i = 0; i < rules->count; i++) {
    const sks_rule *r = &rules->rule[i];
    if (r->kind == SKS_RULE_REGION || r->kind == SKS_RULE_CLONE ||
        r->kind == SKS_RULE_SAME_VALUES) /* a same-values rule's sets: one
                                            tint, as a clone's parts */
      shade(&f, r->cells, r->ncells, TINT[tint++ % TINTS]);
    else if (r->kind == SKS_RULE_ODD || r->kind == SKS_RULE_EVEN)
      odd_even(&f, r);
    else if (r->kind == SKS_RULE_COLUMN_INDEXING ||
             r->kind == SKS_RULE_ROW_INDEXING)
      shade(&f, r->cells, r->ncells, INDEXING);
    else if (r->kind == SKS_RULE_COUNTING_CIRCLES) /* a ring in each cell */
      for (int j = 0; j < r->ncells; j++)
        put_circle(&f, centre(&f, r->cells[j]), 0.42, "none", ARROW, 0.04);
  }
  /* lines, thermometers, arrows */
  for (int i = 0; i < rules->count; i++) {
    const sks_rule *r = &rules->rule[i];
    const char *colour = line_colour(r->kind);
    if (colour) {
      put_line(&f, r->cells, r->ncells, colour, 0.22);
      if (r->kind == SKS_RULE_BETWEEN || r->kind == SKS_RULE_LOCKOUT)
        ends(&f, r, colour, r->kind == SKS_RULE_LOCKOUT);
      if (r->value != SKS_RULE_NO_VALUE) /* a gap not the default */
        put_corner(&f, r->cells[0], r->value);
    } else if (r->kind == SKS_RULE_THERMO || r->kind == SKS_RULE_SLOW_THERMO)
      thermo(&f, r);
    else if (r->kind == SKS_RULE_ARROW)
      arrow(&f, r);
    else if (r->kind == SKS_RULE_DOUBLE_ARROW)
      double_arrow(&f, r);
    else if (r->kind == SKS_RULE_SUM_LINE || r->kind == SKS_RULE_SUM_LOOP ||
             r->kind == SKS_RULE_PAIR || r->kind == SKS_RULE_PAIR_ALL ||
             r->kind == SKS_RULE_VALUE_INDEXING ||
             sks_rule_args_of(r->kind) == SKS_ARGS_CT)
      marked_line(&f, rules, i);
    else if (r->kind == SKS_RULE_DIAGONAL_POS ||
             r->kind == SKS_RULE_DIAGONAL_NEG)
      diagonal(&f, r->kind == SKS_RULE_DIAGONAL_POS);
  }
  /* cages over the lines, so their dashes show */
  for (int i = 0; i < rules->count; i++)
    if (is_cage(rules->rule[i].kind))
      cage(&f, &rules->rule[i]);
    else if (rules->rule[i].kind == SKS_RULE_COUNT_DISTINCT)
      count_distinct(&f, &rules->rule[i]);
    else if (rules->rule[i].kind == SKS_RULE_LOOK_AND_SAY)
      look_and_say(&f, &rules->rule[i]);
  equal_sums(&f, rules);
}

/* ---- Over the grid lines ---- */

/* A kropki dot between the two cells, its value inside when not the
 * default. */
static void dot(const frame *f, const sks_rule *r) {
  bool black = r->kind == SKS_RULE_BLACK_DOT;
  point p = middle(centre(f, r->cells[0]), centre(f, r->cells[1]));
  bool value = r->value != SKS_RULE_NO_VALUE;
  put_circle(f, p, value ? 0.17 : 0.13, black ? "#000" : "#fff", "#000", 0.035);
  if (value) {
    char text[16];
    snprintf(text, sizeof text, "%d", r->value);
    put_text(f, p, 0.2, black ? " fill=\"#fff\"" : NULL, text);
  }
}

/* A letter or a number on the edge between the two cells, on a white
 * ground. */
static void edge_text(const frame *f, const sks_rule *r, const char *text,
                      double size) {
  point p = middle(centre(f, r->cells[0]), centre(f, r->cells[1]));
  put_circle(f, p, 0.19, "#fff", NULL, 0);
  put_text(f, p, size, " font-weight=\"bold\"", text);
}

/* A chevron at p pointing along u (towards the smaller digit). */
static void chevron(const frame *f, point p, point u, double len,
                    const char *colour, double width) {
  point tip = step(p, u, len * 0.5 * f->c);
  arrowhead(f, tip, u, colour, len, width);
}

/* Minimum and maximum cells: a small chevron inside each edge that has a
 * neighbour, pointing into the cell (minimum: it is the smaller) or out
 * of it (maximum). */
static void min_max(const frame *f, const sks_rule *r) {
  static const int dir[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  int n = f->n;
  for (int i = 0; i < r->ncells; i++) {
    int row = r->cells[i] / n, col = r->cells[i] % n;
    point p = centre(f, r->cells[i]);
    for (int d = 0; d < 4; d++) {
      int rr = row + dir[d][0], cc = col + dir[d][1];
      if (rr < 0 || rr >= n || cc < 0 || cc >= n)
        continue;
      point u = {dir[d][1], dir[d][0]};
      point at = step(p, u, 0.36 * f->c);
      if (r->kind == SKS_RULE_MINIMUM)
        u = (point){-u.x, -u.y};
      chevron(f, at, u, 0.12, "#444", 0.035);
    }
  }
}

/* A quadruple: a white circle at the cells' common corner with the
 * digits inside (two rows when more than two). */
static void quadruple(const frame *f, const sks_rule *r) {
  double mx = 0, my = 0;
  for (int i = 0; i < r->ncells; i++) {
    point p = centre(f, r->cells[i]);
    mx += p.x;
    my += p.y;
  }
  int n = f->n;
  int vx = (int)lround((mx / r->ncells - f->x) / f->c);
  int vy = (int)lround((my / r->ncells - f->y) / f->c);
  vx = vx < 1 ? 1 : vx > n - 1 ? n - 1 : vx;
  vy = vy < 1 ? 1 : vy > n - 1 ? n - 1 : vy;
  point p = {f->x + vx * f->c, f->y + vy * f->c};
  bool wide = false; /* digits of two figures (past 9x9) */
  for (int i = 0; i < r->ndigits; i++)
    wide |= r->digits[i] > 9;
  put_circle(f, p, wide ? 0.38 : 0.3, "#fff", "#000", 0.035);
  int rows = r->ndigits > 2 ? 2 : 1, per = (r->ndigits + rows - 1) / rows;
  double size = rows > 1 ? 0.19 : 0.22;
  for (int row = 0; row < rows; row++) {
    char text[64];
    int len = 0;
    for (int j = row * per; j < r->ndigits && j < (row + 1) * per; j++)
      len += snprintf(text + len, sizeof text - (size_t)len, "%s%d",
                      j > row * per ? " " : "", r->digits[j]);
    point q = {p.x, p.y + (rows > 1 ? (row ? 0.11 : -0.11) * f->c : 0)};
    put_text(f, q, size, NULL, text);
  }
}

/* The margin cell (row, column, each -1..n) of a clue outside the grid
 * whose cells start at cells[0]: one step back from the first cell along
 * the cells' direction, repeated until outside (a diagonal towards the
 * nearer corner when the cells give no direction). */
static void outside(const frame *f, const sks_rule *r, int *row, int *col) {
  int n = f->n, r0 = r->cells[0] / n, c0 = r->cells[0] % n, dr = 0, dc = 0;
  if (r->ncells > 1) {
    dr = r->cells[1] / n - r0;
    dc = r->cells[1] % n - c0;
  }
  if (abs(dr) > 1 || abs(dc) > 1 || (!dr && !dc)) {
    dr = 2 * r0 < n - 1 ? 1 : -1;
    dc = 2 * c0 < n - 1 ? 1 : -1;
  }
  do {
    r0 -= dr;
    c0 -= dc;
  } while (r0 >= 0 && r0 < n && c0 >= 0 && c0 < n);
  *row = r0;
  *col = c0;
}

static bool is_outside(const sks_rule *r) {
  sks_rule_kind k = r->kind;
  return k == SKS_RULE_SANDWICH || k == SKS_RULE_X_SUM ||
         k == SKS_RULE_SKYSCRAPER || k == SKS_RULE_LITTLE_KILLER ||
         k == SKS_RULE_NUMBERED_ROOM || k == SKS_RULE_HIDDEN_SKYSCRAPER ||
         (k == SKS_RULE_FULL_RANK && r->value != SKS_RULE_NO_VALUE);
}

/* A clue outside the grid: its number in the margin cell, the k-th
 * (0-based) of `of` clues that share the cell, which then stand side by
 * side along the margin (one above the other in a side margin or a
 * corner), smaller; a little killer's with a small arrow along its
 * diagonal. */
static void outside_clue(const frame *f, const sks_rule *r, int k, int of) {
  int row, col;
  outside(f, r, &row, &col);
  point p = {f->x + (col + 0.5) * f->c, f->y + (row + 0.5) * f->c};
  double scale = 1;
  if (of > 1) {
    bool across = row < 0 || row >= f->n; /* a top or bottom margin */
    if (across && (col < 0 || col >= f->n))
      across = false; /* a corner */
    double at = ((k + 0.5) / of - 0.5) * f->c;
    p.x += across ? at : 0;
    p.y += across ? 0 : at;
    scale = of == 2 ? 0.7 : 1.4 / of;
  }
  char text[16];
  /* a rank as the Interactive Sudoku Solver draws it */
  snprintf(text, sizeof text, r->kind == SKS_RULE_FULL_RANK ? "#%d" : "%d",
           r->value);
  if (r->kind == SKS_RULE_FULL_RANK)
    scale *= 0.75; /* its '#' */
  if (r->kind != SKS_RULE_LITTLE_KILLER) {
    put_text(f, p, 0.5 * scale, NULL, text);
    return;
  }
  point u = towards(p, centre(f, r->cells[0]));
  put_text(f, step(p, u, -0.1 * f->c * scale), 0.36 * scale, NULL, text);
  point pts[2] = {step(p, u, 0.2 * f->c * scale),
                  step(p, u, 0.5 * f->c * scale)};
  put_polyline(f, pts, 2, "#000", 0.03, NULL);
  arrowhead(f, pts[1], u, "#000", 0.1 * scale, 0.03);
}

/* Which way a clue at margin cell (row, col) leans along its margin: a
 * little killer's diagonal towards the lower (-1) or higher (+1) side, 0
 * for the others and in a corner. */
static int lean(const frame *f, const sks_rule *r, int row, int col) {
  if (r->kind != SKS_RULE_LITTLE_KILLER)
    return 0;
  int n = f->n, r0 = r->cells[0] / n, c0 = r->cells[0] % n;
  bool across = row < 0 || row >= n, side = col < 0 || col >= n;
  if (across == side)
    return 0;
  int d = across ? c0 - col : r0 - row;
  return (d > 0) - (d < 0);
}

/* For each outside clue i of rules, its place k[i] among the clues of its
 * margin cell and their number of[i]: in the order of their lean (a
 * little killer on the side its diagonal goes), then of the rules. */
static void margin_places(const frame *f, const sks_rules *rules, int *k,
                          int *of) {
  int m = rules->count;
  int *at = sks_malloc(3 * ((size_t)m + 1) * sizeof *at), *lw = at + m + 1;
  int *list = lw + m + 1, nl = 0;
  for (int i = 0; i < m; i++) {
    k[i] = 0;
    of[i] = 1;
    if (is_outside(&rules->rule[i])) {
      int row, col;
      outside(f, &rules->rule[i], &row, &col);
      at[i] = (row + 1) * (f->n + 2) + col + 1;
      lw[i] = lean(f, &rules->rule[i], row, col);
      list[nl++] = i;
    }
  }
  /* outside clues number at most a few per margin cell: pairs are few */
  for (int a = 0; a < nl; a++)
    for (int b = a + 1; b < nl; b++) {
      int x = list[a], y = list[b];
      if (at[x] != at[y])
        continue;
      of[x]++;
      of[y]++;
      k[lw[y] < lw[x] ? x : y]++; /* x first unless y leans lower */
    }
  free(at);
}

void sks_print_rules_over(FILE *out, const sks_puzzle *p, double x, double y,
                          double side) {
  const sks_rules *rules = p->rules;
  frame f = {out, x, y, side / p->shape->n, p->shape->n};
  int *place = sks_malloc(2 * ((size_t)rules->count + 1) * sizeof *place);
  int *of = place + rules->count + 1;
  margin_places(&f, rules, place, of);
  for (int i = 0; i < rules->count; i++) {
    const sks_rule *r = &rules->rule[i];
    char text[16];
    switch (r->kind) {
    case SKS_RULE_WHITE_DOT:
    case SKS_RULE_BLACK_DOT:
      dot(&f, r);
      break;
    case SKS_RULE_X_PAIR:
      edge_text(&f, r, "X", 0.34);
      break;
    case SKS_RULE_V_PAIR:
      edge_text(&f, r, "V", 0.34);
      break;
    case SKS_RULE_SUM_PAIR:
      snprintf(text, sizeof text, "%d", r->value);
      edge_text(&f, r, text, 0.22);
      break;
    case SKS_RULE_GREATER: {
      point a = centre(&f, r->cells[0]), b = centre(&f, r->cells[1]);
      chevron(&f, middle(a, b), towards(a, b), 0.2, "#000", 0.05);
      break;
    }
    case SKS_RULE_MINIMUM:
    case SKS_RULE_MAXIMUM:
      min_max(&f, r);
      break;
    case SKS_RULE_QUADRUPLE:
      quadruple(&f, r);
      break;
    case SKS_RULE_SANDWICH:
    case SKS_RULE_X_SUM:
    case SKS_RULE_SKYSCRAPER:
    case SKS_RULE_NUMBERED_ROOM:
    case SKS_RULE_HIDDEN_SKYSCRAPER:
    case SKS_RULE_LITTLE_KILLER:
      outside_clue(&f, r, place[i], of[i]);
      break;
    case SKS_RULE_FULL_RANK: /* without a rank: in the caption */
      if (r->value != SKS_RULE_NO_VALUE)
        outside_clue(&f, r, place[i], of[i]);
      break;
    default:
      break;
    }
  }
  free(place);
}

bool sks_print_rules_margin(const sks_rules *rules) {
  for (int i = 0; rules && i < rules->count; i++)
    if (is_outside(&rules->rule[i]))
      return true;
  return false;
}

void sks_print_rules_caption(FILE *out, const sks_rules *rules, double cx,
                             double y) {
  bool seen[SKS_RULE_KINDS] = {false};
  int shown = 0;
  for (int i = 0; i < rules->count; i++) {
    sks_rule_kind kind = rules->rule[i].kind;
    /* lines no other may read the same as: "full-rank" with no ties */
    bool untied =
        kind == SKS_RULE_FULL_RANK && rules->rule[i].value == SKS_RULE_NO_VALUE;
    if ((sks_rule_args_of(kind) != SKS_ARGS_G && !untied) || seen[kind])
      continue;
    seen[kind] = true;
    if (!shown++)
      fprintf(out,
              "<text x=\"%.3f\" y=\"%.3f\" " FONT
              " font-size=\"2.8\" font-style=\"italic\" fill=\"#333\" "
              "text-anchor=\"middle\">",
              cx, y);
    fprintf(out, "%s%s%s", shown > 1 ? ", " : "", sks_rule_name(kind),
            untied ? " (no ties)" : "");
  }
  if (shown)
    fputs("</text>\n", out);
  /* what each lettered line of a regex or nfa rule reads, a line each */
  for (int i = 0, next = 0; i < rules->count; i++) {
    const sks_rule *r = &rules->rule[i];
    if (sks_rule_args_of(r->kind) != SKS_ARGS_CT ||
        machine_letter(rules, i) != next)
      continue;
    char name[16];
    machine_name(next++, name, sizeof name);
    if (shown++) /* below the line before */
      y += 3.4;
    fprintf(out,
            "<text x=\"%.3f\" y=\"%.3f\" " FONT
            " font-size=\"2.8\" font-style=\"italic\" fill=\"#333\" "
            "text-anchor=\"middle\">%s: ",
            cx, y, name);
    if (r->kind == SKS_RULE_NFA) {
      sks_nfa a;
      sks_error e = {0};
      int states =
          sks_rule_nfa(r, rules->n, sks_rules_first_value(rules), &a, &e)
              ? 0
              : a.nstates;
      sks_nfa_free(&a);
      fprintf(out, "nfa (%d state%s)", states, states == 1 ? "" : "s");
    } else {
      /* its first 40 characters: a pattern that builds holds no markup
       * (digits, letters and . [ ] ^ - | ( ) * + ? { } , only) */
      fprintf(out, "regex %.40s%s", r->text, strlen(r->text) > 40 ? "..." : "");
    }
    fputs("</text>\n", out);
  }
}
