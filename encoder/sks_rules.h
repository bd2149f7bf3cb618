/* sudokusat rules: the variant rules a puzzle carries beside its regions
 * (killer cages, thermometers, arrows, kropki dots, ...), their table,
 * a puzzle's list of them, and their text form, one rule a line.  The
 * encoder lowers them to clauses after the exactly-one system
 * (sks_encode); the decoder's validator checks a grid against them with
 * code of its own.  Nothing here prints or exits. */
#ifndef SKS_RULES_H
#define SKS_RULES_H

#include "sks_common.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The table of rules: X(ID, NAME, ARGS, MEANING).  ARGS says what a rule
 * of the kind holds:
 *   G  global: no cells, no value (the rule holds over the whole grid);
 *   C  cells, no value;                  CV  cells and an optional value;
 *   CR cells and a value (required);     CS  cells in two parts (A | B);
 *   CD cells and one or more digits (quadruple; a pair rule's allowed
 *      pairs, two digits each; look-and-say's (count, value) pairs);
 *   CT cells and a text (a regular expression, an encoded automaton).
 * Cells are in the rule's order (a thermometer from its bulb, an arrow's
 * circle then its shaft, an outside clue's row from the clue's side).
 * Digits and values are as a person writes them (1-based digits; 0-based
 * under a from-zero rule, which makes the first digit's value 0). */
#define SKS_RULES(X)                                                           \
  X(CAGE, "cage", CV, "digits do not repeat; they sum to the value if given")  \
  X(LITTLE_KILLER, "little-killer", CR,                                        \
    "the digits along the diagonal sum to the value (they may repeat)")        \
  X(SANDWICH, "sandwich", CR,                                                  \
    "the digits between the 1 and the largest digit of the row or column "     \
    "sum to the value")                                                        \
  X(LUNCHBOX, "lunchbox", CR,                                                  \
    "digits do not repeat; those between the smallest and the largest "        \
    "digit of the line sum to the value")                                      \
  X(X_SUM, "x-sum", CR,                                                        \
    "the first X digits from the clue's side sum to the value, X the first "   \
    "digit")                                                                   \
  X(SKYSCRAPER, "skyscraper", CR,                                              \
    "seen from the clue, the value counts the digits larger than every "       \
    "digit before them (a 0 is no building)")                                  \
  X(NUMBERED_ROOM, "numbered-room", CR,                                        \
    "the first digit from the clue's side, V (1 to n), names the V-th cell, "  \
    "which holds the value")                                                   \
  X(HIDDEN_SKYSCRAPER, "hidden-skyscraper", CR,                                \
    "seen from the clue, the first digit smaller than one before it is the "   \
    "value")                                                                   \
  X(THERMO, "thermo", C, "digits increase strictly from the bulb")             \
  X(SLOW_THERMO, "slow-thermo", C, "digits never decrease from the bulb")      \
  X(ARROW, "arrow", CS,                                                        \
    "the shaft's digits sum to the circle's number (a pill of k cells "        \
    "reads as a k-digit number)")                                              \
  X(DOUBLE_ARROW, "double-arrow", C,                                           \
    "the digits between the two ends sum to the two ends' sum")                \
  X(WHITE_DOT, "white-dot", CV,                                                \
    "the two digits differ by the value (1 if not given)")                     \
  X(BLACK_DOT, "black-dot", CV,                                                \
    "one digit is the value (2 if not given) times the other")                 \
  X(X_PAIR, "x", C, "the two digits sum to 10")                                \
  X(V_PAIR, "v", C, "the two digits sum to 5")                                 \
  X(SUM_PAIR, "sum-pair", CR, "the two digits sum to the value")               \
  X(GREATER, "greater", C, "the first digit is greater than the second")       \
  X(WHISPERS, "whispers", CV,                                                  \
    "neighbours on the line differ by at least the value (half the side, "     \
    "rounded up: 5 on a 9x9, if not given)")                                   \
  X(RENBAN, "renban", C,                                                       \
    "the line holds a set of consecutive digits, in any order")                \
  X(PALINDROME, "palindrome", C, "the line reads the same from either end")    \
  X(ZIPPER, "zipper", C,                                                       \
    "digits the same distance from the middle sum to the same total, the "     \
    "middle digit on an odd line")                                             \
  X(REGION_SUM, "region-sum", C,                                               \
    "the line's digits in each region it passes sum to the same total")        \
  X(BETWEEN, "between", C,                                                     \
    "digits strictly between the ends lie strictly between the ends' "         \
    "digits")                                                                  \
  X(LOCKOUT, "lockout", CV,                                                    \
    "the ends differ by at least the value (4 if not given); no digit "        \
    "between them lies between the ends' digits, inclusive")                   \
  X(ENTROPIC, "entropic", C,                                                   \
    "any three cells in a row on the line hold a low, a middle and a high "    \
    "digit (thirds of 1..n)")                                                  \
  X(MODULAR, "modular", CV,                                                    \
    "any m cells in a row on the line hold different digits modulo m (m the "  \
    "value, 3 if not given)")                                                  \
  X(QUADRUPLE, "quadruple", CD,                                                \
    "the digits given appear in the cells (as often as given)")                \
  X(ODD, "odd", C, "the cells hold odd digits")                                \
  X(EVEN, "even", C, "the cells hold even digits")                             \
  X(MINIMUM, "minimum", C,                                                     \
    "each cell is smaller than its orthogonal neighbours")                     \
  X(MAXIMUM, "maximum", C,                                                     \
    "each cell is greater than its orthogonal neighbours")                     \
  X(REGION, "region", C, "digits do not repeat in the cells")                  \
  X(CLONE, "clone", CS, "the two parts hold the same digits in order")         \
  X(COUNTING_CIRCLES, "counting-circles", C,                                   \
    "each digit v in the cells is in exactly v of them")                       \
  X(COLUMN_INDEXING, "column-indexing", C,                                     \
    "each cell's digit V (1 to n) names a column of its row, whose cell "      \
    "holds the number of the cell's own column")                               \
  X(ROW_INDEXING, "row-indexing", C,                                           \
    "each cell's digit V (1 to n) names a row of its column, whose cell "      \
    "holds the number of the cell's own row")                                  \
  X(SUM_LINE, "sum-line", CR,                                                  \
    "the line cuts into pieces of consecutive cells, each summing to the "     \
    "value")                                                                   \
  X(SUM_LOOP, "sum-loop", CR,                                                  \
    "the loop (its last cell next to its first) cuts into one piece or more "  \
    "of consecutive cells, each summing to the value")                         \
  X(SAME_VALUES, "same-values", CR,                                            \
    "the cells, cut in order into as many equal sets as the value, hold the "  \
    "same digits in each set (as often)")                                      \
  X(PAIR, "pair", CD,                                                          \
    "each cell and the next on the line hold one of the pairs of digits "      \
    "given (a b, a the earlier cell's)")                                       \
  X(PAIR_ALL, "pair-all", CD,                                                  \
    "any two of the cells hold one of the pairs of digits given (a b, a the "  \
    "earlier cell's)")                                                         \
  X(SUM, "sum", CR, "the digits sum to the value (they may repeat)")           \
  X(RELLIK, "rellik", CR,                                                      \
    "digits do not repeat; no one or more of them sum to the value")           \
  X(EQUALITY_CAGE, "equality-cage", C,                                         \
    "digits do not repeat; as many are odd as even and as many low as high "   \
    "(the lower and the upper half of the digits: an odd n's middle digit is " \
    "neither, so never here)")                                                 \
  X(VALUE_INDEXING, "value-indexing", C,                                       \
    "the second cell's digit V (1 or more) names the V-th cell after it, "     \
    "which holds the first cell's digit")                                      \
  X(COUNT_DISTINCT, "count-distinct", C,                                       \
    "the first cell's digit counts the different digits of the other cells")   \
  X(EQUAL_SUM, "equal-sum", CS,                                                \
    "the two parts' digits sum to the same total (they may repeat)")           \
  X(FULL_RANK, "full-rank", CV,                                                \
    "the rows and columns read as numbers from either end (4n of them): "      \
    "with a value, exactly value-1 are smaller than the line read from its "   \
    "first cell (so ties share the lower rank); without one, no other reads "  \
    "the same as the line")                                                    \
  X(REGEX, "regex", CT,                                                        \
    "the digits along the cells, read in order, match the regular "            \
    "expression (the whole of it: digits, [...] and [^...] classes, '.', "     \
    "'|', (...), *, +, ?, {m}, {m,}, {m,n})")                                  \
  X(NFA, "nfa", CT,                                                            \
    "the digits along the cells, read in order, are accepted by the state "    \
    "machine (the Interactive Sudoku Solver's encoded NFA)")                   \
  X(ANTI_KNIGHT, "anti-knight", G,                                             \
    "cells a chess knight's move apart hold different digits")                 \
  X(ANTI_KING, "anti-king", G,                                                 \
    "cells a chess king's move apart hold different digits")                   \
  X(NON_CONSECUTIVE, "non-consecutive", G,                                     \
    "orthogonal neighbours are never consecutive")                             \
  X(DISJOINT_GROUPS, "disjoint-groups", G,                                     \
    "cells in the same place of their boxes hold different digits")            \
  X(DIAGONAL_POS, "diagonal+", G,                                              \
    "digits do not repeat on the diagonal from bottom left to top right")      \
  X(DIAGONAL_NEG, "diagonal-", G,                                              \
    "digits do not repeat on the diagonal from top left to bottom right")      \
  X(WHITE_ALL, "white-dot-all", G,                                             \
    "every white dot is given: neighbours without a dot are not "              \
    "consecutive")                                                             \
  X(BLACK_ALL, "black-dot-all", G,                                             \
    "every black dot is given: neighbours without a dot are not in ratio "     \
    "2")                                                                       \
  X(XV_ALL, "xv-all", G,                                                       \
    "every X and V is given: neighbours without one sum to neither 10 nor "    \
    "5")                                                                       \
  X(ANTI_TAXICAB, "anti-taxicab", G,                                           \
    "no two cells a taxicab distance x apart (rows plus columns) both hold "   \
    "the digit x")                                                             \
  X(ENTROPIC_SQUARES, "entropic-squares", G,                                   \
    "every 2x2 square holds a low, a middle and a high digit (thirds of "      \
    "1..n)")                                                                   \
  X(MODULAR_SQUARES, "modular-squares", G,                                     \
    "every 2x2 square holds a digit of each remainder modulo 3")               \
  X(FROM_ZERO, "from-zero", G,                                                 \
    "the digits are 0 to n-1, not 1 to n: the other rules' sums, "             \
    "differences, ratios, parities and digits read them so")                   \
  X(LOOK_AND_SAY, "look-and-say", CD,                                          \
    "the digits given in pairs (count, value): the cells hold value exactly "  \
    "count times (0: never)")                                                  \
  X(DUTCH_FLATMATES, "dutch-flatmates", G,                                     \
    "each middle digit (5 on a 9x9) has the smallest digit directly above "    \
    "it or the largest directly below it (odd sides)")

typedef enum sks_rule_kind {
#define SKS_RULE_ENUM_(id, name, args, meaning) SKS_RULE_##id,
  SKS_RULES(SKS_RULE_ENUM_)
#undef SKS_RULE_ENUM_
      SKS_RULE_KINDS
} sks_rule_kind;

/* What a rule of a kind holds (the ARGS column). */
typedef enum sks_rule_args {
  SKS_ARGS_G,  /* global */
  SKS_ARGS_C,  /* cells */
  SKS_ARGS_CV, /* cells, optional value */
  SKS_ARGS_CR, /* cells, value */
  SKS_ARGS_CS, /* cells in two parts */
  SKS_ARGS_CD, /* cells and digits */
  SKS_ARGS_CT  /* cells and a text */
} sks_rule_args;

/* The kind's name as the text form writes it, its ARGS, its meaning; the
 * kind called name (or one of its other names: "killer", "kropki-white",
 * "german-whispers", ...), or -1. */
const char *sks_rule_name(sks_rule_kind kind);
sks_rule_args sks_rule_args_of(sks_rule_kind kind);
const char *sks_rule_meaning(sks_rule_kind kind);
int sks_rule_parse_name(const char *name);

enum { SKS_RULE_NO_VALUE = -1 };

/* One rule.  cells: 0-based cell indices (r*n + c); for CS kinds the
 * first split cells are part A (an arrow's circle) and the rest part B;
 * digits (CD): 1-based. */
typedef struct sks_rule {
  sks_rule_kind kind;
  int value; /* the clue, or SKS_RULE_NO_VALUE */
  int ncells, split;
  int *cells;
  int ndigits;
  int *digits;
  long line;  /* where it was read (0: made, not read) */
  char *text; /* CT kinds: the pattern or the encoded machine, no blank in
                 it (NULL for the other kinds) */
} sks_rule;

/* A puzzle's rules, in the order read.  Immutable once a puzzle holds it,
 * and counted like a shape: puzzle copies share one list. */
typedef struct sks_rules {
  int n; /* the side the cells are over */
  int count;
  sks_rule *rule;
} sks_rules;

/* The most rules one puzzle of side n may carry: four a cell (a dot on
 * every edge of the grid is two a cell), so a list's clauses stay
 * bounded by the grid's. */
static inline int sks_rules_max(int n) {
  return 4 * n * n < 64 ? 64 : 4 * n * n;
}

/* The value of the first digit under the rules: 0 when a from-zero
 * rule is among them, else 1 (NULL: 1).  Digit d (0-based in memory) is
 * the value d + sks_rules_first_value(r) in every rule's arithmetic. */
int sks_rules_first_value(const sks_rules *r);

/* A new empty list for side n, holding one reference. */
sks_rules *sks_rules_new(int n);
const sks_rules *sks_rules_retain(const sks_rules *r);
void sks_rules_release(const sks_rules *r); /* NULL is a no-op */
/* Adds a copy of rule after checking it against the side and the kind's
 * ARGS (cells in the grid and not repeated, values in range, two cells
 * for a dot, a full row or column for an outside clue...): 0, or -1 with
 * err filled (its message names the rule). */
int sks_rules_add(sks_rules *r, const sks_rule *rule, sks_error *err);
/* The same lists (kinds, values, cells, digits, in order). */
bool sks_rules_same(const sks_rules *a, const sks_rules *b);

/* A CT rule's automaton: states 0..nstates-1, no empty moves; a
 * transition reads one digit (0-based, d is the digit of value d +
 * sks_rules_first_value); a sequence of digits is accepted when some
 * path from a start state reads it and ends in an accepting state.  A
 * regular expression's characters are values ('0'-'9', then 'A'-'Z' or
 * 'a'-'z' for 10 to 35), so they depend on first: a value the grid does
 * not have matches no digit.  An encoded NFA's symbol s is the digit
 * s-1 whatever first is (the Interactive Sudoku Solver's symbols are
 * 1-based ranks); symbols past n are never read. */
typedef struct sks_nfa_edge {
  int from, digit, to;
} sks_nfa_edge;

typedef struct sks_nfa {
  int nstates, nedges;
  sks_nfa_edge *edge;            /* by from, then digit, then to; no repeats */
  unsigned char *start, *accept; /* by state: 1 or 0 */
} sks_nfa;

/* Builds rule's automaton for side n and the first digit's value first
 * (0 or 1): 0, or -1 with err filled (a pattern that does not parse, an
 * encoding that does not decode, too many states). */
int sks_rule_nfa(const sks_rule *rule, int n, int first, sks_nfa *out,
                 sks_error *err);
void sks_nfa_free(sks_nfa *a);
/* Whether a accepts the k digits (0-based). */
bool sks_nfa_accepts(const sks_nfa *a, const int *digits, int k);

/* The text form, one rule a line: NAME [VALUE] CELLS, where a cell is
 * rRcC (1-based, either case), A..B is the straight line of cells from A
 * to B (a row, a column or a diagonal), rR and cC are a whole row (left
 * to right) and column (top to bottom), `|` separates the two parts of a
 * CS rule, and a CD rule's digits come before its cells:
 *   cage 15 r1c1 r1c2 r2c1
 *   thermo r2c2..r2c6
 *   arrow r5c5 | r4c4 r3c3
 *   sandwich 12 r3
 *   quadruple 1 2 9 r4c4 r4c5 r5c4 r5c5
 *   regex [1-4]*9[5-8]* r1
 * (a CT rule's text, one token up to a blank, comes before its cells)
 * Parses one line for side n and adds it to r: 0, or -1 with err filled
 * (column set to the token's, 1-based). */
int sks_rules_add_text(sks_rules *r, const char *line, size_t len,
                       sks_error *err);
/* Writes rule in the text form into buf (NUL-terminated, truncated to
 * size); returns the length it needs, as snprintf does. */
size_t sks_rule_write(const sks_rule *rule, int n, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
