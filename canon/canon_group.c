/* The general canonical-form search: variants (whose groups are listed
 * element by element), candidates puzzles (words are candidate sets),
 * and the automorphisms of a puzzle (every element giving the form). */
#include "canon_int.h"
#include "stack_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* How it works.  A group element is a transposition t, a row map and a
 * column map (canonical line -> input line).  The canonical string is
 * read cell by cell, row by row; each cell gives a word:
 *
 * - givens: 0 for a blank, else the digit's label, labels given 1, 2,
 *   ... in order of first appearance;
 * - candidates: the cell's set of excluded digits as n flags in
 *   canonical digit order, a flag 1 when the digit is not a candidate
 *   (a given excludes every other digit).  The canonical digit order is
 *   the one that makes the string smallest for this cell order: the
 *   digits sorted by their columns of flags read top-down, which the
 *   search keeps as an ordered partition refined cell by cell (within a
 *   part the candidates go first), so the first k words depend only on
 *   the first k cells.
 *
 * The form is the smallest string over the group.  Variants: the group
 * is listed (each element read with an early cut where its string passes
 * the best).  Plain shapes: a depth-first search chooses the first row's
 * input row and its columns one at a time, then each later row, and cuts
 * a branch as soon as its prefix is greater than the best; equal
 * prefixes are followed, so the elements that give the form are all
 * seen: they are the automorphisms (counted, and the first ones kept). */

typedef uint16_t u16;
typedef uint64_t u64;

enum { AUT_KEEP = 4096 };

struct sks_canon_gen {
  const sks_shape *shape; /* the listed group's shape (a reference) */
  int n, R, C, cells;
  long nelem;
  int *elem; /* variants: nelem * (1 + 2n): t, row map, column map */
  int cap_n;
  bool sets;   /* candidates: words are sets */
  u16 *val[2]; /* givens: 0 blank, d + 1; [1] transposed */
  u64 *set[2]; /* candidates: excluded digits of each cell */
  u64 *cur, *best;
  bool have_best;
  unsigned version; /* counts the bests found */
  int t, *row, *col;
  unsigned char *used_row, *used_col;
  u16 *state; /* 2n + 1 digit states of 2n + 1 u16 each */
  int bt, *brow, *bcol, *bdigit;
  long ties, nodes, budget;
  double deadline; /* sks_time's clock, or 0 */
  long polls;      /* node counts since the clock was last read */
  bool over, late; /* late: over by the deadline */
  int *aut; /* up to AUT_KEEP elements giving the form: t, row, col, digit */
  long naut;
  int *arow, *acol, *adigit, *inv; /* an automorphism handed out */
};

void sks_canon_gen_delete(sks_canon_gen *g) {
  if (!g)
    return;
  sks_shape_release(g->shape);
  free(g->elem);
  for (int t = 0; t < 2; t++) {
    free(g->val[t]);
    free(g->set[t]);
  }
  free(g->cur);
  free(g->best);
  free(g->row);
  free(g->col);
  free(g->used_row);
  free(g->used_col);
  free(g->state);
  free(g->brow);
  free(g->bcol);
  free(g->bdigit);
  free(g->aut);
  free(g->arow);
  free(g->acol);
  free(g->adigit);
  free(g->inv);
  free(g);
}

static void setup(sks_canon_gen *g, int n) {
  g->n = n;
  g->cells = n * n;
  if (n <= g->cap_n)
    return;
  g->cap_n = n;
  size_t cells = (size_t)n * n, un = (size_t)n;
  for (int t = 0; t < 2; t++) {
    g->val[t] = sks_realloc(g->val[t], cells * sizeof(u16));
    g->set[t] = sks_realloc(g->set[t], cells * sizeof(u64));
  }
  g->cur = sks_realloc(g->cur, cells * sizeof(u64));
  g->best = sks_realloc(g->best, cells * sizeof(u64));
  g->row = sks_realloc(g->row, un * sizeof(int));
  g->col = sks_realloc(g->col, un * sizeof(int));
  g->used_row = sks_realloc(g->used_row, un);
  g->used_col = sks_realloc(g->used_col, un);
  g->state = sks_realloc(g->state, (2 * un + 1) * (2 * un + 1) * sizeof(u16));
  g->brow = sks_realloc(g->brow, un * sizeof(int));
  g->bcol = sks_realloc(g->bcol, un * sizeof(int));
  g->bdigit = sks_realloc(g->bdigit, un * sizeof(int));
  g->aut = sks_realloc(g->aut, (size_t)AUT_KEEP * (1 + 3 * un) * sizeof(int));
  g->arow = sks_realloc(g->arow, un * sizeof(int));
  g->acol = sks_realloc(g->acol, un * sizeof(int));
  g->adigit = sks_realloc(g->adigit, un * sizeof(int));
  g->inv = sks_realloc(g->inv, 3 * un * sizeof(int));
}

/* ---- the groups of the variants, element by element ---- */

/* Each cell's box (or jigsaw region) and window (id + 1, or 0), for
 * keeps_regions. */
typedef struct region_ids {
  int *box, *win;
} region_ids;

static void region_ids_make(const sks_shape *sh, region_ids *ids) {
  int n = sh->n, R = sh->box_rows, C = sh->box_cols, step = R + 1;
  size_t cells = (size_t)n * n;
  ids->box = sks_malloc(cells * sizeof(int));
  ids->win = sks_malloc(cells * sizeof(int));
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      ids->box[i] = sh->jigsaw ? sh->jigsaw[i] : (r / R) * (n / C) + c / C;
      ids->win[i] = (sh->variants & SKS_VARIANT_WINDOKU) && r % step && c % step
                        ? 1 + (r / step) * (R - 1) + c / step
                        : 0;
    }
}

/* Whether the element (t, row, col) maps the shape's regions onto
 * regions: rows and columns go to lines by construction; the boxes (or
 * the jigsaw's regions), the windows and the diagonals are checked. */
static bool keeps_regions(const sks_shape *sh, const region_ids *ids, int t,
                          const int *row, const int *col) {
  int n = sh->n;
  int f[SKS_MAX_N], fw[SKS_MAX_N + 1];
  for (int i = 0; i < n; i++)
    f[i] = -1;
  for (int i = 0; i <= n; i++)
    fw[i] = -1;
  bool x = sh->variants & SKS_VARIANT_X;
  bool dm[2] = {true, true}, da[2] = {true, true};
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      /* the input cell canonical (r, c) comes from */
      int ir = t ? col[c] : row[r], ic = t ? row[r] : col[c];
      int in = ir * n + ic, out = r * n + c;
      int from = ids->box[in], to = ids->box[out];
      if (f[from] < 0)
        f[from] = to;
      else if (f[from] != to)
        return false;
      int wi = ids->win[in], wo = ids->win[out];
      if (fw[wi] < 0)
        fw[wi] = wo;
      else if (fw[wi] != wo)
        return false;
      if (!wi != !wo)
        return false;
      if (x) {
        /* each diagonal's images: all on one diagonal */
        bool om = r == c, oa = r + c == n - 1;
        if (ir == ic) {
          dm[0] &= om;
          dm[1] &= oa;
        }
        if (ir + ic == n - 1) {
          da[0] &= om;
          da[1] &= oa;
        }
      }
    }
  return !x || (dm[0] && da[1]) || (dm[1] && da[0]);
}

/* Line maps p for the variant (canonical line -> input line): lines in
 * blocks of g1 (and of g2) go to blocks; with mirror, p(n-1-i) =
 * n-1-p(i); with cls, lines of one class go to one class. */
typedef struct lines_ctx {
  int n, g1, g2;
  bool mirror;
  const int *cls;
  int p[SKS_MAX_N];
  unsigned char used[SKS_MAX_N];
  int *out;
  long count, cap;
  bool over;
} lines_ctx;

static bool line_fits(const lines_ctx *x, int i, int v) {
  int n = x->n, gs[2] = {x->g1, x->g2};
  if (x->used[v])
    return false;
  for (int k = 0; k < 2; k++) {
    int gsz = gs[k];
    if (gsz <= 1)
      continue;
    int lead = i - i % gsz;
    for (int j = lead; j < lead + gsz; j++)
      if (j != i && x->p[j] >= 0 && x->p[j] / gsz != v / gsz)
        return false;
  }
  if (x->cls)
    for (int j = 0; j < n; j++)
      if (j != i && x->p[j] >= 0 && x->cls[j] == x->cls[i] &&
          x->cls[x->p[j]] != x->cls[v])
        return false;
  return true;
}

static void lines_dfs(lines_ctx *x, int i) {
  int n = x->n;
  while (i < n && x->p[i] >= 0)
    i++;
  if (i == n) {
    if (x->count == x->cap) {
      x->over = true;
      return;
    }
    memcpy(x->out + (size_t)x->count * n, x->p, (size_t)n * sizeof(int));
    x->count++;
    return;
  }
  for (int v = 0; v < n && !x->over; v++) {
    if (!line_fits(x, i, v))
      continue;
    x->p[i] = v;
    x->used[v] = 1;
    int m = n - 1 - i, w = n - 1 - v;
    bool ok = true;
    if (x->mirror && m != i) {
      ok = line_fits(x, m, w);
      if (ok) {
        x->p[m] = w;
        x->used[w] = 1;
      }
    } else if (x->mirror)
      ok = v == w;
    if (ok)
      lines_dfs(x, i + 1);
    if (x->mirror && m != i && ok) {
      x->p[m] = -1;
      x->used[w] = 0;
    }
    x->p[i] = -1;
    x->used[v] = 0;
  }
}

enum { GROUP_CAP_INTS = 1 << 23 };

static void push_elem(sks_canon_gen *g, size_t *cap, int t, const int *row,
                      const int *col) {
  int n = g->n;
  if ((size_t)g->nelem == *cap) /* an element is 1 + 2n ints */
    g->elem = sks_stack_grow(g->elem, cap, (size_t)g->nelem + 1,
                             (1 + 2 * (size_t)n) * sizeof(int));
  int *e = g->elem + (size_t)g->nelem * (1 + 2 * (size_t)n);
  e[0] = t;
  memcpy(e + 1, row, (size_t)n * sizeof(int));
  memcpy(e + 1 + n, col, (size_t)n * sizeof(int));
  g->nelem++;
}

/* The group of a variant shape into g->elem; -1 with err when it is too
 * large to list. */
static int list_group(sks_canon_gen *g, const sks_shape *sh, sks_error *err) {
  int n = sh->n, R = sh->box_rows, C = sh->box_cols;
  g->nelem = 0;
  size_t cap = 0;
  region_ids ids;
  region_ids_make(sh, &ids);
  int T = R == C ? 2 : 1; /* transposition: square boxes only */
  if (sh->variants & SKS_VARIANT_JIGSAW) {
    int id[SKS_MAX_N], rev[SKS_MAX_N];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      rev[i] = n - 1 - i;
    }
    for (int t = 0; t < 2; t++)
      for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
          const int *row = a ? rev : id, *col = b ? rev : id;
          if (keeps_regions(sh, &ids, t, row, col))
            push_elem(g, &cap, t, row, col);
        }
    free(ids.box);
    free(ids.win);
    return 0;
  }
  /* X and windoku: the line maps, then the pairs */
  lines_ctx x = {.n = n, .g1 = R, .g2 = 1};
  int cls[SKS_MAX_N];
  bool xv = sh->variants & SKS_VARIANT_X;
  if (xv) {
    x.mirror = true;
    x.g2 = C; /* columns take the rows' map */
  }
  if (sh->variants & SKS_VARIANT_WINDOKU) {
    int step = R + 1;
    for (int i = 0; i < n; i++)
      cls[i] = i % step ? i / step : R - 1;
    x.cls = cls;
  }
  for (int i = 0; i < n; i++)
    x.p[i] = -1;
  x.cap = GROUP_CAP_INTS / (2 * n + 1) / (xv ? 4 : 1);
  x.out = sks_malloc((size_t)x.cap * (size_t)n * sizeof(int));
  lines_dfs(&x, 0);
  if (x.over) {
    free(x.out);
    free(ids.box);
    free(ids.win);
    return sks_error_set(err, -1, 0, 0,
                         "canonical form: the group of this variant is too "
                         "large to list (past %ld line maps)",
                         x.cap);
  }
  long pairs = xv ? 2 * x.count : x.count * x.count;
  if (pairs * T > GROUP_CAP_INTS / (2 * n + 1)) {
    free(x.out);
    free(ids.box);
    free(ids.win);
    return sks_error_set(err, -1, 0, 0,
                         "canonical form: the group of this variant is too "
                         "large to list (%ld elements)",
                         pairs * T);
  }
  int q[SKS_MAX_N];
  for (int t = 0; t < T; t++)
    for (long i = 0; i < x.count; i++) {
      const int *p = x.out + (size_t)i * n;
      if (xv)
        for (int k = 0; k < 2; k++) {
          for (int c = 0; c < n; c++)
            q[c] = k ? n - 1 - p[c] : p[c];
          if (keeps_regions(sh, &ids, t, p, q))
            push_elem(g, &cap, t, p, q);
        }
      else
        for (long j = 0; j < x.count; j++) {
          const int *pc = x.out + (size_t)j * n;
          if (keeps_regions(sh, &ids, t, p, pc))
            push_elem(g, &cap, t, p, pc);
        }
    }
  free(x.out);
  free(ids.box);
  free(ids.win);
  return 0;
}

/* ---- words ---- */

static void state_init(const sks_canon_gen *g, u16 *st) {
  int n = g->n;
  if (g->sets) {
    for (int i = 0; i < n; i++) {
      st[i] = (u16)i;
      st[n + i] = !i;
    }
  } else
    memset(st, 0, (2 * (size_t)n + 1) * sizeof *st);
}

static inline u16 *state_at(const sks_canon_gen *g, int k) {
  return g->state + (size_t)k * (2 * (size_t)g->n + 1);
}

static inline void state_copy(const sks_canon_gen *g, int to, int from) {
  memcpy(state_at(g, to), state_at(g, from),
         (2 * (size_t)g->n + 1) * sizeof(u16));
}

/* The word of input cell i (of orientation t) in state st, which it
 * updates: a new label, or the digit partition refined. */
static u64 word(const sks_canon_gen *g, u16 *st, int t, int i) {
  int n = g->n;
  if (!g->sets) {
    u16 v = g->val[t][i];
    if (!v)
      return 0;
    if (!st[v - 1])
      st[v - 1] = ++st[n];
    return st[v - 1];
  }
  u64 ex = g->set[t][i], w = 0;
  u16 *ord = st, *bnd = st + n, tmp[64];
  for (int a = 0; a < n;) {
    int b = a + 1;
    while (b < n && !bnd[b])
      b++;
    int k = 0, m = 0;
    for (int j = a; j < b; j++)
      if (!(ex >> ord[j] & 1))
        ord[a + k++] = ord[j];
      else
        tmp[m++] = ord[j];
    memcpy(ord + a + k, tmp, (size_t)m * sizeof *tmp);
    if (m) {
      /* positions a+k .. b-1 hold excluded digits: flags 1 */
      u64 ones = m == 64 ? ~0ULL : ((1ULL << m) - 1);
      w |= ones << (n - b);
      if (k)
        bnd[a + k] = 1;
    }
    a = b;
  }
  return w;
}

/* The digit map of a final state: input digit -> canonical digit. */
static void digits_of(const sks_canon_gen *g, const u16 *st, int *digit) {
  int n = g->n;
  if (g->sets) {
    for (int k = 0; k < n; k++)
      digit[st[k]] = k;
    return;
  }
  int next = st[n];
  for (int d = 0; d < n; d++)
    digit[d] = st[d] ? st[d] - 1 : next++;
}

/* A leaf: the string in g->cur is the best (lt) or equals it. */
static void leaf(sks_canon_gen *g, bool lt, const u16 *st) {
  int n = g->n;
  if (lt || !g->have_best) {
    memcpy(g->best, g->cur, (size_t)g->cells * sizeof *g->best);
    g->have_best = true;
    g->version++;
    g->ties = 0;
    g->naut = 0;
    g->bt = g->t;
    memcpy(g->brow, g->row, (size_t)n * sizeof(int));
    memcpy(g->bcol, g->col, (size_t)n * sizeof(int));
    digits_of(g, st, g->bdigit);
  }
  g->ties++;
  if (g->naut < AUT_KEEP) {
    int *a = g->aut + (size_t)g->naut++ * (1 + 3 * (size_t)n);
    a[0] = g->t;
    memcpy(a + 1, g->row, (size_t)n * sizeof(int));
    memcpy(a + 1 + n, g->col, (size_t)n * sizeof(int));
    digits_of(g, st, a + 1 + 2 * n);
  }
}

/* ---- the listed groups ---- */

/* k more cells visited: past the budget, or (read every 1,024 counts)
 * past the deadline, the search is over. */
static void add_nodes(sks_canon_gen *g, long k) {
  g->nodes += k;
  if (g->nodes > g->budget)
    g->over = true;
  else if (g->deadline > 0 && ++g->polls % 1024 == 0 && sks_past(g->deadline))
    g->over = g->late = true;
}

static void run_listed(sks_canon_gen *g) {
  int n = g->n;
  u16 *st = state_at(g, 0);
  for (long e = 0; e < g->nelem && !g->over; e++) {
    const int *el = g->elem + (size_t)e * (1 + 2 * (size_t)n);
    g->t = el[0];
    memcpy(g->row, el + 1, (size_t)n * sizeof(int));
    memcpy(g->col, el + 1 + n, (size_t)n * sizeof(int));
    state_init(g, st);
    int cmp = g->have_best ? 0 : -1;
    const u64 *best = g->best;
    for (int r = 0, pos = 0; r < n && cmp <= 0; r++) {
      int base = g->row[r] * n;
      for (int c = 0; c < n; c++, pos++) {
        u64 w = word(g, st, g->t, base + g->col[c]);
        if (!cmp && w != best[pos]) {
          cmp = w < best[pos] ? -1 : 1;
          if (cmp > 0)
            break;
        }
        g->cur[pos] = w;
      }
    }
    add_nodes(g, n);
    if (cmp <= 0)
      leaf(g, cmp < 0, st);
  }
}

/* ---- plain shapes: the depth-first search ---- */

static void dfs_rows(sks_canon_gen *g, int r, bool lt);

static void after_first_row(sks_canon_gen *g, bool lt) {
  if (g->n == 1)
    leaf(g, lt, state_at(g, 1));
  else
    dfs_rows(g, 1, lt);
}

static void dfs_cols(sks_canon_gen *g, int c, bool lt);

static bool try_col(sks_canon_gen *g, int c, int x, bool lt) {
  unsigned v = g->version;
  g->col[c] = x;
  g->used_col[x] = 1;
  state_copy(g, c + 1, c);
  u64 w = word(g, state_at(g, c + 1), g->t, g->row[0] * g->n + x);
  add_nodes(g, 1);
  bool cut = false;
  if (!lt && w != g->best[c]) {
    cut = w > g->best[c];
    lt = !cut;
  }
  if (!cut) {
    g->cur[c] = w;
    dfs_cols(g, c + 1, lt);
  }
  g->used_col[x] = 0;
  return g->version != v;
}

/* The columns and the rows the search may place next
 * (minlex_search_int.h): a candidate is the flag lt of its call, which a
 * try that found a new best clears (its prefix is now the best's). */
#define MINLEX_LINES next_cols
#define MINLEX_STATE sks_canon_gen
#define MINLEX_CAND bool *
#define MINLEX_USED(g, lt, x) ((g)->used_col[x])
#define MINLEX_GROUP_OF(g, lt, k) ((g)->col[k] / (g)->C)
#define MINLEX_SKIP_BAND(g, lt, b) false
#define MINLEX_SKIP(g, lt, k, x, in_band) false
#define MINLEX_TRY(g, lt, k, x)                                                \
  do {                                                                         \
    if (try_col(g, k, x, *(lt)))                                               \
      *(lt) = false;                                                           \
  } while (0)
#define MINLEX_STOP(g) ((g)->over)
#include "minlex_search_int.h"

static void dfs_cols(sks_canon_gen *g, int c, bool lt) {
  if (g->over)
    return;
  if (c == g->n) {
    after_first_row(g, lt);
    return;
  }
  next_cols(g, &lt, c, g->n, g->C);
}

static bool try_row(sks_canon_gen *g, int r, int s, bool lt) {
  unsigned v = g->version;
  int n = g->n;
  g->row[r] = s;
  g->used_row[s] = 1;
  if (r == 0)
    dfs_cols(g, 0, lt);
  else {
    int k = n + r;
    state_copy(g, k, k - 1);
    u16 *st = state_at(g, k);
    const u64 *best = g->best;
    u64 *cur = g->cur + (size_t)r * n;
    bool cut = false;
    for (int c = 0; c < n; c++) {
      u64 w = word(g, st, g->t, s * n + g->col[c]);
      if (!lt && w != best[r * n + c]) {
        cut = w > best[r * n + c];
        lt = !cut;
        if (cut)
          break;
      }
      cur[c] = w;
    }
    add_nodes(g, n);
    if (!cut) {
      if (r == n - 1)
        leaf(g, lt, st);
      else
        dfs_rows(g, r + 1, lt);
    }
  }
  g->used_row[s] = 0;
  return g->version != v;
}

#define MINLEX_LINES next_rows
#define MINLEX_STATE sks_canon_gen
#define MINLEX_CAND bool *
#define MINLEX_USED(g, lt, x) ((g)->used_row[x])
#define MINLEX_GROUP_OF(g, lt, k) ((g)->row[k] / (g)->R)
#define MINLEX_SKIP_BAND(g, lt, b) false
#define MINLEX_SKIP(g, lt, k, x, in_band) false
#define MINLEX_TRY(g, lt, k, x)                                                \
  do {                                                                         \
    if (try_row(g, k, x, *(lt)))                                               \
      *(lt) = false;                                                           \
  } while (0)
#define MINLEX_STOP(g) ((g)->over)
#include "minlex_search_int.h"

static void dfs_rows(sks_canon_gen *g, int r, bool lt) {
  if (g->over)
    return;
  next_rows(g, &lt, r, g->n, g->R);
}

static void run_search(sks_canon_gen *g) {
  int n = g->n;
  memset(g->used_row, 0, (size_t)n);
  memset(g->used_col, 0, (size_t)n);
  for (int t = 0; t < (g->R == g->C ? 2 : 1) && !g->over; t++) {
    g->t = t;
    state_init(g, state_at(g, 0));
    dfs_rows(g, 0, !g->have_best);
  }
}

/* ---- entry ---- */

int sks_canon_gen_run(sks_canon_gen **gp, const sks_puzzle *p, long budget,
                      double deadline, sks_canon_map *map, long *ties,
                      sks_error *err) {
  const sks_shape *sh = p->shape;
  int n = sh->n;
  if (!*gp)
    *gp = sks_calloc(1, sizeof **gp);
  sks_canon_gen *g = *gp;
  g->sets = p->removed != NULL;
  if (g->sets && n > 64)
    return sks_error_set(err, -1, p->look.line, 0,
                         "canonical forms of candidates puzzles go up to "
                         "64x64 (not %dx%d)",
                         n, n);
  setup(g, n);
  g->R = sh->box_rows;
  g->C = sh->box_cols;
  if (sh->variants && !(g->shape && sks_shape_same(g->shape, sh))) {
    sks_shape_release(g->shape);
    g->shape = NULL;
    if (list_group(g, sh, err)) {
      if (err)
        err->line = p->look.line;
      return -1;
    }
    g->shape = sks_shape_retain(sh);
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int i = r * n + c, v = p->cell[i];
      if (g->sets) {
        u64 ex = 0;
        for (int d = 0; d < n; d++)
          if (v >= 0 ? d != v : !sks_puzzle_allows(p, i, d))
            ex |= 1ULL << d;
        g->set[0][i] = ex;
        g->set[1][c * n + r] = ex;
      } else {
        g->val[0][i] = (u16)(v + 1);
        g->val[1][c * n + r] = (u16)(v + 1);
      }
    }
  g->have_best = false;
  g->over = false;
  g->nodes = 0;
  g->budget = budget;
  g->deadline = deadline;
  g->polls = 0;
  g->late = false;
  g->ties = 0;
  g->naut = 0;
  if (sh->variants)
    run_listed(g);
  else
    run_search(g);
  if (g->late)
    return sks_error_set(err, -1, p->look.line, 0,
                         "canonical form: the time limit ran out");
  if (g->over)
    return sks_error_set(err, -1, p->look.line, 0,
                         "canonical form: the search passed %ld cells (a "
                         "puzzle with too many symmetries)",
                         budget);
  *map = (sks_canon_map){n, g->bt != 0, g->brow, g->bcol, g->bdigit};
  *ties = g->ties;
  return 0;
}

void sks_canon_gen_ties(sks_canon_gen **gp, int n) {
  if (!*gp)
    *gp = sks_calloc(1, sizeof **gp);
  setup(*gp, n);
  (*gp)->ties = 0;
  (*gp)->naut = 0;
}

void sks_canon_gen_tie(sks_canon_gen *g, int t, const int *row, const int *col,
                       const int *digit) {
  int n = g->n;
  g->ties++;
  if (g->naut == AUT_KEEP)
    return;
  int *a = g->aut + (size_t)g->naut++ * (1 + 3 * (size_t)n);
  a[0] = t;
  memcpy(a + 1, row, (size_t)n * sizeof(int));
  memcpy(a + 1 + n, col, (size_t)n * sizeof(int));
  memcpy(a + 1 + 2 * n, digit, (size_t)n * sizeof(int));
}

/* The input cell (row, column) that canonical cell (r, c) of the
 * element (t, row, col) comes from. */
static void source(int t, const int *row, const int *col, int r, int c, int *ir,
                   int *ic) {
  *ir = t ? col[c] : row[r];
  *ic = t ? row[r] : col[c];
}

bool sks_canon_gen_automorphism(sks_canon_gen *g, long k, sks_canon_map *map) {
  if (!g || k < 0 || k >= g->naut)
    return false;
  int n = g->n;
  const int *e0 = g->aut, *e = g->aut + (size_t)k * (1 + 3 * (size_t)n);
  int t0 = e0[0], t1 = e[0];
  const int *row0 = e0 + 1, *col0 = e0 + 1 + n, *dig0 = e0 + 1 + 2 * n;
  int *rinv = g->inv, *cinv = g->inv + n, *dinv = g->inv + 2 * n;
  for (int i = 0; i < n; i++) {
    rinv[row0[i]] = i;
    cinv[col0[i]] = i;
    dinv[dig0[i]] = i;
  }
  /* sigma_m = sigma_e o sigma_0^-1: canonical cell (r, c) of m is the
   * input cell that e maps to the canonical cell sigma_0 takes the
   * input cell (r, c) to. */
  int tm = t0 ^ t1;
  for (int i = 0; i < n; i++) {
    /* input cell (i, 0) and (0, i) under sigma_0^-1 */
    for (int side = 0; side < 2; side++) {
      int a = side ? 0 : i, b = side ? i : 0;
      int r = t0 ? rinv[b] : rinv[a], c = t0 ? cinv[a] : cinv[b];
      int ir, ic;
      source(t1, e + 1, e + 1 + n, r, c, &ir, &ic);
      if (side == 0)
        g->arow[i] = tm ? ic : ir;
      else
        g->acol[i] = tm ? ir : ic;
    }
  }
  for (int d = 0; d < n; d++)
    g->adigit[d] = dinv[e[1 + 2 * n + d]];
  *map = (sks_canon_map){n, tm != 0, g->arow, g->acol, g->adigit};
  return true;
}
