/* A SudokuPad puzzle being read (sudokupad_int.h): the helpers the
 * document's reader (form_sudokupad.c) and the drawings' recognition
 * (form_sudokupad_draw.c) share, below both: errors at the puzzle's
 * place, a rule over the cells gathered, the rules text's words, a
 * number field. */
#include "sudokupad_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int sp_error(sp *s, const char *fmt, ...) {
  char msg[240];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return sks_error_set(s->err, -1, s->line, s->col, "SudokuPad %s", msg);
}

int sp_add(sp *s, sks_rule_kind kind, int value, int split, const int *digits,
           int ndigits) {
  sks_rule rule = {.kind = kind,
                   .value = value,
                   .ncells = (int)s->cells.n,
                   .split = split,
                   .cells = s->cells.a,
                   .ndigits = ndigits,
                   .digits = (int *)digits,
                   .line = s->line};
  sks_error e = {0};
  if (sks_rules_add(s->rules, &rule, &e))
    return sp_error(s, "%s", e.msg);
  return 0;
}

/* Is w (lower case) in text, whatever the case? */
bool sp_says(const char *text, const char *w) {
  size_t k = strlen(w);
  for (; *text; text++) {
    size_t j = 0;
    while (j < k && text[j] &&
           (text[j] | (text[j] >= 'A' && text[j] <= 'Z' ? 0x20 : 0)) == w[j])
      j++;
    if (j == k)
      return true;
  }
  return false;
}

bool sp_rules_say(const sp *s, const char *const *words, bool *none) {
  *none = !s->rules_text;
  for (; s->rules_text && *words; words++)
    if (sp_says(s->rules_text, *words))
      return true;
  return false;
}

int sp_number(json_t *v) {
  if (!v || json_is_null(v))
    return SKS_RULE_NO_VALUE;
  if (json_is_integer(v)) {
    json_int_t x = json_integer_value(v);
    return x < 0 || x > 1000000 ? -2 : (int)x;
  }
  const char *p = json_string_value(v);
  if (!p)
    return -2;
  while (*p == ' ' || *p == '\n')
    p++;
  if (!*p)
    return SKS_RULE_NO_VALUE;
  long x = 0;
  const char *d = p;
  while (*p >= '0' && *p <= '9' && x <= 1000000)
    x = x * 10 + (*p++ - '0');
  while (*p == ' ' || *p == '\n')
    p++;
  return *p || p == d || x > 1000000 ? -2 : (int)x;
}
