/* `sudokusat exact-cover`: solve or count a general exact-cover problem
 * written in Knuth's item/option format, with the DLX solver. */
#include "app_int.h"

#include <stdio.h>
#include <string.h>

typedef struct printer {
  const sks_xc *xc;
  FILE *out;
  bool failed;
} printer;

/* One solution a line: its options in input order, each as its item
 * names, separated by " | " (a character no item name may hold). */
static int print_solution(void *ctx, const int *opts, int k) {
  printer *pr = ctx;
  const sks_xc *xc = pr->xc;
  for (int j = 0; j < k; j++) {
    if (j)
      fputs(" | ", pr->out);
    for (int t = xc->ostart[opts[j]]; t < xc->ostart[opts[j] + 1]; t++) {
      if (t > xc->ostart[opts[j]])
        putc(' ', pr->out);
      fputs(xc->name[xc->oitem[t]], pr->out);
    }
  }
  if (putc('\n', pr->out) == EOF)
    pr->failed = true;
  return pr->failed; /* stop on a write error (a closed pipe) */
}

int app_exact_cover(sks_app *app) {
  if (app->nfiles > 1) {
    app_message("exact-cover takes one file (or none for standard input)");
    return EXIT_USAGE;
  }
  const char *path = app->nfiles ? app->files[0] : "-";
  sks_error err = {0, 0, ""};
  sks_input *in = sks_input_open(path, &err);
  if (!in) {
    app_error(path, &err);
    return EXIT_INPUT;
  }
  sks_xc *xc = NULL;
  double t0 = sks_time();
  /* the reading is held to --time-limit too (a quarter second's grace) */
  if (app->opt.time_limit > 0)
    sks_input_set_deadline(in, t0 + app->opt.time_limit + 0.25);
  int rc = sks_xc_read(in, &xc, &err);
  const char *name = sks_input_name(in);
  if (sks_input_timed_out(in)) {
    app_message("%s: --time-limit %g reached while reading the problem", name,
                app->opt.time_limit);
    sks_xc_delete(xc);
    sks_input_close(in);
    return EXIT_INPUT;
  }
  if (rc) {
    app_error(name, &err);
    sks_input_close(in);
    return EXIT_INPUT;
  }
  double t1 = sks_time();
  sks_limits lim = {app->opt.time_limit, app->opt.max_steps};
  printer pr = {xc, stdout, false};
  int status;
  long long k =
      sks_dlx_search(xc->dlx, app->opt.limit, &lim,
                     app->opt.count ? NULL : print_solution, &pr, &status);
  double t2 = sks_time();
  bool stopped = status != SKS_SAT;
  if (app->opt.count)
    printf("%lld%s\n", k, stopped ? "+" : "");
  else if (!k)
    puts(stopped ? "unknown" : "none"); /* as `solve` answers */
  if (fflush(stdout) || pr.failed) {
    app_message("error writing the solutions");
    sks_xc_delete(xc);
    sks_input_close(in);
    return EXIT_INPUT;
  }
  if (stopped && !app->opt.quiet)
    app_message("%s: stopped after %lld solution%s (%s); the count is a "
                "lower bound",
                name, k, k == 1 ? "" : "s",
                app->opt.limit && k >= app->opt.limit
                    ? "--limit reached; --limit 0 for all"
                    : "a time or step limit");
  if (app->opt.stats) {
    fprintf(stderr, "c items %d (primary %d)\nc options %d\n", xc->nitems,
            xc->nprimary, xc->noptions);
    fprintf(stderr, "c solutions %lld%s\nc dlx-nodes %llu\n", k,
            stopped ? "+" : "", sks_dlx_last_nodes(xc->dlx));
    fprintf(stderr, "c read-seconds %.3f\nc search-seconds %.3f\n", t1 - t0,
            t2 - t1);
    fprintf(stderr, "c memory-mb %.1f\n",
            (double)sks_dlx_bytes(xc->dlx) / (1024.0 * 1024.0));
  }
  sks_xc_delete(xc);
  sks_input_close(in);
  if (stopped)
    return EXIT_ALL_OK; /* 0: a limit stopped it, as SAT solvers' UNKNOWN */
  return k ? EXIT_SOLVED : EXIT_NONE;
}
