/* The single-precision lanes (analog_lanes_int.h) one lane wide: where a
 * rating's last runs are finished alone, on the trajectory they had in
 * the 16 lanes, bit for bit. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"
#include "require_int.h"

#include <stdlib.h>

#define LANES_FLOAT 1
#define LANES_BYTES 4
#define LANES_FN(name) name##_float1
#include "analog_lanes_int.h"
