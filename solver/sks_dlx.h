/* sudokusat DLX: a general exact-cover solver (Knuth's Algorithm X with
 * dancing links) and a reader of the item/option text format of his DLX
 * programs.  The `dlx` backend uses the same solver on a puzzle. */
#ifndef SKS_DLX_H
#define SKS_DLX_H

#include "sks_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* An exact-cover problem: items 0 .. nitems-1, the first nprimary of them
 * primary (covered exactly once by a solution), the rest secondary
 * (covered at most once); options are sets of items.  A solution is a set
 * of options.  Options are numbered 0, 1, ... in the order they are
 * added.  Node arrays grow while options are added and are kept by
 * sks_dlx_reset, so a batch of problems of one size allocates only once;
 * searching never allocates. */

typedef struct sks_dlx sks_dlx;

sks_dlx *sks_dlx_new(int nprimary, int nsecondary);
void sks_dlx_delete(sks_dlx *x); /* NULL is a no-op */
/* Empties the problem and sets new item counts, keeping the memory. */
void sks_dlx_reset(sks_dlx *x, int nprimary, int nsecondary);
/* Reserves room for `nodes` item entries in `options` options. */
void sks_dlx_reserve(sks_dlx *x, long long nodes, int options);

/* Adds an option over k distinct items (0-based) and returns its number.
 * An item out of range or repeated is API misuse (sks_require). */
int sks_dlx_add_option(sks_dlx *x, const int *items, int k);

/* Restricts the problem to part of it, until the next call or reset: the
 * options with option_out[o] == 0 and the items with item_out[i] == 0
 * (either array may be NULL: all in).  An item left out counts as covered
 * already; an option left in must not hold an item left out.  Costs one
 * pass over the items and the kept options' nodes, so one instance built
 * for a puzzle shape serves every puzzle of a batch. */
void sks_dlx_restrict(sks_dlx *x, const signed char *option_out,
                      const unsigned char *item_out);

int sks_dlx_items(const sks_dlx *x);
int sks_dlx_primary(const sks_dlx *x);
int sks_dlx_options(const sks_dlx *x);

/* Called with each solution's options (sorted ascending); returning
 * nonzero stops the search. */
typedef int (*sks_dlx_visit_fn)(void *ctx, const int *options, int k);

/* Searches for solutions, stopping after `limit` (0 = no limit), when a
 * limit in lim (may be NULL; max_steps counts search nodes) runs out, or
 * when visit (may be NULL) asks to.  Returns the solutions found; *status
 * (may be NULL) is SKS_SAT when the search was complete (the count is
 * exact) and SKS_UNKNOWN when it was stopped.  The first solution found
 * stays readable through sks_dlx_solution. */
long long sks_dlx_search(sks_dlx *x, long long limit, const sks_limits *lim,
                         sks_dlx_visit_fn visit, void *ctx, int *status);
/* First solution only: SKS_SAT, SKS_UNSAT, or SKS_UNKNOWN (a limit). */
int sks_dlx_solve(sks_dlx *x, const sks_limits *lim);
/* Counts up to limit (0 = none); *status as for sks_dlx_search. */
long long sks_dlx_count(sks_dlx *x, long long limit, const sks_limits *lim,
                        int *status);
/* The first solution of the last search: its number of options, and
 * *options (in the order the search chose them; valid until the next
 * search or change). */
int sks_dlx_solution(const sks_dlx *x, const int **options);

/* Search nodes (options tried) over the instance's life, and the ones of
 * the last search. */
unsigned long long sks_dlx_nodes(const sks_dlx *x);
unsigned long long sks_dlx_last_nodes(const sks_dlx *x);
/* Bytes the instance holds. */
size_t sks_dlx_bytes(const sks_dlx *x);

/* ------------------------------------------------------------------ */
/* Knuth's text format (DLX1): lines whose first non-blank character is
 * '|' are comments, blank lines are skipped.  The first other line names
 * the items, separated by blanks; a '|' among them separates the primary
 * items (before) from the secondary ones (after).  Each further line is
 * one option: the names of its items.  Names are any non-blank characters
 * except ':' and '|'.  Colors (`item:c`) are not supported and are
 * rejected with a clear error. */

typedef struct sks_xc {
  sks_dlx *dlx; /* the problem, ready to search */
  int nitems, nprimary;
  char **name; /* by item */
  int noptions;
  int *ostart, *oitem; /* option o: oitem[ostart[o] .. ostart[o+1]) */
  long *oline;         /* by option: its input line */
} sks_xc;

/* Reads a problem.  Returns 0 and *out (free it with sks_xc_delete), or
 * -1 with err filled (line and column of the fault). */
int sks_xc_read(sks_input *in, sks_xc **out, sks_error *err);
void sks_xc_delete(sks_xc *xc); /* NULL is a no-op */

#ifdef __cplusplus
}
#endif
#endif
