/* The bit-parallel exact engine's front: the table of its layouts, the
 * one that fits a shape made and every call passed to it.  The layouts
 * share one search loop (solver/bits_search_int.h) and differ in their
 * operations: bits_band.c for the plain 9x9, bits_small.c for sides up to
 * 10, bits_masks.c for every side. */
#include "bits_int.h"
#include "require_int.h"

#include <stdlib.h>

struct sks_bits {
  const sks_shape *shape;
  const sks_bits_layout_ops *ops;
  void *engine;
};

/* The layouts, the fastest first: AUTO takes the first that fits. */
static const sks_bits_layout_ops *const layouts[] = {
    &sks_bits_band_layout,
    &sks_bits_small_layout,
    &sks_bits_masks_layout,
};
enum { NLAYOUTS = sizeof layouts / sizeof *layouts };

sks_bits *sks_bits_new_with(const sks_shape *shape,
                            const sks_bits_options *opt) {
  sks_require(shape && shape->n <= SKS_BITS_MAX_N, "side past 64");
  sks_bits_options o = opt ? *opt : (sks_bits_options){0};
  if (o.locked_n <= 0)
    o.locked_n = SKS_BITS_LOCKED_N;
  int first = 0;
  while (o.layout != SKS_BITS_LAYOUT_AUTO && first < NLAYOUTS - 1 &&
         layouts[first]->id != o.layout)
    first++;
  while (!layouts[first]->fits(shape))
    first++; /* the last fits every shape */
  sks_bits *b = sks_calloc(1, sizeof *b);
  b->shape = sks_shape_retain(shape);
  b->ops = layouts[first];
  b->engine = b->ops->make(shape, &o);
  return b;
}

sks_bits *sks_bits_new(const sks_shape *shape) {
  return sks_bits_new_with(shape, NULL);
}

void sks_bits_delete(sks_bits *b) {
  if (!b)
    return;
  b->ops->drop(b->engine);
  sks_shape_release(b->shape);
  free(b);
}

const sks_shape *sks_bits_shape(const sks_bits *b) {
  return b->shape;
}

sks_bits_layout sks_bits_layout_of(const sks_bits *b) {
  return b->ops->id;
}

size_t sks_bits_bytes(const sks_bits *b) {
  return sizeof *b + b->ops->bytes(b->engine);
}

bool sks_bits_load(sks_bits *b, const uint64_t *mask) {
  return b->ops->load(b->engine, mask);
}

bool sks_bits_load_givens(sks_bits *b, const int *given) {
  if (!b->ops->load_givens)
    return false;
  b->ops->load_givens(b->engine, given);
  return true;
}

long long sks_bits_search(sks_bits *b, long long limit, const sks_limits *lim,
                          int *status) {
  return b->ops->search(b->engine, limit, lim, status);
}

const unsigned char *sks_bits_solution(const sks_bits *b, int which) {
  return b->ops->solution(b->engine, which);
}

void sks_bits_counts_get(const sks_bits *b, sks_bits_counts *out) {
  b->ops->counts(b->engine, out);
}
