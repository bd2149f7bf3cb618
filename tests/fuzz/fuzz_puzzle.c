/* libFuzzer target for the puzzle reader: any bytes, under options taken
 * from the first byte; every puzzle read must write and read back equal. */
#define _POSIX_C_SOURCE 200809L
#include "sks_formats.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int boxes[8][2] = {{0, 0}, {0, 0}, {0, 0}, {0, 0},
                                {2, 2}, {2, 3}, {3, 3}, {1, 2}};

/* A jigsaw map as the reader takes it after a puzzle: a marker line,
 * then rows of labels (region id + 1: 1-9 A-Z, or numbers past 35). */
static void write_map(FILE *f, const sks_shape *s) {
  static const char sym[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  fputs("regions\n", f);
  for (int r = 0; r < s->n; r++) {
    for (int c = 0; c < s->n; c++) {
      int id = s->jigsaw[r * s->n + c];
      if (s->n <= 35)
        fputc(sym[id], f);
      else
        fprintf(f, "%s%d", c ? " " : "", id + 1);
    }
    fputc('\n', f);
  }
}

/* Writes p's rule lines, its givens in its own layout (and its region
 * map) and reads them again: the same cells and shape. */
static void round_trip(const sks_puzzle *p, const sks_format_options *opt) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f)
    abort();
  /* its rule lines (and "no-boxes" for a grid without boxes) above it */
  if (sks_puzzle_write_rules(f, p) != 0 || sks_puzzle_write(f, p, p->cell) != 0)
    abort();
  size_t n = (size_t)p->shape->n;
  if (p->shape->jigsaw) /* a map the file gave: written after the puzzle */
    write_map(f, p->shape);
  fclose(f);
  sks_puzzle *q = NULL;
  sks_error err;
  if (sks_puzzle_parse(buf, opt, &q, &err) != 0) {
    fprintf(stderr, "written puzzle does not read back: %ld:%ld: %s\n%s",
            err.line, err.col, err.msg, buf);
    abort();
  }
  if (q->shape->n != p->shape->n || !sks_shape_same(q->shape, p->shape) ||
      memcmp(q->cell, p->cell, n * n * sizeof *p->cell) ||
      !q->removed != !p->removed ||
      (p->removed && memcmp(q->removed, p->removed, n * n * n))) {
    fprintf(stderr, "written puzzle reads back different:\n%s", buf);
    abort();
  }
  sks_puzzle_delete(q);
  free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  sks_format_options opt = {0};
  static const char *const alphabets[4] = {NULL, "0123456789ABCDEF",
                                           "ABCDEFGHI", "ABCDEFGHIJKLMNOP"};
  opt.symbols = alphabets[(data[0] & 1) | ((data[0] >> 4) & 2)];
  if (data[0] & 2)
    opt.variants = SKS_VARIANT_X;
  opt.box_rows = boxes[(data[0] >> 2) & 7][0];
  opt.box_cols = boxes[(data[0] >> 2) & 7][1];
  data++, size--;

  sks_input *in = sks_input_memory(data, size);
  sks_reader *rd = sks_reader_new(in, &opt);
  sks_puzzle *p;
  sks_error err;
  int rc;
  size_t calls = 0;
  while ((rc = sks_reader_next(rd, &p, &err)) != 0) {
    if (++calls > size + 1) /* each call consumes at least one line */
      abort();
    if (rc < 0) {
      /* SKS_READ_NOT_PUZZLES may speak of the whole input (line 0). */
      bool whole = rc == SKS_READ_NOT_PUZZLES && err.line == 0 && !err.col;
      if ((!whole && (err.line < 1 || err.col < 1)) || !err.msg[0])
        abort();
      continue;
    }
    for (int i = 0; i < p->shape->n * p->shape->n; i++)
      if (p->cell[i] < -1 || p->cell[i] >= p->shape->n)
        abort();
    round_trip(p, &opt);
  }
  sks_reader_delete(rd);
  sks_input_close(in);

  /* The same bytes as one string. */
  char *text = malloc(size + 1);
  memcpy(text, data, size);
  text[size] = 0;
  sks_puzzle *one = NULL;
  if (sks_puzzle_parse(text, &opt, &one, &err) == 0)
    sks_puzzle_delete(one);
  else if (one)
    abort();
  free(text);
  return 0;
}
