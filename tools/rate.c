/* `sudokusat rate --analog`: each puzzle's hardness eta = -log10 kappa, kappa
 * the escape rate of the analog dynamics' transient chaos (Ercsey-Ravasz &
 * Toroczkai 2012), from --runs runs of analog time --rate-time each. */
#define _POSIX_C_SOURCE 200809L
#include "app_int.h"
#include "sks_analog.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

static void print_eta(double eta) {
  if (isfinite(eta))
    printf("%.2f", eta);
  else
    printf("inf");
}

/* One puzzle: the givens-reduced CNF, as the papers rate it. */
static void rate_one(sks_app *app, const sks_analog_options *opt,
                     const sks_puzzle *p, int threads) {
  sks_eo *eo = sks_eo_new(p->shape);
  int status = sks_eo_load(eo, p, SKS_PROPAGATE_GIVENS);
  const char *name = p->look.name ? p->look.name : "";
  if (status == SKS_UNSAT) {
    printf("- - - none 0/0 %s\n", name);
    sks_eo_delete(eo);
    return;
  }
  sks_cnf *cnf = sks_cnf_new();
  sks_encode(eo, &app->encode, cnf);
  sks_analog *a = sks_analog_new(cnf);
  sks_analog_rating r;
  sks_analog_rate(a, opt, (unsigned long long)app->opt.seed, app->opt.runs,
                  app->opt.rate_time, app->opt.time_limit, threads, &r);
  /* eta [lo, hi] label solved/runs name */
  print_eta(r.eta);
  printf(" [");
  print_eta(r.eta_lo);
  printf(", ");
  print_eta(r.eta_hi);
  printf("] %s %d/%d%s%s\n",
         r.solved ? sks_analog_label(r.eta) : "ultra-hard", r.solved, r.runs,
         *name ? " " : "", name);
  fflush(stdout);
  if (app->opt.stats && !app->opt.quiet)
    fprintf(stderr,
            "c line %ld: clauses %ld literals %ld exposure %.1f tmax %.0f "
            "seconds %.2f\n",
            p->look.line, sks_analog_nclauses(a), sks_analog_nlits(a), r.exposure,
            r.tmax, r.seconds);
  sks_analog_delete(a);
  sks_cnf_delete(cnf);
  sks_eo_delete(eo);
}

int app_rate(sks_app *app) {
  if (!app->opt.analog) {
    app_message("rate: only the analog rating exists; use 'rate --analog'");
    return EXIT_USAGE;
  }
  sks_analog_options opt;
  sks_analog_options_init(&opt);
  /* The rating is the papers' eta, defined on their law: K unless K2 is
   * asked for. */
  opt.memory = !strcmp(app->opt.analog_memory, "K2") ? 2 : 1;
  opt.method = sks_analog_method_parse(app->opt.analog_method);
  if (opt.method < 0) {
    app_message("--analog-method: unknown '%s' (expected split, rkc or ck)",
                app->opt.analog_method);
    return EXIT_USAGE;
  }
  int threads = app->opt.jobs;
  if (threads <= 0) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    threads = cores > 0 ? (int)cores : 1;
  }
  int result = EXIT_ALL_OK;
  int nfiles = app->nfiles ? app->nfiles : 1;
  for (int f = 0; f < nfiles; f++) {
    const char *path = app->nfiles ? app->files[f] : "-";
    sks_error err;
    sks_input *in = sks_input_open(path, &err);
    if (!in) {
      app_error(path, &err);
      result = EXIT_INPUT;
      continue;
    }
    sks_reader *rd = sks_reader_new(in, &app->fmt);
    sks_puzzle *p;
    int got;
    while ((got = sks_reader_next(rd, &p, &err))) {
      if (got < 0) {
        app_error(sks_input_name(in), &err);
        result = EXIT_INPUT;
        continue;
      }
      rate_one(app, &opt, p, threads);
    }
    sks_reader_delete(rd);
    sks_input_close(in);
  }
  return result;
}
