/* The command line: option parsing from the table in options.h, --help,
 * messages, and dispatch to the subcommands. */
#define _POSIX_C_SOURCE 200809L
#include "app_int.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void app_error(const char *path, const sks_error *err) {
  fputs("sudokusat: ", stderr);
  if (path)
    fprintf(stderr, "%s:", path);
  if (err->line > 0)
    fprintf(stderr, "%ld:", err->line);
  if (err->line > 0 && err->col > 0)
    fprintf(stderr, "%ld:", err->col);
  fprintf(stderr, "%s%s\n", path || err->line > 0 ? " " : "", err->msg);
}

void app_message(const char *fmt, ...) {
  va_list ap;
  fputs("sudokusat: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

static const struct {
  const char *name, *args, *help;
  int (*run)(sks_app *);
} commands[] = {
    {"solve", "[PUZZLES|CNF ...]",
     "solve; one answer per puzzle, in input order", app_solve},
    {"encode", "PUZZLE [-o OUT.cnf[.gz]]", "write DIMACS for any SAT solver",
     app_encode},
    {"decode", "CNF MODEL", "map a SAT solver's model back to the grid",
     app_decode},
    {"unique", "[PUZZLES ...]", "unique / multiple / none, per puzzle",
     app_check},
    {"count", "[--limit K] [PUZZLES ...]", "number of solutions per puzzle",
     app_check},
    {"exact-cover", "[--count] [--limit K] FILE",
     "solve a general exact-cover problem (Knuth's format) with DLX",
     app_exact_cover},
    {"rate", "--analog [PUZZLES ...]",
     "hardness eta of each puzzle from the analog solver's escape rate",
     app_rate},
};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

static void usage(FILE *out) {
  fprintf(out, "usage: sudokusat COMMAND [OPTIONS] [FILES]\n\ncommands:\n");
  for (int i = 0; i < NCOMMANDS; i++)
    fprintf(out, "  %-12s %-26s %s\n", commands[i].name, commands[i].args,
            commands[i].help);
  fprintf(out, "\noptions (--name=VALUE or --name VALUE; default in []):\n");
  char flag[64];
#define SHOW_STR(v) fprintf(out, "[%s]", (v)[0] ? (v) : "")
#define SHOW_BOOL(v) (void)(v)
#define SHOW_INT(v) fprintf(out, "[%d]", (int)(v))
#define SHOW_LONG(v) fprintf(out, "[%lld]", (long long)(v))
#define SHOW_DOUBLE(v) fprintf(out, "[%g]", (double)(v))
#define O(name, type, def, lo, hi, help)                                       \
  {                                                                            \
    snprintf(flag, sizeof flag, "--%s", #name);                                \
    for (char *p = flag; *p; p++)                                              \
      if (*p == '_')                                                           \
        *p = '-';                                                              \
    fprintf(out, "  %-18s %s ", flag, help);                                   \
    SHOW_##type(def);                                                          \
    fputc('\n', out);                                                          \
  }
  SKS_OPTIONS(O)
#undef O
  fprintf(out,
          "\nshort forms: -o FILE (--output), -j N (--jobs), -q (--quiet), "
          "-v (--verbose), -h (--help), -V (--version)\n"
          "'-' or no file reads standard input; .gz files are read and "
          "written through zlib.\n\n"
          "exit status:\n"
          "  one puzzle or CNF: 10 solved, 20 no solution, 0 unknown (a "
          "limit stopped it)\n"
          "  a batch (several puzzles): 0 every answer decided, 1 some "
          "answer unknown\n"
          "  2 bad command line, 3 bad input (reported with file:line:col), "
          "4 a model\n"
          "  failed the validator, 5 --cross-check: backends disagree\n");
}

typedef enum { T_STR, T_BOOL, T_INT, T_LONG, T_DOUBLE } opt_type;

static const struct {
  const char *name;
  opt_type type;
  double lo, hi;
  size_t offset;
} table[] = {
#define O(name, type, def, lo, hi, help)                                       \
  {#name, T_##type, (double)(lo), (double)(hi), offsetof(app_options, name)},
    SKS_OPTIONS(O)
#undef O
};
enum { NOPTIONS = sizeof table / sizeof *table };

static void defaults(app_options *o) {
#define INIT_STR(f, v) o->f = v
#define INIT_BOOL(f, v) o->f = v
#define INIT_INT(f, v) o->f = v
#define INIT_LONG(f, v) o->f = v
#define INIT_DOUBLE(f, v) o->f = v
#define O(name, type, def, lo, hi, help) INIT_##type(name, def);
  SKS_OPTIONS(O)
#undef O
}

/* Sets option i from text; returns false with a message on a bad value. */
static bool set_option(app_options *o, int i, const char *flag,
                       const char *val) {
  char *base = (char *)o + table[i].offset;
  char *end;
  errno = 0;
  switch (table[i].type) {
  case T_STR:
    *(const char **)base = val;
    return true;
  case T_BOOL:
    *(int *)base = 1;
    return true;
  case T_INT:
  case T_LONG: {
    long long v = strtoll(val, &end, 10);
    if (errno || end == val || *end) {
      app_message("%s: '%s' is not a whole number", flag, val);
      return false;
    }
    if ((double)v < table[i].lo || (double)v > table[i].hi) {
      if (table[i].hi >= 9e18)
        app_message("%s: %lld is out of range (at least %.0f)", flag, v,
                    table[i].lo);
      else
        app_message("%s: %lld is out of range %.0f..%.0f", flag, v,
                    table[i].lo, table[i].hi);
      return false;
    }
    if (table[i].type == T_INT)
      *(int *)base = (int)v;
    else
      *(long long *)base = v;
    return true;
  }
  case T_DOUBLE: {
    double v = strtod(val, &end);
    if (errno || end == val || *end || isnan(v)) {
      app_message("%s: '%s' is not a number", flag, val);
      return false;
    }
    if (v < table[i].lo || v > table[i].hi) {
      app_message("%s: %g is out of range %g..%g", flag, v, table[i].lo,
                  table[i].hi);
      return false;
    }
    *(double *)base = v;
    return true;
  }
  }
  return false;
}

static int find_option(const char *name, size_t len) {
  for (int i = 0; i < NOPTIONS; i++) {
    const char *t = table[i].name;
    size_t k = 0;
    for (; k < len && t[k]; k++)
      if (!(t[k] == name[k] || (t[k] == '_' && name[k] == '-')))
        break;
    if (k == len && !t[k])
      return i;
  }
  return -1;
}

static int short_option(char c) {
  switch (c) {
  case 'o':
    return find_option("output", 6);
  case 'j':
    return find_option("jobs", 4);
  case 'q':
    return find_option("quiet", 5);
  case 'v':
    return find_option("verbose", 7);
  default:
    return -1;
  }
}

static int parse_variant(sks_app *app, sks_error *err);

/* --encoding and --amo by their names in the library. */
static bool parse_encode(sks_app *app) {
  static const sks_encoding encodings[] = {
      SKS_ENCODING_MINIMAL, SKS_ENCODING_EFFICIENT, SKS_ENCODING_EXTENDED};
  static const sks_amo amos[] = {SKS_AMO_AUTO, SKS_AMO_PAIRWISE,
                                 SKS_AMO_SEQUENTIAL, SKS_AMO_PRODUCT};
  size_t i = 0, j = 0;
  while (i < 3 && strcmp(app->opt.encoding, sks_encoding_name(encodings[i])))
    i++;
  while (j < 4 && strcmp(app->opt.amo, sks_amo_name(amos[j])))
    j++;
  if (i == 3)
    app_message("--encoding: unknown '%s' (expected minimal, efficient or "
                "extended)",
                app->opt.encoding);
  else if (j == 4)
    app_message("--amo: unknown '%s' (expected auto, pairwise, sequential or "
                "product)",
                app->opt.amo);
  else {
    app->encode.encoding = encodings[i];
    app->encode.amo = amos[j];
    app->encode.renumber = app->opt.renumber;
    return true;
  }
  return false;
}

static int parse(sks_app *app, int argc, char **argv) {
  defaults(&app->opt);
  app->files = sks_malloc((size_t)argc * sizeof *app->files);
  bool only_files = false;
  for (int a = 2; a < argc; a++) {
    char *arg = argv[a];
    if (only_files || arg[0] != '-' || !arg[1]) {
      app->files[app->nfiles++] = arg;
      continue;
    }
    if (!strcmp(arg, "--")) {
      only_files = true;
      continue;
    }
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
      usage(stdout);
      exit(0);
    }
    int i;
    const char *val = NULL;
    char flag[80];
    if (arg[1] == '-') {
      const char *name = arg + 2, *eq = strchr(name, '=');
      size_t len = eq ? (size_t)(eq - name) : strlen(name);
      i = find_option(name, len);
      snprintf(flag, sizeof flag, "--%.*s", (int)len, name);
      if (eq)
        val = eq + 1;
    } else {
      i = short_option(arg[1]);
      snprintf(flag, sizeof flag, "-%c", arg[1]);
      if (arg[2])
        val = arg + 2;
    }
    if (i < 0) {
      app_message("unknown option '%s' (see 'sudokusat --help')", flag);
      return EXIT_USAGE;
    }
    if (table[i].type == T_BOOL) {
      if (val) {
        app_message("%s takes no value", flag);
        return EXIT_USAGE;
      }
      if (!strcmp(table[i].name, "verbose"))
        app->opt.verbose++;
      else
        set_option(&app->opt, i, flag, "1");
      continue;
    }
    if (!strcmp(table[i].name, "verbose") && !val) {
      app->opt.verbose++;
      continue;
    }
    if (!val) {
      if (a + 1 >= argc) {
        app_message("%s needs a value", flag);
        return EXIT_USAGE;
      }
      val = argv[++a];
    }
    if (!set_option(&app->opt, i, flag, val))
      return EXIT_USAGE;
  }
  if (app->opt.box[0]) {
    int r, c;
    char extra;
    if (sscanf(app->opt.box, "%dx%d%c", &r, &c, &extra) != 2 || r < 1 ||
        c < 1 || r * c > SKS_MAX_N) {
      app_message("--box: '%s' is not a box shape like 3x3 or 2x3",
                  app->opt.box);
      return EXIT_USAGE;
    }
    app->fmt.box_rows = r;
    app->fmt.box_cols = c;
  }
  app->fmt.hex = app->opt.hex;
  if (!parse_encode(app))
    return EXIT_USAGE;
  sks_propagate level;
  if (strcmp(app->opt.propagate, "auto") &&
      sks_propagate_parse(app->opt.propagate, &level)) {
    app_message("--propagate: unknown '%s' (expected givens, singles, locked "
                "or auto)",
                app->opt.propagate);
    return EXIT_USAGE;
  }
  sks_error err = {0};
  if (parse_variant(app, &err)) {
    app_error(NULL, &err);
    return EXIT_USAGE;
  }
  if (!app->opt.jobs) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    app->opt.jobs = cores > 0 ? (int)cores : 1;
  }
  if (app->opt.analog_memory[0] && strcmp(app->opt.analog_memory, "K") &&
      strcmp(app->opt.analog_memory, "K2")) {
    app_message("--analog-memory: '%s' is not K or K2",
                app->opt.analog_memory);
    return EXIT_USAGE;
  }
  if (sks_analog_method_parse(app->opt.analog_method) < 0) {
    app_message("--analog-method: unknown '%s' (expected split, rkc or ck)",
                app->opt.analog_method);
    return EXIT_USAGE;
  }
  /* The analog solver's -j races seeds on each puzzle (first to finish
   * wins); the batch then runs on one thread. */
  if (!strcmp(app->opt.backend, "analog") && strcmp(app->command, "rate")) {
    app->analog_threads = app->opt.jobs;
    app->opt.jobs = 1;
  }
  if (app->opt.trace[0]) {
    app->trace = fopen(app->opt.trace, "w");
    if (!app->trace) {
      app_message("--trace: cannot write %s", app->opt.trace);
      return EXIT_USAGE;
    }
  }
  return 0;
}

/* --variant x,windoku,jigsaw=FILE; a jigsaw file lists n*n region
 * numbers (1..n, or symbols) in any puzzle layout. */
static int parse_variant(sks_app *app, sks_error *err) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", app->opt.variant);
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    if (!strcmp(tok, "x"))
      app->fmt.variants |= SKS_VARIANT_X;
    else if (!strcmp(tok, "windoku"))
      app->fmt.variants |= SKS_VARIANT_WINDOKU;
    else if (!strncmp(tok, "jigsaw=", 7)) {
      const char *path = tok + 7;
      sks_input *in = sks_input_open(path, err);
      if (!in)
        return sks_error_set(err, -1, 0, 0, "--variant jigsaw=%s: %s", path,
                             err->msg);
      sks_format_options fo = {0};
      fo.box_rows = app->fmt.box_rows;
      fo.box_cols = app->fmt.box_cols;
      sks_reader *rd = sks_reader_new(in, &fo);
      sks_puzzle *p = NULL;
      int r = sks_reader_next(rd, &p, err);
      if (r == 1) {
        int n = p->shape->n;
        app->jigsaw = sks_malloc((size_t)n * n * sizeof *app->jigsaw);
        for (int i = 0; i < n * n; i++) {
          if (p->cell[i] < 0) {
            r = sks_error_set(err, -1, 0, 0,
                              "--variant jigsaw=%s: cell r%dc%d has no region",
                              path, i / n + 1, i % n + 1);
            break;
          }
          app->jigsaw[i] = p->cell[i];
        }
        if (r == 1) {
          if (!app->fmt.box_rows) {
            app->fmt.box_rows = p->shape->box_rows;
            app->fmt.box_cols = p->shape->box_cols;
          }
          app->fmt.variants |= SKS_VARIANT_JIGSAW;
          app->fmt.jigsaw = app->jigsaw;
        }
      } else if (r == 0)
        sks_error_set(err, -1, 0, 0, "--variant jigsaw=%s: no region map",
                      path);
      else {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        sks_error_set(err, -1, 0, 0, "--variant jigsaw=%s:%ld:%ld: %s", path,
                      err->line, err->col, msg);
      }
      sks_reader_delete(rd);
      sks_input_close(in);
      if (r != 1)
        return -1;
    } else
      return sks_error_set(err, -1, 0, 0,
                           "--variant: unknown '%s' (expected x, windoku or "
                           "jigsaw=FILE)",
                           tok);
  }
  return 0;
}

int sks_app_main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
    printf("sudokusat 0.1.0\n");
    return 0;
  }
  int c = 0;
  while (c < NCOMMANDS && strcmp(commands[c].name, cmd))
    c++;
  if (c == NCOMMANDS) {
    app_message("unknown command '%s' (see 'sudokusat --help')", cmd);
    return EXIT_USAGE;
  }
  sks_app app;
  memset(&app, 0, sizeof app);
  app.command = cmd;
  app.stderr_tty = isatty(STDERR_FILENO);
  int res = parse(&app, argc, argv);
  if (!res)
    res = commands[c].run(&app);
  if (app.trace)
    fclose(app.trace);
  free(app.files);
  free(app.jigsaw);
  return res;
}
