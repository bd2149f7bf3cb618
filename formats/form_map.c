/* A jigsaw's region map in the puzzle file (docs/formats.md, "Region maps"):
 * after a grid or a one-line puzzle of side N, directly or after one blank
 * line, N rows of N labels give the puzzle irregular regions in place of
 * its boxes. */
#include "form_int.h"
#include "require_int.h"

#include <string.h>

enum { LABEL_MAX = 8 }; /* bytes of a label written as a word */

/* A label byte: 1-9 or a letter ('0' is a blank, so never a label). */
static bool label_byte(int ch) {
  return (ch >= '1' && ch <= '9') || (ch >= 'A' && ch <= 'Z') ||
         (ch >= 'a' && ch <= 'z');
}

static bool word_byte(int ch) {
  return label_byte(ch) || ch == '0';
}

/* "regions", "Regions:", "# regions": the map follows, whatever its first
 * row. */
static bool marker_line(const sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  size_t s = li->start, e = li->end;
  if (s < e && a[s] == '#')
    for (s++; s < e && sks_text_is_space((unsigned char)a[s]); s++)
      ;
  if (e > s && a[e - 1] == ':')
    e--;
  static const char word[] = "regions";
  if (e - s != sizeof word - 1)
    return false;
  for (size_t k = 0; k < sizeof word - 1; k++)
    if ((a[s + k] | 0x20) != word[k])
      return false;
  return true;
}

/* The labels of one row: an unspaced word of n label bytes (one token),
 * or n whitespace-separated words.  Each label goes into key[] (packed
 * bytes) and col[] (its 1-based column); returns the count of labels (up
 * to max kept), or -1 with *bad the column of a byte that is no label
 * (*toolong when a word is past LABEL_MAX bytes). */
static long row_labels(const sks_reader *rd, const sks_line_info *li,
                       unsigned long long *key, long *col, long max, long *bad,
                       bool *toolong) {
  const unsigned char *a = (const unsigned char *)rd->line.a;
  long k = 0;
  *toolong = false;
  if (li->ntok == 1) { /* unspaced: a byte a label */
    for (size_t i = li->start; i < li->end; i++, k++) {
      if (!label_byte(a[i])) {
        *bad = (long)i + 1;
        return -1;
      }
      if (k < max)
        key[k] = a[i], col[k] = (long)i + 1;
    }
    return k;
  }
  size_t i = li->start;
  while (i < li->end) {
    size_t t = i;
    unsigned long long v = 0;
    for (; i < li->end && !sks_text_is_space(a[i]); i++) {
      if (!(i == t ? label_byte(a[i]) : word_byte(a[i]))) {
        *bad = (long)i + 1;
        return -1;
      }
      if (i - t == LABEL_MAX) {
        *bad = (long)t + 1;
        *toolong = true;
        return -1;
      }
      v = v << 8 | a[i];
    }
    if (k < max)
      key[k] = v, col[k] = (long)t + 1;
    k++;
    while (i < li->end && sks_text_is_space(a[i]))
      i++;
  }
  return k;
}

/* The first row of a map: a marker line, or n labels of which one
 * repeats (a row of n distinct symbols and no blank is rather the first
 * row of a solution), and no name line. */
static bool map_start(const sks_reader *rd, const sks_line_info *li, long n) {
  if (sks_form_is_blank_line(li))
    return false;
  if (marker_line(rd, li))
    return true;
  if (sks_form_is_comment(rd, li) || (li->ntok != 1 && li->ntok != n) ||
      (li->ntok == 1 && (long)(li->end - li->start) != n) || n < 2)
    return false;
  /* name_line reads the line only. */
  if (sks_form_name.recognise((sks_reader *)rd, li))
    return false;
  unsigned long long key[SKS_MAX_N];
  long col[SKS_MAX_N], bad;
  bool toolong;
  if (row_labels(rd, li, key, col, n, &bad, &toolong) != n)
    return false;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < i; j++)
      if (key[i] == key[j])
        return true;
  return false;
}

static bool blank_line(const sks_reader *rd, const sks_line_info *li, long n) {
  (void)rd, (void)n;
  return sks_form_is_blank_line(li);
}

/* A label as text, for messages. */
static void show_label(char *buf, unsigned long long key) {
  char t[LABEL_MAX + 1];
  int k = 0;
  for (int s = 56; s >= 0; s -= 8)
    if ((key >> s) & 0xFF)
      t[k++] = (char)((key >> s) & 0xFF);
  t[k] = 0;
  snprintf(buf, LABEL_MAX + 3, "'%s'", t);
}

/* The map being read. */
typedef struct map_state {
  int n, nlabels;
  int *map;                 /* n*n region ids, in reading order */
  unsigned long long *keys; /* the labels, by id */
  int *count;               /* cells of each region so far */
  unsigned long long *row_key;
  long *row_col;
} map_state;

/* Row `row` of the map from the current line. */
static int map_row(sks_reader *rd, const sks_line_info *li, map_state *st,
                   int row, sks_error *err) {
  int n = st->n;
  long bad;
  bool toolong;
  long k = row_labels(rd, li, st->row_key, st->row_col, n, &bad, &toolong);
  if (k < 0 && toolong)
    return sks_error_set(err, -1, rd->lineno, bad,
                         "a region label of more than %d bytes", LABEL_MAX);
  if (k < 0) {
    char what[16];
    sks_describe_byte(what, sizeof what, (unsigned char)rd->line.a[bad - 1]);
    return sks_error_set(err, -1, rd->lineno, bad,
                         "unexpected %s in a region map (expected a label: "
                         "1-9, a letter or a number)",
                         what);
  }
  if (k != n) {
    long col = (long)li->end + 1;
    if (k > n)
      col = li->ntok == 1 ? (long)li->start + n + 1 : st->row_col[n - 1] + 1;
    if (k > n && li->ntok != 1) { /* the first extra word */
      const char *a = rd->line.a;
      size_t i = (size_t)st->row_col[n - 1] - 1;
      while (!sks_text_is_space((unsigned char)a[i]))
        i++;
      while (sks_text_is_space((unsigned char)a[i]))
        i++;
      col = (long)i + 1;
    }
    return sks_error_set(err, -1, rd->lineno, col,
                         "region map row %d has %ld labels, expected %d",
                         row + 1, k, n);
  }
  for (int c = 0; c < n; c++) {
    unsigned long long key = st->row_key[c];
    int id = 0;
    while (id < st->nlabels && st->keys[id] != key)
      id++;
    char what[LABEL_MAX + 3];
    show_label(what, key);
    if (id == st->nlabels) {
      if (id == n)
        return sks_error_set(err, -1, rd->lineno, st->row_col[c],
                             "region map has a label %s past its %d (a %dx%d "
                             "map has %d regions)",
                             what, n, n, n, n);
      st->keys[st->nlabels++] = key;
    }
    if (++st->count[id] > n)
      return sks_error_set(err, -1, rd->lineno, st->row_col[c],
                           "region %s has more than %d cells", what, n);
    st->map[row * n + c] = id;
  }
  return 0;
}

/* Gives rd->p shape (a new reference, or NULL: err at line:col), the
 * reader's last mapped shape kept while it stays the same. */
static int give_shape(sks_reader *rd, const sks_shape *shape, long line,
                      long col, sks_error *err) {
  if (!shape) {
    if (err)
      err->line = line, err->col = col;
    return -1;
  }
  if (rd->map_shape && sks_shape_same(rd->map_shape, shape)) {
    sks_shape_release(shape);
    shape = sks_shape_retain(rd->map_shape);
  } else {
    sks_shape_release(rd->map_shape);
    rd->map_shape = sks_shape_retain(shape);
  }
  sks_shape_release(rd->p->shape);
  rd->p->shape = shape;
  rd->p_mapped = true;
  return 0;
}

/* Gives rd->p the shape of the map read (one shape while the map stays
 * the same). */
int sks_form_attach_map(sks_reader *rd, const int *map, long line,
                        sks_error *err) {
  const sks_shape *s = rd->p->shape;
  return give_shape(rd,
                    sks_shape_new(s->box_rows, s->box_cols,
                                  rd->opt.variants | SKS_VARIANT_JIGSAW, map,
                                  err),
                    line, 1, err);
}

/* Gives rd->p the shape of a grid without boxes: boxes one row tall,
 * which are the rows (the shape a side with no other box has, such as
 * 7); a puzzle whose regions are already a map keeps them. */
int sks_form_no_boxes(sks_reader *rd, long line, long col, sks_error *err) {
  const sks_shape *s = rd->p->shape;
  if (s->jigsaw || s->box_rows == 1)
    return 0;
  return give_shape(rd, sks_shape_new(1, s->n, s->variants, NULL, err), line,
                    col, err);
}

int sks_form_box_of(const sks_shape *s, int cell) {
  if (s->jigsaw)
    return s->jigsaw[cell];
  int n = s->n;
  return (cell / n / s->box_rows) * (n / s->box_cols) +
         (cell % n) / s->box_cols;
}

size_t sks_form_region_sums(const sks_shape *s, const int *line, size_t k,
                            int **cells, size_t **at) {
  /* the segments: seg[i] the index of segment i's first cell */
  size_t *seg = sks_malloc((k + 1) * sizeof *seg), nseg = 0;
  for (size_t i = 0; i < k; i++)
    if (!i || sks_form_box_of(s, line[i]) != sks_form_box_of(s, line[i - 1]))
      seg[nseg++] = i;
  seg[nseg] = k;
  bool twice = false;
  for (size_t i = 0; i < nseg; i++)
    for (size_t j = 0; j < i; j++)
      twice |=
          sks_form_box_of(s, line[seg[i]]) == sks_form_box_of(s, line[seg[j]]);
  /* mate[j]: the segment j pairs with (j itself: none) */
  size_t *mate = sks_malloc((nseg + 1) * sizeof *mate), total = 0, nr = 0;
  for (size_t j = 1; twice && j < nseg; j++) {
    mate[j] =
        sks_form_box_of(s, line[seg[j]]) != sks_form_box_of(s, line[0]) ? 0 : 1;
    if (mate[j] != j)
      total += seg[mate[j] + 1] - seg[mate[j]] + seg[j + 1] - seg[j], nr++;
  }
  if (!twice)
    total = k, nr = 1;
  int *c = *cells = sks_malloc((total ? total : 1) * sizeof *c);
  size_t *a = *at = sks_malloc((nr + 1) * sizeof *a), n = 0, r = 0;
  a[0] = 0;
  if (!twice) {
    for (size_t i = 0; i < k; i++)
      c[n++] = line[i];
    a[++r] = n;
  }
  for (size_t j = 1; twice && j < nseg; j++) {
    if (mate[j] == j)
      continue; /* the second segment, in the first's box */
    for (size_t i = seg[mate[j]]; i < seg[mate[j] + 1]; i++)
      c[n++] = line[i];
    for (size_t i = seg[j]; i < seg[j + 1]; i++)
      c[n++] = line[i];
    a[++r] = n;
  }
  free(mate);
  free(seg);
  return nr;
}

int sks_form_map(sks_reader *rd, sks_error *err) {
  if (rd->pending) {
    /* The form before read one line too many (a 2x2 or 3x3 grid ends
     * where the column form's run does): that line becomes the one read
     * ahead, so the look-ahead below sees it. */
    if (rd->have_ahead)
      return 0;
    sks_line_buf t = rd->ahead;
    rd->ahead = rd->line;
    rd->line = t;
    rd->line.n = 0;
    rd->ahead_lineno = rd->lineno;
    rd->ahead_toolong = rd->toolong;
    rd->have_ahead = true;
    rd->pending = false;
    rd->lineno--;
  }
  int n = rd->p->shape->n;
  if (sks_form_peek(rd, blank_line, n)) {
    sks_form_read_line(rd); /* one blank line may come between */
    rd->rule_seen = false;
    rd->csv.fields = 0;
  }
  if (!sks_form_peek(rd, map_start, n))
    return 0;
  map_state st = {.n = n};
  st.map = sks_malloc((size_t)n * n * sizeof *st.map);
  st.keys = sks_malloc((size_t)n * sizeof *st.keys);
  st.count = sks_calloc((size_t)n, sizeof *st.count);
  st.row_key = sks_malloc((size_t)n * sizeof *st.row_key);
  st.row_col = sks_malloc((size_t)n * sizeof *st.row_col);
  int rc = 0, row = 0;
  long first = 0;
  sks_error e0;
  sks_error *e = err ? err : &e0;
  /* Every row is read, also after an error, so reading goes on after the
   * map; the first error is the one reported. */
  while (row < n) {
    if (!sks_form_read_line(rd)) {
      if (!rc)
        rc = sks_error_set(e, -1, rd->lineno + 1, 1,
                           "region map ended after %d of %d rows", row, n);
      break;
    }
    sks_line_info li;
    sks_form_analyze(rd, &li);
    if (!first) {
      first = rd->lineno;
      if (!rd->toolong && marker_line(rd, &li))
        continue;
    }
    if (rd->toolong) {
      if (!rc)
        rc = sks_error_set(e, -1, rd->lineno, SKS_LINE_LIMIT + 1,
                           "line longer than %d bytes", SKS_LINE_LIMIT);
      row++;
      continue;
    }
    if (sks_form_is_comment(rd, &li))
      continue;
    if (sks_form_is_blank_line(&li)) {
      if (!rc)
        rc = sks_error_set(e, -1, rd->lineno, 1,
                           "region map ended after %d of %d rows", row, n);
      break;
    }
    if (!rc && map_row(rd, &li, &st, row, e))
      rc = -1;
    row++;
  }
  if (!rc)
    rc = sks_form_attach_map(rd, st.map, first, e);
  free(st.map);
  free(st.keys);
  free(st.count);
  free(st.row_key);
  free(st.row_col);
  return rc;
}

/* Does the line after the map start a puzzle of side n: a grid row, or a
 * one-line puzzle? */
static bool puzzle_start(const sks_reader *rd, const sks_line_info *li,
                         long n) {
  (void)rd;
  return li->cells == n || (sks_form_numbers_row(li) && li->ntok == n) ||
         (long)(li->t0end - li->start) == n * n;
}

/* Are the puzzle's cells a region map's labels: n labels (a blank, such
 * as a '0' label, counted as one), each on n cells that hang together,
 * and some row repeating one?  Most puzzles stop at their (n+1)th
 * blank. */
static bool map_cells(const sks_puzzle *p) {
  int n = p->shape->n;
  const int *cell = p->cell;
  long blanks = 0;
  for (long i = 0; i < (long)n * n; i++)
    if (cell[i] < 0 && ++blanks > n)
      return false;
  int *count = sks_calloc((size_t)n + 1, sizeof *count);
  bool ok = true, repeat = false;
  for (long i = 0; i < (long)n * n; i++)
    count[cell[i] + 1]++;
  int labels = 0;
  for (int v = 0; ok && v <= n; v++) {
    labels += count[v] > 0;
    ok = !count[v] || count[v] == n;
  }
  ok &= labels == n;
  for (int r = 0; ok && !repeat && r < n; r++) {
    memset(count, 0, ((size_t)n + 1) * sizeof *count);
    for (int c = 0; !repeat && c < n; c++)
      repeat = count[cell[r * n + c] + 1]++ > 0;
  }
  free(count);
  if (!ok || !repeat)
    return false;
  /* Each label's cells hang together (four neighbours). */
  long cells = (long)n * n;
  long *queue = sks_malloc((size_t)cells * sizeof *queue);
  bool *seen = sks_calloc((size_t)cells, sizeof *seen);
  int regions = 0;
  for (long i = 0; i < cells; i++) {
    if (seen[i])
      continue;
    regions++;
    long head = 0, tail = 0;
    queue[tail++] = i;
    seen[i] = true;
    while (head < tail) {
      long k = queue[head++];
      long r = k / n, c = k % n;
      long next[4] = {r > 0 ? k - n : -1, r < n - 1 ? k + n : -1,
                      c > 0 ? k - 1 : -1, c < n - 1 ? k + 1 : -1};
      for (int j = 0; j < 4; j++)
        if (next[j] >= 0 && !seen[next[j]] && cell[next[j]] == cell[k]) {
          seen[next[j]] = true;
          queue[tail++] = next[j];
        }
    }
  }
  free(queue);
  free(seen);
  return regions == n;
}

int sks_form_map_first(sks_reader *rd, sks_error *err) {
  const sks_puzzle *p = rd->p;
  int n = p->shape->n;
  /* A blank other than '0' (a label a map may have) is no map's. */
  if (n < 4 || rd->pending || (rd->blank && rd->blank != '0') || !map_cells(p))
    return 0;
  if (sks_form_peek(rd, blank_line, n)) {
    sks_form_read_line(rd); /* one blank line may come between */
    rd->rule_seen = false;
    rd->csv.fields = 0;
  }
  if (!sks_form_peek(rd, puzzle_start, n))
    return 0;
  rd->drop_next = true;
  return sks_form_foreign(
      rd, err, p->look.line, 1,
      "a jigsaw region map before its puzzle (%d labels, each on %d cells "
      "that hang together): give the map with --variant jigsaw=MAP or "
      "after the puzzle (docs/formats.md, \"Region maps\"); neither is "
      "answered",
      n, n);
}
