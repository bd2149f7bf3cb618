/* Variant rules written above their puzzle, one a line, in the rules' own
 * text form (sks_rules.h): "cage 15 r1c1 r1c2", "thermo r2c2..r2c6",
 * "anti-knight"; and "no-boxes", a line of the same place that gives the
 * puzzle under it a grid without boxes (its rows as its boxes:
 * sks_form_no_boxes), as sks_puzzle_write_rules writes it.  The lines are held
 * until the puzzle under them is read, whose side they need, and then given to
 * it; a line that names a rule and does not parse is an error for that puzzle
 * (a rule is never dropped), and rules with no puzzle after them are an error
 * at the end of the input. */
#include "form_int.h"

#include <ctype.h>
#include <string.h>

/* A line is a rule line when its first word names a rule and what
 * follows starts as a rule's arguments do (a number, signed or not, a
 * cell rRcC, a row
 * rR, a column cC, '|'; for a regex or nfa rule, a word and then a cell),
 * or nothing follows a rule of the whole grid: a title such as "Killer
 * sudoku" stays a title. */
bool sks_form_rule_line(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  size_t s = li->start, e = li->t0end;
  if (e - s < 1 || e - s > 24)
    return false;
  char name[25];
  memcpy(name, a + s, e - s);
  name[e - s] = 0;
  if (!strcmp(name, "no-boxes") && e == li->end) {
    rd->no_boxes_line = rd->lineno;
    return true;
  }
  int kind = sks_rule_parse_name(name);
  if (kind < 0)
    return false;
  size_t t = e;
  while (t < li->end && isspace((unsigned char)a[t]))
    t++;
  if (sks_rule_args_of((sks_rule_kind)kind) == SKS_ARGS_CT) {
    /* its text (a pattern, a machine), then a cell: "Regex sudoku" and
     * "NFA puzzles 3" stay titles */
    if (t >= li->end)
      return false;
    while (t < li->end && !isspace((unsigned char)a[t]))
      t++;
    while (t < li->end && isspace((unsigned char)a[t]))
      t++;
    unsigned char c0 = t < li->end ? (unsigned char)a[t] : 0,
                  c1 = t + 1 < li->end ? (unsigned char)a[t + 1] : 0;
    if (!((c0 | 0x20) == 'r' || (c0 | 0x20) == 'c') || !isdigit(c1))
      return false;
  }
  bool args;
  if (t >= li->end)
    args = sks_rule_args_of((sks_rule_kind)kind) == SKS_ARGS_G;
  else {
    unsigned char c0 = (unsigned char)a[t],
                  c1 = t + 1 < li->end ? (unsigned char)a[t + 1] : 0;
    /* a sign before a number too: "sandwich -1 r4" is a rule line whose
     * value is refused, not a title */
    args = isdigit(c0) || c0 == '|' ||
           ((c0 == '-' || c0 == '+') && isdigit(c1)) ||
           ((c0 == 'r' || c0 == 'R' || c0 == 'c' || c0 == 'C') && isdigit(c1));
  }
  if (!args)
    return false;
  if (rd->rule_text.n + li->end > SKS_RULE_TEXT_MAX) {
    /* held past the bound: refused when the puzzle comes (or the input
     * ends), not held */
    rd->rules_overflow = true;
    return true;
  }
  sks_pending_rule pr = {rd->lineno, rd->rule_text.n, li->end};
  for (size_t i = 0; i < li->end; i++)
    SKS_PUSH(rd->rule_text, a[i]);
  SKS_PUSH(rd->pending_rules, pr);
  return true;
}

/* Too much rule text above one puzzle: the error, and nothing held. */
static int overflow(sks_reader *rd, sks_error *err) {
  long line = rd->pending_rules.n ? rd->pending_rules.a[0].line : rd->lineno;
  rd->pending_rules.n = 0;
  rd->rule_text.n = 0;
  rd->rules_overflow = false;
  return sks_error_set(err, -1, line, 1,
                       "more than %d MiB of rule lines above one puzzle",
                       SKS_RULE_TEXT_MAX >> 20);
}

int sks_form_rules_attach(sks_reader *rd, sks_puzzle *p, sks_error *err) {
  bool merge = rd->rules_merge;
  rd->rules_merge = false;
  if (rd->rules_overflow)
    return overflow(rd, err);
  if (rd->no_boxes_line) {
    long line = rd->no_boxes_line;
    rd->no_boxes_line = 0;
    if (p->shape->jigsaw)
      return sks_error_set(err, -1, line, 1,
                           "\"no-boxes\" above a puzzle with its own regions");
    if (p == rd->p && sks_form_no_boxes(rd, line, 1, err))
      return -1;
  }
  if (!rd->pending_rules.n)
    return 0;
  if (p->rules && !merge) { /* its own, complete: one place */
    long line = rd->pending_rules.a[0].line;
    rd->pending_rules.n = 0;
    rd->rule_text.n = 0;
    return sks_error_set(err, -1, line, 1,
                         "rule lines above a puzzle that brings its own rules "
                         "(%d, the first a %s rule): write its rules in one "
                         "place",
                         p->rules->count,
                         sks_rule_name(p->rules->rule[0].kind));
  }
  sks_rules *rules = sks_rules_new(p->shape->n);
  int rc = 0;
  for (int i = 0; p->rules && i < p->rules->count && !rc; i++)
    rc = sks_rules_add(rules, &p->rules->rule[i], err);
  for (size_t i = 0; i < rd->pending_rules.n && !rc; i++) {
    const sks_pending_rule *pr = &rd->pending_rules.a[i];
    sks_error e = {0};
    if (sks_rules_add_text(rules, rd->rule_text.a + pr->off, pr->len, &e))
      rc = sks_error_set(err, -1, pr->line, e.col > 0 ? e.col : 1, "%s", e.msg);
    else
      rules->rule[rules->count - 1].line = pr->line;
  }
  if (!rc)
    sks_puzzle_set_rules(p, rules);
  sks_rules_release(rules);
  rd->pending_rules.n = 0;
  rd->rule_text.n = 0;
  return rc;
}

int sks_form_rules_orphan(sks_reader *rd, sks_error *err) {
  if (rd->rules_overflow)
    return overflow(rd, err);
  if (rd->no_boxes_line && !rd->pending_rules.n) {
    long line = rd->no_boxes_line;
    rd->no_boxes_line = 0;
    return sks_error_set(err, -1, line, 1,
                         "\"no-boxes\" with no puzzle after it: it comes on "
                         "the lines above its puzzle");
  }
  rd->no_boxes_line = 0;
  if (!rd->pending_rules.n)
    return 0;
  long line = rd->pending_rules.a[0].line;
  size_t k = rd->pending_rules.n;
  rd->pending_rules.n = 0;
  rd->rule_text.n = 0;
  return sks_error_set(err, -1, line, 1,
                       "%zu rule line%s with no puzzle after %s: a puzzle's "
                       "rules come on the lines above it",
                       k, k == 1 ? "" : "s", k == 1 ? "it" : "them");
}
