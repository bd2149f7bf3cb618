/* Private: lines taken straight from the input's buffer, for the forms'
 * plain lines (a grid row, a rule inside a grid, a run of numbers one a
 * line) and the line input itself (form_scan.c, form_grid.c,
 * form_column.c, form_xml.c).  Inline: they run once a line. */
#ifndef SKS_FORM_BUFFER_INT_H
#define SKS_FORM_BUFFER_INT_H

#include "form_int.h"
#include "input_int.h"

#include <string.h>

/* buffered gives the bytes the buffer holds from where the input stands,
 * at most `max`, when a line may be taken so (none pending, read ahead,
 * pushed back or cut at the limit); take makes [d, d + len) the current
 * line and moves the input to `next`, past its line end (the caller
 * counts the line numbers). */
static inline bool sks_form_buffered(const sks_reader *rd, size_t max,
                                     const unsigned char **d,
                                     const unsigned char **e) {
  const sks_input *in = rd->in;
  if (rd->pending || rd->have_ahead || rd->in_cut || rd->eof || in->npushed)
    return false;
  size_t avail = in->len - in->pos;
  *d = in->data + in->pos;
  *e = *d + (avail < max ? avail : max);
  return true;
}
static inline void sks_form_take(sks_reader *rd, const unsigned char *d,
                                 size_t len, const unsigned char *next) {
  SKS_STACK_RESERVE(rd->line, len);
  memcpy(rd->line.a, d, len);
  rd->line.n = len;
  rd->line.id = ++rd->line_ids;
  rd->toolong = false;
  rd->in->pos = (size_t)(next - rd->in->data);
}
/* Where the bytes [q, e) go on after a line that ends at q: past its
 * "\n" or "\r\n", or NULL when no such line end is in [q, e). */
static inline const unsigned char *sks_form_past_end(const unsigned char *q,
                                                     const unsigned char *e) {
  if (q < e && *q == '\n')
    return q + 1;
  return q + 1 < e && q[0] == '\r' && q[1] == '\n' ? q + 2 : NULL;
}
/* The first '\n' or '\r' in [d, e), or e (both by memchr: the lines that
 * look for it are long). */
static inline const unsigned char *sks_form_line_stop(const unsigned char *d,
                                                      const unsigned char *e) {
  const unsigned char *q = memchr(d, '\n', (size_t)(e - d));
  if (!q)
    q = e;
  const unsigned char *r = memchr(d, '\r', (size_t)(q - d));
  return r ? r : q;
}

#endif
