/* lz-string's base64 form decoded (formats/lzstring.c): texts compressed
 * by the tests' own compressor (tests/variants/lzcompress.py), a pair a
 * public f-puzzles importer's tests hold ("N4IgHiBcDMC+Q===" is {"x":3}),
 * the start of a real f-puzzles link, and bad texts refused. */
#include "check.h"
#include "lzstring_int.h"

#include <stdlib.h>
#include <string.h>

static void same(const char *in, const char *want) {
  char *out = NULL, why[160] = "";
  size_t n = 0;
  int rc = sks_lz_decompress_base64(in, strlen(in), &out, &n, why, sizeof why);
  CHECK_EQ(rc, 0);
  CHECK(out && !strcmp(out, want) && n == strlen(want));
  if (rc || !out || strcmp(out, want))
    fprintf(stderr, "  '%s': got '%s' (%s), want '%s'\n", in,
            out ? out : "(null)", why, want);
  free(out);
}

static void refused(const char *in, const char *msg) {
  char *out = NULL, why[160] = "";
  size_t n = 0;
  int rc = sks_lz_decompress_base64(in, strlen(in), &out, &n, why, sizeof why);
  CHECK_EQ(rc, -1);
  CHECK(!out && strstr(why, msg));
  if (!strstr(why, msg))
    fprintf(stderr, "  '%s': message '%s'\n", in, why);
  free(out);
}

int main(void) {
  same("N4IgHiBcDMC+Q===", "{\"x\":3}");
  same("Q===", "");
  same("IZA=", "a");
  same("IY18ZXTt/Q==",
       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
       "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  same("IYI17SIo", "abababababababababab");
  same("BYUwNmD2AEoTcrQO6QE5gCZA", "hello hello hello world");
  /* 16-bit literals, a surrogate pair: UTF-8 out. */
  same("MYQwZglwBIwGRYvBuAA9qBTAdgEyA===",
       "caf\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80 end");
  /* The URI-safe alphabet's symbols and a blank for '+' read the same. */
  same("N4IgHiBcDMC Q===", "{\"x\":3}");
  /* A real f-puzzles ?load= payload: a 9x9 JSON document. */
  {
    const char *link = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCIm"
                       "AOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrR"
                       "u2S9R+Yd1nVp/Vdk7r58WK5A";
    char *out = NULL, why[160];
    size_t n;
    CHECK_EQ(
        sks_lz_decompress_base64(link, strlen(link), &out, &n, why, sizeof why),
        0);
    CHECK(out && !strncmp(out, "{\"size\":9,\"grid\":[[", 19));
    CHECK(out && out[n - 1] == '}');
    free(out);
  }
  refused("", "empty");
  refused("N4Ig*iBcDMC+Q===", "no base64 symbol");
  refused("N4IgHiBc", "ends before its end mark");
  refused("////////", "");
  return check_report();
}
