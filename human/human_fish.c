/* The human solver's fish: X-wing, swordfish and jellyfish over rows or
 * columns, and their finned (and sashimi) forms with fins in one region
 * that is not a line. */
#include "human_int.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

static const char *const fish_names[5] = {"", "", "X-wing", "swordfish",
                                          "jellyfish"};
static const sks_technique fish_tech[2][5] = {
    {0, 0, SKS_TECH_X_WING, SKS_TECH_SWORDFISH, SKS_TECH_JELLYFISH},
    {0, 0, SKS_TECH_FINNED_X_WING, SKS_TECH_FINNED_SWORDFISH,
     SKS_TECH_FINNED_JELLYFISH}};

typedef struct fish_ctx {
  int k, d, orient; /* orient 0: base rows, cover columns */
  bool finned;
  int base[4];
} fish_ctx;

static int line_cell(const sks_human *h, int orient, int line, int j) {
  return orient ? j * h->n + line : line * h->n + j;
}

static bool fish_text_emit(sks_human *h, fish_ctx *f, hmask cover,
                           int fin_box) {
  if (!h->nelim)
    return false;
  if (h->opt.text) {
    char buf[256];
    size_t len = (size_t)snprintf(
        buf, sizeof buf, "%s%s on %d in %s ", f->finned ? "finned " : "",
        fish_names[f->k], human_digit(f->d), f->orient ? "columns" : "rows");
    for (int i = 0; i < f->k; i++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", i ? "," : "",
                              f->base[i] + 1);
    len += (size_t)snprintf(buf + len, sizeof buf - len, ", %s ",
                            f->orient ? "rows" : "columns");
    int i = 0;
    for (hmask m = cover; m; m &= m - 1, i++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%d", i ? "," : "",
                              human_first(m) + 1);
    if (fin_box >= 0) {
      char r[48];
      human_region_name(h, fin_box, r, sizeof r);
      snprintf(buf + len, sizeof buf - len, ", fins in %s", r);
    }
    human_text(h, "%s", buf);
  }
  sks_technique t = fish_tech[f->finned][f->k];
  return human_emit(h, t, sks_technique_weight(t), 0);
}

/* The next larger number with as many bits set as s (s > 0). */
static unsigned next_subset(unsigned s) {
  unsigned lo = s & -s, up = s + lo;
  return (((up ^ s) >> 2) / lo) | up;
}

static bool fish_check(sks_human *h, fish_ctx *f) {
  int n = h->n, k = f->k, d = f->d, o = f->orient;
  hmask rows[4], uni = 0, basemask = 0;
  for (int i = 0; i < k; i++) {
    rows[i] = h->where[(o * n + f->base[i]) * n + d];
    uni |= rows[i];
    basemask |= 1ULL << f->base[i];
  }
  if (!f->finned) {
    if (human_popcount(uni) != k)
      return false;
    human_begin(h);
    for (hmask m = uni; m; m &= m - 1) {
      int j = human_first(m);
      for (int line = 0; line < n; line++)
        if (!(basemask >> line & 1))
          human_elim(h, line_cell(h, o, line, j), d);
    }
    return fish_text_emit(h, f, uni, -1);
  }
  if (human_popcount(uni) <= k)
    return false; /* no fin: a plain fish (or less) */
  if (h->plain &&
      human_popcount(uni) > k + (o ? h->shape->box_rows : h->shape->box_cols))
    return false; /* the fins lie in one box, within its width */
  /* The fins lie in one region B (not a line): the cover is the
   * columns outside B's part, filled up with B's columns. */
  /* the regions (not lines) that hold a base place */
  int regs[64], nregs = 0;
  uint64_t seen[(3 * 64 + 8 + 63) / 64] = {0};
  assert(h->nreg <= 64 * (int)(sizeof seen / sizeof *seen));
  for (int i = 0; i < k; i++)
    for (hmask m = rows[i]; m; m &= m - 1) {
      int c = line_cell(h, o, f->base[i], human_first(m));
      for (int q = 0; q < h->ncreg[c]; q++) {
        int b = h->creg[c * HUMAN_MAX_REG + q];
        if (b < 2 * n || (seen[b / 64] >> (b % 64) & 1) || nregs == 64)
          continue;
        seen[b / 64] |= 1ULL << (b % 64);
        regs[nregs++] = b;
      }
    }
  for (int ri = 0; ri < nregs; ri++) {
    int b = regs[ri];
    hmask inb = 0, outb = 0; /* columns of base places in / out of b */
    const hmask *rl = h->regline + (b * 2 + o) * n;
    for (int i = 0; i < k; i++) {
      inb |= rows[i] & rl[f->base[i]];
      outb |= rows[i] & ~rl[f->base[i]];
    }
    if (!inb || human_popcount(outb) > k)
      continue;
    /* Covers: outb plus k - |outb| columns of inb (each choice). */
    hmask extra = inb & ~outb;
    int need = k - human_popcount(outb);
    if (human_popcount(extra) < need)
      continue;
    /* enumerate subsets of extra of size need (extra is small) */
    int bits[64], nb = 0;
    for (hmask m = extra; m; m &= m - 1)
      bits[nb++] = human_first(m);
    if (nb > 12)
      continue;
    /* the subsets of `need` bits in increasing order (Gosper's step) */
    unsigned last = need ? ((1u << need) - 1) << (nb - need) : 0;
    unsigned first = need ? (1u << need) - 1 : 0;
    for (unsigned s = first, done = 0; !done;
         done = s == last, s = done ? s : next_subset(s)) {
      hmask cover = outb;
      for (int i = 0; i < nb; i++)
        if (s >> i & 1)
          cover |= 1ULL << bits[i];
      hmask fins = inb & ~cover;
      bool anyfin = false;
      for (int i = 0; i < k; i++)
        anyfin |= (rows[i] & fins) != 0;
      if (!anyfin || !fins)
        continue;
      /* each base line must touch the cover or a fin */
      human_begin(h);
      const int *rb = h->region + b * n;
      for (int j = 0; j < n; j++) {
        int c = rb[j];
        int line = o ? c % n : c / n, col = o ? c / n : c % n;
        if (!(basemask >> line & 1) && (cover >> col & 1))
          human_elim(h, c, d);
      }
      if (fish_text_emit(h, f, cover, b))
        return true;
    }
  }
  return false;
}

static bool fish_rec(sks_human *h, fish_ctx *f, int from, int depth,
                     hmask uni) {
  int n = h->n;
  if (depth == f->k)
    return fish_check(h, f);
  /* the union of the base places: at most k columns, or with fins in one
   * box at most k plus its width */
  int most = f->k;
  if (f->finned)
    most = h->plain
               ? f->k + (f->orient ? h->shape->box_rows : h->shape->box_cols)
               : n;
  for (int line = from; line < n; line++) {
    hmask w = h->where[(f->orient * n + line) * n + f->d];
    int cnt = human_popcount(w);
    if (cnt < 1)
      continue;
    if (cnt == 1 && h->val[line_cell(h, f->orient, line, human_first(w))] >= 0)
      continue;
    if (!f->finned && (cnt < 2 || cnt > f->k))
      continue;
    if (f->finned && cnt > f->k + 3)
      continue;
    if (human_popcount(uni | w) > most)
      continue;
    f->base[depth] = line;
    if (fish_rec(h, f, line + 1, depth + 1, uni | w))
      return true;
  }
  return false;
}

static bool fish(sks_human *h, int k, bool finned) {
  fish_ctx f = {.k = k, .finned = finned};
  for (f.d = 0; f.d < h->n; f.d++) {
    /* a fish of d reads only d's marks and placements: the same as when
     * it was last not there (no change stamped since), it is not there */
    size_t none = human_none_fish(h, finned, k, f.d);
    if (human_none_since(h, none, f.d))
      continue;
    for (f.orient = 0; f.orient < 2; f.orient++)
      if (fish_rec(h, &f, 0, 0, 0))
        return true;
    if (!h->collect)
      h->none_at[none] = h->tick;
  }
  return false;
}

bool human_fish(sks_human *h, int k) {
  return fish(h, k, false);
}

bool human_finned_fish(sks_human *h, int k) {
  return fish(h, k, true);
}
