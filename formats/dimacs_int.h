/* Private: what the DIMACS clause writer and reader share with the
 * description (dimacs_desc.c): the buffered sink and the comment reader. */
#ifndef SKS_DIMACS_INT_H
#define SKS_DIMACS_INT_H

#include "sks_formats.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

/* Symbols of the description rows for n <= 35; larger sizes use numbers.
 * Fixed here (not the puzzle's own symbols) so the comments read the same
 * whatever the input looked like. */
static const char SKS_DESC_SYMBOLS[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
enum { SKS_DESC_MAX_SYMBOL_N = 35 };

/* ------------------------------------------------------------------ */
/* Writing: a buffer in front of a FILE or a gzFile.  The put functions
 * are inline so the clause writer's loop stays free of calls. */

enum { SKS_SINK_BUFFER = 1 << 16, SKS_SINK_SLACK = 64 };

typedef struct sks_sink {
  char *buf, *p, *end; /* end leaves SKS_SINK_SLACK bytes for one literal */
  FILE *file;
  gzFile gz;
  bool failed;
  int error;                         /* errno of the first failure */
  void (*flush)(struct sks_sink *s); /* sks_sink_flush */
} sks_sink;

/* A sink over buf (SKS_SINK_BUFFER bytes), its file or gz set after;
 * flushing writes out the buffer and keeps the first failure
 * (dimacs_sink.c, reached through s->flush: this header names nothing of
 * it). */
void sks_sink_init(sks_sink *s, char *buf);
void sks_sink_flush(sks_sink *s);

static inline void sks_sink_put_char(sks_sink *s, char ch) {
  if (s->p >= s->end)
    s->flush(s);
  *s->p++ = ch;
}

static inline void sks_sink_put_str(sks_sink *s, const char *str) {
  while (*str)
    sks_sink_put_char(s, *str++);
}

/* Writes v in decimal at p and returns the end; two digits at a time
 * halves the divisions. */
static inline char *sks_format_uint(char *p, unsigned long v) {
  static const char pairs[201] = "00010203040506070809"
                                 "10111213141516171819"
                                 "20212223242526272829"
                                 "30313233343536373839"
                                 "40414243444546474849"
                                 "50515253545556575859"
                                 "60616263646566676869"
                                 "70717273747576777879"
                                 "80818283848586878889"
                                 "90919293949596979899";
  char tmp[24], *t = tmp + sizeof tmp;
  while (v >= 100) {
    unsigned i = (unsigned)(v % 100) * 2;
    v /= 100;
    *--t = pairs[i + 1];
    *--t = pairs[i];
  }
  if (v >= 10) {
    *--t = pairs[v * 2 + 1];
    *--t = pairs[v * 2];
  } else
    *--t = (char)('0' + v);
  size_t len = (size_t)(tmp + sizeof tmp - t);
  memcpy(p, t, len);
  return p + len;
}

static inline void sks_sink_put_uint(sks_sink *s, unsigned long v) {
  if (s->p >= s->end)
    s->flush(s);
  s->p = sks_format_uint(s->p, v);
}

/* Puts the description of a puzzle CNF as `c` lines (dimacs_desc.c). */
void sks_desc_write(sks_sink *s, const sks_cnf_desc *d);

/* ------------------------------------------------------------------ */
/* Reading: the clause reader hands every comment line that may belong to
 * a description to the description reader, which keeps its state here. */

/* A warning at line:col to warn (NULL: none), formatted like printf. */
void sks_dimacs_warn(sks_warn_fn warn, void *ctx, long line, long col,
                     const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

typedef struct sks_desc_reader {
  sks_warn_fn warn;
  void *warn_ctx;
  const char *text;    /* the line being read, from its 'c' */
  long line, text_col; /* its line, and the column of text[0] */
  /* active: `c sudokusat v1` was seen; bad: the description was given up
   * (with a warning), and later lines are passed over. */
  bool active, bad, have_size, have_encoding;
  long start_line; /* of `c sudokusat v1` */
  int n, box_rows, box_cols;
  unsigned variants;
  int ngivens_declared;
  int rows, regions; /* rows of givens / jigsaw read so far */
  int *given, *jigsaw;
  unsigned char *removed; /* after a 'removed' line: n^3 */
  int nremoved_declared;
  sks_rules *rules; /* after a 'rules' line */
  int nrules_declared;
  sks_encoding encoding;
  sks_amo amo;
  sks_propagate propagate;
  int nmap, mapped; /* declared map size, entries read */
  int *map;
  size_t mapcap; /* map's room */
} sks_desc_reader;

/* An empty reader that warns through warn (which may be NULL). */
void sks_desc_init(sks_desc_reader *d, sks_warn_fn warn, void *warn_ctx);
/* Reads one comment line: text (NUL-ended, from its 'c') is at line,
 * text[0] at column col.  Lines before `c sudokusat v1` only start it. */
void sks_desc_read_line(sks_desc_reader *d, const char *text, long line,
                        long col);
/* Moves a complete description into cnf->desc (with a warning instead
 * when it is incomplete) and frees the rest; cnf NULL drops it. */
void sks_desc_finish(sks_desc_reader *d, sks_cnf *cnf);

#endif
