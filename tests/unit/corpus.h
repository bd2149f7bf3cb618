/* Runs a malformed-input corpus: every DIR/NAME ending in a suffix goes
 * through a function that writes what the code made of it; that text must
 * equal DIR/NAME.expected.  (Include after defining _POSIX_C_SOURCE.) */
#ifndef SKS_CORPUS_H
#define SKS_CORPUS_H

#include "check.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

typedef void (*corpus_fn)(const char *path, char *got, size_t cap, void *ctx);

/* Returns the number of files run. */
static inline int check_corpus(const char *dir, const char *suffix,
                               corpus_fn fn, void *ctx) {
  DIR *dp = opendir(dir);
  CHECK(dp != NULL);
  if (!dp)
    return 0;
  int files = 0;
  size_t slen = strlen(suffix);
  struct dirent *de;
  while ((de = readdir(dp))) {
    size_t len = strlen(de->d_name);
    if (len <= slen || strcmp(de->d_name + len - slen, suffix))
      continue;
    char path[512], expected_path[600], expected[8192] = {0}, got[8192] = {0};
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    snprintf(expected_path, sizeof expected_path, "%s.expected", path);
    FILE *f = fopen(expected_path, "r");
    CHECK(f != NULL);
    if (!f)
      continue;
    expected[fread(expected, 1, sizeof expected - 1, f)] = 0;
    fclose(f);
    fn(path, got, sizeof got, ctx);
    if (strcmp(got, expected))
      fprintf(stderr, "%s: expected\n%sgot\n%s", path, expected, got);
    CHECK(!strcmp(got, expected));
    files++;
  }
  closedir(dp);
  return files;
}

#endif
