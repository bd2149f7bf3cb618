/* DIMACS out: a buffered writer with hand-rolled integer formatting, plain
 * or gzip; the description of a puzzle CNF goes first, in `c` comment lines
 * dimacs_desc.c writes (README "What sudokusat encode writes"). */
#define _POSIX_C_SOURCE 200809L
#include "dimacs_int.h"
#include "require_int.h"
#include "sks_encoder.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* The decimal text of each variable, followed by a space, in an 8-byte
 * slot whose last byte is the length: a literal is then one 8-byte copy.
 * Built per write for the variables the CNF uses (up to TABLE_VARS);
 * that costs a few ns a variable and makes formatting ~1 ns a literal. */
enum { TABLE_VARS = 1 << 16, SLOT = 8 };

static char *build_table(int nvars) {
  char *tab = sks_malloc((size_t)(nvars + 1) * SLOT);
  for (int v = 1; v <= nvars; v++) {
    char *slot = tab + (size_t)v * SLOT;
    char *e = sks_format_uint(slot, (unsigned long)v);
    *e++ = ' ';
    slot[SLOT - 1] = (char)(e - slot);
  }
  return tab;
}

static void put_clauses(sks_sink *s, const sks_cnf *cnf) {
  int tabvars = cnf->nvars < TABLE_VARS ? cnf->nvars : TABLE_VARS;
  if ((size_t)tabvars > cnf->nlits)
    tabvars = (int)cnf->nlits; /* a table longer than the text is waste */
  char *tab = tabvars > 0 ? build_table(tabvars) : NULL;
  const int *lit = cnf->lits, *end = lit ? lit + cnf->nlits : lit;
  while (end > lit && end[-1] != 0)
    end--; /* a clause still open is not written (nor counted) */
  char *p = s->p;
  /* Room is checked once a clause when the longest clause fits the slack
   * of a buffer many times over; else once a literal. */
  size_t clause_bytes = ((size_t)cnf->maxlen + 1) * 12 + 2;
  const char *limit = clause_bytes < SKS_SINK_BUFFER / 4
                          ? s->buf + SKS_SINK_BUFFER - clause_bytes
                          : NULL;
  while (lit < end) {
    if (limit ? p >= limit : p >= s->end) {
      s->p = p;
      sks_sink_flush(s);
      p = s->p;
    }
    int l;
    while ((l = *lit++) != 0) {
      unsigned v = l < 0 ? 0u - (unsigned)l : (unsigned)l;
      *p = '-';
      p += l < 0;
      if (v <= (unsigned)tabvars) {
        const char *slot = tab + (size_t)v * SLOT;
        memcpy(p, slot, SLOT);
        p += (unsigned char)slot[SLOT - 1];
      } else {
        p = sks_format_uint(p, v);
        *p++ = ' ';
      }
      if (!limit && p >= s->end) {
        s->p = p;
        sks_sink_flush(s);
        p = s->p;
      }
    }
    p[0] = '0';
    p[1] = '\n';
    p += 2;
  }
  s->p = p;
  free(tab);
}

static int write_all(const sks_cnf *cnf, sks_sink *s) {
  if (cnf->desc)
    sks_desc_write(s, cnf->desc);
  sks_sink_put_str(s, "p cnf ");
  sks_sink_put_uint(s, (unsigned long)cnf->nvars);
  sks_sink_put_char(s, ' ');
  sks_sink_put_uint(s, (unsigned long)cnf->nclauses);
  sks_sink_put_char(s, '\n');
  put_clauses(s, cnf);
  sks_sink_flush(s);
  return s->failed ? -1 : 0;
}

static void sink_init(sks_sink *s, char *buf) {
  memset(s, 0, sizeof *s);
  s->buf = s->p = buf;
  s->end = buf + SKS_SINK_BUFFER - SKS_SINK_SLACK;
}

int sks_dimacs_write(const sks_cnf *cnf, FILE *out, sks_error *err) {
  sks_require(cnf && out, "cnf and out must be set");
  char buf[SKS_SINK_BUFFER];
  sks_sink s;
  sink_init(&s, buf);
  s.file = out;
  if (write_all(cnf, &s) < 0 || fflush(out) != 0)
    return sks_error_set(err, -1, 0, 0, "write error: %s",
                         strerror(s.error ? s.error : errno));
  return 0;
}

int sks_dimacs_write_file(const sks_cnf *cnf, const char *path,
                          const sks_dimacs_options *opt, sks_error *err) {
  sks_require(cnf && path, "cnf and path must be set");
  bool to_stdout = !strcmp(path, "-");
  if (!opt || !opt->gzip) {
    if (to_stdout)
      return sks_dimacs_write(cnf, stdout, err);
    FILE *f = fopen(path, "wb");
    if (!f)
      return sks_error_set(err, -1, 0, 0, "cannot create: %s", strerror(errno));
    int res = sks_dimacs_write(cnf, f, err);
    if (fclose(f) != 0 && res == 0)
      res = sks_error_set(err, -1, 0, 0, "write error: %s", strerror(errno));
    return res;
  }
  int level = opt->level >= 1 && opt->level <= 9 ? opt->level : 6;
  char mode[4] = {'w', 'b', (char)('0' + level), 0};
  gzFile gz;
  if (to_stdout) {
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    gz = fd >= 0 ? gzdopen(fd, mode) : NULL;
    if (!gz && fd >= 0)
      close(fd);
  } else
    gz = gzopen(path, mode);
  if (!gz)
    return sks_error_set(err, -1, 0, 0, "cannot create: %s",
                         strerror(errno ? errno : ENOMEM));
  gzbuffer(gz, 1 << 17);
  char buf[SKS_SINK_BUFFER];
  sks_sink s;
  sink_init(&s, buf);
  s.gz = gz;
  int res = write_all(cnf, &s);
  int close_res = gzclose(gz);
  if (res < 0)
    return sks_error_set(err, -1, 0, 0, "write error: %s", strerror(s.error));
  if (close_res != Z_OK)
    return sks_error_set(err, -1, 0, 0, "write error: %s",
                         close_res == Z_ERRNO ? strerror(errno)
                                              : "compression failed");
  return 0;
}
