/* `sudokusat rate --analog`: each puzzle's hardness eta = -log10 kappa, kappa
 * the escape rate of the analog dynamics' transient chaos (Ercsey-Ravasz &
 * Toroczkai 2012), from --runs runs of analog time --rate-time each.  The
 * puzzles come through the batch path every command reads with; a DIMACS
 * file is rated as it stands. */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
#include "worker_int.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* --plot: each rated puzzle's runs, gathered from the batch threads and
 * drawn after the batch in input order. */
typedef struct curve {
  long order;  /* input order: the puzzle's line, or its index */
  char *title; /* name, or "line N" */
  double kappa, tmax;
  int runs;
  double *t; /* each run's end, sorted later */
  bool *solved;
} curve;

enum { PLOT_CURVES = 12 }; /* more curves than this blur into each other */

static struct {
  pthread_mutex_t lock;
  curve *c;
  int n, cap;
} plot = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

static void plot_add(const batch_job *job, const char *name,
                     const sks_analog_rating *rt, double *t, bool *solved) {
  curve c = {job->line, NULL, rt->kappa, rt->tmax, rt->runs, t, solved};
  size_t len = strlen(name) + 32;
  c.title = sks_malloc(len);
  if (*name)
    snprintf(c.title, len, "%s", name);
  else
    snprintf(c.title, len, "line %ld", job->line);
  pthread_mutex_lock(&plot.lock);
  if (plot.n == plot.cap) {
    plot.cap = plot.cap ? 2 * plot.cap : 16;
    plot.c = sks_realloc(plot.c, (size_t)plot.cap * sizeof *plot.c);
  }
  plot.c[plot.n++] = c;
  pthread_mutex_unlock(&plot.lock);
}

/* What a batch thread rates with: the options, and the grader that keeps
 * the system of the current shape and the CNF it lowers to. */
typedef struct rater {
  sks_app *app;
  sks_grade_analog_options opt;
  sks_grader *g;
} rater;

/* The batch's ratings, which its threads share: a thread with no puzzle
 * left takes runs of the others' (-j 2 and more). */
static sks_analog_group *rate_group;

void app_rating_options(const sks_app *app, sks_analog_group *group,
                        sks_analog_options *o) {
  sks_analog_options_init(o);
  /* The rating is the papers' eta, defined on their law: K unless K2 is
   * asked for. */
  o->memory = app->opt.analog_memory == MEMORY_K2 ? 2 : 1;
  o->method = app->opt.analog_method;
  o->group = group;
  o->rate_width = app->opt.rate_width;
  o->lanes = app->opt.rate_precision == PRECISION_DOUBLE
                 ? SKS_ANALOG_LANES_DOUBLE
                 : SKS_ANALOG_LANES_FLOAT;
}

void app_grade_analog_options(const sks_app *app, sks_analog_group *group,
                              sks_grade_analog_options *o) {
  app_rating_options(app, group, &o->analog);
  o->encode = app->encode;
  o->seed = (unsigned long long)app->opt.seed;
  o->runs = app->opt.runs;
  o->rate_time = app->opt.rate_time;
  o->seconds = app->opt.time_limit;
  o->threads = 1;
}

static void *rate_new(sks_app *app) {
  rater *r = sks_calloc(1, sizeof *r);
  r->app = app;
  app_grade_analog_options(app, rate_group, &r->opt);
  r->g = sks_grader_new();
  return r;
}

static bool rate_idle(void *data) {
  (void)data;
  return rate_group && sks_analog_group_help(rate_group, 0.05);
}

static void rate_delete(void *data) {
  rater *r = data;
  sks_grader_delete(r->g);
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
                         const char *name, int runs_asked) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  print_eta(mem, rt->eta);
  fputs(" [", mem);
  print_eta(mem, rt->eta_lo);
  fputs(", ", mem);
  print_eta(mem, rt->eta_hi);
  fprintf(mem, "] %s %d/%d", label, rt->solved, rt->runs);
  if (rt->stopped) /* the interval was narrow enough before every run */
    fprintf(mem, " of %d", runs_asked);
  fprintf(mem, "%s%s", *name ? " " : "", name);
  fclose(mem);
  return text;
}

/* Writes the answer for job, its rating rt of a CNF of that many
 * clauses and literals (name: what the text form prints after the
 * rating); t and solved (or NULL): each run's end, for the plot. */
static void rate_put(rater *r, const sks_analog_grade *ag, const batch_job *job,
                     const char *name, double *t, bool *solved, FILE *out) {
  sks_app *app = r->app;
  const sks_analog_rating *rt = &ag->rating;
  if (t)
    plot_add(job, name, rt, t, solved);
  const char *label = rt->solved ? sks_analog_label(rt->eta) : "ultra-hard";
  answer ans = {.status = ANSWER_RATED, .count = -1, .backend = "analog"};
  ans.text = rating_text(rt, label, name, app->opt.runs);
  answer_extra(&ans, "eta", "%.4f", rt->eta);
  answer_extra(&ans, "eta_low", "%.4f", rt->eta_lo);
  answer_extra(&ans, "eta_high", "%.4f", rt->eta_hi);
  answer_extra(&ans, "runs_solved", "%.0f", rt->solved);
  answer_extra(&ans, "runs", "%.0f", rt->runs);
  answer_extra(&ans, "runs_max", "%.0f", app->opt.runs);
  answer_extra_word(&ans, "label", label);
  answer_put(app, job, &ans, out);
  free((char *)ans.text);
  if (app->opt.stats && !app->opt.quiet)
    fprintf(stderr,
            "c line %ld: clauses %ld literals %ld exposure %.1f tmax %.0f "
            "seconds %.2f\n",
            job->line, ag->clauses, ag->literals, rt->exposure, rt->tmax,
            rt->seconds);
}

/* Room for each run's end when a plot is asked for, else NULL. */
static void plot_runs(const sks_app *app, double **t, bool **solved) {
  *t = NULL;
  *solved = NULL;
  if (*app->opt.plot || *app->opt.plot_data) {
    *t = sks_calloc((size_t)app->opt.runs, sizeof **t);
    *solved = sks_calloc((size_t)app->opt.runs, sizeof **solved);
  }
}

/* One puzzle: the givens-reduced CNF, as the papers rate it (a puzzle
 * of a batch: one thread, and the group's idle ones). */
static int rate_puzzle(void *data, const batch_job *job, FILE *out) {
  rater *r = data;
  const sks_puzzle *p = job->p;
  const char *name = p->look.name ? p->look.name : "";
  double *t;
  bool *solved;
  plot_runs(r->app, &t, &solved);
  sks_analog_grade ag;
  if (sks_grade_analog(r->g, p, &r->opt, &ag, t, solved) == SKS_UNSAT) {
    free(t);
    free(solved);
    answer a = {.status = ANSWER_NONE, .count = -1, .text = a.line};
    snprintf(a.line, sizeof a.line, "- - - none 0/0 %.100s", name);
    answer_put(r->app, job, &a, out);
    return BATCH_NONE;
  }
  rate_put(r, &ag, job, name, t, solved, out);
  return BATCH_ONE;
}

static const batch_ops rate_ops = {rate_new, rate_delete, rate_puzzle,
                                   rate_idle, 1};

/* A DIMACS file: its clauses, whatever they encode. */
static int rate_dimacs(sks_app *app, sks_input *in) {
  sks_cnf *cnf = sks_cnf_new();
  int cls = BATCH_ERROR;
  if (!operand_read_cnf(app, in, cnf, 0)) {
    rater *r = rate_new(app);
    batch_job job = {NULL, sks_input_name(in), 0, sks_time(), 0};
    double *t;
    bool *solved;
    plot_runs(app, &t, &solved);
    /* every -j thread on the one file */
    sks_analog *a = sks_analog_new(cnf);
    sks_analog_grade ag = {.status = SKS_SAT,
                           .clauses = sks_analog_nclauses(a),
                           .literals = sks_analog_nlits(a)};
    sks_analog_rate_runs(a, &r->opt.analog, r->opt.seed, r->opt.runs,
                         r->opt.rate_time, r->opt.seconds, app->analog_threads,
                         &ag.rating, t, solved);
    sks_analog_delete(a);
    rate_put(r, &ag, &job, sks_input_name(in), t, solved, stdout);
    fflush(stdout);
    rate_delete(r);
    cls = BATCH_ONE;
  }
  sks_cnf_delete(cnf);
  return cls;
}

static int cmp_curve(const void *a, const void *b) {
  long x = ((const curve *)a)->order, y = ((const curve *)b)->order;
  return (x > y) - (x < y);
}

/* The fraction of runs still unsolved against analog time, one block a
 * curve (gnuplot's index): the library's staircase of each rating. */
static void write_plot_data(FILE *f, const curve *c, int n) {
  for (int i = 0; i < n; i++) {
    size_t room = 2 * (size_t)c[i].runs + 2;
    double *t = sks_malloc(room * sizeof *t);
    double *left = sks_malloc(room * sizeof *left);
    int k = sks_grade_analog_curve(c[i].t, c[i].solved, c[i].runs, c[i].tmax, t,
                                   left);
    fprintf(f, "# %s: kappa %.6g\n", c[i].title, c[i].kappa);
    for (int j = 0; j < k; j++)
      fprintf(f, "%.6g %.6g\n", t[j], left[j]);
    fputs("\n\n", f);
    free(t);
    free(left);
  }
}

/* gnuplot quoting: a title between single quotes, '' for a quote. */
static void put_title(FILE *f, const char *s) {
  putc('\'', f);
  for (; *s; s++) {
    if (*s == '\'')
      putc('\'', f);
    if ((unsigned char)*s >= 0x20)
      putc(*s, f);
  }
  putc('\'', f);
}

/* The script names no file: gnuplot draws into its descriptor 3 and
 * reads the runs from its descriptor 4 (both opened here), so no name a
 * user gave, nor TMPDIR, is ever part of a gnuplot command. */
static void write_plot_script(FILE *f, const curve *c, int n) {
  /* down to half a run of the largest batch: a log axis shows every step
   * but the last (none left) */
  int runs = 1;
  for (int i = 0; i < n; i++)
    runs = c[i].runs > runs ? c[i].runs : runs;
  fprintf(f,
          "set terminal pngcairo size 900,600 font ',10' noenhanced\n"
          "set output '/dev/fd/3'\n"
          "set logscale y\nset yrange [%g:1.1]\n"
          "set xlabel 'analog time t'\n"
          "set ylabel 'fraction of runs not yet solved'\n"
          "set key outside right\n"
          "set title 'Escape rate: runs unsolved at t fall as exp(-kappa t); "
          "eta = -log10 kappa'\n"
          "plot \\\n",
          0.5 / runs);
  for (int i = 0; i < n; i++) {
    fprintf(f, "  '/dev/fd/4' index %d with steps lw 1.5 lc %d title ", i,
            i + 1);
    put_title(f, c[i].title);
    fprintf(f,
            ", \\\n  exp(-%.9g * x) with lines dt 2 lc %d title "
            "sprintf('kappa = %%.3g', %.9g)%s\n",
            c[i].kappa, i + 1, c[i].kappa, i + 1 < n ? ", \\" : "");
  }
  fputs("set output\n", f);
}

/* A private temporary in $TMPDIR (or /tmp), removed at once: only its
 * descriptor (at 10 or above, close-on-exec) is left.  -1 on failure. */
static int anonymous_file(void) {
  const char *dir = getenv("TMPDIR");
  if (!dir || !*dir)
    dir = "/tmp";
  size_t len = strlen(dir) + 32;
  char *tmpl = sks_malloc(len);
  snprintf(tmpl, len, "%s/sudokusat-plot-XXXXXX", dir);
  int fd = sks_temp_create(tmpl, false);
  if (fd >= 0) {
    unlink(tmpl);
    sks_temp_forget(tmpl);
    int high = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    close(fd);
    fd = high;
  }
  free(tmpl);
  return fd;
}

/* Runs gnuplot (found in PATH, no shell) with the script on its standard
 * input, png as descriptor 3 and the data as 4; its messages go to our
 * standard error.  Returns its wait status, or -1. */
static int run_gnuplot(int script, int png, int data) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, script, 0);
  posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, 1);
  posix_spawn_file_actions_adddup2(&fa, png, 3);
  posix_spawn_file_actions_adddup2(&fa, data, 4);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, def;
  sigemptyset(&none);
  sigfillset(&def);
  sigdelset(&def, SIGKILL);
  sigdelset(&def, SIGSTOP);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &def);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF |
                                      POSIX_SPAWN_SETPGROUP);
  char *argv[] = {"gnuplot", NULL};
  pid_t pid;
  sks_cleanup_hold(); /* started and recorded, or not started */
  int rc = posix_spawnp(&pid, "gnuplot", &fa, &attr, argv, environ);
  if (!rc)
    sks_cleanup_add_group((long)pid);
  sks_cleanup_release();
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (rc) {
    errno = rc;
    return -1;
  }
  int ws = -1;
  while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
    ;
  sks_cleanup_forget_group((long)pid);
  return ws;
}

/* Whether path may be written: refused when something is there (a
 * dangling symbolic link too) unless --force. */
static bool may_write(const sks_app *app, const char *path) {
  struct stat st;
  if (app->opt.force || lstat(path, &st) != 0)
    return true;
  app_message("%s exists; not overwriting it without --force", path);
  return false;
}

/* The data of the picture into path, through a temporary beside it
 * renamed into place (a symbolic link there is replaced, not followed).
 * Returns 0 or EXIT_INPUT (reported). */
static int write_plot_file(const char *path, const curve *c, int n) {
  char *tmp = sks_temp_beside(path);
  int fd = sks_temp_create(tmp, true);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  int res = 0;
  if (!f) {
    app_message("--plot-data %s: cannot write: %s", path, strerror(errno));
    if (fd >= 0)
      close(fd);
    res = EXIT_INPUT;
  } else {
    write_plot_data(f, c, n);
    int bad = fflush(f) || ferror(f);
    int e = errno;
    if (fclose(f) || bad || rename(tmp, path)) {
      app_message("--plot-data %s: write error: %s", path,
                  strerror(bad ? e : errno));
      res = EXIT_INPUT;
    }
  }
  if (res)
    unlink(tmp);
  sks_temp_forget(tmp);
  free(tmp);
  return res;
}

/* Draws the gathered curves into path with gnuplot, through a temporary
 * file beside it renamed into place.  Returns 0, or a status (reported). */
static int draw_plot(const char *path, const curve *c, int n) {
  int script = anonymous_file(), data = anonymous_file();
  char *tmp = sks_temp_beside(path);
  int png = sks_temp_create(tmp, true);
  int res = 0;
  if (script < 0 || data < 0 || png < 0) {
    app_message("--plot %s: cannot make a temporary file: %s", path,
                strerror(errno));
    res = EXIT_INPUT;
  }
  FILE *g = res ? NULL : fdopen(dup(script), "w");
  FILE *d = res ? NULL : fdopen(dup(data), "w");
  if (!res && g && d) {
    write_plot_script(g, c, n);
    write_plot_data(d, c, n);
  }
  bool wrote = g && d && !ferror(g) && !ferror(d);
  if (g && fclose(g))
    wrote = false;
  if (d && fclose(d))
    wrote = false;
  if (!res && !wrote) {
    app_message("--plot %s: cannot write the picture's data: %s", path,
                strerror(errno));
    res = EXIT_INPUT;
  }
  if (!res) {
    lseek(script, 0, SEEK_SET);
    int ws = run_gnuplot(script, png, data);
    struct stat st;
    if (ws < 0)
      app_message("--plot %s: cannot run gnuplot: %s (is it installed?)", path,
                  strerror(errno));
    else if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
      app_message("--plot %s: gnuplot could not draw it", path);
    else if (fstat(png, &st) || st.st_size == 0)
      app_message("--plot %s: gnuplot drew nothing", path);
    else if (rename(tmp, path))
      app_message("--plot %s: cannot write: %s", path, strerror(errno));
    else
      ws = -2; /* done */
    res = ws == -2 ? 0 : EXIT_INPUT;
  }
  if (png >= 0) {
    close(png);
    if (res)
      unlink(tmp);
  }
  sks_temp_forget(tmp);
  if (script >= 0)
    close(script);
  if (data >= 0)
    close(data);
  free(tmp);
  return res;
}

/* --plot and --plot-data, after the batch: the curves in input order. */
static int finish_plot(const sks_app *app) {
  qsort(plot.c, (size_t)plot.n, sizeof *plot.c, cmp_curve);
  int n = plot.n < PLOT_CURVES ? plot.n : PLOT_CURVES;
  if (plot.n > n && !app->opt.quiet)
    app_message("--plot: the first %d of %d puzzles are drawn", n, plot.n);
  int res = 0;
  if (*app->opt.plot)
    res = draw_plot(app->opt.plot, plot.c, n);
  if (*app->opt.plot_data) {
    int r = write_plot_file(app->opt.plot_data, plot.c, n);
    res = res ? res : r;
  }
  return res;
}

static void plot_free(void) {
  for (int i = 0; i < plot.n; i++) {
    free(plot.c[i].title);
    free(plot.c[i].t);
    free(plot.c[i].solved);
  }
  free(plot.c);
}

int app_rate(sks_app *app) {
  if (!app->opt.analog) {
    app_message("rate: only the analog rating exists; use 'rate --analog'");
    return EXIT_USAGE;
  }
  static const char *const columns[] = {"eta",         "eta_low", "eta_high",
                                        "runs_solved", "runs",    "runs_max",
                                        "label",       NULL};
  if ((*app->opt.plot && !may_write(app, app->opt.plot)) ||
      (*app->opt.plot_data && !may_write(app, app->opt.plot_data)))
    return EXIT_USAGE;
  answer_header(app, columns);
  if (app->opt.jobs > 1)
    rate_group = sks_analog_group_new();
  batch_totals all;
  batch_operands(app, &rate_ops, rate_dimacs, &all);
  sks_analog_group_delete(rate_group);
  rate_group = NULL;
  batch_summary(app, &all);
  int drawn =
      (*app->opt.plot || *app->opt.plot_data) && plot.n ? finish_plot(app) : 0;
  plot_free();
  if (drawn)
    return drawn;
  /* A rating decides nothing: the status says only whether all input
   * could be read. */
  return all.input_errors || all.by_class[BATCH_ERROR] ? EXIT_INPUT
                                                       : EXIT_ALL_OK;
}
