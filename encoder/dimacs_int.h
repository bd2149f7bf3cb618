/* Private: what the DIMACS writer and reader agree on. */
#ifndef SKS_DIMACS_INT_H
#define SKS_DIMACS_INT_H

/* Symbols of the description rows for n <= 35; larger sizes use numbers.
 * Fixed here (not the puzzle's own symbols) so the comments read the same
 * whatever the input looked like. */
static const char SKS_DESC_SYMBOLS[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
enum { SKS_DESC_MAX_SYMBOL_N = 35 };

#endif
