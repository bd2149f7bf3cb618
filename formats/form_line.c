/* The one-line form: N*N symbols on a line, then optional text that is the
 * puzzle's name (also .sdm files, one puzzle a line). */
#include "form_candidates_int.h"
#include "form_int.h"

#include <string.h>

/* Would the token [s, e), written back, read as a candidates line?  The
 * writer gives every blank the first blank's symbol, so a token that
 * mixes them ('.', '-', '_', '0' unless the alphabet has it) is looked at
 * as it will be written (a puzzle that reads as candidates as it stands
 * never comes here). */
/* A blank of the symbol tables (sks_form_build_table): '0' only when the
 * alphabet does not hold it. */
static bool blank_symbol(char ch, bool zero) {
  return ch == '.' || ch == '-' || ch == '_' || (ch == '0' && zero);
}

static bool written_as_candidates(const sks_reader *rd, size_t s, size_t e,
                                  const char *abc) {
  bool zero = !(abc && strchr(abc, '0'));
  const char *a = rd->line.a;
  char first = 0;
  bool mixed = false;
  for (size_t i = s; i < e; i++)
    if (blank_symbol(a[i], zero)) {
      if (!first)
        first = a[i];
      mixed |= a[i] != first;
    }
  if (!mixed)
    return false;
  char *w = sks_malloc(e - s);
  for (size_t i = s; i < e; i++)
    w[i - s] = blank_symbol(a[i], zero) ? first : a[i];
  bool cand =
      sks_candidates_detect(w, e - s, rd->opt.box_rows * rd->opt.box_cols,
                            abc && !strcmp(abc, "0123456789ABCDEF")) > 0;
  free(w);
  return cand;
}

int sks_form_line_cells(sks_reader *rd, size_t s, size_t e, bool plus,
                        sks_error *err) {
  long len = (long)(e - s);
  if (plus)
    for (size_t i = s; i < e; i++)
      len -= rd->line.a[i] == '+';
  int n;
  if (!sks_form_is_square(len, &n)) {
    /* A control byte is named before the length is judged: it is what
     * is wrong, not the count it spoils. */
    for (size_t i = s; i < e; i++) {
      unsigned char ch = (unsigned char)rd->line.a[i];
      char what[16];
      if (ch >= 0x20 && ch != 0x7f)
        continue;
      sks_describe_byte(what, sizeof what, ch);
      return sks_error_set(err, -1, rd->lineno, (long)i + 1, "unexpected %s",
                           what);
    }
    long lo = (long)n * n, hi = (long)(n + 1) * (n + 1);
    long near = len - lo < hi - len ? lo : hi;
    size_t col = len < near ? e + 1 : s + (size_t)near + 1;
    return sks_error_set(err, -1, rd->lineno, (long)col,
                         "%ld symbols: a one-line puzzle needs a square count "
                         "such as %ld",
                         len, near);
  }
  if (n > SKS_MAX_SYMBOL_N)
    return sks_error_set(err, -1, rd->lineno, (long)s + 1,
                         "%ld symbols: one-line puzzles go up to 35x35 (1225 "
                         "symbols); write larger sizes as numbers",
                         len);
  /* As the one-line form has it: 4x4 and up unless --box asks for a size
   * (sks_form_prepare then checks it): a field of 1, 4 or 9 symbols is no
   * puzzle that reads back; nor is one as long as the alphabet of
   * --symbols, which makes such a line a grid row. */
  /* A field that reads as a candidates line on a line of its own would
   * not be written back as this one-line puzzle (the one-line form never
   * sees one: the candidates row comes first). */
  const char *abc = sks_form_alphabet(rd);
  if (sks_candidates_detect(rd->line.a + s, e - s,
                            rd->opt.box_rows * rd->opt.box_cols,
                            abc && !strcmp(abc, "0123456789ABCDEF")) > 0)
    return sks_error_set(err, -1, rd->lineno, (long)s + 1,
                         "%ld symbols: a candidates line, which is read on a "
                         "line of its own, not in a field",
                         len);
  if (sks_candidates_side(e - s, rd->opt.box_rows * rd->opt.box_cols) &&
      written_as_candidates(rd, s, e, abc))
    return sks_error_set(err, -1, rd->lineno, (long)s + 1,
                         "%ld symbols: written back with one blank symbol "
                         "this %dx%d one-line puzzle would read as a "
                         "candidates line; write it as a grid",
                         len, n, n);
  if (n < 4 && !rd->opt.box_rows)
    return sks_error_set(err, -1, rd->lineno, (long)s + 1,
                         "%ld symbols: a one-line puzzle needs at least 16 "
                         "(4x4)",
                         len);
  if (!rd->opt.box_rows && rd->opt.symbols &&
      (long)strlen(rd->opt.symbols) == len)
    return sks_error_set(err, -1, rd->lineno, (long)s + 1,
                         "%ld symbols: with an alphabet of %ld (--symbols, "
                         "--hex) they are a grid row, not a %dx%d puzzle "
                         "(--box says so)",
                         len, len, n, n);
  if (sks_form_prepare(rd, n, err))
    return -1;
  const char *alpha = sks_form_alphabet(rd);
  sks_form_build_table(rd, n, alpha);
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int *cell = rd->p->cell;
  unsigned seen = 0;
  char blank = rd->blank; /* locals: stores through cell may alias rd */
  for (size_t i = s; i < e; i++) {
    int v = rd->sym[a[i]];
    if (v == SKS_SYM_BAD) {
      if (plus && a[i] == '+' && i + 1 < e && rd->sym[a[i + 1]] >= 0)
        continue; /* HoDoKu's mark of a placed digit */
      if (!plus && sks_form_stray(rd, i)) {
        v = SKS_SYM_BLANK;
      } else {
        rd->blank = blank;
        return sks_form_bad_symbol(rd, i, err);
      }
    }
    if (v == SKS_SYM_BLANK && !blank)
      blank = (char)a[i];
    seen |= rd->sym_class[a[i]];
    *cell++ = v;
  }
  rd->blank = blank;
  rd->seen = seen;
  sks_form_count_stray(rd, s, e);
  if (sks_form_row_seen(rd, 0, s, e, err) || sks_form_stray_end(rd, err))
    return -1;
  if (alpha)
    memcpy(rd->p->look.symbols, alpha, (size_t)n + 1);
  sks_form_settle(rd);
  return 0;
}

/* One-line puzzle: the first token holds the n*n symbols; the rest of the
 * line is the name. */
static int read_one_line(sks_reader *rd, const sks_line_info *li,
                         sks_puzzle **out, sks_error *err) {
  if (sks_form_line_cells(rd, li->start, li->t0end, false, err))
    return -1;
  size_t s = li->t0end;
  while (s < li->end && sks_text_is_space((unsigned char)rd->line.a[s]))
    s++;
  sks_puzzle_set_name(rd->p, rd->line.a + s, li->end - s);
  sks_form_finish(rd, SKS_LAYOUT_LINE, out);
  return 1;
}

/* What read_one_line and sks_form_line_cells do with a plain line, in
 * one pass: no form before the one-line form takes it (none but a CSV
 * table's row takes a token of 81 digits), it is no candidates line (81
 * is no cube's count), its digits need no settling (1-9 only), and the
 * next line, when plain too, starts no region map (a map's rows of a 9x9
 * puzzle have 9 labels). */
int sks_form_line_plain(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  int want = rd->opt.box_rows * rd->opt.box_cols;
  if (rd->no_plain || rd->toolong || rd->csv.fields || sks_form_alphabet(rd) ||
      (want && want != 9) ||
      !((rd->line.id == rd->plain_id && rd->line.n == SKS_PLAIN_LEN) ||
        sks_form_plain_line(rd->line.a, rd->line.n)))
    return 0;
  /* prepare fails before it changes what a second call would see: the
   * general way gives the same error, after the forms it tries. */
  if (sks_form_prepare(rd, 9, err))
    return 0;
  sks_form_build_table(rd, 9, NULL);
  /* a copy the compiler knows the cells do not alias: one vector loop */
  unsigned char a[SKS_PLAIN_LEN];
  memcpy(a, rd->line.a, sizeof a);
  int *cell = rd->p->cell;
  for (int i = 0; i < SKS_PLAIN_LEN; i++) {
    int v = a[i] - '1'; /* '0' and '.' are below '1': blanks */
    cell[i] = v < 0 ? -1 : v;
  }
  int i = 0;
  while (i < SKS_PLAIN_LEN && a[i] > '0')
    i++;
  rd->blank = i < SKS_PLAIN_LEN ? (char)a[i] : 0;
  sks_form_finish(rd, SKS_LAYOUT_LINE, out);
  if (!sks_form_ahead_plain(rd) && sks_form_map(rd, err)) {
    *out = NULL;
    return -1;
  }
  return 1;
}

/* Is the first token a one-line puzzle rather than a grid row?  Only 16
 * and 25 symbols are truly ambiguous (a 4x4 or 5x5 puzzle, or a row of a
 * 16x16 or 25x25 grid): the line is a grid row when it uses a symbol that
 * only the grid knows, else the small puzzle.  Under an alphabet of n
 * symbols, n symbols are a row. */
static bool one_line_form(const sks_reader *rd, const sks_line_info *li) {
  if (li->t0bar || rd->hdr_next == rd->lineno) /* a header's grid row */
    return false;
  long len = (long)(li->t0end - li->start);
  int want = rd->opt.box_rows * rd->opt.box_cols;
  /* No symbol is a comma: such a token is a row of comma fields. */
  if (li->comma && memchr(rd->line.a + li->start, ',', (size_t)len))
    return false;
  if (len > SKS_MAX_SYMBOL_N)
    return true;
  int n;
  if (!sks_form_is_square(len, &n))
    return false;
  if (want == n)
    return true;
  if (want && len == want)
    return false; /* a row of the size asked for */
  /* Another size than --box asks for: read as what it is (its error
   * names its size), a small puzzle or a big grid's row as below. */
  const char *alpha = sks_form_alphabet(rd);
  if (alpha && (long)strlen(alpha) == len)
    return false; /* a row of the alphabet's grid */
  if (len < 16)
    return false;
  if (li->ntok > 1)
    return true;
  /* A symbol only the big grid knows (5-9 or 6-9, a letter E-P or F-Y),
   * or digits and letters both: a row of the big grid.  The small puzzle
   * is in 1-4 (1-5) or, with no digit, in letters A-D (A-E). */
  bool digit = false, letter = false;
  for (size_t i = li->start; i < li->t0end; i++) {
    int ch = (unsigned char)rd->line.a[i];
    int up = ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch;
    if (ch >= '1' && ch <= '9') {
      if (ch > '0' + n)
        return false;
      digit = true;
    } else if (up >= 'A' && up < 'A' + len) { /* past: neither knows it */
      if (up >= 'A' + n)
        return false;
      letter = true;
    }
  }
  return !(digit && letter);
}

/* A line of only '-' is a rule, unless it holds n*n of them (4 <= n <= 35,
 * or the size the options ask for): then it is an empty one-line puzzle. */
bool sks_form_dash_puzzle(const sks_reader *rd, const sks_line_info *li) {
  if (li->ntok != 1 || li->bar || li->plus_eq)
    return false;
  int n, want = rd->opt.box_rows * rd->opt.box_cols;
  if (!sks_form_is_square(li->dashes, &n) || n > SKS_MAX_SYMBOL_N)
    return false;
  return want ? n == want : n >= 4;
}

static bool recognise(sks_reader *rd, const sks_line_info *li) {
  return one_line_form(rd, li);
}

const sks_form sks_form_one_line = {
    .name = "one line", .recognise = recognise, .read = read_one_line};

/* A puzzle bank's line: an id, then a one-line puzzle, then fields such as
 * a rating ("0000183b305c 0500...000  1.2", the Sudoku Exchange bank).
 * The second token is the puzzle when it holds k*k symbols past any grid
 * row's width (k from 7 up) and the first is a word (letters, digits and
 * - _ . # :) that is no puzzle; the other tokens are its name. */
static bool id_line(sks_reader *rd, const sks_line_info *li) {
  if (li->ntok < 2 || li->ntok > 8 || li->t0bar || li->t0end - li->start > 64)
    return false;
  const char *a = rd->line.a;
  for (size_t i = li->start; i < li->t0end; i++) {
    unsigned char ch = (unsigned char)a[i];
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
          (ch >= 'A' && ch <= 'Z') || strchr("-_.#:", ch)))
      return false;
  }
  size_t s = li->t0end, e;
  while (sks_text_is_space((unsigned char)a[s]))
    s++;
  for (e = s; e < li->end && !sks_text_is_space((unsigned char)a[e]); e++)
    if (a[e] == '|' || a[e] == ',')
      return false;
  int n;
  return sks_form_is_square((long)(e - s), &n) && n >= 7 &&
         n <= SKS_MAX_SYMBOL_N;
}

static int read_id_line(sks_reader *rd, const sks_line_info *li,
                        sks_puzzle **out, sks_error *err) {
  const char *a = rd->line.a;
  size_t s = li->t0end, e;
  while (sks_text_is_space((unsigned char)a[s]))
    s++;
  for (e = s; e < li->end && !sks_text_is_space((unsigned char)a[e]); e++)
    ;
  if (sks_form_line_cells(rd, s, e, false, err))
    return -1;
  /* The name: the id, then what follows the puzzle. */
  size_t r = e;
  while (r < li->end && sks_text_is_space((unsigned char)a[r]))
    r++;
  rd->name_buf.n = 0;
  size_t idlen = li->t0end - li->start, rest = li->end - r;
  SKS_STACK_RESERVE(rd->name_buf, idlen + rest + 2);
  memcpy(rd->name_buf.a, a + li->start, idlen);
  rd->name_buf.n = idlen;
  if (rest) {
    rd->name_buf.a[rd->name_buf.n++] = ' ';
    memcpy(rd->name_buf.a + rd->name_buf.n, a + r, rest);
    rd->name_buf.n += rest;
  }
  sks_puzzle_set_name(rd->p, rd->name_buf.a, rd->name_buf.n);
  sks_form_finish(rd, SKS_LAYOUT_LINE, out);
  return 1;
}

const sks_form sks_form_id_line = {
    .name = "id and one line", .recognise = id_line, .read = read_id_line};
