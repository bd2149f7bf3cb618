/* Private to author/: a puzzle's variant rules drawn on its printed page
 * (print_rules.c), for the page itself (print_svg.c), in the page's
 * layers: what goes under the digits, what goes over the grid lines, and
 * the caption naming the rules over the whole grid. */
#ifndef SKS_PRINT_INT_H
#define SKS_PRINT_INT_H

#include "sks_author.h"

#include <stdio.h>

/* Whether rules have clues outside the grid (sandwiches, x-sums,
 * skyscrapers, little killers): the grid then leaves a margin of one cell
 * round it within its slot. */
bool sks_print_rules_margin(const sks_rules *rules);
/* The grid of side `side` at (x, y): shading (extra regions, clones, odd
 * and even cells), then lines, cages, thermometers and arrows, all under
 * the digits. */
void sks_print_rules_under(FILE *out, const sks_puzzle *p, double x, double y,
                           double side);
/* Over the grid lines: dots, X and V, sums and chevrons on edges,
 * quadruples, minimum and maximum marks, the clues outside the grid. */
void sks_print_rules_over(FILE *out, const sks_puzzle *p, double x, double y,
                          double side);
/* The names of the rules over the whole grid (anti-knight, diagonal+,
 * ...) and what each lettered regex or nfa line reads, a line of text
 * centred at cx with its baseline at y; nothing when there are none. */
void sks_print_rules_caption(FILE *out, const sks_rules *rules, double cx,
                             double y);

#endif
