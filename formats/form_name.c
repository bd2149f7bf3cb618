/* Name lines: a line such as Project Euler 96's "Grid 01" names the grid
 * or puzzle after it. */
#include "form_int.h"

#include <string.h>

/* A name line before a grid, as Project Euler's "Grid 01": a first word
 * of 2 to 9 letters with a lowercase one among them.  No grid row starts
 * so: letters are symbols only from 10x10 up, where an unspaced row has
 * 10 or more of them and a spaced one single-letter tokens. */
static bool name_line(sks_reader *rd, const sks_line_info *li) {
  size_t len = li->t0end - li->start;
  if (len < 2 || len > 9)
    return false;
  bool lower = false;
  for (size_t k = li->start; k < li->t0end; k++) {
    int ch = (unsigned char)rd->line.a[k];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')))
      return false;
    lower |= ch >= 'a';
  }
  return lower;
}

void sks_form_keep_text(sks_reader *rd, const char *text, size_t len) {
  free(rd->next_name);
  rd->next_name = NULL;
  if (!len)
    return;
  rd->next_name_line = rd->lineno;
  rd->next_name = sks_malloc(len + 1);
  memcpy(rd->next_name, text, len);
  rd->next_name[len] = 0;
}

void sks_form_keep_name(sks_reader *rd, size_t s, size_t e) {
  sks_form_keep_text(rd, rd->line.a + s, e - s);
}

static int take_name(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                     sks_error *err) {
  (void)out, (void)err;
  sks_form_keep_name(rd, li->start, li->end);
  return 0;
}

const sks_form sks_form_name = {
    .name = "name line", .recognise = name_line, .read = take_name};
