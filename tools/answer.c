/* Answers as text, JSON Lines or CSV (docs/command-line.md,
 * "Machine-readable answers").
 * JSON: one object a line, members in a fixed order, absent when they do
 * not apply; CSV: RFC 4180, a header line, the same columns every row. */
#define _POSIX_C_SOURCE 200809L
#include "answer_int.h"
#include "batch_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The layout --layout asks for p in (same: p's own). */
static sks_layout layout_wanted(const sks_app *app, const sks_puzzle *p) {
  switch (app->opt.layout) {
  case LAYOUT_LINE:
    return SKS_LAYOUT_LINE; /* numbers on one line past 35 */
  case LAYOUT_GRID:
    return p->shape->n <= SKS_MAX_SYMBOL_N ? SKS_LAYOUT_GRID
                                           : SKS_LAYOUT_NUMBERS;
  case LAYOUT_NUMBERS:
    return SKS_LAYOUT_NUMBERS;
  case LAYOUT_IPUZ:
    return SKS_LAYOUT_IPUZ;
  default:
    return p->look.layout;
  }
}

/* A multi-line answer (grid or numbers) ends with an empty line, so the
 * answers of a batch, and the two witnesses of `unique --show`, stay
 * apart; a one-line answer (an ipuz document too) is one line. */
void app_print_grid(const sks_app *app, const sks_puzzle *p, const int *grid,
                    FILE *out) {
  int written = sks_puzzle_write_as(out, p, grid, layout_wanted(app, p));
  if (written != SKS_LAYOUT_LINE && written != SKS_LAYOUT_NUMBERS_LINE &&
      written != SKS_LAYOUT_CANDIDATES && written != SKS_LAYOUT_IPUZ)
    putc('\n', out);
}

void answer_extra(answer *a, const char *key, const char *fmt, double v) {
  if (a->nextra == ANSWER_EXTRAS)
    return;
  a->key[a->nextra] = key;
  if (isfinite(v))
    snprintf(a->value[a->nextra], sizeof a->value[0], fmt, v);
  else
    snprintf(a->value[a->nextra], sizeof a->value[0], "inf");
  a->nextra++;
}

void answer_extra_int(answer *a, const char *key, long long v) {
  if (a->nextra == ANSWER_EXTRAS)
    return;
  a->key[a->nextra] = key;
  snprintf(a->value[a->nextra], sizeof a->value[0], "%lld", v);
  a->nextra++;
}

void answer_extra_null(answer *a, const char *key) {
  if (a->nextra == ANSWER_EXTRAS)
    return;
  a->key[a->nextra] = key;
  a->value[a->nextra][0] = 0;
  a->nextra++;
}

void answer_extra_word(answer *a, const char *key, const char *word) {
  if (a->nextra == ANSWER_EXTRAS)
    return;
  a->key[a->nextra] = key;
  a->word[a->nextra] = true;
  snprintf(a->value[a->nextra], sizeof a->value[0], "%s", word);
  a->nextra++;
}

/* grid written on one line in layout (a line: symbols up to 35x35,
 * numbers past), as text to free. */
static char *line_text(const sks_puzzle *p, const int *grid,
                       sks_layout layout) {
  char *text = NULL;
  size_t len = 0;
  if (layout == SKS_LAYOUT_LINE) {
    /* A line is at most a number and a space a cell: written into a
     * buffer of that size (a memory stream zeroes 8 KiB each time, most
     * of a JSON record's cost); one that fills it goes the long way. */
    int n = p->shape->n, digits = 1;
    for (int m = n; m >= 10; m /= 10)
      digits++;
    size_t cap = (size_t)n * (size_t)n * (size_t)(digits + 1) + 2;
    text = sks_malloc(cap);
    FILE *mem = fmemopen(text, cap, "w");
    long at = -1;
    if (mem) {
      setvbuf(mem, NULL, _IONBF, 0);
      sks_puzzle_write_as(mem, p, grid, layout);
      at = ftell(mem);
      fclose(mem);
    }
    if (at >= 0 && (size_t)at < cap - 1)
      len = (size_t)at;
    else {
      free(text);
      text = NULL;
    }
  }
  if (!text) {
    FILE *mem = open_memstream(&text, &len);
    sks_puzzle_write_as(mem, p, grid, layout);
    fclose(mem);
  }
  text[len] = '\0';
  while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
    text[--len] = '\0';
  return text;
}

/* A solution on one line. */
static char *one_line(const sks_puzzle *p, const int *grid) {
  return line_text(p, grid, SKS_LAYOUT_LINE);
}

/* The puzzle as read, on one line: its givens, or its candidates for a
 * candidates puzzle. */
static char *puzzle_line(const sks_puzzle *p, const int *grid) {
  return line_text(p, grid,
                   p->look.layout == SKS_LAYOUT_CANDIDATES
                       ? SKS_LAYOUT_CANDIDATES
                       : SKS_LAYOUT_LINE);
}

static const char *const status_names[ANSWER_STATUSES] = {
    [ANSWER_SOLVED] = "solved",       [ANSWER_NONE] = "none",
    [ANSWER_UNKNOWN] = "unknown",     [ANSWER_UNIQUE] = "unique",
    [ANSWER_MULTIPLE] = "multiple",   [ANSWER_INVALID] = "invalid",
    [ANSWER_DISAGREE] = "disagree",   [ANSWER_MISMATCH] = "mismatch",
    [ANSWER_ERROR] = "error",         [ANSWER_RATED] = "rated",
    [ANSWER_GRADED] = "graded",       [ANSWER_MINIMIZED] = "minimized",
    [ANSWER_GENERATED] = "generated", [ANSWER_CLASH] = "clash",
    [ANSWER_REPAIRED] = "repaired",   [ANSWER_CANONICAL] = "canonical",
    [ANSWER_REPEAT] = "repeat",       [ANSWER_KEPT] = "kept",
    [ANSWER_DROPPED] = "dropped",     [ANSWER_SYMMETRY] = "symmetry",
    [ANSWER_VERIFIED] = "verified",   [ANSWER_REJECTED] = "rejected",
};

const char *answer_status_name(answer_status s) {
  return (unsigned)s < ANSWER_STATUSES ? status_names[s] : "?";
}

/* The result's line: its candidates are the answer's own when it has
 * them (canon of a candidates puzzle). */
static char *result_line(const sks_puzzle *p, const answer *a) {
  sks_puzzle view = *p;
  if (a->removed)
    view.removed = (unsigned char *)a->removed;
  return puzzle_line(&view, a->result);
}

const char *answer_plural(long long n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

/* Each command's words for its first two classes (ANSWER_STATUSES: the
 * command has no such class). */
static const struct {
  unsigned command; /* CMD_* */
  answer_status one, many;
} status_words[] = {{CMD_SOLVE, ANSWER_SOLVED, ANSWER_STATUSES},
                    {CMD_UNIQUE, ANSWER_UNIQUE, ANSWER_MULTIPLE},
                    {CMD_COUNT, ANSWER_UNIQUE, ANSWER_MULTIPLE},
                    {CMD_RATE, ANSWER_RATED, ANSWER_STATUSES},
                    {CMD_GRADE, ANSWER_GRADED, ANSWER_MULTIPLE},
                    {CMD_MINIMIZE, ANSWER_MINIMIZED, ANSWER_MULTIPLE},
                    {CMD_REPAIR, ANSWER_UNIQUE, ANSWER_REPAIRED},
                    {CMD_GENERATE, ANSWER_GENERATED, ANSWER_STATUSES},
                    {CMD_CANON, ANSWER_CANONICAL, ANSWER_STATUSES},
                    {CMD_CERT, ANSWER_VERIFIED, ANSWER_REJECTED},
                    {CMD_EXPLAIN, ANSWER_UNIQUE, ANSWER_MULTIPLE}};

void answer_words(const sks_app *app, const char **one, const char **many) {
  answer_status first = ANSWER_SOLVED, second = ANSWER_STATUSES;
  for (size_t i = 0; i < sizeof status_words / sizeof *status_words; i++)
    if (status_words[i].command == app->cmd) {
      first = status_words[i].one;
      second = status_words[i].many;
    }
  if (app->cmd == CMD_CANON && app->opt.dedupe) {
    first = ANSWER_KEPT;
    second = ANSWER_DROPPED;
  }
  *one = answer_status_name(first);
  *many = second < ANSWER_STATUSES ? answer_status_name(second) : NULL;
}

/* Why an answer is unknown when the backend gave no reason: the limit
 * that stopped it. */
static const char *unknown_reason(const sks_app *app, double seconds, char *buf,
                                  size_t cap) {
  double t = app->opt.time_limit;
  long long k = app->opt.max_steps;
  if (t > 0 && (seconds >= 0.99 * t || !k))
    snprintf(buf, cap, "the time limit ran out (--time-limit %g)", t);
  else if (k > 0)
    snprintf(buf, cap, "the step limit ran out (--max-steps %lld)", k);
  else
    snprintf(buf, cap, "the backend gave no answer");
  return buf;
}

void answer_json_string(FILE *out, const char *s) {
  putc('"', out);
  while (*s) {
    unsigned char c = (unsigned char)*s;
    int len = sks_utf8_length(s);
    if (len < 0) { /* not UTF-8: JSON is */
      fputs(SKS_UTF8_REPLACEMENT, out);
      s -= len;
      continue;
    }
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c == '\n')
      fputs("\\n", out);
    else if (c == '\t')
      fputs("\\t", out);
    else if (c < 0x20 || c == 0x7f)
      fprintf(out, "\\u%04x", c);
    else
      fwrite(s, 1, (size_t)len, out);
    s += len;
  }
  putc('"', out);
}

static void csv_field(FILE *out, const char *s) {
  if (!strpbrk(s, ",\"\r\n")) {
    fputs(s, out);
    return;
  }
  putc('"', out);
  for (; *s; s++) {
    if (*s == '"')
      putc('"', out);
    putc(*s, out);
  }
  putc('"', out);
}

/* A free-text field (file, name, message, first_file): one a spreadsheet
 * would take for a formula (=, +, -, @, tab or CR first) is quoted with a
 * ' before it, as OWASP's "CSV injection" advises. */
static void csv_text(FILE *out, const char *s) {
  if (!*s || !strchr("=+-@\t\r", *s)) {
    csv_field(out, s);
    return;
  }
  fputs("\"'", out);
  for (; *s; s++) {
    if (*s == '"')
      putc('"', out);
    putc(*s, out);
  }
  putc('"', out);
}

static void put_text_record(const sks_app *app, const batch_job *job,
                            const answer *a, FILE *out) {
  const char *line = a->text ? a->text
                     : !(a->grid_only && a->grid)
                         ? answer_status_name(a->status)
                         : NULL;
  if (line) {
    fputs(line, out);
    putc('\n', out);
  }
  if (a->grid && job->p)
    app_print_grid(app, job->p, a->grid, out);
  if (a->grid2 && job->p)
    app_print_grid(app, job->p, a->grid2, out);
}

static void json_model(FILE *out, const answer *a) {
  fputs(",\"model\":[", out);
  for (int v = 1; v <= a->nvars; v++)
    fprintf(out, "%s%d", v > 1 ? "," : "", a->model[v] > 0 ? v : -v);
  putc(']', out);
}

/* The puzzle's variant rules as read, one string each in their text
 * form. */
static void json_rules(FILE *out, const sks_puzzle *p) {
  fputs(",\"rules\":[", out);
  for (int i = 0; i < p->rules->count; i++) {
    const sks_rule *r = &p->rules->rule[i];
    size_t need = sks_rule_write(r, p->shape->n, NULL, 0);
    char *s = sks_malloc(need + 1);
    sks_rule_write(r, p->shape->n, s, need + 1);
    if (i)
      putc(',', out);
    answer_json_string(out, s);
    free(s);
  }
  putc(']', out);
}

static void put_json(const sks_app *app, const batch_job *job, const answer *a,
                     double seconds, const char *message, FILE *out) {
  fputs("{\"command\":", out);
  answer_json_string(out, app->command);
  if (job->file) {
    fputs(",\"file\":", out);
    answer_json_string(out, job->file);
  }
  if (job->line > 0)
    fprintf(out, ",\"line\":%ld", job->line);
  if (job->p && job->p->look.name) {
    fputs(",\"name\":", out);
    answer_json_string(out, job->p->look.name);
  }
  fputs(",\"status\":", out);
  answer_json_string(out, answer_status_name(a->status));
  if (job->p) {
    char *s = puzzle_line(job->p, NULL);
    fputs(",\"puzzle\":", out);
    answer_json_string(out, s);
    free(s);
    if (job->p->rules)
      json_rules(out, job->p);
  }
  const int *grids[2] = {a->grid, a->grid2};
  for (int i = 0; i < 2 && job->p; i++)
    if (grids[i]) {
      char *s = one_line(job->p, grids[i]);
      fputs(i ? ",\"second_solution\":" : ",\"solution\":", out);
      answer_json_string(out, s);
      free(s);
    }
  if (a->model)
    json_model(out, a);
  if (a->count >= 0)
    fprintf(out, ",\"count\":%lld,\"count_exact\":%s", a->count,
            a->at_least ? "false" : "true");
  if (a->result && job->p) {
    char *s = result_line(job->p, a);
    fputs(",\"result\":", out);
    answer_json_string(out, s);
    free(s);
  }
  if (a->cells) {
    fputs(",\"cells\":", out);
    answer_json_string(out, a->cells);
  }
  for (int i = 0; i < a->nextra; i++) {
    fprintf(out, ",\"%s\":", a->key[i]);
    if (a->word[i])
      answer_json_string(out, a->value[i]);
    else
      fputs(strcmp(a->value[i], "inf") && *a->value[i] ? a->value[i] : "null",
            out);
  }
  if (a->backend) {
    fputs(",\"backend\":", out);
    answer_json_string(out, a->backend);
  }
  fprintf(out, ",\"seconds\":%.6f", seconds);
  if (message) {
    fputs(",\"message\":", out);
    answer_json_string(out, message);
  }
  fputs("}\n", out);
}

static const char *const CSV_COLUMNS[] = {
    "command", "file",    "line",     "name",
    "status",  "puzzle",  "solution", "second_solution",
    "model",   "count",   "result",   "cells",
    "backend", "seconds", "message",  "rules"};

/* The summary's columns after the answers' (--summary): the totals. */
static const char *const SUMMARY_COLUMNS[] = {
    "puzzles", NULL /* one */, NULL /* many */, "none",   "unknown",
    "invalid", "disagree",     "mismatch",      "errors", "rate"};
enum { NSUMMARY = sizeof SUMMARY_COLUMNS / sizeof *SUMMARY_COLUMNS };

static void put_csv(const sks_app *app, const batch_job *job, const answer *a,
                    double seconds, const char *message, FILE *out) {
  char num[64];
  csv_field(out, app->command);
  putc(',', out);
  if (job->file)
    csv_text(out, job->file);
  putc(',', out);
  if (job->line > 0)
    fprintf(out, "%ld", job->line);
  putc(',', out);
  if (job->p && job->p->look.name)
    csv_text(out, job->p->look.name);
  putc(',', out);
  csv_field(out, answer_status_name(a->status));
  putc(',', out);
  if (job->p) {
    char *s = puzzle_line(job->p, NULL);
    csv_field(out, s);
    free(s);
  }
  const int *grids[2] = {a->grid, a->grid2};
  for (int i = 0; i < 2; i++) {
    putc(',', out);
    if (grids[i] && job->p) {
      char *s = one_line(job->p, grids[i]);
      csv_field(out, s);
      free(s);
    }
  }
  putc(',', out); /* the model: literals apart by spaces */
  for (int v = 1; a->model && v <= a->nvars; v++)
    fprintf(out, "%s%d", v > 1 ? " " : "", a->model[v] > 0 ? v : -v);
  putc(',', out);
  if (a->count >= 0)
    fprintf(out, "%lld%s", a->count, a->at_least ? "+" : "");
  putc(',', out);
  if (a->result && job->p) {
    char *s = result_line(job->p, a);
    csv_field(out, s);
    free(s);
  }
  putc(',', out);
  csv_field(out, a->cells ? a->cells : "");
  putc(',', out);
  csv_field(out, a->backend ? a->backend : "");
  snprintf(num, sizeof num, ",%.6f,", seconds);
  fputs(num, out);
  csv_text(out, message ? message : "");
  putc(',', out); /* the rules as read, apart by ';' */
  if (job->p && job->p->rules) {
    size_t len = 1;
    for (int i = 0; i < job->p->rules->count; i++)
      len +=
          sks_rule_write(&job->p->rules->rule[i], job->p->shape->n, NULL, 0) +
          1;
    char *s = sks_malloc(len), *at = s;
    for (int i = 0; i < job->p->rules->count; i++) {
      if (i)
        *at++ = ';';
      at += sks_rule_write(&job->p->rules->rule[i], job->p->shape->n, at,
                           len - (size_t)(at - s));
    }
    *at = 0;
    csv_field(out, s);
    free(s);
  }
  for (int i = 0; i < app->format_extras; i++) {
    putc(',', out);
    if (i < a->nextra && a->word[i]) /* canon's first_file: a name */
      csv_text(out, a->value[i]);
    else if (i < a->nextra)
      csv_field(out, a->value[i]);
  }
  if (app->opt.summary) {
    const char *one, *many;
    answer_words(app, &one, &many);
    for (int i = 0; i < NSUMMARY - !many; i++)
      putc(',', out);
  }
  putc('\n', out);
}

void answer_put(const sks_app *app, const batch_job *job, const answer *a,
                FILE *out) {
  /* the seconds go into JSON and CSV, and into why a text answer is
   * unknown; no other answer reads the clock */
  bool timed = app->opt.format != FORMAT_TEXT ||
               (!a->message && a->status == ANSWER_UNKNOWN);
  double seconds = timed && job->start > 0 ? sks_time() - job->start : 0.0;
  char why[128];
  const char *message = a->message;
  if (!message && a->status == ANSWER_UNKNOWN)
    message = unknown_reason(app, seconds, why, sizeof why);
  else if (!message && a->status == ANSWER_NONE)
    message = job->p || job->line ? "the puzzle has no solution"
                                  : "the CNF is unsatisfiable";
  else if (!message && a->status == ANSWER_MULTIPLE)
    message = "the puzzle has more than one solution";
  else if (!message && a->status == ANSWER_CLASH)
    message = job->p && sks_puzzle_rule_count(job->p)
                  ? "these givens have no solution among themselves under "
                    "the puzzle's rules"
                  : "these givens have no solution among themselves";
  switch (app->opt.format) {
  case FORMAT_JSON:
    put_json(app, job, a, seconds, message, out);
    break;
  case FORMAT_CSV:
    put_csv(app, job, a, seconds, message, out);
    break;
  default:
    put_text_record(app, job, a, out);
  }
}

void answer_header(sks_app *app, const char *const *extra) {
  int k = 0;
  while (extra && extra[k])
    k++;
  app->format_extras = k;
  if (app->opt.format != FORMAT_CSV)
    return;
  int n = (int)(sizeof CSV_COLUMNS / sizeof *CSV_COLUMNS);
  for (int i = 0; i < n; i++)
    printf("%s%s", i ? "," : "", CSV_COLUMNS[i]);
  for (int i = 0; i < k; i++)
    printf(",%s", extra[i]);
  const char *one, *many;
  answer_words(app, &one, &many);
  for (int i = 0; app->opt.summary && i < NSUMMARY; i++) {
    const char *name = i == 1 ? one : i == 2 ? many : SUMMARY_COLUMNS[i];
    if (name)
      printf(",%s", name);
  }
  putchar('\n');
}

void answer_summary(const sks_app *app, const batch_totals *t) {
  if (!app->opt.summary)
    return;
  const char *one, *many;
  answer_words(app, &one, &many);
  double rate = t->seconds > 0 ? (double)t->puzzles / t->seconds : 0.0;
  long long errors = t->by_class[BATCH_ERROR] + t->input_errors;
  long long value[NSUMMARY] = {t->puzzles,
                               t->by_class[BATCH_ONE],
                               t->by_class[BATCH_MANY],
                               t->by_class[BATCH_NONE],
                               t->by_class[BATCH_UNKNOWN],
                               t->by_class[BATCH_INVALID],
                               t->by_class[BATCH_DISAGREE],
                               t->by_class[BATCH_MISMATCH],
                               errors,
                               0};
  const char *name[NSUMMARY];
  for (int i = 0; i < NSUMMARY; i++)
    name[i] = i == 1 ? one : i == 2 ? many : SUMMARY_COLUMNS[i];
  if (app->opt.format == FORMAT_CSV) {
    /* command, status summary and the seconds in their columns, the
     * totals in theirs; the rest empty */
    int n = (int)(sizeof CSV_COLUMNS / sizeof *CSV_COLUMNS);
    for (int i = 0; i < n; i++) {
      if (i)
        putchar(',');
      if (!strcmp(CSV_COLUMNS[i], "command"))
        csv_field(stdout, app->command);
      else if (!strcmp(CSV_COLUMNS[i], "status"))
        fputs("summary", stdout);
      else if (!strcmp(CSV_COLUMNS[i], "seconds"))
        printf("%.6f", t->seconds);
    }
    for (int i = 0; i < app->format_extras; i++)
      putchar(',');
    for (int i = 0; i < NSUMMARY - 1; i++)
      if (name[i])
        printf(",%lld", value[i]);
    printf(",%.2f\n", rate);
    return;
  }
  bool json = app->opt.format == FORMAT_JSON;
  printf(json ? "{\"command\":\"%s\",\"status\":\"summary\"" : "summary %s",
         app->command);
  for (int i = 0; i < NSUMMARY - 1; i++)
    if (name[i])
      printf(json ? ",\"%s\":%lld" : " %s=%lld", name[i], value[i]);
  if (t->has_seed)
    printf(json ? ",\"seed\":%llu" : " seed=%llu", t->seed);
  printf(json ? ",\"seconds\":%.6f,\"rate\":%.2f}\n"
              : " seconds=%.6f rate=%.2f\n",
         t->seconds, rate);
}
