/* A puzzle or an answer written into a caller's buffer, as
 * sks_puzzle_write_as writes it to a stream: for a program that holds no
 * FILE (the Python module's text()), one call a puzzle. */
#define _POSIX_C_SOURCE 200809L
#include "sks_formats.h"

#include <stdlib.h>
#include <string.h>

size_t sks_puzzle_text(const sks_puzzle *p, const int *grid, int layout,
                       char *buf, size_t size) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    return (size_t)-1;
  int r = layout < 0 ? sks_puzzle_write(f, p, grid)
                     : sks_puzzle_write_as(f, p, grid, (sks_layout)layout);
  if (fclose(f) || r < 0) {
    free(text);
    return (size_t)-1;
  }
  if (size) {
    size_t k = len < size ? len : size - 1;
    memcpy(buf, text, k);
    buf[k] = 0;
  }
  free(text);
  return len;
}
