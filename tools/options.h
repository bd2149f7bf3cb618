/* The command line's two tables: the commands, and the options, which
 * generate the option struct (app_int.h), the --name=value parser with
 * range checks and typed choices, the check that the command takes the
 * option, and the --help text with live defaults (tools/options.c).
 * O(name, type, default, min, max, commands, help); '_' in a name is '-'
 * on the command line, and a trailing '_' is dropped (two rows may share
 * a flag when no command takes both: --count).  A choice type (BACKEND,
 * ENCODING, SYMMETRY, ...) is parsed once into its enum; its names come
 * from where the values live (the backend registry, the library's name
 * tables), one row a type in options.c. */
#ifndef SKS_OPTIONS_H
#define SKS_OPTIONS_H

#include "sudokusat.h"

#include <stdbool.h>
#include <stdio.h>

/* The commands, for the column that says which take an option. */
enum {
  CMD_SOLVE = 1 << 0,
  CMD_ENCODE = 1 << 1,
  CMD_DECODE = 1 << 2,
  CMD_UNIQUE = 1 << 3,
  CMD_COUNT = 1 << 4,
  CMD_XC = 1 << 5, /* exact-cover */
  CMD_RATE = 1 << 6,
  CMD_GENERATE = 1 << 7,
  CMD_MINIMIZE = 1 << 8,
  CMD_CERT = 1 << 9, /* check (certificates) */
  CMD_REPAIR = 1 << 10,
  CMD_GRADE = 1 << 11,
  CMD_PRINT = 1 << 12,
  CMD_CANON = 1 << 13,
  CMD_EXPLAIN = 1 << 14
};
#define CMD_CHECK (CMD_UNIQUE | CMD_COUNT)
#define CMD_BACKEND (CMD_SOLVE | CMD_CHECK) /* run a backend on puzzles */
#define CMD_AUTHOR                                                             \
  (CMD_REPAIR | CMD_GRADE | CMD_CERT | CMD_EXPLAIN) /* judge puzzles */
#define CMD_MAKE (CMD_GENERATE | CMD_MINIMIZE)      /* make puzzles */
#define CMD_PUZZLES                                                            \
  (CMD_BACKEND | CMD_ENCODE | CMD_RATE | CMD_AUTHOR) /* read puzzles */
#define CMD_LIMITS (CMD_BACKEND | CMD_XC | CMD_RATE)
/* check and explain read puzzles but build no CNF and run no search a
 * step limit would bound: --encoding, --amo and --max-steps are refused */
#define CMD_NO_CNF (CMD_CERT | CMD_EXPLAIN)
#define CMD_ANALOG (CMD_SOLVE | CMD_RATE)
#define CMD_ALL 0x7fff

/* C(name, bit, operands, help, run): one row a command, in the order
 * --help lists them; run is its app_* function (app_int.h). */
#define SKS_COMMANDS(C)                                                        \
  C("solve", CMD_SOLVE, "[PUZZLES|CNF ...]",                                   \
    "solve; one answer per puzzle, in input order", app_solve)                 \
  C("encode", CMD_ENCODE, "PUZZLE [-o OUT.cnf[.gz]]",                          \
    "write DIMACS for any SAT solver", app_encode)                             \
  C("decode", CMD_DECODE, "CNF MODEL",                                         \
    "map a SAT solver's model back to the grid", app_decode)                   \
  C("unique", CMD_UNIQUE, "[PUZZLES ...]",                                     \
    "unique / multiple / none, per puzzle", app_check)                         \
  C("count", CMD_COUNT, "[--limit K] [PUZZLES ...]",                           \
    "number of solutions per puzzle", app_check)                               \
  C("check", CMD_CERT, "--certificate DIR [PUZZLES|CNF ...]",                  \
    "verify the certificates unique or solve wrote (DRAT proofs, solutions)",  \
    app_check_cert)                                                            \
  C("exact-cover", CMD_XC, "[--count] [--limit K] FILE",                       \
    "solve a general exact-cover problem (Knuth's format) with DLX",           \
    app_exact_cover)                                                           \
  C("rate", CMD_RATE, "--analog [PUZZLES ...]",                                \
    "hardness eta of each puzzle from the analog solver's escape rate",        \
    app_rate)                                                                  \
  C("generate", CMD_GENERATE, "[--size N] [--count M]",                        \
    "make puzzles with one solution each (--symmetry, --minimal, --givens; "   \
    "--killer)",                                                               \
    app_generate)                                                              \
  C("minimize", CMD_MINIMIZE, "[PUZZLES ...]",                                 \
    "remove givens of unique puzzles until every one is needed", app_minimize) \
  C("repair", CMD_REPAIR, "[PUZZLES ...]",                                     \
    "fewest givens to make unique, or the givens that clash", app_repair)      \
  C("grade", CMD_GRADE, "[--analog] [PUZZLES ...]",                            \
    "logic level, search effort, label, hardest technique, SE rating",         \
    app_grade)                                                                 \
  C("explain", CMD_EXPLAIN, "[--next] [PUZZLES ...]",                          \
    "the solution path in human techniques, step by step (--next: a hint)",    \
    app_explain)                                                               \
  C("print", CMD_PRINT, "[-o OUT.svg] [PUZZLES ...]",                          \
    "printable SVG pages of the puzzles (--solutions, --per-page)", app_print) \
  C("canon", CMD_CANON, "[--show|--dedupe|--symmetry] [PUZZLES ...]",          \
    "canonical form (minlex) of each puzzle; --dedupe drops disguised "        \
    "repeats; --symmetry: automorphisms",                                      \
    app_canon)

#define SKS_OPTIONS(O)                                                         \
  O(backend, BACKEND, "auto", 0, 0, CMD_BACKEND, "solver")                     \
  O(solver, STR, "", 0, 0, CMD_BACKEND,                                        \
    "external solver command, e.g. 'cadical -q'")                              \
  O(box, STR, "", 0, 0, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,        \
    "box shape RxC (default: inferred from the size)")                         \
  O(variant, STR, "", 0, 0, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,    \
    "variants, comma-separated (jigsaw=FILE: the region map)")                 \
  O(symbols, STR, "", 0, 0, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,    \
    "the digits' symbols in order, e.g. 0-F, A-P, A-I (default: 1-9A-Z, or "   \
    "letters A.. for a puzzle written only in them)")                          \
  O(hex, BOOL, 0, 0, 1, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,        \
    "the same as --symbols 0-F (16x16)")                                       \
  O(encoding, ENCODING, "extended", 0, 0, CMD_PUZZLES & ~CMD_NO_CNF, "CNF")    \
  O(amo, AMO, "auto", 0, 0, CMD_PUZZLES & ~CMD_NO_CNF, "at-most-one")          \
  O(propagate, PROPAGATE, "auto", 0, 0, CMD_BACKEND | CMD_ENCODE,              \
    "before solving (auto: dlx singles, analog givens, else locked)")          \
  O(renumber, BOOL, 0, 0, 1, CMD_BACKEND | CMD_ENCODE,                         \
    "encode: number open candidates 1..k (map kept)")                          \
  O(output, STR, "", 0, 0, CMD_ENCODE | CMD_PRINT,                             \
    "encode: output file (.gz = gzip); print: the first page; default stdout") \
  O(gzip, BOOL, 0, 0, 1, CMD_ENCODE,                                           \
    "encode: gzip the output whatever its name")                               \
  O(force, BOOL, 0, 0, 1, CMD_ENCODE | CMD_PRINT | CMD_RATE | CMD_SOLVE,       \
    "overwrite an existing output file (-o, --plot, --plot-data, --trace)")    \
  O(layout, LAYOUT, "same", 0, 0,                                              \
    CMD_SOLVE | CMD_UNIQUE | CMD_DECODE | CMD_MAKE | CMD_CANON, "answers as")  \
  O(limit, LONG, 1000, 0, 0x7fffffffffffffffLL, CMD_COUNT | CMD_XC,            \
    "count: stop at K solutions (0 = no limit: may run for a very long time)") \
  O(show, BOOL, 0, 0, 1, CMD_UNIQUE | CMD_CANON,                               \
    "unique: print the solution, or two for multiple; canon: the "             \
    "transformation")                                                          \
  O(dedupe, BOOL, 0, 0, 1, CMD_CANON,                                          \
    "canon: print the puzzles that repeat no earlier one up to the group")     \
  O(symmetry_, BOOL, 0, 0, 1, CMD_CANON,                                       \
    "canon: the puzzle's automorphisms and the symmetry of its layout")        \
  O(certificate, STR, "", 0, 0, CMD_UNIQUE | CMD_SOLVE | CMD_CERT,             \
    "unique, solve: write a certificate of each answer into the new or "       \
    "empty folder DIR; check: verify those in DIR")                            \
  O(cross_check, BOOL, 0, 0, 1, CMD_CHECK,                                     \
    "unique/count: decide again with an engine of the other kind (dlx, "       \
    "bits: by picosat; picosat, cadical, hall, external: by dlx)")             \
  O(count, BOOL, 0, 0, 1, CMD_XC,                                              \
    "exact-cover: print the number of solutions only")                         \
  O(jobs, INT, 0, 0, 1024,                                                     \
    CMD_BACKEND | CMD_RATE | CMD_AUTHOR | CMD_MAKE | CMD_CANON,                \
    "threads for a batch (0 = cores), a big grid's CDCL search raced on the "  \
    "idle ones; analog: seeds raced on each puzzle")                           \
  O(seed, LONG, 1, 0, 0x7fffffffffffffffLL,                                    \
    CMD_BACKEND | CMD_RATE | CMD_GRADE | CMD_MAKE,                             \
    "random seed (analog, cadical, picosat, hall, grade; minimize: the "       \
    "order; generate: the puzzles)")                                           \
  O(time_limit, DOUBLE, 0, 0, 1e9,                                             \
    CMD_LIMITS | CMD_REPAIR | CMD_CERT | CMD_MAKE | CMD_CANON | CMD_EXPLAIN,   \
    "seconds per puzzle (0 = none; check: per certificate)")                   \
  O(max_steps, LONG, 0, 0, 0x7fffffffffffffffLL,                               \
    (CMD_BACKEND | CMD_XC | CMD_AUTHOR) & ~CMD_NO_CNF,                         \
    "per puzzle (0 = none): picosat decisions / cadical and hall conflicts / " \
    "dlx and bits nodes / analog steps")                                       \
  O(analog_memory, MEMORY, "", 0, 0, CMD_ANALOG,                               \
    "analog weight law: K (da=aK) or K2 (default: K2 to solve, K to rate)")    \
  O(analog_method, METHOD, "", 0, 0, CMD_ANALOG,                               \
    "analog integrator (default: split)")                                      \
  O(restart, DOUBLE, 0, -1, 1e9, CMD_SOLVE,                                    \
    "analog: Luby restart unit, analog time (0 = default, -1 = never)")        \
  O(trace, STR, "", 0, 0, CMD_SOLVE,                                           \
    "analog: CSV trace of the first puzzle run")                               \
  O(trace_every, LONG, 100, 1, 1000000000, CMD_SOLVE,                          \
    "analog: trace every K steps")                                             \
  O(runs, INT, 32, 1, 100000, CMD_RATE | CMD_GRADE,                            \
    "rate: runs from random starts")                                           \
  O(rate_time, DOUBLE, 1000, 1, 1e9, CMD_RATE | CMD_GRADE,                     \
    "rate: analog-time budget T of each run")                                  \
  O(rate_width, DOUBLE, 0.2, 0, 10, CMD_RATE | CMD_GRADE,                      \
    "rate: stop once eta's 95% interval is about +-W (19 solved runs for "     \
    "0.2; 0 = every run)")                                                     \
  O(rate_precision, PRECISION, "single", 0, 0, CMD_RATE | CMD_GRADE,           \
    "rate: the runs' arithmetic (single: 8 runs a vector; double: 4, about "   \
    "2.6x the CPU, each run bit for bit the solver's own)")                    \
  O(analog, BOOL, 0, 0, 1, CMD_RATE | CMD_GRADE,                               \
    "rate: use the analog solver's escape rate")                               \
  O(relaxed, BOOL, 0, 0, 1, CMD_BACKEND | CMD_DECODE | CMD_RATE,               \
    "DIMACS: a header mismatch or a last clause without 0 only warns")         \
  O(format, FORMAT, "text", 0, 0,                                              \
    CMD_BACKEND | CMD_RATE | CMD_AUTHOR | CMD_MAKE | CMD_CANON,                \
    "answers as text, json (JSON Lines) or csv")                               \
  O(summary, BOOL, 0, 0, 1,                                                    \
    CMD_BACKEND | CMD_RATE | CMD_AUTHOR | CMD_MAKE | CMD_CANON,                \
    "after the answers, one summary record on stdout (status summary)")        \
  O(stats, BOOL, 0, 0, 1, CMD_LIMITS | CMD_MAKE,                               \
    "print statistics as 'c' lines on stderr")                                 \
  O(permutations, INT, 4, 1, 100000, CMD_GRADE,                                \
    "grade: random relabellings the search effort is averaged over")           \
  O(solutions, INT, 256, 1, 1000000, CMD_REPAIR,                               \
    "repair: solutions listed for the fewest over all of them")                \
  O(size, INT, 0, 0, SKS_MAX_N, CMD_GENERATE,                                  \
    "generate: side N (boxes as square as N allows; default 9)")               \
  O(symmetry, SYMMETRY, "none", 0, 0, CMD_MAKE,                                \
    "generate/minimize: symmetry of the givens")                               \
  O(grade, GRADE, "", 0, 0, CMD_GENERATE,                                      \
    "generate: keep puzzles of this level or label (above singles/easy "       \
    "implies --minimal)")                                                      \
  O(next, BOOL, 0, 0, 1, CMD_EXPLAIN,                                          \
    "explain: the easiest step now only (a hint)")                             \
  O(se_rating, BOOL, 0, 0, 1, CMD_GRADE | CMD_EXPLAIN,                         \
    "grade/explain: rate as Sudoku Explainer does (grade: the default; "       \
    "explain: from the path's first step SE lacks, SE's techniques only)")     \
  O(path_rating, BOOL, 0, 0, 1, CMD_GRADE,                                     \
    "grade: rate by the easiest path with every technique (HoDoKu's that "     \
    "SE lacks too), not as Sudoku Explainer does")                             \
  O(minimal, BOOL, 0, 0, 1, CMD_GENERATE,                                      \
    "generate: every given needed (with a symmetry: every orbit)")             \
  O(givens, INT, 0, 0, 160000, CMD_GENERATE,                                   \
    "generate: at most K givens, or the fewest reached (0 = no target)")       \
  O(killer, BOOL, 0, 0, 1, CMD_GENERATE,                                       \
    "generate: killer sudoku (cages with their sums, no givens)")              \
  O(cage_size, STR, "2-5", 0, 0, CMD_GENERATE,                                 \
    "generate --killer: cells a cage, MIN-MAX or N")                           \
  O(count_, LONG, 1, 1, 0x7fffffffffffffffLL, CMD_GENERATE,                    \
    "generate: how many puzzles")                                              \
  O(plot, STR, "", 0, 0, CMD_RATE,                                             \
    "rate --analog: draw the runs' escape-rate picture into this PNG")         \
  O(plot_data, STR, "", 0, 0, CMD_RATE,                                        \
    "rate --analog: write the picture's points into this file (with or "       \
    "without --plot)")                                                         \
  O(per_page, INT, 0, 0, 400, CMD_PRINT,                                       \
    "print: puzzles a page (0 = as many as stay legible: 6 up to 9x9, 2 up "   \
    "to 16x16, else 1)")                                                       \
  O(solutions_, BOOL, 0, 0, 1, CMD_PRINT,                                      \
    "print: each puzzle's solution after it")                                  \
  O(quiet, BOOL, 0, 0, 1, CMD_ALL, "no progress, summary or warnings")         \
  O(verbose, INT, 0, 0, 9, CMD_ALL, "more messages on stderr")

/* --layout; --propagate auto; --analog-memory unset. */
typedef enum app_layout {
  LAYOUT_SAME,
  LAYOUT_LINE,
  LAYOUT_GRID,
  LAYOUT_NUMBERS,
  LAYOUT_IPUZ
} app_layout;
enum { PROPAGATE_AUTO = -1 };
enum { MEMORY_UNSET = 0, MEMORY_K = 1, MEMORY_K2 = 2 };
/* --rate-precision */
enum { PRECISION_SINGLE, PRECISION_DOUBLE };
/* --format */
enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV };
/* --grade: the level or the label asked for (sks_grade_parse), the other
 * -1; both -1 when not given. */
typedef struct app_grade_goal {
  int level, label;
} app_grade_goal;

#define SKS_OPT_STR const char *
#define SKS_OPT_BOOL int
#define SKS_OPT_INT int
#define SKS_OPT_LONG long long
#define SKS_OPT_DOUBLE double
#define SKS_OPT_BACKEND const sks_backend *
#define SKS_OPT_ENCODING sks_encoding
#define SKS_OPT_AMO sks_amo
#define SKS_OPT_PROPAGATE int /* sks_propagate, or PROPAGATE_AUTO */
#define SKS_OPT_LAYOUT app_layout
#define SKS_OPT_MEMORY int    /* MEMORY_* */
#define SKS_OPT_PRECISION int /* PRECISION_* */
#define SKS_OPT_METHOD int    /* sks_analog_method */
#define SKS_OPT_FORMAT int    /* FORMAT_* */
#define SKS_OPT_SYMMETRY sks_symmetry
#define SKS_OPT_GRADE app_grade_goal

/* The options' struct: a field a row, of the row's type. */
typedef struct app_options {
#define O(name, type, def, lo, hi, cmds, help) SKS_OPT_##type name;
  SKS_OPTIONS(O)
#undef O
} app_options;

/* The row of a command name in SKS_COMMANDS, or -1. */
int app_command_index(const char *name);
/* The help of every command (only < 0) or of one (the options it takes). */
void app_usage(FILE *out, int only);
/* For the bash completion (deploy/completion): --list-options. */
void app_list_options(void);
/* --variant's words as "x, windoku or jigsaw=", from the library. */
void app_variant_words(char *buf, size_t cap);

/* What the command line gives a command. */
typedef struct app_command_line {
  const char *command; /* as typed: solve, encode, ... */
  unsigned cmd;        /* its CMD_* bit */
  app_options opt;
  int nfiles;
  char **files;    /* the operands (free the array); none = standard input */
  bool seed_given; /* --seed was on the command line */
} app_command_line;

/* The command line after the command (cl->command, cl->cmd set): the
 * defaults, then operands into cl->files and options into cl->opt,
 * checked against the command and the backend.  Returns 0, EXIT_USAGE
 * after a message, or APP_HELP when -h/--help printed the help. */
enum { APP_HELP = -1 };
int app_options_parse(app_command_line *cl, int argc, char **argv);

#endif
