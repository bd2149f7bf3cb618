/* Private: the bytes of text the library's readers share (the DIMACS
 * reader, the model reader, the puzzle forms, the alphabet parser):
 * white space and how a byte is named in an error message. */
#ifndef SKS_TEXT_INT_H
#define SKS_TEXT_INT_H

#include <stdbool.h>
#include <stddef.h>

/* White space within a line: space, tab, CR, VT, FF (not '\n'). */
static inline bool sks_text_is_space(int ch) {
  return ch == ' ' || (ch >= '\t' && ch <= '\r' && ch != '\n');
}

/* A byte as a message names it: "'x'" when printable, else "byte 0x1B". */
void sks_describe_byte(char *buf, size_t size, int ch);

/* The same where the reader knows more: "end of input" (EOF), "end of
 * line", "a space" (space or tab), else as sks_describe_byte.  buf holds
 * at least 16 bytes. */
const char *sks_describe_char(int ch, char *buf);

#endif
