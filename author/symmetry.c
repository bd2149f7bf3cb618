/* Symmetries of a pattern of givens: the maps of the square each one
 * stands for, whether a shape's regions allow it, and the orbits of cells
 * that digging removes together. */
#include "sks_author.h"
#include "sks_canon.h"

#include <stdlib.h>
#include <string.h>

/* The seven maps of the square other than the identity. */
enum { ROT90, ROT180, ROT270, LEFT_RIGHT, TOP_BOTTOM, DIAG, ANTI, NMAPS };

static const char *const map_names[NMAPS] = {
    "a quarter turn",          "a half turn",
    "a three-quarter turn",    "the left-right mirror",
    "the top-bottom mirror",   "the main-diagonal mirror",
    "the anti-diagonal mirror"};

static const char *const names[SKS_SYMMETRY_COUNT] = {
    "none",     "rot180",        "rot90",     "left-right", "top-bottom",
    "diagonal", "anti-diagonal", "diagonals", "mirrors",    "full"};

/* The group of each symmetry, as a set of maps (identity left out). */
static const unsigned group[SKS_SYMMETRY_COUNT] = {
    0,
    1u << ROT180,
    1u << ROT90 | 1u << ROT180 | 1u << ROT270,
    1u << LEFT_RIGHT,
    1u << TOP_BOTTOM,
    1u << DIAG,
    1u << ANTI,
    1u << DIAG | 1u << ANTI | 1u << ROT180,
    1u << LEFT_RIGHT | 1u << TOP_BOTTOM | 1u << ROT180,
    (1u << NMAPS) - 1};

const char *sks_symmetry_name(sks_symmetry s) {
  return (unsigned)s < SKS_SYMMETRY_COUNT ? names[s] : "?";
}

int sks_symmetry_parse(const char *name, sks_symmetry *out) {
  int i = sks_name_index(name, names, SKS_SYMMETRY_COUNT);
  if (i < 0)
    return -1;
  *out = (sks_symmetry)i;
  return 0;
}

/* The image of cell (r, c) under map m. */
static int image(int m, int n, int cell) {
  int r = cell / n, c = cell % n, k = n - 1;
  switch (m) {
  case ROT90:
    return c * n + (k - r);
  case ROT180:
    return (k - r) * n + (k - c);
  case ROT270:
    return (k - c) * n + r;
  case LEFT_RIGHT:
    return r * n + (k - c);
  case TOP_BOTTOM:
    return (k - r) * n + c;
  case DIAG:
    return c * n + r;
  default:
    return (k - c) * n + (k - r);
  }
}

/* Whether region q holds every cell marked (both have n cells). */
static bool region_marked(const sks_shape *sh, int q,
                          const unsigned char *mark) {
  const int *cells = sh->region + (size_t)q * sh->n;
  for (int i = 0; i < sh->n; i++)
    if (!mark[cells[i]])
      return false;
  return true;
}

/* Whether map m sends every region onto a region: the image of region k
 * must be one of the regions through the image of its first cell. */
static bool map_fits(const sks_shape *sh, int m, unsigned char *mark) {
  int n = sh->n;
  for (int k = 0; k < sh->nregions; k++) {
    const int *cells = sh->region + (size_t)k * n;
    for (int i = 0; i < n; i++)
      mark[image(m, n, cells[i])] = 1;
    int first = image(m, n, cells[0]);
    bool found = false;
    for (int q = 0; q < sh->nregions && !found; q++) {
      const int *other = sh->region + (size_t)q * n;
      bool through = false;
      for (int i = 0; i < n && !through; i++)
        through = other[i] == first;
      found = through && region_marked(sh, q, mark);
    }
    for (int i = 0; i < n; i++)
      mark[image(m, n, cells[i])] = 0;
    if (!found)
      return false;
  }
  return true;
}

int sks_symmetry_fits(const sks_shape *shape, sks_symmetry s, sks_error *err) {
  if ((unsigned)s >= SKS_SYMMETRY_COUNT)
    return sks_error_set(err, -1, 0, 0, "unknown symmetry");
  int n = shape->n;
  unsigned char *mark = sks_calloc((size_t)n * n, 1);
  int bad = -1;
  for (int m = 0; m < NMAPS && bad < 0; m++)
    if ((group[s] >> m & 1) && !map_fits(shape, m, mark))
      bad = m;
  free(mark);
  if (bad < 0)
    return 0;
  if (shape->variants & SKS_VARIANT_JIGSAW)
    return sks_error_set(err, -1, 0, 0,
                         "symmetry %s: the jigsaw map is not symmetric under "
                         "%s",
                         names[s], map_names[bad]);
  if (shape->box_rows != shape->box_cols)
    return sks_error_set(err, -1, 0, 0,
                         "symmetry %s: the %dx%d boxes do not map onto boxes "
                         "under %s (it needs square boxes)",
                         names[s], shape->box_rows, shape->box_cols,
                         map_names[bad]);
  return sks_error_set(err, -1, 0, 0,
                       "symmetry %s: the regions do not map onto regions "
                       "under %s",
                       names[s], map_names[bad]);
}

void sks_symmetry_orbits(const sks_shape *shape, sks_symmetry s, int *orbit) {
  int n = shape->n, cells = n * n;
  for (int c = 0; c < cells; c++) {
    int least = c;
    /* The group is closed, so the images of c are its whole orbit. */
    for (int m = 0; m < NMAPS; m++)
      if (group[s] >> m & 1) {
        int i = image(m, n, c);
        least = i < least ? i : least;
      }
    orbit[c] = least;
  }
}

bool sks_symmetry_holds(const sks_puzzle *p, sks_symmetry s) {
  int n = p->shape->n;
  for (int c = 0; c < n * n; c++)
    for (int m = 0; m < NMAPS; m++)
      if ((group[s] >> m & 1) &&
          (p->cell[c] >= 0) != (p->cell[image(m, n, c)] >= 0))
        return false;
  return true;
}

/* The symmetry whose group is mask (the maps under which something holds:
 * a subgroup of the square's, and each subgroup is one of the choices). */
static sks_symmetry of_group(unsigned mask) {
  for (int s = SKS_SYMMETRY_COUNT - 1; s > 0; s--)
    if (group[s] == mask)
      return (sks_symmetry)s;
  /* Not a group (no pattern gives one): the largest choice it holds. */
  for (int s = SKS_SYMMETRY_COUNT - 1; s > 0; s--)
    if ((group[s] & mask) == group[s])
      return (sks_symmetry)s;
  return SKS_SYMMETRY_NONE;
}

sks_symmetry sks_symmetry_of(const sks_puzzle *p) {
  int n = p->shape->n;
  unsigned mask = 0;
  for (int m = 0; m < NMAPS; m++) {
    bool holds = true;
    for (int c = 0; c < n * n && holds; c++)
      holds = (p->cell[c] >= 0) == (p->cell[image(m, n, c)] >= 0);
    mask |= (unsigned)holds << m;
  }
  return of_group(mask);
}

sks_symmetry sks_symmetry_of_automorphisms(sks_canon *z) {
  unsigned mask = 0;
  sks_canon_map map;
  for (long k = 0; sks_canon_automorphism(z, k, &map); k++) {
    const sks_canon_map *m = &map;
    int n = m->n;
    bool id_r = true, rev_r = true, id_c = true, rev_c = true;
    for (int i = 0; i < n; i++) {
      id_r &= m->row[i] == i;
      rev_r &= m->row[i] == n - 1 - i;
      id_c &= m->col[i] == i;
      rev_c &= m->col[i] == n - 1 - i;
    }
    if (!(id_r || rev_r) || !(id_c || rev_c))
      continue; /* no map of the square */
    if (!m->transpose)
      mask |= !id_r && !id_c ? 1u << ROT180
              : !id_r        ? 1u << TOP_BOTTOM
              : !id_c        ? 1u << LEFT_RIGHT
                             : 0;
    else if (id_r == id_c)
      mask |= id_r ? 1u << DIAG : 1u << ANTI;
    else /* a quarter turn: its group holds the other one too */
      mask |= 1u << ROT90 | 1u << ROT270;
  }
  return of_group(mask);
}
