/* Algorithm X with dancing links over flat node arrays, after Knuth's DLX1:
 * the nodes of an option are contiguous with a spacer between options, so
 * an option is walked by index and needs no left/right links. */
#define _POSIX_C_SOURCE 200809L
#include "require_int.h"
#include "sks_dlx.h"
#include "stack_int.h"

#include <limits.h>
#include <string.h>
#include <time.h>

/* One entry of the matrix.  In an item's header node (index item + 1)
 * `top` is the item's current length; in a spacer it is minus the number
 * of the option that follows, and up/down point to the first node of the
 * option before and the last node of the option after.  12 bytes: the
 * fields a cover touches sit together. */
typedef struct node {
  int up, down, top;
} node;

/* The item lists: 0 heads the primary items still to cover, nitems + 1
 * heads the secondary ones (they are covered but never chosen). */
typedef struct item {
  int prev, next;
} item;

struct sks_dlx {
  int nprimary, nitems, noptions;
  item *it;
  node *nd;
  int nnodes;              /* in use, including the final spacer */
  size_t itcap, ndcap;
  int *choice, *sol, *buf; /* by level; nprimary + 1 each */
  int nsol;
  size_t levcap;
  unsigned *stamp;         /* by item: repeated-item check */
  unsigned stampnow;
  size_t stampcap;
  unsigned long long nodes, last_nodes;
};

/* Grows `*a` (of `*cap` elements of `size` bytes) to hold `want`. */
static void grow(void **a, size_t *cap, size_t want, size_t size) {
  if (*cap >= want)
    return;
  size_t c = *cap ? *cap : 16;
  while (c < want)
    c *= 2;
  *a = sks_realloc(*a, c * size);
  *cap = c;
}

sks_dlx *sks_dlx_new(int nprimary, int nsecondary) {
  sks_dlx *x = sks_calloc(1, sizeof *x);
  sks_dlx_reset(x, nprimary, nsecondary);
  return x;
}

void sks_dlx_delete(sks_dlx *x) {
  if (!x)
    return;
  free(x->it);
  free(x->nd);
  free(x->choice);
  free(x->sol);
  free(x->buf);
  free(x->stamp);
  free(x);
}

void sks_dlx_reset(sks_dlx *x, int nprimary, int nsecondary) {
  sks_require(nprimary >= 0 && nsecondary >= 0 &&
                  nprimary <= INT_MAX / 4 - nsecondary,
              "bad item counts");
  int n = nprimary + nsecondary;
  x->nprimary = nprimary;
  x->nitems = n;
  x->noptions = 0;
  x->nsol = 0;
  grow((void **)&x->it, &x->itcap, (size_t)n + 2, sizeof *x->it);
  grow((void **)&x->nd, &x->ndcap, (size_t)n + 2, sizeof *x->nd);
  size_t lev = (size_t)nprimary + 1;
  if (x->levcap < lev) {
    size_t c = x->levcap;
    grow((void **)&x->choice, &c, lev, sizeof *x->choice);
    c = x->levcap;
    grow((void **)&x->sol, &c, lev, sizeof *x->sol);
    c = x->levcap;
    grow((void **)&x->buf, &c, lev, sizeof *x->buf);
    x->levcap = c;
  }
  if (x->stampcap < (size_t)n) {
    free(x->stamp);
    x->stampcap = (size_t)n;
    x->stamp = sks_calloc(x->stampcap, sizeof *x->stamp);
    x->stampnow = 0;
  }
  item *it = x->it;
  node *nd = x->nd;
  int sec = n + 1;
  it[0].prev = nprimary;
  it[0].next = nprimary ? 1 : 0;
  for (int i = 1; i <= nprimary; i++) {
    it[i].prev = i - 1;
    it[i].next = i < nprimary ? i + 1 : 0;
  }
  it[sec].prev = n > nprimary ? n : sec;
  it[sec].next = n > nprimary ? nprimary + 1 : sec;
  for (int i = nprimary + 1; i <= n; i++) {
    it[i].prev = i == nprimary + 1 ? sec : i - 1;
    it[i].next = i < n ? i + 1 : sec;
  }
  nd[0].up = nd[0].down = nd[0].top = 0;
  for (int i = 1; i <= n; i++) {
    nd[i].up = nd[i].down = i;
    nd[i].top = 0;
  }
  nd[n + 1].up = nd[n + 1].down = n + 1;
  nd[n + 1].top = 0;
  x->nnodes = n + 2;
}

void sks_dlx_reserve(sks_dlx *x, long long nodes, int options) {
  sks_require(nodes >= 0 && options >= 0, "negative size");
  long long want = x->nnodes + nodes + options;
  sks_require(want < INT_MAX, "too many nodes");
  grow((void **)&x->nd, &x->ndcap, (size_t)want, sizeof *x->nd);
}

int sks_dlx_add_option(sks_dlx *x, const int *items, int k) {
  sks_require(k >= 0 && (k == 0 || items), "bad option");
  sks_require(x->noptions < INT_MAX - 1, "too many options");
  sks_require((long long)x->nnodes + k + 1 < INT_MAX, "too many nodes");
  if (++x->stampnow == 0) { /* wrapped: old stamps could collide */
    memset(x->stamp, 0, x->stampcap * sizeof *x->stamp);
    x->stampnow = 1;
  }
  for (int j = 0; j < k; j++) {
    int i = items[j];
    sks_require(i >= 0 && i < x->nitems, "item out of range");
    sks_require(x->stamp[i] != x->stampnow, "item repeated in an option");
    x->stamp[i] = x->stampnow;
  }
  grow((void **)&x->nd, &x->ndcap, (size_t)x->nnodes + k + 1, sizeof *x->nd);
  node *nd = x->nd;
  int s = x->nnodes - 1; /* the spacer that precedes this option */
  for (int j = 0; j < k; j++) {
    int p = s + 1 + j, h = items[j] + 1;
    nd[p].top = h;
    nd[p].up = nd[h].up;
    nd[p].down = h;
    nd[nd[h].up].down = p;
    nd[h].up = p;
    nd[h].top++;
  }
  nd[s].down = s + k;
  int e = s + k + 1;
  nd[e].up = s + 1;
  nd[e].down = e;
  nd[e].top = -(x->noptions + 1);
  x->nnodes = e + 1;
  return x->noptions++;
}

int sks_dlx_items(const sks_dlx *x) { return x->nitems; }
int sks_dlx_primary(const sks_dlx *x) { return x->nprimary; }
int sks_dlx_options(const sks_dlx *x) { return x->noptions; }
unsigned long long sks_dlx_nodes(const sks_dlx *x) { return x->nodes; }
unsigned long long sks_dlx_last_nodes(const sks_dlx *x) {
  return x->last_nodes;
}

size_t sks_dlx_bytes(const sks_dlx *x) {
  return sizeof *x + x->itcap * sizeof *x->it + x->ndcap * sizeof *x->nd +
         3 * x->levcap * sizeof *x->choice + x->stampcap * sizeof *x->stamp;
}

int sks_dlx_solution(const sks_dlx *x, const int **options) {
  if (options)
    *options = x->sol;
  return x->nsol;
}

/* ------------------------------------------------------------------ */
/* The dance.  cover(i) takes item i out of the item list and every option
 * that contains i out of the other items' lists; uncover undoes it in
 * exactly the reverse order, which is what makes the links dance back. */

static inline void hide(node *nd, int p) {
  for (int q = p + 1; q != p;) {
    int x = nd[q].top;
    if (x <= 0) {
      q = nd[q].up;
    } else {
      int u = nd[q].up, d = nd[q].down;
      nd[u].down = d;
      nd[d].up = u;
      nd[x].top--;
      q++;
    }
  }
}

static inline void unhide(node *nd, int p) {
  for (int q = p - 1; q != p;) {
    int x = nd[q].top;
    if (x <= 0) {
      q = nd[q].down;
    } else {
      int u = nd[q].up, d = nd[q].down;
      nd[u].down = q;
      nd[d].up = q;
      nd[x].top++;
      q--;
    }
  }
}

static inline void cover(node *nd, item *it, int i) {
  for (int p = nd[i].down; p != i; p = nd[p].down)
    hide(nd, p);
  int l = it[i].prev, r = it[i].next;
  it[l].next = r;
  it[r].prev = l;
}

static inline void uncover(node *nd, item *it, int i) {
  int l = it[i].prev, r = it[i].next;
  it[l].next = i;
  it[r].prev = i;
  for (int p = nd[i].up; p != i; p = nd[p].up)
    unhide(nd, p);
}

/* Covers the items of p's option other than p's own. */
static inline void cover_rest(node *nd, item *it, int p) {
  for (int q = p + 1; q != p;) {
    int j = nd[q].top;
    if (j <= 0) {
      q = nd[q].up;
    } else {
      cover(nd, it, j);
      q++;
    }
  }
}

static inline void uncover_rest(node *nd, item *it, int p) {
  for (int q = p - 1; q != p;) {
    int j = nd[q].top;
    if (j <= 0) {
      q = nd[q].down;
    } else {
      uncover(nd, it, j);
      q--;
    }
  }
}

/* The option a node belongs to: the spacer before it holds the number. */
static int option_of(const node *nd, int p) {
  while (nd[p].top > 0)
    p--;
  return -nd[p].top;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void sort_ints(int *a, int n) {
  if (n > 32) {
    qsort(a, (size_t)n, sizeof *a, cmp_int);
    return;
  }
  for (int i = 1; i < n; i++) {
    int v = a[i], j = i;
    for (; j > 0 && a[j - 1] > v; j--)
      a[j] = a[j - 1];
    a[j] = v;
  }
}

long long sks_dlx_search(sks_dlx *x, long long limit, const sks_limits *lim,
                         sks_dlx_visit_fn visit, void *ctx, int *status) {
  node *nd = x->nd;
  item *it = x->it;
  int *ch = x->choice;
  unsigned long long nodes = 0, max_nodes = ULLONG_MAX;
  double deadline = 0;
  if (lim && lim->max_steps > 0)
    max_nodes = (unsigned long long)lim->max_steps;
  if (lim && lim->time_limit > 0)
    deadline = now() + lim->time_limit;
  long long found = 0;
  bool stopped = false;
  int level = 0, p, i;
  x->nsol = 0;

forward:
  if (nodes >= max_nodes ||
      (deadline > 0 && (nodes & 1023) == 1023 && now() >= deadline)) {
    stopped = true;
    goto unwind;
  }
  nodes++;
  if (it[0].next == 0) {
    if (++found == 1) {
      for (int l = 0; l < level; l++)
        x->sol[l] = option_of(nd, ch[l]);
      x->nsol = level;
    }
    if (visit) {
      for (int l = 0; l < level; l++)
        x->buf[l] = option_of(nd, ch[l]);
      sort_ints(x->buf, level);
      if (visit(ctx, x->buf, level)) {
        stopped = true;
        goto unwind;
      }
    }
    if (limit > 0 && found >= limit) {
      stopped = true;
      goto unwind;
    }
    goto backtrack;
  }
  {
    /* The item with the fewest options left; the first such in list
     * order, so the search is deterministic.  0 or 1 cannot be beaten. */
    int best = it[0].next, len = nd[best].top;
    for (i = it[best].next; len > 1 && i != 0; i = it[i].next)
      if (nd[i].top < len) {
        len = nd[i].top;
        best = i;
      }
    if (len == 0)
      goto backtrack;
    cover(nd, it, best);
    p = ch[level] = nd[best].down;
  }
  cover_rest(nd, it, p);
  level++;
  goto forward;

backtrack:
  if (level == 0)
    goto done;
  level--;
  p = ch[level];
  uncover_rest(nd, it, p);
  i = nd[p].top;
  p = ch[level] = nd[p].down;
  if (p == i) {
    uncover(nd, it, i);
    goto backtrack;
  }
  cover_rest(nd, it, p);
  level++;
  goto forward;

unwind:
  while (level > 0) {
    level--;
    p = ch[level];
    uncover_rest(nd, it, p);
    uncover(nd, it, nd[p].top);
  }

done:
  x->nodes += nodes;
  x->last_nodes = nodes;
  if (status)
    *status = stopped ? SKS_UNKNOWN : SKS_SAT;
  return found;
}

int sks_dlx_solve(sks_dlx *x, const sks_limits *lim) {
  int st;
  long long k = sks_dlx_search(x, 1, lim, NULL, NULL, &st);
  if (k > 0)
    return SKS_SAT;
  return st == SKS_UNKNOWN ? SKS_UNKNOWN : SKS_UNSAT;
}

long long sks_dlx_count(sks_dlx *x, long long limit, const sks_limits *lim,
                        int *status) {
  return sks_dlx_search(x, limit, lim, NULL, NULL, status);
}
