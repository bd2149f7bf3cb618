/* The external backend: writes the problem to a private temporary DIMACS
 * file, runs a solver command on it and reads its answer as a model. */
#define _POSIX_C_SOURCE 200809L
#include "lower.h"
#include "require_int.h"
#include "solver_int.h"
#include "stack_int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <spawn.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct external {
  struct sks_solver base;
  char *command;
  size_t exec_at; /* where the program word starts in command */
  bool minisat;   /* answers in a result file named after the CNF */
  sks_cnf *cnf;   /* a loaded CNF plus added clauses */
  sks_model *model;
  int status;
  /* A loaded puzzle: its CNF plus added clauses, x(r,c,d) answered
   * through the map. */
  bool eo_mode;
  sks_lowered *lw;
  sks_stats stats;
  char error[256];                  /* why the last solve failed, or "" */
  const sks_encode_options *encode; /* caller's, for puzzles; or NULL */
} external;

/* ---- the command ---- */

/* The program word of a command line as the shell reads it: after
 * leading blanks and NAME=value assignments, up to the next unquoted
 * blank, with '...', "..." and backslash quoting removed.  *at receives
 * where the word starts in cmd (where "exec" goes). */
static void program_word(const char *cmd, char *out, size_t cap, size_t *at) {
  const char *c = cmd;
  for (;;) {
    while (*c == ' ' || *c == '\t')
      c++;
    size_t name =
        strspn(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                  "_0123456789");
    bool assignment = name > 0 && c[name] == '=' && !(*c >= '0' && *c <= '9');
    const char *start = c;
    size_t len = 0;
    char quote = 0;
    for (; *c && (quote || (*c != ' ' && *c != '\t')); c++) {
      if (quote == '\'' && *c != '\'') {
        ; /* literal */
      } else if (*c == quote) {
        quote = 0;
        continue;
      } else if (!quote && (*c == '\'' || *c == '"')) {
        quote = *c;
        continue;
      } else if (*c == '\\' && c[1] && (!quote || strchr("$`\"\\", c[1]))) {
        c++;
      }
      if (!assignment && len + 1 < cap)
        out[len++] = *c;
    }
    if (assignment)
      continue;
    out[len] = 0;
    *at = (size_t)(start - cmd);
    return;
  }
}

static bool executable(const char *path) {
  struct stat st;
  return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

static bool on_path(const char *prog) {
  if (strchr(prog, '/'))
    return executable(prog);
  const char *path = getenv("PATH");
  if (!path || !*path)
    path = "/usr/bin:/bin";
  char buf[4096];
  while (*path) {
    size_t len = strcspn(path, ":");
    if (len + strlen(prog) + 2 < sizeof buf) {
      if (len)
        memcpy(buf, path, len);
      else
        buf[len++] = '.';
      buf[len] = '/';
      strcpy(buf + len + 1, prog);
      if (executable(buf))
        return true;
    }
    path += len + (path[len] == ':');
  }
  return false;
}

static sks_solver *create(const sks_solver_options *opt, sks_error *err) {
  const char *cmd = opt ? opt->command : NULL;
  char prog[256] = "";
  size_t at = 0;
  if (cmd)
    program_word(cmd, prog, sizeof prog, &at);
  if (!*prog) {
    sks_error_set(err, -1, 0, 0,
                  "the external backend needs a solver command "
                  "(e.g. \"cadical -q\")");
    return NULL;
  }
  if (!on_path(prog)) {
    sks_error_set(err, -1, 0, 0, "external solver '%s' not found%s", prog,
                  strchr(prog, '/') ? " or not executable" : " in PATH");
    return NULL;
  }
  external *x = sks_calloc(1, sizeof *x);
  x->command = sks_strdup(cmd);
  x->exec_at = at;
  const char *base = strrchr(prog, '/');
  base = base ? base + 1 : prog;
  x->minisat = !strncmp(base, "minisat", 7);
  x->encode = opt->encode;
  x->cnf = sks_cnf_new();
  x->lw = sks_lowered_new();
  x->model = sks_model_new();
  return &x->base;
}

static void destroy(sks_solver *s) {
  external *x = (external *)s;
  free(x->command);
  sks_cnf_delete(x->cnf);
  sks_model_delete(x->model);
  sks_lowered_delete(x->lw);
  free(x);
}

/* ---- loading ---- */

static void reset(external *x) {
  x->status = SKS_UNKNOWN;
  x->model->nvars = 0;
  x->eo_mode = false;
  x->error[0] = 0;
}

/* Copies the clauses only: the solver needs no description. */
static void copy_clauses(sks_cnf *dst, const sks_cnf *src) {
  sks_cnf_clear(dst);
  if (dst->cap < src->nlits) {
    free(dst->lits);
    dst->lits = sks_malloc(src->nlits * sizeof *dst->lits);
    dst->cap = src->nlits;
  }
  if (src->nlits)
    memcpy(dst->lits, src->lits, src->nlits * sizeof *dst->lits);
  dst->nlits = src->nlits;
  dst->nvars = src->nvars;
  dst->nclauses = src->nclauses;
  dst->maxlen = src->maxlen;
}

static int load_cnf(sks_solver *s, const sks_cnf *cnf, sks_error *err) {
  (void)err;
  external *x = (external *)s;
  reset(x);
  copy_clauses(x->cnf, cnf);
  return 0;
}

static int load_eo(sks_solver *s, const sks_eo *eo, sks_error *err) {
  (void)err;
  external *x = (external *)s;
  reset(x);
  sks_lowered_load(x->lw, eo, x->encode);
  x->eo_mode = true;
  return 0;
}

/* The problem as loaded, with the clauses added since. */
static sks_cnf *problem(external *x) {
  return x->eo_mode ? x->lw->cnf : x->cnf;
}

static int add_clause(sks_solver *s, const int *lits, int n) {
  external *x = (external *)s;
  if (x->eo_mode)
    sks_lowered_add_clause(x->lw, lits, n); /* over x vars */
  else
    sks_cnf_add_clause(x->cnf, lits, n);
  return 0;
}

/* ---- running ---- */

static int fail(external *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int fail(external *x, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x->error, sizeof x->error, fmt, ap);
  va_end(ap);
  /* an empty stderr line appended leaves a blank at the end */
  size_t len = strlen(x->error);
  while (len && x->error[len - 1] == ' ')
    x->error[--len] = 0;
  return SKS_UNKNOWN;
}

/* A private file in $TMPDIR (or /tmp), recorded for sks_cleanup_run
 * from before it exists; path receives its name. */
static int temp_file(char *path, size_t cap) {
  const char *dir = getenv("TMPDIR");
  if (!dir || !*dir)
    dir = "/tmp";
  if ((size_t)snprintf(path, cap, "%s/sudokusat-XXXXXX", dir) >= cap) {
    errno = ENAMETOOLONG;
    return -1;
  }
  return sks_temp_create(path, false);
}

typedef SKS_STACK(char) text;

enum { PATH_CAP = 4096 };

/* What a solver child starts with: default actions for the signals the
 * tool handles or ignores (one ignored when sudokusat started, by nohup
 * say, stays ignored), nothing blocked, a process group of its own. */
static void child_signals(posix_spawnattr_t *attr) {
  static const int reset[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT, SIGPIPE,
                              SIGXFSZ, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM,
                              SIGPROF, SIGXCPU, SIGCHLD, SIGURG};
  sigset_t def, none;
  sigemptyset(&def);
  for (size_t i = 0; i < sizeof reset / sizeof *reset; i++) {
    struct sigaction was;
    if (reset[i] == SIGXFSZ || reset[i] == SIGPIPE ||
        (!sigaction(reset[i], NULL, &was) && was.sa_handler != SIG_IGN))
      sigaddset(&def, reset[i]);
  }
#ifdef SIGRTMIN
  sigaddset(&def, SIGRTMIN);
#endif
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(attr, &def);
  posix_spawnattr_setsigmask(attr, &none);
  posix_spawnattr_setpgroup(attr, 0);
  posix_spawnattr_setflags(attr, POSIX_SPAWN_SETSIGDEF |
                                     POSIX_SPAWN_SETSIGMASK |
                                     POSIX_SPAWN_SETPGROUP);
}

/* The solver's standard output as it streams: comment lines are dropped
 * at once, the rest kept up to cap bytes (more is *over); none kept when
 * t is NULL. */
typedef struct sieve {
  text *t;
  size_t cap;
  bool line_start, comment, over;
} sieve;

static void sieve_put(sieve *sv, const char *buf, size_t n) {
  if (!sv->t) /* minisat: the answer is in its file */
    return;
  for (size_t i = 0; i < n;) {
    if (sv->line_start && buf[i] == 'c')
      sv->comment = true;
    const char *nl = memchr(buf + i, '\n', n - i);
    size_t end = nl ? (size_t)(nl - buf) + 1 : n;
    if (!sv->comment) {
      size_t k = end - i;
      if (sv->t->n + k > sv->cap) {
        sv->over = true;
        k = sv->cap > sv->t->n ? sv->cap - sv->t->n : 0;
      }
      SKS_STACK_RESERVE(*sv->t, sv->t->n + k + 1);
      memcpy(sv->t->a + sv->t->n, buf + i, k);
      sv->t->n += k;
    }
    sv->line_start = nl != NULL;
    if (nl)
      sv->comment = false;
    i = end;
  }
}

/* Reads what fds[i] has now; false once it is closed. */
static bool take_output(struct pollfd *fd, sieve *sv, text *errtext) {
  char buf[65536];
  ssize_t got = read(fd->fd, buf, sizeof buf);
  if (got < 0 && (errno == EINTR || errno == EAGAIN))
    return true;
  if (got <= 0) {
    close(fd->fd);
    fd->fd = -1;
    return false;
  }
  if (sv)
    sieve_put(sv, buf, (size_t)got);
  else if (errtext->n < 512) { /* standard error: its start, for messages */
    size_t keep =
        512 - errtext->n < (size_t)got ? 512 - errtext->n : (size_t)got;
    SKS_STACK_RESERVE(*errtext, errtext->n + keep + 1);
    memcpy(errtext->a + errtext->n, buf, keep);
    errtext->n += keep;
  }
  return true;
}

/* Runs argv with stdout (sieved) and stderr captured; kills it at the
 * deadline (0 = none).  The solver's own exit ends the reading even when
 * a child of it keeps the pipes open.  Returns the wait status, or -1
 * (timed out: -2). */
static int spawn_and_wait(char *const argv[], double deadline, sieve *sv,
                          text *errtext) {
  int po[2], pe[2];
  if (pipe(po))
    return -1;
  if (pipe(pe)) {
    close(po[0]);
    close(po[1]);
    return -1;
  }
  /* Other threads may spawn too: keep our pipe ends out of their children. */
  for (int i = 0; i < 2; i++) {
    fcntl(po[i], F_SETFD, FD_CLOEXEC);
    fcntl(pe[i], F_SETFD, FD_CLOEXEC);
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, po[1], 1);
  posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  /* The solver leads a process group of its own, so that a deadline or a
   * signal to sudokusat ends whatever it started. */
  child_signals(&attr);
  pid_t pid;
  sks_cleanup_hold(); /* started and recorded, or not started */
  int rc = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
  if (!rc)
    sks_cleanup_add_group((long)pid);
  sks_cleanup_release();
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  close(po[1]);
  close(pe[1]);
  if (rc) {
    close(po[0]);
    close(pe[0]);
    errno = rc;
    return -1;
  }
  struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
  int open_fds = 2, wstatus = 0;
  bool timed_out = false, exited = false;
  while (open_fds && !exited) {
    /* Short slices: the solver's exit is noticed within 20 ms. */
    int ms = 20;
    if (deadline > 0) {
      double left = deadline - sks_time();
      if (left <= 0) {
        timed_out = true;
        break;
      }
      if (left * 1000 < ms)
        ms = (int)(left * 1000) + 1;
    }
    int r = poll(fds, 2, ms);
    if (r < 0 && errno != EINTR)
      break;
    for (int i = 0; r > 0 && i < 2; i++)
      if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        open_fds -= !take_output(&fds[i], i ? NULL : sv, errtext);
    pid_t w = waitpid(pid, &wstatus, WNOHANG);
    if (w == pid)
      exited = true;
    if (sv->over) /* more than an answer: no need to read on */
      break;
  }
  /* Exited: what it wrote is in the pipes; a child it left behind that
   * holds them open is not waited for (one more second at most). */
  double drain_end = sks_time() + 1;
  while (exited && open_fds && sks_time() < drain_end) {
    if (poll(fds, 2, 0) <= 0)
      break;
    for (int i = 0; i < 2; i++)
      if (fds[i].fd >= 0 && (fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        open_fds -= !take_output(&fds[i], i ? NULL : sv, errtext);
  }
  /* The pipes are closed or the time is up; now the process itself. */
  while (!exited && !timed_out && !sv->over) {
    pid_t w = waitpid(pid, &wstatus, deadline > 0 ? WNOHANG : 0);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR) {
      wstatus = 0;
      break;
    }
    if (w == 0) {
      if (sks_time() >= deadline)
        timed_out = true;
      else {
        struct timespec ts = {0, 1000000}; /* 1 ms */
        nanosleep(&ts, NULL);
      }
    }
  }
  if (timed_out || (sv->over && !exited)) {
    kill(-pid, SIGKILL); /* the whole group: a solver has nothing to save */
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
      ;
  }
  /* Whatever the solver left behind in its group ends with it. */
  kill(-pid, SIGKILL);
  sks_cleanup_forget_group((long)pid);
  for (int i = 0; i < 2; i++)
    if (fds[i].fd >= 0)
      close(fds[i].fd);
  return timed_out ? -2 : wstatus;
}

void sks_external_abandon(void) {
  sks_cleanup_run();
}

/* The first line of the solver's standard error, for messages. */
static const char *first_line(text *t) {
  SKS_PUSH(*t, 0);
  char *s = t->a;
  s[strcspn(s, "\n")] = 0;
  return s;
}

/* Writes the problem and runs the solver on it until deadline (0 = none):
 * the writing counts against the time limit too. */
static int run(external *x, double deadline) {
  char cnf_path[PATH_CAP], result_path[PATH_CAP] = "";
  int fd = temp_file(cnf_path, sizeof cnf_path);
  if (fd < 0)
    return fail(x, "cannot create a temporary file: %s", strerror(errno));
  FILE *f = fdopen(fd, "w");
  sks_error err = {0, 0, {0}};
  int wrote = f ? sks_dimacs_write(problem(x), f, &err) : -1;
  if (f)
    fclose(f);
  else
    close(fd);
  int status = SKS_UNKNOWN;
  text out = {0}, errtext = {0};
  char *script = NULL;
  if (wrote < 0) {
    status = fail(x, "cannot write the temporary CNF: %s",
                  f ? err.msg : strerror(errno));
    goto done;
  }
  if (x->minisat) {
    int rfd = temp_file(result_path, sizeof result_path);
    if (rfd < 0) {
      result_path[0] = 0;
      status = fail(x, "cannot create a temporary file: %s", strerror(errno));
      goto done;
    }
    close(rfd);
  }
  /* The paths go in as positional parameters, so no quoting is needed;
   * exec (after any NAME=value assignments) makes the solver the child
   * itself, so its own exit status and signal come back. */
  size_t len = strlen(x->command) + 32;
  script = sks_malloc(len);
  snprintf(script, len, "%.*sexec %s \"$1\"%s", (int)x->exec_at, x->command,
           x->command + x->exec_at, x->minisat ? " \"$2\"" : "");
  char *argv[] = {"/bin/sh", "-c",     script,
                  "sh",      cnf_path, x->minisat ? result_path : NULL,
                  NULL};
  if (deadline > 0 && sks_time() >= deadline)
    goto done; /* the writing took the time: unknown */
  /* Room for the model lines of every variable (a literal, its sign and a
   * blank in 16 bytes) and the status; minisat answers in its file. */
  sieve sv = {x->minisat ? NULL : &out, 65536 + 16 * (size_t)problem(x)->nvars,
              true, false, false};
  int ws = spawn_and_wait(argv, deadline, &sv, &errtext);
  if (ws == -2) {
    status = SKS_UNKNOWN; /* the time limit, not an error */
    goto done;
  }
  if (ws == -1) {
    status = fail(x, "cannot run /bin/sh: %s", strerror(errno));
    goto done;
  }
  if (sv.over) {
    status = fail(x,
                  "the solver printed more than a model of %d variables "
                  "(over %zu bytes besides comments)",
                  problem(x)->nvars, sv.cap);
    goto done;
  }
  if (WIFSIGNALED(ws)) {
    status = fail(x, "the solver was killed by signal %d %s", WTERMSIG(ws),
                  first_line(&errtext));
    goto done;
  }
  int code = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
  if (code == 126 || code == 127) {
    status = fail(x, "cannot run the solver: %s", first_line(&errtext));
    goto done;
  }
  sks_input *in;
  if (x->minisat) {
    in = sks_input_open(result_path, &err);
    if (!in) {
      status = fail(x, "cannot read minisat's result file: %s", err.msg);
      goto done;
    }
  } else
    in = sks_input_memory(out.a ? out.a : "", out.n);
  int res = sks_model_read(in, x->model, &err);
  sks_input_close(in);
  sks_model *m = x->model;
  if (res < 0) {
    if (code == 20) {
      status = SKS_UNSAT; /* no `s` line, but the exit code says it */
      goto done;
    }
    status = fail(x,
                  "cannot read the solver's answer (exit status %d; "
                  "line %ld: %s) %s",
                  code, err.line, err.msg, first_line(&errtext));
    goto done;
  }
  if (m->has_status)
    status = m->status;
  else if (code == 20)
    status = SKS_UNSAT;
  else
    status = SKS_SAT; /* a bare literal list */
  if (status == SKS_SAT && !sks_model_satisfies(m, problem(x), &err))
    status = fail(x, "the solver's model is wrong: %s", err.msg);
  if (status == SKS_UNKNOWN && code != 0 && code != 10 && code != 20)
    fail(x, "the solver gave no answer (exit status %d) %s", code,
         first_line(&errtext));
done:
  unlink(cnf_path);
  sks_temp_forget(cnf_path);
  if (*result_path) {
    unlink(result_path);
    sks_temp_forget(result_path);
  }
  free(script);
  SKS_STACK_FREE(out);
  SKS_STACK_FREE(errtext);
  return status;
}

static int solve(sks_solver *s, const sks_limits *lim) {
  external *x = (external *)s;
  double t0 = sks_time();
  x->error[0] = 0;
  x->model->nvars = 0;
  /* When the givens decided the puzzle there is nothing to run. */
  if (x->eo_mode && x->lw->status == SKS_UNSAT)
    x->status = SKS_UNSAT;
  else if (x->eo_mode && x->lw->cnf->cut)
    x->status = SKS_UNKNOWN; /* the deadline stopped the lowering (maybe
                                before its first clause: not a solution) */
  else if (x->eo_mode && x->lw->cnf->nclauses == 0)
    x->status = SKS_SAT;
  else
    x->status = run(x, lim->time_limit > 0 ? t0 + lim->time_limit : 0);
  x->stats.calls++;
  x->stats.seconds += sks_time() - t0;
  return x->status;
}

static int value(const sks_solver *s, int var) {
  const external *x = (const external *)s;
  if (x->eo_mode)
    return sks_lowered_value(x->lw, var, x->model->val, x->model->nvars);
  if (var < 1 || var > x->model->nvars)
    return -1;
  return x->model->val[var] > 0 ? 1 : -1;
}

static void stats(const sks_solver *s, sks_stats *st) {
  const external *x = (const external *)s;
  *st = x->stats;
  st->bytes =
      sizeof *x + x->cnf->cap * sizeof(int) + (size_t)x->model->nvars +
      (x->eo_mode ? x->lw->cnf->cap * sizeof(int) + (size_t)x->lw->nx * 5 : 0);
}

static const char *error(const sks_solver *s) {
  const external *x = (const external *)s;
  return x->error[0] ? x->error : NULL;
}

const sks_backend_ops sks_external_backend = {
    .info = {"external",
             SKS_CAP_RULES | SKS_CAP_CNF | SKS_CAP_EO | SKS_CAP_UNSAT |
                 SKS_CAP_BLOCK | SKS_CAP_COMMAND,
             "a DIMACS solver run as a command (--solver \"cadical -q\")",
             SKS_PROPAGATE_LOCKED, 0},
    .create = create,
    .destroy = destroy,
    .load_cnf = load_cnf,
    .load_eo = load_eo,
    .add_clause = add_clause,
    .solve = solve,
    .value = value,
    .stats = stats,
    .error = error,
};
