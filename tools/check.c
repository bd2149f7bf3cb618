/* `sudokusat unique` and `sudokusat count`: solutions counted with blocking
 * clauses (or natively by DLX), optionally decided by two backends. */
#include "batch_int.h"
#include "worker_int.h"

#include <stdlib.h>
#include <string.h>

static void *check_new(sks_app *app) {
  sks_error err = {0};
  return worker_create(app, &err); /* checked once before the batch */
}

static void check_delete(void *w) {
  worker_destroy(w);
}

static bool same_answer(sks_count_result a, sks_count_result b) {
  return a.count == b.count && a.at_limit == b.at_limit;
}

static int check_run(void *data, const sks_puzzle *p, FILE *out) {
  worker *w = data;
  sks_app *app = w->app;
  bool unique = !strcmp(app->command, "unique");
  sks_error err = {0};
  if (worker_load(w, p, &err) < 0) {
    app_error(NULL, &err);
    fputs("error\n", out);
    return BATCH_ERROR;
  }
  long long limit = unique ? 2 : app->opt.limit;
  bool show = unique && app->opt.show;
  sks_limits left = worker_left(w);
  sks_count_result r =
      sks_count(w->solver, w->eo, p, limit, &left, show ? w->grid : NULL,
                show ? w->grid2 : NULL, w->scratch, &err);
  if (r.status < 0) {
    app_message("line %ld: the %s answer failed validation: %s", p->look.line,
                app->opt.backend->name, err.msg);
    fputs("invalid\n", out);
    return BATCH_INVALID;
  }
  if (w->second && r.status == SKS_SAT) {
    left = worker_left(w);
    sks_count_result r2 = sks_count(w->second, w->eo, p, limit, &left, NULL,
                                    NULL, w->scratch, &err);
    if (r2.status < 0 || (r2.status == SKS_SAT && !same_answer(r, r2))) {
      app_message("line %ld: backends disagree: %s counts %lld%s, %s counts "
                  "%lld%s",
                  p->look.line, app->opt.backend->name, r.count,
                  r.at_limit ? "+" : "", sks_solver_backend(w->second)->name,
                  r2.count, r2.at_limit ? "+" : "");
      fputs("disagree\n", out);
      return BATCH_DISAGREE;
    }
    if (r2.status != SKS_SAT)
      r.status = SKS_UNKNOWN;
  }
  int cls;
  if (r.status == SKS_UNKNOWN && !(unique && r.count >= 2)) {
    /* A count cut short by a time or step limit still says what it
     * found: at least that many (as exact-cover --count does). */
    if (!unique && r.count > 0)
      fprintf(out, "%lld+\n", r.count);
    else
      fputs("unknown\n", out);
    return BATCH_UNKNOWN;
  }
  cls = r.count == 0                  ? BATCH_NONE
        : r.count == 1 && !r.at_limit ? BATCH_ONE
                                      : BATCH_MANY;
  if (unique) {
    fputs(cls == BATCH_NONE  ? "none\n"
          : cls == BATCH_ONE ? "unique\n"
                             : "multiple\n",
          out);
    if (show && r.count >= 1)
      worker_print(w, p, w->grid, out);
    if (show && r.count >= 2)
      worker_print(w, p, w->grid2, out);
  } else
    fprintf(out, "%lld%s\n", r.count, r.at_limit ? "+" : "");
  return cls;
}

static const batch_ops check_ops = {check_new, check_delete, check_run};

/* A CNF the encoder wrote stands for its puzzle. */
static int check_cnf(sks_app *app, sks_input *in) {
  sks_cnf *cnf = sks_cnf_new();
  sks_error err = {0};
  int cls = BATCH_ERROR;
  sks_puzzle *p = NULL;
  if (operand_read_cnf(app, in, cnf))
    ;
  else if (!cnf->desc)
    app_message("%s: the CNF carries no puzzle description; %s needs one "
                "written by 'sudokusat encode'",
                sks_input_name(in), app->command);
  else if (!(p = sks_cnf_desc_puzzle(cnf->desc, &err)))
    app_error(sks_input_name(in), &err);
  else {
    worker *w = worker_create(app, &err);
    p->look.layout = sks_layout_default(p->shape->n);
    cls = check_run(w, p, stdout);
    worker_destroy(w);
    sks_puzzle_delete(p);
  }
  sks_cnf_delete(cnf);
  return cls;
}

int app_check(sks_app *app) {
  sks_error err = {0};
  bool unique = !strcmp(app->command, "unique");
  worker *probe = worker_create(app, &err);
  if (!probe) {
    app_error(NULL, &err);
    return EXIT_USAGE;
  }
  unsigned caps = sks_solver_backend(probe->solver)->caps;
  worker_destroy(probe);
  if (!(caps & (SKS_CAP_COUNT | SKS_CAP_BLOCK)) || !(caps & SKS_CAP_UNSAT)) {
    app_message("the %s backend cannot count solutions or prove there are "
                "no more (use picosat or dlx)",
                app->opt.backend->name);
    return EXIT_USAGE;
  }
  batch_totals all;
  batch_operands(app, &check_ops, check_cnf, &all);
  batch_summary(app, &all, unique ? "unique" : "one",
                unique ? "multiple" : "several");
  app_print_stats(app);
  return batch_exit(&all);
}
