/* Tests of the general canonical-form search (canon/canon_group.c):
 * variants, candidates puzzles and automorphisms.  The groups are made
 * here apart from the library -- the closure of maps (swaps of lines,
 * of bands, the maps of the square) each checked to carry the shape's
 * regions onto regions -- and the forms checked against the minimum over
 * the whole group where it is small enough to list (9x9 variants, 4x4
 * candidates), against random disguises (random words of those maps,
 * digits relabelled) where it is not, and as fixed points; puzzles of
 * known inequivalence get different forms; each automorphism handed out
 * maps the puzzle onto itself, and the empty puzzle has as many as the
 * group has elements. */
#include "check.h"
#include "sudokusat.h"

#include <stdlib.h>
#include <string.h>

enum { MAXN = 16, MAXC = MAXN * MAXN };

/* A cell map: canonical cell i comes from input cell src[i]. */
typedef struct cmap {
  int src[MAXC];
} cmap;

static unsigned long long rng = 88172645463325252ULL;
static unsigned rnd(unsigned k) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng % k);
}

/* (t, row, col) as a cell map. */
static void cmap_of(int n, int t, const int *row, const int *col, cmap *m) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      m->src[r * n + c] = t ? col[c] * n + row[r] : row[r] * n + col[c];
}

/* Whether m carries every region of sh onto a region: each region's
 * image lies in a region that holds the image of its first cell. */
static bool keeps(const sks_shape *sh, const cmap *m) {
  int n = sh->n, cells = n * n, dst[MAXC];
  unsigned char *in = calloc((size_t)sh->nregions * cells, 1);
  for (int k = 0; k < sh->nregions; k++)
    for (int j = 0; j < n; j++)
      in[(size_t)k * cells + sh->region[k * n + j]] = 1;
  for (int i = 0; i < cells; i++)
    dst[m->src[i]] = i;
  bool ok = true;
  for (int k = 0; k < sh->nregions && ok; k++) {
    int first = dst[sh->region[k * n]];
    bool found = false;
    for (int q = 0; q < sh->nregions && !found; q++) {
      if (!in[(size_t)q * cells + first])
        continue;
      found = true;
      for (int j = 1; j < n && found; j++)
        found = in[(size_t)q * cells + dst[sh->region[k * n + j]]];
    }
    ok = found;
  }
  free(in);
  return ok;
}

/* Candidate generators: the maps of the square; for non-jigsaw shapes
 * also swaps of two rows, of two columns, of both, each alone or with
 * its mirror image, and the same for bands and stacks.  Those that keep
 * the regions are kept. */
static int generators(const sks_shape *sh, cmap *gen, int cap) {
  int n = sh->n, k = 0, id[MAXN], row[MAXN], col[MAXN];
  for (int i = 0; i < n; i++)
    id[i] = i;
  for (int t = 0; t < 2; t++)
    for (int a = 0; a < 2; a++)
      for (int b = 0; b < 2; b++) {
        for (int i = 0; i < n; i++) {
          row[i] = a ? n - 1 - i : i;
          col[i] = b ? n - 1 - i : i;
        }
        cmap_of(n, t, row, col, &gen[k]);
        if (keeps(sh, &gen[k]) && (t || a || b))
          k++;
      }
  if (sh->jigsaw)
    return k;
  for (int g = 1; g <= n; g++) {
    if (g != 1 && g != sh->box_rows && g != sh->box_cols)
      continue;
    for (int i = 0; i < n / g; i++)
      for (int j = i + 1; j < n / g; j++)
        for (int mirror = 0; mirror < 2; mirror++)
          for (int what = 1; what < 4; what++) {
            int p[MAXN];
            memcpy(p, id, sizeof p);
            for (int x = 0; x < g; x++) {
              int a = i * g + x, b = j * g + x;
              int t = p[a];
              p[a] = p[b];
              p[b] = t;
              if (mirror && n - 1 - a != b && n - 1 - a != a &&
                  n - 1 - b != b) {
                t = p[n - 1 - a];
                p[n - 1 - a] = p[n - 1 - b];
                p[n - 1 - b] = t;
              }
            }
            cmap_of(n, 0, what & 1 ? p : id, what & 2 ? p : id, &gen[k]);
            if (k < cap - 1 && keeps(sh, &gen[k]))
              k++;
          }
  }
  return k;
}

/* m = a then b: canonical cell i of b comes from cell b.src[i] of a's
 * image, which comes from a.src[that]. */
static void compose(int cells, const cmap *a, const cmap *b, cmap *m) {
  for (int i = 0; i < cells; i++)
    m->src[i] = a->src[b->src[i]];
}

static unsigned long long cmap_hash(int cells, const cmap *m) {
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < cells; i++)
    h = (h ^ (unsigned)m->src[i]) * 1099511628211ULL;
  return h;
}

/* The closure of the generators (the group), up to cap elements; -1
 * past it. */
static int closure(int cells, const cmap *gen, int ngen, cmap *out, int cap) {
  int slots = 1;
  while (slots < 4 * cap)
    slots *= 2;
  int *table = malloc((size_t)slots * sizeof *table);
  for (int i = 0; i < slots; i++)
    table[i] = -1;
  int k = 1;
  for (int i = 0; i < cells; i++)
    out[0].src[i] = i;
  table[cmap_hash(cells, &out[0]) & (unsigned)(slots - 1)] = 0;
  for (int at = 0; at < k; at++)
    for (int g = 0; g < ngen; g++) {
      cmap m;
      compose(cells, &out[at], &gen[g], &m);
      unsigned j = (unsigned)(cmap_hash(cells, &m) & (unsigned)(slots - 1));
      bool seen = false;
      while (table[j] >= 0 && !seen) {
        seen = !memcmp(&m, &out[table[j]], (size_t)cells * sizeof(int));
        j = (j + 1) & (unsigned)(slots - 1);
      }
      if (seen)
        continue;
      if (k == cap) {
        free(table);
        return -1;
      }
      out[k] = m;
      table[j] = k++;
    }
  free(table);
  return k;
}

/* The grid under m, digits relabelled by first appearance. */
static void image_relabel(int n, const int *in, const cmap *m, int *out) {
  int label[MAXN], next = 0;
  for (int d = 0; d < n; d++)
    label[d] = -1;
  for (int i = 0; i < n * n; i++) {
    int v = in[m->src[i]];
    if (v >= 0 && label[v] < 0)
      label[v] = next++;
    out[i] = v < 0 ? -1 : label[v];
  }
}

static int grid_cmp(const int *a, const int *b, int cells) {
  for (int i = 0; i < cells; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* A random disguise of p (cells, and removed when p has them): a word of
 * 40 generators, digits permuted. */
static void disguise(const sks_puzzle *p, const cmap *gen, int ngen,
                     sks_puzzle *q) {
  int n = p->shape->n, cells = n * n, perm[MAXN];
  cmap m, t;
  for (int i = 0; i < cells; i++)
    m.src[i] = i;
  for (int s = 0; s < 40; s++) {
    compose(cells, &m, &gen[rnd((unsigned)ngen)], &t);
    m = t;
  }
  for (int d = 0; d < n; d++)
    perm[d] = d;
  for (int d = n - 1; d > 0; d--) {
    int j = (int)rnd((unsigned)d + 1), x = perm[d];
    perm[d] = perm[j];
    perm[j] = x;
  }
  for (int i = 0; i < cells; i++) {
    int v = p->cell[m.src[i]];
    q->cell[i] = v < 0 ? -1 : perm[v];
  }
  sks_puzzle_clear_removed(q); /* q holds p's candidates, none left over */
  if (p->removed) {
    for (int i = 0; i < cells; i++)
      for (int d = 0; d < n; d++)
        if (!sks_puzzle_allows(p, m.src[i], d))
          sks_puzzle_remove(q, i, perm[d]);
  }
}

/* K = canon(p): the map carries the regions onto regions and makes K of
 * p (and of its candidates); K is a fixed point. */
static void check_form(sks_canon *z, const sks_puzzle *p, int *K,
                       unsigned char *KR) {
  const sks_shape *sh = p->shape;
  int n = sh->n, cells = n * n, again[MAXC], img[MAXC];
  sks_canon_map m;
  sks_error err = {0};
  CHECK_EQ(sks_canon_puzzle(z, p, K, &m, &err), 0);
  cmap cm;
  cmap_of(n, m.transpose, m.row, m.col, &cm);
  CHECK(keeps(sh, &cm));
  sks_canon_apply(&m, p->cell, img);
  CHECK_EQ(grid_cmp(img, K, cells), 0);
  sks_puzzle *k = sks_puzzle_copy(p);
  memcpy(k->cell, K, (size_t)cells * sizeof *K);
  if (p->removed) {
    sks_canon_apply_removed(&m, p->removed, KR);
    memcpy(k->removed, KR, (size_t)cells * n);
  }
  CHECK_EQ(sks_canon_puzzle(z, k, again, &m, &err), 0);
  CHECK_EQ(grid_cmp(again, K, cells), 0);
  if (p->removed) {
    unsigned char *R2 = malloc((size_t)cells * n);
    sks_canon_apply_removed(&m, k->removed, R2);
    CHECK(!memcmp(R2, KR, (size_t)cells * n));
    free(R2);
  }
  sks_puzzle_delete(k);
}

/* Each automorphism kept maps p onto itself and keeps the regions;
 * returns their number. */
static long check_automorphisms(sks_canon *z, const sks_puzzle *p) {
  const sks_shape *sh = p->shape;
  int n = sh->n, cells = n * n, img[MAXC];
  sks_error err = {0};
  long k = sks_canon_automorphisms(z, p, &err);
  CHECK(k >= 1);
  sks_canon_map m;
  long i = 0;
  for (; sks_canon_automorphism(z, i, &m); i++) {
    cmap cm;
    cmap_of(n, m.transpose, m.row, m.col, &cm);
    CHECK(keeps(sh, &cm));
    sks_canon_apply(&m, p->cell, img);
    CHECK_EQ(grid_cmp(img, p->cell, cells), 0);
    if (p->removed) {
      unsigned char *R2 = malloc((size_t)cells * n);
      sks_canon_apply_removed(&m, p->removed, R2);
      CHECK(!memcmp(R2, p->removed, (size_t)cells * n));
      free(R2);
    }
  }
  CHECK_EQ(i, k < 4096 ? k : 4096);
  return k;
}

static const sks_shape *variant_shape(int R, int C, unsigned variants,
                                      const int *map) {
  sks_error err = {0};
  const sks_shape *sh = sks_shape_new(R, C, variants, map, &err);
  CHECK(sh != NULL);
  return sh;
}

/* A variant: generated puzzles (and their solutions) against the
 * minimum over the closure (when listed), random disguises, fixed
 * points, automorphisms; two puzzles with different numbers of givens
 * (inequivalent) get different forms; the empty puzzle has as many
 * automorphisms as the group has elements. */
static void check_variant(sks_canon *z, const sks_shape *sh, int count,
                          int group_cap) {
  int n = sh->n, cells = n * n;
  static cmap gen[4096];
  int ngen = generators(sh, gen, 4096);
  CHECK(ngen > 0);
  cmap *G = malloc((size_t)group_cap * sizeof *G);
  int order = group_cap ? closure(cells, gen, ngen, G, group_cap) : -1;
  sks_error err = {0};
  sks_generate_options go = {.seed = 5};
  sks_generator *g = sks_generator_new(sh, &go, &err);
  CHECK(g != NULL);
  sks_puzzle *p = sks_puzzle_of(sh), *q = sks_puzzle_of(sh);
  int sol[MAXC], K[MAXC], K2[MAXC], B[MAXC], cur[MAXC], prev[MAXC];
  int prev_givens = -1;
  for (int i = 0; i < count; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    int givens = sks_puzzle_givens(p);
    check_form(z, p, K, NULL);
    if (prev_givens >= 0 && prev_givens != givens)
      CHECK(grid_cmp(prev, K, cells) != 0);
    memcpy(prev, K, (size_t)cells * sizeof *K);
    prev_givens = givens;
    for (int full = 0; full < 2; full++) {
      if (full)
        memcpy(p->cell, sol, sizeof sol[0] * (size_t)cells);
      check_form(z, p, K, NULL);
      if (order > 0) {
        for (int e = 0; e < order; e++) {
          image_relabel(n, p->cell, &G[e], cur);
          if (!e || grid_cmp(cur, B, cells) < 0)
            memcpy(B, cur, (size_t)cells * sizeof *B);
        }
        CHECK_EQ(grid_cmp(K, B, cells), 0);
      }
      for (int k = 0; k < 6; k++) {
        disguise(p, gen, ngen, q);
        CHECK_EQ(sks_canon_puzzle(z, q, K2, NULL, &err), 0);
        CHECK_EQ(grid_cmp(K, K2, cells), 0);
      }
      check_automorphisms(z, p);
    }
  }
  /* the empty puzzle: every element is an automorphism */
  for (int i = 0; i < cells; i++)
    p->cell[i] = -1;
  long k = check_automorphisms(z, p);
  if (order > 0)
    CHECK_EQ(k, order);
  sks_puzzle_delete(p);
  sks_puzzle_delete(q);
  sks_generator_delete(g);
  free(G);
}

/* ---- candidates ---- */

/* The flags string of p under cell map m and digit order perm
 * (canonical digit k is input digit perm[k]). */
static void flags(const sks_puzzle *p, const cmap *m, const int *perm,
                  unsigned char *out) {
  int n = p->shape->n;
  for (int i = 0; i < n * n; i++) {
    int s = m->src[i], v = p->cell[s];
    for (int k = 0; k < n; k++) {
      int d = perm[k];
      out[i * n + k] = v >= 0 ? d != v : !sks_puzzle_allows(p, s, d);
    }
  }
}

/* Every order of n digits, calling at each. */
static void each_perm(int *perm, int at, int n, unsigned used,
                      void (*at_one)(void *), void *ctx) {
  if (at == n) {
    at_one(ctx);
    return;
  }
  for (int d = 0; d < n; d++)
    if (!(used >> d & 1)) {
      perm[at] = d;
      each_perm(perm, at + 1, n, used | 1u << d, at_one, ctx);
    }
}

typedef struct cand_min {
  const sks_puzzle *p;
  const cmap *m;
  int perm[MAXN];
  unsigned char cur[MAXC * MAXN], best[MAXC * MAXN];
  bool have;
} cand_min;

static void cand_at(void *data) {
  cand_min *c = data;
  int n = c->p->shape->n, len = n * n * n;
  flags(c->p, c->m, c->perm, c->cur);
  if (!c->have || memcmp(c->cur, c->best, (size_t)len) < 0)
    memcpy(c->best, c->cur, (size_t)len);
  c->have = true;
}

/* 4x4 candidates puzzles (random candidate sets around a solution)
 * against the minimum over the whole group and every digit order, then
 * disguises, fixed points and automorphisms; 9x9 and Sudoku X
 * candidates puzzles against disguises; two inequivalent ones differ. */
static void check_candidates(sks_canon *z) {
  const sks_shape *sh = variant_shape(2, 2, 0, NULL);
  static cmap gen[4096], G[512];
  int ngen = generators(sh, gen, 4096);
  int order = closure(16, gen, ngen, G, 512);
  CHECK_EQ(order, 128);
  sks_error err = {0};
  sks_generate_options go = {.seed = 9};
  sks_generator *g = sks_generator_new(sh, &go, &err);
  sks_puzzle *p = sks_puzzle_of(sh), *q = sks_puzzle_of(sh);
  int sol[16], K[16], K2[16];
  unsigned char KR[64], KR2[64];
  static cand_min cm;
  for (int i = 0; i < 30; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    sks_puzzle_clear_removed(p);
    for (int c = 0; c < 16; c++) {
      if (p->cell[c] >= 0 && rnd(3))
        continue;
      p->cell[c] = -1;
      for (int d = 0; d < 4; d++)
        if (d != sol[c] && rnd(2))
          sks_puzzle_remove(p, c, d);
    }
    if (!p->removed)
      sks_puzzle_remove(p, 0, (sol[0] + 1) % 4);
    check_form(z, p, K, KR);
    /* the minimum over the group and every digit order */
    cm.p = p;
    cm.have = false;
    for (int e = 0; e < order; e++) {
      cm.m = &G[e];
      each_perm(cm.perm, 0, 4, 0, cand_at, &cm);
    }
    cmap id;
    int perm[4] = {0, 1, 2, 3};
    for (int c = 0; c < 16; c++)
      id.src[c] = c;
    sks_puzzle *k = sks_puzzle_copy(p);
    memcpy(k->cell, K, sizeof K);
    memcpy(k->removed, KR, sizeof KR);
    unsigned char fk[64];
    flags(k, &id, perm, fk);
    CHECK(!memcmp(fk, cm.best, 64));
    sks_puzzle_delete(k);
    for (int j = 0; j < 4; j++) {
      disguise(p, gen, ngen, q);
      CHECK_EQ(sks_canon_puzzle(z, q, K2, NULL, &err), 0);
      CHECK_EQ(grid_cmp(K, K2, 16), 0);
      sks_canon_map m;
      CHECK_EQ(sks_canon_puzzle(z, q, K2, &m, &err), 0);
      sks_canon_apply_removed(&m, q->removed, KR2);
      CHECK(!memcmp(KR, KR2, sizeof KR));
    }
    check_automorphisms(z, p);
  }
  sks_puzzle_delete(p);
  sks_puzzle_delete(q);
  sks_generator_delete(g);
  sks_shape_release(sh);

  /* 9x9 and Sudoku X: disguises, and two puzzles (one clue apart) */
  for (int v = 0; v < 2; v++) {
    sh = variant_shape(3, 3, v ? SKS_VARIANT_X : 0, NULL);
    ngen = generators(sh, gen, 4096);
    g = sks_generator_new(sh, &go, &err);
    p = sks_puzzle_of(sh);
    q = sks_puzzle_of(sh);
    int s81[81], A[81], A2[81], first[81];
    unsigned char AR[729], AR2[729], firstR[729];
    for (int i = 0; i < 3; i++) {
      CHECK_EQ(sks_generate(g, (unsigned long long)i, p, s81), 0);
      sks_puzzle_clear_removed(p);
      for (int c = 0; c < 81; c++)
        if (p->cell[c] < 0)
          for (int d = 0; d < 9; d++)
            if (d != s81[c] && !rnd(3))
              sks_puzzle_remove(p, c, d);
      CHECK(p->removed != NULL); /* a candidates puzzle, not a full grid */
      check_form(z, p, A, AR);
      for (int j = 0; j < 4; j++) {
        disguise(p, gen, ngen, q);
        sks_canon_map m;
        CHECK_EQ(sks_canon_puzzle(z, q, A2, &m, &err), 0);
        CHECK_EQ(grid_cmp(A, A2, 81), 0);
        sks_canon_apply_removed(&m, q->removed, AR2);
        CHECK(!memcmp(AR, AR2, sizeof AR));
      }
      if (!i) {
        memcpy(first, A, sizeof A);
        memcpy(firstR, AR, sizeof AR);
        /* one candidate fewer: another class */
        for (int c = 0; c < 81; c++)
          if (p->cell[c] < 0 && sks_puzzle_allows(p, c, (s81[c] + 1) % 9)) {
            sks_puzzle_remove(p, c, (s81[c] + 1) % 9);
            break;
          }
        check_form(z, p, A2, AR2);
        CHECK(grid_cmp(A2, first, 81) || memcmp(AR2, firstR, sizeof AR2));
      }
    }
    sks_puzzle_delete(p);
    sks_puzzle_delete(q);
    sks_generator_delete(g);
    sks_shape_release(sh);
  }
}

/* ---- automorphisms of plain shapes, against the whole group ---- */

static void check_plain_automorphisms(sks_canon *z, int R, int C, int count) {
  const sks_shape *sh = variant_shape(R, C, 0, NULL);
  int n = R * C, cells = n * n;
  static cmap gen[4096], G[4096];
  int ngen = generators(sh, gen, 4096);
  int order = closure(cells, gen, ngen, G, 4096);
  CHECK(order > 0);
  sks_error err = {0};
  sks_generate_options go = {.seed = 3};
  sks_generator *g = sks_generator_new(sh, &go, &err);
  sks_puzzle *p = sks_puzzle_of(sh);
  int sol[MAXC], self[MAXC], cur[MAXC];
  for (int i = 0; i < count; i++) {
    CHECK_EQ(sks_generate(g, (unsigned long long)i, p, sol), 0);
    if (i % 3 == 1) /* a sparser pattern: more symmetry */
      for (int c = 0; c < cells; c++)
        if (rnd(2))
          p->cell[c] = -1;
    if (i % 3 == 2)
      memcpy(p->cell, sol, (size_t)cells * sizeof *sol);
    cmap id;
    for (int c = 0; c < cells; c++)
      id.src[c] = c;
    image_relabel(n, p->cell, &id, self);
    long brute = 0;
    for (int e = 0; e < order; e++) {
      image_relabel(n, p->cell, &G[e], cur);
      brute += !grid_cmp(cur, self, cells);
    }
    CHECK_EQ(check_automorphisms(z, p), brute);
  }
  for (int c = 0; c < cells; c++)
    p->cell[c] = -1;
  CHECK_EQ(check_automorphisms(z, p), order);
  sks_puzzle_delete(p);
  sks_generator_delete(g);
  sks_shape_release(sh);
}

/* A jigsaw map with a half-turn symmetry (and only it): the boxes with
 * two cells traded at the top left and their half-turn images traded at
 * the bottom right; and the plain boxes given as a jigsaw map (all eight
 * maps of the square). */
static void boxes_map(int *map) {
  for (int i = 0; i < 81; i++)
    map[i] = (i / 9 / 3) * 3 + (i % 9) / 3;
}

static void check_jigsaw(sks_canon *z) {
  int map[81];
  boxes_map(map);
  map[2 * 9 + 2] = 1; /* (2,2) to box 1, (0,3) to box 0 */
  map[0 * 9 + 3] = 0;
  map[6 * 9 + 6] = 7; /* their half-turn images */
  map[8 * 9 + 5] = 8;
  const sks_shape *sh = variant_shape(3, 3, SKS_VARIANT_JIGSAW, map);
  check_variant(z, sh, 4, 16);
  sks_puzzle *e = sks_puzzle_of(sh);
  for (int i = 0; i < 81; i++)
    e->cell[i] = -1;
  CHECK_EQ(check_automorphisms(z, e), 2);
  sks_puzzle_delete(e);
  sks_shape_release(sh);
  boxes_map(map);
  sh = variant_shape(3, 3, SKS_VARIANT_JIGSAW, map);
  check_variant(z, sh, 3, 16);
  sks_puzzle *p = sks_puzzle_of(sh);
  for (int i = 0; i < 81; i++)
    p->cell[i] = -1;
  CHECK_EQ(check_automorphisms(z, p), 8);
  sks_puzzle_delete(p);
  sks_shape_release(sh);
}

/* The most symmetric 9x9 grid has 648 automorphisms (Russell and
 * Jarvis, "Mathematics of Sudoku II", 2006); a 16x16 grid found by the
 * row search, each of its automorphisms mapping it onto itself. */
static void check_full_grids(sks_canon *z) {
  const sks_shape *sh = variant_shape(3, 3, 0, NULL);
  sks_puzzle *p = sks_puzzle_of(sh);
  const char *g = "123456789456789123789123456231564897564897231897231564"
                  "312645978645978312978312645";
  for (int i = 0; i < 81; i++)
    p->cell[i] = g[i] - '1';
  CHECK_EQ(check_automorphisms(z, p), 648);
  sks_puzzle_delete(p);
  sks_shape_release(sh);
  sh = variant_shape(4, 4, 0, NULL);
  sks_error err = {0};
  sks_generate_options go = {.seed = 2};
  sks_generator *gen = sks_generator_new(sh, &go, &err);
  p = sks_puzzle_of(sh);
  int sol[256];
  CHECK_EQ(sks_generate(gen, 0, p, sol), 0);
  memcpy(p->cell, sol, sizeof sol);
  CHECK(check_automorphisms(z, p) >= 1);
  /* the pattern grid of 16x16: (r, c) holds (4 (r % 4) + r / 4 + c) % 16 */
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++)
      p->cell[r * 16 + c] = (4 * (r % 4) + r / 4 + c) % 16;
  long k = check_automorphisms(z, p);
  CHECK(k > 1);
  /* as many for each disguise */
  sks_puzzle *q = sks_puzzle_of(sh);
  int buf[3 * 16];
  for (int i = 0; i < 4; i++) {
    sks_canon_map m;
    sks_canon_random(4, 4, 77 + (unsigned long long)i, &m, buf);
    sks_canon_apply(&m, p->cell, q->cell);
    CHECK_EQ(check_automorphisms(z, q), k);
  }
  sks_puzzle_delete(q);
  sks_puzzle_delete(p);
  sks_generator_delete(gen);
  sks_shape_release(sh);
}

int main(void) {
  sks_canon *z = sks_canon_new();
  check_full_grids(z);
  const sks_shape *sh = variant_shape(3, 3, SKS_VARIANT_X, NULL);
  check_variant(z, sh, 4, 512);
  sks_shape_release(sh);
  sh = variant_shape(3, 3, SKS_VARIANT_WINDOKU, NULL);
  check_variant(z, sh, 4, 512);
  sks_shape_release(sh);
  sh = variant_shape(3, 3, SKS_VARIANT_X | SKS_VARIANT_WINDOKU, NULL);
  check_variant(z, sh, 3, 512);
  sks_shape_release(sh);
  sh = variant_shape(2, 3, SKS_VARIANT_X, NULL);
  check_variant(z, sh, 4, 512);
  sks_shape_release(sh);
  sh = variant_shape(2, 2, SKS_VARIANT_X, NULL);
  check_variant(z, sh, 4, 512);
  sks_shape_release(sh);
  sh = variant_shape(4, 4, SKS_VARIANT_X, NULL);
  check_variant(z, sh, 1, 0);
  sks_shape_release(sh);
  sh = variant_shape(4, 4, SKS_VARIANT_WINDOKU, NULL);
  check_variant(z, sh, 1, 0);
  sks_shape_release(sh);
  check_jigsaw(z);
  check_candidates(z);
  check_plain_automorphisms(z, 2, 2, 12);
  check_plain_automorphisms(z, 2, 3, 6);
  sks_canon_delete(z);
  return check_report();
}
