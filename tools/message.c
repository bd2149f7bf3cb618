/* The tool's words on stderr and the last check of stdout: every command
 * speaks through these (the library never prints). */
#include "message.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

void app_error(const char *path, const sks_error *err) {
  fputs("sudokusat: ", stderr);
  if (path)
    fprintf(stderr, "%s:", path);
  if (err->line > 0)
    fprintf(stderr, "%ld:", err->line);
  if (err->line > 0 && err->col > 0)
    fprintf(stderr, "%ld:", err->col);
  fprintf(stderr, "%s%s\n", path || err->line > 0 ? " " : "", err->msg);
}

void app_message(const char *fmt, ...) {
  va_list ap;
  fputs("sudokusat: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

int app_check_stdout(int res) {
  if (fflush(stdout) == 0 && !ferror(stdout))
    return res;
  app_message("standard output: write error: %s", strerror(errno));
  return EXIT_INPUT;
}
