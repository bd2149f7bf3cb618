/* The Interactive Sudoku Solver's constraint strings, one puzzle a line
 * (docs/formats.md, "The Interactive Sudoku Solver's strings"):
 *   .Shape~6x6.Cage~15~R1C1~R1C2.Thermo~R2C2~R2C3.~R1C1_5~R4C4_2_4_6
 * Items start with '.', their parts are separated by '~'; an item with no
 * type is a given (one value) or the candidates of a cell (several); a
 * cell is R and C with one character each, 1-9 then a-g (R10 is Ra).
 * White space is ignored, as the solver itself ignores it.  Each
 * constraint type becomes the rules that say the same (sks_rules.h);
 * a type, or a use of one, that no rule says exactly is an error naming
 * it: a constraint is never dropped. */
#include "base64_int.h"
#include "form_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Every constraint type the solver names (whether read here or not): a
 * line is this form when its first item names one. */
static const char *const ISS_TYPES[] = {
    "Container",
    "Or",
    "And",
    "Replicate",
    "End",
    "Jigsaw",
    "Thermo",
    "Whisper",
    "Renban",
    "Modular",
    "Entropic",
    "RegionSumLine",
    "Between",
    "Lockout",
    "Palindrome",
    "Zipper",
    "SumLine",
    "Regex",
    "NFA",
    "NoBoxes",
    "ChaosConstruction",
    "ChaosArrow",
    "ChaosCount",
    "RegionSize",
    "RegionSameValues",
    "StrictKropki",
    "StrictXV",
    "Shape",
    "Windoku",
    "DisjointSets",
    "AntiKnight",
    "Doppelganger",
    "AntiKing",
    "AntiTaxicab",
    "AntiConsecutive",
    "GlobalEntropy",
    "GlobalMod",
    "FullRankTies",
    "DutchFlatmates",
    "Diagonal",
    "WhiteDot",
    "BlackDot",
    "GreaterThan",
    "X",
    "ValueIndexing",
    "V",
    "Arrow",
    "DoubleArrow",
    "PillArrow",
    "Cage",
    "RellikCage",
    "EqualityCage",
    "Sum",
    "LittleKiller",
    "XSum",
    "Sandwich",
    "Lunchbox",
    "Skyscraper",
    "HiddenSkyscraper",
    "NumberedRoom",
    "FullRank",
    "AllDifferent",
    "ContainAtLeast",
    "ContainExact",
    "LookAndSay",
    "ConnectedValues",
    "SameValues",
    "EqualSum",
    "Quad",
    "Binary",
    "BinaryX",
    "Pair",
    "PairX",
    "Indexing",
    "CountingCircles",
    "CountDistinct",
    "Given",
    "SearchPriority",
    "Var",
};

static bool known_type(const char *a, size_t len) {
  for (size_t i = 0; i < sizeof ISS_TYPES / sizeof *ISS_TYPES; i++)
    if (strlen(ISS_TYPES[i]) == len && !memcmp(ISS_TYPES[i], a, len))
      return true;
  return false;
}

/* '.' then '~' (givens), or '.' and a type the solver names followed by
 * '~', or by '.' or the line's end for a type of two letters or more (a
 * one-line puzzle of letters may start ".X."). */
static bool iss_line(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  size_t s = li->start, e = li->end;
  if (e - s < 2 || a[s] != '.')
    return false;
  size_t t0 = s + 1;
  while (t0 < e && (a[t0] == ' ' || a[t0] == '\t'))
    t0++;
  if (t0 < e && a[t0] == '~')
    return true;
  size_t t = t0;
  while (t < e &&
         ((a[t] >= 'A' && a[t] <= 'Z') || (a[t] >= 'a' && a[t] <= 'z')))
    t++;
  if (t == t0 || !known_type(a + t0, t - t0))
    return false;
  size_t u = t;
  while (u < e && (a[u] == ' ' || a[u] == '\t'))
    u++;
  if (u < e && a[u] == '~')
    return true;
  return t - t0 >= 2 && (u == e || a[u] == '.');
}

/* A part of an item: bytes [s, e) of the line without its white space,
 * and the column (1-based) of its first byte in the line. */
typedef struct part {
  size_t s, e;
  long col;
} part;

typedef SKS_STACK(int) ints;

typedef struct iss {
  sks_reader *rd;
  sks_error *err;
  char *t;   /* the line without white space */
  long *col; /* each byte's column */
  size_t len;
  int n;
  SKS_STACK(part) parts; /* the current item's: the type, then its args */
  sks_rules *rules;
  SKS_STACK(int) cells;
  unsigned *allowed; /* n*n: candidates the givens leave (bit d) */
  int lo;            /* the first digit's value: 1, or 0 (Shape~9x9~0-8) */
  int rank_ties;     /* FullRankTies: 0 none, 1 only-unclued (the solver's
                        default), 2 any */
  long ties_col;     /* where FullRankTies was (0: not given) */
  ints ranked;       /* the FullRank clues: their lines' first and second
                        cells, their ranks */
} iss;

static bool part_is(const iss *st, const part *p, const char *s) {
  size_t k = strlen(s);
  return p->e - p->s == k && !memcmp(st->t + p->s, s, k);
}

static int fail(iss *st, long col, const char *fmt, const char *type,
                const char *what) {
  return sks_error_set(st->err, -1, st->rd->lineno, col, fmt, type, what);
}

/* The part as text, cut to fit buf. */
static const char *part_text(const iss *st, const part *p, char *buf,
                             size_t size) {
  size_t k = p->e - p->s;
  if (k >= size)
    k = size - 1;
  memcpy(buf, st->t + p->s, k);
  buf[k] = 0;
  return buf;
}

/* A decimal number of up to 7 digits, optionally negative: true. */
static bool part_number(const iss *st, const part *p, long *v) {
  size_t i = p->s;
  bool neg = i < p->e && st->t[i] == '-';
  i += neg;
  if (i == p->e || p->e - i > 7)
    return false;
  long x = 0;
  for (; i < p->e; i++) {
    if (st->t[i] < '0' || st->t[i] > '9')
      return false;
    x = x * 10 + (st->t[i] - '0');
  }
  *v = neg ? -x : x;
  return true;
}

static int cell_char(char ch) {
  if (ch >= '1' && ch <= '9')
    return ch - '1';
  if (ch >= 'a' && ch <= 'g')
    return ch - 'a' + 9;
  if (ch >= 'A' && ch <= 'G')
    return ch - 'A' + 9;
  return -1;
}

/* RxCy of the grid (x, y one character each): its index, or -1. */
static int part_cell(const iss *st, const part *p) {
  const char *c = st->t + p->s;
  if (p->e - p->s != 4 || (c[0] != 'R' && c[0] != 'r') ||
      (c[2] != 'C' && c[2] != 'c'))
    return -1;
  int r = cell_char(c[1]), k = cell_char(c[3]);
  if (r < 0 || k < 0 || r >= st->n || k >= st->n)
    return -1;
  return r * st->n + k;
}

static int bad_cell(iss *st, const part *p, const char *type) {
  char buf[40];
  part_text(st, p, buf, sizeof buf);
  return sks_error_set(st->err, -1, st->rd->lineno, p->col,
                       "%s: '%s' is no cell of the %dx%d grid (R and C "
                       "with one character each: 1-9, then a-g)",
                       type, buf, st->n, st->n);
}

/* The cells of parts [from, parts.n) into st->cells. */
/* The cells of parts [from, to) into st->cells (none: st->cells empty). */
static int group_cells(iss *st, size_t from, size_t to, const char *type) {
  st->cells.n = 0;
  for (size_t j = from; j < to; j++) {
    int c = part_cell(st, &st->parts.a[j]);
    if (c < 0)
      return bad_cell(st, &st->parts.a[j], type);
    SKS_PUSH(st->cells, c);
  }
  return 0;
}

static int read_cells(iss *st, size_t from, const char *type) {
  if (group_cells(st, from, st->parts.n, type))
    return -1;
  if (!st->cells.n)
    return fail(st, st->parts.a[0].col, "%s: no cells%s", type, "");
  return 0;
}

static int add_rule(iss *st, const sks_rule *r, const char *type) {
  sks_error e = {0};
  if (sks_rules_add(st->rules, r, &e))
    return sks_error_set(st->err, -1, st->rd->lineno, st->parts.a[0].col,
                         "%s: %s", type, e.msg);
  return 0;
}

static int add(iss *st, sks_rule_kind kind, int value, const int *cells,
               int ncells, int split, const int *digits, int ndigits,
               const char *type) {
  sks_rule r = {.kind = kind,
                .value = value,
                .ncells = ncells,
                .split = split,
                .cells = (int *)cells,
                .ndigits = ndigits,
                .digits = (int *)digits,
                .line = st->rd->lineno};
  return add_rule(st, &r, type);
}

/* true when a cell of st->cells is named more than once. */
static bool repeats(const iss *st) {
  for (size_t i = 1; i < st->cells.n; i++)
    for (size_t j = 0; j < i; j++)
      if (st->cells.a[i] == st->cells.a[j])
        return true;
  return false;
}

/* st->cells with each cell once, in the order first named. */
static void dedupe(iss *st) {
  size_t k = 0;
  for (size_t i = 0; i < st->cells.n; i++) {
    size_t j = 0;
    while (j < k && st->cells.a[j] != st->cells.a[i])
      j++;
    if (j == k)
      st->cells.a[k++] = st->cells.a[i];
  }
  st->cells.n = k;
}

/* A type no rule says (exactly, or in the use made of it). */
static int refuse(iss *st, const char *type, const char *why) {
  return fail(st, st->parts.a[0].col,
              "the Interactive Sudoku Solver's %s has no rule here%s", type,
              why);
}

/* The orthogonal pairs of the cells, each once, the earlier cell first
 * (the solver's reading of dots, X, V and '>' over several cells). */
static int pairs(iss *st, sks_rule_kind kind, const char *type) {
  int n = st->n, found = 0;
  size_t k = st->cells.n;
  for (size_t i = 0; i < k; i++)
    for (size_t j = i + 1; j < k; j++) {
      int a = st->cells.a[i], b = st->cells.a[j];
      int dr = abs(a / n - b / n), dc = abs(a % n - b % n);
      if (dr + dc != 1)
        continue;
      int two[2] = {a, b};
      if (add(st, kind, SKS_RULE_NO_VALUE, two, 2, 0, NULL, 0, type))
        return -1;
      found++;
    }
  if (!found)
    return fail(st, st->parts.a[0].col,
                "%s: no two of its cells are "
                "neighbours%s",
                type, "");
  return 0;
}

/* Does a region of the puzzle (row, column, box or jigsaw piece) hold
 * every cell of st->cells? */
static bool one_region(iss *st, const sks_shape *s) {
  int n = st->n;
  for (int g = 0; g < s->nregions; g++) {
    const int *reg = s->region + (size_t)g * n;
    bool all = true;
    for (size_t i = 0; i < st->cells.n && all; i++) {
      bool in = false;
      for (int j = 0; j < n && !in; j++)
        in = reg[j] == st->cells.a[i];
      all = in;
    }
    if (all)
      return true;
  }
  return false;
}

/* An outside clue's row or column ("R3", "C5"): into st->cells, forward
 * (left to right, top to bottom) or back. */
static int line_cells(iss *st, const part *p, bool back, const char *type) {
  const char *c = st->t + p->s;
  int k = p->e - p->s == 2 ? cell_char(c[1]) : -1;
  bool row = c[0] == 'R' || c[0] == 'r';
  if (k < 0 || k >= st->n || (!row && c[0] != 'C' && c[0] != 'c')) {
    char buf[40];
    return sks_error_set(st->err, -1, st->rd->lineno, p->col,
                         "%s: '%s' is no row (R1..) or column (C1..)", type,
                         part_text(st, p, buf, sizeof buf));
  }
  st->cells.n = 0;
  for (int i = 0; i < st->n; i++) {
    int j = back ? st->n - 1 - i : i;
    SKS_PUSH(st->cells, row ? k * st->n + j : j * st->n + k);
  }
  return 0;
}

static int value_of(iss *st, const part *p, const char *type, long lo,
                    long *v) {
  char buf[40];
  if (!part_number(st, p, v) || *v < lo)
    return sks_error_set(st->err, -1, st->rd->lineno, p->col,
                         "%s: '%s' is no value (a whole number from %ld)", type,
                         part_text(st, p, buf, sizeof buf), lo);
  return 0;
}

/* The givens' candidates become givens, odd and even rules and removed
 * candidates. */
static int finish_givens(iss *st) {
  int n = st->n;
  unsigned all = (n >= 32 ? ~0u : (1u << n) - 1), odd = 0;
  for (int d = 0; d < n; d++)
    if ((d + st->lo) % 2)
      odd |= 1u << d; /* the digits of odd value */
  unsigned even = all & ~odd;
  SKS_STACK(int) oc = {0}, ec = {0};
  sks_puzzle *p = st->rd->p;
  for (int i = 0; i < n * n; i++) {
    unsigned m = st->allowed[i];
    if (m == all)
      continue;
    if (m && !(m & (m - 1))) {
      p->cell[i] = __builtin_ctz(m);
    } else if (m == odd) {
      SKS_PUSH(oc, i);
    } else if (m == even) {
      SKS_PUSH(ec, i);
    } else {
      for (int d = 0; d < n; d++)
        if (!(m >> d & 1))
          sks_puzzle_remove(p, i, d);
    }
  }
  /* With candidates removed the puzzle is written back as a candidates
   * line, where a given is a cell of one candidate: its other digits are
   * removed too, so that it reads back the same. */
  if (p->removed)
    for (int i = 0; i < n * n; i++)
      for (int d = 0; p->cell[i] >= 0 && d < n; d++)
        if (d != p->cell[i])
          sks_puzzle_remove(p, i, d);
  int rc = 0;
  if (oc.n)
    rc = add(st, SKS_RULE_ODD, SKS_RULE_NO_VALUE, oc.a, (int)oc.n, 0, NULL, 0,
             "a given");
  if (!rc && ec.n)
    rc = add(st, SKS_RULE_EVEN, SKS_RULE_NO_VALUE, ec.a, (int)ec.n, 0, NULL, 0,
             "a given");
  SKS_STACK_FREE(oc);
  SKS_STACK_FREE(ec);
  return rc;
}

/* Splits the item starting at byte i (after its '.') into st->parts;
 * returns the byte after it. */
static size_t split_item(iss *st, size_t i) {
  st->parts.n = 0;
  part p = {i, i, i < st->len ? st->col[i] : 0};
  for (;; i++) {
    if (i == st->len || st->t[i] == '.' || st->t[i] == '~') {
      p.e = i;
      SKS_PUSH(st->parts, p);
      if (i == st->len || st->t[i] == '.')
        return i;
      p.s = i + 1;
      p.col = i + 1 < st->len ? st->col[i + 1] : st->col[i] + 1;
    }
  }
}

/* The first pass: the grid's size, its jigsaw and whether it has boxes. */
static int read_layout(iss *st, size_t *jig, bool *noboxes) {
  st->n = 9;
  *jig = 0;
  *noboxes = false;
  char type[40];
  for (size_t i = 1; i < st->len;) {
    size_t at = i;
    i = split_item(st, i) + 1;
    part *pt = st->parts.a;
    size_t np = st->parts.n;
    part_text(st, &pt[0], type, sizeof type);
    if (part_is(st, &pt[0], "Shape")) {
      /* NxN, then optionally the values (N or 1-N) and the grid type. */
      long r = 0, c = 0;
      const char *s = st->t + pt[1].s;
      size_t k = np > 1 ? pt[1].e - pt[1].s : 0;
      char buf[48];
      bool ok = np >= 2 && np <= 4 && k >= 3 && k < sizeof buf;
      if (ok) {
        memcpy(buf, s, k);
        buf[k] = 0;
        char *x = strchr(buf, 'x'), *end;
        ok = x && x > buf && x[1];
        if (ok) {
          r = strtol(buf, &end, 10);
          ok = end == x;
          c = strtol(x + 1, &end, 10);
          ok = ok && !*end && r == c && r >= 4 && r <= 16;
        }
      }
      if (ok && np >= 3 && pt[2].e > pt[2].s) {
        long v, lo = 1;
        const char *dash = memchr(st->t + pt[2].s, '-', pt[2].e - pt[2].s);
        if (dash) {
          part a = {pt[2].s, (size_t)(dash - st->t), 0},
               b = {(size_t)(dash - st->t) + 1, pt[2].e, 0};
          ok = part_number(st, &a, &lo) && part_number(st, &b, &v) &&
               (lo == 0 || lo == 1) && v == r - 1 + lo;
          st->lo = ok ? (int)lo : 1;
        } else
          ok = part_number(st, &pt[2], &v) && v == r;
      }
      if (ok && np == 4)
        ok = part_is(st, &pt[3], "Sudoku");
      if (!ok)
        return sks_error_set(
            st->err, -1, st->rd->lineno, pt[0].col,
            "Shape: only square grids from 4x4 to 16x16 with the digits 1 "
            "to N or 0 to N-1 (4x4, 9x9~1-9, 9x9~0-8, 16x16) are read");
      st->n = (int)r;
    } else if (part_is(st, &pt[0], "Jigsaw")) {
      if (np < 2 || np > 3)
        return fail(st, pt[0].col, "%s: a layout is needed%s", "Jigsaw", "");
      *jig = at;
    } else if (part_is(st, &pt[0], "NoBoxes")) {
      *noboxes = true;
    }
  }
  return 0;
}

/* Makes rd->p's shape the jigsaw of the layout in the item at byte at
 * (with no boxes), or adds its pieces as region rules (beside them). */
static int read_jigsaw(iss *st, size_t at, bool noboxes) {
  split_item(st, at);
  part *lay = &st->parts.a[st->parts.n - 1];
  int n = st->n;
  long cells = (long)n * n;
  if ((long)(lay->e - lay->s) != cells) {
    char msg[80];
    snprintf(msg, sizeof msg, " (%ld characters for %ld cells)",
             (long)(lay->e - lay->s), cells);
    return fail(st, lay->col,
                "%s: a layout of one character a cell is "
                "needed%s",
                "Jigsaw", msg);
  }
  int id[256], count[64] = {0}, k = 0;
  for (int i = 0; i < 256; i++)
    id[i] = -1;
  int *map = sks_malloc((size_t)cells * sizeof *map);
  for (long i = 0; i < cells; i++) {
    unsigned char ch = (unsigned char)st->t[lay->s + i];
    if (id[ch] < 0) {
      if (k == n) {
        free(map);
        return fail(st, st->col[lay->s + i], "%s: more pieces than %s",
                    "Jigsaw", "the grid's side");
      }
      id[ch] = k++;
    }
    map[i] = id[ch];
    count[map[i]]++;
  }
  int rc = 0;
  if (k == 1) { /* one piece: the whole grid, no constraint */
    free(map);
    return noboxes
               ? sks_form_no_boxes(st->rd, st->rd->lineno, lay->col, st->err)
               : 0;
  }
  for (int g = 0; g < k; g++)
    if (count[g] != n) {
      free(map);
      return fail(st, lay->col, "%s: %s", "Jigsaw",
                  "pieces of other sizes than the grid's side");
    }
  /* Without boxes of its own (NoBoxes, or a side such as 7 that has
   * none), the pieces are the grid's regions; beside boxes, regions more
   * (ISS's region-sum lines then follow the boxes). */
  if (noboxes || st->rd->p->shape->box_rows == 1) {
    if (sks_form_attach_map(st->rd, map, st->rd->lineno, st->err)) {
      free(map);
      st->err->col = lay->col;
      return -1;
    }
  } else {
    for (int g = 0; g < k && !rc; g++) {
      st->cells.n = 0;
      for (long i = 0; i < cells; i++)
        if (map[i] == g)
          SKS_PUSH(st->cells, (int)i);
      rc = add(st, SKS_RULE_REGION, SKS_RULE_NO_VALUE, st->cells.a,
               (int)st->cells.n, 0, NULL, 0, "Jigsaw");
    }
  }
  free(map);
  return rc;
}

/* The little killer whose diagonal starts at cell c (the solver's key:
 * down-right from the left side, down-left from the top, up-left from
 * the right, up-right from the bottom) into st->cells. */
static bool diagonal_cells(iss *st, int c) {
  int n = st->n, r = c / n, k = c % n, dr, dc;
  if (k == 0 && r <= n - 2)
    dr = 1, dc = 1;
  else if (r == 0 && k >= 1)
    dr = 1, dc = -1;
  else if (k == n - 1 && r >= 1 && r <= n - 2)
    dr = -1, dc = -1;
  else if (r == n - 1 && k >= 1 && k <= n - 2)
    dr = -1, dc = 1;
  else
    return false;
  st->cells.n = 0;
  for (; r >= 0 && r < n && k >= 0 && k < n; r += dr, k += dc)
    SKS_PUSH(st->cells, r * n + k);
  return st->cells.n > 1;
}

/* The solver's binary key (its fnToBinaryKey): base64url characters of 6
 * bits each, least significant first, bit i*n + j saying that the values
 * of ranks i and j (from 0) go together, missing bits 0; Binary's older
 * keys swap '-' and '_'.  The pairs allowed as values into tab. */
static int binary_key(iss *st, const part *p, bool legacy, const char *type,
                      ints *tab) {
  int n = st->n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      size_t at = (size_t)(i * n + j) / 6;
      int six = 0;
      if (p->s + at < p->e) {
        char ch = st->t[p->s + at];
        if (legacy && (ch == '-' || ch == '_'))
          ch = ch == '-' ? '_' : '-';
        six = sks_base64url_value((unsigned char)ch);
        if (six < 0)
          return fail(st, st->col[p->s + at], "%s: %s", type,
                      "a key of base64url characters (A-Z, a-z, 0-9, '-', "
                      "'_') is needed");
      }
      if (six >> ((i * n + j) % 6) & 1) {
        SKS_PUSH(*tab, i + st->lo);
        SKS_PUSH(*tab, j + st->lo);
      }
    }
  for (size_t at = (size_t)(n * n + 5) / 6; p->s + at < p->e; at++)
    if (sks_base64url_value((unsigned char)st->t[p->s + at]) < 0)
      return fail(st, st->col[p->s + at], "%s: %s", type,
                  "a key of base64url characters (A-Z, a-z, 0-9, '-', '_') "
                  "is needed");
  return 0;
}

/* Pair~KEY~[_NAME~]CELLS[~~[_NAME~]CELLS...] (and PairX, Binary, BinaryX):
 * each group of cells (a name starts one, an empty part ends one) one
 * rule: pair (each cell and the next) or pair-all (any two, a table the
 * solver requires symmetric). */
static int pair_item(iss *st, const char *type) {
  part *pt = st->parts.a;
  size_t np = st->parts.n;
  bool every = part_is(st, &pt[0], "PairX") || part_is(st, &pt[0], "BinaryX");
  bool legacy = pt[0].e - pt[0].s >= 6 && !memcmp(st->t + pt[0].s, "Binary", 6);
  if (np < 3)
    return fail(st, pt[0].col, "%s: %s", type, "a key and cells are needed");
  ints tab = {0};
  int rc = binary_key(st, &pt[1], legacy, type, &tab);
  if (!rc && !tab.n)
    rc = refuse(st, type, " (its key allows no pair of values)");
  if (!rc && every) /* the solver refuses a table that is not symmetric */
    for (size_t i = 0; i < tab.n && !rc; i += 2) {
      bool back = false;
      for (size_t j = 0; j < tab.n && !back; j += 2)
        back = tab.a[j] == tab.a[i + 1] && tab.a[j + 1] == tab.a[i];
      if (!back)
        rc = fail(st, pt[1].col, "%s: %s", type,
                  "its key is not symmetric (the solver requires it)");
    }
  for (size_t i = 2, g0 = 2; !rc && i <= np; i++) {
    bool end = i == np || pt[i].e == pt[i].s || st->t[pt[i].s] == '_';
    if (!end)
      continue;
    rc = group_cells(st, g0, i, type); /* the group of parts [g0, i) */
    g0 = i + 1;
    size_t k = st->cells.n;
    if (rc || !k)
      continue;
    if (every) {
      rc = add(st, SKS_RULE_PAIR_ALL, SKS_RULE_NO_VALUE, st->cells.a, (int)k, 0,
               tab.a, (int)tab.n, type);
      continue;
    }
    /* each cell with the next: a line that comes back to a cell is cut
     * there into lines that share their ends, which say the same */
    size_t s0 = 0;
    for (size_t e = 1; e <= k && !rc; e++) {
      bool again = false;
      for (size_t j = s0; e < k && j < e && !again; j++)
        again = st->cells.a[j] == st->cells.a[e];
      if (e < k && !again)
        continue;
      rc = add(st, SKS_RULE_PAIR, SKS_RULE_NO_VALUE, st->cells.a + s0,
               (int)(e - s0), 0, tab.a, (int)tab.n, type);
      s0 = e - 1;
    }
  }
  SKS_STACK_FREE(tab);
  return rc;
}

static int hex_digit(char c) {
  return c >= '0' && c <= '9'   ? c - '0'
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                : -1;
}

/* Regex~PATTERN~CELLS[~~CELLS...] and NFA~MACHINE~[_NAME~]CELLS[~~...]:
 * each group of cells one regex or nfa rule.  A pattern is base64url
 * (without padding) of the expression's text, or its older form,
 * percent-encoded; a machine is kept as encoded (sks_rule_nfa decodes
 * it).  A group in segments ('-' between them: a break the machine
 * reads) is refused. */
static int machine_item(iss *st, sks_rule_kind kind, const char *type) {
  part *pt = st->parts.a;
  size_t np = st->parts.n;
  if (np < 3 || pt[1].e == pt[1].s)
    return fail(st, pt[0].col, "%s: %s", type,
                kind == SKS_RULE_REGEX ? "a pattern and cells are needed"
                                       : "a machine and cells are needed");
  size_t len = pt[1].e - pt[1].s;
  const char *src = st->t + pt[1].s;
  char *text = sks_malloc(len + 1);
  size_t k = 0;
  bool percent = memchr(src, '%', len) != NULL;
  if (kind == SKS_RULE_NFA || !percent) {
    /* a machine is kept as written, once its characters are checked */
    long got = sks_base64url_decode(src, len, (unsigned char *)text);
    if (got < 0) {
      free(text);
      return fail(st, st->col[pt[1].s + (size_t)(-1 - got)], "%s: %s", type,
                  "base64url characters (A-Z, a-z, 0-9, '-', '_') are "
                  "needed");
    }
    k = (size_t)got;
    if (kind == SKS_RULE_NFA)
      memcpy(text, src, k = len);
  } else /* the older form: %XX for the bytes */
    for (size_t i = 0; i < len; i++) {
      if (src[i] != '%') {
        text[k++] = src[i];
        continue;
      }
      int hi = i + 2 < len ? hex_digit(src[i + 1]) : -1,
          lo = i + 2 < len ? hex_digit(src[i + 2]) : -1;
      if (hi < 0 || lo < 0) {
        free(text);
        return fail(st, st->col[pt[1].s + i], "%s: %s", type,
                    "a '%' is followed by two hexadecimal digits");
      }
      text[k++] = (char)(hi << 4 | lo);
      i += 2;
    }
  if (memchr(text, 0, k)) {
    free(text);
    return fail(st, pt[1].col, "%s: %s", type, "a pattern with a NUL byte");
  }
  text[k] = 0;
  /* the solver reads the pattern without its white space */
  size_t m = 0;
  for (size_t i = 0; i < k; i++)
    if (!isspace((unsigned char)text[i]))
      text[m++] = text[i];
  text[m] = 0;
  int rc = 0;
  for (size_t i = 2, g0 = 2; !rc && i <= np; i++) {
    bool named = kind == SKS_RULE_NFA && i < np && pt[i].e > pt[i].s &&
                 st->t[pt[i].s] == '_';
    if (i < np && pt[i].e > pt[i].s && !named)
      continue;
    for (size_t j = g0; j < i && !rc; j++)
      if (part_is(st, &pt[j], "-"))
        rc = refuse(st, type, " (a line in segments)");
    if (!rc)
      rc = group_cells(st, g0, i, type);
    g0 = i + 1;
    if (rc || !st->cells.n)
      continue;
    sks_rule r = {.kind = kind,
                  .value = SKS_RULE_NO_VALUE,
                  .ncells = (int)st->cells.n,
                  .cells = st->cells.a,
                  .line = st->rd->lineno,
                  .text = text};
    rc = add_rule(st, &r, type);
  }
  free(text);
  return rc;
}

/* EqualSum~CELLS~-~CELLS...: each segment sums as the first.  Cells two
 * segments share count on both sides and are left out of both: the rest
 * is an equal-sum, or a sum of 0 when one side keeps none. */
static int equal_sum(iss *st, const char *type) {
  part *pt = st->parts.a;
  size_t np = st->parts.n;
  int N = st->n * st->n, rc = 0;
  int *in0 = sks_calloc((size_t)N, sizeof *in0);
  ints a = {0}, b = {0};
  size_t s1 = 1; /* where the segment being read starts */
  while (s1 < np && !part_is(st, &pt[s1], "-"))
    s1++;
  for (size_t i = 1; i < s1 && !rc; i++) {
    int c = part_cell(st, &pt[i]);
    if (c < 0)
      rc = bad_cell(st, &pt[i], type);
    else if (in0[c]++)
      rc = fail(st, pt[i].col, "%s: %s", type, "a cell twice in a segment");
  }
  for (size_t from = s1 + 1; !rc && from <= np && s1 < np; from++) {
    size_t to = from;
    while (to < np && !part_is(st, &pt[to], "-"))
      to++;
    int *inj = sks_calloc((size_t)N, sizeof *inj);
    for (size_t i = from; i < to && !rc; i++) {
      int c = part_cell(st, &pt[i]);
      if (c < 0)
        rc = bad_cell(st, &pt[i], type);
      else if (inj[c]++)
        rc = fail(st, pt[i].col, "%s: %s", type, "a cell twice in a segment");
    }
    a.n = b.n = 0;
    for (int c = 0; c < N && !rc; c++) {
      if (in0[c] && !inj[c])
        SKS_PUSH(a, c);
      if (inj[c] && !in0[c])
        SKS_PUSH(b, c);
    }
    free(inj);
    if (rc || (!a.n && !b.n))
      ; /* the same cells: the same sum */
    else if (!a.n || !b.n)
      rc = add(st, SKS_RULE_SUM, 0, a.n ? a.a : b.a, (int)(a.n ? a.n : b.n), 0,
               NULL, 0, type);
    else {
      int split = (int)a.n;
      for (size_t i = 0; i < b.n; i++)
        SKS_PUSH(a, b.a[i]);
      rc = add(st, SKS_RULE_EQUAL_SUM, SKS_RULE_NO_VALUE, a.a, (int)a.n, split,
               NULL, 0, type);
    }
    from = to;
  }
  SKS_STACK_FREE(a);
  SKS_STACK_FREE(b);
  free(in0);
  return rc;
}

/* An outside clue of kind on st->cells (its line from the end it is read
 * from, or its diagonal) with value v: a later clue of the same kind on
 * the same line and end replaces an earlier one, as ISS's parser merges
 * them (the last wins), with a note; else a rule of its own. */
static int clue(iss *st, sks_rule_kind kind, long v, const char *type) {
  sks_rules *rs = st->rules;
  for (int i = 0; i < rs->count; i++) {
    sks_rule *r = &rs->rule[i];
    if (r->kind != kind || r->ncells != (int)st->cells.n ||
        r->cells[0] != st->cells.a[0] ||
        (r->ncells > 1 && r->cells[1] != st->cells.a[1]))
      continue;
    char what[96];
    snprintf(what, sizeof what,
             "an earlier %s clue of %d on the same %s: ISS keeps the last "
             "(%ld)",
             type, r->value,
             kind == SKS_RULE_LITTLE_KILLER ? "diagonal" : "line and end", v);
    sks_form_note(st->rd, st->rd->lineno, what);
    r->value = (int)v;
    return 0;
  }
  return add(st, kind, (int)v, st->cells.a, (int)st->cells.n, 0, NULL, 0, type);
}

/* One item (in st->parts) other than Shape, Jigsaw and NoBoxes. */
static int read_item(iss *st, bool *strict_kropki, bool *dots) {
  part *pt = st->parts.a;
  size_t np = st->parts.n;
  int n = st->n;
  char type[40];
  part_text(st, &pt[0], type, sizeof type);
  long v = 0;
  const sks_shape *shape = st->rd->p->shape;
#define NV SKS_RULE_NO_VALUE
#define CELLS st->cells.a, (int)st->cells.n
  if (pt[0].e == pt[0].s || part_is(st, &pt[0], "Given")) {
    for (size_t i = 1; i < np; i++) {
      /* RxCy_v[_v...] */
      const char *s = st->t + pt[i].s;
      const char *us = memchr(s, '_', pt[i].e - pt[i].s);
      part cp = {pt[i].s, us ? (size_t)(us - st->t) : pt[i].e, pt[i].col};
      int c = part_cell(st, &cp);
      if (c < 0)
        return bad_cell(st, &cp, "a given");
      unsigned m = 0;
      size_t j = cp.e;
      while (j < pt[i].e) {
        size_t e = j + 1;
        while (e < pt[i].e && st->t[e] != '_')
          e++;
        part vp = {j + 1, e, st->col[j] + 1};
        if (!part_number(st, &vp, &v) || v < st->lo || v >= n + st->lo) {
          char buf[40];
          return sks_error_set(st->err, -1, st->rd->lineno, vp.col,
                               "a given: '%s' is no digit %d to %d",
                               part_text(st, &vp, buf, sizeof buf), st->lo,
                               n - 1 + st->lo);
        }
        m |= 1u << (v - st->lo);
        j = e;
      }
      st->allowed[c] &= m;
    }
    return 0;
  }
  if (part_is(st, &pt[0], "Cage") || part_is(st, &pt[0], "Sum")) {
    bool cage = part_is(st, &pt[0], "Cage");
    if (np < 2)
      return fail(st, pt[0].col, "%s: a sum is needed%s", type, "");
    if (read_cells(st, 2, type))
      return -1;
    bool none = pt[1].e == pt[1].s;
    if (!none && !part_number(st, &pt[1], &v)) {
      if (!cage && memchr(st->t + pt[1].s, '_', pt[1].e - pt[1].s))
        return refuse(st, type, " (with coefficients)");
      return value_of(st, &pt[1], type, 0, &v);
    }
    if (none && !cage)
      return value_of(st, &pt[1], type, 0, &v);
    if (v < 0 && !none)
      return value_of(st, &pt[1], type, 0, &v);
    if (cage && repeats(st)) {
      /* A cell named twice counts twice in the solver's sum and once
       * among the digits that differ: the sum as a sum whose cells may
       * repeat, the cage over the cells once each. */
      if (!none && v && add(st, SKS_RULE_SUM, (int)v, CELLS, 0, NULL, 0, type))
        return -1;
      dedupe(st);
      return add(st, SKS_RULE_CAGE, NV, CELLS, 0, NULL, 0, type);
    }
    if (cage && (none || v == 0))
      return add(st, SKS_RULE_CAGE, NV, CELLS, 0, NULL, 0, type);
    /* a Sum within one row, column or box: a cage (its digits differ
     * anyway); elsewhere its digits may repeat */
    if (!cage && (repeats(st) || !one_region(st, shape)))
      return add(st, SKS_RULE_SUM, (int)v, CELLS, 0, NULL, 0, type);
    return add(st, SKS_RULE_CAGE, (int)v, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "CountDistinct")) {
    if (read_cells(st, 1, type))
      return -1;
    if (st->cells.n < 2)
      return fail(st, pt[0].col, "%s: %s", type, "a count and cells");
    return add(st, SKS_RULE_COUNT_DISTINCT, NV, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "EqualSum"))
    return equal_sum(st, type);
  if (part_is(st, &pt[0], "ValueIndexing")) {
    if (read_cells(st, 1, type))
      return -1;
    if (st->cells.n < 3) /* as the solver's check */
      return fail(st, pt[0].col, "%s: %s", type, "three cells or more");
    return add(st, SKS_RULE_VALUE_INDEXING, NV, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "RellikCage")) {
    if (np < 3 || value_of(st, &pt[1], type, 0, &v))
      return np < 3 ? fail(st, pt[0].col, "%s: %s", type, "a sum and cells")
                    : -1;
    if (read_cells(st, 2, type))
      return -1;
    if (v == 0) /* the solver's handler counts the empty set as a sum */
      return refuse(st, type,
                    " (with a sum of 0, which ISS's handler keeps no grid "
                    "under)");
    return add(st, SKS_RULE_RELLIK, (int)v, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "EqualityCage")) {
    if (read_cells(st, 1, type))
      return -1;
    if (st->cells.n % 2) /* the solver's partitions need it */
      return fail(st, pt[0].col, "%s: %s", type,
                  "an even number of cells is needed");
    return add(st, SKS_RULE_EQUALITY_CAGE, NV, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "LittleKiller")) {
    if (np != 3 || value_of(st, &pt[1], type, 0, &v))
      return np != 3 ? fail(st, pt[0].col,
                            "%s: a sum and a cell are "
                            "needed%s",
                            type, "")
                     : -1;
    int c = part_cell(st, &pt[2]);
    if (c < 0)
      return bad_cell(st, &pt[2], type);
    if (!diagonal_cells(st, c))
      return fail(st, pt[2].col, "%s: no diagonal starts at this cell%s", type,
                  "");
    return clue(st, SKS_RULE_LITTLE_KILLER, v, type);
  }
  if (part_is(st, &pt[0], "Sandwich")) {
    if (np != 3)
      return fail(st, pt[0].col,
                  "%s: a sum and a row or column are "
                  "needed%s",
                  type, "");
    if (value_of(st, &pt[1], type, 0, &v) ||
        line_cells(st, &pt[2], false, type))
      return -1;
    return clue(st, SKS_RULE_SANDWICH, v, type);
  }
  if (part_is(st, &pt[0], "FullRank")) {
    /* a row or column, the rank read from its start, from its end */
    if (np < 2 || np > 4)
      return fail(st, pt[0].col,
                  "%s: a row or column and its ranks are needed%s", type, "");
    for (size_t i = 2; i < np; i++) {
      if (pt[i].e == pt[i].s)
        continue;
      if (value_of(st, &pt[i], type, 1, &v) ||
          line_cells(st, &pt[1], i == 3, type))
        return -1;
      if (v > 4 * n) /* (the rule would say so, but only at the end) */
        return sks_error_set(st->err, -1, st->rd->lineno, pt[i].col,
                             "%s: a rank of %ld (1 to %d)", type, v, 4 * n);
      /* a later clue of the same line and end replaces it, as ISS's
       * parser merges them */
      size_t k = 0;
      while (k < st->ranked.n && (st->ranked.a[k] != st->cells.a[0] ||
                                  st->ranked.a[k + 1] != st->cells.a[1]))
        k += 3;
      if (k == st->ranked.n) {
        SKS_PUSH(st->ranked, st->cells.a[0]);
        SKS_PUSH(st->ranked, st->cells.a[1]);
        SKS_PUSH(st->ranked, 0);
      }
      st->ranked.a[k + 2] = (int)v;
    }
    return 0;
  }
  if (part_is(st, &pt[0], "FullRankTies")) {
    static const char *const TIES[] = {"none", "only-unclued", "any"};
    for (int i = 0; i < 3 && np == 2; i++)
      if (part_is(st, &pt[1], TIES[i])) {
        st->rank_ties = i;
        st->ties_col = pt[0].col;
        return 0;
      }
    return fail(st, np >= 2 ? pt[1].col : pt[0].col, "%s: %s", type,
                "none, only-unclued or any is needed");
  }
  if (part_is(st, &pt[0], "XSum") || part_is(st, &pt[0], "Skyscraper") ||
      part_is(st, &pt[0], "NumberedRoom") ||
      part_is(st, &pt[0], "HiddenSkyscraper")) {
    sks_rule_kind kind =
        part_is(st, &pt[0], "XSum")           ? SKS_RULE_X_SUM
        : part_is(st, &pt[0], "Skyscraper")   ? SKS_RULE_SKYSCRAPER
        : part_is(st, &pt[0], "NumberedRoom") ? SKS_RULE_NUMBERED_ROOM
                                              : SKS_RULE_HIDDEN_SKYSCRAPER;
    if (np < 2 || np > 4)
      return fail(st, pt[0].col,
                  "%s: a row or column and its clues are needed%s", type, "");
    for (size_t i = 2; i < np; i++) {
      if (pt[i].e == pt[i].s)
        continue;
      if (value_of(st, &pt[i], type,
                   kind == SKS_RULE_NUMBERED_ROOM ||
                           kind == SKS_RULE_HIDDEN_SKYSCRAPER
                       ? st->lo
                       : 1,
                   &v) ||
          line_cells(st, &pt[1], i == 3, type) || clue(st, kind, v, type))
        return -1;
    }
    return 0;
  }
  if (part_is(st, &pt[0], "Thermo") || part_is(st, &pt[0], "Renban") ||
      part_is(st, &pt[0], "Palindrome") || part_is(st, &pt[0], "Zipper") ||
      part_is(st, &pt[0], "Between") || part_is(st, &pt[0], "DoubleArrow") ||
      part_is(st, &pt[0], "AllDifferent")) {
    sks_rule_kind kind =
        part_is(st, &pt[0], "Thermo")        ? SKS_RULE_THERMO
        : part_is(st, &pt[0], "Renban")      ? SKS_RULE_RENBAN
        : part_is(st, &pt[0], "Palindrome")  ? SKS_RULE_PALINDROME
        : part_is(st, &pt[0], "Zipper")      ? SKS_RULE_ZIPPER
        : part_is(st, &pt[0], "Between")     ? SKS_RULE_BETWEEN
        : part_is(st, &pt[0], "DoubleArrow") ? SKS_RULE_DOUBLE_ARROW
                                             : SKS_RULE_REGION;
    if (read_cells(st, 1, type))
      return -1;
    if (kind == SKS_RULE_DOUBLE_ARROW && st->cells.n < 3)
      return fail(st, pt[0].col, "%s: %s", type,
                  "three cells or more are "
                  "needed");
    return add(st, kind, NV, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "Arrow")) {
    if (read_cells(st, 1, type))
      return -1;
    if (st->cells.n < 2)
      return fail(st, pt[0].col, "%s: %s", type,
                  "a circle and a shaft are "
                  "needed");
    return add(st, SKS_RULE_ARROW, NV, CELLS, 1, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "PillArrow")) {
    if (np < 2 || !part_number(st, &pt[1], &v) || (v != 2 && v != 3))
      return fail(st, np < 2 ? pt[0].col : pt[1].col, "%s: %s", type,
                  "a pill of 2 or 3 cells");
    if (read_cells(st, 2, type))
      return -1;
    int k = (int)v, *c = st->cells.a;
    if ((int)st->cells.n <= k)
      return fail(st, pt[0].col, "%s: %s", type,
                  "more cells than the pill are needed");
    /* The pill reads in the grid's order (the solver sorts it), each cell
     * right, down or down-right of the one before. */
    for (int i = 1; i < k; i++)
      for (int j = i; j > 0 && c[j - 1] > c[j]; j--) {
        int x = c[j];
        c[j] = c[j - 1];
        c[j - 1] = x;
      }
    for (int i = 1; i < k; i++)
      if (c[i] != c[i - 1] + 1 && c[i] != c[i - 1] + n &&
          c[i] != c[i - 1] + n + 1)
        return fail(st, pt[0].col, "%s: %s", type,
                    "the pill's cells must be neighbours in reading order");
    for (int i = 1; i < k; i++)
      if (c[i - 1] / n != c[i] / n && c[i] == c[i - 1] + 1)
        return fail(st, pt[0].col, "%s: %s", type,
                    "the pill's cells must be neighbours in reading order");
    /* On grids past 9 the pill's later cells are decimal digits. */
    for (int i = 1; i < k; i++)
      for (int d = 10 - st->lo; d < n; d++)
        sks_puzzle_remove(st->rd->p, c[i], d);
    return add(st, SKS_RULE_ARROW, NV, CELLS, k, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "WhiteDot") || part_is(st, &pt[0], "BlackDot") ||
      part_is(st, &pt[0], "X") || part_is(st, &pt[0], "V") ||
      part_is(st, &pt[0], "GreaterThan")) {
    sks_rule_kind kind = part_is(st, &pt[0], "WhiteDot")   ? SKS_RULE_WHITE_DOT
                         : part_is(st, &pt[0], "BlackDot") ? SKS_RULE_BLACK_DOT
                         : part_is(st, &pt[0], "X")        ? SKS_RULE_X_PAIR
                         : part_is(st, &pt[0], "V")        ? SKS_RULE_V_PAIR
                                                           : SKS_RULE_GREATER;
    *dots |= kind == SKS_RULE_WHITE_DOT || kind == SKS_RULE_BLACK_DOT;
    return read_cells(st, 1, type) || pairs(st, kind, type) ? -1 : 0;
  }
  if (part_is(st, &pt[0], "Whisper") || part_is(st, &pt[0], "Lockout") ||
      part_is(st, &pt[0], "Modular")) {
    bool whisper = part_is(st, &pt[0], "Whisper");
    size_t from = 2;
    v = whisper ? 5 : 4;
    if (np < 2)
      return fail(st, pt[0].col, "%s: no cells%s", type, "");
    if (whisper && part_cell(st, &pt[1]) >= 0)
      from = 1; /* German whispers: no difference written */
    else if (value_of(st, &pt[1], type, 1, &v))
      return -1;
    if (read_cells(st, from, type))
      return -1;
    if (whisper) {
      /* The solver relates each cell to the next, so a line may come back
       * to a cell (a loop): it is cut there into lines that share their
       * ends, which say the same. */
      size_t s0 = 0;
      for (size_t i = 1; i <= st->cells.n; i++) {
        bool again = false;
        for (size_t j = s0; i < st->cells.n && j < i && !again; j++)
          again = st->cells.a[j] == st->cells.a[i];
        if (i < st->cells.n && !again)
          continue;
        if (add(st, SKS_RULE_WHISPERS, (int)v, st->cells.a + s0, (int)(i - s0),
                0, NULL, 0, type))
          return -1;
        s0 = i - 1;
      }
      return 0;
    }
    if (part_is(st, &pt[0], "Lockout")) {
      if (st->cells.n < 2)
        return fail(st, pt[0].col, "%s: %s", type, "two ends are needed");
      return add(st, SKS_RULE_LOCKOUT, (int)v, CELLS, 0, NULL, 0, type);
    }
    if ((long)st->cells.n >= v)
      return add(st, SKS_RULE_MODULAR, v == 3 ? NV : (int)v, CELLS, 0, NULL, 0,
                 type);
    /* A line shorter than the modulus: its cells all differ modulo it,
     * as the solver's first window says: a table of pairs. */
    ints tab = {0};
    for (int a = st->lo; a < n + st->lo; a++)
      for (int b = st->lo; b < n + st->lo; b++)
        if (a % v != b % v) {
          SKS_PUSH(tab, a);
          SKS_PUSH(tab, b);
        }
    int rc = tab.n ? add(st, SKS_RULE_PAIR_ALL, NV, CELLS, 0, tab.a, (int)tab.n,
                         type)
                   : refuse(st, type, " (with no two values apart)");
    SKS_STACK_FREE(tab);
    return rc;
  }
  if (part_is(st, &pt[0], "SumLine")) {
    bool loop = np > 2 && part_is(st, &pt[np - 1], "LOOP");
    if (np < 3 || value_of(st, &pt[1], type, 1, &v))
      return np < 3 ? fail(st, pt[0].col, "%s: %s", type, "a sum and cells")
                    : -1;
    if (v > 30) /* the solver's bound */
      return fail(st, pt[1].col, "%s: %s", type, "a sum of 30 at most");
    st->parts.n -= loop;
    int rc = read_cells(st, 2, type);
    st->parts.n += loop;
    if (rc)
      return -1;
    return add(st, loop ? SKS_RULE_SUM_LOOP : SKS_RULE_SUM_LINE, (int)v, CELLS,
               0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "SameValues")) {
    if (np < 3 || value_of(st, &pt[1], type, 1, &v))
      return np < 3 ? fail(st, pt[0].col, "%s: %s", type,
                           "a number of sets and cells")
                    : -1;
    if (read_cells(st, 2, type))
      return -1;
    /* as many sets as cells or more: the cells are all equal */
    if (v > (long)st->cells.n)
      v = (long)st->cells.n;
    return add(st, SKS_RULE_SAME_VALUES, (int)v, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "Regex"))
    return machine_item(st, SKS_RULE_REGEX, type);
  if (part_is(st, &pt[0], "NFA"))
    return machine_item(st, SKS_RULE_NFA, type);
  if (part_is(st, &pt[0], "Pair") || part_is(st, &pt[0], "PairX") ||
      part_is(st, &pt[0], "Binary") || part_is(st, &pt[0], "BinaryX"))
    return pair_item(st, type);
  if (part_is(st, &pt[0], "Entropic")) {
    if (read_cells(st, 1, type))
      return -1;
    if (n != 9 || st->lo != 1)
      return refuse(st, type, " (but on a 9x9 grid of the digits 1-9)");
    if (st->cells.n == 2)
      return refuse(st, type, " (on a line of two cells)");
    return add(st, SKS_RULE_ENTROPIC, NV, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "RegionSumLine")) {
    if (read_cells(st, 1, type))
      return -1;
    if (shape->box_rows == 1 && !shape->jigsaw)
      return refuse(st, type, " (on a grid without boxes)");
    /* The solver sums each stretch of the line in a region (a cell
     * named twice in two stretches), all stretches to one sum; the rule
     * sums all of the line in a region: one rule when no region is met
     * twice, else one a pair of stretches in two regions. */
    size_t k = st->cells.n;
    for (size_t i = 0; i < k; i++)
      for (size_t j = 0; j < i; j++)
        if (st->cells.a[i] == st->cells.a[j])
          return refuse(st, type, " (on a line through a cell twice)");
    int *cells;
    size_t *at;
    size_t nr = sks_form_region_sums(shape, st->cells.a, k, &cells, &at);
    int rc = 0;
    for (size_t r = 0; r < nr && !rc; r++)
      rc = add(st, SKS_RULE_REGION_SUM, NV, cells + at[r],
               (int)(at[r + 1] - at[r]), 0, NULL, 0, type);
    free(cells);
    free(at);
    return rc;
  }
  if (part_is(st, &pt[0], "Quad")) {
    if (np < 3)
      return fail(st, pt[0].col, "%s: %s", type,
                  "a cell and values are "
                  "needed");
    int c = part_cell(st, &pt[1]);
    if (c < 0)
      return bad_cell(st, &pt[1], type);
    if (c / n == n - 1 || c % n == n - 1)
      return fail(st, pt[1].col, "%s: %s", type,
                  "no 2x2 square has this top left cell");
    int cells[4] = {c, c + 1, c + n, c + n + 1}, digits[4];
    if (np - 2 > 4)
      return fail(st, pt[0].col, "%s: %s", type, "more than 4 values");
    for (size_t i = 2; i < np; i++) {
      if (value_of(st, &pt[i], type, st->lo, &v))
        return -1;
      digits[i - 2] = (int)v;
    }
    return add(st, SKS_RULE_QUADRUPLE, NV, cells, 4, 0, digits, (int)np - 2,
               type);
  }
  if (part_is(st, &pt[0], "LookAndSay")) {
    /* CLUE: (count, value) digit pairs, as ISS reads them */
    size_t len = np >= 2 ? pt[1].e - pt[1].s : 0;
    bool pairs = len >= 2 && len % 2 == 0;
    for (size_t i = 0; pairs && i < len; i++)
      pairs = st->t[pt[1].s + i] >= '0' && st->t[pt[1].s + i] <= '9';
    if (np < 3 || !pairs)
      return fail(st, np >= 2 ? pt[1].col : pt[0].col, "%s: %s", type,
                  "a clue of (count, value) digit pairs and cells");
    if (read_cells(st, 2, type))
      return -1;
    int digits[16];
    if (len > sizeof digits / sizeof *digits)
      return fail(st, pt[1].col, "%s: %s", type, "a clue of 8 pairs at most");
    for (size_t i = 0; i < len; i++)
      digits[i] = st->t[pt[1].s + i] - '0';
    /* a pair of count 0 after another of its value: ISS takes both */
    for (size_t i = 0; i < len; i += 2)
      for (size_t j = 0; j < i; j += 2)
        if (digits[i + 1] == digits[j + 1] && (!digits[i] || !digits[j]) &&
            digits[i] != digits[j])
          return refuse(st, type, " (a value both counted and excluded)");
    return add(st, SKS_RULE_LOOK_AND_SAY, NV, CELLS, 0, digits, (int)len, type);
  }
  if (part_is(st, &pt[0], "DutchFlatmates")) {
    if (st->lo != 1 || n % 2 == 0)
      return refuse(st, type, " (but on a side of odd size, digits from 1)");
    return add(st, SKS_RULE_DUTCH_FLATMATES, NV, NULL, 0, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "CountingCircles")) {
    if (read_cells(st, 1, type))
      return -1;
    return add(st, SKS_RULE_COUNTING_CIRCLES, NV, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "Lunchbox")) {
    if (np < 3 || value_of(st, &pt[1], type, 0, &v))
      return np < 3 ? fail(st, pt[0].col, "%s: %s", type, "a sum and cells")
                    : -1;
    if (read_cells(st, 2, type))
      return -1;
    return add(st, SKS_RULE_LUNCHBOX, (int)v, CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "Indexing")) {
    /* C: each cell's value names a column of its row, which holds the
     * cell's column number; R: the same for rows */
    bool col = np >= 2 && part_is(st, &pt[1], "C");
    if (np < 3 || (!col && !part_is(st, &pt[1], "R")))
      return fail(st, pt[0].col, "%s: %s", type, "C or R, then cells");
    if (read_cells(st, 2, type))
      return -1;
    return add(st, col ? SKS_RULE_COLUMN_INDEXING : SKS_RULE_ROW_INDEXING, NV,
               CELLS, 0, NULL, 0, type);
  }
  if (part_is(st, &pt[0], "Diagonal")) {
    if (np != 2 || !part_number(st, &pt[1], &v) || (v != 1 && v != -1))
      return fail(st, pt[0].col, "%s: %s", type, "a direction 1 or -1");
    return add(st, v == 1 ? SKS_RULE_DIAGONAL_POS : SKS_RULE_DIAGONAL_NEG, NV,
               NULL, 0, 0, NULL, 0, type);
  }
  static const struct {
    const char *type;
    sks_rule_kind kind;
  } GLOBAL[] = {{"AntiKnight", SKS_RULE_ANTI_KNIGHT},
                {"AntiKing", SKS_RULE_ANTI_KING},
                {"AntiConsecutive", SKS_RULE_NON_CONSECUTIVE},
                {"DisjointSets", SKS_RULE_DISJOINT_GROUPS},
                {"StrictXV", SKS_RULE_XV_ALL},
                {"AntiTaxicab", SKS_RULE_ANTI_TAXICAB},
                {"GlobalEntropy", SKS_RULE_ENTROPIC_SQUARES},
                {"GlobalMod", SKS_RULE_MODULAR_SQUARES}};
  for (size_t i = 0; i < sizeof GLOBAL / sizeof *GLOBAL; i++)
    if (part_is(st, &pt[0], GLOBAL[i].type)) {
      if (GLOBAL[i].kind == SKS_RULE_DISJOINT_GROUPS && shape->box_rows == 1)
        return refuse(st, type, " (on a grid without boxes)");
      /* as ISS: the digits 1-9 (entropy and remainders), from 1 (taxicab) */
      if ((GLOBAL[i].kind == SKS_RULE_ENTROPIC_SQUARES ||
           GLOBAL[i].kind == SKS_RULE_MODULAR_SQUARES) &&
          (n != 9 || st->lo != 1))
        return refuse(st, type, " (but on a 9x9 grid of the digits 1-9)");
      if (GLOBAL[i].kind == SKS_RULE_ANTI_TAXICAB && st->lo != 1)
        return refuse(st, type, " (on the digits from 0)");
      return add(st, GLOBAL[i].kind, NV, NULL, 0, 0, NULL, 0, type);
    }
  if (part_is(st, &pt[0], "StrictKropki")) {
    *strict_kropki = true; /* after the dots: see read_iss */
    return 0;
  }
  if (part_is(st, &pt[0], "Windoku")) {
    int br = shape->box_rows, bc = shape->box_cols;
    if (br == 1)
      return refuse(st, type, " (on a grid without boxes)");
    /* The solver's windows: a box's size, one cell in from the edges,
     * one cell apart. */
    for (int c0 = 1; c0 + bc < n; c0 += bc + 1)
      for (int r0 = 1; r0 + br < n; r0 += br + 1) {
        st->cells.n = 0;
        for (int i = 0; i < br; i++)
          for (int j = 0; j < bc; j++)
            SKS_PUSH(st->cells, (r0 + i) * n + c0 + j);
        if (add(st, SKS_RULE_REGION, NV, CELLS, 0, NULL, 0, type))
          return -1;
      }
    return 0;
  }
  if (part_is(st, &pt[0], "RegionSize")) {
    if (np == 2 && part_number(st, &pt[1], &v) && v == n)
      return 0; /* the size boxes have anyway */
    return refuse(st, type, " (but the side's own size)");
  }
  if (part_is(st, &pt[0], "SearchPriority"))
    return 0; /* the order a search tries cells in: no constraint */
  if (!known_type(st->t + pt[0].s, pt[0].e - pt[0].s))
    return fail(st, pt[0].col, "unknown constraint type '%s'%s", type, "");
  return refuse(st, type, "");
#undef NV
#undef CELLS
}

/* ISS's FullRank clues (the last of each line and end, as its parser
 * keeps) and their ties (the last FullRankTies): under "any" a line may
 * read the same as a clued one (ties share the lower rank); under
 * "only-unclued", the default, no line reads the same as a clued one;
 * under "none" no two of the 4n lines read the same, clued or not (each
 * row and column differs from every other line, which covers their
 * reverses). */
static int full_rank_ties(iss *st, long col) {
  int n = st->n;
  st->parts.n = 0;
  part p0 = {0, 0, st->ties_col ? st->ties_col : col};
  SKS_PUSH(st->parts, p0);
  for (size_t k = 0; k < st->ranked.n; k += 3) {
    int a = st->ranked.a[k], d = st->ranked.a[k + 1] - a;
    st->cells.n = 0;
    for (int j = 0; j < n; j++)
      SKS_PUSH(st->cells, a + j * d);
    if (add(st, SKS_RULE_FULL_RANK, st->ranked.a[k + 2], st->cells.a, n, 0,
            NULL, 0, "FullRank"))
      return -1;
  }
  if (st->rank_ties == 2 || (st->rank_ties == 1 && !st->ranked.n))
    return 0;
  if (st->rank_ties == 0)
    for (int i = 0; i < 2 * n; i++) {
      st->cells.n = 0;
      for (int j = 0; j < n; j++)
        SKS_PUSH(st->cells, i < n ? i * n + j : j * n + i - n);
      if (add(st, SKS_RULE_FULL_RANK, SKS_RULE_NO_VALUE, st->cells.a, n, 0,
              NULL, 0, "FullRankTies"))
        return -1;
    }
  else
    for (size_t k = 0; k < st->ranked.n; k += 3) {
      int a = st->ranked.a[k], d = st->ranked.a[k + 1] - a;
      st->cells.n = 0;
      for (int j = 0; j < n; j++)
        SKS_PUSH(st->cells, a + j * d);
      if (add(st, SKS_RULE_FULL_RANK, SKS_RULE_NO_VALUE, st->cells.a, n, 0,
              NULL, 0, "FullRank"))
        return -1;
    }
  return 0;
}

static int read_iss(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                    sks_error *err) {
  iss st = {rd, err, NULL, NULL, 0, 9, {0}, NULL, {0}, NULL, 1, 1, 0, {0}};
  size_t len = li->end - li->start;
  st.t = sks_malloc(len + 1);
  st.col = sks_malloc((len + 1) * sizeof *st.col);
  for (size_t i = li->start; i < li->end; i++) {
    char ch = rd->line.a[i];
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f')
      continue;
    st.col[st.len] = (long)i + 1;
    st.t[st.len++] = ch;
  }
  int rc = 0;
  if (rd->pending_rules.n) {
    rc = sks_error_set(err, -1, rd->pending_rules.a[0].line, 1,
                       "rule lines above an Interactive Sudoku Solver "
                       "string: its rules are in the string");
    rd->pending_rules.n = 0;
    rd->rule_text.n = 0;
  }
  size_t jig;
  bool noboxes, strict_kropki = false, dots = false;
  if (!rc)
    rc = read_layout(&st, &jig, &noboxes);
  if (!rc)
    rc = sks_form_prepare(rd, st.n, err);
  if (!rc && noboxes && !jig)
    rc = sks_form_no_boxes(rd, rd->lineno, (long)li->start + 1, err);
  if (!rc) {
    int n = st.n;
    for (int i = 0; i < n * n; i++)
      rd->p->cell[i] = -1;
    st.rules = sks_rules_new(n);
    if (st.lo == 0) { /* the digits 0 to n-1: the rules read them so */
      sks_rule z = {.kind = SKS_RULE_FROM_ZERO,
                    .value = SKS_RULE_NO_VALUE,
                    .line = rd->lineno};
      rc = sks_rules_add(st.rules, &z, err);
    }
    st.allowed = sks_malloc((size_t)n * n * sizeof *st.allowed);
    for (int i = 0; i < n * n; i++)
      st.allowed[i] = (1u << n) - 1;
    if (!rc && jig)
      rc = read_jigsaw(&st, jig, noboxes);
  }
  for (size_t i = 1; !rc && i < st.len;) {
    i = split_item(&st, i) + 1;
    if (part_is(&st, &st.parts.a[0], "Shape") ||
        part_is(&st, &st.parts.a[0], "Jigsaw") ||
        part_is(&st, &st.parts.a[0], "NoBoxes"))
      continue;
    rc = read_item(&st, &strict_kropki, &dots);
  }
  if (!rc && strict_kropki) {
    /* ISS's strict kropki: neighbours without a dot of either colour are
     * neither consecutive nor in ratio 2, as white-dot-all and
     * black-dot-all say together. */
    (void)dots;
    st.parts.n = 0;
    part p0 = {0, 0, (long)li->start + 1};
    SKS_PUSH(st.parts, p0);
    rc = add(&st, SKS_RULE_WHITE_ALL, SKS_RULE_NO_VALUE, NULL, 0, 0, NULL, 0,
             "StrictKropki") ||
                 add(&st, SKS_RULE_BLACK_ALL, SKS_RULE_NO_VALUE, NULL, 0, 0,
                     NULL, 0, "StrictKropki")
             ? -1
             : 0;
  }
  if (!rc)
    rc = full_rank_ties(&st, (long)li->start + 1);
  if (!rc)
    rc = finish_givens(&st);
  if (!rc) {
    sks_puzzle_set_rules(rd->p, st.rules);
    /* Written back in the alphabet in effect (--symbols, a file's), as the
     * other forms' puzzles are: ISS's own digits are numbers. */
    const char *alpha = sks_form_alphabet(rd);
    if (alpha && rd->p->removed)
      /* its answer would be a candidates line, which is not read in an
       * alphabet of the user's */
      rc = sks_error_set(err, -1, rd->lineno, (long)li->start + 1,
                         "an ISS string with candidates (a cell given "
                         "several values) is not read under an alphabet "
                         "(--symbols, a file's)");
    else if (alpha && (int)strlen(alpha) == st.n)
      memcpy(rd->p->look.symbols, alpha, (size_t)st.n + 1);
    else if (!alpha && st.lo == 0) { /* written as ISS writes them */
      memcpy(rd->p->look.symbols, "0123456789ABCDEF", (size_t)st.n);
      rd->p->look.symbols[st.n] = 0;
    }
    /* candidates ISS gave (a cell of several values) are written back as
     * a candidates line, which keeps them */
    if (!rc)
      sks_form_finish(
          rd, rd->p->removed ? SKS_LAYOUT_CANDIDATES : SKS_LAYOUT_LINE, out);
  }
  sks_rules_release(st.rules);
  free(st.allowed);
  free(st.t);
  free(st.col);
  SKS_STACK_FREE(st.parts);
  SKS_STACK_FREE(st.cells);
  SKS_STACK_FREE(st.ranked);
  return rc ? -1 : 1;
}

const sks_form sks_form_iss = {.name = "Interactive Sudoku Solver string",
                               .recognise = iss_line,
                               .read = read_iss};
