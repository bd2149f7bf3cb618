/* Puzzles as a printable SVG page (author/sks_author.h): thin cell lines,
 * thick lines wherever two neighbouring cells lie in different regions
 * (boxes or jigsaw pieces: one rule for both) and round the grid, the X
 * diagonals and windoku windows shaded, symbols centred.  Lengths are in
 * millimetres (the page's viewBox). */
#include "print_int.h"

#include <math.h>
#include <stdio.h>

enum { MARGIN = 12, CAPTION = 7 };

/* The box or jigsaw piece of cell i; one piece for all when the boxes
 * are the rows or the columns (a grid without boxes). */
static int piece(const sks_shape *s, int i) {
  if (s->jigsaw)
    return s->jigsaw[i];
  if (s->box_rows == 1 || s->box_cols == 1)
    return 0;
  int n = s->n, r = i / n, c = i % n;
  return r / s->box_rows * (n / s->box_cols) + c / s->box_cols;
}

/* Whether cell (r, c) is shaded: on an X diagonal, or in a window. */
static bool shaded(const sks_shape *s, int r, int c) {
  int n = s->n;
  if ((s->variants & SKS_VARIANT_X) && (r == c || r + c == n - 1))
    return true;
  return (s->variants & SKS_VARIANT_WINDOKU) && r % 4 && c % 4 && r < n - 1 &&
         c < n - 1; /* windows at 1-3 and 5-7 (9x9) */
}

/* s as XML text: markup escaped, control characters dropped, bytes that
 * are not UTF-8 and the non-characters U+FFFE and U+FFFF (not XML's) as
 * U+FFFD. */
static void put_escaped(FILE *out, const char *s) {
  while (*s) {
    const unsigned char *u = (const unsigned char *)s;
    int len = sks_utf8_length(s);
    if (len < 0 || (len == 3 && u[0] == 0xef && u[1] == 0xbf && u[2] >= 0xbe)) {
      fputs(SKS_UTF8_REPLACEMENT, out);
      s += len < 0 ? -len : len;
      continue;
    }
    switch (*s) {
    case '&':
      fputs("&amp;", out);
      break;
    case '<':
      fputs("&lt;", out);
      break;
    case '>':
      fputs("&gt;", out);
      break;
    case '"':
      fputs("&quot;", out);
      break;
    default:
      if (*u >= 0x20)
        fwrite(s, 1, (size_t)len, out);
    }
    s += len;
  }
}

/* The lines of one grid at (x, y), side `side`: thin between cells of a
 * piece, thick between pieces and round the edge. */
static void grid_lines(FILE *out, const sks_shape *s, double x, double y,
                       double side) {
  int n = s->n;
  double c = side / n;
  double thin = fmin(0.25, c * 0.04), thick = fmin(0.8, c * 0.12);
  for (int pass = 0; pass < 2; pass++) {
    fprintf(out,
            "<g stroke=\"#000\" stroke-width=\"%.3f\" "
            "stroke-linecap=\"square\">\n",
            pass ? thick : thin);
    for (int r = 0; r < n; r++)
      for (int k = 1; k < n; k++) {
        /* vertical line between (r, k-1) and (r, k); horizontal between
         * (k-1, r) and (k, r) */
        bool v = piece(s, r * n + k - 1) != piece(s, r * n + k);
        bool h = piece(s, (k - 1) * n + r) != piece(s, k * n + r);
        if (v == pass)
          fprintf(out,
                  "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n",
                  x + k * c, y + r * c, x + k * c, y + (r + 1) * c);
        if (h == pass)
          fprintf(out,
                  "<line x1=\"%.3f\" y1=\"%.3f\" x2=\"%.3f\" y2=\"%.3f\"/>\n",
                  x + r * c, y + k * c, x + (r + 1) * c, y + k * c);
      }
    fputs("</g>\n", out);
  }
  fprintf(out,
          "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" "
          "fill=\"none\" stroke=\"#000\" stroke-width=\"%.3f\"/>\n",
          x, y, side, side, thick);
}

/* One puzzle in the square slot of side `side` at (x, y): shading, the
 * rules under the digits, symbols (givens bold and black, the rest of
 * grid in grey), lines, the rules over the lines, captions.  Clues outside
 * the grid take a margin of one cell round it within the slot. */
static void put_puzzle(FILE *out, const sks_puzzle *p, const int *grid,
                       double x, double y, double side) {
  const sks_shape *s = p->shape;
  const sks_rules *rules = p->rules;
  int n = s->n;
  double slot_x = x, slot_y = y, slot = side;
  if (sks_print_rules_margin(rules)) {
    x += side / (n + 2);
    y += side / (n + 2);
    side = side * n / (n + 2);
  }
  double c = side / n;
  for (int r = 0; r < n; r++)
    for (int col = 0; col < n; col++)
      if (shaded(s, r, col))
        fprintf(out,
                "<rect x=\"%.3f\" y=\"%.3f\" width=\"%.3f\" height=\"%.3f\" "
                "fill=\"#d9d9d9\"/>\n",
                x + col * c, y + r * c, c, c);
  if (rules)
    sks_print_rules_under(out, p, x, y, side);
  bool numbers = n > SKS_MAX_SYMBOL_N;
  double font = c * (numbers && n >= 100 ? 0.36 : numbers ? 0.48 : 0.62);
  fprintf(out,
          "<g font-family=\"DejaVu Sans, Arial, sans-serif\" "
          "font-size=\"%.3f\" text-anchor=\"middle\">\n",
          font);
  for (int i = 0; i < n * n; i++) {
    int d = grid ? grid[i] : p->cell[i];
    if (d < 0)
      continue;
    bool given = p->cell[i] >= 0;
    fprintf(out, "<text x=\"%.3f\" y=\"%.3f\"%s>", x + (i % n + 0.5) * c,
            y + (i / n + 0.5) * c + font * 0.36,
            given ? " font-weight=\"bold\"" : " fill=\"#666\"");
    if (numbers)
      fprintf(out, "%d", d + 1);
    else
      put_escaped(out, (char[]){sks_puzzle_symbol(p, d), 0});
    fputs("</text>\n", out);
  }
  fputs("</g>\n", out);
  grid_lines(out, s, x, y, side);
  if (rules)
    sks_print_rules_over(out, p, x, y, side);
  bool named = p->look.name && *p->look.name;
  if (named) {
    fprintf(out,
            "<text x=\"%.3f\" y=\"%.3f\" font-family=\"DejaVu Sans, Arial, "
            "sans-serif\" font-size=\"3.5\" text-anchor=\"middle\">",
            slot_x + slot / 2, slot_y + slot + 5);
    put_escaped(out, p->look.name);
    fputs("</text>\n", out);
  }
  if (rules)
    sks_print_rules_caption(out, rules, slot_x + slot / 2,
                            slot_y + slot + (named ? 9 : 5));
}

int sks_print_rules_svg(FILE *out, const sks_puzzle *p, sks_print_layer layer) {
  enum { CELL = 10 };
  int n = p->shape->n;
  int margin = sks_print_rules_margin(p->rules) ? 1 : 0;
  double from = -margin * CELL, span = (n + 2 * margin) * CELL;
  fprintf(out,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" "
          "viewBox=\"%.0f %.0f %.0f %.0f\">\n",
          from, from, span, span);
  if (p->rules && layer == SKS_PRINT_UNDER)
    sks_print_rules_under(out, p, 0, 0, n * CELL);
  else if (p->rules)
    sks_print_rules_over(out, p, 0, 0, n * CELL);
  fputs("</svg>\n", out);
  return ferror(out) ? -1 : margin;
}

/* The grid side the slots of a cols x rows layout allow. */
static double side_for(int cols, int rows, double w, double h) {
  return fmin((w - 2 * MARGIN) / cols, (h - 2 * MARGIN) / rows - CAPTION);
}

void sks_print_layout(int per_page, double w, double h, int *cols, int *rows) {
  if (per_page < 1)
    per_page = 1;
  *cols = *rows = 1;
  double best = -1;
  for (int c = 1; c <= per_page; c++) {
    int r = (per_page + c - 1) / c;
    double side = side_for(c, r, w, h);
    if (side > best) {
      best = side;
      *cols = c;
      *rows = r;
    }
  }
}

int sks_print_svg(FILE *out, const sks_puzzle *const *puzzles,
                  const int *const *grids, int count,
                  const sks_print_options *opt) {
  int per_page = opt && opt->per_page > 0 ? opt->per_page : count;
  double w = opt && opt->page_width > 0 ? opt->page_width : 210;
  double h = opt && opt->page_height > 0 ? opt->page_height : 297;
  int cols, rows;
  sks_print_layout(per_page, w, h, &cols, &rows);
  double slot_w = (w - 2 * MARGIN) / cols, slot_h = (h - 2 * MARGIN) / rows;
  double side = side_for(cols, rows, w, h) * 0.92;
  fprintf(out,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%gmm\" "
          "height=\"%gmm\" viewBox=\"0 0 %g %g\">\n"
          "<rect width=\"%g\" height=\"%g\" fill=\"#fff\"/>\n",
          w, h, w, h, w, h);
  for (int i = 0; i < count && i < per_page; i++) {
    double x = MARGIN + (i % cols) * slot_w + (slot_w - side) / 2;
    double y = MARGIN + (i / cols) * slot_h + (slot_h - CAPTION - side) / 2;
    put_puzzle(out, puzzles[i], grids ? grids[i] : NULL, x, y, side);
  }
  fputs("</svg>\n", out);
  return ferror(out) ? -1 : 0;
}
