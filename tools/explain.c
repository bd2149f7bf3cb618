/* `sudokusat explain`: a puzzle's easiest path of human techniques, step
 * by step in the words puzzle people use, as text or JSON; --next gives
 * the first step only (a hint); a puzzle without solution is explained
 * down to the contradiction (docs/authoring.md, "Explaining a puzzle"). */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
#include "sks_human.h"
#include "worker_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct explain_ctx {
  sks_app *app;
  sks_human *h;
  worker *w; /* counts the solutions as unique does: the route's engine */
} explain_ctx;

static void *explain_new(sks_app *app) {
  explain_ctx *c = sks_calloc(1, sizeof *c);
  c->app = app;
  c->h = sks_human_new();
  sks_error err = {0};
  c->w = worker_create(app, &err); /* checked once before the batch */
  return c;
}

static void explain_delete(void *data) {
  explain_ctx *c = data;
  sks_human_delete(c->h);
  worker_destroy(c->w);
  free(c);
}

/* Solutions up to two (0, 1, 2), counted as unique counts them (the
 * route, held to --time-limit), or -1 when it could not say. */
static int solutions(explain_ctx *c, const batch_job *job) {
  sks_error err = {0};
  if (!c->w || worker_load(c->w, job, &err) < 0)
    return -1;
  sks_limits left = worker_left(c->w);
  sks_count_result r = sks_count(c->w->solver, c->w->eo, job->p, 2, &left, NULL,
                                 NULL, c->w->scratch, &err);
  if (r.status < 0)
    return -1;
  if (r.status == SKS_UNKNOWN) /* two found before the limit: multiple */
    return r.count >= 2 ? 2 : -1;
  return r.count > 2 ? 2 : (int)r.count;
}

static void put_digit(FILE *out, const sks_puzzle *p, int d) {
  if (p->shape->n <= SKS_MAX_SYMBOL_N)
    putc(sks_puzzle_symbol(p, d), out);
  else
    fprintf(out, "%d", d + 1);
}

static void put_cell(FILE *out, int n, int cell) {
  fprintf(out, "r%dc%d", cell / n + 1, cell % n + 1);
}

/* "r3c5 = 7: hidden single in box 2 (1.2)" or "X-wing ...: removes 4
 * from r5c3, r5c7 (3.2)". */
static void text_step(FILE *out, const sks_puzzle *p, const sks_human_step *s,
                      int index) {
  int n = p->shape->n;
  if (index > 0)
    fprintf(out, "%d. ", index);
  if (s->cell >= 0) {
    put_cell(out, n, s->cell);
    fputs(" = ", out);
    put_digit(out, p, s->digit);
    fprintf(out, ": %s", s->text);
  } else {
    fprintf(out, "%s: removes", s->text);
    /* grouped by digit */
    int groups = 0;
    for (int d = 0; d < n; d++) {
      int k = 0;
      for (int i = 0; i < s->nelim; i++)
        if (s->elim[i] % n == d) {
          if (!k++) {
            fputs(groups++ ? "; " : " ", out);
            put_digit(out, p, d);
            fputs(" from ", out);
          } else
            fputs(", ", out);
          put_cell(out, n, s->elim[i] / n);
        }
    }
  }
  fprintf(out, " (%.1f)\n", s->rating);
}

static void json_step(FILE *out, const sks_puzzle *p, const sks_human_step *s,
                      bool first) {
  int n = p->shape->n;
  fprintf(out, "%s{\"technique\":\"%s\",\"rating\":%.1f", first ? "" : ",",
          sks_technique_key(s->tech), s->rating);
  if (s->size)
    fprintf(out, ",\"size\":%d", s->size);
  if (s->cell >= 0) {
    fputs(",\"place\":\"", out);
    put_cell(out, n, s->cell);
    putc('=', out);
    put_digit(out, p, s->digit);
    putc('"', out);
  }
  if (s->cell < 0 || s->nelim) { /* a direct technique: both */
    fputs(",\"eliminate\":[", out);
    for (int i = 0; i < s->nelim; i++) {
      fputs(i ? ",\"" : "\"", out);
      put_cell(out, n, s->elim[i] / n);
      fputs("<>", out);
      put_digit(out, p, s->elim[i] % n);
      putc('"', out);
    }
    putc(']', out);
  }
  fputs(",\"text\":", out);
  answer_json_string(out, s->text);
  putc('}', out);
}

static int explain_run(void *data, const batch_job *job, FILE *out) {
  explain_ctx *c = data;
  const sks_puzzle *p = job->p;
  bool json = c->app->opt.format == FORMAT_JSON;
  bool next = c->app->opt.next;
  int count = solutions(c, job);
  const char *status = count == 1   ? "unique"
                       : count == 0 ? "none"
                       : count == 2 ? "multiple"
                                    : "unknown";
  sks_human_options o = {.known_unique = count == 1,
                         .text = true,
                         .se_rating = c->app->opt.se_rating && !next};
  const char *name = p->look.name ? p->look.name : "";
  if (sks_human_load(c->h, p, &o)) {
    if (json) {
      fputs("{\"command\":\"explain\",\"status\":\"unknown\",\"message\":"
            "\"larger than 64x64\"}\n",
            out);
    } else
      fprintf(out, "unknown: the human solver goes to 64x64%s%s\n",
              *name ? " " : "", name);
    return BATCH_UNKNOWN;
  }
  if (json) {
    fputs("{\"command\":\"explain\"", out);
    if (job->line > 0)
      fprintf(out, ",\"line\":%ld", job->line);
    if (*name) {
      fputs(",\"name\":", out);
      answer_json_string(out, name);
    }
    fprintf(out, ",\"status\":\"%s\",\"steps\":[", status);
  } else if (!next)
    fprintf(out, "%s%s%s\n", status, *name ? " " : "", name);
  sks_human_step st;
  sks_human_rating r = {0}; /* sks_human_rate's, step by step */
  /* --time-limit holds the count and the path: past it no step more */
  double limit = c->app->opt.time_limit;
  double deadline = limit > 0 ? job->start + limit : 0;
  bool cut = false;
  while (!(cut = sks_past(deadline) && sks_human_status(c->h) == SKS_UNKNOWN) &&
         sks_human_next(c->h, &st)) {
    if (json)
      json_step(out, p, &st, r.steps == 0);
    else
      text_step(out, p, &st, next ? 0 : r.steps + 1);
    sks_human_count(c->h, &st, &r);
    if (next)
      break;
    sks_human_apply(c->h, &st);
  }
  sks_human_count_end(c->h, &r);
  int hs = r.status;
  int open = 0;
  for (int i = 0; i < p->shape->n * p->shape->n; i++)
    open += sks_human_value(c->h, i) < 0;
  if (json) {
    putc(']', out);
    if (!next && hs == SKS_SAT)
      fprintf(out, ",\"rating\":%.1f,\"technique\":\"%s\",\"label\":\"%s\"",
              r.rating, sks_technique_key(r.hardest),
              sks_human_label_name((sks_human_label)r.label));
    if (hs == SKS_UNSAT) {
      fputs(",\"contradiction\":", out);
      answer_json_string(out, sks_human_contradiction(c->h));
    }
    if (!next)
      fprintf(out, ",\"open\":%d", open);
    if (cut)
      fprintf(out, ",\"message\":\"the time limit ran out (--time-limit %g)\"",
              limit);
    fputs("}\n", out);
  } else if (cut)
    fprintf(out,
            "stopped after %d steps: the time limit ran out "
            "(--time-limit %g)\n",
            r.steps, limit);
  else if (hs == SKS_UNSAT)
    fprintf(out, "no solution: %s\n", sks_human_contradiction(c->h));
  else if (next && !r.steps)
    fprintf(out, "%s\n", hs == SKS_SAT ? "solved" : "no step found");
  else if (!next && hs == SKS_SAT)
    fprintf(out, "solved in %d steps: rating %.1f, %s (%s), %s\n", r.steps,
            r.rating, sks_technique_name(r.hardest),
            sks_technique_key(r.hardest),
            sks_human_label_name((sks_human_label)r.label));
  else if (!next)
    fprintf(out, "stuck after %d steps with %d cells open%s\n", r.steps, open,
            count == 2   ? ": the puzzle has several solutions"
            : count == 1 ? ": past 9x9 nested chains are not tried"
                         : "");
  return cut          ? BATCH_UNKNOWN
         : count == 1 ? BATCH_ONE
         : count == 0 ? BATCH_NONE
         : count == 2 ? BATCH_MANY
                      : BATCH_UNKNOWN;
}

static const batch_ops explain_ops = {explain_new, explain_delete, explain_run,
                                      NULL, 0};

static int explain_dimacs(sks_app *app, sks_input *in) {
  return operand_not_puzzles(app, in, true);
}

/* An operand that is no file but a puzzle written out: digits, letters
 * and '.' only. */
static bool literal_puzzle(const char *s) {
  if (!strcmp(s, "-") || access(s, F_OK) == 0 || strlen(s) < 4)
    return false;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '.')
      return false;
  return true;
}

/* Operands that are puzzles written out are read as they are, the others
 * as files. */
static int literal_operands(sks_app *app, batch_totals *all) {
  int n = app->nfiles;
  sks_input **ins = sks_calloc((size_t)n + 1, sizeof *ins);
  int ok = 1;
  for (int i = 0; i < n && ok; i++) {
    const char *s = app->files[i];
    sks_error err = {0};
    ins[i] = literal_puzzle(s) ? sks_input_memory(s, strlen(s))
                               : sks_input_open(s, &err);
    if (!ins[i]) {
      app_error(s, &err);
      ok = 0;
    }
  }
  memset(all, 0, sizeof *all);
  if (ok)
    batch_run(app, &explain_ops, ins, n, all);
  else
    all->input_errors++;
  for (int i = 0; i < n; i++)
    sks_input_close(ins[i]);
  free(ins);
  return 0;
}

int app_explain(sks_app *app) {
  if (app->opt.format == FORMAT_CSV) {
    /* a path of steps is no row of fixed columns */
    app_message("explain writes text or json, not csv (--format json: one "
                "record a puzzle with its steps)");
    return EXIT_USAGE;
  }
  batch_totals all;
  bool literal = false;
  for (int i = 0; i < app->nfiles; i++)
    literal |= literal_puzzle(app->files[i]);
  if (literal)
    literal_operands(app, &all);
  else
    batch_operands(app, &explain_ops, explain_dimacs, &all);
  batch_summary(app, &all);
  /* one puzzle: 10 unique, 20 none; a batch: 0, or 1 when some puzzle
   * could not be judged */
  return batch_exit(&all);
}
