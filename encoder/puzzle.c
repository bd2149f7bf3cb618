/* Shapes (size, box shape and regions: rows, columns, boxes or jigsaw
 * pieces, and variant regions), counted and shared, and the puzzles over
 * them: givens plus how they were written. */
#include "require_int.h"
#include "sks_encoder.h"
#include "stack_int.h"

#include <assert.h>
#include <stdatomic.h>
#include <string.h>

/* A shape and its reference count, which stays out of the public view. */
typedef struct counted {
  sks_shape shape;
  atomic_int refs;
} counted;

void sks_shape_default_box(int n, int *box_rows, int *box_cols) {
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

static const char *const VARIANT_NAMES[SKS_VARIANTS] = {"x", "windoku",
                                                        "jigsaw"};

const char *sks_variant_name(unsigned variant) {
  for (int i = 0; i < SKS_VARIANTS; i++)
    if (variant == 1u << i)
      return VARIANT_NAMES[i];
  return NULL;
}

unsigned sks_variant_parse(const char *name) {
  for (int i = 0; i < SKS_VARIANTS; i++)
    if (!strcmp(name, VARIANT_NAMES[i]))
      return 1u << i;
  return 0;
}

const sks_shape *sks_shape_new(int box_rows, int box_cols, unsigned variants,
                               const int *jigsaw, sks_error *err) {
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > SKS_MAX_N) {
    sks_error_set(err, -1, 0, 0, "unsupported box shape %dx%d", box_rows,
                  box_cols);
    return NULL;
  }
  int n = box_rows * box_cols;
  if ((variants & SKS_VARIANT_WINDOKU) &&
      !windoku_windows(box_rows, box_cols)) {
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
  counted *box = sks_calloc(1, sizeof *box);
  sks_shape *p = &box->shape;
  atomic_init(&box->refs, 1);
  p->n = n;
  p->box_rows = box_rows;
  p->box_cols = box_cols;
  p->variants = variants;
  int nreg = 3 * n;
  if (variants & SKS_VARIANT_X)
    nreg += 2;
  if (variants & SKS_VARIANT_WINDOKU)
    nreg += windoku_windows(box_rows, box_cols);
  p->nregions = nreg;
  int *region = sks_malloc((size_t)nreg * n * sizeof *region);
  int *out = region;
  p->region = region;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      *out++ = r * n + c;
  for (int c = 0; c < n; c++)
    for (int r = 0; r < n; r++)
      *out++ = r * n + c;
  if (variants & SKS_VARIANT_JIGSAW) {
    int *map = sks_malloc((size_t)n * n * sizeof *map);
    memcpy(map, jigsaw, (size_t)n * n * sizeof *map);
    p->jigsaw = map;
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
  assert(out == region + (size_t)nreg * n);
  return p;
}

const sks_shape *sks_shape_retain(const sks_shape *s) {
  sks_require(s, "shape is NULL");
  atomic_fetch_add_explicit(&((counted *)s)->refs, 1, memory_order_relaxed);
  return s;
}

void sks_shape_release(const sks_shape *s) {
  if (!s)
    return;
  counted *box = (counted *)s;
  if (atomic_fetch_sub_explicit(&box->refs, 1, memory_order_acq_rel) != 1)
    return;
  free((void *)s->region);
  free((void *)s->jigsaw);
  free(box);
}

bool sks_shape_same(const sks_shape *a, const sks_shape *b) {
  if (a == b)
    return true;
  if (a->n != b->n || a->box_rows != b->box_rows ||
      a->box_cols != b->box_cols || a->variants != b->variants)
    return false;
  return !a->jigsaw ||
         !memcmp(a->jigsaw, b->jigsaw, (size_t)a->n * a->n * sizeof *a->jigsaw);
}

sks_puzzle *sks_puzzle_of(const sks_shape *s) {
  int cells = s->n * s->n;
  sks_puzzle *p = sks_calloc(1, sizeof *p);
  p->shape = sks_shape_retain(s);
  p->cell = sks_malloc((size_t)cells * sizeof *p->cell);
  for (int i = 0; i < cells; i++)
    p->cell[i] = -1;
  p->look.layout = sks_layout_default(s->n);
  p->look.blank = '.';
  return p;
}

sks_puzzle *sks_puzzle_new(int box_rows, int box_cols, unsigned variants,
                           const int *jigsaw, sks_error *err) {
  const sks_shape *s = sks_shape_new(box_rows, box_cols, variants, jigsaw, err);
  if (!s)
    return NULL;
  sks_puzzle *p = sks_puzzle_of(s);
  sks_shape_release(s);
  return p;
}

/* Copies src's removed candidates into dst (dst's array reused). */
static void assign_removed(sks_puzzle *dst, const sks_puzzle *src) {
  if (!src->removed) {
    sks_puzzle_clear_removed(dst);
    return;
  }
  size_t n = (size_t)src->shape->n, size = n * n * n;
  dst->removed = sks_realloc(dst->removed, size);
  memcpy(dst->removed, src->removed, size);
}

void sks_puzzle_assign(sks_puzzle *dst, const sks_puzzle *src) {
  int cells = src->shape->n * src->shape->n;
  if (dst->removed || src->removed)
    assign_removed(dst, src); /* before the shapes change */
  if (dst->shape != src->shape) {
    if (dst->shape->n != src->shape->n)
      dst->cell = sks_realloc(dst->cell, (size_t)cells * sizeof *dst->cell);
    const sks_shape *old = dst->shape;
    dst->shape = sks_shape_retain(src->shape);
    sks_shape_release(old);
  }
  memcpy(dst->cell, src->cell, (size_t)cells * sizeof *dst->cell);
  char *name = dst->look.name;
  int *solution = dst->look.solution;
  dst->look = src->look;
  dst->look.name = name;
  dst->look.solution = solution;
  if (src->look.solution) {
    dst->look.solution = sks_realloc(
        dst->look.solution, (size_t)cells * sizeof *dst->look.solution);
    memcpy(dst->look.solution, src->look.solution,
           (size_t)cells * sizeof *dst->look.solution);
  } else {
    free(dst->look.solution);
    dst->look.solution = NULL;
  }
  const char *text = src->look.name;
  sks_puzzle_set_name(dst, text, text ? strlen(text) : 0);
  sks_puzzle_set_rules(dst, src->rules);
}

void sks_puzzle_set_rules(sks_puzzle *p, const sks_rules *rules) {
  if (rules && !rules->count)
    rules = NULL;
  sks_require(!rules || rules->n == p->shape->n,
              "rules over another side than the puzzle's");
  if (rules == p->rules)
    return;
  const sks_rules *old = p->rules;
  p->rules = sks_rules_retain(rules);
  sks_rules_release(old);
}

sks_puzzle *sks_puzzle_copy(const sks_puzzle *p) {
  sks_puzzle *q = sks_puzzle_of(p->shape);
  sks_puzzle_assign(q, p);
  return q;
}

void sks_puzzle_delete(sks_puzzle *p) {
  if (!p)
    return;
  sks_shape_release(p->shape);
  sks_rules_release(p->rules);
  free(p->cell);
  free(p->removed);
  free(p->look.name);
  free(p->look.solution);
  free(p);
}

void sks_puzzle_set_name(sks_puzzle *p, const char *text, size_t len) {
  if (!len) {
    free(p->look.name);
    p->look.name = NULL;
    return;
  }
  char *name = sks_realloc(p->look.name, len + 1);
  for (size_t i = 0; i < len; i++) {
    unsigned char ch = (unsigned char)text[i];
    name[i] = ch < ' ' || ch == 127 ? '?' : (char)ch;
  }
  name[len] = 0;
  p->look.name = name;
}

int sks_puzzle_givens(const sks_puzzle *p) {
  int k = 0;
  for (int i = 0; i < p->shape->n * p->shape->n; i++)
    k += p->cell[i] >= 0;
  return k;
}

void sks_puzzle_remove(sks_puzzle *p, int i, int d) {
  size_t n = (size_t)p->shape->n;
  sks_require(i >= 0 && (size_t)i < n * n && d >= 0 && (size_t)d < n,
              "cell or digit out of range");
  if (!p->removed)
    p->removed = sks_calloc(n * n * n, 1);
  p->removed[(size_t)i * n + (size_t)d] = 1;
}

void sks_puzzle_clear_removed(sks_puzzle *p) {
  free(p->removed);
  p->removed = NULL;
}

long sks_puzzle_removed_count(const sks_puzzle *p) {
  if (!p->removed)
    return 0;
  size_t n = (size_t)p->shape->n;
  long k = 0;
  for (size_t i = 0; i < n * n * n; i++)
    k += p->removed[i] != 0;
  return k;
}

sks_layout sks_layout_default(int n) {
  return n <= SKS_MAX_SYMBOL_N ? SKS_LAYOUT_LINE : SKS_LAYOUT_NUMBERS;
}
