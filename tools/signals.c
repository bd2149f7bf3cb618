/* Signals, one way for the whole program: every catchable signal that ends
 * a process is blocked in every thread from the start of main and taken by
 * one thread (sigwait), which runs sks_cleanup_run (external solvers and
 * temporary files) and then ends the process by the same signal.  SIGPIPE,
 * which a write raises in the writing thread, is handed to that thread;
 * SIGXFSZ is ignored, so a file past `ulimit -f` is a write error. */
#define _POSIX_C_SOURCE 200809L
#include "app_int.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

const char *volatile app_temp_name;

static const int ending[] = {SIGINT,  SIGTERM, SIGHUP,    SIGQUIT, SIGALRM,
                             SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU};
static sigset_t waited;
static int pipe_signal; /* SIGPIPE passed on as this one */

/* Ends the process by sig, as it would have without the tool's help. */
static void end_by(int sig) {
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigaction(sig, &dfl, NULL);
  sigset_t one;
  sigemptyset(&one);
  sigaddset(&one, sig);
  pthread_sigmask(SIG_UNBLOCK, &one, NULL);
  raise(sig);
  _exit(128 + sig);
}

static void *watch(void *arg) {
  (void)arg;
  for (;;) {
    int sig;
    if (sigwait(&waited, &sig))
      continue;
    if (sig == pipe_signal)
      sig = SIGPIPE;
    sks_cleanup_run();
    end_by(sig);
  }
  return NULL;
}

/* A write to a closed pipe: the writing thread passes it on and waits
 * there, so nothing more is written or reported before the end. */
static void on_pipe(int sig) {
  (void)sig;
  kill(getpid(), pipe_signal);
  for (;;)
    pause();
}

void app_catch_signals(void) {
  sigemptyset(&waited);
  /* A signal ignored when the tool started (nohup, a shell's background
   * job) stays ignored. */
  for (size_t i = 0; i < sizeof ending / sizeof *ending; i++) {
    struct sigaction was;
    if (!sigaction(ending[i], NULL, &was) && was.sa_handler != SIG_IGN)
      sigaddset(&waited, ending[i]);
  }
  pipe_signal = SIGRTMIN;
  sigaddset(&waited, pipe_signal);
  sigset_t old;
  pthread_sigmask(SIG_BLOCK, &waited, &old);
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, 1 << 16);
  int started = pthread_create(&t, &attr, watch, NULL);
  pthread_attr_destroy(&attr);
  if (started) { /* no thread: the signals keep their default actions */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    signal(SIGPIPE, SIG_DFL);
    return;
  }
  /* A filter ends when its reader goes away (sudokusat solve big | head):
   * SIGPIPE ends it quietly even when the parent left it ignored or
   * blocked (a JVM, say), instead of solving on into a closed pipe. */
  struct sigaction pipe_action;
  memset(&pipe_action, 0, sizeof pipe_action);
  pipe_action.sa_handler = on_pipe;
  sigfillset(&pipe_action.sa_mask);
  sigaction(SIGPIPE, &pipe_action, NULL);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGPIPE);
  sigaddset(&unblock, SIGXFSZ);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  signal(SIGXFSZ, SIG_IGN);
}
