/* Sessions: a puzzle from loading to a checked answer in one call, on a
 * solver and an exactly-one system kept from puzzle to puzzle, and many
 * puzzles at once on threads (a program that is not the tool, such as
 * the Python module, does in one call what tools/worker.c does). */
#include "sks_decoder.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct sks_session {
  sks_solver *solver;
  sks_eo *eo;      /* the system of the last shape */
  bool eo_blank;   /* eo holds the shape's blank system (for decoding) */
  int *scratch;    /* 2 * n * n ints for counting */
  int *second;     /* n * n: the second solution of a count not asked */
  double deadline; /* of the puzzle being worked on */
};

sks_session *sks_session_new(const char *backend, const sks_solver_options *opt,
                             sks_error *err) {
  sks_solver *s = sks_solver_new(backend ? backend : "auto", opt, err);
  if (!s)
    return NULL;
  sks_session *ss = sks_calloc(1, sizeof *ss);
  ss->solver = s;
  return ss;
}

void sks_session_delete(sks_session *ss) {
  if (!ss)
    return;
  sks_solver_delete(ss->solver);
  sks_eo_delete(ss->eo);
  free(ss->scratch);
  free(ss->second);
  free(ss);
}

const sks_solver *sks_session_solver(const sks_session *ss) {
  return ss->solver;
}

/* Loads p as the tool's worker does: a backend that takes the puzzle as
 * it is gets it so (the system then only the shape's, loaded blank once,
 * for decoding), any other the system loaded with p and propagated as
 * measured fastest for it.  Returns the system's status, or -1. */
static int load(sks_session *ss, const sks_puzzle *p, sks_error *err) {
  if (!ss->eo || !sks_shape_same(sks_eo_shape(ss->eo), p->shape)) {
    sks_eo_delete(ss->eo);
    ss->eo = sks_eo_new(p->shape);
    ss->eo_blank = false;
    size_t cells = (size_t)p->shape->n * (size_t)p->shape->n;
    ss->scratch = sks_realloc(ss->scratch, 2 * cells * sizeof *ss->scratch);
    ss->second = sks_realloc(ss->second, cells * sizeof *ss->second);
  }
  sks_solver_set_deadline(ss->solver, ss->deadline);
  if (!p->rules && sks_solver_takes_puzzle(ss->solver, p->shape)) {
    if (!ss->eo_blank) {
      sks_eo_set_deadline(ss->eo, 0); /* the blank system is never cut */
      sks_eo_load(ss->eo, NULL, SKS_PROPAGATE_GIVENS);
    }
    ss->eo_blank = true;
    return sks_solver_load_puzzle(ss->solver, p, err) ? -1 : SKS_UNKNOWN;
  }
  ss->eo_blank = false;
  sks_eo_set_deadline(ss->eo, ss->deadline);
  int status =
      sks_eo_load(ss->eo, p, sks_solver_propagation(ss->solver, p->shape));
  if (sks_solver_load_eo(ss->solver, ss->eo, err))
    return -1;
  return status;
}

static const sks_limits no_limits = {0, 0};

/* The puzzle's clock started: the time it begins (the clock is read only
 * when there is a time limit: a batch of easy puzzles reads it often). */
static double start(sks_session *ss, const sks_limits *lim) {
  double now = lim->time_limit > 0 ? sks_time() : 0;
  ss->deadline = lim->time_limit > 0 ? now + lim->time_limit : 0;
  return now;
}

int sks_session_solve(sks_session *ss, const sks_puzzle *p,
                      const sks_limits *lim, int *grid, sks_error *err) {
  if (!lim)
    lim = &no_limits;
  double begin = start(ss, lim);
  if (load(ss, p, err) < 0)
    return -1;
  sks_limits left;
  sks_limits_left(lim, begin, &left);
  int r = sks_solver_solve(ss->solver, &left);
  if (r == SKS_UNKNOWN) {
    const char *why = sks_solver_error(ss->solver);
    sks_error_set(err, 0, 0, 0, "%s",
                  why ? why : "a time or step limit stopped the search");
  } else if (r == SKS_SAT &&
             (sks_decode_solver(ss->eo, ss->solver, grid, err) ||
              !sks_validate(p, grid, err)))
    return -1;
  return r;
}

sks_count_result sks_session_count(sks_session *ss, const sks_puzzle *p,
                                   long long limit, const sks_limits *lim,
                                   int *first, int *second, sks_error *err) {
  if (!lim)
    lim = &no_limits;
  double begin = start(ss, lim);
  if (load(ss, p, err) < 0)
    return (sks_count_result){0, -1, false};
  sks_limits left;
  sks_limits_left(lim, begin, &left);
  sks_count_result r = sks_count(ss->solver, ss->eo, p, limit, &left, first,
                                 second, ss->scratch, err);
  if (r.status == SKS_UNKNOWN) {
    const char *why = sks_solver_error(ss->solver);
    sks_error_set(err, 0, 0, 0, "%s",
                  why ? why : "a time or step limit stopped the count");
  }
  return r;
}

/* ---- Many puzzles on threads ---- */

typedef struct many {
  sks_session *const *sessions;
  const sks_limits *lim;
  long long limit; /* 0: solve; else count up to it */
  const sks_puzzle *const *puzzles;
  int count;
  int *grids;
  const size_t *offset; /* puzzle i's grid at grids + offset[i] */
  sks_session_answer *out;
  pthread_mutex_t lock;
  int next;    /* the next puzzle to take (under lock) */
  int started; /* threads that took their session (under lock) */
} many;

enum { MANY_CHUNK = 64 };

static void answer_one(sks_session *ss, many *m, int i) {
  const sks_puzzle *p = m->puzzles[i];
  sks_session_answer *a = &m->out[i];
  memset(a, 0, sizeof *a);
  if (!p) {
    a->status = -1;
    sks_error_set(&a->err, -1, 0, 0, "no puzzle");
    return;
  }
  int *grid = m->grids + m->offset[i];
  if (!m->limit) {
    a->status = sks_session_solve(ss, p, m->lim, grid, &a->err);
    a->count = a->status == SKS_SAT;
  } else {
    sks_count_result r =
        sks_session_count(ss, p, m->limit, m->lim, grid, NULL, &a->err);
    a->status = r.status;
    a->count = r.count;
    a->at_limit = r.at_limit;
  }
  a->grid = a->count > 0 && a->status >= 0 ? grid : NULL;
}

static void *many_thread(void *data) {
  many *m = data;
  pthread_mutex_lock(&m->lock);
  sks_session *ss = m->sessions[m->started++];
  pthread_mutex_unlock(&m->lock);
  for (;;) {
    pthread_mutex_lock(&m->lock);
    int i = m->next;
    m->next += MANY_CHUNK;
    pthread_mutex_unlock(&m->lock);
    if (i >= m->count)
      break;
    int end = i + MANY_CHUNK < m->count ? i + MANY_CHUNK : m->count;
    for (; i < end; i++)
      answer_one(ss, m, i);
  }
  return NULL;
}

size_t sks_session_cells(const sks_puzzle *const *puzzles, int count,
                         size_t *offset) {
  size_t total = 0;
  for (int i = 0; i < count; i++) {
    if (offset)
      offset[i] = total;
    if (puzzles[i])
      total += (size_t)puzzles[i]->shape->n * (size_t)puzzles[i]->shape->n;
  }
  return total;
}

void sks_session_run_many(sks_session *const *sessions, int threads,
                          const sks_limits *lim, long long limit,
                          const sks_puzzle *const *puzzles, int count,
                          int *grids, sks_session_answer *out) {
  if (count <= 0)
    return;
  if (threads < 1)
    threads = 1;
  if (threads > SKS_SESSION_MAX_THREADS)
    threads = SKS_SESSION_MAX_THREADS;
  /* no more threads than chunks to share */
  int chunks = (count + MANY_CHUNK - 1) / MANY_CHUNK;
  if (threads > chunks)
    threads = chunks;
  size_t *offset = sks_malloc((size_t)count * sizeof *offset);
  sks_session_cells(puzzles, count, offset);
  many m = {.sessions = sessions,
            .lim = lim ? lim : &no_limits,
            .limit = limit,
            .puzzles = puzzles,
            .count = count,
            .grids = grids,
            .offset = offset,
            .out = out};
  pthread_mutex_init(&m.lock, NULL);
  pthread_t tid[SKS_SESSION_MAX_THREADS];
  int started = 0;
  for (int t = 1; t < threads; t++)
    if (!pthread_create(&tid[started], NULL, many_thread, &m))
      started++;
  many_thread(&m); /* this thread is one of them */
  for (int t = 0; t < started; t++)
    pthread_join(tid[t], NULL);
  pthread_mutex_destroy(&m.lock);
  free(offset);
}

void sks_session_delete_puzzles(sks_puzzle **puzzles, int count) {
  for (int i = 0; i < count; i++) {
    sks_puzzle_delete(puzzles[i]);
    puzzles[i] = NULL;
  }
}

/* ---- A batch's answers packed for a binding ---- */

int sks_session_pack(const sks_puzzle *const *puzzles,
                     const sks_session_answer *out, int count,
                     unsigned char *kind, unsigned char *digits) {
  int r = 0;
  size_t at = 0;
  for (int i = 0; i < count; i++) {
    const sks_session_answer *a = &out[i];
    kind[i] = a->status < 0               ? SKS_ANSWER_ERROR
              : a->status == SKS_UNKNOWN  ? SKS_ANSWER_UNKNOWN
              : a->count <= 0 || !a->grid ? SKS_ANSWER_NONE
              : a->count == 1             ? SKS_ANSWER_ONE
                                          : SKS_ANSWER_MORE;
    if (!puzzles[i])
      continue;
    int n = puzzles[i]->shape->n;
    size_t cells = (size_t)n * (size_t)n;
    unsigned char *d = digits + at;
    at += cells;
    if (n > 255 || !a->grid || a->status < 0) {
      memset(d, 0, cells);
      r = n > 255 ? -1 : r;
      continue;
    }
    const int *restrict g = a->grid;
    unsigned char *restrict to = d;
    for (size_t k = 0; k < cells; k++)
      to[k] = (unsigned char)(g[k] + 1);
  }
  return r;
}

int sks_session_write_answers(FILE *f, const sks_puzzle *const *puzzles,
                              const sks_session_answer *out, int count,
                              int layout, size_t *end) {
  long start = end ? ftell(f) : 0;
  if (start < 0)
    return -1;
  size_t at = 0;
  for (int i = 0; i < count; i++) {
    if (puzzles[i] && out[i].grid && out[i].status >= 0) {
      int r = layout < 0 ? sks_puzzle_write(f, puzzles[i], out[i].grid)
                         : sks_puzzle_write_as(f, puzzles[i], out[i].grid,
                                               (sks_layout)layout);
      if (r < 0)
        return -1;
      if (end) {
        long pos = ftell(f);
        if (pos < start)
          return -1;
        at = (size_t)(pos - start);
      }
    }
    if (end)
      end[i] = at;
  }
  return 0;
}
