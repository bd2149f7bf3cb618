/* Reader of the exact-cover text format of Knuth's DLX programs: a line
 * naming the items (primary | secondary), then one option a line. */
#include "sks_dlx.h"
#include "stack_int.h"

#include <string.h>

typedef struct reader {
  sks_input *in;
  SKS_STACK(char) line; /* the current line, NUL-terminated */
  long lineno;
  bool eof, toolong;
  /* Item names: an open-addressing table of item numbers (-1 empty). */
  SKS_STACK(char *) names;
  int *table;
  size_t tmask;
} reader;

/* A longer line is an error at once: memory stays bounded on any input
 * (/dev/zero is one endless line). */
enum { XC_LINE_LIMIT = 1 << 26 };

/* Reads the next line into rd->line; false at the end of input, or at a
 * line past XC_LINE_LIMIT (rd->toolong). */
static bool next_line(reader *rd) {
  if (rd->eof)
    return false;
  rd->line.n = 0;
  int ch;
  while ((ch = sks_input_getc(rd->in)) != EOF && ch != '\n') {
    if (rd->line.n == XC_LINE_LIMIT) {
      rd->toolong = rd->eof = true;
      rd->lineno++;
      return false;
    }
    SKS_PUSH(rd->line, (char)ch);
  }
  if (ch == EOF) {
    rd->eof = true;
    if (rd->line.n == 0)
      return false;
  }
  SKS_PUSH(rd->line, '\0');
  rd->line.n--;
  rd->lineno++;
  return true;
}

static bool blank(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* A comment ('|' first) or a blank line. */
static bool skip_line(const char *s) {
  while (blank(*s))
    s++;
  return *s == '\0' || *s == '|';
}

static size_t hash(const char *s, size_t len) {
  size_t h = 2166136261u;
  for (size_t i = 0; i < len; i++)
    h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

/* The item called s[0..len), or -1. */
static int lookup(const reader *rd, const char *s, size_t len) {
  for (size_t h = hash(s, len) & rd->tmask;; h = (h + 1) & rd->tmask) {
    int i = rd->table[h];
    if (i < 0)
      return -1;
    const char *name = rd->names.a[i];
    if (!strncmp(name, s, len) && name[len] == '\0')
      return i;
  }
}

/* Enters item number i (its name already in names) into the table,
 * doubling the table to keep it at most half full. */
static void insert(reader *rd, int i) {
  if (!rd->table || 2 * (size_t)(i + 1) > rd->tmask + 1) {
    size_t size = rd->table ? 2 * (rd->tmask + 1) : 64;
    free(rd->table);
    rd->table = sks_malloc(size * sizeof *rd->table);
    rd->tmask = size - 1;
    for (size_t h = 0; h < size; h++)
      rd->table[h] = -1;
    for (int j = 0; j < i; j++)
      insert(rd, j);
  }
  const char *s = rd->names.a[i];
  size_t h = hash(s, strlen(s)) & rd->tmask;
  while (rd->table[h] >= 0)
    h = (h + 1) & rd->tmask;
  rd->table[h] = i;
}

static int fail(reader *rd, sks_error *err, const char *at, const char *fmt,
                const char *what, int whatlen) {
  char text[64];
  if (whatlen > (int)sizeof text - 4) { /* keep the message readable */
    memcpy(text, what, sizeof text - 4);
    strcpy(text + sizeof text - 4, "...");
  } else {
    memcpy(text, what, (size_t)whatlen);
    text[whatlen] = '\0';
  }
  return sks_error_set(err, -1, rd->lineno, (long)(at - rd->line.a) + 1, fmt,
                       text);
}

/* The item line: names, one '|' before the secondary items. */
static int read_items(reader *rd, int *nprimary, sks_error *err) {
  const char *s = rd->line.a;
  int bar = -1;
  while (*s) {
    if (blank(*s)) {
      s++;
      continue;
    }
    if (*s == '|') {
      if (bar >= 0)
        return fail(rd, err, s, "a second '|' in the item line%s", "", 0);
      bar = (int)rd->names.n;
      s++;
      continue;
    }
    const char *t = s;
    while (*s && !blank(*s) && *s != '|') {
      if (*s == ':')
        return fail(rd, err, s,
                    "':' in item name '%s' (colors are not supported)", t,
                    (int)(s - t));
      if ((unsigned char)*s < 32)
        return fail(rd, err, s, "control character in item name '%s'", t,
                    (int)(s - t));
      s++;
    }
    size_t len = (size_t)(s - t);
    if (rd->table && lookup(rd, t, len) >= 0)
      return fail(rd, err, t, "item '%s' is named twice", t, (int)len);
    if (rd->names.n >= (size_t)(1 << 28))
      return fail(rd, err, t, "too many items%s", "", 0);
    char *name = sks_malloc(len + 1);
    memcpy(name, t, len);
    name[len] = '\0';
    SKS_PUSH(rd->names, name);
    insert(rd, (int)rd->names.n - 1);
  }
  if (rd->names.n == 0)
    return sks_error_set(err, -1, rd->lineno, 1, "no items named");
  *nprimary = bar >= 0 ? bar : (int)rd->names.n;
  return 0;
}

int sks_xc_read(sks_input *in, sks_xc **out, sks_error *err) {
  reader rd;
  memset(&rd, 0, sizeof rd);
  rd.in = in;
  *out = NULL;
  sks_xc *xc = NULL;
  SKS_STACK(int) ostart = {0}, oitem = {0}, stamp = {0};
  SKS_STACK(long) oline = {0};
  int rc = -1, nprimary = 0;

  bool found = false;
  while (!found && next_line(&rd))
    found = !skip_line(rd.line.a);
  if (rd.toolong)
    goto toolong;
  if (!found) {
    if (sks_input_failed(in))
      sks_error_set(err, -1, 0, 0, "read error");
    else
      sks_error_set(err, -1, rd.lineno ? rd.lineno : 1, 0,
                    "no items: the first line must name the items");
    goto done;
  }
  if (strlen(rd.line.a) != rd.line.n) {
    sks_error_set(err, -1, rd.lineno, (long)strlen(rd.line.a) + 1,
                  "NUL byte in the input");
    goto done;
  }
  if (read_items(&rd, &nprimary, err))
    goto done;
  int nitems = (int)rd.names.n;
  xc = sks_calloc(1, sizeof *xc);
  xc->dlx = sks_dlx_new(nprimary, nitems - nprimary);
  xc->nitems = nitems;
  xc->nprimary = nprimary;
  SKS_STACK_RESERVE(stamp, nitems);
  for (int i = 0; i < nitems; i++)
    stamp.a[i] = -1;
  SKS_PUSH(ostart, 0);

  while (next_line(&rd)) {
    const char *s = rd.line.a;
    if (strlen(s) != rd.line.n) {
      sks_error_set(err, -1, rd.lineno, (long)strlen(s) + 1,
                    "NUL byte in the input");
      goto done;
    }
    if (skip_line(s))
      continue;
    size_t first = oitem.n;
    int opt = (int)oline.n;
    while (*s) {
      if (blank(*s)) {
        s++;
        continue;
      }
      const char *t = s;
      while (*s && !blank(*s) && *s != ':' && *s != '|')
        s++;
      if (*s == ':') {
        while (*s && !blank(*s))
          s++;
        fail(&rd, err, t, "colors ('%s') are not supported", t, (int)(s - t));
        goto done;
      }
      if (*s == '|' && s == t) {
        fail(&rd, err, s, "'|' in an option (only the item line has one)%s", "",
             0);
        goto done;
      }
      int i = lookup(&rd, t, (size_t)(s - t));
      if (i < 0) {
        fail(&rd, err, t, "unknown item '%s'", t, (int)(s - t));
        goto done;
      }
      if (stamp.a[i] == opt) {
        fail(&rd, err, t, "item '%s' twice in one option", t, (int)(s - t));
        goto done;
      }
      stamp.a[i] = opt;
      SKS_PUSH(oitem, i);
    }
    if (oitem.n - first > (size_t)1 << 28 || oitem.n > (size_t)1 << 30) {
      sks_error_set(err, -1, rd.lineno, 1, "problem too large");
      goto done;
    }
    sks_dlx_add_option(xc->dlx, oitem.a + first, (int)(oitem.n - first));
    SKS_PUSH(ostart, (int)oitem.n);
    SKS_PUSH(oline, rd.lineno);
  }
  if (rd.toolong) {
  toolong:
    sks_error_set(err, -1, rd.lineno, (long)XC_LINE_LIMIT + 1,
                  "line longer than %d bytes", XC_LINE_LIMIT);
    goto done;
  }
  if (sks_input_failed(in)) {
    sks_error_set(err, -1, rd.lineno, 0, "read error");
    goto done;
  }
  xc->name = rd.names.a;
  rd.names.a = NULL;
  rd.names.n = 0;
  xc->noptions = (int)oline.n;
  xc->ostart = ostart.a;
  xc->oitem = oitem.a ? oitem.a : sks_malloc(sizeof *xc->oitem);
  xc->oline = oline.a ? oline.a : sks_malloc(sizeof *xc->oline);
  ostart.a = oitem.a = NULL;
  oline.a = NULL;
  *out = xc;
  xc = NULL;
  rc = 0;

done:
  sks_xc_delete(xc);
  for (size_t i = 0; i < rd.names.n; i++)
    free(rd.names.a[i]);
  SKS_STACK_FREE(rd.names);
  SKS_STACK_FREE(rd.line);
  free(rd.table);
  SKS_STACK_FREE(ostart);
  SKS_STACK_FREE(oitem);
  SKS_STACK_FREE(oline);
  SKS_STACK_FREE(stamp);
  return rc;
}

void sks_xc_delete(sks_xc *xc) {
  if (!xc)
    return;
  sks_dlx_delete(xc->dlx);
  if (xc->name)
    for (int i = 0; i < xc->nitems; i++)
      free(xc->name[i]);
  free(xc->name);
  free(xc->ostart);
  free(xc->oitem);
  free(xc->oline);
  free(xc);
}
