/* Killer sudoku as newspapers print them: a random full grid cut into
 * cages (orthogonally connected, distinct digits, sizes in a range), each
 * with its sum, no givens; while cadical finds a second solution, the
 * cage of a cell where the two differ and a neighbouring cage are cut
 * again at random, and past the tries another grid is taken. */
#include "generate_int.h"
#include "random_int.h"
#include "require_int.h"

#include <stdlib.h>
#include <string.h>

/* Grids tried a puzzle, re-cuts of one grid's cages before the next, and
 * tries at cutting a set of cells into cages. */
enum { KILLER_GRIDS = 64, KILLER_RECUTS = 60, CUT_TRIES = 50 };
/* Other solutions kept for a grid: a re-cut that one of them still
 * satisfies is cut again at once, without asking cadical. */
enum { KILLER_ALTS = 32 };

typedef struct killer {
  sks_generator *g;
  uint64_t *rng;
  int n, cells, lo, hi;
  const int *grid; /* the solution being cut (0-based digits) */
  int *cage;       /* cell -> cage id, -1: not in one */
  int *size;       /* cage id -> cells (ids below 2 * cells) */
  int *map;        /* cage id -> its new number (renumber) */
  int *sum;        /* cage id -> scratch for fits */
  unsigned long long *bits;
  int *alt, nalt; /* other solutions found (KILLER_ALTS grids) */
  int ids;        /* ids handed out so far */
  int *in;        /* cell -> 1 when in the set being cut */
  int *list, *frontier, *saved;
} killer;

static int below(killer *k, int m) {
  return sks_rand_below(k->rng, m);
}

/* The orthogonal neighbours of cell c: how many, into nb[4]. */
static int neighbours(const killer *k, int c, int *nb) {
  int n = k->n, r = c / n, col = c % n, m = 0;
  if (r > 0)
    nb[m++] = c - n;
  if (r < n - 1)
    nb[m++] = c + n;
  if (col > 0)
    nb[m++] = c - 1;
  if (col < n - 1)
    nb[m++] = c + 1;
  return m;
}

static int free_neighbours(const killer *k, int c) {
  int nb[4], m = neighbours(k, c, nb), f = 0;
  for (int i = 0; i < m; i++)
    f += k->in[nb[i]] && k->cage[nb[i]] < 0;
  return f;
}

static unsigned long long digit_bits(const killer *k, int id, int except) {
  unsigned long long bits = 0;
  for (int c = 0; c < k->cells; c++)
    if (k->cage[c] == id && c != except)
      bits |= 1ULL << k->grid[c];
  return bits;
}

/* A cage grown into cells of the set not yet in one: from the free cell
 * with fewest free neighbours (ties at random: such a cell left for later
 * is the one that ends up alone), adding random free neighbours whose
 * digit is new to it up to a random size in the range; one that stays
 * under the range joins a neighbouring cage of the set that has room and
 * none of its digits.  false when it can do neither. */
static bool grow_one(killer *k, int nfree) {
  int best = 5, ties = 0, seed = -1;
  for (int i = 0; i < nfree; i++) {
    int c = k->list[i];
    if (k->cage[c] >= 0)
      continue;
    int f = free_neighbours(k, c);
    if (f < best)
      best = f, ties = 0;
    if (f == best && below(k, ++ties) == 0)
      seed = c;
  }
  int id = k->ids++, want = k->lo + below(k, k->hi - k->lo + 1);
  unsigned long long used = 1ULL << k->grid[seed];
  k->cage[seed] = id;
  k->size[id] = 1;
  int members[SKS_MAX_N], nm = 1;
  members[0] = seed;
  while (k->size[id] < want) {
    int nf = 0;
    for (int i = 0; i < nm; i++) {
      int nb[4], m = neighbours(k, members[i], nb);
      for (int j = 0; j < m; j++) {
        int c = nb[j];
        if (k->in[c] && k->cage[c] < 0 && !(used >> k->grid[c] & 1)) {
          bool dup = false;
          for (int t = 0; t < nf && !dup; t++)
            dup = k->frontier[t] == c;
          if (!dup)
            k->frontier[nf++] = c;
        }
      }
    }
    if (!nf)
      break;
    int c = k->frontier[below(k, nf)];
    k->cage[c] = id;
    used |= 1ULL << k->grid[c];
    members[nm++] = c;
    k->size[id]++;
  }
  if (k->size[id] >= k->lo)
    return true;
  /* too small: into a neighbouring cage of the set */
  int cand[4 * SKS_MAX_N], nc = 0;
  for (int i = 0; i < nm; i++) {
    int nb[4], m = neighbours(k, members[i], nb);
    for (int j = 0; j < m; j++) {
      int c = nb[j], other = k->cage[c];
      if (!k->in[c] || other < 0 || other == id ||
          k->size[other] + k->size[id] > k->hi ||
          (digit_bits(k, other, -1) & used))
        continue;
      cand[nc++] = other;
    }
  }
  if (!nc)
    return false;
  int other = cand[below(k, nc)];
  for (int i = 0; i < nm; i++)
    k->cage[members[i]] = other;
  k->size[other] += k->size[id];
  k->size[id] = 0;
  return true;
}

/* Cuts the cells of the set (k->in, listed in k->list) into cages; on
 * failure they are left out of any cage and false returned. */
static bool cut(killer *k, int nset) {
  int ids = k->ids; /* at most cells, after renumber; nset new at most */
  for (int t = 0; t < CUT_TRIES; t++) {
    k->ids = ids;
    int left = nset;
    bool ok = true;
    while (ok && left > 0) {
      ok = grow_one(k, nset);
      left = 0;
      for (int i = 0; i < nset; i++)
        left += k->cage[k->list[i]] < 0;
    }
    if (ok)
      return true;
    for (int i = 0; i < nset; i++)
      k->cage[k->list[i]] = -1;
  }
  return false;
}

/* Cage ids renumbered 0.. in the order of their first cell. */
static int renumber(killer *k) {
  int *map = k->map, count = 0;
  for (int i = 0; i < k->ids; i++)
    map[i] = -1;
  for (int c = 0; c < k->cells; c++) {
    int id = k->cage[c];
    if (map[id] < 0)
      map[id] = count++;
  }
  for (int i = 0; i < count; i++)
    k->size[i] = 0;
  for (int c = 0; c < k->cells; c++) {
    k->cage[c] = map[k->cage[c]];
    k->size[k->cage[c]]++;
  }
  k->ids = count;
  return count;
}

/* The cages as p's rules (each its cells in order and its sum). */
static void set_cages(killer *k, sks_puzzle *p) {
  int count = renumber(k);
  sks_rules *rs = sks_rules_new(k->n);
  int cells[SKS_MAX_N];
  for (int id = 0; id < count; id++) {
    int m = 0, sum = 0;
    for (int c = 0; c < k->cells; c++)
      if (k->cage[c] == id) {
        cells[m++] = c;
        sum += k->grid[c] + 1;
      }
    sks_rule rule = {
        .kind = SKS_RULE_CAGE, .value = sum, .ncells = m, .cells = cells};
    sks_error err = {0};
    int bad = sks_rules_add(rs, &rule, &err);
    sks_require(!bad, "a cage made does not fit its grid");
  }
  sks_puzzle_set_rules(p, rs);
  sks_rules_release(rs);
}

/* Re-cuts cage a with a random neighbouring cage: false when none of
 * its neighbours could be cut with it (the cages are then as before). */
static bool recut(killer *k, int cell) {
  /* ids compacted first: a re-cut takes up to a set's size of new ones,
   * and re-cuts may follow each other without the cages being set (a kept
   * second solution still fits), so ids past the arrays' 2 * cells came */
  renumber(k);
  int a = k->cage[cell], nbc[4 * SKS_MAX_N], nn = 0;
  for (int c = 0; c < k->cells; c++) {
    if (k->cage[c] != a)
      continue;
    int nb[4], m = neighbours(k, c, nb);
    for (int j = 0; j < m; j++)
      if (k->cage[nb[j]] != a)
        nbc[nn++] = k->cage[nb[j]];
  }
  memcpy(k->saved, k->cage, (size_t)k->cells * sizeof *k->saved);
  while (nn > 0) {
    int pick = below(k, nn), b = nbc[pick];
    nbc[pick] = nbc[--nn];
    int nset = 0;
    for (int c = 0; c < k->cells; c++) {
      k->in[c] = k->cage[c] == a || k->cage[c] == b;
      if (k->in[c]) {
        k->list[nset++] = c;
        k->cage[c] = -1;
      }
    }
    if (cut(k, nset))
      return true;
    memcpy(k->cage, k->saved, (size_t)k->cells * sizeof *k->saved);
  }
  return false;
}

/* Whether grid a keeps every cage (its sum, distinct digits). */
static bool fits(killer *k, const int *a) {
  for (int i = 0; i < k->ids; i++) {
    k->sum[i] = 0;
    k->bits[i] = 0;
  }
  for (int c = 0; c < k->cells; c++) {
    int id = k->cage[c];
    unsigned long long bit = 1ULL << a[c];
    if (k->bits[id] & bit)
      return false;
    k->bits[id] |= bit;
    k->sum[id] += a[c] - k->grid[c];
  }
  for (int i = 0; i < k->ids; i++)
    if (k->sum[i])
      return false;
  return true;
}

/* Keeps a (when not the grid itself and room is left). */
static void keep_alt(killer *k, const int *a) {
  if (k->nalt == KILLER_ALTS ||
      !memcmp(a, k->grid, (size_t)k->cells * sizeof *a))
    return;
  memcpy(k->alt + (size_t)k->nalt++ * k->cells, a,
         (size_t)k->cells * sizeof *a);
}

/* A kept solution the cages allow, or NULL. */
static const int *allowed_alt(killer *k) {
  for (int i = 0; i < k->nalt; i++)
    if (fits(k, k->alt + (size_t)i * k->cells))
      return k->alt + (size_t)i * k->cells;
  return NULL;
}

int sks_killer_make(sks_generator *g, uint64_t *rng, sks_puzzle *p,
                    int *solution) {
  const sks_shape *sh = sks_generator_shape(g);
  killer k = {0};
  k.g = g;
  k.rng = rng;
  k.n = sh->n;
  k.cells = k.n * k.n;
  /* the options as the generator fixed them (defaults, checked) */
  sks_generate_options o;
  sks_generator_options(g, &o);
  k.lo = o.cage_min;
  k.hi = o.cage_max;
  int cells = k.cells;
  int *grid = sks_malloc((size_t)cells * 9 * sizeof *grid);
  int *first = grid + cells, *second = first + cells;
  k.grid = grid;
  k.cage = second + cells;
  k.in = k.cage + cells;
  k.list = k.in + cells;
  k.frontier = k.list + cells;
  k.saved = k.frontier + cells;
  k.size = sks_malloc((size_t)(2 * cells + 1) * sizeof *k.size);
  k.map = sks_malloc((size_t)(2 * cells + 1) * sizeof *k.map);
  k.sum = sks_malloc((size_t)(2 * cells + 1) * sizeof *k.sum);
  k.bits = sks_malloc((size_t)(2 * cells + 1) * sizeof *k.bits);
  k.alt = sks_malloc((size_t)KILLER_ALTS * cells * sizeof *k.alt);
  int res = -1;
  sks_puzzle_clear_removed(p);
  for (int t = 0; t < KILLER_GRIDS && res < 0; t++) {
    if (sks_generator_out_of_time(g))
      break;
    sks_puzzle_set_rules(p, NULL);
    if (sks_generator_grid(g, rng, p, grid))
      break;
    for (int c = 0; c < cells; c++) {
      p->cell[c] = -1;
      k.cage[c] = -1;
      k.in[c] = 1;
      k.list[c] = c;
    }
    k.ids = 0;
    k.nalt = 0;
    if (!cut(&k, cells))
      continue; /* another grid */
    for (int r = 0; r <= KILLER_RECUTS; r++) {
      const int *other = allowed_alt(&k);
      if (!other) {
        set_cages(&k, p);
        int u = sks_generator_count2(g, p, first, second);
        if (u == 1) {
          res = 0;
          break;
        }
        if (u != 2)
          break; /* the deadline (or, never, none) */
        keep_alt(&k, first);
        keep_alt(&k, second);
        other =
            memcmp(first, grid, (size_t)cells * sizeof *grid) ? first : second;
      }
      if (r == KILLER_RECUTS)
        break;
      /* a cell where the other solution differs, at random */
      int diff = 0, at = -1;
      for (int c = 0; c < cells; c++)
        if (other[c] != grid[c] && below(&k, ++diff) == 0)
          at = c;
      if (!recut(&k, at))
        break;
    }
    if (sks_generator_out_of_time(g))
      break;
  }
  if (res == 0 && solution)
    memcpy(solution, grid, (size_t)cells * sizeof *grid);
  if (res < 0)
    sks_puzzle_set_rules(p, NULL);
  free(k.size);
  free(k.map);
  free(k.sum);
  free(k.bits);
  free(k.alt);
  free(grid);
  return res;
}
