/* Known text in puzzle files that is no puzzle (docs/formats.md, "Titles,
 * notes and headers"): a collection's title, a source URL or a line of notes,
 * a puzzle kit's size header ("9 9").  A line is taken for such text only after
 * it failed as the first line of a puzzle, so nothing that reads as a puzzle
 * reads otherwise; the reader skips it and names it in a note. */
#include "form_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sks_form_note(sks_reader *rd, long line, const char *what) {
  if (rd->note)
    rd->note(rd->note_ctx, line, what);
}

int sks_form_foreign(sks_reader *rd, sks_error *err, long line, long col,
                     const char *fmt, ...) {
  char msg[sizeof err->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  rd->foreign = true;
  return sks_error_set(err, -1, line, col, "%s", msg);
}

static bool letter(int ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

/* "9 9", "16 16": two equal numbers of a size past 2x2 (which no grid row
 * of two cells holds). */
static bool size_header(const sks_reader *rd, const sks_line_info *li) {
  if (li->ntok != 2 || !li->numbers || li->maxval < 3 || li->maxval > SKS_MAX_N)
    return false;
  const char *a = rd->line.a;
  size_t s = li->start, e = li->t0end, t = e;
  while (t < li->end && sks_text_is_space((unsigned char)a[t]))
    t++;
  return li->end - t == e - s && !memcmp(a + s, a + t, e - s);
}

/* A first token such as "https://..." or "www.". */
static bool url(const sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a + li->start;
  size_t len = li->t0end - li->start;
  static const char *const prefix[] = {"http://", "https://", "ftp://", "www."};
  for (size_t k = 0; k < sizeof prefix / sizeof *prefix; k++) {
    size_t pl = strlen(prefix[k]);
    bool same = len > pl;
    for (size_t i = 0; same && i < pl; i++)
      same = (a[i] | 0x20) == prefix[k][i] || a[i] == prefix[k][i];
    if (same)
      return true;
  }
  return false;
}

/* Words: a word in capitals and small letters ("Hardest", "Row"), one of
 * 4 letters or more with a small one, or two words of 3 letters or more.
 * A grid row holds one case of letters as single symbols. */
static bool words(const sks_reader *rd, const sks_line_info *li) {
  const unsigned char *a = (const unsigned char *)rd->line.a;
  int long_words = 0;
  for (size_t i = li->start; i < li->end;) {
    if (!letter(a[i])) {
      i++;
      continue;
    }
    size_t s = i;
    bool small = false, mixed = false;
    for (; i < li->end && letter(a[i]); i++) {
      small |= a[i] >= 'a';
      mixed |= i > s && a[i] >= 'a' && a[i - 1] <= 'Z';
    }
    if (mixed || (small && i - s >= 4))
      return true;
    long_words += i - s >= 3;
  }
  return long_words >= 2;
}

const char *sks_form_text_kind(sks_reader *rd, const sks_line_info *li) {
  if (rd->toolong || sks_form_is_blank_line(li))
    return NULL;
  if (size_header(rd, li))
    return "a size header";
  if (url(rd, li))
    return "a URL";
  if (words(rd, li))
    return rd->any_puzzle ? "a note" : "a title";
  return NULL;
}
