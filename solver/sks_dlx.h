/* sudokusat DLX: dancing links exact cover (placeholder, being written). */
#ifndef SKS_DLX_H
#define SKS_DLX_H
#include "sks_solver.h"
#endif
