/* What the process must not leave behind when it ends early (a signal,
 * memory running out): the temporary files it made and the process groups
 * of the programs it started, recorded under one lock. */
#define _POSIX_C_SOURCE 200809L
#include "memory_int.h"
#include "sks_common.h"
#include "stack_int.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct entry {
  char *path; /* a temporary file, or NULL */
  long group; /* a process group, or 0 */
} entry;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock;
static bool closing; /* the cleanup ran: the process is ending */
static entry *list;
static size_t count, room;

/* Recursive: memory running out while the lock is held (status 6 runs the
 * cleanup in the same thread) must not deadlock. */
static void init(void) {
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&lock, &attr);
  pthread_mutexattr_destroy(&attr);
  sks_out_of_memory_hook(sks_cleanup_run);
}

static void take(void) {
  pthread_once(&once, init);
  pthread_mutex_lock(&lock);
}

void sks_cleanup_hold(void) {
  take();
  /* The cleanup keeps the lock: a thread that comes here after it waits
   * for the end of the process instead of starting something new. */
}

void sks_cleanup_release(void) {
  pthread_mutex_unlock(&lock);
}

/* Appends under the lock; grows before it is needed, so that the
 * allocation fails (status 6) before anything is unrecorded.  The room
 * grows by stack_int.h's rule, the allocation is its own: a failure
 * frees path and names the list. */
static void add(char *path, long group) {
  if (count == room) {
    size_t n = sks_stack_cap(room, count + 1, sizeof *list);
    entry *grown = realloc(list, n * sizeof *grown);
    if (!grown) {
      free(path);
      sks_out_of_memory("the cleanup list", n * sizeof *grown);
    }
    list = grown;
    room = n;
  }
  list[count].path = path;
  list[count].group = group;
  count++;
}

void sks_cleanup_add_group(long group) {
  take();
  add(NULL, group);
  pthread_mutex_unlock(&lock);
}

void sks_cleanup_forget_group(long group) {
  take();
  for (size_t i = 0; i < count; i++)
    if (!list[i].path && list[i].group == group) {
      list[i] = list[--count];
      break;
    }
  pthread_mutex_unlock(&lock);
}

void sks_temp_forget(const char *path) {
  take();
  for (size_t i = 0; i < count; i++)
    if (list[i].path && !strcmp(list[i].path, path)) {
      free(list[i].path);
      list[i] = list[--count];
      break;
    }
  pthread_mutex_unlock(&lock);
}

int sks_temp_create(char *tmpl, bool user_mode) {
  char *copy = strdup(tmpl);
  if (!copy)
    sks_out_of_memory(NULL, strlen(tmpl) + 1);
  take();
  int fd = mkstemp(tmpl);
  if (fd >= 0) {
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (user_mode) {
      /* the mode a new file of the user's gets (umask is process-wide:
       * read it under the lock every creation here takes) */
      mode_t mask = umask(0);
      umask(mask);
      fchmod(fd, 0666 & ~mask);
    }
    memcpy(copy, tmpl, strlen(tmpl) + 1);
    add(copy, 0);
  } else
    free(copy);
  pthread_mutex_unlock(&lock);
  return fd;
}

char *sks_temp_beside(const char *path) {
  size_t len = strlen(path);
  char *tmpl = malloc(len + 32);
  if (!tmpl)
    sks_out_of_memory(NULL, len + 32);
  const char *slash = strrchr(path, '/');
  size_t dir = slash ? (size_t)(slash - path) + 1 : 0;
  /* "NAME.XXXXXX" when it fits the file system's name limit, else a
   * short hidden name in the same directory */
  if (len - dir + 7 <= NAME_MAX)
    snprintf(tmpl, len + 32, "%s.XXXXXX", path);
  else
    snprintf(tmpl, len + 32, "%.*s.sudokusat-XXXXXX", (int)dir, path);
  return tmpl;
}

void sks_cleanup_run(void) {
  take();
  closing = true;
  for (size_t i = 0; i < count; i++) {
    if (list[i].group > 0)
      kill(-(pid_t)list[i].group, SIGKILL);
    if (list[i].path)
      unlink(list[i].path);
  }
  count = 0;
  /* The lock stays taken: nothing new starts (see sks_cleanup_hold). */
}
