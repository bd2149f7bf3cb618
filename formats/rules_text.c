/* A puzzle's rules text held against the rules read (docs/formats.md,
 * "The rules text"): SudokuPad draws rules without naming them, an
 * f-puzzles document may state a rule in its text alone, and the rules
 * of the whole grid (anti-knight, anti-king, "every dot is given"...)
 * and the rules that change what a digit means are often in the text
 * alone.  Each sentence of the text must be Sudoku's own rules or
 * name a rule that was read; a sentence that names a rule of the whole
 * grid not read, a drawn rule none of which was read, no rule at all, or
 * a rule that changes the puzzle's meaning (shading, loops, values other
 * than the digits) is an error quoting it, but a rule of the whole grid
 * stated in a known phrasing with nothing that may change it is read
 * from the text.  The text also says whether thermometers are slow, and
 * which rule a line or a cell's shape of a colour it names is.  Rule lines
 * above the link (form_rules.c) are a person's reading of the text: with them,
 * its sentences are not held. */
#include "rules_text_int.h"

#include <stdio.h>

#include <stdint.h>
#include <string.h>

#define K(kind) SKS_KIND_BIT(kind)

/* Words that name rules, with the kinds they may be about; global: a
 * rule only the text can give, so its rule line is the way to read it. */
static const struct mention {
  const char *word;
  uint64_t kinds;
  const char *global; /* the rule lines that read it, or NULL */
  bool weak;          /* a word that also tells of drawn rules ("consecutive" of
                         white dots): global only in a sentence naming none */
} MENTIONS[] = {
    {"little killer", K(LITTLE_KILLER), NULL, false},
    {"killer", K(CAGE), NULL, false},
    {"cage", K(CAGE), NULL, false},
    {"thermo", K(THERMO) | K(SLOW_THERMO), NULL, false},
    {"arrow", K(ARROW) | K(DOUBLE_ARROW), NULL, false},
    {"pill", K(ARROW), NULL, false},
    {"kropki", K(WHITE_DOT) | K(BLACK_DOT) | K(WHITE_ALL) | K(BLACK_ALL), NULL,
     false},
    {"dot", K(WHITE_DOT) | K(BLACK_DOT) | K(WHITE_ALL) | K(BLACK_ALL), NULL,
     false},
    {"whisper", K(WHISPERS), NULL, false},
    {"renban", K(RENBAN), NULL, false},
    {"palindrom", K(PALINDROME), NULL, false},
    {"between", K(BETWEEN), NULL, false},
    {"lockout", K(LOCKOUT), NULL, false},
    {"zipper", K(ZIPPER), NULL, false},
    {"region sum", K(REGION_SUM), NULL, false},
    {"same sum", K(REGION_SUM), NULL, false},
    {"equal sum", K(REGION_SUM), NULL, false},
    {"same total", K(REGION_SUM), NULL, false},
    {"differ by", K(WHISPERS) | K(WHITE_DOT) | K(WHITE_ALL), NULL, false},
    {"sum to 5", K(V_PAIR) | K(XV_ALL), NULL, false},
    {"sum to 10", K(X_PAIR) | K(XV_ALL), NULL, false},
    {"region-sum", K(REGION_SUM), NULL, false},
    {"segment", K(REGION_SUM), NULL, false},
    {"box border", K(REGION_SUM), NULL, false},
    {"entropic", K(ENTROPIC), NULL, false},
    {"modular", K(MODULAR), NULL, false},
    {"sandwich", K(SANDWICH), NULL, false},
    {"x-sum", K(X_SUM), NULL, false},
    {"x sum", K(X_SUM), NULL, false},
    {"skyscraper", K(SKYSCRAPER), NULL, false},
    {"quadruple", K(QUADRUPLE), NULL, false},
    {"xv", K(X_PAIR) | K(V_PAIR) | K(XV_ALL), NULL, false},
    {"double", K(BLACK_DOT) | K(BLACK_ALL), NULL, false},
    {"ratio", K(BLACK_DOT) | K(BLACK_ALL), NULL, false},
    {"odd", K(ODD) | K(EVEN), NULL, false},
    {"even", K(ODD) | K(EVEN), NULL, false},
    {"parity", K(ODD) | K(EVEN), NULL, false},
    {"minimum", K(MINIMUM) | K(MAXIMUM), NULL, false},
    {"maximum", K(MINIMUM) | K(MAXIMUM), NULL, false},
    {"greater", K(GREATER) | K(MINIMUM) | K(MAXIMUM), NULL, false},
    {"clone", K(CLONE), NULL, false},
    {"extra region", K(REGION), NULL, false},
    {"knight", K(ANTI_KNIGHT), "anti-knight", false},
    {"antiknight", K(ANTI_KNIGHT), "anti-knight", false},
    {"king", K(ANTI_KING), "anti-king", false},
    {"antiking", K(ANTI_KING), "anti-king", false},
    {"nonconsecutive", K(NON_CONSECUTIVE), "non-consecutive", false},
    {"disjoint", K(DISJOINT_GROUPS), "disjoint-groups", false},
    {"consecutive",
     K(NON_CONSECUTIVE) | K(WHITE_DOT) | K(WHITE_ALL) | K(RENBAN),
     "non-consecutive", true},
    {"diagonal",
     K(DIAGONAL_POS) | K(DIAGONAL_NEG) | K(LITTLE_KILLER) | K(ANTI_KING),
     "diagonal+ or diagonal-", true},
};

/* "All the dots are given" (not "not all"): a rule of the whole grid. */
static const struct every {
  const char *what;
  uint64_t kinds;
  const char *global;
} EVERY[] = {
    {"dot", K(WHITE_ALL) | K(BLACK_ALL), "white-dot-all and black-dot-all"},
    {"kropki", K(WHITE_ALL) | K(BLACK_ALL), "white-dot-all and black-dot-all"},
    {"xv", K(XV_ALL), "xv-all"},
    {"x and v", K(XV_ALL), "xv-all"},
    {"xs and vs", K(XV_ALL), "xv-all"},
};

/* Sudoku's own rules, when a sentence names no rule. */
static const char *const SUDOKU[] = {
    "sudoku", "exactly once", "once in each", "once in every", "once each",
    "repeat", "rules apply",  "1-",           "1 to "};

/* Rules that change what the puzzle means. */
static const char *const META[] = {
    "shade",          "loop",      "snake",      "fog",      "draw a",
    "different colo", "each colo", "colour of",  "color of", "except",
    "instead",        "doubler",   "decimal",    "count as", "counts as",
    "treated as",     "yin yang",  "star battle"};

/* Slow thermometers: digits may stay the same. */
static const char *const SLOW[] = {
    "slow",         "stay the same",  "or equal",       "remain the same",
    "may repeat",   "can repeat",     "non-decreas",    "never decrease",
    "not decrease", "don't decrease", "do not decrease"};

static char lower(char c) {
  return c >= 'A' && c <= 'Z' ? (char)(c | 0x20) : c;
}

static bool letter(char c) {
  return lower(c) >= 'a' && lower(c) <= 'z';
}

/* w (lower case) in s[0..n), whatever the case, starting a word ("king"
 * is not in "making"). */
static bool has(const char *s, size_t n, const char *w) {
  size_t k = strlen(w);
  for (size_t i = 0; i + k <= n; i++) {
    if (i && letter(s[i - 1]))
      continue;
    size_t j = 0;
    while (j < k && lower(s[i + j]) == w[j])
      j++;
    if (j == k)
      return true;
  }
  return false;
}

static bool any(const char *s, size_t n, const char *const *w, size_t nw) {
  for (size_t i = 0; i < nw; i++)
    if (has(s, n, w[i]))
      return true;
  return false;
}

/* "all ... dots are given" and the like, not "not all". */
static bool every_given(const char *s, size_t n, const char *what) {
  return has(s, n, what) && (has(s, n, "all ") || has(s, n, "every ")) &&
         !has(s, n, "not all") && !has(s, n, "not every") &&
         (has(s, n, "given") || has(s, n, "shown") || has(s, n, "marked"));
}

/* ---- rules of the whole grid stated by the text ---- */

/* The rule's names; for anti-knight and anti-king, the move too. */
static const char *const KNIGHT_NAMES[] = {"anti-knight", "antiknight",
                                           "anti knight"};
static const char *const KING_NAMES[] = {"anti-king", "antiking", "anti king"};
static const char *const NONCON_NAMES[] = {
    "non-consecutive", "nonconsecutive", "non consecutive", "anti-consecutive"};
static const char *const DISJOINT_NAMES[] = {
    "disjoint group", "disjoint set", "disjoint subset", "disjoint sudoku"};
static const char *const KNIGHT_MOVE[] = {"knight's move", "knight’s move",
                                          "knights move", "knight move"};
static const char *const KING_MOVE[] = {"king's move", "king’s move",
                                        "kings move", "king move"};

/* What the digits may not do: repeat, be the same; or what they must
 * be: different. */
static const char *const SAME[] = {"same digit", "same number", "same value",
                                   "identical",  "repeat",      "the same"};
static const char *const NO[] = {"cannot", "can't", "can’t", "never", "not"};
static const char *const DIFFERENT[] = {"different digit", "different number",
                                        "different value", "must be different",
                                        "are different",   "must differ"};
/* "not" and "may" that say no, not some other thing. */
static const char *const NOT_OK[] = {
    "may not",    "can not", "must not",    "do not",   "does not",  "will not",
    "should not", "not be",  "not contain", "not have", "not repeat"};

/* Words that make a sentence say something other than the rule of the
 * whole grid it names: a qualifier, or another relation of digits. */
static const char *const QUALIFIER[] = {
    "except",  "only",     "unless",   "instead",   "but",        "however",
    "some",    "marked",   "shaded",   "circled",   "colour",     "color",
    "grey",    "gray",     "sum",      "differ by", "difference", "ratio",
    "double",  "half",     "odd",      "even",      "at least",   "at most",
    "exactly", "greater",  "less",     "multiple",  "apart by",   "negat",
    "ignore",  "optional", "might",    "either",    "cage",       "line",
    "dot",     "arrow",    "diagonal", "thermo",    "modulo",     "prime"};
/* Places that narrow a rule of moves (the disjoint groups' rule speaks
 * of the boxes). */
static const char *const PLACE[] = {"box",    "row",   "column",
                                    "region", "nonet", "block"};

/* Words that deny what a sentence names (whole words). */
static const char *const DENY[] = {"no",      "none",  "nor",    "neither",
                                   "without", "isn't", "aren't", "don't",
                                   "doesn't", "won't"};
/* Neighbours, for non-consecutive; the same place, for disjoint groups. */
static const char *const NEIGHBOURS[] = {"adjacent", "neighbo", "orthogonal",
                                         "touching"};
static const char *const SAME_PLACE[] = {"same position", "same place",
                                         "same relative", "same spot"};

/* w (lower case) in s[0..n) as a whole word. */
static bool has_word(const char *s, size_t n, const char *w) {
  size_t k = strlen(w);
  for (size_t i = 0; i + k <= n; i++) {
    if (i && letter(s[i - 1]))
      continue;
    size_t j = 0;
    while (j < k && lower(s[i + j]) == w[j])
      j++;
    if (j == k && (i + k == n || !letter(s[i + k])))
      return true;
  }
  return false;
}

/* Every "not" and "may" of s[0..n) in a phrase that says no. */
static bool no_stray_not(const char *s, size_t n) {
  for (size_t i = 0; i + 3 <= n; i++) {
    if (i && letter(s[i - 1]))
      continue;
    bool is_not = !memcmp(s + i, "not", 3) && (i + 3 == n || !letter(s[i + 3]));
    bool is_may = !memcmp(s + i, "may", 3) && (i + 3 == n || !letter(s[i + 3]));
    if (!is_not && !is_may)
      continue;
    bool ok = false;
    for (size_t k = 0; k < sizeof NOT_OK / sizeof *NOT_OK && !ok; k++) {
      size_t len = strlen(NOT_OK[k]);
      /* the phrase around this word: it starts at i, or ends at i + 3 */
      for (size_t a = i + 3 >= len ? i + 3 - len : 0; a <= i && !ok; a++)
        ok = a + len <= n && !memcmp(s + a, NOT_OK[k], len) &&
             (a == i || a + len == i + 3);
    }
    if (!ok)
      return false;
  }
  return true;
}

/* The rule of the whole grid the sentence s[0..n) (lower case) states
 * in a known phrasing, with nothing that changes it, or -1: the rule's
 * name ("Anti-Knight", "Anti-knight sudoku rules apply"), or its move
 * with the digits not the same ("digits a knight's move apart cannot
 * repeat"), no place named that would narrow it; non-consecutive only
 * when no white dot was read (with them it is every dot given, another
 * rule). */
static int stated_global(const char *s, size_t n, uint64_t read) {
#define ANY(list) any(s, n, list, sizeof list / sizeof *list)
  if (ANY(QUALIFIER) || !no_stray_not(s, n))
    return -1;
  /* said: the digits may not be the same; a name alone must not be
   * denied ("no anti-knight") */
  bool said = (ANY(SAME) && ANY(NO)) || ANY(DIFFERENT), place = ANY(PLACE);
  bool denied = ANY(NO);
  for (size_t i = 0; i < sizeof DENY / sizeof *DENY; i++)
    denied |= has_word(s, n, DENY[i]);
  int kind = -1, kinds = 0;
  bool move = ANY(KNIGHT_MOVE), name = ANY(KNIGHT_NAMES);
  if (move || name)
    kind = !place && ((move && said) || (name && !denied))
               ? SKS_RULE_ANTI_KNIGHT
               : -1,
    kinds++;
  move = ANY(KING_MOVE), name = ANY(KING_NAMES);
  if (move || name)
    kind = !place && ((move && said) || (name && !denied)) ? SKS_RULE_ANTI_KING
                                                           : -1,
    kinds++;
  name = ANY(NONCON_NAMES);
  move = has(s, n, "consecutive") && ANY(NO) && ANY(NEIGHBOURS);
  if (name || move)
    kind =
        !place && !(read & (K(WHITE_DOT) | K(WHITE_ALL))) && (move || !denied)
            ? SKS_RULE_NON_CONSECUTIVE
            : -1,
    kinds++;
  if (ANY(DISJOINT_NAMES))
    kind = !denied || (said && ANY(SAME_PLACE)) ? SKS_RULE_DISJOINT_GROUPS : -1,
    kinds++;
#undef ANY
  return kinds == 1 ? kind : -1;
}

typedef struct audit {
  char *why;
  size_t size;
  sks_rules *rules; /* where a rule the text states goes */
} audit;

/* The message quoting the sentence (at most 60 bytes of it): -1. */
static int quote(audit *s, const char *t, size_t n, const char *why) {
  int len = n > 60 ? 60 : (int)n;
  while (len && (*t == ' ' || *t == '-')) /* a list's dash */
    t++, len--, n--;
  snprintf(s->why, s->size, "the rules text says \"%.*s%s\": %s", len, t,
           n > 60 ? "..." : "", why);
  return -1;
}

/* One sentence: 0, or -1 with the error.  *about: the sentence before
 * on its line named a rule read, so this one may go on about it (an
 * example, a note); set when this one names one. */
static int sentence(audit *s, uint64_t *readp, const char *t, size_t n,
                    bool *about, bool strict) {
  uint64_t read = *readp;
  int letters = 0;
  for (size_t i = 0; i < n; i++)
    letters += letter(t[i]);
  if (letters < 3)
    return 0;
  /* a heading "Rules:" says nothing */
  {
    size_t a = 0, b = n;
    while (a < b && !letter(t[a]))
      a++;
    while (b > a && !letter(t[b - 1]))
      b--;
    if (b - a == 5 && has(t + a, 5, "rules"))
      return 0;
  }
  /* "shaded cells" greater (smaller) than their neighbours: the
   * minimum and maximum cells read, given shaded, no shading to do */
  static const char *const EXTREME[] = {"greater than", "larger than",
                                        "higher than",  "less than",
                                        "smaller than", "lower than"};
  static const char *const NEXT[] = {"neighbo", "adjacent"};
  bool extreme = read & (K(MINIMUM) | K(MAXIMUM)) && has(t, n, "shaded cell") &&
                 !has(t, n, "shade ") && !has(t, n, "shade,") &&
                 any(t, n, EXTREME, sizeof EXTREME / sizeof *EXTREME) &&
                 any(t, n, NEXT, sizeof NEXT / sizeof *NEXT);
  for (size_t i = 0; extreme && i < sizeof META / sizeof *META; i++)
    extreme = !strcmp(META[i], "shade") || !has(t, n, META[i]);
  if (!extreme && any(t, n, META, sizeof META / sizeof *META))
    return quote(s, t, n,
                 "a rule sudokusat does not read (it changes what the "
                 "puzzle means)");
  char why[160];
  for (size_t i = 0; i < sizeof EVERY / sizeof *EVERY; i++)
    if (every_given(t, n, EVERY[i].what) && !(read & EVERY[i].kinds)) {
      snprintf(why, sizeof why,
               "a rule of the whole grid SudokuPad does not mark; the rule "
               "line %s above the link reads it",
               EVERY[i].global);
      return quote(s, t, n, why);
    }
  /* "All such pairs are given": every clue of some kind given, of no
   * kind the list above knows (or of one only some of whose rule is
   * read). */
  bool known = false;
  for (size_t i = 0; i < sizeof EVERY / sizeof *EVERY; i++)
    known |= every_given(t, n, EVERY[i].what);
  static const char *const ARE_GIVEN[] = {
      "are given", "is given", "are all given", "are shown", "are all shown"};
  if (!known && every_given(t, n, "") &&
      any(t, n, ARE_GIVEN, sizeof ARE_GIVEN / sizeof *ARE_GIVEN))
    return quote(s, t, n,
                 "every clue of a kind given: a rule of the whole grid "
                 "sudokusat does not read");
  /* Every rule of the whole grid it names read, and something read of
   * the drawn ones it names. */
  const struct mention *unread = NULL;
  bool some = false, drawn = false;
  int kind;
  for (size_t i = 0; i < sizeof MENTIONS / sizeof *MENTIONS; i++)
    drawn |= !MENTIONS[i].global && has(t, n, MENTIONS[i].word);
  for (size_t i = 0; i < sizeof MENTIONS / sizeof *MENTIONS; i++) {
    const struct mention *m = &MENTIONS[i];
    if (!has(t, n, m->word))
      continue;
    if (read & m->kinds)
      some = true;
    else if (m->weak && drawn)
      continue;
    else if (m->global && (kind = stated_global(t, n, read)) >= 0) {
      /* stated in a known phrasing: the rule is read from the text */
      sks_rule rule = {.kind = (sks_rule_kind)kind, .value = SKS_RULE_NO_VALUE};
      if (sks_rules_add(s->rules, &rule, NULL))
        return quote(s, t, n, "a rule of the whole grid not added");
      read |= sks_kind_bit(kind);
      *readp = read;
      some = true;
    } else if (m->global) {
      snprintf(why, sizeof why,
               "a rule of the whole grid SudokuPad does not mark; the rule "
               "line %s above the link reads it",
               m->global);
      return quote(s, t, n, why);
    } else if (!unread)
      unread = m;
  }
  if (some) {
    *about = true;
    return 0;
  }
  if (!strict)
    return 0;
  if (unread) {
    snprintf(why, sizeof why,
             "it names a rule (%s) of which nothing drawn was read",
             unread->word);
    return quote(s, t, n, why);
  }
  if (*about || any(t, n, SUDOKU, sizeof SUDOKU / sizeof *SUDOKU))
    return 0;
  return quote(s, t, n,
               "it names no rule sudokusat reads; if the puzzle's rules are "
               "ones it has, write them as rule lines above the link");
}

int sks_rules_text_read(sks_rules *rules, const char *t, bool drawn,
                        bool vouched, char *why, size_t size) {
  bool slow = drawn, strict = drawn;
  audit au = {why, size, rules}, *s = &au;
  if (!t)
    return 0;
  uint64_t read = 0;
  for (int i = 0; i < rules->count; i++)
    read |= sks_kind_bit(rules->rule[i].kind);
  /* Slow thermometers, from any sentence about thermometers. */
  size_t len = strlen(t);
  if (slow && read & K(THERMO) && has(t, len, "thermo") &&
      any(t, len, SLOW, sizeof SLOW / sizeof *SLOW)) {
    for (int i = 0; i < rules->count; i++)
      if (rules->rule[i].kind == SKS_RULE_THERMO)
        rules->rule[i].kind = SKS_RULE_SLOW_THERMO;
    read = (read & ~K(THERMO)) | K(SLOW_THERMO);
  }
  if (vouched)
    return 0;
  /* Sentences end at a line's end or at ". ", "! ", "? " (not after
   * "i.e", "e.g", "ie", "eg", "etc" or "vs"). */
  const char *a = t;
  bool about = false;
  for (const char *p = t;; p++) {
    bool stop = (*p == '.' || *p == '!' || *p == '?') &&
                (p[1] == ' ' || p[1] == '\n' || !p[1]);
    if (stop && *p == '.' && p - t >= 2 &&
        (!memcmp(p - 2, "i.e", 3) || !memcmp(p - 2, "e.g", 3) ||
         !memcmp(p - 2, "etc", 3) || !memcmp(p - 2, " vs", 3) ||
         !memcmp(p - 2, " eg", 3) || !memcmp(p - 2, " ie", 3)))
      stop = false;
    if (!stop && *p && *p != '\n')
      continue;
    if (sentence(s, &read, a, (size_t)(p - a), &about, strict))
      return -1;
    if (!*p)
      break;
    if (*p == '\n')
      about = false;
    a = p + 1;
  }
  return 0;
}

/* ---- the rule of a line of a colour ---- */

/* Is (r, g, b) the colour called name? */
static bool colour_is(const char *name, int r, int g, int b) {
  int lo = r < g ? (r < b ? r : b) : (g < b ? g : b);
  int hi = r > g ? (r > b ? r : b) : (g > b ? g : b);
  if (!strcmp(name, "grey") || !strcmp(name, "gray"))
    return hi - lo <= 24 && lo >= 0x60 && hi <= 0xEE;
  if (!strcmp(name, "green"))
    return g >= r + 40 && g >= b + 40;
  if (!strcmp(name, "blue"))
    return b >= r + 50 && b >= g + 20;
  if (!strcmp(name, "purple") || !strcmp(name, "pink") ||
      !strcmp(name, "magenta") || !strcmp(name, "violet"))
    return r >= g + 50 && b >= g + 50;
  if (!strcmp(name, "lavender") || !strcmp(name, "lilac"))
    return b >= g + 24 && r >= g && b + 8 >= r && g >= 0x90;
  if (!strcmp(name, "peach"))
    return r >= 0xE0 && r >= g + 0x10 && g >= 0xA0 && g <= 0xDD && b >= 0x70 &&
           b + 0x10 <= g;
  if (!strcmp(name, "orange"))
    return r >= 0xE0 && g >= 0x60 && g <= 0xC0 && b <= 0x70;
  if (!strcmp(name, "yellow"))
    return r >= 0xC0 && g >= 0xC0 && b <= 0x90 && r - g <= 0x40 &&
           g - r <= 0x40;
  if (!strcmp(name, "red"))
    return r >= 0xC0 && g <= 0x70 && b <= 0x70;
  if (!strcmp(name, "turquoise") || !strcmp(name, "teal") ||
      !strcmp(name, "cyan") || !strcmp(name, "aqua"))
    return g >= 0x90 && b >= 0x90 && r + 0x40 <= (g < b ? g : b);
  if (!strcmp(name, "tan") || !strcmp(name, "brown") ||
      !strcmp(name, "beige") || !strcmp(name, "gold"))
    return r > g && g > b && r >= 0x90 && r <= 0xF0 && r - b >= 0x30;
  return false;
}

static const char *const COLOURS[] = {
    "grey",    "gray",   "green",     "blue",  "purple", "pink",
    "magenta", "violet", "lavender",  "lilac", "peach",  "orange",
    "yellow",  "red",    "turquoise", "teal",  "cyan",   "aqua",
    "tan",     "brown",  "beige",     "gold"};

static const struct {
  const char *word;
  sks_rule_kind kind;
} LINE_RULES[] = {
    {"entropic", SKS_RULE_ENTROPIC},     {"zipper", SKS_RULE_ZIPPER},
    {"renban", SKS_RULE_RENBAN},         {"whisper", SKS_RULE_WHISPERS},
    {"palindrom", SKS_RULE_PALINDROME},  {"region sum", SKS_RULE_REGION_SUM},
    {"region-sum", SKS_RULE_REGION_SUM}, {"modular", SKS_RULE_MODULAR},
    {"between", SKS_RULE_BETWEEN},       {"thermo", SKS_RULE_THERMO},
};

/* The end of the sentence (or line) that starts at a: its '.', '!',
 * '?' or ';' followed by a space or the end, its newline, or the text's
 * end. */
static const char *clause_end(const char *a) {
  const char *p = a;
  for (; *p && *p != '\n'; p++)
    if ((*p == '.' || *p == '!' || *p == '?' || *p == ';') &&
        (p[1] == ' ' || p[1] == '\n' || !p[1]))
      break;
  return p;
}

/* Whether the n bytes at a name a colour that (r, g, b) is. */
static bool names_colour(const char *a, size_t n, int r, int g, int b) {
  for (size_t i = 0; i < sizeof COLOURS / sizeof *COLOURS; i++)
    if (has(a, n, COLOURS[i]) && colour_is(COLOURS[i], r, g, b))
      return true;
  return false;
}

int sks_rules_text_line_rule(const char *t, int r, int g, int b) {
  uint64_t kinds = 0;
  bool other = false;
  if (!t)
    return -1;
  for (const char *a = t;; a++) {
    const char *p = clause_end(a);
    size_t n = (size_t)(p - a);
    if (names_colour(a, n, r, g, b) && has(a, n, "line")) {
      uint64_t here = 0;
      for (size_t i = 0; i < sizeof LINE_RULES / sizeof *LINE_RULES; i++)
        if (has(a, n, LINE_RULES[i].word))
          here |= sks_kind_bit(LINE_RULES[i].kind);
      other |= has(a, n, "dutch") || has(a, n, "either");
      kinds |= here;
    }
    if (!*p)
      break;
    a = p;
  }
  if (other || !kinds || (kinds & (kinds - 1)))
    return -1;
  int kind = 0;
  while (!(kinds >> kind & 1))
    kind++;
  return kind;
}

bool sks_rules_text_slow(const char *t) {
  size_t len = t ? strlen(t) : 0;
  return t && has(t, len, "thermo") &&
         any(t, len, SLOW, sizeof SLOW / sizeof *SLOW);
}

int sks_rules_text_cell_rule(const char *t, bool round, int r, int g, int b) {
  static const char *const ROUND[] = {"circle", "dot", "disc"};
  static const char *const SQUARE[] = {"square"};
  int kind = -1;
  if (!t)
    return -1;
  for (const char *a = t;; a++) {
    const char *p = clause_end(a);
    size_t n = (size_t)(p - a);
    bool named = names_colour(a, n, r, g, b);
    bool shape = round ? any(a, n, ROUND, sizeof ROUND / sizeof *ROUND)
                       : any(a, n, SQUARE, sizeof SQUARE / sizeof *SQUARE);
    if (named && shape) {
      bool odd = has_word(a, n, "odd"), even = has_word(a, n, "even");
      int here = odd == even ? -2 : odd ? SKS_RULE_ODD : SKS_RULE_EVEN;
      if (here == -2 || (kind >= 0 && kind != here))
        return -1;
      kind = here;
    }
    if (!*p)
      break;
    a = p;
  }
  return kind;
}
