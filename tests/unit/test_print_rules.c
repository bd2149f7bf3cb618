/* The rules drawn alone (sks_print_rules_svg), as the page lays them
 * over its own grid: the viewBox puts the cells at 10 units from (0, 0)
 * with a cell of margin only when a clue is outside the grid; each layer
 * holds its own rules and not the other's; the drawings sit where their
 * cells are. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "sks_author.h"
#include "sks_formats.h"

#include <stdlib.h>
#include <string.h>

static sks_puzzle *read_one(const char *text) {
  sks_input *in = sks_input_memory(text, strlen(text));
  sks_format_options fo = {0};
  sks_reader *rd = sks_reader_new(in, &fo);
  sks_puzzle *p = NULL;
  sks_error err = {0};
  int status = 0;
  if (sks_reader_fill(rd, &p, 1, &status, &err) != 1)
    fprintf(stderr, "read: %d %s\n", status, err.msg);
  sks_reader_delete(rd);
  sks_input_close(in);
  return p;
}

/* The layer as text; *margin gets the call's answer. */
static char *layer(const sks_puzzle *p, sks_print_layer which, int *margin) {
  char *svg = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&svg, &len);
  *margin = sks_print_rules_svg(f, p, which);
  fclose(f);
  return svg;
}

/* The page of p alone (its caption under the grid). */
static char *whole_page(const sks_puzzle *p) {
  char *page = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&page, &len);
  const sks_puzzle *one[1] = {p};
  sks_print_svg(f, one, NULL, 1, NULL);
  fclose(f);
  return page;
}

static int count(const char *s, const char *what) {
  int k = 0;
  for (const char *at = s; (at = strstr(at, what)); at += strlen(what))
    k++;
  return k;
}

static const char GRID[] =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7."
    ".7...3..\n";

int main(void) {
  /* Rules inside the grid only: no margin; the cage and the thermometer
   * under the digits, the dot over them. */
  char text[1024];
  snprintf(text, sizeof text,
           "thermo r1c3 r1c2 r1c4\ncage 12 r2c1..r2c3\n"
           "white-dot r1c5 r1c7\n%s",
           GRID);
  sks_puzzle *p = read_one(text);
  CHECK(p != NULL);
  int m = -2;
  char *under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(m, 0);
  CHECK(strstr(under, "viewBox=\"0 0 90 90\"") != NULL);
  CHECK(strstr(under, "stroke-dasharray") != NULL); /* the cage */
  CHECK(strstr(under, ">12<") != NULL);             /* its sum */
  CHECK(count(under, "<circle") >= 1);              /* the bulb */
  /* the bulb at r1c3's centre: (25, 5) */
  CHECK(strstr(under, "cx=\"25.000\" cy=\"5.000\"") != NULL);
  m = -2;
  char *over = layer(p, SKS_PRINT_OVER, &m);
  CHECK_EQ(m, 0);
  CHECK(strstr(over, "viewBox=\"0 0 90 90\"") != NULL);
  CHECK(strstr(over, "stroke-dasharray") == NULL);
  CHECK_EQ(count(over, "<circle"), 1); /* the dot alone */
  free(under);
  free(over);
  sks_puzzle_delete(p);

  /* A sandwich's clue outside: a cell of margin round the grid, the clue
   * in it (above column 2: y < 0), on the over layer only. */
  snprintf(text, sizeof text, "sandwich 18 r1c2..r9c2\n%s", GRID);
  p = read_one(text);
  CHECK(p != NULL);
  over = layer(p, SKS_PRINT_OVER, &m);
  CHECK_EQ(m, 1);
  CHECK(strstr(over, "viewBox=\"-10 -10 110 110\"") != NULL);
  CHECK(strstr(over, ">18<") != NULL);
  const char *y = strstr(over, " y=\"-");
  CHECK(y != NULL && y < strstr(over, ">18<"));
  under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(m, 1);
  CHECK(strstr(under, ">18<") == NULL);
  free(under);
  free(over);
  sks_puzzle_delete(p);

  /* A full rank's clue in the margin as ISS draws it, "#17"; a full rank
   * without one is no clue: alone, no margin and nothing drawn. */
  snprintf(text, sizeof text, "full-rank 17 r9c1..r1c1\nfull-rank r2\n%s",
           GRID);
  p = read_one(text);
  CHECK(p != NULL);
  over = layer(p, SKS_PRINT_OVER, &m);
  CHECK_EQ(m, 1);
  CHECK(strstr(over, ">#17<") != NULL);
  free(over);
  sks_puzzle_delete(p);
  snprintf(text, sizeof text, "full-rank r2\n%s", GRID);
  p = read_one(text);
  CHECK(p != NULL);
  over = layer(p, SKS_PRINT_OVER, &m);
  CHECK_EQ(m, 0);
  CHECK(strstr(over, "#") == NULL);
  free(over);
  sks_puzzle_delete(p);

  /* Counting circles: a ring in each cell, under the digits; indexing
   * cells shaded under them too. */
  snprintf(text, sizeof text,
           "counting-circles r1c1 r5c5 r9c9\ncolumn-indexing r1c1..r9c1\n%s",
           GRID);
  p = read_one(text);
  CHECK(p != NULL);
  under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(count(under, "fill=\"none\""), 3);
  CHECK(strstr(under, "cx=\"45.000\" cy=\"45.000\"") != NULL);
  CHECK_EQ(count(under, "#f4cccc"), 9);
  over = layer(p, SKS_PRINT_OVER, &m);
  CHECK_EQ(count(over, "<circle"), 0);
  free(under);
  free(over);
  sks_puzzle_delete(p);

  /* Lunchboxes boxed solid grey and sums dashed grey, their sums in the
   * corner; a rellik cage's "≠7", an equality cage's "="; a sum loop
   * closed round (its polyline back at its first cell) with its sum; a
   * pair's open circles, a pair-all's filled ones; a value indexing's
   * arrow; same-values' cells shaded; all under the digits. */
  snprintf(text, sizeof text,
           "lunchbox 11 r1c1..r1c4\nsum 23 r9c5 r8c4\nrellik 7 r5c5 r5c6\n"
           "equality-cage r6c1 r6c2\nsum-loop 10 r2c6 r2c7 r3c7\n"
           "pair 1 2 r7c1 r7c2\npair-all 1 3 3 1 r8c8 r9c9\n"
           "value-indexing r4c1 r4c2 r4c3\nsame-values 2 r3c1 r3c2\n%s",
           GRID);
  p = read_one(text);
  CHECK(p != NULL);
  under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(m, 0);
  CHECK(strstr(under, ">11<") != NULL && strstr(under, ">23<") != NULL);
  CHECK(strstr(under, ">&#8800;7<") != NULL);
  CHECK(strstr(under, ">=<") != NULL);
  CHECK(strstr(under, ">10<") != NULL);
  /* the loop: r2c6 r2c7 r3c7 and back to r2c6 */
  CHECK(strstr(under, "55.000,15.000 65.000,15.000 65.000,25.000 "
                      "55.000,15.000") != NULL);
  CHECK(strstr(under, "stroke=\"#707070\" stroke-width=\"0.350\">") !=
        NULL); /* the lunchbox's solid outline */
  CHECK_EQ(count(under, "r=\"1.000\" fill=\"#fff\""), 2);    /* pair */
  CHECK_EQ(count(under, "r=\"1.000\" fill=\"#707070\""), 3); /* pair-all,
                                                                  indexing */
  CHECK_EQ(count(under, "fill=\"#cfe2f3\""), 2);             /* same-values */
  over = layer(p, SKS_PRINT_OVER, &m);
  CHECK(strstr(over, ">11<") == NULL);
  free(under);
  free(over);
  sks_puzzle_delete(p);

  /* Count-distinct: the counting cell ringed with "#", the others in a
   * grey dashed outline; equal-sum: each part outlined with "=A", a
   * second rule on the same first part "=A" on its other part only, a
   * rule of another total "=B". */
  snprintf(text, sizeof text,
           "count-distinct r1c1 r1c2 r2c1\nequal-sum r5c5 r5c6 | r6c5 r6c6\n"
           "equal-sum r5c5 r5c6 | r8c8\nequal-sum r1c8 | r2c9\n%s",
           GRID);
  p = read_one(text);
  CHECK(p != NULL);
  under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(m, 0);
  CHECK(strstr(under, "cx=\"5.000\" cy=\"5.000\" r=\"4.200\"") != NULL);
  CHECK_EQ(count(under, ">#<"), 1);
  CHECK_EQ(count(under, ">=A<"), 3);
  CHECK_EQ(count(under, ">=B<"), 2);
  CHECK_EQ(count(under, "stroke-dasharray"), 6); /* 1 + 3 + 2 outlines */
  over = layer(p, SKS_PRINT_OVER, &m);
  CHECK(strstr(over, ">=A<") == NULL && strstr(over, ">#<") == NULL);
  free(under);
  free(over);
  sks_puzzle_delete(p);

  /* Regex and nfa lines: dashed, a small ring in each cell, a letter for
   * each text at the line's first cell (the letters of the lines that
   * start there together: "A,B"; the same pattern again the same
   * letter); the page's caption says what each letter reads, a line
   * each. */
  snprintf(text, sizeof text,
           "regex 1.*3 r1c1..r1c9\nnfa AOnApg r1c1 r2c1\n"
           "regex 1.*3 r9c1..r9c9\n%s",
           GRID);
  p = read_one(text);
  CHECK(p != NULL);
  under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(m, 0);
  CHECK_EQ(count(under, "r=\"0.800\""), 20);
  CHECK_EQ(count(under, ">A,B<"), 1);
  CHECK_EQ(count(under, ">A<"), 1);
  CHECK_EQ(count(under, "stroke-dasharray"), 3);
  over = layer(p, SKS_PRINT_OVER, &m);
  CHECK(strstr(over, ">A<") == NULL);
  free(under);
  free(over);
  char *page = whole_page(p);
  CHECK(strstr(page, ">A: regex 1.*3</text>") != NULL);
  CHECK(strstr(page, ">B: nfa (1 state)</text>") != NULL);
  free(page);
  sks_puzzle_delete(p);

  /* Look-and-say: a dashed outline with its clue in the corner, each
   * count before its value; dutch-flatmates named in the caption. */
  snprintf(text, sizeof text,
           "look-and-say 1 6 1 7 r3c1 r2c1 r1c1\ndutch-flatmates\n%s", GRID);
  p = read_one(text);
  CHECK(p != NULL);
  under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(count(under, ">1617<"), 1);
  CHECK_EQ(count(under, "stroke-dasharray"), 1);
  free(under);
  page = whole_page(p);
  CHECK(strstr(page, ">dutch-flatmates</text>") != NULL);
  free(page);
  sks_puzzle_delete(p);

  /* No rules: an empty drawing of the grid's size. */
  p = read_one(GRID);
  CHECK(p != NULL);
  under = layer(p, SKS_PRINT_UNDER, &m);
  CHECK_EQ(m, 0);
  CHECK(strstr(under, "viewBox=\"0 0 90 90\"") != NULL);
  CHECK_EQ(count(under, "<"), 2); /* <svg> and </svg> */
  free(under);
  sks_puzzle_delete(p);
  return check_report();
}
