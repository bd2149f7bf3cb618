/* A link's payload where the build has no JSON reader (no jansson: the
 * WebAssembly module, -DSKS_WITH_JANSSON=OFF): the link is recognised
 * (form_link.c) and refused, never read as another form. */
#include "form_int.h"

int sks_link_payload(sks_reader *rd, const char *buf, size_t len, long col,
                     bool pad, sks_error *err) {
  (void)buf;
  (void)len;
  return sks_error_set(err, -1, rd->lineno, col,
                       "%s link holds a JSON puzzle, and this build reads no "
                       "JSON (it has no jansson: the WebAssembly page): use "
                       "the command line",
                       pad ? "a SudokuPad" : "an f-puzzles or SudokuPad");
}
