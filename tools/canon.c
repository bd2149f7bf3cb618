/* `sudokusat canon`: each puzzle's canonical form (minlex under the
 * validity-preserving group), with --show the transformation; with
 * --dedupe the puzzles that are no disguise of an earlier one. */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
#include "worker_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- canonical forms, one answer a puzzle (a batch like grade's) ---- */

typedef struct canon_ctx {
  sks_app *app;
  sks_canon *z;
  int *grid;
  int cells;
  unsigned char *removed; /* a candidates puzzle's form */
  size_t removed_cap;
} canon_ctx;

static void *canon_new(sks_app *app) {
  canon_ctx *c = sks_calloc(1, sizeof *c);
  c->app = app;
  c->z = sks_canon_new();
  return c;
}

static void canon_delete(void *data) {
  canon_ctx *c = data;
  sks_canon_delete(c->z);
  free(c->grid);
  free(c->removed);
  free(c);
}

/* 1-based index i as one symbol (1-9, A-Z). */
static char index_symbol(int i) {
  return (char)(i < 9 ? '1' + i : 'A' + (i - 9));
}

/* A map of n indices as symbols, when n allows it (else ""). */
static void map_word(const int *a, int n, char *buf, size_t cap) {
  buf[0] = 0;
  if (n + 1 > (int)cap || n > SKS_MAX_SYMBOL_N)
    return;
  for (int i = 0; i < n; i++)
    buf[i] = index_symbol(a[i]);
  buf[n] = 0;
}

/* --show as text: "transpose no rows 1,2,.. cols .. digits 5>1 3>2 ..."
 * (input rows and columns for canonical ones, 1-based; input symbol >
 * canonical symbol). */
static void show_text(const sks_puzzle *p, const sks_canon_map *m, FILE *out) {
  int n = m->n;
  fprintf(out, "transpose %s rows", m->transpose ? "yes" : "no");
  for (int i = 0; i < n; i++)
    fprintf(out, "%c%d", i ? ',' : ' ', m->row[i] + 1);
  fputs(" cols", out);
  for (int i = 0; i < n; i++)
    fprintf(out, "%c%d", i ? ',' : ' ', m->col[i] + 1);
  fputs(" digits", out);
  for (int d = 0; d < n; d++) {
    if (n <= SKS_MAX_SYMBOL_N)
      fprintf(out, " %c>%c", sks_puzzle_symbol(p, d),
              sks_puzzle_symbol(p, m->digit[d]));
    else
      fprintf(out, " %d>%d", d + 1, m->digit[d] + 1);
  }
  fputc('\n', out);
}

static void map_words(const sks_canon_map *m, answer *a) {
  char w[40];
  answer_extra_word(a, "transpose", m->transpose ? "yes" : "no");
  int n = m->n;
  map_word(m->row, n, w, sizeof w);
  *w ? answer_extra_word(a, "rows", w) : answer_extra_null(a, "rows");
  map_word(m->col, n, w, sizeof w);
  *w ? answer_extra_word(a, "cols", w) : answer_extra_null(a, "cols");
  map_word(m->digit, n, w, sizeof w);
  *w ? answer_extra_word(a, "digits", w) : answer_extra_null(a, "digits");
}

static int unknown(canon_ctx *c, const batch_job *job, const sks_error *err,
                   FILE *out) {
  answer a = {.status = ANSWER_UNKNOWN, .count = -1, .message = err->msg};
  if (c->app->opt.format == FORMAT_TEXT)
    fprintf(out, "unknown\n");
  else
    answer_put(c->app, job, &a, out);
  if (!c->app->opt.quiet)
    app_message("%s:%ld: %s", job->file ? job->file : "-", job->p->look.line,
                err->msg);
  return BATCH_UNKNOWN;
}

/* --symmetry: the number of automorphisms, the symmetry of the layout
 * and the symmetry of the givens (the maps of the square among the
 * automorphisms); with --show each automorphism kept. */
static int symmetry_run(canon_ctx *c, const batch_job *job, FILE *out) {
  const sks_puzzle *p = job->p;
  sks_error err = {0};
  long k = sks_canon_automorphisms(c->z, p, &err);
  if (k < 0)
    return unknown(c, job, &err, out);
  sks_canon_map m;
  const char *layout = sks_symmetry_name(sks_symmetry_of(p));
  const char *givens = sks_symmetry_name(sks_symmetry_of_automorphisms(c->z));
  if (c->app->opt.format == FORMAT_TEXT) {
    fprintf(out, "automorphisms %ld layout %s givens %s\n", k, layout, givens);
    for (long i = 0; c->app->opt.show && sks_canon_automorphism(c->z, i, &m);
         i++)
      show_text(p, &m, out);
    return BATCH_ONE;
  }
  answer a = {.status = ANSWER_SYMMETRY, .count = -1};
  answer_extra_int(&a, "automorphisms", k);
  answer_extra_word(&a, "layout", layout);
  answer_extra_word(&a, "givens", givens);
  answer_put(c->app, job, &a, out);
  return BATCH_ONE;
}

static int canon_run(void *data, const batch_job *job, FILE *out) {
  canon_ctx *c = data;
  const sks_puzzle *p = job->p;
  int n = p->shape->n, cells = n * n;
  if (cells > c->cells) {
    c->grid = sks_realloc(c->grid, (size_t)cells * sizeof *c->grid);
    c->cells = cells;
  }
  /* --time-limit: from when the puzzle's reading began */
  double limit = c->app->opt.time_limit;
  sks_canon_set_deadline(c->z, limit > 0 ? job->start + limit : 0);
  if (c->app->opt.symmetry_)
    return symmetry_run(c, job, out);
  sks_canon_map m;
  sks_error err = {0};
  if (sks_canon_puzzle(c->z, p, c->grid, &m, &err))
    return unknown(c, job, &err, out);
  /* a candidates puzzle is shown with the form's candidates */
  const sks_puzzle *shown = p;
  sks_puzzle view;
  if (p->removed) {
    size_t need = (size_t)cells * n;
    if (need > c->removed_cap) {
      c->removed = sks_realloc(c->removed, need);
      c->removed_cap = need;
    }
    sks_canon_apply_removed(&m, p->removed, c->removed);
    view = *p;
    view.removed = c->removed;
    shown = &view;
  }
  if (c->app->opt.format == FORMAT_TEXT) {
    if (c->app->opt.show)
      show_text(p, &m, out);
    app_print_grid(c->app, shown, c->grid, out);
    return BATCH_ONE;
  }
  answer a = {.status = ANSWER_CANONICAL,
              .count = -1,
              .result = c->grid,
              .removed = p->removed ? c->removed : NULL};
  if (c->app->opt.show)
    map_words(&m, &a);
  answer_put(c->app, job, &a, out);
  return BATCH_ONE;
}

static const batch_ops canon_ops = {canon_new, canon_delete, canon_run, NULL,
                                    0};

static int canon_dimacs(sks_app *app, sks_input *in) {
  return operand_not_puzzles(app, in, true);
}

/* ---- --dedupe ---- */

typedef struct place {
  int file; /* operand index */
  long line;
} place;

enum { BLOCK = 2048 };

/* A block of puzzles read, decided together. */
typedef struct slot {
  sks_puzzle *p;
  char *error; /* a read error, or NULL */
  int file;    /* operand index */
  long line;   /* the puzzle's first line */
} slot;

/* The kept puzzle as read: its layout (or --layout's), a one-line
 * puzzle's name after it. */
static void print_kept(const sks_app *app, const sks_puzzle *p) {
  if (p->look.name && sks_layout_of(p) == SKS_LAYOUT_LINE &&
      (app->opt.layout == LAYOUT_SAME || app->opt.layout == LAYOUT_LINE)) {
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    app_print_grid(app, p, p->cell, mem);
    fclose(mem);
    while (len && text[len - 1] == '\n')
      text[--len] = 0;
    printf("%s %s\n", text, p->look.name);
    free(text);
  } else
    app_print_grid(app, p, p->cell, stdout);
}

typedef struct dedupe_totals {
  long long puzzles, kept, dropped, errors, unknown;
} dedupe_totals;

/* Prints the block's verdicts in input order; firsts[id] is where class
 * id was first seen. */
static void decide(sks_app *app, const slot *slots, int count,
                   const sks_canon_verdict *v, place **firsts, size_t *cap,
                   operand *opd, dedupe_totals *tot) {
  for (int i = 0; i < count; i++) {
    const slot *s = &slots[i];
    const char *file = sks_input_name(opd[s->file].in);
    batch_job job = {s->error ? NULL : s->p, file, s->line, 0, 0};
    tot->puzzles++;
    if (s->error) {
      tot->errors++;
      app_message("%s", s->error);
      if (app->opt.format != FORMAT_TEXT) {
        answer a = {.status = ANSWER_ERROR, .count = -1, .message = s->error};
        answer_put(app, &job, &a, stdout);
      }
      continue;
    }
    bool ok = v[i].seen != SKS_CANON_UNKNOWN;
    if (v[i].seen == SKS_CANON_NEW) {
      if ((size_t)v[i].id >= *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        *firsts = sks_realloc(*firsts, *cap * sizeof **firsts);
      }
      (*firsts)[v[i].id] = (place){s->file, s->line};
    } else if (!ok) {
      tot->unknown++;
      if (!app->opt.quiet)
        app_message("%s:%ld: %s (kept)", file, s->line, v[i].err.msg);
    }
    if (v[i].seen == SKS_CANON_REPEAT) {
      const place *first = &(*firsts)[v[i].id];
      tot->dropped++;
      const char *ffile = sks_input_name(opd[first->file].in);
      if (app->opt.verbose)
        app_message("%s:%ld: repeats %s:%ld", file, s->line, ffile,
                    first->line);
      if (app->opt.format != FORMAT_TEXT) {
        answer a = {.status = ANSWER_REPEAT, .count = -1};
        answer_extra_word(&a, "first_file", ffile);
        answer_extra_int(&a, "first_line", first->line);
        answer_put(app, &job, &a, stdout);
      }
      continue;
    }
    tot->kept++;
    if (app->opt.format == FORMAT_TEXT)
      print_kept(app, s->p);
    else {
      answer a = {.status = ok ? ANSWER_KEPT : ANSWER_UNKNOWN,
                  .count = -1,
                  .message = ok ? NULL : v[i].err.msg};
      answer_put(app, &job, &a, stdout);
    }
  }
}

static int canon_dedupe(sks_app *app) {
  static const char *const columns[] = {"first_file", "first_line", NULL};
  answer_header(app, columns);
  operand *opd;
  int nops;
  dedupe_totals tot = {0};
  long long input_errors = 0;
  double start = sks_time();
  if (operands_open(app, &opd, &nops)) {
    operands_close(opd, nops);
    return EXIT_INPUT;
  }
  slot *slots = sks_calloc(BLOCK, sizeof *slots);
  const sks_puzzle **puzzles = sks_calloc(BLOCK, sizeof *puzzles);
  sks_canon_verdict *verdict = sks_calloc(BLOCK, sizeof *verdict);
  place *firsts = NULL;
  size_t nfirsts = 0;
  sks_canon_classes *classes =
      sks_canon_classes_new(app->opt.jobs, app->opt.time_limit);
  for (int f = 0; f < nops; f++) {
    sks_input *in = opd[f].in;
    if (opd[f].dimacs) {
      operand_not_puzzles(app, in, false);
      input_errors++;
      continue;
    }
    sks_reader *rd = sks_reader_new(in, &app->fmt);
    bool more = true, any = false;
    while (more) {
      int count = 0;
      while (count < BLOCK) {
        sks_puzzle *p = NULL;
        sks_error err = {0};
        int r = sks_reader_next(rd, &p, &err);
        if (r == 0) {
          more = false;
          break;
        }
        any = true;
        slot *s = &slots[count];
        puzzles[count++] = NULL;
        free(s->error);
        s->error = NULL;
        s->file = f;
        if (r < 0) {
          size_t len = strlen(sks_input_name(in)) + strlen(err.msg) + 64;
          s->error = sks_malloc(len);
          snprintf(s->error, len, "%s:%ld:%ld: %s", sks_input_name(in),
                   err.line, err.col, err.msg);
          s->line = err.line;
          continue;
        }
        s->line = p->look.line;
        if (p->rules) { /* its group is not the grid's */
          size_t len = strlen(sks_input_name(in)) + 128;
          s->error = sks_malloc(len);
          snprintf(s->error, len,
                   "%s:%ld:1: canon does not take puzzles with variant rules "
                   "(the first a %s rule)",
                   sks_input_name(in), p->look.line,
                   sks_rule_name(p->rules->rule[0].kind));
          continue;
        }
        if (s->p)
          sks_puzzle_assign(s->p, p);
        else
          s->p = sks_puzzle_copy(p);
        puzzles[count - 1] = s->p;
      }
      sks_canon_classes_add(classes, puzzles, count, verdict);
      decide(app, slots, count, verdict, &firsts, &nfirsts, opd, &tot);
    }
    if (!any && !sks_input_failed(in) && !app->opt.quiet)
      app_message("%s: no puzzle in this input", sks_input_name(in));
    if (sks_input_failed(in)) {
      app_message("%s: read error", sks_input_name(in));
      input_errors++;
    }
    sks_reader_delete(rd);
  }
  double secs = sks_time() - start;
  if (app->opt.summary) {
    bool json = app->opt.format == FORMAT_JSON;
    if (app->opt.format == FORMAT_CSV) {
      /* the columns the header names: kept and dropped in the place of
       * the other commands' one and many */
      batch_totals all = {.puzzles = tot.puzzles, .seconds = secs};
      all.by_class[BATCH_ONE] = tot.kept;
      all.by_class[BATCH_MANY] = tot.dropped;
      all.by_class[BATCH_UNKNOWN] = tot.unknown;
      all.by_class[BATCH_ERROR] = tot.errors;
      all.input_errors = input_errors;
      answer_summary(app, &all);
    } else
      printf(json ? "{\"command\":\"canon\",\"status\":\"summary\","
                    "\"puzzles\":%lld,\"kept\":%lld,\"dropped\":%lld,"
                    "\"unknown\":%lld,\"errors\":%lld,\"seconds\":%.6f}\n"
                  : "summary canon puzzles=%lld kept=%lld dropped=%lld "
                    "unknown=%lld errors=%lld seconds=%.6f\n",
             tot.puzzles, tot.kept, tot.dropped, tot.unknown,
             tot.errors + input_errors, secs);
  }
  long long nclasses = sks_canon_classes_count(classes);
  if (!app->opt.quiet)
    app_message("%lld %s: %lld kept, %lld dropped as repeats, %lld unknown, "
                "%lld %s; %.2f s, %.0f puzzles/s, %lld %s",
                tot.puzzles, answer_plural(tot.puzzles, "puzzle", "puzzles"),
                tot.kept, tot.dropped, tot.unknown, tot.errors,
                answer_plural(tot.errors, "error", "errors"), secs,
                secs > 0 ? (double)tot.puzzles / secs : 0.0, nclasses,
                answer_plural(nclasses, "class", "classes"));
  for (int i = 0; i < BLOCK; i++) {
    sks_puzzle_delete(slots[i].p);
    free(slots[i].error);
  }
  free(slots);
  free(puzzles);
  free(verdict);
  free(firsts);
  sks_canon_classes_delete(classes);
  operands_close(opd, nops);
  if (input_errors || tot.errors)
    return EXIT_INPUT;
  return tot.unknown ? EXIT_UNKNOWN_ANY : EXIT_ALL_OK;
}

int app_canon(sks_app *app) {
  if (app->opt.dedupe && (app->opt.show || app->opt.symmetry_)) {
    app_message("canon: --%s does not go with --dedupe",
                app->opt.show ? "show" : "symmetry");
    return EXIT_USAGE;
  }
  if (app->opt.dedupe)
    return canon_dedupe(app);
  static const char *const columns[] = {"transpose", "rows", "cols", "digits",
                                        NULL};
  static const char *const sym_columns[] = {"automorphisms", "layout", "givens",
                                            NULL};
  answer_header(app, app->opt.symmetry_ ? sym_columns
                     : app->opt.show    ? columns
                                        : NULL);
  batch_totals all;
  batch_operands(app, &canon_ops, canon_dimacs, &all);
  batch_summary(app, &all);
  return batch_exit(&all) == EXIT_INPUT ? EXIT_INPUT
         : all.by_class[BATCH_UNKNOWN]  ? EXIT_UNKNOWN_ANY
                                        : EXIT_ALL_OK;
}
