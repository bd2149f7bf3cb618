/* The buffered output every DIMACS writer goes through (clauses and the
 * description alike): a file or a gzip stream, errors kept until the end;
 * and the warning format the DIMACS readers share.  The lowest of the
 * codec's files: the others call it, it calls none of them. */
#include "dimacs_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

void sks_sink_init(sks_sink *s, char *buf) {
  memset(s, 0, sizeof *s);
  s->buf = s->p = buf;
  s->end = buf + SKS_SINK_BUFFER - SKS_SINK_SLACK;
  s->flush = sks_sink_flush;
}

void sks_sink_flush(sks_sink *s) {
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

void sks_dimacs_warn(sks_warn_fn warn, void *ctx, long line, long col,
                     const char *fmt, ...) {
  if (!warn)
    return;
  sks_error w = {line, col, {0}};
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w.msg, sizeof w.msg, fmt, ap);
  va_end(ap);
  warn(ctx, &w);
}
