/* `sudokusat solve`: puzzles in, one answer per puzzle out, in input order;
 * a DIMACS file gets a SAT-competition answer (and its grid when the CNF
 * describes a puzzle). */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
#include "certify_int.h"
#include "worker_int.h"

#include <stdlib.h>
#include <string.h>

static void *solve_new(sks_app *app) {
  sks_error err = {0};
  return worker_create(app, &err); /* checked once before the batch */
}

static void solve_delete(void *w) {
  worker_destroy(w);
}

/* Does the answer agree with the solution the file gives (a CSV solution
 * column)?  If not, err says where, and whether the file's solution is one
 * too (the puzzle has several) or wrong. */
static bool same_solution(const sks_puzzle *p, const int *grid,
                          sks_error *err) {
  int n = p->shape->n;
  for (int i = 0; i < n * n; i++) {
    if (grid[i] == p->look.solution[i])
      continue;
    sks_error why = {0};
    bool also = sks_validate(p, p->look.solution, &why);
    sks_error_set(err, -1, 0, 0,
                  "the answer differs from the file's solution at row %d "
                  "column %d (%c, the file's %c): %s%s",
                  i / n + 1, i % n + 1, sks_puzzle_symbol(p, grid[i]),
                  sks_puzzle_symbol(p, p->look.solution[i]),
                  also ? "both solve it, so the puzzle has more than one "
                         "solution"
                       : "the file's solution is wrong: ",
                  also ? "" : why.msg);
    return false;
  }
  return true;
}

/* The answer of a class: its status word, and why where one is told. */
static int answer_as(answer *a, int cls, const char *message) {
  static const answer_status statuses[BATCH_CLASSES] = {
      [BATCH_ONE] = ANSWER_SOLVED,        [BATCH_NONE] = ANSWER_NONE,
      [BATCH_UNKNOWN] = ANSWER_UNKNOWN,   [BATCH_INVALID] = ANSWER_INVALID,
      [BATCH_MISMATCH] = ANSWER_MISMATCH, [BATCH_ERROR] = ANSWER_ERROR};
  a->status = statuses[cls];
  a->message = message;
  return cls;
}

/* The class of a backend's result r and the answer it gives, for a
 * puzzle and a DIMACS file alike: solved (the caller checks it), none,
 * or unknown with the backend's reason, said on stderr at file:line (a
 * whole file: line < 0) unless --quiet. */
static int result_class(const sks_app *app, const sks_solver *s, int r,
                        const char *file, long line, answer *a) {
  if (r == SKS_SAT)
    return answer_as(a, BATCH_ONE, NULL);
  if (r == SKS_UNSAT)
    return answer_as(a, BATCH_NONE, NULL);
  const char *why = sks_solver_error(s);
  if (why && !app->opt.quiet && line >= 0)
    app_message("%s:%ld: %s", file, line, why);
  else if (why && !app->opt.quiet)
    app_message("%s: %s", file, why);
  return answer_as(a, BATCH_UNKNOWN, why);
}

static int solve_run(void *data, const batch_job *job, FILE *out) {
  worker *w = data;
  const sks_puzzle *p = job->p;
  sks_error err = {0};
  answer a = {.count = -1, .grid_only = true};
  int cls;
  if (w->app->opt.certificate[0]) {
    /* a solution alone certifies nothing a puzzle is asked */
    sks_error_set(&err, -1, 0, 0,
                  "solve --certificate certifies DIMACS files; for puzzles "
                  "use 'unique --certificate'");
    app_message("%s:%ld: %s", job->file, p->look.line, err.msg);
    a.status = ANSWER_ERROR;
    a.message = err.msg;
    answer_put(w->app, job, &a, out);
    return BATCH_ERROR;
  }
  if (worker_load(w, job, &err) < 0) {
    app_error(job->file, &err);
    answer_as(&a, BATCH_ERROR, err.msg);
    answer_put(w->app, job, &a, out);
    return BATCH_ERROR;
  }
  sks_limits left = worker_left(w);
  worker_mark(w);
  int r = sks_solver_solve(w->solver, &left);
  a.backend = worker_answered_by(w);
  cls = result_class(w->app, w->solver, r, job->file, p->look.line, &a);
  if (cls == BATCH_ONE && (sks_decode_solver(w->eo, w->solver, w->grid, &err) ||
                           !sks_validate(p, w->grid, &err))) {
    app_message("%s:%ld: the %s answer failed validation: %s", job->file,
                p->look.line, a.backend, err.msg);
    cls = answer_as(&a, BATCH_INVALID, err.msg);
  } else if (cls == BATCH_ONE && p->look.solution &&
             !same_solution(p, w->grid, &err)) {
    app_message("%s:%ld: %s", job->file, p->look.line, err.msg);
    cls = answer_as(&a, BATCH_MISMATCH, err.msg);
    a.grid = w->grid;
  } else if (cls == BATCH_ONE)
    a.grid = w->grid;
  answer_put(w->app, job, &a, out);
  return cls;
}

static const batch_ops solve_ops = {solve_new, solve_delete, solve_run, NULL,
                                    0};

/* v lines of at most 78 characters, SAT-competition style. */
static void print_model(const sks_solver *s, int nvars) {
  char buf[96];
  int len = 0;
  for (int v = 1; v <= nvars + 1; v++) {
    char lit[16];
    int k = v <= nvars ? snprintf(lit, sizeof lit, " %d",
                                  sks_solver_value(s, v) > 0 ? v : -v)
                       : snprintf(lit, sizeof lit, " 0");
    if (len && len + k > 78) {
      printf("v%s\n", buf);
      len = 0;
    }
    memcpy(buf + len, lit, (size_t)k + 1);
    len += k;
  }
  printf("v%s\n", buf);
}

/* Writes the grid with every line after the first prefixed "c grid ". */
static void print_commented(const sks_puzzle *p, const int *grid) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  sks_puzzle_write(mem, p, grid);
  fclose(mem);
  for (size_t i = 0; i < len; i++) {
    putchar(text[i]);
    if (text[i] == '\n' && i + 1 < len)
      fputs("c grid ", stdout);
  }
  free(text);
}

/* SAT-competition text: the s line, v lines of a model, and the grid an
 * encoder-written CNF stands for as "c grid" comments, so the answer
 * stays output that decode and other tools read. */
static void print_cnf_text(const sks_solver *s, const sks_cnf *cnf,
                           const answer *a, int cls, sks_puzzle *p) {
  if (a->model) {
    printf("s SATISFIABLE\n");
    print_model(s, cnf->nvars);
  } else if (cls == BATCH_NONE)
    printf("s UNSATISFIABLE\n");
  else if (cls == BATCH_UNKNOWN)
    printf("s UNKNOWN\n");
  if (p && a->grid) {
    fputs("c grid ", stdout);
    print_commented(p, a->grid);
  }
}

/* Answers a DIMACS file (SAT-competition text, or --format's form);
 * returns its class. */
static int solve_cnf(sks_app *app, sks_input *in) {
  double start = sks_time(); /* --time-limit counts from the first byte */
  double limit = app->opt.time_limit, deadline = limit > 0 ? start + limit : 0;
  sks_cnf *cnf = sks_cnf_new();
  if (operand_read_cnf(app, in, cnf, deadline)) {
    sks_cnf_delete(cnf);
    return BATCH_ERROR;
  }
  sks_error err = {0};
  sks_solver_options so;
  app_solver_options(app, &so);
  sks_solver *s = sks_solver_new(app->opt.backend->name, &so, &err);
  if (s)
    sks_solver_set_deadline(s, deadline); /* loading stops at it too */
  /* A CNF cut at the deadline is not loaded: its answer is unknown. */
  if (!s || (!cnf->cut && sks_solver_load_cnf(s, cnf, &err))) {
    app_error(sks_input_name(in), &err);
    operand_error_record(app, in, &err);
    sks_solver_delete(s);
    sks_cnf_delete(cnf);
    return BATCH_ERROR;
  }
  sks_limits asked = {app->opt.time_limit, app->opt.max_steps}, lim;
  sks_limits_left(&asked, start, &lim);
  sks_stats before;
  sks_solver_stats(s, &before);
  int r = cnf->cut ? SKS_UNKNOWN : sks_solver_solve(s, &lim), res;
  /* the engine that answered (auto: the route's pick), as for puzzles */
  answer a = {.count = -1, .backend = app_answered_by(s, &before)};
  sks_model *m = sks_model_new();
  sks_puzzle *p = NULL;
  int *grid = NULL;
  res = result_class(app, s, r, sks_input_name(in), -1, &a);
  if (res == BATCH_ONE) {
    /* Check the model against every clause, whoever found it. */
    m->status = SKS_SAT;
    m->nvars = cnf->nvars;
    m->val = sks_realloc(m->val, (size_t)cnf->nvars + 1);
    for (int v = 1; v <= cnf->nvars; v++)
      m->val[v] = sks_solver_value(s, v) > 0 ? 1 : -1;
    if (!sks_model_satisfies(m, cnf, &err)) {
      app_message("%s: the %s model is wrong: %s", sks_input_name(in),
                  a.backend, err.msg);
      res = answer_as(&a, BATCH_INVALID, err.msg);
    } else {
      a.model = m->val;
      a.nvars = cnf->nvars;
      if (cnf->desc && sks_decode_cnf(cnf->desc, m, &p, &grid, &err)) {
        app_message("the model does not solve the puzzle: %s", err.msg);
        res = answer_as(&a, BATCH_INVALID, err.msg);
      }
      a.grid = grid;
    }
  }
  if (app->opt.certificate[0] && (res == BATCH_ONE || res == BATCH_NONE) &&
      certify_cnf(app, sks_input_name(in), cnf, r,
                  r == SKS_SAT ? m->val + 1 : NULL, deadline, &err)) {
    app_message("%s: %s", sks_input_name(in), err.msg);
    res = BATCH_ERROR;
  }
  if (app->opt.format == FORMAT_TEXT)
    print_cnf_text(s, cnf, &a, res, p);
  else {
    /* the puzzle an encoder-written CNF stands for, echoed whatever the
     * answer */
    sks_error ignored = {0};
    if (!p && cnf->desc)
      p = sks_cnf_desc_puzzle(cnf->desc, &ignored);
    batch_job job = {p, sks_input_name(in), 0, start, 0};
    answer_put(app, &job, &a, stdout);
  }
  fflush(stdout);
  app_add_stats(s);
  free(grid);
  sks_puzzle_delete(p);
  sks_model_delete(m);
  sks_solver_delete(s);
  sks_cnf_delete(cnf);
  return res;
}

int app_solve(sks_app *app) {
  sks_error err = {0};
  worker *probe = worker_create(app, &err);
  if (!probe) {
    app_error(NULL, &err);
    return EXIT_USAGE;
  }
  worker_destroy(probe);
  if (app->opt.certificate[0] && certify_prepare(app))
    return EXIT_USAGE;
  answer_header(app, NULL);
  batch_totals all;
  batch_operands(app, &solve_ops, solve_cnf, &all);
  certify_release();
  batch_summary(app, &all);
  app_print_stats(app);
  return batch_exit(&all);
}
