/* `sudokusat repair`: for a puzzle with several solutions the fewest
 * givens that make it unique (cells, then the repaired puzzle); for one
 * without solution a minimal set of its givens that clash. */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
#include "worker_int.h"

#include <stdlib.h>

typedef struct repair_ctx {
  sks_app *app;
  sks_repairer *r;
  sks_repair_options opt;
  int *grid; /* the repaired puzzle's givens */
  int cells;
} repair_ctx;

static void *repair_new(sks_app *app) {
  repair_ctx *c = sks_calloc(1, sizeof *c);
  c->app = app;
  c->r = sks_repairer_new();
  c->opt.solutions = app->opt.solutions;
  c->opt.max_nodes = app->opt.max_steps;
  c->opt.time_limit = app->opt.time_limit;
  return c;
}

static void repair_delete(void *data) {
  repair_ctx *c = data;
  sks_repairer_delete(c->r);
  free(c->grid);
  free(c);
}

/* " r3c7=4 ..." : rows and columns from 1, the puzzle's symbols. */
static void print_cells(const sks_puzzle *p, const sks_repair *rp, FILE *out) {
  int n = p->shape->n;
  for (int i = 0; i < rp->ncells; i++) {
    int cell = rp->cell[i], d = rp->digit[i];
    fprintf(out, " r%dc%d=", cell / n + 1, cell % n + 1);
    if (n <= SKS_MAX_SYMBOL_N)
      fputc(sks_puzzle_symbol(p, d), out);
    else
      fprintf(out, "%d", d + 1);
  }
}

/* fewest: no smaller clash; minimal: every given in it needed;
 * unreduced: a budget ran out before that was known */
static const char *clash_how(const sks_repair *rp) {
  return rp->fewest ? "fewest" : rp->minimal ? "minimal" : "unreduced";
}

/* The same answers as records (--format json or csv): status unique,
 * unknown, clash (the givens that clash in cells) or repaired (the givens
 * added in cells, the repaired puzzle in result). */
static int repair_record(repair_ctx *c, const batch_job *job,
                         sks_repair_kind kind, const sks_repair *rp,
                         FILE *out) {
  const sks_puzzle *p = job->p;
  answer a = {.count = -1};
  char *cells = NULL;
  size_t len = 0;
  if (kind == SKS_REPAIR_CORE || kind == SKS_REPAIR_ADDED) {
    FILE *mem = open_memstream(&cells, &len);
    print_cells(p, rp, mem);
    fclose(mem);
    a.cells = cells + (len > 0); /* no leading space */
    answer_extra_int(&a, "givens", rp->ncells);
  }
  int cls;
  switch (kind) {
  case SKS_REPAIR_UNIQUE:
    a.status = ANSWER_UNIQUE;
    cls = BATCH_ONE;
    break;
  case SKS_REPAIR_UNKNOWN:
    a.status = ANSWER_UNKNOWN;
    cls = BATCH_UNKNOWN;
    break;
  case SKS_REPAIR_CORE:
    a.status = ANSWER_CLASH;
    answer_extra_word(&a, "how", clash_how(rp));
    cls = BATCH_NONE;
    break;
  default:
    a.status = ANSWER_REPAIRED;
    answer_extra_word(&a, "how",
                      !rp->fewest         ? "greedy"
                      : rp->all_solutions ? "fewest"
                                          : "first");
    a.result = c->grid;
    cls = BATCH_MANY;
  }
  answer_put(c->app, job, &a, out);
  free(cells);
  return cls;
}

/* The repaired puzzle's givens into c->grid. */
static void repaired(repair_ctx *c, const sks_puzzle *p, const sks_repair *rp) {
  int cells = p->shape->n * p->shape->n;
  if (cells > c->cells) {
    c->grid = sks_realloc(c->grid, (size_t)cells * sizeof *c->grid);
    c->cells = cells;
  }
  for (int i = 0; i < cells; i++)
    c->grid[i] = p->cell[i];
  for (int i = 0; i < rp->ncells; i++)
    c->grid[rp->cell[i]] = rp->digit[i];
}

static int repair_run(void *data, const batch_job *job, FILE *out) {
  const sks_puzzle *p = job->p;
  repair_ctx *c = data;
  sks_repair rp;
  sks_repair_kind kind = sks_repair_puzzle(c->r, p, &c->opt, &rp);
  if (kind == SKS_REPAIR_ADDED)
    repaired(c, p, &rp);
  if (c->app->opt.format != FORMAT_TEXT)
    return repair_record(c, job, kind, &rp, out);
  const char *name = p->look.name ? p->look.name : "";
  switch (kind) {
  case SKS_REPAIR_UNIQUE:
    fprintf(out, "unique%s%s\n", *name ? " " : "", name);
    return BATCH_ONE;
  case SKS_REPAIR_UNKNOWN:
    fprintf(out, "unknown%s%s\n", *name ? " " : "", name);
    return BATCH_UNKNOWN;
  case SKS_REPAIR_CORE:
    fprintf(out, "clash %d %s:", rp.ncells, clash_how(&rp));
    print_cells(p, &rp, out);
    if (!rp.ncells) /* only with variant rules: no given is to blame */
      fputs(" (the rules alone have no solution)", out);
    fprintf(out, "%s%s\n", *name ? " " : "", name);
    return BATCH_NONE;
  case SKS_REPAIR_ADDED:
    break;
  }
  /* fewest: over every solution; first: fewest to complete the first
   * solution found (too many to list); greedy: a budget ran out */
  fprintf(out, "add %d %s:", rp.ncells,
          !rp.fewest         ? "greedy"
          : rp.all_solutions ? "fewest"
                             : "first");
  print_cells(p, &rp, out);
  fprintf(out, "%s%s\n", *name ? " " : "", name);
  sks_puzzle_write_rules(out, p); /* the repaired puzzle keeps them */
  app_print_grid(c->app, p, c->grid, out);
  return BATCH_MANY;
}

static const batch_ops repair_ops = {repair_new, repair_delete, repair_run,
                                     NULL, 0};

static int repair_dimacs(sks_app *app, sks_input *in) {
  return operand_not_puzzles(app, in, true);
}

int app_repair(sks_app *app) {
  static const char *const columns[] = {"givens", "how", NULL};
  answer_header(app, columns);
  batch_totals all;
  batch_operands(app, &repair_ops, repair_dimacs, &all);
  batch_summary(app, &all);
  return batch_exit(&all) == EXIT_INPUT ? EXIT_INPUT
         : all.by_class[BATCH_UNKNOWN]  ? EXIT_UNKNOWN_ANY
                                        : EXIT_ALL_OK;
}
