/* Private: helpers the library's text readers share. */
#ifndef SKS_TEXT_INT_H
#define SKS_TEXT_INT_H

#include <stddef.h>

/* A byte as an error message names it: "'x'", "end of line", "a space",
 * "byte 0x00", "end of input" (EOF).  buf holds at least 16 bytes. */
const char *sks_describe_char(int ch, char *buf);

/* Grows cnf's literal array to hold need literals (doubling). */
struct sks_cnf;
void sks_cnf_reserve(struct sks_cnf *cnf, size_t need);

#endif
