/* The description language: the `c` lines that say what a puzzle CNF
 * encodes (size, variants, givens, encoding, variable map), written before
 * the clauses and read back so a model decodes from the CNF alone. */
#include "dimacs_int.h"
#include "require_int.h"
#include "sks_formats.h"
#include "stack_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================== */
/* Writing. */

/* One row of a description grid: symbols for small sizes, else numbers
 * (0 = blank).  values are 0-based, -1 blank; NULL is a blank row. */
static void put_row(sks_sink *s, const char *key, int row, int n,
                    const int *values) {
  sks_sink_put_str(s, "c ");
  sks_sink_put_str(s, key);
  sks_sink_put_char(s, ' ');
  sks_sink_put_uint(s, (unsigned long)row);
  sks_sink_put_char(s, ' ');
  for (int c = 0; c < n; c++) {
    int v = values ? values[c] : -1;
    if (n <= SKS_DESC_MAX_SYMBOL_N)
      sks_sink_put_char(s, v < 0 ? '.' : SKS_DESC_SYMBOLS[v]);
    else {
      if (c)
        sks_sink_put_char(s, ' ');
      sks_sink_put_uint(s, (unsigned long)(v + 1));
    }
  }
  sks_sink_put_char(s, '\n');
}

/* The map as runs: `a-b` stands for a, a+1, ..., b.  Renumbered
 * candidates ascend, so runs keep a 25x25 map to a few hundred lines. */
static void put_map(sks_sink *s, const int *map, int nmap) {
  sks_sink_put_str(s, "c mapped ");
  sks_sink_put_uint(s, (unsigned long)nmap);
  sks_sink_put_char(s, '\n');
  int width = 0;
  for (int i = 0; i < nmap;) {
    int j = i;
    while (j + 1 < nmap && map[j + 1] == map[j] + 1)
      j++;
    if (!width)
      sks_sink_put_str(s, "c map");
    char item[32], *e = item;
    *e++ = ' ';
    e = sks_format_uint(e, (unsigned long)map[i]);
    if (j > i) {
      *e++ = j == i + 1 ? ' ' : '-';
      e = sks_format_uint(e, (unsigned long)map[j]);
    }
    *e = 0;
    sks_sink_put_str(s, item);
    width += (int)(e - item);
    if (width >= 64) {
      sks_sink_put_char(s, '\n');
      width = 0;
    }
    i = j + 1;
  }
  if (width)
    sks_sink_put_char(s, '\n');
}

/* The first lines: the version, size and boxes, variants, jigsaw map. */
static void put_shape(sks_sink *s, const sks_cnf_desc *d) {
  int n = d->n;
  sks_sink_put_str(s, "c sudokusat v1\n");
  sks_sink_put_str(s, "c size ");
  sks_sink_put_uint(s, (unsigned long)n);
  sks_sink_put_str(s, " box ");
  sks_sink_put_uint(s, (unsigned long)d->box_rows);
  sks_sink_put_char(s, 'x');
  sks_sink_put_uint(s, (unsigned long)d->box_cols);
  sks_sink_put_char(s, '\n');
  if (d->variants) {
    sks_sink_put_str(s, "c variants");
    for (int i = 0; i < SKS_VARIANTS; i++)
      if (d->variants & 1u << i) {
        sks_sink_put_char(s, ' ');
        sks_sink_put_str(s, sks_variant_name(1u << i));
      }
    sks_sink_put_char(s, '\n');
  }
  if ((d->variants & SKS_VARIANT_JIGSAW) && d->jigsaw)
    for (int r = 0; r < n; r++)
      put_row(s, "region", r + 1, n, d->jigsaw + (size_t)r * n);
}

static void put_givens(sks_sink *s, const sks_cnf_desc *d) {
  int n = d->n, ngiven = 0;
  for (int i = 0; d->given && i < n * n; i++)
    ngiven += d->given[i] >= 0;
  sks_sink_put_str(s, "c givens ");
  sks_sink_put_uint(s, (unsigned long)ngiven);
  sks_sink_put_char(s, '\n');
  for (int r = 0; r < n; r++) /* no givens: blank rows */
    put_row(s, "row", r + 1, n, d->given ? d->given + (size_t)r * n : NULL);
}

/* A candidates puzzle's removed candidates: `c removed COUNT`, then one
 * `c out R C D ...` line for each cell with any, digits 1-based.  Files
 * of ordinary puzzles carry none and read as before. */
static void put_removed(sks_sink *s, const sks_cnf_desc *d) {
  if (!d->removed)
    return;
  size_t n = (size_t)d->n;
  unsigned long k = 0;
  for (size_t i = 0; i < n * n * n; i++)
    k += d->removed[i] != 0;
  sks_sink_put_str(s, "c removed ");
  sks_sink_put_uint(s, k);
  sks_sink_put_char(s, '\n');
  for (size_t i = 0; i < n * n; i++) {
    const unsigned char *out = d->removed + i * n;
    bool any = false;
    for (size_t dg = 0; dg < n; dg++) {
      if (!out[dg])
        continue;
      if (!any) {
        sks_sink_put_str(s, "c out ");
        sks_sink_put_uint(s, (unsigned long)(i / n + 1));
        sks_sink_put_char(s, ' ');
        sks_sink_put_uint(s, (unsigned long)(i % n + 1));
        any = true;
      }
      sks_sink_put_char(s, ' ');
      sks_sink_put_uint(s, (unsigned long)(dg + 1));
    }
    if (any)
      sks_sink_put_char(s, '\n');
  }
}

/* A puzzle's variant rules: `c rules COUNT`, then `c rule TEXT` each, in
 * the rules' own text form (sks_rules.h).  Files of puzzles without rules
 * carry none and read as before. */
static void put_rules(sks_sink *s, const sks_cnf_desc *d) {
  if (!d->rules)
    return;
  sks_sink_put_str(s, "c rules ");
  sks_sink_put_uint(s, (unsigned long)d->rules->count);
  sks_sink_put_char(s, '\n');
  char small[256];
  for (int i = 0; i < d->rules->count; i++) {
    const sks_rule *r = &d->rules->rule[i];
    size_t need = sks_rule_write(r, d->n, small, sizeof small);
    char *text = small;
    if (need >= sizeof small) {
      text = sks_malloc(need + 1);
      sks_rule_write(r, d->n, text, need + 1);
    }
    sks_sink_put_str(s, "c rule ");
    sks_sink_put_str(s, text);
    sks_sink_put_char(s, '\n');
    if (text != small)
      free(text);
  }
}

/* The encoding line, the variable rule (for people) and the map. */
static void put_variables(sks_sink *s, const sks_cnf_desc *d) {
  sks_sink_put_str(s, "c encoding ");
  sks_sink_put_str(s, sks_encoding_name(d->encoding));
  sks_sink_put_str(s, " amo ");
  sks_sink_put_str(s, sks_amo_name(d->amo));
  sks_sink_put_str(s, " propagate ");
  sks_sink_put_str(s, sks_propagate_name(d->propagate));
  sks_sink_put_char(s, '\n');
  sks_sink_put_str(s, "c variable x(r,c,d) = (r*");
  sks_sink_put_uint(s, (unsigned long)d->n);
  sks_sink_put_str(s, " + c)*");
  sks_sink_put_uint(s, (unsigned long)d->n);
  sks_sink_put_str(s, " + d + 1 for 0-based row r, column c, digit d\n");
  if (d->map) {
    sks_sink_put_str(s, "c renumbered: CNF variable i is x variable map[i],"
                        " listed in order; a-b is a run\n");
    put_map(s, d->map, d->nmap);
  }
}

void sks_desc_write(sks_sink *s, const sks_cnf_desc *d) {
  put_shape(s, d);
  put_givens(s, d);
  put_removed(s, d);
  put_rules(s, d);
  put_variables(s, d);
}

/* ================================================================== */
/* Reading. */

void sks_desc_init(sks_desc_reader *d, sks_warn_fn warn, void *warn_ctx) {
  memset(d, 0, sizeof *d);
  d->warn = warn;
  d->warn_ctx = warn_ctx;
}

/* A bad description is a warning: the CNF stays solvable, only decoding
 * it needs the description, and the warning says why it is gone. */
static int desc_fail(sks_desc_reader *d, const char *at, const char *what) {
  if (!d->bad) {
    d->bad = true;
    long col = d->text_col + (at ? (long)(at - d->text) : 0);
    sks_dimacs_warn(d->warn, d->warn_ctx, d->line, col,
                    "description ignored: %s", what);
  }
  return -1;
}

static const char *skip_space(const char *p) {
  while (*p == ' ' || *p == '\t' || *p == '\r')
    p++;
  return p;
}

/* The next word of p into w (size cap); returns the text after it. */
static const char *word(const char *p, char *w, size_t cap) {
  p = skip_space(p);
  size_t k = 0;
  while (*p && *p != ' ' && *p != '\t' && *p != '\r') {
    if (k + 1 < cap)
      w[k++] = *p;
    p++;
  }
  w[k] = 0;
  return p;
}

/* A non-negative decimal number; NULL when there is none. */
static const char *number(const char *p, int *out) {
  p = skip_space(p);
  if (*p < '0' || *p > '9')
    return NULL;
  long v = 0;
  while (*p >= '0' && *p <= '9') {
    v = v * 10 + (*p++ - '0');
    if (v > INT_MAX)
      return NULL;
  }
  if (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '-' && *p != 'x')
    return NULL;
  *out = (int)v;
  return p;
}

static int symbol_value(char ch) {
  const char *s = ch ? strchr(SKS_DESC_SYMBOLS, ch) : NULL;
  return s ? (int)(s - SKS_DESC_SYMBOLS) : -2;
}

/* A row written as one word of n symbols (sizes up to 35). */
static bool is_symbol_row(const char *p, int n) {
  const char *q = p;
  while (*q && *q != ' ' && *q != '\t' && *q != '\r')
    q++;
  return n <= SKS_DESC_MAX_SYMBOL_N && q - p == n && !*skip_space(q);
}

static bool symbol_row(sks_desc_reader *d, const char *p, int *out,
                       bool blank_ok) {
  for (int c = 0; c < d->n; c++) {
    int v = p[c] == '.' || p[c] == '0' ? -1 : symbol_value(p[c]);
    if (v < -1 || v >= d->n || (v < 0 && !blank_ok)) {
      desc_fail(d, p + c, "bad symbol in row");
      return false;
    }
    out[c] = v;
  }
  return true;
}

/* n numbers, 0 = blank. */
static bool number_row(sks_desc_reader *d, const char *p, int *out,
                       bool blank_ok) {
  for (int c = 0; c < d->n; c++) {
    int v;
    const char *at = skip_space(p);
    p = number(p, &v);
    if (!p || v > d->n || (v == 0 && !blank_ok)) {
      desc_fail(d, at, "bad value in row");
      return false;
    }
    out[c] = v - 1;
  }
  if (*skip_space(p)) {
    desc_fail(d, skip_space(p), "too many values in row");
    return false;
  }
  return true;
}

/* Reads one row of n values into out (0-based, -1 blank when blank_ok). */
static bool desc_row(sks_desc_reader *d, const char *p, int *out,
                     bool blank_ok) {
  p = skip_space(p);
  return is_symbol_row(p, d->n) ? symbol_row(d, p, out, blank_ok)
                                : number_row(d, p, out, blank_ok);
}

/* One function per key: p is the text after the key, at where the key
 * starts (for the column of a warning).  Each returns 0, or -1 when the
 * description was given up. */

static int key_sudokusat(sks_desc_reader *d, const char *p, const char *at) {
  (void)p;
  return desc_fail(d, at, "a second description");
}

static int key_size(sks_desc_reader *d, const char *p, const char *at) {
  char w[32];
  int n, br, bc;
  if (d->have_size)
    return desc_fail(d, at, "a second 'size' line");
  if (!(p = number(p, &n)) || (p = word(p, w, sizeof w), strcmp(w, "box")) ||
      !(p = number(p, &br)) || *p++ != 'x' || !(p = number(p, &bc)) ||
      *skip_space(p) || n < SKS_MIN_N || n > SKS_MAX_N || br < 1 || bc < 1 ||
      br > n || bc > n || br * bc != n)
    return desc_fail(d, at, "expected 'size N box RxC' with N = R*C");
  d->have_size = true;
  d->n = n;
  d->box_rows = br;
  d->box_cols = bc;
  d->given = sks_malloc((size_t)n * n * sizeof *d->given);
  for (int i = 0; i < n * n; i++)
    d->given[i] = -1;
  return 0;
}

static int key_variants(sks_desc_reader *d, const char *p, const char *at) {
  (void)at;
  char w[32];
  for (;;) {
    const char *wat = skip_space(p);
    p = word(p, w, sizeof w);
    if (!*w)
      return 0;
    unsigned v = sks_variant_parse(w);
    if (!v)
      return desc_fail(d, wat, "unknown variant");
    d->variants |= v;
  }
}

/* `region R ...` (jigsaw map) and `row R ...` (givens): rows in order. */
static int grid_row(sks_desc_reader *d, const char *p, const char *at,
                    bool region) {
  int *count = region ? &d->regions : &d->rows, r;
  if (!(p = number(p, &r)) || r != *count + 1 || r > d->n)
    return desc_fail(
        d, at, region ? "region rows out of order" : "given rows out of order");
  int **grid = region ? &d->jigsaw : &d->given;
  if (!*grid)
    *grid = sks_malloc((size_t)d->n * d->n * sizeof **grid);
  if (!desc_row(d, p, *grid + (size_t)(r - 1) * d->n, !region))
    return -1;
  ++*count;
  return 0;
}

static int key_region(sks_desc_reader *d, const char *p, const char *at) {
  return grid_row(d, p, at, true);
}

static int key_row(sks_desc_reader *d, const char *p, const char *at) {
  return grid_row(d, p, at, false);
}

static int key_givens(sks_desc_reader *d, const char *p, const char *at) {
  if (!number(p, &d->ngivens_declared))
    return desc_fail(d, at, "expected 'givens COUNT'");
  return 0;
}

static int key_removed(sks_desc_reader *d, const char *p, const char *at) {
  int k;
  if (d->removed || !(p = number(p, &k)) || *skip_space(p) ||
      (long)k > (long)d->n * d->n * d->n)
    return desc_fail(d, at, "expected 'removed COUNT' once");
  d->nremoved_declared = k;
  d->removed = sks_calloc((size_t)d->n * d->n * d->n, 1);
  return 0;
}

/* `out R C D ...`: digits removed from the candidates of cell (R,C). */
static int key_out(sks_desc_reader *d, const char *p, const char *at) {
  int r, c, dg, n = d->n;
  if (!d->removed)
    return desc_fail(d, at, "'out' before 'removed'");
  if (!(p = number(p, &r)) || !(p = number(p, &c)) || r < 1 || r > n || c < 1 ||
      c > n)
    return desc_fail(d, at, "expected 'out ROW COLUMN DIGIT ...'");
  unsigned char *cell = d->removed + ((size_t)(r - 1) * n + (c - 1)) * n;
  for (;;) {
    const char *dat = skip_space(p);
    if (!*dat)
      return 0;
    if (!(p = number(p, &dg)) || dg < 1 || dg > n)
      return desc_fail(d, dat, "bad digit in 'out'");
    cell[dg - 1] = 1;
  }
}

/* Before 'size' this line is passed over, without a warning of its own:
 * the description then ends with no 'encoding' line. */
static int key_encoding(sks_desc_reader *d, const char *p, const char *at) {
  if (!d->have_size)
    return 0;
  char w[5][32];
  for (int i = 0; i < 5; i++)
    p = word(p, w[i], sizeof w[i]);
  sks_encoding encoding;
  sks_amo amo;
  sks_propagate level;
  if (sks_encoding_parse(w[0], &encoding) || strcmp(w[1], "amo") ||
      sks_amo_parse(w[2], &amo) || strcmp(w[3], "propagate") ||
      sks_propagate_parse(w[4], &level) || *skip_space(p))
    return desc_fail(d, at,
                     "expected 'encoding NAME amo NAME propagate "
                     "givens|singles|locked'");
  d->have_encoding = true;
  d->encoding = encoding;
  d->amo = amo;
  d->propagate = level;
  return 0;
}

static int key_mapped(sks_desc_reader *d, const char *p, const char *at) {
  int k;
  if (d->map || !number(p, &k) || k > d->n * d->n * d->n)
    return desc_fail(d, at, "expected 'mapped COUNT' once");
  /* Grown as entries come: a stray count allocates nothing. */
  d->nmap = k;
  d->mapcap = 0; /* map, even empty, says the key was seen */
  SKS_GROW(d->map, d->mapcap, 1);
  return 0;
}

/* Entries `a` and runs `a-b` of x variables, up to the 'mapped' count. */
static int key_map(sks_desc_reader *d, const char *p, const char *at) {
  if (!d->map)
    return desc_fail(d, at, "'map' before 'mapped'");
  int maxvar = d->n * d->n * d->n;
  for (;;) {
    const char *eat = skip_space(p);
    if (!*eat)
      return 0;
    int a, b;
    if (!(p = number(p, &a)) || a < 1 || a > maxvar)
      return desc_fail(d, eat, "bad map entry");
    b = a;
    if (*p == '-' && (!(p = number(p + 1, &b)) || b < a || b > maxvar))
      return desc_fail(d, eat, "bad map run");
    if ((long)d->mapped + (b - a) + 1 > d->nmap)
      return desc_fail(d, eat, "more map entries than 'mapped' says");
    SKS_GROW(d->map, d->mapcap, (size_t)d->mapped + (size_t)(b - a) + 1);
    for (int v = a; v <= b; v++)
      d->map[d->mapped++] = v;
  }
}

/* `rules COUNT`: the variant rules that follow, one `rule TEXT` each. */
static int key_rules(sks_desc_reader *d, const char *p, const char *at) {
  int k;
  if (d->rules || !(p = number(p, &k)) || *skip_space(p) || k < 0)
    return desc_fail(d, at, "expected 'rules COUNT' once");
  d->nrules_declared = k;
  d->rules = sks_rules_new(d->n);
  return 0;
}

/* `rule TEXT`: one rule in its text form. */
static int key_rule(sks_desc_reader *d, const char *p, const char *at) {
  if (!d->rules)
    return desc_fail(d, at, "'rule' before 'rules'");
  p = skip_space(p);
  sks_error err = {0};
  if (sks_rules_add_text(d->rules, p, strlen(p), &err)) {
    char what[300];
    snprintf(what, sizeof what, "bad rule: %s", err.msg);
    return desc_fail(d, p + (err.col > 0 ? err.col - 1 : 0), what);
  }
  return 0;
}

/* The keys; after_size: before a 'size' line the key gives the
 * description up.  Other words (the variable rule, remarks) are for
 * people. */
static const struct {
  const char *key;
  int (*read)(sks_desc_reader *d, const char *p, const char *at);
  bool after_size;
} KEYS[] = {
    {"sudokusat", key_sudokusat, false},
    {"size", key_size, false},
    {"variants", key_variants, true},
    {"region", key_region, true},
    {"row", key_row, true},
    {"givens", key_givens, true},
    {"removed", key_removed, true},
    {"out", key_out, true},
    {"rules", key_rules, true},
    {"rule", key_rule, true},
    {"encoding", key_encoding, false},
    {"mapped", key_mapped, true},
    {"map", key_map, true},
};

/* `c sudokusat v1` starts a description; other versions are not read. */
static void desc_start(sks_desc_reader *d, const char *key, const char *p) {
  char w[32];
  if (strcmp(key, "sudokusat"))
    return;
  word(p, w, sizeof w);
  if (!strcmp(w, "v1")) {
    d->active = true;
    d->start_line = d->line;
  } else
    sks_dimacs_warn(d->warn, d->warn_ctx, d->line, d->text_col,
                    "unknown sudokusat description '%s' ignored", w);
}

void sks_desc_read_line(sks_desc_reader *d, const char *text, long line,
                        long col) {
  char key[32];
  d->text = text;
  d->line = line;
  d->text_col = col;
  const char *p = text + 1; /* after the 'c' */
  const char *at = skip_space(p);
  p = word(p, key, sizeof key);
  if (!d->active) {
    desc_start(d, key, p);
    return;
  }
  if (d->bad)
    return;
  for (size_t i = 0; i < sizeof KEYS / sizeof *KEYS; i++)
    if (!strcmp(key, KEYS[i].key)) {
      if (KEYS[i].after_size && !d->have_size)
        desc_fail(d, at, "'size' line missing before this line");
      else
        KEYS[i].read(d, p, at);
      return;
    }
}

/* Why a description that read well is still not whole, or NULL. */
static const char *desc_missing(const sks_desc_reader *d, const sks_cnf *cnf) {
  if (!d->have_size)
    return "no 'size' line";
  if (d->rows != d->n)
    return "given rows missing";
  if ((d->variants & SKS_VARIANT_JIGSAW) && d->regions != d->n)
    return "jigsaw region rows missing";
  if (!(d->variants & SKS_VARIANT_JIGSAW) && d->regions)
    return "region rows without the jigsaw variant";
  if (!d->have_encoding)
    return "no 'encoding' line";
  if (d->map && d->mapped != d->nmap)
    return "map entries missing";
  int ngiven = 0;
  for (int i = 0; i < d->n * d->n; i++)
    ngiven += d->given[i] >= 0;
  if (ngiven != d->ngivens_declared)
    return "given count differs from the 'givens' line";
  if (d->removed) {
    long k = 0;
    for (size_t i = 0; i < (size_t)d->n * d->n * d->n; i++)
      k += d->removed[i];
    if (k != d->nremoved_declared)
      return "removed candidates differ from the 'removed' line";
  }
  if (d->rules && d->rules->count != d->nrules_declared)
    return "rules differ from the 'rules' line";
  if (d->map && d->nmap > cnf->nvars)
    return "more mapped variables than the CNF has";
  return NULL;
}

/* Hands the arrays over to a new cnf->desc. */
static void desc_move(sks_desc_reader *d, sks_cnf *cnf) {
  sks_cnf_desc *out = sks_calloc(1, sizeof *out);
  out->n = d->n;
  out->box_rows = d->box_rows;
  out->box_cols = d->box_cols;
  out->variants = d->variants;
  out->jigsaw = d->jigsaw;
  out->given = d->given;
  out->removed = d->removed;
  d->removed = NULL;
  out->rules = d->rules && d->rules->count ? d->rules : NULL;
  if (!out->rules)
    sks_rules_release(d->rules);
  d->rules = NULL;
  out->encoding = d->encoding;
  out->amo = d->amo;
  out->propagate = d->propagate;
  out->map = d->map;
  out->nmap = d->map ? d->nmap : 0;
  cnf->desc = out;
  d->jigsaw = d->given = d->map = NULL;
}

/* ---- the clauses against what the description generates ---- */

typedef struct digest {
  unsigned long long hash;
  size_t nlits;
} digest;

/* FNV-1a over the literals, clause ends (0) included: order and sign
 * count, so an added, dropped or edited clause changes it. */
static void digest_add(digest *g, const int *lits, size_t n) {
  unsigned long long h = g->hash;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned)lits[i];
    h *= 0x100000001b3ull;
  }
  g->hash = h;
  g->nlits += n;
}

static void drain_digest(void *ctx, const sks_cnf *cnf) {
  digest_add(ctx, cnf->lits, cnf->nlits);
}

bool sks_cnf_desc_generates(const sks_cnf *cnf, long *want) {
  *want = -1;
  const sks_cnf_desc *d = cnf->desc;
  if (!d)
    return true;
  sks_puzzle *p = sks_cnf_desc_puzzle(d, NULL);
  if (!p)
    return false;
  sks_eo *eo = sks_eo_new(p->shape);
  sks_eo_load(eo, p, d->propagate);
  sks_encode_options opt = {d->encoding, d->amo, d->map != NULL};
  sks_cnf *gen = sks_cnf_new();
  digest made = {0xcbf29ce484222325ull, 0}, read = made;
  sks_encode_stream(eo, &opt, gen, drain_digest, &made);
  *want = gen->nclauses;
  digest_add(&read, cnf->lits, cnf->nlits);
  bool same = !gen->cut && gen->nclauses == cnf->nclauses &&
              made.nlits == read.nlits && made.hash == read.hash;
  sks_cnf_delete(gen);
  sks_eo_delete(eo);
  sks_puzzle_delete(p);
  return same;
}

void sks_desc_finish(sks_desc_reader *d, sks_cnf *cnf) {
  if (cnf && d->active && !d->bad) {
    const char *missing = desc_missing(d, cnf);
    if (missing) {
      d->bad = true;
      sks_dimacs_warn(d->warn, d->warn_ctx, d->start_line, 1,
                      "description ignored: %s", missing);
    } else
      desc_move(d, cnf);
  }
  free(d->jigsaw);
  free(d->given);
  free(d->removed);
  free(d->map);
  sks_rules_release(d->rules);
  d->rules = NULL;
}

/* ================================================================== */
/* The puzzle a description names. */

sks_puzzle *sks_cnf_desc_puzzle(const sks_cnf_desc *desc, sks_error *err) {
  sks_require(desc, "desc is NULL");
  if (desc->n != desc->box_rows * desc->box_cols) {
    sks_error_set(err, -1, 0, 0, "description: size %d is not %dx%d", desc->n,
                  desc->box_rows, desc->box_cols);
    return NULL;
  }
  sks_puzzle *p = sks_puzzle_new(desc->box_rows, desc->box_cols, desc->variants,
                                 desc->jigsaw, err);
  if (!p)
    return NULL;
  int n = desc->n;
  for (int i = 0; desc->given && i < n * n; i++) {
    if (desc->given[i] < -1 || desc->given[i] >= n) {
      sks_puzzle_delete(p);
      sks_error_set(err, -1, 0, 0, "description: given %d out of range",
                    desc->given[i] + 1);
      return NULL;
    }
    p->cell[i] = desc->given[i];
  }
  if (desc->removed) {
    size_t size = (size_t)n * n * n;
    p->removed = sks_malloc(size);
    memcpy(p->removed, desc->removed, size);
  }
  if (desc->rules && desc->rules->n == n) {
    sks_puzzle_set_rules(p, desc->rules);
    if (!sks_rules_first_value(desc->rules) && n <= SKS_MAX_SYMBOL_N) {
      /* digits from 0: written 0, 1, ... as their rules speak of them */
      memcpy(p->look.symbols, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ",
             (size_t)n);
      p->look.symbols[n] = 0;
    }
  }
  return p;
}
