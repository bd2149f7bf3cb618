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

/* A filled grid on one line, written in one go (the batch's commonest
 * answer: a character at a time was most of its printing); false, and
 * nothing written, for a grid with blanks or a digit out of range. */
static bool put_full_line(FILE *out, const sks_puzzle *p, const int *grid) {
  int n = p->shape->n, cells = n * n;
  char symbol[SKS_MAX_SYMBOL_N], line[SKS_MAX_SYMBOL_N * SKS_MAX_SYMBOL_N + 1];
  for (int d = 0; d < n; d++)
    symbol[d] = sks_puzzle_symbol(p, d);
  for (int i = 0; i < cells; i++) {
    if ((unsigned)grid[i] >= (unsigned)n)
      return false;
    line[i] = symbol[grid[i]];
  }
  line[cells] = '\n';
  fwrite(line, 1, (size_t)cells + 1, out);
  return true;
}

void app_print_grid(const sks_app *app, const sks_puzzle *p, const int *grid,
                    FILE *out) {
  app_layout layout = app->opt.layout;
  sks_puzzle view = *p; /* the same puzzle, maybe in another layout */
  bool symbols = p->shape->n <= SKS_MAX_SYMBOL_N;
  if (layout == LAYOUT_LINE)
    view.look.layout = SKS_LAYOUT_LINE; /* numbers on one line past 35 */
  else if (layout == LAYOUT_GRID && symbols)
    view.look.layout = SKS_LAYOUT_GRID;
  else if (layout != LAYOUT_SAME)
    view.look.layout = SKS_LAYOUT_NUMBERS;
  sks_layout written = sks_layout_of(&view);
  if (written == SKS_LAYOUT_LINE && put_full_line(out, &view, grid))
    return;
  sks_puzzle_write(out, &view, grid);
  if (written != SKS_LAYOUT_LINE && written != SKS_LAYOUT_NUMBERS_LINE &&
      written != SKS_LAYOUT_CANDIDATES)
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

/* A solution on one line: symbols up to 35x35, numbers past. */
static char *one_line(const sks_puzzle *p, const int *grid) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  sks_puzzle view = *p;
  view.look.layout = SKS_LAYOUT_LINE; /* numbers on one line past 35 */
  sks_puzzle_write(mem, &view, grid);
  fclose(mem);
  while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
    text[--len] = '\0';
  return text;
}

/* The puzzle as read, on one line: its givens (symbols up to 35x35,
 * numbers past), or its candidates for a candidates puzzle. */
static char *puzzle_line(const sks_puzzle *p, const int *grid) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  sks_puzzle view = *p;
  if (view.look.layout != SKS_LAYOUT_CANDIDATES)
    view.look.layout = SKS_LAYOUT_LINE;
  sks_puzzle_write(mem, &view, grid);
  fclose(mem);
  while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
    text[--len] = '\0';
  return text;
}

const char *answer_plural(long long n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

static const struct {
  const char *command, *one, *many;
} status_words[] = {
    {"solve", "solved", NULL},        {"unique", "unique", "multiple"},
    {"count", "unique", "multiple"},  {"rate", "rated", NULL},
    {"grade", "graded", "multiple"},  {"minimize", "minimized", "multiple"},
    {"repair", "unique", "repaired"}, {"generate", "generated", NULL},
    {"canon", "canonical", NULL},     {"check", "verified", "rejected"}};

void answer_words(const sks_app *app, const char **one, const char **many) {
  const char *command = app->command;
  *one = "solved";
  *many = NULL;
  if (!strcmp(command, "canon") && app->opt.dedupe) {
    *one = "kept";
    *many = "dropped";
    return;
  }
  for (size_t i = 0; i < sizeof status_words / sizeof *status_words; i++)
    if (!strcmp(status_words[i].command, command)) {
      *one = status_words[i].one;
      *many = status_words[i].many;
    }
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

static void json_string(FILE *out, const char *s) {
  putc('"', out);
  for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
    if (*c == '"' || *c == '\\')
      fprintf(out, "\\%c", *c);
    else if (*c == '\n')
      fputs("\\n", out);
    else if (*c == '\t')
      fputs("\\t", out);
    else if (*c < 0x20 || *c == 0x7f)
      fprintf(out, "\\u%04x", *c);
    else
      putc(*c, out);
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

static void put_text_record(const sks_app *app, const batch_job *job,
                            const answer *a, FILE *out) {
  if (a->text)
    fprintf(out, "%s\n", a->text);
  else if (!(a->grid_only && a->grid))
    fprintf(out, "%s\n", a->status);
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

static void put_json(const sks_app *app, const batch_job *job, const answer *a,
                     double seconds, const char *message, FILE *out) {
  fputs("{\"command\":", out);
  json_string(out, app->command);
  if (job->file) {
    fputs(",\"file\":", out);
    json_string(out, job->file);
  }
  if (job->line > 0)
    fprintf(out, ",\"line\":%ld", job->line);
  if (job->p && job->p->look.name) {
    fputs(",\"name\":", out);
    json_string(out, job->p->look.name);
  }
  fputs(",\"status\":", out);
  json_string(out, a->status);
  if (job->p) {
    char *s = puzzle_line(job->p, NULL);
    fputs(",\"puzzle\":", out);
    json_string(out, s);
    free(s);
  }
  const int *grids[2] = {a->grid, a->grid2};
  for (int i = 0; i < 2 && job->p; i++)
    if (grids[i]) {
      char *s = one_line(job->p, grids[i]);
      fputs(i ? ",\"second_solution\":" : ",\"solution\":", out);
      json_string(out, s);
      free(s);
    }
  if (a->model)
    json_model(out, a);
  if (a->count >= 0)
    fprintf(out, ",\"count\":%lld,\"count_exact\":%s", a->count,
            a->at_least ? "false" : "true");
  if (a->result && job->p) {
    char *s = puzzle_line(job->p, a->result);
    fputs(",\"result\":", out);
    json_string(out, s);
    free(s);
  }
  if (a->cells) {
    fputs(",\"cells\":", out);
    json_string(out, a->cells);
  }
  for (int i = 0; i < a->nextra; i++) {
    fprintf(out, ",\"%s\":", a->key[i]);
    if (a->word[i])
      json_string(out, a->value[i]);
    else
      fputs(strcmp(a->value[i], "inf") && *a->value[i] ? a->value[i] : "null",
            out);
  }
  if (a->backend) {
    fputs(",\"backend\":", out);
    json_string(out, a->backend);
  }
  fprintf(out, ",\"seconds\":%.6f", seconds);
  if (message) {
    fputs(",\"message\":", out);
    json_string(out, message);
  }
  fputs("}\n", out);
}

static const char *const CSV_COLUMNS[] = {
    "command", "file",    "line",     "name",
    "status",  "puzzle",  "solution", "second_solution",
    "model",   "count",   "result",   "cells",
    "backend", "seconds", "message"};

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
    csv_field(out, job->file);
  putc(',', out);
  if (job->line > 0)
    fprintf(out, "%ld", job->line);
  putc(',', out);
  if (job->p && job->p->look.name)
    csv_field(out, job->p->look.name);
  putc(',', out);
  csv_field(out, a->status);
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
    char *s = puzzle_line(job->p, a->result);
    csv_field(out, s);
    free(s);
  }
  putc(',', out);
  csv_field(out, a->cells ? a->cells : "");
  putc(',', out);
  csv_field(out, a->backend ? a->backend : "");
  snprintf(num, sizeof num, ",%.6f,", seconds);
  fputs(num, out);
  csv_field(out, message ? message : "");
  for (int i = 0; i < app->format_extras; i++) {
    putc(',', out);
    if (i < a->nextra)
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
  double seconds = job->start > 0 ? sks_time() - job->start : 0.0;
  char why[128];
  const char *message = a->message;
  if (!message && !strcmp(a->status, "unknown"))
    message = unknown_reason(app, seconds, why, sizeof why);
  else if (!message && !strcmp(a->status, "none"))
    message = job->p || job->line ? "the puzzle has no solution"
                                  : "the CNF is unsatisfiable";
  else if (!message && !strcmp(a->status, "multiple"))
    message = "the puzzle has more than one solution";
  else if (!message && !strcmp(a->status, "clash"))
    message = "these givens have no solution among themselves";
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
