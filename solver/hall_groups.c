/* The hall engine's first propagator (hall_int.h): the exactly-one
 * groups of the clauses, a Sudoku's cells and the places of a digit in a
 * house, found from the clauses themselves (a clause of positive
 * literals whose every pair is excluded by a binary clause, as the
 * encoder's pairwise at-most-one writes them), so it works on a puzzle's
 * CNF and on a CNF file alike.  As literals turn false, a group G whose
 * open literals all lie in another group B holds B's one true literal, so
 * B's other literals are false: locked candidates (pointing, claiming)
 * between any two houses, the Hall set of a single group.  Each literal x
 * so set false is explained by the clause (-x or the literals of G
 * outside B), which resolution of G's clause with B's binary clauses
 * gives: the search learns it as it learns its own clauses. */
#include "hall_int.h"

#include <stdlib.h>
#include <string.h>

/* Groups larger than this are not looked for (the pairwise check costs
 * the square). */
#define MAX_GROUP 256

/* Whether every pair of lits[0..n) (positive) has its binary clause
 * (-a or -b). */
static bool exclusive(sks_hall *h, const hall_lit *lits, uint32_t n) {
  for (uint32_t i = 0; i + 1 < n; i++) {
    unsigned stamp = ++h->mark_stamp;
    const hall_watches *ws = &h->watches[hall_neg(lits[i])];
    for (size_t k = 0; k < ws->n; k++)
      if (ws->a[k].ref == HALL_BINARY && (ws->a[k].blocker & 1))
        h->mark[hall_var(ws->a[k].blocker)] = stamp;
    for (uint32_t j = i + 1; j < n; j++)
      if (h->mark[hall_var(lits[j])] != stamp)
        return false;
  }
  return true;
}

typedef SKS_STACK(int) ints;

static void take(sks_hall *h, ints *at, ints *vars, const hall_lit *lits,
                 uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (lits[i] & 1)
      return;
  if (n < 2 || n > MAX_GROUP || !exclusive(h, lits, n))
    return;
  for (uint32_t i = 0; i < n; i++)
    SKS_PUSH(*vars, hall_var(lits[i]));
  SKS_PUSH(*at, (int)vars->n);
}

void sks_hall_groups_free(sks_hall *h) {
  free(h->group_at);
  free(h->group_var);
  free(h->var_at);
  free(h->var_group);
  free(h->mark);
  free(h->group_reach);
  free(h->open_scratch);
  free(h->group_open);
  h->group_reach = h->open_scratch = h->group_open = NULL;
  SKS_STACK_FREE(h->explain);
  h->group_at = h->group_var = h->var_at = h->var_group = NULL;
  h->mark = NULL;
  h->ngroups = 0;
}

void sks_hall_groups_find(sks_hall *h) {
  sks_hall_groups_free(h);
  h->groups_found = true;
  h->mark = sks_calloc((size_t)h->nvars + 1, sizeof *h->mark);
  h->mark_stamp = 0;
  ints at = {0}, vars = {0};
  SKS_PUSH(at, 0);
  for (uint32_t ref = 0; ref < h->arena.n;) {
    hall_clause *c = hall_clause_at(h, ref);
    if (!c->learnt && !c->garbage)
      take(h, &at, &vars, c->lit, c->size);
    ref += HALL_HEADER + c->size;
  }
  for (int v = 1; v <= h->nvars; v++) {
    const hall_watches *ws = &h->watches[2 * v];
    for (size_t k = 0; k < ws->n; k++) {
      hall_lit pair[2] = {2u * (hall_lit)v, ws->a[k].blocker};
      if (ws->a[k].ref == HALL_BINARY && !(pair[1] & 1) && pair[1] > pair[0])
        take(h, &at, &vars, pair, 2);
    }
  }
  h->ngroups = (int)at.n - 1;
  h->groups_nvars = h->nvars;
  h->group_at = at.a;
  h->group_var = vars.a;
  /* each variable's groups */
  h->var_at = sks_calloc((size_t)h->nvars + 2, sizeof *h->var_at);
  for (size_t i = 0; i < vars.n; i++)
    h->var_at[vars.a[i] + 1]++;
  for (int v = 1; v <= h->nvars + 1; v++)
    h->var_at[v] += h->var_at[v - 1];
  h->var_group = sks_malloc((vars.n + 1) * sizeof *h->var_group);
  int *fill = sks_malloc(((size_t)h->nvars + 1) * sizeof *fill);
  memcpy(fill, h->var_at, ((size_t)h->nvars + 1) * sizeof *fill);
  for (int g = 0; g < h->ngroups; g++)
    for (int i = h->group_at[g]; i < h->group_at[g + 1]; i++)
      h->var_group[fill[h->group_var[i]]++] = g;
  free(fill);
  /* what each group shares at most with another: more open literals
   * than that and no other group holds them all */
  h->group_reach = sks_calloc((size_t)h->ngroups + 1, sizeof *h->group_reach);
  h->open_scratch = sks_malloc((MAX_GROUP + 1) * sizeof *h->open_scratch);
  int *shared = sks_calloc((size_t)h->ngroups + 1, sizeof *shared);
  ints touched = {0};
  for (int g = 0; g < h->ngroups; g++) {
    touched.n = 0;
    for (int i = h->group_at[g]; i < h->group_at[g + 1]; i++) {
      int v = h->group_var[i];
      for (int k = h->var_at[v]; k < h->var_at[v + 1]; k++) {
        int b = h->var_group[k];
        if (b == g)
          continue;
        if (!shared[b]++)
          SKS_PUSH(touched, b);
        if (shared[b] > h->group_reach[g])
          h->group_reach[g] = shared[b];
      }
    }
    for (size_t i = 0; i < touched.n; i++)
      shared[touched.a[i]] = 0;
  }
  free(shared);
  SKS_STACK_FREE(touched);
  /* the counts, from the trail's start */
  h->group_open = sks_malloc(((size_t)h->ngroups + 1) * sizeof *h->group_open);
  for (int g = 0; g < h->ngroups; g++)
    h->group_open[g] = h->group_at[g + 1] - h->group_at[g];
  h->groups_head = 0;
}

/* Whether variable v is in group g. */
static bool member(const sks_hall *h, int v, int g) {
  for (int k = h->var_at[v]; k < h->var_at[v + 1]; k++)
    if (h->var_group[k] == g)
      return true;
  return false;
}

/* Group g with its open literals all in one other group: that group's
 * other open literals go.  -1 when the search went back to the root for
 * a fact, 1 when a literal was set, 0 when none. */
static int group_propagate(sks_hall *h, int g) {
  const int *mem = h->group_var + h->group_at[g];
  int size = h->group_at[g + 1] - h->group_at[g], open = 0;
  int *opens = h->open_scratch;
  h->st.group_checks++;
  for (int i = 0; i < size; i++) {
    signed char val = h->val[2 * mem[i]];
    if (val > 0)
      return 0;
    if (!val)
      opens[open++] = mem[i];
  }
  if (open < 2 || open > h->group_reach[g])
    return 0;
  int set = 0, first = opens[0];
  for (int k = h->var_at[first]; k < h->var_at[first + 1]; k++) {
    int b = h->var_group[k];
    if (b == g)
      continue;
    bool inside = true;
    for (int i = 1; inside && i < open; i++)
      inside = member(h, opens[i], b);
    if (!inside)
      continue;
    /* the reason: g's literals outside b, all false */
    h->explain.n = 0;
    SKS_PUSH(h->explain, 0);
    for (int i = 0; i < size; i++)
      if (h->val[2 * mem[i]] < 0 && !member(h, mem[i], b))
        SKS_PUSH(h->explain, 2u * (hall_lit)mem[i]);
    const int *bm = h->group_var + h->group_at[b];
    int bsize = h->group_at[b + 1] - h->group_at[b];
    for (int i = 0; i < bsize; i++) {
      int x = bm[i];
      if (h->val[2 * x] || member(h, x, g))
        continue;
      h->explain.a[0] = 2u * (hall_lit)x + 1u;
      h->st.group_removed++;
      h->imply(h, h->explain.a, (uint32_t)h->explain.n);
      if (h->explain.n == 1)
        return -1;
      set = 1;
    }
    return set;
  }
  return set;
}

/* Whether group g, by its count, may fire: at least two literals not
 * false but no more than it shares with any other group (more and no
 * group holds them all; one, and unit propagation sees to it).  A group
 * with a true literal has one left: the rest are false by its binary
 * clauses, which unit propagation has seen to before this runs (the
 * literals this propagator sets are all false). */
static inline bool may_fire(const sks_hall *h, int g) {
  return h->group_open[g] >= 2 && h->group_open[g] <= h->group_reach[g];
}

bool sks_hall_groups_propagate(sks_hall *h) {
  bool set = false;
  while (h->groups_head < h->trail_n) {
    hall_lit l = h->trail[h->groups_head++];
    int v = hall_var(l);
    if (v > h->groups_nvars)
      continue; /* a variable added since (an activation literal) */
    int from = h->var_at[v], to = h->var_at[v + 1];
    if (!(l & 1))
      continue; /* set true: the groups' clauses propagate it */
    /* the counts first, all of them: a root fact found below undoes this
     * literal's counts with the rest */
    for (int k = from; k < to; k++)
      h->group_open[h->var_group[k]]--;
    for (int k = from; k < to; k++) {
      int g = h->var_group[k];
      if (!may_fire(h, g))
        continue;
      int r = group_propagate(h, g);
      if (r < 0)
        return true;
      set |= r > 0;
    }
    if (set)
      return true;
  }
  return false;
}

void sks_hall_groups_undo(sks_hall *h, int keep) {
  while (h->groups_head > keep) {
    hall_lit l = h->trail[--h->groups_head];
    int v = hall_var(l);
    if (v > h->groups_nvars)
      continue;
    if (l & 1)
      for (int k = h->var_at[v]; k < h->var_at[v + 1]; k++)
        h->group_open[h->var_group[k]]++;
  }
}
