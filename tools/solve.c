/* `sudokusat solve`: puzzles in, one answer per puzzle out, in input order;
 * a DIMACS file gets a SAT-competition answer (and its grid when the CNF
 * describes a puzzle). */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
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

static int solve_run(void *data, const sks_puzzle *p, FILE *out) {
  worker *w = data;
  sks_error err = {0};
  if (worker_load(w, p, &err) < 0) {
    app_error(NULL, &err);
    fputs("error\n", out);
    return BATCH_ERROR;
  }
  sks_limits left = worker_left(w);
  int r = sks_solver_solve(w->solver, &left);
  if (r == SKS_UNSAT) {
    fputs("none\n", out);
    return BATCH_NONE;
  }
  if (r != SKS_SAT) {
    const char *why = sks_solver_error(w->solver);
    if (why && !w->app->opt.quiet)
      app_message("line %ld: %s", p->look.line, why);
    fputs("unknown\n", out);
    return BATCH_UNKNOWN;
  }
  if (sks_decode_solver(w->eo, w->solver, w->grid, &err) ||
      !sks_validate(p, w->grid, &err)) {
    app_message("line %ld: the %s answer failed validation: %s", p->look.line,
                w->app->opt.backend->name, err.msg);
    fputs("invalid\n", out);
    return BATCH_INVALID;
  }
  worker_print(w, p, w->grid, out);
  return BATCH_ONE;
}

static const batch_ops solve_ops = {solve_new, solve_delete, solve_run};

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

/* The grid a satisfying model of an encoder-written CNF stands for, as
 * comment lines, so the answer stays SAT-competition output that decode
 * and other tools read.  Returns 0, or -1 when the model does not solve
 * the puzzle. */
static int print_cnf_grid(const sks_cnf *cnf, const sks_model *m) {
  sks_error err = {0};
  sks_puzzle *p;
  int *grid;
  if (sks_decode_cnf(cnf->desc, m, &p, &grid, &err)) {
    app_message("the model does not solve the puzzle: %s", err.msg);
    return -1;
  }
  p->look.layout = sks_layout_default(p->shape->n);
  fputs("c grid ", stdout);
  print_commented(p, grid);
  free(grid);
  sks_puzzle_delete(p);
  return 0;
}

/* Answers a DIMACS file in SAT-competition form; returns its class. */
static int solve_cnf(sks_app *app, sks_input *in) {
  double start = sks_time(); /* --time-limit counts from the first byte */
  sks_cnf *cnf = sks_cnf_new();
  int res = BATCH_ERROR;
  if (operand_read_cnf(app, in, cnf)) {
    sks_cnf_delete(cnf);
    return res;
  }
  sks_error err = {0};
  sks_solver_options so;
  app_solver_options(app, &so);
  sks_solver *s = sks_solver_new(app->opt.backend->name, &so, &err);
  if (!s || sks_solver_load_cnf(s, cnf, &err)) {
    app_error(sks_input_name(in), &err);
    sks_solver_delete(s);
    sks_cnf_delete(cnf);
    return BATCH_ERROR;
  }
  sks_limits asked = {app->opt.time_limit, app->opt.max_steps}, lim;
  sks_limits_left(&asked, start, &lim);
  int r = sks_solver_solve(s, &lim);
  if (r == SKS_SAT) {
    /* Check the model against every clause, whoever found it. */
    sks_model *m = sks_model_new();
    m->status = SKS_SAT;
    m->nvars = cnf->nvars;
    m->val = sks_realloc(m->val, (size_t)cnf->nvars + 1);
    for (int v = 1; v <= cnf->nvars; v++)
      m->val[v] = sks_solver_value(s, v) > 0 ? 1 : -1;
    if (!sks_model_satisfies(m, cnf, &err)) {
      app_message("%s: the %s model is wrong: %s", sks_input_name(in),
                  app->opt.backend->name, err.msg);
      res = BATCH_INVALID;
    } else {
      printf("s SATISFIABLE\n");
      print_model(s, cnf->nvars);
      res = BATCH_ONE;
      if (cnf->desc && print_cnf_grid(cnf, m))
        res = BATCH_INVALID;
    }
    sks_model_delete(m);
  } else if (r == SKS_UNSAT) {
    printf("s UNSATISFIABLE\n");
    res = BATCH_NONE;
  } else {
    const char *why = sks_solver_error(s);
    if (why && !app->opt.quiet)
      app_message("%s: %s", sks_input_name(in), why);
    printf("s UNKNOWN\n");
    res = BATCH_UNKNOWN;
  }
  fflush(stdout);
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
  batch_totals all;
  batch_operands(app, &solve_ops, solve_cnf, &all);
  batch_summary(app, &all, "solved", NULL);
  app_print_stats(app);
  return batch_exit(&all);
}
