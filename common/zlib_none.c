/* zlib's gz* calls over plain files, for a build without zlib
 * (zlib_none/zlib.h): the bytes as they are, gzip refused. */
#define _POSIX_C_SOURCE 200809L
#include "sks_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

struct gzFile_s {
  int fd;
  int err; /* Z_OK, Z_ERRNO, Z_DATA_ERROR */
  long long offset;
};

static const char NO_GZIP[] =
    "gzip input, and this build reads no gzip (it has no zlib: the "
    "WebAssembly module): gunzip it first or use the command line";

gzFile gzdopen(int fd, const char *mode) {
  if (fd < 0)
    return NULL;
  if (strchr(mode, 'w') || strchr(mode, 'a')) {
    errno = ENOSYS;
    return NULL;
  }
  gzFile f = sks_calloc(1, sizeof *f);
  f->fd = fd;
  return f;
}

gzFile gzopen(const char *path, const char *mode) {
  if (strchr(mode, 'w') || strchr(mode, 'a')) {
    errno = ENOSYS;
    return NULL;
  }
  int fd = open(path, O_RDONLY);
  gzFile f = gzdopen(fd, mode);
  if (!f && fd >= 0)
    close(fd);
  return f;
}

int gzbuffer(gzFile f, unsigned size) {
  (void)f;
  (void)size;
  return 0;
}

int gzread(gzFile f, void *buf, unsigned len) {
  if (f->err != Z_OK)
    return -1;
  unsigned char *b = buf;
  size_t got = 0;
  /* At the start, two bytes (or the end) before gzip's magic is judged. */
  do {
    ssize_t r = read(f->fd, b + got, len - got);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0) {
      f->err = Z_ERRNO;
      return -1;
    }
    if (r == 0)
      break;
    got += (size_t)r;
  } while (f->offset == 0 && got < 2 && got < len);
  if (f->offset == 0 && got >= 2 && b[0] == 0x1f && b[1] == 0x8b) {
    f->err = Z_DATA_ERROR;
    errno = ENOSYS;
    return -1;
  }
  f->offset += (long long)got;
  return (int)got;
}

int gzgetc(gzFile f) {
  unsigned char ch[2];
  if (f->offset == 0) { /* two bytes for the magic: one put back */
    int n = gzread(f, ch, 2);
    if (n <= 0)
      return -1;
    if (n == 2 && lseek(f->fd, -1, SEEK_CUR) < 0) {
      f->err = Z_ERRNO;
      return -1;
    }
    f->offset = 1;
    return ch[0];
  }
  return gzread(f, ch, 1) == 1 ? ch[0] : -1;
}

int gzwrite(gzFile f, const void *buf, unsigned len) {
  (void)f;
  (void)buf;
  (void)len;
  errno = ENOSYS;
  return 0;
}

long long gzoffset(gzFile f) {
  return f->offset;
}

const char *gzerror(gzFile f, int *errnum) {
  if (errnum)
    *errnum = f->err;
  return f->err == Z_DATA_ERROR ? NO_GZIP
         : f->err == Z_ERRNO    ? strerror(errno)
                                : "";
}

int gzclose(gzFile f) {
  if (!f)
    return Z_OK;
  int rc = close(f->fd) ? Z_ERRNO : Z_OK;
  free(f);
  return rc;
}
