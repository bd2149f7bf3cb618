/* Streaming batches: puzzles are read in chunks into a fixed ring, worked
 * on by N threads, and printed in input order; memory is bounded by the
 * ring, not by the input.  Whichever thread finishes the chunk next in
 * order prints it and the done ones after it; the reading thread, which
 * works no chunk (a slow puzzle would stop the reading, and the other
 * threads with it), is woken when half the ring is free, not at every
 * chunk. */
#define _POSIX_C_SOURCE 200809L
#include "batch_int.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CHUNK = 64 };
#define FLUSH_SECONDS 0.01

typedef struct item {
  sks_puzzle *p;       /* its memory reused from puzzle to puzzle */
  char *error;         /* a read error to report instead, or NULL */
  const char *file;    /* its input's name */
  long line;           /* where a read error is */
  int index;           /* batch_job.index */
  double read_seconds; /* reading it: --time-limit counts that too */
  int cls;             /* result class from the work function */
} item;

typedef struct chunk {
  item items[CHUNK];
  int nitems;
  char *out; /* output of the whole chunk */
  size_t outlen;
  FILE *stream;
  enum { FREE, FILLED, CLAIMED, DONE } state;
} chunk;

typedef struct batch {
  sks_app *app;
  const batch_ops *ops;
  batch_totals *tot; /* counted as chunks are printed, under lock */
  chunk *ring;
  int nslots;
  long long filled, next_claim, printed; /* chunk sequence numbers */
  bool reading_done;
  /* Writing to a pipe or a terminal, answers are flushed as each chunk is
   * printed, and chunks hold about FLUSH_SECONDS of work (at least one
   * puzzle), so a slow puzzle's answer goes out when it is found. */
  bool flush;
  int chunk_size; /* puzzles a chunk is handed off with, 1..chunk_max */
  int chunk_max;  /* CHUNK, or less (batch_ops.chunk) */
  /* A puzzle's times are taken: --time-limit holds its reading and work
   * to a deadline, JSON and CSV say its seconds.  Else no clock is read
   * for it (batch_job.start is 0). */
  bool timed;
  pthread_mutex_t lock;
  pthread_cond_t work_cv, done_cv;
} batch;

static void store_puzzle(item *it, const sks_puzzle *p) {
  free(it->error);
  it->error = NULL;
  if (it->p)
    sks_puzzle_assign(it->p, p);
  else
    it->p = sks_puzzle_copy(p);
}

/* minimize and repair rewrite givens, which a candidates puzzle's
 * removed candidates would outlive unsaid: they refuse such puzzles. */
static bool takes_candidates(const sks_app *app) {
  return !(app->cmd & (CMD_MINIMIZE | CMD_REPAIR));
}

/* The commands that take puzzles with variant rules: those that solve,
 * count and certify (the rules lowered to clauses; the checker's plain
 * CNF holds them too); the others would answer for the puzzle without
 * its rules. */
static bool takes_rules(const sks_app *app) {
  return (app->cmd & (CMD_SOLVE | CMD_UNIQUE | CMD_COUNT | CMD_CERT |
                      CMD_MINIMIZE | CMD_REPAIR)) != 0;
}

static void store_error(item *it, const char *path, const sks_error *err) {
  free(it->error);
  it->line = err->line;
  size_t len = strlen(path) + strlen(err->msg) + 64;
  it->error = sks_malloc(len);
  if (err->line > 0)
    snprintf(it->error, len, "%s:%ld:%ld: %s", path, err->line, err->col,
             err->msg);
  else
    snprintf(it->error, len, "%s: %s", path, err->msg);
}

static void work_chunk(const batch *b, void *wk, chunk *c) {
  if (!c->stream)
    c->stream = open_memstream(&c->out, &c->outlen);
  else
    rewind(c->stream);
  for (int i = 0; i < c->nitems; i++) {
    item *it = &c->items[i];
    batch_job job = {it->error ? NULL : it->p, it->file,
                     it->error ? it->line : it->p->look.line,
                     b->timed ? sks_time() - it->read_seconds : 0, it->index};
    if (it->error) {
      answer a = {.status = ANSWER_ERROR, .count = -1, .message = it->error};
      answer_put(b->app, &job, &a, c->stream);
      it->cls = BATCH_ERROR;
    } else
      it->cls = b->ops->run(wk, &job, c->stream);
  }
  fflush(c->stream);
}

static void emit(const batch *b, chunk *c, batch_totals *t);

/* Under b->lock: prints the chunks done, in order, up to the first that
 * is not. */
static void print_done(batch *b) {
  while (b->printed < b->filled) {
    chunk *c = &b->ring[b->printed % b->nslots];
    if (c->state != DONE)
      return;
    emit(b, c, b->tot);
    b->printed++;
  }
}

/* Under b->lock: is at most half the ring handed off and not printed
 * (the reading thread's turn)? */
static bool half_free(const batch *b) {
  return b->filled - b->printed <= b->nslots / 2;
}

static void *thread_main(void *data) {
  batch *b = data;
  void *wk = b->ops->worker_new(b->app);
  int *idle = &b->app->idle_workers; /* what a big grid's race borrows */
  pthread_mutex_lock(&b->lock);
  for (;;) {
    if (b->next_claim == b->filled && !b->reading_done) {
      __atomic_add_fetch(idle, 1, __ATOMIC_ACQ_REL);
      while (b->next_claim == b->filled && !b->reading_done)
        pthread_cond_wait(&b->work_cv, &b->lock);
      __atomic_sub_fetch(idle, 1, __ATOMIC_ACQ_REL);
    }
    if (b->next_claim == b->filled) {
      /* Nothing left to take: help the others while they work. */
      if (b->ops->idle && b->printed < b->filled) {
        pthread_mutex_unlock(&b->lock);
        b->ops->idle(wk);
        pthread_mutex_lock(&b->lock);
        continue;
      }
      break;
    }
    chunk *c = &b->ring[b->next_claim++ % b->nslots];
    c->state = CLAIMED;
    pthread_mutex_unlock(&b->lock);
    work_chunk(b, wk, c);
    pthread_mutex_lock(&b->lock);
    c->state = DONE;
    print_done(b);
    if (half_free(b))
      pthread_cond_signal(&b->done_cv); /* the reading thread waits */
  }
  pthread_mutex_unlock(&b->lock);
  __atomic_add_fetch(idle, 1, __ATOMIC_ACQ_REL); /* done for good */
  b->ops->worker_delete(wk);
  return NULL;
}

/* done: the fraction of the input read, or < 0 when unknown (a pipe). */
static void progress(const batch_totals *t, double start, double done) {
  double secs = sks_time() - start;
  char part[32] = "";
  if (done >= 0)
    snprintf(part, sizeof part, " (%.0f%% read)", 100 * done);
  fprintf(stderr, "\rsudokusat: %lld %s%s  %.0f/s  %.1f s   ", t->puzzles,
          answer_plural(t->puzzles, "puzzle", "puzzles"), part,
          secs > 0 ? (double)t->puzzles / secs : 0.0, secs);
  fflush(stderr);
}

/* Fraction of all inputs consumed so far, or -1 when a size is unknown. */
static double fraction_read(sks_input **inputs, int ninputs, int current) {
  long long total = 0, read = 0;
  for (int i = 0; i < ninputs; i++) {
    long long size = sks_input_size(inputs[i]);
    if (size < 0)
      return -1;
    total += size;
    read += i < current ? size : i == current ? sks_input_offset(inputs[i]) : 0;
  }
  return total > 0 ? (double)read / (double)total : -1;
}

/* Prints chunk c (already DONE) and counts its classes. */
static void emit(const batch *b, chunk *c, batch_totals *t) {
  size_t len = (size_t)ftell(c->stream);
  fwrite(c->out, 1, len, stdout);
  if (b->flush)
    fflush(stdout);
  for (int i = 0; i < c->nitems; i++) {
    item *it = &c->items[i];
    if (it->error)
      fprintf(stderr, "sudokusat: %s\n", it->error);
    t->puzzles++;
    t->by_class[it->cls]++;
  }
  c->state = FREE;
}

/* -v: a line the reader skipped as known text (a title, a URL ...). */
static void note_skipped(void *ctx, long line, const char *what) {
  app_message("%s:%ld: skipped: %s", (const char *)ctx, line, what);
}

/* Under b->lock: waits until every chunk handed off so far is printed. */
static void finish_all(batch *b) {
  while (b->printed < b->filled)
    pthread_cond_wait(&b->done_cv, &b->lock);
}

/* Waits for every chunk handed off so far and prints it. */
static void print_all(batch *b) {
  pthread_mutex_lock(&b->lock);
  finish_all(b);
  pthread_mutex_unlock(&b->lock);
  fflush(stdout);
}

/* Gives a full chunk to the threads, or works and prints it (-j 1: with
 * inline_worker). */
static void hand_off(batch *b, void *inline_worker, chunk *c,
                     batch_totals *tot) {
  if (inline_worker) {
    work_chunk(b, inline_worker, c);
    emit(b, c, tot);
    b->filled++;
    b->printed++;
    return;
  }
  pthread_mutex_lock(&b->lock);
  c->state = FILLED;
  b->filled++;
  pthread_cond_signal(&b->work_cv);
  pthread_mutex_unlock(&b->lock);
}

/* Whether standard output is read as it is written (a pipe, a socket, a
 * terminal) rather than a file. */
static bool stdout_is_live(void) {
  struct stat st;
  if (fstat(STDOUT_FILENO, &st))
    return false;
  return S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || isatty(STDOUT_FILENO);
}

/* The next chunk's size when flushing: about FLUSH_SECONDS of work at the
 * pace of the answers printed so far (one puzzle until there are any). */
static int chunk_size_for(const batch_totals *t, double elapsed, int threads,
                          int max) {
  if (!t->puzzles)
    return 1;
  double each = elapsed * (threads ? threads : 1) / (double)t->puzzles;
  double k = each > 0 ? FLUSH_SECONDS / each : max;
  return k < 1 ? 1 : k > max ? max : (int)k;
}

int batch_run(sks_app *app, const batch_ops *ops, sks_input **inputs,
              int ninputs, batch_totals *tot) {
  memset(tot, 0, sizeof *tot);
  batch b;
  memset(&b, 0, sizeof b);
  b.app = app;
  b.ops = ops;
  b.tot = tot;
  app->idle_workers = 0; /* the workers count themselves in */
  int threads = app->opt.jobs > 1 ? app->opt.jobs : 0;
  b.flush = stdout_is_live();
  b.timed = app->opt.time_limit > 0 || app->opt.format != FORMAT_TEXT;
  b.chunk_max = ops->chunk > 0 && ops->chunk < CHUNK ? ops->chunk : CHUNK;
  b.chunk_size = b.flush ? 1 : b.chunk_max;
  b.nslots = threads ? 4 * threads : 1;
  b.ring = sks_calloc((size_t)b.nslots, sizeof *b.ring);
  pthread_mutex_init(&b.lock, NULL);
  pthread_cond_init(&b.work_cv, NULL);
  pthread_cond_init(&b.done_cv, NULL);
  pthread_t *tid = sks_calloc((size_t)(threads ? threads : 1), sizeof *tid);
  for (int i = 0; i < threads; i++)
    pthread_create(&tid[i], NULL, thread_main, &b);
  void *inline_worker = threads ? NULL : ops->worker_new(app);

  bool show = app->stderr_tty && !app->opt.quiet;
  double start = sks_time(), last = start;
  chunk *cur = NULL;
  for (int f = 0; f < ninputs; f++) {
    sks_error err = {0};
    sks_input *in = inputs[f];
    sks_reader *rd = sks_reader_new(in, &app->fmt);
    if (app->opt.verbose)
      sks_reader_set_note(rd, note_skipped, (void *)sks_input_name(in));
    bool any = false;
    long last_line = 0; /* the line of the item before, and its index */
    int index = 0;
    for (;;) {
      sks_puzzle *p = NULL;
      double began = b.timed ? sks_time() : 0;
      /* A puzzle's reading is held to --time-limit too (an endless line,
       * a flood of blank lines, a pipe that sends nothing), with a quarter
       * second's grace: a puzzle that is there is read and answered
       * (unknown at worst), not cut. */
      sks_input_set_deadline(
          in, app->opt.time_limit > 0 ? began + app->opt.time_limit + 0.25 : 0);
      int r = sks_reader_next(rd, &p, &err);
      if (r == 0)
        break;
      if (r == SKS_READ_NOT_PUZZLES) { /* no place for an answer */
        app_error(sks_input_name(in), &err);
        tot->input_errors++;
        any = true;
        continue;
      }
      if (!cur) {
        /* A full ring is read on when half of it is printed and free. */
        pthread_mutex_lock(&b.lock);
        if (b.ring[b.filled % b.nslots].state != FREE)
          while (!half_free(&b))
            pthread_cond_wait(&b.done_cv, &b.lock);
        if (b.flush)
          b.chunk_size =
              chunk_size_for(tot, sks_time() - start, threads, b.chunk_max);
        pthread_mutex_unlock(&b.lock);
        cur = &b.ring[b.filled % b.nslots];
        cur->nitems = 0;
      }
      any = true;
      item *it = &cur->items[cur->nitems++];
      it->file = sks_input_name(in);
      it->read_seconds = b.timed ? sks_time() - began : 0;
      if (r > 0 && p->removed && !takes_candidates(app))
        r = sks_error_set(&err, -1, p->look.line, 1,
                          "%s does not take candidates puzzles "
                          "(docs/formats.md, \"Candidates puzzles\")",
                          app->command);
      if (r > 0 && p->rules && !takes_rules(app))
        r = sks_error_set(
            &err, -1, p->look.line, 1,
            "%s%s does not take puzzles with variant rules yet "
            "(this one has %d, the first a %s rule)",
            app->command, app->opt.certificate[0] ? " --certificate" : "",
            p->rules->count, sks_rule_name(p->rules->rule[0].kind));
      if (r < 0)
        store_error(it, sks_input_name(in), &err);
      else
        store_puzzle(it, p);
      /* Items that start on one line are told apart by their place on it
       * (certificates' names: DIR/K-LINE.I), errors counted too, so a
       * puzzle's place is the same for every command that reads it. */
      long at = r < 0 ? err.line : p->look.line;
      index = at > 0 && at == last_line ? index + 1 : 1;
      last_line = at;
      it->index = index;
      /* An error past a line's first 64 KiB (an endless line: /dev/zero)
       * is reported now, not after the rest of that line is read. */
      if (r < 0 && err.col > 65536) {
        hand_off(&b, inline_worker, cur, tot);
        cur = NULL;
        print_all(&b);
        continue;
      }
      if (cur->nitems == b.chunk_size) {
        hand_off(&b, inline_worker, cur, tot);
        cur = NULL;
        double now = show ? sks_time() : 0;
        if (show && now - last > 0.25) {
          pthread_mutex_lock(&b.lock); /* the totals are the printers' */
          batch_totals sofar = *tot;
          pthread_mutex_unlock(&b.lock);
          progress(&sofar, start, fraction_read(inputs, ninputs, f));
          last = now;
        }
      }
    }
    if (!any && !sks_input_failed(in) && !sks_input_timed_out(in) &&
        !app->opt.quiet)
      app_message("%s: no puzzle in this input", sks_input_name(in));
    if (sks_input_timed_out(in)) {
      app_message("%s: --time-limit %g reached while reading a puzzle; the "
                  "rest of this input is not read",
                  sks_input_name(in), app->opt.time_limit);
      tot->input_errors++;
    } else if (sks_input_failed(in)) {
      err.line = err.col = 0;
      snprintf(err.msg, sizeof err.msg, "read error");
      app_error(sks_input_name(in), &err);
      tot->input_errors++;
    }
    sks_reader_delete(rd);
  }
  /* The last, partial chunk. */
  if (cur && cur->nitems)
    hand_off(&b, inline_worker, cur, tot);
  if (threads) {
    pthread_mutex_lock(&b.lock);
    b.reading_done = true;
    pthread_cond_broadcast(&b.work_cv);
    finish_all(&b);
    pthread_mutex_unlock(&b.lock);
    for (int i = 0; i < threads; i++)
      pthread_join(tid[i], NULL);
  } else
    ops->worker_delete(inline_worker);
  tot->seconds = sks_time() - start;
  if (show && tot->puzzles > CHUNK)
    fputs("\r\033[K", stderr);
  fflush(stdout);
  for (int s = 0; s < b.nslots; s++) {
    for (int i = 0; i < CHUNK; i++) {
      sks_puzzle_delete(b.ring[s].items[i].p);
      free(b.ring[s].items[i].error);
    }
    if (b.ring[s].stream)
      fclose(b.ring[s].stream);
    free(b.ring[s].out);
  }
  free(b.ring);
  free(tid);
  pthread_mutex_destroy(&b.lock);
  pthread_cond_destroy(&b.work_cv);
  pthread_cond_destroy(&b.done_cv);
  return 0;
}

static void add_totals(batch_totals *all, const batch_totals *t) {
  all->puzzles += t->puzzles;
  for (int k = 0; k < BATCH_CLASSES; k++)
    all->by_class[k] += t->by_class[k];
  all->input_errors += t->input_errors;
  all->seconds += t->seconds;
}

void batch_operands(sks_app *app, const batch_ops *ops, batch_cnf_fn on_cnf,
                    batch_totals *all) {
  memset(all, 0, sizeof *all);
  operand *opd;
  int n;
  if (operands_open(app, &opd, &n))
    all->input_errors++;
  sks_input **ins = sks_calloc((size_t)n + 1, sizeof *ins);
  for (int i = 0; !all->input_errors && i < n;) {
    if (opd[i].dimacs) {
      double start = sks_time();
      int cls = on_cnf(app, opd[i++].in);
      batch_totals t = {.puzzles = 1, .seconds = sks_time() - start};
      t.by_class[cls] = 1;
      add_totals(all, &t);
      continue;
    }
    int j = i;
    for (; j < n && !opd[j].dimacs; j++)
      ins[j - i] = opd[j].in;
    batch_totals t;
    batch_run(app, ops, ins, j - i, &t);
    add_totals(all, &t);
    i = j;
  }
  free(ins);
  operands_close(opd, n);
}

int batch_exit(const batch_totals *t) {
  if (t->by_class[BATCH_MISMATCH])
    return EXIT_MISMATCH;
  if (t->by_class[BATCH_DISAGREE])
    return EXIT_DISAGREE;
  if (t->by_class[BATCH_INVALID])
    return EXIT_INVALID;
  if (t->input_errors || t->by_class[BATCH_ERROR])
    return EXIT_INPUT;
  if (t->puzzles == 1)
    return t->by_class[BATCH_NONE]      ? EXIT_NONE
           : t->by_class[BATCH_UNKNOWN] ? 0
                                        : EXIT_SOLVED;
  return t->by_class[BATCH_UNKNOWN] ? EXIT_UNKNOWN_ANY : EXIT_ALL_OK;
}

void batch_summary(const sks_app *app, const batch_totals *t) {
  const char *one, *many;
  answer_words(app, &one, &many);
  answer_summary(app, t);
  if (app->opt.quiet || t->puzzles < 2)
    return;
  char kinds[160];
  int len =
      snprintf(kinds, sizeof kinds, "%lld %s, ", t->by_class[BATCH_ONE], one);
  if (many)
    len += snprintf(kinds + len, sizeof kinds - (size_t)len, "%lld %s, ",
                    t->by_class[BATCH_MANY], many);
  long long errors = t->by_class[BATCH_ERROR];
  snprintf(kinds + len, sizeof kinds - (size_t)len,
           "%lld none, %lld unknown, %lld %s", t->by_class[BATCH_NONE],
           t->by_class[BATCH_UNKNOWN], errors,
           answer_plural(errors, "error", "errors"));
  double rate = t->seconds > 0 ? (double)t->puzzles / t->seconds : 0.0;
  app_message("%lld puzzles: %s; %.2f s, %.*f puzzles/s, peak %.1f MB",
              t->puzzles, kinds, t->seconds, rate < 10 ? 2 : 0, rate,
              (double)sks_peak_memory() / (1024.0 * 1024.0));
}
