/* libFuzzer target for the DRAT checker, with a soundness oracle: the
 * input is a small CNF (at most 8 variables, brute-forced here) and a
 * proof, text or binary, whose literals may name any variable.  A proof
 * the checker accepts must be of an unsatisfiable CNF.  Each input is
 * checked twice: by a fresh checker, and by one kept across inputs with
 * the CNF's first clauses as a shared prefix (its snapshot restored when
 * the next input starts with the same clauses); the two verdicts must
 * agree.
 *
 * Bytes: [0] the variable count (1 + b % 8); [1] the prefix (b % 8
 * clauses); then clauses, one byte a literal (variable 1 + (b >> 1) %
 * vars, negative when b is odd), 0x00 ending a clause, 0xff ending the
 * CNF; the rest is the proof. */
#define _POSIX_C_SOURCE 200809L
#include "sks_checker.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_CLAUSES = 48 };

/* Does any assignment of variables 1..nvars satisfy every clause? */
static bool satisfiable(const sks_clauses *cl, int nvars) {
  for (unsigned a = 0; a < 1u << nvars; a++) {
    bool all = true, sat = false;
    for (size_t i = 0; all && i < cl->nlits; i++) {
      int lit = cl->lit[i];
      if (!lit) {
        all = sat;
        sat = false;
      } else if ((((a >> (abs(lit) - 1)) & 1) != 0) == (lit > 0))
        sat = true;
    }
    if (all)
      return true;
  }
  return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static sks_drat *kept;
  if (!kept)
    kept = sks_drat_new();
  if (size < 2)
    return 0;
  int nvars = 1 + data[0] % 8, prefix = data[1] % 8;
  size_t i = 2, nclauses = 0, base = 0, base_clauses = 0;
  sks_clauses cl;
  sks_clauses_init(&cl);
  bool open = false;
  for (; i < size && data[i] != 0xff && nclauses < MAX_CLAUSES; i++) {
    if (data[i] == 0) {
      sks_clauses_add(&cl, 0);
      open = false;
      if (++nclauses == (size_t)prefix) {
        base = cl.nlits;
        base_clauses = cl.nclauses;
      }
      continue;
    }
    int v = 1 + (data[i] >> 1) % nvars;
    sks_clauses_add(&cl, data[i] & 1 ? -v : v);
    open = true;
  }
  if (open)
    sks_clauses_add(&cl, 0);
  if (i < size && data[i] == 0xff)
    i++;
  const unsigned char *proof = data + i;
  size_t len = size - i;

  sks_error why = {0};
  sks_drat *fresh = sks_drat_new();
  bool ok = sks_drat_check(fresh, &cl, proof, len, &why);
  sks_drat_delete(fresh);
  if (ok && satisfiable(&cl, nvars))
    abort(); /* a proof of a satisfiable CNF accepted */
  if (!ok && !why.msg[0])
    abort(); /* a rejection must say why */
  /* the kept checker, the prefix shared with the inputs before */
  cl.base = base;
  cl.base_clauses = base_clauses;
  sks_error why2 = {0};
  bool ok2 = sks_drat_check(kept, &cl, proof, len, &why2);
  if (ok2 != ok)
    abort(); /* a snapshot restored changed the verdict */
  sks_clauses_free(&cl);
  return 0;
}
