/* `sudokusat encode`: one puzzle to DIMACS, plain or gzip. */
#define _POSIX_C_SOURCE 200809L
#include "worker_int.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool ends_with(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && !strcmp(s + a - b, suffix);
}

int app_encode(sks_app *app) {
  if (app->nfiles > 1) {
    app_message("encode takes one puzzle file (got %d)", app->nfiles);
    return EXIT_USAGE;
  }
  const char *out = app->opt.output[0] ? app->opt.output : "-";
  struct stat st; /* a dangling symbolic link is something there too */
  if (strcmp(out, "-") && !app->opt.force && lstat(out, &st) == 0) {
    app_message("%s exists; not overwriting it without --force", out);
    return EXIT_USAGE;
  }
  const char *path = app->nfiles ? app->files[0] : "-";
  sks_error err = {0};
  sks_input *in = sks_input_open(path, &err);
  if (!in) {
    app_error(path, &err);
    return EXIT_INPUT;
  }
  sks_reader *rd = sks_reader_new(in, &app->fmt);
  sks_puzzle *p = NULL, *extra = NULL;
  int r = sks_reader_next(rd, &p, &err), res = 0;
  if (r < 0) {
    app_error(sks_input_name(in), &err);
    res = EXIT_INPUT;
  } else if (r == 0) {
    app_message("%s: no puzzle", sks_input_name(in));
    res = EXIT_INPUT;
  } else {
    p = sks_puzzle_copy(p);
    long line = p->look.line;
    int r2 = sks_reader_next(rd, &extra, &err);
    if (r2 < 0) { /* a bad line after it: its own error */
      app_error(sks_input_name(in), &err);
      res = EXIT_INPUT;
    } else if (r2 != 0) {
      app_message("%s: more than one puzzle (the second starts after line "
                  "%ld); encode takes one",
                  sks_input_name(in), line);
      res = EXIT_INPUT;
    }
  }
  sks_reader_delete(rd);
  sks_input_close(in);
  if (!res) {
    sks_propagate level = app_propagate(app);
    sks_eo *eo = sks_eo_new(p->shape);
    if (sks_eo_load(eo, p, level) == SKS_UNSAT && !app->opt.quiet)
      app_message("%s: the givens contradict each other; the CNF is "
                  "unsatisfiable",
                  path);
    /* Written as it is made: memory does not grow with the clauses; the
     * temporary file is removed if a signal ends the run (app_temp_name),
     * so the target keeps its old contents. */
    sks_dimacs_options dopt = {app->opt.gzip || ends_with(out, ".gz"), 0,
                               &app_temp_name};
    int nvars;
    long nclauses;
    if (sks_dimacs_write_encoded(eo, &app->encode, out, &dopt, &nvars,
                                 &nclauses, &err) < 0) {
      app_error(out, &err);
      res = EXIT_INPUT;
    } else if (app->opt.verbose)
      app_message("%s: %d %s, %ld %s (%s, %s)", out, nvars,
                  answer_plural(nvars, "variable", "variables"), nclauses,
                  answer_plural(nclauses, "clause", "clauses"),
                  sks_encoding_name(app->encode.encoding),
                  sks_amo_name(app->encode.amo));
    sks_eo_delete(eo);
  }
  sks_puzzle_delete(p);
  return res;
}
