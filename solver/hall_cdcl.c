/* The hall engine's search (hall_int.h): clauses in, unit propagation
 * over two watched literals, conflict analysis to the first UIP with
 * recursive minimisation, EVSIDS decisions with saved and target phases,
 * focused mode (restarts on the LBDs' moving averages) and stable mode
 * (Luby restarts) in turn, rephasing, trail reuse, and the loop that runs
 * them under a conflict limit and a terminate callback. */
#include "hall_int.h"

#include "require_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* seen[] marks of the analysis and the minimisation */
enum {
  SEEN = 1,
  REMOVABLE = 2,
  POISON = 4,
  BLOCK = 8,
  IN_POS = 16,
  IN_NEG = 32
};
/* Learned clauses a new one is tried against for subsumption */
#define EAGER_SUBSUME 20

/* How deep the minimisation follows reasons before it gives up. */
#define MINIMIZE_DEPTH 1000
/* EVSIDS: activities grow by 1/decay a conflict, in focused and in
 * stable mode. */
#define DECAY_FOCUSED 0.95
#define DECAY_STABLE 0.95
/* Modes: the first switch after MODE_FIRST conflicts, each mode as long
 * as the one before it, the length doubled after each stable one. */
#define MODE_FIRST 1000
/* Stable mode's restarts: reluctant doubling (the Luby sequence) in
 * units of this many conflicts. */
#define LUBY_UNIT 1024
/* Rephasing after REPHASE_INT, 2 REPHASE_INT, 3 REPHASE_INT, ...
 * conflicts. */
#define REPHASE_INT 1000
/* Restarts: the fast average of the LBDs past the slow one by this
 * factor, and at least RESTART_GAP conflicts since the last one. */
#define RESTART_MARGIN 1.25
#define RESTART_GAP 50
/* The first reduction after this many conflicts, each later one after
 * REDUCE_INC more than the gap before it (about 24.5 sqrt(conflicts)),
 * or, in an engine with sums, REDUCE_SUMS sqrt(conflicts) after it: the
 * learned clauses of sum puzzles (long, of high LBD) pay less for
 * themselves than they cost the propagation (BENCHMARKS.md, "hall:
 * focused search and a smaller clause database for sums"). */
#define REDUCE_FIRST 2000
#define REDUCE_INC 300
#define REDUCE_SUMS 6
/* Failed-literal probing (in an engine with rules beyond the base's,
 * BENCHMARKS.md, "hall: failed literals and hyper-binary resolvents"):
 * the first round after PROBE_FIRST conflicts,
 * each next one PROBE_INT conflicts after the last, each taking at most
 * PROBE_EFFORT of the watch visits the search made since the last (at
 * least PROBE_MIN), from where the last stopped. */
#define PROBE_FIRST 1000
#define PROBE_INT 2000
#define PROBE_EFFORT 0.1
#define PROBE_MIN 100000
/* Hyper-binary resolvents kept, at most, per clause given. */
#define HBR_MAX 8
/* The terminate callback is asked at each conflict and every so many
 * watch visits. */
#define CHECK_TICKS (1u << 16)

static inline hall_lit import(int lit) {
  return lit > 0 ? 2u * (hall_lit)lit : 2u * (hall_lit)-lit + 1u;
}

static inline int level_now(const sks_hall *h) {
  return (int)h->control.n;
}

static uint64_t next_random(sks_hall *h) {
  h->rng ^= h->rng << 13; /* xorshift64 */
  h->rng ^= h->rng >> 7;
  h->rng ^= h->rng << 17;
  return h->rng;
}

/* ------------------------------------------------------------------ */
/* The decision heap: variables by activity, the most active on top. */

static inline bool heap_above(const sks_hall *h, int a, int b) {
  return h->act[a] > h->act[b];
}

static void heap_up(sks_hall *h, int i) {
  int v = h->heap[i];
  while (i > 0) {
    int parent = (i - 1) / 2;
    if (!heap_above(h, v, h->heap[parent]))
      break;
    h->heap[i] = h->heap[parent];
    h->heap_pos[h->heap[i]] = i;
    i = parent;
  }
  h->heap[i] = v;
  h->heap_pos[v] = i;
}

static void heap_down(sks_hall *h, int i) {
  int v = h->heap[i];
  for (;;) {
    int child = 2 * i + 1;
    if (child >= h->heap_n)
      break;
    if (child + 1 < h->heap_n &&
        heap_above(h, h->heap[child + 1], h->heap[child]))
      child++;
    if (!heap_above(h, h->heap[child], v))
      break;
    h->heap[i] = h->heap[child];
    h->heap_pos[h->heap[i]] = i;
    i = child;
  }
  h->heap[i] = v;
  h->heap_pos[v] = i;
}

static void heap_insert(sks_hall *h, int v) {
  if (h->heap_pos[v] >= 0)
    return;
  h->heap[h->heap_n] = v;
  h->heap_pos[v] = h->heap_n++;
  heap_up(h, h->heap_n - 1);
}

static int heap_pop(sks_hall *h) {
  int top = h->heap[0];
  h->heap_pos[top] = -1;
  if (--h->heap_n > 0) {
    h->heap[0] = h->heap[h->heap_n];
    h->heap_pos[h->heap[0]] = 0;
    heap_down(h, 0);
  }
  return top;
}

static void bump_var(sks_hall *h, int v) {
  double *inc = &h->score_inc[h->stable];
  if ((h->act[v] += *inc) > 1e100) {
    for (int u = 1; u <= h->nvars; u++)
      h->act[u] *= 1e-100;
    *inc *= 1e-100;
  }
  if (h->heap_pos[v] >= 0)
    heap_up(h, h->heap_pos[v]);
}

/* Fresh scores: zero, with a seeded tie-break below any bump, and every
 * variable in the heap. */
static void reset_scores(sks_hall *h, unsigned long long seed) {
  h->rng = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
  if (!h->rng)
    h->rng = 1;
  h->score_inc[0] = h->score_inc[1] = 1;
  h->heap_n = 0;
  for (int v = 1; v <= h->nvars; v++) {
    h->score[0][v] = h->score[1][v] =
        seed > 1 ? (double)(next_random(h) >> 11) * 0x1p-53 * 1e-3 : 0;
    h->heap_pos[v] = -1;
  }
  for (int v = 1; v <= h->nvars; v++)
    heap_insert(h, v);
}

/* The heap again, on the scores of the mode now searching. */
static void rebuild_heap(sks_hall *h) {
  h->act = h->score[h->stable];
  h->heap_n = 0;
  for (int v = 1; v <= h->nvars; v++)
    h->heap_pos[v] = -1;
  for (int v = 1; v <= h->nvars; v++)
    heap_insert(h, v);
}

/* The search's clocks back at their start: focused mode, no target or
 * best phases, the first rephase and mode switch ahead. */
static void reset_modes(sks_hall *h) {
  h->stable = h->cfg.modes == HALL_MODES_STABLE;
  h->act = h->score[h->stable];
  h->mode_len = MODE_FIRST;
  h->switch_at = h->st.conflicts + MODE_FIRST;
  h->luby_u = h->luby_v = 1;
  h->rephase_n = 0;
  h->rephase_at = h->st.conflicts + REPHASE_INT;
  h->target_n = h->best_n = 0;
  if (h->target) {
    memset(h->target, 0, (size_t)h->nvars + 1);
    memset(h->best, 0, (size_t)h->nvars + 1);
  }
}

/* ------------------------------------------------------------------ */
/* Variables, the instance */

static void imply(sks_hall *h, const hall_lit *lits, uint32_t n);

sks_hall *sks_hall_new(unsigned long long seed) {
  sks_hall *h = sks_calloc(1, sizeof *h);
  h->imply = imply;
  h->reduce_inc = REDUCE_FIRST;
  h->reduce_at = REDUCE_FIRST;
  h->probe_at = PROBE_FIRST;
  h->probe_int = PROBE_INT;
  reset_modes(h);
  reset_scores(h, seed);
  return h;
}

void sks_hall_delete(sks_hall *h) {
  if (!h)
    return;
  if (h->watches)
    for (size_t l = 2; l < 2 * (size_t)h->nvars + 2; l++)
      SKS_STACK_FREE(h->watches[l]);
  free(h->val);
  free(h->watches);
  free(h->level);
  free(h->reason);
  free(h->phase);
  free(h->seen);
  free(h->score[0]);
  free(h->score[1]);
  free(h->target);
  free(h->best);
  free(h->heap_pos);
  free(h->heap);
  free(h->trail);
  free(h->level_stamp);
  free(h->model);
  SKS_STACK_FREE(h->control);
  SKS_STACK_FREE(h->arena);
  SKS_STACK_FREE(h->learnts);
  SKS_STACK_FREE(h->adding);
  SKS_STACK_FREE(h->learned);
  SKS_STACK_FREE(h->analyzed);
  SKS_STACK_FREE(h->shrink_marks);
  SKS_STACK_FREE(h->minimize_stack);
  SKS_STACK_FREE(h->assumptions);
  SKS_STACK_FREE(h->ext);
  SKS_STACK_FREE(h->ext_control);
  sks_hall_groups_free(h);
  sks_hall_sums_free(h);
  free(h);
}

#define RESIZE(P, N) ((P) = sks_realloc((P), (N) * sizeof *(P)))

void sks_hall_reserve(sks_hall *h, int nvars) {
  if (nvars <= h->nvars)
    return;
  size_t need = (size_t)nvars + 1;
  if (need > h->vcap) {
    size_t cap = sks_stack_cap(h->vcap, need, sizeof(double));
    RESIZE(h->val, 2 * cap);
    RESIZE(h->watches, 2 * cap);
    RESIZE(h->level, cap);
    RESIZE(h->reason, cap);
    RESIZE(h->phase, cap);
    RESIZE(h->seen, cap);
    RESIZE(h->score[0], cap);
    RESIZE(h->score[1], cap);
    RESIZE(h->target, cap);
    RESIZE(h->best, cap);
    RESIZE(h->heap_pos, cap);
    RESIZE(h->heap, cap);
    RESIZE(h->trail, cap);
    h->vcap = cap;
  }
  for (int v = h->nvars + 1; v <= nvars; v++) {
    h->val[2 * v] = h->val[2 * v + 1] = 0;
    memset(&h->watches[2 * v], 0, 2 * sizeof *h->watches);
    h->level[v] = 0;
    h->reason[v] = HALL_NONE;
    h->phase[v] = -1;
    h->seen[v] = 0;
    h->score[0][v] = h->score[1][v] = 0;
    h->target[v] = h->best[v] = 0;
    h->heap_pos[v] = -1;
  }
  h->act = h->score[h->stable];
  int from = h->nvars + 1;
  h->nvars = nvars;
  for (int v = from; v <= nvars; v++)
    heap_insert(h, v);
}

size_t sks_hall_bytes(const sks_hall *h) {
  size_t b = sizeof *h + h->vcap * (2 * (sizeof *h->val + sizeof *h->watches) +
                                    sizeof *h->level + sizeof *h->reason + 2 +
                                    2 * sizeof(double) + 2 + 2 * sizeof(int) +
                                    sizeof *h->trail + sizeof(unsigned));
  for (int l = 2; l < 2 * h->nvars + 2; l++)
    b += h->watches[l].cap * sizeof(hall_watch);
  return b + h->arena.cap * sizeof(uint32_t) + h->learnts.cap * 4;
}

void sks_hall_set_terminate(sks_hall *h, void *state, int (*fn)(void *)) {
  h->term_state = state;
  h->terminate = fn;
}

void sks_hall_assume(sks_hall *h, int lit) {
  sks_hall_reserve(h, abs(lit));
  SKS_PUSH(h->assumptions, import(lit));
}

int sks_hall_val(const sks_hall *h, int var) {
  return var >= 1 && var <= h->model_n ? h->model[var] : -1;
}

/* ------------------------------------------------------------------ */
/* The trail */

static inline void assign(sks_hall *h, hall_lit l, uint32_t reason) {
  int v = hall_var(l);
  h->val[l] = 1;
  h->val[l ^ 1] = -1;
  h->level[v] = level_now(h);
  h->reason[v] = reason;
  h->trail[h->trail_n++] = l;
}

static void new_level(sks_hall *h) {
  SKS_PUSH(h->control, h->trail_n);
  SKS_PUSH(h->ext_control, (uint32_t)h->ext.n);
}

static void backtrack(sks_hall *h, int level) {
  if (level >= level_now(h))
    return;
  int keep = h->control.a[level];
  for (int i = h->trail_n - 1; i >= keep; i--) {
    hall_lit l = h->trail[i];
    int v = hall_var(l);
    h->val[l] = h->val[l ^ 1] = 0;
    if (!h->probing)
      h->phase[v] = (l & 1) ? -1 : 1;
    heap_insert(h, v);
  }
  h->trail_n = h->qhead = keep;
  if (h->groups_head > keep)
    sks_hall_groups_undo(h, keep);
  if (h->sums.n)
    sks_hall_sums_undo(h, keep);
  h->control.n = (size_t)level;
  h->ext.n = h->ext_control.a[level];
  h->ext_control.n = (size_t)level;
}

/* ------------------------------------------------------------------ */
/* Clauses */

static void watch(sks_hall *h, hall_lit l, hall_lit blocker, uint32_t ref) {
  hall_watch w = {blocker, ref};
  SKS_PUSH(h->watches[l], w);
}

/* A clause of the literals given (at least 3), watched by its first two;
 * its ref. */
static uint32_t new_clause(sks_hall *h, const hall_lit *lits, uint32_t n,
                           bool learnt, unsigned lbd) {
  size_t ref = h->arena.n;
  sks_require(ref + HALL_HEADER + n < HALL_REASON_EXT,
              "the hall engine holds clauses of at most 2^30 words");
  SKS_STACK_RESERVE(h->arena, ref + HALL_HEADER + n);
  h->arena.n = ref + HALL_HEADER + n;
  hall_clause *c = hall_clause_at(h, (uint32_t)ref);
  c->size = n;
  c->learnt = learnt;
  c->garbage = 0;
  c->used = learnt;
  c->moved = 0;
  c->lbd = lbd;
  c->pos = 2;
  memcpy(c->lit, lits, n * sizeof *lits);
  watch(h, lits[0], lits[1], (uint32_t)ref);
  watch(h, lits[1], lits[0], (uint32_t)ref);
  if (learnt)
    SKS_PUSH(h->learnts, (uint32_t)ref);
  return (uint32_t)ref;
}

static void add_binary(sks_hall *h, hall_lit a, hall_lit b) {
  watch(h, a, b, HALL_BINARY);
  watch(h, b, a, HALL_BINARY);
}

/* A binary clause the search derived (HALL_BINARY_LEARNT). */
static void derive_binary(sks_hall *h, hall_lit a, hall_lit b) {
  watch(h, a, b, HALL_BINARY_LEARNT);
  watch(h, b, a, HALL_BINARY_LEARNT);
  h->binaries_learnt++;
}

static int cmp_lit(const void *a, const void *b) {
  hall_lit x = *(const hall_lit *)a, y = *(const hall_lit *)b;
  return (x > y) - (x < y);
}

/* The clause in h->adding, at the root: sorted, without duplicates and
 * root-false literals; dropped when a tautology or satisfied. */
static void add_clause(sks_hall *h) {
  hall_lit *a = h->adding.a;
  size_t n = h->adding.n;
  h->adding.n = 0;
  if (h->inconsistent)
    return;
  backtrack(h, 0);
  if (n > 1)
    qsort(a, n, sizeof *a, cmp_lit);
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    hall_lit l = a[i];
    if (k && a[k - 1] == l)
      continue;
    if (k && a[k - 1] == (l ^ 1))
      return; /* x and -x: always true */
    if (h->val[l] > 0)
      return; /* true at the root */
    if (h->val[l] < 0)
      continue;
    a[k++] = l;
  }
  h->st.original++;
  if (k == 0)
    h->inconsistent = true;
  else if (k == 1)
    assign(h, a[0], HALL_NONE);
  else if (k == 2)
    add_binary(h, a[0], a[1]);
  else
    new_clause(h, a, (uint32_t)k, false, 0);
}

void sks_hall_add(sks_hall *h, int lit) {
  if (lit) {
    sks_hall_reserve(h, abs(lit));
    SKS_PUSH(h->adding, import(lit));
  } else
    add_clause(h);
}

/* ------------------------------------------------------------------ */
/* Propagation: HALL_NONE, or the conflict (a clause's ref, or
 * HALL_REASON_BIN with the binary clause in conflict_bin). */

static uint32_t propagate(sks_hall *h, hall_lit *bin) {
  while (h->qhead < h->trail_n) {
    hall_lit f = h->trail[h->qhead++] ^ 1; /* false now */
    hall_watches *ws = &h->watches[f];
    hall_watch *i = ws->a, *j = ws->a, *end = ws->a + ws->n;
    h->st.propagations++;
    h->ticks += 1 + ws->n;
    uint32_t conflict = HALL_NONE;
    while (i != end) {
      hall_watch w = *i++;
      signed char bv = h->val[w.blocker];
      if (bv > 0) {
        *j++ = w;
        continue;
      }
      if (w.ref >= HALL_BINARY_LEARNT) {
        *j++ = w;
        if (bv < 0) {
          bin[0] = f;
          bin[1] = w.blocker;
          conflict = HALL_REASON_BIN;
          break;
        }
        assign(h, w.blocker, HALL_REASON_BIN | f);
        continue;
      }
      hall_clause *c = hall_clause_at(h, w.ref);
      hall_lit *lits = c->lit;
      hall_lit other = lits[0] ^ lits[1] ^ f;
      lits[0] = other;
      lits[1] = f;
      signed char ov = h->val[other];
      if (ov > 0) {
        j->blocker = other;
        j->ref = w.ref;
        j++;
        continue;
      }
      /* a new literal to watch, from where the last search stopped */
      uint32_t size = c->size, start = c->pos < size ? c->pos : 2, k = start;
      bool found = false;
      do {
        if (h->val[lits[k]] >= 0) {
          found = true;
          break;
        }
        if (++k == size)
          k = 2;
      } while (k != start);
      if (found) {
        c->pos = k;
        lits[1] = lits[k];
        lits[k] = f;
        watch(h, lits[1], other, w.ref);
        continue;
      }
      j->blocker = other;
      j->ref = w.ref;
      j++;
      if (ov < 0) {
        conflict = w.ref;
        break;
      }
      assign(h, other, w.ref);
    }
    while (i != end)
      *j++ = *i++;
    ws->n = (size_t)(j - ws->a);
    if (conflict != HALL_NONE)
      return conflict;
  }
  return HALL_NONE;
}

/* ------------------------------------------------------------------ */
/* Conflict analysis */

/* The literals of a reason or conflict other than the one it implies
 * (all false): *n of them at the returned pointer.  tmp holds a binary
 * clause's one. */
static const hall_lit *reason_lits(sks_hall *h, uint32_t r, hall_lit *tmp,
                                   uint32_t *n) {
  if (r & HALL_REASON_BIN) {
    tmp[0] = r & ~HALL_REASON_BIN;
    *n = 1;
    return tmp;
  }
  if (r & HALL_REASON_EXT) {
    const uint32_t *e = h->ext.a + (r & ~HALL_REASON_EXT);
    *n = e[0] - 1;
    return e + 2;
  }
  hall_clause *c = hall_clause_at(h, r);
  *n = c->size - 1;
  return c->lit + 1;
}

static unsigned clause_lbd(sks_hall *h, const hall_lit *lits, uint32_t n) {
  unsigned stamp = ++h->stamp, lbd = 0;
  for (uint32_t i = 0; i < n; i++) {
    int lv = h->level[hall_var(lits[i])];
    if (h->level_stamp[lv] != stamp) {
      h->level_stamp[lv] = stamp;
      lbd++;
    }
  }
  return lbd;
}

/* A learned clause met in an analysis: used again, its LBD lowered when
 * the assignment now spans fewer levels. */
static void bump_clause(sks_hall *h, hall_clause *c) {
  if (!c->learnt)
    return;
  if (c->lbd > 2) {
    unsigned lbd = clause_lbd(h, c->lit, c->size);
    if (lbd < c->lbd)
      c->lbd = lbd;
  }
  c->used = c->lbd <= 6 ? 2 : 1;
}

/* Whether the false literal q of the learned clause follows from its
 * other literals (every literal of q's reason is in the clause or so
 * follows); the levels of the clause carry this analysis' stamp. */
static bool removable(sks_hall *h, hall_lit q, int depth) {
  int v = hall_var(q);
  if (depth && (h->seen[v] & (SEEN | REMOVABLE)))
    return true;
  if (h->seen[v] & POISON)
    return false;
  if (!h->level[v])
    return true;
  uint32_t r = h->reason[v];
  if (r == HALL_NONE || depth > MINIMIZE_DEPTH ||
      h->level_stamp[h->level[v]] != h->stamp)
    return false;
  hall_lit tmp[1];
  uint32_t n;
  const hall_lit *lits = reason_lits(h, r, tmp, &n);
  bool gone = true;
  for (uint32_t i = 0; gone && i < n; i++)
    gone = removable(h, lits[i], depth + 1);
  if (depth) {
    h->seen[v] |= gone ? REMOVABLE : POISON;
    SKS_PUSH(h->analyzed, v);
  }
  return gone;
}

/* The UIP of the learned clause's n literals blk of level lv (n >= 2):
 * the one literal of the level that every path from its decision to
 * them passes, found by walking the level's trail back from its end
 * while the reasons met rest only on literals of the level and on lower
 * ones the clause holds or implies (removable); its false literal, or 0
 * where there is none such. */
static hall_lit block_uip(sks_hall *h, const hall_lit *blk, size_t n, int lv) {
  size_t from = h->shrink_marks.n;
  int open = 0;
  for (size_t i = 0; i < n; i++) {
    int v = hall_var(blk[i]);
    h->seen[v] |= BLOCK;
    SKS_PUSH(h->shrink_marks, v);
    open++;
  }
  int lo = h->control.a[lv - 1];
  int hi = lv < level_now(h) ? h->control.a[lv] : h->trail_n;
  hall_lit uip = 0, tmp[1];
  for (int t = hi - 1; t >= lo; t--) {
    hall_lit x = h->trail[t];
    int v = hall_var(x);
    if (!(h->seen[v] & BLOCK))
      continue;
    if (open == 1) {
      uip = x ^ 1;
      break;
    }
    open--;
    uint32_t r = h->reason[v];
    if (r == HALL_NONE)
      break;
    uint32_t m;
    const hall_lit *lits = reason_lits(h, r, tmp, &m);
    bool ok = true;
    for (uint32_t i = 0; ok && i < m; i++) {
      int w = hall_var(lits[i]), lw = h->level[w];
      if (lw == lv) {
        if (!(h->seen[w] & BLOCK)) {
          h->seen[w] |= BLOCK;
          SKS_PUSH(h->shrink_marks, w);
          open++;
        }
      } else if (lw && !removable(h, lits[i], 1))
        ok = false;
    }
    if (!ok)
      break;
  }
  for (size_t i = from; i < h->shrink_marks.n; i++)
    h->seen[h->shrink_marks.a[i]] &= (unsigned char)~BLOCK;
  h->shrink_marks.n = from;
  return uip;
}

/* Shrinks the minimised learned clause (CaDiCaL's shrinking, after
 * Feng and Bacchus's all-UIP learning): the literals of each lower level
 * that has two or more in the clause are replaced by their level's UIP
 * where block_uip finds one.  Every literal dropped follows from the
 * UIP and the clause's literals below it, so the clause still follows
 * from the formula; its levels, and so its LBD, stay. */
static void shrink(sks_hall *h) {
  hall_lit *a = h->learned.a;
  size_t k = h->learned.n;
  if (k < 3)
    return;
  /* a[1 ..) by level, highest first (insertion: a clause is short) */
  for (size_t i = 2; i < k; i++) {
    hall_lit x = a[i];
    int lx = h->level[hall_var(x)];
    size_t j = i;
    for (; j > 1 && h->level[hall_var(a[j - 1])] < lx; j--)
      a[j] = a[j - 1];
    a[j] = x;
  }
  size_t out = 1;
  for (size_t i = 1; i < k;) {
    int lv = h->level[hall_var(a[i])];
    size_t j = i;
    while (j < k && h->level[hall_var(a[j])] == lv)
      j++;
    hall_lit uip = j - i >= 2 ? block_uip(h, a + i, j - i, lv) : 0;
    if (uip) {
      a[out++] = uip;
      i = j;
    } else
      while (i < j)
        a[out++] = a[i++];
  }
  h->st.shrunk += k - out;
  h->learned.n = out;
}

/* Learns from the conflict: h->learned gets the first-UIP clause,
 * minimised, its asserting literal first and a literal of the level to
 * jump back to second; returns its LBD, *back the level. */
static unsigned analyze(sks_hall *h, uint32_t conflict, const hall_lit *bin,
                        int *back) {
  h->learned.n = 0;
  h->analyzed.n = 0;
  SKS_PUSH(h->learned, 0); /* the UIP's place */
  int lv = level_now(h), open = 0, idx = h->trail_n - 1;
  hall_lit uip = 0, tmp[1];
  const hall_lit *lits;
  uint32_t n;
  if (conflict == HALL_REASON_BIN) {
    lits = bin;
    n = 2;
  } else if (conflict == HALL_REASON_EXT) { /* the sum propagator's */
    lits = h->sum_conflict.a;
    n = (uint32_t)h->sum_conflict.n;
  } else {
    hall_clause *c = hall_clause_at(h, conflict);
    bump_clause(h, c);
    lits = c->lit;
    n = c->size;
  }
  for (;;) {
    for (uint32_t i = 0; i < n; i++) {
      hall_lit q = lits[i];
      int v = hall_var(q);
      if (h->seen[v] || !h->level[v])
        continue;
      h->seen[v] = SEEN;
      SKS_PUSH(h->analyzed, v);
      bump_var(h, v);
      if (h->level[v] >= lv)
        open++;
      else
        SKS_PUSH(h->learned, q);
    }
    while (!h->seen[hall_var(h->trail[idx])])
      idx--;
    uip = h->trail[idx--];
    if (--open == 0)
      break;
    uint32_t r = h->reason[hall_var(uip)];
    if (!(r & (HALL_REASON_BIN | HALL_REASON_EXT)))
      bump_clause(h, hall_clause_at(h, r));
    lits = reason_lits(h, r, tmp, &n);
  }
  h->learned.a[0] = uip ^ 1;
  /* minimise: drop the literals implied by the others */
  size_t size = h->learned.n;
  h->stamp++;
  for (size_t i = 0; i < size; i++)
    h->level_stamp[h->level[hall_var(h->learned.a[i])]] = h->stamp;
  size_t k = 1;
  for (size_t i = 1; i < size; i++) {
    hall_lit q = h->learned.a[i];
    if (h->reason[hall_var(q)] == HALL_NONE || !removable(h, q, 0))
      h->learned.a[k++] = q;
  }
  h->st.minimized += size - k;
  h->learned.n = k;
  if (!h->cfg.no_shrink) {
    shrink(h);
    k = h->learned.n;
  }
  for (size_t i = 0; i < h->analyzed.n; i++)
    h->seen[h->analyzed.a[i]] = 0;
  /* the level to go back to: the highest but the UIP's */
  *back = 0;
  for (size_t i = 1; i < k; i++) {
    int l = h->level[hall_var(h->learned.a[i])];
    if (l > *back) {
      *back = l;
      hall_lit t = h->learned.a[1];
      h->learned.a[1] = h->learned.a[i];
      h->learned.a[i] = t;
    }
  }
  return clause_lbd(h, h->learned.a, (uint32_t)k);
}

/* The last few learned clauses that the new one (a, n) subsumes go at
 * the next collection (CaDiCaL's eager subsumption: a clause learned
 * right after another often holds it). */
static unsigned eager_subsume(sks_hall *h, const hall_lit *a, size_t n,
                              unsigned lbd) {
  for (size_t i = 0; i < n; i++)
    h->seen[hall_var(a[i])] |= (a[i] & 1) ? IN_NEG : IN_POS;
  size_t last = h->learnts.n,
         first = last > EAGER_SUBSUME ? last - EAGER_SUBSUME : 0;
  for (size_t j = first; j < last; j++) {
    uint32_t ref = h->learnts.a[j];
    hall_clause *c = hall_clause_at(h, ref);
    if (c->garbage || c->size < n)
      continue;
    size_t in = 0;
    for (uint32_t i = 0; i < c->size; i++)
      in += (h->seen[hall_var(c->lit[i])] &
             ((c->lit[i] & 1) ? IN_NEG : IN_POS)) != 0;
    if (in == n && !hall_locked(h, ref, c)) {
      c->garbage = 1;
      h->garbage_words += HALL_HEADER + c->size;
      h->st.subsumed++;
      if (c->lbd < lbd) /* the new clause takes its tier */
        lbd = c->lbd;
    }
  }
  for (size_t i = 0; i < n; i++)
    h->seen[hall_var(a[i])] &= (unsigned char)~(IN_POS | IN_NEG);
  return lbd;
}

/* The learned clause in, after the jump back; its first literal
 * asserted. */
static void learn(sks_hall *h, unsigned lbd) {
  hall_lit *a = h->learned.a;
  size_t n = h->learned.n;
  h->st.learned++;
  if (n >= 2 && !h->cfg.no_subsume)
    lbd = eager_subsume(h, a, n, lbd);
  if (n == 1)
    assign(h, a[0], HALL_NONE);
  else if (n == 2) {
    derive_binary(h, a[0], a[1]);
    assign(h, a[0], HALL_REASON_BIN | a[1]);
  } else
    assign(h, a[0], new_clause(h, a, (uint32_t)n, true, lbd));
}

static void imply(sks_hall *h, const hall_lit *lits, uint32_t n) {
  if (n == 1 || !level_now(h)) {
    backtrack(h, 0);
    assign(h, lits[0], HALL_NONE); /* a root fact needs no reason */
    return;
  }
  size_t at = h->ext.n;
  sks_require(at + n + 1 < HALL_REASON_EXT,
              "the hall engine holds explanations of at most 2^30 words");
  SKS_PUSH(h->ext, n);
  for (uint32_t i = 0; i < n; i++)
    SKS_PUSH(h->ext, lits[i]);
  assign(h, lits[0], HALL_REASON_EXT | (uint32_t)at);
}

/* ------------------------------------------------------------------ */
/* The search */

static bool stop_asked(sks_hall *h) {
  return h->terminate && h->terminate(h->term_state);
}

static void update_averages(sks_hall *h, unsigned lbd) {
  double fast = 1.0 / 32, slow = 1.0 / 16384;
  unsigned long long n = h->st.conflicts - h->forgot_at;
  if (n < 16384)
    slow = 1.0 / (double)n; /* the plain mean at first */
  if (n < 32)
    fast = 1.0 / (double)n;
  h->ema_fast += (lbd - h->ema_fast) * fast;
  h->ema_slow += (lbd - h->ema_slow) * slow;
}

static bool restart_due(const sks_hall *h) {
  if (h->st.conflicts < h->restart_at)
    return false;
  return h->stable || h->ema_fast > RESTART_MARGIN * h->ema_slow;
}

/* Stable mode's next restart: the next term of the Luby sequence (Knuth's
 * reluctant doubling) times LUBY_UNIT conflicts from now. */
static void next_luby(sks_hall *h) {
  h->restart_at = h->st.conflicts + h->luby_v * LUBY_UNIT;
  if ((h->luby_u & -h->luby_u) == h->luby_v) {
    h->luby_u++;
    h->luby_v = 1;
  } else
    h->luby_v *= 2;
}

/* The trail up to consistent has no conflict: the longest such since the
 * last rephase gives the target phases, and the best ones (since the last
 * rephase to them). */
static void update_phases(sks_hall *h, int consistent) {
  /* before the first rephase (original phases) or stable mode neither is
   * used: a search of few conflicts saves the copying */
  if (h->cfg.no_rephase || (!h->rephase_n && !h->stable))
    return;
  if (consistent > h->target_n) {
    h->target_n = consistent;
    for (int i = 0; i < consistent; i++)
      h->target[hall_var(h->trail[i])] = (h->trail[i] & 1) ? -1 : 1;
  }
  if (consistent > h->best_n) {
    h->best_n = consistent;
    for (int i = 0; i < consistent; i++)
      h->best[hall_var(h->trail[i])] = (h->trail[i] & 1) ? -1 : 1;
  }
}

/* New saved phases, in turn: the original ones (false), the best, the
 * inverted (true), the best, random flips of the saved ones, the best, and
 * again; the targets start from them. */
static void rephase(sks_hall *h) {
  static const char cycle[] = "OBIBFB";
  char type = cycle[h->rephase_n % (sizeof cycle - 1)];
  h->st.rephases++;
  h->rephase_n++;
  h->rephase_at = h->st.conflicts + (h->rephase_n + 1) * REPHASE_INT;
  for (int v = 1; v <= h->nvars; v++) {
    signed char ph = h->phase[v];
    if (type == 'O')
      ph = -1;
    else if (type == 'I')
      ph = 1;
    else if (type == 'F')
      ph = (next_random(h) >> 32) % 4 ? ph : -ph;
    else if (h->best[v])
      ph = h->best[v];
    h->phase[v] = ph;
    h->target[v] = ph;
  }
  h->target_n = 0;
  if (type == 'B')
    h->best_n = 0;
}

/* From focused to stable mode or back; each mode lasts as long as the
 * one before it, twice as long after a stable one. */
static void switch_mode(sks_hall *h) {
  h->st.switches++;
  if (h->stable)
    h->mode_len *= 2;
  h->stable = !h->stable;
  h->switch_at = h->st.conflicts + h->mode_len;
  h->target_n = 0;
  rebuild_heap(h);
  if (h->stable) {
    h->luby_u = h->luby_v = 1;
    next_luby(h);
  } else
    h->restart_at = h->st.conflicts + RESTART_GAP;
}

/* The levels a restart keeps: those whose decision scores above the
 * variable the search would decide next (trail reuse). */
static int reuse_levels(sks_hall *h) {
  if (h->cfg.no_reuse)
    return 0;
  while (h->heap_n > 0 && h->val[2 * h->heap[0]])
    heap_pop(h); /* set: back in the heap when unassigned */
  if (!h->heap_n)
    return 0;
  double next = h->act[h->heap[0]];
  int keep = (int)h->assumptions.n;
  while (keep < level_now(h)) {
    int at = h->control.a[keep];
    if (at >= h->trail_n)
      break;
    int v = hall_var(h->trail[at]);
    if (h->reason[v] != HALL_NONE || h->act[v] <= next)
      break;
    keep++;
  }
  if (keep > level_now(h))
    keep = level_now(h);
  h->st.reused += (unsigned long long)keep;
  return keep > (int)h->assumptions.n ? keep : 0;
}

/* The next decision: an open variable of highest activity, its saved
 * phase; 0 when every variable is set. */
static hall_lit pick(sks_hall *h) {
  while (h->heap_n > 0) {
    int v = heap_pop(h);
    if (!h->val[2 * v]) {
      signed char ph = h->stable && h->target[v] ? h->target[v] : h->phase[v];
      return ph > 0 ? 2u * (hall_lit)v : 2u * (hall_lit)v + 1u;
    }
  }
  return 0;
}

static void save_model(sks_hall *h) {
  if (h->model_n < h->nvars)
    RESIZE(h->model, (size_t)h->nvars + 1);
  h->model_n = h->nvars;
  for (int v = 1; v <= h->nvars; v++)
    h->model[v] = h->val[2 * v] > 0 ? 1 : -1;
}

/* The assumptions still to take: 0 when taken (the level is theirs), 1
 * when one was decided (propagate), 20 when one is false. */
static int take_assumptions(sks_hall *h) {
  while ((size_t)level_now(h) < h->assumptions.n) {
    hall_lit a = h->assumptions.a[level_now(h)];
    signed char v = h->val[a];
    new_level(h);
    if (v > 0)
      continue;
    if (v < 0)
      return 20;
    h->st.decisions++;
    assign(h, a, HALL_NONE);
    return 1;
  }
  return 0;
}

/* The sum propagator's conflict (h->sum_conflict, every literal false)
 * as the search's: the search goes back to the clause's highest level
 * first (its literals may all lie below the current one); the conflict
 * for analyze. */
static uint32_t sum_conflict(sks_hall *h) {
  int top = 0;
  for (size_t i = 0; i < h->sum_conflict.n; i++) {
    int lv = h->level[hall_var(h->sum_conflict.a[i])];
    top = lv > top ? lv : top;
  }
  backtrack(h, top);
  return HALL_REASON_EXT;
}

/* Propagation to its fixpoint, the clauses' then the propagators':
 * HALL_NONE, or the conflict for analyze (bin: a binary clause's).  A
 * propagator that finds a root fact goes back to the root for it
 * (imply), and a sum's conflict back to its highest level (sum_conflict),
 * so the caller may find itself at a lower level than it was. */
static uint32_t propagate_all(sks_hall *h, hall_lit *bin) {
  for (;;) {
    uint32_t conflict = propagate(h, bin);
    if (conflict != HALL_NONE)
      return conflict;
    if (!h->cfg.no_sums && h->sums.n) {
      int r = sks_hall_sums_propagate(h);
      if (r == 1)
        continue;
      if (r == 2)
        return sum_conflict(h);
    }
    if (h->cfg.groups && sks_hall_groups_propagate(h))
      continue;
    return HALL_NONE;
  }
}

/* ------------------------------------------------------------------ */
/* Failed-literal probing */

/* Whether setting l makes another literal false through a binary clause
 * (l a root of the binary implication graph's edges: a cell's digit
 * takes the others out). */
static bool implies_binary(const sks_hall *h, hall_lit l) {
  const hall_watches *ws = &h->watches[l ^ 1];
  for (size_t i = 0; i < ws->n; i++)
    if (ws->a[i].ref >= HALL_BINARY_LEARNT)
      return true;
  return false;
}

/* After probe l's propagation without a conflict: for each literal y
 * that one of the puzzle's own clauses of three or more literals implied
 * at level 1, with two or more of its false literals set at level 1, the
 * binary clause (-l y), which propagates y from l at once (hyper-binary
 * resolution; learned clauses are left out: they come and go).  At most
 * HBR_MAX times as many as the clauses given. */
static void hyper_binary(sks_hall *h, hall_lit l) {
  for (int i = h->control.a[0] + 1; i < h->trail_n; i++) {
    hall_lit y = h->trail[i];
    uint32_t r = h->reason[hall_var(y)];
    if (r == HALL_NONE || (r & (HALL_REASON_BIN | HALL_REASON_EXT)))
      continue;
    const hall_clause *c = hall_clause_at(h, r);
    if (c->learnt)
      continue;
    int at1 = 0;
    for (uint32_t k = 1; k < c->size && at1 < 2; k++)
      at1 += h->level[hall_var(c->lit[k])] > 0;
    if (at1 < 2)
      continue;
    if (h->st.hbr >= HBR_MAX * h->st.original)
      return;
    derive_binary(h, l ^ 1, y);
    h->st.hbr++;
  }
}

/* At the root, each open variable's positive literal set on a level of
 * its own and propagated, the propagators too: one that meets a conflict
 * is false, a root fact (the failed-literal rule; in a puzzle, a
 * candidate the rules, the learned clauses and the propagators refute
 * on their own), and one that does not gives its hyper-binary
 * resolvents.  Within the round's budget, from where the last round
 * stopped; a round that finds nothing puts the next twice as far.  20
 * when the root itself is found inconsistent, else 0 (the search goes
 * on from the root). */
static int probe(sks_hall *h) {
  unsigned long long spent = h->ticks - h->probe_ticks;
  unsigned long long budget = (unsigned long long)(PROBE_EFFORT * spent);
  if (budget < PROBE_MIN)
    budget = PROBE_MIN;
  budget += h->ticks;
  unsigned long long found = h->st.failed + h->st.hbr;
  hall_lit bin[2];
  backtrack(h, 0);
  h->probing = true;
  int res = 0;
  for (int n = 0; n < h->nvars && h->ticks < budget; n++) {
    if (++h->probe_next > h->nvars)
      h->probe_next = 1;
    hall_lit l = 2u * (hall_lit)h->probe_next;
    if (h->val[l] || !implies_binary(h, l))
      continue;
    h->st.probed++;
    new_level(h);
    assign(h, l, HALL_NONE);
    bool failed = propagate_all(h, bin) != HALL_NONE;
    if (!level_now(h)) {
      /* a propagator went to the root for a fact: the probe is over */
      if (failed || propagate_all(h, bin) != HALL_NONE) {
        res = 20;
        break;
      }
      continue;
    }
    if (!failed && !h->cfg.no_hbr)
      hyper_binary(h, l);
    backtrack(h, 0);
    if (failed) {
      h->st.failed++;
      assign(h, l ^ 1, HALL_NONE);
      if (propagate_all(h, bin) != HALL_NONE) {
        res = 20;
        break;
      }
    }
    if (h->ticks >= h->check_at) {
      h->check_at = h->ticks + CHECK_TICKS;
      if (stop_asked(h))
        break;
    }
  }
  h->probing = false;
  if (res)
    h->inconsistent = true;
  h->probe_int =
      found == h->st.failed + h->st.hbr ? 2 * h->probe_int : PROBE_INT;
  h->probe_at = h->st.conflicts + h->probe_int;
  h->probe_ticks = h->ticks;
  return res;
}

static int search(sks_hall *h, unsigned long long limit) {
  hall_lit bin[2];
  for (;;) {
    uint32_t conflict = propagate_all(h, bin);
    if (conflict != HALL_NONE) {
      h->st.conflicts++;
      if (!level_now(h)) {
        h->inconsistent = true;
        return 20;
      }
      int back;
      unsigned lbd = analyze(h, conflict, bin, &back);
      update_phases(h, h->control.a[level_now(h) - 1]);
      backtrack(h, back);
      learn(h, lbd);
      update_averages(h, lbd);
      h->score_inc[h->stable] *=
          h->stable ? 1 / DECAY_STABLE : 1 / DECAY_FOCUSED;
      if ((limit && h->st.conflicts >= limit) || stop_asked(h))
        return 0;
      h->check_at = h->ticks + CHECK_TICKS;
      continue;
    }
    if (h->ticks >= h->check_at) {
      h->check_at = h->ticks + CHECK_TICKS;
      if (stop_asked(h))
        return 0;
    }
    if ((h->cfg.modes == HALL_MODES_BOTH ||
         (h->cfg.modes == HALL_MODES_AUTO && !h->sums.n)) &&
        h->st.conflicts >= h->switch_at) {
      update_phases(h, h->trail_n);
      switch_mode(h);
      backtrack(h, 0);
      continue;
    }
    if (!h->cfg.no_rephase && h->st.conflicts >= h->rephase_at) {
      update_phases(h, h->trail_n);
      backtrack(h, 0);
      rephase(h);
      continue;
    }
    if (restart_due(h)) {
      h->st.restarts++;
      update_phases(h, h->trail_n);
      if (h->stable)
        next_luby(h);
      else
        h->restart_at = h->st.conflicts + RESTART_GAP;
      backtrack(h, reuse_levels(h));
      continue;
    }
    if ((h->cfg.probe || (!h->cfg.no_probe && h->variant)) &&
        h->st.conflicts >= h->probe_at) {
      if (probe(h))
        return 20;
      continue;
    }
    if (h->st.conflicts >= h->reduce_at) {
      sks_hall_reduce(h);
      if (h->sums.n && !h->cfg.slow_reduce)
        h->reduce_at =
            h->st.conflicts +
            (unsigned long long)(REDUCE_SUMS * sqrt((double)(h->st.conflicts -
                                                             h->forgot_at)));
      else
        h->reduce_at = h->st.conflicts + (h->reduce_inc += REDUCE_INC);
    }
    int took = take_assumptions(h);
    if (took == 20) {
      h->failed = true;
      return 20;
    }
    if (took)
      continue;
    hall_lit d = pick(h);
    if (!d) {
      save_model(h);
      return 10;
    }
    h->st.decisions++;
    new_level(h);
    assign(h, d, HALL_NONE);
  }
}

/* Room for a stamp at every level a search can reach: a level for each
 * assumption and each decision. */
static void reserve_levels(sks_hall *h) {
  size_t need = (size_t)h->nvars + h->assumptions.n + 2;
  if (need > h->level_cap) {
    RESIZE(h->level_stamp, need);
    memset(h->level_stamp + h->level_cap, 0,
           (need - h->level_cap) * sizeof *h->level_stamp);
    h->level_cap = need;
  }
}

int sks_hall_solve(sks_hall *h, long long max_conflicts) {
  int res = 20;
  reserve_levels(h);
  h->failed = false;
  backtrack(h, 0);
  if (!h->inconsistent) {
    unsigned long long limit =
        max_conflicts > 0 ? h->st.conflicts + (unsigned long long)max_conflicts
                          : 0;
    h->check_at = h->ticks + CHECK_TICKS;
    hall_lit bin[2];
    if (stop_asked(h))
      res = 0;
    else if (propagate(h, bin) != HALL_NONE) {
      h->inconsistent = true;
      res = 20;
    } else {
      /* the clauses the new root facts satisfy out, when they are many
       * enough to pay for the pass over every clause and watch list */
      if (h->trail_n > h->root_units + h->nvars / 8)
        sks_hall_collect(h);
      if (h->cfg.groups && !h->groups_found)
        sks_hall_groups_find(h);
      res = search(h, limit);
    }
  }
  backtrack(h, 0);
  h->assumptions.n = 0;
  return res;
}

void sks_hall_configure(sks_hall *h, const hall_config *cfg) {
  bool stable = h->stable;
  h->cfg = *cfg;
  if (cfg->probe_first)
    h->probe_at = h->st.conflicts + cfg->probe_first;
  reset_modes(h);
  if (stable != h->stable)
    rebuild_heap(h);
}

/* The binary clauses the search derived out of the watch lists. */
static void drop_derived_binaries(sks_hall *h) {
  for (int l = 2; l < 2 * h->nvars + 2; l++) {
    hall_watches *ws = &h->watches[l];
    size_t k = 0;
    for (size_t i = 0; i < ws->n; i++)
      if (ws->a[i].ref != HALL_BINARY_LEARNT)
        ws->a[k++] = ws->a[i];
    ws->n = k;
  }
  h->binaries_learnt = 0;
}

void sks_hall_forget(sks_hall *h, unsigned long long seed) {
  backtrack(h, 0);
  sks_hall_drop_learned(h);
  if (h->binaries_learnt)
    drop_derived_binaries(h);
  h->forgot_at = h->st.conflicts;
  for (int v = 1; v <= h->nvars; v++)
    h->phase[v] = -1;
  reset_modes(h);
  reset_scores(h, seed);
  h->ema_fast = h->ema_slow = 0;
  h->restart_at = 0;
  h->reduce_inc = REDUCE_FIRST;
  h->reduce_at = h->st.conflicts + REDUCE_FIRST;
  h->probe_at = h->st.conflicts + PROBE_FIRST;
  h->probe_int = PROBE_INT;
  h->probe_ticks = h->ticks;
  h->probe_next = 0;
}
