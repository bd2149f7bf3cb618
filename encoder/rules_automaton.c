/* The automata of the CT rules (sks_rules.h): a regular expression parsed
 * and built into states (Thompson's construction, then the empty moves
 * closed over), or the Interactive Sudoku Solver's encoded NFA decoded
 * (URL-safe base64 of a bit stream: a header, then each state's
 * transitions, docs/formats.md); both trimmed to the states that a start
 * reaches and that reach an accepting state.  Used by the lowering
 * (rules_lower_automaton.c), the validator and the checker alike: the
 * rule's meaning, not its clauses. */
#include "base64_int.h"
#include "sks_rules.h"
#include "stack_int.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The most states an automaton may have before it is trimmed (as the
 * Interactive Sudoku Solver's own bound), the most moves once its empty
 * moves are closed over, and the longest pattern and largest repeat
 * count read. */
enum {
  MAX_STATES = 1 << 12,
  MAX_MOVES = 1 << 20,
  MAX_PATTERN = 4096,
  MAX_REPEAT = 1000
};

/* ------------------------------------------------------------------ */
/* Building: states and moves, digit -1 an empty move. */

typedef struct build {
  int nstates;
  SKS_STACK(sks_nfa_edge) e;
  bool full; /* MAX_STATES passed */
} build;

static int add_state(build *b) {
  if (b->nstates >= MAX_STATES) {
    b->full = true;
    return 0;
  }
  return b->nstates++;
}

static void add_edge(build *b, int from, int digit, int to) {
  sks_nfa_edge x = {from, digit, to};
  SKS_PUSH(b->e, x);
}

/* ------------------------------------------------------------------ */
/* The regular expression: parsed into a tree, then built. */

typedef enum { R_SET, R_CAT, R_ALT, R_REP } rkind;

typedef struct rnode {
  rkind kind;
  int a, b;        /* R_CAT, R_ALT: the two parts; R_REP: the part (a) */
  int min, max;    /* R_REP: max -1 for no bound */
  uint64_t set[7]; /* R_SET: digits 0..n-1 as bits (n up to 448) */
} rnode;

typedef struct parser {
  const char *s;
  size_t len, at;
  int n, first;
  long line;
  SKS_STACK(rnode) node;
  sks_error *err;
  bool failed;
} parser;

static int perr(parser *p, const char *what) {
  if (!p->failed)
    sks_error_set(p->err, -1, p->line, 0,
                  "regex rule: %s at character %zu of the pattern", what,
                  p->at + 1);
  p->failed = true;
  return -1;
}

static int new_node(parser *p, rkind k, int a, int b) {
  rnode x;
  memset(&x, 0, sizeof x);
  x.kind = k;
  x.a = a;
  x.b = b;
  SKS_PUSH(p->node, x);
  return (int)p->node.n - 1;
}

static int peek(const parser *p) {
  return p->at < p->len ? (unsigned char)p->s[p->at] : -1;
}

/* A character's value ('0'-'9', then letters for 10-35), or -1. */
static int char_value(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (isalpha(c))
    return tolower(c) - 'a' + 10;
  return -1;
}

/* Value v into x's set, as its digit (none when the grid has no such
 * value). */
static void set_value(const parser *p, rnode *x, int v) {
  int d = v - p->first;
  if (d >= 0 && d < p->n)
    x->set[d / 64] |= 1ull << (d % 64);
}

static int parse_alt(parser *p, int depth);

static int parse_class(parser *p) {
  p->at++; /* '[' */
  bool negated = peek(p) == '^';
  if (negated)
    p->at++;
  int at = new_node(p, R_SET, 0, 0);
  bool any = false;
  while (peek(p) != ']') {
    int c = peek(p);
    if (c < 0)
      return perr(p, "a class without its ']'");
    if (char_value(c) < 0)
      return perr(p, "a character that is no digit");
    p->at++;
    int last = c;
    if (peek(p) == '-' && p->at + 1 < p->len && p->s[p->at + 1] != ']') {
      p->at++;
      last = peek(p);
      if (char_value(last) < 0)
        return perr(p, "a range's end that is no digit");
      if (char_value(last) < char_value(c))
        return perr(p, "a range that runs backwards");
      p->at++;
    }
    for (int v = char_value(c); v <= char_value(last); v++)
      set_value(p, &p->node.a[at], v);
    any = true;
  }
  p->at++; /* ']' */
  if (!any)
    return perr(p, "an empty class");
  if (negated) {
    rnode *x = &p->node.a[at];
    for (int d = 0; d < p->n; d++)
      x->set[d / 64] ^= 1ull << (d % 64);
  }
  return at;
}

static int parse_number(parser *p) {
  int v = -1;
  while (peek(p) >= '0' && peek(p) <= '9') {
    v = (v < 0 ? 0 : v) * 10 + (peek(p) - '0');
    p->at++;
    if (v > MAX_REPEAT)
      return -2;
  }
  return v;
}

static int parse_atom(parser *p, int depth) {
  int c = peek(p);
  if (c == '(') {
    p->at++;
    int x = parse_alt(p, depth + 1);
    if (x < 0)
      return x;
    if (peek(p) != ')')
      return perr(p, "a group without its ')'");
    p->at++;
    return x;
  }
  if (c == '[')
    return parse_class(p);
  if (c == '.') {
    p->at++;
    int at = new_node(p, R_SET, 0, 0);
    for (int d = 0; d < p->n; d++)
      p->node.a[at].set[d / 64] |= 1ull << (d % 64);
    return at;
  }
  if (c < 0)
    return perr(p, "the pattern ends where a digit is needed");
  if (char_value(c) < 0)
    return perr(p, "a character that is no digit");
  p->at++;
  int at = new_node(p, R_SET, 0, 0);
  set_value(p, &p->node.a[at], char_value(c));
  return at;
}

static int parse_repeat(parser *p, int depth) {
  int x = parse_atom(p, depth);
  for (;;) {
    if (x < 0)
      return x;
    int c = peek(p), min, max;
    if (c == '*' || c == '+' || c == '?') {
      p->at++;
      min = c == '+';
      max = c == '?' ? 1 : -1;
    } else if (c == '{') {
      p->at++;
      min = parse_number(p);
      if (min == -2)
        return perr(p, "a repeat count over 1000");
      if (min < 0)
        return perr(p, "a number is needed after '{'");
      max = min;
      if (peek(p) == ',') {
        p->at++;
        max = parse_number(p);
        if (max == -2)
          return perr(p, "a repeat count over 1000");
        if (max >= 0 && max < min)
          return perr(p, "a repeat whose most is below its least");
      }
      if (peek(p) != '}')
        return perr(p, "a repeat without its '}'");
      p->at++;
    } else
      return x;
    int r = new_node(p, R_REP, x, 0);
    p->node.a[r].min = min;
    p->node.a[r].max = max;
    x = r;
  }
}

static int parse_cat(parser *p, int depth) {
  int x = -3; /* nothing yet: the empty sequence */
  while (peek(p) >= 0 && peek(p) != '|' && peek(p) != ')') {
    int y = parse_repeat(p, depth);
    if (y < 0)
      return y;
    x = x == -3 ? y : new_node(p, R_CAT, x, y);
  }
  if (x == -3) { /* the empty sequence: a repeat of nothing */
    x = new_node(p, R_REP, -1, 0);
    p->node.a[x].min = p->node.a[x].max = 0;
  }
  return x;
}

static int parse_alt(parser *p, int depth) {
  if (depth > 100)
    return perr(p, "groups nested over 100 deep");
  int x = parse_cat(p, depth);
  while (x >= 0 && peek(p) == '|') {
    p->at++;
    int y = parse_cat(p, depth);
    if (y < 0)
      return y;
    x = new_node(p, R_ALT, x, y);
  }
  return x;
}

/* The fragment of node x between two new states: *in and *out. */
static void build_node(build *b, const parser *p, int x, int *in, int *out) {
  *in = add_state(b);
  if (x < 0 || b->full) { /* the empty sequence */
    *out = *in;
    return;
  }
  const rnode *r = &p->node.a[x];
  switch (r->kind) {
  case R_SET:
    *out = add_state(b);
    for (int d = 0; d < p->n; d++)
      if (r->set[d / 64] >> (d % 64) & 1)
        add_edge(b, *in, d, *out);
    return;
  case R_CAT: {
    int i1, o1, i2, o2;
    build_node(b, p, r->a, &i1, &o1);
    build_node(b, p, r->b, &i2, &o2);
    add_edge(b, *in, -1, i1);
    add_edge(b, o1, -1, i2);
    *out = o2;
    return;
  }
  case R_ALT: {
    int i1, o1, i2, o2;
    build_node(b, p, r->a, &i1, &o1);
    build_node(b, p, r->b, &i2, &o2);
    *out = add_state(b);
    add_edge(b, *in, -1, i1);
    add_edge(b, *in, -1, i2);
    add_edge(b, o1, -1, *out);
    add_edge(b, o2, -1, *out);
    return;
  }
  case R_REP: {
    /* min copies in a row (the last of them looping back when there is
     * no most: X+ is X looped, so X+++ is no bigger), then max - min
     * optional ones, or for X* one optional looped copy */
    int at = *in, last = -1;
    for (int i = 0; i < r->min && !b->full; i++) {
      int ci, co;
      build_node(b, p, r->a, &ci, &co);
      add_edge(b, at, -1, ci);
      at = co;
      last = ci;
    }
    if (r->max < 0 && last >= 0)
      add_edge(b, at, -1, last);
    else if (r->max < 0) {
      int ci, co;
      build_node(b, p, r->a, &ci, &co);
      add_edge(b, at, -1, ci);
      add_edge(b, co, -1, at);
    } else {
      int end = add_state(b);
      add_edge(b, at, -1, end);
      for (int i = r->min; i < r->max && !b->full; i++) {
        int ci, co;
        build_node(b, p, r->a, &ci, &co);
        add_edge(b, at, -1, ci);
        add_edge(b, co, -1, end);
        at = co;
      }
      at = end;
    }
    *out = at;
    return;
  }
  }
}

/* ------------------------------------------------------------------ */
/* The Interactive Sudoku Solver's encoded NFA. */

typedef struct bits {
  const unsigned char *a;
  size_t nbits, at;
} bits;

static bool read_bits(bits *r, int k, unsigned *out) {
  if (k < 0 || r->at + (size_t)k > r->nbits)
    return false;
  unsigned v = 0;
  for (int i = 0; i < k; i++, r->at++)
    v = v << 1 | ((r->a[r->at >> 3] >> (7 - (r->at & 7))) & 1);
  *out = v;
  return true;
}

static int required_bits(unsigned v) {
  int k = 0;
  while (v >> k)
    k++;
  return k;
}

static int nfa_fail(sks_error *err, long line, const char *what) {
  sks_error_set(err, -1, line, 0, "nfa rule: %s", what);
  return -1;
}

/* Decodes s into b (no empty moves) with its starts and accepting
 * states in *start and *accept (by state, b->nstates of them). */
static int decode_nfa(const char *s, int n, long line, build *b,
                      unsigned char **start, unsigned char **accept,
                      sks_error *err) {
  size_t len = strlen(s);
  while (len && s[len - 1] == '=')
    len--;
  if (!len)
    return nfa_fail(err, line, "an empty encoding");
  if (len % 4 == 1)
    return nfa_fail(err, line, "an encoding of the wrong length");
  unsigned char *bytes = sks_malloc(len * 3 / 4 + 1);
  long nb = sks_base64url_decode(s, len, bytes);
  if (nb < 0) {
    free(bytes);
    return nfa_fail(err, line, "a character outside base64url in the encoding");
  }
  bits r = {bytes, (size_t)nb * 8, 0};
  unsigned format, sb, sc, nstart, naccept, start_acc, tcb = 0;
  int rc = 0;
  if (!read_bits(&r, 2, &format) || format > 1 || !read_bits(&r, 4, &sb) ||
      !read_bits(&r, 4, &sc)) {
    free(bytes);
    return nfa_fail(err, line, "a header that does not decode");
  }
  int state_bits = (int)sb + 1, symbols = (int)sc + 1;
  int symbol_bits = required_bits((unsigned)symbols - 1);
  if (!read_bits(&r, state_bits, &nstart) ||
      !read_bits(&r, state_bits, &naccept) || nstart < 1 || nstart > 32 ||
      !read_bits(&r, (int)nstart, &start_acc) ||
      (format == 0 && !read_bits(&r, 4, &tcb))) {
    free(bytes);
    return nfa_fail(err, line, "a header that does not decode");
  }
  int nstates = (int)(nstart + naccept);
  for (int st = 0; rc == 0; st++) {
    size_t left = r.nbits - r.at;
    if (format == 0 ? (tcb == 0 || left < tcb) : left < (size_t)symbols)
      break;
    if (st >= MAX_STATES) {
      rc = nfa_fail(err, line, "more than 4096 states");
      break;
    }
    unsigned count = 0, sym, to, mask = 0;
    if (format == 0) {
      read_bits(&r, (int)tcb, &count);
      for (unsigned i = 0; i < count && rc == 0; i++) {
        if (!read_bits(&r, symbol_bits, &sym) ||
            !read_bits(&r, state_bits, &to))
          rc = nfa_fail(err, line, "a transition cut short");
        else if ((int)sym < n) {
          add_edge(b, st, (int)sym, (int)to);
          if ((int)to >= nstates)
            nstates = (int)to + 1;
        }
        if (st >= nstates)
          nstates = st + 1;
      }
    } else {
      read_bits(&r, symbols, &mask);
      for (int d = 0; d < symbols && rc == 0; d++) {
        if (!(mask >> d & 1))
          continue;
        if (!read_bits(&r, state_bits, &to))
          rc = nfa_fail(err, line, "a transition cut short");
        else if (d < n) {
          add_edge(b, st, d, (int)to);
          if ((int)to >= nstates)
            nstates = (int)to + 1;
          if (st >= nstates)
            nstates = st + 1;
        }
      }
    }
  }
  unsigned pad;
  while (rc == 0 && r.at < r.nbits)
    if (!read_bits(&r, 1, &pad) || pad)
      rc = nfa_fail(err, line, "bits left over after the last state");
  free(bytes);
  if (rc == 0 && nstates > MAX_STATES)
    rc = nfa_fail(err, line, "more than 4096 states");
  if (rc)
    return rc;
  b->nstates = nstates;
  *start = sks_calloc((size_t)nstates, 1);
  *accept = sks_calloc((size_t)nstates, 1);
  for (unsigned i = 0; i < nstart; i++) {
    (*start)[i] = 1;
    if (start_acc >> i & 1)
      (*accept)[i] = 1;
  }
  for (unsigned i = 0; i < naccept; i++)
    (*accept)[nstart + i] = 1;
  return 0;
}

/* ------------------------------------------------------------------ */
/* Closing over empty moves, trimming, sorting. */

static int cmp_edge(const void *x, const void *y) {
  const sks_nfa_edge *a = x, *b = y;
  if (a->from != b->from)
    return a->from < b->from ? -1 : 1;
  if (a->digit != b->digit)
    return a->digit < b->digit ? -1 : 1;
  return (a->to > b->to) - (a->to < b->to);
}

/* The edges of b sorted by from, and where each state's start: at[s] to
 * at[s+1]. */
static int *index_edges(sks_nfa_edge *e, size_t ne, int ns) {
  if (ne) /* e is NULL when there are none */
    qsort(e, ne, sizeof *e, cmp_edge);
  int *at = sks_calloc((size_t)ns + 1, sizeof *at);
  for (size_t i = 0; i < ne; i++)
    at[e[i].from + 1]++;
  for (int s = 0; s < ns; s++)
    at[s + 1] += at[s];
  return at;
}

/* The automaton of b's moves (empty ones closed over), starts and
 * accepting states, trimmed, into out: 0, or -1 when the moves are more
 * than MAX_MOVES. */
static int finish(build *b, const unsigned char *start,
                  const unsigned char *accept, sks_nfa *out) {
  int ns = b->nstates;
  bool over = b->e.n > MAX_MOVES;
  int *at = index_edges(b->e.a, b->e.n, ns);
  /* each state's closure over empty moves: its moves and acceptance */
  SKS_STACK(sks_nfa_edge) e = {0};
  unsigned char *acc = sks_calloc((size_t)ns, 1),
                *mark = sks_calloc((size_t)ns, 1);
  int *todo = sks_malloc((size_t)ns * sizeof *todo),
      *seen = sks_malloc((size_t)ns * sizeof *seen);
  for (int s = 0; s < ns && !over; s++) {
    int nt = 0, nseen = 0;
    todo[nt++] = s;
    mark[s] = 1;
    seen[nseen++] = s;
    while (nt) {
      int t = todo[--nt];
      acc[s] |= accept[t];
      for (int i = at[t]; i < at[t + 1]; i++) {
        sks_nfa_edge x = b->e.a[i];
        if (x.digit >= 0) {
          x.from = s;
          SKS_PUSH(e, x);
          over |= e.n > MAX_MOVES;
        } else if (!mark[x.to]) {
          mark[x.to] = 1;
          seen[nseen++] = x.to;
          todo[nt++] = x.to;
        }
      }
    }
    for (int i = 0; i < nseen; i++)
      mark[seen[i]] = 0;
  }
  free(at);
  if (over) {
    free(acc);
    free(mark);
    free(todo);
    free(seen);
    SKS_STACK_FREE(e);
    return -1;
  }
  at = index_edges(e.a, e.n, ns);
  /* live: reached from a start, and reaching an accepting state */
  unsigned char *fwd = sks_calloc((size_t)ns, 1),
                *bwd = sks_calloc((size_t)ns, 1);
  int nt = 0;
  for (int s = 0; s < ns; s++)
    if (start[s]) {
      fwd[s] = 1;
      todo[nt++] = s;
    }
  while (nt) {
    int t = todo[--nt];
    for (int i = at[t]; i < at[t + 1]; i++)
      if (!fwd[e.a[i].to]) {
        fwd[e.a[i].to] = 1;
        todo[nt++] = e.a[i].to;
      }
  }
  /* backwards: repeat until nothing changes (the moves sorted by from) */
  for (int s = 0; s < ns; s++)
    bwd[s] = acc[s];
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = e.n; i-- > 0;)
      if (bwd[e.a[i].to] && !bwd[e.a[i].from]) {
        bwd[e.a[i].from] = 1;
        changed = true;
      }
  }
  int *num = seen; /* new numbers */
  int k = 0;
  for (int s = 0; s < ns; s++)
    num[s] = fwd[s] && bwd[s] ? k++ : -1;
  memset(out, 0, sizeof *out);
  out->nstates = k;
  out->start = sks_calloc((size_t)k + 1, 1);
  out->accept = sks_calloc((size_t)k + 1, 1);
  for (int s = 0; s < ns; s++)
    if (num[s] >= 0) {
      out->start[num[s]] = start[s];
      out->accept[num[s]] = acc[s];
    }
  size_t m = 0;
  for (size_t i = 0; i < e.n; i++) {
    sks_nfa_edge x = e.a[i];
    if (num[x.from] < 0 || num[x.to] < 0)
      continue;
    x.from = num[x.from];
    x.to = num[x.to];
    if (m && !cmp_edge(&e.a[m - 1], &x))
      continue;
    e.a[m++] = x;
  }
  out->nedges = (int)m;
  out->edge = sks_malloc((m + 1) * sizeof *out->edge);
  if (m)
    memcpy(out->edge, e.a, m * sizeof *e.a);
  free(at);
  free(acc);
  free(mark);
  free(todo);
  free(seen);
  free(fwd);
  free(bwd);
  SKS_STACK_FREE(e);
  return 0;
}

/* The kind's name in messages (rules.c's table is above this file, which
 * it calls). */
static const char *kind_name(const sks_rule *rule) {
  return rule->kind == SKS_RULE_REGEX ? "regex"
         : rule->kind == SKS_RULE_NFA ? "nfa"
                                      : "this";
}

int sks_rule_nfa(const sks_rule *rule, int n, int first, sks_nfa *out,
                 sks_error *err) {
  memset(out, 0, sizeof *out);
  build b = {0};
  unsigned char *start = NULL, *accept = NULL;
  int rc = 0;
  if (!rule->text || !rule->text[0]) {
    sks_error_set(err, -1, rule->line, 0, "%s rule: no %s", kind_name(rule),
                  rule->kind == SKS_RULE_REGEX ? "pattern" : "encoding");
    return -1;
  }
  if (rule->kind == SKS_RULE_REGEX) {
    parser p = {rule->text, strlen(rule->text), 0,   n,
                first,      rule->line,         {0}, err,
                false};
    if (p.len > MAX_PATTERN) {
      sks_error_set(err, -1, rule->line, 0,
                    "regex rule: a pattern over %d characters", MAX_PATTERN);
      return -1;
    }
    int root = parse_alt(&p, 0);
    if (root >= 0 && p.at < p.len)
      root = perr(&p, "a ')' without its '('");
    if (root < 0) {
      SKS_STACK_FREE(p.node);
      return -1;
    }
    int in, fin;
    build_node(&b, &p, root, &in, &fin);
    SKS_STACK_FREE(p.node);
    if (b.full) {
      SKS_STACK_FREE(b.e);
      sks_error_set(err, -1, rule->line, 0, "regex rule: more than %d states",
                    MAX_STATES);
      return -1;
    }
    start = sks_calloc((size_t)b.nstates, 1);
    accept = sks_calloc((size_t)b.nstates, 1);
    start[in] = 1;
    accept[fin] = 1;
  } else if (rule->kind == SKS_RULE_NFA)
    rc = decode_nfa(rule->text, n, rule->line, &b, &start, &accept, err);
  else {
    sks_error_set(err, -1, rule->line, 0, "%s rule: no automaton",
                  kind_name(rule));
    rc = -1;
  }
  if (rc == 0 && finish(&b, start, accept, out)) {
    sks_error_set(err, -1, rule->line, 0, "%s rule: more than %d moves",
                  kind_name(rule), MAX_MOVES);
    rc = -1;
  }
  SKS_STACK_FREE(b.e);
  free(start);
  free(accept);
  return rc;
}

void sks_nfa_free(sks_nfa *a) {
  free(a->edge);
  free(a->start);
  free(a->accept);
  memset(a, 0, sizeof *a);
}

bool sks_nfa_accepts(const sks_nfa *a, const int *digits, int k) {
  int ns = a->nstates;
  if (!ns)
    return false;
  unsigned char *cur = sks_malloc((size_t)ns), *nxt = sks_malloc((size_t)ns);
  memcpy(cur, a->start, (size_t)ns);
  bool any = true;
  for (int i = 0; i < k && any; i++) {
    memset(nxt, 0, (size_t)ns);
    any = false;
    for (int j = 0; j < a->nedges; j++) {
      const sks_nfa_edge *x = &a->edge[j];
      if (cur[x->from] && x->digit == digits[i])
        nxt[x->to] = 1, any = true;
    }
    unsigned char *t = cur;
    cur = nxt;
    nxt = t;
  }
  bool ok = false;
  for (int s = 0; any && s < ns; s++)
    ok |= cur[s] && a->accept[s];
  free(cur);
  free(nxt);
  return ok;
}
