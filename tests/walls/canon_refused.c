/* Built as a file of canon/ (tests/walls/run-walls.sh): the human solver's
 * private header is behind a wall, so this file must not compile. */
#include "human_int.h"

int wall_probe_canon(void);
int wall_probe_canon(void) {
  return 0;
}
