/* The elements of the canonical-form group as maps: their action on a
 * grid and on candidates, random elements, and membership. */
#include "random_int.h"
#include "sks_canon.h"

void sks_canon_apply_removed(const sks_canon_map *map, const unsigned char *in,
                             unsigned char *out) {
  int n = map->n;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int a = map->row[r], b = map->col[c];
      const unsigned char *from =
          in + (size_t)(map->transpose ? b * n + a : a * n + b) * n;
      unsigned char *to = out + ((size_t)r * n + c) * n;
      for (int d = 0; d < n; d++)
        to[map->digit[d]] = from[d];
    }
}

void sks_canon_apply(const sks_canon_map *map, const int *in, int *out) {
  int n = map->n;
  /* in[a * n + b] is the input cell (a, b); transposed, (b, a) */
  size_t step_r = map->transpose ? 1 : (size_t)n;
  size_t step_c = map->transpose ? (size_t)n : 1;
  for (int r = 0; r < n; r++) {
    const int *line = in + (size_t)map->row[r] * step_r;
    int *o = out + (size_t)r * n;
    for (int c = 0; c < n; c++) {
      int v = line[(size_t)map->col[c] * step_c];
      o[c] = v < 0 ? -1 : map->digit[v];
    }
  }
}

static void shuffle(int *a, int k, uint64_t *s) {
  sks_shuffle(a, k, s, sks_rand_mod);
}

/* A random map of lines in groups of size g: groups permuted, lines
 * within each permuted. */
static void random_lines(int n, int g, int *out, uint64_t *s) {
  int groups = n / g, order[SKS_MAX_N];
  for (int i = 0; i < groups; i++)
    order[i] = i;
  shuffle(order, groups, s);
  for (int i = 0; i < groups; i++) {
    int within[SKS_MAX_N];
    for (int j = 0; j < g; j++)
      within[j] = j;
    shuffle(within, g, s);
    for (int j = 0; j < g; j++)
      out[i * g + j] = order[i] * g + within[j];
  }
}

void sks_canon_random(int box_rows, int box_cols, unsigned long long seed,
                      sks_canon_map *map, int *buf) {
  int n = box_rows * box_cols;
  uint64_t s = seed;
  map->n = n;
  map->transpose = box_rows == box_cols && (sks_rand64(&s) & 1);
  random_lines(n, box_rows, buf, &s);
  random_lines(n, box_cols, buf + n, &s);
  for (int d = 0; d < n; d++)
    buf[2 * n + d] = d;
  shuffle(buf + 2 * n, n, &s);
  map->row = buf;
  map->col = buf + n;
  map->digit = buf + 2 * n;
}

/* Whether a maps lines in groups of g onto groups, as a permutation. */
static bool lines_valid(const int *a, int n, int g) {
  unsigned char seen[SKS_MAX_N] = {0};
  for (int i = 0; i < n; i++) {
    if (a[i] < 0 || a[i] >= n || seen[a[i]])
      return false;
    seen[a[i]] = 1;
    if (a[i] / g != a[i - i % g] / g)
      return false;
  }
  return true;
}

bool sks_canon_map_valid(const sks_canon_map *map, int box_rows, int box_cols) {
  int n = map->n;
  if (n != box_rows * box_cols || (map->transpose && box_rows != box_cols))
    return false;
  if (!lines_valid(map->row, n, box_rows) ||
      !lines_valid(map->col, n, box_cols))
    return false;
  unsigned char seen[SKS_MAX_N] = {0};
  for (int d = 0; d < n; d++) {
    if (map->digit[d] < 0 || map->digit[d] >= n || seen[map->digit[d]])
      return false;
    seen[map->digit[d]] = 1;
  }
  return true;
}
