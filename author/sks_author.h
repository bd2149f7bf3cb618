/* sudokusat author: making and judging puzzles on top of the solving
 * parts: generate, minimize, repair, grade and print.  Each section below
 * belongs to one source file of author/. */
#ifndef SKS_AUTHOR_H
#define SKS_AUTHOR_H

#include "sks_decoder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Symmetry, generation and minimization (author/generate.c) ---- */

/* ---- Grading (author/grade.c) ---- */

/* ---- Repair: completing and explaining givens (author/repair.c) ---- */

/* ---- Printing as SVG (author/print_svg.c) ---- */

#ifdef __cplusplus
}
#endif

#endif
