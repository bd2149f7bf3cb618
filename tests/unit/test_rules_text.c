/* A puzzle's rules text held against the rules read (formats/rules_text.c):
 * sentences of Sudoku's own rules and of rules read pass; a rule of the
 * whole grid the text alone gives, a rule that changes the puzzle's
 * meaning, a sentence naming no rule (SudokuPad's drawings), a drawn rule
 * of which nothing was read, are refused with the sentence quoted; slow
 * thermometers; rule lines above (vouched) lift the refusals. */
#include "check.h"
#include "rules_text_int.h"

#include <string.h>

/* A 9x9 list with one rule of each kind named (NULL-ended). */
static sks_rules *with(const char *const *lines) {
  sks_rules *r = sks_rules_new(9);
  sks_error err;
  for (; *lines; lines++)
    CHECK_EQ(sks_rules_add_text(r, *lines, strlen(*lines), &err), 0);
  return r;
}

static char why[256];

/* The text's verdict over the rules lines (drawn: SudokuPad's strict
 * reading); why holds the message when refused. */
static int verdict(const char *text, const char *const *lines, bool drawn,
                   bool vouched) {
  sks_rules *r = with(lines);
  why[0] = 0;
  int rc = sks_rules_text_read(r, text, drawn, vouched, why, sizeof why);
  sks_rules_release(r);
  return rc;
}

static const char *const none[] = {NULL};
static const char *const thermo[] = {"thermo r1c1..r1c3", NULL};
static const char *const knight[] = {"anti-knight", NULL};
static const char *const dots[] = {"white-dot r1c1 r1c2", "black-dot r2c1 r2c2",
                                   NULL};
static const char *const renban[] = {"renban r1c1..r1c3", NULL};
static const char *const region_sum[] = {"region-sum r1c3..r1c4", NULL};

static bool says(const char *part) {
  if (strstr(why, part))
    return true;
  fprintf(stderr, "expected \"%s\" in: %s\n", part, why);
  return false;
}

int main(void) {
  /* Sudoku's own rules and the rules read. */
  CHECK_EQ(verdict("Normal sudoku rules apply.\nDigits along a thermometer "
                   "strictly increase from the bulb.",
                   thermo, true, false),
           0);
  CHECK_EQ(verdict(NULL, none, true, false), 0);
  /* A rule of the whole grid only the text gives, stated in a known
   * phrasing with nothing that changes it: read, its rule added (for
   * f-puzzles too). */
  const char *kn = "Cells a knight's move apart cannot contain the same digit.";
  CHECK_EQ(verdict(kn, none, true, false), 0);
  CHECK_EQ(verdict(kn, knight, true, false), 0);
  CHECK_EQ(verdict(kn, none, false, false), 0);
  static const struct {
    const char *text;
    sks_rule_kind kind;
  } stated[] = {
      {"Cells a knight's move apart cannot contain the same digit.",
       SKS_RULE_ANTI_KNIGHT},
      {"ANTIKNIGHT", SKS_RULE_ANTI_KNIGHT},
      {"Anti-Knight: Digits that are a knight's move apart cannot be "
       "identical anywhere in the grid.",
       SKS_RULE_ANTI_KNIGHT},
      {"Digits separated by a knight's move may not repeat",
       SKS_RULE_ANTI_KNIGHT},
      {"Cells a king's move apart must contain different digits.",
       SKS_RULE_ANTI_KING},
      {"Anti-king sudoku rules apply.", SKS_RULE_ANTI_KING},
      {"Non-consecutive: orthogonally adjacent digits cannot be "
       "consecutive.",
       SKS_RULE_NON_CONSECUTIVE},
      {"Disjoint groups: digits in the same position in each box cannot "
       "repeat.",
       SKS_RULE_DISJOINT_GROUPS},
  };
  for (size_t i = 0; i < sizeof stated / sizeof *stated; i++) {
    for (int drawn = 0; drawn < 2; drawn++) {
      sks_rules *r = with(none);
      CHECK_EQ(
          sks_rules_text_read(r, stated[i].text, drawn, false, why, sizeof why),
          0);
      CHECK_EQ(r->count, 1);
      CHECK(r->count == 1 && r->rule[0].kind == stated[i].kind);
      sks_rules_release(r);
    }
  }
  /* Any doubt: refused, naming the rule line that reads it. */
  static const char *const doubtful[] = {
      "Cells a knight's move apart may contain the same digit.",
      "Cells a knight's move apart cannot sum to 10.",
      "Digits a king's move apart cannot repeat within a box.",
      "Only cells a knight's move apart on the marked cells cannot repeat.",
      "Digits a knight's move apart are not different.",
      "Cells a king's move apart cannot be consecutive.",
      "Anti-knight and anti-king rules apply.",
      "A knight's move apart.",
      "Unless circled, cells a knight's move apart cannot repeat.",
      "Digits on the diagonals cannot repeat.",
      "There is no anti-knight rule in this puzzle.",
      "Anti-king does not apply.",
      "Disjoint groups are not used.",
      "Non-consecutive rules don't apply here.",
  };
  for (size_t i = 0; i < sizeof doubtful / sizeof *doubtful; i++) {
    CHECK_EQ(verdict(doubtful[i], none, true, false), -1);
    CHECK(says("the rules text says") && says("above the link reads it"));
  }
  /* Beside white dots, "consecutive" is the dots' word (every dot
   * given is another rule): nothing added. */
  sks_rules *nc = with(dots);
  CHECK_EQ(sks_rules_text_read(nc,
                               "Non-consecutive: orthogonally adjacent "
                               "digits cannot be consecutive.",
                               true, false, why, sizeof why),
           0);
  CHECK_EQ(nc->count, 2);
  sks_rules_release(nc);
  /* A rule that changes the puzzle's meaning, quoted. */
  CHECK_EQ(verdict("Yin Yang: Shade some cells so that all shaded cells are "
                   "connected.",
                   thermo, true, false),
           -1);
  CHECK(says("Yin Yang: Shade") && says("changes what the puzzle means"));
  CHECK_EQ(verdict("Place the digits 1-4 and 4 different colors in each row.",
                   none, false, false),
           -1);
  /* A coloured line is no colouring rule. */
  CHECK_EQ(verdict("Digits on a purple coloured line are a set of "
                   "consecutive digits.",
                   renban, true, false),
           0);
  /* A sentence naming no rule: refused for drawings, not for keys. */
  CHECK_EQ(
      verdict("Nine cells in the grid are Nosferatu cells.", none, true, false),
      -1);
  CHECK(says("names no rule"));
  CHECK_EQ(verdict("And that's it. Enjoy!", none, false, false), 0);
  /* A drawn rule the text names of which nothing was read. */
  CHECK_EQ(verdict("Two cells adjacent along a red line contain one even "
                   "digit and one odd digit.",
                   dots, true, false),
           -1);
  CHECK(says("(odd)"));
  /* A sentence goes on about the rule its line named before it. */
  CHECK_EQ(verdict("Renban: digits on a purple line are consecutive. For "
                   "example, 312 but not 124.\nNormal sudoku rules apply.",
                   renban, true, false),
           0);
  CHECK_EQ(verdict("Region sum lines: the sum is the same in each box. "
                   "Different lines may have different values for N.",
                   region_sum, true, false),
           0);
  CHECK_EQ(verdict("Renban lines hold consecutive digits.\nFor example, 312 "
                   "but not 124.",
                   renban, true, false),
           -1); /* the example's own line names nothing */
  /* Rules told by what they do, not named. */
  static const char *const vee[] = {"v r1c1 r1c2", NULL};
  static const char *const whispers[] = {"whispers r1c1..r1c3", NULL};
  CHECK_EQ(verdict("Adjacent cells connected with a V must sum to 5.", vee,
                   true, false),
           0);
  CHECK_EQ(verdict("Digits along a blue line sum to the same total in each "
                   "box.",
                   region_sum, true, false),
           0);
  CHECK_EQ(verdict("Adjacent digits on a green line differ by at least 5.",
                   whispers, true, false),
           0);
  CHECK_EQ(verdict("Adjacent digits on a green line differ by at least 5.",
                   none, true, false),
           -1);
  /* "i.e." ends no sentence; "consecutive" of a dot is the dot's. */
  CHECK_EQ(verdict("Black dot: a ratio of 2:1 (i.e. one must be double the "
                   "other). Digits separated by a white dot are consecutive.",
                   dots, true, false),
           0);
  /* Every dot given: its rule of the whole grid; "not all" is none. */
  CHECK_EQ(verdict("Not all dots are given.", dots, true, false), 0);
  CHECK_EQ(verdict("All possible kropki dots are given.", dots, true, false),
           -1);
  CHECK(says("white-dot-all and black-dot-all"));
  /* A word inside another is not it ("king" in "making"). */
  CHECK_EQ(verdict("Sudoku rules apply, making each digit appear once.", none,
                   true, false),
           0);
  /* The rule the text gives a line of a colour: one sentence naming the
   * colour and one line rule; two rules, Dutch whispers, a colour not
   * named: none. */
  CHECK_EQ(sks_rules_text_line_rule("Every three adjacent digits along a "
                                    "peach Entropic line hold a low digit.",
                                    0xff, 0xcc, 0xaa),
           SKS_RULE_ENTROPIC);
  CHECK_EQ(sks_rules_text_line_rule("Zipper lines: cells on a lavender zipper "
                                    "line sum to the centre.",
                                    0xdf, 0xc5, 0xfe),
           SKS_RULE_ZIPPER);
  CHECK_EQ(sks_rules_text_line_rule("Grey lines are entropic AND modular.",
                                    0xb9, 0xb9, 0xb9),
           -1);
  CHECK_EQ(sks_rules_text_line_rule("Orange lines are Dutch whispers.", 0xff,
                                    0x95, 0x04),
           -1);
  CHECK_EQ(sks_rules_text_line_rule("Peach lines are entropic lines.", 0xff,
                                    0x95, 0x04),
           -1); /* orange is no peach */
  CHECK_EQ(sks_rules_text_line_rule("Peach lines are entropic lines. Peach "
                                    "lines are renban lines.",
                                    0xff, 0xcc, 0xaa),
           -1);
  CHECK_EQ(sks_rules_text_line_rule(NULL, 0xff, 0xcc, 0xaa), -1);
  /* Every clue of a kind the list does not know given ("all such
   * pairs"): refused, for f-puzzles too; not all of them, or "every
   * row", is none. */
  CHECK_EQ(verdict("Digits joined by a V sum to 5. All such pairs are given.",
                   vee, true, false),
           -1);
  CHECK(says("every clue of a kind given"));
  CHECK_EQ(verdict("Digits joined by a V sum to 5. All such pairs are given.",
                   vee, false, false),
           -1);
  CHECK_EQ(verdict("Digits joined by a V sum to 5. Not all such pairs are "
                   "given.",
                   vee, false, false),
           0);
  CHECK_EQ(verdict("Fill every row, column and marked box with 1-9.", none,
                   false, false),
           0);
  /* Shaded cells greater than their neighbours: the maximum cells read,
   * no shading to do; without them, or a shading to do, refused. */
  static const char *const maxi[] = {"maximum r1c1", NULL};
  const char *shaded = "Digits in grey shaded cells must be greater than all "
                       "neighbouring unshaded cells.";
  CHECK_EQ(verdict(shaded, maxi, true, false), 0);
  CHECK_EQ(verdict(shaded, none, true, false), -1);
  CHECK_EQ(verdict("Shade some cells, so that shaded cells are greater than "
                   "their neighbours.",
                   maxi, true, false),
           -1);
  /* Vouched: nothing refused. */
  CHECK_EQ(verdict("Cells a knight's move apart may repeat.", none, true, true),
           0);
  CHECK_EQ(verdict("Yin Yang: shade cells.", none, true, true), 0);
  /* Slow thermometers, for drawings only, vouched or not. */
  for (int v = 0; v < 2; v++) {
    sks_rules *r = with(thermo);
    CHECK_EQ(sks_rules_text_read(r,
                                 "Digits along a thermometer must increase "
                                 "or stay the same.",
                                 true, v, why, sizeof why),
             0);
    CHECK_EQ(r->rule[0].kind, SKS_RULE_SLOW_THERMO);
    sks_rules_release(r);
  }
  sks_rules *r = with(thermo);
  CHECK_EQ(sks_rules_text_read(r, "Thermometers may repeat digits.", false,
                               false, why, sizeof why),
           0);
  CHECK_EQ(r->rule[0].kind, SKS_RULE_THERMO);
  sks_rules_release(r);
  return check_report();
}
