/* sudokusat prover: a clause list solved by CaDiCaL in process, with the
 * DRAT proof of what it did written as it goes: the model of a
 * satisfiable one, or a proof a checker can verify of an unsatisfiable
 * one (docs/certificates.md). */
#ifndef SKS_PROVE_H
#define SKS_PROVE_H

#include "sks_common.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Solves the clauses lits[0 .. nlits) (DIMACS literals, each clause
 * ended by 0) writing the DRAT proof to proof: binary DRAT, or text when
 * text.  SKS_SAT: model[v - 1] is 1 or -1 for v = 1 .. nvars (model may
 * be NULL); SKS_UNSAT: the proof is complete once the stream is flushed;
 * SKS_UNKNOWN: the deadline (sks_time's clock, 0 = none) passed; -1 with
 * err when the proof cannot be written.  The deadline holds while the
 * clauses are handed to CaDiCaL too. */
int sks_prove(const int *lits, size_t nlits, FILE *proof, bool text,
              double deadline, signed char *model, int nvars, sks_error *err);
/* The same with the clauses from lits[first] on handed to CaDiCaL before
 * those ahead of it (first is the start of a clause): a puzzle's units
 * first, so that CaDiCaL keeps none of the clauses they satisfy (its
 * proof says what it dropped, and holds for the clauses in any order). */
int sks_prove_from(const int *lits, size_t nlits, size_t first, FILE *proof,
                   bool text, double deadline, signed char *model, int nvars,
                   sks_error *err);
/* How many of those clauses CaDiCaL keeps once they are all handed over
 * in that order: not those a unit before them satisfies, nor those they
 * shorten to a unit (which it assigns in turn), as CaDiCaL does while it
 * takes them in.  What its memory follows. */
size_t sks_prove_kept(const int *lits, size_t nlits, size_t first, int nvars);

/* The same by a proof-writing DPLL (solver/prove_dpll.c): unit
 * propagation, and a RUP lemma per refuted node.  Fast where propagation
 * decides most (a puzzle's plain CNF); no clause may repeat a literal or
 * hold one and its negation.  Stops with SKS_UNKNOWN after max_nodes
 * decisions (0 = none); the proof written so far is then of no use.
 * Reuse one prover for many clause lists: the first base literals (whole
 * clauses, no unit among them) are a prefix the lists of one kind share,
 * kept loaded for the next list with the same prefix.  name[0 .. nname)
 * are the words the prefix is made from (a puzzle's shape), compared in
 * full, with key their hash as a first filter; with nname 0 the literals
 * themselves are compared. */
typedef struct sks_prover sks_prover;
sks_prover *sks_prover_new(void);
void sks_prover_delete(sks_prover *p); /* NULL is a no-op */
int sks_prover_run(sks_prover *p, const int *lits, size_t nlits, size_t base,
                   uint64_t key, const int *name, size_t nname, int nvars,
                   FILE *proof, bool text, long long max_nodes,
                   signed char *model);
/* A deadline (sks_time's clock, 0 = none) for the runs that follow: a
 * run that passes it, loading the clauses or searching, stops with
 * SKS_UNKNOWN, and sks_prover_timed_out says that this was why (not
 * max_nodes). */
void sks_prover_set_deadline(sks_prover *p, double deadline);
bool sks_prover_timed_out(const sks_prover *p);

#ifdef __cplusplus
}
#endif
#endif
