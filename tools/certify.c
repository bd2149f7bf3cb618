/* Certificates (docs/certificates.md): `unique --certificate DIR` and
 * `solve --certificate DIR` write one per puzzle or CNF; `check
 * --certificate DIR` verifies them with the library's checker, which
 * trusts no solver. */
#define _POSIX_C_SOURCE 200809L
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

/* Writes len bytes to a temporary beside path (removed by a signal's
 * cleanup while it is one); 0, or -1 with err and nothing left. */
static int stage(staged *st, const char *path, const void *data, size_t len,
                 sks_error *err) {
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
    return sks_error_set(err, -1, 0, 0, "cannot write %s: %s", path,
                         strerror(e));
  }
  size_t put = len ? fwrite(data, 1, len, f) : 0;
  int flushed = fflush(f), e = errno;
  if (fclose(f) || flushed || put != len) {
    if (!flushed && put == len)
      e = errno;
    unstage(st);
    return sks_error_set(err, -1, 0, 0, "cannot write %s: %s", path,
                         strerror(e));
  }
  return 0;
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

/* The certificate at cert (and its proof at drat when proof is not NULL):
 * each written to a temporary beside it, then both put in place, the
 * proof first, under the cleanup's lock, so a signal finds either both or
 * neither under their names, and only temporaries to remove.  0, or -1
 * with err (nothing left). */
static int put_files(const char *cert, const char *text, size_t tlen,
                     const char *drat, const char *proof, size_t plen,
                     sks_error *err) {
  staged p = {0}, c = {0};
  if ((proof && stage(&p, drat, proof, plen, err)) ||
      stage(&c, cert, text, tlen, err)) {
    unstage(&p);
    return -1;
  }
  sks_cleanup_hold();
  const char *failed = NULL;
  int e = 0;
  if (proof && place(&p)) {
    failed = drat;
    e = errno;
  } else if (place(&c)) {
    failed = cert;
    e = errno;
    if (proof)
      unlink(drat); /* no proof without its certificate */
  }
  unstage(&p);
  unstage(&c);
  sks_cleanup_release();
  if (failed)
    return sks_error_set(err, -1, 0, 0, "cannot write %s: %s", failed,
                         strerror(e));
  return 0;
}

/* The proof that cl has no model, in memory: by the DPLL, or by CaDiCaL
 * when that takes too many decisions.  SKS_UNSAT, SKS_SAT (a model: the
 * claim was wrong), SKS_UNKNOWN (the deadline), -1 with err. */
static int prove(certifier *c, const sks_clauses *cl, double deadline,
                 char **proof, size_t *len, sks_error *err) {
  FILE *f = open_memstream(proof, len);
  int r = sks_prover_run(c->prover, cl->lit, cl->nlits, cl->base, cl->base_key,
                         cl->base_shape, cl->base_nshape, cl->nvars, f, false,
                         DPLL_NODES, NULL);
  if (r == SKS_UNKNOWN) {
    fclose(f);
    free(*proof);
    f = open_memstream(proof, len);
    r = sks_prove(cl->lit, cl->nlits, f, false, deadline, NULL, 0, err);
  }
  fclose(f);
  return r;
}

/* Whether the proof of an unsatisfiability claim goes into a file
 * (*named), or none when it is the empty clause alone (unit propagation
 * refutes the clauses: the certificate then names no proof); -1 with err
 * when there is no proof. */
static int name_proof(int r, const char *proof, size_t len, bool *named,
                      sks_error *err) {
  *named = false;
  if (r == SKS_SAT)
    return sks_error_set(err, -1, 0, 0,
                         "the proof search found a solution the count did "
                         "not: no certificate written");
  if (r == SKS_UNKNOWN)
    return sks_error_set(err, -1, 0, 0,
                         "the time limit ran out before the proof was "
                         "written: no certificate");
  if (r != SKS_UNSAT)
    return -1;
  if (len == 2 && proof[0] == 'a' && proof[1] == 0)
    return 0;
  *named = true;
  return 0;
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
  char *text = NULL, *proof = NULL;
  size_t tlen = 0, plen = 0;
  bool named = false;
  if (cls != BATCH_MANY) {
    sks_plain_cnf(p, &c->cl);
    if (cls == BATCH_ONE)
      sks_plain_exclude(p->shape->n, grid, &c->cl);
    int r = prove(c, &c->cl, deadline, &proof, &plen, err);
    if (name_proof(r, proof, plen, &named, err)) {
      free(proof);
      return -1;
    }
  }
  FILE *t = open_memstream(&text, &tlen);
  if (cls == BATCH_MANY)
    sks_cert_write_puzzle(t, p, SKS_CLAIM_MULTIPLE, grid, grid2, NULL);
  else
    sks_cert_write_puzzle(t, p,
                          cls == BATCH_ONE ? SKS_CLAIM_UNIQUE : SKS_CLAIM_NONE,
                          cls == BATCH_ONE ? grid : NULL, NULL,
                          named ? strrchr(drat, '/') + 1 : NULL);
  fclose(t);
  int rc = put_files(cert, text, tlen, drat, named ? proof : NULL, plen, err);
  free(text);
  free(proof);
  return rc;
}

int certify_cnf(const sks_app *app, const char *file, const sks_cnf *cnf,
                int status, const signed char *model, double deadline,
                sks_error *err) {
  if (status != SKS_SAT && status != SKS_UNSAT)
    return 0;
  certifier *c = get();
  sks_clauses_clear(&c->cl);
  for (size_t i = 0; i < cnf->nlits; i++)
    sks_clauses_add(&c->cl, cnf->lits[i]);
  if (cnf->nvars > c->cl.nvars)
    c->cl.nvars = cnf->nvars;
  char cert[4096], drat[4096];
  certify_name(app, file, 0, 0, "cert", cert, sizeof cert);
  certify_name(app, file, 0, 0, "drat", drat, sizeof drat);
  bool named = false;
  char *proof = NULL;
  size_t plen = 0;
  if (status == SKS_UNSAT) {
    FILE *f = open_memstream(&proof, &plen);
    int r = sks_prove(c->cl.lit, c->cl.nlits, f, false, deadline, NULL, 0, err);
    fclose(f);
    if (name_proof(r, proof, plen, &named, err)) {
      free(proof);
      return -1;
    }
  }
  char *text = NULL;
  size_t tlen = 0;
  FILE *t = open_memstream(&text, &tlen);
  if (status == SKS_SAT)
    sks_cert_write_cnf(t, &c->cl, SKS_CLAIM_SAT, model, cnf->nvars, NULL);
  else
    sks_cert_write_cnf(t, &c->cl, SKS_CLAIM_UNSAT, NULL, 0,
                       named ? strrchr(drat, '/') + 1 : NULL);
  fclose(t);
  int rc = put_files(cert, text, tlen, drat, named ? proof : NULL, plen, err);
  free(text);
  free(proof);
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
    /* --time-limit ran out: neither verified nor rejected */
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
  if (for_puzzle(cert)) {
    if ((p = described(app, in, &why))) {
      ok = sks_cert_check(cert, p, NULL, c->drat, &c->cl, &claim, &why);
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
  return verdict(app, &job, ok, claim, &why, sks_drat_timed_out(c->drat),
                 stdout);
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
