/* The growth of common/stack_int.h's arrays, kept out of the loops that
 * push. */
#include "stack_int.h"

void *sks_stack_grow(void *a, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return a;
  size_t c = sks_stack_cap(*cap, need, size);
  a = sks_realloc(a, c * size);
  *cap = c;
  return a;
}
