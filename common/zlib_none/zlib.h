/* Private: the gz* calls of zlib the library makes, for a build without
 * zlib (-DSKS_WITH_ZLIB=OFF, the WebAssembly module): plain files are read
 * and written as they are; gzip input (its magic bytes) is refused and
 * gzip output cannot be opened (common/zlib_none.c).  Only what the
 * library uses is here. */
#ifndef SKS_ZLIB_NONE_H
#define SKS_ZLIB_NONE_H

enum {
  Z_OK = 0,
  Z_STREAM_END = 1,
  Z_ERRNO = -1,
  Z_DATA_ERROR = -3,
  Z_BUF_ERROR = -5
};

typedef struct gzFile_s *gzFile;

/* "w" modes fail (errno ENOSYS): this build writes no gzip. */
gzFile gzdopen(int fd, const char *mode);
gzFile gzopen(const char *path, const char *mode);
int gzbuffer(gzFile f, unsigned size);
/* -1 at gzip's magic bytes: gzerror then says that this build reads no
 * gzip. */
int gzread(gzFile f, void *buf, unsigned len);
int gzgetc(gzFile f);
int gzwrite(gzFile f, const void *buf, unsigned len);
long long gzoffset(gzFile f);
const char *gzerror(gzFile f, int *errnum);
int gzclose(gzFile f);

#endif
