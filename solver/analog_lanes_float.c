/* The rating's runs in vector lanes (analog_lanes_int.h), in single
 * precision: 8 lanes. */
#define _POSIX_C_SOURCE 200809L
#include "analog_int.h"
#include "require_int.h"

#include <stdlib.h>

#define LANES_FLOAT 1
#define LANES_FN(name) name##_float
#include "analog_lanes_int.h"
