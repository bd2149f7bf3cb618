/* Algorithm X with dancing links over flat node arrays, after Knuth's DLX1:
 * the nodes of an option are contiguous with a spacer between options, so
 * an option is walked by index and needs no left/right links. */
#define _POSIX_C_SOURCE 200809L
#include "require_int.h"
#include "sks_dlx.h"
#include "stack_int.h"

#include <assert.h>
#include <limits.h>
#include <string.h>

/* One entry of the matrix.  Item i's header node is node i + 1 (its top
 * is 0); an option's node has top = its item's header; a spacer has top =
 * minus the number of the option that follows, and up/down point to the
 * first node of the option before and the last node of the option after.
 * 12 bytes: the fields a cover touches sit together. */
typedef struct node {
  int up, down, top;
} node;

/* The primary items still to cover are kept in a dense array rather than
 * Knuth's doubly linked item list: choosing the shortest item scans it
 * with independent loads instead of a chain of dependent ones (the scan is
 * most of the time of a Sudoku search).  Removal swaps with the last
 * entry; covers and uncovers nest, so restoring in reverse order puts
 * every entry back where it was. */
struct sks_dlx {
  int nprimary, nitems, noptions;
  node *nd;
  int *len;        /* by header node: options left in the item */
  int *act, *apos; /* active primary headers; position by header */
  int nact;
  int nnodes; /* in use, including the final spacer */
  size_t itcap, ndcap;
  int *ostart; /* by option: its first node; then the end */
  size_t oscap;
  int *keep; /* restrict's scratch: the options kept */
  size_t keepcap;
  int *choice, *sol, *buf; /* by level; nprimary + 1 each */
  int *h0, *hc;            /* by level: forced-stack heights */
  int *stk;                /* the forced stack; 2 * (nprimary + 1) */
  int nsol;
  size_t levcap;
  unsigned *stamp; /* by item: repeated-item check */
  unsigned stampnow;
  size_t stampcap;
  unsigned long long nodes, last_nodes;
};

sks_dlx *sks_dlx_new(int nprimary, int nsecondary) {
  sks_dlx *x = sks_calloc(1, sizeof *x);
  sks_dlx_reset(x, nprimary, nsecondary);
  return x;
}

void sks_dlx_delete(sks_dlx *x) {
  if (!x)
    return;
  free(x->len);
  free(x->act);
  free(x->apos);
  free(x->nd);
  free(x->ostart);
  free(x->keep);
  free(x->choice);
  free(x->h0);
  free(x->hc);
  free(x->stk);
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
  if (x->itcap < (size_t)n + 2) {
    size_t c = x->itcap;
    SKS_GROW(x->len, c, (size_t)n + 2);
    c = x->itcap;
    SKS_GROW(x->act, c, (size_t)n + 2);
    c = x->itcap;
    SKS_GROW(x->apos, c, (size_t)n + 2);
    x->itcap = c;
  }
  SKS_GROW(x->nd, x->ndcap, (size_t)n + 2);
  size_t lev = (size_t)nprimary + 1;
  if (x->levcap < lev) {
    size_t c = x->levcap;
    SKS_GROW(x->choice, c, lev);
    c = x->levcap;
    SKS_GROW(x->sol, c, lev);
    c = x->levcap;
    SKS_GROW(x->h0, c, lev);
    c = x->levcap;
    SKS_GROW(x->hc, c, lev);
    c = 2 * x->levcap;
    SKS_GROW(x->stk, c, 2 * lev);
    c = x->levcap;
    SKS_GROW(x->buf, c, lev);
    x->levcap = c;
  }
  if (x->stampcap < (size_t)n) {
    free(x->stamp);
    x->stampcap = (size_t)n;
    x->stamp = sks_calloc(x->stampcap, sizeof *x->stamp);
    x->stampnow = 0;
  }
  node *nd = x->nd;
  nd[0].up = nd[0].down = nd[0].top = 0;
  for (int i = 1; i <= n; i++) {
    nd[i].up = nd[i].down = i;
    nd[i].top = 0;
    x->len[i] = 0;
  }
  for (int i = 0; i < nprimary; i++) {
    x->act[i] = i + 1;
    x->apos[i + 1] = i;
  }
  x->nact = nprimary;
  nd[n + 1].up = nd[n + 1].down = n + 1;
  nd[n + 1].top = 0;
  x->nnodes = n + 2;
  SKS_GROW(x->ostart, x->oscap, 1);
  x->ostart[0] = n + 2;
}

void sks_dlx_reserve(sks_dlx *x, long long nodes, int options) {
  sks_require(nodes >= 0 && options >= 0, "negative size");
  long long want = x->nnodes + nodes + options;
  sks_require(want < INT_MAX, "too many nodes");
  SKS_GROW(x->nd, x->ndcap, (size_t)want);
  SKS_GROW(x->ostart, x->oscap, (size_t)x->noptions + options + 2);
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
  SKS_GROW(x->nd, x->ndcap, (size_t)x->nnodes + k + 1);
  node *nd = x->nd;
  int s = x->nnodes - 1; /* the spacer that precedes this option */
  for (int j = 0; j < k; j++) {
    int p = s + 1 + j, h = items[j] + 1;
    nd[p].top = h;
    nd[p].up = nd[h].up;
    nd[p].down = h;
    nd[nd[h].up].down = p;
    nd[h].up = p;
    x->len[h]++;
  }
  nd[s].down = s + k;
  int e = s + k + 1;
  nd[e].up = s + 1;
  nd[e].down = e;
  nd[e].top = -(x->noptions + 1);
  x->nnodes = e + 1;
  SKS_GROW(x->ostart, x->oscap, (size_t)x->noptions + 2);
  x->ostart[x->noptions + 1] = e + 1;
  return x->noptions++;
}

void sks_dlx_restrict(sks_dlx *x, const signed char *option_out,
                      const unsigned char *item_out) {
  node *nd = x->nd;
  int n = x->nitems, np = x->nprimary, nact = 0;
  /* Which items and options stay is data the branch predictor cannot
   * learn (a quarter of a 9x9's candidates, anywhere): both lists are
   * built without a branch on it. */
  for (int i = 0; i < n; i++) {
    int h = i + 1;
    nd[h].up = nd[h].down = h;
    x->len[h] = 0;
    if (i < np) {
      x->apos[h] = nact;
      x->act[nact] = h;
      nact += !(item_out && item_out[i]);
    }
  }
  x->nact = nact;
  SKS_GROW(x->keep, x->keepcap, (size_t)x->noptions + 1);
  int *keep = x->keep, nkeep = 0;
  if (option_out)
    for (int o = 0; o < x->noptions; o++) {
      keep[nkeep] = o;
      nkeep += !option_out[o];
    }
  else
    for (int o = 0; o < x->noptions; o++)
      keep[nkeep++] = o;
  /* Relink the kept options in their order: nodes never move, spacers
   * keep their links, so only up/down of the kept nodes are written. */
  const int *os = x->ostart;
  for (int k = 0; k < nkeep; k++) {
    int o = keep[k];
    for (int q = os[o], end = os[o + 1] - 1; q < end; q++) {
      int h = nd[q].top;
      assert(!(item_out && item_out[h - 1]));
      int last = nd[h].up;
      nd[q].up = last;
      nd[q].down = h;
      nd[last].down = q;
      nd[h].up = q;
      x->len[h]++;
    }
  }
}

int sks_dlx_items(const sks_dlx *x) {
  return x->nitems;
}
int sks_dlx_primary(const sks_dlx *x) {
  return x->nprimary;
}
int sks_dlx_options(const sks_dlx *x) {
  return x->noptions;
}
unsigned long long sks_dlx_nodes(const sks_dlx *x) {
  return x->nodes;
}
unsigned long long sks_dlx_last_nodes(const sks_dlx *x) {
  return x->last_nodes;
}

size_t sks_dlx_bytes(const sks_dlx *x) {
  return sizeof *x + 3 * x->itcap * sizeof *x->len +
         (x->oscap + x->keepcap) * sizeof *x->ostart +
         x->ndcap * sizeof *x->nd + 7 * x->levcap * sizeof *x->choice +
         x->stampcap * sizeof *x->stamp;
}

int sks_dlx_solution(const sks_dlx *x, const int **options) {
  if (options)
    *options = x->sol;
  return x->nsol;
}

/* ------------------------------------------------------------------ */
/* The dance.  cover(i) takes item i out of the active items and every
 * option that contains i out of the other items' lists; uncover undoes it
 * in exactly the reverse order, which is what makes the links dance back.
 *
 * Two counts make the minimum-length rule cheap.  nzero counts the
 * active primary items with no option left: while it is nonzero the node
 * is a dead end (the shortest item has length 0), known without a scan.
 * And most choices in a Sudoku search are forced (an item down to one
 * option); finding them by scanning every active item was a third of the
 * time.  So hide pushes each primary item whose length drops to 1 on a
 * "forced stack", and the choice looks there first, scanning only when it
 * holds nothing usable.  Along the current path lengths only fall, so
 * each item is pushed at most once (or at the start), and the stack,
 * cut back on backtracking, never holds more than the pushes along the
 * current path.  An entry is used only if its item is active with one
 * option left (a popped slot may have been refilled at a deeper level);
 * others are dropped, and anything dropped that becomes usable again is
 * found by the scan, so the choice is always a shortest item. */

typedef struct dance {
  node *nd;
  int *len, *act, *apos, *stk;
  int nact, nprimary, sp, nzero;
} dance;

static inline void hide(dance *z, int p) {
  node *nd = z->nd;
  for (int q = p + 1; q != p;) {
    int x = nd[q].top;
    if (x <= 0) {
      q = nd[q].up;
    } else {
      int u = nd[q].up, d = nd[q].down;
      nd[u].down = d;
      nd[d].up = u;
      int l = --z->len[x];
      if (l <= 1 && x <= z->nprimary) {
        if (l)
          z->stk[z->sp++] = x;
        else
          z->nzero++;
      }
      q++;
    }
  }
}

static inline void unhide(dance *z, int p) {
  node *nd = z->nd;
  for (int q = p - 1; q != p;) {
    int x = nd[q].top;
    if (x <= 0) {
      q = nd[q].down;
    } else {
      int u = nd[q].up, d = nd[q].down;
      nd[u].down = q;
      nd[d].up = q;
      if (z->len[x]++ == 0 && x <= z->nprimary)
        z->nzero--;
      q--;
    }
  }
}

static inline void cover(dance *z, int i) {
  node *nd = z->nd;
  for (int p = nd[i].down; p != i; p = nd[p].down)
    hide(z, p);
  if (i <= z->nprimary) {
    z->nzero -= z->len[i] == 0;
    int at = z->apos[i], last = z->act[--z->nact];
    z->act[at] = last;
    z->apos[last] = at;
  }
}

static inline void uncover(dance *z, int i) {
  node *nd = z->nd;
  if (i <= z->nprimary) {
    z->nzero += z->len[i] == 0;
    int at = z->apos[i], moved = z->act[at];
    z->apos[moved] = z->nact;
    z->act[z->nact++] = moved;
    z->act[at] = i;
  }
  for (int p = nd[i].up; p != i; p = nd[p].up)
    unhide(z, p);
}

/* Covers the items of p's option other than p's own. */
static inline void cover_rest(dance *z, int p) {
  node *nd = z->nd;
  for (int q = p + 1; q != p;) {
    int j = nd[q].top;
    if (j <= 0) {
      q = nd[q].up;
    } else {
      cover(z, j);
      q++;
    }
  }
}

static inline void uncover_rest(dance *z, int p) {
  node *nd = z->nd;
  for (int q = p - 1; q != p;) {
    int j = nd[q].top;
    if (j <= 0) {
      q = nd[q].down;
    } else {
      uncover(z, j);
      q--;
    }
  }
}

/* A shortest active item; the forced stack first, then a scan of the
 * active array, the first of equals winning.  The array's order depends
 * only on the covers made, so the search is deterministic.  (Taking the
 * lowest-numbered of equals instead made more nodes on the 9x9 benchmark
 * sets.)
 *
 * A real branch (no item of length 1) weighs the first SCORE_TIES items
 * of the shortest length: the one whose options remove the most other
 * options (the sum of the lengths of the items they cover) wins, the
 * first of equals again.  On top1465 this cuts the nodes and the time;
 * weighing every tie cut the nodes further but cost more time than it
 * saved.  The easy sets (most searches over in 50 nodes) lose a little to
 * the weighing; weighing only after the first 100 nodes of a search kept
 * that but gained less on top1465, and the rule without a threshold
 * leaves every 9x9 target the same margin (BENCHMARKS.md, "DLX"). */
enum { SCORE_TIES = 10 };

/* The options item i's choice would remove: the lengths of the other
 * items of each of its options, summed. */
static inline long removal(const dance *z, int i) {
  const node *nd = z->nd;
  long sum = 0;
  for (int p = nd[i].down; p != i; p = nd[p].down)
    for (int q = p + 1; q != p;) {
      int t = nd[q].top;
      if (t <= 0) {
        q = nd[q].up;
      } else {
        sum += z->len[t];
        q++;
      }
    }
  return sum;
}

static inline int choose(dance *z, int *blen) {
  while (z->sp > 0) {
    int x = z->stk[z->sp - 1], at = z->apos[x];
    if (z->len[x] == 1 && at < z->nact && z->act[at] == x) {
      *blen = 1;
      return x;
    }
    z->sp--;
  }
  const int *act = z->act, *len = z->len;
  int best = act[0], bl = len[best], at = 0;
  for (int j = 1; bl > 1 && j < z->nact; j++) {
    int i = act[j], l = len[i];
    if (l < bl) {
      bl = l;
      best = i;
      at = j;
    }
  }
  *blen = bl;
  if (bl > 1) {
    long most = removal(z, best);
    for (int j = at + 1, ties = 1; ties < SCORE_TIES && j < z->nact; j++) {
      int i = act[j];
      if (len[i] != bl)
        continue;
      ties++;
      long r = removal(z, i);
      if (r > most) {
        most = r;
        best = i;
      }
    }
  }
  return best;
}

/* The option a node belongs to: the spacer before it holds the number. */
static int option_of(const node *nd, int p) {
  while (nd[p].top > 0)
    p--;
  return -nd[p].top;
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
  dance z = {nd, x->len, x->act, x->apos, x->stk, x->nact, x->nprimary, 0, 0};
  int *ch = x->choice, *h0 = x->h0, *hc = x->hc;
  unsigned long long nodes = 0, max_nodes = ULLONG_MAX;
  double deadline = 0;
  if (lim && lim->max_steps > 0)
    max_nodes = (unsigned long long)lim->max_steps;
  if (lim && lim->time_limit > 0)
    deadline = sks_time() + lim->time_limit;
  long long found = 0;
  bool stopped = false;
  int level = 0, p, i;
  x->nsol = 0;
  for (int j = 0; j < z.nact; j++) { /* items that start forced or dead */
    int l = z.len[z.act[j]];
    if (l == 1)
      z.stk[z.sp++] = z.act[j];
    z.nzero += l == 0;
  }

forward:
  if (nodes >= max_nodes ||
      (deadline > 0 && (nodes & 1023) == 1023 && sks_time() >= deadline)) {
    stopped = true;
    goto unwind;
  }
  nodes++;
  if (z.nact == 0) {
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
  if (z.nzero)
    goto backtrack;
  {
    int bl, best = choose(&z, &bl);
    if (bl == 0)
      goto backtrack;
    h0[level] = z.sp;
    cover(&z, best);
    hc[level] = z.sp;
    p = ch[level] = nd[best].down;
  }
  cover_rest(&z, p);
  level++;
  goto forward;

backtrack:
  if (level == 0)
    goto done;
  level--;
  p = ch[level];
  uncover_rest(&z, p);
  if (z.sp > hc[level])
    z.sp = hc[level];
  i = nd[p].top;
  p = ch[level] = nd[p].down;
  if (p == i) {
    uncover(&z, i);
    if (z.sp > h0[level])
      z.sp = h0[level];
    goto backtrack;
  }
  cover_rest(&z, p);
  level++;
  goto forward;

unwind:
  while (level > 0) {
    level--;
    p = ch[level];
    uncover_rest(&z, p);
    uncover(&z, nd[p].top);
  }

done:
  x->nact = z.nact;
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
