/* The DIMACS codec's other half: models as SAT solvers print them
 * (SAT-competition `s`/`v` lines, minisat's result file: `SAT` + literals,
 * `UNSAT`, `INDET`, or a bare literal list), and the check that a model
 * satisfies a CNF. */
#include "require_int.h"
#include "sks_formats.h"
#include "text_int.h"
#include "stack_int.h"

#include <limits.h>
#include <string.h>

sks_model *sks_model_new(void) {
  sks_model *m = sks_calloc(1, sizeof *m);
  m->status = SKS_UNKNOWN;
  return m;
}

void sks_model_delete(sks_model *m) {
  if (!m)
    return;
  free(m->val);
  free(m);
}

/* Values are kept by variable, so one stray huge number would allocate
 * its size: the cap is above the largest puzzle CNF (a 256x256 puzzle
 * with sequential at-most-one needs about 84 million variables). */
enum { MAX_MODEL_VAR = SKS_MAX_VAR };

typedef struct parse {
  sks_input *in;
  long line;
  long long pos, line_start;
  sks_error *err;
  SKS_STACK(signed char) val; /* by var; index 0 unused */
  int status;                 /* from a status line, or -1 */
  long status_line;
  long lit_line, lit_col; /* first literal, for error messages */
  bool ended;             /* the terminating 0 was seen */
  int nvars;
} parse;

static inline int next(parse *ps) {
  ps->pos++;
  return sks_input_getc(ps->in);
}

static inline long col_of(const parse *ps) {
  return (long)(ps->pos - ps->line_start);
}

/* Skips to the end of the line; returns '\n' or EOF. */
static int skip_line(parse *ps) {
  int ch;
  while ((ch = next(ps)) != '\n' && ch != EOF)
    ;
  return ch;
}

static void newline(parse *ps) {
  ps->line++;
  ps->line_start = ps->pos;
}

/* A status word; fills *status. */
static bool status_word(const char *w, int *status) {
  static const struct {
    const char *word;
    int status;
  } words[] = {{"SATISFIABLE", SKS_SAT},     {"SAT", SKS_SAT},
               {"UNSATISFIABLE", SKS_UNSAT}, {"UNSAT", SKS_UNSAT},
               {"UNKNOWN", SKS_UNKNOWN},     {"INDETERMINATE", SKS_UNKNOWN},
               {"INDET", SKS_UNKNOWN}};
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (!strcmp(w, words[i].word)) {
      *status = words[i].status;
      return true;
    }
  return false;
}

/* Reads a status word starting with ch to the end of the line. */
static int status_line(parse *ps, int ch) {
  char w[32], buf[16];
  size_t k = 0;
  long col = col_of(ps);
  while (ch != EOF && ch != '\n' && !sks_text_is_space(ch)) {
    if (k + 1 < sizeof w)
      w[k++] = (char)ch;
    ch = next(ps);
  }
  w[k] = 0;
  int status;
  if (!status_word(w, &status))
    return sks_error_set(ps->err, -1, ps->line, col,
                         "unknown result '%s' (expected SATISFIABLE, "
                         "UNSATISFIABLE or UNKNOWN)",
                         w);
  while (sks_text_is_space(ch))
    ch = next(ps);
  if (ch != '\n' && ch != EOF)
    return sks_error_set(ps->err, -1, ps->line, col_of(ps),
                         "unexpected %s after the result",
                         sks_describe_char(ch, buf));
  if (ps->status >= 0 && ps->status != status)
    return sks_error_set(ps->err, -1, ps->line, col,
                         "result %s contradicts line %ld", w, ps->status_line);
  ps->status = status;
  ps->status_line = ps->line;
  if (ch == '\n')
    newline(ps);
  return 0;
}

/* Literals from ch to the end of the line. */
static int literals(parse *ps, int ch) {
  char buf[16];
  for (;;) {
    while (sks_text_is_space(ch))
      ch = next(ps);
    if (ch == '\n' || ch == EOF)
      break;
    long col = col_of(ps);
    bool neg = ch == '-';
    if (neg)
      ch = next(ps);
    if (ch < '0' || ch > '9')
      return sks_error_set(ps->err, -1, ps->line, col_of(ps),
                           neg ? "expected a digit after '-', got %s"
                               : "unexpected %s (expected a literal)",
                           sks_describe_char(ch, buf));
    long long v = 0;
    for (; ch >= '0' && ch <= '9'; ch = next(ps))
      if ((v = v * 10 + (ch - '0')) >= INT_MAX)
        return sks_error_set(ps->err, -1, ps->line, col,
                             "literal out of range");
    if (ch != '\n' && ch != EOF && !sks_text_is_space(ch))
      return sks_error_set(ps->err, -1, ps->line, col_of(ps),
                           "unexpected %s in a literal",
                           sks_describe_char(ch, buf));
    if (!ps->lit_line) {
      ps->lit_line = ps->line;
      ps->lit_col = col;
    }
    if (!v) {
      ps->ended = true;
      continue;
    }
    if (ps->ended)
      return sks_error_set(ps->err, -1, ps->line, col,
                           "literal %s%lld after the terminating 0",
                           neg ? "-" : "", v);
    int var = (int)v;
    if (var > MAX_MODEL_VAR)
      return sks_error_set(ps->err, -1, ps->line, col,
                           "variable %d is too large for a model (at most %d)",
                           var, MAX_MODEL_VAR);
    if (var >= (int)ps->val.n) {
      size_t old = ps->val.n;
      SKS_STACK_RESERVE(ps->val, (size_t)var + 1);
      memset(ps->val.a + old, 0, (size_t)var + 1 - old);
      ps->val.n = (size_t)var + 1;
    }
    signed char value = neg ? -1 : 1;
    if (ps->val.a[var] == -value)
      return sks_error_set(ps->err, -1, ps->line, col,
                           "variable %d is assigned both ways", var);
    ps->val.a[var] = value;
    if (var > ps->nvars)
      ps->nvars = var;
  }
  if (ch == '\n')
    newline(ps);
  return 0;
}

/* `s RESULT` or `v LITERALS`, after its first byte kind. */
static int tagged_line(parse *ps, int kind) {
  char buf[16];
  long col = col_of(ps);
  int ch = next(ps);
  if (!sks_text_is_space(ch))
    return sks_error_set(ps->err, -1, ps->line, col,
                         "unexpected '%c' followed by %s (expected "
                         "'%c ' and a %s)",
                         kind, sks_describe_char(ch, buf), kind,
                         kind == 's' ? "result" : "literal list");
  if (kind == 'v')
    return literals(ps, ch);
  while (sks_text_is_space(ch))
    ch = next(ps);
  return status_line(ps, ch);
}

/* One line from its first byte ch that is not a space. */
static int model_line(parse *ps, int ch) {
  char buf[16];
  if (ch == '\n') {
    newline(ps);
    return 0;
  }
  if (ch == 'c') {
    if (skip_line(ps) == '\n')
      newline(ps);
    return 0;
  }
  if (ch == 's' || ch == 'v')
    return tagged_line(ps, ch);
  if (ch == '-' || (ch >= '0' && ch <= '9'))
    return literals(ps, ch);
  if (ch >= 'A' && ch <= 'Z')
    return status_line(ps, ch);
  return sks_error_set(ps->err, -1, ps->line, col_of(ps),
                       "unexpected %s (expected 's', 'v', 'c', SAT, "
                       "UNSAT or a literal)",
                       sks_describe_char(ch, buf));
}

/* At the end of the input: a result or literals were read, and values
 * come only with a satisfiable result. */
static int check_end(parse *ps) {
  if (sks_input_failed(ps->in))
    return sks_error_set(ps->err, -1, ps->line, 0,
                         "read error (an I/O error, or truncated or "
                         "corrupt gzip)");
  if (ps->status < 0 && !ps->lit_line)
    return sks_error_set(ps->err, -1, ps->line, 0,
                         "no result: expected 's SATISFIABLE', 'SAT', "
                         "'UNSAT' or a list of literals");
  if (ps->status >= 0 && ps->status != SKS_SAT && ps->nvars > 0)
    return sks_error_set(ps->err, -1, ps->lit_line, ps->lit_col,
                         "values given for a result that is not "
                         "SATISFIABLE");
  return 0;
}

int sks_model_read(sks_input *in, sks_model *m, sks_error *err) {
  sks_require(in && m, "in and m must be set");
  parse ps = {0};
  ps.in = in;
  ps.line = 1;
  ps.err = err;
  ps.status = -1;
  ps.val.a = m->val; /* reused; the capacity is unknown, so it regrows */
  m->val = NULL;
  SKS_PUSH(ps.val, 0);
  int res = 0;
  while (!res) {
    int ch = next(&ps);
    while (sks_text_is_space(ch))
      ch = next(&ps);
    if (ch == EOF)
      break;
    res = model_line(&ps, ch);
  }
  if (!res)
    res = check_end(&ps);
  m->val = ps.val.a;
  if (res) {
    m->status = SKS_UNKNOWN;
    m->has_status = false;
    m->nvars = 0;
    return res;
  }
  m->has_status = ps.status >= 0;
  m->status = ps.status >= 0 ? ps.status : SKS_SAT;
  m->nvars = ps.nvars;
  return 0;
}

bool sks_model_satisfies(const sks_model *m, const sks_cnf *cnf,
                         sks_error *err) {
  sks_require(m && cnf, "m and cnf must be set");
  long k = sks_cnf_check(cnf, m->val, m->nvars);
  if (k < 0)
    return true;
  /* The k-th clause, for the message. */
  const int *start = cnf->lits;
  for (long i = 0; i < k; i++)
    while (*start++)
      ;
  char text[96];
  size_t len = 0;
  const int *p = start;
  for (; *p && len < sizeof text - 24; p++)
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%d",
                            p == start ? "" : " ", *p);
  if (*p)
    snprintf(text + len, sizeof text - len, " ...");
  sks_error_set(err, -1, 0, 0, "clause %ld (%s) is not satisfied", k + 1,
                *start ? text : "empty");
  return false;
}
