/* Links that carry a puzzle (docs/formats.md, "f-puzzles and SudokuPad"):
 * an f-puzzles link (f-puzzles.com/?load=...) and a SudokuPad one
 * (sudokupad.app/fpuzzles... or fpuz..., crackingthecryptic.com/sudoku/
 * ?puzzle=fpuzzles...) hold the f-puzzles JSON, lz-string compressed
 * (lzstring.c), read as an f-puzzles document (form_fpuzzles.c);
 * SudokuPad's own forms (sudokupad.app/scl..., /ctc...) hold its JSON,
 * read by form_sudokupad.c.  Links whose puzzle is on a server
 * (f-puzzles' ?id=, SudokuPad's short ids) and SudokuPad's packed
 * classic form (scf) are refused with a message saying what to do.  The
 * payload's JSON is read in form_link_json.c (form_link_none.c in a
 * build without jansson). */
#include "form_int.h"

#include <stdlib.h>
#include <string.h>

static const char *const HOSTS[] = {
    "f-puzzles.com", "sudokupad.app", "beta.sudokupad.app",
    "crackingthecryptic.com", "app.crackingthecryptic.com"};

/* Is [s, e) prefix p, in any case?  Then *s moves past it. */
static bool eat(const char **s, const char *e, const char *p) {
  size_t n = strlen(p);
  if ((size_t)(e - *s) < n)
    return false;
  for (size_t i = 0; i < n; i++)
    if (((*s)[i] | 0x20) != p[i] && (*s)[i] != p[i])
      return false;
  *s += n;
  return true;
}

/* The host's index in HOSTS, the rest of the link after it in *rest, or
 * -1. */
static int host_of(const char *s, const char *e, const char **rest) {
  if (!eat(&s, e, "https://"))
    eat(&s, e, "http://");
  eat(&s, e, "www.");
  for (size_t h = 0; h < sizeof HOSTS / sizeof *HOSTS; h++) {
    const char *t = s;
    if (eat(&t, e, HOSTS[h]) && (t == e || *t == '/' || *t == '?')) {
      *rest = t;
      return (int)h;
    }
  }
  return -1;
}

static bool recognise(sks_reader *rd, const sks_line_info *li) {
  const char *rest;
  return host_of(rd->line.a + li->start, rd->line.a + li->t0end, &rest) >= 0;
}

/* [s, e)'s value of query parameter name ("load="), or NULL. */
static const char *param(const char *s, const char *e, const char *name,
                         const char **end) {
  size_t n = strlen(name);
  for (const char *p = s; p + n <= e; p++)
    if ((p[-1] == '?' || p[-1] == '&') && !memcmp(p, name, n)) {
      const char *v = p + n, *t = v;
      while (t < e && *t != '&' && *t != '#')
        t++;
      *end = t;
      return v;
    }
  return NULL;
}

static int hex(int ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  ch |= 0x20;
  return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

/* The payload [s, e) (percent escapes undone) read into a puzzle: an
 * f-puzzles one, or SudokuPad's own (pad). */
static int read_payload(sks_reader *rd, const char *s, const char *e, long col,
                        bool pad, sks_error *err) {
  size_t len = 0;
  char *buf = sks_malloc((size_t)(e - s) + 1);
  for (const char *p = s; p < e; p++) {
    if (*p == '%' && e - p >= 3 && hex(p[1]) >= 0 && hex(p[2]) >= 0) {
      buf[len++] = (char)(hex(p[1]) * 16 + hex(p[2]));
      p += 2;
    } else
      buf[len++] = *p;
  }
  int rc = sks_link_payload(rd, buf, len, col, pad, err);
  free(buf);
  return rc;
}

static int read_link(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                     sks_error *err) {
  const char *s = rd->line.a + li->start, *e = rd->line.a + li->t0end, *rest;
  long col = (long)li->start + 1;
  int h = host_of(s, e, &rest);
  const char *v, *ve;
  int rc;
  if (h == 0) { /* f-puzzles */
    if ((v = param(rest, e, "load=", &ve)))
      rc = read_payload(rd, v, ve, col + (v - s), false, err);
    else if (param(rest, e, "id=", &ve))
      return sks_form_foreign(
          rd, err, rd->lineno, col,
          "an f-puzzles short link (?id=): its puzzle is on f-puzzles' "
          "server; open it and copy the long link (?load=...)");
    else
      return sks_form_foreign(rd, err, rd->lineno, col,
                              "an f-puzzles link with no puzzle in it "
                              "(?load=...)");
  } else {
    /* SudokuPad: /PAYLOAD, /sudoku/PAYLOAD, ?puzzle=PAYLOAD or
     * ?puzzleid=PAYLOAD. */
    if ((v = param(rest, e, "puzzle=", &ve)) == NULL &&
        (v = param(rest, e, "puzzleid=", &ve)) == NULL) {
      v = rest;
      eat(&v, e, "/");
      eat(&v, e, "sudoku/");
      ve = v;
      while (ve < e && *ve != '?' && *ve != '#')
        ve++;
    }
    const char *p = v;
    /* fpuz is SudokuPad's own prefix for the f-puzzles form, fpuzzles
     * its alias */
    if (eat(&p, ve, "fpuzzles") || eat(&p, ve, "fpuz"))
      rc = read_payload(rd, p, ve, col + (p - s), false, err);
    else if (eat(&p, ve, "scl") || eat(&p, ve, "ctc"))
      rc = read_payload(rd, p, ve, col + (p - s), true, err);
    else if (eat(&p, ve, "scf"))
      return sks_form_foreign(
          rd, err, rd->lineno, col,
          "a SudokuPad puzzle in its packed classic form (scf...), which "
          "sudokusat does not read; open it and copy its givens, or a "
          "long link of another form (scl..., ctc..., fpuzzles...)");
    else if (v == ve)
      return sks_form_foreign(rd, err, rd->lineno, col,
                              "a SudokuPad link with no puzzle in it");
    else
      return sks_form_foreign(
          rd, err, rd->lineno, col,
          "a short link: its puzzle is on SudokuPad's server; open it "
          "and copy the long link");
  }
  if (rc)
    return -1;
  /* Words after the link name the puzzle when it has no title. */
  if (li->ntok > 1 && !rd->p->look.name) {
    size_t t = li->t0end;
    while (t < li->end && (rd->line.a[t] == ' ' || rd->line.a[t] == '\t'))
      t++;
    sks_puzzle_set_name(rd->p, rd->line.a + t, li->end - t);
  }
  rd->ruled = false;
  sks_form_finish(rd, SKS_LAYOUT_LINE, out);
  return 1;
}

const sks_form sks_form_link = {
    .name = "link", .recognise = recognise, .read = read_link};
