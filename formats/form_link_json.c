/* A link's payload read (form_link.c): an f-puzzles one, lz-string
 * compressed JSON (lzstring.c) read as an f-puzzles document
 * (form_fpuzzles.c), or SudokuPad's own (form_sudokupad.c). */
#include "json_int.h"
#include "lzstring_int.h"

#include <stdlib.h>

int sks_link_payload(sks_reader *rd, const char *buf, size_t len, long col,
                     bool pad, sks_error *err) {
  char *text = NULL, why[120];
  size_t n = 0;
  if (pad) {
    json_t *root = sks_sudokupad_decode(buf, len, why, sizeof why);
    int rc;
    if (!root)
      return sks_error_set(err, -1, rd->lineno, col,
                           "the link's SudokuPad puzzle does not decode: %s",
                           why);
    if (!sks_sudokupad_is(root))
      rc = sks_error_set(err, -1, rd->lineno, col,
                         "the link's JSON is no SudokuPad puzzle (\"cells\", "
                         "rows of cell objects)");
    else
      rc = sks_sudokupad_build(rd, root, rd->lineno, col, err);
    json_decref(root);
    return rc;
  }
  int rc = sks_lz_decompress_base64(buf, len, &text, &n, why, sizeof why);
  if (rc)
    return sks_error_set(err, -1, rd->lineno, col,
                         "the link's puzzle does not decode: %s", why);
  json_error_t je;
  json_t *root = json_loadb(text, n, JSON_REJECT_DUPLICATES, &je);
  free(text);
  if (!root)
    return sks_error_set(err, -1, rd->lineno, col,
                         "the link's puzzle is no JSON: %s", je.text);
  if (!json_is_object(root) || !sks_fpuzzles_is(root))
    rc = sks_error_set(err, -1, rd->lineno, col,
                       "the link's JSON is no f-puzzles puzzle (\"size\" and "
                       "a \"grid\" of cell objects)");
  else
    rc = sks_fpuzzles_build(rd, root, rd->lineno, col, err);
  json_decref(root);
  return rc;
}
