/* DIMACS out: a buffered writer with hand-rolled integer formatting, plain
 * or gzip, that puts the description of a puzzle CNF in `c` comment lines
 * first (README "What sudokusat encode writes"). */
#define _POSIX_C_SOURCE 200809L
#include "dimacs_int.h"
#include "require_int.h"
#include "sks_encoder.h"
#include "text_int.h"
#include "stack_int.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* ================================================================== */
/* Writing. */

enum { OUT_BUFFER = 1 << 16, OUT_SLACK = 64 };

typedef struct sink {
  char *buf, *p, *end; /* end leaves OUT_SLACK bytes for one literal */
  FILE *file;
  gzFile gz;
  bool failed;
  int error;           /* errno of the first failure */
} sink;

static void sink_flush(sink *s) {
  size_t len = (size_t)(s->p - s->buf);
  s->p = s->buf;
  if (!len || s->failed)
    return;
  if (s->gz) {
    if (gzwrite(s->gz, s->buf, (unsigned)len) != (int)len) {
      int zerr;
      gzerror(s->gz, &zerr);
      s->failed = true;
      s->error = zerr == Z_ERRNO ? errno : EIO;
    }
  } else if (fwrite(s->buf, 1, len, s->file) != len) {
    s->failed = true;
    s->error = errno ? errno : EIO;
  }
}

static inline void sink_room(sink *s) {
  if (s->p >= s->end)
    sink_flush(s);
}

static void put_char(sink *s, char ch) {
  sink_room(s);
  *s->p++ = ch;
}

static void put_str(sink *s, const char *str) {
  while (*str)
    put_char(s, *str++);
}

/* Two decimal digits at a time halves the divisions. */
static const char PAIRS[201] = "00010203040506070809"
                               "10111213141516171819"
                               "20212223242526272829"
                               "30313233343536373839"
                               "40414243444546474849"
                               "50515253545556575859"
                               "60616263646566676869"
                               "70717273747576777879"
                               "80818283848586878889"
                               "90919293949596979899";

/* Writes v in decimal at p and returns the end. */
static char *format_uint(char *p, unsigned long v) {
  char tmp[24], *t = tmp + sizeof tmp;
  while (v >= 100) {
    unsigned i = (unsigned)(v % 100) * 2;
    v /= 100;
    *--t = PAIRS[i + 1];
    *--t = PAIRS[i];
  }
  if (v >= 10) {
    *--t = PAIRS[v * 2 + 1];
    *--t = PAIRS[v * 2];
  } else
    *--t = (char)('0' + v);
  size_t len = (size_t)(tmp + sizeof tmp - t);
  memcpy(p, t, len);
  return p + len;
}

static void put_uint(sink *s, unsigned long v) {
  sink_room(s);
  s->p = format_uint(s->p, v);
}

/* The decimal text of each variable, followed by a space, in an 8-byte
 * slot whose last byte is the length: a literal is then one 8-byte copy.
 * Built per write for the variables the CNF uses (up to TABLE_VARS);
 * that costs a few ns a variable and makes formatting ~1 ns a literal. */
enum { TABLE_VARS = 1 << 16, SLOT = 8 };

static char *build_table(int nvars) {
  char *tab = sks_malloc((size_t)(nvars + 1) * SLOT);
  for (int v = 1; v <= nvars; v++) {
    char *slot = tab + (size_t)v * SLOT;
    char *e = format_uint(slot, (unsigned long)v);
    *e++ = ' ';
    slot[SLOT - 1] = (char)(e - slot);
  }
  return tab;
}

static void put_clauses(sink *s, const sks_cnf *cnf) {
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
  const char *limit = clause_bytes < OUT_BUFFER / 4
                          ? s->buf + OUT_BUFFER - clause_bytes
                          : NULL;
  while (lit < end) {
    if (limit ? p >= limit : p >= s->end) {
      s->p = p;
      sink_flush(s);
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
        p = format_uint(p, v);
        *p++ = ' ';
      }
      if (!limit && p >= s->end) {
        s->p = p;
        sink_flush(s);
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

/* One row of a description grid: symbols for small sizes, else numbers
 * (0 = blank).  values are 0-based, -1 blank; NULL is a blank row. */
static void put_row(sink *s, const char *key, int row, int n,
                    const int *values) {
  put_str(s, "c ");
  put_str(s, key);
  put_char(s, ' ');
  put_uint(s, (unsigned long)row);
  put_char(s, ' ');
  for (int c = 0; c < n; c++) {
    int v = values ? values[c] : -1;
    if (n <= SKS_DESC_MAX_SYMBOL_N)
      put_char(s, v < 0 ? '.' : SKS_DESC_SYMBOLS[v]);
    else {
      if (c)
        put_char(s, ' ');
      put_uint(s, (unsigned long)(v + 1));
    }
  }
  put_char(s, '\n');
}


/* The map as runs: `a-b` stands for a, a+1, ..., b.  Renumbered
 * candidates ascend, so runs keep a 25x25 map to a few hundred lines. */
static void put_map(sink *s, const int *map, int nmap) {
  put_str(s, "c mapped ");
  put_uint(s, (unsigned long)nmap);
  put_char(s, '\n');
  int width = 0;
  for (int i = 0; i < nmap;) {
    int j = i;
    while (j + 1 < nmap && map[j + 1] == map[j] + 1)
      j++;
    if (!width)
      put_str(s, "c map");
    char item[32], *e = item;
    *e++ = ' ';
    e = format_uint(e, (unsigned long)map[i]);
    if (j > i) {
      *e++ = j == i + 1 ? ' ' : '-';
      e = format_uint(e, (unsigned long)map[j]);
    }
    *e = 0;
    put_str(s, item);
    width += (int)(e - item);
    if (width >= 64) {
      put_char(s, '\n');
      width = 0;
    }
    i = j + 1;
  }
  if (width)
    put_char(s, '\n');
}

static void put_desc(sink *s, const sks_cnf_desc *d) {
  int n = d->n;
  put_str(s, "c sudokusat v1\n");
  put_str(s, "c size ");
  put_uint(s, (unsigned long)n);
  put_str(s, " box ");
  put_uint(s, (unsigned long)d->box_rows);
  put_char(s, 'x');
  put_uint(s, (unsigned long)d->box_cols);
  put_char(s, '\n');
  if (d->variants) {
    put_str(s, "c variants");
    if (d->variants & SKS_VARIANT_X)
      put_str(s, " x");
    if (d->variants & SKS_VARIANT_WINDOKU)
      put_str(s, " windoku");
    if (d->variants & SKS_VARIANT_JIGSAW)
      put_str(s, " jigsaw");
    put_char(s, '\n');
  }
  if ((d->variants & SKS_VARIANT_JIGSAW) && d->jigsaw)
    for (int r = 0; r < n; r++)
      put_row(s, "region", r + 1, n, d->jigsaw + (size_t)r * n);
  int ngiven = 0;
  for (int i = 0; d->given && i < n * n; i++)
    ngiven += d->given[i] >= 0;
  put_str(s, "c givens ");
  put_uint(s, (unsigned long)ngiven);
  put_char(s, '\n');
  for (int r = 0; r < n; r++) /* no givens: blank rows */
    put_row(s, "row", r + 1, n, d->given ? d->given + (size_t)r * n : NULL);
  put_str(s, "c encoding ");
  put_str(s, sks_encoding_name(d->encoding));
  put_str(s, " amo ");
  put_str(s, sks_amo_name(d->amo));
  put_str(s, " propagate ");
  put_str(s, sks_propagate_name(d->propagate));
  put_char(s, '\n');
  put_str(s, "c variable x(r,c,d) = (r*");
  put_uint(s, (unsigned long)n);
  put_str(s, " + c)*");
  put_uint(s, (unsigned long)n);
  put_str(s, " + d + 1 for 0-based row r, column c, digit d\n");
  if (d->map) {
    put_str(s, "c renumbered: CNF variable i is x variable map[i],"
               " listed in order; a-b is a run\n");
    put_map(s, d->map, d->nmap);
  }
}

static int write_all(const sks_cnf *cnf, sink *s) {
  if (cnf->desc)
    put_desc(s, cnf->desc);
  put_str(s, "p cnf ");
  put_uint(s, (unsigned long)cnf->nvars);
  put_char(s, ' ');
  put_uint(s, (unsigned long)cnf->nclauses);
  put_char(s, '\n');
  put_clauses(s, cnf);
  sink_flush(s);
  return s->failed ? -1 : 0;
}

static void sink_init(sink *s, char *buf) {
  memset(s, 0, sizeof *s);
  s->buf = s->p = buf;
  s->end = buf + OUT_BUFFER - OUT_SLACK;
}

int sks_dimacs_write(const sks_cnf *cnf, FILE *out, sks_error *err) {
  sks_require(cnf && out, "cnf and out must be set");
  char buf[OUT_BUFFER];
  sink s;
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
      return sks_error_set(err, -1, 0, 0, "cannot create: %s",
                           strerror(errno));
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
  char buf[OUT_BUFFER];
  sink s;
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
