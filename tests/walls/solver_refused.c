/* Built as a file of solver/ (tests/walls/run-walls.sh): formats/' private
 * header is behind a wall, so this file must not compile. */
#include "form_int.h"

int wall_probe_refused(void);
int wall_probe_refused(void) {
  return 0;
}
