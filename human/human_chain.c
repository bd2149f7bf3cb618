/* The human solver's wings, colouring, chains and
 * almost locked sets. */
#include "human_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A search's memory of the state in which it last looked everywhere and
 * found nothing.  Marks only go while a puzzle is solved, and the cells
 * a wing, an XY-chain or an ALS-XZ eliminates from (open cells holding
 * the digit that see its ends) go with them; so where the cells such a
 * search builds on (bivalue cells, trivalue pivots, the sets' cells) are
 * as they were then, it finds nothing now either. */
typedef struct memory {
  hmask *cand; /* the marks then */
  bool *open;  /* the open cells then */
  int cap;     /* cells the two hold (a solver takes every shape) */
  bool ok;
  uint64_t forgot; /* h->forgot then: a human_forget since voids it */
} memory;

/* The chain searches' scratch, kept by the solver (sks_human.chain) from
 * one step to the next and freed with it (human_chain_free). */
struct human_chain {
  struct chain_scratch *scratch; /* colouring, X- and XY-chains */
  int scratch_cap;
  int stamp, seen_cap; /* XY-chains: states seen, by stamp */
  int *seen_at;
  struct als_bits *bits; /* ALS-XZ on grids up to 128 cells */
  int bits_cap;
  struct als *sets; /* ALS-XZ: the sets collected */
  /* ALS-XZ: the sets collected by the hash of their cells (index + 1),
   * valid where als_gen is the collection's gen */
  int *als_slot;
  unsigned *als_gen, gen;
  /* What XY-wings, XYZ-wings, XY-chains and ALS-XZ last found nothing
   * in (memory, below) */
  memory mem_xy, mem_xyz, mem_xyc, mem_als;
  bool *old;   /* by set: its cells as in mem_als */
  int *fresh;  /* the sets not old, in order */
  int old_cap; /* sets old and fresh hold */
};

static struct human_chain *chain_of(sks_human *h) {
  if (!h->chain)
    h->chain = sks_calloc(1, sizeof *h->chain);
  return h->chain;
}

/* Whether m holds for h's state: remembered, not collecting every
 * instance (tests), no human_forget since (another puzzle), every open
 * cell open then with no mark it did not have, and every open cell of up
 * to `upto` marks with the marks it had. */
static bool mem_holds(const sks_human *h, const memory *m, int upto) {
  if (!m->ok || h->collect || m->forgot != h->forgot || m->cap < h->cells)
    return false;
  for (int c = 0; c < h->cells; c++) {
    hmask x = h->cand[c];
    if (h->val[c] >= 0)
      continue;
    if (!m->open[c] || (x & ~m->cand[c]) ||
        (x != m->cand[c] && human_popcount(x) <= upto))
      return false;
  }
  return true;
}

/* The search looked everywhere and found nothing: h's state becomes m. */
static void mem_take(const sks_human *h, memory *m) {
  if (m->cap < h->cells) {
    m->cand = sks_realloc(m->cand, (size_t)h->cells * sizeof *m->cand);
    m->open = sks_realloc(m->open, (size_t)h->cells * sizeof *m->open);
    m->cap = h->cells;
  }
  memcpy(m->cand, h->cand, (size_t)h->cells * sizeof *m->cand);
  for (int c = 0; c < h->cells; c++)
    m->open[c] = h->val[c] < 0;
  m->ok = !h->collect;
  m->forgot = h->forgot;
}

static void mem_free(memory *m) {
  free(m->cand);
  free(m->open);
}

static bool in_cells(const int *set, int k, int x) {
  for (int i = 0; i < k; i++)
    if (set[i] == x)
      return true;
  return false;
}

static bool bivalue(const sks_human *h, int c) {
  return h->val[c] < 0 && human_two(h->cand[c]);
}

/* A wing's step: its words (pivot p, pincers a and b, on digit z), then
 * it is offered; true when the search is to stop there. */
static bool wing_emit(sks_human *h, sks_technique t, const char *name,
                      double weight, int p, int a, int b, hmask z) {
  if (h->opt.text) {
    char pn[16], an[16], bn[16];
    human_cell_name(h, p, pn, sizeof pn);
    human_cell_name(h, a, an, sizeof an);
    human_cell_name(h, b, bn, sizeof bn);
    human_text(h, "%s: pivot %s, pincers %s and %s, on %d", name, pn, an, bn,
               human_digit(human_first(z)));
  }
  return human_emit(h, t, weight, 0);
}

/* ---- wings ---- */

bool human_xy_wing(sks_human *h, int arg) {
  (void)arg;
  memory *mem = &chain_of(h)->mem_xy;
  if (mem_holds(h, mem, 2)) /* the same bivalue cells: nothing */
    return false;
  for (int p = 0; p < h->cells; p++) {
    if (!bivalue(h, p))
      continue;
    hmask pm = h->cand[p];
    for (int a = 0; a < h->cells; a++) {
      if (!bivalue(h, a) || !human_sees(h, a, p))
        continue;
      hmask am = h->cand[a];
      if (!human_one(am & pm))
        continue;
      hmask z = am & ~pm; /* a = {x, z} */
      hmask y = pm & ~am;
      for (int b = a + 1; b < h->cells; b++) {
        if (!bivalue(h, b) || !human_sees(h, b, p) || h->cand[b] != (y | z))
          continue;
        human_begin(h);
        int ends[2] = {a, b};
        human_elim_seeing(h, ends, 2, human_first(z));
        if (!h->nelim)
          continue;
        if (wing_emit(h, SKS_TECH_XY_WING, "XY-wing", 4.2, p, a, b, z))
          return true;
      }
    }
  }
  mem_take(h, mem);
  return false;
}

bool human_xyz_wing(sks_human *h, int arg) {
  (void)arg;
  memory *mem = &chain_of(h)->mem_xyz;
  if (mem_holds(h, mem, 3)) /* the same pivots and pincers: nothing */
    return false;
  for (int p = 0; p < h->cells; p++) {
    if (h->val[p] >= 0 || human_popcount(h->cand[p]) != 3)
      continue;
    hmask pm = h->cand[p];
    for (int a = 0; a < h->cells; a++) {
      if (!bivalue(h, a) || !human_sees(h, a, p) || (h->cand[a] & ~pm))
        continue;
      for (int b = a + 1; b < h->cells; b++) {
        if (!bivalue(h, b) || !human_sees(h, b, p) || (h->cand[b] & ~pm) ||
            h->cand[b] == h->cand[a])
          continue;
        hmask z = h->cand[a] & h->cand[b];
        human_begin(h);
        int three[3] = {p, a, b};
        human_elim_seeing(h, three, 3, human_first(z));
        if (!h->nelim)
          continue;
        if (wing_emit(h, SKS_TECH_XYZ_WING, "XYZ-wing", 4.4, p, a, b, z))
          return true;
      }
    }
  }
  mem_take(h, mem);
  return false;
}

/* Two cells {x, y} that do not see each other, joined by a strong link on
 * x (a region where x has two places, one seeing each cell): one of them
 * is y, so y goes from the cells that see both. */
bool human_w_wing(sks_human *h, int arg) {
  (void)arg;
  int n = h->n;
  for (int a = 0; a < h->cells; a++) {
    if (!bivalue(h, a))
      continue;
    for (int b = a + 1; b < h->cells; b++) {
      if (h->cand[b] != h->cand[a] || h->val[b] >= 0 || human_sees(h, a, b))
        continue;
      for (int side = 0; side < 2; side++) {
        hmask m = h->cand[a];
        int x = side ? human_first(m & (m - 1)) : human_first(m);
        int y = side ? human_first(m) : human_first(m & (m - 1));
        for (int k = 0; k < h->nreg; k++) {
          hmask w = h->where[k * n + x];
          if (!human_two(w))
            continue;
          int l1 = h->region[k * n + human_first(w)];
          int l2 = h->region[k * n + human_first(w & (w - 1))];
          if (l1 == a || l1 == b || l2 == a || l2 == b)
            continue;
          if (!((human_sees(h, l1, a) && human_sees(h, l2, b)) ||
                (human_sees(h, l1, b) && human_sees(h, l2, a))))
            continue;
          human_begin(h);
          int ends[2] = {a, b};
          human_elim_seeing(h, ends, 2, y);
          if (!h->nelim)
            continue;
          if (h->opt.text) {
            char an[16], bn[16], r[48];
            human_cell_name(h, a, an, sizeof an);
            human_cell_name(h, b, bn, sizeof bn);
            human_region_name(h, k, r, sizeof r);
            human_text(h,
                       "W-wing: %s and %s hold %d%d, joined by the strong "
                       "link on %d in %s",
                       an, bn, human_digit(x), human_digit(y), human_digit(x),
                       r);
          }
          if (human_emit(h, SKS_TECH_W_WING, 6.6, 0))
            return true;
        }
      }
    }
  }
  return false;
}

/* ---- single-digit chains: colouring and X-chains ---- */

/* Cells holding candidate d, and their conjugate pairs. */
typedef struct xgraph {
  int nc, *cell, *idx; /* idx: cell -> node or -1 */
  int *adj, *nadj;     /* strong links: up to HUMAN_MAX_REG a node */
} xgraph;

static void xgraph_build(sks_human *h, int d, xgraph *g) {
  int n = h->n;
  g->nc = 0;
  for (int c = 0; c < h->cells; c++) {
    g->idx[c] = -1;
    if (h->val[c] < 0 && (h->cand[c] >> d & 1)) {
      g->idx[c] = g->nc;
      g->nadj[g->nc] = 0;
      g->cell[g->nc++] = c;
    }
  }
  for (int k = 0; k < h->nreg; k++) {
    hmask w = h->where[k * n + d];
    if (!human_two(w))
      continue;
    int a = g->idx[h->region[k * n + human_first(w)]];
    int b = g->idx[h->region[k * n + human_first(w & (w - 1))]];
    if (a < 0 || b < 0)
      continue;
    bool dup = false;
    for (int i = 0; i < g->nadj[a]; i++)
      dup |= g->adj[a * HUMAN_MAX_REG + i] == b;
    if (dup)
      continue;
    g->adj[a * HUMAN_MAX_REG + g->nadj[a]++] = b;
    g->adj[b * HUMAN_MAX_REG + g->nadj[b]++] = a;
  }
}

typedef struct chain_scratch {
  xgraph g;
  int *colour, *queue, *prev, *dist; /* 2 * cells each */
} chain_scratch;

static void scratch_free(chain_scratch *s) {
  free(s->g.cell);
  free(s->g.idx);
  free(s->g.adj);
  free(s->g.nadj);
  free(s->colour);
  free(s->queue);
  free(s->prev);
  free(s->dist);
}

static chain_scratch *scratch(sks_human *h) {
  struct human_chain *hc = chain_of(h);
  int need = 2 * h->cells * h->n + 2;
  if (!hc->scratch)
    hc->scratch = sks_calloc(1, sizeof *hc->scratch);
  chain_scratch *s = hc->scratch;
  if (hc->scratch_cap < need) {
    scratch_free(s);
    size_t z = (size_t)need;
    s->g.cell = sks_malloc(z * sizeof(int));
    s->g.idx = sks_malloc(z * sizeof(int));
    s->g.adj = sks_malloc(z * HUMAN_MAX_REG * sizeof(int));
    s->g.nadj = sks_malloc(z * sizeof(int));
    s->colour = sks_malloc(z * sizeof(int));
    s->queue = sks_malloc(z * sizeof(int));
    s->prev = sks_malloc(z * sizeof(int));
    s->dist = sks_malloc(z * sizeof(int));
    hc->scratch_cap = need;
  }
  return s;
}

bool human_colouring(sks_human *h, int arg) {
  (void)arg;
  chain_scratch *s = scratch(h);
  xgraph *g = &s->g;
  for (int d = 0; d < h->n; d++) {
    /* it reads only d's marks and placements: unchanged since it last
     * found nothing on d, it finds nothing */
    if (human_none_since(h, human_none_colour(h, d), d))
      continue;
    xgraph_build(h, d, g);
    for (int i = 0; i < g->nc; i++)
      s->colour[i] = -1;
    int comp = 0;
    for (int root = 0; root < g->nc; root++) {
      if (s->colour[root] >= 0 || !g->nadj[root])
        continue;
      /* colour the component: 2*comp and 2*comp+1 */
      int head = 0, tail = 0, size = 0;
      s->queue[tail++] = root;
      s->colour[root] = 2 * comp;
      while (head < tail) {
        int u = s->queue[head++];
        size++;
        for (int i = 0; i < g->nadj[u]; i++) {
          int v = g->adj[u * HUMAN_MAX_REG + i];
          if (s->colour[v] < 0) {
            s->colour[v] = s->colour[u] ^ 1;
            s->queue[tail++] = v;
          }
        }
      }
      if (size < 3) {
        comp++;
        continue;
      }
      /* wrap: two cells of one colour see each other */
      int bad = -1;
      for (int i = 0; i < tail && bad < 0; i++)
        for (int j = i + 1; j < tail && bad < 0; j++) {
          int u = s->queue[i], v = s->queue[j];
          if (s->colour[u] == s->colour[v] &&
              human_sees(h, g->cell[u], g->cell[v]))
            bad = s->colour[u];
        }
      human_begin(h);
      int cells[64], nc = 0;
      if (bad >= 0) {
        for (int i = 0; i < tail; i++)
          if (s->colour[s->queue[i]] == bad) {
            human_elim(h, g->cell[s->queue[i]], d);
            if (nc < 64)
              cells[nc++] = g->cell[s->queue[i]];
          }
        if (h->opt.text) {
          char buf[512];
          snprintf(buf, sizeof buf,
                   "simple colouring on %d (colour wrap: two cells of one "
                   "colour see each other): ",
                   human_digit(d));
          human_cells_text(h, cells, nc, buf, sizeof buf);
          human_text(h, "%s", buf);
        }
        if (human_emit(h, SKS_TECH_SIMPLE_COLOURING,
                       6.5 + human_length_extra(tail), tail))
          return true;
        comp++;
        continue;
      }
      /* trap: a cell that sees both colours */
      for (int x = 0; x < g->nc; x++) {
        int cx = g->cell[x];
        bool see[2] = {false, false};
        for (int i = 0; i < tail; i++) {
          int u = s->queue[i];
          if (u != x && human_sees(h, cx, g->cell[u]))
            see[s->colour[u] & 1] = true;
        }
        if (see[0] && see[1] && s->colour[x] < 0)
          human_elim(h, cx, d);
      }
      if (h->nelim) {
        for (int i = 0; i < tail && nc < 64; i++)
          cells[nc++] = g->cell[s->queue[i]];
        if (h->opt.text) {
          char buf[512];
          snprintf(buf, sizeof buf,
                   "simple colouring on %d (colour trap) over ",
                   human_digit(d));
          human_cells_text(h, cells, nc, buf, sizeof buf);
          human_text(h, "%s", buf);
        }
        if (human_emit(h, SKS_TECH_SIMPLE_COLOURING,
                       6.5 + human_length_extra(tail), tail))
          return true;
      }
      comp++;
    }
    if (!h->collect)
      h->none_at[human_none_colour(h, d)] = h->tick;
  }
  return false;
}

/* The chain's cells from the end state back (prev links) into out;
 * returns how many. */
static int walk_back(const chain_scratch *s, int state, const xgraph *g,
                     int *out, int cap, int stride) {
  int k = 0;
  for (int x = state; x >= 0 && k < cap; x = s->prev[x])
    out[k++] = g ? g->cell[x / 2] : x / stride;
  return k;
}

/* X-chain: strong, weak, strong ... links on one digit from a to e (a
 * strong link first and last): a or e holds d, so d goes from the cells
 * that see both.  The shortest chain with an elimination is taken. */
bool human_x_chain(sks_human *h, int arg) {
  (void)arg;
  chain_scratch *s = scratch(h);
  xgraph *g = &s->g;
  int best_len = 1 << 30, best_d = -1, best_k = 0, best_path[256];
  for (int d = 0; d < h->n; d++) {
    /* as colouring; only a digit searched with no bound from an earlier
     * one's chain found nothing at all */
    if (human_none_since(h, human_none_xchain(h, d), d))
      continue;
    xgraph_build(h, d, g);
    for (int a = 0; a < g->nc; a++) {
      if (!g->nadj[a])
        continue;
      /* states: node*2 + (0: d true there, reached by a strong link;
       * 1: d false there, reached by a weak link) */
      for (int i = 0; i < 2 * g->nc; i++)
        s->dist[i] = -1;
      int head = 0, tail = 0;
      s->dist[2 * a + 1] = 0; /* assume a false */
      s->prev[2 * a + 1] = -1;
      s->queue[tail++] = 2 * a + 1;
      while (head < tail) {
        int st = s->queue[head++], u = st / 2, on = !(st & 1);
        if (s->dist[st] + 1 >= best_len && !h->collect)
          break;
        if (on && u != a && s->dist[st] >= 3) {
          int ends[2] = {g->cell[a], g->cell[u]};
          human_begin(h);
          human_elim_seeing(h, ends, 2, d);
          if (h->nelim) {
            best_len = s->dist[st] + 1;
            best_d = d;
            best_k = walk_back(s, st, g, best_path, 256, 2);
            if (h->collect)
              human_emit(h, SKS_TECH_X_CHAIN, 6.6, best_len);
            break;
          }
        }
        if (on) { /* weak links: every other node that sees u */
          for (int v = 0; v < g->nc; v++)
            if (v != u && human_sees(h, g->cell[u], g->cell[v]) &&
                s->dist[2 * v + 1] < 0) {
              s->dist[2 * v + 1] = s->dist[st] + 1;
              s->prev[2 * v + 1] = st;
              s->queue[tail++] = 2 * v + 1;
            }
        } else {
          for (int i = 0; i < g->nadj[u]; i++) {
            int v = g->adj[u * HUMAN_MAX_REG + i];
            if (s->dist[2 * v] < 0) {
              s->dist[2 * v] = s->dist[st] + 1;
              s->prev[2 * v] = st;
              s->queue[tail++] = 2 * v;
            }
          }
        }
      }
    }
    if (best_d < 0 && !h->collect)
      h->none_at[human_none_xchain(h, d)] = h->tick;
  }
  if (best_d < 0 || h->collect)
    return false;
  int ends[2] = {best_path[best_k - 1], best_path[0]};
  human_begin(h);
  human_elim_seeing(h, ends, 2, best_d);
  if (h->opt.text) {
    char buf[HUMAN_TEXT];
    snprintf(buf, sizeof buf, "X-chain on %d: ", human_digit(best_d));
    size_t len = strlen(buf);
    for (int i = best_k - 1; i >= 0 && len + 16 < sizeof buf; i--) {
      len +=
          (size_t)human_cell_name(h, best_path[i], buf + len, sizeof buf - len);
      if (i)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s",
                                (best_k - 1 - i) % 2 == 0 ? " = " : " - ");
    }
    human_text(h, "%s", buf);
  }
  return human_emit(h, SKS_TECH_X_CHAIN, 6.6 + human_length_extra(best_len),
                    best_len);
}

/* XY-chain: bivalue cells, each seeing the next and sharing a digit; if
 * the first is not x the last is x: x goes from the cells seeing both. */
bool human_xy_chain(sks_human *h, int arg) {
  (void)arg;
  memory *mem = &chain_of(h)->mem_xyc;
  if (mem_holds(h, mem, 2)) /* the same bivalue cells: nothing */
    return false;
  chain_scratch *s = scratch(h);
  int n = h->n;
  int best_len = 1 << 30;
  for (int a = 0; a < h->cells; a++) {
    if (!bivalue(h, a))
      continue;
    for (int side = 0; side < 2; side++) {
      hmask m = h->cand[a];
      int x = side ? human_first(m & (m - 1)) : human_first(m);
      int y = side ? human_first(m) : human_first(m & (m - 1));
      /* states cell*n + digit true there */
      int head = 0, tail = 0;
      int start = a * n + y;
      s->queue[tail++] = start;
      s->prev[0] = -1;
      /* dist by state in a small map: reuse colour as visited stamp */
      struct human_chain *hc = chain_of(h);
      if (hc->seen_cap < h->cells * n) {
        free(hc->seen_at);
        hc->seen_at = sks_calloc((size_t)h->cells * n, sizeof *hc->seen_at);
        hc->seen_cap = h->cells * n;
        hc->stamp = 0;
      }
      int *seen_at = hc->seen_at, stamp = ++hc->stamp;
      seen_at[start] = stamp;
      int *pv = s->prev, *ds = s->dist; /* indexed by queue slot */
      pv[0] = -1;
      ds[0] = 1;
      int found = -1;
      while (head < tail && found < 0) {
        int slot = head++, st = s->queue[slot];
        int u = st / n, v = st % n;
        if (2 * (ds[slot] + 1) >= best_len)
          break;
        for (int b = 0; b < h->cells && found < 0; b++) {
          if (b == u || !bivalue(h, b) || !(h->cand[b] >> v & 1) ||
              !human_sees(h, u, b))
            continue;
          int w = human_first(h->cand[b] & ~(1ULL << v));
          int ns = b * n + w;
          if (seen_at[ns] == stamp)
            continue;
          seen_at[ns] = stamp;
          pv[tail] = slot;
          ds[tail] = ds[slot] + 1;
          s->queue[tail++] = ns;
          if (w == x && b != a) {
            human_begin(h);
            int ends[2] = {a, b};
            human_elim_seeing(h, ends, 2, x);
            if (h->nelim)
              found = tail - 1;
          }
        }
      }
      if (found < 0)
        continue;
      int len = 2 * ds[found];
      if (h->opt.text) {
        char buf[HUMAN_TEXT];
        snprintf(buf, sizeof buf, "XY-chain on %d: ", human_digit(x));
        int path[128], k = 0;
        for (int q = found; q >= 0 && k < 128; q = pv[q])
          path[k++] = s->queue[q];
        size_t l = strlen(buf);
        for (int i = k - 1; i >= 0 && l + 24 < sizeof buf; i--) {
          int c = path[i] / n, dt = path[i] % n;
          int df = human_first(h->cand[c] & ~(1ULL << dt));
          l += (size_t)snprintf(buf + l, sizeof buf - l, "%s(%d=%d)",
                                i < k - 1 ? " - " : "", human_digit(df),
                                human_digit(dt));
          l += (size_t)human_cell_name(h, c, buf + l, sizeof buf - l);
        }
        human_text(h, "%s", buf);
      }
      if (human_emit(h, SKS_TECH_XY_CHAIN, 6.6 + human_length_extra(len), len))
        return true;
    }
  }
  mem_take(h, mem);
  return false;
}

/* ---- ALS-XZ ---- */

/* An almost locked set: k cells of one region holding k+1 digits. */
typedef struct als {
  int k, cells[5];
  hmask digits;
} als;

enum { ALS_MAX = 4000, ALS_SIZE = 4, ALS_HASH = 8192 /* > 2 * ALS_MAX */ };

/* Whether a set with a's cells (in a's order) was collected before;
 * records a as set `index` when not. */
static bool als_seen(struct human_chain *hc, const als *out, const als *a,
                     int index) {
  uint64_t x = (uint64_t)a->k * 0x9e3779b97f4a7c15ULL;
  for (int i = 0; i < a->k; i++)
    x = (x ^ (uint64_t)a->cells[i]) * 0xbf58476d1ce4e5b9ULL;
  for (unsigned j = (unsigned)(x >> 40) % ALS_HASH;; j = (j + 1) % ALS_HASH) {
    if (hc->als_gen[j] != hc->gen) {
      hc->als_gen[j] = hc->gen;
      hc->als_slot[j] = index + 1;
      return false;
    }
    const als *q = &out[hc->als_slot[j] - 1];
    if (q->k == a->k && q->digits == a->digits &&
        !memcmp(q->cells, a->cells, (size_t)a->k * sizeof(int)))
      return true;
  }
}

static int als_collect(sks_human *h, als *out, int cap) {
  int n = h->n, count = 0;
  struct human_chain *hc = chain_of(h);
  if (!hc->als_slot) {
    hc->als_slot = sks_malloc(ALS_HASH * sizeof *hc->als_slot);
    hc->als_gen = sks_calloc(ALS_HASH, sizeof *hc->als_gen);
  }
  if (++hc->gen == 0) { /* wrapped: every slot is free */
    memset(hc->als_gen, 0, ALS_HASH * sizeof *hc->als_gen);
    hc->gen = 1;
  }
  for (int reg = 0; reg < h->nreg && count < cap; reg++) {
    int open[64], no = 0;
    for (int j = 0; j < n; j++)
      if (h->val[h->region[reg * n + j]] < 0)
        open[no++] = h->region[reg * n + j];
    if (no > 20)
      continue;
    int idx[ALS_SIZE];
    for (int k = 1; k <= ALS_SIZE && k < no; k++) {
      /* combinations of k of the open cells */
      for (int i = 0; i < k; i++)
        idx[i] = i;
      for (;;) {
        hmask m = 0;
        for (int i = 0; i < k; i++)
          m |= h->cand[open[idx[i]]];
        if (human_popcount(m) == k + 1 && count < cap) {
          als *a = &out[count];
          a->k = k;
          a->digits = m;
          for (int i = 0; i < k; i++)
            a->cells[i] = open[idx[i]];
          /* the same cells from another region: once */
          if (!als_seen(hc, out, a, count))
            count++;
        }
        if (!human_next_pick(idx, k, no))
          break;
      }
    }
  }
  return count;
}

/* Marks each set old when ALS-XZ's memory holds and the set's cells
 * have the marks they had then; false (no set old) when it does not. */
static bool als_old(sks_human *h, const als *sets, int count) {
  struct human_chain *hc = chain_of(h);
  if (hc->old_cap < count || !hc->old) {
    hc->old_cap = count > 64 ? count : 64;
    hc->old = sks_realloc(hc->old, (size_t)hc->old_cap * sizeof *hc->old);
    hc->fresh = sks_realloc(hc->fresh, (size_t)hc->old_cap * sizeof *hc->fresh);
  }
  bool ok = mem_holds(h, &hc->mem_als, 0);
  for (int i = 0; i < count; i++) {
    bool o = ok;
    for (int p = 0; p < sets[i].k && o; p++)
      o = h->cand[sets[i].cells[p]] == hc->mem_als.cand[sets[i].cells[p]];
    hc->old[i] = o;
  }
  return ok;
}

/* Every pair looked at and nothing found: remembered, unless the sets hit
 * their cap (some were never looked at). */
static void als_remember(sks_human *h, int count) {
  struct human_chain *hc = chain_of(h);
  mem_take(h, &hc->mem_als);
  hc->mem_als.ok = hc->mem_als.ok && count < ALS_MAX;
}

/* Up to 128 cells (9x9, 10x10, 11x11): each ALS as bit masks, so a
 * pair costs a few word operations. */
typedef struct als_bits {
  uint64_t cells[2];
  uint64_t has[64][2];  /* by digit: its cells holding the digit */
  uint64_t sees[64][2]; /* by digit: the cells that see all of those */
} als_bits;

static void peers2(const sks_human *h, int c, uint64_t *out) {
  out[0] = h->peers[(size_t)c * h->pw];
  out[1] = h->pw > 1 ? h->peers[(size_t)c * h->pw + 1] : 0;
}

static bool als_pairs_small(sks_human *h, const als *sets, int count) {
  struct human_chain *hc = chain_of(h);
  if (hc->bits_cap < count) {
    free(hc->bits);
    hc->bits = sks_malloc((size_t)count * sizeof *hc->bits);
    hc->bits_cap = count;
  }
  als_bits *b = hc->bits;
  uint64_t dig[64][2] = {{0}}; /* open cells holding each digit */
  for (int c = 0; c < h->cells; c++)
    if (h->val[c] < 0)
      for (hmask m = h->cand[c]; m; m &= m - 1)
        dig[human_first(m)][c / 64] |= 1ULL << (c % 64);
  for (int i = 0; i < count; i++) {
    const als *A = &sets[i];
    als_bits *x = &b[i];
    x->cells[0] = x->cells[1] = 0;
    for (hmask m = A->digits; m; m &= m - 1) {
      int d = human_first(m);
      x->has[d][0] = x->has[d][1] = 0;
      x->sees[d][0] = x->sees[d][1] = ~0ULL;
    }
    for (int p = 0; p < A->k; p++) {
      int c = A->cells[p];
      x->cells[c / 64] |= 1ULL << (c % 64);
      uint64_t pe[2];
      peers2(h, c, pe);
      for (hmask m = h->cand[c]; m; m &= m - 1) {
        int d = human_first(m);
        x->has[d][c / 64] |= 1ULL << (c % 64);
        x->sees[d][0] &= pe[0];
        x->sees[d][1] &= pe[1];
      }
    }
  }
  /* the pairs in order, but for an old set only those with a set not
   * old (fresh, in order) */
  const bool *old = hc->old;
  int *fresh = hc->fresh, nf = 0, f0 = 0;
  for (int i = 0; i < count; i++)
    if (!old[i])
      fresh[nf++] = i;
  for (int i = 0; i < count; i++) {
    while (f0 < nf && fresh[f0] <= i)
      f0++;
    int nj = old[i] ? nf - f0 : count - i - 1;
    for (int jt = 0; jt < nj; jt++) {
      int j = old[i] ? fresh[f0 + jt] : i + 1 + jt;
      const als_bits *A = &b[i], *B = &b[j];
      hmask common = sets[i].digits & sets[j].digits;
      if (!human_many(common) || (A->cells[0] & B->cells[0]) ||
          (A->cells[1] & B->cells[1]))
        continue;
      for (hmask mx = common; mx; mx &= mx - 1) {
        int x = human_first(mx);
        if ((B->has[x][0] & ~A->sees[x][0]) || (B->has[x][1] & ~A->sees[x][1]))
          continue; /* not a restricted common */
        human_begin(h);
        for (hmask mz = common & ~(1ULL << x); mz; mz &= mz - 1) {
          int z = human_first(mz);
          for (int w = 0; w < 2; w++)
            for (uint64_t t = A->sees[z][w] & B->sees[z][w] & dig[z][w] &
                              ~A->cells[w] & ~B->cells[w];
                 t; t &= t - 1)
              human_elim(h, w * 64 + human_first(t), z);
        }
        if (!h->nelim)
          continue;
        if (h->opt.text) {
          char buf[512];
          snprintf(buf, sizeof buf, "ALS-XZ, X = %d: ", human_digit(x));
          human_cells_text(h, sets[i].cells, sets[i].k, buf, sizeof buf);
          size_t l = strlen(buf);
          snprintf(buf + l, sizeof buf - l, " and ");
          human_cells_text(h, sets[j].cells, sets[j].k, buf, sizeof buf);
          human_text(h, "%s", buf);
        }
        if (human_emit(h, SKS_TECH_ALS_XZ, 7.0, sets[i].k + sets[j].k))
          return true;
      }
    }
  }
  return false;
}

bool human_als_xz(sks_human *h, int arg) {
  (void)arg;
  struct human_chain *hc = chain_of(h);
  if (!hc->sets)
    hc->sets = sks_malloc(ALS_MAX * sizeof *hc->sets);
  als *sets = hc->sets;
  int count = als_collect(h, sets, ALS_MAX);
  als_old(h, sets, count);
  if (h->cells <= 128) {
    if (als_pairs_small(h, sets, count))
      return true;
    als_remember(h, count);
    return false;
  }
  const bool *old = hc->old;
  for (int i = 0; i < count; i++)
    for (int j = i + 1; j < count; j++) {
      als *A = &sets[i], *B = &sets[j];
      hmask common = A->digits & B->digits;
      if (!human_many(common) || (old[i] && old[j]))
        continue;
      bool overlap = false;
      for (int p = 0; p < A->k && !overlap; p++)
        overlap = in_cells(B->cells, B->k, A->cells[p]);
      if (overlap)
        continue;
      for (hmask mx = common; mx; mx &= mx - 1) {
        int x = human_first(mx);
        /* restricted common: every x of A sees every x of B */
        bool rc = true;
        for (int p = 0; p < A->k && rc; p++)
          if (h->cand[A->cells[p]] >> x & 1)
            for (int q = 0; q < B->k && rc; q++)
              if (h->cand[B->cells[q]] >> x & 1)
                rc = human_sees(h, A->cells[p], B->cells[q]);
        if (!rc)
          continue;
        human_begin(h);
        for (hmask mz = common & ~(1ULL << x); mz; mz &= mz - 1) {
          int z = human_first(mz), zc[10], nz = 0;
          for (int p = 0; p < A->k; p++)
            if (h->cand[A->cells[p]] >> z & 1)
              zc[nz++] = A->cells[p];
          for (int q = 0; q < B->k; q++)
            if (h->cand[B->cells[q]] >> z & 1)
              zc[nz++] = B->cells[q];
          human_elim_seeing(h, zc, nz, z);
        }
        if (!h->nelim)
          continue;
        if (h->opt.text) {
          char buf[512];
          snprintf(buf, sizeof buf, "ALS-XZ, X = %d: ", human_digit(x));
          human_cells_text(h, A->cells, A->k, buf, sizeof buf);
          size_t l = strlen(buf);
          snprintf(buf + l, sizeof buf - l, " and ");
          human_cells_text(h, B->cells, B->k, buf, sizeof buf);
          human_text(h, "%s", buf);
        }
        if (human_emit(h, SKS_TECH_ALS_XZ, 7.0, A->k + B->k))
          return true;
      }
    }
  als_remember(h, count);
  return false;
}

void human_chain_free(sks_human *h) {
  struct human_chain *hc = h->chain;
  if (!hc)
    return;
  if (hc->scratch)
    scratch_free(hc->scratch);
  free(hc->scratch);
  free(hc->seen_at);
  free(hc->bits);
  free(hc->sets);
  free(hc->als_slot);
  free(hc->als_gen);
  mem_free(&hc->mem_xy);
  mem_free(&hc->mem_xyz);
  mem_free(&hc->mem_xyc);
  mem_free(&hc->mem_als);
  free(hc->old);
  free(hc->fresh);
  free(hc);
  h->chain = NULL;
}
