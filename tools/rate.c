/* `sudokusat rate --analog`: each puzzle's hardness eta = -log10 kappa, kappa
 * the escape rate of the analog dynamics' transient chaos (Ercsey-Ravasz &
 * Toroczkai 2012), from --runs runs of analog time --rate-time each.  The
 * puzzles come through the batch path every command reads with; a DIMACS
 * file is rated as it stands. */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
#include "worker_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What a batch thread rates with: the options, the system of the current
 * shape and the CNF it lowers to. */
typedef struct rater {
  sks_app *app;
  sks_analog_options opt;
  sks_eo *eo;
  sks_cnf *cnf;
} rater;

static void *rate_new(sks_app *app) {
  rater *r = sks_calloc(1, sizeof *r);
  r->app = app;
  sks_analog_options_init(&r->opt);
  /* The rating is the papers' eta, defined on their law: K unless K2 is
   * asked for. */
  r->opt.memory = app->opt.analog_memory == MEMORY_K2 ? 2 : 1;
  r->opt.method = app->opt.analog_method;
  r->cnf = sks_cnf_new();
  return r;
}

static void rate_delete(void *data) {
  rater *r = data;
  sks_eo_delete(r->eo);
  sks_cnf_delete(r->cnf);
  free(r);
}

static void print_eta(FILE *out, double eta) {
  if (isfinite(eta))
    fprintf(out, "%.2f", eta);
  else
    fputs("inf", out);
}

/* The text form: "eta [lo, hi] label solved/runs name". */
static char *rating_text(const sks_analog_rating *rt, const char *label,
                         const char *name) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  print_eta(mem, rt->eta);
  fputs(" [", mem);
  print_eta(mem, rt->eta_lo);
  fputs(", ", mem);
  print_eta(mem, rt->eta_hi);
  fprintf(mem, "] %s %d/%d%s%s", label, rt->solved, rt->runs, *name ? " " : "",
          name);
  fclose(mem);
  return text;
}

/* Rates cnf and writes the answer for job (name: what the text form
 * prints after the rating). */
static void rate_cnf_to(rater *r, const sks_cnf *cnf, const batch_job *job,
                        const char *name, FILE *out) {
  sks_app *app = r->app;
  sks_analog *a = sks_analog_new(cnf);
  sks_analog_rating rt;
  sks_analog_rate(a, &r->opt, (unsigned long long)app->opt.seed, app->opt.runs,
                  app->opt.rate_time, app->opt.time_limit, app->analog_threads,
                  &rt);
  const char *label = rt.solved ? sks_analog_label(rt.eta) : "ultra-hard";
  answer ans = {.status = "rated", .count = -1, .backend = "analog"};
  ans.text = rating_text(&rt, label, name);
  answer_extra(&ans, "eta", "%.4f", rt.eta);
  answer_extra(&ans, "eta_low", "%.4f", rt.eta_lo);
  answer_extra(&ans, "eta_high", "%.4f", rt.eta_hi);
  answer_extra(&ans, "runs_solved", "%.0f", rt.solved);
  answer_extra(&ans, "runs", "%.0f", rt.runs);
  answer_extra_word(&ans, "label", label);
  answer_put(app, job, &ans, out);
  free((char *)ans.text);
  if (app->opt.stats && !app->opt.quiet)
    fprintf(stderr,
            "c line %ld: clauses %ld literals %ld exposure %.1f tmax %.0f "
            "seconds %.2f\n",
            job->line, sks_analog_nclauses(a), sks_analog_nlits(a), rt.exposure,
            rt.tmax, rt.seconds);
  sks_analog_delete(a);
}

/* One puzzle: the givens-reduced CNF, as the papers rate it. */
static int rate_puzzle(void *data, const batch_job *job, FILE *out) {
  rater *r = data;
  const sks_puzzle *p = job->p;
  if (!r->eo || !sks_shape_same(sks_eo_shape(r->eo), p->shape)) {
    sks_eo_delete(r->eo);
    r->eo = sks_eo_new(p->shape);
  }
  const char *name = p->look.name ? p->look.name : "";
  if (sks_eo_load(r->eo, p, SKS_PROPAGATE_GIVENS) == SKS_UNSAT) {
    answer a = {.status = "none", .count = -1, .text = a.line};
    snprintf(a.line, sizeof a.line, "- - - none 0/0 %.100s", name);
    answer_put(r->app, job, &a, out);
    return BATCH_NONE;
  }
  sks_encode(r->eo, &r->app->encode, r->cnf);
  rate_cnf_to(r, r->cnf, job, name, out);
  return BATCH_ONE;
}

static const batch_ops rate_ops = {rate_new, rate_delete, rate_puzzle};

/* A DIMACS file: its clauses, whatever they encode. */
static int rate_dimacs(sks_app *app, sks_input *in) {
  sks_cnf *cnf = sks_cnf_new();
  int cls = BATCH_ERROR;
  if (!operand_read_cnf(app, in, cnf)) {
    rater *r = rate_new(app);
    batch_job job = {NULL, sks_input_name(in), 0, sks_time()};
    rate_cnf_to(r, cnf, &job, sks_input_name(in), stdout);
    fflush(stdout);
    rate_delete(r);
    cls = BATCH_ONE;
  }
  sks_cnf_delete(cnf);
  return cls;
}

int app_rate(sks_app *app) {
  if (!app->opt.analog) {
    app_message("rate: only the analog rating exists; use 'rate --analog'");
    return EXIT_USAGE;
  }
  static const char *const columns[] = {
      "eta", "eta_low", "eta_high", "runs_solved", "runs", "label", NULL};
  answer_header(app, columns);
  batch_totals all;
  batch_operands(app, &rate_ops, rate_dimacs, &all);
  batch_summary(app, &all, "rated", NULL);
  /* A rating decides nothing: the status says only whether all input
   * could be read. */
  return all.input_errors || all.by_class[BATCH_ERROR] ? EXIT_INPUT
                                                       : EXIT_ALL_OK;
}
