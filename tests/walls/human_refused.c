/* Built as a file of human/ (tests/walls/run-walls.sh): canonical forms'
 * private header is behind a wall, so this file must not compile. */
#include "canon_int.h"

int wall_probe_human(void);
int wall_probe_human(void) {
  return 0;
}
