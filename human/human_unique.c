/* The human solver's uniqueness techniques on loops: unique rectangles
 * and unique loops of Sudoku Explainer's types 1-4 (plain shapes, a
 * puzzle known to be unique).
 *
 * A unique loop on digits a and b is a closed path of open cells, each
 * holding a and b, each sharing a region with the next (by a region of
 * another kind than the step before), every region it visits holding
 * exactly two of its cells, one at an even and one at an odd place.  Were
 * every cell of it left with a and b alone, the two digits could be
 * swapped along it: two solutions.  So in a unique puzzle the cells with
 * more candidates (the loop's rescue cells) cannot all lose their others:
 * type 1, one rescue cell: it is not a or b; type 2, the rescue cells
 * share one more digit x alone: x is in one of them, and goes from every
 * cell that sees them all; type 3, two rescue cells in one region: one of
 * them holds one of their other digits, which act as one cell of a naked
 * set in that region (or a and b, with digits neither holds, as a hidden
 * set); type 4, two rescue cells in one region where a has no other
 * place: one of them is a, so neither is b.  A rectangle is a loop of
 * four cells.
 *
 * As SE finds them (UniqueLoops.java): a depth-first search from every
 * cell holding two candidates, up to two rescue cells (more when they
 * all share one extra digit: type 2); the steps found are ordered by
 * SE's rating, then type, and the first taken.  SE's search carries the
 * extra digits of a cell's neighbours tried before into the next one's
 * test; this one does the same, so that it finds the loops SE finds. */
#include "human_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The search's state (one loop at a time). */
typedef struct ul_search {
  sks_human *h;
  hmask ab; /* the loop's two digits */
  int a, b;
  int *pair, pairs;    /* the cells after the first holding a and b alone */
  int *loop, len, cap; /* the path */
  bool *in;            /* by cell: on the path */
  /* the best step so far: its rating in tenths and type, its
   * eliminations and text */
  int best_tenths, best_type, best_len;
  sks_technique best_tech;
  int *best_elim, best_nelim;
  char *best_text;
  bool found;
  bool stop; /* collecting: an emit asked to stop (never) */
} ul_search;

/* The region of cell c of kind k (0 row, 1 column, 2 box). */
static int reg_of(const sks_human *h, int c, int k) {
  return h->creg[c * HUMAN_MAX_REG + k];
}

/* SE's rating of a loop of len cells, in tenths: 4.5 for four, 4.6 for
 * six, 4.7 for eight, 5.0 for ten or more. */
static int loop_tenths(int len) {
  return 45 + (len >= 10 ? 3 : 0) + (len >= 8 ? 2 : len >= 6 ? 1 : 0);
}

/* SE's test of a loop: every region its cells visit is visited once at
 * an even place and once at an odd one. */
static bool valid_loop(const sks_human *h, const int *loop, int len) {
  int n = h->n;
  unsigned char cnt[2 * 3 * 64];
  memset(cnt, 0, (size_t)6 * n);
  for (int i = 0; i < len; i++)
    for (int k = 0; k < 3; k++) {
      unsigned char *x = &cnt[(i & 1) * 3 * n + reg_of(h, loop[i], k)];
      if (*x)
        return false;
      *x = 1;
    }
  for (int r = 0; r < 3 * n; r++)
    if (cnt[r] != cnt[3 * n + r])
      return false;
  return true;
}

static void loop_text(ul_search *s, const char *what, int type,
                      const char *more) {
  sks_human *h = s->h;
  if (!h->opt.text)
    return;
  char buf[HUMAN_TEXT];
  snprintf(buf, sizeof buf, "%s type %d on %d%d in ", what, type,
           human_digit(s->a), human_digit(s->b));
  human_cells_text(h, s->loop, s->len, buf, sizeof buf);
  human_text(h, "%s%s", buf, more);
}

/* A step of the loop built in h: emitted when collecting, else kept when
 * it is easier than the best so far (SE: by rating, then type; the first
 * found among equals). */
static void offer(ul_search *s, int type, int extra_tenths) {
  sks_human *h = s->h;
  if (!h->nelim)
    return;
  int tenths = loop_tenths(s->len) + extra_tenths;
  sks_technique t =
      s->len == 4 ? SKS_TECH_UNIQUE_RECTANGLE : SKS_TECH_UNIQUE_LOOP;
  if (h->collect) {
    human_emit(h, t, tenths / 10.0, s->len);
    return;
  }
  if (s->found && (tenths > s->best_tenths ||
                   (tenths == s->best_tenths && type >= s->best_type)))
    return;
  s->found = true;
  s->best_tenths = tenths;
  s->best_type = type;
  s->best_len = s->len;
  s->best_tech = t;
  s->best_nelim = h->nelim;
  memcpy(s->best_elim, h->elim, (size_t)h->nelim * sizeof *h->elim);
  strcpy(s->best_text, h->text);
}

/* Type 3: the rescue cells r1 and r2 share region k; their digits other
 * than a and b (extra, two or more) act as one cell of a naked set of
 * size deg with deg - 1 other cells of k, or a and b with deg - 2 digits
 * neither rescue cell holds as a hidden set of size deg whose places
 * (r2 aside) are r1 and deg - 1 other cells. */
static void type3_naked(ul_search *s, int k, int r1, int r2, hmask extra,
                        int deg, const int *cells, int nc) {
  sks_human *h = s->h;
  int n = h->n;
  /* SE's test: the other cells' digits with the extra digits both rescue
   * cells hold are already the set */
  hmask both = extra & h->cand[r1] & h->cand[r2];
  int pick[64], m = deg - 1;
  if (m > nc)
    return;
  for (int i = 0; i < m; i++)
    pick[i] = i;
  for (;;) {
    hmask u = 0;
    for (int i = 0; i < m; i++)
      u |= h->cand[cells[pick[i]]];
    if (human_popcount(u | both) == deg && human_popcount(u | extra) == deg) {
      hmask set = u | extra;
      human_begin(h);
      for (int j = 0; j < n; j++) {
        int c = h->region[k * n + j];
        bool chosen = c == r1 || c == r2;
        for (int i = 0; i < m && !chosen; i++)
          chosen = cells[pick[i]] == c;
        if (!chosen)
          for (hmask x = h->cand[c] & set; x; x &= x - 1)
            human_elim(h, c, human_first(x));
      }
      if (h->nelim && h->opt.text) {
        char more[256], reg[48];
        int chosen[64];
        for (int i = 0; i < m; i++)
          chosen[i] = cells[pick[i]];
        human_region_name(h, k, reg, sizeof reg);
        int len = snprintf(more, sizeof more, ": one of the rescue cells is ");
        for (hmask x = extra; x; x &= x - 1)
          len += snprintf(more + len, sizeof more - (size_t)len, "%s%d",
                          x == extra ? "" : "/", human_digit(human_first(x)));
        len += snprintf(more + len, sizeof more - (size_t)len,
                        ", a naked set of %d digits in %s with ", deg, reg);
        more[sizeof more - 1] = 0;
        human_cells_text(h, chosen, m, more, sizeof more);
        loop_text(s, s->len == 4 ? "unique rectangle" : "unique loop", 3, more);
      }
      offer(s, 3, deg - 1);
    }
    if (!human_next_pick(pick, m, nc))
      break;
  }
}

static void type3_hidden(ul_search *s, int k, int r1, int r2, hmask extra,
                         int deg) {
  sks_human *h = s->h;
  int n = h->n;
  hmask all = n == 64 ? ~0ULL : (1ULL << n) - 1;
  hmask rest = all & ~s->ab & ~extra;
  int digits[64], nd = 0;
  for (hmask x = rest; x; x &= x - 1)
    digits[nd++] = human_first(x);
  int m = deg - 2, pick[64];
  if (m > nd)
    return;
  hmask r2bit = 0;
  for (int j = 0; j < n; j++)
    if (h->region[k * n + j] == r2)
      r2bit = 1ULL << j;
  for (int i = 0; i < m; i++)
    pick[i] = i;
  for (;;) {
    hmask set = s->ab, places = 0;
    bool ok = true;
    for (int i = 0; i < m; i++)
      set |= 1ULL << digits[pick[i]];
    for (hmask x = set; x && ok; x &= x - 1) {
      hmask w = h->where[k * n + human_first(x)] & ~r2bit;
      /* a placed digit's one place is no place of an open cell */
      if (human_one(w) && h->val[h->region[k * n + human_first(w)]] >= 0)
        w = 0;
      ok = w != 0;
      places |= w;
    }
    if (ok && human_popcount(places) == deg) {
      human_begin(h);
      int others[64], no = 0;
      for (hmask x = places; x; x &= x - 1) {
        int c = h->region[k * n + human_first(x)];
        if (c == r1 || c == r2)
          continue;
        others[no++] = c;
        for (hmask y = h->cand[c] & ~set; y; y &= y - 1)
          human_elim(h, c, human_first(y));
      }
      if (h->nelim && h->opt.text) {
        char more[256], reg[48];
        human_region_name(h, k, reg, sizeof reg);
        int len = snprintf(more, sizeof more, ": a hidden set of ");
        for (hmask x = set; x; x &= x - 1)
          len += snprintf(more + len, sizeof more - (size_t)len, "%s%d",
                          x == set ? "" : "/", human_digit(human_first(x)));
        snprintf(more + len, sizeof more - (size_t)len,
                 " in %s, one rescue cell and ", reg);
        human_cells_text(h, others, no, more, sizeof more);
        loop_text(s, s->len == 4 ? "unique rectangle" : "unique loop", 3, more);
      }
      offer(s, 3, no - 1);
    }
    if (!human_next_pick(pick, m, nd))
      break;
  }
}

static void type3(ul_search *s, int r1, int r2) {
  sks_human *h = s->h;
  int n = h->n;
  hmask extra = (h->cand[r1] | h->cand[r2]) & ~s->ab;
  static const int kinds[3] = {2, 0, 1}; /* SE's order: box, row, column */
  for (int deg = human_popcount(extra); deg <= n - 2; deg++)
    for (int q = 0; q < 3; q++) {
      int k = reg_of(h, r1, kinds[q]);
      if (k != reg_of(h, r2, kinds[q]))
        continue;
      int open = 0, cells[64], nc = 0;
      for (int j = 0; j < n; j++) {
        int c = h->region[k * n + j];
        if (h->val[c] >= 0)
          continue;
        open++;
        if (c != r1 && c != r2 && human_many(h->cand[c]))
          cells[nc++] = c;
      }
      if (deg * 2 <= open)
        type3_naked(s, k, r1, r2, extra, deg, cells, nc);
      if (deg * 2 < open)
        type3_hidden(s, k, r1, r2, extra, deg);
    }
}

/* Type 4: a region of both rescue cells where one loop digit has no
 * other place; SE takes a's (the lower digit's) region first, and of
 * each digit the last region in its order (box, row, column). */
static void type4(ul_search *s, int r1, int r2) {
  sks_human *h = s->h;
  int n = h->n, ka = -1, kb = -1;
  static const int kinds[3] = {2, 0, 1};
  for (int q = 0; q < 3; q++) {
    int k = reg_of(h, r1, kinds[q]);
    if (k != reg_of(h, r2, kinds[q]))
      continue;
    hmask pair = 0;
    for (int j = 0; j < n; j++) {
      int c = h->region[k * n + j];
      if (c == r1 || c == r2)
        pair |= 1ULL << j;
    }
    hmask wa = h->where[k * n + s->a] & ~pair;
    hmask wb = h->where[k * n + s->b] & ~pair;
    if (!wa)
      ka = k;
    if (!wb)
      kb = k;
  }
  int k = ka >= 0 ? ka : kb, lock = ka >= 0 ? s->a : s->b;
  int gone = ka >= 0 ? s->b : s->a;
  if (k < 0)
    return;
  human_begin(h);
  human_elim(h, r1, gone);
  human_elim(h, r2, gone);
  if (h->nelim && h->opt.text) {
    char more[160], reg[48], c1[16], c2[16];
    human_region_name(h, k, reg, sizeof reg);
    human_cell_name(h, r1, c1, sizeof c1);
    human_cell_name(h, r2, c2, sizeof c2);
    snprintf(more, sizeof more,
             ": %d is in %s or %s (its only places in %s), so neither is %d",
             human_digit(lock), c1, c2, reg, human_digit(gone));
    loop_text(s, s->len == 4 ? "unique rectangle" : "unique loop", 4, more);
  }
  offer(s, 4, 0);
}

/* The steps of the loop now on the path (valid_loop holds). */
static void loop_steps(ul_search *s) {
  sks_human *h = s->h;
  int rescue[64], nr = 0;
  for (int i = 0; i < s->len; i++)
    if (!human_two(h->cand[s->loop[i]]))
      rescue[nr++] = s->loop[i];
  const char *what = s->len == 4 ? "unique rectangle" : "unique loop";
  if (nr == 1) {
    human_begin(h);
    human_elim(h, rescue[0], s->a);
    human_elim(h, rescue[0], s->b);
    if (h->opt.text) {
      char more[64], c[16];
      human_cell_name(h, rescue[0], c, sizeof c);
      snprintf(more, sizeof more, ": %s is neither", c);
      loop_text(s, what, 1, more);
    }
    offer(s, 1, 0);
    return;
  }
  if (nr < 2)
    return; /* no rescue cell: not a unique puzzle */
  hmask extra = 0;
  for (int i = 0; i < nr; i++)
    extra |= h->cand[rescue[i]] & ~s->ab;
  if (human_one(extra)) { /* type 2 */
    int x = human_first(extra);
    human_begin(h);
    human_elim_seeing(h, rescue, nr, x);
    if (h->nelim && h->opt.text) {
      char more[256];
      snprintf(more, sizeof more, ": %d is in one of ", human_digit(x));
      human_cells_text(h, rescue, nr, more, sizeof more);
      loop_text(s, what, 2, more);
    }
    offer(s, 2, 0);
  } else if (nr == 2)
    type3(s, rescue[0], rescue[1]);
  if (nr == 2)
    type4(s, rescue[0], rescue[1]);
}

/* Whether the path with x after it can go on by a cell of the pair not
 * on it, or be closed by x. */
static bool goes_on(const ul_search *s, int x) {
  if (s->len >= 3 && human_sees(s->h, x, s->loop[0]))
    return true;
  for (int i = 0; i < s->pairs; i++)
    if (!s->in[s->pair[i]] && human_sees(s->h, x, s->pair[i]))
      return true;
  return false;
}

/* SE's search from the path's last cell c: a next cell in a region of c
 * of another kind than the step into c, holding a and b; a cell with
 * more candidates while at most two are on the path, or while every such
 * cell's extra digits (with those of the cells tried before it here) are
 * one digit.  Each loop is found from its first cell with two
 * candidates (SE finds it again from the others, later: a step no
 * easier). */
static void dfs(ul_search *s, int c, int last_kind, int allowed, hmask ex) {
  sks_human *h = s->h;
  int n = h->n;
  if (s->len >= s->cap)
    return;
  s->loop[s->len++] = c;
  s->in[c] = true;
  static const int kinds[3] = {2, 0, 1};
  for (int q = 0; q < 3; q++) {
    int kind = kinds[q];
    if (kind == last_kind)
      continue;
    int k = reg_of(h, c, kind);
    for (int j = 0; j < n; j++) {
      int x = h->region[k * n + j];
      if (x == s->loop[0] && s->len >= 4) {
        if (valid_loop(h, s->loop, s->len))
          loop_steps(s);
        continue;
      }
      if (s->in[x] || h->val[x] >= 0 || (h->cand[x] & s->ab) != s->ab)
        continue;
      ex |= h->cand[x] & ~s->ab;
      bool two = human_two(h->cand[x]);
      /* a cell of the pair before the first is a first whose search
       * found every loop through it */
      if (two && x < s->loop[0])
        continue;
      /* with no other cell holding a and b alone, a loop (four cells
       * or more) has three rescue cells or more, which needs their
       * extra digits (ex, which only grows) to be one */
      if (!two && !s->pairs && !human_one(ex))
        continue;
      /* past the last rescue cell allowed so, x goes on by a cell of the
       * pair or closes the loop */
      if (!two && allowed == 1 && !human_one(ex) && !goes_on(s, x))
        continue;
      if (two || human_one(ex) || allowed > 0)
        dfs(s, x, kind, allowed - !two, ex);
    }
  }
  s->in[c] = false;
  s->len--;
}

bool human_unique_loop(sks_human *h, int arg) {
  (void)arg;
  if (!h->plain || h->nreg != 3 * h->n) /* rows, columns and boxes */
    return false;
  ul_search s = {.h = h, .cap = h->cells};
  s.loop = sks_malloc((size_t)h->cells * sizeof *s.loop);
  s.in = sks_calloc((size_t)h->cells, sizeof *s.in);
  s.pair = sks_malloc((size_t)h->cells * sizeof *s.pair);
  s.best_elim = sks_malloc((size_t)h->cells * h->n * sizeof *s.best_elim);
  s.best_text = sks_malloc(HUMAN_TEXT);
  s.best_text[0] = 0;
  for (int c = 0; c < h->cells; c++) {
    if (h->val[c] >= 0 || !human_two(h->cand[c]))
      continue;
    s.ab = h->cand[c];
    s.a = human_first(s.ab);
    s.b = human_first(s.ab & (s.ab - 1));
    s.pairs = 0;
    for (int x = c + 1; x < h->cells; x++)
      if (h->val[x] < 0 && h->cand[x] == s.ab)
        s.pair[s.pairs++] = x;
    dfs(&s, c, -1, 2, 0);
  }
  bool found = false;
  if (s.found) {
    human_begin(h);
    for (int i = 0; i < s.best_nelim; i++)
      human_elim(h, s.best_elim[i] / h->n, s.best_elim[i] % h->n);
    if (h->opt.text)
      human_text(h, "%s", s.best_text);
    found = human_emit(h, s.best_tech, s.best_tenths / 10.0, s.best_len);
  }
  free(s.loop);
  free(s.in);
  free(s.pair);
  free(s.best_elim);
  free(s.best_text);
  return found;
}
