/* The command line's options: one table generates the option struct, the
 * --name=value parser with range checks and typed choices, the check that
 * the command takes the option, and the --help text with live defaults.
 * O(name, type, default, min, max, commands, help); '_' in a name is '-'
 * on the command line, and a trailing '_' is dropped (two rows may share
 * a flag when no command takes both: --count).  A choice type (BACKEND,
 * ENCODING, ...) is parsed once into its enum; its names come from where the
 * values live (the backend registry, the library's name tables). */
#ifndef SKS_OPTIONS_H
#define SKS_OPTIONS_H

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
  CMD_REPAIR = 1 << 10,
  CMD_GRADE = 1 << 11,
  CMD_PRINT = 1 << 12,
  CMD_CANON = 1 << 13,
  CMD_EXPLAIN = 1 << 14
};
#define CMD_CHECK (CMD_UNIQUE | CMD_COUNT)
#define CMD_BACKEND (CMD_SOLVE | CMD_CHECK) /* run a backend on puzzles */
#define CMD_AUTHOR (CMD_REPAIR | CMD_GRADE | CMD_EXPLAIN) /* judge puzzles */
#define CMD_MAKE (CMD_GENERATE | CMD_MINIMIZE)            /* make puzzles */
#define CMD_PUZZLES                                                            \
  (CMD_BACKEND | CMD_ENCODE | CMD_RATE | CMD_AUTHOR) /* read puzzles */
#define CMD_LIMITS (CMD_BACKEND | CMD_XC | CMD_RATE)
#define CMD_ANALOG (CMD_SOLVE | CMD_RATE)
#define CMD_ALL 0x7fff

#define SKS_OPTIONS(O)                                                         \
  O(backend, BACKEND, "auto", 0, 0, CMD_BACKEND, "solver")                     \
  O(solver, STR, "", 0, 0, CMD_BACKEND,                                        \
    "external solver command, e.g. 'cadical -q'")                              \
  O(box, STR, "", 0, 0, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,        \
    "box shape RxC (default: inferred from the size)")                         \
  O(variant, STR, "", 0, 0, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,    \
    "x, windoku or jigsaw=FILE (comma-separated)")                             \
  O(symbols, STR, "", 0, 0, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,    \
    "the digits' symbols in order, e.g. 0-F, A-P, A-I (default: 1-9A-Z, or "   \
    "letters A.. for a puzzle written only in them)")                          \
  O(hex, BOOL, 0, 0, 1, CMD_PUZZLES | CMD_MAKE | CMD_PRINT | CMD_CANON,        \
    "the same as --symbols 0-F (16x16)")                                       \
  O(encoding, ENCODING, "extended", 0, 0, CMD_PUZZLES, "CNF")                  \
  O(amo, AMO, "auto", 0, 0, CMD_PUZZLES, "at-most-one")                        \
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
  O(cross_check, BOOL, 0, 0, 1, CMD_CHECK,                                     \
    "unique/count: decide again with an engine of the other kind (dlx, "       \
    "bits: by picosat; picosat, cadical, external: by dlx)")                   \
  O(count, BOOL, 0, 0, 1, CMD_XC,                                              \
    "exact-cover: print the number of solutions only")                         \
  O(jobs, INT, 0, 0, 1024,                                                     \
    CMD_BACKEND | CMD_RATE | CMD_AUTHOR | CMD_MAKE | CMD_CANON,                \
    "threads for a batch (0 = cores); analog: seeds raced on each puzzle")     \
  O(seed, LONG, 1, 0, 0x7fffffffffffffffLL,                                    \
    CMD_BACKEND | CMD_RATE | CMD_GRADE | CMD_MAKE,                             \
    "random seed (analog, cadical, picosat, grade; minimize: the order; "      \
    "generate: the puzzles, fresh each run unless given)")                     \
  O(time_limit, DOUBLE, 0, 0, 1e9, CMD_LIMITS | CMD_REPAIR,                    \
    "seconds per puzzle (0 = none)")                                           \
  O(max_steps, LONG, 0, 0, 0x7fffffffffffffffLL,                               \
    CMD_BACKEND | CMD_XC | CMD_AUTHOR,                                         \
    "per puzzle (0 = none): picosat decisions / cadical conflicts / dlx and "  \
    "bits nodes / analog steps")                                               \
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
  O(symmetry, STR, "none", 0, 0, CMD_MAKE,                                     \
    "generate/minimize: symmetry of the givens: none, rot180, rot90, "         \
    "left-right, top-bottom, diagonal, anti-diagonal, diagonals, mirrors or "  \
    "full")                                                                    \
  O(grade, STR, "", 0, 0, CMD_GENERATE,                                        \
    "generate: keep puzzles of this level (singles, locked, search) or "       \
    "label (easy ... extreme); above singles/easy implies --minimal")          \
  O(next, BOOL, 0, 0, 1, CMD_EXPLAIN,                                          \
    "explain: the easiest step now only (a hint)")                             \
  O(minimal, BOOL, 0, 0, 1, CMD_GENERATE,                                      \
    "generate: every given needed (with a symmetry: every orbit)")             \
  O(givens, INT, 0, 0, 160000, CMD_GENERATE,                                   \
    "generate: at most K givens, or the fewest reached (0 = no target)")       \
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

#endif
