/* Comma-separated puzzles: a CSV table whose header names a puzzle column
 * (Kaggle's "quizzes,solutions"; "id,puzzle,solution,..."), with an
 * optional solution and name column; and the forum's comma-separated
 * lines (the lists headed #!sudoku among them), where the field that is a
 * one-line puzzle is the puzzle, a field of as many digits without a blank
 * its solution, and the other fields its name. */
#include "form_int.h"
#include "require_int.h"

#include <string.h>

/* Splits the current line at commas outside double quotes into
 * rd->fields (pairs of start, end, quotes and outer blanks trimmed). */
static void split(sks_reader *rd) {
  const char *a = rd->line.a;
  size_t n = rd->line.n, i = 0;
  rd->fields.n = 0;
  for (;;) {
    size_t s = i;
    /* The field's end: the next ',' by memchr, unless a '"' comes before
     * it (then byte by byte, a quoted ',' being no end). */
    const char *comma = memchr(a + i, ',', n - i);
    size_t stop = comma ? (size_t)(comma - a) : n;
    if (!memchr(a + i, '"', stop - i)) {
      i = stop;
    } else {
      bool quoted = false;
      for (; i < n && (quoted || a[i] != ','); i++)
        if (a[i] == '"')
          quoted = !quoted;
    }
    size_t e = i;
    while (s < e && sks_text_is_space((unsigned char)a[s]))
      s++;
    while (e > s && sks_text_is_space((unsigned char)a[e - 1]))
      e--;
    if (e - s >= 2 && a[s] == '"' && a[e - 1] == '"')
      s++, e--;
    SKS_PUSH(rd->fields, s);
    SKS_PUSH(rd->fields, e);
    if (i++ >= n)
      break;
  }
}

/* Is field [s, e) one of the names in list (lowercase, '|'-separated)? */
static bool named(const sks_reader *rd, size_t s, size_t e, const char *list) {
  size_t len = e - s;
  for (const char *w = list; *w;) {
    const char *bar = strchr(w, '|');
    size_t wl = bar ? (size_t)(bar - w) : strlen(w);
    bool same = wl == len;
    for (size_t k = 0; same && k < len; k++) {
      char ch = rd->line.a[s + k];
      same = (ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch) == w[k];
    }
    if (same)
      return true;
    w += wl + (bar != NULL);
  }
  return false;
}

static const char PUZZLE_NAMES[] =
    "quizzes|quiz|puzzle|puzzles|sudoku|question|givens|grid";
static const char SOLUTION_NAMES[] = "solutions|solution|answer|answers";
static const char NAME_NAMES[] = "name|id|title";

static bool puzzle_field(const sks_reader *rd, size_t s, size_t e);

/* A column's name: a letter, then letters, digits, '_', '-', '.' or
 * spaces, up to 32 bytes. */
static bool column_name(const sks_reader *rd, size_t s, size_t e) {
  const char *a = rd->line.a;
  if (e <= s || e - s > 32 || !((a[s] | 0x20) >= 'a' && (a[s] | 0x20) <= 'z'))
    return false;
  for (size_t i = s; i < e; i++) {
    char ch = a[i], low = (char)(ch | 0x20);
    if (!((low >= 'a' && low <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' ||
          ch == '-' || ch == '.' || ch == ' '))
      return false;
  }
  return true;
}

/* Does the line hold a comma-separated field that is a one-line puzzle
 * (the row after a header of other names)? */
static bool row_with_puzzle(const sks_reader *rd, const sks_line_info *li,
                            long arg) {
  (void)arg;
  const char *a = rd->line.a;
  if (!li->comma)
    return false;
  for (size_t i = li->start; i <= li->end;) {
    const char *comma = memchr(a + i, ',', li->end - i);
    size_t stop = comma ? (size_t)(comma - a) : li->end, s = i, e = stop;
    while (s < e && (sks_text_is_space((unsigned char)a[s]) || a[s] == '"'))
      s++;
    while (e > s &&
           (sks_text_is_space((unsigned char)a[e - 1]) || a[e - 1] == '"'))
      e--;
    if (puzzle_field(rd, s, e))
      return true;
    i = stop + 1;
  }
  return false;
}

static bool header_fields(sks_reader *rd);

/* A header: comma-separated, one field a puzzle column's name; or every
 * field a column's name and a row with a puzzle field after it (the
 * puzzle column is found on that row). */
static bool header(sks_reader *rd, const sks_line_info *li) {
  char first = rd->line.a[li->start];
  bool word = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z');
  /* A first field left empty: pandas' index column. */
  if (!(word || first == '"' || first == ',') || !li->comma)
    return false; /* rows of digits are not looked at twice */
  return header_fields(rd);
}

static bool header_fields(sks_reader *rd) {
  split(rd);
  rd->csv.found = false;
  bool names = true;
  for (size_t f = 0; f < rd->fields.n; f += 2) {
    size_t s = rd->fields.a[f], e = rd->fields.a[f + 1];
    if (named(rd, s, e, PUZZLE_NAMES))
      return true;
    names &= column_name(rd, s, e) || (!f && s == e);
  }
  if (!names || !sks_form_peek(rd, row_with_puzzle, 0))
    return false;
  split(rd); /* the peek may have split its line */
  rd->csv.found = true;
  return true;
}

static int read_header(sks_reader *rd, const sks_line_info *li,
                       sks_puzzle **out, sks_error *err) {
  (void)li, (void)out, (void)err;
  rd->csv.puzzle = rd->csv.solution = rd->csv.name = -1;
  rd->csv.fields = (int)(rd->fields.n / 2);
  rd->csv.line = rd->lineno;
  for (size_t f = 0; f < rd->fields.n; f += 2) {
    size_t s = rd->fields.a[f], e = rd->fields.a[f + 1];
    int *col = rd->csv.puzzle < 0 && named(rd, s, e, PUZZLE_NAMES)
                   ? &rd->csv.puzzle
               : rd->csv.solution < 0 && named(rd, s, e, SOLUTION_NAMES)
                   ? &rd->csv.solution
               : rd->csv.name < 0 && named(rd, s, e, NAME_NAMES) ? &rd->csv.name
                                                                 : NULL;
    if (col)
      *col = (int)(f / 2);
  }
  if (rd->csv.found)
    rd->csv.puzzle = -2; /* found on the first row */
  sks_form_note(rd, rd->lineno, "a column header");
  return 0;
}

/* A row under a header of other names: its first puzzle field is the
 * puzzle column, the next field as long with no blank (if the header
 * names no solution column) the solution's. */
static int find_columns(sks_reader *rd, sks_error *err) {
  const size_t *f = rd->fields.a;
  size_t nf = rd->fields.n;
  for (size_t j = 0; j < nf && rd->csv.puzzle < 0; j += 2)
    if (puzzle_field(rd, f[j], f[j + 1]))
      rd->csv.puzzle = (int)(j / 2);
  if (rd->csv.puzzle < 0) {
    rd->csv.puzzle = -2;
    return sks_error_set(err, -1, rd->lineno, 1,
                         "no field is a one-line puzzle (the header, line "
                         "%ld, names no puzzle column)",
                         rd->csv.line);
  }
  size_t k = 2 * (size_t)rd->csv.puzzle, len = f[k + 1] - f[k];
  for (size_t j = k + 2; j < nf && rd->csv.solution < 0; j += 2)
    if (f[j + 1] - f[j] == len && rd->csv.name != (int)(j / 2))
      rd->csv.solution = (int)(j / 2);
  return 0;
}

const sks_form sks_form_csv_header = {
    .name = "CSV header", .recognise = header, .read = read_header};

/* Reads field [s, e) as the solution of the puzzle just read. */
static int read_solution(sks_reader *rd, size_t s, size_t e, sks_error *err) {
  int n = rd->p->shape->n;
  if ((long)(e - s) != (long)n * n)
    return sks_error_set(err, -1, rd->lineno, (long)s + 1,
                         "a solution of %ld symbols, expected %d",
                         (long)(e - s), n * n);
  sks_presentation *look = &rd->p->look;
  sks_form_solution_array(rd);
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int *sol = look->solution;
  for (size_t i = s; i < e; i++) {
    int v = rd->sym[a[i]];
    if ((unsigned)v >= (unsigned)n) { /* a blank, bad, or past the size */
      if (v == SKS_SYM_BLANK)
        return sks_error_set(err, -1, rd->lineno, (long)i + 1,
                             "a blank in the solution");
      return sks_form_bad_symbol(rd, i, err);
    }
    sol[i - s] = v;
  }
  return 0;
}

/* A row of the table the last header began; a blank line ends it. */
static bool table_row(sks_reader *rd, const sks_line_info *li) {
  (void)li;
  return rd->csv.fields > 0;
}

static int read_row(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                    sks_error *err) {
  (void)li;
  split(rd);
  int fields = (int)(rd->fields.n / 2);
  if (rd->csv.puzzle == -2 && find_columns(rd, err))
    return -1;
  if (rd->csv.puzzle >= fields)
    return sks_error_set(err, -1, rd->lineno, (long)rd->line.n + 1,
                         "%d field%s, the header (line %ld) has %d", fields,
                         fields == 1 ? "" : "s", rd->csv.line, rd->csv.fields);
  const size_t *f = rd->fields.a;
  int k = rd->csv.puzzle;
  if (sks_form_line_cells(rd, f[2 * k], f[2 * k + 1], false, err))
    return -1;
  k = rd->csv.solution;
  if (k >= 0 && k < fields && f[2 * k] < f[2 * k + 1] &&
      read_solution(rd, f[2 * k], f[2 * k + 1], err))
    return -1;
  k = rd->csv.name;
  if (k >= 0 && k < fields)
    sks_puzzle_set_name(rd->p, rd->line.a + f[2 * k], f[2 * k + 1] - f[2 * k]);
  sks_form_finish(rd, SKS_LAYOUT_LINE, out);
  return 1;
}

const sks_form sks_form_csv_row = {
    .name = "CSV row", .recognise = table_row, .read = read_row};

/* Is [s, e) n*n symbols for some 4 <= n <= 35, none a separator? */
/* The bytes a puzzle field may hold: 0-9 A-Z a-z . _ - */
static const bool field_byte[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1,
    ['7'] = 1, ['8'] = 1, ['9'] = 1, ['.'] = 1, ['_'] = 1, ['-'] = 1, ['A'] = 1,
    ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1,
    ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1,
    ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1,
    ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1,
    ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1,
    ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1,
    ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
    ['y'] = 1, ['z'] = 1};

static bool puzzle_field(const sks_reader *rd, size_t s, size_t e) {
  int n;
  if (!sks_form_is_square((long)(e - s), &n) || n < 4 || n > SKS_MAX_SYMBOL_N)
    return false;
  const unsigned char *a = (const unsigned char *)rd->line.a;
  bool ok = true;
  for (size_t i = s; i < e; i++)
    ok &= field_byte[a[i]];
  return ok;
}

/* A forum line: a field is a one-line puzzle, and the first whitespace
 * token is not one (a one-line puzzle's name may hold commas). */
static bool forum_line(sks_reader *rd, const sks_line_info *li) {
  if (!li->comma || puzzle_field(rd, li->start, li->t0end))
    return false;
  split(rd);
  for (size_t f = 0; f < rd->fields.n; f += 2)
    if (puzzle_field(rd, rd->fields.a[f], rd->fields.a[f + 1])) {
      rd->csv.field = f; /* for read_forum, which comes next */
      return true;
    }
  return false;
}

static int read_forum(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                      sks_error *err) {
  const size_t *f = rd->fields.a;
  size_t nf = rd->fields.n, k = rd->csv.field;
  if (sks_form_line_cells(rd, f[k], f[k + 1], false, err))
    return -1;
  /* A later field of as many symbols and no blank is the solution; the
   * fields around them, as written, the name. */
  size_t sol = nf, len = f[k + 1] - f[k];
  for (size_t j = k + 2; j < nf && sol == nf; j += 2) {
    bool full = f[j + 1] - f[j] == len;
    for (size_t i = f[j]; full && i < f[j + 1]; i++) {
      int v = rd->sym[(unsigned char)rd->line.a[i]];
      full = v >= 0 && v < rd->p->shape->n;
    }
    if (full)
      sol = j;
  }
  if (sol < nf && read_solution(rd, f[sol], f[sol + 1], err))
    return -1;
  rd->name_buf.n = 0;
  for (size_t j = 0; j < nf; j += 2) {
    if (j == k || j == sol)
      continue;
    size_t s = f[j], e = f[j + 1];
    if (rd->name_buf.n) {
      SKS_PUSH(rd->name_buf, ',');
      SKS_PUSH(rd->name_buf, ' ');
    }
    if (e > s) {
      SKS_STACK_RESERVE(rd->name_buf, rd->name_buf.n + (e - s));
      memcpy(rd->name_buf.a + rd->name_buf.n, rd->line.a + s, e - s);
      rd->name_buf.n += e - s;
    }
  }
  sks_puzzle_set_name(rd->p, rd->name_buf.a, rd->name_buf.n);
  (void)li;
  sks_form_finish(rd, SKS_LAYOUT_LINE, out);
  return 1;
}

const sks_form sks_form_forum = {.name = "comma-separated line",
                                 .recognise = forum_line,
                                 .read = read_forum};
