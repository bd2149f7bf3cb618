/* DIMACS out: a buffered writer with hand-rolled integer formatting, plain
 * or gzip; the description of a puzzle CNF goes first, in `c` comment lines
 * dimacs_desc.c writes (docs/formats.md, "What sudokusat encode writes"). */
#define _POSIX_C_SOURCE 200809L
#include "dimacs_int.h"
#include "require_int.h"
#include "sks_formats.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

/* The decimal text of each variable, followed by a space, in an 8-byte
 * slot whose last byte is the length: a literal is then one 8-byte copy.
 * Built per write for the variables the CNF uses (up to TABLE_VARS);
 * that costs little a variable and makes formatting a literal a copy. */
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

static void put_header(sks_sink *s, int nvars, long nclauses) {
  sks_sink_put_str(s, "p cnf ");
  sks_sink_put_uint(s, (unsigned long)nvars);
  sks_sink_put_char(s, ' ');
  sks_sink_put_uint(s, (unsigned long)nclauses);
  sks_sink_put_char(s, '\n');
}

static int write_all(const sks_cnf *cnf, sks_sink *s) {
  if (cnf->desc)
    sks_desc_write(s, cnf->desc);
  put_header(s, cnf->nvars, cnf->nclauses);
  put_clauses(s, cnf);
  sks_sink_flush(s);
  return s->failed ? -1 : 0;
}

int sks_dimacs_write(const sks_cnf *cnf, FILE *out, sks_error *err) {
  sks_require(cnf && out, "cnf and out must be set");
  char buf[SKS_SINK_BUFFER];
  sks_sink s;
  sks_sink_init(&s, buf);
  s.file = out;
  if (write_all(cnf, &s) < 0 || fflush(out) != 0)
    return sks_error_set(err, -1, 0, 0, "write error: %s",
                         strerror(s.error ? s.error : errno));
  return 0;
}

/* ---- files: plain or gzip, written beside the target and renamed ---- */

typedef int (*body_fn)(sks_sink *s, void *ctx);

/* A private file beside path ("path.XXXXXX", or a short name when that
 * would pass the name limit), with the mode a new file of the user's would
 * get, recorded for sks_cleanup_run; fd, or -1.  *seen (when set) names
 * it while it exists. */
static int temp_beside(const char *path, char **tmp,
                       const char *volatile *seen) {
  *tmp = sks_temp_beside(path);
  int fd = sks_temp_create(*tmp, true);
  if (seen && fd >= 0)
    *seen = *tmp;
  return fd;
}

/* Runs body on a sink over fd (or standard output), plain or gzip;
 * returns 0 or -1 with err filled. */
static int write_fd(int fd, const sks_dimacs_options *opt, body_fn body,
                    void *ctx, sks_error *err) {
  char buf[SKS_SINK_BUFFER];
  sks_sink s;
  sks_sink_init(&s, buf);
  if (!opt || !opt->gzip) {
    FILE *f = fdopen(fd, "wb");
    if (!f) {
      close(fd);
      return sks_error_set(err, -1, 0, 0, "cannot create: %s", strerror(errno));
    }
    s.file = f;
    int res = body(&s, ctx);
    int flushed = fflush(f);
    int e = errno;
    if (fclose(f) != 0 || flushed != 0 || res < 0)
      return sks_error_set(err, -1, 0, 0, "write error: %s",
                           strerror(s.error ? s.error
                                    : e     ? e
                                            : errno));
    return 0;
  }
  int level = opt->level >= 1 && opt->level <= 9 ? opt->level : 6;
  char mode[4] = {'w', 'b', (char)('0' + level), 0};
  gzFile gz = gzdopen(fd, mode);
  if (!gz) {
    close(fd);
    return sks_error_set(err, -1, 0, 0, "cannot create: %s",
                         strerror(errno ? errno : ENOMEM));
  }
  gzbuffer(gz, 1 << 17);
  s.gz = gz;
  int res = body(&s, ctx);
  int close_res = gzclose(gz);
  if (res < 0)
    return sks_error_set(err, -1, 0, 0, "write error: %s", strerror(s.error));
  if (close_res != Z_OK)
    return sks_error_set(err, -1, 0, 0, "write error: %s",
                         close_res == Z_ERRNO ? strerror(errno)
                                              : "compression failed");
  return 0;
}

/* body's output to path ("-": standard output); a file goes in under a
 * temporary name beside it and is renamed into place once complete. */
static int write_path(const char *path, const sks_dimacs_options *opt,
                      body_fn body, void *ctx, sks_error *err) {
  if (!strcmp(path, "-")) {
    fflush(stdout);
    int fd = dup(STDOUT_FILENO);
    if (fd < 0)
      return sks_error_set(err, -1, 0, 0, "cannot write: %s", strerror(errno));
    return write_fd(fd, opt, body, ctx, err);
  }
  char *tmp;
  int fd = temp_beside(path, &tmp, opt ? opt->temp_name : NULL);
  if (fd < 0) {
    int res =
        sks_error_set(err, -1, 0, 0, "cannot create: %s", strerror(errno));
    if (opt && opt->temp_name)
      *opt->temp_name = NULL;
    free(tmp);
    return res;
  }
  int res = write_fd(fd, opt, body, ctx, err);
  if (!res && rename(tmp, path) != 0)
    res = sks_error_set(err, -1, 0, 0, "cannot create: %s", strerror(errno));
  if (res)
    unlink(tmp);
  sks_temp_forget(tmp);
  if (opt && opt->temp_name)
    *opt->temp_name = NULL;
  free(tmp);
  return res;
}

static int write_cnf(sks_sink *s, void *ctx) {
  return write_all(ctx, s);
}

int sks_dimacs_write_file(const sks_cnf *cnf, const char *path,
                          const sks_dimacs_options *opt, sks_error *err) {
  sks_require(cnf && path, "cnf and path must be set");
  return write_path(path, opt, write_cnf, (void *)cnf, err);
}

/* ---- an encoding written as it is made ---- */

typedef struct stream {
  const sks_eo *eo;
  const sks_encode_options *opt;
  sks_cnf *cnf;
  sks_sink *s;
  int nvars; /* from the counting pass */
  long nclauses;
  bool started; /* description and header written */
  int status;
} stream;

static void count_only(void *ctx, const sks_cnf *cnf) {
  (void)ctx;
  (void)cnf;
}

static void write_chunk(void *ctx, const sks_cnf *cnf) {
  stream *st = ctx;
  if (!st->started) {
    if (cnf->desc)
      sks_desc_write(st->s, cnf->desc);
    put_header(st->s, st->nvars, st->nclauses);
    st->started = true;
  }
  put_clauses(st->s, cnf);
}

static int write_stream(sks_sink *s, void *ctx) {
  stream *st = ctx;
  st->s = s;
  st->status = sks_encode_stream(st->eo, st->opt, st->cnf, write_chunk, st);
  sks_require(st->cnf->nclauses == st->nclauses && st->cnf->nvars == st->nvars,
              "the two passes of an encoding differ");
  sks_sink_flush(s);
  return s->failed ? -1 : 0;
}

int sks_dimacs_write_encoded(const sks_eo *eo, const sks_encode_options *opt,
                             const char *path, const sks_dimacs_options *dopt,
                             int *nvars, long *nclauses, sks_error *err) {
  sks_require(eo && path, "eo and path must be set");
  stream st = {.eo = eo, .opt = opt, .cnf = sks_cnf_new()};
  sks_encode_stream(eo, opt, st.cnf, count_only, NULL);
  st.nvars = st.cnf->nvars;
  st.nclauses = st.cnf->nclauses;
  if (nvars)
    *nvars = st.nvars;
  if (nclauses)
    *nclauses = st.nclauses;
  int res = write_path(path, dopt, write_stream, &st, err);
  sks_cnf_delete(st.cnf);
  return res ? -1 : st.status;
}
