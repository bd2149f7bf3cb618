/* The proof-writing DPLL: unit propagation, branching on a literal of the
 * shortest open clause, and one RUP lemma per refuted node, the negation
 * of the decisions that lead to it.  Each lemma is RUP because the lemmas
 * of its two children are already there: under its decisions they make
 * the branching literal both false and true.  For a puzzle's CNF, where
 * unit propagation does most of the work, this is far cheaper than
 * starting a CDCL solver, and its proofs are short. */
#include "sks_prove.h"
#include "stack_int.h"

#include <stdlib.h>
#include <string.h>

typedef SKS_STACK(int) ints;

typedef struct frame {
  size_t trail; /* the trail before the decision */
  int lit;      /* the decision, as now set */
  bool second;  /* its other value is being tried */
} frame;

struct sks_prover {
  int nvars;
  signed char *val; /* by literal index */
  ints *bin;        /* by literal index: literals true when it is false */
  ints *watch;      /* by literal index: long clauses watching it */
  ints mem;         /* long clauses: size, then literals */
  ints longs;       /* their offsets */
  ints trail;
  size_t qhead;
  SKS_STACK(frame) frames;
  FILE *proof;
  bool text;
  long long nodes, lemmas;
  /* the last prefix loaded, kept for a list that starts with it */
  ints base;         /* its literals (when no name is given for it) */
  uint64_t base_key; /* or the caller's name for it: a hash, then the */
  ints base_name;    /* words it is made from, compared in full */
  size_t base_mem, base_longs;
  ints saved; /* the long clauses as the prefix left them */
  bool has_base;
  size_t bins;     /* binary clauses loaded */
  double deadline; /* sks_time's clock, 0 = none */
  bool timed_out;  /* the last run passed it */
};

static inline unsigned lix(int lit) {
  return lit > 0 ? 2u * (unsigned)lit : 2u * (unsigned)-lit + 1;
}

static inline int value(const sks_prover *p, int lit) {
  return p->val[lix(lit)];
}

sks_prover *sks_prover_new(void) {
  return sks_calloc(1, sizeof(sks_prover));
}

void sks_prover_set_deadline(sks_prover *p, double deadline) {
  p->deadline = deadline;
}

bool sks_prover_timed_out(const sks_prover *p) {
  return p->timed_out;
}

void sks_prover_delete(sks_prover *p) {
  if (!p)
    return;
  for (size_t i = 0; p->bin && i < 2 * (size_t)p->nvars + 2; i++) {
    SKS_STACK_FREE(p->bin[i]);
    SKS_STACK_FREE(p->watch[i]);
  }
  free(p->bin);
  free(p->watch);
  free(p->val);
  SKS_STACK_FREE(p->mem);
  SKS_STACK_FREE(p->longs);
  SKS_STACK_FREE(p->trail);
  SKS_STACK_FREE(p->frames);
  SKS_STACK_FREE(p->base);
  SKS_STACK_FREE(p->base_name);
  SKS_STACK_FREE(p->saved);
  free(p);
}

static void prepare(sks_prover *p, int nvars) {
  if (nvars > p->nvars) {
    size_t old = p->nvars ? 2 * (size_t)p->nvars + 2 : 0;
    size_t nl = 2 * (size_t)nvars + 2;
    p->bin = sks_realloc(p->bin, nl * sizeof *p->bin);
    p->watch = sks_realloc(p->watch, nl * sizeof *p->watch);
    memset(p->bin + old, 0, (nl - old) * sizeof *p->bin);
    memset(p->watch + old, 0, (nl - old) * sizeof *p->watch);
    p->val = sks_realloc(p->val, nl);
    p->nvars = nvars;
  }
  memset(p->val, 0, 2 * (size_t)p->nvars + 2);
  p->trail.n = p->frames.n = 0;
  p->qhead = 0;
  p->nodes = p->lemmas = 0;
}

/* Every clause gone. */
static void clear(sks_prover *p) {
  for (size_t i = 0; i < 2 * (size_t)p->nvars + 2; i++)
    p->bin[i].n = p->watch[i].n = 0;
  p->mem.n = p->longs.n = 0;
  p->has_base = false;
}

/* Back to the clauses of the kept prefix: its binary clauses never
 * changed; its long ones are copied back and watched again. */
static void back_to_base(sks_prover *p) {
  for (size_t i = 0; i < 2 * (size_t)p->nvars + 2; i++)
    p->watch[i].n = 0;
  if (p->base_mem) /* none when every clause is binary (a 2x2 grid) */
    memcpy(p->mem.a, p->saved.a, p->base_mem * sizeof *p->mem.a);
  p->mem.n = p->base_mem;
  p->longs.n = p->base_longs;
  for (size_t k = 0; k < p->longs.n; k++) {
    int o = p->longs.a[k];
    SKS_PUSH(p->watch[lix(p->mem.a[o + 1])], o);
    SKS_PUSH(p->watch[lix(p->mem.a[o + 2])], o);
  }
}

/* Is the kept prefix the list's?  Named: by its key first, then by every
 * word of its name (two names whose keys collide are still told apart);
 * else by its literals. */
static bool same_base(const sks_prover *p, const int *lits, size_t base,
                      uint64_t key, const int *name, size_t nname) {
  if (!p->has_base || !base || p->base.n != base)
    return false;
  if (nname)
    return key == p->base_key && p->base_name.n == nname &&
           !memcmp(p->base_name.a, name, nname * sizeof *name);
  return !p->base_name.n && !memcmp(p->base.a, lits, base * sizeof *lits);
}

static inline void assign(sks_prover *p, int lit) {
  p->val[lix(lit)] = 1;
  p->val[lix(-lit)] = -1;
  SKS_PUSH(p->trail, lit);
}

static void backtrack(sks_prover *p, size_t to) {
  while (p->trail.n > to) {
    int lit = p->trail.a[--p->trail.n];
    p->val[lix(lit)] = p->val[lix(-lit)] = 0;
  }
  p->qhead = to;
}

static bool propagate(sks_prover *p) {
  while (p->qhead < p->trail.n) {
    int fl = -p->trail.a[p->qhead++];
    const ints *b = &p->bin[lix(fl)];
    for (size_t i = 0; i < b->n; i++) {
      int v = value(p, b->a[i]);
      if (v < 0)
        return false;
      if (!v)
        assign(p, b->a[i]);
    }
    ints *ws = &p->watch[lix(fl)];
    size_t j = 0, n = ws->n;
    for (size_t i = 0; i < n; i++) {
      int o = ws->a[i];
      int *c = p->mem.a + o + 1, size = p->mem.a[o];
      if (c[0] == fl) {
        c[0] = c[1];
        c[1] = fl;
      }
      if (value(p, c[0]) > 0) {
        ws->a[j++] = o;
        continue;
      }
      int k = 2;
      while (k < size && value(p, c[k]) < 0)
        k++;
      if (k < size) {
        c[1] = c[k];
        c[k] = fl;
        SKS_PUSH(p->watch[lix(c[1])], o);
        continue;
      }
      ws->a[j++] = o;
      if (value(p, c[0]) < 0) {
        while (++i < n)
          ws->a[j++] = ws->a[i];
        ws->n = j;
        return false;
      }
      assign(p, c[0]);
    }
    ws->n = j;
  }
  return true;
}

/* A literal of the open long clause with the fewest open literals, or 0
 * when every long clause is satisfied. */
static int pick(const sks_prover *p) {
  int best = 0, fewest = 0;
  for (size_t k = 0; k < p->longs.n; k++) {
    const int *c = p->mem.a + p->longs.a[k];
    int size = c[0], open = 0, first = 0;
    bool sat = false;
    for (int i = 1; i <= size && !sat; i++) {
      int v = value(p, c[i]);
      if (v > 0)
        sat = true;
      else if (!v && !open++)
        first = c[i];
    }
    if (!sat && (!best || open < fewest)) {
      best = first;
      fewest = open;
      if (open == 2)
        break;
    }
  }
  if (best)
    return best;
  /* a binary clause with two open literals */
  for (int var = 1; var <= p->nvars; var++)
    for (int s = 0; s < 2; s++) {
      int lit = s ? -var : var;
      if (value(p, lit))
        continue;
      const ints *b = &p->bin[lix(lit)];
      for (size_t i = 0; i < b->n; i++)
        if (!value(p, b->a[i]))
          return b->a[i];
    }
  return 0;
}

static void put_binary(FILE *f, int lit) {
  unsigned u = lix(lit);
  while (u > 127) {
    fputc((int)(u & 127) | 128, f);
    u >>= 7;
  }
  fputc((int)u, f);
}

/* The lemma that the decisions of frames[0 .. depth) conflict. */
static void lemma(sks_prover *p, size_t depth) {
  p->lemmas++;
  if (p->text) {
    for (size_t i = 0; i < depth; i++)
      fprintf(p->proof, "%d ", -p->frames.a[i].lit);
    fputs("0\n", p->proof);
    return;
  }
  fputc('a', p->proof);
  for (size_t i = 0; i < depth; i++)
    put_binary(p->proof, -p->frames.a[i].lit);
  fputc(0, p->proof);
}

/* Clauses loaded between two looks at the clock. */
enum { CLOCK_EVERY = 1 << 16 };

/* Room for exactly the binary clauses of lits[0 .. nlits) in each
 * literal's list (a big grid's are most of the prover's memory, which
 * doubling would leave up to half unused). */
static void reserve_binary(sks_prover *p, const int *lits, size_t nlits) {
  size_t nl = 2 * (size_t)p->nvars + 2;
  size_t *more = sks_calloc(nl, sizeof *more);
  for (size_t i = 0; i < nlits;) {
    size_t end = i;
    while (lits[end])
      end++;
    if (end - i == 2) {
      more[lix(lits[i])]++;
      more[lix(lits[i + 1])]++;
    }
    i = end + 1;
  }
  for (size_t l = 0; l < nl; l++) {
    ints *b = &p->bin[l];
    if (more[l] && b->cap < b->n + more[l]) {
      b->cap = b->n + more[l];
      b->a = sks_realloc(b->a, b->cap * sizeof *b->a);
    }
  }
  free(more);
}

/* Loads the clauses: 1, 0 when one is empty or the units conflict, -1
 * when the deadline passed first. */
static int load(sks_prover *p, const int *lits, size_t nlits) {
  bool ok = true;
  if (nlits >= CLOCK_EVERY) /* a small list's doubling costs little */
    reserve_binary(p, lits, nlits);
  size_t tick = 0;
  for (size_t i = 0; i < nlits;) {
    if (++tick % CLOCK_EVERY == 0 && sks_past(p->deadline))
      return -1;
    size_t end = i;
    while (lits[end])
      end++;
    int size = (int)(end - i);
    const int *c = lits + i;
    if (size == 0)
      ok = false;
    else if (size == 1) {
      int v = value(p, c[0]);
      if (v < 0)
        ok = false;
      else if (!v)
        assign(p, c[0]);
    } else if (size == 2) {
      p->bins++;
      SKS_PUSH(p->bin[lix(c[0])], c[1]);
      SKS_PUSH(p->bin[lix(c[1])], c[0]);
    } else {
      int o = (int)p->mem.n;
      SKS_PUSH(p->mem, size);
      for (int k = 0; k < size; k++)
        SKS_PUSH(p->mem, c[k]);
      SKS_PUSH(p->longs, o);
      SKS_PUSH(p->watch[lix(c[0])], o);
      SKS_PUSH(p->watch[lix(c[1])], o);
    }
    i = end + 1;
  }
  return ok;
}

/* Stopped by the deadline.  A prefix whose load was cut is not kept
 * (clear() came first): the next run loads it again. */
static int out_of_time(sks_prover *p) {
  p->timed_out = true;
  return SKS_UNKNOWN;
}

int sks_prover_run(sks_prover *p, const int *lits, size_t nlits, size_t base,
                   uint64_t key, const int *name, size_t nname, int nvars,
                   FILE *proof, bool text, long long max_nodes,
                   signed char *model) {
  int old = p->nvars;
  prepare(p, nvars > 0 ? nvars : 1);
  p->proof = proof;
  p->text = text;
  p->timed_out = false;
  if (base > nlits)
    base = 0;
  int ok = 1;
  if (p->nvars == old && same_base(p, lits, base, key, name, nname))
    back_to_base(p);
  else {
    clear(p);
    ok = load(p, lits, base);
    if (ok < 0)
      return out_of_time(p);
    if (base && ok && !p->trail.n) { /* a prefix with no unit: kept */
      p->has_base = true;
      p->base_key = key;
      p->base.n = p->base_name.n = 0;
      if (nname) {
        SKS_STACK_RESERVE(p->base_name, nname);
        memcpy(p->base_name.a, name, nname * sizeof *name);
        p->base_name.n = nname;
      } else {
        SKS_STACK_RESERVE(p->base, base);
        memcpy(p->base.a, lits, base * sizeof *lits);
      }
      p->base.n = base;
      p->base_mem = p->mem.n;
      p->base_longs = p->longs.n;
      SKS_STACK_RESERVE(p->saved, p->mem.n + 1);
      if (p->mem.n) /* none when every clause is binary (a 2x2 grid) */
        memcpy(p->saved.a, p->mem.a, p->mem.n * sizeof *p->mem.a);
    }
  }
  size_t bins = p->bins;
  if (ok)
    ok = load(p, lits + base, nlits - base);
  if (p->bins != bins) /* binary clauses past the prefix stay in the lists */
    p->has_base = false;
  if (ok < 0)
    return out_of_time(p);
  if (!ok || !propagate(p)) {
    lemma(p, 0);
    return SKS_UNSAT;
  }
  for (;;) {
    int lit = pick(p);
    if (!lit) {
      if (model)
        for (int v = 1; v <= nvars; v++)
          model[v - 1] = value(p, v) > 0 ? 1 : -1;
      return SKS_SAT;
    }
    if (max_nodes > 0 && p->nodes >= max_nodes)
      return SKS_UNKNOWN;
    if (sks_past(p->deadline))
      return out_of_time(p);
    p->nodes++;
    frame f = {p->trail.n, lit, false};
    SKS_PUSH(p->frames, f);
    assign(p, lit);
    while (!propagate(p)) {
      /* refuted under the decisions: climb to the first with another
       * value to try, writing the lemma of each node refuted */
      for (;;) {
        lemma(p, p->frames.n);
        if (!p->frames.n)
          return SKS_UNSAT;
        frame *top = &p->frames.a[p->frames.n - 1];
        backtrack(p, top->trail);
        if (!top->second) {
          top->second = true;
          top->lit = -top->lit;
          assign(p, top->lit);
          break;
        }
        p->frames.n--;
      }
    }
  }
}
