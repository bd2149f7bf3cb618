/* Reading DRAT proofs, text or binary, line by line into the checker
 * (checker/drat.c): the bytes' rules and their errors live here. */
#include "drat_int.h"
#include "sks_checker.h"
#include "stack_int.h"

/* The line being read, and where it goes. */
typedef struct reader {
  SKS_STACK(int) lits;
  sks_drat_line_fn *fn;
  void *ctx;
  bool stopped; /* the checker needs no more */
} reader;

/* Hands the line over: false to stop (done, or an error in why). */
static bool hand(reader *r, bool deletion, long long number, size_t offset,
                 sks_error *why, bool *failed) {
  int res = r->fn(r->ctx, r->lits.a, r->lits.n, deletion, number, offset, why);
  r->lits.n = 0;
  if (res < 0)
    *failed = true;
  if (res == 0)
    r->stopped = true;
  return res > 0;
}

/* Text or binary: binary proofs start with 'a' or 'd' followed by bytes
 * text never has. */
static bool is_binary(const unsigned char *p, size_t len) {
  for (size_t i = 0; i < len && i < 64; i++) {
    unsigned char ch = p[i];
    if (ch == 'c' && (i == 0 || p[i - 1] == '\n'))
      return false;
    if (ch == 'a')
      return true;
    if (!(ch == 'd' || ch == '-' || ch == ' ' || ch == '\t' || ch == '\n' ||
          ch == '\r' || (ch >= '0' && ch <= '9')))
      return true;
  }
  return false;
}

static bool read_text(reader *d, const unsigned char *p, size_t len,
                      sks_error *why) {
  size_t i = 0, start = 0;
  bool deletion = false, open = false;
  long long number = 0;
  while (i < len && !d->stopped) {
    unsigned char ch = p[i];
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
      i++;
      continue;
    }
    if (ch == 'c' && !open) {
      while (i < len && p[i] != '\n')
        i++;
      continue;
    }
    if (ch == 'd' && !open) {
      deletion = true;
      open = true;
      start = i++;
      continue;
    }
    if (!(ch == '-' || (ch >= '0' && ch <= '9'))) {
      sks_error_set(why, -1, number + 1, (long)i,
                    "byte %zu: unexpected '%c' in the proof", i,
                    ch >= 32 && ch < 127 ? ch : '?');
      return false;
    }
    if (!open) {
      open = true;
      start = i;
    }
    bool neg = ch == '-';
    if (neg)
      i++;
    long long v = 0;
    size_t digits = i;
    while (i < len && p[i] >= '0' && p[i] <= '9') {
      v = v * 10 + (p[i++] - '0');
      if (v > SKS_MAX_VAR) {
        sks_error_set(why, -1, number + 1, (long)digits,
                      "byte %zu: variable out of range", digits);
        return false;
      }
    }
    if (i == digits || (neg && v == 0) ||
        (i < len &&
         !(p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))) {
      sks_error_set(why, -1, number + 1, (long)digits,
                    "byte %zu: malformed literal in the proof", digits);
      return false;
    }
    if (v) {
      SKS_PUSH(d->lits, neg ? -(int)v : (int)v);
      continue;
    }
    if (!deletion)
      number++;
    bool failed = false;
    if (!hand(d, deletion, number, start, why, &failed) && failed)
      return false;
    deletion = open = false;
  }
  if (open && !d->stopped) {
    sks_error_set(why, -1, number + 1, (long)start,
                  "the proof is truncated: its last line (byte %zu) has no "
                  "closing 0",
                  start);
    return false;
  }
  return true;
}

static bool read_binary(reader *d, const unsigned char *p, size_t len,
                        sks_error *why) {
  size_t i = 0;
  long long number = 0;
  while (i < len && !d->stopped) {
    size_t start = i;
    unsigned char kind = p[i++];
    if (kind != 'a' && kind != 'd') {
      sks_error_set(why, -1, number + 1, (long)start,
                    "byte %zu: 0x%02x is neither 'a' nor 'd' (binary DRAT)",
                    start, kind);
      return false;
    }
    for (;;) {
      unsigned long long u = 0;
      int shift = 0;
      for (;;) {
        if (i >= len) {
          sks_error_set(why, -1, number + 1, (long)start,
                        "the proof is truncated inside the line at byte %zu",
                        start);
          return false;
        }
        unsigned char b = p[i++];
        u |= (unsigned long long)(b & 0x7f) << shift;
        if (!(b & 0x80))
          break;
        shift += 7;
        if (shift > 35 || u > 2ull * SKS_MAX_VAR + 1) {
          sks_error_set(why, -1, number + 1, (long)i,
                        "byte %zu: literal out of range", i);
          return false;
        }
      }
      if (!u)
        break;
      if (u < 2 || u > 2ull * SKS_MAX_VAR + 1) {
        sks_error_set(why, -1, number + 1, (long)i,
                      "byte %zu: literal out of range", i);
        return false;
      }
      int var = (int)(u >> 1);
      SKS_PUSH(d->lits, (u & 1) ? -var : var);
    }
    if (kind == 'a')
      number++;
    bool failed = false;
    if (!hand(d, kind == 'd', number, start, why, &failed) && failed)
      return false;
  }
  return true;
}

bool sks_drat_parse(const unsigned char *p, size_t len, sks_drat_line_fn *fn,
                    void *ctx, sks_error *why) {
  reader r = {.fn = fn, .ctx = ctx};
  bool ok = is_binary(p, len) ? read_binary(&r, p, len, why)
                              : read_text(&r, p, len, why);
  SKS_STACK_FREE(r.lits);
  return ok;
}
