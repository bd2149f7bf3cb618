/* Per-thread puzzle work shared by solve, unique and count, and the
 * operands they read. */
#include "answer_int.h"
#include "batch_int.h"
#include "worker_int.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void app_solver_options(const sks_app *app, sks_solver_options *so) {
  memset(so, 0, sizeof *so);
  so->seed = (unsigned long long)app->opt.seed;
  so->command = app->opt.solver[0] ? app->opt.solver : NULL;
  /* Not given: 0, the backend's default (K2, measured faster). */
  so->analog_memory = app->opt.analog_memory;
  so->analog_method = app->opt.analog_method;
  /* analog: -j seeds on each puzzle (the batch on one thread); the CDCL
   * engines: a big grid raced on as many of the -j threads as the batch
   * leaves idle */
  so->threads = app->analog_threads ? app->analog_threads : app->opt.jobs;
  so->spare = (int *)&app->idle_workers; /* app is the caller's to change */
  so->trace = app->trace;
  so->encode = &app->encode;
  so->trace_every = app->opt.trace_every;
  so->restart_base = app->opt.restart;
}

sks_propagate app_propagate(const sks_app *app) {
  /* auto: what the registry says measured fastest for the backend */
  if (app->opt.propagate == PROPAGATE_AUTO)
    return app->opt.backend->propagate;
  return (sks_propagate)app->opt.propagate;
}

/* The level for a puzzle of this shape: asked for, or what measured
 * fastest for the backend that will take it (the auto route picks by
 * size). */
static sks_propagate level_for(const worker *w, const sks_shape *shape) {
  if (w->app->opt.propagate == PROPAGATE_AUTO)
    return sks_solver_propagation(w->solver, shape);
  return (sks_propagate)w->app->opt.propagate;
}

worker *worker_create(sks_app *app, sks_error *err) {
  sks_solver_options so;
  app_solver_options(app, &so);
  /* --cross-check decides with two engines of different kinds: picosat
   * (blocking clauses) and dlx (native counting); auto takes picosat's
   * side, so the route cannot put dlx on both. */
  const char *name = app->opt.backend->name;
  if (app->opt.cross_check && app->opt.backend == sks_backend_find("auto"))
    name = sks_backend_for(SKS_ROLE_BLOCKING)->name;
  sks_solver *s = sks_solver_new(name, &so, err);
  if (!s)
    return NULL;
  worker *w = sks_calloc(1, sizeof *w);
  w->app = app;
  w->solver = s;
  if (app->opt.cross_check) {
    /* the other complete engine of the other kind: a native counter
     * (dlx, bits) is checked by picosat's blocking clauses, picosat and
     * cadical by dlx */
    unsigned caps = sks_solver_backend(s)->caps;
    bool native = (caps & SKS_CAP_COUNT) && !(caps & SKS_CAP_BLOCK);
    const char *other =
        sks_backend_for(native ? SKS_ROLE_BLOCKING : SKS_ROLE_COUNTER)->name;
    w->second = sks_solver_new(other, &so, err);
    if (!w->second) {
      worker_destroy(w);
      return NULL;
    }
  }
  w->lim.time_limit = app->opt.time_limit;
  w->lim.max_steps = app->opt.max_steps;
  return w;
}

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static sks_stats stats_total;

void app_add_stats(const sks_solver *s) {
  sks_stats st;
  sks_solver_stats(s, &st);
  pthread_mutex_lock(&stats_lock);
  stats_total.seconds += st.seconds;
  stats_total.calls += st.calls;
  stats_total.decisions += st.decisions;
  stats_total.propagations += st.propagations;
  stats_total.conflicts += st.conflicts;
  stats_total.nodes += st.nodes;
  stats_total.steps += st.steps;
  stats_total.rejected += st.rejected;
  stats_total.rhs += st.rhs;
  stats_total.restarts += st.restarts;
  stats_total.analog_time += st.analog_time;
  stats_total.abandoned += st.abandoned;
  stats_total.races += st.races;
  stats_total.racers += st.racers;
  if (st.bytes > stats_total.bytes)
    stats_total.bytes = st.bytes;
  for (int k = 0; k < SKS_MAX_BACKENDS; k++)
    stats_total.answered[k] += st.answered[k];
  pthread_mutex_unlock(&stats_lock);
}

void app_print_stats(const sks_app *app) {
  if (!app->opt.stats)
    return;
  const sks_stats *t = &stats_total;
  fprintf(stderr, "c backend %s\n", app->opt.backend->name);
  const sks_backend *const *all = sks_backends();
  for (int k = 0; all[k] && k < SKS_MAX_BACKENDS; k++)
    if (t->answered[k])
      fprintf(stderr, "c answered-by %s %llu\n", all[k]->name, t->answered[k]);
  fprintf(stderr, "c solver-seconds %.3f\nc solve-calls %llu\n", t->seconds,
          t->calls);
  if (t->decisions || t->propagations)
    fprintf(stderr, "c decisions %llu\nc propagations %llu\n", t->decisions,
            t->propagations);
  if (t->conflicts)
    fprintf(stderr, "c conflicts %llu\n", t->conflicts);
  if (t->abandoned)
    fprintf(stderr, "c abandoned-searches %llu\n", t->abandoned);
  if (t->races)
    fprintf(stderr, "c raced-searches %llu\nc racing-instances %llu\n",
            t->races, t->racers);
  if (t->nodes)
    fprintf(stderr, "c dlx-nodes %llu\n", t->nodes);
  if (t->steps)
    fprintf(stderr,
            "c analog-time %.3f\nc steps %llu\nc rejected %llu\n"
            "c rhs-evaluations %llu\nc restarts %llu\n",
            t->analog_time, t->steps, t->rejected, t->rhs, t->restarts);
  fprintf(stderr, "c peak-memory-mb %.1f\n",
          (double)sks_peak_memory() / (1024.0 * 1024.0));
}

void worker_destroy(worker *w) {
  if (!w)
    return;
  if (w->solver)
    app_add_stats(w->solver);
  sks_solver_delete(w->solver);
  sks_solver_delete(w->second_plain ? w->second_plain : w->second);
  sks_solver_delete(w->second_rules);
  sks_eo_delete(w->eo);
  free(w->grid);
  free(w->grid2);
  free(w->scratch);
  free(w);
}

sks_limits worker_left(const worker *w) {
  sks_limits left;
  sks_limits_left(&w->lim, w->start, &left);
  return left;
}

int worker_load(worker *w, const batch_job *job, sks_error *err) {
  const sks_puzzle *p = job->p;
  w->start = job->start;
  if (!w->eo || !sks_shape_same(sks_eo_shape(w->eo), p->shape)) {
    sks_eo_delete(w->eo);
    w->eo = sks_eo_new(p->shape);
    w->eo_blank = false;
    w->cells = p->shape->n * p->shape->n;
    w->grid = sks_realloc(w->grid, (size_t)w->cells * sizeof *w->grid);
    w->grid2 = sks_realloc(w->grid2, (size_t)w->cells * sizeof *w->grid2);
    w->scratch =
        sks_realloc(w->scratch, 2 * (size_t)w->cells * sizeof *w->scratch);
  }
  /* --time-limit holds through propagation and the solvers' set-up */
  double limit = w->app->opt.time_limit;
  double deadline = limit > 0 ? w->start + limit : 0;
  sks_eo_set_deadline(w->eo, deadline);
  sks_solver_set_deadline(w->solver, deadline);
  if (w->second)
    sks_solver_set_deadline(w->second, deadline);
  /* A backend that takes the puzzle as it is propagates it itself: the
   * system is then only the shape's, for decoding, loaded once blank. */
  if (!w->second && !p->rules && sks_solver_takes_puzzle(w->solver, p->shape)) {
    if (!w->eo_blank)
      sks_eo_load(w->eo, NULL, SKS_PROPAGATE_GIVENS);
    w->eo_blank = true;
    return sks_solver_load_puzzle(w->solver, p, err) ? -1 : SKS_UNKNOWN;
  }
  w->eo_blank = false;
  if (w->second && !w->second_plain)
    w->second_plain = w->second;
  if (w->second_plain && p->rules &&
      !(sks_solver_backend(w->second_plain)->caps & SKS_CAP_RULES)) {
    if (!w->second_rules) {
      /* picosat against cadical (or auto), else cadical */
      const sks_backend *first = sks_solver_backend(w->solver);
      const sks_backend *other = sks_backend_for(SKS_ROLE_BLOCKING);
      if (first == other)
        other = sks_backend_for(SKS_ROLE_CDCL);
      sks_solver_options so;
      app_solver_options(w->app, &so);
      w->second_rules = sks_solver_new(other->name, &so, err);
      if (!w->second_rules)
        return -1;
    }
    w->second = w->second_rules;
    sks_solver_set_deadline(w->second, deadline);
  } else if (w->second_plain)
    w->second = w->second_plain;
  int status = sks_eo_load(w->eo, p, level_for(w, p->shape));
  if (sks_solver_load_eo(w->solver, w->eo, err) ||
      (w->second && sks_solver_load_eo(w->second, w->eo, err))) {
    /* a refusal is of this puzzle: its line (app_error(job->file, err)) */
    if (err->line <= 0) {
      err->line = p->look.line;
      err->col = 1;
    }
    return -1;
  }
  return status;
}

void worker_mark(worker *w) {
  if (!w->marked)
    sks_solver_stats(w->solver, &w->seen);
  w->marked = true;
}

/* The route's pick when one of the counters moved, else the backend
 * asked for. */
static const char *answered(const sks_solver *s, const sks_stats *before,
                            const sks_stats *after) {
  const sks_backend *const *all = sks_backends();
  for (int i = 0; all[i] && i < SKS_MAX_BACKENDS; i++)
    if (after->answered[i] > before->answered[i])
      return all[i]->name;
  return sks_solver_backend(s)->name;
}

const char *worker_answered_by(worker *w) {
  sks_stats after;
  sks_solver_stats(w->solver, &after);
  const char *name = answered(w->solver, &w->seen, &after);
  w->seen = after;
  return name;
}

const char *app_answered_by(const sks_solver *s, const sks_stats *before) {
  sks_stats after;
  sks_solver_stats(s, &after);
  return answered(s, before, &after);
}

static bool named_dimacs(const char *path) {
  static const char *const ext[] = {".cnf", ".cnf.gz", ".dimacs", ".dimacs.gz"};
  size_t len = strlen(path);
  for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
    size_t k = strlen(ext[i]);
    if (len >= k && !strcmp(path + len - k, ext[i]))
      return true;
  }
  return false;
}

/* DIMACS when its first line that is not blank starts "p " or is a "c"
 * comment line, whatever the file is called (as far as the first 64 KB
 * tell). */
static bool looks_dimacs(sks_input *in) {
  const unsigned char *b;
  size_t n = sks_input_peek(in, &b), i = 0;
  while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n'))
    i++;
  if (i == n)
    return false;
  int a = b[i], next = i + 1 < n ? b[i + 1] : EOF;
  if (a == 'p' && next == ' ')
    return true;
  return a == 'c' && (next == ' ' || next == '\t' || next == '\n' ||
                      next == '\r' || next == EOF);
}

int operands_open(sks_app *app, operand **ops, int *nops) {
  int n = app->nfiles ? app->nfiles : 1;
  *ops = sks_calloc((size_t)n, sizeof **ops);
  *nops = 0;
  for (int i = 0; i < n; i++) {
    const char *path = app->nfiles ? app->files[i] : "-";
    sks_error err = {0};
    sks_input *in = sks_input_open(path, &err);
    if (!in) {
      app_error(path, &err);
      return EXIT_INPUT;
    }
    (*ops)[i].in = in;
    /* Looking at the first bytes is held to --time-limit too (a pipe
     * that sends nothing); the batch sets the limit again per puzzle. */
    if (app->opt.time_limit > 0)
      sks_input_set_deadline(in, sks_time() + app->opt.time_limit + 0.25);
    (*ops)[i].dimacs = named_dimacs(path) || looks_dimacs(in);
    (*nops)++;
  }
  return 0;
}

void operands_close(operand *ops, int nops) {
  for (int i = 0; i < nops; i++)
    sks_input_close(ops[i].in);
  free(ops);
}

typedef struct warn_ctx {
  const sks_app *app;
  const char *path;
} warn_ctx;

static void warn(void *data, const sks_error *w) {
  const warn_ctx *ctx = data;
  if (ctx->app->opt.quiet)
    return;
  sks_error e = *w;
  snprintf(e.msg, sizeof e.msg, "warning: %.240s", w->msg);
  app_error(ctx->path, &e);
}

int operand_read_cnf(const sks_app *app, sks_input *in, sks_cnf *cnf,
                     double deadline) {
  sks_error err = {0};
  warn_ctx ctx = {app, sks_input_name(in)};
  if (sks_dimacs_read_until(in, cnf, app->opt.relaxed, warn, &ctx, deadline,
                            &err)) {
    app_error(sks_input_name(in), &err);
    operand_error_record(app, in, &err);
    return EXIT_INPUT;
  }
  /* Clauses a user added to an encoded CNF: solved as they are, not the
   * puzzle the description names (decode keeps it to map a model; rate
   * reads only clauses). */
  long want;
  if (cnf->desc && !cnf->cut && app->cmd != CMD_DECODE &&
      !sks_cnf_desc_generates(cnf, &want)) {
    if (!app->opt.quiet) {
      char count[64] = "";
      if (want >= 0 && want != cnf->nclauses)
        snprintf(count, sizeof count, " (%ld clauses; it generates %ld)",
                 cnf->nclauses, want);
      app_message("%s: warning: the clauses differ from what its puzzle "
                  "description generates%s: the description is ignored and "
                  "the clauses solved as they are",
                  sks_input_name(in), count);
    }
    sks_cnf_drop_desc(cnf);
  }
  return 0;
}

int operand_not_puzzles(const sks_app *app, sks_input *in, bool error_line) {
  sks_error err = {0};
  sks_error_set(&err, -1, 0, 0, "%s reads puzzles, not DIMACS", app->command);
  app_error(sks_input_name(in), &err);
  if (app->opt.format != FORMAT_TEXT)
    operand_error_record(app, in, &err);
  else if (error_line)
    fputs("error\n", stdout);
  return BATCH_ERROR;
}

void operand_error_record(const sks_app *app, sks_input *in,
                          const sks_error *err) {
  if (app->opt.format == FORMAT_TEXT)
    return;
  char msg[sizeof err->msg + 512];
  const char *name = sks_input_name(in);
  if (err->line > 0)
    snprintf(msg, sizeof msg, "%s:%ld:%ld: %s", name, err->line, err->col,
             err->msg);
  else
    snprintf(msg, sizeof msg, "%s: %s", name, err->msg);
  answer a = {.status = ANSWER_ERROR, .count = -1, .message = msg};
  batch_job job = {NULL, name, 0, 0, 0};
  answer_put(app, &job, &a, stdout);
}
