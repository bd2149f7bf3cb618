/* OpenSudoku XML where the build has no XML reader (no expat: the
 * WebAssembly module, -DSKS_WITH_EXPAT=OFF).  The form recognises a
 * document as form_xml.c does (form_start.c) and refuses it; the rest
 * of the input is left unread, so that none of the document's lines is
 * read as a puzzle of another form. */
#include "form_int.h"

#include <stdio.h>

static int read_xml(sks_reader *rd, const sks_line_info *li, sks_puzzle **out,
                    sks_error *err) {
  (void)out;
  while (sks_input_getc(rd->in) != EOF)
    ;
  return sks_error_set(
      err, -1, rd->lineno, (long)li->start + 1,
      "an XML document (OpenSudoku): this build reads no XML (it has no "
      "expat: the WebAssembly page): use the command line; the rest of the "
      "input is not read");
}

int sks_form_xml_next(sks_reader *rd, sks_puzzle **out, sks_error *err) {
  (void)rd;
  (void)out;
  (void)err;
  return 0;
}

void sks_form_xml_free(sks_reader *rd) {
  (void)rd;
}

const sks_form sks_form_xml = {.name = "OpenSudoku XML",
                               .long_lines = true,
                               .recognise = sks_form_xml_starts,
                               .read = read_xml};
