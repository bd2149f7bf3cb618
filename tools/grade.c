/* `sudokusat grade`: each puzzle's logic level (singles, locked
 * candidates, search), search effort and label (docs/authoring.md, "Grading and
 * repairing puzzles"), and with --analog the analog hardness eta. */
#include "batch_int.h"
#include "worker_int.h"

#include <stdlib.h>

/* What a batch thread grades with. */
typedef struct grader_ctx {
  sks_app *app;
  sks_grader *g;
  sks_grade_options opt;
  bool analog;
  sks_grade_analog_options analog_opt; /* --analog */
} grader_ctx;

/* --analog with -j 2 and more: the batch's ratings, which its threads
 * share (a thread with no puzzle left takes runs of the others'). */
static sks_analog_group *grade_group;

static void *grade_new(sks_app *app) {
  grader_ctx *c = sks_calloc(1, sizeof *c);
  c->app = app;
  c->g = sks_grader_new();
  c->opt.permutations = app->opt.permutations;
  c->opt.seed = (unsigned long long)app->opt.seed;
  c->opt.se_rating = app->opt.se_rating;
  c->opt.path_rating = app->opt.path_rating;
  c->opt.max_nodes = app->opt.max_steps;
  if (app->opt.analog) {
    c->analog = true;
    app_grade_analog_options(app, grade_group, &c->analog_opt);
  }
  return c;
}

static void grade_delete(void *data) {
  grader_ctx *c = data;
  sks_grader_delete(c->g);
  free(c);
}

static bool grade_idle(void *data) {
  (void)data;
  return grade_group && sks_analog_group_help(grade_group, 0.05);
}

/* Text: "LEVEL EFFORT LABEL TECHNIQUE RATING [eta=E] [NAME]", or "multiple" /
 * "none" / "unknown EFFORT+"; JSON and CSV: the same as fields. */
static int grade_run(void *data, const batch_job *job, FILE *out) {
  grader_ctx *c = data;
  const sks_puzzle *p = job->p;
  sks_grade gr;
  int st = sks_grade_puzzle(c->g, p, &c->opt, &gr);
  const char *name = p->look.name ? p->look.name : "";
  answer a = {.count = -1, .text = a.line};
  int cls, len;
  if (st == SKS_UNSAT) {
    a.status = ANSWER_NONE;
    len = snprintf(a.line, sizeof a.line, "none");
    cls = BATCH_NONE;
  } else if (st == SKS_UNKNOWN) {
    a.status = ANSWER_UNKNOWN;
    len = snprintf(a.line, sizeof a.line, "unknown %.1f+", gr.effort);
    answer_extra(&a, "effort", "%.1f", gr.effort);
    cls = BATCH_UNKNOWN;
  } else if (gr.multiple) {
    a.status = ANSWER_MULTIPLE;
    len = snprintf(a.line, sizeof a.line, "multiple");
    cls = BATCH_MANY;
  } else {
    a.status = ANSWER_GRADED;
    len = snprintf(a.line, sizeof a.line, "%s %.1f%s %s",
                   sks_grade_level_name(gr.level), gr.effort,
                   gr.at_budget ? "+" : "", sks_grade_label_name(gr.label));
    answer_extra_word(&a, "level", sks_grade_level_name(gr.level));
    answer_extra(&a, "effort", "%.1f", gr.effort);
    answer_extra_word(&a, "label", sks_grade_label_name(gr.label));
    if (gr.technique >= 0) { /* the human path: hardest step, SE scale */
      const char *key = sks_technique_key((sks_technique)gr.technique);
      answer_extra_word(&a, "technique", key);
      answer_extra(&a, "rating", "%.1f", gr.rating);
      len += snprintf(a.line + len, sizeof a.line - (size_t)len, " %s %.1f",
                      key, gr.rating);
    }
    if (c->analog) { /* the rating of the givens-reduced CNF */
      sks_analog_grade ag;
      sks_grade_analog(c->g, p, &c->analog_opt, &ag, NULL, NULL);
      const sks_analog_rating *r = &ag.rating;
      answer_extra(&a, "eta", "%.2f", r->eta);
      const char *eta = a.value[a.nextra - 1];
      answer_extra(&a, "eta_low", "%.2f", r->eta_lo);
      const char *lo = a.value[a.nextra - 1];
      answer_extra(&a, "eta_high", "%.2f", r->eta_hi);
      len += snprintf(a.line + len, sizeof a.line - (size_t)len,
                      " eta=%s [%s, %s]", eta, lo, a.value[a.nextra - 1]);
    }
    cls = BATCH_ONE;
  }
  if (*name && len >= 0 && (size_t)len < sizeof a.line)
    snprintf(a.line + len, sizeof a.line - (size_t)len, " %s", name);
  answer_put(c->app, job, &a, out);
  return cls;
}

static const batch_ops grade_ops = {grade_new, grade_delete, grade_run, NULL,
                                    0};
/* --analog: seconds a puzzle, so one a chunk, and idle threads help. */
static const batch_ops grade_analog_ops = {grade_new, grade_delete, grade_run,
                                           grade_idle, 1};

static int grade_dimacs(sks_app *app, sks_input *in) {
  return operand_not_puzzles(app, in, true);
}

int app_grade(sks_app *app) {
  static const char *const columns[] = {"level",     "effort",   "label",
                                        "technique", "rating",   "eta",
                                        "eta_low",   "eta_high", NULL};
  answer_header(app, columns);
  if (app->opt.analog && app->opt.jobs > 1)
    grade_group = sks_analog_group_new();
  batch_totals all;
  batch_operands(app, app->opt.analog ? &grade_analog_ops : &grade_ops,
                 grade_dimacs, &all);
  sks_analog_group_delete(grade_group);
  grade_group = NULL;
  batch_summary(app, &all);
  /* A grade decides nothing: the status says whether all input could be
   * read and every puzzle graded. */
  return batch_exit(&all) == EXIT_INPUT ? EXIT_INPUT
         : all.by_class[BATCH_UNKNOWN]  ? EXIT_UNKNOWN_ANY
                                        : EXIT_ALL_OK;
}
