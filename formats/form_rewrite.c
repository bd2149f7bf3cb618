/* Grid rows that the grid form reads once they are written its way: rows
 * of comma-separated fields (a spreadsheet's export, an empty field a
 * blank) and cells drawn one by one between "+---+---+" lines (a space at
 * a cell's place a blank).  The current line is rewritten as a plain row;
 * error columns are mapped back to the line as it was. */
#include "form_int.h"

#include <string.h>

/* A field of a comma row: empty, a number of up to 3 digits (no leading
 * zero), or one printable symbol. */
static bool comma_field(const char *a, size_t s, size_t e) {
  if (s == e)
    return true;
  unsigned char c0 = (unsigned char)a[s];
  if (e - s == 1)
    return c0 > ' ' && c0 < 0x7f && c0 != '|' && c0 != '"' && c0 != '#';
  if (e - s > 3 || c0 == '0')
    return false;
  for (size_t i = s; i < e; i++)
    if (a[i] < '0' || a[i] > '9')
      return false;
  return true;
}

static void trim(const char *a, size_t *s, size_t *e) {
  while (*s < *e && sks_text_is_space((unsigned char)a[*s]))
    (*s)++;
  while (*e > *s && sks_text_is_space((unsigned char)a[*e - 1]))
    (*e)--;
}

long sks_form_comma_fields(const char *a, size_t n) {
  if (!n || !memchr(a, ',', n)) /* an empty line may have no buffer */
    return 0;
  long fields = 0;
  bool filled = false;
  for (size_t s = 0;; fields++) {
    size_t e = s;
    while (e < n && a[e] != ',')
      e++;
    size_t fs = s, fe = e;
    trim(a, &fs, &fe);
    if (!comma_field(a, fs, fe))
      return 0;
    filled |= fe > fs;
    if (e == n)
      break;
    s = e + 1;
  }
  fields++;
  return fields < 4 || fields > SKS_MAX_N || !filled ? 0 : fields;
}

bool sks_form_comma_row(sks_reader *rd) {
  const char *a = rd->line.a;
  size_t n = rd->line.n;
  long fields = rd->toolong ? 0 : sks_form_comma_fields(a, n);
  if (!fields)
    return false;
  /* The row again, its fields spaced out, an empty one as '.'. */
  rd->rw.buf.n = 0;
  rd->rw.col.n = 0;
  SKS_STACK_RESERVE(rd->rw.buf, 4 * (size_t)fields + 1);
  SKS_STACK_RESERVE(rd->rw.col, 4 * (size_t)fields + 1);
  for (size_t s = 0;;) {
    size_t e = s;
    while (e < n && a[e] != ',')
      e++;
    size_t fs = s, fe = e;
    trim(a, &fs, &fe);
    if (rd->rw.buf.n) {
      rd->rw.col.a[rd->rw.buf.n] = (long)s; /* the comma */
      rd->rw.buf.a[rd->rw.buf.n++] = ' ';
    }
    if (fs == fe) {
      rd->rw.col.a[rd->rw.buf.n] = (long)fs + 1;
      rd->rw.buf.a[rd->rw.buf.n++] = '.';
    }
    for (size_t i = fs; i < fe; i++) {
      rd->rw.col.a[rd->rw.buf.n] = (long)i + 1;
      rd->rw.buf.a[rd->rw.buf.n++] = a[i];
    }
    if (e == n)
      break;
    s = e + 1;
  }
  rd->rw.col.a[rd->rw.buf.n] = (long)n + 1; /* past the end */
  sks_line_buf t = rd->line;
  rd->line = rd->rw.buf;
  rd->rw.buf = t;
  rd->line.id = ++rd->line_ids; /* scanned anew */
  rd->rw.line = rd->lineno;
  rd->rw.commas = true;
  return true;
}

/* "+---+---+---+---+": k segments of one odd width w >= 3 between '+'.
 * Their places are kept for the rows after the line. */
void sks_form_drawn_rule(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  rd->rw.rule_line = 0;
  if (a[li->start] != '+' || li->ntok != 1)
    return;
  size_t step = 0, last = li->start;
  int k = 0;
  for (size_t i = li->start + 1; i < li->end; i++) {
    if (a[i] == '-')
      continue;
    if (a[i] != '+' || (step && i - last != step))
      return;
    step = i - last;
    last = i;
    k++;
  }
  if (k < 4 || k > SKS_MAX_GRID_N || step < 4 || step % 2 ||
      last + 1 != li->end)
    return;
  rd->rw.rule_line = rd->lineno;
  rd->rw.p0 = li->start;
  rd->rw.step = step;
  rd->rw.k = k;
}

bool sks_form_drawn_row(sks_reader *rd, bool first) {
  if (!rd->rw.rule_line || (first && rd->rw.rule_line != rd->lineno - 1))
    return false;
  char *a = rd->line.a;
  size_t n = rd->line.n, p0 = rd->rw.p0, step = rd->rw.step;
  size_t end = p0 + (size_t)rd->rw.k * step; /* the last bar */
  if (rd->toolong || n <= end - step / 2 || a[p0] != '|')
    return false;
  /* Every byte is a space, a bar at a segment's end or a cell at its
   * middle. */
  for (size_t i = 0; i < n; i++) {
    if (sks_text_is_space((unsigned char)a[i]))
      continue;
    if (i < p0 || i > end)
      return false;
    size_t off = (i - p0) % step;
    if (off == 0 ? a[i] != '|' : off != step / 2)
      return false;
  }
  for (int c = 0; c < rd->rw.k; c++) {
    size_t mid = p0 + (size_t)c * step + step / 2;
    if (a[mid] == ' ')
      a[mid] = '.';
  }
  rd->line.id = ++rd->line_ids; /* scanned anew */
  rd->rw.commas = false;
  return true;
}

void sks_form_rewrite_undo(sks_reader *rd) {
  if (!rd->rw.commas || rd->rw.line != rd->lineno)
    return;
  sks_line_buf t = rd->line; /* the one before holds its own id */
  rd->line = rd->rw.buf;
  rd->rw.buf = t;
  rd->rw.commas = false;
}

void sks_form_rewritten_col(const sks_reader *rd, sks_error *err) {
  if (!err || !rd->rw.commas || rd->rw.line != rd->lineno ||
      err->line != rd->lineno || err->col < 1)
    return;
  size_t c = (size_t)err->col - 1;
  err->col = c <= rd->line.n ? rd->rw.col.a[c] : rd->rw.col.a[rd->line.n];
}
