/* SadMan Software's and SudoCue's .sdk files: header lines #A (author),
 * #D (description), #C, #B, #S, #L, #U before the grid, and optional
 * [Puzzle] / [State] sections.  The grid itself is the grid form's; .sdm
 * files are one-line puzzles. */
#include "form_int.h"

#include <string.h>

/* "#X" with X one of the header letters, then a blank or the line end. */
static bool header(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a + li->start;
  size_t len = li->end - li->start;
  return len >= 2 && a[0] == '#' && a[1] && strchr("ADCBSLU", a[1]) &&
         (len == 2 || sks_text_is_space((unsigned char)a[2]));
}

/* The description names the puzzle; the author does when there is none. */
static int read_header(sks_reader *rd, const sks_line_info *li,
                       sks_puzzle **out, sks_error *err) {
  (void)out, (void)err;
  char tag = rd->line.a[li->start + 1];
  size_t s = li->start + 2;
  while (s < li->end && sks_text_is_space((unsigned char)rd->line.a[s]))
    s++;
  if (s < li->end && (tag == 'D' || (tag == 'A' && !rd->next_name)))
    sks_form_keep_name(rd, s, li->end);
  return 0;
}

const sks_form sks_form_sdk_header = {.name = ".sdk header",
                                      .comments = true,
                                      .recognise = header,
                                      .read = read_header};

/* "[Word]" alone on a line. */
static bool section(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  if (li->ntok != 1 || a[li->start] != '[' || a[li->end - 1] != ']' ||
      li->end - li->start < 3)
    return false;
  for (size_t k = li->start + 1; k + 1 < li->end; k++)
    if (!((a[k] >= 'a' && a[k] <= 'z') || (a[k] >= 'A' && a[k] <= 'Z')))
      return false;
  return true;
}

/* [Puzzle] is followed by the grid; any other section (SudoCue's [State]
 * with the solver's progress) is skipped up to a blank line, the next
 * section or a header line. */
static int read_section(sks_reader *rd, const sks_line_info *li,
                        sks_puzzle **out, sks_error *err) {
  (void)out;
  static const char puzzle[] = "[puzzle]";
  bool is_puzzle = li->end - li->start == sizeof puzzle - 1;
  for (size_t k = 0; is_puzzle && k < sizeof puzzle - 1; k++) {
    char ch = rd->line.a[li->start + k];
    is_puzzle = (ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch) == puzzle[k];
  }
  if (is_puzzle)
    return 0;
  while (sks_form_read_line(rd)) {
    sks_line_info next;
    sks_form_analyze(rd, &next);
    if (rd->toolong)
      continue;
    if (sks_form_is_blank_line(&next))
      return 0;
    if (section(rd, &next) || header(rd, &next)) {
      rd->pending = true;
      return 0;
    }
  }
  return sks_form_input_end(rd, err);
}

const sks_form sks_form_sdk_section = {
    .name = ".sdk section", .recognise = section, .read = read_section};
