/* Private to the checker: the DRAT proof reader (checker/drat_read.c),
 * which hands the checker (checker/drat.c) one line at a time. */
#ifndef SKS_DRAT_INT_H
#define SKS_DRAT_INT_H

#include "sks_checker.h"
#include "sks_common.h"

#include <stdbool.h>
#include <stddef.h>

/* A line read: its literals, whether it deletes, the lemma's number and
 * its first byte (for messages).  Returns 1 to read on, 0 to stop (the
 * proof has done its work), -1 on an error (in why). */
typedef int sks_drat_line_fn(void *ctx, const int *lits, size_t n,
                             bool deletion, long long number, size_t offset,
                             sks_error *why);

/* Every line of the proof p (len bytes), text or binary DRAT, told apart
 * by its bytes, until fn says stop.  False with why on an error of fn or
 * a byte that breaks the form (col: its offset). */
bool sks_drat_parse(const unsigned char *p, size_t len, sks_drat_line_fn *fn,
                    void *ctx, sks_error *why);

/* Past d's deadline (sks_drat_set_deadline)?  Then sks_drat_timed_out
 * says so too. */
bool sks_drat_past_deadline(sks_drat *d);

#endif
