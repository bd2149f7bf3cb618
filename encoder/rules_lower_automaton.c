/* The CT rules (a regular expression, an encoded NFA) lowered: the
 * automaton (rules_automaton.c) unrolled along the cells, one layer of
 * states before each cell and one after the last, kept to the states a
 * start reaches and from which an accepting state is reached over the
 * digits the cells still hold.  Variables: q(i,s), the path is in state s
 * before cell i; t(i,e), it takes move e (from s reading digit d into s')
 * at cell i.  Clauses: t(i,e) -> q(i,s), x(cell,d), q(i+1,s'); q(i,s) ->
 * some move out of s at i; q(i+1,s') -> some move into s' at i; x(cell,d)
 * -> some move reading d at i (none: the digit goes); some start state at
 * layer 0.  A model's moves are a path reading the cells' digits from a
 * start to an accepting state (the last layer holds accepting states
 * only), and a path gives a model, so the clauses say what the rule says;
 * a digit no path through the cell reads, or a move whose either end no
 * path reaches, goes by unit propagation. */
#include "require_int.h"
#include "rules_lower_int.h"

#include <stdlib.h>
#include <string.h>

void sks_lower_automaton(low *w, const sks_rule *r) {
  int n = w->n, k = r->ncells;
  const int *c = r->cells;
  sks_nfa a;
  sks_error err = {0};
  sks_require(!sks_rule_nfa(r, n, 1 - w->off, &a, &err),
              "a CT rule's automaton builds (checked when it was added)");
  int ns = a.nstates, ne = a.nedges;
  /* live[i * ns + s]: state s before cell i (layer k: after the last) */
  unsigned char *live = sks_calloc((size_t)(k + 1) * ns + 1, 1);
  unsigned char *back = sks_calloc((size_t)(k + 1) * ns + 1, 1);
  unsigned char *ok = sks_malloc((size_t)k * n + 1); /* digit d in cell i */
  for (int i = 0; i < k; i++)
    for (int d = 0; d < n; d++)
      ok[i * n + d] = xl(w, c[i], d + 1) != LFALSE;
  for (int s = 0; s < ns; s++) {
    live[s] = a.start[s];
    back[(size_t)k * ns + s] = a.accept[s];
  }
  for (int i = 0; i < k; i++)
    for (int j = 0; j < ne; j++) {
      const sks_nfa_edge *e = &a.edge[j];
      if (live[(size_t)i * ns + e->from] && ok[i * n + e->digit])
        live[(size_t)(i + 1) * ns + e->to] = 1;
    }
  for (int i = k; i-- > 0;)
    for (int j = 0; j < ne; j++) {
      const sks_nfa_edge *e = &a.edge[j];
      if (back[(size_t)(i + 1) * ns + e->to] && ok[i * n + e->digit])
        back[(size_t)i * ns + e->from] = 1;
    }
  int *q = sks_malloc(((size_t)(k + 1) * ns + 1) * sizeof *q);
  for (int i = 0; i <= k; i++) {
    int count = 0, only = -1;
    for (int s = 0; s < ns; s++) {
      size_t at = (size_t)i * ns + s;
      live[at] &= back[at];
      if (live[at])
        count++, only = s;
    }
    for (int s = 0; s < ns; s++) {
      size_t at = (size_t)i * ns + s;
      q[at] = !live[at] ? LFALSE : count == 1 && s == only ? LTRUE : fresh(w);
    }
  }
  /* some start state (none live: the rule cannot hold) */
  cl_begin(w);
  for (int s = 0; s < ns; s++)
    cl_lit(w, q[s]);
  cl_end(w);
  /* the moves by their end state and by their digit (a.edge is by its
   * start already) */
  int *out_at = sks_calloc((size_t)ns + 1, sizeof *out_at);
  int *in_at = sks_calloc((size_t)ns + 1, sizeof *in_at);
  int *by_at = sks_calloc((size_t)n + 1, sizeof *by_at);
  int *in = sks_malloc(((size_t)ne + 1) * sizeof *in);
  int *by = sks_malloc(((size_t)ne + 1) * sizeof *by);
  for (int j = 0; j < ne; j++) {
    out_at[a.edge[j].from + 1]++;
    in_at[a.edge[j].to + 1]++;
    by_at[a.edge[j].digit + 1]++;
  }
  for (int s = 0; s < ns; s++) {
    out_at[s + 1] += out_at[s];
    in_at[s + 1] += in_at[s];
  }
  for (int d = 0; d < n; d++)
    by_at[d + 1] += by_at[d];
  {
    int *fill_in = sks_malloc(((size_t)ns + 1) * sizeof *fill_in);
    int *fill_by = sks_malloc(((size_t)n + 1) * sizeof *fill_by);
    memcpy(fill_in, in_at, (size_t)ns * sizeof *fill_in);
    memcpy(fill_by, by_at, (size_t)n * sizeof *fill_by);
    for (int j = 0; j < ne; j++) {
      in[fill_in[a.edge[j].to]++] = j;
      by[fill_by[a.edge[j].digit]++] = j;
    }
    free(fill_in);
    free(fill_by);
  }
  int *t = sks_malloc(((size_t)ne + 1) * sizeof *t);
  for (int i = 0; i < k && ns; i++) {
    const int *qi = q + (size_t)i * ns, *qo = q + (size_t)(i + 1) * ns;
    for (int j = 0; j < ne; j++) {
      const sks_nfa_edge *e = &a.edge[j];
      int x = xl(w, c[i], e->digit + 1);
      if (qi[e->from] == LFALSE || qo[e->to] == LFALSE || x == LFALSE) {
        t[j] = LFALSE;
        continue;
      }
      if (qi[e->from] == LTRUE && qo[e->to] == LTRUE) {
        t[j] = x; /* the move is the digit */
        continue;
      }
      t[j] = fresh(w);
      clause2(w, neg(t[j]), qi[e->from]);
      clause2(w, neg(t[j]), x);
      clause2(w, neg(t[j]), qo[e->to]);
    }
    for (int s = 0; s < ns; s++) {
      if (qi[s] != LFALSE) { /* a move out of s */
        cl_begin(w);
        cl_lit(w, neg(qi[s]));
        for (int j = out_at[s]; j < out_at[s + 1]; j++)
          cl_lit(w, t[j]);
        cl_end(w);
      }
      if (qo[s] != LFALSE) { /* a move into s */
        cl_begin(w);
        cl_lit(w, neg(qo[s]));
        for (int j = in_at[s]; j < in_at[s + 1]; j++)
          cl_lit(w, t[in[j]]);
        cl_end(w);
      }
    }
    for (int d = 0; d < n; d++) { /* a move reading d */
      int x = xl(w, c[i], d + 1);
      bool is_move = false;
      for (int j = by_at[d]; j < by_at[d + 1]; j++)
        is_move |= t[by[j]] == x;
      if (x == LFALSE || is_move)
        continue;
      cl_begin(w);
      cl_lit(w, neg(x));
      for (int j = by_at[d]; j < by_at[d + 1]; j++)
        cl_lit(w, t[by[j]]);
      cl_end(w);
    }
  }
  free(out_at);
  free(in_at);
  free(by_at);
  free(in);
  free(by);
  free(t);
  free(q);
  free(ok);
  free(back);
  free(live);
  sks_nfa_free(&a);
}
