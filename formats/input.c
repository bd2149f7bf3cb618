/* Buffered byte input from a file, standard input or memory; gzip is
 * recognised by its magic bytes and inflated through zlib. */
#define _DEFAULT_SOURCE /* FIONREAD */
#define _POSIX_C_SOURCE 200809L
#include "input_int.h"
#include "stack_int.h"
#include "text_int.h"

#include <errno.h>
#include <string.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

enum { BUFFER = 1 << 16 };

static sks_input *input_alloc(const char *name) {
  sks_input *in = sks_calloc(1, sizeof *in);
  in->name = sks_strdup(name);
  in->size = -1;
  in->fd = -1;
  in->slow = sks_input_getc;
  return in;
}

void sks_input_set_deadline(sks_input *in, double deadline) {
  in->deadline = deadline;
}

bool sks_input_timed_out(const sks_input *in) {
  return in->timed_out;
}

/* Past the deadline, or (for input that may block) no byte before it. */
static bool out_of_time(sks_input *in) {
  if (in->deadline <= 0)
    return false;
  double left = in->deadline - sks_time();
  if (left > 0 && in->waits) {
    struct pollfd p = {in->fd, POLLIN, 0};
    int r;
    while ((r = poll(&p, 1, (int)(left * 1000) + 1)) < 0 && errno == EINTR)
      left = in->deadline - sks_time();
    if (r != 0)
      return false;
    left = 0;
  }
  if (left > 0)
    return false;
  in->timed_out = in->eof = true;
  return true;
}

sks_input *sks_input_open(const char *path, sks_error *err) {
  bool is_stdin = !strcmp(path, "-");
  int fd = is_stdin ? dup(STDIN_FILENO) : open(path, O_RDONLY);
  if (fd < 0) {
    sks_error_set(err, -1, 0, 0, "cannot open: %s", strerror(errno));
    return NULL;
  }
  struct stat st;
  bool regular = false;
  if (fstat(fd, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      close(fd);
      sks_error_set(err, -1, 0, 0, "cannot open: is a directory");
      return NULL;
    }
    regular = S_ISREG(st.st_mode);
  }
  /* zlib reads gzip by its magic bytes and anything else as it is. */
  gzFile gz = gzdopen(fd, "rb");
  if (!gz) {
    close(fd);
    sks_error_set(err, -1, 0, 0, "cannot open: out of memory");
    return NULL;
  }
  gzbuffer(gz, BUFFER);
  sks_input *in = input_alloc(is_stdin ? "<stdin>" : path);
  in->gz = gz;
  in->fd = fd;
  in->waits = !regular;
  in->buf = sks_malloc(BUFFER);
  in->data = in->buf;
  if (regular)
    in->size = (long long)st.st_size;
  return in;
}

sks_input *sks_input_memory(const void *data, size_t len) {
  sks_input *in = input_alloc("<memory>");
  in->mem = in->data = data;
  in->len = len;
  in->size = (long long)len;
  return in;
}

void sks_input_close(sks_input *in) {
  if (!in)
    return;
  if (in->gz)
    gzclose(in->gz);
  free(in->buf);
  free(in->name);
  free(in);
}

const char *sks_input_name(const sks_input *in) {
  return in->name;
}
bool sks_input_failed(const sks_input *in) {
  return in->failed;
}
long long sks_input_size(const sks_input *in) {
  return in->size;
}

long long sks_input_offset(const sks_input *in) {
  if (in->gz)
    return (long long)gzoffset(in->gz);
  return in->consumed + (long long)in->pos;
}

static bool refill(sks_input *in) {
  if (in->eof || in->mem)
    return false;
  in->consumed += (long long)in->len;
  in->pos = in->len = 0;
  if (out_of_time(in))
    return false;
  /* Under a deadline a pipe is asked for what it holds, so that zlib does
   * not wait to fill the whole buffer (plain input; gzip fills its own). */
  unsigned want = BUFFER;
  int ready = 0;
  if (in->waits && in->deadline > 0 && !ioctl(in->fd, FIONREAD, &ready) &&
      ready > 0 && ready < BUFFER)
    want = (unsigned)ready;
  int got = gzread(in->gz, in->buf, want);
  if (got < 0) {
    in->failed = true;
    got = 0;
  }
  in->len = (size_t)got;
  if (!in->len) {
    in->eof = true;
    /* A truncated gzip stream ends "normally" with Z_BUF_ERROR. */
    int code = Z_OK;
    gzerror(in->gz, &code);
    if (code != Z_OK && code != Z_STREAM_END)
      in->failed = true;
  }
  return in->len > 0;
}

size_t sks_input_peek(sks_input *in, const unsigned char **bytes) {
  *bytes = NULL;
  if (in->npushed)
    return 0;
  if (in->pos == in->len && !refill(in))
    return 0;
  *bytes = in->data + in->pos;
  return in->len - in->pos;
}

int sks_input_getc(sks_input *in) {
  if (in->npushed)
    return in->pushed[--in->npushed];
  if (in->pos == in->len && !refill(in))
    return EOF;
  return in->data[in->pos++];
}

void sks_input_ungetc(sks_input *in, int ch) {
  if (ch != EOF && in->npushed < (int)(sizeof in->pushed / sizeof *in->pushed))
    in->pushed[in->npushed++] = ch;
}

const char *sks_describe_char(int ch, char *buf) {
  if (ch == EOF)
    return "end of input";
  if (ch == '\n')
    return "end of line";
  if (ch == ' ' || ch == '\t')
    return "a space";
  sks_describe_byte(buf, 16, ch);
  return buf;
}

void sks_describe_byte(char *buf, size_t size, int ch) {
  if (ch > ' ' && ch < 127)
    snprintf(buf, size, "'%c'", ch);
  else
    snprintf(buf, size, "byte 0x%02X", (unsigned)ch & 0xffu);
}
