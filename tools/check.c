/* `sudokusat unique` and `sudokusat count`: solutions counted with blocking
 * clauses (or natively by DLX), optionally decided by two backends. */
#include "batch_int.h"
#include "certify_int.h"
#include "worker_int.h"

#include <stdlib.h>
#include <string.h>

static void *check_new(sks_app *app) {
  sks_error err = {0};
  return worker_create(app, &err); /* checked once before the batch */
}

static void check_delete(void *w) {
  worker_destroy(w);
  certify_release();
}

static bool same_answer(sks_count_result a, sks_count_result b) {
  return a.count == b.count && a.at_limit == b.at_limit;
}

/* The count's answer: its class, and its status and text words. */
static int classify(bool unique, sks_count_result r, answer *a) {
  a->count = r.count;
  a->at_least = r.at_limit;
  if (r.status == SKS_UNKNOWN && !(unique && r.count >= 2)) {
    /* A count cut short by a time or step limit still says what it
     * found: at least that many (as exact-cover --count does). */
    a->status = ANSWER_UNKNOWN;
    a->at_least = true;
    if (!unique && r.count > 0)
      a->text = a->line;
    else if (unique)
      a->count = -1;
    snprintf(a->line, sizeof a->line, "%lld+", r.count);
    return BATCH_UNKNOWN;
  }
  if (r.at_limit && r.count == 1) {
    /* --limit 1 reached: a solution, and no word on a second one */
    a->status = ANSWER_SOLVED;
    a->message = "a solution; --limit 1 stops the count before one can be "
                 "told from more";
    if (unique)
      a->count = -1;
    snprintf(a->line, sizeof a->line, "1+");
    a->text = unique ? NULL : a->line;
    return BATCH_UNKNOWN;
  }
  int cls = r.count == 0                  ? BATCH_NONE
            : r.count == 1 && !r.at_limit ? BATCH_ONE
                                          : BATCH_MANY;
  a->status = cls == BATCH_NONE  ? ANSWER_NONE
              : cls == BATCH_ONE ? ANSWER_UNIQUE
                                 : ANSWER_MULTIPLE;
  if (unique)
    a->count = -1;
  else {
    snprintf(a->line, sizeof a->line, "%lld%s", r.count, r.at_limit ? "+" : "");
    a->text = a->line;
  }
  return cls;
}

static int check_run(void *data, const batch_job *job, FILE *out) {
  worker *w = data;
  sks_app *app = w->app;
  const sks_puzzle *p = job->p;
  bool unique = app->cmd == CMD_UNIQUE;
  sks_error err = {0};
  answer a = {.count = -1};
  int cls;
  if (worker_load(w, job, &err) < 0) {
    app_error(job->file, &err);
    a.status = ANSWER_ERROR;
    a.message = err.msg;
    answer_put(app, job, &a, out);
    return BATCH_ERROR;
  }
  long long limit = unique ? 2 : app->opt.limit;
  bool show = unique && app->opt.show;
  bool cert = unique && app->opt.certificate[0];
  /* the engine that answered is said only in JSON and CSV */
  bool named = app->opt.format != FORMAT_TEXT;
  sks_limits left = worker_left(w);
  if (named)
    worker_mark(w);
  sks_count_result r = sks_count(
      w->solver, w->eo, p, limit, &left, show || cert ? w->grid : NULL,
      show || cert ? w->grid2 : NULL, w->scratch, &err);
  if (named)
    a.backend = worker_answered_by(w);
  if (r.status < 0) {
    app_message("%s:%ld: the %s answer failed validation: %s", job->file,
                p->look.line, app->opt.backend->name, err.msg);
    a.status = ANSWER_INVALID;
    a.message = err.msg;
    answer_put(app, job, &a, out);
    return BATCH_INVALID;
  }
  if (w->second && r.status == SKS_SAT) {
    left = worker_left(w);
    sks_count_result r2 = sks_count(w->second, w->eo, p, limit, &left, NULL,
                                    NULL, w->scratch, &err);
    if (r2.status < 0 || (r2.status == SKS_SAT && !same_answer(r, r2))) {
      char why[160];
      snprintf(why, sizeof why, "%s counts %lld%s, %s counts %lld%s",
               app->opt.backend->name, r.count, r.at_limit ? "+" : "",
               sks_solver_backend(w->second)->name, r2.count,
               r2.at_limit ? "+" : "");
      app_message("%s:%ld: backends disagree: %s", job->file, p->look.line,
                  why);
      a.status = ANSWER_DISAGREE;
      a.message = why;
      answer_put(app, job, &a, out);
      return BATCH_DISAGREE;
    }
    if (r2.status != SKS_SAT)
      r.status = SKS_UNKNOWN;
  }
  cls = classify(unique, r, &a);
  double limit_s = app->opt.time_limit;
  if (cert && certify_puzzle(app, job, cls, w->grid, w->grid2,
                             limit_s > 0 ? job->start + limit_s : 0, &err)) {
    app_message("%s:%ld: %s", job->file, p->look.line, err.msg);
    a.status = ANSWER_ERROR;
    a.message = err.msg;
    answer_put(app, job, &a, out);
    return BATCH_ERROR;
  }
  if (show && cls != BATCH_UNKNOWN) {
    a.grid = r.count >= 1 ? w->grid : NULL;
    a.grid2 = r.count >= 2 ? w->grid2 : NULL;
  }
  answer_put(app, job, &a, out);
  return cls;
}

static const batch_ops check_ops = {check_new, check_delete, check_run, NULL,
                                    0};

/* A CNF the encoder wrote stands for its puzzle. */
static int check_cnf(sks_app *app, sks_input *in) {
  double start = sks_time(); /* --time-limit counts from the first byte */
  sks_cnf *cnf = sks_cnf_new();
  sks_error err = {0};
  int cls = BATCH_ERROR;
  sks_puzzle *p = NULL;
  double limit = app->opt.time_limit;
  if (operand_read_cnf(app, in, cnf, limit > 0 ? start + limit : 0))
    ;
  else if (cnf->cut) {
    /* the time limit came before the end of the file */
    answer a = {.status = ANSWER_UNKNOWN, .count = -1};
    batch_job job = {NULL, sks_input_name(in), 0, start, 0};
    answer_put(app, &job, &a, stdout);
    cls = BATCH_UNKNOWN;
  } else if (!cnf->desc) {
    sks_error_set(&err, -1, 0, 0,
                  "the CNF carries no puzzle description; %s needs one "
                  "written by 'sudokusat encode'",
                  app->command);
    app_error(sks_input_name(in), &err);
    operand_error_record(app, in, &err);
  } else if (!(p = sks_cnf_desc_puzzle(cnf->desc, &err))) {
    app_error(sks_input_name(in), &err);
    operand_error_record(app, in, &err);
  } else {
    worker *w = worker_create(app, &err);
    batch_job job = {p, sks_input_name(in), 0, start, 0};
    cls = check_run(w, &job, stdout);
    worker_destroy(w);
    sks_puzzle_delete(p);
  }
  sks_cnf_delete(cnf);
  return cls;
}

int app_check(sks_app *app) {
  sks_error err = {0};
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
  if (app->opt.certificate[0] && certify_prepare(app))
    return EXIT_USAGE;
  answer_header(app, NULL);
  batch_totals all;
  batch_operands(app, &check_ops, check_cnf, &all);
  certify_release();
  /* the classes by the words the answers use */
  batch_summary(app, &all);
  app_print_stats(app);
  return batch_exit(&all);
}
