/* Private: the byte input's state, so the library's readers can take a
 * byte from the buffer without a call (the call was most of a DIMACS
 * read); refilling, gzip and push-back stay in input.c, reached through
 * the input's own slow path (set when it is opened), so this header
 * names nothing of input.c. */
#ifndef SKS_INPUT_INT_H
#define SKS_INPUT_INT_H

#include "sks_formats.h"

#include <stdbool.h>
#include <stddef.h>
#include <zlib.h>

struct sks_input {
  char *name;
  gzFile gz;                /* file or standard input (NULL for memory) */
  const unsigned char *mem; /* memory input */
  unsigned char *buf;
  const unsigned char *data; /* mem or buf: the bytes at pos .. len */
  size_t pos, len;
  long long consumed, size;
  int pushed[8]; /* bytes pushed back, last on top */
  int npushed;
  bool eof, failed;
  bool timed_out;             /* the deadline ended the reading */
  bool waits;                 /* a pipe, terminal or device: a read may block */
  int fd;                     /* what gz reads (-1 for memory) */
  double deadline;            /* sks_input_set_deadline; 0 = none */
  int (*slow)(sks_input *in); /* sks_input_getc */
};

/* sks_input_getc, inline when a byte is buffered and none pushed back. */
static inline int sks_input_next(sks_input *in) {
  if (in->pos < in->len && !in->npushed)
    return in->data[in->pos++];
  return in->slow(in);
}

#endif
