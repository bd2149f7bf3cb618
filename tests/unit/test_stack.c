/* The growable array of common/stack_int.h: pushes keep every element
 * through the reallocations, the capacity starts at 16 and doubles, a
 * ceiling stops the doubling short of a size_t's end, and a need no
 * size_t can count ends the process with the out-of-memory status (6)
 * instead of wrapping to a small allocation. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "stack_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void pushes(void) {
  SKS_STACK(int) s = {0};
  for (int i = 0; i < 100000; i++)
    SKS_PUSH(s, i * 3);
  CHECK_EQ(s.n, 100000);
  CHECK_EQ(s.cap, 131072); /* 16 doubled, the first to hold them all */
  int same = 1;
  for (int i = 0; i < 100000; i++)
    same &= s.a[i] == i * 3;
  CHECK(same);
  SKS_STACK_FREE(s);
  CHECK(s.a == NULL && s.n == 0 && s.cap == 0);
}

static void reserve(void) {
  SKS_STACK(double) s = {0};
  size_t none = 0;
  SKS_STACK_RESERVE(s, none);
  CHECK(s.a == NULL && s.cap == 0); /* nothing asked, nothing made */
  SKS_STACK_RESERVE(s, 1);
  CHECK_EQ(s.cap, 16);
  double *a = s.a;
  SKS_STACK_RESERVE(s, 16);
  CHECK(s.a == a && s.cap == 16); /* room enough: untouched */
  SKS_STACK_RESERVE(s, 17);
  CHECK_EQ(s.cap, 32);
  SKS_STACK_RESERVE(s, 1000);
  CHECK_EQ(s.cap, 1024); /* one step, however far */
  SKS_STACK_FREE(s);
}

/* An array in fields of other names, its capacity doubled from what it
 * holds (not from 16). */
static void grow(void) {
  struct {
    long *v;
    size_t room;
  } f = {malloc(100 * sizeof(long)), 100};
  for (int i = 0; i < 100; i++)
    f.v[i] = i;
  SKS_GROW(f.v, f.room, 100);
  CHECK_EQ(f.room, 100);
  SKS_GROW(f.v, f.room, 101);
  CHECK_EQ(f.room, 200);
  CHECK(f.v[0] == 0 && f.v[99] == 99);
  unsigned char *bytes = NULL;
  size_t cap = 0;
  bytes = sks_stack_grow(bytes, &cap, 40000, 1);
  CHECK_EQ(cap, 65536);
  bytes[39999] = 1;
  free(bytes);
  free(f.v);
}

/* The rule alone, at the ends of size_t. */
static void ceiling(void) {
  CHECK_EQ(sks_stack_cap(0, 0, 4), 16);
  CHECK_EQ(sks_stack_cap(0, 17, 4), 32);
  CHECK_EQ(sks_stack_cap(48, 49, 4), 96);
  size_t most = SIZE_MAX / 8;
  /* Doubling would pass the most a size_t counts in bytes: it stops
   * there, never wraps to a small capacity. */
  CHECK(sks_stack_cap(most / 2 + 1, most / 2 + 2, 8) == most);
  CHECK(sks_stack_cap(16, most, 8) == most);
  CHECK(sks_stack_cap(16, SIZE_MAX, 1) == SIZE_MAX);
  CHECK(sks_stack_cap(16, 100, 0) == 128); /* no size: no ceiling */
}

/* A need past what size_t counts in bytes: status 6 in a child. */
static void too_big(void) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int *a = NULL;
    size_t cap = 0;
    close(2); /* the child's message is expected; keep the log clean */
    a = sks_stack_grow(a, &cap, SIZE_MAX / sizeof *a + 1, sizeof *a);
    _exit(a ? 0 : 1); /* not reached */
  }
  int status = 0;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == SKS_EXIT_MEMORY);
}

int main(void) {
  pushes();
  reserve();
  grow();
  ceiling();
  too_big();
  return check_report();
}
