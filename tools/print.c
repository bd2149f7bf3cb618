/* `sudokusat print`: puzzles (and with --solutions their answers) as
 * printable SVG pages, written beside the target and renamed into place:
 * OUT.svg, then OUT-2.svg, OUT-3.svg ... when they fill more than one
 * page. */
#define _POSIX_C_SOURCE 200809L
#include "worker_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What goes on the pages, in order: puzzles, and the grid to show with
 * each (NULL: its givens). */
typedef struct shown {
  sks_puzzle **p; /* owned when own[i] */
  int **grid;     /* owned */
  bool *own;
  size_t n, cap;
} shown;

static void show(shown *s, sks_puzzle *p, int *grid, bool own) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->p = sks_realloc(s->p, s->cap * sizeof *s->p);
    s->grid = sks_realloc(s->grid, s->cap * sizeof *s->grid);
    s->own = sks_realloc(s->own, s->cap * sizeof *s->own);
  }
  s->p[s->n] = p;
  s->grid[s->n] = grid;
  s->own[s->n++] = own;
}

static void shown_free(shown *s) {
  for (size_t i = 0; i < s->n; i++) {
    free(s->grid[i]);
    if (s->own[i])
      sks_puzzle_delete(s->p[i]);
  }
  free(s->p);
  free(s->grid);
  free(s->own);
}

/* Every puzzle of the operands; returns 0 or EXIT_INPUT (reported). */
static int read_all(sks_app *app, shown *ps) {
  operand *ops;
  int nops, res = operands_open(app, &ops, &nops);
  for (int i = 0; !res && i < nops; i++) {
    const char *name = sks_input_name(ops[i].in);
    if (ops[i].dimacs) {
      app_message("%s: print reads puzzles, not DIMACS", name);
      res = EXIT_INPUT;
      break;
    }
    sks_reader *rd = sks_reader_new(ops[i].in, &app->fmt);
    sks_puzzle *p;
    sks_error err = {0};
    int r;
    while ((r = sks_reader_next(rd, &p, &err)) > 0) {
      if (p->removed) { /* a page shows givens, not candidates */
        r = sks_error_set(&err, -1, p->look.line, 1,
                          "print does not take candidates puzzles "
                          "(docs/formats.md, \"Candidates puzzles\")");
        break;
      }
      show(ps, sks_puzzle_copy(p), NULL, true);
    }
    if (r < 0) {
      app_error(name, &err);
      res = EXIT_INPUT;
    }
    sks_reader_delete(rd);
  }
  operands_close(ops, nops);
  return res;
}

/* The solution of p, checked by the validator, or NULL (reported). */
static int *solution_of(worker *w, const sks_puzzle *p) {
  sks_error err = {0};
  batch_job job = {p, "", p->look.line, sks_time(), 0};
  int *grid = NULL;
  if (worker_load(w, &job, &err) < 0)
    app_message("line %ld: %s", p->look.line, err.msg);
  else if (sks_solver_solve(w->solver, NULL) != SKS_SAT)
    app_message("line %ld: no solution to print", p->look.line);
  else {
    grid = sks_malloc((size_t)w->cells * sizeof *grid);
    if (sks_decode_solver(w->eo, w->solver, grid, &err) ||
        !sks_validate(p, grid, &err)) {
      app_message("line %ld: the answer failed validation: %s", p->look.line,
                  err.msg);
      free(grid);
      grid = NULL;
    }
  }
  return grid;
}

/* Page k's file name: OUT itself for the first, OUT-K.svg after. */
static char *page_name(const char *out, int k) {
  size_t len = strlen(out) + 16;
  char *name = sks_malloc(len);
  if (k == 1) {
    snprintf(name, len, "%s", out);
    return name;
  }
  const char *dot = strrchr(out, '.');
  const char *slash = strrchr(out, '/');
  int stem =
      dot && (!slash || dot > slash) ? (int)(dot - out) : (int)strlen(out);
  snprintf(name, len, "%.*s-%d%s", stem, out, k, out + stem);
  return name;
}

/* Writes one page to path through a temporary file beside it. */
static int write_page(const char *path, sks_puzzle *const *ps,
                      int *const *grids, int count,
                      const sks_print_options *opt) {
  if (!strcmp(path, "-"))
    return sks_print_svg(stdout, (const sks_puzzle *const *)ps,
                         (const int *const *)grids, count, opt);
  /* recorded from its creation (a signal removes it), with the mode a
   * new file gets under the umask, like encode -o */
  char *tmp = sks_temp_beside(path);
  int fd = sks_temp_create(tmp, true);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    app_message("%s: cannot write: %s", path, strerror(errno));
    if (fd >= 0)
      close(fd), unlink(tmp);
    sks_temp_forget(tmp);
    free(tmp);
    return -1;
  }
  int res = sks_print_svg(f, (const sks_puzzle *const *)ps,
                          (const int *const *)grids, count, opt);
  int e = errno;
  if (fclose(f) || res || rename(tmp, path)) {
    app_message("%s: cannot write: %s", path, strerror(res ? e : errno));
    unlink(tmp);
    res = -1;
  }
  sks_temp_forget(tmp);
  free(tmp);
  return res;
}

/* The puzzles a page holds by default: as many as keep the symbols
 * legible on A4 (about 8 mm a cell for 9x9, 5 mm up to 25x25). */
static int default_per_page(int n) {
  return n <= 9 ? 6 : n <= 16 ? 2 : 1;
}

/* Each puzzle, then with --solutions its answer; returns 0 or a status. */
static int gather(sks_app *app, const shown *ps, shown *out) {
  worker *w = NULL;
  sks_error err = {0};
  if (app->opt.solutions_ && !(w = worker_create(app, &err))) {
    app_error(NULL, &err);
    return EXIT_USAGE;
  }
  int res = 0;
  for (size_t i = 0; !res && i < ps->n; i++) {
    show(out, ps->p[i], NULL, false);
    if (w) {
      int *sol = solution_of(w, ps->p[i]);
      if (sol)
        show(out, ps->p[i], sol, false);
      else
        res = EXIT_INPUT;
    }
  }
  worker_destroy(w);
  return res;
}

/* Refuses existing page files unless --force. */
static int check_targets(const sks_app *app, const char *out, int pages) {
  if (pages > 1 && !strcmp(out, "-")) {
    app_message("%d pages: name the first file with -o (the others follow "
                "it as NAME-2.svg ...)",
                pages);
    return EXIT_USAGE;
  }
  for (int k = 1; k <= pages; k++) {
    char *name = page_name(out, k);
    struct stat st; /* a dangling symbolic link is something there too */
    bool exists = strcmp(name, "-") && lstat(name, &st) == 0;
    if (exists && !app->opt.force)
      app_message("%s exists; not overwriting it without --force", name);
    free(name);
    if (exists && !app->opt.force)
      return EXIT_USAGE;
  }
  return 0;
}

int app_print(sks_app *app) {
  const char *out = app->opt.output[0] ? app->opt.output : "-";
  shown ps = {0}, all = {0};
  int res = read_all(app, &ps);
  if (!res && !ps.n) {
    app_message("no puzzle to print");
    res = EXIT_INPUT;
  }
  if (!res)
    res = gather(app, &ps, &all);
  sks_print_options opt = {app->opt.per_page, 0, 0};
  if (!res && !opt.per_page)
    opt.per_page = default_per_page(ps.p[0]->shape->n);
  size_t per = (size_t)(opt.per_page > 0 ? opt.per_page : 1);
  int pages = res ? 0 : (int)((all.n + per - 1) / per);
  if (!res)
    res = check_targets(app, out, pages);
  for (int k = 1; !res && k <= pages; k++) {
    size_t first = (size_t)(k - 1) * per;
    int count = (int)(all.n - first < per ? all.n - first : per);
    char *name = page_name(out, k);
    if (write_page(name, all.p + first, all.grid + first, count, &opt))
      res = EXIT_INPUT;
    free(name);
  }
  shown_free(&all);
  shown_free(&ps);
  return res;
}
