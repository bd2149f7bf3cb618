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

/* Rates cnf: "eta [lo, hi] label solved/runs name" on out. */
static void rate_cnf_to(rater *r, const sks_cnf *cnf, const char *name,
                        long line, FILE *out) {
  sks_app *app = r->app;
  sks_analog *a = sks_analog_new(cnf);
  sks_analog_rating rt;
  sks_analog_rate(a, &r->opt, (unsigned long long)app->opt.seed, app->opt.runs,
                  app->opt.rate_time, app->opt.time_limit, app->analog_threads,
                  &rt);
  print_eta(out, rt.eta);
  fputs(" [", out);
  print_eta(out, rt.eta_lo);
  fputs(", ", out);
  print_eta(out, rt.eta_hi);
  fprintf(out, "] %s %d/%d%s%s\n",
          rt.solved ? sks_analog_label(rt.eta) : "ultra-hard", rt.solved,
          rt.runs, *name ? " " : "", name);
  if (app->opt.stats && !app->opt.quiet)
    fprintf(stderr,
            "c line %ld: clauses %ld literals %ld exposure %.1f tmax %.0f "
            "seconds %.2f\n",
            line, sks_analog_nclauses(a), sks_analog_nlits(a), rt.exposure,
            rt.tmax, rt.seconds);
  sks_analog_delete(a);
}

/* One puzzle: the givens-reduced CNF, as the papers rate it. */
static int rate_puzzle(void *data, const sks_puzzle *p, FILE *out) {
  rater *r = data;
  if (!r->eo || !sks_shape_same(sks_eo_shape(r->eo), p->shape)) {
    sks_eo_delete(r->eo);
    r->eo = sks_eo_new(p->shape);
  }
  const char *name = p->look.name ? p->look.name : "";
  if (sks_eo_load(r->eo, p, SKS_PROPAGATE_GIVENS) == SKS_UNSAT) {
    fprintf(out, "- - - none 0/0 %s\n", name);
    return BATCH_NONE;
  }
  sks_encode(r->eo, &r->app->encode, r->cnf);
  rate_cnf_to(r, r->cnf, name, p->look.line, out);
  return BATCH_ONE;
}

static const batch_ops rate_ops = {rate_new, rate_delete, rate_puzzle};

/* A DIMACS file: its clauses, whatever they encode. */
static int rate_dimacs(sks_app *app, sks_input *in) {
  sks_cnf *cnf = sks_cnf_new();
  int cls = BATCH_ERROR;
  if (!operand_read_cnf(app, in, cnf)) {
    rater *r = rate_new(app);
    rate_cnf_to(r, cnf, sks_input_name(in), 0, stdout);
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
  batch_totals all;
  batch_operands(app, &rate_ops, rate_dimacs, &all);
  batch_summary(app, &all, "rated", NULL);
  /* A rating decides nothing: the status says only whether all input
   * could be read. */
  return all.input_errors || all.by_class[BATCH_ERROR] ? EXIT_INPUT
                                                       : EXIT_ALL_OK;
}
