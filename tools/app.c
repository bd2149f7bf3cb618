/* The application: the command named, its options parsed (options.c),
 * what follows from them (the reader's and encoder's options, threads,
 * the trace stream), then the command run; help and version. */
#define _POSIX_C_SOURCE 200809L
#include "app_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* Each command's run, in SKS_COMMANDS' order (app_command_index). */
static int (*const runs[])(sks_app *) = {
#define C(name, bit, args, help, run) run,
    SKS_COMMANDS(C)
#undef C
};
static const unsigned bits[] = {
#define C(name, bit, args, help, run) bit,
    SKS_COMMANDS(C)
#undef C
};

static int parse_variant(sks_app *app, sks_error *err);

/* --box RxC into the reader's options. */
static int parse_box(sks_app *app) {
  if (!app->opt.box[0])
    return 0;
  int r, c;
  char extra;
  if (sscanf(app->opt.box, "%dx%d%c", &r, &c, &extra) != 2 || r < 1 || c < 1 ||
      r * c > SKS_MAX_N) {
    app_message("--box: '%s' is not a box shape like 3x3 or 2x3", app->opt.box);
    return EXIT_USAGE;
  }
  app->fmt.box_rows = r;
  app->fmt.box_cols = c;
  return 0;
}

/* --symbols ALPHABET (or --hex, its 0-F) into the reader's options. */
static int parse_symbols(sks_app *app) {
  const char *spec = app->opt.symbols;
  if (app->opt.hex && spec[0]) {
    app_message("--hex is --symbols 0-F: give one of them");
    return EXIT_USAGE;
  }
  if (app->opt.hex)
    spec = "0-F";
  if (!spec[0])
    return 0;
  sks_error e = {0};
  if (sks_symbols_parse(spec, app->symbols, &e) < 0) {
    app_message("--symbols %s: %s", spec, e.msg);
    return EXIT_USAGE;
  }
  app->fmt.symbols = app->symbols;
  return 0;
}

/* --trace: a new file (an existing one, a dangling link too, only with
 * --force; a symbolic link is never followed), or NULL (reported). */
static FILE *open_trace(const sks_app *app) {
  const char *path = app->opt.trace;
  int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC;
  flags |= app->opt.force ? O_TRUNC : O_EXCL;
  int fd = open(path, flags, 0666);
  if (fd < 0 && errno == EEXIST)
    app_message("--trace: %s exists; not overwriting it without --force", path);
  else if (fd < 0 && errno == ELOOP)
    app_message("--trace: %s is a symbolic link; not following it", path);
  else if (fd < 0)
    app_message("--trace: cannot write %s: %s", path, strerror(errno));
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (fd >= 0 && !f)
    close(fd);
  return f;
}

/* Closes --trace; a write error is reported and returns nonzero. */
static int close_trace(sks_app *app) {
  int bad = fflush(app->trace) || ferror(app->trace);
  int e = errno;
  if (fclose(app->trace) || bad) {
    app_message("--trace %s: write error: %s", app->opt.trace,
                strerror(bad ? e : errno));
    bad = 1;
  }
  app->trace = NULL;
  return bad;
}

/* What follows from the options: the reader's and the encoder's options,
 * the thread count, the analog portfolio, the trace stream. */
static int derive(sks_app *app) {
  if (parse_box(app))
    return EXIT_USAGE;
  if (parse_symbols(app))
    return EXIT_USAGE;
  app->encode.encoding = app->opt.encoding;
  app->encode.amo = app->opt.amo;
  app->encode.renumber = app->opt.renumber;
  sks_error err = {0};
  if (parse_variant(app, &err)) {
    app_error(NULL, &err);
    return EXIT_USAGE;
  }
  if (!app->opt.jobs) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    app->opt.jobs = cores > 0 ? (int)cores : 1;
  }
  /* A backend that races seeds on each puzzle (analog) spends -j on one
   * puzzle at a time (first to finish wins); the batch then runs on one
   * thread.  The rating runs -j puzzles at once, and a thread with no
   * puzzle left takes runs of the others' (rate.c); a DIMACS file's
   * rating has the -j threads to itself. */
  if (app->cmd == CMD_RATE)
    app->analog_threads = app->opt.jobs;
  else if (app->opt.backend->caps & SKS_CAP_PORTFOLIO) {
    app->analog_threads = app->opt.jobs;
    app->opt.jobs = 1;
  }
  if (app->opt.trace[0] && !(app->trace = open_trace(app)))
    return EXIT_USAGE;
  return 0;
}

/* Reads a jigsaw map: n*n region numbers (1..n, or symbols) in any
 * puzzle layout, every cell in a region and every region n cells; an
 * error names the map (once, before any puzzle is read). */
static int read_jigsaw(sks_app *app, const char *path, sks_error *err) {
  sks_error e = {0};
  sks_input *in = sks_input_open(path, &e);
  if (!in)
    return sks_error_set(err, -1, 0, 0, "--variant jigsaw=%s: %s", path, e.msg);
  sks_format_options fo = {0};
  fo.box_rows = app->fmt.box_rows;
  fo.box_cols = app->fmt.box_cols;
  sks_reader *rd = sks_reader_new(in, &fo);
  sks_puzzle *p = NULL;
  int r = sks_reader_next(rd, &p, &e);
  if (r == 0)
    sks_error_set(err, -1, 0, 0, "--variant jigsaw=%s: no region map", path);
  else if (r < 0)
    sks_error_set(err, -1, 0, 0, "--variant jigsaw=%s:%ld:%ld: %s", path,
                  e.line, e.col, e.msg);
  int n = r == 1 ? p->shape->n : 0;
  if (r == 1) {
    app->jigsaw = sks_malloc((size_t)n * n * sizeof *app->jigsaw);
    for (int i = 0; r == 1 && i < n * n; i++) {
      if (p->cell[i] < 0)
        r = sks_error_set(err, -1, 0, 0,
                          "--variant jigsaw=%s: cell r%dc%d has no region",
                          path, i / n + 1, i % n + 1);
      app->jigsaw[i] = p->cell[i];
    }
  }
  if (r == 1) {
    const sks_shape *shape =
        sks_shape_new(p->shape->box_rows, p->shape->box_cols,
                      SKS_VARIANT_JIGSAW, app->jigsaw, &e);
    if (!shape)
      r = sks_error_set(err, -1, 0, 0, "--variant jigsaw=%s: %s", path, e.msg);
    sks_shape_release(shape);
  }
  if (r == 1) {
    if (!app->fmt.box_rows) {
      app->fmt.box_rows = p->shape->box_rows;
      app->fmt.box_cols = p->shape->box_cols;
    }
    app->fmt.variants |= SKS_VARIANT_JIGSAW;
    app->fmt.jigsaw = app->jigsaw;
  }
  sks_reader_delete(rd);
  sks_input_close(in);
  return r == 1 ? 0 : -1;
}

/* --variant x,windoku,jigsaw=FILE. */
static int parse_variant(sks_app *app, sks_error *err) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", app->opt.variant);
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    /* the jigsaw is named with its map: jigsaw=FILE */
    const char *jig = sks_variant_name(SKS_VARIANT_JIGSAW);
    size_t jl = strlen(jig);
    unsigned v = sks_variant_parse(tok);
    if (v && v != SKS_VARIANT_JIGSAW)
      app->fmt.variants |= v;
    else if (!strncmp(tok, jig, jl) && tok[jl] == '=') {
      if (read_jigsaw(app, tok + jl + 1, err))
        return -1;
    } else {
      char names[64];
      app_variant_words(names, sizeof names);
      return sks_error_set(err, -1, 0, 0,
                           "--variant: unknown '%s' (expected %sFILE)", tok,
                           names);
    }
  }
  return 0;
}

/* Under an address-space limit (ulimit -v, a cluster job's virtual
 * memory cap) glibc's malloc gives each thread an arena that reserves up
 * to 64 MB of address space it may never use: an empty 25x25 that one
 * thread answers under 130 MB ran out of memory at -j 2.  With a limit
 * set, every thread shares one arena (their allocations are few: grade
 * and solve -j 2 run as fast), so -j N needs about what -j 1 does. */
static void fit_address_space(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
  struct rlimit rl;
  if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY)
    mallopt(M_ARENA_MAX, 1);
#endif
}

int app_main(int argc, char **argv) {
  app_catch_signals(); /* before any thread: tools/signals.c */
  fit_address_space();
  if (argc < 2) {
    app_usage(stderr, -1);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    int only = argc > 2 ? app_command_index(argv[2]) : -1;
    if (argc > 2 && only < 0) {
      app_message("help: unknown command '%s' (see 'sudokusat --help')",
                  argv[2]);
      return EXIT_USAGE;
    }
    app_usage(stdout, only);
    return app_check_stdout(0);
  }
  if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
    printf("sudokusat %s\n", sks_version());
    return app_check_stdout(0);
  }
  if (!strcmp(cmd, "--list-options")) {
    app_list_options();
    return app_check_stdout(0);
  }
  int c = app_command_index(cmd);
  if (c < 0) {
    app_message("unknown command '%s' (see 'sudokusat --help')", cmd);
    return EXIT_USAGE;
  }
  sks_app app;
  memset(&app, 0, sizeof app);
  app.command = cmd;
  app.cmd = bits[c];
  app.stderr_tty = isatty(STDERR_FILENO);
  app_command_line cl = {.command = cmd, .cmd = bits[c]};
  int res = app_options_parse(&cl, argc, argv);
  app.opt = cl.opt;
  app.nfiles = cl.nfiles;
  app.files = cl.files;
  app.seed_given = cl.seed_given;
  if (!res)
    res = derive(&app);
  if (!res)
    res = runs[c](&app);
  if (res == APP_HELP)
    res = 0;
  if (app.trace && close_trace(&app))
    res = EXIT_INPUT; /* a trace that could not be written is an error */
  free(app.files);
  free(app.jigsaw);
  return app_check_stdout(res);
}
