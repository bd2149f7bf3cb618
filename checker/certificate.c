/* Certificate files: written by whoever makes the claim, read and checked
 * here against a puzzle's plain CNF or a given CNF (docs/certificates.md).
 *
 *   sudokusat certificate 1
 *   claim unique|none|multiple|sat|unsat
 *   for puzzle N HASH            (or: for cnf VARS CLAUSES HASH)
 *   solution DIGITS              (unique: one; multiple: two)
 *   model LITERALS 0             (sat)
 *   proof NAME                   (unique, none, unsat: the DRAT file)
 */
#define _POSIX_C_SOURCE 200809L
#include "drat_int.h"
#include "sks_checker.h"
#include "stack_int.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

const char *const sks_claim_names[] = {"unique", "none", "multiple", "sat",
                                       "unsat"};
enum { NCLAIMS = 5 };

static void put_grid(FILE *out, int n, const int *grid) {
  fputs("solution ", out);
  for (int i = 0; i < n * n; i++) {
    if (n <= 9)
      fputc('1' + grid[i], out);
    else
      fprintf(out, i ? " %d" : "%d", grid[i] + 1);
  }
  fputc('\n', out);
}

void sks_cert_write_puzzle(FILE *out, const sks_puzzle *p, sks_claim claim,
                           const int *grid, const int *grid2,
                           const char *proof) {
  int n = p->shape->n;
  fprintf(out,
          "sudokusat certificate 1\nclaim %s\nfor puzzle %d %016" PRIx64 "\n",
          sks_claim_names[claim], n, sks_plain_hash(p));
  if (grid)
    put_grid(out, n, grid);
  if (grid2)
    put_grid(out, n, grid2);
  if (proof)
    fprintf(out, "proof %s\n", proof);
}

void sks_cert_write_cnf(FILE *out, const sks_clauses *cnf, sks_claim claim,
                        const signed char *model, int nvars,
                        const char *proof) {
  fprintf(
      out, "sudokusat certificate 1\nclaim %s\nfor cnf %d %zu %016" PRIx64 "\n",
      sks_claim_names[claim], cnf->nvars, cnf->nclauses, sks_clauses_hash(cnf));
  if (model) {
    fputs("model", out);
    for (int v = 1; v <= nvars; v++)
      fprintf(out, " %d", model[v - 1] > 0 ? v : -v);
    fputs(" 0\n", out);
  }
  if (proof)
    fprintf(out, "proof %s\n", proof);
}

/* A whole file (gzip or plain) in memory, with room for a byte after it;
 * NULL with why, and *missing when it could not be opened.  Only a regular
 * file of at most SKS_CERT_MAX_BYTES (once inflated) is read: it is
 * opened without blocking (a FIFO with no writer would wait for ever) and
 * looked at before a byte is read; d's deadline holds while it is read. */
static unsigned char *slurp(const char *path, size_t *len, sks_drat *d,
                            bool *missing, sks_error *why) {
  *missing = false;
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    *missing = true;
    sks_error_set(why, -1, 0, 0, "cannot open %s: %s", path, strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
    close(fd);
    sks_error_set(why, -1, 0, 0,
                  "%s is not a regular file (a FIFO, a device or a folder "
                  "is not read)",
                  path);
    return NULL;
  }
  if ((uintmax_t)st.st_size > SKS_CERT_MAX_BYTES) {
    close(fd);
    sks_error_set(why, -1, 0, 0,
                  "%s holds %jd bytes, more than the %zu MiB the checker "
                  "reads",
                  path, (intmax_t)st.st_size, SKS_CERT_MAX_BYTES >> 20);
    return NULL;
  }
  gzFile f = gzdopen(fd, "rb");
  if (!f) {
    close(fd);
    sks_error_set(why, -1, 0, 0, "cannot open %s: out of memory", path);
    return NULL;
  }
  /* Room for 64 KiB more when less than 32 KiB is free (the first room
   * 64 KiB, then stack_int.h's doubling: a small file is read into one
   * allocation); past the limit, one step to just over it, enough to see
   * that a file is too big without holding twice the limit. */
  size_t n = 0, cap = 0;
  unsigned char *buf = NULL;
  for (;;) {
    if (cap - n < (1 << 15) && cap <= SKS_CERT_MAX_BYTES) {
      cap = sks_stack_cap(cap, n + (1 << 16), 1);
      if (cap > SKS_CERT_MAX_BYTES)
        cap = SKS_CERT_MAX_BYTES + (1 << 16);
      buf = sks_realloc(buf, cap);
    }
    bool over = n > SKS_CERT_MAX_BYTES;
    bool late = d && sks_drat_past_deadline(d);
    if (over || late) {
      if (over)
        sks_error_set(why, -1, 0, 0,
                      "%s holds more than the %zu MiB the checker reads (once "
                      "gzip is undone)",
                      path, SKS_CERT_MAX_BYTES >> 20);
      else
        sks_error_set(why, -1, 0, 0, "the time limit ran out while %s was read",
                      path);
      gzclose(f);
      free(buf);
      return NULL;
    }
    int got = gzread(f, buf + n, (unsigned)(cap - n));
    if (got < 0) {
      int code;
      sks_error_set(why, -1, 0, 0, "cannot read %s: %s", path,
                    gzerror(f, &code));
      gzclose(f);
      free(buf);
      return NULL;
    }
    if (!got)
      break;
    n += (size_t)got;
  }
  int code;
  const char *msg = gzerror(f, &code);
  if (code != Z_OK) { /* a gzip stream cut short or spoilt */
    sks_error_set(why, -1, 0, 0, "cannot read %s: %s", path, msg);
    gzclose(f);
    free(buf);
    return NULL;
  }
  gzclose(f);
  *len = n;
  return buf;
}

typedef struct cert {
  int claim;
  bool has_for, puzzle;
  long long n, vars, clauses;
  uint64_t hash;
  int nsolutions;
  int *solution[2];
  const char *model; /* the model line's literals, read once the CNF is */
  long model_line;   /* known to be the one the certificate is for */
  char proof[256];
} cert;

static void cert_free(cert *c) {
  free(c->solution[0]);
  free(c->solution[1]);
}

/* The next line of text (NUL-terminated in place); NULL at the end. */
static char *next_line(char **at, char *end) {
  if (*at >= end)
    return NULL;
  char *s = *at, *nl = memchr(s, '\n', (size_t)(end - s));
  if (!nl)
    nl = end;
  *nl = 0;
  if (nl > s && nl[-1] == '\r')
    nl[-1] = 0;
  *at = nl + 1;
  return s;
}

static int *read_grid(const char *s, long long n, sks_error *why, long line) {
  int *g = sks_malloc((size_t)(n * n) * sizeof *g);
  long long k = 0;
  size_t len = strcspn(s, " \t");
  if (n <= 9 && (long long)len == n * n && !s[len]) {
    for (; k < n * n; k++) {
      if (s[k] < '1' || s[k] > '0' + n)
        break;
      g[k] = s[k] - '1';
    }
  } else {
    while (k < n * n) {
      char *e;
      errno = 0;
      long v = strtol(s, &e, 10);
      if (e == s || v < 1 || v > n)
        break;
      g[k++] = (int)v - 1;
      s = e;
    }
    while (*s == ' ' || *s == '\t')
      s++;
    if (*s)
      k = -1;
  }
  if (k != n * n) {
    sks_error_set(why, -1, line, 0,
                  "line %ld: a solution must be %lld digits 1-%lld", line,
                  n * n, n);
    free(g);
    return NULL;
  }
  return g;
}

static bool parse(char *text, size_t len, cert *c, sks_error *why) {
  char *at = text, *end = text + len, *s;
  long line = 0;
  memset(c, 0, sizeof *c);
  c->claim = -1;
  if (memchr(text, 0, len))
    return !sks_error_set(why, -1, 0, 0, "not a certificate (binary bytes)");
  while ((s = next_line(&at, end))) {
    line++;
    if (line == 1) {
      if (strcmp(s, "sudokusat certificate 1"))
        return !sks_error_set(why, -1, 1, 0,
                              "not a certificate (no 'sudokusat "
                              "certificate 1' line)");
      continue;
    }
    char word[16];
    int used = 0;
    if (!*s || s[0] == '#')
      continue;
    if (sscanf(s, "%15s %n", word, &used) < 1)
      return !sks_error_set(why, -1, line, 0, "line %ld: unreadable", line);
    char *rest = s + used;
    if (!strcmp(word, "claim") && c->claim < 0) {
      c->claim = sks_name_index(rest, sks_claim_names, NCLAIMS);
      if (c->claim < 0)
        return !sks_error_set(why, -1, line, 0,
                              "line %ld: unknown claim '%.40s'", line, rest);
    } else if (!strcmp(word, "for") && !c->has_for) {
      int k = 0;
      if (sscanf(rest, "puzzle %lld %" SCNx64 " %n", &c->n, &c->hash, &k) ==
              2 &&
          !rest[k] && c->n >= 1 && c->n <= SKS_MAX_N)
        c->puzzle = true;
      else if (sscanf(rest, "cnf %lld %lld %" SCNx64 " %n", &c->vars,
                      &c->clauses, &c->hash, &k) == 3 &&
               !rest[k] && c->vars >= 0 && c->vars <= SKS_MAX_VAR &&
               c->clauses >= 0)
        c->puzzle = false;
      else
        return !sks_error_set(why, -1, line, 0,
                              "line %ld: malformed 'for' line", line);
      c->has_for = true;
    } else if (!strcmp(word, "solution") && c->has_for && c->puzzle &&
               c->nsolutions < 2) {
      if (!(c->solution[c->nsolutions] = read_grid(rest, c->n, why, line)))
        return false;
      c->nsolutions++;
    } else if (!strcmp(word, "model") && c->has_for && !c->puzzle &&
               !c->model) {
      c->model = rest;
      c->model_line = line;
    } else if (!strcmp(word, "proof") && !c->proof[0]) {
      if (!*rest || strchr(rest, '/') || strlen(rest) >= sizeof c->proof ||
          !strcmp(rest, ".") || !strcmp(rest, ".."))
        return !sks_error_set(why, -1, line, 0,
                              "line %ld: a proof is named by a file name in "
                              "the certificate's folder",
                              line);
      strcpy(c->proof, rest);
    } else
      return !sks_error_set(why, -1, line, 0, "line %ld: unexpected '%.20s'",
                            line, word);
  }
  if (line == 0)
    return !sks_error_set(why, -1, 0, 0, "the certificate is empty");
  if (c->claim < 0 || !c->has_for)
    return !sks_error_set(why, -1, 0, 0,
                          "the certificate is truncated: no '%s' line",
                          c->claim < 0 ? "claim" : "for");
  return true;
}

/* The proof file named in the certificate at cert_path. */
static unsigned char *read_proof(const char *cert_path, const char *name,
                                 size_t *len, sks_drat *d, sks_error *why) {
  const char *slash = strrchr(cert_path, '/');
  size_t dir = slash ? (size_t)(slash - cert_path) + 1 : 0;
  char *path = sks_malloc(dir + strlen(name) + 1);
  memcpy(path, cert_path, dir);
  strcpy(path + dir, name);
  bool missing;
  unsigned char *proof = slurp(path, len, d, &missing, why);
  if (!proof && missing)
    sks_error_set(why, -1, 0, 0, "the proof %s is missing or unreadable", path);
  free(path);
  return proof;
}

/* Does the grid satisfy every clause of cl past its prefix (the units of
 * the givens and removed candidates, the clauses of variant rules)?
 * x(r,c,d) true exactly for the grid's digits.  The prefix, the
 * exactly-one groups, says what the validator checks on its own: each
 * cell one digit, each region each digit once.  A rule's auxiliary
 * variables (past n^3) start false and take the value the clauses force,
 * in their order: a clause that holds only if its last literal, a positive
 * auxiliary, is true makes it true (the states a grid goes through, in
 * the plain CNF's rule automata: plain_rules.c). */
static bool grid_satisfies(int n, const int *grid, const sks_clauses *cl,
                           sks_error *why) {
  size_t nv = (size_t)n * n * n, top = (size_t)cl->nvars;
  if (top < nv)
    top = nv;
  unsigned char *on = sks_calloc(top + 1, 1);
  for (size_t i = 0; i < (size_t)n * n; i++)
    on[i * n + grid[i] + 1] = 1;
  bool sat = false, ok = true;
  size_t clause = cl->base_clauses;
  for (size_t i = cl->base; i < cl->nlits; i++) {
    int lit = cl->lit[i];
    if (!lit) {
      int last = i > cl->base ? cl->lit[i - 1] : 0;
      if (!sat && last > 0 && (size_t)last > nv && (size_t)last <= top) {
        on[last] = 1; /* forced: the state the grid reaches */
        sat = true;
      }
      if (!sat) {
        sks_error_set(why, -1, 0, 0,
                      "the solution falsifies clause %zu of the plain CNF",
                      clause + 1);
        ok = false;
        break;
      }
      clause++;
      sat = false;
    } else if ((size_t)abs(lit) <= top && on[abs(lit)] == (lit > 0))
      sat = true;
  }
  free(on);
  return ok;
}

static bool check_proof(const char *path, const cert *c, sks_drat *d,
                        const sks_clauses *cnf, sks_error *why) {
  sks_error e = {0};
  if (!c->proof[0]) {
    /* no proof named: the empty proof, unit propagation alone */
    if (sks_drat_check(d, cnf, NULL, 0, &e))
      return true;
    return !sks_error_set(why, -1, 0, 0,
                          "the certificate names no proof, and unit "
                          "propagation alone does not refute the clauses");
  }
  size_t len = 0;
  unsigned char *proof = read_proof(path, c->proof, &len, d, why);
  if (!proof)
    return false;
  bool ok = sks_drat_check(d, cnf, proof, len, &e);
  free(proof);
  if (!ok)
    sks_error_set(why, -1, 0, 0, "proof %s: %s", c->proof, e.msg);
  return ok;
}

static bool check_puzzle(const char *path, const cert *c, const sks_puzzle *p,
                         sks_drat *d, sks_clauses *cl, sks_error *why) {
  int n = p->shape->n;
  if (!c->puzzle)
    return !sks_error_set(why, -1, 0, 0,
                          "the certificate is for a CNF, not a puzzle");
  if (c->n != n)
    return !sks_error_set(why, -1, 0, 0,
                          "the certificate is for a %lldx%lld puzzle, this "
                          "one is %dx%d",
                          c->n, c->n, n, n);
  if (sks_plain_hash(p) != c->hash)
    return !sks_error_set(why, -1, 0, 0,
                          "the certificate is for another puzzle (its plain "
                          "CNF differs)");
  sks_plain_cnf(p, cl);
  int want = c->claim == SKS_CLAIM_MULTIPLE ? 2
             : c->claim == SKS_CLAIM_UNIQUE ? 1
             : c->claim == SKS_CLAIM_NONE   ? 0
                                            : -1;
  if (want < 0)
    return !sks_error_set(why, -1, 0, 0,
                          "a puzzle's claim is unique, none or multiple, not "
                          "%s",
                          sks_claim_names[c->claim]);
  if (c->nsolutions != want)
    return !sks_error_set(why, -1, 0, 0,
                          "claim %s needs %d solution%s, the certificate has "
                          "%d",
                          sks_claim_names[c->claim], want, want == 1 ? "" : "s",
                          c->nsolutions);
  for (int k = 0; k < c->nsolutions; k++) {
    sks_error e = {0};
    if (!sks_plain_valid(p, c->solution[k], &e) ||
        !grid_satisfies(n, c->solution[k], cl, &e))
      return !sks_error_set(why, -1, 0, 0, "solution %d: %s", k + 1, e.msg);
  }
  if (want == 2) {
    if (!memcmp(c->solution[0], c->solution[1],
                (size_t)n * n * sizeof *c->solution[0]))
      return !sks_error_set(why, -1, 0, 0, "the two solutions are the same");
    return true;
  }
  if (want == 1)
    sks_plain_exclude(n, c->solution[0], cl);
  return check_proof(path, c, d, cl, why);
}

/* Literals ordered by variable. */
static int by_var(const void *a, const void *b) {
  int x = abs(*(const int *)a), y = abs(*(const int *)b);
  return (x > y) - (x < y);
}

/* A model as read: values by variable up to dense (at most the CNF's
 * size in literals), the literals of the variables past it sorted by
 * variable (a header's count, or a clause's number, may be far more:
 * memory follows the CNF and the line, never the numbers they name). */
typedef struct model {
  signed char *val; /* 1..dense */
  int dense;
  SKS_STACK(int) past;
} model;

static int model_value(const model *m, int var) {
  if (var <= m->dense)
    return m->val[var];
  size_t lo = 0, hi = m->past.n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int v = abs(m->past.a[mid]);
    if (v == var)
      return m->past.a[mid] > 0 ? 1 : -1;
    if (v < var)
      lo = mid + 1;
    else
      hi = mid;
  }
  return 0;
}

/* Reads the model line into m: every literal in the certificate's range,
 * no variable twice.  False with why. */
static bool read_model(const cert *c, const sks_clauses *cnf, model *m,
                       sks_error *why) {
  long long most = (long long)cnf->nlits + 64;
  m->dense = c->vars < most ? (int)c->vars : (int)most;
  m->val = sks_calloc((size_t)m->dense + 1, 1);
  const char *rest = c->model;
  long line = c->model_line;
  for (;;) {
    char *e;
    long v = strtol(rest, &e, 10);
    if (e == rest || v < -c->vars || v > c->vars)
      return !sks_error_set(why, -1, line, 0,
                            "line %ld: malformed model literal", line);
    rest = e;
    if (!v)
      break;
    if (labs(v) > m->dense)
      SKS_PUSH(m->past, (int)v);
    else if (m->val[labs(v)])
      return !sks_error_set(why, -1, line, 0,
                            "line %ld: variable %ld given twice", line,
                            labs(v));
    else
      m->val[labs(v)] = v > 0 ? 1 : -1;
  }
  if (m->past.n)
    qsort(m->past.a, m->past.n, sizeof *m->past.a, by_var);
  for (size_t i = 1; i < m->past.n; i++)
    if (abs(m->past.a[i]) == abs(m->past.a[i - 1]))
      return !sks_error_set(why, -1, line, 0,
                            "line %ld: variable %d given twice", line,
                            abs(m->past.a[i]));
  return true;
}

static bool check_cnf(const char *path, const cert *c, const sks_clauses *cnf,
                      sks_drat *d, sks_error *why) {
  if (c->puzzle)
    return !sks_error_set(why, -1, 0, 0,
                          "the certificate is for a puzzle, not a CNF");
  if (c->vars != cnf->nvars || c->clauses != (long long)cnf->nclauses ||
      c->hash != sks_clauses_hash(cnf))
    return !sks_error_set(why, -1, 0, 0, "the certificate is for another CNF");
  if (c->claim == SKS_CLAIM_UNSAT)
    return check_proof(path, c, d, cnf, why);
  if (c->claim != SKS_CLAIM_SAT)
    return !sks_error_set(why, -1, 0, 0,
                          "a CNF's claim is sat or unsat, not %s",
                          sks_claim_names[c->claim]);
  if (!c->model)
    return !sks_error_set(why, -1, 0, 0, "claim sat needs a 'model' line");
  model m = {0};
  bool sat = false, ok = read_model(c, cnf, &m, why);
  size_t clause = 0;
  for (size_t i = 0; ok && i < cnf->nlits; i++) {
    int lit = cnf->lit[i];
    if (!lit) {
      if (!sat)
        ok = !sks_error_set(why, -1, 0, 0, "the model falsifies clause %zu",
                            clause + 1);
      clause++;
      sat = false;
    } else if (model_value(&m, abs(lit)) == (lit > 0 ? 1 : -1))
      sat = true;
  }
  free(m.val);
  SKS_STACK_FREE(m.past);
  return ok;
}

bool sks_cert_check(const char *path, const sks_puzzle *p,
                    const sks_clauses *cnf, sks_drat *d, sks_clauses *cl,
                    sks_claim *claim, sks_error *why) {
  size_t len = 0;
  struct stat st;
  bool missing;
  if (stat(path, &st)) {
    sks_error_set(why, -1, 0, 0, "no certificate %s", path);
    return false;
  }
  unsigned char *text = slurp(path, &len, d, &missing, why);
  if (!text)
    return false;
  cert c;
  bool ok = parse((char *)text, len, &c, why);
  if (ok && claim)
    *claim = (sks_claim)c.claim;
  if (ok)
    ok = p ? check_puzzle(path, &c, p, d, cl, why)
           : check_cnf(path, &c, cnf, d, why);
  cert_free(&c);
  free(text);
  return ok;
}
