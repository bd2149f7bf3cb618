/* Private: a puzzle's rules text (SudokuPad's metadata, an f-puzzles
 * document's ruleset) held against the rules read (rules_text.c). */
#ifndef SKS_RULES_TEXT_INT_H
#define SKS_RULES_TEXT_INT_H

#include "sks_encoder.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Sets of rule kinds as bits of a 64-bit word (the rules text's words,
 * f-puzzles' pictures): a kind so named must be among the table's first
 * 64 (a later one does not compile), and sks_kind_bit gives no bit for a
 * kind past them. */
#define SKS_KIND_BIT(kind)                                                     \
  (UINT64_C(1) << (SKS_RULE_##kind +                                           \
                   0 * sizeof(char[SKS_RULE_##kind < 64 ? 1 : -1])))

static inline uint64_t sks_kind_bit(int kind) {
  return kind >= 0 && kind < 64 ? UINT64_C(1) << kind : 0;
}

/* text: the rules text (any case), lines ended by '\n' (NULL: none).
 * drawn: the rules were read from drawings that do not name them
 * (SudokuPad's): thermometers are read as slow ones when the text says
 * digits on them may stay the same, and every sentence of the text must
 * be Sudoku's own rules or name a rule read; else (an f-puzzles
 * document, whose keys name its rules) only a sentence naming a rule of
 * the whole grid that was not read, or a rule that changes what the
 * puzzle means, is refused.  vouched (rule lines above the puzzle: a
 * person's reading of the text): nothing is refused.  0, or -1 with why
 * (size bytes) quoting the first sentence refused. */
int sks_rules_text_read(sks_rules *rules, const char *text, bool drawn,
                        bool vouched, char *why, size_t size);

/* The rule the rules text gives the lines of colour (r, g, b) (0-255
 * each): a sentence that speaks of a line, names a colour the colour is
 * ("peach", "lavender", "orange", "tan", "turquoise", "grey", ...) and
 * names one line rule (entropic, zipper, renban, whispers but not Dutch
 * ones, palindrome, region sum, modular, between, thermometer).  Every
 * such sentence must name the same rule: else (two rules, or none) -1. */
int sks_rules_text_line_rule(const char *text, int r, int g, int b);

/* The rule the rules text gives a cell's circle (round) or square of
 * colour (r, g, b): a sentence naming a colour the shape's is, the shape
 * and one of odd and even.  Every such sentence must agree: else (or
 * none) -1. */
int sks_rules_text_cell_rule(const char *text, bool round, int r, int g, int b);

/* Does the text (NULL: none) say the thermometers are slow (it speaks
 * of thermometers and of digits that may stay the same)? */
bool sks_rules_text_slow(const char *text);

#endif
