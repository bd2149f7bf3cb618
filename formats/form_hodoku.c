/* HoDoKu's library lines, ":TECH:CANDS:PUZZLE:DELETED:ELIMINATIONS:...":
 * the puzzle field is a one-line puzzle where "+d" is a digit placed
 * since (read as a given); the technique and candidate fields name it.
 * The deleted candidates are not read: puzzles hold givens only. */
#include "form_int.h"

#include <string.h>

/* ':' first, and at least three more ':' after it. */
static bool library_line(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  if (a[li->start] != ':')
    return false;
  int colons = 0;
  for (size_t i = li->start + 1; i < li->end && colons < 3; i++)
    colons += a[i] == ':';
  return colons >= 3;
}

static int read_library(sks_reader *rd, const sks_line_info *li,
                        sks_puzzle **out, sks_error *err) {
  const char *a = rd->line.a;
  size_t f[4], k = 0; /* the ':' before TECH, CANDS, PUZZLE and after it */
  for (size_t i = li->start; i < li->end && k < 4; i++)
    if (a[i] == ':')
      f[k++] = i;
  if (sks_form_line_cells(rd, f[2] + 1, f[3], true, err))
    return -1;
  sks_puzzle_set_name(rd->p, a + f[0] + 1, f[2] - f[0] - 1);
  sks_form_finish(rd, SKS_LAYOUT_LINE, out);
  return 1;
}

const sks_form sks_form_hodoku = {.name = "HoDoKu library line",
                                  .recognise = library_line,
                                  .read = read_library};
