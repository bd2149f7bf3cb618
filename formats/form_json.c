/* JSON puzzle files and ipuz documents, read with jansson (docs/formats.md,
 * "JSON and ipuz").  A line that starts with '{', or with '[' and then
 * what a JSON value starts with, begins a document: its bytes are read
 * from there (a light scan finds where the top-level value closes and
 * where each value up to SKS_JSON_DEPTH deep starts), up to SKS_JSON_LIMIT
 * bytes, and handed to jansson whole; the puzzles found in the tree wait in a
 * queue and are handed out one a call, the line each gives being where
 * its value starts.  The lines after the document are read as any other
 * form. */
#include "input_int.h"
#include "json_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the scan: the document's end and its values' places ---- */

static bool space(int ch) {
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static void value_start(struct sks_json *j) {
  if (j->depth <= SKS_JSON_DEPTH && !j->skip) {
    sks_json_pos p = {(int)j->line, (int)j->col};
    SKS_PUSH(j->pos, p);
  }
}

/* One byte of the document (line ends as '\n'); sets closed at the end of
 * the top-level value.  A line end inside a string ends it (jansson will
 * refuse it), so that the damage of a lost quote stays on its line. */
static void scan(struct sks_json *j, int ch) {
  if (j->in_string) {
    if (j->escape)
      j->escape = false;
    else if (ch == '\\')
      j->escape = true;
    else if (ch == '"' || ch == '\n')
      j->in_string = false;
  } else {
    bool sep = space(ch) || ch == '{' || ch == '[' || ch == '}' || ch == ']' ||
               ch == ',' || ch == ':' || ch == '"';
    if (sep)
      j->scalar = false;
    switch (ch) {
    case '{':
    case '[':
      value_start(j);
      if (j->depth < SKS_JSON_NESTING)
        j->kind[j->depth] = (unsigned char)ch;
      j->depth++;
      j->expect_key = ch == '{';
      break;
    case '}':
    case ']':
      if (j->depth > 0 && --j->depth == 0)
        j->closed = true;
      j->expect_key = false;
      break;
    case ',':
      j->expect_key = j->depth > 0 && j->depth <= SKS_JSON_NESTING &&
                      j->kind[j->depth - 1] == '{';
      break;
    case ':':
      j->expect_key = false;
      break;
    case '"':
      j->in_string = true;
      if (!j->expect_key)
        value_start(j);
      j->expect_key = false;
      break;
    default:
      if (!sep && !j->scalar) {
        j->scalar = true;
        value_start(j);
      }
    }
  }
  if (!j->skip)
    SKS_PUSH(j->text, (char)ch);
  if (ch == '\n')
    j->line++, j->col = 1;
  else
    j->col++;
}

/* The next byte of the input, "\r\n" and a lone '\r' as '\n'. */
static int input_byte(sks_reader *rd) {
  if (rd->eof)
    return EOF;
  int ch = sks_input_next(rd->in);
  if (ch == EOF) {
    rd->eof = true;
    return EOF;
  }
  if (ch == '\r') {
    int next = sks_input_next(rd->in);
    if (next != '\n' && next != EOF)
      sks_input_ungetc(rd->in, next);
    ch = '\n';
  }
  return ch;
}

/* Scans input bytes until the document closes, the input ends or (when
 * storing) the limit is reached: true at the limit. */
static bool scan_input(sks_reader *rd, struct sks_json *j) {
  while (!j->closed) {
    if (!j->skip && j->text.n >= SKS_JSON_LIMIT)
      return true;
    int ch = input_byte(rd);
    if (ch == EOF)
      return false;
    if (j->col == 1) /* a byte after a line end: the next line */
      rd->lineno++;
    scan(j, ch);
  }
  return false;
}

static void place(const struct sks_json *j, size_t pos, long *line, long *col) {
  if (pos < j->pos.n) {
    *line = j->base + j->pos.a[pos].line;
    *col = j->pos.a[pos].col;
  } else {
    *line = j->base;
    *col = 1;
  }
}

/* ---- a puzzle out of the queue ---- */

/* Puts text (len bytes) in the current line's buffer, for the one-line
 * and grid row readers. */
static void set_line(sks_reader *rd, const char *text, size_t len) {
  SKS_STACK_RESERVE(rd->line, len + 1);
  memcpy(rd->line.a, text, len);
  rd->line.n = len;
  rd->line.id = ++rd->line_ids;
}

/* A cell's digit (-1 blank) in *d; charset: an ipuz document's. */
static int cell_value(sks_reader *rd, json_t *v, int n, const char *charset,
                      int *d, char *why, size_t size) {
  v = sks_json_unwrap(v);
  if (json_is_null(v)) {
    *d = -1;
    return 0;
  }
  if (json_is_integer(v)) {
    json_int_t x = json_integer_value(v);
    if (x < 0 || x > n) {
      snprintf(why, size, "digit %lld out of range 1-%d", (long long)x, n);
      return -1;
    }
    *d = (int)x - 1;
    return 0;
  }
  if (json_is_string(v) && json_string_length(v) <= 1) {
    const char *s = json_string_value(v);
    unsigned char ch = (unsigned char)s[0];
    if (!ch) {
      *d = -1;
      return 0;
    }
    if (charset) {
      const char *at = strchr(charset, ch);
      if (!at && ch >= 'a' && ch <= 'z')
        at = strchr(charset, ch - 'a' + 'A');
      if (at) {
        *d = (int)(at - charset);
        return 0;
      }
    }
    int x = n <= SKS_MAX_SYMBOL_N ? rd->sym[ch] : SKS_SYM_BAD;
    if (x == SKS_SYM_BLANK || (x >= 0 && x < n + 26)) {
      if (x >= 0)
        rd->seen |= rd->sym_class[ch];
      *d = x;
      if (x == SKS_SYM_BLANK && !rd->blank)
        rd->blank = (char)ch;
      if (x < n)
        return 0;
    }
    char what[16];
    sks_describe_byte(what, sizeof what, ch);
    snprintf(why, size, "unexpected %s (expected %s)", what,
             charset ? "a symbol of the charset" : "a digit or a blank");
    return -1;
  }
  snprintf(why, size, "%s is no cell (expected a number 0-%d or null)",
           sks_json_type_name(v), n);
  return -1;
}

/* The cells of grid v of kind k and side n into cell (n*n). */
static int number_cells(sks_reader *rd, json_t *v, sks_json_kind k, int n,
                        const char *charset, int *cell, long line, long col,
                        sks_error *err) {
  char why[160];
  const char *key;
  json_t *m;
  int r = 0;
  if (k == SKS_JSON_FLAT) {
    for (int i = 0; i < n * n; i++)
      if (cell_value(rd, json_array_get(v, (size_t)i), n, charset, &cell[i],
                     why, sizeof why))
        return sks_error_set(err, -1, line, col,
                             "cell %d (row %d, column %d): %s", i + 1,
                             i / n + 1, i % n + 1, why);
    return 0;
  }
  if (k == SKS_JSON_OBJECT_ROWS) {
    json_object_foreach(v, key, m) {
      for (int c = 0; c < n; c++)
        if (cell_value(rd, json_array_get(m, (size_t)c), n, charset,
                       &cell[r * n + c], why, sizeof why))
          return sks_error_set(err, -1, line, col,
                               "row %d (\"%.24s\"), column %d: %s", r + 1, key,
                               c + 1, why);
      r++;
    }
    return 0;
  }
  for (r = 0; r < n; r++) {
    json_t *row = json_array_get(v, (size_t)r);
    for (int c = 0; c < n; c++)
      if (cell_value(rd, json_array_get(row, (size_t)c), n, charset,
                     &cell[r * n + c], why, sizeof why))
        return sks_error_set(err, -1, line, col, "row %d, column %d: %s", r + 1,
                             c + 1, why);
  }
  return 0;
}

/* The side of a grid of kind k, or an error. */
static int side(json_t *v, sks_json_kind k, int *n, long line, long col,
                sks_error *err) {
  size_t c =
      k == SKS_JSON_OBJECT_ROWS ? json_object_size(v) : json_array_size(v);
  if (k != SKS_JSON_FLAT) {
    *n = (int)c;
  } else if (!sks_form_is_square((long)c, n)) {
    long lo = (long)*n * *n, hi = (long)(*n + 1) * (*n + 1);
    return sks_error_set(err, -1, line, col,
                         "an array of %ld cells: a puzzle needs a square "
                         "count such as %ld",
                         (long)c, (long)c - lo < hi - (long)c ? lo : hi);
  }
  if (*n < 2 || *n > SKS_MAX_N)
    return sks_error_set(err, -1, line, col,
                         "a %dx%d grid: sizes go from 2x2 to %dx%d", *n, *n,
                         SKS_MAX_N, SKS_MAX_N);
  if (k == SKS_JSON_TEXT_ROWS && *n > SKS_MAX_SYMBOL_N)
    return sks_error_set(err, -1, line, col,
                         "rows of %d symbols: grids go up to %d columns; "
                         "write larger sizes as numbers",
                         *n, SKS_MAX_SYMBOL_N);
  return 0;
}

/* Reads puzzle value v into rd->p. */
static int read_grid(sks_reader *rd, json_t *v, bool ipuz, const char *charset,
                     long line, long col, sks_error *err) {
  sks_json_kind k = sks_json_classify(v, ipuz);
  long saved = rd->lineno;
  int n, r = 0;
  rd->lineno = line;
  if (k == SKS_JSON_STRING) {
    const char *s = json_string_value(v);
    set_line(rd, s, json_string_length(v));
    r = sks_form_line_cells(rd, 0, rd->line.n, false, err);
    if (r && err)
      err->col += col; /* the string's symbols follow its quote */
  } else if (k == SKS_JSON_NONE) {
    r = sks_error_set(err, -1, line, col,
                      "%s that is no puzzle (a puzzle is a string of N*N "
                      "symbols, an array of N*N numbers or N arrays of N)",
                      sks_json_type_name(v));
  } else if (side(v, k, &n, line, col, err) || sks_form_prepare(rd, n, err)) {
    r = -1;
  } else {
    const char *alpha = sks_form_alphabet(rd);
    if (n <= SKS_MAX_SYMBOL_N)
      sks_form_build_table(rd, n, alpha);
    if (k == SKS_JSON_TEXT_ROWS) {
      for (int row = 0; row < n && !r; row++) {
        json_t *e = json_array_get(v, (size_t)row);
        set_line(rd, json_string_value(e), json_string_length(e));
        r = sks_form_parse_symbols(rd, row, 0, rd->line.n, err);
        if (r && err) {
          char msg[sizeof err->msg];
          snprintf(msg, sizeof msg, "%s", err->msg);
          sks_error_set(err, -1, line, col, "row %d: %s", row + 1, msg);
        }
      }
    } else {
      r = number_cells(rd, v, k, n, charset, rd->p->cell, line, col, err);
    }
    if (!r && alpha)
      memcpy(rd->p->look.symbols, alpha, (size_t)n + 1);
    if (!r && n <= SKS_MAX_SYMBOL_N && !charset)
      sks_form_settle(rd);
  }
  rd->lineno = saved;
  if (r && err)
    err->line = line;
  return r ? -1 : 0;
}

/* The solution value v for rd->p into its look.solution. */
static int read_solution(sks_reader *rd, json_t *v, bool ipuz,
                         const char *charset, long line, long col,
                         sks_error *err) {
  int n = rd->p->shape->n;
  sks_presentation *look = &rd->p->look;
  int *sol = sks_form_solution_array(rd);
  sks_json_kind k = sks_json_classify(v, ipuz);
  char blank = rd->blank;
  unsigned seen = rd->seen;
  int r = 0;
  if (k == SKS_JSON_STRING) {
    const char *s = json_string_value(v);
    long len = (long)json_string_length(v);
    if (len != (long)n * n)
      r = sks_error_set(err, -1, line, col,
                        "a solution of %ld symbols, expected %d", len, n * n);
    for (long i = 0; !r && i < len; i++) {
      int d = n <= SKS_MAX_SYMBOL_N ? rd->sym[(unsigned char)s[i]] : -2;
      if (charset && strchr(charset, s[i]))
        d = (int)(strchr(charset, s[i]) - charset);
      if (d < 0 || d >= n)
        r = sks_error_set(err, -1, line, col + 1 + i,
                          d == SKS_SYM_BLANK ? "a blank in the solution"
                                             : "unexpected symbol in the "
                                               "solution");
      else
        sol[i] = d;
    }
  } else {
    int m = 0;
    if (k == SKS_JSON_NONE)
      r = sks_error_set(err, -1, line, col, "a solution that is %s",
                        sks_json_type_name(v));
    else if (!side(v, k, &m, line, col, err) && m != n)
      r = sks_error_set(err, -1, line, col,
                        "a solution of side %d, the puzzle's is %d", m, n);
    else if (m != n)
      r = -1;
    if (!r && k == SKS_JSON_TEXT_ROWS) {
      for (int row = 0; row < n && !r; row++) {
        const char *s = json_string_value(json_array_get(v, (size_t)row));
        for (int c = 0; c < n && !r; c++) {
          int d = rd->sym[(unsigned char)s[c]];
          if (charset && strchr(charset, s[c]))
            d = (int)(strchr(charset, s[c]) - charset);
          if (d < 0 || d >= n)
            r = sks_error_set(err, -1, line, col,
                              "solution row %d, column %d: not a digit",
                              row + 1, c + 1);
          sol[row * n + c] = d;
        }
      }
    } else if (!r) {
      r = number_cells(rd, v, k, n, charset, sol, line, col, err);
      for (int i = 0; !r && i < n * n; i++)
        if (sol[i] < 0)
          r = sks_error_set(err, -1, line, col,
                            "a blank in the solution (cell %d)", i + 1);
    }
  }
  rd->blank = blank;
  rd->seen = seen;
  if (r) {
    free(look->solution);
    look->solution = NULL;
  }
  return r ? -1 : 0;
}

static void set_name(sks_reader *rd, json_t *name) {
  char num[32];
  if (json_is_string(name))
    sks_puzzle_set_name(rd->p, json_string_value(name),
                        json_string_length(name));
  else if (json_is_integer(name)) {
    int len =
        snprintf(num, sizeof num, "%lld", (long long)json_integer_value(name));
    sks_puzzle_set_name(rd->p, num, (size_t)len);
  }
}

/* An ipuz document's charset into look.symbols (uppercase): its
 * symbols are the digits' when they are an alphabet the tool writes. */
static int ipuz_symbols(sks_reader *rd, const char *charset, long line,
                        long col, sks_error *err) {
  int n = rd->p->shape->n;
  char up[SKS_MAX_SYMBOL_N + 1];
  size_t len = strlen(charset);
  if ((int)len != n)
    return sks_error_set(err, -1, line, col,
                         "a charset of %zu symbols for a %dx%d puzzle", len, n,
                         n);
  for (size_t i = 0; i < len; i++)
    up[i] = charset[i] >= 'a' && charset[i] <= 'z'
                ? (char)(charset[i] - 'a' + 'A')
                : charset[i];
  up[len] = 0;
  if (!sks_symbols_valid(up))
    return sks_error_set(err, -1, line, col,
                         "charset \"%.40s\": the symbols sudokusat writes "
                         "are 0-9 and A-Z, each once",
                         charset);
  static const char usual[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  if (sks_form_alphabet(rd) || !memcmp(up, usual, len))
    return 0;
  memcpy(rd->p->look.symbols, up, len + 1);
  return 0;
}

static int give(sks_reader *rd, struct sks_json *j, const sks_json_item *it,
                sks_puzzle **out, sks_error *err) {
  long line, col;
  place(j, it->pos, &line, &col);
  if (!it->puzzle) {
    const char *s = j->msgs.a + it->msg;
    if (it->foreign)
      return sks_form_foreign(rd, err, line, col, "%.*s", (int)it->msg_len, s);
    return sks_error_set(err, -1, line, col, "%.*s", (int)it->msg_len, s);
  }
  if (it->fpuzzles || it->sudokupad) {
    if ((it->fpuzzles ? sks_fpuzzles_build
                      : sks_sudokupad_build)(rd, it->puzzle, line, col, err))
      return -1;
    rd->ruled = false;
    sks_form_finish(rd, SKS_LAYOUT_LINE, out);
    return 1;
  }
  const char *charset = NULL;
  if (it->ipuz) {
    json_t *cs = json_object_get(it->doc, "charset");
    if (cs && !json_is_string(cs))
      return sks_error_set(err, -1, line, col, "a charset that is %s",
                           sks_json_type_name(cs));
    charset = json_string_value(cs);
    if (charset && !*charset)
      charset = NULL;
  }
  if (read_grid(rd, it->puzzle, it->ipuz, charset, line, col, err) ||
      (charset && ipuz_symbols(rd, charset, line, col, err)))
    return -1;
  if (it->solution && !json_is_null(it->solution) &&
      read_solution(rd, it->solution, it->ipuz, charset, line, col, err))
    return -1;
  set_name(rd, it->name);
  rd->p->look.line = line;
  /* Answered on one line, as it reads back: a 2x2 or 3x3 one as a grid
   * (a line of 4 or 9 symbols is a grid row). */
  rd->ruled = false;
  sks_form_finish(rd,
                  it->ipuz              ? SKS_LAYOUT_IPUZ
                  : rd->p->shape->n < 4 ? SKS_LAYOUT_GRID
                                        : SKS_LAYOUT_LINE,
                  out);
  return 1;
}

/* After the document closed in the input: the rest of its line, which
 * may hold only blanks (else the place of the first other byte is kept
 * for an error). */
static void rest_of_line(sks_reader *rd, struct sks_json *j, bool *text,
                         sks_json_pos *at) {
  for (long col = j->col;; col++) {
    int ch = input_byte(rd);
    if (ch == EOF || ch == '\n')
      return;
    if (!space(ch) && !*text) {
      *text = true;
      *at = (sks_json_pos){(int)j->line, (int)col};
    }
  }
}

/* Scans bytes [s, e) of a line buffer; the place of the first byte after
 * the document's end that is no blank, if any. */
static void scan_buffer(struct sks_json *j, const char *a, size_t s, size_t e,
                        bool *text, sks_json_pos *at) {
  size_t i = s;
  while (i < e && !j->closed)
    scan(j, (unsigned char)a[i++]);
  for (long col = j->col; i < e && j->closed && !*text; i++, col++)
    if (!space((unsigned char)a[i])) {
      *text = true;
      *at = (sks_json_pos){(int)j->line, (int)col};
    }
}

/* Reads the document that starts at li->start of the current line: its
 * bytes, then jansson's tree, then the puzzles found in it. */
static int read_json(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                     sks_error *err) {
  struct sks_json *j = rd->json;
  if (!j)
    j = rd->json = sks_calloc(1, sizeof *j);
  json_decref(j->root);
  j->root = NULL;
  j->text.n = j->pos.n = j->q.n = j->head = j->msgs.n = 0;
  j->depth = 0;
  j->in_string = j->escape = j->scalar = j->expect_key = j->closed = false;
  j->skip = false;
  j->line = 0;
  j->col = (long)li->start + 1;
  j->base = rd->lineno;
  bool text = false;
  sks_json_pos at = {0, 0};
  scan_buffer(j, rd->line.a, li->start, rd->line.n, &text, &at);
  if (!j->closed) {
    bool cut = rd->in_cut && !rd->have_ahead;
    if (cut)
      rd->in_cut = false; /* the line goes on in the input */
    else
      scan(j, '\n');
    if (rd->have_ahead && !j->closed) { /* a line looked at ahead */
      rd->have_ahead = false;
      rd->lineno = rd->ahead_lineno;
      j->line = rd->lineno - j->base;
      scan_buffer(j, rd->ahead.a, 0, rd->ahead.n, &text, &at);
      if (!j->closed && rd->in_cut)
        rd->in_cut = false;
      else if (!j->closed)
        scan(j, '\n');
    }
    bool from_input = !j->closed; /* else it closed in the line ahead */
    if (from_input && scan_input(rd, j)) {
      j->skip = true;
      j->text.n = j->pos.n = 0;
      return sks_form_foreign(
          rd, err, j->base, (long)li->start + 1,
          "a JSON document longer than %d bytes (the reader's memory is "
          "bounded): split it, or write its puzzles one a line",
          SKS_JSON_LIMIT);
    }
    if (from_input && j->closed && j->col > 1)
      rest_of_line(rd, j, &text, &at);
  }
  if (!j->closed && sks_input_timed_out(rd->in))
    return 0; /* cut short by the time limit: no error of its own */
  json_error_t e;
  j->root = json_loadb(j->text.a ? j->text.a : "", j->text.n,
                       JSON_REJECT_DUPLICATES, &e);
  if (!j->root) {
    /* jansson's line, and the byte column from its byte position */
    size_t off = e.position > 0 ? (size_t)e.position - 1 : 0;
    if (strstr(e.text, "end of file") || off > j->text.n)
      off = j->text.n; /* an early end: where the text ends */
    long line = 0, start = 0;
    for (size_t k = 0; k < off; k++)
      if (j->text.a[k] == '\n')
        line++, start = (long)k + 1;
    long col = (long)off - start + 1 + (line ? 0 : (long)li->start);
    return sks_form_foreign(rd, err, j->base + line, col, "JSON: %s", e.text);
  }
  if (j->text.cap > 1 << 20)
    SKS_STACK_FREE(j->text);
  sks_json_collect(j);
  if (text) {
    SKS_PUSH(j->pos, at);
    sks_json_queue_error(j, j->pos.n - 1, false,
                         "text after the JSON document");
  }
  return sks_form_json_next(rd, out, err);
}

int sks_form_json_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  struct sks_json *j = rd->json;
  if (j->skip) { /* the rest of a document past the limit */
    scan_input(rd, j);
    j->skip = false;
    if (j->closed && j->col > 1) {
      bool text = false;
      sks_json_pos at;
      rest_of_line(rd, j, &text, &at);
    }
    j->closed = true;
    return 0;
  }
  while (j->head < j->q.n) {
    const sks_json_item *it = &j->q.a[j->head++];
    return give(rd, j, it, out, err);
  }
  json_decref(j->root);
  j->root = NULL;
  j->q.n = j->head = j->msgs.n = 0;
  return 0;
}

void sks_form_json_free(sks_reader *rd) {
  struct sks_json *j = rd->json;
  if (!j)
    return;
  json_decref(j->root);
  SKS_STACK_FREE(j->text);
  SKS_STACK_FREE(j->pos);
  SKS_STACK_FREE(j->q);
  SKS_STACK_FREE(j->msgs);
  free(j);
  rd->json = NULL;
}

const sks_form sks_form_json = {.name = "JSON",
                                .long_lines = true,
                                .recognise = sks_form_json_starts,
                                .read = read_json};
