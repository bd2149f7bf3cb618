/* The puzzle model: size, box shape and regions (rows, columns, boxes or
 * jigsaw pieces, and variant regions), plus the givens. */
#include "require_int.h"
#include "sks_encoder.h"
#include "stack_int.h"

#include <assert.h>
#include <string.h>

void sks_puzzle_default_box(int n, int *box_rows, int *box_cols) {
  int r = 1;
  for (int k = 1; k * k <= n; k++)
    if (n % k == 0)
      r = k;
  *box_rows = r;
  *box_cols = n / r;
}

/* Windoku windows need square boxes: b x b windows at 1, b+2, 2b+3 ... */
static int windoku_windows(int box_rows, int box_cols) {
  if (box_rows != box_cols || box_rows < 2)
    return 0;
  return (box_rows - 1) * (box_rows - 1);
}

static bool jigsaw_ok(int n, const int *jigsaw, sks_error *err) {
  int *size = sks_calloc((size_t)n, sizeof *size);
  bool ok = true;
  for (int i = 0; ok && i < n * n; i++) {
    if (jigsaw[i] < 0 || jigsaw[i] >= n) {
      sks_error_set(err, -1, 0, 0, "jigsaw region %d out of range", jigsaw[i]);
      ok = false;
    } else if (++size[jigsaw[i]] > n) {
      sks_error_set(err, -1, 0, 0, "jigsaw region %d has more than %d cells",
                    jigsaw[i] + 1, n);
      ok = false;
    }
  }
  free(size);
  return ok;
}

sks_puzzle *sks_puzzle_new(int box_rows, int box_cols, unsigned variants,
                           const int *jigsaw, sks_error *err) {
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > SKS_MAX_N) {
    sks_error_set(err, -1, 0, 0, "unsupported box shape %dx%d", box_rows,
                  box_cols);
    return NULL;
  }
  int n = box_rows * box_cols;
  if ((variants & SKS_VARIANT_WINDOKU) && !windoku_windows(box_rows, box_cols)) {
    sks_error_set(err, -1, 0, 0, "windoku needs square boxes (not %dx%d)",
                  box_rows, box_cols);
    return NULL;
  }
  if (variants & SKS_VARIANT_JIGSAW) {
    if (!jigsaw) {
      sks_error_set(err, -1, 0, 0, "jigsaw needs a region map");
      return NULL;
    }
    if (!jigsaw_ok(n, jigsaw, err))
      return NULL;
  }
  sks_puzzle *p = sks_calloc(1, sizeof *p);
  p->n = n;
  p->box_rows = box_rows;
  p->box_cols = box_cols;
  p->variants = variants;
  p->cell = sks_malloc((size_t)n * n * sizeof *p->cell);
  for (int i = 0; i < n * n; i++)
    p->cell[i] = -1;
  int nreg = 3 * n;
  if (variants & SKS_VARIANT_X)
    nreg += 2;
  if (variants & SKS_VARIANT_WINDOKU)
    nreg += windoku_windows(box_rows, box_cols);
  p->nregions = nreg;
  p->region = sks_malloc((size_t)nreg * n * sizeof *p->region);
  int *out = p->region;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      *out++ = r * n + c;
  for (int c = 0; c < n; c++)
    for (int r = 0; r < n; r++)
      *out++ = r * n + c;
  if (variants & SKS_VARIANT_JIGSAW) {
    p->jigsaw = sks_malloc((size_t)n * n * sizeof *p->jigsaw);
    memcpy(p->jigsaw, jigsaw, (size_t)n * n * sizeof *p->jigsaw);
    for (int g = 0; g < n; g++)
      for (int i = 0; i < n * n; i++)
        if (jigsaw[i] == g)
          *out++ = i;
  } else {
    /* Box b: box row b / (n / box_cols) ... boxes are box_rows tall. */
    int per_row = n / box_cols; /* boxes side by side */
    for (int b = 0; b < n; b++) {
      int r0 = (b / per_row) * box_rows, c0 = (b % per_row) * box_cols;
      for (int i = 0; i < box_rows; i++)
        for (int j = 0; j < box_cols; j++)
          *out++ = (r0 + i) * n + c0 + j;
    }
  }
  if (variants & SKS_VARIANT_X) {
    for (int i = 0; i < n; i++)
      *out++ = i * n + i;
    for (int i = 0; i < n; i++)
      *out++ = i * n + (n - 1 - i);
  }
  if (variants & SKS_VARIANT_WINDOKU) {
    int b = box_rows;
    for (int wr = 0; wr < b - 1; wr++)
      for (int wc = 0; wc < b - 1; wc++) {
        int r0 = 1 + wr * (b + 1), c0 = 1 + wc * (b + 1);
        for (int i = 0; i < b; i++)
          for (int j = 0; j < b; j++)
            *out++ = (r0 + i) * n + c0 + j;
      }
  }
  assert(out == p->region + (size_t)nreg * n);
  p->layout = SKS_LAYOUT_LINE;
  p->blank = '.';
  return p;
}

sks_puzzle *sks_puzzle_copy(const sks_puzzle *p) {
  sks_puzzle *q = sks_puzzle_new(p->box_rows, p->box_cols, p->variants,
                                 p->jigsaw, NULL);
  sks_require(q, "copy of an invalid puzzle");
  memcpy(q->cell, p->cell, (size_t)p->n * p->n * sizeof *q->cell);
  q->layout = p->layout;
  q->blank = p->blank;
  q->hex = p->hex;
  q->ruled = p->ruled;
  q->line = p->line;
  q->name = p->name ? sks_strdup(p->name) : NULL;
  return q;
}

void sks_puzzle_delete(sks_puzzle *p) {
  if (!p)
    return;
  free(p->cell);
  free(p->region);
  free(p->jigsaw);
  free(p->name);
  free(p);
}

bool sks_puzzle_same_shape(const sks_puzzle *a, const sks_puzzle *b) {
  if (a->n != b->n || a->box_rows != b->box_rows ||
      a->box_cols != b->box_cols || a->variants != b->variants)
    return false;
  if (a->jigsaw &&
      memcmp(a->jigsaw, b->jigsaw, (size_t)a->n * a->n * sizeof *a->jigsaw))
    return false;
  return true;
}

int sks_puzzle_givens(const sks_puzzle *p) {
  int k = 0;
  for (int i = 0; i < p->n * p->n; i++)
    k += p->cell[i] >= 0;
  return k;
}
