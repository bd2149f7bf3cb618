/* Built as a file of author/ (tests/walls/run-walls.sh): solver/'s private
 * header is behind a wall, so this file must not compile. */
#include "solver_int.h"

int wall_probe_author(void);
int wall_probe_author(void) {
  return 0;
}
