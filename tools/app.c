/* The command line: option parsing from the table in options.h, --help,
 * messages, and dispatch to the subcommands. */
#define _POSIX_C_SOURCE 200809L
#include "app_int.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
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
  unsigned bit; /* CMD_*: the options table's column */
  int (*run)(sks_app *);
} commands[] = {
    {"solve", "[PUZZLES|CNF ...]",
     "solve; one answer per puzzle, in input order", CMD_SOLVE, app_solve},
    {"encode", "PUZZLE [-o OUT.cnf[.gz]]", "write DIMACS for any SAT solver",
     CMD_ENCODE, app_encode},
    {"decode", "CNF MODEL", "map a SAT solver's model back to the grid",
     CMD_DECODE, app_decode},
    {"unique", "[PUZZLES ...]", "unique / multiple / none, per puzzle",
     CMD_UNIQUE, app_check},
    {"count", "[--limit K] [PUZZLES ...]", "number of solutions per puzzle",
     CMD_COUNT, app_check},
    {"exact-cover", "[--count] [--limit K] FILE",
     "solve a general exact-cover problem (Knuth's format) with DLX", CMD_XC,
     app_exact_cover},
    {"rate", "--analog [PUZZLES ...]",
     "hardness eta of each puzzle from the analog solver's escape rate",
     CMD_RATE, app_rate},
    {"generate", "[--size N] [--count M]",
     "make puzzles with one solution each (--symmetry, --minimal, --givens)",
     CMD_GENERATE, app_generate},
    {"minimize", "[PUZZLES ...]",
     "remove givens of unique puzzles until every one is needed", CMD_MINIMIZE,
     app_minimize},
    {"repair", "[PUZZLES ...]",
     "fewest givens to make unique, or the givens that clash", CMD_REPAIR,
     app_repair},
    {"grade", "[--analog] [PUZZLES ...]",
     "logic level, search effort, label, hardest technique, SE rating",
     CMD_GRADE, app_grade},
    {"explain", "[--next] [PUZZLES ...]",
     "the solution path in human techniques, step by step (--next: a hint)",
     CMD_EXPLAIN, app_explain},
    {"print", "[-o OUT.svg] [PUZZLES ...]",
     "printable SVG pages of the puzzles (--solutions, --per-page)", CMD_PRINT,
     app_print},
    {"canon", "[--show|--dedupe] [PUZZLES ...]",
     "canonical form (minlex) of each puzzle; --dedupe drops disguised repeats",
     CMD_CANON, app_canon},
};
enum { NCOMMANDS = sizeof commands / sizeof *commands };

typedef enum {
  T_STR,
  T_BOOL,
  T_INT,
  T_LONG,
  T_DOUBLE,
  T_BACKEND,
  T_ENCODING,
  T_AMO,
  T_PROPAGATE,
  T_LAYOUT,
  T_MEMORY,
  T_METHOD,
  T_FORMAT
} opt_type;

static const struct {
  const char *name;
  opt_type type;
  double lo, hi;
  unsigned commands;
  size_t offset;
  const char *help;
} table[] = {
#define O(name, type, def, lo, hi, cmds, help)                                 \
  {#name,        T_##type, (double)(lo),                                       \
   (double)(hi), (cmds),   offsetof(app_options, name),                        \
   help},
    SKS_OPTIONS(O)
#undef O
};
enum { NOPTIONS = sizeof table / sizeof *table };

/* Each option's default as the table writes it: text for strings and
 * choices, a number for the rest. */
#define TEXT_STR(v) v
#define TEXT_BOOL(v) NULL
#define TEXT_INT(v) NULL
#define TEXT_LONG(v) NULL
#define TEXT_DOUBLE(v) NULL
#define TEXT_BACKEND(v) v
#define TEXT_ENCODING(v) v
#define TEXT_AMO(v) v
#define TEXT_PROPAGATE(v) v
#define TEXT_LAYOUT(v) v
#define TEXT_MEMORY(v) v
#define TEXT_METHOD(v) v
#define TEXT_FORMAT(v) v
#define NUMBER_STR(v) 0
#define NUMBER_BOOL(v) (v)
#define NUMBER_INT(v) (v)
#define NUMBER_LONG(v) (v)
#define NUMBER_DOUBLE(v) (v)
#define NUMBER_BACKEND(v) 0
#define NUMBER_ENCODING(v) 0
#define NUMBER_AMO(v) 0
#define NUMBER_PROPAGATE(v) 0
#define NUMBER_LAYOUT(v) 0
#define NUMBER_MEMORY(v) 0
#define NUMBER_METHOD(v) 0
#define NUMBER_FORMAT(v) 0

static const struct {
  const char *text;
  double number;
} default_of[] = {
#define O(name, type, def, lo, hi, cmds, help)                                 \
  {TEXT_##type(def), (double)NUMBER_##type(def)},
    SKS_OPTIONS(O)
#undef O
};

/* ---- choices: each type's names, in the order of its values ---- */

static const char *const layout_names[] = {"same", "line", "grid", "numbers"};
static const char *const memory_names[] = {"K", "K2"};
static const char *const format_names[] = {"text", "json", "csv"};

/* Appends a name to a list "a, b or c" being built in buf. */
static void list_add(char *buf, size_t cap, int i, int count,
                     const char *name) {
  size_t len = strlen(buf);
  snprintf(buf + len, cap - len, "%s%s",
           !i              ? ""
           : i + 1 < count ? ", "
                           : " or ",
           name);
}

/* The names a choice type takes, as "a, b or c". */
static void choice_names(opt_type type, char *buf, size_t cap) {
  buf[0] = 0;
  const char *names[16];
  int k = 0;
  switch (type) {
  case T_BACKEND:
    for (const sks_backend *const *b = sks_backends(); *b && k < 16; b++)
      names[k++] = (*b)->name;
    break;
  case T_ENCODING:
    for (int e = SKS_ENCODING_MINIMAL; e <= SKS_ENCODING_EXTENDED; e++)
      names[k++] = sks_encoding_name((sks_encoding)e);
    break;
  case T_AMO:
    for (int e = SKS_AMO_AUTO; e <= SKS_AMO_BIMANDER; e++)
      names[k++] = sks_amo_name((sks_amo)e);
    break;
  case T_PROPAGATE:
    for (int e = SKS_PROPAGATE_GIVENS; e <= SKS_PROPAGATE_LOCKED; e++)
      names[k++] = sks_propagate_name((sks_propagate)e);
    names[k++] = "auto";
    break;
  case T_LAYOUT:
    for (; k < 4; k++)
      names[k] = layout_names[k];
    break;
  case T_MEMORY:
    for (; k < 2; k++)
      names[k] = memory_names[k];
    break;
  case T_FORMAT:
    for (; k < 3; k++)
      names[k] = format_names[k];
    break;
  case T_METHOD: /* the library's integrators, by their names */
    for (int m = SKS_ANALOG_CASH_KARP; m <= SKS_ANALOG_SPLIT; m++)
      names[k++] = sks_analog_method_name(m);
    break;
  default:
    break;
  }
  for (int i = 0; i < k; i++)
    list_add(buf, cap, i, k, names[i]);
}

/* Parses a choice into *out (the field's enum); false when unknown. */
static bool parse_choice(opt_type type, const char *val, void *out) {
  int i;
  switch (type) {
  case T_BACKEND: {
    const sks_backend *b = sks_backend_find(val);
    *(const sks_backend **)out = b;
    return b != NULL;
  }
  case T_ENCODING:
    return !sks_encoding_parse(val, out);
  case T_AMO:
    return !sks_amo_parse(val, out);
  case T_PROPAGATE:
    if (!strcmp(val, "auto")) {
      *(int *)out = PROPAGATE_AUTO;
      return true;
    }
    sks_propagate p;
    if (sks_propagate_parse(val, &p))
      return false;
    *(int *)out = (int)p;
    return true;
  case T_LAYOUT:
    i = sks_name_index(val, layout_names, 4);
    *(app_layout *)out = (app_layout)i;
    return i >= 0;
  case T_MEMORY: /* "" (the default) leaves it to the command */
    i = *val ? sks_name_index(val, memory_names, 2) : -1;
    *(int *)out = *val ? i + 1 : 0;
    return !*val || i >= 0;
  case T_FORMAT:
    i = sks_name_index(val, format_names, 3);
    *(int *)out = i;
    return i >= 0;
  case T_METHOD:
    i = sks_analog_method_parse(val);
    *(int *)out = i;
    return i >= 0;
  default:
    return false;
  }
}

/* ---- --help ---- */

/* Option i as written on the command line: "--time-limit". */
static void option_flag(int i, char *buf, size_t cap) {
  snprintf(buf, cap, "--%s", table[i].name);
  size_t len = strlen(buf);
  if (len > 2 && buf[len - 1] == '_')
    buf[len - 1] = 0; /* a second row of a shared flag */
  for (char *p = buf; *p; p++)
    if (*p == '_')
      *p = '-';
}

static void show_default(FILE *out, opt_type type, const char *text,
                         double number) {
  switch (type) {
  case T_BOOL:
    return;
  case T_INT:
  case T_LONG:
    fprintf(out, "[%lld]", (long long)number);
    return;
  case T_DOUBLE:
    fprintf(out, "[%g]", number);
    return;
  default:
    fprintf(out, "[%s]", text ? text : "");
  }
}

/* The command named cmd, or -1. */
static int command_index(const char *cmd) {
  for (int c = 0; c < NCOMMANDS; c++)
    if (!strcmp(commands[c].name, cmd))
      return c;
  return -1;
}

/* The help of every command (only < 0) or of one (the options it takes). */
static void usage(FILE *out, int only) {
  unsigned bits = only < 0 ? ~0u : commands[only].bit;
  if (only < 0)
    fprintf(out, "usage: sudokusat COMMAND [OPTIONS] [FILES]\n\ncommands:\n");
  else
    fprintf(out, "usage: sudokusat %s [OPTIONS] %s\n\ncommands:\n",
            commands[only].name, commands[only].args);
  for (int i = 0; i < NCOMMANDS; i++)
    if (only < 0 || i == only)
      fprintf(out, "  %-12s %-26s %s\n", commands[i].name, commands[i].args,
              commands[i].help);
  fprintf(out, "\noptions (--name=VALUE or --name VALUE; default in []):\n");
  for (int i = 0; i < NOPTIONS; i++) {
    if (!(table[i].commands & bits))
      continue;
    char flag[64], names[160];
    option_flag(i, flag, sizeof flag);
    choice_names(table[i].type, names, sizeof names);
    fprintf(out, "  %-18s %s%s%s ", flag, table[i].help, *names ? ": " : "",
            names);
    show_default(out, table[i].type, default_of[i].text, default_of[i].number);
    fputc('\n', out);
  }
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
          "  failed the validator, 5 --cross-check: backends disagree, 6 out "
          "of memory,\n"
          "  7 solve: an answer differs from the solution the file gives\n"
          "  a closed output pipe ends it quietly by SIGPIPE (141 in the "
          "shell)\n");
}

/* The words a string option takes, from the library's name tables, as
 * "a, b or c" (empty when any text goes): --symmetry, --grade (levels and
 * labels), --variant (jigsaw= is followed by a file). */
static void word_names(int i, char *buf, size_t cap) {
  const char *o = table[i].name, *names[32];
  int k = 0;
  if (!strcmp(o, "symmetry"))
    for (int s = 0; s < SKS_SYMMETRY_COUNT && k < 32; s++)
      names[k++] = sks_symmetry_name((sks_symmetry)s);
  else if (!strcmp(o, "grade")) {
    for (int l = SKS_GRADE_SINGLES; l <= SKS_GRADE_SEARCH; l++)
      names[k++] = sks_grade_level_name((sks_grade_level)l);
    for (int l = SKS_LABEL_EASY; l <= SKS_LABEL_EXTREME; l++)
      names[k++] = sks_grade_label_name((sks_grade_label)l);
  } else if (!strcmp(o, "variant")) {
    names[k++] = "x";
    names[k++] = "windoku";
    names[k++] = "jigsaw=";
  }
  buf[0] = 0;
  for (int j = 0; j < k; j++)
    list_add(buf, cap, j, k, names[j]);
}

/* For the bash completion (tools/completion): one line per command, its
 * name and the options it takes, then one line per choice option, the
 * option and the names it takes. */
static void list_options(void) {
  for (int c = 0; c < NCOMMANDS; c++) {
    printf("%s", commands[c].name);
    for (int i = 0; i < NOPTIONS; i++) {
      char flag[64];
      option_flag(i, flag, sizeof flag);
      if (table[i].commands & commands[c].bit)
        printf(" %s", flag);
    }
    printf(" --help\n");
  }
  for (int i = 0; i < NOPTIONS; i++) {
    char flag[64], names[256];
    option_flag(i, flag, sizeof flag);
    choice_names(table[i].type, names, sizeof names);
    if (!*names)
      word_names(i, names, sizeof names);
    if (!*names)
      continue;
    printf("%s", flag);
    for (char *tok = strtok(names, ", "); tok; tok = strtok(NULL, ", "))
      if (strcmp(tok, "or"))
        printf(" %s", tok);
    putchar('\n');
  }
}

/* ---- parsing one option ---- */

/* Sets option i from text; returns false with a message on a bad value. */
static bool set_option(app_options *o, int i, const char *flag,
                       const char *val) {
  char *base = (char *)o + table[i].offset;
  char *end;
  errno = 0;
  switch (table[i].type) {
  case T_STR:
    if (!*val && !strcmp(table[i].name, "output")) {
      app_message("%s: an empty file name ('-' is standard output)", flag);
      return false;
    }
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
        app_message("%s: %lld is out of range %.0f..%.0f", flag, v, table[i].lo,
                    table[i].hi);
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
  default:
    if (parse_choice(table[i].type, val, base))
      return true;
    char names[160];
    choice_names(table[i].type, names, sizeof names);
    app_message("%s: unknown '%s' (expected %s)", flag, val, names);
    return false;
  }
}

/* The defaults: numbers and strings as the table gives them, choices
 * parsed from their names like any value. */
static void defaults(app_options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < NOPTIONS; i++) {
    char *base = (char *)o + table[i].offset;
    switch (table[i].type) {
    case T_STR:
      *(const char **)base = default_of[i].text;
      break;
    case T_BOOL:
    case T_INT:
      *(int *)base = (int)default_of[i].number;
      break;
    case T_LONG:
      *(long long *)base = (long long)default_of[i].number;
      break;
    case T_DOUBLE:
      *(double *)base = default_of[i].number;
      break;
    default:
      parse_choice(table[i].type, default_of[i].text, base);
    }
  }
}

/* Whether row i's flag is name[0 .. len). */
static bool option_named(int i, const char *name, size_t len) {
  const char *t = table[i].name;
  size_t k = 0;
  for (; k < len && t[k]; k++)
    if (!(t[k] == name[k] || (t[k] == '_' && name[k] == '-')))
      break;
  return k == len && (!t[k] || (t[k] == '_' && !t[k + 1]));
}

/* The row of a flag: of the ones named so, the one the command (bit)
 * takes, else the first. */
static int find_option(const char *name, size_t len, unsigned bit) {
  int first = -1;
  for (int i = 0; i < NOPTIONS; i++)
    if (option_named(i, name, len)) {
      if (table[i].commands & bit)
        return i;
      if (first < 0)
        first = i;
    }
  return first;
}

static int short_option(char c) {
  switch (c) {
  case 'o':
    return find_option("output", 6, CMD_ALL);
  case 'j':
    return find_option("jobs", 4, CMD_ALL);
  case 'q':
    return find_option("quiet", 5, CMD_ALL);
  case 'v':
    return find_option("verbose", 7, CMD_ALL);
  default:
    return -1;
  }
}

/* ---- the command line, in steps ---- */

static int parse_variant(sks_app *app, sks_error *err);
static int check_stdout(int res);

/* Reads the arguments after the command: operands into app->files,
 * options into app->opt (given[i]: the argument that first gave option i,
 * or 0).  Returns 0 or
 * EXIT_USAGE after a message; -h prints the help and exits. */
static int read_arguments(sks_app *app, int argc, char **argv, int *given,
                          unsigned bit) {
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
      usage(stdout, command_index(app->command));
      exit(check_stdout(0));
    }
    int i;
    const char *val = NULL;
    char flag[80];
    if (arg[1] == '-') {
      const char *name = arg + 2, *eq = strchr(name, '=');
      size_t len = eq ? (size_t)(eq - name) : strlen(name);
      i = find_option(name, len, bit);
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
    if (!given[i])
      given[i] = a;
    if (table[i].type == T_BOOL) {
      if (val) {
        app_message("%s takes no value", flag);
        return EXIT_USAGE;
      }
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
  return 0;
}

/* An option the command does not take is refused, not ignored (the first
 * such on the command line is named). */
static int check_commands(const sks_app *app, unsigned bit, const int *given) {
  int i = -1;
  for (int j = 0; j < NOPTIONS; j++)
    if (given[j] && !(table[j].commands & bit) &&
        (i < 0 || given[j] < given[i]))
      i = j;
  if (i < 0)
    return 0;
  char flag[64], takers[160] = "";
  option_flag(i, flag, sizeof flag);
  int k = 0, count = 0;
  for (int c = 0; c < NCOMMANDS; c++)
    count += (table[i].commands & commands[c].bit) != 0;
  for (int c = 0; c < NCOMMANDS; c++)
    if (table[i].commands & commands[c].bit)
      list_add(takers, sizeof takers, k++, count, commands[c].name);
  app_message("%s takes no %s (it is an option of %s)", app->command, flag,
              takers);
  return EXIT_USAGE;
}

/* ---- options only some backends use ---- */

/* Whether backend b uses option i (a command that runs a backend).  From
 * the registry where a capability tells (the analog portfolio's options);
 * by name where none does: external runs --solver and keeps no step
 * budget; dlx and bits search deterministically (no seed).  Every other option
 * is used by every backend.  auto is judged by itself: its engines (dlx
 * up to 16x16, then cadical; docs/backends.md, "Solvers") take steps and
 * seeds, no command and no analog option. */
static bool backend_uses(int i, const sks_backend *b) {
  const char *o = table[i].name;
  bool external = !strcmp(b->name, "external");
  if (!strcmp(o, "solver"))
    return external;
  if (!strcmp(o, "analog_memory") || !strcmp(o, "analog_method") ||
      !strcmp(o, "restart") || !strcmp(o, "trace") || !strcmp(o, "trace_every"))
    return (b->caps & SKS_CAP_PORTFOLIO) != 0;
  if (!strcmp(o, "max_steps"))
    return !external;
  if (!strcmp(o, "seed"))
    return !external && strcmp(b->name, "dlx") && strcmp(b->name, "bits");
  return true;
}

/* --solver CMD alone picks the external backend; an option the chosen
 * backend does not use is refused like one the command does not take,
 * with the backends that use it (the first such option is named). */
static int check_backend(sks_app *app, unsigned bit, const int *given) {
  if (!(bit & CMD_BACKEND))
    return 0;
  int backend = -1, solver = -1;
  for (int j = 0; j < NOPTIONS; j++) {
    if (!strcmp(table[j].name, "backend"))
      backend = j;
    if (!strcmp(table[j].name, "solver"))
      solver = j;
  }
  const sks_backend *ext = sks_backend_find("external");
  if (given[solver] && ext && app->opt.backend != ext) {
    if (given[backend] && strcmp(app->opt.backend->name, "auto")) {
      app_message("--solver runs an external solver: it does not go with "
                  "--backend %s (give --backend external, or no --backend)",
                  app->opt.backend->name);
      return EXIT_USAGE;
    }
    app->opt.backend = ext;
  }
  int i = -1;
  for (int j = 0; j < NOPTIONS; j++)
    if (given[j] && (table[j].commands & bit) &&
        !backend_uses(j, app->opt.backend) && (i < 0 || given[j] < given[i]))
      i = j;
  if (i < 0)
    return 0;
  char flag[64], users[160] = "";
  option_flag(i, flag, sizeof flag);
  int k = 0, count = 0;
  const sks_backend *const *all = sks_backends();
  for (int b = 0; all[b]; b++)
    count += backend_uses(i, all[b]);
  for (int b = 0; all[b]; b++)
    if (backend_uses(i, all[b]))
      list_add(users, sizeof users, k++, count, all[b]->name);
  app_message("the %s backend does not use %s (it is an option of %s)",
              app->opt.backend->name, flag, users);
  return EXIT_USAGE;
}

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
  /* A backend that races seeds on each puzzle (analog), and the rating,
   * spend -j on one puzzle at a time (first to finish wins); the batch
   * then runs on one thread. */
  if ((app->opt.backend->caps & SKS_CAP_PORTFOLIO) ||
      !strcmp(app->command, "rate")) {
    app->analog_threads = app->opt.jobs;
    app->opt.jobs = 1;
  }
  if (app->opt.trace[0] && !(app->trace = open_trace(app)))
    return EXIT_USAGE;
  return 0;
}

static int parse(sks_app *app, int argc, char **argv, unsigned bit) {
  defaults(&app->opt);
  int given[NOPTIONS] = {0};
  int res = read_arguments(app, argc, argv, given, bit);
  for (int i = 0; i < NOPTIONS; i++)
    if (given[i] && !strcmp(table[i].name, "seed"))
      app->seed_given = true;
  if (!res)
    res = check_commands(app, bit, given);
  if (!res)
    res = check_backend(app, bit, given);
  if (!res)
    res = derive(app);
  return res;
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
    if (!strcmp(tok, "x"))
      app->fmt.variants |= SKS_VARIANT_X;
    else if (!strcmp(tok, "windoku"))
      app->fmt.variants |= SKS_VARIANT_WINDOKU;
    else if (!strncmp(tok, "jigsaw=", 7)) {
      if (read_jigsaw(app, tok + 7, err))
        return -1;
    } else
      return sks_error_set(err, -1, 0, 0,
                           "--variant: unknown '%s' (expected x, windoku or "
                           "jigsaw=FILE)",
                           tok);
  }
  return 0;
}

/* Answers that could not all be written (a full disk) are not a success. */
static int check_stdout(int res) {
  if (fflush(stdout) == 0 && !ferror(stdout))
    return res;
  app_message("standard output: write error: %s", strerror(errno));
  return EXIT_INPUT;
}

int sks_app_main(int argc, char **argv) {
  app_catch_signals(); /* before any thread: tools/signals.c */
  if (argc < 2) {
    usage(stderr, -1);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    int only = argc > 2 ? command_index(argv[2]) : -1;
    if (argc > 2 && only < 0) {
      app_message("help: unknown command '%s' (see 'sudokusat --help')",
                  argv[2]);
      return EXIT_USAGE;
    }
    usage(stdout, only);
    return check_stdout(0);
  }
  if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
    printf("sudokusat %s\n", sks_version());
    return check_stdout(0);
  }
  if (!strcmp(cmd, "--list-options")) {
    list_options();
    return check_stdout(0);
  }
  int c = command_index(cmd);
  if (c < 0) {
    app_message("unknown command '%s' (see 'sudokusat --help')", cmd);
    return EXIT_USAGE;
  }
  sks_app app;
  memset(&app, 0, sizeof app);
  app.command = cmd;
  app.stderr_tty = isatty(STDERR_FILENO);
  int res = parse(&app, argc, argv, commands[c].bit);
  if (!res)
    res = commands[c].run(&app);
  if (app.trace && close_trace(&app))
    res = EXIT_INPUT; /* a trace that could not be written is an error */
  free(app.files);
  free(app.jigsaw);
  return check_stdout(res);
}
