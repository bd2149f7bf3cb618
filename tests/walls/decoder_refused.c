/* Built as a file of decoder/ (tests/walls/run-walls.sh): encoder/'s
 * private header is behind a wall (its interface headers are in
 * encoder/interface), so this file must not compile. */
#include "encode_int.h"

int wall_probe_refused(void);
int wall_probe_refused(void) {
  return 0;
}
