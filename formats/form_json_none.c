/* JSON documents where the build has no JSON reader (no jansson: the
 * WebAssembly module, -DSKS_WITH_JANSSON=OFF).  The form recognises a
 * document as form_json.c does (form_start.c) and refuses it; the rest
 * of the input is left unread, so that none of the document's lines is
 * read as a puzzle of another form. */
#include "form_int.h"

#include <stdio.h>

static int read_json(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                     sks_error *err) {
  (void)out;
  while (sks_input_getc(rd->in) != EOF)
    ;
  return sks_error_set(
      err, -1, rd->lineno, (long)li->start + 1,
      "a JSON document (JSON, ipuz, f-puzzles or SudokuPad): this build reads "
      "no JSON (it has no jansson: the WebAssembly page): use the command "
      "line; the rest of the input is not read");
}

int sks_form_json_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  (void)rd;
  (void)out;
  (void)err;
  return 0;
}

void sks_form_json_free(sks_reader *rd) {
  (void)rd;
}

const sks_form sks_form_json = {.name = "JSON",
                                .long_lines = true,
                                .recognise = sks_form_json_starts,
                                .read = read_json};
