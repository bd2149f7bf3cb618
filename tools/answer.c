/* Answers as text, JSON Lines or CSV (README "Machine-readable answers").
 * JSON: one object a line, members in a fixed order, absent when they do
 * not apply; CSV: RFC 4180, a header line, the same columns every row. */
#define _POSIX_C_SOURCE 200809L
#include "answer_int.h"

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

static void put_text(const sks_app *app, const batch_job *job, const answer *a,
                     FILE *out) {
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
                     double seconds, FILE *out) {
  fputs("{\"command\":", out);
  json_string(out, app->command);
  fputs(",\"file\":", out);
  json_string(out, job->file);
  if (job->line > 0)
    fprintf(out, ",\"line\":%ld", job->line);
  if (job->p && job->p->look.name) {
    fputs(",\"name\":", out);
    json_string(out, job->p->look.name);
  }
  fputs(",\"status\":", out);
  json_string(out, a->status);
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
  for (int i = 0; i < a->nextra; i++) {
    fprintf(out, ",\"%s\":", a->key[i]);
    if (a->word[i])
      json_string(out, a->value[i]);
    else
      fputs(strcmp(a->value[i], "inf") ? a->value[i] : "null", out);
  }
  if (a->backend) {
    fputs(",\"backend\":", out);
    json_string(out, a->backend);
  }
  fprintf(out, ",\"seconds\":%.6f", seconds);
  if (a->message) {
    fputs(",\"message\":", out);
    json_string(out, a->message);
  }
  fputs("}\n", out);
}

static const char *const CSV_COLUMNS[] = {
    "command",         "file",  "line",    "name",    "status", "solution",
    "second_solution", "count", "backend", "seconds", "message"};

static void put_csv(const sks_app *app, const batch_job *job, const answer *a,
                    double seconds, FILE *out) {
  char num[64];
  csv_field(out, app->command);
  putc(',', out);
  csv_field(out, job->file);
  putc(',', out);
  if (job->line > 0)
    fprintf(out, "%ld", job->line);
  putc(',', out);
  if (job->p && job->p->look.name)
    csv_field(out, job->p->look.name);
  putc(',', out);
  csv_field(out, a->status);
  const int *grids[2] = {a->grid, a->grid2};
  for (int i = 0; i < 2; i++) {
    putc(',', out);
    for (int v = 1; !i && a->model && v <= a->nvars; v++)
      fprintf(out, "%s%d", v > 1 ? " " : "", a->model[v] > 0 ? v : -v);
    if (grids[i] && job->p) {
      char *s = one_line(job->p, grids[i]);
      csv_field(out, s);
      free(s);
    }
  }
  putc(',', out);
  if (a->count >= 0)
    fprintf(out, "%lld%s", a->count, a->at_least ? "+" : "");
  putc(',', out);
  csv_field(out, a->backend ? a->backend : "");
  snprintf(num, sizeof num, ",%.6f,", seconds);
  fputs(num, out);
  csv_field(out, a->message ? a->message : "");
  for (int i = 0; i < app->format_extras; i++) {
    putc(',', out);
    if (i < a->nextra)
      csv_field(out, a->value[i]);
  }
  putc('\n', out);
}

void answer_put(const sks_app *app, const batch_job *job, const answer *a,
                FILE *out) {
  double seconds = job->start > 0 ? sks_time() - job->start : 0.0;
  switch (app->opt.format) {
  case FORMAT_JSON:
    put_json(app, job, a, seconds, out);
    break;
  case FORMAT_CSV:
    put_csv(app, job, a, seconds, out);
    break;
  default:
    put_text(app, job, a, out);
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
  putchar('\n');
}
