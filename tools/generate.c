/* `sudokusat generate` (puzzles made on N threads, printed in index order,
 * each one's random state from the seed and its index) and `sudokusat
 * minimize` (a batch like solve's). */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"
#include "worker_int.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* --symmetry, --minimal, --givens, --seed. */
static void author_options(const sks_app *app, sks_generate_options *go) {
  memset(go, 0, sizeof *go);
  go->symmetry = app->opt.symmetry;
  go->minimal = app->opt.minimal;
  go->givens = app->opt.givens;
  go->seed = (unsigned long long)app->opt.seed;
  go->time_limit = app->opt.time_limit;
}

/* --cage-size MIN-MAX or N into go (range checked by the generator);
 * -1 with a message when it is neither. */
static int cage_size(const sks_app *app, sks_generate_options *go) {
  const char *s = app->opt.cage_size;
  int lo, hi, used = 0;
  if (!strcmp(s, "2-5")) /* the default: 2 to 5 cells, or to n below 5 */
    return 0;
  if (sscanf(s, "%d-%d%n", &lo, &hi, &used) == 2 && !s[used]) {
  } else if (sscanf(s, "%d%n", &lo, &used) == 1 && !s[used])
    hi = lo;
  else {
    app_message("--cage-size '%s': expected MIN-MAX (e.g. 2-5) or N", s);
    return -1;
  }
  go->cage_min = lo;
  go->cage_max = hi;
  return 0;
}

/* Whether --grade asked for a level or a label. */
static bool grade_given(const sks_app *app) {
  return app->opt.grade.level >= 0 || app->opt.grade.label >= 0;
}

/* Puzzles go out in the form --layout asks for, one line a puzzle by
 * default, under their variant rules (one a line: read back, the same
 * puzzle). */
static void write_puzzle(const sks_app *app, const sks_puzzle *p, FILE *out) {
  sks_puzzle_write_rules(out, p);
  app_print_grid(app, p, p->cell, out);
}

/* ---- minimize ---- */

typedef struct minimizer {
  sks_app *app;
  sks_generate_options go;
  sks_generator *g; /* of the last shape seen */
  sks_puzzle *copy;
} minimizer;

static void *minimize_new(sks_app *app) {
  minimizer *m = sks_calloc(1, sizeof *m);
  m->app = app;
  author_options(app, &m->go);
  return m;
}

static void minimize_delete(void *data) {
  minimizer *m = data;
  sks_generator_delete(m->g);
  sks_puzzle_delete(m->copy);
  free(m);
}

static int minimize_run(void *data, const batch_job *job, FILE *out) {
  minimizer *m = data;
  const sks_puzzle *p = job->p;
  if (!m->g || !sks_shape_same(sks_generator_shape(m->g), p->shape)) {
    sks_error err = {0};
    sks_generator_delete(m->g);
    m->g = sks_generator_new(p->shape, &m->go, &err);
    if (!m->g) {
      app_message("line %ld: %s", p->look.line, err.msg);
      answer a = {.status = ANSWER_ERROR, .count = -1, .message = err.msg};
      answer_put(m->app, job, &a, out);
      return BATCH_ERROR;
    }
  }
  if (!m->copy)
    m->copy = sks_puzzle_copy(p);
  else
    sks_puzzle_assign(m->copy, p);
  /* The input line picks the random order: the same on any -j. */
  int u = sks_minimize(m->g, (unsigned long long)p->look.line, m->copy);
  /* --time-limit: unknown, with (JSON, CSV) the unique puzzle reached so
   * far when the uniqueness was known */
  bool cut = sks_generator_cut(m->g);
  answer a = {.status = cut      ? ANSWER_UNKNOWN
                        : u == 1 ? ANSWER_MINIMIZED
                        : u      ? ANSWER_MULTIPLE
                                 : ANSWER_NONE,
              .count = -1};
  if (!cut && u == 1 && m->app->opt.format == FORMAT_TEXT)
    write_puzzle(m->app, m->copy, out);
  else {
    if (u == 1) {
      a.result = m->copy->cell;
      answer_extra_int(&a, "givens", sks_puzzle_givens(m->copy));
    }
    answer_put(m->app, job, &a, out);
  }
  return cut ? BATCH_UNKNOWN : u == 1 ? BATCH_ONE : u ? BATCH_MANY : BATCH_NONE;
}

static const batch_ops minimize_ops = {minimize_new, minimize_delete,
                                       minimize_run, NULL, 0};

static int minimize_cnf(sks_app *app, sks_input *in) {
  return operand_not_puzzles(app, in, false);
}

int app_minimize(sks_app *app) {
  static const char *const columns[] = {"givens", NULL};
  answer_header(app, columns);
  batch_totals all;
  batch_operands(app, &minimize_ops, minimize_cnf, &all);
  batch_summary(app, &all);
  return batch_exit(&all);
}

/* ---- generate ---- */

enum { ROUND = 512, MAX_THREADS = 1024 }; /* puzzles a thread makes a round */

/* What one thread keeps from round to round. */
typedef struct maker {
  sks_generator *g;
  sks_grader *grader; /* --grade: judges each puzzle made */
  sks_puzzle *p;
  FILE *out;
  char *buf;
  size_t len;
} maker;

/* Puzzle i of a round: who wrote it where, and its givens (-1: failed). */
typedef struct slot {
  int thread;
  long start, end;
  int givens;
  int cages; /* --killer: the cages (its rules) */
  bool cut;  /* failed: --time-limit ran out */
} slot;

typedef struct round {
  sks_app *app;
  unsigned long long seed; /* the run's (given or fresh) */
  int level, label;        /* --grade (sks_grade_parse); both -1: any */
  maker *makers;
  slot *slots;
  long long first; /* index of the round's first puzzle */
  int count, next;
  pthread_mutex_t lock;
} round;

typedef struct thread_arg {
  round *r;
  int t;
} thread_arg;

/* Why a puzzle could not be made (cut: --time-limit ran out). */
static const char *failure_reason(const sks_app *app, bool cut) {
  if (cut)
    return NULL; /* the answer says the limit (answer.c) */
  if (app->opt.killer)
    return "no grid's cages came out unique within the tries (or no "
           "grid could be cut into cages of those sizes)";
  return grade_given(app) ? "none of the grade asked for within the tries, "
                            "or no full grid within the budgets"
                          : "no full grid within the budgets";
}

/* Puzzle number index into mk->p; with --grade, the first of its tries
 * whose grade matches (sks_generate_graded: the same puzzles on any -j).
 * Returns 0, or -1 when none was made (*cut: --time-limit, counted from
 * began, ran out first). */
static int make_one(const round *r, maker *mk, long long index, double began,
                    bool *cut) {
  double limit = r->app->opt.time_limit;
  return sks_generate_graded(mk->g, mk->grader, (unsigned long long)index,
                             r->level, r->label, limit > 0 ? began + limit : 0,
                             mk->p, NULL, cut);
}

static void *make_puzzles(void *data) {
  thread_arg *a = data;
  round *r = a->r;
  maker *mk = &r->makers[a->t];
  for (;;) {
    pthread_mutex_lock(&r->lock);
    int i = r->next++;
    pthread_mutex_unlock(&r->lock);
    if (i >= r->count)
      break;
    slot *s = &r->slots[i];
    s->thread = a->t;
    s->start = ftell(mk->out);
    double began = sks_time();
    bool cut;
    bool failed = make_one(r, mk, r->first + i, began, &cut) != 0;
    s->givens = failed ? -1 : sks_puzzle_givens(mk->p);
    s->cages = failed ? 0 : sks_puzzle_rule_count(mk->p);
    s->cut = failed && cut;
    if (r->app->opt.format == FORMAT_TEXT) {
      if (failed)
        fputs("unknown\n", mk->out);
      else
        write_puzzle(r->app, mk->p, mk->out);
    } else {
      /* the puzzle made is the record's puzzle; index and seed make it
       * again (--seed S --count INDEX, the last one) */
      answer ans = {.status = failed ? ANSWER_UNKNOWN : ANSWER_GENERATED,
                    .count = -1};
      if (failed)
        ans.message = failure_reason(r->app, cut);
      answer_extra_int(&ans, "index", r->first + i + 1);
      if (!failed)
        answer_extra_int(&ans, "givens", s->givens);
      else
        answer_extra_null(&ans, "givens");
      if (r->app->opt.killer && !failed)
        answer_extra_int(&ans, "cages", s->cages);
      else if (r->app->opt.killer)
        answer_extra_null(&ans, "cages");
      answer_extra_int(&ans, "seed", (long long)r->seed);
      batch_job job = {failed ? NULL : mk->p, NULL, 0, began, 0};
      answer_put(r->app, &job, &ans, mk->out);
    }
    s->end = ftell(mk->out);
  }
  return NULL;
}

typedef struct tally {
  long long failed, cut, givens, over; /* cut: failed by --time-limit */
  long long cages;                     /* --killer */
} tally;

/* Makes the round's puzzles on the threads and prints them in order. */
static void run_round(round *r, int threads, tally *tl) {
  pthread_t tid[MAX_THREADS];
  thread_arg args[MAX_THREADS];
  r->next = 0;
  for (int t = 0; t < threads; t++) {
    rewind(r->makers[t].out);
    args[t] = (thread_arg){r, t};
    if (threads > 1)
      pthread_create(&tid[t], NULL, make_puzzles, &args[t]);
  }
  if (threads == 1)
    make_puzzles(&args[0]);
  else
    for (int t = 0; t < threads; t++)
      pthread_join(tid[t], NULL);
  for (int t = 0; t < threads; t++)
    fflush(r->makers[t].out);
  int target = r->app->opt.givens;
  for (int i = 0; i < r->count; i++) {
    slot *s = &r->slots[i];
    fwrite(r->makers[s->thread].buf + s->start, 1, (size_t)(s->end - s->start),
           stdout);
    if (s->givens < 0) {
      tl->failed++;
      tl->cut += s->cut;
      continue;
    }
    tl->givens += s->givens;
    tl->cages += s->cages;
    if (target && s->givens > target) {
      tl->over++;
      if (!r->app->opt.quiet)
        app_message("puzzle %lld: %d %s, the fewest reached (asked for "
                    "at most %d)",
                    r->first + i + 1, s->givens,
                    answer_plural(s->givens, "given", "givens"), target);
    }
  }
  fflush(stdout);
}

/* The shape --box, --size and --variant ask for (9x9 by default). */
static const sks_shape *generate_shape(const sks_app *app) {
  int br = app->fmt.box_rows, bc = app->fmt.box_cols, n = app->opt.size;
  if (n && br && br * bc != n) {
    app_message("--size %d and --box %dx%d disagree", n, br, bc);
    return NULL;
  }
  int an = app->fmt.symbols ? (int)strlen(app->fmt.symbols) : 0;
  if (!n && !br)
    n = an; /* --symbols A-P: 16x16 */
  if (n && !br)
    sks_shape_default_box(n, &br, &bc);
  if (!br)
    br = bc = 3;
  if (an && br * bc != an) {
    app_message("a %dx%d puzzle does not fit --symbols %s (%d symbols)",
                br * bc, br * bc, app->opt.hex ? "0-F" : app->opt.symbols, an);
    return NULL;
  }
  sks_error err = {0};
  const sks_shape *s =
      sks_shape_new(br, bc, app->fmt.variants, app->fmt.jigsaw, &err);
  if (!s)
    app_error(NULL, &err);
  return s;
}

static void generate_summary(const sks_app *app, unsigned long long seed,
                             long long made, const tally *tl, double secs) {
  batch_totals t = {.puzzles = made + tl->failed,
                    .seconds = secs,
                    .has_seed = true,
                    .seed = seed};
  t.by_class[BATCH_ONE] = made;
  t.by_class[BATCH_UNKNOWN] = tl->failed;
  answer_summary(app, &t);
  if (app->opt.quiet)
    return;
  char extra[96] = "";
  if (tl->over)
    snprintf(extra, sizeof extra, ", %lld above --givens %d", tl->over,
             app->opt.givens);
  double rate = secs > 0 ? (double)made / secs : 0.0;
  bool killer = app->opt.killer;
  app_message("%lld %s generated, %.1f %s on average%s; seed %llu; "
              "%.2f s, %.*f puzzles/s, peak %.1f MB",
              made, answer_plural(made, "puzzle", "puzzles"),
              made ? (double)(killer ? tl->cages : tl->givens) / (double)made
                   : 0.0,
              killer ? "cages" : "givens", extra, seed, secs, rate < 10 ? 2 : 0,
              rate, (double)sks_peak_memory() / (1024.0 * 1024.0));
}

static void generate_stats(const maker *makers, int threads,
                           unsigned long long seed) {
  sks_generate_stats sum = {0}, st;
  for (int t = 0; t < threads; t++) {
    sks_generator_stats(makers[t].g, &st);
    sum.checks += st.checks;
    sum.by_propagation += st.by_propagation;
    sum.by_cdcl += st.by_cdcl;
    sum.grids += st.grids;
    sum.grid_retries += st.grid_retries;
  }
  fprintf(stderr, "c seed %llu\n", seed);
  fprintf(stderr,
          "c grids %llu (dead ends %llu)\nc uniqueness checks %llu\n"
          "c decided by propagation %llu\nc handed to cadical %llu\n",
          sum.grids, sum.grid_retries, sum.checks, sum.by_propagation,
          sum.by_cdcl);
}

/* The makers of every thread, the first one's generator already made. */
static maker *makers_new(const sks_app *app, const sks_shape *shape,
                         const sks_generate_options *go, sks_generator *first,
                         int threads) {
  maker *makers = sks_calloc((size_t)threads, sizeof *makers);
  for (int t = 0; t < threads; t++) {
    makers[t].g = t ? sks_generator_new(shape, go, NULL) : first;
    makers[t].p = sks_puzzle_of(shape);
    if (app->fmt.symbols)
      snprintf(makers[t].p->look.symbols, sizeof makers[t].p->look.symbols,
               "%s", app->fmt.symbols);
    makers[t].out = open_memstream(&makers[t].buf, &makers[t].len);
    if (grade_given(app))
      makers[t].grader = sks_grader_new();
  }
  return makers;
}

static void makers_delete(maker *makers, int threads) {
  for (int t = 0; t < threads; t++) {
    sks_generator_delete(makers[t].g);
    sks_grader_delete(makers[t].grader);
    sks_puzzle_delete(makers[t].p);
    fclose(makers[t].out);
    free(makers[t].buf);
  }
  free(makers);
}

/* Every puzzle, round by round; returns the tally. */
static tally generate_all(sks_app *app, maker *makers, int threads,
                          unsigned long long seed) {
  tally tl = {0};
  round r = {0};
  r.app = app;
  r.seed = seed;
  r.level = app->opt.grade.level;
  r.label = app->opt.grade.label;
  r.makers = makers;
  r.slots = sks_calloc((size_t)ROUND * threads, sizeof *r.slots);
  pthread_mutex_init(&r.lock, NULL);
  bool show = app->stderr_tty && !app->opt.quiet;
  long long total = app->opt.count_, size = (long long)ROUND * threads;
  double start = sks_time();
  for (long long done = 0; done < total;) {
    r.first = done;
    r.count = (int)(total - done < size ? total - done : size);
    run_round(&r, threads, &tl);
    done += r.count;
    double secs = sks_time() - start;
    if (show && done < total)
      fprintf(stderr, "\rsudokusat: %lld %s  %.0f/s  %.1f s   ", done,
              answer_plural(done, "puzzle", "puzzles"),
              secs > 0 ? (double)done / secs : 0.0, secs);
  }
  if (show && total > size)
    fputs("\r\033[K", stderr);
  generate_summary(app, seed, total - tl.failed, &tl, sks_time() - start);
  free(r.slots);
  pthread_mutex_destroy(&r.lock);
  return tl;
}

int app_generate(sks_app *app) {
  if (app->nfiles) {
    app_message("generate takes no files (got '%s')", app->files[0]);
    return EXIT_USAGE;
  }
  /* A fresh seed unless one is given: each run makes new puzzles, and
   * the summary, --stats and the records say which seed to give back. */
  if (!app->seed_given)
    app->opt.seed = (long long)sks_seed_fresh();
  sks_generate_options go;
  author_options(app, &go);
  if (app->opt.killer) {
    /* A killer has no givens: what shapes the givens does not apply. */
    const char *other = app->opt.minimal    ? "--minimal"
                        : app->opt.givens   ? "--givens"
                        : app->opt.symmetry ? "--symmetry"
                        : grade_given(app)  ? "--grade"
                                            : NULL;
    if (other) {
      app_message("--killer makes puzzles without givens: %s does not "
                  "apply",
                  other);
      return EXIT_USAGE;
    }
    go.killer = true;
    if (cage_size(app, &go))
      return EXIT_USAGE;
  } else if (strcmp(app->opt.cage_size, "2-5")) {
    app_message("--cage-size is for --killer");
    return EXIT_USAGE;
  }
  /* Digging keeps what singles can refill unless --minimal: a harder
   * grade needs the full uniqueness checks of --minimal. */
  if (app->opt.grade.level > SKS_GRADE_SINGLES ||
      app->opt.grade.label > SKS_LABEL_EASY)
    go.minimal = true;
  const sks_shape *shape = generate_shape(app);
  if (!shape)
    return EXIT_USAGE;
  sks_error err = {0};
  sks_generator *first = sks_generator_new(shape, &go, &err);
  if (!first) {
    app_message("--%s", err.msg);
    sks_shape_release(shape);
    return EXIT_USAGE;
  }
  int threads = app->opt.jobs < 1 ? 1 : app->opt.jobs;
  if (threads > app->opt.count_)
    threads = (int)app->opt.count_;
  static const char *const columns[] = {"index", "givens", "seed", NULL};
  static const char *const killer_columns[] = {"index", "givens", "cages",
                                               "seed", NULL};
  answer_header(app, app->opt.killer ? killer_columns : columns);
  maker *makers = makers_new(app, shape, &go, first, threads);
  tally tl = generate_all(app, makers, threads, go.seed);
  if (app->opt.stats)
    generate_stats(makers, threads, go.seed);
  makers_delete(makers, threads);
  sks_shape_release(shape);
  if (tl.cut)
    app_message("%lld %s not made within --time-limit %g", tl.cut,
                answer_plural(tl.cut, "puzzle", "puzzles"),
                app->opt.time_limit);
  if (tl.failed > tl.cut)
    app_message("%lld %s failed: %s", tl.failed - tl.cut,
                answer_plural(tl.failed - tl.cut, "puzzle", "puzzles"),
                failure_reason(app, false));
  return tl.failed ? EXIT_UNKNOWN_ANY : EXIT_ALL_OK;
}
