/* DIMACS in: a tolerant reader (comments anywhere, clauses across lines,
 * count mismatches warned) that also parses the description comments the
 * writer puts in, and rebuilds the puzzle they describe. */
#define _POSIX_C_SOURCE 200809L
#include "dimacs_int.h"
#include "input_int.h"
#include "require_int.h"
#include "sks_encoder.h"
#include "text_int.h"
#include "stack_int.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

/* ================================================================== */
/* Reading the description comments. */

enum { DESC_LINE = 8192 };

typedef struct desc_parse {
  bool active, bad, have_size, have_encoding;
  long line;                   /* of `c sudokusat v1` */
  int n, box_rows, box_cols;
  unsigned variants;
  int ngivens_declared;
  int rows, regions;           /* rows of givens / jigsaw read so far */
  int *given, *jigsaw;
  sks_encoding encoding;
  sks_amo amo;
  sks_propagate propagate;
  int nmap, mapped, mapcap;    /* declared map size, entries read, room */
  int *map;
} desc_parse;

typedef struct reader {
  sks_input *in;
  long long pos, line_start;   /* bytes read; offset of the line's start */
  long line;
  sks_warn_fn warn;
  void *warn_ctx;
  sks_error *err;
  desc_parse desc;
  char text[DESC_LINE];        /* the comment line being parsed */
  size_t len;
  long text_col;               /* column of text[0] */
} reader;

static void warn_at(reader *rd, long line, long col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void warn_at(reader *rd, long line, long col, const char *fmt, ...) {
  if (!rd->warn)
    return;
  sks_error w = {line, col, {0}};
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w.msg, sizeof w.msg, fmt, ap);
  va_end(ap);
  rd->warn(rd->warn_ctx, &w);
}

/* A bad description is a warning: the CNF stays solvable, only decoding
 * it needs the description, and the warning says why it is gone. */
static int desc_fail(reader *rd, const char *at, const char *what) {
  desc_parse *d = &rd->desc;
  if (!d->bad) {
    d->bad = true;
    long col = rd->text_col + (at ? (long)(at - rd->text) : 0);
    warn_at(rd, rd->line, col, "description ignored: %s", what);
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

/* Reads one row of n values into out (0-based, -1 blank when blank_ok). */
static bool desc_row(reader *rd, const char *p, int *out, bool blank_ok) {
  int n = rd->desc.n;
  p = skip_space(p);
  const char *q = p;
  while (*q && *q != ' ' && *q != '\t' && *q != '\r')
    q++;
  if (n <= SKS_DESC_MAX_SYMBOL_N && q - p == n && !*skip_space(q)) {
    for (int c = 0; c < n; c++) {
      int v = p[c] == '.' || p[c] == '0' ? -1 : symbol_value(p[c]);
      if (v < -1 || v >= n || (v < 0 && !blank_ok)) {
        desc_fail(rd, p + c, "bad symbol in row");
        return false;
      }
      out[c] = v;
    }
    return true;
  }
  for (int c = 0; c < n; c++) {
    int v;
    const char *at = skip_space(p);
    p = number(p, &v);
    if (!p || v > n || (v == 0 && !blank_ok)) {
      desc_fail(rd, at, "bad value in row");
      return false;
    }
    out[c] = v - 1;
  }
  if (*skip_space(p)) {
    desc_fail(rd, skip_space(p), "too many values in row");
    return false;
  }
  return true;
}

static bool name_match(const char *w, const char *name) {
  return name && !strcmp(w, name);
}

static int desc_line(reader *rd) {
  desc_parse *d = &rd->desc;
  char key[32], w[32];
  rd->text[rd->len] = 0;
  const char *p = rd->text + 1; /* after the 'c' */
  const char *at = skip_space(p);
  p = word(p, key, sizeof key);
  if (!d->active) {
    if (!strcmp(key, "sudokusat")) {
      word(p, w, sizeof w);
      if (!strcmp(w, "v1")) {
        d->active = true;
        d->line = rd->line;
      }
      else
        warn_at(rd, rd->line, rd->text_col,
                "unknown sudokusat description '%s' ignored", w);
    }
    return 0;
  }
  if (d->bad)
    return -1;
  if (!strcmp(key, "sudokusat"))
    desc_fail(rd, at, "a second description");
  else if (!strcmp(key, "size")) {
    int n, br, bc;
    if (d->have_size)
      return desc_fail(rd, at, "a second 'size' line");
    if (!(p = number(p, &n)) || (p = word(p, w, sizeof w), strcmp(w, "box")) ||
        !(p = number(p, &br)) || *p++ != 'x' || !(p = number(p, &bc)) ||
        *skip_space(p) || n < SKS_MIN_N || n > SKS_MAX_N || br < 1 ||
        bc < 1 || br > n || bc > n || br * bc != n)
      return desc_fail(rd, at, "expected 'size N box RxC' with N = R*C");
    d->have_size = true;
    d->n = n;
    d->box_rows = br;
    d->box_cols = bc;
    d->given = sks_malloc((size_t)n * n * sizeof *d->given);
    for (int i = 0; i < n * n; i++)
      d->given[i] = -1;
  } else if (!d->have_size) {
    if (!strcmp(key, "variants") || !strcmp(key, "region") ||
        !strcmp(key, "givens") || !strcmp(key, "row") ||
        !strcmp(key, "mapped") || !strcmp(key, "map"))
      return desc_fail(rd, at, "'size' line missing before this line");
  } else if (!strcmp(key, "variants")) {
    for (;;) {
      const char *wat = skip_space(p);
      p = word(p, w, sizeof w);
      if (!*w)
        break;
      if (!strcmp(w, "x"))
        d->variants |= SKS_VARIANT_X;
      else if (!strcmp(w, "windoku"))
        d->variants |= SKS_VARIANT_WINDOKU;
      else if (!strcmp(w, "jigsaw"))
        d->variants |= SKS_VARIANT_JIGSAW;
      else
        return desc_fail(rd, wat, "unknown variant");
    }
  } else if (!strcmp(key, "region") || !strcmp(key, "row")) {
    bool region = key[1] == 'e';
    int *count = region ? &d->regions : &d->rows, r;
    if (!(p = number(p, &r)) || r != *count + 1 || r > d->n)
      return desc_fail(rd, at, region ? "region rows out of order"
                                      : "given rows out of order");
    int **grid = region ? &d->jigsaw : &d->given;
    if (!*grid)
      *grid = sks_malloc((size_t)d->n * d->n * sizeof **grid);
    if (!desc_row(rd, p, *grid + (size_t)(r - 1) * d->n, !region))
      return -1;
    ++*count;
  } else if (!strcmp(key, "givens")) {
    if (!number(p, &d->ngivens_declared))
      return desc_fail(rd, at, "expected 'givens COUNT'");
  } else if (!strcmp(key, "encoding")) {
    bool ok = true;
    p = word(p, w, sizeof w);
    int e = 0;
    while (e <= SKS_ENCODING_EXTENDED && !name_match(w, sks_encoding_name(e)))
      e++;
    ok = ok && e <= SKS_ENCODING_EXTENDED;
    p = word(p, w, sizeof w);
    ok = ok && !strcmp(w, "amo");
    p = word(p, w, sizeof w);
    int a = 0;
    while (a <= SKS_AMO_PRODUCT && !name_match(w, sks_amo_name(a)))
      a++;
    ok = ok && a <= SKS_AMO_PRODUCT;
    p = word(p, w, sizeof w);
    ok = ok && !strcmp(w, "propagate");
    p = word(p, w, sizeof w);
    sks_propagate level = SKS_PROPAGATE_GIVENS;
    ok = ok && !sks_propagate_parse(w, &level);
    if (!ok || *skip_space(p))
      return desc_fail(rd, at, "expected 'encoding NAME amo NAME propagate "
                               "givens|singles|locked'");
    d->have_encoding = true;
    d->encoding = (sks_encoding)e;
    d->amo = (sks_amo)a;
    d->propagate = level;
  } else if (!strcmp(key, "mapped")) {
    int k;
    if (d->map || !number(p, &k) || k > d->n * d->n * d->n)
      return desc_fail(rd, at, "expected 'mapped COUNT' once");
    /* Grown as entries come: a stray count allocates nothing. */
    d->nmap = k;
    d->mapcap = 64;
    d->map = sks_malloc((size_t)d->mapcap * sizeof *d->map);
  } else if (!strcmp(key, "map")) {
    if (!d->map)
      return desc_fail(rd, at, "'map' before 'mapped'");
    int maxvar = d->n * d->n * d->n;
    for (;;) {
      const char *eat = skip_space(p);
      if (!*eat)
        break;
      int a, b;
      if (!(p = number(p, &a)) || a < 1 || a > maxvar)
        return desc_fail(rd, eat, "bad map entry");
      b = a;
      if (*p == '-' && (!(p = number(p + 1, &b)) || b < a || b > maxvar))
        return desc_fail(rd, eat, "bad map run");
      if ((long)d->mapped + (b - a) + 1 > d->nmap)
        return desc_fail(rd, eat, "more map entries than 'mapped' says");
      while (d->mapped + (b - a) + 1 > d->mapcap) {
        d->mapcap *= 2;
        d->map = sks_realloc(d->map, (size_t)d->mapcap * sizeof *d->map);
      }
      for (int v = a; v <= b; v++)
        d->map[d->mapped++] = v;
    }
  }
  /* Other words (the variable rule, remarks) are for people. */
  return 0;
}

/* Moves a complete description into cnf->desc. */
static void desc_finish(reader *rd, sks_cnf *cnf) {
  desc_parse *d = &rd->desc;
  if (d->active && !d->bad) {
    const char *missing = NULL;
    if (!d->have_size)
      missing = "no 'size' line";
    else if (d->rows != d->n)
      missing = "given rows missing";
    else if ((d->variants & SKS_VARIANT_JIGSAW) && d->regions != d->n)
      missing = "jigsaw region rows missing";
    else if (!(d->variants & SKS_VARIANT_JIGSAW) && d->regions)
      missing = "region rows without the jigsaw variant";
    else if (!d->have_encoding)
      missing = "no 'encoding' line";
    else if (d->map && d->mapped != d->nmap)
      missing = "map entries missing";
    int ngiven = 0;
    for (int i = 0; !missing && i < d->n * d->n; i++)
      ngiven += d->given[i] >= 0;
    if (!missing && ngiven != d->ngivens_declared)
      missing = "given count differs from the 'givens' line";
    if (!missing && d->map && d->nmap > cnf->nvars)
      missing = "more mapped variables than the CNF has";
    if (missing) {
      d->bad = true;
      warn_at(rd, d->line, 1, "description ignored: %s", missing);
    } else {
      sks_cnf_desc *out = sks_calloc(1, sizeof *out);
      out->n = d->n;
      out->box_rows = d->box_rows;
      out->box_cols = d->box_cols;
      out->variants = d->variants;
      out->jigsaw = d->jigsaw;
      out->given = d->given;
      out->encoding = d->encoding;
      out->amo = d->amo;
      out->propagate = d->propagate;
      out->map = d->map;
      out->nmap = d->map ? d->nmap : 0;
      cnf->desc = out;
      d->jigsaw = d->given = d->map = NULL;
    }
  }
  free(d->jigsaw);
  free(d->given);
  free(d->map);
}

/* ================================================================== */
/* Reading DIMACS. */

static inline int next(reader *rd) {
  rd->pos++;
  return sks_input_next(rd->in);
}

static inline long col_of(const reader *rd) {
  return (long)(rd->pos - rd->line_start);
}

static int fail(reader *rd, long col, const char *fmt, const char *arg) {
  sks_error_set(rd->err, -1, rd->line, col, fmt, arg);
  return -1;
}



static inline bool is_space(int ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* Consumes a comment line after its 'c'; keeps the text when it may be
 * part of a description. */
static void comment(reader *rd) {
  rd->len = 0;
  rd->text[rd->len++] = 'c';
  rd->text_col = col_of(rd);
  bool keep = true;
  int ch;
  while ((ch = next(rd)) != '\n' && ch != EOF) {
    if (keep && rd->len + 1 < DESC_LINE)
      rd->text[rd->len++] = (char)ch;
    else if (keep) {
      keep = false;
      if (rd->desc.active && !rd->desc.bad)
        warn_at(rd, rd->line, rd->text_col, "overlong comment line");
    }
    /* Only `c sudokusat` starts a description: drop other text early. */
    if (keep && !rd->desc.active && rd->len == 12 &&
        memcmp(rd->text, "c sudokusat", 11) != 0)
      keep = false;
  }
  if (keep)
    desc_line(rd);
  if (ch == '\n') {
    rd->line++;
    rd->line_start = rd->pos;
  }
}

/* `p cnf VARS CLAUSES`; anything else is an error. */
static int header(reader *rd, long *vars, long *clauses) {
  char buf[16];
  int ch = next(rd);
  if (!is_space(ch))
    return fail(rd, col_of(rd), "malformed header: expected 'p cnf VARS "
                                "CLAUSES', got %s after 'p'", sks_describe_char(ch, buf));
  while (is_space(ch))
    ch = next(rd);
  const char *fmt = "cnf";
  for (int i = 0; i < 3; i++, ch = next(rd))
    if (ch != fmt[i])
      return fail(rd, col_of(rd),
                  "malformed header: expected 'p cnf VARS CLAUSES' "
                  "(only the cnf format is read), got %s",
                  sks_describe_char(ch, buf));
  long *field[2] = {vars, clauses};
  for (int f = 0; f < 2; f++) {
    bool spaced = is_space(ch);
    while (is_space(ch))
      ch = next(rd);
    if (!spaced && ch >= '0' && ch <= '9')
      return fail(rd, col_of(rd), "malformed header: expected a space "
                                  "before %s", sks_describe_char(ch, buf));
    if (ch < '0' || ch > '9')
      return fail(rd, col_of(rd), f ? "malformed header: expected the "
                                      "number of clauses, got %s"
                                    : "malformed header: expected the "
                                      "number of variables, got %s",
                  sks_describe_char(ch, buf));
    long long v = 0;
    long start = col_of(rd);
    for (; ch >= '0' && ch <= '9'; ch = next(rd))
      if ((v = v * 10 + (ch - '0')) > INT_MAX)
        return fail(rd, start, "header %s count too large",
                    f ? "clause" : "variable");
    *field[f] = (long)v;
  }
  while (is_space(ch))
    ch = next(rd);
  if (ch != '\n' && ch != EOF)
    return fail(rd, col_of(rd),
                "malformed header: unexpected %s after the counts",
                sks_describe_char(ch, buf));
  if (ch == '\n') {
    rd->line++;
    rd->line_start = rd->pos;
  }
  return 0;
}

int sks_dimacs_read(sks_input *in, sks_cnf *cnf, sks_warn_fn warn,
                    void *warn_ctx, sks_error *err) {
  sks_require(in && cnf, "in and cnf must be set");
  sks_cnf_clear(cnf);
  reader *rd = sks_malloc(sizeof *rd);
  memset(rd, 0, offsetof(reader, text));
  rd->in = in;
  rd->line = 1;
  rd->warn = warn;
  rd->warn_ctx = warn_ctx;
  rd->err = err;
  bool have_header = false, warned_var = false;
  long hvars = 0, hclauses = 0, hline = 0, clause_line = 0, clause_col = 0;
  int maxvar = 0, maxlen = 0;
  long nclauses = 0;
  size_t nlits = 0, start = 0; /* start: first literal of the open clause */
  int res = 0;
  char buf[16];
  /* The hot state lives in locals (the compiler cannot keep rd's fields in
   * registers across the getc calls); SAVE before helpers read rd, LOAD
   * after they moved it. */
  long long pos = 0, line_start = 0;
  long line_no = 1;
  int *lits = cnf->lits;
  size_t cap = cnf->cap;
#define NEXT() (pos++, sks_input_next(in))
#define COL() ((long)(pos - line_start))
#define SAVE() (rd->pos = pos, rd->line = line_no, rd->line_start = line_start)
#define LOAD() (pos = rd->pos, line_no = rd->line, line_start = rd->line_start)
  for (;;) {
    int ch = NEXT();
    if (ch == '-' || (ch >= '0' && ch <= '9')) {
      long col = COL(), lit_line = line_no;
      SAVE();
      if (!have_header) {
        res = fail(rd, col, "clause before the 'p cnf' header%s", "");
        break;
      }
      bool neg = ch == '-';
      if (neg && ((ch = NEXT()) < '0' || ch > '9')) {
        SAVE();
        res = fail(rd, COL(), "expected a digit after '-', got %s",
                   sks_describe_char(ch, buf));
        break;
      }
      unsigned long long v = (unsigned)(ch - '0');
      while ((ch = NEXT()) >= '0' && ch <= '9')
        if ((v = v * 10 + (unsigned)(ch - '0')) >= INT_MAX)
          break;
      if (v >= INT_MAX) {
        res = fail(rd, col, "literal out of range%s", "");
        break;
      }
      if (ch == '\n') {
        line_no++;
        line_start = pos;
      } else if (ch == EOF)
        pos--; /* seen again at the top of the loop */
      else if (!is_space(ch)) {
        SAVE();
        res = fail(rd, COL(), "unexpected %s in a literal",
                   sks_describe_char(ch, buf));
        break;
      }
      if (nlits == cap) {
        sks_cnf_reserve(cnf, nlits + 1);
        lits = cnf->lits;
        cap = cnf->cap;
      }
      lits[nlits++] = neg ? -(int)v : (int)v;
      if (v == 0) {
        nclauses++;
        if ((int)(nlits - 1 - start) > maxlen)
          maxlen = (int)(nlits - 1 - start);
        start = nlits;
      } else {
        if (nlits - 1 == start) {
          clause_line = lit_line;
          clause_col = col;
        }
        if ((int)v > maxvar) {
          maxvar = (int)v;
          if (maxvar > hvars && !warned_var) {
            warned_var = true;
            warn_at(rd, lit_line, col,
                    "variable %d exceeds the header's %ld variables", maxvar,
                    hvars);
          }
        }
      }
    } else if (ch == '\n') {
      line_no++;
      line_start = pos;
    } else if (is_space(ch))
      continue;
    else if (ch == 'c') {
      SAVE();
      comment(rd);
      LOAD();
    } else if (ch == 'p') {
      SAVE();
      if (have_header) {
        res = fail(rd, COL(), "a second 'p' header line%s", "");
        break;
      }
      hline = line_no;
      if ((res = header(rd, &hvars, &hclauses)) < 0)
        break;
      LOAD();
      have_header = true;
    } else if (ch == '%' && have_header) {
      /* SATLIB files end with "%\n0\n": the formula is over. */
      warn_at(rd, line_no, COL(),
              "'%%' ends the formula; the rest is ignored");
      break;
    } else if (ch == EOF) {
      SAVE();
      if (sks_input_failed(in))
        res = fail(rd, 0, "read error (%s)",
                   "an I/O error, or truncated or corrupt gzip");
      else if (!have_header)
        res = fail(rd, 0, "no 'p cnf' header%s", "");
      break;
    } else {
      SAVE();
      res = fail(rd, COL(),
                 have_header ? "unexpected %s (expected a literal or a "
                               "'c' comment)"
                             : "unexpected %s (expected 'p cnf' or a 'c' "
                               "comment)",
                 sks_describe_char(ch, buf));
      break;
    }
  }
  SAVE();
#undef NEXT
#undef COL
#undef SAVE
#undef LOAD
  cnf->nlits = nlits;
  if (res == 0 && nlits > start) {
    warn_at(rd, clause_line, clause_col,
            "the last clause has no final 0 (taken as ended)");
    sks_cnf_reserve(cnf, nlits + 1);
    cnf->lits[cnf->nlits++] = 0;
    if ((int)(nlits - start) > maxlen)
      maxlen = (int)(nlits - start);
    nclauses++;
  }
  if (res == 0 && nclauses != hclauses)
    warn_at(rd, hline, 1, "the header says %ld clauses, found %ld", hclauses,
            nclauses);
  cnf->nvars = maxvar > hvars ? maxvar : (int)hvars;
  cnf->nclauses = nclauses;
  cnf->maxlen = maxlen;
  if (res < 0)
    rd->desc.active = false; /* no description from a broken file */
  desc_finish(rd, cnf);
  free(rd);
  return res;
}

sks_puzzle *sks_cnf_desc_puzzle(const sks_cnf_desc *desc, sks_error *err) {
  sks_require(desc, "desc is NULL");
  if (desc->n != desc->box_rows * desc->box_cols) {
    sks_error_set(err, -1, 0, 0, "description: size %d is not %dx%d",
                  desc->n, desc->box_rows, desc->box_cols);
    return NULL;
  }
  sks_puzzle *p = sks_puzzle_new(desc->box_rows, desc->box_cols,
                                 desc->variants, desc->jigsaw, err);
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
  return p;
}
