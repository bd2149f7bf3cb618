/* DIMACS in: a tolerant reader (comments anywhere, clauses across lines,
 * count mismatches warned) that hands the comment lines to the description
 * reader (dimacs_desc.c). */
#include "cnf.h"
#include "dimacs_int.h"
#include "input_int.h"
#include "require_int.h"
#include "sks_formats.h"
#include "text_int.h"

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { DESC_LINE = 8192 };
/* The deadline is looked at once a mebibyte of input, whatever its lines
 * hold: about every millisecond of reading. */
enum { CHECK_BYTES = 1 << 20 };

typedef struct reader {
  sks_input *in;
  long long pos, line_start; /* bytes read; offset of the line's start */
  long line;
  sks_warn_fn warn;
  void *warn_ctx;
  sks_error *err;
  bool have_header, warned_var;
  bool relaxed;           /* header mismatches warn, not fail */
  double deadline;        /* sks_dimacs_read_until; 0 = none */
  long var_line, var_col; /* the first variable past the header */
  int var_past;
  long hvars, hclauses, hline;  /* the header's counts, and its line */
  long clause_line, clause_col; /* where the open clause starts */
  /* What the scan ends with: */
  size_t open_start; /* first literal of a clause left open */
  int maxvar, maxlen;
  long nclauses;
  sks_desc_reader desc;
  bool cut;             /* the deadline passed inside a comment */
  char text[DESC_LINE]; /* the comment line being read */
  size_t len;
  long text_col; /* column of text[0] */
} reader;

/* The scan's hot state.  It lives in a local of scan_all, which the
 * compiler keeps in registers across the byte reads (rd's fields it could
 * not, as the helpers see rd); only helpers it inlines take its address.
 * save() before a helper reads rd's position, load() after it moved it. */
typedef struct scan {
  sks_input *in;
  long long pos, line_start;
  long line;
  int *lits;
  size_t nlits, cap, start; /* start: first literal of the open clause */
  int maxvar, maxlen;
  long nclauses;
  bool comment;       /* a 'c' right after a literal starts a comment */
  long long check_at; /* where the deadline is looked at next */
} scan;

static inline int next(reader *rd) {
  rd->pos++;
  return sks_input_next(rd->in);
}

static inline long col_of(const reader *rd) {
  return (long)(rd->pos - rd->line_start);
}

static void newline(reader *rd) {
  rd->line++;
  rd->line_start = rd->pos;
}

static int fail_at(reader *rd, long line, long col, const char *fmt,
                   const char *arg) {
  sks_error_set(rd->err, -1, line, col, fmt, arg);
  return -1;
}

static int fail(reader *rd, long col, const char *fmt, const char *arg) {
  return fail_at(rd, rd->line, col, fmt, arg);
}

static inline bool is_digit(int ch) {
  return ch >= '0' && ch <= '9';
}

/* ================================================================== */
/* The lines that are not clauses: comments and the header. */

/* Consumes a comment line after its 'c'; keeps the text when it may be
 * part of a description. */
static void comment(reader *rd) {
  sks_desc_reader *d = &rd->desc;
  rd->len = 0;
  rd->text[rd->len++] = 'c';
  rd->text_col = col_of(rd);
  bool keep = true;
  int ch;
  long long check_at = rd->pos + CHECK_BYTES;
  while ((ch = next(rd)) != '\n' && ch != EOF) {
    if (rd->pos >= check_at) { /* a comment line that never ends */
      check_at = rd->pos + CHECK_BYTES;
      if (sks_past(rd->deadline)) {
        rd->cut = true;
        return;
      }
    }
    if (keep && rd->len + 1 < DESC_LINE)
      rd->text[rd->len++] = (char)ch;
    else if (keep) {
      keep = false;
      if (d->active && !d->bad)
        sks_dimacs_warn(rd->warn, rd->warn_ctx, rd->line, rd->text_col,
                        "overlong comment line");
    }
    /* Only `c sudokusat` starts a description: drop other text early. */
    if (keep && !d->active && rd->len == 12 &&
        memcmp(rd->text, "c sudokusat", 11) != 0)
      keep = false;
  }
  if (keep) {
    rd->text[rd->len] = 0;
    sks_desc_read_line(d, rd->text, rd->line, rd->text_col);
  }
  if (ch == '\n')
    newline(rd);
}

/* The header's count of variables (f = 0) or clauses (f = 1), from *ch,
 * the byte after the previous field; *ch is then the byte after it. */
static int header_count(reader *rd, int *ch, int f, long *out) {
  char buf[16];
  bool spaced = sks_text_is_space(*ch);
  while (sks_text_is_space(*ch))
    *ch = next(rd);
  if (!spaced && is_digit(*ch))
    return fail(rd, col_of(rd),
                "malformed header: expected a space "
                "before %s",
                sks_describe_char(*ch, buf));
  if (!is_digit(*ch))
    return fail(rd, col_of(rd),
                f ? "malformed header: expected the "
                    "number of clauses, got %s"
                  : "malformed header: expected the "
                    "number of variables, got %s",
                sks_describe_char(*ch, buf));
  long long v = 0;
  long start = col_of(rd);
  for (; is_digit(*ch); *ch = next(rd))
    if ((v = v * 10 + (*ch - '0')) > INT_MAX)
      return fail(rd, start, "header %s count too large",
                  f ? "clause" : "variable");
  /* A count is a hint, never an allocation on trust: past what a
   * variable can be, it is refused before anything is sized by it. */
  if (!f && v > SKS_MAX_VAR) {
    char most[16];
    snprintf(most, sizeof most, "%d", SKS_MAX_VAR);
    return fail(rd, start, "header variable count too large (at most %s)",
                most);
  }
  *out = (long)v;
  return 0;
}

/* `p cnf VARS CLAUSES` after its 'p'; anything else is an error. */
static int header(reader *rd) {
  char buf[16];
  int ch = next(rd);
  if (!sks_text_is_space(ch))
    return fail(rd, col_of(rd),
                "malformed header: expected 'p cnf VARS "
                "CLAUSES', got %s after 'p'",
                sks_describe_char(ch, buf));
  while (sks_text_is_space(ch))
    ch = next(rd);
  const char *fmt = "cnf";
  for (int i = 0; i < 3; i++, ch = next(rd))
    if (ch != fmt[i])
      return fail(rd, col_of(rd),
                  "malformed header: expected 'p cnf VARS CLAUSES' "
                  "(only the cnf format is read), got %s",
                  sks_describe_char(ch, buf));
  if (header_count(rd, &ch, 0, &rd->hvars) < 0 ||
      header_count(rd, &ch, 1, &rd->hclauses) < 0)
    return -1;
  while (sks_text_is_space(ch))
    ch = next(rd);
  if (ch != '\n' && ch != EOF)
    return fail(rd, col_of(rd),
                "malformed header: unexpected %s after the counts",
                sks_describe_char(ch, buf));
  if (ch == '\n')
    newline(rd);
  return 0;
}

/* A line that does not start with a literal: ch is its first byte.
 * Returns 0 to go on, 1 at the end of the formula, -1 on an error. */
static int not_a_clause(reader *rd, int ch) {
  char buf[16];
  if (ch == 'c') {
    comment(rd);
    return 0;
  }
  if (ch == 'p') {
    if (rd->have_header)
      return fail(rd, col_of(rd), "a second 'p' header line%s", "");
    rd->hline = rd->line;
    if (header(rd) < 0)
      return -1;
    rd->have_header = true;
    return 0;
  }
  if (ch == '%' && rd->have_header) {
    /* SATLIB files end with "%\n0\n": the formula is over. */
    sks_dimacs_warn(rd->warn, rd->warn_ctx, rd->line, col_of(rd),
                    "'%%' ends the formula; the rest is ignored");
    return 1;
  }
  if (ch == EOF) {
    if (sks_input_failed(rd->in))
      return fail(rd, 0, "read error (%s)",
                  "an I/O error, or truncated or corrupt gzip");
    if (!rd->have_header)
      return fail(rd, 0, "no 'p cnf' header%s", "");
    return 1;
  }
  return fail(rd, col_of(rd),
              rd->have_header ? "unexpected %s (expected a literal or a "
                                "'c' comment)"
                              : "unexpected %s (expected 'p cnf' or a 'c' "
                                "comment)",
              sks_describe_char(ch, buf));
}

/* ================================================================== */
/* Clauses: the hot loop. */

static inline int scan_next(scan *s) {
  s->pos++;
  return sks_input_next(s->in);
}

static inline long scan_col(const scan *s) {
  return (long)(s->pos - s->line_start);
}

static inline void save(reader *rd, const scan *s) {
  rd->pos = s->pos;
  rd->line = s->line;
  rd->line_start = s->line_start;
}

static inline void load(const reader *rd, scan *s) {
  s->pos = rd->pos;
  s->line = rd->line;
  s->line_start = rd->line_start;
}

/* The most literals a clause may hold: every literal of every variable
 * twice over, so that a clause that never ends (a file of literals with no
 * 0) is refused at a bounded size, not when memory runs out. */
static size_t clause_cap(const reader *rd, const scan *s) {
  size_t vars = (size_t)(rd->hvars > s->maxvar ? rd->hvars : s->maxvar);
  return 4 * vars + 4096;
}

/* Appends a literal of variable v (0 ends the clause) that starts at
 * line:col.  Returns 0, or -1 with the error set. */
static inline int add_literal(reader *rd, sks_cnf *cnf, scan *s, int v,
                              bool neg, long line, long col) {
  if (s->nlits == s->cap) {
    if (s->nlits - s->start > clause_cap(rd, s)) {
      char text[32];
      snprintf(text, sizeof text, "%zu", s->nlits - s->start);
      return fail_at(rd, rd->clause_line, rd->clause_col,
                     "a clause of more than %s literals, four times the "
                     "variables (a clause without its final 0?)",
                     text);
    }
    sks_cnf_reserve(cnf, s->nlits + 1);
    s->lits = cnf->lits;
    s->cap = cnf->cap;
  }
  s->lits[s->nlits++] = neg ? -v : v;
  if (v == 0) {
    s->nclauses++;
    if ((int)(s->nlits - 1 - s->start) > s->maxlen)
      s->maxlen = (int)(s->nlits - 1 - s->start);
    s->start = s->nlits;
    return 0;
  }
  if (s->nlits - 1 == s->start) {
    rd->clause_line = line;
    rd->clause_col = col;
  }
  if (v > s->maxvar) {
    s->maxvar = v;
    if (v > rd->hvars && !rd->warned_var) {
      rd->warned_var = true;
      rd->var_line = line;
      rd->var_col = col;
      rd->var_past = v;
      if (rd->relaxed)
        sks_dimacs_warn(rd->warn, rd->warn_ctx, line, col,
                        "variable %d exceeds the header's %ld variables", v,
                        rd->hvars);
    }
  }
  return 0;
}

/* A literal whose first byte ch ('-' or a digit) was just read, up to and
 * including the byte after it.  Returns 0, or -1 with the error set. */
static inline int literal(reader *rd, sks_cnf *cnf, scan *s, int ch) {
  char buf[16];
  long col = scan_col(s), line = s->line;
  if (!rd->have_header)
    return fail_at(rd, line, col, "clause before the 'p cnf' header%s", "");
  bool neg = ch == '-';
  if (neg && !is_digit(ch = scan_next(s)))
    return fail_at(rd, line, scan_col(s), "expected a digit after '-', got %s",
                   sks_describe_char(ch, buf));
  unsigned long long v = (unsigned)(ch - '0');
  while (is_digit(ch = scan_next(s)))
    if ((v = v * 10 + (unsigned)(ch - '0')) >= INT_MAX)
      break;
  if (v > SKS_MAX_VAR)
    return fail_at(rd, line, col, "literal out of range%s", "");
  if (neg && !v) /* solvers refuse it: a typo, not a clause's end */
    return fail_at(rd, line, col, "'-0' is not a literal%s", "");
  if (ch == '\n') {
    s->line++;
    s->line_start = s->pos;
  } else if (ch == EOF)
    s->pos--; /* seen again by scan_all's next read */
  else if (ch == 'c')
    s->comment = true; /* "0c end": CaDiCaL and Kissat read it so */
  else if (!sks_text_is_space(ch))
    return fail_at(rd, line, scan_col(s), "unexpected %s in a literal",
                   sks_describe_char(ch, buf));
  return add_literal(rd, cnf, s, (int)v, neg, line, col);
}

/* Reads everything: clauses here, other lines by not_a_clause.  Returns 0
 * or -1; cnf->lits holds what was read, maybe with a clause still open,
 * and rd what the scan ends with. */
static int scan_all(reader *rd, sks_cnf *cnf) {
  scan s = {.in = rd->in, .line = 1, .lits = cnf->lits, .cap = cnf->cap};
  s.check_at = rd->deadline > 0 ? CHECK_BYTES : LLONG_MAX;
  int res;
  for (;;) {
    if (s.pos >= s.check_at) {
      s.check_at = s.pos + CHECK_BYTES;
      if (sks_past(rd->deadline)) {
        cnf->cut = true;
        s.nlits = s.start; /* the clause left open goes */
        res = 0;
        break;
      }
    }
    int ch = scan_next(&s);
    if (ch == '-' || is_digit(ch)) {
      if ((res = literal(rd, cnf, &s, ch)) < 0)
        break;
      if (s.comment) {
        s.comment = false;
        save(rd, &s);
        res = not_a_clause(rd, 'c');
        load(rd, &s);
        if (res || rd->cut)
          break;
      }
    } else if (ch == '\n') {
      s.line++;
      s.line_start = s.pos;
    } else if (!sks_text_is_space(ch)) {
      save(rd, &s);
      res = not_a_clause(rd, ch);
      load(rd, &s);
      if (res || rd->cut)
        break;
    }
  }
  if (rd->cut) {
    cnf->cut = true;
    s.nlits = s.start;
    res = 0;
  }
  save(rd, &s);
  cnf->nlits = s.nlits;
  rd->open_start = s.start;
  rd->maxvar = s.maxvar;
  rd->maxlen = s.maxlen;
  rd->nclauses = s.nclauses;
  return res < 0 ? -1 : 0;
}

/* ================================================================== */
/* The end of the input. */

/* What a truncated file looks like (a last clause without its 0, fewer
 * clauses than the header says, a variable past it) is an error, as
 * CaDiCaL and Kissat have it; relaxed, a warning, and the clause is taken
 * as ended.  Returns 0, or -1 with the error set. */
static int check_end(reader *rd, sks_cnf *cnf) {
  size_t nlits = cnf->nlits, start = rd->open_start;
  if (nlits > start) {
    if (!rd->relaxed)
      return fail_at(rd, rd->clause_line, rd->clause_col,
                     "the last clause has no final 0 (a truncated file? "
                     "--relaxed takes it as ended)%s",
                     "");
    sks_dimacs_warn(rd->warn, rd->warn_ctx, rd->clause_line, rd->clause_col,
                    "the last clause has no final 0 (taken as ended)");
    sks_cnf_reserve(cnf, nlits + 1);
    cnf->lits[cnf->nlits++] = 0;
    if ((int)(nlits - start) > rd->maxlen)
      rd->maxlen = (int)(nlits - start);
    rd->nclauses++;
  }
  if (rd->warned_var && !rd->relaxed) {
    char text[64];
    snprintf(text, sizeof text, "%d exceeds the header's %ld", rd->var_past,
             rd->hvars);
    return fail_at(rd, rd->var_line, rd->var_col,
                   "variable %s variables (--relaxed accepts it)", text);
  }
  if (rd->nclauses != rd->hclauses) {
    if (!rd->relaxed) {
      char text[64];
      snprintf(text, sizeof text, "%ld clauses, found %ld", rd->hclauses,
               rd->nclauses);
      return fail_at(rd, rd->hline, 1,
                     "the header says %s (a truncated file? --relaxed "
                     "accepts it)",
                     text);
    }
    sks_dimacs_warn(rd->warn, rd->warn_ctx, rd->hline, 1,
                    "the header says %ld clauses, found %ld", rd->hclauses,
                    rd->nclauses);
  }
  return 0;
}

int sks_dimacs_read(sks_input *in, sks_cnf *cnf, bool relaxed, sks_warn_fn warn,
                    void *warn_ctx, sks_error *err) {
  return sks_dimacs_read_until(in, cnf, relaxed, warn, warn_ctx, 0, err);
}

int sks_dimacs_read_until(sks_input *in, sks_cnf *cnf, bool relaxed,
                          sks_warn_fn warn, void *warn_ctx, double deadline,
                          sks_error *err) {
  sks_require(in && cnf, "in and cnf must be set");
  sks_cnf_clear(cnf);
  reader *rd = sks_malloc(sizeof *rd);
  memset(rd, 0, offsetof(reader, text));
  rd->in = in;
  rd->line = 1;
  rd->warn = warn;
  rd->warn_ctx = warn_ctx;
  rd->err = err;
  rd->relaxed = relaxed;
  rd->deadline = deadline;
  sks_desc_init(&rd->desc, warn, warn_ctx);
  /* A pipe that stalls is given up at the deadline too. */
  if (deadline > 0)
    sks_input_set_deadline(in, deadline);
  int res = scan_all(rd, cnf);
  if (sks_input_timed_out(in)) { /* the input ended at the deadline */
    res = 0;
    cnf->cut = true;
    cnf->nlits = rd->open_start;
  }
  if (res == 0 && !cnf->cut)
    res = check_end(rd, cnf);
  cnf->nvars = rd->maxvar > rd->hvars ? rd->maxvar : (int)rd->hvars;
  cnf->nclauses = rd->nclauses;
  cnf->maxlen = rd->maxlen;
  /* No description from a broken file, nor from a part of one. */
  sks_desc_finish(&rd->desc, res < 0 || cnf->cut ? NULL : cnf);
  free(rd);
  return res;
}
