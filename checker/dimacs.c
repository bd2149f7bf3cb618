/* The checker's own DIMACS reader (plain or gzip through zlib): the CNF a
 * certificate is checked against is read by nothing the solvers use. */
#include "sks_checker.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct src {
  gzFile f;
  long line, col;
  int back;
} src;

static int next(src *s) {
  int ch = s->back;
  if (ch != EOF - 1)
    s->back = EOF - 1;
  else
    ch = gzgetc(s->f);
  if (ch == '\n') {
    s->line++;
    s->col = 0;
  } else
    s->col++;
  return ch;
}

static void skip_line(src *s) {
  int ch;
  while ((ch = next(s)) != EOF && ch != '\n')
    ;
}

int sks_checker_read_dimacs(const char *path, sks_clauses *cl, sks_error *err) {
  sks_clauses_clear(cl);
  gzFile f = gzopen(path, "rb");
  if (!f)
    return sks_error_set(err, -1, 0, 0, "cannot open: %s", strerror(errno));
  src s = {f, 1, 0, EOF - 1};
  long long header_vars = -1, header_clauses = -1;
  bool open = false;
  int rc = 0;
  for (;;) {
    int ch = next(&s);
    if (ch == EOF)
      break;
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')
      continue;
    if (ch == 'c' && !open) {
      skip_line(&s);
      continue;
    }
    if (ch == 'p' && header_vars < 0 && !open) {
      char word[8];
      long long v, c;
      size_t k = 0;
      long line = s.line;
      while ((ch = next(&s)) == ' ' || ch == '\t')
        ;
      while (ch != EOF && ch != ' ' && ch != '\t' && ch != '\n' && k < 7) {
        word[k++] = (char)ch;
        ch = next(&s);
      }
      word[k] = 0;
      char rest[64];
      k = 0;
      while (ch != EOF && ch != '\n' && k < sizeof rest - 1) {
        rest[k++] = (char)ch;
        ch = next(&s);
      }
      rest[k] = 0;
      if (strcmp(word, "cnf") || sscanf(rest, "%lld %lld", &v, &c) != 2 ||
          v < 0 || c < 0 || v > SKS_MAX_VAR) {
        rc = sks_error_set(err, -1, line, 1, "malformed 'p cnf' header");
        break;
      }
      header_vars = v;
      header_clauses = c;
      continue;
    }
    if (header_vars < 0) {
      rc = sks_error_set(err, -1, s.line, s.col,
                         "a clause before the 'p cnf' header");
      break;
    }
    bool neg = ch == '-';
    long col = s.col;
    if (neg)
      ch = next(&s);
    long long v = 0;
    int digits = 0;
    while (ch >= '0' && ch <= '9') {
      v = v * 10 + (ch - '0');
      digits++;
      if (v > header_vars)
        break;
      ch = next(&s);
    }
    if (!digits || v > header_vars || (neg && !v) ||
        !(ch == EOF || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r')) {
      rc = sks_error_set(err, -1, s.line, col,
                         v > header_vars ? "variable out of the header's range"
                                         : "malformed literal");
      break;
    }
    if (ch == '\n')
      s.back = ch, s.line--; /* counted again on the next read */
    sks_clauses_add(cl, neg ? -(int)v : (int)v);
    open = v != 0;
  }
  if (!rc && gzclose(f) != Z_OK)
    rc = sks_error_set(err, -1, 0, 0, "read error");
  else if (rc)
    gzclose(f);
  if (!rc && header_vars < 0)
    rc = sks_error_set(err, -1, 0, 0, "no 'p cnf' header");
  if (!rc && open)
    rc = sks_error_set(err, -1, s.line, 0, "the last clause has no closing 0");
  if (!rc && (long long)cl->nclauses != header_clauses)
    rc = sks_error_set(err, -1, 0, 0,
                       "the header says %lld clauses, the file has %zu",
                       header_clauses, cl->nclauses);
  if (!rc && header_vars > cl->nvars)
    cl->nvars = (int)header_vars;
  return rc;
}
