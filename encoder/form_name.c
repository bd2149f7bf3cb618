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

static void keep_name(sks_reader *rd, const sks_line_info *li) {
  free(rd->next_name);
  size_t len = li->end - li->start;
  rd->next_name = sks_malloc(len + 1);
  memcpy(rd->next_name, rd->line.a + li->start, len);
  rd->next_name[len] = 0;
}

static int take_name(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                     sks_error *err) {
  (void)out, (void)err;
  keep_name(rd, li);
  return 0;
}

const sks_form sks_form_name = {"name line", name_line, take_name};
