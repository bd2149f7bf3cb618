/* The command line's options: one table generates the option struct, the
 * --name=value parser with range checks, and the --help text with live
 * defaults.  O(name, type, default, min, max, help); '_' in a name is '-'
 * on the command line. */
#ifndef SKS_OPTIONS_H
#define SKS_OPTIONS_H

#define SKS_OPTIONS(O)                                                         \
  O(backend, STR, "picosat", 0, 0, "solver: picosat, dlx, analog, external")   \
  O(solver, STR, "", 0, 0, "external solver command, e.g. 'cadical -q'")       \
  O(box, STR, "", 0, 0, "box shape RxC (default: inferred from the size)")     \
  O(variant, STR, "", 0, 0, "x, windoku or jigsaw=FILE (comma-separated)")     \
  O(hex, BOOL, 0, 0, 1, "16x16 symbols are 0-F instead of 1-9A-G")             \
  O(encoding, STR, "extended", 0, 0, "CNF: minimal, efficient, extended")      \
  O(amo, STR, "auto", 0, 0,                                                    \
    "at-most-one: auto, pairwise, sequential, product")                        \
  O(propagate, STR, "auto", 0, 0,                                              \
    "before solving: givens, singles, locked, or auto (dlx: singles, "       \
    "analog: givens, else locked)")                                            \
  O(renumber, BOOL, 0, 0, 1, "encode: number open candidates 1..k (map kept)") \
  O(output, STR, "", 0, 0, "encode: output file (.gz = gzip); default stdout") \
  O(gzip, BOOL, 0, 0, 1, "encode: gzip the output whatever its name")          \
  O(force, BOOL, 0, 0, 1, "encode: overwrite an existing output file")         \
  O(layout, STR, "same", 0, 0, "answers as: same, line, grid, numbers")        \
  O(limit, LONG, 1000, 0, 0x7fffffffffffffffLL,                                \
    "count: stop at K solutions (0 = no limit: may run for a very long time)") \
  O(show, BOOL, 0, 0, 1, "unique: print the solution, or two for multiple")    \
  O(cross_check, BOOL, 0, 0, 1, "unique/count: decide with picosat and dlx")   \
  O(count, BOOL, 0, 0, 1, "exact-cover: print the number of solutions only")   \
  O(jobs, INT, 0, 0, 1024,                                                     \
    "threads for a batch (0 = cores); analog: seeds raced on each puzzle")    \
  O(seed, LONG, 1, 0, 0x7fffffffffffffffLL, "random seed (analog)")            \
  O(time_limit, DOUBLE, 0, 0, 1e9, "seconds per puzzle (0 = none)")            \
  O(max_steps, LONG, 0, 0, 0x7fffffffffffffffLL,                               \
    "picosat decisions / dlx nodes / analog steps per puzzle (0 = none)")      \
  O(analog_memory, STR, "", 0, 0,                                              \
    "analog weight law: K (da=aK) or K2 (default: K2 to solve, K to rate)")   \
  O(analog_method, STR, "", 0, 0,                                              \
    "analog integrator: split (default), rkc or ck (Cash-Karp)")              \
  O(restart, DOUBLE, 0, -1, 1e9,                                               \
    "analog: Luby restart unit, analog time (0 = default, -1 = never)")       \
  O(trace, STR, "", 0, 0, "analog: CSV trace of the first puzzle run")        \
  O(trace_every, LONG, 100, 1, 1000000000, "analog: trace every K steps")      \
  O(runs, INT, 32, 1, 100000, "rate: runs from random starts")                 \
  O(rate_time, DOUBLE, 1000, 1, 1e9, "rate: analog-time budget T of each run")  \
  O(analog, BOOL, 0, 0, 1, "rate: use the analog solver's escape rate")        \
  O(stats, BOOL, 0, 0, 1, "print statistics as 'c' lines on stderr")          \
  O(quiet, BOOL, 0, 0, 1, "no progress, summary or warnings")                  \
  O(verbose, INT, 0, 0, 9, "more messages on stderr")

#endif
