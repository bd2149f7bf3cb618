/* Certificates (docs/certificates.md): `unique --certificate DIR` and
 * `solve --certificate DIR` write one per puzzle or CNF; `check
 * --certificate DIR` verifies them with the library's checker, which
 * trusts no solver. */
#define _GNU_SOURCE /* fopencookie */
#include "certify_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

/* Decisions the proof-writing DPLL may take before CaDiCaL is asked
 * instead (a big grid that propagation does not decide). */
enum { DPLL_NODES = 20000 };

/* What a thread keeps from puzzle to puzzle. */
typedef struct certifier {
  sks_prover *prover;
  sks_drat *drat;
  sks_clauses cl;
  char *held; /* a proof's first bytes (proof_out), SPILL at most */
} certifier;

static _Thread_local certifier *mine;

static certifier *get(void) {
  if (!mine) {
    mine = sks_calloc(1, sizeof *mine);
    mine->prover = sks_prover_new();
    mine->drat = sks_drat_new();
    sks_clauses_init(&mine->cl);
  }
  return mine;
}

void certify_release(void) {
  if (!mine)
    return;
  sks_prover_delete(mine->prover);
  sks_drat_delete(mine->drat);
  sks_clauses_free(&mine->cl);
  free(mine->held);
  free(mine);
  mine = NULL;
}

int certify_prepare(const sks_app *app) {
  const char *dir = app->opt.certificate;
  if (mkdir(dir, 0777) == 0)
    return 0;
  if (errno != EEXIST) {
    app_message("%s: cannot make the certificate folder: %s", dir,
                strerror(errno));
    return EXIT_USAGE;
  }
  DIR *d = opendir(dir);
  if (!d) {
    app_message("%s: not a folder: %s", dir, strerror(errno));
    return EXIT_USAGE;
  }
  struct dirent *e;
  bool empty = true;
  while (empty && (e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
      empty = false;
  closedir(d);
  if (!empty) {
    app_message("%s: the certificate folder is not empty (certificates go "
                "to a new or empty folder, nothing is overwritten)",
                dir);
    return EXIT_USAGE;
  }
  return 0;
}

/* The operand's position on the command line, 1-based (1 for standard
 * input). */
static int operand_number(const sks_app *app, const char *file) {
  for (int i = 0; file && i < app->nfiles; i++)
    if (!strcmp(app->files[i], file))
      return i + 1;
  return 1;
}

void certify_name(const sks_app *app, const char *file, long line, int index,
                  const char *ext, char *out, size_t cap) {
  int k = operand_number(app, file);
  if (line > 0 && index > 1)
    snprintf(out, cap, "%s/%d-%ld.%d.%s", app->opt.certificate, k, line, index,
             ext);
  else if (line > 0)
    snprintf(out, cap, "%s/%d-%ld.%s", app->opt.certificate, k, line, ext);
  else
    snprintf(out, cap, "%s/%d.%s", app->opt.certificate, k, ext);
}

/* A file being written: its temporary beside the final name. */
typedef struct staged {
  const char *path; /* the final name */
  char *tmp;        /* the temporary, recorded for a signal's cleanup */
} staged;

/* Removes and forgets the temporary, if any (after place: its name). */
static void unstage(staged *st) {
  if (!st->tmp)
    return;
  unlink(st->tmp);
  sks_temp_forget(st->tmp);
  free(st->tmp);
  st->tmp = NULL;
}

/* Opens a temporary beside path (removed by a signal's cleanup while it
 * is one) for writing; the stream, or NULL with err and nothing left. */
static FILE *stage_open(staged *st, const char *path, sks_error *err) {
  st->path = path;
  st->tmp = sks_temp_beside(path);
  int fd = sks_temp_create(st->tmp, true);
  FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
  if (!f) {
    int e = errno;
    if (fd >= 0) {
      close(fd);
      unlink(st->tmp);
    }
    sks_temp_forget(st->tmp);
    free(st->tmp);
    st->tmp = NULL;
    sks_error_set(err, -1, 0, 0, "cannot write %s: %s", path, strerror(e));
  }
  return f;
}

/* Closes the stream of stage_open, its writes checked (a full disk):
 * 0, or -1 with err and nothing left. */
static int stage_close(staged *st, FILE *f, sks_error *err) {
  int bad = ferror(f), flushed = fflush(f), e = errno;
  if (fclose(f) || flushed || bad) {
    if (!flushed && !bad)
      e = errno;
    unstage(st);
    return sks_error_set(err, -1, 0, 0, "cannot write %s: %s", st->path,
                         strerror(bad && !flushed ? EIO : e));
  }
  return 0;
}

/* Writes len bytes to a temporary beside path; 0, or -1 with err and
 * nothing left. */
static int stage(staged *st, const char *path, const void *data, size_t len,
                 sks_error *err) {
  FILE *f = stage_open(st, path, err);
  if (!f)
    return -1;
  if (len)
    fwrite(data, 1, len, f);
  return stage_close(st, f, err);
}

/* The temporary under its final name, which must not exist (nothing in
 * the folder is overwritten: a link, or a rename where the file system
 * has no links); 0, or -1 with errno. */
static int place(const staged *st) {
  if (!link(st->tmp, st->path))
    return 0; /* the temporary's name goes with unstage */
  if (errno == EEXIST)
    return -1;
  struct stat sb;
  if (!lstat(st->path, &sb)) {
    errno = EEXIST;
    return -1;
  }
  return rename(st->tmp, st->path);
}

/* The certificate at cert, and its proof when p holds one (written to
 * its temporary, closed): the certificate written to a temporary beside
 * it, then both put in place, the proof first, under the cleanup's lock,
 * so a signal finds either both or neither under their names, and only
 * temporaries to remove.  0, or -1 with err (nothing left). */
static int put_files(const char *cert, const char *text, size_t tlen, staged *p,
                     sks_error *err) {
  staged c = {0};
  bool proof = p->tmp != NULL;
  if (stage(&c, cert, text, tlen, err)) {
    unstage(p);
    return -1;
  }
  sks_cleanup_hold();
  const char *failed = NULL;
  int e = 0;
  if (proof && place(p)) {
    failed = p->path;
    e = errno;
  } else if (place(&c)) {
    failed = cert;
    e = errno;
    if (proof)
      unlink(p->path); /* no proof without its certificate */
  }
  unstage(p);
  unstage(&c);
  sks_cleanup_release();
  if (failed)
    return sks_error_set(err, -1, 0, 0, "cannot write %s: %s", failed,
                         strerror(e));
  return 0;
}

/* What certifying a big grid costs, in bytes, besides the list of its
 * plain CNF's literals (4 bytes each, about 12 a clause): per clause,
 * the proof-writing DPLL and the DRAT checker of check; CaDiCaL, when the
 * DPLL gives way to it (the DPLL's memory freed first), per clause it
 * keeps (sks_prove_kept: the givens go first, and CaDiCaL drops the
 * clauses they decide) and per variable.  Measured on 25x25 to 64x64
 * (BENCHMARKS.md, "Certificates of big grids"), rounded up. */
#define DPLL_BYTES 12.0
#define CHECKER_BYTES 100.0
#define CADICAL_BYTES 120.0
#define CADICAL_VAR_BYTES 200.0
/* Over this many clauses the DPLL's memory is freed before CaDiCaL
 * starts (below it, the prefix it keeps for the next puzzle is worth
 * more). */
enum { BIG_CLAUSES = 1 << 20 };

/* bytes as "N MB" under a gigabyte, else "N.N GB". */
static const char *amount(double bytes, char *buf, size_t cap) {
  if (bytes < 1e9)
    snprintf(buf, cap, "%.0f MB", bytes / 1e6);
  else
    snprintf(buf, cap, "%.1f GB", bytes / 1e9);
  return buf;
}

/* Whether need bytes, with the list of p's plain CNF, fit in the memory
 * this process may use; else -1 with the figures in err, for doing (what
 * the memory is for). */
static int too_big(const sks_puzzle *p, double need, const char *doing,
                   sks_error *err) {
  size_t clauses, lits;
  sks_plain_size(p, &clauses, &lits);
  need += (double)lits * sizeof(int);
  double avail = (double)sks_memory_available();
  if (need <= avail)
    return 0;
  int n = p->shape->n;
  char a[32], b[32];
  return sks_error_set(err, -1, 0, 0,
                       "a %dx%d puzzle's plain CNF has %.1f million clauses, "
                       "about %s %s, more than the %s this process may use",
                       n, n, (double)clauses / 1e6, amount(need, a, sizeof a),
                       doing, amount(avail, b, sizeof b));
}

/* The same for the clauses alone, at per_clause bytes each. */
static int too_many(const sks_puzzle *p, double per_clause, const char *doing,
                    sks_error *err) {
  size_t clauses, lits;
  sks_plain_size(p, &clauses, &lits);
  return too_big(p, (double)clauses * per_clause, doing, err);
}

/* A proof's bytes held in memory before its temporary is made.  Most
 * proofs are shorter (a 9x9's median is 2 KB): written in one piece at
 * the end, and the empty one (half the 17-clue puzzles) makes no file. */
enum { SPILL = 64 << 10 };

/* A proof being written, as the provers see it (f): its first SPILL
 * bytes held, then its temporary beside path made and every byte
 * written there as it comes, never the whole proof in memory. */
typedef struct proof_out {
  FILE *f;
  const char *path;
  staged st;
  char *held; /* SPILL bytes (the thread's) */
  size_t len; /* of them in use */
  FILE *file; /* the temporary, once made */
  int err;    /* errno of the first failed write */
} proof_out;

static ssize_t out_write(void *cookie, const char *data, size_t n) {
  proof_out *o = cookie;
  if (o->err)
    return 0;
  if (!o->file && o->len + n <= SPILL) {
    memcpy(o->held + o->len, data, n);
    o->len += n;
    return (ssize_t)n;
  }
  sks_error e = {0};
  if (!o->file && !(o->file = stage_open(&o->st, o->path, &e)))
    o->err = errno ? errno : EIO;
  else if (o->len && fwrite(o->held, 1, o->len, o->file) != o->len)
    o->err = errno ? errno : EIO;
  else if ((o->len = 0, fwrite(data, 1, n, o->file) != n))
    o->err = errno ? errno : EIO;
  return o->err ? 0 : (ssize_t)n;
}

/* Starts the proof of path: 0, or -1 with err. */
static int out_open(proof_out *o, certifier *c, const char *path,
                    sks_error *err) {
  memset(o, 0, sizeof *o);
  if (!c->held)
    c->held = sks_malloc(SPILL);
  o->held = c->held;
  o->path = path;
  o->f = fopencookie(o, "w", (cookie_io_functions_t){.write = out_write});
  if (!o->f)
    return sks_error_set(err, -1, 0, 0, "cannot write %s: %s", path,
                         strerror(errno));
  return 0;
}

/* The proof written again from its start (the DPLL gave way to CaDiCaL):
 * 0, or -1. */
static int out_restart(proof_out *o) {
  if (fflush(o->f) || o->err)
    return -1;
  o->len = 0;
  if (o->file && (fflush(o->file) || ftruncate(fileno(o->file), 0) ||
                  fseek(o->file, 0, SEEK_SET)))
    return -1;
  return 0;
}

/* The proof that p's plain CNF cl has no model, written to o as it is
 * made: by the DPLL, or by CaDiCaL when that takes too many decisions
 * (refused with err when CaDiCaL would not fit in memory).  SKS_UNSAT,
 * SKS_SAT (a model: the claim was wrong), SKS_UNKNOWN (the deadline), -1
 * with err. */
static int prove(certifier *c, const sks_puzzle *p, const sks_clauses *cl,
                 double deadline, proof_out *o, sks_error *err) {
  sks_prover_set_deadline(c->prover, deadline);
  int r = sks_prover_run(c->prover, cl->lit, cl->nlits, cl->base, cl->base_key,
                         cl->base_shape, cl->base_nshape, cl->nvars, o->f,
                         false, DPLL_NODES, NULL);
  if (r != SKS_UNKNOWN || sks_prover_timed_out(c->prover) || sks_past(deadline))
    return r;
  if (cl->nclauses > BIG_CLAUSES) {
    /* the clauses are not held twice: the DPLL's go first */
    sks_prover_delete(c->prover);
    c->prover = sks_prover_new();
  }
  size_t kept = sks_prove_kept(cl->lit, cl->nlits, cl->base, cl->nvars);
  if (too_big(p,
              (double)kept * CADICAL_BYTES +
                  (double)cl->nvars * CADICAL_VAR_BYTES,
              "for CaDiCaL to prove", err))
    return -1;
  if (out_restart(o))
    return sks_error_set(err, -1, 0, 0, "cannot write %s: %s", o->path,
                         strerror(o->err ? o->err : errno));
  return sks_prove_from(cl->lit, cl->nlits, cl->base, o->f, false, deadline,
                        NULL, 0, err);
}

/* Ends the proof of an unsatisfiability claim, r as prove returned: in
 * its temporary (*p), closed, when the certificate names it; none when it
 * is the empty clause alone (unit propagation refutes the clauses: the
 * certificate then names no proof).  0, or -1 with err and nothing
 * left. */
static int close_proof(int r, proof_out *o, staged *p, sks_error *err) {
  if (r == SKS_SAT)
    sks_error_set(err, -1, 0, 0,
                  "the proof search found a solution the count did "
                  "not: no certificate written");
  else if (r == SKS_UNKNOWN)
    sks_error_set(err, -1, 0, 0,
                  "the time limit ran out before the proof was "
                  "written: no certificate");
  bool flushed = !fclose(o->f) && !o->err;
  if (r == SKS_UNSAT && !flushed)
    sks_error_set(err, -1, 0, 0, "cannot write %s: %s", o->path,
                  strerror(o->err ? o->err : EIO));
  if (r != SKS_UNSAT || !flushed) {
    if (o->file) {
      fclose(o->file);
      unstage(&o->st);
    }
    return -1;
  }
  *p = o->st;
  if (o->file) /* written as it came */
    return stage_close(p, o->file, err);
  if (o->len == 2 && o->held[0] == 'a' && o->held[1] == 0)
    return 0; /* the empty proof: no file */
  return stage(p, o->path, o->held, o->len, err);
}

int certify_puzzle(const sks_app *app, const batch_job *job, int cls,
                   const int *grid, const int *grid2, double deadline,
                   sks_error *err) {
  if (cls != BATCH_ONE && cls != BATCH_NONE && cls != BATCH_MANY)
    return 0; /* nothing decided, nothing to certify */
  certifier *c = get();
  const sks_puzzle *p = job->p;
  char cert[4096], drat[4096];
  certify_name(app, job->file, job->line, job->index, "cert", cert,
               sizeof cert);
  certify_name(app, job->file, job->line, job->index, "drat", drat,
               sizeof drat);
  char *text = NULL;
  size_t tlen = 0;
  staged proof = {0};
  if (cls != BATCH_MANY) {
    if (too_many(p, DPLL_BYTES, "to certify", err))
      return -1;
    if (sks_plain_cnf_until(p, &c->cl, deadline))
      return sks_error_set(err, -1, 0, 0,
                           "the time limit ran out before the proof was "
                           "written: no certificate");
    if (cls == BATCH_ONE)
      sks_plain_exclude(p->shape->n, grid, &c->cl);
    proof_out o;
    if (out_open(&o, c, drat, err))
      return -1;
    int r = prove(c, p, &c->cl, deadline, &o, err);
    if (close_proof(r, &o, &proof, err))
      return -1;
  }
  bool named = proof.tmp != NULL;
  FILE *t = open_memstream(&text, &tlen);
  if (cls == BATCH_MANY)
    sks_cert_write_puzzle(t, p, SKS_CLAIM_MULTIPLE, grid, grid2, NULL);
  else
    sks_cert_write_puzzle(t, p,
                          cls == BATCH_ONE ? SKS_CLAIM_UNIQUE : SKS_CLAIM_NONE,
                          cls == BATCH_ONE ? grid : NULL, NULL,
                          named ? strrchr(drat, '/') + 1 : NULL);
  fclose(t);
  int rc = put_files(cert, text, tlen, &proof, err);
  free(text);
  return rc;
}

int certify_cnf(const sks_app *app, const char *file, const sks_cnf *cnf,
                int status, const signed char *model, double deadline,
                sks_error *err) {
  if (status != SKS_SAT && status != SKS_UNSAT)
    return 0;
  /* the CNF's own literals seen as a clause list, not copied */
  sks_clauses view;
  sks_clauses_init(&view);
  view.lit = cnf->lits;
  view.nlits = view.cap = cnf->nlits;
  view.nvars = cnf->nvars;
  for (size_t i = 0; i < cnf->nlits; i++)
    if (!cnf->lits[i])
      view.nclauses++;
    else if (abs(cnf->lits[i]) > view.nvars)
      view.nvars = abs(cnf->lits[i]);
  char cert[4096], drat[4096];
  certify_name(app, file, 0, 0, "cert", cert, sizeof cert);
  certify_name(app, file, 0, 0, "drat", drat, sizeof drat);
  staged proof = {0};
  if (status == SKS_UNSAT) {
    proof_out o;
    if (out_open(&o, get(), drat, err))
      return -1;
    int r =
        sks_prove(cnf->lits, cnf->nlits, o.f, false, deadline, NULL, 0, err);
    if (close_proof(r, &o, &proof, err))
      return -1;
  }
  bool named = proof.tmp != NULL;
  char *text = NULL;
  size_t tlen = 0;
  FILE *t = open_memstream(&text, &tlen);
  if (status == SKS_SAT)
    sks_cert_write_cnf(t, &view, SKS_CLAIM_SAT, model, cnf->nvars, NULL);
  else
    sks_cert_write_cnf(t, &view, SKS_CLAIM_UNSAT, NULL, 0,
                       named ? strrchr(drat, '/') + 1 : NULL);
  fclose(t);
  int rc = put_files(cert, text, tlen, &proof, err);
  free(text);
  return rc;
}

/* ------------------------------------------------------------------ */
/* sudokusat check --certificate DIR */

/* A thread's checking: the command line and the thread's certifier. */
typedef struct checking {
  const sks_app *app;
  certifier *c;
} checking;

static void *checker_new(sks_app *app) {
  checking *k = sks_malloc(sizeof *k);
  k->app = app;
  k->c = get();
  return k;
}

static void checker_delete(void *data) {
  free(data);
  certify_release();
}

static int verdict(const sks_app *app, const batch_job *job, bool ok,
                   sks_claim claim, const sks_error *why, bool late,
                   FILE *out) {
  answer a = {.count = -1};
  if (!ok && late) {
    /* --time-limit ran out, or the plain CNF would not fit in memory:
     * neither verified nor rejected */
    a.status = ANSWER_UNKNOWN;
    a.message = why->msg;
    snprintf(a.line, sizeof a.line, "unknown: %.230s", why->msg);
    a.text = a.line;
    answer_put(app, job, &a, out);
    return BATCH_UNKNOWN;
  }
  if (ok) {
    a.status = ANSWER_VERIFIED;
    snprintf(a.line, sizeof a.line, "verified %s", sks_claim_names[claim]);
    answer_extra_word(&a, "claim", sks_claim_names[claim]);
  } else {
    a.status = ANSWER_REJECTED;
    a.message = why->msg;
    snprintf(a.line, sizeof a.line, "rejected: %.230s", why->msg);
  }
  a.text = a.line;
  answer_put(app, job, &a, out);
  return ok ? BATCH_ONE : BATCH_MANY; /* the summary's "rejected" */
}

/* The certificate's own name leads the reason. */
static void name_reason(const char *cert, sks_error *why) {
  sks_error e = *why;
  snprintf(why->msg, sizeof why->msg, "%s: %.200s", strrchr(cert, '/') + 1,
           e.msg);
}

/* --time-limit for one certificate, from when its puzzle was taken. */
static double deadline_of(const sks_app *app, const batch_job *job) {
  double t = app->opt.time_limit;
  return t > 0 ? (job->start > 0 ? job->start : sks_time()) + t : 0;
}

static int check_one(void *data, const batch_job *job, FILE *out) {
  checking *k = data;
  char cert[4096];
  certify_name(k->app, job->file, job->line, job->index, "cert", cert,
               sizeof cert);
  sks_error why = {0};
  sks_claim claim = SKS_CLAIM_UNIQUE;
  if (too_many(job->p, CHECKER_BYTES, "to check", &why)) {
    name_reason(cert, &why);
    return verdict(k->app, job, false, claim, &why, true, out);
  }
  sks_drat_set_deadline(k->c->drat, deadline_of(k->app, job));
  bool ok =
      sks_cert_check(cert, job->p, NULL, k->c->drat, &k->c->cl, &claim, &why);
  if (!ok)
    name_reason(cert, &why);
  return verdict(k->app, job, ok, claim, &why, sks_drat_timed_out(k->c->drat),
                 out);
}

/* Whether the certificate at path is for a puzzle (unique on a CNF the
 * encoder wrote certifies the puzzle its description names).  Only a
 * regular file is looked at, opened without blocking (a FIFO would wait
 * for a writer): the checker says what else is there. */
static bool for_puzzle(const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  if (fd >= 0 && (fstat(fd, &st) || !S_ISREG(st.st_mode))) {
    close(fd);
    fd = -1;
  }
  FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
  if (fd >= 0 && !f)
    close(fd);
  char line[128];
  bool puzzle = false;
  for (int k = 0; f && k < 4 && fgets(line, sizeof line, f); k++)
    if (!strncmp(line, "for puzzle ", 11))
      puzzle = true;
  if (f)
    fclose(f);
  return puzzle;
}

/* The puzzle an encoded CNF describes: read by the encoder's DIMACS
 * reader, as unique read it.  NULL with why. */
static sks_puzzle *described(sks_app *app, sks_input *in, sks_error *why) {
  sks_cnf *cnf = sks_cnf_new();
  sks_puzzle *p = NULL;
  if (operand_read_cnf(app, in, cnf, 0))
    sks_error_set(why, -1, 0, 0, "the CNF cannot be read");
  else if (!cnf->desc)
    sks_error_set(why, -1, 0, 0,
                  "the certificate is for a puzzle, and the CNF describes "
                  "none");
  else
    p = sks_cnf_desc_puzzle(cnf->desc, why);
  sks_cnf_delete(cnf);
  return p;
}

static int check_cnf(sks_app *app, sks_input *in) {
  const char *name = sks_input_name(in);
  batch_job job = {NULL, name, 0, sks_time(), 0};
  certifier *c = get();
  sks_error why = {0};
  sks_claim claim = SKS_CLAIM_UNSAT;
  bool ok = false;
  sks_clauses cnf;
  sks_clauses_init(&cnf);
  char cert[4096];
  certify_name(app, name, 0, 0, "cert", cert, sizeof cert);
  sks_drat_set_deadline(c->drat, deadline_of(app, &job));
  sks_puzzle *p = NULL;
  bool late = false;
  if (for_puzzle(cert)) {
    if ((p = described(app, in, &why))) {
      late = too_many(p, CHECKER_BYTES, "to check", &why) != 0;
      ok =
          !late && sks_cert_check(cert, p, NULL, c->drat, &c->cl, &claim, &why);
      sks_puzzle_delete(p);
    }
    if (!ok)
      name_reason(cert, &why);
  } else if (!strcmp(name, "-"))
    sks_error_set(&why, -1, 0, 0,
                  "a CNF to check is read from a file, not standard input");
  else if (sks_checker_read_dimacs(name, &cnf, &why)) {
    sks_error e = why;
    snprintf(why.msg, sizeof why.msg, "%s:%ld:%ld: %.200s", name, e.line, e.col,
             e.msg);
  } else {
    ok = sks_cert_check(cert, NULL, &cnf, c->drat, &c->cl, &claim, &why);
    if (!ok)
      name_reason(cert, &why);
  }
  sks_clauses_free(&cnf);
  return verdict(app, &job, ok, claim, &why,
                 late || sks_drat_timed_out(c->drat), stdout);
}

static const batch_ops check_ops = {checker_new, checker_delete, check_one,
                                    NULL, 0};

int app_check_cert(sks_app *app) {
  if (!app->opt.certificate[0]) {
    app_message("check needs --certificate DIR, the folder 'unique "
                "--certificate' or 'solve --certificate' wrote");
    return EXIT_USAGE;
  }
  struct stat st;
  if (stat(app->opt.certificate, &st) || !S_ISDIR(st.st_mode)) {
    app_message("%s: no certificate folder there", app->opt.certificate);
    return EXIT_USAGE;
  }
  answer_header(app, NULL);
  batch_totals all;
  batch_operands(app, &check_ops, check_cnf, &all);
  certify_release();
  batch_summary(app, &all);
  if (all.by_class[BATCH_MANY])
    return EXIT_INVALID;
  if (all.input_errors || all.by_class[BATCH_ERROR])
    return EXIT_INPUT;
  if (all.by_class[BATCH_UNKNOWN])
    return EXIT_UNKNOWN_ANY;
  return EXIT_ALL_OK;
}
