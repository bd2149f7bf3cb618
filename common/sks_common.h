/* sudokusat common base: solve results, error reports, allocation and the
 * clock, shared by every part of the library and by its callers. */
#ifndef SKS_COMMON_H
#define SKS_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include "sks_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, "MAJOR.MINOR.PATCH": the one it was built as,
 * which a program compares with the SKS_VERSION it was compiled against
 * (sks_version.h) to catch a mismatched shared library. */
const char *sks_version(void);

/* Solve results, as picosat.h and every SAT solver report them. */
enum { SKS_UNKNOWN = 0, SKS_SAT = 10, SKS_UNSAT = 20 };

/* A diagnostic for bad input: position (1-based; 0 = none) and text.
 * The caller prefixes the file name. */
typedef struct sks_error {
  long line, col;
  char msg[256];
} sks_error;

/* Fill err (which may be NULL) and return `code`. */
int sks_error_set(sks_error *err, int code, long line, long col,
                  const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Allocation that cannot fail: on exhaustion a message goes to stderr and
 * the process exits with SKS_EXIT_MEMORY (the library cannot go on
 * without memory; the SAT libraries it links end the same way).  Free the
 * results with free(). */
void *sks_malloc(size_t bytes);
void *sks_calloc(size_t count, size_t size);
void *sks_realloc(void *p, size_t bytes);
char *sks_strdup(const char *s);

/* The index of name in names[0 .. count), or -1: the one way an option's
 * text becomes its enum value (every sks_*_parse uses it). */
int sks_name_index(const char *name, const char *const *names, int count);

/* The UTF-8 sequence at the start of text (NUL-terminated): its length,
 * 1 to 4, when it is well formed (RFC 3629: no overlong form, no
 * surrogate, nothing past U+10FFFF), else minus the count of bytes (1 to
 * 3) that stand for one U+FFFD (SKS_UTF8_REPLACEMENT), as Unicode's
 * substitution of maximal subparts counts them.  Writers of JSON and SVG
 * pass every string through it, so bytes that are not UTF-8 (a Latin-1
 * puzzle name) never make ill-formed output. */
int sks_utf8_length(const char *text);
#define SKS_UTF8_REPLACEMENT "\xEF\xBF\xBD"

/* A seed no earlier run is likely to have had: the clock's nanoseconds and
 * the process id, mixed, from 1 to 4294967295 (10 digits at most, easy to
 * give back as a seed). */
unsigned long long sks_seed_fresh(void);

/* Seconds since an arbitrary start, monotonic: the library's one clock. */
double sks_time(void);
/* Past a deadline on sks_time's clock; 0 is no deadline. */
static inline bool sks_past(double deadline) {
  return deadline > 0 && sks_time() > deadline;
}
/* Peak resident memory of the process in bytes (0 when unknown). */
size_t sks_peak_memory(void);
/* Bytes this process may use at most: the machine's physical memory, or
 * the address-space limit (ulimit -v) when that is lower. */
size_t sks_memory_available(void);
/* What the process must not leave behind when it ends early: temporary
 * files and the process groups of the programs it started, recorded under
 * one lock.  sks_cleanup_run (from a signal-handling thread, or on the way
 * out when memory ran out) kills every recorded group and removes every
 * recorded file; it keeps the lock, so a thread that then tries to record
 * something waits for the end of the process instead of starting it.
 * Not for a signal handler: call it from an ordinary thread. */
void sks_cleanup_run(void);
/* Starting a program: take the lock, start it, record its group, release
 * it, so no signal finds it started and unrecorded. */
void sks_cleanup_hold(void);
void sks_cleanup_release(void);
void sks_cleanup_add_group(long group); /* the lock may be held */
void sks_cleanup_forget_group(long group);
/* mkstemp(tmpl), recorded; the mode a new file gets under the umask when
 * user_mode, else 0600.  Returns the descriptor (close-on-exec) or -1. */
int sks_temp_create(char *tmpl, bool user_mode);
/* Forgets a temporary once it is renamed into place or removed. */
void sks_temp_forget(const char *path);
/* A template for a temporary beside path that fits the file system's name
 * limit: "path.XXXXXX", or "DIR/.sudokusat-XXXXXX" for a name within 7
 * bytes of NAME_MAX.  Free it with free(). */
char *sks_temp_beside(const char *path);

/* The process's exit status when an allocation of the library fails. */
enum { SKS_EXIT_MEMORY = 6 };

#ifdef __cplusplus
}
#endif
#endif
