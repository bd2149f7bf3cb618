/* The options' machinery, from the tables in options.h: the typed
 * choices, parsing one option and the whole command line, the check that
 * the command and the backend take each option given, the defaults, and
 * --help and --list-options (the commands themselves run in app.c). */
#define _POSIX_C_SOURCE 200809L
#include "message.h"
#include "options.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LENGTH(a) ((int)(sizeof(a) / sizeof *(a)))

static const struct {
  const char *name;
  unsigned bit;
  const char *args, *help;
} commands[] = {
#define C(name, bit, args, help, run) {name, bit, args, help},
    SKS_COMMANDS(C)
#undef C
};
enum { NCOMMANDS = LENGTH(commands) };

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
  T_PRECISION,
  T_METHOD,
  T_FORMAT,
  T_SYMMETRY,
  T_GRADE
} opt_type;

/* A default as the table writes it: text for strings and choices, a
 * number for the rest (the other member is 0: _Generic keeps the
 * compiler from reading a string as a number or the reverse). */
#define DEFAULT_TEXT(v)                                                        \
  _Generic((v), char * : (v), const char * : (v), default : NULL)
#define DEFAULT_NUMBER(v)                                                      \
  _Generic((v), char * : 0.0, const char * : 0.0, default : (v))

static const struct {
  const char *name;
  opt_type type;
  double lo, hi;
  unsigned commands;
  size_t offset;
  const char *help;
  const char *text; /* the default: strings and choices */
  double number;    /* the default: numbers */
} table[] = {
#define O(name, type, def, lo, hi, cmds, help)                                 \
  {#name,                                                                      \
   T_##type,                                                                   \
   (double)(lo),                                                               \
   (double)(hi),                                                               \
   (cmds),                                                                     \
   offsetof(app_options, name),                                                \
   help,                                                                       \
   DEFAULT_TEXT(def),                                                          \
   (double)DEFAULT_NUMBER(def)},
    SKS_OPTIONS(O)
#undef O
};
enum { NOPTIONS = LENGTH(table) };

/* ---- choices: one row a type, its names in the order of its values ---- */

static const char *const layout_names[] = {"same", "line", "grid", "numbers",
                                           "ipuz"};
static const char *const memory_names[] = {"K", "K2"};
static const char *const precision_names[] = {"single", "double"};
static const char *const format_names[] = {"text", "json", "csv"};
enum {
  PROPAGATE_LEVELS = SKS_PROPAGATE_LOCKED + 1, /* the library's */
  GRADE_LEVELS = SKS_GRADE_SEARCH + 1
};

static const char *backend_name(int i) {
  const sks_backend *const *b = sks_backends();
  for (; i > 0 && *b; i--)
    b++;
  return *b ? (*b)->name : NULL;
}
static const char *encoding_name(int i) {
  return sks_encoding_name((sks_encoding)i);
}
static const char *amo_name(int i) {
  return sks_amo_name((sks_amo)i);
}
/* the library's levels, then auto (the level measured fastest) */
static const char *propagate_name(int i) {
  return i < PROPAGATE_LEVELS ? sks_propagate_name((sks_propagate)i) : "auto";
}
static const char *layout_name(int i) {
  return layout_names[i];
}
static const char *memory_name(int i) {
  return memory_names[i];
}
static const char *precision_name(int i) {
  return precision_names[i];
}
static const char *format_name(int i) {
  return format_names[i];
}
/* the library's integrators by their first names (the default is split) */
static const char *method_name(int i) {
  return sks_analog_method_name(SKS_ANALOG_CASH_KARP + i);
}
static const char *symmetry_name(int i) {
  return sks_symmetry_name((sks_symmetry)i);
}
/* the levels, then the labels */
static const char *grade_name(int i) {
  return i < GRADE_LEVELS
             ? sks_grade_level_name((sks_grade_level)i)
             : sks_grade_label_name((sks_grade_label)(i - GRADE_LEVELS));
}

static bool parse_backend(const char *val, void *out) {
  const sks_backend *b = sks_backend_find(val);
  *(const sks_backend **)out = b;
  return b != NULL;
}
static bool parse_encoding(const char *val, void *out) {
  return !sks_encoding_parse(val, out);
}
static bool parse_amo(const char *val, void *out) {
  return !sks_amo_parse(val, out);
}
static bool parse_propagate(const char *val, void *out) {
  sks_propagate p;
  if (!strcmp(val, "auto"))
    *(int *)out = PROPAGATE_AUTO;
  else if (!sks_propagate_parse(val, &p))
    *(int *)out = (int)p;
  else
    return false;
  return true;
}
static bool parse_layout(const char *val, void *out) {
  int i = sks_name_index(val, layout_names, LENGTH(layout_names));
  *(app_layout *)out = (app_layout)i;
  return i >= 0;
}
/* "" (the default) leaves it to the command */
static bool parse_memory(const char *val, void *out) {
  int i = *val ? sks_name_index(val, memory_names, LENGTH(memory_names)) : -1;
  *(int *)out = *val ? i + MEMORY_K : MEMORY_UNSET;
  return !*val || i >= 0;
}
static bool parse_precision(const char *val, void *out) {
  int i = sks_name_index(val, precision_names, LENGTH(precision_names));
  *(int *)out = i;
  return i >= 0;
}
static bool parse_format(const char *val, void *out) {
  int i = sks_name_index(val, format_names, LENGTH(format_names));
  *(int *)out = i;
  return i >= 0;
}
static bool parse_method(const char *val, void *out) {
  int i = sks_analog_method_parse(val);
  *(int *)out = i;
  return i >= 0;
}
static bool parse_symmetry(const char *val, void *out) {
  return !sks_symmetry_parse(val, out);
}
/* "" (the default): any grade */
static bool parse_grade(const char *val, void *out) {
  app_grade_goal *g = out;
  g->level = g->label = -1;
  return !*val || !sks_grade_parse(val, &g->level, &g->label);
}

/* A choice type: its names (name(i) for i < count; NULL ends the list
 * early), the parser into the option's field, and what a wrong name is
 * called (NULL: "unknown"). */
static const struct {
  opt_type type;
  const char *(*name)(int i);
  int count;
  bool (*parse)(const char *val, void *out);
  const char *refusal;
} choices[] = {
    {T_BACKEND, backend_name, SKS_MAX_BACKENDS, parse_backend, NULL},
    {T_ENCODING, encoding_name, SKS_ENCODING_EXTENDED + 1, parse_encoding,
     NULL},
    {T_AMO, amo_name, SKS_AMO_BIMANDER + 1, parse_amo, NULL},
    {T_PROPAGATE, propagate_name, PROPAGATE_LEVELS + 1 /* auto */,
     parse_propagate, NULL},
    {T_LAYOUT, layout_name, LENGTH(layout_names), parse_layout, NULL},
    {T_MEMORY, memory_name, LENGTH(memory_names), parse_memory, NULL},
    {T_PRECISION, precision_name, LENGTH(precision_names), parse_precision,
     NULL},
    {T_METHOD, method_name, SKS_ANALOG_SPLIT - SKS_ANALOG_CASH_KARP + 1,
     parse_method, NULL},
    {T_FORMAT, format_name, LENGTH(format_names), parse_format, NULL},
    {T_SYMMETRY, symmetry_name, SKS_SYMMETRY_COUNT, parse_symmetry, NULL},
    {T_GRADE, grade_name, GRADE_LEVELS + SKS_LABELS, parse_grade,
     "not a level or a label"},
};

/* The row of a choice type, or -1 (not a choice). */
static int choice_of(opt_type type) {
  for (int c = 0; c < LENGTH(choices); c++)
    if (choices[c].type == type)
      return c;
  return -1;
}

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

/* The names a choice type takes, as "a, b or c" (empty: not a choice). */
static void choice_names(opt_type type, char *buf, size_t cap) {
  buf[0] = 0;
  int c = choice_of(type), count = 0;
  if (c < 0)
    return;
  while (count < choices[c].count && choices[c].name(count))
    count++;
  for (int i = 0; i < count; i++)
    list_add(buf, cap, i, count, choices[c].name(i));
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

/* Defaults a command sets apart from the table's: generate draws a fresh
 * seed each run unless one is given (tools/generate.c). */
static const struct {
  size_t offset;
  unsigned commands;
  const char *text;
} command_defaults[] = {
    {offsetof(app_options, seed), CMD_GENERATE, "fresh each run"},
};

/* The words a string option takes where they are words (--variant:
 * jigsaw= is followed by a file), for the completion; empty elsewhere. */
static void word_names(int i, char *buf, size_t cap) {
  buf[0] = 0;
  if (table[i].offset == offsetof(app_options, variant))
    app_variant_words(buf, cap);
}

void app_variant_words(char *buf, size_t cap) {
  buf[0] = 0;
  for (int i = 0; i < SKS_VARIANTS; i++) {
    char w[32];
    snprintf(w, sizeof w, "%s%s", sks_variant_name(1u << i),
             1u << i == SKS_VARIANT_JIGSAW ? "=" : "");
    list_add(buf, cap, i, SKS_VARIANTS, w);
  }
}

/* Option i's default, for the commands bits shown: "[1]", or the
 * command's own ("[fresh each run]"), or both ("[1; generate: fresh each
 * run]"); nothing for a flag. */
static void show_default(FILE *out, int i, unsigned bits) {
  char text[64];
  if (table[i].type == T_BOOL)
    return;
  if (table[i].type == T_INT || table[i].type == T_LONG)
    snprintf(text, sizeof text, "%lld", (long long)table[i].number);
  else if (table[i].type == T_DOUBLE)
    snprintf(text, sizeof text, "%g", table[i].number);
  else
    snprintf(text, sizeof text, "%s", table[i].text ? table[i].text : "");
  unsigned takers = table[i].commands & bits;
  for (int d = 0; d < LENGTH(command_defaults); d++) {
    unsigned own = command_defaults[d].commands & takers;
    if (command_defaults[d].offset != table[i].offset || !own)
      continue;
    if (own == takers) {
      fprintf(out, "[%s]", command_defaults[d].text);
      return;
    }
    fprintf(out, "[%s;", text);
    for (int c = 0; c < NCOMMANDS; c++)
      if (commands[c].bit & own)
        fprintf(out, " %s:", commands[c].name);
    fprintf(out, " %s]", command_defaults[d].text);
    return;
  }
  fprintf(out, "[%s]", text);
}

int app_command_index(const char *name) {
  for (int c = 0; c < NCOMMANDS; c++)
    if (!strcmp(commands[c].name, name))
      return c;
  return -1;
}

void app_usage(FILE *out, int only) {
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
    if (!*names) /* --variant's words, from the library too */
      word_names(i, names, sizeof names);
    fprintf(out, "  %-18s %s%s%s ", flag, table[i].help, *names ? ": " : "",
            names);
    show_default(out, i, bits);
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

void app_list_options(void) {
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

/* A whole number in the row's range into *v; false after a message. */
static bool parse_whole(int i, const char *flag, const char *val,
                        long long *v) {
  char *end;
  errno = 0;
  *v = strtoll(val, &end, 10);
  if (errno || end == val || *end) {
    app_message("%s: '%s' is not a whole number", flag, val);
    return false;
  }
  if ((double)*v >= table[i].lo && (double)*v <= table[i].hi)
    return true;
  if (table[i].hi >= 9e18)
    app_message("%s: %lld is out of range (at least %.0f)", flag, *v,
                table[i].lo);
  else
    app_message("%s: %lld is out of range %.0f..%.0f", flag, *v, table[i].lo,
                table[i].hi);
  return false;
}

/* A number in the row's range into *v; false after a message. */
static bool parse_real(int i, const char *flag, const char *val, double *v) {
  char *end;
  errno = 0;
  *v = strtod(val, &end);
  if (errno || end == val || *end || isnan(*v)) {
    app_message("%s: '%s' is not a number", flag, val);
    return false;
  }
  if (*v >= table[i].lo && *v <= table[i].hi)
    return true;
  app_message("%s: %g is out of range %g..%g", flag, *v, table[i].lo,
              table[i].hi);
  return false;
}

/* Sets option i from text; returns false with a message on a bad value. */
static bool set_option(app_options *o, int i, const char *flag,
                       const char *val) {
  char *base = (char *)o + table[i].offset;
  long long whole;
  int c = choice_of(table[i].type);
  switch (table[i].type) {
  case T_STR:
    if (!*val && table[i].offset == offsetof(app_options, output)) {
      app_message("%s: an empty file name ('-' is standard output)", flag);
      return false;
    }
    *(const char **)base = val;
    return true;
  case T_BOOL:
    *(int *)base = 1;
    return true;
  case T_INT:
    if (!parse_whole(i, flag, val, &whole))
      return false;
    *(int *)base = (int)whole;
    return true;
  case T_LONG:
    return parse_whole(i, flag, val, (long long *)base);
  case T_DOUBLE:
    return parse_real(i, flag, val, (double *)base);
  default:
    if (choices[c].parse(val, base))
      return true;
    char names[160];
    choice_names(table[i].type, names, sizeof names);
    if (choices[c].refusal)
      app_message("%s: '%s' is %s (expected %s)", flag, val, choices[c].refusal,
                  names);
    else
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
      *(const char **)base = table[i].text;
      break;
    case T_BOOL:
    case T_INT:
      *(int *)base = (int)table[i].number;
      break;
    case T_LONG:
      *(long long *)base = (long long)table[i].number;
      break;
    case T_DOUBLE:
      *(double *)base = table[i].number;
      break;
    default:
      choices[choice_of(table[i].type)].parse(table[i].text, base);
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

static const struct {
  char letter;
  const char *name;
} short_forms[] = {
    {'o', "output"}, {'j', "jobs"}, {'q', "quiet"}, {'v', "verbose"}};

static int short_option(char c) {
  for (int s = 0; s < LENGTH(short_forms); s++)
    if (short_forms[s].letter == c)
      return find_option(short_forms[s].name, strlen(short_forms[s].name),
                         CMD_ALL);
  return -1;
}

/* ---- the command line ---- */

/* Reads the arguments after the command: operands into app->files,
 * options into app->opt (given[i]: the argument that first gave option i,
 * or 0).  Returns 0, EXIT_USAGE after a message, or APP_HELP. */
static int read_arguments(app_command_line *app, int argc, char **argv,
                          int *given) {
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
      app_usage(stdout, app_command_index(app->command));
      return APP_HELP;
    }
    int i;
    const char *val = NULL;
    char flag[80];
    if (arg[1] == '-') {
      const char *name = arg + 2, *eq = strchr(name, '=');
      size_t len = eq ? (size_t)(eq - name) : strlen(name);
      i = find_option(name, len, app->cmd);
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
    if (table[i].offset == offsetof(app_options, verbose) && !val) {
      app->opt.verbose++; /* -v -v, or -vv */
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

/* ---- options only some backends use ---- */

/* Whether backend b uses option i (a command that runs a backend), from
 * the registry's capabilities: --solver the backend that runs a command,
 * the analog options the portfolio, --max-steps those a step limit
 * bounds, --seed those a seed changes (dlx and bits search
 * deterministically).  Every other option is used by every backend.
 * auto is judged by itself: its engines take steps and seeds, no command
 * and no analog option. */
static bool backend_uses(int i, const sks_backend *b) {
  size_t o = table[i].offset;
  if (o == offsetof(app_options, solver))
    return (b->caps & SKS_CAP_COMMAND) != 0;
  if (o == offsetof(app_options, analog_memory) ||
      o == offsetof(app_options, analog_method) ||
      o == offsetof(app_options, restart) ||
      o == offsetof(app_options, trace) ||
      o == offsetof(app_options, trace_every))
    return (b->caps & SKS_CAP_PORTFOLIO) != 0;
  if (o == offsetof(app_options, max_steps))
    return (b->caps & SKS_CAP_STEPS) != 0;
  if (o == offsetof(app_options, seed))
    return (b->caps & SKS_CAP_SEED) != 0;
  return true;
}

/* Whether option j, given, is refused: the command does not take it, or
 * (backends) the command takes it but the chosen backend does not use it. */
static bool refused(const app_command_line *app, int j, bool backends) {
  bool takes = (table[j].commands & app->cmd) != 0;
  return backends ? takes && !backend_uses(j, app->opt.backend) : !takes;
}

/* The refused option given first on the command line, or -1. */
static int first_refused(const app_command_line *app, const int *given,
                         bool backends) {
  int i = -1;
  for (int j = 0; j < NOPTIONS; j++)
    if (given[j] && refused(app, j, backends) && (i < 0 || given[j] < given[i]))
      i = j;
  return i;
}

/* Who takes option i, as "a, b or c": the commands, or the backends that
 * use it. */
static void takers(int i, bool backends, char *buf, size_t cap) {
  const char *names[NCOMMANDS + SKS_MAX_BACKENDS];
  int k = 0;
  const sks_backend *const *all = sks_backends();
  for (int b = 0; backends && all[b]; b++)
    if (backend_uses(i, all[b]))
      names[k++] = all[b]->name;
  for (int c = 0; !backends && c < NCOMMANDS; c++)
    if (table[i].commands & commands[c].bit)
      names[k++] = commands[c].name;
  buf[0] = 0;
  for (int j = 0; j < k; j++)
    list_add(buf, cap, j, k, names[j]);
}

/* An option the command does not take is refused, not ignored (the first
 * such on the command line is named). */
static int check_commands(const app_command_line *app, const int *given) {
  int i = first_refused(app, given, false);
  if (i < 0)
    return 0;
  char flag[64], names[160];
  option_flag(i, flag, sizeof flag);
  takers(i, false, names, sizeof names);
  app_message("%s takes no %s (it is an option of %s)", app->command, flag,
              names);
  return EXIT_USAGE;
}

/* The row of a field. */
static int row_of(size_t offset) {
  for (int i = 0; i < NOPTIONS; i++)
    if (table[i].offset == offset)
      return i;
  return -1;
}

/* --solver CMD alone picks the external backend; an option the chosen
 * backend does not use is refused like one the command does not take,
 * with the backends that use it (the first such option is named). */
static int check_backend(app_command_line *app, const int *given) {
  if (!(app->cmd & CMD_BACKEND))
    return 0;
  int backend = row_of(offsetof(app_options, backend));
  int solver = row_of(offsetof(app_options, solver));
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
  int i = first_refused(app, given, true);
  if (i < 0)
    return 0;
  char flag[64], names[160];
  option_flag(i, flag, sizeof flag);
  takers(i, true, names, sizeof names);
  app_message("the %s backend does not use %s (it is an option of %s)",
              app->opt.backend->name, flag, names);
  return EXIT_USAGE;
}

/* The analog rating's own options, and the encoding of the CNF it rates,
 * go with --analog: grade without it would ignore them (the first such on
 * the command line is named).  An interval --rate-width asks for that
 * --runs cannot reach is said. */
static int check_rating(const app_command_line *app, const int *given) {
  static const size_t rating[] = {
      offsetof(app_options, runs),       offsetof(app_options, rate_time),
      offsetof(app_options, rate_width), offsetof(app_options, rate_precision),
      offsetof(app_options, encoding),   offsetof(app_options, amo)};
  int width = row_of(offsetof(app_options, rate_width));
  int need = sks_analog_rate_events(app->opt.rate_width);
  if (app->opt.analog && given[width] && need > app->opt.runs &&
      !app->opt.quiet)
    app_message("warning: --rate-width %g needs %d solved runs, more than "
                "--runs %d: no rating stops early",
                app->opt.rate_width, need, app->opt.runs);
  if (app->opt.analog || !(app->cmd & (CMD_RATE | CMD_GRADE)))
    return 0;
  int i = -1;
  for (int k = 0; k < LENGTH(rating); k++) {
    int j = row_of(rating[k]);
    if (given[j] && (i < 0 || given[j] < given[i]))
      i = j;
  }
  if (i < 0)
    return 0;
  char flag[64];
  option_flag(i, flag, sizeof flag);
  app_message("%s takes %s only with --analog (it is an option of the analog "
              "rating)",
              app->command, flag);
  return EXIT_USAGE;
}

int app_options_parse(app_command_line *app, int argc, char **argv) {
  defaults(&app->opt);
  int given[NOPTIONS] = {0};
  int res = read_arguments(app, argc, argv, given);
  app->seed_given = given[row_of(offsetof(app_options, seed))] != 0;
  if (!res)
    res = check_commands(app, given);
  if (!res)
    res = check_backend(app, given);
  if (!res)
    res = check_rating(app, given);
  if (!res && app->opt.se_rating && app->opt.path_rating) {
    app_message("%s: --se-rating and --path-rating ask for two ratings: "
                "give one",
                app->command);
    res = EXIT_USAGE;
  }
  return res;
}
