/* sudokusat analog solver (placeholder, being written). */
#ifndef SKS_ANALOG_H
#define SKS_ANALOG_H
#include "sks_solver.h"
#endif
