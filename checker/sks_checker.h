/* sudokusat checker: certificates anyone can check.  A puzzle's plain CNF
 * rebuilt from the puzzle alone, a DRAT proof checker (RUP and RAT,
 * deletions), an independent solution validator, and the certificate
 * files that tie them together (docs/certificates.md).  It shares nothing
 * with the encoder's lowering or with any solver: from the rest of the
 * library it takes only the puzzle as read. */
#ifndef SKS_CHECKER_H
#define SKS_CHECKER_H

#include "sks_formats.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Clause lists: DIMACS literals, each clause ended by 0. */

typedef struct sks_clauses {
  int *lit;
  size_t nlits, cap;
  int nvars;       /* the largest variable named */
  size_t nclauses; /* clauses ended */
  /* Literals of a prefix that the lists of one kind share (0 = none): the
   * DRAT checker keeps its state after them for the next list that starts
   * with the same prefix.  sks_plain_cnf sets it (every clause but the
   * units of the givens and removed candidates). */
  size_t base, base_clauses;
  /* What the prefix is of, when something names it (sks_plain_cnf: its
   * shape's side, region count and regions; else base_nshape is 0 and
   * the prefix's literals themselves are compared): a reused prefix is
   * one whose words are the same, compared in full; base_key, a hash of
   * them, is only a first filter. */
  uint64_t base_key;
  int *base_shape;
  size_t base_nshape, base_shape_cap;
} sks_clauses;

void sks_clauses_init(sks_clauses *cl);
void sks_clauses_free(sks_clauses *cl);
void sks_clauses_clear(sks_clauses *cl); /* keeps the memory */
/* Adds one literal; 0 ends the clause. */
void sks_clauses_add(sks_clauses *cl, int lit);
/* FNV-1a over the literal stream: which clause list a certificate is
 * for. */
uint64_t sks_clauses_hash(const sks_clauses *cl);

/* The plain CNF of a puzzle (docs/certificates.md): x(r,c,d) numbered as
 * everywhere, (r*n + c)*n + d + 1; for every cell, and for every region
 * and digit, one at-least-one clause and the pairwise at-most-one
 * clauses; each given as a unit; each removed candidate as a negative
 * unit.  Nothing is propagated.  cl is cleared first. */
void sks_plain_cnf(const sks_puzzle *p, sks_clauses *cl);
/* The same, stopped when the deadline (sks_time's clock, 0 = none)
 * passes while the clauses are made: 0, or -1 with no clause in cl. */
int sks_plain_cnf_until(const sks_puzzle *p, sks_clauses *cl, double deadline);
/* The plain CNF's size before it is built: its clauses, and its literals
 * with the 0 that ends each clause (the ints sks_plain_cnf stores). */
void sks_plain_size(const sks_puzzle *p, size_t *clauses, size_t *lits);
/* What names a puzzle in its certificate: a hash of everything its plain
 * CNF is made of (side, regions in order, givens, removed candidates). */
uint64_t sks_plain_hash(const sks_puzzle *p);
/* The clause that excludes a solution (n*n digits 0..n-1): the negation
 * of its every cell's literal. */
void sks_plain_exclude(int n, const int *grid, sks_clauses *cl);
/* Checks a grid (n*n digits; < 0 or >= n is an empty cell) against the
 * puzzle: full, givens kept, candidates respected, every region holding
 * each digit once.  Its own code: it shares none with the decoder. */
bool sks_plain_valid(const sks_puzzle *p, const int *grid, sks_error *why);

/* ------------------------------------------------------------------ */
/* The DRAT checker: forward, every lemma checked as it comes, RUP first
 * and then RAT on its first literal; deletions honoured except of a
 * clause that is the reason of a top-level assignment (as drat-trim
 * does), deletions of clauses not present ignored.  Proofs in text or
 * binary DRAT, told apart by their bytes. */

typedef struct sks_drat sks_drat;

sks_drat *sks_drat_new(void);
void sks_drat_delete(sks_drat *d); /* NULL is a no-op */
/* Checks that proof (len bytes) refutes the clauses: every lemma is RUP
 * or RAT, and the clauses with the lemmas up to some point propagate to
 * a conflict.  Returns true when it does; else false with why (col = the
 * byte offset in the proof, line = the lemma's number). */
bool sks_drat_check(sks_drat *d, const sks_clauses *cnf,
                    const unsigned char *proof, size_t len, sks_error *why);

/* A deadline on sks_time's clock (0 = none) for what follows, until set
 * again: a check that passes it stops, false with why, and
 * sks_drat_timed_out says so (sks_cert_check's reading and checking
 * alike). */
void sks_drat_set_deadline(sks_drat *d, double deadline);
bool sks_drat_timed_out(const sks_drat *d);

typedef struct sks_drat_stats {
  long long lemmas, deletions, rat, ignored_deletions, props;
} sks_drat_stats;
void sks_drat_stats_get(const sks_drat *d, sks_drat_stats *st);

/* ------------------------------------------------------------------ */
/* DIMACS read by the checker's own reader (plain or gzip): p cnf header,
 * comments, clauses.  Returns 0, or -1 with err (line and column). */
int sks_checker_read_dimacs(const char *path, sks_clauses *cl, sks_error *err);

/* ------------------------------------------------------------------ */
/* Certificate files (docs/certificates.md): NAME.cert, a short text that
 * says what is claimed and for what, with the solutions or the model, and
 * for an unsatisfiability claim NAME.drat, the proof. */

typedef enum sks_claim {
  SKS_CLAIM_UNIQUE,   /* one solution, and a proof there is no other */
  SKS_CLAIM_NONE,     /* a proof there is no solution */
  SKS_CLAIM_MULTIPLE, /* two different solutions */
  SKS_CLAIM_SAT,      /* a CNF: a model */
  SKS_CLAIM_UNSAT     /* a CNF: a proof */
} sks_claim;

extern const char *const sks_claim_names[]; /* "unique", "none", ... */

/* Writes the certificate text of a puzzle's claim: grid the solution of
 * unique or the first of multiple, grid2 the second; proof the proof
 * file's name (unique, none), else NULL. */
void sks_cert_write_puzzle(FILE *out, const sks_puzzle *p, sks_claim claim,
                           const int *grid, const int *grid2,
                           const char *proof);
/* The same for a CNF: the model (values of variables 1..nvars, > 0 true)
 * or the proof's name. */
void sks_cert_write_cnf(FILE *out, const sks_clauses *cnf, sks_claim claim,
                        const signed char *model, int nvars, const char *proof);

/* The most bytes a certificate or a proof may hold (after gzip is
 * undone): a file past it is rejected unread. */
#define SKS_CERT_MAX_BYTES ((size_t)256 << 20)

/* Checks the certificate at path (NAME.cert; its proof is read from the
 * file it names, in the same folder) for puzzle p, whose plain CNF is
 * rebuilt here, or for the CNF cnf when p is NULL.  d is a reusable
 * checker, cl scratch.  Returns true for verified; else false with why
 * (the file name is not in it).  *claim gets what was claimed when the
 * certificate could be read.  Only regular files are read (a FIFO or a
 * device is rejected, never waited on), each of at most
 * SKS_CERT_MAX_BYTES; the deadline of d holds for the reading too. */
bool sks_cert_check(const char *path, const sks_puzzle *p,
                    const sks_clauses *cnf, sks_drat *d, sks_clauses *cl,
                    sks_claim *claim, sks_error *why);

#ifdef __cplusplus
}
#endif
#endif
