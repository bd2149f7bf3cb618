/* Built as a file of solver/ (tests/walls/run-walls.sh): the headers its
 * part may see, its own private one and encoder/'s interface, are found. */
#include "eo.h"
#include "solver_int.h"
#include "sudokusat.h"

int wall_probe_own(void);
int wall_probe_own(void) {
  return SKS_MAX_BACKENDS;
}
