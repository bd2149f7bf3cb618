/* Allocation, errors and API-misuse checks shared by all library parts. */
#include "require_int.h"
#include "sks_encoder.h"
#include "stack_int.h"
#include "text_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void out_of_memory(size_t bytes) {
  fprintf(stderr, "sudokusat: out of memory allocating %zu bytes\n", bytes);
  abort();
}

void *sks_malloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    out_of_memory(bytes);
  return p;
}

void *sks_calloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    out_of_memory(count * size);
  return p;
}

void *sks_realloc(void *old, size_t bytes) {
  void *p = realloc(old, bytes ? bytes : 1);
  if (!p)
    out_of_memory(bytes);
  return p;
}

char *sks_strdup(const char *s) {
  size_t len = strlen(s) + 1;
  return memcpy(sks_malloc(len), s, len);
}

void sks_require_fail(const char *func, const char *what) {
  fprintf(stderr, "sudokusat: API misuse in %s: %s\n", func, what);
  abort();
}

int sks_error_set(sks_error *err, int code, long line, long col,
                  const char *fmt, ...) {
  if (err) {
    va_list ap;
    err->line = line;
    err->col = col;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return code;
}

const char *sks_describe_char(int ch, char *buf) {

  if (ch == EOF)
    return "end of input";
  if (ch == '\n')
    return "end of line";
  if (ch == ' ' || ch == '\t')
    return "a space";
  if (ch >= 0x21 && ch < 0x7f)
    snprintf(buf, 16, "'%c'", ch);
  else
    snprintf(buf, 16, "byte 0x%02x", (unsigned)ch & 0xffu);
  return buf;
}
