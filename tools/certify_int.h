/* Private to the tool: writing certificates (unique, solve) and the check
 * command (tools/certify.c). */
#ifndef SKS_CERTIFY_INT_H
#define SKS_CERTIFY_INT_H

#include "batch_int.h"

/* Makes the --certificate folder, or accepts an empty one; else a message
 * and EXIT_USAGE. */
int certify_prepare(const sks_app *app);
/* DIR/K-LINE.ext for the first puzzle at line of operand file (K its
 * place on the command line), DIR/K-LINE.I.ext for the I-th (index I >
 * 1: several start on that line), DIR/K.ext for a whole file (line 0). */
void certify_name(const sks_app *app, const char *file, long line, int index,
                  const char *ext, char *out, size_t cap);
/* Writes the certificate of a puzzle's answer of class cls (BATCH_ONE:
 * grid; BATCH_MANY: grid and grid2; BATCH_NONE); nothing for the other
 * classes.  0, or -1 with err.  A thread's state lives until
 * certify_release. */
int certify_puzzle(const sks_app *app, const batch_job *job, int cls,
                   const int *grid, const int *grid2, double deadline,
                   sks_error *err);
/* The same for a DIMACS file: status SKS_SAT with model[v - 1] for v =
 * 1 .. nvars, or SKS_UNSAT (proved again, by CaDiCaL, with a proof). */
int certify_cnf(const sks_app *app, const char *file, const sks_cnf *cnf,
                int status, const signed char *model, double deadline,
                sks_error *err);
/* Frees the calling thread's certificate state. */
void certify_release(void);

#endif
