/* `sudokusat unique` and `sudokusat count`: solutions counted with blocking
 * clauses (or natively by DLX), optionally decided by two backends. */
#include "batch_int.h"
#include "worker_int.h"

#include <stdlib.h>
#include <string.h>

/* Result classes, for the summary and the exit status. */
enum { ONE, MANY, NONE, UNKNOWN, INVALID, DISAGREE };

static void *check_new(sks_app *app) {
  sks_error err = {0};
  return worker_create(app, &err); /* checked once before the batch */
}

static void check_delete(void *w) { worker_destroy(w); }

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
  sks_count_result r =
      sks_count(w->solver, w->eo, p, limit, &w->lim, show ? w->grid : NULL,
                show ? w->grid2 : NULL, &err);
  if (r.status < 0) {
    app_message("line %ld: the %s answer failed validation: %s", p->line,
                app->opt.backend, err.msg);
    fputs("invalid\n", out);
    return INVALID;
  }
  if (w->second && r.status == SKS_SAT) {
    sks_count_result r2 =
        sks_count(w->second, w->eo, p, limit, &w->lim, NULL, NULL, &err);
    if (r2.status < 0 || (r2.status == SKS_SAT && !same_answer(r, r2))) {
      app_message("line %ld: backends disagree: %s counts %lld%s, %s counts "
                  "%lld%s",
                  p->line, app->opt.backend, r.count, r.at_limit ? "+" : "",
                  sks_solver_backend(w->second)->name, r2.count,
                  r2.at_limit ? "+" : "");
      fputs("disagree\n", out);
      return DISAGREE;
    }
    if (r2.status != SKS_SAT)
      r.status = SKS_UNKNOWN;
  }
  int cls;
  if (r.status == SKS_UNKNOWN && !(unique && r.count >= 2)) {
    fputs("unknown\n", out);
    return UNKNOWN;
  }
  cls = r.count == 0 ? NONE : r.count == 1 && !r.at_limit ? ONE : MANY;
  if (unique) {
    fputs(cls == NONE ? "none\n" : cls == ONE ? "unique\n" : "multiple\n", out);
    if (show && r.count >= 1)
      worker_print(w, p, w->grid, out);
    if (show && r.count >= 2)
      worker_print(w, p, w->grid2, out);
  } else
    fprintf(out, "%lld%s\n", r.count, r.at_limit ? "+" : "");
  return cls;
}

static const batch_ops check_ops = {check_new, check_delete, check_run};

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
                app->opt.backend);
    return EXIT_USAGE;
  }
  operand *ops;
  int nops, res = operands_open(app, &ops, &nops);
  batch_totals all;
  memset(&all, 0, sizeof all);
  sks_input **ins = sks_calloc((size_t)nops + 1, sizeof *ins);
  for (int i = 0; !res && i < nops;) {
    /* A CNF the encoder wrote stands for its puzzle. */
    if (ops[i].dimacs) {
      sks_cnf *cnf = sks_cnf_new();
      res = operand_read_cnf(app, ops[i].in, cnf);
      if (!res && !cnf->desc) {
        app_message("%s: the CNF carries no puzzle description; %s needs "
                    "one written by 'sudokusat encode'",
                    sks_input_name(ops[i].in), app->command);
        res = EXIT_INPUT;
      }
      sks_puzzle *p = res ? NULL : sks_cnf_desc_puzzle(cnf->desc, &err);
      if (!res && !p) {
        app_error(sks_input_name(ops[i].in), &err);
        res = EXIT_INPUT;
      }
      if (p) {
        worker *w = worker_create(app, &err);
        p->layout = p->n <= 35 ? SKS_LAYOUT_LINE : SKS_LAYOUT_NUMBERS;
        int cls = check_run(w, p, stdout);
        worker_destroy(w);
        all.puzzles++;
        all.by_class[cls]++;
        sks_puzzle_delete(p);
      }
      sks_cnf_delete(cnf);
      i++;
      continue;
    }
    int j = i;
    while (j < nops && !ops[j].dimacs) {
      ins[j - i] = ops[j].in;
      j++;
    }
    batch_totals t;
    batch_run(app, &check_ops, ins, j - i, &t);
    all.puzzles += t.puzzles;
    for (int k = 0; k < BATCH_CLASSES; k++)
      all.by_class[k] += t.by_class[k];
    all.input_errors += t.input_errors;
    all.seconds += t.seconds;
    i = j;
  }
  free(ins);
  operands_close(ops, nops);
  fflush(stdout);
  if (!app->opt.quiet && all.puzzles > 1)
    app_message("%lld puzzles: %lld %s, %lld %s, %lld none, %lld unknown; "
                "%.2f s, %.0f puzzles/s, peak %.1f MB",
                all.puzzles, all.by_class[ONE], unique ? "unique" : "one",
                all.by_class[MANY], unique ? "multiple" : "several",
                all.by_class[NONE], all.by_class[UNKNOWN], all.seconds,
                all.seconds > 0 ? (double)all.puzzles / all.seconds : 0.0,
                (double)sks_peak_memory() / (1024.0 * 1024.0));
  app_print_stats(app);
  if (res)
    return res;
  if (all.by_class[DISAGREE])
    return EXIT_DISAGREE;
  if (all.by_class[INVALID])
    return EXIT_INVALID;
  if (all.input_errors || all.by_class[BATCH_ERROR])
    return EXIT_INPUT;
  if (all.puzzles == 1)
    return all.by_class[NONE]      ? EXIT_NONE
           : all.by_class[UNKNOWN] ? 0
                                   : EXIT_SOLVED;
  return all.by_class[UNKNOWN] ? EXIT_UNKNOWN_ANY : EXIT_ALL_OK;
}
