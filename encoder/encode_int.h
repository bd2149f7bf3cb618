/* Private: at-most-one encodings used by the CNF lowering. */
#ifndef SKS_ENCODE_INT_H
#define SKS_ENCODE_INT_H

#include "sks_encoder.h"

/* Groups up to this many open candidates use pairwise under SKS_AMO_AUTO. */
enum { SKS_AMO_AUTO_PAIRWISE = 16 };

/* Adds clauses saying at most one of lits[0..k) is true; auxiliary
 * variables are taken from *next_var upwards.  Returns clauses added. */
long sks_amo_encode(sks_cnf *cnf, sks_amo kind, const int *lits, int k,
                    int *next_var);

#endif
