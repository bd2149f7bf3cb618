/* Where a JSON or an XML document begins (form_int.h): the same with or
 * without the libraries that read them, so that a document is recognised
 * as one in every build (and refused where it is not read, never read as
 * another form). */
#include "form_int.h"

#include <string.h>

static bool space(int ch) {
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

/* '{', or '[' and what a JSON value starts with (not "[Puzzle]"), first
 * on the line. */
bool sks_form_json_starts(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a;
  size_t i = li->start, n = rd->line.n;
  if (i >= n || (a[i] != '{' && a[i] != '['))
    return false;
  char open = a[i++];
  while (i < n && space((unsigned char)a[i]))
    i++;
  if (i == n)
    return true;
  char ch = a[i];
  if (open == '{')
    return ch == '"' || ch == '}';
  return ch == '[' || ch == '{' || ch == '"' || ch == ']' || ch == '-' ||
         (ch >= '0' && ch <= '9') ||
         (n - i >= 4 && !memcmp(a + i, "null", 4)) ||
         (n - i >= 4 && !memcmp(a + i, "true", 4)) ||
         (n - i >= 5 && !memcmp(a + i, "false", 5));
}

/* "<?xml" or "<opensudoku" first on the line. */
bool sks_form_xml_starts(sks_reader *rd, const sks_line_info *li) {
  const char *a = rd->line.a + li->start;
  size_t len = rd->line.n - li->start;
  return (len >= 5 && !memcmp(a, "<?xml", 5)) ||
         (len >= 11 && !memcmp(a, "<opensudoku", 11));
}
